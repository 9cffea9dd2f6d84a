"""Black Jack's and Challenge 21's chart: where the dealer ends, by its first card (stacked bars, bust last).

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "black-jack", "chart": "dealer"}, "en")
    >>> html.count('data-naipes-series="bust"')
    10
"""

from __future__ import annotations

from typing import Mapping

from ...core.i18n import N_
from ...web.charts import ChartKind, Control, Series, bar_chart, register_charts
from ...web.html import t
from .dealer import BLACKJACK, BUST, FINALS
from .hands import CLASS_NAMES, VALUE_CLASSES
from .strategy import COLUMNS, SHIPPED_DECKS
from .widgets import GAMES, _dealer_table

FINAL_LABELS = {BLACKJACK: N_("black jack"), BUST: N_("over 21")}
#: Each final's colour: the totals in the palette's cooler and lighter colours, going over in vermillion, which stands out.
FINAL_COLOURS = {17: 5, 18: 0, 19: 2, 20: 6, 21: 3, BLACKJACK: 4, BUST: 1}
SOFT_17 = {"stand": N_("stands on soft 17"), "hit": N_("hits soft 17")}


def _draw_dealer(choices: Mapping[str, str], game: str, lang: str) -> str:
    decks, hits = int(choices["decks"]), choices["soft_17"] == "hit"
    table = _dealer_table(VALUE_CLASSES.full(decks), hits)
    series = [Series(str(final), t(FINAL_LABELS[final], lang) if final in FINAL_LABELS else str(final),
                     tuple(table[first][final] for first in COLUMNS), FINAL_COLOURS[final]) for final in FINALS]
    title = t(N_("The dealer's final total by its first card"), lang)
    desc = t(N_("One stacked bar per first card of the dealer, from 2 to the ace, split into the totals it ends on "
                "(17 to 21, black jack) and, last, going over 21, from a full shoe of the chosen decks."), lang)
    return bar_chart(title, desc, [CLASS_NAMES[first] for first in COLUMNS], series, lang, name="dealer",
                     stacked=True, digits=2, axis_label=t(N_("The dealer's first card"), lang))


def _soft_17_text(value: str, lang: str) -> str:
    return t(SOFT_17[value], lang)


register_charts(GAMES, {"dealer": ChartKind(_draw_dealer, {
    "decks": Control(N_("Decks"), tuple(str(d) for d in SHIPPED_DECKS), default="6"),
    "soft_17": Control(N_("The dealer"), tuple(SOFT_17), _soft_17_text)})})
