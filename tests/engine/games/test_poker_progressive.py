"""Progressive jackpots (001 "Pozos Progresivos", 002 §10.VII.b): the side bet's return as a function of the
pool, its break-even pool, and a pool played deal by deal keeping every unit accounted for."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from naipes.games.poker.progressive import (CATALAN_PROGRESSIVE, SHARE, SPECIAL_PRIZE_PRIZES, SideBetAnalysis,
                                            play_pool)

HANDS = 2598960  # C(52, 5)


def test_the_return_is_linear_in_the_pool_and_breaks_even():
    side = SideBetAnalysis.of(CATALAN_PROGRESSIVE.prizes)
    # four of a kind 624 hands x 500 stakes; royal flush 4 hands x the pool; straight flush 36 x a tenth of it
    fixed, per_stake = Fraction(624 * 500, HANDS), Fraction(4, HANDS) + Fraction(36, HANDS) / 10
    assert (side.fixed_return, side.pool_return) == (fixed, per_stake)
    assert side.return_at(100_000) == fixed + per_stake * 100_000
    assert side.break_even == (1 - fixed) / per_stake
    assert side.return_at(side.break_even) == 1


def test_the_special_prize_has_no_pool():
    side = SideBetAnalysis.of(SPECIAL_PRIZE_PRIZES)
    assert side.break_even is None
    assert side.fixed_return == Fraction(3744 * 100 + 624 * 300 + 36 * 1000 + 4 * 2000, HANDS)


def test_every_unit_of_a_played_pool_is_accounted_for():
    for rules in (CATALAN_PROGRESSIVE, replace(CATALAN_PROGRESSIVE, reserve=Fraction(1, 5), several_winners=SHARE)):
        state = play_pool(rules, 400, seed=11)
        assert state.collected == 400 * 7
        assert state.collected == state.house + state.paid + (state.pool - rules.base) + state.reserve
        assert state.pool >= rules.base and state.reserve >= 0


def test_the_pool_grows_by_what_is_left_after_the_commission():
    state = play_pool(CATALAN_PROGRESSIVE, 3, seed=2)
    if not state.wins:
        assert state.pool == CATALAN_PROGRESSIVE.base + 21 * (1 - CATALAN_PROGRESSIVE.commission)
