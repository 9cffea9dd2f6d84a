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
alone, `--only analyses` skips it, and `--row TEXT` keeps the rows whose name
holds TEXT. The equity rows are simulations, not exact: they agree when each
player's 95 % interval of the new run meets the old path's (the old path is
timed on 10,000 deals and counted ten times: it is linear in the deals,
batch after batch).
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


def _within(new, old) -> bool:
    """Every player's 95 % interval of `new` meets the one of `old` (two simulations of the same hands)."""
    return all(n.interval[0] <= o.interval[1] and o.interval[0] <= n.interval[1]
               for n, o in zip(new.players, old.players))


def _equity_row(variant, hands):
    from naipes.games.circle_poker.equity import Problem, simulate, simulate_batch, simulate_to
    from naipes.games.poker.hands import STANDARD

    problem = Problem.read(variant, STANDARD, hands)

    def fast():
        simulate_batch.cache_clear()  # both paths deal the same seeded batches: neither reads the other's
        return simulate_to(problem, 1)

    def old():
        simulate_batch.cache_clear()
        ten_times, odds = cpu_time(simulate, problem, 1, 10_000)
        return ten_times * 10, odds
    return fast, old, _within


def cli_rows(only: str = "") -> bool:
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
    from naipes.games.baccarat.choices import card_weights
    from naipes.games.baccarat.dos_panos.analysis import dos_panos_tables, every_pair_tables
    from naipes.games.circle_poker.variants import HOLDEM, OMAHA

    shoe8 = card_weights("shoe", 8)[0]
    six = registry.game("treinta-y-cuarenta").presets.default
    six_no_ace = VALUE_COLOUR.without(six.decks, parse_cards("As"))

    def treinta_two_walks(counts, every_coup=False):
        # The path `coup_distribution` replaced: the symmetric ties walk, then the ordered colour walk over every value.
        from naipes.games.treinta_y_cuarenta.analysis import ShoeOdds
        from naipes.games.treinta_y_cuarenta.joint import colour_difference, joint_distribution, row_distribution
        from naipes.games.treinta_y_cuarenta.values import blacks_of, values_of

        by_value, blacks = values_of(counts), blacks_of(counts)
        return ShoeOdds(tuple(counts), row_distribution(by_value, blacks), joint_distribution(by_value, every_coup),
                        colour_difference(by_value, blacks))

    rows = [
        ("analyze treinta-y-cuarenta --remove As", lambda: build_report(six, shoe_odds(six_no_ace)),
         lambda: build_report(six, treinta_two_walks(six_no_ace))),
        ("odds treinta-y-cuarenta --remove As --cards-left 20",
         lambda: build_report(six, shoe_odds(six_no_ace, every_coup=True), 20),
         lambda: build_report(six, treinta_two_walks(six_no_ace, every_coup=True), 20)),
        ("analyze trijoker --remove As", lambda: outcome_distribution(trijoker, one_out),
         lambda: _any_composition(trijoker, one_out)),
        ("analyze treinta-y-cuarenta --decks 8", lambda: shoe_report(treinta, eight),
         lambda: build_report(treinta, shoe_odds(eight))),
        ("odds treinta-y-cuarenta --decks 8 --cards-left 20", lambda: shoe_report(treinta, eight, 20),
         lambda: build_report(treinta, shoe_odds(eight, every_coup=True), 20)),
        ("equity omaha, 7 players (±1 point; old: 100,000 deals)", *_equity_row(OMAHA, [
            "As Ks Qd Jd", "8c 8d 9c 9d", "2h 3h 4s 5s", "Tc Jc Qc Kc", "Ah Ad 7s 6s", "Th 9h 5d 4d", "2c 3c 6h 7h"])),
        ("equity holdem, 10 players (±1 point; old: 100,000 deals)", *_equity_row(HOLDEM, [
            "As Ks", "8c 8d", "2h 3h", "Tc Jc", "Ah Ad", "Th 9h", "2c 3c", "Qs Qd", "7d 6d", "Kh Jh"])),
        ("solve dos-panos --model shoe --decks 8 (its tables)", lambda: dos_panos_tables(shoe8, False),
         lambda: every_pair_tables(shoe8, False)),
    ]
    ok = True
    print(f"\n{'command line analysis (CPU time)':58} {'now':>9} {'old':>9} {'ratio':>7}  agree")
    for name, fast, old, *compare in rows:
        if only not in name:
            continue
        fast_time, fast_result = cpu_time(fast)
        old_time, old_result = cpu_time(old)
        if isinstance(old_result, tuple) and len(old_result) == 2 and isinstance(old_result[0], float):
            old_time, old_result = old_result  # timed on a part, counted for the whole
        agree = compare[0](fast_result, old_result) if compare else fast_result == old_result
        ok = ok and agree
        print(f"{name:58} {fast_time:8.2f}s {old_time:8.2f}s {fast_time / old_time:7.3f}  {agree}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("analyses", "cli"), help="run one part only")
    parser.add_argument("--row", default="", help="only the command line rows whose name holds this text")
    args = parser.parse_args()
    only = args.only
    if only == "cli":
        return 0 if cli_rows(args.row) else 1
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
        ok = cli_rows(args.row) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
