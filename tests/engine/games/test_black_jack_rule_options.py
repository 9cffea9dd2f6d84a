"""Black Jack's and Challenge 21's rules options in the widgets: a select per option each game declares (and none in
another game's widgets), charts and dealer's tables of rules that do not ship equal to the engine's direct
computation (the `naipes analyze black-jack` path), the chart filled progressively in steps that each stay within
their budget, and links that carry the rules."""

from __future__ import annotations

import base64
import json
from fractions import Fraction

import pytest

from naipes import widgets
from naipes.cli import main
from naipes.games.black_jack import BLACK_JACK, CHALLENGE_21
from naipes.games.black_jack.dealer import dealer_table
from naipes.games.black_jack.hands import CLASS_NAMES, VALUE_CLASSES
from naipes.games.black_jack.progressive import STEP_BUDGET, Progress
from naipes.games.black_jack.strategy import COLUMNS, ROWS, compute_table
from naipes.web.registry import LINK_ACTION, _REGISTRY
from naipes.web.trainer import Budget
from widget_helpers import act, alerts, exact, render, root_of, state_of

GAMES = (BLACK_JACK, CHALLENGE_21)
#: The kinds that offer every option of the game's rules, and the dealer's table that offers those it depends on.
EVERY_OPTION = ("strategy", "coup")
DEALER_OPTIONS = ("decks", "soft_17")
#: The options that change no decision (the cut card, the insurance's and the side bet's payouts): the command
#: line's only, no widget's select.
NO_DECISION = ("cut_cards_behind", "insurance_pays", "perfect_pairs")


def _selects(html: str) -> dict[str, list[str]]:
    return {select.get("data-naipes-action"): [o.get("value") for o in select.xpath("./option")]
            for select in root_of(html).xpath(".//select")}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_each_option_the_rules_declare_has_its_select_with_its_values(game):
    for kind in EVERY_OPTION + ("dealer",):
        selects = _selects(render(kind, game.id))
        for option in game.options:
            offered = (kind in EVERY_OPTION and option.name not in NO_DECISION) or option.name in DEALER_OPTIONS
            if offered:
                assert selects[option.flag[2:]] == list(option.values), (kind, option.name)
            else:
                assert option.flag[2:] not in selects, (kind, option.name)


def test_no_other_games_widget_offers_a_black_jack_option():
    widgets.load_all()
    ours = {option.flag[2:] for option in BLACK_JACK.options} - {"decks"}
    others = sorted((kind, target) for kind, target in _REGISTRY
                    if target not in (BLACK_JACK.id, CHALLENGE_21.id) and not target.startswith("family:"))
    assert len(others) > 20
    for kind, target in others:
        html = widgets.render({"widget": kind, "game": target}, "en")
        assert not ours & set(_selects(html)), (kind, target)


def _analyze(capsys, flags: list[str]) -> dict:
    assert main(["analyze", "black-jack", *flags, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


#: A rule set that ships no table (one deck, the dealer hits soft 17, any double, surrender against any card, two
#: hands at most), cheap enough for a test; its flags as the command line spells them.
RULES = {"decks": "1", "soft-17": "hit", "double": "any", "surrender": "any", "max-hands": "2"}


def _settled(html: str) -> tuple[str, int]:
    fills = 0
    while root_of(html).get("data-naipes-pending") == "fill":
        html = act(html, "fill")
        fills += 1
        assert fills < 5_000
    return html, fills


def test_a_chart_of_rules_not_shipped_is_filled_progressively_to_the_engines_direct_values(capsys):
    """Slow (≈ 20 s): the whole strategy chart of rules not shipped computed twice, by the widget's steps and directly."""
    html = render("strategy", BLACK_JACK.id)
    for flag, value in RULES.items():
        html = act(html, flag, value)
        assert not alerts(html)
    assert root_of(html).get("data-naipes-pending") == "fill"  # nothing of these rules is at hand yet
    shown = root_of(html).xpath(".//*[@data-naipes-progress]")[0].get("data-naipes-progress")
    assert shown.startswith("0/")
    html, fills = _settled(html)
    assert fills > 10  # the work is spread over many steps
    flags = [part for flag, value in RULES.items() for part in (f"--{flag}", value)]
    direct = _analyze(capsys, flags)["house_edge"]
    assert exact(html, ".//*[@data-naipes-edge]") == Fraction(direct["exact"])
    optimal = root_of(html).xpath(".//*[@data-naipes-optimal-edge]")[0].get("data-naipes-optimal-edge")
    assert Fraction(optimal) == Fraction(direct["optimal"]["exact"])
    rules = BLACK_JACK.presets.get().with_options(**{flag.replace("-", "_"): v for flag, v in RULES.items()})
    chart = compute_table(rules).chart
    for row in ROWS:
        cells = root_of(html).xpath(f'.//tr[@data-naipes-row="{row[0]}:{row[1]}"]/td')
        assert [cell.get("data-naipes-move") for cell in cells] == [chart[row][c][0] for c in COLUMNS], row


def test_the_dealers_table_of_any_deck_count_and_soft_17_rule_is_the_engines():
    html = act(act(render("dealer", CHALLENGE_21.id), "decks", "5"), "soft-17", "hit")
    expected = dealer_table(VALUE_CLASSES.full(5), True)
    for first in COLUMNS:
        cells = root_of(html).xpath(f'.//tr[@data-naipes-first="{CLASS_NAMES[first]}"]/td')
        values = [Fraction(cell.get("data-naipes-exact")) for cell in cells]
        assert values == list(expected[first].values()), first


class _Counting(Budget):
    """A budget that records the work counted against it."""

    def __init__(self, units: int) -> None:
        super().__init__(units)
        self.pieces: list[int] = []

    def spend(self, units: int) -> None:
        super().spend(units)
        self.pieces.append(units)


def test_each_step_does_at_most_its_budget_and_the_steps_end_on_the_direct_table():
    rules = BLACK_JACK.presets.get().with_options(decks=2, max_hands=1, hole_card="peek", blackjack_pays="6:5")
    progress = Progress(rules)
    steps, largest = 0, 0
    while True:
        budget = _Counting(STEP_BUDGET)
        done = progress.step(budget)
        steps += 1
        # A step stops at the first piece of work once the budget is spent: at most the budget and one piece.
        assert sum(budget.pieces[:-1]) < STEP_BUDGET
        largest = max(largest, max(budget.pieces, default=0))
        if done:
            break
    assert steps > 5 and progress.done == progress.total and largest < STEP_BUDGET // 10
    direct = compute_table(rules)
    table = progress.table()
    assert (table.chart, table.basic_edge, table.optimal_edge, table.values) == (
        direct.chart, direct.basic_edge, direct.optimal_edge, direct.values)


def test_a_change_of_rules_mid_computation_restarts_it_and_keeps_every_choice():
    html = act(act(render("strategy", BLACK_JACK.id), "decks", "3"), "surrender", "none")
    html = act(act(html, "fill"), "fill")
    html = act(html, "soft-17", "hit")
    state = json.loads(state_of(html))
    assert state["rules"] == {"decks": "3", "surrender": "none", "soft_17": "hit"}
    assert root_of(html).get("data-naipes-pending") == "fill"
    assert root_of(html).xpath(".//*[@data-naipes-progress]")[0].get("data-naipes-progress").startswith("0/")
    selected = {s.get("data-naipes-action"): s.xpath("./option[@selected]/@value")[0]
                for s in root_of(html).xpath(".//select")}
    assert (selected["decks"], selected["surrender"], selected["soft-17"]) == ("3", "none", "hit")
    # A value no select offers is refused next to its control, and the choices stay.
    refused = act(html, "double", "8-11")
    assert alerts(refused) and json.loads(state_of(refused))["rules"] == state["rules"]
    # Back to the preset's value: the option leaves the state (a link names only what changed).
    assert "soft_17" not in json.loads(state_of(act(html, "soft-17", "stand")))["rules"]


def _payload(link: str) -> dict:
    text = link.split(".", 1)[1]
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) if text else {}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_coups_link_carries_its_rules_to_another_language(game):
    html = act(act(act(render("coup", game.id, "es"), "soft-17", "hit"), "surrender", "any"), "seed", "12")
    state = json.loads(state_of(html))
    link = root_of(html).get("data-naipes-link")
    assert _payload(link)["rules"] == {"soft_17": "hit", "surrender": "any"}
    opened = widgets.handle(state_of(render("coup", game.id, "ca")), LINK_ACTION, link)
    assert json.loads(state_of(opened)) == dict(state, lang="ca") and not alerts(opened)
    # The coup is played under those rules: the select shows them.
    assert root_of(opened).xpath('.//select[@data-naipes-action="soft-17"]/option[@selected]/@value') == ["hit"]


def test_a_link_made_before_the_rules_options_keeps_its_decks():
    old = "1." + base64.urlsafe_b64encode(json.dumps({"decks": 2, "seed": 7}).encode()).decode().rstrip("=")
    opened = widgets.handle(state_of(render("coup", BLACK_JACK.id)), LINK_ACTION, old)
    assert not alerts(opened)
    assert root_of(opened).xpath('.//select[@data-naipes-action="decks"]/option[@selected]/@value') == ["2"]
