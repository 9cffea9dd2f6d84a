"""Challenge 21: the rules of source 001 (one hand against three dealer hands sharing the first card), the coup,
walk == fast, the value per round, the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes.cli import main
from naipes.core.cards import parse_cards
from naipes.core.drive import analyze, play, play_shoe
from naipes.core.errors import RulesError
from naipes.core.narration import narrate
from naipes.core.shoe import Shoe
from naipes.games.black_jack import CHALLENGE_21
from naipes.games.black_jack.coup import BlackJackCoup, Stakes
from naipes.games.black_jack.events import DealerCard, HandBusts, HandSettled, InsuranceDecided, RoundOver
from naipes.games.black_jack.rules import CHALLENGE_21_PRESETS
from source_documents import normalised, source_text

RULES = CHALLENGE_21_PRESETS.get()


def coup_from(text: str, answers=(), stakes=None) -> BlackJackCoup:
    coup = BlackJackCoup(RULES, stakes)
    play(coup, Shoe(parse_cards(text)), None, answers=list(answers))
    return coup


def test_every_quote_is_in_the_source_and_the_rounds_follow_it():
    for citation in RULES.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote
    # "Los jugadores juegan una mano en contra de tres manos"; "al menos dos apuestas iniciales".
    assert RULES.rounds == 3 and RULES.required_bets == 2
    with pytest.raises(RulesError):
        BlackJackCoup(RULES, [Stakes((1, 0, 1))])


def test_the_three_rounds_share_the_dealers_first_card():
    # Player 19; the dealer's 6 completes three times: 6+T+8 bust, 6+5+9 = 20, 6+A = soft 17.
    coup = coup_from("Ts 6c 9d Th 8h 5c 9s Ad", answers=["stand"])
    settled = [e for e in coup.events if isinstance(e, HandSettled)]
    assert [(e.round, e.kind) for e in settled] == [(1, "wins"), (2, "loses"), (3, "wins")]
    assert len([e for e in coup.events if isinstance(e, RoundOver)]) == 2
    assert coup.net() == {0: Fraction(1)}


def test_a_hand_over_21_loses_every_bet_at_once():
    coup = coup_from("Ts 6c 6d Kh", answers=["hit"])
    bust = next(e for e in coup.events if isinstance(e, HandBusts))
    assert bust.lost == 3 and coup.is_terminal()
    assert len([e for e in coup.events if isinstance(e, DealerCard)]) == 1


def test_insurance_is_chosen_per_dealer_hand():
    coup = coup_from("Ts Ac 9d Kh 6s Th", answers=["insure", "decline", "insure", "stand"],
                     stakes=[Stakes((2, 2, 2))])
    decided = [e for e in coup.events if isinstance(e, InsuranceDecided)]
    assert [(e.round, e.amount) for e in decided] == [(1, 1), (2, 0), (3, 1)]
    # Round 1: A+K, black jack: the hand loses 2, its insurance (1) wins 2. Round 2: A+6, soft 17: 19 wins 2.
    # Round 3: A+T, black jack again: the hand loses 2, insurance wins 2.
    assert coup.net() == {0: Fraction(-2 + 2 + 2 - 2 + 2)}


def test_the_walk_equals_the_fast_analysis_and_the_value_per_round():
    rules = RULES.with_options(decks=1)
    fast = analyze(CHALLENGE_21, rules, method="fast")
    assert analyze(CHALLENGE_21, rules, method="walk") == fast
    per_round = fast.extra["challenge_21"]["per_round"]
    assert per_round == -fast.line("main").house_edge
    assert fast.extra["challenge_21"]["three_bets"] == 3 * per_round


def test_seeded_shoes_settle_every_round():
    record = play_shoe(CHALLENGE_21, RULES.with_options(decks=2), 11)
    assert record.coups
    for coup_record in record.coups:
        coup = coup_record.coup
        busts = [e for e in coup.events if isinstance(e, HandBusts)]
        rounds = {e.round for e in coup.events if isinstance(e, HandSettled)}
        assert busts or rounds == {1, 2, 3} or coup.boxes[0].hands[0].status in ("paid", "surrendered")


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_the_command_line_deals_and_analyses(capsys, lang):
    assert main(["deal", "challenge-21", "--seed", "4", "--lang", lang]) == 0
    assert capsys.readouterr().out.count("\n") > 5
    assert main(["analyze", "challenge-21", "--decks", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["challenge_21"]) == {"per_round", "two_bets", "three_bets"}


def test_narration_names_the_round():
    coup = coup_from("Ts 6c 9d Th 8h 5c 9s Ad", answers=["stand"])
    lines = [narrate(e, "en") for e in coup.events]
    assert any(line.startswith("Round 3:") for line in lines)
