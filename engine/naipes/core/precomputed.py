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
  compares, so a shipped file can never disagree with the engine.

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


def generator(name: str) -> Callable[[Callable[[], dict]], Callable[[], dict]]:
    """Register the function that computes the data file `name`."""
    def register(function: Callable[[], dict]) -> Callable[[], dict]:
        _GENERATORS[name] = function
        return function
    return register


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
