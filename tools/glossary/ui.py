"""The UI text of the glossary pages, translated through the ``site`` gettext domain.

Strings are English msgids; their Spanish and Catalan live in
``locales/{es,ca,en}/LC_MESSAGES/site.po``, managed like the engine's catalogs by
``tools/i18n.py`` (``extract``/``update``/``compile``/``fill``). They are a separate domain so that
build-time strings stay out of the engine wheel.

The catalogs are compiled afresh at each build (Babel, into a temporary folder) and read with the
standard library's :mod:`gettext`: an edited ``.po`` shows up on the next ``mkdocs serve`` rebuild,
and no compiled copy can go stale.

>>> translations("ca").gettext("Search the glossary")
'Cerca al glossari'
>>> [label(REGISTERS, "vulgar", lang) for lang in LANGS]
['vulgar', 'vulgar', 'vulgar']
"""

from __future__ import annotations

import gettext
import tempfile
from pathlib import Path
from typing import Mapping

from tools import i18n

DOMAIN = "site"
LANGS = ("es", "ca", "en")
DEFAULT_LANG = "es"


def N_(message: str) -> str:
    """Mark a module-level msgid for extraction; it is translated where it is shown."""
    return message


# Coded values of the data -> the msgid of their label. The codes are the data's own (see
# data/schema/phrasebook.schema.json); the order is the order of the filters' options.
LANGUAGE_NAMES = {"es": N_("Spanish"), "ca": N_("Catalan"), "en": N_("English")}
REGISTERS = {"neutral": N_("neutral"), "colloquial": N_("colloquial"), "slang": N_("slang"),
             "vulgar": N_("vulgar"), "offensive": N_("offensive")}
STATUSES = {"complete": N_("complete"), "truncated": N_("truncated"), "untranslated": N_("untranslated")}
_catalogs: dict[str, gettext.GNUTranslations] = {}


def load() -> None:
    """Compile the site catalogs and read them; the hook calls this at the start of every build."""
    with tempfile.TemporaryDirectory(prefix="naipes-site-locale-") as folder:
        i18n.compile_catalogs(Path(folder), domain=DOMAIN)
        fresh = {}
        for lang in LANGS:
            with open(Path(folder) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as mo:
                fresh[lang] = gettext.GNUTranslations(mo)
    _catalogs.clear()
    _catalogs.update(fresh)


def translations(lang: str) -> gettext.GNUTranslations:
    """The catalog of *lang* (``.gettext``, ``.pgettext``), loaded on first use."""
    if not _catalogs:
        load()
    return _catalogs[lang]


def label(table: Mapping[str, str], code: str, lang: str) -> str:
    """The label of a coded value (a key of :data:`REGISTERS`, :data:`STATUSES`…) in *lang*."""
    return translations(lang).gettext(table[code])


def labels(table: Mapping[str, str], lang: str) -> dict[str, str]:
    """Every code of *table* -> its label in *lang*, in the table's order.

    >>> labels(STATUSES, "es")
    {'complete': 'completa', 'truncated': 'truncada', 'untranslated': 'sin traducir'}
    """
    return {code: label(table, code, lang) for code in table}
