"""A strategy table computed a few hands at a time, for rules whose table does not ship with the package.

`naipes.games.black_jack.strategy.compute_table` values the 550 deals of a
full shoe (55 two-card hands against 10 dealer's cards) at once: 45 to 120 s
of CPython for rules the site does not ship. A widget has 100 ms a click, so
`Progress` does the same work in steps: `step(budget)` values hands until the
budget is spent (`naipes.web.trainer.Budget`: each new dealer table is counted
before it is computed) and keeps every table it made, so the next step goes
on where this one stopped. Hands without a pair come first (a cell of the
hard and soft charts is known as soon as its hands are), the pairs last (a
split values the shoe less one, two, three cards of the pair); the house
edges are added up as the deals are valued (a deal's share of the basic
strategy's edge as soon as its chart cell is known), so the step that values
the last deal has little left to assemble.

The evaluators' tables (half a million exact values for six decks) are not
needed once the table is whole, and freeing them at once takes longer than a
step (150 ms of CPython for six decks): the last steps empty them a piece at a
time, each piece counted against the step's budget like the work that made
them (`Progress.finished` says when that is done too).

What is shared between cells is kept once: one evaluator per dealer's card
(its dealer tables by composition serve every hand against that card), and
the dealer's tables by composition (`dealer.dealer_weights`) serve every rule
set with the same soft-17 rule.

Examples:
    >>> from naipes.games.black_jack.rules import PRESETS
    >>> from naipes.web.trainer import Budget
    >>> progress = Progress(PRESETS.get().with_options(decks=1, max_hands=1, double="none", surrender="none"))
    >>> steps = 0
    >>> while not progress.step(Budget(10**9)):
    ...     steps += 1
    >>> progress.done == progress.total, progress.table().chart[("hard", 16)][9]
    (True, ('hit', 'hit'))
"""

from __future__ import annotations

import gc
from collections import OrderedDict
from fractions import Fraction
from typing import Mapping

from ...web.trainer import Budget, Unfinished
from .dealer import terminal_hands
from .expectation import ACTIONS, HIT, STAND, Evaluator
from .hands import BLACKJACK_POINTS, VALUE_CLASSES, add_card, total_of_counts
from .rules import BlackJackRules
from .strategy import PAIR, ROWS, StrategyTable, deal_weight, hand_key, row_of, rules_key, two_card_hands

#: What a new dealer table costs, in µs of CPython (the trainer's units, `naipes.web.trainer.BUDGET`): about 0.3 µs
#: per way the dealer's hand can end from its card, plus the hand's own exact sums.
TABLE_MICROSECONDS = (3, 10, 150)
#: What a new exact sum over the cards drawn costs (hitting, or playing a split hand), in the same units.
SUM_MICROSECONDS = 40
#: The work one fill step may do, in those units: with the render, a step stays within 100 ms of CPython.
STEP_BUDGET = 40_000
#: What freeing one exact value of the evaluators' tables costs, in tenths of those units (measured 400-500 ns
#: of CPython a value, with its key).
RELEASE_TENTHS = 5
#: The values freed between two counts against the budget.
RELEASE_PIECE = 2_000
#: The rule sets whose progress is kept at once (each holds its evaluators' tables until it is complete).
KEPT = 3
#: No budget: what the evaluators count against between steps.
_UNLIMITED = 10**18


class _Counted(Evaluator):
    """An `Evaluator` that counts each new dealer table against the step's budget (`budget[0]`)."""

    def __init__(self, rules: BlackJackRules, first: int, shoe: tuple[int, ...], budget: list[Budget]) -> None:
        super().__init__(rules, first, shoe)
        self._budget = budget

    def _against_dealer(self, hand: tuple[int, ...]) -> tuple[int, int, int]:
        if hand not in self._stand:
            per_hand, scale, fixed = TABLE_MICROSECONDS
            self._budget[0].spend(len(terminal_hands(self.first, self.rules.hits_soft_17)) * per_hand // scale + fixed)
        return super()._against_dealer(hand)

    def _raw_hit(self, hand: tuple[int, ...]) -> Fraction:
        if hand not in self._hit:
            self._budget[0].spend(SUM_MICROSECONDS)
        return super()._raw_hit(hand)

    def _follow(self, played: Evaluator, hand: tuple[int, ...]) -> Fraction:
        if (id(played), hand) not in self._followed:
            self._budget[0].spend(SUM_MICROSECONDS)
        return super()._follow(played, hand)

    def evaluator_for(self, shoe: tuple[int, ...]) -> Evaluator:
        found = self._shoes.get(shoe)
        if found is None:
            found = self._shoes[shoe] = _Counted(self.rules, self.first, shoe, self._budget)
        return found


def _deals(shoe: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    """Every deal of a full shoe by (dealer's card, two cards), the hands without a pair first."""
    deals = [(dealer, hand) for dealer in range(10) for hand in two_card_hands() if deal_weight(shoe, hand, dealer)]
    return sorted(deals, key=lambda deal: max(deal[1]) == 2)


class Progress:
    """The strategy table of `rules` (a full shoe of its decks), valued a budget at a time (see the module)."""

    def __init__(self, rules: BlackJackRules) -> None:
        self.rules = rules
        self.shoe = VALUE_CLASSES.full(rules.decks)
        self._budget = [Budget(_UNLIMITED)]
        self._evaluators = {dealer: _Counted(rules, dealer, add_card(self.shoe, dealer, -1), self._budget)
                            for dealer in range(10)}
        self._deals = _deals(self.shoe)
        #: (dealer's card, two cards) -> (the values a decision sees, the values of the whole deal).
        self.valued: dict[tuple[int, tuple[int, ...]], tuple[dict[str, Fraction], dict[str, Fraction]]] = {}
        self._table: StrategyTable | None = None
        #: Each chart cell's weighted sums of the values so far, and how many of its deals are still to value
        #: (kept as the deals are valued, so that a render of the chart adds nothing up again).
        self._sums: dict[tuple[tuple[str, int], int], dict[str, Fraction]] = {}
        self._missing: dict[tuple[tuple[str, int], int], int] = {}
        for dealer, hand in self._deals:
            if total_of_counts(hand).points != BLACKJACK_POINTS:
                key = (row_of(hand), dealer)
                self._missing[key] = self._missing.get(key, 0) + 1
        #: The house edges' sums so far (negated: what the player gets back): the best first decision's over the
        #: deals valued, the chart's over the deals whose cell is known; the deals of each cell still unknown.
        self._optimal = self._basic = Fraction(0)
        self._waiting: dict[tuple[tuple[str, int], int], list[tuple[Fraction, Mapping[str, Fraction]]]] = {}
        #: The evaluators' tables still to empty once the table is whole (`_release`).
        self._releasing: list[dict] = []

    @property
    def total(self) -> int:
        """The deals to value (every two cards against every dealer's card a full shoe can deal)."""
        return len(self._deals)

    @property
    def done(self) -> int:
        """The deals valued so far."""
        return len(self.valued)

    @property
    def finished(self) -> bool:
        """Whether nothing is left to do: the table is whole and the evaluators' tables are freed."""
        return self._table is not None and not self._evaluators and not self._releasing

    def step(self, budget: Budget) -> bool:
        """Value deals until `budget` is spent, then free the evaluators' tables; whether it is all `finished`.

        Every step does something (the first piece of work of a step is done whatever its cost), so a run of
        steps always ends.
        """
        if self.finished:
            return True
        self._budget[0] = budget
        try:
            for dealer, hand in self._deals[self.done:]:
                evaluator = self._evaluators[dealer]
                values = (evaluator.values(hand), evaluator.deal_values(hand))
                self.valued[(dealer, hand)] = values
                self._count(dealer, hand, values[1])
            if self._table is None:
                self._table = self._assemble()
                # The table is what is kept: the evaluators' tables are emptied a piece at a time from now on.
                self._releasing = [table for evaluator in self._evaluators.values() for table in _tables(evaluator)]
                self._evaluators.clear()
            self._release()
        except Unfinished:
            # The evaluators' tables grow to millions of objects (Fractions, tuples, dicts: no reference cycles);
            # a full pass of the cyclic collector over them takes longer than a step (measured 100-300 ms at the
            # end of a six-deck table), so what the steps have built is left out of its passes until the end.
            gc.freeze()
            return False
        finally:
            self._budget[0] = Budget(_UNLIMITED)
        gc.unfreeze()
        return True

    def _release(self) -> None:
        """Empty the evaluators' tables, `RELEASE_PIECE` values at a time (a split's evaluator met in a table is
        emptied in turn)."""
        while self._releasing:
            table = self._releasing[-1]
            if not table:
                self._releasing.pop()
                continue
            piece = min(RELEASE_PIECE, len(table))
            self._budget[0].spend(piece * RELEASE_TENTHS // 10)
            for _ in range(piece):
                value = table.popitem()[1]
                if isinstance(value, Evaluator):
                    self._releasing += _tables(value)

    def _count(self, dealer: int, hand: tuple[int, ...], values: Mapping[str, Fraction]) -> None:
        """Add a deal's values to the house edges' sums and to its chart cell (a black jack is in no cell)."""
        weight = deal_weight(self.shoe, hand, dealer)
        self._optimal += weight * max(values.values())
        key = (row_of(hand), dealer)
        if self._missing.get(key):  # its cell's action is still to know
            self._waiting.setdefault(key, []).append((weight, values))
        else:  # a cell known already, or none (a black jack): the chart's action, else standing
            cell = self._sums.get(key)
            self._basic += weight * values.get(_best(cell) if cell else STAND, values[STAND])
        if total_of_counts(hand).points == BLACKJACK_POINTS:
            return
        cell = self._sums.setdefault(key, {})
        for action, value in values.items():
            cell[action] = cell.get(action, Fraction(0)) + weight * value
        self._missing[key] -= 1
        if not self._missing[key]:
            action = _best(cell)
            for waiting_weight, waiting in self._waiting.pop(key, []):
                self._basic += waiting_weight * waiting.get(action, waiting[STAND])

    def chart(self) -> dict[tuple[str, int], list[tuple[str, str] | None]]:
        """The chart's cells whose hands are all valued (`None`: still to compute)."""
        chart: dict[tuple[str, int], list[tuple[str, str] | None]] = {row: [None] * 10 for row in ROWS}
        for (row, dealer), missing in self._missing.items():
            if not missing:
                cell = self._sums[(row, dealer)]
                action = _best(cell)
                chart[row][dealer] = (action, action if action in (STAND, HIT) else _fallback(cell))
        for row in ROWS:  # a cell no hand reaches (none from a full shoe) is known at once
            for dealer in range(10):
                if (row, dealer) not in self._missing:
                    chart[row][dealer] = (STAND, STAND)
        return chart

    def table(self) -> StrategyTable | None:
        """The whole table once every deal is valued (else `None`)."""
        return self._table

    def _assemble(self) -> StrategyTable:
        chart = {row: tuple(cells) for row, cells in self.chart().items()}
        by_hand = {(dealer, hand_key(hand)): values for (dealer, hand), (values, _) in self.valued.items()}
        return StrategyTable(chart, -self._basic, -self._optimal, by_hand)  # type: ignore[arg-type]


def _best(cell: Mapping[str, Fraction]) -> str:
    """A chart cell's action: the highest weighted value, the first of `ACTIONS` among equals."""
    return max(cell, key=lambda name: (cell[name], -ACTIONS.index(name)))


def _tables(evaluator: Evaluator) -> list[dict]:
    """An evaluator's tables (its memoised values, its splits' evaluators)."""
    return [value for value in vars(evaluator).values() if isinstance(value, dict)]


def _fallback(values: Mapping[str, Fraction]) -> str:
    return STAND if values[STAND] >= values[HIT] else HIT


_KEPT: OrderedDict[str, Progress] = OrderedDict()


def progress_of(rules: BlackJackRules) -> Progress:
    """The progress of `rules`' table in this process (the last `KEPT` rule sets are kept).

    Examples:
        >>> from naipes.games.black_jack.rules import PRESETS
        >>> progress_of(PRESETS.get().with_options(decks=3)) is progress_of(PRESETS.get().with_options(decks=3))
        True
    """
    key = rules_key(rules)
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = Progress(rules)
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    _KEPT.move_to_end(key)
    return found


__all__ = ["KEPT", "STEP_BUDGET", "Progress", "progress_of"]
