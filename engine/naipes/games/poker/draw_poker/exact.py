"""Draw Poker's exact figures on a full deck: every deal counted once, the player following the stated strategy.

A deal is the player's five cards, the croupier's five from the 47 others, and
the player's replacements (none, one or two, as the stated strategy exchanges)
from the 42 left. Every (replacements, croupier's hand) pair is as likely as
any other, so the generator takes the replacements from the 47 cards the player
cannot see and the croupier's hand from the rest, and counts, for each of the
player's hands up to a relabelling of the suits (134,459 classes,
`distribution.hand_classes`), the croupier's hands by strength without dealing
them:

- by rank multisets (`distribution.rank_counts`, every hand read as no flush):
  those of the 47 cards, less those through each replacement, plus those
  through both (inclusion and exclusion: the croupier cannot hold a card the
  player received), once per multiset of the player's ranks;
- then the croupier's flushes, suit by suit from the cards of that suit left
  (`distribution.suited_counts`), each moved from its plain strength to its
  flush strength. Below a straight the player's hand only needs how many of them
  are no straight: a plain high card does not open, its flush beats the player.

A player's hand against a croupier's hand is one of four counts — the croupier
does not open; he opens and is weaker, equal or stronger — turned into outcome
keys (`banked`). Hands that exchange different numbers of cards have C(42,k)
times as many (replacements, croupier's hand) pairs: each count is weighted
1722/C(42,k) (1722, 41 or 2), so that every player's hand weighs C(47,5)·1722.

The counts ship in `naipes/games/poker/data/draw-poker.json`; the generator
(`python -m naipes.games.poker.draw_poker.exact`) takes about a quarter of an
hour and little memory; the tests check `hand_counts` against a count that
neither uses inclusion and exclusion nor the shortcut below a straight, and the
whole against a seeded simulation.

Examples:
    >>> from .rules import PRESETS
    >>> from ..hands import codes
    >>> found = hand_counts(codes("As Ks Qs Js Ts"), PRESETS.default.opens_from)  # kept: 1722 per croupier's hand
    >>> found["push"] == 3 * 1722, sum(found.values()) == comb(47, 5) * 1722  # the other suits' royal flushes
    (True, True)
"""

from __future__ import annotations

import json
import sys
from array import array
from functools import lru_cache
from math import comb
from pathlib import Path
from typing import Iterable, Sequence

from ..banked import LOSE, NOT_QUALIFIED, PUSH, WIN
from ..distribution import Tally, hand_classes, rank_counts, split_sorted, suit_masks, suited_counts
from ..hands import STANDARD, STRAIGHT, category_of, tables
from .strategy import exchange

NAME = "draw-poker"
#: The weight that brings the (replacements, croupier's hand) pairs of each number of cards exchanged to a common
#: total: 1722 / C(42, k).
WEIGHT = {0: 1722, 1: 1722 // 42, 2: 1722 // comb(42, 2)}
#: Every deal, weighted: the player's hands, each with C(47,5)·1722.
DEALS = comb(52, 5) * comb(47, 5) * 1722
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_STRAIGHT_FROM = STANDARD.category_index(STRAIGHT) << 20
_OTHER, _FLUSH = tables(STANDARD).other, tables(STANDARD).flush
#: The ranks of every straight, as bits (the ace-low one first).
_STRAIGHT_BITS = tuple(sum(1 << "23456789TJQKA".index(r) for r in run) for run in STANDARD.straights())


@lru_cache(maxsize=None)
def _plain_suited(mask: int) -> int:
    """How many of the croupier's hands of one suit are no straight, when `mask` ranks of that suit are out."""
    left = 13 - bin(mask).count("1")
    return comb(left, 5) - sum(1 for bits in _STRAIGHT_BITS if not bits & mask)


@lru_cache(maxsize=None)
def _suited(mask: int) -> tuple[array, array]:
    """The croupier's hands of one suit when `mask` ranks of it are out: strengths as no flush and as flushes."""
    left = [r for r in range(13) if not mask >> r & 1]
    plain, flush = suited_counts(left, (), 5, STANDARD)
    return (array("q", sorted(s for s, n in plain.items() for _ in range(n))),
            array("q", sorted(s for s, n in flush.items() for _ in range(n))))


class Croupier:
    """The croupier's hands of rank multisets for one multiset of the player's ranks (inclusion and exclusion).

    Args:
        by_rank: how many of each rank the player holds.
        opens_from: the croupier's lowest opening hand (a strength).

    Examples:
        >>> from .rules import PRESETS
        >>> croupier = Croupier([1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], PRESETS.default.opens_from)  # A 2 3 4 5
        >>> croupier.every.total == comb(47, 5), croupier.through((12,)).total == comb(46, 4)
        (True, True)
        >>> sum(croupier.split(0, (12, 11))) == comb(45, 5)  # once an ace and a king are out too
        True
    """

    def __init__(self, by_rank: Sequence[int], opens_from: int) -> None:
        self.left = [4 - n for n in by_rank]
        self.opens_from = opens_from
        self.every = Tally.of(rank_counts(self.left, 1, 5, STANDARD), opens_from)
        self._one: dict[int, Tally] = {}
        self._two: dict[tuple[int, int], Tally] = {}

    def through(self, ranks: tuple[int, ...]) -> Tally:
        """The croupier's hands through one given card of each rank in `ranks` (one or two of them)."""
        if len(ranks) == 1:
            found = self._one.get(ranks[0])
            if found is None:
                left = list(self.left)
                left[ranks[0]] -= 1
                found = self._one[ranks[0]] = Tally.of(
                    rank_counts(left, _PRIMES[ranks[0]], 4, STANDARD), self.opens_from)
            return found
        found = self._two.get(ranks)
        if found is None:
            left = list(self.left)
            left[ranks[0]] -= 1
            left[ranks[1]] -= 1
            found = self._two[ranks] = Tally.of(
                rank_counts(left, _PRIMES[ranks[0]] * _PRIMES[ranks[1]], 3, STANDARD), self.opens_from)
        return found

    def split(self, strength: int, new: tuple[int, ...]) -> list[int]:
        """The croupier's hands, read as no flush, that avoid the replacements of ranks `new`, against `strength`."""
        found = list(self.every.split(strength))
        for rank in new:
            for i, n in enumerate(self.through((rank,)).split(strength)):
                found[i] -= n
        if len(new) == 2:
            pair = (new[0], new[1]) if new[0] <= new[1] else (new[1], new[0])
            for i, n in enumerate(self.through(pair).split(strength)):
                found[i] += n
        return found


def _flushes(masks: Sequence[int], strength: int, opens_from: int) -> list[int]:
    """What the croupier's flushes change in the four counts, when `masks` ranks of each suit are out."""
    if strength < _STRAIGHT_FROM:
        moved = sum(_plain_suited(m) for m in masks)
        return [-moved, 0, 0, moved]
    found = [0, 0, 0, 0]
    for m in masks:
        plain, flush = _suited(m)
        for i, (a, b) in enumerate(zip(split_sorted(plain, opens_from, strength),
                                       split_sorted(flush, opens_from, strength))):
            found[i] += b - a
    return found


def _add(found: dict[str, int], counts: Sequence[int], strength: int, times: int) -> None:
    category = category_of(strength)
    for key, n in zip((NOT_QUALIFIED, WIN + category, PUSH, LOSE), counts):
        if n:
            found[key] = found.get(key, 0) + n * times


def hand_counts(hand: Sequence[int], opens_from: int, most: int = 2, croupier: Croupier | None = None,
                out: Sequence[int] | None = None) -> dict[str, int]:
    """Every (replacements, croupier's hand) of one player's hand (codes) by outcome key, each weighted
    `WEIGHT[k]` for `k` cards exchanged (C(47,5)·1722 in all).

    Args:
        hand: the player's five cards (codes).
        opens_from: the croupier's lowest opening hand (a strength).
        most: the most cards the stated strategy exchanges.
        croupier: the croupier's tallies for this hand's ranks (built when not given).
        out: the positions (0 to 4) of the cards exchanged; default: the stated strategy's.

    Examples:
        >>> from .rules import PRESETS
        >>> from ..hands import codes
        >>> found = hand_counts(codes("9h 9d Kc 4s 2h"), PRESETS.default.opens_from)  # two replacements, weight 2
        >>> sum(found.values()) == comb(47, 2) * comb(45, 5) * 2, found["win:full-house"] > 0
        (True, True)
    """
    out = tuple(exchange(hand, most) if out is None else out)
    kept = [c for i, c in enumerate(hand) if i not in out]
    by_rank = [0] * 13
    for c in hand:
        by_rank[(c >> 8) & 0xF] += 1
    croupier = croupier or Croupier(by_rank, opens_from)
    masks = suit_masks(hand)
    weight = WEIGHT[len(out)]
    found: dict[str, int] = {}
    product = 1
    for c in kept:
        product *= c & 0xFF
    kept_bits = 0
    suit_of_kept = 0xF000
    for c in kept:
        kept_bits |= c >> 16
        suit_of_kept &= c
    flush_suit = (suit_of_kept >> 12).bit_length() - 1 if suit_of_kept else -1
    if not out:
        strength = _FLUSH[kept_bits] if flush_suit >= 0 else _OTHER[product]
        counts = croupier.split(strength, ())
        _add(found, [a + b for a, b in zip(counts, _flushes(masks, strength, opens_from))], strength, weight)
        return found
    # the replacements' possible cards: rank, suit, and the suit's rank bits once the card is out too
    free = [(r, s) for r in range(13) for s in range(4) if not masks[s] >> r & 1]
    if len(out) == 1:
        for r in range(13):
            cards = [s for rank, s in free if rank == r]
            if not cards:
                continue
            plain = _OTHER[product * _PRIMES[r]]
            counts = croupier.split(plain, (r,))
            for s in cards:
                after = list(masks)
                after[s] |= 1 << r
                strength = _FLUSH[kept_bits | 1 << r] if s == flush_suit else plain
                base = counts if strength == plain else croupier.split(strength, (r,))
                _add(found, [a + b for a, b in zip(base, _flushes(after, strength, opens_from))], strength, weight)
        return found
    # Two replacements: grouped by their ranks, which decide the player's hand (but for a flush) and the
    # croupier's rank multisets; their suits only decide which flushes the croupier can still hold.
    base = [_plain_suited(m) for m in masks]
    total_base = sum(base)
    free_suits = [[s for s in range(4) if not masks[s] >> r & 1] for r in range(13)]
    # what one replacement of rank r and suit s adds to the croupier's plain suited hands
    delta = [[_plain_suited(masks[s] | 1 << r) - base[s] for s in range(4)] for r in range(13)]
    for r1 in range(13):
        suits1 = free_suits[r1]
        if not suits1:
            continue
        for r2 in range(r1, 13):
            suits2 = free_suits[r2]
            if r1 == r2:
                if len(suits1) < 2:
                    continue
                combos = [(a, b) for i, a in enumerate(suits1) for b in suits1[i + 1:]]
            else:
                if not suits2:
                    continue
                combos = None
            plain = _OTHER[product * _PRIMES[r1] * _PRIMES[r2]]
            counts = croupier.split(plain, (r1, r2))
            if r1 != r2 and flush_suit in suits1 and flush_suit in suits2:
                # both replacements of the kept cards' suit: a flush
                after = list(masks)
                after[flush_suit] |= 1 << r1 | 1 << r2
                strength = _FLUSH[kept_bits | 1 << r1 | 1 << r2]
                _add(found, [a + b for a, b in zip(croupier.split(strength, (r1, r2)),
                                                   _flushes(after, strength, opens_from))], strength, weight)
                flushed = 1
            else:
                flushed = 0
            if plain < _STRAIGHT_FROM:
                # below a straight only how many of the croupier's suited hands are no straight matters
                if r1 == r2:
                    same = len(combos)
                    moved = same * total_base + (len(suits1) - 1) * sum(delta[r1][s] for s in suits1)
                else:
                    # every suit of the one with every suit of the other, each adding its own change...
                    same = len(suits1) * len(suits2) - flushed
                    moved = (same * total_base + len(suits2) * sum(delta[r1][s] for s in suits1)
                             + len(suits1) * sum(delta[r2][s] for s in suits2))
                    for s in suits1:
                        if s not in suits2:
                            continue
                        if s == flush_suit:  # ...but the flush, counted above,
                            moved -= delta[r1][s] + delta[r2][s]
                        else:  # ...and two of one suit, which change that suit's count once, for both
                            moved += (_plain_suited(masks[s] | 1 << r1 | 1 << r2) - base[s]
                                      - delta[r1][s] - delta[r2][s])
                total = [n * same for n in counts]
                total[0] -= moved
                total[3] += moved
                _add(found, total, plain, weight)
                continue
            extra = [0, 0, 0, 0]
            same = 0
            for s1, s2 in combos if combos is not None else [(a, b) for a in suits1 for b in suits2]:
                if r1 != r2 and s1 == s2 == flush_suit:
                    continue
                same += 1
                after = list(masks)
                after[s1] |= 1 << r1
                after[s2] |= 1 << r2
                for j, n in enumerate(_flushes(after, plain, opens_from)):
                    extra[j] += n
            if same:
                _add(found, [n * same + e for n, e in zip(counts, extra)], plain, weight)
    return found


def count(opens_from: int, most: int = 2, classes: Iterable | None = None) -> dict[str, int]:
    """Every deal's outcome key, counted (the player's hands given by `classes` with their weights, default all).

    Examples:
        >>> from .rules import PRESETS
        >>> from ..hands import codes
        >>> found = count(PRESETS.default.opens_from, classes=[(codes("Ah Kh 7h 2h 9c"), 4)])
        >>> sum(found.values()) == 4 * comb(47, 5) * 1722
        True
    """
    found: dict[str, int] = {}
    croupier: Croupier | None = None
    for hand, weight in classes if classes is not None else hand_classes():
        by_rank = [0] * 13
        for c in hand:
            by_rank[(c >> 8) & 0xF] += 1
        if croupier is None or croupier.left != [4 - n for n in by_rank]:
            croupier = Croupier(by_rank, opens_from)
        for key, n in hand_counts(hand, opens_from, most, croupier).items():
            found[key] = found.get(key, 0) + n * weight
    return found


def main(target: Path | None = None) -> Path:  # pragma: no cover - the shipped data's generator
    from .rules import PRESETS

    rules = PRESETS.default
    target = target or Path(__file__).resolve().parent.parent / "data" / f"{NAME}.json"
    data = {"game": NAME, "deals": DEALS, "opens_with": rules.opens_with, "max_exchange": rules.max_exchange,
            "strategy": "stated", "counts": count(rules.opens_from, rules.max_exchange)}
    target.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return target


if __name__ == "__main__":  # pragma: no cover
    print(main(Path(sys.argv[1]) if len(sys.argv) > 1 else None), file=sys.stdout)
