"""Siete y medio: rules checked against the Ludoteka text (source 001), the hand on the protocol, the bank's
decision and the adviser checked against independent brute force on small decks, exact tables counted here (and
walk == fast), narration, command line.

Every number below comes from the source, from a count done in this file, or from plain arithmetic on the
40-card baraja — never from the engine's own output.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from naipes.cli import main
from naipes.core.cards import SPANISH, Card, full_deck, parse_cards
from naipes.core.drive import analyze, play, replay, walk_exact
from naipes.core.errors import CardError, IllegalActionError, RulesError, SpecError
from naipes.core.i18n import translate
from naipes.core.model import CHANCE, TERMINAL, Event
from naipes.core.narration import narrate
from naipes.core.shoe import Shoe
from naipes.core.sources import SOURCE_TITLES
from naipes.games.registry import game as registry_game
from naipes.games.siete_y_medio import SIETE_Y_MEDIO
from naipes.games.siete_y_medio.adviser import advise, bust_probability
from naipes.games.siete_y_medio.analysis import ANALYSIS_CONDUCT, bust_table, seven_and_a_half_two_cards
from naipes.games.siete_y_medio.bank import BankSolver
from naipes.games.siete_y_medio.conduct import BankConduct, EngineTable, PlayerStyle
from naipes.games.siete_y_medio.events import (BankDecides, BankIdle, BankReveal, CardAsked, FirstCard, GameOver,
                                               OfferAnswered, Settled)
from naipes.games.siete_y_medio.game import SieteYMedioGame, deal_hand, fresh_shoe, stacked_shoe
from naipes.games.siete_y_medio.hand import SieteYMedioHand, bet_action
from naipes.games.siete_y_medio.rules import PRESETS, SieteYMedioRules
from naipes.games.siete_y_medio.values import composition, half_points, points, unseen_composition
from source_documents import normalised, source_text

DECK = full_deck(SPANISH)
ENGINE = EngineTable()

# Source 001, "Valor de las cartas": "cada carta tiene, indistintamente de su palo, el valor que indica su propio
# índice, salvo las doce figuras sotas, caballos y reyes que tienen un valor de medio punto." Written here in half
# points (7½ = 15) independently of the engine.
HALF = {"1": 2, "2": 4, "3": 6, "4": 8, "5": 10, "6": 12, "7": 14, "S": 1, "C": 1, "R": 1}
LIMIT = 15


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, deck=SPANISH)


def half(cs) -> int:
    return sum(HALF[c.rank] for c in cs)


def stacked(deck: str, seats: int = 2, **kwargs) -> tuple[SieteYMedioHand, Shoe]:
    """A hand dealt from a deck whose first cards are `deck`; the first cards are out, the reader decides all."""
    hand, shoe = SieteYMedioHand(seats=seats, **kwargs), stacked_shoe(cards(deck))
    play(hand, shoe)
    return hand, shoe


def act(hand: SieteYMedioHand, shoe: Shoe, *answers: str) -> None:
    """The reader's answers, the cards they call for coming from `shoe` (the driver, no conduct)."""
    play(hand, shoe, answers=answers)


def kinds(hand) -> list[str]:
    return [e.kind for e in hand.events if isinstance(e, Settled)]


# -- the rules, from the source ---------------------------------------------------------------------------


def test_card_values_follow_the_source():
    assert [points(c) for c in cards("1o 2c 3e 4b 5o 6c 7e Sb Co Rc")] == [
        1, 2, 3, 4, 5, 6, 7, Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)]
    assert len(DECK) == 40
    # "las doce figuras": twelve figures, each half a point
    assert sum(1 for c in DECK if points(c) == Fraction(1, 2)) == 12
    # 4 suits × (1+…+7) + 12 × ½ = 118
    assert sum(points(c) for c in DECK) == 118


def test_french_cards_are_refused():
    with pytest.raises(CardError, match="Spanish"):
        half_points(Card("A", "s"))


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_cites_words_that_are_really_in_its_source(name):
    rules = PRESETS.get(name)
    assert rules.citations and rules.interpretations and rules.sources == ("001",)
    for citation in rules.citations:
        assert citation.source in SOURCE_TITLES
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation


def test_the_registry_finds_the_game_and_its_presets():
    assert registry_game("siete-y-medio") is SIETE_Y_MEDIO
    assert list(SIETE_Y_MEDIO.presets) == ["ludoteka"]
    rows = {p.key: p.value for p in PRESETS.get().describe("en")}
    assert rows["source"] == "001" and rows["bets"] == "1 to 10 points" and rows["hands"] == "10"


def test_deal_one_card_each_face_down_from_the_bank_s_right_bank_last():
    # "La banca reparte una carta a cada uno de los jugadores, incluyéndose a sí misma. Por turnos, de derecha a
    # izquierda, empezando por el jugador situado a la derecha de la banca"
    hand, _ = stacked("1o 2o 3o 4o 5o 6o 7o So Co Ro", seats=4, bank=2)
    deals = [e for e in hand.events if isinstance(e, FirstCard)]
    assert [d.seat for d in deals] == [3, 0, 1, 2]
    assert [str(d.card) for d in deals] == ["1o", "2o", "3o", "4o"]
    assert not any(d.face_up for d in deals)
    assert hand.order == [3, 0, 1] and hand.to_act == 3 and hand.current_player() == "seat-4"


def test_going_over_shows_every_card_and_loses_at_once_even_if_the_bank_goes_over():
    # "Si en su turno un jugador se pasase del siete y medio, debe mostrar todas sus cartas y pierde
    # inmediatamente su apuesta."  Seats: bank 0, players 1 and 2.
    hand, shoe = stacked("7o 4c 6e 3b 5o 7c 7e", seats=3)  # p1: 7o; p2: 4c; bank: 6e
    act(hand, shoe, "bet:2", "ask-face-down")  # 3b: 10 half points → 17 > 15
    assert hand.seats[1].status == "bust" and hand.seats[1].visible_cards == list(cards("7o 3b"))
    assert hand.to_act == 2
    act(hand, shoe, "bet:1", "stand", "draw")  # 5o: 6 + 5 = 11 → over
    assert hand.is_terminal()
    assert hand.net() == {1: -2, 2: 1, 0: 1}  # the bank that went over pays only who stood
    assert hand.results() == ("lost-bust", "won-bank-bust")
    assert hand.returns({"seat-2": 1, "seat-3": 1, "bank": 1}) == {"seat-2": -2, "seat-3": 1, "bank": 1}


def test_at_most_one_card_face_down_asking_face_down_turns_the_previous_up():
    # "Pedir la carta boca abajo, en cuyo caso debe colocar boca arriba la carta que tuviera oculta anteriormente."
    hand, shoe = stacked("1o 5c Sb Cc 2e Re 3b")
    act(hand, shoe, "bet:1", "ask-face-up")  # Sb face up; 1o still hidden
    assert hand.seats[1].hidden_card == cards("1o")[0] and hand.seats[1].visible_cards == list(cards("Sb"))
    act(hand, shoe, "ask-face-down")  # Cc hidden, 1o turned up
    assert hand.seats[1].hidden_card == cards("Cc")[0]
    assert hand.seats[1].visible_cards == list(cards("1o Sb"))
    event = hand.events[-1]
    assert isinstance(event, CardAsked) and event.face_down and event.turned == cards("1o")[0]
    assert event.rule.source == "001"
    act(hand, shoe, "ask-face-up")
    assert hand.seats[1].cards[hand.seats[1].hidden] == cards("Cc")[0]
    assert len(hand.seats[1].visible_cards) == len(hand.seats[1].cards) - 1


def test_ties_go_to_the_bank():
    # "En caso de empate gana la banca"
    hand, shoe = stacked("5o 4c 1e 1b")  # player 5o then asks 1e → 6; bank 4c draws 1b → 5, then stands
    act(hand, shoe, "bet:3", "ask-face-up", "stand", "draw", "stand")
    assert hand.totals() == {1: 12, 0: 10}
    assert hand.net()[1] == 3  # 6 beats 5
    tie, shoe = stacked("5o 4c 1e 2b")
    act(tie, shoe, "bet:3", "ask-face-up", "stand", "draw", "stand")
    assert tie.totals() == {1: 12, 0: 12}
    assert tie.net() == {1: -3, 0: 3}
    settled = [e for e in tie.events if isinstance(e, Settled)]
    assert [e.kind for e in settled] == ["lost-tie"] and settled[0].rule.text == "ties go to the bank"


def test_a_bank_with_seven_and_a_half_beats_everyone_even_seven_and_a_half():
    # "si la banca tiene siete y medio gana automáticamente a todos los jugadores"
    hand, shoe = stacked("7o 7c Sb Rc")
    act(hand, shoe, "bet:4", "ask-face-up", "stand", "draw")  # Sb → 7½; the bank's Rc → 7½
    assert hand.bank_seat.total == 15
    act(hand, shoe, "stand")
    assert hand.net() == {1: -4, 0: 4}
    assert hand.seven_and_a_half_seats() == []


def test_seven_and_a_half_is_paid_double_and_takes_the_bank():
    # "Si un jugador tiene siete y medio y la banca no cobra el doble de lo apostado y además toma la banca en la
    # mano siguiente."
    game = SieteYMedioGame(seats=3, seed=1)
    hand, shoe = game.new_hand(stacked_shoe(cards("7o 2c 5e Sb 3c 1b")))  # p1 7o, p2 2c, bank 5e
    replay(hand, shoe, None, ["bet:3", "ask-face-up", "stand", "bet:2:10", "ask-face-up", "stand", "draw",
                              "stand"])  # p1 Sb: 7½; p2 3c → 5; bank 1b → 6
    assert hand.net() == {1: 6, 2: -2, 0: -4}
    events = game.finish_hand(accept=True)
    assert game.bank == 1
    assert game.points == [96, 106, 98]  # the accepted-looking offer is void: nobody paid for the bank
    assert [type(e).__name__ for e in events] == ["OffersVoid", "BankPasses"]
    assert events[0].reason == "seven-and-a-half"


def test_seven_and_a_half_when_the_bank_goes_over_is_paid_double():
    hand, shoe = stacked("7o 6c Sb 7e")
    act(hand, shoe, "bet:5", "ask-face-up", "stand", "draw")
    assert hand.net() == {1: 10, 0: -10}


def test_the_bank_does_not_play_when_everybody_went_over():
    # "Si quedara algún jugador que no se hubiese pasado de siete y medio … la banca procederá a su vez a jugar."
    hand, shoe = stacked("7o 1c 7e")
    act(hand, shoe, "bet:1", "ask-face-up")
    assert hand.is_terminal() and sum(isinstance(e, BankIdle) for e in hand.events) == 1
    assert hand.net() == {1: -1, 0: 1}


def test_bank_plays_with_all_its_cards_face_up():
    # "con todas sus cartas boca arriba hasta decidir plantarse"
    hand, shoe = stacked("7o 1c 2e 3b")
    act(hand, shoe, "bet:1", "stand")
    reveal = [e for e in hand.events if isinstance(e, BankReveal)]
    assert hand.bank_seat.hidden is None and len(reveal) == 1 and reveal[0].rule.source == "001"
    assert hand.current_player() == "bank" and hand.legal_actions() == ("draw", "stand")


def test_bank_card_face_up_option():
    rules = SieteYMedioRules(bank_card_face_up=True)
    hand, _ = stacked("2o 3c 6e", seats=3, rules=rules)
    assert hand.events[2].face_up and hand.bank_seat.visible_cards == list(cards("6e"))
    own, seen = hand.player_view(1)
    assert own == list(cards("2o")) and seen == list(cards("6e"))  # the other player's card stays hidden
    assert "face up" in narrate(hand.events[2], "en")


# -- the protocol ---------------------------------------------------------------------------------------


def test_a_hand_is_rebuilt_from_its_seed_and_its_actions():
    record = deal_hand(11, ENGINE, seats=5)
    actions = [step.action for step in record.steps if step.action is not None]
    assert all(isinstance(a, str) for a in actions) and actions[0].startswith("bet:")
    again = replay(SieteYMedioHand(seats=5), fresh_shoe(11), None, actions).coup
    assert again.net() == record.coup.net()
    drop = lambda hand: [e for e in hand.events if not isinstance(e, BankDecides)]  # noqa: E731
    assert drop(again) == drop(record.coup)


def test_whose_turn_chance_roles_and_the_end():
    hand = SieteYMedioHand(seats=3)
    assert hand.current_player() == CHANCE and hand.legal_actions() == ()
    assert hand.chance_outcomes(composition(DECK)) == list(enumerate(composition(DECK)))
    shoe = stacked_shoe(cards("7o 1c 2e 3b 4b"))
    for _ in range(3):
        hand.apply(shoe.draw())
    assert hand.current_player() == "seat-2" and hand.legal_actions() == ("bet",)
    hand.apply("bet:1")
    assert hand.legal_actions() == ("ask-face-up", "ask-face-down", "stand")
    hand.apply("stand")
    assert hand.current_player() == "seat-3"
    replay(hand, shoe, None, ["bet:1", "stand", "stand"])
    assert hand.current_player() == TERMINAL and hand.legal_actions() == ()


def test_actions_out_of_turn_are_refused_with_a_message():
    hand, shoe = stacked("1o 1c 2e 3b")
    with pytest.raises(IllegalActionError, match="bet"):
        hand.apply("ask-face-up")
    with pytest.raises(IllegalActionError, match="decision is pending"):
        hand.apply(cards("Rb")[0])
    hand.apply("bet:1")
    with pytest.raises(IllegalActionError, match="ask for a card or stand"):
        hand.apply("bet:1")
    with pytest.raises(IllegalActionError, match="player 2 to ask for a card or stand"):
        hand.apply("draw")
    hand.apply("ask-face-up")
    with pytest.raises(IllegalActionError, match="card from the shoe"):
        hand.apply("stand")
    hand.apply(shoe.draw())
    hand.apply("stand")
    with pytest.raises(IllegalActionError, match="the bank to play"):
        hand.apply("ask-face-up")
    hand.apply("stand")
    with pytest.raises(IllegalActionError, match="over"):
        hand.apply("stand")
    with pytest.raises(IllegalActionError):
        hand.apply(shoe.draw())


@pytest.mark.parametrize("action", ["fold", "bet", "bet:1:2:3", "stand:1", "", "draw:"])
def test_unknown_or_malformed_actions_are_spec_errors(action):
    hand, _ = stacked("7o 1c")
    with pytest.raises(SpecError):
        hand.apply(action)


def test_the_driver_waits_for_the_reader_and_refuses_answers_after_the_end():
    hand = SieteYMedioHand(seats=3)
    record = play(hand, fresh_shoe(5), answers=["bet:1"])
    assert record.waiting == "seat-2" and hand.phase == "play"
    with pytest.raises(IllegalActionError, match="over"):
        replay(SieteYMedioHand(), stacked_shoe(cards("7o 1c 7e")), None, ["bet:1", "ask-face-up", "stand"])


def test_a_clone_is_independent():
    hand, shoe = stacked("7o 1c 2e 3b")
    twin = hand.clone()
    act(hand, shoe, "bet:1", "ask-face-up")
    assert twin.seats[1].stake is None and len(twin.seats[1].cards) == 1 and len(twin.events) == 2
    assert len(hand.seats[1].cards) == 2


# -- bets and offers for the bank ----------------------------------------------------------------------


@pytest.mark.parametrize("stake", ["0", "11", "-1", "2.5", "x"])
def test_bets_outside_the_range_name_the_range(stake):
    hand, _ = stacked("7o 1c 2e", seats=3)
    with pytest.raises(IllegalActionError) as error:
        hand.apply(bet_action(stake))
    assert "from 1 to 10" in str(error.value) and f"not {stake}." in str(error.value)


def test_a_bet_cannot_exceed_the_player_s_points():
    hand, _ = stacked("7o 1c 2e", seats=3, points=[100, 4, 100])
    with pytest.raises(IllegalActionError, match="from 1 to 4"):
        hand.apply("bet:5")


@pytest.mark.parametrize("points_, stake, limit", [(100, 10, 45), (9, 3, 3), (10, 3, 3), (12, 2, 5), (5, 2, 1),
                                                   (3, 2, 0)])
def test_an_offer_is_at_most_half_what_would_be_left_after_losing_the_bet(points_, stake, limit):
    # "Como máximo puede pujar ofreciendo la mitad de los puntos que le quedarían en caso de perder su apuesta."
    # limit: the largest whole number o with 2·o ≤ points − stake, worked out by hand above.
    if limit:
        hand, _ = stacked("7o 1c 2e", seats=3, points=[100, points_, 100])
        hand.apply(bet_action(stake, limit))
        assert hand.highest_offer() == (1, limit)
    hand, _ = stacked("7o 1c 2e", seats=3, points=[100, points_, 100])
    with pytest.raises(IllegalActionError) as error:
        hand.apply(bet_action(stake, limit + 1))
    message = str(error.value)
    unit = "point" if limit == 1 else "points"  # "at most 1 point", not "1 points" (issue 24)
    assert f"at most {limit} {unit}:" in message and f"after losing your bet, {points_ - stake}." in message


def test_an_offer_must_beat_the_previous_offer_of_the_hand():
    # "El jugador que realiza una oferta por la banca debe superar la oferta anterior realizada en la misma mano"
    hand, _ = stacked("7o 1c 2e", seats=3)
    hand.apply("bet:1:5")
    hand.apply("stand")
    with pytest.raises(IllegalActionError) as error:
        hand.apply("bet:1:5")
    assert "5 points" in str(error.value)
    hand.apply("bet:1:6")
    assert hand.highest_offer() == (2, 6)


@pytest.mark.parametrize("offer", ["0", "-3", "2.5"])
def test_an_offer_must_be_a_whole_positive_number(offer):
    hand, _ = stacked("7o 1c 2e", seats=3)
    with pytest.raises(IllegalActionError, match="at least 1"):
        hand.apply(bet_action(1, offer))


def test_an_accepted_offer_moves_points_and_the_bank_a_refused_one_does_not():
    # "al finalizar la mano ésta se traslada a la banca, que simplemente debe aceptarla o rechazarla"
    for accept in (True, False):
        game = SieteYMedioGame(seats=3, seed=3)
        hand, shoe = game.new_hand(stacked_shoe(cards("2o 3c 6e 1b 1c Sb")))  # p1 2o, p2 3c, bank 6e
        replay(hand, shoe, None, ["bet:1:4", "stand", "bet:1:7", "stand", "stand"])
        assert hand.net() == {1: -1, 2: -1, 0: 2}
        events = game.finish_hand(accept=accept)
        assert isinstance(events[0], OfferAnswered) and events[0].offer == 7 and events[0].accepted == accept
        if accept:
            assert game.bank == 2 and game.points == [102 + 7, 99, 99 - 7]
        else:
            assert game.bank == 0 and game.points == [102, 99, 99]


def test_the_engine_s_bank_accepts_an_offer_of_one_maximum_bet():
    for offer, accepted in ((9, False), (10, True)):
        game = SieteYMedioGame(seats=3, seed=3)
        hand, shoe = game.new_hand(stacked_shoe(cards("2o 3c 6e")))
        replay(hand, shoe, None, [f"bet:1:{offer}", "stand", "bet:1", "stand", "stand"])
        answer = game.finish_hand()[0]
        assert answer.accepted == accepted and answer.rule.param("points") == 10


def test_an_eliminated_bank_passes_on_and_voids_the_offers():
    # "cuando la banca queda eliminada, y por lo tanto la banca cambia de jugador, las ofertas quedan anuladas"
    rules = SieteYMedioRules(starting_points=4, max_bet=4)
    game = SieteYMedioGame(rules, seats=3, seed=4)
    hand, shoe = game.new_hand(stacked_shoe(cards("6o 6c 2e 1b 1c")))  # p1 6o, p2 6c, bank 2e
    replay(hand, shoe, None, ["bet:4", "stand", "bet:2:1", "stand", "draw", "stand"])  # bank 2 + 1 = 3 < 6
    events = game.finish_hand(accept=True)
    assert game.points == [4 - 6, 8, 6]
    assert [type(e).__name__ for e in events] == ["OffersVoid", "BankEliminated", "BankPasses"]
    assert game.bank == 1 and game.in_game() == [1, 2]
    with pytest.raises(IllegalActionError):
        game.finish_hand()


def test_a_game_has_a_fixed_number_of_hands_and_carries_the_score():
    rules = SieteYMedioRules(hands=5)
    game = SieteYMedioGame(rules, seats=4, seed=9)
    while not game.is_over:
        game.play_hand(ENGINE)
        game.finish_hand()
        assert sum(game.points) == 4 * rules.starting_points
    assert game.hands_played == 5
    assert isinstance(game.events[-1], GameOver) and game.events[-1].rule.source == "001"
    with pytest.raises(IllegalActionError, match="over"):
        game.new_hand()


@pytest.mark.parametrize("kwargs, fragment", [
    (dict(hands=0), "hands"), (dict(min_bet=0), "minimum bet"), (dict(max_bet=0), "maximum bet"),
    (dict(starting_points=0), "start"), (dict(max_seats=9), "seats")])
def test_bad_rules_values_are_rules_errors(kwargs, fragment):
    with pytest.raises(RulesError, match=fragment):
        SieteYMedioRules(**kwargs)


# -- hands dealt by the engine obey the rules ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), seats=st.integers(2, 6))
def test_every_engine_hand_obeys_the_rules(seed, seats):
    hand = deal_hand(seed, ENGINE, seats=seats).coup
    assert hand.is_terminal()
    dealt = [c for s in hand.seats.values() for c in s.cards]
    shuffled = fresh_shoe(seed)
    assert len(dealt) == len(set(dealt)) and set(dealt) == {shuffled.draw() for _ in dealt}
    net = hand.net()
    assert sum(net.values()) == 0
    bank = half(hand.bank_seat.cards)
    bank_played = any(isinstance(e, BankDecides) for e in hand.events)
    assert bank_played == any(s.status == "stood" for s in hand.seats.values() if s.seat != hand.bank)
    for s in hand.order:
        seat = hand.seats[s]
        total = half(seat.cards)
        if total > LIMIT:
            assert net[s] == -seat.stake and seat.visible_cards == seat.cards
        elif bank > LIMIT:
            assert net[s] == seat.stake * (2 if total == LIMIT else 1)
        elif bank == LIMIT or bank >= total:
            assert net[s] == -seat.stake
        else:
            assert net[s] == seat.stake * (2 if total == LIMIT else 1)
    # the bank never draws on 7½, and draws only what its solver said
    for event in hand.events:
        if isinstance(event, BankDecides) and event.draws:
            assert event.total < LIMIT and event.decision.draws
        if isinstance(event, BankDecides) and not event.draws and event.decision is not None:
            assert not event.decision.draws


def test_same_seed_same_hand():
    assert deal_hand(42, ENGINE).coup.events == deal_hand(42, ENGINE).coup.events


def test_engine_players_follow_their_style():
    # With a bust limit of 0 the engine player never asks; with 1 it asks until 7½ or over (a chance of 1).
    timid = deal_hand(3, EngineTable(PlayerStyle(bet=3, bust_limit=Fraction(0))), seats=3).coup
    assert all(len(timid.seats[s].cards) == 1 and timid.seats[s].stake == 3 for s in timid.order)
    bold = deal_hand(3, EngineTable(PlayerStyle(bust_limit=Fraction(1))), seats=3).coup
    assert all(bold.seats[s].total >= LIMIT for s in bold.order)


def test_a_bank_by_a_fixed_total_draws_below_it():
    for seed in range(20):
        hand = deal_hand(seed, EngineTable(bank=BankConduct(stands_from=10)), seats=3).coup
        decisions = [e for e in hand.events if isinstance(e, BankDecides)]
        for d in decisions:
            assert d.draws == (d.total < 10) and d.decision is None and d.rule.interpretation


def test_the_bank_sees_only_face_up_cards_and_the_cards_of_who_went_over():
    hand, shoe = stacked("2o 3c 6e 4b 7o Sb 1c", seats=3)  # p1 2o, p2 3c, bank 6e
    act(hand, shoe, "bet:1", "ask-face-up", "stand")  # 4b face up → 2 + 4
    act(hand, shoe, "bet:1", "ask-face-down")  # 7o hidden, 3c turned up: 10 → over
    unseen, total, players = hand.bank_view()
    gone = cards("6e 4b 3c 7o")  # the bank's card, p1's face-up card, all of p2's cards
    rest = [c for c in DECK if c not in gone]
    assert unseen == tuple(sum(1 for c in rest if HALF[c.rank] == v) for v in (1, 2, 4, 6, 8, 10, 12, 14))
    assert total == 12 and players == [(8, 1)]


# -- the bank's decision against an independent brute force -------------------------------------------


def bank_net(player_total: int, stake: int, bank_total: int) -> int:
    """The bank's result against one player who stood (source 001, "Cobrar las apuestas")."""
    if bank_total > LIMIT:
        return -stake * (2 if player_total == LIMIT else 1)
    if bank_total == LIMIT:
        return stake
    if player_total == LIMIT:
        return -2 * stake
    return stake if bank_total >= player_total else -stake


def brute_bank(unseen: tuple[Card, ...], bank_total: int, players: tuple[tuple[int, int], ...]):
    """(stand, draw) expected results of the bank, enumerating actual cards.

    Hidden cards: one distinct unseen card per player, keeping them at or under 7½, every such assignment equally
    likely; the bank's next card is any unseen card not hidden, so P(card c | bank drew d) is proportional to the
    number of hidden assignments that avoid d and c.
    """
    index = range(len(unseen))

    @lru_cache(maxsize=None)
    def assignments(drawn: frozenset) -> tuple[tuple[int, ...], ...]:
        free = [i for i in index if i not in drawn]
        return tuple(h for h in itertools.permutations(free, len(players))
                     if all(v + HALF[unseen[i].rank] <= LIMIT for (v, _), i in zip(players, h)))

    def total(drawn):
        return bank_total + sum(HALF[unseen[i].rank] for i in drawn)

    def stand(drawn):
        hs = assignments(drawn)
        t = total(drawn)
        return Fraction(sum(sum(bank_net(v + HALF[unseen[i].rank], s, t) for (v, s), i in zip(players, h))
                            for h in hs), len(hs))

    @lru_cache(maxsize=None)
    def value(drawn: frozenset):
        s = stand(drawn)
        if total(drawn) > LIMIT:
            return s, None
        weights = {c: len(assignments(drawn | {c})) for c in index if c not in drawn}
        mass = sum(weights.values())
        if mass == 0:
            return s, None
        d = sum(Fraction(w, mass) * max(x for x in value(drawn | {c}) if x is not None)
                for c, w in weights.items() if w)
        return s, d

    return value(frozenset())


@st.composite
def bank_positions(draw):
    size = draw(st.integers(6, 10))
    deck = draw(st.lists(st.sampled_from(DECK), unique=True, min_size=size, max_size=size))
    order = draw(st.permutations(deck))
    n_bank = draw(st.integers(1, 2))
    n_players = draw(st.integers(1, 2))
    visible_counts = [draw(st.integers(0, 2)) for _ in range(n_players)]
    stakes = [draw(st.integers(1, 3)) for _ in range(n_players)]
    position = n_bank
    bank = order[:n_bank]
    players = []
    for count, stake in zip(visible_counts, stakes):
        players.append((tuple(order[position:position + count]), stake))
        position += count
    unseen = tuple(order[position:])
    return deck, bank, players, unseen


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bank_positions())
def test_bank_decision_matches_brute_force_on_small_decks(position):
    deck, bank, players, unseen = position
    views = tuple((half(visible), stake) for visible, stake in players)
    bank_total = half(bank)
    assume(bank_total <= LIMIT and all(v < LIMIT for v, _ in views) and len(unseen) >= len(views))
    feasible = any(all(v + HALF[c.rank] <= LIMIT for (v, _), c in zip(views, h))
                   for h in itertools.permutations(unseen, len(views)))
    if not feasible:  # no hidden cards keep every player at or under 7½: an impossible position
        with pytest.raises(RulesError, match="impossible"):
            BankSolver(unseen_composition(list(bank) + [c for v, _ in players for c in v], deck), bank_total, views)
        return
    stand, draw = brute_bank(unseen, bank_total, views)
    gone = list(bank) + [c for visible, _ in players for c in visible]
    decision = BankSolver(unseen_composition(gone, deck), bank_total, views).decision()
    assert decision.stand_value == stand
    assert decision.draw_value == draw
    assert decision.draws == (draw is not None and draw > stand)


def test_bank_decision_on_a_position_worked_out_by_hand():
    # Unseen: Sb 1o 5o 6o. One player shows 6 (12 half points) with one hidden card, which keeps them at or under
    # 7½: Sb (6½) or 1o (7), one chance in two. The bank has 6½ (13).
    # Standing: 6½ ties 6½ (the bank wins) and loses to 7: (1 − 1)/2 = 0.
    # Drawing: the next card is c with weight "hidden cards that avoid c": 1o → 1 (hidden Sb), Sb → 1 (hidden 1o),
    # 5o → 2, 6o → 2, out of 6. 1o makes 7½ (wins); Sb makes 7 against 7 (tie, the bank wins; drawing again
    # could only bring 5o or 6o and go over); 5o and 6o go over (the bank pays): (1 + 1 − 2 − 2)/6 = −1/3.
    unseen = cards("Sb 1o 5o 6o")
    decision = BankSolver(composition(unseen), 13, [(12, 1)]).decision()
    assert (decision.stand_value, decision.draw_value, decision.draws) == (0, Fraction(-1, 3), False)
    assert brute_bank(unseen, 13, ((12, 1),)) == (0, Fraction(-1, 3))
    # On 4 (8) against a player showing 5, standing loses for sure: every hidden card leaves them at 5½ or more.
    decision = BankSolver(composition(cards("Sb 1o 2o 3o")), 8, [(10, 1)]).decision()
    assert decision.stand_value == -1 and decision.draws


# -- the adviser against independent counts -------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_bust_probability_is_the_share_of_unseen_cards_that_go_over(data):
    order = data.draw(st.permutations(DECK))
    n_hand = data.draw(st.integers(1, 4))
    n_seen = data.draw(st.integers(0, 30))
    hand, seen = order[:n_hand], order[n_hand:n_hand + n_seen]
    total = half(hand)
    assume(total <= LIMIT)
    rest = [c for c in DECK if c not in hand and c not in seen]
    expected = Fraction(sum(1 for c in rest if total + HALF[c.rank] > LIMIT), len(rest))
    assert bust_probability(hand, seen) == expected


def brute_advise(deck, hand, hidden, bank, others, seen):
    """See below; `bank` `None` means the bank's first card is unknown to the player."""
    return _brute_advise(tuple(deck), tuple(hand), hidden, None if bank is None else tuple(bank), tuple(others),
                         tuple(seen))


def _brute_advise(deck, hand, hidden, bank, others, seen):
    """(stand, ask face up, ask face down) for the player, by brute force over actual cards.

    The player plays last before the bank; the other players' hidden cards are distinct unseen cards keeping
    them at or under 7½ (every valid assignment equally likely); the bank decides with `brute_bank` from
    what it sees; after asking, the player goes on the best way.
    """
    truth = tuple(c for c in deck if c not in hand and c not in (bank or ()) and c not in seen
                  and not any(c in o for o in others))
    others_visible = tuple(half(o) for o in others)
    unknown_bank = 1 if bank is None else 0

    def valid_hidden(avoid):
        """Other players' hidden cards, then the bank's card if the player does not know it."""
        free = [c for c in truth if c not in avoid]
        return [h for h in itertools.permutations(free, len(others) + unknown_bank)
                if all(v + HALF[c.rank] <= LIMIT for v, c in zip(others_visible, h))]

    @lru_cache(maxsize=None)
    def bank_draws(bank_cards, player_visible):
        public_gone = set(bank_cards) | set(player_visible) | set(seen) | {c for o in others for c in o}
        unseen = tuple(c for c in deck if c not in public_gone)
        views = ((half(player_visible), 1),) + tuple((v, 1) for v in others_visible)
        stand, draw = brute_bank(unseen, half(bank_cards), views)
        return draw is not None and draw > stand

    def bank_play(bank_cards, player_cards, player_visible, left):
        """Player's expected result as the bank plays from `bank_cards` with `left` cards in the deck."""
        bt = half(bank_cards)
        if bt > LIMIT or not left or not bank_draws(bank_cards, player_visible):
            return Fraction(-bank_net(half(player_cards), 1, bt))
        return sum(bank_play(tuple(sorted(bank_cards + (c,))), player_cards, player_visible,
                             tuple(x for x in left if x != c)) for c in left) / len(left)

    def stand(drawn, hid):
        player_cards = tuple(hand) + drawn
        visible = tuple(sorted(c for c in player_cards if c != hid))
        hs = valid_hidden(set(drawn))
        return sum(bank_play(tuple(sorted(bank if bank is not None else h[-1:])), player_cards, visible,
                             tuple(c for c in truth if c not in drawn and c not in h)) for h in hs) / len(hs)

    @lru_cache(maxsize=None)
    def values(drawn, hid):
        s = stand(drawn, hid)
        total = half(tuple(hand) + drawn)
        weights = {c: len(valid_hidden(set(drawn) | {c})) for c in truth if c not in drawn}
        mass = sum(weights.values())
        if total >= LIMIT or mass == 0:
            return s, None, None
        up = down = Fraction(0)
        for c, w in weights.items():
            if not w:
                continue
            p = Fraction(w, mass)
            if total + HALF[c.rank] > LIMIT:
                up -= p
                down -= p
            else:
                up += p * max(x for x in values(drawn + (c,), hid) if x is not None)
                down += p * max(x for x in values(drawn + (c,), c) if x is not None)
        return s, up, down

    return values((), hidden)


@st.composite
def adviser_positions(draw):
    size = draw(st.integers(6, 8))
    deck = draw(st.lists(st.sampled_from(DECK), unique=True, min_size=size, max_size=size))
    order = list(draw(st.permutations(deck)))
    n_hand = draw(st.integers(1, 2))
    hand, order = order[:n_hand], order[n_hand:]
    bank, order = order[:1], order[1:]
    n_others = draw(st.integers(0, 1))
    others = []
    for _ in range(n_others):
        k = draw(st.integers(0, 1))
        others.append(tuple(order[:k]))
        order = order[k:]
    n_seen = draw(st.integers(0, 1))
    seen, order = order[:n_seen], order[n_seen:]
    return deck, tuple(hand), tuple(bank), tuple(others), tuple(seen)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(adviser_positions())
def test_adviser_expected_values_match_brute_force_on_small_decks(position):
    deck, hand, bank, others, seen = position
    assume(half(hand) <= LIMIT and all(half(o) < LIMIT for o in others))
    truth = [c for c in deck if c not in hand + bank + seen and not any(c in o for o in others)]
    assume(len(truth) > len(others))
    try:
        advice = advise(hand, seen=seen, bank=bank, others=others, deck=deck)
    except RulesError:
        return  # impossible positions (no valid hidden card for another player)
    stand, up, down = brute_advise(deck, hand, hand[0], bank, others, seen)
    assert advice.stand == stand
    assert advice.ask_face_up == up and advice.ask_face_down == down


@pytest.mark.parametrize("deck, hand, others", [
    ("1o 2o 3o 4o Sb Cc 5e", "3o", ()),
    ("1o 2o 3o 4o Sb Cc 5e 6b", "Sb 1o", ()),
    ("1o 2o 3o 4o Sb Cc 5e 6b", "2o", ("5e",)),
])
def test_adviser_with_the_bank_s_card_unknown_matches_brute_force(deck, hand, others):
    deck, hand, others = cards(deck), cards(hand), tuple(cards(o) for o in others)
    advice = advise(hand, deck=deck, others=others)
    expected = brute_advise(deck, hand, hand[0], None, others, ())
    assert (advice.stand, advice.ask_face_up, advice.ask_face_down) == expected


def test_standing_on_seven_and_a_half_is_advised_and_asking_is_not_offered():
    advice = advise(cards("7o Sb"), bank=cards("4c"))
    assert advice.bust == 1 and advice.best == "stand" and advice.ask_face_up is None


# -- exact tables, fast and from the walk ----------------------------------------------------------------


def test_seven_and_a_half_with_two_cards_counted_pair_by_pair():
    pairs = list(itertools.combinations(DECK, 2))
    hits = sum(1 for a, b in pairs if HALF[a.rank] + HALF[b.rank] == LIMIT)
    assert len(pairs) == 780 and hits == 4 * 12  # a seven and a figure: 4 × 12
    assert seven_and_a_half_two_cards(composition(DECK)) == Fraction(hits, len(pairs)) == Fraction(4, 65)


def test_bust_table_counted_card_by_card():
    rows = bust_table(composition(DECK))
    assert [r.total for r in rows] == list(range(1, 16))
    for row in rows:
        t = row.total
        assert row.full_deck == Fraction(sum(1 for c in DECK if t + HALF[c.rank] > LIMIT), 40)
        singles = [c for c in DECK if HALF[c.rank] == t]
        if singles:
            own = singles[0]
            assert row.one_card == Fraction(sum(1 for c in DECK if c != own and t + HALF[c.rank] > LIMIT), 39)
        else:
            assert row.one_card is None
    # plain arithmetic: with 4 the cards 4 to 7 go over (16 of 40), with 4 as one card 15 of 39
    assert rows[7].full_deck == Fraction(16, 40) and rows[7].one_card == Fraction(15, 39)


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("removed", ["", "7o 7c", "Sb Co Rc 1o 4e", "7o 7c 7e 7b"])
def test_walk_equals_fast_for_every_preset(name, removed):
    rules = PRESETS.get(name).with_options(decks=1)
    counts = SIETE_Y_MEDIO.classes.without(1, cards(removed))
    fast = analyze(SIETE_Y_MEDIO, rules, counts, "fast")
    assert analyze(SIETE_Y_MEDIO, rules, counts, "walk") == fast
    # independent: two cards from the deck left, counted pair by pair
    left = [c for c in DECK if c not in cards(removed)]
    pairs = list(itertools.combinations(left, 2))
    assert fast.line("seven_and_a_half_two_cards").probability == Fraction(
        sum(1 for a, b in pairs if HALF[a.rank] + HALF[b.rank] == LIMIT), len(pairs))


def test_the_walk_tallies_the_player_s_two_cards():
    distribution = walk_exact(SIETE_Y_MEDIO.new_coup(PRESETS.get()), composition(DECK), ANALYSIS_CONDUCT)
    assert sum(distribution.values()) == 1
    assert all(len(players[0]) == 2 and len(bank) == 1 for players, bank in distribution)
    # the player's first card is a figure with probability 12/40
    assert sum(p for (players, _), p in distribution.items() if players[0][0] == 1) == Fraction(12, 40)


def test_the_analysis_follows_the_deck_and_the_conduct_not_the_open_rules():
    rules = PRESETS.get()
    full = analyze(SIETE_Y_MEDIO, rules)
    # The table is a property of the deck: the variables the source leaves open do not change it ...
    assert analyze(SIETE_Y_MEDIO, SieteYMedioRules(bank_card_face_up=True, max_bet=5), method="walk") == full
    # ... the cards out of the deck do: the four sevens out leave no 7½ with two cards.
    no_sevens = SIETE_Y_MEDIO.classes.without(1, cards("7o 7c 7e 7b"))
    assert analyze(SIETE_Y_MEDIO, rules, no_sevens, "walk").line("seven_and_a_half_two_cards").probability == 0
    # A player who stands on one card never shows two cards: the walk's distribution follows the conduct.
    stands = EngineTable(PlayerStyle(cards=1), BankConduct(stands_from=0))
    distribution = walk_exact(SIETE_Y_MEDIO.new_coup(rules), composition(DECK), stands)
    assert all(len(players[0]) == 1 for players, _ in distribution)
    # A bank that draws below 4 shows more than one card in some hands.
    draws = EngineTable(PlayerStyle(cards=2), BankConduct(stands_from=8))
    assert any(len(bank) > 1 for _, bank in walk_exact(SIETE_Y_MEDIO.new_coup(rules), composition(DECK), draws))


def test_too_few_cards_for_an_analysis():
    with pytest.raises(CardError, match="at least 3"):
        analyze(SIETE_Y_MEDIO, PRESETS.get(), (1, 1, 0, 0, 0, 0, 0, 0))


# -- narration and translations ------------------------------------------------------------------------


def test_every_event_of_many_hands_and_games_is_narrated_in_every_language():
    for seed in range(20):
        hand = deal_hand(seed, ENGINE, seats=5).coup
        for lang in ("es", "ca", "en"):
            lines = [narrate(e, lang) for e in hand.events]
            assert all(lines) and not any("{" in line for line in lines)
    game = SieteYMedioGame(seats=4, seed=5)
    offering = EngineTable(PlayerStyle(offer=10))
    while not game.is_over:
        game.play_hand(offering)
        game.finish_hand()
    events = game.events
    assert all(isinstance(e, Event) for e in events)
    assert any(isinstance(e, OfferAnswered) and e.accepted for e in events)
    for lang in ("es", "ca", "en"):
        lines = [narrate(e, lang) for e in events]
        assert all(lines) and not any("{" in line for line in lines)


def test_english_narration_of_a_hand():
    hand, shoe = stacked("1o 5c Sb 7c 2e")
    act(hand, shoe, "bet:2", "ask-face-down", "stand", "draw")
    text = [narrate(e, "en") for e in hand.events]
    assert text[0] == "Player 2 receives a card face down: the ace of coins."
    assert text[1] == "The bank deals itself a card face down: the five of cups."
    assert text[2] == "Player 2 bets 2 points."
    assert text[3] == ("Player 2 asks for a card face down and turns up the ace of coins; the new hidden card is "
                       "the jack of clubs, 1½ in all (a player keeps one card face down at most: asking for a card "
                       "face down turns the hidden one face up; source 001).")
    assert "Player 2 stands with 1 showing, 1½ in all." in text
    assert ("The bank goes over 7½ with 12 (a bank that goes over 7½ pays every player who stood; source 001)."
            in text)
    assert "The bank has 5 and draws." in text  # the reader's own decision: no rule, no expected values


def test_spanish_narration_names_the_rule_that_applied():
    tie, shoe = stacked("5o 4c 1e 2b")
    act(tie, shoe, "bet:3", "ask-face-up", "stand", "draw", "stand")
    lines = [narrate(e, "es") for e in tie.events]
    assert "El jugador 2 empata con la banca a 6 y pierde 3 puntos (los empates los gana la banca; fuente 001)." \
        in lines


def test_spanish_deck_vocabulary_and_catalan_apostrophes_in_the_catalogs():
    suits = ("of coins", "of cups", "of swords", "of clubs")
    assert [translate(k, "es") for k in suits] == ["de oros", "de copas", "de espadas", "de bastos"]
    assert [translate(k, "ca") for k in suits] == ["d’ors", "de copes", "d’espases", "de bastos"]
    assert translate("the ace {of_suit}", "ca") == "l’as {of_suit}"
    assert [translate(f"the {r} {{of_suit}}", "es") for r in ("jack", "knight", "king")] == [
        "la sota {of_suit}", "el caballo {of_suit}", "el rey {of_suit}"]
    assert [translate(f"the {r} {{of_suit}}", "ca") for r in ("jack", "knight", "king")] == [
        "la sota {of_suit}", "el cavall {of_suit}", "el rei {of_suit}"]
    assert translate("Player {seat} asks for a card face down and turns up {turned}; the new hidden card is "
                     "{card}, {total} in all.", "es").startswith("El jugador {seat} pide carta boca abajo")


# -- command line ----------------------------------------------------------------------------------------


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_deal_narrates_one_hand_and_is_repeatable(capsys):
    status, out, err = run(capsys, "deal", "siete-y-medio", "--seed", "7", "--lang", "ca")
    assert status == 0, err
    assert len(out.splitlines()) == len(deal_hand(7, ENGINE).coup.events)
    assert out == run(capsys, "deal", "siete-y-medio", "--seed", "7", "--lang", "ca")[1]
    english = run(capsys, "deal", "siete-y-medio", "--seed", "7", "--lang", "en")[1]
    assert "Player 2 receives a card face down" in english and "The bank" in english


def test_cli_shoe_plays_a_whole_game(capsys):
    status, out, err = run(capsys, "shoe", "siete-y-medio", "--seed", "3", "--lang", "en")
    assert status == 0, err
    assert out.startswith("Game over after 10 hands.")
    verbose = run(capsys, "shoe", "siete-y-medio", "--seed", "3", "--lang", "en", "--verbose")[1]
    assert verbose.startswith("Hand 1, bank: player 1. Points:") and "Hand 10," in verbose


def test_cli_analyze_json_counts(capsys):
    status, out, err = run(capsys, "analyze", "siete-y-medio", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert Fraction(report["seven_and_a_half_two_cards"]["exact"]) == Fraction(48, 780)
    assert report["seven_and_a_half_two_cards"]["probability"] == pytest.approx(48 / 780, abs=1e-15)
    rows = report["bust_next_card"]
    assert [r["points"] for r in rows] == [t / 2 for t in range(1, 16)]
    for row, t in zip(rows, range(1, 16)):
        over = sum(1 for c in DECK if t + HALF[c.rank] > LIMIT)
        assert Fraction(row["full_deck"]["exact"]) == Fraction(over, 40)
    assert rows[-1]["total"] == "7½" and Fraction(rows[-1]["full_deck"]["exact"]) == 1


@pytest.mark.parametrize("removed", ["", "7o 7c"])
def test_cli_analyze_walk_equals_fast(capsys, removed):
    fast = json.loads(run(capsys, "analyze", "siete-y-medio", "--remove", removed, "--json", "--method", "fast")[1])
    walk = json.loads(run(capsys, "analyze", "siete-y-medio", "--remove", removed, "--json", "--method", "walk")[1])
    assert (walk["rules"].pop("method"), fast["rules"].pop("method")) == ("walk", "fast")
    assert walk == fast and walk["seven_and_a_half_two_cards"]


def test_cli_analyze_with_removed_cards(capsys):
    report = json.loads(run(capsys, "analyze", "siete-y-medio", "--remove", "7o 7c", "--json")[1])
    # 2 sevens × 12 figures out of C(38, 2) = 703 pairs
    assert Fraction(report["seven_and_a_half_two_cards"]["exact"]) == Fraction(24, 703)


def test_cli_analyze_text_is_locale_formatted(capsys):
    assert "6,1538\u00a0%" in run(capsys, "analyze", "siete-y-medio", "--lang", "es")[1]
    assert "6.1538%" in run(capsys, "analyze", "siete-y-medio", "--lang", "en")[1]


def test_cli_advise_bust_probability(capsys):
    status, out, err = run(capsys, "advise", "siete-y-medio", "--cards", "4o", "--seen", "7c Sb", "--json")
    assert status == 0, err
    report = json.loads(out)
    # 37 cards left; over 7½ from 4: the fours (3 left), fives, sixes (4 each) and sevens (3 left) = 14
    assert report["bust_exact"] == "14/37"
    assert report["bust_probability"] == pytest.approx(14 / 37, abs=1e-15)
    assert report["expected"] is None


def test_cli_advise_expected_values_with_the_bank_s_card(capsys):
    status, out, err = run(capsys, "advise", "siete-y-medio", "--cards", "Sb 7o", "--bank", "5e", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["bust_exact"] == "1"
    # on 7½ any card goes over, so only standing is offered
    advice = advise(cards("Sb 7o"), bank=cards("5e"))
    assert Fraction(report["expected"]["stand"]["exact"]) == advice.stand
    assert report["best"] == "stand" and report["expected"]["ask_face_up"] is None
    text = run(capsys, "advise", "siete-y-medio", "--cards", "4o", "--bank", "5e", "--lang", "en")[1]
    assert "Best:" in text and "standing" in text


def test_cli_advise_on_a_full_deck_position(capsys):
    # The bust count by hand: from 6, every card from 2 to 7 goes over (24 cards), less the 3o and 3c in hand and
    # the 6o and 5e seen: 20, out of the 35 cards left once the hand, the seen cards and the bank's Rc are out.
    report = json.loads(run(capsys, "advise", "siete-y-medio", "--cards", "3o 3c", "--seen", "6o 5e", "--bank",
                            "Rc", "--json")[1])
    assert report["bust_exact"] == str(Fraction(20, 35))
    advice = advise(cards("3o 3c"), seen=cards("6o 5e"), bank=cards("Rc"))
    assert Fraction(report["expected"]["ask_face_down"]["exact"]) == advice.ask_face_down


@pytest.mark.parametrize("args, fragment", [
    (["advise", "siete-y-medio", "--cards", "4x"], "'4x'"),
    (["advise", "siete-y-medio", "--cards", "As"], "'As'"),
    (["advise", "siete-y-medio", "--cards", "4o", "--seen", "7c 4o"], "4o"),
    (["advise", "siete-y-medio", "--cards", "4o", "--seen", "7c 7c"], "7c"),
    (["advise", "siete-y-medio", "--cards", "4o", "--seen", " ".join(str(c) for c in DECK if str(c) != "4o")],
     "do not fit in one deck"),
    (["advise", "siete-y-medio", "--cards", "7o 1o"], "8"),
    (["advise", "siete-y-medio", "--cards", ""], "at least one card"),
    (["advise", "siete-y-medio", "--cards", "4o", "--hidden", "5o"], "5o"),
    (["advise", "punto-banca", "--cards", "4o"], "punto-banca"),
    (["deal", "siete-y-medio", "--decks", "2"], "--decks"),
    (["deal", "siete-y-medio", "--commission", "0.05"], "--commission"),
    (["deal", "siete-y-medio", "--preset", "vegas"], "'vegas'"),
    (["deal", "siete-y-medio", "--seed", "x"], "'x'"),
    (["analyze", "siete-y-medio", "--remove", "7o 7o"], "7o"),
    (["analyze", "siete-y-medio", "--method", "guess"], "guess"),
])
def test_cli_bad_input_gets_one_line_and_status_2(capsys, args, fragment):
    status, out, err = run(capsys, *args, "--lang", "en")
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], err
    assert "Traceback" not in err


def test_cli_errors_are_translated_where_the_catalog_has_the_message(capsys):
    assert "Carta desconocida '4x'" in run(capsys, "advise", "siete-y-medio", "--cards", "4x", "--lang", "es")[2]
    assert "Carta desconeguda '4x'" in run(capsys, "advise", "siete-y-medio", "--cards", "4x", "--lang", "ca")[2]


def test_help_lists_the_advise_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "advise" in capsys.readouterr().out
