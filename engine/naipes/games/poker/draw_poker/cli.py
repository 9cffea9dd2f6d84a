"""Draw Poker's command-line verbs: `analyze` (exact; `--method walk` on a small deck) and `deal`, both with the
rules' own option `--progressive-hand`.

Called through `naipes.cli`::

    naipes analyze draw-poker --json
    naipes analyze draw-poker --progressive-hand final --json

Examples:
    >>> from . import DRAW_POKER
    >>> sorted(DRAW_POKER.commands)
    ['analyze', 'deal', 'rank']
"""

from __future__ import annotations

import argparse

from ....core.errors import SpecError
from ....core.model import Game
from ..cli import analyze_with, deal  # noqa: F401  (deal: the family's)
from ..kernel import walked
from .analysis import SMALL_DECK, fast_report, walk_report
from .coup import DrawPokerCoup, stated_conduct


def report_of(rules, counts, method: str):
    """The fast report (the shipped exact counts, or an enumeration on a small deck), or the generic walk's."""
    if method == "fast":
        return fast_report(rules, counts)
    if method == "walk":
        coup = DrawPokerCoup(rules, side_bets=False)
        return walk_report(rules, walked(coup, counts, stated_conduct(rules), SMALL_DECK), counts)
    raise SpecError("Unknown method {method!r}: use fast or walk.", method=method)


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """The exact figures (a full deck's shipped counts; `--method walk` on at most 12 cards)."""
    analyze_with(args, game, out, report_of)
