"""Every game's state as a link (`naipes.web.registry.link` / `from_link`), and messages next to their control.

The site keeps each playable widget's state in the page's address as `?<key>=<link>`; opening it replays the
game (the browser sends the action `link`). These tests play a few moves of every playable widget of every
game, then open the link on a fresh widget in another language.
"""

from __future__ import annotations

import base64
import json

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.core.i18n import translate
from naipes.games import registry as games
from naipes.web.html import skip_link
from naipes.web.registry import _REGISTRY, PROGRESS_KEYS, LINK_ACTION, LINK_DAMAGED, PAGE_KEYS, from_link, link

from widget_helpers import LANGS, act, alerts, narration, root_of, state_of


def _playable() -> list[tuple[str, str]]:
    for game in games.all_games():
        games.load_widgets(game)
    found = []
    for kind, target in sorted(_REGISTRY):
        if target.startswith("family:"):
            continue
        html = widgets.render({"widget": kind, "game": target}, "en")
        if root_of(html).get("data-naipes-link") is not None:
            found.append((kind, target))
    return found


PLAYABLE = _playable()


def play(html: str, moves: int) -> str:
    """Press the first enabled button of the widget (never "new": its seed is random) `moves` times."""
    for _ in range(moves):
        buttons = root_of(html).xpath('.//button[@data-naipes-action and not(@disabled)]')
        choice = next((b for b in buttons if b.get("data-naipes-action") not in ("new", "seed")), None)
        if choice is None:
            break
        html = act(html, choice.get("data-naipes-action"), choice.get("data-naipes-value") or "")
    return html


def payload(text: str) -> dict:
    body = text.partition(".")[2]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))) if body else {}


def test_the_site_has_games_of_every_kind_with_a_link():
    kinds = {kind for kind, _ in PLAYABLE}
    assert {"coup", "table"} <= kinds
    assert ("table", "siete-y-medio") in PLAYABLE and ("coup", "chemin-de-fer") in PLAYABLE
    # a widget that deals nothing keeps no link
    assert root_of(widgets.render({"widget": "odds", "game": "punto-banca"}, "en")).get("data-naipes-link") is None


@pytest.mark.parametrize("kind, game", PLAYABLE)
def test_a_played_game_comes_back_from_its_link_in_another_language(kind, game):
    played = play(widgets.render({"widget": kind, "game": game, "seed": "5"}, "es"), 3)
    state = json.loads(state_of(played))
    text = root_of(played).get("data-naipes-link")
    assert not PAGE_KEYS & set(payload(text))  # the page gives the widget, game and language
    fresh = widgets.render({"widget": kind, "game": game}, "ca")
    opened = widgets.handle(state_of(fresh), LINK_ACTION, text)
    reopened = json.loads(state_of(opened))
    # a simulation's progress is not part of a link (PROGRESS_KEYS): everything else comes back
    assert without_progress(reopened) == without_progress(dict(state, lang="ca"))
    assert not alerts(opened)
    assert root_of(opened).get("data-naipes-link") == text
    # the same game, read in Catalan: what the Catalan widget shows for that state
    direct = _REGISTRY[(kind, game)].render_json(reopened, None)
    assert opened == direct


def without_progress(state: dict) -> dict:
    return {key: value for key, value in state.items() if key not in PROGRESS_KEYS}


def test_a_link_carries_only_what_changed_and_stays_short():
    html = widgets.render({"widget": "coup", "game": "punto-banca"}, "en")
    assert payload(root_of(html).get("data-naipes-link")) == {}
    moved = play(act(html, "preset", "cat-2016"), 3)
    text = root_of(moved).get("data-naipes-link")
    assert payload(text) == {"preset": "cat-2016", "step": 3}
    assert len(text) < 50 and text.startswith("1.")


DAMAGED = ["", "1", "2.e30", "1.%%%", "1.bm90IGpzb24", "1." + base64.urlsafe_b64encode(b"[1,2]").decode(),
           "1." + base64.urlsafe_b64encode(b'{"lang":"en"}').decode(),
           "1." + base64.urlsafe_b64encode(b'{"game":"black-jack"}').decode(),
           "1." + base64.urlsafe_b64encode(b'{"seed":"abc"}').decode(),
           "1." + base64.urlsafe_b64encode(b'{"preset":"atlantis"}').decode(),
           "1." + base64.urlsafe_b64encode(b'{"step":"<script>"}').decode(), "1." + "A" * 5000]


@pytest.mark.parametrize("text", DAMAGED)
def test_a_damaged_link_shows_a_new_game_and_says_so(text):
    for lang in LANGS:
        fresh = widgets.render({"widget": "coup", "game": "punto-banca", "seed": "9"}, lang)
        opened = widgets.handle(state_of(fresh), LINK_ACTION, text)
        assert alerts(opened) == [translate(LINK_DAMAGED, lang)]
        assert state_of(opened) == state_of(fresh)
        assert "<script>" not in opened


def test_the_damaged_link_message_is_translated():
    texts = {translate(LINK_DAMAGED, lang) for lang in LANGS}
    assert len(texts) == 3


def test_from_link_refuses_what_the_page_gives():
    page = {"widget": "coup", "game": "punto-banca", "lang": "en"}
    assert from_link(page, link(dict(page, seed=4, step=1, answers=[], preset="cat-2016")))["seed"] == 4
    with pytest.raises(ValueError):
        from_link(page, "1." + base64.urlsafe_b64encode(b'{"widget":"odds"}').decode())


# --- messages next to the control that caused them ------------------------------------------------------------

SIETE = {"widget": "table", "game": "siete-y-medio", "seed": "7"}


def bet(lang: str, amount: str, offer: str = "") -> str:
    html = widgets.render(SIETE, lang)
    html = act(html, "bet-amount", amount)
    if offer:
        html = act(html, "offer-amount", offer)
    return act(html, "bet", "")


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_bet_is_reported_next_to_the_bet_field(lang):
    html = bet(lang, "99")
    root = root_of(html)
    field = root.xpath('.//input[@data-naipes-action="bet-amount"]')[0]
    assert field.get("aria-invalid") == "true" and field.get("value") == "99"  # what was typed stays
    described = root.xpath(f'//*[@id="{field.get("aria-describedby")}"]')
    assert len(described) == 1 and described[0].get("role") == "alert"
    # the message follows the field's label, before the next control
    label = field.getparent()
    assert label.tag == "label" and label.getnext() is described[0]
    assert "99" in described[0].text_content()
    assert root.xpath('.//p[contains(@class,"naipes-status")]')[0].text_content() == ""
    assert not root.xpath('.//input[@data-naipes-action="offer-amount"]/@aria-invalid')


def test_a_bad_offer_is_reported_next_to_the_offer_field():
    root = root_of(bet("en", "2", "-4"))
    offer = root.xpath('.//input[@data-naipes-action="offer-amount"]')[0]
    assert offer.get("aria-invalid") == "true"
    assert "-4" in root.xpath(f'//*[@id="{offer.get("aria-describedby")}"]')[0].text_content()
    assert not root.xpath('.//input[@data-naipes-action="bet-amount"]/@aria-invalid')


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_bet_says_what_to_type(lang):
    message = alerts(bet(lang, ""))[0]
    assert "1" in message and "10" in message and not message.rstrip(".").endswith(" no")
    assert not message.endswith(" .") and "not ." not in message


def test_a_bad_choice_is_reported_next_to_its_select_and_one_without_a_control_in_the_status_line():
    html = widgets.render({"widget": "coup", "game": "punto-banca"}, "es")
    root = root_of(act(html, "preset", "atlantis"))
    select = root.xpath('.//select[@data-naipes-action="preset"]')[0]
    assert select.get("aria-invalid") == "true"
    assert "atlantis" in root.xpath(f'//*[@id="{select.get("aria-describedby")}"]')[0].text_content()
    # no decision is pending, so no button sent it (a stale page): the message goes to the status line
    stale = root_of(act(widgets.render({"widget": "coup", "game": "chemin-de-fer"}, "en"), "choose", "draw"))
    assert stale.xpath('.//p[contains(@class,"naipes-status")][@role="alert"]')
    assert not stale.xpath('.//*[@aria-invalid]')


def test_the_bet_field_submits_the_bet():
    field = root_of(widgets.render(SIETE, "es")).xpath('.//input[@data-naipes-action="bet-amount"]')[0]
    assert field.get("data-naipes-submit") == "bet"


# --- what the page around a widget says ---------------------------------------------------------------------------

def test_only_widgets_the_reader_uses_carry_loading_texts_and_a_no_javascript_note():
    static = root_of(widgets.render({"widget": "presets", "game": "punto-banca"}, "ca"))
    assert not [name for name in static.attrib if name.startswith("data-naipes-msg-")]
    assert not static.xpath(".//noscript")
    live = widgets.render({"widget": "odds", "game": "punto-banca"}, "ca")
    assert root_of(live).get("data-naipes-msg-ready") and "<noscript>" in live
    assert not root_of(live).xpath(".//*[@data-naipes-copy]")  # nothing to share: no copy control
    game = root_of(widgets.render({"widget": "table", "game": "siete-y-medio"}, "ca"))
    assert game.xpath(".//button[@data-naipes-copy]")[0].text_content() == translate("Copy the link to this game", "ca")


def test_the_skip_link_names_the_game_in_each_language():
    texts = [lxml_html.fragment_fromstring(skip_link("naipes-coup", lang)).text_content() for lang in LANGS]
    assert texts == ["Ir al juego", "Vés al joc", "Go to the game"]
    assert 'href="#naipes-table"' in skip_link("naipes-table", "en", "Play")
