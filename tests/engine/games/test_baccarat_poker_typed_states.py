"""Typed widget states of the baccarat family and the banked poker tables (issue 24): each kind's class holds
only its game's keys, so a key of another game's widget — in a page's state or in a link — is damage: a fresh
widget with the translated message (or, for a link, the widget as it was with the link's message), never a
traceback."""

from __future__ import annotations

import base64
import html as html_text
import json
import re
from dataclasses import fields

import pytest

from naipes import widgets
from naipes.games import registry as games
from naipes.games.poker.table import SPECS
from naipes.web import registry as web_registry
from naipes.web.registry import LINK_ACTION, LINK_DAMAGED, _REGISTRY
from naipes.web.state import STATE_DAMAGED

widgets.load_all()
BACCARAT = {game.id for game in games.family("baccarat")}
POKER_KINDS = ("table", "figures", "progressive")
#: The kinds the site's shared modules register for every game (their states are theirs, not these games').
SHARED_KINDS = ("chart", "trainer", "options")
#: Every kind of widget the baccarat family's modules and the poker tables register, as (kind, target).
OURS = sorted((kind, target) for kind, target in _REGISTRY if kind not in SHARED_KINDS and (
    target in BACCARAT or target == "family:baccarat" or (kind in POKER_KINDS and target in SPECS)))


def _spec(kind: str, target: str) -> dict[str, str]:
    where = {"family": target[7:]} if target.startswith("family:") else {"game": target}
    return {"widget": kind, **where}


def _start(kind: str, target: str, lang: str = "en") -> dict:
    html = widgets.render(_spec(kind, target), lang)
    return _state_of(html)


def _state_of(html: str) -> dict:
    return json.loads(html_text.unescape(html.split('data-naipes-state="')[1].split('"')[0]))


def _alerts(html: str) -> list[str]:
    return [html_text.unescape(text) for text in re.findall(r'role="alert">([^<]*)<', html)]


#: Every key some widget's start state holds, with the value it holds there (what a stale or tampered page of
#: another game could carry over).
EVERY_KEY: dict[str, object] = {}
for _kind, _target in sorted(_REGISTRY):
    for _key, _value in _start(_kind, _target).items():
        EVERY_KEY.setdefault(_key, _value)


def test_every_kind_here_is_typed_and_its_start_state_holds_exactly_what_its_class_reads():
    assert len(OURS) >= 20  # 4 + 4 + 4 + 3 + 3 Punto y Banca kinds ... the comparison, the poker tables' kinds
    for kind, target in OURS:
        state_class = _REGISTRY[(kind, target)].state
        assert state_class is not None, (kind, target)
        started = _start(kind, target)
        declared = {slot.name for slot in fields(state_class)}
        assert set(started) <= declared, (kind, target)
        assert state_class.from_json(started).to_json() == started


@pytest.mark.parametrize("kind, target", OURS, ids=lambda value: str(value))
def test_a_foreign_key_in_a_page_state_gives_a_fresh_widget_with_the_damaged_message(kind, target):
    started = _start(kind, target, "ca")
    declared = {slot.name for slot in fields(_REGISTRY[(kind, target)].state)}
    foreign = sorted(set(EVERY_KEY) - declared)
    assert foreign
    damaged = web_registry.translate(STATE_DAMAGED, "ca")
    for key in foreign[:4] + [k for k in ("boxes", "side", "stakes", "pool") if k in foreign[4:]]:
        before = len(web_registry.UNEXPECTED)
        html = widgets.handle(json.dumps({**started, key: EVERY_KEY[key]}), "next", "")
        assert web_registry.UNEXPECTED[before:] == [], (kind, target, key)
        assert _alerts(html) == [damaged], (kind, target, key)
        assert _state_of(html) == started, (kind, target, key)  # the fresh widget, in the page's language


def test_a_foreign_key_in_a_link_leaves_the_widget_as_it_was_with_the_links_message():
    cases = [("coup", "chemin-de-fer", {"boxes": 3}), ("coup", "punto-banca", {"side": "banker"}),
             ("coup", "mini-bacara", {"opponent": "optimal"}), ("coup", "dos-panos", {"stake": 100}),
             ("table", "trijoker", {"stakes": {}}), ("progressive", "draw-poker", {"boxes": 2}),
             ("odds", "chemin-de-fer", {"tie_pays": 8}), ("decide-five", "chemin-de-fer", {"punto": "draw"})]
    for kind, game, changes in cases:
        started = _start(kind, game, "es")
        link = "1." + base64.urlsafe_b64encode(json.dumps(changes).encode()).decode().rstrip("=")
        html = widgets.handle(json.dumps(started), LINK_ACTION, link)
        assert _alerts(html) == [web_registry.translate(LINK_DAMAGED, "es")], (kind, game)
        assert _state_of(html) == started, (kind, game)
        # the same link without the foreign key is read (a link of the widget's own keys works)
        own = "1." + base64.urlsafe_b64encode(b"{}").decode().rstrip("=")
        assert _alerts(widgets.handle(json.dumps(started), LINK_ACTION, own)) == [], (kind, game)


def test_a_preset_of_another_game_of_the_same_kind_is_damage():
    # Punto y Banca's three tables share their widget module: a preset of the Midi table on the main table's
    # widget is not one of its presets
    started = _start("odds", "punto-banca")
    midi = next(name for name in games.game("midi-punto-banca").presets if name not in games.game("punto-banca").presets)
    html = widgets.handle(json.dumps(dict(started, preset=midi)), "decks", "6")
    assert _alerts(html) == [web_registry.translate(STATE_DAMAGED, "en")]
    assert _state_of(html) == started
