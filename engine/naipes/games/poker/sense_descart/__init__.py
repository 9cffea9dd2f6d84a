"""Pòquer sense descart (source 002 §10) and Caribbean Poker (source 001): five cards against a qualifying bank.

The package, one job per module:

- `rules`: the rules object, the `cat-2016` and `clasificador-bo-cl` presets, the pay table;
- `values`: the exact value of going on, passing and buying a card, and the three rules of thumb;
- `coup`: one hand on the protocol, and the player's conduct (`thumb`, `optimal`);
- `exact`: every deal of a full deck counted once, for four strategies (the shipped counts' generator);
- `analysis`: the exact figures of a full deck (the shipped counts), exact enumeration and the generic walk on
  small decks;
- `cli`: `analyze`, `advise`; `widgets`: the playable table and the figures.

The game has no `Game.analysis`: the generic walk cannot deal a full deck's
19,933,230,517,200 deals card by card; its own `analyze` verb gives the exact
counts of a full deck, and the walk where it can (at most 14 cards).

Examples:
    >>> SENSE_DESCART.presets.get("cat-2016").special_prize.summary()
    '100-300-1000-2000'
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Game
from .. import narration  # noqa: F401  (registers the narration of the poker events)
from ..kernel import CARDS
from .coup import SenseDescartCoup, thumb_conduct
from .rules import PRESETS, SenseDescartRules

_VERBS = {"deal": "naipes.games.poker.cli:deal", "analyze": "naipes.games.poker.sense_descart.cli:analyze",
          "rank": "naipes.games.poker.cli:rank", "advise": "naipes.games.poker.sense_descart.cli:advise"}

SENSE_DESCART: Game[SenseDescartRules] = Game(
    id="sense-descart", name=N_("Pòquer sense descart (Caribbean Poker)"), presets=PRESETS,
    new_coup=SenseDescartCoup, conduct=thumb_conduct, classes=CARDS, min_cards=11,
    commands=_VERBS, widgets="naipes.games.poker.sense_descart.widgets", family="poker")

__all__ = ["SENSE_DESCART", "SenseDescartCoup", "SenseDescartRules"]
