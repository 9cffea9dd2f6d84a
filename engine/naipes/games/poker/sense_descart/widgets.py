"""Pòquer sense descart's widgets: the playable table (going on, passing and buying a card, each with its exact
value), the figures (exact, from the shipped counts of every deal) and the progressive pool.

Examples:
    >>> from naipes.widgets import render
    >>> html = render({"widget": "progressive", "game": "sense-descart"}, "en")
    >>> 'data-naipes-deals="0"' in html
    True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ....core.i18n import N_
from ....web.html import hand, t
from ..kernel import FULL
from ..table import TableSpec, cards_or_backs, pay_rows, register_figures, register_progressive, register_table
from . import SENSE_DESCART
from .analysis import fast_report
from .coup import BUY, FOLD_ACTION, RAISE_ACTION, SenseDescartCoup
from .rules import SenseDescartRules
from .values import buy_values, raise_value


def _hands(coup: SenseDescartCoup, lang: str) -> str:
    over = coup.is_terminal()
    mine = hand("player", t(N_("Your cards"), lang), cards_or_backs(coup.player, [True] * 5, 5), lang)
    bank = hand("bank", t(N_("The bank's cards"), lang),
                cards_or_backs(coup.bank, [over, over, over, over, True], 5), lang)
    return mine + bank


def _question(coup: SenseDescartCoup, lang: str) -> str:
    if "buy-1" in coup.legal_actions():
        return t(N_("Go on (adding the second bet), pass, or buy a card first?"), lang)
    return t(N_("Go on (adding the second bet) or pass?"), lang)


def _choices(coup: SenseDescartCoup, lang: str):
    found = [(RAISE_ACTION, t(N_("Go on"), lang)), (FOLD_ACTION, t(N_("Pass"), lang))]
    for action in coup.legal_actions():
        if action.startswith(BUY):
            card = coup.player[int(action[len(BUY):]) - 1]
            found.append((action, t(N_("Buy a card for {card}"), lang).format(card=card.symbol)))
    return found


def _values(coup: SenseDescartCoup) -> dict[str, Fraction]:
    return {RAISE_ACTION: raise_value(coup.player_codes, coup.bank_codes[4], coup.rules), FOLD_ACTION: Fraction(-1)}


def _buy_values(coup: SenseDescartCoup, part: int) -> dict[str, Fraction]:
    """The value of buying a card for each of the player's: 46 cards received, tens of milliseconds (one part)."""
    if f"{BUY}1" not in coup.legal_actions():
        return {}
    values = buy_values(coup.player_codes, coup.bank_codes[4], coup.rules)
    return {f"{BUY}{i}": value for i, value in enumerate(values, 1)}


register_table(TableSpec(
    SENSE_DESCART, _hands, _question, _choices, _values,
    N_("Values: the expected result per ante against the bank's face-up card, exact for one deck."),
    slow_values=_buy_values))


@lru_cache(maxsize=4)
def _report(rules: SenseDescartRules):
    return fast_report(rules, FULL)


register_figures(SENSE_DESCART, _report, lambda rules, lang: pay_rows(rules.pay_table.pays, lang))
register_progressive(SENSE_DESCART, lambda rules: rules.progressive)
