"""Exact analysis against published values, an independent brute force, and a simulation."""

from dataclasses import replace
from math import sqrt

import pytest

from naipes.core.cards import full_deck, parse_cards
from naipes.core.drive import analyze as analyze_game, play, walk_exact
from naipes.core.errors import CardError
from naipes.core.rng import SeededRandom
from naipes.core.shoe import Shoe
from naipes.games.baccarat.kernel import DrawingRules, counts_without, deck_counts
from naipes.games.baccarat.punto_banca import MIDI_PUNTO_BANCA, MINI_PUNTO_BANCA, PUNTO_BANCA
from naipes.games.baccarat.punto_banca.analysis import analyze
from naipes.games.baccarat.punto_banca.coup import PuntoBancaCoup, no_decisions

GAMES = (PUNTO_BANCA, MINI_PUNTO_BANCA, MIDI_PUNTO_BANCA)
PRESETS = {name: rules for game in GAMES for name, rules in game.presets.items()}

# Published exact counts of the 6-card permutations won by Banker / Player / Tie
# (casinoexploit.com, "Baccarat", tables "Probabilities in 8-/6-/4-deck Baccarat";
# the 8-deck counts also in the Wizard of Odds forum thread "Baccarat Probability Question", 2014).
PUBLISHED_COUNTS = {
    8: (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216),
    6: (403_095_751_234_560, 392_220_492_728_832, 83_552_962_932_288),
    4: (34_543_624_867_840, 33_608_344_225_792, None),
}
# Published probabilities and house edges (Thorp, "The Mathematics of Gambling", as tabulated at
# multiplayerbaccarat.com/odds.html): banker, player, tie; edges banker 5 %, player, tie 8:1, tie 9:1.
PUBLISHED_THORP = {
    6: ((0.458653, 0.446279, 0.095069), (0.010558, 0.012374, 0.144382, 0.049313)),
    8: ((0.458597, 0.446247, 0.095156), (0.010579, 0.012351, 0.143596, 0.048440)),
}
# Published probabilities for 1 and 4 decks, four significant digits
# (baccaratrules.net, "How the Number of Decks Changes the Odds").
PUBLISHED_FOUR_DIGITS = {1: (0.4596, 0.4468, 0.0936), 4: (0.4588, 0.4463, 0.0949)}


def significant(x: float, digits: int = 6) -> str:
    return f"{x:.{digits - 1}e}"


@pytest.mark.parametrize("decks", sorted(PUBLISHED_COUNTS))
def test_exact_counts_equal_the_published_ones(decks):
    result = analyze(deck_counts(decks))
    banker, player, tie = PUBLISHED_COUNTS[decks]
    assert result.total == _falling(52 * decks, 6)
    assert result.banker == banker and result.player == player
    if tie is not None:
        assert result.tie == tie
    assert result.banker + result.player + result.tie == result.total


@pytest.mark.parametrize("decks", sorted(PUBLISHED_THORP))
def test_probabilities_and_house_edges_match_thorp_to_six_digits(decks):
    result = analyze(deck_counts(decks))
    (pb, pp, pt), (eb, ep, et8, et9) = PUBLISHED_THORP[decks]
    rules = PRESETS["hoja-baccarat"].with_options(decks=decks)
    report = analyze_game(PUNTO_BANCA, rules)
    assert round(float(report.line("banker").house_edge), 6) == eb
    assert significant(float(result.probability("banker"))) == significant(pb)
    assert significant(float(result.probability("player"))) == significant(pp)
    assert significant(float(result.probability("tie")), 5) == significant(pt, 5)
    assert round(float(result.house_edge("banker", rules)), 6) == eb
    assert round(float(result.house_edge("player", rules)), 6) == ep
    assert round(float(result.house_edge("tie", rules)), 6) == et8
    assert round(float(result.house_edge("tie", rules.with_options(tie_pays=9))), 6) == et9


@pytest.mark.parametrize("decks", sorted(PUBLISHED_FOUR_DIGITS))
def test_one_and_four_decks_match_the_published_four_digits(decks):
    result = analyze(deck_counts(decks))
    for bet, published in zip(("banker", "player", "tie"), PUBLISHED_FOUR_DIGITS[decks]):
        assert round(float(result.probability(bet)), 4) == published


def _falling(n, k):
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _brute_force(counts):
    """Independent enumeration written from the rules text, card slot by card slot (not the engine's code)."""
    table = {7: "SSSSSSSSSS", 6: "SSSSSSDDSS", 5: "SSSSDDDDSS", 4: "SSDDDDDDSS",
             3: "DDDDDDDDSD", 2: "DDDDDDDDDD", 1: "DDDDDDDDDD", 0: "DDDDDDDDDD"}
    n = sum(counts)
    tally = {"banker": 0, "player": 0, "tie": 0}
    c = list(counts)

    def draw():
        for v in range(10):
            if c[v]:
                w = c[v]
                c[v] -= 1
                yield v, w
                c[v] += 1

    for p1, w1 in draw():
        for b1, w2 in draw():
            for p2, w3 in draw():
                for b2, w4 in draw():
                    w = w1 * w2 * w3 * w4
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    outcomes = []
                    if pt >= 8 or bt >= 8:
                        outcomes.append((pt, bt, w * (n - 4) * (n - 5)))
                    elif pt >= 6:
                        if bt <= 5:
                            for z, wz in draw():
                                outcomes.append((pt, (bt + z) % 10, w * wz * (n - 5)))
                        else:
                            outcomes.append((pt, bt, w * (n - 4) * (n - 5)))
                    else:
                        for x, wx in draw():
                            if table[bt][x] == "D":
                                for z, wz in draw():
                                    outcomes.append(((pt + x) % 10, (bt + z) % 10, w * wx * wz))
                            else:
                                outcomes.append(((pt + x) % 10, bt, w * wx * (n - 5)))
                    for fp, fb, weight in outcomes:
                        tally["tie" if fp == fb else "player" if fp > fb else "banker"] += weight
    return tally


@pytest.mark.parametrize("decks", [1, 2])
def test_one_and_two_decks_agree_with_an_independent_brute_force(decks):
    result = analyze(deck_counts(decks))
    expected = _brute_force(deck_counts(decks))
    assert (result.banker, result.player, result.tie) == (expected["banker"], expected["player"], expected["tie"])


def test_a_depleted_shoe_agrees_with_the_brute_force_and_the_generic_walk():
    counts = counts_without(deck_counts(1), parse_cards("9s 9h 9d 8c 8s Kd Qd As"))
    result = analyze(counts)
    expected = _brute_force(counts)
    assert (result.banker, result.player, result.tie) == (expected["banker"], expected["player"], expected["tie"])
    rules = PRESETS["cat-2016"]
    assert walk_exact(PuntoBancaCoup(rules), counts, no_decisions(rules)) == result.distribution()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_generic_walk_equals_the_fast_analysis_for_every_preset_on_one_deck(name):
    game = next(g for g in GAMES if name in g.presets)
    rules = PRESETS[name].with_options(decks=1)
    assert analyze_game(game, rules, method="walk") == analyze_game(game, rules, method="fast")


def _with_drawing(rules, **changes):
    drawing = rules.drawing
    return replace(rules, drawing=DrawingRules("changed", **{
        "player_draws_on": drawing.player_draws_on, "banker_table": drawing.banker_table,
        "banker_draws_when_player_stood": drawing.banker_draws_when_player_stood, **changes}))


@pytest.mark.parametrize("change", [
    {"player_draws_on": frozenset(range(5))},                       # the punto stands on 5
    {"banker_draws_when_player_stood": frozenset(range(5))},        # the banca stands on 5 when the punto stood
    {"banker_table": ("DDDDDDDDDD",) * 3 + ("DDDDDDDDDD",) + ("SSDDDDDDSS", "SSSSDDDDSS", "SSSSSSDDSS",
                                                                  "SSSSSSSSSS")},  # 3 draws on an 8 too
])
def test_changing_a_drawing_rule_changes_the_analysis_and_the_walk_follows(change):
    rules = PRESETS["cat-2016"].with_options(decks=1)
    changed = _with_drawing(rules, **change)
    fast = analyze_game(PUNTO_BANCA, changed)
    assert fast != analyze_game(PUNTO_BANCA, rules)
    assert analyze_game(PUNTO_BANCA, changed, method="walk") == fast


def test_removing_a_card_the_shoe_lacks_names_it():
    counts = counts_without(deck_counts(1), parse_cards("As Ah Ad Ac"))
    with pytest.raises(CardError, match="As"):
        counts_without(counts, parse_cards("As"))


def test_cells_naturals_and_totals_are_consistent():
    result = analyze(deck_counts(8))
    assert sum(map(sum, result.final_totals)) == result.total
    # a coup either ends on a natural or reaches exactly one cell of the banca's table
    assert result.naturals + sum(result.cells.values()) == result.total
    # the punto stands on 6-7 with 2 cards; the banca's total 7 never draws, so cells (7, x) are reached
    # only after the punto drew
    assert result.cells[(7, None)] > 0


def simulate(rules, coups, seed):
    """Coups dealt by the driver, each from the six cards a partial shuffle of a full shoe puts on top."""
    cards = list(full_deck()) * rules.decks
    rng = SeededRandom(seed)
    tally = {"banker": 0, "player": 0, "tie": 0}
    for _ in range(coups):
        for i in range(6):
            j = i + rng.below(len(cards) - i)
            cards[i], cards[j] = cards[j], cards[i]
        tally[play(PuntoBancaCoup(rules), Shoe(cards[:6])).coup.winner] += 1
    return tally


def test_simulation_of_40000_coups_agrees_within_four_standard_errors():
    rules = PRESETS["hoja-baccarat"]
    coups = 40_000
    tally = simulate(rules, coups, seed=20261130)
    exact = analyze(deck_counts(rules.decks))
    for bet in ("banker", "player", "tie"):
        p = float(exact.probability(bet))
        standard_error = sqrt(p * (1 - p) / coups)
        assert abs(tally[bet] / coups - p) < 4 * standard_error, (bet, tally[bet], p)
