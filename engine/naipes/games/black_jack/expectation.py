"""Exact expected values of a player's decisions against one dealer card, from any shoe.

An `Evaluator` holds the dealer's first card and the shoe the player's
cards come from (the dealer's card and every other card seen already out).
Every value is per unit of the hand's bet, exact (`Fraction`), and
*composition-dependent at every step*: standing compares the hand with the
dealer's distribution from the shoe less every card of the hand; hitting
draws each card class with its exact probability and then plays the best
way (stand or hit again) with that card out too. With no hole card the
dealer's black jack counts against every hand, its doubles too (or only
the original bet, by option).

Splitting (the stated method, as Wizard of Odds' appendix 9): each split hand
is valued with the composition less the pair's cards and its own cards —
not the cards the other split hands drew — so every split hand has the same
value; a hand that receives another card of the pair splits again while the
rules allow more hands (`max_hands`), and otherwise plays it. With `p` the
chance that a hand's second card is of the pair, the expected number of
hands that end with another card and of hands that end as an unsplittable
pair follow from a small exact recursion, and the split's value is each
count times that hand's best value.

Examples:
    >>> from naipes.games.black_jack.rules import PRESETS
    >>> from naipes.games.black_jack.hands import VALUE_CLASSES
    >>> rules = PRESETS.get().with_options(decks=1)
    >>> shoe = VALUE_CLASSES.without(1, [])
    >>> evaluator = Evaluator(rules, 9, add_card(shoe, 9, -1))
    >>> hand = counts_of(parse_cards("Th 6s"))
    >>> round(float(evaluator.stand(hand)), 6), evaluator.best(hand)[0]
    (-0.580262, 'surrender')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from ...core.cards import parse_cards  # noqa: F401  (the module's examples)
from ...core.errors import CardError
from ...core.vocabulary import Word
from .dealer import BLACKJACK, BUST, dealer_weights
from .hands import (ACE, BLACKJACK_POINTS, VALUES, add_card, counts_of,  # noqa: F401  (counts_of: examples)
                    total_of_counts)
from .rules import SURRENDER_ANY, SURRENDER_EXCEPT_ACE, TAKES_ALL, BlackJackRules

class Action(Word):
    """The player's actions on a hand, in the order advice lists them."""

    STAND = "stand"
    HIT = "hit"
    DOUBLE = "double"
    SPLIT = "split"
    SURRENDER = "surrender"


STAND, HIT, DOUBLE, SPLIT, SURRENDER = Action
#: The player's actions, in the order advice lists them.
ACTIONS = (STAND, HIT, DOUBLE, SPLIT, SURRENDER)
MINUS_ONE = Fraction(-1)
HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Position:
    """What a decision depends on besides the cards: the hand comes from a split, it may still split or double."""

    split_hand: bool = False
    can_split: bool = True
    can_double: bool = True


class Evaluator:
    """Exact values of standing, hitting, doubling, surrendering and splitting against the dealer's `first` card.

    Args:
        rules: the rules (dealer's soft 17, doubling, splitting, surrender, what a dealer's black jack takes).
        first: the dealer's card's class (0 an ace, 9 a ten-valued card).
        shoe: the composition the player's hand is dealt from (the dealer's card and seen cards out, the
            hand's own cards still in).
    """

    def __init__(self, rules: BlackJackRules, first: int, shoe: Sequence[int]) -> None:
        self.rules = rules
        self.first = first
        self.shoe = tuple(shoe)
        self._stand: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self._after: dict[tuple[int, ...], Fraction] = {}
        self._hit: dict[tuple[int, ...], Fraction] = {}
        self._split_evaluators: dict[int, Evaluator] = {}
        self._double_loses = 2 if rules.dealer_blackjack_takes == TAKES_ALL else 1

    # --- the dealer against a finished hand ------------------------------------------------------

    def left(self, hand: tuple[int, ...]) -> tuple[int, ...]:
        """The shoe less the hand's cards.

        Raises:
            CardError: the hand holds cards the shoe does not.
        """
        left = tuple(a - b for a, b in zip(self.shoe, hand))
        if min(left) < 0:
            raise CardError("These cards are not all in the shoe: too many of one value are out.")
        return left

    def _against_dealer(self, hand: tuple[int, ...]) -> tuple[int, int, int]:
        """`(won minus lost without the dealer's black jack, the dealer's black jack, denominator)` as integers."""
        found = self._stand.get(hand)
        if found is None:
            weights, denominator = dealer_weights(self.left(hand), self.first, self.rules.hits_soft_17)
            points = total_of_counts(hand).points
            balance = weights.get(BUST, 0)
            for final in (17, 18, 19, 20, 21):
                weight = weights.get(final, 0)
                if final < points:
                    balance += weight
                elif final > points:
                    balance -= weight
            found = (balance, weights.get(BLACKJACK, 0), denominator)
            self._stand[hand] = found
        return found

    def stand(self, hand: tuple[int, ...]) -> Fraction:
        """The value of standing (a total over 21 loses; a black jack is valued by `natural`).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> Evaluator(PRESETS.get(), 5, (24,) * 9 + (96,)).stand((0,) * 9 + (3,))
            Fraction(-1, 1)
        """
        if total_of_counts(hand).points > BLACKJACK_POINTS:
            return MINUS_ONE
        balance, blackjack, denominator = self._against_dealer(hand)
        return Fraction(balance - blackjack, denominator)

    def doubled(self, hand: tuple[int, ...]) -> Fraction:
        """The value per unit of the original bet of a doubled hand that stands with `hand`."""
        if total_of_counts(hand).points > BLACKJACK_POINTS:
            return Fraction(-2)
        balance, blackjack, denominator = self._against_dealer(hand)
        return Fraction(2 * balance - self._double_loses * blackjack, denominator)

    def natural(self, hand: tuple[int, ...]) -> Fraction:
        """The value of a black jack: paid `blackjack_pays` unless the dealer makes one too (a push)."""
        _, blackjack, denominator = self._against_dealer(hand)
        return self.rules.blackjack_pays * (1 - Fraction(blackjack, denominator))

    def dealer_blackjack(self, hand: tuple[int, ...]) -> Fraction:
        """The chance that the dealer makes black jack, the hand's cards out."""
        _, blackjack, denominator = self._against_dealer(hand)
        return Fraction(blackjack, denominator)

    # --- drawing ----------------------------------------------------------------------------------------

    def _draws(self, hand: tuple[int, ...]):
        left = self.left(hand)
        cards = sum(left)
        if not cards:
            raise CardError("The shoe is empty: no card can be drawn.")
        for index, count in enumerate(left):
            if count:
                yield Fraction(count, cards), add_card(hand, index)

    def hit(self, hand: tuple[int, ...]) -> Fraction:
        """The value of taking one card and then playing the best way (standing or hitting again).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> evaluator = Evaluator(PRESETS.get(), 5, (24,) * 9 + (96,))
            >>> evaluator.hit((0, 0, 0, 0, 0, 0, 0, 0, 0, 2)) < evaluator.stand((0,) * 9 + (2,))
            True
        """
        found = self._hit.get(hand)
        if found is None:
            found = sum((p * self.after_card(following) for p, following in self._draws(hand)), Fraction(0))
            self._hit[hand] = found
        return found

    def after_card(self, hand: tuple[int, ...]) -> Fraction:
        """The best value of a hand that has just taken a card: lost over 21, standing at 21, else stand or hit."""
        found = self._after.get(hand)
        if found is None:
            points = total_of_counts(hand).points
            if points > BLACKJACK_POINTS:
                found = MINUS_ONE
            elif points == BLACKJACK_POINTS:
                found = self.stand(hand)
            else:
                found = max(self.stand(hand), self.hit(hand))
            self._after[hand] = found
        return found

    def double(self, hand: tuple[int, ...]) -> Fraction:
        """The value of doubling: one more card, twice the bet, then standing."""
        return sum((p * self.doubled(following) for p, following in self._draws(hand)), Fraction(0))

    # --- what a hand may do -----------------------------------------------------------------------------

    def may_double(self, hand: tuple[int, ...], position: Position = Position()) -> bool:
        """Two cards, doubling allowed on their total, and after a split only if the rules allow it."""
        if sum(hand) != 2 or not position.can_double:
            return False
        if position.split_hand and (not self.rules.double_after_split or hand[ACE] == 2):
            return False
        hard = sum(n * v for n, v in zip(hand, VALUES))
        return self.rules.doubles_on(hard, total_of_counts(hand).soft)

    def may_surrender(self, hand: tuple[int, ...], position: Position = Position()) -> bool:
        """Two cards, not a split hand, and the surrender rule allows it against this dealer card."""
        if sum(hand) != 2 or position.split_hand:
            return False
        return (self.rules.surrender == SURRENDER_ANY
                or (self.rules.surrender == SURRENDER_EXCEPT_ACE and self.first != ACE))

    def may_split(self, hand: tuple[int, ...], position: Position = Position()) -> bool:
        """Two cards of one value, more hands allowed, and split aces only if they may be split again."""
        if sum(hand) != 2 or max(hand) != 2 or not position.can_split or self.rules.max_hands < 2:
            return False
        return not (position.split_hand and hand[ACE] == 2 and not self.rules.resplit_aces)

    def values(self, hand: tuple[int, ...], position: Position = Position()) -> dict[str, Fraction]:
        """The value of every action open to `hand` (a black jack and a 21 have only `stand`).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> evaluator = Evaluator(PRESETS.get(), 5, (24,) * 9 + (96,))
            >>> sorted(evaluator.values((0, 0, 0, 0, 0, 0, 0, 2, 0, 0)))
            ['hit', 'split', 'stand', 'surrender']
        """
        points = total_of_counts(hand).points
        if points >= BLACKJACK_POINTS:
            natural = points == BLACKJACK_POINTS and sum(hand) == 2 and not position.split_hand
            return {STAND: self.natural(hand) if natural else self.stand(hand)}
        found = {STAND: self.stand(hand), HIT: self.hit(hand)}
        if self.may_double(hand, position):
            found[DOUBLE] = self.double(hand)
        if self.may_split(hand, position):
            found[SPLIT] = self.split(hand)
        if self.may_surrender(hand, position):
            found[SURRENDER] = -HALF
        return found

    def best(self, hand: tuple[int, ...], position: Position = Position()) -> tuple[str, Fraction]:
        """The best action and its value (ties go to the first in `ACTIONS`)."""
        found = self.values(hand, position)
        action = max(found, key=lambda name: (found[name], -ACTIONS.index(name)))
        return action, found[action]

    # --- splitting ----------------------------------------------------------------------------------------

    def _split_evaluator(self, pair: int) -> "Evaluator":
        """The evaluator of one split hand: the other card of the pair out of its shoe."""
        found = self._split_evaluators.get(pair)
        if found is None:
            found = Evaluator(self.rules, self.first, add_card(self.shoe, pair, -1))
            self._split_evaluators[pair] = found
        return found

    def split_hand_value(self, pair: int, second: int) -> Fraction:
        """The best value of one split hand holding a card of the pair and then `second`.

        Split aces take one card only; a hand that gets a second card of the
        pair when no more hands may be made plays it as a pair that cannot split.
        """
        evaluator = self._split_evaluator(pair)
        hand = add_card(add_card((0,) * 10, pair), second)
        if pair == ACE:
            return evaluator.stand(hand)
        position = Position(split_hand=True, can_split=False)
        return max(evaluator.values(hand, position).values())

    def split(self, hand: tuple[int, ...]) -> Fraction:
        """The value of splitting a pair (per unit of the first hand's bet), by the method stated above."""
        pair = hand.index(2)
        left = self.left(hand)
        cards = sum(left)
        same = Fraction(left[pair], cards)
        other = sum((Fraction(count, cards) * self.split_hand_value(pair, index)
                     for index, count in enumerate(left) if count and index != pair), Fraction(0))
        pair_again = self.split_hand_value(pair, pair) if left[pair] else Fraction(0)
        may_resplit = pair != ACE or self.rules.resplit_aces
        ended, capped = _split_counts(self.rules.max_hands if may_resplit else 2, same)
        # `other` is already weighted by the chance of a card not of the pair: per hand ending that way, divide.
        value = Fraction(0)
        if same != 1:
            value += ended * other / (1 - same)
        value += capped * pair_again
        return value


@lru_cache(maxsize=None)
def _split_counts(max_hands: int, same: Fraction) -> tuple[Fraction, Fraction]:
    """Expected hands ending with a card not of the pair, and ending as a pair that cannot split again.

    Starting from two hands; each hand's second card is of the pair with
    chance `same`, which makes one more hand while fewer than `max_hands`.

    Examples:
        >>> _split_counts(2, Fraction(1, 10))
        (Fraction(9, 5), Fraction(1, 5))
    """
    @lru_cache(maxsize=None)
    def expected(hands: int, waiting: int) -> tuple[Fraction, Fraction]:
        if not waiting:
            return Fraction(0), Fraction(0)
        rest_ended, rest_capped = expected(hands, waiting - 1)
        ended = (1 - same) * (1 + rest_ended)
        capped = (1 - same) * rest_capped
        if hands < max_hands:
            more_ended, more_capped = expected(hands + 1, waiting + 1)
            ended += same * more_ended
            capped += same * more_capped
        else:
            ended += same * rest_ended
            capped += same * (1 + rest_capped)
        return ended, capped

    return expected(2, 2)
