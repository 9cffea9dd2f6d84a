"""Every declared option of every game, in the widgets (issue 24): generated values and hostile text, sent as
actions and in links, always give HTML and never a widget's bug; a bad value stays with its message.

A widget kind holds a rules option in a slot derived from the option's declaration (`option_text`,
`option_choices`); the select (or field) that sets it sends the option's flag name (`tie-rule`). For each such
slot of each kind of each game, values are generated from the option's own `values` and from hostile text:

* as an action: `handle()` returns HTML and records nothing in `registry.UNEXPECTED`; a value the option's
  reader refuses gives one message next to its control and leaves the state as it was (a free field shows
  what was typed); a value it reads is kept, or refused in one line when the widget offers fewer values;
* in a link: the same values come back, or the link is refused in one line and the widget stays.

A widget that offers an option (a control sending its flag name) but keeps it in a slot not derived from the
option is listed in `PENDING` by the module that renders it, until its branch converts it; the test fails on a
listed module that is already converted, so the list can only shrink.
"""

from __future__ import annotations

import base64
import html as html_text
import json
import re
import sys
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import naipes
from naipes import widgets
from naipes.core.errors import NaipesError
from naipes.core.options import Option
from naipes.games import registry as games
from naipes.web import registry as web_registry
from naipes.web.registry import _REGISTRY, LINK_ACTION, LINK_DAMAGED, WidgetKind
from naipes.web.state import State
from test_state_slots_declared_once import closure, maker

ENGINE = Path(naipes.__file__).resolve().parent

#: The modules rendering a widget that offers an option it does not keep in a slot derived from it.
PENDING: set[str] = set()

HOSTILE = ["²", "①", "٣", "+-5", "1e999999999", "-1", "0", "", " ", "<script>alert(1)</script>", "9" * 60, "nan",
           "1/0", "\u202e", "null", "[]", "{}"]


def option_slots(state_class: type[State]) -> dict[str, tuple[str, Option]]:
    """Option name → (the slot holding it, the option), for the slots of `state_class` derived from options."""
    found: dict[str, tuple[str, Option]] = {}
    for declared in fields(state_class):
        reader = declared.metadata["read"]
        if maker(reader) in ("option_text", "option_value"):
            option = closure(reader)["option"]
            assert isinstance(option, Option)
            found[option.name] = (declared.name, option)
        elif maker(reader) == "option_choices":
            readers = closure(reader)["readers"]
            assert isinstance(readers, dict)
            for inner in readers.values():
                option = closure(inner)["option"]
                assert isinstance(option, Option)
                found[option.name] = (declared.name, option)
    return found


def _state_text(html: str) -> str:
    return html_text.unescape(html.split('data-naipes-state="')[1].split('"')[0])


def _alerts(html: str) -> list[str]:
    return [html_text.unescape(text) for text in re.findall(r'role="alert">([^<]*)<', html)]


def _place(widget: WidgetKind) -> str:
    path = Path(sys.modules[widget.render.__module__].__file__ or "").resolve()
    relative = path.relative_to(ENGINE)
    return relative.as_posix() if len(relative.parts) == 2 else relative.parent.as_posix()


def _kinds() -> list[tuple[str, str, WidgetKind, str]]:
    """Every game's widget kind: (kind, game, its registration, its start state as JSON)."""
    widgets.load_all()
    found = []
    for (kind, target), widget in sorted(_REGISTRY.items()):
        if not target.startswith("family:"):
            found.append((kind, target, widget, _state_text(widgets.render({"widget": kind, "game": target}, "en"))))
    return found


KINDS = _kinds()
#: (state JSON, the option, its slot, the action its control sends): every option slot of every kind of every game.
CASES = [(state, option, slot, option.flag[2:])
         for kind, target, widget, state in KINDS
         for name, (slot, option) in option_slots(widget.state).items()
         if name in {declared.name for declared in games.game(target).options}]


def _offered_but_not_derived() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for kind, target, widget, state in KINDS:
        page = widgets.handle(state, "noop-to-render", "")
        sent = set(re.findall(r'<(?:select|input)[^>]*data-naipes-action="([^"]+)"', page))
        derived = option_slots(widget.state)
        for option in games.game(target).options:
            if option.flag[2:] in sent and option.name not in derived:
                found.setdefault(_place(widget), set()).add(f"{kind} of {target}: {option.name}")
    return found


def test_every_option_a_widget_offers_is_kept_in_a_slot_derived_from_it():
    new = {place: sorted(lines) for place, lines in _offered_but_not_derived().items() if place not in PENDING}
    assert not new, f"keep these in option_text/option_choices slots: {new}"


def test_a_pending_module_is_not_already_converted():
    clean = sorted(PENDING - set(_offered_but_not_derived()))
    assert not clean, f"converted: remove {clean} from PENDING"


def test_the_cases_cover_the_converted_kinds():
    covered = {(json.loads(state)["widget"], json.loads(state)["game"], option.name) for state, option, _, _ in CASES}
    assert {("odds", "treinta-y-cuarenta", "decks"), ("odds", "treinta-y-cuarenta", "tie_31"),
            ("coup", "treinta-y-cuarenta", "prison_again"), ("chart", "black-jack", "decks")} <= covered


def _reads(option: Option, value: str) -> bool:
    """The option's own reader takes `value` (and a select offers it)."""
    if option.values and value not in option.values:
        return False
    try:
        option.read(value)
    except NaipesError:
        return False
    return True


def _held(state: dict, slot: str, option: Option) -> object:
    """The value of `option` the state holds; a choices slot leaves out a value equal to its preset's (short
    links), so that one is read from the preset."""
    held = state.get(slot, {} if slot == "rules" else None)
    if not isinstance(held, dict):
        return held
    if option.name in held:
        return held[option.name]
    preset = games.game(state["game"]).presets.get(state.get("preset"))
    return option.show(getattr(preset, option.field))


def _checked(state: str, action: str, value: str) -> str:
    before = len(web_registry.UNEXPECTED)
    html = widgets.handle(state, action, value)
    assert web_registry.UNEXPECTED[before:] == [], (state[:200], action, value[:60])
    assert isinstance(html, str) and html.startswith("<div") and "<script>" not in html
    return html


def _sent_as_action(state: str, option: Option, slot: str, action: str, value: str) -> None:
    html = _checked(state, action, value)
    after = json.loads(_state_text(html))
    lang = json.loads(state)["lang"]
    if _reads(option, value) and not _alerts(html):
        assert option.read(str(_held(after, slot, option))) == option.read(value), (action, value)
        return
    assert len(_alerts(html)) == 1 and _alerts(html)[0] != web_registry.translate(web_registry.STATE_DAMAGED, lang)
    assert after == json.loads(state), (action, value)  # nothing changed
    field = re.search(r'<input[^>]*data-naipes-action="%s"[^>]*value="([^"]*)"' % re.escape(action), html)
    if field is not None:  # a free field keeps what was typed, with its message
        assert html_text.unescape(field[1]) == value and "aria-invalid" in html


def _sent_in_link(state: str, option: Option, slot: str, value: str) -> None:
    start = json.loads(state)
    held = start.get(slot)
    changes = {slot: {**held, option.name: value} if isinstance(held, dict) else value}
    link = "1." + base64.urlsafe_b64encode(json.dumps(changes).encode()).decode().rstrip("=")
    html = _checked(state, LINK_ACTION, link)
    alerts = _alerts(html)
    if alerts == [web_registry.translate(LINK_DAMAGED, start["lang"])]:
        assert json.loads(_state_text(html)) == start  # the widget stays as it was
    elif alerts:  # a value the option reads that the rest of the linked state does not fit (a card of another deck)
        assert len(alerts) == 1 and alerts[0] != web_registry.translate(web_registry.STATE_DAMAGED, start["lang"])
        assert _reads(option, value), value
    else:
        assert _reads(option, value), value
        assert option.read(str(_held(json.loads(_state_text(html)), slot, option))) == option.read(value)


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{json.loads(case[0])['widget']}-"
                         f"{json.loads(case[0])['game']}-{case[1].name}")
def test_each_value_an_option_offers_and_each_hostile_text_as_an_action_and_in_a_link(case):
    state, option, slot, action = case
    for value in (*option.values, *HOSTILE, "zz" + (option.values or ("1",))[-1]):
        _sent_as_action(state, option, slot, action, value)
        _sent_in_link(state, option, slot, value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), value=st.text(max_size=12), as_link=st.booleans())
def test_any_text_for_any_option_of_any_widget(case, value, as_link):
    state, option, slot, action = case
    if as_link:
        _sent_in_link(state, option, slot, value)
    else:
        _sent_as_action(state, option, slot, action, value)


@pytest.mark.parametrize("case", [case for case in CASES if isinstance(json.loads(case[0]).get(case[2]), dict)],
                         ids=lambda case: f"{json.loads(case[0])['widget']}-{json.loads(case[0])['game']}-{case[1].name}")
def test_a_state_whose_choices_leave_an_option_out_keeps_the_rules_value(case):
    state, option, slot, action = case
    data = json.loads(state)
    left_out = {**data, slot: {name: value for name, value in data[slot].items() if name != option.name}}
    html = _checked(json.dumps(left_out), "noop-to-render", "")
    assert len(_alerts(html)) == 1  # the unknown action's message, on a widget drawn with the rules' own value
    for value in option.values:
        _sent_as_action(json.dumps(left_out), option, slot, action, value)
