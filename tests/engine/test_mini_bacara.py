import json
import subprocess
import sys
from fractions import Fraction

import pytest

from naipes import mini_bacara as mb
from naipes import mini_punto_banca as mpb
from naipes.cards import full_deck, parse_cards
from naipes.errors import RulesError
from naipes.rng import SeededRandom

from source_documents import normalised, source_text


@pytest.mark.parametrize("rules", list(mb.PRESETS.values()) + list(mpb.MINI_PRESETS.values())
                         + list(mpb.MIDI_PRESETS.values()), ids=lambda r: r.name)
def test_every_citation_is_a_quote_of_its_source(rules):
    for citation in rules.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_uruguay_values_from_the_source():
    text = source_text("003")
    assert "cuatro mazos" in text and "cinco apostadores sentados" in text and "noventa por ciento" in text
    rules = mb.PRESETS["uruguay"]
    assert (rules.decks, rules.boxes, rules.banker_pays, rules.insurance_max_share) == (4, 5, Fraction(9, 10),
                                                                                      Fraction(1, 2))


def test_mini_and_midi_seats():
    assert mpb.preset("mini-punto-banca", "clasificador-bo-cl-mini").seats == 7
    assert mpb.preset("midi-punto-banca", "clasificador-bo-cl-midi").seats == 9
    assert all(r.dealer == "croupier" for r in list(mpb.MINI_PRESETS.values()) + list(mpb.MIDI_PRESETS.values()))


def _play(cards, boxes, choices=()):
    coup = mb.MiniBacaraCoup(mb.PRESETS["uruguay"], boxes=boxes)
    cards, choices = list(parse_cards(cards)), list(choices)
    while not coup.is_terminal():
        if coup.pending is not None:
            coup.choose(choices.pop(0))
        else:
            coup.deal(cards.pop(0))
    return coup


def test_dealing_order_box_cards_then_hole_card_then_second_cards():
    coup = mb.MiniBacaraCoup(mb.PRESETS["uruguay"], boxes=3)
    order = []
    for card in parse_cards("2s 3s 4s 5h 6s 7s 8s"):
        order.append(coup.next_target())
        coup.deal(card)
    assert order == ["box1", "box2", "box3", "banker", "box1", "box2", "box3"]


def test_five_chooses_before_the_bankers_second_card():
    coup = mb.MiniBacaraCoup(mb.PRESETS["uruguay"], boxes=1)
    for card in parse_cards("2s 6h 3d"):
        coup.deal(card)
    assert coup.pending == mb.Decision("box1", 5) and len(coup.banker) == 1
    coup.choose(False)
    assert coup.next_target() == "banker"


def test_rule_e_settles_boxes_needing_no_third_banker_card_first():
    # banker 3+Kd = 3; box1 4+Kh draws an 8 (table: stand), box2 2+Ks draws a 2 (table: draw), banker draws 5
    coup = _play("4c 2c 3h Kh Ks Kd 8s 2d 5c", boxes=2)
    kinds = [(e.params["box"], e.params["how"]) for e in coup.events if e.kind == "mb-result"]
    assert kinds == [(1, "stands"), (2, "third")]
    assert coup.results() == ("banker", "banker")
    assert [e.params["banker"] for e in coup.events if e.kind == "mb-result"] == [3, 8]


def test_draw_for_all_variant_compares_every_box_with_three_cards():
    rules = mb.MiniBacaraRules(mixed_banker=mb.DRAW_FOR_ALL)
    coup = mb.MiniBacaraCoup(rules, boxes=2)
    for card in parse_cards("4c 2c 3h Kh Ks Kd 8s 2d 5c"):
        coup.deal(card)
    assert len(coup.banker) == 3
    assert [e.params["banker"] for e in coup.events if e.kind == "mb-result"] == [8, 8]


def test_encart_when_both_hold_six_or_seven():
    coup = _play("6c 6h Kd Kh", boxes=1)
    assert [e.params["how"] for e in coup.events if e.kind == "mb-result"] == ["encart"]
    assert coup.results() == ("tie",)


def test_banca_paid_90_percent_and_insurance_double():
    coup = _play("4s 9h 3d Kc", boxes=1)  # box 7 stands, banker 9 natural
    assert coup.settle(1, player=10, banker=10, insurance=5) == {
        "player": -10, "banker": 9, "insurance": 10}
    with pytest.raises(RulesError):
        coup.settle(1, player=10, insurance=6)  # more than half the Punto bet
    plain = _play("4s 2h 3d Kc 5c", boxes=1)
    with pytest.raises(RulesError):
        plain.settle(1, player=10, insurance=5)  # no nine, no insurance


def test_insurance_probability_is_a_ten_valued_card_after_the_nine():
    # 4 decks: 64 cards worth 0 among the 207 left after the banker's nine
    assert mb.analyze_box(mb.PRESETS["uruguay"]).insurance_probability == Fraction(64, 207)
    assert mb.analyze_box(mb.PRESETS["uruguay"]).house_edge("insurance") == 1 - 3 * Fraction(64, 207)


def test_exact_box_analysis_against_a_simulation_of_full_tables():
    rules = mb.PRESETS["uruguay"]
    exact = mb.analyze_box(rules)  # boxes draw on 5, as in Punto y Banca
    cards = list(full_deck()) * rules.decks
    rng, n, rounds = SeededRandom(7), len(cards), 25_000
    tally = {"player": 0, "banker": 0, "tie": 0}
    for _ in range(rounds):
        for i in range(18):
            j = i + rng.below(n - i)
            cards[i], cards[j] = cards[j], cards[i]
        coup = mb.MiniBacaraCoup(rules)
        k = 0
        while not coup.is_terminal():
            if coup.pending is not None:
                coup.choose(True)
            else:
                coup.deal(cards[k])
                k += 1
        for result in (coup.results()[0], coup.results()[4]):
            tally[result] += 1
    total = 2 * rounds
    for outcome, count in tally.items():
        p = float(exact.probability(outcome))
        se = (p * (1 - p) / rounds) ** 0.5  # two boxes of one round share the banker: use rounds, not 2x
        assert abs(count / total - p) < 4 * se, (outcome, count, p)


def test_cli_paths():
    run = lambda *a: subprocess.run([sys.executable, "-m", "naipes", *a], capture_output=True, text=True,
                                    timeout=120)
    report = json.loads(run("analyze", "mini-bacara", "--json").stdout)
    assert set(report["banker"]) >= {"probability", "house_edge", "exact"}
    assert report["rules"]["decks"] == 4
    assert run("deal", "mini-bacara", "--seed", "4", "--lang", "en").returncode == 0
    mini = json.loads(run("analyze", "mini-punto-banca", "--json").stdout)
    assert mini["rules"]["preset"] == "catalogo-es-mini"
    midi = json.loads(run("analyze", "midi-punto-banca", "--preset", "clasificador-bo-cl-midi", "--json").stdout)
    assert midi["rules"]["decks"] == 8
    bad = run("analyze", "mini-punto-banca", "--preset", "cat-2016-midi")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
