"""The circle poker page in Chromium, once per language: the showdown, the odds (exact, then refined batch by
batch) and the pots played through Pyodide, each render equal to what the engine gives for the same state;
the rankings and presets tables are static (no Python needed)."""

from __future__ import annotations

import json

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import page_url

PAGE = "games/circle-poker.md"
SHOWDOWN = '.naipes-widget[data-naipes-widget="showdown"][data-naipes-variant="holdem"]'
ODDS = '.naipes-widget[data-naipes-widget="odds"]'
POTS = '.naipes-widget[data-naipes-widget="pots"]'
WINS = {"es": "gana", "ca": "guanya", "en": "wins"}


def norm(text: str) -> str:
    return " ".join(text.split())


def texts(html: str, xpath: str) -> list[str]:
    return [norm(e.text_content()) for e in lxml_html.fragment_fromstring(html).xpath(xpath)]


def start_engine(page, selector: str) -> None:
    page.evaluate("sel => document.querySelector(sel).scrollIntoView({block: 'center'})", selector)
    page.dispatch_event(selector, "pointerdown")
    page.wait_for_selector(f'{selector}[data-naipes-mode="ready"], {selector}[data-naipes-mode="live"]',
                           timeout=90_000)


def snapshot(page, selector: str, inner: str) -> tuple[str, list[str]]:
    """The widget's state and the texts of `inner` elements, read together (one render)."""
    return page.evaluate(
        "([sel, inner]) => { const r = document.querySelector(sel);"
        " return [r.getAttribute('data-naipes-state'),"
        " [...r.querySelectorAll(inner)].map(e => e.textContent.split(/\\s+/).filter(Boolean).join(' '))]; }",
        [selector, inner])


def send(page, selector: str, action: str, value: str) -> None:
    """Type `value` in a field (Enter sends it) or pick it in a select, and wait for the new render."""
    old = page.get_attribute(selector, "data-naipes-state")
    control = page.locator(f'{selector} [data-naipes-action="{action}"]')
    if control.evaluate("e => e.tagName") == "SELECT":
        control.select_option(value)
    else:
        control.fill(value)
        control.press("Enter")
    # A simulation refines by itself (its state changes as batches come in): wait for the state that holds
    # the value sent, when the state keeps the control's value under its name.
    page.wait_for_function(
        "([sel, old, action, value]) => { const r = document.querySelector(sel);"
        " if (!r || r.getAttribute('data-naipes-state') === old || r.getAttribute('data-naipes-mode') !== 'live')"
        " return false; const s = JSON.parse(r.getAttribute('data-naipes-state'));"
        " return !(action in s) || String(s[action]) === value; }",
        arg=[selector, old, action, value], timeout=60_000)


def engine_render(state: str) -> str:
    """What the engine shows for `state`, every simulated batch it counts computed first."""
    from naipes.games.circle_poker import widgets as module
    data = json.loads(state)
    if data["widget"] == "odds":
        typed = module.OddsState.from_json(data)
        problem = module._problem(typed)
        if not problem.exact_possible():
            tallies = module._tallies(problem, typed.seed)
            while len(tallies) < typed.runs:
                module._deal_batch(tallies, problem, typed.seed)
    return widgets.handle(state, "no-such-action", "")  # an unknown action renders the same state


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_each_widget_of_the_page(page, lang):
    page.goto(page_url(lang, PAGE))
    # Static tables: complete before (and without) Python.
    for kind in ("rankings", "presets"):
        static = page.locator(f'.naipes-widget[data-naipes-widget="{kind}"]').first
        assert static.get_attribute("data-naipes-static") == "true"
    assert page.locator('.naipes-widget[data-naipes-widget="rankings"] table[data-naipes-deck="32"]').count() == 2

    # The showdown: the second pair decides; kings typed for player 2 beat player 1's queens.
    start_engine(page, SHOWDOWN)
    initial = page.get_attribute(SHOWDOWN, "data-naipes-state")
    send(page, SHOWDOWN, "hand-2", "Kh Kd")
    state, lines = snapshot(page, SHOWDOWN, ".naipes-narration li")
    expected = widgets.handle(initial, "hand-2", "Kh Kd")
    assert state == lxml_html.fragment_fromstring(expected).get("data-naipes-state")
    assert lines == texts(expected, './/ol[contains(@class,"naipes-narration")]/li')
    assert WINS[lang] in lines[-1] and "2" in lines[-1].split(WINS[lang])[0]  # player 2 wins
    page.locator(f'{SHOWDOWN} button[data-naipes-action="deal"]').click()
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).getAttribute('data-naipes-state') !== old",
        arg=[SHOWDOWN, state])
    state, lines = snapshot(page, SHOWDOWN, ".naipes-narration li")
    assert lines == texts(engine_render(state), './/ol[contains(@class,"naipes-narration")]/li')

    # The odds: exact on the flop; without the board, a simulation that refines by itself.
    # in one step: a refining simulation swaps the widget's element at any moment
    page.evaluate("sel => document.querySelector(sel).scrollIntoView({block: 'center'})", ODDS)
    selector = f'{ODDS}[data-naipes-state*="Kh Ks"]'
    send(page, selector, "board", "2c 7d 9h")
    state, cells = snapshot(page, selector, "table[data-naipes-odds] td")
    assert cells == texts(engine_render(state), './/table[@data-naipes-odds]//td')
    assert page.locator(f"{selector} table[data-naipes-odds] td[data-naipes-exact]").count() == 6
    send(page, selector, "board", "")
    # Nothing is simulated until the reader asks (issue 25, point 8); then batch after batch, the address untouched.
    assert page.get_attribute(selector, "data-naipes-pending") is None
    assert page.locator(f"{selector} table[data-naipes-odds]").count() == 0
    address = page.url
    page.locator(f'{selector} button[data-naipes-action="fill"]').click()
    page.wait_for_function(
        "sel => { const r = document.querySelector(sel);"
        " return r && JSON.parse(r.getAttribute('data-naipes-state')).runs >= 4; }", arg=selector, timeout=60_000)
    assert page.url == address
    state, cells = snapshot(page, selector, "table[data-naipes-odds] td")
    assert cells == texts(engine_render(state), './/table[@data-naipes-odds]//td')
    assert page.locator(f"{selector} td[data-naipes-interval]").count() == 2

    # The pots: player 2 takes the best place; the pots and nets follow.
    before = page.get_attribute(POTS, "data-naipes-state")
    send(page, POTS, "place-2", "1")
    state, cells = snapshot(page, POTS, "td")
    expected = widgets.handle(before, "place-2", "1")
    assert cells == texts(expected, ".//td")


def test_a_click_during_a_simulation_is_answered_before_any_more_of_it(page):
    """Issue 25: a click in another widget while the odds refine is not kept behind the simulation: the fill the
    engine is computing when the click comes is not drawn before the click's answer (it is asked for again
    after it), so no odds widget is drawn between the click and its answer."""
    page.goto(page_url("en", PAGE))
    odds = f'{ODDS}[data-naipes-state*="Kh Ks"]'
    for selector in (odds, SHOWDOWN):
        start_engine(page, selector)
    page.locator(f'{odds} button[data-naipes-action="fill"]').click()
    page.wait_for_selector(f"{odds}[data-naipes-pending]", timeout=60_000)
    drawn = page.evaluate(
        """async ([odds, showdown]) => {
            const drawn = [];
            const observer = new MutationObserver((records) => {
                for (const record of records) for (const node of record.addedNodes) {
                    if (node instanceof Element && node.matches('.naipes-widget')) drawn.push(node.getAttribute('data-naipes-widget'));
                }
            });
            observer.observe(document.body, {childList: true, subtree: true});
            const before = document.querySelector(showdown).getAttribute('data-naipes-state');
            const runs = () => JSON.parse(document.querySelector(odds).getAttribute('data-naipes-state')).runs;
            const started = runs();
            document.querySelector(showdown + ' button[data-naipes-action="deal"]').click();
            while (document.querySelector(showdown).getAttribute('data-naipes-state') === before) {
                await new Promise((resolve) => setTimeout(resolve, 5));
            }
            observer.disconnect();
            // The simulation goes on after the click: its next fills are drawn.
            while (runs() === started) await new Promise((resolve) => setTimeout(resolve, 20));
            return drawn;
        }""", [odds, SHOWDOWN])
    assert drawn == ["showdown"], f"widgets drawn between the click and its answer: {drawn}"
