"""Naipes: the rules engine of the card games in Spanish-language casino regulations.

Pure standard library, so it runs unchanged in CPython and in the browser
through Pyodide. The layout shows the model:

- `naipes.core`: cards, shoe, seeded generator, sources, errors, i18n,
  formatting, the coup protocol (`naipes.core.model`), the one driver
  (`naipes.core.drive`) and the game-theory solvers;
- `naipes.games`: one package per game (rules and presets, coup, analysis,
  narration, widgets), and `naipes.games.registry`, the one list of games;
- `naipes.web`: the widget registry and the HTML helpers game widgets use;
- `naipes.cli` and `naipes.widgets`: the two ways out (command line, site).

Examples:
    >>> rules = game("punto-banca").presets.get("hoja-baccarat")
    >>> float(analyze(game("punto-banca"), rules).line("banker").house_edge).__round__(6)
    0.010579
"""

__version__ = "0.2.0"

from .core.cards import Card, format_cards, parse_cards
from .core.drive import analyze, play, replay, walk_exact
from .core.errors import CardError, IllegalActionError, NaipesError, RulesError, ShoeError, SpecError
from .games.registry import all_games, game, ids

__all__ = [
    "Card", "CardError", "IllegalActionError", "NaipesError", "RulesError", "ShoeError", "SpecError",
    "all_games", "analyze", "format_cards", "game", "ids", "parse_cards", "play", "replay", "walk_exact",
]
