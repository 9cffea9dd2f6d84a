"""Black Jack's basic strategy and house edge: the shipped tables are the engine's (recomputed here), and the engine's
house edge for the rules of published figures agrees with them.

Published figures (Michael Shackleford, wizardofodds.com):
- Blackjack Appendix 9, "Six deck, dealer hits on soft 17, no hole card" (2019): expected return of game -0.0072705
  (player may double after split), -0.0086975 (may not); "Eight decks, dealer hits on soft 17, no hole card":
  -0.007562. Rules: no hole card, the dealer's black jack takes doubles and splits, resplit to four hands except
  aces, no drawing to split aces, double on any two cards, no surrender. "For splitting values the program only
  considered how many hands the player had already split" — an approximation, where the engine's splits are exact
  for CDZ- (tests/engine/games/test_black_jack_splits.py), so the figures agree to about 0.0003 percentage points,
  not exactly.
- Ask the Wizard #294: six decks, dealer stands on soft 17, no hole card, double on 9 to 11, double after split,
  resplit any pair including aces to four hands, no surrender: 0.55% by his house edge calculator (two decimals).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes.games.black_jack.published import PUBLISHED
from naipes.games.black_jack.rules import CHALLENGE_21_PRESETS, PRESETS
from naipes.games.black_jack.strategy import (DATA, SHIPPED_DECKS, _encode, code_fingerprint, compute_table,
                                               dealer_tables_data, rules_key, shipped_rules, strategy_table)

SHIPPED = json.loads(DATA.read_text(encoding="utf-8"))


def test_the_shipped_tables_were_computed_by_this_code():
    assert SHIPPED["fingerprint"] == code_fingerprint(), (
        "the strategy code changed: run `python -m naipes.games.black_jack.strategy` to compute the tables again")
    assert set(SHIPPED["tables"]) == {rules_key(r) for r in shipped_rules()}


def test_the_shipped_one_deck_table_equals_a_fresh_computation():
    rules = PRESETS.get().with_options(decks=1)
    assert SHIPPED["tables"][rules_key(rules)] == json.loads(json.dumps(_encode(compute_table(rules))))


def test_the_shipped_dealer_tables_equal_a_fresh_computation():
    assert SHIPPED["dealer"] == dealer_tables_data()


def test_the_site_offers_the_shipped_decks_of_both_games():
    keys = set(SHIPPED["tables"])
    for book in (PRESETS, CHALLENGE_21_PRESETS):
        for decks in SHIPPED_DECKS:
            assert rules_key(book.get().with_options(decks=decks)) in keys


@pytest.mark.parametrize("figure", PUBLISHED, ids=lambda f: f.key)
def test_the_house_edge_agrees_with_published_figures(figure):
    table = strategy_table(figure.rules)
    engine = table.optimal_edge if figure.kind == "optimal" else table.basic_edge
    # Appendix 9 prints five or six decimals of the return; the calculator two decimals of a percentage.
    tolerance = Fraction(1, 100_000) if figure.kind == "optimal" else Fraction(5, 100_000)
    assert abs(engine - figure.house_edge) < tolerance


def test_the_chart_follows_the_no_hole_card_strategy():
    # With no hole card a double or a split against a ten or an ace loses twice to a dealer's black jack: the
    # chart does not double 11 against a ten or split aces against an ace.
    chart = strategy_table(PRESETS.get()).chart
    assert chart[("hard", 11)][9][0] == "hit" and chart[("pair", 0)][0][0] == "hit"
    assert chart[("hard", 11)][5][0] == "double" and chart[("pair", 7)][5][0] == "split"
    assert chart[("hard", 17)][9] == ("stand", "stand") and chart[("hard", 12)][1][0] == "hit"


def test_the_basic_strategy_is_never_better_than_the_best_first_decision():
    for rules in shipped_rules():
        table = strategy_table(rules)
        assert table.basic_edge >= table.optimal_edge
