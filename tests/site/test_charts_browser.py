"""The engine's charts on the built site: on every page that has them in es, ca and en, readable as they were built
(the drawing and its table in the static HTML), the same as the engine draws them, and drawn again by Pyodide when
the reader changes a choice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import page_url

LANGS = ("es", "ca", "en")
#: The pages the charts issue lists, with the charts each must carry.
PAGES = {
    "games/punto-banca.md": {"edge-by-decks", "totals"},
    "games/mini-midi.md": {"edge-by-decks", "totals"},
    "games/black-jack.md": {"dealer", "tornado"},
    "games/challenge-21.md": {"dealer"},
    "games/siete-y-medio.md": {"bust"},
    "games/treinta-y-cuarenta.md": {"row-totals", "endings"},
    "games/circle-poker.md": {"categories-5"},
    "games/chemin-de-fer.md": {"banker"},
    "games/dos-panos.md": {"banker"},
    "games/progressive-jackpots.md": {"progressive"},
}
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
