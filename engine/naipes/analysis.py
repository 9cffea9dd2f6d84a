"""Exact analysis of Punto y Banca for any shoe composition.

Probabilities are exact: every coup is weighted by the number of ordered ways
its cards can come out of the shoe, scaled to six cards (``N·(N−1)·…·(N−5)``
sequences in all, the convention of the published tables), so the counts are
integers and the probabilities :class:`fractions.Fraction`.

>>> a = analyze(deck_counts(8))
>>> a.total
4998398275503360
>>> a.banker, a.player, a.tie
(2292252566437888, 2230518282592256, 475627426473216)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from .cards import Card
from .errors import CardError, RulesError
from .punto_banca import (BANKER, PLAYER, SOURCE_004_DRAWING, TIE, DrawingRules, PuntoBancaRules, hand_total,
                          next_hand, settle_bet)

#: Every cell of the banca's table: (banca total 0–7, punto's third card 0–9 or None if the punto stood).
TABLE_CELLS = tuple((total, third) for total in range(8) for third in (None, *range(10)))


def deck_counts(decks: int) -> tuple[int, ...]:
    """Cards per baccarat value 0–9 in ``decks`` French decks (tens and figures are the 0s).

    >>> deck_counts(1)
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    if not isinstance(decks, int) or decks < 1:
        raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=decks)
    return (16 * decks,) + (4 * decks,) * 9


def counts_without(counts: Sequence[int], cards: Iterable[Card]) -> tuple[int, ...]:
    """The composition left after removing ``cards``; the error names a card the shoe lacks.

    >>> from naipes.cards import parse_cards
    >>> counts_without(deck_counts(1), parse_cards("As Kd Qh"))
    (14, 3, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    left = list(counts)
    for card in cards:
        value = card.baccarat_value
        if left[value] == 0:
            raise CardError("Card {card} cannot be removed: the shoe has no more cards of value {value}.",
                            card=str(card), value=value)
        left[value] -= 1
    return tuple(left)


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def _pairs(c: Sequence[int]):
    """Unordered two-card value pairs with the number of ordered ways to deal them."""
    for a in range(10):
        ca = c[a]
        if not ca:
            continue
        yield a, a, ca * (ca - 1)
        for b in range(a + 1, 10):
            if c[b]:
                yield a, b, 2 * ca * c[b]


@dataclass(frozen=True)
class PuntoBancaAnalysis:
    """Exact outcome counts of one coup dealt from a shoe of composition ``counts``.

    ``final_totals[p][b]`` counts coups ending with the punto on ``p`` and the
    banca on ``b``; ``cells`` counts coups reaching each cell of the banca's
    table; ``naturals`` counts coups ending on a natural (either hand).
    """

    counts: tuple[int, ...]
    total: int
    final_totals: tuple[tuple[int, ...], ...]
    naturals: int
    player_naturals: int
    banker_naturals: int
    cells: Mapping[tuple[int, int | None], int]

    @property
    def banker(self) -> int:
        return sum(self.final_totals[p][b] for p in range(10) for b in range(10) if b > p)

    @property
    def player(self) -> int:
        return sum(self.final_totals[p][b] for p in range(10) for b in range(10) if p > b)

    @property
    def tie(self) -> int:
        return sum(self.final_totals[t][t] for t in range(10))

    def probability(self, outcome: str) -> Fraction:
        """Exact probability that ``outcome`` (banker, player, tie) wins the coup.

        >>> analyze(deck_counts(1)).probability("tie") < Fraction(1, 10)
        True
        """
        weights = {BANKER: self.banker, PLAYER: self.player, TIE: self.tie}
        if outcome not in weights:
            raise RulesError("Unknown bet {bet!r}: use banker, player or tie.", bet=outcome)
        return Fraction(weights[outcome], self.total)

    def expected_value(self, bet: str, rules: PuntoBancaRules) -> Fraction:
        """Exact expected net result per unit staked on ``bet`` under ``rules``' payouts."""
        return sum((self.probability(winner) * settle_bet(rules, bet, winner, Fraction(1))
                    for winner in (BANKER, PLAYER, TIE)), Fraction(0))

    def house_edge(self, bet: str, rules: PuntoBancaRules) -> Fraction:
        """The house's expected gain per unit staked on ``bet`` (minus the bettor's expectation).

        >>> from naipes.punto_banca import PRESETS
        >>> round(float(analyze(deck_counts(8)).house_edge("banker", PRESETS["hoja-baccarat"])), 6)
        0.010579
        """
        return -self.expected_value(bet, rules)

    def cell_probability(self, banker_total: int, player_third: int | None) -> Fraction:
        """Probability that a coup reaches this cell of the banca's table."""
        return Fraction(self.cells[(banker_total, player_third)], self.total)


def analyze(counts: Sequence[int], drawing: DrawingRules = SOURCE_004_DRAWING) -> PuntoBancaAnalysis:
    """Exact analysis of a coup dealt from a shoe holding ``counts[v]`` cards of value ``v``.

    Deals the punto's and the banca's first two cards as unordered pairs (with
    their ordered multiplicity), then the third cards by the rules; a coup that
    ends after k cards is weighted by the (N−k)·…·(N−5) ways the unused cards
    can follow, so all counts share the denominator N·(N−1)·…·(N−5).

    >>> analyze((0,) * 10)
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: A coup needs a shoe of at least 6 cards, not 0.
    """
    c = _validated(counts)
    player_draws, banker_draws = drawing.player_draws, drawing.banker_draws
    n = sum(c)
    after_five = n - 5
    after_four = (n - 4) * (n - 5)
    final = [0] * 100
    cells = dict.fromkeys(TABLE_CELLS, 0)
    naturals = player_naturals = banker_naturals = 0
    for a, b, ways_player in _pairs(c):
        c[a] -= 1
        c[b] -= 1
        pt = (a + b) % 10
        for x, y, ways_banker in _pairs(c):
            c[x] -= 1
            c[y] -= 1
            w4 = ways_player * ways_banker
            bt = (x + y) % 10
            if pt >= 8 or bt >= 8:
                w = w4 * after_four
                final[pt * 10 + bt] += w
                naturals += w
                player_naturals += w if pt >= 8 else 0
                banker_naturals += w if bt >= 8 else 0
            elif not player_draws(pt):
                cells[(bt, None)] += w4 * after_four
                if banker_draws(bt, None):
                    w = w4 * after_five
                    row = pt * 10
                    for z in range(10):
                        if c[z]:
                            final[row + (bt + z) % 10] += w * c[z]
                else:
                    final[pt * 10 + bt] += w4 * after_four
            else:
                for third in range(10):
                    ways_third = c[third]
                    if not ways_third:
                        continue
                    w5 = w4 * ways_third
                    row = (pt + third) % 10 * 10
                    cells[(bt, third)] += w5 * after_five
                    if banker_draws(bt, third):
                        c[third] -= 1
                        for z in range(10):
                            if c[z]:
                                final[row + (bt + z) % 10] += w5 * c[z]
                        c[third] += 1
                    else:
                        final[row + bt] += w5 * after_five
            c[x] += 1
            c[y] += 1
        c[a] += 1
        c[b] += 1
    return PuntoBancaAnalysis(
        counts=tuple(counts), total=_falling(n, 6),
        final_totals=tuple(tuple(final[p * 10:p * 10 + 10]) for p in range(10)),
        naturals=naturals, player_naturals=player_naturals, banker_naturals=banker_naturals,
        cells=cells)


def enumerate_plain(counts: Sequence[int], drawing: DrawingRules = SOURCE_004_DRAWING
                    ) -> tuple[tuple[int, ...], ...]:
    """Final-total counts by walking every ordered card-value sequence of the deal.

    The straightforward reference for :func:`analyze` (used by the tests and
    the benchmark): one recursion over :func:`~naipes.punto_banca.next_hand`.

    >>> enumerate_plain(deck_counts(1)) == analyze(deck_counts(1)).final_totals
    True
    """
    c = _validated(counts)
    n = sum(c)
    final = [0] * 100

    def walk(player: list[int], banker: list[int], weight: int, dealt: int) -> None:
        hand = next_hand(player, banker, drawing)
        if hand is None:
            final[hand_total(player) * 10 + hand_total(banker)] += weight * _falling(n - dealt, 6 - dealt)
            return
        receiving = player if hand == PLAYER else banker
        for value in range(10):
            ways = c[value]
            if ways:
                c[value] -= 1
                receiving.append(value)
                walk(player, banker, weight * ways, dealt + 1)
                receiving.pop()
                c[value] += 1

    walk([], [], 1, 0)
    return tuple(tuple(final[p * 10:p * 10 + 10]) for p in range(10))


def _validated(counts: Sequence[int]) -> list[int]:
    c = list(counts)
    if len(c) != 10 or any(not isinstance(k, int) or k < 0 for k in c):
        raise RulesError("A shoe composition needs 10 counts (values 0 to 9), each 0 or more: {counts}.",
                         counts=counts)
    if sum(c) < 6:
        raise RulesError("A coup needs a shoe of at least 6 cards, not {n}.", n=sum(c))
    return c
