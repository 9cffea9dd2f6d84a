"""Engine benchmark: every game's fast exact analysis against the generic exact walk, and dealt coups.

Run: `python benchmarks/engine.py`. For every game with an exact analysis
(its first preset, one deck) it times the game's own analysis and
`naipes.core.drive.walk_exact` over the coup (the test oracle), checks they
agree exactly, and prints the speed-up measured in this run; then it deals
10,000 coups of Punto y Banca through the driver. Exits 1 if any analysis
disagrees with its walk or a fast analysis is not at least `TARGET_SPEEDUP`
times faster.
"""

from __future__ import annotations

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


def main() -> int:
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
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
