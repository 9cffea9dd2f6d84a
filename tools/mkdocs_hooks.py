"""MkDocs hooks for the Naipes site.

Three jobs, all thin (the logic lives in the engine):

1. Replace every fenced ```` ```naipes ```` block of a page with the HTML that
   ``naipes.widgets.render(naipes.widgets.parse_spec(body), lang)`` returns for the page's
   language. Every malformed block of every language is logged as an error naming the language,
   page and line once all languages are built, which fails ``mkdocs build --strict``.
2. Build the engine into a ``py3-none-any`` wheel and ship it as ``assets/naipes/<wheel>``;
   every page's head gets ``<meta name="naipes-wheel" content="<wheel file name>">`` so the
   browser glue (``docs/assets/naipes/naipes.js``) knows what to load.
3. Copy the self-hosted Pyodide runtime (only the five runtime files) from the pinned npm
   package in ``node_modules/pyodide`` to ``assets/pyodide/``.

mkdocs-static-i18n runs one full build per language, so every event here runs three times;
the wheel is built once per content hash and files are copied only when they changed.
"""

from __future__ import annotations

import hashlib
import html
import importlib
import logging
import re
import shutil
import subprocess
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.naipes")


class _InstantSwitcherFilter(logging.Filter):
    """Drop mkdocs-static-i18n's warning that its contextual language links don't survive
    ``navigation.instant``: ``docs/assets/naipes/naipes.js`` refreshes the language menu from
    each page's ``<link rel="alternate" hreflang>`` after every instant navigation (tested in
    ``tests/site/test_i18n.py``), so the warning no longer applies and must not fail --strict."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "not compatible with theme.features = navigation.instant" not in record.getMessage()


for _name in ("mkdocs.plugins.mkdocs_static_i18n", "mkdocs.plugins.mkdocs_static_i18n.reconfigure"):
    logging.getLogger(_name).addFilter(_InstantSwitcherFilter())

ROOT = Path(__file__).resolve().parent.parent
ENGINE_DIR = ROOT / "engine"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
WHEEL_CACHE = ROOT / "build" / "naipes-site-wheel"
LANGS = ("es", "ca", "en")

_OPEN_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_SLOT = "NAIPESWIDGETSLOT" + uuid.uuid4().hex.upper()


# --------------------------------------------------------------------------- widget blocks


@dataclass(frozen=True)
class WidgetBlock:
    """One ```` ```naipes ```` fenced block found in a page's Markdown."""

    start: int  # index of the opening fence line (0-based)
    end: int  # index of the closing fence line
    indent: str
    body: str

    @property
    def line(self) -> int:
        """1-based line number of the opening fence, for error messages."""
        return self.start + 1


class WidgetSyntaxError(ValueError):
    """A ```naipes block that cannot even be delimited (e.g. no closing fence)."""


def find_widget_blocks(markdown: str) -> list[WidgetBlock]:
    """Return the top-level ```` ```naipes ```` blocks of *markdown*.

    Blocks nested in another fence (e.g. a four-backtick example showing the syntax) are
    ignored, so documentation can quote the widget syntax.
    """
    lines = markdown.split("\n")
    blocks: list[WidgetBlock] = []
    i = 0
    while i < len(lines):
        m = _OPEN_FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, indent, info = m["fence"], m["indent"], m["info"].strip()
        if fence[0] == "`" and "`" in info:  # not a fence: inline code
            i += 1
            continue
        close = re.compile(r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        is_widget = info.split("{")[0].strip() == "naipes" or info.startswith("naipes ")
        if is_widget:
            if j >= len(lines):
                raise WidgetSyntaxError(f"line {i + 1}: ```naipes block has no closing fence")
            body = "\n".join(
                ln[len(indent):] if ln.startswith(indent) else ln.lstrip() for ln in lines[i + 1 : j]
            )
            blocks.append(WidgetBlock(i, j, indent, body))
        i = j + 1
    return blocks


def render_block(body: str, lang: str) -> str:
    """Render one widget block body with the engine (CPython, build time)."""
    widgets = importlib.import_module("naipes.widgets")
    spec = widgets.parse_spec(body)
    out = widgets.render(spec, lang)
    if not isinstance(out, str) or not re.match(r'\s*<div class="naipes-widget[ "]', out):
        raise ValueError("naipes.widgets.render() did not return a .naipes-widget root element")
    return out


def replace_widget_blocks(markdown: str, lang: str, where: str) -> tuple[str, dict[str, str], list[str]]:
    """Swap each widget block for a placeholder paragraph.

    Returns the new Markdown, the placeholder → HTML map, and error messages (each naming
    *where*, the page's source path, and the line of the block).
    """
    try:
        blocks = find_widget_blocks(markdown)
    except WidgetSyntaxError as exc:
        return markdown, {}, [f"{where}: {exc}"]
    if not blocks:
        return markdown, {}, []
    lines = markdown.split("\n")
    slots: dict[str, str] = {}
    errors: list[str] = []
    for n, block in reversed(list(enumerate(blocks))):
        key = f"{_SLOT}N{n}X"
        try:
            slots[key] = render_block(block.body, lang)
        except Exception as exc:  # noqa: BLE001 - report any engine failure with the page
            msg = f"{where}: line {block.line}: invalid naipes widget block: {type(exc).__name__}: {exc}"
            errors.append(msg)
            slots[key] = (
                '<div class="admonition failure"><p class="admonition-title">naipes</p>'
                f"<p>{html.escape(msg)}</p></div>"
            )
        lines[block.start : block.end + 1] = ["", block.indent + key, ""]
    return "\n".join(lines), slots, list(reversed(errors))


def page_language(page, config) -> str:
    """The page's language: the i18n plugin's current build language, else its folder."""
    plugin = config.plugins.get("i18n")
    lang = getattr(plugin, "current_language", None)
    file_lang = getattr(page.file, "locale", None) or page.file.src_uri.split("/", 1)[0]
    if file_lang in LANGS and lang != file_lang:
        lang = file_lang
    if lang not in LANGS:
        lang = str(config.theme.get("language", "es"))[:2]
    return lang


_page_slots: dict[str, dict[str, str]] = {}
#: Broken widget blocks of every language's build, reported together once all languages are built:
#: mkdocs-static-i18n builds the other languages inside the first build's `on_post_build`, and a strict
#: build that logged an error aborts at the end of that language's build, hiding the languages after it.
_block_errors: list[str] = []


def on_page_markdown(markdown, page, config, files):
    lang = page_language(page, config)
    new, slots, errors = replace_widget_blocks(markdown, lang, page.file.src_uri)
    _block_errors.extend(f"[{lang}] {msg}" for msg in errors)
    _page_slots[page.file.src_uri] = slots
    return new


@event_priority(-200)  # after mkdocs-static-i18n's on_post_build (-100) has built the other languages
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if getattr(i18n, "building", False):
        return  # one of the other languages' builds: the first build reports for all of them
    _copy_runtime(config)
    errors = list(dict.fromkeys(_block_errors))
    _block_errors.clear()
    for msg in errors:
        log.error(msg)


def on_page_content(html_out, page, config, files):
    slots = _page_slots.pop(page.file.src_uri, {})
    for key, widget_html in slots.items():
        new = html_out.replace(f"<p>{key}</p>", widget_html)
        if new == html_out:
            new = html_out.replace(key, widget_html)
        if new == html_out:
            raise PluginError(f"{page.file.src_uri}: lost the placeholder of a naipes widget")
        html_out = new
    return html_out


# --------------------------------------------------------------------------- wheel + Pyodide


def _engine_hash() -> str:
    h = hashlib.sha256()
    for name in ("pyproject.toml",):
        h.update((ROOT / name).read_bytes())
    for path in sorted(ENGINE_DIR.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and ".egg-info" not in str(path):
            h.update(str(path.relative_to(ROOT)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def build_wheel() -> Path:
    """Build the engine wheel (py3-none-any) once per engine content hash; return its path.

    The project is copied to a temporary directory first, so the build never writes into the
    source tree (no ``engine/*.egg-info``).
    """
    out = WHEEL_CACHE / _engine_hash()
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
            raise PluginError(f"could not build the naipes wheel:\n{proc.stdout}\n{proc.stderr}")
        wheels = sorted(dist.glob("naipes-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise PluginError(f"expected one naipes-*-py3-none-any.whl, got {wheels}")
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheels[0], out / wheels[0].name)
    log.info("Built engine wheel %s", wheels[0].name)
    return out / wheels[0].name


def _copy_if_changed(src: Path, dest: Path) -> None:
    if dest.exists():
        s, d = src.stat(), dest.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dest)


_wheel: Path | None = None


def on_config(config):
    global _wheel
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).exists()]
    if missing:
        raise PluginError(
            f"Pyodide runtime files missing from {PYODIDE_DIR} ({', '.join(missing)}): run `npm ci`"
        )
    _wheel = build_wheel()
    return config


# mkdocs-static-i18n writes page-specific <link rel="alternate" hreflang> (right for search
# engines). Material's instant-navigation code, though, fetches "<alternate>/sitemap.xml" for every
# element matching the exact selector link[rel=alternate], expecting language *roots* there: with
# page URLs that is one 404 per language on every page. Adding a second link type keeps the
# hreflang semantics (rel is a token list) while taking the links out of that exact-match selector;
# naipes.js reads link[rel~=alternate][hreflang] to refresh the language menu after instant
# navigation.
_ALTERNATE = re.compile(r'<link rel="alternate"( href="[^"]*" hreflang="[^"]*")>')


def on_post_page(output, page, config):
    head, sep, body = output.partition("</head>")
    head = _ALTERNATE.sub(r'<link rel="alternate naipes-translation"\1>', head)
    if _wheel is not None:
        # The worker keeps the runtime and the wheel in Cache Storage under these versions: a new engine
        # build (its content hash) or a new pinned Pyodide makes it fetch them again.
        head += (f'  <meta name="naipes-wheel" content="{html.escape(_wheel.name)}">\n'
                 f'  <meta name="naipes-cache" content="naipes-{_wheel.parent.name} pyodide-{_pyodide_version()}">\n'
                 f'  <meta name="naipes-runtime-bytes" content="{_runtime_bytes()}">\n  ')
    head += _EARLY_SCRIPT
    lang = page_language(page, config)
    body = mark_games(body, lang)
    # The language menu marks the page's own language (the language switch itself is in naipes.js).
    own = f'hreflang="{lang}" class="md-select__link"'
    body = body.replace(own, own + ' aria-current="true"')
    return head + sep + body


# Runs before the first paint: says that JavaScript runs (naipes.css then shows the copy-link controls and
# live-looking buttons), and hides the games the address or this tab's memory of the page will replay
# (naipes.js keeps them as `?<key>=<link>` and in sessionStorage "naipes:<path>:<key>"), so the build-time
# deal never shows in place of the reader's game. naipes.js takes over as soon as it runs; should it never
# run, the games show again after 20 s.
_EARLY_SCRIPT = (
    '<script>(function(){var d=document.documentElement,h=[],p="naipes:"+location.pathname+":",'
    'ok=/^[a-z0-9-]{1,40}$/;d.classList.add("naipes-js");try{var q=new URLSearchParams(location.search);'
    'q.forEach(function(v,n){if(ok.test(n)&&/^\\d+\\./.test(v))h.push("#naipes-"+n)});'
    'if(q.has("seed"))h.push("[data-naipes-seed]");for(var i=0;i<sessionStorage.length;i++){var s=sessionStorage.key(i);'
    'if(s.indexOf(p)===0&&ok.test(s.slice(p.length)))h.push("#naipes-"+s.slice(p.length))}}catch(e){}'
    'if(h.length){var st=document.createElement("style");st.id="naipes-replaying";st.textContent='
    'h.map(function(x){return x+">*"}).join(",")+"{visibility:hidden;animation:naipes-reveal 0s 20s forwards}"'
    '+"@keyframes naipes-reveal{to{visibility:visible}}";document.head.appendChild(st)}})();</script>\n  '
)

_WIDGET_TAG = re.compile(r'<div class="naipes-widget[ "][^>]*>')
_HEADING = re.compile(r"<h[1-6][^>]*>(.*?)</h[1-6]>", re.S)


def mark_games(body: str, lang: str) -> str:
    """Give each game of a page (a widget with a link) its key and id, and a skip link from the page's top.

    The key (`coup`, or `coup-1`, `coup-2` when a page has two) names the game's URL parameter and its id
    (`naipes-coup`); the skip links follow Material's own "skip to content" (the component instant
    navigation swaps), named after the heading above each game when the page has several.
    """
    from naipes.web.html import skip_link

    tags = [m for m in _WIDGET_TAG.finditer(body) if ' data-naipes-link="' in m.group(0)]
    kinds = [re.search(r'data-naipes-widget="([^"]*)"', m.group(0)).group(1) for m in tags]
    parts, links, last = [], [], 0
    for number, (tag, kind) in enumerate(zip(tags, kinds)):
        key = kind if kinds.count(kind) == 1 else f"{kind}-{kinds[:number + 1].count(kind)}"
        headings = _HEADING.findall(body, 0, tag.start())
        title = html.unescape(re.sub(r"<[^>]+>", "", headings[-1])).replace("\u00b6", "").strip() if headings else ""
        links.append(skip_link(f"naipes-{key}", lang, title if len(tags) > 1 else ""))
        parts += [body[last:tag.start()], f'{tag.group(0)[:-1]} id="naipes-{key}" data-naipes-key="{key}" tabindex="-1">']
        last = tag.end()
    body = "".join(parts) + body[last:]
    skip = body.find('<div data-md-component="skip">')
    if links and skip != -1:
        end = body.index("</div>", skip)
        body = body[:end] + "".join(links) + body[end:]
    return body


def _runtime_bytes() -> int:
    """What the worker downloads before Python starts (the runtime's data and the wheel), for its progress bar."""
    fetched = ("pyodide.mjs", "pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json")
    return sum((PYODIDE_DIR / name).stat().st_size for name in fetched) + (_wheel.stat().st_size if _wheel else 0)


def _pyodide_version() -> str:
    """The pinned Pyodide version (from its npm package), which names the runtime's cache."""
    import json

    return json.loads((PYODIDE_DIR / "package.json").read_text(encoding="utf-8"))["version"]


def _site_root(config) -> Path:
    """The output root: mkdocs-static-i18n keeps site_dir and prefixes language paths."""
    return Path(config.site_dir)


def _copy_runtime(config) -> None:
    """The Pyodide runtime and the engine wheel into the built site."""
    root = _site_root(config)
    for name in PYODIDE_FILES:
        _copy_if_changed(PYODIDE_DIR / name, root / "assets" / "pyodide" / name)
    if _wheel is not None:
        dest = root / "assets" / "naipes"
        for old in dest.glob("naipes-*.whl"):
            if old.name != _wheel.name:
                old.unlink()
        _copy_if_changed(_wheel, dest / _wheel.name)
