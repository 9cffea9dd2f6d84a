"""The shoe (sabot, distribuïdor): N decks, shuffled by seed, with the stop card and burn.

The sources describe two dealer procedures that change which cards are
played, so both are named rule options:

- `StopCard`: the *carta de detención / carta de detenció* placed so that a
  fixed number of cards stay below it. When it comes out, the coup in
  progress is finished and no other coup is dealt.
- `Burn`: after the stop card is placed, the croupier turns the first card
  and as many cards as its value go to the basket (tens and figures count ten
  for this purpose only).

Examples:
    >>> shoe = Shoe.shuffled(decks=1, seed=7, stop_card=StopCard(7))
    >>> len(shoe), shoe.cards_before_stop
    (52, 45)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import FRENCH, Card, full_deck
from .errors import RulesError, ShoeError, plural
from .rng import SeededRandom

BURN_NONE = "none"
BURN_BY_TURNED_CARD = "turned-card-value"
BURN_FIXED = "fixed"


#: The largest seed: seeds are whole numbers from 0 to 2**63 - 1 everywhere (CLI, widgets, links).
MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """`seed` if it is a whole number from 0 to `MAX_SEED`.

    Raises:
        RulesError: anything else (seeds never wrap around).

    Examples:
        >>> check_seed(7)
        7
        >>> check_seed(2**64)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The seed must be a whole number from 0 to 9223372036854775807, not 18446744073709551616.
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise RulesError("The seed must be a whole number from 0 to {max}, not {value!r}.", max=MAX_SEED, value=seed)
    return seed


def burn_value(card: Card) -> int:
    """How many cards `card` burns when turned at the start of a shoe.

    The sources count tens and figures as ten "for this case only", an ace as one.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> [burn_value(card) for card in parse_cards("As 7d Th Kc")]
        [1, 7, 10, 10]
    """
    if card.rank in ("T", "J", "Q", "K"):
        return 10
    return 1 if card.rank == "A" else int(card.rank)


@dataclass(frozen=True)
class StopCard:
    """Where the stop card goes: `cards_below` cards stay under it.

    Examples:
        >>> StopCard(7).cards_below
        7
    """

    cards_below: int

    def __post_init__(self) -> None:
        if self.cards_below < 0:
            raise RulesError("The stop card needs 0 or more cards below it, not {n}.", n=self.cards_below)


@dataclass(frozen=True)
class Burn:
    """How many cards are burned before the first coup.

    `kind` is `"none"`, `"fixed"` (`count` cards) or `"turned-card-value"`:
    the croupier turns the first card and burns as many cards as its value
    (`burn_value`). The sources do not say whether the turned card is one of
    them (an *interpretation*): with `turned_card_included=False` (the
    default) the turned card goes to the basket and then `value` more cards;
    with `True` the turned card counts as the first of the `value`.

    Examples:
        >>> Burn(BURN_BY_TURNED_CARD).kind
        'turned-card-value'
    """

    kind: str = BURN_NONE
    count: int = 0
    turned_card_included: bool = False

    def __post_init__(self) -> None:
        if self.kind not in (BURN_NONE, BURN_BY_TURNED_CARD, BURN_FIXED):
            raise RulesError("Unknown burn procedure {kind!r}: use none, fixed or turned-card-value.",
                             kind=self.kind)
        if self.count < 0:
            raise RulesError("A fixed burn needs 0 or more cards, not {n}.", n=self.count)


@dataclass(frozen=True)
class BurnResult:
    """What the burn procedure did: the card turned (if any) and every card sent to the basket."""

    turned: Card | None
    burned: tuple[Card, ...]


class Shoe:
    """Cards in dealing order, with the stop card's position.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> shoe = Shoe(parse_cards("As 2h 3d 4c 5s"), stop_card=StopCard(2))
        >>> [str(shoe.draw()) for _ in range(4)], shoe.stop_card_out
        (['As', '2h', '3d', '4c'], True)
    """

    def __init__(self, cards: Sequence[Card], stop_card: StopCard | None = None) -> None:
        self._cards = list(cards)
        self._position = 0
        below = stop_card.cards_below if stop_card else 0
        if below > len(self._cards):
            raise ShoeError(plural("The stop card cannot have {below} card below it in a shoe of {n}.",
                                   "The stop card cannot have {below} cards below it in a shoe of {n}.", "below"),
                            below=below, n=len(self._cards))
        self._stop_index = len(self._cards) - below if stop_card else None
        self.stop_card_out = False

    @classmethod
    def shuffled(cls, decks: int, seed: int, deck: str = FRENCH,
                 stop_card: StopCard | None = None) -> "Shoe":
        """`decks` full decks shuffled with `naipes.core.rng.SeededRandom`.

        Args:
            decks: how many full decks, 1 to 8.
            seed: the shuffle seed, 0 to 2**63 - 1.
            deck: `FRENCH` or `SPANISH`.
            stop_card: where the stop card goes, if the game uses one.

        Raises:
            RulesError: `decks` or `seed` out of range.

        Examples:
            >>> Shoe.shuffled(6, seed=1).remaining
            312
        """
        if not isinstance(decks, int) or not 1 <= decks <= 8:
            raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=decks)
        check_seed(seed)
        cards = list(full_deck(deck)) * decks
        SeededRandom(seed).shuffle(cards)
        return cls(cards, stop_card)

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def remaining(self) -> int:
        """Cards not yet dealt or burned."""
        return len(self._cards) - self._position

    @property
    def cards_before_stop(self) -> int:
        """Cards that can still come out before the stop card does."""
        if self._stop_index is None:
            return self.remaining
        return max(0, self._stop_index - self._position)

    def remaining_cards(self) -> tuple[Card, ...]:
        """The undealt cards in order (the engine's view; a croupier cannot see them)."""
        return tuple(self._cards[self._position:])

    def draw(self) -> Card:
        """Deal the next card; passing the stop card sets `stop_card_out`."""
        if self._position >= len(self._cards):
            raise ShoeError("The shoe is empty.")
        if self._stop_index is not None and self._position >= self._stop_index:
            self.stop_card_out = True
        card = self._cards[self._position]
        self._position += 1
        return card

    def burn(self, procedure: Burn) -> BurnResult:
        """Apply the burn procedure at the top of the shoe.

        Examples:
            >>> from naipes.core.cards import parse_cards
            >>> shoe = Shoe(parse_cards("3h As 2s 4d 9c Kd"))
            >>> result = shoe.burn(Burn(BURN_BY_TURNED_CARD))
            >>> str(result.turned), [str(c) for c in result.burned], str(shoe.draw())
            ('3h', ['3h', 'As', '2s', '4d'], '9c')
        """
        if procedure.kind == BURN_NONE:
            return BurnResult(None, ())
        if procedure.kind == BURN_FIXED:
            return BurnResult(None, tuple(self.draw() for _ in range(procedure.count)))
        turned = self.draw()
        more = burn_value(turned) - 1 if procedure.turned_card_included else burn_value(turned)
        return BurnResult(turned, (turned,) + tuple(self.draw() for _ in range(more)))
