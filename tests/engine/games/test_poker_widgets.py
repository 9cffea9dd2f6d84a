"""The poker widgets through `naipes.widgets`: a hand played to the end at each table with the values shown,
the figures (static, from the engine), the progressive pool; bad input gives an inline message."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from naipes import widgets
from naipes.games.poker.kernel import FULL
from naipes.games.poker.table import MAX_SLOW_PARTS
from naipes.games.poker.sense_descart import SENSE_DESCART
from naipes.games.poker.sense_descart.analysis import fast_report as sense_descart_report
from naipes.games.poker.three_card import THREE_CARD_POKER
from naipes.games.poker.three_card.analysis import fast_report
from naipes.web.html import exact

GAMES = ("trijoker", "three-card-poker", "sense-descart", "draw-poker")


def state_of(html: str) -> str:
    return unescape(re.search(r'data-naipes-state="([^"]*)"', html).group(1))


def waiting(html: str) -> bool:
    return "data-naipes-waiting=" in html


def filled(html: str) -> str:
    """The answer once every fill the page asks for is sent, as the browser sends them (the values come in parts)."""
    for _ in range(MAX_SLOW_PARTS):
        if 'data-naipes-pending="fill"' not in html:
            break
        html = widgets.handle(state_of(html), "fill", "")
    assert 'data-naipes-pending="fill"' not in html
    return html


def play_to_the_end(game: str, seed: int, lang: str = "en", choice_index: int = 0) -> str:
    html = widgets.render({"widget": "table", "game": game, "seed": str(seed)}, lang)
    for _ in range(10):
        if 'data-naipes-pending="fill"' in html:
            action, value = "fill", ""
        elif waiting(html):
            choices = re.findall(r'data-naipes-action="choose" data-naipes-value="([^"]*)"', html)
            action, value = "choose", choices[min(choice_index, len(choices) - 1)]
        else:
            action, value = "finish", ""
        html = widgets.handle(state_of(html), action, value)
        assert 'role="alert"' not in html, html
        if "data-naipes-total" in html:
            return html
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 7])
def test_a_hand_is_played_to_the_end_and_settled(game, seed):
    html = play_to_the_end(game, seed)
    assert "naipes-narration" in html and json.loads(state_of(html))["seed"] == seed
    # how fast each action is: benchmarks/widgets.py and benchmarks/poker.py, not a timed test


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_shows_its_value_and_the_best_is_named(game):
    """Pòquer sense descart shows going on and passing at once, the seven choices after the page's fill; Draw
    Poker the stated strategy's choice at once, the seventeen values after the fill."""
    html = widgets.render({"widget": "table", "game": game, "seed": "3"}, "es")
    html = widgets.handle(state_of(html), "finish", "")
    assert waiting(html)
    for _ in range(MAX_SLOW_PARTS):  # the values too slow for a click come right after it, in parts
        if 'data-naipes-pending="fill"' not in html:
            break
        assert not re.search(r'data-naipes-best="[^"]+"', html), "the best choice is named once every value is in"
        html = widgets.handle(state_of(html), "fill", "")
        assert "data-naipes-waiting" in html
    assert 'data-naipes-pending' not in html
    labels = re.findall(r'data-naipes-action="choose" data-naipes-value="[^"]*">([^<]*)<', html)
    assert labels and all(re.search(r"\([+-]?\d+,\d\d\)", label) for label in labels), labels
    assert re.search(r'data-naipes-best="[^"]+"', html)


def test_draw_poker_names_the_stated_strategy_then_the_exact_values():
    html = widgets.render({"widget": "table", "game": "draw-poker", "seed": "2"}, "ca")
    html = widgets.handle(state_of(html), "finish", "")
    assert "estratègia declarada" in html and len(re.findall(r'data-naipes-action="choose"', html)) == 17
    assert 'data-naipes-pending="fill"' in html and "data-naipes-best" not in html
    html = filled(html)
    best = re.search(r'data-naipes-best="([^"]+)"', html).group(1)
    labels = dict(re.findall(r'data-naipes-action="choose" data-naipes-value="([^"]*)">[^<]*\(([+-]?\d+,\d+)\)<',
                             html))
    assert len(labels) == 17
    shown = {action: float(value.replace(",", ".")) for action, value in labels.items()}
    assert shown[best] == max(shown.values()) and shown["fold"] == -1



@pytest.mark.parametrize("action, value", [("new", ""), ("seed", "9")])
def test_a_new_coup_asks_for_its_own_fill_after_the_last_coup_was_filled(action, value):
    # Issue 27: the fill of the first decision of one coup was taken for the next coup's too (both at answer 0),
    # so "deal to the end" computed the seventeen values inside the click. A new coup asks for its own fill.
    html = widgets.render({"widget": "table", "game": "draw-poker", "seed": "2"}, "en")
    html = filled(html)
    html = filled(widgets.handle(state_of(html), "finish", ""))
    assert "data-naipes-best" in html
    html = widgets.handle(state_of(widgets.handle(state_of(html), action, value)), "finish", "")
    assert 'data-naipes-pending="fill"' in html and "data-naipes-best" not in html

def test_the_figures_are_the_engines():
    html = widgets.render({"widget": "figures", "game": "three-card-poker"}, "en")
    edge = fast_report(THREE_CARD_POKER.presets.default, FULL).line("house-edge").house_edge
    assert 'data-naipes-static="true"' in html and exact(edge) in html
    html = widgets.render({"widget": "figures", "game": "sense-descart"}, "es")
    edge = sense_descart_report(SENSE_DESCART.presets.default, FULL).line("house-edge").house_edge
    assert exact(edge) in html and "exacto" in html and 'data-naipes-side-bet="special-prize"' in html


def test_the_progressive_pool_grows_and_resets():
    html = widgets.render({"widget": "progressive", "game": "sense-descart"}, "en")
    html = widgets.handle(state_of(html), "deal", "100")
    state = json.loads(state_of(html))
    assert state["deals"] == 100 and state["collected"] == "700"
    html = widgets.handle(state_of(html), "commission", "0.1")
    assert json.loads(state_of(html))["deals"] == 0
    assert 'role="alert"' in widgets.handle(state_of(html), "deal", "5000")
    # Go Poker's pool: the block names the preset that has one
    html = widgets.render({"widget": "progressive", "game": "trijoker"}, "ca")
    assert json.loads(state_of(html))["preset"] == "go-poker"


def test_bad_input_is_an_inline_message():
    html = widgets.render({"widget": "table", "game": "sense-descart", "seed": "1"}, "es")
    answer = widgets.handle(state_of(html), "choose", "raise")
    assert 'role="alert"' in answer and "decisión" in answer
