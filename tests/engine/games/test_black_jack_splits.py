"""Exact split values: the engine's Farmer-pattern method against published figures of Eric Farmer's combinatorial
analyser, and against an independent brute-force analyser written here, which deals the split hands one after the
other from the real shoe (every card sequence, with memory by composition) and plays each by the CDZ- strategy
computed here from scratch.

Published figures:
- Eric Farmer, blackjackinfo.com, "Software update with new split EVs", page 5 (2011), output of his "Blackjack
  Basic Strategy Calculator version 6.3": the shoe 0 4 4 2 0 0 2 0 0 7 (aces … tens), dealer stands on soft 17,
  double on any two cards, double after split, resplit to four hands (SPL3), no resplit of aces, CDZ-, no
  surrender, black jack 3 to 2; dealer's 7, player 2-2: stand -61.639194139 %, hit -13.266733267 %, double
  -123.278388278 %, split -76.210220335 %.
- Eric Farmer, blackjacktheforum.com, "MGP's BJCA", page 2: single deck, S17, split once (SPL1), no double after
  split, CDZ-: splitting 2-2 against a 6 is worth 0.1189818683947885 ("confirmed by … mine, MGP's, or k_c's").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

import pytest

from naipes.games.black_jack.expectation import Evaluator
from naipes.games.black_jack.hands import VALUE_CLASSES, add_card
from naipes.games.black_jack.rules import PRESETS

VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
ACE, TEN = 0, 9
FARMER_SHOE = (0, 4, 4, 2, 0, 0, 2, 0, 0, 7)
FARMER_RULES = replace(PRESETS.get(), decks=1, double="any", double_after_split=True, max_hands=4,
                       resplit_aces=False, surrender="none", hole_card="peek")


def pair_of(card: int) -> tuple[int, ...]:
    return tuple(2 if i == card else 0 for i in range(10))


def engine(rules, shoe, up) -> Evaluator:
    return Evaluator(rules, up, add_card(shoe, up, -1))


def test_farmer_small_shoe_values_to_the_printed_digits():
    values = engine(FARMER_RULES, FARMER_SHOE, 6).values(pair_of(1))
    printed = {"stand": "-61.639194139", "hit": "-13.266733267", "double": "-123.278388278",
               "split": "-76.210220335"}
    assert {action: f"{100 * float(value):.9f}" for action, value in values.items()} == printed


def test_farmer_single_deck_split_once_two_against_six():
    rules = replace(FARMER_RULES, max_hands=2, double_after_split=False, hole_card="none")
    split = engine(rules, VALUE_CLASSES.full(1), 5).split(pair_of(1))
    assert abs(split - Fraction("0.1189818683947885")) < Fraction(1, 10 ** 15)


# --- an independent analyser: totals, the dealer, the best play of one hand, then the split dealt card by card ---

def total(hand) -> int:
    hard = sum(n * v for n, v in zip(hand, VALUES))
    return hard + 10 if hand[ACE] and hard + 10 <= 21 else hard


def plus(counts, index, n=1):
    return counts[:index] + (counts[index] + n,) + counts[index + 1:]


class Independent:
    """Brute force for one dealer's card `up` (with `hole` its second card when the dealer peeks)."""

    def __init__(self, rules, up):
        self.rules, self.up = rules, up
        self.peek = rules.hole_card == "peek"
        self.blackjack_card = {ACE: TEN, TEN: ACE}.get(up)
        self.dealer = lru_cache(maxsize=None)(self._dealer)
        self.best = lru_cache(maxsize=None)(self._best)
        self.play = lru_cache(maxsize=None)(self._play)

    def _dealer(self, deck, cards):
        """{final: chance} of the dealer holding `cards` (its up card first) and drawing from `deck`; 23 black jack."""
        points = total(cards)
        soft = cards[ACE] and sum(n * v for n, v in zip(cards, VALUES)) + 10 == points
        if sum(cards) == 2 and points == 21:
            return {23: Fraction(1)}
        if sum(cards) >= 2 and (points > 17 or points == 17 and not (soft and self.rules.hits_soft_17)):
            return {min(points, 22): Fraction(1)}
        if not sum(deck):  # the shoe is out: the dealer stands on what it has (as Farmer's analyser counts it)
            return {points: Fraction(1)}
        found: dict[int, Fraction] = {}
        for index, count in enumerate(deck):
            if count:
                for final, p in self.dealer(plus(deck, index, -1), plus(cards, index)).items():
                    found[final] = found.get(final, 0) + p * Fraction(count, sum(deck))
        return found

    def hole_cards(self, deck):
        """The dealer's possible second cards at decision time: any card, or, peeking, none that makes black jack."""
        allowed = [i for i, c in enumerate(deck) if c and not (self.peek and i == self.blackjack_card)]
        weight = sum(deck[i] for i in allowed)
        return [(i, Fraction(deck[i], weight)) for i in allowed]

    def result(self, points, bets, final):
        if points > 21 or final == 23 or (final <= 21 and final > points):
            return -bets
        return bets if final == 22 or points > final else 0

    def settle(self, deck, hole, done):
        """The hands `done` ((points, bets) …) against the dealer completing from `deck` (`hole` dealt, or None)."""
        if hole is None:
            outcomes = [(h, p, plus(deck, h, -1)) for h, p in self.hole_cards(deck)]
        else:
            outcomes = [(hole, Fraction(1), deck)]
        value = Fraction(0)
        for h, p, rest in outcomes:
            for final, q in self.dealer(rest, plus(plus((0,) * 10, self.up), h)).items():
                value += p * q * sum(self.result(points, bets, final) for points, bets in done)
        return value

    # The best play of one unsplit hand (the CDZ- strategy's values), the hole card unknown (and, peeking, no black
    # jack): every card still unseen may be the hole card.
    def _best(self, deck, hand, may_double):
        """{action: value} of `hand` with `deck` the unseen cards (hole included)."""
        found = {"stand": self.mean(deck, lambda rest, h: self.settle(rest, h, ((total(hand), 1),)))}
        if total(hand) >= 21:
            return found
        found["hit"] = self.draw(deck, lambda rest, card: max(self.best(rest, plus(hand, card), False).values()))
        if may_double:
            found["double"] = self.draw(deck, lambda rest, card: self.mean(
                rest, lambda r, h: self.settle(r, h, ((total(plus(hand, card)), 2),))))
        return found

    def mean(self, deck, then):
        return sum((p * then(plus(deck, h, -1), h) for h, p in self.hole_cards(deck)), Fraction(0))

    def draw(self, deck, then):
        """The expectation over the next card, the hole card being any other unseen card (not black jack, peeking)."""
        value = Fraction(0)
        for hole, p in self.hole_cards(deck):
            rest = plus(deck, hole, -1)
            for card, count in enumerate(rest):
                if count:
                    value += p * Fraction(count, sum(rest)) * then(plus(plus(rest, card, -1), hole), card)
        return value

    def decide(self, start_deck, hand):
        """The CDZ- choice: the best action for these cards from the pre-split shoe, as if unsplit."""
        deck = tuple(a - b for a, b in zip(start_deck, hand))
        may_double = sum(hand) == 2 and self.rules.double_after_split and self.rules.doubles_on(
            sum(n * v for n, v in zip(hand, VALUES)), total(hand) != sum(n * v for n, v in zip(hand, VALUES)))
        values = self.best(deck, hand, may_double)
        return max(values, key=lambda a: (values[a], -("stand", "hit", "double").index(a)))

    def split(self, shoe, pair):
        """The split's value from `shoe` (the up card out, the pair in), hands dealt one after the other."""
        self.start = shoe
        deck = plus(shoe, pair, -2)
        self.pair = pair
        if self.peek:  # the hole card is dealt first and is not a black jack card
            return sum((p * self.state(plus(deck, h, -1), h, (), 1, 2) for h, p in self.hole_cards(deck)),
                       Fraction(0))
        return self.state(deck, None, (), 1, 2)

    def state(self, deck, hole, done, pending, hands):
        """A new split hand holding one card of the pair draws its second card."""
        value = Fraction(0)
        resplit = self.pair != ACE or self.rules.resplit_aces
        for card, count in enumerate(deck):
            if count:
                p, rest = Fraction(count, sum(deck)), plus(deck, card, -1)
                if card == self.pair and resplit and hands < self.rules.max_hands:
                    value += p * self.state(rest, hole, done, pending + 1, hands + 1)
                else:
                    value += p * self.play(rest, hole, done, plus(plus((0,) * 10, self.pair), card), pending, hands)
        return value

    def finish(self, deck, hole, done, points, bets, pending, hands):
        done = tuple(sorted(done + ((points, bets),)))
        if pending:
            return self.state(deck, hole, done, pending - 1, hands)
        return self.settle(deck, hole, done)

    def _play(self, deck, hole, done, hand, pending, hands):
        if total(hand) >= 21 or self.pair == ACE:
            return self.finish(deck, hole, done, total(hand), 1, pending, hands)
        action = self.decide(self.start, hand)
        if action == "stand":
            return self.finish(deck, hole, done, total(hand), 1, pending, hands)
        value = Fraction(0)
        for card, count in enumerate(deck):
            if count:
                p, rest, more = Fraction(count, sum(deck)), plus(deck, card, -1), plus(hand, card)
                if action == "double":
                    value += p * self.finish(rest, hole, done, total(more), 2, pending, hands)
                else:
                    value += p * self.play(rest, hole, done, more, pending, hands)
        return value


SMALL_SHOE = (2, 3, 3, 1, 0, 0, 1, 0, 1, 7)
ACES_SHOE = (4, 2, 1, 1, 1, 1, 1, 1, 1, 6)

CASES = [
    ("farmer shoe, 2-2 v 7, four hands", FARMER_RULES, FARMER_SHOE, 6, 1),
    ("small shoe, no hole card, 2-2 v 10, four hands, H17", replace(FARMER_RULES, hole_card="none", hits_soft_17=True),
     SMALL_SHOE, 9, 1),
    ("small shoe, peek, 2-2 v 10, three hands, no DAS", replace(FARMER_RULES, max_hands=3, double_after_split=False),
     SMALL_SHOE, 9, 1),
    ("small shoe, peek, 3-3 v A, four hands", FARMER_RULES, SMALL_SHOE, 0, 2),
    ("aces shoe, A-A v 6, resplit aces to four hands, H17, no hole card",
     replace(FARMER_RULES, hole_card="none", hits_soft_17=True, resplit_aces=True), ACES_SHOE, 5, 0),
]


@pytest.mark.parametrize("name, rules, shoe, up, pair", CASES, ids=[c[0] for c in CASES])
def test_split_equals_an_independent_brute_force(name, rules, shoe, up, pair):
    shoe_after_up = add_card(shoe, up, -1)
    assert Evaluator(rules, up, shoe_after_up).split(pair_of(pair)) == Independent(rules, up).split(shoe_after_up, pair)


def test_the_independent_analyser_reproduces_farmer():
    value = Independent(FARMER_RULES, 6).split(add_card(FARMER_SHOE, 6, -1), 1)
    assert f"{100 * float(value):.9f}" == "-76.210220335"


# --- the rules options on the command line -----------------------------------------------------------------------

BAD_RULES = [("--soft-17", "sometimes"), ("--double", "8-11"), ("--double-after-split", "maybe"),
             ("--max-hands", "5"), ("--max-hands", "٣"), ("--resplit-aces", "2"), ("--surrender", "early"),
             ("--hole-card", "glass"), ("--blackjack-pays", "2:1"), ("--dealer-blackjack-takes", "half"),
             ("--split-strategy", "cdp")]


@pytest.mark.parametrize("verb", ["analyze", "advise", "deal", "shoe"])
@pytest.mark.parametrize("flag, value", BAD_RULES)
def test_a_bad_rules_value_is_one_translated_line_and_status_2(capsys, verb, flag, value):
    from naipes import cli
    extra = ["--cards", "Th 6s", "--dealer", "9"] if verb == "advise" else []
    status = cli.main([verb, "black-jack", flag, value, "--lang", "ca", *extra])
    out, err = capsys.readouterr()
    assert status == 2 and not out and len(err.strip().splitlines()) == 1 and flag in err
    assert "Traceback" not in err and ("ha de ser" in err or "nombre enter" in err), err


def test_the_rules_flags_reach_the_advice(capsys):
    from naipes import cli
    argv = ["advise", "black-jack", "--cards", "8s 8d", "--dealer", "Th", "--decks", "1", "--json",
            "--hole-card", "peek", "--max-hands", "2", "--double-after-split", "no", "--soft-17", "hit",
            "--double", "any", "--surrender", "any", "--blackjack-pays", "6:5"]
    assert cli.main(argv) == 0
    import json
    actions = json.loads(capsys.readouterr().out)["actions"]
    rules = replace(PRESETS.get(), decks=1, hole_card="peek", max_hands=2, double_after_split=False,
                    hits_soft_17=True, double="any", surrender="any", blackjack_pays=Fraction(6, 5))
    shoe = add_card(add_card(add_card(VALUE_CLASSES.full(1), 9, -1), 7, -1), 7, -1)
    expected = Evaluator(rules, 9, add_card(add_card(shoe, 7), 7)).values(pair_of(7))
    assert {a: Fraction(v["exact"]) for a, v in actions.items()} == expected
    assert expected["surrender"] == Fraction(-1, 2)  # given no dealer's black jack, as at a peek table


# --- the whole deal's expected value, every first two cards and dealer's card -------------------------------------

def independent_overall(rules, shoe) -> Fraction:
    """The expected value of a coup from `shoe`, every first two cards played their best way (CDZ- splits)."""
    value = Fraction(0)
    cards = sum(shoe)
    for up in range(10):
        if not shoe[up]:
            continue
        analyser = Independent(rules, up)
        after_up = plus(shoe, up, -1)
        for a in range(10):
            for b in range(a, 10):
                hand = plus(plus((0,) * 10, a), b)
                if any(n > c for n, c in zip(hand, after_up)):
                    continue
                deck = tuple(c - n for c, n in zip(after_up, hand))
                ways = (1 if a == b else 2) * after_up[a] * (after_up[b] - (a == b))
                chance = Fraction(shoe[up] * ways, cards * (cards - 1) * (cards - 2))
                blackjack = Fraction(deck[analyser.blackjack_card], sum(deck)) if analyser.blackjack_card is not None \
                    else Fraction(0)
                conditioned = analyser.peek

                def deal(v):  # a value given no dealer's black jack, as a value of the whole deal
                    return (1 - blackjack) * v - blackjack if conditioned else v

                if total(hand) == 21:
                    value += chance * rules.blackjack_pays * (1 - blackjack)
                    continue
                hard = sum(n * v for n, v in zip(hand, VALUES))
                options = analyser.best(deck, hand, rules.doubles_on(hard, total(hand) != hard))
                found = [deal(v) for v in options.values()]
                if rules.surrender == "any" or rules.surrender == "except-ace" and up != ACE:
                    found.append(deal(Fraction(-1, 2)) if conditioned else Fraction(-1, 2))
                if a == b and rules.max_hands >= 2:
                    found.append(deal(analyser.split(after_up, a)))
                value += chance * max(found)
    return value


def engine_overall(rules, shoe) -> Fraction:
    value = Fraction(0)
    cards = sum(shoe)
    for up in range(10):
        if not shoe[up]:
            continue
        evaluator = Evaluator(rules, up, add_card(shoe, up, -1))
        after_up = add_card(shoe, up, -1)
        for a in range(10):
            for b in range(a, 10):
                hand = add_card(add_card((0,) * 10, a), b)
                if any(n > c for n, c in zip(hand, after_up)):
                    continue
                ways = (1 if a == b else 2) * after_up[a] * (after_up[b] - (a == b))
                value += Fraction(shoe[up] * ways, cards * (cards - 1) * (cards - 2)) * max(
                    evaluator.deal_values(hand).values())
    return value


OVERALL_SHOE = (1, 2, 2, 1, 1, 1, 1, 1, 1, 5)
OVERALL_CASES = [
    ("S17, peek, double any, DAS, four hands", FARMER_RULES),
    ("H17, no hole card, 6:5, surrender any, three hands, no DAS",
     replace(FARMER_RULES, hole_card="none", hits_soft_17=True, blackjack_pays=Fraction(6, 5), surrender="any",
             max_hands=3, double_after_split=False)),
]


@pytest.mark.parametrize("name, rules", OVERALL_CASES, ids=[c[0] for c in OVERALL_CASES])
def test_the_whole_deal_equals_the_independent_analyser(name, rules):
    assert engine_overall(rules, OVERALL_SHOE) == independent_overall(rules, OVERALL_SHOE)
