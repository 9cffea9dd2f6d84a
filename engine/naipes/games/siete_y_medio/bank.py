"""The engine's bank: its exact decision to draw or stand (`BankSolver`), and what it wins against a player.

**The bank's model.** The bank sees its own cards, the face-up cards of every
player, and all the cards of the players who went over (they show them). Every
player still in holds exactly one face-down card. The bank treats the unseen
cards as a uniformly shuffled remainder of the deck: the hidden cards of the
players still in and the cards it will draw are distinct cards taken from it,
every sequence equally likely, *conditioned on what it knows* — that no player
still in went over 7½ (visible total + hidden card ≤ 7½). It draws no inference
from how the players chose to ask or stand (an *interpretation*: a simple,
exact model rather than a game-theoretic one). On that model it maximises its
exact expected result (its net points over all the players still in, with 7½
paid double) by dynamic programming over the cards it may draw, and stands when
drawing is not strictly better.

Totals are in half points (15 is 7½) and compositions count the eight classes
of `naipes.games.siete_y_medio.values.CLASSES`.

Examples:
    >>> from naipes.games.siete_y_medio.values import full_composition
    >>> bank_decision(bank_total=8, players=[(10, 1)], unseen=full_composition()).draws
    True
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import mul
from typing import Iterator, Sequence

from ...core.errors import RulesError
from .values import CLASSES, LIMIT, OVER, format_total

#: The CPU time (`time.process_time`) past which solving stops with `OutOfTime` (`solving_until`). One bank
#: position can take tens of milliseconds to solve; a widget's click may not wait for all of it, and the nodes
#: solved so far stay memoised, so the next call goes on from there.
_DEADLINE = [math.inf]


class OutOfTime(Exception):
    """The CPU time given to the solving ran out (`solving_until`): the work done so far is kept."""


@contextmanager
def solving_until(deadline: float) -> Iterator[None]:
    """Solve (the bank's positions, the adviser's walk) until `deadline`, a `time.process_time`, at most."""
    previous = _DEADLINE[0]
    _DEADLINE[0] = min(previous, deadline)
    try:
        yield
    finally:
        _DEADLINE[0] = previous


def check_time() -> None:
    """`OutOfTime` once the deadline of `solving_until` is past (no clock is read without one)."""
    if _DEADLINE[0] < math.inf and time.process_time() >= _DEADLINE[0]:
        raise OutOfTime()


@lru_cache(maxsize=4096)
def falling_table(count: int) -> tuple[int, ...]:
    """`count·(count−1)·…` for 0, 1, …, count factors, then zeros (no more cards of that kind).

    Examples:
        >>> falling_table(3)[:5]
        (1, 3, 6, 6, 0)
    """
    table = [1]
    for m in range(1, count + 1):
        table.append(table[-1] * (count - m + 1))
    return tuple(table) + (0,) * (LIMIT + 8)


def bank_payoff(player_total: int, stake: int, bank_total: int) -> int:
    """The bank's net result against one player still in (`bank_total` 16 means it went over).

    Ties go to the bank; a bank with 7½ beats everyone; a player with 7½ (the
    bank not) is paid double; a bank that went over pays every player who stood.

    Args:
        player_total: the player's total in half points (at most 15).
        stake: the player's bet.
        bank_total: the bank's total in half points, `OVER` (16) once it went over.

    Returns:
        The bank's net points against that player.

    Examples:
        >>> bank_payoff(12, 1, 12), bank_payoff(15, 1, 14), bank_payoff(15, 1, 15), bank_payoff(9, 2, OVER)
        (1, -2, 1, -2)
    """
    if bank_total > LIMIT:
        return -2 * stake if player_total == LIMIT else -stake
    if bank_total == LIMIT:
        return stake
    if player_total == LIMIT:
        return -2 * stake
    return stake if bank_total >= player_total else -stake


#: Falling factorials n·(n−1)·…·(n−k+1) for n ≤ 40 and k ≤ 40.
FALLING = [[1] + [0] * 40 for _ in range(41)]
for _n in range(41):
    for _k in range(1, 41):
        FALLING[_n][_k] = FALLING[_n][_k - 1] * (_n - _k + 1) if _k <= _n else 0


def hidden_states(unseen: Sequence[int], players: Sequence[tuple[int, int]]):
    """Multisets of the players' hidden cards: `{counts: (assignments, payoff by bank outcome)}`.

    `players` are `(visible half points, stake)`. An assignment gives each
    player a hidden value that keeps them at or under 7½; its weight (the
    number of ways to take those cards from `unseen`) depends only on the
    multiset, so it is applied later together with the bank's cards.

    Raises:
        RulesError: a player shows 7½ or more (the hidden card would take them over).

    Examples:
        >>> states = hidden_states((12, 4, 4, 4, 4, 4, 4, 4), [(14, 1)])
        >>> list(states) == [(1, 0, 0, 0, 0, 0, 0, 0)], states[(1, 0, 0, 0, 0, 0, 0, 0)][0]
        (True, 1)
    """
    states: dict[tuple[int, ...], tuple[int, list[int]]] = {(0,) * len(CLASSES): (0 + 1, [0] * (OVER + 1))}
    for visible, stake in players:
        if visible > LIMIT - 1:
            raise RulesError("A player still in shows {total}: over 7½ with the hidden card.",
                             total=format_total(visible))
        new: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        for n, (count, payoff) in states.items():
            for i, value in enumerate(CLASSES):
                if visible + value > LIMIT or n[i] >= unseen[i]:
                    continue
                key = n[:i] + (n[i] + 1,) + n[i + 1:]
                old_count, old_payoff = new.get(key, (0, [0] * (OVER + 1)))
                total = visible + value
                gains = [payoff[t] + count * bank_payoff(total, stake, t) if t else 0 for t in range(OVER + 1)]
                new[key] = (old_count + count, [a + b for a, b in zip(old_payoff, gains)])
        states = new
    return states


@dataclass(frozen=True)
class BankDecision:
    """What the bank does, with the exact expected results (in points) of standing and of drawing.

    `draw_value` is `None` when drawing is impossible (no card left).

    Examples:
        >>> BankDecision(True, Fraction(-1), Fraction(1, 3), 8).value
        Fraction(1, 3)
    """

    draws: bool
    stand_value: Fraction
    draw_value: Fraction | None
    total: int

    @property
    def value(self) -> Fraction:
        """The expected result of the better choice."""
        return self.draw_value if self.draws and self.draw_value is not None else self.stand_value


class BankSolver:
    """The bank's optimal play from one position, on the model of the module docstring.

    `unseen` is the composition the bank cannot see (hidden cards of the
    players still in and the rest of the deck); `players` are the players
    still in as `(visible half points, stake)`. Nodes are the multisets of the
    cards the bank draws from here on; `draws` gives its decision at any
    node, so the same solver is also the bank's whole policy.

    A bank on 7½ stands; a bank on 4 against a player showing 4 (so holding
    4½ to 7½) must draw.

    Args:
        unseen: the composition of the cards the bank cannot see.
        bank_total: the bank's total in half points.
        players: each player still in as `(visible half points, stake)`.

    Raises:
        RulesError: a position that cannot be (no hidden cards keep every player at or under 7½).

    Examples:
        >>> from naipes.games.siete_y_medio.values import full_composition
        >>> BankSolver(full_composition(), 15, [(8, 1)]).draws((0,) * 8)
        False
        >>> BankSolver(full_composition(), 8, [(8, 1)]).draws((0,) * 8)
        True
    """

    def __init__(self, unseen: Sequence[int], bank_total: int, players: Sequence[tuple[int, int]]) -> None:
        self.unseen = tuple(unseen)
        self.bank_total = bank_total
        self.players = tuple(players)
        states = hidden_states(self.unseen, self.players)
        # Each multiset of hidden cards as its non-zero entries: (class, how many).
        self._states = [(tuple((i, k) for i, k in enumerate(n) if k), count, payoff)
                        for n, (count, payoff) in states.items()]
        self._cards = sum(self.unseen) - len(self.players)
        # Scaling every node by the falling factorial of the cards left down to the deepest node keeps the
        # backward induction in integers: K(x) = G(x)·Π(x), Π(x) = R(x)·(R(x)−1)·… (depth − |x| factors);
        # the common factor of the bank's own cards, ∏ unseen_i·(unseen_i − 1)·… over x, is left out.
        self._depth = max(0, min(LIMIT + 1 - bank_total, self._cards))
        self._memo: dict[tuple[int, ...], tuple[int, int, int | None]] = {}
        # The inner loop works on columns: the bank's payoff against each hidden multiset, per bank outcome,
        # and, per card class, the multisets that hold cards of it (their weights change when the bank draws
        # one: FALLING[n - 1][k] = FALLING[n][k] * (n - k) // n, exactly).
        self._payoffs = [tuple(state[2][t] for state in self._states) for t in range(OVER + 1)]
        self._holding = [[(s, k) for s, (sparse, _, _) in enumerate(self._states) for i, k in sparse if i == j]
                         for j in range(len(CLASSES))]
        if not self._states or self.mass((0,) * len(CLASSES)) == 0:
            raise RulesError("These cards are impossible: the players still in cannot all be at or under 7½.")

    def total(self, drawn: Sequence[int]) -> int:
        """The bank's total after drawing the multiset `drawn`."""
        return self.bank_total + sum(c * v for c, v in zip(drawn, CLASSES))

    def _weights(self, drawn: Sequence[int]) -> list[int]:
        """Ways to take the cards of each multiset of hidden values from what is left once the bank drew
        `drawn` (not yet times the number of ways to hand those values to the players)."""
        left = [c - x for c, x in zip(self.unseen, drawn)]
        weights = []
        for sparse, _, _ in self._states:
            w = 1
            for i, k in sparse:
                w *= FALLING[left[i]][k] if left[i] >= 0 else 0
            weights.append(w)
        return weights

    def mass(self, drawn: Sequence[int]) -> int:
        """Ways to deal the hidden cards that fit what the bank knows, once it drew `drawn`."""
        return sum(w * state[1] for w, state in zip(self._weights(drawn), self._states))

    def _scale(self, size: int) -> int:
        return falling_table(self._cards - size)[self._depth - size]

    def _solve(self, drawn: tuple[int, ...], total: int, size: int,
               weights: list[int] | None = None) -> tuple[int, int, int | None]:
        """`(best, stand, draw)` expected results at `drawn`, times `mass(drawn)·Π(drawn)`.

        `weights` are the hidden multisets' weights at `drawn` when the caller has them (its own, updated
        for the one card drawn); otherwise they are computed.
        """
        found = self._memo.get(drawn)
        if found is not None:
            return found
        check_time()
        if weights is None:
            weights = self._weights(drawn)
        outcome = OVER if total > LIMIT else total
        stand = self._scale(size) * sum(map(mul, weights, self._payoffs[outcome]))
        # On 7½ any card goes over: below the root (whose decision is shown with both values) standing is
        # the bank's play without looking further.
        if total > LIMIT or size >= self._cards or (total == LIMIT and size):
            result: tuple[int, int, int | None] = (stand, stand, None)
        else:
            draw = 0
            for i, value in enumerate(CLASSES):
                left = self.unseen[i] - drawn[i]
                if left > 0:
                    child = drawn[:i] + (drawn[i] + 1,) + drawn[i + 1:]
                    child_weights = None
                    if child not in self._memo:
                        child_weights = list(weights)
                        for state, k in self._holding[i]:
                            child_weights[state] = child_weights[state] * (left - k) // left if left > k else 0
                    draw += left * self._solve(child, total + value, size + 1, child_weights)[0]
            result = (max(stand, draw), stand, draw)
        self._memo[drawn] = result
        return result

    def decision(self, drawn: Sequence[int] = (0,) * len(CLASSES)) -> BankDecision:
        """The decision at `drawn` with normalised expected results."""
        drawn = tuple(drawn)
        size = sum(drawn)
        _, stand, draw = self._solve(drawn, self.total(drawn), size)
        norm = self.mass(drawn) * self._scale(size)
        draw_value = None if draw is None else Fraction(draw, norm)
        return BankDecision(draw is not None and draw > stand, Fraction(stand, norm), draw_value,
                            self.total(drawn))

    def draws(self, drawn: Sequence[int]) -> bool:
        """True when the bank draws at `drawn` (a node reached by its own draws)."""
        drawn = tuple(drawn)
        return self.draws_at(drawn, self.total(drawn), sum(drawn))

    def draws_at(self, drawn: tuple[int, ...], total: int, size: int) -> bool:
        """`draws` with the node's total and number of cards already known."""
        _, stand, draw = self._solve(drawn, total, size)
        return draw is not None and draw > stand


@lru_cache(maxsize=2048)
def bank_solver(unseen: tuple[int, ...], bank_total: int, players: tuple[tuple[int, int], ...]) -> BankSolver:
    """The bank's solver for one position, shared: the adviser and the bank meet the same positions again
    click after click (after asking a card, the adviser's positions are a part of the previous ones).

    Examples:
        >>> from naipes.games.siete_y_medio.values import full_composition
        >>> bank_solver(full_composition(), 8, ((8, 1),)) is bank_solver(full_composition(), 8, ((8, 1),))
        True
    """
    return BankSolver(unseen, bank_total, players)


def bank_decision(bank_total: int, players: Sequence[tuple[int, int]], unseen: Sequence[int]) -> BankDecision:
    """The bank's exact best play against `players` (`(visible half points, stake)`).

    With 4 against one player showing 5 (whose hidden card keeps them at or
    under 7½), standing loses for sure unless the hidden card is small, so the
    bank draws.

    Args:
        bank_total: the bank's total in half points.
        players: each player still in as `(visible half points, stake)`.
        unseen: the composition of the cards the bank cannot see.

    Returns:
        The decision with the exact expected results of standing and drawing.

    Raises:
        RulesError: no player is still in, or the position cannot be.

    Examples:
        >>> from naipes.core.cards import SPANISH, parse_cards
        >>> from naipes.games.siete_y_medio.values import full_composition, unseen_composition
        >>> seen = parse_cards("4o 5c", deck=SPANISH)
        >>> bank_decision(8, [(10, 1)], unseen_composition(seen)).draws
        True
        >>> bank_decision(15, [(2, 1)], full_composition()).draws
        False
    """
    if not players:
        raise RulesError("The bank plays only against players still in, and there are none.")
    return bank_solver(tuple(unseen), bank_total, tuple(players)).decision()


