"""The offline copy (tools/offline.py, docs/assets/offline/): after one visit the phrasebook searches and
a games page plays with the network gone; a new build offers to reload; the phone layout puts the
phrasebook's and glossary's search box in the first screen.

Each test serves its own copy of the built site (a service worker outlives a page, and one test
rebuilds the copy's worker), in a context of its own without request routing (Playwright's routes
do not see what a service worker fetches)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from site_helpers import ROOT, page_url

# this folder's conftest by its path: "conftest" alone is tests/data's one when both folders run
_spec = importlib.util.spec_from_file_location("site_conftest", Path(__file__).with_name("conftest.py"))
_site_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_site_conftest)
SiteServer = _site_conftest.SiteServer

sys.path.insert(0, str(ROOT))
from tools import offline  # noqa: E402

WIDGET = '.naipes-widget[data-naipes-widget="{}"]'


@pytest.fixture
def site_copy(site, tmp_path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("*.gz", "*.br"))
    return copy


@pytest.fixture
def served(site_copy):
    with SiteServer(site_copy) as srv:
        yield srv


@pytest.fixture
def offline_context(browser, served):
    context = browser.new_context(base_url=served.base, viewport={"width": 1280, "height": 900})
    foreign: list[str] = []
    errors: list[str] = []
    # blob: URLs are the Python worker's own (its modules read through the cache), not requests
    context.on("request", lambda r: foreign.append(r.url)
               if urlsplit(r.url).scheme != "blob" and urlsplit(r.url).hostname != "127.0.0.1" else None)
    context.on("weberror", lambda e: errors.append(str(e.error)))
    yield context
    context.close()
    assert foreign == [], foreign
    assert errors == [], errors


def stored(page) -> None:
    """Wait until the service worker has stored the reader's language (offline.js marks <html>)."""
    page.wait_for_selector("html[data-naipes-offline='ready']", state="attached", timeout=120_000)


def test_the_phrasebook_searches_offline_after_one_visit(offline_context):
    page = offline_context.new_page()
    page.goto(page_url("en", "phrasebook.md"))
    stored(page)
    offline_context.set_offline(True)
    page.reload()
    page.wait_for_selector('[data-naipes-search="phrasebook"][data-naipes-ready="true"]')
    page.fill("#naipes-phrasebook-q", "pata")
    page.wait_for_function("() => document.querySelector('[data-naipes-search=phrasebook]').dataset.naipesQuery === 'pata'")
    results = page.inner_text("#naipes-phrasebook-results")
    assert "estirar la pata" in results
    # a page of the same language never opened before comes from the copy too
    page.goto(page_url("en", "glossary.md"))
    assert page.locator('[data-naipes-search="glossary"]').count() == 1


def test_a_games_page_visited_before_plays_a_coup_offline(offline_context):
    page = offline_context.new_page()
    game = page_url("es", "games/punto-banca.md")
    page.goto(game)
    coup = WIDGET.format("coup")
    page.locator(coup).scroll_into_view_if_needed()
    page.dispatch_event(coup, "pointerdown")
    page.wait_for_selector(coup + '[data-naipes-mode="ready"]', timeout=120_000)
    stored(page)
    # the Python worker writes the runtime to its cache once Python is ready: wait for those writes
    page.wait_for_function(
        """async () => { for (const name of await caches.keys()) {
             if (!name.startsWith('pyodide-')) continue;
             const keys = await (await caches.open(name)).keys();
             if (keys.some((r) => r.url.endsWith('pyodide.asm.wasm'))) return true; } return false; }""",
        timeout=60_000, polling=500)
    offline_context.set_offline(True)
    page.goto(game)
    page.locator(coup).scroll_into_view_if_needed()
    page.dispatch_event(coup, "pointerdown")
    page.wait_for_selector(coup + '[data-naipes-mode="ready"]', timeout=120_000)
    before = page.get_attribute(coup, "data-naipes-state")
    narration = page.locator(coup + " .naipes-narration li").count()
    for _ in range(3):
        old = page.get_attribute(coup, "data-naipes-state")
        page.locator(coup + ' [data-naipes-action="next"]').click()
        page.wait_for_function("([s, old]) => document.querySelector(s).getAttribute('data-naipes-state') !== old",
                               arg=[coup, old])
    assert page.get_attribute(coup, "data-naipes-state") != before
    assert page.locator(coup + " .naipes-narration li").count() > narration


def test_a_new_build_shows_the_update_notice_and_reloads_into_it(offline_context, site_copy):
    page = offline_context.new_page()
    page.goto(page_url("ca", "phrasebook.md"))
    stored(page)
    assert page.locator(".naipes-update").count() == 0
    # "rebuild" with one changed page: the page's file, then the build step that lists the files
    changed = site_copy / "ca" / "phrasebook" / "index.html"
    changed.write_text(changed.read_text(encoding="utf-8").replace("</h1>", " (nova)</h1>", 1), encoding="utf-8")
    old_worker = (site_copy / "service-worker.js").read_text(encoding="utf-8")
    offline.write_service_worker(site_copy)
    assert (site_copy / "service-worker.js").read_text(encoding="utf-8") != old_worker
    page.reload()
    assert "(nova)" not in page.inner_text("h1"), "the stored copy is served until the reader reloads"
    notice = page.locator(".naipes-update")
    notice.wait_for(timeout=60_000)
    assert "versió nova" in notice.inner_text()
    notice.locator("button").click()
    page.wait_for_function("() => document.querySelector('h1').textContent.includes('(nova)')", timeout=60_000)


@pytest.mark.parametrize("kind", ["phrasebook", "glossary"])
@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_on_a_phone_the_search_box_is_in_the_first_screen(browser, served, kind, lang):
    context = browser.new_context(base_url=served.base, viewport={"width": 390, "height": 844},
                                  device_scale_factor=2, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    page.goto(page_url(lang, f"{kind}.md"))
    page.wait_for_selector(f'[data-naipes-search="{kind}"][data-naipes-ready="true"]')
    box = page.locator(f"#naipes-{kind}-q").bounding_box()
    context.close()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, box


def test_the_build_lists_every_page_of_each_language_and_no_pyodide(site):
    manifest = offline.build_manifest(site)
    pages = {lang: {u for u in files if u.endswith("/") or u.endswith(".html")}
             for lang, files in manifest["groups"].items() if lang != "common"}
    for lang, prefix in (("es", ""), ("ca", "ca/"), ("en", "en/")):
        on_disk = {p.relative_to(site).as_posix() for p in (site / prefix).rglob("index.html")}
        if lang == "es":
            on_disk = {p for p in on_disk if not p.startswith(("ca/", "en/"))}
        assert {offline._url(p) for p in on_disk} <= pages[lang], lang
        assert f"{prefix}search/search_index.json" in manifest["groups"][lang]
    common = manifest["groups"]["common"]
    assert "downloads/phrasebook.tbx" in common and "assets/offline/offline.js" in common
    assert not [u for u in common if "pyodide" in u or u.endswith(".whl")]
    assert (site / "service-worker.js").read_text(encoding="utf-8").count(manifest["version"]) == 1


@pytest.mark.parametrize("kind", ["phrasebook", "glossary"])
def test_without_javascript_no_search_form_is_shown(browser, served, kind):
    """The form does nothing without JavaScript: it stays hidden (a display rule must not undo `hidden`)."""
    context = browser.new_context(base_url=served.base, java_script_enabled=False)
    page = context.new_page()
    page.goto(page_url("es", f"{kind}.md"))
    form = page.locator(f'[data-naipes-search="{kind}"] form')
    assert form.count() == 1 and not form.is_visible()
    assert page.locator(f'[data-naipes-entries="{kind}"] article').first.is_visible()  # the A–Z list is there
    context.close()
