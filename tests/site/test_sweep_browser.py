"""The site sweep: every page in es, ca and en read as a reader's browser gets it.

* every built page parsed as HTML: no repeated attribute, no duplicate id;
* its prose (outside code) names no engine identifier and lists no run of card codes; the identifiers
  come from the engine (sweep_helpers.engine_identifiers), not from a list typed here;
* axe-core (npm, self-hosted from node_modules, never a CDN) with the WCAG 2.2 AA tags finds no
  violation, in the light and the dark palette.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from site_helpers import LANGS, PAGES, ROOT, page_url
from sweep_helpers import html_problems, identifiers_in, preset_ids, reader_words

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
ALL = [(lang, page) for lang in LANGS for page in PAGES]
#: Developer pages document the engine's own keys (the API reference quotes them as they are).
DEVELOPER = ("reference/", "contributing/")
#: Not yet swept: the presets are still named by their ids in the preset selects, some captions and the
#: interpretations (issue 25, point 3, open). Every other engine identifier fails the sweep.
STILL_SHOWN = preset_ids()
#: The pages axe-core reads (each one about 5 s): one of each layout — home, a baccarat page with its
#: widgets and charts, Black Jack's coloured chart, the poker tables, the phrasebook, the glossary, the sources.
AXE_PAGES = ("index.md", "games/punto-banca.md", "games/black-jack.md", "games/circle-poker.md", "phrasebook.md",
             "glossary.md", "sources.md")
#: Each palette in one language (the stylesheet is the same in all three), and the third language on two pages.
AXE_RUNS = [("es", "default", AXE_PAGES), ("ca", "slate", AXE_PAGES), ("en", "default", AXE_PAGES[:2]),
            ("en", "slate", AXE_PAGES[4:6])]


def _built(site: Path, lang: str, page: str) -> str:
    return (site / page_url(lang, page) / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "page"), ALL, ids=[f"{lang}:{page}" for lang, page in ALL])
def test_page_html_is_well_formed_and_prose_has_no_engine_identifier(site, lang, page):
    problems, text = html_problems(_built(site, lang, page))
    assert problems == [], f"{lang}:{page}: {problems[:10]}"
    if not page.startswith(DEVELOPER):
        assert identifiers_in(text, reader_words() | STILL_SHOWN) == [], f"{lang}:{page} shows engine identifiers"


def test_the_sweep_sees_every_built_page(site):
    built = {p.parent.relative_to(site).as_posix() + "/" for p in site.rglob("index.html")
             if "assets" not in p.parts and "404" not in p.parts}
    swept = {page_url(lang, page) or "./" for lang, page in ALL}
    assert {b if b != "./" else "./" for b in built} <= swept | {"./"}


def _axe(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
                          ".then(r => r.violations.map(v => ({id: v.id, nodes: v.nodes.length,"
                          " target: v.nodes[0].target.join(' '), html: v.nodes[0].html.slice(0, 120)})))",
                          AXE_TAGS)
    return found


def _axe_context(browser, base_url, scheme):
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900},
                                  service_workers="block")  # see conftest.page
    # Material keeps the reader's palette in localStorage: set it before any page script runs.
    context.add_init_script(
        "localStorage.setItem('/.__palette', JSON.stringify({index: %d, color: {media: '', scheme: '%s',"
        " primary: 'indigo', accent: 'indigo'}}))" % (0 if scheme == "default" else 1, scheme))
    context.route("**/*", lambda route: route.abort() if "127.0.0.1" not in route.request.url
                  else route.continue_())
    return context


@pytest.mark.parametrize(("lang", "scheme", "pages"), AXE_RUNS, ids=[f"{l}-{s}" for l, s, _ in AXE_RUNS])
def test_axe_finds_no_violation(browser, base_url, lang, scheme, pages):
    assert AXE.is_file(), "node_modules/axe-core is missing: run `npm ci`"
    context = _axe_context(browser, base_url, scheme)
    page = context.new_page()
    failures = {}
    try:
        for name in pages:
            page.goto(page_url(lang, name), wait_until="load")
            page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
            violations = _axe(page)
            if violations:
                failures[name] = violations
    finally:
        context.close()
    assert failures == {}, "\n".join(f"{lang} {scheme} {p}: {v}" for p, v in failures.items())


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_axe_finds_no_violation_after_a_widget_answers(browser, base_url, scheme):
    """A widget's answer (drawn by Pyodide) is checked too: the odds after a change of decks, and a chart."""
    context = _axe_context(browser, base_url, scheme)
    page = context.new_page()
    try:
        page.goto(page_url("ca", "games/punto-banca.md"), wait_until="load")
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        odds = '.naipes-widget[data-naipes-widget="odds"]'
        before = page.get_attribute(odds, "data-naipes-state")
        page.locator(f'{odds} select[data-naipes-action="decks"]').select_option("1")
        page.wait_for_function("([sel, old]) => document.querySelector(sel).getAttribute('data-naipes-state') !== old",
                               arg=[odds, before], timeout=60_000)
        assert _axe(page) == []
    finally:
        context.close()
