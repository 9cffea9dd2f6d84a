"""Pòquer sense descart's analysis: exact on a full deck (every deal counted once, shipped) and on small decks.

On a full deck the figures come from the exact counts of every deal
(`exact`: C(52,5)·47·C(46,4) deals, the player's hands up to the suits, the
bank's hidden cards counted by rank multisets), computed once and shipped in
`naipes/games/poker/data/sense-descart.json`: the three rules of thumb (the
analysis's strategy), and for comparison the optimal strategy of the classic
table, going on with a pair or better, and always going on. On at most 14
cards (cards removed) the analysis enumerates every deal, and the generic walk
must agree. The side bets are exact: they depend only on the player's first
five cards.

Examples:
    >>> from .rules import PRESETS
    >>> report = fast_report(PRESETS.get("cat-2016"), FULL)
    >>> report.extra["exact"], round(float(report.extra["house_edge"]), 5)
    (True, 0.05225)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Hashable, Mapping

from ....core.errors import CardError, RulesError
from ....core.i18n import N_
from ....core.model import Line, Report
from ..banked import FOLD, WIN, exact_report, settlement, side_bets
from ..hands import category_of, strength5
from ..kernel import CODES, FULL, WALK_LIMIT
from ..simulation import shipped
from .exact import ALWAYS, NAME, OPTIMAL, PAIR_OR_BETTER, THUMB
from .rules import SenseDescartRules
from .values import thumb

EXACT_FULL = N_("exact: every deal of one 52-card deck ({deals} of them), the player following the three rules of "
                "thumb and never buying a card")
EXACT_SMALL = N_("exact: every deal of the cards left, the player following the three rules of thumb and never "
                 "buying a card")
#: The other strategies counted on a full deck, each with its line (the optimal one only for the table it is for).
OTHER_STRATEGIES = {
    OPTIMAL: N_("house edge per ante, optimal strategy for this table"),
    PAIR_OR_BETTER: N_("house edge per ante, going on with a pair or better"),
    ALWAYS: N_("house edge per ante, always going on"),
}


def _extra(rules: SenseDescartRules) -> dict:
    return {"side_bets": side_bets(rules.special_prize, rules.progressive)}


def full_deck_distribution(strategy: str = THUMB) -> dict[str, Fraction]:
    """The exact distribution of the outcome keys on a full deck under a strategy, from the shipped counts."""
    data = shipped(NAME)
    counts = data["strategies"][strategy]
    return {key: Fraction(n, data["deals"]) for key, n in counts.items()}


def full_deck_report(rules: SenseDescartRules) -> Report:
    """The exact report of a full deck (three rules of thumb), with the other strategies' house edges."""
    data = shipped(NAME)
    if rules.qualifies_with != data["qualifies_with"]:
        raise RulesError("The exact counts of a full deck are for a bank that plays with {hand}; remove cards to "
                         "analyse other rules exactly.", hand=data["qualifies_with"])
    settle = settlement(rules.pay_table, rules.raise_multiple)
    report = exact_report(full_deck_distribution(THUMB), settle, EXACT_FULL, _extra(rules))
    optimal_for = data["optimal_for"]
    lines = list(report.lines)
    for strategy, label in OTHER_STRATEGIES.items():
        if strategy == OPTIMAL and (rules.pay_table.name, Fraction(rules.raise_multiple)) != (
                optimal_for["pay_table"], Fraction(optimal_for["raise_multiple"])):
            continue  # the shipped optimal choices are the classic table's
        distribution = full_deck_distribution(strategy)
        edge = -sum((p * settle(key)[0] for key, p in distribution.items()), Fraction(0))
        lines.append(Line(f"house-edge:{strategy}", label, house_edge=edge))
    return Report(tuple(lines), {**report.extra, "method_params": {"deals": data["deals"]}})


def small_deck_distribution(rules: SenseDescartRules, counts: tuple[int, ...]) -> dict[str, Fraction]:
    """Every deal of a small composition: the player's five, the bank's five, each face-up card."""
    if any(n > 1 for n in counts):
        raise CardError("Pòquer sense descart is dealt from one deck: a card can be there at most once.")
    cards = [CODES[i] for i, n in enumerate(counts) if n]
    if len(cards) < 10:
        # TRANSLATORS: {n} is never 1: it is 10, the player's five and the bank's five.
        raise CardError("The deck needs at least {n} cards for one hand.", n=10)
    qualifies = rules.qualifies_from
    weights: dict[str, int] = {}
    for hand in combinations(cards, 5):
        mine = strength5(*hand)
        rest = [c for c in cards if c not in hand]
        for bank in combinations(rest, 5):
            theirs = strength5(*bank)
            result = ("not-qualified" if theirs < qualifies else "win" if mine > theirs else
                      "lose" if mine < theirs else "push")
            for up in bank:
                key = FOLD if not thumb(hand, up) else (WIN + category_of(mine) if result == "win" else result)
                weights[key] = weights.get(key, 0) + 1
    total = sum(weights.values())
    return {key: Fraction(n, total) for key, n in weights.items()}


def fast_report(rules: SenseDescartRules, counts: tuple[int, ...]) -> Report:
    """The shipped exact counts on a full deck; the exact enumeration on at most 14 cards."""
    if tuple(counts) == FULL:
        return full_deck_report(rules)
    if sum(counts) > WALK_LIMIT:
        # TRANSLATORS: {n} is never 1: it is WALK_LIMIT, 14 cards.
        raise CardError("With cards removed the analysis enumerates every deal: leave at most {n} cards.",
                        n=WALK_LIMIT)
    return exact_report(small_deck_distribution(rules, tuple(counts)),
                        settlement(rules.pay_table, rules.raise_multiple), EXACT_SMALL, _extra(rules))


def walk_report(rules: SenseDescartRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The exact report from the generic walk's distribution of `SenseDescartCoup.outcome`."""
    keys: dict[str, Fraction] = {}
    for (decision, result, category, _), p in distribution.items():
        key = FOLD if decision == "fold" else (WIN + category if result == "win" else result)
        keys[key] = keys.get(key, Fraction(0)) + p
    return exact_report(keys, settlement(rules.pay_table, rules.raise_multiple), EXACT_SMALL, _extra(rules))
