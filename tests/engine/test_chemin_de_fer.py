import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from naipes import chemin_de_fer as cdf
from naipes.cards import full_deck, parse_cards
from naipes.errors import RulesError
from naipes.rng import SeededRandom
from naipes.shoe import Shoe

from source_documents import normalised, source_text

F = Fraction


@pytest.mark.parametrize("name", sorted(cdf.PRESETS))
def test_every_citation_is_a_quote_of_its_source(name):
    for citation in cdf.PRESETS[name].citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_punto_rules_follow_the_catalogue():
    # "Cuando tiene 0, 1, 2, 3 o 4 ha de pedir carta, cuando tiene 5 puede optar y cuando tiene 6 o 7 ha de plantarse"
    assert "Cuando tiene 0, 1, 2, 3 o 4 ha de pedir carta, cuando tiene 5 puede optar" in source_text("000")
    rules = cdf.PRESETS["catalogo-es"]
    assert rules.player_must_draw_on == {0, 1, 2, 3, 4} and rules.player_free_on == {5}
    assert rules.player_stands_on == {6, 7} and rules.banker_must_draw_on == {0}


def _coup(cards, mode=cdf.FREE, choices=()):
    coup = cdf.CheminDeFerCoup(cdf.PRESETS["cat-2016"], banker_mode=mode)
    cards, choices = list(parse_cards(cards)), list(choices)
    while not coup.is_terminal():
        if coup.pending is not None:
            coup.choose(choices.pop(0))
        else:
            coup.deal(cards.pop(0))
    return coup


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_on_the_table_follows_source_004_cell_by_cell(banker_table_from_source, total, third):
    # punto 0+Ks... choose the punto's two cards to total 2 (draws), third card 'third', banker total 'total'
    ranks = "TA23456789"
    banker_second = ranks[total] if total else "T"
    cards = f"2s Ts Kd {banker_second}d {ranks[third]}h 9c"
    coup = _coup(cards, mode=cdf.TABLE)
    draws = total == 0 or banker_table_from_source[total][third] == "D"
    assert len(coup.banker) == (3 if draws else 2)


def test_punto_with_5_chooses_and_the_banker_is_free_except_on_zero():
    coup = cdf.CheminDeFerCoup(cdf.PRESETS["catalogo-es"])
    for card in parse_cards("2s Kh 3d Qc"):
        coup.deal(card)
    assert coup.pending == cdf.Decision("player", 5)
    coup.choose(True)
    coup.deal(parse_cards("4h")[0])
    assert coup.pending is None and len(coup.banker) == 2  # banker on 0: must draw, no decision
    assert coup.next_hand() == "banker"


def test_naturals_end_the_coup_and_ties_are_void():
    coup = _coup("9s 8h Kd Kc")
    assert coup.winner == "player" and len(coup.player) == 2
    assert _coup("6s 6h Kd Kc", choices=[False]).winner == "tie"
    assert cdf.settle_stakes("tie", {"a": 10}, F(1, 20)).players == {"a": 0}


@given(seed=st.integers(0, 2**63 - 1), choices=st.lists(st.booleans(), min_size=2, max_size=2))
@settings(max_examples=60, deadline=None)
def test_random_coups_obey_the_rules(seed, choices):
    shoe = Shoe.shuffled(6, seed)
    coup = cdf.CheminDeFerCoup(cdf.PRESETS["catalogo-es"])
    decisions = list(choices)
    while not coup.is_terminal():
        if coup.pending is not None:
            coup.choose(decisions.pop(0))
        else:
            coup.deal(shoe.draw())
    p = [c.baccarat_value for c in coup.player]
    b = [c.baccarat_value for c in coup.banker]
    p2, b2 = sum(p[:2]) % 10, sum(b[:2]) % 10
    if p2 >= 8 or b2 >= 8:
        assert len(p) == len(b) == 2
    else:
        assert (len(p) == 3) == (p2 <= 4 or (p2 == 5 and choices[0]))
        if b2 == 0:
            assert len(b) == 3
    pt, bt = sum(p) % 10, sum(b) % 10
    assert coup.winner == ("tie" if pt == bt else "player" if pt > bt else "banker")


def test_exact_analysis_against_a_seeded_simulation():
    rules = cdf.PRESETS["cat-2016"]
    exact = cdf.analyze_coup(rules)  # punto stands on 5 (advice), banker on the table
    cards = list(full_deck()) * 6
    rng, n, coups = SeededRandom(2024), len(cards), 100_000
    tally = {"player": 0, "banker": 0, "tie": 0}
    for _ in range(coups):
        for i in range(6):
            j = i + rng.below(n - i)
            cards[i], cards[j] = cards[j], cards[i]
        coup = cdf.CheminDeFerCoup(rules, banker_mode=cdf.TABLE)
        k = 0
        while not coup.is_terminal():
            if coup.pending is not None:
                coup.choose(False)
            else:
                coup.deal(cards[k])
                k += 1
        tally[coup.winner] += 1
    for outcome, count in tally.items():
        p = float(exact.probability(outcome))
        se = (p * (1 - p) / coups) ** 0.5
        assert abs(count / coups - p) < 4 * se, (outcome, count, p)


def test_cagnotte_is_5_percent_of_the_bankers_winnings():
    s = cdf.settle_stakes("banker", {"a": 60, "b": 40}, cdf.PRESETS["cat-2016"].cagnotte)
    assert (s.banker_net, s.cagnotte) == (95, 5)


def test_bank_rotation_banco_and_auction():
    t = cdf.CheminDeFerTable(seats=6, minimum=10, rules=cdf.PRESETS["cat-2016"])
    t.open_bank(100)
    assert t.stake({3: 30, 4: 50, 5: 20}) == 4  # the highest stake holds the cards
    t.settle("banker")
    assert (t.banker, t.bank, t.cagnotte) == (1, F(195), F(5))
    assert t.stake({2: 195}, call="banco", caller=2) == 2
    t.settle("banker")
    assert t.banco_seguido == 2 and t.bank == F(195) + F(195) * F(19, 20)
    assert t.stake({2: 10, 6: 100}) == 2  # banco seguido keeps priority
    t.settle("player")
    assert (t.banker, t.bank) == (2, None)  # the bank passes to the next seat
    t.open_bank(50)
    assert t.stake({4: 25}, call="banco-con-la-mesa", caller=4) == 4
    t.settle("tie")
    assert (t.banker, t.bank) == (2, F(50))
    assert t.pass_hand(bids={1: 80, 2: 500, 5: 80}) == 1  # the passing banker may not bid; seat order on ties
    with pytest.raises(RulesError):
        t.stake({3: 10_000})
    with pytest.raises(RulesError):
        cdf.CheminDeFerTable(seats=3, minimum=10)


def test_bank_maximum_is_100_times_the_minimum_and_the_excess_goes_to_the_garage():
    t = cdf.CheminDeFerTable(seats=5, minimum=10, rules=cdf.PRESETS["catalogo-es"])
    t.open_bank(1500)
    assert (t.bank, t.garage) == (1000, 500)


NAIPES = [sys.executable, "-m", "naipes"]


def run(*args):
    return subprocess.run(NAIPES + list(args), capture_output=True, text=True, timeout=120)


def test_cli_solve_json_reports_the_kemeny_snell_mix():
    result = run("solve", "chemin-de-fer", "--model", "totals", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["exact"]["draw_at_5"] == "9/11" and report["draw_at_5"] == pytest.approx(9 / 11)
    assert round(report["value"], 4) == -0.0128
    assert len(report["banker"]) == 88
    shoe = json.loads(run("solve", "chemin-de-fer", "--model", "shoe", "--decks", "6", "--json").stdout)
    assert shoe["decks"] == 6 and 0.8 < shoe["draw_at_5"] < 0.83


def test_cli_deal_analyze_and_errors():
    deal = run("deal", "chemin-de-fer", "--seed", "5", "--lang", "en")
    assert deal.returncode == 0 and "Player receives" in deal.stdout
    report = json.loads(run("analyze", "chemin-de-fer", "--json").stdout)
    assert set(report["player"]) >= {"probability", "house_edge", "exact"}
    assert Fraction(report["player"]["exact"]) + Fraction(report["banker"]["exact"]) + \
        Fraction(report["tie"]["exact"]) == 1
    for bad in (["solve", "chemin-de-fer", "--model", "nope"], ["deal", "chemin-de-fer", "--decks", "x"],
                ["analyze", "chemin-de-fer", "--preset", "vegas"], ["solve", "blackjack"]):
        result = run(*bad)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
