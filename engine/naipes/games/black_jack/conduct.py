"""How the engine's boxes decide: the basic strategy chart the engine derives, with named options.

`BasicStrategy` plays every hand by the chart of its rules
(`naipes.games.black_jack.strategy`): the chart's cell on the first two
cards, its hit-or-stand fallback later. The sources leave the players free,
so insurance and even money are named options (declined by default, as basic
strategy does). The chart plays by the hand's total; where the exact value of
the hand's own cards (`naipes advise`: the shoe less the hand and the dealer's
card) puts another option first, the rule the narration cites says so, with
both values (option `exact_note`).

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from naipes.games.black_jack.coup import BlackJackCoup
    >>> from naipes.games.black_jack.rules import PRESETS
    >>> coup = BlackJackCoup(PRESETS.get())
    >>> for card in parse_cards("Th 6c 6d"):
    ...     _ = coup.apply(card)
    >>> [choice.action for choice in BasicStrategy().choose(coup)]
    ['stand']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from fractions import Fraction

from ...core.i18n import N_
from ...core.model import Choice, Conduct, Coup, Rule, Words
from .coup import DECLINE, EVEN_MONEY_DECISION, INSURANCE_DECISION, INSURE, TAKE_EVEN_MONEY, BlackJackCoup
from .dealer import MIN_SHOE
from .expectation import DOUBLE, HIT, SPLIT, STAND, SURRENDER, Evaluator
from .hands import VALUE_CLASSES, add_card, value_class
from .rules import BlackJackRules
from .strategy import chart_action, strategy_table

CHART_RULE = N_("the basic strategy chart the engine derives for these rules")
#: The chart's rule where the hand's own cards make another option the exact best (values per unit bet).
CHART_NOT_EXACT_RULE = N_("the basic strategy chart the engine derives for these rules, by the hand's total; counting "
                          "the hand's cards the exact best is to {best}: {best_value} per unit against {value}")
#: The options as the rule names them (after "the exact best is to").
ACTION_WORDS = {STAND: N_("stand"), HIT: N_("hit"), DOUBLE: N_("double"), SPLIT: N_("split"),
                SURRENDER: N_("surrender")}


def exact_values(rules: BlackJackRules, cards, dealer: int) -> dict[str, Fraction] | None:
    """Every option's exact value for a hand of `cards` against the dealer's value class `dealer`, from the shoe
    less the hand and the dealer's card (what `naipes advise` computes with no cards seen); `None` on a shoe
    too small for the dealer's exact table.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> from .rules import CHALLENGE_21_PRESETS
        >>> jack = parse_cards("Jd")[0]
        >>> values = exact_values(CHALLENGE_21_PRESETS.default, parse_cards("4h Ah 7c 4d"), value_class(jack))
        >>> round(float(values["stand"]), 4), round(float(values["hit"]), 4)
        (-0.5735, -0.5793)
    """
    counts = VALUE_CLASSES.without(rules.decks, list(cards))
    if not counts[dealer] or sum(counts) - 1 < MIN_SHOE:
        return None
    classes = VALUE_CLASSES.counts(cards)
    shoe = tuple(a + b for a, b in zip(add_card(counts, dealer, -1), classes))
    return Evaluator(rules, dealer, shoe).values(classes)


@dataclass(frozen=True)
class BasicStrategy(Conduct):
    """The engine's boxes: the chart's action for every hand; insurance and even money by option.

    Attributes:
        insurance: take insurance whenever it is offered.
        even_money: take even money for a black jack against an ace.
        exact_note: where the chart's option is not the exact best for the hand's cards, cite both values.
    """

    insurance: bool = False
    even_money: bool = False
    exact_note: bool = False

    def choose(self, coup: Coup) -> Sequence[Choice] | None:
        assert isinstance(coup, BlackJackCoup)
        pending = coup.pending()
        rule = Rule(CHART_RULE, interpretation=True)
        if pending is None:
            return None
        if pending[0] == INSURANCE_DECISION:
            return [Choice(INSURE if self.insurance else DECLINE, rule=rule)]
        if pending[0] == EVEN_MONEY_DECISION:
            return [Choice(TAKE_EVEN_MONEY if self.even_money else DECLINE, rule=rule)]
        box, index = pending[1], pending[2]
        hand = coup.boxes[box].hands[index]
        legal = coup.legal_actions()
        action = chart_action(strategy_table(coup.rules), hand.classes, value_class(coup.dealer_first),
                              two_cards=len(hand.cards) == 2, may_split=coup.may_split(box, index))
        if action not in legal:
            action = chart_action(strategy_table(coup.rules), hand.classes, value_class(coup.dealer_first),
                                  two_cards=False, may_split=False)
        action = action if action in legal else legal[0]
        if self.exact_note and not hand.split:
            rule = self._exact_rule(coup, hand.cards, action, legal) or rule
        return [Choice(action, rule=rule)]

    @staticmethod
    def _exact_rule(coup: BlackJackCoup, cards, action: str, legal) -> Rule | None:
        """The chart's rule naming the exact best and both values, when the exact best is another option."""
        values = exact_values(coup.rules, cards, value_class(coup.dealer_first))
        if values is None or action not in values:
            return None
        offered = {name: value for name, value in values.items() if name in legal}
        best = max(offered, key=lambda name: offered[name])
        if best == action or offered[best] == offered[action]:
            return None
        return Rule(CHART_NOT_EXACT_RULE, (("best", Words(ACTION_WORDS[best])), ("best_value", offered[best]),
                                           ("value", offered[action])), interpretation=True)
