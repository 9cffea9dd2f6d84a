"""Draw Poker's exact values for one hand: folding, and betting with each exchange the rules allow.

The value of betting and exchanging some cards is the expected net per ANTE
over every set of replacements and every croupier's hand from the cards left,
counted as the exact analysis counts them (`exact.hand_counts`, the
croupier's hands by rank multisets): an exact average over up to 1,081 sets of
replacements and 1,221,759 croupier's hands each, in a fraction of a second.

Examples:
    >>> from .rules import PRESETS
    >>> from ..hands import codes
    >>> values = option_values(codes("9h 9d Kc 4s 2h"), PRESETS.default)
    >>> len(values), max(values, key=values.get)
    (17, 'draw-4-5')
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Sequence

from ..banked import settlement
from .coup import FOLD_ACTION, draw_action
from .exact import Croupier, hand_counts
from .rules import DrawPokerRules

#: Every (replacements, croupier's hand) pair of one hand, weighted as `hand_counts` weighs them.
_TOTAL = comb(47, 5) * 1722


def option_values(hand: Sequence[int], rules: DrawPokerRules) -> dict[str, Fraction]:
    """The exact expected net per ANTE of folding and of betting with each exchange (action names as the coup's)."""
    by_rank = [0] * 13
    for c in hand:
        by_rank[(c >> 8) & 0xF] += 1
    croupier = Croupier(by_rank, rules.opens_from)
    settle = settlement(rules.pay_table, rules.bet_multiple)
    values = {FOLD_ACTION: Fraction(-1)}
    for k in range(rules.max_exchange + 1):
        for positions in combinations(range(5), k):
            counts = hand_counts(hand, rules.opens_from, croupier=croupier, out=positions)
            values[draw_action(positions)] = Fraction(sum(n * settle(key)[0] for key, n in counts.items()), _TOTAL)
    return values
