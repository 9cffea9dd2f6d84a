"""The exact analysis of circle poker: how many hands of each category a deck deals, in the regulation's order.

For the common rules and five-card stud, a hand is five cards; for Hold'em and
seven-card stud, the best five of a player's seven. On a whole deck the counts
are exact combinatorics (`naipes.games.poker.hands.category_counts`); on a
deck with cards taken out (`--remove`) every hand of the cards left is ranked.
The generic walk deals the hand card by card (`naipes.games.circle_poker.coup.
RankedHand`) and must give the same counts.

The report lists the categories from the highest, as the regulation orders
them (in the short decks the flush above the full house), and notes where that
order differs from rarity: a lower category dealt less often than the one above
it (in the 36-card deck a high card is rarer than a pair; in the 32-card deck a
flush is rarer than four of a kind).

Examples:
    >>> from naipes.games.circle_poker.rules import COMMON_PRESETS
    >>> from naipes.games.poker.kernel import CARDS
    >>> report = fast_report(COMMON_PRESETS.get("cat-2016").with_options(deck="36"), CARDS.full())
    >>> [line.key for line in report.lines][:3], report.extra["counts"]["flush"], report.extra["hands"]
    (['royal-flush', 'straight-flush', 'four-of-a-kind'], 480, 376992)
    >>> [(n["higher"], n["lower"]) for n in report.extra["rarity"]]
    [('pair', 'high-card')]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Hashable, Mapping, Sequence

from ...core.errors import SpecError
from ...core.model import Line, Report
from ..poker.hands import CATEGORY_NAMES, Ranking, category_counts, category_of, code, strength_function
from ..poker.kernel import DECK
from .coup import hand_size
from .rules import CirclePokerRules

#: The most hands the fast analysis ranks one by one on a deck with cards taken out.
MAX_ENUMERATED = 3_000_000


def regulation_order(ranking: Ranking) -> tuple[str, ...]:
    """The categories from the highest, as the regulation ranks them with this deck.

    Examples:
        >>> from naipes.games.poker.hands import SHORT_32
        >>> regulation_order(SHORT_32)[3:5]
        ('flush', 'full-house')
    """
    return tuple(reversed(ranking.order))


def _whole_deck(counts: Sequence[int], ranking: Ranking) -> bool:
    return all(counts[i] == 1 for i, card in enumerate(DECK) if card.rank in ranking.ranks)


def _available(counts: Sequence[int], ranking: Ranking) -> list[int]:
    return [code(card) for i, card in enumerate(DECK) if counts[i] and card.rank in ranking.ranks]


def category_table(rules: CirclePokerRules, counts: Sequence[int], cards: int | None = None) -> dict[str, int]:
    """How many hands of `cards` cards (default: the rules' hand) of each category the composition deals.

    Raises:
        SpecError: cards taken out leave more hands to rank than the engine ranks one by one.

    Examples:
        >>> from naipes.games.circle_poker.rules import COMMON_PRESETS
        >>> from naipes.games.poker.kernel import CARDS
        >>> category_table(COMMON_PRESETS.get("cat-2016"), CARDS.full())["royal-flush"]
        4
    """
    ranking = rules.ranking
    size = cards or hand_size(rules)
    if _whole_deck(counts, ranking):
        return dict(_whole_deck_counts(ranking, size))
    cards_left = _available(counts, ranking)
    if comb(len(cards_left), size) > MAX_ENUMERATED:
        # TRANSLATORS: {hands} and {size} are never 1: more hands than the engine ranks one by one, of 5 or 7 cards.
        raise SpecError("With cards taken out, the engine ranks every hand one by one: {hands} hands of {size} "
                        "cards are too many (take out more cards).", hands=comb(len(cards_left), size), size=size)
    strength_of = strength_function(ranking)
    result = dict.fromkeys(ranking.order, 0)
    for hand in combinations(cards_left, size):
        best = max(strength_of(*five) for five in combinations(hand, 5)) if size > 5 else strength_of(*hand)
        result[category_of(best, ranking)] += 1
    return result


@lru_cache(maxsize=16)
def _whole_deck_counts(ranking: Ranking, size: int) -> tuple[tuple[str, int], ...]:
    return tuple(category_counts(ranking, size).items())


def rarity_notes(order: Sequence[str], counts: Mapping[str, int]) -> list[dict]:
    """Where the regulation's order differs from rarity: each category dealt less often than one above it.

    Examples:
        >>> rarity_notes(["a", "b", "c"], {"a": 1, "b": 5, "c": 3})
        [{'higher': 'b', 'lower': 'c', 'higher_count': 5, 'lower_count': 3}]
    """
    notes = []
    for i, higher in enumerate(order):
        for lower in order[i + 1:]:
            if counts[lower] < counts[higher]:
                notes.append({"higher": higher, "lower": lower, "higher_count": counts[higher],
                              "lower_count": counts[lower]})
    return notes


def report_of(rules: CirclePokerRules, table: Mapping[str, int], cards: int) -> Report:
    """The report of a category table: one line per category (its probability), the counts and notes as extras."""
    order = regulation_order(rules.ranking)
    total = sum(table.values())
    lines = tuple(Line(category, CATEGORY_NAMES[category], Fraction(table[category], total)) for category in order)
    counts = {category: table[category] for category in order}
    return Report(lines, {"counts": counts, "hands": total, "cards": cards, "deck": rules.deck,
                          "order": list(order), "rarity": rarity_notes(order, counts)})


def fast_report(rules: CirclePokerRules, counts: tuple[int, ...]) -> Report:
    """The category counts by the fast method (exact combinatorics on a whole deck)."""
    size = hand_size(rules)
    return report_of(rules, category_table(rules, counts, size), size)


def walk_report(rules: CirclePokerRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution of categories."""
    ranking = rules.ranking
    size = hand_size(rules)
    total = comb(len(_available(counts, ranking)), size)
    table = {category: int(distribution.get(category, 0) * total) for category in ranking.order}
    return report_of(rules, table, size)

