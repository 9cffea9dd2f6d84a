"""Exact tables of Siete y medio: 7½ with two cards, and the chance of going over with the next card.

Two ways to the same report, which must agree exactly:

- `fast_report` counts from the deck's composition;
- `walk_report` reads the distribution the generic walk
  (`naipes.core.drive.walk_exact`) gives for a hand where the player asks one
  card face up and stands, and the bank stands at once (`ANALYSIS_CONDUCT`):
  the player's two cards give the chance of 7½ with two cards and, for the
  totals a single card makes, the chance that the next card goes over once
  that card is out.

The column "from the full deck" (the next card is any card of the deck: the
table of a total, not of a hand) is a property of the deck, computed from the
composition by both.

Examples:
    >>> from naipes.games.siete_y_medio.values import full_composition
    >>> report = fast_report(None, full_composition())
    >>> report.line("seven_and_a_half_two_cards").probability
    Fraction(4, 65)
    >>> row = report.extra["bust_next_card"][7]
    >>> row.total, row.full_deck, row.one_card
    (8, Fraction(2, 5), Fraction(5, 13))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ...core.errors import CardError
from ...core.i18n import N_
from ...core.model import Line, Report
from .conduct import BankConduct, EngineTable, PlayerStyle
from .rules import SieteYMedioRules
from .values import CLASS_INDEX, CLASSES, LIMIT

#: The conduct of the walk: the player asks one card face up and stands; the bank stands at once.
ANALYSIS_CONDUCT = EngineTable(PlayerStyle(cards=2), BankConduct(stands_from=0))
#: A walked hand deals the player's card, the bank's, and the player's second card.
MIN_CARDS = 3
TWO_CARDS = "seven_and_a_half_two_cards"
BUST = "bust_next_card"


@dataclass(frozen=True)
class BustRow:
    """The chance of going over 7½ with the next card from a total (in half points).

    `full_deck`: the next card is any card of the deck (the hand's own cards are
    not taken out). `one_card`: for a total a single card makes, that card is
    taken out; `None` for the other totals.
    """

    total: int
    full_deck: Fraction
    one_card: Fraction | None


def checked_deck(counts: Sequence[int]) -> tuple[int, ...]:
    """`counts` (cards per class) as a tuple, if they hold a whole hand.

    Raises:
        CardError: fewer than `MIN_CARDS` cards.
    """
    counts = tuple(counts)
    if sum(counts) < MIN_CARDS:
        # TRANSLATORS: {n} is never 1: it is MIN_CARDS, 3.
        raise CardError("The deck needs at least {n} cards: a hand deals the player two and the bank one.",
                        n=MIN_CARDS)
    return counts


def over_from_full_deck(counts: Sequence[int], total: int) -> Fraction:
    """The share of the deck that takes `total` over 7½: the "full deck" column.

    Examples:
        >>> over_from_full_deck((12, 4, 4, 4, 4, 4, 4, 4), 8)
        Fraction(2, 5)
    """
    return Fraction(sum(c for c, v in zip(counts, CLASSES) if total + v > LIMIT), sum(counts))


def seven_and_a_half_two_cards(counts: Sequence[int]) -> Fraction:
    """The chance that two cards dealt from a deck of composition `counts` make exactly 7½.

    Examples:
        >>> seven_and_a_half_two_cards((12, 4, 4, 4, 4, 4, 4, 4))
        Fraction(4, 65)
    """
    n = sum(counts)
    ordered = sum(counts[i] * (counts[j] - (i == j)) for i, a in enumerate(CLASSES) for j, b in enumerate(CLASSES)
                  if a + b == LIMIT)
    return Fraction(ordered, n * (n - 1))


def bust_table(counts: Sequence[int]) -> tuple[BustRow, ...]:
    """For each total from ½ to 7½: the chance that the next card goes over, from a deck of `counts`.

    Examples:
        >>> row = bust_table((12, 4, 4, 4, 4, 4, 4, 4))[13]  # 7: every card but a figure goes over
        >>> row.full_deck, row.one_card
        (Fraction(7, 10), Fraction(9, 13))
    """
    n = sum(counts)
    rows = []
    for total in range(1, LIMIT + 1):
        one_card = None
        own = CLASS_INDEX.get(total)
        if own is not None and counts[own]:
            over_after = sum(c - (i == own) for i, (c, v) in enumerate(zip(counts, CLASSES)) if total + v > LIMIT)
            one_card = Fraction(over_after, n - 1)
        rows.append(BustRow(total, over_from_full_deck(counts, total), one_card))
    return tuple(rows)


def report(two_cards: Fraction, rows: tuple[BustRow, ...]) -> Report:
    """The report: the chance of 7½ with two cards as its line, the bust table as JSON-only extra."""
    return Report((Line(TWO_CARDS, N_("7½ with two cards"), two_cards),), {BUST: rows})


def fast_report(rules: SieteYMedioRules | None, counts: tuple[int, ...]) -> Report:
    """The exact tables of a deck of composition `counts`, counted directly.

    Raises:
        CardError: fewer than three cards.
    """
    counts = checked_deck(counts)
    return report(seven_and_a_half_two_cards(counts), bust_table(counts))


def walk_report(rules: SieteYMedioRules | None, distribution: Mapping[Hashable, Fraction],
                counts: tuple[int, ...]) -> Report:
    """The same tables from the walk's distribution of the hand's cards (`SieteYMedioHand.outcome`).

    The player's first two cards give the chance of 7½ with two cards, and the
    chance that the second card goes over once the first (a single card of
    that total) is out.

    Raises:
        CardError: fewer than three cards.
    """
    counts = checked_deck(counts)
    two = Fraction(0)
    first: dict[int, Fraction] = {}
    over: dict[int, Fraction] = {}
    for (players, _bank), probability in distribution.items():
        a, b = players[0][:2]
        if a + b == LIMIT:
            two += probability
        first[a] = first.get(a, Fraction(0)) + probability
        if a + b > LIMIT:
            over[a] = over.get(a, Fraction(0)) + probability
    rows = tuple(BustRow(total, over_from_full_deck(counts, total),
                         over.get(total, Fraction(0)) / first[total] if first.get(total) else None)
                 for total in range(1, LIMIT + 1))
    return report(two, rows)


def analysis_conduct(rules: SieteYMedioRules) -> EngineTable:
    """The conduct the walk assumes (`ANALYSIS_CONDUCT`)."""
    return ANALYSIS_CONDUCT
