"""Exact analysis of Punto y Banca for any shoe composition, derived from the rules' drawing rules.

Probabilities are exact: every coup is weighted by the number of ordered ways
its cards can come out of the shoe, scaled to six cards (`N·(N−1)·…·(N−5)`
sequences in all, the convention of the published tables), so the counts are
integers and the probabilities `fractions.Fraction`.

Examples:
    >>> a = analyze(deck_counts(8))
    >>> a.total
    4998398275503360
    >>> a.banker, a.player, a.tie
    (2292252566437888, 2230518282592256, 475627426473216)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.errors import RulesError, SpecError
from ....core.model import Line, Report
from ....core.i18n import N_
from ..kernel import BANKER, PLAYER, SOURCE_004_DRAWING, TIE, DrawingRules, deck_counts, outcome  # noqa: F401
from .coup import BETS, settle_bet
from .rules import PuntoBancaRules

#: Every cell of the banca's table: (banca total 0–7, punto's third card 0–9 or None if the punto stood).
TABLE_CELLS = tuple((total, third) for total in range(8) for third in (None, *range(10)))
BET_LABELS = {BANKER: N_("Banker"), PLAYER: N_("Player"), TIE: N_("Tie")}


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
    """Exact outcome counts of one coup dealt from a shoe of composition `counts`.

    `final_totals[p][b]` counts coups ending with the punto on `p` and the
    banca on `b`, and `natural_totals[p][b]` those of them ended by a natural;
    `cells` counts coups reaching each cell of the banca's table.
    """

    counts: tuple[int, ...]
    total: int
    final_totals: tuple[tuple[int, ...], ...]
    natural_totals: tuple[tuple[int, ...], ...]
    cells: Mapping[tuple[int, int | None], int]

    @property
    def naturals(self) -> int:
        return sum(map(sum, self.natural_totals))

    @property
    def banker(self) -> int:
        return sum(self.final_totals[p][b] for p in range(10) for b in range(10) if b > p)

    @property
    def player(self) -> int:
        return sum(self.final_totals[p][b] for p in range(10) for b in range(10) if p > b)

    @property
    def tie(self) -> int:
        return sum(self.final_totals[t][t] for t in range(10))

    def probability(self, bet: str) -> Fraction:
        """Exact probability that `bet` (banker, player, tie) wins the coup.

        Examples:
            >>> analyze(deck_counts(1)).probability("tie") < Fraction(1, 10)
            True
        """
        weights = {BANKER: self.banker, PLAYER: self.player, TIE: self.tie}
        if bet not in weights:
            raise SpecError("Unknown bet {bet!r}: use banker, player or tie.", bet=bet)
        return Fraction(weights[bet], self.total)

    def house_edge(self, bet: str, rules: PuntoBancaRules) -> Fraction:
        """The house's expected gain per unit staked on `bet` under `rules`' payouts.

        Examples:
            >>> from naipes.games.baccarat.punto_banca.rules import PRESETS
            >>> round(float(analyze(deck_counts(8)).house_edge("banker", PRESETS.get("hoja-baccarat"))), 6)
            0.010579
        """
        return -sum((self.probability(w) * settle_bet(rules, bet, w, Fraction(1)) for w in BETS), Fraction(0))

    def cell_probability(self, banker_total: int, player_third: int | None) -> Fraction:
        """Probability that a coup reaches this cell of the banca's table."""
        return Fraction(self.cells[(banker_total, player_third)], self.total)

    def distribution(self) -> dict[Hashable, Fraction]:
        """Each `(punto's total, banca's total, natural?)` with its exact probability (`Coup.outcome`'s shape)."""
        out: dict[Hashable, Fraction] = {}
        for p in range(10):
            for b in range(10):
                natural, drawn = self.natural_totals[p][b], self.final_totals[p][b] - self.natural_totals[p][b]
                if natural:
                    out[(p, b, True)] = Fraction(natural, self.total)
                if drawn:
                    out[(p, b, False)] = Fraction(drawn, self.total)
        return out


def analyze(counts: Sequence[int], drawing: DrawingRules = SOURCE_004_DRAWING) -> PuntoBancaAnalysis:
    """Exact analysis of a coup dealt from a shoe holding `counts[v]` cards of value `v`.

    Deals the punto's and the banca's first two cards as unordered pairs (with
    their ordered multiplicity), then the third cards by `drawing`; a coup that
    ends after k cards is weighted by the (N−k)·…·(N−5) ways the unused cards
    can follow, so all counts share the denominator N·(N−1)·…·(N−5).

    Raises:
        RulesError: a composition that is not ten counts, or fewer than 6 cards.

    Examples:
        >>> analyze((0,) * 10)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: A coup needs a shoe of at least 6 cards, not 0.
    """
    c = _validated(counts)
    player_draws, banker_draws = drawing.player_draws, drawing.banker_draws
    n = sum(c)
    after_five = n - 5
    after_four = (n - 4) * (n - 5)
    final = [0] * 100
    natural = [0] * 100
    cells = dict.fromkeys(TABLE_CELLS, 0)
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
                natural[pt * 10 + bt] += w
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
        natural_totals=tuple(tuple(natural[p * 10:p * 10 + 10]) for p in range(10)),
        cells=cells)


def _validated(counts: Sequence[int]) -> list[int]:
    c = list(counts)
    if len(c) != 10 or any(not isinstance(k, int) or k < 0 for k in c):
        raise RulesError("A shoe composition needs 10 counts (values 0 to 9), each 0 or more: {counts}.",
                         counts=str(tuple(counts)))
    if sum(c) < 6:
        raise RulesError("A coup needs a shoe of at least 6 cards, not {n}.", n=sum(c))
    return c


def report(rules: PuntoBancaRules, distribution: Mapping[Hashable, Fraction]) -> Report:
    """The exact analysis as lines (each bet's probability and house edge) from an outcome distribution.

    Args:
        rules: the payouts.
        distribution: each `(punto's total, banca's total, natural?)` with its probability.
    """
    wins = {BANKER: Fraction(0), PLAYER: Fraction(0), TIE: Fraction(0)}
    naturals = Fraction(0)
    for (p, b, natural), probability in distribution.items():
        wins[outcome(p, b)] += probability
        if natural:
            naturals += probability
    lines = tuple(
        Line(bet, BET_LABELS[bet], wins[bet],
             -sum((wins[w] * settle_bet(rules, bet, w, Fraction(1)) for w in BETS), Fraction(0)))
        for bet in BETS)
    return Report(lines, {"naturals": naturals})


def fast_report(rules: PuntoBancaRules, counts: tuple[int, ...]) -> Report:
    """The exact analysis of `rules` on a shoe of composition `counts`, by `analyze`."""
    return report(rules, analyze(counts, rules.drawing).distribution())


def walk_report(rules: PuntoBancaRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution."""
    return report(rules, distribution)
