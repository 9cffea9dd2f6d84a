"""Chemin de fer's own command-line verb: `naipes solve chemin-de-fer` (the choices on five, solved exactly).

`--information total` (the default) solves the game in which the banker sees only his two-card total
(Model A1 with `--model totals`, B1 with `--model shoe`); `--information cards` the one in which he knows
his two cards (Model B2 in a shoe, Downton and Lockwood's).

Examples:
    >>> import io, json
    >>> from naipes.cli import build_parser
    >>> out = io.StringIO()
    >>> main_args = build_parser().parse_args(["solve", "chemin-de-fer", "--json"])
    >>> from naipes.games.baccarat.chemin_de_fer import CHEMIN_DE_FER
    >>> solve(main_args, CHEMIN_DE_FER, out)
    >>> json.loads(out.getvalue())["exact"]["draw_at_5"]
    '9/11'
    >>> out = io.StringIO()
    >>> args = build_parser().parse_args(["solve", "chemin-de-fer", "--model", "shoe", "--decks", "1",
    ...                                   "--information", "cards", "--json"])
    >>> solve(args, CHEMIN_DE_FER, out)
    >>> report = json.loads(out.getvalue())
    >>> report["information"], report["exact"]["draw_at_5"], len(report["banker"])
    ('cards', '253/342', 484)
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from ....core.errors import SpecError
from ....core.model import Game
from ..solve_verb import SOLVE_ARGUMENTS, cell_name, print_solution, solve_rules
from .coup import cell_total
from .rules import CheminDeFerRules
from .solution import solve as solve_game

#: The `solve` verb's own options (the baccarat family's, shared with the dos paños).
ARGUMENTS = SOLVE_ARGUMENTS


def solve(args: argparse.Namespace, game: Game, out) -> None:
    """Solve the punto's choice on five and the banker's in every cell, for the preset's drawing rules.

    Raises:
        SpecError: an unknown model or preset.
        RulesError: a bad number of decks or commission.
    """
    rules = solve_rules(args, game)  # the solution reads no rules option but the drawing rules of the preset
    assert isinstance(rules, CheminDeFerRules)
    if args.model != "shoe" and any(word.partition("=")[0] == "--decks" for word in getattr(args, "argv", ())):
        # the totals model draws with replacement: a number of decks would change nothing, so it is refused
        raise SpecError("The option {option} needs {needed}.", option="--decks", needed="--model shoe")
    s = solve_game(args.model, args.decks, args.commission, rules, getattr(args, "information", "total"))
    report = {"game": game.id, "model": args.model, "information": s.information, "decks": s.decks,
              "commission": str(s.commission),
              "draw_at_5": float(s.draw_at_5), "value": float(s.value), "banker_value": float(s.banker_value),
              "exact": {"draw_at_5": str(s.draw_at_5), "value": str(s.value), "banker_value": str(s.banker_value)},
              "banker": [_cell_report(cell, r) for cell, r in s.equilibrium.banker.items()]}
    print_solution(args, report, out)


def _cell_report(cell: tuple, draws: Fraction) -> dict:
    """One banker cell of the solution in JSON: his total (and his two cards when he knows them), the punto's
    third card, his probability of drawing."""
    hand, third = cell
    entry: dict = {"total": cell_total(cell)}
    if not isinstance(hand, int):
        entry["cards"] = list(hand)
    entry.update(third=cell_name(third), draw=float(draws), exact=str(draws))
    return entry
