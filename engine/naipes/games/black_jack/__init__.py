"""Black Jack (Vint-i-u) and Challenge 21: the rules of source 001 (and 002's deck and table) on the one game model.

The package, one job per module:

- `hands`: card values, the ten card classes, soft totals;
- `rules`: the rules object, the presets of both games, the rules the events cite;
- `events`: the typed events of a coup; `coup`: a coup on the protocol (boxes, hands, rounds);
- `dealer`: the dealer's drawing rule, its exact table from any shoe, its hand alone as a coup (the walk's);
- `expectation`: the exact value of every decision (`Evaluator`), splits by the stated method;
- `strategy`: the basic strategy chart the engine derives and its house edge (shipped data for the site's options);
- `side_bets`: Perfect Pairs and insurance; `conduct`: how the engine's boxes play (`BasicStrategy`);
- `analysis`: the exact report, fast and from the generic walk; `narration`: every event in es, ca, en;
- `cli`: the verbs `deal`, `shoe`, `analyze`, `advise`; `widgets`: the chart, the dealer's table, the tables to play.

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = BLACK_JACK.presets.get().with_options(decks=1)
    >>> analyze(BLACK_JACK, rules, method="walk") == analyze(BLACK_JACK, rules, method="fast")
    True
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.model import Analysis, Game
from . import narration  # noqa: F401  (registers the narration of the game's events)
from .analysis import fast_report, walk_conduct, walk_coup, walk_report
from .conduct import BasicStrategy
from .coup import BlackJackCoup
from .hands import VALUE_CLASSES
from .rules import CHALLENGE_21_PRESETS, PRESETS, BlackJackRules

#: A coup of one box with a split to four hands can take about 20 cards; the shoe deals no coup with fewer.
MIN_CARDS = 20


def engine_conduct(rules: BlackJackRules) -> BasicStrategy:
    """The games' default conduct: the engine's basic strategy, no insurance, no even money.

    Examples:
        >>> engine_conduct(PRESETS.default).insurance
        False
    """
    return BasicStrategy()


_ANALYSIS = Analysis(fast=fast_report, from_walk=walk_report, conduct=walk_conduct, coup=walk_coup)
_COMMANDS = {verb: f"naipes.games.black_jack.cli:{verb}" for verb in ("deal", "shoe", "analyze", "advise")}

BLACK_JACK: Game[BlackJackRules] = Game(
    id="black-jack", name=N_("Black Jack (Vint-i-u)"), presets=PRESETS, new_coup=BlackJackCoup,
    conduct=engine_conduct, classes=VALUE_CLASSES, analysis=_ANALYSIS, min_cards=MIN_CARDS,
    commands=_COMMANDS, widgets="naipes.games.black_jack.widgets")

CHALLENGE_21: Game[BlackJackRules] = Game(
    id="challenge-21", name=N_("Challenge 21"), presets=CHALLENGE_21_PRESETS, new_coup=BlackJackCoup,
    conduct=engine_conduct, classes=VALUE_CLASSES, analysis=_ANALYSIS, min_cards=MIN_CARDS,
    commands=_COMMANDS, widgets="naipes.games.black_jack.widgets")

__all__ = ["BLACK_JACK", "CHALLENGE_21", "BlackJackCoup", "BlackJackRules"]
