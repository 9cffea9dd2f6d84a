"""The three-card game's command-line verbs: `analyze` (fast, or walked on a small deck) and `advise`.

Called through `naipes.cli`::

    naipes analyze three-card-poker --json
    naipes analyze three-card-poker --method walk --remove "..." --json   (at most 14 cards left)
    naipes advise three-card-poker --cards "Qh 6d 4c" --json

Examples:
    >>> import io
    >>> from . import THREE_CARD_POKER
    >>> out = io.StringIO()
    >>> advise(argparse.Namespace(cards="Qh 6d 4c", preset=None, json=True, lang="en"), THREE_CARD_POKER, out)
    >>> json.loads(out.getvalue())["best"]
    'play'
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
from ..hands import codes
from ..kernel import check_distinct, walked
from .analysis import fast_report, walk_report
from .coup import FOLD_ACTION, PLAY_ACTION, ThreeCardCoup, optimal_conduct
from .values import hand_value

ARGUMENTS = {"advise": (("--cards", N_('your cards, e.g. "4o Sb" (the first is the hidden one)'), ""),)}
MODEL = "expected net of the ante and play bets per ante, one 52-card deck with your three cards out"


def report_of(rules, counts, method: str):
    """The fast report, or the generic walk's on a small deck."""
    if method == "fast":
        return fast_report(rules, counts)
    if method == "walk":
        return walk_report(rules, walked(ThreeCardCoup(rules), counts, optimal_conduct(rules)), counts)
    raise SpecError("Unknown method {method!r}: use fast or walk.", method=method)


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """The exact analysis (`--method fast`, or `walk` on at most 14 cards)."""
    analyze_with(args, game, out, report_of)


def advice(cards, rules) -> tuple[dict[str, Fraction], str]:
    """The value of playing and of folding a hand, and the best of the two.

    Raises:
        CardError: not three distinct cards.
    """
    if len(cards) != 3:
        raise CardError("Give your three cards, e.g. \"Qh 6d 4c\".")
    check_distinct(cards)
    values = {PLAY_ACTION: hand_value(codes(cards), rules), FOLD_ACTION: Fraction(-1)}
    return values, PLAY_ACTION if values[PLAY_ACTION] > -1 else FOLD_ACTION


def advise(args: argparse.Namespace, game: Game, out) -> None:
    """Play or fold, with the value of each."""
    rules = game.rules_from(args)  # the options typed too (--pay-table)
    cards = parse_cards(getattr(args, "cards", "") or "")
    values, best = advice(cards, rules)
    if getattr(args, "json", False):
        print(json.dumps({"cards": [str(c) for c in cards], "best": best, "model": MODEL,
                          "values": {k: {"value": float(v), "exact": str(v)} for k, v in values.items()}},
                         indent=2, ensure_ascii=False), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("Playing is worth {play} per ante, folding {fold}.")).format(
        play=signed(values[PLAY_ACTION], args.lang), fold=signed(values[FOLD_ACTION], args.lang)), file=out)
    print(t(N_("Best: play.") if best == PLAY_ACTION else N_("Best: fold.")), file=out)
