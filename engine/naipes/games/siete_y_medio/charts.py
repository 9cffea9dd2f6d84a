"""Siete y medio's chart: the chance of going over 7½ with the next card, by the hand's total and the cards seen.

The cards the reader has seen on the table (the other players' face-up cards)
are out of the baraja: seeing figures, the only cards that never take a high
total over, raises the chance; seeing sevens and sixes lowers it.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "siete-y-medio", "chart": "bust"}, "en")
    >>> html.count('data-naipes-series="full-deck"')
    15
"""

from __future__ import annotations

from typing import Mapping

from ...core.i18n import N_
from ...web.charts import ChartKind, Control, Series, bar_chart, register_charts
from ...web.html import t
from .analysis import bust_table
from .values import CLASS_INDEX, DECK_SIZE, format_total, full_composition
from .widgets import GAMES

#: The cards seen before the next card comes, each as how many of which class (in half points) are out of the baraja.
SEEN: dict[str, dict[int, int]] = {
    "none": {},
    "figures-4": {1: 4},
    "figures-8": {1: 8},
    "sevens": {14: 4},
    "sevens-sixes": {14: 4, 12: 4},
}
SEEN_TEXTS = {"none": N_("no card"), "figures-4": N_("four figures"), "figures-8": N_("eight figures"),
              "sevens": N_("the four sevens"), "sevens-sixes": N_("the four sevens and the four sixes")}


def deck_after(seen: str) -> tuple[int, ...]:
    """The baraja's composition (cards per class) once the cards `seen` are out.

    Examples:
        >>> deck_after("figures-4")
        (8, 4, 4, 4, 4, 4, 4, 4)
    """
    counts = list(full_composition())
    for value, out in SEEN[seen].items():
        counts[CLASS_INDEX[value]] -= out
    return tuple(counts)


def _seen_text(value: str, lang: str) -> str:
    return t(SEEN_TEXTS[value], lang)


def _draw_bust(choices: Mapping[str, str], game: str, lang: str) -> str:
    seen = choices["seen"]
    counts = deck_after(seen)
    rows = bust_table(counts)
    if seen == "none":
        labels = (N_("Next card from the full deck"), N_("Next card once that single card is out"))
    else:
        labels = (N_("Next card from the cards not seen"), N_("Next card once that single card is out too"))
    series = [Series("full-deck", t(labels[0], lang), tuple(r.full_deck for r in rows)),
              Series("one-card", t(labels[1], lang), tuple(r.one_card for r in rows))]
    title = t(N_("Chance of going over 7½ with the next card, by total"), lang)
    if seen == "none":
        desc = t(N_("Two bars per total from ½ to 7½: the next card drawn from the full {cards}-card baraja, and from "
                    "the baraja without the one card a one-card hand holds (no bar where no single card makes that "
                    "total)."), lang).format(cards=DECK_SIZE)
    else:
        # TRANSLATORS: {cards} is never 1: 28 cards at least are left; {seen} is one of "four figures", "the four sevens", ...
        desc = t(N_("Two bars per total from ½ to 7½, once {seen} have been seen and are out of the baraja: the next "
                    "card drawn from the {cards} cards left, and from those without the one card a one-card hand "
                    "holds (no bar where no single card makes that total, or where no such card is left)."),
                 lang).format(seen=_seen_text(seen, lang), cards=sum(counts))
    return bar_chart(title, desc, [format_total(r.total) for r in rows], series, lang, name="bust", digits=2,
                     axis_label=t(N_("Total"), lang))


register_charts(GAMES, {"bust": ChartKind(_draw_bust, {"seen": Control(N_("Cards seen"), tuple(SEEN), _seen_text)})})
