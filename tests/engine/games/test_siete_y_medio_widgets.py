"""The Siete y medio widgets: the playable table (render/handle round trips) and the bust table."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes import widgets
from naipes.core.errors import IllegalActionError, SpecError, plural
from naipes.core.formatting import percent
from naipes.core.i18n import error_text
from naipes.core.narration import card_with_article
from naipes.games.siete_y_medio import widgets as siete_widgets
from naipes.games.siete_y_medio.adviser import advise, bust_probability
from naipes.core.formatting import signed
from naipes.web.registry import _REGISTRY
from widget_helpers import LANGS, narration, root_of, state_of, text

TABLE = {"widget": "table", "game": "siete-y-medio"}


def error_of(html: str) -> str | None:
    # An error about a field sits next to it (naipes-field-error); any other is the status line's.
    found = root_of(html).xpath('.//*[contains(concat(" ", @class, " "), " naipes-field-error ")'
                                ' or contains(concat(" ", @class, " "), " naipes-error ")]')
    return " ".join(found[0].text_content().split()) if found else None


def enabled(html: str) -> list[str]:
    return root_of(html).xpath(".//button[not(@disabled)]/@data-naipes-action")


def input_value(html: str, action: str) -> str | None:
    values = root_of(html).xpath(f'.//input[@data-naipes-action="{action}"]/@value')
    return values[0] if values else None


def act(html: str, *steps: tuple[str, str]) -> str:
    for action, value in steps:
        html = widgets.handle(state_of(html), action, value)
        assert error_of(html) is None, (action, value, error_of(html))
    return html


def table(lang: str = "es", **spec: str) -> str:
    return widgets.render({**TABLE, **spec}, lang)


def view(html: str) -> siete_widgets.TableView:
    return siete_widgets.table_view(json.loads(state_of(html)))


# --- a hand, a game --------------------------------------------------------------------------------------------

def test_a_hand_played_through_handle_reaches_a_narrated_result():
    html = table("es", seed="7")
    assert enabled(html) == ["bet", "new"]
    html = act(html, ("bet-amount", "2"), ("bet", ""))
    assert {"ask-face-up", "ask-face-down", "stand"} <= set(enabled(html)) and "bet" not in enabled(html)
    html = act(html, ("ask-face-up", ""), ("stand", ""))
    lines = narration(html)
    assert "El jugador 1 apuesta 2 puntos." in lines
    assert any(line.startswith("El jugador 1 pide carta boca arriba:") for line in lines)
    assert any(line.startswith("La banca descubre su carta") for line in lines)
    assert any(line.startswith("El jugador 1 ") and ("gana" in line or "pierde" in line) for line in lines)
    assert any(line.startswith("La banca gana") or line.startswith("La banca pierde")
               or line.startswith("La banca ni gana") for line in lines)
    state = json.loads(state_of(html))
    assert state["play"] == [[["bet", 2, None], ["ask-face-up"], ["stand"]]]
    assert set(state) == {"widget", "game", "lang", "preset", "seed", "engines", "hands", "bank_face_up", "play",
                          "bet", "offer", "odds"}
    game = view(html).game
    assert view(html).hand.finished and sum(game.points) == 100 * game.seats
    points = [int(p) for p in root_of(html).xpath('.//td[@data-naipes-points]/text()')]
    assert points == game.points
    assert enabled(html) == ["next", "new"]


def test_a_whole_game_ends_with_the_score_and_the_winner():
    html = table("en", seed="11", hands="3", players="1")
    for _ in range(60):
        buttons = enabled(html)
        if "bet" in buttons:
            html = act(html, ("bet", ""))
        elif "stand" in buttons:
            html = act(html, ("stand", ""))
        elif "next" in buttons:
            html = act(html, ("next", ""))
        else:
            break
    lines = narration(html)
    assert any(line.startswith("Game over after 3 hands.") for line in lines), lines
    assert "The game is over. Start a new game to play again." in text(html)
    assert enabled(html) == ["new"]
    assert view(html).game.hands_played == 3


def test_engine_players_and_the_engine_bank_act_by_themselves():
    html = act(table("en", seed="7", players="4"), ("bet", ""), ("stand", ""))
    hand = view(html).hand
    assert hand.finished
    assert [action[0] for action in json.loads(state_of(html))["play"][0]] == ["bet", "stand"]
    for seat in (1, 2, 3, 4):
        assert hand.seats[seat].stake is not None  # every engine player bet and played


def test_the_reader_who_buys_the_bank_plays_it():
    # Offer enough for the engine's bank to accept; it must not be voided by a 7½ or an eliminated bank.
    for seed in range(1, 60):
        html = table("en", seed=str(seed), players="2")
        html = act(html, ("bet-amount", "1"), ("offer-amount", "10"), ("bet", ""))
        if "ask-face-up" in enabled(html):
            html = act(html, ("stand", ""))
        if any("accepts the offer of 10 points from player 1" in line for line in narration(html)):
            break
    else:
        pytest.fail("no seed where the engine's bank accepts the offer")
    html = act(html, ("next", ""))
    assert view(html).hand.bank == 0 and "Player 1 (you, bank)" in text(html)
    assert set(enabled(html)) >= {"draw", "stand", "odds"}
    assert "You hold the bank: draw a card, face up, or stand." in text(html)
    siete_widgets.forget_advice()
    html = act(html, ("odds", ""))
    assert root_of(html).get("data-naipes-pending") == "fill"  # the bank's exact values follow
    html = act(html, ("fill", ""))
    assert "Expected result for the bank, in points:" in text(html, './/*[@class="naipes-odds"]')
    html = act(html, ("stand", ""))
    assert view(html).hand.finished
    assert any(line.startswith("The bank stands on") for line in narration(html))


# --- errors: translated, inline, state kept, typed value kept ---------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", ["50", "abc", "0"])
def test_an_invalid_bet_is_refused_inline_and_the_typed_value_is_kept(lang, typed):
    html = act(table(lang, seed="7"), ("bet-amount", typed))
    before = state_of(html)
    after = widgets.handle(before, "bet", "")
    bet = int(typed) if typed.isdigit() else typed
    expected = error_text(IllegalActionError("The bet must be a whole number of points from {low} to {high}, "
                                             "not {bet}.", low=1, high=10, bet=bet), lang)
    assert error_of(after) == expected
    assert state_of(after) == before
    assert input_value(after, "bet-amount") == typed
    assert root_of(after).xpath('.//*[@role="alert"]')


@pytest.mark.parametrize("lang", LANGS)
def test_an_offer_over_the_limit_names_the_limit(lang):
    html = act(table(lang, seed="7"), ("bet-amount", "4"), ("offer-amount", "60"))
    before = state_of(html)
    after = widgets.handle(before, "bet", "")
    expected = error_text(IllegalActionError(plural(
        "An offer for the bank can be at most {limit} point: half the points you would have left after losing your "
        "bet, {left}. {offer} is too many.",
        "An offer for the bank can be at most {limit} points: half the points you would have left after losing your "
        "bet, {left}. {offer} is too many.", "limit"), limit=48, left=96, offer=60), lang)
    assert error_of(after) == expected and "48" in expected
    assert state_of(after) == before
    assert (input_value(after, "bet-amount"), input_value(after, "offer-amount")) == ("4", "60")
    # Corrected, the same bet goes through with its offer.
    html = act(html, ("offer-amount", "48"), ("bet", ""))
    assert json.loads(state_of(html))["play"] == [[["bet", 4, 48]]]


def test_illegal_actions_get_the_engines_message_and_change_nothing():
    html = table("ca", seed="7")
    before = state_of(html)
    after = widgets.handle(before, "stand", "")
    assert error_of(after) == error_text(IllegalActionError("Not now: the hand waits for player {seat} to bet.",
                                                            seat=1), "ca")
    assert state_of(after) == before
    after = widgets.handle(before, "next", "")
    assert error_of(after) == error_text(IllegalActionError("The hand is not over yet."), "ca")
    after = widgets.handle(before, "draw", "")
    assert error_of(after) and state_of(after) == before
    after = widgets.handle(before, "fold", "")
    assert error_of(after) == error_text(SpecError("Unknown action {action!r}.", action="fold"), "ca")
    after = widgets.handle(before, "players", "9")
    assert error_of(after) == error_text(SpecError("Choose from 1 to 4 engine players, not {value!r}.",
                                                   value="9"), "ca")
    assert state_of(after) == before


def test_a_tampered_state_gets_a_message_not_a_traceback():
    state = json.loads(state_of(table("en", seed="7")))
    state["play"] = [[["bet", 2, None], ["teleport"]]]
    html = widgets.handle(json.dumps(state), "odds", "")
    assert error_of(html)


def test_bad_block_options_fail_with_a_message():
    with pytest.raises(SpecError, match="engine players"):
        table("es", players="7")
    with pytest.raises(SpecError, match="first card"):
        table("es", **{"bank-card": "sideways"})


# --- replay: a state is a seed and actions ---------------------------------------------------------------------

def render_state(state: str) -> str:
    return _REGISTRY[("table", "siete-y-medio")].render_json(json.loads(state), None)


def test_the_same_state_always_renders_the_same_html():
    html = act(table("en", seed="7"), ("bet-amount", "3"), ("bet", ""), ("ask-face-down", ""), ("odds", ""))
    state = state_of(html)
    assert render_state(state) == html
    siete_widgets._table_view.cache_clear()
    siete_widgets._after_hands.cache_clear()
    assert render_state(state) == html
    # Rebuilt from scratch: the block's seed and the reader's actions are all it takes.
    fresh = json.loads(state_of(table("en", seed="7")))
    fresh.update(play=[[["bet", 3, None], ["ask-face-down"]]], bet="3", odds=True)
    assert render_state(json.dumps(fresh)) == html


def test_games_are_replayed_hand_by_hand_identically():
    html = table("es", seed="23", hands="3", players="2")
    for _ in range(2):
        html = act(html, ("bet", ""))
        if "stand" in enabled(html):
            html = act(html, ("stand", ""))
        html = act(html, ("next", ""))
    points = view(html).game.points
    siete_widgets._table_view.cache_clear()
    siete_widgets._after_hands.cache_clear()
    assert view(html).game.points == points
    assert widgets.handle(state_of(html), "odds", "") == widgets.handle(state_of(html), "odds", "")


def test_new_game_draws_a_new_seed_and_settings_restart_the_game():
    html = act(table("en", seed="7"), ("bet", ""))
    fresh = act(html, ("new", ""))
    assert json.loads(state_of(fresh))["play"] == [[]]
    fewer = act(html, ("players", "1"))
    state = json.loads(state_of(fewer))
    assert state["play"] == [[]] and state["engines"] == 1 and state["seed"] == 7
    assert len(view(fewer).game.points) == 3
    shorter = act(html, ("hands", "5"))
    assert "Hand 1 of 5" in text(shorter)


# --- what player 1 sees ---------------------------------------------------------------------------------------------

def test_the_hidden_card_is_shown_to_the_reader_only():
    html = act(table("es", seed="7"), ("bet", ""))
    hand = view(html).hand
    mine = root_of(html).xpath('.//div[@data-naipes-seat="0"]//*[contains(@class,"naipes-card-hidden")]')
    assert [el.get("data-naipes-card") for el in mine] == [str(hand.seats[0].hidden_card)]
    assert "tapada" in mine[0].text_content()
    for seat in hand.order[1:] + [hand.bank]:
        backs = root_of(html).xpath(f'.//div[@data-naipes-seat="{seat}"]//*[contains(@class,"naipes-card-back")]')
        assert len(backs) == 1 and backs[0].get("data-naipes-card") is None
        secret = hand.seats[seat].hidden_card
        assert str(secret) not in [el.get("data-naipes-card") for el in
                                   root_of(html).xpath('.//*[@data-naipes-card]')]
    # The narration does not name the other players' face-down cards either.
    joined = " ".join(narration(html))
    assert card_with_article(hand.seats[0].hidden_card, "es") in joined
    for seat in hand.order[1:]:
        assert card_with_article(hand.seats[seat].hidden_card, "es") not in joined
    # Once the hand is over every card is on the table.
    done = act(html, ("stand", ""))
    assert not root_of(done).xpath('.//*[contains(@class,"naipes-card-back")]')


def test_the_odds_show_the_bust_chance_and_say_why_expected_values_are_missing():
    html = act(table("en", seed="7"), ("bet", ""), ("odds", ""))
    hand = view(html).hand
    own, seen = hand.player_view(0)
    bust = bust_probability(own, seen)
    odds = text(html, './/*[@class="naipes-odds"]')
    assert f"Chance of going over 7½ with one more card: {percent(bust, 'en', 2)} ({bust})." in odds
    assert "computed only when the bank's first card is face up" in odds
    assert root_of(html).xpath('.//button[@data-naipes-action="odds"]/@aria-pressed') == ["true"]
    hidden = act(html, ("odds", ""))
    assert not root_of(hidden).xpath('.//*[@class="naipes-odds"]')


def test_with_the_bank_card_face_up_the_odds_give_expected_values_per_point_progressively():
    siete_widgets.forget_advice()
    pending = act(table("en", seed="7", **{"bank-card": "face-up"}), ("bet-amount", "2"), ("bet", ""), ("odds", ""))
    # the click answers at once with the chance of going over; the exact values follow the browser's `fill`
    assert root_of(pending).get("data-naipes-pending") == "fill"
    assert "Computing the exact expected results" in text(pending, './/*[@class="naipes-odds"]')
    # each fill spends a slice of CPU time (`FILL_SECONDS`) and keeps its work: the values come after a few
    html = pending
    for _ in range(100):
        html = act(html, ("fill", ""))
        assert state_of(html) == state_of(pending)
        if root_of(html).get("data-naipes-pending") is None:
            break
    assert root_of(html).get("data-naipes-pending") is None
    hand = view(html).hand
    me = hand.seats[0]
    advice = advise(me.cards, bank=hand.bank_seat.visible_cards, hidden=me.hidden_card, stake=2)
    odds = text(html, './/*[@class="naipes-odds"]')
    assert f"standing: {signed(advice.stand / 2, 'en')}" in odds
    assert f"asking for a card face up: {signed(advice.ask_face_up / 2, 'en')}" in odds
    assert "Best:" in odds
    assert any(line.startswith("The bank deals itself a card face up:") for line in narration(html))


def test_expected_values_are_left_out_when_players_stood_before_the_reader():
    # Hand 10 of this game (a state saved before the game moved to the one model: it still replays): the bank has
    # moved, and four players stood before player 1 (each hiding a card).
    state = {"bank_face_up": True, "bet": "10", "engines": 4, "game": "siete-y-medio", "hands": 10, "lang": "en",
             "odds": True, "offer": "", "preset": "ludoteka", "seed": 982915, "widget": "table",
             "play": [[["bet", 2, None], ["stand"]], [["bet", 2, 45], ["ask-face-down"]], [["draw"], ["draw"], ["stand"]],
                      [["draw"], ["draw"]], [["draw"], ["stand"]], [["bet", 2, None], ["stand"]],
                      [["bet", 1, 20], ["stand"]], [["stand"]], [["stand"]], [["bet", 10, None]]]}
    html = render_state(json.dumps(state))
    hand = view(html).hand
    assert sum(1 for s in hand.order if hand.seats[s].status == "stood") > siete_widgets.MAX_STOOD_FOR_EXPECTED
    odds = text(html, './/*[@class="naipes-odds"]')
    assert odds.startswith("Chance of going over 7½ with one more card:")
    assert "A player who stood before you hides a card" in odds and "Best:" not in odds


# --- the bust table ----------------------------------------------------------------------------------------------

def _independent_counts():
    """Half-point values of the 40 cards, counted afresh: twelve figures worth 1, four each of 2, 4, …, 14."""
    values = [1] * 12 + [2 * rank for rank in range(1, 8) for _ in range(4)]
    assert len(values) == 40
    rows = {}
    for total in range(1, 16):
        full = Fraction(sum(1 for v in values if total + v > 15), len(values))
        one = None
        if total in values:
            rest = list(values)
            rest.remove(total)
            one = Fraction(sum(1 for v in rest if total + v > 15), len(rest))
        rows[total] = (full, one)
    pairs = sum(1 for i, a in enumerate(values) for j, b in enumerate(values) if i != j and a + b == 15)
    return rows, Fraction(pairs, 40 * 39)


@pytest.mark.parametrize("lang", LANGS)
def test_bust_table_numbers_match_an_independent_count(lang):
    html = widgets.render({"widget": "bust-table", "game": "siete-y-medio"}, lang)
    root = root_of(html)
    assert root.get("data-naipes-static") == "true"
    rows, two = _independent_counts()
    body = root.xpath(".//tbody/tr")
    assert len(body) == 15
    for tr in body:
        total = int(tr.get("data-naipes-total"))
        cells = [td.text_content() for td in tr.xpath("./td")]
        full, one = rows[total]
        assert cells[0] == percent(full, lang, 2)
        assert cells[1] == (percent(one, lang, 2) if one is not None else "—")
    shown = root.xpath('.//*[@data-naipes-two-cards]')[0].text_content()
    assert percent(two, lang, 4) in shown and str(two) in shown


def test_bust_table_refuses_actions():
    html = widgets.render({"widget": "bust-table", "game": "siete-y-medio"}, "en")
    after = widgets.handle(state_of(html), "select", "1")
    assert error_of(after) == "Unknown action 'select'."
