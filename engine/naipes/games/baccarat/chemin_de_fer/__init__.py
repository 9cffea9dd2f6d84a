"""Chemin de fer (Ferrocarril, Bacarà): one player holds the bank against the punto.

The package holds the rules and presets (`rules`), the coup and the
croupier's conduct (`coup`), the exact analysis derived from the rules
(`analysis`), the game solved (`solution`), the table procedure (`table`),
the widgets and the `solve` command.

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = CHEMIN_DE_FER.presets.get("cat-2016").with_options(decks=1)
    >>> analyze(CHEMIN_DE_FER, rules, method="walk") == analyze(CHEMIN_DE_FER, rules, method="fast")
    True
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Analysis, Game
from .. import choices  # noqa: F401  (registers the narration of the choices' events)
from .. import narration  # noqa: F401  (registers the narration of the family's events)
from ..kernel import POINTS
from .analysis import fast_report, walk_report
from .coup import CheminDeFerConduct, CheminDeFerCoup, default_conduct
from .rules import PRESETS, CheminDeFerRules

CHEMIN_DE_FER: Game[CheminDeFerRules] = Game(
    id="chemin-de-fer", name=N_("Chemin de fer"), presets=PRESETS, new_coup=CheminDeFerCoup,
    conduct=default_conduct, classes=POINTS, analysis=Analysis(fast=fast_report, from_walk=walk_report),
    min_cards=6,
    commands={"solve": "naipes.games.baccarat.chemin_de_fer.cli:solve"},
    widgets="naipes.games.baccarat.chemin_de_fer.widgets", family="baccarat")

__all__ = ["CHEMIN_DE_FER", "CheminDeFerConduct", "CheminDeFerCoup", "CheminDeFerRules"]
