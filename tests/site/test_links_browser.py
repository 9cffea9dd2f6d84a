"""Every game is a link, in Chromium: moves kept in the address and the tab, replayed on reload, after
instant navigation, on another page that opens a copied link, and across a language switch.

Each test plays a widget the way a reader does, then compares what the page shows with what the engine
(CPython, here) returns for the same state.
"""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

from lxml import html as lxml_html

from naipes import widgets
from naipes.core.i18n import translate
from naipes.web.registry import LINK_DAMAGED
from naipes.web.registry import link as registry_link

from site_helpers import page_url

PUNTO_BANCA = "games/punto-banca.md"
SIETE = "games/siete-y-medio.md"
TRIJOKER = "games/trijoker.md"
ENGINE_TIMEOUT = 120_000  # a cold Pyodide start on a busy 2-core machine


def norm(text: str) -> str:
    return " ".join(text.split())


def state_of(page, selector: str) -> dict:
    return json.loads(page.get_attribute(selector, "data-naipes-state"))


def wait_state(page, selector: str, state: dict, timeout: int = ENGINE_TIMEOUT) -> None:
    """Wait until the widget shows `state` (its live HTML, not the build-time one)."""
    page.wait_for_function(
        "([sel, want]) => { const r = document.querySelector(sel);"
        " return r && r.dataset.naipesMode === 'live' && r.getAttribute('data-naipes-state') === want; }",
        arg=[selector, json.dumps(state, sort_keys=True, separators=(",", ":"))], timeout=timeout)


def wait_ready(page, selector: str) -> None:
    # In one step: the engine may swap the widget's element for a new one at any moment (a replayed link).
    page.evaluate("sel => document.querySelector(sel).scrollIntoView({block: 'center'})", selector)
    page.dispatch_event(selector, "pointerdown")
    page.wait_for_selector(f'{selector}[data-naipes-mode="ready"], {selector}[data-naipes-mode="live"]',
                           timeout=ENGINE_TIMEOUT)


def press(page, selector: str, action: str, value: str | None = None) -> None:
    """Click a control of the widget and wait for the engine's answer."""
    old = page.get_attribute(selector, "data-naipes-state")
    control = f'{selector} [data-naipes-action="{action}"]' + (f'[data-naipes-value="{value}"]' if value else "")
    page.locator(control).first.click()
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel); return r && r.getAttribute('data-naipes-state') !== old; }",
        arg=[selector, old])


def link(state: dict) -> str:
    """The link of a widget state, its game's widgets loaded first (as the worker does before any link)."""
    widgets.preload(json.dumps(state))
    return registry_link(state)


def cpython(state: dict, steps) -> str:
    html = ""
    state_json = json.dumps(state)
    for action, value in steps:
        html = widgets.handle(state_json, action, value)
        state_json = lxml_html.fragment_fromstring(html).get("data-naipes-state")
    return html


def narration(html: str) -> list[str]:
    return [norm(li.text_content()) for li in
            lxml_html.fragment_fromstring(html).xpath('.//*[contains(@class,"naipes-narration")]/li')]


def shown_narration(page, selector: str) -> list[str]:
    return [norm(t) for t in page.locator(f"{selector} .naipes-narration li").all_inner_texts()]


def focused(page) -> list:
    return page.evaluate("[document.activeElement.dataset.naipesAction, document.activeElement.disabled,"
                         " document.activeElement.tagName]")


def copy_link(page, selector: str) -> str:
    """Press the widget's "copy link" control; return what reached the clipboard."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(f"{selector} [data-naipes-copy]").click()
    note = page.locator(f"{selector} .naipes-copy-note")
    page.wait_for_function("(el) => el.textContent.trim().length > 0", arg=note.element_handle())
    assert norm(note.inner_text()) == norm(page.get_attribute(selector, "data-naipes-msg-copied"))
    return page.evaluate("navigator.clipboard.readText()")


class Held:
    """Requests held back (Playwright routing) until `release`: Python cannot start meanwhile."""

    def __init__(self, context, pattern: str):
        self.routes = []
        self.context, self.pattern = context, pattern
        context.route(pattern, lambda route: self.routes.append(route))

    def release(self) -> None:
        self.context.unroute(self.pattern)
        for route in self.routes:
            route.continue_()


def test_a_coup_keeps_preset_and_moves_across_navigation_reload_and_a_copied_link(page, rec):
    coup = "#naipes-coup"
    page.goto(page_url("es", PUNTO_BANCA))
    initial = state_of(page, coup)
    # the skip link (second stop after Material's "skip to content") takes the keyboard to the game
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("[document.activeElement.textContent.trim(), document.activeElement.hash]") == [
        "Ir al juego", coup]
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.naipes-widget').id") == "naipes-coup"
    wait_ready(page, coup)

    # the case the issue found: a preset chosen, then a few steps
    old = page.get_attribute(coup, "data-naipes-state")
    page.locator(f'{coup} select[data-naipes-action="preset"]').select_option("cat-2016")
    page.wait_for_function("([s, o]) => document.querySelector(s).getAttribute('data-naipes-state') !== o",
                           arg=[coup, old])
    assert focused(page)[0] == "preset"  # the focus stays on the control used
    for _ in range(3):
        press(page, coup, "next")
        assert focused(page) == ["next", False, "BUTTON"]
    steps = [("preset", "cat-2016"), ("next", ""), ("next", ""), ("next", "")]
    want_html = cpython(initial, steps)
    played = json.loads(lxml_html.fragment_fromstring(want_html).get("data-naipes-state"))
    assert state_of(page, coup) == played and played["preset"] == "cat-2016" and played["step"] == 3
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"coup": [link(played)]}

    # instant navigation away and back (the menu's link has no query): the game is still there
    page.evaluate("window.__sameDocument = true")
    page.locator('.md-nav--primary a.md-nav__link[href$="sources/"]').first.click()
    page.wait_for_url("**/sources/")
    page.locator('.md-nav--primary a.md-nav__link[href$="games/punto-banca/"]').first.click()
    page.wait_for_url("**/games/punto-banca/**")
    wait_state(page, coup, played)
    assert page.evaluate("window.__sameDocument") is True
    assert parse_qs(urlsplit(page.url).query) == {"coup": [link(played)]}

    # a reload replays it from the address
    page.reload()
    wait_state(page, coup, played)
    assert shown_narration(page, coup) == narration(want_html)

    # the copied link, opened in another tab before Python is ready: the build-time coup is never shown
    shared = copy_link(page, coup)
    assert urlsplit(shared).fragment == "naipes-coup" and parse_qs(urlsplit(shared).query) == query
    other = page.context.new_page()
    held = Held(page.context, "**/assets/naipes/worker.js")
    other.goto(shared)
    other.wait_for_selector(f'{coup}[data-naipes-mode="pending"]')
    assert other.locator(f"{coup} .naipes-hands").evaluate("(e) => getComputedStyle(e).visibility") == "hidden"
    assert norm(other.locator(f"{coup} .naipes-loading-text").inner_text()) == norm(
        other.get_attribute(coup, "data-naipes-msg-opening"))
    held.release()
    wait_state(other, coup, played)
    assert shown_narration(other, coup) == narration(want_html)
    assert other.locator(f'{coup} select[data-naipes-action="preset"]').input_value() == "cat-2016"
    assert rec.count("pyodide.asm.wasm") <= 1  # the second tab read the runtime from Cache Storage


def test_the_keyboard_sent_to_a_game_by_its_skip_link_stays_there_when_the_engine_redraws_it(page):
    """A replayed link swaps the game's element when Python is up: the focus must follow to the fresh one."""
    coup = "#naipes-coup"
    page.goto(page_url("es", PUNTO_BANCA))
    played = json.loads(lxml_html.fragment_fromstring(
        cpython(state_of(page, coup), [("next", ""), ("next", "")])).get("data-naipes-state"))
    held = Held(page.context, "**/assets/naipes/worker.js")
    page.goto(page_url("es", PUNTO_BANCA) + "?coup=" + link(played))
    page.wait_for_selector(f'{coup}[data-naipes-mode="pending"]')
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'naipes-coup'")
    held.release()
    wait_state(page, coup, played)
    assert page.evaluate("document.activeElement.id") == "naipes-coup"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.naipes-widget').id") == "naipes-coup"


def test_a_stop_inside_a_game_keeps_the_keyboard_when_the_engine_redraws_it_unasked(page):
    """A game built with values left to compute (data-naipes-pending) is redrawn when Python fills them, without
    the reader asking: a reader on a stop that is not one of its decisions (the button copying its link) must stay
    on that same stop, not drop to the page."""
    trainer = "#naipes-trainer"
    held = Held(page.context, "**/assets/naipes/worker.js")
    page.goto(page_url("es", "games/siete-y-medio.md"))
    assert page.get_attribute(trainer, "data-naipes-pending"), "the trainer no longer fills values: pick another game"
    page.locator(f"{trainer} button.naipes-copy-link").focus()
    assert page.evaluate("document.activeElement.classList.contains('naipes-copy-link')")
    held.release()
    page.wait_for_function("s => document.querySelector(s).getAttribute('data-naipes-mode') === 'live'",
                           arg=trainer, timeout=ENGINE_TIMEOUT)
    assert page.evaluate("[document.activeElement.closest('.naipes-widget')?.id,"
                         " document.activeElement.classList.contains('naipes-copy-link')]") == ["naipes-trainer", True]


def test_siete_y_medio_bets_with_enter_shows_errors_at_the_field_and_comes_back_from_its_link(page):
    page.set_viewport_size({"width": 390, "height": 844})
    table = "#naipes-table"
    page.goto(page_url("ca", SIETE))
    initial = state_of(page, table)
    wait_ready(page, table)
    field = page.locator(f'{table} input[data-naipes-action="bet-amount"]')

    # an empty bet: the message sits right after the field, which is marked invalid and keeps the focus
    field.fill("")
    field.press("Enter")
    error = page.locator(f"{table} .naipes-field-error")
    error.wait_for()
    want = cpython(initial, [("bet-amount", ""), ("bet", "")])
    expected = lxml_html.fragment_fromstring(want).xpath('.//*[contains(@class,"naipes-field-error")]')[0]
    assert norm(error.inner_text()).endswith(norm(expected.text_content()))
    assert "no ." not in error.inner_text()
    field = page.locator(f'{table} input[data-naipes-action="bet-amount"]')
    assert field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == error.get_attribute("id")
    assert focused(page)[0] == "bet-amount"
    gap = error.bounding_box()["y"] - (field.bounding_box()["y"] + field.bounding_box()["height"])
    assert 0 <= gap < 40, f"the message is {gap}px below the field"

    # Enter places a good bet; the focus moves to the decision that follows
    field.fill("2")
    field.press("Enter")
    page.wait_for_function("(sel) => JSON.parse(document.querySelector(sel).dataset.naipesState).play[0].length > 0",
                           arg=table)
    action, disabled, tag = focused(page)
    assert tag == "BUTTON" and not disabled and action in ("ask-face-up", "ask-face-down", "stand", "draw")
    press(page, table, "stand")
    played = state_of(page, table)
    want = cpython(initial, [("bet-amount", ""), ("bet", ""), ("bet-amount", "2"), ("bet", ""), ("stand", "")])
    assert played == json.loads(lxml_html.fragment_fromstring(want).get("data-naipes-state"))

    other = page.context.new_page()
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(copy_link(page, table))
    wait_state(other, table, played)
    assert shown_narration(other, table) == narration(want)


def test_two_games_on_one_page_keep_their_own_links(page):
    table, pool = "#naipes-table", "#naipes-progressive"
    page.goto(page_url("en", TRIJOKER))
    wait_ready(page, table)
    press(page, table, "next")
    press(page, table, "next")
    deal = page.locator(f"{pool} button[data-naipes-action]:not([disabled])").first
    old = page.get_attribute(pool, "data-naipes-state")
    deal.click()
    page.wait_for_function("([s, o]) => document.querySelector(s).getAttribute('data-naipes-state') !== o",
                           arg=[pool, old])
    games = {key: state_of(page, key) for key in (table, pool)}
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"table": [link(games[table])], "progressive": [link(games[pool])]}
    other = page.context.new_page()
    other.goto(page.url)
    for key, state in games.items():
        wait_state(other, key, state)


def test_a_damaged_link_starts_a_new_game_and_says_so(page):
    coup = "#naipes-coup"
    page.goto(page_url("en", PUNTO_BANCA) + "?x=1&coup=1.bm90LWpzb24")
    page.wait_for_selector(f'{coup}[data-naipes-mode="live"] .naipes-status[role="alert"]', timeout=ENGINE_TIMEOUT)
    assert norm(page.locator(f"{coup} .naipes-status").inner_text()) == translate(LINK_DAMAGED, "en")
    fresh = widgets.render({"widget": "coup", "game": "punto-banca"}, "en")
    assert state_of(page, coup) == json.loads(lxml_html.fragment_fromstring(fresh).get("data-naipes-state"))
    assert parse_qs(urlsplit(page.url).query) == {"x": ["1"]}  # the broken link is gone, the rest stays


def heading_above(site, lang: str, widget_id: str) -> tuple[int, str]:
    """The position and id of the last section heading before a widget, in the built page."""
    tree = lxml_html.parse(str(site / page_url(lang, PUNTO_BANCA) / "index.html"))
    headings = tree.xpath('//*[contains(@class,"md-content")]//h2[@id]')
    before = tree.xpath(f'//*[@id="{widget_id}"]/preceding::h2[@id]')
    return headings.index(before[-1]), before[-1].get("id")


def test_the_language_switch_keeps_the_game_and_the_anchor_and_marks_the_language(page, site):
    coup = "#naipes-coup"
    start = widgets.render({"widget": "coup", "game": "punto-banca"}, "es")
    state = json.loads(lxml_html.fragment_fromstring(start).get("data-naipes-state"))
    played = json.loads(lxml_html.fragment_fromstring(cpython(state, [("next", ""), ("next", "")])).get(
        "data-naipes-state"))
    index, spanish_id = heading_above(site, "es", "naipes-coup")
    catalan_index, catalan_id = heading_above(site, "ca", "naipes-coup")
    assert index == catalan_index and spanish_id != catalan_id  # headings' ids differ between languages
    page.goto(page_url("es", PUNTO_BANCA) + f"?coup={link(played)}#{spanish_id}")
    menu = ".md-select__link[hreflang]"
    marks = page.locator(menu).evaluate_all(
        "links => links.map(a => [a.hreflang, a.getAttribute('aria-current'), getComputedStyle(a, '::before').content])")
    assert [m[:2] for m in marks] == [["es", "true"], ["ca", None], ["en", None]]
    assert "✓" in marks[0][2] and marks[1][2] in ("none", "normal")
    page.locator(".md-header .md-select").hover()
    page.locator(f'{menu}[hreflang="ca"]').click()
    page.wait_for_url(re.compile(r".*/ca/games/punto-banca/\?coup=.*"))
    assert parse_qs(urlsplit(page.url).query) == {"coup": [link(played)]}
    page.wait_for_function("(id) => location.hash === '#' + id", arg=catalan_id)
    assert page.locator(f'{menu}[hreflang="ca"]').get_attribute("aria-current") == "true"
    wait_state(page, coup, dict(played, lang="ca"))
    want = cpython(dict(played, lang="ca", step=0), [("next", ""), ("next", "")])
    assert shown_narration(page, coup) == narration(want)
