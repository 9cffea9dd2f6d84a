"""Siete y medio (set i mig, seven and a half): the Ludoteka rules of source 001 on the one game model.

The package, one job per module:

- `values`: half points, the eight card classes, compositions of the baraja;
- `rules`: the rules object, the `ludoteka` preset, the rules the events cite;
- `events`: the typed events of a hand and of a game;
- `hand`: one hand on the protocol (the coup); `game`: a game of several hands;
- `bank`: the engine's bank's exact decision (`BankSolver`); `adviser`: the player's adviser;
- `conduct`: how the engine's players and bank decide (`PlayerStyle`, `BankConduct`, `EngineTable`);
- `analysis`: the exact tables, fast and from the generic walk; `narration`: every event in es, ca, en;
- `cli`: the verbs `deal`, `shoe`, `analyze`, `advise`; `widgets`: the `table` and `bust-table` widgets.

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = SIETE_Y_MEDIO.presets.get("ludoteka")
    >>> analyze(SIETE_Y_MEDIO, rules, method="walk") == analyze(SIETE_Y_MEDIO, rules, method="fast")
    True
"""

from __future__ import annotations

from ...core.i18n import N_
from ...core.model import Analysis, Game
from . import narration  # noqa: F401  (registers the narration of the game's events)
from .analysis import analysis_conduct, fast_report, walk_report
from .conduct import EngineTable
from .hand import SieteYMedioHand
from .rules import PRESETS, SieteYMedioRules
from .values import HALF_POINTS


def engine_conduct(rules: SieteYMedioRules) -> EngineTable:
    """The game's default conduct: the engine's players and its exact bank.

    Examples:
        >>> engine_conduct(PRESETS.default).players.bet
        1
    """
    return EngineTable()


SIETE_Y_MEDIO: Game[SieteYMedioRules] = Game(
    id="siete-y-medio", name=N_("Siete y medio"), presets=PRESETS, new_coup=SieteYMedioHand,
    conduct=engine_conduct, classes=HALF_POINTS,
    analysis=Analysis(fast=fast_report, from_walk=walk_report, conduct=analysis_conduct),
    min_cards=3,
    commands={verb: f"naipes.games.siete_y_medio.cli:{verb}" for verb in ("deal", "shoe", "analyze", "advise")},
    widgets="naipes.games.siete_y_medio.widgets")

__all__ = ["SIETE_Y_MEDIO", "SieteYMedioHand", "SieteYMedioRules"]
