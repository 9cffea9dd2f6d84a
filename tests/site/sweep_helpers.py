"""Helpers of the site sweep (tests/site/test_sweep_browser.py): HTML checks and the engine's identifiers.

The identifiers come from the engine itself, so a new game, preset, bet or action is swept without
touching the test: game ids and preset ids, and every hyphenated key the game packages define as a
module-level string constant (bets such as ``card-bought``, actions, outcomes).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from html.parser import HTMLParser

#: Text inside these elements is not prose: code the reader types, scripts, styles.
NOT_PROSE = {"code", "pre", "kbd", "script", "style", "template", "samp", "svg", "textarea"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Sweep(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.repeated: list[str] = []
        self.ids: dict[str, int] = {}
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = [name for name, _ in attrs]
        for name in sorted({n for n in names if names.count(n) > 1}):
            self.repeated.append(f"<{tag}> repeats {name!r}: {self.get_starttag_text()[:160]}")
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids[value] = self.ids.get(value, 0) + 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass

    def handle_data(self, data):
        if not NOT_PROSE.intersection(self.stack):
            self.text.append(data)


def html_problems(html: str) -> tuple[list[str], str]:
    """Repeated attributes and duplicate ids of an HTML document or fragment, and its prose text.

    Examples:
        >>> for problem in html_problems('<p class="a" class="b" id="x"><code>hit</code> go</p><i id="x"></i>')[0]:
        ...     print(problem)
        <p> repeats 'class': <p class="a" class="b" id="x">
        id 'x' appears 2 times
        >>> html_problems('<p>a <code>b</code> c</p>')[1]
        'a  c'
    """
    parser = _Sweep()
    parser.feed(html)
    parser.close()
    problems = parser.repeated + [f"id {i!r} appears {n} times" for i, n in parser.ids.items() if n > 1]
    return problems, "".join(parser.text)


@functools.cache
def engine_identifiers() -> frozenset[str]:
    """Keys of the engine a reader should never read: game and preset ids, hyphenated string constants."""
    from naipes.games import registry
    import naipes.games

    found = set()
    for game in registry.all_games():
        found.add(game.id)
        found.update(game.presets)
    for info in pkgutil.walk_packages(naipes.games.__path__, "naipes.games."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, str) and re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)+", value):
                found.add(value)
    return frozenset(i for i in found if "-" in i)  # one-word ids (omaha, holdem) are also plain words


@functools.cache
def names_of_things() -> frozenset[str]:
    """Game and preset ids: never prose (a reader reads them only as code, typed on the command line)."""
    from naipes.games import registry

    return frozenset(i for g in registry.all_games() for i in (g.id, *g.presets) if "-" in i)


@functools.cache
def preset_ids() -> frozenset[str]:
    """Every preset's id (the command line's `--preset` values)."""
    from naipes.games import registry

    return frozenset(p for g in registry.all_games() for p in g.presets if "-" in p)


@functools.cache
def reader_words() -> frozenset[str]:
    """Hyphenated keys that are also words of the engine's translated reader strings (``tie-break``), bar ids."""
    from pathlib import Path

    locales = Path(__file__).resolve().parents[2] / "locales"
    reader = "".join(p.read_text(encoding="utf-8") for p in locales.rglob("naipes.po"))
    return frozenset(i for i in engine_identifiers() - names_of_things()
                     if not re.search("[a-z]", i) or re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", reader))


@functools.cache
def card_run() -> re.Pattern:
    """Two or more card codes in a row (``5c Qh 5h``), from the engine's own ranks and suits."""
    from naipes.core import cards

    french = f"[{''.join(cards.FRENCH_RANKS)}][{''.join(cards.FRENCH_SUITS)}]"
    spanish = f"[{''.join(cards.SPANISH_RANKS)}][{''.join(cards.SPANISH_SUITS)}]"
    code = f"(?:{french}|{spanish})"
    return re.compile(rf"(?<![\w-]){code}(?:[ ,]+{code})+(?![\w-])")


def identifiers_in(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The engine identifiers and runs of card codes in a page's prose.

    Examples:
        >>> identifiers_in("burns the first 5 cards: 5c Qh 5h 6c Kc")
        ['5c Qh 5h 6c Kc']
        >>> identifiers_in("card-bought 0 · the bet")
        ['card-bought']
    """
    found = [m.group(0) for m in card_run().finditer(text)]
    for ident in sorted(engine_identifiers() - allowed):
        if re.search(rf"(?<![\w/.-]){re.escape(ident)}(?![\w/-])", text):
            found.append(ident)
    return found
