"""The player's adviser: the chance of going over, and the exact value of asking or standing.

`bust_probability` is the share of the cards a player cannot see that would
take the hand over 7½. `advise` adds the exact expected results, per point
staked, of standing, asking face up and asking face down against the engine's
bank (`naipes.games.siete_y_medio.bank.BankSolver`), the player playing last
before the bank and going on the best way after asking.

Examples:
    >>> from naipes.core.cards import SPANISH, parse_cards
    >>> bust_probability(parse_cards("4o", deck=SPANISH))
    Fraction(5, 13)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ...core.cards import SPANISH, Card, full_deck
from ...core.errors import CardError, RulesError
from .bank import (BankSolver, OutOfTime, bank_payoff, bank_solver, check_time, falling_table, hidden_states,
                   solving_until)
from .values import (CLASS_INDEX, CLASSES, LIMIT, OVER, composition, format_total, half_points, hand_half_points,
                     unseen_composition)


def bust_probability(hand: Sequence[Card], seen: Sequence[Card] = (), deck: Sequence[Card] | None = None
                     ) -> Fraction:
    """The chance that one more card takes `hand` over 7½, the `seen` cards being gone.

    The next card is any card of the deck that is neither in the hand nor
    seen, each equally likely.

    Args:
        hand: the player's cards.
        seen: other cards the player has seen go.
        deck: the deck (default: the 40-card baraja).

    Returns:
        The exact chance.

    Raises:
        CardError: a card twice or not in the deck, or no card left.
        RulesError: the hand is over 7½ already.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> bust_probability(parse_cards("4o", deck=SPANISH))
        Fraction(5, 13)
        >>> bust_probability(parse_cards("4o", deck=SPANISH), parse_cards("7c Sb", deck=SPANISH))
        Fraction(14, 37)
    """
    unseen = unseen_composition(list(hand) + list(seen), deck)
    left = sum(unseen)
    if left == 0:
        raise CardError("No cards are left in the deck: there is no next card.")
    total = hand_half_points(hand)
    if total > LIMIT:
        raise RulesError("The hand already has {total}: it is over 7½.", total=format_total(total))
    return Fraction(sum(c for c, v in zip(unseen, CLASSES) if total + v > LIMIT), left)


def player_payoff(player_total: int, bank_total: int) -> int:
    """A player's net result per unit staked, having stood on `player_total`.

    Examples:
        >>> player_payoff(15, OVER), player_payoff(12, 12), player_payoff(13, 12)
        (2, -1, 1)
    """
    return -bank_payoff(player_total, 1, bank_total)


@dataclass(frozen=True)
class Advice:
    """The adviser's answer for one hand: bust chance and exact expected values per unit staked.

    `stand`, `ask_face_up` and `ask_face_down` are `None` when the
    expected values were not asked for. Asking means taking one card and then
    playing on the best way (asking again, face up or down, or standing).

    Examples:
        >>> Advice(8, Fraction(2, 5), Fraction(-1, 2), Fraction(1, 10), Fraction(1, 10)).best
        'ask-face-up'
    """

    total: int
    bust: Fraction
    stand: Fraction | None = None
    ask_face_up: Fraction | None = None
    ask_face_down: Fraction | None = None

    @property
    def best(self) -> str | None:
        """`"stand"`, `"ask-face-up"` or `"ask-face-down"` (standing wins ties, then face up)."""
        if self.stand is None:
            return None
        options = [("stand", self.stand)]
        if self.ask_face_up is not None:
            options.append(("ask-face-up", self.ask_face_up))
        if self.ask_face_down is not None:
            options.append(("ask-face-down", self.ask_face_down))
        best = max(value for _, value in options)
        return next(name for name, value in options if value == best)


def _add(multiset: tuple[int, ...], i: int, k: int = 1) -> tuple[int, ...]:
    return multiset[:i] + (multiset[i] + k,) + multiset[i + 1:]


class _Adviser:
    """Exact values of the player's choices against the engine's bank (see `advise`).

    Called within `bank.solving_until`, past its deadline `OutOfTime` stops the walk, in the middle of a bank
    position too (one can take tens of milliseconds): what was valued stays memoised for the next call, the
    bank's nodes solved (in its solvers) and the nodes of the position in progress (`_playing`) too.
    """

    def __init__(self, hand: Sequence[Card], hidden: Card, seen: Sequence[Card], bank: Sequence[Card] | None,
                 others: Sequence[Sequence[Card]], deck: Sequence[Card] | None, stake: int,
                 other_stakes: Sequence[int]) -> None:
        self.deck = list(full_deck(SPANISH) if deck is None else deck)
        known = list(hand) + list(seen) + [c for other in others for c in other] + list(bank or ())
        self.truth = unseen_composition(known, self.deck)
        # What the bank cannot see (the player's hidden card is in it; the bank's own cards are not).
        public = list(seen) + [c for other in others for c in other] + list(bank or ())
        self.public = unseen_composition(public, self.deck)
        self.hand = composition(hand)
        self.hidden = CLASS_INDEX[half_points(hidden)]
        self.bank_known = bank is not None
        self.bank_total = hand_half_points(bank) if bank else 0
        self.others = [(hand_half_points(other), s) for other, s in zip(others, other_stakes)]
        self.stake = stake
        self._other_states = [(n, count) for n, (count, _) in hidden_states(self.truth, self.others).items()]
        self._tables = [falling_table(c) for c in self.truth]
        self._solvers: dict[tuple, BankSolver] = {}
        self._values: dict[tuple, tuple[Fraction, Fraction | None, Fraction | None]] = {}
        self._masses: dict[tuple[int, ...], int] = {}
        #: The memo of each bank play of the position being valued, kept when the deadline stops it midway.
        self._playing: dict[tuple, dict] = {}
        if self.mass((0,) * len(CLASSES)) == 0:
            raise RulesError("These cards are impossible: the players still in cannot all be at or under 7½.")

    def mass(self, extra: tuple[int, ...]) -> int:
        """Ways to deal the other players' hidden cards and then `extra` from what the player cannot see."""
        if extra in self._masses:
            return self._masses[extra]
        total = 0
        for n, count in self._other_states:
            w = count
            for table, a, b in zip(self._tables, n, extra):
                w *= table[a + b]
                if not w:
                    break
            total += w
        self._masses[extra] = total
        return total

    def _solver(self, visible: tuple[int, ...], bank_class: int) -> BankSolver:
        key = (visible, bank_class)
        if key not in self._solvers:
            unseen = [c - v for c, v in zip(self.public, visible)]
            bank_total = self.bank_total
            if bank_class >= 0:
                unseen[bank_class] -= 1
                bank_total += CLASSES[bank_class]
            players = [(sum(c * v for c, v in zip(visible, CLASSES)), self.stake)] + self.others
            self._solvers[key] = bank_solver(tuple(unseen), bank_total, tuple(players))
        return self._solvers[key]

    def _stand(self, drawn: tuple[int, ...], hidden: int) -> Fraction:
        """Expected result of standing after the player's own draws `drawn`, times the mass of `drawn`."""
        check_time()
        cards = tuple(a + b for a, b in zip(self.hand, drawn))
        total = sum(c * v for c, v in zip(cards, CLASSES))
        visible = _add(cards, hidden, -1)
        result = Fraction(0)
        classes = range(len(CLASSES)) if not self.bank_known else (-1,)
        for bank_class in classes:
            base = drawn if bank_class < 0 else _add(drawn, bank_class)
            if self.mass(base) == 0:
                continue
            solver = self._solver(visible, bank_class)
            left = sum(self.truth) - len(self.others) - sum(base)
            depth = max(0, min(LIMIT + 1 - solver.bank_total, left))
            memo = self._playing.setdefault((drawn, hidden, bank_class), {})
            scaled = self._bank_play(solver, base, (0,) * len(CLASSES), solver.bank_total, 0, total, left,
                                     depth, memo)
            result += Fraction(scaled, falling_table(left)[depth])
        for bank_class in classes:
            self._playing.pop((drawn, hidden, bank_class), None)
        return result

    def _bank_play(self, solver: BankSolver, base: tuple[int, ...], x: tuple[int, ...], bank_total: int,
                   size: int, player_total: int, left: int, depth: int, memo: dict) -> int:
        """The player's result as the bank follows its policy from `x`, times `mass(base + x)` and the
        falling factorial of the cards left (as in `BankSolver`, to stay in integers)."""
        if x in memo:
            return memo[x]
        check_time()
        here = tuple(a + b for a, b in zip(base, x))
        mass = self.mass(here)
        if mass == 0:
            return 0
        if bank_total > LIMIT or not solver.draws_at(x, bank_total, size):
            scale = falling_table(left - size)[depth - size]
            result = self.stake * player_payoff(player_total, min(bank_total, OVER)) * mass * scale
        else:
            result = 0
            for i, value in enumerate(CLASSES):
                if here[i] < self.truth[i]:
                    result += self._bank_play(solver, base, _add(x, i), bank_total + value, size + 1, player_total,
                                              left, depth, memo)
        memo[x] = result
        return result

    def values(self, drawn: tuple[int, ...], hidden: int) -> tuple[Fraction, Fraction | None, Fraction | None]:
        """`(stand, ask face up, ask face down)` after `drawn`, each times `mass(drawn)`."""
        key = (drawn, hidden)
        if key in self._values:
            return self._values[key]
        stand = self._stand(drawn, hidden)
        cards = tuple(a + b for a, b in zip(self.hand, drawn))
        total = sum(c * v for c, v in zip(cards, CLASSES))
        remaining = sum(self.truth) - len(self.others) - (0 if self.bank_known else 1) - sum(drawn)
        up: Fraction | None = None
        down: Fraction | None = None
        if remaining > 0 and total < LIMIT:
            up, down = Fraction(0), Fraction(0)
            for i, value in enumerate(CLASSES):
                if drawn[i] >= self.truth[i]:
                    continue
                after = _add(drawn, i)
                if not self._bank_free_mass(after):
                    continue
                if total + value > LIMIT:
                    lost = -self.stake * self._bank_free_mass(after)
                    up += lost
                    down += lost
                else:
                    up += max(v for v in self.values(after, hidden) if v is not None)
                    down += max(v for v in self.values(after, i) if v is not None)
            up /= remaining
            down /= remaining
        result = (stand, up, down)
        self._values[key] = result
        return result

    def _bank_free_mass(self, drawn: tuple[int, ...]) -> int:
        """`mass` summed over the bank's unknown first card (when it is unknown)."""
        if self.bank_known:
            return self.mass(drawn)
        return sum(self.mass(_add(drawn, i)) for i in range(len(CLASSES)) if drawn[i] < self.truth[i])


def advise(hand: Sequence[Card], seen: Sequence[Card] = (), bank: Sequence[Card] | None = None,
           others: Sequence[Sequence[Card]] = (), hidden: Card | None = None, expected: bool = True,
           deck: Sequence[Card] | None = None, stake: int = 1, other_stakes: Sequence[int] | None = None
           ) -> Advice:
    """Advice for a player holding `hand` whose turn it is, the last before the bank's.

    * `bust`: the chance the next card goes over 7½, the `seen` cards (and
      the `bank`'s and `others`' face-up cards) being gone.
    * `stand`, `ask_face_up`, `ask_face_down`: exact expected results per
      unit staked against the engine's bank (`BankSolver`), which sees
      the player's face-up cards, the `others`' face-up cards (players who
      stood, each with one hidden card) and the `seen` cards. `hidden` is
      the player's face-down card (default: the first of `hand`). `bank` is
      the bank's card(s) if the player knows them; otherwise its first card is
      averaged over the cards the player cannot see. The other players' hidden
      cards are, for the player as for the bank, unseen cards that keep them at
      or under 7½.

    Args:
        hand: the player's cards.
        seen: cards seen gone (players who went over, ...).
        bank: the bank's card(s), if the player knows them.
        others: the face-up cards of each player who stood before this one.
        hidden: the player's face-down card (default: the first of `hand`).
        expected: compute the expected results (else only the bust chance).
        deck: the deck (default: the 40-card baraja).
        stake: the player's bet (the expected results are in points for it).
        other_stakes: the others' bets (default: 1 each).

    Returns:
        The advice.

    Raises:
        CardError: no card, a card twice or not in the deck, a hidden card not in the hand.
        RulesError: the hand is over 7½, or the position cannot be.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> a = advise(parse_cards("Sb 7c", deck=SPANISH), bank=parse_cards("4o", deck=SPANISH))
        >>> a.total, a.bust, a.best
        (15, Fraction(1, 1), 'stand')
    """
    pending = PendingAdvice(hand, seen, bank, others, hidden, expected, deck, stake, other_stakes)
    advice = pending.advance(math.inf)
    assert advice is not None  # no deadline: always finished
    return advice


class PendingAdvice:
    """`advise`'s answer computed a slice of CPU time at a time (a widget's progressive fill), the same values.

    The arguments are `advise`'s, checked at once (the same errors); `bust` and `total` are known at once.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> pending = PendingAdvice(parse_cards("4o", deck=SPANISH), bank=parse_cards("Sb", deck=SPANISH))
        >>> pending.advance(0.0) is None, pending.bust
        (True, Fraction(15, 38))
        >>> pending.advance(math.inf) == advise(parse_cards("4o", deck=SPANISH), bank=parse_cards("Sb", deck=SPANISH))
        True
    """

    def __init__(self, hand: Sequence[Card], seen: Sequence[Card] = (), bank: Sequence[Card] | None = None,
                 others: Sequence[Sequence[Card]] = (), hidden: Card | None = None, expected: bool = True,
                 deck: Sequence[Card] | None = None, stake: int = 1, other_stakes: Sequence[int] | None = None
                 ) -> None:
        hand = list(hand)
        if not hand:
            raise CardError("The hand needs at least one card.")
        self.bust = bust_probability(hand, list(seen) + list(bank or ()) + [c for o in others for c in o], deck)
        if hidden is None:
            hidden = hand[0]
        elif hidden not in hand:
            raise CardError("The hidden card {card} is not one of the hand's cards.", card=str(hidden))
        self.total = hand_half_points(hand)
        self._hidden = CLASS_INDEX[half_points(hidden)]
        self._adviser: _Adviser | None = None
        if expected:
            stakes = list(other_stakes) if other_stakes is not None else [1] * len(others)
            self._adviser = _Adviser(hand, hidden, seen, bank, others, deck, stake, stakes)

    def advance(self, seconds: float) -> Advice | None:
        """The advice, computing for at most about `seconds` of CPU time more; `None` while unfinished."""
        adviser = self._adviser
        if adviser is None:
            return Advice(self.total, self.bust)
        try:
            with solving_until(time.process_time() + seconds):
                stand, up, down = adviser.values((0,) * len(CLASSES), self._hidden)
        except OutOfTime:
            return None
        norm = adviser._bank_free_mass((0,) * len(CLASSES))
        return Advice(self.total, self.bust, stand / norm, None if up is None else up / norm,
                      None if down is None else down / norm)
