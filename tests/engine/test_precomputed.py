"""The data shipped precomputed in the wheel (`engine/naipes/data/*.json`) is what the engine computes now."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

import pytest

from naipes.core import precomputed
from naipes.games import registry

ROOT = Path(__file__).resolve().parents[2]
# The fresh computation takes about half a minute (Treinta y Cuarenta's full shoes): done once, by the first
# test that needs it, on one pytest-xdist worker (the group), never while collecting. The Treinta y Cuarenta
# test that reads the same full shoes (test_treinta_y_cuarenta_analysis.py) is in the group too.
pytestmark = pytest.mark.xdist_group("full-shoes")


def _tool():
    spec = importlib.util.spec_from_file_location("naipes_precompute", ROOT / "tools" / "precompute.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def fresh() -> dict[str, str]:
    """Every data file's text, computed now by tools/precompute.py."""
    return _tool().fresh()


def _names() -> list[str]:
    """The data files' names, from the registered generators (what tools/precompute.py registers; nothing computed)."""
    for game in registry.all_games():
        registry.load_widgets(game)
    return sorted(name for name in precomputed.generators() if not name.startswith("example-"))


NAMES = _names()


@pytest.mark.parametrize("name", NAMES)
def test_every_shipped_file_equals_a_fresh_computation(name):
    path = Path(precomputed.DATA_DIR) / f"{name}.json"
    assert path.is_file(), f"missing: run python tools/precompute.py ({name})"
    assert path.read_text(encoding="utf-8") == fresh()[name], f"stale: run python tools/precompute.py ({name})"


def test_no_file_is_left_without_its_generator():
    shipped = {p.stem for p in Path(precomputed.DATA_DIR).glob("*.json")}
    assert shipped == set(fresh()) == set(NAMES)
