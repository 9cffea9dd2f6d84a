"""The layout shows the model: one registry of games, no import cycle, dependencies pointing one way,
no game name compared outside its own package, runnable examples in every module, walk == fast."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import naipes
from naipes.games import registry

ENGINE = Path(naipes.__file__).resolve().parent
MODULES = sorted(m.name for m in pkgutil.walk_packages([str(ENGINE)], "naipes."))


def _imports(module: str) -> set[str]:
    """The naipes modules `module` imports at module level (relative imports resolved)."""
    path = ENGINE.joinpath(*module.split(".")[1:])
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            if base.startswith("naipes"):
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    found.add(candidate if candidate in MODULES else base)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("naipes")}
    return found - {module}


GRAPH = {m: _imports(m) & set(MODULES + ["naipes"]) for m in MODULES}


def test_there_is_no_import_cycle():
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in GRAPH.get(node, ()):
            if state.get(nxt) == 1:
                pytest.fail("import cycle: " + " -> ".join(path + [nxt]))
            if nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for module in GRAPH:
        if module not in state:
            visit(module, [module])


@pytest.mark.parametrize("layer, forbidden", [
    ("naipes.core", ("naipes.games", "naipes.web", "naipes.cli", "naipes.widgets")),
    ("naipes.web", ("naipes.games", "naipes.cli", "naipes.widgets")),
    ("naipes.games", ("naipes.cli", "naipes.widgets")),
])
def test_dependencies_point_one_way(layer, forbidden):
    for module, imported in GRAPH.items():
        if module.startswith(layer):
            assert not [i for i in imported if i.startswith(forbidden)], module


def test_no_game_name_is_compared_outside_its_own_package():
    ids = set(registry.ids())
    for module in MODULES:
        path = ENGINE.joinpath(*module.split(".")[1:])
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                names = {c.value for c in ast.walk(node) if isinstance(c, ast.Constant) and c.value in ids}
                for name in names:
                    owner = registry.GAMES[name].partition(":")[0]
                    assert module.startswith(owner), f"{module} compares the game name {name!r}"


@pytest.mark.parametrize("module", MODULES)
def test_every_modules_examples_run(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_public_function_of_the_protocol_has_an_example():
    from naipes.core import drive, model
    for function in (drive.play, drive.replay, drive.walk_exact, drive.analyze, model.PresetBook):
        assert ">>>" in (function.__doc__ or "") or ">>>" in (sys.modules[function.__module__].__doc__ or ""), function


CASES = [(g.id, name) for g in registry.all_games() if g.analysis for name in g.presets]


@pytest.mark.parametrize("game_id, preset", CASES)
def test_the_cli_walk_equals_the_fast_analysis_for_every_game_and_preset(game_id, preset):
    def run(method):
        result = subprocess.run([sys.executable, "-m", "naipes", "analyze", game_id, "--preset", preset,
                                 *(["--decks", "1"] if any(o.flag == "--decks" for o in registry.game(game_id).options) else []),
                                 "--method", method, "--json"], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        data["rules"].pop("method")
        return data
    assert run("walk") == run("fast")
