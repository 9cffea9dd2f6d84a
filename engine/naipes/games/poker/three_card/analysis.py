"""The three-card game's exact analysis: the distribution of (plays, result, player's category), fast and walked.

The player follows the optimal strategy of a full deck (play a queen, six,
four or better). The fast method goes through every three-card hand of the
composition and counts the croupier's hands from the cards left by
inclusion and exclusion (`values.Deck`); the generic walk deals the coup card
by card (only on small decks: a full deck has 407 million deals).

The house edge of the ante and play bets is per ante; the element of risk
per unit finally staked (the ante, plus the play bet when the player plays).
Pair Plus is a separate bet on the player's cards alone.

Examples:
    >>> from .rules import PRESETS
    >>> report = fast_report(PRESETS.default, FULL)
    >>> round(float(report.extra["house_edge"]), 4), round(float(report.extra["element_of_risk"]), 4)
    (0.0337, 0.0201)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Hashable, Mapping

from ....core.errors import CardError
from ....core.i18n import N_
from ....core.model import Line, Report
from ..hands import CATEGORY_NAMES, THREE_CARD, category_of
from ..kernel import FULL
from .coup import FOLD, LOST, TIED, WON
from ..events import NOT_QUALIFIED
from .rules import ThreeCardRules
from .values import _STRENGTH, deck, plays

Outcome = tuple[bool, str, str]
METHOD = N_("exact: every deal of one 52-card deck, the player playing a hand exactly when that loses less than "
            "folding (queen, six, four or better)")
RESULT_LABELS = {FOLD: N_("the player folds"), NOT_QUALIFIED: N_("the croupier does not play"),
                 WON: N_("the player's hand wins"), LOST: N_("the croupier's hand wins"), TIED: N_("a tie")}


def outcome_distribution(rules: ThreeCardRules, counts: tuple[int, ...] = FULL) -> dict[Outcome, Fraction]:
    """The exact distribution of (plays, result, player's category) for a deck composition."""
    if any(n > 1 for n in counts):
        raise CardError("The three-card game is dealt from one deck: a card can be there at most once.")
    if sum(counts) < 6:
        # TRANSLATORS: {n} is never 1: it is 6, the player's three and the croupier's three.
        raise CardError("The deck needs at least {n} cards for one hand.", n=6)
    tallies = deck(tuple(counts), rules.qualifies_from)
    weights: dict[Outcome, int] = {}
    for hand in combinations(tallies.cards, 3):
        category = category_of(_STRENGTH(*hand), THREE_CARD)
        split = tallies.split(hand)
        if plays(hand, rules):
            for result, n in zip((NOT_QUALIFIED, WON, TIED, LOST), (split[0], split[1], split[2], split[3])):
                if n:
                    key = (True, result, category)
                    weights[key] = weights.get(key, 0) + n
        else:
            key = (False, FOLD, category)
            weights[key] = weights.get(key, 0) + sum(split)
    total = sum(weights.values())
    return {outcome: Fraction(w, total) for outcome, w in weights.items()}


def report(rules: ThreeCardRules, distribution: Mapping[Hashable, Fraction]) -> Report:
    """The analysis as lines: results, the play rate, the house edges and the element of risk."""
    m = rules.play_multiple
    bonus, pair_plus = rules.pay_table.ante_bonus, rules.pay_table.pair_plus
    expected = wager = play_rate = pair_plus_return = Fraction(0)
    by_result: dict[str, Fraction] = {}
    by_category: dict[str, Fraction] = {}
    for (played, result, category), p in distribution.items():
        net = {FOLD: -1, NOT_QUALIFIED: 1, WON: 1 + m, LOST: -1 - m, TIED: 0}[result]
        if played:
            net += bonus.pays_for(category) or 0
            play_rate += p
        expected += p * net
        wager += p * (1 + m * played)
        by_result[result] = by_result.get(result, Fraction(0)) + p
        by_category[category] = by_category.get(category, Fraction(0)) + p
        pays = pair_plus.pays_for(category)
        pair_plus_return += p * (pays if pays is not None else -1)
    edge, risk = -expected, -expected / wager
    lines = [Line(f"result:{key}", label, by_result.get(key, Fraction(0))) for key, label in RESULT_LABELS.items()]
    lines += [Line(f"hand:{c}", CATEGORY_NAMES[c], by_category.get(c, Fraction(0))) for c in reversed(THREE_CARD.order)]
    lines += [Line("plays", N_("the player plays"), play_rate),
              Line("house-edge", N_("house edge of the ante and play bets, per ante"), house_edge=edge),
              Line("element-of-risk", N_("element of risk"), house_edge=risk),
              Line("pair-plus", N_("house edge of Pair Plus"), house_edge=-pair_plus_return)]
    return Report(tuple(lines), {"house_edge": edge, "element_of_risk": risk, "exact": True, "method": METHOD,
                                 "pair_plus_house_edge": -pair_plus_return})


def fast_report(rules: ThreeCardRules, counts: tuple[int, ...]) -> Report:
    """The exact report by inclusion and exclusion over the croupier's hands."""
    return report(rules, outcome_distribution(rules, tuple(counts)))


def walk_report(rules: ThreeCardRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution of `ThreeCardCoup.outcome`."""
    return report(rules, distribution)
