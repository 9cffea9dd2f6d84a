"""Side bets paid on the player's own five cards: the fixed special prize and the progressive jackpot.

Source 002 (§10.VII) offers two side bets at pòquer sense descart, each at
most half the table minimum and only with the initial bet: a fixed table
("Full: 100 vegades la quantitat única estipulada" ... "Escala reial: 2.000
vegades") and a progressive prize for "l'escala reial, l'escala de color i
pòquer, segons la distribució de premis que estableixi la direcció del
casino". Source 001 ("Pozos Progresivos") adds how the pools work: the prize
depends only on the player's hand; "el jugador ganador sólo se queda con el
monto del premio pagado, excluyendo el valor de su apuesta"; the casino's
commission is a percentage of the total collected and the rest increases
the pools; a main pool may start from a base value, and reserve pools may
put money aside for later.

A prize is a share of the pool (`share`) or a multiple of the stake
(`fixed`). Per unit staked the bet returns `fixed_return + pool_return * J`
at a pool of `J` stakes, so it breaks even at `(1 - fixed_return) /
pool_return` stakes.

Examples:
    >>> side = SideBetAnalysis.of(CATALAN_PROGRESSIVE.prizes)
    >>> round(float(side.break_even), 0), side.return_at(0) == side.fixed_return
    (300916.0, True)
    >>> round(float(SideBetAnalysis.of(SPECIAL_PRIZE_PRIZES).fixed_return), 4)
    0.233
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Mapping, Sequence

from ...core import precomputed
from ...core.errors import RulesError
from ...core.i18n import N_
from ...core.options import Option
from ...core.rng import SeededRandom
from .hands import (FOUR_OF_A_KIND, FULL_HOUSE, ROYAL_FLUSH, STANDARD, STRAIGHT_FLUSH, category_counts,
                    category_of, strength5)
from .kernel import CODES

IN_ORDER = "in-order"
SHARE = "share"
#: Which of the player's hands a progressive reads: the first five cards dealt, or the hand after an exchange.
FIRST_FIVE, FINAL_HAND = "first-five", "final"
PRIZE_HANDS = (FIRST_FIVE, FINAL_HAND)
#: The hands a progressive may read, as the pages and the widgets name them.
PRIZE_HAND_NAMES = {FIRST_FIVE: N_("the first five cards, before the exchange"),
                    FINAL_HAND: N_("the final hand, after the exchange")}
#: How several winners of one deal are paid (the source's list of cases is lost).
SEVERAL_WINNERS = (IN_ORDER, SHARE)


def read_prize_hand(value: object) -> str:
    """The hand a progressive reads, as typed: `first-five` or `final`.

    Examples:
        >>> read_prize_hand("final")
        'final'
        >>> read_prize_hand("last")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The progressive is paid on first-five or final, not 'last'.
    """
    if value not in PRIZE_HANDS:
        raise RulesError("The progressive is paid on first-five or final, not {value!r}.", value=str(value))
    return str(value)


#: The option of a game whose progressive may read the final hand (Draw Poker's `progressive_hand`), declared in
#: the family because the progressive widget every poker table shares keeps its value.
PROGRESSIVE_HAND = Option(
    "progressive_hand", "progressive_hand", read_prize_hand,
    N_("the hand the progressive is paid on: first-five (the cards dealt, the engine's reading) or final (after the "
       "exchange)"), N_("The prize is paid on"), PRIZE_HANDS)


@dataclass(frozen=True)
class Prize:
    """What a category wins: a share of the main pool, or a fixed multiple of the stake.

    Examples:
        >>> Prize(share=Fraction(1, 10)).paid(Fraction(5000)), Prize(fixed=Fraction(500)).paid(Fraction(5000))
        (Fraction(500, 1), Fraction(500, 1))
    """

    share: Fraction = Fraction(0)
    fixed: Fraction = Fraction(0)

    def paid(self, pool: Fraction, stake: Fraction = Fraction(1)) -> Fraction:
        """The prize at a pool of `pool` (a share of it, or the fixed multiple of `stake`)."""
        return self.share * pool + self.fixed * stake


@dataclass(frozen=True)
class ProgressiveRules:
    """A progressive jackpot: its prizes, the house's commission, the main pool's base, the reserve.

    Attributes:
        prizes: (category, prize) pairs, the lowest first.
        commission: the house's share of every stake collected (approved by the regulator).
        base: the main pool's starting value, in stakes.
        reserve: the part of what is left after the commission that goes to the reserve pool.
        several_winners: `in-order` (paid one after another from the pool as it stands, from the croupier's
            right) or `share` (the winners of the top prize share it).
        max_stake_share: the stake's cap as a share of the table minimum (`1/2` in source 002), if any.
    """

    prizes: tuple[tuple[str, Prize], ...]
    commission: Fraction = Fraction(1, 4)
    base: Fraction = Fraction(10_000)
    reserve: Fraction = Fraction(0)
    several_winners: str = IN_ORDER
    max_stake_share: Fraction | None = Fraction(1, 2)

    def __post_init__(self) -> None:
        if not 0 <= Fraction(self.commission) <= Fraction(1, 2):
            raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.",
                             value=str(self.commission))
        if not 0 <= Fraction(self.reserve) < 1 or Fraction(self.base) < 0:
            raise RulesError("The reserve share must be from 0 to less than 1, and the base at least 0.")
        if self.several_winners not in SEVERAL_WINNERS:
            raise RulesError("Several winners are paid in-order or share, not {value!r}.",
                             value=self.several_winners)

    @property
    def to_pool(self) -> Fraction:
        """What one stake adds to the main pool: what is left after the commission, less the reserve's part."""
        return (1 - Fraction(self.commission)) * (1 - Fraction(self.reserve))

    def prize(self, category: str) -> Prize | None:
        """The prize of a category, or `None`."""
        return dict(self.prizes).get(category)


#: Source 002's combinations (royal flush, straight flush, four of a kind) with a common distribution: the
#: whole pool for a royal flush, a tenth for a straight flush, 500 stakes for four of a kind.
CATALAN_PROGRESSIVE = ProgressiveRules(prizes=(
    (FOUR_OF_A_KIND, Prize(fixed=Fraction(500))),
    (STRAIGHT_FLUSH, Prize(share=Fraction(1, 10))),
    (ROYAL_FLUSH, Prize(share=Fraction(1))),
))
#: Source 002 §10.VII's special prize: fixed multiples of the stake.
SPECIAL_PRIZE_PRIZES = (
    (FULL_HOUSE, Prize(fixed=Fraction(100))), (FOUR_OF_A_KIND, Prize(fixed=Fraction(300))),
    (STRAIGHT_FLUSH, Prize(fixed=Fraction(1000))), (ROYAL_FLUSH, Prize(fixed=Fraction(2000))),
)
#: Source 001 leaves the prize table of its progressive variants out; the engine uses the same distribution.
CLASSIFIER_PROGRESSIVE = replace(CATALAN_PROGRESSIVE, max_stake_share=None)


@precomputed.generator("poker-five-card-counts")
def _five_card_counts() -> dict[str, int]:
    # Shipped (about 50 ms of every poker page's first start in Pyodide, for ten numbers).
    return category_counts(STANDARD)


@lru_cache(maxsize=1)
def _five_card_probabilities() -> dict[str, Fraction]:
    counts = precomputed.load("poker-five-card-counts")
    total = sum(counts.values())
    return {category: Fraction(counts[category], total) for category in STANDARD.order}


def five_card_probabilities() -> dict[str, Fraction]:
    """The probability of each category of five cards dealt from a full 52-card deck."""
    return dict(_five_card_probabilities())


@dataclass(frozen=True)
class SideBetAnalysis:
    """A side bet's return per unit staked: `fixed_return + pool_return * J` at a pool of J stakes.

    The stake is always collected (the winner keeps only the prize), so the bet
    breaks even when the return is 1.
    """

    fixed_return: Fraction
    pool_return: Fraction
    lines: tuple[tuple[str, Fraction, Prize], ...] = field(default=())

    @classmethod
    def of(cls, prizes: Sequence[tuple[str, Prize]],
           probabilities: Mapping[str, Fraction] | None = None) -> "SideBetAnalysis":
        """The analysis of a prize table: on the player's first five cards (a full deck), or on the hand whose
        categories have `probabilities` (a final hand after an exchange)."""
        p = probabilities if probabilities is not None else five_card_probabilities()
        fixed = sum((p[c] * prize.fixed for c, prize in prizes), Fraction(0))
        pool = sum((p[c] * prize.share for c, prize in prizes), Fraction(0))
        return cls(fixed, pool, tuple((c, p[c], prize) for c, prize in prizes))

    def return_at(self, jackpot: Fraction | int) -> Fraction:
        """What one unit staked returns on average at a pool of `jackpot` stakes."""
        return self.fixed_return + self.pool_return * Fraction(jackpot)

    def house_edge_at(self, jackpot: Fraction | int) -> Fraction:
        """1 minus the return (negative: the bet favours the player)."""
        return 1 - self.return_at(jackpot)

    @property
    def break_even(self) -> Fraction | None:
        """The pool (in stakes) at which the bet returns what it costs; `None` without pool prizes."""
        if not self.pool_return:
            return None
        return max(Fraction(0), (1 - self.fixed_return) / self.pool_return)


@dataclass
class PoolState:
    """A progressive pool as deals go by: the main pool, the reserve, what the house kept, what was paid."""

    pool: Fraction
    reserve: Fraction = Fraction(0)
    house: Fraction = Fraction(0)
    collected: Fraction = Fraction(0)
    paid: Fraction = Fraction(0)
    deals: int = 0
    wins: list[tuple[int, int, str, Fraction]] = field(default_factory=list)


def play_pool(rules: ProgressiveRules, deals: int, seed: int, boxes: int = 7,
              state: PoolState | None = None,
              exchange: Callable[[Sequence[int]], Sequence[int]] | None = None) -> PoolState:
    """Deal `deals` deals of `boxes` boxes that each stake 1 on the progressive, paying the prizes.

    Each deal shuffles a fresh 52-card deck with the seeded generator and gives
    five cards to each box; the prizes of one deal are paid from the croupier's
    right, all out of the main pool (`in-order`: each from the pool as the previous
    prize left it; `share`: the winners of one pool prize share it); a pool that
    falls below its base starts again from the base, topped up from the reserve
    and, when the reserve is short, by the house. With `exchange` (the positions a
    player exchanges) the prize reads the hand after the exchange: each box's
    replacements come, box after box, from the cards the boxes were not dealt.

    Examples:
        >>> state = play_pool(CATALAN_PROGRESSIVE, 10, seed=1)
        >>> state.deals, state.collected, state.pool == CATALAN_PROGRESSIVE.base + 70 * CATALAN_PROGRESSIVE.to_pool
        (10, Fraction(70, 1), True)
    """
    state = state or PoolState(Fraction(rules.base))
    rng = SeededRandom(seed)
    prizes = dict(rules.prizes)
    deck = list(CODES)
    for _ in range(deals):
        state.deals += 1
        # the first five cards of each box from a shuffle of the 52 (only the cards dealt are shuffled into place)
        size = len(deck)
        # with an exchange the replacements come from the rest of the deck (two a box at most: 49 cards for seven;
        # the croupier's hand changes no box's prize, so it is not dealt here)
        dealt = 5 * boxes if exchange is None else size
        for i in range(dealt):
            j = i + rng.below(size - i)
            deck[i], deck[j] = deck[j], deck[i]
        stake_total = Fraction(boxes)
        state.collected += stake_total
        state.house += stake_total * rules.commission
        after = stake_total * (1 - rules.commission)
        state.reserve += after * rules.reserve
        state.pool += after * (1 - rules.reserve)
        winners: list[tuple[int, str]] = []
        spare = 5 * boxes
        for box in range(boxes):
            hand = deck[5 * box:5 * box + 5]
            if exchange is not None:
                out = exchange(hand)
                hand = [c for i, c in enumerate(hand) if i not in out] + deck[spare:spare + len(out)]
                spare += len(out)
            category = category_of(strength5(*hand))
            if category in prizes:
                winners.append((box, category))
        # the croupier pays from his right: the last box first
        winners.sort(key=lambda w: -w[0])
        pool_at_start = state.pool
        counts = {c: sum(1 for _, cat in winners if cat == c) for _, c in winners}
        for box, category in winners:
            prize = prizes[category]
            if rules.several_winners == SHARE and prize.share:
                amount = prize.share * pool_at_start / counts[category] + prize.fixed
            else:
                amount = prize.paid(max(state.pool, Fraction(0)))
            # "Los premios se pagan contra los fondos del o los pozos progresivos" (001): every prize
            # comes out of the main pool.
            state.pool -= amount
            state.paid += amount
            state.wins.append((state.deals, box, category, amount))
        if state.pool < rules.base:
            # The main pool starts again from its base: the reserve tops it up, the house advances the rest.
            top_up = min(state.reserve, Fraction(rules.base) - state.pool)
            state.reserve -= top_up
            state.pool += top_up
            if state.pool < rules.base:
                state.house -= Fraction(rules.base) - state.pool
                state.pool = Fraction(rules.base)
    return state
