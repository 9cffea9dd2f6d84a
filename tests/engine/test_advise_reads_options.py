"""`naipes advise` reads the rules options typed with it (issue 24: an option a verb takes is never ignored).

Caribbean Poker's going-on value settles the ante and `m` antes of second bet: a bank that does not play pays
the ante and returns the second bet, one that plays pays or takes both, a tie returns both. So the value is
`a + b·m` for the same cards: its steps between m = 1, 2 and 3 are equal, and not zero when the bank can play.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from naipes.cli import main

CARDS = ["--cards", "Ah Kd Qc 6s 3h", "--dealer", "Qs"]


def _going_on(capsys, multiple: str) -> Fraction:
    assert main(["advise", "sense-descart", *CARDS, "--raise-multiple", multiple, "--json"]) == 0
    return Fraction(json.loads(capsys.readouterr().out)["values"]["raise"]["exact"])


def test_the_second_bets_multiple_changes_the_value_of_going_on_linearly(capsys):
    one, two, three = (_going_on(capsys, m) for m in ("1", "2", "3"))
    assert two - one == three - two != 0


@pytest.mark.parametrize("argv", [
    ["advise", "sense-descart", *CARDS, "--raise-multiple", "5"],
    ["advise", "sense-descart", *CARDS, "--pay-table", "zz"],
    ["advise", "three-card-poker", "--cards", "Qh 6d 4c", "--pay-table", "zz"],
    ["advise", "trijoker", "--cards", "Qh 6d 4c", "--pay-table", "zz"]])
def test_a_value_the_option_refuses_is_one_line_with_status_2(argv, capsys):
    assert main([*argv, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("naipes: ")
