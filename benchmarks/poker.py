"""Poker benchmark: the hand evaluator's speed and the poker widgets' actions, in CPython and in Pyodide.

Run: `python benchmarks/poker.py [--cpython-only] [--site DIR]` after `mkdocs build` (Pyodide runs under Node with the
built site's wheel and runtime, the files the browser loads: see `widgets_pyodide.mjs`).

It measures, in each interpreter:

- every five-card hand of a 52-card deck (2,598,960) through the fast evaluator (`strength_function`);
- random seven-card hands through the public `evaluate` (best five of seven, with the cards in order);
- the exact seven-card category counts (`category_counts(cards=7)`);

and every action of a hand played at each poker table widget and of the progressive pool, against the
100 ms budget of a browser action. Exits 1 if an action is over budget in Pyodide.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
BUDGET_MS = 100.0
sys.path.insert(0, str(ROOT / "engine"))

from naipes import widgets  # noqa: E402

FILL = "fill"
#: The evaluator benchmark, as Python source run in both interpreters (the last line is its JSON).
EVALUATOR = r'''
import json, random, time
from itertools import combinations
from naipes.games.poker.hands import STANDARD, category_counts, evaluate, strength_function
from naipes.games.poker.kernel import CODES
five = strength_function(STANDARD)
LIMIT = {limit}
start = time.perf_counter()
n = 0
for hand in combinations(CODES, 5):
    five(*hand)
    n += 1
    if n == LIMIT:
        break
fast = n / (time.perf_counter() - start)
rng = random.Random(1)
deck = list(STANDARD.deck())
hands = [rng.sample(deck, 7) for _ in range(2000)]
start = time.perf_counter()
for hand in hands:
    evaluate(hand)
seven = len(hands) / (time.perf_counter() - start)
start = time.perf_counter()
category_counts(STANDARD, 7)
counts = time.perf_counter() - start
result = json.dumps({{"five_card_fast_per_s": fast, "hands": n, "seven_card_evaluate_per_s": seven,
                     "seven_card_counts_s": counts}})
result
'''


#: Times the widget steps in either interpreter: per page, clear the caches (a fresh tab), let the page's
#: modules load as the browser does while Pyodide starts (`preload`, not timed), then time each step.
WIDGET_TIMER = r'''
import gc, json, sys, time
from naipes import widgets
pages = json.loads({pages!r})
times = {{}}
for page, steps in pages.items():
    for name, module in list(sys.modules.items()):
        if name.startswith("naipes"):
            for value in list(vars(module).values()):
                if hasattr(value, "cache_clear"):
                    value.cache_clear()
    gc.collect()
    widgets.preload(steps[0][0])
    times[page] = []
    for state, action, value in steps:
        start = time.perf_counter()
        widgets.handle(state, action, value)
        times[page].append((time.perf_counter() - start) * 1000)
result = json.dumps(times)
result
'''


def state_of(html: str) -> str:
    return unescape(re.search(r'data-naipes-state="([^"]*)"', html).group(1))


def steps() -> dict[str, list]:
    """(state, action, value) steps of a hand at each poker table (with the fills the page asks for at once)
    and a few batches of the progressive pool."""
    pages: dict[str, list] = {}
    for lang in ("es", "ca", "en"):
        for game in ("trijoker", "three-card-poker", "sense-descart", "draw-poker"):
            for seed in (1, 2, 3):
                html = widgets.render({"widget": "table", "game": game, "seed": str(seed)}, lang)
                found = []
                for _ in range(10):
                    if 'data-naipes-pending="fill"' in html:
                        step = (state_of(html), FILL, "")
                    elif "data-naipes-waiting=" in html:
                        value = re.search(r'data-naipes-action="choose" data-naipes-value="([^"]*)"', html).group(1)
                        step = (state_of(html), "choose", value)
                    else:
                        step = (state_of(html), "finish", "")
                    found.append(step)
                    html = widgets.handle(*step)
                    if "data-naipes-total" in html:
                        break
                pages[f"{lang}/{game}/table#{seed}"] = found
        html = widgets.render({"widget": "progressive", "game": "sense-descart"}, lang)
        found = []
        for batch in ("10", "50", "100", "100"):
            found.append((state_of(html), "deal", batch))
            html = widgets.handle(*found[-1])
        pages[f"{lang}/sense-descart/progressive"] = found
    return pages


def run_here(source: str):
    """Run a benchmark source in this interpreter; its last line is the JSON it answers."""
    lines = source.strip().splitlines()
    scope: dict = {}
    exec("\n".join(lines[:-1]), scope)  # noqa: S102 - our own benchmark source
    return json.loads(eval(lines[-1], scope))  # noqa: S307 - its last expression


def run_pyodide(source: str, site: Path = SITE):
    """Run a benchmark source in Pyodide under Node, with the built site's wheel and runtime."""
    wheel = sorted((site / "assets" / "naipes").glob("naipes-*.whl"))
    if not wheel:
        raise SystemExit("build the site first: mkdocs build")
    runner = Path(__file__).resolve().with_name("poker_pyodide.mjs")
    proc = subprocess.run(["node", str(runner), str(site / "assets" / "pyodide"), str(wheel[-1])],
                          input=source, capture_output=True, text=True, timeout=3600)
    if proc.returncode:
        raise SystemExit(proc.stderr)
    return json.loads(proc.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpython-only", action="store_true", help="skip Pyodide (no Node)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: site/)")
    args = parser.parse_args()
    pages = steps()
    timer = WIDGET_TIMER.format(pages=json.dumps(pages))
    results = {"cpython": (run_here(EVALUATOR.format(limit=10**7)), run_here(timer))}
    if not args.cpython_only:
        results["pyodide"] = (run_pyodide(EVALUATOR.format(limit=500_000), args.site), run_pyodide(timer, args.site))
    fills = {page: [i for i, step in enumerate(found) if step[1] == FILL] for page, found in pages.items()}
    for name, (evaluator, times) in results.items():
        every = [t for page, page_times in times.items() for i, t in enumerate(page_times) if i not in fills[page]]
        filled = [t for page, page_times in times.items() for i, t in enumerate(page_times) if i in fills[page]]
        print(f"{name}: {evaluator['five_card_fast_per_s']:,.0f} five-card hands/s (fast, {evaluator['hands']:,} "
              f"hands); {evaluator['seven_card_evaluate_per_s']:,.0f} seven-card evaluate()/s; seven-card "
              f"category counts in {evaluator['seven_card_counts_s']:.2f} s")
        slowest = sorted(((t, page) for page, page_times in times.items() for i, t in enumerate(page_times)
                          if i not in fills[page]), reverse=True)[:5]
        print(f"  widget actions: {len(every)}, median {statistics.median(every):.1f} ms, slowest "
              + ", ".join(f"{t:.1f} ms ({page})" for t, page in slowest))
        if filled:
            print(f"  progressive fills (values asked for right after the answer): {len(filled)}, slowest "
                  f"{max(filled):.1f} ms")
    if "pyodide" in results:
        over = [t for page, page_times in results["pyodide"][1].items() for i, t in enumerate(page_times)
                if i not in fills[page] and t > BUDGET_MS]
        print(f"over {BUDGET_MS:.0f} ms in Pyodide: {len(over)}")
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
