"""Chemin de fer's chart: what the banker's drawing and standing are worth, by the punto's third card.

The banker chooses on the totals his rules leave free; the chart takes one of
them (five, where the choice is closest, by default) and draws, for every
card the punto may have drawn (or his standing), the banker's exact
expectation per unit staked if he draws and if he stands, against the punto's
conduct the reader picks — the values the coup widget's advice uses.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "chemin-de-fer", "chart": "banker"}, "en")
    >>> html.count('data-naipes-series="draw"')
    11
"""

from __future__ import annotations

from typing import Mapping

from ....core.i18n import N_
from ....web.charts import ChartKind, Control, Series, bar_chart, register_charts
from ....web.html import t
from ..kernel import BANKER
from . import CHEMIN_DE_FER
from .decisions import OPPONENTS, decision_values
from .widgets import GAME, OPPONENT_LABELS


def _free_totals() -> tuple[str, ...]:
    drawing = CHEMIN_DE_FER.presets.default.drawing
    return tuple(str(total) for total in range(8) if not drawing.banker_forced(total))


def _opponent_text(value: str, lang: str) -> str:
    return t(dict(OPPONENT_LABELS[BANKER])[value], lang)


def _draw_banker(choices: Mapping[str, str], game: str, lang: str) -> str:
    preset = CHEMIN_DE_FER.presets.default.name
    total, opponent = int(choices["total"]), choices["opponent"]
    thirds = (None, *range(10))
    values = [decision_values(preset, BANKER, opponent, total, third) for third in thirds]
    series = [Series("draw", t(N_("The banker draws"), lang), tuple(v.draw for v in values)),
              Series("stand", t(N_("The banker stands"), lang), tuple(v.stand for v in values))]
    stood = t(N_("stood"), lang)
    title = t(N_("The banker on {total}: drawing or standing, by the punto's third card"), lang).format(total=total)
    desc = t(N_("Two bars per case (the punto stood, or drew a card from 0 to 9): the banker's exact expectation per "
                "unit staked if he draws and if he stands, from a full shoe of preset {preset}, when {opponent}. The "
                "higher bar is the better choice."), lang).format(preset=t(CHEMIN_DE_FER.presets.title(preset), lang), opponent=_opponent_text(opponent, lang))
    return bar_chart(title, desc, [stood] + [str(v) for v in range(10)], series, lang, name="banker", unit="decimal",
                     digits=4, axis_label=t(N_("The punto's third card"), lang))


register_charts((GAME,), {"banker": ChartKind(_draw_banker, {
    "total": Control(N_("Banker's total"), _free_totals(), default="5"),
    "opponent": Control(N_("The punto"), OPPONENTS, _opponent_text)})})
