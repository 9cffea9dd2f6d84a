"""Draw Poker's stated strategy: always bet, and which cards to exchange, by the shape of the hand.

Betting is always right: the croupier fails to open about seven times in
ten, and then the ANTE is paid whatever the player holds, so even the worst
hand loses less by betting than the ANTE a fold gives up. The exchange
follows simple rules (the analysis's stated strategy, not an optimum):

- a straight or better: keep the five cards;
- three of a kind: exchange the two others; two pair: exchange the fifth card;
- a pair: keep the pair and the highest other card, exchange the two lowest;
- four cards of one suit, or four in a row open at both ends (2-3-4-5 to 10-J-Q-K; not J-Q-K-A, nor
  A-2-3-4): exchange the fifth;
- otherwise: exchange the two lowest cards.

Examples:
    >>> exchange(codes("9h 9d Kc 4s 2h")), exchange(codes("Ah Kh 7h 2h 9c")), exchange(codes("As Ks Qs Js Ts"))
    ((3, 4), (4,), ())
    >>> exchange(codes("2h 3d 4c 5s Kh")), exchange(codes("Ah Kd Qc Js 3h"))
    ((4,), (3, 4))
"""

from __future__ import annotations

from typing import Sequence

from ..hands import (FOUR_OF_A_KIND, HIGH_CARD, PAIR, THREE_OF_A_KIND, TWO_PAIR, category_of, codes,
                     strength5)

_MAX = 2


def _rank(c: int) -> int:
    return (c >> 8) & 0xF


def exchange(hand: Sequence[int], most: int = _MAX) -> tuple[int, ...]:
    """The positions (0 to 4) of the cards the stated strategy exchanges, at most `most` of them."""
    category = category_of(strength5(*hand))
    ranks = [_rank(c) for c in hand]
    counts = {r: ranks.count(r) for r in ranks}
    if category in (THREE_OF_A_KIND, FOUR_OF_A_KIND):
        lone = [i for i, r in enumerate(ranks) if counts[r] == 1]
        return tuple(lone[:most]) if category == THREE_OF_A_KIND else ()
    if category == TWO_PAIR:
        return tuple(i for i, r in enumerate(ranks) if counts[r] == 1)[:most]
    if category == PAIR:
        lone = sorted((i for i, r in enumerate(ranks) if counts[r] == 1), key=lambda i: ranks[i])
        return tuple(sorted(lone[:most]))
    if category != HIGH_CARD:
        return ()
    suits: dict[int, list[int]] = {}
    for i, c in enumerate(hand):
        suits.setdefault(c & 0xF000, []).append(i)
    for positions in suits.values():
        if len(positions) == 4:
            return tuple(i for i in range(5) if i not in positions)
    for odd in range(5):
        rest = sorted(ranks[i] for i in range(5) if i != odd)
        # four in a row below the ace are open at both ends, 2-3-4-5 too (an ace or a 6 completes it);
        # J-Q-K-A is not: only a 10 completes it
        if rest[3] - rest[0] == 3 and rest[3] <= 11:
            return (odd,)
    return tuple(sorted(sorted(range(5), key=lambda i: ranks[i])[:most]))


__all__ = ["codes", "exchange"]
