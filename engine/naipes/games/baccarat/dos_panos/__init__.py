"""Bacarrá a dos paños (bacarà a dos draps, baccara banque): one banker against two paños.

The package holds the rules and presets (`rules`), the coup and its conduct
(`coup`), its own events (`narration`), the exact analysis derived from the
rules (`analysis`, with replacement), the game solved (`solution`), the
widgets and the `solve` command.

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = DOS_PANOS.presets.get().with_options(decks=1)
    >>> analyze(DOS_PANOS, rules, method="walk") == analyze(DOS_PANOS, rules, method="fast")
    True
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Analysis, Game
from .. import choices  # noqa: F401  (registers the narration of the choices' events)
from .. import narration  # noqa: F401  (registers the narration of the family's events)
from ..kernel import POINTS
from .analysis import fast_report, walk_report
from .coup import DosPanosConduct, DosPanosCoup, default_conduct
from .rules import PRESETS, DosPanosRules

DOS_PANOS: Game[DosPanosRules] = Game(
    id="dos-panos", name=N_("Bacarrá a dos paños"), presets=PRESETS, new_coup=DosPanosCoup,
    conduct=default_conduct, classes=POINTS,
    analysis=Analysis(fast=fast_report, from_walk=walk_report, replacement=True),
    min_cards=9,
    commands={"solve": "naipes.games.baccarat.dos_panos.cli:solve"},
    widgets="naipes.games.baccarat.dos_panos.widgets", family="baccarat")

__all__ = ["DOS_PANOS", "DosPanosConduct", "DosPanosCoup", "DosPanosRules"]
