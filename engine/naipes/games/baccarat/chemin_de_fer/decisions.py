"""The reader's decisions in a chemin de fer coup, valued exactly against the other side's conduct.

In the coup widget the reader plays the punto or the banker, and the other
side follows one of two conducts (`OPPONENTS`): the sources' ("sources": the
banker asked the croupier for his table, the punto with 5 asks the croupier's
advice) or the game's solution ("optimal": the Nash equilibrium of `solve`,
whose mixed choices are drawn from the coup's seed). At each of the reader's
decisions, `decision_values` gives the exact expectation per unit staked of
drawing and of standing against that conduct, and the solution's own
probability of drawing there:

* the punto on a free total (5): `solution.punto_values`, over the coups in
  which he holds that total and neither side has a natural;
* the banker in a cell his rules leave free (his total 1–7 and the punto's
  third card, or the punto stood): `solution.cell_values`.

Both are Ethier and Gámez's Model B1: a full shoe of the preset's decks, the
banker seeing his total (not his two cards), with the preset's cagnotte.
Solving a shoe takes longer than a click may, so every preset's values are
computed once by the engine and shipped precomputed (`chemin-de-fer-decisions`,
see `naipes.core.precomputed`).

Examples:
    >>> v = decision_values("cat-2016", "player", "sources", 5, None)
    >>> v.best, v.draw > v.stand
    ('draw', True)
    >>> v = decision_values("cat-2016", "banker", "optimal", 6, None)   # where the optimal banker mixes
    >>> v.draw == v.stand and 0 < v.solution < 1
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

from ....core.errors import IllegalActionError, SpecError
from ....core.model import Choice, Conduct, Coup, ReaderDecides
from ....core.precomputed import generator, load
from ....core.rng import SeededRandom
from ....core.vocabulary import Word
from ..choices import DRAW, STAND, draw_probability
from ..kernel import BANKER, PLAYER
from .coup import CELLS, CheminDeFerConduct
from .rules import PRESETS, CheminDeFerRules
from .solution import cell_values, punto_values, solve

class Opponent(Word):
    """The other side's conducts: the sources' (the banker's table, the croupier's advice) or the game's solution."""

    SOURCES = "sources"
    OPTIMAL = "optimal"


OPPONENTS = tuple(Opponent)
DATA = "chemin-de-fer-decisions"


def cell_key(total: int, third: int | None) -> str:
    """A banker's cell as text: `"6:stood"`, `"3:9"` (the keys of the shipped data and of the widgets).

    Examples:
        >>> cell_key(6, None), cell_key(3, 9)
        ('6:stood', '3:9')
    """
    return f"{total}:{'stood' if third is None else third}"


@dataclass(frozen=True)
class DecisionValues:
    """The reader's two choices at one decision, valued exactly.

    Attributes:
        draw: the reader's expectation per unit staked if he draws ("carta").
        stand: the same if he stands ("no").
        solution: the game's solution's probability of drawing here.
    """

    draw: Fraction
    stand: Fraction
    solution: Fraction

    @property
    def best(self) -> str | None:
        """`"draw"` or `"stand"`, whichever is worth more; `None` when both are worth the same."""
        if self.draw == self.stand:
            return None
        return DRAW if self.draw > self.stand else STAND

    def value(self, action: str) -> Fraction:
        """The value of `"draw"` or `"stand"`."""
        return self.draw if action == DRAW else self.stand


def _opponent_strategies(rules: CheminDeFerRules) -> dict:
    """What the other side does in each of the conducts: the punto's probability of drawing on his free
    totals, the banker's probability of drawing in each cell, and the solution itself."""
    solution = solve("shoe", rules.decks, rules.cagnotte, rules)
    return {"solution": solution,
            "punto": {Opponent.SOURCES: draw_probability("advice", rules.drawing),
                      Opponent.OPTIMAL: solution.draw_at_5},
            "banker": {Opponent.SOURCES: CheminDeFerConduct().banker_strategy(rules),
                       Opponent.OPTIMAL: CheminDeFerConduct(banker=dict(solution.equilibrium.banker)
                                                            ).banker_strategy(rules)}}


def preset_decisions(rules: CheminDeFerRules) -> dict:
    """Every decision value of one preset, as the shipped data holds them (fractions as strings)."""
    drawing, decks, rate = rules.drawing, rules.decks, rules.cagnotte
    other = _opponent_strategies(rules)
    solution = other["solution"]
    punto = {}
    for total in sorted(drawing.player_free_on):
        punto[str(total)] = {opponent: [str(v) for v in punto_values("shoe", decks, total, banker, drawing)[:2]]
                             for opponent, banker in other["banker"].items()}
    banker = {}
    for total, third in CELLS:
        if drawing.banker_forced(total):
            continue
        banker[cell_key(total, third)] = {
            opponent: [str(v) for v in cell_values("shoe", decks, rate, p, (total, third), drawing)[:2]]
            for opponent, p in other["punto"].items()}
    return {"draw_at_5": str(solution.draw_at_5),
            "banker_solution": {cell_key(*cell): str(r) for cell, r in solution.equilibrium.banker.items()},
            "punto": punto, "banker": banker}


@generator(DATA)
def _every_preset() -> dict:
    """Each preset's values; presets whose values are the same (same decks, cagnotte and drawing rules) share them."""
    shared: list[dict] = []
    presets = {}
    for name in PRESETS:
        values = preset_decisions(PRESETS.get(name))
        if values not in shared:
            shared.append(values)
        presets[name] = shared.index(values)
    return {"presets": presets, "values": shared}


def _preset_data(preset: str) -> Mapping:
    data = load(DATA)
    if preset not in data["presets"]:
        raise SpecError("Unknown preset {name!r}: use one of {names}.", name=preset, names=", ".join(data["presets"]))
    return data["values"][data["presets"][preset]]


def decision_values(preset: str, side: str, opponent: str, total: int, third: int | None = None) -> DecisionValues:
    """The reader's choices at a decision: the punto on `total`, or the banker on `total` with the punto's
    `third` card (`None`: the punto stood), against the other side's `opponent` conduct.

    Raises:
        SpecError: an unknown preset, side or opponent.
        IllegalActionError: the rules leave the reader no choice there.
    """
    data = _preset_data(preset)
    if opponent not in OPPONENTS:
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=opponent, choices=", ".join(OPPONENTS))
    if side == PLAYER:
        found, solution = data["punto"].get(str(total)), data["draw_at_5"]
    elif side == BANKER:
        key = cell_key(total, third)
        found, solution = data["banker"].get(key), data["banker_solution"].get(key)
    else:
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=side, choices=f"{PLAYER}, {BANKER}")
    if found is None:
        raise IllegalActionError("No decision is pending.")
    draw, stand = found[opponent]
    return DecisionValues(Fraction(draw), Fraction(stand), Fraction(solution))


# --- the other side's conduct in the widget -----------------------------------------------------------------

@dataclass(frozen=True)
class SeededMix(Conduct):
    """A conduct whose mixed choices are drawn from the coup's seed, the same on every replay of the coup.

    Each decision gets its own generator, seeded by the coup's seed and the number of events so far, so a
    replay that stops early (a widget showing a coup step by step) draws exactly what the whole replay drew.
    """

    conduct: Conduct
    seed: int

    def choose(self, coup: Coup) -> Sequence[Choice] | None:
        choices = self.conduct.choose(coup)
        if choices is None or len(choices) == 1:
            return choices
        denominator = 1
        for choice in choices:
            denominator = denominator * choice.probability.denominator
        ticket = Fraction(SeededRandom(self.seed * 1_000 + len(coup.events)).below(denominator), denominator)
        for choice in choices:
            if ticket < choice.probability:
                return (Choice(choice.action, Fraction(1), choice.rule),)
            ticket -= choice.probability
        return (Choice(choices[-1].action, Fraction(1), choices[-1].rule),)


def reader_conduct(rules: CheminDeFerRules, side: str, opponent: str, seed: int) -> Conduct:
    """The conduct of a coup where the reader decides for `side` and the other side follows `opponent`.

    Raises:
        SpecError: an unknown side or opponent.

    Examples:
        >>> conduct = reader_conduct(PRESETS.get(), "banker", "optimal", seed=3)
        >>> conduct.roles, conduct.otherwise.conduct.punto == Fraction(decision_values(
        ...     PRESETS.get().name, "player", "optimal", 5).solution)
        (('banker',), True)
    """
    if opponent not in OPPONENTS:
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=opponent, choices=", ".join(OPPONENTS))
    if side not in (PLAYER, BANKER):
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=side, choices=f"{PLAYER}, {BANKER}")
    if opponent == Opponent.SOURCES:
        other = CheminDeFerConduct()
    else:
        data = _preset_data(rules.name)
        if side == BANKER:
            other = CheminDeFerConduct(punto=Fraction(data["draw_at_5"]))
        else:
            other = CheminDeFerConduct(banker={cell: Fraction(data["banker_solution"][cell_key(*cell)])
                                               for cell in CELLS})
    return ReaderDecides((side,), SeededMix(other, seed))
