"""The trainer of Black Jack and Challenge 21: exact costs, the tally, drills, keys, links, hostile states.

The costs are checked against an independent computation written here: a plain recursion over the shoe
(one deck) for the dealer's final total (standing on every 17, a dealer's black jack taking the bet) and
the player's best play of hard totals of 12 or more by hitting or standing.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache

import pytest

from naipes import widgets
from naipes.games.black_jack.trainer import TRAINER
from naipes.games.black_jack.hands import value_class
from naipes.web.registry import LINK_ACTION, UNEXPECTED, link
from naipes.web.trainer import BUDGET, Budget, Unfinished

from trainer_helpers import choices, decide, keys, session, settle, state, tally, verdicts
from widget_helpers import alerts, render, root_of, state_of

# --- an independent oracle: one deck, cards by value 1 (ace) ... 10 ---------------------------------------------


def _draw(shoe: tuple[int, ...]):
    cards = sum(shoe)
    for index, count in enumerate(shoe):
        if count:
            yield Fraction(count, cards), index + 1, shoe[:index] + (count - 1,) + shoe[index + 1:]


@lru_cache(maxsize=None)
def _dealer(points: int, aces: int, cards: int, shoe: tuple[int, ...]) -> dict:
    """The dealer's final result: 17 … 21, "bust" or "bj" (two cards making 21), standing on every 17."""
    soft = points + 10 if aces and points + 10 <= 21 else points
    if cards == 2 and soft == 21:
        return {"bj": Fraction(1)}
    if soft >= 17:
        return {soft if soft <= 21 else "bust": Fraction(1)}
    if points > 21:
        return {"bust": Fraction(1)}
    found: dict = {}
    for chance, value, rest in _draw(shoe):
        for final, p in _dealer(points + value, aces + (value == 1), cards + 1, rest).items():
            found[final] = found.get(final, 0) + chance * p
    return found


def _stand(total: int, up: int, shoe: tuple[int, ...]) -> Fraction:
    if total > 21:
        return Fraction(-1)
    value = Fraction(0)
    for final, p in _dealer(up, int(up == 1), 1, shoe).items():
        value += p if final == "bust" or (final != "bj" and final < total) else -p if final == "bj" or final > total else 0
    return value


def _best(total: int, up: int, shoe: tuple[int, ...]) -> Fraction:
    if total > 21:
        return Fraction(-1)
    if total == 21:
        return _stand(total, up, shoe)
    return max(_stand(total, up, shoe), _hit(total, up, shoe))


def _hit(total: int, up: int, shoe: tuple[int, ...]) -> Fraction:
    return sum((chance * _best(total + value, up, rest) for chance, value, rest in _draw(shoe)), Fraction(0))


def _shoe_without(cards) -> tuple[int, ...]:
    shoe = [4] * 9 + [16]
    for card in cards:
        shoe[value_class(card)] -= 1
    return tuple(shoe)


def _hard_spots(game: str = "black-jack", drill: str = "hard", count: int = 3):
    """Sessions (seed) whose first hand is two cards of a hard total of 12 to 20 against the dealer's card."""
    found = []
    for seed in range(1, 400):
        spec = {"game": game, "preset": "clasificador-bo-cl", "decks": 1, "seed": seed, "drill": drill}
        spot = TRAINER.spot(session(TRAINER, **spec), 1, [])
        hand = spot.coup.boxes[0].hands[0].cards
        total = sum(min(value_class(card) + 1, 10) for card in hand)
        if 12 <= total <= 20 and not {"double", "split"} & set(c.action for c in spot.choices()):
            found.append((seed, hand, spot.coup.dealer_first, total))
        if len(found) == count:
            return found
    raise AssertionError("no such hand")


@pytest.mark.parametrize("seed, hand, dealer, total", _hard_spots())
def test_the_cost_of_a_decision_is_the_difference_of_the_exact_values_computed_independently(seed, hand, dealer,
                                                                                            total):
    up = min(value_class(dealer) + 1, 10)
    shoe = _shoe_without([*hand, dealer])
    values = {"stand": _stand(total, up, shoe), "hit": _hit(total, up, shoe), "surrender": Fraction(-1, 2)}
    html = settle(render("trainer", "black-jack", decks=1, seed=seed, drill="hard"))
    offered = choices(html)
    values = {action: value for action, value in values.items() if action in offered}
    assert set(values) == set(offered)
    best = max(values.values())
    worst = min(values, key=values.get)
    judged = decide(html, worst)
    verdict = state(judged)["verdicts"][0]
    assert verdict[1] == worst
    assert Fraction(verdict[3]) == best
    assert Fraction(verdict[4]) == best - values[worst]
    assert verdicts(judged)[0] == ("mistake" if best > values[worst] else "best", best - values[worst])


def test_a_wrong_choice_is_counted_and_the_best_is_not():
    seed, hand, dealer, total = _hard_spots(count=1)[0]
    up = min(value_class(dealer) + 1, 10)
    shoe = _shoe_without([*hand, dealer])
    stand, hit = _stand(total, up, shoe), _hit(total, up, shoe)
    html = settle(render("trainer", "black-jack", decks=1, seed=seed, drill="hard"))
    wrong, right = ("hit", "stand") if stand > hit else ("stand", "hit")
    after_wrong = decide(html, wrong)
    shown = tally(after_wrong)
    assert shown["decisions"] == "1" and shown["mistakes"] == "1"
    assert Fraction(shown["cost-exact"]) == abs(stand - hit)
    assert Fraction(shown["worst-exact"]) == abs(stand - hit)
    after_right = decide(html, right)
    assert tally(after_right)["mistakes"] == "0" and tally(after_right)["decisions"] == "1"
    assert "worst" not in tally(after_right)


def _play(html: str, hands: int, pick=lambda offered: offered[0]) -> str:
    for _ in range(hands):
        while choices(html):
            html = decide(html, pick(choices(html)))
        html = settle(widgets.handle(state_of(html), "next", ""))
    return html


def test_the_tally_adds_up_the_verdicts_of_every_hand():
    html = settle(render("trainer", "black-jack", decks=1, seed=11))
    total, decisions, mistakes, worst = Fraction(0), 0, 0, Fraction(0)
    for _ in range(4):
        while choices(html):
            html = decide(html, choices(html)[-1])
        for verdict in state(html)["verdicts"]:
            decisions += 1
            cost = Fraction(verdict[4])
            mistakes += cost > 0
            total += cost
            worst = max(worst, cost)
        html = settle(widgets.handle(state_of(html), "next", ""))
    shown = tally(html)
    assert (shown["decisions"], shown["mistakes"]) == (str(decisions), str(mistakes))
    assert Fraction(shown["cost-exact"]) == total and decisions >= 4
    assert Fraction(shown.get("worst-exact", 0)) == worst


@pytest.mark.parametrize("game", ["black-jack", "challenge-21"])
def test_the_tally_travels_by_link_to_another_language(game):
    html = _play(settle(render("trainer", game, seed=5, drill="all")), 3, lambda offered: offered[-1])
    text = link(state(html))
    fresh = render("trainer", game, "ca")
    opened = widgets.handle(state_of(fresh), LINK_ACTION, text)
    assert not alerts(opened)
    assert {k: v for k, v in tally(opened).items() if k.endswith("exact") or k in ("decisions", "mistakes")} == {
        k: v for k, v in tally(html).items() if k.endswith("exact") or k in ("decisions", "mistakes")}
    assert state(opened)["lang"] == "ca" and state(opened)["hand"] == state(html)["hand"] == 4


@pytest.mark.parametrize("drill", ["hard", "soft", "pairs"])
def test_a_drill_deals_only_its_hands(drill):
    html = settle(render("trainer", "black-jack", seed=2, drill=drill))
    for _ in range(6):
        cards = root_of(html).xpath('.//div[@data-naipes-hand="0"]//*[@data-naipes-card]')[:2]
        first, second = (value_class_of(c.get("data-naipes-card")) for c in cards)
        if drill == "pairs":
            assert first == second
        elif drill == "soft":
            assert (first == 0) != (second == 0)
        else:
            assert first != second and 0 not in (first, second)
        assert "insurance" not in choices(html)
        html = settle(widgets.handle(state_of(html), "choose", "stand"))
        if choices(html):  # a split hand still to play
            html = _play(html, 0)
        html = settle(widgets.handle(state_of(html), "next", ""))


def value_class_of(code: str) -> int:
    from naipes.core.cards import parse_cards
    return value_class(parse_cards(code)[0])


@pytest.mark.parametrize("lang, stand, hit", [("en", "s", "h"), ("es", "p", "c"), ("ca", "p", "c")])
def test_every_decision_has_its_own_key_in_each_language(lang, stand, hit):
    html = render("trainer", "black-jack", lang, seed=3, drill="hard")
    found = keys(html)
    assert found["choose:stand"] == stand and found["choose:hit"] == hit
    assert len(set(found.values())) == len(found)
    over = settle(widgets.handle(state_of(html), "choose", "stand"))
    assert list(keys(over)) == ["next:"]


def test_a_test_tells_the_verdicts_at_the_end_of_the_hand():
    html = settle(render("trainer", "black-jack", seed=4, drill="hard", mode="test"))
    html = decide(html, "hit")
    if choices(html):
        assert verdicts(html) == [] and tally(html)["decisions"] == "0"
        assert root_of(html).get("data-naipes-announce") is None
        while choices(html):
            html = decide(html, "stand")
    assert len(verdicts(html)) == len(state(html)["answers"]) == int(tally(html)["decisions"])
    assert root_of(html).get("data-naipes-announce").startswith("Hand over.")


def test_a_practise_verdict_is_announced_once_judged():
    html = decide(settle(render("trainer", "black-jack", seed=4, drill="hard")), "stand")
    said = root_of(html).get("data-naipes-announce")
    assert said and ("was the best decision" in said or "costs" in said)


def test_values_are_computed_progressively_within_the_budget_of_a_click():
    spot = TRAINER.spot(session(TRAINER, **{"game": "black-jack", "preset": "clasificador-bo-cl", "decks": 6, "seed": 9,
                         "drill": "soft"}), 7, [])
    with pytest.raises(Unfinished):
        spot.values(Budget(0))  # nothing computed yet, nothing may be computed
    calls = 0
    while True:
        calls += 1
        try:
            values = spot.values(Budget(BUDGET))
            break
        except Unfinished:
            assert calls < 200
    assert calls > 1 and set(values) >= {"stand", "hit"}
    assert spot.values(Budget(0)) == values  # kept once complete


def test_a_choice_not_open_is_refused_in_one_line_and_the_hand_stays():
    html = render("trainer", "black-jack", seed=3, drill="hard")
    refused = widgets.handle(state_of(html), "choose", "split")
    assert len(alerts(refused)) == 1 and state(refused)["answers"] == []
    early = widgets.handle(state_of(html), "next", "")
    assert alerts(early) == ["Finish this hand first."]


HOSTILE = [("answers", ["split", "split", "split"]), ("answers", ["stand"] * 40), ("hand", 10**9),
           ("verdicts", [["x;y;z", "hit", "stand", "1/0", "1"]]), ("verdicts", [["play;6;Zz 9q;Ac;", "a", "b", "-1", "2/3"]]),
           ("worst", [1, ";;;;;;", "hit", "stand", "7"]), ("cost", "9" * 900), ("drill", "<b>"), ("mode", "exam"),
           ("decks", 9), ("preset", "nowhere"), ("seed", -1), ("worst", [1, "a"])]


@pytest.mark.parametrize("key, value", HOSTILE)
@pytest.mark.parametrize("action", ["fill", "choose", "next", "drill"])
def test_hostile_states_never_raise(key, value, action):
    base = state(render("trainer", "black-jack", seed=3))
    base[key] = value
    UNEXPECTED.clear()
    html = widgets.handle(json.dumps(base), action, "stand" if action == "choose" else "hard")
    assert root_of(html).get("class").startswith("naipes-widget")
    assert UNEXPECTED == []


def _decision_bars(html: str) -> dict[str, dict[str, Fraction]]:
    """The trainer's decision chart: each series' values by category, read from the drawn bars."""
    found: dict[str, dict[str, Fraction]] = {}
    for figure in root_of(html).xpath('.//figure[@data-naipes-plot="decision"]'):
        for bar in figure.xpath(".//*[@data-naipes-value]"):
            found.setdefault(bar.get("data-naipes-series"), {})[bar.get("data-naipes-category")] = Fraction(
                bar.get("data-naipes-value"))
    return found


@pytest.mark.parametrize("lang", ("es", "ca", "en"))
def test_the_chart_of_a_decision_draws_the_verdicts_values_and_the_cost_between_them(lang):
    seed, hand, dealer, total = _hard_spots(count=1)[0]
    up = min(value_class(dealer) + 1, 10)
    shoe = _shoe_without([*hand, dealer])
    stand, hit = _stand(total, up, shoe), _hit(total, up, shoe)
    html = settle(render("trainer", "black-jack", lang, decks=1, seed=seed, drill="hard"))
    assert not _decision_bars(html)  # no decision yet, no chart
    wrong, right = ("hit", "stand") if stand > hit else ("stand", "hit")
    for chosen in (wrong, right):
        judged = decide(html, chosen)
        _situation, _chosen, best, best_value, cost = state(judged)["verdicts"][0]
        bars = _decision_bars(judged)
        assert list(bars["best"].values()) == [Fraction(best_value)] == [max(stand, hit)]
        if chosen == wrong:
            assert list(bars["chosen"].values()) == [Fraction(best_value) - Fraction(cost)] == [min(stand, hit)]
            assert list(bars["cost"].values()) == [Fraction(cost)] == [abs(stand - hit)]
        else:
            assert "chosen" not in bars and "cost" not in bars and Fraction(cost) == 0
        figure = root_of(judged).xpath('.//figure[@data-naipes-plot="decision"]')[0]
        svg = figure.xpath(".//svg")[0]
        assert svg.get("role") == "img" and svg.xpath("./title") and svg.xpath("./desc")
        assert figure.xpath(".//table")  # the same numbers as a table beside it


def test_in_a_test_the_chart_waits_for_the_end_of_the_hand():
    html = settle(render("trainer", "black-jack", seed=4, drill="hard", mode="test"))
    html = decide(html, "hit")
    if choices(html):
        assert not _decision_bars(html)
        while choices(html):
            html = decide(html, "stand")
    assert _decision_bars(html)["best"]


def test_a_splits_values_are_computed_progressively_too():
    # The split's hands are valued from other shoes (the pair's cards out): their tables count against the budget.
    from naipes.games.black_jack import trainer as bj_trainer
    from naipes.games.black_jack.expectation import Position
    from naipes.games.black_jack.hands import VALUE_CLASSES, add_card
    from naipes.games.black_jack.rules import PRESETS
    rules = PRESETS.get()
    shoe = add_card(VALUE_CLASSES.full(6), 5, -1)
    pair = (0, 0, 2, 0, 0, 0, 0, 0, 0, 0)
    bj_trainer._evaluator.cache_clear()
    bj_trainer._play_values.cache_clear()
    # The hand's own values first, without limit: what is left is the split's.
    bj_trainer._play_values(rules, 5, shoe, pair, Position(can_split=False))
    fills = 0
    while True:
        bj_trainer._SPENDING[0] = Budget(BUDGET)
        try:
            values = bj_trainer._play_values(rules, 5, shoe, pair, Position())
            break
        except Unfinished:
            fills += 1
        finally:
            bj_trainer._SPENDING[0] = Budget(10**18)
    assert fills > 0 and "split" in values
    # Every shoe the split valued its hands from was an evaluator that counts its tables against the budget.
    others = bj_trainer._evaluator(rules, 5, shoe)._shoes.values()
    assert others and all(isinstance(other, type(bj_trainer._evaluator(rules, 5, shoe))) for other in others)
    from naipes.games.black_jack.expectation import Evaluator
    assert values == Evaluator(rules, 5, shoe).values(pair, Position())
