"""The site's entry point to the widgets: loads the game a block or state names, then renders or handles it.

The build hook calls `parse_spec` and `render` for every ``` ``naipes ````
block; the browser's worker calls `handle` after every click. Only the
widget module of the game in question is imported.

Examples:
    >>> html = render(parse_spec("widget: odds\\ngame: punto-banca"), "en")
    >>> html.startswith('<div class="naipes-widget naipes-odds"')
    True
    >>> "role=\\"alert\\"" in handle("not json", "next", "")
    True
"""

from __future__ import annotations

import gc
import importlib
from typing import Mapping

from .core.errors import NaipesError
from .games import registry as games
from .web import registry
from .web.registry import parse_spec

__all__ = ["handle", "parse_spec", "preload", "render"]


def _load(spec: Mapping[str, object]) -> None:
    """Import the widget modules a block or state needs (unknown names are reported by the registry).

    `family: all` names every game: it loads every game's widgets and the games-wide ones
    (`naipes.games.catalogue`).
    """
    family, game = spec.get("family"), spec.get("game")
    if family == "all":
        load_all()
    elif isinstance(family, str) and family:
        for definition in games.family(family):
            games.load_widgets(definition)
    elif isinstance(game, str) and game in games.GAMES:
        games.load_widgets(games.game(game))
    if spec.get("widget") == "options":  # the one games-wide table of rules options
        importlib.import_module(GAMES_WIDE[1])


#: The modules of the widgets about no one game (the catalogue of every game, a game's options table).
GAMES_WIDE = ("naipes.games.catalogue", "naipes.games.options_table")


def load_all() -> None:
    """Import every widget module: every game's and the games-wide ones (a registry complete for tests)."""
    for definition in games.all_games():
        games.load_widgets(definition)
    for module in GAMES_WIDE:
        importlib.import_module(module)


def render(spec: Mapping[str, str], lang: str) -> str:
    """Static HTML of the widget a page's block describes, in `lang` (see `naipes.web.registry.render`)."""
    _load(spec)
    return registry.render(spec, lang)


def handle(state_json: str, action: str, value: str) -> str:
    """The widget's new HTML after an action; never raises (see `naipes.web.registry.handle`)."""
    try:
        _load(registry.read_state(state_json))
    except NaipesError:
        pass  # registry.handle reports the damaged state in the page's language
    try:
        return registry.handle(state_json, action, value)
    finally:
        _settle()


def _settle() -> None:
    """Collect the click's young garbage, then put what the click kept out of the cyclic collector's reach.

    What clicks keep is memoised exact values, long-lived and free of cycles. Left to the collector, a full
    collection scans all of it again each time it has grown by a quarter, inside whichever click comes then
    (36–74 ms of CPU in CPython, measured on Siete y medio's trainer: each of its clicks over 50 ms held one).
    Frozen objects are still freed by reference counting when a cache lets them go.
    """
    gc.collect(1)
    gc.freeze()


def preload(state_json: str) -> None:
    """Import the widget modules a state needs (the browser calls it while Python starts); never raises."""
    try:
        _load(registry.read_state(state_json))
    except Exception:  # noqa: BLE001 - a damaged state is reported when the reader acts on it
        pass
