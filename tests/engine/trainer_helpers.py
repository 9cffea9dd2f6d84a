"""Helpers of the trainer tests: play a session through `naipes.widgets.handle`, as the browser does."""

from __future__ import annotations

import json
from fractions import Fraction

from naipes import widgets

from widget_helpers import root_of, state_of

#: The most `fill` calls a test waits for (a six-deck low total takes about 25).
MOST_FILLS = 200


def settle(html: str) -> str:
    """Send `fill` while the widget asks for it (`data-naipes-pending`), as the browser does."""
    for _ in range(MOST_FILLS):
        if root_of(html).get("data-naipes-pending") != "fill":
            return html
        html = widgets.handle(state_of(html), "fill", "")
    raise AssertionError("the trainer never finished its values")


def state(html: str) -> dict:
    return json.loads(state_of(html))


def session(trainer, **fields):
    """A typed session of `trainer` (its state class) with `fields` over a fresh session's defaults."""
    from naipes.web.trainer import state_class

    base = {"widget": "trainer", "lang": "en", "seed": 1, "mode": "practise", "drill": trainer.drills[0].id,
            "hand": 1, "answers": [], "verdicts": [], "decisions": 0, "mistakes": 0, "cost": "0", "worst": None}
    return state_class(trainer).from_json(dict(base, **fields))


def typed(html: str, trainer):
    """The widget's state as its trainer's typed session."""
    from naipes.web.trainer import state_class

    return state_class(trainer).from_json(state(html))


def choices(html: str) -> list[str]:
    """The decisions offered now (the values of the `choose` buttons)."""
    return [b.get("data-naipes-value") for b in root_of(html).xpath('.//button[@data-naipes-action="choose"]')]


def keys(html: str) -> dict[str, str]:
    """Each button's key (`data-naipes-key`) by its action and value."""
    found = {}
    for b in root_of(html).xpath(".//button[@data-naipes-key]"):
        assert b.get("aria-keyshortcuts") == b.get("data-naipes-key").upper()
        assert b.xpath("./kbd")[0].text == b.get("data-naipes-key").upper()
        found[f'{b.get("data-naipes-action")}:{b.get("data-naipes-value") or ""}'] = b.get("data-naipes-key")
    return found


def decide(html: str, action: str) -> str:
    return settle(widgets.handle(state_of(html), "choose", action))


def tally(html: str) -> dict[str, str]:
    """The tally as shown: its cells' texts, and the exact values they keep."""
    found = {}
    for cell in root_of(html).xpath('.//*[@data-naipes-tally]'):
        dd = cell.xpath("./dd")[0]
        found[cell.get("data-naipes-tally")] = " ".join(dd.text_content().split())
        if dd.get("data-naipes-exact") is not None:
            found[cell.get("data-naipes-tally") + "-exact"] = dd.get("data-naipes-exact")
    return found


def verdicts(html: str) -> list[tuple[str, Fraction]]:
    """The verdicts shown: `best` or `mistake`, with each one's exact cost."""
    return [(li.get("data-naipes-verdict"), Fraction(li.get("data-naipes-exact")))
            for li in root_of(html).xpath('.//li[@data-naipes-verdict]')]
