import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from naipes.core.progress import TerminalCounter, terminal_bar
from naipes.games import registry
from naipes.games.baccarat.kernel import deck_counts
from naipes.games.baccarat.punto_banca.analysis import analyze

NAIPES = [sys.executable, "-m", "naipes"]


def run(*args):
    return subprocess.run(NAIPES + list(args), capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("lang, words", [
    ("ca", ["El punt rep", "La banca rep"]),
    ("es", ["El punto recibe", "La banca recibe"]),
    ("en", ["Player receives", "Banker receives"]),
])
def test_deal_narrates_one_coup_in_the_chosen_language(lang, words):
    result = run("deal", "punto-banca", "--seed", "7", "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert all(word in result.stdout for word in words)
    assert result.stdout == run("deal", "punto-banca", "--seed", "7", "--lang", lang).stdout


def test_shoe_plays_to_the_stop_card_and_summarises():
    result = run("shoe", "punto-banca", "--decks", "6", "--seed", "7", "--lang", "en")
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(": ") for line in result.stdout.splitlines() if ": " in line and line[0].isupper()
                 and line.split(": ")[1].isdigit())
    coups = int(lines["Coups"])
    assert int(lines["Banker wins"]) + int(lines["Player wins"]) + int(lines["Ties"]) == coups
    # a 6-deck shoe with 7 cards under the stop card holds between 305/6 and 305/4 coups minus the burn
    assert 40 <= coups <= 77
    assert "stop card" in result.stdout


def test_analyze_json_has_the_documented_keys_and_exact_values():
    result = run("analyze", "punto-banca", "--decks", "8", "--json", "--commission", "0.05", "--tie-pays", "8")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    exact = analyze(deck_counts(8))
    for bet in ("banker", "player", "tie"):
        assert set(report[bet]) >= {"probability", "house_edge", "exact"}
        assert Fraction(report[bet]["exact"]) == exact.probability(bet)
        assert report[bet]["probability"] == pytest.approx(float(exact.probability(bet)), abs=1e-15)
    assert round(report["banker"]["house_edge"], 6) == 0.010579  # published (Thorp, 8 decks)


def test_analyze_with_removed_cards_and_a_preset():
    result = run("analyze", "punto-banca", "--preset", "cat-2016", "--remove", "9s 9h 8d", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rules"]["decks"] == 6


def test_analyze_prints_a_locale_formatted_table():
    assert "1,0579\u00a0%" in run("analyze", "punto-banca", "--decks", "8", "--lang", "es").stdout
    assert "1.0579%" in run("analyze", "punto-banca", "--decks", "8", "--lang", "en").stdout


@pytest.mark.parametrize("args, fragment", [
    (["analyze", "bacara-loca"], "'bacara-loca'"),
    (["analyze", "punto-banca", "--preset", "vegas"], "'vegas'"),
    (["analyze", "punto-banca", "--decks", "0"], "0"),
    (["analyze", "punto-banca", "--decks", "-3"], "-3"),
    (["analyze", "punto-banca", "--decks", "seis"], "'seis'"),
    (["analyze", "punto-banca", "--remove", "As Zz"], "'Zz'"),
    (["analyze", "punto-banca", "--commission", "2"], "'2'"),
    (["deal", "punto-banca", "--lang", "fr"], "'fr'"),
    (["deal", "punto-banca", "--seed", "x"], "'x'"),
    (["frobnicate"], "frobnicate"),
    (["deal", "punto-banca", "--seed", "18446744073709551616"], "18446744073709551616"),
    (["deal", "punto-banca", "--seed", "-1"], "-1"),
    (["analyze", "punto-banca", "--remove", "As As As As", "--decks", "1"], "As"),
    (["analyze", "punto-banca", "--method", "guess"], "'guess'"),
    (["analyze", "punto-banca", "--commission", "nan"], "'nan'"),
    (["analyze", "punto-banca", "--commission", "1/0"], "'1/0'"),
])
def test_bad_input_gets_one_line_and_status_2(args, fragment):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def test_errors_are_translated():
    result = run("analyze", "punto-banca", "--decks", "0", "--lang", "ca")
    assert "baralles" in result.stderr
    result = run("analyze", "punto-banca", "--decks", "0", "--lang", "es")
    assert "barajas" in result.stderr


def test_games_lists_every_game_of_the_registry_with_its_presets_and_sources():
    result = run("games", "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)["games"]
    assert [g["id"] for g in listed] == list(registry.ids())
    for entry in listed:
        game = registry.game(entry["id"])
        assert [p["name"] for p in entry["presets"]] == list(game.presets)
        for preset in entry["presets"]:
            rules = game.presets.get(preset["name"])
            assert preset["sources"] == sorted({c.source for c in rules.citations}) and preset["sources"]


def test_a_long_bad_value_is_echoed_shortened():
    result = run("analyze", "punto-banca", "--remove", "Z" * 10_000)
    assert result.returncode == 2 and len(result.stderr) < 200


def test_help_lists_every_command():
    result = run("--help")
    assert result.returncode == 0
    assert all(command in result.stdout for command in ("deal", "shoe", "analyze"))


def test_console_script_is_installed():
    from pathlib import Path
    script = Path(sys.executable).parent / "naipes"  # beside the interpreter running the tests (the venv)
    assert script.exists(), "the naipes console script is not installed"
    result = subprocess.run([str(script), "deal", "punto-banca", "--seed", "7", "--lang", "en"],
                            capture_output=True, text=True)
    assert result.returncode == 0 and "Player receives" in result.stdout


def test_a_closed_pipe_ends_quietly_without_a_traceback():
    process = subprocess.Popen(NAIPES + ["shoe", "punto-banca", "--verbose", "--lang", "en"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    process.stdout.readline()
    process.stdout.close()  # like `naipes … | head -1`
    stderr = process.stderr.read()
    process.wait(timeout=60)
    assert "Traceback" not in stderr


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as stderr in a console."""

    def isatty(self):
        return True


def test_a_long_computation_draws_a_bar_on_a_terminal_and_nothing_elsewhere():
    screen, log = Terminal(), io.StringIO()
    for done in range(0, 11):
        terminal_bar(screen, "Solving")(done, 10)
        terminal_bar(log, "Solving")(done, 10)
    assert "Solving [###############...............]  50%" in screen.getvalue()
    assert screen.getvalue().endswith("\r") and log.getvalue() == ""


def test_the_bar_says_the_time_left_from_the_time_so_far():
    now = [100.0]
    screen = Terminal()
    bar = terminal_bar(screen, "Computing", clock=lambda: now[0])
    now[0] += 30  # a quarter of the work in 30 s: 90 s left
    bar(25, 100)
    assert screen.getvalue().endswith(" 25% ~1:30")
    now[0] += 3 * 3600  # then slower: half the work in 3 h 30 s, as much left
    bar(50, 100)
    assert screen.getvalue().endswith(" 50% ~3:00:30")


def test_a_walk_of_unknown_length_counts_its_steps_and_the_time_on_a_terminal_and_erases_them():
    now = [50.0]
    screen, log = Terminal(), io.StringIO()
    with TerminalCounter(screen, "Valuing", clock=lambda: now[0]) as step, \
            TerminalCounter(log, "Valuing", clock=lambda: now[0]) as quiet:
        for seconds in (0.0625, 0.125, 0.125):  # the first step comes before a tenth of a second: not drawn
            now[0] += seconds
            step()
            quiet()
        drawn = screen.getvalue()
        now[0] += 61
        step()
    assert drawn.split("\r")[1:] == ["Valuing 2 0:00", "Valuing 3 0:00"]
    assert screen.getvalue().split("\r")[-3].startswith("Valuing 4 1:01")
    assert screen.getvalue().endswith("\r") and screen.getvalue().split("\r")[-2].strip() == ""
    assert log.getvalue() == ""


@pytest.mark.parametrize("lang, word", [("es", "Interrumpido"), ("ca", "Interromput"), ("en", "Interrupted")])
def test_an_interruption_ends_with_one_translated_line_and_status_130(monkeypatch, capsys, lang, word):
    from naipes import cli

    def interrupted(args, out):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run", interrupted)
    assert cli.main(["solve", "dos-panos", "--model", "shoe", "--lang", lang]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and word in err and "Traceback" not in err
