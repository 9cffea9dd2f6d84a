"""Passages the engine's own text quotes from the sources, marked with their language (WCAG 3.1.2).

An interpretation in English quoting the Bolivian classifier ("no es un as") is read aloud in English
unless the passage says it is Spanish. The sources are not in the wheel: `quoted-languages.json`,
shipped beside this module, holds the language of every passage the engine's messages quote that a
source holds word for word (written by `python -m tools.glossary.quotes`, checked by the tests); the
build marks the pages' own quotations the same way (`tools/glossary/quotes.py`).

Examples:
    >>> mark_quoted_languages("the source says &quot;no es un as&quot; there", "en")
    'the source says &quot;<span lang="es">no es un as</span>&quot; there'
    >>> mark_quoted_languages("la font diu «no es un as»", "es")
    'la font diu «no es un as»'
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Callable

from ..core import package_data

#: A quotation in escaped text: between “…” or «…» (which may hold straight quotes) or straight quotes.
QUOTED = re.compile(r'“(?P<curly>[^“”]{1,800}?)”|«(?P<angle>[^«»]{1,800}?)»'
                     r'|(?:&quot;|")(?P<straight>(?:(?!&quot;)[^"“”«»]){1,800}?)(?:&quot;|")')

_BEFORE_PUNCTUATION = re.compile(r" ([,;:.!?)])")


@cache
def _languages() -> dict[str, str]:
    languages: dict[str, str] = json.loads(package_data.read("naipes", "web", "quoted-languages.json"))
    return languages


def normalised(text: str) -> str:
    """A passage as the map's keys are written: whitespace one space, none before punctuation (the sources often
    write "banca ; el" and "1 , del"), any case."""
    text = " ".join(text.replace("&#x27;", "'").replace("&#39;", "'").replace("\u2019", "'").split())
    return _BEFORE_PUNCTUATION.sub(r"\1", text).casefold()


def _shipped_language(passage: str) -> str | None:
    return _languages().get(normalised(passage))


def mark_quoted_languages(escaped: str, lang: str,
                          language_of: Callable[[str], str | None] = _shipped_language) -> str:
    """`escaped` (HTML text, no tags inside a quotation) with each source passage in another language than
    `lang` wrapped in `<span lang>`; `language_of` tells a passage's language (the build's reads the sources)."""
    def mark(match: re.Match[str]) -> str:
        group = next(name for name in ("curly", "angle", "straight") if match.group(name) is not None)
        found = language_of(match.group(group))
        if found is None or found == lang:
            return match.group(0)
        start, end = match.start(group) - match.start(), match.end(group) - match.start()
        whole = match.group(0)
        return f'{whole[:start]}<span lang="{found}">{whole[start:end]}</span>{whole[end:]}'

    return QUOTED.sub(mark, escaped)
