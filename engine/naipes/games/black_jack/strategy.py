"""The basic strategy the engine derives, and its house edge, from the exact values of every first decision.

For a full shoe of the rules' decks, every first two cards of the player and
every dealer's first card are valued exactly (`Evaluator`: composition-
dependent at every step; splits exact for the CDZ- strategy). The chart has one
cell per *hard* total (two cards of different values), *soft* total (an ace
and another card) and *pair*, per dealer card: the action whose value,
averaged over the two-card hands of that cell with their exact chances, is
the highest (`stand`, `hit`, `double`, `split`, `surrender`), and for
doubling and surrendering the action to take when they are not allowed (on
three cards or more). The house edge of that strategy plays the chart's
first decision on every hand and then the best way for the exact
composition; the *optimal* edge takes every hand's best first decision.

Both are slow to compute (seconds per deck count), so the tables of the
options the site offers are computed once and shipped with the package
(`data/black_jack_strategy.json`; a test computes them again and compares);
other rules are computed when asked for and kept for the session.

Examples:
    >>> table = strategy_table(PRESETS.get().with_options(decks=1))
    >>> table.chart[("hard", 16)][9], table.chart[("pair", 7)][5], table.chart[("soft", 18)][0]
    (('surrender', 'hit'), ('split', 'stand'), ('stand', 'stand'))
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Mapping, Sequence

from ...core import package_data
from ...core.progress import Progress, no_progress
from .expectation import ACTIONS, HIT, SPLIT, STAND, Evaluator
from .dealer import dealer_table
from .hands import ACE, BLACKJACK_POINTS, CLASS_NAMES, VALUE_CLASSES, add_card, total_of_counts
from .published import PUBLISHED
from .rules import CHALLENGE_21_PRESETS, PRESETS, BlackJackRules

HARD, SOFT, PAIR = "hard", "soft", "pair"
#: The chart's rows: hard 5 to 19, soft 13 (A-2) to 20 (A-9), pairs of each value.
ROWS = tuple([(HARD, total) for total in range(5, 20)] + [(SOFT, total) for total in range(13, 21)]
             + [(PAIR, index) for index in range(10)])
#: The dealer's cards in the chart's column order: 2 ... 9, 10, A.
COLUMNS = (1, 2, 3, 4, 5, 6, 7, 8, 9, ACE)
DATA = Path(__file__).resolve().parent / "data" / "black_jack_strategy.json"
#: The deck counts whose tables ship precomputed, for every preset of both games.
SHIPPED_DECKS = (1, 2, 4, 6, 8)


@dataclass(frozen=True)
class StrategyTable:
    """A chart and the house edges of the rules it was computed for.

    Attributes:
        chart: (row kind, total or pair class) -> 10 cells by the dealer's card class (0 an ace ... 9 a ten), each
            `(action, the action when doubling or surrendering is not allowed)`.
        basic_edge: the house edge of playing the chart's first decision, then the best way.
        optimal_edge: the house edge of the best first decision for every two cards.
        values: (dealer's card class, `hand_key` of two cards) -> the value of every action open to them
            (exact when computed; rounded to `VALUE_DIGITS` decimals when read from the shipped data).
    """

    chart: Mapping[tuple[str, int], tuple[tuple[str, str], ...]]
    basic_edge: Fraction
    optimal_edge: Fraction
    values: Mapping[tuple[int, str], Mapping[str, Fraction]]


#: Decimals kept of each first decision's value in the shipped data (the widgets show four).
VALUE_DIGITS = 6


def hand_key(hand: tuple[int, ...]) -> str:
    """Two cards by classes as a key: their classes, lowest first (`"0-9"` an ace and a ten-valued card).

    Examples:
        >>> hand_key((1, 0, 0, 0, 0, 0, 0, 0, 0, 1)), hand_key((0, 0, 2, 0, 0, 0, 0, 0, 0, 0))
        ('0-9', '2-2')
    """
    a, b = [index for index in range(10) for _ in range(hand[index])]
    return f"{a}-{b}"


def row_of(hand: tuple[int, ...]) -> tuple[str, int]:
    """The chart row of two cards (by classes).

    Examples:
        >>> row_of((1, 0, 0, 0, 0, 1, 0, 0, 0, 0)), row_of((0, 0, 0, 0, 0, 0, 0, 0, 2, 0))
        (('soft', 17), ('pair', 8))
    """
    if max(hand) == 2:
        return (PAIR, hand.index(2))
    total = total_of_counts(hand)
    return (SOFT if total.soft else HARD, total.points)


def two_card_hands() -> Iterator[tuple[int, ...]]:
    """Every first two cards of the player by classes (55 hands).

    Examples:
        >>> len(list(two_card_hands()))
        55
    """
    for first in range(10):
        for second in range(first, 10):
            yield add_card(add_card((0,) * 10, first), second)


def deal_weight(shoe: tuple[int, ...], hand: tuple[int, ...], dealer: int) -> Fraction:
    """The chance of dealing these two cards to the player and `dealer` to the dealer from `shoe`.

    Examples:
        >>> deal_weight(VALUE_CLASSES.full(1), (1, 0, 0, 0, 0, 0, 0, 0, 0, 1), 0)
        Fraction(16, 5525)
    """
    cards = sum(shoe)
    a, b = [index for index in range(10) for _ in range(hand[index])]
    orders = 1 if a == b else 2
    left = list(shoe)
    ways = orders
    for index in (a, b, dealer):
        ways *= left[index]
        left[index] -= 1
    return Fraction(ways, cards * (cards - 1) * (cards - 2))


def _fallback(values: Mapping[str, Fraction]) -> str:
    return STAND if values[STAND] >= values[HIT] else HIT


def compute_table(rules: BlackJackRules, progress: Progress = no_progress) -> StrategyTable:
    """The chart and the house edges of `rules`, from a full shoe of its decks (seconds: see `strategy_table`).

    `progress(done, total)` is told before each of the 550 deals and at the end (CDP splits take minutes: a bar shows them).

    Examples:
        >>> shipped = strategy_table(PRESETS.get().with_options(decks=1))  # this function's result, shipped
        >>> shipped.basic_edge < 0, shipped.basic_edge >= shipped.optimal_edge
        (True, True)
    """
    shoe = VALUE_CLASSES.full(rules.decks)
    sums: dict[tuple[tuple[str, int], int], dict[str, Fraction]] = {}
    hand_values: list[tuple[Fraction, tuple[str, int], int, dict[str, Fraction]]] = []
    by_hand: dict[tuple[int, str], dict[str, Fraction]] = {}
    hands = list(two_card_hands())
    for dealer in range(10):
        evaluator = Evaluator(rules, dealer, add_card(shoe, dealer, -1))
        for index, hand in enumerate(hands):
            progress(dealer * len(hands) + index, 10 * len(hands))
            weight = deal_weight(shoe, hand, dealer)
            if not weight:
                continue
            by_hand[(dealer, hand_key(hand))] = evaluator.values(hand)
            # The chart and the edges weigh the whole deal (with the peek, the dealer's black jack too).
            values = evaluator.deal_values(hand)
            row = row_of(hand)
            hand_values.append((weight, row, dealer, values))
            if total_of_counts(hand).points == BLACKJACK_POINTS:
                continue
            cell = sums.setdefault((row, dealer), {})
            for action, value in values.items():
                cell[action] = cell.get(action, Fraction(0)) + weight * value
    chart: dict[tuple[str, int], list[tuple[str, str]]] = {row: [(STAND, STAND)] * 10 for row in ROWS}
    for (row, dealer), cell in sums.items():
        action = max(cell, key=lambda name: (cell[name], -ACTIONS.index(name)))
        chart[row][dealer] = (action, action if action in (STAND, HIT) else _fallback(cell))
    basic = optimal = Fraction(0)
    for weight, row, dealer, values in hand_values:
        optimal += weight * max(values.values())
        action = chart[row][dealer][0] if row in chart else STAND
        basic += weight * values.get(action, values[STAND])
    progress(10 * len(hands), 10 * len(hands))
    return StrategyTable({row: tuple(cells) for row, cells in chart.items()}, -basic, -optimal, by_hand)


#: The rules fields a strategy table depends on (the side bets, insurance and the cut card change no decision).
STRATEGY_FIELDS = ("decks", "hits_soft_17", "blackjack_pays", "double", "double_after_split", "max_hands",
                   "resplit_aces", "surrender", "dealer_blackjack_takes", "hole_card", "split_strategy")


def rules_key(rules: BlackJackRules) -> str:
    """The variables a strategy table depends on, as a stable text key.

    Examples:
        >>> rules_key(PRESETS.get())[:40]
        'decks=6;hits_soft_17=False;blackjack_pay'
    """
    return ";".join(f"{name}={getattr(rules, name)}" for name in STRATEGY_FIELDS)


def _encode(table: StrategyTable) -> dict:
    return {"chart": {f"{kind}:{total}": ["/".join(cell) for cell in cells] for (kind, total), cells in
                      table.chart.items()},
            "basic_edge": str(table.basic_edge), "optimal_edge": str(table.optimal_edge),
            "values": {f"{dealer}:{key}": {action: _rounded(value) for action, value in values.items()}
                       for (dealer, key), values in sorted(table.values.items())}}


def _rounded(value: Fraction) -> str:
    return f"{float(round(value, VALUE_DIGITS)):.{VALUE_DIGITS}f}"


def _decode(data: Mapping) -> StrategyTable:
    chart = {}
    for key, cells in data["chart"].items():
        kind, _, total = key.partition(":")
        chart[(kind, int(total))] = tuple(tuple(cell.split("/")) for cell in cells)
    values = {}
    for key, actions in data["values"].items():
        dealer, _, hand = key.partition(":")
        values[(int(dealer), hand)] = {action: Fraction(text) for action, text in actions.items()}
    return StrategyTable(chart, Fraction(data["basic_edge"]), Fraction(data["optimal_edge"]), values)


def shipped_rules() -> list[BlackJackRules]:
    """The rules whose tables ship with the package: every preset of both games at `SHIPPED_DECKS` decks, and the
    rules of the published figures the pages compare with (`naipes.games.black_jack.published`).

    Examples:
        >>> len(shipped_rules()) >= len(SHIPPED_DECKS)
        True
    """
    found: dict[str, BlackJackRules] = {}
    for book in (PRESETS, CHALLENGE_21_PRESETS):
        for rules in book.values():
            for decks in SHIPPED_DECKS:
                variant = rules.with_options(decks=decks)
                found.setdefault(rules_key(variant), variant)
    for figure in PUBLISHED:
        found.setdefault(rules_key(figure.rules), figure.rules)
    return list(found.values())


#: What the tables are computed by: these modules, and these definitions of this one.
COMPUTING_MODULES = ("dealer.py", "expectation.py", "hands.py")
COMPUTING_DEFINITIONS = ("compute_table", "row_of", "two_card_hands", "deal_weight", "hand_key", "_fallback",
                         "_encode", "_rounded", "ROWS", "VALUE_DIGITS")


def _without_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
                getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return tree


def code_fingerprint() -> str:
    """A digest of the code the tables are computed by (docstrings and comments aside): the shipped data names it.

    Examples:
        >>> len(code_fingerprint())
        16
    """
    folder = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in COMPUTING_MODULES:
        digest.update(ast.dump(_without_docstrings(ast.parse((folder / name).read_text(encoding="utf-8")))).encode())
    for node in ast.parse(Path(__file__).read_text(encoding="utf-8")).body:
        names = {getattr(node, "name", None)} | {getattr(t, "id", None) for t in getattr(node, "targets", [])} | {
            getattr(getattr(node, "target", None), "id", None)}
        if names & set(COMPUTING_DEFINITIONS):
            digest.update(ast.dump(_without_docstrings(node)).encode())
    return digest.hexdigest()[:16]


def build_data(rules_list: list[BlackJackRules] | None = None) -> dict:
    """The shipped data: every table of `shipped_rules()` (or of `rules_list`), keyed by `rules_key`."""
    return {"fingerprint": code_fingerprint(), "dealer": dealer_tables_data(),
            "tables": {rules_key(r): _encode(compute_table(r)) for r in (rules_list or shipped_rules())}}


def dealer_tables_data(deck_counts: Sequence[int] = SHIPPED_DECKS) -> dict:
    """The dealer's exact tables from a full shoe of each of `deck_counts` (standing and hitting on soft 17).

    They take a tenth of a second to compute in the browser the first time (the dealer's possible hands are
    enumerated once per first card), so they ship too.

    Examples:
        >>> dealer_tables_data()["1:False"]["A"]["blackjack"]
        '16/51'
    """
    data = {}
    for decks in deck_counts:
        for hits_soft_17 in (False, True):
            table = dealer_table(VALUE_CLASSES.full(decks), hits_soft_17)
            data[f"{decks}:{hits_soft_17}"] = {CLASS_NAMES[first]: {str(final): str(p) for final, p in row.items()}
                                               for first, row in table.items()}
    return data


def shipped_dealer_table(decks: int, hits_soft_17: bool) -> dict[int, dict[int | str, Fraction]] | None:
    """The dealer's table of a full shoe of `decks` decks as shipped, or `None` for a deck count not shipped.

    Examples:
        >>> shipped_dealer_table(1, False)[0]["blackjack"]
        Fraction(16, 51)
    """
    return decode_dealer_tables(_shipped_json().get("dealer", {}), decks, hits_soft_17)


def decode_dealer_tables(data: Mapping[str, Mapping], decks: int, hits_soft_17: bool
                         ) -> dict[int, dict[int | str, Fraction]] | None:
    """The table of `decks` and the soft-17 rule in `data` (as `dealer_tables_data` writes it), or `None`."""
    table = data.get(f"{decks}:{hits_soft_17}")
    if table is None:
        return None
    return {CLASS_NAMES.index(first): {(int(final) if final.isdigit() else final): Fraction(p)
                                       for final, p in row.items()} for first, row in table.items()}


def write_data(path: Path = DATA) -> None:
    """Compute the shipped tables again and write them (`python -m naipes.games.black_jack.strategy`)."""
    path.write_text(json.dumps(build_data(), separators=(",", ":"), sort_keys=True) + "\n", encoding="utf-8")


@lru_cache(maxsize=1)
def _shipped_json() -> dict:
    """The shipped data as JSON (each table is decoded when first asked for)."""
    try:
        return json.loads(package_data.read(__package__, "data", DATA.name))
    except OSError:
        return {}


def _shipped_data() -> dict:
    return _shipped_json().get("tables", {})


def shipped_keys() -> frozenset[str]:
    """The `rules_key` of every table shipped with the package (read, not computed).

    Examples:
        >>> rules_key(PRESETS.get()) in shipped_keys()
        True
    """
    return frozenset(_shipped_data())


@lru_cache(maxsize=None)
def _shipped(key: str) -> StrategyTable | None:
    data = _shipped_data().get(key)
    return None if data is None else _decode(data)


#: The tables computed in this process, the last `KEPT_TABLES` used kept.
_COMPUTED: OrderedDict[str, StrategyTable] = OrderedDict()
KEPT_TABLES = 64


def _computed(key: str, rules: BlackJackRules, progress: Progress) -> StrategyTable:
    table = _COMPUTED.get(key)
    if table is None:
        table = _COMPUTED[key] = compute_table(rules, progress)
        if len(_COMPUTED) > KEPT_TABLES:
            _COMPUTED.popitem(last=False)
    _COMPUTED.move_to_end(key)
    return table


_computed.cache_clear = _COMPUTED.clear  # type: ignore[attr-defined]  # the benchmarks clear caches by this name


def strategy_table(rules: BlackJackRules, progress: Progress = no_progress) -> StrategyTable:
    """The strategy table of `rules`: shipped if the site offers them, else computed once per session.

    `progress` is told how the computation goes, if there is one (`compute_table`).

    Examples:
        >>> strategy_table(PRESETS.get()).chart[("pair", ACE)][9][0]  # aces against a ten-valued card
        'split'
    """
    key = rules_key(rules)
    shipped = _shipped(key)
    return shipped if shipped is not None else _computed(key, rules, progress)


def chart_action(table: StrategyTable, hand: tuple[int, ...], dealer: int, *, two_cards: bool,
                 may_split: bool) -> str:
    """The chart's action for a hand (by classes): its row on two cards, the hit-or-stand fallback later.

    A pair that may not split is played by its total; on three cards or more
    a double or a surrender becomes the row's fallback; hard totals above 19
    and soft ones above 20 stand, hard 4 hits.

    Examples:
        >>> table = strategy_table(PRESETS.get())
        >>> chart_action(table, (0, 0, 0, 0, 0, 0, 0, 0, 0, 2), 5, two_cards=True, may_split=True)
        'stand'
    """
    total = total_of_counts(hand)
    if two_cards and may_split and max(hand) == 2:
        row = (PAIR, hand.index(2))
    else:
        row = (SOFT if total.soft else HARD, total.points)
    cells = table.chart.get(row)
    if cells is None:
        return HIT if total.points < 12 else STAND
    action, fallback = cells[dealer]
    if action == SPLIT:
        return action
    return action if two_cards else fallback


if __name__ == "__main__":  # pragma: no cover - the maintenance command that writes the shipped data
    write_data()
