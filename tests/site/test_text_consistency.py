"""The words readers see, checked where they are written (the pages' Markdown, the gettext catalogs) and
where they end up (the engine's HTML, the built pages): one word for a rules preset per language (es
"preajuste", ca "preconfiguració", en "preset"), one form of address (es "tú", ca "tu"), numbers that agree
with their nouns, no code identifiers in the prose, the Catalan menu in Catalan, a footer in the page's
language.

The pages and engine modules checked are those of the games the site had before the poker games and Treinta
y Cuarenta (their folders are being written; add them to the lists when they are done).
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

import pytest
from babel.messages.pofile import read_po
from lxml import html as lxml_html

from naipes import widgets

from site_helpers import LANGS, ROOT, page_url

PAGES = ("index.md", "sources.md") + tuple(
    f"games/{name}.md" for name in ("punto-banca", "mini-midi", "mini-bacara", "chemin-de-fer", "dos-panos",
                                    "siete-y-medio", "comparison"))
#: the engine code of those games (and the shared code): where their catalog entries come from
ENGINE_PARTS = ("engine/naipes/core/", "engine/naipes/web/", "engine/naipes/cli.py", "engine/naipes/widgets.py",
                "engine/naipes/games/registry.py", "engine/naipes/games/baccarat/", "engine/naipes/games/siete_y_medio/")

#: words a language does not use for a rules preset, and the forms of address it does not use (the reader is
#: "tú" in Spanish, "tu" in Catalan)
NOT_SAID = {
    "es": [r"\bpreconfiguraci\w*", r"\bpreselecci\w*", r"\bperfil(es)?\b", r"\bpresets?\b",
           r"\b(usted|ustedes|elija|pulse|escriba|introduzca|seleccione|utilice|consulte|vuelva a cargar)\b",
           r"\buse\b", r"\ble quedar\w*"],
    "ca": [r"\bpreajust\w*", r"\bperfils?\b", r"\bpresets?\b",
           r"\b(vostè|vostès|vostre|vostra|feu|trieu|premeu|vegeu|escriviu|useu|torneu|consulteu|seleccioneu)\b",
           r"\bus (quedarien|queda|cal)\b", r"\w+[éè]ssiu\b"],
    "en": [r"\bpreconfiguration\w*", r"\bprofiles?\b"],
}
IDENTIFIER = re.compile(r"^[a-z][a-z0-9]*(?:[._][a-z0-9]+)*_[a-z0-9]+$|^[a-z]+\.[a-z_]+$")
#: "1" before a plural noun: a number that does not agree ("de 1 baralles")
ONE_PLURAL = re.compile(r"(?<![\d.,])1 (barajas|baralles|decks|asientos|seients|seats|manos|mans|hands|casillas|"
                        r"caselles|boxes|jugadores|jugadors|players|cartas|cartes|cards)\b")


def prose(markdown: str) -> list[tuple[int, str]]:
    """The lines of a page a reader reads as text: no front matter, no fenced blocks (code, widgets)."""
    lines, fenced = [], False
    body = re.sub(r"\A---\n.*?\n---\n", lambda m: "\n" * m.group(0).count("\n"), markdown, flags=re.S)
    for number, line in enumerate(body.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, line))
    return lines


def catalog_messages(lang: str):
    """(msgid, msgstr) of the catalog entries the checked engine code uses, plural forms one by one."""
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "naipes.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    for message in catalog:
        if not message.id or not any(path.startswith(ENGINE_PARTS) for path, _ in message.locations):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if text:
                yield message.id, text


@pytest.mark.parametrize("lang", LANGS)
def test_one_word_for_a_preset_and_one_form_of_address(lang):
    found = []
    for page in PAGES:
        text = "\n".join(line for _, line in prose((ROOT / "docs" / lang / page).read_text(encoding="utf-8")))
        text = re.sub(r"`[^`]*`|«[^»]*»", "", text)  # names in code are names; a quoted source says what it says
        found += [(page, text[max(m.start() - 40, 0):m.end()]) for pat in NOT_SAID[lang] for m in re.finditer(pat, text)]
    if lang != "en":
        for msgid, text in catalog_messages(lang):
            text = re.sub(r"\{[^}]*\}", "", text)  # {preset} is a placeholder, not a word
            found += [(msgid[:60], m.group(0)) for pat in NOT_SAID[lang] for m in re.finditer(pat, text)]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_prose_names_no_code_identifiers(lang):
    found = []
    for page in PAGES:
        for number, line in prose((ROOT / "docs" / lang / page).read_text(encoding="utf-8")):
            found += [(page, number, code) for code in re.findall(r"`([^`]+)`", line) if IDENTIFIER.match(code)]
    assert found == []


#: widgets of the checked games that count decks, with 1 deck (the smallest the reader may choose)
ONE_DECK = [
    ({"widget": "tableau", "game": "punto-banca", "decks": "1"}, ("select", "5:4")),
    ({"widget": "odds", "game": "punto-banca", "decks": "1"}, None),
    ({"widget": "odds", "game": "mini-bacara", "decks": "1"}, None),
    ({"widget": "odds", "game": "mini-punto-banca", "decks": "1"}, None),
    ({"widget": "odds", "game": "chemin-de-fer", "decks": "1"}, None),
]


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_agree_with_their_nouns(lang):
    for spec, action in ONE_DECK:
        html = widgets.render(spec, lang)
        if action:
            state = lxml_html.fragment_fromstring(html).get("data-naipes-state")
            html = widgets.handle(state, *action)
        text = " ".join(lxml_html.fragment_fromstring(html).text_content().split())
        assert " 1 " in text, (spec, "the widget says how many decks it uses")
        assert ONE_PLURAL.findall(text) == [], (spec, lang, ONE_PLURAL.findall(text))


def h1(site, lang: str, page: str) -> str:
    doc = lxml_html.fromstring((site / page_url(lang, page) / "index.html").read_text(encoding="utf-8"))
    return " ".join(doc.xpath("//article//h1")[0].text_content().replace("¶", "").split())


@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_names_each_page_as_its_title_does_and_the_footer_speaks_the_language(site, lang):
    doc = lxml_html.fromstring((site / page_url(lang, "games/punto-banca.md") / "index.html").read_text(encoding="utf-8"))
    here = "http://site/" + page_url(lang, "games/punto-banca.md")
    labels = {}
    for a in doc.xpath('//nav[contains(@class,"md-nav--primary")]//a[contains(@class,"md-nav__link")][@href]'):
        path = urlsplit(urljoin(here, a.get("href"))).path.lstrip("/")
        labels.setdefault(path, " ".join(a.text_content().split()))
    for page in PAGES[1:]:  # the home page is "Inicio" in the menu, "Naipes" in its title
        label = labels[page_url(lang, page)]
        assert label.casefold() in h1(site, lang, page).casefold(), (lang, page, label, h1(site, lang, page))
    footer = " ".join(doc.xpath('//footer//*[contains(@class,"md-copyright")]')[0].text_content().split())
    assert footer == {"es": "Naipes · Hecho con MkDocs y Material for MkDocs",
                      "ca": "Naipes · Fet amb MkDocs i Material for MkDocs",
                      "en": "Naipes · Made with MkDocs and Material for MkDocs"}[lang]


def _typed_option_values() -> dict[str, set[str]]:
    """Every rules option's typed value that is a word (`turned-card`, `peek`), by the games declaring it."""
    from naipes.games import registry

    found: dict[str, set[str]] = {}
    for game in registry.all_games():
        for option in game.presets.default.OPTIONS:
            for value in option.values:
                if re.search("[a-z]", value):
                    found.setdefault(value, set()).add(f"{game.id} {option.flag}")
    return found


#: Typed values that are also words of the language, shown as such ("no" in Spanish and Catalan).
SAME_WORD = {"es": {"no"}, "ca": {"no"}, "en": {"no", "yes", "none", "all", "any", "half", "draw", "stand", "hit",
                                                 "peek", "final", "finish", "lost", "void", "player", "original",
                                                 "classic", "prison", "croupier", "stays"}}


@pytest.mark.parametrize("lang", LANGS)
def test_no_select_shows_a_rules_option_s_typed_value_for_its_words(site, lang):
    """A select's choice reads as words of the page's language ("no se quema ninguna carta"), never as the value
    the command line types (`none`, `turned-card`): every option names its values (`Option.names`) or the
    widget does."""
    typed = _typed_option_values()
    prefix = "" if lang == LANGS[0] else f"{lang}/"
    shown = []
    for path in sorted((site / prefix).glob("**/index.html")):
        if lang == LANGS[0] and path.relative_to(site).parts[0] in LANGS:
            continue
        for choice in lxml_html.parse(str(path)).getroot().iter("option"):
            text = choice.text_content().strip()
            if text in typed and text not in SAME_WORD[lang]:
                shown.append(f"{path.relative_to(site)}: {text!r} ({', '.join(sorted(typed[text]))})")
    assert not shown, "\n".join(sorted(set(shown)))
