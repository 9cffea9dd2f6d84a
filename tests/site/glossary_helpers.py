"""Helpers and fixtures of the phrasebook/glossary tests (test_phrasebook.py, test_glossary.py,
test_glossary_site_unit.py). The site fixtures themselves come from conftest.py."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin
from urllib.request import urlopen

import pytest

from site_helpers import ROOT, SITE, STAMP, build_site

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: inputs of the site build that conftest's freshness check does not watch
GLOSSARY_INPUTS = ("tools/glossary", "node_modules/minisearch/package.json")
PHRASEBOOK_PAGE = "phrasebook.md"
GLOSSARY_PAGE = "glossary.md"
GAME = "games/punto-banca.md"


def _newest(paths) -> float:
    newest = 0.0
    for name in paths:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*") if path.exists() else []
        for f in files:
            if f.is_file() and "__pycache__" not in f.parts:
                newest = max(newest, f.stat().st_mtime)
    return newest


@pytest.fixture(scope="session")
def glossary_site(site) -> Path:
    """The built site, rebuilt if the glossary hook or its generators changed after it was built."""
    if STAMP.stat().st_mtime < _newest(GLOSSARY_INPUTS):
        proc = build_site()
        if proc.returncode != 0:
            pytest.fail(f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}")
    return SITE


def fetch(base_url: str, path: str) -> bytes:
    with urlopen(urljoin(base_url, path), timeout=10) as resp:  # the local test server only
        assert resp.status == 200
        return resp.read()


def run_node(script: str, tmp_path: Path, payload: object = None) -> object:
    """Run an ES module *script* with Node, next to copies of search-core.js and MiniSearch
    (imported as ./search-core.mjs and ./minisearch.mjs); JSON in on stdin, JSON out on stdout."""
    shutil.copy2(ROOT / "docs" / "assets" / "glossary" / "search-core.js", tmp_path / "search-core.mjs")
    shutil.copy2(ROOT / "node_modules" / "minisearch" / "dist" / "es" / "index.js", tmp_path / "minisearch.mjs")
    (tmp_path / "main.mjs").write_text(script, encoding="utf-8")
    proc = subprocess.run(["node", str(tmp_path / "main.mjs")], input=json.dumps(payload), capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)
