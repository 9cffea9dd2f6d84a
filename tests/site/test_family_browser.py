"""The baccarat-family pages in Chromium: every new widget driven by Pyodide, compared with CPython.

Each test loads one page (with ``?seed=`` where a coup should stop for the reader's decision), clicks
a decision button and changes a select, and checks that the browser shows exactly what
``naipes.widgets.handle`` returns under CPython. The chemin de fer coup is played in all three
languages; the comparison page, a static widget, must not load Pyodide at all.
"""

from __future__ import annotations

import json

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import LANGS, page_url

WIDGET = '.naipes-widget[data-naipes-widget="{}"]'


def norm(text: str) -> str:
    return " ".join(text.split())


def sel(kind: str, game: str | None = None) -> str:
    return WIDGET.format(kind) + (f"""[data-naipes-state*='"game":"{game}"']""" if game else "")


def state_of(page, selector: str) -> str:
    return page.get_attribute(selector, "data-naipes-state")


def wait_change(page, selector: str, old: str) -> None:
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel); return r && r.getAttribute('data-naipes-state') !== old; }",
        arg=[selector, old],
    )


def ready(page, selector: str) -> None:
    page.locator(selector).scroll_into_view_if_needed()
    page.dispatch_event(selector, "pointerdown")
    page.wait_for_selector(selector + '[data-naipes-mode="ready"], ' + selector + '[data-naipes-mode="live"]',
                           timeout=60_000)


def live_texts(page, selector: str, part: str) -> list[str]:
    """The text of every ``part`` element (a CSS selector) inside the live widget."""
    return [norm(t) for t in page.locator(selector).locator(part).all_text_contents()]


def expected_texts(page, html: str, part: str) -> list[str]:
    """The same for CPython's HTML, parsed and queried by the browser (detached, never shown)."""
    found = page.evaluate(
        "([html, part]) => { const t = document.createElement('template'); t.innerHTML = html.trim();"
        " return [...t.content.firstElementChild.querySelectorAll(part)].map((e) => e.textContent); }",
        [html, part])
    return [norm(t) for t in found]


def act(page, selector: str, control: str, action: str, value: str, parts: str) -> None:
    """Use a control in the browser and check the widget against CPython's answer to the same action."""
    old = state_of(page, selector)
    expected = widgets.handle(old, action, value)
    locator = page.locator(selector).locator(control)
    if control.startswith("select"):
        locator.select_option(value)
    else:
        locator.click()
    wait_change(page, selector, old)
    assert json.loads(state_of(page, selector)) == json.loads(
        lxml_html.fragment_fromstring(expected).get("data-naipes-state"))
    assert live_texts(page, selector, parts) == expected_texts(page, expected, parts)
    assert not page.locator(selector).locator('[role="alert"]').count()


def seed_for(game: str, lang: str, waiting, **options) -> int:
    """The first seed whose coup, dealt to the end, waits for a decision of the reader that `waiting` accepts."""
    for seed in range(1, 2000):
        spec = {"widget": "coup", "game": game, "seed": str(seed), **{k: str(v) for k, v in options.items()}}
        state = lxml_html.fragment_fromstring(widgets.render(spec, lang)).get("data-naipes-state")
        role = lxml_html.fragment_fromstring(widgets.handle(state, "finish", "")).get("data-naipes-waiting")
        if role is not None and waiting(role):
            return seed
    raise AssertionError("no seed found")


def open_coup(page, lang: str, game_page: str, seed: int) -> str:
    page.goto(page_url(lang, game_page) + f"?seed={seed}")
    selector = WIDGET.format("coup")
    seeded = selector + f'[data-naipes-seed="{seed}"]'
    page.wait_for_selector(f'{seeded}[data-naipes-mode="live"], {seeded}[data-naipes-mode="ready"]', timeout=60_000)
    return selector


COUP_PARTS = ".naipes-narration li, .naipes-hand, .naipes-decision, .naipes-explanation, table td"


@pytest.mark.parametrize("lang", LANGS)
def test_chemin_de_fer_punto_decides_on_five_in_every_language(page, lang):
    seed = seed_for("chemin-de-fer", lang, lambda w: w == "player")
    coup = open_coup(page, lang, "games/chemin-de-fer.md", seed)
    act(page, coup, '[data-naipes-action="finish"]', "finish", "", COUP_PARTS)
    assert page.locator(coup).locator('.naipes-card-back').count() == 2  # the banker's cards are hidden
    act(page, coup, '[data-naipes-action="choose"][data-naipes-value="draw"]', "choose", "draw", COUP_PARTS)
    act(page, coup, '[data-naipes-action="finish"]', "finish", "", COUP_PARTS)
    # settled: what the stake became, then what the reader's "card" was worth against "no"
    assert page.locator(coup).locator(".naipes-explanation").count() == 2
    assert page.locator(coup).get_attribute("lang") == lang
    if lang != "es":
        return
    # the other side: the reader holds the bank
    act(page, coup, 'select[data-naipes-action="side"]', "side", "banker", COUP_PARTS)
    # decide at five: the shoe model, then another banker total
    five = WIDGET.format("decide-five")
    parts = "caption, th, td, .naipes-explanation"
    act(page, five, 'select[data-naipes-action="model"]', "model", "shoe", parts)
    act(page, five, 'select[data-naipes-action="total"]', "total", "5", parts)
    # odds: the punto mixes optimally
    act(page, WIDGET.format("odds"), 'select[data-naipes-action="punto"]', "punto", "optimal", "caption, th, td")


def test_dos_panos_the_reader_plays_a_pano_and_the_odds_change(page):
    seed = seed_for("dos-panos", "ca", lambda w: w.startswith("pano"))
    coup = open_coup(page, "ca", "games/dos-panos.md", seed)
    act(page, coup, '[data-naipes-action="finish"]', "finish", "", COUP_PARTS)
    act(page, coup, '[data-naipes-action="choose"][data-naipes-value="stand"]', "choose", "stand", COUP_PARTS)
    act(page, coup, '[data-naipes-action="finish"]', "finish", "", COUP_PARTS)
    act(page, coup, 'select[data-naipes-action="side"]', "side", "banker", COUP_PARTS)
    odds = WIDGET.format("odds")
    ready(page, odds)
    act(page, odds, 'select[data-naipes-action="panos"]', "panos", "draw", "caption, th, td")


def test_mini_bacara_insurance_boxes_and_odds(page):
    seed = seed_for("mini-bacara", "en", lambda w: w == "insurance")
    coup = open_coup(page, "en", "games/mini-bacara.md", seed)
    act(page, coup, '[data-naipes-action="finish"]', "finish", "", COUP_PARTS)
    act(page, coup, '[data-naipes-action="choose"][data-naipes-value="insure"]', "choose", "insure", COUP_PARTS)
    assert page.locator(coup).locator('[data-naipes-action="choose"]').count() == 0  # the rest is dealt
    act(page, coup, '[data-naipes-action="finish"]', "finish", "", COUP_PARTS)
    assert page.locator(coup).locator("table td").count() >= 4  # each box settled, with the insurance
    act(page, coup, 'select[data-naipes-action="boxes"]', "boxes", "5", COUP_PARTS)
    odds = WIDGET.format("odds")
    act(page, odds, 'select[data-naipes-action="decks"]', "decks", "8", "caption, th, td")


def test_mini_and_midi_odds_and_coup(page):
    page.goto(page_url("es", "games/mini-midi.md"))
    mini, midi, coup = sel("odds", "mini-punto-banca"), sel("odds", "midi-punto-banca"), WIDGET.format("coup")
    ready(page, mini)
    act(page, mini, 'select[data-naipes-action="preset"]', "preset", "clasificador-bo-cl-mini", "caption, th, td, .naipes-note")
    act(page, midi, 'select[data-naipes-action="decks"]', "decks", "1", "caption, th, td")
    act(page, coup, '[data-naipes-action="next"]', "next", "", COUP_PARTS)
    act(page, coup, 'select[data-naipes-action="preset"]', "preset", "cat-2016-mini", COUP_PARTS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_comparison_is_static_in_every_language_and_loads_no_pyodide(page, rec, lang):
    page.goto(page_url(lang, "games/comparison.md"))
    root = page.locator(WIDGET.format("comparison"))
    assert root.get_attribute("data-naipes-static") == "true"
    expected = widgets.render({"widget": "comparison", "family": "baccarat"}, lang)
    got = live_texts(page, WIDGET.format("comparison"), "th, td, li")
    assert got == expected_texts(page, expected, "th, td, li") and len(got) > 100
    root.scroll_into_view_if_needed()
    root.locator("td").first.click()
    page.wait_for_timeout(300)
    assert rec.pyodide_requests() == []
