"""How strong the bank's hand can be: every hand completing some known cards from the cards left, counted exactly.

The bank's hand is `fixed` cards (its face-up card, or none) and `draw` more
from the cards the player cannot see. Rather than enumerate the hands (up
to 1,533,939 five-card hands), `strengths` enumerates the multisets of
ranks the drawn cards can have, each counted with its suit assignments
(`C(cards of that rank left, how many)` per rank), and corrects for the
flushes: the hands of one suit are counted again apart, once per suit.

`Tally` answers the questions a settlement asks of such a distribution: how
many hands do not qualify, and how many qualifying hands are below, equal to
or above the player's hand.

Examples:
    >>> from .hands import STANDARD, codes
    >>> from .kernel import CODES
    >>> left = [c for c in CODES if c not in codes("As Ks Qs Js Ts")]
    >>> counts = strengths(left, (), 5, STANDARD)
    >>> sum(counts.values())
    1533939
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from itertools import combinations, product as every_choice
from math import comb
from typing import Iterator, Sequence

from .hands import RANKS, SUITS, Ranking, code, tables

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_COMB = [[comb(n, k) for k in range(6)] for n in range(5)]


def _rank_multisets(draw: int) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every multiset of `draw` ranks (at most four of each) as (rank, how many) pairs, with its prime product."""
    found = []

    def extend(start: int, left: int, taken: list[tuple[int, int]]) -> None:
        if left == 0:
            product = 1
            for r, n in taken:
                product *= _PRIMES[r] ** n
            found.append((tuple(taken), product))
            return
        for r in range(start, 13):
            for n in range(min(4, left), 0, -1):
                taken.append((r, n))
                extend(r + 1, left - n, taken)
                taken.pop()

    extend(0, draw, [])
    return tuple(found)


#: Every multiset of 1 to 5 ranks, built when the module is imported (not on a reader's click).
_MULTISETS = {draw: _rank_multisets(draw) for draw in range(1, 6)}


def rank_counts(by_rank: Sequence[int], fixed_product: int, draw: int, ranking: Ranking) -> dict[int, int]:
    """How many hands of some fixed cards plus `draw` cards have each strength, every hand read as if it were
    no flush: the part of `strengths` that only the ranks decide.

    Args:
        by_rank: how many cards of each rank (0 for a two, 12 for an ace) the drawn cards come from.
        fixed_product: the product of the fixed cards' rank primes (1: none).
        draw: how many cards are drawn (1 to 5).
        ranking: how the hands are ranked.

    Examples:
        >>> from .hands import STANDARD
        >>> sum(rank_counts([4] * 13, 1, 5, STANDARD).values())
        2598960
    """
    other = tables(ranking).other
    found: dict[int, int] = {}
    comb_table = _COMB
    for multiset, product in _MULTISETS[draw] if draw in _MULTISETS else _rank_multisets(draw):
        ways = 1
        for r, n in multiset:
            a = by_rank[r]
            if a < n:
                break
            ways *= comb_table[a][n]
        else:
            strength = other[fixed_product * product]
            found[strength] = found.get(strength, 0) + ways
    return found


def suited_counts(ranks: Sequence[int], fixed: Sequence[int], draw: int, ranking: Ranking
                  ) -> tuple[dict[int, int], dict[int, int]]:
    """The hands of one suit: `fixed` cards' ranks plus `draw` of `ranks` (all of that suit), counted by their
    strength read as no flush and by their strength as a flush: what `strengths` moves from one to the other.

    Examples:
        >>> from .hands import STANDARD
        >>> plain, flush = suited_counts(range(13), (), 5, STANDARD)
        >>> sum(plain.values()), sum(flush.values())
        (1287, 1287)
    """
    t = tables(ranking)
    other, flush = t.other, t.flush
    base, bits = 1, 0
    for r in fixed:
        base *= _PRIMES[r]
        bits |= 1 << r
    plain_found: dict[int, int] = {}
    flush_found: dict[int, int] = {}
    for drawn in combinations(ranks, draw):
        product, rank_bits = base, bits
        for r in drawn:
            product *= _PRIMES[r]
            rank_bits |= 1 << r
        plain = other[product]
        plain_found[plain] = plain_found.get(plain, 0) + 1
        strong = flush[rank_bits]
        flush_found[strong] = flush_found.get(strong, 0) + 1
    return plain_found, flush_found


def strengths(available: Sequence[int], fixed: Sequence[int], draw: int, ranking: Ranking) -> dict[int, int]:
    """How many hands of `fixed` plus `draw` cards from `available` have each strength (codes in, counts out).

    Args:
        available: the codes of the cards the drawn ones come from (the fixed ones excluded).
        fixed: codes of cards every hand holds.
        draw: how many cards complete the hand (`len(fixed) + draw == ranking.hand_size`).
        ranking: how the hands are ranked.
    """
    t = tables(ranking)
    other, flush = t.other, t.flush
    by_rank = [0] * 13
    by_suit: dict[int, list[int]] = {}
    for c in available:
        r = (c >> 8) & 0xF
        by_rank[r] += 1
        by_suit.setdefault(c & 0xF000, []).append(c)
    base = 1
    bits = 0
    suit = 0xF000
    for c in fixed:
        base *= c & 0xFF
        bits |= c >> 16
        suit &= c
    found = rank_counts(by_rank, base, draw, ranking)
    suits = [suit] if fixed else list(by_suit)
    for s in suits:
        cards = by_suit.get(s, [])
        for drawn in combinations(cards, draw):
            product = base
            rank_bits = bits
            for c in drawn:
                product *= c & 0xFF
                rank_bits |= c >> 16
            plain = other[product]
            found[plain] -= 1
            strong = flush[rank_bits]
            found[strong] = found.get(strong, 0) + 1
    return {s: n for s, n in found.items() if n}


@dataclass(frozen=True)
class Tally:
    """A distribution of the bank's strengths, ready for the settlement's questions.

    Attributes:
        keys: the strengths, ascending.
        cumulative: how many hands have a strength below each key (one more entry: the total).
        qualifies_from: the lowest strength that qualifies (`None`: every hand qualifies).
    """

    keys: tuple[int, ...]
    cumulative: tuple[int, ...]
    qualifies_from: int | None

    @classmethod
    def of(cls, counts: dict[int, int], qualifies_from: int | None) -> "Tally":
        keys = tuple(sorted(counts))
        cumulative = [0]
        for key in keys:
            cumulative.append(cumulative[-1] + counts[key])
        return cls(keys, tuple(cumulative), qualifies_from)

    @property
    def total(self) -> int:
        return self.cumulative[-1]

    def below(self, strength: int) -> int:
        """Hands strictly weaker than `strength`."""
        return self.cumulative[bisect_left(self.keys, strength)]

    def at_most(self, strength: int) -> int:
        """Hands no stronger than `strength`."""
        return self.cumulative[bisect_right(self.keys, strength)]

    def split(self, strength: int) -> tuple[int, int, int, int]:
        """(not qualifying, qualifying and weaker, equal and qualifying, stronger and qualifying) for a player's
        hand."""
        floor = self.below(self.qualifies_from) if self.qualifies_from is not None else 0
        below, upto = self.below(strength), self.at_most(strength)
        weaker = max(0, below - floor)
        equal = upto - max(below, floor) if upto > floor else 0
        return floor, weaker, max(0, equal), self.total - max(upto, floor)


# --- the player's hands up to the suits, for the exact counts of a whole deck ------------------------------------

#: The code of the card of rank number `r` (0 for a two) and suit number `s` (in `hands.SUITS` order).
CODE_AT = tuple(tuple(code(RANKS[r] + SUITS[s]) for s in range(4)) for r in range(13))


def suit_masks(cards: Sequence[int]) -> list[int]:
    """The rank bits each suit holds among some cards (codes), suit by suit.

    Examples:
        >>> from .hands import codes
        >>> suit_masks(codes("As Ks 2h"))
        [6144, 1, 0, 0]
    """
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[((c >> 12) & 0xF).bit_length() - 1] |= c >> 16
    return masks


def hand_classes() -> Iterator[tuple[tuple[int, ...], int]]:
    """Every five-card hand up to a relabelling of the suits: (a representative's codes, how many hands), the
    hands with the same multiset of ranks one after another.

    Two hands are the same up to the suits when their suits hold the same sets of
    ranks, in some order: the key of a hand is its four suits' rank sets, sorted.
    The 2,598,960 hands make 134,459 classes; each multiset of ranks is taken in
    turn, so the first classes come at once.

    Examples:
        >>> from itertools import islice
        >>> [(len(cards), n) for cards, n in islice(hand_classes(), 3)]  # four twos and a three, four, five
        [(5, 4), (5, 4), (5, 4)]
    """
    subsets = [[sum(1 << s for s in chosen) for chosen in combinations(range(4), k)] for k in range(5)]
    for multiset, _ in _MULTISETS[5]:
        counts: dict[tuple[int, ...], int] = {}
        for suits in every_choice(*(subsets[n] for _, n in multiset)):
            masks = [0, 0, 0, 0]
            for (rank, _), chosen in zip(multiset, suits):
                for s in range(4):
                    if chosen >> s & 1:
                        masks[s] |= 1 << rank
            key = tuple(sorted(masks, reverse=True))
            counts[key] = counts.get(key, 0) + 1
        for key, n in counts.items():
            yield tuple(CODE_AT[r][s] for s, mask in enumerate(key) for r in range(13) if mask >> r & 1), n


def split_sorted(values: Sequence[int], qualifies_from: int, strength: int) -> tuple[int, int, int, int]:
    """`Tally.split` of sorted strengths, one per hand: (not qualifying, weaker, equal, stronger).

    Examples:
        >>> split_sorted([1, 5, 7, 7, 9], 5, 7)
        (1, 1, 2, 1)
    """
    floor = bisect_left(values, qualifies_from)
    below, upto = bisect_left(values, strength), bisect_right(values, strength)
    weaker = max(0, below - floor)
    equal = upto - max(below, floor) if upto > floor else 0
    return floor, weaker, max(0, equal), len(values) - max(upto, floor)

