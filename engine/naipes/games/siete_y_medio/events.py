"""The typed events of a hand and of a game of Siete y medio; each carries the rule that applied.

Seats are numbered from 0 (the narration says "Player 1" for seat 0); totals
are in half points (15 is 7½).

Examples:
    >>> from naipes.core.cards import Card, SPANISH
    >>> from naipes.games.siete_y_medio.rules import OVER_LOSES
    >>> event = PlayerBust(1, 17, (Card("7", "o", SPANISH), Card("3", "b", SPANISH)), 2, rule=OVER_LOSES)
    >>> event.rule.source, event.stake
    ('001', 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from ...core.model import Event
from .bank import BankDecision

# --- a hand -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FirstCard(Event):
    """The bank deals a participant's first card (face down, or the bank's own face up by option)."""

    seat: int
    card: Card
    bank: bool
    face_up: bool


@dataclass(frozen=True)
class BetPlaced(Event):
    """A player bets `stake` points."""

    seat: int
    stake: int


@dataclass(frozen=True)
class OfferMade(Event):
    """A player offers `offer` points for the bank, right after the bet."""

    seat: int
    offer: int


@dataclass(frozen=True)
class CardAsked(Event):
    """A player receives the card asked for; face down, `turned` is the hidden card turned face up."""

    seat: int
    card: Card
    face_down: bool
    turned: Card | None
    total: int


@dataclass(frozen=True)
class PlayerBust(Event):
    """A player went over 7½: every card is shown and the bet is lost at once."""

    seat: int
    total: int
    cards: tuple[Card, ...]
    stake: int


@dataclass(frozen=True)
class PlayerStands(Event):
    """A player stands; `visible` is what the others can see of the hand."""

    seat: int
    visible: int
    total: int


@dataclass(frozen=True)
class BankIdle(Event):
    """Every player went over 7½: the bank does not play."""


@dataclass(frozen=True)
class BankReveal(Event):
    """The bank turns its first card face up to play."""

    card: Card
    total: int


@dataclass(frozen=True)
class BankDecides(Event):
    """The bank draws or stands; `decision` holds the engine's bank's exact expected results when it decided."""

    draws: bool
    total: int
    decision: BankDecision | None = None


@dataclass(frozen=True)
class BankCard(Event):
    """The bank deals itself a card, face up."""

    card: Card
    total: int


@dataclass(frozen=True)
class BankBust(Event):
    """The bank went over 7½."""

    total: int


@dataclass(frozen=True)
class BankSevenAndAHalf(Event):
    """The bank ends on 7½ (and some player stood)."""


#: How a player's bet is settled.
WON, WON_DOUBLE, WON_BANK_BUST, LOST, LOST_TIE, LOST_BUST = (
    "won", "won-double", "won-bank-bust", "lost", "lost-tie", "lost-bust")


@dataclass(frozen=True)
class Settled(Event):
    """One player's bet settled: how (`kind`), the net points, the player's and the bank's totals."""

    seat: int
    kind: str
    net: int
    total: int
    bank: int


@dataclass(frozen=True)
class BankResult(Event):
    """The bank's net points in the hand."""

    net: int


@dataclass(frozen=True)
class TakesBank(Event):
    """A player made 7½ (the bank not) and takes the bank for the next hand."""

    seat: int


# --- a game -----------------------------------------------------------------------------------------------

#: Why the offers for the bank are void.
VOID_SEVEN_AND_A_HALF, VOID_ELIMINATED, VOID_LAST_HAND = "seven-and-a-half", "eliminated", "last-hand"


@dataclass(frozen=True)
class OffersVoid(Event):
    """The offers for the bank made in the hand are void (`reason`)."""

    reason: str


@dataclass(frozen=True)
class BankEliminated(Event):
    """The seat holding the bank has no points left."""

    seat: int


@dataclass(frozen=True)
class BankPasses(Event):
    """`seat` holds the bank from the next hand (`reason`: a 7½ or an eliminated bank)."""

    seat: int
    reason: str


@dataclass(frozen=True)
class OfferAnswered(Event):
    """The bank (`bank`) accepts or refuses the best offer, `offer` points from `seat`."""

    seat: int
    offer: int
    bank: int
    accepted: bool


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over after `hands` hands; `winners` share the best score, `points`."""

    hands: int
    winners: tuple[int, ...]
    points: int
