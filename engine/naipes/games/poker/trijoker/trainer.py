"""Trijoker's part of the trainer: leave each bet in play or withdraw it, valued as its table values them.

Examples:
    >>> TRAINER.describe("Jh Jd 4c;", "en")
    'J♥︎ J♦︎ 4♣︎, bet 1'
"""

from __future__ import annotations

from ....core.i18n import N_
from ....web.html import t
from ....web.trainer import cards_text, register_trainer
from ..training import PokerGame, PokerTrainer, cards_of
from . import TRIJOKER
from .coup import PULL, RIDE


def _seen(coup) -> str:
    return " ".join(map(str, coup.player)) + ";" + " ".join(map(str, coup.common))


def _describe(situation: str, lang: str) -> str:
    player, common = situation.split(";")
    words = cards_text(cards_of(player), lang)  # three cards of a five-card hand: no category yet
    if common.strip():
        return t(N_("{hand} and the common card {card}, bet 2"), lang).format(
            hand=words, card=cards_text(cards_of(common), lang))
    return t(N_("{hand}, bet 1"), lang).format(hand=words)


def _reason(situation: str, chosen: str, best: str, lang: str) -> str:
    situation.split(";")[1]  # a damaged situation gives no reason
    if best == RIDE:
        return t(N_("With these cards the final five pay often enough: the bet returns more than it risks."), lang)
    return t(N_("With these cards the final five pay too rarely: a bet in play is worth less than nothing."), lang)


TRAINER = PokerTrainer(PokerGame(
    TRIJOKER.id, _seen, lambda coup: coup.player,
    {RIDE: (N_("Key: leave it in play"), "l"), PULL: (N_("Key: withdraw it"), "w")},
    {RIDE: N_("Leave it in play"), PULL: N_("Withdraw it")}, _describe, _reason), TRIJOKER)

register_trainer((TRIJOKER.id,), TRAINER, keys=TRAINER.offered.keys)
