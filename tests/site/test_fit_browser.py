"""Fit, in Chromium: every widget of every game page fits a phone without sideways page scroll; the banker's
third-card table fits desktop widths and scrolls in its own box on a phone, its first column kept in view,
its scroll kept across a redraw and the chosen cell in view; a long narration scrolls in its own box with
the newest line showing. And the playing cards: named in words, hearts and cups red, faces light in both
colour schemes, at both widths; a skip link from the page top reaches the game.
"""

from __future__ import annotations

import base64
import json

import pytest

from site_helpers import LANGS, PYTHON_NEVER_STARTS, page_url

PUNTO_BANCA = "games/punto-banca.md"
SIETE = "games/siete-y-medio.md"
#: every game page there was when the site's fit was checked (the later games have their own tests)
GAME_PAGES = ("punto-banca", "mini-midi", "mini-bacara", "chemin-de-fer", "dos-panos", "siete-y-medio",
              "black-jack", "challenge-21")
WIDTHS = (1280, 768, 390)
PHONE = {"width": 390, "height": 844}
ENGINE_TIMEOUT = 120_000
TABLEAU = '[data-naipes-widget="tableau"]'
SIETE_TABLE = "#naipes-table"
#: Siete y medio, seed 10: the reader bets 1 and asks for a card face up, twice (the page's own settings)
SIETE_ASKED = {"seed": 10, "play": [[["bet", 1, None], ["ask-face-up"], ["ask-face-up"]]]}
#: Punto y Banca, seed 1 (the page's), dealt to the end: ♣Q ♦6 against ♠Q ♥6
COUP_DEALT = {"step": 4}


OVERFLOW = """() => {
  const out = [];
  for (const w of document.querySelectorAll('.naipes-widget')) {
    if (w.scrollWidth > w.clientWidth + 1) out.push(`${w.dataset.naipesWidget}: ${w.scrollWidth} > ${w.clientWidth}`);
    const box = w.getBoundingClientRect();
    for (const el of w.querySelectorAll('*')) {
      if (el.closest('.naipes-scroll') || !el.getClientRects().length) continue;
      const r = el.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) out.push(`${w.dataset.naipesWidget}: ${el.tagName}.${el.className}`);
    }
  }
  return {page: document.documentElement.scrollWidth, view: innerWidth, out};
}"""


def link(changes: dict) -> str:
    """A game's link as the site writes it: version 1, then what differs from the page's game as base64url JSON."""
    text = json.dumps(changes, sort_keys=True, separators=(",", ":")).encode()
    return "1." + base64.urlsafe_b64encode(text).decode().rstrip("=")


def in_box(page, element: str, box: str) -> dict:
    """Where `element` is within the scroll box `box`, and what of it shows (a sticky first column covers
    the box's left part)."""
    return page.evaluate(
        """([element, box]) => {
          const el = document.querySelector(element), b = document.querySelector(box);
          const r = el.getBoundingClientRect(), br = b.getBoundingClientRect();
          const sticky = b.querySelector('.naipes-sticky tr > :first-child').getBoundingClientRect();
          const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
          const hit = document.elementFromPoint(x, y);
          return {scroll: b.scrollLeft, scrolls: b.scrollWidth > b.clientWidth,
                  whole: r.left >= sticky.right - 1 && r.right <= br.left + b.clientLeft + b.clientWidth + 1,
                  onTop: !!hit && el.contains(hit), stickyLeft: sticky.left - br.left - b.clientLeft};
        }""", [element, box])


def no_page_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.evaluate(OVERFLOW)


def wait_live_change(page, selector: str, old: str) -> None:
    page.wait_for_function(
        "([s, o]) => { const r = document.querySelector(s);"
        " return r && r.dataset.naipesMode === 'live' && r.getAttribute('data-naipes-state') !== o; }",
        arg=[selector, old], timeout=ENGINE_TIMEOUT)


def click_cell(page, value: str) -> None:
    old = page.get_attribute(TABLEAU, "data-naipes-state")
    page.locator(f'{TABLEAU} button[data-naipes-value="{value}"]').click()
    wait_live_change(page, TABLEAU, old)


def instant_go(page, href: str) -> None:
    """Follow a link to `href` the way a reader does (Material's instant navigation: Python stays loaded)."""
    page.evaluate("(href) => { const a = document.createElement('a'); a.href = href; a.id = 'naipes-test-go';"
                  " a.textContent = 'go'; document.querySelector('.md-content').prepend(a); }", href)
    page.click("#naipes-test-go")


@pytest.mark.parametrize("lang", LANGS)
def test_every_widget_of_every_game_page_fits_a_phone(browser, base_url, lang):
    context = browser.new_context(base_url=base_url, viewport=PHONE, is_mobile=True, has_touch=True,
                                  service_workers="block")  # see conftest.page
    context.add_init_script(PYTHON_NEVER_STARTS)
    page = context.new_page()
    try:
        for name in GAME_PAGES:
            page.goto(page_url(lang, f"games/{name}.md"))
            found = page.evaluate(OVERFLOW)
            assert found["page"] <= found["view"] and found["out"] == [], (name, found)
            assert page.locator(".naipes-widget").count() > 0, name
    finally:
        context.close()


def test_the_banker_table_fits_every_width_and_a_narration_keeps_its_newest_line(page, base_url, rec):
    page.goto(page_url("ca", PUNTO_BANCA))  # Catalan: the longest words ("demana")
    page.locator(TABLEAU).scroll_into_view_if_needed()
    page.wait_for_selector(f'{TABLEAU}[data-naipes-mode="ready"]', timeout=ENGINE_TIMEOUT)
    box, last_header = f"{TABLEAU} .naipes-scroll", f"{TABLEAU} thead th:last-child"
    for width, cell in zip(WIDTHS, ("6:9", "5:8", "4:9")):
        page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
        no_page_scroll(page)
        # every word fits its cell: no button wider than its column
        assert page.eval_on_selector_all(f"{TABLEAU} td button", "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).length") == 0
        where = in_box(page, last_header, box)
        if width >= 768:  # the whole table shows, the last column too
            assert not where["scrolls"] and where["whole"], (width, where)
        else:  # it scrolls in its own box, not the page; the first column stays while it does
            assert where["scrolls"] and not where["whole"], where
            page.eval_on_selector(box, "b => { b.scrollLeft = b.scrollWidth; }")
            where = in_box(page, last_header, box)
            assert where["whole"] and where["onTop"] and abs(where["stickyLeft"]) <= 1, where
        target = f'{TABLEAU} button[data-naipes-value="{cell}"]'
        page.locator(target).scroll_into_view_if_needed()
        before = in_box(page, target, box)
        click_cell(page, cell)
        after = in_box(page, target, box)
        assert after["scroll"] == pytest.approx(before["scroll"], abs=1), "the redraw kept the table's scroll"
        assert after["whole"] and after["onTop"], (width, after)
        assert page.get_attribute(target, "aria-pressed") == "true"
        page.mouse.move(0, 0)  # the cell's tooltip (its title, shown by Material) goes with the old cell
        page.locator(".md-tooltip2").wait_for(state="detached")
        assert page.evaluate("(sel) => document.activeElement === document.querySelector(sel)", target)
        no_page_scroll(page)
    # a cell half under the sticky column, chosen: the table scrolls (its box only) to show it whole
    page.eval_on_selector(box, """(b) => { const c = b.querySelector('button[data-naipes-value="3:2"]').closest('td');
        const first = b.querySelector('tbody th').getBoundingClientRect().width;
        b.scrollLeft = c.offsetLeft - first + c.offsetWidth / 3; }""")
    target = f'{TABLEAU} button[data-naipes-value="3:2"]'
    assert not in_box(page, target, box)["whole"]
    page_y = page.evaluate("scrollY")
    click_cell(page, "3:2")
    assert in_box(page, target, box)["whole"] and page.evaluate("scrollY") == pytest.approx(page_y, abs=2)

    # Siete y medio on a phone (Python stays loaded across the navigation): the narration of a hand runs to
    # some thirty lines; it scrolls in its own box and the newest line shows, before and after a redraw.
    one_card = {"seed": 10, "play": [[["bet", 1, None], ["ask-face-up"]]]}
    instant_go(page, f"{base_url}{page_url('es', SIETE)}?table={link(one_card)}")
    page.wait_for_url("**/siete-y-medio/**")
    page.wait_for_selector(f'{SIETE_TABLE}[data-naipes-mode="live"]', timeout=ENGINE_TIMEOUT)
    old = page.get_attribute(SIETE_TABLE, "data-naipes-state")
    page.locator(f'{SIETE_TABLE} button[data-naipes-action="ask-face-up"]').click()
    wait_live_change(page, SIETE_TABLE, old)
    narration = f"{SIETE_TABLE} .naipes-narration-box"
    shown = page.eval_on_selector(narration, """(box) => {
        const last = box.querySelector('li:last-child').getBoundingClientRect(), b = box.getBoundingClientRect();
        return {lines: box.querySelectorAll('li').length, scrolls: box.scrollHeight > box.clientHeight,
                newest: last.top >= b.top - 1 && last.bottom <= b.bottom + 1, height: b.height, view: innerHeight};
    }""")
    assert shown["lines"] >= 20 and shown["scrolls"] and shown["newest"], shown
    assert shown["height"] < shown["view"] / 2, "the narration box leaves room for the game"
    no_page_scroll(page)
    assert page.evaluate(OVERFLOW)["out"] == []
    assert len([w for w in rec.workers if w.endswith("/assets/naipes/worker.js")]) == 1, "one Python for both pages"


def contrast(a: list[float], b: list[float]) -> float:
    def luminance(rgb):
        lin = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


CARD_COLOURS = """(card) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const suit = card.querySelector('.naipes-card-suit'), style = getComputedStyle(suit);
  const ink = card.classList.contains('naipes-spanish') ? style.backgroundColor : style.color;
  const r = card.getBoundingClientRect(), w = card.closest('.naipes-widget').getBoundingClientRect();
  return {ink: rgb(ink), face: rgb(getComputedStyle(card).backgroundColor),
          inside: r.width > 10 && r.left >= w.left && r.right <= w.right && r.right <= innerWidth};
}"""
#: accessible names, written out for each language: (hearts, spades) and (cups, swords)
CARD_NAMES = {
    "es": ("seis de corazones", "reina de picas", "siete de copas", "seis de espadas"),
    "ca": ("sis de cors", "reina de piques", "set de copes", "sis d’espases"),
    "en": ("six of hearts", "queen of spades", "seven of cups", "six of swords"),
}


def check_cards(page, red: str, dark: str, red_family: str, dark_family: str) -> None:
    """At both widths and in both schemes: the cards named `red` and `dark` show their suit's colour on a
    light face, inside the widget."""
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900 if width > 390 else 844})
        for scheme in ("default", "slate"):
            page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            for name, family in ((red, red_family), (dark, dark_family)):
                card = page.get_by_role("img", name=name, exact=True).first
                looks = card.evaluate(CARD_COLOURS)
                r, g, b = looks["ink"]
                assert looks["inside"], (name, width)
                assert sum(looks["face"]) / 3 > 200, (name, scheme, looks)  # faces stay light, like real cards
                assert contrast(looks["ink"], looks["face"]) >= 3, (name, scheme, looks)
                if family == "red":
                    assert r > 150 and g < 90 and b < 90, (name, scheme, looks)
                elif family == "blue":
                    assert b > r + 60, (name, scheme, looks)
                else:  # black
                    assert max(r, g, b) < 90, (name, scheme, looks)
            no_page_scroll(page)


@pytest.mark.parametrize("lang", LANGS)
def test_cards_are_named_in_words_and_coloured_by_suit(page, base_url, rec, lang):
    hearts, spades, cups, swords = CARD_NAMES[lang]
    page.goto(f"{page_url(lang, PUNTO_BANCA)}?coup={link(COUP_DEALT)}")
    # the skip link at the top of the page leads to the game: it is among the first few stops of the keyboard
    # (after Material's own skip link; under load a stop may still be settling, so up to four Tabs)
    page.wait_for_load_state("load")
    skip = page.locator('a.naipes-skip[href$="#naipes-coup"]')
    for _ in range(4):
        page.keyboard.press("Tab")
        if skip.evaluate("a => a === document.activeElement"):
            break
    assert skip.evaluate("a => a === document.activeElement") and skip.is_visible()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'naipes-coup'")
    page.wait_for_selector('#naipes-coup[data-naipes-mode="live"]', timeout=ENGINE_TIMEOUT)
    assert page.locator("#naipes-coup [role=img][aria-label]").count() == 4
    check_cards(page, hearts, spades, "red", "black")
    page.set_viewport_size({"width": 1280, "height": 900})
    instant_go(page, f"{base_url}{page_url(lang, SIETE)}?table={link(SIETE_ASKED)}")
    page.wait_for_url("**/siete-y-medio/**")
    page.wait_for_selector(f'{SIETE_TABLE}[data-naipes-mode="live"]', timeout=ENGINE_TIMEOUT)
    check_cards(page, cups, swords, "red", "blue")
    assert len([w for w in rec.workers if w.endswith("/assets/naipes/worker.js")]) == 1, "one Python for both pages"


#: For each select of a rules-options grid, how much of its chosen option's words a phone shows: the text's width
#: (the canvas measures it in the select's own font) against the select's inner width less its arrow.
CHOICE_CUT = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const select of document.querySelectorAll('fieldset.naipes-rule-options select')) {
    const style = getComputedStyle(select);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex]?.text ?? '';
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    const needed = ctx.measureText(text).width;
    if (needed > room) out.push(`${select.closest('.naipes-widget').id} ${text}: ${Math.round(needed)} > ${Math.round(room)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_option_shows_its_whole_choice_on_a_phone(browser, base_url, site, lang):
    """A rules option whose chosen words are cut ("con un total duro d…") cannot be read without opening it."""
    prefix = "" if lang == LANGS[0] else f"{lang}/"
    pages = sorted(p.parent.name for p in (site / prefix / "games").glob("*/index.html")
                   if "naipes-rule-options" in p.read_text(encoding="utf-8"))
    assert len(pages) >= 3, pages  # Black Jack, Challenge 21 and chemin de fer trainers at least
    context = browser.new_context(base_url=base_url, viewport=PHONE, is_mobile=True, has_touch=True,
                                  service_workers="block")  # see conftest.page
    context.add_init_script(PYTHON_NEVER_STARTS)
    page = context.new_page()
    try:
        cut = []
        for name in pages:
            page.goto(page_url(lang, f"games/{name}.md"))
            cut += [f"{name}: {c}" for c in page.evaluate(CHOICE_CUT)]
        assert not cut, "\n".join(cut)
    finally:
        context.close()
