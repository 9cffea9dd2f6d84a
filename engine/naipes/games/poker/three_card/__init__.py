"""Three-card poker against the croupier (source 001): ante, play or fold, the croupier's hand, Pair Plus.

The package, one job per module:

- `rules`: the rules object, the `clasificador-bo-cl` preset, the pay tables (ante bonus, Pair Plus);
- `values`: the croupier's hands against the player's, counted exactly, and the optimal play;
- `coup`: one hand on the protocol, and the player's conduct;
- `analysis`: the exact outcome distribution (fast; the generic walk on small decks);
- `cli`: `analyze`, `advise`; `widgets`: the playable table and the figures.

The generic walk over a full deck would deal 407 million hands, so the game
has no `Game.analysis`: its own `analyze` runs the fast method, and the walk
on at most 14 cards (`--remove`), where the tests check that they agree.

Examples:
    >>> THREE_CARD_POKER.analysis is None, sorted(THREE_CARD_POKER.commands)
    (True, ['advise', 'analyze', 'deal', 'rank'])
"""

from __future__ import annotations

from ....core.i18n import N_
from ....core.model import Game
from .. import narration  # noqa: F401  (registers the narration of the poker events)
from ..kernel import CARDS
from .coup import ThreeCardCoup, optimal_conduct
from .rules import PRESETS, ThreeCardRules

_VERBS = {"deal": "naipes.games.poker.cli:deal", "analyze": "naipes.games.poker.three_card.cli:analyze",
          "rank": "naipes.games.poker.cli:rank", "advise": "naipes.games.poker.three_card.cli:advise"}

THREE_CARD_POKER: Game[ThreeCardRules] = Game(
    id="three-card-poker", name=N_("Three-card poker"), presets=PRESETS, new_coup=ThreeCardCoup,
    conduct=optimal_conduct, classes=CARDS, min_cards=6, commands=_VERBS,
    widgets="naipes.games.poker.three_card.widgets", family="poker")

__all__ = ["THREE_CARD_POKER", "ThreeCardCoup", "ThreeCardRules"]
