"""Translations: gettext catalogs compiled into the package, read with the stdlib.

Messages are English msgids; `locales/` holds the `.po` catalogs (managed
with Babel by `tools/i18n.py`) and the compiled `.mo` files ship in
`naipes/locale/` so the browser needs nothing but this module.

Examples:
    >>> translate("Player has {total}: draws.", "ca").format(total=5)
    'El punt té 5: demana carta.'
"""

from __future__ import annotations

from fractions import Fraction

import gettext
from functools import lru_cache
import io
import os
from typing import Mapping

from . import package_data
from .errors import NaipesError, Plural, SpecError

LANGUAGES = ("es", "ca", "en")
DEFAULT_LANGUAGE = "es"
# Where the compiled catalogs are written in an installed tree (the catalogs themselves are read through
# package_data, which also reads them from the zip the browser imports). A plain path: pathlib costs more to
# import than this module in the browser.
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
DOMAIN = "naipes"


def N_(message: str) -> str:
    """Mark a module-level msgid for extraction; it is translated where it is shown."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark a msgid with a context (gettext's msgctxt) for extraction; it is translated with
    `translate_in_context`."""
    return message


def check_language(lang: str) -> str:
    """`lang` if the site speaks it.

    Examples:
        >>> check_language("fr")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown language 'fr': use es, ca or en.
    """
    if lang not in LANGUAGES:
        raise SpecError("Unknown language {lang!r}: use es, ca or en.", lang=lang)
    return lang


@lru_cache(maxsize=None)
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (a missing `.mo` is a packaging bug, so it raises)."""
    mo = package_data.read("naipes", "locale", check_language(lang), "LC_MESSAGES", f"{DOMAIN}.mo")
    return gettext.GNUTranslations(io.BytesIO(mo))


def translate(message: str, lang: str) -> str:
    """`message` (an English msgid) in `lang`."""
    return catalog(lang).gettext(message)


def translate_in_context(context: str, message: str, lang: str) -> str:
    """`message` in `lang` as translated in `context` (gettext's msgctxt); the msgid itself when the context has
    no translation.

    Examples:
        >>> translate_in_context("said of a card whose name is feminine", "Player {seat} receives {card}, face up.",
        ...                      "ca")
        'El jugador {seat} rep {card}, destapada.'
    """
    return catalog(lang).pgettext(context, message)


def translate_plural(singular: str, plural: str, n: int, lang: str) -> str:
    """The singular or plural form of a message in `lang` for the count `n`."""
    return catalog(lang).ngettext(singular, plural, n)


def message_text(message: str | Plural, params: Mapping[str, object], lang: str) -> str:
    """`message` (a msgid, or a `Plural` counting one of `params`) in `lang`, its placeholders filled.

    A count that is not a whole number (a text the reader typed) takes the plural form.

    Examples:
        >>> from naipes.core.errors import plural
        >>> [message_text(plural("{count} point", "{count} points", "count"), {"count": n}, "ca") for n in (1, 2, "x")]
        ['1 punt', '2 punts', 'x punts']
    """
    if isinstance(message, Plural):
        count = params.get(message.count)
        # A whole Fraction (a rate of 1) counts as its number; a bool or a typed text takes the plural.
        number = 2
        if isinstance(count, (int, Fraction)) and not isinstance(count, bool) and count == int(count):
            number = int(count)
        return translate_plural(message.singular, message.plural, number, lang).format(**params)
    return translate(message, lang).format(**params)


def error_text(error: NaipesError, lang: str) -> str:
    """An engine error as one line in `lang`.

    Examples:
        >>> error_text(SpecError("Unknown preset {name!r}: use one of {names}.", name="x", names="a"), "es")
        "Preajuste desconocido 'x': usa uno de a."
    """
    return message_text(error.plural or error.message, error.params, lang)
