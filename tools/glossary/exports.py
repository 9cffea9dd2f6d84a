r"""Glossary exports generated from ``data/*.yaml``: TSV (OmegaT/Trados), CSV, TBX-Basic.

Pure functions (data in, ``str`` out) so the build, the site and the tests share them.
Standard library, PyYAML, and Babel for CLDR's region names (build time only).

Two sources:

* the idiom phrasebook (``data/phrasebook.yaml``, English <-> Spanish), and
* the casino vocabulary (``data/casino-terms.yaml``, Spanish / Catalan / English).

Formats:

* **TSV** — the plain tab-separated glossary OmegaT reads from its ``glossary/`` folder and
  that Trados (MultiTerm Convert) and most CAT tools import: UTF-8 without BOM, one
  ``source<TAB>target<TAB>comment`` row per term pair, no header. The format cannot hold a tab
  or a line break inside a field, and OmegaT has no escape for them (it splits each line at the
  tabs and trims the fields), so every run of whitespace in a field (tabs and line breaks too)
  becomes one space (:func:`clean`). Files are written as ``*.txt`` (OmegaT reads
  ``.txt``/``.utf8`` glossaries as UTF-8, but ``.tab`` in the system encoding).
* **CSV** — RFC 4180 (comma, ``"`` quoting, CRLF line ends) with a header row; one row per
  rendering, every entry present (untranslated ones with an empty target), the text as the data
  has it (quoting keeps commas, quotes, tabs and line breaks), so the CSV round-trips the data
  (:func:`raw_cell` undoes the one change below). The curator's notes get one column per
  language (``notes_en``, ``notes_es``, ``notes_ca``).
* **TBX** — ISO 30042:2019 TermBase eXchange, dialect TBX-Basic, DCA style, namespace
  ``urn:iso:std:iso:30042:ed-2``: ``tbx/tbxHeader/fileDesc/sourceDesc`` then
  ``text/body/conceptEntry/langSec/termSec/term``. ISO 30042:2019 names the entry element
  ``conceptEntry`` (TBX 2008 called it ``termEntry``); we follow the 2019 standard and the
  TBX-Basic dialect, which only accepts ``conceptEntry``. Only TBX-Basic data categories are
  used: ``descrip`` subjectField, definition and context (a quote from a source that uses the
  term), ``termNote`` termType and geographicalUsage (a rendering's regions, as BCP 47 tags such
  as ``es-AR``), ``admin`` source (where the entry comes from: "source 000, line 12"). The
  curator's notes are one ``note`` per language, with ``xml:lang``; a rendering's regions are
  also written out in a ``note``, and register, status and direction go into a ``note`` too.
  ``data/schema/tbx-basic.rng`` is the grammar the tests validate the files against.
* **TBX v2** — the same content in the TBX 2008 structure (ISO 30042:2008, TBX-Basic 2) that IATE's
  downloads and many CAT tools still read: ``martif/martifHeader`` then
  ``text/body/termEntry/langSet/tig/term``, no namespace (:func:`tbx_v2`).
* **CSV for spreadsheets** — the CSV above with a UTF-8 byte-order mark in front, which Excel needs
  to read the file as UTF-8 (without it, every accent is garbled); tools get the plain file.

**Sources** are cited the way the rules pages cite them, by number and line ("source 000, line
12"): never by the repository's file names.

**Spreadsheets.** A CSV or TSV file may be opened in a spreadsheet, which may run a cell
starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return as a formula ("CSV
injection"). As OWASP recommends, such a cell gets an apostrophe ``'`` in front
(:func:`spreadsheet_safe`), which spreadsheets show as text; a translator gets the raw text back
by deleting that apostrophe (:func:`raw_cell`), or from the TBX file, which is XML and written
raw. Control characters are refused by the data's schema; the exports drop any that get through
(:data:`_CONTROL`).

>>> entry = {"id": "bread-and-circuses", "en": "bread and circuses", "notes": None,
...          "es": [{"text": "pan y circo", "regions": ["España"], "source": None, "note": None}],
...          "register": "neutral", "direction": "EN→ES", "status": "complete", "seed_line": 2}
>>> phrasebook_tsv([entry]).split("\t")
['bread and circuses', 'pan y circo', 'regions: Spain (es-ES); register: neutral; source 000, line 2\n']
>>> print(phrasebook_csv([entry]).splitlines()[1])
bread-and-circuses,bread and circuses,,pan y circo,,España,es-ES,,,,neutral,EN→ES,complete,,,,"source 000, line 2"
>>> "<term>pan y circo</term>" in phrasebook_tbx([entry])
True
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import yaml

try:  # imported as tools.glossary.exports, or run as a script (tools/glossary on sys.path)
    from tools.glossary.seeds import SEED_000, citation, quote_line, seed_language, seed_number
    from tools.glossary.text import REGION_TAGS, display_en, display_es, fold, region_name
except ImportError:  # pragma: no cover
    from seeds import SEED_000, citation, quote_line, seed_language, seed_number
    from text import REGION_TAGS, display_en, display_es, fold, region_name

TBX_NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ROOT = Path(__file__).resolve().parents[2]

NOTE_LANGS = ("en", "es", "ca")
PHRASEBOOK_CSV_FIELDS = (
    "id", "en", "en_corrected", "es", "es_corrected", "regions", "region_tags", "region_label", "rendering_source", "rendering_note", "register", "direction",
    "status", *(f"notes_{lang}" for lang in NOTE_LANGS), "source",
)
CASINO_LANGS = ("es", "ca", "en")
CASINO_CSV_FIELDS = (
    "id", "es", "ca", "en", "definition_es", "definition_ca", "definition_en", "source", "source_quote",
)
#: the language pairs of the tab-separated casino-term glossaries (source, target)
CASINO_PAIRS = (("es", "en"), ("en", "es"), ("es", "ca"), ("ca", "es"), ("ca", "en"), ("en", "ca"))
#: separator for several terms or regions inside one CSV/TSV field
LIST_SEP = " | "


# ---------------------------------------------------------------- loading

def load_phrasebook(path: Path | str = ROOT / "data/phrasebook.yaml") -> list[dict]:
    """Entries of the phrasebook YAML."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))["entries"]


def load_casino_terms(path: Path | str = ROOT / "data/casino-terms.yaml") -> list[dict]:
    """Terms of the casino vocabulary YAML."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))["terms"]


# ---------------------------------------------------------------- helpers

#: C0 controls but tab, CR and LF; DEL and C1 controls; surrogates; U+FFFE/U+FFFF (no format can
#: use them, XML 1.0 forbids most of them, the schemas refuse them all)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
#: a cell a spreadsheet reads as a formula (OWASP, "CSV Injection"), after any apostrophes
_FORMULA = re.compile(r"'*[=+\-@\t\r]")
_NEUTRALISED = re.compile(r"'+[=+\-@\t\r]")


def spreadsheet_safe(text: str) -> str:
    """*text* as a cell that a spreadsheet does not run: one that starts with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return, after any apostrophes, gets an apostrophe in front.

    Apostrophes already there count, so that :func:`raw_cell` can undo it for any text.

    >>> [spreadsheet_safe(t) for t in ("=1+1", "+x", "-x", "@x", "\\tx", "'=x", "'til", "a=b")]
    ["'=1+1", "'+x", "'-x", "'@x", "'\\tx", "''=x", "'til", 'a=b']
    """
    return "'" + text if _FORMULA.match(text) else text


def raw_cell(cell: str) -> str:
    """The text of a CSV/TSV cell as the data has it: undoes :func:`spreadsheet_safe`.

    >>> raw_cell("'=1+1"), raw_cell("''=x"), raw_cell("'til"), raw_cell("=x")
    ('=1+1', "'=x", "'til", '=x')
    """
    return cell[1:] if _NEUTRALISED.match(cell) else cell


def clean(value: object) -> str:
    """One-line text (TSV, TBX, the pages' quotes): control characters dropped, every run of
    whitespace (tabs and line breaks too) one space.

    >>> clean("a\\tb\\r\\nc\\x07  ") , clean(None)
    ('a b c', '')
    """
    if value is None:
        return ""
    return " ".join(_CONTROL.sub("", str(value)).split())


def csv_cell(value: object) -> str:
    """A CSV cell: the text as it is (tabs and line breaks kept; control characters dropped),
    safe for spreadsheets.

    >>> csv_cell("=HYPERLINK(x)"), csv_cell("a\\tb\\nc\\x00"), csv_cell(None), csv_cell(2)
    ("'=HYPERLINK(x)", 'a\\tb\\nc', '', '2')
    """
    return "" if value is None else spreadsheet_safe(_CONTROL.sub("", str(value)))


def tsv_cell(value: object) -> str:
    """A TSV cell: one line (:func:`clean`), safe for spreadsheets.

    >>> tsv_cell("-x\\ty"), tsv_cell("\\t=x")
    ("'-x y", "'=x")
    """
    return spreadsheet_safe(clean(value))


def xml_text(value: str) -> str:
    r"""*value* cleaned to one line and stripped of characters XML 1.0 cannot hold; nothing else
    changes (the TBX export is the raw text).

    >>> xml_text("=a\x07b\n c")
    '=ab c'
    """
    return clean(value)


def _terms(value: str | Sequence[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _tsv(rows: Iterable[Sequence[object]]) -> str:
    return "".join("\t".join(tsv_cell(f) for f in row) + "\n" for row in rows)


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(header)
    for row in rows:
        writer.writerow([csv_cell(f) for f in row])
    return buf.getvalue()


def entry_source(entry: Mapping) -> str:
    """Where a phrasebook entry comes from, cited as the rules pages cite: ``source 000, line 12``."""
    return citation(SEED_000, entry["seed_line"])


def regions_named(regions: Sequence[str], lang: str) -> str:
    """A rendering's regions named in *lang* (CLDR), each with its BCP 47 tag.

    >>> regions_named(["España", "República Dominicana"], "en")
    'Spain (es-ES), Dominican Republic (es-DO)'
    """
    return ", ".join(f"{region_name(r, lang)} ({REGION_TAGS.get(r, r)})" for r in regions)


def corrections_comment(entry: Mapping, rendering: Mapping | None) -> list[str]:
    """What the curator corrected in a pair (English, the rendering), with the source's text.

    >>> corrections_comment({"en": "hes going", "en_corrected": "he's going"}, {"text": "x"})
    ["English corrected, the source has: 'hes going'"]
    """
    parts = []
    if entry.get("en_corrected"):
        parts.append(f"English corrected, the source has: '{entry['en']}'")
    if rendering and rendering.get("corrected"):
        parts.append(f"Spanish corrected, the source has: '{rendering['text']}'")
    return parts


def rendering_comment(entry: Mapping, rendering: Mapping) -> str:
    """Comment column: the source's text where the curator corrected a slip, the regions (named,
    with their BCP 47 tags), register, credit and note of one rendering, the curator's notes (in
    English) and where the entry comes from.

    >>> rendering_comment({"register": "vulgar", "notes": {"en": "Sic."}, "seed_line": 3, "en": "x"},
    ...                   {"regions": ["Chile"], "source": "Proz", "note": "aquí", "text": "legar",
    ...                    "corrected": "llegar"})
    "Spanish corrected, the source has: 'legar'; regions: Chile (es-CL); register: vulgar; credited to: Proz; note: aquí; notes: Sic.; source 000, line 3"
    """
    parts = corrections_comment(entry, rendering)
    if rendering["regions"]:
        parts.append("regions: " + regions_named(rendering["regions"], "en"))
    parts.append(f"register: {entry['register']}")
    if rendering.get("source"):
        parts.append(f"credited to: {rendering['source']}")
    if rendering.get("note"):
        parts.append(f"note: {rendering['note']}")
    notes = entry.get("notes") or {}
    if notes.get("en"):
        parts.append(f"notes: {notes['en']}")
    parts.append(entry_source(entry))
    return clean("; ".join(parts))


# ---------------------------------------------------------------- phrasebook

def phrasebook_rows(entries: Iterable[Mapping], source: str = "en") -> list[tuple[str, str, str]]:
    """``(source, target, comment)`` per rendering of entries that have both sides: English
    source and Spanish target, or (*source* ``"es"``) the other way round."""
    rows = []
    for e in entries:
        if not e["en"]:
            continue
        for r in e["es"]:
            pair = (clean(display_en(e)), clean(display_es(r)))
            rows.append((*(pair if source == "en" else pair[::-1]), rendering_comment(e, r)))
    return rows


def phrasebook_tsv(entries: Iterable[Mapping], source: str = "en") -> str:
    """OmegaT/Trados tab-separated glossary, English source and Spanish target (or, with
    *source* ``"es"``, Spanish source and English target); one line per field, safe for
    spreadsheets."""
    return _tsv(phrasebook_rows(entries, source))


def phrasebook_csv(entries: Iterable[Mapping]) -> str:
    """RFC 4180 CSV, header row, one row per rendering (one empty-target row if none); the text
    as it is, safe for spreadsheets: the source's text (``en``, ``es``) next to the curator's
    correction of a slip (``en_corrected``, ``es_corrected``), the regions as the data names them
    and as BCP 47 tags (``region_tags``)."""
    rows = []
    for e in entries:
        notes = e.get("notes") or {}
        common = (e["register"], e["direction"], e["status"], *(notes.get(lang) for lang in NOTE_LANGS),
                  entry_source(e))
        for r in e["es"] or [None]:
            if r is None:
                rows.append((e["id"], e["en"], e.get("en_corrected"), "", "", "", "", "", "", "", *common))
            else:
                rows.append((e["id"], e["en"], e.get("en_corrected"), r["text"], r.get("corrected"),
                             LIST_SEP.join(r["regions"]), LIST_SEP.join(REGION_TAGS.get(g, g) for g in r["regions"]),
                             r.get("region_label"), r["source"], r["note"], *common))
    return _csv(PHRASEBOOK_CSV_FIELDS, rows)


def _tbx_document(title: str, source_desc: str, concepts: Iterable[ET.Element]) -> str:
    ET.register_namespace("", TBX_NS)
    q = lambda tag: f"{{{TBX_NS}}}{tag}"  # noqa: E731
    root = ET.Element(q("tbx"), {"type": "TBX-Basic", "style": "dca", XML_LANG: "en"})
    header = ET.SubElement(root, q("tbxHeader"))
    file_desc = ET.SubElement(header, q("fileDesc"))
    title_stmt = ET.SubElement(file_desc, q("titleStmt"))
    ET.SubElement(title_stmt, q("title")).text = title
    ET.SubElement(ET.SubElement(file_desc, q("sourceDesc")), q("p")).text = source_desc
    body = ET.SubElement(ET.SubElement(root, q("text")), q("body"))
    body.extend(concepts)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    attrs = {(XML_LANG if k == "lang" else k): v for k, v in attrs.items()}
    el = ET.SubElement(parent, f"{{{TBX_NS}}}{tag}", attrs)
    if text is not None:
        el.text = xml_text(text)
    return el


#: TBX-Basic's administrativeStatus of a correction and of the source's slip it corrects
PREFERRED, DEPRECATED = "preferredTerm-admn-sts", "deprecatedTerm-admn-sts"


def _term_sec(lang_sec: ET.Element, term: str, regions: Sequence[str] = (), status: str | None = None) -> ET.Element:
    """A ``termSec``: the term, its term type, its administrative status (*status*: a correction is
    the preferred term, the source's slip a deprecated one) and where it is used
    (``geographicalUsage``, one BCP 47 tag per region); the caller adds the auxiliary elements."""
    term_sec = _el(lang_sec, "termSec")
    _el(term_sec, "term", term)
    _el(term_sec, "termNote", "phrase" if " " in term.strip() else "fullForm", type="termType")
    if status:
        _el(term_sec, "termNote", status, type="administrativeStatus")
    for region in regions:
        _el(term_sec, "termNote", REGION_TAGS.get(region, region), type="geographicalUsage")
    return term_sec


def _corrected_terms(lang_sec: ET.Element, source: str, corrected: str | None,
                     regions: Sequence[str] = ()) -> list[ET.Element]:
    """The ``termSec`` of a side as the source has it or, where the curator corrected a slip, two:
    the correction (preferred) then the source's text (deprecated), each with a note naming the other."""
    if not corrected:
        return [_term_sec(lang_sec, source, regions)]
    fixed = _term_sec(lang_sec, corrected, regions, PREFERRED)
    _el(fixed, "note", f"corrected; the source has: '{source}'", lang="en")
    slip = _term_sec(lang_sec, source, regions, DEPRECATED)
    _el(slip, "note", f"the source's text, with a slip; corrected: '{corrected}'", lang="en")
    return [fixed, slip]


def phrasebook_tbx(entries: Iterable[Mapping]) -> str:
    """TBX-Basic (DCA) document: one ``conceptEntry`` per phrasebook entry.

    Concept ids are ``pb-<id>`` (XML IDs may not start with a digit). A language section
    is written only when it has a term (TBX requires at least one ``termSec``). The entry's
    source is an ``admin`` "source 000, line 12"; the curator's notes are one ``note`` per
    language (``xml:lang``); a rendering's regions are ``geographicalUsage`` term notes and one
    ``note`` per language naming them (CLDR's names; the Spanish one with the source's own label
    if it was cut). Where the curator corrected a slip of the source, the correction is the
    preferred term and the source's text follows as a deprecated one.
    """
    concepts = []
    for e in entries:
        c = ET.Element(f"{{{TBX_NS}}}conceptEntry", {"id": f"pb-{e['id']}"})
        _el(c, "descrip", "idioms", type="subjectField")
        _el(c, "admin", entry_source(e), type="source")
        meta = f"register: {e['register']}; direction in the source: {e['direction']}; status: {e['status']}"
        _el(c, "note", meta, lang="en")
        notes = e.get("notes") or {}
        for lang in NOTE_LANGS:
            if notes.get(lang):
                _el(c, "note", clean(notes[lang]), lang=lang)
        if e["en"]:
            _corrected_terms(_el(c, "langSec", lang="en"), e["en"], e.get("en_corrected"))
        if e["es"]:
            es = _el(c, "langSec", lang="es")
            for r in e["es"]:
                for term_sec in _corrected_terms(es, r["text"], r.get("corrected"), r["regions"]):
                    if r["source"]:
                        _el(term_sec, "admin", r["source"], type="source")
                    if r["regions"]:
                        for lang in NOTE_LANGS:
                            label = f" ({r['region_label']})" if lang == "es" and r.get("region_label") else ""
                            _el(term_sec, "note", ", ".join(region_name(g, lang) for g in r["regions"]) + label,
                                lang=lang)
                    if r["note"]:
                        _el(term_sec, "note", r["note"])
        concepts.append(c)
    return _tbx_document("Naipes English-Spanish idiom phrasebook",
                         "Generated by Naipes from data/phrasebook.yaml, curated from source 000.", concepts)


# ---------------------------------------------------------------- casino terms

def casino_rows(terms: Iterable[Mapping], source: str = "es", target: str = "en") -> list[tuple[str, str, str]]:
    """``(source term, target term, comment)`` for every pair of terms of each concept.

    The comment holds the target-language definition.
    """
    rows = []
    for t in terms:
        for s in _terms(t[source]):
            for g in _terms(t[target]):
                rows.append((clean(s), clean(g), clean(t["definition"][target])))
    return rows


def casino_tsv(terms: Iterable[Mapping], source: str = "es", target: str = "en") -> str:
    """OmegaT/Trados tab-separated glossary for one language pair (default es -> en)."""
    return _tsv(casino_rows(terms, source, target))


def casino_csv(terms: Iterable[Mapping]) -> str:
    """RFC 4180 CSV, one row per concept, the three languages (several terms joined by `` | ``)."""
    rows = []
    for t in terms:
        rows.append((t["id"], *(LIST_SEP.join(_terms(t[lang])) for lang in CASINO_LANGS),
                     *(t["definition"][lang] for lang in CASINO_LANGS),
                     quote_source(t["source"]), t["source"]["quote"]))
    return _csv(CASINO_CSV_FIELDS, rows)


def quote_source(quote: Mapping) -> str:
    """A quote's source, cited as the rules pages cite: ``source 000, line 59``."""
    return citation(quote["seed"], quote_line(quote["seed"], quote["quote"]))


_WORD = re.compile(r"[\w·’']+")


def _quoted_term(quote: Mapping, forms: Sequence[str]) -> int | None:
    """Index of the first of *forms* that the quote uses (whole words, accents and case ignored)."""
    text = " " + " ".join(_WORD.findall(fold(quote["quote"]))) + " "
    for i, form in enumerate(forms):
        words = " ".join(_WORD.findall(fold(form)))
        if words and f" {words} " in text:
            return i
    return None


def casino_tbx(terms: Iterable[Mapping]) -> str:
    """TBX-Basic (DCA) document: one ``conceptEntry`` per term, es/ca/en language sections,
    each with its definition. A quote from a source goes with the term it uses, as a
    ``context`` with its ``source`` ("source 002, line 310"); a quote that uses none of the
    terms of its language is a ``note`` of the concept, with its source."""
    concepts = []
    for t in terms:
        c = ET.Element(f"{{{TBX_NS}}}conceptEntry", {"id": f"ct-{t['id']}"})
        _el(c, "descrip", "casino games", type="subjectField")
        contexts: dict[tuple[str, int], list[Mapping]] = {}
        for quote in [t["source"], *(t.get("also") or [])]:
            lang = seed_language(seed_number(quote["seed"]))
            at = _quoted_term(quote, _terms(t[lang]))
            if at is None:
                _el(c, "note", f"\u201c{clean(quote['quote'])}\u201d ({quote_source(quote)})", lang=lang)
            else:
                contexts.setdefault((lang, at), []).append(quote)
        for lang in CASINO_LANGS:
            ls = _el(c, "langSec", lang=lang)
            _el(ls, "descrip", clean(t["definition"][lang]), type="definition")
            for i, term in enumerate(_terms(t[lang])):
                term_sec = _term_sec(ls, term)
                for quote in contexts.get((lang, i), ()):
                    group = _el(term_sec, "descripGrp")
                    _el(group, "descrip", quote["quote"], type="context")
                    _el(group, "admin", quote_source(quote), type="source")
        concepts.append(c)
    return _tbx_document("Naipes casino vocabulary (es/ca/en)",
                         "Generated by Naipes from data/casino-terms.yaml, quoting sources 000 to 004.", concepts)


#: the TBX v3 (ISO 30042:2019) element names and their TBX v2 (ISO 30042:2008) names
_TBX_V2_NAMES = {"tbx": "martif", "tbxHeader": "martifHeader", "conceptEntry": "termEntry", "langSec": "langSet",
                 "termSec": "tig"}
#: what spreadsheets need in front of a CSV to read it as UTF-8
SPREADSHEET_BOM = "\ufeff"


def tbx_v2(tbx_v3: str) -> str:
    """The TBX v2 (ISO 30042:2008, ``martif``) form of a TBX-Basic v3 document made here: the same
    data categories, the 2008 element names, no namespace, no ``style``.

    >>> v2 = tbx_v2(phrasebook_tbx([{"id": "x", "en": "break a leg", "notes": None, "es": [],
    ...     "register": "neutral", "direction": "EN→ES", "status": "untranslated", "seed_line": 1}]))
    >>> "<martif " in v2, '<termEntry id="pb-x">' in v2, "<tig>" in v2, "conceptEntry" in v2
    (True, True, True, False)
    """
    root = ET.fromstring(tbx_v3)
    for el in root.iter():
        el.tag = _TBX_V2_NAMES.get(el.tag.split("}")[-1], el.tag.split("}")[-1])
    root.attrib.pop("style", None)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def all_exports(phrasebook: Sequence[Mapping], terms: Sequence[Mapping]) -> dict[str, str]:
    """File name -> text of every export (the site's ``downloads/`` and :func:`write_all`)."""
    return {
        "phrasebook-en-es.txt": phrasebook_tsv(phrasebook, "en"),
        "phrasebook-es-en.txt": phrasebook_tsv(phrasebook, "es"),
        "phrasebook.csv": phrasebook_csv(phrasebook),
        "phrasebook-spreadsheet.csv": SPREADSHEET_BOM + phrasebook_csv(phrasebook),
        "phrasebook.tbx": phrasebook_tbx(phrasebook),
        "phrasebook-tbx2.tbx": tbx_v2(phrasebook_tbx(phrasebook)),
        **{f"casino-terms-{src}-{tgt}.txt": casino_tsv(terms, src, tgt) for src, tgt in CASINO_PAIRS},
        "casino-terms.csv": casino_csv(terms),
        "casino-terms-spreadsheet.csv": SPREADSHEET_BOM + casino_csv(terms),
        "casino-terms.tbx": casino_tbx(terms),
        "casino-terms-tbx2.tbx": tbx_v2(casino_tbx(terms)),
    }


def write_all(out_dir: Path | str) -> list[Path]:
    """Write every export of the data into *out_dir*; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in all_exports(load_phrasebook(), load_casino_terms()).items():
        path = out / name
        path.write_text(text, encoding="utf-8", newline="")
        paths.append(path)
    return paths


if __name__ == "__main__":
    import sys

    for p in write_all(sys.argv[1] if len(sys.argv) > 1 else "build/glossary"):
        print(p)
