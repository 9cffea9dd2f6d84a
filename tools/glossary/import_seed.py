"""One-shot importer: first pass of the idiom phrasebook from seed 000.

The seed ``000_6fbc167177f337b1.txt`` (see ``seeds.py``) starts with a run-on
scrape of an English<->Spanish idiom glossary (lines 1-52, from "lecho de
rosas" to "during the aftermath / durante el período posterior" and the stray
headword "early champion"), followed by unrelated web text (lines 52-58,
cybersecurity / VPS marketing: *not glossary*) and then the Spanish casino
catalogue (lines 59+, not handled here; see ``data/casino-terms.yaml``).

This script makes a **draft** only. Its heuristics are deliberately simple:

* split each line into fragments at sentence ends (``. ``, ``! ``, ``? ``);
* classify each fragment as English or Spanish with a tiny word/accents score;
* split Spanish fragments at `` ; `` into renderings and peel trailing region
  labels (``Argentina, España``), ``[Proz]`` source labels and notes
  (``en este contexto``, ``ver explicación``...) off each rendering;
* pair an English fragment with the Spanish fragment(s) right after it
  (``EN→ES``), or a Spanish headword with a following English gloss
  (``ES→EN``); anything left alone becomes an ``untranslated`` entry.

After running it ONCE, ``data/phrasebook.yaml`` was **curated by hand** (wrong
splits fixed, registers assigned, vulgar/offensive entries labelled, web text
moved to ``data/phrasebook-rejects.yaml``, the curator's notes written in
English, Spanish and Catalan: ``notes: {en: …, es: …, ca: …}``; a draft has
``notes: null``). The draft matches the phrasebook's schema. From then on the YAML files are the
source of truth: do not re-run this over them. It refuses to overwrite an
existing file unless ``--force`` is given; use ``--out`` to write a draft
elsewhere for comparison::

    .venv/bin/python tools/glossary/import_seed.py --out /tmp/phrasebook.draft.yaml

Standard library + PyYAML only.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

import yaml

try:  # imported as tools.glossary.import_seed, or run as a script (tools/glossary on sys.path)
    from tools.glossary.seeds import seed_path
except ImportError:  # pragma: no cover
    from seeds import seed_path

SEED = seed_path()
GLOSSARY_LAST_LINE = 52  # line 52 mixes the last glossary entries and web text
WEB_TEXT_LAST_LINE = 58  # lines 52..58: unrelated web text ("not glossary")
WEB_TEXT_START = "Nuestra historia:"  # where the web text begins on line 52

#: Closed list of regions; keys are the spellings found in the seed.
REGIONS = {
    "España": "España",
    "México": "México",
    "Argentina": "Argentina",
    "Uruguay": "Uruguay",
    "Chile": "Chile",
    "Colombia": "Colombia",
    "Panamá": "Panamá",
    "República Dominicana": "República Dominicana",
    "Cuba": "Cuba",
    "Venezuela": "Venezuela",
    "Guatemala": "Guatemala",
    "Perú": "Perú",
    "Bolivia": "Bolivia",
}
MAX_ID = 80  # data/schema/phrasebook.schema.json: slug maxLength
GENERIC_REGION_LABELS = ("varios países", "muchos países", "por todo el mundo")

NOTE_MARKERS = (
    "en este contexto", "para este contexto", "in this context", "in this case",
    "ver explicación", "jerga corporativa", "drugs slang",
)

ES_WORDS = set(
    "de la el que y en los las un una por con para se no al del lo le su sus es "
    "más muy como estar ser tener hacer dar echar pero nunca sin todo cuando te "
    "me mi tu ya aquí qué".split()
)
EN_WORDS = set(
    "the a an of to and in on your you my it is out up off down one's someone "
    "sth sb for with this that what when get be have at by his her their them "
    "do don't i we they than all just".split()
)

_REGION_ALT = "|".join(sorted((re.escape(r) for r in REGIONS), key=len, reverse=True))
_TRAILING_REGIONS = re.compile(
    rf"(?:\s*,?\s*(?:{_REGION_ALT}))+\s*$"
)
_PROZ = re.compile(r"\s*\[Proz\]\s*$")


def slugify(text: str) -> str:
    """ASCII slug: ``"Break a leg!"`` -> ``"break-a-leg"``."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()
    if len(text) > MAX_ID:  # the schema's limit: cut at a hyphen
        text = text[:MAX_ID + 1].rsplit("-", 1)[0] if "-" in text[:MAX_ID + 1] else text[:MAX_ID]
    return text or "entry"


def split_fragments(line: str) -> list[str]:
    """Split a run-on glossary line at sentence ends, keeping ``[Proz].``."""
    parts = re.split(r"(?<=[.!?])\s+", line.strip())
    return [p.strip() for p in parts if p.strip()]


def language(fragment: str) -> str:
    """Return ``"es"`` or ``"en"`` by a crude score."""
    words = re.findall(r"[\w']+", fragment.lower())
    es = sum(w in ES_WORDS for w in words) + 2 * len(re.findall(r"[áéíóúñ¿¡]", fragment.lower()))
    en = sum(w in EN_WORDS for w in words)
    if " ; " in fragment or "[Proz]" in fragment or _TRAILING_REGIONS.search(fragment.rstrip(".")):
        es += 2
    return "es" if es > en else "en"


def parse_rendering(part: str) -> dict:
    """Peel source, regions and notes off one Spanish rendering."""
    text = part.strip().rstrip(".").strip()
    source = None
    if _PROZ.search(text):
        source = "Proz"
        text = _PROZ.sub("", text)
    regions: list[str] = []
    m = _TRAILING_REGIONS.search(text)
    if m and m.start() > 0:
        regions = [REGIONS[r] for r in re.findall(_REGION_ALT, m.group(0))]
        text = text[: m.start()].rstrip(" ,")
    note = None
    for label in GENERIC_REGION_LABELS + NOTE_MARKERS:
        if text.endswith(" " + label):
            note = label
            text = text[: -len(label)].rstrip(" ,")
            break
    return {"text": text, "regions": regions, "source": source, "note": note}


def draft_entries(lines: list[str]) -> tuple[list[dict], list[dict]]:
    """Make draft entries and rejects from the seed's lines (1-based)."""
    entries: list[dict] = []
    rejects: list[dict] = []
    pending: dict | None = None  # last entry still waiting for a translation
    for lineno, line in enumerate(lines[:WEB_TEXT_LAST_LINE], start=1):
        if lineno > GLOSSARY_LAST_LINE:
            rejects.append({"seed_line": lineno, "text": line.strip(), "reason": "not glossary"})
            continue
        if lineno == GLOSSARY_LAST_LINE and WEB_TEXT_START in line:
            line, web = line.split(WEB_TEXT_START, 1)
            rejects.append({"seed_line": lineno, "text": WEB_TEXT_START + web, "reason": "not glossary"})
        for frag in split_fragments(line):
            lang = language(frag)
            if lang == "en":
                if pending is not None and pending["direction"] == "ES→EN" and pending["en"] is None:
                    pending["en"] = frag.rstrip(".")
                    pending["status"] = "complete"
                    pending = None
                    continue
                pending = {
                    "en": frag.rstrip("."), "es": [], "direction": "EN→ES",
                    "status": "untranslated", "seed_line": lineno,
                }
                entries.append(pending)
            else:
                renderings = [parse_rendering(p) for p in frag.split(" ; ") if p.strip()]
                if pending is not None and pending["direction"] == "EN→ES" and not pending["es"]:
                    pending["es"] = renderings
                    pending["status"] = "complete"
                    pending = None
                    continue
                pending = {
                    "en": None, "es": renderings, "direction": "ES→EN",
                    "status": "untranslated", "seed_line": lineno,
                }
                entries.append(pending)
    seen: set[str] = set()
    out = []
    for e in entries:
        base = slugify(e["en"] or e["es"][0]["text"])
        slug, n = base, 2
        while slug in seen:
            slug, n = f"{base}-{n}", n + 1
        seen.add(slug)
        out.append({
            "id": slug, "en": e["en"], "es": e["es"], "notes": None,
            "register": "neutral", "direction": e["direction"],
            "status": e["status"], "seed_line": e["seed_line"],
        })
    return out, rejects


class _Dumper(yaml.SafeDumper):
    """Block style for entries; flow style for renderings and region lists."""


def _repr_list(dumper: yaml.SafeDumper, data: list):
    flow = all(isinstance(x, str) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _repr_dict(dumper: yaml.SafeDumper, data: dict):
    flow = "text" in data  # one rendering per line
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(list, _repr_list)
_Dumper.add_representer(dict, _repr_dict)


def dump(data: object) -> str:
    """YAML text in the house style (UTF-8, unsorted keys, wide lines)."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=4096)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, default=SEED)
    parser.add_argument("--out", type=Path, default=Path("data/phrasebook.yaml"))
    parser.add_argument("--rejects", type=Path, default=None,
                        help="where to write draft rejects (default: next to --out)")
    parser.add_argument("--force", action="store_true", help="overwrite existing files")
    args = parser.parse_args(argv)
    rejects_path = args.rejects or args.out.with_name(args.out.stem + "-rejects.yaml")
    for path in (args.out, rejects_path):
        if path.exists() and not args.force:
            print(f"{path} exists and is curated by hand; use --out or --force", file=sys.stderr)
            return 1
    lines = args.seed.read_text(encoding="utf-8").splitlines()
    entries, rejects = draft_entries(lines)
    args.out.write_text(dump({"entries": entries}), encoding="utf-8")
    rejects_path.write_text(dump({"rejects": rejects}), encoding="utf-8")
    print(f"{len(entries)} draft entries -> {args.out}; {len(rejects)} rejects -> {rejects_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
