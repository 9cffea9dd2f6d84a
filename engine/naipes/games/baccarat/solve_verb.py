"""The `solve` verb the baccarat games with choices on five share: its options and how a solution is printed.

Examples:
    >>> cell_name(None), cell_name(4)
    ('stood', 4)
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from typing import Collection

from ...core.errors import SpecError
from ...core.formatting import percent
from ...core.i18n import N_, translate
from ...core.model import Game, Rules

#: The `solve` verb's own options (flag, help, default), shared by the games that have the verb.
SOLVE_ARGUMENTS = {"solve": (
    ("--model", N_("totals (cards with replacement, Kemeny and Snell) or shoe"), "totals"),
    ("--decks", N_("decks in the shoe model, 1 to 8"), "6"),
    ("--commission", N_("cagnotte on the banker's winnings, e.g. 0.05 (chemin de fer)"), "0"),
    ("--information", N_("what the banker sees of his hand (chemin de fer): total (Model B1 in a shoe) or cards "
                         "(his two cards, Model B2)"), "total"),
)}


#: The flags the `solve` verb reads itself (a rules option of the same flag is read there, not from the rules).
SOLVE_FLAGS = frozenset(flag for flag, *_ in SOLVE_ARGUMENTS["solve"])


def solve_rules(args: argparse.Namespace, game: Game, reads: Collection[str] = ()) -> Rules:
    """The preset `args.preset` with the rules options given that the solution reads (their names: `reads`).

    Every rules option given is read by its reader first, so junk is one line; a valid option that the solution
    does not read (the stop card: the models deal from a full shoe) is refused rather than ignored.

    Raises:
        RulesError: a value an option's reader refuses.
        SpecError: an option the solution does not read.
    """
    rules: Rules = game.presets.get(args.preset)
    for option in game.options:
        value = getattr(args, option.dest, None)
        if option.flag in SOLVE_FLAGS or value is None:
            continue
        option.read(value)
        if option.name not in reads:
            raise SpecError("The solution does not depend on the option {option}: leave it out.", option=option.flag)
        rules = rules.with_options(**{option.name: value})
    return rules


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
