"""The Black Jack and Challenge 21 pages in Chromium: a coup with insurance and a split played through Pyodide in
es, ca and en, the chart's deck choice, and Challenge 21's three rounds."""

from __future__ import annotations

import json

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.games.black_jack.widgets import table_record

from site_helpers import page_url

BLACK_JACK, CHALLENGE = "games/black-jack.md", "games/challenge-21.md"
TABLE = '.naipes-widget[data-naipes-widget="coup"]'
CHART = '.naipes-widget[data-naipes-widget="strategy"]'


def norm(text: str) -> str:
    return " ".join(text.split())


def state_of(page) -> str:
    return page.get_attribute(TABLE, "data-naipes-state")


def start_engine(page, selector: str = TABLE):
    page.locator(selector).scroll_into_view_if_needed()
    page.dispatch_event(selector, "pointerdown")
    page.wait_for_selector(selector + '[data-naipes-mode="ready"]', timeout=60_000)


def wait_changed(page, old: str, selector: str = TABLE):
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel);"
        " return r && r.getAttribute('data-naipes-state') !== old; }", arg=[selector, old])


def choose(page, value: str) -> None:
    old = state_of(page)
    page.locator(f'{TABLE} button[data-naipes-action="choose"][data-naipes-value="{value}"]').click()
    wait_changed(page, old)


def narration_of(html: str) -> list[str]:
    return [norm(li.text_content()) for li in
            lxml_html.fragment_fromstring(html).xpath('.//*[contains(@class,"naipes-narration")]/li')]


def seed_with_insurance_and_a_pair(game: str = "black-jack") -> int:
    """A seed whose coup shows the dealer an ace and deals the reader a pair (found by the engine, here)."""
    for seed in range(1, 20_000):
        state = {"widget": "coup", "game": game, "lang": "en", "preset": "clasificador-bo-cl", "decks": 6,
                 "seed": seed, "bet": 1, "answers": [], "advice": False, **(
                     {"pp": 1} if game == "black-jack" else {"third": True})}
        coup = table_record(state)[0].coup
        hand = coup.boxes[0].hands[0]
        if (coup.dealer_first.rank == "A" and hand.cards[0].rank == hand.cards[1].rank
                and hand.cards[0].rank not in "A"):
            return seed
    raise AssertionError("no seed found")


WORDS = {"es": ("se asegura", "separa la pareja"), "ca": ("s’assegura", "separa la parella"),
         "en": ("takes insurance", "splits the pair")}


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_a_coup_with_insurance_and_a_split(page, lang):
    seed = seed_with_insurance_and_a_pair()
    page.goto(page_url(lang, BLACK_JACK) + f"?seed={seed}")
    page.wait_for_selector(TABLE + f'[data-naipes-seed="{seed}"]', timeout=60_000)  # the link's seed, dealt
    initial = state_of(page)
    steps = [("choose", "insure"), ("choose", "split")]
    choose(page, "insure")
    choose(page, "split")
    # Stand on every hand left (the split hands), as the buttons allow.
    for _ in range(6):
        buttons = page.locator(f'{TABLE} button[data-naipes-action="choose"][data-naipes-value="stand"]')
        if not buttons.count():
            break
        choose(page, "stand")
        steps.append(("choose", "stand"))
    html = ""
    state = initial
    for action, value in steps:
        html = widgets.handle(state, action, value)
        state = lxml_html.fragment_fromstring(html).get("data-naipes-state")
    got = [norm(t) for t in page.locator(f"{TABLE} .naipes-narration li").all_inner_texts()]
    assert got == narration_of(html)
    insured, split = WORDS[lang]
    assert any(insured in line for line in got) and any(split in line for line in got)
    assert page.locator(f"{TABLE} [data-naipes-hand]").count() >= 2
    # Each click answered through Pyodide; the bound is generous for a loaded test machine.


def test_the_advice_shows_a_value_for_each_action(page):
    seed = seed_with_insurance_and_a_pair()
    page.goto(page_url("en", BLACK_JACK) + f"?seed={seed}")
    page.wait_for_selector(TABLE + f'[data-naipes-seed="{seed}"]', timeout=60_000)
    old = state_of(page)
    page.locator(f'{TABLE} button[data-naipes-action="advice"]').click()
    wait_changed(page, old)
    items = page.locator(f"{TABLE} [data-naipes-advice-action]")
    assert items.count() == 2  # insure or decline
    choose(page, "decline")
    assert page.locator(f"{TABLE} [data-naipes-advice-action]").count() >= 3  # hit, stand, split, ...


def test_the_chart_changes_with_the_decks(page):
    page.goto(page_url("en", BLACK_JACK))
    start_engine(page, CHART)
    old = page.get_attribute(CHART, "data-naipes-state")
    page.select_option(f'{CHART} select[data-naipes-action="decks"]', "1")
    wait_changed(page, old, CHART)
    expected = widgets.handle(old, "decks", "1")
    edge = lxml_html.fragment_fromstring(expected).xpath('.//*[@data-naipes-edge]')[0]
    assert page.get_attribute(f"{CHART} [data-naipes-edge]", "data-naipes-exact") == edge.get("data-naipes-exact")


def test_challenge_21_plays_three_rounds(page):
    page.goto(page_url("es", CHALLENGE))
    start_engine(page)
    for _ in range(8):
        buttons = page.locator(f'{TABLE} button[data-naipes-action="choose"]')
        if not buttons.count():
            break
        values = [buttons.nth(i).get_attribute("data-naipes-value") for i in range(buttons.count())]
        choose(page, "stand" if "stand" in values else "decline" if "decline" in values else values[0])
    got = [norm(t) for t in page.locator(f"{TABLE} .naipes-narration li").all_inner_texts()]
    assert got[-1].startswith("Casilla 1:")
    assert page.locator(f"{TABLE} [data-naipes-dealer]").count() == 3
    assert json.loads(state_of(page))["third"] is True
