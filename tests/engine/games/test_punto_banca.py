from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from naipes.core.cards import parse_cards
from naipes.core.drive import new_shoe, play, play_shoe
from naipes.core.errors import IllegalActionError, RulesError, SpecError
from naipes.core.sources import SOURCE_TITLES
from naipes.games.baccarat.kernel import SOURCE_004_DRAWING, card_points
from naipes.games.baccarat.punto_banca import MIDI_PUNTO_BANCA, MINI_PUNTO_BANCA, PUNTO_BANCA
from naipes.games.baccarat.punto_banca.coup import PuntoBancaCoup, settle_bet
from naipes.games.baccarat.punto_banca.rules import PuntoBancaRules

GAMES = (PUNTO_BANCA, MINI_PUNTO_BANCA, MIDI_PUNTO_BANCA)
PRESETS = {name: rules for game in GAMES for name, rules in game.presets.items()}
banker_draws = SOURCE_004_DRAWING.banker_draws
player_draws = SOURCE_004_DRAWING.player_draws


def preset(name):
    return PRESETS[name]

from source_documents import normalised, source_text


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_table_cell_by_cell_against_source_004(banker_table_from_source, total, third):
    expected = banker_table_from_source[total][third] == "D"
    assert banker_draws(total, third) is expected


def test_banker_rule_when_the_player_stood_follows_source_004():
    # "La Banca debe pedir en puntuaciones de 0, 1, 2, 3, 4, o 5 u pasar en 6 o 7."
    assert [banker_draws(t, None) for t in range(8)] == [True] * 6 + [False] * 2


def test_player_rule_follows_source_004():
    # "| 0, 1, 2, 3, 4, 5 | DRAW (PEDIR) | 6, 7 | STAND (PASAR)"
    assert [player_draws(t) for t in range(8)] == [True] * 6 + [False] * 2


def _values(cards):
    return [card_points(c) for c in cards]


def _check_coup_obeys_the_rules(coup, table):
    """An independent reading of the rules of sources 000, 002 and 004 (not the engine's functions)."""
    p, b = _values(coup.player), _values(coup.banker)
    assert 2 <= len(p) <= 3 and 2 <= len(b) <= 3
    p2, b2 = sum(p[:2]) % 10, sum(b[:2]) % 10
    if p2 >= 8 or b2 >= 8:  # a natural ends the coup: nobody draws
        assert len(p) == 2 and len(b) == 2
    else:
        assert (len(p) == 3) == (p2 <= 5)
        if len(p) == 2:
            assert (len(b) == 3) == (b2 <= 5)
        else:
            assert (len(b) == 3) == (table[b2][p[2]] == "D")
    pt, bt = sum(p) % 10, sum(b) % 10
    assert coup.winner == ("tie" if pt == bt else "player" if pt > bt else "banker")


@given(seed=st.integers(min_value=0, max_value=2**63 - 1), name=st.sampled_from(sorted(PRESETS)))
@settings(max_examples=25, deadline=None)
def test_every_dealt_coup_of_a_shoe_obeys_the_rules(banker_table_from_source, seed, name):
    game = next(g for g in GAMES if name in g.presets)
    record = play_shoe(game, PRESETS[name], seed)
    assert record.coups
    for coup_record in record.coups:
        _check_coup_obeys_the_rules(coup_record.coup, banker_table_from_source)


def test_deal_order_is_punto_banca_punto_banca():
    coup = PuntoBancaCoup()
    cards = parse_cards("2s 3h 4d 5c")
    for card in cards:
        coup.apply(card)
    assert coup.player == [cards[0], cards[2]] and coup.banker == [cards[1], cards[3]]


def test_no_card_after_the_coup_is_over_and_no_decision_ever():
    coup = PuntoBancaCoup()
    assert coup.legal_actions() == ()
    with pytest.raises(SpecError):
        coup.apply("draw")
    for card in parse_cards("9s 2h Kd 3c"):
        coup.apply(card)
    assert coup.is_terminal() and coup.results() == ("player",)
    with pytest.raises(IllegalActionError, match="over"):
        coup.apply(parse_cards("As")[0])


@pytest.mark.parametrize("name", ["catalogo-es", "cat-2016", "hoja-baccarat"])
def test_settlement_banker_pays_19_to_20_player_even_tie_8_to_1_and_pushes(name):
    rules = PRESETS[name]
    assert settle_bet(rules, "banker", "banker", Fraction(20)) == 19
    assert settle_bet(rules, "player", "player", Fraction(20)) == 20
    assert settle_bet(rules, "tie", "tie", Fraction(5)) == 40
    assert settle_bet(rules, "banker", "tie", Fraction(20)) == 0
    assert settle_bet(rules, "player", "tie", Fraction(20)) == 0
    assert settle_bet(rules, "player", "banker", Fraction(20)) == -20


def test_uruguay_commission_is_ten_percent_as_an_option():
    # "soportarán un descuento del diez por ciento (10%)" (source 003)
    rules = preset("cat-2016").with_options(commission="0.10")
    assert settle_bet(rules, "banker", "banker", Fraction(100)) == 90


def test_catalan_limits_mini_and_midi_seats():
    assert preset("cat-2016").tie_bet_max_share == Fraction(1, 10)
    assert preset("cat-2016").table_max_multiple == (20, 100)
    assert preset("cat-2016-mini").seats == 7 and preset("cat-2016-midi").seats == 9
    assert preset("cat-2016-mini").dealer == "croupier"


def test_stop_card_positions_by_source():
    assert preset("catalogo-es").stop_card.cards_below == 7
    assert preset("cat-2016").stop_card.cards_below == 7
    assert preset("clasificador-bo-cl").stop_card.cards_below == 6
    assert preset("hoja-baccarat").decks == 8


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_cites_words_that_are_really_in_its_source(name):
    rules = PRESETS[name]
    assert rules.citations
    for citation in rules.citations:
        assert citation.source in SOURCE_TITLES
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation


def test_the_small_tables_are_their_own_games_with_their_presets():
    assert list(MINI_PUNTO_BANCA.presets) == ["catalogo-es-mini", "cat-2016-mini", "clasificador-bo-cl-mini"]
    assert list(MIDI_PUNTO_BANCA.presets) == ["cat-2016-midi", "clasificador-bo-cl-midi"]
    assert {r.seats for r in MINI_PUNTO_BANCA.presets.values()} == {7}
    assert {r.seats for r in MIDI_PUNTO_BANCA.presets.values()} == {9}
    assert {r.dealer for g in (MINI_PUNTO_BANCA, MIDI_PUNTO_BANCA) for r in g.presets.values()} == {"croupier"}
    with pytest.raises(SpecError, match="'cat-2016-midi'"):
        MINI_PUNTO_BANCA.presets.get("cat-2016-midi")


@pytest.mark.parametrize("kwargs, message", [
    ({"decks": 0}, "from 1 to 8, not 0"), ({"decks": 9}, "not 9"), ({"tie_pays": 0}, "not 0"),
    ({"banker_pays": Fraction(3, 2)}, "at most 1 to 1"), ({"dealer": "robot"}, "'robot'")])
def test_rules_reject_out_of_range_options_naming_the_value(kwargs, message):
    with pytest.raises(RulesError, match=message):
        PuntoBancaRules(**kwargs)


def test_coup_dealt_from_the_same_seed_is_the_same():
    rules = PRESETS["cat-2016"]
    one = play(PuntoBancaCoup(rules), new_shoe(rules, "french", 99)).coup
    two = play(PuntoBancaCoup(rules), new_shoe(rules, "french", 99)).coup
    assert one.player == two.player and one.banker == two.banker


def test_every_step_names_the_rule_that_applied_from_the_presets_drawing_rules():
    coup = PuntoBancaCoup(PRESETS["cat-2016"])
    events = [e for card in parse_cards("2s 4h 3d Kc 8c") for e in coup.apply(card)]
    rules = [e.rule for e in events if e.rule is not None]
    assert [r.source for r in rules] == ["004", "004"]
    assert rules[0].param("totals") == frozenset(range(6))
    assert rules[1].param("cards") == frozenset(range(2, 8))  # 004: with 4 the banca draws on a third card 2 to 7


def test_returns_pays_the_bets_once_the_coup_is_over():
    coup = PuntoBancaCoup(PRESETS["cat-2016"])
    for card in parse_cards("2s 4h 3d Kc"):
        coup.apply(card)
    with pytest.raises(IllegalActionError):
        coup.returns({"banker": 10})
    coup.apply(parse_cards("8c")[0])
    assert coup.returns({"banker": 20, "player": 10, "tie": 5}) == {"banker": 19, "player": -10, "tie": -5}
