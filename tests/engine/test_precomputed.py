"""The data shipped precomputed in the wheel (`engine/naipes/data/*.json`) is what the engine computes now."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from naipes.core import precomputed
from naipes.games import registry

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def fresh(name: str) -> str:
    """One data file's text, computed now the way tools/precompute.py's `fresh` computes it.

    One file at a time, by the test that compares it (never while collecting: every pytest-xdist worker
    collects every test, and all the files take about half a minute, most of it Treinta y Cuarenta's full
    shoes, which the engine keeps for the Treinta tests of the same worker).
    """
    return precomputed.dump(precomputed.generators()[name]())


def _names() -> list[str]:
    """The data files' names, from the registered generators (what tools/precompute.py registers; nothing computed)."""
    for game in registry.all_games():
        registry.load_widgets(game)
    return sorted(name for name in precomputed.generators() if not name.startswith("example-"))


NAMES = _names()
#: The files computed from Treinta y Cuarenta's full shoes (`site_odds._full_shoe_odds`, tens of seconds, kept per
#: process): one pytest-xdist group with the Treinta tests reading the same computation (tools/test.sh runs
#: `--dist loadgroup`), so one worker computes it once.
TREINTA_FULL_SHOES = "treinta-full-shoes"


def _grouped(name: str):
    return pytest.param(name, marks=pytest.mark.xdist_group(TREINTA_FULL_SHOES)) if name.startswith(
        "treinta-y-cuarenta-") else name


@pytest.mark.parametrize("name", [_grouped(name) for name in NAMES])
def test_every_shipped_file_equals_a_fresh_computation(name):
    path = Path(precomputed.DATA_DIR) / f"{name}.json"
    assert path.is_file(), f"missing: run python tools/precompute.py ({name})"
    sample = precomputed.samples().get(name)
    if sample is not None:  # minutes to compute again: some entries are, and the whole file has the generator's keys
        shipped = precomputed.load(name)
        part = sample()
        assert part and precomputed.within(part, shipped), f"stale: run python tools/precompute.py ({name})"
        return
    assert path.read_text(encoding="utf-8") == fresh(name), f"stale: run python tools/precompute.py ({name})"


def test_no_file_is_left_without_its_generator():
    shipped = {p.stem for p in Path(precomputed.DATA_DIR).glob("*.json")}
    assert shipped == set(NAMES)
