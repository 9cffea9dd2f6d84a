"""How the engine reaches the reader: Python starts before the first click, and a second visit does not
download the runtime again (Cache Storage in the worker)."""

from __future__ import annotations

from urllib.parse import urlsplit

from site_helpers import page_url

GAME = "games/punto-banca.md"
TABLEAU = '.naipes-widget[data-naipes-widget="tableau"]'
RUNTIME = ("pyodide.mjs", "pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json", ".whl")


def test_a_widget_page_starts_python_when_idle_without_any_click(page):
    page.goto(page_url("es", GAME))
    page.wait_for_selector(TABLEAU + '[data-naipes-mode="ready"]', timeout=90_000)


def test_a_second_full_visit_takes_the_runtime_and_the_wheel_from_the_cache(page, rec):
    page.goto(page_url("en", GAME))
    page.wait_for_selector(TABLEAU + '[data-naipes-mode="ready"]', timeout=90_000)
    first = [urlsplit(u).path for u in rec.requests if u.endswith(RUNTIME)]
    assert {name for name in RUNTIME if any(p.endswith(name) for p in first)} == set(RUNTIME), first
    assert len(first) == len(set(first)), f"a runtime file was downloaded twice: {first}"
    # The worker stores its downloads once Python is ready: wait until the cache holds every one of them.
    page.wait_for_function("""async (count) => {
        let stored = 0;
        for (const name of await caches.keys()) stored += (await (await caches.open(name)).keys()).length;
        return stored >= count;
    }""", arg=len(RUNTIME), timeout=30_000)
    again = page.context.new_page()
    downloads: list[str] = []
    page.context.on("request", lambda r: downloads.append(r.url) if r.url.endswith(RUNTIME) else None)
    again.goto(page_url("en", GAME))
    again.dispatch_event(TABLEAU, "pointerdown")
    again.wait_for_selector(TABLEAU + '[data-naipes-mode="ready"]', timeout=90_000)
    assert downloads == [], downloads
    # and the engine answers on the second visit
    old = again.get_attribute(TABLEAU, "data-naipes-state")
    again.locator(TABLEAU + ' [data-naipes-action="select"]').nth(7).click()
    again.wait_for_function("([sel, old]) => document.querySelector(sel).getAttribute('data-naipes-state') !== old",
                            arg=[TABLEAU, old])
