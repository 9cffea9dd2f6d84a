"""Every quotation on the rules pages and the sources pages is verbatim from the source it is attributed to.

The rule, in full (it is what the pages follow):

* **Pages**: `docs/{es,ca,en}/games/*.md` and `docs/{es,ca,en}/sources.md`.
* **Blocks**: a page is read block by block — a paragraph, a list item (with its continuation lines), a
  table row, a heading. Fenced code (the `naipes` widget blocks), inline code and the titles of
  admonitions (`!!! note "Interpretación"`) are not text of the page and are left out.
* **Attribution**: a block is attributed to the sources it names by number — "fuente 000", "fuentes 000
  y 002", "font 002", "source 004", "sources 000 and 002" — and, on a sources page, to the source of the
  section it is in ("## Fuente 001 — …"). A block that names no source is the site's own prose: its
  quotation marks are not checked.
* **Quotations**: the outermost `«…»`, `“…”` and `"…"` of an attributed block (nested quotation marks are part
  of the outer quotation; a straight `"` opens after a space, an opening bracket or the start of the
  block, and closes before a space, punctuation or the end of the block). Every quotation of an
  attributed block must be a passage of one of the sources the block names. The site writes its own
  terms and English glosses in italics or between single quotes (‘…’), never in «…» or "…".
* **Verbatim, modulo typography**: runs of whitespace are one space, and a space before `,;.:)` (the
  extracted sources often have one) is none; the kind of quotation marks
  inside the passage («», "", “”) and the apostrophe (’ or ') do not matter, but inner quotation marks
  must be there («pases de aire» does not quote 'Pases de "aire"'); a quotation may leave out
  words where it shows an ellipsis (… or [...]), each piece being checked on its own; trailing
  punctuation (`.,;:`) and the case of the first letter do not matter. A passage starts and ends on
  whole words («salta» is not a quotation of "ha saltat"). Nothing else is tolerated.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SOURCES = ROOT / "data" / "sources"
LANGS = ("es", "ca", "en")

PAGES = sorted([p for lang in LANGS for p in (DOCS / lang / "games").glob("*.md")]
               + [DOCS / lang / "sources.md" for lang in LANGS])

#: "fuente 000", "fuentes 000 y 002", "font 002", "fonts 000 i 002", "source 004", "sources 000 and 002".
NAMED = re.compile(r"\b(?:fuentes?|fonts?|sources?|seeds?)\s+(\d{3}(?:\s*(?:,|y|i|and|or|o|e|/|-)\s*\d{3})*)",
                   re.IGNORECASE)
SECTION = re.compile(r"^#{1,6}\s+(?:fuente|font|source)\s+(\d{3})\b", re.IGNORECASE)
OPENERS = " \t\n([{«“—/–"


def source_text(number: str) -> str:
    (path,) = SOURCES.glob(f"{number}_*.txt")
    return normalise(path.read_text(encoding="utf-8"))


def normalise(text: str) -> str:
    """Whitespace as one space, one apostrophe, one kind of double quotation mark."""
    text = text.replace("’", "'").replace("‘", "'")
    text = re.sub(r"[«»“”]", '"', text)
    text = re.sub(r"\s+([,;.:)])", r"\1", text)  # the extracted sources often put a space before punctuation
    return re.sub(r"\s+", " ", text).strip()


TEXTS = {n: source_text(n) for n in ("000", "001", "002", "003", "004")}


def blocks(markdown: str):
    """(first line number, text, section source) of every block of a page, without code and admonition titles."""
    lines = markdown.splitlines()
    in_fence = False
    section = None
    current: list[str] = []
    start = 0
    out = []

    def flush():
        if current:
            out.append((start, "\n".join(current), section))
        current.clear()

    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            flush()
            continue
        if in_fence:
            continue
        stripped = line.strip()
        heading = stripped.startswith("#")
        if heading:
            flush()
            match = SECTION.match(stripped)
            section = match.group(1) if match else (section if stripped.startswith("###") else None)
        if not stripped:
            flush()
            continue
        if stripped.startswith("!!!"):  # an admonition's title is markup, not text
            flush()
            continue
        starts_item = re.match(r"^\s*(?:[-*+]|\d+\.)\s", line) or stripped.startswith("|") or heading
        if starts_item:
            flush()
        if not current:
            start = number
        current.append(re.sub(r"`[^`]*`", "", line))
        if heading or stripped.startswith("|"):
            flush()
    flush()
    return out


def quotations(text: str) -> list[str]:
    """The outermost «…», “…” and "…" of a block (see the module's rule); raises on unbalanced marks."""
    stack: list[tuple[str, int]] = []
    found = []
    n = len(text)
    for i, ch in enumerate(text):
        prev = text[i - 1] if i else " "
        nxt = text[i + 1] if i + 1 < n else " "
        if ch in "«“":
            stack.append((ch, i))
        elif ch in "»”":
            opener = "«" if ch == "»" else "“"
            if not stack or stack[-1][0] != opener:
                raise ValueError(f"{ch} without {opener}: {text!r}")
            _, j = stack.pop()
            if not stack:
                found.append(text[j + 1:i])
        elif ch == '"':
            closes = bool(stack) and stack[-1][0] == '"' and not prev.isspace() and (
                nxt.isspace() or nxt in ".,;:!?)]}»”—–/*\"-" or i + 1 == n)
            if closes:
                _, j = stack.pop()
                if not stack:
                    found.append(text[j + 1:i])
            elif prev in OPENERS or prev.isspace() or not nxt.isspace():
                stack.append(('"', i))
            else:
                raise ValueError(f"a stray straight quote at {i}: {text!r}")
    if stack:
        raise ValueError(f"unclosed quotation mark: {text!r}")
    return found


def pieces(quote: str) -> list[str]:
    """The passages of a quotation: split at ellipses, without Markdown emphasis or trailing punctuation."""
    quote = quote.replace("**", "").replace("\\", "")
    parts = re.split(r"\[\s*(?:…|\.\.\.)\s*\]|…|\.\.\.", quote)
    out = []
    for part in parts:
        part = normalise(part).strip(" .,;:")
        if part:
            out.append(part)
    return out


def found_in(piece: str, text: str) -> bool:
    """`piece` is a passage of `text`: whole words at both ends (the first letter's case aside)."""
    for variant in {piece, piece[:1].swapcase() + piece[1:]}:
        start = r"(?<!\w)" if variant[:1].isalnum() else ""
        end = r"(?!\w)" if variant[-1:].isalnum() else ""
        if variant in text and re.search(start + re.escape(variant) + end, text):
            return True
    return False


def attributed_quotes(page: Path):
    for line, text, section in blocks(page.read_text(encoding="utf-8")):
        named = {n for group in NAMED.findall(text) for n in re.findall(r"\d{3}", group)}
        if section:
            named.add(section)
        named &= set(TEXTS)
        if not named:
            continue
        for quote in quotations(text):
            yield line, quote, sorted(named)


def test_the_extraction_rule():
    text = ('El crupier dice «hay … euros en la banca» y el título «Ampliación de "punto y Banca"» '
            '(fuente 000); en inglés "Ampliación de "punto y Banca" al juego" y "x".')
    assert quotations(text) == ["hay … euros en la banca", 'Ampliación de "punto y Banca"',
                                'Ampliación de "punto y Banca" al juego', "x"]
    assert quotations('deals “dos cartas, boca abajo, a cada "mano"”, then “x”') == [
        'dos cartas, boca abajo, a cada "mano"', "x"]
    assert pieces("hay … euros en la banca") == ["hay", "euros en la banca"]
    assert blocks("# T\n\n- a «b»\n  c\n- d\n\n```naipes\nwidget: x\n```\n| e | «f» |\n") == [
        (1, "# T", None), (3, "- a «b»\n  c", None), (5, "- d", None), (10, "| e | «f» |", None)]
    assert {n for g in NAMED.findall("(fuentes 000 y 002; font 003, source 004)") for n in re.findall(r"\d{3}", g)} \
        == {"000", "002", "003", "004"}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.parent.name if p.parent.name == 'games' else p.parent.name}/"
                         f"{p.parent.name + '/' if p.parent.name == 'games' else ''}{p.name}")
def test_every_quotation_attributed_to_a_source_is_verbatim(page):
    problems = []
    count = 0
    for line, quote, named in attributed_quotes(page):
        count += 1
        for piece in pieces(quote):
            if not any(found_in(piece, TEXTS[n]) for n in named):
                problems.append(f"line {line}: «{quote}» is not in source {' or '.join(named)}")
                break
    assert not problems, "\n".join(problems)
    if page.name != "comparison.md":
        assert count, "a rules page quotes its sources"


#: Promises of a page to come: every game the pages name has its page now.
STALE = re.compile(r"tendrá (?:su )?(?:propia )?página|página propia|tindrà pàgina|pàgina pròpia\.|will get (?:a|its) "
                   r"(?:own )?page|page of its own|will be described|se describirá|es descriurà", re.IGNORECASE)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_no_page_promises_a_page_to_come(page):
    text = page.read_text(encoding="utf-8")
    assert not STALE.findall(text), STALE.findall(text)
