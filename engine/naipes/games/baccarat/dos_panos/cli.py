"""The bacarrá a dos paños' own command-line verb: `naipes solve dos-panos` (the paños' choices, solved exactly).

Examples:
    >>> import io, json
    >>> from naipes.cli import build_parser
    >>> from naipes.games.baccarat.dos_panos import DOS_PANOS
    >>> out = io.StringIO()
    >>> solve(build_parser().parse_args(["solve", "dos-panos", "--json"]), DOS_PANOS, out)
    >>> sorted(json.loads(out.getvalue())["joint"])
    ['draw-draw', 'draw-stand', 'stand-draw', 'stand-stand']
"""

from __future__ import annotations

import argparse
import sys

from ....core import options
from ....core.progress import terminal_bar
from ....core.errors import SpecError
from ....core.i18n import N_, translate
from ....core.model import Game
from ..solve_verb import SOLVE_ARGUMENTS, cell_name, print_solution, solve_rules
from .coup import CELLS
from .rules import DosPanosRules
from .solution import solve as solve_game

#: The `solve` verb's options (the family's).
ARGUMENTS = SOLVE_ARGUMENTS


def solve(args: argparse.Namespace, game: Game, out) -> None:
    """Solve the paños' joint choice on five against a free banker, for the preset's drawing rules.

    Raises:
        SpecError: an unknown model or preset, or a commission (the solution is without the cagnotte).
        RulesError: a bad number of decks.
    """
    rules = solve_rules(args, game, reads=("natural_beats_three_cards",))
    assert isinstance(rules, DosPanosRules)
    if options.rate(args.commission) != 0:
        raise SpecError("The dos paños solution is computed without the cagnotte (commission 0).")
    if getattr(args, "information", "total") not in (None, "total"):
        raise SpecError("The dos paños are solved with the banker seeing only his total (--information total).")
    bar = terminal_bar(sys.stderr, translate(N_("Solving the dos paños"), args.lang))
    s = solve_game(args.model, args.decks, rules, progress=bar)
    d1, d2 = s.draw_at_5
    report = {"game": game.id, "model": args.model, "decks": s.decks,
              "draw_at_5": float(d1), "draw_at_5_pano2": float(d2), "value": float(s.value),
              "joint": {"stand-stand": str(s.q[0]), "stand-draw": str(s.q[1]),
                        "draw-stand": str(s.q[2]), "draw-draw": str(s.q[3])},
              "exact": {"draw_at_5": str(d1), "value": str(s.value)},
              "banker": [{"total": t, "pano1": cell_name(a), "pano2": cell_name(b),
                          "draw": None if s.banker[(t, a, b)] is None else int(s.banker[(t, a, b)])}
                         for t, a, b in CELLS]}
    print_solution(args, report, out)
