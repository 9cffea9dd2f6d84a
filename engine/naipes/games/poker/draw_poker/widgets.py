"""Draw Poker's widgets: the playable table (folding, keeping the five cards or exchanging one or two, each with
its exact value), the figures (exact, from the shipped counts of every deal) and the progressive pool.

The exact value of each exchange needs the croupier's hands from the cards
left after every possible set of replacements (`values.option_values`): too
long for the answer to a click, so the table names the stated strategy's
choice at once and the page asks for the values right after, in three fills
(`fill`), each within the budget of one answer.

Examples:
    >>> from naipes.widgets import render
    >>> html = render({"widget": "figures", "game": "draw-poker"}, "en")
    >>> "exact: every deal of one 52-card deck" in html
    True
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from ....core.i18n import N_
from ....web.html import hand, t
from ..kernel import FULL
from ..narration import symbols
from ..table import FinalHandReading, TableSpec, cards_or_backs, pay_rows, register_figures, register_progressive, register_table
from . import DRAW_POKER
from ..progressive import FINAL_HAND
from .analysis import fast_report, progressive_odds
from .coup import FOLD_ACTION, STAND, DrawPokerCoup, draw_action
from .rules import DrawPokerRules
from .strategy import exchange
from .values import in_parts, option_values


def _hands(coup: DrawPokerCoup, lang: str) -> str:
    over = coup.is_terminal()
    cards = [c for c in coup.player if c is not None]
    mine = hand("player", t(N_("Your cards"), lang), cards_or_backs(cards, [True] * 5, 5), lang)
    bank = hand("bank", t(N_("The croupier's cards"), lang), cards_or_backs(coup.bank, [over] * 5, 5), lang)
    return mine + bank


def _choices(coup: DrawPokerCoup, lang: str):
    found = [(FOLD_ACTION, t(N_("Fold"), lang)), (STAND, t(N_("Bet and keep the five cards"), lang))]
    for k in range(1, coup.rules.max_exchange + 1):
        for positions in combinations(range(5), k):
            cards = symbols(coup.player[i] for i in positions)
            found.append((draw_action(positions), t(N_("Bet and exchange {cards}"), lang).format(cards=cards)))
    return found


def _hint(coup: DrawPokerCoup, lang: str) -> str:
    action = draw_action(exchange(coup.player_codes, coup.rules.max_exchange))
    name = dict(_choices(coup, lang))[action]
    return t(N_("The stated strategy: {choice}. The exact value of every choice follows in a moment."),
             lang).format(choice=name)


#: The exact values come in this many fills: a tenth of a second in all on a fresh page, too long for one answer
#: in Pyodide (benchmarks/widgets.py).
SLOW_PARTS = 3


def _values(coup: DrawPokerCoup, part: int) -> dict[str, Fraction]:
    """One part of the choices' exact values (folding with the first): the page asks for them after the click."""
    return _part_values(tuple(coup.player_codes), coup.rules, part)


@lru_cache(maxsize=64 * SLOW_PARTS)
def _part_values(hand: tuple[int, ...], rules: DrawPokerRules, part: int) -> dict[str, Fraction]:
    # Every render of the decision after its fills shows them (the next step, deal to the end): computed once.
    found = option_values(hand, rules, in_parts(rules, SLOW_PARTS)[part])
    return {FOLD_ACTION: Fraction(-1), **found} if part == 0 else found


register_table(TableSpec(
    DRAW_POKER, _hands, lambda coup, lang: t(N_("Fold, or bet twice the ante and exchange up to two cards?"), lang),
    _choices, lambda coup: None, N_("Values: the expected result per ante, exact for one deck."), hint=_hint,
    slow_values=_values, slow_parts=SLOW_PARTS))


@lru_cache(maxsize=4)
def _report(rules: DrawPokerRules):
    return fast_report(rules, FULL)


register_figures(DRAW_POKER, _report, lambda rules, lang: pay_rows(rules.pay_table.pays, lang))
register_progressive(DRAW_POKER, lambda rules: rules.progressive, FinalHandReading(
    preset_reads=lambda rules: rules.progressive_hand,
    probabilities=lambda rules: progressive_odds(replace(rules, progressive_hand=FINAL_HAND)) or {},
    exchange=exchange))
