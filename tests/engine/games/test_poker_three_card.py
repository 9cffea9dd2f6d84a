"""Three-card poker against the croupier (001): published house edges (ante and play, Pair Plus), the Q-6-4
strategy, an independent Pair Plus computation, the coup, walk == fast on a small deck, the adviser."""

from __future__ import annotations

import argparse
import io
import json
from dataclasses import replace
from fractions import Fraction

import pytest

from naipes.core.cards import parse_cards
from naipes.core.errors import CardError, IllegalActionError
from naipes.games.poker.hands import codes
from naipes.games.poker.kernel import CARDS, DECK, FULL
from naipes.games.poker.three_card import THREE_CARD_POKER
from naipes.games.poker.three_card.analysis import fast_report
from naipes.games.poker.three_card.cli import advise, report_of
from naipes.games.poker.three_card.coup import ThreeCardCoup
from naipes.games.poker.three_card.rules import PAY_TABLES
from naipes.games.poker.three_card.values import plays
from source_documents import normalised, source_text

RULES = THREE_CARD_POKER.presets.default


@pytest.fixture(scope="module")
def report():
    return fast_report(RULES, FULL)


def test_every_citation_is_a_quote_of_its_source():
    for citation in RULES.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_ante_and_play_reproduce_the_published_house_edge(report):
    # Shackleford, Wizard of Odds, "Three Card Poker": ante bonus 1-4-5, the dealer qualifies with a queen high,
    # the player plays Q-6-4 or better: house edge 3.37% per ante, element of risk 2.01%.
    assert round(float(report.extra["house_edge"]), 4) == 0.0337
    assert round(float(report.extra["element_of_risk"]), 4) == 0.0201


def test_pair_plus_house_edges_computed_from_the_hand_counts(report):
    # independent: C(52,3) = 22,100 hands; a straight flush 48, three of a kind 52, a straight 720, a flush
    # 1,096, a pair 3,744 (combinatorics); tables 1-4-6-30-40 (2.32% published) and 1-3-6-30-40 (7.28%).
    counts = {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720, "flush": 1096, "pair": 3744}
    for name, flush, published in (("classic", 4, 0.0232), ("pair-plus-3", 3, 0.0728)):
        pays = {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": flush, "pair": 1}
        edge = -Fraction(sum(pays[c] * n for c, n in counts.items()) - (22100 - sum(counts.values())), 22100)
        assert round(float(edge), 4) == published
        rules = replace(RULES, pay_table=PAY_TABLES[name])
        assert fast_report(rules, FULL).line("pair-plus").house_edge == edge


def test_the_optimal_strategy_is_queen_six_four():
    assert plays(codes("Qh 6d 4c"), RULES) and not plays(codes("Qh 6d 3c"), RULES)
    assert plays(codes("Kh 2d 3c"), RULES) and not plays(codes("Jh Td 8c"), RULES)


def test_the_walk_equals_the_fast_analysis_on_a_small_deck():
    keep = parse_cards("Qh Jh Th 9h 8h Qs 6s 4d Ac Kc 2c 3c")
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    assert report_of(RULES, counts, "walk") == report_of(RULES, counts, "fast")


def test_a_hand_is_settled_with_the_bonus_and_pair_plus():
    coup = ThreeCardCoup(RULES)
    for card in parse_cards("Ah 9s Kh 8d Qh 2c"):
        coup.apply(card)
    with pytest.raises(IllegalActionError):
        coup.apply("raise")
    coup.apply("play")
    # the croupier's 9 8 2 does not qualify: ante 1 plus the straight flush bonus 5, play returned, Pair Plus 40
    assert coup.returns({"ante": 1, "play": 1, "pair-plus": 1}) == {"ante": 6, "play": 0, "pair-plus": 40}
    coup = ThreeCardCoup(RULES)
    for card in parse_cards("5h As 4d Ad 3c 2c"):
        coup.apply(card)
    coup.apply("fold")
    assert coup.returns({"ante": 1, "play": 1, "pair-plus": 1}) == {"ante": -1, "play": 0, "pair-plus": 6}


def test_the_adviser():
    out = io.StringIO()
    advise(argparse.Namespace(cards="Qh 6d 4c", preset=None, json=True, lang="en"), THREE_CARD_POKER, out)
    data = json.loads(out.getvalue())
    assert data["best"] == "play" and -1 < data["values"]["play"]["value"] < -0.99
    with pytest.raises(CardError):
        advise(argparse.Namespace(cards="Qh 6d", preset=None, json=True, lang="en"), THREE_CARD_POKER, out)
