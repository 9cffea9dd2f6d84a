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
from ...core.model import Report
from ...core.progress import Progress, no_progress
from .analysis import Chances, ShippedOdds, build_report, shoe_odds
from .joint import RowOdds, row_distribution, up_to
from .rules import TOTALS, TreintaRules
from .values import VALUE_COLOUR, blacks_of, values_of

NAME = "treinta-y-cuarenta-odds"
#: Both rows' ties by total for each number of cards left: what a full shoe's report needs besides `NAME`.
TIES_NAME = "treinta-y-cuarenta-ties-by-cards-left"
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
    odds = _full_shoe_odds(decks)
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
def _full_shoe_odds(decks: int):
    # Both data files read the same seconds-long computation: one per number of decks.
    return shoe_odds(VALUE_COLOUR.full(decks), every_coup=True)


@generator(TIES_NAME)
def every_tie() -> dict:
    """Both rows' ties by total for each number of decks and of cards left the data holds (for `shoe_report`)."""
    return {str(decks): {str(left or 0): {str(t): str(up_to(_full_shoe_odds(decks).ties.get(t, {}), left))
                                          for t in TOTALS} for left in CARDS_LEFT} for decks in DECKS}


def shoe_report(rules: TreintaRules, counts: tuple[int, ...], cards_left: int | None = None,
                rows: RowOdds | None = None, progress: Progress = no_progress) -> Report:
    """`build_report(rules, shoe_odds(counts, ...), cards_left)`, read from the shipped data for a full shoe of
    6 to 8 decks and a number of cards left the data holds (seconds to compute, instant to read); `progress` is
    told the computation's steps (a bar on a terminal).

    Examples:
        >>> from .rules import PRESETS
        >>> report = shoe_report(PRESETS.get().with_options(decks=8), VALUE_COLOUR.full(8), 20)
        >>> report.extra["void"] > 0
        True
    """
    counts = tuple(counts)
    decks = next((d for d in DECKS if counts == VALUE_COLOUR.full(d)), None)
    if decks is None or cards_left not in CARDS_LEFT:
        return build_report(rules, shoe_odds(counts, every_coup=cards_left is not None, rows=rows, progress=progress),
                            cards_left)
    ties = load(TIES_NAME)[str(decks)][str(cards_left or 0)]
    return build_report(rules, ShippedOdds(rows or row_distribution(values_of(counts), blacks_of(counts)),
                                           {int(t): Fraction(p) for t, p in ties.items()},
                                           tables(decks).chances[cards_left]), cards_left)


def fast_report(rules: TreintaRules, counts: tuple[int, ...], progress: Progress = no_progress) -> Report:
    """The game's fast analysis: `analysis.fast_report`, read from the shipped data for a full shoe of 6 to 8 decks."""
    return shoe_report(rules, counts, progress=progress)


@lru_cache(maxsize=None)
def tables(decks: int) -> DeckOdds:
    """The odds of `decks` full decks, from the shipped data (read once: shared, read only).

    Raises:
        RulesError: a number of decks the data does not hold.
    """
    entry = load(NAME).get(str(decks))
    if entry is None:
        # TRANSLATORS: {decks} is never 1: it is the list 6, 7, 8.
        raise RulesError("The odds table holds {decks} decks only, not {n}.", decks="6, 7, 8", n=str(decks))
    chances = {int(left) or None: Chances(**{name: Fraction(v) for name, v in values.items()})
               for left, values in entry["chances"].items()}
    return DeckOdds({int(t): Fraction(v) for t, v in entry["rows"].items()},
                    {int(t): Fraction(v) for t, v in entry["ties"].items()}, chances)
