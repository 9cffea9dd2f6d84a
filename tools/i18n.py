"""Manage the gettext catalogs with Babel: extract, update, compile, check.

    python tools/i18n.py extract   # engine sources -> locales/naipes.pot
    python tools/i18n.py update    # merge the template into locales/{es,ca,en}/LC_MESSAGES/naipes.po
    python tools/i18n.py compile   # .po -> engine/naipes/locale/*/LC_MESSAGES/naipes.mo (shipped in the wheel)
    python tools/i18n.py fill FILE.json ...  # write translations handed over as JSON into the .po files

A JSON hand-over maps each msgid (plural msgids as "singular\u0000plural") to
``{"es": "...", "ca": "..."}`` (a list of forms for plurals); ``fill`` only
writes entries the template has, and says which it skipped.

Babel runs only here, at build time; the engine reads the ``.mo`` files with
the standard library's :mod:`gettext`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "naipes.pot"
PACKAGE_LOCALE = ROOT / "engine" / "naipes" / "locale"
LANGUAGES = ("es", "ca", "en")
# Error classes take an English msgid as first argument, like gettext's _().
KEYWORDS = ["N_", "translate_plural:1,2", "NaipesError", "RulesError", "CardError", "ShoeError"]


def _babel(*args: str) -> None:
    # Relative paths keep the "#:" references in the catalogs machine-independent.
    previous = Path.cwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(previous)


def extract(output: Path | None = None) -> None:
    output = output or TEMPLATE
    output.parent.mkdir(exist_ok=True)
    keywords = [part for keyword in KEYWORDS for part in ("-k", keyword)]
    _babel("extract", "--no-default-keywords", *keywords, "--sort-by-file", "--no-wrap",
           "--project", "naipes", "--copyright-holder", "Naipes contributors",
           "-o", str(output), "engine/naipes")


def update() -> None:
    for lang in LANGUAGES:
        po = LOCALES / lang / "LC_MESSAGES" / "naipes.po"
        if po.exists():
            _babel("update", "--no-wrap", "--no-fuzzy-matching", "--ignore-obsolete", "-D", "naipes", "-i", str(TEMPLATE),
                   "-d", str(LOCALES), "-l", lang)
        else:
            _babel("init", "--no-wrap", "-D", "naipes", "-i", str(TEMPLATE), "-d", str(LOCALES), "-l", lang)


def compile_catalogs(output: Path = PACKAGE_LOCALE) -> None:
    for lang in LANGUAGES:
        po = LOCALES / lang / "LC_MESSAGES" / "naipes.po"
        mo = output / lang / "LC_MESSAGES" / "naipes.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        _babel("compile", "--use-fuzzy" if lang == "en" else "--statistics", "-D", "naipes",
               "-i", str(po), "-o", str(mo), "-l", lang)


def fill(*paths: str) -> None:
    import json

    from babel.messages.pofile import read_po, write_po

    handed: dict[str, dict] = {}
    for path in paths:
        handed.update(json.loads(Path(path).read_text(encoding="utf-8")))
    for lang in ("es", "ca"):
        po = LOCALES / lang / "LC_MESSAGES" / "naipes.po"
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang)
        used = set()
        for message in catalog:
            if not message.id:
                continue
            key = "\u0000".join(message.id) if isinstance(message.id, tuple) else message.id
            if key in handed and lang in handed[key]:
                value = handed[key][lang]
                message.string = tuple(value) if isinstance(message.id, tuple) else value
                message.flags.discard("fuzzy")
                used.add(key)
        with open(po, "wb") as f:
            write_po(f, catalog, width=0, sort_by_file=True)
        skipped = sorted(set(handed) - used)
        if skipped:
            print(f"{lang}: {len(skipped)} msgids not in the catalog, skipped: {skipped[:3]}")


COMMANDS = {"extract": extract, "update": update, "compile": compile_catalogs, "fill": fill}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS or (sys.argv[1] != "fill" and len(sys.argv) != 2):
        sys.exit("usage: python tools/i18n.py extract|update|compile|fill FILE.json ...")
    COMMANDS[sys.argv[1]](*sys.argv[2:])
