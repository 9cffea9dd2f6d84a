"""The Treinta y Cuarenta widgets: the odds table (numbers from the engine, every choice), the playing table
(render/handle round trips, the cards shown, the payouts, the prison, the seed), the presets; bad input (speed: benchmarks/widgets.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from naipes import widgets
from naipes.core.narration import narrate
from naipes.games.treinta_y_cuarenta import widgets as treinta_widgets
from naipes.games.treinta_y_cuarenta.analysis import house_edge
from naipes.games.treinta_y_cuarenta.rules import PRESETS
from naipes.games.treinta_y_cuarenta.site_odds import tables
from naipes.games.treinta_y_cuarenta.table import Table
from widget_helpers import LANGS, exact, narration, root_of, state_of, text

GAME = "treinta-y-cuarenta"


def error_of(html: str) -> str | None:
    """The widget's one-line message: next to the control that sent the action, or in its status line."""
    found = root_of(html).xpath('.//*[@role="alert"]')
    return " ".join(found[0].text_content().split()) if found else None


def act(html: str, *steps: tuple[str, str]) -> str:
    for action, value in steps:
        html = widgets.handle(state_of(html), action, value)
        assert error_of(html) is None, (action, value, error_of(html))
    return html


# --- the odds table --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_odds_table_shows_the_engines_exact_numbers(lang):
    html = widgets.render({"widget": "odds", "game": GAME}, lang)
    odds = tables(6)
    for total in range(31, 41):
        cells = root_of(html).xpath(f'.//tr[@data-naipes-total="{total}"]/td/@data-naipes-exact')
        assert [Fraction(c) for c in cells] == [odds.rows[total], odds.ties[total]]
    assert exact(html, './/tr[@data-naipes-bet="noir"]/td[3]') == odds.chances[None].tie_31 / 2
    assert "NEGRA" in text(html) and "31–31" in text(html)


def test_the_odds_table_answers_every_choice():
    html = widgets.render({"widget": "odds", "game": GAME, "decks": "8"}, "en")
    assert not root_of(html).xpath('.//select[@data-naipes-action="prison-again"]')  # only with prison
    html = act(html, ("tie-rule", "prison"), ("prison-again", "lost"), ("left", "12"))
    chances = tables(8).chances[12]
    assert chances.void > 0
    assert exact(html, './/tr[@data-naipes-bet="couleur"]/td[3]') == house_edge(chances, "couleur", "prison", "lost")
    assert "void" in text(html)
    html = act(html, ("decks", "7"))
    assert json.loads(state_of(html))["decks"] == "7"
    assert json.loads(state_of(html))["rules"] == {"tie_31": "prison", "prison_again": "lost"}
    for action, value in (("decks", "3"), ("tie-rule", "double"), ("prison-again", "x"), ("left", "11"),
                          ("frob", "")):
        bad = widgets.handle(state_of(html), action, value)
        assert error_of(bad) and state_of(bad) == state_of(html)


# --- the playing table --------------------------------------------------------------------------------------------


def test_a_coup_is_dealt_with_both_rows_and_the_stakes_settled():
    html = widgets.render({"widget": "coup", "game": GAME, "seed": "11"}, "en")
    assert root_of(html).get("data-naipes-seed") == "11" and root_of(html).get("data-naipes-link")
    html = act(html, ("stake", "noir:10"), ("stake", "couleur:5"), ("deal", ""))
    state = json.loads(state_of(html))
    assert state["coups"] == [{"noir": 10, "couleur": 5}]
    # the same coup, played by the engine's table: the cards shown and the narration are its
    played = Table(PRESETS.get(), 11).play({"noir": 10, "couleur": 5})
    for row, cards in (("negra", played.coup.negra), ("roja", played.coup.roja)):
        shown = root_of(html).xpath(f'.//*[@data-naipes-hand="{row}"]//*[@data-naipes-card]/@data-naipes-card')
        assert shown == [str(c) for c in cards]
    events = played.opening + played.coup.events + played.separator + played.settled
    assert narration(html) == [" ".join(narrate(e, "en").split()) for e in events]
    nets = {row.get("data-naipes-bet"): Fraction(row.xpath("./td[3]/@data-naipes-exact")[0])
            for row in root_of(html).xpath(".//*[@data-naipes-settlement]//tr[@data-naipes-bet]")}
    assert nets == {e.bet: e.net for e in played.settled}


@pytest.mark.parametrize("lang, word", [("es", "NEGRA"), ("ca", "NEGRA"), ("en", "NEGRA")])
def test_a_table_plays_on_from_shoe_to_shoe_in_each_language(lang, word):
    html = widgets.render({"widget": "coup", "game": GAME, "seed": "5"}, lang)
    for _ in range(30):
        html = act(html, ("deal", ""))
    table = Table(PRESETS.get(), 5)
    for _ in range(30):
        table.play({"noir": 10})
    balance = root_of(html).xpath(".//*[@data-naipes-balance]")[0].text_content()
    assert "30" in balance and word in text(html)
    assert table.shoe_number >= 1  # thirty coups take more than one shoe: the second was cut and burned


def test_the_prison_is_carried_and_shown():
    rules = replace(PRESETS.get(), tie_31="prison")
    seed = next(s for s in range(200) if any(e.kind == "to-prison" for e in Table(rules, s).play({"noir": 10}).settled))
    html = widgets.render({"widget": "coup", "game": GAME, "seed": str(seed)}, "es")
    html = act(html, ("tie-rule", "prison"), ("deal", ""))
    assert any("prisión" in line for line in narration(html))
    assert "En prisión" in text(html)
    html = act(html, ("clear", ""), ("deal", ""))
    kinds = root_of(html).xpath(".//*[@data-naipes-settlement]//tr/@data-naipes-kind")
    assert kinds and set(kinds) <= {"freed", "prison-lost", "still-in-prison"}


def test_settings_and_seeds_start_a_new_table():
    html = act(widgets.render({"widget": "coup", "game": GAME}, "ca"), ("deal", ""), ("deal", ""))
    assert len(json.loads(state_of(html))["coups"]) == 2
    for action, value in (("preset", "clasificador-bo-cl-8"), ("tie-rule", "prison"), ("prison-again", "lost"),
                          ("seed", "99"), ("new", "")):
        after = act(html, (action, value))
        assert json.loads(state_of(after))["coups"] == []
    assert json.loads(state_of(act(html, ("seed", "99"))))["seed"] == 99


@pytest.mark.parametrize("action, value", [("stake", "noir:7"), ("stake", "zero:10"), ("seed", "-1"),
                                           ("preset", "vegas"), ("tie-rule", "x"), ("jump", "")])
def test_bad_actions_keep_the_state_and_say_why_in_the_language(action, value):
    messages = set()
    for lang in LANGS:
        html = widgets.render({"widget": "coup", "game": GAME}, lang)
        bad = widgets.handle(state_of(html), action, value)
        assert error_of(bad) and state_of(bad) == state_of(html)
        messages.add(error_of(bad))
    assert len(messages) == 3


def test_a_tampered_state_is_refused():
    html = widgets.render({"widget": "coup", "game": GAME}, "en")
    state = json.loads(state_of(html))
    for key, value in (("coups", [{"noir": 3}]), ("coups", "x"), ("stakes", {"noir": True}), ("coups", [{}] * 61),
                       ("rules", None), ("rules", {"tie_31": "coin"}), ("seed", 1.5)):
        bad = widgets.handle(json.dumps({**state, key: value}), "deal", "")
        assert "<div" in bad and ("naipes-error" in bad or "naipes-damaged" in bad)


def test_the_table_stops_at_its_limit():
    html = widgets.render({"widget": "coup", "game": GAME}, "en")
    state = json.loads(state_of(html))
    state["coups"] = [{"noir": 1}] * treinta_widgets.MAX_COUPS
    full = widgets.handle(json.dumps(state), "stake", "rouge:5")
    assert error_of(full) is None
    assert root_of(full).xpath('.//button[@data-naipes-action="deal"]/@disabled')
    assert error_of(widgets.handle(state_of(full), "deal", ""))


def test_the_presets_table_is_static_and_lists_the_interpretations():
    html = widgets.render({"widget": "presets", "game": GAME}, "es")
    assert root_of(html).get("data-naipes-static") == "true"
    assert "clasificador-bo-cl-8" in html and "Britannica" in text(html)



def test_a_deal_plays_on_from_the_table_before_it_and_shows_what_a_fresh_replay_shows():
    # Issue 27: each "deal" used to replay every coup of the state again; it now copies the table of the state
    # before it. The page after ten deals must be the one a fresh tab (no table cached) renders from that state.
    import html as html_module
    import re

    from naipes import widgets
    from naipes.games.treinta_y_cuarenta import widgets as treinta_widgets

    page = widgets.render({"widget": "coup", "game": "treinta-y-cuarenta", "seed": "5"}, "en")
    for _ in range(10):
        state = html_module.unescape(re.search(r'data-naipes-state="([^"]*)"', page).group(1))
        page = widgets.handle(state, "deal", "")
    state = html_module.unescape(re.search(r'data-naipes-state="([^"]*)"', page).group(1))
    assert state.count("noir") == 11  # ten coups dealt, and the stake of the next one
    treinta_widgets._TABLES.clear()
    # Setting the stake it already has re-renders the state, replayed from the first coup (nothing cached).
    assert widgets.handle(state, "stake", "noir:10") == page
