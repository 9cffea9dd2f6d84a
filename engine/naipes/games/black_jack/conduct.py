"""How the engine's boxes decide: the basic strategy chart the engine derives, with named options.

`BasicStrategy` plays every hand by the chart of its rules
(`naipes.games.black_jack.strategy`): the chart's cell on the first two
cards, its hit-or-stand fallback later. The sources leave the players free,
so insurance and even money are named options (declined by default, as basic
strategy does).

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

from ...core.i18n import N_
from ...core.model import Choice, Conduct, Coup, Rule
from .coup import DECLINE, EVEN_MONEY_DECISION, INSURANCE_DECISION, INSURE, TAKE_EVEN_MONEY, BlackJackCoup
from .hands import value_class
from .strategy import chart_action, strategy_table

CHART_RULE = N_("the basic strategy chart the engine derives for these rules")


@dataclass(frozen=True)
class BasicStrategy(Conduct):
    """The engine's boxes: the chart's action for every hand; insurance and even money by option.

    Attributes:
        insurance: take insurance whenever it is offered.
        even_money: take even money for a black jack against an ace.
    """

    insurance: bool = False
    even_money: bool = False

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
        return [Choice(action if action in legal else legal[0], rule=rule)]
