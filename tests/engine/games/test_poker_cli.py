"""The poker verbs of the command line: `deal`, `analyze` (JSON keys), `rank` (decks of 52, 36 and 32)
and `advise`, called as `naipes.cli` calls them, and the generic entry point where it needs no new flag."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from naipes.core.errors import CardError, SpecError
from naipes.games import registry
from naipes.games.poker import cli

GAMES = ("sense-descart", "trijoker", "draw-poker", "three-card-poker")


def run(function, game: str, **args) -> str:
    out = io.StringIO()
    defaults = dict(preset=None, lang="en", json=True, decks=None, commission=None, tie_pays=None)
    function(argparse.Namespace(**{**defaults, **args}), registry.game(game), out)
    return out.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_analyze_json_has_the_documented_keys(game):
    verb = registry.load_command(registry.game(game), "analyze")
    data = json.loads(run(verb, game, pay_table="classic", remove="", method="fast"))
    assert {"house_edge", "element_of_risk", "method", "lines", "rules"} <= set(data)
    assert ("exact" in data) != ("confidence_interval" in data)
    assert data["rules"]["pay_table"] == "classic"


@pytest.mark.parametrize("game", GAMES)
def test_deal_json_narrates_and_settles_a_seeded_hand(game):
    first = json.loads(run(cli.deal, game, seed="11", pay_table=None))
    again = json.loads(run(cli.deal, game, seed="11", pay_table=None))
    assert first == again and first["narration"] and first["returns"]


def test_an_unknown_pay_table_or_a_foreign_option_is_refused(capsys):
    with pytest.raises(SpecError, match="pay table"):
        run(cli.deal, "trijoker", seed="1", pay_table="rich")
    from naipes import cli as command_line
    assert command_line.main(["deal", "trijoker", "--decks", "2", "--lang", "en"]) == 2
    assert capsys.readouterr().err == "naipes: The option --decks does not apply to trijoker.\n"


@pytest.mark.parametrize("cards, deck, category", [
    ("As Ks Qs Js Ts", "52", "royal-flush"), ("Ah 6c 7d 8s 9h", "36", "straight"),
    ("As Ks Qs Js 9s", "32", "flush"), ("Ah Ad Ac Kh Kd Qs 2c", "52", "full-house"),
])
def test_rank(cards, deck, category):
    data = json.loads(run(cli.rank, "trijoker", cards=cards, deck=deck))
    assert data["category"] == category and data["deck"] == int(deck) and len(data["best"]) == 5
    assert isinstance(data["rank"], int) and data["category_rank"] >= 0
    with pytest.raises(CardError):
        run(cli.rank, "trijoker", cards="5s 6s 7s 8s 9s", deck="36")


def test_the_generic_command_line_runs_the_poker_verbs():
    """The verbs that need no new option of the generic command line (`--pay-table` and `deal --json` do, and
    `rank` without a game id)."""
    def naipes(*argv):
        return subprocess.run([sys.executable, "-m", "naipes", *argv], capture_output=True, text=True, timeout=120)
    result = naipes("advise", "trijoker", "--cards", "Jh Jd 4c", "--json")
    assert result.returncode == 0 and json.loads(result.stdout)["best"] == "ride"
    result = naipes("advise", "sense-descart", "--cards", "Ah Kd Qc 6s 3h", "--dealer", "Ks", "--json")
    assert result.returncode == 0 and "raise" in json.loads(result.stdout)["values"]
    result = naipes("analyze", "sense-descart", "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and data["exact"]["house_edge"] == str(
        Fraction(1_041_417_758_724, 19_933_230_517_200))  # Shackleford's total loss (see test_poker_sense_descart)
    result = naipes("analyze", "draw-poker", "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0 and float(Fraction(data["exact"]["house_edge"])) == data["house_edge"] < 0
    result = naipes("deal", "draw-poker", "--seed", "4", "--lang", "ca")
    assert result.returncode == 0 and "crupier" in result.stdout
