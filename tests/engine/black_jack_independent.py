"""An independent combinatorial analyser of Black Jack, to check the engine's overall values; it imports nothing of
the engine (its own totals, dealer's probabilities, best play and splits, written from the rules).

The overall value of a coup from a shoe: every first two cards of the player against every up card of the dealer,
each played its best way by the composition (stand, hit, double, surrender, split), split hands played by the CDZ-
strategy (each split hand as the same cards would best be played unsplit, from the shoe less the up card), in units
of the original bet. Every step is computed differently from the engine (`naipes.games.black_jack.expectation`):

- the dealer: for each up card, the graph of the cards it may draw is built once; a shoe's probabilities flow
  through it forward (the engine sums products of falling factorials over the dealer's final hands);
- the peek (the dealer's black jack takes the original bet only): for one hand, the hole card is dealt explicitly,
  uniform over the unseen cards that do not make black jack, and the player's next card is drawn from the unseen
  cards less it; a split is valued over the deals with no dealer's black jack, divided by their chance;
- splits: the split hands are dealt one after the other from the real shoe, card by card, resplitting as pair cards
  come; a hand's result is known when it ends except for the dealer's final, so each state of the deal carries the
  expected distribution of the dealer's final (from the cards the hands leave) and the expected sum of the results
  of the hands still to end against it: exact, with no pattern of pair and other cards and no card removed at random
  (Eric Farmer's method, which the engine uses).

Values are floats: the check is to 1e-9 of the bet.

Run as a script it prints the overall value of a full shoe (`--help` for the rules)::

    python tests/engine/black_jack_independent.py --decks 1 --soft-17 stand --double any --double-after-split yes \
        --max-hands 4 --resplit-aces no --surrender none --hole-card peek --blackjack-pays 3:2
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from fractions import Fraction

#: Card classes: 0 an ace, 1 a two … 8 a nine, 9 a ten or a figure.
ACE, TEN = 0, 9
VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: The dealer's finals, by index: 17, 18, 19, 20, 21, then over 21, then black jack.
BUST, BLACKJACK = 5, 6
DOUBLE_TOTALS = {"9-11": (9, 10, 11), "10-11": (10, 11)}


@dataclass(frozen=True)
class Rules:
    """The rules the analyser knows; `peek`: the dealer's black jack takes the original bet only (the American peek),
    else it takes every bet of the hand (no hole card)."""

    decks: int = 1
    hits_soft_17: bool = False
    double: str = "any"
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    surrender: str = "none"
    peek: bool = True
    blackjack_pays: float = 1.5

    def doubles(self, hand: tuple[int, ...]) -> bool:
        if sum(hand) != 2 or self.double == "none":
            return False
        return self.double == "any" or (not soft(hand) and hard(hand) in DOUBLE_TOTALS[self.double])

    def surrenders(self, up: int) -> bool:
        return self.surrender == "any" or (self.surrender == "except-ace" and up != ACE)


def full_shoe(decks: int) -> tuple[int, ...]:
    return (4 * decks,) * 9 + (16 * decks,)


def hard(hand) -> int:
    return sum(n * v for n, v in zip(hand, VALUES))


def soft(hand) -> bool:
    return bool(hand[ACE]) and hard(hand) + 10 <= 21


_POINTS: dict[tuple[int, ...], int] = {}


def points(hand: tuple[int, ...]) -> int:
    found = _POINTS.get(hand)
    if found is None:
        found = _POINTS[hand] = hard(hand) + 10 if soft(hand) else hard(hand)
    return found


def plus(counts: tuple[int, ...], card: int, n: int = 1) -> tuple[int, ...]:
    return counts[:card] + (counts[card] + n,) + counts[card + 1:]


def minus(counts: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(counts, other))


def one(card: int) -> tuple[int, ...]:
    return plus((0,) * 10, card)


# --- the dealer ------------------------------------------------------------------------------------------------

class DealerGraph:
    """The dealer's possible draws from a starting hand: nodes are the multisets of cards drawn (fewest first), each
    with its edges `(card, next node)` or `(card, ~final)`."""

    def __init__(self, start: tuple[int, ...], hits_soft_17: bool) -> None:
        index = {(0,) * 10: 0}
        self.nodes: list[tuple[int, tuple[int, ...], list[tuple[int, int]]]] = []
        frontier = [(0,) * 10]
        while frontier:
            following = []
            for drawn in frontier:
                edges = []
                for card in range(10):
                    after = plus(drawn, card)
                    hand = tuple(a + b for a, b in zip(start, after))
                    total, cards = points(hand), sum(hand)
                    if cards == 2 and total == 21:
                        edges.append((card, ~BLACKJACK))
                    elif total > 21:
                        edges.append((card, ~BUST))
                    elif cards >= 2 and (total > 17 or total == 17 and not (soft(hand) and hits_soft_17)):
                        edges.append((card, ~(total - 17)))
                    else:
                        if after not in index:
                            index[after] = len(index)
                            following.append(after)
                        edges.append((card, index[after]))
                self.nodes.append((sum(drawn), drawn, edges))
            frontier = following

    def distribution(self, deck: tuple[int, ...], barred: int | None = None) -> tuple[float, ...]:
        """The chance of each final drawing from `deck`; `barred`: a card the first one drawn cannot be (the hole
        card when the dealer has peeked and has no black jack)."""
        chances = [0.0] * len(self.nodes)
        chances[0] = 1.0
        finals = [0.0] * 7
        cards = sum(deck)
        for node, (drawn_count, drawn, edges) in enumerate(self.nodes):
            chance = chances[node]
            if not chance:
                continue
            left = cards - drawn_count
            if node == 0 and barred is not None:
                left -= deck[barred]
            if left <= 0:
                raise ValueError("the shoe runs out under the dealer")
            for card, target in edges:
                count = deck[card] - drawn[card]
                if count <= 0 or (node == 0 and card == barred):
                    continue
                if target >= 0:
                    chances[target] += chance * count / left
                else:
                    finals[~target] += chance * count / left
        return tuple(finals)


def result(total: int, bets: int, finals: tuple[float, ...]) -> float:
    """The expected result of a finished hand of `total` points and `bets` bets against the dealer's finals (their
    sum is below 1 when some of them are left out)."""
    if total > 21:
        return -bets * sum(finals)
    value = finals[BUST] - finals[BLACKJACK]
    for index in range(5):
        dealer = 17 + index
        value += finals[index] if total > dealer else -finals[index] if total < dealer else 0.0
    return bets * value


# --- one up card: the best play of one hand ------------------------------------------------------------------

class UpCard:
    """The best play of a hand against the dealer's `up` card; `start`: the shoe less the up card (the hand's cards
    in). With the peek and an ace or a ten up, every value is given that the dealer has no black jack."""

    def __init__(self, rules: Rules, shoe: tuple[int, ...], up: int) -> None:
        self.rules, self.up = rules, up
        self.start = plus(shoe, up, -1)
        #: The card that would make the dealer's black jack, when the dealer has peeked and has none.
        self.barred = {ACE: TEN, TEN: ACE}.get(up) if rules.peek else None
        self.graph = DealerGraph(one(up), rules.hits_soft_17)
        self._dealer: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._after: dict[tuple[int, ...], float] = {}
        self._hit: dict[tuple[int, ...], float] = {}
        self._action: dict[tuple[int, ...], str] = {}
        #: The dealer's finals from the cards split hands leave (not barred: SplitDeal bars them), kept for every
        #: pair split against this up card (the same decks come back from different pairs).
        self.split_dealer: dict[tuple[int, ...], tuple[float, ...]] = {}

    def dealer(self, unseen: tuple[int, ...]) -> tuple[float, ...]:
        found = self._dealer.get(unseen)
        if found is None:
            found = self._dealer[unseen] = self.graph.distribution(unseen, self.barred)
        return found

    def next_cards(self, unseen: tuple[int, ...]):
        """The chance of each next card when `unseen` holds the hole card too: the hole card is any unseen card
        but the barred one, the next card any other unseen card."""
        cards = sum(unseen)
        if self.barred is None:
            return [(card, count / cards) for card, count in enumerate(unseen) if count]
        holes = cards - unseen[self.barred]
        return [(card, count * (holes - (card != self.barred)) / (holes * (cards - 1)))
                for card, count in enumerate(unseen) if count]

    def stand(self, hand: tuple[int, ...], bets: int = 1) -> float:
        total = points(hand)
        if total > 21:
            return -bets
        return result(total, bets, self.dealer(minus(self.start, hand)))

    def hit(self, hand: tuple[int, ...]) -> float:
        found = self._hit.get(hand)
        if found is None:
            found = self._hit[hand] = sum(p * self.after(plus(hand, card))
                                          for card, p in self.next_cards(minus(self.start, hand)))
        return found

    def after(self, hand: tuple[int, ...]) -> float:
        """The best of standing and hitting (a hand over 21 has lost, one of 21 stands)."""
        found = self._after.get(hand)
        if found is None:
            total = points(hand)
            found = -1.0 if total > 21 else self.stand(hand) if total == 21 else max(self.stand(hand), self.hit(hand))
            self._after[hand] = found
        return found

    def double(self, hand: tuple[int, ...]) -> float:
        return sum(p * self.stand(plus(hand, card), 2) for card, p in self.next_cards(minus(self.start, hand)))

    def cdz_action(self, hand: tuple[int, ...]) -> str:
        """How a split hand holding these cards is played: as they would best be played unsplit (no split, no
        surrender; doubling on two cards if the rules let a split hand double)."""
        found = self._action.get(hand)
        if found is None:
            options = {"stand": self.stand(hand), "hit": self.hit(hand)}
            if self.rules.double_after_split and self.rules.doubles(hand):
                options["double"] = self.double(hand)
            found = self._action[hand] = max(options, key=lambda name: (options[name], -list(options).index(name)))
        return found

    def split(self, pair: int) -> float:
        """The value of splitting two cards of class `pair` (the sum over the split hands, per unit of one).

        With the peek, the deal is valued as the expectation over the deal with no dealer's black jack, divided by
        its chance: the hole card may as well be dealt after the split hands (any order of the unseen cards is as
        likely), so the dealer's finals from the cards they leave are taken without black jack (`barred`)."""
        deck = plus(self.start, pair, -2)
        value = SplitDeal(self, pair, self.graph, self.barred is not None).deal(deck)
        if self.barred is None:
            return value
        return value / (1 - deck[self.barred] / sum(deck))


class SplitDeal:
    """The split hands dealt one after the other from the shoe, each played by the CDZ- strategy; the dealer then
    completes from `graph` with the cards the hands leave (`barred`: its finals with no black jack only).

    Every state returns `(expected distribution of the dealer's final, expected sum of the results of the hands
    still to end)`."""

    def __init__(self, up: UpCard, pair: int, graph: DealerGraph, barred: bool = False) -> None:
        self.up, self.pair, self.graph, self.barred = up, pair, graph, barred
        rules = up.rules
        self.max_hands = rules.max_hands
        self.resplits = pair != ACE or rules.resplit_aces
        self._new: dict = {}
        self._play: dict = {}
        self._dealer = up.split_dealer

    def deal(self, deck: tuple[int, ...]) -> float:
        return self.new_hand(deck, 1, 2)[1]

    def new_hand(self, deck: tuple[int, ...], waiting: int, hands: int) -> tuple[tuple[float, ...], float]:
        """The current hand holds one card of the pair and takes its second card; `waiting` more hands hold one."""
        key = (deck, waiting, hands)
        found = self._new.get(key)
        if found is not None:
            return found
        cards = sum(deck)
        finals, total = [0.0] * 7, 0.0
        for card, count in enumerate(deck):
            if not count:
                continue
            rest = plus(deck, card, -1)
            if card == self.pair and self.resplits and hands < self.max_hands:
                sub_finals, sub = self.new_hand(rest, waiting + 1, hands + 1)
            else:
                sub_finals, sub = self.play(rest, plus(one(self.pair), card), waiting, hands)
            p = count / cards
            total += p * sub
            for index in range(7):
                finals[index] += p * sub_finals[index]
        found = self._new[key] = (tuple(finals), total)
        return found

    def play(self, deck: tuple[int, ...], hand: tuple[int, ...], waiting: int, hands: int):
        key = (deck, hand, waiting, hands)
        found = self._play.get(key)
        if found is not None:
            return found
        total = points(hand)
        action = "stand" if self.pair == ACE or total >= 21 else self.up.cdz_action(hand)
        if action == "stand":
            found = self.end(deck, total, 1, waiting, hands)
        else:
            cards = sum(deck)
            finals, value = [0.0] * 7, 0.0
            for card, count in enumerate(deck):
                if not count:
                    continue
                rest, more = plus(deck, card, -1), plus(hand, card)
                if action == "double":
                    sub_finals, sub = self.end(rest, points(more), 2, waiting, hands)
                else:
                    sub_finals, sub = self.play(rest, more, waiting, hands)
                p = count / cards
                value += p * sub
                for index in range(7):
                    finals[index] += p * sub_finals[index]
            found = (tuple(finals), value)
        self._play[key] = found
        return found

    def end(self, deck: tuple[int, ...], total: int, bets: int, waiting: int, hands: int):
        """The current hand ends with `total` points and `bets` bets; the next waiting hand takes its second card,
        or the dealer completes its hand."""
        if waiting:
            finals, value = self.new_hand(deck, waiting - 1, hands)
        else:
            finals = self._dealer.get(deck)
            if finals is None:
                finals = self._dealer[deck] = self.graph.distribution(deck)
            if self.barred:
                finals = finals[:BLACKJACK] + (0.0,)
            value = 0.0
        return finals, value + result(total, bets, finals)


# --- the overall value -----------------------------------------------------------------------------------------

def overall(rules: Rules, shoe: tuple[int, ...] | None = None) -> float:
    """The expected value of a coup from `shoe` (a full shoe of the rules' decks by default), per unit bet."""
    shoe = full_shoe(rules.decks) if shoe is None else tuple(shoe)
    cards = sum(shoe)
    value = 0.0
    for up in range(10):
        if not shoe[up]:
            continue
        analyser = UpCard(rules, shoe, up)
        blackjack_card = {ACE: TEN, TEN: ACE}.get(up)
        for a in range(10):
            for b in range(a, 10):
                hand = plus(one(a), b)
                unseen = minus(analyser.start, hand)
                if min(unseen) < 0:
                    continue
                ways = (1 if a == b else 2) * analyser.start[a] * (analyser.start[b] - (a == b))
                chance = shoe[up] * ways / (cards * (cards - 1) * (cards - 2))
                dealer_blackjack = 0.0 if blackjack_card is None else unseen[blackjack_card] / sum(unseen)
                if points(hand) == 21:
                    value += chance * rules.blackjack_pays * (1 - dealer_blackjack)
                    continue
                options = [analyser.stand(hand), analyser.hit(hand)]
                if rules.doubles(hand):
                    options.append(analyser.double(hand))
                if a == b and rules.max_hands >= 2:
                    options.append(analyser.split(a))
                if rules.surrenders(up):
                    options.append(-0.5)
                best = max(options)
                if rules.peek:  # given no black jack, as a value of the whole deal
                    best = (1 - dealer_blackjack) * best - dealer_blackjack
                value += chance * best
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1)
    parser.add_argument("--shoe", default="", help="ten counts, aces to tens, instead of full decks")
    parser.add_argument("--soft-17", choices=("stand", "hit"), default="stand")
    parser.add_argument("--double", choices=("any", "9-11", "10-11", "none"), default="any")
    parser.add_argument("--double-after-split", choices=("yes", "no"), default="yes")
    parser.add_argument("--max-hands", type=int, default=4)
    parser.add_argument("--resplit-aces", choices=("yes", "no"), default="no")
    parser.add_argument("--surrender", choices=("none", "except-ace", "any"), default="none")
    parser.add_argument("--hole-card", choices=("none", "peek"), default="peek")
    parser.add_argument("--blackjack-pays", choices=("3:2", "6:5", "1:1"), default="3:2")
    args = parser.parse_args(argv)
    a, b = args.blackjack_pays.split(":")
    rules = Rules(args.decks, args.soft_17 == "hit", args.double, args.double_after_split == "yes", args.max_hands,
                  args.resplit_aces == "yes", args.surrender, args.hole_card == "peek", float(Fraction(int(a), int(b))))
    shoe = tuple(int(n) for n in args.shoe.split()) if args.shoe else None
    started = time.process_time()
    value = overall(rules, shoe)
    print(f"{value!r}  ({time.process_time() - started:.1f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
