"""The site in Chromium: widgets driven by Pyodide, instant navigation, languages, search, offline."""

from __future__ import annotations

import base64
import json
import re
import unicodedata
from urllib.parse import parse_qs, urlsplit

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import PREFIX, LANGS, page_url

GAME = "games/punto-banca.md"
WIDGET = '.naipes-widget[data-naipes-widget="{}"]'


def norm(text: str) -> str:
    return " ".join(text.split())


def text_of(html: str, xpath: str = ".") -> str:
    root = lxml_html.fragment_fromstring(html)
    return norm(" ".join(el.text_content() for el in root.xpath(xpath)))


def state_of(page, kind: str) -> str:
    return page.get_attribute(WIDGET.format(kind), "data-naipes-state")


def wait_mode(page, mode: str, kind: str | None = None, timeout: int = 60_000):
    sel = (WIDGET.format(kind) if kind else ".naipes-widget") + f'[data-naipes-mode="{mode}"]'
    page.wait_for_selector(sel, timeout=timeout)


def wait_state_change(page, kind: str, old_state: str):
    page.wait_for_function(
        "([sel, old]) => { const r = document.querySelector(sel); return r && r.getAttribute('data-naipes-state') !== old; }",
        arg=[WIDGET.format(kind), old_state],
    )


def start_engine(page, kind: str = "tableau"):
    """First use of a widget: a pointer on it starts Pyodide; wait until it is interactive."""
    page.locator(WIDGET.format(kind)).scroll_into_view_if_needed()
    page.dispatch_event(WIDGET.format(kind), "pointerdown")
    wait_mode(page, "ready", kind)


def test_status_messages_come_from_the_engine(page):
    page.goto(page_url("ca", GAME))
    root = page.locator(WIDGET.format("odds"))
    loading, ready = root.get_attribute("data-naipes-msg-loading"), root.get_attribute("data-naipes-msg-ready")
    assert loading and ready and loading != ready
    start_engine(page, "odds")
    assert norm(root.locator(".naipes-status").inner_text()) == norm(ready)


def test_clicking_a_banker_table_cell_explains_it(page, rec):
    page.goto(page_url("es", GAME))
    start_engine(page, "tableau")
    cell = page.locator(WIDGET.format("tableau") + ' [data-naipes-action="select"]').nth(23)
    value = cell.get_attribute("data-naipes-value")
    old = state_of(page, "tableau")
    expected = widgets.handle(old, "select", value)
    cell.click()
    wait_state_change(page, "tableau", old)
    got = page.locator(WIDGET.format("tableau") + " .naipes-explanation").inner_text()
    assert norm(got) == text_of(expected, './/*[contains(@class,"naipes-explanation")]')
    assert json.loads(state_of(page, "tableau")) == json.loads(lxml_html.fragment_fromstring(expected).get("data-naipes-state"))
    # focus stays on the same control after the HTML swap
    focused = page.evaluate("[document.activeElement.dataset.naipesAction, document.activeElement.dataset.naipesValue]")
    assert focused == ["select", value]
    assert rec.count("pyodide.asm.wasm") == 1


def test_changing_decks_updates_the_odds_like_cpython(page):
    page.goto(page_url("en", GAME))
    start_engine(page, "odds")
    select = page.locator(WIDGET.format("odds") + ' select[data-naipes-action="decks"]')
    options = select.locator("option").evaluate_all("os => os.map(o => o.value)")
    current = select.input_value()
    choice = next(v for v in options if v != current)
    old = state_of(page, "odds")
    expected = widgets.handle(old, "decks", choice)
    select.select_option(choice)
    wait_state_change(page, "odds", old)
    cells = "caption, th, td"
    got = page.locator(WIDGET.format("odds")).locator(cells).evaluate_all("es => es.map(e => e.textContent)")
    want = [norm(el.text_content()) for el in lxml_html.fragment_fromstring(expected).xpath(".//caption | .//th | .//td")]
    assert [norm(t) for t in got] == want
    assert want != [norm(el.text_content()) for el in lxml_html.fragment_fromstring(
        widgets.handle(old, "decks", current)).xpath(".//caption | .//th | .//td")]
    assert page.locator(WIDGET.format("odds") + ' select[data-naipes-action="decks"]').input_value() == choice


def narration(html: str) -> list[str]:
    return [norm(li.text_content()) for li in
            lxml_html.fragment_fromstring(html).xpath('.//*[contains(@class,"naipes-narration")]/li')]


def replay(state: str, actions: int) -> str:
    html = ""
    for _ in range(actions):
        html = widgets.handle(state, "next", "")
        state = lxml_html.fragment_fromstring(html).get("data-naipes-state")
    return html


def test_the_coup_player_deals_and_narrates_in_the_page_language(page):
    page.goto(page_url("ca", GAME))
    start_engine(page, "coup")
    initial = state_of(page, "coup")
    for _ in range(3):
        old = state_of(page, "coup")
        page.locator(WIDGET.format("coup") + ' [data-naipes-action="next"]').click()
        wait_state_change(page, "coup", old)
    root = page.locator(WIDGET.format("coup"))
    assert root.get_attribute("lang") == "ca"
    got = [norm(t) for t in root.locator(".naipes-narration li").all_inner_texts()]
    want = narration(replay(initial, 3))
    assert got == want and len(want) >= 3
    assert root.locator(".naipes-card").count() >= 3
    # the same coup in Spanish reads differently: the narration follows the page language
    spanish = json.dumps(dict(json.loads(initial), lang="es"), sort_keys=True, separators=(",", ":"))
    assert narration(replay(spanish, 3)) != want


def test_seed_in_the_url_is_applied_and_kept_in_sync(page):
    page.goto(page_url("en", GAME) + "?seed=12345&x=1")
    page.wait_for_selector(WIDGET.format("coup") + '[data-naipes-seed="12345"]', timeout=60_000)
    old = state_of(page, "coup")
    assert json.loads(old)["seed"] == 12345
    page.locator(WIDGET.format("coup") + ' [data-naipes-action="new"]').click()
    wait_state_change(page, "coup", old)
    seed = page.get_attribute(WIDGET.format("coup"), "data-naipes-seed")
    assert seed != "12345"
    # The applied ?seed= gives way to the game's own link (naipes.js "games as links"), which names the new
    # seed; the page's other parameters stay.
    query = parse_qs(urlsplit(page.url).query)
    assert set(query) == {"coup", "x"} and query["x"] == ["1"]
    version, _, body = query["coup"][0].partition(".")
    assert version == "1"
    assert json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["seed"] == int(seed)


def test_instant_navigation_keeps_one_pyodide(page, rec):
    page.goto(page_url("es", GAME))
    start_engine(page, "tableau")
    page.evaluate("window.__sameDocument = true")
    page.locator('.md-nav--primary a.md-nav__link[href$="sources/"]').first.click()
    page.wait_for_url("**/sources/")
    page.locator('.md-nav--primary a.md-nav__link[href$="games/punto-banca/"]').first.click()
    page.wait_for_url("**/games/punto-banca/")
    assert page.evaluate("window.__sameDocument") is True, "navigation was not instant"
    wait_mode(page, "ready", "tableau", timeout=5_000)  # no second load
    old = state_of(page, "tableau")
    page.locator(WIDGET.format("tableau") + ' [data-naipes-action="select"]').nth(3).click()
    wait_state_change(page, "tableau", old)
    assert rec.count("pyodide.asm.wasm") == 1
    assert len([w for w in rec.workers if w.endswith("/assets/naipes/worker.js")]) == 1


def test_pages_without_widgets_download_no_pyodide(page, rec):
    for lang in LANGS:
        page.goto(page_url(lang, "sources.md"))
        page.mouse.wheel(0, 20_000)
        page.mouse.click(400, 400)
        page.wait_for_timeout(300)
    assert rec.pyodide_requests() == []
    assert not [w for w in rec.workers if "naipes" in w]


def test_loading_failure_keeps_static_html_and_says_so(page, rec):
    rec.allow_errors += ["Failed to load resource", "ERR_FAILED", "wasm"]
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(page_url("en", GAME))
    start_engine_failed = page.dispatch_event(WIDGET.format("tableau"), "pointerdown")
    assert start_engine_failed is None
    wait_mode(page, "unavailable", "tableau")
    before = page.locator(WIDGET.format("tableau")).inner_html()
    page.wait_for_timeout(300)  # let a late repaint of the unavailable state land before the reference
    before = page.locator(WIDGET.format("tableau")).inner_html()
    for kind in ("tableau", "odds", "coup"):
        root = page.locator(WIDGET.format(kind))
        assert norm(root.locator(".naipes-status").inner_text()) == norm(root.get_attribute("data-naipes-msg-unavailable"))
    assert page.locator(WIDGET.format("tableau") + ' [data-naipes-action="select"]').count() > 10
    # The controls are inert (aria-disabled) while there is no engine: a forced click must change nothing
    # (but the control's title, which Material turns into a tooltip on pointer and focus).
    page.locator(WIDGET.format("tableau") + ' [data-naipes-action="select"]').nth(5).click(force=True)
    page.wait_for_timeout(300)
    after = page.locator(WIDGET.format("tableau")).inner_html()
    strip = lambda s: re.sub(r'\s*(data-naipes-mode|aria-busy|data-naipes-id|aria-disabled|data-naipes-inert|title|aria-describedby)="[^"]*"', "", re.sub(r'<p class="naipes-status".*?</p>', "", s))
    after, before = strip(after), strip(before)
    assert after == before, next((after[i - 20:i + 80], before[i - 20:i + 80])
                                 for i in range(min(len(after), len(before))) if after[i] != before[i])


def test_language_switcher_keeps_the_page_after_instant_navigation(page):
    page.goto(page_url("es", GAME))
    page.evaluate("window.__sameDocument = true")
    page.locator('.md-nav--primary a.md-nav__link[href$="sources/"]').first.click()
    page.wait_for_url("**/sources/")
    assert page.evaluate("window.__sameDocument") is True
    # the menu is rebuilt when Material signals the new page (document$), just after the URL changes
    page.wait_for_function("[...document.querySelectorAll('.md-select__link[hreflang]')]"
                           ".every(a => a.href.endsWith('sources/'))", timeout=10_000)
    links = page.eval_on_selector_all(".md-select__link[hreflang]", "as => Object.fromEntries(as.map(a => [a.hreflang, a.href]))")
    base = page.url.split("sources/")[0]
    assert links == {"es": base + "sources/", "ca": base + "ca/sources/", "en": base + "en/sources/"}
    page.hover(".md-header .md-select")
    page.click(".md-select__link[hreflang=ca]")
    page.wait_for_url("**/ca/sources/")
    assert page.evaluate("document.documentElement.lang") == "ca"
    page.hover(".md-header .md-select")
    page.click(".md-select__link[hreflang=en]")
    page.wait_for_url("**/en/sources/")
    assert page.evaluate("document.documentElement.lang") == "en"


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_searches_and_downloads_only_its_own_index(page, site, lang):
    words = {}
    for other in LANGS:
        index = json.loads((site / PREFIX[other] / "search" / "search_index.json").read_text(encoding="utf-8"))
        for doc in index["docs"]:
            for word in whole_words(doc["title"] + " " + doc["text"]):
                words.setdefault(word, set()).add(other)
    own = sorted(w for w, langs in words.items() if langs == {lang} and w.isascii())
    shared = sorted(w for w, langs in words.items() if langs == set(LANGS) and w.isascii())
    assert own and shared, "no word for the test in the search indexes"
    page.goto(page_url(lang, "sources.md"))
    for word in (own[len(own) // 2], shared[len(shared) // 2]):
        hrefs = search_results(page, word)
        assert hrefs and all(href_language(h) == lang for h in hrefs), (word, hrefs)


def search_results(page, query: str) -> list[str]:
    """The result links Material's search box lists for a query, once it has answered."""
    box = page.locator(".md-search__input")
    box.click()
    box.fill("")
    page.wait_for_selector(".md-search-result__item", state="detached")
    box.fill(query)
    page.wait_for_selector(".md-search-result__item a", timeout=60_000)
    # Material adds the query to each link (?h=…) to highlight it on the page: only the pages count.
    links = page.eval_on_selector_all(".md-search-result__item a", "as => as.map(a => a.href)")
    return [urlsplit(link)._replace(query="").geturl() for link in links]


@pytest.mark.parametrize(("lang", "accented", "page_path"), [
    ("es", "comisión", "games/punto-banca.md"),
    ("es", "detención", "games/punto-banca.md"),
    ("ca", "detenció", "games/punto-banca.md"),
    ("ca", "comissió", "games/punto-banca.md"),
])
def test_search_finds_the_same_pages_with_or_without_accents(page, site, lang, accented, page_path):
    page.goto(page_url(lang, page_path))
    with_accents = search_results(page, accented)
    folded = unicodedata.normalize("NFD", accented).encode("ascii", "ignore").decode()
    assert folded != accented
    without = search_results(page, folded)
    # The same pages, the page about the word first; sections of lower pages may rank differently, because
    # the accented words score on the original fields and the folded ones on the folded copies.
    pages = lambda links: list(dict.fromkeys(urlsplit(link).path for link in links))
    assert with_accents and set(pages(without)) == set(pages(with_accents)), (folded, without, with_accents)
    target = urlsplit(page_url(lang, page_path)).path
    assert pages(without)[0] == pages(with_accents)[0], (pages(without), pages(with_accents))
    assert pages(without)[0].endswith("/" + target.lstrip("/")), (pages(without), target)


def test_search_keeps_n_tilde_apart_from_n(page, site):
    """"año" is a word of its own: the folded index must not make "ano" find it."""
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    folded_text = " ".join(doc.get("text_folded", "") for doc in index["docs"])
    assert "comision" in folded_text.split()
    assert not re.search(r"\b(ano|espanol|senal|banos?)\b", folded_text)
    assert any("año" in doc["text"] or "señal" in doc["text"] or "español" in doc["text"] for doc in index["docs"])


def whole_words(html: str) -> list[str]:
    """Long plain words the way the search tokenizer splits them (on spaces and hyphens).

    A word glued to other characters ("precomputed.json") is a different search token, so
    only tokens that are nothing but letters once trailing punctuation is trimmed count.
    """
    text = re.sub(r"<[^>]+>", " ", html).lower()
    tokens = (token.strip(".,;:!?()[]«»\"'“”‘’¡¿") for token in re.split(r"[\s\-]+", text))
    return [token for token in tokens if re.fullmatch(r"[a-z]{7,}", token)]


def href_language(href: str) -> str:
    """The language of a result link by its path prefix (the default language has none)."""
    path = urlsplit(href).path
    return next((lang for lang in ("ca", "en") if path.startswith(f"/{lang}/")), "es")


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_downloads_its_languages_search_index_only_when_the_reader_searches(page, rec, lang):
    indexes = lambda: [urlsplit(u).path for u in rec.requests if u.endswith("search_index.json")]
    page.goto(page_url(lang, "sources.md"), wait_until="networkidle")
    page.wait_for_timeout(300)
    assert indexes() == [], "the search index was downloaded before the reader searched"
    with page.expect_response(lambda r: r.url.endswith("search_index.json")):
        page.locator(".md-search__input").click()
    assert indexes() == [f"/{PREFIX[lang]}search/search_index.json"]


def test_the_search_index_comes_at_once_when_the_address_asks_for_highlighted_words(page, rec):
    with page.expect_response(lambda r: r.url.endswith("/search/search_index.json")):
        page.goto(page_url("es", "games/punto-banca.md") + "?h=banca")
    page.wait_for_selector("article mark", timeout=30_000)
