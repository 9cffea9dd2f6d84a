"""No widget of the Spanish and Catalan pages shows an English message untranslated.

Generic over the site: every ```` ```naipes ```` block of `docs/es/` and `docs/ca/` is rendered in the
page's language, then explored — every control of the rendered widget (each button, each option of each
select, each text input with its current value) is applied to the state, and again from the states that
gives, two steps deep, at most `MAX_STATES` states per block — and every state's HTML is checked.

An English message shows untranslated when a text node of the HTML (or an `aria-label`, `title`,
`placeholder` or `data-naipes-msg-*` attribute) *is* a msgid of the engine's catalog whose translation in
that language differs from it (msgids with placeholders are matched as patterns, the placeholders
standing for any text), or *contains* a long msgid (40 characters or more, no placeholder) — the case of
sentences joined into one paragraph. Msgids whose translation is the same word (`"No"`, `"Punto"`) and
untranslated entries (which the catalog tests report) are not counted.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from lxml import html as lxml_html

from naipes import widgets

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
LOCALES = ROOT / "locales"
MAX_STATES = 30
DEPTH = 2
ATTRIBUTES = ("aria-label", "title", "placeholder")


def naipes_blocks(lang: str) -> list[tuple[str, int, str]]:
    """(page, line, body) of every naipes block of the pages of `lang` (not those shown inside a longer fence)."""
    out = []
    for page in sorted((DOCS / lang).rglob("*.md")):
        fence = None
        body: list[str] = []
        start = 0
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            match = re.match(r"^(`{3,})(\w*)\s*$", line.strip())
            if fence is None and match:
                fence = (match.group(1), match.group(2))
                body, start = [], number
            elif fence is not None and match and match.group(1) == fence[0] and not match.group(2):
                if fence == ("```", "naipes"):
                    out.append((str(page.relative_to(DOCS)), start, "\n".join(body)))
                fence = None
            elif fence is not None:
                body.append(line)
    return out


@lru_cache(maxsize=2)
def english_messages(lang: str) -> tuple[frozenset[str], tuple[re.Pattern, ...], tuple[str, ...]]:
    """(exact msgids, placeholder patterns, long msgids) whose `lang` translation differs from the English."""
    with open(LOCALES / lang / "LC_MESSAGES" / "naipes.po", encoding="utf-8") as handle:
        catalog = read_po(handle, locale=lang)
    exact, patterns, long = set(), [], []
    # A text that is itself one of this language's translations is not English left over: the
    # Spanish chart marks "hit" with "P" (pedir), which is also the English msgid for "split".
    translations = {string for message in catalog if message.id and not message.fuzzy
                    for string in (message.string if isinstance(message.string, tuple) else (message.string,))}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not any(strings):
            continue
        for msgid in ids:
            if msgid in strings or msgid in translations:
                continue
            if "{" in msgid:
                literal = re.sub(r"\{[^}]*\}", "", msgid)
                if len(re.findall(r"[A-Za-z]", literal)) < 4:
                    continue
                pieces = re.split(r"\{[^}]*\}", msgid)
                patterns.append(re.compile(".+?".join(re.escape(p) for p in pieces), re.DOTALL))
            else:
                exact.add(msgid)
                if len(msgid) >= 40:
                    long.append(msgid)
    return frozenset(exact), tuple(patterns), tuple(long)


def untranslated(html_text: str, lang: str) -> list[str]:
    root = lxml_html.fragment_fromstring(html_text, create_parent="div")
    texts = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        # A card's corner index is part of a picture named by its aria-label (checked below): a French
        # jack's "J" is the card's print, not the English msgid the Spanish sota's index translates.
        not_prose = "naipes-card-rank" in (element.get("class") or "").split()
        not_prose = not_prose or element.tag in ("code", "kbd")  # an option's name, a key: typed as is in any language
        texts += [None if not_prose else element.text, element.tail]
        texts += [value for name, value in element.attrib.items()
                  if name in ATTRIBUTES or name.startswith("data-naipes-msg-")]
    found = []
    for text in texts:
        text = " ".join((text or "").split())
        if text and is_english(text, lang):
            found.append(text)
    return found


@lru_cache(maxsize=2)
def any_pattern(lang: str) -> re.Pattern:
    """The placeholder patterns as one alternation: matched in one pass (a Python loop over them was 90 % of this
    module's time)."""
    return re.compile("|".join(f"(?:{p.pattern})" for p in english_messages(lang)[1]), re.DOTALL)


@lru_cache(maxsize=None)
def is_english(text: str, lang: str) -> bool:
    """Whether `text` is (or holds a long) msgid left in English (the same texts come back in many states)."""
    exact, patterns, long = english_messages(lang)
    return text in exact or bool(patterns and any_pattern(lang).fullmatch(text)) or any(m in text for m in long)


def controls(html_text: str) -> tuple[str, list[tuple[str, str]]]:
    """The state of a rendered widget and every (action, value) its controls can send."""
    root = lxml_html.fragment_fromstring(html_text, create_parent="div")
    (widget,) = root.xpath('.//*[@data-naipes-state]')[:1] or [None]
    state = widget.get("data-naipes-state") if widget is not None else ""
    actions = []
    for element in root.xpath(".//*[@data-naipes-action]"):
        action = element.get("data-naipes-action")
        if element.tag == "select":
            actions += [(action, option.get("value")) for option in element.xpath(".//option")]
        elif element.tag == "input":
            actions.append((action, element.get("value") or "1"))
        elif element.get("disabled") is None:
            actions.append((action, element.get("data-naipes-value") or ""))
    return state, actions


def explore(spec: dict, lang: str):
    """Every state reached from the block (see the module's docstring), as HTML."""
    first = widgets.render(spec, lang)
    seen = {controls(first)[0]}
    frontier, depth = [first], 0
    yield first
    while frontier and depth < DEPTH and len(seen) < MAX_STATES:
        next_frontier = []
        for page in frontier:
            state, actions = controls(page)
            for action, value in actions:
                if len(seen) >= MAX_STATES:
                    break
                result = widgets.handle(state, action, value)
                new_state = controls(result)[0]
                if new_state in seen:
                    continue
                seen.add(new_state)
                next_frontier.append(result)
                yield result
        frontier, depth = next_frontier, depth + 1


BLOCKS = [(lang, page, line, body) for lang in ("es", "ca") for page, line, body in naipes_blocks(lang)]


def test_every_page_block_is_found():
    pages = {page for _, page, _, _ in BLOCKS}
    assert "es/games/mini-bacara.md" in pages and "ca/games/chemin-de-fer.md" in pages
    assert not any("contributing" in page for page in pages), "a block shown inside a longer fence is an example"


def test_the_check_finds_an_english_message():
    assert untranslated("<p>Insurance</p><p>Seguro</p>", "es") == ["Insurance"]
    assert untranslated(f"<p>Carta. {'Interactive mode ready.'}</p>", "ca") == []  # short msgids only match whole
    state, actions = controls(widgets.render({"widget": "odds", "game": "mini-bacara"}, "es"))
    assert json.loads(state)["lang"] == "es"


@pytest.mark.parametrize("lang, page, line, body", BLOCKS, ids=[f"{p}:{n}" for _, p, n, _ in BLOCKS])
def test_no_widget_state_shows_an_english_message(lang, page, line, body):
    spec = widgets.parse_spec(body)
    problems = {}
    for html_text in explore(spec, lang):
        for text in untranslated(html_text, lang):
            problems.setdefault(text, 0)
            problems[text] += 1
    assert not problems, f"{page}:{line}: untranslated in {lang}: {sorted(problems)}"
