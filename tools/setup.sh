#!/usr/bin/env bash
# Set up a fresh machine (idempotent): .venv with the engine + docs/test tools, the pinned Pyodide
# runtime from npm, compiled gettext catalogs. With --serve, then serve the site at
# http://127.0.0.1:8000 (live reload).
#   bash tools/setup.sh           # set up only (CI)
#   bash tools/setup.sh --serve   # set up and serve
set -euo pipefail
cd "$(dirname "$0")/.."

serve=0
case "${1:-}" in
  --serve) serve=1 ;;
  "") ;;
  *) echo "usage: bash tools/setup.sh [--serve]" >&2; exit 2 ;;
esac

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
# setuptools>=77 (an SPDX licence string) + wheel in the venv let the site build the engine wheel offline (--no-isolation).
.venv/bin/python -m pip install --quiet --upgrade pip 'setuptools>=77' wheel
.venv/bin/python -m pip install --quiet -e '.[test]'

npm ci --no-audit --no-fund --loglevel=error

# gettext catalogs: locales/*.po -> engine/naipes/locale/*/LC_MESSAGES/naipes.mo (shipped in the wheel)
if [ -f tools/i18n.py ]; then
  .venv/bin/python tools/i18n.py compile
fi

echo "setup done: .venv, node_modules/pyodide, compiled catalogs"
if [ "$serve" = 1 ]; then
  export NO_MKDOCS_2_WARNING=1
  exec .venv/bin/mkdocs serve -a 127.0.0.1:8000
fi
