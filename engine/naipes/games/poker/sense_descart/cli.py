"""Pòquer sense descart's command-line verbs: `analyze` (exact; the generic walk on a small deck) and `advise`.

Called through `naipes.cli`::

    naipes analyze sense-descart --json
    naipes advise sense-descart --cards "Ah Kd Qc 6s 3h" --dealer "Qs" --json

Examples:
    >>> import io
    >>> from . import SENSE_DESCART
    >>> out = io.StringIO()
    >>> args = argparse.Namespace(cards="Ah Kd Qc 6s 3h", dealer="Qs", preset="clasificador-bo-cl", json=True,
    ...                           lang="en")
    >>> advise(args, SENSE_DESCART, out)
    >>> json.loads(out.getvalue())["best"]
    'raise'
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ....core.cards import parse_cards
from ....core.errors import CardError, SpecError
from ....core.formatting import signed
from ....core.i18n import N_, translate
from ....core.model import Game
from ..cli import analyze_with
from ..hands import code, codes
from ..kernel import check_distinct, walked
from .analysis import fast_report, walk_report
from .coup import BUY, FOLD_ACTION, RAISE_ACTION, SenseDescartCoup, thumb_conduct
from .values import buy_values, raise_value, thumb

ARGUMENTS = {"advise": (("--cards", N_('your cards, e.g. "4o Sb" (the first is the hidden one)'), ""),
                        ("--dealer", N_('the bank\'s face-up card, e.g. "Ks"'), ""))}
MODEL = ("expected net per ante against the bank's face-up card, one 52-card deck, the bank's four hidden cards "
         "any of the 46 you cannot see")


def report_of(rules, counts, method: str):
    """The fast report (the shipped exact counts, or an enumeration on a small deck), or the generic walk's."""
    if method == "fast":
        return fast_report(rules, counts)
    if method == "walk":
        return walk_report(rules, walked(SenseDescartCoup(rules, side_bets=False), counts, thumb_conduct(rules)),
                           counts)
    raise SpecError("Unknown method {method!r}: use fast or walk.", method=method)


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """The exact figures (a full deck's shipped counts; `--method walk` on at most 14 cards)."""
    analyze_with(args, game, out, report_of)


def advice(cards, dealer, rules) -> tuple[dict[str, Fraction], str, bool]:
    """The value of each choice (going on, passing, buying a card per card discarded) and the best one.

    Raises:
        CardError: not five cards and one face-up card, all distinct.
    """
    if len(cards) != 5 or len(dealer) != 1:
        raise CardError("Give your five cards and the bank's face-up card, e.g. --cards \"Ah Kd Qc 6s 3h\" "
                        "--dealer Qs.")
    check_distinct(cards, dealer)
    hand, up = codes(cards), code(dealer[0])
    values = {RAISE_ACTION: raise_value(hand, up, rules), FOLD_ACTION: Fraction(-1)}
    if rules.buy_card:
        for i, value in enumerate(buy_values(hand, up, rules), 1):
            values[f"{BUY}{i}"] = value
    best = max(values, key=lambda k: values[k])
    return values, best, thumb(hand, up)


def advise(args: argparse.Namespace, game: Game, out) -> None:
    """Going on, passing and buying a card, each with its exact value, and the best choice."""
    rules = game.rules_from(args)  # the options typed too (--pay-table, --raise-multiple)
    cards = parse_cards(getattr(args, "cards", "") or "")
    dealer = parse_cards(getattr(args, "dealer", "") or "")
    values, best, rule_of_thumb = advice(cards, dealer, rules)
    if getattr(args, "json", False):
        print(json.dumps({"cards": [str(c) for c in cards], "dealer": str(dealer[0]), "best": best,
                          "rules_of_thumb": RAISE_ACTION if rule_of_thumb else FOLD_ACTION, "model": MODEL,
                          "values": {k: {"value": float(v), "exact": str(v)} for k, v in values.items()}},
                         indent=2, ensure_ascii=False), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("Going on is worth {value} per ante; passing loses the ante (-1).")).format(
        value=signed(values[RAISE_ACTION], args.lang)), file=out)
    for i, card in enumerate(cards, 1):
        key = f"{BUY}{i}"
        if key in values:
            print(t(N_("Buying a card for {card} is worth {value}.")).format(
                card=card.symbol, value=signed(values[key], args.lang)), file=out)
    print(t(N_("Best: {choice}.")).format(choice=best), file=out)
