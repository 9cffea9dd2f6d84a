"""Engine benchmark: every game's fast exact analysis against the generic exact walk, and dealt coups.

Run: `python benchmarks/engine.py`. For every game with an exact analysis
(its first preset, one deck) it times the game's own analysis and
`naipes.core.drive.walk_exact` over the coup (the test oracle), checks they
agree exactly, and prints the speed-up measured in this run; then it deals
10,000 coups of Punto y Banca through the driver. Exits 1 if any analysis
disagrees with its walk or a fast analysis is not at least `TARGET_SPEEDUP`
times faster.

Then the slow command-line analyses of issue 27, each timed in CPU time
(`time.process_time`: the machines are shared) on its fast path and on the
path it replaced, which stays callable as the oracle: both must agree, and
the row prints the fast path's time as a ratio to the old one. The old
Trijoker count with a card out takes minutes: `--only cli` runs this part
alone, `--only analyses` skips it.
"""

from __future__ import annotations

import argparse
import time

from naipes.core.drive import analyze, new_shoe, play
from naipes.games import registry

TARGET_SPEEDUP = 3.0


def best_of(repeats: int, function, *args, **kwargs):
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function(*args, **kwargs)
        best = min(best, time.perf_counter() - start)
    return best, result


def cpu_time(function, *args, **kwargs):
    start = time.process_time()
    result = function(*args, **kwargs)
    return time.process_time() - start, result


def cli_rows() -> bool:
    """The slow CLI analyses, fast path against the old one in this run (CPU seconds); True if all agree."""
    from naipes.core.cards import parse_cards
    from naipes.games.poker.kernel import CARDS
    from naipes.games.poker.trijoker.analysis import _any_composition, outcome_distribution
    from naipes.games.treinta_y_cuarenta.analysis import build_report, shoe_odds
    from naipes.games.treinta_y_cuarenta.site_odds import shoe_report
    from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR

    trijoker = registry.game("trijoker").presets.default
    outcome_distribution(trijoker)  # the full deck's signature caches, shared by both paths
    one_out = CARDS.without(1, parse_cards("As"))
    treinta = registry.game("treinta-y-cuarenta").presets.default.with_options(decks=8)
    eight = VALUE_COLOUR.full(8)
    rows = [
        ("analyze trijoker --remove As", lambda: outcome_distribution(trijoker, one_out),
         lambda: _any_composition(trijoker, one_out)),
        ("analyze treinta-y-cuarenta --decks 8", lambda: shoe_report(treinta, eight),
         lambda: build_report(treinta, shoe_odds(eight))),
        ("odds treinta-y-cuarenta --decks 8 --cards-left 20", lambda: shoe_report(treinta, eight, 20),
         lambda: build_report(treinta, shoe_odds(eight, every_coup=True), 20)),
    ]
    ok = True
    print(f"\n{'command line analysis (CPU time)':50} {'now':>9} {'old':>9} {'ratio':>7}  agree")
    for name, fast, old in rows:
        fast_time, fast_result = cpu_time(fast)
        old_time, old_result = cpu_time(old)
        agree = fast_result == old_result
        ok = ok and agree
        print(f"{name:50} {fast_time:8.2f}s {old_time:8.2f}s {fast_time / old_time:7.3f}  {agree}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("analyses", "cli"), help="run one part only")
    only = parser.parse_args().only
    if only == "cli":
        return 0 if cli_rows() else 1
    ok = True
    print(f"{'game (first preset, 1 deck)':32} {'fast':>10} {'walk':>10} {'speed-up':>9}  agree")
    for game in registry.all_games():
        if game.analysis is None:
            continue
        rules = game.presets.default
        if "decks" in game.options:
            rules = rules.with_options(decks=1)
        fast_time, fast = best_of(3, analyze, game, rules, method="fast")
        walk_time, walk = best_of(1, analyze, game, rules, method="walk")
        speedup = walk_time / fast_time
        agree = fast == walk
        ok = ok and agree and speedup >= TARGET_SPEEDUP
        print(f"{game.id:32} {fast_time * 1000:8.1f}ms {walk_time * 1000:8.1f}ms {speedup:8.1f}x  {agree}")
    game = registry.game("punto-banca")
    rules = game.presets.get("hoja-baccarat")

    def deal(coups: int) -> int:
        shoe, dealt = new_shoe(rules, game.deck, seed=1), 0
        for _ in range(coups):
            if shoe.remaining < 6:
                shoe = new_shoe(rules, game.deck, seed=dealt)
            play(game.new_coup(rules), shoe)
            dealt += 1
        return dealt

    coups_time, dealt = best_of(1, deal, 10_000)
    print(f"10,000 dealt coups: {coups_time:.2f} s ({dealt / coups_time:,.0f} coups/s); target speed-up >= "
          f"{TARGET_SPEEDUP:.0f}x")
    if only is None:
        ok = cli_rows() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
