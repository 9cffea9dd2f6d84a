"""An interpretation names an option by its declaration, never by the engine's identifier (issues 24 and 25).

The msgids say "(option tie_pays)" so that `Rules.named_fields` knows what they decide; the reader sees the
option's label in the page's language and the command-line flag that sets it ("*El empate paga* — `--tie-pays`"),
on the sources page (the `interpretations` widget) and under every presets table.
"""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from lxml import html as lxml_html

from naipes.core.i18n import translate
from naipes.core.options import by_name
from naipes.games import registry
from naipes.widgets import render

LANGS = ("es", "ca", "en")
#: Rules fields that interpretations name but that no `Option` declares yet, so they have no label nor flag to
#: show (issue 24: every field a regulation leaves open becomes an option). The list can only shrink.
PENDING: set[tuple[str, str]] = set()
#: An option named in an English msgid: the words after "option(s)" up to the closing parenthesis.
MENTION = re.compile(r"\b[Oo]ptions? ([^()]*)")
#: The names a mention lists ("option decks, 1 to 8", "options commission and tie_pays", "options double: any, …;
#: double_after_split"): the first word of each item before a colon or semicolon ("option" names one item only).
NAMED = re.compile(r"\b[Oo]ption(s?)(?: of conduct)? ([^()]*)")
WORD = re.compile(r"[a-z][a-z0-9_.-]*[a-z0-9]")
#: Words an interpretation names after "option(s)" that no `Option` of its game declares yet (issue 24: conduct
#: choices and rules fields of the baccarat family). The list can only shrink.
PLAIN_PENDING: set[tuple[str, str]] = set()


def named_words(message: str) -> list[str]:
    """The words `message` names as options.

    Examples:
        >>> named_words("(option decks, 1 to 8) and (options double: any or none; double_after_split)")
        ['decks', 'double']
        >>> named_words("the tie (options commission and tie_pays); Option cut: croupier cuts")
        ['commission', 'tie_pays', 'cut']
    """
    words = []
    for found in NAMED.finditer(message):
        head = re.split(r"[:;]", found.group(2))[0]
        for item in re.split(r",\s*|\s+and\s+", head) if found.group(1) else [head]:
            word = WORD.match(item.strip())
            if word:
                words.append(word.group())
    return words


def identifiers(game) -> set[str]:
    """The engine's names of a game's options and rules fields that no reader would write as words."""
    names: set[str] = set()
    for rules in game.presets.values():
        names |= {f.name for f in fields(rules)} | {o.name for o in rules.OPTIONS} | {o.field for o in rules.OPTIONS}
    return {name for name in names if "_" in name}


def named_options(game, message: str):
    options = game.presets.default.OPTIONS
    words = [w for m in MENTION.finditer(message) for w in re.findall(r"[a-z][a-z0-9_.-]*[a-z0-9]", m.group(1))]
    return [o for o in (by_name(options, w) for w in words) if o is not None]


def rows(lang: str):
    page = lxml_html.fromstring(render({"widget": "interpretations", "family": "all"}, lang))
    for game in registry.all_games():
        tables = page.xpath(f'//table[@data-naipes-game="{game.id}"]')
        assert len(tables) == 1, game.id
        cells = tables[0].xpath("./tbody/tr/td[1]")
        messages = list(dict.fromkeys(m for rules in game.presets.values() for m in rules.interpretations))
        assert len(cells) == max(len(messages), 1), game.id
        yield from ((game, message, cell) for message, cell in zip(messages, cells))


@pytest.mark.parametrize("lang", LANGS)
def test_every_interpretation_shows_an_option_by_its_label_and_flag_not_by_its_engine_name(lang):
    wrong, pending_seen = [], set()
    for game, message, cell in rows(lang):
        text = cell.text_content()
        shown = sorted(name for name in identifiers(game) if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text))
        flags = [c.text for c in cell.xpath(".//code")]
        declared = {o.flag for o in game.presets.default.OPTIONS} | {name for g, name in PENDING if g == game.id}
        pending_seen |= {(game.id, name) for name in [*shown, *flags] if (game.id, name) in PENDING}
        shown = [name for name in shown if (game.id, name) not in PENDING]
        for option in named_options(game, message):
            if translate(option.label, lang) not in text or option.flag not in flags:
                wrong.append((game.id, option.name, "label or flag missing", text[-90:]))
        if shown or not set(flags) <= declared:
            wrong.append((game.id, shown, [f for f in flags if f not in declared], text[-90:]))
    assert not wrong, "\n".join(map(str, wrong))
    assert not PENDING - pending_seen, f"declared or no longer named: remove {sorted(PENDING - pending_seen)} from PENDING"


def test_every_word_named_after_option_is_an_option_of_that_game():
    unknown, pending_seen = [], set()
    for game in registry.all_games():
        options = game.presets.default.OPTIONS
        for message in dict.fromkeys(m for rules in game.presets.values() for m in rules.interpretations):
            for word in named_words(message):
                if by_name(options, word) is not None:
                    continue
                if (game.id, word) in PLAIN_PENDING:
                    pending_seen.add((game.id, word))
                else:
                    unknown.append((game.id, word, message[:90]))
    assert not unknown, "declare an Option or reword:\n" + "\n".join(map(str, unknown))
    assert not PLAIN_PENDING - pending_seen, f"remove {sorted(PLAIN_PENDING - pending_seen)} from PLAIN_PENDING"
