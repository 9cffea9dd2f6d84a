"""The typed events of a shoe and a coup of Treinta y Cuarenta; each carries the rule that applied.

Examples:
    >>> from naipes.core.cards import Card
    >>> from naipes.games.treinta_y_cuarenta.rules import ROWS_STOP
    >>> event = RowDealt("negra", 33, 4, rule=ROWS_STOP)
    >>> event.total, event.rule.source
    (33, '001')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.cards import Card
from ...core.model import Event

# --- the shoe ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PackCut(Event):
    """The pack is cut: `cards` move from the top to the bottom, by `who` (`player` or `croupier`)."""

    who: str
    cards: int
    total: int


@dataclass(frozen=True)
class SeparatorPlaced(Event):
    """The separator leaves `out_of_play` cards out of play at the bottom of the pack."""

    out_of_play: int
    total: int


@dataclass(frozen=True)
class CardsBurned(Event):
    """The first cards of the shoe are burned."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SeparatorReached(Event):
    """The separator came out: during a coup, void (`True`) or finished (`False`), or right after one (`None`).

    Either way the shoe ends.
    """

    void: bool | None


# --- a coup -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardToRow(Event):
    """A card dealt to a row (`negra` or `roja`), with the row's new total; `first` for the coup's first card."""

    row: str
    card: Card
    total: int
    first: bool = False


@dataclass(frozen=True)
class RowDealt(Event):
    """A row has reached or passed 31: it ends on `total`, with `cards` cards."""

    row: str
    total: int
    cards: int


@dataclass(frozen=True)
class CoupResult(Event):
    """The croupier's announcement: both totals, the winning row (or `None`), and couleur or inverse.

    `winner` is `negra`, `roja` or `None` (equal rows); `couleur` is `True` when couleur wins, `False` when
    inverse does, `None` on equal rows; `first_black` is the first card's colour.
    """

    negra: int
    roja: int
    winner: str | None
    couleur: bool | None
    first_black: bool


@dataclass(frozen=True)
class CoupVoid(Event):
    """The coup is void: the separator came out before it was complete; every bet is returned."""


# --- the bets ------------------------------------------------------------------------------------------

#: How a stake is settled.
WON, LOST, STANDS, HALF_LOST, TO_PRISON, FREED, PRISON_LOST, STILL_IN_PRISON, RETURNED = (
    "won", "lost", "stands", "half-lost", "to-prison", "freed", "prison-lost", "still-in-prison", "returned")


@dataclass(frozen=True)
class BetSettled(Event):
    """One stake on one chance settled: how (`kind`), the stake and the net result (`net`, + for the player).

    `in_prison` is true for a stake that was in prison before this coup.
    """

    bet: str
    stake: Fraction
    kind: str
    net: Fraction
    in_prison: bool = False
