"""The overall value of a coup (every first two cards played their best way, CDZ- splits) by the engine against the
independent combinatorial analyser `black_jack_independent` (tests/engine), which imports nothing of the engine:
its own totals, dealer's probabilities (a graph of the dealer's draws), the hole card dealt explicitly at a peek
table, and splits dealt hand after hand from the real shoe (no pattern of pair and other cards).

The shoes are small (the analyser's splits are a brute force: a full deck with resplits takes too long for a test);
the analyser runs on a full shoe as a script (its docstring gives the command). Its full-shoe figures are written
below with the command that printed each: the engine's command line, given the same rules in the issue's flags, must
print a house edge (`house_edge.optimal`: minus the player's overall value) within 1e-9 of the bet.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import json

import pytest

import black_jack_independent as independent
from naipes.cli import main
from naipes.games.black_jack.expectation import Evaluator
from naipes.games.black_jack.hands import add_card
from naipes.games.black_jack.rules import PRESETS


def engine_overall(rules, shoe) -> Fraction:
    """The engine's value of a coup from `shoe`: the best of every first two cards' whole-deal values."""
    value = Fraction(0)
    cards = sum(shoe)
    for up in range(10):
        if not shoe[up]:
            continue
        after_up = add_card(shoe, up, -1)
        evaluator = Evaluator(rules, up, after_up)
        for a in range(10):
            for b in range(a, 10):
                hand = add_card(add_card((0,) * 10, a), b)
                if any(n > c for n, c in zip(hand, after_up)):
                    continue
                ways = (1 if a == b else 2) * after_up[a] * (after_up[b] - (a == b))
                value += Fraction(shoe[up] * ways, cards * (cards - 1) * (cards - 2)) * max(
                    evaluator.deal_values(hand).values())
    return value


SHOE = (2, 2, 2, 2, 2, 2, 2, 2, 2, 6)
CASES = [
    ("S17, peek, double any, DAS, four hands, 3:2",
     dict(double="any", double_after_split=True, max_hands=4, resplit_aces=False, surrender="none", hole_card="peek"),
     independent.Rules()),
    ("H17, no hole card, no DAS, three hands, resplit aces, surrender any, 6:5",
     dict(hits_soft_17=True, double="any", double_after_split=False, max_hands=3, resplit_aces=True, surrender="any",
          hole_card="none", blackjack_pays=Fraction(6, 5)),
     independent.Rules(hits_soft_17=True, double_after_split=False, max_hands=3, resplit_aces=True, surrender="any",
                       peek=False, blackjack_pays=1.2)),
    ("H17, peek, double 9-11, DAS, four hands, resplit aces, surrender except ace",
     dict(hits_soft_17=True, double="9-11", double_after_split=True, max_hands=4, resplit_aces=True,
          surrender="except-ace", hole_card="peek"),
     independent.Rules(hits_soft_17=True, double="9-11", resplit_aces=True, surrender="except-ace")),
]


@pytest.mark.parametrize("name, engine_rules, rules", CASES, ids=[case[0] for case in CASES])
def test_the_engine_overall_value_equals_the_independent_analyser(name, engine_rules, rules):
    """Slow (≈ 25–50 s): the independent analyser deals every split hand after hand (a brute force, by design)."""
    engine = engine_overall(replace(PRESETS.get(), decks=1, **engine_rules), SHOE)
    assert abs(float(engine) - independent.overall(rules, SHOE)) < 1e-9


#: Full shoes: the analyser's overall value (the player's, per unit bet) for the rules in the issue's flags, each
#: printed by `python tests/engine/black_jack_independent.py FLAGS` (the same flags; CPU time on this machine).
INDEPENDENT_FIGURES = [
    ("1 deck, S17, peek, DAS, two hands, 3:2",
     "--decks 1 --soft-17 stand --double any --double-after-split yes --max-hands 2 --resplit-aces no "
     "--surrender none --hole-card peek --blackjack-pays 3:2",
     0.0015311999579409024),  # 197.8 s CPU
    ("2 decks, H17, peek, no DAS, two hands, late surrender, 6:5",
     "--decks 2 --soft-17 hit --double any --double-after-split no --max-hands 2 --resplit-aces no --surrender any "
     "--hole-card peek --blackjack-pays 6:5",
     -0.01859247031549855),  # 652.9 s CPU
    ("8 decks, S17, no hole card, DAS, two hands, doubles on 10-11, surrender except an ace, 3:2",
     "--decks 8 --soft-17 stand --double 10-11 --double-after-split yes --max-hands 2 --resplit-aces no "
     "--surrender except-ace --hole-card none --blackjack-pays 3:2",
     -0.005263299579059074),  # 1062.0 s CPU
]


@pytest.mark.parametrize("name, flags, figure", INDEPENDENT_FIGURES, ids=[case[0] for case in INDEPENDENT_FIGURES])
def test_the_command_lines_house_edge_of_a_full_shoe_equals_the_independent_analysers(capsys, name, flags, figure):
    assert main(["analyze", "black-jack", *flags.split(), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["rules"]["decks"] == int(flags.split()[1])
    assert abs(report["house_edge"]["optimal"]["value"] + figure) < 1e-9
