"""Mini-Bacará's widgets: render/handle round trips, the reader's decisions, errors, exact numbers."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.core.errors import SpecError
from naipes.games.baccarat.kernel import deck_counts
from naipes.games.baccarat.mini_bacara import MINI_BACARA
from naipes.games.baccarat.mini_bacara import widgets as mbw
from naipes.games.baccarat.mini_bacara.analysis import distribution, report
from naipes.games.baccarat.mini_bacara.coup import MiniBacaraConduct
from naipes.games.baccarat.mini_bacara.rules import BANKER_NATURAL, BANKER_WINS, NATURAL_NINE
from naipes.web.html import amount

LANGS = ("es", "ca", "en")
#: Every widget of the game, with a valid action for it.
WIDGETS = {"coup": ("boxes", "5"), "odds": ("box-at-five", "stand")}
#: A bad value for each action a widget takes from a control.
BAD = {
    "coup": [("choose", "maybe"), ("seed", "-4"), ("boxes", "6"), ("fly", "")],
    "odds": [("decks", "9"), ("commission", "50%"), ("insurance-wins-on", "always"), ("fly", "x")],
}


def root_of(html: str):
    return lxml_html.fragment_fromstring(html)


def state_of(html: str) -> str:
    return root_of(html).get("data-naipes-state")


def narration(html: str) -> list[str]:
    return [" ".join(li.text_content().split()) for li in root_of(html).xpath('.//ol[@class="naipes-narration"]/li')]


def render(kind: str, lang: str = "en", **options) -> str:
    return widgets.render({"widget": kind, "game": "mini-bacara", **{k: str(v) for k, v in options.items()}}, lang)


def act(html: str, action: str, value: str = "") -> str:
    return widgets.handle(state_of(html), action, value)


def exact(html: str, xpath: str):
    from fractions import Fraction
    return Fraction(root_of(html).xpath(xpath)[0].get("data-naipes-exact"))


def choices(html: str) -> list[str]:
    return root_of(html).xpath('.//button[@data-naipes-action="choose"]/@data-naipes-value')


# --- every widget, every language ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(WIDGETS))
def test_every_widget_renders_and_round_trips(kind, lang):
    html = render(kind, lang)
    root = root_of(html)
    assert root.get("data-naipes-widget") == kind and root.get("lang") == lang
    state = json.loads(root.get("data-naipes-state"))
    assert (state["widget"], state["game"], state["lang"]) == (kind, "mini-bacara", lang)
    action = WIDGETS[kind]
    assert root.xpath(f'.//*[@data-naipes-action="{action[0]}"]'), "the action is offered by a control"
    after = act(html, *action)
    assert not root_of(after).xpath('.//*[@role="alert"]')
    assert json.loads(state_of(after)) != state
    assert state_of(widgets.handle(state_of(after), "no-such-action", "")) == state_of(after)


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_values_give_an_inline_translated_error_and_keep_the_state(kind):
    for action, value in BAD[kind]:
        english = root_of(act(render(kind, "en"), action, value)).xpath('.//*[@role="alert"]')
        assert len(english) == 1, (action, value)
        for lang in ("es", "ca"):
            html = render(kind, lang)
            after = act(html, action, value)
            alert = root_of(after).xpath('.//*[@role="alert"]')
            assert len(alert) == 1 and state_of(after) == state_of(html), (action, value)
            assert alert[0].text_content() != english[0].text_content(), (action, value, lang)


def test_unknown_widget_options_are_rejected():
    with pytest.raises(SpecError):
        render("coup", boxes="6", colour="red")
    with pytest.raises(Exception):
        render("coup", boxes="6")


# --- the coup ------------------------------------------------------------------------------------------------

def find_seed(waiting, **options) -> int:
    """The first seed whose coup stops for a decision of the reader that `waiting` accepts."""
    for seed in range(1, 2000):
        state = json.loads(state_of(render("coup", seed=seed, **options)))
        found = mbw.coup_view(mbw.CoupState.from_json(state)).full.waiting
        if found is not None and waiting(found):
            return seed
    raise AssertionError("no seed found")


def test_next_step_deals_one_step_at_a_time_and_the_same_seed_deals_the_same_coup():
    html = render("coup", "es", seed=11)
    steps = [html]
    for _ in range(4):
        steps.append(act(steps[-1], "next"))
    lengths = [len(narration(h)) for h in steps]
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0]
    assert narration(act(render("coup", "es", seed=11), "finish")) == narration(act(steps[-1], "finish"))


def test_boxes_with_five_choose_and_the_insurance_is_offered_on_a_nine():
    seed = find_seed(lambda w: w.startswith("box"), boxes=3)
    html = act(render("coup", "es", seed=seed, boxes=3), "finish")
    assert choices(html) == ["draw", "stand"]
    assert root_of(act(html, "choose", "insure")).xpath('.//*[@role="alert"]')  # not the decision asked
    while choices(html):
        html = act(act(html, "choose", choices(html)[0]), "finish")
    assert len(root_of(html).xpath('.//table//tbody/tr')) == 3
    seed = find_seed(lambda w: w == "insurance", boxes=5)
    html = act(render("coup", "en", seed=seed, boxes=5), "finish")
    assert root_of(html).xpath('.//button[@data-naipes-value="insure"]')
    assert sum("insurance is called" in line for line in narration(html)) == 1
    # the hole card is shown once turned
    banker = root_of(html).xpath('.//*[@data-naipes-hand="banker"]')[0]
    assert not banker.xpath('.//*[contains(@class,"naipes-card-back")]')
    done = act(html, "choose", "insure")
    assert narration(done)[-1] == "You take the insurance: 5 on each box, half the Punto bet of 10."
    while choices(done):
        done = act(act(done, "choose", "draw"), "finish")
    done = act(done, "finish")
    headers = [th.text_content() for th in root_of(done).xpath('.//table//thead//th')]
    assert headers[-1] == "Insurance of 5"
    coup = mbw.coup_view(mbw.CoupState.from_json(json.loads(state_of(done)))).full.coup
    cells = [r.xpath("string(td[last()])") for r in root_of(done).xpath('.//table//tbody/tr')]
    assert cells == [amount(coup.settle(i + 1, player=10, insurance=5)["insurance"], "en") for i in range(5)]


def test_the_hole_card_is_face_down_until_turned():
    html = act(act(render("coup", "en", seed=5, boxes=1), "next"), "next")  # box 1's card, the hole card

    def backs(page):
        banker = root_of(page).xpath('.//*[@data-naipes-hand="banker"]')[0]
        return len(banker.xpath('.//*[contains(@class,"naipes-card-back")]'))

    assert backs(html) == 1 and narration(html)[1] == "Banker receives a card face down."
    assert backs(act(html, "finish")) == 0


def test_changing_the_boxes_restarts_the_coup():
    html = act(render("coup", "en", seed=5), "finish")
    fresh = act(html, "boxes", "1")
    state = json.loads(state_of(fresh))
    assert (state["boxes"], state["step"], state["answers"]) == (1, 0, [])
    assert len(root_of(fresh).xpath('.//*[starts-with(@data-naipes-hand,"box")]')) == 1


# --- odds ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("decks,five,reading", [(4, "draw", NATURAL_NINE), (8, "stand", BANKER_NATURAL),
                                                (1, "draw", BANKER_WINS)])
def test_odds_are_the_exact_analysis_of_one_box(decks, five, reading):
    html = act(act(act(render("odds"), "decks", str(decks)), "box-at-five", five), "insurance-wins-on", reading)
    rules = replace(MINI_BACARA.presets.get("uruguay").with_options(decks=decks), insurance_wins_on=reading)
    expected = report(rules, distribution(rules, deck_counts(decks), MiniBacaraConduct(box_at_five=five)))
    for line in expected.lines:
        assert exact(html, f'.//tr[@data-naipes-bet="{line.key}"]/td[1]') == line.probability
        if line.house_edge is not None:
            assert exact(html, f'.//tr[@data-naipes-bet="{line.key}"]/td[2]') == line.house_edge


def test_the_commission_changes_the_banca_edge():
    html = render("odds")
    five = act(html, "commission", "5%")
    assert exact(five, './/tr[@data-naipes-bet="banker"]/td[2]') < exact(html, './/tr[@data-naipes-bet="banker"]/td[2]')


@pytest.mark.parametrize("lang,tie,insurance", [("es", "un empate devuelve las apuestas", "Cobertura"),
                                                ("ca", "una igualtat retorna les apostes", "Cobertura")])
def test_the_odds_table_is_translated(lang, tie, insurance):
    html = render("odds", lang)
    assert root_of(html).xpath('string(.//tr[@data-naipes-bet="tie"]/td[2])') == tie
    assert root_of(html).xpath('string(.//tr[@data-naipes-bet="insurance"]/th)') == insurance


# --- the family comparison ---------------------------------------------------------------------------------

def test_the_family_comparison_shows_the_preset_from_its_rules_object():
    html = widgets.render({"widget": "comparison", "family": "baccarat"}, "en")
    table = root_of(html).xpath('.//table[@data-naipes-game="mini-bacara"]')[0]

    def cell(row):
        return table.xpath(f'string(.//tr[@data-naipes-row="{row}"]/td[1]/text()[1])')

    assert (cell("seats"), cell("deals"), cell("banks"), cell("decks")) == (
        "5 boxes", "the house's dealer", "the house", "4")
    assert cell("payouts") == "Punto 1 to 1, Banca 0.9 to 1, insurance 2 to 1 (up to 50% of the Punto bet)"
