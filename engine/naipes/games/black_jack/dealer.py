"""The dealer's hand: when the dealer draws, and the exact distribution of its final total from any shoe.

The dealer "debe contarlo [el as] como once 11 puntos si con este valor
alcanza 17 o más, a menos que sobrepase los 21 puntos" (source 001): it
draws to 16 and stands on every 17, soft ones included (an option,
`hits_soft_17`, makes it draw on a soft 17). With no hole card (the dealer
takes one card and completes its hand after the players), its final hand is
one of `BLACKJACK` (its first two cards make 21), 17 to 21, or `BUST`.

The exact distribution from a composition counts the dealer's possible
hands once: every *terminal* multiset of drawn cards (the dealer stopped
exactly when its last card came) with the number of orders in which it can
come out. A multiset `m` drawn from a shoe of composition `c` (`N` cards) in
one given order has probability `Π falling(c_j, m_j) / falling(N, |m|)`,
whatever the order, so a final total's probability is a sum over the
terminal multisets: no recursion per shoe, and integers only (one common
denominator, `falling(N, K)` for the longest hand `K`).

Examples:
    >>> table = dealer_distribution(VALUE_CLASSES.without(1, parse_cards("As")), ACE)
    >>> table[BLACKJACK], round(float(table[BUST]), 6)
    (Fraction(16, 51), 0.11654)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Hashable, Sequence

from ...core.cards import Card, parse_cards  # noqa: F401  (parse_cards: the module's examples)
from ...core.errors import CardError
from ...core.model import CHANCE, TERMINAL, Coup, Event, Rule
from .events import DealerBlackjack, DealerBust, DealerCard, DealerStands
from .hands import ACE, BLACKJACK_POINTS, VALUE_CLASSES, VALUES, Total, total_of_classes, value_class

BLACKJACK = "blackjack"
BUST = "bust"
#: The dealer's final results, in the order tables show them.
FINALS: tuple[int | str, ...] = (17, 18, 19, 20, 21, BLACKJACK, BUST)
STANDS_FROM = 17
#: A shoe must hold at least this many cards for an exact table (the longest dealer hand has 11 cards or fewer).
MIN_SHOE = 12


def draws(total: Total, hits_soft_17: bool) -> bool:
    """Whether the dealer takes another card with `total`: below 17, or on a soft 17 when it hits soft 17.

    Examples:
        >>> draws(Total(16, False), False), draws(Total(17, True), False), draws(Total(17, True), True)
        (True, False, True)
    """
    return total.points < STANDS_FROM or (hits_soft_17 and total.points == STANDS_FROM and total.soft)


def final_of(classes: Sequence[int]) -> int | str:
    """The dealer's final result for a finished hand given by classes.

    Examples:
        >>> final_of([0, 9]), final_of([9, 5, 8]), final_of([9, 6])
        ('blackjack', 'bust', 17)
    """
    total = total_of_classes(classes)
    if len(classes) == 2 and total.points == BLACKJACK_POINTS:
        return BLACKJACK
    return BUST if total.points > BLACKJACK_POINTS else total.points


@lru_cache(maxsize=None)
def terminal_hands(first: int, hits_soft_17: bool
                   ) -> tuple[tuple[int | str, int, int, tuple[tuple[int, int], ...]], ...]:
    """Every way the dealer's hand can end from its first card: `(final, orders, cards drawn, ((class, n), ...))`.

    `orders` counts the orders in which the drawn multiset makes the dealer
    stop exactly at its last card.

    Examples:
        >>> sum(orders for final, orders, size, drawn in terminal_hands(9, False) if final == BLACKJACK)
        1
        >>> len(terminal_hands(9, False))
        184
    """
    # Breadth first over the multisets drawn: the dealer's total depends only on the multiset, so the orders that
    # reach one without stopping add up, and a multiset that stops the dealer collects the orders that reach it.
    first_value, first_ace = VALUES[first], first == ACE
    waiting: dict[tuple[int, ...], int] = {(0,) * 10: 1}
    found: dict[tuple[int, ...], list] = {}
    while waiting:
        following: dict[tuple[int, ...], int] = {}
        for drawn, orders in waiting.items():
            hard = first_value + sum(n * VALUES[i] for i, n in enumerate(drawn) if n)
            for index in range(10):
                key = drawn[:index] + (drawn[index] + 1,) + drawn[index + 1:]
                new_hard = hard + VALUES[index]
                soft = (first_ace or key[ACE] > 0) and new_hard + 10 <= BLACKJACK_POINTS
                total = Total(new_hard + 10 if soft else new_hard, soft)
                cards = 1 + sum(key)
                if cards == 2 and total.points == BLACKJACK_POINTS:
                    final: int | str = BLACKJACK
                elif total.points > BLACKJACK_POINTS:
                    final = BUST
                elif draws(total, hits_soft_17):
                    following[key] = following.get(key, 0) + orders
                    continue
                else:
                    final = total.points
                entry = found.setdefault(key, [final, 0])
                entry[1] += orders
        waiting = following
    return tuple((final, orders, sum(key), tuple((j, n) for j, n in enumerate(key) if n))
                 for key, (final, orders) in found.items())


#: The longest possible dealer hand's count of drawn cards (a class's falling factorials are kept up to it).
LONGEST = 12


@lru_cache(maxsize=None)
def _compiled(first: int, hits_soft_17: bool) -> tuple[int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """`terminal_hands` laid out for speed: grouped by how many classes a hand draws, each entry
    `(slot, orders, position, ...)` where `slot` is `cards drawn * 7 + final's index` and each position
    `class * LONGEST + n` points at the falling factorial `falling(count of class, n)`."""
    hands = terminal_hands(first, hits_soft_17)
    longest = max(size for _, _, size, _ in hands)
    groups: list[list[tuple[int, ...]]] = [[] for _ in range(8)]
    for final, orders, size, drawn in hands:
        slot = size * len(FINALS) + FINALS.index(final)
        groups[len(drawn)].append((slot, orders) + tuple(j * LONGEST + n for j, n in drawn))
    return longest, tuple(tuple(group) for group in groups)


@lru_cache(maxsize=100_000)
def dealer_weights(counts: tuple[int, ...], first: int, hits_soft_17: bool) -> tuple[dict[int | str, int], int]:
    """The dealer's final results from its `first` card and a shoe of composition `counts` (the first card out).

    Returns integer weights and their common denominator (cached: the same
    shoe and card are computed once).

    Raises:
        CardError: fewer than `MIN_SHOE` cards in the shoe, and too few for the dealer to make 17 with them all.

    Examples:
        >>> weights, denominator = dealer_weights(VALUE_CLASSES.without(1, parse_cards("Th")), 9, False)
        >>> Fraction(weights[BLACKJACK], denominator)
        Fraction(4, 51)
    """
    cards = sum(counts)
    # A small shoe is exact too when the dealer cannot run out of cards (every card drawn makes a hard 17).
    if cards < MIN_SHOE and VALUES[first] + sum(n * v for n, v in zip(counts, VALUES)) < STANDS_FROM:
        # TRANSLATORS: {n} is never 1: it is the dealer's MIN_SHOE, 12 cards, or one more.
        raise CardError("The shoe needs at least {n} cards for the dealer's exact table.", n=MIN_SHOE)
    longest, groups = _compiled(first, hits_soft_17)
    falling = []
    for count in counts:
        value = 1
        for n in range(LONGEST):
            falling.append(value)
            value *= count - n
    sums = [0] * ((longest + 1) * len(FINALS))
    # One loop per number of distinct classes drawn, so that each product is written out (the hot loop).
    for slot, orders, a in groups[1]:
        sums[slot] += orders * falling[a]
    for slot, orders, a, b in groups[2]:
        sums[slot] += orders * falling[a] * falling[b]
    for slot, orders, a, b, c in groups[3]:
        sums[slot] += orders * falling[a] * falling[b] * falling[c]
    for slot, orders, a, b, c, d in groups[4]:
        sums[slot] += orders * falling[a] * falling[b] * falling[c] * falling[d]
    for group in groups[5:]:
        for slot, orders, *positions in group:
            product = orders
            for position in positions:
                product *= falling[position]
            sums[slot] += product
    # falling(N, K) = falling(N, k) * tail: every hand is brought to the denominator of the longest one.
    weights: dict[int | str, int] = {}
    tail = 1
    for size in range(min(longest, cards), -1, -1):
        for index, final in enumerate(FINALS):
            part = sums[size * len(FINALS) + index]
            if part:
                weights[final] = weights.get(final, 0) + part * tail
        tail *= cards - size + 1 if size else 1
    return weights, tail


def won_minus_lost(weights: dict[int | str, int], points: int) -> int:
    """A standing hand of `points` (21 at most) against the dealer's `weights`: the weight it wins less the weight
    it loses, the dealer's black jack left out (each rule set counts it its own way).

    Examples:
        >>> won_minus_lost({BUST: 3, 17: 2, 18: 1, 20: 4, BLACKJACK: 1}, 18)
        1
    """
    balance = weights.get(BUST, 0)
    for final in (17, 18, 19, 20, 21):
        weight = weights.get(final, 0)
        if final < points:
            balance += weight
        elif final > points:
            balance -= weight
    return balance


def dealer_distribution(counts: Sequence[int], first: int, hits_soft_17: bool = False) -> dict[int | str, Fraction]:
    """The exact probability of each final result (`FINALS`) from the `first` card and a shoe of `counts`.

    Examples:
        >>> table = dealer_distribution(VALUE_CLASSES.without(1, parse_cards("6h")), 5)
        >>> round(float(table[BUST]), 6), table[BLACKJACK]
        (0.420823, Fraction(0, 1))
    """
    weights, denominator = dealer_weights(tuple(counts), first, hits_soft_17)
    return {final: Fraction(weights.get(final, 0), denominator) for final in FINALS}


def dealer_table(counts: Sequence[int], hits_soft_17: bool = False) -> dict[int, dict[int | str, Fraction]]:
    """For each first card the dealer may take from `counts`: the distribution of its final result.

    The first card comes out of `counts`, then the dealer completes from what is left.

    Examples:
        >>> table = dealer_table(VALUE_CLASSES.full(1))
        >>> sorted(table) == list(range(10)), sum(table[0].values())
        (True, Fraction(1, 1))
    """
    counts = tuple(counts)
    table = {}
    for first in range(10):
        if counts[first]:
            left = counts[:first] + (counts[first] - 1,) + counts[first + 1:]
            table[first] = dealer_distribution(left, first, hits_soft_17)
    return table


class DealerPlay(Coup):
    """The dealer's hand alone on the protocol: its first card, then its cards until it stands (the walk's coup).

    `outcome()` is `(first card's class, final result)`, so the generic walk
    over this coup gives the dealer's table (`naipes.core.drive.walk_exact`).

    Examples:
        >>> from naipes.core.drive import walk_exact
        >>> from naipes.core.model import NoDecisions
        >>> walked = walk_exact(DealerPlay(), VALUE_CLASSES.full(1), NoDecisions())
        >>> walked[(0, BLACKJACK)] == Fraction(4, 52) * Fraction(16, 51)
        True
    """

    classes = VALUE_CLASSES

    def __init__(self, hits_soft_17: bool = False, rule: Rule | None = None) -> None:
        self.hits_soft_17 = hits_soft_17
        self.rule = rule
        self.cards: list[int] = []
        self.events: list[Event] = []
        self.final: int | str | None = None

    def current_player(self) -> str:
        return TERMINAL if self.final is not None else CHANCE

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        self._require(CHANCE)
        if not isinstance(action, Card):
            raise CardError("Unknown card {token!r}.", token=str(action))
        self.cards.append(value_class(action))
        total = total_of_classes(self.cards)
        new: list[Event] = [DealerCard(action, total, 1)]
        if len(self.cards) >= 2 and not draws(total, self.hits_soft_17) or total.points > BLACKJACK_POINTS:
            self.final = final_of(self.cards)
            if self.final == BLACKJACK:
                new.append(DealerBlackjack(1, rule=self.rule))
            elif self.final == BUST:
                new.append(DealerBust(total.points, 1, rule=self.rule))
            else:
                new.append(DealerStands(total.points, 1, rule=self.rule))
        self.events += new
        return new

    def outcome(self) -> Hashable:
        return (self.cards[0], self.final)

    def memo_key(self) -> Hashable | None:
        if not self.cards:
            return ("start",)
        hard = sum(VALUES[i] for i in self.cards)
        return (self.cards[0], hard, ACE in self.cards, len(self.cards) == 1, self.final)

    def clone(self) -> "DealerPlay":
        twin = DealerPlay(self.hits_soft_17, self.rule)
        twin.cards = list(self.cards)
        twin.events = list(self.events)
        twin.final = self.final
        return twin
