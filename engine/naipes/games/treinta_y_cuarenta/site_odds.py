"""The exact odds the site's odds widget shows, for 6, 7 and 8 full decks, shipped precomputed.

Computing both rows' ties of one shoe takes seconds in CPython and more in
the browser, so the widget reads them from the data file
`treinta-y-cuarenta-odds` (`naipes.core.precomputed`), which `every_odds`
computes with `naipes.games.treinta_y_cuarenta.analysis` and a test
regenerates and compares. For each number of decks: a row's final total,
both rows' ties (a fresh shoe), and the chances of a coup (31–31, refait,
void, decisive, colour excess) for each number of cards left before the
separator the widget offers (`0` stands for a fresh shoe).

Examples:
    >>> odds = tables(6)
    >>> sum(odds.rows.values()), odds.chances[None].void
    (Fraction(1, 1), Fraction(0, 1))
    >>> odds.chances[None].tie_31 == odds.ties[31]
    True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from ...core.errors import RulesError
from ...core.precomputed import generator, load
from .analysis import Chances, shoe_odds
from .rules import TOTALS
from .values import VALUE_COLOUR

NAME = "treinta-y-cuarenta-odds"
#: The decks the widget offers (source 001: "de 6 a 8 barajas").
DECKS = (6, 7, 8)
#: The cards left before the separator the widget offers (`None`: a fresh shoe, the separator far away).
CARDS_LEFT = (None, 30, 20, 15, 12, 10)
_CHANCES = tuple(f.name for f in fields(Chances))


@dataclass(frozen=True)
class DeckOdds:
    """One number of decks' exact odds: a row's totals, the ties, and the chances by cards left."""

    rows: Mapping[int, Fraction]
    ties: Mapping[int, Fraction]
    chances: Mapping[int | None, Chances]


def compute(decks: int) -> dict:
    """The data of `decks` full decks, fractions written as text.

    Examples:
        >>> sorted(compute(1)["chances"], key=int)[:2]
        ['0', '10']
    """
    odds = shoe_odds(VALUE_COLOUR.full(decks), every_coup=True)
    chances = {}
    for left in CARDS_LEFT:
        found = Chances.of(odds, left)
        chances[str(left or 0)] = {name: str(getattr(found, name)) for name in _CHANCES}
    return {"rows": {str(t): str(odds.rows.totals.get(t, Fraction(0))) for t in TOTALS},
            "ties": {str(t): str(sum(odds.ties.get(t, {}).values(), Fraction(0))) for t in TOTALS},
            "chances": chances}


@generator(NAME)
def every_odds() -> dict:
    """The odds widget's data for every number of decks it offers (seconds to compute: shipped precomputed)."""
    return {str(decks): compute(decks) for decks in DECKS}


@lru_cache(maxsize=None)
def tables(decks: int) -> DeckOdds:
    """The odds of `decks` full decks, from the shipped data (read once: shared, read only).

    Raises:
        RulesError: a number of decks the data does not hold.
    """
    entry = load(NAME).get(str(decks))
    if entry is None:
        raise RulesError("The odds table holds {decks} decks only, not {n}.", decks="6, 7, 8", n=str(decks))
    chances = {int(left) or None: Chances(**{name: Fraction(v) for name, v in values.items()})
               for left, values in entry["chances"].items()}
    return DeckOdds({int(t): Fraction(v) for t, v in entry["rows"].items()},
                    {int(t): Fraction(v) for t, v in entry["ties"].items()}, chances)
