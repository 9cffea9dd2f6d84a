"""The baccarat-family widgets: render/handle round trips, the reader's decisions, errors, exact numbers.

The numbers a widget shows are compared with the engine's analysis and, for the chemin de fer
"decide at five" table, with an independent brute-force computation of the totals game.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from lxml import html as lxml_html

from naipes import chemin_de_fer as cdf
from naipes import dos_panos as dp
from naipes import mini_bacara as mb
from naipes import mini_punto_banca as mpb
from naipes import widgets
from naipes import widgets_family as wf
from naipes.analysis import analyze, deck_counts
from naipes.errors import RulesError
from naipes.family_narration import narrate as family_narrate
from naipes.i18n import error_text
from naipes.punto_banca import BANKER, PLAYER, TIE
from naipes.shoe import Shoe

F = Fraction
LANGS = ("es", "ca", "en")

#: Every widget the module registers, with a valid action for it (static widgets: none).
WIDGETS = {
    ("coup", "mini-punto-banca"): ("next", ""),
    ("coup", "midi-punto-banca"): ("preset", "clasificador-bo-cl-midi"),
    ("coup", "chemin-de-fer"): ("side", "banker"),
    ("coup", "dos-panos"): ("side", "banker"),
    ("coup", "mini-bacara"): ("boxes", "5"),
    ("odds", "mini-punto-banca"): ("preset", "clasificador-bo-cl-mini"),
    ("odds", "midi-punto-banca"): ("decks", "8"),
    ("odds", "mini-bacara"): ("five", "stand"),
    ("odds", "chemin-de-fer"): ("punto", "optimal"),
    ("odds", "dos-panos"): ("panos", "draw"),
    ("decide-five", "chemin-de-fer"): ("total", "5"),
    ("comparison", "baccarat-family"): None,
}
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


def render(kind: str, game: str, lang: str = "en", **options) -> str:
    return widgets.render({"widget": kind, "game": game, **{k: str(v) for k, v in options.items()}}, lang)


def act(html: str, action: str, value: str = "") -> str:
    return widgets.handle(state_of(html), action, value)


def exact(html: str, xpath: str) -> Fraction:
    return Fraction(root_of(html).xpath(xpath)[0].get("data-naipes-exact"))


# --- every widget, every language ----------------------------------------------------------------------

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
        return
    assert root.xpath(f'.//*[@data-naipes-action="{action[0]}"]'), "the action is offered by a control"
    after = act(html, *action)
    assert not root_of(after).xpath('.//*[@role="alert"]')
    assert json.loads(state_of(after)) != state
    # the new state renders back to itself
    assert widgets.handle(state_of(after), "no-such-action", "") != after
    assert state_of(widgets.handle(state_of(after), "no-such-action", "")) == state_of(after)


@pytest.mark.parametrize("kind,game", sorted(k for k in WIDGETS if k[0] in BAD))
def test_bad_values_give_an_inline_translated_error_and_keep_the_state(kind, game):
    for action, value in BAD[kind]:
        for lang in LANGS:
            html = render(kind, game, lang)
            after = act(html, action, value)
            alert = root_of(after).xpath('.//*[@role="alert"]')
            assert len(alert) == 1, (action, value)
            assert state_of(after) == state_of(html)
            if lang != "en":
                english = root_of(act(render(kind, game, "en"), action, value)).xpath('.//*[@role="alert"]')[0]
                assert alert[0].text_content() != english.text_content(), (action, value, lang)


def test_an_error_message_is_the_engines_translation():
    html = render("decide-five", "chemin-de-fer", "ca")
    message = root_of(act(html, "total", "8")).xpath('.//*[@role="alert"]')[0].text_content()
    error = RulesError("The banker's total must be a whole number from 0 to 7, not {value!r}.", value="8")
    assert message == error_text(error, "ca")


def test_the_comparison_is_static_and_refuses_actions():
    html = render("comparison", "baccarat-family", "es")
    assert root_of(act(html, "next")).xpath('.//*[@role="alert"]')


def test_unknown_widget_options_and_games_are_rejected():
    with pytest.raises(RulesError):
        render("coup", "chemin-de-fer", side="croupier")
    with pytest.raises(RulesError):
        render("coup", "mini-bacara", boxes="6")
    with pytest.raises(RulesError):
        render("decide-five", "dos-panos")


# --- coup players: seeds, steps, the reader's decisions -----------------------------------------------------

WALKS = {"chemin-de-fer": wf._cdf_walk, "dos-panos": wf._dp_walk, "mini-bacara": wf._mb_walk}


def find_seed(game: str, waiting, **options) -> int:
    """The first seed whose coup stops for a decision of the reader that ``waiting`` accepts."""
    for seed in range(1, 2000):
        state = json.loads(state_of(render("coup", game, seed=seed, **options)))
        walk = WALKS[game](state)
        if walk.waiting is not None and waiting(walk.waiting):
            return seed
    raise AssertionError("no seed found")


def test_the_seed_is_shown_shared_and_replaced():
    html = render("coup", "chemin-de-fer", "es", seed=77)
    root = root_of(html)
    assert root.get("data-naipes-seed") == "77"
    assert root.xpath('.//a[@data-naipes-seed-link]/@href') == ["?seed=77"]
    assert root_of(act(html, "seed", "123")).get("data-naipes-seed") == "123"
    fresh = act(html, "new")
    assert json.loads(state_of(fresh))["step"] == 0 and json.loads(state_of(fresh))["answers"] == []


@pytest.mark.parametrize("game", ["mini-punto-banca", "midi-punto-banca", "chemin-de-fer", "dos-panos", "mini-bacara"])
def test_next_step_deals_one_step_at_a_time_and_the_same_seed_deals_the_same_coup(game):
    html = render("coup", game, "es", seed=11)
    steps = [html]
    for _ in range(4):
        steps.append(act(steps[-1], "next"))
    lengths = [len(narration(h)) for h in steps]
    assert lengths == sorted(lengths) and lengths[-1] > lengths[0]
    assert narration(act(render("coup", game, "es", seed=11), "finish")) == narration(act(steps[-1], "finish"))


def test_chemin_de_fer_the_punto_with_5_decides_with_card_or_no():
    seed = find_seed("chemin-de-fer", lambda w: w == PLAYER, side=PLAYER)
    html = act(render("coup", "chemin-de-fer", "es", seed=seed), "finish")
    buttons = root_of(html).xpath('.//button[@data-naipes-action="choose"]')
    assert [(b.get("data-naipes-value"), b.text_content()) for b in buttons] == [("draw", "Carta"), ("stand", "No")]
    assert root_of(html).xpath('.//button[@data-naipes-action="next"]/@disabled') != []
    # the banker's two cards are face down while the punto decides, in the hand and in the narration
    banker = root_of(html).xpath('.//*[@data-naipes-hand="banker"]')[0]
    assert len(banker.xpath('.//*[contains(@class,"naipes-card-back")]')) == 2
    assert sum("La banca recibe una carta tapada." == line for line in narration(html)) == 2
    for answer in ("draw", "stand"):
        done = act(act(html, "choose", answer), "finish")
        assert root_of(done).xpath('.//*[contains(@class,"naipes-explanation")]'), "the settlement is shown"
        assert not root_of(done).xpath('.//*[contains(@class,"naipes-card-back")]')
        # an independent replay: the same shoe, the same answer, the engine's coup
        rules = cdf.PRESETS["catalogo-es"]
        shoe = Shoe.shuffled(rules.decks, seed, stop_card=rules.stop_card)
        coup = cdf.CheminDeFerCoup(rules, banker_mode=cdf.TABLE)
        while not coup.is_terminal():
            if coup.pending is not None:
                coup.choose(answer == "draw")
            else:
                coup.deal(shoe.draw())
        assert narration(done) == [family_narrate(e, "es") for e in coup.events]
        assert f"{coup.winner}" in {PLAYER, BANKER, TIE}


def test_chemin_de_fer_the_reader_may_hold_the_bank_and_choose_freely():
    seed = find_seed("chemin-de-fer", lambda w: w == BANKER, side=BANKER)
    html = act(render("coup", "chemin-de-fer", "en", seed=seed, side=BANKER), "finish")
    assert "You hold the bank" in text(html, './/*[contains(@class,"naipes-decision")]')
    punto = root_of(html).xpath('.//*[@data-naipes-hand="player"]')[0]
    assert len(punto.xpath('.//*[contains(@class,"naipes-card-back")]')) == 2
    results = set()
    for answer in ("draw", "stand"):
        done = act(act(html, "choose", answer), "finish")
        assert "he chooses to " + ("draw" if answer == "draw" else "stand") in " ".join(narration(done))
        results.add(tuple(narration(done)))
        assert "A stake of 10 against the bank" in text(done, './/*[contains(@class,"naipes-explanation")]')
    assert len(results) == 2


def test_chemin_de_fer_a_decision_cannot_be_answered_before_it_is_reached():
    seed = find_seed("chemin-de-fer", lambda w: w == PLAYER, side=PLAYER)
    html = render("coup", "chemin-de-fer", "en", seed=seed)
    after = act(html, "choose", "draw")
    assert text(after, './/*[@role="alert"]') == "No decision is pending."
    assert state_of(after) == state_of(html)


def test_dos_panos_the_reader_plays_the_panos_then_the_bank():
    seed = find_seed("dos-panos", lambda w: w.startswith("pano"), side="panos")
    html = act(render("coup", "dos-panos", "ca", seed=seed), "finish")
    assert root_of(html).xpath('.//button[@data-naipes-action="choose"][@data-naipes-value="draw"]')
    banker = root_of(html).xpath('.//*[@data-naipes-hand="banker"]')[0]
    assert len(banker.xpath('.//*[contains(@class,"naipes-card-back")]')) == 2
    while root_of(html).xpath('.//button[@data-naipes-action="choose"]'):
        html = act(act(html, "choose", "stand"), "finish")
    assert root_of(html).xpath('.//table[contains(@class,"naipes-table")]//th[text()="Pou (cagnotte)"]')
    seed = find_seed("dos-panos", lambda w: w == BANKER, side=BANKER)
    html = act(render("coup", "dos-panos", "en", seed=seed, side=BANKER), "finish")
    assert "You hold the bank" in text(html, './/*[contains(@class,"naipes-decision")]')
    done = act(act(html, "choose", "draw"), "finish")
    assert "chooses: card" in " ".join(narration(done))
    rows = root_of(done).xpath('.//table//tr')
    nets = {r.xpath("string(th)"): r.xpath("string(td)") for r in rows}
    assert set(nets) == {"First paño", "Second paño", "Banker", "Cagnotte"}


def test_dos_panos_settlement_is_the_engines_with_the_line_split():
    seed = find_seed("dos-panos", lambda w: w == BANKER, side=BANKER)
    html = act(act(act(render("coup", "dos-panos", "en", seed=seed, side=BANKER), "finish"), "choose", "stand"),
               "finish")
    walk = wf._dp_walk(json.loads(state_of(html)))
    settled = walk.coup.settle(*wf.DOS_PANOS_STAKES)
    nets = [r.xpath("string(td)") for r in root_of(html).xpath('.//table//tr')]
    assert nets == [wf._amount(settled[k], "en") for k in ("pano1", "pano2", "banker", "cagnotte")]
    a, b = dp.split_line_bet(wf.DOS_PANOS_STAKES[2])
    assert f"plays {a} on the first paño and {b} on the second" in text(html, './/p[@class="naipes-explanation"]')


def test_mini_bacara_boxes_with_five_choose_and_the_insurance_is_offered_on_a_nine():
    seed = find_seed("mini-bacara", lambda w: w.startswith("box"), boxes=3)
    html = act(render("coup", "mini-bacara", "es", seed=seed, boxes=3), "finish")
    values = root_of(html).xpath('.//button[@data-naipes-action="choose"]/@data-naipes-value')
    assert values == ["draw", "stand"]
    assert root_of(act(html, "choose", "insure")).xpath('.//*[@role="alert"]')  # not the decision asked
    while root_of(html).xpath('.//button[@data-naipes-action="choose"]'):
        value = root_of(html).xpath('.//button[@data-naipes-action="choose"]/@data-naipes-value')[0]
        html = act(act(html, "choose", value), "finish")
    assert len(root_of(html).xpath('.//table//tbody/tr')) == 3
    seed = find_seed("mini-bacara", lambda w: w == wf.INSURANCE, boxes=5)
    html = act(render("coup", "mini-bacara", "en", seed=seed, boxes=5), "finish")
    assert root_of(html).xpath('.//button[@data-naipes-value="insure"]')
    assert sum("insurance is called" in line for line in narration(html)) == 1
    done = act(html, "choose", "insure")
    while root_of(done).xpath('.//button[@data-naipes-action="choose"]'):
        done = act(act(done, "choose", "draw"), "finish")
    done = act(done, "finish")
    headers = [th.text_content() for th in root_of(done).xpath('.//table//thead//th')]
    assert headers[-1] == "Insurance of 5"
    walk = wf._mb_walk(json.loads(state_of(done)))
    insurance = [r.xpath("string(td[last()])") for r in root_of(done).xpath('.//table//tbody/tr')]
    assert insurance == [wf._amount(walk.coup.settle(i + 1, player=10, insurance=5)["insurance"], "en")
                         for i in range(5)]


def test_mini_bacara_changing_the_boxes_restarts_the_coup():
    html = act(render("coup", "mini-bacara", "en", seed=5), "finish")
    fresh = act(html, "boxes", "1")
    state = json.loads(state_of(fresh))
    assert (state["boxes"], state["step"], state["answers"]) == (1, 0, [])
    assert len(root_of(fresh).xpath('.//*[starts-with(@data-naipes-hand,"box")]')) == 1


def test_mini_and_midi_coups_are_dealt_by_the_croupier_from_their_preset():
    html = render("coup", "midi-punto-banca", "ca")
    assert narration(html)[0] == "El crupier reparteix totes les cartes; els jugadors no les toquen."
    state = json.loads(state_of(act(html, "preset", "clasificador-bo-cl-midi")))
    assert state["preset"] == "clasificador-bo-cl-midi"
    assert root_of(act(html, "preset", "cat-2016-mini")).xpath('.//*[@role="alert"]')  # a mini preset


# --- odds ------------------------------------------------------------------------------------------------

def test_mini_and_midi_odds_are_the_punto_y_banca_analysis_of_their_preset():
    html = render("odds", "mini-punto-banca", "en")
    for name, rules in mpb.MINI_PRESETS.items():
        html = act(html, "preset", name)
        a = analyze(deck_counts(rules.decks))
        assert exact(html, './/tr[@data-naipes-bet="banker"]/td[1]') == a.probability(BANKER)
        assert exact(html, './/tr[@data-naipes-bet="banker"]/td[2]') == a.house_edge(BANKER, rules)
        assert f"{rules.seats} seats" in text(html, './/p[@class="naipes-note"]')


@pytest.mark.parametrize("decks,five,reading", [(4, "draw", mb.NATURAL_NINE), (8, "stand", mb.BANKER_NATURAL)])
def test_mini_bacara_odds_are_analyze_box(decks, five, reading):
    html = act(act(act(render("odds", "mini-bacara"), "decks", str(decks)), "five", five), "insurance", reading)
    from dataclasses import replace
    rules = replace(mb.PRESETS["uruguay"].with_options(decks=decks), insurance_wins_on=reading)
    a = mb.analyze_box(rules, draw_at_5=five == "draw")
    for bet in (BANKER, PLAYER, TIE):
        assert exact(html, f'.//tr[@data-naipes-bet="{bet}"]/td[1]') == a.probability(bet)
    assert exact(html, './/tr[@data-naipes-bet="player"]/td[2]') == a.house_edge(PLAYER)
    assert exact(html, './/tr[@data-naipes-bet="insurance"]/td[2]') == a.house_edge("insurance")


def test_chemin_de_fer_odds_are_analyze_coup_with_the_chosen_strategies():
    html = act(act(render("odds", "chemin-de-fer"), "decks", "2"), "banker", "optimal")
    rules = cdf.PRESETS["catalogo-es"].with_options(decks=2)
    s = cdf.solve("shoe", 2, rules.cagnotte)
    a = cdf.analyze_coup(rules, draw_at_5=0, banker=s.equilibrium.banker, model="shoe")
    assert exact(html, './/tr[@data-naipes-outcome="player"]/td') == a.probability(PLAYER)
    assert exact(html, './/tr[@data-naipes-side="banker"]/td') == a.expected_value(BANKER)
    html = act(act(html, "punto", "optimal"), "commission", "0")
    s0 = cdf.solve("shoe", 2, 0)
    a = cdf.analyze_coup(rules.with_options(commission="0"), draw_at_5=s0.draw_at_5, banker=s0.equilibrium.banker)
    assert exact(html, './/tr[@data-naipes-side="player"]/td') == a.expected_value(PLAYER) == s0.value


def test_dos_panos_odds_follow_the_table_and_are_symmetric():
    html = render("odds", "dos-panos", "en")
    rules = dp.PRESETS["cat-2016"]
    banker = {}
    for t, s1, s2 in dp.CELLS:  # the table where it agrees for the live paños, else draw on 5 or less
        live = [s for s in (s1, s2) if s != dp.NATURAL]
        says = {t == 0 or rules.banker_table.banker_draws(t, s) for s in live}
        banker[(t, s1, s2)] = F(int(says.pop() if len(says) == 1 else t <= 5))
    p = dp.analyze_coup(rules, banker=banker, model="totals")
    for pano in ("pano1", "pano2"):
        assert exact(html, f'.//tr[@data-naipes-pano="{pano}"]/td[1]') == p[pano][PLAYER]
        assert exact(html, f'.//tr[@data-naipes-pano="{pano}"]/td[4]') == p[pano][PLAYER] - p[pano][BANKER]
    optimal = act(act(html, "panos", "optimal"), "banker", "optimal")
    s = wf._dp_solution("cat-2016")
    values = [exact(optimal, f'.//tr[@data-naipes-pano="{pano}"]/td[4]') for pano in ("pano1", "pano2")]
    assert sum(values) / 2 == s.value


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
    for cell in cdf.CELLS:
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
    html = act(render("decide-five", "chemin-de-fer", "en"), "commission", commission)
    s = cdf.solve("totals", 6, rate)
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
    html = act(render("decide-five", "chemin-de-fer", "en"), "commission", "0")
    assert root_of(html).xpath('string(.//*[@data-naipes-mix]/@data-naipes-mix)') == "9/11"
    mixed = [tr.get("data-naipes-cell") for tr in root_of(html).xpath('.//tr[@data-naipes-cell]')
             if 0 < Fraction(tr.xpath("td[4]")[0].get("data-naipes-exact")) < 1]
    assert mixed == ["6:stood"]


def test_decide_five_shoe_model_follows_the_solver_for_the_chosen_decks():
    html = act(act(render("decide-five", "chemin-de-fer", "es"), "model", "shoe"), "decks", "2")
    assert root_of(html).xpath('.//select[@data-naipes-action="decks"]')
    s = cdf.solve("shoe", 2, F(1, 20))
    assert Fraction(root_of(html).xpath('string(.//*[@data-naipes-mix]/@data-naipes-mix)')) == s.draw_at_5
    assert exact(html, './/tr[@data-naipes-punto="optimal"]/td') == s.value
    for tr in root_of(html).xpath('.//tr[@data-naipes-cell]'):
        total, third = tr.get("data-naipes-cell").split(":")
        cell = (int(total), None if third == "stood" else int(third))
        assert Fraction(tr.xpath("td[4]")[0].get("data-naipes-exact")) == s.banker_draws(*cell)
    totals = act(html, "model", "totals")
    assert not root_of(totals).xpath('.//select[@data-naipes-action="decks"]')


# --- comparison ------------------------------------------------------------------------------------------

def test_the_comparison_lists_every_preset_of_every_game_from_the_rules_objects():
    html = render("comparison", "baccarat-family", "en")
    root = root_of(html)
    listed = [(table.get("data-naipes-game"), th.get("data-naipes-preset"))
              for table in root.xpath(".//table") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")]
    expected = [(g, r.name) for g, r in wf.family_presets()]
    assert listed == expected and len(set(listed)) == len(listed)
    names = {name for _, name in listed}
    assert set(cdf.PRESETS) | set(dp.PRESETS) | set(mb.PRESETS) | set(mpb.MINI_PRESETS) | set(mpb.MIDI_PRESETS) <= names
    from naipes.punto_banca import PRESETS as PB
    assert set(PB) <= names
    for game, rules in wf.family_presets():
        table = root.xpath(f'.//table[@data-naipes-game="{game}"]')[0]
        column = [th.get("data-naipes-preset") for th in table.xpath(".//thead/tr/th[@data-naipes-preset]")].index(
            rules.name)

        def cell(row):
            return table.xpath(f'.//tr[@data-naipes-row="{row}"]/td')[column].text_content()

        assert cell("decks") == str(rules.decks)
        assert cell("stop-card") == str(rules.stop_card.cards_below)
        assert cell("banks") == ("a player" if game in ("chemin-de-fer", "dos-panos") else "the house")
        assert ", ".join(sorted({c.source for c in rules.citations})) == cell("source")
    interpretations = root.xpath('.//ul[@class="naipes-note"]/li')
    assert len(interpretations) == sum(len(r.interpretations) for _, r in wf.family_presets())
