"""Siete y medio's chart: the chance of going over 7½ with the next card, by the hand's total.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "siete-y-medio", "chart": "bust"}, "en")
    >>> html.count('data-naipes-series="full-deck"')
    15
"""

from __future__ import annotations

from typing import Mapping

from ...core.i18n import N_
from ...web.charts import ChartKind, Series, bar_chart, register_charts
from ...web.html import t
from . import SIETE_Y_MEDIO
from .analysis import fast_report
from .values import DECK_SIZE, format_total, full_composition
from .widgets import GAMES


def _draw_bust(choices: Mapping[str, str], game: str, lang: str) -> str:
    report = fast_report(SIETE_Y_MEDIO.presets.default, full_composition())
    rows = report.extra["bust_next_card"]  # type: ignore[index]
    series = [Series("full-deck", t(N_("Next card from the full deck"), lang), tuple(r.full_deck for r in rows)),
              Series("one-card", t(N_("Next card once that single card is out"), lang),
                     tuple(r.one_card for r in rows))]
    title = t(N_("Chance of going over 7½ with the next card, by total"), lang)
    desc = t(N_("Two bars per total from ½ to 7½: the next card drawn from the full {cards}-card baraja, and from the "
                "baraja without the one card a one-card hand holds (no bar where no single card makes that "
                "total)."), lang).format(cards=DECK_SIZE)
    return bar_chart(title, desc, [format_total(r.total) for r in rows], series, lang, name="bust", digits=2,
                     axis_label=t(N_("Total"), lang))


register_charts(GAMES, {"bust": ChartKind(_draw_bust)})
