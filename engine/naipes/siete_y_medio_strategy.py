"""Siete y medio: card values, the bank's exact decision, the player's adviser and exact tables.

Everything is counted in **half points** so that it stays in integers: a
figure (sota, caballo, rey) is 1, a card from 1 to 7 is twice its index, and
7½ is 15. Compositions of the unseen cards are tuples of counts over the eight
value classes :data:`CLASSES`.

**The bank's model.** The bank sees its own cards, the face-up cards of every
player, and all the cards of the players who went over (they show them). Every
player still in holds exactly one face-down card. The bank treats the unseen
cards as a uniformly shuffled remainder of the deck: the hidden cards of the
players still in and the cards it will draw are distinct cards taken from it,
every sequence equally likely, *conditioned on what it knows* — that no player
still in went over 7½ (visible total + hidden card ≤ 7½). It draws no inference
from how the players chose to ask or stand (an *interpretation*: a simple,
exact model rather than a game-theoretic one). On that model it maximises its
exact expected result (its net points over all the players still in, with 7½
paid double) by dynamic programming over the cards it may draw, and stands when
drawing is not strictly better.

>>> decision = bank_decision(bank_total=8, players=[(10, 1)], unseen=full_composition())
>>> decision.draws
True
>>> str(seven_and_a_half_two_cards())
'4/65'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Sequence

from .cards import SPANISH, Card, full_deck
from .errors import CardError, RulesError

#: Half-point values of the eight kinds of card: figures (1), then 1 to 7 (2 to 14).
CLASSES = (1, 2, 4, 6, 8, 10, 12, 14)
#: 7½ in half points.
LIMIT = 15
#: Index of "went over 7½" in the bank-outcome vectors (bank totals are 1–15).
OVER = 16
_CLASS_INDEX = {value: i for i, value in enumerate(CLASSES)}
_FIGURES = ("S", "C", "R")


def half_points(card: Card) -> int:
    """A Spanish card's value in half points: figures 1, the others twice their index.

    >>> [half_points(Card.parse(t, deck=SPANISH)) for t in ("1o", "7c", "Sb", "Ce", "Rb")]
    [2, 14, 1, 1, 1]
    """
    if card.deck != SPANISH:
        raise CardError("Siete y medio is played with the Spanish deck: {card!r} is not a Spanish card.",
                        card=str(card))
    return 1 if card.rank in _FIGURES else 2 * int(card.rank)


def points(card: Card) -> Fraction:
    """A card's value in points: 1 to 7 at face value, sota, caballo and rey half a point.

    >>> points(Card.parse("Sb", deck=SPANISH)), points(Card.parse("7c", deck=SPANISH))
    (Fraction(1, 2), Fraction(7, 1))
    """
    return Fraction(half_points(card), 2)


def hand_half_points(cards: Iterable[Card]) -> int:
    """Total of a hand in half points (15 is 7½).

    >>> from naipes.cards import parse_cards
    >>> hand_half_points(parse_cards("7o Rc", deck=SPANISH))
    15
    """
    return sum(half_points(card) for card in cards)


def format_total(half: int) -> str:
    """A total written the way players say it: ``7½``, ``½``, ``4``.

    >>> format_total(15), format_total(1), format_total(8), format_total(0)
    ('7½', '½', '4', '0')
    """
    whole, half_point = divmod(half, 2)
    if not half_point:
        return str(whole)
    return ("" if whole == 0 else str(whole)) + "\u00bd"


def composition(cards: Iterable[Card]) -> tuple[int, ...]:
    """Counts of ``cards`` by value class (figures, 1, 2, …, 7).

    >>> composition(full_deck(SPANISH))
    (12, 4, 4, 4, 4, 4, 4, 4)
    """
    counts = [0] * len(CLASSES)
    for card in cards:
        counts[_CLASS_INDEX[half_points(card)]] += 1
    return tuple(counts)


def full_composition() -> tuple[int, ...]:
    """The 40-card Spanish deck by value class."""
    return composition(full_deck(SPANISH))


def check_distinct(*groups: Iterable[Card], deck: Sequence[Card] | None = None) -> list[Card]:
    """All the cards of ``groups`` as one list; every card must be in the deck and appear once.

    >>> from naipes.cards import parse_cards
    >>> check_distinct(parse_cards("4o", deck=SPANISH), parse_cards("4o", deck=SPANISH))
    Traceback (most recent call last):
    ...
    naipes.errors.CardError: Card 4o appears more than once: a deck has only one.
    """
    deck_cards = list(full_deck(SPANISH) if deck is None else deck)
    left = {}
    for card in deck_cards:
        left[card] = left.get(card, 0) + 1
    seen: list[Card] = []
    for group in groups:
        for card in group:
            half_points(card)
            if left.get(card, 0) == 0:
                if card in left:
                    raise CardError("Card {card} appears more than once: a deck has only one.", card=str(card))
                raise CardError("Card {card} is not in this deck.", card=str(card))
            left[card] -= 1
            seen.append(card)
    return seen


def unseen_composition(gone: Iterable[Card], deck: Sequence[Card] | None = None) -> tuple[int, ...]:
    """The composition of the cards of ``deck`` (default: the 40-card baraja) not in ``gone``.

    >>> from naipes.cards import parse_cards
    >>> unseen_composition(parse_cards("7o Rc Sb", deck=SPANISH))
    (10, 4, 4, 4, 4, 4, 4, 3)
    """
    deck_cards = list(full_deck(SPANISH) if deck is None else deck)
    gone = check_distinct(gone, deck=deck_cards)
    counts = list(composition(deck_cards))
    for card in gone:
        counts[_CLASS_INDEX[half_points(card)]] -= 1
    return tuple(counts)


@lru_cache(maxsize=4096)
def _falling_table(count: int) -> tuple[int, ...]:
    """``count·(count−1)·…`` for 0, 1, …, count factors, then zeros (no more cards of that kind)."""
    table = [1]
    for m in range(1, count + 1):
        table.append(table[-1] * (count - m + 1))
    return tuple(table) + (0,) * (LIMIT + 8)


def bank_payoff(player_total: int, stake: int, bank_total: int) -> int:
    """The bank's net result against one player still in (``bank_total`` 16 means it went over).

    Ties go to the bank; a bank with 7½ beats everyone; a player with 7½ (the
    bank not) is paid double; a bank that went over pays every player who stood.

    >>> bank_payoff(12, 1, 12), bank_payoff(15, 1, 14), bank_payoff(15, 1, 15), bank_payoff(9, 2, OVER)
    (1, -2, 1, -2)
    """
    if bank_total > LIMIT:
        return -2 * stake if player_total == LIMIT else -stake
    if bank_total == LIMIT:
        return stake
    if player_total == LIMIT:
        return -2 * stake
    return stake if bank_total >= player_total else -stake


#: Falling factorials n·(n−1)·…·(n−k+1) for n ≤ 40 and k ≤ 40.
_FALLING = [[1] + [0] * 40 for _ in range(41)]
for _n in range(41):
    for _k in range(1, 41):
        _FALLING[_n][_k] = _FALLING[_n][_k - 1] * (_n - _k + 1) if _k <= _n else 0


def _hidden_states(unseen: Sequence[int], players: Sequence[tuple[int, int]]):
    """Multisets of the players' hidden cards: ``{counts: (assignments, payoff by bank outcome)}``.

    ``players`` are ``(visible half points, stake)``. An assignment gives each
    player a hidden value that keeps them at or under 7½; its weight (the
    number of ways to take those cards from ``unseen``) depends only on the
    multiset, so it is applied later together with the bank's cards.
    """
    states: dict[tuple[int, ...], tuple[int, list[int]]] = {(0,) * len(CLASSES): (0 + 1, [0] * (OVER + 1))}
    for visible, stake in players:
        if visible > LIMIT - 1:
            raise RulesError("A player still in shows {total}: over 7½ with the hidden card.",
                             total=format_total(visible))
        new: dict[tuple[int, ...], tuple[int, list[int]]] = {}
        for n, (count, payoff) in states.items():
            for i, value in enumerate(CLASSES):
                if visible + value > LIMIT or n[i] >= unseen[i]:
                    continue
                key = n[:i] + (n[i] + 1,) + n[i + 1:]
                old_count, old_payoff = new.get(key, (0, [0] * (OVER + 1)))
                total = visible + value
                gains = [payoff[t] + count * bank_payoff(total, stake, t) if t else 0 for t in range(OVER + 1)]
                new[key] = (old_count + count, [a + b for a, b in zip(old_payoff, gains)])
        states = new
    return states


@dataclass(frozen=True)
class BankDecision:
    """What the bank does, with the exact expected results (in points) of standing and of drawing.

    ``draw_value`` is ``None`` when drawing is impossible (no card left).
    """

    draws: bool
    stand_value: Fraction
    draw_value: Fraction | None
    total: int

    @property
    def value(self) -> Fraction:
        """The expected result of the better choice."""
        return self.draw_value if self.draws and self.draw_value is not None else self.stand_value


class BankSolver:
    """The bank's optimal play from one position, on the model of the module docstring.

    ``unseen`` is the composition the bank cannot see (hidden cards of the
    players still in and the rest of the deck); ``players`` are the players
    still in as ``(visible half points, stake)``. Nodes are the multisets of the
    cards the bank draws from here on; :meth:`draws` gives its decision at any
    node, so the same solver is also the bank's whole policy.

    A bank on 7½ stands; a bank on 4 against a player showing 4 (so holding
    4½ to 7½) must draw:

    >>> BankSolver(full_composition(), 15, [(8, 1)]).draws((0,) * 8)
    False
    >>> BankSolver(full_composition(), 8, [(8, 1)]).draws((0,) * 8)
    True
    """

    def __init__(self, unseen: Sequence[int], bank_total: int, players: Sequence[tuple[int, int]]) -> None:
        self.unseen = tuple(unseen)
        self.bank_total = bank_total
        self.players = tuple(players)
        states = _hidden_states(self.unseen, self.players)
        # Each multiset of hidden cards as its non-zero entries: (class, how many).
        self._states = [(tuple((i, k) for i, k in enumerate(n) if k), count, payoff)
                        for n, (count, payoff) in states.items()]
        self._cards = sum(self.unseen) - len(self.players)
        # Scaling every node by the falling factorial of the cards left down to the deepest node keeps the
        # backward induction in integers: K(x) = G(x)·Π(x), Π(x) = R(x)·(R(x)−1)·… (depth − |x| factors);
        # the common factor of the bank's own cards, ∏ unseen_i·(unseen_i − 1)·… over x, is left out.
        self._depth = max(0, min(LIMIT + 1 - bank_total, self._cards))
        self._memo: dict[tuple[int, ...], tuple[int, int, int | None]] = {}
        if not self._states or self.mass((0,) * len(CLASSES)) == 0:
            raise RulesError("These cards are impossible: the players still in cannot all be at or under 7½.")

    def total(self, drawn: Sequence[int]) -> int:
        """The bank's total after drawing the multiset ``drawn``."""
        return self.bank_total + sum(c * v for c, v in zip(drawn, CLASSES))

    def _weights(self, drawn: Sequence[int]) -> list[int]:
        """Ways to take the cards of each multiset of hidden values from what is left once the bank drew
        ``drawn`` (not yet times the number of ways to hand those values to the players)."""
        left = [c - x for c, x in zip(self.unseen, drawn)]
        weights = []
        for sparse, _, _ in self._states:
            w = 1
            for i, k in sparse:
                w *= _FALLING[left[i]][k] if left[i] >= 0 else 0
            weights.append(w)
        return weights

    def mass(self, drawn: Sequence[int]) -> int:
        """Ways to deal the hidden cards that fit what the bank knows, once it drew ``drawn``."""
        return sum(w * state[1] for w, state in zip(self._weights(drawn), self._states))

    def _scale(self, size: int) -> int:
        return _falling_table(self._cards - size)[self._depth - size]

    def _solve(self, drawn: tuple[int, ...], total: int, size: int) -> tuple[int, int, int | None]:
        """``(best, stand, draw)`` expected results at ``drawn``, times ``mass(drawn)·Π(drawn)``."""
        found = self._memo.get(drawn)
        if found is not None:
            return found
        outcome = OVER if total > LIMIT else total
        weights = self._weights(drawn)
        stand = self._scale(size) * sum(w * state[2][outcome] for w, state in zip(weights, self._states) if w)
        if total > LIMIT or size >= self._cards:
            result: tuple[int, int, int | None] = (stand, stand, None)
        else:
            draw = 0
            for i, value in enumerate(CLASSES):
                left = self.unseen[i] - drawn[i]
                if left > 0:
                    child = self._solve(drawn[:i] + (drawn[i] + 1,) + drawn[i + 1:], total + value, size + 1)
                    draw += left * child[0]
            result = (max(stand, draw), stand, draw)
        self._memo[drawn] = result
        return result

    def decision(self, drawn: Sequence[int] = (0,) * len(CLASSES)) -> BankDecision:
        """The decision at ``drawn`` with normalised expected results."""
        drawn = tuple(drawn)
        size = sum(drawn)
        _, stand, draw = self._solve(drawn, self.total(drawn), size)
        norm = self.mass(drawn) * self._scale(size)
        draw_value = None if draw is None else Fraction(draw, norm)
        return BankDecision(draw is not None and draw > stand, Fraction(stand, norm), draw_value,
                            self.total(drawn))

    def draws(self, drawn: Sequence[int]) -> bool:
        """True when the bank draws at ``drawn`` (a node reached by its own draws)."""
        drawn = tuple(drawn)
        return self.draws_at(drawn, self.total(drawn), sum(drawn))

    def draws_at(self, drawn: tuple[int, ...], total: int, size: int) -> bool:
        """:meth:`draws` with the node's total and number of cards already known."""
        _, stand, draw = self._solve(drawn, total, size)
        return draw is not None and draw > stand


def bank_decision(bank_total: int, players: Sequence[tuple[int, int]], unseen: Sequence[int]) -> BankDecision:
    """The bank's exact best play against ``players`` (``(visible half points, stake)``).

    With 4 against one player showing 5 (whose hidden card keeps them at or
    under 7½), standing loses for sure unless the hidden card is small, so the
    bank draws:

    >>> from naipes.cards import parse_cards
    >>> seen = parse_cards("4o 5c", deck=SPANISH)
    >>> bank_decision(8, [(10, 1)], unseen_composition(seen)).draws
    True
    >>> bank_decision(15, [(2, 1)], full_composition()).draws
    False
    """
    if not players:
        raise RulesError("The bank plays only against players still in, and there are none.")
    return BankSolver(unseen, bank_total, players).decision()


# ---------------------------------------------------------------------------------------------------------
# The player's adviser


def bust_probability(hand: Sequence[Card], seen: Sequence[Card] = (), deck: Sequence[Card] | None = None
                     ) -> Fraction:
    """The chance that one more card takes ``hand`` over 7½, the ``seen`` cards being gone.

    The next card is any card of the deck that is neither in the hand nor
    seen, each equally likely.

    >>> from naipes.cards import parse_cards
    >>> bust_probability(parse_cards("4o", deck=SPANISH))
    Fraction(5, 13)
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
    """A player's net result per unit staked, having stood on ``player_total``.

    >>> player_payoff(15, OVER), player_payoff(12, 12), player_payoff(13, 12)
    (2, -1, 1)
    """
    return -bank_payoff(player_total, 1, bank_total)


@dataclass(frozen=True)
class Advice:
    """The adviser's answer for one hand: bust chance and exact expected values per unit staked.

    ``stand``, ``ask_face_up`` and ``ask_face_down`` are ``None`` when the
    expected values were not asked for. Asking means taking one card and then
    playing on the best way (asking again, face up or down, or standing).
    """

    total: int
    bust: Fraction
    stand: Fraction | None = None
    ask_face_up: Fraction | None = None
    ask_face_down: Fraction | None = None

    @property
    def best(self) -> str | None:
        """``"stand"``, ``"ask-face-up"`` or ``"ask-face-down"`` (standing wins ties, then face up)."""
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
    """Exact values of the player's choices against the engine's bank (see :func:`advise`)."""

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
        self.hidden = _CLASS_INDEX[half_points(hidden)]
        self.bank_known = bank is not None
        self.bank_total = hand_half_points(bank) if bank else 0
        self.others = [(hand_half_points(other), s) for other, s in zip(others, other_stakes)]
        self.stake = stake
        self._other_states = [(n, count) for n, (count, _) in _hidden_states(self.truth, self.others).items()]
        self._tables = [_falling_table(c) for c in self.truth]
        self._solvers: dict[tuple, BankSolver] = {}
        self._values: dict[tuple, tuple[Fraction, Fraction | None, Fraction | None]] = {}
        self._masses: dict[tuple[int, ...], int] = {}
        if self.mass((0,) * len(CLASSES)) == 0:
            raise RulesError("These cards are impossible: the players still in cannot all be at or under 7½.")

    def mass(self, extra: tuple[int, ...]) -> int:
        """Ways to deal the other players' hidden cards and then ``extra`` from what the player cannot see."""
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
            self._solvers[key] = BankSolver(unseen, bank_total, players)
        return self._solvers[key]

    def _stand(self, drawn: tuple[int, ...], hidden: int) -> Fraction:
        """Expected result of standing after the player's own draws ``drawn``, times the mass of ``drawn``."""
        cards = tuple(a + b for a, b in zip(self.hand, drawn))
        total = sum(c * v for c, v in zip(cards, CLASSES))
        visible = _add(cards, hidden, -1)
        result = Fraction(0)
        for bank_class in (range(len(CLASSES)) if not self.bank_known else (-1,)):
            base = drawn if bank_class < 0 else _add(drawn, bank_class)
            if self.mass(base) == 0:
                continue
            solver = self._solver(visible, bank_class)
            left = sum(self.truth) - len(self.others) - sum(base)
            depth = max(0, min(LIMIT + 1 - solver.bank_total, left))
            scaled = self._bank_play(solver, base, (0,) * len(CLASSES), solver.bank_total, 0, total, left, depth,
                                     {})
            result += Fraction(scaled, _falling_table(left)[depth])
        return result

    def _bank_play(self, solver: BankSolver, base: tuple[int, ...], x: tuple[int, ...], bank_total: int,
                   size: int, player_total: int, left: int, depth: int, memo: dict) -> int:
        """The player's result as the bank follows its policy from ``x``, times ``mass(base + x)`` and the
        falling factorial of the cards left (as in :class:`BankSolver`, to stay in integers)."""
        if x in memo:
            return memo[x]
        here = tuple(a + b for a, b in zip(base, x))
        mass = self.mass(here)
        if mass == 0:
            return 0
        if bank_total > LIMIT or not solver.draws_at(x, bank_total, size):
            scale = _falling_table(left - size)[depth - size]
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
        """``(stand, ask face up, ask face down)`` after ``drawn``, each times ``mass(drawn)``."""
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
        """``mass`` summed over the bank's unknown first card (when it is unknown)."""
        if self.bank_known:
            return self.mass(drawn)
        return sum(self.mass(_add(drawn, i)) for i in range(len(CLASSES)) if drawn[i] < self.truth[i])


def advise(hand: Sequence[Card], seen: Sequence[Card] = (), bank: Sequence[Card] | None = None,
           others: Sequence[Sequence[Card]] = (), hidden: Card | None = None, expected: bool = True,
           deck: Sequence[Card] | None = None, stake: int = 1, other_stakes: Sequence[int] | None = None
           ) -> Advice:
    """Advice for a player holding ``hand`` whose turn it is, the last before the bank's.

    * ``bust``: the chance the next card goes over 7½, the ``seen`` cards (and
      the ``bank``'s and ``others``' face-up cards) being gone.
    * ``stand``, ``ask_face_up``, ``ask_face_down``: exact expected results per
      unit staked against the engine's bank (:class:`BankSolver`), which sees
      the player's face-up cards, the ``others``' face-up cards (players who
      stood, each with one hidden card) and the ``seen`` cards. ``hidden`` is
      the player's face-down card (default: the first of ``hand``). ``bank`` is
      the bank's card(s) if the player knows them; otherwise its first card is
      averaged over the cards the player cannot see. The other players' hidden
      cards are, for the player as for the bank, unseen cards that keep them at
      or under 7½.

    >>> from naipes.cards import parse_cards
    >>> a = advise(parse_cards("Sb 7c", deck=SPANISH), bank=parse_cards("4o", deck=SPANISH))
    >>> a.total, a.bust, a.best
    (15, Fraction(1, 1), 'stand')
    """
    hand = list(hand)
    if not hand:
        raise CardError("The hand needs at least one card.")
    bust = bust_probability(hand, list(seen) + list(bank or ()) + [c for o in others for c in o], deck)
    if hidden is None:
        hidden = hand[0]
    elif hidden not in hand:
        raise CardError("The hidden card {card} is not one of the hand's cards.", card=str(hidden))
    total = hand_half_points(hand)
    if not expected:
        return Advice(total, bust)
    stakes = list(other_stakes) if other_stakes is not None else [1] * len(others)
    adviser = _Adviser(hand, hidden, seen, bank, others, deck, stake, stakes)
    stand, up, down = adviser.values((0,) * len(CLASSES), _CLASS_INDEX[half_points(hidden)])
    norm = adviser._bank_free_mass((0,) * len(CLASSES))
    return Advice(total, bust, stand / norm, None if up is None else up / norm,
                  None if down is None else down / norm)


# ---------------------------------------------------------------------------------------------------------
# Exact tables


def seven_and_a_half_two_cards(deck: Sequence[Card] | None = None) -> Fraction:
    """The chance that two cards dealt from ``deck`` (default the full baraja) make exactly 7½.

    >>> seven_and_a_half_two_cards()
    Fraction(4, 65)
    """
    counts = composition(full_deck(SPANISH) if deck is None else deck)
    n = sum(counts)
    if n < 2:
        raise CardError("The deck needs at least two cards.")
    ordered = 0
    for i, a in enumerate(CLASSES):
        for j, b in enumerate(CLASSES):
            if a + b == LIMIT:
                ordered += counts[i] * (counts[j] - (1 if i == j else 0))
    return Fraction(ordered, n * (n - 1))


def bust_table(deck: Sequence[Card] | None = None) -> list[dict]:
    """For each total from ½ to 7½: the chance that the next card goes over.

    ``full_deck``: the next card is any card of the full deck (the hand's own
    cards are not taken out — the table of a total, not of a hand).
    ``one_card``: for the totals a single card makes, that card is taken out.

    >>> row = bust_table()[7]
    >>> format_total(row["total"]), row["full_deck"], row["one_card"]
    ('4', Fraction(2, 5), Fraction(5, 13))
    """
    deck_cards = list(full_deck(SPANISH) if deck is None else deck)
    counts = composition(deck_cards)
    n = sum(counts)
    rows = []
    for total in range(1, LIMIT + 1):
        over = sum(c for c, v in zip(counts, CLASSES) if total + v > LIMIT)
        row: dict = {"total": total, "full_deck": Fraction(over, n), "one_card": None}
        if total in _CLASS_INDEX and counts[_CLASS_INDEX[total]] and n > 1:
            own = _CLASS_INDEX[total]
            over_after = sum(c - (1 if i == own else 0) for i, (c, v) in enumerate(zip(counts, CLASSES))
                             if total + v > LIMIT)
            row["one_card"] = Fraction(over_after, n - 1)
        rows.append(row)
    return rows
