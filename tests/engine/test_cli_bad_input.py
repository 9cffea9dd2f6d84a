"""Every verb × game × kind of bad value × language: exit status 2, one translated line, no traceback.

Runs the command line in-process (`naipes.cli.main`) so that the whole matrix stays fast.
"""

from __future__ import annotations

import pytest

from naipes import cli
from naipes.games import registry

LANGS = ("es", "ca", "en")
GAMES = registry.ids()
#: Bad values for options, by option (each run also names a game and the verb).
BAD_OPTIONS = {
    "--decks": ["0", "-3", "seis", "9", "1e3", "9" * 5000],
    "--seed": ["-1", str(2**63), str(2**64), "x", "9" * 5000, "1.5"],
    "--commission": ["abc", "nan", "", "1/0", "2", "inf", "-0.1", "50%x"],
    "--preset": ["vegas", "x" * 10_000],
    "--tie-pays": ["0", "x", "51"],
    "--remove": ["Zz", "As As As As As As As As As", "OTHER-DECK", "Z" * 10_000],
    "--method": ["guess"],
}
VERB_OPTIONS = {"deal": ("--decks", "--seed", "--commission", "--preset", "--tie-pays"),
                "shoe": ("--decks", "--seed", "--commission", "--preset", "--tie-pays"),
                "analyze": ("--decks", "--commission", "--preset", "--tie-pays", "--remove", "--method")}


def run(capsys, argv):
    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def cases():
    for verb, flags in VERB_OPTIONS.items():
        for game in GAMES:
            for flag in flags:
                for value in BAD_OPTIONS[flag]:
                    if value == "OTHER-DECK":  # a card of the other deck: Spanish for a French game, and back
                        value = "1o" if registry.game(game).deck == "french" else "Kd"
                    yield [verb, game, flag, value]
            yield [verb, game, "--frobnicate"]
        yield [verb, "bacara-loca"]
        yield [verb]
    for verb in ("solve", "advise"):
        for game in GAMES:
            yield [verb, game, "--decks", "0"]
            yield [verb, game, "--cards", "Zz"]
    yield ["solve", "dos-panos", "--information", "cards"]
    yield ["solve", "chemin-de-fer", "--information", "everything"]
    yield ["frobnicate"]
    yield ["games", "--bogus"]
    yield ["advise", "siete-y-medio", "--cards", "4o", "--others", "7c 7e"]  # a player still in showing 14
    yield ["advise", "siete-y-medio", "--cards", "4o", "--others", " / ".join(["1o 2o"] * 21)]
    yield ["advise", "siete-y-medio", "--cards", "4o", "--bank", "4o"]
    yield ["advise", "siete-y-medio", "--cards", "7o 7c"]


CASES = list(cases())


@pytest.mark.parametrize("argv", CASES, ids=lambda a: " ".join(x[:12] for x in a))
def test_bad_input_exits_2_with_one_translated_line_and_no_traceback(capsys, argv):
    lines = {}
    for lang in LANGS:
        status, out, err = run(capsys, argv + ["--lang", lang])
        assert status == 2, (lang, out, err)
        assert out == ""
        assert "Traceback" not in err
        assert err.endswith("\n") and err.count("\n") == 1 and err.startswith("naipes: "), err
        assert len(err) < 400, "a long value is echoed cut"
        lines[lang] = err
    if "--lang" not in argv:
        assert lines["es"] != lines["en"] and lines["ca"] != lines["en"] and lines["es"] != lines["ca"], lines
