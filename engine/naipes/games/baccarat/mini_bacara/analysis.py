"""Exact analysis of one Mini-Bacará box against the Banca, derived from the rules and the conduct.

Under rule e) every box meets the one Banca hand exactly as a lone box would:
the cards are exchangeable, so the other boxes' cards do not change the
distribution of a box's coup. The analysis deals one box's two cards, the
banker's hole card and second card, then the third cards by
`MiniBacaraRules.drawing` (the boxes' totals with the box's choice on five,
`MiniBacaraConduct.box_at_five`), with the "aire" passes and the encarts of
rule d). Each coup is weighted by the ordered ways its cards come out of the
shoe, scaled to six cards, so every probability is an exact fraction. The
insurance's line is its probability of winning once offered (the hole card is
a nine) under `MiniBacaraRules.insurance_wins_on`.

Examples:
    >>> from naipes.games.baccarat.mini_bacara.rules import PRESETS
    >>> report = fast_report(PRESETS.get("uruguay"), (64, 16, 16, 16, 16, 16, 16, 16, 16, 16))
    >>> report.line("insurance").probability               # a ten or a figure after the nine, 4 decks
    Fraction(64, 207)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.errors import RulesError
from ....core.i18n import N_
from ....core.model import Line, Report
from ..kernel import BANKER, NATURALS, PLAYER, TIE, outcome
from .coup import (DRAW, FIVE, INSURANCE, MiniBacaraConduct, default_conduct, insurance_wins, settle_bet,
                   settle_insurance)
from .rules import RULE_E, MiniBacaraRules

#: The lines of the report, with their labels.
LABELS = {BANKER: N_("Banker"), PLAYER: N_("Player"), TIE: N_("Tie"), INSURANCE: N_("Insurance")}


def box_draws_on(rules: MiniBacaraRules, conduct: MiniBacaraConduct) -> frozenset[int]:
    """The two-card totals on which a box draws: the punto's totals of `rules.drawing`, with the choice on five.

    Examples:
        >>> from naipes.games.baccarat.mini_bacara.rules import PRESETS
        >>> sorted(box_draws_on(PRESETS.get("uruguay"), MiniBacaraConduct(box_at_five="stand")))
        [0, 1, 2, 3, 4]
    """
    draws = set(rules.drawing.player_draws_on)
    if rules.five_choice:
        draws.discard(FIVE)
        if conduct.box_at_five == DRAW:
            draws.add(FIVE)
    return frozenset(draws)


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def distribution(rules: MiniBacaraRules, counts: Sequence[int],
                 conduct: MiniBacaraConduct = MiniBacaraConduct()) -> dict[Hashable, Fraction]:
    """The exact distribution of a one-box coup's outcome (`MiniBacaraCoup.outcome`) from a shoe `counts`.

    Args:
        rules: the drawing rules, the encarts and the insurance reading.
        counts: the shoe's cards by point value 0–9.
        conduct: the box's choice on five (the insurance's answer changes no outcome).

    Raises:
        RulesError: a composition that is not ten counts, a shoe of fewer than 6 cards, or rules whose
            boxes meet the Banca differently (`mixed_banker` other than rule e)).
    """
    if rules.mixed_banker != RULE_E:
        raise RulesError("Exact analysis follows rule e); simulate the draw-for-all procedure instead.")
    c = list(counts)
    if len(c) != 10 or any(not isinstance(k, int) or k < 0 for k in c):
        raise RulesError("A shoe composition needs 10 counts (values 0 to 9), each 0 or more: {counts}.",
                         counts=str(tuple(counts)))
    n = sum(c)
    if n < 6:
        raise RulesError("A coup needs a shoe of at least 6 cards, not {n}.", n=n)
    box_draws = box_draws_on(rules, conduct)
    banker_draws = rules.drawing.banker_draws
    encart = rules.encart_on
    tail4, tail5 = _falling(n - 4, 2), n - 5
    # weights by (box's total, the Banca's final total, hole card nine?, the Banca's two-card total)
    weights: dict[tuple[int, int, bool, int], int] = {}

    def add(key: tuple[int, int, bool, int], weight: int) -> None:
        weights[key] = weights.get(key, 0) + weight

    for a in range(10):
        ways_a = c[a]
        if not ways_a:
            continue
        c[a] -= 1
        for b in range(a, 10):
            ways_box = ways_a * c[b] * (1 if a == b else 2)
            if not ways_box:
                continue
            c[b] -= 1
            pt = (a + b) % 10
            for hole in range(10):
                ways_hole = c[hole]
                if not ways_hole:
                    continue
                c[hole] -= 1
                nine = hole == 9
                for second in range(10):
                    w4 = ways_box * ways_hole * c[second]
                    if not w4:
                        continue
                    c[second] -= 1
                    bt = (hole + second) % 10
                    if pt in NATURALS or bt in NATURALS or (pt == bt and pt in encart):
                        add((pt, bt, nine, bt), w4 * tail4)
                    elif pt in box_draws:
                        for third in range(10):
                            w5 = w4 * c[third]
                            if not w5:
                                continue
                            p3 = (pt + third) % 10
                            if banker_draws(bt, third):
                                c[third] -= 1
                                for last in range(10):
                                    if c[last]:
                                        add((p3, (bt + last) % 10, nine, bt), w5 * c[last])
                                c[third] += 1
                            else:
                                add((p3, bt, nine, bt), w5 * tail5)
                    elif banker_draws(bt, None):
                        for last in range(10):
                            if c[last]:
                                add((pt, (bt + last) % 10, nine, bt), w4 * c[last] * tail5)
                    else:
                        add((pt, bt, nine, bt), w4 * tail4)
                    c[second] += 1
                c[hole] += 1
            c[b] += 1
        c[a] += 1
    total = _falling(n, 6)
    out: dict[Hashable, Fraction] = {}
    for (pt, bt, nine, two), weight in weights.items():
        key = ((pt, bt, nine, nine and insurance_wins(rules, two, outcome(pt, bt))),)
        out[key] = out.get(key, Fraction(0)) + Fraction(weight, total)
    return out


def report(rules: MiniBacaraRules, outcomes: Mapping[Hashable, Fraction]) -> Report:
    """The analysis as lines, from the distribution of a one-box coup's outcome.

    The Punto and Banca lines give each bet's probability of winning and the
    house edge under the rules' payouts (a tie returns both bets, so the tie's
    line has no edge); the insurance's line gives its probability of winning
    once offered and its house edge. `extra` holds the probability that the
    insurance is offered.
    """
    return tally_report(rules, tally(outcomes))


def tally(outcomes: Mapping[Hashable, Fraction]) -> dict[str, Fraction]:
    """What the report reads of a one-box coup's outcome distribution: the probability that each side wins
    (`banker`, `player`, `tie`), that the insurance is offered (`offered`) and that it is offered and wins
    (`insured`)."""
    wins = {BANKER: Fraction(0), PLAYER: Fraction(0), TIE: Fraction(0)}
    offered = insured = Fraction(0)
    for boxes, probability in outcomes.items():
        pt, bt, called, won = boxes[0]
        wins[outcome(pt, bt)] += probability
        offered += probability if called else 0
        insured += probability if won else 0
    return {**wins, "offered": offered, "insured": insured}


def tally_report(rules: MiniBacaraRules, counts: Mapping[str, Fraction]) -> Report:
    """The report's lines from a `tally`, settled under `rules` (the commission and the insurance's pay)."""
    wins = {bet: counts[bet] for bet in (BANKER, PLAYER, TIE)}
    offered, insured = counts["offered"], counts["insured"]
    lines = [Line(bet, LABELS[bet], wins[bet],
                  -sum((wins[w] * settle_bet(rules, bet, w, Fraction(1)) for w in wins), Fraction(0)))
             for bet in (BANKER, PLAYER)]
    lines.append(Line(TIE, LABELS[TIE], wins[TIE]))
    q = insured / offered if offered else None
    edge = None if q is None else -(q * settle_insurance(rules, True, Fraction(1))
                                    + (1 - q) * settle_insurance(rules, False, Fraction(1)))
    lines.append(Line(INSURANCE, LABELS[INSURANCE], q, edge))
    return Report(tuple(lines), {"insurance_offered": offered})


def box_report(rules: MiniBacaraRules, counts: Sequence[int],
               conduct: MiniBacaraConduct = MiniBacaraConduct()) -> Report:
    """The exact analysis of one box under `rules` with the box's choice on five by `conduct`."""
    return report(rules, distribution(rules, counts, conduct))


def fast_report(rules: MiniBacaraRules, counts: tuple[int, ...]) -> Report:
    """The exact analysis with the engine's conduct (a box with 5 draws), by `distribution`."""
    return box_report(rules, counts, default_conduct(rules))


def walk_report(rules: MiniBacaraRules, outcomes: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution."""
    return report(rules, outcomes)
