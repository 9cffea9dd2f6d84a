"""Chemin de fer's part of the trainer: card or no where the rules leave it open, valued as the coup widget does.

A session's hand is a coup of the preset in which the reader holds the punto
(the draw at five) or the bank (the cells its rules leave free), against the
other side playing by the sources (`decisions.reader_conduct`, opponent
`sources`): a coup is dealt again, with the hand's seed, until the reader's side
has a decision. The values are the coup widget's: the exact expectation per
unit staked of drawing and of standing (`decisions.decision_values`, Ethier and
Gámez's Model B1, shipped precomputed). The drills play only the punto or only
the bank; every hand alternates them (the punto first).

The session's rules are the preset's with the rules options the reader chose
(every option of `CheminDeFerRules.OPTIONS`, offered by `OfferedRules`: the
decks, the cagnotte, and whatever the rules class declares). For a preset's
own rules the values are the shipped ones; for rules changed they are
computed with the same functions the shipped data was made with (`solution.
punto_values` against the banker's table, `solution.cell_values` against the
punto who takes the croupier's advice), for the shoe and cagnotte chosen:
measured at most 15 ms of CPython for a number of decks not computed yet in
the process (the tables of its shoe), well within a click; then cached.

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
from ....web.trainer import Budget, Choice, Drill, OfferedRules, TrainerState, dealt, register_trainer
from ..choices import DRAW, STAND, FreeChoice, draw_probability
from ..kernel import BANKER, PLAYER
from . import CHEMIN_DE_FER
from .coup import CheminDeFerConduct
from .decisions import Opponent, decision_values, reader_conduct
from .rules import CheminDeFerRules
from .solution import cell_values, punto_values
from .widgets import CAGNOTTES, _hidden, _settlement, card_or_no, hand_html

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
#: The rules options the trainer offers: those its exact values depend on, the shoe and the cagnotte (a free rate,
#: with the values the game's other widgets offer, named as they name them). The others (the stop card, the burn,
#: the bank's maximum, the players needed) change no decision's value.
OFFERED = OfferedRules(CHEMIN_DE_FER, {"commission": {"0.05": N_("5 per cent"),
                                                      "0": N_("none")}},
                       {"commission": tuple(CAGNOTTES)}, only=("decks", "commission"))
RulesKey = tuple[str, tuple[tuple[str, str], ...]]


def _side(drill: str, hand: int) -> str:
    if drill == Practised.PUNTO:
        return PLAYER
    if drill == Practised.BANK:
        return BANKER
    return PLAYER if hand % 2 else BANKER


def _view(key: RulesKey, side: str, seed: int, answers: Sequence[str]) -> coup_player.CoupView:
    rules = OFFERED.rules_of(key)
    return coup_player.replay_view(CHEMIN_DE_FER, rules, seed, reader_conduct(rules, side, OPPONENT, seed), answers,
                                   10**6, "en")


class CheminSpot:
    """A coup of the session: replayed with the reader's answer, the reader's side and its decision point."""

    def __init__(self, key: RulesKey, side: str, seed: int, answers: Sequence[str]) -> None:
        self.key, self.side, self.seed = key, side, seed
        self.preset = key[0]
        self.rules: CheminDeFerRules = OFFERED.rules_of(key)
        self.view = _view(key, side, seed, answers)
        self.coup = self.view.full.coup
        self.point = next((e for e in self.coup.events if isinstance(e, FreeChoice) and e.hand == side), None)

    def choices(self) -> list[Choice]:
        if not self.view.full.waiting:
            return []
        return [Choice(action, *KEYS[action]) for action, _ in card_or_no("en")]

    def values(self, budget: Budget | None) -> dict[str, Fraction]:
        if not self.view.full.waiting or self.point is None:
            return {}
        if not self.key[1]:  # the preset's own rules: the values shipped
            found = decision_values(self.preset, self.side, OPPONENT, self.point.total, self.point.third)
            return {DRAW: found.draw, STAND: found.stand}
        draw, stand = _values(self.key, self.side, self.point.total, self.point.third)
        return {DRAW: draw, STAND: stand}

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


@lru_cache(maxsize=256)
def _values(key: RulesKey, side: str, total: int, third: int | None) -> tuple[Fraction, Fraction]:
    """The values of drawing and of standing at a decision under rules changed by the reader, computed as the
    shipped ones are (`decisions.preset_decisions`, against the sources' conduct): the punto against the banker's
    table, the bank against the punto who takes the croupier's advice, from a full shoe of the rules' decks."""
    rules = OFFERED.rules_of(key)
    drawing = rules.drawing
    if side == PLAYER:
        draw, stand, _reach = punto_values("shoe", rules.decks, total, CheminDeFerConduct().banker_strategy(rules),
                                           drawing)
    else:
        draw, stand, _reach = cell_values("shoe", rules.decks, rules.cagnotte, draw_probability("advice", drawing),
                                          (total, third), drawing)
    return draw, stand


class CheminTrainer:
    """The trainer's protocol for chemin de fer (`naipes.web.trainer.Trainer`), with its rules options."""

    drills = DRILLS
    state = OFFERED.state

    def setup(self, spec: Mapping[str, str], game: str) -> dict[str, object]:
        return OFFERED.setup(spec)

    def settings(self, state: TrainerState, lang: str) -> str:
        return OFFERED.settings(state, lang)

    def configure(self, state: TrainerState, action: str, value: str) -> TrainerState | None:
        return OFFERED.configure(state, action, value)

    def spot(self, state: TrainerState, hand: int, answers: Sequence[str]) -> CheminSpot:
        key, side = OFFERED.rules_key(state), _side(state.drill, hand)
        return CheminSpot(key, side, _hand_seed(key, side, state.seed, hand), answers)

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
def _hand_seed(key: RulesKey, side: str, seed: int, hand: int) -> int:
    return dealt(seed, hand, lambda candidate: bool(_view(key, side, candidate, ()).full.waiting))


TRAINER = CheminTrainer()
register_trainer((CHEMIN_DE_FER.id,), TRAINER, keys=OFFERED.keys)
