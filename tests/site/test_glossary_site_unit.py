"""Unit tests of the glossary's build tools (tools/glossary/: page generators, search data, term
linker, site catalogs) and of the search core (docs/assets/glossary/search-core.js, run under
Node). No build, no browser."""

from __future__ import annotations

import doctest
import gettext
import importlib
import json
import re

import jsonschema
import pytest
import yaml
from babel.messages.pofile import read_po
from lxml import html as lxml_html

from glossary_helpers import run_node
from site_helpers import LANGS, ROOT

from tools import i18n
from tools.glossary import exports as X
from tools.glossary import index, pages, sources, terms, ui
from tools.glossary.seeds import quote_line, seed_number
from tools.glossary.text import as_list, fold, headword, letter, sort_key

PHRASEBOOK = X.load_phrasebook()
TERMS = X.load_casino_terms()

NASTY = {
    "id": "nasty-entry",
    "en": '<script>window.__xss = 1</script> it\'s "quoted" & <img src=x onerror="window.__xss=2">',
    "es": [
        {"text": 'texto "entre comillas" & </article><b>negrita</b>', "regions": ["España", "México"],
         "source": "Proz", "note": "nota & <i>cursiva</i>"},
        {"text": "segunda &amp; ]]> rendición", "regions": [], "source": None, "note": None},
    ],
    "notes": {"en": 'curator\'s <note> & "more" </dd>'},
    "register": "vulgar", "direction": "EN→ES", "status": "truncated", "seed_line": 1,
}
NASTY_TERM = {
    "id": "nasty-term",
    "es": ['<script>"x"</script> & co', "otro"], "ca": "l’«amp» &amp; <b>", "en": ['a, "b"'],
    "definition": {"es": 'def <es> & "x"', "ca": "def ca &amp; <i>", "en": "def en & <en>"},
    "source": {"seed": "002_78b08150b1999a76", "quote": 'quote with "quotes" & <tags>'},
}


def fragment(markup: str):
    return lxml_html.fragment_fromstring(markup, create_parent="div")


def norm(text: str) -> str:
    return " ".join(text.split())


# ------------------------------------------------------------------ docstrings, helpers


@pytest.mark.parametrize("module", sorted(p.stem for p in (ROOT / "tools" / "glossary").glob("*.py")))
def test_docstring_examples(module):
    assert doctest.testmod(importlib.import_module(f"tools.glossary.{module}")).failed == 0


def test_fold_matches_the_search_normalisation():
    assert fold("Día del ARQUERO") == "dia del arquero"
    assert fold("Año, AÑO") == "año, año" and fold("ano") != fold("año")
    assert fold("pingüino çà l·l") == "pinguino ca l·l"


def test_letters_and_order():
    heads = ["zeta", "ñu", "nube", "Ábaco", '"It" girl', "7 y medio", "ola"]
    assert sorted(heads, key=sort_key)[:5] == ["7 y medio", "Ábaco", '"It" girl', "nube", "ñu"]
    assert [letter(h) for h in heads] == ["Z", "Ñ", "N", "A", "I", "#", "O"]


# ------------------------------------------------------------------ phrasebook HTML


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_has_one_anchor_in_its_letter(lang):
    root = fragment(pages.render_phrasebook_entries(PHRASEBOOK, lang))
    articles = root.xpath("//article")
    assert [a.get("id") for a in articles if a.get("id")] and len(articles) == len(PHRASEBOOK)
    assert sorted(a.get("id") for a in articles) == sorted(e["id"] for e in PHRASEBOOK)
    ids = root.xpath("//@id")
    assert len(ids) == len(set(ids))
    # A–Z index: each link goes to a letter section; each entry sits in the section of its letter
    links = root.xpath('//nav[@class="naipes-gl-az"]/a')
    assert [a.text for a in links] == sorted({letter(headword(e)[0]) for e in PHRASEBOOK},
                                             key=lambda ch: (ch == "#", sort_key(ch)))
    for a in links:
        section = root.xpath(f'//section[@aria-labelledby="{a.get("href")[1:]}"]')
        assert len(section) == 1 and section[0].xpath("h3")[0].text == a.text
        for article in section[0].xpath("article"):
            entry = next(e for e in PHRASEBOOK if e["id"] == article.get("id"))
            assert letter(headword(entry)[0]) == a.text
    keys = [sort_key(norm(a.xpath("h4/span")[0].text_content())) for a in articles if letter(a.xpath("h4/span")[0].text_content()) != "#"]
    assert keys == sorted(keys)


def test_entry_shows_badges_flags_notes_source_and_copy_buttons():
    entry = next(e for e in PHRASEBOOK if e["id"] == "breath-of-life")
    art = fragment(pages.render_phrasebook_entry(entry, "en")).xpath("//article")[0]
    assert art.get("id") == "breath-of-life"
    assert art.xpath('.//h4//a[@class="headerlink"]/@href') == ["#breath-of-life"]
    regions = art.xpath('.//*[contains(@class,"naipes-badge--region")]/text()')
    assert regions[:4] == ["Argentina", "Spain", "Chile", "Uruguay"]
    assert art.xpath('.//*[contains(@class,"naipes-badge--source")]/text()') == ["[Proz]"] * 3
    copies = art.xpath('.//button[@data-clipboard-text]/@data-clipboard-text')
    renderings = ["soplo de vida", "aliento de vida", "hálito de vida"]
    assert copies == ["breath of life", *(x for r in renderings for x in (r, f"breath of life\t{r}"))]
    assert art.xpath('.//button[@data-clipboard-text]/text()')[:3] == ["Copy", "Copy", "Copy pair"]
    assert not art.xpath('.//*[contains(@class,"naipes-badge--status")]')
    assert norm(art.xpath('.//*[@class="naipes-gl-cite"]')[0].text_content()) == "Source: source 000, line 3"
    truncated = next(e for e in PHRASEBOOK if e["status"] == "truncated" and e["notes"])
    for lang in LANGS:  # the notes in the page's language, without a fallback mark
        art = fragment(pages.render_phrasebook_entry(truncated, lang)).xpath("//article")[0]
        notes = art.xpath('.//*[@class="naipes-gl-notes"]')[0]
        assert notes.get("data-notes-lang") == lang and not notes.xpath('.//*[@class="naipes-gl-fallback"]')
        assert norm(notes.text_content()).endswith(norm(truncated["notes"][lang]))
        assert notes.xpath(f'span[@lang="{lang}"]')
    art = fragment(pages.render_phrasebook_entry(truncated, "es")).xpath("//article")[0]
    assert art.xpath('.//*[contains(@class,"naipes-badge--status")]/text()') == ["truncada"]
    assert norm(art.xpath('.//*[@class="naipes-gl-cite"]')[0].text_content()) == \
        f"Fuente: fuente 000, línea {truncated['seed_line']}"
    untranslated = next(e for e in PHRASEBOOK if e["status"] == "untranslated" and e["en"])
    art = fragment(pages.render_phrasebook_entry(untranslated, "ca")).xpath("//article")[0]
    assert art.xpath('.//*[contains(@class,"naipes-badge--status")]/text()') == ["sense traduir"]
    assert art.xpath('.//*[@class="naipes-gl-missing"]/text()') == ["la font no en dona traducció"]


@pytest.mark.parametrize("lang", LANGS)
def test_entries_render_as_text(lang):
    markup = pages.render_phrasebook_entry(NASTY, lang)
    assert "<script" not in markup and "<img" not in markup and "<b>" not in markup and "</article><b>" not in markup
    art = fragment(markup).xpath("//article")
    assert len(art) == 1 and art[0].get("id") == "nasty-entry"
    assert art[0].xpath("h4/span")[0].text == NASTY["en"]
    texts = art[0].xpath('.//span[@lang="es"][@class="naipes-gl-text"]/text()')
    assert texts == [r["text"] for r in NASTY["es"]]
    assert art[0].xpath(".//button/@data-clipboard-text") == \
        [NASTY["en"]] + [x for r in NASTY["es"] for x in (r["text"], f'{NASTY["en"]}\t{r["text"]}')]
    assert art[0].xpath('.//*[@class="naipes-gl-note"]/text()') == ["(nota & <i>cursiva</i>)"]
    assert art[0].xpath('.//*[@class="naipes-gl-notes"]/span[@lang="en"]/text()') == [NASTY["notes"]["en"]]
    fallback = art[0].xpath('.//*[@class="naipes-gl-fallback"]')
    assert bool(fallback) == (lang != "en"), "a note shown in another language is marked"
    assert not art[0].xpath(".//script | .//img | .//b | .//i")


def test_glossary_entry_renders_as_text_with_source_link():
    markup = pages.render_glossary_entry(NASTY_TERM, "ca", {"002": "../sources/#font-002"})
    art = fragment(markup).xpath("//article")[0]
    assert art.get("id") == "nasty-term" and not art.xpath(".//script | .//b | .//i")
    assert art.xpath("h4/span")[0].text == "l’«amp» &amp; <b>"
    assert norm(art.xpath('.//*[@class="naipes-gl-definition"]')[0].text_content()) == "Definició: def ca &amp; <i>"
    q = art.xpath(".//blockquote//q")[0]
    assert q.text == 'quote with "quotes" & <tags>' and q.get("lang") == "ca"
    assert art.xpath(".//blockquote//a/@href") == ["../sources/#font-002"]
    assert art.xpath(".//blockquote//a/text()") == ["font 002"]  # a quote not in the source: no line
    dts = [norm(dt.text_content()) for dt in art.xpath(".//dl/dt")]
    assert dts == ["Català CA", "Castellà ES", "Anglès EN"]  # the page language first, each with its code


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_entries_one_anchor_per_term(lang):
    urls = sources.source_urls(lang, "sources/")
    root = fragment(pages.render_glossary_entries(TERMS, lang, urls))
    ids = [a.get("id") for a in root.xpath("//article")]
    assert sorted(ids) == sorted(t["id"] for t in TERMS)
    for art in root.xpath("//article"):
        term = next(t for t in TERMS if t["id"] == art.get("id"))
        assert art.xpath("h4/span")[0].text == as_list(term[lang])[0]
        assert term["definition"][lang] in art.xpath('.//*[@class="naipes-gl-definition"]')[0].text_content()
        assert art.xpath(".//blockquote//q")[0].text == X.clean(term["source"]["quote"])
        links = art.xpath(".//blockquote//a")
        assert len(links) == 1 + len(term.get("also") or [])
        line = quote_line(term["source"]["seed"], term["source"]["quote"])
        assert links[0].text == ui.translations(lang).gettext("source {n}, line {line}").format(
            n=seed_number(term["source"]["seed"]), line=line)


def test_source_anchors_cover_every_cited_source():
    cited = {seed_number(q["seed"]) for t in TERMS for q in [t["source"], *(t.get("also") or [])]}
    for lang in LANGS:
        anchors = sources.source_anchors(lang)
        assert cited <= set(anchors), lang
        assert all(a.startswith({"es": "fuente-", "ca": "font-", "en": "source-"}[lang]) for a in anchors.values())


# ------------------------------------------------------------------ search form, downloads, data


@pytest.mark.parametrize("lang", LANGS)
def test_search_form_is_labelled_and_complete(lang):
    regions = sorted({r for e in PHRASEBOOK for x in e["es"] for r in x["regions"]})
    root = fragment(pages.render_search("phrasebook", lang, "../", entries=PHRASEBOOK))
    box = root.xpath('//div[@data-naipes-search="phrasebook"]')[0]
    assert box.get("data-naipes-index") == "../assets/glossary/phrasebook.json"
    labels = json.loads(box.get("data-naipes-labels"))
    assert set(labels["register"]) == set(ui.REGISTERS) and set(labels["status"]) == set(ui.STATUSES)
    for control in root.xpath("//input | //select"):
        label = root.xpath(f'//label[@for="{control.get("id")}"]')
        assert len(label) == 1 and label[0].text_content().strip(), control.get("name")
    assert root.xpath('//select[@name="region"]/option/@value')[1:] and \
        set(root.xpath('//select[@name="region"]/option/@value')[1:]) == set(regions)
    assert root.xpath('//select[@name="register"]/option/@value') == ["", *ui.REGISTERS]
    assert root.xpath('//select[@name="status"]/option/@value') == ["", *ui.STATUSES]
    assert root.xpath('//select[@name="dir"]/option/@value') == ["", "EN→ES", "ES→EN"]
    assert root.xpath('//input[@type="checkbox"][@name="complete"]/@value') == ["1"]
    # every filter value says how many entries it leaves
    counts = {"EN→ES": sum(e["direction"] == "EN→ES" for e in PHRASEBOOK),
              "untranslated": sum(e["status"] == "untranslated" for e in PHRASEBOOK)}
    for value, n in counts.items():
        option = root.xpath(f'//option[@value="{value}"]')[0]
        assert option.text == f'{option.get("data-label")} ({n})'
    complete = sum(e["status"] == "complete" for e in PHRASEBOOK)
    assert root.xpath('//input[@name="complete"]/following-sibling::span/text()')[0].endswith(f"({complete})")
    assert root.xpath('//*[@role="status"][@aria-live="polite"]')
    assert root.xpath('//form[@role="search"]/@hidden') == [""]  # shown by search.js once ready
    ids = root.xpath("//@id")
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("to_root", ["", "../", "../../"])
def test_download_links_are_relative_to_the_site_root(to_root):
    root = fragment(pages.render_downloads("glossary", "es", to_root, {"casino-terms.csv": 2048}))
    hrefs = root.xpath("//a/@href")
    assert hrefs == [f"{to_root}downloads/{name}" for name, _, _ in pages.DOWNLOAD_SETS["glossary"]]
    assert "(2 KB)" in root.text_content()


def test_every_export_is_listed_on_its_page():
    files = X.all_exports(PHRASEBOOK, TERMS)
    assert {n for s in pages.DOWNLOAD_SETS.values() for n, _, _ in s} == set(files)


def test_search_data_is_generated_from_the_yaml():
    pb = json.loads(index.index_json(index.phrasebook_index(PHRASEBOOK + [NASTY])))
    assert [d["id"] for d in pb["docs"]] == [e["id"] for e in PHRASEBOOK] + ["nasty-entry"]
    nasty = pb["docs"][-1]
    assert nasty["en"] == NASTY["en"] and nasty["es"] == [r["text"] for r in NASTY["es"]]
    assert nasty["regions"] == ["España", "México"] and nasty["status"] == "truncated"
    assert nasty["notes"] == NASTY["notes"]
    assert "<" not in index.index_json(index.phrasebook_index([NASTY]))  # safe to inline, too
    es_to_en = next(d for d in pb["docs"] if d["id"] == "dia-del-arquero")
    assert (es_to_en["head"], es_to_en["headLang"], es_to_en["en"]) == ("día del arquero", "es", "the day pigs fly")
    gl = json.loads(index.index_json(index.glossary_index(TERMS)))
    assert len(gl["docs"]) == len(TERMS)
    for doc, term in zip(gl["docs"], TERMS):
        assert all(doc[lang] == as_list(term[lang]) for lang in LANGS)
        assert doc["definition"] == term["definition"]


def test_markers_expand_in_place():
    page = "<h2>A</h2>\n<!-- naipes:phrasebook search -->\n<p><!-- naipes:phrasebook entries --></p>\n<!-- other -->"
    out, found = pages.expand_markers(page, lambda k, p: f"<div>{k}:{p}</div>")
    assert out == "<h2>A</h2>\n<div>phrasebook:search</div>\n<div>phrasebook:entries</div>\n<!-- other -->"
    assert found == {("phrasebook", "search"), ("phrasebook", "entries")}


# ------------------------------------------------------------------ term linker

ES = terms.term_matcher(TERMS, "es")
CA = terms.term_matcher(TERMS, "ca")
EN = terms.term_matcher(TERMS, "en")


def linked(markup: str, matcher=ES) -> list[tuple[str, str, str]]:
    out, n = terms.link_terms(markup, matcher, "../../glossary/")
    root = fragment(out)
    found = [(a.text, a.get("href"), a.getparent().get("title")) for a in root.xpath('//abbr[@class="naipes-term"]/a')]
    assert n == len(found)
    return found


def test_first_occurrence_per_section_whole_words_any_case():
    got = linked("<p>La Banca gana; la banca pierde. Bancarrota, bancas.</p><ul><li>BANCA otra vez</li></ul>"
                 "<h3>Pagos</h3><p>La <em>banca</em> paga.</p><table><tr><td>banca</td></tr></table>")
    assert [(t, h) for t, h, _ in got] == [("Banca", "../../glossary/#banca"), ("banca", "../../glossary/#banca")]
    assert got[0][2] == next(t for t in TERMS if t["id"] == "banca")["definition"]["es"]


def test_longest_term_wins_and_spans_line_breaks():
    got = linked("<p>El punto\ny banca y el punto.</p>")
    assert [(t, h.rsplit("#", 1)[1]) for t, h, _ in got] == [("punto\ny banca", "punto-y-banca"), ("punto", "punto")]


def test_not_in_headings_links_code_buttons_or_widgets():
    markup = (
        '<h2 id="banca">La banca</h2><p><a href="#x">la banca</a> <code>banca</code></p>'
        '<pre><code>banca</code></pre><p><button>banca</button></p>'
        '<div class="naipes-widget" data-naipes-widget="odds"><p>banca</p><div><span>banca</span></div>'
        '<table><tr><td>banca</td></tr></table></div>'
        "<p>fuera: banca</p>"
    )
    out, n = terms.link_terms(markup, ES, "g/")
    assert n == 1 and out.count("naipes-term") == 1 and out.endswith('fuera: <abbr class="naipes-term" title="'
                                                                     + pages.e(ES.definitions["banca"]) + '"><a href="g/#banca">banca</a></abbr></p>')


def test_markup_without_terms_is_copied_byte_for_byte():
    page = (ROOT / "docs" / "es" / "sources.md").read_text(encoding="utf-8")
    markup = ('<p class="x" data-j=\'{"a": "&lt;b&gt;"}\'>Texto &amp; más&nbsp;texto &#169; <br>'
              "<img alt='a > b' src=\"i.png\"/></p><!-- c --><script>if (a < b && c) {}</script>"
              + f"<pre>{page[:200]}</pre>")
    assert terms.link_terms(markup, ES, "g/") == (markup, 0)


def test_entities_around_a_term_are_kept():
    out, n = terms.link_terms("<p>A &amp; la banca &lt;tag&gt;</p>", ES, "g/")
    assert n == 1 and out.startswith("<p>A &amp; la <abbr") and out.endswith("</abbr> &lt;tag&gt;</p>")


def test_catalan_and_english_terms():
    assert [t for t, _, _ in linked("<p>La mà de la banca; l'escapçada.</p>", CA)] == ["mà", "banca", "escapçada"]
    assert [t for t, _, _ in linked("<li>The cut card and the shoe’s burn cards</li>", EN)] == ["cut card", "shoe", "burn cards"]
    got = linked("<p>The croupier deals the third card.</p>", EN)
    assert [h.rsplit("#", 1)[1] for _, h, _ in got] == ["crupier", "tercera-carta"]


def test_everyday_phrases_are_not_terms():
    assert [t for t, _, _ in linked("<p>Escritas a mano; el as vale un punto. La mano de la banca.</p>")] == \
        ["mano", "banca"]
    assert [t for t, _, _ in linked("<p>On the other hand, not by hand: the player's hand.</p>", EN)] == \
        ["player", "hand"]
    assert [t for t, _, _ in linked("<p>No s'escriuen a mà; val un punt. El punt guanya.</p>", CA)] == ["punt"]


def test_a_term_that_is_also_an_everyday_word_is_linked_only_after_its_words():
    # Catalan "pot" is the poker pot and "can": the decree's own sentences
    assert [t for t, _, _ in linked("<p>La banca pot demanar carta.</p>", CA)] == ["banca"]
    assert [t for t, _, _ in linked("<p>Es reuneixen en un lloc comú anomenat pot.</p>", CA)] == ["pot"]
    assert [t for t, _, _ in linked("<p>Qui pot guanyar el pot?</p>", CA)] == ["pot"]


def test_the_engines_copy_of_the_quoted_passages_languages_is_current():
    from tools.glossary import quotes
    assert quotes.ENGINE_MAP.read_text(encoding="utf-8") == quotes.engine_map_text(), (
        "the engine's messages quote other passages now: run `python -m tools.glossary.quotes`")


def test_a_form_shared_by_several_terms_links_to_the_glossary_search():
    (text, href, title), = linked("<p>the Baccarat sheet</p>", EN)
    assert href == "../../glossary/?q=baccarat"
    ids = EN.term_ids("baccarat")
    assert set(ids) == {"punto-y-banca", "bacarra-cero"}
    for tid in ids:
        assert EN.definitions[tid] in title


def test_everyday_phrases_data_matches_its_schema():
    schema = json.loads((ROOT / "data" / "schema" / "everyday-phrases.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    data = yaml.safe_load((ROOT / "data" / "everyday-phrases.yaml").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)
    assert all(terms.everyday_phrases(lang) == tuple(data[lang]) for lang in LANGS)


# ------------------------------------------------------------------ site catalogs (UI strings)


def site_catalog(lang: str):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "site.po", "rb") as f:
        return read_po(f, locale=lang)


def msgids(catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id) for m in catalog if m.id}


def test_site_template_is_in_sync_with_the_tools(tmp_path):
    i18n.extract(tmp_path / "site.pot", domain="site")
    with open(tmp_path / "site.pot", "rb") as f:
        fresh = msgids(read_po(f))
    with open(ROOT / "locales" / "site.pot", "rb") as f:
        assert fresh == msgids(read_po(f)), "run: python tools/i18n.py extract -D site && python tools/i18n.py update -D site"
    for lang in LANGS:
        assert msgids(site_catalog(lang)) == fresh, lang


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_every_ui_string_is_translated(lang):
    for message in site_catalog(lang):
        if message.id:
            assert message.string and not message.fuzzy, (lang, message.context, message.id)
            assert set(re.findall(r"\{\w+\}", message.string)) == set(re.findall(r"\{\w+\}", message.id)), message.id


class MissRecorder(gettext.NullTranslations):
    """Fallback of a catalog: it is only asked for what the catalog lacks."""

    def __init__(self):
        super().__init__()
        self.missed: list[tuple[str | None, str]] = []

    def gettext(self, message):
        self.missed.append((None, message))
        return message

    def pgettext(self, context, message):
        self.missed.append((context, message))
        return message


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_rendering_asks_for_no_msgid_the_catalogs_lack(lang):
    """Catches a string the extraction cannot see (a call inside an f-string, a msgid not marked)."""
    ui.load()
    recorder = MissRecorder()
    ui.translations(lang).add_fallback(recorder)
    try:
        regions = pages.phrasebook_regions(PHRASEBOOK)
        for kind in pages.SEARCH_BOXES:
            pages.render_search(kind, lang, "", entries=PHRASEBOOK)
            pages.render_downloads(kind, lang, "")
        pages.render_phrasebook_entries(PHRASEBOOK + [NASTY], lang)
        pages.render_phrasebook_entry(dict(NASTY, notes={"ca": "nota"}), lang)
        pages.render_glossary_entries(TERMS + [NASTY_TERM], lang, {})
        sources.source_anchors(lang)
        assert [ui.label(ui.REGISTERS, r, lang) for r in ui.REGISTERS]
    finally:
        ui.load()  # a fresh catalog, without the recorder
    assert recorder.missed == []


# ------------------------------------------------------------------ search core under Node

SEARCH = """
import MiniSearch from "./minisearch.mjs";
import { normalize, processTerm, createIndex, search, typoCandidates, damerau, filterCounts } from "./search-core.mjs";
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
const index = createIndex(MiniSearch, input.kind, input.docs, input.lang);
const ids = (state) => { const r = search(index, state, 1e9); return r.active ? r.results.map((d) => d.id) : null; };
const full = (state) => { const r = search(index, state, 1e9); return { ...r, results: r.results.map((d) => d.id), nearest: r.nearest.map((d) => d.id) }; };
process.stdout.write(JSON.stringify({
  normalize: input.normalize.map(normalize),
  processTerm: input.normalize.map(processTerm),
  results: input.queries.map(ids),
  full: (input.full || []).map(full),
  typos: (input.typos || []).map((w) => typoCandidates(index, w).sort()),
  damerau: (input.pairs || []).map(([a, b]) => damerau(a, b)),
  counts: input.counts ? filterCounts(index, input.counts) : null,
}));
"""


def node_search(tmp_path, kind, docs, queries, lang="en", normalize=(), **more):
    return run_node(SEARCH, tmp_path, {"kind": kind, "docs": docs, "lang": lang, "queries": queries,
                                       "normalize": list(normalize), **more})


def test_search_core_semantics(tmp_path):
    docs = index.phrasebook_index(PHRASEBOOK)["docs"]
    anos = [d["id"] for d in docs if any("años" in t for t in d["es"])]
    queries = [
        {"q": "dia del arquero"}, {"q": "DÍA DEL ARQUERO"}, {"q": "the day pigs fly"},
        {"q": "bread and circuses"}, {"q": "pan y circo"}, {"q": "circu"}, {"q": "circuzes"},
        {"q": "años"}, {"q": "anos"}, {"q": "ano"},
        {"q": "", "region": "Argentina"}, {"q": "vida", "region": "Chile"},
        {"q": "", "status": "truncated"}, {"q": "", "register": "vulgar"},
        {"q": "pan y circo", "in": "en"}, {"q": "pan y circo", "in": "es"}, {"q": ""}, {"q": "!!"},
        {"q": "b"}, {"q": "bread and c"},
    ]
    out = node_search(tmp_path, "phrasebook", docs, queries,
                      normalize=["Día", "AÑO", "Ñandú", "pingüino", "n\u0303", "ça", "ÀÉÎÕÜ"])
    assert out["normalize"] == ["dia", "año", "ñandu", "pinguino", "ñ", "ca", "aeiou"]
    assert out["processTerm"][:3] == ["dia", "añño", "ññandu"]
    r = dict(zip(range(len(queries)), out["results"]))
    assert r[0][0] == r[1][0] == r[2][0] == "dia-del-arquero"
    assert r[3][0] == r[4][0] == r[5][0] == r[6][0] == "bread-and-circuses"
    assert anos and set(anos) <= set(r[7])
    assert not set(anos) & set(r[8]) and not set(anos) & set(r[9])  # ñ is not n, even with a typo allowed
    region = {d["id"] for d in docs if "Argentina" in d["regions"]}
    assert set(r[10]) == region
    assert r[11] and all("Chile" in next(d for d in docs if d["id"] == i)["regions"] for i in r[11])
    assert set(r[12]) == {d["id"] for d in docs if d["status"] == "truncated"}
    assert set(r[13]) == {d["id"] for d in docs if d["register"] == "vulgar"}
    assert r[14] == [] and r[15][0] == "bread-and-circuses"  # "in": which side is searched
    assert r[16] is None and r[17] == []  # nothing asked / nothing searchable
    notes = {d["id"]: (d.get("notes") or {}).get("en", "") for d in docs}
    with_b = {d["id"] for d in docs if re.search(r"(?:^|\W)b", fold(d["en"] + " " + " ".join(d["es"]) + " " + notes[d["id"]]))}
    assert set(r[18]) == with_b
    assert "bread-and-circuses" in r[19]


def test_glossary_search_core(tmp_path):
    docs = index.glossary_index(TERMS)["docs"]
    queries = [{"q": "deduccion"}, {"q": "escapcada"}, {"q": "croupier"}, {"q": "cagnote"}, {"q": "paño"},
               {"q": "pano"}, {"q": "cubre las apuestas"}]
    out = node_search(tmp_path, "glossary", docs, queries, lang="es")["results"]
    assert out[0][0] == "deduccion" and out[1][0] == "talla" and out[2][0] == "crupier"
    assert out[3][0] == "pozo" and out[4][0] == "pano"
    assert "pano" not in out[5]
    assert "banca" in out[6]  # the definitions in the page language are searched too


def test_typos_notes_suggestions_and_counts(tmp_path):
    docs = index.phrasebook_index(PHRASEBOOK)["docs"]
    queries = [{"q": "bed of roses"}, {"q": "brake a leg"}, {"q": "break a lge"}, {"q": "Break a leg"},
               {"q": "bed of roses", "in": "en"}, {"q": "lecho de rosas", "in": "es"}, {"q": "", "complete": "1"},
               {"q": "", "dir": "ES→EN", "register": "vulgar"}]
    full = [{"q": "zzzzqx"}, {"q": "pan y sirko"}, {"q": "bread and circuses"}]
    out = node_search(tmp_path, "phrasebook", docs, queries, lang="ca", full=full,
                      typos=["brake", "lge", "leg", "breaks", "bred", "anos"],
                      pairs=[["brake", "break"], ["lge", "leg"], ["ab", "ba"], ["kitten", "sitting"]],
                      counts={"register": "vulgar"})
    r = out["results"]
    assert r[0] == ["lecho-de-rosas"]  # a note, in the page's language, names the idiom
    assert r[1][0] == r[2][0] == r[3][0] == "break-a-leg"
    assert r[4] == [] and r[5] == ["lecho-de-rosas"]  # notes are searched with both sides only
    assert set(r[6]) == {d["id"] for d in docs if d["status"] == "complete"}
    assert set(r[7]) == {d["id"] for d in docs if d["direction"] == "ES→EN" and d["register"] == "vulgar"}
    nothing, corrected, found = out["full"]
    assert nothing["total"] == 0 and nothing["results"] == [] and nothing["nearest"] == [] and nothing["noneClose"]
    assert corrected["suggestion"] == {"q": "pan y circo", "total": 1} and "bread-and-circuses" in corrected["nearest"]
    assert found["suggestion"] is None and found["nearest"] == []
    typos = dict(zip(["brake", "lge", "leg", "breaks", "bred", "anos"], out["typos"]))
    assert "break" in typos["brake"] and typos["lge"] == ["leg"] and "break" in typos["breaks"]
    assert "bread" in typos["bred"] and not [t for t in typos["anos"] if "ñ" in t]  # ñ is not n
    assert out["damerau"] == [2, 1, 1, 3]
    counts = out["counts"]
    vulgar = [d for d in docs if d["register"] == "vulgar"]
    assert counts["register"]["neutral"] == sum(d["register"] == "neutral" for d in docs)  # its own filter aside
    assert counts["status"] == {s: sum(d["status"] == s for d in vulgar) for s in {d["status"] for d in vulgar}}
    assert counts["complete"] == sum(d["status"] == "complete" for d in vulgar)
    assert counts["all"]["register"] == len(docs) and counts["all"]["status"] == len(vulgar)


def test_every_expression_finds_its_own_entry_first(tmp_path):
    """Typing any expression of the phrasebook (a correction, or the source's own text with its slip)
    lists its entry first, whatever else shares its words ("burn out" before "burnt out light bulbs")."""
    docs = index.phrasebook_index(PHRASEBOOK)["docs"]
    asked = []
    for entry in PHRASEBOOK:
        texts = [entry["en"], entry.get("en_corrected")] + [t for r in entry["es"] for t in (r["text"], r.get("corrected"))]
        asked += [(t, entry["id"]) for t in texts if t]
    said_twice = {t for t, _ in asked if sum(t == u for u, _ in asked) > 1}
    asked = [(t, i) for t, i in asked if t not in said_twice]
    out = node_search(tmp_path, "phrasebook", docs, [{"q": t} for t, _ in asked])["results"]
    wrong = [(t, i, found[:3]) for (t, i), found in zip(asked, out) if not found or found[0] != i]
    assert not wrong and len(asked) > 300, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_a_hostile_correction_renders_as_text_next_to_the_sources_text(lang):
    """The curator's corrections and the source's texts they correct are data too: escaped, each
    with its language, the correction copied and indexed with the source's text."""
    fixed = dict(NASTY, en_corrected='<b>"fixed"</b> & it\'s', es=[dict(NASTY["es"][0], corrected="<i>corregido</i> &"),
                                                                  NASTY["es"][1]])
    markup = pages.render_phrasebook_entry(fixed, lang)
    assert "<b>" not in markup and "<i>" not in markup and "<script" not in markup
    art = fragment(markup).xpath("//article")[0]
    assert art.xpath("h4/span")[0].text == fixed["en_corrected"]  # the headword is the corrected form
    shown = [s.text for s in art.xpath('.//span[@class="naipes-gl-text"]')]
    assert shown == [fixed["en_corrected"], "<i>corregido</i> &", NASTY["es"][1]["text"]]
    _ = ui.translations(lang).gettext
    assert art.xpath('.//*[contains(@class,"naipes-badge--corrected")]/text()') == [_("corrected")] * 2
    sic = [(s.get("lang"), s.text) for s in art.xpath('.//*[@class="naipes-gl-sic"]/span')]
    assert sic == [("en", NASTY["en"]), ("es", NASTY["es"][0]["text"])]  # the source's own text, escaped
    copies = art.xpath(".//button/@data-clipboard-text")
    assert copies[0] == fixed["en_corrected"] and "<i>corregido</i> &" in copies and NASTY["en"] not in copies
    assert not art.xpath(".//script | .//img | .//b | .//i")
    doc = index.phrasebook_index([fixed])["docs"][0]
    assert (doc["en"], doc["sourceEn"]) == (fixed["en_corrected"], NASTY["en"])
    assert doc["es"][0] == "<i>corregido</i> &" and doc["sourceEs"] == [NASTY["es"][0]["text"]]
