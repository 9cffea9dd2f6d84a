"""Published house edges the pages compare the engine's with, each with the rules it was computed for.

Each figure names its author, work and table; the rules object states the
same rules in the engine's options, so the engine computes the comparable
figure (`strategy_table(figure.rules)`). Which of the engine's two edges is
comparable is said by `kind`: `optimal` (every two cards played their best
way, as Wizard of Odds' appendix 9 "expected return of game") or `basic`
(a basic strategy, as his house edge calculator).

Examples:
    >>> [figure.kind for figure in PUBLISHED][:2]
    ['optimal', 'optimal']
    >>> PUBLISHED[0].house_edge
    Fraction(14541, 2000000)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .rules import DOUBLE_9_11, DOUBLE_ANY, PRESETS, SURRENDER_NONE, BlackJackRules

OPTIMAL, BASIC = "optimal", "basic"


@dataclass(frozen=True)
class PublishedEdge:
    """A published house edge: the rules, the figure (positive: the house's), which edge it is, and where."""

    key: str
    rules: BlackJackRules
    house_edge: Fraction
    kind: str
    reference: str


def _european(decks: int, **changes) -> BlackJackRules:
    settings = {"double": DOUBLE_ANY, "surrender": SURRENDER_NONE, **changes}
    return replace(PRESETS.get(), name="published", decks=decks, **settings)


_APPENDIX_9 = ("Michael Shackleford, Wizard of Odds, Blackjack Appendix 9, “{decks} decks, dealer hits on soft 17, "
               "no hole card” (2019), expected return of game, {das}")

PUBLISHED = (
    PublishedEdge("wizard-6d-h17-das", _european(6, hits_soft_17=True), Fraction("0.0072705"), OPTIMAL,
                  _APPENDIX_9.format(decks=6, das="player may double after split")),
    PublishedEdge("wizard-6d-h17-no-das", _european(6, hits_soft_17=True, double_after_split=False),
                  Fraction("0.0086975"), OPTIMAL, _APPENDIX_9.format(decks=6, das="player may not double after split")),
    PublishedEdge("wizard-8d-h17-das", _european(8, hits_soft_17=True), Fraction("0.007562"), OPTIMAL,
                  _APPENDIX_9.format(decks=8, das="player may double after split")),
    PublishedEdge("wizard-6d-s17-spielbank", _european(6, double=DOUBLE_9_11, resplit_aces=True), Fraction("0.0055"),
                  BASIC, "Michael Shackleford, Wizard of Odds, Ask the Wizard #294: six decks, dealer stands on soft "
                         "17, no hole card, double on 9 to 11, double after split, resplit any pair including aces "
                         "to four hands, no surrender — 0.55% by his blackjack house edge calculator"),
)
