"""Build step: one search index per language, so each language's pages search (and download) only their own.

mkdocs-static-i18n merges every language's pages into one search index at the site root; a Catalan page
would then download the Spanish and English pages' text too and list them among its results. After all the
languages are built this step splits that index by language:

- `search/search_index.json` keeps the default language's pages (Spanish);
- `ca/search/search_index.json` and `en/search/search_index.json` hold the others, with their locations
  made relative to the language's folder and their own lunr language;
- the pages of a language other than the default read their index from their own folder: their
  `__config.base` (Material's base for the search index and the sitemap) points at the language's folder,
  which gets a copy of the sitemap so that instant navigation keeps working.

The index is the largest download of a page (hundreds of KiB) and most readers never search: Material
requests it as soon as a page loads, so a small script in the head holds that one request back until the
reader turns to the search (focuses or points at the search box, opens it, or presses one of its keys),
or at once when the address asks for highlighted search terms (`?h=`).

Pages opt out of the top results with a lower `search.boost` in their front matter (the API reference).

Readers often type without accents ("comision", "detencio"). lunr matches tokens exactly, so each
document also gets `title_folded` / `text_folded` fields holding its accented words without their
accents, indexed at a tenth of the title's and text's boosts (`FOLDED_WEIGHT`) and never displayed: at
their full weight Material's prefix matching counted every accented word twice ("de" -> "de*" matched both
"declaré" and "declare"), which put entries full of accented words ahead of the one the reader typed. "ñ" is kept: it is a
letter of its own in Spanish ("año" is not "ano").
"""

from __future__ import annotations

import html
import json
import re
import shutil
import unicodedata
from pathlib import Path

DEFAULT = "es"
OTHERS = ("ca", "en")
#: lunr has no Catalan: its pages are indexed with the Spanish pipeline, the closest one it has.
LUNR = {"es": ["es"], "ca": ["es"], "en": ["en"]}
_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_TAG = re.compile(r"<[^>]+>")
_TILDE = "\u0303"
#: Material's default token separator (mkdocs.yml `search.separator` unset).
_SEPARATOR = re.compile(r"[\s\-]+")
FOLDED_FIELDS = {"title": "title_folded", "text": "text_folded"}
#: a folded field's boost, as a share of its field's: it finds accent-free typing, it does not rank twice
FOLDED_WEIGHT = 0.1


def fold(word: str) -> str:
    """A word without its accents, keeping ñ.

    Examples:
        >>> fold("Comisión"), fold("detenció"), fold("pingüino"), fold("plaça"), fold("año")
        ('Comision', 'detencio', 'pinguino', 'placa', 'año')
    """
    kept: list[str] = []
    for char in unicodedata.normalize("NFD", word):
        if unicodedata.combining(char) and not (char == _TILDE and kept and kept[-1] in "nN"):
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept))


def folded_words(markup: str) -> str:
    """The accented words of an index entry's text, folded, once each in order of first use.

    Examples:
        >>> folded_words("<p>La comisión del 5&nbsp;%: comisión, <em>año</em> y carta de detención.</p>")
        'comision detencion'
    """
    text = html.unescape(_TAG.sub(" ", markup)).lower()
    seen: dict[str, None] = {}
    for token in _SEPARATOR.split(text):
        word = token.strip(".,;:!?()[]{}«»\"'“”‘’¡¿/")
        folded = fold(word)
        if folded != word:
            seen.setdefault(folded, None)
    return " ".join(seen)


def with_folded_fields(part: dict) -> dict:
    """An index with the folded fields added to its configuration and to every document."""
    fields = dict(part["config"].get("fields", {}))
    for field, folded in FOLDED_FIELDS.items():
        spec = dict(fields.get(field, {"boost": 1.0}))
        fields[folded] = dict(spec, boost=spec.get("boost", 1.0) * FOLDED_WEIGHT)
    docs = []
    for doc in part["docs"]:
        doc = dict(doc)
        for field, folded in FOLDED_FIELDS.items():
            words = folded_words(doc.get(field, ""))
            if words:
                doc[folded] = words
        docs.append(doc)
    return {"config": dict(part["config"], fields=fields), "docs": docs}


def page_language(page) -> str:
    """The language of a page from its source folder (`ca/…`, `en/…`, otherwise the default)."""
    first = page.file.src_uri.split("/", 1)[0]
    return first if first in OTHERS else DEFAULT


def split_index(index: dict) -> dict[str, dict]:
    """The merged index split by language: each language's documents, locations relative to its folder.

    Examples:
        >>> merged = {"config": {"lang": ["es", "en"]}, "docs": [
        ...     {"location": "games/x/", "title": "x", "text": ""},
        ...     {"location": "ca/games/x/", "title": "x", "text": ""}]}
        >>> parts = split_index(merged)
        >>> [d["location"] for d in parts["ca"]["docs"]], parts["ca"]["config"]["lang"], len(parts["es"]["docs"])
        (['games/x/'], ['es'], 1)
    """
    parts = {lang: {"config": dict(index.get("config", {}), lang=LUNR[lang]), "docs": []}
             for lang in (DEFAULT, *OTHERS)}
    for doc in index.get("docs", []):
        location = doc.get("location", "")
        lang = next((other for other in OTHERS if location == other or location.startswith(other + "/")),
                    DEFAULT)
        if lang != DEFAULT:
            doc = dict(doc, location=location[len(lang) + 1:])
        parts[lang]["docs"].append(doc)
    return parts


#: Runs in the head, before Material's bundle: holds back the request for the search index (an XHR
#: Material sends at startup) until the reader turns to the search. Material shows "Initializing search"
#: meanwhile and answers what was typed as soon as the index is in.
INDEX_ON_DEMAND = (
    '<script>(function(){var X=XMLHttpRequest.prototype,open=X.open,send=X.send,go=/[?&]h=/.test(location.search),'
    'held=[];function want(){if(go)return;go=true;held.splice(0).forEach(function(f){f()})}'
    'X.open=function(m,u){this._naipesIndex=/\\/search\\/search_index\\.json$/.test(String(u));'
    'return open.apply(this,arguments)};'
    'X.send=function(){var x=this,a=arguments;if(go||!x._naipesIndex)return send.apply(x,a);'
    'held.push(function(){send.apply(x,a)})};'
    'function near(e){return e.target&&e.target.closest&&e.target.closest(".md-search,[for=__search]")}'
    '["focusin","pointerover","pointerdown","touchstart"].forEach(function(t){'
    'document.addEventListener(t,function(e){if(near(e))want()},{capture:true,passive:true})});'
    'document.addEventListener("change",function(e){if(e.target&&e.target.id==="__search")want()},true);'
    'document.addEventListener("keydown",function(e){if(/^[/sSfF]$/.test(e.key))want()},true)})();</script>\n  '
)


def finish_page(output: str, lang: str) -> str:
    """A built page with the script that holds back its search index, reading the index of its own language.

    Examples:
        >>> page = '<head><script id="__config">{"base": ".."}</script></head>'
        >>> finish_page(page, "ca").count("_naipesIndex") > 0, '"base": "../ca/"' in finish_page(page, "ca")
        (True, True)
    """
    output = output.replace("</head>", INDEX_ON_DEMAND + "</head>", 1)
    if lang == DEFAULT:
        return output
    return _BASE.sub(lambda m: m.group(1) + m.group(2).rstrip("/") + f"/{lang}/" + m.group(3), output, count=1)


def split_site_index(site: Path) -> None:
    """Split the merged ``search/search_index.json`` of the built *site* into one index per language."""
    merged = site / "search" / "search_index.json"
    if not merged.is_file():
        return
    for lang, part in split_index(json.loads(merged.read_text(encoding="utf-8"))).items():
        part = with_folded_fields(part)
        folder = site if lang == DEFAULT else site / lang
        (folder / "search").mkdir(parents=True, exist_ok=True)
        (folder / "search" / "search_index.json").write_text(
            json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        if lang != DEFAULT:
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                if (site / name).is_file():
                    shutil.copy2(site / name, folder / name)
