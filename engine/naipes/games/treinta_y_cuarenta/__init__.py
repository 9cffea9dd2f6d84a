"""Treinta y Cuarenta (trente et quarante, rouge et noir): source 001's rules on the one game model.

The package, one job per module:

- `values`: card values (ace 1, figures 10), colours, the twenty card classes (value and colour);
- `rules`: the rules object, the presets, the rules the events cite, the interpretations;
- `events`: the typed events of a shoe, a coup and its bets; `coup`: a coup (both rows) and a row alone
  on the protocol, and the settlement of the bets with the prison;
- `table`: the shoe (shuffle, cut, separator, burn) and a table dealing coup after coup;
- `joint`: the exact distributions of one row and of both rows dealt from one shoe, by value;
- `analysis`: the chances, each bet's value under each 31–31 rule, the report (fast and from the walk);
- `narration`: every event in es, ca, en; `site_odds`: the exact odds the site's widgets read, shipped precomputed;
- `cli`: the verbs `deal`, `shoe`, `analyze`, `odds`, `play`; `widgets`: the odds table and the playing table.

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = TREINTA_Y_CUARENTA.presets.get().with_options(decks=1)
    >>> analyze(TREINTA_Y_CUARENTA, rules, method="walk") == analyze(TREINTA_Y_CUARENTA, rules, method="fast")
    True
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.model import Analysis, Game
from . import narration  # noqa: F401  (registers the narration of the game's events)
from .analysis import walk_report
from .coup import RowCoup, TreintaCoup, no_decisions
from .rules import PRESETS, TreintaRules
from .site_odds import fast_report
from .values import VALUE_COLOUR

TREINTA_Y_CUARENTA: Game[TreintaRules] = Game(
    id="treinta-y-cuarenta", name=N_("Treinta y Cuarenta"), presets=PRESETS, new_coup=TreintaCoup,
    conduct=no_decisions, classes=VALUE_COLOUR,
    analysis=Analysis(fast=fast_report, from_walk=walk_report, coup=RowCoup),
    min_cards=20,
    commands={verb: f"naipes.games.treinta_y_cuarenta.cli:{verb}" for verb in ("deal", "shoe", "analyze", "odds",
                                                                               "play")},
    widgets="naipes.games.treinta_y_cuarenta.widgets")

__all__ = ["TREINTA_Y_CUARENTA", "RowCoup", "TreintaCoup", "TreintaRules"]
