"""The glossary's site-wide files: the exports (``downloads/``), the two search indexes and
MiniSearch (``assets/glossary/``), their URLs and their writing into the built site.

MiniSearch is copied from the pinned npm package, never linked from a CDN: the site works offline.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from tools.glossary.index import glossary_index, index_json, phrasebook_index
from tools.glossary.seeds import ROOT

ASSETS = "assets/glossary"
DOWNLOADS = "downloads"
MINISEARCH = ROOT / "node_modules" / "minisearch" / "dist" / "es" / "index.js"
INDEX_FILES = {"phrasebook": "phrasebook.json", "glossary": "casino-terms.json"}


def index_url(kind: str, to_root: str) -> str:
    """URL of *kind*'s search index from a page whose relative URL to the site root is *to_root*.

    >>> index_url("glossary", "../")
    '../assets/glossary/casino-terms.json'
    """
    return f"{to_root}{ASSETS}/{INDEX_FILES[kind]}"


def download_url(name: str, to_root: str) -> str:
    """URL of the export *name* from a page whose relative URL to the site root is *to_root*.

    >>> download_url("phrasebook.csv", "")
    'downloads/phrasebook.csv'
    """
    return f"{to_root}{DOWNLOADS}/{name}"


def write_site_files(site_dir: Path, phrasebook: Sequence[Mapping], terms: Sequence[Mapping],
                     exports: Mapping[str, str]) -> None:
    """Write the exports, the search indexes and MiniSearch into *site_dir*."""
    files = {download_url(name, ""): text.encode("utf-8") for name, text in exports.items()}
    files[index_url("phrasebook", "")] = index_json(phrasebook_index(phrasebook)).encode()
    files[index_url("glossary", "")] = index_json(glossary_index(terms)).encode()
    files[f"{ASSETS}/minisearch.js"] = MINISEARCH.read_bytes()
    for name, data in files.items():
        _write_if_changed(site_dir / name, data)


def _write_if_changed(path: Path, data: bytes) -> None:
    # mkdocs-static-i18n builds once per language, so this runs three times a build: an unchanged
    # file is left alone (and keeps its modification time).
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
