"""Shared helpers of the site tests (imported by conftest.py and the test modules)."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
STAMP = SITE / "search" / "search_index.json"  # written last, by the i18n plugin's final step
#: tools/test.sh builds the same mkdocs.yml with ProperDocs here (tests/site/test_generators.py compares them).
PROPERDOCS_SITE = ROOT / "build" / "properdocs-site"
#: The address that build is made for (SITE_URL): another host than the one `site/` is served at, so the same build
#: is also the site deployed elsewhere of test_loading_browser.py (served there by the browser's routing), not a
#: third build of the site. tools/test.sh writes the same address.
ELSEWHERE = "http://naipes.test/"
LANGS = ("es", "ca", "en")
PREFIX = {"es": "", "ca": "ca/", "en": "en/"}
# Every page of the default language; the tests check that each one exists in the other languages too.
PAGES = tuple(sorted(p.relative_to(ROOT / "docs" / "es").as_posix() for p in (ROOT / "docs" / "es").rglob("*.md")))
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: An init script for the tests of the HTML as built (layout, axe-core, tooltips): the engine's worker is never
#: started, its messages never answered, so Python does not boot beside what the test measures (5–10 s of a core a
#: page load, on every page with a live widget); the widgets stay as a reader sees them while Python loads.
PYTHON_NEVER_STARTS = """(() => { const Native = window.Worker;
  window.Worker = function (url, options) {
    if (!String(url).includes('/assets/naipes/')) return new Native(url, options);
    return {postMessage() {}, terminate() {}, addEventListener() {}, removeEventListener() {}};
  }; })();"""
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def load_axe(page) -> None:
    """axe-core into the page's document, once (instant navigation keeps the window; its 500 kB again for every
    block read made the chart sweep twice as slow)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))


BUILD_INPUTS = ("mkdocs.yml", "tools", "package-lock.json", "pyproject.toml", "docs", "engine",
                "locales", "data")


def load_steps():
    """The site's build steps (tools/build.py), imported by path."""
    spec = importlib.util.spec_from_file_location("naipes_build_steps", ROOT / "tools" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


def page_url(lang: str, page: str) -> str:
    """Site-relative URL of a page (``games/punto-banca.md`` → ``ca/games/punto-banca/``)."""
    stem = page[: -len(".md")]
    path = "" if stem == "index" else stem + "/"
    return PREFIX[lang] + path


def site_url() -> str:
    """The site_url a build without SITE_URL gets (mkdocs.yml: `!ENV [SITE_URL, "<default>"]`)."""
    match = re.search(r"^site_url:.*?(https?://[^\s\"'\]]+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M)
    return os.environ.get("SITE_URL") or (match.group(1) if match else "")


def _newest_input() -> float:
    newest = 0.0
    for name in BUILD_INPUTS:
        path = ROOT / name
        paths = [path] if path.is_file() else (p for p in path.rglob("*") if p.is_file()) if path.exists() else []
        for p in paths:
            if "__pycache__" in p.parts or ".egg-info" in str(p):
                continue
            newest = max(newest, p.stat().st_mtime)
    return newest


def build_site(site_dir: Path | None = None, config: Path | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict"]
    if config:
        cmd += ["-f", str(config)]
    if site_dir:
        cmd += ["-d", str(site_dir)]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)


def build_properdocs() -> subprocess.CompletedProcess:
    """`properdocs build --strict` into PROPERDOCS_SITE for ELSEWHERE, as tools/test.sh runs it."""
    cmd = [sys.executable, "-m", "properdocs", "build", "--strict", "-f", "mkdocs.yml", "--site-dir", str(PROPERDOCS_SITE)]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=ELSEWHERE)
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env)
