"""Black Jack and Challenge 21 widgets: every kind in every language, a table played to the end with a split and
insurance, the advice against the engine's exact values, and every interaction within the time budget."""

from __future__ import annotations


import pytest

from naipes.games.black_jack.dealer import dealer_table
from naipes.games.black_jack.hands import VALUE_CLASSES
from naipes.games.black_jack.strategy import strategy_table
from naipes.games.black_jack.rules import PRESETS
from naipes.games.black_jack.widgets import advice, table_record
from widget_helpers import LANGS, act, alerts, exact, narration, render, root_of, state_of

KINDS = ("rules", "strategy", "published", "dealer", "coup")


@pytest.mark.parametrize("game", ["black-jack", "challenge-21"])
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_widget_renders_in_every_language(game, kind, lang):
    html = render(kind, game, lang)
    assert html.startswith("<div") and not alerts(html)


def test_side_bets_are_off_until_the_reader_stakes_one():
    import json

    assert json.loads(state_of(render("coup", "black-jack", "en")))["pp"] == 0


def test_the_chart_and_the_dealer_table_come_from_the_engine():
    html = render("strategy", "black-jack", "en", decks=6)
    chart = strategy_table(PRESETS.get())
    cell = root_of(html).xpath('.//tr[@data-naipes-row="hard:16"]/td')[8]  # the dealer's 10
    # A chart cell names its move in data-naipes-move: data-naipes-action would make it a control to the page.
    assert cell.get("data-naipes-move") == chart.chart[("hard", 16)][9][0] and cell.get("data-naipes-action") is None
    assert [t.get("class") for t in root_of(html).xpath(".//table")] == ["naipes-table naipes-chart"] * 3
    assert exact(html, './/*[@data-naipes-edge]') == chart.basic_edge
    html = act(html, "decks", "1")
    assert exact(html, './/*[@data-naipes-edge]') == strategy_table(PRESETS.get().with_options(decks=1)).basic_edge
    dealer = render("dealer", "black-jack", "en", decks=2)
    expected = dealer_table(VALUE_CLASSES.full(2))[5]["bust"]
    assert exact(dealer, './/tr[@data-naipes-first="6"]/td[7]') == expected
    three = act(dealer, "decks", "3")  # not shipped: computed at once
    assert not alerts(three)
    assert exact(three, './/tr[@data-naipes-first="6"]/td[7]') == dealer_table(VALUE_CLASSES.full(3))[5]["bust"]
    assert alerts(act(dealer, "decks", "9"))


def _play(html: str, seed: int, prefer=("split", "insure", "stand")) -> str:
    html = act(html, "seed", str(seed))
    for _ in range(10):
        legal = [b.get("data-naipes-value") for b in root_of(html).xpath('.//button[@data-naipes-action="choose"]')]
        if not legal:
            break
        choice = next((p for p in prefer if p in legal), legal[0])
        html = act(html, "choose", choice)
    return html


def _find_seed(condition) -> int:
    for seed in range(1, 3000):
        record, _ = table_record({"widget": "coup", "game": "black-jack", "lang": "en", "preset": "clasificador-bo-cl",
                                  "decks": 6, "seed": seed, "bet": 1, "pp": 1, "answers": [], "advice": False})
        coup = record.coup
        if condition(coup):
            return seed
    raise AssertionError("no seed")


def test_a_coup_with_a_split_is_played_to_the_end():
    seed = _find_seed(lambda c: c.pending() and "split" in c.legal_actions())
    html = _play(render("coup", "black-jack", "en"), seed)
    assert "split" in " ".join(narration(html)) and "in all" in narration(html)[-1]


def test_insurance_is_offered_against_an_ace():
    seed = _find_seed(lambda c: c.pending() and c.pending()[0] == "insurance")
    html = act(render("coup", "black-jack", "en"), "seed", str(seed))
    assert "insure" in [b.get("data-naipes-value") for b in root_of(html).xpath('.//button')]
    html = act(act(html, "advice", ""), "choose", "insure")
    assert any("takes insurance" in line for line in narration(html))


def test_the_advice_is_the_engines_value_of_each_action():
    seed = _find_seed(lambda c: c.pending() and c.pending()[0] == "play")
    html = act(act(render("coup", "black-jack", "en"), "seed", str(seed)), "advice", "")
    items = root_of(html).xpath('.//*[@data-naipes-advice-action]')
    assert items
    record, _ = table_record(__import__("json").loads(state_of(html)))
    values, rounded = advice(record.coup)
    assert set(values) == {i.get("data-naipes-advice-action") for i in items}




HOSTILE = ["<script>alert(1)</script>", "9" * 5000, "-1", str(2**64), "nan", "", "stand", "split", "insure", "1", "8",
           "yes", "no", "even-money", "decline"]
ACTIONS = ["choose", "advice", "new", "seed", "decks", "bet", "pp", "third", "next", "frobnicate"]


@pytest.mark.parametrize("game", ["black-jack", "challenge-21"])
def test_handle_never_raises_on_hostile_actions_and_states(game):
    import json
    import random

    from naipes import widgets

    rng = random.Random(15)
    for kind in KINDS:
        state = state_of(render(kind, game, "es"))
        for _ in range(60):
            html = widgets.handle(state, rng.choice(ACTIONS), rng.choice(HOSTILE))
            assert html.startswith("<div") and "<script>" not in html
            data = json.loads(state)
            key = rng.choice(sorted(data))
            data[key] = rng.choice(HOSTILE + [None, 5, [], {}])
            html = widgets.handle(json.dumps(data), rng.choice(ACTIONS), "1")
            assert html.startswith("<div") and "<script>" not in html
