"""Mini-Bacará of Uruguay (source 003): up to five Punto boxes against one Banca hand dealt by the house.

The game's definition: its rules and preset, its coup (every box of the
preset's table in play; a widget may put fewer), the engine's conduct for the
choice on five and the insurance, and the exact analysis of one box (under
rule e) each box meets the Banca as alone: the walk checks it on a one-box coup).

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = MINI_BACARA.presets.get("uruguay").with_options(decks=1)
    >>> analyze(MINI_BACARA, rules, method="fast") == analyze(MINI_BACARA, rules, method="walk")
    True
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Analysis, Game
from .. import narration as _family_narration  # noqa: F401  (registers the narration of the family's events)
from . import narration as _narration  # noqa: F401  (registers the narration of the game's events)
from ..kernel import POINTS
from .analysis import fast_report, walk_report
from .coup import MiniBacaraConduct, MiniBacaraCoup, default_conduct
from .rules import PRESETS, MiniBacaraRules



def full_table(rules: MiniBacaraRules) -> MiniBacaraCoup:
    """A coup with every box of the preset's table in play."""
    return MiniBacaraCoup(rules, boxes=rules.boxes)


MINI_BACARA: Game[MiniBacaraRules] = Game(
    id="mini-bacara", name=N_("Mini-Bacará"), presets=PRESETS, new_coup=full_table, conduct=default_conduct,
    classes=POINTS, analysis=Analysis(fast=fast_report, from_walk=walk_report, coup=MiniBacaraCoup),
    min_cards=3 * 5 + 3,
    widgets="naipes.games.baccarat.mini_bacara.widgets", family="baccarat")

__all__ = ["MINI_BACARA", "MiniBacaraConduct", "MiniBacaraCoup", "MiniBacaraRules"]
