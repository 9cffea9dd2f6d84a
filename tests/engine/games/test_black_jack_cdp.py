"""Splits under CDP (each split hand played its best way for every card seen when it is played) against a brute
force written here: the deal of tiny shoes walked card by card in the order the cards come out (the hole card, then
each split hand's cards in turn, then the dealer's), every hand's decision taken from its own values for the cards
unseen at that moment, and every finished deal settled against the dealer's actual hand.

Nothing here shares the engine's method (hand after hand, each valued in whole numbers, the dealer's hand as a
sum over its terminal multisets): the brute force follows the real deal and keeps no memory across hands but the
one-hand values its decisions read. The one-hand values take the dealer's black jack as the rules do: with the peek,
or a black jack taking the original bet only, given that the dealer has none (the hole card any unseen card that
makes none), else as any card.
"""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import pytest

from naipes.games.black_jack.expectation import Evaluator
from naipes.games.black_jack.rules import PRESETS

VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
ACE, TEN = 0, 9
DEALER_BLACKJACK, DEALER_BUST = 23, 22
BASE = replace(PRESETS.get(), decks=1, double="any", double_after_split=True, max_hands=2, resplit_aces=False,
               surrender="none", hole_card="none", dealer_blackjack_takes="all", split_strategy="cdp")


def points_of(hand) -> int:
    hard = sum(n * v for n, v in zip(hand, VALUES))
    return hard + 10 if hand[ACE] and hard + 10 <= 21 else hard


def soft(hand) -> bool:
    return points_of(hand) != sum(n * v for n, v in zip(hand, VALUES))


def plus(counts, index, n=1):
    return counts[:index] + (counts[index] + n,) + counts[index + 1:]


def cards_in(deck):
    return [(index, Fraction(count, sum(deck))) for index, count in enumerate(deck) if count]


def result(points, final) -> int:
    if points > 21 or final == DEALER_BLACKJACK or (final <= 21 and final > points):
        return -1
    return 1 if final == DEALER_BUST or points > final else 0


class BruteForce:
    def __init__(self, rules, up):
        self.rules, self.up = rules, up
        self.conditioned = rules.hole_card == "peek" or rules.dealer_blackjack_takes == "original"
        self.blackjack_card = {ACE: TEN, TEN: ACE}.get(up)
        self.finals = lru_cache(maxsize=None)(self._finals)
        self.values = lru_cache(maxsize=None)(self._values)

    def holes(self, deck):
        """The hole cards the dealer may hold, with their chances: given no black jack when `conditioned`."""
        allowed = [(i, c) for i, c in enumerate(deck) if c and not (self.conditioned and i == self.blackjack_card)]
        total = sum(c for _, c in allowed)
        return [(i, Fraction(c, total)) for i, c in allowed]

    def _finals(self, deck, dealer):
        """{final: chance} of the dealer holding `dealer` (counts) and drawing from `deck`."""
        points, cards = points_of(dealer), sum(dealer)
        if cards == 2 and points == 21:
            return {DEALER_BLACKJACK: Fraction(1)}
        if points > 21:
            return {DEALER_BUST: Fraction(1)}
        if points > 17 or points == 17 and not (soft(dealer) and self.rules.hits_soft_17):
            return {points: Fraction(1)}
        assert sum(deck), "the dealer ran out of cards: a shoe too small for these tests"
        found: dict[int, Fraction] = {}
        for card, chance in cards_in(deck):
            for final, p in self.finals(plus(deck, card, -1), plus(dealer, card)).items():
                found[final] = found.get(final, Fraction(0)) + chance * p
        return found

    def against_dealer(self, deck, hole, points) -> Fraction:
        """One unit's expected result of `points` against the dealer's up card and `hole`, drawing from `deck`."""
        dealer = plus(plus((0,) * 10, self.up), hole)
        return sum((p * result(points, final) for final, p in self.finals(deck, dealer).items()), Fraction(0))

    # --- one hand's values for what the player knows: `unseen` the cards unseen, the hole card among them --------

    def stand_value(self, unseen, points):
        return sum((p * self.against_dealer(plus(unseen, hole, -1), hole, points) for hole, p in self.holes(unseen)),
                   Fraction(0))

    def next_cards(self, unseen):
        """[(card, chance)] of the next card the hand takes, the hole card being one of the others."""
        found: dict[int, Fraction] = {}
        for hole, p in self.holes(unseen):
            for card, q in cards_in(plus(unseen, hole, -1)):
                found[card] = found.get(card, Fraction(0)) + p * q
        return sorted(found.items())

    def _values(self, unseen, hand, may_double):
        """{action: expected result per unit} of a hand (its cards out of `unseen`)."""
        found = {"stand": self.stand_value(unseen, points_of(hand))}
        if points_of(hand) >= 21:
            return found
        found["hit"] = sum((p * max(self.values(plus(unseen, card, -1), plus(hand, card), False).values())
                            for card, p in self.next_cards(unseen)), Fraction(0))
        if may_double:
            found["double"] = sum((2 * p * self.stand_value(plus(unseen, card, -1), points_of(plus(hand, card)))
                                   for card, p in self.next_cards(unseen)), Fraction(0))
        return found

    def decide(self, unseen, hand) -> str:
        """CDP: the best action for this hand from the cards unseen now (ties: stand, hit, double)."""
        hard = sum(n * v for n, v in zip(hand, VALUES))
        may_double = sum(hand) == 2 and self.rules.double_after_split and self.rules.doubles_on(hard, soft(hand))
        values = self.values(unseen, hand, may_double)
        return max(values, key=lambda a: (values[a], -("stand", "hit", "double").index(a)))

    # --- the deal, card by card ---------------------------------------------------------------------------------

    def split(self, shoe, pair) -> Fraction:
        """The split's expected result per unit of the first bet, `shoe` the cards after the up card (pair in);
        `conditioned`: given no dealer's black jack."""
        deck = plus(shoe, pair, -2)
        if self.conditioned:  # the hole card first, none making black jack; the player does not see it
            return sum((p * self.deal(plus(deck, hole, -1), hole, [[plus((0,) * 10, pair), 1, False],
                                                                    [plus((0,) * 10, pair), 1, False]], 0)
                        for hole, p in self.holes(deck)), Fraction(0))
        return self.deal(deck, None, [[plus((0,) * 10, pair), 1, False], [plus((0,) * 10, pair), 1, False]], 0)

    def deal(self, deck, hole, hands, current) -> Fraction:
        """The expected result from here: `hands` [cards, bets, finished], the `current` one to play, `deck` the
        cards still to come (the hole card out when it was dealt first)."""
        if current == len(hands):
            return self.settle(deck, hole, hands)
        cards, bets, _ = hands[current]
        unseen = deck if hole is None else plus(deck, hole)
        pair = self.pair
        if sum(cards) == 1:  # the second card: a pair card makes one more hand while the rules allow it
            total = Fraction(0)
            for card, p in cards_in(deck):
                rest = plus(deck, card, -1)
                if card == pair and len(hands) < self.rules.max_hands and (pair != ACE or self.rules.resplit_aces):
                    following = [list(h) for h in hands] + [[plus((0,) * 10, pair), 1, False]]
                else:
                    following = [list(h) for h in hands]
                    following[current][0] = plus(cards, card)
                total += p * self.deal(rest, hole, following, current)
            return total
        if pair == ACE or points_of(cards) >= 21:
            return self.deal(deck, hole, hands, current + 1)
        action = self.decide(unseen, cards)
        if action == "stand":
            return self.deal(deck, hole, hands, current + 1)
        total = Fraction(0)
        for card, p in cards_in(deck):
            following = [list(h) for h in hands]
            following[current][0] = plus(cards, card)
            if action == "double":
                following[current][1] = 2
                total += p * self.deal(plus(deck, card, -1), hole, following, current + 1)
            else:
                total += p * self.deal(plus(deck, card, -1), hole, following, current)
        return total

    def settle(self, deck, hole, hands) -> Fraction:
        """Every hand's bets against the dealer's final hand."""
        holes = [(hole, Fraction(1))] if hole is not None else cards_in(deck)
        total = Fraction(0)
        for dealt, p in holes:
            rest = deck if hole is not None else plus(deck, dealt, -1)
            dealer = plus(plus((0,) * 10, self.up), dealt)
            for final, q in self.finals(rest, dealer).items():
                total += p * q * sum(bets * result(points_of(cards), final) for cards, bets, _ in hands)
        return total

    def value(self, shoe, pair) -> Fraction:
        self.pair = pair
        return self.split(shoe, pair)


def engine_split(rules, shoe, up, pair):
    return Evaluator(rules, up, shoe).split(plus((0,) * 10, pair, 2))


#: Tiny shoes (the up card out, the pair in), each of a few ranks, where CDP, CDP1 and CDZ- differ (but for aces:
#: one card each, no decisions): every deal is walked card by card.
CASES = [
    ("2-2 v 10, double any, DAS, no hole card", BASE, (0, 3, 0, 0, 0, 0, 1, 1, 0, 6), 9, 1),
    ("6-6 v 6, H17, no DAS", replace(BASE, hits_soft_17=True, double_after_split=False),
     (2, 1, 0, 0, 0, 2, 0, 1, 0, 5), 5, 5),
    ("8-8 v A, peek", replace(BASE, hole_card="peek"), (0, 0, 0, 1, 1, 0, 2, 2, 0, 6), 0, 7),
    ("3-3 v 10, no hole card, the dealer's black jack takes the original bet",
     replace(BASE, dealer_blackjack_takes="original"), (0, 0, 3, 0, 0, 0, 2, 0, 0, 5), 9, 2),
    ("7-7 v 7, three hands", replace(BASE, max_hands=3), (0, 0, 0, 1, 1, 0, 3, 1, 0, 6), 6, 6),
    ("7-7 v 7, three hands, a larger shoe", replace(BASE, max_hands=3), (0, 1, 0, 1, 1, 1, 4, 0, 0, 6), 6, 6),
    ("2-2 v 6, four hands, double 9-11", replace(BASE, max_hands=4, double="9-11"),
     (2, 4, 1, 0, 0, 0, 0, 0, 2, 7), 5, 1),
    ("A-A v 10, resplit aces to three hands", replace(BASE, max_hands=3, resplit_aces=True),
     (4, 0, 0, 1, 0, 1, 0, 1, 0, 6), 9, 0),
]


@pytest.mark.parametrize("name, rules, shoe, up, pair", CASES, ids=[c[0] for c in CASES])
def test_cdp_split_equals_the_brute_force(name, rules, shoe, up, pair):
    assert engine_split(rules, shoe, up, pair) == BruteForce(rules, up).value(shoe, pair)


@pytest.mark.parametrize("name, rules, shoe, up, pair", CASES[:-1], ids=[c[0] for c in CASES[:-1]])
def test_these_shoes_tell_the_strategies_apart(name, rules, shoe, up, pair):
    values = {strategy: engine_split(replace(rules, split_strategy=strategy), shoe, up, pair)
              for strategy in ("cdz-", "cdp1", "cdp")}
    assert len(set(values.values())) == 3


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as stderr in a console."""

    def isatty(self):
        return True


@pytest.mark.parametrize("cards, counted", [("8s 8h", True), ("Ts 6h", False)])
def test_the_command_line_counts_a_cdp_splits_shoes_on_a_terminal(monkeypatch, capsys, cards, counted):
    from naipes import cli
    from naipes.core.progress import TerminalCounter

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setattr(TerminalCounter, "interval", 0.0)  # every step drawn: the test reads them all
    assert cli.main(["advise", "black-jack", "--cards", cards, "--dealer", "6", "--decks", "1", "--max-hands", "2",
                     "--split-strategy", "cdp", "--lang", "en"]) == 0
    assert "Best:" in capsys.readouterr().out
    drawn = [text for text in screen.getvalue().split("\r") if text.strip()]
    if not counted:  # no pair, no split walk: nothing drawn
        assert drawn == []
        return
    counts = [int(text.split(":")[1].split()[0]) for text in drawn]
    assert all(text.startswith("Valuing the split hands") for text in drawn)
    assert counts == list(range(1, len(counts) + 1)) and len(counts) > 1
    assert screen.getvalue().endswith("\r")  # erased: the answer is what stays
