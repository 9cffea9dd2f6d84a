"""The dealt coup with the American peek (`--hole-card peek`) against the European deal (no hole card).

With the peek the dealer takes its second card face down at the end of the deal and, with an ace or a ten-valued card
up, looks at it before the hands play: a black jack ends the coup at once and takes the original bet only. Over seeded
shoes, the two procedures are dealt so that every card goes to the same place (the peek's hole card is the European
dealer's second card, the cards after it the same hits and the same dealer's draws), the box played by one policy
written here:

- where the dealer has no black jack, the two coups are the same coup: the same hands, dealer's cards and result;
- where it has one, the peek ends the coup before any play (the box loses its one bet, a black jack pushes, insurance
  is paid), while the European box has played on and loses every bet it made, doubles and splits too.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from naipes.core.cards import Card, full_deck
from naipes.core.model import CHANCE
from naipes.core.narration import narrate
from naipes.games.black_jack.coup import BlackJackCoup
from naipes.games.black_jack.events import (BlackjackPaidAtOnce, DealerBlackjack, DealerPeeks, HoleCardDealt,
                                            HoleCardTurned, PlayerActs)
from naipes.games.black_jack.rules import PRESETS

EUROPEAN = replace(PRESETS.get(), decks=1, double="any", surrender="none", hole_card="none")
PEEK = replace(EUROPEAN, hole_card="peek")
POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, **{str(n): n for n in range(2, 10)}}


def points(cards) -> int:
    hard = sum(POINTS[c.rank] for c in cards)
    return hard + 10 if any(c.rank == "A" for c in cards) and hard + 10 <= 21 else hard


def policy(coup: BlackJackCoup) -> str:
    """A simple fixed play (not the engine's, nor the best): no insurance, split 8s and aces, double 9 to 11, hit
    below 17 against 7 or more and below 12 otherwise."""
    legal = coup.legal_actions()
    if "decline" in legal:
        return "decline"
    hand = coup.boxes[0].hands[coup.pending()[2]]
    up = POINTS[coup.dealer_first.rank]
    total = points(hand.cards)
    if "split" in legal and hand.cards[0].rank in "8A":
        return "split"
    if "double" in legal and total in (9, 10, 11):
        return "double"
    if "hit" in legal and total < (17 if up >= 7 or up == 1 else 12):
        return "hit"
    return "stand"


def dealt(rules, shoe: list[Card]) -> BlackJackCoup:
    """The coup of `rules` played by `policy`: deal p1, the dealer's card, p2 (and with the peek the hole card,
    `shoe[3]`); then the hits from `shoe[4:]`, the European dealer's second card being `shoe[3]`."""
    coup = BlackJackCoup(rules)
    hole, stream = shoe[3], iter(shoe[4:])
    for card in shoe[:4] if rules.hole_card == "peek" else shoe[:3]:
        coup.apply(card)
    while not coup.is_terminal():
        if coup.current_player() != CHANCE:
            coup.apply(policy(coup))
            continue
        dealers_turn = all(hand.status != "playing" for hand in coup.boxes[0].hands)
        if dealers_turn and len(coup.dealer_cards) == 1 and rules.hole_card == "none":
            coup.apply(hole)
        else:
            coup.apply(next(stream))
    return coup


SEEDS = range(1500)


def shoes():
    for seed in SEEDS:
        cards = list(full_deck())
        random.Random(seed).shuffle(cards)
        yield seed, cards


def test_without_a_dealers_black_jack_the_two_procedures_are_the_same_coup():
    checked = 0
    for seed, shoe in shoes():
        if points([shoe[1], shoe[3]]) == 21:
            continue
        peek, european = dealt(PEEK, shoe), dealt(EUROPEAN, shoe)
        assert [h.cards for h in peek.boxes[0].hands] == [h.cards for h in european.boxes[0].hands], seed
        assert peek.net() == european.net(), seed
        played = [e.action for e in peek.events if isinstance(e, PlayerActs)]
        assert played == [e.action for e in european.events if isinstance(e, PlayerActs)], seed
        turned = [e for e in peek.events if isinstance(e, HoleCardTurned)]
        # The hole card is turned over only when a bet waits for the dealer's hand.
        if any(isinstance(e, HoleCardTurned) for e in peek.events):
            assert peek.dealer_cards == european.dealer_cards and turned[0].card == shoe[3], seed
        peeks = [e for e in peek.events if isinstance(e, DealerPeeks)]
        assert len(peeks) == (1 if POINTS[shoe[1].rank] in (1, 10) else 0) and not any(p.blackjack for p in peeks)
        checked += 1
    assert checked > 1400


def test_with_a_dealers_black_jack_the_peek_takes_the_original_bet_before_any_play():
    found = differ = 0
    for seed, shoe in shoes():
        if points([shoe[1], shoe[3]]) != 21:
            continue
        found += 1
        peek, european = dealt(PEEK, shoe), dealt(EUROPEAN, shoe)
        assert not [e for e in peek.events if isinstance(e, PlayerActs)], seed
        assert any(isinstance(e, DealerPeeks) and e.blackjack for e in peek.events)
        assert any(isinstance(e, DealerBlackjack) for e in peek.events) and peek.is_terminal()
        natural = points(shoe[0:3:2]) == 21
        assert peek.net() == {0: Fraction(0 if natural else -1)}, seed
        lost = sum((sum(h.bets, Fraction(0)) for h in european.boxes[0].hands), Fraction(0))
        assert european.net() == {0: Fraction(0) if natural else -lost}, seed
        differ += european.net() != peek.net()
    assert found > 40 and differ > 5  # splits and doubles against a ten up: the European box loses them too


def test_a_players_black_jack_waits_for_the_peek_against_an_ace_or_a_ten_and_is_paid_at_once_otherwise():
    from naipes.core.cards import parse_cards
    for text, peeked in (("As 6c Kh 9d", False), ("As Tc Kh 9d", True), ("As Ac Kh 9d", True)):
        coup = BlackJackCoup(PEEK)
        for card in parse_cards(text):
            coup.apply(card)
        if not coup.is_terminal():
            coup.apply("decline")  # even money against the ace
        kinds = [type(e) for e in coup.events]
        assert HoleCardDealt in kinds and (DealerPeeks in kinds) == peeked
        paid = [e for e in coup.events if isinstance(e, BlackjackPaidAtOnce)]
        assert paid and paid[0].net == Fraction(3, 2) and coup.net() == {0: Fraction(3, 2)}
        if peeked:
            assert kinds.index(DealerPeeks) < kinds.index(BlackjackPaidAtOnce)


@pytest.mark.parametrize("lang", ("es", "ca", "en"))
def test_the_peek_is_narrated_in_every_language(lang):
    from naipes.core.i18n import translate
    seen = set()
    for seed, shoe in shoes():
        coup = dealt(PEEK, shoe)
        for event in coup.events:
            text = narrate(event, lang)
            assert text and "{" not in text
            if isinstance(event, (HoleCardDealt, DealerPeeks, HoleCardTurned)):
                seen.add((type(event).__name__, getattr(event, "blackjack", None)))
                if lang != "en":
                    assert text != narrate(event, "en")
        if len(seen) == 4:
            break
    assert len(seen) == 4
