"""Trijoker's exact values: what a bet in play returns, and the optimal withdrawals.

A bet in play returns its pay to one when the final five cards pay (a pair at
least as high as the minimum, or better) and loses one unit otherwise. The
bets are settled on the same final hand but decided apart, so a bet is best
left in play exactly when its expected return, given the cards seen, is
positive: the first with the player's three cards, the second with the
first common card as well.

On a full deck the expectation given the cards seen depends only on their
ranks and on whether they are all of one suit (only then can a flush come),
so every value is computed once per such signature.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from .rules import PRESETS
    >>> rules = PRESETS.get("cat-2016")
    >>> bet_value(parse_cards("Jh Jd 4c"), rules) > 0, bet_value(parse_cards("2h 7d Kc"), rules) > 0
    (True, False)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Iterable, Sequence

from ....core.cards import Card
from ....core.errors import CardError
from ..hands import PAIR, category_of, code, strength5
from ..kernel import CODES, check_distinct
from .rules import TrijokerRules

#: The key of a final hand that pays nothing (the bet in play is lost).
LOSES = "loses"


def pay_key(strength: int, rules: TrijokerRules) -> str:
    """The pay-table category of a final hand, or `LOSES` (a pair below the minimum, or less).

    Examples:
        >>> from .rules import PRESETS
        >>> pay_key(strength5(*(code(c) for c in ("Th", "Td", "2c", "5s", "9h"))), PRESETS.get("cat-2016"))
        'loses'
    """
    category = category_of(strength)
    if rules.pay_table.pays_for(category) is None:
        return LOSES
    if category == PAIR and (strength >> 16) & 0xF < rules.minimum_rank:
        return LOSES
    return category


def payout(key: str, rules: TrijokerRules) -> Fraction:
    """What one bet in play nets for a final hand's pay key: its pay to one, or -1."""
    pays = rules.pay_table.pays_for(key) if key != LOSES else None
    return Fraction(-1) if pays is None else pays


def signature(cards: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """What matters of cards seen on a full deck: their sorted rank numbers, and whether they share a suit.

    Examples:
        >>> signature([code(c) for c in ("Ah", "Kh", "2h")])
        ((0, 11, 12), True)
    """
    ranks = tuple(sorted((c >> 8) & 0xF for c in cards))
    suits = 0xF000
    for c in cards:
        suits &= c
    return ranks, bool(suits)


def representative(sig: tuple[tuple[int, ...], bool]) -> tuple[int, ...]:
    """Cards with a signature: all spades when suited, otherwise a different suit each in turn."""
    ranks, suited = sig
    return tuple(CODES[(0 if suited else i % 4) * 13 + (r + 1) % 13] for i, r in enumerate(ranks))


@lru_cache(maxsize=None)
def four_card_keys(sig: tuple[tuple[int, ...], bool], rules: TrijokerRules) -> tuple[tuple[str, int], ...]:
    """How the 48 cards left complete four cards of a signature: (pay key, how many cards) pairs."""
    cards = representative(sig)
    left = [c for c in CODES if c not in cards]
    found: dict[str, int] = {}
    for card in left:
        key = pay_key(strength5(*cards, card), rules)
        found[key] = found.get(key, 0) + 1
    return tuple(sorted(found.items()))


@lru_cache(maxsize=None)
def four_card_value(sig: tuple[tuple[int, ...], bool], rules: TrijokerRules) -> Fraction:
    """The expected net of one bet in play, given four cards of a signature (full deck)."""
    keys = four_card_keys(sig, rules)
    return sum((payout(key, rules) * n for key, n in keys), Fraction(0)) / sum(n for _, n in keys)


@lru_cache(maxsize=None)
def three_card_value(sig: tuple[tuple[int, ...], bool], rules: TrijokerRules) -> Fraction:
    """The expected net of one bet in play, given the player's three cards of a signature (full deck)."""
    cards = representative(sig)
    total = Fraction(0)
    n = 0
    for card in CODES:
        if card not in cards:
            total += four_card_value(signature(cards + (card,)), rules)
            n += 1
    return total / n


def bet_value(cards: Iterable[Card], rules: TrijokerRules) -> Fraction:
    """The expected net of one bet in play given the player's three cards (and the first common card).

    Raises:
        CardError: not three or four distinct cards.
    """
    seen = tuple(cards)
    check_distinct(seen)
    if len(seen) not in (3, 4):
        raise CardError("Give your three cards, and the first common card if it is shown.")
    sig = signature([code(c) for c in seen])
    return three_card_value(sig, rules) if len(seen) == 3 else four_card_value(sig, rules)


def rides(cards: Sequence[int], rules: TrijokerRules) -> bool:
    """The optimal decision for the bet in question: leave it in play when its expectation is positive."""
    sig = signature(cards)
    value = three_card_value(sig, rules) if len(cards) == 3 else four_card_value(sig, rules)
    return value > 0


def three_card_signatures() -> list[tuple[tuple[tuple[int, ...], bool], int]]:
    """Every signature of three cards dealt from a full deck, with how many hands have it (22,100 in all).

    Examples:
        >>> sum(n for _, n in three_card_signatures())
        22100
    """
    found = []
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                ranks = (a, b, c)
                ways = 1
                for r in set(ranks):
                    ways *= comb(4, ranks.count(r))
                if len(set(ranks)) == 3:
                    found.append(((ranks, True), 4))
                    found.append(((ranks, False), ways - 4))
                else:
                    found.append(((ranks, False), ways))
    return found
