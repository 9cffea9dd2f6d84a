"""Exact expected values of a player's decisions against one dealer card, from any shoe.

An `Evaluator` holds the dealer's first card and the shoe the player's
cards come from (the dealer's card and every other card seen already out).
Every value is per unit of the hand's bet, exact (`Fraction`), and
*composition-dependent at every step*: standing compares the hand with the
dealer's distribution from the shoe less every card of the hand; hitting
draws each card class with its exact probability and then plays the best
way (stand or hit again) with that card out too.

The dealer's black jack: with no hole card and `dealer_blackjack_takes`
`all`, it counts against every hand, its doubles and splits too. With the
American peek (`hole_card` `peek`), or with no hole card when it takes the
original bet only, the dealer's black jack costs the box one unit whatever
it did, so the values are the values *given that the dealer has no black
jack* (what a player deciding at a peek table faces): every value is first
computed as the expectation times the chance of no black jack (which adds
up over the cards drawn, since the hole card is any unseen card), then
divided by that chance for the hand as it stands (`no_blackjack`).

Splitting is exact for a strategy that plays each split hand by its own
cards only (`split_strategy`): `cdz-` (Cacarulo's, MGP's and Eric Farmer's
combinatorial analysers' CDZ-: a split hand is played as the same cards
would be played unsplit, from the shoe the pair came from) or `cdp1` (as
the first split hand would best be played: the other card of the pair out
too). The method is Farmer's: the cards of the deal can be dealt in any
order without changing the chance of the deal, so each split hand's
expectation depends only on the *pattern* of pair cards (P) and other cards
(N) drawn as second cards while more hands may be made; given the pattern,
the other hands' second cards are other cards drawn at random, and removing
a card drawn at random does not change an expectation, which turns each
hand's expectation into a combination of the values of one hand played
from the shoe less 1, 2, 3 … cards of the pair (`_removal_weights`). Every
split, resplit and removal is counted exactly; no hand's play looks at the
cards of the other split hands. That strategy, CDP (`cdp`), is valued by
`cdp` hand after hand over every way each split hand finishes: seconds a
pair against a card with two hands, minutes with resplits, so only the
command line offers it.

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
from typing import Callable, Sequence

from ...core.cards import parse_cards  # noqa: F401  (the module's examples)
from ...core.errors import CardError
from ...core.vocabulary import Word
from . import cdp
from .dealer import BLACKJACK, BUST, dealer_weights, won_minus_lost
from .hands import (ACE, BLACKJACK_POINTS, TEN, VALUES, add_card, counts_of,  # noqa: F401  (counts_of: examples)
                    total_of_counts)
from .rules import (HOLE_PEEK, SPLIT_CDP, SPLIT_CDP1, SURRENDER_ANY, SURRENDER_EXCEPT_ACE, TAKES_ORIGINAL,
                    BlackJackRules)

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
        rules: the rules (dealer's soft 17, doubling, splitting, surrender, hole card, what a black jack takes).
        first: the dealer's card's class (0 an ace, 9 a ten-valued card).
        shoe: the composition the player's hand is dealt from (the dealer's card and seen cards out, the
            hand's own cards still in).
        split_progress: called for each shoe a CDP split values a hand from (seconds to minutes of work, with
            no total known in advance: the command line counts them on the terminal).
    """

    def __init__(self, rules: BlackJackRules, first: int, shoe: Sequence[int],
                 split_progress: Callable[[], None] | None = None) -> None:
        self.rules = rules
        self.split_progress = split_progress
        self.first = first
        self.shoe = tuple(shoe)
        self._stand: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self._after: dict[tuple[int, ...], Fraction] = {}
        self._hit: dict[tuple[int, ...], Fraction] = {}
        self._split: dict[tuple[int, ...], Fraction] = {}
        self._shoes: dict[tuple[int, ...], Evaluator] = {}
        self._followed: dict[tuple[int, tuple[int, ...]], Fraction] = {}
        #: Values conditioned on the dealer having no black jack (peek, or a black jack taking the original bet).
        self.conditioned = rules.hole_card == HOLE_PEEK or rules.dealer_blackjack_takes == TAKES_ORIGINAL
        self._blackjack_card = {ACE: TEN, TEN: ACE}.get(first)

    def evaluator_for(self, shoe: tuple[int, ...]) -> "Evaluator":
        """An evaluator of the same rules and dealer's card for another shoe (kept: splits ask for the same ones)."""
        found = self._shoes.get(shoe)
        if found is None:
            found = self._shoes[shoe] = Evaluator(self.rules, self.first, shoe)
        return found

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

    def no_blackjack(self, hand: tuple[int, ...]) -> Fraction:
        """The chance that the dealer's hole card does not make black jack, the hand's cards out (1 from 2 to 9).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> Evaluator(PRESETS.get(), 0, (3,) + (4,) * 8 + (16,)).no_blackjack((0,) * 8 + (1, 1))
            Fraction(34, 49)
        """
        if self._blackjack_card is None:
            return Fraction(1)
        left = self.left(hand)
        return 1 - Fraction(left[self._blackjack_card], sum(left))

    def _against_dealer(self, hand: tuple[int, ...]) -> tuple[int, int, int]:
        """`(won minus lost without the dealer's black jack, the dealer's black jack, denominator)` as integers."""
        found = self._stand.get(hand)
        if found is None:
            weights, denominator = dealer_weights(self.left(hand), self.first, self.rules.hits_soft_17)
            points = total_of_counts(hand).points
            balance = won_minus_lost(weights, points)
            found = (balance, weights.get(BLACKJACK, 0), denominator)
            self._stand[hand] = found
        return found

    # Every `_raw_*` value is, when `conditioned`, the expectation times the chance of no dealer's black jack.

    def _lost(self, hand: tuple[int, ...], bets: int) -> Fraction:
        return -bets * self.no_blackjack(hand) if self.conditioned else Fraction(-bets)

    def _raw_stand(self, hand: tuple[int, ...], bets: int = 1) -> Fraction:
        if total_of_counts(hand).points > BLACKJACK_POINTS:
            return self._lost(hand, bets)
        balance, blackjack, denominator = self._against_dealer(hand)
        if self.conditioned:
            return Fraction(bets * balance, denominator)
        return Fraction(bets * (balance - blackjack), denominator)

    def _raw_natural(self, hand: tuple[int, ...]) -> Fraction:
        _, blackjack, denominator = self._against_dealer(hand)
        return self.rules.blackjack_pays * (1 - Fraction(blackjack, denominator))

    def _draws(self, hand: tuple[int, ...]):
        left = self.left(hand)
        cards = sum(left)
        if not cards:
            raise CardError("The shoe is empty: no card can be drawn.")
        for index, count in enumerate(left):
            if count:
                yield Fraction(count, cards), add_card(hand, index)

    def _raw_hit(self, hand: tuple[int, ...]) -> Fraction:
        found = self._hit.get(hand)
        if found is None:
            found = sum((p * self._raw_after(following) for p, following in self._draws(hand)), Fraction(0))
            self._hit[hand] = found
        return found

    def _raw_after(self, hand: tuple[int, ...]) -> Fraction:
        """The best value of a hand that has just taken a card: lost over 21, standing at 21, else stand or hit."""
        found = self._after.get(hand)
        if found is None:
            points = total_of_counts(hand).points
            if points >= BLACKJACK_POINTS:
                found = self._raw_stand(hand)
            else:
                found = max(self._raw_stand(hand), self._raw_hit(hand))
            self._after[hand] = found
        return found

    def _raw_double(self, hand: tuple[int, ...]) -> Fraction:
        return sum((p * self._raw_stand(following, 2) for p, following in self._draws(hand)), Fraction(0))

    def _normal(self, hand: tuple[int, ...], raw: Fraction) -> Fraction:
        return raw / self.no_blackjack(hand) if self.conditioned else raw

    # --- the public values (per unit of the hand's bet; given no dealer's black jack when `conditioned`) -------

    def stand(self, hand: tuple[int, ...]) -> Fraction:
        """The value of standing (a total over 21 loses; a black jack is valued by `natural`).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> Evaluator(PRESETS.get(), 5, (24,) * 9 + (96,)).stand((0,) * 9 + (3,))
            Fraction(-1, 1)
        """
        return self._normal(hand, self._raw_stand(hand))

    def doubled(self, hand: tuple[int, ...]) -> Fraction:
        """The value per unit of the original bet of a doubled hand that stands with `hand`."""
        return self._normal(hand, self._raw_stand(hand, 2))

    def natural(self, hand: tuple[int, ...]) -> Fraction:
        """The value of a black jack: paid `blackjack_pays` unless the dealer makes one too (a push)."""
        return self._normal(hand, self._raw_natural(hand))

    def dealer_blackjack(self, hand: tuple[int, ...]) -> Fraction:
        """The chance that the dealer makes black jack, the hand's cards out."""
        return 1 - self.no_blackjack(hand)

    def hit(self, hand: tuple[int, ...]) -> Fraction:
        """The value of taking one card and then playing the best way (standing or hitting again).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> evaluator = Evaluator(PRESETS.get(), 5, (24,) * 9 + (96,))
            >>> evaluator.hit((0, 0, 0, 0, 0, 0, 0, 0, 0, 2)) < evaluator.stand((0,) * 9 + (2,))
            True
        """
        return self._normal(hand, self._raw_hit(hand))

    def after_card(self, hand: tuple[int, ...]) -> Fraction:
        """The best value of a hand that has just taken a card: lost over 21, standing at 21, else stand or hit."""
        return self._normal(hand, self._raw_after(hand))

    def double(self, hand: tuple[int, ...]) -> Fraction:
        """The value of doubling: one more card, twice the bet, then standing."""
        return self._normal(hand, self._raw_double(hand))

    def split(self, hand: tuple[int, ...]) -> Fraction:
        """The value of splitting a pair (per unit of the first hand's bet), exact for `split_strategy`."""
        return self._normal(hand, self._raw_split(hand))

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

    def _raw_values(self, hand: tuple[int, ...], position: Position) -> dict[str, Fraction]:
        points = total_of_counts(hand).points
        if points >= BLACKJACK_POINTS:
            natural = points == BLACKJACK_POINTS and sum(hand) == 2 and not position.split_hand
            return {STAND: self._raw_natural(hand) if natural else self._raw_stand(hand)}
        found = {STAND: self._raw_stand(hand), HIT: self._raw_hit(hand)}
        if self.may_double(hand, position):
            found[DOUBLE] = self._raw_double(hand)
        if self.may_split(hand, position):
            found[SPLIT] = self._raw_split(hand)
        if self.may_surrender(hand, position):
            found[SURRENDER] = -HALF * (self.no_blackjack(hand) if self.conditioned else 1)
        return found

    def values(self, hand: tuple[int, ...], position: Position = Position()) -> dict[str, Fraction]:
        """The value of every action open to `hand` (a black jack and a 21 have only `stand`).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> evaluator = Evaluator(PRESETS.get(), 5, (24,) * 9 + (96,))
            >>> sorted(evaluator.values((0, 0, 0, 0, 0, 0, 0, 2, 0, 0)))
            ['hit', 'split', 'stand', 'surrender']
        """
        return {action: self._normal(hand, value) for action, value in self._raw_values(hand, position).items()}

    def deal_values(self, hand: tuple[int, ...]) -> dict[str, Fraction]:
        """The value of every action for the whole deal of these first two cards, the dealer's black jack included.

        Where the values are `conditioned`, a dealer's black jack costs one unit (nothing to a black jack).

        Examples:
            >>> from naipes.games.black_jack.rules import PRESETS
            >>> peek = Evaluator(PRESETS.get().with_options(hole_card="peek"), 9, (4,) * 9 + (15,))
            >>> peek.deal_values((1, 0, 0, 0, 0, 0, 0, 0, 0, 1))
            {'stand': Fraction(69, 49)}
        """
        raw = self._raw_values(hand, Position())
        if not self.conditioned:
            return raw
        natural = total_of_counts(hand).points == BLACKJACK_POINTS
        lost = 0 if natural else 1
        return {action: value - lost * self.dealer_blackjack(hand) for action, value in raw.items()}

    def best(self, hand: tuple[int, ...], position: Position = Position()) -> tuple[str, Fraction]:
        """The best action and its value (ties go to the first in `ACTIONS`)."""
        found = self.values(hand, position)
        action = max(found, key=lambda name: (found[name], -ACTIONS.index(name)))
        return action, found[action]

    # --- splitting ----------------------------------------------------------------------------------------

    def _raw_split(self, hand: tuple[int, ...]) -> Fraction:
        """The split's value, summed over the patterns of pair cards and other cards drawn as second cards."""
        found = self._split.get(hand)
        if found is not None:
            return found
        pair = hand.index(2)
        if self.rules.split_strategy == SPLIT_CDP and pair != ACE:
            # Split aces take one card each: no decisions, so every strategy values them as the patterns below do.
            found = self._split[hand] = cdp.split_value(self.rules, self.first, self.shoe, pair,
                                                          self.split_progress)
            return found
        # The shoe without this hand's own card of the pair; the other hands' first cards are removed from it.
        base = add_card(self.shoe, pair, -1)
        after_pair = add_card(base, pair, -1)
        pairs, cards = after_pair[pair], sum(after_pair)
        reference = self if self.rules.split_strategy != SPLIT_CDP1 else self.evaluator_for(base)
        may_resplit = pair != ACE or self.rules.resplit_aces
        made: dict[int, Fraction] = {}
        capped: dict[int, Fraction] = {}
        total = Fraction(0)
        for hands, made_hands, ways in split_patterns(self.rules.max_hands, may_resplit):
            drawn_pairs = hands - 2
            if made_hands:
                # The other hands' second cards, then this hand's own other card (drawn from the shoe they leave).
                others = _chance(pairs, cards, drawn_pairs, made_hands - 1)
                if others:
                    total += ways * others * made_hands * self._removed_value(
                        base, pair, hands - 1, made_hands - 1, True, reference, made)
            if hands > made_hands:
                chance = _chance(pairs, cards, drawn_pairs, made_hands)
                if chance:
                    total += ways * chance * (hands - made_hands) * self._removed_value(
                        base, pair, hands - 1, made_hands, False, reference, capped)
        self._split[hand] = total
        return total

    def _removed_value(self, base: tuple[int, ...], pair: int, pairs_out: int, others_out: int, other_second: bool,
                       reference: "Evaluator", kept: dict[int, Fraction]) -> Fraction:
        """One split hand's value from `base` less `pairs_out` cards of the pair and `others_out` other cards
        drawn at random, its second card another card (`other_second`) or any card."""
        value = Fraction(0)
        for removed, weight in _removal_weights(base[pair], sum(base), pairs_out, others_out).items():
            if removed not in kept:
                kept[removed] = self._split_hand(add_card(base, pair, -removed), pair, other_second, reference)
            value += weight * kept[removed]
        return value

    def _split_hand(self, shoe: tuple[int, ...], pair: int, other_second: bool, reference: "Evaluator") -> Fraction:
        """A split hand's value when its second card comes from `shoe` (its own card of the pair out): any card,
        or another card than the pair's (`other_second`: times the chance of one, so that the value is an
        expectation over the deal, which removing cards at random does not change)."""
        played = self.evaluator_for(add_card(shoe, pair))
        start = add_card((0,) * 10, pair)
        cards = sum(shoe)
        value = Fraction(0)
        for index, count in enumerate(shoe):
            if count and not (other_second and index == pair):
                hand = add_card(start, index)
                # Each split ace takes one card only.
                hand_value = played._raw_stand(hand) if pair == ACE else reference._follow(played, hand)
                value += Fraction(count, cards) * hand_value
        return value

    def _follow(self, played: "Evaluator", hand: tuple[int, ...]) -> Fraction:
        """The value from `played`'s shoe of a split hand played by this evaluator's best decisions (raw)."""
        key = (id(played), hand)
        found = self._followed.get(key)
        if found is not None:
            return found
        points = total_of_counts(hand).points
        two_cards = sum(hand) == 2
        if points >= BLACKJACK_POINTS:
            found = played._raw_stand(hand)
        else:
            options = {STAND: self._raw_stand(hand), HIT: self._raw_hit(hand)}
            if two_cards and self.may_double(hand, Position(split_hand=True, can_split=False)):
                options[DOUBLE] = self._raw_double(hand)
            action = max(options, key=lambda name: (options[name], -ACTIONS.index(name)))
            if action == STAND:
                found = played._raw_stand(hand)
            elif action == DOUBLE:
                found = played._raw_double(hand)
            else:
                found = sum((p * self._follow(played, following) for p, following in played._draws(hand)),
                            Fraction(0))
        self._followed[key] = found
        return found


def _falling(n: int, k: int) -> int:
    value = 1
    for i in range(k):
        value *= n - i
    return value


def _chance(pairs: int, cards: int, pair_cards: int, other_cards: int) -> Fraction:
    """The chance of one given order of `pair_cards` cards of the pair and `other_cards` other cards, drawn from
    `cards` cards of which `pairs` are of the pair."""
    return Fraction(_falling(pairs, pair_cards) * _falling(cards - pairs, other_cards),
                    _falling(cards, pair_cards + other_cards))


@lru_cache(maxsize=None)
def split_patterns(max_hands: int, may_resplit: bool) -> tuple[tuple[int, int, int], ...]:
    """The patterns of second cards a split may take: `(hands made, hands whose second card is another card, ways)`.

    A hand's second card is drawn while fewer than `max_hands` hands are made: a card of the pair makes one more
    hand (and the hand draws again), another card makes the hand; once `max_hands` are made, the remaining hands'
    second cards are any cards. `ways` counts the orders of P and N that give the same counts.

    Examples:
        >>> split_patterns(2, True)
        ((2, 0, 1),)
        >>> split_patterns(3, True)  # NN, NP-, P-- (Farmer's table for up to three hands)
        ((2, 2, 1), (3, 0, 1), (3, 1, 1))
    """
    found: dict[tuple[int, int], int] = {}

    def walk(hand: int, hands: int, made: int) -> None:
        if hand > hands or not may_resplit or hands >= max_hands:
            found[(hands, made)] = found.get((hands, made), 0) + 1
            return
        walk(hand, hands + 1, made)
        walk(hand + 1, hands, made + 1)

    walk(1, 2, 0)
    return tuple(sorted((hands, made, ways) for (hands, made), ways in found.items()))


@lru_cache(maxsize=None)
def _removal_weights(pairs: int, cards: int, pairs_out: int, others_out: int) -> dict[int, Fraction]:
    """A shoe less `pairs_out` pair cards and `others_out` other cards drawn at random, as a combination of shoes
    less pair cards only: `{pair cards removed: weight}`.

    Removing a card drawn at random changes no expectation: with `p` the chance it is of the pair, the shoe less
    `j` pair cards is `p` times the shoe less `j + 1` and `1 - p` times the shoe less `j` and one other card.

    Examples:
        >>> _removal_weights(4, 51, 1, 1)
        {1: Fraction(50, 47), 2: Fraction(-3, 47)}
    """
    if not others_out:
        return {pairs_out: Fraction(1)}
    others_before = others_out - 1
    chance = Fraction(pairs - pairs_out, cards - pairs_out - others_before)
    found = dict(_removal_weights(pairs, cards, pairs_out, others_before))
    if not chance:
        return found
    for removed, weight in _removal_weights(pairs, cards, pairs_out + 1, others_before).items():
        found[removed] = found.get(removed, Fraction(0)) - chance * weight
    return {removed: weight / (1 - chance) for removed, weight in found.items()}
