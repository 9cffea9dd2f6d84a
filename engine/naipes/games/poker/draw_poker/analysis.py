"""Draw Poker's analysis: exact on a full deck (every deal counted once, shipped) and on small decks.

On a full deck the figures come from the exact counts of every deal (`exact`:
the player's hands up to the suits, every set of replacements, the croupier's
hands counted by rank multisets), computed once and shipped in
`naipes/games/poker/data/draw-poker.json`. On at most 12 cards (cards removed)
the analysis enumerates every deal, and the generic walk must agree. The
player follows the stated strategy (`strategy`).

Read as written, the game favours the player: the croupier fails to open
(no pair of eights or better) about seven times in ten, and the ANTE is then
paid whatever the player holds.

Examples:
    >>> from .rules import PRESETS
    >>> report = fast_report(PRESETS.default, FULL)
    >>> report.extra["exact"], report.extra["house_edge"] < 0
    (True, True)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Hashable, Mapping

from ....core.errors import CardError, RulesError, plural
from ....core.i18n import N_
from ....core.model import Report
from ..banked import FOLD, WIN, exact_report, result_key, settlement, side_bets
from ..hands import strength5
from ..kernel import CODES, FULL
from ..simulation import shipped
from ..progressive import FINAL_HAND
from .exact import NAME
from .final_hands import shipped_final_hand_probabilities
from .rules import DrawPokerRules
from .strategy import exchange

#: The most cards the exact enumeration and the generic walk deal from.
SMALL_DECK = 12
EXACT_FULL = N_("exact: every deal of one 52-card deck, the player betting every hand and exchanging by the stated "
                "strategy")
EXACT_SMALL = N_("exact: every deal of the cards left, the player betting every hand and exchanging by the stated "
                 "strategy")


def progressive_odds(rules: DrawPokerRules) -> dict[str, Fraction] | None:
    """The prize categories' probabilities on the hand the progressive reads; `None`: the first five cards."""
    if rules.progressive is None or rules.progressive_hand != FINAL_HAND:
        return None
    return shipped_final_hand_probabilities([c for c, _ in rules.progressive.prizes], rules.max_exchange)


def _extra(rules: DrawPokerRules) -> dict:
    return {"side_bets": side_bets(None, rules.progressive, progressive_odds(rules)),
            **({"progressive_hand": rules.progressive_hand} if rules.progressive else {})}


def full_deck_report(rules: DrawPokerRules) -> Report:
    """The exact report of a full deck, from the shipped counts, for these rules' table and BET."""
    data = shipped(NAME)
    if (rules.opens_with, rules.max_exchange) != (data["opens_with"], data["max_exchange"]):
        raise RulesError(plural("The exact counts of a full deck are for a croupier who opens with {hand} and an "
                                "exchange of up to {n} card; remove cards to analyse other rules exactly.",
                                "The exact counts of a full deck are for a croupier who opens with {hand} and an "
                                "exchange of up to {n} cards; remove cards to analyse other rules exactly.", "n"),
                         hand=data["opens_with"], n=data["max_exchange"])
    distribution = {key: Fraction(n, data["deals"]) for key, n in data["counts"].items()}
    return exact_report(distribution, settlement(rules.pay_table, rules.bet_multiple), EXACT_FULL, _extra(rules))


def small_deck_distribution(rules: DrawPokerRules, counts: tuple[int, ...]) -> dict[str, Fraction]:
    """Every deal of a small composition: the player's five, the croupier's five, the replacements in turn."""
    if any(n > 1 for n in counts):
        raise CardError("Draw Poker is dealt from one deck: a card can be there at most once.")
    cards = [CODES[i] for i, n in enumerate(counts) if n]
    if len(cards) < 12:
        # TRANSLATORS: {n} is never 1: it is 12, the player's five, the croupier's five and two replacements.
        raise CardError("The deck needs at least {n} cards for one hand.", n=12)
    weights: dict[str, Fraction] = {}
    opens = rules.opens_from
    for hand in combinations(cards, 5):
        out = exchange(hand, rules.max_exchange)
        kept = [c for i, c in enumerate(hand) if i not in out]
        rest = [c for c in cards if c not in hand]
        for bank in combinations(rest, 5):
            theirs = strength5(*bank)
            stub = [c for c in rest if c not in bank]
            draws = list(combinations(stub, len(out)))
            # every set of replacements is as likely as any other (whatever the order they come in)
            share = Fraction(1, len(draws))
            for new in draws:
                key = result_key(strength5(*kept, *new), theirs, opens)
                weights[key] = weights.get(key, Fraction(0)) + share
    total = sum(weights.values())
    return {key: w / total for key, w in weights.items()}


def fast_report(rules: DrawPokerRules, counts: tuple[int, ...]) -> Report:
    """The shipped exact counts on a full deck; the exact enumeration on at most 12 cards."""
    if tuple(counts) == FULL:
        return full_deck_report(rules)
    if sum(counts) > SMALL_DECK:
        # TRANSLATORS: {n} is never 1: it is SMALL_DECK, 12 cards.
        raise CardError("With cards removed the analysis enumerates every deal: leave at most {n} cards.",
                        n=SMALL_DECK)
    return exact_report(small_deck_distribution(rules, tuple(counts)),
                        settlement(rules.pay_table, rules.bet_multiple), EXACT_SMALL, _extra(rules))


def walk_report(rules: DrawPokerRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The exact report from the generic walk's distribution of `DrawPokerCoup.outcome`."""
    keys: dict[str, Fraction] = {}
    for (decision, result, category), p in distribution.items():
        key = FOLD if decision == "fold" else (WIN + category if result == "win" else result)
        keys[key] = keys.get(key, Fraction(0)) + p
    return exact_report(keys, settlement(rules.pay_table, rules.bet_multiple), EXACT_SMALL, _extra(rules))
