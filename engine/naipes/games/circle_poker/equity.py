"""The odds of the hands in play: exact when the cards still to come are few, a seeded simulation otherwise.

A `Problem` is a variant, a deck, each player's known cards (a player may hold
fewer than the variant deals: the rest are dealt at random, like an opponent's
face-down cards in stud), the community cards known and the cards known to be
out (`dead`). Every way of dealing the missing cards is equally likely.

- `exact` enumerates every deal of the missing cards when that takes at most
  `EXACT_BUDGET` hand evaluations (about a tenth of a second in the browser),
  and returns exact fractions;
- otherwise `simulate_batch` deals seeded batches: batch `b` of seed `s` is
  always the same deals, so a state (seed, batches shown) always gives the same
  figures, and the widget refines them batch after batch; `summary` adds
  batches up and gives each player's equity with its 95 % confidence interval
  (the deals are independent: the normal interval of a mean); `simulate_to`
  deals batches until every equity's interval is within a stated precision
  (the command line's `--precision`), reporting its progress.

A player's **equity** is their share of the pot on average (a pot split
between two counts a half); **win** is the chance they take it alone, **tie**
that they share it.

Examples:
    >>> from naipes.games.poker.hands import STANDARD
    >>> from naipes.games.circle_poker.variants import HOLDEM
    >>> problem = Problem.read(HOLDEM, STANDARD, ["Ah Kh", "Qs Qd"], "Qh 7h 2c 9h")
    >>> problem.deals(), problem.exact_possible()
    (44, True)
    >>> result = exact(problem)
    >>> [str(p.equity) for p in result.players]
    ['17/22', '5/22']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, lcm, sqrt
from typing import Sequence

from ...core.cards import Card, parse_cards
from ...core.errors import CardError
from ...core.progress import Progress, no_progress
from ...core.rng import SeededRandom
from ..poker.hands import CARD_OF, Ranking, code, strength_function
from ..poker.simulation import Z_95, draw_cards
from .variants import Variant

#: The most five-card evaluations an exact enumeration may take (about 50 ms in CPython, 100 in Pyodide).
EXACT_BUDGET = 60_000
#: Five-card evaluations per simulated batch (a batch answers within the browser's budget).
BATCH_BUDGET = 40_000
#: The most players the odds are computed for.
MAX_PLAYERS = 10
#: The half-width of every equity's 95 % interval at which `simulate_to` stops by default (a share of the pot).
DEFAULT_PRECISION = 0.01
#: `simulate_to` deals at least this many (an interval read from a few deals is not one) and at most `MOST_DEALS`.
FEWEST_DEALS = 1_000
MOST_DEALS = 2_000_000


def _combos(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations(range(n), k))


@dataclass(frozen=True)
class Problem:
    """The hands in play and what is known: the question the odds answer.

    Attributes:
        variant: how hands are dealt and formed.
        ranking: the deck's ranking.
        hands: each player's known own cards.
        board: the known community cards.
        dead: cards known to be out of play.
    """

    variant: Variant
    ranking: Ranking
    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()

    @classmethod
    def read(cls, variant: Variant, ranking: Ranking, hands: Sequence[str | Sequence[Card]],
             board: str | Sequence[Card] = "", dead: str | Sequence[Card] = "") -> "Problem":
        """A problem from card notation, checked.

        Raises:
            CardError: a bad card, a card twice or not in the deck, too many cards for a hand or the board,
                fewer than two players or more than ten, or more cards than the deck holds.
        """
        def cards(value) -> tuple[Card, ...]:
            return parse_cards(value) if isinstance(value, str) else tuple(value)

        problem = cls(variant, ranking, tuple(cards(h) for h in hands), cards(board), cards(dead))
        problem.check()
        return problem

    def check(self) -> None:
        """Raise `CardError` if the problem cannot be dealt (see `read`)."""
        variant, ranking = self.variant, self.ranking
        if not 2 <= len(self.hands) <= MAX_PLAYERS:
            # TRANSLATORS: {most} is never 1: it is 10.
            raise CardError("The odds need 2 to {most} players, not {n}.", most=MAX_PLAYERS, n=len(self.hands))
        for number, own in enumerate(self.hands, 1):
            if len(own) > variant.own_cards:
                # TRANSLATORS: {n} is never 1: a variant deals 2, 4, 5 or 7 own cards.
                raise CardError("Player {player} can hold {n} cards in this variant, not {k}.", player=number,
                                n=variant.own_cards, k=len(own))
        if len(self.board) > variant.board_cards:
            # TRANSLATORS: {n} is never 1: a variant's board holds 5 community cards, or none.
            raise CardError("The board holds {n} community cards in this variant, not {k}.",
                            n=variant.board_cards, k=len(self.board))
        seen: set[Card] = set()
        for card in self.known():
            if card.rank not in ranking.ranks:
                raise CardError("The {deck}-card deck has no {card}.", deck=ranking.deck_size, card=str(card))
            if card in seen:
                raise CardError("Card {card} appears twice.", card=str(card))
            seen.add(card)
        if variant.cards_needed(len(self.hands)) + len(self.dead) > ranking.deck_size:
            # TRANSLATORS: {n} is never 1: more cards than the deck's 32 at least.
            raise CardError("A {deck}-card deck cannot deal this: {n} cards are needed.", deck=ranking.deck_size,
                            n=variant.cards_needed(len(self.hands)) + len(self.dead))

    def known(self) -> tuple[Card, ...]:
        """Every card known: the hands', the board's and the dead ones."""
        return tuple(c for own in self.hands for c in own) + self.board + self.dead

    def missing(self) -> tuple[int, ...]:
        """Cards still to come: for the board, then for each player."""
        return (self.variant.board_cards - len(self.board),) + tuple(self.variant.own_cards - len(h)
                                                                     for h in self.hands)

    def remaining(self) -> tuple[int, ...]:
        """The codes of the cards that can still come."""
        known = set(self.known())
        return tuple(code(c) for c in self.ranking.deck() if c not in known)

    def deals(self) -> int:
        """How many ways the missing cards can be dealt."""
        left, total = len(self.remaining()), 1
        for n in self.missing():
            total *= comb(left, n)
            left -= n
        return total

    def evaluations(self) -> int:
        """Five-card evaluations one deal takes (every player's possible hands)."""
        v = self.variant
        per_hand = comb(v.own_cards + v.board_cards, 5) if v.hole_used is None else (
            comb(v.own_cards, v.hole_used) * comb(v.board_cards, v.board_used))
        return per_hand * len(self.hands)

    def exact_possible(self, budget: int = EXACT_BUDGET) -> bool:
        """Whether enumerating every deal fits the budget of evaluations."""
        return self.deals() * self.evaluations() <= budget

    def key(self) -> tuple:
        """A hashable summary (for caches)."""
        return (self.variant.id, self.ranking.name, self.hands, self.board, self.dead)


@dataclass(frozen=True)
class PlayerOdds:
    """One player's figures: equity (share of the pot), win alone, tie; intervals when simulated."""

    equity: Fraction
    win: Fraction
    tie: Fraction
    interval: tuple[float, float] | None = None


@dataclass(frozen=True)
class Odds:
    """Every player's odds, how many deals they come from, and whether they are exact."""

    players: tuple[PlayerOdds, ...]
    deals: int
    exact: bool


def _hand_strength(problem: Problem):
    """A function of (own codes, board codes) -> the best hand's strength, for the variant."""
    five = strength_function(problem.ranking)
    variant = problem.variant
    if variant.hole_used is None:
        size = variant.own_cards + variant.board_cards
        if size == 5:
            return lambda own, board: five(*own, *board)
        picks = _combos(size, 5)

        def best(own, board):
            cards = own + board
            return max(five(cards[a], cards[b], cards[c], cards[d], cards[e]) for a, b, c, d, e in picks)
        return best
    holes = _combos(variant.own_cards, variant.hole_used)
    boards = _combos(variant.board_cards, variant.board_used)

    def split(own, board):
        top = 0
        for a, b in holes:
            x, y = own[a], own[b]
            for c, d, e in boards:
                value = five(x, y, board[c], board[d], board[e])
                if value > top:
                    top = value
        return top
    return split


class _Tally:
    """Running counts of deals: alone wins, ties, pot shares (in units of `unit`) and their squares."""

    def __init__(self, players: int) -> None:
        self.unit = lcm(*range(1, players + 1))
        self.deals = 0
        self.win = [0] * players
        self.tie = [0] * players
        self.share = [0] * players
        self.square = [0] * players

    def add(self, strengths: Sequence[int]) -> None:
        top = max(strengths)
        winners = [i for i, s in enumerate(strengths) if s == top]
        self.deals += 1
        if len(winners) == 1:
            i = winners[0]
            self.win[i] += 1
            self.share[i] += self.unit
            self.square[i] += self.unit * self.unit
            return
        part = self.unit // len(winners)
        for i in winners:
            self.tie[i] += 1
            self.share[i] += part
            self.square[i] += part * part

    def counts(self) -> tuple:
        return (self.deals, tuple(self.win), tuple(self.tie), tuple(self.share), tuple(self.square))


def _deal_and_tally(problem: Problem, completions) -> _Tally:
    strength = _hand_strength(problem)
    hands = [tuple(code(c) for c in own) for own in problem.hands]
    board = tuple(code(c) for c in problem.board)
    tally = _Tally(len(hands))
    for extra_board, extra_own in completions:
        full_board = board + extra_board
        tally.add([strength(own + more, full_board) for own, more in zip(hands, extra_own)])
    return tally


def _every_deal(problem: Problem):
    missing = problem.missing()

    def assign(cards: tuple[int, ...], slot: int, taken: tuple):
        if slot == len(missing):
            yield taken[0], taken[1:]
            return
        if missing[slot] == 0:
            yield from assign(cards, slot + 1, taken + ((),))
            return
        for pick in combinations(cards, missing[slot]):
            rest = tuple(c for c in cards if c not in pick) if slot + 1 < len(missing) else cards
            yield from assign(rest, slot + 1, taken + (pick,))
    yield from assign(problem.remaining(), 0, ())


@lru_cache(maxsize=32)
def exact(problem: Problem) -> Odds:
    """Every deal of the missing cards, counted: exact fractions (no budget check: see `exact_possible`)."""
    tally = _deal_and_tally(problem, _every_deal(problem))
    return _odds(tally.counts(), len(problem.hands), exact=True)


def batch_seed(seed: int, batch: int) -> int:
    """The seed of batch `batch` of a simulation seeded with `seed`.

    Examples:
        >>> batch_seed(1, 0) != batch_seed(1, 1) != batch_seed(2, 0)
        True
    """
    return (seed * 1_000_003 + batch) & ((1 << 64) - 1)


def batch_size(problem: Problem, budget: int = BATCH_BUDGET) -> int:
    """Deals per simulated batch: about `budget` evaluations."""
    return max(1, budget // problem.evaluations())


@lru_cache(maxsize=2048)
def simulate_batch(problem: Problem, seed: int, batch: int, budget: int = BATCH_BUDGET) -> tuple:
    """The tally of batch `batch` of the simulation seeded with `seed`, of about `budget` evaluations (always
    the same deals for the same arguments)."""
    rng = SeededRandom(batch_seed(seed, batch))
    deck = list(problem.remaining())
    missing = problem.missing()
    need = sum(missing)

    def completions():
        for _ in range(batch_size(problem, budget)):
            cards = draw_cards(rng, deck, need)
            at = missing[0]
            extra_board, extra_own = tuple(cards[:at]), []
            for n in missing[1:]:
                extra_own.append(tuple(cards[at:at + n]))
                at += n
            yield extra_board, extra_own
    return _deal_and_tally(problem, completions()).counts()


def summary(batches: Sequence[tuple], players: int) -> Odds:
    """The odds from simulated batches added up, with 95 % confidence intervals of the equities."""
    total = [0, [0] * players, [0] * players, [0] * players, [0] * players]
    for deals, win, tie, share, square in batches:
        total[0] += deals
        for i in range(players):
            total[1][i] += win[i]
            total[2][i] += tie[i]
            total[3][i] += share[i]
            total[4][i] += square[i]
    return _odds((total[0], *(tuple(x) for x in total[1:])), players, exact=False)


def _odds(counts: tuple, players: int, exact: bool) -> Odds:
    deals, win, tie, share, square = counts
    unit = lcm(*range(1, players + 1))
    out = []
    for i in range(players):
        equity = Fraction(share[i], unit * deals)
        interval = None if exact else _interval(share[i], square[i], deals, unit)
        out.append(PlayerOdds(equity, Fraction(win[i], deals), Fraction(tie[i], deals), interval))
    return Odds(tuple(out), deals, exact)


def _interval(share: int, square: int, deals: int, unit: int) -> tuple[float, float]:
    """The 95 % interval of a player's equity from the sums of their pot shares and of their squares (in units
    of `unit`) over `deals` simulated deals, kept within 0 and 1."""
    mean = share / (unit * deals)
    variance = max(0.0, square / (unit * unit * deals) - mean * mean)
    half = Z_95 * sqrt(variance / deals) if deals > 1 else 1.0
    return max(0.0, mean - half), min(1.0, mean + half)


def tally_half_width(counts: tuple, players: int) -> float:
    """`half_width` of the odds a simulation's tally gives (`summary([counts], players)`), without building
    them: a simulation checks it after every batch.

    Examples:
        >>> from naipes.games.poker.hands import STANDARD
        >>> from naipes.games.circle_poker.variants import HOLDEM
        >>> counts = simulate_batch(Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks"]), seed=1, batch=0)
        >>> tally_half_width(counts, 2) == half_width(summary([counts], 2))
        True
    """
    deals, _, _, share, square = counts
    unit = lcm(*range(1, players + 1))
    return max((high - low) / 2 for low, high in (_interval(s, q, deals, unit) for s, q in zip(share, square)))


def half_width(odds: Odds) -> float:
    """The widest half-interval of the players' equities (0 for exact odds)."""
    if odds.exact:
        return 0.0
    return max((p.interval[1] - p.interval[0]) / 2 for p in odds.players)  # type: ignore[index]


def simulate(problem: Problem, seed: int, deals: int) -> Odds:
    """At least `deals` simulated deals in batches (the command line's simulation)."""
    batches, done, b = [], 0, 0
    while done < deals:
        batches.append(simulate_batch(problem, seed, b))
        done += batches[-1][0]
        b += 1
    return summary(batches, len(problem.hands))


def simulate_to(problem: Problem, seed: int, precision: float = DEFAULT_PRECISION, most: int = MOST_DEALS,
                progress: Progress = no_progress) -> Odds:
    """Seeded batches until every player's equity is within `precision` at 95 % confidence (or `most` deals).

    The batches are the ones `simulate` deals, so a seed and a precision always stop at the same deal. The
    progress is reported as the deals done out of the deals the interval needs at the spread seen so far
    (an interval narrows as one over the square root of the deals).

    Examples:
        >>> from naipes.games.poker.hands import STANDARD
        >>> from naipes.games.circle_poker.variants import HOLDEM
        >>> odds = simulate_to(Problem.read(HOLDEM, STANDARD, ["Ad Ac", "Kh Ks"]), seed=1, precision=0.02)
        >>> half_width(odds) <= 0.02 and odds.deals >= FEWEST_DEALS
        True
    """
    batches: list[tuple] = []
    done = batch = 0
    while True:
        batches.append(simulate_batch(problem, seed, batch))
        done += batches[-1][0]
        batch += 1
        odds = summary(batches, len(problem.hands))
        width = half_width(odds)
        if (done >= FEWEST_DEALS and width <= precision) or done >= most:
            progress(done, done)
            return odds
        needed = max(FEWEST_DEALS, int(done * (width / precision) ** 2) + 1) if precision else most
        progress(done, max(done + 1, min(most, needed)))


def cards_of(codes_: Sequence[int]) -> tuple[Card, ...]:
    """Codes back to cards."""
    return tuple(CARD_OF[c] for c in codes_)
