"""The `solve` verb the baccarat games with choices on five share: its options and how a solution is printed.

Examples:
    >>> cell_name(None), cell_name(4)
    ('stood', 4)
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ...core.formatting import percent
from ...core.i18n import N_, translate

#: The `solve` verb's own options (flag, help, default), shared by the games that have the verb.
SOLVE_ARGUMENTS = {"solve": (
    ("--model", N_("totals (cards with replacement, Kemeny and Snell) or shoe"), "totals"),
    ("--decks", N_("decks in the shoe model, 1 to 8"), "6"),
    ("--commission", N_("cagnotte on the banker's winnings, e.g. 0.05 (chemin de fer)"), "0"),
    ("--information", N_("what the banker sees of his hand (chemin de fer): total (Model B1 in a shoe) or cards "
                         "(his two cards, Model B2)"), "total"),
)}


def cell_name(value: object) -> object:
    """A cell's coordinate in JSON: `"stood"` for a punto who stood (`None`), else the value."""
    return "stood" if value is None else value


def print_solution(args: argparse.Namespace, report: dict, out) -> None:
    """The report as JSON, or its two main lines in the reader's language."""
    if args.json:
        print(json.dumps(report, indent=2), file=out)
        return
    exact = report["exact"]
    print(translate(N_("Punto draws on 5 with probability {p} ({exact})."), args.lang).format(
        p=percent(Fraction(exact["draw_at_5"]), args.lang, 4), exact=exact["draw_at_5"]), file=out)
    print(translate(N_("Value of the game to the punto, per unit: {v} ({exact})."), args.lang).format(
        v=percent(Fraction(exact["value"]), args.lang, 4), exact=exact["value"]), file=out)
