"""A simulation of Draw Poker against the bank under the stated strategy: the exact counts' independent check.

The analysis is exact (`exact`); this seeded simulation deals the hands card by
card instead, and the tests check that the exact house edge falls in its 95 %
confidence interval (they also deal its first block again).

Each deal takes 17 cards of a seeded shuffle: three hands and two spare
cards. Every ordered pair of hands is a player's hand against the
croupier's; the player bets and exchanges by the stated strategy, taking the
spare cards as replacements (they are random cards the player and the
croupier do not hold). Six hands per deal.

Run `python -m naipes.games.poker.draw_poker.simulation` to deal the shipped
simulation again (it takes minutes).

Examples:
    >>> sum(deal_block(SEED, 10).values())
    60
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..hands import strength5
from ..banked import result_key
from ..kernel import CODES
from ..simulation import PAIRS, deals, save
from .strategy import exchange

NAME = "draw-poker-simulation"
SEED = 16_020
BLOCKS = 100
DEALS_PER_BLOCK = 10_000
OPENS_FROM = strength5(*(CODES[i] for i in (7, 13 + 7, 26 + 3, 39 + 2, 1)))  # 8 8 4 3 2: the lowest opening hand


def deal_block(seed: int, count: int) -> dict[str, int]:
    """The tally of `count` deals of six hands each, from a generator seeded with `seed`."""
    tally: dict[str, int] = {}
    for cards in deals(seed, count, 17):
        hands = (cards[0:5], cards[5:10], cards[10:15])
        spare = cards[15:17]
        strengths = [strength5(*hand) for hand in hands]
        finals = []
        for hand, s in zip(hands, strengths):
            out = exchange(hand)
            if out:
                kept = [c for i, c in enumerate(hand) if i not in out] + spare[:len(out)]
                s = strength5(*kept)
            finals.append(s)
        for mine, theirs in PAIRS:
            key = result_key(finals[mine], strengths[theirs], OPENS_FROM)
            tally[key] = tally.get(key, 0) + 1
    return tally


def run(blocks: int = BLOCKS, deals: int = DEALS_PER_BLOCK, seed: int = SEED) -> dict:
    """Every block of the shipped simulation."""
    return {"game": NAME, "strategy": "stated", "seed": seed, "deals_per_block": deals, "hands_per_deal": 6,
            "blocks": [deal_block(seed + b, deals) for b in range(blocks)]}


if __name__ == "__main__":  # pragma: no cover - the shipped data's generator
    target = Path(__file__).resolve().parent.parent / "data" / f"{NAME}.json"
    save(target, run(int(sys.argv[1]) if len(sys.argv) > 1 else BLOCKS))
    print(target)
