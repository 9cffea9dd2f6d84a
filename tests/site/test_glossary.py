"""The casino-terms glossary pages (es/ca/en) of the built site, their search and exports, and the
glossary tooltips on the rules pages."""

from __future__ import annotations

import csv
import io
import re
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from lxml import etree
from playwright.sync_api import expect
from lxml import html as lxml_html

from glossary_helpers import GAME, GLOSSARY_PAGE, fetch, glossary_site  # noqa: F401 (fixture)
from site_helpers import LANGS, page_url

from tools.glossary import exports as X
from tools.glossary.seeds import ROOT, quote_line, seed_number
from tools.glossary.terms import term_matcher
from tools.glossary.text import as_list
from tools.glossary.ui import translations

pytestmark = pytest.mark.usefixtures("glossary_site")

TERMS = X.load_casino_terms()
BY_ID = {t["id"]: t for t in TERMS}
TBX = "{urn:iso:std:iso:30042:ed-2}"
TITLES = {"es": "Glosario", "ca": "Glossari", "en": "Glossary"}
SOURCES = {"es": "sources.md", "ca": "sources.md", "en": "sources.md"}
SKIPPED = {"h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "button", "summary", "label"}


def built(site, lang: str, page: str):
    return lxml_html.fromstring((site / page_url(lang, page) / "index.html").read_text(encoding="utf-8"))


def norm(text: str) -> str:
    return " ".join(text.split())


def site_path(site, page_url_: str, href: str):
    """The built file a relative link of a page points to, and its fragment."""
    target = urlsplit(urljoin("http://x/" + page_url_, href))
    return site / target.path.lstrip("/") / "index.html", target.fragment, target.query


# ------------------------------------------------------------------ built pages


@pytest.mark.parametrize("lang", LANGS)
def test_page_exists_with_every_term_its_definition_and_sources(glossary_site, lang):
    doc = built(glossary_site, lang, GLOSSARY_PAGE)
    assert doc.get("lang") == lang
    assert doc.xpath("//article[contains(@class,'md-content__inner')]//h1")[0].text.strip() == TITLES[lang]
    nav = [norm(a.text_content()) for a in doc.xpath('//nav[contains(@class,"md-nav--primary")]//a')]
    assert TITLES[lang] in nav
    articles = doc.xpath('//div[@data-naipes-entries="glossary"]//article')
    assert sorted(a.get("id") for a in articles) == sorted(BY_ID)
    ids = doc.xpath("//@id")
    assert len(ids) == len(set(ids))
    sources = {}
    for art in articles:
        term = BY_ID[art.get("id")]
        assert norm(art.xpath("h4/span")[0].text) == as_list(term[lang])[0]
        assert term["definition"][lang] in art.xpath('.//*[@class="naipes-gl-definition"]')[0].text_content()
        dd = [norm(d.text_content()) for d in art.xpath(".//dl/dd")]
        assert dd[0] == ", ".join(as_list(term[lang])) and len(dd) == 3
        quotes = art.xpath(".//blockquote/p")
        cited = [term["source"], *(term.get("also") or [])]
        assert len(quotes) == len(cited)
        for p, src in zip(quotes, cited):
            assert p.xpath("q")[0].text == X.clean(src["quote"])
            number = seed_number(src["seed"])
            link = p.xpath(".//a")[0]
            line = quote_line(src["seed"], src["quote"])
            assert link.text == translations(lang).gettext("source {n}, line {line}").format(n=number, line=line)
            sources[link.get("href")] = number
    # every source link lands on that source's section of the sources page, same language
    for href, number in sources.items():
        path, fragment, _ = site_path(glossary_site, page_url(lang, GLOSSARY_PAGE), href)
        assert path == glossary_site / page_url(lang, SOURCES[lang]) / "index.html"
        heading = lxml_html.fromstring(path.read_text(encoding="utf-8")).xpath(f'//*[@id="{fragment}"]')
        assert heading and number in heading[0].text_content()


@pytest.mark.parametrize("lang", LANGS)
def test_exports_are_linked_downloadable_and_valid(glossary_site, base_url, lang):
    expected = X.all_exports(X.load_phrasebook(), TERMS)
    page = urljoin(base_url, page_url(lang, GLOSSARY_PAGE))
    hrefs = built(glossary_site, lang, GLOSSARY_PAGE).xpath('//ul[@class="naipes-gl-downloads"]//a/@href')
    assert len(hrefs) == 10  # TSV, CSV plain and for spreadsheets, TBX v3 and v2
    pairs = {f"casino-terms-{src}-{tgt}.txt": (src, tgt) for src, tgt in X.CASINO_PAIRS}
    for href in hrefs:
        url = urljoin(page, href)
        name = url.rsplit("/", 1)[1]
        body = fetch(base_url, url).decode("utf-8")
        assert body == expected[name]
        assert "seed" not in body.lower()
        if name in pairs:
            rows = [line.split("\t") for line in body.rstrip("\n").split("\n")]
            assert all(len(r) == 3 for r in rows)
            assert [tuple(r[:2]) for r in rows] == [r[:2] for r in X.casino_rows(TERMS, *pairs[name])]
        elif name.endswith(".csv"):
            # the spreadsheets' copy starts with a byte-order mark (Excel reads UTF-8 only then), the other not
            assert body.startswith("\ufeff") == name.endswith("-spreadsheet.csv"), name
            rows = list(csv.DictReader(io.StringIO(body.removeprefix("\ufeff"), newline="")))
            assert [r["id"] for r in rows] == [t["id"] for t in TERMS]
        elif name.endswith("-tbx2.tbx"):
            root = etree.fromstring(body.encode("utf-8"))
            assert root.tag == "martif" and root.get("type") == "TBX-Basic" and root.find("text/body/termEntry") is not None
        else:
            root = etree.fromstring(body.encode("utf-8"))
            assert root.tag == TBX + "tbx" and root.nsmap[None] == "urn:iso:std:iso:30042:ed-2"
            concepts = root.findall(f"{TBX}text/{TBX}body/{TBX}conceptEntry")
            assert [c.get("id") for c in concepts] == [f"ct-{t['id']}" for t in TERMS]


# ------------------------------------------------------------------ tooltips on the rules pages


def glossary_anchors(site, lang):
    doc = built(site, lang, GLOSSARY_PAGE)
    return set(doc.xpath('//div[@data-naipes-entries="glossary"]//article/@id'))


@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_terms_carry_their_definition_and_link_to_the_glossary(glossary_site, lang):
    doc = built(glossary_site, lang, GAME)
    anchors = glossary_anchors(glossary_site, lang)
    terms = doc.xpath('//abbr[@class="naipes-term"]')
    assert len(terms) >= 30, len(terms)
    matcher = term_matcher(TERMS, lang)
    linked = set()
    for abbr in terms:
        (a,) = abbr.xpath("a")
        path, fragment, query = site_path(glossary_site, page_url(lang, GAME), a.get("href"))
        assert path == glossary_site / page_url(lang, GLOSSARY_PAGE) / "index.html"
        ids = matcher.term_ids(a.text)
        if fragment:  # one term: its anchor
            assert ids == (fragment,) and fragment in anchors
            assert abbr.get("title") == BY_ID[fragment]["definition"][lang]
            linked.add(fragment)
        else:  # a form several terms share: the glossary's search for it
            assert len(ids) > 1 and parse_qs(query) == {"q": [matcher.key(a.text)]}
            assert all(BY_ID[i]["definition"][lang] in abbr.get("title") for i in ids)
        # never inside headings, links, code or widgets
        for anc in abbr.iterancestors():
            assert anc.tag not in SKIPPED | {"a", "abbr"}, anc.tag
            assert "naipes-widget" not in (anc.get("class") or "")
    assert {"banca", "tercera-carta", "carta-de-detencion", "empate", "natural"} <= linked
    # the first occurrence per paragraph only
    for block in doc.xpath("//p | //li | //td | //th"):
        hrefs = [a.get("href") for a in block.xpath('./abbr[@class="naipes-term"]/a | ./*[not(self::ul or self::ol or self::p)]//abbr[@class="naipes-term"]/a')]
        assert len(hrefs) == len(set(hrefs)), (lang, norm(block.text_content())[:80])
    # headings keep their terms unlinked
    assert not doc.xpath('//h1//abbr | //h2//abbr | //h3//abbr | //*[contains(@class,"naipes-widget")]//abbr[@class="naipes-term"]')


#: Catalan infinitives and the words after "pot" when it means "can" (pot ser, pot no, pot també...).
CAN_FOLLOWS = re.compile(r"^\s+(?:\w+(?:ar|er|ir|re|ure)|ser|no|també|ja|haver|fer|dir|dur)\b", re.IGNORECASE)


def test_no_catalan_page_links_pot_where_it_means_can(glossary_site):
    """Catalan "pot" is the poker pot (a term) and the verb "can" (not one): every Catalan page is read."""
    wrong = []
    for index in sorted((glossary_site / "ca").rglob("index.html")):
        doc = lxml_html.fromstring(index.read_text(encoding="utf-8"))
        for abbr in doc.xpath('//abbr[@class="naipes-term"][normalize-space(.)="pot" or normalize-space(.)="Pot"]'):
            if CAN_FOLLOWS.match(abbr.tail or ""):
                wrong.append(f"{index.parent.relative_to(glossary_site)}: pot{(abbr.tail or '')[:30]}")
    assert not wrong, wrong


def _squeezed(text: str) -> str:
    """One space between words and none before punctuation: the sources often write "banca ; el", "1 , del"."""
    return re.sub(r" ([,;:.!?)])", r"\1", " ".join(text.replace("\u2019", "'").split())).casefold()


#: The sources' texts by language: every source is in Spanish but the Catalan decree (002).
SOURCE_TEXTS = {lang: [_squeezed(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "data" / "sources").glob("*.txt"))
                       if (p.name.startswith("002_")) == (lang == "ca")] for lang in ("es", "ca")}
#: A quotation: between “…” or «…» (which may hold the sources' own straight quotes), or straight quotes.
QUOTATION = re.compile(r'“([^“”]{8,800}?)”|«([^«»]{8,800}?)»|"([^"“”«»]{1,800}?)"')  # straight ones pair in order


@pytest.mark.parametrize("lang", LANGS)
def test_a_passage_quoted_from_a_source_in_another_language_says_its_language(glossary_site, lang):
    """WCAG 3.1.2 (language of parts): a quotation of three words or more found word for word in a source
    of another language is inside an element of that language, and no glossary term is linked in it. The
    widgets too: the engine marks the passages its own messages quote (naipes.web.quotes)."""
    unmarked = []
    root = glossary_site if lang == "es" else glossary_site / lang
    for index in sorted(root.rglob("index.html")):
        if lang == "es" and index.relative_to(glossary_site).parts[0] in LANGS:
            continue
        doc = lxml_html.fromstring(index.read_text(encoding="utf-8"))
        for abbr in doc.xpath('//abbr[@class="naipes-term"][ancestor::*[@lang][1][@lang!=$lang]]', lang=lang):
            unmarked.append(f"{index.parent.name}: term {abbr.text_content()!r} linked inside another language")
        for node in doc.xpath('//main//text()[not(ancestor::code or ancestor::pre or ancestor::script)]'):
            for found in QUOTATION.finditer(str(node)):
                passage = _squeezed(next(g for g in found.groups() if g is not None)).strip(" .,;:")
                if len(passage.split()) < 3:
                    continue
                sources = {source for source, texts in SOURCE_TEXTS.items() if any(passage in t for t in texts)}
                if not sources or lang in sources:
                    continue  # in no source, or in the page's own language too (a name: "chemin de fer")
                holder = node.getparent().getparent() if node.is_tail else node.getparent()
                marked = holder.xpath("ancestor-or-self::*[@lang][1]/@lang")
                if not marked or marked[0] not in sources:
                    unmarked.append(f"{index.parent.name}: {found.group(0)[:60]}")
    assert not unmarked, (len(unmarked), unmarked)


# ------------------------------------------------------------------ browser


def ready(page, kind="glossary"):
    page.wait_for_selector(f'[data-naipes-search="{kind}"][data-naipes-ready="true"]')


def ask(page, q: str) -> tuple[list[str], str]:
    page.fill("#naipes-glossary-q", q)
    page.wait_for_function("q => document.querySelector('[data-naipes-search]').dataset.naipesQuery === q", arg=q)
    ids = page.eval_on_selector_all("#naipes-glossary-results a", "as => as.map(a => a.hash.slice(1))")
    return ids, norm(page.inner_text("#naipes-glossary-count"))


def test_glossary_search_in_three_languages(page, rec):
    page.goto(page_url("en", GLOSSARY_PAGE))
    ready(page)
    assert ask(page, "deduccion")[0][0] == "deduccion"  # Spanish, without its accent
    assert ask(page, "escapcada")[0][0] == "talla"  # Catalan, without ç
    assert ask(page, "croupier")[0][0] == "crupier"  # English
    assert ask(page, "cagnote")[0][0] == "pozo"  # a typo
    assert ask(page, "pañ")[0][0] == "pano" and "pano" not in ask(page, "pano")[0]  # ñ kept
    ids, count = ask(page, "covers the other players")  # the definitions, in the page language
    assert "banca" in ids and re.fullmatch(r"\d+ results?", count)
    first = page.locator("#naipes-glossary-results li").first
    assert page.locator("#naipes-glossary-results li").count() == len(ids)
    assert first.locator("a span[lang=en]").count() == 1 and first.locator("a span[lang=ca]").count() == 1
    assert first.locator("a abbr.naipes-lang").all_inner_texts() == ["EN", "ES", "CA"]  # the page's language first
    for q, tid in [("house edge", "ventaja-de-la-casa"), ("avantatge de la casa", "ventaja-de-la-casa"),
                   ("insurance", "cobertura"), ("stop card", "carta-de-detencion"), ("comission", "deduccion")]:
        assert ask(page, q)[0][0] == tid, q  # the tables' vocabulary, in any language, a typo forgiven
    assert rec.pyodide_requests() == []


def test_term_tooltip_on_focus_and_link_to_the_glossary(page):
    page.goto(page_url("ca", GAME))
    term = page.locator('abbr.naipes-term:has(a[href$="#tercera-carta"])').first
    title = term.get_attribute("title")
    assert title == BY_ID["tercera-carta"]["definition"]["ca"]
    link = term.locator("a")
    link.focus()
    tooltip = page.locator(".md-tooltip2--active")  # Material's tooltip (content.tooltips), on focus too
    expect(tooltip).to_have_text(title)
    link.click()
    page.wait_for_function("() => location.hash === '#tercera-carta'")
    assert urlsplit(page.url).path.endswith("/ca/glossary/")
    expect(page.locator("#tercera-carta")).to_be_in_viewport()
    expect(page.locator("#tercera-carta")).to_be_focused()  # highlighted, and where Tab goes on from


def test_a_shared_form_links_to_the_glossary_search(page):
    page.goto(page_url("en", GAME))
    link = page.locator('abbr.naipes-term a[href*="?q=baccarat"]').first
    link.click()
    ready(page)
    assert parse_qs(urlsplit(page.url).query) == {"q": ["baccarat"]}
    ids = page.eval_on_selector_all("#naipes-glossary-results a", "as => as.map(a => a.hash.slice(1))")
    assert {"punto-y-banca", "bacarra-cero"} <= set(ids)
    assert page.input_value("#naipes-glossary-q") == "baccarat"
    assert not page.eval_on_selector("#__search", "el => el.checked")
    page.reload()  # the query survives a reload, and Material's own search stays closed
    ready(page)
    assert page.input_value("#naipes-glossary-q") == "baccarat"
    assert not page.eval_on_selector("#__search", "el => el.checked")
