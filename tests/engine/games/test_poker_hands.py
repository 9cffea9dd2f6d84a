"""The shared poker hand evaluator: category counts against combinatorics and published tables, the order of
hands against an independent reference evaluator written here, short decks, best-of-N and Omaha."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from naipes.core.errors import CardError, SpecError
from naipes.games.poker.distribution import Tally, strengths
from naipes.games.poker.hands import (SHORT_32, SHORT_36, STANDARD, THREE_CARD, category_counts, category_of, codes,
                                      compare, evaluate, evaluate_split, ranking_for_deck, strength5,
                                      strength_function)
from naipes.games.poker.kernel import CODES

# Wikipedia, "Poker probability", tables "5-card poker hands" and "7-card poker hands" (frequency columns;
# the straight flush counts there include the royal flushes: 40 and 41,584).
FIVE_CARD = {"royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3_744, "flush": 5_108,
             "straight": 10_200, "three-of-a-kind": 54_912, "two-pair": 123_552, "pair": 1_098_240,
             "high-card": 1_302_540}
SEVEN_CARD = {"royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848, "full-house": 3_473_184,
              "flush": 4_047_644, "straight": 6_180_020, "three-of-a-kind": 6_461_620, "two-pair": 31_433_400,
              "pair": 58_627_800, "high-card": 23_294_460}
# Shackleford, Wizard of Odds, "Three Card Poker", table "Three Card Poker Probabilities" (combinations).
THREE = {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720, "flush": 1_096, "pair": 3_744,
         "high-card": 16_440}


def test_five_card_counts_are_the_published_ones():
    assert category_counts(STANDARD) == FIVE_CARD
    assert sum(FIVE_CARD.values()) == 2_598_960


def test_seven_card_best_of_counts_are_the_published_ones():
    assert category_counts(STANDARD, cards=7) == SEVEN_CARD
    assert sum(SEVEN_CARD.values()) == 133_784_560


def test_three_card_counts_are_the_published_ones():
    assert category_counts(THREE_CARD) == THREE


# --- an independent reference evaluator (ranks as numbers 2..14), for the short decks and the ordering ------

def reference(cards, ranks: str, flush_over_full: bool = False, size: int = 5):
    """(category order, tie-break) of exactly `size` cards, written from the rules of 002 §12.VI."""
    values = sorted((ranks.index(c.rank) for c in cards), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    distinct = sorted(set(values))
    straight = None
    if len(distinct) == size:
        if distinct[-1] - distinct[0] == size - 1:
            straight = distinct[-1]
        elif distinct[-1] == len(ranks) - 1 and distinct[:-1] == list(range(size - 1)):
            straight = size - 2  # the ace plays below the lowest rank
    tie = [r for r, _ in groups]
    if size == 3:
        order = ["high", "pair", "flush", "straight", "trips", "straight-flush"]
        if straight is not None and suited:
            return order.index("straight-flush"), [straight]
        if groups[0][1] == 3:
            return order.index("trips"), tie
        if straight is not None:
            return order.index("straight"), [straight]
        if suited:
            return order.index("flush"), tie
        return (order.index("pair"), tie) if groups[0][1] == 2 else (0, tie)
    order = ["high", "pair", "two-pair", "trips", "straight", "flush", "full", "quads", "straight-flush"]
    if flush_over_full:
        order = ["high", "pair", "two-pair", "trips", "straight", "full", "flush", "quads", "straight-flush"]
    if straight is not None and suited:
        return order.index("straight-flush"), [straight]
    if groups[0][1] == 4:
        return order.index("quads"), tie
    if groups[0][1] == 3 and groups[1][1] == 2:
        return order.index("full"), tie
    if suited:
        return order.index("flush"), tie
    if straight is not None:
        return order.index("straight"), [straight]
    if groups[0][1] == 3:
        return order.index("trips"), tie
    if groups[0][1] == 2 and groups[1][1] == 2:
        return order.index("two-pair"), tie
    if groups[0][1] == 2:
        return order.index("pair"), tie
    return 0, tie


REFERENCE_CATEGORY = {"high": "high-card", "pair": "pair", "two-pair": "two-pair", "trips": "three-of-a-kind",
                      "straight": "straight", "flush": "flush", "full": "full-house", "quads": "four-of-a-kind",
                      "straight-flush": "straight-flush"}


@pytest.mark.parametrize("ranking", [SHORT_36, SHORT_32])
def test_short_deck_counts_match_an_independent_enumeration(ranking):
    names = ["high", "pair", "two-pair", "trips", "straight", "full", "flush", "quads", "straight-flush"]
    found = Counter()
    for hand in combinations(ranking.deck(), 5):
        found[names[reference(hand, ranking.ranks, flush_over_full=True)[0]]] += 1
    counts = category_counts(ranking)
    assert counts["straight-flush"] + counts["royal-flush"] == found["straight-flush"]
    for name, key in REFERENCE_CATEGORY.items():
        if name != "straight-flush":
            assert counts[key] == found[name], key
    # "el color és més important que el full" (002 §12.VI): fewer flushes than full houses in both decks
    assert counts["flush"] < counts["full-house"]


@pytest.mark.parametrize("ranking, flush_over_full", [(STANDARD, False), (SHORT_36, True), (SHORT_32, True)])
def test_the_order_of_random_hands_agrees_with_the_reference(ranking, flush_over_full):
    rng = random.Random(16)
    deck = list(ranking.deck())
    for _ in range(3000):
        cards = rng.sample(deck, 10)
        a, b = cards[:5], cards[5:]
        mine = (evaluate(a, ranking) > evaluate(b, ranking)) - (evaluate(a, ranking) < evaluate(b, ranking))
        ra, rb = reference(a, ranking.ranks, flush_over_full), reference(b, ranking.ranks, flush_over_full)
        assert mine == (ra > rb) - (ra < rb), (a, b)


def test_three_card_order_agrees_with_the_reference():
    rng = random.Random(3)
    deck = list(STANDARD.deck())
    for _ in range(3000):
        cards = rng.sample(deck, 6)
        a, b = evaluate(cards[:3], THREE_CARD), evaluate(cards[3:], THREE_CARD)
        ra, rb = reference(cards[:3], STANDARD.ranks, size=3), reference(cards[3:], STANDARD.ranks, size=3)
        assert (a > b) - (a < b) == (ra > rb) - (ra < rb), cards


@pytest.mark.parametrize("hand, ranking, category, top", [
    ("Ah 2c 3d 4s 5h", STANDARD, "straight", "5"),
    ("Ah 6c 7d 8s 9h", SHORT_36, "straight", "9"),
    ("Ah 7c 8d 9s Th", SHORT_32, "straight", "T"),
    ("Kh Ac 2d 3s 4h", STANDARD, "high-card", "A"),
    ("As Ks Qs Js Ts", SHORT_32, "royal-flush", "A"),
    ("Qh Kh Ah", THREE_CARD, "straight-flush", "A"),
    ("Ah 2h 3h", THREE_CARD, "straight-flush", "3"),
])
def test_straights_and_the_ace(hand, ranking, category, top):
    rank = evaluate(hand, ranking)
    assert (rank.category, rank.ranks[0]) == (category, top)


def test_best_of_seven_and_omaha():
    assert evaluate("2s 3s 4s 5s 6s 7s Ah").category == "straight-flush"
    assert evaluate("2s 3s 4s 5s 6s 7s Ah").ranks == ("7",)
    # Omaha: exactly two of the hole cards: four aces in hand make only a pair of aces
    assert evaluate_split("As Ah Ad Ac", "Ks 7s 8s 2c 3d", 2, 3).category == "pair"
    assert evaluate("As Ah Ad Ac Ks 7s 8s 2c 3d").category == "four-of-a-kind"
    assert evaluate_split("As Ks 2d 3c", "Qs Js Ts 9h 9d", 2, 3).category == "royal-flush"
    assert compare("As Ad Kc Qh 2s", "Ah Ac Kd Qs 2h") == 0


def test_bad_hands_are_refused_with_a_message():
    with pytest.raises(CardError, match="twice"):
        evaluate("As As Kd Qc Jh")
    with pytest.raises(CardError, match="36-card deck has no 5s"):
        evaluate("5s 6s 7s 8s 9s", SHORT_36)
    with pytest.raises(SpecError, match="52, 36 or 32"):
        ranking_for_deck("40")


def test_the_fast_strengths_agree_with_evaluate():
    rng = random.Random(5)
    for _ in range(2000):
        hand = rng.sample(list(STANDARD.deck()), 5)
        assert strength5(*codes(hand)) == evaluate(hand).strength
        assert category_of(strength5(*codes(hand))) == evaluate(hand).category


def test_the_bank_distributions_agree_with_enumeration():
    rng = random.Random(7)
    five = strength_function(STANDARD)
    for _ in range(2):
        known = rng.sample(CODES, 8)
        left = [c for c in CODES if c not in known]
        up, rest = left[0], left[1:]
        brute = Counter(five(up, *four) for four in combinations(rest, 4))
        assert strengths(rest, (up,), 4, STANDARD) == dict(brute)
    three = strength_function(THREE_CARD)
    left = [c for c in CODES if c not in codes("As Kd 7c")]
    assert strengths(left, (), 3, THREE_CARD) == dict(Counter(three(*h) for h in combinations(left, 3)))


def test_a_tally_splits_by_qualification_and_the_players_hand():
    tally = Tally.of({1: 2, 5: 3, 9: 4}, qualifies_from=5)
    assert tally.split(5) == (2, 0, 3, 4)
    assert tally.split(7) == (2, 3, 0, 4)
    assert tally.split(0) == (2, 0, 0, 7)
