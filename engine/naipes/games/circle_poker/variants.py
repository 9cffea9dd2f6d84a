"""The circle poker variants of the sources: how each deals its cards and how a player's hand is formed.

Source 001 describes four games "de círculo": five-card stud ("la primera se
entrega cerrada y las restantes cuatro abiertas"), Texas Hold'em (two closed
cards, five community cards "las tres primeras se reparten juntas y las dos
siguientes sucesivamente por separado"), seven-card stud ("3 cartas iniciales
- dos cerradas y una abierta- ... posteriormente, otras 4 -tres abiertas y la
cuarta cerrada-") and Omaha (four closed cards and five community cards, the
hand "escogiendo 2 de sus cartas individuales y 3 de las cartas
comunitarias"). A `Variant` writes that down as data: its streets (rounds of
one card to each player, face up or down, or community cards turned
together), a betting interval after each street, and how a hand is formed.

Examples:
    >>> HOLDEM.own_cards, HOLDEM.board_cards, HOLDEM.betting_intervals
    (2, 5, 4)
    >>> SEVEN_CARD_STUD.own_cards, SEVEN_CARD_STUD.betting_intervals, OMAHA.hole_used
    (7, 5, 2)
    >>> [s.describe() for s in FIVE_CARD_STUD.streets]
    ['down up', 'up', 'up', 'up']
    >>> variant("razz")
    Traceback (most recent call last):
    ...
    naipes.core.errors.SpecError: Unknown variant 'razz': use holdem, omaha, seven-card-stud or five-card-stud.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import SpecError
from ...core.i18n import N_

#: A round of the deal: one card to each active player, face down (`DOWN`) or face up (`UP`).
DOWN = "down"
UP = "up"
#: Community cards turned together in the middle of the table.
BOARD = "board"


@dataclass(frozen=True)
class Street:
    """What is dealt before one betting interval: rounds of one card to each player, or community cards.

    Attributes:
        rounds: `DOWN`/`UP` rounds, in order (one card to each active player per round).
        board: community cards turned together (0 when the street deals to the players).
    """

    rounds: tuple[str, ...] = ()
    board: int = 0

    def describe(self) -> str:
        """The street in words of the model (`down down up`, `board 3`)."""
        return " ".join(self.rounds) if self.rounds else f"{BOARD} {self.board}"


@dataclass(frozen=True)
class Variant:
    """One circle variant: its name, its streets and how a hand is formed at the showdown.

    Attributes:
        id: the variant's id (`holdem`), also its game id.
        name: its name (a msgid).
        streets: the streets in order; a betting interval follows each.
        hole_used: exactly this many of the player's own cards make the hand (Omaha: 2); `None` for any.
        text: how the deal goes, in words (a msgid), for pages and tables.
    """

    id: str
    name: str
    streets: tuple[Street, ...]
    hole_used: int | None
    text: str

    @property
    def own_cards(self) -> int:
        """Cards each player receives."""
        return sum(len(street.rounds) for street in self.streets)

    @property
    def board_cards(self) -> int:
        """Community cards."""
        return sum(street.board for street in self.streets)

    @property
    def betting_intervals(self) -> int:
        """Betting intervals (one after each street): the source's "espacios de apuestas"."""
        return len(self.streets)

    @property
    def board_used(self) -> int | None:
        """Community cards a hand takes exactly (Omaha: 3), `None` for any."""
        return None if self.hole_used is None else 5 - self.hole_used

    @property
    def stud(self) -> bool:
        """Some of each player's cards are dealt face up (the stud games)."""
        return any(UP in street.rounds for street in self.streets)

    def up_rounds(self) -> tuple[bool, ...]:
        """For each of a player's own cards in dealing order, whether it is dealt face up."""
        return tuple(kind == UP for street in self.streets for kind in street.rounds)

    def cards_needed(self, players: int) -> int:
        """Cards a hand takes from the deck with `players` players."""
        return players * self.own_cards + self.board_cards

    def max_players(self, deck_size: int) -> int:
        """The most players one deck of `deck_size` cards can deal this variant to."""
        return (deck_size - self.board_cards) // self.own_cards


HOLDEM = Variant(
    "holdem", N_("Texas Hold'em"),
    (Street((DOWN, DOWN)), Street(board=3), Street(board=1), Street(board=1)), None,
    N_("two cards face down to each player, then five community cards: three together, then one and one; the "
       "best five of the seven cards"))
OMAHA = Variant(
    "omaha", N_("Omaha"),
    (Street((DOWN,) * 4), Street(board=3), Street(board=1), Street(board=1)), 2,
    N_("four cards face down to each player, then five community cards: three together, then one and one; the "
       "hand takes exactly two of the player's cards and three community cards"))
SEVEN_CARD_STUD = Variant(
    "seven-card-stud", N_("Seven-card stud"),
    (Street((DOWN, DOWN, UP)), Street((UP,)), Street((UP,)), Street((UP,)), Street((DOWN,))), None,
    N_("two cards face down and one face up to each player, then three face up and a last one face down, one at "
       "a time; the best five of the seven cards"))
FIVE_CARD_STUD = Variant(
    "five-card-stud", N_("Five-card stud"),
    (Street((DOWN, UP)), Street((UP,)), Street((UP,)), Street((UP,))), None,
    N_("one card face down and four face up to each player, one at a time; the five cards are the hand"))

#: Every variant by id, in the order the pages show them.
VARIANTS = {v.id: v for v in (HOLDEM, OMAHA, SEVEN_CARD_STUD, FIVE_CARD_STUD)}


def variant(name: str) -> Variant:
    """The variant `name`.

    Raises:
        SpecError: an unknown variant.
    """
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise SpecError("Unknown variant {name!r}: use holdem, omaha, seven-card-stud or five-card-stud.",
                        name=str(name)) from None
