"""Seeded simulations in blocks of tallies with batch-means intervals (the exact counts' independent checks), and
the data the package ships.

A simulation deals blocks of hands with the engine's seeded generator (the
seed of block `b` is `seed + b`), and tallies the hands' outcomes by key
(`fold`, `not-qualified`, `push`, `lose`, `win:<category>`). The outcome of
a hand does not depend on the pay table (the stated strategy does not look
at it), so one simulation gives the house edge of any table: each outcome's
net and stake are functions of its key.

The figures are the mean of the blocks' house edges (equal blocks: the
overall house edge), with a 95 % confidence interval from the spread of the
block means (batch means: the hands of a block need not be independent, the
blocks are). The results ship in `naipes/games/poker/data/`, computed once;
the tests deal the first block again and check the exact figures against the
interval.

Examples:
    >>> tallies = [{"win:pair": 2, "lose": 1}, {"win:pair": 1, "lose": 2}]
    >>> est = estimate(tallies, lambda key: (1, 1) if key.startswith("win") else (-1, 1))
    >>> est.house_edge, [round(x, 3) for x in est.interval("house_edge")]
    (Fraction(0, 1), [-0.653, 0.653])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import sqrt
from typing import Callable, Mapping, Sequence

from ...core import package_data
from ...core.rng import SeededRandom

#: The normal quantile of a two-sided 95 % interval.
Z_95 = 1.959963984540054


def draw_cards(rng: SeededRandom, deck: list[int], n: int) -> list[int]:
    """The first `n` cards of a seeded shuffle of `deck` (a partial Fisher–Yates; `deck` is reordered in place).

    Examples:
        >>> draw_cards(SeededRandom(3), list(range(10)), 3) == draw_cards(SeededRandom(3), list(range(10)), 3)
        True
    """
    size = len(deck)
    for i in range(n):
        j = i + rng.below(size - i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck[:n]


#: Every ordered pair of three hands: each deal of three hands plays six hands, one against another.
PAIRS = ((0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1))


def deals(seed: int, count: int, size: int):
    """`count` deals of `size` cards from one 52-card deck shuffled anew (partly) each time by a generator
    seeded with `seed`, as lists of codes.

    Examples:
        >>> [len(cards) for cards in deals(1, 2, 15)]
        [15, 15]
    """
    from .kernel import CODES

    rng = SeededRandom(seed)
    deck = list(CODES)
    for _ in range(count):
        yield draw_cards(rng, deck, size)


@dataclass(frozen=True)
class Estimate:
    """A simulated house edge and element of risk, with their blocks' spread."""

    house_edge: Fraction
    element_of_risk: Fraction
    blocks: int
    hands: int
    edge_sd: float
    risk_sd: float

    def interval(self, which: str) -> tuple[float, float]:
        """The 95 % confidence interval of `house_edge` or `element_of_risk`."""
        centre = float(getattr(self, which))
        half = Z_95 * (self.edge_sd if which == "house_edge" else self.risk_sd) / sqrt(self.blocks)
        return (centre - half, centre + half)


def estimate(tallies: Sequence[Mapping[str, int]], net_and_stake: Callable[[str], tuple[Fraction, Fraction]]
             ) -> Estimate:
    """The house edge and element of risk of blocks of tallies, for a settlement (`key -> (net, staked)`)."""
    edges, risks = [], []
    hands = 0
    for tally in tallies:
        n = sum(tally.values())
        hands += n
        net = staked = Fraction(0)
        for key, count in tally.items():
            value, stake = net_and_stake(key)
            net += count * Fraction(value)
            staked += count * Fraction(stake)
        edges.append(-net / n)
        risks.append(-net / staked)
    edge = sum(edges, Fraction(0)) / len(edges)
    risk = sum(risks, Fraction(0)) / len(risks)

    def sd(values: list[Fraction], mean: Fraction) -> float:
        if len(values) < 2:
            return 0.0
        return sqrt(sum(float(v - mean) ** 2 for v in values) / (len(values) - 1))

    return Estimate(edge, risk, len(tallies), hands, sd(edges, edge), sd(risks, risk))


@lru_cache(maxsize=None)
def shipped(name: str) -> dict:
    """Data shipped with the package (`data/<name>.json`): a simulation's blocks, or exact counts."""
    return json.loads(package_data.read(__package__, "data", f"{name}.json"))


def save(path, data: dict) -> None:
    """Write a simulation's JSON (sorted keys, one block per line)."""
    blocks = data["blocks"]
    head = {key: value for key, value in data.items() if key != "blocks"}
    lines = ",\n".join("    " + json.dumps(dict(sorted(b.items())), sort_keys=True) for b in blocks)
    text = json.dumps(head, sort_keys=True, indent=2)[:-2] + ',\n  "blocks": [\n' + lines + "\n  ]\n}\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
