"""Exact analysis of chemin de fer, derived from the rules' drawing choices and a conduct.

`chemin_de_fer_tables` enumerates every coup of a shoe with integer weights
and groups them by the punto's strategy on his free totals (stand or draw) and
the banker's information cell and action, reading who must draw, who chooses
and who stands from `CheminDeFerRules.drawing`. The banker's information is
his two-card total (`information="total"`, Ethier and Gámez's Model B1 in a
shoe, Kemeny and Snell's A1 with replacement: 88 cells) or the two cards
themselves (`information="cards"`, Model B2, Downton and Lockwood's: 484
cells, each a pair of card values and the punto's third card). Any conduct is then a weighted
sum of those tables (`analyze_coup`); the solver reads the same tables.

Examples:
    >>> from naipes.games.baccarat.kernel import deck_counts
    >>> rules = PRESETS.get("cat-2016")
    >>> a = analyze_coup(rules, deck_counts(1))
    >>> sum(a.probabilities.values())
    Fraction(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Collection, Hashable, Mapping, Sequence

from ....core.errors import RulesError, SpecError
from ....core.i18n import N_
from ....core.model import Line, Report
from ..choices import DRAW, STAND, DrawingChoices, draw_probability, scale
from ..kernel import BANKER, PLAYER, TIE, outcome
from .coup import CheminDeFerConduct, default_conduct, information_cells
from .rules import PRESETS, CheminDeFerRules  # noqa: F401  (PRESETS: the doctests')

LABELS = {PLAYER: N_("Player"), BANKER: N_("Banker"), TIE: N_("Tie: a void coup")}
_INDEX = {PLAYER: 0, BANKER: 1, TIE: 2}
_CMP = [[_INDEX[outcome(p, b)] for b in range(10)] for p in range(10)]


def _pairs(c: Sequence[int], replacement: bool):
    for a in range(10):
        if not c[a]:
            continue
        yield a, a, c[a] * c[a] if replacement else c[a] * (c[a] - 1)
        for b in range(a + 1, 10):
            if c[b]:
                yield a, b, 2 * c[a] * c[b]


@dataclass(frozen=True)
class CheminDeFerTables:
    """Integer weights of every deal, by the punto's strategy on his free totals and the banker's cell and action.

    `naturals` = (punto wins, banker wins, ties) over the coups a natural ends;
    `cells[sigma][cell][action]` the same triple over the coups that reach `cell`
    when the punto plays `sigma` on his free totals (0 stand, 1 draw) and the
    banker takes `action` (0 stand, 1 draw). `total` is the common denominator
    (`N·(N−1)·…·(N−5)` for a shoe, `N^6` with replacement).
    """

    counts: tuple[int, ...]
    replacement: bool
    total: int
    naturals: tuple[int, int, int]
    cells: tuple[Mapping[tuple, tuple[tuple[int, int, int], tuple[int, int, int]]], ...]
    information: str = "total"

    def outcome_probabilities(self, draw_at_5: Fraction, banker: Mapping[tuple, Fraction]) -> dict[str, Fraction]:
        """Exact win/loss/tie probabilities for a punto drawing on his free totals with probability `draw_at_5`
        and a banker drawing in each cell with probability `banker[cell]`."""
        p = Fraction(draw_at_5)
        sums = [Fraction(x) for x in self.naturals]
        for sigma, weight in ((0, 1 - p), (1, p)):
            if not weight:
                continue
            # Integer sums where the banker's choice is pure (nearly every cell); fractions only for his mixes.
            pure, mixed = [0, 0, 0], [Fraction(0)] * 3
            for cell, (stand, draw) in self.cells[sigma].items():
                r = banker[cell]
                if r == 0 or r == 1:
                    chosen = draw if r == 1 else stand
                    for i in range(3):
                        pure[i] += chosen[i]
                else:
                    r = Fraction(r)
                    for i in range(3):
                        pure[i] += stand[i]
                        mixed[i] += r * (draw[i] - stand[i])
            for i in range(3):
                sums[i] += weight * (pure[i] + mixed[i])
        return {PLAYER: sums[0] / self.total, BANKER: sums[1] / self.total, TIE: sums[2] / self.total}


def chemin_de_fer_tables(counts: Sequence[int], replacement: bool = False,
                         drawing: DrawingChoices = DrawingChoices(), information: str = "total",
                         punto_totals: Collection[int] | None = None) -> CheminDeFerTables:
    """Enumerate every coup of a shoe of composition `counts` (cards by value 0–9), exactly.

    Args:
        counts: the shoe's composition.
        replacement: cards go back into the shoe (the totals model).
        drawing: the punto's totals that draw, choose and stand.
        information: what the banker sees of his own hand: `"total"` or `"cards"`.
        punto_totals: only the coups in which the punto's two cards make one of these totals (the coups
            that reach his decision on a free total, to value that decision); every coup when `None`.

    Raises:
        RulesError: a composition that is not ten counts, or fewer than 6 cards.
        SpecError: an unknown information model.

    Examples:
        >>> from naipes.games.baccarat.kernel import deck_counts
        >>> chemin_de_fer_tables(deck_counts(1), replacement=True).total == 52 ** 6
        True
        >>> len(chemin_de_fer_tables(deck_counts(1), information="cards").cells[0])
        484
    """
    keys = information_cells(information)
    cards = information == "cards"
    c = list(counts)
    n = sum(c)
    if len(c) != 10 or any(k < 0 for k in c) or n < 6:
        raise RulesError("A coup needs a shoe of at least 6 cards, not {n}.", n=n)
    rep = replacement
    s4, s5 = scale(n, 4, rep, 6), scale(n, 5, rep, 6)
    naturals = [0, 0, 0]
    # Coups summed once for both of the punto's strategies (0: stand on the free totals, 1: draw on them)
    # where his total decides alone, and apart for each strategy where he chooses; added up at the end.
    both, alone = ({cell: ([0, 0, 0], [0, 0, 0]) for cell in keys} for _ in range(2))
    free = ({cell: ([0, 0, 0], [0, 0, 0]) for cell in keys}, alone)
    # Where each of the punto's totals sends the coups in which he stands, and those in which he draws.
    stand_into = {t: {DRAW: None, STAND: both, "free": free[0]}[drawing.punto_action(t)] for t in range(8)}
    draw_into = {t: {DRAW: both, STAND: None, "free": free[1]}[drawing.punto_action(t)] for t in range(8)}
    for a, b, wp in _pairs(c, rep):
        pt = (a + b) % 10
        if punto_totals is not None and pt not in punto_totals:
            continue
        if not rep:
            c[a] -= 1
            c[b] -= 1
        for x, y, wb in _pairs(c, rep):
            if not rep:
                c[x] -= 1
                c[y] -= 1
            bt = (x + y) % 10
            hand = (x, y) if cards else bt  # what the banker knows of his two cards (x <= y)
            w4 = wp * wb
            if pt >= 8 or bt >= 8:
                naturals[_CMP[pt][bt]] += w4 * s4
            else:
                # The banker's draw, counted by the total it gives him rather than card by card: `reach[v]`
                # cards give him v, `below[v]` cards give him less than v (the punto's wins against a total v).
                reach = [c[(v - bt) % 10] for v in range(10)]
                below = [0] * 11
                for v in range(10):
                    below[v + 1] = below[v] + reach[v]
                left = below[10]
                into = stand_into[pt]
                if into is not None:
                    draw_w = w4 * s5
                    wins, ties = below[pt], reach[pt]
                    stand, draw = into[(hand, None)]
                    stand[_CMP[pt][bt]] += w4 * s4
                    draw[0] += draw_w * wins
                    draw[1] += draw_w * (left - wins - ties)
                    draw[2] += draw_w * ties
                into = draw_into[pt]
                for third in range(10) if into is not None else ():
                    k3 = c[third]
                    if not k3:
                        continue
                    w5 = w4 * k3
                    pf = (pt + third) % 10
                    wins, ties, rest = below[pf], reach[pf], left
                    if not rep:  # the punto's third card is no longer in the shoe for the banker
                        gone = (third + bt) % 10
                        wins -= gone < pf
                        ties -= gone == pf
                        rest -= 1
                    stand, draw = into[(hand, third)]
                    stand[_CMP[pf][bt]] += w5 * s5
                    draw[0] += w5 * wins
                    draw[1] += w5 * (rest - wins - ties)
                    draw[2] += w5 * ties
            if not rep:
                c[x] += 1
                c[y] += 1
        if not rep:
            c[a] += 1
            c[b] += 1
    frozen = tuple({cell: tuple(tuple(x + y for x, y in zip(shared, own)) for shared, own in zip(both[cell], table[cell]))
                    for cell in keys} for table in free)
    return CheminDeFerTables(tuple(counts), rep, scale(n, 0, rep, 6), tuple(naturals), frozen, information)


@dataclass(frozen=True)
class CheminDeFerAnalysis:
    """Exact probabilities of one coup under given strategies, and each side's expectation."""

    probabilities: Mapping[str, Fraction]
    cagnotte: Fraction

    def probability(self, outcome_name: str) -> Fraction:
        """The probability of `"player"`, `"banker"` or `"tie"`.

        Raises:
            SpecError: another name.
        """
        if outcome_name not in self.probabilities:
            raise SpecError("Unknown bet {bet!r}: use banker, player or tie.", bet=outcome_name)
        return self.probabilities[outcome_name]

    def expected_value(self, side: str) -> Fraction:
        """Expected net result per unit staked by the punto (`player`) or risked by the banker (after the cagnotte).

        Raises:
            SpecError: another side.
        """
        pw, bw = self.probabilities[PLAYER], self.probabilities[BANKER]
        if side == PLAYER:
            return pw - bw
        if side == BANKER:
            return bw * (1 - self.cagnotte) - pw
        raise SpecError("Unknown bet {bet!r}: use banker, player or tie.", bet=side)

    def house_edge(self, side: str) -> Fraction:
        """Minus the side's expectation: what it loses per unit to the other side and the cagnotte."""
        return -self.expected_value(side)


def analyze_coup(rules: CheminDeFerRules, counts: Sequence[int], conduct: CheminDeFerConduct | None = None,
                 replacement: bool = False, tables: CheminDeFerTables | None = None) -> CheminDeFerAnalysis:
    """Exact analysis of a coup under `conduct` (default: the croupier's advice at 5, the banker's table).

    Args:
        rules: the drawing rules and the cagnotte.
        counts: the shoe's composition.
        conduct: how the punto and the banker choose.
        replacement: cards dealt with replacement (the totals model).
        tables: the tables of `counts` if already computed (they depend on the rules' drawing choices).

    Examples:
        >>> from naipes.games.baccarat.kernel import deck_counts
        >>> stand = analyze_coup(PRESETS.get(), deck_counts(1))
        >>> draw = analyze_coup(PRESETS.get(), deck_counts(1), CheminDeFerConduct(punto="draw"))
        >>> stand.expected_value("player") < draw.expected_value("player")
        True
    """
    conduct = conduct or default_conduct(rules)
    tables = tables or chemin_de_fer_tables(counts, replacement, rules.drawing)
    p = draw_probability(conduct.punto, rules.drawing)
    return CheminDeFerAnalysis(tables.outcome_probabilities(p, conduct.banker_strategy(rules)),
                               Fraction(rules.cagnotte))


def report(rules: CheminDeFerRules, probabilities: Mapping[Hashable, Fraction], conduct: CheminDeFerConduct,
           replacement: bool = False) -> Report:
    """The analysis as lines: each outcome's probability, and each side's loss per unit (its house edge)."""
    a = CheminDeFerAnalysis({o: probabilities.get(o, Fraction(0)) for o in (PLAYER, BANKER, TIE)},
                            Fraction(rules.cagnotte))
    lines = tuple(Line(o, LABELS[o], a.probability(o), None if o == TIE else a.house_edge(o))
                  for o in (PLAYER, BANKER, TIE))
    banker = conduct.banker if isinstance(conduct.banker, str) else "strategy"
    return Report(lines, {"strategy": {"player_at_5": str(conduct.punto), "banker": banker},
                          "model": "totals" if replacement else "shoe"})


def fast_report(rules: CheminDeFerRules, counts: tuple[int, ...]) -> Report:
    """The exact analysis under the sources' conduct, by `analyze_coup`."""
    conduct = default_conduct(rules)
    return report(rules, analyze_coup(rules, counts, conduct).probabilities, conduct)


def walk_report(rules: CheminDeFerRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution of winners."""
    return report(rules, distribution, default_conduct(rules))
