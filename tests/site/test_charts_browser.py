"""The engine's charts on the built site: on every page that has them in es, ca and en, readable as they were built
(the drawing and its table in the static HTML), the same as the engine draws them, and drawn again by Pyodide when
the reader changes a choice."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import load_axe, page_url

LANGS = ("es", "ca", "en")
#: The pages the charts issue lists, with the charts each must carry.
PAGES = {
    "games/punto-banca.md": {"edge-by-decks", "totals"},
    "games/mini-midi.md": {"edge-by-decks", "totals"},
    "games/black-jack.md": {"dealer", "tornado"},
    "games/challenge-21.md": {"dealer"},
    "games/siete-y-medio.md": {"bust"},
    "games/treinta-y-cuarenta.md": {"row-totals", "endings"},
    "games/circle-poker.md": {"categories-5", "categories-7"},
    "games/chemin-de-fer.md": {"banker"},
    "games/dos-panos.md": {"banker"},
    "games/progressive-jackpots.md": {"progressive"},
    "games/trijoker.md": {"progressive"},
    "games/draw-poker.md": {"progressive"},
}
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: Every page of the site, in every language (the English tree lists them; the other two mirror it).
ALL_PAGES = sorted(str(p.relative_to(DOCS / "en")) for p in (DOCS / "en").rglob("*.md"))
CHART = '.naipes-widget[data-naipes-widget="chart"]'


def built(site: Path, lang: str, page: str):
    return lxml_html.parse(str(site / page_url(lang, page) / "index.html")).getroot()


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_carries_its_charts_in_every_language_as_the_engine_draws_them(site, page):
    for lang in LANGS:
        root = built(site, lang, page)
        found = root.xpath('//div[@data-naipes-widget="chart"]')
        names = {json.loads(el.get("data-naipes-state"))["chart"] for el in found}
        assert names >= PAGES[page], (lang, page, names)
        for el in found:
            state = json.loads(el.get("data-naipes-state"))
            assert el.get("lang") == lang == state["lang"]
            svg = el.xpath(".//*[local-name()='svg'][@role='img']")
            assert svg and svg[0].get("aria-label")
            assert el.xpath(".//details//table//td[@data-naipes-exact]")
            # The static chart is the engine's drawing of that state (the page's block, rendered at build time).
            spec = {k: str(v) for k, v in state.items() if k != "lang"}
            fresh = lxml_html.fragment_fromstring(widgets.render(spec, lang))
            drawn = [m.get("data-naipes-value") for m in el.xpath(".//*[@data-naipes-value]")]
            assert drawn == [m.get("data-naipes-value") for m in fresh.xpath(".//*[@data-naipes-value]")]


def test_every_chart_of_every_page_has_its_alternatives_and_its_table_holds_the_drawn_values(site):
    """Any figure an engine widget draws on any page (a chart block, or a chart inside another widget): an image with
    a name, a title and a description, a legend, and a collapsed table of exactly the drawn values; a chart block is
    the engine's drawing of its state, numbers and words alike."""
    seen = 0
    for lang in LANGS:
        for page in ALL_PAGES:
            root = built(site, lang, page)
            for figure in root.xpath('//figure[contains(concat(" ", @class, " "), " naipes-plot ")]'):
                seen += 1
                where = (lang, page, figure.get("data-naipes-plot"))
                svg = figure.xpath("./*[local-name()='svg']")
                assert svg and svg[0].get("role") == "img", where
                title = svg[0].xpath("./*[local-name()='title']")
                desc = svg[0].xpath("./*[local-name()='desc']")
                assert title and desc and svg[0].get("aria-label") == title[0].text_content() != "", where
                assert len(desc[0].text_content()) > 40, where
                assert figure.xpath("./ul[contains(@class, 'naipes-plot-legend')]/li"), where
                details = figure.xpath("./details[not(@open)]")
                assert details and details[0].xpath(".//table/caption")[0].text_content() == title[0].text_content()
                drawn = sorted(Fraction(m.get("data-naipes-value")) for m in figure.xpath(".//*[@data-naipes-value]"))
                tabled = sorted(Fraction(td.get("data-naipes-exact"))
                                for td in details[0].xpath(".//td[@data-naipes-exact]"))
                assert drawn and drawn in (tabled, [v for v in tabled if v > 0]), where  # a log scale draws no zero
                widget = figure.xpath('ancestor::div[@data-naipes-widget][1]')[0]
                assert widget.get("lang") == lang, where
                if widget.get("data-naipes-widget") == "chart":
                    state = json.loads(widget.get("data-naipes-state"))
                    spec = {k: str(v) for k, v in state.items() if k != "lang"}
                    fresh = lxml_html.fragment_fromstring(widgets.render(spec, lang)).xpath(".//figure")[0]
                    assert lxml_html.tostring(fresh) == lxml_html.tostring(figure, with_tail=False), where
    assert seen >= 3 * sum(map(len, PAGES.values()))


def test_a_chart_is_drawn_again_in_the_browser_when_a_choice_changes(page):
    page.goto(page_url("ca", "games/black-jack.md"))
    chart = page.locator(CHART).first
    chart.scroll_into_view_if_needed()
    before = chart.get_attribute("data-naipes-state")
    first_bust = chart.locator('rect[data-naipes-series="bust"]').first.get_attribute("data-naipes-value")
    chart.locator('select[data-naipes-action="decks"]').select_option("1")
    page.wait_for_function("([sel, old]) => document.querySelector(sel).getAttribute('data-naipes-state') !== old",
                           arg=[CHART, before], timeout=60_000)
    state = json.loads(page.locator(CHART).first.get_attribute("data-naipes-state"))
    assert state["decks"] == "1"
    bust = page.locator(CHART).first.locator('rect[data-naipes-series="bust"]').first.get_attribute("data-naipes-value")
    expected = lxml_html.fragment_fromstring(widgets.render(
        {"widget": "chart", "game": "black-jack", "chart": "dealer", "decks": "1"}, "ca"))
    assert bust == expected.xpath('.//rect[@data-naipes-series="bust"]')[0].get("data-naipes-value") != first_bust
    assert page.locator(CHART).first.get_attribute("lang") == "ca"


def test_siete_y_medios_bust_chart_is_drawn_again_with_the_cards_seen_out_of_the_baraja(page):
    page.goto(page_url("es", "games/siete-y-medio.md"))
    chart = f'{CHART}:has(figure[data-naipes-plot="bust"])'
    page.locator(chart).scroll_into_view_if_needed()
    before = page.get_attribute(chart, "data-naipes-state")
    page.wait_for_selector(f'{chart} select[data-naipes-action="seen"]:not([disabled])', timeout=120_000)
    page.locator(f'{chart} select[data-naipes-action="seen"]').select_option("figures-8")
    page.wait_for_function("([sel, old]) => document.querySelector(sel).getAttribute('data-naipes-state') !== old",
                           arg=[chart, before], timeout=90_000)
    drawn = [m.get_attribute("data-naipes-value") for m in page.locator(f"{chart} [data-naipes-value]").all()]
    expected = lxml_html.fragment_fromstring(widgets.render(
        {"widget": "chart", "game": "siete-y-medio", "chart": "bust", "seen": "figures-8"}, "es"))
    assert drawn == [m.get("data-naipes-value") for m in expected.xpath(".//*[@data-naipes-value]")]
    assert "ocho figuras" in page.locator(f"{chart} desc").first.text_content()
    assert _axe_on(page, chart) == []


def _axe_on(page, selector: str) -> list:
    load_axe(page)
    return page.evaluate("sel => axe.run(document.querySelector(sel), {runOnly: {type: 'tag', values: "
                         "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}})"
                         ".then(r => r.violations.map(v => v.id + ' ' + v.nodes[0].html.slice(0, 100)))", selector)


def _changed(page, selector: str, before: str) -> None:
    page.wait_for_function("([sel, old]) => document.querySelector(sel).getAttribute('data-naipes-state') !== old",
                           arg=[selector, before], timeout=90_000)


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_new_charts_are_drawn_again_live_and_axe_finds_nothing_on_them(page, scheme):
    """Dos paños' banker chart after a change of the first paño, and Black Jack's action values once the advice
    is shown (both drawn by Pyodide), as the engine draws them, checked by axe-core in either palette."""
    page.goto(page_url("en", "games/dos-panos.md"))
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    chart = '.naipes-widget[data-naipes-widget="chart"]'
    page.locator(chart).first.scroll_into_view_if_needed()
    before = page.get_attribute(chart, "data-naipes-state")
    page.locator(f'{chart} select[data-naipes-action="first"]').select_option("4")
    _changed(page, chart, before)
    drawn = [m.get_attribute("data-naipes-value") for m in page.locator(f"{chart} [data-naipes-value]").all()]
    expected = lxml_html.fragment_fromstring(widgets.render(
        {"widget": "chart", "game": "dos-panos", "chart": "banker", "first": "4"}, "en"))
    assert drawn == [m.get("data-naipes-value") for m in expected.xpath(".//*[@data-naipes-value]")]
    assert _axe_on(page, chart) == []

    page.goto(page_url("es", "games/black-jack.md"))
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    coup = '.naipes-widget[data-naipes-widget="coup"]'
    page.locator(coup).first.scroll_into_view_if_needed()
    advice = f'{coup} button[data-naipes-action="advice"]:not([aria-disabled="true"])'
    page.wait_for_selector(advice, timeout=120_000)  # the button waits for Python to start
    page.locator(advice).first.click()
    page.wait_for_selector(f'{coup} figure[data-naipes-plot="advice"]', timeout=90_000)
    listed = page.locator(f"{coup} li[data-naipes-advice-action]").count()
    assert page.locator(f'{coup} figure[data-naipes-plot="advice"] rect[data-naipes-value]').count() == listed > 1
    assert page.locator(f'{coup} figure[data-naipes-plot="advice"] rect[data-naipes-series="best"]').count() == 1
    page.wait_for_timeout(300)  # the pressed button's colours fade in (Material's 125 ms transition)
    assert _axe_on(page, coup) == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_black_jacks_tornado_and_the_trainers_decision_chart_are_axe_clean_and_the_verdicts_numbers(page, scheme):
    """The tornado as built, then the trainer's chart of a decision once the reader stands (drawn by Pyodide): its
    best and chosen bars and the cost are the verdict's numbers, and axe-core finds nothing on either."""
    page.goto(page_url("en", "games/black-jack.md"))
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    tornado = '.naipes-widget[data-naipes-widget="chart"]:has(figure[data-naipes-plot="tornado"])'
    page.locator(tornado).scroll_into_view_if_needed()
    assert page.locator(f"{tornado} rect[data-naipes-value]").count() >= 15
    assert _axe_on(page, tornado) == []
    trainer = '.naipes-widget[data-naipes-widget="trainer"]'
    page.locator(trainer).scroll_into_view_if_needed()
    stand = f'{trainer} button[data-naipes-value="stand"]:not([aria-disabled="true"])'
    page.wait_for_selector(stand, timeout=120_000)
    before = page.get_attribute(trainer, "data-naipes-state")
    page.locator(stand).click()
    _changed(page, trainer, before)
    page.wait_for_selector(f'{trainer} figure[data-naipes-plot="decision"]', timeout=90_000)
    verdict = json.loads(page.get_attribute(trainer, "data-naipes-state"))["verdicts"][0]
    best = page.locator(f'{trainer} figure[data-naipes-plot="decision"] rect[data-naipes-series="best"]')
    assert best.count() == 1 and best.get_attribute("data-naipes-value") == verdict[3]
    cost = page.locator(f'{trainer} figure[data-naipes-plot="decision"] rect[data-naipes-series="cost"]')
    assert cost.count() == (0 if verdict[4] == "0" else 1)
    if cost.count():
        assert cost.get_attribute("data-naipes-value") == verdict[4]
    page.wait_for_timeout(300)  # the pressed button's colours fade in (Material's 125 ms transition)
    assert _axe_on(page, trainer) == []


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_nothing_on_any_chart_block_of_the_issues_pages(static_page, scheme):
    """Every chart block as built (the static drawing, its selects and its table), in either palette."""
    page = static_page
    for name in sorted(PAGES):
        page.goto(page_url("ca", name))
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        page.wait_for_timeout(200)  # the palette's colours fade in
        for number in range(page.locator(CHART).count()):
            selector = f"{CHART} >> nth={number}"
            page.locator(selector).scroll_into_view_if_needed()
            load_axe(page)
            found = page.evaluate(
                "n => axe.run(document.querySelectorAll('.naipes-widget[data-naipes-widget=\"chart\"]')[n], "
                "{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}})"
                ".then(r => r.violations.map(v => v.id + ' ' + v.nodes[0].html.slice(0, 100)))", number)
            assert found == [], (name, number, found)
