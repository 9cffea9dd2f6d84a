"""The bacarrá a dos paños' widgets: round trips, the reader's decisions, the settlement, exact odds."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.core.errors import NaipesError
from naipes.games.baccarat.dos_panos import DOS_PANOS
from naipes.games.baccarat.dos_panos import widgets as dp_widgets
from naipes.games.baccarat.dos_panos.analysis import analyze_coup
from naipes.games.baccarat.dos_panos.coup import CELLS, NATURAL, DosPanosConduct, split_line_bet
from naipes.games.baccarat.dos_panos.solution import solve
from naipes.games.baccarat.kernel import BANKER, PLAYER, deck_counts
from naipes.web.html import amount

F = Fraction
LANGS = ("es", "ca", "en")
GAME = "dos-panos"
PRESETS = DOS_PANOS.presets
WIDGETS = {"coup": ("side", "banker"), "odds": ("panos", "draw")}
BAD = {"coup": [("choose", "maybe"), ("seed", "-4"), ("side", "croupier"), ("fly", "")],
       "odds": [("panos", "sometimes"), ("banker", "drunk"), ("fly", "x")]}


def root_of(html: str):
    return lxml_html.fragment_fromstring(html)


def state_of(html: str) -> str:
    return root_of(html).get("data-naipes-state")


def text(html: str, xpath: str = ".") -> str:
    return " ".join(" ".join(el.text_content().split()) for el in root_of(html).xpath(xpath))


def narration(html: str) -> list[str]:
    return [" ".join(li.text_content().split()) for li in root_of(html).xpath('.//ol[@class="naipes-narration"]/li')]


def render(kind: str, lang: str = "en", **options) -> str:
    return widgets.render({"widget": kind, "game": GAME, **{k: str(v) for k, v in options.items()}}, lang)


def act(html: str, action: str, value: str = "") -> str:
    return widgets.handle(state_of(html), action, value)


def exact(html: str, xpath: str) -> Fraction:
    return Fraction(root_of(html).xpath(xpath)[0].get("data-naipes-exact"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(WIDGETS))
def test_every_widget_renders_and_round_trips(kind, lang):
    html = render(kind, lang)
    root = root_of(html)
    state = json.loads(root.get("data-naipes-state"))
    assert (state["widget"], state["game"], state["lang"]) == (kind, GAME, lang)
    action = WIDGETS[kind]
    assert root.xpath(f'.//*[@data-naipes-action="{action[0]}"]'), "the action is offered by a control"
    after = act(html, *action)
    assert not root_of(after).xpath('.//*[@role="alert"]')
    assert json.loads(state_of(after)) != state
    assert state_of(widgets.handle(state_of(after), "no-such-action", "")) == state_of(after)


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_values_give_an_inline_translated_error_and_keep_the_state(kind):
    for action, value in BAD[kind]:
        for lang in LANGS:
            html = render(kind, lang)
            after = act(html, action, value)
            assert len(root_of(after).xpath('.//*[@role="alert"]')) == 1, (action, value)
            assert state_of(after) == state_of(html)


def test_unknown_widget_options_are_rejected():
    with pytest.raises(NaipesError):
        render("coup", side="croupier")
    with pytest.raises(NaipesError):
        render("decide-five")


def find_seed(waiting, side) -> int:
    """The first seed whose coup stops for a decision of the reader that `waiting` accepts."""
    for seed in range(1, 2000):
        state = json.loads(state_of(render("coup", seed=seed, side=side)))
        found = dp_widgets._view(dp_widgets.CoupState.from_json(state)).full.waiting
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


def test_the_reader_plays_the_panos_then_the_bank():
    seed = find_seed(lambda w: w.startswith("pano"), "panos")
    html = act(render("coup", "ca", seed=seed), "finish")
    assert root_of(html).xpath('.//button[@data-naipes-action="choose"][@data-naipes-value="draw"]')
    banker = root_of(html).xpath('.//*[@data-naipes-hand="banker"]')[0]
    assert len(banker.xpath('.//*[contains(@class,"naipes-card-back")]')) == 2
    while root_of(html).xpath('.//button[@data-naipes-action="choose"]'):
        html = act(act(html, "choose", "stand"), "finish")
    assert root_of(html).xpath('.//table[contains(@class,"naipes-table")]//th[text()="Pou (cagnotte)"]')
    assert "té 5 i tria: no" in " ".join(narration(html))
    seed = find_seed(lambda w: w == BANKER, BANKER)
    html = act(render("coup", "en", seed=seed, side=BANKER), "finish")
    assert "You hold the bank" in text(html, './/*[contains(@class,"naipes-decision")]')
    state = json.loads(state_of(html))
    coup = dp_widgets._view(dp_widgets.CoupState.from_json(state)).full.coup
    hidden = [i for i in (1, 2) if coup.state(i) != NATURAL]
    backs = root_of(html).xpath('.//*[starts-with(@data-naipes-hand,"pano")]//*[contains(@class,"naipes-card-back")]')
    assert len(backs) == 2 * len(hidden)
    done = act(act(html, "choose", "draw"), "finish")
    assert "chooses: card" in " ".join(narration(done))
    rows = root_of(done).xpath('.//table//tr')
    nets = {r.xpath("string(th)"): r.xpath("string(td)") for r in rows}
    assert set(nets) == {"First paño", "Second paño", "Banker", "Cagnotte"}


def test_settlement_is_the_engines_with_the_line_split():
    seed = find_seed(lambda w: w == BANKER, BANKER)
    html = act(act(act(render("coup", "en", seed=seed, side=BANKER), "finish"), "choose", "stand"), "finish")
    coup = dp_widgets._view(dp_widgets.CoupState.from_json(json.loads(state_of(html)))).full.coup
    settled = coup.settle(*dp_widgets.STAKES)
    nets = [r.xpath("string(td)") for r in root_of(html).xpath('.//table//tr')]
    assert nets == [amount(settled[k], "en") for k in ("pano1", "pano2", "banker", "cagnotte")]
    a, b = split_line_bet(dp_widgets.STAKES[2])
    assert f"plays {a} on the first paño and {b} on the second" in text(html, './/p[@class="naipes-explanation"]')


def test_odds_follow_the_table_and_are_symmetric():
    html = render("odds", "en")
    rules = PRESETS.get("cat-2016")
    banker = {}
    for t, s1, s2 in CELLS:  # the table where it agrees for the live paños, else draw on 5 or less
        live = [s for s in (s1, s2) if s != NATURAL]
        says = {t == 0 or rules.drawing.banker_table.banker_draws(t, s) for s in live}
        banker[(t, s1, s2)] = F(int(says.pop() if len(says) == 1 else t <= 5))
    p = analyze_coup(rules, deck_counts(1), DosPanosConduct(banker=banker))
    for pano in ("pano1", "pano2"):
        assert exact(html, f'.//tr[@data-naipes-pano="{pano}"]/td[1]') == p[pano][PLAYER]
        assert exact(html, f'.//tr[@data-naipes-pano="{pano}"]/td[4]') == p[pano][PLAYER] - p[pano][BANKER]
    assert p == analyze_coup(rules, deck_counts(1))
    optimal = act(act(html, "panos", "optimal"), "banker", "optimal")
    s = solve("totals", 6, rules)
    values = [exact(optimal, f'.//tr[@data-naipes-pano="{pano}"]/td[4]') for pano in ("pano1", "pano2")]
    assert sum(values) / 2 == s.value


def test_the_comparison_describes_every_preset_from_its_rules_object():
    root = root_of(widgets.render({"widget": "comparison", "family": "baccarat"}, "en"))
    table = root.xpath(f'.//table[@data-naipes-game="{GAME}"]')[0]
    names = [th.get("data-naipes-preset") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")]
    assert names == list(PRESETS)

    def row(key):
        return ["".join(td.xpath('.//text()[not(ancestor::*[@class="naipes-marks"])]'))  # a cell's text, its marks aside
                for td in table.xpath(f'.//tr[@data-naipes-row="{key}"]/td')]

    assert row("source") == ["002", "000"] and row("stop-card") == ["10", "10"]
    assert row("commission") == ["cagnotte of 5% of the banker's net win over both paños"] * 2
    assert row("payouts") == ["even money; a tie is a void coup; a two-card 8 or 9 beats a three-card 8 or 9"] * 2
    assert row("seats") == row("limits") == ["not set"] * 2
    assert row("banks") == ["a player"] * 2 and row("deals") == ["the banker"] * 2
