"""Headwords as the glossary pages sort and index them: folding, sort keys, A–Z letters.

:func:`fold` is the Python twin of ``normalize`` in ``docs/assets/glossary/search-core.js``, so the
A–Z lists built here and the search in the browser agree on which letters are the same.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Mapping, Sequence


def fold(text: str) -> str:
    """Lowercase without accents, keeping ñ.

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
    """A casino term's forms in one language: the data gives one as a string, several as a list.

    >>> as_list("banca"), as_list(["punto y banca", "baccarat"])
    (['banca'], ['punto y banca', 'baccarat'])
    """
    return [value] if isinstance(value, str) else list(value)


def headword(entry: Mapping) -> tuple[str, str]:
    """``(text, lang)`` of a phrasebook entry's headword: English unless the source gave it ES→EN.

    >>> headword({"direction": "ES→EN", "en": "the day pigs fly", "es": [{"text": "día del arquero"}]})
    ('día del arquero', 'es')
    """
    if entry["direction"] == "ES→EN" or not entry["en"]:
        return entry["es"][0]["text"], "es"
    return entry["en"], "en"


#: where the curator's notes of a page language come from when that language has none: the
#: reader's language first, then the others (Catalan readers read Spanish before English)
NOTE_ORDER = {"es": ("es", "en", "ca"), "ca": ("ca", "es", "en"), "en": ("en", "es", "ca")}


def notes_for(entry: Mapping, lang: str) -> tuple[str, str] | None:
    """``(text, language)`` of the curator's notes an entry shows on a *lang* page: the notes in
    *lang*, or, where that translation is missing, the first of the others (the page marks it).

    >>> notes_for({"notes": {"en": "Sic.", "es": "Sic (es)."}}, "ca"), notes_for({"notes": None}, "en")
    (('Sic (es).', 'es'), None)
    """
    notes = entry.get("notes") or {}
    for code in NOTE_ORDER[lang]:
        if notes.get(code):
            return notes[code], code
    return None


#: the phrasebook's regions (Spanish names, as the data has them) as BCP 47 language tags, for
#: the TBX export's geographicalUsage
REGION_TAGS = {
    "España": "es-ES", "México": "es-MX", "Argentina": "es-AR", "Uruguay": "es-UY", "Chile": "es-CL",
    "Colombia": "es-CO", "Panamá": "es-PA", "República Dominicana": "es-DO", "Cuba": "es-CU",
    "Venezuela": "es-VE", "Guatemala": "es-GT", "Perú": "es-PE", "Bolivia": "es-BO",
}
