"""The built site: strict build, every page in es/ca/en, self-hosted assets, build-time widgets."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import PREFIX, LANGS, PAGES, ROOT, STAMP, _newest_input, build_site, load_steps, page_url

PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
NAV_TITLES = {
    "es": ["Inicio", "Juegos", "Punto y Banca", "Fuentes", "Referencia de la API", "Arquitectura"],
    "ca": ["Inici", "Jocs", "Punt i banca", "Fonts", "Referència de l'API", "Arquitectura"],
    "en": ["Home", "Games", "Punto y Banca", "Sources", "API reference", "Architecture"],
}


def read(site: Path, lang: str, page: str) -> str:
    return (site / page_url(lang, page) / "index.html").read_text(encoding="utf-8")


def widget_blocks() -> list[tuple[str, str, str]]:
    """(lang, page, block body) for every ```naipes block in the docs."""
    steps = load_steps()
    found = []
    for lang in LANGS:
        for md in sorted((ROOT / "docs" / lang).rglob("*.md")):
            for block in steps.find_widget_blocks(md.read_text(encoding="utf-8")):
                found.append((lang, md.relative_to(ROOT / "docs" / lang).as_posix(), block.body))
    return found


#: tools/test.sh's `mkdocs build --strict` log, written only when that build succeeded.
BUILD_LOG = ROOT / "build" / "mkdocs-build.log"


def _log_of_the_built_site() -> str | None:
    """The log of the build that made site/, when tools/test.sh kept it and nothing changed since."""
    if not (BUILD_LOG.is_file() and STAMP.is_file()):
        return None
    written = BUILD_LOG.stat().st_mtime
    fresh = _newest_input() <= written and STAMP.stat().st_mtime <= written  # site/ is that build's output
    return BUILD_LOG.read_text(encoding="utf-8") if fresh else None


def test_strict_build_is_clean(tmp_path):
    log = _log_of_the_built_site()  # the test command has just built the site: its log says how it went
    if log is None:
        proc = build_site(site_dir=tmp_path / "site")
        log = proc.stdout + proc.stderr
        assert proc.returncode == 0, log
    assert "Documentation built in" in log, log
    assert not re.search(r"^(WARNING|ERROR)", log, re.M), log


def test_a_malformed_widget_fails_the_strict_build_naming_its_page_line_and_problem(tmp_path):
    # Catalan is built inside the Spanish build (mkdocs-static-i18n): its error still stops the build.
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    bad = docs / "ca" / "sources.md"
    text = bad.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    fence_line = text.count("\n") + 1
    bad.write_text(text + "```naipes\nwidget: roulette\n```\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {docs}\nwatch: []\nhooks:\n"
        + "".join(f"  - {ROOT / 'tools' / name}\n" for name in ("mkdocs_hooks.py", "glossary/hook.py")),
        encoding="utf-8",
    )
    proc = build_site(site_dir=tmp_path / "site", config=config)
    log = proc.stdout + proc.stderr
    assert proc.returncode != 0, log
    assert re.search(rf"^ERROR.*ca/sources\.md: line {fence_line}: invalid naipes widget block: SpecError: "
                     r"Unknown widget 'roulette'", log, re.M), log
    assert "Traceback" not in log, log


def test_superfences_finds_top_level_blocks_only_and_the_fence_names_page_line_and_problem():
    from pymdownx.superfences import SuperFencesException

    from naipes import fence

    steps = load_steps()
    text = "a\n\n````markdown\n```naipes\nwidget: odds\n```\n````\n\n```naipes\nwidget: tableau\ngame: punto-banca\n```\n"
    assert steps.find_widget_blocks(text) == [steps.WidgetBlock(9, "widget: tableau\ngame: punto-banca")]
    bad = "# T\n\n```naipes\nwidget: nope\n```\n"
    fence.set_page("es/y.md", "es", bad)
    try:
        with pytest.raises(SuperFencesException, match=r"^es/y\.md: line 3: invalid naipes widget block: SpecError"):
            fence.formatter("widget: nope", "naipes", "naipes", {}, None, lang="es")
    finally:
        fence.set_page(None)


def test_each_game_gets_its_key_as_it_is_rendered():
    import markdown

    from naipes import fence

    blocks = "\n\n".join(["```naipes\nwidget: coup\ngame: punto-banca\n```"] * 2
                          + ["```naipes\nwidget: tableau\ngame: punto-banca\n```"])
    md = markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={"pymdownx.superfences": {
        "custom_fences": [{"name": "naipes", "class": "naipes", "format": fence.formatter}]}})
    page = md.convert(blocks)
    # two coups on one page: coup-1 and coup-2; a tableau has no link (no game to replay), so no key
    assert page.count('<div class="naipes-widget') == 3
    assert re.findall(r'data-naipes-key="([\w-]+)"', page) == ["coup-1", "coup-2"]
    assert re.findall(r'data-naipes-key="([\w-]+)"', md.reset().convert(blocks.split("\n\n")[0])) == ["coup"]


def all_pages() -> set[str]:
    """Every Markdown page of any language (relative to its language folder)."""
    return {p.relative_to(ROOT / "docs" / lang).as_posix() for lang in LANGS for p in (ROOT / "docs" / lang).rglob("*.md")}


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_exists_in_every_language(site, lang):
    assert set(PAGES) <= all_pages()
    for page in sorted(all_pages()):
        assert (ROOT / "docs" / lang / page).is_file(), f"docs/{lang}/{page} missing"
        doc = lxml_html.fromstring(read(site, lang, page))
        assert doc.get("lang") == lang, page
        hreflangs = {link.get("hreflang") for link in doc.xpath("//head/link[@hreflang]")}
        assert hreflangs == set(LANGS), page


@pytest.mark.parametrize("lang", LANGS)
def test_nav_titles_and_site_name_are_translated(site, lang):
    doc = lxml_html.fromstring(read(site, lang, "sources.md"))
    nav = " | ".join(" ".join(a.text_content().split()) for a in doc.xpath('//nav[contains(@class,"md-nav--primary")]//*[contains(@class,"md-nav__link")]'))
    for title in NAV_TITLES[lang]:
        assert title in nav, (title, nav)
    assert "Naipes" in doc.findtext(".//title")
    toggles = doc.xpath('//form[@data-md-component="palette"]//label/@title')
    assert len(toggles) == 2  # light/dark toggle


def test_api_reference_is_generated_once_and_every_language_links_to_it(site):
    doc = lxml_html.fromstring(read(site, "en", "reference/api.md"))
    for anchor in ("naipes.widgets", "naipes.widgets.render", "naipes.core.drive.walk_exact",
                   "naipes.games.registry.game"):
        assert doc.xpath(f'//*[@id="{anchor}"]'), anchor
    for lang in ("es", "ca"):
        page = site / PREFIX[lang] / "reference" / "api" / "index.html"
        doc = lxml_html.fromstring(page.read_text(encoding="utf-8"))
        assert not doc.xpath('//*[@id="naipes.widgets"]'), "rendered once, in English"
        (link,) = [a for a in doc.xpath("//article//a[@hreflang='en']")]
        assert (page.parent / link.get("href") / "index.html").resolve() == (site / "en" / "reference" / "api" / "index.html")


def test_nothing_is_fetched_from_another_origin(site):
    foreign = []
    for path in site.rglob("*.html"):
        doc = lxml_html.fromstring(path.read_text(encoding="utf-8"))
        for el in doc.xpath("//script[@src] | //img[@src] | //iframe[@src] | //link[@href]"):
            rel = el.get("rel") or ""
            url = el.get("src") or el.get("href")
            if el.tag == "link" and not ({"stylesheet", "preload", "modulepreload", "icon", "manifest", "prefetch"} & set(rel.split())):
                continue
            if re.match(r"^(https?:)?//", url):
                foreign.append((str(path.relative_to(site)), url))
    assert foreign == []
    css = "".join(p.read_text(encoding="utf-8") for p in site.rglob("*.css"))
    assert "fonts.googleapis" not in css and "fonts.gstatic" not in css


def test_only_the_pyodide_runtime_and_one_wheel_are_shipped(site):
    shipped = {p.name for p in (site / "assets" / "pyodide").iterdir()}
    assert {name for name in shipped if not name.endswith((".gz", ".br"))} == PYODIDE_FILES
    assert shipped <= PYODIDE_FILES | {name + suffix for name in PYODIDE_FILES for suffix in (".gz", ".br")}
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.7"
    wheels = list((site / "assets" / "naipes").glob("*.whl"))
    assert len(wheels) == 1 and wheels[0].name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheels[0]).namelist()
    assert "naipes/widgets.py" in names
    assert any(n.endswith("ca/LC_MESSAGES/naipes.mo") for n in names)
    meta = re.search(r'<meta name="naipes-wheel" content="([^"]+)">', read(site, "en", "index.md"))
    assert meta and meta.group(1) == wheels[0].name
    assert not list((site / "ca" / "assets").glob("pyodide*")) if (site / "ca" / "assets").exists() else True


def test_large_assets_have_precompressed_copies_that_decompress_to_them(site):
    import gzip

    wasm = site / "assets" / "pyodide" / "pyodide.asm.wasm"
    (wheel,) = (site / "assets" / "naipes").glob("*.whl")
    for path in (wasm, wheel, site / "search" / "search_index.json", site / "ca" / "search" / "search_index.json"):
        original = path.read_bytes()
        assert gzip.decompress((path.parent / (path.name + ".gz")).read_bytes()) == original, path
        brotli = path.parent / (path.name + ".br")
        unpacked = subprocess.run(["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
                                   "require('fs').readFileSync(process.argv[1])))", str(brotli)],
                                  capture_output=True, check=True).stdout
        assert unpacked == original, path
    assert (wasm.parent / "pyodide.asm.wasm.br").stat().st_size < wasm.stat().st_size / 2


def test_each_language_searches_only_its_own_pages(site):
    indexes = {lang: json.loads((site / PREFIX[lang] / "search" / "search_index.json").read_text(encoding="utf-8"))
               for lang in LANGS}
    for lang, index in indexes.items():
        locations = [doc["location"] for doc in index["docs"]]
        assert locations and not [loc for loc in locations if loc.startswith(("ca/", "en/"))], lang
        titles = {doc["title"] for doc in index["docs"] if "#" not in doc["location"]}
        assert {"es": "Fuentes", "ca": "Fonts", "en": "Sources"}[lang] in titles
        # the page tells Material where its language's index (and sitemap) is
        html_text = read(site, lang, "sources.md")
        base = json.loads(re.search(r'<script id="__config" type="application/json">(.*?)</script>', html_text,
                                    re.S).group(1))["base"]
        folder = (site / PREFIX[lang] / "sources" / base).resolve()
        assert folder == (site / PREFIX[lang]).resolve() and (folder / "sitemap.xml").is_file()
    assert not [doc for doc in indexes["en"]["docs"] if doc["location"].startswith("reference/api/")]


def test_widget_blocks_exist_in_every_language():
    kinds = {}
    for lang, page, body in widget_blocks():
        kinds.setdefault(lang, set()).add(widgets.parse_spec(body)["widget"])
    for lang in LANGS:
        assert {"tableau", "odds", "coup"} <= kinds.get(lang, set()), (lang, kinds.get(lang))


def test_build_time_html_is_what_the_engine_renders(site):
    # The build gives each game of a page its key and anchor (naipes.fence): the page's
    # business, not the engine's, so they are taken out before comparing.
    page_marks = re.compile(r' id="naipes-[\w-]+" data-naipes-key="[\w-]+" tabindex="-1"')
    for lang, page, body in widget_blocks():
        expected = widgets.render(widgets.parse_spec(body), lang)
        assert expected in page_marks.sub("", read(site, lang, page)), (lang, page, body)


def test_pyodide_renders_the_same_html_as_the_build(site, tmp_path):
    """The wheel the site ships, run in the Pyodide the site ships (under Node), renders exactly the
    build-time HTML for every block, and answers actions exactly like CPython.

    Slow (≈ 28 s): every block of every page rendered twice, by CPython and by one Pyodide started under Node."""
    blocks = widget_blocks()
    requests = [{"op": "render", "spec": body, "lang": lang} for lang, _, body in blocks]
    expected = [widgets.render(widgets.parse_spec(body), lang) for lang, _, body in blocks]
    actions = {"tableau": ("select", None), "odds": ("decks", "1"), "coup": ("next", "")}
    for html in list(expected):
        root = lxml_html.fragment_fromstring(html)
        kind = root.get("data-naipes-widget")
        if kind not in actions:  # static widgets (no controls)
            continue
        action, value = actions[kind]
        if value is None:
            value = root.xpath('.//*[@data-naipes-action="select"]/@data-naipes-value')[7]
        state = root.get("data-naipes-state")
        requests.append({"op": "handle", "state": state, "action": action, "value": value})
        expected.append(widgets.handle(state, action, value))
    wheel = next((site / "assets" / "naipes").glob("*.whl"))
    proc = subprocess.run(
        ["node", str(Path(__file__).with_name("pyodide_render.mjs")), str(site / "assets" / "pyodide"), str(wheel)],
        input=json.dumps(requests), capture_output=True, text=True, timeout=180,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert out["python"].startswith("3.")
    # Python started with zip_importer.py as sitecustomize (the worker's fsInit): its standard library zip and
    # the wheel are read by the importer that compiles each module once.
    assert len(out["zipImporters"]) == 2 and set(out["zipImporters"].values()) == {"CompileOnceZipImporter"}
    assert len(out["results"]) == len(expected)
    for got, want in zip(out["results"], expected):
        assert got == want
