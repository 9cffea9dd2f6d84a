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
  (Eric Farmer's method, which the engine uses). Under CDZ- a split hand's play depends on its own cards only, so
  the ways a hand may end are listed once per pair (the cards it takes, as a multiset, and how many orders of them it
  takes) and the deal is walked from hand to hand, not card by card (`SplitDeal`).

Values are floats: the check is to 1e-9 of the bet.

Speed (one core of the test machine): the small shoe of the tests takes 10–17 s a case (160 s before `SplitDeal`
walked hands instead of cards); one deck with two hands 71 s (198 s). The time goes to the split hands' endings
tried from every deck between hands and to the dealer's distribution from every deck the split hands leave.

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
    with its drawn count and its edges `(card, cards of that class already drawn, next node)` or `(card, …, ~final)`.

    Only draws the shoe `limit` can give are kept (the graph of a 2 up from one deck would else hold draws of five
    twos, never dealt, and every distribution would walk them)."""

    def __init__(self, start: tuple[int, ...], hits_soft_17: bool, limit: tuple[int, ...]) -> None:
        index = {(0,) * 10: 0}
        self.nodes: list = []
        frontier = [(0,) * 10]
        while frontier:
            following = []
            for drawn in frontier:
                edges = []
                for card in range(10):
                    if drawn[card] >= limit[card]:
                        continue
                    after = plus(drawn, card)
                    hand = tuple(a + b for a, b in zip(start, after))
                    total, cards = points(hand), sum(hand)
                    if cards == 2 and total == 21:
                        target = ~BLACKJACK
                    elif total > 21:
                        target = ~BUST
                    elif cards >= 2 and (total > 17 or total == 17 and not (soft(hand) and hits_soft_17)):
                        target = ~(total - 17)
                    else:
                        if after not in index:
                            index[after] = len(index)
                            following.append(after)
                        target = index[after]
                    edges.append((card, drawn[card], target))
                self.nodes.append((sum(drawn), tuple(edges)))
            frontier = following
        #: Each node's edges to nodes and to finals apart (the root's together: its first card may be barred).
        self.nodes = [self.nodes[0]] + [
            (drawn_count, tuple(edge for edge in edges if edge[2] >= 0),
             tuple((card, drawn, ~target) for card, drawn, target in edges if target < 0))
            for drawn_count, edges in self.nodes[1:]]

    def distribution(self, deck, barred: int | None = None) -> tuple[float, ...]:
        """The chance of each final drawing from `deck` (ten counts, within the graph's limit); `barred`: a card
        the first one drawn cannot be (the hole card when the dealer has peeked and has no black jack).

        The chances flow from node to node, fewest cards drawn first; a node no draw reaches is passed over."""
        nodes = self.nodes
        chances = [0.0] * len(nodes)
        finals = [0.0] * 7
        cards = sum(deck)
        left = cards - (deck[barred] if barred is not None else 0)
        if left <= 0:
            raise ValueError("the shoe runs out under the dealer")
        for card, _, target in nodes[0][1]:
            if card != barred and deck[card]:
                if target >= 0:
                    chances[target] += deck[card] / left
                else:
                    finals[~target] += deck[card] / left
        for node in range(1, len(nodes)):
            chance = chances[node]
            if not chance:
                continue
            drawn_count, inner, outer = nodes[node]
            left = cards - drawn_count
            if left <= 0:
                raise ValueError("the shoe runs out under the dealer")
            chance /= left
            for card, drawn, target in inner:
                count = deck[card] - drawn
                if count > 0:
                    chances[target] += chance * count
            for card, drawn, final in outer:
                count = deck[card] - drawn
                if count > 0:
                    finals[final] += chance * count
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
        self.graph = DealerGraph(one(up), rules.hits_soft_17, self.start)
        self.packing = Packing(self.start)
        self._dealer: dict[tuple[int, ...], tuple[float, ...]] = {}
        self._after: dict[tuple[int, ...], float] = {}
        self._hit: dict[tuple[int, ...], float] = {}
        self._action: dict[tuple[int, ...], str] = {}
        #: The dealer's finals from the cards split hands leave (packed decks; SplitDeal bars them), kept for every
        #: pair split against this up card (the same decks come back from different pairs).
        self.split_dealer: dict[int, tuple[float, ...]] = {}

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


class Packing:
    """Decks as ints, for cheap memo keys and card removals: each class's count in its own bit field, wide enough
    for the shoe's count and one guard bit above it (a whole deck fits in 42 bits, eight decks in 72).

    `fits(deck, cards)`: whether a deck holds the cards, with one subtraction: the deck with its guard bits set,
    less the cards, keeps every guard bit unless some class runs short (its field borrows its own guard bit)."""

    def __init__(self, shoe: tuple[int, ...]) -> None:
        self.shifts, self.masks, shift, self.guards = [], [], 0, 0
        for count in shoe:
            width = max(count, 1).bit_length()
            self.shifts.append(shift)
            self.masks.append((1 << width) - 1)
            self.guards |= 1 << (shift + width)
            shift += width + 1
        self.units = [1 << shift for shift in self.shifts]

    def pack(self, counts) -> int:
        return sum(n << shift for n, shift in zip(counts, self.shifts))

    def counts(self, packed: int) -> list[int]:
        return [(packed >> shift) & mask for shift, mask in zip(self.shifts, self.masks)]


class SplitDeal:
    """The split hands dealt one after the other from the shoe, each played by the CDZ- strategy; the dealer then
    completes from `graph` with the cards the hands leave (`barred`: its finals with no black jack only).

    A state is the deck when a hand holding its card of the pair takes its second card, `waiting` more hands holding
    one; it returns `(expected distribution of the dealer's final, expected sum of the results of the hands still to
    end)`, from its second card to the dealer's last.

    Why it is fast: under CDZ- a split hand's play depends on its own cards only, so every way it can end is listed
    once (`_endings`: the cards it takes as one multiset, how many orders of them it takes, the result of each order
    against each final of the dealer) and each state walks that list, the chance of the multiset from the state's
    deck being a product of falling factorials (every order of the same cards is as likely); only the decks between
    hands are memo keys (ints, `Packing`), the dealer's finals are kept per final deck for every pair split against
    the up card."""

    def __init__(self, up: UpCard, pair: int, graph: DealerGraph, barred: bool = False) -> None:
        self.up, self.pair, self.graph, self.barred = up, pair, graph, barred
        rules = up.rules
        self.max_hands = rules.max_hands
        self.resplits = pair != ACE or rules.resplit_aces
        self.packing = up.packing
        self.deck = plus(up.start, pair, -2)
        #: The endings when the second card is not of the pair (it makes one more hand), or any card.
        self.after_other = self._endings(False)
        self.after_any = self._endings(True)
        longest = max(ending[1] for ending in self.after_other + self.after_any)
        most = max(self.deck)
        #: FALLING[n][j]: n (n - 1) … (n - j + 1), nought when j > n.
        self.falling = [[_falling(n, j) for j in range(longest + 1)] for n in range(most + 1)]
        self.longest = longest
        self._inverse: dict[int, list[float]] = {}
        self._new: dict = {}
        self._dealer = up.split_dealer

    def _endings(self, pair_second: bool):
        """Every way the hand holding one card of the pair may end, from its second card: `(cards taken, packed;
        their number; ((class, count), …) of them; the orders of them the hand takes; the weight of each dealer's
        final in the sum of those orders' results)`. The hand's intermediate multisets are walked by the number of
        cards, each with the number of orders that reach it (all of whose shorter prefixes the hand hit)."""
        pair, up = self.pair, self.up
        start = one(pair)
        ended: dict[tuple[int, ...], list] = {}

        def fits(hand):
            return all(n - (card == pair) <= self.deck[card] for card, n in enumerate(hand))

        def end(hand, bets, ways):
            weights = [result(points(hand), bets, tuple(float(i == j) for j in range(7))) for i in range(7)]
            found = ended.setdefault(hand, [0, [0.0] * 7])
            found[0] += ways
            found[1] = [a + ways * b for a, b in zip(found[1], weights)]

        level: dict[tuple[int, ...], int] = {}
        for card in range(10):
            if card != pair or pair_second:
                hand = plus(start, card)
                if fits(hand):
                    level[hand] = 1
        while level:
            following: dict[tuple[int, ...], int] = {}
            for hand, ways in level.items():
                action = "stand" if pair == ACE or points(hand) >= 21 else up.cdz_action(hand)
                if action == "stand":
                    end(hand, 1, ways)
                    continue
                for card in range(10):
                    more = plus(hand, card)
                    if not fits(more):
                        continue
                    if action == "double":
                        end(more, 2, ways)
                    else:
                        following[more] = following.get(more, 0) + ways
            level = following
        endings = []
        for hand, (ways, weights) in ended.items():
            taken = plus(hand, pair, -1)
            endings.append((self.packing.pack(taken), sum(taken), tuple((c, n) for c, n in enumerate(taken) if n),
                            ways, tuple(weights)))
        return endings

    def inverse(self, cards: int) -> list[float]:
        """1 / (cards (cards - 1) … (cards - m + 1)) for every m a hand may take (nought past the deck)."""
        found = self._inverse.get(cards)
        if found is None:
            found, falling = [], 1
            for m in range(self.longest + 1):
                found.append(1 / falling if falling else 0.0)
                falling *= cards - m
            self._inverse[cards] = found
        return found

    def deal(self, deck: tuple[int, ...]) -> float:
        return self.new_hand(self.packing.pack(deck), sum(deck), 1, 2)[1]

    def new_hand(self, deck: int, cards: int, waiting: int, hands: int) -> tuple[tuple[float, ...], float]:
        """The current hand holds one card of the pair and takes its second card; `waiting` more hands hold one."""
        key = (deck, waiting, hands)
        found = self._new.get(key)
        if found is not None:
            return found
        counts = self.packing.counts(deck)
        f0 = f1 = f2 = f3 = f4 = f5 = f6 = value = 0.0
        endings = self.after_any
        if self.resplits and hands < self.max_hands:
            endings = self.after_other
            if counts[self.pair]:
                p = counts[self.pair] / cards
                (g0, g1, g2, g3, g4, g5, g6), sub = self.new_hand(deck - self.packing.units[self.pair], cards - 1,
                                                                  waiting + 1, hands + 1)
                value += p * sub
                f0 += p * g0; f1 += p * g1; f2 += p * g2; f3 += p * g3; f4 += p * g4; f5 += p * g5; f6 += p * g6
        falling = [self.falling[n] for n in counts]
        inverse = self.inverse(cards)
        guards = self.packing.guards
        guarded = deck | guards
        for taken, number, classes, ways, (w0, w1, w2, w3, w4, w5, w6) in endings:
            if (guarded - taken) & guards != guards:
                continue  # the deck lacks these cards (most endings, deep in a split)
            # The chance of one order of these cards from this deck.
            p = inverse[number]
            for card, n in classes:
                p *= falling[card][n]
            rest = deck - taken
            if waiting:
                finals, sub = self.new_hand(rest, cards - number, waiting - 1, hands)
            else:
                finals, sub = self.dealer(rest), 0.0
            g0, g1, g2, g3, g4, g5, g6 = finals
            # The orders' results against the dealer's finals, and the later hands' (unrolled: the hot loop).
            value += p * (ways * sub + w0 * g0 + w1 * g1 + w2 * g2 + w3 * g3 + w4 * g4 + w5 * g5 + w6 * g6)
            p *= ways
            f0 += p * g0; f1 += p * g1; f2 += p * g2; f3 += p * g3; f4 += p * g4; f5 += p * g5; f6 += p * g6
        found = self._new[key] = ((f0, f1, f2, f3, f4, f5, f6), value)
        return found

    def dealer(self, deck: int) -> tuple[float, ...]:
        """The dealer's finals from the cards the hands leave (with no black jack when `barred`)."""
        finals = self._dealer.get(deck)
        if finals is None:
            finals = self.graph.distribution(self.packing.counts(deck))
            if self.barred:
                finals = finals[:BLACKJACK] + (0.0,)
            self._dealer[deck] = finals
        return finals


def _falling(n: int, j: int) -> int:
    value = 1
    for i in range(j):
        value *= n - i
    return value


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
