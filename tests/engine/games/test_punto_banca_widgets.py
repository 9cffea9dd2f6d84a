"""The widgets of Punto y Banca and its Mini and Midi tables, and the family comparison: round trips, errors,
numbers equal to the engine's analysis and to the rules objects."""

from __future__ import annotations

import json

import pytest

from naipes import widgets
from naipes.core.drive import analyze
from naipes.core.errors import SpecError
from naipes.games import registry
from naipes.games.baccarat.kernel import BANKER_TABLE_004
from naipes.games.baccarat.punto_banca import MIDI_PUNTO_BANCA, MINI_PUNTO_BANCA, PUNTO_BANCA
from naipes.web.registry import from_link

from widget_helpers import LANGS, act, alerts, exact, narration, render, root_of, state_of, text

GAMES = {g.id: g for g in (PUNTO_BANCA, MINI_PUNTO_BANCA, MIDI_PUNTO_BANCA)}
#: Every widget, with a valid action for it (static widgets: none).
WIDGETS = {
    ("tableau", "punto-banca"): ("select", "3:8"),
    ("odds", "punto-banca"): ("decks", "8"),
    ("coup", "punto-banca"): ("next", ""),
    ("presets", "punto-banca"): None,
    ("coup", "mini-punto-banca"): ("next", ""),
    ("coup", "midi-punto-banca"): ("preset", "clasificador-bo-cl-midi"),
    ("odds", "mini-punto-banca"): ("preset", "clasificador-bo-cl-mini"),
    ("odds", "midi-punto-banca"): ("decks", "8"),
}
BAD = {"tableau": [("select", "8:1"), ("decks", "0"), ("preset", "vegas")],
       "odds": [("decks", "9"), ("commission", "50%"), ("tie-pays", "7"), ("fly", "x")],
       "coup": [("choose", "draw"), ("seed", "-4"), ("seed", str(2**64)), ("fly", "")]}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind,game", sorted(WIDGETS))
def test_every_widget_renders_and_round_trips(kind, game, lang):
    html = render(kind, game, lang)
    root = root_of(html)
    assert root.get("data-naipes-widget") == kind and root.get("lang") == lang
    state = json.loads(root.get("data-naipes-state"))
    assert (state["widget"], state["game"], state["lang"]) == (kind, game, lang)
    action = WIDGETS[(kind, game)]
    if action is None:
        assert root.get("data-naipes-static") == "true" and not root.xpath(".//*[@data-naipes-action]")
        assert alerts(act(html, "next"))
        return
    assert root.xpath(f'.//*[@data-naipes-action="{action[0]}"]'), "the action is offered by a control"
    after = act(html, *action)
    assert not alerts(after)
    assert json.loads(state_of(after)) != state
    assert state_of(widgets.handle(state_of(after), "no-such-action", "")) == state_of(after)


@pytest.mark.parametrize("kind,game", sorted(k for k in WIDGETS if k[0] in BAD))
def test_bad_values_give_an_inline_translated_error_and_keep_the_state(kind, game):
    for action, value in BAD[kind]:
        for lang in LANGS:
            html = render(kind, game, lang)
            after = act(html, action, value)
            assert len(alerts(after)) == 1, (action, value)
            assert state_of(after) == state_of(html)
            if lang != "en":
                assert alerts(after) != alerts(act(render(kind, game, "en"), action, value)), (action, value, lang)


@pytest.mark.parametrize("state", ["", "not json", "[]", '{"lang": "fr", "widget": "odds"}',
                                   '{"lang": "es", "widget": "odds", "game": "punto-banca"}',
                                   '{"lang": "es", "widget": "odds", "game": "punto-banca", "decks": "x"}',
                                   '{"lang": "ca", "widget": "coup", "game": "poker"}'])
def test_a_damaged_state_gives_a_message_never_an_exception(state):
    html = widgets.handle(state, "decks", "6")
    assert len(alerts(html)) == 1


def test_the_tableau_shows_the_presets_own_table_and_the_rule_that_applies():
    html = render("tableau", "punto-banca", "en", preset="cat-2016")
    rows = root_of(html).xpath(".//tbody/tr")
    printed = ["".join("D" if "naipes-draw" in td.get("class") else "S" for td in row.xpath("./td")[1:])
               for row in rows]
    assert printed == list(BANKER_TABLE_004)
    chosen = act(html, "select", "3:8")
    assert "stands (banker's table: with 3 the banca draws when the punto's third card is 0 to 7 and 9; " \
           "source 004)" in text(chosen, './/p[@class="naipes-explanation"]')
    assert "source 004" in text(html, ".//caption")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_odds_are_the_engines_analysis_of_the_chosen_preset(game):
    html = render("odds", game, "en")
    for name, rules in GAMES[game].presets.items():
        html = act(html, "preset", name)
        report = analyze(GAMES[game], rules)
        for line in report.lines:
            assert exact(html, f'.//tr[@data-naipes-bet="{line.key}"]/td[1]') == line.probability
            assert exact(html, f'.//tr[@data-naipes-bet="{line.key}"]/td[2]') == line.house_edge
        if rules.seats:
            assert f"{rules.seats} seats" in text(html, './/p[@class="naipes-note"]')
    nine = act(act(html, "decks", "8"), "tie-pays", "9")
    rules = GAMES[game].presets.get(json.loads(state_of(nine))["preset"]).with_options(decks=8, tie_pays=9)
    assert exact(nine, './/tr[@data-naipes-bet="tie"]/td[2]') == analyze(GAMES[game], rules).line("tie").house_edge


def test_next_step_deals_one_step_at_a_time_and_the_same_seed_deals_the_same_coup():
    for game in GAMES:
        html = render("coup", game, "es", seed=11)
        steps = [html]
        for _ in range(4):
            steps.append(act(steps[-1], "next"))
        lengths = [len(narration(h)) for h in steps]
        assert lengths == sorted(lengths) and lengths[-1] > lengths[0]
        assert narration(act(render("coup", game, "es", seed=11), "finish")) == narration(act(steps[-1], "finish"))


def test_mini_and_midi_coups_are_dealt_by_the_croupier_from_their_preset():
    html = render("coup", "midi-punto-banca", "ca")
    assert narration(html)[0] == "El crupier reparteix totes les cartes; els jugadors no les toquen."
    state = json.loads(state_of(act(html, "preset", "clasificador-bo-cl-midi")))
    assert state["preset"] == "clasificador-bo-cl-midi"
    assert alerts(act(html, "preset", "cat-2016-mini"))  # a mini preset is not a midi one


def test_the_seed_is_shown_shared_and_replaced():
    html = render("coup", "punto-banca", "es", seed=77)
    root = root_of(html)
    assert root.get("data-naipes-seed") == "77"
    linked = from_link({"widget": "coup", "game": "punto-banca", "lang": "en"}, root.get("data-naipes-link"))
    assert linked["seed"] == 77 and root.xpath('.//button[@data-naipes-copy]')  # the link to share carries it
    assert root_of(act(html, "seed", "123")).get("data-naipes-seed") == "123"
    assert json.loads(state_of(act(html, "new")))["step"] == 0


def test_unknown_widget_options_and_games_are_rejected():
    with pytest.raises(SpecError, match="'side'"):
        render("odds", "punto-banca", side="banker")
    with pytest.raises(SpecError, match="'poker'"):
        render("odds", "poker")
    with pytest.raises(SpecError, match="'vegas'"):
        render("coup", "punto-banca", preset="vegas")


def test_the_comparison_lists_every_preset_of_every_game_of_the_family_from_the_rules_objects():
    html = widgets.render({"widget": "comparison", "family": "baccarat"}, "en")
    root = root_of(html)
    assert root.get("data-naipes-static") == "true"
    listed = [(table.get("data-naipes-game"), th.get("data-naipes-preset"))
              for table in root.xpath(".//table") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")]
    family = registry.family("baccarat")
    expected = [(g.id, name) for g in family for name in g.presets]
    assert listed == expected and len(set(listed)) == len(listed)
    assert {g.id for g in family} >= {"punto-banca", "mini-punto-banca", "midi-punto-banca"}
    for game in family:
        table = root.xpath(f'.//table[@data-naipes-game="{game.id}"]')[0]
        names = [th.get("data-naipes-preset") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")]
        for name, rules in game.presets.items():
            column = names.index(name)

            def cell(row):  # the value, without the marks of interpretation that follow it
                return table.xpath(f'.//tr[@data-naipes-row="{row}"]/td')[column].xpath("string(text()[1])")

            assert cell("decks") == str(rules.decks)
            assert cell("stop-card") == str(rules.stop_card.cards_below)
            assert cell("source") == ", ".join(sorted({c.source for c in rules.citations}))
    notes = root.xpath('.//ol[contains(@class, "naipes-interpretations")]/li')
    assert len(notes) == sum(len({m for r in g.presets.values() for m in r.interpretations}) for g in family)


def test_every_interpretation_is_marked_where_it_stands_and_the_marks_link_to_it():
    """Issue 25, point 4: a reader comparing jurisdictions sees in the cell itself what the engine chose."""
    html = widgets.render({"widget": "comparison", "family": "baccarat"}, "en")
    root = root_of(html)
    items = {li.get("id"): li for li in root.xpath('.//ol[contains(@class, "naipes-interpretations")]/li')}
    marks = root.xpath('.//a[@class="naipes-mark"]')
    assert {m.get("href")[1:] for m in marks} == set(items), "an interpretation no cell or heading points to"
    for mark in marks:
        assert mark.get("aria-label") == f"Interpretation {mark.text}"
    # The Bolivian classifier's commission and tie payout, and who deals under the baccarat sheet: the
    # engine's choices, marked in their own cells (the two examples).
    table = root.xpath('.//table[@data-naipes-game="punto-banca"]')[0]
    names = [th.get("data-naipes-preset") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")]

    def marked(row, preset):
        cell = table.xpath(f'.//tr[@data-naipes-row="{row}"]/td')[names.index(preset)]
        return [items[a.get("href")[1:]].text_content() for a in cell.xpath('.//a[@class="naipes-mark"]')]

    assert any("5 %" in text and "tie 8 to 1" in text for text in marked("payouts", "clasificador-bo-cl"))
    assert any("does not say who deals" in text for text in marked("deals", "hoja-baccarat"))
    assert marked("source", "cat-2016") == []  # what a source fixes carries no mark
