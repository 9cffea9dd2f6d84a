"""Results computed once by the engine and shipped as JSON, for what a widget cannot compute within its budget.

A widget must answer within 100 ms in the browser. Some of what it shows
depends only on the options a reader can pick (a preset, a strategy) and
takes seconds to compute exactly (the dos paños solved, the tables of a
whole shoe): those are computed ahead by the same engine functions and
shipped in the wheel as `naipes/data/<name>.json`.

- `generator(name)` registers the function that computes one such file
  (a JSON-able mapping; fractions as strings).
- `load(name)` reads the shipped file (once), or runs the generator when the
  file is missing (a source checkout before `tools/precompute.py` ran).
- `tools/precompute.py` writes every file; a test regenerates them all and
  compares, so a shipped file can never disagree with the engine. A file that
  takes minutes to compute (Black Jack's house edge under each rule) names a
  `sample`: a few of its entries computed again, which the test compares
  with the shipped file instead (the maintenance command still computes all).

Examples:
    >>> @generator("example-squares")
    ... def _squares():
    ...     return {str(n): n * n for n in range(3)}
    >>> load("example-squares")
    {'0': 0, '1': 1, '2': 4}
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
import os
from typing import Callable

from . import package_data

# Where tools/precompute.py writes the files (they are read through package_data, from a folder or a zip).
DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
_GENERATORS: dict[str, Callable[[], dict]] = {}
_SAMPLES: dict[str, Callable[[], dict]] = {}


def generator(name: str, *, sample: Callable[[], dict] | None = None
              ) -> Callable[[Callable[[], dict]], Callable[[], dict]]:
    """Register the function that computes the data file `name` (and, for a slow one, the `sample` the tests check:
    some of its entries, nested as in the file, computed now)."""
    def register(function: Callable[[], dict]) -> Callable[[], dict]:
        _GENERATORS[name] = function
        if sample is not None:
            _SAMPLES[name] = sample
        return function
    return register


def samples() -> dict[str, Callable[[], dict]]:
    """The generators' samples: for these files the tests compare a sample, not the whole file computed again."""
    return dict(_SAMPLES)


def within(part: object, whole: object) -> bool:
    """Whether `part` is `whole` or, for mappings, every key of `part` is in `whole` with a value within it.

    Examples:
        >>> within({"a": {"b": 1}}, {"a": {"b": 1, "c": 2}, "d": 3}), within({"a": {"b": 2}}, {"a": {"b": 1}})
        (True, False)
    """
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(key in whole and within(value, whole[key])
                                               for key, value in part.items())
    return part == whole


def generators() -> dict[str, Callable[[], dict]]:
    """Every registered generator (the modules that define them must have been imported)."""
    return dict(_GENERATORS)


@lru_cache(maxsize=None)
def load(name: str) -> dict:
    """The data `name`: the shipped file, or computed now if the file is missing."""
    try:
        text = package_data.read("naipes", "data", f"{name}.json")
    except OSError:
        return _GENERATORS[name]()
    loaded: dict = json.loads(text)
    return loaded


def dump(data: dict) -> str:
    """The JSON text of a data file: sorted keys, so regenerating an unchanged file changes nothing."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def fractions(data: dict) -> dict:
    """A mapping of fraction strings back to fractions (one level deep).

    Examples:
        >>> fractions({"a": "1/3"})
        {'a': Fraction(1, 3)}
    """
    return {key: Fraction(value) for key, value in data.items()}
