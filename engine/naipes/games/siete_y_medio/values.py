"""Card values of Siete y medio in half points, the eight card classes, and compositions of the baraja.

Everything is counted in **half points** so that it stays in integers: a
figure (sota, caballo, rey) is 1, a card from 1 to 7 is twice its index, and
7½ is 15 (source 001, "valor de las cartas"). A hand only sees those values,
so the 40 cards fall into eight classes (`HALF_POINTS`): the figures, then
1 to 7. Compositions are tuples of counts over those classes.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> hand_half_points(parse_cards("7o Rc", deck=SPANISH)), format_total(15)
    (15, '7½')
    >>> full_composition()
    (12, 4, 4, 4, 4, 4, 4, 4)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from ...core.cards import SPANISH, Card, CardClasses, full_deck
from ...core.errors import CardError

#: Half-point values of the eight kinds of card: figures (1), then 1 to 7 (2 to 14).
CLASSES = (1, 2, 4, 6, 8, 10, 12, 14)
#: 7½ in half points.
LIMIT = 15
#: Index of "went over 7½" in the bank-outcome vectors (bank totals are 1–15).
OVER = 16
#: The cards of one Spanish baraja: a hand is dealt from one fresh deck.
DECK_SIZE = 40
CLASS_INDEX = {value: i for i, value in enumerate(CLASSES)}
_FIGURES = ("S", "C", "R")


def half_points(card: Card) -> int:
    """A Spanish card's value in half points: figures 1, the others twice their index.

    Raises:
        CardError: a card of the French deck.

    Examples:
        >>> [half_points(Card.parse(t, deck=SPANISH)) for t in ("1o", "7c", "Sb", "Ce", "Rb")]
        [2, 14, 1, 1, 1]
    """
    if card.deck != SPANISH:
        raise CardError("Siete y medio is played with the Spanish deck: {card!r} is not a Spanish card.",
                        card=str(card))
    return 1 if card.rank in _FIGURES else 2 * int(card.rank)


#: The eight classes a hand of Siete y medio tells apart (for compositions and exact walks).
HALF_POINTS = CardClasses("siete-y-medio", SPANISH, len(CLASSES), lambda card: CLASS_INDEX[half_points(card)])


def points(card: Card) -> Fraction:
    """A card's value in points: 1 to 7 at face value, sota, caballo and rey half a point.

    Examples:
        >>> points(Card.parse("Sb", deck=SPANISH)), points(Card.parse("7c", deck=SPANISH))
        (Fraction(1, 2), Fraction(7, 1))
    """
    return Fraction(half_points(card), 2)


def hand_half_points(cards: Iterable[Card]) -> int:
    """Total of a hand in half points (15 is 7½).

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> hand_half_points(parse_cards("3o Sc", deck=SPANISH))
        7
    """
    return sum(half_points(card) for card in cards)


def format_total(half: int) -> str:
    """A total written the way players say it: `7½`, `½`, `4`.

    Examples:
        >>> format_total(15), format_total(1), format_total(8), format_total(0)
        ('7½', '½', '4', '0')
    """
    whole, half_point = divmod(half, 2)
    if not half_point:
        return str(whole)
    return ("" if whole == 0 else str(whole)) + "\u00bd"


def composition(cards: Iterable[Card]) -> tuple[int, ...]:
    """Counts of `cards` by value class (figures, 1, 2, …, 7).

    Raises:
        CardError: a card of the French deck.

    Examples:
        >>> composition(full_deck(SPANISH))
        (12, 4, 4, 4, 4, 4, 4, 4)
    """
    return HALF_POINTS.counts(cards)


def full_composition() -> tuple[int, ...]:
    """The 40-card Spanish deck by value class.

    Examples:
        >>> sum(full_composition())
        40
    """
    return HALF_POINTS.full(1)


def check_distinct(*groups: Iterable[Card], deck: Sequence[Card] | None = None) -> list[Card]:
    """All the cards of `groups` as one list; every card must be in the deck and appear once.

    Args:
        *groups: groups of cards (a hand, the cards seen, ...).
        deck: the deck they come from (default: the 40-card baraja).

    Returns:
        The cards, in order.

    Raises:
        CardError: a card that is not in the deck, or one that appears twice.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> check_distinct(parse_cards("4o", deck=SPANISH), parse_cards("4o", deck=SPANISH))
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: Card 4o appears more than once: a deck has only one.
    """
    deck_cards = list(full_deck(SPANISH) if deck is None else deck)
    left: dict[Card, int] = {}
    for card in deck_cards:
        left[card] = left.get(card, 0) + 1
    seen: list[Card] = []
    for group in groups:
        for card in group:
            half_points(card)
            if left.get(card, 0) == 0:
                if card in left:
                    raise CardError("Card {card} appears more than once: a deck has only one.", card=str(card))
                raise CardError("Card {card} is not in this deck.", card=str(card))
            left[card] -= 1
            seen.append(card)
    return seen


def unseen_composition(gone: Iterable[Card], deck: Sequence[Card] | None = None) -> tuple[int, ...]:
    """The composition of the cards of `deck` (default: the 40-card baraja) not in `gone`.

    Raises:
        CardError: a card of `gone` not in the deck, or there twice.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> unseen_composition(parse_cards("7o Rc Sb", deck=SPANISH))
        (10, 4, 4, 4, 4, 4, 4, 3)
    """
    deck_cards = list(full_deck(SPANISH) if deck is None else deck)
    gone = check_distinct(gone, deck=deck_cards)
    counts = list(composition(deck_cards))
    for card in gone:
        counts[CLASS_INDEX[half_points(card)]] -= 1
    return tuple(counts)
