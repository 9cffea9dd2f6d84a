"""The trainer in Chromium: a Black Jack drill of hard totals played by keyboard alone through Pyodide, its
verdicts announced in the widget's live region, and the tally it shows equal to the engine's for the same keys."""

from __future__ import annotations

import json

from lxml import html as lxml_html

from naipes import widgets

from site_helpers import page_url

TRAINER = '.naipes-widget[data-naipes-widget="trainer"]'


def _settled(page) -> None:
    """Wait until the widget has no value left to compute (the browser sends `fill` meanwhile by itself)."""
    page.wait_for_function(
        "sel => { const r = document.querySelector(sel);"
        " return r && r.getAttribute('data-naipes-mode') === 'live' && !r.hasAttribute('data-naipes-pending'); }",
        arg=TRAINER, timeout=120_000)


def _press(page, key: str) -> None:
    old = page.get_attribute(TRAINER, "data-naipes-state")
    page.keyboard.press(key)
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel);"
        " return r && r.getAttribute('data-naipes-state') !== old; }", arg=[TRAINER, old], timeout=60_000)
    _settled(page)


def _engine_settle(html: str) -> str:
    for _ in range(300):
        root = lxml_html.fragment_fromstring(html)
        if root.get("data-naipes-pending") != "fill":
            return html
        html = widgets.handle(root.get("data-naipes-state"), "fill", "")
    raise AssertionError("never settled")


def test_a_black_jack_drill_played_by_keyboard_keeps_the_tally(page):
    page.goto(page_url("en", "games/black-jack.md"))
    widget = page.locator(TRAINER)
    widget.scroll_into_view_if_needed()
    initial = widget.get_attribute("data-naipes-state")
    assert json.loads(initial)["drill"] == "hard"
    page.focus(f'{TRAINER} button[data-naipes-key="s"]')  # the keyboard goes into the trainer (Tab would too)
    page.wait_for_selector(TRAINER + '[data-naipes-mode="ready"], ' + TRAINER + '[data-naipes-mode="live"]',
                           timeout=60_000)
    keys = []
    for _ in range(2):
        assert page.get_attribute(f'{TRAINER} button[data-naipes-key="s"]', "aria-keyshortcuts") == "S"
        _press(page, "s")  # stand: the hand is over
        keys.append(("choose", "stand"))
        status = page.locator(f"{TRAINER} .naipes-status")
        page.wait_for_function("sel => document.querySelector(sel).textContent.length > 0",
                               arg=f"{TRAINER} .naipes-status", timeout=10_000)
        assert "against the dealer's" in status.inner_text()
        _press(page, "n")  # the next hand
        keys.append(("next", ""))
    tally = {cell.get_attribute("data-naipes-tally"): cell.locator("dd").inner_text()
             for cell in page.locator(f"{TRAINER} [data-naipes-tally]").all()}
    assert tally["decisions"] == "2"
    html = _engine_settle(widgets.handle(initial, "fill", ""))
    for action, value in keys:
        html = _engine_settle(widgets.handle(lxml_html.fragment_fromstring(html).get("data-naipes-state"),
                                             action, value))
    expected = lxml_html.fragment_fromstring(html)
    assert tally["mistakes"] == expected.xpath('.//*[@data-naipes-tally="mistakes"]/dd')[0].text_content()
    assert (page.get_attribute(f'{TRAINER} [data-naipes-tally="cost"] dd', "data-naipes-exact")
            == expected.xpath('.//*[@data-naipes-tally="cost"]/dd')[0].get("data-naipes-exact"))
    assert json.loads(page.get_attribute(TRAINER, "data-naipes-state"))["hand"] == 3
    assert "trainer=" in page.url  # the session is the page's link


def test_a_chemin_de_fer_rule_set_by_keyboard_changes_the_bank_s_exact_cost(page):
    """Tab to the decks select, one arrow key down (6 → 7 decks), Tab on to the decisions and "n" (no) for the bank:
    the verdict's best value and cost are those of a 7-deck shoe, computed independently
    (`tests/engine/chemin_de_fer_independent.py`), not those of the preset's 6 decks."""
    import sys
    from fractions import Fraction
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from chemin_de_fer_independent import bank_values

    page.goto(page_url("en", "games/chemin-de-fer.md"))
    widget = page.locator(TRAINER)
    widget.scroll_into_view_if_needed()
    assert "rules" not in json.loads(widget.get_attribute("data-naipes-state"))
    page.focus(f'{TRAINER} select[data-naipes-action="drill"]')  # the control before the rules' box
    page.wait_for_selector(TRAINER + '[data-naipes-mode="ready"], ' + TRAINER + '[data-naipes-mode="live"]',
                           timeout=60_000)
    for _ in range(4):
        if page.evaluate("() => document.activeElement.getAttribute('data-naipes-action')") == "decks":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('data-naipes-action')") == "decks"
    _press(page, "ArrowDown")
    session = json.loads(page.get_attribute(TRAINER, "data-naipes-state"))
    assert session["rules"] == {"decks": "7"} and session["hand"] == 2  # a new hand: the bank's, in this drill
    while page.evaluate("() => document.activeElement.tagName") != "BUTTON":
        page.keyboard.press("Tab")
    _press(page, "n")
    verdict = page.locator(f"{TRAINER} li[data-naipes-verdict]").first
    side, total, third = verdict.get_attribute("data-naipes-situation").split(";")
    assert side == "banker"
    cell = (int(total), int(third) if third else None)
    draw, stand = bank_values(7, Fraction(1, 20), *cell)
    assert Fraction(verdict.get_attribute("data-naipes-exact")) == max(draw, stand) - stand
    judged = json.loads(page.get_attribute(TRAINER, "data-naipes-state"))["verdicts"][0]
    assert Fraction(judged[3]) == max(draw, stand) != max(bank_values(6, Fraction(1, 20), *cell))
    assert "7" in page.locator(f'{TRAINER} select[data-naipes-action="decks"] option:checked').inner_text()
