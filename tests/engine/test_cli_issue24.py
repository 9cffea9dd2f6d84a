"""The reproductions of issue 24 on the command line: each is refused in one translated line, status 2, fast.

Runs `naipes.cli.main` in-process; every case in es, ca and en.
"""

from __future__ import annotations

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
