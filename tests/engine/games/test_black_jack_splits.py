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

import sys
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import factorial

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

@lru_cache(maxsize=None)
def total(hand) -> int:
    hard = sum(n * v for n, v in zip(hand, VALUES))
    return hard + 10 if hand[ACE] and hard + 10 <= 21 else hard


def plus(counts, index, n=1):
    return counts[:index] + (counts[index] + n,) + counts[index + 1:]


def result(points, final) -> int:
    """One unit's result of a hand of `points` against the dealer's `final` (22 bust, 23 black jack)."""
    if points > 21 or final == 23 or (final <= 21 and final > points):
        return -1
    return 1 if final == 22 or points > final else 0


class Independent:
    """Brute force for one dealer's card `up`: every order in which the unseen cards can come, counted by the
    composition left.

    A value reached with n cards unseen is kept as a whole number, its sum over the n! orders of those cards (told
    apart, all equally likely): the value of drawing a card is the sum, over the cards left, of the value after it
    (n! = n · (n - 1)!); the caller divides by n!. A split's hands are dealt one after the other; a hand's result
    depends on the cards the later hands take (the dealer draws from what they leave), so each finished hand counts
    its bet times the result of its points against the dealer *at the end of the deal*, which `at_end` sums by
    following the rest of the deal from where the hand finished. Expectations add up, so the finished hands need not
    be carried along.
    """

    def __init__(self, rules, up):
        self.rules, self.up = rules, up
        self.peek = rules.hole_card == "peek"
        self.blackjack_card = {ACE: TEN, TEN: ACE}.get(up)
        self.remember("dealer", "against", "unseen_hole", "next_cards", "best")

    def remember(self, *names):
        for name in names:
            setattr(self, name, lru_cache(maxsize=None)(getattr(self, "_" + name)))

    def _dealer(self, deck, hard, ace, cards):
        """{final: orders of `deck`} of the dealer holding `cards` cards (`hard` points with aces as 1, `ace` one of
        them) and drawing from `deck`; 23 black jack."""
        points = hard + 10 if ace and hard + 10 <= 21 else hard
        soft = points != hard
        if cards == 2 and points == 21:
            return {23: factorial(sum(deck))}
        if cards >= 2 and (points > 17 or points == 17 and not (soft and self.rules.hits_soft_17)):
            return {min(points, 22): factorial(sum(deck))}
        if not sum(deck):  # the shoe is out: the dealer stands on what it has (as Farmer's analyser counts it)
            return {points: 1}
        found: dict[int, int] = {}
        for index, count in enumerate(deck):
            if count:
                drawn = self.dealer(plus(deck, index, -1), hard + VALUES[index], ace or index == ACE, min(cards + 1, 3))
                for final, orders in drawn.items():
                    found[final] = found.get(final, 0) + count * orders
        return found

    def _against(self, deck, hole, points):
        """One unit's result of `points` against the dealer holding the up card and `hole`, drawing from `deck`,
        summed over the orders of `deck`."""
        drawn = self.dealer(deck, VALUES[self.up] + VALUES[hole], ACE in (self.up, hole), 2)
        return sum(orders * result(points, final) for final, orders in drawn.items())

    def hole_cards(self, deck):
        """The dealer's possible second cards at decision time: any card, or, peeking, none that makes black jack."""
        return [i for i, c in enumerate(deck) if c and not (self.peek and i == self.blackjack_card)]

    def holding(self, deck, points):
        """One unit's result of `points` summed over the orders of `deck`, its first card the hole card: only the
        orders whose first card is a possible hole card (peeking, none making black jack)."""
        return sum(deck[h] * self.against(plus(deck, h, -1), h, min(points, 22)) for h in self.hole_cards(deck))

    # The best play of one unsplit hand (the CDZ- strategy's values, as chances), the hole card unknown (and,
    # peeking, no black jack): every card still unseen may be the hole card.
    def _unseen_hole(self, deck, points):
        """One unit's expected result of `points`, the hole card any of `deck` (peeking: given no black jack)."""
        holes = sum(deck[h] for h in self.hole_cards(deck))
        return Fraction(self.holding(deck, points), holes * factorial(sum(deck) - 1)) if holes else Fraction(0)

    def _next_cards(self, deck):
        """[(card, chance)] of the player's next card, the hole card being any other unseen card (peeking: not
        black jack)."""
        holes = sum(deck[h] for h in self.hole_cards(deck))
        orders = [sum(deck[h] * (deck[card] - (card == h)) for h in self.hole_cards(deck)) for card in range(10)]
        return [(card, Fraction(n, holes * (sum(deck) - 1))) for card, n in enumerate(orders) if n]

    def _best(self, deck, hand, may_double):
        """{action: value} of `hand` with `deck` the unseen cards (hole included)."""
        found = {"stand": self.unseen_hole(deck, total(hand))}
        if total(hand) >= 21:
            return found
        found["hit"] = sum((p * max(self.best(plus(deck, card, -1), plus(hand, card), False).values())
                            for card, p in self.next_cards(deck)), Fraction(0))
        if may_double:
            found["double"] = sum((2 * p * self.unseen_hole(plus(deck, card, -1), total(plus(hand, card)))
                                   for card, p in self.next_cards(deck)), Fraction(0))
        return found

    def decide(self, hand):
        """The CDZ- choice: the best action for these cards from the pre-split shoe, as if unsplit."""
        deck = tuple(a - b for a, b in zip(self.start, hand))
        may_double = sum(hand) == 2 and self.rules.double_after_split and self.rules.doubles_on(
            sum(n * v for n, v in zip(hand, VALUES)), total(hand) != sum(n * v for n, v in zip(hand, VALUES)))
        values = self.best(deck, hand, may_double)
        return max(values, key=lambda a: (values[a], -("stand", "hit", "double").index(a)))

    def split(self, shoe, pair):
        """The split's value from `shoe` (the up card out, the pair in), hands dealt one after the other.

        Peeking, the hole card is dealt before the split hands and is no black jack card. Every order of dealing
        the same cards being equally likely, the hole card is taken here from what the deal leaves, among the cards
        not making black jack (`holding`), the whole divided by the chance that the first card dealt makes none."""
        self.start, self.pair = shoe, pair
        self.remember("step", "new_hand", "play", "at_end", "new_hand_at_end", "play_at_end")  # one pair and shoe
        deck = plus(shoe, pair, -2)
        no_blackjack = Fraction(1)
        if self.peek and self.blackjack_card is not None:
            no_blackjack = Fraction(sum(deck) - deck[self.blackjack_card], sum(deck))
        return Fraction(self.new_hand(deck, 1, 2), factorial(sum(deck))) / no_blackjack

    def dealt(self, deck, hands):
        """[(card, count, resplit)] of a new split hand's second card: a pair card makes one more hand."""
        resplit = self.pair != ACE or self.rules.resplit_aces
        return [(card, count, card == self.pair and resplit and hands < self.rules.max_hands)
                for card, count in enumerate(deck) if count]

    def _step(self, hand):
        """What a split hand does next: (points, bets) when it is finished, else (None, doubling): it draws a card,
        and doubling is then finished with two bets."""
        if total(hand) >= 21 or self.pair == ACE:
            return (total(hand), 1), False
        action = self.decide(hand)
        if action == "stand":
            return (total(hand), 1), False
        return None, action == "double"

    # The deal's value (orders of `deck`): each hand's bets times `at_end` of its points where it finished, then the
    # next hand; `pending` more hands wait for their second card.
    def _new_hand(self, deck, pending, hands):
        """A new split hand holding one card of the pair draws its second card."""
        orders = 0
        for card, count, resplit in self.dealt(deck, hands):
            rest = plus(deck, card, -1)
            if resplit:
                orders += count * self.new_hand(rest, pending + 1, hands + 1)
            else:
                orders += count * self.play(rest, plus(plus((0,) * 10, self.pair), card), pending, hands)
        return orders

    def finished(self, deck, points, bets, pending, hands):
        later = self.new_hand(deck, pending - 1, hands) if pending else 0
        return bets * self.at_end(deck, pending, hands, min(points, 22)) + later

    def _play(self, deck, hand, pending, hands):
        done, doubling = self.step(hand)
        if done:
            return self.finished(deck, *done, pending, hands)
        if doubling:
            return sum(count * self.finished(plus(deck, card, -1), total(plus(hand, card)), 2, pending, hands)
                       for card, count in enumerate(deck) if count)
        return sum(count * self.play(plus(deck, card, -1), plus(hand, card), pending, hands)
                   for card, count in enumerate(deck) if count)

    # One unit's result of a hand of `points` finished with `deck` left, at the end of the deal (orders of `deck`).
    def _at_end(self, deck, pending, hands, points):
        return self.new_hand_at_end(deck, pending - 1, hands, points) if pending else self.holding(deck, points)

    def _new_hand_at_end(self, deck, pending, hands, points):
        orders = 0
        for card, count, resplit in self.dealt(deck, hands):
            rest = plus(deck, card, -1)
            if resplit:
                orders += count * self.new_hand_at_end(rest, pending + 1, hands + 1, points)
            else:
                orders += count * self.play_at_end(rest, plus(plus((0,) * 10, self.pair), card), pending, hands,
                                                   points)
        return orders

    def _play_at_end(self, deck, hand, pending, hands, points):
        done, doubling = self.step(hand)
        if done:
            return self.at_end(deck, pending, hands, points)
        if doubling:
            return sum(count * self.at_end(plus(deck, card, -1), pending, hands, points)
                       for card, count in enumerate(deck) if count)
        return sum(count * self.play_at_end(plus(deck, card, -1), plus(hand, card), pending, hands, points)
                   for card, count in enumerate(deck) if count)


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
             ("--split-strategy", "cdp2")]


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


def test_a_strategy_table_computed_for_the_command_line_shows_its_progress_on_a_terminal(monkeypatch, capsys):
    import io

    from naipes import cli

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    # Rules no table ships for (one hand, no doubling, no surrender: seconds), then a preset's, which ships.
    argv = ["analyze", "black-jack", "--decks", "1", "--max-hands", "1", "--double", "none", "--surrender", "none",
            "--lang", "es"]
    assert cli.main(argv) == 0
    drawn = screen.getvalue()
    assert "Calculando la tabla de estrategia [" in drawn and "100%" in drawn and drawn.endswith("\r")
    assert "ventaja de la casa" in capsys.readouterr().out
    shown = len(drawn)
    assert cli.main(["analyze", "black-jack", "--decks", "1", "--lang", "es"]) == 0
    assert len(screen.getvalue()) == shown
