"""The bacarrá a dos paños on the one game model: rules from the sources, the coup, conduct, exact analysis.

The analysis (the totals model, cards dealt with replacement) is checked against the generic walk over the
coup (every preset), a seeded simulation with replacement, and changes of each drawing rule and conduct option.
"""

import json
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from naipes.core.cards import full_deck, parse_cards
from naipes.core.drive import analyze, play, walk_exact
from naipes.core.errors import IllegalActionError, RulesError, SpecError
from naipes.core.model import CHANCE, NoDecisions, ReaderDecides
from naipes.core.narration import narrate
from naipes.core.rng import SeededRandom
from naipes.core.shoe import Shoe
from naipes.games.baccarat.dos_panos import DOS_PANOS
from naipes.games.baccarat.dos_panos.analysis import analyze_coup, marginals
from naipes.games.baccarat.dos_panos.coup import CELLS, DosPanosConduct, DosPanosCoup, split_line_bet
from naipes.games.baccarat.dos_panos.solution import solve
from naipes.games.baccarat.kernel import BANKER_TABLE_004, DrawingRules, card_points, deck_counts

from source_documents import normalised, source_text

PRESETS = DOS_PANOS.presets
ONE_DECK = deck_counts(1)
EVERYONE = ReaderDecides(("pano1", "pano2", "banker"), NoDecisions())


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_citation_is_a_quote_of_its_source(name):
    for citation in PRESETS.get(name).citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


@pytest.mark.parametrize("units, halves", [(2, (1, 1)), (7, (4, 3)), (1, (1, 0)), (100, (50, 50))])
def test_line_bet_plays_half_on_each_pano_larger_half_first(units, halves):
    # "quan la meitat d’una aposta a cavall representa un número senar ... la fracció més forta juga al primer drap"
    assert split_line_bet(units) == halves


def test_stop_card_has_10_cards_below():
    assert "per sota d’aquesta carta en quedin 10" in source_text("002")
    assert PRESETS.get("cat-2016").stop_card.cards_below == 10


def test_punto_rules_follow_the_decree():
    # "Si la puntuació de les dos primeres cartes és de 0, 1, 2, 3 i 4, els jugadors han de demanar una tercera
    # carta; si l’esmentada puntuació és de 5 tenen llibertat per demanar carta o restar servits"
    assert "de 0, 1, 2, 3 i 4, els jugadors han de demanar una tercera carta" in source_text("002")
    drawing = PRESETS.get("cat-2016").drawing
    assert (drawing.player_must_draw_on, drawing.player_free_on) == (frozenset(range(5)), frozenset({5}))


def deal(cards, conduct=None, answers=(), rules=None):
    return play(DosPanosCoup(rules or PRESETS.get("cat-2016")), Shoe(parse_cards(cards)), conduct, answers=answers)


def test_deal_order_first_pano_second_pano_banker():
    coup = DosPanosCoup(PRESETS.get("cat-2016"))
    cards = parse_cards("As 2s 3s 4s 5s Ks")
    for card in cards:
        coup.apply(card)
    assert coup.hands["pano1"] == (cards[0], cards[3])
    assert coup.hands["pano2"] == (cards[1], cards[4])
    assert coup.hands["banker"] == (cards[2], cards[5])


def test_two_card_eight_beats_a_three_card_nine():
    # pano1 8 (natural), pano2 2, banker 4: pano2 draws, banker draws to 9
    record = deal("4s 2h 4d 4c Kh Kd 6s 5c", DOS_PANOS.conduct(PRESETS.get()))
    coup = record.coup
    assert coup.total("banker") == 9 and len(coup.hands["banker"]) == 3
    assert coup.results() == ("player", "banker")
    result = narrate(coup.events[-2], "en")
    assert result == ("First paño: 8 against the banker's 9, the paño wins (a two-card 8 or 9 beats a three-card "
                      "8 or 9; source 002; interpretation).")
    plain = replace(PRESETS.get(), natural_beats_three_cards=False)
    assert deal("4s 2h 4d 4c Kh Kd 6s 5c", DOS_PANOS.conduct(plain), rules=plain).coup.results() == ("banker", "banker")


def test_table_binds_only_where_it_says_the_same_for_both_panos():
    # banker 4: pano1 third 1 (table: stand), pano2 third 5 (table: draw): the engine's banker draws on 5 or less
    record = deal("Ks Kh 2d 2c 2h 2s As 5d 9c", DOS_PANOS.conduct(PRESETS.get()))
    lines = [narrate(e, "en") for e in record.coup.events]
    assert ("Banker has 4: draws (where the banker's table differs between the paños, the engine's banker draws on "
            "0 to 5 and stands otherwise; interpretation).") in lines
    split = deal("Ks Kh 2d 2c 2h 2s As 5d", DosPanosConduct(split_draws_on=frozenset()))
    assert split.coup.is_terminal() and len(split.coup.hands["banker"]) == 2
    agree = deal("Ks Kh 2d 2c 2h 2s 5s 5d 9c", DOS_PANOS.conduct(PRESETS.get()))
    assert ("Banker has 4: draws (the banker's table says the same for both paños: with 4 the banca draws; source "
            "004; interpretation).") in [narrate(e, "en") for e in agree.coup.events]
    free = deal("Ks Kh 2d 2c 2h 2s As 5d", EVERYONE)
    assert free.waiting == "banker" and free.coup.cell == (4, 1, 5)


def test_cagnotte_on_the_bankers_net_win_only():
    coup = deal("9s 2h 3d Ks 4c 4h", DOS_PANOS.conduct(PRESETS.get())).coup
    assert coup.results() == ("player", "banker")
    assert coup.settle(pano1=40, pano2=20)["cagnotte"] == 0  # net loss for the banker
    assert coup.settle(pano1=20, pano2=40)["cagnotte"] == 1  # net win 20, 5 %
    assert coup.returns({"pano1": 20, "pano2": 40}) == coup.settle(20, 40)
    with pytest.raises(SpecError):
        coup.returns({"tie": 5})


def test_decisions_follow_the_protocol():
    coup = DosPanosCoup(PRESETS.get())
    with pytest.raises(IllegalActionError):
        coup.apply("draw")
    for card in parse_cards("2s 3h 3d 3s 2c 3c"):  # paño 1 has 5, paño 2 has 5, banker 6
        coup.apply(card)
    assert coup.current_player() == "pano1" and coup.legal_actions() == ("draw", "stand")
    with pytest.raises(IllegalActionError):
        coup.apply(parse_cards("9c")[0])
    coup.apply("stand")
    assert coup.current_player() == "pano2"
    coup.apply("draw")
    assert coup.current_player() == CHANCE and coup.next_hand() == "pano2"
    coup.apply(parse_cards("Kc")[0])
    assert coup.current_player() == "banker" and coup.cell == (6, None, 0)
    with pytest.raises(IllegalActionError):
        coup.settle(10)


@given(seed=st.integers(0, 2**63 - 1), choice=st.sampled_from(["draw", "stand"]))
@settings(max_examples=60, deadline=None)
def test_random_coups_obey_the_rules(seed, choice):
    coup = play(DosPanosCoup(PRESETS.get()), Shoe.shuffled(6, seed), EVERYONE, answers=[choice] * 3).coup
    assert coup.is_terminal()
    b = [card_points(c) for c in coup.hands["banker"]]
    if sum(b[:2]) % 10 >= 8:
        assert all(len(h) == 2 for h in coup.hands.values())
    for pano in ("pano1", "pano2"):
        v = [card_points(c) for c in coup.hands[pano]]
        t = sum(v[:2]) % 10
        if sum(b[:2]) % 10 < 8 and t < 8:
            assert (len(v) == 3) == (t <= 4 or (t == 5 and choice == "draw"))


class Replaced(Shoe):
    """Cards drawn with replacement from one deck (the totals model)."""

    def __init__(self, rng):
        super().__init__(list(full_deck()))
        self.rng = rng

    def draw(self):
        return self._cards[self.rng.below(52)]


def test_exact_totals_analysis_against_a_simulation_with_replacement():
    rules = PRESETS.get("cat-2016")
    exact = analyze_coup(rules, ONE_DECK)
    rng, coups = SeededRandom(99), 20_000
    tally = {"player": 0, "banker": 0, "tie": 0}
    source, conduct = Replaced(rng), DOS_PANOS.conduct(rules)
    for _ in range(coups):
        tally[play(DosPanosCoup(rules), source, conduct).coup.results()[0]] += 1
    for outcome, count in tally.items():
        p = float(exact["pano1"][outcome])
        se = (p * (1 - p) / coups) ** 0.5
        assert abs(count / coups - p) < 4 * se, (outcome, count, p)
    assert exact["pano1"] == exact["pano2"]  # the two paños are exchangeable


# --- the exact analysis: the generic walk, and every rule and option ------------------------------------------

@pytest.mark.parametrize("name", list(PRESETS))
def test_walk_equals_fast_on_one_deck_for_every_preset(name):
    rules = PRESETS.get(name).with_options(decks=1)
    fast = analyze(DOS_PANOS, rules, method="fast")
    assert analyze(DOS_PANOS, rules, method="walk") == fast
    assert DOS_PANOS.analysis.replacement and fast.extra["model"] == "totals"


def _walked(rules, conduct, counts=ONE_DECK):
    return marginals(walk_exact(DosPanosCoup(rules), counts, conduct, replacement=True))


#: Six card values of the ten, drawn with replacement: every total and decision still comes up, and the walk is quick.
REDUCED = (4, 0, 4, 4, 0, 4, 4, 0, 4, 0)


def _drawing(**changes):
    return replace(PRESETS.get(), drawing=replace(PRESETS.get().drawing, **changes))


TABLE_6_DRAWS = DrawingRules("test", frozenset(range(6)), BANKER_TABLE_004[:6] + ("DDDDDDDDDD",) + BANKER_TABLE_004[7:],
                             frozenset(range(7)))
RULE_CHANGES = {
    "paños draw on 5": (_drawing(player_must_draw_on=frozenset(range(6)), player_free_on=frozenset()), None),
    "paños choose on 4 and 5": (_drawing(player_must_draw_on=frozenset(range(4)), player_free_on=frozenset({4, 5})),
                                None),
    "paños stand on 5": (_drawing(player_stands_on=frozenset({5, 6, 7}), player_free_on=frozenset()),
                         DosPanosConduct(panos="draw")),
    "banker must draw on 0 and 6": (_drawing(banker_must_draw_on=frozenset({0, 6})), None),
    "banker's table draws on 6": (_drawing(banker_table=TABLE_6_DRAWS), None),
    "the croupier advises a draw": (_drawing(advice="draw"), None),
    "a two-card 8 does not beat three cards": (replace(PRESETS.get(), natural_beats_three_cards=False), None),
}


@pytest.mark.parametrize("change", list(RULE_CHANGES))
def test_every_rule_changes_the_analysis_and_walk_still_equals_fast(change):
    changed, seen_by = RULE_CHANGES[change]
    seen_by = seen_by or DOS_PANOS.conduct(changed)
    assert analyze_coup(changed, REDUCED, seen_by) != analyze_coup(PRESETS.get(), REDUCED, seen_by)
    conduct = DOS_PANOS.conduct(changed)
    assert _walked(changed, conduct, REDUCED) == analyze_coup(changed, REDUCED, conduct)


def test_the_solvers_joint_mix_and_the_bankers_reply_walk_as_the_fast_analysis():
    rules = PRESETS.get()
    s = solve("totals", 6, rules)
    conduct = s.conduct()
    assert 0 < s.q[1] + s.q[3] < 1
    probabilities = analyze_coup(rules, ONE_DECK, conduct)
    assert _walked(rules, conduct) == probabilities
    assert sum(p["player"] - p["banker"] for p in probabilities.values()) / 2 == s.value


@pytest.mark.parametrize("conduct", [DosPanosConduct(panos="1/3"), DosPanosConduct(split_draws_on=frozenset({0})),
                                     DosPanosConduct(panos=(Fraction(1, 2), 0, 0, Fraction(1, 2)),
                                                     banker=dict.fromkeys(CELLS, Fraction(1, 4)))])
def test_every_conduct_option_walks_as_the_fast_analysis(conduct):
    rules = PRESETS.get()
    walked = _walked(rules, conduct, REDUCED)
    assert walked == analyze_coup(rules, REDUCED, conduct)
    assert walked != analyze_coup(rules, REDUCED)


def test_conduct_options_are_checked():
    with pytest.raises(RulesError):
        DosPanosConduct(panos=(1, 1, 0, 0))
    with pytest.raises(SpecError):
        DosPanosConduct(banker="croupier")
    with pytest.raises(SpecError):
        analyze_coup(PRESETS.get(), ONE_DECK, DosPanosConduct(banker="free"))


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


def test_cli_analyze_walk_equals_fast():
    runs = [json.loads(subprocess.run([sys.executable, "-m", "naipes", "analyze", "dos-panos", "--decks", "1",
                                       "--method", method, "--json"], capture_output=True, text=True,
                                      timeout=300).stdout) for method in ("walk", "fast")]
    walk, fast = ({k: v for k, v in r.items() if k != "rules"} for r in runs)
    assert walk == fast and fast["model"] == "totals"
