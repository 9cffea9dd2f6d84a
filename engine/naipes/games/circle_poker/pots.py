"""Settling the pot of a circle hand: the main pot and the side pots of players all-in, and the house's take.

"Al final de les apostes tots els jugadors que romanguin en joc («actius») han
d'haver posat el mateix valor de fitxes al pot" (source 002 §12.VII): a player
who has no chips left to match a bet goes *all-in*, and plays only for what
every other player matched of it. So the pot is cut in layers: the **main
pot** holds, from every player, up to the smallest stake of the players still
in; each **side pot** the next layer, which only the players who put that
much can win. Folded players' chips stay in the pots they reached but those
players win none. A chip nobody matched (the largest bet above every other)
goes back to its owner.

The house's share (`rake`, with the `pot-percentage` option) comes out of
each pot, rounded down to a whole chip (with a cap on the hand's take, the
main pot pays first); each pot then goes to the best
hand among the players who can win it, split in whole chips, the odd chips one
each to the winners nearest the *mà* (first in dealing order).

Examples:
    >>> pots = side_pots([100, 250, 250, 400], folded=[False, False, True, False])
    >>> [(p.chips, p.eligible) for p in pots], returned([100, 250, 250, 400])
    ([(400, (0, 1, 3)), (450, (1, 3))], {3: 150})
    >>> settle([100, 250, 250, 400], [False, False, True, False], places=[1, 2, None, 2]).net
    (300, -25, -250, -25)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ...core.errors import RulesError
from .coup import split


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the players (from 0) who can win it."""

    chips: int
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class PotResult:
    """A pot settled: its chips before and after the house's share, the winners and what each takes."""

    pot: Pot
    house: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class Settlement:
    """Every pot settled, the chips returned unmatched, the house's take and each player's net result."""

    pots: tuple[PotResult, ...]
    returned: dict[int, int]
    house: int
    net: tuple[int, ...]


def _check(stakes: Sequence[int], folded: Sequence[bool]) -> None:
    if not 2 <= len(stakes) <= 10 or len(folded) != len(stakes):
        raise RulesError("A pot is settled between 2 and 10 players, not {n}.", n=len(stakes))
    if any(not isinstance(s, int) or s < 0 for s in stakes):
        raise RulesError("Every stake is a whole number of chips, 0 or more.")
    if all(folded):
        raise RulesError("At least one player must still be in the hand.")


def returned(stakes: Sequence[int]) -> dict[int, int]:
    """The chips of the largest stake that nobody matched, given back to its player.

    Examples:
        >>> returned([50, 50, 20])
        {}
    """
    top = max(stakes)
    if list(stakes).count(top) > 1:
        return {}
    second = max([s for s in stakes if s != top], default=0)
    return {list(stakes).index(top): top - second}


def side_pots(stakes: Sequence[int], folded: Sequence[bool]) -> list[Pot]:
    """The main pot and the side pots of the chips each player put in (`stakes`), unmatched chips given back.

    Raises:
        RulesError: fewer than 2 or more than 10 players, a negative stake, or every player folded.
    """
    _check(stakes, folded)
    back = returned(stakes)
    put = [s - back.get(i, 0) for i, s in enumerate(stakes)]
    levels = sorted({put[i] for i in range(len(put)) if not folded[i] and put[i] > 0})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        chips = sum(min(p, level) - min(p, below) for p in put)
        eligible = tuple(i for i in range(len(put)) if not folded[i] and put[i] >= level)
        pots.append(Pot(chips, eligible))
        below = level
    left = sum(put) - sum(p.chips for p in pots)  # folded chips above every active stake join the last pot
    if left and pots:
        pots[-1] = Pot(pots[-1].chips + left, pots[-1].eligible)
    return pots


def settle(stakes: Sequence[int], folded: Sequence[bool], places: Sequence[int | None], rake: Fraction = Fraction(0),
           cap: int | None = None, order: Sequence[int] | None = None) -> Settlement:
    """Settle a hand: each pot to the best-placed eligible players, after the house's share.

    Args:
        stakes: the chips each player put in the pot this hand.
        folded: who folded.
        places: each active player's place at the showdown (1 is the best hand; equal places share), `None` for
            the folded ones.
        rake: the house's share of every pot (0 with a fee per seat and hour).
        cap: the most chips the house takes from the hand.
        order: the players in dealing order from the mà (the odd chips go first to the first of them).

    Raises:
        RulesError: bad stakes, or an active player without a place.
    """
    pots = side_pots(stakes, folded)
    if any(p is None for i, p in enumerate(places) if not folded[i]):
        raise RulesError("Every player still in the hand needs a place at the showdown.")
    order = list(order) if order is not None else list(range(len(stakes)))
    results = []
    left = cap
    for pot in pots:
        share = int(pot.chips * rake)  # the house's share of this pot, rounded down to a whole chip
        if left is not None:  # a cap on the hand's take: the main pot pays first
            share = min(share, left)
            left -= share
        best = min(places[i] for i in pot.eligible)  # type: ignore[type-var]
        winners = tuple(sorted((i for i in pot.eligible if places[i] == best), key=order.index))
        results.append(PotResult(pot, share, winners, split(pot.chips - share, len(winners))))
    house = sum(r.house for r in results)
    back = returned(stakes)
    won = [0] * len(stakes)
    for result in results:
        for i, chips in zip(result.winners, result.shares):
            won[i] += chips
    net = tuple(won[i] + back.get(i, 0) - stakes[i] for i in range(len(stakes)))
    return Settlement(tuple(results), back, house, net)
