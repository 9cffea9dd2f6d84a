"""Fixtures for the site tests: the built site, a local HTTP server, one Chromium per session.

The site is built once (``mkdocs build --strict``) if ``site/`` is missing or older than any of its
inputs; ``tools/test.sh`` builds it right before pytest, so normally it is reused.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from site_helpers import (  # noqa: E402  (tests/site is on sys.path: pytest's rootdir-less import mode)
    CHROMIUM,
    CHROMIUM_ARGS,
    ELSEWHERE,
    PROPERDOCS_SITE,
    PYTHON_NEVER_STARTS,
    SITE,
    STAMP,
    _newest_input,
    build_properdocs,
    build_site,
    site_url,
)


@pytest.fixture(scope="session")
def site() -> Path:
    if not STAMP.exists() or STAMP.stat().st_mtime < _newest_input():
        proc = build_site()
        if proc.returncode != 0:
            pytest.fail(f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}")
    return SITE


@pytest.fixture(scope="session")
def properdocs_site() -> Path:
    """The ProperDocs build tools/test.sh made, for ELSEWHERE (built here when missing, stale or for another address)."""
    stamp = PROPERDOCS_SITE / "search" / "search_index.json"
    sitemap = PROPERDOCS_SITE / "sitemap.xml"
    if (not stamp.exists() or stamp.stat().st_mtime < _newest_input() or not sitemap.is_file()
            or f"<loc>{ELSEWHERE}" not in sitemap.read_text(encoding="utf-8")):
        proc = build_properdocs()
        log = proc.stdout + proc.stderr
        assert proc.returncode == 0, log
        assert not re.search(r"^(WARNING|ERROR)", log, re.M), log
    return PROPERDOCS_SITE


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; sitemap.xml gets the server's real origin instead of site_url's.

    Material's instant navigation only takes over links listed in sitemap.xml, matched by full
    origin: serving on a free port is like deploying under another host name.
    """

    site_origin = ""

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):  # noqa: N802
        path = urlsplit(self.path).path
        if path.endswith("sitemap.xml") and self.site_origin:
            file = Path(self.directory) / path.lstrip("/")
            if file.is_file():
                here = f"http://127.0.0.1:{self.server.server_port}/"
                data = file.read_bytes().replace(self.site_origin.encode(), here.encode())
                self.send_response(200)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
        super().do_GET()


class SiteServer:
    def __init__(self, directory: Path):
        handler = type("Handler", (_Handler,), {"site_origin": site_url()})
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_port}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(site):
    with SiteServer(site) as srv:
        yield srv


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return server.base


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `bash tools/test.sh` (installs Debian's chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Recorder:
    """What a page did: requests, blocked foreign requests, workers, console errors."""

    def __init__(self):
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.workers: list[str] = []
        self.errors: list[str] = []
        self.allow_errors: list[str] = []  # substrings of console errors a test expects

    def pyodide_requests(self) -> list[str]:
        return [u for u in self.requests if "/assets/pyodide/" in u or u.endswith(".whl")]

    def count(self, suffix: str) -> int:
        return sum(1 for u in self.requests if urlsplit(u).path.endswith(suffix))

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.errors if not any(a in e for a in self.allow_errors)]


@pytest.fixture
def rec() -> Recorder:
    return Recorder()


def _recorded_page(browser, base_url, rec, *init_scripts):
    """A fresh browser context + page recording into `rec`; foreign requests are aborted.

    The offline copy's service worker is blocked here: on every page it would store the whole language
    in the background (pages the test never opens, served by this process), and its fetches bypass the
    routing below. tests/site/test_offline_browser.py tests it in contexts of its own.
    """
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900},
                                  service_workers="block")
    for script in init_scripts:
        context.add_init_script(script)

    def route(route):
        host = urlsplit(route.request.url).hostname
        if host != "127.0.0.1":
            rec.foreign.append(route.request.url)
            return route.abort()
        return route.continue_()

    context.route("**/*", route)
    page = context.new_page()
    page.on("request", lambda r: rec.requests.append(r.url))
    page.on("worker", lambda w: rec.workers.append(w.url))
    page.on("console", lambda m: rec.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: rec.errors.append(f"pageerror: {e}"))
    page.set_default_timeout(30_000)
    return context, page


def _checked(context, rec) -> None:
    context.close()
    assert rec.foreign == [], f"requests left the local server: {rec.foreign}"
    assert rec.unexpected_errors() == [], f"console errors: {rec.unexpected_errors()}"


@pytest.fixture
def page(browser, base_url, rec):
    """A fresh browser context + page; fails the test on console errors or foreign requests."""
    context, page = _recorded_page(browser, base_url, rec)
    yield page
    _checked(context, rec)


@pytest.fixture
def static_page(browser, base_url, rec):
    """As `page`, for tests of the HTML as built: Python never starts (site_helpers.PYTHON_NEVER_STARTS)."""
    context, page = _recorded_page(browser, base_url, rec, PYTHON_NEVER_STARTS)
    yield page
    _checked(context, rec)


def engine_json(html_attr: str) -> dict:
    return json.loads(html_attr)
