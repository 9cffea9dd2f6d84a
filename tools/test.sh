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
mkdir -p build
# mypy (the modules and strictness of pyproject.toml's [tool.mypy]) runs beside the MkDocs build: it writes only
# .mypy_cache, the build only site/ and build/. Its report is printed when both are done; either failing fails.
.venv/bin/mypy > build/mypy.log 2>&1 &
mypy_pid=$!
# The log is kept (build/mkdocs-build.log, only when the build succeeded): tests/site/test_build.py reads it
# instead of building the same site again.
.venv/bin/mkdocs build --strict 2>&1 | tee build/mkdocs-build.log.part
mv build/mkdocs-build.log.part build/mkdocs-build.log
mypy_status=0
wait "$mypy_pid" || mypy_status=$?
cat build/mypy.log
if [ "$mypy_status" != 0 ]; then exit "$mypy_status"; fi
# The same mkdocs.yml with ProperDocs (the fork of MkDocs 1.x), strict too, into build/properdocs-site (after the
# MkDocs build: it reuses the engine wheel that build cached). tests/site/test_generators.py compares the article
# text of every page of both builds. It is built for another address (SITE_URL, tests/site/site_helpers.ELSEWHERE):
# tests/site/test_loading_browser.py serves it there, as the site deployed elsewhere, instead of a third build.
SITE_URL=http://naipes.test/ .venv/bin/properdocs build --strict -f mkdocs.yml --site-dir build/properdocs-site
# One pytest worker per core (pytest-xdist): the browser tests wait on Chromium and Pyodide, the engine
# tests on Python, and the two kinds overlap. tests/conftest.py puts the slowest first; the 25 slowest are listed.
# --dist loadgroup: as --dist load, but the tests marked with one xdist_group (those sharing a long computation kept
# per process, e.g. Treinta y Cuarenta's full shoes) go to one worker.
exec .venv/bin/python -m pytest -n auto --dist loadgroup --durations=25 "$@"
