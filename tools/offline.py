"""The offline copy of the site: writes ``service-worker.js`` at the root of a built site.

A build step any generator's build can call (:func:`write_service_worker`, on the finished
``site/``); under MkDocs it runs as a hook after the search split and before precompression.

The worker is the project's own (``docs/assets/offline/service-worker.js``, about 150 lines)
rather than Workbox: Workbox's build step brings ~200 npm packages to write a precache list and a
worker whose runtime we would then ship and configure, while what the site needs is a list of files
with content hashes and three rules (precache the list, serve it first, leave the Pyodide cache of
``docs/assets/naipes/worker.js`` to that worker). This step writes the list into the template:

* ``common``: every asset (CSS, JS, fonts, images) but the Pyodide runtime and the engine wheel
  (the page's Python worker keeps those in its own caches once a widget has run; the service
  worker reads them there), the glossary exports (``downloads/``) and the sitemaps;
* ``es``, ``ca``, ``en``: every page of that language and its search index; the page registering
  the worker asks for its own language only.

Each file is listed with the first 16 hex digits of its SHA-256, and the worker's version is the hash
of the whole list: a build that changes any listed file changes ``service-worker.js``, which the
browser sees as an update (the pages then offer to reload).

>>> manifest = build_manifest(Path(__file__).resolve().parents[1] / "docs")
>>> sorted(manifest["groups"]) == ["ca", "common", "en", "es"] and len(manifest["version"]) == 16
True
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "docs" / "assets" / "offline" / "service-worker.js"
WORKER_NAME = "service-worker.js"
LANGS = ("es", "ca", "en")
#: the languages that have their own folder; the others' pages are at the root
PREFIXED = ("ca", "en")
#: folders whose files the Python worker caches itself (once a widget has run), or no page uses
SKIPPED_DIRS = ("assets/pyodide", "assets/offline/service-worker.js")
SKIPPED_SUFFIXES = (".gz", ".br", ".whl", ".map")
#: Material's search of es and en needs these of its lunr languages (ca has none), not the 30 others
LUNR_USED = ("lunr.es.min.js", "lunr.multi.min.js", "lunr.stemmer.support.min.js")
#: the placeholder in the template that the list replaces
PLACEHOLDER = "self.__NAIPES_OFFLINE_MANIFEST__"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def _url(relative: str) -> str:
    """The URL (relative to the site root) a file is fetched at: pages by their folder."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def _group(relative: str) -> str | None:
    if any(relative == d or relative.startswith(d + "/") for d in SKIPPED_DIRS) or relative.endswith(SKIPPED_SUFFIXES):
        return None
    if relative == WORKER_NAME:
        return None
    if relative.startswith("assets/javascripts/lunr/") and relative.rsplit("/", 1)[-1] not in LUNR_USED:
        return None
    lang = next((p for p in PREFIXED if relative.startswith(p + "/")), "es")
    rest = relative[len(lang) + 1:] if lang in PREFIXED else relative
    if rest.endswith(".html") or rest.startswith("search/"):
        return lang
    if rest == "sitemap.xml" or relative.startswith(("assets/", "downloads/")):
        return "common"
    return None


def build_manifest(site_dir: Path) -> dict:
    """``{"version", "groups": {group: {url: hash}}}`` of the files under *site_dir* (see the module)."""
    groups: dict[str, dict[str, str]] = {"common": {}, **{lang: {} for lang in LANGS}}
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        relative = path.relative_to(site_dir).as_posix()
        group = _group(relative)
        if group:
            groups[group][_url(relative)] = _digest(path)
    version = hashlib.sha256(json.dumps(groups, sort_keys=True).encode()).hexdigest()[:16]
    return {"version": version, "groups": groups}


def write_service_worker(site_dir: Path | str) -> Path:
    """Write ``service-worker.js`` at the root of the built *site_dir*; return its path."""
    site = Path(site_dir)
    manifest = build_manifest(site)
    template = TEMPLATE.read_text(encoding="utf-8")
    if PLACEHOLDER not in template:
        raise ValueError(f"{TEMPLATE}: the placeholder {PLACEHOLDER} is missing")
    out = site / WORKER_NAME
    out.write_text(template.replace(PLACEHOLDER, json.dumps(manifest, separators=(",", ":"))), encoding="utf-8")
    return out
