"""Three Card Poker's part of the trainer: play (a bet equal to the ante) or fold, valued as its table values them.

Examples:
    >>> TRAINER.label("play", "Qh 6d 4c", "en"), TRAINER.describe("Qh 6d 4c", "en")
    ('Play', 'Q♥︎ 6♦︎ 4♣︎ (high card)')
"""

from __future__ import annotations

from ....core.i18n import N_
from ....web.html import t
from ....web.trainer import register_trainer
from ..training import PokerGame, PokerTrainer, cards_of, hand_words
from . import THREE_CARD_POKER
from .coup import FOLD_ACTION, PLAY_ACTION


def _seen(coup) -> str:
    return " ".join(map(str, coup.player))


def _reason(situation: str, chosen: str, best: str, lang: str) -> str:
    cards_of(situation)  # a damaged situation gives no reason
    if best == PLAY_ACTION:
        return t(N_("Folding loses the ante for sure; playing loses less on average, since the croupier fails to "
                    "qualify or holds less often enough."), lang)
    return t(N_("Playing puts a second ante against a croupier who beats this hand too often: folding loses "
                "only the first."), lang)


TRAINER = PokerTrainer(PokerGame(
    THREE_CARD_POKER.id, _seen, lambda coup: coup.player,
    {PLAY_ACTION: (N_("Key: play"), "p"), FOLD_ACTION: (N_("Key: fold"), "f")},
    {PLAY_ACTION: N_("Play"), FOLD_ACTION: N_("Fold")},
    lambda situation, lang: hand_words(cards_of(situation), lang), _reason), THREE_CARD_POKER,
    # the pay tables differ in the Pair Plus's flush only: named by it (short: a select in the rules' grid)
    {"pay_table": {"classic": N_("flush 4 to 1"),
                   "pair-plus-3": N_("flush 3 to 1")}})

register_trainer((THREE_CARD_POKER.id,), TRAINER, keys=TRAINER.offered.keys)
