"""The banked poker games' part of the trainer (`naipes.web.trainer`): the hands and values of their tables.

A session's hand is the game's coup dealt from a fresh deck with the hand's
seed and played with the reader's answers through the one driver, as the
`table` widget plays it (`naipes.games.poker.table.TableSpec`: the same
hands, the same choices and the same exact values, all of them — the slow
ones too, which take at most tens of milliseconds). Each game's `trainer.py`
says what the reader sees (`seen`: the situation's cards), how its choices
are named and why one is best; the drills deal only hands whose first
decision holds a high card, a pair, or better.

The session's rules are the preset's with the rules options the reader chose
(every option the game's rules class declares, offered by `OfferedRules`: the
pay table where a game has more than one), and the deals and values are kept
by those rules.

Examples:
    >>> from naipes.games import registry
    >>> registry.load_widgets(registry.game("three-card-poker"))
    >>> from naipes.games.poker.three_card.trainer import TRAINER
    >>> from naipes.web.trainer import start
    >>> state = start({"preset": "clasificador-bo-cl", "seed": "5", "drill": "pair"},
    ...               {"widget": "trainer", "game": "three-card-poker", "lang": "en"}, TRAINER)
    >>> spot = TRAINER.spot(state, 1, [])
    >>> [choice.action for choice in spot.choices()], sorted(spot.values(None))
    (['play', 'fold'], ['fold', 'play'])
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Mapping, Sequence

from ...core.cards import Card, parse_cards
from ...core.i18n import N_
from ...core.model import Coup, Game, ReaderDecides
from ...web import coup_player
from ...web.html import t
from ...web.trainer import Budget, Choice, Drill, OfferedRules, TrainerState, cards_text, dealt
from .hands import HIGH_CARD, PAIR, STANDARD, THREE_CARD, CATEGORY_NAMES, category_of, codes, strength3, strength5
from .kernel import PLAYER
from .table import SPECS, TableSpec, _results, slow_values, wrap

#: The drills: the category of the cards of the hand's first decision.
DRILLS = (Drill("all", N_("Every hand")), Drill("high-card", N_("High card only")), Drill("pair", N_("A pair only")),
          Drill("better", N_("Better than a pair only")))


def category(cards: Sequence[Card]) -> str:
    """The poker category of three or five cards (`high-card`, `pair`, …).

    Examples:
        >>> category(parse_cards("Qh Qd 4c")), category(parse_cards("Ah Kd Qc 6s 3h"))
        ('pair', 'high-card')
    """
    found = codes(cards)
    if len(found) == 3:
        return category_of(strength3(*found), THREE_CARD)
    return category_of(strength5(*found), STANDARD)


def _fits(drill: str, cards: Sequence[Card]) -> bool:
    if drill == "all":
        return True
    kind = category(cards)
    return kind == HIGH_CARD if drill == "high-card" else kind == PAIR if drill == "pair" else kind not in (HIGH_CARD,
                                                                                                              PAIR)


@dataclass(frozen=True, eq=False)  # compared (and cached) by identity: one per game
class PokerGame:
    """What one banked poker game adds to its table for the trainer.

    Attributes:
        game_id: the game.
        seen: the situation of the decision waiting in a coup: the cards the reader sees, as a short code.
        drill_cards: the reader's cards of the coup's first decision (what a drill looks at).
        keys: each action's key (its msgid and the English key); another action's key is `default_key(action)`.
        labels: each action's name (an English msgid); another's is `label(action, situation, lang)`.
        describe: a situation in words.
        reason: why the best choice is best, in one sentence (chosen, best, situation, language).
    """

    game_id: str
    seen: Callable[[Coup], str]
    drill_cards: Callable[[Coup], Sequence[Card]]
    keys: Mapping[str, tuple[str, str]]
    labels: Mapping[str, str]
    describe: Callable[[str, str], str]
    reason: Callable[[str, str, str, str], str]
    label: Callable[[str, str, str], str] | None = None
    default_key: Callable[[str], str] | None = None


class PokerSpot:
    """A hand of the session: the table's coup replayed with the reader's answers."""

    def __init__(self, poker: PokerGame, spec: TableSpec, rules: object, seed: int, answers: Sequence[str],
                 rules_key: object = None) -> None:
        self.poker, self.spec, self.rules, self.rules_key = poker, spec, rules, rules_key
        conduct = ReaderDecides((PLAYER,), spec.game.conduct(rules))
        self.record = coup_player.replay_view(spec.game, rules, seed, conduct, answers, 10**6, "en",
                                              spec.new_coup).full
        self.coup = self.record.coup

    def choices(self) -> list[Choice]:
        if self.record.waiting != PLAYER:
            return []
        found = []
        for action in self.coup.legal_actions():
            key, default = self.poker.keys.get(action, ("", self.poker.default_key(action) if self.poker.default_key
                                                        else ""))
            found.append(Choice(action, key, default))
        return found

    def values(self, budget: Budget | None) -> dict[str, Fraction]:
        """The table's exact values (at most tens of milliseconds: no budget needed)."""
        if self.record.waiting != PLAYER:
            return {}
        return dict(_values(self.spec, self.rules_key, self.coup, self.poker.seen(self.coup)))

    def situation(self) -> str:
        return self.poker.seen(self.coup) if self.record.waiting == PLAYER else ""

    def html(self, lang: str) -> str:
        return wrap(f'<div class="naipes-hands">{self.spec.hands(self.coup, lang)}</div>')

    def outcome(self, lang: str) -> str:
        """The table's result line, as text (the trainer escapes it again)."""
        return html.unescape(re.sub(r"<[^>]+>", "", _results(self.coup, lang)))


_VALUES: dict[tuple[str, object, str], dict[str, Fraction]] = {}


def _values(spec: TableSpec, rules_key: object, coup: Coup, situation: str) -> dict[str, Fraction]:
    key = (spec.game.id, rules_key, situation + "|" + ",".join(coup.legal_actions()))
    if key not in _VALUES:
        found = {**(spec.values(coup) or {}), **slow_values(spec, coup)}
        if len(_VALUES) >= 512:
            _VALUES.pop(next(iter(_VALUES)))
        _VALUES[key] = {action: value for action, value in found.items() if action in coup.legal_actions()}
    return _VALUES[key]


class PokerTrainer:
    """The trainer's protocol for a banked poker game (`naipes.web.trainer.Trainer`), from its table, with the
    rules options of `game`."""

    drills = DRILLS

    def __init__(self, poker: PokerGame, game: Game, labels: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.poker = poker
        self.offered = OfferedRules(game, labels)
        self.state = self.offered.state

    @property
    def spec(self) -> TableSpec:
        return SPECS[self.poker.game_id]

    def setup(self, spec: Mapping[str, str], game: str) -> dict[str, object]:
        return self.offered.setup(spec)

    def settings(self, state: TrainerState, lang: str) -> str:
        return self.offered.settings(state, lang)

    def configure(self, state: TrainerState, action: str, value: str) -> TrainerState | None:
        return self.offered.configure(state, action, value)

    def spot(self, state: TrainerState, hand: int, answers: Sequence[str]) -> PokerSpot:
        key = self.offered.rules_key(state)
        rules = self.offered.rules_of(key)
        seed = _hand_seed(self, key, state.seed, hand, state.drill)
        return PokerSpot(self.poker, self.spec, rules, seed, answers, key)

    def describe(self, situation: str, lang: str) -> str:
        try:
            return self.poker.describe(situation, lang)
        except ValueError:
            return situation

    def reason(self, situation: str, chosen: str, best: str, lang: str) -> str:
        try:
            return self.poker.reason(situation, chosen, best, lang)
        except ValueError:
            return ""

    def label(self, action: str, situation: str, lang: str) -> str:
        if action in self.poker.labels:
            return t(self.poker.labels[action], lang)
        if self.poker.label is not None:
            try:
                return self.poker.label(action, situation, lang)
            except (ValueError, IndexError):
                pass
        return action


@lru_cache(maxsize=256)
def _hand_seed(trainer: PokerTrainer, key: tuple[str, tuple[tuple[str, str], ...]], seed: int, hand: int,
               drill: str) -> int:
    poker = trainer.poker
    spec = SPECS[poker.game_id]
    rules = trainer.offered.rules_of(key)

    def fits(candidate: int) -> bool:
        conduct = ReaderDecides((PLAYER,), spec.game.conduct(rules))
        record = coup_player.replay_view(spec.game, rules, candidate, conduct, (), 10**6, "en", spec.new_coup).full
        return record.waiting == PLAYER and _fits(drill, poker.drill_cards(record.coup))

    return dealt(seed, hand, fits)


def cards_of(code: str) -> tuple[Card, ...]:
    """Cards written in a situation code (`Qh 6d 4c`; empty for none).

    Raises:
        CardError: not cards.
    """
    return parse_cards(code) if code.strip() else ()


def hand_words(cards: Sequence[Card], lang: str) -> str:
    """Cards and their category: `Q♥ 6♦ 4♣ (high card)`."""
    return f"{cards_text(cards, lang)} ({t(CATEGORY_NAMES[category(cards)], lang)})"


__all__ = ["DRILLS", "PokerGame", "PokerSpot", "PokerTrainer", "cards_of", "category", "hand_words"]
