"""The search indexes of the phrasebook and glossary pages: the documents MiniSearch indexes in the
browser (``docs/assets/glossary/search-core.js``), as compact JSON.

The documents carry data codes (register, status, regions), not labels: the page hands the labels
of its language to the script, so one index serves the three languages. A phrasebook document
carries the curator's notes in every language they exist in; the page searches those of its own
language (falling back as the page shows them).
"""

from __future__ import annotations

import html
import json
import re
from typing import Iterable, Mapping, Sequence

from tools.glossary.text import as_list, display_en, display_es, headword, region_name, sort_key
from tools.glossary.ui import LANGS


def phrasebook_index(entries: Iterable[Mapping]) -> dict:
    """The phrasebook search data: one document per entry, with the curator's corrections as its
    text (``en``, ``es``) and the source's own text of each corrected side (``sourceEn``,
    ``sourceEs``), so that either spelling finds the entry.

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
        doc = {
            "id": entry["id"],
            "head": head,
            "headLang": head_lang,
            "en": display_en(entry) or "",
            "es": [display_es(r) for r in entry["es"]],
            "regions": regions,
            "register": entry["register"],
            "status": entry["status"],
            "direction": entry["direction"],
            "key": sort_key(head),
        }
        if entry.get("en_corrected"):
            doc["sourceEn"] = entry["en"]
        slips = [r["text"] for r in entry["es"] if r.get("corrected")]
        if slips:
            doc["sourceEs"] = slips
        labels = sorted({r["region_label"] for r in entry["es"] if r.get("region_label")})
        if labels:
            doc["regionLabels"] = labels  # the source's own label, when it was cut ("Rep.")
        if entry.get("notes"):
            doc["notes"] = {lang: text for lang, text in entry["notes"].items() if text}
        docs.append(doc)
    return {"kind": "phrasebook", "docs": docs}


def glossary_index(terms: Iterable[Mapping]) -> dict:
    """The casino-terms search data: terms in the three languages, definitions in the three
    languages, a sort key per language.

    >>> glossary_index([{"id": "banca", "es": "banca", "ca": "banca", "en": ["bank", "banker"],
    ...                  "definition": {"es": "…", "ca": "…", "en": "…"}}])["docs"][0]["key"]
    {'es': 'banca', 'ca': 'banca', 'en': 'bank'}
    """
    docs = []
    for term in terms:
        doc = {"id": term["id"], "definition": dict(term["definition"])}
        for lang in LANGS:
            doc[lang] = as_list(term[lang])
        doc["key"] = {lang: sort_key(doc[lang][0]) for lang in LANGS}
        docs.append(doc)
    return {"kind": "glossary", "docs": docs}


def index_json(data: dict) -> str:
    """Compact JSON for the browser, with ``<`` ``>`` ``&`` escaped so that it is safe even inlined
    in HTML.

    >>> index_json({"q": "<b> & c"})
    '{"q":"\\\\u003cb\\\\u003e \\\\u0026 c"}'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# ---------------------------------------------------------------- the site's header search

#: the anchors of the A–Z letter headings (``pb_a``, ``gl_nn``…): sections that only hold entries
_LETTER_ANCHOR = re.compile(r"#(?:pb|gl)_[a-z]+$")


#: Material's per-document boost (as a page's ``search.boost``) of a glossary term's result
GLOSSARY_BOOST = 0.2
#: the number of title words at which an entry's boost is 1; fewer words raise it (at most
#: `MAX_ENTRY_BOOST`), more lower it (see `entry_boost`)
ENTRY_WORDS = 12
MAX_ENTRY_BOOST = 2.0
_WORD = re.compile(r"\w+")


def entry_boost(title: str) -> float:
    """An entry's search boost from the length of its title: ``sqrt(ENTRY_WORDS / words)``, capped.

    Material builds lunr with no length normalisation (``b = 0``) and makes every word of a query a
    prefix ("break a leg" -> ``break* a* leg*``): a long entry then scores once for each of its words
    that starts like a short query word ("arriba", "Adalberto", "aquí" for "a"), and outranked the short
    entry that is the query. This boost puts back the normalisation for the entries, whose titles run
    from two words to thirty.

    >>> entry_boost("Break a leg!"), round(entry_boost("una de cal y otra de arena — the curate's egg"), 3)
    (2.0, 1.044)
    """
    return min(MAX_ENTRY_BOOST, (ENTRY_WORDS / max(1, len(_WORD.findall(title)))) ** 0.5)


def _html_text(text: str) -> str:
    return html.escape(" ".join(str(text).split()), quote=False)


def header_search_docs(entries: Sequence[Mapping], terms: Sequence[Mapping], lang: str, prefix: str) -> list[dict]:
    """Documents for Material's search (the header's box), one per phrasebook entry and per casino
    term, each at its permalink (``<prefix>phrasebook/#<id>``): the headword is the title (what the
    search boosts), the other side, regions and notes the text.

    >>> entry = {"id": "break-a-leg", "en": "Break a leg!", "es": [{"text": "¡Mucha mierda!",
    ...     "regions": ["España"], "source": None, "note": None}], "notes": None, "register": "vulgar",
    ...     "direction": "EN→ES", "status": "complete", "seed_line": 7}
    >>> header_search_docs([entry], [], "en", "en/")[0]
    {'location': 'en/phrasebook/#break-a-leg', 'title': 'Break a leg! — ¡Mucha mierda!', 'text': '<p>Break a leg!; ¡Mucha mierda! (Spain)</p>', 'boost': 1.549}
    """
    docs = []
    for entry in entries:
        head, head_lang = headword(entry)
        english = display_en(entry)
        others = [english] if head_lang == "es" and english else []
        for rendering in entry["es"]:
            if display_es(rendering) == head:
                continue
            regions = ", ".join(region_name(r, lang) for r in rendering["regions"])
            others.append(display_es(rendering) + (f" ({regions})" if regions else ""))
        # the source's own spelling of a corrected side, so that it finds the entry too
        others += [entry["en"]] if entry.get("en_corrected") else []
        others += [r["text"] for r in entry["es"] if r.get("corrected")]
        notes = (entry.get("notes") or {}).get(lang)
        # the headword opens the text too: a query's words then score in both fields, which keeps the
        # entry ahead of long entries that only match the short words Material expands ("a" -> "a*")
        text = "; ".join([head, *others]) + (f". {notes}" if notes else "")
        # the other side is in the title too: a reader types either side, and the title is what ranks
        sides = [english] if head_lang == "es" and english else [display_es(r) for r in entry["es"] if display_es(r) != head]
        title = head + (" — " + " / ".join(sides) if sides else "")
        docs.append({"location": f"{prefix}phrasebook/#{entry['id']}", "title": _html_text(title),
                     "text": f"<p>{_html_text(text)}</p>", "boost": round(entry_boost(title), 3)})
    for term in terms:
        own = as_list(term[lang])
        others = [w for code in LANGS if code != lang for w in as_list(term[code])]
        text = "; ".join(own[1:] + others) + ". " + term["definition"][lang]
        # a term's own rules page answers before its glossary entry ("detenció" -> Punto y Banca first)
        docs.append({"location": f"{prefix}glossary/#{term['id']}", "title": _html_text(own[0]),
                     "text": f"<p>{_html_text(text)}</p>", "boost": GLOSSARY_BOOST})
    return docs


def with_entries(index: dict, entries: Sequence[Mapping], terms: Sequence[Mapping],
                 prefixes: Mapping[str, str]) -> dict:
    """Material's merged search index (every language) with one document per phrasebook entry and
    glossary term in each language (*prefixes*: language -> its folder, ``""`` for the default),
    and without the A–Z letter sections (their text is every entry at once, under a title "B").

    >>> merged = {"config": {}, "docs": [{"location": "phrasebook/", "title": "P", "text": ""},
    ...                                  {"location": "phrasebook/#pb_b", "title": "B", "text": "…"}]}
    >>> [d["location"] for d in with_entries(merged, [], [{"id": "banca", "es": "banca", "ca": "banca",
    ...     "en": "bank", "definition": {"es": "d", "ca": "d", "en": "d"}}], {"es": ""})["docs"]]
    ['phrasebook/', 'glossary/#banca']
    """
    docs = [d for d in index.get("docs", []) if not _LETTER_ANCHOR.search(d.get("location", ""))]
    for lang, prefix in prefixes.items():
        docs += header_search_docs(entries, terms, lang, prefix)
    return dict(index, docs=docs)
