"""Trijoker's and Go Poker's widgets: the playable table (with the value of leaving each bet in play), the
figures, and Go Poker Progresivo's pool.

Examples:
    >>> from naipes.widgets import render
    >>> html = render({"widget": "figures", "game": "trijoker"}, "en")
    >>> 'data-naipes-bet="house-edge"' in html and 'data-naipes-static="true"' in html
    True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ....core.drive import analyze
from ....core.i18n import N_
from ....web.html import hand, t
from ..table import TableSpec, cards_or_backs, pay_rows, register_figures, register_progressive, register_table
from . import TRIJOKER
from .coup import PULL, RIDE, TrijokerCoup
from .rules import TrijokerRules
from .values import bet_value


def _hands(coup: TrijokerCoup, lang: str) -> str:
    mine = hand("player", t(N_("Your cards"), lang), cards_or_backs(coup.player, [True] * 3, 3), lang)
    # the common cards placed so far, face down until the croupier turns them up
    shown = [i < coup.turned for i in range(len(coup.common))]
    common = hand("common", t(N_("Common cards"), lang), cards_or_backs(coup.common, shown, len(coup.common)), lang)
    return mine + common


def _question(coup: TrijokerCoup, lang: str) -> str:
    return t(N_("Bet {bet}: leave it in play or withdraw it?"), lang).format(bet=len(coup.rides) + 1)


def _choices(coup: TrijokerCoup, lang: str):
    return [(RIDE, t(N_("Leave it in play"), lang)), (PULL, t(N_("Withdraw it"), lang))]


def _values(coup: TrijokerCoup) -> dict[str, Fraction]:
    return {RIDE: bet_value(coup.seen, coup.rules), PULL: Fraction(0)}


register_table(TableSpec(TRIJOKER, _hands, _question, _choices, _values,
                         N_("Values: the expected result of that bet per unit staked, exact for one deck.")))


@lru_cache(maxsize=8)
def _report(rules: TrijokerRules):
    return analyze(TRIJOKER, rules)


register_figures(TRIJOKER, _report, lambda rules, lang: pay_rows(rules.pay_table.pays, lang, rules.minimum_pair))
register_progressive(TRIJOKER, lambda rules: rules.progressive)

