"""Trijoker's exact analysis: the distribution of (bet 1 in play, bet 2 in play, final hand), fast and walked.

The player follows the optimal withdrawals of a full deck (`values.rides`);
the house edge is the expected loss per unit of one of the equal bets (the
convention of the published Let It Ride figures), and the element of risk
the expected loss per unit finally in play.

The fast method enumerates three-card hands by signature on a full deck
(ranks, and whether the cards share a suit: 741 signatures with their 22,100
hands), each with the 49 first common cards and the pay keys of the 48
second ones. A deck with a few cards out keeps the method (`_few_removed`):
the three-card hands are taken once per class of the suit permutations that
leave the removed cards where they are, and each four cards' completions are
the full deck's (by signature) less the removed cards, so one card out costs
about what the full deck costs. Any other composition (most of the deck out)
is enumerated hand by hand. The generic walk (`naipes.core.drive.walk_exact`) deals the same coup
card by card and must give the same distribution.

Examples:
    >>> from naipes.core.drive import analyze
    >>> from . import TRIJOKER
    >>> report = analyze(TRIJOKER, TRIJOKER.presets.get("go-poker"))
    >>> round(float(report.extra["house_edge"]), 4)
    0.4377
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations
from math import comb
from typing import Hashable, Mapping

from ....core.errors import CardError
from ....core.i18n import N_
from ....core.model import Line, Report
from ..banked import side_bets
from ..hands import CATEGORY_NAMES, strength5
from ..kernel import CODES, FULL
from .rules import TrijokerRules
from .values import (LOSES, four_card_keys, pay_key, payout, representative, rides, signature,
                     three_card_signatures)

Outcome = tuple[bool, bool, str]
METHOD = N_("exact: every deal of one 52-card deck, the player withdrawing bets optimally")


def _full_deck(rules: TrijokerRules) -> dict[Outcome, Fraction]:
    weights: dict[Outcome, int] = {}
    for sig3, hands in three_card_signatures():
        cards = representative(sig3)
        first = rules.withdrawals and rides(cards, rules)
        for card in CODES:
            if card in cards:
                continue
            four = cards + (card,)
            second = rules.withdrawals and rides(four, rules)
            for key, n in four_card_keys(signature(four), rules):
                outcome = (first, second, key)
                weights[outcome] = weights.get(outcome, 0) + hands * n
    total = comb(52, 3) * 49 * 48
    return {outcome: Fraction(w, total) for outcome, w in weights.items()}


def _any_composition(rules: TrijokerRules, counts: tuple[int, ...]) -> dict[Outcome, Fraction]:
    if any(n > 1 for n in counts):
        raise CardError("Trijoker is dealt from one deck: a card can be there at most once.")
    cards = [CODES[i] for i, n in enumerate(counts) if n]
    if len(cards) < 5:
        # TRANSLATORS: {n} is never 1: it is 5, the player's three and the two common cards.
        raise CardError("The deck needs at least {n} cards for one hand.", n=5)
    completions: dict[frozenset, dict[str, int]] = {}
    weights: dict[Outcome, int] = {}
    total = 0
    for three in combinations(cards, 3):
        first = rules.withdrawals and rides(three, rules)
        for card in cards:
            if card in three:
                continue
            four = three + (card,)
            second = rules.withdrawals and rides(four, rules)
            key4 = frozenset(four)
            keys = completions.get(key4)
            if keys is None:
                keys = {}
                for last in cards:
                    if last not in key4:
                        key = pay_key(strength5(*four, last), rules)
                        keys[key] = keys.get(key, 0) + 1
                completions[key4] = keys
            for key, n in keys.items():
                outcome = (first, second, key)
                weights[outcome] = weights.get(outcome, 0) + n
                total += n
    return {outcome: Fraction(w, total) for outcome, w in weights.items()}


def _suit_symmetries(removed: frozenset[int]) -> list[tuple[int, ...]]:
    """The suit permutations (as maps of card indices) that map the removed cards onto themselves."""
    found = []
    for order in permutations(range(4)):
        image = tuple(order[i // 13] * 13 + i % 13 for i in range(52))
        if {image[i] for i in removed} == removed:
            found.append(image)
    return found


def _few_removed(rules: TrijokerRules, counts: tuple[int, ...]) -> dict[Outcome, Fraction]:
    removed = frozenset(i for i, n in enumerate(counts) if not n)
    left = [i for i, n in enumerate(counts) if n]
    symmetries = _suit_symmetries(removed)
    classes: dict[tuple[int, ...], int] = {}
    for three in combinations(left, 3):
        canonical = min(tuple(sorted(image[i] for i in three)) for image in symmetries)
        classes[canonical] = classes.get(canonical, 0) + 1
    out_codes = [CODES[i] for i in removed]
    # Hashing the rules (their pay table of fractions) in every cached call costs more than the hands
    # themselves: the four cards' decision and completions are looked up here by signature alone.
    by_signature: dict[tuple[tuple[int, ...], bool], tuple[bool, tuple[tuple[str, int], ...]]] = {}
    weights: dict[Outcome, int] = {}
    total = 0
    for three, ways in classes.items():
        cards = tuple(CODES[i] for i in three)
        first = rules.withdrawals and rides(cards, rules)
        for i in left:
            if i in three:
                continue
            four = cards + (CODES[i],)
            sig = signature(four)
            known = by_signature.get(sig)
            if known is None:
                known = by_signature[sig] = (rules.withdrawals and rides(four, rules), four_card_keys(sig, rules))
            second, completions = known
            keys = dict(completions)
            for card in out_codes:
                keys[pay_key(strength5(*four, card), rules)] -= 1
            for key, n in keys.items():
                if n:
                    outcome = (first, second, key)
                    weights[outcome] = weights.get(outcome, 0) + ways * n
                    total += ways * n
    return {outcome: Fraction(w, total) for outcome, w in weights.items()}


def _few_removed_is_cheaper(counts: tuple[int, ...]) -> bool:
    """Whether `_few_removed` evaluates fewer five-card hands than `_any_composition` (a bound, no symmetry)."""
    left = sum(counts)
    out = len(counts) - left
    return comb(left, 3) * (left - 3) * (out + 1) < comb(left, 4) * (left - 4)


def outcome_distribution(rules: TrijokerRules, counts: tuple[int, ...] = FULL) -> dict[Outcome, Fraction]:
    """The exact distribution of (bet 1 in play, bet 2 in play, pay key) for a deck composition.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> from ..kernel import CARDS
        >>> from .rules import PRESETS
        >>> counts = CARDS.without(1, parse_cards("As"))
        >>> sum(outcome_distribution(PRESETS.get("go-poker"), counts).values())
        Fraction(1, 1)
    """
    counts = tuple(counts)
    if counts == FULL:
        return _full_deck(rules)
    if all(n <= 1 for n in counts) and sum(counts) >= 5 and _few_removed_is_cheaper(counts):
        return _few_removed(rules, counts)
    return _any_composition(rules, counts)


def report(rules: TrijokerRules, distribution: Mapping[Hashable, Fraction]) -> Report:
    """The analysis as lines: each final hand's probability, the withdrawals, the house edge and element of risk."""
    expected = Fraction(0)
    wager = Fraction(0)
    by_key: dict[str, Fraction] = {}
    ride = [Fraction(0), Fraction(0)]
    for (first, second, key), p in distribution.items():
        in_play = 1 + first + second if rules.withdrawals else 1
        expected += p * in_play * payout(key, rules)
        wager += p * in_play
        by_key[key] = by_key.get(key, Fraction(0)) + p
        ride[0] += p * first
        ride[1] += p * second
    edge = -expected
    risk = edge / wager
    lines = [Line(f"hand:{key}", CATEGORY_NAMES[key], by_key.get(key, Fraction(0)))
             for key, _ in reversed(rules.pay_table.pays)]
    lines.append(Line(f"hand:{LOSES}", N_("no paying hand"), by_key.get(LOSES, Fraction(0))))
    if rules.withdrawals:
        lines += [Line("ride-1", N_("bet 1 left in play"), ride[0]), Line("ride-2", N_("bet 2 left in play"), ride[1])]
    lines += [Line("house-edge", N_("house edge per unit of one bet"), house_edge=edge),
              Line("element-of-risk", N_("element of risk"), house_edge=risk)]
    extra = {"house_edge": edge, "element_of_risk": risk, "average_wager": wager, "exact": True, "method": METHOD}
    if rules.progressive is not None:
        extra["side_bets"] = side_bets(None, rules.progressive)
    return Report(tuple(lines), extra)


def fast_report(rules: TrijokerRules, counts: tuple[int, ...]) -> Report:
    """The exact report by enumeration (signatures on a full deck)."""
    return report(rules, outcome_distribution(rules, counts))


def walk_report(rules: TrijokerRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution of `TrijokerCoup.outcome`."""
    return report(rules, distribution)
