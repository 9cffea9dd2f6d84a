"""MkDocs hook: the phrasebook and glossary pages, their search indexes and exports, and the
glossary tooltips on the rules pages.

Everything is generated at build time from ``data/phrasebook.yaml`` and ``data/casino-terms.yaml``
(nothing is typed by hand):

* **Pages.** ``docs/{es,ca,en}/phrasebook.md`` and ``glossary.md`` hold the translated prose and
  headings, plus markers (HTML comments) that :func:`on_page_content` replaces::

      <!-- naipes:phrasebook search -->      the search form (query, filters, results)
      <!-- naipes:phrasebook downloads -->   links to the exports
      <!-- naipes:phrasebook entries -->     A–Z index and one entry per data item (id = anchor)

  (``naipes:glossary …`` likewise). The page chrome is in the page's language; the data is
  rendered as text (every value goes through :func:`html.escape`).
* **Search indexes.** ``assets/glossary/phrasebook.json`` and ``casino-terms.json``, read by
  ``docs/assets/glossary/search.js`` (MiniSearch, copied from the pinned npm package in
  ``node_modules/minisearch`` to ``assets/glossary/minisearch.js``; never a CDN).
* **Exports.** ``downloads/*`` written by :func:`tools.glossary.exports` (TSV for OmegaT/Trados,
  CSV, TBX-Basic), linked from the pages with relative URLs.
* **Tooltips.** On pages under ``games/``, the first occurrence per paragraph of each casino term
  (page language, whole word, any case; not in headings, links, code or widgets) becomes
  ``<abbr class="naipes-term" title="definition"><a href="…/glossary/#id">term</a></abbr>``
  (:func:`link_terms`).

mkdocs-static-i18n runs one build per language, so each event runs three times; the site-wide
files are written only when their content changed.
"""

from __future__ import annotations

import html
import json
import logging
import re
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Iterable, Mapping, Sequence
from urllib.parse import quote_plus

from markdown.extensions.toc import slugify
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.glossary import exports as X  # noqa: E402  (repository root on sys.path above)

log = logging.getLogger("mkdocs.hooks.naipes.glossary")

LANGS = ("es", "ca", "en")
DEFAULT_LANG = "es"
ASSETS = "assets/glossary"  # site-relative folder of the search indexes and MiniSearch
DOWNLOADS = "downloads"
MINISEARCH = ROOT / "node_modules" / "minisearch" / "dist" / "es" / "index.js"
INDEX_FILES = {"phrasebook": "phrasebook.json", "glossary": "casino-terms.json"}
#: seed number -> language of its text (the Catalan decree is seed 002)
SEED_LANG = {"002": "ca"}

# --------------------------------------------------------------------------- page chrome (es/ca/en)

UI: dict[str, dict[str, str]] = {
    "es": {
        "phrasebook_search": "Buscar en el frasario",
        "phrasebook_placeholder": "una expresión en inglés o en español",
        "glossary_search": "Buscar en el glosario",
        "glossary_placeholder": "un término en español, catalán o inglés",
        "search_hint": "Sin distinguir mayúsculas ni acentos (la ñ sí cuenta); busca también el "
                       "principio de las palabras y tolera una errata. Con ↓ y ↑ se recorren los "
                       "resultados; Intro abre el primero; Esc vuelve al cuadro.",
        "in": "Buscar en", "in_all": "inglés y español", "in_en": "inglés (EN→ES)", "in_es": "español (ES→EN)",
        "region": "Región", "register": "Registro", "status": "Estado", "any_f": "todas", "any_m": "todos",
        "clear": "Borrar",
        "results": "Resultados", "n_results": "{n} resultados", "one_result": "1 resultado",
        "no_results": "Ningún resultado", "shown": "(se muestran los {k} primeros)",
        "az": "Índice alfabético", "permalink": "Enlace permanente",
        "en": "Inglés", "es": "Español", "ca": "Catalán",
        "missing": "la fuente no da traducción",
        "copy": "Copiar", "copy_en": "Copiar la expresión inglesa: {text}",
        "copy_es": "Copiar la traducción española: {text}",
        "source": "Fuente de la traducción: {source}", "note": "Nota", "direction": "Sentido en la fuente",
        "complete": "completa", "truncated": "truncada", "untranslated": "sin traducir",
        "neutral": "neutro", "colloquial": "coloquial", "slang": "jerga", "vulgar": "vulgar",
        "offensive": "ofensivo",
        "definition": "Definición", "seed": "fuente {n}", "also": "También",
        "count_phrasebook": "{n} entradas", "count_glossary": "{n} términos",
        "tsv": "Glosario tabulado {pair} (OmegaT, Trados)", "csv": "CSV (RFC 4180, UTF-8)",
        "tbx": "TBX-Basic (ISO 30042:2019)",
    },
    "ca": {
        "phrasebook_search": "Cerca al frasari",
        "phrasebook_placeholder": "una expressió en anglès o en castellà",
        "glossary_search": "Cerca al glossari",
        "glossary_placeholder": "un terme en castellà, català o anglès",
        "search_hint": "Sense distingir majúscules ni accents (la ñ sí que compta); també cerca el "
                       "començament de les paraules i tolera una errada. Amb ↓ i ↑ es recorren els "
                       "resultats; Retorn obre el primer; Esc torna al quadre.",
        "in": "Cerca a", "in_all": "anglès i castellà", "in_en": "anglès (EN→ES)", "in_es": "castellà (ES→EN)",
        "region": "Regió", "register": "Registre", "status": "Estat", "any_f": "totes", "any_m": "tots",
        "clear": "Esborra",
        "results": "Resultats", "n_results": "{n} resultats", "one_result": "1 resultat",
        "no_results": "Cap resultat", "shown": "(es mostren els {k} primers)",
        "az": "Índex alfabètic", "permalink": "Enllaç permanent",
        "en": "Anglès", "es": "Castellà", "ca": "Català",
        "missing": "la font no en dona traducció",
        "copy": "Copia", "copy_en": "Copia l'expressió anglesa: {text}",
        "copy_es": "Copia la traducció castellana: {text}",
        "source": "Font de la traducció: {source}", "note": "Nota", "direction": "Sentit a la font",
        "complete": "completa", "truncated": "truncada", "untranslated": "sense traduir",
        "neutral": "neutre", "colloquial": "col·loquial", "slang": "argot", "vulgar": "vulgar",
        "offensive": "ofensiu",
        "definition": "Definició", "seed": "font {n}", "also": "També",
        "count_phrasebook": "{n} entrades", "count_glossary": "{n} termes",
        "tsv": "Glossari tabulat {pair} (OmegaT, Trados)", "csv": "CSV (RFC 4180, UTF-8)",
        "tbx": "TBX-Basic (ISO 30042:2019)",
    },
    "en": {
        "phrasebook_search": "Search the phrasebook",
        "phrasebook_placeholder": "an English or Spanish expression",
        "glossary_search": "Search the glossary",
        "glossary_placeholder": "a Spanish, Catalan or English term",
        "search_hint": "Ignores case and accents (but ñ counts); also matches the start of words "
                       "and tolerates a typo. ↓ and ↑ walk the results; Enter opens the first; "
                       "Esc goes back to the box.",
        "in": "Search in", "in_all": "English and Spanish", "in_en": "English (EN→ES)", "in_es": "Spanish (ES→EN)",
        "region": "Region", "register": "Register", "status": "Status", "any_f": "all", "any_m": "all",
        "clear": "Clear",
        "results": "Results", "n_results": "{n} results", "one_result": "1 result",
        "no_results": "No results", "shown": "(showing the first {k})",
        "az": "Alphabetical index", "permalink": "Permanent link",
        "en": "English", "es": "Spanish", "ca": "Catalan",
        "missing": "the source gives no translation",
        "copy": "Copy", "copy_en": "Copy the English expression: {text}",
        "copy_es": "Copy the Spanish rendering: {text}",
        "source": "Source of the rendering: {source}", "note": "Note", "direction": "Direction in the source",
        "complete": "complete", "truncated": "truncated", "untranslated": "untranslated",
        "neutral": "neutral", "colloquial": "colloquial", "slang": "slang", "vulgar": "vulgar",
        "offensive": "offensive",
        "definition": "Definition", "seed": "source {n}", "also": "Also",
        "count_phrasebook": "{n} entries", "count_glossary": "{n} terms",
        "tsv": "Tab-separated glossary {pair} (OmegaT, Trados)", "csv": "CSV (RFC 4180, UTF-8)",
        "tbx": "TBX-Basic (ISO 30042:2019)",
    },
}

REGIONS: dict[str, dict[str, str]] = {
    "España": {"ca": "Espanya", "en": "Spain"},
    "México": {"ca": "Mèxic", "en": "Mexico"},
    "Argentina": {"ca": "Argentina", "en": "Argentina"},
    "Uruguay": {"ca": "Uruguai", "en": "Uruguay"},
    "Chile": {"ca": "Xile", "en": "Chile"},
    "Colombia": {"ca": "Colòmbia", "en": "Colombia"},
    "Panamá": {"ca": "Panamà", "en": "Panama"},
    "República Dominicana": {"ca": "República Dominicana", "en": "Dominican Republic"},
    "Cuba": {"ca": "Cuba", "en": "Cuba"},
    "Venezuela": {"ca": "Veneçuela", "en": "Venezuela"},
    "Guatemala": {"ca": "Guatemala", "en": "Guatemala"},
    "Perú": {"ca": "Perú", "en": "Peru"},
    "Bolivia": {"ca": "Bolívia", "en": "Bolivia"},
}
REGISTERS = ("neutral", "colloquial", "slang", "vulgar", "offensive")
STATUSES = ("complete", "truncated", "untranslated")


def region_name(region: str, lang: str) -> str:
    """*region* (a data value, in Spanish) in *lang*.

    >>> region_name("España", "en"), region_name("España", "es"), region_name("Atlantis", "ca")
    ('Spain', 'España', 'Atlantis')
    """
    return REGIONS.get(region, {}).get(lang, region)


def e(value: object) -> str:
    """Text (``None`` = empty) escaped for HTML content and double-quoted attribute values."""
    return html.escape("" if value is None else str(value), quote=True)


# --------------------------------------------------------------------------- sorting, letters


def fold(text: str) -> str:
    """Lowercase without accents, keeping ñ (the Python twin of ``normalize`` in search-core.js).

    >>> fold("Día del ARQUERO"), fold("AÑO"), fold("pingüino, çà")
    ('dia del arquero', 'año', 'pinguino, ca')
    """
    decomposed = unicodedata.normalize("NFD", text.lower())
    kept = re.sub(r"(n)\u0303|[\u0300-\u036f]", lambda m: "ñ" if m.group(1) else "", decomposed)
    return unicodedata.normalize("NFC", kept)


def sort_key(text: str) -> str:
    """Alphabetical key: accents ignored, ñ after n, leading punctuation skipped.

    >>> sorted(["ñu", "nube", "ábaco", '"It" girl', "zeta"], key=sort_key)
    ['ábaco', '"It" girl', 'nube', 'ñu', 'zeta']
    """
    folded = fold(text).replace("ñ", "n{")  # "{" sorts after "z"
    return re.sub(r"^[^0-9a-z{]+", "", folded) or folded


def letter(text: str) -> str:
    """Index letter of a headword: A–Z, Ñ, or # for anything else.

    >>> letter("Ábaco"), letter('"It" girl'), letter("ñu"), letter("7 y medio")
    ('A', 'I', 'Ñ', '#')
    """
    key = sort_key(text)
    if key.startswith("n{"):
        return "Ñ"
    return key[0].upper() if key and "a" <= key[0] <= "z" else "#"


def as_list(value: str | Sequence[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def headword(entry: Mapping) -> tuple[str, str]:
    """``(text, lang)`` of a phrasebook entry's headword: English unless the seed gave it ES→EN."""
    if entry["direction"] == "ES→EN" or not entry["en"]:
        return entry["es"][0]["text"], "es"
    return entry["en"], "en"


# --------------------------------------------------------------------------- search index data


def phrasebook_index(entries: Iterable[Mapping]) -> dict:
    """The phrasebook search data (``assets/glossary/phrasebook.json``): one document per entry.

    >>> doc = phrasebook_index([{"id": "x", "en": "Bread", "es": [{"text": "pan", "regions": ["Chile"],
    ...     "source": None, "note": None}], "notes": None, "register": "neutral", "direction": "EN→ES",
    ...     "status": "complete", "seed_line": 1}])["docs"][0]
    >>> doc["head"], doc["es"], doc["regions"], doc["key"]
    ('Bread', ['pan'], ['Chile'], 'bread')
    """
    docs = []
    for entry in entries:
        head, head_lang = headword(entry)
        regions = sorted({r for rendering in entry["es"] for r in rendering["regions"]})
        docs.append({
            "id": entry["id"],
            "head": head,
            "headLang": head_lang,
            "en": entry["en"] or "",
            "es": [r["text"] for r in entry["es"]],
            "regions": regions,
            "register": entry["register"],
            "status": entry["status"],
            "direction": entry["direction"],
            "key": sort_key(head),
        })
    return {"kind": "phrasebook", "docs": docs}


def glossary_index(terms: Iterable[Mapping]) -> dict:
    """The casino-terms search data (``assets/glossary/casino-terms.json``): terms in the three
    languages, definitions in the three languages, a sort key per language."""
    docs = []
    for term in terms:
        doc = {"id": term["id"], "definition": dict(term["definition"])}
        for lang in LANGS:
            doc[lang] = as_list(term[lang])
        doc["key"] = {lang: sort_key(doc[lang][0]) for lang in LANGS}
        docs.append(doc)
    return {"kind": "glossary", "docs": docs}


def index_json(data: dict) -> str:
    """Compact JSON for the browser; ``<`` ``>`` ``&`` escaped so it is safe even inlined in HTML."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# --------------------------------------------------------------------------- exports


def export_files(phrasebook: Sequence[Mapping], terms: Sequence[Mapping]) -> dict[str, str]:
    """Name -> text of every export (the same set as :func:`tools.glossary.exports.write_all`)."""
    return {
        "phrasebook-en-es.txt": X.phrasebook_tsv(phrasebook),
        "phrasebook.csv": X.phrasebook_csv(phrasebook),
        "phrasebook.tbx": X.phrasebook_tbx(phrasebook),
        "casino-terms-es-en.txt": X.casino_tsv(terms, "es", "en"),
        "casino-terms-es-ca.txt": X.casino_tsv(terms, "es", "ca"),
        "casino-terms-ca-en.txt": X.casino_tsv(terms, "ca", "en"),
        "casino-terms.csv": X.casino_csv(terms),
        "casino-terms.tbx": X.casino_tbx(terms),
    }


DOWNLOAD_SETS = {
    "phrasebook": (("phrasebook-en-es.txt", "tsv", "EN→ES"), ("phrasebook.csv", "csv", ""),
                   ("phrasebook.tbx", "tbx", "")),
    "glossary": (("casino-terms-es-en.txt", "tsv", "ES→EN"), ("casino-terms-es-ca.txt", "tsv", "ES→CA"),
                 ("casino-terms-ca-en.txt", "tsv", "CA→EN"), ("casino-terms.csv", "csv", ""),
                 ("casino-terms.tbx", "tbx", "")),
}


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def render_downloads(kind: str, lang: str, to_root: str, sizes: Mapping[str, int] | None = None) -> str:
    """List of links to the exports of *kind*; *to_root* is the page's relative URL to the site root
    (``""``, ``"../"``, ``"../../"``…), so the links work from ``/``, ``/ca/`` and ``/en/``."""
    ui = UI[lang]
    items = []
    for name, fmt, pair in DOWNLOAD_SETS[kind]:
        label = ui[fmt].format(pair=pair)
        size = f" <span class=\"naipes-gl-size\">({_size(sizes[name])})</span>" if sizes and name in sizes else ""
        items.append(f'<li><a href="{e(to_root + DOWNLOADS + "/" + name)}" download>'
                     f"<code>{e(name)}</code></a> — {e(label)}{size}</li>")
    return f'<ul class="naipes-gl-downloads" data-naipes-downloads="{e(kind)}">\n' + "\n".join(items) + "\n</ul>"


# --------------------------------------------------------------------------- search form


def render_search(kind: str, lang: str, to_root: str, *, regions: Sequence[str] = ()) -> str:
    """The search form + live status + results list. Hidden until ``search.js`` has loaded the
    index (without JavaScript the page is the full A–Z list)."""
    ui = UI[lang]
    p = f"naipes-{kind}"
    labels = {
        "n_results": ui["n_results"], "one_result": ui["one_result"], "no_results": ui["no_results"],
        "shown": ui["shown"], "missing": ui["missing"],
        "lang": {code: ui[code] for code in LANGS},
        "status": {s: ui[s] for s in STATUSES}, "register": {r: ui[r] for r in REGISTERS},
        "region": {r: region_name(r, lang) for r in REGIONS},
    }
    index_url = to_root + ASSETS + "/" + INDEX_FILES[kind]
    fields = [
        f'<div class="naipes-search__field naipes-search__query">'
        f'<label for="{p}-q">{e(ui[kind + "_search"])}</label>'
        f'<input type="search" id="{p}-q" name="q" autocomplete="off" spellcheck="false" '
        f'placeholder="{e(ui[kind + "_placeholder"])}" aria-describedby="{p}-hint" '
        f'aria-controls="{p}-results"></div>'
    ]

    def select(name: str, label: str, options: Sequence[tuple[str, str]]) -> str:
        opts = "".join(f'<option value="{e(v)}">{e(t)}</option>' for v, t in options)
        return (f'<div class="naipes-search__field"><label for="{p}-{name}">{e(label)}</label>'
                f'<select id="{p}-{name}" name="{name}">{opts}</select></div>')

    if kind == "phrasebook":
        fields.append(select("in", ui["in"], [("", ui["in_all"]), ("en", ui["in_en"]), ("es", ui["in_es"])]))
        region_opts = sorted(((r, region_name(r, lang)) for r in regions), key=lambda o: sort_key(o[1]))
        fields.append(select("region", ui["region"], [("", ui["any_f"]), *region_opts]))
        fields.append(select("register", ui["register"], [("", ui["any_m"])] + [(r, ui[r]) for r in REGISTERS]))
        fields.append(select("status", ui["status"], [("", ui["any_m"])] + [(s, ui[s]) for s in STATUSES]))
    fields.append(f'<div class="naipes-search__field naipes-search__reset">'
                  f'<button type="reset">{e(ui["clear"])}</button></div>')
    return (
        f'<div class="naipes-search" data-naipes-search="{e(kind)}" data-naipes-lang="{e(lang)}" '
        f'data-naipes-index="{e(index_url)}" data-naipes-labels="{e(json.dumps(labels, ensure_ascii=False))}">\n'
        f'<form class="naipes-search__form" role="search" hidden>{"".join(fields)}</form>\n'
        f'<p class="naipes-search__hint" id="{p}-hint" hidden>{e(ui["search_hint"])}</p>\n'
        f'<p class="naipes-search__status" id="{p}-count" role="status" aria-live="polite" aria-atomic="true"></p>\n'
        f'<ol class="naipes-search__results" id="{p}-results" aria-label="{e(ui["results"])}" hidden></ol>\n'
        "</div>"
    )


# --------------------------------------------------------------------------- entries


def _az(groups: Mapping[str, list], lang: str, kind: str) -> str:
    links = " ".join(f'<a href="#{_letter_id(kind, ch)}">{e(ch)}</a>' for ch in groups)
    return f'<nav class="naipes-gl-az" aria-label="{e(UI[lang]["az"])}">{links}</nav>'


def _letter_id(kind: str, ch: str) -> str:
    # "_" never occurs in a data id (slugs are [a-z0-9-]), so letter anchors cannot collide with them
    name = {"Ñ": "nn", "#": "other"}.get(ch, ch.lower())
    return f"{'pb' if kind == 'phrasebook' else 'gl'}_{name}"


def _group(items: Iterable[tuple[str, str, str]]) -> dict[str, list[str]]:
    """(key, letter, html) -> {letter: [html…]} in alphabetical order, # last."""
    groups: dict[str, list[str]] = {}
    for _key, ch, block in sorted(items, key=lambda t: (t[1] == "#", t[0])):
        groups.setdefault(ch, []).append(block)
    order = sorted(groups, key=lambda ch: (ch == "#", sort_key(ch)))
    return {ch: groups[ch] for ch in order}


def _sections(kind: str, lang: str, groups: Mapping[str, list[str]], count_label: str) -> str:
    parts = [f'<div class="naipes-gl-entries" data-naipes-entries="{e(kind)}">',
             f'<p class="naipes-gl-count">{e(count_label)}</p>', _az(groups, lang, kind)]
    for ch, blocks in groups.items():
        lid = _letter_id(kind, ch)
        parts.append(f'<section class="naipes-gl-letter" aria-labelledby="{lid}">'
                     f'<h3 id="{lid}">{e(ch)}</h3>')
        parts.extend(blocks)
        parts.append("</section>")
    parts.append("</div>")
    return "\n".join(parts)


def _permalink(eid: str, lang: str) -> str:
    return f'<a class="headerlink" href="#{e(eid)}" title="{e(UI[lang]["permalink"])}">¶</a>'


def _copy(text: str, label: str, lang: str) -> str:
    ui = UI[lang]
    return (f'<button type="button" class="naipes-copy" data-clipboard-text="{e(text)}" '
            f'aria-label="{e(label.format(text=text))}" title="{e(label.format(text=text))}">'
            f"{e(ui['copy'])}</button>")


def render_phrasebook_entry(entry: Mapping, lang: str) -> str:
    """One phrasebook entry as an ``<article id="<entry id>">`` (all data escaped)."""
    ui = UI[lang]
    head, head_lang = headword(entry)
    eid = entry["id"]
    badges = [f'<span class="naipes-badge naipes-badge--direction" title="{e(ui["direction"])}">'
              f'{e(entry["direction"])}</span>',
              f'<span class="naipes-badge naipes-badge--register" data-register="{e(entry["register"])}" '
              f'title="{e(ui["register"])}">{e(ui[entry["register"]])}</span>']
    if entry["status"] != "complete":
        badges.append(f'<span class="naipes-badge naipes-badge--status" data-status="{e(entry["status"])}" '
                      f'title="{e(ui["status"])}">{e(ui[entry["status"]])}</span>')

    if entry["en"]:
        en_side = f'<span lang="en" class="naipes-gl-text">{e(entry["en"])}</span> ' + _copy(entry["en"], ui["copy_en"], lang)
    else:
        en_side = f'<span class="naipes-gl-missing">{e(ui["missing"])}</span>'
    if entry["es"]:
        rows = []
        for rendering in entry["es"]:
            bits = [f'<span lang="es" class="naipes-gl-text">{e(rendering["text"])}</span>']
            for region in rendering["regions"]:
                extra = f' title="{e(rendering["region_label"])}"' if rendering.get("region_label") else ""
                bits.append(f'<span class="naipes-badge naipes-badge--region" data-region="{e(region)}"{extra}>'
                            f"{e(region_name(region, lang))}</span>")
            if rendering["source"]:
                bits.append(f'<span class="naipes-badge naipes-badge--source" '
                            f'title="{e(ui["source"].format(source=rendering["source"]))}">'
                            f'[{e(rendering["source"])}]</span>')
            if rendering["note"]:
                bits.append(f'<span class="naipes-gl-note">({e(rendering["note"])})</span>')
            bits.append(_copy(rendering["text"], ui["copy_es"], lang))
            rows.append("<li>" + " ".join(bits) + "</li>")
        es_side = '<ul class="naipes-gl-renderings">' + "".join(rows) + "</ul>"
    else:
        es_side = f'<span class="naipes-gl-missing">{e(ui["missing"])}</span>'
    sides = [("en", en_side), ("es", es_side)]
    if head_lang == "es":
        sides.reverse()
    dl = "".join(f"<dt>{e(ui[code])}</dt><dd>{body}</dd>" for code, body in sides)
    notes = (f'<p class="naipes-gl-notes"><span class="naipes-gl-label">{e(ui["note"])}:</span> '
             f'<span lang="en">{e(entry["notes"])}</span></p>') if entry["notes"] else ""
    return (
        f'<article class="naipes-gl-entry" id="{e(eid)}" tabindex="-1" data-status="{e(entry["status"])}" '
        f'data-register="{e(entry["register"])}">'
        f'<h4 class="naipes-gl-head"><span lang="{head_lang}">{e(head)}</span> {_permalink(eid, lang)}</h4>'
        f'<p class="naipes-gl-badges">{" ".join(badges)}</p>'
        f'<dl class="naipes-gl-sides">{dl}</dl>{notes}</article>'
    )


def render_phrasebook_entries(entries: Sequence[Mapping], lang: str) -> str:
    """A–Z index + every entry, grouped by the first letter of its headword."""
    items = []
    for entry in entries:
        head, _ = headword(entry)
        items.append((sort_key(head), letter(head), render_phrasebook_entry(entry, lang)))
    return _sections("phrasebook", lang, _group(items), UI[lang]["count_phrasebook"].format(n=len(entries)))


def seed_number(seed: str) -> str:
    """``"000_6fbc167177f337b1"`` -> ``"000"``."""
    return seed.split("_", 1)[0]


def render_glossary_entry(term: Mapping, lang: str, sources_url: Mapping[str, str]) -> str:
    """One casino term as an ``<article id="<term id>">``: the terms in es/ca/en, the definition in
    *lang*, the source quotes with their source number (linked to the sources page)."""
    ui = UI[lang]
    tid = term["id"]
    own = as_list(term[lang])
    langs = [lang] + [code for code in LANGS if code != lang]
    dl = "".join(
        f"<dt>{e(ui[code])}</dt><dd>"
        + ", ".join(f'<span lang="{code}" class="naipes-gl-text">{e(w)}</span>' for w in as_list(term[code]))
        + "</dd>"
        for code in langs
    )

    def quote(src: Mapping) -> str:
        n = seed_number(src["seed"])
        label = e(ui["seed"].format(n=n))
        link = f'<a href="{e(sources_url[n])}">{label}</a>' if n in sources_url else label
        return (f'<p><q lang="{SEED_LANG.get(n, "es")}">{e(X.clean(src["quote"]))}</q> '
                f'<span class="naipes-gl-seed">({link})</span></p>')

    quotes = quote(term["source"]) + "".join(quote(q) for q in term.get("also") or [])
    return (
        f'<article class="naipes-gl-entry" id="{e(tid)}" tabindex="-1">'
        f'<h4 class="naipes-gl-head"><span lang="{lang}">{e(own[0])}</span> {_permalink(tid, lang)}</h4>'
        f'<p class="naipes-gl-definition"><span class="naipes-gl-label">{e(ui["definition"])}:</span> '
        f'{e(term["definition"][lang])}</p>'
        f'<dl class="naipes-gl-sides">{dl}</dl>'
        f'<blockquote class="naipes-gl-quotes">{quotes}</blockquote></article>'
    )


def render_glossary_entries(terms: Sequence[Mapping], lang: str, sources_url: Mapping[str, str]) -> str:
    items = [(sort_key(as_list(t[lang])[0]), letter(as_list(t[lang])[0]), render_glossary_entry(t, lang, sources_url))
             for t in terms]
    return _sections("glossary", lang, _group(items), UI[lang]["count_glossary"].format(n=len(terms)))


# --------------------------------------------------------------------------- markers


_MARKER = re.compile(r"(?:<p>\s*)?<!--\s*naipes:(phrasebook|glossary)\s+(search|downloads|entries)\s*-->(?:\s*</p>)?")


def expand_markers(page_html: str, render) -> tuple[str, set[tuple[str, str]]]:
    """Replace every ``<!-- naipes:<kind> <part> -->`` by ``render(kind, part)``; return the new
    HTML and the markers found.

    >>> expand_markers("<h2>x</h2>\\n<!-- naipes:glossary entries -->\\n", lambda k, p: f"[{k} {p}]")
    ('<h2>x</h2>\\n[glossary entries]\\n', {('glossary', 'entries')})
    """
    found: set[tuple[str, str]] = set()

    def sub(m: re.Match) -> str:
        found.add((m.group(1), m.group(2)))
        return render(m.group(1), m.group(2))

    return _MARKER.sub(sub, page_html), found


# --------------------------------------------------------------------------- term linker


@dataclass(frozen=True)
class TermMatcher:
    """Finds casino terms of one language in text: whole words, any case, longest term first."""

    pattern: re.Pattern
    ids: Mapping[str, tuple[str, ...]]  # normalised surface form -> ids of the terms listing it
    definitions: Mapping[str, str]  # term id -> definition in the language
    preferred: Mapping[str, str]  # term id -> preferred term in the language

    @staticmethod
    def key(text: str) -> str:
        return " ".join(text.casefold().replace("\u2019", "'").split())

    def term_ids(self, surface: str) -> tuple[str, ...]:
        return self.ids[self.key(surface)]

    def title(self, ids: Sequence[str]) -> str:
        """Tooltip text: the definition, or for a form several terms share, each one's."""
        if len(ids) == 1:
            return self.definitions[ids[0]]
        return " / ".join(f"{self.preferred[i]}: {self.definitions[i]}" for i in ids)


#: Everyday phrases in which a term's word is not the casino term ("escritas a mano", "vale un
#: punto", "on the other hand"): the linker skips them.
NOT_TERMS: dict[str, tuple[str, ...]] = {
    "es": ("a mano", "un punto", "medio punto", "ningún punto", "punto de vista", "en punto"),
    "ca": ("a mà", "un punt", "mig punt", "cap punt", "punt de vista", "en punt"),
    "en": ("by hand", "other hand", "one hand", "at hand", "hand in hand", "first hand"),
}


def term_matcher(terms: Sequence[Mapping], lang: str) -> TermMatcher:
    """Build the matcher of *lang*'s terms.

    A form listed by several terms (``baccarat`` is a name of punto banco and the total zero;
    ``banker`` the bank and the banker) is ambiguous: it keeps all of them, the one that lists it
    first (as its preferred form) first. The phrases of :data:`NOT_TERMS` map to no term.

    >>> m = term_matcher([{"id": "a", "es": ["banca"], "definition": {"es": "A"}},
    ...                   {"id": "b", "es": ["punto y banca", "banca"], "definition": {"es": "B"}}], "es")
    >>> [x.group(0) for x in m.pattern.finditer("Punto y  banca, la Banca; bancarrota")]
    ['Punto y  banca', 'Banca']
    >>> m.term_ids("PUNTO Y BANCA"), m.term_ids("banca"), m.title(m.term_ids("banca"))
    (('b',), ('a', 'b'), 'banca: A / punto y banca: B')
    """
    found: dict[str, list[tuple[int, int, str]]] = {}
    for order, t in enumerate(terms):
        for position, surface in enumerate(as_list(t[lang])):
            found.setdefault(TermMatcher.key(surface), []).append((position, order, t["id"]))
    ids = {k: tuple(dict.fromkeys(i for _, _, i in sorted(v))) for k, v in found.items()}
    for phrase in NOT_TERMS.get(lang, ()):
        ids[TermMatcher.key(phrase)] = ()  # matched, so that its words are not, and left alone
    surfaces = sorted(ids, key=lambda s: (-len(s), s))

    def regex(surface: str) -> str:
        out = []
        for ch in surface:
            if ch == " ":
                out.append(r"\s+")
            elif ch == "'":
                out.append("['\u2019]")
            else:
                out.append(re.escape(ch))
        return "".join(out)

    pattern = re.compile(r"(?<!\w)(?:" + "|".join(regex(s) for s in surfaces) + r")(?!\w)", re.IGNORECASE)
    definitions = {t["id"]: t["definition"][lang] for t in terms}
    preferred = {t["id"]: as_list(t[lang])[0] for t in terms}
    return TermMatcher(pattern, ids, definitions, preferred)


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
         "track", "wbr"}
#: no term links inside these (headings, links, code, interactive and non-text elements)
_SKIP = {"a", "abbr", "code", "pre", "kbd", "samp", "var", "script", "style", "textarea", "select", "option",
         "button", "label", "svg", "math", "summary", "h1", "h2", "h3", "h4", "h5", "h6", "template", "dfn",
         "head", "title", "iframe", "noscript", "object"}
#: "paragraphs": each of these starts a new first-occurrence scope
_BLOCK = {"p", "li", "td", "th", "dd", "dt", "blockquote", "figcaption", "caption", "div", "section",
          "article", "aside", "details", "table", "tr", "ul", "ol", "dl", "body", "main", "nav", "header",
          "footer", "figure", "form", "fieldset"}


class _TermLinker(HTMLParser):
    def __init__(self, matcher: TermMatcher, href: str):
        super().__init__(convert_charrefs=False)
        self.matcher, self.href = matcher, href
        self.out: list[str] = []
        self.text: list[str] = []
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, skips, starts a scope)
        self.skip_depth = 0
        self.scopes: list[set[tuple[str, ...]]] = [set()]
        self.count = 0

    # text runs are buffered raw (entities included) and rewritten only if a term is found
    def handle_data(self, data):
        self.text.append(data)

    def handle_entityref(self, name):
        self.text.append(f"&{name};")

    def handle_charref(self, name):
        self.text.append(f"&#{name};")

    def flush(self):
        if not self.text:
            return
        raw = "".join(self.text)
        self.text = []
        self.out.append(raw if self.skip_depth else self.link(raw))

    def link(self, raw: str) -> str:
        text = html.unescape(raw)
        seen = self.scopes[-1]
        pieces, last, changed = [], 0, False
        for m in self.matcher.pattern.finditer(text):
            ids = self.matcher.term_ids(m.group(0))
            if not ids or ids in seen:  # an everyday phrase (NOT_TERMS), or linked already
                continue
            seen.add(ids)
            changed = True
            self.count += 1
            pieces.append(html.escape(text[last:m.start()], quote=False))
            if len(ids) == 1:
                href = f"{self.href}#{ids[0]}"
            else:  # ambiguous form: the glossary's search lists every term that has it
                href = f"{self.href}?q={quote_plus(TermMatcher.key(m.group(0)))}"
            pieces.append(f'<abbr class="naipes-term" title="{e(self.matcher.title(ids))}">'
                          f'<a href="{e(href)}">{html.escape(m.group(0), quote=False)}</a></abbr>')
            last = m.end()
        if not changed:
            return raw
        pieces.append(html.escape(text[last:], quote=False))
        return "".join(pieces)

    def handle_starttag(self, tag, attrs):
        self.flush()
        self.out.append(self.get_starttag_text())
        if tag in _VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        skips = tag in _SKIP or "naipes-widget" in classes
        scope = tag in _BLOCK
        self.stack.append((tag, skips, scope))
        if skips:
            self.skip_depth += 1
        if scope:
            self.scopes.append(set())

    def handle_startendtag(self, tag, attrs):
        self.flush()
        self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.flush()
        self.out.append(f"</{tag}>")
        if not any(t == tag for t, _, _ in self.stack):
            return  # stray end tag: keep it, change nothing
        while self.stack:
            t, skips, scope = self.stack.pop()
            if skips:
                self.skip_depth -= 1
            if scope:
                self.scopes.pop()
            if t == tag:
                break

    def handle_comment(self, data):
        self.flush()
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.flush()
        self.out.append(f"<!{decl}>")

    def handle_pi(self, data):
        self.flush()
        self.out.append(f"<?{data}>")

    def unknown_decl(self, data):
        self.flush()
        self.out.append(f"<![{data}]>")


def link_terms(page_html: str, matcher: TermMatcher, glossary_href: str) -> tuple[str, int]:
    """Wrap the first occurrence per paragraph of each term in a tooltip + link to the glossary.

    Returns the new HTML and the number of terms linked. Text inside headings, links, code,
    buttons, form controls and ``div.naipes-widget`` is left alone; everything else is copied as is.

    >>> m = term_matcher([{"id": "banca", "es": ["banca"], "definition": {"es": 'Quien "cubre" & paga'}}], "es")
    >>> out, n = link_terms('<h2>Banca</h2><p>La banca &amp; la banca.</p><p><code>banca</code></p>', m, "../glossary/")
    >>> print(out)
    <h2>Banca</h2><p>La <abbr class="naipes-term" title="Quien &quot;cubre&quot; &amp; paga"><a href="../glossary/#banca">banca</a></abbr> &amp; la banca.</p><p><code>banca</code></p>
    >>> n
    1
    """
    parser = _TermLinker(matcher, glossary_href)
    parser.feed(page_html)
    parser.close()
    parser.flush()
    return "".join(parser.out), parser.count


# --------------------------------------------------------------------------- sources page anchors


_SOURCE_HEADING = re.compile(r"^##\s+(?:Fuente|Font|Source)\s+(\d{3})\b.*$", re.M)


def source_anchors(lang: str) -> dict[str, str]:
    """Seed number -> anchor of its section on ``docs/<lang>/sources.md`` (toc's default slugify)."""
    path = ROOT / "docs" / lang / "sources.md"
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    return {m.group(1): slugify(m.group(0).lstrip("#").strip(), "-") for m in _SOURCE_HEADING.finditer(text)}


# --------------------------------------------------------------------------- mkdocs events


class _State:
    phrasebook: list[dict] = []
    terms: list[dict] = []
    exports: dict[str, str] = {}
    matchers: dict[str, TermMatcher] = {}


def _load() -> None:
    _State.phrasebook = X.load_phrasebook()
    _State.terms = X.load_casino_terms()
    _State.exports = export_files(_State.phrasebook, _State.terms)
    _State.matchers = {lang: term_matcher(_State.terms, lang) for lang in LANGS}


def page_lang(page) -> str:
    """The page's language (first folder of its source path under ``docs/``)."""
    first = page.file.src_uri.split("/", 1)[0]
    return first if first in LANGS else DEFAULT_LANG


def page_path(page) -> str:
    """Source path without the language folder (``games/punto-banca.md``)."""
    first, _, rest = page.file.src_uri.partition("/")
    return rest if first in LANGS else page.file.src_uri


def lang_prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANG else f"{lang}/"


def to_root(page) -> str:
    """Relative URL from the page to the site root (``""`` / ``"../"`` / ``"../../"``)."""
    rel = get_relative_url(".", page.url)
    return "" if rel in (".", "./") else rel.rstrip("/") + "/"


def on_config(config):
    if not MINISEARCH.exists():
        raise PluginError(f"{MINISEARCH} is missing: run `npm ci` (minisearch is pinned in package.json)")
    _load()
    return config


def _render_block(kind: str, part: str, lang: str, root: str, where: str) -> str:
    if part == "search":
        regions = sorted({r for en in _State.phrasebook for x in en["es"] for r in x["regions"]})
        return render_search(kind, lang, root, regions=regions)
    if part == "downloads":
        return render_downloads(kind, lang, root, {n: len(t.encode("utf-8")) for n, t in _State.exports.items()})
    if kind == "phrasebook":
        return render_phrasebook_entries(_State.phrasebook, lang)
    sources = {n: f"{root}{lang_prefix(lang)}sources/#{anchor}" for n, anchor in source_anchors(lang).items()}
    missing = sorted({seed_number(q["seed"]) for t in _State.terms for q in [t["source"], *(t.get("also") or [])]}
                     - set(sources))
    if missing:
        log.warning("%s: no section for source(s) %s on sources.md: quotes left unlinked", where, ", ".join(missing))
    return render_glossary_entries(_State.terms, lang, sources)


_ID = re.compile(r'\sid="([^"]+)"')


def on_page_content(html_out, page, config, files):
    lang = page_lang(page)
    path = page_path(page)
    root = to_root(page)
    if "naipes:" in html_out:
        html_out, found = expand_markers(html_out, lambda k, p: _render_block(k, p, lang, root, page.file.src_uri))
        for kind in {k for k, _ in found}:
            if (kind, "entries") not in found:
                log.error("%s: <!-- naipes:%s … --> markers without the 'entries' one", page.file.src_uri, kind)
        clashes = sorted(i for i, n in Counter(_ID.findall(html_out)).items() if n > 1)
        if found and clashes:
            log.error("%s: duplicate HTML ids after expanding the glossary markers: %s", page.file.src_uri, clashes)
    if path.startswith("games/"):
        href = f"{root}{lang_prefix(lang)}glossary/"
        html_out, _count = link_terms(html_out, _State.matchers[lang], href)
    return html_out


#: Material opens its search dialog when a page is loaded with ?q=; on the phrasebook and glossary
#: pages q belongs to their own search box. This runs in <head>, before Material's bundle, and hands
#: the query to search.js (which puts it back in the URL).
HOLD_QUERY_SCRIPT = (
    "<script>/* naipes: ?q= is this page's search box, not Material's search dialog */"
    "(function(){var u=new URL(location.href);if(u.searchParams.has('q')){"
    "window.__naipesHeldQuery=u.searchParams.get('q');u.searchParams.delete('q');"
    "history.replaceState(history.state,'',u.href);}})();</script>"
)


def on_post_page(output, page, config):
    if 'data-naipes-search="' not in output:
        return output
    m = re.search(r"<meta charset=[^>]*>", output) or re.search(r"<head[^>]*>", output)
    if not m:
        raise PluginError(f"{page.file.src_uri}: no <head> to put the search's query script in")
    return output[: m.end()] + "\n    " + HOLD_QUERY_SCRIPT + output[m.end():]


def _write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def on_post_build(config):
    site = Path(config.site_dir)
    for name, text in _State.exports.items():
        _write_if_changed(site / DOWNLOADS / name, text.encode("utf-8"))
    assets = site / ASSETS
    _write_if_changed(assets / INDEX_FILES["phrasebook"], index_json(phrasebook_index(_State.phrasebook)).encode())
    _write_if_changed(assets / INDEX_FILES["glossary"], index_json(glossary_index(_State.terms)).encode())
    _write_if_changed(assets / "minisearch.js", MINISEARCH.read_bytes())
