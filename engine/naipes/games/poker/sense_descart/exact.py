"""Pòquer sense descart's exact figures on a full deck: every deal counted, for several strategies.

A deal is the player's five cards, the bank's face-up card and its four hidden
cards: C(52,5)·47·C(46,4) = 19,933,230,517,200 deals, all equally likely (the
count Shackleford's tables are over). The generator takes the player's hands up
to a relabelling of the suits (134,459 classes, each with how many hands it
stands for) and each of the 47 face-up cards, and counts the bank's hidden
cards by strength without dealing them:

- by rank multisets (`distribution.rank_counts`: every hand read as no flush),
  once per multiset of the player's ranks and rank of the face-up card;
- then the bank's flushes, which can only be of the face-up card's suit
  (`distribution.suited_counts`): each moves from its plain strength to its
  flush strength.

Each (player's hand, face-up card) gives four counts — the bank does not play;
it plays and is weaker, equal or stronger — and each strategy turns them into
outcome keys (`banked`: `fold`, `not-qualified`, `push`, `lose`, `win:<category>`).
No key depends on the pay table but the optimal strategy's choices, so the
counts give the exact house edge of any table for the other strategies.

The counts ship in `naipes/games/poker/data/sense-descart.json`; the
generator (`python -m naipes.games.poker.sense_descart.exact`, ten minutes,
under a hundred megabytes) writes them, and the tests check them against the
published totals and `split` against a direct count.

Examples:
    >>> from .rules import PRESETS
    >>> from ..hands import codes, code
    >>> split(codes("Ah Kd Qc 6s 3h"), code("2s"), PRESETS.default.qualifies_from)
    (74649, 4964, 0, 83572)
"""

from __future__ import annotations

import json
import sys
from array import array
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Sequence

from ..banked import FOLD, LOSE, NOT_QUALIFIED, PUSH, WIN
from ..distribution import CODE_AT, Tally, hand_classes, rank_counts, split_sorted, suit_masks, suited_counts
from ..hands import HIGH_CARD, STANDARD, category_of, strength5
from ..paytables import CARIBBEAN_CLASSIC
from .values import thumb

NAME = "sense-descart"
#: Every deal: the player's five cards, the face-up card, the four hidden cards.
DEALS = comb(52, 5) * 47 * comb(46, 4)
HIDDEN = comb(46, 4)
THUMB, OPTIMAL, PAIR_OR_BETTER, ALWAYS = "thumb", "optimal", "pair-or-better", "always"
#: The strategies counted: the rules of thumb (the analysis's), the optimal one for the classic table and a
#: second bet of two antes, and two simpler ones Shackleford tabulates.
STRATEGIES = (THUMB, OPTIMAL, PAIR_OR_BETTER, ALWAYS)
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


@lru_cache(maxsize=None)
def _suited(mask: int, up_rank: int) -> tuple[array, array]:
    """The bank's hands all of the face-up card's suit, when `mask` ranks of that suit are out (the face-up
    card's among them): their strengths read as no flush and as flushes, sorted."""
    left = [r for r in range(13) if not mask >> r & 1]
    plain, flush = suited_counts(left, (up_rank,), 4, STANDARD)
    return (array("q", sorted(s for s, n in plain.items() for _ in range(n))),
            array("q", sorted(s for s, n in flush.items() for _ in range(n))))


def _rank_tally(by_rank: Sequence[int], up_rank: int, qualifies_from: int) -> Tally:
    left = [4 - n - (r == up_rank) for r, n in enumerate(by_rank)]
    return Tally.of(rank_counts(left, _PRIMES[up_rank], 4, STANDARD), qualifies_from)


def split(hand: Sequence[int], up: int, qualifies_from: int, tally: Tally | None = None) -> tuple[int, int, int, int]:
    """The bank's hidden cards against `hand` (codes) and the face-up card `up`: how many do not play, and how many
    play and are weaker, equal or stronger than the player's hand (C(46,4) in all).

    Examples:
        >>> from .rules import PRESETS
        >>> from ..hands import codes, code
        >>> split(codes("As Ks Qs Js Ts"), code("Ah"), PRESETS.default.qualifies_from)  # one tie: the hearts' royal
        (62551, 100633, 1, 0)
    """
    by_rank = [0] * 13
    for c in hand:
        by_rank[(c >> 8) & 0xF] += 1
    up_rank = (up >> 8) & 0xF
    strength = strength5(*hand)
    tally = tally or _rank_tally(by_rank, up_rank, qualifies_from)
    mask = suit_masks(hand)[((up >> 12) & 0xF).bit_length() - 1] | 1 << up_rank
    plain, flush = _suited(mask, up_rank)
    total = tally.split(strength)
    less = split_sorted(plain, qualifies_from, strength)
    more = split_sorted(flush, qualifies_from, strength)
    return tuple(a - b + c for a, b, c in zip(total, less, more))  # type: ignore[return-value]


def _raises(strategy: str, hand: Sequence[int], up: int, category: str, counts: Sequence[int]) -> bool:
    if strategy == THUMB:
        return thumb(hand, up)
    if strategy == PAIR_OR_BETTER:
        return category != HIGH_CARD
    if strategy == ALWAYS:
        return True
    not_qualified, weaker, _, stronger = counts
    pays = CARIBBEAN_CLASSIC.pays_for(category) or 0
    # going on is worth (nq + weaker·(1 + 2·pays) - 3·stronger) / C(46,4); passing is worth -1
    return not_qualified + weaker * (1 + 2 * pays) - 3 * stronger > -HIDDEN


def count(qualifies_from: int, classes=None, strategies: Sequence[str] = STRATEGIES) -> dict[str, dict[str, int]]:
    """Every deal's outcome key under each strategy, counted (the player's hands given by `classes`, default all).

    Examples:
        >>> from .rules import PRESETS
        >>> from ..hands import codes
        >>> found = count(PRESETS.default.qualifies_from, [(codes("2h 3h 4h 5h 6h"), 4)], ["always"])
        >>> # the bank beats it with 28 higher straight flushes, each with any of its 5 cards face up
        >>> sum(found["always"].values()) == 4 * 47 * HIDDEN, found["always"]["lose"]
        (True, 560)
    """
    found: dict[str, dict[str, int]] = {name: {} for name in strategies}
    tallies: dict[tuple[int, int], Tally] = {}
    current = None
    for hand, weight in classes if classes is not None else hand_classes():
        by_rank = [0] * 13
        for c in hand:
            by_rank[(c >> 8) & 0xF] += 1
        if tuple(by_rank) != current:  # a new multiset of ranks: the bank's rank tallies change
            current, tallies = tuple(by_rank), {}
        strength = strength5(*hand)
        category = category_of(strength)
        masks = suit_masks(hand)
        # face-up cards of one rank whose suits hold the same of the player's ranks give the same counts
        ups: dict[tuple[int, int], list[int]] = {}
        for r in range(13):
            for s in range(4):
                if not masks[s] >> r & 1:
                    ups.setdefault((r, masks[s]), []).append(CODE_AT[r][s])
        for (up_rank, _), same in ups.items():
            up = same[0]
            tally = tallies.get((up_rank, 0))
            if tally is None:
                tally = tallies[(up_rank, 0)] = _rank_tally(by_rank, up_rank, qualifies_from)
            counts = split(hand, up, qualifies_from, tally)
            n = weight * len(same)
            for name in strategies:
                keys = found[name]
                if _raises(name, hand, up, category, counts):
                    for key, k in zip((NOT_QUALIFIED, WIN + category, PUSH, LOSE), counts):
                        if k:
                            keys[key] = keys.get(key, 0) + n * k
                else:
                    keys[FOLD] = keys.get(FOLD, 0) + n * HIDDEN
    return found


def main() -> Path:  # pragma: no cover - the shipped data's generator
    from .rules import PRESETS

    rules = PRESETS.default
    target = Path(__file__).resolve().parent.parent / "data" / f"{NAME}.json"
    data = {"game": NAME, "deals": DEALS, "qualifies_with": rules.qualifies_with,
            "optimal_for": {"pay_table": CARIBBEAN_CLASSIC.name, "raise_multiple": 2},
            "strategies": count(rules.qualifies_from)}
    target.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return target


if __name__ == "__main__":  # pragma: no cover
    print(main(), file=sys.stdout)
