"""Card values, colours and the twenty card classes of Treinta y Cuarenta.

Source 001 counts "el As como uno 1, del dos 2 al diez 10 por su valor y
figuras como diez": a card is worth 1 to 10, tens and figures alike. A coup
looks at one more thing: the colour of the very first card (couleur or
inverse). So a shoe's composition is kept by **value and colour**: twenty
classes, class `2·(value − 1)` black (spades, clubs) and the next one red
(hearts, diamonds).

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> [card_value(c) for c in parse_cards("As 9d Th Qc")]
    [1, 9, 10, 10]
    >>> VALUE_COLOUR.full(1)[:2], VALUE_COLOUR.full(1)[-2:]
    ((2, 2), (8, 8))
    >>> values_of(VALUE_COLOUR.full(6))
    (24, 24, 24, 24, 24, 24, 24, 24, 24, 96)
"""

from __future__ import annotations

from typing import Sequence

from ...core.cards import FRENCH, Card, CardClasses
from ...core.errors import CardError

BLACK, RED = "black", "red"
#: Spades and clubs are black, hearts and diamonds red.
BLACK_SUITS = ("s", "c")
VALUES = tuple(range(1, 11))
#: Every value's rank letters: the ten and the three figures are all worth 10.
_RANK_VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10,
                "Q": 10, "K": 10}


def card_value(card: Card) -> int:
    """A card's value: ace 1, two to ten at face value, figures 10.

    Examples:
        >>> card_value(Card("K", "h")), card_value(Card("A", "c"))
        (10, 1)
    """
    return _RANK_VALUES[card.rank]


def colour(card: Card) -> str:
    """`"black"` for spades and clubs, `"red"` for hearts and diamonds.

    Examples:
        >>> colour(Card("7", "d")), colour(Card("7", "s"))
        ('red', 'black')
    """
    return BLACK if card.suit in BLACK_SUITS else RED


def class_of(card: Card) -> int:
    """A card's class: `2·(value − 1)` when black, one more when red.

    Examples:
        >>> class_of(Card("A", "s")), class_of(Card("A", "h")), class_of(Card("Q", "d"))
        (0, 1, 19)
    """
    return 2 * (card_value(card) - 1) + (0 if card.suit in BLACK_SUITS else 1)


#: The classes a coup tells apart: the ten values, each black or red.
VALUE_COLOUR = CardClasses("treinta-value-colour", FRENCH, 20, class_of)


def value_of_class(index: int) -> int:
    """The value of class `index` (0 and 1 are aces, 18 and 19 tens and figures).

    Examples:
        >>> value_of_class(0), value_of_class(19)
        (1, 10)
    """
    return index // 2 + 1


def values_of(counts: Sequence[int]) -> tuple[int, ...]:
    """A composition by value (ten counts, aces first) from one by value and colour.

    Examples:
        >>> values_of(VALUE_COLOUR.full(1))
        (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    """
    counts = checked(counts)
    return tuple(counts[2 * i] + counts[2 * i + 1] for i in range(10))


def blacks_of(counts: Sequence[int]) -> tuple[int, ...]:
    """The black cards of each value (ten counts, aces first).

    Examples:
        >>> blacks_of(VALUE_COLOUR.full(2))
        (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    """
    counts = checked(counts)
    return tuple(counts[2 * i] for i in range(10))


def colour_balanced(counts: Sequence[int]) -> bool:
    """True when every value has as many black cards as red ones (then couleur and inverse are even).

    Examples:
        >>> colour_balanced(VALUE_COLOUR.full(6))
        True
        >>> from naipes.core.cards import parse_cards
        >>> colour_balanced(VALUE_COLOUR.without(6, parse_cards("As")))
        False
    """
    counts = checked(counts)
    return all(counts[2 * i] == counts[2 * i + 1] for i in range(10))


def checked(counts: Sequence[int]) -> tuple[int, ...]:
    """`counts` if it is a composition of the twenty classes (whole numbers, 0 or more).

    Raises:
        CardError: the wrong number of counts, or a negative one.

    Examples:
        >>> checked((1, 2))
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: A shoe composition needs 20 counts (each value black and red), not 2.
    """
    counts = tuple(counts)
    if len(counts) != 20:
        raise CardError("A shoe composition needs 20 counts (each value black and red), not {n}.", n=len(counts))
    if any(not isinstance(k, int) or isinstance(k, bool) or k < 0 for k in counts):
        raise CardError("A shoe composition needs whole counts of 0 or more: {counts}.", counts=str(counts))
    return counts


def points(counts: Sequence[int]) -> int:
    """The points of all the cards of a composition.

    Examples:
        >>> points(VALUE_COLOUR.full(1))
        340
    """
    return sum(value * n for value, n in zip(VALUES, values_of(counts)))
