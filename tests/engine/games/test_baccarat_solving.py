"""Exact solutions of chemin de fer and the dos paños against the literature and against equilibrium checks.

Published numbers (the game of Kemeny & Snell, "Game-theoretic solution of baccarat", American
Mathematical Monthly 64 (1957) 465-469: cards with replacement, each side sees only its total):
the punto draws on 5 with probability 9/11; the banker mixes only with 6 when the punto stood,
drawing with probability 859/2288; the banker's advantage (the game's value) is about 0.0128.
Ethier & Gámez, "A game-theoretic analysis of baccara chemin de fer", Games 4 (2013) 711-737, describe
that game as a 2 x 2^88 matrix game (88 banker information cells).
"""

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from naipes.core.solver import DRAW, STAND, solve_team, solve_two_strategy
from naipes.games.baccarat.chemin_de_fer.analysis import chemin_de_fer_tables
from naipes.games.baccarat.chemin_de_fer.coup import CELLS, CheminDeFerConduct
from naipes.games.baccarat.chemin_de_fer.rules import PRESETS as CDF
from naipes.games.baccarat.chemin_de_fer.solution import solve as solve_cdf
from naipes.games.baccarat.choices import card_weights
from naipes.games.baccarat.dos_panos.analysis import dos_panos_tables, every_pair_tables
from naipes.games.baccarat.dos_panos.rules import PRESETS as DP
from naipes.games.baccarat.dos_panos.solution import solve as solve_dp
from naipes.games.baccarat.kernel import deck_counts

F = Fraction


def test_kemeny_snell_1957_player_mixes_on_5_with_probability_9_11():
    s = solve_cdf("totals")
    assert s.draw_at_5 == F(9, 11)


def test_kemeny_snell_1957_banker_mixes_only_on_6_when_the_punto_stood():
    s = solve_cdf("totals")
    mixed = {cell: r for cell, r in s.equilibrium.banker.items() if 0 < r < 1}
    assert mixed == {(6, None): F(859, 2288)}


def test_kemeny_snell_1957_value_about_minus_0_0128_to_the_punto():
    assert round(float(solve_cdf("totals").value), 4) == -0.0128


def test_ethier_gamez_2013_the_banker_has_88_information_cells():
    assert len(CELLS) == 88


def test_the_solution_follows_the_presets_drawing_rules():
    rules = CDF.get()
    forced = replace(rules, drawing=replace(rules.drawing, banker_must_draw_on=frozenset({0, 6})))
    s = solve_cdf("totals", rules=forced)
    assert all(s.banker_draws(6, third) == 1 for third in (None, *range(10)))
    assert s.draw_at_5 != F(9, 11) and s.value != solve_cdf("totals").value
    free_four = replace(rules, drawing=replace(rules.drawing, player_must_draw_on=frozenset(range(4)),
                                               player_free_on=frozenset({4, 5})))
    assert solve_cdf("totals", rules=free_four).value != solve_cdf("totals").value


# --- an independent computation of the totals game: plain recursion over card values -------------------

P = [F(4, 13)] + [F(1, 13)] * 9  # with replacement from one deck: tens and figures are 4 of 13 ranks


def _independent_payoff(draw_at_5, banker):
    """The punto's expectation by brute force over card values (no engine tables)."""
    total = F(0)
    two = [sum(P[a] * P[b] for a in range(10) for b in range(10) if (a + b) % 10 == t) for t in range(10)]
    for pt, bt in product(range(10), repeat=2):
        w = two[pt] * two[bt]
        if pt >= 8 or bt >= 8:
            total += w * ((pt > bt) - (pt < bt))
            continue
        for pdraw, wp in ((True, F(draw_at_5)), (False, 1 - F(draw_at_5))) if pt == 5 else \
                (((pt <= 4), F(1)),):
            if not wp:
                continue
            thirds = [(z, P[z]) for z in range(10)] if pdraw else [(None, F(1))]
            for z, wz in thirds:
                fp = pt if z is None else (pt + z) % 10
                r = banker[(bt, z)]
                stand = (fp > bt) - (fp < bt)
                draw = sum(P[v] * ((fp > (bt + v) % 10) - (fp < (bt + v) % 10)) for v in range(10))
                total += w * wp * wz * (r * draw + (1 - r) * stand)
    return total


def test_totals_solution_is_a_saddle_point_by_independent_enumeration():
    s = solve_cdf("totals")
    banker = s.equilibrium.banker
    value = _independent_payoff(s.draw_at_5, banker)
    assert value == s.value
    # the punto cannot gain by a pure strategy on 5 ...
    assert _independent_payoff(0, banker) == value == _independent_payoff(1, banker)
    # ... and no single-cell deviation of the banker helps him (additivity: cells are independent)
    for cell in [(5, 4), (3, 9), (6, 6), (6, 7), (4, 1), (7, None), (5, None), (6, None)]:
        for r in (F(0), F(1)):
            deviation = dict(banker)
            deviation[cell] = r
            assert _independent_payoff(s.draw_at_5, deviation) >= value


def test_shoe_model_six_decks_is_an_equilibrium_of_the_engine_tables():
    s = solve_cdf("shoe", 6)
    tables = chemin_de_fer_tables(deck_counts(6))
    def ev(p, banker):
        pr = tables.outcome_probabilities(p, banker)
        return pr["player"] - pr["banker"]
    banker = s.equilibrium.banker
    assert ev(s.draw_at_5, banker) == s.value
    assert ev(0, banker) == ev(1, banker) == s.value
    assert 0 < s.draw_at_5 < 1
    # composition effects move the mix only slightly from 9/11 (Model B1 vs A1)
    assert abs(s.draw_at_5 - F(9, 11)) < F(1, 100)


def test_shoe_tables_one_deck_match_a_plain_recursion():
    counts = list(deck_counts(1))
    n = sum(counts)
    tables = chemin_de_fer_tables(counts)
    probs = tables.outcome_probabilities(F(1, 3), CheminDeFerConduct().banker_strategy(CDF.get("cat-2016")))
    table = CheminDeFerConduct().banker_strategy(CDF.get("cat-2016"))
    acc = {"player": F(0), "banker": F(0), "tie": F(0)}

    def walk(c, cards, weight):
        # cards: punto, banker, punto, banker, [punto third], [banker third]
        p, b = [cards[0], cards[2]], [cards[1], cards[3]]
        pt, bt = sum(p) % 10, sum(b) % 10
        k = len(cards)
        def finish(fp, fb, w):
            acc["tie" if fp == fb else "player" if fp > fb else "banker"] += w
        if pt >= 8 or bt >= 8:
            return finish(pt, bt, weight)
        rest = cards[4:]
        if pt <= 5 and not rest:
            mix = [(True, F(1))] if pt <= 4 else [(True, F(1, 3)), (False, F(2, 3))]
        else:
            mix = None
        if mix is not None:
            for draws, w in mix:
                if draws:
                    for v in range(10):
                        if c[v]:
                            c[v] -= 1
                            walk_banker(c, pt, bt, (pt + v) % 10, v, weight * w * F(c[v] + 1, n - k))
                            c[v] += 1
                else:
                    walk_banker(c, pt, bt, pt, None, weight * w)
            return
        walk_banker(c, pt, bt, pt, None, weight)

    def walk_banker(c, pt, bt, fp, third, weight):
        if table[(bt, third)]:
            left = sum(c)
            for v in range(10):
                if c[v]:
                    acc_key = (fp, (bt + v) % 10)
                    w = weight * F(c[v], left)
                    acc["tie" if acc_key[0] == acc_key[1] else "player" if acc_key[0] > acc_key[1] else "banker"] += w
        else:
            acc["tie" if fp == bt else "player" if fp > bt else "banker"] += weight

    def deal4(c, cards, weight):
        if len(cards) == 4:
            return walk(c, cards, weight)
        left = sum(c)
        for v in range(10):
            if c[v]:
                w = weight * F(c[v], left)
                c[v] -= 1
                deal4(c, cards + [v], w)
                c[v] += 1

    deal4(counts, [], F(1))
    assert acc == probs


def test_matching_pennies_and_a_dominated_cell():
    eq = solve_two_strategy((F(0), F(0)), None, {"a": ((F(1), F(-1)), (F(-1), F(1))),
                                                 "b": ((F(2), F(3)), (F(2), F(3)))})
    assert eq.p == F(1, 2) and eq.banker["a"] == F(1, 2) and eq.banker["b"] == 0
    assert eq.value_p == 2


@pytest.mark.parametrize("seed", range(20))
def test_random_additive_games_are_solved_to_a_saddle_point(seed):
    import random
    rnd = random.Random(seed)
    cells = {k: tuple(tuple(F(rnd.randint(-5, 5)) for _ in range(2)) for _ in range(2)) for k in range(4)}
    eq = solve_two_strategy((F(0), F(0)), None, cells)
    def pay(p, banker):
        return sum((1 - p) * (banker[k] * u[0][DRAW] + (1 - banker[k]) * u[0][STAND])
                   + p * (banker[k] * u[1][DRAW] + (1 - banker[k]) * u[1][STAND]) for k, u in cells.items())
    v = eq.value_p
    for pure in product((0, 1), repeat=4):
        assert pay(eq.p, dict(enumerate(map(F, pure)))) >= v
    assert pay(F(0), eq.banker) <= v and pay(F(1), eq.banker) <= v


def test_commission_gives_a_nash_equilibrium_of_the_bimatrix_game():
    s = solve_cdf("totals", commission="0.05")
    tables = chemin_de_fer_tables(*card_weights("totals", 6))
    def values(p, banker):
        pr = tables.outcome_probabilities(p, banker)
        return pr["player"] - pr["banker"], pr["banker"] * F(19, 20) - pr["player"]
    banker = s.equilibrium.banker
    vp, vb = values(s.draw_at_5, banker)
    assert (vp, vb) == (s.value, s.banker_value)
    for p in (F(0), F(1)):
        assert values(p, banker)[0] <= vp
    for cell in CELLS:
        if cell[0] == 0:
            continue
        for r in (F(0), F(1)):
            deviation = dict(banker)
            deviation[cell] = r
            assert values(s.draw_at_5, deviation)[1] <= vb


def test_dos_panos_team_solution_beats_every_symmetric_mix_on_a_grid():
    s = solve_dp("totals")
    tables = dos_panos_tables(*card_weights("totals", 6))
    const, cells = tables.team_payoffs()
    def guaranteed(q):
        total = sum(qi * c for qi, c in zip(q, const))
        for k, u in cells.items():
            options = [sum(qi * u[x][a] for x, qi in enumerate(q)) for a in (STAND, DRAW)]
            total += options[DRAW] if k[0] == 0 else min(options)
        return total
    best = guaranteed(s.q)
    assert best == s.solution.value
    for i in range(11):
        for j in range(11 - i):
            q = (F(i, 10), F(j, 20), F(j, 20), 1 - F(i, 10) - F(j, 10))
            assert guaranteed(q) <= best
    assert s.draw_at_5[0] == s.draw_at_5[1] and 0 < s.draw_at_5[0] < 1
    assert s.value < 0  # the banker keeps an edge against each paño


def test_team_solver_on_a_two_strategy_game_agrees_with_foster():
    cells = {k: ((F(k - 1), F(2 - k)), (F(-k), F(k + 1))) for k in range(3)}
    team = solve_team((F(0), F(0)), cells)
    eq = solve_two_strategy((F(0), F(0)), None, cells)
    assert team.value == eq.value_p and team.q[1] == eq.p


@pytest.mark.parametrize("counts", [(3, 2, 0, 1, 2, 0, 0, 1, 2, 5), (4, 4, 0, 0, 4, 0, 0, 4, 1, 16)])
def test_dos_panos_tables_without_replacement_are_the_plain_walks_over_every_pair(counts):
    # Issue 27: the shoe model walks the second paño's pairs from the first's on and adds the mirror image; the
    # plain walk over every ordered pair, each joint strategy apart, must give the same integers (small shoes with
    # gaps in the values, so that depletion and the naturals' rule both matter; a shoe of every value takes 15 s).
    for rules in (DP.default, replace(DP.default, natural_beats_three_cards=not DP.default.natural_beats_three_cards)):
        assert dos_panos_tables(counts, False, rules) == every_pair_tables(counts, False, rules)
