"""Measure the built site in one run and print ratios.

    .venv/bin/python benchmarks/site.py [--runs N]

1. Site build time (``mkdocs build --strict`` into a temporary directory).
2. Bytes each kind of page downloads (a page without widgets, a rules page with widgets before any
   interaction, the phrasebook), and the Pyodide share of a page without widgets (must be 0).
3. Time from the first interaction with a widget to the widget answering, cold (fresh browser
   context, empty cache) and after an instant navigation away and back, each against a bare Pyodide
   load (worker + ``loadPyodide()``, no wheel) measured in the same run, same server, same browser; and
   that bare load again with the worker's ``zip_importer.py`` (the part of the ratio Python's own start
   gains from compiling each imported module once).
4. A second full-page visit in the same browser: how many bytes of the Pyodide runtime and the wheel
   it downloads again (0: Cache Storage keeps them) and how long until the engine is ready.
5. A click during circle poker's equity simulation (issue 25, point 8): the showdown's deal, clicked once
   with nothing running and once right after the odds widget's Simulate, timed in the page to the answer
   (budget 100 ms). `--only clicks` runs this part alone (no site build timed).

Uses the site in ``site/`` (built first if missing) served from 127.0.0.1 on a free port, and
Debian's Chromium.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "site"))

from site_helpers import CHROMIUM, CHROMIUM_ARGS, SITE  # noqa: E402

GAME = "games/punto-banca/"
PLAIN = "sources/"
TABLEAU = '.naipes-widget[data-naipes-widget="tableau"]'


def build_seconds() -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", tmp], cwd=ROOT,
                       check=True, env=env)
        return time.perf_counter() - start


def new_context(browser, base):
    context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
    context.route("**/*", lambda r: r.abort() if "127.0.0.1" not in r.request.url.split("/")[2] else r.continue_())
    return context


def wire_bytes(url: str, raw: int) -> int:
    """What a host serving the build's `.br` copies sends for a URL (raw when the file has no copy)."""
    path = urlsplit(url).path
    file = SITE / path.lstrip("/")
    copy = file.with_name(file.name + ".br")
    return copy.stat().st_size if path and not path.endswith("/") and copy.is_file() else raw


def page_bytes(browser, base, path: str = "") -> tuple[int, int, int]:
    """(bytes a page downloads, the same from a host serving the `.br` copies, the Pyodide runtime's and
    the wheel's share), without interacting."""
    path = path or PLAIN
    context = new_context(browser, base)
    page = context.new_page()
    sizes: dict[str, int] = {}

    def on_finished(request):
        try:
            sizes[request.url] = request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]
        except Exception:  # noqa: BLE001
            pass

    page.on("requestfinished", on_finished)
    page.goto(path, wait_until="networkidle")
    page.mouse.wheel(0, 20_000)
    page.wait_for_timeout(500)
    context.close()
    total = sum(sizes.values())
    wire = sum(wire_bytes(u, v) for u, v in sizes.items())
    pyodide = sum(v for u, v in sizes.items() if "/assets/pyodide/" in u or u.endswith(".whl"))
    return total, wire, pyodide


def pointer_to_ms(page, until: str) -> float:
    """ms, timed in the page, from a pointer press on the banker table to `until`: "answer" (the press and a
    click on a cell it has not selected; the widget's new HTML is in the page) or "ready" (the engine started).

    Playwright's own waits poll every 0.5 s after a while, which would put a 0.5 s step into the result.
    """
    return page.evaluate(
        """async ([sel, until]) => {
            const root = document.querySelector(sel);
            const before = root.getAttribute('data-naipes-state');
            const cells = root.querySelectorAll('[data-naipes-action="select"]');
            const target = until === 'answer' ? [...cells].find(c => c.getAttribute('aria-pressed') !== 'true') : root;
            const done = (now) => until === 'answer'
                ? now.getAttribute('data-naipes-state') !== before
                : now.getAttribute('data-naipes-mode') === 'ready';
            const t0 = performance.now();
            target.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
            if (until === 'answer') target.click();
            while (!done(document.querySelector(sel))) {
                await new Promise(r => setTimeout(r, 5));
                if (performance.now() - t0 > 120000) throw new Error('timeout');
            }
            return performance.now() - t0;
        }""",
        [TABLEAU, until],
    )


def widget_times(browser, base) -> tuple[float, float]:
    context = new_context(browser, base)
    page = context.new_page()
    # Click as soon as the page is there, before the engine's idle start: the cold worst case.
    page.goto(GAME, wait_until="domcontentloaded")
    page.wait_for_selector(TABLEAU)
    cold = pointer_to_ms(page, "answer")
    page.locator('.md-nav--primary a.md-nav__link[href$="sources/"]').first.click()
    page.wait_for_url("**/sources/")
    page.locator('.md-nav--primary a.md-nav__link[href$="games/punto-banca/"]').first.click()
    page.wait_for_url("**/games/punto-banca/")
    page.wait_for_selector(TABLEAU)
    warm = pointer_to_ms(page, "answer")
    context.close()
    return cold, warm


def second_visit(browser, base) -> tuple[int, float]:
    """(runtime + wheel bytes downloaded again, ms until ready) on a second full load of a widget page."""
    context = new_context(browser, base)
    page = context.new_page()
    page.goto(GAME, wait_until="networkidle")
    page.dispatch_event(TABLEAU, "pointerdown")
    page.wait_for_selector(TABLEAU + '[data-naipes-mode="ready"]', timeout=120_000)
    # The worker writes the runtime and the wheel to Cache Storage once Python is ready: a second visit
    # comes later than that, and one that raced the writes would time the disk twice.
    page.wait_for_function(
        """async () => {
            const names = document.querySelector('meta[name="naipes-cache"]').content.split(' ');
            const stored = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length));
            return stored[0] >= 1 && stored[1] >= 5;
        }""",
        polling=100, timeout=60_000,
    )
    again = context.new_page()
    sizes: dict[str, int] = {}

    def on_finished(request):
        if "/assets/pyodide/" in request.url or request.url.endswith(".whl"):
            try:
                sizes[request.url] = request.sizes()["responseBodySize"]
            except Exception:  # noqa: BLE001
                pass

    again.on("requestfinished", on_finished)
    context.on("requestfinished", on_finished)
    again.goto(GAME, wait_until="domcontentloaded")
    ready = pointer_to_ms(again, "ready")
    context.close()
    return sum(sizes.values()), ready


def bare_pyodide_ms(browser, base, compile_once: bool = False) -> float:
    """ms from creating a worker to ``loadPyodide()`` resolving in it; with `compile_once`, Python starts with
    the worker's ``zip_importer.py`` as sitecustomize, as the site's worker starts it."""
    context = new_context(browser, base)
    page = context.new_page()
    page.goto(PLAIN, wait_until="networkidle")
    ms = page.evaluate(
        """async (compileOnce) => {
            const url = new URL('assets/pyodide/pyodide.mjs', location.origin + '/').href;
            const importer = new URL('assets/naipes/zip_importer.py', location.origin + '/').href;
            const fsInit = compileOnce
                ? `fsInit: async (FS, { sitePackages }) =>
                     FS.writeFile(sitePackages + '/sitecustomize.py', await (await fetch('${importer}')).text()),`
                : '';
            const src = `import { loadPyodide } from '${url}';
                         await loadPyodide({ indexURL: '${new URL('.', url).href}', stdout: () => {}, ${fsInit} });
                         postMessage('ok');`;
            const t0 = performance.now();
            const worker = new Worker(URL.createObjectURL(new Blob([src], {type: 'text/javascript'})), {type: 'module'});
            await new Promise((resolve, reject) => { worker.onmessage = resolve; worker.onerror = reject; });
            return performance.now() - t0;
        }""",
        compile_once,
    )
    context.close()
    return ms


CIRCLE_POKER = "en/games/circle-poker/"
SHOWDOWN = '.naipes-widget[data-naipes-widget="showdown"][data-naipes-variant="holdem"]'
ODDS = '.naipes-widget[data-naipes-widget="odds"]'


def click_to_answer_ms(page, root: str, control: str) -> float:
    """ms, timed in the page, from a click on `control` inside `root` to `root`'s new state in the page."""
    return page.evaluate(
        """async ([sel, control]) => {
            const before = document.querySelector(sel).getAttribute('data-naipes-state');
            const t0 = performance.now();
            document.querySelector(sel + ' ' + control).click();
            while (document.querySelector(sel).getAttribute('data-naipes-state') === before) {
                await new Promise(r => setTimeout(r, 2));
                if (performance.now() - t0 > 120000) throw new Error('timeout');
            }
            return performance.now() - t0;
        }""",
        [root, control],
    )


def click_during_simulation(browser, base) -> tuple[float, float]:
    """The showdown's deal: ms to its answer with the engine idle, and right after Simulate in the odds widget."""
    context = new_context(browser, base)
    try:
        page = context.new_page()
        page.goto(CIRCLE_POKER, wait_until="load")
        # The first of each (the page shows more): named by id, since each answer replaces its element.
        odds = f'.naipes-widget[data-naipes-id="{page.locator(ODDS).first.get_attribute("data-naipes-id")}"]'
        showdown = f'.naipes-widget[data-naipes-id="{page.locator(SHOWDOWN).first.get_attribute("data-naipes-id")}"]'
        for root in (odds, showdown):
            page.evaluate("sel => document.querySelector(sel).scrollIntoView({block: 'center'})", root)
            page.dispatch_event(root, "pointerdown")
            page.wait_for_selector(f'{root}[data-naipes-mode="ready"], {root}[data-naipes-mode="live"]',
                                   timeout=120_000)
        deal = 'button[data-naipes-action="deal"]'
        page.wait_for_timeout(1000)  # the page settled: nothing else running
        idle = click_to_answer_ms(page, showdown, deal)
        fill = f'{odds} button[data-naipes-action="fill"]'
        if page.locator(fill).count() == 0:  # the odds start on a board: empty it, the simulation's case
            board = page.locator(f'{odds} [data-naipes-action="board"]').first
            board.fill("")
            board.press("Enter")
            page.wait_for_selector(fill, timeout=60_000)
        page.locator(fill).click()
        page.wait_for_selector(f"{odds}[data-naipes-pending]", timeout=60_000)
        during = click_to_answer_ms(page, showdown, deal)
        return idle, during
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="browser measurements per quantity (median)")
    parser.add_argument("--only", choices=("clicks",), help="run one part only")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright
    from conftest import SiteServer  # the test suite's server (sitemap origin rewrite)

    os.environ["NO_MKDOCS_2_WARNING"] = "1"
    build = 0.0 if args.only else build_seconds()
    if not (SITE / "index.html").exists():
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=ROOT, check=True)
    with SiteServer(SITE) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        clicks = [click_during_simulation(browser, server.base) for _ in range(args.runs)]
        idle, during = statistics.median(c[0] for c in clicks), statistics.median(c[1] for c in clicks)
        print(f"circle poker, the showdown's deal, click -> answer, median of {args.runs}: {idle:.0f} ms idle, "
              f"{during:.0f} ms during the equity simulation (ratio {during / idle:.2f}; budget 100 ms; each run: "
              f"{', '.join(f'{d:.0f}' for _, d in clicks)} ms)")
        if args.only:
            browser.close()
            return
        total, wire, pyodide = page_bytes(browser, server.base)
        kinds = {"rules page with widgets": page_bytes(browser, server.base, GAME),
                 "phrasebook": page_bytes(browser, server.base, "phrasebook/")}
        again_bytes, again_ms = second_visit(browser, server.base)
        bare, once, cold, warm = [], [], [], []
        for _ in range(args.runs):
            bare.append(bare_pyodide_ms(browser, server.base))
            once.append(bare_pyodide_ms(browser, server.base, compile_once=True))
            c, w = widget_times(browser, server.base)
            cold.append(c)
            warm.append(w)
        browser.close()

    b, c, w = statistics.median(bare), statistics.median(cold), statistics.median(warm)
    print(f"site build (mkdocs build --strict, 3 languages): {build:.2f} s")
    print(f"page without widgets (/{PLAIN}): {total / 1024:.1f} KiB downloaded, Pyodide bytes = {pyodide} "
          f"(target <= 600 KiB); {wire / 1024:.1f} KiB from a host serving the .br copies")
    for kind, (size, compressed, _) in kinds.items():
        print(f"{kind}: {size / 1024:.1f} KiB before any interaction ({compressed / 1024:.1f} KiB with .br copies)")
    print(f"bare Pyodide load (worker + loadPyodide, no wheel), median of {args.runs}: {b:.0f} ms")
    o = statistics.median(once)
    print(f"  the same with the worker's zip_importer.py (imports compile once):   {o:.0f} ms  ratio {o / b:.2f} x bare")
    print(f"first interaction -> widget answers, cold:                  {c:.0f} ms  ratio {c / b:.2f} x bare")
    # Each run's cold answer against the bare load measured just before it: a busy machine moves both.
    pairs = sorted(cold_ms / bare_ms for bare_ms, cold_ms in zip(bare, cold))
    print(f"  cold / bare in each run: {', '.join(f'{r:.2f}' for r in pairs)}")
    print(f"first interaction -> widget answers, after instant nav:     {w:.0f} ms  ratio {w / b:.3f} x bare")
    print(f"second full-page visit: runtime and wheel downloaded again: {again_bytes} bytes; engine ready in "
          f"{again_ms:.0f} ms ({again_ms / b:.2f} x a bare first load)")


if __name__ == "__main__":
    main()
