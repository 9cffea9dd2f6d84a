"""Mini-Bacará (source 003): the rules and preset, the coup on the protocol, the exact analysis of one box."""

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from naipes import cli
from naipes.core.cards import full_deck, parse_cards
from naipes.core.drive import analyze, play, walk_exact
from naipes.core.errors import IllegalActionError, RulesError, SpecError
from naipes.core.model import CHANCE, TERMINAL
from naipes.core.narration import narrate
from naipes.core.rng import SeededRandom
from naipes.core.shoe import Shoe
from naipes.games import registry
from naipes.games.baccarat.kernel import BANKER_TABLE_004, SOURCE_004_DRAWING, ThirdCardRule, deck_counts
from naipes.games.baccarat.mini_bacara import MINI_BACARA
from naipes.games.baccarat.mini_bacara.analysis import box_report, distribution
from naipes.games.baccarat.mini_bacara.coup import (BankerDraws, BoxChose, BoxSettled, InsuranceAnswered,
                                                    InsuranceCalled, MiniBacaraConduct, MiniBacaraCoup)
from naipes.games.baccarat.mini_bacara.rules import (BANKER_NATURAL, BANKER_WINS, DRAW_FOR_ALL, PRESETS,
                                                     MiniBacaraRules)
from naipes.games.baccarat.punto_banca.analysis import analyze as analyze_punto_banca

from source_documents import normalised, source_text

URUGUAY = PRESETS.get("uruguay")
STAND_AT_FIVE = MiniBacaraConduct(box_at_five="stand")
#: A small shoe (12 cards) on which the generic walk of a variant takes a fraction of a second.
SMALL = (3, 1, 1, 1, 1, 1, 1, 1, 1, 1)


# --- the rules and the preset -------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_every_citation_is_a_quote_of_its_source(rules):
    for citation in rules.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_uruguay_values_from_the_source():
    text = source_text("003")
    assert "cuatro mazos" in text and "cinco apostadores sentados" in text and "noventa por ciento" in text
    assert "cincuenta por ciento (50%)" in text and "se pagan doble" in text
    assert (URUGUAY.decks, URUGUAY.boxes, URUGUAY.banker_pays, URUGUAY.insurance_max_share,
            URUGUAY.insurance_pays) == (4, 5, Fraction(9, 10), Fraction(1, 2), 2)
    assert URUGUAY.encart_on == frozenset({6, 7}) and URUGUAY.five_choice


def test_the_registry_finds_the_game():
    assert registry.game("mini-bacara") is MINI_BACARA
    assert MINI_BACARA.presets.get() is URUGUAY and MINI_BACARA.family == "baccarat"


def test_bad_rules_values_are_refused():
    with pytest.raises(RulesError):
        MiniBacaraRules(decks=9)
    with pytest.raises(RulesError):
        MiniBacaraRules(insurance_wins_on="always")
    with pytest.raises(RulesError):
        URUGUAY.with_options(commission="0.9")
    assert URUGUAY.with_options(decks=1, commission="0.05").banker_pays == Fraction(19, 20)


def test_describe_gives_the_comparison_rows():
    rows = {p.key: p.value for p in URUGUAY.describe("en")}
    assert rows["seats"] == "5 boxes" and rows["deals"] == "the house's dealer" and rows["banks"] == "the house"
    assert rows["payouts"] == "Punto 1 to 1, Banca 0.9 to 1, insurance 2 to 1 (up to 50% of the Punto bet)"
    assert rows["commission"] == "10% of a winning Banca bet"
    assert (rows["source"], rows["decks"], rows["stop-card"], rows["burn"]) == ("003", "4", "7", "no burn")
    assert {p.key: p.value for p in URUGUAY.describe("es")}["seats"] == "5 casillas"


# --- the coup on the protocol -------------------------------------------------------------------------------

def _play(cards, boxes, answers=(), rules=URUGUAY):
    """A coup dealt from `cards` in order, the reader answering every decision."""
    shoe = Shoe(list(parse_cards(cards)))
    record = play(MiniBacaraCoup(rules, boxes=boxes), shoe, None, answers=answers)
    assert record.coup.is_terminal(), record.waiting
    return record.coup


def _settled(coup):
    return [(e.box, e.how, e.banker) for e in coup.events if isinstance(e, BoxSettled)]


def test_dealing_order_box_cards_then_hole_card_then_second_cards():
    coup = MiniBacaraCoup(URUGUAY, boxes=3)
    order = []
    for card in parse_cards("2s 3s 4s 5h 6s 7s 8s"):
        order.append(coup.next_hand())
        coup.apply(card)
    assert order == ["box1", "box2", "box3", "banker", "box1", "box2", "box3"]
    assert coup.events[3].face_down and coup.hole_turned  # no box holds 5: the hole card is turned at once


def test_five_chooses_before_the_bankers_second_card_and_the_hole_card_is_turned_after():
    coup = MiniBacaraCoup(URUGUAY, boxes=1)
    for card in parse_cards("2s 6h 3d"):
        coup.apply(card)
    assert coup.current_player() == "box1" and coup.legal_actions() == ("draw", "stand")
    assert len(coup.banker) == 1 and not coup.hole_turned
    events = coup.apply("stand")
    assert isinstance(events[0], BoxChose) and events[0].rule is None  # the reader chose
    assert coup.hole_turned and coup.next_hand() == "banker"


def test_out_of_turn_steps_raise_illegal_action():
    coup = MiniBacaraCoup(URUGUAY, boxes=1)
    with pytest.raises(IllegalActionError):
        coup.apply("draw")  # a card is due
    for card in parse_cards("2s 6h 3d"):
        coup.apply(card)
    with pytest.raises(IllegalActionError):
        coup.apply(parse_cards("Kd")[0])  # box 1 must choose first
    with pytest.raises(IllegalActionError):
        coup.apply("insure")  # not the decision pending
    with pytest.raises(IllegalActionError):
        coup.settle(1, player=10)  # not over
    coup.apply("stand")
    with pytest.raises(IllegalActionError):
        MiniBacaraConduct().choose(coup)  # nothing to decide: a card is due
    coup.apply(parse_cards("Kd")[0])
    assert coup.current_player() == TERMINAL
    with pytest.raises(IllegalActionError):
        coup.apply(parse_cards("Kc")[0])


def test_the_number_of_boxes_is_checked():
    with pytest.raises(RulesError):
        MiniBacaraCoup(URUGUAY, boxes=6)
    with pytest.raises(RulesError):
        MiniBacaraCoup(URUGUAY, boxes=0)


def test_rule_e_settles_boxes_needing_no_third_banker_card_first():
    # banker 3+Kd = 3; box1 4+Kh draws an 8 (table: stand), box2 2+Ks draws a 2 (table: draw), banker draws 5
    coup = _play("4c 2c 3h Kh Ks Kd 8s 2d 5c", boxes=2)
    assert _settled(coup) == [(1, "stands", 3), (2, "third", 8)]
    assert coup.results() == ("banker", "banker")
    assert sum(isinstance(e, BankerDraws) for e in coup.events) == 1


def test_draw_for_all_variant_compares_every_box_with_three_cards():
    coup = _play("4c 2c 3h Kh Ks Kd 8s 2d 5c", boxes=2, rules=replace(URUGUAY, mixed_banker=DRAW_FOR_ALL))
    assert len(coup.banker) == 3
    assert [banker for _, _, banker in _settled(coup)] == [8, 8]
    assert next(e for e in coup.events if isinstance(e, BankerDraws)).rule.interpretation


def test_rule_f_settles_the_rest_right_to_left():
    # banker 2+J = 2 draws against every box: boxes 3, 2, 1 are settled in that order
    coup = _play("Ks Kh Kd 2c Qs Qh Qd Js 3h 3d 9c 4s", boxes=3)
    assert [box for box, how, _ in _settled(coup)] == [3, 2, 1]
    assert {how for _, how, _ in _settled(coup)} == {"third"}
    assert coup.results() == ("banker", "banker", "player")


def test_aire_passes_are_settled_first():
    coup = _play("9c 2c Kh Kd 4s 9d", boxes=2)  # box1 9 natural; banker K+9 = 9 natural
    assert _settled(coup) == [(1, "aire", 9), (2, "aire", 9)]
    assert coup.results() == ("tie", "banker")


def test_encart_when_both_hold_six_or_seven():
    coup = _play("6c 6h Kd Kh", boxes=1)
    assert _settled(coup) == [(1, "encart", 6)]
    assert coup.results() == ("tie",)


def test_banca_paid_90_percent_and_insurance_double_when_insured():
    coup = _play("4s 9h 3d Kc", boxes=1, answers=["insure"])  # box 7 stands, banker 9 natural
    assert any(isinstance(e, InsuranceCalled) for e in coup.events)
    assert coup.settle(1, player=10, banker=10, insurance=5) == {"player": -10, "banker": 9, "insurance": 10}
    assert coup.returns({"player": 10, "insurance": 5}) == {"box1:player": -10, "box1:insurance": 10}
    with pytest.raises(SpecError):
        coup.settle(1, player=10, insurance=6)  # more than half the Punto bet
    with pytest.raises(SpecError):
        coup.returns({"tie": 10})
    declined = _play("4s 9h 3d Kc", boxes=1, answers=["decline"])
    with pytest.raises(SpecError):
        declined.settle(1, player=10, insurance=5)  # the insurance was declined
    plain = _play("4s 2h 3d Kc 5c", boxes=1)
    assert plain.current_player() == TERMINAL and not plain.insurance_offered
    with pytest.raises(SpecError):
        plain.settle(1, player=10, insurance=5)  # no nine, no insurance


def test_the_insurance_is_a_decision_of_the_coup_taken_once_for_every_box():
    coup = MiniBacaraCoup(URUGUAY, boxes=2)
    for card in parse_cards("5s 2c 9h Kd 4c"):
        coup.apply(card)
    assert coup.current_player() == "box1"
    coup.apply("draw")
    assert coup.current_player() == "insurance" and coup.legal_actions() == ("insure", "decline")
    events = coup.apply("decline", MiniBacaraConduct().choose(coup)[0].rule)
    assert isinstance(events[0], InsuranceAnswered) and events[0].rule.interpretation
    assert coup.current_player() == CHANCE and coup.next_hand() == "banker"


def test_the_conduct_takes_the_decisions_nobody_takes_by_hand():
    rules = URUGUAY
    for conduct, answer in ((MiniBacaraConduct(), True), (STAND_AT_FIVE, False)):
        coup = MiniBacaraCoup(rules, boxes=1)
        record = play(coup, Shoe(list(parse_cards("2s 2h 3d Kc Kh 5c"))), conduct)
        chose = next(e for e in record.coup.events if isinstance(e, BoxChose))
        assert chose.draws is answer and chose.rule is not None
        assert len(record.coup.boxes[0]) == (3 if answer else 2)


def test_narration_names_the_rule_of_the_preset():
    rules = replace(URUGUAY, five_choice=False,
                    drawing=replace(SOURCE_004_DRAWING, player_draws_on=frozenset(range(5))))
    coup = _play("2s 2h 3d Kc 5c", boxes=1, rules=rules)
    line = next(narrate(e, "en") for e in coup.events if isinstance(e, ThirdCardRule) and e.hand == "box1")
    assert line == "Box 1 has 5: stands (the punto stands on 5 to 7; source 004)."
    assert all(narrate(e, lang) for e in coup.events for lang in ("es", "ca", "en"))


# --- exact analysis ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(PRESETS))
def test_walk_equals_fast_for_every_preset_on_one_deck(name):
    rules = PRESETS.get(name).with_options(decks=1)
    assert analyze(MINI_BACARA, rules, method="walk") == analyze(MINI_BACARA, rules, method="fast")


def test_walk_equals_fast_with_the_box_standing_on_five():
    coup = MiniBacaraCoup(URUGUAY)
    assert walk_exact(coup, SMALL, STAND_AT_FIVE) == distribution(URUGUAY, SMALL, STAND_AT_FIVE)


def test_the_box_meets_the_banca_as_in_punto_y_banca():
    # with the source-004 table and a box drawing on 5, one box is a Punto y Banca coup (an independent analysis)
    report = analyze(MINI_BACARA, URUGUAY)
    punto_banca = analyze_punto_banca(deck_counts(4))
    for bet in ("banker", "player", "tie"):
        assert report.line(bet).probability == punto_banca.probability(bet)
    # the Banca is paid 90 %
    edge = (punto_banca.player - Fraction(9, 10) * punto_banca.banker) / punto_banca.total
    assert report.line("banker").house_edge == edge


def test_insurance_probability_is_a_ten_valued_card_after_the_nine():
    # 4 decks: 64 cards worth 0 among the 207 left after the banker's nine
    line = analyze(MINI_BACARA, URUGUAY).line("insurance")
    assert line.probability == Fraction(64, 207) and line.house_edge == 1 - 3 * Fraction(64, 207)
    natural = analyze(MINI_BACARA, replace(URUGUAY, insurance_wins_on=BANKER_NATURAL)).line("insurance")
    assert natural.probability == Fraction(64 + 15, 207)  # a ten or another nine


def test_the_insurance_reading_banker_wins_is_analysed_exactly():
    rules = replace(URUGUAY, insurance_wins_on=BANKER_WINS)
    line = analyze(MINI_BACARA, rules).line("insurance")
    # a Banca starting with a nine beats the box more often than not: paid 2 to 1, the reading favours the bettor
    assert line.probability > Fraction(1, 2) and line.house_edge < 0
    assert analyze(MINI_BACARA, rules, SMALL, "walk") == analyze(MINI_BACARA, rules, SMALL, "fast")


def _lines(report):
    return {line.key: (line.probability, line.house_edge) for line in report.lines}


def _changed(rules, conduct=MiniBacaraConduct()):
    """The analysis of a variant, checked against the generic walk on a small shoe."""
    assert walk_exact(MiniBacaraCoup(rules), SMALL, conduct) == distribution(rules, SMALL, conduct)
    return _lines(box_report(rules, deck_counts(rules.decks), conduct))


def test_changing_the_bankers_table_changes_the_analysis():
    table = list(BANKER_TABLE_004)
    table[6] = "S" * 10  # the banca on 6 always stands
    rules = replace(URUGUAY, drawing=replace(SOURCE_004_DRAWING, banker_table=tuple(table)))
    assert _changed(rules)["banker"] != _lines(analyze(MINI_BACARA, URUGUAY))["banker"]
    when_stood = replace(URUGUAY, drawing=replace(SOURCE_004_DRAWING,
                                                  banker_draws_when_player_stood=frozenset(range(7))))
    assert _changed(when_stood)["banker"] != _lines(analyze(MINI_BACARA, URUGUAY))["banker"]


def test_changing_the_puntos_totals_changes_the_analysis_and_five_choice_decides_on_five():
    base = _lines(analyze(MINI_BACARA, URUGUAY))
    stands_on_five = replace(URUGUAY, five_choice=False,
                             drawing=replace(SOURCE_004_DRAWING, player_draws_on=frozenset(range(5))))
    assert _changed(stands_on_five) != base
    # a box that chooses and stands is a box that stands on five by the drawing rules
    assert _changed(URUGUAY, STAND_AT_FIVE) == _changed(stands_on_five)
    # without the choice, a box follows the drawing rules whatever the conduct says
    no_choice = replace(URUGUAY, five_choice=False)
    assert _changed(no_choice, STAND_AT_FIVE) == base
    draws_on_six = replace(URUGUAY, drawing=replace(SOURCE_004_DRAWING, player_draws_on=frozenset(range(7))))
    assert _changed(draws_on_six) != base


def test_changing_the_encart_totals_changes_the_analysis_where_the_drawing_rules_would_not_stop():
    draws_on_six = replace(URUGUAY, drawing=replace(SOURCE_004_DRAWING, player_draws_on=frozenset(range(7))))
    with_encart, without = _changed(draws_on_six), _changed(replace(draws_on_six, encart_on=frozenset()))
    assert with_encart["tie"] != without["tie"]
    # with the source-004 drawing rules both stand on 6 and 7, so the encart changes nothing
    assert _changed(replace(URUGUAY, encart_on=frozenset())) == _lines(analyze(MINI_BACARA, URUGUAY))


def test_the_commission_and_the_insurance_payout_change_the_house_edges():
    base = _lines(analyze(MINI_BACARA, URUGUAY))
    five = _lines(analyze(MINI_BACARA, URUGUAY.with_options(commission="0.05")))
    assert five["banker"][0] == base["banker"][0] and five["banker"][1] < base["banker"][1]
    assert _lines(analyze(MINI_BACARA, replace(URUGUAY, insurance_pays=3)))["insurance"][1] < 0


def test_draw_for_all_is_not_analysed_per_box():
    with pytest.raises(RulesError):
        analyze(MINI_BACARA, replace(URUGUAY, mixed_banker=DRAW_FOR_ALL))


def test_bad_compositions_are_refused():
    with pytest.raises(RulesError):
        distribution(URUGUAY, (1,) * 5)
    with pytest.raises(RulesError):
        distribution(URUGUAY, (1, 1, 1, 1, 1, 0, 0, 0, 0, 0))


def test_exact_box_analysis_against_a_simulation_of_full_tables():
    rules = URUGUAY
    exact = analyze(MINI_BACARA, rules)
    cards = list(full_deck()) * rules.decks
    rng, n, rounds = SeededRandom(7), len(cards), 4000
    tally = {"player": 0, "banker": 0, "tie": 0}
    for _ in range(rounds):
        for i in range(18):
            j = i + rng.below(n - i)
            cards[i], cards[j] = cards[j], cards[i]
        coup = play(MiniBacaraCoup(rules, boxes=5), Shoe(cards[:18]), MiniBacaraConduct()).coup
        for result in (coup.results()[0], coup.results()[4]):
            tally[result] += 1
    for result, count in tally.items():
        p = float(exact.line(result).probability)
        se = (p * (1 - p) / rounds) ** 0.5  # two boxes of one round share the banker: use rounds, not 2x
        assert abs(count / (2 * rounds) - p) < 4 * se, (result, count, p)


# --- the command line -----------------------------------------------------------------------------------------

def test_cli_analyze_walk_equals_fast_and_deal_narrates(capsys):
    args = ["analyze", "mini-bacara", "--preset", "uruguay", "--decks", "1", "--json"]
    assert cli.main(args + ["--method", "walk"]) == 0
    walk = json.loads(capsys.readouterr().out)
    assert cli.main(args + ["--method", "fast"]) == 0
    fast = json.loads(capsys.readouterr().out)
    walk["rules"].pop("method"), fast["rules"].pop("method")
    assert walk == fast and fast["insurance"]["exact"] == "16/51" and fast["rules"]["decks"] == 1
    assert cli.main(["deal", "mini-bacara", "--seed", "4", "--lang", "es"]) == 0
    assert "Casilla 1 recibe" in capsys.readouterr().out
    assert cli.main(["analyze", "mini-bacara", "--tie-pays", "8"]) == 2
