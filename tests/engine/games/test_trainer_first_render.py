"""Every game's trainer renders a page's first state as a cold process does, whatever earlier widgets computed: the
build's HTML, a test's and the browser's are the same (what a render shows of the values comes from the state)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from naipes import widgets
from naipes.web.registry import _REGISTRY
from trainer_helpers import choices, settle
from widget_helpers import act, render

widgets.load_all()
TRAINER_GAMES = sorted(target for kind, target in _REGISTRY if kind == "trainer")
COLD = ("import json, sys; from naipes import widgets; widgets.load_all(); "
        "print(json.dumps(widgets.render({'widget': 'trainer', 'game': sys.argv[1]}, 'en')))")


def test_every_game_where_the_player_decides_has_a_trainer():
    assert len(TRAINER_GAMES) >= 7


@pytest.mark.parametrize("game", TRAINER_GAMES)
def test_the_first_render_is_what_a_cold_process_renders(game):
    # Warm this process's caches: play the page's first decision and one more (their values are computed).
    html = settle(render("trainer", game))
    for _ in range(2):
        offered = choices(html)
        if not offered:
            break
        html = settle(act(html, "choose", offered[0]))
    warm = render("trainer", game)
    cold = subprocess.run([sys.executable, "-c", COLD, game], capture_output=True, text=True, timeout=300, check=True)
    assert warm == json.loads(cold.stdout)
