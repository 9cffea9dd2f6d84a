"""Manage the gettext catalogs with Babel: extract, update, compile, fill.

Two domains, each with its template ``locales/<domain>.pot`` and catalogs
``locales/{es,ca,en}/LC_MESSAGES/<domain>.po``:

* ``naipes`` — the engine's strings (``engine/naipes``), compiled into
  ``engine/naipes/locale/`` and shipped in the wheel;
* ``site`` — the UI strings of the site's build tools (``tools/glossary``), kept out of the
  wheel. ``compile`` writes them to ``build/locale/``; the glossary hook compiles its own fresh
  copy at every build (``tools/glossary/ui.py``).

    python tools/i18n.py extract   # sources -> locales/<domain>.pot
    python tools/i18n.py update    # merge each template into locales/{es,ca,en}/LC_MESSAGES/<domain>.po
    python tools/i18n.py compile   # .po -> .mo (naipes: engine/naipes/locale, site: build/locale)
    python tools/i18n.py fill FILE.json ...  # write translations handed over as JSON into the .po files
    python tools/i18n.py extract -D site     # any command, one domain only (-D may repeat)

A JSON hand-over maps each msgid (plural msgids as "singular\u0000plural", a msgid with a
context as "context\u0004msgid", gettext's own separators) to ``{"es": "...", "ca": "..."}``
(a list of forms for plurals); ``fill`` only writes entries the templates have, and says which
it skipped.

Babel runs only at build time; the engine and the glossary hook read the ``.mo`` files with the
standard library's :mod:`gettext`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import NamedTuple

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
PACKAGE_LOCALE = ROOT / "engine" / "naipes" / "locale"
SITE_LOCALE = ROOT / "build" / "locale"
LANGUAGES = ("es", "ca", "en")
# Error classes take an English msgid as first argument, like gettext's _().
KEYWORDS = ["N_", "NC_:1c,2", "translate_plural:1,2", "plural:1,2", "NaipesError", "RulesError", "CardError", "ShoeError",
            "IllegalActionError", "SpecError"]
# The glossary modules translate per page language with t.gettext / t.pgettext (bound to _ where
# read often) and mark module-level msgids with N_.
SITE_KEYWORDS = ["_", "N_", "gettext", "pgettext:1c,2"]


class Domain(NamedTuple):  # not a dataclass: tests load this file by path, outside sys.modules
    name: str
    project: str  # the catalogs' Project-Id-Version
    sources: str  # folder scanned by extract, relative to the repository root
    keywords: tuple[str, ...]
    compiled: Path  # where compile writes <lang>/LC_MESSAGES/<name>.mo by default

    @property
    def template(self) -> Path:
        return LOCALES / f"{self.name}.pot"

    def catalog(self, lang: str) -> Path:
        return LOCALES / lang / "LC_MESSAGES" / f"{self.name}.po"


DOMAINS = {
    "naipes": Domain("naipes", "naipes", "engine/naipes", tuple(KEYWORDS), PACKAGE_LOCALE),
    "site": Domain("site", "naipes-site", "tools/glossary", tuple(SITE_KEYWORDS), SITE_LOCALE),
}


def _babel(*args: str) -> None:
    # Relative paths keep the "#:" references in the catalogs machine-independent.
    previous = Path.cwd()
    os.chdir(ROOT)
    try:
        status = CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(previous)
    if status:
        raise RuntimeError(f"pybabel {args[0]} failed (see the errors above)")


def extract(output: Path | None = None, domain: str = "naipes") -> None:
    spec = DOMAINS[domain]
    output = output or spec.template
    output.parent.mkdir(exist_ok=True)
    keywords = [part for keyword in spec.keywords for part in ("-k", keyword)]
    _babel("extract", "--no-default-keywords", *keywords, "--add-comments", "TRANSLATORS:",
           "--sort-by-file", "--no-wrap", "--project", spec.project, "--copyright-holder", "Naipes contributors",
           "-o", str(output), spec.sources)


def update(domain: str = "naipes") -> None:
    spec = DOMAINS[domain]
    for lang in LANGUAGES:
        if spec.catalog(lang).exists():
            _babel("update", "--no-wrap", "--no-fuzzy-matching", "--ignore-obsolete", "-D", spec.name,
                   "-i", str(spec.template), "-d", str(LOCALES), "-l", lang)
        else:
            _babel("init", "--no-wrap", "-D", spec.name, "-i", str(spec.template), "-d", str(LOCALES), "-l", lang)


def compile_catalogs(output: Path | None = None, domain: str = "naipes") -> None:
    spec = DOMAINS[domain]
    output = output or spec.compiled
    for lang in LANGUAGES:
        mo = output / lang / "LC_MESSAGES" / f"{spec.name}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        # The English catalogs leave msgstr empty (the msgid is the text), so nothing is fuzzy-checked.
        _babel("compile", "--use-fuzzy" if lang == "en" else "--statistics", "-D", spec.name,
               "-i", str(spec.catalog(lang)), "-o", str(mo), "-l", lang)


def _handover_key(message) -> str:
    key = "\u0000".join(message.id) if isinstance(message.id, tuple) else message.id
    return f"{message.context}\u0004{key}" if message.context else key


def fill(*paths: str, domains: tuple[str, ...] = tuple(DOMAINS)) -> None:
    import json

    from babel.messages.pofile import read_po, write_po

    handed: dict[str, dict] = {}
    for path in paths:
        handed.update(json.loads(Path(path).read_text(encoding="utf-8")))
    for lang in ("es", "ca"):
        used = set()
        for domain in domains:
            po = DOMAINS[domain].catalog(lang)
            if not po.exists():
                continue
            with open(po, "rb") as f:
                catalog = read_po(f, locale=lang)
            for message in catalog:
                if not message.id:
                    continue
                key = _handover_key(message)
                if key in handed and lang in handed[key]:
                    value = handed[key][lang]
                    if isinstance(message.id, tuple):
                        # CLDR gives Spanish and Catalan a third form ("many": 1,000,000 …) that a
                        # two-form hand-over leaves out; it is written like "other", the last one.
                        forms = list(value)
                        value = forms + forms[-1:] * (catalog.num_plurals - len(forms))
                        message.string = tuple(value)
                    else:
                        message.string = value
                    message.flags.discard("fuzzy")
                    used.add(key)
            with open(po, "wb") as f:
                write_po(f, catalog, width=0, sort_by_file=True)
        skipped = sorted(set(handed) - used)
        if skipped:
            print(f"{lang}: {len(skipped)} msgids not in the catalogs, skipped: {skipped[:3]}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python tools/i18n.py", description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "fill"))
    parser.add_argument("files", nargs="*", metavar="FILE.json", help="fill: the JSON hand-overs")
    parser.add_argument("-D", "--domain", action="append", choices=tuple(DOMAINS),
                        help="only this domain (default: all)")
    args = parser.parse_intermixed_args(argv)
    if (args.command == "fill") != bool(args.files):
        parser.error("fill takes one or more FILE.json; the other commands take none")
    domains = tuple(args.domain or DOMAINS)
    if args.command == "fill":
        fill(*args.files, domains=domains)
        return
    command = {"extract": extract, "update": update, "compile": compile_catalogs}[args.command]
    for domain in domains:
        command(domain=domain)


if __name__ == "__main__":
    main(sys.argv[1:])
