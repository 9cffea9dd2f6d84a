"""The baccarat family's own widget: every preset of every game of the family, side by side (static).

Each game's widget module imports this one, so the comparison is available
as soon as any game of the family is loaded. A page writes it as
`widget: comparison` with `family: baccarat`.

Examples:
    >>> from naipes.widgets import render
    >>> 'data-naipes-game="chemin-de-fer"' in render({"widget": "comparison", "family": "baccarat"}, "en")
    True
"""

from __future__ import annotations

from typing import Mapping

from ...core.i18n import N_
from ...web.escaping import escape
from ...web.html import note, root, t
from ...web.registry import register, unknown_action
from ...web.tables import presets_table
from .. import registry

FAMILY = "baccarat"


def _start(spec: Mapping[str, str], state: dict) -> dict:
    return state


def _render(state: Mapping[str, object], error: str | None) -> str:
    """One table per game (its presets side by side, a property per row), each with its interpretations."""
    lang = str(state["lang"])
    tables = []
    for game in registry.family(FAMILY):
        presets = list(game.presets.values())
        caption = t(N_("{game}: the presets side by side."), lang).format(game=t(game.name, lang))
        tables.append(presets_table(caption, presets, lang, game.presets, f"naipes-comparison-{game.id}",
                                    attributes=f' data-naipes-game="{escape(game.id)}"'))
    intro = t(N_("Every preset of the baccarat family, generated from the engine's rules objects."), lang)
    body = note(intro) + "".join(tables)
    return root(state, body, error, static=True)


def _act(state: dict, action: str, value: str) -> dict:
    raise unknown_action(action)


register("comparison", ("family:" + FAMILY,), _start, _render, _act)
