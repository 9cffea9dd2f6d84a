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


# --- the rules of the reader's table ------------------------------------------------------------------------------

from naipes.games.baccarat.chemin_de_fer import CHEMIN_DE_FER  # noqa: E402
from naipes.games.baccarat.chemin_de_fer.trainer import OFFERED, _values  # noqa: E402
from naipes.web.trainer import state_class  # noqa: E402

from chemin_de_fer_independent import bank_values  # noqa: E402
from widget_helpers import act  # noqa: E402


def _controls(html: str) -> dict[str, list[str]]:
    """The rules box's selects by action: their values."""
    found: dict[str, list[str]] = {}
    for control in root_of(html).xpath('.//fieldset[@class="naipes-rule-options"]//*[@data-naipes-action]'):
        found[control.get("data-naipes-action")] = [o.get("value") for o in control.xpath("./option")]
    return found


def test_the_options_the_values_depend_on_are_offered_and_no_other():
    """The bank's and the punto's exact values depend on the shoe and the cagnotte alone (the independent
    computation, `bank_values`, takes nothing else): exactly those two are offered, with their declared values;
    a select of the stop card or the burn would change nothing the trainer shows."""
    html = render("trainer", "chemin-de-fer", seed=1)
    controls = _controls(html)
    assert list(controls) == ["decks", "commission"]
    assert controls["decks"] == list(CHEMIN_DE_FER.options[0].values) and controls["commission"] == ["0.05", "0"]
    assert {"stop-card", "burn"} <= {option.flag[2:] for option in CHEMIN_DE_FER.options}


@pytest.mark.parametrize("changes", [{"decks": "1"}, {"decks": "8", "commission": "0"}, {"commission": "0"},
                                     {"decks": "2"}])
def test_the_bank_s_cost_is_exact_for_the_rules_chosen(changes):
    """Against the independent computation of `chemin_de_fer_independent`, for the shoe and cagnotte chosen."""
    html = render("trainer", "chemin-de-fer", seed=5, drill="banker")
    for action, value in changes.items():
        html = act(html, action, value)
        assert not alerts(html)
    assert state(html)["rules"] == {name: value for name, value in changes.items()}
    rules = OFFERED.rules(typed(html, TRAINER))
    assert (rules.decks, rules.cagnotte) == (int(changes.get("decks", 6)), Fraction(changes.get("commission", "0.05")))
    for _hand in range(3):
        spot = TRAINER.spot(typed(html, TRAINER), state(html)["hand"], [])
        draw, stand = bank_values(rules.decks, rules.cagnotte, spot.point.total, spot.point.third)
        best = max(draw, stand)
        for chosen, value in (("draw", draw), ("stand", stand)):
            verdict = state(decide(html, chosen))["verdicts"][0]
            assert verdict[0] == spot.situation()
            assert (Fraction(verdict[3]), Fraction(verdict[4])) == (best, best - value)
        html = settle(widgets.handle(state_of(decide(html, "stand")), "next", ""))


def test_a_change_of_rules_changes_the_cost_and_the_shipped_values_are_the_live_ones_for_a_preset():
    key = ("cat-2016", (("decks", "6"),))  # the preset's own shoe, through the live computation
    for total, third in ((5, None), (6, None), (3, 9), (4, 1)):
        side = "player" if third is None and total == 5 else "banker"
        shipped = decision_values("cat-2016", side, "sources", total, third)
        assert _values(key, side, total, third) == (shipped.draw, shipped.stand)
    one_deck = bank_values(1, Fraction(1, 20), 3, 9)
    six = bank_values(6, Fraction(1, 20), 3, 9)
    assert one_deck != six and _values(("cat-2016", (("decks", "1"),)), "banker", 3, 9) == one_deck


def test_a_block_sets_the_rules_a_link_carries_them_and_an_old_link_still_loads():
    html = render("trainer", "chemin-de-fer", seed=2, decks="1", commission="0")
    assert state(html)["rules"] == {"decks": "1", "commission": "0"}
    assert root_of(html).xpath('.//select[@data-naipes-action="commission"]/option[@selected]/@value') == ["0"]
    html = decide(html, "stand")
    opened = widgets.handle(state_of(render("trainer", "chemin-de-fer", "ca")), LINK_ACTION, link(state(html)))
    assert not alerts(opened) and state(opened)["rules"] == {"decks": "1", "commission": "0"}
    assert tally(opened)["cost-exact"] == tally(html)["cost-exact"]
    old = state(render("trainer", "chemin-de-fer", seed=2))
    old.pop("rules", None)
    assert "rules" not in state_class(TRAINER).from_json(old).to_json()
    loaded = widgets.handle(json.dumps(old), "choose", "stand")
    assert not alerts(loaded) and OFFERED.rules(typed(loaded, TRAINER)) == CHEMIN_DE_FER.presets.get()


@pytest.mark.parametrize("action, value", [("decks", "9"), ("decks", "x"), ("commission", "0.7"),
                                           ("commission", "cinc"), ("commission", "1e999"), ("commission", "0.1")])
def test_a_bad_rule_is_a_one_line_error_and_the_session_stays(action, value):
    html = render("trainer", "chemin-de-fer", seed=3)
    UNEXPECTED.clear()
    changed = act(html, action, value)
    assert len(alerts(changed)) == 1 and "\n" not in alerts(changed)[0]
    assert state(changed) == state(html) and UNEXPECTED == []


@pytest.mark.parametrize("rules", [{"decks": "9"}, {"commission": "2"}, {"tie_pays": "8"}, {"decks": 6.5}, "6"])
def test_a_tampered_link_s_rules_never_raise(rules):
    base = state(render("trainer", "chemin-de-fer", seed=3))
    base["rules"] = rules
    UNEXPECTED.clear()
    for action in ("fill", "choose", "next", "decks"):
        html = widgets.handle(json.dumps(base), action, "stand" if action == "choose" else "1")
        assert root_of(html).get("class").startswith("naipes-widget")
    assert UNEXPECTED == []
