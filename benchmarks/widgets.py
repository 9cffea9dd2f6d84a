"""Widget latency benchmark: every action of every widget block of every page, in CPython and in Pyodide.

Run: `python benchmarks/widgets.py [--cpython-only] [--limit N] [--only TEXT] [--policies K]` after
`mkdocs build` (it uses the built site's wheel and the pinned Pyodide runtime under Node, the same files the
browser loads).

For every ```` ```naipes ```` block of `docs/{es,ca,en}` it renders the widget, then walks its controls:
each option of each select and each enabled button, from the first state and along a played-out path
(the primary button pressed again and again: a coup dealt to its end with the reader's decisions, a whole
Siete y medio game with the odds shown), and along `--policies` seeded random walks (default 5) that take
any enabled control at each state — the other decisions readers take: standing at other totals, another
action, another deck count, the showdown after changing players — each at most `PLAY_OUT` clicks. Every
enabled control of every state reached is a step. Caches are cleared before each page, as in a fresh tab.
The same list of (state, action, value) steps is replayed in CPython and in Pyodide (Node), each click timed
in CPU time of the process as well as in wall time (the machines are shared); it prints the slowest
actions, how many take more than the budget (CPU time; wall time beside it), and the Pyodide/CPython ratio
measured in this run. Exits 1 if any click is over budget in Pyodide (or, with `--cpython-only`, over half of
it in CPython). `--only` keeps the blocks whose key (lang/page#n:widget) contains its text: runs stay short.
"""

from __future__ import annotations

import argparse
import gc
import html
import importlib.util
import json
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
BUDGET_MS = 100.0
#: A progressive fill (`data-naipes-pending`) answers within this in Pyodide (half of it in CPython).
FILL_BUDGET_MS = 250.0
#: How many times the primary button is pressed along the played-out path of one widget (and the most clicks of
#: one random walk).
PLAY_OUT = 25
#: Seeded random walks per block (each from the first state): the decisions off the primary path.
POLICIES = 5
#: Values typed into text inputs (a bet, an offer) when they are walked.
TYPED = {"bet-amount": "2", "offer-amount": ""}
#: The action the browser sends by itself after a render that left exact values to compute: it is not a click
#: (the click was answered at once), so it is reported apart from the budget.
PROGRESSIVE = "fill"
#: The most fills followed after one click (a simulation that narrows batch after batch would go on).
MAX_FILLS = 8

sys.path.insert(0, str(ROOT / "engine"))

from naipes import widgets  # noqa: E402


def _hooks():
    spec = importlib.util.spec_from_file_location("naipes_build_steps", ROOT / "tools" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["naipes_build_steps"] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def blocks() -> list[tuple[str, str, str]]:
    """(lang, page, block body) of every widget block of the docs."""
    hooks = _hooks()
    found = []
    for lang in ("es", "ca", "en"):
        for md in sorted((ROOT / "docs" / lang).rglob("*.md")):
            for block in hooks.find_widget_blocks(md.read_text(encoding="utf-8")):
                found.append((lang, md.relative_to(ROOT / "docs" / lang).as_posix(), block.body))
    return found


def state_of(widget_html: str) -> str:
    return html.unescape(re.search(r'data-naipes-state="([^"]*)"', widget_html).group(1))


# A select is read up to its end tag (its options); a button or an input by its opening tag alone.
_CONTROL = re.compile(r"<(select)\b([^>]*)>(.*?)</select>|<(button|input)\b([^>]*)>", re.S)


def controls(widget_html: str) -> list[tuple[str, str, bool, bool]]:
    """(action, value, enabled, primary) of every control; a select gives one entry per option."""
    found = []
    for match in _CONTROL.finditer(widget_html):
        tag, attrs, inner = match.group(1, 2, 3) if match.group(1) else (match.group(4), match.group(5), "")
        action = re.search(r'data-naipes-action="([^"]*)"', attrs)
        if not action:
            continue
        action = html.unescape(action.group(1))
        enabled = " disabled" not in attrs
        if tag == "select":
            for value in re.findall(r'<option\b[^>]*\bvalue="([^"]*)"', inner):
                found.append((action, html.unescape(value), True, False))
        elif tag == "input":
            found.append((action, TYPED.get(action, "1"), True, False))
        else:
            value = re.search(r'data-naipes-value="([^"]*)"', attrs)
            found.append((action, html.unescape(value.group(1)) if value else "", enabled,
                          "md-button--primary" in attrs))
    return found


def clear_caches() -> None:
    """Forget every memoised result of the engine, as a fresh tab would."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("naipes"):
            continue
        for value in list(vars(module).values()):
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    gc.collect()


def steps_of(body: str, lang: str, policies: int = POLICIES) -> list[tuple[str, str, str]]:
    """The (state, action, value) steps walked for one block: every control, then every control again
    after each setting (a select's option), the played-out path from the first state and from each
    setting, and `policies` seeded random walks."""
    first = widgets.render(widgets.parse_spec(body), lang)
    if 'data-naipes-static="true"' in first[:2000]:
        return []
    steps: list[tuple[str, str, str]] = []
    starts = [first]
    for action, value, enabled, primary in controls(first):
        if not enabled:
            continue
        steps.append((state_of(first), action, value))
        if '<select data-naipes-action="' + action + '"' in first:
            after = widgets.handle(state_of(first), action, value)
            starts.append(after)
            steps += [(state_of(after), a, v) for a, v, on, _ in controls(after) if on]
    for start in starts:
        steps += play_out(start)
    for policy in range(policies):
        steps += random_walk(first, random.Random(policy))
    return steps


def random_walk(current: str, rng: random.Random) -> list[tuple[str, str, str]]:
    """From a widget's HTML, take a random enabled control at each state (a select's option, a button, a
    typed value), at most `PLAY_OUT` times: each click taken is a step (timing every control of every state
    of every walk would be tens of thousands of clicks, too many for Pyodide)."""
    steps: list[tuple[str, str, str]] = []
    state = state_of(current)
    for _ in range(PLAY_OUT):
        options = [c for c in controls(current) if c[2]]
        if not options:
            break
        action, value = rng.choice(options)[:2]
        steps.append((state, action, value))
        current = widgets.handle(state, action, value)
        if 'data-naipes-state="' not in current:
            break
        fill_steps, current = fills(current)
        steps += fill_steps
        state = state_of(current)
    return steps


def fills(current: str) -> tuple[list[tuple[str, str, str]], str]:
    """The fills the browser sends after a render that left values to compute, while the answer asks for more
    (at most `MAX_FILLS`: a widget that fills in parts answers each within the budget), and the last answer."""
    steps: list[tuple[str, str, str]] = []
    for _ in range(MAX_FILLS):
        if 'data-naipes-pending="' not in current[:3000] or 'data-naipes-state="' not in current:
            break
        state = state_of(current)
        steps.append((state, PROGRESSIVE, ""))
        current = widgets.handle(state, PROGRESSIVE, "")
    return steps, current


def play_out(current: str) -> list[tuple[str, str, str]]:
    """From a widget's HTML, press its first enabled primary control again and again (every control of
    each state on the way is a step too), showing the odds where the widget offers them."""
    steps: list[tuple[str, str, str]] = []
    state = state_of(current)
    for _ in range(PLAY_OUT):
        options = [c for c in controls(current) if c[2]]
        primary = [c for c in options if c[3]]
        if not primary:
            break
        for action, value, _, _ in options:
            steps.append((state, action, value))
        action, value = primary[0][0], primary[0][1]
        if action == "bet":  # the bet is typed first
            state = state_of(widgets.handle(state, "bet-amount", "2"))
        if any(a == "odds" for a, *_ in options) and '"odds":false' in state:
            state = state_of(widgets.handle(state, "odds", ""))
        current = widgets.handle(state, action, value)
        fill_steps, current = fills(current)  # the browser asks at once for what was left to compute
        steps += fill_steps
        state = state_of(current)
    return steps


def time_cpython(pages: dict[str, list]) -> dict[str, list[list[float]]]:
    """[CPU ms, wall ms] of each step of each page, the caches cleared before each page."""
    times = {}
    for page, steps in pages.items():
        clear_caches()
        times[page] = []
        for state, action, value in steps:
            wall, cpu = time.perf_counter(), time.process_time()
            widgets.handle(state, action, value)
            times[page].append([(time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000])
    return times


def time_pyodide(pages: dict[str, list]) -> dict[str, list[float]]:
    wheel = sorted((SITE / "assets" / "naipes").glob("naipes-*.whl"))
    if not wheel:
        raise SystemExit("build the site first: mkdocs build")
    runner = Path(__file__).with_name("widgets_pyodide.mjs")
    proc = subprocess.run(["node", str(runner), str(SITE / "assets" / "pyodide"), str(wheel[-1])],
                          input=json.dumps(pages), capture_output=True, text=True, timeout=3600)
    if proc.returncode:
        raise SystemExit(proc.stderr)
    return json.loads(proc.stdout)


def _over(rows: list[tuple], column: int, budget: float) -> dict[tuple[str, str], list[float]]:
    """The clicks over `budget` ms in CPU time of `column` (0 Pyodide, 1 CPython), by page:widget and action."""
    over: dict[tuple[str, str], list[float]] = {}
    for row in rows:
        if row[column] is not None and row[column][0] > budget:
            page, action = row[2], row[3]
            where = page.split("#")[0].split("/", 1)[1] + ":" + page.split(":")[-1]
            over.setdefault((where, action), []).append(row[column][0])
    return over


def _print_over(label: str, over: dict[tuple[str, str], list[float]]) -> None:
    if over:
        print(f"{label}, by page:widget and action (count, slowest CPU ms):")
        for (where, action), times in sorted(over.items(), key=lambda kv: -max(kv[1])):
            print(f"  {where} {action}: {len(times)}, {max(times):.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpython-only", action="store_true", help="skip Pyodide (no Node)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N blocks")
    parser.add_argument("--only", default="", help="only the blocks whose key (lang/page#n:widget) contains this")
    parser.add_argument("--policies", type=int, default=POLICIES, help=f"random walks per block (default {POLICIES})")
    args = parser.parse_args()
    pages: dict[str, list] = {}
    found = blocks()[: args.limit or None]
    for number, (lang, page, body) in enumerate(found):
        key = f"{lang}/{page}#{number}:{widgets.parse_spec(body).get('widget')}"
        if args.only not in key:
            continue
        try:
            # A step met again is timed once, where it first comes (later, its answer is memoised anyway).
            pages[key] = list(dict.fromkeys(steps_of(body, lang, args.policies)))
        except Exception as error:  # noqa: BLE001 - a block that does not render is reported, not timed
            print(f"skipped {key}: {type(error).__name__}: {error}")
    total = sum(map(len, pages.values()))
    cpython = time_cpython(pages)
    pyodide = None if args.cpython_only else time_pyodide(pages)
    rows = []
    for page, steps in pages.items():
        for i, (_, action, value) in enumerate(steps):
            rows.append((pyodide[page][i] if pyodide else None, cpython[page][i], page, action, value))
    rows.sort(key=lambda r: -(r[0][0] if r[0] is not None else r[1][0]))
    print(f"{total} actions in {len(pages)} widget blocks (CPU ms, wall ms beside it)")
    print(f"{'pyodide cpu':>11} {'wall':>7} {'cpython cpu':>11} {'wall':>7}  widget / action")
    nan = (float("nan"), float("nan"))
    for py, cp, page, action, value in [r for r in rows if r[3] != PROGRESSIVE][:15]:
        py = py or nan
        print(f"{py[0]:11.1f} {py[1]:7.1f} {cp[0]:11.1f} {cp[1]:7.1f}  {page} {action}={value[:20]}")
    clicks = [r for r in rows if r[3] != PROGRESSIVE]
    fills = [r for r in rows if r[3] == PROGRESSIVE]
    slow_cp = _over(clicks, 1, BUDGET_MS / 2)
    print(f"over {BUDGET_MS / 2:.0f} ms CPU in CPython: {sum(map(len, slow_cp.values()))} of {len(clicks)} clicks "
          f"(wall time: {sum(1 for r in clicks if r[1][1] > BUDGET_MS / 2)})")
    _print_over(f"over {BUDGET_MS / 2:.0f} ms in CPython", slow_cp)
    if fills:
        print(f"progressive fills (exact values shown after the click's answer): {len(fills)}, slowest "
              f"{max((r[0] or r[1])[0] for r in fills):.0f} ms CPU")
        _print_over(f"fills over {FILL_BUDGET_MS / 2:.0f} ms in CPython", _over(fills, 1, FILL_BUDGET_MS / 2))
    if pyodide is None:
        return 1 if slow_cp else 0
    slow = _over(clicks, 0, BUDGET_MS)
    _print_over(f"over {BUDGET_MS:.0f} ms in Pyodide", slow)
    ratios = [py[0] / cp[0] for py, cp, *_ in rows if cp[0] > 1]
    print(f"over {BUDGET_MS:.0f} ms CPU in Pyodide: {sum(map(len, slow.values()))} of {len(clicks)} (wall time: "
          f"{sum(1 for r in clicks if r[0][1] > BUDGET_MS)}); Pyodide/CPython CPU ratio (median of actions over 1 ms): "
          f"{statistics.median(ratios) if ratios else float('nan'):.2f}")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
