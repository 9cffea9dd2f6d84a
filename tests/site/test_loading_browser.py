"""Loading and failure, in Chromium: the progress of Python's download inside each widget, controls inert
meanwhile but clicks kept, a note when JavaScript is off, and instant navigation on a build served at
another address (SITE_URL).
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from lxml import html as lxml_html

from naipes import widgets
from naipes.core.i18n import translate

from site_helpers import ELSEWHERE, page_url

PUNTO_BANCA = "games/punto-banca.md"
SIETE = "games/siete-y-medio.md"
ENGINE_TIMEOUT = 120_000


def norm(text: str) -> str:
    return " ".join(text.split())


def test_progress_inert_controls_and_a_click_kept_until_python_is_ready(page):
    held = []
    page.context.route("**/*.whl", lambda route: held.append(route))  # the wheel waits: Python starts, the engine cannot
    coup, tableau, presets = "#naipes-coup", '[data-naipes-widget="tableau"]', '[data-naipes-widget="presets"]'
    page.goto(page_url("es", PUNTO_BANCA))
    initial = page.get_attribute(coup, "data-naipes-state")
    page.locator(coup).scroll_into_view_if_needed()  # a widget in view starts Python
    # bytes of the runtime, as they arrive
    page.wait_for_function("(sel) => { const p = document.querySelector(sel + ' .naipes-loading progress');"
                           " return p && p.hasAttribute('value') && p.value > 0; }", arg=coup, timeout=ENGINE_TIMEOUT)
    total = int(page.get_attribute('meta[name="naipes-runtime-bytes"]', "content"))
    megabytes = f"{total / 1e6:.1f}".replace(".", ",")
    assert norm(page.locator(f"{coup} .naipes-loading-bytes").inner_text()).endswith(f"de {megabytes} MB")
    # controls say they do nothing yet, and look it
    next_step = page.locator(f'{coup} button[data-naipes-action="next"]')
    assert next_step.get_attribute("aria-disabled") == "true"
    assert next_step.evaluate("(b) => [getComputedStyle(b).cursor, Number(getComputedStyle(b).opacity) < 1]") == [
        "progress", True]
    # Python itself starts (the runtime is in; the wheel is still held back)
    page.wait_for_function("(sel) => document.querySelector(sel + ' .naipes-loading-text').textContent"
                           " === document.querySelector(sel).dataset.naipesMsgStarting", arg=coup,
                           timeout=ENGINE_TIMEOUT)
    assert page.locator(f"{coup} .naipes-loading-text").inner_text() == translate("Starting Python…", "es")
    # a click now is kept, and said so
    next_step.click(force=True)  # Playwright itself would wait for an aria-disabled control
    assert page.locator(f"{coup} .naipes-loading-text").inner_text() == page.get_attribute(coup, "data-naipes-msg-queued")
    assert page.get_attribute(coup, "data-naipes-state") == initial
    # a static table never says anything about an interactive mode
    assert page.locator(f"{presets} .naipes-status").inner_text() == ""
    assert page.get_attribute(presets, "data-naipes-mode") is None
    page.context.unroute("**/*.whl")
    for route in held:
        route.continue_()
    page.wait_for_selector(f'{coup}[data-naipes-mode="live"]', timeout=ENGINE_TIMEOUT)
    # the click was played once: one step, as the engine plays it
    want = widgets.handle(initial, "next", "")
    assert json.loads(page.get_attribute(coup, "data-naipes-state")) == json.loads(
        lxml_html.fragment_fromstring(want).get("data-naipes-state"))
    assert page.locator(f"{coup} .naipes-loading").count() == 0
    assert page.locator(f'{coup} [aria-disabled="true"]').count() == 0
    page.wait_for_selector(f'{tableau}[data-naipes-mode="ready"]')
    assert page.locator(f'{tableau} [aria-disabled="true"]').count() == 0
    assert page.locator(f"{tableau} .naipes-status").inner_text() == translate("Interactive mode ready.", "es")
    assert page.locator(f"{presets} .naipes-status").inner_text() == ""


def test_without_javascript_a_game_says_why_nothing_happens(browser, base_url):
    context = browser.new_context(base_url=base_url, java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(page_url("ca", SIETE))
        table, static = '[data-naipes-widget="table"]', '[data-naipes-widget="bust-table"]'
        note = page.locator(f"{table} .naipes-noscript")
        assert note.is_visible()
        assert norm(note.inner_text()) == norm(translate(
            "Turn JavaScript on to play here: without it, this shows what the engine computed when the site was "
            "built.", "ca"))
        assert page.locator(f"{static} .naipes-noscript").count() == 0
        bet = page.locator(f'{table} button[data-naipes-action="bet"]')
        assert bet.evaluate("(b) => [getComputedStyle(b).cursor, Number(getComputedStyle(b).opacity) < 1]") == [
            "not-allowed", True]
        assert not page.locator(f"{table} [data-naipes-copy]").is_visible()
        assert page.locator(".naipes-status").all_inner_texts() == [""] * page.locator(".naipes-widget").count()
    finally:
        context.close()


# --------------------------------------------------------------------------- another address


@pytest.fixture(scope="module")
def elsewhere(properdocs_site):
    """The site built for another address (SITE_URL=ELSEWHERE) and served there as a plain static host.

    The build is the ProperDocs one tools/test.sh makes for that address (the same mkdocs.yml: test_generators.py
    checks it is the same site); the browser's routing is the host, so no port has to match the build.
    """
    return ELSEWHERE, properdocs_site


def _serve_from(out: Path):
    """A route handler: files of `out` for ELSEWHERE's host (a directory's index.html), nothing else."""
    def handle(route):
        parts = urlsplit(route.request.url)
        if f"{parts.scheme}://{parts.netloc}/" != ELSEWHERE:
            return route.abort()
        file = out / unquote(parts.path).lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        if not file.resolve().is_relative_to(out.resolve()) or not file.is_file():
            return route.fulfill(status=404, body="not found")
        return route.fulfill(path=file)
    return handle


def test_instant_navigation_works_on_a_build_for_another_address(browser, elsewhere):
    address, out = elsewhere
    assert f"<loc>{address}games/punto-banca/</loc>" in (Path(out) / "sitemap.xml").read_text(encoding="utf-8")
    context = browser.new_context(base_url=address, service_workers="block")
    context.route("**/*", _serve_from(Path(out)))
    try:
        page = context.new_page()
        page.goto("en/")
        page.evaluate("window.__sameDocument = true")
        page.locator('.md-nav--primary a.md-nav__link[href$="games/punto-banca/"]').first.click()
        page.wait_for_url("**/en/games/punto-banca/")
        page.wait_for_selector("#naipes-coup")
        assert page.evaluate("window.__sameDocument") is True, "the click reloaded the page"
    finally:
        context.close()
