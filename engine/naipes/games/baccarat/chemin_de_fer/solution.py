"""Chemin de fer solved exactly: the punto's mix on five and the banker's reply in each of his cells.

The game is *additive* (Foster 1964; Ethier and Gámez 2013): the punto has two
pure strategies on his free totals, the banker one binary choice per
information cell, so `naipes.core.solver` solves it exactly from the tables of
`chemin_de_fer.analysis`, which follow the rules' drawing choices. The banker
sees his total (`information="total"`: 88 cells; Kemeny and Snell's Model A1
with replacement, Ethier and Gámez's Model B1 in a shoe) or his two cards
(`information="cards"`: 484 cells; Model B2, solved by Downton and Lockwood
1975 and Ethier and Gámez 2013).

Examples:
    >>> solve("totals").draw_at_5
    Fraction(9, 11)
    >>> solve("shoe", 6, information="cards").value <= solve("shoe", 6).value  # knowing more helps the banker
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from ....core import options
from ....core.errors import RulesError
from ....core.solver import DRAW, STAND, TwoStrategyEquilibrium, solve_two_strategy
from ..choices import DrawingChoices, card_weights
from ..kernel import BANKER, PLAYER
from .analysis import CheminDeFerTables, chemin_de_fer_tables
from .coup import CheminDeFerConduct, cell_total, information_cells
from .rules import PRESETS, CheminDeFerRules


def model_tables(model: str, decks: int, drawing: DrawingChoices = DrawingChoices(),
                 information: str = "total", punto_totals: frozenset[int] | None = None) -> CheminDeFerTables:
    """The exact tables of a solving model (`totals` or `shoe` of `decks` decks; the banker's `information`), cached.

    `punto_totals` keeps only the coups in which the punto's two cards make one of those totals.

    Raises:
        SpecError: an unknown model or information.
    """
    # One cache entry per table, however the caller spells its arguments (a keyword or a default would
    # otherwise make a second entry, and the whole shoe would be enumerated again).
    return _model_tables(model, decks, drawing, information, punto_totals)


@lru_cache(maxsize=16)
def _model_tables(model: str, decks: int, drawing: DrawingChoices, information: str,
                  punto_totals: frozenset[int] | None) -> CheminDeFerTables:
    counts, replacement = card_weights(model, decks)
    return chemin_de_fer_tables(counts, replacement, drawing, information, punto_totals)


@dataclass(frozen=True)
class CheminDeFerSolution:
    """The game solved: the punto's probability of drawing on 5, the banker's strategy cell by cell,
    each side's expectation per unit, and the cells the rules force."""

    model: str
    decks: int | None
    commission: Fraction
    equilibrium: TwoStrategyEquilibrium
    forced: Mapping[tuple, int]
    information: str = "total"

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

    def banker_draws(self, hand: int | tuple[int, int], third: int | None) -> Fraction:
        """The banker's probability of drawing in one cell: his total (or, knowing his cards, their sorted pair)."""
        return self.equilibrium.banker[(hand, third)]

    def mixed_cells(self) -> tuple:
        """The cells where the banker mixes (draws with a probability strictly between 0 and 1)."""
        return tuple(cell for cell, r in self.equilibrium.banker.items() if 0 < r < 1)

    def conduct(self) -> CheminDeFerConduct:
        """The solution as a conduct: the punto's mix and the banker's strategy."""
        return CheminDeFerConduct(punto=self.draw_at_5, banker=dict(self.equilibrium.banker))


def solve(model: str = "totals", decks: int = 6, commission: Fraction | str = Fraction(0),
          rules: CheminDeFerRules | None = None, information: str = "total") -> CheminDeFerSolution:
    """Solve chemin de fer exactly: the punto's optimal mix on 5 and the banker's reply in every cell.

    `model="totals"` is Kemeny and Snell's (1957) game: cards with
    replacement, each side sees only totals; `model="shoe"` deals without
    replacement from `decks` decks. The banker sees his total
    (`information="total"`: Model A1 with replacement, B1 in a shoe) or his two
    cards (`"cards"`: Models A2 and B2; with replacement, knowing the cards
    tells the banker nothing more than his total). With
    `commission` > 0 the cagnotte makes the game non-zero-sum and the result
    is its Nash equilibrium (Ethier and Lee 2023). The rules' drawing choices
    (default: the first preset's) say where the punto chooses and where the
    banker must draw.

    Raises:
        SpecError: an unknown model or information.
        RulesError: a bad number of decks or commission.

    Examples:
        >>> s = solve("totals")
        >>> s.banker_draws(6, None)
        Fraction(859, 2288)
    """
    drawing = (rules or PRESETS.default).drawing
    rate, decks = options.rate(commission), options.decks(decks)
    tables = model_tables(model, decks, drawing, information)
    cells = information_cells(information)
    total = tables.total

    def payoff_p(v):
        return Fraction(v[0] - v[1], total)

    def payoff_b(v):
        return Fraction(v[1], total) * (1 - rate) - Fraction(v[0], total)

    def per_cell(payoff):
        return {cell: tuple((payoff(tables.cells[s][cell][STAND]), payoff(tables.cells[s][cell][DRAW]))
                            for s in (0, 1)) for cell in cells}

    forced = {cell: DRAW for cell in cells if drawing.banker_forced(cell_total(cell))}
    eq = solve_two_strategy((payoff_p(tables.naturals),) * 2, (payoff_b(tables.naturals),) * 2,
                            per_cell(payoff_p), per_cell(payoff_b), forced)
    return CheminDeFerSolution(model, decks if model == "shoe" else None, rate, eq, forced, information)


def best_reply_value(model: str, decks: int, commission: Fraction, draw_at_5: Fraction,
                     drawing: DrawingChoices = DrawingChoices(), information: str = "total") -> Fraction:
    """The punto's expectation per unit when he draws on 5 with probability `draw_at_5` and the banker,
    knowing it, answers with his best reply in every cell (his forced draws kept).

    Examples:
        >>> best_reply_value("totals", 6, Fraction(0), Fraction(9, 11)) == solve("totals").value
        True
    """
    tables = model_tables(model, decks, drawing, information)
    rate, p = Fraction(commission), Fraction(draw_at_5)
    # The sign of the banker's gain from drawing, in integers: the punto's mix and the banker's share after
    # the cagnotte scaled by their (positive) denominators, so no fraction is built per cell.
    keep = 1 - rate
    weights = (p.denominator - p.numerator, p.numerator)
    banker = {}
    for cell in information_cells(information):
        gain = 0
        for sigma, weight in enumerate(weights):
            stand, draw = tables.cells[sigma][cell]
            gain += weight * ((draw[1] - stand[1]) * keep.numerator - (draw[0] - stand[0]) * keep.denominator)
        banker[cell] = Fraction(int(drawing.banker_forced(cell_total(cell)) or gain > 0))
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



def punto_values(model: str, decks: int, total: int, banker: Mapping[tuple, Fraction],
                 drawing: DrawingChoices = DrawingChoices()) -> tuple[Fraction, Fraction, Fraction]:
    """The punto's expectation per unit staked if he draws, and if he stands, on the free two-card `total`,
    against a banker drawing in each cell with probability `banker[cell]`; and how often a coup reaches
    that decision (the punto holds `total` and neither side has a natural).

    The banker cannot tell the punto's strategies apart where the punto has no choice, so only the coups
    in which the punto holds `total` are enumerated (`punto_totals`).

    Raises:
        RulesError: `total` is not one of the punto's free totals.

    Examples:
        >>> table = CheminDeFerConduct().banker_strategy(PRESETS.default)
        >>> draw, stand, reach = punto_values("totals", 6, 5, table)
        >>> draw > stand                 # against the banker's table, the punto with 5 does better drawing
        True
    """
    if drawing.punto_action(total) != "free":
        raise RulesError("The punto has no choice on {total}: he chooses on {free}.", total=total,
                         free=", ".join(str(t) for t in sorted(drawing.player_free_on)))
    tables = model_tables(model, decks, drawing, punto_totals=frozenset({total}))
    values, reach = [], Fraction(0)
    for sigma in (1, 0):  # the punto draws, then stands: his two pure strategies on `total`
        weight, value = 0, Fraction(0)
        for cell, (stand, draw) in tables.cells[sigma].items():
            r = Fraction(banker[cell])
            weight += sum(stand)
            value += r * (draw[0] - draw[1]) + (1 - r) * (stand[0] - stand[1])
        values.append(value / weight)
        reach = Fraction(weight, tables.total)
    return values[0], values[1], reach
