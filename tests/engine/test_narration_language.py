"""The narration's language, issue 26: Catalan adjectives agree with the card they follow, for every rank;
English pairs are named in words; the English Black Jack narration calls the croupier the dealer throughout."""

from __future__ import annotations

import re

import pytest

from naipes.core.cards import Card, SPANISH
from naipes.core.i18n import catalog, translate
from pathlib import Path

from naipes.core.narration import agreeing, card_gender, card_with_article

#: The Catalan card names' gender: "la jota", "la reina", "la sota" are feminine, every other rank masculine.
FEMININE = {"J", "Q", "S"}
FRENCH_RANKS = "A23456789TJQK"
SPANISH_RANKS = "1234567SCR"
#: Catalan and Spanish adjectives that agree with a card ("tapat", "tapada", "descobert", "boca arriba" does not).
ADJECTIVE = re.compile(r"^,?\s*(tapad[aeo]s?|tapats?|descobert[ae]?s?|descoberts|destapad[ae]s?|destapats?|"
                       r"girad[ae]s?|girats?|cremad[ae]s?|cremats?|descubiert[ao]s?)\b")


def card_sentences(lang: str):
    """Every catalog message that puts a card right before more words, as (msgid, the text after `{card}`)."""
    for msgid, msgstr in catalog(lang)._catalog.items():
        text = msgstr if isinstance(msgstr, str) else ""
        if isinstance(msgid, str) and "\x04" not in msgid and "{card}" in text:  # contexts: through `agreeing`
            yield msgid, text.split("{card}", 1)[1]


def all_cards():
    for rank in FRENCH_RANKS:
        yield Card(rank, "d")
    for rank in SPANISH_RANKS:
        yield Card(rank, "o", SPANISH)


@pytest.mark.parametrize("lang", ["ca", "es"])
def test_an_adjective_after_a_card_agrees_with_the_card_for_every_rank(lang):
    """Every catalog message with an adjective after `{card}` is narrated through `agreeing`, and for every card
    name the adjective's ending is the name's gender."""
    from naipes.core.narration import AGREEING
    checked = 0
    for msgid, _ in card_sentences(lang):
        for card in all_cards():
            named = card_with_article(card, lang)
            feminine = card.rank in FEMININE
            assert named.startswith("la ") == feminine, named
            text = agreeing(msgid, card, lang) if msgid in AGREEING else translate(msgid, lang)
            match = ADJECTIVE.match(text.split("{card}", 1)[1])
            if match:
                assert msgid in AGREEING, msgid
                word = match.group(1)
                assert word.endswith(("a", "as", "es")) == feminine, (msgid, named, word)
                checked += 1
    assert checked >= len(AGREEING) * 23


#: The adjective each agreeing sentence ends on, masculine and feminine, per language (the catalogs' words).
SIDE_WORDS = {"ca": {"face up": ("destapat", "destapada"), "face down": ("tapat", "tapada")},
              "es": {"face up": ("descubierto", "descubierta"), "face down": ("tapado", "tapada")}}


def every_card():
    for rank in FRENCH_RANKS:
        yield Card(rank, "d")
    for rank in SPANISH_RANKS:
        yield Card(rank, "o", SPANISH)


def test_every_agreeing_sentence_is_in_the_code():
    """The messages the catalogs give a feminine form are the ones the engine narrates with `agreeing`."""
    from naipes.core.narration import AGREEING
    engine = Path(__file__).resolve().parents[2] / "engine" / "naipes"
    code = "\n".join(path.read_text(encoding="utf-8") for path in engine.rglob("*.py"))
    for message in AGREEING:
        assert code.count(f'N_("{message}")') or code.count(f'N_(\n        "{message}")') or \
            message.split("{card}")[1] in code, message
    assert len(AGREEING) == 5


@pytest.mark.parametrize("lang", ["ca", "es"])
@pytest.mark.parametrize("message", [
    "Player {seat} receives {card}, face up.", "Player {seat} receives {card}, face down.",
    "Player receives {card}, face up.", "{hand} receives {card}, face up.", "The bank receives {card}, face up."])
def test_every_sentence_that_takes_a_card_agrees_with_every_card_name(lang, message):
    """Issue 26: "rep el rei de diamants, tapada" made every card feminine; the side now agrees with the name."""
    side = "face up" if "face up" in message else "face down"
    masculine, feminine = SIDE_WORDS[lang][side]
    for card in every_card():
        named = card_with_article(card, lang)
        female = card.rank in FEMININE                      # la jota, la reina, la sota
        assert card_gender(card, lang) == ("feminine" if female else "masculine"), named
        sentence = agreeing(message, card, lang).format(seat=1, card=named, hand="X")
        word = feminine if female else masculine
        assert sentence.endswith(f"{named}, {word}."), sentence
        assert translate(message, "en").format(seat=1, card="c", hand="X") == message.format(seat=1, card="c",
                                                                                               hand="X")


def test_the_narration_the_issue_quotes_agrees_in_catalan(capsys):
    from naipes.cli import main
    assert main(["deal", "circle-poker", "--seed", "2", "--lang", "ca"]) in (0, None)
    out = capsys.readouterr().out
    assert "El jugador 1 rep el rei de diamants, tapat." in out and ", tapada." not in out.split("rei")[1][:30]


def test_a_pair_is_named_in_words_in_every_language():
    from naipes.games.poker.trijoker import TRIJOKER
    for lang, words in (("en", "a pair of jacks"), ("es", "pareja de jotas"), ("ca", "parella de jotes")):
        (minimum,) = [p.value for p in TRIJOKER.presets.get("cat-2016").describe(lang) if p.key == "minimum"]
        assert minimum == words


@pytest.mark.parametrize("game", ["black-jack", "challenge-21"])
def test_the_english_black_jack_narration_says_dealer_never_croupier(game, capsys):
    from naipes.cli import main
    for seed in range(6):
        assert main(["deal", game, "--seed", str(seed), "--lang", "en"]) in (0, None)
    out = capsys.readouterr().out
    assert "dealer" in out and "croupier" not in out.lower()


def test_trijoker_narrates_the_common_cards_where_the_decree_places_them(capsys):
    """002 l.521: a player card, a common card face down, a second player card, another common card, the third."""
    from source_documents import normalised, source_text
    from naipes.cli import main
    assert normalised("Seguidament, col·loca un naip tapat a la casella situada davant d'ell a la seva esquerra. A "
                      "continuació, reparteix un segon naip tapat a cada jugador, i col·loca un altre naip tapat") in \
        normalised(source_text("002").splitlines()[520])
    main(["deal", "trijoker", "--seed", "3", "--lang", "en"])
    lines = capsys.readouterr().out.splitlines()
    steps = ["player" if line.startswith("The player receives") else "common" if "common card face down" in line
             else None for line in lines]
    assert [s for s in steps if s] == ["player", "common", "player", "common", "player"]


def test_go_poker_marks_the_decrees_minimum_as_interpretation(capsys):
    from naipes.cli import main
    main(["deal", "trijoker", "--preset", "go-poker", "--seed", "3", "--lang", "en"])
    out = capsys.readouterr().out
    assert "(the lowest winning hand is a pair of jacks; interpretation)" in out and "source 002" not in out


#: The issue's hand: a four-card 16 (4, A, 7, 4) against a jack; `naipes advise` gives stand -0.5735, hit -0.5793.
ISSUE_VALUES = {"stand": "-0.5735", "hit": "-0.5793"}
EXACT_BEST = {"en": "the exact best is to stand: {best} per unit against {chart}",
              "es": "la mejor opción exacta es plantarse: {best} por unidad frente a {chart}",
              "ca": "la millor opció exacta és plantar-se: {best} per unitat davant de {chart}"}
FOLLOWS_CHART = {"en": "the basic strategy chart the engine derives for these rules",
                 "es": "la tabla de estrategia básica que el motor deduce para estas reglas",
                 "ca": "la taula d’estratègia bàsica que el motor dedueix per a aquestes regles"}


@pytest.mark.parametrize("lang", ["en", "es", "ca"])
def test_the_challenge_21_coup_follows_the_chart_and_names_the_exact_best_with_both_values(lang, capsys):
    """Issue 26: the coup hits the four-card 16 by the chart; the narration says so and gives the advice's values."""
    import json
    from naipes.cli import main
    assert main(["advise", "challenge-21", "--cards", "4h Ac 7c 4c", "--dealer", "J", "--json"]) in (0, None)
    advice = json.loads(capsys.readouterr().out)
    assert advice["best"] == "stand"
    values = {name: f"{advice['actions'][name]['value']:.4f}" for name in ("stand", "hit")}
    assert values == ISSUE_VALUES
    assert main(["deal", "challenge-21", "--seed", "6", "--lang", lang]) in (0, None)
    lines = capsys.readouterr().out.splitlines()
    (hit,) = [line for line in lines if "16" in line and FOLLOWS_CHART[lang] in line]
    point = "." if lang == "en" else ","
    expected = EXACT_BEST[lang].format(best=values["stand"].replace(".", point),
                                       chart=values["hit"].replace(".", point))
    assert expected in hit, hit


def test_a_chart_decision_that_is_the_exact_best_names_nothing_more(capsys):
    from naipes.cli import main
    assert main(["deal", "challenge-21", "--seed", "1", "--lang", "en"]) in (0, None)
    out = capsys.readouterr().out
    assert "stands on soft 20 (the basic strategy chart the engine derives for these rules; interpretation)" in out
    assert "exact best" not in out
