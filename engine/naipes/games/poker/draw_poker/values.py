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
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Sequence

from ..banked import settlement
from .coup import FOLD_ACTION, draw_action
from .exact import Croupier, hand_counts
from .rules import DrawPokerRules

#: Every (replacements, croupier's hand) pair of one hand, weighted as `hand_counts` weighs them.
_TOTAL = comb(47, 5) * 1722


def exchanges(rules: DrawPokerRules) -> tuple[tuple[int, ...], ...]:
    """Every exchange the rules allow, as the positions of the cards exchanged: none first, then one, two...

    Examples:
        >>> from .rules import PRESETS
        >>> found = exchanges(PRESETS.default)
        >>> len(found), found[:2], found[-1]
        (16, ((), (0,)), (3, 4))
    """
    return tuple(positions for k in range(rules.max_exchange + 1) for positions in combinations(range(5), k))


def in_parts(rules: DrawPokerRules, parts: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The rules' exchanges in `parts` runs of nearly equal length, in order (each run valued in one answer).

    Examples:
        >>> from .rules import PRESETS
        >>> [len(run) for run in in_parts(PRESETS.default, 3)]
        [6, 5, 5]
    """
    every = exchanges(rules)
    size, longer = divmod(len(every), parts)
    bounds = [i * size + min(i, longer) for i in range(parts + 1)]
    return tuple(every[bounds[i]:bounds[i + 1]] for i in range(parts))


@lru_cache(maxsize=4)
def _croupier(by_rank: tuple[int, ...], opens_from: int) -> Croupier:
    # The croupier's tallies of one multiset of the player's ranks serve every exchange of that hand: the values
    # of one hand, asked for in several parts, build them once.
    return Croupier(by_rank, opens_from)


def option_values(hand: Sequence[int], rules: DrawPokerRules,
                  among: Sequence[Sequence[int]] | None = None) -> dict[str, Fraction]:
    """The exact expected net per ANTE of folding and of betting with each exchange (action names as the coup's);
    with `among`, of betting with those exchanges only (positions of the cards exchanged)."""
    by_rank = [0] * 13
    for c in hand:
        by_rank[(c >> 8) & 0xF] += 1
    croupier = _croupier(tuple(by_rank), rules.opens_from)
    settle = settlement(rules.pay_table, rules.bet_multiple)
    values = {} if among is not None else {FOLD_ACTION: Fraction(-1)}
    for positions in exchanges(rules) if among is None else among:
        counts = hand_counts(hand, rules.opens_from, croupier=croupier, out=positions)
        values[draw_action(positions)] = Fraction(sum(n * settle(key)[0] for key, n in counts.items()), _TOTAL)
    return values
