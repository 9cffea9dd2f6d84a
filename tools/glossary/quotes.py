"""Passages quoted from the sources in another language than the page's, marked with their language.

A page in English quoting the Catalan decree ("pot tancar provisionalment la taula") is read aloud
in English by a screen reader, and the glossary would link its Catalan words as English terms:
WCAG 2.2's success criterion 3.1.2 (language of parts, level AA) asks for the passage's language.
A quotation between ``"…"``, ``“…”`` or ``«…»`` of at least `MIN_WORDS` words that is found word for
word in a source (`tools.glossary.seeds`) of another language than the page's is wrapped in
``<span lang="…">``. Only text outside tags is read, never inside code, scripts, an element that
already says it is in another language, or a widget (the engine renders widgets, in the build and in
the browser alike).

>>> mark_quoted_languages('<p>The director "pot tancar provisionalment la taula".</p>', "en")
'<p>The director "<span lang="ca">pot tancar provisionalment la taula</span>".</p>'
>>> mark_quoted_languages('<p title="&quot;pot tancar provisionalment la taula&quot;">x</p>', "en")
'<p title="&quot;pot tancar provisionalment la taula&quot;">x</p>'
>>> mark_quoted_languages('<p>Rule: “El "Mini-Bacará" se desarrollará sobre una mesa”</p>', "en")
'<p>Rule: “<span lang="es">El "Mini-Bacará" se desarrollará sobre una mesa</span>”</p>'
>>> mark_quoted_languages('<li>(&quot;pot tancar provisionalment la taula&quot;)</li>', "es")
'<li>(&quot;<span lang="ca">pot tancar provisionalment la taula</span>&quot;)</li>'
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path

from naipes.web import quotes as engine_quotes
from naipes.web.quotes import QUOTED, normalised
from tools.glossary.seeds import seed_dir, seed_language

#: The fewest words a quotation has to be marked (a single word may be either language).
MIN_WORDS = 3
#: Where a quotation leaves words out: `[...]`, `[…]`, `…`.
_ELLIPSIS = re.compile(r"\s*(?:\[\s*(?:\.\.\.|…)\s*\]|…|\.\.\.)\s*")
_TAG = re.compile(r"(<[^>]*>)")
#: Elements whose text is not prose (or already marked, see `_opens_lang`).
_SKIP = ("code", "pre", "script", "style", "textarea", "svg", "math")
_VOID = ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr")


@cache
def _sources() -> tuple[tuple[str, str], ...]:
    """Each source's language and its text, normalised as the passages are."""
    return tuple((seed_language(path.name.split("_", 1)[0]), normalised(path.read_text(encoding="utf-8")))
                 for path in sorted(seed_dir().glob("*.txt")))


def quoted_language(passage: str) -> str | None:
    """The language of the sources that hold `passage` word for word (each part, where it leaves words
    out with `[...]` or `…`), if they do.

    >>> quoted_language("pot tancar provisionalment la taula"), quoted_language("never written anywhere")
    ('ca', None)
    >>> quoted_language("Se jugará en una mesa semicircular [...] La mesa")
    'es'
    """
    wanted = normalised(passage)
    parts = [part.strip(" .,;:") for part in _ELLIPSIS.split(wanted)]
    parts = [part for part in parts if part]
    if not parts or len(wanted.split()) < MIN_WORDS:
        return None
    for lang in dict.fromkeys(lang for lang, _ in _sources()):
        texts = [text for source_lang, text in _sources() if source_lang == lang]
        if all(any(part in text for text in texts) for part in parts):
            return lang
    return None


def _marked(text: str, page_lang: str) -> str:
    return engine_quotes.mark_quoted_languages(text, page_lang, lambda passage: quoted_language(html.unescape(passage)))


def _other_language(start_tag: str, page_lang: str) -> bool:
    found = re.search(r'\slang="([^"]*)"', start_tag)
    return found is not None and found.group(1) != page_lang


def mark_quoted_languages(page_html: str, page_lang: str) -> str:
    """`page_html` with every quoted source passage in another language than `page_lang` marked."""
    out, skipping = [], []
    for piece in _TAG.split(page_html):
        if piece.startswith("<"):
            name = re.match(r"</?([a-zA-Z0-9]+)", piece)
            tag = name.group(1).lower() if name else ""
            if piece.startswith("</"):
                if skipping and skipping[-1] == tag:
                    skipping.pop()
            elif piece.startswith("<!") or piece.endswith("/>") or tag in _VOID:
                pass
            elif skipping or tag in _SKIP or _other_language(piece, page_lang) or "naipes-widget" in piece:
                skipping.append(tag)  # inside a skipped element every element is followed to its end
            out.append(piece)
        else:
            out.append(piece if skipping or not piece.strip() else _marked(piece, page_lang))
    return "".join(out)


#: The engine's copy of the languages of the passages its own messages quote (`naipes.web.quotes`): the engine
#: renders its widgets in the browser too, where the sources are not.
ENGINE_MAP = Path(__file__).resolve().parents[2] / "engine" / "naipes" / "web" / "quoted-languages.json"
CATALOGS = Path(__file__).resolve().parents[2] / "locales"


def engine_quoted_languages() -> dict[str, str]:
    """Every passage the engine's messages quote (msgids and the catalogs' translations) that a source holds word
    for word, by its normalised text, with the source's language."""
    from babel.messages.pofile import read_po

    found: dict[str, str] = {}
    for path in [CATALOGS / "naipes.pot", *sorted(CATALOGS.glob("*/LC_MESSAGES/naipes.po"))]:
        with open(path, "rb") as f:
            catalog = read_po(f)
        for message in catalog:
            for text in (message.id, message.string):
                for part in (text if isinstance(text, tuple) else (text,)):
                    for match in QUOTED.finditer(part or ""):
                        passage = next(g for g in match.groups() if g is not None)
                        lang = quoted_language(passage)
                        if lang is not None:
                            found[normalised(passage)] = lang
    return dict(sorted(found.items()))


def engine_map_text() -> str:
    return json.dumps(engine_quoted_languages(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":  # python -m tools.glossary.quotes [--check]: the engine's copy written, or checked
    import sys

    if "--check" in sys.argv[1:]:
        raise SystemExit(0 if ENGINE_MAP.read_text(encoding="utf-8") == engine_map_text() else 1)
    ENGINE_MAP.write_text(engine_map_text(), encoding="utf-8")
