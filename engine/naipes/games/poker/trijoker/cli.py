"""Trijoker's own command-line verb: `advise` (leave the bet in play or withdraw it, with the value of each).

Called through `naipes.cli`::

    naipes advise trijoker --cards "Jh Jd 4c" --json
    naipes advise trijoker --cards "Jh Td 4c" --common "9s" --json

Examples:
    >>> import io
    >>> from . import TRIJOKER
    >>> out = io.StringIO()
    >>> advise(argparse.Namespace(cards="Jh Jd 4c", common="", preset=None, json=True, lang="en"), TRIJOKER, out)
    >>> json.loads(out.getvalue())["best"]
    'ride'
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ....core.cards import parse_cards
from ....core.errors import CardError, RulesError
from ....core.formatting import signed
from ....core.i18n import N_, translate
from ....core.model import Game
from ..kernel import check_distinct
from .coup import PULL, RIDE
from .values import bet_value

#: The options of `advise` (`--cards` is the command line's: Siete y medio's verb has it too).
ARGUMENTS = {"advise": (("--cards", N_('your cards, e.g. "4o Sb" (the first is the hidden one)'), ""),
                        ("--common", N_('common cards already turned, e.g. "9s"'), ""))}
MODEL = ("expected net result of the bet in question per unit staked, one 52-card deck, the cards shown "
         "taken out; a withdrawn bet nets 0")


def advice(cards, common, rules) -> tuple[int, dict[str, Fraction], str]:
    """Which bet is decided, the value of leaving it in play and of withdrawing it, and the best choice.

    Raises:
        CardError: not three cards, a card twice, or more than one common card.
        RulesError: rules with no withdrawal (Go Poker).

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> from .rules import PRESETS
        >>> advice(parse_cards("Qh Jh Th"), (), PRESETS.get("cat-2016"))[2]
        'ride'
    """
    if not rules.withdrawals:
        raise RulesError("These rules have no bet to withdraw: the hand is played to the end.")
    if len(cards) != 3:
        raise CardError("Give your three cards, e.g. \"Jh Jd 4c\".")
    if len(common) > 1:
        raise CardError("With both common cards turned there is nothing left to decide.")
    check_distinct(cards, common)
    value = bet_value(tuple(cards) + tuple(common), rules)
    values = {RIDE: value, PULL: Fraction(0)}
    return 1 + len(common), values, RIDE if value > 0 else PULL


def advise(args: argparse.Namespace, game: Game, out) -> None:
    """The value of leaving bet 1 (or, with the first common card, bet 2) in play, and the best choice."""
    rules = game.rules_from(args)  # the options typed too (--pay-table)
    cards = parse_cards(getattr(args, "cards", "") or "")
    common = parse_cards(getattr(args, "common", "") or "")
    bet, values, best = advice(cards, common, rules)
    if getattr(args, "json", False):
        print(json.dumps({
            "cards": [str(c) for c in cards], "common": [str(c) for c in common], "bet": bet, "best": best,
            "values": {name: {"value": float(v), "exact": str(v)} for name, v in values.items()}, "model": MODEL,
        }, indent=2, ensure_ascii=False), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("Bet {bet}: leaving it in play is worth {ride} per unit, withdrawing it 0.")).format(
        bet=bet, ride=signed(values[RIDE], args.lang)), file=out)
    print(t(N_("Best: leave it in play.") if best == RIDE else N_("Best: withdraw it.")), file=out)
