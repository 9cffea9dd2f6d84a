"""Chemin de fer's widgets: render/handle round trips, the reader's decisions, errors, exact numbers.

The numbers a widget shows are compared with the engine's analysis and, for the "decide at five" table,
with an independent brute-force computation of Kemeny and Snell's totals game.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.core.drive import new_shoe, play
from naipes.core.errors import NaipesError, SpecError
from naipes.core.i18n import error_text
from naipes.core.model import ReaderDecides
from naipes.core.narration import narrate
from naipes.games.baccarat.chemin_de_fer import CHEMIN_DE_FER
from naipes.games.baccarat.chemin_de_fer import widgets as cdf_widgets
from naipes.games.baccarat.chemin_de_fer.analysis import analyze_coup
from naipes.games.baccarat.chemin_de_fer.coup import CELLS, CheminDeFerConduct, CheminDeFerCoup
from naipes.games.baccarat.chemin_de_fer.solution import solve
from naipes.games.baccarat.kernel import BANKER, PLAYER, deck_counts
from naipes.web.registry import from_link

F = Fraction
LANGS = ("es", "ca", "en")
GAME = "chemin-de-fer"
PRESETS = CHEMIN_DE_FER.presets

#: Every widget of the game, with a valid action for it.
WIDGETS = {"coup": ("side", "banker"), "odds": ("punto", "optimal"), "decide-five": ("total", "5")}
#: A bad value for each action a widget takes from a control.
BAD = {
    "coup": [("choose", "maybe"), ("seed", "-4"), ("fly", "")],
    "odds": [("decks", "9"), ("fly", "x")],
    "decide-five": [("model", "cards"), ("decks", "0"), ("commission", "0.5"), ("total", "8")],
}


def root_of(html: str):
    return lxml_html.fragment_fromstring(html)


def state_of(html: str) -> str:
    return root_of(html).get("data-naipes-state")


def text(html: str, xpath: str = ".") -> str:
    return " ".join(" ".join(el.text_content().split()) for el in root_of(html).xpath(xpath))


def narration(html: str) -> list[str]:
    return [" ".join(li.text_content().split()) for li in root_of(html).xpath('.//ol[@class="naipes-narration"]/li')]


def render(kind: str, lang: str = "en", game: str = GAME, **options) -> str:
    return widgets.render({"widget": kind, "game": game, **{k: str(v) for k, v in options.items()}}, lang)


def act(html: str, action: str, value: str = "") -> str:
    return widgets.handle(state_of(html), action, value)


def exact(html: str, xpath: str) -> Fraction:
    return Fraction(root_of(html).xpath(xpath)[0].get("data-naipes-exact"))


# --- every widget, every language ----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(WIDGETS))
def test_every_widget_renders_and_round_trips(kind, lang):
    html = render(kind, lang)
    root = root_of(html)
    assert root.get("data-naipes-widget") == kind and root.get("lang") == lang
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
            alert = root_of(after).xpath('.//*[@role="alert"]')
            assert len(alert) == 1, (action, value)
            assert state_of(after) == state_of(html)
            if lang != "en":
                english = root_of(act(render(kind, "en"), action, value)).xpath('.//*[@role="alert"]')[0]
                assert alert[0].text_content() != english.text_content(), (action, value, lang)


def test_an_error_message_is_the_engines_translation():
    html = render("decide-five", "ca")
    message = root_of(act(html, "total", "8")).xpath('.//*[@role="alert"]')[0].text_content()
    error = SpecError("The banker's total must be a whole number from 0 to 7, not {value!r}.", value="8")
    assert message == error_text(error, "ca")


def test_unknown_widget_options_and_games_are_rejected():
    with pytest.raises(NaipesError):
        render("coup", side="croupier")
    with pytest.raises(NaipesError):
        render("decide-five", game="dos-panos")


# --- the coup: seeds, steps, the reader's decisions ---------------------------------------------------------

def find_seed(side: str) -> int:
    """The first seed whose coup stops for a decision of the reader playing `side`."""
    for seed in range(1, 2000):
        state = json.loads(state_of(render("coup", seed=seed, side=side)))
        if cdf_widgets._view(cdf_widgets.CoupState.from_json(state)).full.waiting == side:
            return seed
    raise AssertionError("no seed found")


def test_the_seed_is_shown_shared_and_replaced():
    html = render("coup", "es", seed=77)
    root = root_of(html)
    assert root.get("data-naipes-seed") == "77"
    linked = from_link({"widget": "coup", "game": "chemin-de-fer", "lang": "en"}, root.get("data-naipes-link"))
    assert linked["seed"] == 77 and root.xpath('.//button[@data-naipes-copy]')  # the link to share carries it
    assert root_of(act(html, "seed", "123")).get("data-naipes-seed") == "123"
    fresh = act(html, "new")
    assert json.loads(state_of(fresh))["step"] == 0 and json.loads(state_of(fresh))["answers"] == []


def test_next_step_deals_one_step_at_a_time_and_the_same_seed_deals_the_same_coup():
    html = render("coup", "es", seed=11)
    steps = [html]
    for _ in range(4):
        steps.append(act(steps[-1], "next"))
    lengths = [len(narration(h)) for h in steps]
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0]
    assert narration(act(render("coup", "es", seed=11), "finish")) == narration(act(steps[-1], "finish"))


def test_the_punto_with_5_decides_with_card_or_no():
    seed = find_seed(PLAYER)
    html = act(render("coup", "es", seed=seed), "finish")
    buttons = root_of(html).xpath('.//button[@data-naipes-action="choose"]')
    assert [(b.get("data-naipes-value"), b.text_content()) for b in buttons] == [("draw", "Carta"), ("stand", "No")]
    assert root_of(html).xpath('.//button[@data-naipes-action="next"]/@disabled') != []
    # the banker's two cards are face down while the punto decides, in the hand and in the narration
    banker = root_of(html).xpath('.//*[@data-naipes-hand="banker"]')[0]
    assert len(banker.xpath('.//*[contains(@class,"naipes-card-back")]')) == 2
    assert sum("La banca recibe una carta tapada." == line for line in narration(html)) == 2
    rules = PRESETS.get("catalogo-es")
    for answer in ("draw", "stand"):
        done = act(act(html, "choose", answer), "finish")
        assert root_of(done).xpath('.//*[contains(@class,"naipes-explanation")]'), "the settlement is shown"
        assert not root_of(done).xpath('.//*[contains(@class,"naipes-card-back")]')
        # a replay by the driver: the same shoe, the same answer, the sources' conduct for the banker
        record = play(CheminDeFerCoup(rules), new_shoe(rules, CHEMIN_DE_FER.deck, seed),
                      ReaderDecides((PLAYER,), CHEMIN_DE_FER.conduct(rules)), answers=[answer])
        assert narration(done) == [narrate(e, "es") for e in record.coup.events]
        assert record.coup.events[5].draws == (answer == "draw")


def test_the_reader_may_hold_the_bank_and_choose_freely():
    seed = find_seed(BANKER)
    html = act(render("coup", "en", seed=seed, side=BANKER), "finish")
    assert "You hold the bank" in text(html, './/*[contains(@class,"naipes-decision")]')
    punto = root_of(html).xpath('.//*[@data-naipes-hand="player"]')[0]
    assert len(punto.xpath('.//*[contains(@class,"naipes-card-back")]')) == 2
    assert not any("the punto draws on" in line for line in narration(html)), "the punto's reasons are not heard"
    results = set()
    for answer in ("draw", "stand"):
        done = act(act(html, "choose", answer), "finish")
        assert "he chooses to " + answer in " ".join(narration(done))
        results.add(tuple(narration(done)))
        assert "your stake of 100" in text(done, './/*[contains(@class,"naipes-explanation")]') or \
            "You win 95" in text(done, './/*[contains(@class,"naipes-explanation")]')
    assert len(results) == 2


def test_a_decision_cannot_be_answered_before_it_is_reached():
    seed = find_seed(PLAYER)
    html = render("coup", "en", seed=seed)
    after = act(html, "choose", "draw")
    assert text(after, './/*[@role="alert"]') == "No decision is pending."
    assert state_of(after) == state_of(html)


def test_changing_side_restarts_the_coup():
    html = act(render("coup", "en", seed=5), "finish")
    state = json.loads(state_of(act(html, "side", "banker")))
    assert (state["side"], state["step"], state["answers"]) == ("banker", 0, [])


# --- odds ------------------------------------------------------------------------------------------------

def test_odds_are_analyze_coup_with_the_chosen_strategies():
    html = act(act(render("odds"), "decks", "2"), "banker", "optimal")
    rules = PRESETS.get("catalogo-es").with_options(decks=2)
    s = solve("shoe", 2, rules.cagnotte)
    a = analyze_coup(rules, deck_counts(2), CheminDeFerConduct(banker=dict(s.equilibrium.banker)))
    assert exact(html, './/tr[@data-naipes-outcome="player"]/td') == a.probability(PLAYER)
    assert exact(html, './/tr[@data-naipes-side="banker"]/td') == a.expected_value(BANKER)
    html = act(act(html, "punto", "optimal"), "commission", "0")
    s0 = solve("shoe", 2, 0)
    a = analyze_coup(rules.with_options(commission="0"), deck_counts(2), s0.conduct())
    assert exact(html, './/tr[@data-naipes-side="player"]/td') == a.expected_value(PLAYER) == s0.value


def test_default_odds_are_the_games_analysis():
    from naipes.core.drive import analyze

    html = render("odds", decks=1)
    report = analyze(CHEMIN_DE_FER, PRESETS.get().with_options(decks=1))
    assert exact(html, './/tr[@data-naipes-outcome="banker"]/td') == report.line("banker").probability
    assert exact(html, './/tr[@data-naipes-side="player"]/td') == -report.line("player").house_edge


# --- decide at five: the solver's numbers and an independent computation ------------------------------------

P = [F(4, 13)] + [F(1, 13)] * 9  # the totals model: one card's value, with replacement
TWO = [sum(P[a] * P[b] for a in range(10) for b in range(10) if (a + b) % 10 == t) for t in range(10)]


def _paths(draw_at_5):
    """Every non-natural coup of the totals game up to the banker's decision: (weight, cell, punto's final
    total). Plain enumeration over card values, no engine tables."""
    for pt, bt in product(range(8), repeat=2):
        w = TWO[pt] * TWO[bt]
        if pt <= 4:
            options = [(True, F(1))]
        elif pt == 5:
            options = [(True, F(draw_at_5)), (False, 1 - F(draw_at_5))]
        else:
            options = [(False, F(1))]
        for draws, share in options:
            if not share:
                continue
            if draws:
                for z in range(10):
                    yield w * share * P[z], (bt, z), (pt + z) % 10
            else:
                yield w * share, (bt, None), pt


def _banker_result(final_punto, banker_total, rate):
    return (1 - rate) if banker_total > final_punto else (-1 if banker_total < final_punto else 0)


def independent_cell_values(draw_at_5, cell, rate):
    reach = draw = stand = F(0)
    for w, c, fp in _paths(draw_at_5):
        if c != cell:
            continue
        reach += w
        stand += w * _banker_result(fp, cell[0], rate)
        draw += w * sum(P[y] * _banker_result(fp, (cell[0] + y) % 10, rate) for y in range(10))
    return draw / reach, stand / reach, reach


def independent_best_reply_value(draw_at_5, rate):
    """The punto's expectation when the banker, knowing the punto's mix, picks his best action per cell."""
    value = F(0)
    for pt, bt in product(range(10), repeat=2):  # naturals
        if pt >= 8 or bt >= 8:
            value += TWO[pt] * TWO[bt] * ((pt > bt) - (pt < bt))
    choice = {}
    for cell in CELLS:
        draw, stand, _ = independent_cell_values(draw_at_5, cell, rate)
        choice[cell] = cell[0] == 0 or draw > stand
    for w, cell, fp in _paths(draw_at_5):
        if choice[cell]:
            value += w * sum(P[y] * ((fp > (cell[0] + y) % 10) - (fp < (cell[0] + y) % 10)) for y in range(10))
        else:
            value += w * ((fp > cell[0]) - (fp < cell[0]))
    return value


@pytest.mark.parametrize("commission,rate", [("0", F(0)), ("0.05", F(1, 20))])
def test_decide_five_totals_model_equals_the_solver_and_an_independent_computation(commission, rate):
    html = act(render("decide-five"), "commission", commission)
    s = solve("totals", 6, rate)
    p = Fraction(root_of(html).xpath('string(.//*[@data-naipes-mix]/@data-naipes-mix)'))
    assert p == s.draw_at_5
    assert exact(html, './/tr[@data-naipes-punto="optimal"]/td') == s.value
    for key, pure in (("draw", 1), ("stand", 0)):
        assert exact(html, f'.//tr[@data-naipes-punto="{key}"]/td') == independent_best_reply_value(pure, rate)
    for total in (3, 5, 6):
        table = act(html, "total", str(total))
        for third in (None, *range(10)):
            row = f'.//tr[@data-naipes-cell="{total}:{"stood" if third is None else third}"]'
            draw, stand, reach = independent_cell_values(p, (total, third), rate)
            assert exact(table, row + "/td[2]") == draw
            assert exact(table, row + "/td[3]") == stand
            assert exact(table, row + "/td[1]") == reach
            optimal = exact(table, row + "/td[4]")
            assert optimal == s.banker_draws(total, third)
            if 0 < optimal < 1:  # the banker mixes only where both choices are worth the same
                assert draw == stand
            elif total != 0:
                assert (optimal == 1) == (draw > stand) or draw == stand


def test_decide_five_mixes_as_kemeny_and_snell_found():
    html = act(render("decide-five"), "commission", "0")
    assert root_of(html).xpath('string(.//*[@data-naipes-mix]/@data-naipes-mix)') == "9/11"
    mixed = [tr.get("data-naipes-cell") for tr in root_of(html).xpath('.//tr[@data-naipes-cell]')
             if 0 < Fraction(tr.xpath("td[4]")[0].get("data-naipes-exact")) < 1]
    assert mixed == ["6:stood"]
    assert "Banker's table (source 004)" in text(html, ".//thead")


def test_decide_five_shoe_model_follows_the_solver_for_the_chosen_decks():
    html = act(act(render("decide-five", "es"), "model", "shoe"), "decks", "2")
    assert root_of(html).xpath('.//select[@data-naipes-action="decks"]')
    s = solve("shoe", 2, F(1, 20))
    assert Fraction(root_of(html).xpath('string(.//*[@data-naipes-mix]/@data-naipes-mix)')) == s.draw_at_5
    assert exact(html, './/tr[@data-naipes-punto="optimal"]/td') == s.value
    for tr in root_of(html).xpath('.//tr[@data-naipes-cell]'):
        total, third = tr.get("data-naipes-cell").split(":")
        cell = (int(total), None if third == "stood" else int(third))
        assert Fraction(tr.xpath("td[4]")[0].get("data-naipes-exact")) == s.banker_draws(*cell)
    totals = act(html, "model", "totals")
    assert not root_of(totals).xpath('.//select[@data-naipes-action="decks"]')


# --- the presets in the family's comparison --------------------------------------------------------------------

def test_the_comparison_describes_every_preset_from_its_rules_object():
    root = root_of(widgets.render({"widget": "comparison", "family": "baccarat"}, "en"))
    table = root.xpath(f'.//table[@data-naipes-game="{GAME}"]')[0]
    names = [th.get("data-naipes-preset") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")]
    assert names == list(PRESETS)

    def row(key):
        return ["".join(td.xpath('.//text()[not(ancestor::*[@class="naipes-marks"])]'))  # a cell's text, its marks aside
                for td in table.xpath(f'.//tr[@data-naipes-row="{key}"]/td')]

    # the Bolivian "Baccarat" (source 001) is the third preset: 8 decks, 6 cards behind the cut card
    assert row("source") == ["000", "002", "001"] and row("decks") == ["6", "6", "8"]
    assert row("stop-card") == ["7", "7", "6"]
    assert row("burn") == ["no burn"] * 3
    assert row("commission") == ["cagnotte of 5% of the banker's winnings"] * 3
    assert row("payouts") == ["even money; a tie is a void coup"] * 3
    assert row("seats") == ["at least 4 players"] * 2 + ["at least 2 players"]
    assert row("limits") == ["bank at most 100 times the minimum stake; voluntary garage of winnings above 50 times "
                             "the minimum", "bank at most 100 times the minimum stake; voluntary garage of half the "
                             "bank from pass 2", "not set"]
    assert row("banks") == ["a player"] * 3 and row("deals") == ["the banker"] * 3
    notes = " ".join(li.text_content() for li in root.xpath('.//ol[contains(@class, "naipes-interpretations")]/li'))
    assert all(PRESETS.get(name).interpretations[0][:40] in notes for name in PRESETS)
