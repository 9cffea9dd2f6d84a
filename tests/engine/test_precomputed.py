"""The data shipped precomputed in the wheel (`engine/naipes/data/*.json`) is what the engine computes now."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from naipes.core import precomputed

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("naipes_precompute", ROOT / "tools" / "precompute.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FRESH = _tool().fresh()


@pytest.mark.parametrize("name", sorted(FRESH))
def test_every_shipped_file_equals_a_fresh_computation(name):
    path = Path(precomputed.DATA_DIR) / f"{name}.json"
    assert path.is_file(), f"missing: run python tools/precompute.py ({name})"
    assert path.read_text(encoding="utf-8") == FRESH[name], f"stale: run python tools/precompute.py ({name})"


def test_no_file_is_left_without_its_generator():
    shipped = {p.stem for p in Path(precomputed.DATA_DIR).glob("*.json")}
    assert shipped == set(FRESH)
