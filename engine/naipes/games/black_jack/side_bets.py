"""Perfect Pairs and insurance: which pair two cards make, and the exact edge of each bet per shoe.

Source 001: "Las apuestas ganadoras son tres; cuando se obtiene Perfect
Pairs, esto es un par de cartas con la misma pinta; Par de Color ... del
mismo color ... pero de diferente pinta; y Par Mezclado" — a pair is two
cards of the same rank (a king and a queen are not a pair). From a full
shoe of `d` decks, after the first card `52d - 1` cards are left, of which
`d - 1` are the same card, `d` the same rank of the other suit of its
colour and `2d` the same rank in the other colour.

Insurance wins when the dealer's ace takes a ten-valued card.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> [pair_kind(*parse_cards(text)) for text in ("Qh Qh", "Qh Qd", "Qh Qs", "Qh Kh")]
    ['perfect', 'coloured', 'mixed', None]
    >>> perfect_pairs_edge((25, 12, 6), 6)
    Fraction(19, 311)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ...core.cards import Card
from ...core.errors import CardError
from .hands import ACE, TEN
from .rules import COLOURED, MIXED, PAIR_KINDS, PERFECT

RED = ("h", "d")


def pair_kind(first: Card, second: Card) -> str | None:
    """The Perfect Pairs kind of two cards: `perfect`, `coloured`, `mixed`, or `None` (not a pair)."""
    if first.rank != second.rank:
        return None
    if first.suit == second.suit:
        return PERFECT
    return COLOURED if (first.suit in RED) == (second.suit in RED) else MIXED


def perfect_pairs_chances(decks: int) -> dict[str, Fraction]:
    """The chance of each kind of pair in the first two cards from a full shoe of `decks` decks.

    Examples:
        >>> perfect_pairs_chances(1)
        {'perfect': Fraction(0, 1), 'coloured': Fraction(1, 51), 'mixed': Fraction(2, 51)}
    """
    left = 52 * decks - 1
    return {PERFECT: Fraction(decks - 1, left), COLOURED: Fraction(decks, left), MIXED: Fraction(2 * decks, left)}


def perfect_pairs_edge(payouts: Sequence[int], decks: int) -> Fraction:
    """The house edge of Perfect Pairs with the pay table `payouts` (perfect, coloured, mixed) to one.

    Examples:
        >>> perfect_pairs_edge((25, 12, 6), 1)
        Fraction(8, 17)
    """
    chances = perfect_pairs_chances(decks)
    win = sum(chances[kind] * payout for kind, payout in zip(PAIR_KINDS, payouts))
    return -(win - (1 - sum(chances.values())))


def insurance_chance(counts: Sequence[int]) -> Fraction:
    """The chance that the dealer's ace takes a ten-valued card from `counts` (the ace already out).

    Raises:
        CardError: the shoe is empty.

    Examples:
        >>> insurance_chance((23, 24, 24, 24, 24, 24, 24, 24, 24, 96))
        Fraction(96, 311)
    """
    cards = sum(counts)
    if not cards:
        raise CardError("The shoe is empty: no card can be drawn.")
    return Fraction(counts[TEN], cards)


def insurance_edge(counts: Sequence[int], pays: Fraction) -> Fraction:
    """The house edge of insurance paying `pays` to one, from `counts` with the dealer's ace out.

    Examples:
        >>> insurance_edge((23, 24, 24, 24, 24, 24, 24, 24, 24, 96), Fraction(2))
        Fraction(23, 311)
    """
    chance = insurance_chance(counts)
    return -(chance * pays - (1 - chance))


def without_ace(counts: Sequence[int]) -> tuple[int, ...]:
    """A shoe less the dealer's ace (for the insurance edge "off the top").

    Raises:
        CardError: no ace left.

    Examples:
        >>> without_ace((4,) * 9 + (16,))[0]
        3
    """
    if not counts[ACE]:
        raise CardError("The shoe has no ace left: insurance cannot be offered.")
    return (counts[ACE] - 1,) + tuple(counts[1:])
