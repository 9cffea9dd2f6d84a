"""The odds of the hands in play: exact enumeration against an independent brute force written here, seeded
simulations that repeat, and published Hold'em head-to-head figures.

Published figures used:

- brainwagon.org, "Texas Hold'em trivia" (9 April 2005): GNU poker-eval over the 1,712,304 boards of
  A♦A♣ against K♥K♠: 1,388,072 wins (81.06 %), 317,694 losses (18.55 %), 6,538 ties (0.38 %); against T♦9♦:
  1,338,249 wins, 367,143 losses, 6,912 ties; against Q♣J♥: 1,450,987 wins, 254,763 losses, 6,554 ties.
- Kevin Gong, "Calling Pre-Flop All-In with KK or AK" (22 March 2007): AA is an 81.3 % favourite over KK when
  they share no suit, 81.9 % when they share one, 82.6 % with the same two suits.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from naipes.core.cards import parse_cards
from naipes.core.errors import CardError
from naipes.games.circle_poker.equity import (EXACT_BUDGET, FEWEST_DEALS, Problem, batch_size, exact, half_width, simulate,
                                             simulate_batch, simulate_to, summary)
from naipes.games.circle_poker.variants import HOLDEM, OMAHA, SEVEN_CARD_STUD
from naipes.games.poker.hands import SHORT_36, STANDARD

RANKS = "23456789TJQKA"


def score(five) -> tuple:
    """An independent ranking of five cards (52-card deck): (category number, tie-break ranks)."""
    values = sorted((RANKS.index(c.rank) for c in five), reverse=True)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    flush = len({c.suit for c in five}) == 1
    distinct = sorted(set(values))
    straight_top = None
    if len(distinct) == 5 and distinct[-1] - distinct[0] == 4:
        straight_top = distinct[-1]
    elif distinct == [0, 1, 2, 3, 12]:
        straight_top = 3
    if straight_top is not None and flush:
        return (8, straight_top)
    if shape[0] == 4:
        return (7, *[r for r, _ in groups])
    if shape == [3, 2]:
        return (6, *[r for r, _ in groups])
    if flush:
        return (5, *values)
    if straight_top is not None:
        return (4, straight_top)
    if shape[0] == 3:
        return (3, *[r for r, _ in groups])
    if shape[:2] == [2, 2]:
        return (2, *[r for r, _ in groups])
    if shape[0] == 2:
        return (1, *[r for r, _ in groups])
    return (0, *values)


def best(cards, hole_used=None, own=None, board=None):
    if hole_used is None:
        return max(score(f) for f in combinations(cards, 5))
    return max(score(h + b) for h in combinations(own, 2) for b in combinations(board, 3))


def brute_force(variant, hands, board="", dead=""):
    """Every deal of the missing cards, by hand: (equity, win, tie) per player as fractions."""
    hands = [list(parse_cards(h)) for h in hands]
    board = list(parse_cards(board))
    known = {c for h in hands for c in h} | set(board) | set(parse_cards(dead))
    deck = [c for c in parse_cards(" ".join(r + s for r in RANKS for s in "shdc")) if c not in known]
    need_board = variant.board_cards - len(board)
    need = [variant.own_cards - len(h) for h in hands]
    equity = [Fraction(0)] * len(hands)
    win, tie = [0] * len(hands), [0] * len(hands)
    total = 0

    def deals(cards, slots):
        if not slots:
            yield []
            return
        for pick in combinations(cards, slots[0]):
            rest = [c for c in cards if c not in pick]
            for more in deals(rest, slots[1:]):
                yield [list(pick)] + more

    for parts in deals(deck, [need_board] + need):
        full_board = board + parts[0]
        scores = []
        for own, extra in zip(hands, parts[1:]):
            cards = own + extra
            if variant.hole_used:
                scores.append(best(None, 2, cards, full_board))
            else:
                scores.append(best(cards + full_board))
        top = max(scores)
        winners = [i for i, s in enumerate(scores) if s == top]
        total += 1
        for i in winners:
            equity[i] += Fraction(1, len(winners))
            if len(winners) == 1:
                win[i] += 1
            else:
                tie[i] += 1
    return [(e / total, Fraction(w, total), Fraction(t, total)) for e, w, t in zip(equity, win, tie)]


SMALL_CASES = [
    (HOLDEM, ["Ah Kh", "Qs Qd"], "Qh 7h 2c 9h", ""),                  # the river: 44 deals
    (HOLDEM, ["As Ks", "Jd Td", "9c 9h"], "Qs Jc 2d", ""),            # three players on the flop: 903 deals
    (HOLDEM, ["Ah 5h", ""], "Kh 9h 2c 3d 7s", "Qh Jh"),               # a random opponent, dead cards
    (OMAHA, ["Ah Kh Qs Js", "9s 9d 8c 7c"], "Qh 7h 2c 5s", ""),        # Omaha on the turn
    (SEVEN_CARD_STUD, ["As Ad Kc 2d 7h 9s", "Qs Qd Qc 3d 4h 8c"], "", "Ks"),  # stud, one card to come each
]


@pytest.mark.parametrize("variant, hands, board, dead", SMALL_CASES)
def test_exact_odds_equal_a_brute_force_written_here(variant, hands, board, dead):
    problem = Problem.read(variant, STANDARD, hands, board, dead)
    odds = exact(problem)  # the widgets count exactly within a budget (`exact_possible`); this counts anyway
    assert odds.exact and odds.deals == problem.deals()
    expected = brute_force(variant, hands, board, dead)
    assert [(p.equity, p.win, p.tie) for p in odds.players] == expected
    assert sum(p.equity for p in odds.players) == 1


def test_a_flop_counts_exactly_within_the_budget_and_a_preflop_is_simulated():
    flop = Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks"], "2c 7d 9h")
    assert flop.deals() == math.comb(45, 2) and flop.exact_possible()
    preflop = Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks"])
    assert preflop.deals() == 1_712_304 and not preflop.exact_possible()
    assert preflop.deals() * preflop.evaluations() > EXACT_BUDGET


# (hands, published wins, losses, ties over 1,712,304 boards; brainwagon.org 2005, GNU poker-eval)
PUBLISHED = [
    (["Ad Ac", "Kh Ks"], 1_388_072, 317_694, 6_538),
    (["Ad Ac", "Td 9d"], 1_338_249, 367_143, 6_912),
    (["Ad Ac", "Qc Jh"], 1_450_987, 254_763, 6_554),
]


@pytest.mark.parametrize("hands, wins, losses, ties", PUBLISHED)
def test_simulated_preflop_odds_contain_the_published_exact_figures(hands, wins, losses, ties):
    boards = 1_712_304
    assert wins + losses + ties == boards
    problem = Problem.read(HOLDEM, STANDARD, hands)
    odds = simulate(problem, seed=2024, deals=20_000)
    published_equity = Fraction(wins, boards) + Fraction(ties, 2 * boards)
    low, high = odds.players[0].interval
    assert low <= published_equity <= high
    # The chance of winning alone: a binomial interval around the simulated share (99.9 %: z = 3.29).
    n, p = odds.deals, float(odds.players[0].win)
    assert abs(p - wins / boards) <= 3.29 * math.sqrt(p * (1 - p) / n)
    assert abs(float(odds.players[1].win) - losses / boards) <= 3.29 * math.sqrt(p * (1 - p) / n)


def test_aces_against_kings_by_shared_suits_as_gong_publishes():
    # Kevin Gong (2007): 81.3 % (no shared suit), 81.9 % (one), 82.6 % (two). More shared suits, more for the aces.
    cases = {"Kc Kd": 0.813, "Ks Kd": 0.819, "Ks Kh": 0.826}
    found = {}
    for kings, published in cases.items():
        odds = simulate(Problem.read(HOLDEM, STANDARD, ["As Ah", kings]), seed=7, deals=30_000)
        low, high = odds.players[0].interval
        assert low - 0.0005 <= published <= high + 0.0005  # the published figures have one decimal
        found[kings] = odds.players[0].equity
    assert found["Kc Kd"] < found["Ks Kh"]


def test_a_simulation_repeats_batch_by_batch_and_narrows():
    problem = Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks"])
    assert simulate_batch(problem, 5, 3) == simulate_batch.__wrapped__(problem, 5, 3)
    assert simulate_batch(problem, 5, 3) != simulate_batch(problem, 5, 4)
    few = summary([simulate_batch(problem, 5, b) for b in range(2)], 2)
    many = summary([simulate_batch(problem, 5, b) for b in range(12)], 2)
    assert many.deals == 12 * batch_size(problem) and half_width(many) < half_width(few)
    assert abs(sum(p.equity for p in many.players) - 1) < Fraction(1, 10**9)


def test_the_short_deck_odds_use_its_ranking():
    # In the 36-card deck a flush beats a full house: the flush draw is worth more there.
    problem = Problem.read(HOLDEM, SHORT_36, ["Ah Kh", "Qs Qd"], "Qh 7h 6c 9d")
    odds = exact(problem)
    rivers = [c for c in parse_cards(" ".join(r + s for r in "6789TJQKA" for s in "shdc"))
              if c not in parse_cards("Ah Kh Qs Qd Qh 7h 6c 9d")]
    # The ace-king wins on a heart (a flush, above even a full house of queens in this deck) or on an eight:
    # A-6-7-8-9, the lowest straight of the 36-card deck ("l'As ... com la carta més petita davant la menor").
    assert odds.deals == len(rivers) == 28
    wins = sum(1 for c in rivers if c.suit == "h" or c.rank == "8")
    assert wins == 8 and odds.players[0].win == Fraction(wins, 28)


def test_bad_problems_are_refused():
    with pytest.raises(CardError, match="appears twice"):
        Problem.read(HOLDEM, STANDARD, ["Ah Kh", "Ah Qd"])
    with pytest.raises(CardError, match="can hold 2 cards"):
        Problem.read(HOLDEM, STANDARD, ["Ah Kh Qh", "Qs Qd"])
    with pytest.raises(CardError, match="2 to 10 players"):
        Problem.read(HOLDEM, STANDARD, ["Ah Kh"])
    with pytest.raises(CardError, match="has no 2c"):
        Problem.read(HOLDEM, SHORT_36, ["Ah Kh", "2c 7d"])
    with pytest.raises(CardError, match="cannot deal this"):
        Problem.read(SEVEN_CARD_STUD, SHORT_36, [""] * 6)


def test_a_simulation_to_a_precision_stops_there_on_the_same_batches_and_says_how_far_it_is():
    # Issue 27: `naipes equity` with many players stops at a stated confidence interval instead of 100,000 deals.
    problem = Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks", "7s 2d"])
    reports = []
    odds = simulate_to(problem, seed=3, precision=0.015, progress=lambda done, total: reports.append((done, total)))
    assert half_width(odds) <= 0.015 and odds.deals >= FEWEST_DEALS
    # It is the seeded simulation's own batches: `simulate` of as many deals gives the same figures.
    assert simulate(problem, seed=3, deals=odds.deals) == odds
    # One batch fewer would not have been within the precision (it stops at the first batch that is).
    size = batch_size(problem)
    if odds.deals - size >= FEWEST_DEALS:
        assert half_width(simulate(problem, seed=3, deals=odds.deals - size)) > 0.015
    assert reports[-1] == (odds.deals, odds.deals) and all(done <= total for done, total in reports)
    assert simulate_to(problem, seed=3, precision=0.015) == odds
    # A bound on the deals stops it first; the AA v KK published equity (81.06 % + half the ties) is in the interval.
    heads_up = Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks"])
    capped = simulate_to(heads_up, seed=2024, precision=0.001, most=4_000)
    assert 4_000 <= capped.deals < 4_000 + batch_size(heads_up) and half_width(capped) > 0.001
    low, high = capped.players[0].interval
    assert low <= (1_388_072 + 6_538 / 2) / 1_712_304 <= high
