"""The `options` widget: a game's rules options as a table, derived from their one declaration.

Every row is an option of the game's rules class (`Rules.OPTIONS`): its label, its
command-line flag, the values it takes and each preset's value as a reader would type
it. Nothing in it is written by hand, so the table cannot drift from the command line
or the widgets.

Examples:
    >>> html = render_options(State.from_json({"widget": "options", "game": "punto-banca", "lang": "en"}), None)
    >>> '<code>--tie-pays</code>' in html and 'data-naipes-option="commission"' in html
    True
"""

from __future__ import annotations

from typing import Mapping

from ..core.i18n import N_, translate
from ..core.model import Game
from ..core.options import Option
from ..web.escaping import escape
from ..web.html import root, t
from ..web.registry import register, unknown_action
from ..web.state import State
from . import registry as games


def _game(state: State) -> Game:
    return games.game(state.game)


def _values_text(option: Option, lang: str) -> str:
    """The values the option takes: its offered values, or its help (a free number, a range)."""
    if option.values:
        return ", ".join(option.values)
    return translate(option.help, lang)


def options_table(game: Game, lang: str) -> str:
    """The table of `game`'s rules options: label, flag, values, and each preset's value."""
    presets = list(game.presets.values())
    head = "".join(f'<th scope="col" data-naipes-preset="{escape(r.name)}">{escape(t(game.presets.title(r.name), lang))}'
                   f"</th>" for r in presets)
    rows = []
    for option in game.options:
        cells = "".join(f"<td><code>{escape(option.show(getattr(r, option.field)) if option.field else _only(option))}"
                        f"</code></td>" for r in presets)
        rows.append(f'<tr data-naipes-option="{escape(option.name)}"><th scope="row">{escape(t(option.label, lang))}'
                    f'</th><td><code>{escape(option.flag)}</code></td><td>{escape(_values_text(option, lang))}</td>'
                    f"{cells}</tr>")
    note = t(N_("The options of the engine's rules for this game: the command line takes each flag, a widget "
                "offers those that change what it shows, and each preset's value is shown as you would type it."), lang)
    headers = "".join(f'<th scope="col">{escape(t(h, lang))}</th>'
                      for h in (N_("Option"), N_("Command line"), N_("Values")))
    # The sentence stays outside the box that scrolls sideways (a caption is as wide as its table: on a phone it
    # would be cut); the short caption names the table. The box is focusable and named: it scrolls with many
    # options, and a box with nothing focusable inside cannot be scrolled from the keyboard (WCAG 2.1.1).
    name = escape(t(N_("The options of the engine's rules"), lang))
    return (f'<p class="naipes-options-note">{escape(note)}</p>'
            f'<div class="naipes-scroll" tabindex="0" role="region" aria-label="{name}">'
            f'<table class="naipes-table"><caption>{name}</caption>'
            f"<thead><tr>{headers}{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def _only(option: Option) -> str:
    """The value of an option that only checks (its one value)."""
    return option.values[0] if option.values else ""


def render_options(state: State, error: str | None) -> str:
    """The static widget: the options table of the state's game."""
    lang = state.lang
    game = _game(state)
    if not game.options:
        none = t(N_("This game has no rules option to change."), lang)
        body = f'<p class="naipes-note">{escape(none)}</p>'
    else:
        body = options_table(game, lang)
    return root(state, body, error, static=True)


def _start(spec: Mapping[str, str], base: Mapping[str, object]) -> State:
    return State.from_json(base)


def _act(state: State, action: str, value: str) -> State:
    raise unknown_action(action)


register("options", [game.id for game in games.all_games()], _start, render_options, _act, state=State)
