"""The bacarrá a dos paños solved exactly: the paños as one team against a free banker.

The paños are treated as one team maximising their summed result (each sees
only its own total; a shared random device may correlate their choices on 5),
the banker minimises it cell by cell: Ethier and Lee's (2015) *correlated
cooperative* reading of the three-person game. The tables follow the rules'
drawing choices, and the banker's forced draws are kept.

Examples:
    >>> s = solve("totals")
    >>> s.draw_at_5[0] == s.draw_at_5[1] and 0 < s.draw_at_5[0] < 1
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from ....core import options
from ....core.progress import Progress, no_progress
from ....core.solver import DRAW, TeamSolution, banker_best_reply, solve_team
from ..choices import card_weights
from .analysis import DosPanosTables, dos_panos_tables
from .coup import DosPanosConduct
from .rules import PRESETS, DosPanosRules


@lru_cache(maxsize=8)
def model_tables(model: str, decks: int, rules: DosPanosRules, progress: Progress = no_progress) -> DosPanosTables:
    """The exact tables of a solving model (`totals`, or `shoe` of `decks` decks: about 5 s of CPU), cached.

    Raises:
        SpecError: an unknown model.
    """
    counts, replacement = card_weights(model, decks)
    return dos_panos_tables(counts, replacement, rules, progress)


@dataclass(frozen=True)
class DosPanosSolution:
    """The two paños as one team against the banker (a zero-sum game on the sum of both paños).

    `q` is the optimal joint mix over `TEAM_STRATEGIES`; `draw_at_5` paño 1's
    and paño 2's probabilities of drawing on 5; `value` the team's expectation
    per unit on each paño (the sum over both, halved: per paño); `banker` the
    banker's best reply in every cell (1 draw, 0 stand, `None`: either).
    """

    model: str
    decks: int | None
    solution: TeamSolution

    @property
    def q(self) -> tuple[Fraction, ...]:
        """The joint mix over `TEAM_STRATEGIES`."""
        return self.solution.q

    @property
    def draw_at_5(self) -> tuple[Fraction, Fraction]:
        """Each paño's probability of drawing on his free totals."""
        q = self.solution.q
        return (q[2] + q[3], q[1] + q[3])

    @property
    def value(self) -> Fraction:
        """Expectation of one paño per unit staked (the team's total divided by two)."""
        return self.solution.value / 2

    @property
    def banker(self) -> Mapping[tuple, Fraction | None]:
        """The banker's best reply in every cell (`None` where both choices are worth the same)."""
        return self.solution.banker

    def conduct(self) -> DosPanosConduct:
        """The solution as a conduct: the joint mix, and the banker's best reply (the table where indifferent)."""
        return DosPanosConduct(panos=self.q, banker=dict(self.banker))


def solve(model: str = "totals", decks: int = 6, rules: DosPanosRules | None = None,
          progress: Progress = no_progress) -> DosPanosSolution:
    """Solve the dos paños exactly: the paños' optimal joint mix on 5 against a free banker.

    Raises:
        SpecError: an unknown model.
        RulesError: a bad number of decks.

    Examples:
        >>> solve("totals").value < 0                  # the banker keeps an edge against each paño
        True
    """
    rules = rules or PRESETS.default
    decks = options.decks(decks)
    const, cells = model_tables(model, decks, rules, progress).team_payoffs()
    forced = {cell: DRAW for cell in cells if rules.drawing.banker_forced(cell[0])}
    # The paños are exchangeable (same rules, cards exchangeable), so the concave objective is symmetric
    # under swapping them and a symmetric optimum exists: solve over (SS, half SD + half DS, DD).
    half = Fraction(1, 2)
    sym_const = (const[0], half * (const[1] + const[2]), const[3])
    sym_cells = {k: (u[0], tuple(half * (a + b) for a, b in zip(u[1], u[2])), u[3]) for k, u in cells.items()}
    sym = solve_team(sym_const, sym_cells, forced)
    q = (sym.q[0], sym.q[1] * half, sym.q[1] * half, sym.q[2])
    banker = banker_best_reply(cells, forced, q)
    return DosPanosSolution(model, decks if model == "shoe" else None, TeamSolution(q, sym.value, banker))
