"""The dos paños' chart: what the banker's drawing and standing are worth, by what the two paños show.

The banker of the dos paños plays one hand against both paños and sees, of
each, whether it showed a natural, stood, or which third card it drew. The
chart takes one of his totals (five by default) and what the first paño
shows, and draws for everything the second paño may show the banker's exact
expectation if he draws and if he stands, with one unit staked on each paño,
against the paños' conduct on five the reader picks (the croupier's advice,
or the game's solution). The values are the engine's enumeration of the
totals model (`dos_panos_tables`, cards dealt with replacement: the odds
widget's model), before the cagnotte; the enumeration takes seconds, so the
values are shipped precomputed (`dos-panos-banker`).

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "dos-panos", "chart": "banker"}, "en")
    >>> html.count('data-naipes-series="draw"')
    12
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from ....core.i18n import N_
from ....core.precomputed import generator, load
from ....web.charts import ChartKind, Control, Series, bar_chart, register_charts
from ....web.html import t
from .coup import NATURAL, PANO_STATES, joint_mix
from .rules import DosPanosRules
from .solution import model_tables
from .widgets import DOS_PANOS, GAME, _solution

DATA = "dos-panos-banker"
#: The paños' conduct on five: the croupier's advice (they stand) or the game's solution (their optimal joint mix).
CONDUCTS = {"sources": N_("stand (the croupier's advice)"), "optimal": N_("mix optimally")}
#: What the banker may see of a paño, as the chart's controls and categories name it.
SHOWN = tuple("stood" if s is None else str(s) for s in PANO_STATES)


def _free_totals() -> tuple[str, ...]:
    drawing = DOS_PANOS.presets.default.drawing
    return tuple(str(total) for total in range(8) if not drawing.banker_forced(total))


def _banker_values(rules: DosPanosRules, conduct: str) -> dict[tuple, tuple[Fraction, Fraction]]:
    """The banker's expectation (draw, stand) in each cell he can reach, with a unit on each paño, before the cagnotte.

    A cell is `(his total, paño 1's state, paño 2's state)` (`coup.CELLS`); the
    paños follow `conduct` on five ("sources": the advice, or "optimal"). The enumeration
    (seconds) is cached by `model_tables`.
    """
    tables = model_tables("totals", 1, rules)
    mix = _solution(rules).q if conduct == "optimal" else joint_mix("advice", rules.drawing)
    out = {}
    for cell in tables.cells[0]:
        reached = sum(q * sum(tables.cells[s][cell][0][:3]) for s, q in enumerate(mix))
        if not reached:
            continue

        def banker(action: int) -> Fraction:  # the banker wins what each paño loses, per unit on each
            return sum((q * (v[1] - v[0] + v[4] - v[3]) for s, q in enumerate(mix)
                        for v in (tables.cells[s][cell][action],)), Fraction(0)) / reached
        out[cell] = (banker(1), banker(0))
    return out


@generator(DATA)
def _every_preset() -> dict:
    """Each preset's values; presets whose values are the same share them."""
    shared: list[dict] = []
    presets = {}
    for name, rules in DOS_PANOS.presets.items():
        values: dict = {}
        for conduct in CONDUCTS:
            found = _banker_values(rules, conduct)
            values[conduct] = {
                f"{total}:{SHOWN[i]}": [None if (total, first, second) not in found else
                                        [str(v) for v in found[(total, first, second)]] for second in PANO_STATES]
                for total in map(int, _free_totals()) for i, first in enumerate(PANO_STATES)}
        if values not in shared:
            shared.append(values)
        presets[name] = shared.index(values)
    return {"presets": presets, "values": shared}


def shipped_values(preset: str, conduct: str, total: int, first: str) -> list[tuple[Fraction, Fraction] | None]:
    """The chart's values: for each state of the second paño (`PANO_STATES`), the banker's (draw, stand) or `None`.

    Examples:
        >>> values = shipped_values("cat-2016", "sources", 5, "stood")
        >>> len(values), values[0] is not None
        (12, True)
    """
    data = load(DATA)
    row = data["values"][data["presets"][preset]][conduct][f"{total}:{first}"]
    return [None if pair is None else (Fraction(pair[0]), Fraction(pair[1])) for pair in row]


def _shown_text(value: str, lang: str) -> str:
    if value == NATURAL:
        return t(N_("showed a natural"), lang)
    if value == "stood":
        return t(N_("stood without a third card"), lang)
    return t(N_("drew a {card}"), lang).format(card=value)


def _category(value: str, lang: str) -> str:
    return t(N_("natural"), lang) if value == NATURAL else t(N_("stood"), lang) if value == "stood" else value


def _conduct_text(value: str, lang: str) -> str:
    return t(CONDUCTS[value], lang)


def _draw_banker(choices: Mapping[str, str], game: str, lang: str) -> str:
    preset = DOS_PANOS.presets.default.name
    total, first, conduct = int(choices["total"]), choices["first"], choices["opponent"]
    values = shipped_values(preset, conduct, total, first)
    series = [Series("draw", t(N_("The banker draws"), lang), tuple(None if v is None else v[0] for v in values)),
              Series("stand", t(N_("The banker stands"), lang), tuple(None if v is None else v[1] for v in values))]
    title = t(N_("The banker on {total} when the first paño {shown}: drawing or standing, by the second paño"),
              lang).format(total=total, shown=_shown_text(first, lang))
    desc = t(N_("Two bars for each thing the second paño may show (a natural, standing, or a third card from 0 to "
                "9): the banker's exact expectation, with one unit staked on each paño and before the cagnotte, if "
                "he draws and if he stands, in the totals model (cards dealt with replacement) of preset {preset}, "
                "when the paños with 5 {conduct}. The longer bar to the right is the better choice; a case that "
                "cannot happen has no bars."), lang).format(preset=t(DOS_PANOS.presets.title(preset), lang),
                                                      conduct=_conduct_text(conduct, lang))
    return bar_chart(title, desc, [_category(s, lang) for s in SHOWN], series, lang, name="banker", unit="decimal",
                     digits=4, horizontal=True, axis_label=t(N_("The banker's expectation"), lang),
                     head=t(N_("The second paño"), lang))


register_charts((GAME,), {"banker": ChartKind(_draw_banker, {
    "total": Control(N_("Banker's total"), _free_totals(), default="5"),
    "first": Control(N_("The first paño"), SHOWN, _shown_text, default="stood"),
    "opponent": Control(N_("The paños with 5"), tuple(CONDUCTS), _conduct_text)})})
