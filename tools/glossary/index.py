"""The search indexes of the phrasebook and glossary pages: the documents MiniSearch indexes in the
browser (``docs/assets/glossary/search-core.js``), as compact JSON.

The documents carry data codes (register, status, regions), not labels: the page hands the labels
of its language to the script, so one index serves the three languages. A phrasebook document
carries the curator's notes in every language they exist in; the page searches those of its own
language (falling back as the page shows them).
"""

from __future__ import annotations

import json
from typing import Iterable, Mapping

from tools.glossary.text import as_list, headword, sort_key
from tools.glossary.ui import LANGS


def phrasebook_index(entries: Iterable[Mapping]) -> dict:
    """The phrasebook search data: one document per entry.

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
            "en": entry["en"] or "",
            "es": [r["text"] for r in entry["es"]],
            "regions": regions,
            "register": entry["register"],
            "status": entry["status"],
            "direction": entry["direction"],
            "key": sort_key(head),
        }
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
