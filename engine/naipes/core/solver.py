"""Exact solutions of the baccarat family's choices: additive matrix games in Fractions.

Chemin de fer and the bacarrá a dos paños are *additive* games in the sense of
Foster (1964) and Ethier & Gámez (2013): the punto side has a handful of pure
strategies (what to do on 5), the banker has one binary choice (draw or stand)
per information cell, and the payoff is a constant plus one term per cell that
depends only on that cell's choice. So

* a banker's best response is chosen cell by cell;
* against a punto mixing with probabilities `q`, the banker's guaranteed
  loss is `const(q) + Σ_cells min(draw(q), stand(q))`, a concave
  piecewise-linear function of `q` whose maximum sits on a vertex of the
  arrangement of the cells' indifference hyperplanes.

`solve_two_strategy` handles the punto's two strategies (chemin de fer),
also as a *bimatrix* game when the cagnotte makes it non-zero-sum (Ethier &
Lee 2023); `solve_team` handles any small number of punto strategies in
the zero-sum case (the two paños as one team). Everything is exact
(`fractions.Fraction`); no numpy, no floating point.

Examples:
    >>> from fractions import Fraction as F
    >>> # matching pennies as an additive game with one banker cell
    >>> eq = solve_two_strategy(const_p=(F(0), F(0)), const_b=(F(0), F(0)),
    ...                         cells={"c": ((F(1), F(-1)), (F(-1), F(1)))})
    >>> eq.p, eq.banker["c"], eq.value_p
    (Fraction(1, 2), Fraction(1, 2), Fraction(0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Hashable, Mapping, Sequence

STAND, DRAW = 0, 1


@dataclass(frozen=True)
class TwoStrategyEquilibrium:
    """A Nash equilibrium of an additive 2×2^n game.

    `p` is the probability of the punto's strategy 1 (draw at 5);
    `banker[cell]` the banker's probability of drawing in each cell;
    `value_p` / `value_b` the expected payoffs of the punto and the banker.
    `indifferent` lists the cells where the banker is indifferent at `p`.
    """

    p: Fraction
    banker: Mapping[Hashable, Fraction]
    value_p: Fraction
    value_b: Fraction
    indifferent: tuple


def solve_two_strategy(const_p: Sequence[Fraction], const_b: Sequence[Fraction] | None = None,
                       cells: Mapping[Hashable, tuple] | None = None,
                       cells_b: Mapping[Hashable, tuple] | None = None,
                       forced: Mapping[Hashable, int] | None = None) -> TwoStrategyEquilibrium:
    """Equilibrium of an additive game: the punto has strategies 0 and 1, the banker one bit per cell.

    `cells[k][sigma][a]` is the punto's payoff contribution of cell `k`
    when the punto plays `sigma` and the banker `a` (0 stand, 1 draw);
    `cells_b` the banker's (default: minus the punto's, a zero-sum game);
    `const_p`/`const_b` the parts no banker choice touches. `forced`
    fixes some cells (a rule: the banker must draw on 0).

    Foster's algorithm, generalised to bimatrix games: the banker's best
    response changes only where a cell's indifference line crosses, so the
    candidates for the punto's `p` are 0, 1 and those crossings; at a
    crossing the banker mixes in the indifferent cells so that the punto is
    indifferent too.
    """
    cells = dict(cells or {})
    forced = dict(forced or {})
    if cells_b is None:
        cells_b = {k: tuple(tuple(-x for x in row) for row in v) for k, v in cells.items()}
    if const_b is None:
        const_b = tuple(-x for x in const_p)
    free = [k for k in cells if k not in forced]

    def banker_gain(k: Hashable, p: Fraction) -> Fraction:  # banker's advantage of drawing over standing in cell k against p
        ub = cells_b[k]
        gain: Fraction = (1 - p) * (ub[0][DRAW] - ub[0][STAND]) + p * (ub[1][DRAW] - ub[1][STAND])
        return gain

    def player_gain(banker: Mapping[Hashable, Fraction]) -> Fraction:  # punto's advantage of strategy 1 over strategy 0
        g = const_p[1] - const_p[0]
        for k, u in cells.items():
            r = banker[k]
            g += r * (u[1][DRAW] - u[0][DRAW]) + (1 - r) * (u[1][STAND] - u[0][STAND])
        return g

    def best_response(p: Fraction) -> tuple[dict[Hashable, Fraction], list[Hashable]]:
        banker, ties = {}, []
        for k in cells:
            if k in forced:
                banker[k] = Fraction(forced[k])
                continue
            gain = banker_gain(k, p)
            banker[k] = Fraction(1) if gain > 0 else Fraction(0)
            if gain == 0:
                ties.append(k)
        return banker, ties

    crossings = set()
    for k in free:
        ub = cells_b[k]
        d0 = ub[0][DRAW] - ub[0][STAND]
        d1 = ub[1][DRAW] - ub[1][STAND]
        if d0 != d1:
            p = Fraction(d0, 1) / (d0 - d1)
            if 0 < p < 1:
                crossings.add(p)
    candidates = [Fraction(0), Fraction(1)] + sorted(crossings)
    for p in candidates:
        banker, ties = best_response(p)
        # the punto's gain as the tied cells move from stand (0) to draw (1): linear in each
        base = dict(banker)
        for k in ties:
            base[k] = Fraction(0)
        g0 = player_gain(base)
        slopes = {}
        for k in ties:
            u = cells[k]
            slopes[k] = (u[1][DRAW] - u[0][DRAW]) - (u[1][STAND] - u[0][STAND])
        lo = g0 + sum(s for s in slopes.values() if s < 0)
        hi = g0 + sum(s for s in slopes.values() if s > 0)
        if p == 0 and lo <= 0:
            need = Fraction(min(0, hi))  # the punto prefers strategy 0 (or is indifferent)
        elif p == 1 and hi >= 0:
            need = Fraction(max(0, lo))
        elif 0 < p < 1 and lo <= 0 <= hi:
            need = Fraction(0)
        else:
            continue
        # move tied cells one at a time from the base towards the needed gain
        gain = g0
        for k in ties:
            s = slopes[k]
            if s == 0 or gain == need:
                continue
            r = (need - gain) / s
            r = min(Fraction(1), max(Fraction(0), r))
            base[k] = r
            gain += r * s
        value_p = _value(const_p, cells, p, base)
        value_b = _value(const_b, cells_b, p, base)
        return TwoStrategyEquilibrium(p, base, value_p, value_b, tuple(ties))
    raise AssertionError("no equilibrium found")  # cannot happen: one always exists


def _value(const: Sequence[Fraction], cells: Mapping[Hashable, tuple], p: Fraction,
           banker: Mapping[Hashable, Fraction]) -> Fraction:
    total: Fraction = (1 - p) * const[0] + p * const[1]
    for k, u in cells.items():
        r = banker[k]
        for sigma, weight in ((0, 1 - p), (1, p)):
            if weight:
                total += weight * (r * u[sigma][DRAW] + (1 - r) * u[sigma][STAND])
    return total


@dataclass(frozen=True)
class TeamSolution:
    """The optimal mixed strategy `q` of the punto side over its pure strategies, and the value.

    `banker[cell]` is the banker's best response at `q`: 1 draw, 0 stand,
    `None` where both choices are equally good against `q`.
    """

    q: tuple[Fraction, ...]
    value: Fraction
    banker: Mapping[Hashable, Fraction | None]


def _solve_linear(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Exact Gaussian elimination; `None` for a singular system."""
    n = len(rows)
    m = [list(r) + [b] for r, b in zip(rows, rhs)]
    for col in range(n):
        pivot = next((i for i in range(col, n) if m[i][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for i in range(n):
            if i != col and m[i][col] != 0:
                f = m[i][col] / m[col][col]
                m[i] = [a - f * b for a, b in zip(m[i], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def solve_team(const: Sequence[Fraction], cells: Mapping[Hashable, Sequence[Sequence[Fraction]]],
               forced: Mapping[Hashable, int] | None = None) -> TeamSolution:
    """Maximin of an additive zero-sum game where the punto side has `len(const)` pure strategies.

    `cells[k][sigma][a]` is the punto side's payoff contribution of cell `k`
    under pure strategy `sigma` and banker action `a`. The banker
    minimises cell by cell, so the punto side maximises the concave function
    `f(q) = Σ q·const + Σ_k min(q·stand_k, q·draw_k)` over the simplex;
    the maximum is on a vertex of the arrangement of the hyperplanes
    `q·(draw_k − stand_k) = 0` of the cells whose preferred action changes
    on the simplex, which are enumerated exactly.

    Examples:
        >>> from fractions import Fraction as F
        >>> solve_team((F(0), F(0)), {"c": ((F(1), F(-1)), (F(-1), F(1)))}).q
        (Fraction(1, 2), Fraction(1, 2))
    """
    forced = dict(forced or {})
    m = len(const)
    fixed_const = list(const)
    ambiguous = {}
    for k, u in cells.items():
        if k in forced:
            for s in range(m):
                fixed_const[s] += u[s][forced[k]]
            continue
        diffs = [u[s][DRAW] - u[s][STAND] for s in range(m)]
        if all(d >= 0 for d in diffs):  # standing is never worse for the banker
            for s in range(m):
                fixed_const[s] += u[s][STAND]
        elif all(d <= 0 for d in diffs):
            for s in range(m):
                fixed_const[s] += u[s][DRAW]
        else:
            ambiguous[k] = u

    def f(q: Sequence[Fraction]) -> Fraction:
        total = sum((qi * c for qi, c in zip(q, fixed_const)), Fraction(0))
        for u in ambiguous.values():
            total += min(sum(qi * u[s][STAND] for s, qi in enumerate(q)),
                         sum(qi * u[s][DRAW] for s, qi in enumerate(q)))
        return total

    planes = [[Fraction(int(i == j)) for j in range(m)] for i in range(m)]  # q_i = 0
    planes += [[u[s][DRAW] - u[s][STAND] for s in range(m)] for u in ambiguous.values()]
    best: tuple[Fraction, tuple[Fraction, ...]] | None = None
    for chosen in combinations(range(len(planes)), m - 1):
        rows = [planes[i] for i in chosen] + [[Fraction(1)] * m]
        q = _solve_linear(rows, [Fraction(0)] * (m - 1) + [Fraction(1)])
        if q is None or any(x < 0 for x in q):
            continue
        value = f(q)
        key = (value, tuple(q))
        if best is None or key > best:
            best = key
    if best is None:
        raise AssertionError("no vertex of the simplex found")  # cannot happen: the simplex has vertices
    value, best_q = best
    return TeamSolution(best_q, value, banker_best_reply(cells, forced, best_q))


def banker_best_reply(cells: Mapping, forced: Mapping, q: Sequence[Fraction]) -> dict[Hashable, Fraction | None]:
    """The banker's best reply, cell by cell, to the team's mix `q`: 1 draws, 0 stands,
    `None` when both are equally good; a forced cell keeps its forced choice."""
    banker: dict[Hashable, Fraction | None] = {}
    for k, u in cells.items():
        if k in forced:
            banker[k] = Fraction(forced[k])
            continue
        draw = sum(qi * u[s][DRAW] for s, qi in enumerate(q))
        stand = sum(qi * u[s][STAND] for s, qi in enumerate(q))
        banker[k] = Fraction(1) if draw < stand else Fraction(0) if stand < draw else None
    return banker
