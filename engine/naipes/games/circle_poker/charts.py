"""Circle poker's charts: how likely each combination is with 52, 36 and 32 cards, side by side.

The picture shows why the decree ranks the flush above the full house in the
short decks: there, a flush is the rarer of the two.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "circle-poker", "chart": "categories-5"}, "en")
    >>> html.count('data-naipes-series="32"') == 10
    True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from ...core.i18n import N_
from ...web.charts import ChartKind, Series, bar_chart, register_charts
from ...web.html import t
from ..poker.hands import CATEGORY_NAMES, ranking_for_deck
from .analysis import regulation_order
from .widgets import COMMON, DECKS, _category_counts

# TRANSLATORS: {deck} is never 1: a poker deck holds 52, 36 or 32 cards.
DECK_LABEL = N_("{deck} cards")


def categories(cards: int) -> dict[str, dict[str, Fraction]]:
    """Each deck's probability of each combination, for hands of `cards` cards (the best five count).

    Examples:
        >>> round(float(categories(5)["52"]["flush"]), 6), round(float(categories(5)["32"]["flush"]), 6)
        (0.001965, 0.001013)
    """
    out = {}
    for deck in DECKS:
        counts = _category_counts(deck, cards)
        total = sum(counts.values())
        out[deck] = {category: Fraction(n, total) for category, n in counts.items()}
    return out


def _draw(cards: int):
    def draw(choices: Mapping[str, str], game: str, lang: str) -> str:
        chances = categories(cards)
        order = regulation_order(ranking_for_deck("52"))
        series = [Series(deck, t(DECK_LABEL, lang).format(deck=deck), tuple(chances[deck][c] for c in order))
                  for deck in DECKS]
        title = t(N_("Probability of each combination, five cards") if cards == 5 else
                  N_("Probability of each combination, best five of seven cards"), lang)
        desc = t(N_("Bars on a logarithmic scale, one per deck (52, 36 and 32 cards) for each combination, from the "
                    "highest-ranked to the lowest in the 52-card deck. In the short decks the flush bar falls below the "
                    "full house's: the flush is rarer there, which is why it ranks higher."), lang)
        return bar_chart(title, desc, [t(CATEGORY_NAMES[c], lang) for c in order], series, lang,
                         name=f"categories-{cards}", digits=4, log=True, horizontal=True, head=t(N_("Combination"), lang))
    return draw


register_charts(COMMON, {"categories-5": ChartKind(_draw(5)), "categories-7": ChartKind(_draw(7))})
