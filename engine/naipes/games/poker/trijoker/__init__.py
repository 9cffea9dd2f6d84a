"""Trijoker (source 002 §11) and Go Poker (source 001): three cards, two common cards, a pay table.

The package, one job per module:

- `rules`: the rules object, the `cat-2016` and `go-poker` presets, the pay tables;
- `values`: what a bet in play returns given the cards seen, and the optimal withdrawals;
- `coup`: one hand on the protocol, and the player's conduct (`optimal`, `always-ride`, `always-pull`);
- `analysis`: the exact outcome distribution, fast and from the generic walk;
- `cli`: `advise`; `widgets`: the playable table and the figures.

The generic walk over a full deck forgets the suits of the cards seen once
they cannot make a flush (`TrijokerCoup.memo_key`), which makes it short
enough to check the fast analysis on every preset (the tests do).

Examples:
    >>> TRIJOKER.presets.get("cat-2016").pay_table.summary(), TRIJOKER.analysis.replacement
    ('1-2-3-5-8-11-50-200-1000', True)
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Analysis, Game
from .. import narration  # noqa: F401  (registers the narration of the poker events)
from ..kernel import CARDS
from .analysis import fast_report, walk_report
from .coup import TrijokerCoup, optimal_conduct, walk_coup
from .rules import PRESETS, TrijokerRules

_VERBS = {"deal": "naipes.games.poker.cli:deal", "analyze": "naipes.games.poker.cli:analyze",
          "rank": "naipes.games.poker.cli:rank", "advise": "naipes.games.poker.trijoker.cli:advise"}

TRIJOKER: Game[TrijokerRules] = Game(
    id="trijoker", name=N_("Trijoker"), presets=PRESETS, new_coup=TrijokerCoup, conduct=optimal_conduct,
    classes=CARDS,
    # The coup takes its own cards out of the composition, so the walk keeps it fixed (see poker.kernel).
    analysis=Analysis(fast=fast_report, from_walk=walk_report, conduct=optimal_conduct, coup=walk_coup,
                      replacement=True),
    min_cards=5, commands=_VERBS,
    widgets="naipes.games.poker.trijoker.widgets", family="poker")

__all__ = ["TRIJOKER", "TrijokerCoup", "TrijokerRules"]
