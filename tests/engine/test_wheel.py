"""The engine wheel: small, pure Python, ships the compiled catalogs, imports with the stdlib only."""

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    # setuptools builds in the source tree's build/: each worker (and the site's build hook) builds from its own
    # copy of what the wheel is made of, so two builds at once never share that folder.
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "engine", source / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(out), str(source)], check=True, timeout=300)
    (path,) = out.glob("naipes-*.whl")
    return path


def test_wheel_is_pure_python_and_ships_the_catalogs(wheel):
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for lang in ("es", "ca", "en"):
        assert f"naipes/locale/{lang}/LC_MESSAGES/naipes.mo" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    # Fourteen games, their catalogs and precomputed tables (Black Jack's chart values are ~90 KB of it).
    # The browser fetches it in parallel with the ~12 MB Pyodide runtime and keeps it in Cache Storage.
    # 850 KB since the charts and the shipped Treinta y Cuarenta and Punto y Banca tallies (about 815 KB then);
    # 950 KB since the trainer, exact splits and the dos paños, tornado and Draw Poker final-hand tables (896 KB).
    # 1 MB since this session's options, chemin de fer's live trainer values and the new charts (962 KB).
    assert wheel.stat().st_size < 1_000_000


def test_wheel_imports_and_narrates_with_only_the_standard_library(wheel, tmp_path):
    zipfile.ZipFile(wheel).extractall(tmp_path)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import naipes, naipes.cli, naipes.widgets, naipes.core.drive, naipes.core.narration\n"
        "from naipes.core.i18n import translate\n"
        "assert translate('Player has {total}: draws.', 'ca') == 'El punt té {total}: demana carta.'\n"
        "outside = sorted(m.split('.')[0] for m in sys.modules if m.split('.')[0] not in sys.stdlib_module_names"
        " and m.split('.')[0] not in ('naipes', '__main__'))\n"
        "print(outside)\n")
    # -I -S: isolated mode without site-packages, so only the stdlib and the unpacked wheel are importable.
    result = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(tmp_path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_imported_from_the_zip_itself_it_reads_its_catalogs_and_shipped_data(wheel):
    """The browser's worker puts the wheel on sys.path without unpacking it: every data file must come from
    the zip (a failed read must not fall back to computing the tables, which takes seconds in the browser)."""
    root = ROOT / "engine" / "naipes"
    expected = {str(p.relative_to(root)): json.loads(p.read_text(encoding="utf-8")) for p in root.rglob("data/*.json")}
    script = (
        "import json, sys; sys.path.insert(0, sys.argv[1])\n"
        "import naipes.core.precomputed as precomputed\n"
        "from naipes.core.i18n import translate\n"
        "from naipes.games.black_jack import strategy\n"
        "from naipes.games.poker import simulation\n"
        "assert precomputed.__file__.startswith(sys.argv[1]), precomputed.__file__\n"
        "precomputed._GENERATORS.clear()  # a read that fails raises KeyError instead of computing\n"
        "names = [n for n in json.loads(sys.argv[2]) if n.startswith('data/')]\n"
        "found = {n: precomputed.load(n[5:-5]) for n in names}\n"
        "found['games/black_jack/data/black_jack_strategy.json'] = strategy._shipped_json()\n"
        "for n in json.loads(sys.argv[2]):\n"
        "    if n.startswith('games/poker/data/'):\n"
        "        found[n] = simulation.shipped(n.rsplit('/', 1)[1][:-5])\n"
        "print(json.dumps({'data': found, 'ca': translate('Player has {total}: draws.', 'ca')}))\n")
    result = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(wheel), json.dumps(sorted(expected))],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["ca"] == "El punt té {total}: demana carta."
    assert answer["data"] == expected


def _compiles_per_module(wheel, *, with_zip_importer: bool) -> dict[str, int]:
    """How many times each engine module is compiled while `import naipes.widgets` imports it from the zip."""
    script = (
        "import builtins, collections, json, runpy, sys\n"
        "compiled = collections.Counter()\n"
        "real_compile = builtins.compile\n"
        "def counting(source, filename, *args, **kwargs):\n"
        "    compiled[filename] += 1\n"
        "    return real_compile(source, filename, *args, **kwargs)\n"
        "builtins.compile = counting\n"
        "if sys.argv[3] == 'yes':\n"
        "    runpy.run_path(sys.argv[2], run_name='sitecustomize')  # as the worker's Python runs it\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import naipes.widgets\n"
        "assert naipes.widgets.__file__.startswith(sys.argv[1]), naipes.widgets.__file__\n"
        "html = naipes.widgets.render({'widget': 'odds', 'game': 'punto-banca'}, 'ca')\n"
        "assert html.startswith('<div class=\"naipes-widget'), html[:80]\n"
        "print(json.dumps({f: n for f, n in compiled.items() if f.startswith(sys.argv[1])}))\n")
    importer = ROOT / "docs" / "assets" / "naipes" / "zip_importer.py"
    result = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(wheel), str(importer),
                             "yes" if with_zip_importer else "no"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_workers_zip_importer_compiles_each_module_once(wheel):
    """The worker's Python starts with docs/assets/naipes/zip_importer.py as sitecustomize: the standard
    zipimport compiles each module's source twice (to name its file, then to run it), and compiling is most
    of an import in Pyodide, whose standard library is a zip too."""
    stock = _compiles_per_module(wheel, with_zip_importer=False)
    once = _compiles_per_module(wheel, with_zip_importer=True)
    assert set(once) == set(stock) and len(once) > 20, "the same modules, found in the wheel"
    assert set(once.values()) == {1}
    assert sum(stock.values()) > sum(once.values()), "the counting sees the standard importer's second compile"
