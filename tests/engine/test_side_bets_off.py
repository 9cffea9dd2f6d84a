"""Issue 25, point 5: no side bet is staked unless the reader asks for it — over every widget's default and
every game's fresh coup (Perfect Pairs, the special prize and the progressive stake 0 on a first hand)."""

from __future__ import annotations

import json

import pytest

from naipes import widgets
from naipes.core.drive import new_shoe, play
from naipes.games import registry
from naipes.web.registry import _REGISTRY

for _game in registry.all_games():
    registry.load_widgets(_game)
DEFAULTS = sorted(_REGISTRY)


def _state(html: str) -> dict:
    return json.loads(html.split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"').replace("&amp;", "&"))


@pytest.mark.parametrize(("kind", "target"), DEFAULTS, ids=[f"{k}:{t}" for k, t in DEFAULTS])
def test_no_widget_stakes_a_side_bet_by_default(kind, target):
    spec = {"widget": kind, **({"family": target[7:]} if target.startswith("family:") else {"game": target})}
    html = widgets.render(spec, "en")
    state = _state(html)
    assert state.get("pp", 0) == 0, "Perfect Pairs staked by default"
    # A side-bet control offered by the widget shows 0 (or unchecked) until the reader changes it.
    for name in ("pp", "special-prize", "progressive"):
        assert f'data-naipes-action="{name}" checked' not in html
        selected = html.split(f'data-naipes-action="{name}">', 1)
        if len(selected) == 2 and "<select" in selected[0][-200:]:
            assert '<option value="0" selected>' in selected[1].split("</select>")[0]


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.id)
def test_a_fresh_coup_places_no_side_bet(game):
    for rules in game.presets.values():
        coup = game.new_coup(rules)
        placed = getattr(coup, "side_bets_placed", lambda: ())()
        assert placed == (), f"{game.id} {rules.name}: {placed} staked without the reader asking"
        if placed == () and hasattr(coup, "side_bets_placed"):
            played = play(coup, new_shoe(rules, game.deck, seed=1), game.conduct(rules)).coup
            assert played.side_bets_placed() == ()
            assert not set(played.stakes()) & {"special-prize", "progressive"}


def test_the_reader_can_still_opt_in():
    from naipes.games.poker.sense_descart import SENSE_DESCART

    rules = SENSE_DESCART.presets.get("cat-2016")
    assert SENSE_DESCART.new_coup(rules).side_bets_placed() == ()
    opted = type(SENSE_DESCART.new_coup(rules))(rules, side_bets=True)
    assert set(opted.side_bets_placed()) == {"special-prize", "progressive"}
