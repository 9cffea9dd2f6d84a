"""The one list of games: every game's id and where its definition lives.

The command line, the widgets, the site and the tests find games here and
nowhere else. Definitions are imported when first asked for, so a page that
uses one game's widgets does not load the others.

Examples:
    >>> ids()[:3]
    ('punto-banca', 'mini-punto-banca', 'midi-punto-banca')
    >>> game("punto-banca").presets.default.name
    'catalogo-es'
    >>> game("poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    naipes.core.errors.SpecError: Unknown game 'poker': use one of punto-banca, mini-punto-banca, ...
"""

from __future__ import annotations

import importlib

from ..core.errors import SpecError
from ..core.model import Game

#: Every game: id -> "module:attribute" of its `Game` definition, in the order pages and lists show them.
GAMES = {
    "punto-banca": "naipes.games.baccarat.punto_banca:PUNTO_BANCA",
    "mini-punto-banca": "naipes.games.baccarat.punto_banca:MINI_PUNTO_BANCA",
    "midi-punto-banca": "naipes.games.baccarat.punto_banca:MIDI_PUNTO_BANCA",
    "mini-bacara": "naipes.games.baccarat.mini_bacara:MINI_BACARA",
    "chemin-de-fer": "naipes.games.baccarat.chemin_de_fer:CHEMIN_DE_FER",
    "dos-panos": "naipes.games.baccarat.dos_panos:DOS_PANOS",
    "siete-y-medio": "naipes.games.siete_y_medio:SIETE_Y_MEDIO",
    "black-jack": "naipes.games.black_jack:BLACK_JACK",
    "challenge-21": "naipes.games.black_jack:CHALLENGE_21",
    "sense-descart": "naipes.games.poker.sense_descart:SENSE_DESCART",
    "trijoker": "naipes.games.poker.trijoker:TRIJOKER",
    "draw-poker": "naipes.games.poker.draw_poker:DRAW_POKER",
    "three-card-poker": "naipes.games.poker.three_card:THREE_CARD_POKER",
    "circle-poker": "naipes.games.circle_poker:CIRCLE_POKER",
    "holdem": "naipes.games.circle_poker:HOLDEM",
    "omaha": "naipes.games.circle_poker:OMAHA",
    "seven-card-stud": "naipes.games.circle_poker:SEVEN_CARD_STUD",
    "five-card-stud": "naipes.games.circle_poker:FIVE_CARD_STUD",
    "treinta-y-cuarenta": "naipes.games.treinta_y_cuarenta:TREINTA_Y_CUARENTA",
}


def ids() -> tuple[str, ...]:
    """Every game's id."""
    return tuple(GAMES)


def game(game_id: str) -> Game:
    """The definition of `game_id`.

    Raises:
        SpecError: an unknown game (the message lists the games).
    """
    try:
        module, _, attribute = GAMES[game_id].partition(":")
    except (KeyError, TypeError):
        raise SpecError("Unknown game {game!r}: use one of {games}.", game=str(game_id),
                        games=", ".join(GAMES)) from None
    return getattr(importlib.import_module(module), attribute)


def all_games() -> list[Game]:
    """Every game's definition, in order."""
    return [game(game_id) for game_id in GAMES]


def family(name: str) -> list[Game]:
    """The games of one family (compared on one page), in order."""
    return [g for g in all_games() if g.family == name]


def load_command(game_def: Game, verb: str):
    """The function of a game's own command-line verb, or `None` when the game uses the generic one."""
    target = game_def.commands.get(verb)
    if target is None:
        return None
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def load_widgets(game_def: Game) -> None:
    """Import the module that registers a game's widgets (once), and its folder's `charts` and `trainer` modules.

    A game's charts and trainer use what its widgets compute, so they import `widgets`, never the other way round.
    """
    if game_def.widgets:
        importlib.import_module(game_def.widgets)
        for part in ("charts", "trainer"):
            name = game_def.widgets.rpartition(".")[0] + "." + part
            try:  # one look-up, not find_spec and then import: the browser's zip importer compiles once per look-up
                importlib.import_module(name)
            except ModuleNotFoundError as error:
                if error.name != name:
                    raise
