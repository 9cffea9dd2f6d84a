"""The site sweep: every page in es, ca and en read as a reader's browser gets it.

* every built page parsed as HTML: no repeated attribute, no duplicate id;
* its prose (outside code) names no engine identifier and lists no run of card codes; the identifiers
  come from the engine (sweep_helpers.engine_identifiers), not from a list typed here;
* axe-core (npm, self-hosted from node_modules, never a CDN) with the WCAG 2.2 AA tags finds no
  violation, in the light and the dark palette;
* every control of every widget block of every page used once, the three languages sharing each block's controls,
  without a console error, an alert, a request off the origin, an engine identifier, a duplicate id or a repeated
  attribute in its answer, nor an axe violation after (Spanish pages);
* a coup played with the keyboard alone, each narration step said through the page's polite live region;
* printed (print media): no navigation, search or controls; the tables and results kept, a link's address shown.

Deliberate regressions of each kind are shown to fail these checks in test_sweep_regressions.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from site_helpers import AXE, LANGS, PAGES, PYTHON_NEVER_STARTS, ROOT, load_axe, page_url
from sweep_helpers import html_problems, identifiers_in, reader_words

MKDOCS_YML = ROOT / "mkdocs.yml"


class _Permissive(yaml.SafeLoader):
    """Reads mkdocs.yml's plain data, whatever its tags (`!ENV`, `!!python/name:`) say."""


_Permissive.add_multi_constructor("", lambda loader, suffix, node: None)
_Permissive.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
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


def _axe(page, within: str | None = None) -> list[dict]:
    """axe-core's violations in the document, or only in the elements matching `within` (with their page around
    them: colours and names are read in place)."""
    load_axe(page)
    # Colours are read as they are: a pressed button's (Material's 125 ms transition) only once they have settled.
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running'"
                           " || a.effect.getTiming().iterations === Infinity)")
    found = page.evaluate("([tags, within]) => axe.run(within ? document.querySelectorAll(within) : document,"
                          " {runOnly: {type: 'tag', values: tags}})"
                          ".then(r => r.violations.map(v => ({id: v.id, nodes: v.nodes.length,"
                          " target: v.nodes[0].target.join(' '), html: v.nodes[0].html.slice(0, 120)})))",
                          [AXE_TAGS, within])
    return found


def _axe_context(browser, base_url, scheme, *init_scripts):
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900},
                                  service_workers="block")  # see conftest.page
    for script in init_scripts:
        context.add_init_script(script)
    # Material keeps the reader's palette in localStorage and applies its colours as stored: set it before any
    # page script runs, with the site's own colours (mkdocs.yml), which a reader's toggle stores.
    palette = yaml.load(MKDOCS_YML.read_text(encoding="utf-8"), Loader=_Permissive)["theme"]["palette"]
    index = next(k for k, entry in enumerate(palette) if entry["scheme"] == scheme)
    context.add_init_script(
        "localStorage.setItem('/.__palette', JSON.stringify({index: %d, color: {media: '', scheme: '%s',"
        " primary: '%s', accent: '%s'}}))" % (index, scheme, palette[index]["primary"], palette[index]["accent"]))
    context.route("**/*", lambda route: route.abort() if "127.0.0.1" not in route.request.url
                  else route.continue_())
    return context


@pytest.mark.parametrize(("lang", "scheme", "pages"), AXE_RUNS, ids=[f"{l}-{s}" for l, s, _ in AXE_RUNS])
def test_axe_finds_no_violation(browser, base_url, lang, scheme, pages):
    """axe-core finds no WCAG 2.2 AA violation on each layout of the site, in both palettes.

    Slow (≈ 25 s for seven pages): axe-core reads every node of a page, about 4 s a page; AXE_RUNS reads each layout
    once per palette, not every page."""
    assert AXE.is_file(), "node_modules/axe-core is missing: run `npm ci`"
    context = _axe_context(browser, base_url, scheme, PYTHON_NEVER_STARTS)
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


# --- every control of every widget block of every page, in the three languages ----------------------------

LIVE_WIDGETS = ".naipes-widget:not([data-naipes-static])"
_LIVE_BLOCK = re.compile(r'<div class="naipes-widget(?![^>]*data-naipes-static)[^>]*>')


def _live_blocks(site: Path, lang: str) -> dict[str, int]:
    """The pages of `lang` holding a live widget (one with controls, not a static table), developer pages aside,
    each with its number of live widget blocks as built."""
    found = {page: len(_LIVE_BLOCK.findall(_built(site, lang, page))) for page in PAGES
             if not page.startswith(DEVELOPER)}
    return {page: n for page, n in found.items() if n}


#: Each language's live pages are dealt into this many tests (the heaviest page first, each to the test with the
#: fewest blocks so far), so that the two xdist workers end their share of the sweep together.
GROUPS = 2
SWEEPS = [(lang, group) for lang in LANGS for group in range(GROUPS)]


def _group(site: Path, lang: str, group: int) -> list[str]:
    """The pages of one of GROUPS tests of `lang`, in the site's page order (PAGES)."""
    blocks = _live_blocks(site, lang)
    dealt: list[list[str]] = [[] for _ in range(GROUPS)]
    for page in sorted(blocks, key=lambda p: (-blocks[p], p)):
        min(dealt, key=lambda pages: (sum(blocks[p] for p in pages), dealt.index(pages))).append(page)
    return sorted(dealt[group], key=PAGES.index)


def test_the_sweep_groups_cover_every_live_page_once(site):
    """Every live page of every language is in exactly one sweep test, and there is plenty to sweep."""
    for lang in LANGS:
        groups = [_group(site, lang, g) for g in range(GROUPS)]
        dealt = [page for pages in groups for page in pages]
        assert sorted(dealt) == sorted(_live_blocks(site, lang)) and len(set(dealt)) == len(dealt), lang
        assert sum(_live_blocks(site, lang).values()) >= 20, f"only a few live widget blocks in {lang}"
        assert all(groups), f"an empty sweep group in {lang}: {groups}"


_CONTROLS = """root => [...root.querySelectorAll('[data-naipes-action]')].filter(e => e.matches('button, select, input'))
    .map(e => ({tag: e.tagName, type: e.type || '', action: e.getAttribute('data-naipes-action'),
                value: e.getAttribute('data-naipes-value')}))"""
#: Whether a reader can use the control now (as Playwright's is_visible and is_enabled read it), with a select's
#: choices not yet made; its block is kept (window.__naipesSweepRoot) to see it replaced by the answer.
_FIND = """([root, selector]) => { const e = document.querySelector(selector);
    window.__naipesSweepRoot = document.querySelector(root);
    if (!e) return null;
    const box = e.getBoundingClientRect();
    const visible = box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    const enabled = !e.disabled && !e.closest('fieldset[disabled]') && e.getAttribute('aria-disabled') !== 'true';
    return visible && enabled ? {values: e.tagName === 'SELECT' ? [...e.options].filter(o => !o.selected)
        .map(o => o.value) : []} : null; }"""
#: Once the answer replaced the block, all that the checks read of it, in one round trip.
_ANSWER = """root => { if (window.__naipesSweepRoot.isConnected) return false;
    const e = document.querySelector(root);
    if (!e) return false;
    const seen = {}; for (const x of document.querySelectorAll('[id]')) seen[x.id] = (seen[x.id] || 0) + 1;
    return {alerts: [...e.querySelectorAll('[role=alert]')].map(a => a.innerText), text: e.innerText,
            html: e.outerHTML, duplicates: Object.keys(seen).filter(k => seen[k] > 1)}; }"""


def _use(page, root: str, control: dict) -> bool:
    """Use one control as a reader would (a choice not yet made, the field's own value sent again, a press)."""
    selector = f'{root} [data-naipes-action="{control["action"]}"]'
    if control["value"] is not None:
        selector += f'[data-naipes-value="{control["value"]}"]'
    usable = page.evaluate(_FIND, [root, selector])
    if usable is None:
        return False
    element = page.locator(selector).first  # by selector: a widget still filling its values swaps its element
    if control["tag"] == "SELECT":
        if not usable["values"]:
            return False
        element.select_option(usable["values"][0])
    elif control["tag"] == "INPUT" and control["type"] in ("checkbox", "radio"):
        element.click()
    elif control["tag"] == "INPUT":
        element.press("Enter")
    else:
        element.click()
    return True


#: Each block's controls are shared out between the languages: the k-th control (in page order, at the block's
#: first render) is used in LANGS[k % 3], so together the three runs use every control of every block once and
#: each language every block; a run opens each page once (see _go), every block of the page answered in it.
SHARES = {lang: share for share, lang in enumerate(LANGS)}


def _sweep_block(page, root: str, lang: str, label: str, problems: dict) -> None:
    """Use this language's share of the block's controls, checking each answer (see the caller)."""
    controls = page.evaluate(f"() => ({_CONTROLS})(document.querySelector('{root}'))")
    mine = [c for k, c in enumerate(controls) if k % len(LANGS) == SHARES[lang]] or controls[:1]
    for control in mine:
        if not _use(page, root, control):
            continue
        step = f"{label} {control['action']}={control['value']}"
        # Every answer of the engine replaces the widget's element: wait for that, not a new state.
        answer = page.wait_for_function(_ANSWER, arg=root, timeout=60_000).json_value()
        alert = [a for a in answer["alerts"] if a.strip()]
        if alert:  # no control of the sweep types anything: a choice offered is never bad input
            problems[f"{step}: alert"] = alert
        shown = identifiers_in(answer["text"], reader_words())
        if shown:
            problems[f"{step}: engine identifiers"] = shown
        html = html_problems(answer["html"])[0]
        if html:
            problems[f"{step}: html"] = html[:3]
        if answer["duplicates"]:
            problems[f"{step}: duplicate ids"] = answer["duplicates"][:5]


def _go(page, base_url: str, lang: str, name: str, first: bool) -> None:
    """Open a page: the first one loaded, the others by following a link, as a reader does (Material's instant
    navigation: the engine worker and its Python stay, one Pyodide start per test)."""
    if first:
        page.goto(page_url(lang, name), wait_until="load")
        return
    href = base_url + page_url(lang, name)
    page.evaluate("href => { document.querySelector('article').setAttribute('data-naipes-sweep-left', '');"
                  " const a = document.createElement('a'); a.href = href; a.id = 'naipes-sweep-go'; a.textContent = 'go';"
                  " document.querySelector('.md-content').prepend(a); }", href)
    page.click("#naipes-sweep-go")
    page.wait_for_function("path => location.pathname === path && document.querySelector('article')"
                           " && !document.querySelector('[data-naipes-sweep-left]')",
                           arg="/" + page_url(lang, name), timeout=60_000)


@pytest.mark.parametrize(("lang", "group"), SWEEPS, ids=[f"{lang}-{group}" for lang, group in SWEEPS])
def test_every_control_of_every_widget_block(browser, base_url, site, lang, group):
    """Every live widget block of every page, its share of controls used (see SHARES): no alert, no console error,
    no request off the origin, no engine identifier in the answer, no duplicate id or repeated attribute; and in
    Spanish no axe violation on each page once its widgets have answered.

    Slow (20–70 s each on a loaded machine): about 120 engine answers in Pyodide per language, each checked (and
    axe on every Spanish page); shared out over GROUPS × 3 tests."""
    context = _axe_context(browser, base_url, "default")
    foreign: list[str] = []
    context.route("**/*", lambda route: (foreign.append(route.request.url), route.abort()) if urlsplit(
        route.request.url).hostname != "127.0.0.1" else route.continue_())
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    problems: dict[str, object] = {}
    pages = _group(site, lang, group)
    built = _live_blocks(site, lang)
    swept: dict[str, int] = {}
    try:
        for k, name in enumerate(pages):
            _go(page, base_url, lang, name, first=k == 0)
            idents = page.eval_on_selector_all(
                ".naipes-widget[data-naipes-id]:not([data-naipes-static])",
                "es => es.filter(e => e.querySelector('[data-naipes-action]')).map(e => e.getAttribute('data-naipes-id'))")
            swept[name] = len(idents)
            for ident in idents:
                root = f'.naipes-widget[data-naipes-id="{ident}"]'
                # In one step, by selector: a widget still filling its values swaps its element at any moment.
                kind = page.evaluate("sel => { const e = document.querySelector(sel); e.scrollIntoView({block: 'center'});"
                                     " e.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));"
                                     " return e.getAttribute('data-naipes-widget'); }", root)
                label = f"{lang}:{name} {kind}#{ident}"
                page.wait_for_function("sel => ['ready', 'live'].includes("
                                       "document.querySelector(sel)?.getAttribute('data-naipes-mode'))",
                                       arg=root, timeout=120_000)
                _sweep_block(page, root, lang, label, problems)
            # axe after the answers too, on each page of one language: on the live widgets (what the answers
            # changed; the rest of each layout is test_axe_finds_no_violation's), a fifth of the whole page's time.
            if lang == LANGS[0]:
                violations = _axe(page, LIVE_WIDGETS)
                if violations:
                    problems[f"{name} axe"] = violations
    finally:
        context.close()
    # Every page of the group reached, each with a block swept.
    assert list(swept) == pages and all(swept[p] >= 1 for p in pages), swept
    assert errors == [] and foreign == [] and problems == {}, (errors[:5], foreign[:5], problems)


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
