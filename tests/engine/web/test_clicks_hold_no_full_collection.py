"""No click of a widget holds a full collection of Python's cyclic garbage collector.

The exact values widgets memoise click after click are many long-lived objects; CPython (and Pyodide, which is
CPython) scans all of them in a full (generation 2) collection each time they have grown by a quarter, inside
whichever click comes then: 36–74 ms of CPU measured on Siete y medio's trainer, the only part of those clicks over
the 50 ms budget. The count of collections is deterministic (allocations, not time), so this test is not a timing
test: it plays sessions of the widgets that keep the most values, seeded, and counts the full collections that
start inside `naipes.widgets.handle`.
"""

from __future__ import annotations

import gc
import random
import re

import pytest

from widget_helpers import render, state_of
from naipes import widgets

#: A control of a widget's HTML that sends an action: (action, value) of each enabled button or select option.
_BUTTON = re.compile(r'<button\b(?![^>]*\bdisabled)[^>]*\bdata-naipes-action="([^"]+)"(?:[^>]*\bdata-naipes-value="([^"]*)")?')
_SELECT = re.compile(r'<select\b[^>]*\bdata-naipes-action="([^"]+)"[^>]*>(.*?)</select>', re.S)


def _controls(page: str) -> list[tuple[str, str]]:
    found = [(action, value or "") for action, value in _BUTTON.findall(page)]
    for action, options in _SELECT.findall(page):
        found += [(action, value) for value in re.findall(r'<option\b[^>]*\bvalue="([^"]*)"', options)]
    return found


def _full_collections_during(clicks: int, kind: str, game: str, seed: int) -> tuple[int, int]:
    """(full collections started inside a click, clicks made) over a seeded session of random decisions."""
    rng = random.Random(seed)
    inside = [False]
    full = [0]

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2 and inside[0]:
            full[0] += 1

    page = render(kind, game)
    made = 0
    gc.callbacks.append(count)
    try:
        for _ in range(clicks):
            choices = [c for c in _controls(page) if c[0] not in ("copy", "share")]
            if not choices or "data-naipes-state" not in page:
                page = render(kind, game)
                continue
            action, value = rng.choice(choices)
            inside[0] = True
            page = widgets.handle(state_of(page), action, value)
            inside[0] = False
            made += 1
    finally:
        gc.callbacks.remove(count)
    return full[0], made


@pytest.mark.parametrize("kind, game", [("trainer", "siete-y-medio")])
def test_no_click_holds_a_full_collection(kind, game):
    full, made = _full_collections_during(150, kind, game, seed=7)
    assert made >= 120, "the walk should make clicks, not restart"
    assert full == 0, f"{full} full collections of the cyclic collector started inside {made} clicks of {kind}/{game}"
