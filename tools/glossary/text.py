"""Headwords as the glossary pages sort and index them: folding, sort keys, A–Z letters.

:func:`fold` is the Python twin of ``normalize`` in ``docs/assets/glossary/search-core.js``, so the
A–Z lists built here and the search in the browser agree on which letters are the same.
"""

from __future__ import annotations

import functools
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


def display_en(entry: Mapping) -> str | None:
    """The English side a phrasebook entry shows: the curator's correction where the source has a
    slip (``en_corrected``), else the source's text (``en``; ``None`` when the source gives none).

    >>> display_en({"en": "wooodwork", "en_corrected": "woodwork"}), display_en({"en": None})
    ('woodwork', None)
    """
    return entry.get("en_corrected") or entry["en"]


def display_es(rendering: Mapping) -> str:
    """The Spanish rendering shown: its correction (``corrected``) where the source has a slip,
    else the source's text.

    >>> display_es({"text": "legar al límite", "corrected": "llegar al límite"}), display_es({"text": "pan"})
    ('llegar al límite', 'pan')
    """
    return rendering.get("corrected") or rendering["text"]


def headword(entry: Mapping) -> tuple[str, str]:
    """``(text, lang)`` of a phrasebook entry's headword, corrected where the source has a slip:
    English unless the source gave it ES→EN.

    >>> headword({"direction": "ES→EN", "en": "the day pigs fly", "es": [{"text": "dìa del arquero",
    ...           "corrected": "día del arquero"}]})
    ('día del arquero', 'es')
    """
    if entry["direction"] == "ES→EN" or not entry["en"]:
        return display_es(entry["es"][0]), "es"
    return display_en(entry) or "", "en"


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


#: the regions the phrasebook names, as CLDR territory codes (the region subtags of BCP 47: ISO 3166
#: letters, or a UN M49 number such as 419, Latin America)
REGION_CODES = ("ES", "MX", "AR", "UY", "CL", "CO", "PA", "DO", "CU", "VE", "GT", "PE", "BO")


@functools.cache
def territory_names(lang: str) -> Mapping[str, str]:
    """CLDR's names of the territories in *lang* (Babel's data, read at build time only).

    >>> territory_names("ca")["ES"], territory_names("en")["419"]
    ('Espanya', 'Latin America')
    """
    from babel import Locale

    return Locale.parse(lang).territories


def tag_name(tag: str, lang: str) -> str:
    """The region of a BCP 47 tag (``es-AR``, ``es-419``), named in *lang* by CLDR.

    >>> tag_name("es-AR", "es"), tag_name("es-DO", "en"), tag_name("es-419", "es"), tag_name("es-419", "ca")
    ('Argentina', 'Dominican Republic', 'Latinoamérica', 'Amèrica Llatina')
    """
    return territory_names(lang)[tag.rsplit("-", 1)[-1]]


#: the phrasebook's regions as the data names them (CLDR's Spanish names, as the source writes
#: them) -> their BCP 47 language tags, for the exports' geographicalUsage
REGION_TAGS = {territory_names("es")[code]: f"es-{code}" for code in REGION_CODES}


def region_name(region: str, lang: str) -> str:
    """A region of the data (CLDR's Spanish name) named in *lang*; a name CLDR does not know stays
    as it is.

    >>> region_name("España", "en"), region_name("México", "ca"), region_name("Atlantis", "ca")
    ('Spain', 'Mèxic', 'Atlantis')
    """
    return tag_name(REGION_TAGS[region], lang) if region in REGION_TAGS else region
