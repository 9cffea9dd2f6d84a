"""Widgets about every game at once: what the engine decides where the sources are silent (static).

Every preset lists its *interpretations*: English msgids saying what the
engine chose where its source is silent, garbled or ambiguous, and why.
`widget: interpretations` with `family: all` renders them all, one table per
game of the registry (new games appear by themselves), each interpretation
once with the presets that make it. The sources page shows it, so the list
of the engine's readings is generated, never typed.

Examples:
    >>> from naipes.widgets import render
    >>> html = render({"widget": "interpretations", "family": "all"}, "en")
    >>> 'data-naipes-game="chemin-de-fer"' in html and 'data-naipes-static="true"' in html
    True
    >>> from naipes.games.baccarat.punto_banca.rules import TIE_BET_SILENT
    >>> interpretations_by_game()["punto-banca"][TIE_BET_SILENT]
    ('catalogo-es',)
"""

from __future__ import annotations

from typing import Mapping

from ..core.i18n import N_
from ..web.escaping import escape
from ..web.html import note, prose, root, t, table
from ..web.registry import register, unknown_action
from ..web.state import State
from . import registry

#: The family name of the widgets that cover every game of the registry.
ALL = "all"
NONE_NEEDED = N_("No interpretation: every value is set by a source.")


def interpretations_by_game() -> dict[str, dict[str, tuple[str, ...]]]:
    """Game id -> {interpretation msgid -> the names of the presets that make it}, in registry and preset order."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for game in registry.all_games():
        found: dict[str, list[str]] = {}
        for name, rules in game.presets.items():
            for message in rules.interpretations:
                found.setdefault(message, []).append(name)
        out[game.id] = {message: tuple(names) for message, names in found.items()}
    return out


def _start(spec: Mapping[str, str], base: Mapping[str, object]) -> State:
    return State.from_json(base)


def _render(state: State, error: str | None) -> str:
    lang = state.lang
    headers = [t(N_("What the engine decides"), lang), t(N_("Presets"), lang)]
    tables = []
    by_game = interpretations_by_game()
    for game in registry.all_games():
        options = game.presets.default.OPTIONS
        rows = [f'<tr><td>{prose(t(message, lang), lang, options)}</td>'
                f'<td>{escape("; ".join(t(game.presets.title(name), lang) for name in names))}</td></tr>'
                for message, names in by_game[game.id].items()]
        if not rows:
            rows = [f'<tr><td colspan="2">{escape(t(NONE_NEEDED, lang))}</td></tr>']
        caption = t(N_("{game}: what the engine decides where its sources are silent"), lang).format(
            game=t(game.name, lang))
        tables.append(table(caption, headers, rows, attributes=f' data-naipes-game="{escape(game.id)}"'))
    intro = t(N_("Every interpretation of every preset of every game, generated from the engine's rules objects: "
                 "each row says what the engine chose where the source is silent or unclear, and why."), lang)
    return root(state, note(intro) + "".join(tables), error, static=True)


def _act(state: State, action: str, value: str) -> State:
    raise unknown_action(action)


register("interpretations", ("family:" + ALL,), _start, _render, _act, state=State)
