"""The site's build steps, for any generator: one entry point, `python tools/build.py <step> …`.

The widgets themselves are a `pymdownx.superfences` custom fence (:mod:`naipes.fence`, named in
mkdocs.yml): any generator that runs Python-Markdown renders them. Everything else a page needs is
one of these steps, each a plain function over files or HTML text, so that MkDocs (through the glue in
``tools/mkdocs_hooks.py``), ProperDocs (the same glue) and a generator without hooks (Zensical, through
``tools/zensical_build.py``) run the same code:

* ``wheel`` — the engine as a ``py3-none-any`` wheel, built once per content hash (:func:`build_wheel`);
* ``pages SRC OUT`` — a copy of the docs with the glossary and phrasebook markers expanded in the
  Markdown, for a generator that cannot run the glossary hook (:func:`write_pages`);
* ``site DIR [--lang L]`` — the steps after the HTML exists: every page's head (the wheel's meta tags,
  the early script, ``hreflang`` links), the games' skip links, the Pyodide runtime and the wheel, the
  glossary's exports and search indexes, the per-language site-search split, and the ``.gz``/``.br``
  copies (:func:`finish_site`).

Examples:
    >>> [b.body for b in find_widget_blocks("````md\\n```naipes\\nwidget: odds\\n```\\n````\\n\\n```naipes\\nwidget: coup\\n```\\n")]
    ['widget: coup']
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, or loaded by path from a generator's hook
    sys.path.insert(0, str(ROOT))

ENGINE_DIR = ROOT / "engine"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
WHEEL_CACHE = ROOT / "build" / "naipes-site-wheel"
EARLY_SCRIPT = ROOT / "docs" / "assets" / "naipes" / "early.js"
LANGS = ("es", "ca", "en")
DEFAULT_LANG = "es"


class BuildError(RuntimeError):
    """A step that cannot do its job (missing runtime, failed wheel build); the message says what to run."""


# --------------------------------------------------------------------------- widget blocks


@dataclass(frozen=True)
class WidgetBlock:
    """One ```` ```naipes ```` block of a page, as superfences finds it."""

    line: int | None  # 1-based line of the opening fence
    body: str


def find_widget_blocks(markdown: str) -> list[WidgetBlock]:
    """The ```` ```naipes ```` blocks superfences renders in *markdown* (not those quoted inside another fence).

    Examples:
        >>> find_widget_blocks("x\\n\\n```naipes\\nwidget: odds\\n```\\n")
        [WidgetBlock(line=3, body='widget: odds')]
    """
    import markdown as python_markdown

    from naipes.fence import block_line

    bodies: list[str] = []

    def collect(src, language, class_name, options, md, **kwargs):
        bodies.append(src)
        return ""

    python_markdown.Markdown(extensions=["pymdownx.superfences"], extension_configs={"pymdownx.superfences": {
        "custom_fences": [{"name": "naipes", "class": "naipes", "format": collect}]}}).convert(markdown)
    return [WidgetBlock(block_line(markdown, body), body) for body in bodies]


# --------------------------------------------------------------------------- wheel + Pyodide


def engine_hash() -> str:
    """A hash of what goes into the wheel (pyproject.toml and engine/), which names its cache folder."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for path in sorted(ENGINE_DIR.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and ".egg-info" not in str(path):
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_wheel() -> Path:
    """Build the engine wheel (py3-none-any) once per engine content hash; return its path.

    The project is copied to a temporary directory first, so the build never writes into the
    source tree (no ``engine/*.egg-info``).
    """
    out = WHEEL_CACHE / engine_hash()
    found = sorted(out.glob("naipes-*-py3-none-any.whl"))
    if found:
        return found[0]
    with tempfile.TemporaryDirectory(prefix="naipes-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", src)
        readme = ROOT / "README.md"
        (src / "README.md").write_text(readme.read_text(encoding="utf-8") if readme.exists() else "Naipes\n")
        shutil.copytree(
            ENGINE_DIR, src / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
        )
        dist = Path(tmp) / "dist"
        base = [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(src)]
        proc = subprocess.run([*base[:4], "--no-isolation", *base[4:]], capture_output=True, text=True)
        if proc.returncode != 0:  # build requirements missing from the venv: isolated build
            proc = subprocess.run(base, capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"could not build the naipes wheel:\n{proc.stdout}\n{proc.stderr}")
        wheels = sorted(dist.glob("naipes-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise BuildError(f"expected one naipes-*-py3-none-any.whl, got {wheels}")
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheels[0], out / wheels[0].name)
    return out / wheels[0].name


def check_runtime() -> None:
    """Fail early, with the command to run, when the pinned Pyodide runtime is not installed."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE_DIR / name).exists()]
    if missing:
        raise BuildError(f"Pyodide runtime files missing from {PYODIDE_DIR} ({', '.join(missing)}): run `npm ci`")


def _copy_if_changed(src: Path, dest: Path) -> None:
    if dest.exists():
        s, d = src.stat(), dest.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dest)


def copy_runtime(site: Path, wheel: Path) -> None:
    """The Pyodide runtime (its five runtime files) and the engine wheel into the built *site*."""
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_DIR / name, site / "assets" / "pyodide" / name)
    dest = site / "assets" / "naipes"
    for old in dest.glob("naipes-*.whl"):
        if old.name != wheel.name:
            old.unlink()
    _copy_if_changed(wheel, dest / wheel.name)


def pyodide_version() -> str:
    """The pinned Pyodide version (from its npm package), which names the runtime's cache."""
    return json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]


def runtime_bytes(wheel: Path) -> int:
    """What the worker downloads before Python starts (the runtime's data and the wheel), for its progress bar."""
    return sum((PYODIDE_DIR / name).stat().st_size for name in PYODIDE_FILES) + wheel.stat().st_size


# --------------------------------------------------------------------------- each page


def head_tags(wheel: Path) -> str:
    """The meta tags that tell the browser glue (``docs/assets/naipes/naipes.js``) what to load, and the early
    script (``docs/assets/naipes/early.js``, inlined: it must run before the first paint).

    The worker keeps the runtime and the wheel in Cache Storage under these versions: a new engine build (its
    content hash) or a new pinned Pyodide makes it fetch them again.
    """
    early = EARLY_SCRIPT.read_text(encoding="utf-8").strip()
    return (f'  <meta name="naipes-wheel" content="{html.escape(wheel.name)}">\n'
            f'  <meta name="naipes-cache" content="naipes-{wheel.parent.name} pyodide-{pyodide_version()}">\n'
            f'  <meta name="naipes-runtime-bytes" content="{runtime_bytes(wheel)}">\n'
            f'  <script>{early}</script>\n  ')


# mkdocs-static-i18n writes page-specific <link rel="alternate" hreflang> (right for search
# engines). Material's instant-navigation code, though, fetches "<alternate>/sitemap.xml" for every
# element matching the exact selector link[rel=alternate], expecting language *roots* there: with
# page URLs that is one 404 per language on every page. Adding a second link type keeps the
# hreflang semantics (rel is a token list) while taking the links out of that exact-match selector;
# naipes.js reads link[rel~=alternate][hreflang] to refresh the language menu after instant
# navigation.
_ALTERNATE = re.compile(r'<link rel="alternate"( href="[^"]*" hreflang="[^"]*")>')
_KEYED_GAME = re.compile(r'<div class="naipes-widget[ "][^>]* id="(naipes-[\w-]+)" data-naipes-key="[\w-]+"')
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S)


def skip_links(body: str, lang: str) -> str:
    """A skip link from the page's top to each game (keyed by :mod:`naipes.fence`), after Material's own
    "skip to content" (the component instant navigation swaps), named after the heading above each game when
    the page has several.

    Examples:
        >>> page = '<div data-md-component="skip"></div><h2>A</h2><div class="naipes-widget x" id="naipes-coup" data-naipes-key="coup">'
        >>> skip_links(page, "en").split("</div>")[0]
        '<div data-md-component="skip"><a href="#naipes-coup" class="md-skip naipes-skip">Go to the game</a>'
    """
    from naipes.web.html import skip_link

    games = list(_KEYED_GAME.finditer(body))
    links = []
    for game in games:
        headings = _HEADING.findall(body, 0, game.start())
        title = html.unescape(re.sub(r"<[^>]+>", "", headings[-1])).replace("\u00b6", "").strip() if headings else ""
        links.append(skip_link(game.group(1), lang, title if len(games) > 1 else ""))
    skip = body.find('<div data-md-component="skip">')
    if links and skip != -1:
        end = body.index("</div>", skip)
        body = body[:end] + "".join(links) + body[end:]
    return body


def finish_page(output: str, lang: str, wheel: Path | None) -> str:
    """A built page's HTML with its head tags, its translation links and its games' skip links.

    Examples:
        >>> finish_page('<head><link rel="alternate" href="/en/" hreflang="en"></head><body></body>', "es", None)
        '<head><link rel="alternate naipes-translation" href="/en/" hreflang="en"></head><body></body>'
    """
    head, sep, body = output.partition("</head>")
    head = _ALTERNATE.sub(r'<link rel="alternate naipes-translation"\1>', head)
    if wheel is not None:
        head += head_tags(wheel)
    body = skip_links(body, lang)
    # The language menu marks the page's own language (the language switch itself is in naipes.js).
    own = f'hreflang="{lang}" class="md-select__link"'
    body = body.replace(own, own + ' aria-current="true"')
    return head + sep + body


# --------------------------------------------------------------------------- glossary pages


def expand_glossary_markdown(markdown: str, lang: str, to_root: str, where: str) -> str:
    """A phrasebook or glossary page's Markdown with its ``<!-- naipes:… -->`` markers replaced by their HTML."""
    from tools.glossary import hook as glossary

    expanded, _found = glossary.pages.expand_markers(
        markdown, lambda kind, part: glossary._render_block(kind, part, lang, to_root, where))
    return expanded


def write_pages(src: Path, out: Path, lang: str) -> int:
    """Copy the docs of *lang* from *src* into *out*, the glossary markers expanded; return the pages expanded."""
    from tools.glossary import hook as glossary

    glossary.on_config(None)
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(src, out)
    expanded = 0
    for page in sorted(out.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        if "naipes:" not in text:
            continue
        rel = page.relative_to(out).as_posix()
        depth = rel.count("/") + (0 if page.name == "index.md" else 1)
        root = "../" * (depth + (0 if lang == DEFAULT_LANG else 1))
        new = expand_glossary_markdown(text, lang, root, f"{lang}/{rel}")
        if new != text:
            page.write_text(new, encoding="utf-8")
            expanded += 1
    return expanded


# --------------------------------------------------------------------------- the whole site


def page_language(relative: str) -> str:
    """A built page's language from its path in the site (``ca/…``, ``en/…``, otherwise the default)."""
    first = relative.split("/", 1)[0]
    return first if first in LANGS and first != DEFAULT_LANG else DEFAULT_LANG


def finish_site(site: Path, *, pages: bool = True, lang: str | None = None) -> None:
    """The steps after a generator has written *site*: every page finished (:func:`finish_page` and the
    search's head script, when *pages*), the runtime and the wheel, the glossary's files, the per-language
    search split and the precompressed copies. *lang* forces every page's language (a one-language build)."""
    from tools import offline, precompress, site_search
    from tools.glossary import hook as glossary

    check_runtime()
    wheel = build_wheel()
    if pages:
        for path in sorted(site.rglob("*.html")):
            relative = path.relative_to(site).as_posix()
            page_lang = lang or page_language(relative)
            text = path.read_text(encoding="utf-8")
            text = site_search.finish_page(finish_page(text, page_lang, wheel), page_lang)
            path.write_text(text, encoding="utf-8")
    copy_runtime(site, wheel)
    glossary.on_config(None)
    glossary.on_post_build(_SiteConfig(str(site)))
    site_search.split_site_index(site)
    offline.write_service_worker(site)
    precompress.precompress(site)


@dataclass
class _SiteConfig:
    """What the glossary's post-build step reads of a generator's configuration."""

    site_dir: str


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build.py", description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    steps.add_parser("wheel", help="build the engine wheel and print its path")
    pages = steps.add_parser("pages", help="copy one language's docs with the glossary markers expanded")
    pages.add_argument("src", type=Path)
    pages.add_argument("out", type=Path)
    pages.add_argument("--lang", choices=LANGS, required=True)
    site = steps.add_parser("site", help="finish a built site (head tags, runtime, glossary files, search, .gz/.br)")
    site.add_argument("dir", type=Path)
    site.add_argument("--lang", choices=LANGS, help="the language of every page (a one-language build)")
    args = parser.parse_args(argv)
    try:
        if args.step == "wheel":
            print(build_wheel())
        elif args.step == "pages":
            print(f"{write_pages(args.src, args.out, args.lang)} page(s) expanded into {args.out}")
        else:
            finish_site(args.dir, lang=args.lang)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
