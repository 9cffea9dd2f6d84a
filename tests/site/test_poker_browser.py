"""The poker pages in Chromium: a hand of each game played at the table through Pyodide, in es, ca and en,
and the progressive pool dealt; every render equals what the engine gives for the same actions."""

from __future__ import annotations

import json

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import page_url

TABLE = '.naipes-widget[data-naipes-widget="table"]'
POOL = '.naipes-widget[data-naipes-widget="progressive"]'
GAMES = {"games/trijoker.md": "trijoker", "games/three-card-poker.md": "three-card-poker",
         "games/sense-descart.md": "sense-descart", "games/draw-poker.md": "draw-poker"}
#: The games whose table shows the exact value of each choice (Draw Poker's and the bought cards of pòquer sense
#: descart's right after the click: the page asks for them at once, `data-naipes-pending="fill"`).
VALUED = {"trijoker", "three-card-poker", "sense-descart", "draw-poker"}


def start_engine(page, selector: str):
    page.locator(selector).scroll_into_view_if_needed()
    page.dispatch_event(selector, "pointerdown")
    page.wait_for_selector(selector + '[data-naipes-mode="ready"]', timeout=90_000)


def state_of(page, selector: str) -> str:
    return page.get_attribute(selector, "data-naipes-state")


def act(page, selector: str, action: str, value: str | None = None) -> None:
    old = state_of(page, selector)
    query = f'{selector} button[data-naipes-action="{action}"]'
    if value is not None:
        query += f'[data-naipes-value="{value}"]'
    page.locator(query).first.click()
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel); "
        "return r && r.getAttribute('data-naipes-state') !== old && !r.hasAttribute('data-naipes-pending'); }",
        arg=[selector, old], timeout=60_000)


def engine_html(state: str, steps) -> str:
    html = ""
    for action, value in steps:
        html = widgets.handle(state, action, value)
        state = lxml_html.fragment_fromstring(html).get("data-naipes-state")
    return html


def text_of(html: str, xpath: str) -> list[str]:
    return [" ".join(e.text_content().split()) for e in lxml_html.fragment_fromstring(html).xpath(xpath)]


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
@pytest.mark.parametrize("doc", sorted(GAMES))
def test_a_hand_is_played_at_the_table(page, lang, doc):
    game = GAMES[doc]
    page.goto(page_url(lang, doc))
    start_engine(page, TABLE)
    root = page.locator(TABLE)
    assert root.get_attribute("lang") == lang
    initial = state_of(page, TABLE)
    steps = [("finish", "")]
    act(page, TABLE, "finish")
    for _ in range(3):
        if root.get_attribute("data-naipes-waiting") is None:
            break
        if game in VALUED:
            # every choice shows its value and the advice names the best one
            assert root.locator(".naipes-advice[data-naipes-best]").count() == 1
        choice = root.locator('button[data-naipes-action="choose"]').first.get_attribute("data-naipes-value")
        act(page, TABLE, "choose", choice)
        steps.append(("choose", choice))
        if root.get_attribute("data-naipes-waiting") is None and root.locator(
                'button[data-naipes-action="finish"]:not([disabled])').count():
            act(page, TABLE, "finish")
            steps.append(("finish", ""))
    assert root.locator("[data-naipes-total]").count() == 1, "the hand is settled"
    expected = engine_html(initial, steps)
    shown = root.evaluate("e => e.outerHTML")
    path = './/*[contains(@class,"naipes-narration")]/li'
    assert text_of(shown, path) == text_of(expected, path)
    assert text_of(shown, './/*[@data-naipes-total]') == text_of(expected, './/*[@data-naipes-total]')
    assert json.loads(state_of(page, TABLE))["answers"] == [v for a, v in steps if a == "choose"]


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_the_progressive_pool_grows_with_the_deals(page, lang):
    doc = "games/progressive-jackpots.md"
    page.goto(page_url(lang, doc))
    start_engine(page, POOL)
    root = page.locator(POOL)
    initial = state_of(page, POOL)
    act(page, POOL, "deal", "100")
    act(page, POOL, "deal", "100")
    assert root.get_attribute("data-naipes-deals") == "200"
    expected = engine_html(initial, [("deal", "100"), ("deal", "100")])
    shown = root.evaluate("e => e.outerHTML")
    cells = './/table//td'
    assert text_of(shown, cells) == text_of(expected, cells)
    state = json.loads(state_of(page, POOL))
    assert state["collected"] == "1400"
