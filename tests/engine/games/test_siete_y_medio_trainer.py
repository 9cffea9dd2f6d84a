"""Siete y medio's trainer: exact costs, drills of totals, keys, links, hostile states.

The costs are checked against the game's public adviser (`advise`, what the table widget shows), called afresh
here for the cards on the table, without the trainer's progressive computation; the chance of going over that
the reasons give is counted here from the deck.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes import widgets
from naipes.core.cards import SPANISH, full_deck, parse_cards
from naipes.games.siete_y_medio.adviser import advise
from naipes.games.siete_y_medio.trainer import TRAINER
from naipes.games.siete_y_medio.values import half_points, hand_half_points
from naipes.web.registry import LINK_ACTION, UNEXPECTED, link

from trainer_helpers import choices, decide, keys, settle, state, tally, verdicts
from widget_helpers import alerts, render, root_of, state_of

GAME = "siete-y-medio"


def _table(html: str):
    """The bank's card and the reader's cards (the face-down one first) as shown."""
    bank = root_of(html).xpath('.//div[@class="naipes-hands"]/div[1]//*[@data-naipes-card]')[0].get("data-naipes-card")
    mine = [c.get("data-naipes-card") for c in root_of(html).xpath('.//div[@data-naipes-hand="0"]//*[@data-naipes-card]')]
    return parse_cards(bank, deck=SPANISH)[0], parse_cards(" ".join(mine), deck=SPANISH)


@pytest.mark.parametrize("seed, drill", [(1, "high"), (2, "middle"), (6, "high")])
def test_the_cost_of_a_decision_is_the_difference_of_the_adviser_values(seed, drill):
    html = settle(render("trainer", GAME, seed=seed, drill=drill))
    bank, mine = _table(html)
    advice = advise(mine, bank=[bank], hidden=mine[0])
    values = {"stand": advice.stand, "ask-face-up": advice.ask_face_up, "ask-face-down": advice.ask_face_down}
    assert set(choices(html)) == {a for a, v in values.items() if v is not None}
    best = max(v for v in values.values() if v is not None)
    for chosen in choices(html):
        verdict = state(decide(html, chosen))["verdicts"][0]
        assert Fraction(verdict[3]) == best
        assert Fraction(verdict[4]) == best - values[chosen]


def test_a_wrong_choice_is_counted_with_its_cost():
    html = settle(render("trainer", GAME, seed=1, drill="high"))
    bank, mine = _table(html)
    advice = advise(mine, bank=[bank], hidden=mine[0])
    worst = min(("stand", advice.stand), ("ask-face-up", advice.ask_face_up), key=lambda pair: pair[1])
    judged = decide(html, worst[0])
    assert tally(judged)["mistakes"] == "1"
    assert Fraction(tally(judged)["cost-exact"]) == max(advice.stand, advice.ask_face_up, advice.ask_face_down) - worst[1]
    assert verdicts(judged)[0][0] == "mistake"


@pytest.mark.parametrize("drill, low, high", [("low", 1, 7), ("middle", 8, 11), ("high", 12, 14)])
def test_a_drill_deals_its_totals(drill, low, high):
    html = settle(render("trainer", GAME, seed=4, drill=drill))
    for _ in range(5):
        _bank, mine = _table(html)
        assert low <= hand_half_points(mine) <= high
        html = settle(widgets.handle(state_of(html), "choose", "stand"))
        html = settle(widgets.handle(state_of(html), "next", ""))


def test_the_reason_gives_the_chance_of_going_over_counted_from_the_deck():
    html = settle(render("trainer", GAME, seed=1, drill="high"))
    bank, mine = _table(html)
    left = [c for c in full_deck(SPANISH) if c not in (bank, *mine)]
    over = Fraction(sum(hand_half_points(mine) + half_points(c) > 15 for c in left), len(left))
    judged = decide(html, "stand")
    text = root_of(judged).xpath('.//li[@data-naipes-verdict]')[0].text_content()
    assert f"{float(over) * 100:.1f}%" in text


@pytest.mark.parametrize("lang, stand, up, down", [("en", "s", "u", "d"), ("es", "p", "a", "b"), ("ca", "p", "a", "v")])
def test_every_decision_has_its_key(lang, stand, up, down):
    found = keys(render("trainer", GAME, lang, seed=2, drill="low"))
    assert (found["choose:stand"], found["choose:ask-face-up"], found["choose:ask-face-down"]) == (stand, up, down)


def test_the_tally_travels_by_link():
    html = settle(render("trainer", GAME, seed=3, drill="middle"))
    for _ in range(3):
        while choices(html):
            html = decide(html, choices(html)[0])
        html = settle(widgets.handle(state_of(html), "next", ""))
    opened = widgets.handle(state_of(render("trainer", GAME, "es")), LINK_ACTION, link(state(html)))
    assert not alerts(opened)
    assert tally(opened)["cost-exact"] == tally(html)["cost-exact"]
    assert tally(opened)["decisions"] == tally(html)["decisions"] == "3"


@pytest.mark.parametrize("key, value", [("answers", ["ask-face-up"] * 12), ("answers", ["stand", "stand"]),
                                        ("drill", "x"), ("verdicts", [["1o;;Zz", "stand", "stand", "0", "0"]]),
                                        ("hand", 0)])
@pytest.mark.parametrize("action", ["fill", "choose", "next"])
def test_hostile_states_never_raise(key, value, action):
    base = state(render("trainer", GAME, seed=3))
    base[key] = value
    UNEXPECTED.clear()
    html = widgets.handle(json.dumps(base), action, "stand")
    assert root_of(html).get("class").startswith("naipes-widget") and UNEXPECTED == []
