"""Cards, decks and card notation.

Two decks are used by the games of the sources:

* the French 52-card deck, written rank + suit: `As Th Kd 9c`
  (ranks `A 2-9 T J Q K`, suits `s h d c`);
* the Spanish 40-card *baraja*, written rank + suit: `1o 7c Sb Ce Rb`
  (ranks `1-7`, `S` sota, `C` caballo, `R` rey; suits `o` oros,
  `c` copas, `e` espadas, `b` bastos).

`7c` is the seven of clubs in one deck and the seven of copas in the other,
so parsing always says which deck it reads.

Examples:
    >>> parse_cards("As Th Kd 9c")
    (Card('A', 's'), Card('T', 'h'), Card('K', 'd'), Card('9', 'c'))
    >>> format_cards(parse_cards("1o sb ce", deck=SPANISH))
    '1o Sb Ce'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Mapping

from .errors import CardError, SpecError, plural

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

    Examples:
        >>> Card.parse("Qd")
        Card('Q', 'd')
        >>> Card("7", "c", SPANISH).symbol
        '7c'
    """

    rank: str
    suit: str
    deck: str = FRENCH

    def __post_init__(self) -> None:
        if self.deck not in _RANKS:
            raise SpecError("Unknown deck {deck!r}: use 'french' or 'spanish'.", deck=self.deck)
        if self.rank not in _RANKS[self.deck] or self.suit not in _SUITS[self.deck]:
            raise CardError("Unknown card {token!r}.", token=self.rank + self.suit)

    @classmethod
    def parse(cls, token: str, deck: str = FRENCH) -> "Card":
        """Read one card token; letter case does not matter (`10` means `T`).

        Args:
            token: the card in notation, e.g. `"Qd"` or `"1o"`.
            deck: `FRENCH` or `SPANISH`: which deck's notation to read.

        Returns:
            The card.

        Raises:
            CardError: the token is not a card of that deck.

        Examples:
            >>> Card.parse("10h")
            Card('T', 'h')
            >>> Card.parse("1x", deck=SPANISH)
            Traceback (most recent call last):
            ...
            naipes.core.errors.CardError: Unknown card '1x'.
        """
        text = token.strip()
        if deck not in _RANKS:
            raise SpecError("Unknown deck {deck!r}: use 'french' or 'spanish'.", deck=deck)
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
    def symbol(self) -> str:
        """The rank with a suit symbol for French cards (`10♥`), the token otherwise."""
        if self.deck != FRENCH:
            return str(self)
        rank = "10" if self.rank == "T" else self.rank
        return rank + FRENCH_SUIT_SYMBOLS[self.suit]



def parse_cards(text: str | Iterable[str], deck: str = FRENCH) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; the error names the first bad token.

    Args:
        text: the cards in notation, or an iterable of tokens.
        deck: `FRENCH` or `SPANISH`.

    Returns:
        The cards, in order.

    Raises:
        CardError: a token is not a card of that deck.

    Examples:
        >>> parse_cards("As, 9c")
        (Card('A', 's'), Card('9', 'c'))
        >>> parse_cards("As Zz")
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: Unknown card 'Zz'.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(token, deck) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by spaces.

    Examples:
        >>> format_cards([Card("T", "h"), Card("A", "s")])
        'Th As'
    """
    return " ".join(str(card) for card in cards)


def full_deck(deck: str = FRENCH) -> tuple[Card, ...]:
    """One deck in a fixed order (suit by suit, rank by rank).

    Examples:
        >>> len(full_deck()), len(full_deck(SPANISH))
        (52, 40)
    """
    if deck not in _RANKS:
        raise SpecError("Unknown deck {deck!r}: use 'french' or 'spanish'.", deck=deck)
    return tuple(Card(rank, suit, deck) for suit in _SUITS[deck] for rank in _RANKS[deck])


@dataclass(frozen=True)
class CardClasses:
    """The classes of cards a game tells apart, for exact analysis by composition.

    A baccarat coup only sees each card's point value (ten classes, 0 to 9);
    Siete y medio sees half points (eight classes). Exact analyses and the
    driver's `walk_exact` count the cards left in a shoe by class, so a
    composition is a tuple of counts indexed by class.

    Attributes:
        name: a short name for messages and caches.
        deck: `FRENCH` or `SPANISH`.
        size: how many classes.
        of: the class index of a card.

    Examples:
        >>> parity = CardClasses("parity", FRENCH, 2, lambda card: FRENCH_RANKS.index(card.rank) % 2)
        >>> parity.full(1), parity.representative(1)
        ((28, 24), Card('2', 's'))
    """

    name: str
    deck: str
    size: int
    of: Callable[[Card], int]

    def counts(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The composition of `cards`: how many of each class."""
        counts = [0] * self.size
        for card in cards:
            counts[self.of(card)] += 1
        return tuple(counts)

    def full(self, decks: int = 1) -> tuple[int, ...]:
        """The composition of a shoe of `decks` full decks."""
        return tuple(decks * n for n in self.counts(full_deck(self.deck)))

    def without(self, decks: int, cards: Iterable[Card]) -> tuple[int, ...]:
        """The composition of a full shoe of `decks` decks once `cards` are out of it.

        Each card (rank and suit) can come out at most `decks` times, as many
        as the shoe holds.

        Raises:
            CardError: a card of another deck, or one the shoe no longer holds.

        Examples:
            >>> parity = CardClasses("parity", FRENCH, 2, lambda card: FRENCH_RANKS.index(card.rank) % 2)
            >>> parity.without(1, parse_cards("As 2s"))
            (27, 23)
            >>> parity.without(1, parse_cards("As As"))
            Traceback (most recent call last):
            ...
            naipes.core.errors.CardError: Card As is out already: a shoe of 1 deck holds 1 of it.
        """
        counts = list(self.full(decks))
        seen: dict[Card, int] = {}
        for card in cards:
            if card.deck != self.deck:
                raise CardError("Card {card} is not a card of this game's deck.", card=str(card))
            seen[card] = seen.get(card, 0) + 1
            if seen[card] > decks:
                raise CardError(plural("Card {card} is out already: a shoe of {decks} deck holds {decks} of it.",
                                       "Card {card} is out already: a shoe of {decks} decks holds {decks} of it.",
                                       "decks"), card=str(card), decks=decks)
            counts[self.of(card)] -= 1
        return tuple(counts)

    def representative(self, index: int) -> Card:
        """One card of class `index` (the first in `full_deck` order), for walks that only need the class."""
        return _representatives(self)[index]


@lru_cache(maxsize=None)
def _representatives(classes: CardClasses) -> tuple[Card, ...]:
    found: dict[int, Card] = {}
    for card in full_deck(classes.deck):
        found.setdefault(classes.of(card), card)
    return tuple(found[i] for i in range(classes.size))


def check_possible(given: Mapping[str, Iterable[Card]], shoe: Iterable[Card]) -> None:
    """Refuse card lists that the shoe cannot have dealt: a card given more times, across every argument (hand,
    dealer, seen, board, dead, removed), than the shoe holds copies of it (so never more cards than the shoe has);
    a card the shoe does not hold at all.

    Args:
        given: each argument's name (as the user typed it, e.g. `--dealer`) and its cards.
        shoe: every card of the shoe the rules describe (each deck's cards, decks times).

    Raises:
        CardError: naming the card and the arguments that give it.

    Examples:
        >>> check_possible({"--cards": parse_cards("Th 6s"), "--dealer": parse_cards("Th")}, full_deck())
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: The card Th is given 2 times (--cards, --dealer) but the shoe holds 1.
        >>> check_possible({"--remove": parse_cards("2c")}, [c for c in full_deck() if c.rank not in "23456"])
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: The card 2c is not in this game's deck (--remove).
    """
    copies = Counter(shoe)
    counted: Counter[Card] = Counter()
    where: dict[Card, list[str]] = {}
    for name, cards in given.items():
        for card in cards:
            counted[card] += 1
            if name not in where.setdefault(card, []):
                where[card].append(name)
    for card, count in counted.items():
        if not copies[card]:
            raise CardError("The card {card} is not in this game's deck ({arguments}).", card=str(card),
                            arguments=", ".join(where[card]))
        if count > copies[card]:
            # TRANSLATORS: {count} is never 1: a card is given more times than the shoe holds it, at least once.
            raise CardError("The card {card} is given {count} times ({arguments}) but the shoe holds {copies}.",
                            card=str(card), count=count, arguments=", ".join(where[card]), copies=copies[card])
