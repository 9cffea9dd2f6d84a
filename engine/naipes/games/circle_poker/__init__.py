"""Circle poker (source 002 §12, source 001): the players against each other, the house taking its share.

Five games share this package: `circle-poker`, the rules common to every
variety (the hand rankings of the 52-, 36- and 32-card decks, the tie-breaks,
the table, the house's take), and the four variants of source 001, `holdem`,
`omaha`, `seven-card-stud` and `five-card-stud`.

One job per module:

- `variants`: how each variant deals and how a hand is formed;
- `rules`: the rules object, the presets of each game, with their citations and interpretations;
- `showdown`: the best hand of each player, the winners, and the rule of 002 §12.VI that decided;
- `events`, `narration`: the typed events of a hand and their sentences in es, ca and en;
- `coup`: a hand at the table (`TableHand`, with `TableConduct`) and one ranked hand (`RankedHand`, the
  coup of the common rules and of the exact walk);
- `analysis`: how many hands of each category a deck deals, in the regulation's order, fast and walked;
- `equity`: the odds of the hands in play, exact or by a seeded simulation refined batch by batch;
- `pots`: the main pot, the side pots of players all-in, the house's share;
- `cli`: `analyze --deck`, `rank`, `showdown`, `equity`, `deal`, `shoe`; `widgets`: the rankings table, the
  showdown, the odds and the pots.

Examples:
    >>> CIRCLE_POKER.presets.default.name, HOLDEM.presets.default.variant, OMAHA.analysis is None
    ('cat-2016', 'holdem', True)
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.model import Analysis, Game
from ..poker.kernel import CARDS
from . import narration  # noqa: F401  (registers the narration of the events)
from .analysis import fast_report, walk_report
from .coup import NO_DECISIONS, RankedHand, TableHand, ranked_hand, table_conduct
from .rules import (COMMON_PRESETS, FIVE_CARD_STUD_PRESETS, HOLDEM_PRESETS, OMAHA_PRESETS, SEVEN_CARD_STUD_PRESETS,
                    CirclePokerRules)

_CLI = "naipes.games.circle_poker.cli:"
_COMMON_VERBS = {"analyze": _CLI + "analyze", "deal": _CLI + "deal",
                 "shoe": _CLI + "common_shoe"}
_VARIANT_VERBS = {"analyze": _CLI + "analyze", "showdown": _CLI + "showdown_command",
                  "equity": _CLI + "equity_command", "deal": _CLI + "deal", "shoe": _CLI + "shoe"}
_WIDGETS = "naipes.games.circle_poker.widgets"
FAMILY = "circle-poker"


def _no_decisions(rules: CirclePokerRules):
    return NO_DECISIONS


def _five_cards(rules: CirclePokerRules) -> RankedHand:
    return RankedHand(rules, 5)


#: The exact category counts of a five-card hand, checked by the generic walk (the coup forgets useless suits).
FIVE_CARD_ANALYSIS = Analysis(fast=fast_report, from_walk=walk_report, conduct=_no_decisions, replacement=True,
                              coup=_five_cards)

CIRCLE_POKER: Game[CirclePokerRules] = Game(
    id="circle-poker", name=N_("Circle poker"), presets=COMMON_PRESETS, new_coup=ranked_hand,
    conduct=_no_decisions, classes=CARDS, analysis=FIVE_CARD_ANALYSIS, min_cards=5,
    commands=_COMMON_VERBS, widgets=_WIDGETS, family=FAMILY)
# Hold'em and seven-card stud rank the best five of seven cards: their exact counts come from the shared
# combinatorics, and the generic walk over seven cards (half a minute on a full deck) runs on demand
# (`naipes analyze holdem --method walk`) and in the tests on a short deck, not in the registry's checks.
HOLDEM: Game[CirclePokerRules] = Game(
    id="holdem", name=N_("Texas Hold'em"), presets=HOLDEM_PRESETS, new_coup=TableHand, conduct=table_conduct,
    classes=CARDS, min_cards=13, commands=_VARIANT_VERBS, widgets=_WIDGETS, family=FAMILY)
OMAHA: Game[CirclePokerRules] = Game(
    id="omaha", name=N_("Omaha"), presets=OMAHA_PRESETS, new_coup=TableHand, conduct=table_conduct,
    classes=CARDS, min_cards=21, commands=_VARIANT_VERBS, widgets=_WIDGETS, family=FAMILY)
SEVEN_CARD_STUD: Game[CirclePokerRules] = Game(
    id="seven-card-stud", name=N_("Seven-card stud"), presets=SEVEN_CARD_STUD_PRESETS, new_coup=TableHand,
    conduct=table_conduct, classes=CARDS, min_cards=28, commands=_VARIANT_VERBS,
    widgets=_WIDGETS, family=FAMILY)
FIVE_CARD_STUD: Game[CirclePokerRules] = Game(
    id="five-card-stud", name=N_("Five-card stud"), presets=FIVE_CARD_STUD_PRESETS, new_coup=TableHand,
    conduct=table_conduct, classes=CARDS, analysis=FIVE_CARD_ANALYSIS, min_cards=20,
    commands=_VARIANT_VERBS, widgets=_WIDGETS, family=FAMILY)

__all__ = ["CIRCLE_POKER", "FIVE_CARD_STUD", "HOLDEM", "OMAHA", "SEVEN_CARD_STUD", "CirclePokerRules", "TableHand"]
