"""Every preset of every game against the sources: verbatim citations, none from spam, interpretations listed.

Source 001 mixes spam into the regulation: whole lines of keywords with deliberate misspellings ("Apuestas
Cartas Juego", "Soporte técnico para fanáticos de videojuegos", "Apuestas en eventos en directo", casino
advertisements "en Betsafe"). The sources page says that no rule is taken from a line with spam; here a
citation of source 001 must be found inside one line that has none of those marks.
"""

from __future__ import annotations

import re

import pytest
from lxml import html as lxml_html

from source_documents import SOURCES, normalised, source_text

from naipes import widgets
from naipes.games import registry
from naipes.games.catalogue import interpretations_by_game

SPAM_MARKS = ("Apuestas Cartas Juego", "Soporte técnico para fanáticos", "Apuestas en eventos en directo",
              "Betsafe", "Apuewtas")
PRESETS = [(game.id, name, rules) for game in registry.all_games() for name, rules in game.presets.items()]


def clean_lines_001() -> list[str]:
    (path,) = SOURCES.glob("001_*.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    return [normalised(line) for line in lines if not any(mark in line for mark in SPAM_MARKS)]


CLEAN_001 = clean_lines_001()


def test_the_spam_marks_find_the_spam_lines_and_only_them():
    (path,) = SOURCES.glob("001_*.txt")
    lines = path.read_text(encoding="utf-8").splitlines()
    spam = [n for n, line in enumerate(lines, 1) if any(mark in line for mark in SPAM_MARKS)]
    assert 172 in spam and 173 in spam and len(spam) < 20
    assert not any("En el Baccarat, el jugador que haya efectuado la mayor apuesta" in lines[n - 1] for n in spam)


@pytest.mark.parametrize("game, name, rules", PRESETS, ids=[f"{g}:{n}" for g, n, _ in PRESETS])
def test_every_citation_is_verbatim_and_none_comes_from_spam(game, name, rules):
    assert rules.citations, "a preset cites its sources"
    for citation in rules.citations:
        quote = normalised(citation.quote)
        assert quote in normalised(source_text(citation.source)), citation
        if citation.source == "001":
            assert any(quote in line for line in CLEAN_001), f"{citation.quote!r} is only in a spam line of 001"


def test_the_ludoteka_end_of_game_is_an_interpretation():
    from naipes.games.siete_y_medio.rules import FIXED_HANDS_READING, FIXED_NUMBER_OF_HANDS, PRESETS as SIETE
    assert FIXED_NUMBER_OF_HANDS.interpretation
    assert FIXED_HANDS_READING in SIETE.get("ludoteka").interpretations
    assert not any("fijado de manos" in c.quote for c in SIETE.get("ludoteka").citations)


def test_who_banks_and_who_deals_follow_the_classifier_and_the_sheet():
    from naipes.games.baccarat.punto_banca.rules import MIDI_PRESETS, MINI_PRESETS, PLAYER_HOLDS_THE_BANK, PRESETS

    def banks(rules):
        return {p.key: p.value for p in rules.describe("en")}["banks"]

    classifier = PRESETS.get("clasificador-bo-cl")
    assert banks(classifier) == "a player" and PLAYER_HOLDS_THE_BANK in classifier.interpretations
    assert "uno de los jugadores toma el banco" in " ".join(c.quote for c in classifier.citations)
    for rules in (MINI_PRESETS.get("clasificador-bo-cl-mini"), MIDI_PRESETS.get("clasificador-bo-cl-midi"),
                  PRESETS.get("catalogo-es"), PRESETS.get("hoja-baccarat")):
        assert banks(rules) == "the house"
        assert PLAYER_HOLDS_THE_BANK not in rules.interpretations
    sheet = PRESETS.get("hoja-baccarat")
    assert sheet.dealer == "croupier" and any("who deals" in m for m in sheet.interpretations)


def test_the_sources_page_widget_lists_every_interpretation_of_every_preset():
    html = widgets.render({"widget": "interpretations", "family": "all"}, "en")
    root = lxml_html.fragment_fromstring(html, create_parent="div")
    by_game = interpretations_by_game()
    assert list(by_game) == list(registry.ids())
    for game in registry.all_games():
        (table,) = root.xpath(f'.//table[@data-naipes-game="{game.id}"]')
        shown = [" ".join(td.text_content().split()) for td in table.xpath(".//tbody/tr/td[1]")]
        for option in game.presets.default.OPTIONS:  # an option is shown as "Label — --flag" (issue 25), named here
            shown = [text.replace(f"{option.label} — {option.flag}", option.name) for text in shown]
        expected = {m for rules in game.presets.values() for m in rules.interpretations}
        assert {" ".join(m.split()) for m in expected} == set(shown) or not expected
        titles = {game.presets.title(name) for name in game.presets}
        for row in table.xpath(".//tbody/tr[td[2]]"):
            names = row.xpath("string(td[2])").split("; ")
            assert names and set(names) <= titles
    es = widgets.render({"widget": "interpretations", "family": "all"}, "es")
    assert "Qué decide el motor" in es and 'data-naipes-static="true"' in es


def test_the_sources_pages_show_the_interpretations_widget():
    from pathlib import Path
    docs = Path(__file__).resolve().parents[3] / "docs"
    for lang in ("es", "ca", "en"):
        text = (docs / lang / "sources.md").read_text(encoding="utf-8")
        assert re.search(r"```naipes\nwidget: interpretations\nfamily: all\n```", text), lang
