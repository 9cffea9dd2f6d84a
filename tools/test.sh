#!/usr/bin/env bash
# Run every test: build the site (mkdocs build --strict, and properdocs build --strict), then pytest over all of tests/
# (engine, data, and the site in headless Chromium). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium (Playwright cannot download browsers here)…" >&2
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

export NO_MKDOCS_2_WARNING=1
.venv/bin/mypy  # the modules and strictness of pyproject.toml's [tool.mypy]
# The log is kept (build/mkdocs-build.log, only when the build succeeded): tests/site/test_build.py reads it
# instead of building the same site again.
mkdir -p build
.venv/bin/mkdocs build --strict 2>&1 | tee build/mkdocs-build.log.part
mv build/mkdocs-build.log.part build/mkdocs-build.log
# The same mkdocs.yml with ProperDocs (the fork of MkDocs 1.x), strict too, into build/properdocs-site:
# tests/site/test_generators.py compares the article text of every page of both builds.
.venv/bin/properdocs build --strict -f mkdocs.yml --site-dir build/properdocs-site
# One pytest worker per core (pytest-xdist): the browser tests wait on Chromium and Pyodide, the engine
# tests on Python, and the two kinds overlap. tests/conftest.py puts the slowest first; the 25 slowest are listed.
exec .venv/bin/python -m pytest -n auto --durations=25 "$@"
