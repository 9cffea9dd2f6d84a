"""Chemin de fer's trainer: the punto's draw at five and the bank's open cells, costs from the coup's values.

The values are the coup widget's (`decision_values`: Model B1, shipped precomputed and checked against the
solver by the game's own tests); here the trainer must judge with them, for the point the coup reached.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes import widgets
from naipes.games.baccarat.chemin_de_fer.decisions import decision_values
from naipes.games.baccarat.chemin_de_fer.trainer import TRAINER
from naipes.web.registry import LINK_ACTION, UNEXPECTED, link

from trainer_helpers import choices, decide, keys, settle, state, tally, typed
from widget_helpers import alerts, render, root_of, state_of


@pytest.mark.parametrize("drill, side", [("punto", "player"), ("banker", "banker")])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_cost_is_the_difference_of_the_coup_values_at_the_point_reached(drill, side, seed):
    html = render("trainer", "chemin-de-fer", seed=seed, drill=drill)
    spot = TRAINER.spot(typed(html, TRAINER), 1, [])
    assert spot.side == side and (side != "player" or spot.point.total == 5)
    values = decision_values(spot.preset, side, "sources", spot.point.total, spot.point.third)
    best = max(values.draw, values.stand)
    for chosen, value in (("draw", values.draw), ("stand", values.stand)):
        judged = decide(html, chosen)
        verdict = state(judged)["verdicts"][0]
        assert (Fraction(verdict[3]), Fraction(verdict[4])) == (best, best - value)
        assert tally(judged)["mistakes"] == ("1" if value < best else "0")


def test_every_hand_alternates_the_punto_and_the_bank_and_the_tally_travels_by_link():
    html = render("trainer", "chemin-de-fer", seed=4)
    sides = []
    for hand in range(1, 5):
        sides.append(TRAINER.spot(typed(html, TRAINER), hand, []).side)
        html = decide(html, "draw")
        html = settle(widgets.handle(state_of(html), "next", ""))
    assert sides == ["player", "banker", "player", "banker"]
    opened = widgets.handle(state_of(render("trainer", "chemin-de-fer", "es")), LINK_ACTION, link(state(html)))
    assert not alerts(opened) and tally(opened)["cost-exact"] == tally(html)["cost-exact"]
    assert keys(opened) == {"choose:draw": "c", "choose:stand": "n"}


@pytest.mark.parametrize("key, value", [("answers", ["draw", "draw"]), ("answers", ["split"]), ("drill", "x"),
                                        ("verdicts", [["dealer;x;", "draw", "stand", "0", "0"]])])
def test_hostile_states_never_raise(key, value):
    base = state(render("trainer", "chemin-de-fer", seed=3))
    base[key] = value
    UNEXPECTED.clear()
    for action in ("fill", "choose", "next"):
        html = widgets.handle(json.dumps(base), action, "draw")
        assert root_of(html).get("class").startswith("naipes-widget")
    assert UNEXPECTED == []
