"""Card values and hand totals of Black Jack: ten card classes (ace, 2 to 9, ten-valued) and soft totals.

Every ten, jack, queen and king is worth 10 (one class, index 9); an ace is
worth 1 or 11 (class 0); the others their index. A hand is *soft* when an
ace in it can count 11 without passing 21. Exact analyses count a shoe by
these ten classes (`VALUE_CLASSES`), so a composition is a 10-tuple of
counts and a hand is the same 10-tuple of the cards it holds.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> hand_total(parse_cards("As 6d")), hand_total(parse_cards("As 6d Tc"))
    (Total(points=17, soft=True), Total(points=17, soft=False))
    >>> is_blackjack(parse_cards("Kh As")), VALUE_CLASSES.full(1)
    (True, (4, 4, 4, 4, 4, 4, 4, 4, 4, 16))
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from ...core.cards import FRENCH, Card, CardClasses
from ...core.errors import CardError

#: The ace's class; the ten-valued cards' class.
ACE, TEN = 0, 9
#: The value of each class (the ace counted 1).
VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: The class names as the command line and the tables write them: A, 2 ... 9, 10.
CLASS_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
BLACKJACK_POINTS = 21
#: The ranks of the ten-valued class ("una carta que valga 10 puntos": ten, jack, queen, king).
TEN_RANKS = ("T", "J", "Q", "K")


def value_class(card: Card) -> int:
    """The class of a French card: 0 for an ace, 1 to 8 for 2 to 9, 9 for a ten or a figure.

    Raises:
        CardError: a card of the Spanish deck.

    Examples:
        >>> [value_class(Card.parse(t)) for t in ("As", "2h", "9c", "Td", "Ks")]
        [0, 1, 8, 9, 9]
    """
    if card.deck != FRENCH:
        raise CardError("Card {card} is not a card of this game's deck.", card=str(card))
    if card.rank == "A":
        return ACE
    if card.rank in TEN_RANKS:
        return TEN
    return int(card.rank) - 1


#: The composition classes of every Black Jack analysis.
VALUE_CLASSES = CardClasses("blackjack-values", FRENCH, 10, value_class)


class Total(NamedTuple):
    """A hand's best total and whether an ace in it counts 11 (a soft total)."""

    points: int
    soft: bool


def total_of_counts(counts: Sequence[int]) -> Total:
    """The best total of a hand given as counts by class.

    Examples:
        >>> total_of_counts((2, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        Total(points=12, soft=True)
    """
    hard = sum(n * value for n, value in zip(counts, VALUES))
    if counts[ACE] and hard + 10 <= BLACKJACK_POINTS:
        return Total(hard + 10, True)
    return Total(hard, False)


def total_of_classes(classes: Iterable[int]) -> Total:
    """The best total of a hand given as a list of classes.

    Examples:
        >>> total_of_classes([0, 9])
        Total(points=21, soft=True)
    """
    hard, ace = 0, False
    for index in classes:
        hard += VALUES[index]
        ace = ace or index == ACE
    if ace and hard + 10 <= BLACKJACK_POINTS:
        return Total(hard + 10, True)
    return Total(hard, False)


def hand_total(cards: Iterable[Card]) -> Total:
    """The best total of a hand of cards.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> hand_total(parse_cards("As Ad 9h"))
        Total(points=21, soft=True)
    """
    return total_of_classes(value_class(card) for card in cards)


def is_blackjack(cards: Sequence[Card]) -> bool:
    """Two cards making 21: an ace and a ten-valued card (a split hand's 21 is not one: the caller says so).

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> is_blackjack(parse_cards("As Qd")), is_blackjack(parse_cards("7s 7d 7c"))
        (True, False)
    """
    return len(cards) == 2 and hand_total(cards).points == BLACKJACK_POINTS


def counts_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """A hand as counts by class.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> counts_of(parse_cards("As Kd Qh"))
        (1, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    """
    return VALUE_CLASSES.counts(cards)


def class_of_name(name: str) -> int:
    """A dealer's card as the command line names it: `A`, `2` … `9`, `10` (or `T`, `J`, `Q`, `K`), or a card.

    Raises:
        CardError: anything else.

    Examples:
        >>> class_of_name("10"), class_of_name("a"), class_of_name("Kd"), class_of_name("7")
        (9, 0, 9, 6)
    """
    text = str(name).strip().upper()
    if text in ("T", "J", "Q", "K", "10"):
        return TEN
    if text in CLASS_NAMES:
        return CLASS_NAMES.index(text)
    if len(text) in (2, 3) and text[:-1] in CLASS_NAMES + TEN_RANKS:
        return value_class(Card.parse(name))
    raise CardError("Unknown card {token!r}.", token=str(name))


def add_card(counts: tuple[int, ...], index: int, times: int = 1) -> tuple[int, ...]:
    """`counts` with `times` more cards of class `index` (negative: fewer).

    Examples:
        >>> add_card((0,) * 10, 9)
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    """
    return counts[:index] + (counts[index] + times,) + counts[index + 1:]


def subtract(counts: Sequence[int], removed: Sequence[int]) -> tuple[int, ...]:
    """A composition less the cards of another, class by class.

    Raises:
        CardError: more cards of a class taken out than the composition holds.

    Examples:
        >>> subtract((4, 4, 4, 4, 4, 4, 4, 4, 4, 16), (1, 0, 0, 0, 0, 0, 0, 0, 0, 1))
        (3, 4, 4, 4, 4, 4, 4, 4, 4, 15)
    """
    left = tuple(a - b for a, b in zip(counts, removed))
    if any(n < 0 for n in left):
        raise CardError("These cards are not all in the shoe: too many of one value are out.")
    return left
