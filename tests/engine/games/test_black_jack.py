"""Black Jack: the rules against source 001 (and 002), the dealer's exact table against an independent enumeration
and Wizard of Odds' published tables, the decision values against Wizard of Odds' appendix 9 and a brute force
written here, the coup on the protocol (stacked shoes and 10,000 seeded coups against the rules), walk == fast,
narration, command line.

Published references (Michael Shackleford, wizardofodds.com):
- "Dealer Probabilities in Blackjack", Blackjack Appendix 2B (2004): the dealer's final totals by up card before any
  peek, 1 deck, dealer stands on soft 17.
- Blackjack Appendix 9, "Six deck, dealer hits on soft 17, no hole card" and "Eight decks, dealer hits on soft 17, no
  hole card" (2019): the value of standing, hitting and doubling for each two cards against the dealer's ace, "created
  using a recursive combinatorial program that considered the exact hand composition at every step".
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import pytest

from naipes.cli import main
from naipes.core.cards import Card, full_deck, parse_cards
from naipes.core.drive import analyze, play, play_shoe
from naipes.core.errors import IllegalActionError, RulesError
from naipes.core.narration import narrate
from naipes.core.shoe import Shoe
from naipes.games.black_jack import BLACK_JACK
from naipes.games.black_jack.coup import BlackJackCoup, Stakes
from naipes.games.black_jack.dealer import BLACKJACK, BUST, dealer_distribution, dealer_table, draws
from naipes.games.black_jack.events import (BlackjackPaidAtOnce, BlackjackWaits, CardToHand, DealerCard, HandBusts,
                                            HandSettled, PerfectPairsSettled, PlayerActs)
from naipes.games.black_jack.expectation import Evaluator, split_patterns
from naipes.games.black_jack.hands import VALUE_CLASSES, Total, add_card, hand_total
from naipes.games.black_jack.rules import PRESETS, BlackJackRules
from naipes.games.black_jack.side_bets import insurance_edge, pair_kind, perfect_pairs_edge, without_ace
from naipes.games.black_jack.strategy import deal_weight
from source_documents import normalised, source_text

RULES = PRESETS.get()
LANGS = ("es", "ca", "en")
# Written here from the source's words: tens and figures are worth 10 ("un par de cartas que valgan 10 puntos"),
# an ace 1 or 11, the others their index.
VALUE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def counts(decks: int) -> tuple[int, ...]:
    found = [0] * 10
    for card in full_deck():
        found[min(VALUE[card.rank], 10) - 1] += decks
    return tuple(found)


def coup_from(text: str, rules: BlackJackRules = RULES, answers=(), stakes=None) -> BlackJackCoup:
    """A coup dealt from a shoe whose cards are `text` in order, the reader taking every decision."""
    coup = BlackJackCoup(rules, stakes)
    play(coup, Shoe(cards(text)), None, answers=list(answers))
    return coup


# -- the rules, from the sources ------------------------------------------------------------------------------


def test_every_quote_of_the_preset_is_in_its_source():
    assert RULES.citations and RULES.interpretations and RULES.sources == ("001", "002")
    for citation in RULES.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_values_follow_the_source():
    for card in full_deck():
        total = hand_total([card])
        assert total.points == (11 if card.rank == "A" else VALUE[card.rank])
    assert hand_total(cards("As 6d")) == Total(17, True) and hand_total(cards("As 6d Tc")) == Total(17, False)


def test_the_dealer_stands_on_every_17_as_the_source_says():
    # "debe contarlo como once 11 puntos si con este valor alcanza 17 o más, a menos que sobrepase los 21 puntos"
    assert not draws(Total(17, True), RULES.hits_soft_17) and draws(Total(16, False), False)
    assert draws(Total(17, True), True)


def test_the_cut_leaves_52_cards_and_one_card_is_burned():
    # "dejando al menos 52 cartas al final"; "el croupier debe quemar la primera carta del mazo".
    assert RULES.stop_card.cards_below == 52 and RULES.burn.count == 1
    with pytest.raises(RulesError):
        BlackJackRules(cut_cards_behind=400)


# -- the dealer's table -------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def brute_dealer(shoe: tuple[int, ...], hand: tuple[int, ...], hits_soft_17: bool) -> dict:
    """The dealer's final result by plain recursion over every card, with Fractions (independent of the engine)."""
    hard = sum((i + 1) * n for i, n in enumerate(hand))
    soft = hand[0] and hard + 10 <= 21
    best = hard + 10 if soft else hard
    if sum(hand) == 2 and best == 21:
        return {BLACKJACK: Fraction(1)}
    if best > 21:
        return {BUST: Fraction(1)}
    if best > 17 or (best == 17 and not (hits_soft_17 and soft)):
        return {best: Fraction(1)}
    left = sum(shoe)
    result: dict = {}
    for i, n in enumerate(shoe):
        if n:
            for final, p in brute_dealer(add_card(shoe, i, -1), add_card(hand, i), hits_soft_17).items():
                result[final] = result.get(final, Fraction(0)) + Fraction(n, left) * p
    return result


@pytest.mark.parametrize("hits_soft_17", [False, True])
@pytest.mark.parametrize("first", [0, 1, 5, 9])
def test_the_dealers_table_equals_an_independent_enumeration(first, hits_soft_17):
    shoe = add_card(add_card(counts(1), first, -1), 9, -6)  # some tens out: an uneven shoe
    expected = brute_dealer(shoe, add_card((0,) * 10, first), hits_soft_17)
    found = dealer_distribution(shoe, first, hits_soft_17)
    assert {k: v for k, v in found.items() if v} == expected


# Wizard of Odds, Blackjack Appendix 2B, 1 deck, dealer stands on soft 17: 17, 18, 19, 20, 21, BJ, bust.
WIZARD_2B = {
    0: (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
    1: (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0, 0.352973),
    5: (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0, 0.420823),
    9: (0.114418, 0.112879, 0.114662, 0.328879, 0.0364661, 0.0784314, 0.214264),
}


@pytest.mark.parametrize("first", sorted(WIZARD_2B))
def test_the_dealers_table_reproduces_wizard_of_odds_appendix_2b(first):
    row = dealer_table(counts(1))[first]
    for final, published in zip((17, 18, 19, 20, 21, BLACKJACK, BUST), WIZARD_2B[first]):
        assert float(row[final]) == pytest.approx(published, abs=6e-7)


# -- decision values ------------------------------------------------------------------------------------------

# Wizard of Odds, Blackjack Appendix 9, dealer's ace: stand, hit, double, and the chance of the deal.
WIZARD_9 = {
    6: {"2s As": (-0.722356, -0.379910, -1.024099, 0.00060719), "3s 2h": (-0.721887, -0.529734, -1.443774, 0.00063359),
        "6s 5h": (-0.720879, -0.235772, -0.535879, 0.00063359), "7s Ah": (-0.466029, -0.421285, -0.909374, None),
        "5s 4h": (-0.721243, -0.396287, -0.932671, 0.00063359)},
    8: {"2s As": (-0.722307, -0.378980, -1.024082, 0.00061298), "6s 5h": (-0.721201, -0.235977, -0.537869, 0.00063275),
        "4s 3h": (-0.721595, -0.553054, -1.369253, 0.00063275)},
}


@pytest.mark.parametrize("decks, hand", [(d, h) for d, rows in WIZARD_9.items() for h in rows])
def test_decision_values_reproduce_wizard_of_odds_appendix_9(decks, hand):
    # Appendix 9's rules: no hole card (a dealer's black jack takes everything), dealer hits soft 17, double on any
    # two cards; no surrender in those tables.
    rules = replace(RULES, decks=decks, hits_soft_17=True, double="any", surrender="none")
    full = VALUE_CLASSES.full(decks)
    evaluator = Evaluator(rules, 0, add_card(full, 0, -1))
    classes = VALUE_CLASSES.counts(cards(hand))
    stand, hit, double, chance = WIZARD_9[decks][hand]
    assert round(float(evaluator.stand(classes)), 6) == pytest.approx(stand, abs=1.1e-6)
    assert round(float(evaluator.hit(classes)), 6) == pytest.approx(hit, abs=1.1e-6)
    assert round(float(evaluator.double(classes)), 6) == pytest.approx(double, abs=1.1e-6)
    if chance is not None:
        # The appendix's probability column counts the deals in which the dealer's ace does not make black jack.
        tens_left = full[9] - classes[9]
        no_blackjack = 1 - Fraction(tens_left, sum(full) - 1 - sum(classes))
        assert float(deal_weight(full, classes, 0) * no_blackjack) == pytest.approx(chance, abs=6e-9)


@lru_cache(maxsize=None)
def brute_best(shoe: tuple[int, ...], hand: tuple[int, ...], first: int) -> Fraction:
    """The best of standing and hitting by brute force (no hole card, a dealer's black jack beats the hand)."""
    stand = brute_stand(shoe, hand, first)
    if sum((i + 1) * n for i, n in enumerate(hand)) + (10 if hand[0] else 0) >= 21 and _total(hand) >= 21:
        return stand
    return max(stand, brute_hit(shoe, hand, first))


def _total(hand) -> int:
    hard = sum((i + 1) * n for i, n in enumerate(hand))
    return hard + 10 if hand[0] and hard + 10 <= 21 else hard


def brute_stand(shoe, hand, first) -> Fraction:
    total = _total(hand)
    if total > 21:
        return Fraction(-1)
    dealer = brute_dealer(shoe, add_card((0,) * 10, first), False)
    value = Fraction(0)
    for final, p in dealer.items():
        if final == BLACKJACK:
            value -= p
        elif final == BUST or final < total:
            value += p
        elif final > total:
            value -= p
    return value


def brute_hit(shoe, hand, first) -> Fraction:
    left = sum(shoe)
    value = Fraction(0)
    for i, n in enumerate(shoe):
        if n:
            following = add_card(hand, i)
            after = add_card(shoe, i, -1)
            best = Fraction(-1) if _total(following) > 21 else brute_best(after, following, first)
            value += Fraction(n, left) * best
    return value


@pytest.mark.parametrize("hand, first", [("Ts 6h", 9), ("9s 3h", 3), ("As 6h", 8)])
def test_stand_and_hit_equal_a_brute_force_on_a_small_shoe(hand, first):
    # A shoe of 30 cards: the brute force recurses over every card (no formula shared with the engine).
    shoe = (2, 3, 3, 3, 3, 3, 3, 3, 2, 5)
    classes = VALUE_CLASSES.counts(cards(hand))
    evaluator = Evaluator(replace(RULES, decks=1), first, shoe)
    left = tuple(a - b for a, b in zip(shoe, classes))
    assert evaluator.stand(classes) == brute_stand(left, classes, first)
    assert evaluator.hit(classes) == brute_hit(left, classes, first)


def test_the_split_patterns_are_farmers_table():
    # Eric Farmer's table of the rounds a split may make (blackjackinfo.com, "Calculating split EVs exactly"):
    # up to three hands NN, NPxx, Pxxx; up to four hands NN, PNNN, NPNN, PPxxxx, PNPxxx, NPPxxx, PNNPxx, NPNPxx
    # (P a card of the pair, N another card, x any card): as (hands, hands with an N, orders).
    assert split_patterns(2, True) == ((2, 0, 1),)
    assert split_patterns(3, True) == ((2, 2, 1), (3, 0, 1), (3, 1, 1))
    assert split_patterns(4, True) == ((2, 2, 1), (3, 3, 2), (4, 0, 1), (4, 1, 2), (4, 2, 2))
    assert split_patterns(4, False) == ((2, 0, 1),)


# -- side bets -------------------------------------------------------------------------------------------------


def test_perfect_pairs_edge_equals_a_count_of_every_first_two_cards():
    # Pay table 25, 12, 6 to 1 (a common published table); two decks counted card by card.
    shoe = list(full_deck()) * 2
    win = total = 0
    for i, first in enumerate(shoe):
        for j, second in enumerate(shoe):
            if i == j:
                continue
            total += 1
            kind = pair_kind(first, second)
            win += {"perfect": 25, "coloured": 12, "mixed": 6, None: -1}[kind]
    assert perfect_pairs_edge((25, 12, 6), 2) == -Fraction(win, total)
    # Closed form for six decks: 311 cards after the first, 5 identical, 6 same colour, 12 other colour.
    assert perfect_pairs_edge((25, 12, 6), 6) == -Fraction(25 * 5 + 12 * 6 + 6 * 12 - (311 - 23), 311)


def test_insurance_edge_is_one_minus_three_times_the_chance_of_a_ten():
    for decks in (1, 6, 8):
        tens, left = 16 * decks, 52 * decks - 1
        assert insurance_edge(without_ace(counts(decks)), Fraction(2)) == 1 - 3 * Fraction(tens, left)


# -- the coup --------------------------------------------------------------------------------------------------


def test_a_black_jack_is_paid_at_once_against_a_small_card():
    coup = coup_from("As 6c Kh Ts 9d")
    paid = [e for e in coup.events if isinstance(e, BlackjackPaidAtOnce)]
    assert paid and paid[0].net == Fraction(3, 2) and coup.is_terminal()
    assert not [e for e in coup.events if isinstance(e, DealerCard)][1:]  # nothing waits: the dealer draws no more


def test_a_black_jack_waits_against_a_ten_and_ties_with_the_dealers():
    coup = coup_from("As Th Kd Ac")
    assert [e for e in coup.events if isinstance(e, BlackjackWaits)]
    assert coup.net() == {0: Fraction(0)}


def test_even_money_against_an_ace():
    coup = coup_from("As Ac Kd", answers=["even-money"])
    assert coup.is_terminal() and coup.net() == {0: Fraction(1)}


def test_insurance_is_offered_before_any_third_card_and_pays_two_to_one():
    coup = coup_from("Ts Ac 6d Kh", answers=["insure", "stand"])
    # Insurance (half the bet) wins 2 x 1/2; the hand loses 1 to the dealer's black jack.
    assert coup.is_terminal() and coup.net() == {0: Fraction(0)}


def test_split_aces_take_one_card_each_and_21_is_not_black_jack():
    coup = coup_from("As 7c Ad Kh Qs Tc", answers=["split"])
    hands = coup.boxes[0].hands
    assert [len(h.cards) for h in hands] == [2, 2] and hands[0].total.points == 21
    settled = [e for e in coup.events if isinstance(e, HandSettled)]
    assert [e.kind for e in settled] == ["wins", "wins"] and coup.net() == {0: Fraction(2)}  # paid 1 to 1, not 3 to 2


def test_a_pair_splits_again_up_to_four_hands():
    text = "8s 6c 8d 8h 8c 8s 2h 3c 4d Ts Tc"
    coup = coup_from(text, answers=["split", "split", "split", "stand", "stand", "stand", "stand"])
    assert len(coup.boxes[0].hands) == 4
    assert "split" not in coup.legal_actions()


def test_a_hand_over_21_loses_at_once_and_the_dealer_then_draws_no_card():
    coup = coup_from("Ts 6c 6d Kh", answers=["hit"])
    assert [e for e in coup.events if isinstance(e, HandBusts)] and coup.is_terminal()
    assert coup.net() == {0: Fraction(-1)}


def test_no_hole_card_the_dealers_black_jack_takes_the_double():
    coup = coup_from("5s Ac 5d 9h Kh", answers=["decline", "double"])
    assert coup.net() == {0: Fraction(-2)}
    original = coup_from("5s Ac 5d 9h Kh", replace(RULES, dealer_blackjack_takes="original"), ["decline", "double"])
    assert original.net() == {0: Fraction(-1)}


def test_surrender_is_refused_against_an_ace_as_the_source_says():
    coup = coup_from("Ts Ac 6d", answers=["decline"])
    assert "surrender" not in coup.legal_actions()
    coup = coup_from("Ts Tc 6d", answers=["surrender"])
    assert coup.net() == {0: Fraction(-1, 2)}


def test_perfect_pairs_is_settled_on_the_first_two_cards():
    coup = coup_from("Qh 5c Qd Ts 4c", answers=["stand"], stakes=[Stakes((1,), 2)])
    event = next(e for e in coup.events if isinstance(e, PerfectPairsSettled))
    assert event.kind == "coloured" and event.net == 24


def test_an_illegal_action_is_refused():
    coup = coup_from("Ts 6c 7d")
    with pytest.raises(IllegalActionError):
        coup.apply("split")
    with pytest.raises(IllegalActionError):
        coup.apply(Card("2", "c"))


def test_10000_seeded_coups_follow_the_rules():
    """Coups from seeded shoes to their cut card, played by the engine's basic strategy, checked event by event."""
    coups = 0
    seed = 0
    for decks in (1, 2):
        rules = RULES.with_options(decks=decks)
        while coups < 5000 * decks:
            seed += 1
            record = play_shoe(BLACK_JACK, rules, seed)
            sizes = [len([e for e in r.coup.events if isinstance(e, (CardToHand, DealerCard))]) for r in record.coups]
            before_cut = 52 * decks - rules.stop_card.cards_below
            # One burned card; every coup but the last starts before the cut card comes out, the last one takes it.
            assert record.burn is not None and len(record.burn.burned) == 1
            if record.stop_card_out:
                assert 1 + sum(sizes[:-1]) <= before_cut < 1 + sum(sizes)
            for coup_record in record.coups:
                coups += 1
                _check_coup(coup_record.coup)
    assert coups >= 10_000


def _check_coup(coup: BlackJackCoup) -> None:
    first = coup.dealer_first
    small = VALUE[first.rank] <= 9 and first.rank != "A"
    box = coup.boxes[0]
    for event in coup.events:
        if isinstance(event, PlayerActs) and event.action == "hit":
            assert event.total.points < 21  # "En ningún caso puede pedir cartas adicionales si ... 21 o más"
        if isinstance(event, BlackjackPaidAtOnce):
            assert small
        if isinstance(event, BlackjackWaits):
            assert not small
    for hand in box.hands:
        if hand.split and hand.cards[0].rank == "A":
            assert len(hand.cards) == 2  # one card per split ace
    assert len(box.hands) <= 4
    net = sum((getattr(e, "net", 0) for e in coup.events if isinstance(e, (HandSettled, BlackjackPaidAtOnce,
                                                                              PerfectPairsSettled))), Fraction(0))
    net -= sum((e.lost for e in coup.events if isinstance(e, HandBusts)), Fraction(0))
    net += sum((e.net for e in coup.events if type(e).__name__ in ("InsuranceSettled", "EvenMoneyDecided")),
               Fraction(0))
    net -= sum((e.lost for e in coup.events if type(e).__name__ == "HandSurrenders"), Fraction(0))
    assert net == coup.net()[0]


# -- analysis: walk == fast ------------------------------------------------------------------------------------


def test_the_walk_equals_the_fast_analysis_on_one_deck():
    rules = RULES.with_options(decks=1)
    assert analyze(BLACK_JACK, rules, method="walk") == analyze(BLACK_JACK, rules, method="fast")


def test_a_rule_change_changes_the_analysis():
    rules = RULES.with_options(decks=1)
    soft = replace(rules, hits_soft_17=True)
    shoe = VALUE_CLASSES.without(1, cards("2c"))  # a card out: the report leaves the full shoe's house edge aside
    assert analyze(BLACK_JACK, rules, shoe).extra["dealer"]["6"] != analyze(BLACK_JACK, soft, shoe).extra["dealer"]["6"]


# -- narration and the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_a_coup_is_narrated(lang):
    coup = coup_from("8s 6c 8d 3h Ts 2c 9d Kh", answers=["split", "stand", "stand"])
    lines = [narrate(e, lang) for e in coup.events]
    assert all(line and line[0].isupper() for line in lines)
    assert any("001" in line for line in lines)


def test_the_command_line_analyses_and_advises(capsys):
    assert main(["analyze", "black-jack", "--decks", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["dealer"]) == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10"}
    assert set(data["dealer"]["A"]) == {"bust", "blackjack", "17", "18", "19", "20", "21"}
    assert {"house_edge", "perfect_pairs", "insurance"} <= set(data)
    assert Fraction(data["insurance"]["exact"]) == Fraction(16, 51)
    assert main(["advise", "black-jack", "--cards", "Th 6s", "--dealer", "10", "--decks", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best"] in data["actions"] and set(data["actions"]) >= {"stand", "hit"}
    evaluator = Evaluator(RULES.with_options(decks=1), 9, add_card(counts(1), 9, -1))
    assert Fraction(data["actions"]["stand"]["exact"]) == evaluator.stand(VALUE_CLASSES.counts(cards("Th 6s")))


@pytest.mark.parametrize("argv", [["advise", "black-jack", "--cards", "Th 6s"],
                                  ["advise", "black-jack", "--cards", "Th 6s Kd", "--dealer", "5"],
                                  ["advise", "black-jack", "--cards", "Th", "--dealer", "5"],
                                  ["advise", "black-jack", "--cards", "Th 6s", "--dealer", "Z"],
                                  ["deal", "black-jack", "--commission", "0.05"]])
def test_bad_input_exits_2(capsys, argv):
    assert main(argv) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_every_sentence_is_translated():
    coups = [coup_from("8s 6c 8d 3h Ts 2c 9d Kh", answers=["split", "stand", "stand"]),
             coup_from("Ts Ac 6d Kh", answers=["insure", "stand"]), coup_from("As Ac Kd", answers=["even-money"]),
             coup_from("Ts Tc 6d", answers=["surrender"]), coup_from("Qh 5c Qd Ts 4c", answers=["stand"],
                                                                     stakes=[Stakes((1,), 2)])]
    for coup in coups:
        for event in coup.events:
            en, es, ca = (narrate(event, lang) for lang in ("en", "es", "ca"))
            assert es != en and ca != en and es != ca, en


@pytest.mark.parametrize("lang", LANGS)
def test_deal_and_shoe_narrate_and_count(capsys, lang):
    assert main(["deal", "black-jack", "--seed", "5", "--lang", lang]) == 0
    assert capsys.readouterr().out.count("\n") >= 6
    assert main(["shoe", "black-jack", "--decks", "1", "--seed", "5", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) >= 9


def test_split_aces_that_may_split_again_only_split_or_stand():
    rules = replace(RULES, resplit_aces=True)
    coup = coup_from("As 7c Ad Ah", rules, answers=["split"])
    assert coup.legal_actions() == ("stand", "split")
