"""The site sweep: every page in es, ca and en read as a reader's browser gets it.

* every built page parsed as HTML: no repeated attribute, no duplicate id;
* its prose (outside code) names no engine identifier and lists no run of card codes; the identifiers
  come from the engine (sweep_helpers.engine_identifiers), not from a list typed here;
* axe-core (npm, self-hosted from node_modules, never a CDN) with the WCAG 2.2 AA tags finds no
  violation, in the light and the dark palette;
* every control of every kind of widget used once (one page per kind), without a console error, an alert
  or an axe violation after;
* a coup played with the keyboard alone, each narration step said through the page's polite live region;
* printed (print media): no navigation, search or controls; the tables and results kept, a link's address shown.

Deliberate regressions of each kind are shown to fail these checks in test_sweep_regressions.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from site_helpers import LANGS, PAGES, ROOT, page_url
from sweep_helpers import html_problems, identifiers_in, reader_words

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
ALL = [(lang, page) for lang in LANGS for page in PAGES]
#: Developer pages document the engine's own keys (the API reference quotes them as they are).
DEVELOPER = ("reference/", "contributing/")
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
        assert identifiers_in(text, reader_words()) == [], f"{lang}:{page} shows engine identifiers"


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


# --- every control of every kind of widget, once --------------------------------------------------------------

def _first_page_of_each_kind(site: Path) -> dict[str, str]:
    """Widget kind (with its game) -> the first Spanish page showing it live (not a static table)."""
    import re

    found: dict[str, str] = {}
    for page in PAGES:
        if page.startswith(DEVELOPER):
            continue
        html = _built(site, "es", page)
        for tag in re.findall(r'<div class="naipes-widget[^>]*>', html):
            if "data-naipes-static" in tag:
                continue
            kind = re.search(r'data-naipes-widget="([^"]+)"', tag)
            game = re.search(r'data-naipes-(?:game|variant)="([^"]+)"', tag)
            if kind:
                found.setdefault(f"{kind.group(1)}:{game.group(1) if game else ''}", page)
    return found


_CONTROLS = """root => [...root.querySelectorAll('[data-naipes-action]')].filter(e => e.matches('button, select, input'))
    .map(e => ({tag: e.tagName, type: e.type || '', action: e.getAttribute('data-naipes-action'),
                value: e.getAttribute('data-naipes-value')}))"""


def _use(page, root: str, control: dict) -> bool:
    """Use one control as a reader would (a choice not yet made, the field's own value sent again, a press)."""
    selector = f'{root} [data-naipes-action="{control["action"]}"]'
    if control["value"] is not None:
        selector += f'[data-naipes-value="{control["value"]}"]'
    element = page.locator(selector).first
    if element.count() == 0 or not element.is_visible() or not element.is_enabled():
        return False
    if control["tag"] == "SELECT":
        values = element.evaluate("e => [...e.options].filter(o => !o.selected).map(o => o.value)")
        if not values:
            return False
        element.select_option(values[0])
    elif control["tag"] == "INPUT" and control["type"] in ("checkbox", "radio"):
        element.click()
    elif control["tag"] == "INPUT":
        element.press("Enter")
    else:
        element.click()
    return True


def test_every_control_of_every_kind_of_widget(browser, base_url, site):
    """Bounded: the first live widget of each kind (and game) on its first page, each control used once."""
    pages: dict[str, list[str]] = {}
    for kind, name in _first_page_of_each_kind(site).items():
        pages.setdefault(name, []).append(kind)
    context = _axe_context(browser, base_url, "default")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    problems: dict[str, object] = {}
    try:
        for name, kinds in sorted(pages.items()):
            page.goto(page_url("es", name), wait_until="load")
            for kind in kinds:
                widget, game = kind.split(":")
                first = page.locator(f'.naipes-widget[data-naipes-widget="{widget}"]:not([data-naipes-static])').filter(
                    has=page.locator("[data-naipes-action]")).first
                if first.count() == 0:
                    continue
                first.scroll_into_view_if_needed()
                first.dispatch_event("pointerdown")
                page.wait_for_function("e => ['ready', 'live'].includes(e.getAttribute('data-naipes-mode'))",
                                       arg=first.element_handle(), timeout=120_000)
                ident = first.get_attribute("data-naipes-id")
                root = f'.naipes-widget[data-naipes-id="{ident}"]'
                for control in page.evaluate(f"() => ({_CONTROLS})(document.querySelector('{root}'))"):
                    before = page.locator(root).element_handle()
                    if not _use(page, root, control):
                        continue
                    # Every answer of the engine replaces the widget's element: wait for that, not a new state.
                    page.wait_for_function("e => !e.isConnected", arg=before, timeout=30_000)
                    alert = page.locator(f"{root} [role=alert]").all_inner_texts()
                    if any(a.strip() for a in alert):
                        problems[f"{name} {kind} {control['action']}"] = alert
            violations = _axe(page)
            if violations:
                problems[f"{name} axe"] = violations
    finally:
        context.close()
    assert errors == [] and problems == {}, (errors[:5], problems)


# --- a coup by keyboard alone, announced --------------------------------------------------------------------

def test_a_coup_is_played_with_the_keyboard_and_each_step_is_announced(browser, base_url):
    context = _axe_context(browser, base_url, "default")
    page = context.new_page()
    try:
        page.goto(page_url("ca", "games/punto-banca.md"), wait_until="load")
        coup = '.naipes-widget[data-naipes-widget="coup"]'
        next_step = f'{coup} button[data-naipes-action="next"]'
        # The reader arrives at the widget (as from the table of contents); from there on, keys only.
        page.locator(coup).evaluate("e => { e.setAttribute('tabindex', '-1'); e.focus(); }")
        for _ in range(40):  # Tab through the coup's controls to its "next step"
            page.keyboard.press("Tab")
            if page.evaluate("sel => document.activeElement === document.querySelector(sel)", next_step):
                break
        else:
            raise AssertionError("the coup's next step cannot be reached with Tab")
        said = []
        for _ in range(12):
            steps = page.locator(f"{coup} .naipes-narration li").count()
            page.keyboard.press("Enter")
            page.wait_for_function("([sel, n]) => document.querySelectorAll(sel + ' .naipes-narration li').length > n",
                                   arg=[coup, steps], timeout=120_000)
            page.wait_for_function("() => document.getElementById('naipes-announcer')?.textContent", timeout=10_000)
            said.append(page.evaluate("() => document.getElementById('naipes-announcer').textContent"))
            last = page.locator(f"{coup} .naipes-narration li").last.inner_text()
            assert said[-1] == " ".join(last.split())
            if page.locator(next_step).is_disabled():
                break
            # focus stays on the control used: Enter again plays the next step
            assert page.evaluate("sel => document.activeElement === document.querySelector(sel)", next_step)
        assert page.locator(next_step).is_disabled(), "the coup did not reach its end"
        assert page.get_attribute("#naipes-announcer", "aria-live") == "polite" and len(said) >= 3
    finally:
        context.close()


# --- printed -----------------------------------------------------------------------------------------------

def test_a_printed_rules_page_keeps_the_text_and_drops_the_controls(browser, base_url):
    context = _axe_context(browser, base_url, "default")
    page = context.new_page()
    try:
        page.goto(page_url("en", "games/punto-banca.md"), wait_until="load")
        page.emulate_media(media="print")
        hidden = page.evaluate("""() => ['.md-header', '.md-sidebar--primary', '.md-search', '.md-footer',
                   '.naipes-widget form.naipes-controls', '.naipes-widget button', '.naipes-widget .naipes-loading']
            .map(sel => [sel, [...document.querySelectorAll(sel)].every(e => e.getClientRects().length === 0)])""")
        assert all(gone for _, gone in hidden), hidden
        assert page.locator("article table.naipes-table").first.is_visible()
        assert page.locator("article .naipes-narration").first.is_visible()
        external = page.evaluate("""() => { const a = [...document.querySelectorAll('article a[href^="http"]')].find(e => !e.closest('abbr'));
            return a && [a.href, getComputedStyle(a, '::after').content]; }""")
        assert external and external[0] in external[1], external
        assert page.evaluate("() => getComputedStyle(document.querySelector('article table')).breakInside") == "avoid"
        assert len(page.pdf(format="A4")) > 10_000
    finally:
        context.close()
