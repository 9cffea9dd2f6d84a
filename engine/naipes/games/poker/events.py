"""The typed events of the banked poker games; each carries the rule that applied.

A coup has one player's box against the bank. Hands are named `player`,
`bank` and `common` (the common cards of Trijoker and Go Poker); bets by
their keys (`ante`, `raise`, `bet1`…, `play`, `pair-plus`, `special-prize`,
`progressive`), whose names are in `BET_NAMES`.

Examples:
    >>> from naipes.core.cards import Card
    >>> CardDealt("bank", Card("K", "s"), True, 5).face_up
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.cards import Card
from ...core.i18n import N_
from ...core.model import Event

ANTE = "ante"
RAISE = "raise"
PLAY = "play"
PAIR_PLUS = "pair-plus"
SPECIAL_PRIZE = "special-prize"
PROGRESSIVE = "progressive"
#: What pòquer sense descart charges for a card bought (settled as a bet of its own).
CARD_BOUGHT = "card-bought"
BET_1, BET_2, BET_3 = "bet1", "bet2", "bet3"
#: What the narration and the widgets call each bet (msgids).
BET_NAMES = {
    ANTE: N_("the ante"), RAISE: N_("the second bet"), PLAY: N_("the play bet"), PAIR_PLUS: N_("the Pair Plus bet"),
    SPECIAL_PRIZE: N_("the special-prize bet"), PROGRESSIVE: N_("the progressive bet"),
    CARD_BOUGHT: N_("the price of the card bought"),
    BET_1: N_("bet 1"), BET_2: N_("bet 2"), BET_3: N_("bet 3"),
}

WIN = "win"
LOSE = "lose"
PUSH = "push"
WITHDRAWN = "withdrawn"
FOLDED = "folded"
NOT_QUALIFIED = "not-qualified"


@dataclass(frozen=True)
class Shuffled(Event):
    """The croupier shuffles the deck the way the rules say."""


@dataclass(frozen=True)
class BetsPlaced(Event):
    """The player's bets before the deal: (bet key, amount) pairs."""

    bets: tuple[tuple[str, Fraction], ...]


@dataclass(frozen=True)
class CardDealt(Event):
    """A card goes to a hand (`player`, `bank` or `common`); `number` is its place in that hand, from 1."""

    hand: str
    card: Card
    face_up: bool
    number: int


@dataclass(frozen=True)
class CommonCardsPlaced(Event):
    """The croupier places the common cards face down in front of him (Trijoker, Go Poker)."""

    count: int


@dataclass(frozen=True)
class BetDecision(Event):
    """Trijoker: the player lets bet `bet` ride (`ride`) or withdraws it."""

    bet: int
    ride: bool


@dataclass(frozen=True)
class PlayDecision(Event):
    """The player goes on and adds `stake`, or passes (folds) and loses the ante."""

    plays: bool
    stake: Fraction


@dataclass(frozen=True)
class CardsExchanged(Event):
    """The player discards `discarded` for as many new cards, paying `price` for them (0: free)."""

    discarded: tuple[Card, ...]
    price: Fraction


@dataclass(frozen=True)
class HandShown(Event):
    """A hand's best combination: its category, tie-break ranks and cards."""

    hand: str
    category: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class BankQualifies(Event):
    """Whether the bank's hand plays (the minimum the rules set) or pays the ante at par."""

    qualifies: bool
    category: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class BetSettled(Event):
    """How one bet ends: `outcome` (`win`, `lose`, `push`, `withdrawn`, `folded`, `not-qualified`) and the net
    result."""

    bet: str
    outcome: str
    net: Fraction
    pays: Fraction | None = None


@dataclass(frozen=True)
class CoupVoid(Event):
    """The whole coup is void (a common card of a jack or more exposed by mistake); the bets are returned."""

    card: Card
