"""What a reader sees on the pages around the games (home, sources, phrasebook, glossary, contributing, 404):
the page speaks the reader's language and fits a phone (issue 25)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from site_helpers import LANGS, PAGES, PREFIX, page_url

#: every page but the games' (their widgets are tested with the games) and the API reference (generated)
READER_PAGES = tuple(p for p in PAGES if not p.startswith(("games/", "reference/")))
PHONE = {"width": 390, "height": 844}


class _Text(HTMLParser):
    """The text of an HTML document's <main>, and the languages its <html> and links declare."""

    def __init__(self) -> None:
        super().__init__()
        self.html_lang, self.depth, self.main, self.home_links = "", 0, [], {}
        self._link: dict[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "html":
            self.html_lang = values.get("lang", "")
        if tag == "main" or (self.depth and tag not in ("br", "img", "input", "meta", "link", "hr")):
            self.depth += 1
        if self.depth and tag == "a" and "hreflang" in values:
            self.home_links[values["hreflang"]] = values.get("href", "")

    def handle_endtag(self, tag):
        if self.depth and tag not in ("br", "img", "input", "meta", "link", "hr"):
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.main.append(data)


def test_the_404_page_is_in_the_default_language_and_tells_every_reader_in_theirs(site):
    # a host serves the one 404.html for a missing address in any language; the last language's build
    # (English) used to leave its page there, with Material's English heading
    parsed = _Text()
    parsed.feed((site / "404.html").read_text(encoding="utf-8"))
    text = " ".join("".join(parsed.main).split())
    assert parsed.html_lang == "es"
    assert "404 - Not found" not in text
    for words in ("Esta página no existe", "Aquesta pàgina no existeix", "This page does not exist"):
        assert words in text, text
    # each language's message links to that language's home page
    assert {lang: href.rstrip("/") + "/" for lang, href in parsed.home_links.items()} == \
        {lang: "/" + PREFIX[lang] for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_around_the_games_is_wider_than_a_phone(page, lang):
    page.set_viewport_size(PHONE)
    wide = {}
    for path in READER_PAGES:
        page.goto(page_url(lang, path), wait_until="domcontentloaded")
        # what sticks out of the page: an element whose right edge is past the viewport, outside the
        # boxes that scroll on their own (tables, code)
        found = page.evaluate("""() => {
            const width = document.documentElement.clientWidth, out = [];
            for (const e of document.querySelectorAll('.md-content *')) {
                const r = e.getBoundingClientRect();
                if (r.width && r.right > width + 1 && !e.closest('.md-typeset__scrollwrap, pre, .highlight'))
                    out.push(e.tagName.toLowerCase() + ': ' + (e.textContent || '').trim().slice(0, 40));
            }
            return {scrolls: document.documentElement.scrollWidth > width, out: out.slice(0, 3)};
        }""")
        if found["scrolls"] or found["out"]:
            wide[path] = found
    assert not wide, wide



#: what each language's navigation calls the phrasebook (mkdocs.yml: nav and the i18n nav_translations)
PHRASEBOOK_NAME = {"es": "frasario", "ca": "frasari", "en": "phrasebook"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_to_the_phrasebook_calls_it_by_its_name(site, lang):
    # the home pages called it "Recetario de expresiones" / "Receptari d'expressions": a reader looking
    # for it in the menu ("Frasario", "Frasari") did not find it
    named = PHRASEBOOK_NAME[lang]
    folder = site / PREFIX[lang] if PREFIX[lang] else site
    others = tuple(site / PREFIX[other] for other in LANGS if PREFIX[other] and other != lang)
    wrong = []
    for html_file in folder.rglob("index.html"):
        if html_file.is_relative_to(site / "reference") or any(html_file.is_relative_to(o) for o in others):
            continue
        text = html_file.read_text(encoding="utf-8")
        content = text[text.find('<article'):text.find('</article>')]
        for href, label in re.findall(r'<a href="([^"#]*phrasebook/)"[^>]*>(.*?)</a>', content, re.S):
            label = " ".join(re.sub(r"<[^>]+>", "", label).split())
            if named not in label.lower():
                wrong.append((html_file.relative_to(site).as_posix(), label))
    assert not wrong, wrong
