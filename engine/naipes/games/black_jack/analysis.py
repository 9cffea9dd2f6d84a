"""The exact analysis of Black Jack and Challenge 21: the dealer's table, the main bet, Perfect Pairs, insurance.

Two ways to the same report, which must agree exactly:

- `fast_report` computes the dealer's final results for every first card
  from the composition (`dealer_table`), the insurance chance from it, and
  reads the strategy table of the rules;
- `walk_report` builds the dealer's table and the insurance chance from the
  generic walk (`naipes.core.drive.walk_exact`) over the dealer's hand alone
  (`DealerPlay`: its first card from the shoe, then its cards until it
  stands): **the walk checks the dealer's table and insurance**. The main
  bet's house edges come from the strategy table of the rules (a full
  shoe only; computed once, shipped for the options the site offers) and
  Perfect Pairs from its closed form for the rules' decks: both reports read
  them the same way, and the tests check them against published figures and
  an independent count.

Challenge 21 is valued per round with the stated model of its rounds: each
round's dealer hand is completed from the shoe the player's cards leave
(the cards of the earlier rounds are not taken out), so every round's bet
has the value of a Black Jack bet under the same rules, and a coup with two
or three bets has two or three times it.

Examples:
    >>> from naipes.games.black_jack.rules import PRESETS
    >>> rules = PRESETS.get().with_options(decks=1)
    >>> report = fast_report(rules, VALUE_CLASSES.full(1))
    >>> report.line("insurance").probability
    Fraction(16, 51)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Hashable, Mapping

from ...core.errors import CardError
from ...core.i18n import N_
from ...core.model import Line, NoDecisions, Report
from .dealer import FINALS, MIN_SHOE, DealerPlay, dealer_table
from .hands import ACE, CLASS_NAMES, VALUE_CLASSES
from .rules import PAIR_KINDS, BlackJackRules
from .side_bets import insurance_chance, perfect_pairs_chances, perfect_pairs_edge, without_ace
from .strategy import strategy_table

DEALER, STRATEGY, CHALLENGE = "dealer", "strategy", "challenge_21"
MAIN, OPTIMAL, PERFECT_PAIRS, INSURANCE = "main", "optimal", "perfect_pairs", "insurance"


def _checked(counts) -> tuple[int, ...]:
    counts = tuple(counts)
    if sum(counts) < MIN_SHOE + 1:
        # TRANSLATORS: {n} is never 1: it is the dealer's MIN_SHOE, 12 cards, or one more.
        raise CardError("The shoe needs at least {n} cards for the dealer's exact table.", n=MIN_SHOE + 1)
    return counts


def build_report(rules: BlackJackRules, counts: tuple[int, ...], table: Mapping[int, Mapping],
                 insurance: Fraction | None) -> Report:
    """The report from the dealer's table and the insurance chance (however computed) and the rules' tables."""
    full = counts == VALUE_CLASSES.full(rules.decks)
    strategy = strategy_table(rules) if full else None
    chances = perfect_pairs_chances(rules.decks)
    lines = [
        Line(MAIN, N_("Main bet, engine's basic strategy"), None, strategy.basic_edge if strategy else None),
        Line(OPTIMAL, N_("Main bet, best first decision for every hand"), None,
             strategy.optimal_edge if strategy else None),
        Line(PERFECT_PAIRS, N_("Perfect Pairs (a pair of any kind)"), sum(chances.values()),
             perfect_pairs_edge(rules.perfect_pairs, rules.decks)),
    ]
    if insurance is not None:
        lines.append(Line(INSURANCE, N_("Insurance (the dealer's ace makes black jack)"), insurance,
                          -(insurance * rules.insurance_pays - (1 - insurance))))
    extra: dict[str, object] = {DEALER: {CLASS_NAMES[first]: dict(row) for first, row in table.items()},
                                PERFECT_PAIRS: dict(zip(PAIR_KINDS, (chances[k] for k in PAIR_KINDS)))}
    if strategy is not None and rules.rounds > 1:
        per_round = -strategy.basic_edge
        extra[CHALLENGE] = {"per_round": per_round, "two_bets": 2 * per_round, "three_bets": 3 * per_round}
    return Report(tuple(lines), extra)


def fast_report(rules: BlackJackRules, counts: tuple[int, ...]) -> Report:
    """The exact report of a shoe of composition `counts`, computed from the composition.

    Raises:
        CardError: too few cards for the dealer's table.
    """
    counts = _checked(counts)
    insurance = insurance_chance(without_ace(counts)) if counts[ACE] else None
    return build_report(rules, counts, dealer_table(counts, rules.hits_soft_17), insurance)


def walk_report(rules: BlackJackRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the walk's distribution of `(first card's class, final result)` (`DealerPlay`).

    Raises:
        CardError: too few cards for the dealer's table.
    """
    counts = _checked(counts)
    firsts: dict[int, Fraction] = {}
    for (first, _final), probability in distribution.items():
        firsts[first] = firsts.get(first, Fraction(0)) + probability
    table = {first: {final: distribution.get((first, final), Fraction(0)) / firsts[first] for final in FINALS}
             for first in sorted(firsts)}
    insurance = table[ACE]["blackjack"] if ACE in table else None
    return build_report(rules, counts, table, insurance)


def walk_coup(rules: BlackJackRules) -> DealerPlay:
    """The coup the walk checks the analysis on: the dealer's hand alone, under the rules' drawing rule."""
    return DealerPlay(rules.hits_soft_17, rules.dealer_rule())


def walk_conduct(rules: BlackJackRules) -> NoDecisions:
    """The dealer's hand has no decisions."""
    return NoDecisions()
