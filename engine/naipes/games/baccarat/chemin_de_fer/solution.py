"""Chemin de fer solved exactly: the punto's mix on five and the banker's reply in each of his 88 cells.

The game is *additive* (Foster 1964; Ethier and Gámez 2013): the punto has two
pure strategies on his free totals, the banker one binary choice per
information cell, so `naipes.core.solver` solves it exactly from the tables of
`chemin_de_fer.analysis`, which follow the rules' drawing choices.

Examples:
    >>> solve("totals").draw_at_5
    Fraction(9, 11)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from ....core import options
from ....core.solver import DRAW, STAND, TwoStrategyEquilibrium, solve_two_strategy
from ..choices import DrawingChoices, card_weights
from ..kernel import BANKER, PLAYER
from .analysis import CheminDeFerTables, chemin_de_fer_tables
from .coup import CELLS, CheminDeFerConduct
from .rules import PRESETS, CheminDeFerRules


@lru_cache(maxsize=16)
def model_tables(model: str, decks: int, drawing: DrawingChoices = DrawingChoices()) -> CheminDeFerTables:
    """The exact tables of a solving model (`totals` or `shoe` of `decks` decks), cached.

    Raises:
        SpecError: an unknown model.
    """
    counts, replacement = card_weights(model, decks)
    return chemin_de_fer_tables(counts, replacement, drawing)


@dataclass(frozen=True)
class CheminDeFerSolution:
    """The game solved: the punto's probability of drawing on 5, the banker's strategy cell by cell,
    each side's expectation per unit, and the cells the rules force."""

    model: str
    decks: int | None
    commission: Fraction
    equilibrium: TwoStrategyEquilibrium
    forced: Mapping[tuple, int]

    @property
    def draw_at_5(self) -> Fraction:
        """The punto's probability of drawing on his free totals."""
        return self.equilibrium.p

    @property
    def value(self) -> Fraction:
        """The punto's expectation per unit staked at the equilibrium (the game's value when zero-sum)."""
        return self.equilibrium.value_p

    @property
    def banker_value(self) -> Fraction:
        """The banker's expectation per unit at the equilibrium (after the cagnotte)."""
        return self.equilibrium.value_b

    def banker_draws(self, total: int, third: int | None) -> Fraction:
        """The banker's probability of drawing in one cell."""
        return self.equilibrium.banker[(total, third)]

    def conduct(self) -> CheminDeFerConduct:
        """The solution as a conduct: the punto's mix and the banker's strategy."""
        return CheminDeFerConduct(punto=self.draw_at_5, banker=dict(self.equilibrium.banker))


def solve(model: str = "totals", decks: int = 6, commission: Fraction | str = Fraction(0),
          rules: CheminDeFerRules | None = None) -> CheminDeFerSolution:
    """Solve chemin de fer exactly: the punto's optimal mix on 5 and the banker's reply in every cell.

    `model="totals"` is Kemeny and Snell's (1957) game: cards with
    replacement, each side sees only totals; `model="shoe"` deals without
    replacement from `decks` decks (Ethier and Gámez's Model B1). With
    `commission` > 0 the cagnotte makes the game non-zero-sum and the result
    is its Nash equilibrium (Ethier and Lee 2023). The rules' drawing choices
    (default: the first preset's) say where the punto chooses and where the
    banker must draw.

    Raises:
        SpecError: an unknown model.
        RulesError: a bad number of decks or commission.

    Examples:
        >>> s = solve("totals")
        >>> s.banker_draws(6, None)
        Fraction(859, 2288)
    """
    drawing = (rules or PRESETS.default).drawing
    rate, decks = options.rate(commission), options.decks(decks)
    tables = model_tables(model, decks, drawing)
    total = tables.total

    def payoff_p(v):
        return Fraction(v[0] - v[1], total)

    def payoff_b(v):
        return Fraction(v[1], total) * (1 - rate) - Fraction(v[0], total)

    def per_cell(payoff):
        return {cell: tuple((payoff(tables.cells[s][cell][STAND]), payoff(tables.cells[s][cell][DRAW]))
                            for s in (0, 1)) for cell in CELLS}

    forced = {(t, x): DRAW for t, x in CELLS if drawing.banker_forced(t)}
    eq = solve_two_strategy((payoff_p(tables.naturals),) * 2, (payoff_b(tables.naturals),) * 2,
                            per_cell(payoff_p), per_cell(payoff_b), forced)
    return CheminDeFerSolution(model, decks if model == "shoe" else None, rate, eq, forced)


def best_reply_value(model: str, decks: int, commission: Fraction, draw_at_5: Fraction,
                     drawing: DrawingChoices = DrawingChoices()) -> Fraction:
    """The punto's expectation per unit when he draws on 5 with probability `draw_at_5` and the banker,
    knowing it, answers with his best reply in every cell (his forced draws kept).

    Examples:
        >>> best_reply_value("totals", 6, Fraction(0), Fraction(9, 11)) == solve("totals").value
        True
    """
    tables = model_tables(model, decks, drawing)
    rate, p = Fraction(commission), Fraction(draw_at_5)
    banker = {}
    for cell in CELLS:
        gain = Fraction(0)
        for sigma, weight in ((0, 1 - p), (1, p)):
            stand, draw = tables.cells[sigma][cell]
            gain += weight * ((draw[1] - stand[1]) * (1 - rate) - (draw[0] - stand[0]))
        banker[cell] = Fraction(int(drawing.banker_forced(cell[0]) or gain > 0))
    probabilities = tables.outcome_probabilities(p, banker)
    return probabilities[PLAYER] - probabilities[BANKER]


def cell_values(model: str, decks: int, commission: Fraction, draw_at_5: Fraction, cell: tuple,
                drawing: DrawingChoices = DrawingChoices()) -> tuple[Fraction, Fraction, Fraction]:
    """The banker's expectation per unit staked if he draws, and if he stands, in one of his cells,
    against a punto drawing on 5 with probability `draw_at_5`; and how often a coup reaches it.

    Examples:
        >>> draw, stand, reach = cell_values("totals", 6, Fraction(0), Fraction(0), (6, None))
        >>> draw < stand                                   # with 6 against a punto who stood, standing is better
        True
    """
    tables = model_tables(model, decks, drawing)
    rate, p = Fraction(commission), Fraction(draw_at_5)
    weight = Fraction(0)
    value = [Fraction(0), Fraction(0)]
    for sigma, share in ((0, 1 - p), (1, p)):
        if not share:
            continue
        stand, draw = tables.cells[sigma][cell]
        weight += share * sum(stand)
        for action, v in ((STAND, stand), (DRAW, draw)):
            value[action] += share * (v[1] * (1 - rate) - v[0])
    if not weight:
        return Fraction(0), Fraction(0), Fraction(0)
    return value[DRAW] / weight, value[STAND] / weight, weight / tables.total

