"""`handle()` never raises and never echoes markup, whatever the state, action and value (property-based).

Starts from every widget of every game (the block each page could write), then sends arbitrary actions
and values, and states whose values are replaced, removed or of the wrong type — what a tampered page or
a stale cached state could send.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from naipes import widgets
from naipes.games import registry
from naipes.web.registry import _REGISTRY

HOSTILE = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "\u202e", "9" * 5000, "-1",
           str(2**64), "nan", "", " ", "null", "1e9", "0x10", "draw", "stand", "next", "finish", "8:1"]
values = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=60), st.integers(), st.none(), st.booleans(),
                   st.lists(st.text(max_size=5), max_size=3), st.floats(allow_nan=True))


def _states() -> list[str]:
    for game in registry.all_games():
        registry.load_widgets(game)
    found = []
    for kind, target in sorted(_REGISTRY):
        spec = {"widget": kind, **({"family": target[7:]} if target.startswith("family:") else {"game": target})}
        html = widgets.render(spec, "es")
        found.append(html.split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"').replace("&amp;", "&"))
    return found


STATES = _states()


def _check(html: str) -> None:
    assert isinstance(html, str) and html.startswith("<div")
    for bad in ("<script>", "<img src=x"):
        assert bad not in html


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(STATES), action=st.one_of(st.sampled_from(
    ["next", "finish", "new", "seed", "choose", "decks", "preset", "commission", "side", "select", "bet", "odds",
     "boxes", "model", "total", "punto", "banker", "five", "insurance", "players", "hands", "bank-card",
     "bet-amount", "offer-amount", "ask-face-up", "ask-face-down", "stand", "draw"]), st.text(max_size=20)),
       value=st.one_of(st.sampled_from(HOSTILE), st.text(max_size=40)))
def test_handle_never_raises_on_any_action_and_value(state, action, value):
    _check(widgets.handle(state, action, value))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=st.sampled_from(STATES), key=st.text(max_size=12), replacement=values, drop=st.booleans())
def test_handle_never_raises_on_a_tampered_state(state, key, replacement, drop):
    data = json.loads(state)
    keys = sorted(data)
    target = keys[hash(key) % len(keys)]
    if drop:
        data.pop(target)
    else:
        data[target] = replacement
    for action in ("next", "decks", "choose"):
        _check(widgets.handle(json.dumps(data), action, "1"))


@pytest.mark.parametrize("raw", ["", "{", "[]", "null", "1", '"x"', "{}" * 60000, '{"lang": 5}'])
def test_handle_never_raises_on_malformed_json(raw):
    _check(widgets.handle(raw, "next", ""))
