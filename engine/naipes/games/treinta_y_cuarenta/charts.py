"""Treinta y Cuarenta's charts: a row's final total (31 to 40), and how a coup ends by the cards left.

Both read the odds the site ships for 6, 7 and 8 decks (`site_odds`).

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "treinta-y-cuarenta", "chart": "row-totals"}, "en")
    >>> html.count('data-naipes-series="row"')
    10
"""

from __future__ import annotations

from typing import Mapping

from ...core import options
from ...core.formatting import decimal
from ...core.i18n import N_
from ...web.charts import ChartKind, Control, Series, bar_chart, register_charts
from ...web.html import t
from .rules import TOTALS
from .site_odds import CARDS_LEFT, DECKS, tables
from .widgets import GAMES

_DECKS = Control.of_option(options.DECKS, DECKS, default="6")


def _draw_rows(choices: Mapping[str, str], game: str, lang: str) -> str:
    odds = tables(int(choices["decks"]))
    series = [Series("row", t(N_("A row ends on this total"), lang), tuple(odds.rows[total] for total in TOTALS))]
    title = t(N_("A row's final total"), lang)
    desc = t(N_("One bar per total from 31 to 40: how often a row of cards ends on it, from a full shoe of the chosen "
                "decks. Low totals are the commonest: a row stops as soon as it passes 30."), lang)
    return bar_chart(title, desc, [str(total) for total in TOTALS], series, lang, name="row-totals", digits=2,
                     axis_label=t(N_("Total"), lang))


def _left_label(left: int | None, lang: str) -> str:
    return t(N_("full shoe"), lang) if left is None else decimal(left, lang, 0)


def _draw_endings(choices: Mapping[str, str], game: str, lang: str) -> str:
    odds = tables(int(choices["decks"]))
    series = [Series("tie-31", t(N_("31–31 (après)"), lang), tuple(odds.chances[left].tie_31 for left in CARDS_LEFT)),
              Series("refait", t(N_("Another tie (32 to 40)"), lang),
                     tuple(odds.chances[left].refait for left in CARDS_LEFT)),
              Series("void", t(N_("Void: not enough cards before the separator"), lang),
                     tuple(odds.chances[left].void for left in CARDS_LEFT))]
    title = t(N_("How a coup fails to decide, by the cards left before the separator"), lang)
    desc = t(N_("Three bars per number of cards left: the chance of a 31–31 (the après), of another tie, and of a "
                "void coup, from a shoe of the chosen decks. The 31–31 chance stays near its full-shoe value; void "
                "coups appear as the separator comes near."), lang)
    return bar_chart(title, desc, [_left_label(left, lang) for left in CARDS_LEFT], series, lang, name="endings",
                     digits=3, axis_label=t(N_("Cards left before the separator"), lang))


register_charts(GAMES, {"row-totals": ChartKind(_draw_rows, {"decks": _DECKS}),
                        "endings": ChartKind(_draw_endings, {"decks": _DECKS})})
