"""The Siete y medio page in Chromium: a hand played at the table through Pyodide, in es, ca and en."""

from __future__ import annotations

import json

from lxml import html as lxml_html

from naipes import widgets

from site_helpers import page_url

GAME = "games/siete-y-medio.md"
TABLE = '.naipes-widget[data-naipes-widget="table"]'


def norm(text: str) -> str:
    return " ".join(text.split())


def state_of(page) -> str:
    return page.get_attribute(TABLE, "data-naipes-state")


def start_engine(page):
    page.locator(TABLE).scroll_into_view_if_needed()
    page.dispatch_event(TABLE, "pointerdown")
    page.wait_for_selector(TABLE + '[data-naipes-mode="ready"]', timeout=60_000)


def wait_for_state(page, predicate_js: str):
    """Wait until the table's state (parsed JSON, as ``s``) satisfies ``predicate_js``."""
    page.wait_for_function(
        "([sel, body]) => { const r = document.querySelector(sel); if (!r) return false;"
        " const s = JSON.parse(r.getAttribute('data-naipes-state')); return new Function('s', body)(s); }",
        arg=[TABLE, "return " + predicate_js],
    )


def wait_changed(page, old: str):
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel);"
        " return r && r.getAttribute('data-naipes-state') !== old; }",
        arg=[TABLE, old],
    )


def click(page, action: str):
    old = state_of(page)
    page.locator(f'{TABLE} button[data-naipes-action="{action}"]').click()
    wait_changed(page, old)


def expected_after(state: str, steps) -> str:
    html = ""
    for action, value in steps:
        html = widgets.handle(state, action, value)
        state = lxml_html.fragment_fromstring(html).get("data-naipes-state")
    return html


def narration_of(html: str) -> list[str]:
    return [norm(li.text_content()) for li in
            lxml_html.fragment_fromstring(html).xpath('.//*[contains(@class,"naipes-narration")]/li')]


def test_a_hand_played_in_spanish_bet_ask_stand_and_the_bank_plays(page):
    page.goto(page_url("es", GAME))
    start_engine(page)
    initial = state_of(page)
    assert json.loads(initial)["play"] == [[]]
    root = page.locator(TABLE)
    assert root.get_attribute("lang") == "es"
    # The reader's own face-down card is on show, marked; everybody else's is a card back.
    assert root.locator('[data-naipes-seat="0"] .naipes-card-hidden').count() == 1
    assert "tapada" in root.locator('[data-naipes-seat="0"] .naipes-card-hidden').inner_text()
    assert root.locator(".naipes-card-back").count() == json.loads(initial)["engines"] + 1
    assert page.locator(f'{TABLE} button[data-naipes-action="stand"]').is_disabled()

    page.locator(f'{TABLE} input[data-naipes-action="bet-amount"]').fill("2")
    page.locator(f'{TABLE} button[data-naipes-action="bet"]').click()  # the input's change goes first
    wait_for_state(page, "s.play[0].length === 1 && s.play[0][0][1] === 2")
    assert page.locator(f'{TABLE} button[data-naipes-action="bet"]').is_disabled()
    click(page, "ask-face-up")
    click(page, "stand")

    want = expected_after(initial, [("bet-amount", "2"), ("bet", ""), ("ask-face-up", ""), ("stand", "")])
    got = [norm(t) for t in root.locator(".naipes-narration li").all_inner_texts()]
    assert got == narration_of(want)
    assert "El jugador 1 apuesta 2 puntos." in got
    assert any(line.startswith("El jugador 1 pide carta boca arriba:") for line in got)
    assert any(line.startswith("La banca descubre su carta") for line in got)  # the bank played
    assert any(line.startswith("La banca recibe") for line in got)
    assert any(line.startswith("El jugador 1 ") and (" gana " in line or " pierde " in line) for line in got)
    assert root.locator(".naipes-card-back").count() == 0  # the hand is over: every card shows
    assert not page.locator(f'{TABLE} button[data-naipes-action="next"]').is_disabled()
    points = root.locator("td[data-naipes-points]").all_inner_texts()
    assert sum(int(p) for p in points) == 100 * len(points)


def test_catalan_an_invalid_bet_is_refused_inline_and_kept(page):
    page.goto(page_url("ca", GAME))
    start_engine(page)
    before = state_of(page)
    page.locator(f'{TABLE} input[data-naipes-action="bet-amount"]').fill("50")
    page.locator(f'{TABLE} button[data-naipes-action="bet"]').click()
    # the message sits next to the bet field, which is marked invalid and names it
    page.wait_for_selector(f"{TABLE} .naipes-field-error")
    want = expected_after(before, [("bet-amount", "50"), ("bet", "")])
    error = lxml_html.fragment_fromstring(want).xpath('.//*[contains(@class,"naipes-field-error")]')[0].text_content()
    assert norm(page.locator(f"{TABLE} .naipes-field-error").inner_text()) == norm(error)
    field = page.locator(f'{TABLE} input[data-naipes-action="bet-amount"]')
    assert field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == page.locator(f"{TABLE} .naipes-field-error").get_attribute("id")
    assert error.startswith("L’aposta") or error.startswith("L'aposta")
    assert page.locator(f'{TABLE} input[data-naipes-action="bet-amount"]').input_value() == "50"
    assert json.loads(state_of(page))["play"] == [[]]


def test_english_the_odds_button_gives_the_bust_chance(page):
    page.goto(page_url("en", GAME))
    start_engine(page)
    initial = state_of(page)
    page.locator(f'{TABLE} button[data-naipes-action="bet"]').click()
    wait_for_state(page, "s.play[0].length === 1")
    click(page, "odds")
    want = expected_after(initial, [("bet", ""), ("odds", "")])
    odds = [norm(li.text_content()) for li in lxml_html.fragment_fromstring(want).xpath('.//*[@class="naipes-odds"]//li')]
    got = [norm(t) for t in page.locator(f"{TABLE} .naipes-odds li").all_inner_texts()]
    assert got == odds
    assert got[0].startswith("Chance of going over 7½ with one more card:")
    assert page.locator(f'{TABLE} button[data-naipes-action="odds"]').get_attribute("aria-pressed") == "true"
    # The bust table beside it is static: no engine needed, numbers already in the page.
    bust = page.locator('.naipes-widget[data-naipes-widget="bust-table"]')
    assert bust.get_attribute("data-naipes-static") == "true"
    assert "7½ with two cards:" in bust.inner_text()


def test_a_bet_typed_then_clicked_is_placed_however_slowly_the_button_is_released(page):
    """Leaving the field sends the amount on the button's press; its answer must not redraw the table before
    the release, or the browser drops the click (its press and release would hit different buttons)."""
    page.goto(page_url("en", GAME))
    start_engine(page)
    page.locator(f'{TABLE} input[data-naipes-action="bet-amount"]').fill("3")
    button = page.locator(f'{TABLE} button[data-naipes-action="bet"]')
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(1500)  # far longer than the engine takes to answer the amount
    page.mouse.up()
    wait_for_state(page, "s.play[0].length === 1 && s.play[0][0][1] === 3")
