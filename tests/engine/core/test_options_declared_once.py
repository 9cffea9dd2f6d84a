"""Every rules option is declared once (`core.options.Option` on the rules class) and every surface derives from it.

The command line's flags, the per-verb parsers, the widgets' selects and the page's options table are checked
against the declarations here; a second declaration of an option's text anywhere in the engine fails.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from lxml import html as lxml_html

from naipes import cli
from naipes.core.errors import NaipesError, RulesError
from naipes.games import registry
from naipes.widgets import parse_spec, render

ENGINE = Path(cli.__file__).resolve().parent
GAMES = registry.all_games()
OPTIONS = sorted({(game.id, option.name) for game in GAMES for option in game.options})


def _option(game_id: str, name: str):
    return next(option for option in registry.game(game_id).options if option.name == name)


def _rules_verbs(game) -> set[str]:
    """The verbs of `game` that read its rules (a verb about no game, `rank`, reads none)."""
    verbs = {"deal", "shoe", *(["analyze"] if game.analysis else [])}
    for verb, target in game.commands.items():
        if verb not in getattr(importlib.import_module(target.partition(":")[0]), "GAMELESS", ()):
            verbs.add(verb)
    return verbs


def _string_constants() -> list[str]:
    """Every string literal of the engine's source (implicitly joined literals are one constant)."""
    found = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append(node.value)
    return found


def test_every_game_declares_its_options_on_its_rules_class_only():
    for game in GAMES:
        rules_class = type(game.presets.default)
        assert game.options is rules_class.OPTIONS
        assert all(type(rules).OPTIONS is rules_class.OPTIONS for rules in game.presets.values())
        names = [option.name for option in game.options]
        flags = [option.flag for option in game.options]
        assert len(set(names)) == len(names) and len(set(flags)) == len(flags), game.id


def test_no_option_text_is_written_twice_in_the_engine():
    constants = _string_constants()
    for text in sorted({option.help for game in GAMES for option in game.options}):
        assert constants.count(text) == 1, f"the option help {text!r} is written {constants.count(text)} times"


def test_no_verb_re_declares_an_option_of_its_game():
    for game in GAMES:
        own = {option.flag: option for option in game.options}
        for verb, target in game.commands.items():
            module = importlib.import_module(target.partition(":")[0])
            for flag, help_text, *_ in getattr(module, "ARGUMENTS", {}).get(verb, ()):
                if flag in own:  # a verb's parameter of the same name must mean something else (its own text)
                    assert help_text != own[flag].help, (game.id, verb, flag)


@pytest.mark.parametrize("game_id, name", OPTIONS)
def test_each_option_reaches_every_verb_of_its_game_and_reads_each_value_it_offers(game_id, name):
    game, option = registry.game(game_id), _option(game_id, name)
    for verb in _rules_verbs(game):
        assert option.flag in cli.declared_flags(game, verb), (verb, option.flag)
    parser = cli.build_parser("en")
    read = 0
    for value in option.values or (option.show(getattr(game.presets.default, option.field)),):
        args = parser.parse_args(["deal", game_id, option.flag, value])
        try:
            rules = game.rules_from(args)
        except RulesError:  # a value the option takes that the preset's own limits refuse (4 players at least)
            continue
        read += 1
        if option.field:
            assert getattr(rules, option.field) == option.read(value)
    assert read, "no value the option offers is read"


@pytest.mark.parametrize("game_id, name", OPTIONS)
def test_each_presets_value_shown_reads_back_to_the_same_value(game_id, name):
    option = _option(game_id, name)
    if not option.field:
        return
    for rules in registry.game(game_id).presets.values():
        value = getattr(rules, option.field)
        assert option.read(option.show(value)) == value, (rules.name, value)


@pytest.mark.parametrize("game_id, name", OPTIONS)
def test_a_value_an_option_does_not_offer_is_one_translated_line_with_status_2(game_id, name, capsys):
    option = _option(game_id, name)
    if not option.values:
        return
    bad = "zz" + option.values[-1]
    assert cli.main(["deal", game_id, option.flag, bad, "--lang", "ca"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("naipes: ") and "Traceback" not in err
    with pytest.raises(NaipesError):
        option.read(bad)


def test_an_option_of_another_game_is_refused_in_every_verb():
    every = cli.rules_options()
    for game in GAMES:
        own = {option.flag for option in game.options}
        for flag in sorted(set(every) - own):
            for verb in _rules_verbs(game):
                assert flag not in cli.declared_flags(game, verb), (game.id, verb, flag)


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
@pytest.mark.parametrize("game_id", sorted({game.id for game in GAMES if game.options}))
def test_the_options_table_lists_every_declared_option_with_each_presets_value(game_id, lang):
    game = registry.game(game_id)
    page = lxml_html.fromstring(render(parse_spec(f"widget: options\ngame: {game_id}"), lang))
    rows = page.xpath("//tr[@data-naipes-option]")
    assert [row.get("data-naipes-option") for row in rows] == [option.name for option in game.options]
    presets = list(game.presets.values())
    assert page.xpath("//th/@data-naipes-preset") == [rules.name for rules in presets]
    for row, option in zip(rows, game.options):
        cells = [cell.text_content() for cell in row.xpath("./td")]
        assert cells[0] == option.flag
        shown = cells[2:]
        for rules, text in zip(presets, shown):
            expected = getattr(rules, option.field) if option.field else option.read(option.values[0])
            assert (option.read(text) == expected if option.field else text == option.values[0])


def test_the_widgets_selects_of_an_option_send_what_its_reader_reads():
    from naipes.core.options import DECKS
    from naipes.web.html import option_select, read_option
    select = lxml_html.fromstring(option_select(DECKS, 6, "ca", (1, 6, 8)))
    assert select.xpath("string(.//span)") == "Baralles"
    sent = select.xpath(".//select/@data-naipes-action")[0]
    assert sent == DECKS.flag[2:]
    assert [read_option(DECKS, value, (1, 6, 8)) for value in select.xpath(".//option/@value")] == [1, 6, 8]
    with pytest.raises(NaipesError):
        read_option(DECKS, "7", (1, 6, 8))


def test_the_help_of_every_command_line_option_is_a_declaration_of_that_flag():
    declared: dict[str, set[str]] = {}
    for game in GAMES:
        for option in game.options:
            declared.setdefault(option.flag, set()).add(option.help)
    parser = cli.build_parser("en")
    for verb in ("deal", "shoe", "analyze", "advise", "odds"):
        sub = parser._subparsers._group_actions[0].choices[verb]
        for action in sub._actions:
            for flag in action.option_strings:
                if flag in declared and action.dest == flag[2:].replace("-", "_") and action.default is None:
                    assert action.help in declared[flag], (verb, flag)


def test_a_verb_about_no_game_takes_no_rules_option(capsys):
    assert cli.main(["rank", "As Ks Qs Js Ts", "--pay-table", "classic", "--lang", "en"]) == 2
    assert "--pay-table" in capsys.readouterr().err
