"""The three-card game's widgets: the playable table (with the value of playing and folding) and the figures.

Examples:
    >>> from naipes.widgets import render
    >>> html = render({"widget": "table", "game": "three-card-poker", "seed": "2"}, "en")
    >>> 'data-naipes-seed="2"' in html
    True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ....core.i18n import N_
from ....web.html import hand, t
from ..kernel import FULL
from ..table import TableSpec, cards_or_backs, pay_rows, register_figures, register_table
from . import THREE_CARD_POKER
from .analysis import fast_report
from .coup import FOLD_ACTION, PLAY_ACTION, ThreeCardCoup
from .rules import ThreeCardRules
from .values import hand_value


def _hands(coup: ThreeCardCoup, lang: str) -> str:
    over = coup.is_terminal()
    mine = hand("player", t(N_("Your cards"), lang), cards_or_backs(coup.player, [True] * 3, 3), lang)
    bank = hand("bank", t(N_("The croupier's cards"), lang), cards_or_backs(coup.bank, [over] * 3, 3), lang)
    return mine + bank


def _choices(coup: ThreeCardCoup, lang: str):
    return [(PLAY_ACTION, t(N_("Play"), lang)), (FOLD_ACTION, t(N_("Fold"), lang))]


def _values(coup: ThreeCardCoup) -> dict[str, Fraction]:
    return {PLAY_ACTION: hand_value(coup.player_codes, coup.rules), FOLD_ACTION: Fraction(-1)}


register_table(TableSpec(
    THREE_CARD_POKER, _hands, lambda coup, lang: t(N_("Play (a bet equal to the ante) or fold?"), lang), _choices,
    _values, N_("Values: the expected result of the ante and the play bet per ante, exact for one deck.")))


@lru_cache(maxsize=4)
def _report(rules: ThreeCardRules):
    return fast_report(rules, FULL)


def _rows(rules: ThreeCardRules, lang: str):
    bonus = [(t(N_("Ante bonus: {hand}"), lang).format(hand=name), pays)
             for name, pays in pay_rows(rules.pay_table.ante_bonus.pays, lang)]
    pair_plus = [(t(N_("Pair Plus: {hand}"), lang).format(hand=name), pays)
                 for name, pays in pay_rows(rules.pay_table.pair_plus.pays, lang)]
    return bonus + pair_plus


register_figures(THREE_CARD_POKER, _report, _rows)
