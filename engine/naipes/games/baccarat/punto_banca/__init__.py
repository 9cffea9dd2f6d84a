"""Punto y Banca (punt i banca, baccarat) and its Mini and Midi tables: one coup, three games.

The three games share the rules object, the coup and the analysis; they differ
in their presets (the small tables are dealt by the croupier and have 7 or 9
seats).

Examples:
    >>> from naipes.core.drive import analyze
    >>> rules = PUNTO_BANCA.presets.get("hoja-baccarat")
    >>> analyze(PUNTO_BANCA, rules, method="fast") == analyze(PUNTO_BANCA, rules.with_options(decks=1), method="fast")
    False
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Analysis, Game
from .. import narration  # noqa: F401  (registers the narration of the family's events)
from ..kernel import POINTS
from .analysis import fast_report, walk_report
from .coup import PuntoBancaCoup, no_decisions
from .rules import MIDI_PRESETS, MINI_PRESETS, PRESETS, PuntoBancaRules

_ANALYSIS = Analysis(fast=fast_report, from_walk=walk_report)
_WIDGETS = "naipes.games.baccarat.punto_banca.widgets"

PUNTO_BANCA: Game[PuntoBancaRules] = Game(
    id="punto-banca", name=N_("Punto y Banca"), presets=PRESETS, new_coup=PuntoBancaCoup, conduct=no_decisions,
    classes=POINTS, analysis=_ANALYSIS, widgets=_WIDGETS, family="baccarat")
MINI_PUNTO_BANCA: Game[PuntoBancaRules] = Game(
    id="mini-punto-banca", name=N_("Mini Punto y Banca"), presets=MINI_PRESETS, new_coup=PuntoBancaCoup,
    conduct=no_decisions, classes=POINTS, analysis=_ANALYSIS, widgets=_WIDGETS,
    family="baccarat")
MIDI_PUNTO_BANCA: Game[PuntoBancaRules] = Game(
    id="midi-punto-banca", name=N_("Midi Punto y Banca"), presets=MIDI_PRESETS, new_coup=PuntoBancaCoup,
    conduct=no_decisions, classes=POINTS, analysis=_ANALYSIS, widgets=_WIDGETS,
    family="baccarat")

__all__ = ["MIDI_PUNTO_BANCA", "MINI_PUNTO_BANCA", "PUNTO_BANCA", "PuntoBancaCoup", "PuntoBancaRules"]
