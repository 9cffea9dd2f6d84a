"""The baccarat family's shared kernel: card points, hand totals, drawing rules, compositions, shared events.

Every game of the family (Punto y Banca and its small tables, Mini-Bacará,
chemin de fer, the dos paños) counts a card's points the same way (ace 1, two
to nine at face value, tens and figures 0), totals a hand by its units digit,
deals from French decks and draws a third card by rules of the same shape:
totals on which the punto draws, and the banca's table by its total and the
punto's third card.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> hand_total(card_points(c) for c in parse_cards("9s 8h"))
    7
    >>> SOURCE_004_DRAWING.banker_draws(3, 8), SOURCE_004_DRAWING.banker_draws(6, None)
    (False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

from ...core.cards import FRENCH, Card, CardClasses
from ...core.errors import CardError, RulesError
from ...core.i18n import N_
from ...core.model import Event, Rule
from ...core.sources import BACCARAT_SHEET
from ...core.vocabulary import Word

class Side(Word):
    """The two hands of a baccarat coup, and the tie between them."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


PLAYER, BANKER, TIE = Side.PLAYER, Side.BANKER, Side.TIE
#: The two-card totals that make a natural: "el 8 y el 9 son naturales".
NATURALS = frozenset({8, 9})


def card_points(card: Card) -> int:
    """A card's points in the baccarat family: ace 1, two to nine at face value, ten and figures 0.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> [card_points(c) for c in parse_cards("As 9d Th Kc")]
        [1, 9, 0, 0]
    """
    return _RANK_POINTS[card.rank]


_RANK_POINTS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 0, "J": 0, "Q": 0, "K": 0}
#: The ten classes a baccarat coup tells apart: a card's points, 0 to 9.
POINTS = CardClasses("baccarat-points", FRENCH, 10, card_points)


def hand_total(points: Iterable[int]) -> int:
    """A hand's total: the units digit of the sum of its cards' points.

    Examples:
        >>> hand_total([8, 9])
        7
    """
    return sum(points) % 10


def outcome(player: int, banker: int) -> str:
    """Who wins on these final totals.

    Examples:
        >>> outcome(9, 8), outcome(3, 3), outcome(2, 7)
        ('player', 'tie', 'banker')
    """
    return TIE if player == banker else (PLAYER if player > banker else BANKER)


def deck_counts(decks: int) -> tuple[int, ...]:
    """Cards per point value 0–9 in `decks` French decks (tens and figures are the 0s).

    Raises:
        RulesError: `decks` is not a whole number from 1 to 8.

    Examples:
        >>> deck_counts(1)
        (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= 8:
        raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=decks)
    return POINTS.full(decks)


def counts_without(counts: Sequence[int], cards: Iterable[Card]) -> tuple[int, ...]:
    """A composition by points once `cards` are out of it; the error names a card the shoe lacks.

    (For a full shoe, `POINTS.without(decks, cards)` also checks each card by rank and suit.)

    Raises:
        CardError: no card of that value is left.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> counts_without(deck_counts(1), parse_cards("As Kd Qh"))
        (14, 3, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    left = list(counts)
    for card in cards:
        value = card_points(card)
        if left[value] == 0:
            raise CardError("Card {card} cannot be removed: the shoe has no more cards of value {value}.",
                            card=str(card), value=value)
        left[value] -= 1
    return tuple(left)


# --- drawing rules ------------------------------------------------------------------------------------

#: The banca's third-card table exactly as printed in source 004: one row per banca total (0–7, indexed by
#: total), one letter per value of the punto's third card (0–9); `D` = draw (pedir), `S` = stand (pasar).
BANKER_TABLE_004 = (
    "DDDDDDDDDD",  # 0
    "DDDDDDDDDD",  # 1
    "DDDDDDDDDD",  # 2
    "DDDDDDDDSD",  # 3
    "SSDDDDDDSS",  # 4
    "SSSSDDDDSS",  # 5
    "SSSSSSDDSS",  # 6
    "SSSSSSSSSS",  # 7
)


@dataclass(frozen=True)
class DrawingRules:
    """Who draws a third card: the punto's totals that draw, and the banca's table.

    Attributes:
        name: the table's name (`source-004`).
        player_draws_on: the punto's two-card totals that draw (the others, below 8, stand).
        banker_table: eight rows (banca totals 0–7) of ten letters, one per punto's third card 0–9
            (`D` draw, `S` stand).
        banker_draws_when_player_stood: the banca's totals that draw when the punto stood.
        source: the source document that prints the table.
    """

    name: str
    player_draws_on: frozenset[int]
    banker_table: tuple[str, ...]
    banker_draws_when_player_stood: frozenset[int]
    source: str | None = None

    def __post_init__(self) -> None:
        if len(self.banker_table) != 8 or any(len(row) != 10 or set(row) - {"D", "S"} for row in self.banker_table):
            raise RulesError("A banker's table needs a row of ten D/S letters for each total from 0 to 7.")

    def player_draws(self, total: int) -> bool:
        """True when a punto on two-card `total` draws."""
        return total in self.player_draws_on

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """True when the banca on `total` draws, given the punto's third card (`None`: the punto stood)."""
        if total >= 8:
            return False
        if player_third is None:
            return total in self.banker_draws_when_player_stood
        return self.banker_table[total][player_third] == "D"

    def thirds_drawing(self, total: int) -> frozenset[int]:
        """The punto's third cards on which the banca with `total` draws."""
        return frozenset(v for v in range(10) if self.banker_draws(total, v))

    def player_rule(self, total: int) -> Rule:
        """The rule that applies to a punto on two-card `total` (draw or stand)."""
        if self.player_draws(total):
            return Rule(N_("the punto draws on {totals}"), (("totals", self.player_draws_on),), self.source)
        stands = frozenset(range(8)) - self.player_draws_on
        return Rule(N_("the punto stands on {totals}"), (("totals", stands),), self.source)

    def banker_rule(self, total: int, player_third: int | None) -> Rule:
        """The rule that applies to the banca on `total`, given the punto's third card (`None`: he stood)."""
        if player_third is None:
            if self.banker_draws(total, None):
                return Rule(N_("when the punto stands, the banca draws on {totals}"),
                            (("totals", self.banker_draws_when_player_stood),), self.source)
            stands = frozenset(range(8)) - self.banker_draws_when_player_stood
            return Rule(N_("when the punto stands, the banca stands on {totals}"), (("totals", stands),),
                        self.source)
        thirds = self.thirds_drawing(total)
        if not thirds:
            return Rule(N_("banker's table: with {total} the banca stands whatever the punto's third card"),
                        (("total", total),), self.source)
        if len(thirds) == 10:
            return Rule(N_("banker's table: with {total} the banca draws whatever the punto's third card"),
                        (("total", total),), self.source)
        return Rule(N_("banker's table: with {total} the banca draws when the punto's third card is {cards}"),
                    (("total", total), ("cards", thirds)), self.source)


SOURCE_004_DRAWING = DrawingRules("source-004", frozenset(range(6)), BANKER_TABLE_004, frozenset(range(6)),
                                  BACCARAT_SHEET)
NATURAL_RULE = Rule(N_("an 8 or a 9 on the first two cards is a natural and ends the coup"), (), BACCARAT_SHEET)


def two_card_total(cards: Sequence[Card]) -> int:
    """The total of a hand's first two cards."""
    return hand_total(card_points(c) for c in cards[:2])


# --- events shared by the family ------------------------------------------------------------------------

@dataclass(frozen=True)
class CardDealt(Event):
    """A card goes to a hand (`hand`: player, banker, pano1, box2, ...), which now holds `cards` cards."""

    hand: str
    card: Card
    total: int
    cards: int
    face_down: bool = False


@dataclass(frozen=True)
class NaturalShown(Event):
    """Two-card totals with a natural (8 or 9) on either side: the coup ends."""

    player: int
    banker: int


@dataclass(frozen=True)
class ThirdCardRule(Event):
    """A hand draws or stands because a rule says so (the drawing rules, or a conduct's rule).

    `third` is the punto's third card when the banca decides (`None` if he stood).
    """

    hand: str
    total: int
    draws: bool
    third: int | None = None


@dataclass(frozen=True)
class CoupResult(Event):
    """The coup's result: who wins on these totals; `void_tie` when a tie voids the coup (no tie bet)."""

    winner: str
    player: int
    banker: int
    void_tie: bool = False


class TwoHands:
    """The punto's and the banca's hands of a baccarat-family coup, with their cards' points and totals.

    The points are kept beside the cards because exact walks read the totals at every node.
    """

    player: list[Card]
    banker: list[Card]
    player_points: list[int]
    banker_points: list[int]

    def _new_hands(self) -> None:
        self.player, self.banker, self.player_points, self.banker_points = [], [], [], []

    def _give(self, hand: str, card: Card) -> int:
        """Give `card` to `hand` (player or banker); return the hand's new total."""
        points = self.player_points if hand == PLAYER else self.banker_points
        (self.player if hand == PLAYER else self.banker).append(card)
        points.append(card_points(card))
        return sum(points) % 10

    @property
    def player_total(self) -> int:
        return sum(self.player_points) % 10

    @property
    def banker_total(self) -> int:
        return sum(self.banker_points) % 10

    @property
    def player_third(self) -> int | None:
        """The points of the punto's third card, or `None` if he stood."""
        return self.player_points[2] if len(self.player_points) == 3 else None

    def two_hand_key(self) -> Hashable:
        """What the rest of a two-hand coup depends on: each hand's size, two-card total and third card."""
        p, b = self.player_points, self.banker_points
        return (len(p), len(b), sum(p[:2]) % 10, tuple(p[2:]), sum(b[:2]) % 10, tuple(b[2:]))
