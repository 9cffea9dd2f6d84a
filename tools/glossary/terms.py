"""Casino terms on the rules pages: find them in the text, then link the first occurrence per
section (from one heading to the next) to its glossary entry, with the definition as a tooltip.

The HTML is rewritten by an :class:`~html.parser.HTMLParser` that copies everything it does not
link byte for byte, so a page without terms comes out unchanged.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from typing import Mapping, Sequence
from urllib.parse import quote_plus

import yaml

from tools.glossary.seeds import ROOT
from tools.glossary.text import as_list

EVERYDAY_PHRASES = ROOT / "data" / "everyday-phrases.yaml"


@cache
def everyday_phrases(lang: str) -> tuple[str, ...]:
    """Phrases of *lang* in which a term's word is not the term ("escritas a mano", "on the other
    hand"): the linker leaves them alone.

    >>> "other hand" in everyday_phrases("en")
    True
    """
    with open(EVERYDAY_PHRASES, encoding="utf-8") as f:
        return tuple(yaml.safe_load(f).get(lang) or ())


@dataclass(frozen=True)
class TermMatcher:
    """Finds casino terms of one language in text: whole words, any case, longest term first."""

    pattern: re.Pattern
    ids: Mapping[str, tuple[str, ...]]  # normalised surface form -> ids of the terms listing it
    definitions: Mapping[str, str]  # term id -> definition in the language
    preferred: Mapping[str, str]  # term id -> preferred term in the language
    linked_after: Mapping[str, frozenset[str]] = field(default_factory=dict)  # term id -> the words it follows
    lang: str = ""  # the language of the terms (and of the pages they are linked on)

    @staticmethod
    def key(text: str) -> str:
        return " ".join(text.casefold().replace("\u2019", "'").split())

    def term_ids(self, surface: str) -> tuple[str, ...]:
        return self.ids[self.key(surface)]

    def in_context(self, ids: tuple[str, ...], before: str) -> tuple[str, ...]:
        """The terms of `ids` the form stands for after the text `before`: a term with `linked_after`
        words only right after one of them (Catalan *pot* is also "can": *el pot*, not *pot fer*).

        >>> m = TermMatcher(re.compile("pot"), {}, {}, {}, {"bote": frozenset({"el"})})
        >>> m.in_context(("bote",), "Ho guanya el "), m.in_context(("bote",), "La banca no ")
        (('bote',), ())
        """
        words = re.findall(r"[\w']+", before[-40:].casefold().replace("\u2019", "'"))
        previous = words[-1] if words else ""
        return tuple(i for i in ids if i not in self.linked_after or previous in self.linked_after[i])

    def title(self, ids: Sequence[str]) -> str:
        """Tooltip text: the definition, or for a form several terms share, each one's."""
        if len(ids) == 1:
            return self.definitions[ids[0]]
        return " / ".join(f"{self.preferred[i]}: {self.definitions[i]}" for i in ids)


def term_matcher(terms: Sequence[Mapping], lang: str) -> TermMatcher:
    """Build the matcher of *lang*'s terms.

    A form listed by several terms (``baccarat`` is a name of punto banco and the total zero;
    ``banker`` the bank and the banker) is ambiguous: it keeps all of them, the one that lists it
    first (as its preferred form) first. The everyday phrases of *lang*
    (``data/everyday-phrases.yaml``) map to no term.

    >>> m = term_matcher([{"id": "a", "es": ["banca"], "definition": {"es": "A"}},
    ...                   {"id": "b", "es": ["punto y banca", "banca"], "definition": {"es": "B"}}], "es")
    >>> [x.group(0) for x in m.pattern.finditer("Punto y  banca, la Banca; bancarrota")]
    ['Punto y  banca', 'Banca']
    >>> m.term_ids("PUNTO Y BANCA"), m.term_ids("banca"), m.title(m.term_ids("banca"))
    (('b',), ('a', 'b'), 'banca: A / punto y banca: B')
    """
    found: dict[str, list[tuple[int, int, str]]] = {}
    for order, t in enumerate(terms):
        for position, surface in enumerate(as_list(t[lang])):
            found.setdefault(TermMatcher.key(surface), []).append((position, order, t["id"]))
    ids = {k: tuple(dict.fromkeys(i for _, _, i in sorted(v))) for k, v in found.items()}
    for phrase in everyday_phrases(lang):
        ids[TermMatcher.key(phrase)] = ()  # matched, so that its words are not, and left alone
    surfaces = sorted(ids, key=lambda s: (-len(s), s))

    def regex(surface: str) -> str:
        out = []
        for ch in surface:
            if ch == " ":
                out.append(r"\s+")
            elif ch == "'":
                out.append("['\u2019]")
            else:
                out.append(re.escape(ch))
        return "".join(out)

    pattern = re.compile(r"(?<!\w)(?:" + "|".join(regex(s) for s in surfaces) + r")(?!\w)", re.IGNORECASE)
    definitions = {t["id"]: t["definition"][lang] for t in terms}
    preferred = {t["id"]: as_list(t[lang])[0] for t in terms}
    linked_after = {t["id"]: frozenset(t["linked_after"][lang]) for t in terms if lang in t.get("linked_after", {})}
    return TermMatcher(pattern, ids, definitions, preferred, linked_after, lang)


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
         "track", "wbr"}
#: no term links inside these (headings, links, code, interactive and non-text elements)
_SKIP = {"a", "abbr", "code", "pre", "kbd", "samp", "var", "script", "style", "textarea", "select", "option",
         "button", "label", "svg", "math", "summary", "h1", "h2", "h3", "h4", "h5", "h6", "template", "dfn",
         "head", "title", "iframe", "noscript", "object"}
#: each heading starts a new section: a term is linked again after it
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class _TermLinker(HTMLParser):
    """Copies the HTML it is fed to ``out`` unchanged but for the terms it links."""

    def __init__(self, matcher: TermMatcher, href: str):
        super().__init__(convert_charrefs=False)
        self.matcher, self.href = matcher, href
        self.out: list[str] = []
        self.text: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, skips)
        self.skip_depth = 0
        self.seen: set[tuple[str, ...]] = set()  # the terms linked in this section
        self.count = 0

    # text runs are buffered raw (entities included) and rewritten only if a term is found
    def handle_data(self, data):
        self.text.append(data)

    def handle_entityref(self, name):
        self.text.append(f"&{name};")

    def handle_charref(self, name):
        self.text.append(f"&#{name};")

    def flush(self):
        if not self.text:
            return
        raw = "".join(self.text)
        self.text = []
        self.out.append(raw if self.skip_depth else self.link(raw))

    def keep(self, markup: str) -> None:
        """Copy markup (a tag, comment, declaration) through, after the text before it."""
        self.flush()
        self.out.append(markup)

    def link(self, raw: str) -> str:
        text = html.unescape(raw)
        seen = self.seen
        pieces, last, changed = [], 0, False
        for m in self.matcher.pattern.finditer(text):
            ids = self.matcher.in_context(self.matcher.term_ids(m.group(0)), text[:m.start()])
            if not ids or ids in seen:  # an everyday phrase, or linked already
                continue
            seen.add(ids)
            changed = True
            self.count += 1
            pieces.append(html.escape(text[last:m.start()], quote=False))
            if len(ids) == 1:
                href = f"{self.href}#{ids[0]}"
            else:  # ambiguous form: the glossary's search lists every term that has it
                href = f"{self.href}?q={quote_plus(TermMatcher.key(m.group(0)))}"
            pieces.append(f'<abbr class="naipes-term" title="{html.escape(self.matcher.title(ids))}">'
                          f'<a href="{html.escape(href)}">{html.escape(m.group(0), quote=False)}</a></abbr>')
            last = m.end()
        if not changed:
            return raw
        pieces.append(html.escape(text[last:], quote=False))
        return "".join(pieces)

    def handle_starttag(self, tag, attrs):
        self.keep(self.get_starttag_text())
        if tag in _VOID:
            return
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        # a passage in another language (a quoted source: tools.glossary.quotes) holds none of this one's terms
        other_language = bool(attributes.get("lang")) and attributes["lang"] != self.matcher.lang
        skips = tag in _SKIP or "naipes-widget" in classes or other_language
        self.stack.append((tag, skips))
        if skips:
            self.skip_depth += 1
        if tag in _HEADINGS:
            self.seen = set()

    def handle_startendtag(self, tag, attrs):
        self.keep(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.keep(f"</{tag}>")
        if not any(t == tag for t, _ in self.stack):
            return  # stray end tag: keep it, change nothing
        while self.stack:
            t, skips = self.stack.pop()
            if skips:
                self.skip_depth -= 1
            if t == tag:
                break

    def handle_comment(self, data):
        self.keep(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.keep(f"<!{decl}>")

    def handle_pi(self, data):
        self.keep(f"<?{data}>")

    def unknown_decl(self, data):
        self.keep(f"<![{data}]>")


def link_terms(page_html: str, matcher: TermMatcher, glossary_href: str) -> tuple[str, int]:
    """Wrap the first occurrence per section of each term in a tooltip + link to the glossary.

    A section runs from one heading to the next, so a term is linked once however many paragraphs,
    lists and tables of the section mention it (a reader tabbing through the page meets it once).
    Returns the new HTML and the number of terms linked. Text inside headings, links, code,
    buttons, form controls and ``div.naipes-widget`` is left alone; everything else is copied as is.

    >>> m = term_matcher([{"id": "banca", "es": ["banca"], "definition": {"es": 'Quien "cubre" & paga'}}], "es")
    >>> out, n = link_terms('<h2>Banca</h2><p>La banca &amp; la banca.</p><p><code>banca</code></p>', m, "../glossary/")
    >>> print(out)
    <h2>Banca</h2><p>La <abbr class="naipes-term" title="Quien &quot;cubre&quot; &amp; paga"><a href="../glossary/#banca">banca</a></abbr> &amp; la banca.</p><p><code>banca</code></p>
    >>> out, n = link_terms('<p>banca</p><ul><li>banca</li></ul><h3>Otra</h3><p>La banca.</p>', m, "g/")
    >>> n, out.count("<abbr"), out.endswith('<h3>Otra</h3><p>La <abbr class="naipes-term" '
    ...                                     'title="Quien &quot;cubre&quot; &amp; paga"><a href="g/#banca">banca</a></abbr>.</p>')
    (2, 2, True)
    """
    parser = _TermLinker(matcher, glossary_href)
    parser.feed(page_html)
    parser.close()
    parser.flush()
    return "".join(parser.out), parser.count
