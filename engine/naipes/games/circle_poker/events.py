"""The typed events of a circle poker hand; each carries the rule that applied.

Players are numbered from 0 in the order the cards go round (counter-clockwise
from the first hand's *mà*); the narration calls them player 1, 2, ...

Examples:
    >>> from naipes.core.cards import Card
    >>> CardDealt(2, Card("K", "s"), True, 3).face_up
    True
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from ...core.model import Event
from ..poker.hands import HandRank


@dataclass(frozen=True)
class Shuffled(Event):
    """The croupier shuffles the deck (`cards` cards) before the deal."""

    cards: int


@dataclass(frozen=True)
class MarkerPlaced(Event):
    """Player `seat` holds the mà: the cards go round from them, counter-clockwise."""

    seat: int


@dataclass(frozen=True)
class AntesPlaced(Event):
    """Every player puts the initial bet (`ante` chips) in the pot, which now holds `pot`."""

    players: int
    ante: int
    pot: int


@dataclass(frozen=True)
class CardDealt(Event):
    """A card to player `seat`, face up or down; `number` is its place in that player's cards, from 1."""

    seat: int
    card: Card
    face_up: bool
    number: int


@dataclass(frozen=True)
class BoardTurned(Event):
    """Community cards turned together; `board` is every community card so far."""

    cards: tuple[Card, ...]
    board: tuple[Card, ...]


@dataclass(frozen=True)
class IntervalOpened(Event):
    """Betting interval `number` opens; player `first` speaks first."""

    number: int
    first: int


@dataclass(frozen=True)
class PlayerActed(Event):
    """Player `seat` stays in the hand or folds (a fold gives up the chips already in the pot)."""

    seat: int
    stays: bool


@dataclass(frozen=True)
class HandShown(Event):
    """At the showdown, player `seat` shows their cards; `best` is their best hand."""

    seat: int
    cards: tuple[Card, ...]
    best: HandRank


@dataclass(frozen=True)
class HouseTakes(Event):
    """The house takes `chips` from the pot (its share, by the preset's option)."""

    chips: int


@dataclass(frozen=True)
class PotWon(Event):
    """The pot goes to `winners` (`shares` chips each, in order); `uncontested`: the others had all folded.

    `reason_kind` is the showdown's reason (`category`, `tie-break`, `split`); `best` the winners' hand and
    `runner_up` the best hand that lost (both `None` when uncontested).
    """

    winners: tuple[int, ...]
    shares: tuple[int, ...]
    uncontested: bool
    best: HandRank | None = None
    runner_up: HandRank | None = None
    reason_kind: str | None = None


@dataclass(frozen=True)
class HandRanked(Event):
    """One hand of the hand rankings: its cards and its best five (the common rules' coup)."""

    cards: tuple[Card, ...]
    best: HandRank
