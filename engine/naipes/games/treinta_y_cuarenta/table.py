"""The shoe of Treinta y Cuarenta and a table playing it: shuffle, cut, separator, burn, coups, bets and prison.

The procedure of source 001: the shuffled pack is cut (by the person nearest
the croupier's right, or by the croupier in the middle), the separator is put
back leaving from one deck to about half the pack out of play, the shoe is
filled and its first five cards are burned. Coups are dealt until the
separator comes out; the pack is then formed again ("El mismo procedimiento
debe emplearse cada vez que se termine el mazo…"). Every coup is dealt by the
one driver (`naipes.core.drive.play`), card by card, so that the table can
stop where the separator is (the rules' `separator_reached`).

`Table` plays coup after coup with the reader's stakes: a table of one seed
is a sequence of shoes, the first shuffled with the seed and each next one
with a seed derived from it, and the stakes in prison carry over from coup to
coup (and from shoe to shoe).

Examples:
    >>> from naipes.games.treinta_y_cuarenta.rules import PRESETS
    >>> shoe = open_shoe(PRESETS.get(), seed=7)
    >>> [type(e).__name__ for e in shoe.events]
    ['PackCut', 'SeparatorPlaced', 'CardsBurned']
    >>> 52 <= shoe.out_of_play <= 156, shoe.shoe.remaining
    (True, 307)
    >>> table = Table(PRESETS.get(), seed=7)
    >>> played = table.play({"noir": 10})
    >>> played.coup.is_terminal(), len(played.settled)
    (True, 1)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping

from ...core.cards import FRENCH, full_deck
from ...core.drive import play
from ...core.errors import IllegalActionError
from ...core.model import Event
from ...core.rng import SeededRandom
from ...core.shoe import MAX_SEED, Shoe, StopCard, check_seed
from .coup import TreintaCoup, check_decks, check_stakes, no_decisions, settle
from .events import BetSettled, CardsBurned, PackCut, SeparatorPlaced, SeparatorReached
from .rules import (BURN, CROUPIER_CUTS, CUT_BY_CROUPIER, CUT_BY_PLAYER, DECK_SIZE, SEPARATOR, SEPARATOR_FINISHES,
                    SEPARATOR_VOIDS, VOID, TreintaRules)

#: A table replays at most this many coups (a tampered state cannot make a replay run long).
MAX_COUPS = 200
_GOLDEN = 0x9E3779B97F4A7C15


@dataclass
class OpenShoe:
    """A shoe ready to deal: the shoe (with the separator), the events of its preparation, the cards out of play."""

    shoe: Shoe
    events: list[Event]
    out_of_play: int
    separator_out: bool = False


def open_shoe(rules: TreintaRules, seed: int) -> OpenShoe:
    """Shuffle `rules.decks` decks with `seed`, cut, place the separator and burn, as source 001 orders.

    The cut and the separator's place are drawn with the same seeded
    generator as the shuffle, after it, so a seed gives the same shoe
    everywhere.

    Raises:
        RulesError: fewer than two decks, or a bad seed.

    Examples:
        >>> from naipes.games.treinta_y_cuarenta.rules import PRESETS
        >>> a, b = open_shoe(PRESETS.get(), 3), open_shoe(PRESETS.get(), 3)
        >>> a.shoe.remaining_cards() == b.shoe.remaining_cards()
        True
    """
    check_decks(rules)
    rng = SeededRandom(check_seed(seed))
    cards = list(full_deck(FRENCH)) * rules.decks
    rng.shuffle(cards)
    total = len(cards)
    if rules.cut == CROUPIER_CUTS:
        at, rule = total // 2, CUT_BY_CROUPIER
    else:  # at least one deck from either end
        at, rule = DECK_SIZE + rng.below(total - 2 * DECK_SIZE + 1), CUT_BY_PLAYER
    cards = cards[at:] + cards[:at]
    low, high = rules.separator_range
    out_of_play = rules.out_of_play if rules.out_of_play is not None else low + rng.below(high - low + 1)
    shoe = Shoe(cards, StopCard(out_of_play))
    burned = shoe.burn(rules.burn)
    events: list[Event] = [PackCut(rules.cut, at, total, rule=rule),
                           SeparatorPlaced(out_of_play, total, rule=SEPARATOR),
                           CardsBurned(burned.burned, rule=BURN)]
    return OpenShoe(shoe, events, out_of_play)


def deal_coup(rules: TreintaRules, opened: OpenShoe) -> tuple[TreintaCoup, list[Event]]:
    """Deal one coup from an open shoe, card by card, stopping as the rules say where the separator is.

    Returns:
        The coup, and the events of the separator if it came out (the coup is then void or finished).

    Raises:
        IllegalActionError: the separator has come out already.

    Examples:
        >>> from dataclasses import replace
        >>> from naipes.games.treinta_y_cuarenta.rules import PRESETS
        >>> opened = open_shoe(replace(PRESETS.get(), out_of_play=52), 2)
        >>> while not opened.separator_out:
        ...     coup, separator = deal_coup(PRESETS.get(), opened)
        >>> coup.is_void, type(separator[0]).__name__
        (True, 'SeparatorReached')
    """
    if opened.separator_out:
        raise IllegalActionError("The separator has come out: the shoe is over.")
    coup = TreintaCoup(rules)
    conduct = no_decisions(rules)
    separator: list[Event] = []
    # One call of the driver deals as many cards as are left before the separator (or the whole coup).
    play(coup, opened.shoe, conduct, limit=opened.shoe.cards_before_stop)
    if not coup.is_terminal():  # the next card is the separator
        opened.separator_out = True
        void = rules.separator_reached == VOID
        rule = SEPARATOR_VOIDS if void else SEPARATOR_FINISHES
        separator.append(SeparatorReached(void, rule=rule))
        if void:
            coup.void(rule=rule)
        else:
            play(coup, opened.shoe, conduct)
    elif opened.shoe.cards_before_stop == 0:  # it shows right after the coup
        opened.separator_out = True
        separator.append(SeparatorReached(None, rule=SEPARATOR))
    return coup, separator


def shoe_seed(seed: int, number: int) -> int:
    """The seed of a table's shoe `number` (0 is the table's own seed).

    Examples:
        >>> shoe_seed(7, 0), shoe_seed(7, 1) != shoe_seed(7, 2)
        (7, True)
    """
    return check_seed(seed) if number == 0 else (seed + number * _GOLDEN) & MAX_SEED


@dataclass
class PlayedCoup:
    """One coup as the table played it: the shoe it opened (if any), the coup, the separator, the settlement."""

    number: int
    shoe_number: int
    opening: list[Event]
    coup: TreintaCoup
    separator: list[Event]
    stakes: dict[str, Fraction]
    settled: list[BetSettled]
    prison: dict[str, Fraction]

    @property
    def net(self) -> Fraction:
        """The stakes' net result in this coup (+ for the player)."""
        return sum((event.net for event in self.settled), Fraction(0))


@dataclass
class Table:
    """A table dealing coup after coup from shoes of one seed, with the reader's stakes and the prison.

    Examples:
        >>> from naipes.games.treinta_y_cuarenta.rules import PRESETS
        >>> table = Table(PRESETS.get(), seed=11)
        >>> for _ in range(3):
        ...     _ = table.play({"rouge": 5, "inverse": 5})
        >>> len(table.played), table.balance == sum(c.net for c in table.played)
        (3, True)
    """

    rules: TreintaRules
    seed: int
    played: list[PlayedCoup] = field(default_factory=list)
    prison: dict[str, Fraction] = field(default_factory=dict)
    shoe_number: int = -1
    opened: OpenShoe | None = None

    def __post_init__(self) -> None:
        check_decks(self.rules)
        check_seed(self.seed)

    @property
    def balance(self) -> Fraction:
        """The reader's net result so far."""
        return sum((coup.net for coup in self.played), Fraction(0))

    def copy(self) -> "Table":
        """A table that plays on from here without changing this one (the coups played are shared, read only).

        Examples:
            >>> from naipes.games.treinta_y_cuarenta.rules import PRESETS
            >>> table = Table(PRESETS.get(), seed=11)
            >>> _ = table.play({"noir": 5})
            >>> later = table.copy()
            >>> _ = later.play({"noir": 5})
            >>> len(table.played), len(later.played)
            (1, 2)
        """
        opened = self.opened and replace(self.opened, shoe=copy.copy(self.opened.shoe))
        return replace(self, played=list(self.played), prison=dict(self.prison), opened=opened)

    def play(self, stakes: Mapping[str, object]) -> PlayedCoup:
        """Deal the next coup (opening a new shoe when needed) and settle `stakes` and the stakes in prison.

        Raises:
            SpecError: an unknown chance.
            RulesError: a bad stake.
            IllegalActionError: more coups than a table replays.
        """
        checked = check_stakes(stakes)
        if len(self.played) >= MAX_COUPS:
            # TRANSLATORS: {n} is never 1: it is MAX_COUPS, 60.
            raise IllegalActionError("A table plays at most {n} coups; start a new one.", n=MAX_COUPS)
        opening: list[Event] = []
        if self.opened is None or self.opened.separator_out:
            self.shoe_number += 1
            self.opened = open_shoe(self.rules, shoe_seed(self.seed, self.shoe_number))
            opening = list(self.opened.events)
        coup, separator = deal_coup(self.rules, self.opened)
        settled, self.prison = settle(coup, checked, self.prison)
        played = PlayedCoup(len(self.played) + 1, self.shoe_number, opening, coup, separator, checked, settled,
                            dict(self.prison))
        self.played.append(played)
        return played
