"""Chemin de fer on the one game model: rules from the sources, the coup's protocol, conduct, exact analysis.

The exact analysis is checked against the generic walk over the coup (every preset, one deck), against
a seeded simulation, and against changes of each drawing rule and conduct option.
"""

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from naipes.core.cards import full_deck, parse_cards
from naipes.core.drive import analyze, new_shoe, play, walk_exact
from naipes.core.errors import IllegalActionError, RulesError, SpecError
from naipes.core.model import CHANCE, TERMINAL, NoDecisions, ReaderDecides
from naipes.core.narration import narrate
from naipes.core.rng import SeededRandom
from naipes.core.shoe import Shoe
from naipes.games.baccarat.choices import DrawingChoices
from naipes.games.baccarat.chemin_de_fer import CHEMIN_DE_FER
from naipes.games.baccarat.chemin_de_fer.analysis import analyze_coup, report
from naipes.games.baccarat.chemin_de_fer.coup import CELLS, CheminDeFerConduct, CheminDeFerCoup, settle_stakes
from naipes.games.baccarat.chemin_de_fer.solution import solve
from naipes.games.baccarat.chemin_de_fer.table import CheminDeFerTable
from naipes.games.baccarat.kernel import BANKER_TABLE_004, DrawingRules, card_points, deck_counts

from source_documents import normalised, source_text

F = Fraction
PRESETS = CHEMIN_DE_FER.presets
ONE_DECK = deck_counts(1)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_citation_is_a_quote_of_its_source(name):
    for citation in PRESETS.get(name).citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_punto_rules_follow_the_catalogue():
    # "Cuando tiene 0, 1, 2, 3 o 4 ha de pedir carta, cuando tiene 5 puede optar y cuando tiene 6 o 7 ha de plantarse"
    assert "Cuando tiene 0, 1, 2, 3 o 4 ha de pedir carta, cuando tiene 5 puede optar" in source_text("000")
    drawing = PRESETS.get("catalogo-es").drawing
    assert drawing.player_must_draw_on == {0, 1, 2, 3, 4} and drawing.player_free_on == {5}
    assert drawing.player_stands_on == {6, 7} and drawing.banker_must_draw_on == {0}
    # "Si el jugador tiene puntuación de 5 y solicita consejo al crupier, éste le hará plantarse"
    assert drawing.advice == "stand"


def deal(cards, conduct=None, answers=(), rules=None):
    """A coup dealt from `cards` in order by the one driver."""
    rules = rules or PRESETS.get("cat-2016")
    record = play(CheminDeFerCoup(rules), Shoe(parse_cards(cards)), conduct, answers=answers)
    return record


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_on_the_table_follows_source_004_cell_by_cell(banker_table_from_source, total, third):
    ranks = "TA23456789"
    cards = f"2s Ts Kd {ranks[total] if total else 'T'}d {ranks[third]}h 9c"
    coup = deal(cards, CheminDeFerConduct()).coup
    draws = total == 0 or banker_table_from_source[total][third] == "D"
    assert len(coup.banker) == (3 if draws else 2)


def test_punto_with_5_chooses_and_the_banker_is_free_except_on_zero():
    record = deal("2s Kh 3d Qc 4h 9c", ReaderDecides(("player", "banker"), NoDecisions()))
    coup = record.coup
    assert record.waiting == "player" and coup.legal_actions() == ("draw", "stand")
    coup.apply("draw")
    coup.apply(parse_cards("4h")[0])
    assert coup.current_player() == CHANCE and len(coup.banker) == 2  # banker on 0: must draw, no decision
    assert coup.next_hand() == "banker"
    coup.apply(parse_cards("9c")[0])
    assert coup.is_terminal() and (coup.winner, coup.player_total, coup.banker_total) == ("tie", 9, 9)


def test_naturals_end_the_coup_and_ties_are_void():
    coup = deal("9s 8h Kd Kc").coup
    assert coup.winner == "player" and len(coup.player) == 2
    assert deal("6s 6h Kd Kc", ReaderDecides(("banker",), NoDecisions()), ["stand"]).coup.winner == "tie"
    assert settle_stakes("tie", {"a": 10}, F(1, 20)).players == {"a": 0}


def test_out_of_turn_steps_are_illegal_actions():
    coup = CheminDeFerCoup(PRESETS.get())
    with pytest.raises(IllegalActionError):
        coup.apply("draw")  # a card is due
    for card in parse_cards("2s 4h 3d Qc"):
        coup.apply(card)
    with pytest.raises(IllegalActionError):
        coup.apply(parse_cards("4h")[0])  # the punto must choose first
    with pytest.raises(IllegalActionError):
        coup.apply("fold")
    coup.apply("stand")
    coup.apply("stand")
    assert coup.current_player() == TERMINAL
    with pytest.raises(IllegalActionError):
        coup.apply("draw")
    with pytest.raises(IllegalActionError):
        CheminDeFerCoup().settle({"a": 1})


@given(seed=st.integers(0, 2**63 - 1), choices=st.lists(st.sampled_from(["draw", "stand"]), min_size=2, max_size=2))
@settings(max_examples=60, deadline=None)
def test_random_coups_obey_the_rules(seed, choices):
    rules = PRESETS.get("catalogo-es")
    record = play(CheminDeFerCoup(rules), Shoe.shuffled(6, seed), ReaderDecides(("player", "banker"), NoDecisions()),
                  answers=choices)
    coup = record.coup
    assert coup.is_terminal()
    p, b = [card_points(c) for c in coup.player], [card_points(c) for c in coup.banker]
    p2, b2 = sum(p[:2]) % 10, sum(b[:2]) % 10
    if p2 >= 8 or b2 >= 8:
        assert len(p) == len(b) == 2
    else:
        assert (len(p) == 3) == (p2 <= 4 or (p2 == 5 and choices[0] == "draw"))
        if b2 == 0:
            assert len(b) == 3
    pt, bt = sum(p) % 10, sum(b) % 10
    assert coup.winner == ("tie" if pt == bt else "player" if pt > bt else "banker")


def test_exact_analysis_against_a_seeded_simulation():
    rules = PRESETS.get("cat-2016")
    exact = analyze_coup(rules, deck_counts(6))  # the punto takes the croupier's advice, the banker his table
    cards = list(full_deck()) * 6
    rng, n, coups = SeededRandom(2024), len(cards), 30_000
    tally = {"player": 0, "banker": 0, "tie": 0}
    conduct = CHEMIN_DE_FER.conduct(rules)
    for _ in range(coups):
        for i in range(6):
            j = i + rng.below(n - i)
            cards[i], cards[j] = cards[j], cards[i]
        tally[play(CheminDeFerCoup(rules), Shoe(cards[:6]), conduct).coup.winner] += 1
    for outcome, count in tally.items():
        p = float(exact.probability(outcome))
        se = (p * (1 - p) / coups) ** 0.5
        assert abs(count / coups - p) < 4 * se, (outcome, count, p)


def test_cagnotte_is_5_percent_of_the_bankers_winnings():
    s = settle_stakes("banker", {"a": 60, "b": 40}, PRESETS.get("cat-2016").cagnotte)
    assert (s.banker_net, s.cagnotte) == (95, 5)
    coup = deal("2s 9h 3d Kc").coup
    assert coup.returns({"a": 60}) == {"a": -60}


# --- narration: the rule that applied, from the rules' fields ---------------------------------------------------

def test_narration_names_the_rules_of_the_preset():
    catalogue = PRESETS.get("catalogo-es")
    lines = [narrate(e, "es") for e in deal("2s 4h Kd Tc 3h 9c", CHEMIN_DE_FER.conduct(catalogue), rules=catalogue).coup.events]
    assert "El punto tiene 2: pide carta (el punto pide carta con 0 a 4; fuente 000)." in lines
    forced = replace(catalogue, drawing=replace(catalogue.drawing, player_must_draw_on=frozenset(range(6)),
                                                player_free_on=frozenset()))
    lines = [narrate(e, "en") for e in deal("2s 4h 3d Tc 3h 9c", CHEMIN_DE_FER.conduct(forced), rules=forced).coup.events]
    assert "Player has 5: draws (the punto draws on 0 to 5; source 000)." in lines
    decree = PRESETS.get("cat-2016")
    lines = [narrate(e, "en") for e in deal("2s 4h 3d Tc 9c", CHEMIN_DE_FER.conduct(decree)).coup.events]
    assert lines[4:6] == [
        "Player has 5 and may choose: card or no (the punto may choose on 5: card or no; source 000; interpretation).",
        "Player has 5: stands (a punto on 5 who asks the croupier's advice is told to stand; source 002)."]
    assert lines[6] == "Player stood and banker has 4: he may choose (the banker may draw or stand, except on 0; source 002)."


# --- the exact analysis: the generic walk, and every rule and option --------------------------------------------

@pytest.mark.parametrize("name", list(PRESETS))
def test_walk_equals_fast_on_one_deck_for_every_preset(name):
    rules = PRESETS.get(name).with_options(decks=1)
    assert analyze(CHEMIN_DE_FER, rules, method="walk") == analyze(CHEMIN_DE_FER, rules, method="fast")


SMALL = (4, 1, 1, 1, 1, 1, 1, 1, 1, 1)  # one suit: the walk is instant


def _walk_probabilities(rules, conduct, counts):
    return walk_exact(CheminDeFerCoup(rules), counts, conduct)


def _drawing(**changes):
    return replace(PRESETS.get(), drawing=replace(PRESETS.get().drawing, **changes))


TABLE_6_DRAWS = DrawingRules("test", frozenset(range(6)), BANKER_TABLE_004[:6] + ("DDDDDDDDDD",) + BANKER_TABLE_004[7:],
                             frozenset(range(7)))
RULE_CHANGES = {
    "punto draws on 5": _drawing(player_must_draw_on=frozenset(range(6)), player_free_on=frozenset()),
    "punto chooses on 4 and 5": _drawing(player_must_draw_on=frozenset(range(4)), player_free_on=frozenset({4, 5})),
    "punto stands on 5": _drawing(player_stands_on=frozenset({5, 6, 7}), player_free_on=frozenset()),
    "banker must draw on 0 and 6": _drawing(banker_must_draw_on=frozenset({0, 6})),
    "banker's table draws on 6": _drawing(banker_table=TABLE_6_DRAWS),
    "the croupier advises a draw": _drawing(advice="draw"),
}


@pytest.mark.parametrize("change", list(RULE_CHANGES))
def test_every_drawing_rule_changes_the_analysis_and_walk_still_equals_fast(change):
    base, changed = PRESETS.get(), RULE_CHANGES[change]
    # the punto who always stands on 5 plays as the croupier advises: compare with one who draws
    seen_by = CheminDeFerConduct(punto="draw") if change == "punto stands on 5" else CHEMIN_DE_FER.conduct(base)
    assert analyze_coup(changed, ONE_DECK, seen_by).probabilities != analyze_coup(base, ONE_DECK, seen_by).probabilities
    conduct = CHEMIN_DE_FER.conduct(changed)
    walked = _walk_probabilities(changed, conduct, SMALL)
    assert report(changed, walked, conduct) == report(changed, analyze_coup(changed, SMALL, conduct).probabilities,
                                                      conduct)


@pytest.mark.parametrize("conduct", [CheminDeFerConduct(punto="draw"), CheminDeFerConduct(punto="1/3"),
                                     CheminDeFerConduct(punto="stand", banker=dict.fromkeys(CELLS, F(1, 2)))])
def test_every_conduct_option_walks_as_the_fast_analysis(conduct):
    rules = PRESETS.get("cat-2016")
    walked = _walk_probabilities(rules, conduct, SMALL)
    assert walked == analyze_coup(rules, SMALL, conduct).probabilities
    assert walked != analyze_coup(rules, SMALL).probabilities


def test_the_solvers_mixed_strategies_walk_as_the_fast_analysis_on_one_deck():
    rules = PRESETS.get("catalogo-es").with_options(decks=1)
    conduct = solve("shoe", 1, 0, rules).conduct()
    assert 0 < conduct.punto < 1
    assert _walk_probabilities(rules, conduct, ONE_DECK) == analyze_coup(rules, ONE_DECK, conduct).probabilities


def test_conduct_options_are_checked():
    with pytest.raises(RulesError):
        CheminDeFerConduct(punto="sometimes")
    with pytest.raises(SpecError):
        CheminDeFerConduct(banker="croupier")
    with pytest.raises(SpecError):
        analyze_coup(PRESETS.get(), ONE_DECK, CheminDeFerConduct(banker="free"))
    with pytest.raises(RulesError):
        DrawingChoices(player_free_on=frozenset({4, 5}))


# --- the table procedure --------------------------------------------------------------------------------------

def test_bank_rotation_banco_and_auction():
    t = CheminDeFerTable(seats=6, minimum=10, rules=PRESETS.get("cat-2016"))
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
        CheminDeFerTable(seats=3, minimum=10)


def test_bank_maximum_is_100_times_the_minimum_and_the_excess_goes_to_the_garage():
    t = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS.get("catalogo-es"))
    t.open_bank(1500)
    assert (t.bank, t.garage) == (1000, 500)


# --- the command line -------------------------------------------------------------------------------------------

NAIPES = [sys.executable, "-m", "naipes"]


def run(*args):
    return subprocess.run(NAIPES + list(args), capture_output=True, text=True, timeout=120)


def test_cli_solve_json_reports_the_kemeny_snell_mix():
    result = run("solve", "chemin-de-fer", "--model", "totals", "--json")
    assert result.returncode == 0, result.stderr
    report_ = json.loads(result.stdout)
    assert report_["exact"]["draw_at_5"] == "9/11" and report_["draw_at_5"] == pytest.approx(9 / 11)
    assert round(report_["value"], 4) == -0.0128
    assert len(report_["banker"]) == 88
    shoe = json.loads(run("solve", "chemin-de-fer", "--model", "shoe", "--decks", "6", "--json").stdout)
    assert shoe["decks"] == 6 and 0.8 < shoe["draw_at_5"] < 0.83


def test_cli_deal_analyze_and_errors():
    deal_ = run("deal", "chemin-de-fer", "--seed", "5", "--lang", "en")
    assert deal_.returncode == 0 and "Player receives" in deal_.stdout
    report_ = json.loads(run("analyze", "chemin-de-fer", "--json").stdout)
    assert set(report_["player"]) >= {"probability", "house_edge", "exact"}
    assert sum(Fraction(report_[k]["exact"]) for k in ("player", "banker", "tie")) == 1
    walk = json.loads(run("analyze", "chemin-de-fer", "--decks", "1", "--method", "walk", "--json").stdout)
    fast = json.loads(run("analyze", "chemin-de-fer", "--decks", "1", "--method", "fast", "--json").stdout)
    assert {k: v for k, v in walk.items() if k != "rules"} == {k: v for k, v in fast.items() if k != "rules"}
    for bad in (["solve", "chemin-de-fer", "--model", "nope"], ["deal", "chemin-de-fer", "--decks", "x"],
                ["analyze", "chemin-de-fer", "--preset", "vegas"], ["solve", "blackjack"],
                ["analyze", "chemin-de-fer", "--tie-pays", "8"]):
        result = run(*bad)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_shoe_is_dealt_to_the_stop_card_by_the_driver():
    from naipes.core.drive import play_shoe

    rules = PRESETS.get()
    record = play_shoe(CHEMIN_DE_FER, rules, 7)
    assert record.stop_card_out and 50 < len(record.coups) < 80
    assert all(r.coup.is_terminal() for r in record.coups)
    shoe = new_shoe(rules, CHEMIN_DE_FER.deck, 7)
    assert shoe.remaining == 312
