"""Circle poker's widgets in es, ca and en: the rankings tables, the showdown, the odds refined batch by batch,
and the pots; bad input answered inline; every click within the browser's budget."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes.games.circle_poker.analysis import fast_report
from naipes.games.circle_poker.equity import Problem, exact
from naipes.games.circle_poker.variants import HOLDEM
from naipes.games.circle_poker.widgets import MAX_BATCHES
from naipes.games.poker.hands import STANDARD
from naipes.games.poker.kernel import CARDS
from naipes.games.registry import game

from widget_helpers import LANGS, act, alerts, narration, render, root_of, state_of, text

# --- rankings ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_rankings_show_every_deck_in_the_regulations_order_with_the_engines_counts(lang):
    html = render("rankings", "circle-poker", lang)
    assert root_of(html).get("data-naipes-static") == "true"
    tables = root_of(html).xpath('.//table[@data-naipes-deck]')
    assert [t.get("data-naipes-deck") for t in tables] == ["52", "36", "32"]
    for table in tables:
        deck = table.get("data-naipes-deck")
        report = fast_report(game("circle-poker").presets.default.with_options(deck=deck), CARDS.full())
        rows = table.xpath(".//tr[@data-naipes-category]")
        assert [r.get("data-naipes-category") for r in rows] == report.extra["order"]
        assert {r.get("data-naipes-category"): int(r.xpath(".//td[@data-naipes-count]")[0].get("data-naipes-count"))
                for r in rows} == report.extra["counts"]
    marked = root_of(html).xpath('.//table[@data-naipes-deck="32"]//tr[@data-naipes-rarer]/@data-naipes-category')
    assert set(marked) == {"flush", "high-card"}
    assert len(root_of(html).xpath(".//p[@data-naipes-rarity]")) == 3  # 36: high card; 32: flush, high card


def test_the_seven_card_rankings():
    html = render("rankings", "circle-poker", "en", cards="7", deck="52")
    rows = root_of(html).xpath('.//tr[@data-naipes-category="high-card"]//td[@data-naipes-count]')
    assert rows[0].get("data-naipes-count") == "23294460"  # Wikipedia, "Poker probability", 7-card hands


# --- showdown ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("es", "El jugador 2 gana con doble pareja"),
                                         ("ca", "El jugador 2 guanya amb doble parella"),
                                         ("en", "Player 2 wins with two pair")])
def test_a_typed_showdown_names_the_winner_and_the_deciding_rule(lang, words):
    html = render("showdown", "holdem", lang, hands="Jh 2d / Qh 3d", board="Ad As Qc Jc 3c")
    lines = narration(html)
    assert lines[-1].startswith(words)
    assert ("002" in lines[-1]) and len(lines) == 3
    assert root_of(html).xpath('.//*[@data-naipes-winner]/@data-naipes-seat') == ["1"]


def test_a_bad_card_is_refused_next_to_its_field_and_kept_as_typed():
    html = render("showdown", "holdem", "ca", hands="Ah Kh / Qs Qd", board="Qh 7h 2c 9h 3s")
    bad = act(html, "hand-2", "Qs Zz")
    field = root_of(bad).xpath('.//input[@data-naipes-action="hand-2"]')[0]
    assert field.get("aria-invalid") == "true" and field.get("value") == "Qs Zz"
    assert alerts(bad) and "Zz" in alerts(bad)[0]
    fixed = act(bad, "hand-2", "Qs Qd")
    assert not alerts(fixed) and narration(fixed)


def test_dealing_a_hand_goes_through_the_driver_and_fills_the_fields():
    html = render("showdown", "omaha", "en", players="4")
    state = json.loads(state_of(html))
    assert len(state["hands"]) == 4 and all(len(h.split()) == 4 for h in state["hands"])
    assert len(state["board"].split()) == 5
    again = act(html, "deal")
    assert json.loads(state_of(again))["seed"] != state["seed"] or json.loads(state_of(again)) != state
    stud = render("showdown", "seven-card-stud", "es", players="3", deck="32")
    cards = " ".join(json.loads(state_of(stud))["hands"]).split()
    assert len(cards) == 21 and all(c[0] in "789TJQKA" for c in cards)
    too_many = act(stud, "players", "5")  # 5 players need 35 cards: more than 32
    assert alerts(too_many)


# --- odds -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_odds_are_exact_on_the_flop(lang):
    html = render("odds", "holdem", lang, hands="Ah Kh / Qs Qd", board="Qh 7h 2c")
    expected = exact(Problem.read(HOLDEM, STANDARD, ["Ah Kh", "Qs Qd"], "Qh 7h 2c"))
    cells = root_of(html).xpath('.//table[@data-naipes-odds]//tr[@data-naipes-player="1"]/td[@data-naipes-exact]')
    assert Fraction(cells[0].get("data-naipes-exact")) == expected.players[0].equity
    assert root_of(html).get("data-naipes-pending") is None


def test_a_simulation_waits_for_the_reader_and_leaves_the_link_alone():
    """Issue 25, point 8: nothing is simulated on load; the button starts it; its progress is never in a link."""
    from naipes.web.registry import link

    html = render("odds", "holdem", "en", hands="Ad Ac / Kh Ks")
    assert root_of(html).get("data-naipes-pending") is None
    assert not root_of(html).xpath('.//table[@data-naipes-odds]')
    start = root_of(html).xpath('.//button[@data-naipes-action="fill"]')[0]
    assert start.get("disabled") is None and start.text_content().strip() == "Simulate"
    started = act(html, "fill")
    assert root_of(started).get("data-naipes-pending") == "fill"
    assert root_of(started).xpath('.//table[@data-naipes-odds]//td[@data-naipes-interval]')
    assert link(json.loads(state_of(started))) == link(json.loads(state_of(html)))
    changed = act(started, "hand-2", "Qs Qd")
    assert root_of(changed).get("data-naipes-pending") is None, "a change of cards stops the simulation"


def test_a_simulation_refines_batch_after_batch_and_replays_the_same():
    html = act(render("odds", "holdem", "en", hands="Ad Ac / Kh Ks"), "fill")
    assert root_of(html).get("data-naipes-pending") == "fill"
    widths = []
    for _ in range(6):
        html = act(html, "fill")
        interval = root_of(html).xpath('.//tr[@data-naipes-player="1"]/td[@data-naipes-interval]')[0]
        low, high = map(float, interval.get("data-naipes-interval").split())
        widths.append(high - low)
    assert widths[-1] < widths[0]
    state = json.loads(state_of(html))
    assert state["runs"] >= 7  # each fill deals at least one batch (as many as fit its CPU time)
    shown = text(html, './/table[@data-naipes-odds]')
    # A fresh tab opening this state (a link): the batches are dealt again, one or two per answer, the same.
    from naipes import widgets
    from naipes.games.circle_poker import widgets as module
    module.forget_simulations()
    for _ in range(state["runs"] + 1):  # every answer to this state deals at least one batch it lacks
        replayed = widgets.handle(json.dumps(state), "fill", "")
        if text(replayed, './/table[@data-naipes-odds]') == shown:
            break
    assert text(replayed, './/table[@data-naipes-odds]') == shown


def test_the_simulation_stops_at_its_cap_and_a_change_starts_again():
    html = act(render("odds", "seven-card-stud", "en", hands="As Ad Kc / Qs Qd Jc", dead="2c 7d"), "fill")
    for _ in range(MAX_BATCHES + 5):  # a fill deals at least one batch
        if root_of(html).get("data-naipes-pending") != "fill":
            break
        html = act(html, "fill")
    assert root_of(html).get("data-naipes-pending") is None
    assert json.loads(state_of(html))["runs"] <= MAX_BATCHES
    changed = act(html, "hand-2", "Qs Qd Qc")
    assert json.loads(state_of(changed))["runs"] == 0
    assert json.loads(state_of(act(changed, "fill")))["runs"] >= 1


def test_odds_errors_are_inline():
    html = render("odds", "holdem", "es", hands="Ah Kh / Qs Qd")
    bad = act(html, "board", "Ah 2c 3d")
    assert "Ah" in alerts(bad)[0]
    assert root_of(bad).xpath('.//input[@data-naipes-action="board"]')[0].get("aria-invalid") == "true"


# --- pots ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_pots_example_has_a_side_pot_and_unmatched_chips(lang):
    html = render("pots", "circle-poker", lang)
    chips = [int(td.text) for td in root_of(html).xpath('.//table[@data-naipes-pots]//tr/td[1]')]
    assert chips == [400, 450]
    nets = {tr.get("data-naipes-player"): int(tr.xpath("./td[@data-naipes-net]")[0].get("data-naipes-net"))
            for tr in root_of(html).xpath('.//table[@data-naipes-nets]//tr[@data-naipes-player]')}
    # Player 1 takes the main pot less the house's 5 % (400 - 20 = 380); players 2 and 4 share the side pot
    # (450 - 22 = 428); player 4 gets back the 150 nobody matched.
    assert nets == {"1": 280, "2": -36, "3": -250, "4": -36}
    assert sum(nets.values()) == -42


def test_the_pots_follow_the_controls():
    html = render("pots", "circle-poker", "en")
    fee = act(html, "house", "time-fee")
    nets = [int(x) for x in root_of(fee).xpath('.//td[@data-naipes-net]/@data-naipes-net')]
    assert sum(nets) == 0
    bad = act(html, "stake-2", "lots")
    assert root_of(bad).xpath('.//input[@data-naipes-action="stake-2"]')[0].get("aria-invalid") == "true"
    two = act(html, "players", "2")
    assert len(json.loads(state_of(two))["stakes"]) == 2


# --- the budget -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind, name, spec, action, value", [
    ("showdown", "holdem", {}, "deal", ""), ("showdown", "omaha", {}, "players", "6"),
    ("showdown", "seven-card-stud", {}, "deck", "36"),
    ("odds", "holdem", {"hands": "Ad Ac / Kh Ks"}, "board", "2c 7d 9h"),
    ("odds", "holdem", {"hands": "Ad Ac / Kh Ks"}, "fill", ""),
    ("odds", "omaha", {"hands": "Ah Kh Qs Js / 9s 9d 8c 7c"}, "players", "4"),
    ("odds", "seven-card-stud", {"hands": "As Ad Kc / Qs Qd Jc"}, "hand-1", "As Ad Kc 2h"),
    ("pots", "circle-poker", {}, "stake-1", "300"),
])
def test_every_click_answers_without_an_error(kind, name, spec, action, value):
    # how fast: benchmarks/widgets.py (every action, CPython and Pyodide), not a timed test
    result = act(render(kind, name, "en", **spec), action, value)
    assert not alerts(result) and state_of(result) != ""
