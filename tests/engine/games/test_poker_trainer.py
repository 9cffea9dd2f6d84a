"""The banked poker games' trainers: exact costs, drills of hand classes, keys, links, hostile states.

Three Card Poker's value of playing and Trijoker's value of a bet left in play are counted here by enumerating
every hand the croupier (or the common cards) can hold, with the engine's hand ranking only; pòquer sense
descart's values are the game's public functions (`raise_value`, `buy_values`) called afresh.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import pytest

from naipes import widgets
from naipes.core.cards import full_deck, parse_cards
from naipes.games.poker.hands import THREE_CARD, category_of, code, codes, strength3, strength5
from naipes.games.poker.sense_descart.rules import PRESETS as SENSE_DESCART
from naipes.games.poker.sense_descart.values import buy_values, raise_value
from naipes.games.poker.three_card.rules import PRESETS as THREE_CARD_POKER
from naipes.games.poker.training import category
from naipes.games.poker.trijoker.rules import PRESETS as TRIJOKER
from naipes.games.poker.trijoker.values import pay_key, payout
from naipes.web.registry import LINK_ACTION, UNEXPECTED, link

from trainer_helpers import choices, decide, keys, settle, state, tally, verdicts
from widget_helpers import alerts, render, root_of, state_of


def _cards(html: str, hand: str) -> tuple:
    found = root_of(html).xpath(f'.//div[@data-naipes-hand="{hand}"]//*[@data-naipes-card]')
    return parse_cards(" ".join(c.get("data-naipes-card") for c in found))


def _play_value(mine, rules) -> Fraction:
    """Ante and play per ante, every croupier hand of the 49 cards left counted."""
    left = [code(c) for c in full_deck() if c not in mine]
    own = strength3(*codes(mine))
    bonus = rules.pay_table.ante_bonus.pays_for(category_of(own, THREE_CARD)) or 0
    total = Fraction(0)
    hands = 0
    for bank in combinations(left, 3):
        hands += 1
        theirs = strength3(*bank)
        if theirs < rules.qualifies_from:
            total += 1
        elif theirs < own:
            total += 1 + rules.play_multiple
        elif theirs > own:
            total -= 1 + rules.play_multiple
    return total / hands + bonus


@pytest.mark.parametrize("seed, drill", [(1, "high-card"), (2, "pair"), (3, "all")])
def test_three_card_poker_costs_are_the_difference_of_the_values_counted_here(seed, drill):
    html = render("trainer", "three-card-poker", seed=seed, drill=drill)
    mine = _cards(html, "player")
    values = {"play": _play_value(mine, THREE_CARD_POKER.default), "fold": Fraction(-1)}
    best = max(values.values())
    for chosen in ("play", "fold"):
        verdict = state(decide(html, chosen))["verdicts"][0]
        assert (Fraction(verdict[3]), Fraction(verdict[4])) == (best, best - values[chosen])


def _ride_value(seen, rules) -> Fraction:
    """One bet in play: every way the common cards still to come can fall, the final five paid by the table."""
    left = [c for c in full_deck() if c not in seen]
    outcomes = [payout(pay_key(strength5(*codes([*seen, *extra])), rules), rules)
                for extra in combinations(left, 5 - len(seen))]
    return Fraction(sum(outcomes), len(outcomes))


@pytest.mark.parametrize("seed", [1, 4])
def test_trijoker_costs_are_the_difference_of_the_values_counted_here(seed):
    html = render("trainer", "trijoker", seed=seed)
    mine = _cards(html, "player")
    ride = _ride_value(mine, TRIJOKER.default)
    best = max(ride, Fraction(0))
    judged = decide(html, "pull" if ride > 0 else "ride")
    assert Fraction(state(judged)["verdicts"][0][4]) == abs(ride)
    assert tally(judged)["mistakes"] == ("1" if ride != 0 else "0")
    assert Fraction(state(judged)["verdicts"][0][3]) == best


def test_sense_descart_costs_are_the_difference_of_the_game_values_and_buying_has_digit_keys():
    html = settle(render("trainer", "sense-descart", seed=2))
    mine, bank = _cards(html, "player"), _cards(html, "bank")
    up = [c for c in bank][0]
    rules = SENSE_DESCART.default
    values = {"raise": raise_value(codes(mine), code(up), rules), "fold": Fraction(-1)}
    if "buy-1" in choices(html):
        values.update({f"buy-{i}": v for i, v in enumerate(buy_values(codes(mine), code(up), rules), 1)})
        assert [keys(html)[f"choose:buy-{i}"] for i in range(1, 6)] == ["1", "2", "3", "4", "5"]
    assert set(values) == set(choices(html))
    best = max(values.values())
    worst = min(values, key=values.get)
    verdict = state(decide(html, worst))["verdicts"][0]
    assert (Fraction(verdict[3]), Fraction(verdict[4])) == (best, best - values[worst])


@pytest.mark.parametrize("game", ["three-card-poker", "sense-descart", "trijoker"])
@pytest.mark.parametrize("drill", ["high-card", "pair", "better"])
def test_a_drill_deals_its_hand_class(game, drill):
    html = settle(render("trainer", game, seed=7, drill=drill))
    for _ in range(4):
        kind = category(_cards(html, "player")[:5 if game == "sense-descart" else 3])
        assert kind == drill if drill != "better" else kind not in ("high-card", "pair")
        while choices(html):
            html = decide(html, choices(html)[-1])
        html = settle(widgets.handle(state_of(html), "next", ""))


@pytest.mark.parametrize("game, lang, expected", [
    ("three-card-poker", "es", {"choose:play": "j", "choose:fold": "r"}),
    ("three-card-poker", "en", {"choose:play": "p", "choose:fold": "f"}),
    ("trijoker", "ca", {"choose:ride": "d", "choose:pull": "r"})])
def test_every_decision_has_its_key(game, lang, expected):
    found = keys(render("trainer", game, lang, seed=1))
    assert {k: v for k, v in found.items() if k in expected} == expected and len(set(found.values())) == len(found)


@pytest.mark.parametrize("game", ["three-card-poker", "trijoker", "sense-descart"])
def test_the_tally_travels_by_link(game):
    html = settle(render("trainer", game, seed=9))
    for _ in range(3):
        while choices(html):
            html = decide(html, choices(html)[-1])
        html = settle(widgets.handle(state_of(html), "next", ""))
    opened = widgets.handle(state_of(render("trainer", game, "ca")), LINK_ACTION, link(state(html)))
    assert not alerts(opened) and tally(opened)["cost-exact"] == tally(html)["cost-exact"]
    assert verdicts(opened) == verdicts(html)


@pytest.mark.parametrize("game", ["three-card-poker", "trijoker", "sense-descart"])
@pytest.mark.parametrize("key, value", [("answers", ["buy-9"]), ("answers", ["play", "play", "ride"]),
                                        ("verdicts", [["Zz;9x", "buy-7", "play", "0", "0"]]), ("preset", "x")])
def test_hostile_states_never_raise(game, key, value):
    base = state(render("trainer", game, seed=3))
    base[key] = value
    UNEXPECTED.clear()
    for action in ("fill", "choose", "next"):
        html = widgets.handle(json.dumps(base), action, "fold")
        assert root_of(html).get("class").startswith("naipes-widget")
    assert UNEXPECTED == []


# --- the rules options of each game ---------------------------------------------------------------------------

from naipes.games import registry as game_registry  # noqa: E402
from naipes.web.trainer import state_class  # noqa: E402

from widget_helpers import act  # noqa: E402


@pytest.mark.parametrize("game", ["three-card-poker", "trijoker", "sense-descart"])
def test_every_rules_option_with_a_choice_is_offered_and_sets_the_session_s_rules(game):
    from trainer_helpers import typed

    html = render("trainer", game, seed=2)
    controls = {c.get("data-naipes-action"): [o.get("value") for o in c.xpath("./option")]
                for c in root_of(html).xpath('.//fieldset[@class="naipes-rule-options"]//select')}
    # A free option (sense descart's raise multiple, any fraction) has no declared choice: the trainer offers it
    # only where presets differ on it, and none do (its exact strategy is shipped for the decree's 2 alone).
    offered = [o for o in game_registry.game(game).options if len(o.values) > 1]
    assert list(controls) == [o.flag[2:] for o in offered]
    assert bool(root_of(html).xpath('.//fieldset[@class="naipes-rule-options"]')) == bool(offered)  # no empty box
    for option in offered:
        for value in option.values:
            changed = act(html, option.flag[2:], value)
            assert not alerts(changed)
            trainer = widgets_trainer(game)
            session = typed(changed, trainer)
            rules = trainer.spot(session, session.hand, []).rules
            assert option.show(getattr(rules, option.field)) == value
            assert not alerts(decide(changed, choices(changed)[0]))


def widgets_trainer(game: str):
    from importlib import import_module

    folder = {"three-card-poker": "three_card", "trijoker": "trijoker", "sense-descart": "sense_descart"}[game]
    return import_module(f"naipes.games.poker.{folder}.trainer").TRAINER


def test_three_card_poker_s_pay_tables_are_named_in_words_and_a_link_keeps_the_one_chosen():
    html = render("trainer", "three-card-poker", seed=2)
    names = root_of(html).xpath('.//select[@data-naipes-action="pay-table"]/option/text()')
    assert names == ["flush 4 to 1", "flush 3 to 1"]
    changed = decide(act(html, "pay-table", "pair-plus-3"), "play")
    assert state(changed)["rules"] == {"pay_table": "pair-plus-3"}
    opened = widgets.handle(state_of(render("trainer", "three-card-poker", "es")), LINK_ACTION, link(state(changed)))
    assert not alerts(opened) and state(opened)["rules"] == {"pay_table": "pair-plus-3"}
    old = state(html)
    old.pop("rules", None)
    assert not alerts(widgets.handle(json.dumps(old), "choose", "play"))
    assert state_class(widgets_trainer("three-card-poker")).from_json(old).hand == 1
