"""The typed events of a Black Jack or Challenge 21 coup; each carries the rule that applied.

Boxes (*casillas*) are numbered from 0 (the narration says "Box 1"), a box's
hands too (a split makes more hands); rounds (*rondas*, Challenge 21) from 1.
Amounts are in betting units, as exact fractions; `rounds` says how many
rounds the coup has (1 in Black Jack, 3 in Challenge 21), so that the
narration names the round only when there are several.

Examples:
    >>> from naipes.core.cards import Card
    >>> from naipes.games.black_jack.hands import Total
    >>> CardToHand(0, 0, Card("A", "s"), Total(11, True)).total.soft
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.cards import Card
from ...core.model import Event
from .hands import Total


@dataclass(frozen=True)
class BetsPlaced(Event):
    """A box's bets: one per round it plays (one in Black Jack, two or three in Challenge 21), and Perfect Pairs."""

    box: int
    bets: tuple[int, ...]
    perfect_pairs: int


@dataclass(frozen=True)
class CardToHand(Event):
    """A card dealt to one of a box's hands, with the hand's total after it."""

    box: int
    hand: int
    card: Card
    total: Total


@dataclass(frozen=True)
class DealerCard(Event):
    """A card the dealer takes (`round` 1 to 3: the dealer's hand it goes to)."""

    card: Card
    total: Total
    round: int
    rounds: int = 1



@dataclass(frozen=True)
class HoleCardDealt(Event):
    """With the American peek, the dealer's second card of the deal, face down (the narration does not name it)."""


@dataclass(frozen=True)
class DealerPeeks(Event):
    """With the peek and an ace or a ten-valued card up, the dealer looks at its hole card for a black jack."""

    blackjack: bool


@dataclass(frozen=True)
class HoleCardTurned(Event):
    """The dealer turns its hole card face up (a black jack found at the peek, or its turn to play)."""

    card: Card
    total: Total


@dataclass(frozen=True)
class PerfectPairsSettled(Event):
    """The Perfect Pairs bet of a box: the kind of pair (`None`: no pair) and the net result."""

    box: int
    kind: str | None
    net: Fraction


@dataclass(frozen=True)
class BlackjackPaidAtOnce(Event):
    """A box's black jack paid at once (the dealer's first card cannot make one)."""

    box: int
    net: Fraction


@dataclass(frozen=True)
class BlackjackWaits(Event):
    """A box's black jack waits for the dealer's hand (the dealer's first card is an ace, a ten or a figure)."""

    box: int


@dataclass(frozen=True)
class InsuranceDecided(Event):
    """A box insures (`amount` staked) or not against the dealer's black jack in one round."""

    box: int
    round: int
    amount: Fraction
    rounds: int = 1



@dataclass(frozen=True)
class EvenMoneyDecided(Event):
    """A box with a black jack against the dealer's ace takes even money (`net` paid now) or waits."""

    box: int
    taken: bool
    net: Fraction


@dataclass(frozen=True)
class PlayerActs(Event):
    """A box's hand hits, stands, doubles, splits or surrenders (`action`)."""

    box: int
    hand: int
    action: str
    total: Total


@dataclass(frozen=True)
class HandBusts(Event):
    """A hand passes 21: its bets (`lost`, every round's) are collected at once."""

    box: int
    hand: int
    total: int
    lost: Fraction


@dataclass(frozen=True)
class HandSurrenders(Event):
    """A hand gives up half of its bets (`lost`)."""

    box: int
    hand: int
    lost: Fraction


@dataclass(frozen=True)
class DealerStands(Event):
    """The dealer stands on `total` in a round."""

    total: int
    round: int
    rounds: int = 1



@dataclass(frozen=True)
class DealerBust(Event):
    """The dealer passes 21 in a round."""

    total: int
    round: int
    rounds: int = 1



@dataclass(frozen=True)
class DealerBlackjack(Event):
    """The dealer's first two cards make 21 in a round."""

    round: int
    rounds: int = 1



@dataclass(frozen=True)
class DealerIdle(Event):
    """No bet waits for the dealer's hand: it takes no more cards."""


#: How a hand's bet in a round is settled.
WINS, LOSES, PUSH, BLACKJACK_WINS, BLACKJACK_PUSH, LOSES_TO_BLACKJACK = (
    "wins", "loses", "push", "blackjack-wins", "blackjack-push", "loses-to-blackjack")


@dataclass(frozen=True)
class HandSettled(Event):
    """A hand's bet in a round settled: how (`kind`), the net result, the hand's and the dealer's totals."""

    box: int
    hand: int
    round: int
    kind: str
    net: Fraction
    total: int
    dealer: int | str
    rounds: int = 1



@dataclass(frozen=True)
class InsuranceSettled(Event):
    """An insurance bet settled in a round (won at its payout if the dealer made black jack)."""

    box: int
    round: int
    won: bool
    net: Fraction
    rounds: int = 1



@dataclass(frozen=True)
class RoundOver(Event):
    """A Challenge 21 round ends: the dealer's later cards are discarded and its first card moves to the next box."""

    round: int


@dataclass(frozen=True)
class BoxResult(Event):
    """A box's net result over the coup (main bets, insurance, Perfect Pairs)."""

    box: int
    net: Fraction
