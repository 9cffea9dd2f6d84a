"""Draw Poker against the bank (source 001): five closed cards, an exchange of up to two, a croupier who opens.

The package, one job per module:

- `rules`: the rules object and the `clasificador-bo-cl` preset;
- `strategy`: the stated strategy (always bet; which cards to exchange);
- `coup`: one hand on the protocol, and the player's conduct;
- `exact`: every deal of a full deck counted once (the shipped counts' generator);
- `simulation`: a seeded simulation, the exact counts' independent check (the tests deal it again);
- `analysis`: the exact figures of a full deck (the shipped counts), exact enumeration and the generic walk on
  small decks;
- `cli`: `analyze`; `widgets`: the playable table and the figures.

Examples:
    >>> DRAW_POKER.presets.default.bet_multiple
    Fraction(2, 1)
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Game
from .. import narration  # noqa: F401  (registers the narration of the poker events)
from ..kernel import CARDS
from .coup import DrawPokerCoup, stated_conduct
from .rules import PRESETS, DrawPokerRules

_VERBS = {"deal": "naipes.games.poker.draw_poker.cli:deal", "analyze": "naipes.games.poker.draw_poker.cli:analyze",
          "rank": "naipes.games.poker.cli:rank"}

DRAW_POKER: Game[DrawPokerRules] = Game(
    id="draw-poker", name=N_("Draw Poker against the bank"), presets=PRESETS, new_coup=DrawPokerCoup,
    conduct=stated_conduct, classes=CARDS, min_cards=12, commands=_VERBS,
    widgets="naipes.games.poker.draw_poker.widgets", family="poker")

__all__ = ["DRAW_POKER", "DrawPokerCoup", "DrawPokerRules"]
