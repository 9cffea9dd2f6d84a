"""The reproductions of issue 24 on the command line: each is refused in one translated line, status 2, fast.

Runs `naipes.cli.main` in-process; every case in es, ca and en.
"""

from __future__ import annotations

import json
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from naipes import cli
from naipes.core import options
from naipes.core.errors import RulesError

LANGS = ("es", "ca", "en")

#: Numbers no reader may accept: Unicode digits, a doubled sign, exponents that would compute with
#: millions of digits, and what is not finite.
HOSTILE_NUMBERS = ["+-5", "²", "①", "٣e9", "1e999999999", "1e-9999999", "nan", "inf", "-inf", "1_000", "0x10",
                   "1e", "1/0", "９"]

REPRODUCTIONS = [
    *(["deal", "punto-banca", "--seed", value] for value in HOSTILE_NUMBERS),
    *(["analyze", "punto-banca", "--decks", value] for value in HOSTILE_NUMBERS),
    *(["analyze", "punto-banca", "--commission", value] for value in HOSTILE_NUMBERS),
    *(["deal", "punto-banca", "--commission", value] for value in HOSTILE_NUMBERS[4:6]),
    *(["shoe", "punto-banca", "--commission", value] for value in HOSTILE_NUMBERS[4:6]),
    *(["rank", "--deck", value, "As Ks Qs Js Ts"] for value in HOSTILE_NUMBERS),
    ["play", "treinta-y-cuarenta", "--bets", "noir=1e999999999"],
    ["play", "treinta-y-cuarenta", "--bets", "noir=²"],
    # impossible cards: the same card twice in one deck, a card the deck does not hold, more than the shoe has
    ["advise", "black-jack", "--cards", "Th 6s", "--dealer", "Th", "--decks", "1"],
    ["advise", "challenge-21", "--cards", "Th 6s", "--dealer", "Th", "--decks", "1"],
    ["advise", "black-jack", "--cards", "Th 6s", "--seen", "6s", "--decks", "1"],
    ["analyze", "black-jack", "--remove", "As As", "--decks", "1"],
    ["analyze", "circle-poker", "--deck", "32", "--remove", "2c"],
    ["odds", "treinta-y-cuarenta", "--cards-left", "400", "--decks", "1"],
    ["odds", "treinta-y-cuarenta", "--cards-left", "1", "--decks", "1"],
    # another game's option
    ["advise", "three-card-poker", "--cards", "Qh 6d 4c", "--dealer", "Qh"],
    ["analyze", "punto-banca", "--deck", "32"],
    ["deal", "punto-banca", "--pay-table", "x"],
    ["advise", "sense-descart", "--decks", "3"],
    ["deal", "black-jack", "--commission", "0.1"],
    ["analyze", "punto-banca", "--dec", "3"],
    ["solve", "chemin-de-fer", "--decks", "2"],  # the totals model draws with replacement: no decks
]


@pytest.fixture(scope="module", autouse=True)
def imported():
    """The first run imports every game's modules (a cost paid once per process, not per input)."""
    cli.build_parser("en")


def run(capsys, argv):
    started = time.perf_counter()
    status = cli.main(argv)
    elapsed = time.perf_counter() - started
    out, err = capsys.readouterr()
    return status, out, err, elapsed


@pytest.mark.parametrize("argv", REPRODUCTIONS, ids=" ".join)
def test_each_reproduction_is_refused_in_one_translated_line_within_a_second(capsys, argv):
    lines = {}
    for lang in LANGS:
        status, out, err, elapsed = run(capsys, argv + ["--lang", lang])
        assert status == 2, (lang, out, err)
        assert out == "" and "Traceback" not in err
        assert err.startswith("naipes: ") and err.count("\n") == 1, err
        assert elapsed < 1, elapsed
        lines[lang] = err
    assert len(set(lines.values())) == 3, lines


@pytest.mark.parametrize("text", HOSTILE_NUMBERS)
def test_the_one_number_reader_refuses_hostile_numbers_fast(text):
    started = time.perf_counter()
    for whole in (False, True):
        with pytest.raises(RulesError):
            options.read_number(text, "--x", -10**9, 10**9, whole=whole)
    assert time.perf_counter() - started < 0.1


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=1000))
def test_the_number_reader_reads_a_fraction_exactly_as_written(value):
    assert options.read_number(f"{value.numerator}/{value.denominator}", "--x", -1000, 1000) == value


@given(st.decimals(min_value=-1000, max_value=1000, places=6, allow_nan=False, allow_infinity=False))
def test_the_number_reader_reads_a_decimal_exactly(value):
    assert options.read_number(str(value), "--x", -1000, 1000) == Fraction(value)


@settings(max_examples=300)
@given(st.text(max_size=60))
def test_the_number_reader_either_reads_a_number_in_range_or_refuses(text):
    try:
        number = options.read_number(text, "--x", 0, 100)
    except RulesError:
        return
    assert isinstance(number, Fraction) and 0 <= number <= 100
    assert text.strip().isascii()


# --- process edges ----------------------------------------------------------------------------------------

import os
import subprocess
import sys
from pathlib import Path

NAIPES = Path(sys.executable).with_name("naipes")


def test_a_terminal_that_cannot_show_a_character_gets_look_alikes_not_a_traceback():
    for encoding, argv in (("ascii", ["deal", "siete-y-medio"]),
                           ("latin-1", ["showdown", "holdem", "--hands", "Ah Kh", "Qs Qd", "--board", "2c 3d 4h 9s Ts"]),
                           ("ascii", ["games"])):
        done = subprocess.run([str(NAIPES), *argv], capture_output=True, env={**os.environ, "PYTHONIOENCODING": encoding})
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
        done.stdout.decode(encoding)  # every byte is of the terminal's encoding
    ascii_games = subprocess.run([str(NAIPES), "games"], capture_output=True, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert b"Punto y Banca - catalogo-es" in ascii_games.stdout  # the em dash as a hyphen


def test_a_write_error_is_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        done = subprocess.run([str(NAIPES), "games", "--lang", "en"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 1
    assert done.stderr == "naipes: The output cannot be written: No space left on device.\n"


def test_ctrl_c_while_the_engine_imports_is_one_translated_line_and_status_130(monkeypatch, capsys):
    """Deterministic: the interruption is raised by the import of the command line itself."""
    import builtins

    import naipes_command

    real_import = builtins.__import__

    def interrupted_import(name, *args, **kwargs):
        if name == "naipes.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", interrupted_import)
    monkeypatch.setattr(sys, "argv", ["naipes", "games", "--lang", "ca"])
    assert naipes_command.main() == 130
    assert capsys.readouterr().err == "naipes: Interromput.\n"


def test_ctrl_c_of_a_running_command_is_one_line_and_status_130():
    import signal
    process = subprocess.Popen([str(NAIPES), "analyze", "punto-banca", "--method", "walk", "--lang", "ca"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(1.0)  # past the interpreter's own start, which no program can guard
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err == "naipes: Interromput.\n"


@pytest.mark.parametrize("environ, expected", [({"LANG": "ca_ES.UTF-8"}, "ca"), ({"LC_ALL": "en_GB.UTF-8"}, "en"),
                                               ({"LANG": "C.UTF-8"}, "es"), ({}, "es"),
                                               ({"LC_ALL": "es_ES.UTF-8", "LANG": "ca_ES.UTF-8"}, "es")])
def test_the_environment_picks_the_language_when_lang_is_absent(environ, expected):
    assert cli._language(["games"], environ) == expected
    assert cli._language(["games", "--lang", "en"], environ) == "en"


def test_a_possible_hand_is_still_advised_and_a_card_of_the_short_deck_still_removed(capsys):
    assert cli.main(["advise", "black-jack", "--cards", "Th 6s", "--dealer", "Th", "--decks", "2"]) == 0
    assert cli.main(["analyze", "circle-poker", "--deck", "32", "--remove", "8c"]) == 0
    assert cli.main(["odds", "treinta-y-cuarenta", "--cards-left", "52", "--decks", "1"]) == 0
    capsys.readouterr()


def test_another_games_option_is_refused_naming_the_option_and_the_game(capsys):
    assert cli.main(["analyze", "punto-banca", "--deck", "32", "--lang", "en"]) == 2
    assert capsys.readouterr().err == "naipes: The option --deck does not apply to punto-banca.\n"


# --- every declared option of every game -----------------------------------------------------------------

from naipes.games import registry

VALUED_FLAGS = sorted({(game.id, verb, flag)
                       for game in registry.all_games()
                       for verb in {"deal", "shoe", *(["analyze"] if game.analysis else []), *game.commands}
                       for flag in cli.declared_flags(game, verb) - cli.COMMON_FLAGS - {"--verbose"}})


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(VALUED_FLAGS), st.sampled_from(HOSTILE_NUMBERS))
def test_every_declared_option_of_every_game_refuses_a_hostile_number_in_one_line(case, value):
    game, verb, flag = case
    status = cli.main([verb, game, flag, value, "--lang", "en"]) if verb not in ("rank",) else \
        cli.main([verb, flag, value, "--lang", "en"])
    assert status == 2


@pytest.mark.parametrize("game_id", sorted(game.id for game in registry.all_games()))
def test_json_asked_of_any_game_is_json(game_id, capsys):
    assert cli.main(["deal", game_id, "--json", "--seed", "3", "--lang", "ca"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data and isinstance(data, dict)


def test_a_verb_that_narrates_gives_its_lines_in_json(capsys):
    assert cli.main(["play", "treinta-y-cuarenta", "--json", "--coups", "1", "--lang", "en"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "treinta-y-cuarenta" and data["command"] == "play"
    assert any("NEGRA" in line for line in data["lines"])
