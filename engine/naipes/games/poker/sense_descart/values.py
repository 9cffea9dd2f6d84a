"""Pòquer sense descart's exact values for one hand: going on, passing, buying a card; and the stated strategy.

Given the player's five cards and the bank's face-up card, the bank's four
hidden cards are any four of the 46 cards the player cannot see. Their
completions are counted by rank multisets (`naipes.games.poker.distribution`),
so the value of going on is exact and takes milliseconds:

- passing loses the ante: -1;
- going on: a bank that does not play pays the ante (+1, the second bet
  returned); a playing bank below the player pays the ante and the second bet
  by the table; above it takes both; a tie returns them;
- buying a card costs one ante and then the best of going on and passing,
  averaged over the card received (the bank's hidden cards come from the
  cards left once it is out).

The analysis plays the "three rules of thumb" of Shackleford (Wizard of
Odds, "Caribbean Stud Poker", strategy): go on with a pair or better, pass
below an ace and a king, and with an ace and a king go on when the bank's
card (2 to queen) matches one of the player's, when it is an ace or king and
the player holds a queen or a jack, or when it matches none of them, the
player holds a queen and it is below the player's fourth highest card.

Examples:
    >>> from .rules import PRESETS
    >>> rules = PRESETS.get("cat-2016")
    >>> round(float(raise_value(codes("As Ad 7c 5h 2s"), code("Ks"), rules)), 4)
    1.7196
    >>> thumb(codes("Ah Kd 9c 6s 3h"), code("9s")), thumb(codes("Ah Kd 9c 6s 3h"), code("Ts"))
    (True, False)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..distribution import Tally, strengths
from ..hands import HIGH_CARD, STANDARD, category_of, code, codes, strength5
from ..kernel import CODES
from .rules import SenseDescartRules

_ACE, _KING, _QUEEN, _JACK = 12, 11, 10, 9


def _rank(c: int) -> int:
    return (c >> 8) & 0xF


def _value_of(split: Sequence[int], strength: int, rules: SenseDescartRules) -> Fraction:
    not_qualified, weaker, _, stronger = split
    total = sum(split)
    m = Fraction(rules.raise_multiple)
    pays = rules.pay_table.pays_for(category_of(strength)) or 0
    return Fraction(not_qualified + weaker * (1 + m * pays) - stronger * (1 + m), total)


def _unseen(seen: Sequence[int]) -> list[int]:
    return [c for c in CODES if c not in seen]


def raise_value(hand: Sequence[int], up: int, rules: SenseDescartRules) -> Fraction:
    """The expected net per ante of going on with `hand` against the bank's face-up card `up` (codes)."""
    tally = Tally.of(strengths(_unseen(tuple(hand) + (up,)), (up,), 4, STANDARD), rules.qualifies_from)
    strength = strength5(*hand)
    return _value_of(tally.split(strength), strength, rules)


def buy_values(hand: Sequence[int], up: int, rules: SenseDescartRules) -> list[Fraction]:
    """The expected net per ante of buying a card for each card discarded (in hand order), then playing best.

    The bank's hidden cards come from the 45 cards left once the new card is
    out: every hand of the 46 unseen cards, less those holding the new card.
    """
    unseen = _unseen(tuple(hand) + (up,))
    base = Tally.of(strengths(unseen, (up,), 4, STANDARD), rules.qualifies_from)
    totals = [Fraction(0)] * 5
    for new in unseen:
        rest = [c for c in unseen if c != new]
        through = Tally.of(strengths(rest, (up, new), 3, STANDARD), rules.qualifies_from)
        for i in range(5):
            kept = tuple(hand[:i]) + tuple(hand[i + 1:]) + (new,)
            s = strength5(*kept)
            split = [a - b for a, b in zip(base.split(s), through.split(s))]
            totals[i] += max(_value_of(split, s, rules), Fraction(-1))
    return [total / len(unseen) - 1 for total in totals]


def thumb(hand: Sequence[int], up: int) -> bool:
    """Shackleford's three rules of thumb: whether to go on with `hand` against the face-up card `up`.

    Examples:
        >>> thumb(codes("Ah Kd Qc 6s 3h"), code("2s")), thumb(codes("Ah Kd Jc 6s 3h"), code("9s"))
        (True, False)
    """
    strength = strength5(*hand)
    if category_of(strength) != HIGH_CARD:
        return True
    ranks = sorted((_rank(c) for c in hand), reverse=True)
    if ranks[:2] != [_ACE, _KING]:
        return False
    u = _rank(up)
    if u <= _QUEEN and u in ranks:
        return True
    if u >= _KING and (_QUEEN in ranks or _JACK in ranks):
        return True
    return u not in ranks and _QUEEN in ranks and u < ranks[3]


__all__ = ["buy_values", "code", "codes", "raise_value", "thumb"]
