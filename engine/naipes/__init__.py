"""Naipes: the rules engine of the card games in Spanish-language casino regulations.

Pure standard library, so it runs unchanged in CPython and in the browser
through Pyodide. Start with :mod:`naipes.punto_banca` (rules, presets, coup),
:mod:`naipes.analysis` (exact odds) and :mod:`naipes.narration`.

>>> from naipes import analyze, deck_counts
>>> analyze(deck_counts(8)).total
4998398275503360
"""

__version__ = "0.1.0"

from .analysis import PuntoBancaAnalysis, analyze, counts_without, deck_counts
from .cards import Card, format_cards, parse_cards
from .errors import CardError, NaipesError, RulesError, ShoeError
from .punto_banca import PRESETS, PuntoBancaCoup, PuntoBancaRules, preset
from .shoe import Burn, Shoe, StopCard

__all__ = [
    "Burn", "Card", "CardError", "NaipesError", "PRESETS", "PuntoBancaAnalysis", "PuntoBancaCoup",
    "PuntoBancaRules", "RulesError", "Shoe", "ShoeError", "StopCard", "analyze", "counts_without",
    "deck_counts", "format_cards", "parse_cards", "preset",
]
