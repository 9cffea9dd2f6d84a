"""Splitting exactly under CDP: each split hand played its best way for every card seen when it is played.

CDP (Cacarulo's and Eric Farmer's name: composition-dependent, post-split)
plays each split hand by the best play *for that hand* given every card
seen when it is played: the dealer's card, the pair's cards (and the pair
cards that made more hands), and every card of the split hands played
before it. The best play is the one that maximises that hand's own
expected value as a hand played from the cards still unseen, with a split
hand's restrictions (doubling after a split by the rules, no black jack, no
more splitting once its second card is not of the pair). Ties go to the
first action of `ACTIONS`: standing, then hitting, then doubling.

A hand's expectation depends only on its own cards and on the cards unseen
when it is played: the dealer draws from what the later hands leave, and
whatever those hands do, the cards after them are a random draw from what
was unseen (the expected result of a finished hand does not change while
the deal goes on: a martingale stopped when the dealer draws). So the
split's value is a sum over the deal, hand after hand: the first hand's
value from the shoe the split leaves, then, for each way it can finish
(its cards, counted busted hands too), the next hands' value from the shoe
it leaves (`split_value`). Unlike CDZ- and CDP1 (`expectation`), no
pattern of pair and other cards stands for the deal: every finished hand
leaves its own shoe, each valued afresh, so CDP takes seconds a pair
against a card where CDP1 takes milliseconds, and minutes with resplits.

The values are the engine's *raw* values (`expectation`): with the peek or
a black jack taking the original bet only, each expectation times the
chance of no dealer's black jack (a constant for a decision, which
therefore maximises the value given no black jack too). Each hand is
valued in whole numbers: a value at `d` cards drawn from a shoe of `N`
cards is kept over `falling(N - d, T - d)`, which the dealer's
denominators divide and which is `N - d` times the next one's.

Examples:
    >>> from naipes.games.black_jack.rules import PRESETS
    >>> from naipes.games.black_jack.hands import VALUE_CLASSES
    >>> rules = PRESETS.get().with_options(decks=1, max_hands=2)
    >>> shoe = add_card(add_card(VALUE_CLASSES.full(1), 5, -1), 7, -2)  # 8-8 against a 6
    >>> round(float(split_value(rules, 5, shoe, 7)), 6)
    0.340489
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

from .dealer import BLACKJACK, BUST, dealer_weights, terminal_hands, won_minus_lost
from .hands import ACE, BLACKJACK_POINTS, TEN, VALUES, add_card
from .rules import HOLE_PEEK, TAKES_ORIGINAL, BlackJackRules

STAND, HIT, DOUBLE = "stand", "hit", "double"
#: A split hand holds a pair card worth 2 at least (split aces take one card: no decisions) and draws while under
#: 21: it draws fewer cards than this.
MOST_DRAWN = 21
SOFT_BONUS = 10


def _falling(n: int, k: int) -> int:
    value = 1
    for i in range(k):
        value *= n - i
    return value


class SplitHand:
    """One split hand holding a card of `pair`, played its best way from `shoe` (the cards unseen when it draws its
    second card), valued exactly in whole numbers.

    Args:
        rules: the rules (the dealer's soft 17, doubling after a split, the hole card).
        first: the dealer's card's class.
        pair: the pair's class (not an ace).
        shoe: the cards unseen: the dealer's card, the pair cards and every card of the hands before out.
        skip_pair: the second card is not of the pair (a pair card makes another hand: the caller counts it).
    """

    def __init__(self, rules: BlackJackRules, first: int, pair: int, shoe: tuple[int, ...],
                 skip_pair: bool = False) -> None:
        self.rules, self.first, self.pair, self.shoe = rules, first, pair, shoe
        self.skip_pair = skip_pair
        self.conditioned = rules.hole_card == HOLE_PEEK or rules.dealer_blackjack_takes == TAKES_ORIGINAL
        self.blackjack_card = {ACE: TEN, TEN: ACE}.get(first)
        self.cards = sum(shoe)
        longest = max(size for _, _, size, _ in terminal_hands(first, rules.hits_soft_17))
        top = min(self.cards, longest + MOST_DRAWN)
        #: The whole numbers' denominators by cards drawn: `falling(N - d, top - d)`.
        self.denominators = [_falling(self.cards - d, top - d) for d in range(min(top, MOST_DRAWN + 1) + 1)]
        self._nodes: dict[tuple[int, ...], tuple[int, str]] = {}

    # --- a finished hand against the dealer ------------------------------------------------------------------

    def _finished(self, left: tuple[int, ...], drawn: int, points: int, bets: int) -> int:
        """A finished hand's raw value over the denominator of `drawn` cards drawn, `left` the cards unseen."""
        denominator = self.denominators[drawn]
        if points > BLACKJACK_POINTS:
            return self._busted(self.cards - drawn, 0 if self.blackjack_card is None else left[self.blackjack_card],
                                drawn, bets)
        weights, dealer_denominator = dealer_weights(left, self.first, self.rules.hits_soft_17)
        balance = won_minus_lost(weights, points)
        if not self.conditioned:
            balance -= weights.get(BLACKJACK, 0)
        return bets * balance * (denominator // dealer_denominator)

    # --- the hand's best play ----------------------------------------------------------------------------

    def _busted(self, left_cards: int, left_blackjack_cards: int, drawn: int, bets: int) -> int:
        """A busted hand's raw value over the denominator of `drawn`: the bets, or their chance of no black jack."""
        if self.conditioned and self.blackjack_card is not None:
            return -bets * (left_cards - left_blackjack_cards) * (self.denominators[drawn] // left_cards)
        return -bets * self.denominators[drawn]

    def _node(self, left: tuple[int, ...], drawn: int, hard: int, ace: bool) -> tuple[int, str]:
        """`(raw value over the denominator of `drawn`, best action)` of the hand that leaves `left` unseen (which
        tells it: the shoe less `left` is what it drew); with its second card only (`drawn` 1) it may double."""
        found = self._nodes.get(left)
        if found is not None:
            return found
        points = hard + SOFT_BONUS if ace and hard + SOFT_BONUS <= BLACKJACK_POINTS else hard
        stand = self._finished(left, drawn, points, 1)
        if points >= BLACKJACK_POINTS:
            found = (stand, STAND)
        else:
            hit = double = 0
            may_double = drawn == 1 and self.rules.double_after_split and self.rules.doubles_on(hard, points != hard)
            cards = self.cards - drawn
            blackjack_card = self.blackjack_card
            for index, count in enumerate(left):
                if not count:
                    continue
                new_hard = hard + VALUES[index]
                if new_hard > BLACKJACK_POINTS:
                    blackjack_cards = 0 if blackjack_card is None else left[blackjack_card] - (index == blackjack_card)
                    busted = self._busted(cards - 1, blackjack_cards, drawn + 1, 1)
                    hit += count * busted
                    double += 2 * count * busted
                    continue
                after = left[:index] + (count - 1,) + left[index + 1:]
                new_ace = ace or index == ACE
                hit += count * self._node(after, drawn + 1, new_hard, new_ace)[0]
                if may_double:
                    new_points = new_hard + SOFT_BONUS if new_ace and new_hard + SOFT_BONUS <= BLACKJACK_POINTS \
                        else new_hard
                    double += count * self._finished(after, drawn + 1, new_points, 2)
            found = (stand, STAND)
            if hit > stand:
                found = (hit, HIT)
            if may_double and double > found[0]:
                found = (double, DOUBLE)
        self._nodes[left] = found
        return found

    def _second_cards(self):
        for index, count in enumerate(self.shoe):
            if count and not (self.skip_pair and index == self.pair):
                yield count, add_card(self.shoe, index, -1), VALUES[self.pair] + VALUES[index], index == ACE

    def value(self) -> Fraction:
        """The hand's raw value (its second card drawn from the shoe; not of the pair when `skip_pair`, the chance
        of another card included)."""
        total = sum(count * self._node(left, 1, hard, ace)[0] for count, left, hard, ace in self._second_cards())
        return Fraction(total, self.denominators[0])

    def finals(self) -> dict[tuple[int, ...], Fraction]:
        """`{cards unseen when the hand is finished: chance}`, the hand played its best way (its busts too)."""
        weights: dict[tuple[tuple[int, ...], int], int] = {}

        def walk(left, drawn, hard, ace, weight):
            _, action = self._node(left, drawn, hard, ace)
            if action == STAND:
                weights[(left, drawn)] = weights.get((left, drawn), 0) + weight
                return
            for index, count in enumerate(left):
                if not count:
                    continue
                after = add_card(left, index, -1)
                new_hard = hard + VALUES[index]
                if action == DOUBLE or new_hard > BLACKJACK_POINTS:
                    weights[(after, drawn + 1)] = weights.get((after, drawn + 1), 0) + weight * count
                else:
                    walk(after, drawn + 1, new_hard, ace or index == ACE, weight * count)

        for count, left, hard, ace in self._second_cards():
            walk(left, 1, hard, ace, count)
        found: dict[tuple[int, ...], Fraction] = {}
        for (left, drawn), weight in weights.items():
            found[left] = found.get(left, Fraction(0)) + Fraction(weight, _falling(self.cards, drawn))
        return found


def split_value(rules: BlackJackRules, first: int, shoe: tuple[int, ...], pair: int,
                progress: Callable[[], None] | None = None) -> Fraction:
    """The raw value of splitting the pair of class `pair` (not aces) under CDP, per unit of the first hand's bet.

    `shoe` is the shoe the pair was dealt from (the dealer's card out, the pair's two cards in). The hands are
    dealt one after the other: a hand draws its second card; while fewer than `max_hands` hands are made, a card of
    the pair makes one more hand and the hand draws again; then the hand is played, and the next one draws.
    `progress` is called for each shoe a hand is valued from.

    Examples:
        >>> from naipes.games.black_jack.rules import PRESETS
        >>> from naipes.games.black_jack.hands import VALUE_CLASSES
        >>> rules = PRESETS.get().with_options(decks=1, max_hands=2, double_after_split=False)
        >>> split_value(rules, 5, add_card(VALUE_CLASSES.full(1), 5, -1), 1) > 0
        True
    """
    if pair == ACE:
        raise ValueError("Split aces take one card each: every strategy plays them alike (see `expectation`).")
    found: dict[tuple[tuple[int, ...], int, int], Fraction] = {}

    def hands_value(unseen: tuple[int, ...], pending: int, hands: int) -> Fraction:
        """The value of `pending` hands holding one pair card each, the first drawing its second card now."""
        key = (unseen, pending, hands)
        value = found.get(key)
        if value is None:
            resplit = hands < rules.max_hands and unseen[pair] > 0
            hand = SplitHand(rules, first, pair, unseen, skip_pair=resplit)
            if progress is not None:
                progress()
            value = hand.value()
            if pending > 1:
                for left, chance in hand.finals().items():
                    value += chance * hands_value(left, pending - 1, hands)
            if resplit:
                value += Fraction(unseen[pair], sum(unseen)) * hands_value(add_card(unseen, pair, -1), pending + 1,
                                                                          hands + 1)
            found[key] = value
        return value

    return hands_value(add_card(shoe, pair, -2), 2, 2)
