"""Trijoker (002 §11) and Go Poker (001): the rules against the sources, the house edge with the pair-of-jacks
minimum computed here independently, Let It Ride's published figures, the coup, walk == fast, the adviser."""

from __future__ import annotations

import argparse
import io
import json
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from naipes.core.cards import parse_cards
from naipes.core.drive import analyze, new_shoe, play
from naipes.core.errors import CardError, IllegalActionError, RulesError
from naipes.games.poker.hands import RANKS, category_of, strength5, tie_ranks_of
from naipes.games.poker.kernel import CARDS, CODES, DECK
from naipes.games.poker.trijoker import TRIJOKER
from naipes.games.poker.trijoker.cli import advise
from naipes.games.poker.trijoker.coup import TrijokerConduct, TrijokerCoup
from source_documents import normalised, source_text

CAT = TRIJOKER.presets.get("cat-2016")
GO = TRIJOKER.presets.get("go-poker")
# The classic table, from the lowest paying hand (a pair of jacks or better) to the royal flush.
CLASSIC = {"pair": 1, "two-pair": 2, "three-of-a-kind": 3, "straight": 5, "flush": 8, "full-house": 11,
           "four-of-a-kind": 50, "straight-flush": 200, "royal-flush": 1000}


@pytest.mark.parametrize("name", list(TRIJOKER.presets))
def test_every_citation_is_a_quote_of_its_source(name):
    for citation in TRIJOKER.presets.get(name).citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_the_decree_sets_the_minimum_and_three_equal_bets():
    assert "parella de J" in source_text("002")
    assert (CAT.minimum_pair, CAT.bets, CAT.withdrawals) == ("J", 3, True)
    assert CAT.pay_table.summary() == "1-2-3-5-8-11-50-200-1000"
    with pytest.raises(RulesError):
        replace(CAT, bets=2)


def independent_edge(minimum: str) -> tuple[Fraction, Fraction]:
    """Trijoker's house edge and element of risk, from scratch: suit-isomorphism classes of the three cards,
    every first and second common card, each bet left in play exactly when its expectation is positive."""
    lowest = RANKS.index(minimum)

    def pays(five) -> int:
        s = strength5(*five)
        category = category_of(s)
        if category == "pair" and RANKS.index(tie_ranks_of(s)[0]) < lowest:
            return -1
        return CLASSIC.get(category, -1)

    classes: dict[tuple, list] = {}
    suits = [0x1000, 0x2000, 0x4000, 0x8000]
    for hand in combinations(CODES, 3):
        best = None
        for order in permutations(range(4)):
            image = tuple(sorted((c & ~0xF000) | suits[order[suits.index(c & 0xF000)]] for c in hand))
            best = image if best is None or image < best else best
        classes.setdefault(best, [hand, 0])[1] += 1
    expected = wager = Fraction(0)
    for hand, weight in classes.values():
        rest = [c for c in CODES if c not in hand]
        fours = []
        for c in rest:
            values = [pays(hand + (c, d)) for d in rest if d != c]
            fours.append(Fraction(sum(values), len(values)))
        three = sum(fours, Fraction(0)) / len(fours)
        ride1 = three > 0
        second = sum((v for v in fours if v > 0), Fraction(0)) / len(fours)
        share2 = Fraction(sum(1 for v in fours if v > 0), len(fours))
        expected += weight * (three + (three if ride1 else 0) + second)
        wager += weight * (1 + ride1 + share2)
    return -expected / 22100, -expected / wager


def test_the_house_edge_with_the_pair_of_jacks_matches_an_independent_computation():
    edge, risk = independent_edge("J")
    report = analyze(TRIJOKER, CAT)
    assert report.extra["house_edge"] == edge and report.extra["element_of_risk"] == risk
    assert 0.14 < edge < 0.16


def test_let_it_ride_reproduces_the_published_figures():
    # Shackleford, Wizard of Odds, "Let It Ride": pay table 1-2-3-5-8-11-50-200-1000 from a pair of tens,
    # house edge 3.51%, element of risk 2.86%.
    report = analyze(TRIJOKER, replace(CAT, minimum_pair="T"))
    assert round(float(report.extra["house_edge"]), 4) == 0.0351
    assert round(float(report.extra["element_of_risk"]), 4) == 0.0286


def test_go_poker_is_one_bet_on_five_cards_and_its_edge_is_the_table_on_the_hand_counts():
    # independent: Wikipedia's five-card counts, pairs of jacks to aces are 4/13 of the pairs
    counts = {"royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
              "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552, "pair": 1098240 * 4 // 13}
    paid = sum(CLASSIC[c] * n for c, n in counts.items())
    losing = 2598960 - sum(counts.values())
    edge = -Fraction(paid - losing, 2598960)
    assert analyze(TRIJOKER, GO).extra["house_edge"] == edge


@pytest.mark.parametrize("name", ["cat-2016", "go-poker"])
def test_the_walk_equals_the_fast_analysis_on_a_full_deck(name):
    rules = TRIJOKER.presets.get(name)
    assert analyze(TRIJOKER, rules, method="walk") == analyze(TRIJOKER, rules)


def test_the_walk_equals_the_fast_analysis_with_cards_removed():
    keep = parse_cards("Ah Kh Qh Jh Th 9h Jd Js 2c 3c 4d 5s")
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    assert analyze(TRIJOKER, CAT, counts, "walk") == analyze(TRIJOKER, CAT, counts, "fast")


def test_a_hand_withdraws_and_pays_bet_by_bet():
    """002 l.521: the cards come player, common (face down), player, common (face down), player."""
    coup = TrijokerCoup(CAT)
    for card in parse_cards("Jh 9s Jd 2s 4c"):
        coup.apply(card)
    assert coup.legal_actions() == ("ride", "pull")
    assert (coup.player, coup.common, coup.turned) == (list(parse_cards("Jh Jd 4c")), list(parse_cards("9s 2s")), 0)
    with pytest.raises(IllegalActionError):
        coup.apply(parse_cards("3s")[0])
    coup.apply("pull")
    assert coup.seen == list(parse_cards("Jh Jd 4c 9s"))
    coup.apply("ride")
    assert coup.returns({"bet1": 5, "bet2": 5, "bet3": 5}) == {"bet1": 0, "bet2": 5, "bet3": 5}
    assert coup.outcome() == (False, True, "pair")


def test_a_pair_of_tens_loses_every_bet_in_play():
    coup = TrijokerCoup(CAT)
    for step in ("Th", "9s", "Td", "2s", "4c", "ride", "ride"):
        coup.apply(parse_cards(step)[0] if step[0] in "T942" else step)
    assert coup.returns({"bet1": 1, "bet2": 1, "bet3": 1}) == {"bet1": -1, "bet2": -1, "bet3": -1}


def test_seeded_dealing_repeats():
    first = play(TrijokerCoup(CAT), new_shoe(CAT, "french", 9), TrijokerConduct()).coup
    again = play(TrijokerCoup(CAT), new_shoe(CAT, "french", 9), TrijokerConduct()).coup
    assert first.player + first.common == again.player + again.common and first.outcome() == again.outcome()


def test_the_adviser_gives_the_value_of_each_choice():
    out = io.StringIO()
    advise(argparse.Namespace(cards="Jh Jd 4c", common="", preset=None, json=True, lang="en"), TRIJOKER, out)
    data = json.loads(out.getvalue())
    assert data["best"] == "ride" and data["values"]["pull"]["value"] == 0 and data["values"]["ride"]["value"] > 0
    out = io.StringIO()
    advise(argparse.Namespace(cards="Jh Td 4c", common="9s", preset=None, json=True, lang="en"), TRIJOKER, out)
    data = json.loads(out.getvalue())
    # J T 9 4 and one card: 3 jacks pay 1, the 45 others lose (no straight is possible with the four)
    assert (data["bet"], data["best"], data["values"]["ride"]["exact"]) == (2, "pull", "-7/8")
    with pytest.raises(CardError):
        advise(argparse.Namespace(cards="Jh Jd", common="", preset=None, json=True, lang="en"), TRIJOKER, out)


@pytest.mark.parametrize("name", ["cat-2016", "go-poker"])
def test_the_few_removed_count_equals_the_hand_by_hand_count(name):
    # The ace of spades out leaves three suits interchangeable, the 9h out of its rank none beyond that:
    # the classes of `_few_removed` and the subtracted completions must give the hand-by-hand weights.
    from naipes.games.poker.trijoker.analysis import _any_composition, _few_removed
    keep = [c for c in DECK if c.rank in "AKQJT" and str(c) != "As"] + list(parse_cards("9h"))
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    rules = TRIJOKER.presets.get(name)
    assert _few_removed(rules, counts) == _any_composition(rules, counts)


def test_one_card_out_costs_about_what_the_full_deck_costs():
    import time
    from naipes.games.poker.trijoker.analysis import outcome_distribution
    outcome_distribution(CAT)  # the signatures' caches, which every composition shares
    start = time.process_time()
    full = outcome_distribution(CAT)
    full_time = time.process_time() - start
    start = time.process_time()
    one_out = outcome_distribution(CAT, CARDS.without(1, parse_cards("As")))
    assert time.process_time() - start < 5 * full_time + 2
    assert sum(one_out.values()) == 1 and one_out != full


# --- the decree's order of the cards (002 l.521: "Seguidament, col·loca un naip tapat a la casella situada davant
# d'ell a la seva esquerra. A continuació, reparteix un segon naip tapat a cada jugador, i col·loca un altre naip
# tapat a la casella situada a la seva dreta. Després reparteix un tercer naip tapat a cada jugador") -----------

@pytest.mark.parametrize("name", ["cat-2016", "go-poker"])
def test_the_coup_in_the_decrees_order_walked_on_a_small_deck_equals_the_fast_analysis(name):
    """Every value stays: the coup that takes the common cards when they are placed, walked exactly (no memo
    shortcut for two hidden cards: a small deck), gives the fast analysis's distribution."""
    from naipes.core.drive import walk_exact
    from naipes.games.poker.trijoker.analysis import walk_report
    from naipes.games.poker.trijoker.coup import optimal_conduct
    assert normalised("A continuació, reparteix un segon naip tapat a cada jugador, i col·loca un altre naip "
                      "tapat") in normalised(source_text("002").splitlines()[520])
    rules = TRIJOKER.presets.get(name)
    keep = parse_cards("Ah Kh Qh Jh Th 9h Jd Js 2c 3c")
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    walked = walk_exact(TrijokerCoup(rules), counts, optimal_conduct(rules), replacement=True)
    assert walk_report(rules, walked, counts) == analyze(TRIJOKER, rules, counts, "fast")


def test_a_seeded_deal_takes_the_shoes_cards_in_the_decrees_order():
    shoe = new_shoe(CAT, "french", 9)
    first_five = [shoe.draw() for _ in range(5)]
    coup = play(TrijokerCoup(CAT), new_shoe(CAT, "french", 9), TrijokerConduct()).coup
    assert coup.player == [first_five[0], first_five[2], first_five[4]]
    assert coup.common == [first_five[1], first_five[3]]
