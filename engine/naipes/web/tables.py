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
from ..core.model import PresetBook, Report, Rules
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


def presets_table(caption: str, presets: Sequence[Rules], lang: str, book: PresetBook, anchor: str,
                  attributes: str = "") -> str:
    """Presets side by side (one property per row, from each rules object's `describe`), then their interpretations.

    Every cell an interpretation decides carries a numbered mark linking to it (`Rules.interpreted_rows`);
    an interpretation of the preset as a whole is marked on its column's heading. `anchor` starts the ids of
    the list's items: unique on the page.

    Examples:
        >>> from naipes.games.baccarat.punto_banca.rules import PRESETS
        >>> html = presets_table("Presets", list(PRESETS.values()), "en", PRESETS, "t")
        >>> deals = html[html.index('<tr data-naipes-row="deals">'):].split("</tr>")[0]
        >>> deals.count('class="naipes-mark"'), '<a class="naipes-mark" href="#t-11" aria-label="Interpretation 11">11</a>' in deals
        (1, True)
    """
    columns = [rules.describe(lang) for rules in presets]
    numbers: dict[str, int] = {}
    for rules in presets:
        for message in rules.interpretations:
            numbers.setdefault(message, len(numbers) + 1)
    label = t(N_("Interpretation {number}"), lang)

    def marks(found: Sequence[str]) -> str:
        links = "".join(f'<a class="naipes-mark" href="#{escape(anchor)}-{numbers[m]}" '
                        f'aria-label="{escape(label.format(number=numbers[m]))}">{numbers[m]}</a>' for m in found)
        return f'<span class="naipes-marks">{links}</span>' if links else ""

    cell_marks: list[dict[str, list[str]]] = []
    head_marks: list[list[str]] = []
    for rules in presets:
        by_row: dict[str, list[str]] = {}
        whole: list[str] = []
        for message in rules.interpretations:
            decided = rules.interpreted_rows(message, presets)
            for row in decided:
                by_row.setdefault(row, []).append(message)
            if not decided:
                whole.append(message)
        cell_marks.append(by_row)
        head_marks.append(whole)
    head = "".join(
        f'<th scope="col" data-naipes-preset="{escape(r.name)}">{escape(t(book.title(r.name), lang))}'
        f'{marks(head_marks[c])}</th>' for c, r in enumerate(presets))
    rows = "".join(
        f'<tr data-naipes-row="{escape(prop.key)}"><th scope="row">{escape(t(prop.label, lang))}</th>'
        + "".join(f"<td>{escape(column[i].value)}{marks(cell_marks[c].get(prop.key, []))}</td>"
                  for c, column in enumerate(columns)) + "</tr>"
        for i, prop in enumerate(columns[0]))
    table_html = (f'<div class="naipes-scroll"><table class="naipes-table"{attributes}>'
                  f'<caption>{escape(caption)}</caption>'
                  f'<thead><tr><th scope="col"></th>{head}</tr></thead><tbody>{rows}</tbody></table></div>')
    if not numbers:
        return table_html
    options = tuple(option for rules in presets for option in rules.OPTIONS)  # the family's tables mix games
    items = "".join(
        f'<li id="{escape(anchor)}-{n}"><strong>'
        f'{escape("; ".join(t(book.title(r.name), lang) for r in presets if m in r.interpretations))}</strong>: '
        f"{prose(t(m, lang), lang, options)}</li>" for m, n in numbers.items())
    legend = t(N_("A number in a cell or heading marks what the engine chose where the source is silent or "
                  "unclear, and links to the interpretation below; a value without a number is the source's."), lang)
    title = t(N_("Interpretations"), lang)
    return (table_html + f'<p class="naipes-note">{escape(legend)}</p>'
            f'<p class="naipes-note"><strong>{escape(title)}</strong></p>'
            f'<ol class="naipes-note naipes-interpretations">{items}</ol>')
