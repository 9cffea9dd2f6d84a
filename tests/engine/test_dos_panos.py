import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from naipes import dos_panos as dp
from naipes.cards import full_deck, parse_cards
from naipes.rng import SeededRandom
from naipes.shoe import Shoe

from source_documents import normalised, source_text


@pytest.mark.parametrize("name", sorted(dp.PRESETS))
def test_every_citation_is_a_quote_of_its_source(name):
    for citation in dp.PRESETS[name].citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


@pytest.mark.parametrize("units, halves", [(2, (1, 1)), (7, (4, 3)), (1, (1, 0)), (100, (50, 50))])
def test_line_bet_plays_half_on_each_pano_larger_half_first(units, halves):
    # "quan la meitat d’una aposta a cavall representa un número senar ... la fracció més forta juga al primer drap"
    assert dp.split_line_bet(units) == halves


def test_stop_card_has_10_cards_below():
    assert "per sota d’aquesta carta en quedin 10" in source_text("002")
    assert dp.PRESETS["cat-2016"].stop_card.cards_below == 10


def test_deal_order_first_pano_second_pano_banker():
    coup = dp.DosPanosCoup(dp.PRESETS["cat-2016"])
    cards = parse_cards("As 2s 3s 4s 5s Ks")
    for card in cards:
        coup.deal(card)
    assert coup.hands["pano1"] == [cards[0], cards[3]]
    assert coup.hands["pano2"] == [cards[1], cards[4]]
    assert coup.hands["banker"] == [cards[2], cards[5]]


def test_two_card_eight_beats_a_three_card_nine():
    # pano1 8 (natural), pano2 2, banker 4: pano2 draws, banker draws to 9
    coup = dp.DosPanosCoup(dp.PRESETS["cat-2016"], banker_mode="table")
    for card in parse_cards("4s 2h 4d 4c Kh Kd 6s 5c"):
        coup.deal(card)
    assert coup.total("banker") == 9 and len(coup.hands["banker"]) == 3
    assert coup.results() == ("player", "banker")


def test_table_binds_only_where_it_says_the_same_for_both_panos():
    # banker 4: pano1 third 1 (table: stand), pano2 third 5 (table: draw) -> the banker chooses
    coup = dp.DosPanosCoup(dp.PRESETS["cat-2016"], banker_mode="table")
    for card in parse_cards("Ks Kh 2d 2c 2h 2s As 5d"):
        coup.deal(card)
    assert coup.pending == dp.Decision("banker", 4)
    coup2 = dp.DosPanosCoup(dp.PRESETS["cat-2016"], banker_mode="table")
    for card in parse_cards("Ks Kh 2d 2c 2h 2s 5s 5d"):
        coup2.deal(card)
    assert coup2.pending is None and coup2.next_hand() == "banker"


def test_cagnotte_on_the_bankers_net_win_only():
    coup = dp.DosPanosCoup(dp.PRESETS["cat-2016"], banker_mode="table")
    for card in parse_cards("9s 2h 3d Ks 4c 4h"):
        coup.deal(card)
    assert coup.results() == ("player", "banker")
    assert coup.settle(pano1=40, pano2=20)["cagnotte"] == 0  # net loss for the banker
    assert coup.settle(pano1=20, pano2=40)["cagnotte"] == 1  # net win 20, 5 %


@given(seed=st.integers(0, 2**63 - 1), choice=st.booleans())
@settings(max_examples=60, deadline=None)
def test_random_coups_obey_the_rules(seed, choice):
    shoe = Shoe.shuffled(6, seed)
    coup = dp.DosPanosCoup(dp.PRESETS["cat-2016"])
    while not coup.is_terminal():
        if coup.pending is not None:
            coup.choose(choice)
        else:
            coup.deal(shoe.draw())
    b = [c.baccarat_value for c in coup.hands["banker"]]
    if sum(b[:2]) % 10 >= 8:
        assert all(len(h) == 2 for h in coup.hands.values())
    for pano in ("pano1", "pano2"):
        v = [c.baccarat_value for c in coup.hands[pano]]
        t = sum(v[:2]) % 10
        if sum(b[:2]) % 10 < 8 and t < 8:
            assert (len(v) == 3) == (t <= 4 or (t == 5 and choice))


def test_exact_totals_analysis_against_a_simulation_with_replacement():
    rules = dp.PRESETS["cat-2016"]
    exact = dp.analyze_coup(rules, model="totals")
    deck = list(full_deck())
    rng, coups = SeededRandom(99), 60_000
    tally = {"player": 0, "banker": 0, "tie": 0}

    class Replaced:
        def draw(self):
            return deck[rng.below(52)]

    source = Replaced()
    for _ in range(coups):
        coup = dp.DosPanosCoup(rules, banker_mode="table")
        while not coup.is_terminal():
            if coup.pending is not None:
                coup.choose(coup.pending.who == "banker")  # split table: draw (the strategy analysed)
            else:
                coup.deal(source.draw())
        tally[coup.results()[0]] += 1
    for outcome, count in tally.items():
        p = float(exact["pano1"][outcome])
        se = (p * (1 - p) / coups) ** 0.5
        assert abs(count / coups - p) < 4 * se, (outcome, count, p)
    assert exact["pano1"] == exact["pano2"]  # the two paños are exchangeable


def test_cli_solve_dos_panos_json():
    result = subprocess.run([sys.executable, "-m", "naipes", "solve", "dos-panos", "--json"],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert Fraction(report["exact"]["draw_at_5"]) == Fraction(report["draw_at_5"]).limit_denominator(10**6)
    assert 0 < report["draw_at_5"] < 1 and report["value"] < 0
    assert sum(Fraction(x) for x in report["joint"].values()) == 1
    bad = subprocess.run([sys.executable, "-m", "naipes", "solve", "dos-panos", "--commission", "0.05"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
