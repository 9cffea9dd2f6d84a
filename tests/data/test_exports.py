"""Exports (TSV for OmegaT/Trados, RFC 4180 CSV, TBX-Basic) parse back to the YAML data; the CSV
and TSV ones are safe to open in a spreadsheet (no cell starts a formula); the TBX files are valid
TBX-Basic (data/schema/tbx-basic.rng); no export speaks the repository's internal vocabulary."""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

from babel import Locale

from tools.glossary import exports as X
from tools.glossary.seeds import ROOT

NS = "urn:iso:std:iso:30042:ed-2"
T = f"{{{NS}}}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

PHRASEBOOK = X.load_phrasebook()
CASINO = X.load_casino_terms()

NASTY = {
    "id": "nasty-entry",
    "en": '<script>alert("x & y")</script> it\'s "quoted" & <b>bold</b>',
    "es": [
        {"text": 'texto con "comillas", coma; & <script>', "regions": ["España", "México"],
         "source": "Proz", "note": "nota con\ttab y\nsalto & <i>"},
        {"text": "segunda ]]> rendición", "regions": [], "source": None, "note": None},
    ],
    "notes": {"en": 'curator\'s <note> & "more"', "es": "nota del <editor> & más"},
    "register": "vulgar", "direction": "EN→ES", "status": "complete", "seed_line": 1,
}
NASTY_TERM = {
    "id": "nasty-term",
    "es": ['<script>"x"</script> & co', "otro"], "ca": "l’«amp» & <b>", "en": ['a, "b"', "c\td"],
    "definition": {"es": 'def <es> & "x"', "ca": "def ca, amb coma", "en": "def\nen & <en>"},
    "source": {"seed": "000_6fbc167177f337b1", "quote": 'quote with "quotes" & <tags>'},
}
#: a hostile entry whose English and first rendering the curator corrected (the source's slips kept)
NASTY_CORRECTED = dict(NASTY, id="nasty-corrected", en_corrected='<b>"fixed"</b> & it\'s',
                       es=[dict(NASTY["es"][0], corrected='corregido <i> & "x"'), NASTY["es"][1]])
ENTRIES = PHRASEBOOK + [NASTY, NASTY_CORRECTED]
TERMS = CASINO + [NASTY_TERM]
TBX_BASIC = etree.RelaxNG(etree.parse(str(ROOT / "data" / "schema" / "tbx-basic.rng")))


def as_list(v):
    return [v] if isinstance(v, str) else list(v)


def shown_en(e):
    """The English a CAT tool should get: the curator's correction where there is one."""
    return e.get("en_corrected") or e["en"]


def shown_es(r):
    return r.get("corrected") or r["text"]


#: the data's regions (Spanish names) -> their CLDR territory code, read from Babel here, independently
CODE_OF = {name: code for code, name in Locale("es").territories.items()}


def cldr_names(regions, lang):
    """The regions named in *lang* by CLDR (Babel), as the test reads them."""
    return [Locale.parse(lang).territories[CODE_OF[r]] for r in regions]


def test_the_regions_are_cldr_names_with_bcp47_tags():
    """Every region of the data is CLDR's Spanish name of a territory, and its tag is es-<that code>."""
    used = {g for e in PHRASEBOOK for r in e["es"] for g in r["regions"]}
    assert used and used <= set(CODE_OF)
    assert {g: X.REGION_TAGS[g] for g in used} == {g: f"es-{CODE_OF[g]}" for g in used}
    assert cldr_names(["España", "México"], "ca") == ["Espanya", "Mèxic"]  # not the Spanish names
    assert Locale("ca").territories["419"] == "Amèrica Llatina"


# ------------------------------------------------------------------ TSV

def parse_tsv(text: str) -> list[list[str]]:
    assert text.endswith("\n") and "\r" not in text
    rows = [line.split("\t") for line in text[:-1].split("\n")]
    assert all(len(r) == 3 for r in rows), "every row has exactly source, target, comment"
    return rows


def test_phrasebook_tsv_one_row_per_rendering():
    rows = parse_tsv(X.phrasebook_tsv(ENTRIES))
    expected = [(X.clean(shown_en(e)), X.clean(shown_es(r)), e, r) for e in ENTRIES if e["en"] for r in e["es"]]
    assert len(rows) == len(expected)
    for (src, tgt, comment), (en, es, e, r) in zip(rows, expected):
        assert (X.raw_cell(src), X.raw_cell(tgt)) == (en, es)  # the corrected forms, for a CAT tool
        assert f"register: {e['register']}" in comment
        assert comment.endswith(f"source 000, line {e['seed_line']}")
        if r["regions"]:  # CLDR's English names, each with its BCP 47 tag
            named = ", ".join(f"{n} (es-{CODE_OF[g]})" for n, g in zip(cldr_names(r["regions"], "en"), r["regions"]))
            assert "regions: " + named in comment
        # the source's text goes with its correction
        assert (f"English corrected, the source has: '{X.clean(e['en'])}'" in comment) == bool(e.get("en_corrected"))
        assert (f"Spanish corrected, the source has: '{X.clean(r['text'])}'" in comment) == bool(r.get("corrected"))
    back = parse_tsv(X.phrasebook_tsv(ENTRIES, "es"))  # the other direction: the same rows, sides swapped
    assert [(r[1], r[0], r[2]) for r in back] == [tuple(r) for r in rows]


def test_phrasebook_tsv_is_utf8_without_bom():
    data = X.phrasebook_tsv(PHRASEBOOK).encode("utf-8")
    assert not data.startswith(b"\xef\xbb\xbf")
    assert "más claro que el agua" in data.decode("utf-8")


def test_nasty_entry_survives_tsv():
    rows = parse_tsv(X.phrasebook_tsv([NASTY]))
    assert rows[0][0] == NASTY["en"]
    assert rows[0][1] == NASTY["es"][0]["text"]
    assert "nota con tab y salto & <i>" in rows[0][2]


def test_casino_tsv_pairs():
    assert len(X.CASINO_PAIRS) == 6 and {frozenset(p) for p in X.CASINO_PAIRS} == {frozenset(p) for p in [("es", "en"), ("es", "ca"), ("ca", "en")]}
    for src, tgt in X.CASINO_PAIRS:
        rows = parse_tsv(X.casino_tsv(TERMS, src, tgt))
        expected = [(X.clean(s), X.clean(g)) for t in TERMS for s in as_list(t[src]) for g in as_list(t[tgt])]
        assert [(X.raw_cell(r[0]), X.raw_cell(r[1])) for r in rows] == expected
    rows = parse_tsv(X.casino_tsv([NASTY_TERM]))
    assert rows[0][:2] == ['<script>"x"</script> & co', 'a, "b"'] and rows[1][1] == "c d"


# ------------------------------------------------------------------ CSV

def parse_csv(text: str, raw: bool = True) -> list[dict]:
    """The rows of a CSV export; with *raw*, each cell as the data has it (:func:`X.raw_cell`)."""
    assert text.endswith("\r\n")
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    return [{k: X.raw_cell(v) for k, v in row.items()} for row in rows] if raw else rows


def test_phrasebook_csv_round_trips_every_entry():
    """Write then read back: the data as it is (tabs and line breaks in the notes included)."""
    rows = parse_csv(X.phrasebook_csv(ENTRIES))
    assert list(rows[0]) == list(X.PHRASEBOOK_CSV_FIELDS)
    grouped: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        grouped[row["id"]].append(row)
    assert list(grouped) == [e["id"] for e in ENTRIES]
    none = lambda s: s or None  # noqa: E731
    for e in ENTRIES:
        rs = grouped[e["id"]]
        head = rs[0]
        assert none(head["en"]) == e["en"] and none(head["en_corrected"]) == e.get("en_corrected")
        assert (head["register"], head["direction"], head["status"]) == (e["register"], e["direction"], e["status"])
        assert head["source"] == f"source 000, line {e['seed_line']}"
        notes = {lang: head[f"notes_{lang}"] for lang in X.NOTE_LANGS if head[f"notes_{lang}"]}
        assert (notes or None) == e["notes"]
        back = [{"text": r["es"], "corrected": none(r["es_corrected"]),
                 "regions": r["regions"].split(X.LIST_SEP) if r["regions"] else [],
                 "source": none(r["rendering_source"]), "note": none(r["rendering_note"]),
                 "region_label": none(r["region_label"])} for r in rs if r["es"]]
        want = [{k: r.get(k) for k in ("text", "corrected", "regions", "source", "note", "region_label")}
                for r in e["es"]]
        assert back == want, e["id"]
        tags = [r["region_tags"].split(X.LIST_SEP) if r["region_tags"] else [] for r in rs if r["es"]]
        assert tags == [[f"es-{CODE_OF[g]}" for g in r["regions"]] for r in e["es"]], e["id"]


def test_csv_quotes_per_rfc4180():
    text = X.phrasebook_csv([NASTY])
    assert '"<script>alert(""x & y"")</script> it\'s ""quoted"" & <b>bold</b>"' in text
    assert all(line.count('"') % 2 == 0 for line in text.split("\r\n"))


def test_casino_csv_round_trips():
    rows = parse_csv(X.casino_csv(TERMS))
    assert list(rows[0]) == list(X.CASINO_CSV_FIELDS)
    assert len(rows) == len(TERMS)
    for row, t in zip(rows, TERMS):
        assert row["id"] == t["id"]
        for lang in X.CASINO_LANGS:
            assert row[lang].split(X.LIST_SEP) == as_list(t[lang])
            assert row[f"definition_{lang}"] == t["definition"][lang]
        assert row["source"] == X.quote_source(t["source"]) and row["source_quote"] == t["source"]["quote"]
        assert re.fullmatch(r"source \d{3}(, line \d+)?", row["source"])


# ------------------------------------------------------------------ TBX

def parse_tbx(text: str) -> etree._Element:
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    return etree.fromstring(text.encode("utf-8"))  # raises if not well-formed


def check_tbx_basic_structure(root: etree._Element) -> None:
    """The constraints of the TBX-Basic RNG/Schematron that our files can break."""
    assert root.tag == T + "tbx" and root.nsmap[None] == NS
    assert (root.get("type"), root.get("style"), root.get(XML_LANG)) == ("TBX-Basic", "dca", "en")
    assert [c.tag for c in root] == [T + "tbxHeader", T + "text"]
    assert root.find(f"{T}tbxHeader/{T}fileDesc/{T}sourceDesc/{T}p") is not None
    body = root.find(f"{T}text/{T}body")
    assert len(body) and all(c.tag == T + "conceptEntry" for c in body)
    ids = [c.get("id") for c in body]
    assert len(ids) == len(set(ids)) and all(i[0].isalpha() for i in ids)
    for el in root.iter():
        assert etree.QName(el).namespace == NS, el.tag
        if el.tag == T + "langSec":
            assert el.get(XML_LANG) and el.getparent().tag == T + "conceptEntry"
            assert el.findall(T + "termSec"), "langSec needs a termSec"
        if el.tag == T + "termSec":
            assert el[0].tag == T + "term" and (el[0].text or "").strip()
        if el.tag == T + "termNote":
            assert el.getparent().tag == T + "termSec"
            assert (el.get("type") == "termType" and el.text in ("fullForm", "phrase")
                    or el.get("type") == "administrativeStatus" and el.text in (X.PREFERRED, X.DEPRECATED)
                    or el.get("type") == "geographicalUsage" and re.fullmatch(r"es-[A-Z]{2}", el.text))
        if el.tag == T + "descrip":
            assert el.get("type") in ("subjectField", "definition", "context")
            if el.get("type") == "subjectField":
                assert el.getparent().tag == T + "conceptEntry"
            if el.get("type") == "context":
                assert el.getparent().tag == T + "descripGrp" and el.getparent().getparent().tag == T + "termSec"
        if el.tag == T + "admin":
            assert el.get("type") in ("source", "customerSubset", "projectSubset")
    assert root.find(f".//{T}termEntry") is None  # TBX 2019 uses conceptEntry
    assert TBX_BASIC.validate(root), TBX_BASIC.error_log


def terms_of(concept, lang):
    ls = concept.find(f"{T}langSec[@{{http://www.w3.org/XML/1998/namespace}}lang='{lang}']")
    return [] if ls is None else [ts.findtext(T + "term") for ts in ls.findall(T + "termSec")]


def tbx_terms(source, corrected):
    """The terms of one side in the TBX: the source's text or, where the curator corrected a slip,
    the correction (preferred) then the source's text (deprecated)."""
    return [X.clean(corrected), X.clean(source)] if corrected else [X.clean(source)]


def es_terms(e):
    return [t for r in e["es"] for t in tbx_terms(r["text"], r.get("corrected"))]


def test_phrasebook_tbx_one_concept_per_entry_and_round_trip():
    root = parse_tbx(X.phrasebook_tbx(ENTRIES))
    check_tbx_basic_structure(root)
    concepts = root.findall(f"{T}text/{T}body/{T}conceptEntry")
    assert [c.get("id") for c in concepts] == [f"pb-{e['id']}" for e in ENTRIES]
    for c, e in zip(concepts, ENTRIES):
        assert terms_of(c, "en") == (tbx_terms(e["en"], e.get("en_corrected")) if e["en"] else [])
        assert terms_of(c, "es") == es_terms(e)
        notes = " ".join(n.text for n in c.iter(T + "note"))
        assert f"register: {e['register']}" in notes
        sources = [a.text for a in c.iter(T + "admin") if a.get("type") == "source"]
        assert sources == [f"source 000, line {e['seed_line']}"] + [
            r["source"] for r in e["es"] if r["source"] for _ in tbx_terms(r["text"], r.get("corrected"))]
        # a correction is the preferred term, the source's slip a deprecated one, each naming the other
        for ls in c.findall(T + "langSec"):
            for ts in ls.findall(T + "termSec"):
                status = [n.text for n in ts.findall(T + "termNote") if n.get("type") == "administrativeStatus"]
                said = [n.text for n in ts.findall(T + "note") if n.get(XML_LANG) == "en"]
                if status == [X.PREFERRED]:
                    assert any(n.startswith("corrected; the source has: '") for n in said), e["id"]
                elif status == [X.DEPRECATED]:
                    assert any(n.startswith("the source's text, with a slip; corrected: '") for n in said), e["id"]
                else:
                    assert status == [], e["id"]
        # each rendering's regions named in every language by CLDR (Babel, read by the test itself)
        es_secs = c.findall(f"{T}langSec[@{{http://www.w3.org/XML/1998/namespace}}lang='es']/{T}termSec")
        by_term = [r for r in e["es"] for _ in tbx_terms(r["text"], r.get("corrected"))]
        for ts, r in zip(es_secs, by_term, strict=True):
            for lang in X.NOTE_LANGS:
                if r["regions"]:
                    label = f" ({r['region_label']})" if lang == "es" and r.get("region_label") else ""
                    assert ", ".join(cldr_names(r["regions"], lang)) + label in [
                        n.text for n in ts.findall(T + "note") if n.get(XML_LANG) == lang], (e["id"], lang)
        # the curator's notes: one per language, tagged with it
        for lang, text in (e["notes"] or {}).items():
            assert [n.text for n in c.findall(T + "note") if n.get(XML_LANG) == lang][-1] == X.clean(text)
        # regions as TBX-Basic's geographicalUsage, one BCP 47 tag each
        usage = [[n.text for n in ts.findall(T + "termNote") if n.get("type") == "geographicalUsage"]
                 for ts in c.findall(f"{T}langSec[@{{http://www.w3.org/XML/1998/namespace}}lang='es']/{T}termSec")]
        assert usage == [[f"es-{CODE_OF[g]}" for g in r["regions"]] for r in by_term]


def test_nasty_entry_survives_tbx_escaping():
    text = X.phrasebook_tbx([NASTY])
    assert "<script>" not in text and "&lt;script&gt;" in text
    root = parse_tbx(text)
    c = root.find(f"{T}text/{T}body/{T}conceptEntry")
    assert terms_of(c, "en") == [NASTY["en"]]
    assert terms_of(c, "es") == [NASTY["es"][0]["text"], "segunda ]]> rendición"]
    assert "curator's <note> & \"more\"" in [n.text for n in c.iter(T + "note")]
    assert [n.get(XML_LANG) for n in c.findall(T + "note")] == ["en", "en", "es"]


def test_casino_tbx_three_languages_with_definitions():
    root = parse_tbx(X.casino_tbx(TERMS))
    check_tbx_basic_structure(root)
    concepts = root.findall(f"{T}text/{T}body/{T}conceptEntry")
    assert len(concepts) == len(TERMS)
    for c, t in zip(concepts, TERMS):
        assert c.get("id") == f"ct-{t['id']}"
        for lang in X.CASINO_LANGS:
            assert terms_of(c, lang) == [X.clean(w) for w in as_list(t[lang])]
            ls = c.find(f"{T}langSec[@{{http://www.w3.org/XML/1998/namespace}}lang='{lang}']")
            assert ls.findtext(f"{T}descrip[@type='definition']") == X.clean(t["definition"][lang])
        # every quote is there once: a context of the term it uses, or a note of the concept
        quoted = [d.text for d in c.iter(T + "descrip") if d.get("type") == "context"]
        quoted += [n.text for n in c.findall(T + "note")]
        for q in [t["source"], *(t.get("also") or [])]:
            assert sum(X.clean(q["quote"]) in text for text in quoted) == 1, (t["id"], q)


# ------------------------------------------------------------------ properties, files

text_st = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(en=text_st, es=text_st, note=text_st)
def test_any_text_survives_all_three_formats(en, es, note):
    entry = dict(NASTY, en=en, es=[{"text": es, "regions": [], "source": None, "note": note}])
    tsv = X.phrasebook_tsv([entry])
    if X.clean(en) or X.clean(es):
        assert [X.raw_cell(c) for c in parse_tsv(tsv)[0][:2]] == [X.clean(en), X.clean(es)]
    row = parse_csv(X.phrasebook_csv([entry]))[0]
    assert (row["en"], row["es"], row["rendering_note"]) == tuple(X._CONTROL.sub("", t) for t in (en, es, note))
    raw = parse_csv(X.phrasebook_csv([entry]), raw=False)[0]
    assert not any(FORMULA.match(cell) for cell in raw.values())
    c = parse_tbx(X.phrasebook_tbx([entry])).find(f"{T}text/{T}body/{T}conceptEntry")
    assert terms_of(c, "es") == [X.xml_text(es)]


# ------------------------------------------------------------------ hostile data: formulas, tabs, line breaks

FORMULA = re.compile(r"[=+\-@\t\r]")  # what a spreadsheet may run (OWASP)
INJECTIONS = ["=1+1", "+x", "-x", "@x", "\tx", "\rx", "=HYPERLINK(\"http://x\",\"y\")", "\t=1+1", "'=1+1", "''@x"]


def hostile_entry(text: str) -> dict:
    """A phrasebook entry with *text* in every free-text field."""
    return dict(NASTY, en=text, notes={"en": text, "es": text, "ca": text},
                es=[{"text": text, "regions": [], "source": None, "note": text}])


def hostile_term(text: str) -> dict:
    return dict(NASTY_TERM, es=[text], ca=text, en=[text], definition={lang: text for lang in X.CASINO_LANGS},
                source={"seed": "000_6fbc167177f337b1", "quote": text})


def csv_cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


@pytest.mark.parametrize("text", INJECTIONS, ids=repr)
def test_no_csv_or_tsv_cell_starts_a_formula(text):
    entry, term = hostile_entry(text), hostile_term(text)
    exports = X.all_exports([entry], [term])
    for name, body in exports.items():
        if name.endswith(".csv"):
            cells = csv_cells(body)
        elif name.endswith(".txt"):
            cells = [c for line in body.split("\n") for c in line.split("\t")]
        else:
            continue
        assert cells and not [c for c in cells if FORMULA.match(c)], (name, body)
    # the apostrophe goes in front; nothing else changes, and raw_cell takes it away again
    row = parse_csv(exports["phrasebook.csv"], raw=False)[0]
    assert row["en"] == "'" + text and row["notes_ca"] == "'" + text and row["rendering_note"] == "'" + text
    assert parse_csv(exports["phrasebook.csv"])[0]["en"] == text
    src, tgt, _ = exports["phrasebook-en-es.txt"].rstrip("\n").split("\t")
    assert src == tgt == X.spreadsheet_safe(X.clean(text)) and X.raw_cell(src) == X.clean(text)  # one line
    assert parse_csv(exports["casino-terms.csv"])[0]["definition_ca"] == text


def test_tbx_keeps_the_raw_text():
    for text in INJECTIONS:
        c = parse_tbx(X.phrasebook_tbx([hostile_entry(text)])).find(f"{T}text/{T}body/{T}conceptEntry")
        assert terms_of(c, "en") == [X.clean(text)]  # no apostrophe added
    assert "<term>=1+1</term>" in X.phrasebook_tbx([hostile_entry("=1+1")])


@pytest.mark.parametrize("text", ["'til death", "a=b", "x-y", "ok @ home", "5", "O'Brien"])
def test_harmless_cells_are_left_alone(text):
    assert X.spreadsheet_safe(text) == text and X.raw_cell(text) == text
    assert parse_csv(X.phrasebook_csv([hostile_entry(text)]), raw=False)[0]["en"] == text


def test_csv_keeps_tabs_and_line_breaks_tsv_makes_them_spaces():
    note = "line one\nline two\ttab\r\nwindows line, \"quoted\""
    entry = dict(hostile_entry("bread"), notes={"en": note}, es=[{"text": "pan\tcon\ntomate", "regions": [],
                                                                 "source": None, "note": note}])
    row = parse_csv(X.phrasebook_csv([entry]))[0]
    assert (row["notes_en"], row["rendering_note"], row["es"]) == (note, note, "pan\tcon\ntomate")
    tsv = X.phrasebook_tsv([entry])
    assert tsv.count("\n") == 1 and tsv.count("\t") == 2 and "\r" not in tsv  # one row, three fields
    src, tgt, comment = tsv.rstrip("\n").split("\t")
    assert (src, tgt) == ("bread", "pan con tomate")
    assert "note: line one line two tab windows line, \"quoted\"" in comment


def test_control_characters_are_dropped_everywhere():
    text = "a\x00b\x07c\x1bd\x7fe\x85f"
    entry = hostile_entry(text)
    assert parse_csv(X.phrasebook_csv([entry]))[0]["en"] == "abcdef"
    assert X.phrasebook_tsv([entry]).split("\t")[0] == "abcdef"
    assert terms_of(parse_tbx(X.phrasebook_tbx([entry])).find(f"{T}text/{T}body/{T}conceptEntry"), "en") == ["abcdef"]


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("'=+-@\t\r\n ax\"|,"), max_size=8) | st.text(max_size=20))
def test_spreadsheet_safe_is_safe_and_undone_by_raw_cell(text):
    safe = X.spreadsheet_safe(text)
    assert not FORMULA.match(safe) and X.raw_cell(safe) == text
    assert safe in (text, "'" + text)


def test_entry_counts_equal_the_data():
    exports = X.all_exports(PHRASEBOOK, CASINO)
    assert len(parse_tbx(exports["phrasebook.tbx"]).findall(f"{T}text/{T}body/{T}conceptEntry")) == len(PHRASEBOOK)
    assert len(parse_tbx(exports["casino-terms.tbx"]).findall(f"{T}text/{T}body/{T}conceptEntry")) == len(CASINO)
    assert {r["id"] for r in parse_csv(exports["phrasebook.csv"])} == {e["id"] for e in PHRASEBOOK}
    assert len(parse_csv(exports["casino-terms.csv"])) == len(CASINO)
    pairs = sum(len(e["es"]) for e in PHRASEBOOK if e["en"])
    assert len(parse_tsv(exports["phrasebook-en-es.txt"])) == len(parse_tsv(exports["phrasebook-es-en.txt"])) == pairs
    for src, tgt in X.CASINO_PAIRS:
        rows = parse_tsv(exports[f"casino-terms-{src}-{tgt}.txt"])
        assert len(rows) == sum(len(as_list(t[src])) * len(as_list(t[tgt])) for t in CASINO)


@pytest.mark.parametrize("name", sorted(X.all_exports(PHRASEBOOK[:3], CASINO[:3])))
def test_no_internal_vocabulary_in_any_export(name):
    """Sources are cited as "source 000, line 12"; never "seed", a file hash or a line field."""
    body = X.all_exports(PHRASEBOOK, CASINO)[name]
    assert "seed" not in body.lower(), name
    assert not re.search(r"[0-9a-f]{16}", body), name
    assert "source 000, line" in body or name.startswith("casino-terms-"), name


def test_the_tbx_schema_refuses_what_tbx_basic_refuses():
    good = X.phrasebook_tbx(PHRASEBOOK[:5])
    assert TBX_BASIC.validate(parse_tbx(good))
    for old, new in [('type="termType">phrase<', 'type="termType">idiom<'),  # not a TBX-Basic term type
                     ('<descrip type="subjectField">', '<descrip type="register">'),  # not a TBX-Basic category
                     ('type="TBX-Basic"', 'type="TBX-Default"'),
                     ('<termNote type="termType">', '<termNote type="partOfSpeech">')]:
        bad = good.replace(old, new, 1)
        assert bad != good and not TBX_BASIC.validate(parse_tbx(bad)), new
    moved = good.replace('<descrip type="subjectField">idioms</descrip>', "", 1).replace(
        "<term>", '<term>', 1)
    assert TBX_BASIC.validate(parse_tbx(moved))
    misplaced = good.replace("</termSec>", '<descrip type="subjectField">idioms</descrip></termSec>', 1)
    assert not TBX_BASIC.validate(parse_tbx(misplaced)), "a subject field belongs to the concept, not a term"


def test_write_all(tmp_path):
    paths = X.write_all(tmp_path)
    assert {p.name: p.read_bytes().decode("utf-8") for p in paths} == X.all_exports(PHRASEBOOK, CASINO)
    names = {p.name for p in paths}
    assert {"phrasebook-en-es.txt", "phrasebook.csv", "phrasebook.tbx", "casino-terms.tbx"} <= names
    for p in paths:
        p.read_bytes().decode("utf-8")
        if p.suffix == ".tbx":
            root = etree.parse(str(p)).getroot()
            (check_tbx_v2_structure if p.stem.endswith("-tbx2") else check_tbx_basic_structure)(root)


def test_docstring_examples():
    import doctest

    assert doctest.testmod(X).failed == 0


# ------------------------------------------------------------------ spreadsheets' CSV and TBX v2

@pytest.mark.parametrize("plain, spreadsheet", [("phrasebook.csv", "phrasebook-spreadsheet.csv"),
                                                ("casino-terms.csv", "casino-terms-spreadsheet.csv")])
def test_spreadsheet_csv_is_the_csv_with_a_byte_order_mark(plain, spreadsheet):
    exports = X.all_exports(PHRASEBOOK, CASINO)
    data = exports[spreadsheet].encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf") and not exports[plain].encode("utf-8").startswith(b"\xef\xbb\xbf")
    # read as a spreadsheet reads it (the mark says UTF-8 and is not part of the first header)
    assert parse_csv(data.decode("utf-8-sig")) == parse_csv(exports[plain])
    assert list(parse_csv(data.decode("utf-8-sig"))[0])[0] == "id"


def check_tbx_v2_structure(root: etree._Element) -> None:
    """TBX-Basic v2 (ISO 30042:2008, TBXBasiccoreStructV02 + TBXBasicXCSV02) as far as our files can
    break it: no namespace; martif(type TBX-Basic, xml:lang) > martifHeader > fileDesc > sourceDesc > p,
    then text > body > termEntry+ (unique id); termEntry holds descrip/admin/note then langSet+;
    langSet (xml:lang) holds descrip (definition)/note then tig+; tig starts with one term, then
    termNote (termType from the dialect's list, geographicalUsage), descripGrp (context + source),
    admin, note."""
    assert root.tag == "martif" and root.nsmap == {}
    assert (root.get("type"), root.get(XML_LANG)) == ("TBX-Basic", "en") and root.get("style") is None
    assert [c.tag for c in root] == ["martifHeader", "text"]
    assert root.find("martifHeader/fileDesc/sourceDesc/p") is not None
    body = root.find("text/body")
    ids = [c.get("id") for c in body]
    assert len(body) and all(c.tag == "termEntry" for c in body) and len(ids) == len(set(ids))
    allowed_children = {
        "termEntry": {"descrip", "admin", "note", "langSet"}, "langSet": {"descrip", "note", "tig"},
        "tig": {"term", "termNote", "descripGrp", "admin", "note"}, "descripGrp": {"descrip", "admin"},
    }
    for el in root.iter():
        assert etree.QName(el).namespace is None, el.tag
        if el.tag in allowed_children:
            assert {c.tag for c in el} <= allowed_children[el.tag], (el.tag, [c.tag for c in el])
        if el.tag == "termEntry":
            tags = [c.tag for c in el]
            assert "langSet" in tags and tags[tags.index("langSet"):] == ["langSet"] * tags.count("langSet")
        if el.tag == "langSet":
            assert el.get(XML_LANG) and el.findall("tig")
        if el.tag == "tig":
            assert el[0].tag == "term" and (el[0].text or "").strip() and len(el.findall("term")) == 1
        if el.tag == "termNote":
            assert (el.get("type") == "termType" and el.text in ("fullForm", "phrase", "acronym", "abbreviation",
                                                                   "shortForm", "variant")
                    or el.get("type") == "administrativeStatus" and el.text in (
                        "preferredTerm-admn-sts", "admittedTerm-admn-sts", "deprecatedTerm-admn-sts",
                        "supersededTerm-admn-sts")
                    or el.get("type") == "geographicalUsage" and re.fullmatch(r"es-[A-Z]{2}|es-419", el.text))
        if el.tag == "descrip":
            assert el.get("type") in ("subjectField", "definition", "context")
        if el.tag == "admin":
            assert el.get("type") in ("source", "customerSubset", "projectSubset")
    for name in ("tbx", "conceptEntry", "langSec", "termSec"):
        assert root.find(f".//{name}") is None


def v2_canonical(el) -> tuple:
    """An element as (name, attributes, text, children), with the TBX v2 names for v3 elements."""
    names = {"tbx": "martif", "tbxHeader": "martifHeader", "conceptEntry": "termEntry", "langSec": "langSet",
             "termSec": "tig"}
    name = etree.QName(el).localname
    attrs = {k: v for k, v in el.attrib.items() if not (name == "tbx" and k == "style")}
    return (names.get(name, name), attrs, (el.text or "").strip(), tuple(v2_canonical(c) for c in el))


@pytest.mark.parametrize("v3, v2", [("phrasebook.tbx", "phrasebook-tbx2.tbx"),
                                    ("casino-terms.tbx", "casino-terms-tbx2.tbx")])
def test_tbx_v2_holds_everything_the_v3_file_holds(v3, v2):
    exports = X.all_exports(PHRASEBOOK, CASINO)
    root = parse_tbx(exports[v2])
    check_tbx_v2_structure(root)
    assert v2_canonical(root) == v2_canonical(parse_tbx(exports[v3]))


def test_phrasebook_tbx_v2_round_trips_every_entry_language_and_note():
    root = parse_tbx(X.tbx_v2(X.phrasebook_tbx(ENTRIES)))
    check_tbx_v2_structure(root)
    entries = root.findall("text/body/termEntry")
    assert [c.get("id") for c in entries] == [f"pb-{e['id']}" for e in ENTRIES]
    for c, e in zip(entries, ENTRIES):
        def terms(lang):
            return [t.findtext("term") for t in c.findall(f"langSet[@{{http://www.w3.org/XML/1998/namespace}}lang='{lang}']/tig")]
        assert terms("en") == (tbx_terms(e["en"], e.get("en_corrected")) if e["en"] else [])
        assert terms("es") == es_terms(e)
        for lang, text in (e["notes"] or {}).items():
            assert [n.text for n in c.findall("note") if n.get(XML_LANG) == lang][-1] == X.clean(text)
        tigs = c.findall("langSet[@{http://www.w3.org/XML/1998/namespace}lang='es']/tig")
        by_term = [r for r in e["es"] for _ in tbx_terms(r["text"], r.get("corrected"))]
        for tig, r in zip(tigs, by_term, strict=True):
            assert [n.text for n in tig.findall("termNote[@type='geographicalUsage']")] == [
                X.REGION_TAGS[g] for g in r["regions"]]
            if r["note"]:
                assert X.clean(r["note"]) in [n.text for n in tig.findall("note")]
            assert [a.text for a in tig.findall("admin")] == ([r["source"]] if r["source"] else [])
        assert c.findtext("admin[@type='source']") == f"source 000, line {e['seed_line']}"


def test_casino_tbx_v2_round_trips_every_term_and_definition():
    root = parse_tbx(X.tbx_v2(X.casino_tbx(TERMS)))
    check_tbx_v2_structure(root)
    for c, t in zip(root.findall("text/body/termEntry"), TERMS, strict=True):
        for lang in X.CASINO_LANGS:
            ls = c.find(f"langSet[@{{http://www.w3.org/XML/1998/namespace}}lang='{lang}']")
            assert [tig.findtext("term") for tig in ls.findall("tig")] == [X.clean(x) for x in as_list(t[lang])]
            assert ls.findtext("descrip[@type='definition']") == X.clean(t["definition"][lang])


def test_phrasebook_tsv_round_trips_every_pair():
    """OmegaT's file read back as OmegaT reads it (split at tabs, fields trimmed): every entry with
    both sides, every rendering, its region, register and source in the comment."""
    rows = [[f.strip() for f in line.split("\t")] for line in X.phrasebook_tsv(PHRASEBOOK).splitlines()]
    pairs = {(X.raw_cell(s), X.raw_cell(t)): c for s, t, c in rows}
    for e in PHRASEBOOK:
        for r in e["es"] if e["en"] else ():
            comment = pairs[X.clean(shown_en(e)), X.clean(shown_es(r))]  # the corrections, for the tool
            for source, corrected in ((e["en"], e.get("en_corrected")), (r["text"], r.get("corrected"))):
                assert (f"the source has: '{X.clean(source)}'" in comment) == bool(corrected), e["id"]
    assert {e["id"] for e in PHRASEBOOK if e["en"] and e["es"]} and len(rows) == sum(
        len(e["es"]) for e in PHRASEBOOK if e["en"])
