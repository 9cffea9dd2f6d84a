"""The Black Jack trainer with the rules of the reader's casino: every rules option offered and accepted, the costs
exact for the rules chosen, the rules carried by links (old links without them still load), bad values refused.

The costs are checked two ways. For one deck, against an independent computation written here: a plain recursion
over the shoe for the dealer's final total (standing or hitting on a soft 17) and the player's best play by
hitting, standing, doubling or surrendering, with the dealer's black jack taking every bet (no hole card) or, with
the peek or a black jack taking the original bet only, the values given that the dealer has no black jack (the
expectation over the deals where it has none, divided by their chance). For splits and larger shoes, against the
engine's advice for the same rules as the command line spells them (`naipes advise black-jack --soft-17 hit ...`).
"""

from __future__ import annotations

import base64
import json
from fractions import Fraction
from functools import lru_cache

import pytest

from naipes import widgets
from naipes.cli import main
from naipes.games.black_jack import BLACK_JACK, CHALLENGE_21
from naipes.games.black_jack.hands import CLASS_NAMES, value_class
from naipes.games.black_jack.trainer import TRAINER
from naipes.web.registry import LINK_ACTION, UNEXPECTED

from trainer_helpers import choices, settle, state, tally, typed
from widget_helpers import act, alerts, render, root_of, state_of

GAMES = (BLACK_JACK, CHALLENGE_21)


def _selects(html: str) -> dict[str, list[str]]:
    return {select.get("data-naipes-action"): [o.get("value") for o in select.xpath("./option")]
            for select in root_of(html).xpath(".//select")}


def _selected(html: str, action: str) -> str:
    return root_of(html).xpath(f'.//select[@data-naipes-action="{action}"]/option[@selected]/@value')[0]


# --- every option, every value ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game, option", [(game, option) for game in GAMES for option in game.options if option.values],
                         ids=lambda x: getattr(x, "id", None) or getattr(x, "name", None))
def test_every_value_of_every_option_is_offered_and_plays_the_session_under_it(game, option):
    html = settle(render("trainer", game.id, seed=3))
    action = option.flag[2:]
    assert _selects(html)[action] == list(option.values)
    preset = game.presets.get()
    for value in option.values:
        changed = act(html, action, value)
        assert not alerts(changed), (option.name, value)
        assert _selected(changed, action) == value
        kept = state(changed).get("rules", {})
        assert kept.get(option.name) == (None if value == option.show(getattr(preset, option.field)) else value)
        session = typed(changed, TRAINER)
        assert getattr(TRAINER.spot(session, session.hand, session.answers).rules, option.field) == option.read(value)
        # A change of rules deals a new hand; a page's block sets the same rule by the option's flag.
        assert state(changed)["hand"] == 2
        block = render("trainer", game.id, **{action: value})
        assert _selected(block, action) == value and not alerts(block)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_an_option_of_free_values_is_the_command_lines_not_a_select(game):
    # the cut card, the insurance's and Perfect Pairs' payouts: the widgets keep the preset's (no select of free text)
    free = [option.flag[2:] for option in game.options if not option.values]
    assert free and not set(free) & set(_selects(settle(render("trainer", game.id, seed=3))))


def test_a_change_of_rules_keeps_the_tally_and_every_rule_chosen_before():
    html = settle(render("trainer", BLACK_JACK.id, seed=4, drill="hard"))
    html = settle(act(html, "choose", choices(html)[0]))
    judged = len(state(html)["verdicts"])
    assert judged >= 1
    html = settle(act(act(html, "surrender", "none"), "soft-17", "hit"))
    assert state(html)["rules"] == {"surrender": "none", "soft_17": "hit"}
    assert tally(html)["decisions"] == str(judged) and state(html)["hand"] == 3
    assert "surrender" not in choices(html)


def test_a_value_no_select_offers_is_refused_next_to_its_control_and_the_session_stays():
    html = settle(act(render("trainer", BLACK_JACK.id, seed=4), "decks", "2"))
    for action, value in (("double", "8-11"), ("soft-17", "sometimes"), ("max-hands", "9"), ("decks", "0")):
        UNEXPECTED.clear()
        refused = act(html, action, value)
        assert len(alerts(refused)) == 1, (action, value)
        assert root_of(refused).xpath(f'.//select[@data-naipes-action="{action}"]/@aria-invalid') == ["true"]
        assert state(refused) == state(html) and UNEXPECTED == []


# --- the costs, exact for the rules chosen ---------------------------------------------------------------------

def _draws(shoe: tuple[int, ...]):
    """Each card value (1 an ace … 10) with its chance and the shoe it leaves."""
    cards = sum(shoe)
    for index, count in enumerate(shoe):
        if count:
            yield Fraction(count, cards), index + 1, shoe[:index] + (count - 1,) + shoe[index + 1:]


def _points(hard: int, aces: int) -> int:
    return hard + 10 if aces and hard + 10 <= 21 else hard


@lru_cache(maxsize=None)
def _dealer(hard: int, aces: int, cards: int, shoe: tuple[int, ...], hits_soft_17: bool) -> dict:
    """The dealer's final result (17 … 21, "bust", or "bj": two cards making 21) from its cards so far."""
    points = _points(hard, aces)
    if cards == 2 and points == 21:
        return {"bj": Fraction(1)}
    if points > 21:
        return {"bust": Fraction(1)}
    soft_17 = points == 17 and points != hard
    if points >= 17 and not (soft_17 and hits_soft_17):
        return {points: Fraction(1)}
    found: dict = {}
    for chance, value, rest in _draws(shoe):
        for final, p in _dealer(hard + value, aces + (value == 1), cards + 1, rest, hits_soft_17).items():
            found[final] = found.get(final, 0) + chance * p
    return found


class Oracle:
    """A player's values against the dealer's `up` card (1 an ace … 10) under the rules that change them.

    Every value is first the expectation over the deals times the chance that the dealer has no black jack when
    `conditioned` (the dealer's black jack then costs the same whatever the player does), as the sum over the
    dealer's results other than black jack; `value` divides by that chance for the hand as it stands.
    """

    def __init__(self, up: int, hits_soft_17: bool, conditioned: bool) -> None:
        self.up, self.hits_soft_17, self.conditioned = up, hits_soft_17, conditioned

    def _no_blackjack(self, shoe: tuple[int, ...]) -> Fraction:
        completes = {1: 9, 10: 0}.get(self.up)  # the index of the card that makes the dealer's black jack
        return Fraction(1) if completes is None else 1 - Fraction(shoe[completes], sum(shoe))

    def _lost(self, bets: int, shoe: tuple[int, ...]) -> Fraction:
        return -bets * (self._no_blackjack(shoe) if self.conditioned else 1)

    @lru_cache(maxsize=None)
    def stand(self, hard: int, aces: int, shoe: tuple[int, ...], bets: int = 1) -> Fraction:
        points = _points(hard, aces)
        if points > 21:
            return self._lost(bets, shoe)
        value = Fraction(0)
        for final, p in _dealer(self.up, int(self.up == 1), 1, shoe, self.hits_soft_17).items():
            if final == "bj":
                value -= 0 if self.conditioned else bets * p
            elif final == "bust" or final < points:
                value += bets * p
            elif final > points:
                value -= bets * p
        return value

    def best(self, hard: int, aces: int, shoe: tuple[int, ...]) -> Fraction:
        points = _points(hard, aces)
        if points > 21:
            return self._lost(1, shoe)
        if points == 21:
            return self.stand(hard, aces, shoe)
        return max(self.stand(hard, aces, shoe), self.hit(hard, aces, shoe))

    @lru_cache(maxsize=None)
    def hit(self, hard: int, aces: int, shoe: tuple[int, ...]) -> Fraction:
        return sum((chance * self.best(hard + value, aces + (value == 1), rest)
                    for chance, value, rest in _draws(shoe)), Fraction(0))

    def double(self, hard: int, aces: int, shoe: tuple[int, ...]) -> Fraction:
        return sum((chance * self.stand(hard + value, aces + (value == 1), rest, 2)
                    for chance, value, rest in _draws(shoe)), Fraction(0))

    def values(self, cards, shoe: tuple[int, ...]) -> dict[str, Fraction]:
        """Standing, hitting, doubling and surrendering two cards (values 1 … 10) from `shoe` (theirs out)."""
        hard, aces = sum(cards), sum(1 for card in cards if card == 1)
        raw = {"stand": self.stand(hard, aces, shoe), "hit": self.hit(hard, aces, shoe),
               "double": self.double(hard, aces, shoe), "surrender": self._lost(1, shoe) / 2}
        scale = self._no_blackjack(shoe) if self.conditioned else 1
        return {action: value / scale for action, value in raw.items()}


def _one_deck_without(cards) -> tuple[int, ...]:
    shoe = [4] * 9 + [16]
    for card in cards:
        shoe[value_class(card)] -= 1
    return tuple(shoe)


def _judged_values(html: str) -> dict[str, Fraction]:
    """The value of every choice open, as the trainer judges it: the best's value less each choice's cost."""
    found = {}
    for chosen in choices(html):
        _situation, verdict_chosen, _best, best_value, cost = state(settle(act(html, "choose", chosen)))["verdicts"][-1]
        assert verdict_chosen == chosen
        found[chosen] = Fraction(best_value) - Fraction(cost)
    return found


#: One-deck rule sets (block keys as the command line spells them) the independent computation values.
ONE_DECK_RULES = [
    {},
    {"soft-17": "hit", "double": "any", "surrender": "any"},
    {"hole-card": "peek", "soft-17": "hit", "double": "10-11"},
    {"dealer-blackjack-takes": "original", "surrender": "none", "blackjack-pays": "6:5", "double": "none"},
]


@pytest.mark.parametrize("rules", ONE_DECK_RULES, ids=lambda rules: ",".join(f"{k}={v}" for k, v in rules.items()))
@pytest.mark.parametrize("drill", ["hard", "soft"])
def test_the_trainers_values_for_one_deck_are_those_computed_independently_for_the_rules(rules, drill):
    hits_soft_17 = rules.get("soft-17") == "hit"
    conditioned = rules.get("hole-card") == "peek" or rules.get("dealer-blackjack-takes") == "original"
    allowed_double = {"any": None, "10-11": {10, 11}, "none": set()}.get(rules.get("double", "9-11"), {9, 10, 11})
    surrender = rules.get("surrender", "except-ace")
    checked = 0
    for seed in range(1, 40):
        html = settle(render("trainer", BLACK_JACK.id, decks=1, seed=seed, drill=drill, **rules))
        spot = TRAINER.spot(typed(html, TRAINER), 1, [])
        hand, dealer = spot.coup.boxes[0].hands[0].cards, spot.coup.dealer_first
        offered = choices(html)
        if "split" in offered or not {"stand", "hit"} <= set(offered):
            continue
        up = min(value_class(dealer) + 1, 10)
        cards = [min(value_class(card) + 1, 10) for card in hand]
        expected = Oracle(up, hits_soft_17, conditioned).values(cards, _one_deck_without([*hand, dealer]))
        # What the rules open: doubling on these two cards, surrendering against this card.
        soft = 1 in cards and sum(cards) + 10 <= 21
        if allowed_double is not None and (soft or sum(cards) not in allowed_double):
            expected.pop("double")
        if surrender == "none" or (surrender == "except-ace" and up == 1):
            expected.pop("surrender")
        assert set(offered) == set(expected), (seed, hand, dealer)
        assert _judged_values(html) == expected, (seed, hand, dealer)
        checked += 1
        if checked == (2 if drill == "hard" else 1):  # a soft hand draws more: the recursion here takes seconds
            return
    raise AssertionError("no hand to check")


def _advised(capsys, flags: dict[str, str], hand, dealer) -> dict[str, Fraction]:
    command = ["advise", "black-jack", "--cards", " ".join(map(str, hand)), "--dealer", CLASS_NAMES[value_class(dealer)],
               "--json"]
    for flag, value in flags.items():
        command += [f"--{flag}", value]
    assert main(command) == 0
    return {action: Fraction(found["exact"]) for action, found in json.loads(capsys.readouterr().out)["actions"].items()}


#: Rule sets whose pairs the trainer values as the engine's advice does (splits, resplits, CDP1, more decks).
ADVISED_RULES = [
    {"decks": "2", "split-strategy": "cdp1", "resplit-aces": "yes", "soft-17": "hit"},
    {"decks": "1", "max-hands": "2", "double-after-split": "no", "hole-card": "peek", "double": "any"},
    {"decks": "1", "max-hands": "3", "surrender": "any", "dealer-blackjack-takes": "original"},
]


@pytest.mark.parametrize("rules", ADVISED_RULES, ids=lambda rules: ",".join(f"{k}={v}" for k, v in rules.items()))
def test_the_trainers_values_of_a_pair_are_the_engines_advice_for_the_same_rules(rules, capsys):
    html = settle(render("trainer", BLACK_JACK.id, seed=6, drill="pairs", **rules), )
    spot = TRAINER.spot(typed(html, TRAINER), 1, [])
    hand, dealer = spot.coup.boxes[0].hands[0].cards, spot.coup.dealer_first
    assert "split" in choices(html)
    advised = _advised(capsys, rules, hand, dealer)
    judged = _judged_values(html)
    assert judged == {action: advised[action] for action in judged}


def test_even_money_is_valued_at_the_black_jack_payout_chosen():
    # Declining even money is paid the payout unless the dealer's next card is worth ten (counted here).
    for seed in range(1, 3000):
        html = render("trainer", BLACK_JACK.id, decks=1, seed=seed, **{"blackjack-pays": "6:5"})
        if "even-money" in choices(html):
            break
    else:
        raise AssertionError("no black jack against an ace")
    html = settle(html)
    spot = TRAINER.spot(typed(html, TRAINER), 1, [])
    shoe = _one_deck_without([*spot.coup.boxes[0].hands[0].cards, spot.coup.dealer_first])
    assert _judged_values(html) == {"even-money": Fraction(1),
                                    "decline": Fraction(6, 5) * (1 - Fraction(shoe[9], sum(shoe)))}


# --- links ----------------------------------------------------------------------------------------------------

def _payload(link: str) -> dict:
    text = link.split(".", 1)[1]
    return json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) if text else {}


def _link_of(payload: dict) -> str:
    return "1." + base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_sessions_link_carries_its_rules_and_tally_to_another_language(game):
    html = settle(act(act(render("trainer", game.id, "es", seed=8), "soft-17", "hit"), "decks", "2"))
    while choices(html):
        html = settle(act(html, "choose", choices(html)[-1]))
    html = settle(act(html, "next"))
    link = root_of(html).get("data-naipes-link")
    assert _payload(link)["rules"] == {"soft_17": "hit", "decks": "2"}
    opened = widgets.handle(state_of(render("trainer", game.id, "ca")), LINK_ACTION, link)
    assert not alerts(opened)
    # The same session (a link leaves out whether its values are computed: they are again).
    assert dict(state(opened), valued=None) == dict(state(html), lang="ca", valued=None)
    assert (_selected(opened, "soft-17"), _selected(opened, "decks")) == ("hit", "2")
    assert {k: v for k, v in tally(opened).items() if k.endswith("exact")} == {
        k: v for k, v in tally(html).items() if k.endswith("exact")}


def test_a_link_made_before_the_rules_options_keeps_its_decks_and_its_session():
    # Before the options the trainer's state kept the decks by themselves.
    old = _link_of({"decks": "1", "seed": 5, "hand": 2, "decisions": 3, "mistakes": 1, "cost": "1/7"})
    opened = widgets.handle(state_of(render("trainer", BLACK_JACK.id)), LINK_ACTION, old)
    assert not alerts(opened)
    assert _selected(opened, "decks") == "1" and state(opened)["rules"] == {"decks": "1"}
    assert TRAINER.spot(typed(opened, TRAINER), 2, []).rules.decks == 1
    assert (tally(opened)["decisions"], tally(opened)["cost-exact"]) == ("3", "1/7")


@pytest.mark.parametrize("payload", [
    {"rules": {"soft_17": "sometimes"}}, {"rules": {"max_hands": "9"}}, {"rules": {"decks": 9}},
    {"rules": {"pay_table": "classic"}}, {"rules": "hit"}, {"rules": {"surrender": ["any"]}}, {"decks": "0"},
    {"decks": "1", "rules": {"decks": "x"}}, {"rules": {"blackjack_pays": "2:1" * 40}},
])
def test_a_link_with_a_bad_rule_shows_the_message_on_the_widget_and_never_raises(payload):
    page = settle(render("trainer", BLACK_JACK.id, "ca", seed=2))
    UNEXPECTED.clear()
    opened = widgets.handle(state_of(page), LINK_ACTION, _link_of(payload))
    assert len(alerts(opened)) == 1 and "enllaç" in alerts(opened)[0]
    assert state(opened) == state(page) and UNEXPECTED == []
