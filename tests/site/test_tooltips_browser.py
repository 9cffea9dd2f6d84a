"""The glossary terms of the rules pages, in Chromium: a term's definition shows on a tap (phone, touch), on
keyboard focus and on hover, above the page (a table does not cut it); a second tap follows the term's link
to the glossary; a term is linked once per section, from one heading to the next.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from lxml import html as lxml_html

from site_helpers import LANGS, PYTHON_NEVER_STARTS, page_url

PUNTO_BANCA = "games/punto-banca.md"
# A tooltip lets clicks through (pointer-events: none): it takes them for a moment, to be found on top.
SHOWN = """(tip) => { const r = tip.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  tip.style.pointerEvents = 'auto';
  const hit = document.elementFromPoint(x, y);
  tip.style.pointerEvents = '';
  return {text: tip.textContent.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          onTop: !!hit && tip.contains(hit), inTable: !!tip.closest('table'), view: [innerWidth, innerHeight]}; }"""


def norm(text: str) -> str:
    return " ".join(text.split())


def shown(page, text: str | None = None) -> dict:
    """The active tooltip (the one showing `text` when given: a heading's permalink may show its own)."""
    tip = page.locator(".md-tooltip2--active")
    if text is not None:
        tip = tip.filter(has_text=norm(text)[:40])
    tip.wait_for()
    return tip.evaluate(SHOWN)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tap_on_a_phone_shows_the_definition_and_a_second_tap_opens_the_glossary(browser, base_url, lang):
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, service_workers="block")  # see conftest.page
    context.add_init_script(PYTHON_NEVER_STARTS)
    page = context.new_page()
    try:
        page.goto(page_url(lang, PUNTO_BANCA))
        term = page.locator("table abbr.naipes-term").first  # a term inside a table
        definition = term.get_attribute("title")
        href = term.locator("a").get_attribute("href")
        term.scroll_into_view_if_needed()
        term.locator("a").tap()
        tip = shown(page, definition)
        assert norm(tip["text"]) == norm(definition)
        assert not tip["inTable"] and tip["onTop"], tip  # above the table, nothing over it
        assert 0 <= tip["left"] and tip["right"] <= tip["view"][0] and 0 <= tip["top"] and tip["bottom"] <= tip["view"][1], tip
        assert urlsplit(page.url).path.endswith("/games/punto-banca/") and not urlsplit(page.url).fragment
        # a tap elsewhere hides it (the heading's own permalink may show its "Permanent link" tip meanwhile)
        page.locator("h1").tap()
        page.wait_for_function(
            "text => ![...document.querySelectorAll('.md-tooltip2--active')]"
            ".some(tip => tip.textContent.replace(/\\s+/g, ' ').trim() === text)", arg=norm(definition))
        # a second tap on the same term follows its link
        term.locator("a").tap()
        shown(page, definition)
        term.locator("a").tap()
        page.wait_for_url(f"**/glossary/{href.rsplit('/', 1)[1]}")
    finally:
        context.close()


def test_keyboard_focus_and_hover_show_the_definition(browser, base_url):
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900},
                                  service_workers="block")  # see conftest.page
    context.add_init_script(PYTHON_NEVER_STARTS)
    page = context.new_page()
    try:
        page.goto(page_url("es", PUNTO_BANCA))
        # focus a heading's permalink whose next stop for Tab is a term, then press Tab
        found = page.evaluate("""() => {
            const stops = [...document.querySelectorAll('.md-content :is(a[href], button, input, select, [tabindex])')]
              .filter(el => el.tabIndex >= 0 && el.getClientRects().length);
            const i = stops.findIndex((el, i) => el.classList.contains('headerlink') && stops[i + 1]
                                      && stops[i + 1].closest('abbr.naipes-term'));
            if (i < 0) return null;
            stops[i].focus();
            return stops[i + 1].closest('abbr.naipes-term').getAttribute('title'); }""")
        assert found, "a section whose first stop for Tab is a term"
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('abbr.naipes-term')")
        assert norm(shown(page, found)["text"]) == norm(found)
        tip = page.locator(".md-tooltip2--active").get_attribute("id")
        page.keyboard.press("Tab")  # the focus moves on: that definition goes
        page.locator(f"#{tip}").wait_for(state="detached")
        # a mouse over a term shows it too
        page.evaluate("document.activeElement.blur()")
        page.locator(".md-tooltip2--active").wait_for(state="detached")
        term = page.locator("abbr.naipes-term").nth(3)
        term.scroll_into_view_if_needed()
        definition = term.get_attribute("title")
        term.hover()
        assert norm(shown(page, definition)["text"]) == norm(definition)
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_term_is_linked_once_per_section(site, lang):
    doc = lxml_html.fromstring((site / page_url(lang, PUNTO_BANCA) / "index.html").read_text(encoding="utf-8"))
    article = doc.xpath('//article[contains(@class,"md-content__inner")]')[0]
    sections: list[list[str]] = [[]]
    for el in article.iter():
        if el.tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            sections.append([])
        elif el.tag == "abbr" and el.get("class") == "naipes-term":
            sections[-1].append(el.xpath("a")[0].get("href"))
    # once per section at most
    for linked in sections:
        assert len(linked) == len(set(linked)), linked
    # and again in a later section: the first mention of each section, not of the page
    everywhere = [href for linked in sections for href in linked]
    assert len(everywhere) > len(set(everywhere))
