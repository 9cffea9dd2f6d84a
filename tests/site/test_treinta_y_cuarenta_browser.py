"""The Treinta y Cuarenta page in Chromium: a coup played at the table through Pyodide in es, ca and en, each
compared with what CPython's engine answers to the same actions; the seed in the URL; the odds table's choices."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.web.registry import from_link

from site_helpers import page_url

GAME = "games/treinta-y-cuarenta.md"
TABLE = '.naipes-widget[data-naipes-widget="coup"]'
ODDS = '.naipes-widget[data-naipes-widget="odds"]'


def norm(text: str) -> str:
    return " ".join(text.split())


def state_of(page, selector: str = TABLE) -> str:
    return page.get_attribute(selector, "data-naipes-state")


def start_engine(page, selector: str = TABLE) -> None:
    page.locator(selector).scroll_into_view_if_needed()
    page.dispatch_event(selector, "pointerdown")
    page.wait_for_selector(f'{selector}[data-naipes-mode="ready"], {selector}[data-naipes-mode="live"]',
                           timeout=60_000)


def wait_changed(page, old: str, selector: str = TABLE) -> None:
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel);"
        " return r && r.getAttribute('data-naipes-state') !== old; }",
        arg=[selector, old],
    )


def expected_after(state: str, steps) -> str:
    html = ""
    for action, value in steps:
        html = widgets.handle(state, action, value)
        state = lxml_html.fragment_fromstring(html).get("data-naipes-state")
    return html


def narration_of(html: str) -> list[str]:
    return [norm(li.text_content()) for li in
            lxml_html.fragment_fromstring(html).xpath('.//*[contains(@class,"naipes-narration")]/li')]


def cards_of(html: str, row: str) -> list[str]:
    return lxml_html.fragment_fromstring(html).xpath(f'.//*[@data-naipes-hand="{row}"]//@data-naipes-card')


@pytest.mark.parametrize("lang, words", [
    ("es", ("Primera carta de la jugada, para NEGRA", "El crupier anuncia", "fuente 001", "Negro:")),
    ("ca", ("Primera carta de la jugada, per a NEGRA", "El crupier anuncia", "font 001", "Negre:")),
    ("en", ("First card of the coup, to NEGRA", "The croupier announces", "source 001", "Noir:")),
])
def test_a_coup_played_at_the_table_in_each_language(page, lang, words):
    page.goto(page_url(lang, GAME))
    start_engine(page)
    root = page.locator(TABLE)
    assert root.get_attribute("lang") == lang
    initial = state_of(page)
    assert json.loads(initial)["coups"] == []
    # stake on couleur, then deal: both rows come out with the card component, the payouts are narrated
    old = state_of(page)
    root.locator('select[data-naipes-action="stake"]').nth(2).select_option("couleur:5")
    wait_changed(page, old)
    old = state_of(page)
    root.locator('button[data-naipes-action="deal"]').click()
    wait_changed(page, old)
    want = expected_after(initial, [("stake", "couleur:5"), ("deal", "")])
    got = [norm(t) for t in root.locator(".naipes-narration li").all_text_contents()]
    assert got == narration_of(want)
    text = " ".join(got)
    assert all(word in text for word in words), text
    for row in ("negra", "roja"):
        shown = root.locator(f'[data-naipes-hand="{row}"] [data-naipes-card]').evaluate_all(
            "els => els.map(e => e.getAttribute('data-naipes-card'))")
        assert shown == cards_of(want, row) and len(shown) >= 4
    assert json.loads(state_of(page))["coups"] == [{"noir": 10, "couleur": 5}]
    assert root.locator("[data-naipes-settlement] tr[data-naipes-bet]").count() == 2
    assert not root.locator('[role="alert"]').count()


def test_the_address_keeps_the_seed_and_the_stakes_of_the_table(page):
    page.goto(page_url("en", GAME) + "?seed=4242")
    page.wait_for_selector(TABLE + '[data-naipes-seed="4242"]', timeout=60_000)
    state = state_of(page)
    assert json.loads(state)["seed"] == 4242
    page.locator(TABLE).scroll_into_view_if_needed()
    page.locator(TABLE).locator('button[data-naipes-action="deal"]').click()
    wait_changed(page, state)
    dealt = state_of(page)
    want = narration_of(expected_after(state, [("deal", "")]))
    assert [norm(t) for t in page.locator(f"{TABLE} .naipes-narration li").all_text_contents()] == want
    # The address now holds the table (its seed and the stakes of every coup dealt): opened again, it shows the
    # same coup.
    key = page.get_attribute(TABLE, "data-naipes-key")
    link = parse_qs(urlsplit(page.url).query)[key][0]
    assert from_link({"widget": "coup", "game": "treinta-y-cuarenta", "lang": "en"}, link) == json.loads(dealt)
    again = page.context.new_page()
    again.goto(page.url)
    again.wait_for_selector(TABLE + '[data-naipes-seed="4242"]', timeout=60_000)
    again.wait_for_function(
        "sel => { const r = document.querySelector(sel); return r && JSON.parse(r.getAttribute("
        "'data-naipes-state')).coups.length === 1; }", arg=TABLE)
    assert [norm(t) for t in again.locator(f"{TABLE} .naipes-narration li").all_text_contents()] == want


def test_the_odds_table_answers_in_the_browser(page):
    page.goto(page_url("ca", GAME))
    start_engine(page, ODDS)
    initial = state_of(page, ODDS)
    page.locator(ODDS).locator('select[data-naipes-action="tie-rule"]').select_option("prison")
    wait_changed(page, initial, ODDS)
    prison = state_of(page, ODDS)
    page.locator(ODDS).locator('select[data-naipes-action="prison-again"]').select_option("lost")
    wait_changed(page, prison, ODDS)
    middle = state_of(page, ODDS)
    page.locator(ODDS).locator('select[data-naipes-action="left"]').select_option("12")
    wait_changed(page, middle, ODDS)
    want = lxml_html.fragment_fromstring(expected_after(initial, [("tie-rule", "prison"), ("prison-again", "lost"), ("left", "12")]))
    cells = page.locator(f'{ODDS} tr[data-naipes-bet] td').evaluate_all(
        "els => els.map(e => e.getAttribute('data-naipes-exact'))")
    assert cells == want.xpath('.//tr[@data-naipes-bet]/td/@data-naipes-exact')
    assert page.locator(ODDS).get_attribute("lang") == "ca"
    static = page.locator('.naipes-widget[data-naipes-widget="presets"]')
    assert static.get_attribute("data-naipes-static") == "true"
