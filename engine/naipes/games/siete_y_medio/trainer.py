"""Siete y medio's part of the trainer (`naipes.web.trainer`): ask face up, ask face down or stand, valued exactly.

A session's hand is the reader alone against the bank, the bank's first card
face up (as the `table` widget computes its expected results): the reader's
first card lies face down, and each card asked for comes face up or face
down (a card asked face down is the hidden one from then on, the one before
it turned up). Each decision is valued by the game's adviser
(`naipes.games.siete_y_medio.adviser`, the values the table's advice shows):
the exact expected result per point staked of standing and of asking either
way against the engine's bank. Those values take up to a second from one
card, so the adviser is kept between clicks and stops when the click's
budget is spent (in the middle of a bank position too: one can take tens
of milliseconds), and the trainer asks again until they are complete. The
hand ends when the reader stands or goes over 7½ (the value of standing is the bank's whole play, in
expectation).

Drills deal the first decision at a total of the range asked: the cards
before it come face up, as if asked for.

Examples:
    >>> from naipes.web.trainer import start
    >>> state = start({"seed": "3", "drill": "high"}, {"widget": "trainer", "game": "siete-y-medio", "lang": "en"},
    ...               TRAINER)
    >>> spot = TRAINER.spot(state, 1, [])
    >>> spot.total >= 12, [choice.action for choice in spot.choices()]
    (True, ['stand', 'ask-face-up', 'ask-face-down'])
"""

from __future__ import annotations

import time
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence

from ...core.cards import SPANISH, Card, parse_cards
from ...core.shoe import Shoe
from ...core.formatting import percent
from ...core.i18n import N_
from ...web.html import hand as html_hand, t
from ...web.state import StateError
from ...web.trainer import Budget, Choice, Drill, TrainerState, Unfinished, cards_text, dealt, register_trainer
from . import SIETE_Y_MEDIO
from .adviser import _Adviser
from .bank import OutOfTime, solving_until
from .hand import ASK_FACE_DOWN, ASK_FACE_UP, STAND
from .values import CLASS_INDEX, LIMIT, format_total, half_points, hand_half_points

GAMES = (SIETE_Y_MEDIO.id,)
LABELS = {STAND: N_("Stand"), ASK_FACE_UP: N_("Ask face up"), ASK_FACE_DOWN: N_("Ask face down")}
KEYS = {STAND: (N_("Key: stand"), "s"), ASK_FACE_UP: (N_("Key: ask face up"), "u"),
        ASK_FACE_DOWN: (N_("Key: ask face down"), "d")}
#: The drills: the range of totals (in half points) of the first decision.
RANGES = {"all": (1, 14), "low": (1, 7), "middle": (8, 11), "high": (12, 14)}
DRILLS = (Drill("all", N_("Every hand")), Drill("low", N_("Totals up to 3½")),
          Drill("middle", N_("Totals 4 to 5½")), Drill("high", N_("Totals 6 to 7")))
#: The spending of the click being computed (see `_Resumable`).
_SPENDING: list[Budget] = [Budget(10**18)]


#: The time counted last (`time.process_time`).
_CLOCK: list[float] = [0.0]
#: The least work (µs) a click or a fill does, so that each one makes progress, and the budget that did it.
_LEAST = 2_000
_WORKED: list[Budget | None] = [None]


class _Resumable(_Adviser):
    """The adviser, kept between clicks: its work is counted (measured, in µs) against the click's budget, and
    the positions valued stay for the next click (its `_values`).

    All the time since the last count is counted (the walk between bank positions too); a bank position is valued
    until the budget is spent, and stopped there if it is not finished (`OutOfTime`, its nodes solved so far
    kept), so a click stops at its budget whatever the position (one can take tens of milliseconds). Each click
    does at least `_LEAST` of work: every click makes progress."""

    def _stand(self, drawn: tuple[int, ...], hidden: int) -> Fraction:
        budget = _SPENDING[0]
        started = time.process_time()
        budget.left -= int((started - _CLOCK[0]) * 1e6)
        if budget.left <= 0 and _WORKED[0] is budget:
            raise Unfinished()  # the click's budget is spent
        _WORKED[0] = budget
        try:
            with solving_until(started + max(budget.left, _LEAST) / 1e6):
                return super()._stand(drawn, hidden)
        except OutOfTime:
            raise Unfinished() from None
        finally:
            _CLOCK[0] = time.process_time()
            budget.left -= int((_CLOCK[0] - started) * 1e6)


@lru_cache(maxsize=32)
def _adviser(cards: tuple[Card, ...], hidden: Card, bank: Card) -> _Resumable:
    return _Resumable(cards, hidden, (), (bank,), (), None, 1, ())


@lru_cache(maxsize=256)
def _values(cards: tuple[Card, ...], hidden: Card, bank: Card) -> dict[str, Fraction]:
    """The adviser's exact values (per point staked) of the choices open to `cards` against the bank's card."""
    adviser = _adviser(cards, hidden, bank)
    zeros = (0,) * len(adviser.truth)
    stand, up, down = adviser.values(zeros, CLASS_INDEX[half_points(hidden)])
    norm = adviser._bank_free_mass(zeros)
    found = {STAND: stand / norm}
    if up is not None:
        found[ASK_FACE_UP] = up / norm
    if down is not None:
        found[ASK_FACE_DOWN] = down / norm
    return found


class SieteSpot:
    """The reader's hand: the cards in the order dealt, which lies face down, the bank's card, the deck left."""

    def __init__(self, deck: Sequence[Card], start: int, answers: Sequence[str]) -> None:
        self.bank = deck[0]
        self.cards = list(deck[1:2 + start])
        self.hidden = self.cards[0]
        self.stood = False
        following = 2 + start
        for answer in answers:
            if answer not in [choice.action for choice in self.choices()]:
                raise StateError()
            if answer == STAND:
                self.stood = True
                continue
            self.cards.append(deck[following])
            following += 1
            if answer == ASK_FACE_DOWN:
                self.hidden = self.cards[-1]

    @property
    def total(self) -> int:
        """The hand's total in half points."""
        return hand_half_points(self.cards)

    def choices(self) -> list[Choice]:
        if self.stood or self.total > LIMIT:
            return []
        open_now = (STAND, ASK_FACE_UP, ASK_FACE_DOWN) if self.total < LIMIT else (STAND,)
        return [Choice(action, *KEYS[action]) for action in open_now]

    def values(self, budget: Budget) -> dict[str, Fraction]:
        _SPENDING[0] = budget
        _CLOCK[0] = time.process_time()
        try:
            found = _values(tuple(self.cards), self.hidden, self.bank)
        finally:
            _SPENDING[0] = Budget(10**18)
        return {action: found[action] for action in (c.action for c in self.choices()) if action in found}

    def situation(self) -> str:
        visible = [card for card in self.cards if card != self.hidden]
        return ";".join((str(self.hidden), " ".join(map(str, visible)), str(self.bank)))

    def html(self, lang: str) -> str:
        hidden_at = self.cards.index(self.hidden)
        bank = html_hand("", t(N_("The bank"), lang), [self.bank], lang, format_total(half_points(self.bank)))
        mine = html_hand("0", t(N_("Your hand"), lang), self.cards, lang, format_total(self.total),
                         face_down=(hidden_at,), current=bool(self.choices()))
        return f'<div class="naipes-hands">{bank}{mine}</div>'

    def outcome(self, lang: str) -> str:
        if self.total > LIMIT:
            return t(N_("Over 7½: the hand is lost."), lang)
        return t(N_("You stand on {total}; the bank plays next."), lang).format(total=format_total(self.total))


def _read(code: str) -> tuple[Card, tuple[Card, ...], Card]:
    """A situation code read back (`hidden;visible cards;bank`).

    Raises:
        ValueError: not a code `SieteSpot.situation` writes (`NaipesError` is one).
    """
    hidden, visible, bank = code.split(";")
    return (parse_cards(hidden, deck=SPANISH)[0], parse_cards(visible, deck=SPANISH) if visible else (),
            parse_cards(bank, deck=SPANISH)[0])


class SieteTrainer:
    """The trainer's protocol for Siete y medio (`naipes.web.trainer.Trainer`)."""

    drills = DRILLS
    #: The adviser's values may take longer than a click (a session starts with them to compute).
    progressive = True

    def setup(self, spec: Mapping[str, str], game: str) -> dict[str, object]:
        return {"preset": SIETE_Y_MEDIO.presets.get(spec.get("preset")).name}

    def spot(self, state: TrainerState, hand: int, answers: Sequence[str]) -> SieteSpot:
        seed, start = _hand_seed(state.seed, hand, state.drill)
        return SieteSpot(_deck(seed), start, answers)

    def describe(self, situation: str, lang: str) -> str:
        try:
            hidden, visible, bank = _read(situation)
        except ValueError:
            return situation
        return t(N_("{total} ({cards}, the first face down) against the bank's {bank}"), lang).format(
            total=format_total(hand_half_points((hidden, *visible))), cards=cards_text((hidden, *visible), lang),
            bank=cards_text((bank,), lang))

    def reason(self, situation: str, chosen: str, best: str, lang: str) -> str:
        try:
            hidden, visible, bank = _read(situation)
        except ValueError:
            return ""
        total = hand_half_points((hidden, *visible))
        gone = {hidden, *visible, bank}
        left = [card for card in _deck(0) if card not in gone]
        over = Fraction(sum(1 for card in left if total + half_points(card) > LIMIT), len(left))
        if best == STAND:
            return t(N_("One more card goes over 7½ {chance} of the time: standing keeps the hand."), lang).format(
                chance=_percent(over, lang))
        if best == ASK_FACE_DOWN:
            return t(N_("Asking face down hides the new card from the bank, which then plays against a total it "
                        "cannot see; one more card goes over {chance} of the time."), lang).format(
                chance=_percent(over, lang))
        return t(N_("One more card goes over 7½ only {chance} of the time, and the bank beats {total} often."),
                 lang).format(chance=_percent(over, lang), total=format_total(total))

    def label(self, action: str, situation: str, lang: str) -> str:
        return t(LABELS[action], lang) if action in LABELS else action


def _percent(value: Fraction, lang: str) -> str:
    return percent(value, lang, 1)


@lru_cache(maxsize=512)
def _deck(seed: int) -> tuple[Card, ...]:
    """The baraja of a hand, shuffled with its seed (the bank's card first, then the reader's cards)."""
    shoe = Shoe.shuffled(1, seed, deck=SPANISH)
    return tuple(shoe.draw() for _ in range(len(shoe)))


@lru_cache(maxsize=256)
def _hand_seed(seed: int, hand: int, drill: str) -> tuple[int, int]:
    """The seed of the session's hand number `hand`, and how many cards come face up before its first decision."""
    low, high = RANGES.get(drill, RANGES["all"])
    found: dict[int, int] = {}

    def fits(candidate: int) -> bool:
        deck = _deck(candidate)
        total = 0
        for extra, card in enumerate(deck[1:8]):
            total += half_points(card)
            if total > high:
                return False
            if total >= low:
                found[candidate] = extra
                return True
        return False

    chosen = dealt(seed, hand, fits)
    return chosen, found[chosen]


TRAINER = SieteTrainer()
register_trainer(GAMES, TRAINER)
