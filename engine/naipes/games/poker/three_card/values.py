"""The three-card game's exact values: the croupier's hands against the player's, and the optimal play.

For a player's hand, the croupier's three cards come from the cards left;
their strengths are counted by inclusion and exclusion (every hand of the
deck, less those holding one of the player's cards, plus those holding two,
less the player's hand itself), so a whole deck's analysis needs only the
hands through each card (`Deck`).

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from .rules import PRESETS
    >>> rules = PRESETS.default
    >>> plays(codes("Qh 6d 4c"), rules), plays(codes("Qh 6d 3c"), rules)
    (True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Sequence

from ..distribution import Tally
from ..hands import THREE_CARD, category_of, codes, strength_function
from ..kernel import CODES, FULL
from .rules import ThreeCardRules

_STRENGTH = strength_function(THREE_CARD)


@dataclass
class Deck:
    """A composition's three-card hands: all of them, and those through each card, as tallies."""

    cards: tuple[int, ...]
    qualifies_from: int
    every: Tally = field(init=False)
    through: dict[int, Tally] = field(init=False)
    _pairs: dict[tuple[int, int], Tally] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        every: dict[int, int] = {}
        through: dict[int, dict[int, int]] = {c: {} for c in self.cards}
        for hand in combinations(self.cards, 3):
            s = _STRENGTH(*hand)
            every[s] = every.get(s, 0) + 1
            for c in hand:
                through[c][s] = through[c].get(s, 0) + 1
        self.every = Tally.of(every, self.qualifies_from)
        self.through = {c: Tally.of(counts, self.qualifies_from) for c, counts in through.items()}

    def split(self, hand: Sequence[int]) -> tuple[int, int, int, int]:
        """The croupier's hands from the cards left once `hand` is out: (not qualifying, weaker, equal, stronger)."""
        s = _STRENGTH(*hand)
        result = list(self.every.split(s))
        for c in hand:
            for i, n in enumerate(self.through[c].split(s)):
                result[i] -= n
        for pair in combinations(hand, 2):
            for i, n in enumerate(self._through_pair(pair).split(s)):
                result[i] += n
        result[self._bucket(s, s)] -= 1
        return tuple(result)  # type: ignore[return-value]

    def _through_pair(self, pair: tuple[int, int]) -> Tally:
        key = (pair[0], pair[1]) if pair[0] < pair[1] else (pair[1], pair[0])
        found = self._pairs.get(key)
        if found is None:
            counts: dict[int, int] = {}
            for other in self.cards:
                if other != key[0] and other != key[1]:
                    d = _STRENGTH(key[0], key[1], other)
                    counts[d] = counts.get(d, 0) + 1
            found = self._pairs[key] = Tally.of(counts, self.qualifies_from)
        return found

    def _bucket(self, dealer: int, player: int) -> int:
        if dealer < self.qualifies_from:
            return 0
        return 1 if dealer < player else 2 if dealer == player else 3


@lru_cache(maxsize=8)
def deck(counts: tuple[int, ...], qualifies_from: int) -> Deck:
    """The tallies of a composition (cached: a whole deck's is built once)."""
    return Deck(tuple(CODES[i] for i, n in enumerate(counts) if n), qualifies_from)


def play_value(hand: Sequence[int], rules: ThreeCardRules, counts: tuple[int, ...] = FULL) -> Fraction:
    """The expected net of the ante and play bets per ante when the player plays `hand` (the ante bonus included)."""
    not_qualified, weaker, equal, stronger = deck(counts, rules.qualifies_from).split(hand)
    total = not_qualified + weaker + equal + stronger
    m = rules.play_multiple
    bonus = rules.pay_table.ante_bonus.pays_for(category_of(_STRENGTH(*hand), THREE_CARD)) or 0
    return Fraction(not_qualified + weaker * (1 + m) - stronger * (1 + m), total) + bonus


@lru_cache(maxsize=None)
def _full_deck_plays(hand: frozenset, rules: ThreeCardRules) -> bool:
    return play_value(tuple(hand), rules) > -1


def plays(hand: Sequence[int], rules: ThreeCardRules) -> bool:
    """The optimal decision on a full deck: play when playing loses less than the ante a fold gives up."""
    return _full_deck_plays(frozenset(hand), rules)




def hand_value(hand: Sequence[int], rules: ThreeCardRules) -> Fraction:
    """`play_value` on a full deck for one hand, from the croupier's hands counted directly (milliseconds).

    Examples:
        >>> from .rules import PRESETS
        >>> hand_value(codes("Qh 6d 4c"), PRESETS.default) == play_value(codes("Qh 6d 4c"), PRESETS.default)
        True
    """
    from ..distribution import strengths

    left = [c for c in CODES if c not in hand]
    tally = Tally.of(strengths(left, (), 3, THREE_CARD), rules.qualifies_from)
    not_qualified, weaker, _, stronger = tally.split(_STRENGTH(*hand))
    m = rules.play_multiple
    bonus = rules.pay_table.ante_bonus.pays_for(category_of(_STRENGTH(*hand), THREE_CARD)) or 0
    return Fraction(not_qualified + weaker * (1 + m) - stronger * (1 + m), tally.total) + bonus


__all__ = ["Deck", "codes", "deck", "hand_value", "play_value", "plays"]
