"""The ```` ```naipes ```` blocks of the site's Markdown as a `pymdownx.superfences` custom fence.

mkdocs.yml names :func:`formatter` under ``custom_fences``, wrapped in ``functools.partial`` for the
default language (a generator that pickles the Markdown configuration, such as Zensical, cannot pickle a
closure). Any generator that runs Python-Markdown with superfences renders the widgets this way; nothing
scans the Markdown for fences besides superfences itself.

A build that knows the page (the MkDocs hooks) tells :func:`set_page` which page is being rendered, in
which language, from which Markdown: a bad block's error then names the page and the line. superfences
swallows every exception but its own ``SuperFencesException`` (and a generator may ignore logged errors),
so a bad block raises that one.

Each game of a page (a widget with a link) gets its key and anchor here, as the block is rendered: the
key (``coup``, or ``coup-1``, ``coup-2`` when a page has two) names the game's URL parameter and its id
(``naipes-coup``).

Examples:
    >>> html = formatter("widget: odds\\ngame: punto-banca", "naipes", "naipes", {}, None, lang="en")
    >>> html.startswith('<div class="naipes-widget naipes-odds"') and 'lang="en"' in html
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import widgets

LANGS = ("es", "ca", "en")


@dataclass
class Page:
    """The page being rendered: its source path, language and Markdown (to find a block's line)."""

    path: str
    lang: str
    markdown: str = ""


@dataclass
class _Games:
    """The games rendered so far for one document: their kinds, their HTML without key, as stashed."""

    kinds: list[str] = field(default_factory=list)
    plain: list[str] = field(default_factory=list)
    stashed: list[str] = field(default_factory=list)


_page: Page | None = None
_error_bases: tuple[type[BaseException], ...] = ()


def set_page(path: str | None, lang: str = "es", markdown: str = "") -> None:
    """Name the page the next blocks belong to (``None``: unknown, the formatter's own language applies).

    Examples:
        >>> set_page("en/games/punto-banca.md", "en", "```naipes\\nwidget: odds\\n```\\n"); set_page(None)
    """
    global _page
    _page = Page(path, lang, markdown) if path else None


def also_raise_as(*bases: type[BaseException]) -> None:
    """Make a bad block's exception also an instance of *bases* (e.g. the generator's own build error,
    which it reports in one line instead of a traceback).

    Examples:
        >>> also_raise_as(); isinstance(block_error("x"), Exception)
        True
    """
    global _error_bases
    _error_bases = tuple(bases)


def block_error(message: str) -> Exception:
    """The exception for a bad block: superfences' own (the one it lets through), plus :func:`also_raise_as`.

    Examples:
        >>> str(block_error("es/x.md: line 3: invalid naipes widget block: SpecError: nope"))
        'es/x.md: line 3: invalid naipes widget block: SpecError: nope'
    """
    try:  # the caller's package: always importable when superfences calls the formatter
        from pymdownx.superfences import SuperFencesException
    except ImportError:
        SuperFencesException = ValueError  # noqa: N806 - called outside superfences (tests, doctests)
    bases = tuple(dict.fromkeys((SuperFencesException, *_error_bases)))
    return type("NaipesBlockError", bases, {})(message)


def block_line(markdown: str, source: str) -> int | None:
    """1-based line of the opening fence of the ```` ```naipes ```` block whose body is *source*.

    Examples:
        >>> block_line("# T\\n\\n```naipes\\nwidget: odds\\n```\\n", "widget: odds")
        3
        >>> block_line("# T\\n", "widget: odds") is None
        True
    """
    lines = markdown.split("\n")
    body = source.rstrip("\n").split("\n")
    for number, line in enumerate(lines):
        stripped = line.strip()
        if stripped.lstrip("`~").startswith("naipes") and stripped[:3] in ("```", "~~~"):
            following = [ln.strip() for ln in lines[number + 1: number + 1 + len(body)]]
            if following == [ln.strip() for ln in body]:
                return number + 1
    return None


def _keyed(html: str, key: str) -> str:
    # The root element's tag ends at the first ">": the engine escapes every attribute value.
    end = html.index(">")
    return f'{html[:end]} id="naipes-{key}" data-naipes-key="{key}" tabindex="-1"{html[end:]}'


def _games(md: Any) -> _Games:
    """The games of the document *md* is converting (new when its stash no longer holds the last ones)."""
    games = getattr(md, "_naipes_games", None)
    stash = getattr(getattr(md, "htmlStash", None), "rawHtmlBlocks", None)
    if games is None or stash is None or not all(any(s is h for s in stash) for h in games.stashed):
        games = _Games()
        if md is not None:
            md._naipes_games = games
    return games


def _rekey(md: Any, games: _Games, index: int, key: str) -> None:
    """Give an earlier game of the page a new key, in superfences' stash (where its HTML waits)."""
    new = _keyed(games.plain[index], key)
    stash = md.htmlStash.rawHtmlBlocks
    for position, held in enumerate(stash):
        if held is games.stashed[index]:
            stash[position] = new
    games.stashed[index] = new


def formatter(src: str, language: str, class_name: str, options: dict, md: Any, *, lang: str = "es",
              **kwargs: Any) -> str:
    """superfences' custom fence: the widget's HTML for the block *src*, in the page's language.

    Raises:
        SuperFencesException: a bad block (unknown widget, game or option, a line that is not
            ``key: value``), naming the page, the line and the problem when the page is known.

    Examples:
        >>> formatter("widget: nope", "naipes", "naipes", {}, None, lang="es")
        Traceback (most recent call last):
        ...
        naipes.fence.NaipesBlockError: invalid naipes widget block: SpecError: Unknown widget 'nope': use one of ...
    """
    page = _page
    page_lang = page.lang if page and page.lang in LANGS else lang
    try:
        spec = widgets.parse_spec(src)
        html = widgets.render(spec, page_lang)
    except Exception as exc:  # noqa: BLE001 - every engine failure is a bad block of this page
        where = ""
        if page:
            line = block_line(page.markdown, src)
            where = f"{page.path}: " + (f"line {line}: " if line else "")
        raise block_error(f"{where}invalid naipes widget block: {type(exc).__name__}: {exc}") from exc
    if not html.startswith('<div class="naipes-widget'):
        raise block_error("naipes.widgets.render() did not return a .naipes-widget root element")
    # A game is a widget with a link (naipes.web.html.root gives it one).
    if ' data-naipes-link="' not in html[:html.index(">")] or md is None:
        return html
    games = _games(md)
    kind = spec["widget"]
    seen = games.kinds.count(kind)
    if seen == 1:  # the page's second game of this kind: the first becomes kind-1
        _rekey(md, games, games.kinds.index(kind), f"{kind}-1")
    key = kind if seen == 0 else f"{kind}-{seen + 1}"
    keyed = _keyed(html, key)
    games.kinds.append(kind)
    games.plain.append(html)
    games.stashed.append(keyed)
    return keyed
