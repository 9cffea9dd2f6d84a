"""Chemin de fer's part of the trainer: card or no where the rules leave it open, valued as the coup widget does.

A session's hand is a coup of the preset in which the reader holds the punto
(the draw at five) or the bank (the cells its rules leave free), against the
other side playing by the sources (`decisions.reader_conduct`, opponent
`sources`): a coup is dealt again, with the hand's seed, until the reader's side
has a decision. The values are the coup widget's: the exact expectation per
unit staked of drawing and of standing (`decisions.decision_values`, Ethier and
Gámez's Model B1, shipped precomputed). The drills play only the punto or only
the bank; every hand alternates them (the punto first).

Examples:
    >>> from naipes.web.trainer import start
    >>> state = start({"preset": "cat-2016", "seed": "1", "drill": "punto"},
    ...               {"widget": "trainer", "game": "chemin-de-fer", "lang": "en"}, TRAINER)
    >>> spot = TRAINER.spot(state, 1, [])
    >>> spot.point.total, sorted(spot.values(None))
    (5, ['draw', 'stand'])
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence

from ....core.i18n import N_
from ....core.vocabulary import Word
from ....web import coup_player
from ....web.html import t
from ....web.trainer import Budget, Choice, Drill, TrainerState, dealt, register_trainer
from ..choices import DRAW, STAND, FreeChoice
from ..kernel import BANKER, PLAYER
from . import CHEMIN_DE_FER
from .decisions import Opponent, decision_values, reader_conduct
from .widgets import _hidden, _settlement, card_or_no, hand_html

OPPONENT = Opponent.SOURCES


class Practised(Word):
    """Which side a drill deals decisions to: both in turn, the punto's, or the bank's."""

    BOTH = "all"
    PUNTO = "punto"
    BANK = "banker"


DRILLS = (Drill(Practised.BOTH, N_("The punto and the bank in turn")), Drill(Practised.PUNTO, N_("The punto only")),
          Drill(Practised.BANK, N_("The bank only")))
KEYS = {DRAW: (N_("Key: card"), "c"), STAND: (N_("Key: no"), "n")}
LABELS = {DRAW: N_("Card"), STAND: N_("No")}


def _side(drill: str, hand: int) -> str:
    if drill == Practised.PUNTO:
        return PLAYER
    if drill == Practised.BANK:
        return BANKER
    return PLAYER if hand % 2 else BANKER


def _view(preset: str, side: str, seed: int, answers: Sequence[str]) -> coup_player.CoupView:
    rules = CHEMIN_DE_FER.presets.get(preset)
    return coup_player.replay_view(CHEMIN_DE_FER, rules, seed, reader_conduct(rules, side, OPPONENT, seed), answers,
                                   10**6, "en")


class CheminSpot:
    """A coup of the session: replayed with the reader's answer, the reader's side and its decision point."""

    def __init__(self, preset: str, side: str, seed: int, answers: Sequence[str]) -> None:
        self.preset, self.side, self.seed = preset, side, seed
        self.view = _view(preset, side, seed, answers)
        self.coup = self.view.full.coup
        self.point = next((e for e in self.coup.events if isinstance(e, FreeChoice) and e.hand == side), None)

    def choices(self) -> list[Choice]:
        if not self.view.full.waiting:
            return []
        return [Choice(action, *KEYS[action]) for action, _ in card_or_no("en")]

    def values(self, budget: Budget | None) -> dict[str, Fraction]:
        if not self.view.full.waiting or self.point is None:
            return {}
        found = decision_values(self.preset, self.side, OPPONENT, self.point.total, self.point.third)
        return {DRAW: found.draw, STAND: found.stand}

    def situation(self) -> str:
        if self.point is None:
            return ""
        third = "" if self.point.third is None else str(self.point.third)
        return f"{self.side};{self.point.total};{third}"

    def html(self, lang: str) -> str:
        coup = self.coup
        hidden = _hidden(coup, self.side)
        return ('<div class="naipes-hands">' + hand_html(PLAYER, coup.player, hidden, lang, coup.player_total)
                + hand_html(BANKER, coup.banker, hidden, lang, coup.banker_total) + "</div>")

    def outcome(self, lang: str) -> str:
        return _settlement(self.coup, self.side, 1, lang)


def _read(situation: str) -> tuple[str, int, int | None]:
    side, total, third = situation.split(";")
    if side not in (PLAYER, BANKER):
        raise ValueError(side)
    return side, int(total), int(third) if third else None


class CheminTrainer:
    """The trainer's protocol for chemin de fer (`naipes.web.trainer.Trainer`)."""

    drills = DRILLS

    def setup(self, spec: Mapping[str, str], game: str) -> dict[str, object]:
        return {"preset": CHEMIN_DE_FER.presets.get(spec.get("preset")).name}

    def spot(self, state: TrainerState, hand: int, answers: Sequence[str]) -> CheminSpot:
        preset, side = state.preset, _side(state.drill, hand)
        return CheminSpot(preset, side, _hand_seed(preset, side, state.seed, hand), answers)

    def describe(self, situation: str, lang: str) -> str:
        try:
            side, total, third = _read(situation)
        except ValueError:
            return situation
        if side == PLAYER:
            return t(N_("the punto with {total}"), lang).format(total=total)
        if third is None:
            return t(N_("the bank with {total}, the punto stood"), lang).format(total=total)
        return t(N_("the bank with {total} against the punto's third card {third}"), lang).format(
            total=total, third=third)

    def reason(self, situation: str, chosen: str, best: str, lang: str) -> str:
        try:
            side, _total, _third = _read(situation)
        except ValueError:
            return ""
        if side == PLAYER:
            return t(N_("Against a banker who plays by the sources' table, drawing at five gains a little: the "
                        "table does not know your five."), lang) if best == DRAW else t(
                N_("Against this banker's table standing at five keeps the better chances."), lang)
        return t(N_("The bank's choice is counted over every total the punto can hold after what he did, with "
                    "every card left in the shoe."), lang)

    def label(self, action: str, situation: str, lang: str) -> str:
        return t(LABELS[action], lang) if action in LABELS else action


@lru_cache(maxsize=256)
def _hand_seed(preset: str, side: str, seed: int, hand: int) -> int:
    return dealt(seed, hand, lambda candidate: bool(_view(preset, side, candidate, ()).full.waiting))


TRAINER = CheminTrainer()
register_trainer((CHEMIN_DE_FER.id,), TRAINER)
