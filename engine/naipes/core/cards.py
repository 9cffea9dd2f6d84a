"""Cards, decks and card notation.

Two decks are used by the games of the sources:

* the French 52-card deck, written rank + suit: ``As Th Kd 9c``
  (ranks ``A 2-9 T J Q K``, suits ``s h d c``);
* the Spanish 40-card *baraja*, written rank + suit: ``1o 7c Sb Ce Rb``
  (ranks ``1-7``, ``S`` sota, ``C`` caballo, ``R`` rey; suits ``o`` oros,
  ``c`` copas, ``e`` espadas, ``b`` bastos).

``7c`` is the seven of clubs in one deck and the seven of copas in the other,
so parsing always says which deck it reads.

>>> parse_cards("As Th Kd 9c")
(Card('A', 's'), Card('T', 'h'), Card('K', 'd'), Card('9', 'c'))
>>> format_cards(parse_cards("1o sb ce", deck=SPANISH))
'1o Sb Ce'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .errors import CardError

FRENCH = "french"
SPANISH = "spanish"

FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
FRENCH_SUITS = ("s", "h", "d", "c")
SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "S", "C", "R")
SPANISH_SUITS = ("o", "c", "e", "b")

_RANKS = {FRENCH: FRENCH_RANKS, SPANISH: SPANISH_RANKS}
_SUITS = {FRENCH: FRENCH_SUITS, SPANISH: SPANISH_SUITS}
FRENCH_SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}


@dataclass(frozen=True, order=True)
class Card:
    """One playing card: a rank and a suit of a given deck.

    >>> Card.parse("Qd")
    Card('Q', 'd')
    >>> Card.parse("Qd").baccarat_value, Card.parse("Qd").burn_value
    (0, 10)
    """

    rank: str
    suit: str
    deck: str = FRENCH

    def __post_init__(self) -> None:
        if self.deck not in _RANKS:
            raise CardError("Unknown deck {deck!r}: use 'french' or 'spanish'.", deck=self.deck)
        if self.rank not in _RANKS[self.deck] or self.suit not in _SUITS[self.deck]:
            raise CardError("Unknown card {token!r}.", token=self.rank + self.suit)

    @classmethod
    def parse(cls, token: str, deck: str = FRENCH) -> "Card":
        """Read one card token; letter case does not matter (``10`` means ``T``).

        >>> Card.parse("10h")
        Card('T', 'h')
        >>> Card.parse("1x", deck=SPANISH)
        Traceback (most recent call last):
        ...
        naipes.errors.CardError: Unknown card '1x'.
        """
        text = token.strip()
        if deck not in _RANKS:
            raise CardError("Unknown deck {deck!r}: use 'french' or 'spanish'.", deck=deck)
        if deck == FRENCH and text[:2] == "10":
            text = "T" + text[2:]
        if len(text) != 2:
            raise CardError("Unknown card {token!r}.", token=token)
        rank, suit = text[0].upper(), text[1].lower()
        if rank not in _RANKS[deck] or suit not in _SUITS[deck]:
            raise CardError("Unknown card {token!r}.", token=token)
        return cls(rank, suit, deck)

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})" if self.deck == FRENCH else (
            f"Card({self.rank!r}, {self.suit!r}, {self.deck!r})")

    @property
    def baccarat_value(self) -> int:
        """Points in the baccarat family: ace 1, two to nine at face value, ten and figures 0."""
        return rank_baccarat_value(self.rank)

    @property
    def burn_value(self) -> int:
        """How many cards this card burns when turned at the start of a shoe.

        The sources count tens and figures as ten "for this case only".
        """
        if self.rank in ("T", "J", "Q", "K"):
            return 10
        return 1 if self.rank == "A" else int(self.rank)

    @property
    def symbol(self) -> str:
        """The rank with a suit symbol for French cards (``10♥``), the token otherwise."""
        if self.deck != FRENCH:
            return str(self)
        rank = "10" if self.rank == "T" else self.rank
        return rank + FRENCH_SUIT_SYMBOLS[self.suit]


def rank_baccarat_value(rank: str) -> int:
    """Baccarat points of a French rank.

    >>> [rank_baccarat_value(r) for r in FRENCH_RANKS]
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    """
    if rank in ("T", "J", "Q", "K"):
        return 0
    return 1 if rank == "A" else int(rank)


def parse_cards(text: str | Iterable[str], deck: str = FRENCH) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; the error names the first bad token.

    >>> parse_cards("As, 9c")
    (Card('A', 's'), Card('9', 'c'))
    >>> parse_cards("As Zz")
    Traceback (most recent call last):
    ...
    naipes.errors.CardError: Unknown card 'Zz'.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(token, deck) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by spaces.

    >>> format_cards([Card("T", "h"), Card("A", "s")])
    'Th As'
    """
    return " ".join(str(card) for card in cards)


def full_deck(deck: str = FRENCH) -> tuple[Card, ...]:
    """One deck in a fixed order (suit by suit, rank by rank).

    >>> len(full_deck()), len(full_deck(SPANISH))
    (52, 40)
    """
    if deck not in _RANKS:
        raise CardError("Unknown deck {deck!r}: use 'french' or 'spanish'.", deck=deck)
    return tuple(Card(rank, suit, deck) for suit in _SUITS[deck] for rank in _RANKS[deck])
