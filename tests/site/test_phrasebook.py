"""The phrasebook pages of the built site: generated from data/phrasebook.yaml in es/ca/en, the
search box in Chromium (both directions, notes and regions, accents, ñ, prefixes, typos, "did you
mean" and the nearest entries, filters that narrow the A–Z list and count their values, URL state,
keyboard), the curator's notes in the page's language, copy buttons (one side, or the pair
tab-separated), exports, and data rendered as text."""

from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import parse_qs, unquote, urljoin, urlsplit

import pytest
from babel import Locale
from lxml import etree
from playwright.sync_api import expect
from lxml import html as lxml_html

from glossary_helpers import PHRASEBOOK_PAGE, fetch, glossary_site  # noqa: F401 (fixture)
from site_helpers import LANGS, ROOT, page_url

from tools.glossary import exports as X
from tools.glossary.index import index_json, phrasebook_index
from tools.glossary.pages import render_phrasebook_entries
from tools.glossary.ui import REGISTERS, STATUSES, label, labels, translations

pytestmark = pytest.mark.usefixtures("glossary_site")

DATA = X.load_phrasebook()
TBX = "{urn:iso:std:iso:30042:ed-2}"
TITLES = {"es": "Frasario inglés–español", "ca": "Frasari anglès–castellà", "en": "English–Spanish phrasebook"}
NAV = {"es": "Frasario", "ca": "Frasari", "en": "Phrasebook"}
ANOS = sorted(e["id"] for e in DATA if any("años" in r["text"] for r in e["es"]))


def built(site, lang: str, page: str = PHRASEBOOK_PAGE):
    return lxml_html.fromstring((site / page_url(lang, page) / "index.html").read_text(encoding="utf-8"))


def norm(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ built pages


@pytest.mark.parametrize("lang", LANGS)
def test_page_exists_with_translated_chrome_and_every_entry(glossary_site, lang):
    doc = built(glossary_site, lang)
    assert doc.get("lang") == lang
    assert norm(doc.xpath("//article[contains(@class,'md-content__inner')]//h1")[0].text) == TITLES[lang]
    nav = [norm(a.text_content()) for a in doc.xpath('//nav[contains(@class,"md-nav--primary")]//a')]
    assert NAV[lang] in nav
    assert {link.get("hreflang") for link in doc.xpath("//head/link[@hreflang]")} == set(LANGS)
    box_labels = doc.xpath('//label[@for="naipes-phrasebook-q"]/text()')
    assert box_labels == [translations(lang).gettext("Search the phrasebook")]
    assert doc.xpath('//select[@id="naipes-phrasebook-register"]/option/@data-label')[1:] == list(labels(REGISTERS, lang).values())
    entries = doc.xpath('//div[@data-naipes-entries="phrasebook"]//article')
    assert [a.get("id") for a in entries] != [] and sorted(a.get("id") for a in entries) == sorted(e["id"] for e in DATA)
    ids = doc.xpath("//@id")
    assert len(ids) == len(set(ids)), "one anchor per entry, no clashes with the page's own ids"
    for a in doc.xpath('//nav[@class="naipes-gl-az"]/a'):
        assert doc.xpath(f'//*[@id="{a.get("href")[1:]}"]')
    # status flags and register badges in the page language
    flags = {norm(x.text_content()) for x in doc.xpath('//*[contains(@class,"naipes-badge--status")]')}
    assert flags == {label(STATUSES, "truncated", lang), label(STATUSES, "untranslated", lang)}
    assert not doc.xpath('//*[contains(@class,"naipes-widget")]'), "no widget (hence no Pyodide) here"
    # no internal vocabulary: sources cited as the rules pages cite them
    text = doc.xpath('//article[contains(@class,"md-content__inner")]')[0].text_content()
    assert "seed" not in text.lower() and "6fbc167177f337b1" not in text
    cite = {"es": "fuente 000, línea 1", "ca": "font 000, línia 1", "en": "source 000, line 1"}[lang]
    assert norm(doc.xpath('//article[@id="lecho-de-rosas"]//*[@class="naipes-gl-cite"]/a')[0].text_content()) == cite


def test_search_data_and_minisearch_are_generated_not_typed(glossary_site):
    data = (glossary_site / "assets" / "glossary" / "phrasebook.json").read_text(encoding="utf-8")
    assert data == index_json(phrasebook_index(DATA))
    shipped = (glossary_site / "assets" / "glossary" / "minisearch.js").read_bytes()
    assert shipped == (ROOT / "node_modules" / "minisearch" / "dist" / "es" / "index.js").read_bytes()
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["minisearch"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/minisearch"]["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned) and lock == pinned


def download_links(site, lang, page):
    doc = built(site, lang, page)
    return doc.xpath('//ul[@class="naipes-gl-downloads"]//a/@href')


@pytest.mark.parametrize("lang", LANGS)
def test_exports_are_linked_downloadable_and_valid(glossary_site, base_url, lang):
    expected = X.all_exports(DATA, X.load_casino_terms())
    hrefs = download_links(glossary_site, lang, PHRASEBOOK_PAGE)
    assert len(hrefs) == 6  # TSV, CSV plain and for spreadsheets, TBX v3 and v2
    items = {li.xpath("string(a)"): norm(li.text_content())
             for li in built(glossary_site, lang, PHRASEBOOK_PAGE).xpath('//ul[@class="naipes-gl-downloads"]/li')}
    mark = {"es": "marca de orden de bytes", "ca": "marca d'ordre de bytes", "en": "byte-order mark"}[lang]
    assert "Excel" in items["phrasebook-spreadsheet.csv"] and mark in items["phrasebook-spreadsheet.csv"]
    assert "Excel" not in items["phrasebook.csv"]  # the link says which file is for spreadsheets
    note = norm(built(glossary_site, lang).xpath('//p[@class="naipes-gl-downloads-note"]')[0].text_content())
    assert "=, +, -, @" in note and "TBX" in note and "'" in note  # how the exports protect spreadsheets
    assert note != "" and (lang == "en") == note.startswith("In the CSV and tab-separated files")
    page = urljoin(base_url, page_url(lang, PHRASEBOOK_PAGE))
    for href in hrefs:
        assert not href.startswith(("/", "http")), "relative links work wherever the site is served"
        url = urljoin(page, href)
        assert urlsplit(url).path.startswith("/downloads/")
        body = fetch(base_url, url).decode("utf-8")
        name = url.rsplit("/", 1)[1]
        assert body == expected[name]
        assert "seed" not in body.lower()
        if name.endswith(".txt"):
            rows = [line.split("\t") for line in body.rstrip("\n").split("\n")]
            assert all(len(r) == 3 for r in rows) and len(rows) == len(X.phrasebook_rows(DATA))
            pair = ["bread and circuses", "pan y circo"]
            assert (pair if name.endswith("en-es.txt") else pair[::-1]) in [r[:2] for r in rows]
        elif name.endswith(".csv"):
            # the spreadsheets' copy starts with a byte-order mark (Excel reads UTF-8 only then), the other not
            assert body.startswith("\ufeff") == name.endswith("-spreadsheet.csv"), name
            rows = list(csv.DictReader(io.StringIO(body.removeprefix("\ufeff"), newline="")))
            assert list(rows[0]) == list(X.PHRASEBOOK_CSV_FIELDS)
            assert sorted({r["id"] for r in rows}) == sorted(e["id"] for e in DATA)
        elif name.endswith("-tbx2.tbx"):
            root = etree.fromstring(body.encode("utf-8"))
            assert root.tag == "martif" and root.get("type") == "TBX-Basic" and root.find("text/body/termEntry") is not None
        else:
            root = etree.fromstring(body.encode("utf-8"))
            assert root.tag == TBX + "tbx" and root.nsmap[None] == "urn:iso:std:iso:30042:ed-2"
            assert root.get("type") == "TBX-Basic"
            concepts = root.findall(f"{TBX}text/{TBX}body/{TBX}conceptEntry")
            assert len(concepts) == len(DATA)
            assert [c.get("id") for c in concepts] == [f"pb-{e['id']}" for e in DATA]


# ------------------------------------------------------------------ browser

def ready(page, kind="phrasebook"):
    page.wait_for_selector(f'[data-naipes-search="{kind}"][data-naipes-ready="true"]')


def ask(page, q: str, kind: str = "phrasebook", **filters: str) -> tuple[list[str], str]:
    """Set the filters, type the query; return the result ids and the announced count."""
    for name, value in filters.items():
        page.select_option(f"#naipes-{kind}-{name}", value)
    page.fill(f"#naipes-{kind}-q", q)
    page.wait_for_function(
        "([k, q]) => document.querySelector(`[data-naipes-search='${k}']`).dataset.naipesQuery === q", arg=[kind, q])
    ids = page.eval_on_selector_all(f"#naipes-{kind}-results a", "as => as.map(a => decodeURIComponent(a.hash.slice(1)))")
    return ids, norm(page.inner_text(f"#naipes-{kind}-count"))


def search_dialog_open(page) -> bool:
    return page.eval_on_selector("#__search", "el => el.checked")


def test_search_both_directions_accents_n_tilde_prefix_typo(page, rec):
    page.goto(page_url("en", PHRASEBOOK_PAGE))
    ready(page)
    ids, count = ask(page, "bread and circuses")  # EN→ES
    assert ids[0] == "bread-and-circuses" and count == "1 result"
    assert "pan y circo" in page.inner_text("#naipes-phrasebook-results li:first-child")
    assert ask(page, "pan y circo")[0][0] == "bread-and-circuses"  # ES→EN
    ids, _ = ask(page, "dia del arquero")  # accents ignored
    assert ids == ["dia-del-arquero"]
    assert "the day pigs fly" in page.inner_text("#naipes-phrasebook-results")
    assert ask(page, "DÍA DEL ARQUERO")[0] == ["dia-del-arquero"]
    assert ask(page, "the day pigs fly")[0] == ["dia-del-arquero"]
    ids, _ = ask(page, "años")
    assert ANOS and set(ANOS) <= set(ids)
    for q in ("anos", "ano"):  # ñ is a letter of its own, even with a typo allowed
        assert not set(ANOS) & set(ask(page, q)[0]), q
    assert ask(page, "circu")[0][0] == "bread-and-circuses"  # prefix
    assert ask(page, "bread and circuzes")[0][0] == "bread-and-circuses"  # one typo
    ids, count = ask(page, "zzzzqx")
    assert ids == [] and count == "No results"
    assert page.is_hidden("#naipes-phrasebook-results")
    # nothing is close: the box says so instead of offering unrelated entries
    assert norm(page.inner_text("#naipes-phrasebook-suggest .naipes-search__none")) == "No entry is close to “zzzzqx”."
    assert page.locator("#naipes-phrasebook-suggest .naipes-search__nearest li").count() == 0
    assert rec.pyodide_requests() == []


@pytest.mark.parametrize("lang", LANGS)
def test_notes_regions_and_typos_find_their_entries(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    ids, count = ask(page, "bed of roses")  # only the curator's note names the lost headword
    assert ids[0] == "lecho-de-rosas" and count == translations(lang).gettext("1 result")
    for q in ("brake a leg", "break a lge", "Break a leg"):  # a letter out of place, two swapped
        assert ask(page, q)[0][0] == "break-a-leg", q
    item = page.locator("#naipes-phrasebook-results li").first
    assert item.locator("abbr.naipes-lang").all_inner_texts() == ["EN", "ES"]  # each side says its language
    spain = {"es": "España", "ca": "Espanya", "en": "Spain"}[lang]
    ids, _ = ask(page, f"{spain} vida")  # region names, in the page's language
    assert "breath-of-life" in ids
    assert page.is_hidden("#naipes-phrasebook-suggest")


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_result_offers_a_correction_and_the_nearest_entries(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    ids, count = ask(page, "pan y sirko")
    assert ids == [] and count == translations(lang).gettext("No results")
    box = page.locator("#naipes-phrasebook-suggest")
    expect(box).to_be_visible()
    correction = box.locator("a.naipes-search__correction")
    assert correction.inner_text() == "pan y circo"
    nearest = box.locator(".naipes-search__nearest li a").evaluate_all("as => as.map(a => a.hash.slice(1))")
    assert "bread-and-circuses" in nearest
    correction.click()
    page.wait_for_function("() => document.querySelector('[data-naipes-search]').dataset.naipesQuery === 'pan y circo'")
    ids = page.eval_on_selector_all("#naipes-phrasebook-results a", "as => as.map(a => a.hash.slice(1))")
    assert ids == ["bread-and-circuses"] and page.is_hidden("#naipes-phrasebook-suggest")


@pytest.mark.parametrize("lang", LANGS)
def test_the_notes_are_in_the_pages_language(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    note = page.locator("#lecho-de-rosas .naipes-gl-notes")
    expected = next(e for e in DATA if e["id"] == "lecho-de-rosas")["notes"][lang]
    assert note.locator(f"span[lang={lang}]").inner_text() == expected
    assert page.locator(".naipes-gl-fallback").count() == 0, "every note is translated: nothing falls back"
    if lang == "ca":
        assert "La font comença a mitja entrada" in expected


def test_filters_and_search_scope(page):
    page.goto(page_url("es", PHRASEBOOK_PAGE))
    ready(page)
    ids, count = ask(page, "", region="Argentina")
    argentina = {e["id"] for e in DATA if any("Argentina" in r["regions"] for r in e["es"])}
    assert set(ids) == argentina and count == f"{len(argentina)} resultados"
    ids, _ = ask(page, "vida", region="Chile")
    assert ids and all(any("Chile" in r["regions"] for r in next(e for e in DATA if e["id"] == i)["es"]) for i in ids)
    ids, count = ask(page, "", region="", register="vulgar")
    assert set(ids) == {e["id"] for e in DATA if e["register"] == "vulgar"}
    truncated = [e["id"] for e in DATA if e["status"] == "truncated"]
    ids, count = ask(page, "", register="", status="truncated")
    assert set(ids) == set(truncated) and count == f"{len(truncated)} resultados"
    badges = page.eval_on_selector_all("#naipes-phrasebook-results .naipes-badge--status", "bs => bs.map(b => b.textContent)")
    assert badges == ["truncada"] * len(truncated)
    untranslated = sum(e["status"] == "untranslated" for e in DATA)
    assert untranslated > 50
    ids, count = ask(page, "", status="untranslated")
    assert len(ids) == 50 and count == f"{untranslated} resultados (se muestran los 50 primeros)"  # all counted
    page.select_option("#naipes-phrasebook-status", "")
    assert ask(page, "pan y circo", status="", **{"in": "en"})[0] == []  # English side only
    assert ask(page, "pan y circo", **{"in": "es"})[0][0] == "bread-and-circuses"


def test_query_and_filters_live_in_the_url(page):
    page.goto(page_url("es", PHRASEBOOK_PAGE))
    ready(page)
    before, _ = ask(page, "vida", region="Argentina")
    page.wait_for_function("() => location.search.includes('region=') && location.search.includes('q=')")  # once typing pauses
    assert parse_qs(urlsplit(page.url).query) == {"q": ["vida"], "region": ["Argentina"]}
    page.reload()
    ready(page)
    assert page.input_value("#naipes-phrasebook-q") == "vida"
    assert page.input_value("#naipes-phrasebook-region") == "Argentina"
    after = page.eval_on_selector_all("#naipes-phrasebook-results a", "as => as.map(a => a.hash.slice(1))")
    assert after == before and after
    assert not search_dialog_open(page), "?q= belongs to the page's box, not to Material's search"
    assert parse_qs(urlsplit(page.url).query) == {"q": ["vida"], "region": ["Argentina"]}
    # a shared link, in another language, with every filter
    page.goto(page_url("ca", PHRASEBOOK_PAGE) + "?q=dia+del+arquero&in=es&register=colloquial&status=complete")
    ready(page)
    assert page.input_value("#naipes-phrasebook-register") == "colloquial"
    ids = page.eval_on_selector_all("#naipes-phrasebook-results a", "as => as.map(a => a.hash.slice(1))")
    assert ids == ["dia-del-arquero"] and norm(page.inner_text("#naipes-phrasebook-count")) == "1 resultat"
    assert not search_dialog_open(page)
    page.select_option("#naipes-phrasebook-status", "")  # clearing a filter drops it from the URL
    page.wait_for_function("() => !location.search.includes('status=')")
    assert parse_qs(urlsplit(page.url).query) == {"q": ["dia del arquero"], "in": ["es"], "register": ["colloquial"]}


def test_keyboard_only(page):
    page.goto(page_url("en", PHRASEBOOK_PAGE))
    ready(page)
    box = "#naipes-phrasebook-q"
    assert page.eval_on_selector(box, "el => el.labels[0].textContent") == "Search the phrasebook"
    page.focus(box)
    page.keyboard.type("break")
    page.wait_for_function("() => document.querySelector('[data-naipes-search]').dataset.naipesQuery === 'break'")
    status = page.locator("#naipes-phrasebook-count")
    assert status.get_attribute("aria-live") == "polite" and re.fullmatch(r"\d+ results?", norm(status.inner_text()))
    ids = page.eval_on_selector_all("#naipes-phrasebook-results a", "as => as.map(a => a.hash.slice(1))")
    assert len(ids) >= 2
    active = lambda: page.evaluate("document.activeElement.id || decodeURIComponent(document.activeElement.hash || '').slice(1)")  # noqa: E731
    page.keyboard.press("ArrowDown")
    assert active() == ids[0]
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), "focus is visible"
    page.keyboard.press("ArrowDown")
    assert active() == ids[1]
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert active() == "naipes-phrasebook-q"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    assert active() == "naipes-phrasebook-q"
    page.keyboard.press("Tab")  # natural tab order: the filters follow the box
    assert active() == "naipes-phrasebook-in"
    page.focus(box)
    page.keyboard.press("Enter")  # opens the first result: its entry, focused
    page.wait_for_function("id => location.hash === '#' + id && document.activeElement.id === id", arg=ids[0])
    expect(page.locator(f"#{ids[0]}")).to_be_in_viewport()


def test_copy_buttons(page, base_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    page.goto(page_url("es", PHRASEBOOK_PAGE))
    ready(page)
    entry = page.locator("#breath-of-life")
    buttons = entry.locator("button.naipes-copy")
    assert buttons.count() == 7  # English; then each rendering, and its pair
    assert buttons.nth(1).get_attribute("aria-label") == "Copiar el texto (Español): soplo de vida"
    buttons.nth(1).click()
    page.wait_for_function("async () => (await navigator.clipboard.readText()) === 'soplo de vida'")
    buttons.nth(0).click()
    page.wait_for_function("async () => (await navigator.clipboard.readText()) === 'breath of life'")


def test_instant_navigation_reaches_a_working_search_without_pyodide(page, rec):
    page.goto(page_url("es", "index.md"))
    page.evaluate("window.__sameDocument = true")
    page.click('nav.md-nav--primary a.md-nav__link[href$="phrasebook/"]')
    ready(page)
    assert page.evaluate("window.__sameDocument === true"), "Material's instant navigation, no reload"
    assert ask(page, "soplo")[0][0] == "breath-of-life"
    page.click('nav.md-nav--primary a.md-nav__link[href$="glossary/"]')
    ready(page, "glossary")
    assert ask(page, "deduccion", "glossary")[0][0] == "deduccion"
    assert page.evaluate("window.__sameDocument === true")
    assert rec.pyodide_requests() == [] and not [w for w in rec.workers if "naipes" in w]  # only Material's search worker


NASTY = {
    "id": "nasty-entry",
    "en": '<script>window.__xss = 1</script> "quoted" & <img src=x onerror="window.__xss = 2">',
    "es": [{"text": "<b onmouseover=\"window.__xss = 3\">negrita</b> &amp; 'comillas' </article>",
            "regions": ["Cuba"], "source": "Proz", "note": "<i>nota</i> & más"}],
    "notes": {"en": "curator's </dd><script>window.__xss = 4</script>"},
    "register": "offensive", "direction": "EN→ES", "status": "truncated", "seed_line": 1,
}


def test_entries_render_as_text_in_the_browser(page, glossary_site):
    """A fixture page: the built phrasebook page with a synthetic hostile entry, generated by the
    same functions, served (with its search data) through Playwright routes on the local origin."""
    entries = [NASTY, *DATA[:5]]
    html = (glossary_site / "phrasebook" / "index.html").read_text(encoding="utf-8")
    html, n = re.subn(r'<div class="naipes-gl-entries".*?</div>', lambda m: render_phrasebook_entries(entries, "es"),
                      html, count=1, flags=re.S)
    assert n == 1
    html = html.replace('data-naipes-index="../assets/glossary/phrasebook.json"', 'data-naipes-index="fixture.json"')
    page.route("**/phrasebook-fixture/", lambda r: r.fulfill(body=html, content_type="text/html; charset=utf-8"))
    page.route("**/phrasebook-fixture/fixture.json",
               lambda r: r.fulfill(body=index_json(phrasebook_index(entries)), content_type="application/json"))
    page.goto("phrasebook-fixture/")
    ready(page)
    head = page.locator("#nasty-entry h4 span").first
    assert head.inner_text() == NASTY["en"]
    assert page.locator("#nasty-entry .naipes-gl-text[lang=es]").inner_text() == NASTY["es"][0]["text"]
    assert page.locator("#nasty-entry script, #nasty-entry img, #nasty-entry b, #nasty-entry i").count() == 0
    assert page.locator("#nasty-entry button.naipes-copy").first.get_attribute("data-clipboard-text") == NASTY["en"]
    ids, _ = ask(page, "script quoted")
    assert ids == ["nasty-entry"]
    item = page.locator("#naipes-phrasebook-results li").first
    assert NASTY["en"] in item.inner_text() and NASTY["es"][0]["text"] in item.inner_text()
    assert item.locator("script, img, b").count() == 0
    page.hover("#nasty-entry .naipes-gl-text[lang=es]")
    assert page.evaluate("window.__xss") is None


# ------------------------------------------------------------------ hostile URLs

XSS = '<img src=x onerror="window.__xss = 1">'
LONG = " vida" * 2_000  # 10,000 characters
HOSTILE_URLS = [  # (what follows the page's URL, the query box afterwards); each loads the page anew
    ("#%", ""),  # issue #10: "URI malformed"
    # broken UTF-8 in the query (U+FFFD, as URLSearchParams reads it) and the hash, a very long hash
    ("?q=%E0%A4%A&region=%E0%A4%A#%E0%A4%A" + "%" * 5_000, unquote("%E0%A4%A")),
    # markup, a very long query (cut to MAX_QUERY, search-core.js), values that are not options
    ("?q=" + XSS + LONG + "&in=constructor&region=__proto__&register=%&status=<b>x</b>#%", (XSS + LONG)[:200]),
]


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_hashes_and_query_strings_break_nothing(page, rec, lang):
    """Any hash or query string: no page error, nothing injected, values that are not a filter's
    options dropped, and the search still works."""
    for suffix, box in HOSTILE_URLS:
        page.goto(page_url(lang, PHRASEBOOK_PAGE) + suffix, wait_until="commit")
        ready(page)
        assert rec.errors == [], (suffix[:80], rec.errors)
        assert page.input_value("#naipes-phrasebook-q") == box, suffix[:80]
        for name in ("in", "region", "register", "status"):
            assert page.input_value(f"#naipes-phrasebook-{name}") == "", (suffix[:80], name)
        assert page.locator("img[src=x], #naipes-phrasebook-results b").count() == 0, suffix[:80]
        assert page.evaluate("window.__xss") is None, suffix[:80]
    ids, count = ask(page, "pan y circo")  # after the worst of them, the page still searches
    assert ids[0] == "bread-and-circuses" and count == translations(lang).gettext("1 result")
    page.wait_for_function("() => location.search === '?q=pan+y+circo'")  # and the URL follows the form again
    if lang == "es":  # the same script on the glossary page
        page.goto(page_url(lang, "glossary.md") + "?q=%#%E0%A4%A", wait_until="commit")
        ready(page, "glossary")
        assert page.input_value("#naipes-glossary-q") == "%" and rec.errors == []
        assert "banca" in ask(page, "banca", "glossary")[0]


def visible_entries(page) -> set[str]:
    return set(page.eval_on_selector_all('[data-naipes-entries="phrasebook"] article.naipes-gl-entry:not([hidden])',
                                         "as => as.map(a => a.id)"))


def option_text(page, name: str, value: str) -> str:
    return page.eval_on_selector(f'#naipes-phrasebook-{name} option[value="{value}"]', "o => o.textContent")


@pytest.mark.parametrize("lang", LANGS)
def test_filters_narrow_the_list_and_count_their_values(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    everyone = {e["id"] for e in DATA}
    assert visible_entries(page) == everyone
    vulgar = {e["id"] for e in DATA if e["register"] == "vulgar"}
    ask(page, "", register="vulgar")
    page.wait_for_function(f"() => document.querySelectorAll('[data-naipes-entries] article:not([hidden])').length === {len(vulgar)}")
    assert visible_entries(page) == vulgar
    count = norm(page.inner_text('[data-naipes-entries="phrasebook"] .naipes-gl-count'))
    assert count == translations(lang).gettext("{shown} of {n} entries").format(shown=len(vulgar), n=len(DATA))
    # the counts of the other filters are the vulgar entries' own; the register's stay whole
    es_en = sum(e["direction"] == "ES→EN" for e in DATA if e["id"] in vulgar)
    assert option_text(page, "dir", "ES→EN").endswith(f"({es_en})")
    assert option_text(page, "register", "neutral").endswith(f"({sum(e['register'] == 'neutral' for e in DATA)})")
    # a letter without visible entries disappears from the index
    letters = page.eval_on_selector_all('.naipes-gl-az a:not([hidden])', "as => as.map(a => a.textContent)")
    assert letters and len(letters) < page.locator(".naipes-gl-az a").count()
    # "complete entries only", with the direction filter
    ask(page, "", register="", dir="EN→ES")
    page.check("#naipes-phrasebook-complete")
    want = {e["id"] for e in DATA if e["status"] == "complete" and e["direction"] == "EN→ES"}
    page.wait_for_function(f"() => document.querySelectorAll('[data-naipes-entries] article:not([hidden])').length === {len(want)}")
    assert visible_entries(page) == want
    page.wait_for_function("() => location.search.includes('complete=1')")
    page.reload()
    ready(page)
    assert page.is_checked("#naipes-phrasebook-complete") and visible_entries(page) == want
    page.click(".naipes-search__reset button[type=reset]")
    page.wait_for_function(f"() => document.querySelectorAll('[data-naipes-entries] article:not([hidden])').length === {len(everyone)}")


@pytest.mark.parametrize("lang", LANGS)
def test_copying_a_pair_puts_english_tab_spanish_on_the_clipboard(page, base_url, lang):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    pair = translations(lang).gettext("Copy pair")
    page.locator("#bread-and-circuses button.naipes-copy", has_text=pair).click()  # in the A–Z list
    page.wait_for_function("async () => (await navigator.clipboard.readText()) === 'bread and circuses\\tpan y circo'")
    ask(page, "soplo de vida")  # in the results: one line per rendering
    page.locator("#naipes-phrasebook-results li").first.locator("button.naipes-copy", has_text=pair).click()
    want = "\n".join(f"breath of life\t{r}" for r in ("soplo de vida", "aliento de vida", "hálito de vida"))
    page.wait_for_function("want => navigator.clipboard.readText().then(t => t === want)", arg=want)
    assert page.get_attribute('[data-naipes-search="phrasebook"]', "data-naipes-copied") == want
    page.locator("#naipes-phrasebook-results li").first.locator("button.naipes-copy").first.click()
    page.wait_for_function("async () => (await navigator.clipboard.readText()) === 'breath of life'")


# ------------------------------------------------------------------ nearest entries, exact queries first

def nearest_ids(page) -> list[str]:
    return page.eval_on_selector_all("#naipes-phrasebook-suggest .naipes-search__nearest li a",
                                     "as => as.map(a => decodeURIComponent(a.hash.slice(1)))")


def expressions(entry_id: str) -> str:
    """Every expression of an entry (both sides, corrections and the source's text), folded."""
    entry = next(e for e in DATA if e["id"] == entry_id)
    texts = [entry["en"] or "", entry.get("en_corrected") or ""]
    texts += [t for r in entry["es"] for t in (r["text"], r.get("corrected") or "")]
    return X.fold(" ".join(texts))


@pytest.mark.parametrize("lang", LANGS)
def test_an_exact_query_puts_its_entry_first(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    for q in ("break a leg", "Break a leg!", "brake a leg"):
        assert ask(page, q)[0][0] == "break-a-leg", q
    # "burn out" is said by two entries; the one that says nothing else comes first
    ids, _ = ask(page, "burn out")
    assert ids == ["burn-out", "burnt-out-light-bulbs"], ids
    ids, _ = ask(page, "estirar la pata")
    assert ids[0] == "buy-the-farm"


@pytest.mark.parametrize("lang", LANGS)
def test_nearest_entries_share_a_meaningful_word_or_none_is_offered(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    _ = translations(lang).gettext
    box = page.locator("#naipes-phrasebook-suggest")
    # "kick the bucket": nothing matches; "pick up the pace" (dar tocino) shares only "the" and a typo of "kick"
    ids, count = ask(page, "kick the bucket")
    assert ids == [] and count == _("No results")
    near = nearest_ids(page)
    assert "dar-tocino" not in near
    assert near and all("kick" in expressions(i) for i in near), near  # every one shares "kick" (kicking)
    assert box.locator(".naipes-search__none").count() == 0
    # more shared meaningful words first: "break" and "neck" before "break" alone; a typo of a real word is not one
    ask(page, "break his neck badly")
    near = nearest_ids(page)
    assert near[0] == "break-your-neck", near
    assert all("break" in expressions(i) for i in near) and "bread-and-circuses" not in near, near
    # nothing shares a meaningful word: the box says so, in the page's language, and lists nothing
    for q in ("bucket list", "ours theirs", "zzzzqx"):  # "ours", "theirs": function words only
        ids, _count = ask(page, q)
        assert ids == [] and nearest_ids(page) == [], q
        assert norm(box.locator(".naipes-search__none").inner_text()) == _("No entry is close to “{query}”.").format(query=q)
        expect(box).to_be_visible()


# ------------------------------------------------------------------ the source's slips, region names

SLIPS = [  # (entry, the source's text, the curator's correction, language of the side)
    ("coming-to-the-end-of-oneself", "legar al límite", "llegar al límite", "es"),
    ("come-clean", "hablar con el corazón en la manos", "hablar con el corazón en la mano", "es"),
    ("bring-someone-out-of-the-wooodwork", "bring someone out of the wooodwork", "bring someone out of the woodwork", "en"),
]


def test_the_slips_are_data():
    """The corrections shown are the data's, and the data keeps the source's text."""
    for eid, source, fixed, side in SLIPS:
        entry = next(e for e in DATA if e["id"] == eid)
        if side == "en":
            assert (entry["en"], entry["en_corrected"]) == (source, fixed)
        else:
            assert {"text": source, "corrected": fixed}.items() <= next(r for r in entry["es"] if r["text"] == source).items()
    assert sum(bool(e.get("en_corrected")) + sum(bool(r.get("corrected")) for r in e["es"]) for e in DATA) >= 15


@pytest.mark.parametrize("lang", LANGS)
def test_a_corrected_entry_shows_the_correction_marked_and_the_sources_text(page, lang):
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    _ = translations(lang).gettext
    has = _("the source has: {text}")
    for eid, source, fixed, side in SLIPS:
        article = page.locator(f"#{eid}")
        item = article.locator(f".naipes-gl-text[lang={side}]", has_text=fixed).first
        expect(item).to_have_text(fixed)
        mark = article.locator(".naipes-badge--corrected").first
        expect(mark).to_have_text(_("corrected"))
        assert mark.get_attribute("title") == _("Corrected by the curator: the source has a slip")
        expect(article.locator(".naipes-gl-sic").first).to_have_text("(" + has.format(text=source) + ")")
        # the copy button copies the correction
        assert fixed in article.locator("button.naipes-copy").evaluate_all("bs => bs.map(b => b.dataset.clipboardText)")
        # both spellings find the entry, and the result marks it too
        for q in (source, fixed):
            ids, _count = ask(page, q)
            assert ids[0] == eid, (q, ids)
        result = page.locator("#naipes-phrasebook-results li").first
        expect(result.locator(".naipes-badge--corrected")).to_have_text(_("corrected"))
        assert has.format(text=source) in result.inner_text()


@pytest.mark.parametrize("lang", LANGS)
def test_region_names_come_from_cldr_in_the_readers_language(page, lang):
    """Filter options (with their counts), entry badges and results name regions as Babel's CLDR data
    does in the page's language (read here from Babel itself, not from the site's code)."""
    territories = Locale.parse(lang).territories
    code_of = {name: code for code, name in Locale("es").territories.items()}  # the data names regions in Spanish
    page.goto(page_url(lang, PHRASEBOOK_PAGE))
    ready(page)
    options = page.eval_on_selector_all("#naipes-phrasebook-region option[value]:not([value=''])",
                                        "os => os.map(o => [o.value, o.textContent])")
    used = {g for e in DATA for r in e["es"] for g in r["regions"]}
    assert {value for value, _ in options} == used
    for value, text in options:
        n = sum(any(value in r["regions"] for r in e["es"]) for e in DATA)
        assert text == f"{territories[code_of[value]]} ({n})", (value, text)
    expected = {"es": "España", "ca": "Espanya", "en": "Spain"}[lang]
    assert territories["ES"] == expected  # Babel agrees with what a reader expects
    badges = page.locator("#breath-of-life .naipes-badge--region").all_inner_texts()
    assert badges == [territories[code_of[g]] for r in next(e for e in DATA if e["id"] == "breath-of-life")["es"]
                      for g in r["regions"]]
    ask(page, "soplo de vida")
    shown = page.locator("#naipes-phrasebook-results li").first.locator(".naipes-badge--region").all_inner_texts()
    assert territories["ES"] in shown and territories["CL"] in shown
