"""Tables generated from the engine's objects: an exact analysis's report, and presets side by side.

Examples:
    >>> from fractions import Fraction
    >>> from naipes.core.model import Line, Report
    >>> html = report_table(Report((Line("tie", "Tie", Fraction(1, 10), Fraction(1, 5)),)), "Odds", "en")
    >>> '<td data-naipes-exact="1/10">10.0000%</td>' in html
    True
"""

from __future__ import annotations

from typing import Sequence

from ..core.formatting import percent
from ..core.i18n import N_
from ..core.model import Report, Rules
from .escaping import escape
from .html import exact, prose, t, table

REPORT_HEADERS = (N_("Bet"), N_("Probability of winning"), N_("House edge"))


def report_table(report: Report, caption: str, lang: str, headers: Sequence[str] = REPORT_HEADERS,
                 no_edge: str = N_("no bet is paid on it")) -> str:
    """An exact analysis as a table: one row per line, its probability and the house edge (exact in attributes)."""
    rows = []
    for line in report.lines:
        cells = []
        for value in (line.probability, line.house_edge):
            if value is None:
                cells.append(f"<td>{escape(t(no_edge, lang))}</td>")
            else:
                cells.append(f"<td{exact(value)}>{escape(percent(value, lang, 4))}</td>")
        rows.append(f'<tr data-naipes-bet="{escape(line.key)}"><th scope="row">{escape(t(line.label, lang))}</th>'
                    f'{"".join(cells)}</tr>')
    return table(caption, [t(h, lang) for h in headers], rows)


def presets_table(caption: str, presets: Sequence[Rules], lang: str, attributes: str = "") -> str:
    """Presets side by side, one property per row, generated from each rules object's `describe`."""
    columns = [rules.describe(lang) for rules in presets]
    head = "".join(f'<th scope="col" data-naipes-preset="{escape(r.name)}"><code>{escape(r.name)}</code></th>'
                   for r in presets)
    rows = "".join(
        f'<tr data-naipes-row="{escape(prop.key)}"><th scope="row">{escape(t(prop.label, lang))}</th>'
        + "".join(f"<td>{escape(column[i].value)}</td>" for column in columns) + "</tr>"
        for i, prop in enumerate(columns[0]))
    return (f'<div class="naipes-scroll"><table class="naipes-table"{attributes}><caption>{escape(caption)}</caption>'
            f'<thead><tr><th scope="col"></th>{head}</tr></thead><tbody>{rows}</tbody></table></div>')


def interpretations(items: Sequence[tuple[str, str]], lang: str) -> str:
    """The interpretations of presets as a list: (label, msgid) pairs."""
    notes = "".join(f"<li>{escape(label)}: {prose(t(message, lang))}</li>" for label, message in items)
    title = t(N_("Interpretations"), lang)
    return f'<p class="naipes-note"><strong>{escape(title)}</strong></p><ul class="naipes-note">{notes}</ul>'
