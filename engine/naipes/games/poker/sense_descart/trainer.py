"""Pòquer sense descart's part of the trainer: go on, pass or buy a card, valued as its table values them.

Examples:
    >>> TRAINER.label("buy-2", "Ah Kd Qc 6s 3h;2s", "en"), TRAINER.describe("Ah Kd Qc 6s 3h;2s", "en")
    ('Buy a card for K♦', "A♥︎ K♦︎ Q♣︎ 6♠︎ 3♥︎ (high card) against the bank's 2♠︎")
"""

from __future__ import annotations

from ....core.i18n import N_
from ....web.html import t
from ....web.trainer import cards_text, register_trainer
from ..training import PokerGame, PokerTrainer, cards_of, hand_words
from . import SENSE_DESCART
from .coup import BUY, FOLD_ACTION, RAISE_ACTION


def _seen(coup) -> str:
    return " ".join(map(str, coup.player)) + ";" + str(coup.bank[4])


def _describe(situation: str, lang: str) -> str:
    player, up = situation.split(";")
    return t(N_("{hand} against the bank's {card}"), lang).format(hand=hand_words(cards_of(player), lang),
                                                                 card=cards_text(cards_of(up), lang))


def _label(action: str, situation: str, lang: str) -> str:
    if not action.startswith(BUY):
        raise ValueError(action)
    card = cards_of(situation.split(";")[0])[int(action[len(BUY):]) - 1]
    return t(N_("Buy a card for {card}"), lang).format(card=card.symbol)


def _reason(situation: str, chosen: str, best: str, lang: str) -> str:
    situation.split(";")[1]  # a damaged situation gives no reason
    if best == RAISE_ACTION:
        return t(N_("Against this face-up card the hand wins, or the bank fails to qualify, often enough to "
                    "risk the raise."), lang)
    if best == FOLD_ACTION:
        return t(N_("Against this face-up card the raise is lost too often: passing loses only the ante."), lang)
    return t(N_("The card bought comes from the 46 unseen: the hands it makes are worth more than its price."),
             lang)


TRAINER = PokerTrainer(PokerGame(
    SENSE_DESCART.id, _seen, lambda coup: coup.player,
    {RAISE_ACTION: (N_("Key: go on"), "g"), FOLD_ACTION: (N_("Key: pass"), "p")},
    {RAISE_ACTION: N_("Go on"), FOLD_ACTION: N_("Pass")}, _describe, _reason, label=_label,
    default_key=lambda action: action[len(BUY):] if action.startswith(BUY) else ""), SENSE_DESCART)

register_trainer((SENSE_DESCART.id,), TRAINER, keys=TRAINER.offered.keys)
