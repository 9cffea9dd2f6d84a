"""Numbers formatted per locale, at the edge only (values stay exact inside the engine).

The patterns are CLDR's (the tests compare them with Babel at build time):
Spanish and Catalan write `1,06 %` (decimal comma, no-break space before the
sign), English `1.06%`.

Examples:
    >>> percent(0.010579, "es"), percent(0.010579, "en")
    ('1,06\\xa0%', '1.06%')
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Iterable

from .i18n import check_language

_DECIMAL_SIGN = {"es": ",", "ca": ",", "en": "."}
_GROUP_SIGN = {"es": ".", "ca": ".", "en": ","}
_PERCENT = {"es": "{}\u00a0%", "ca": "{}\u00a0%", "en": "{}%"}


def _fixed(value: Fraction | float | int, digits: int) -> str:
    exact = Fraction(value) if not isinstance(value, float) else Fraction(str(value))
    quantum = Decimal(1).scaleb(-digits)
    return str((Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(quantum, ROUND_HALF_EVEN))


def decimal(value: Fraction | float | int, lang: str, digits: int = 6) -> str:
    """`value` with `digits` decimals in the locale's notation.

    Grouping as Babel applies CLDR's patterns: every three integer digits.

    Examples:
        >>> decimal(Fraction(1, 3), "ca", 4), decimal(12345.5, "en", 1), decimal(1234, "es", 0)
        ('0,3333', '12,345.5', '1.234')
    """
    check_language(lang)
    text = _fixed(value, digits)
    sign = "-" if text.startswith("-") else ""
    integer, _, fraction = text.lstrip("-").partition(".")
    if len(integer) > 3:
        groups: list[str] = []
        while len(integer) > 3:
            groups.insert(0, integer[-3:])
            integer = integer[:-3]
        integer = _GROUP_SIGN[lang].join([integer] + groups)
    return sign + integer + (_DECIMAL_SIGN[lang] + fraction if fraction else "")


def percent(value: Fraction | float | int, lang: str, digits: int = 2) -> str:
    """`value` (a proportion: 0.5 is 50 %) as a percentage in the locale's notation.

    Examples:
        >>> percent(Fraction(1, 8), "ca", 4)
        '12,5000\\xa0%'
    """
    return _PERCENT[check_language(lang)].format(decimal(Fraction(value) * 100 if not isinstance(value, float)
                                                         else value * 100, lang, digits))


_AND = {"es": " y ", "ca": " i ", "en": " and "}
_TO = {"es": " a ", "ca": " a ", "en": " to "}


def number_set(values: Iterable[int], lang: str) -> str:
    """A set of whole numbers in words, runs of three or more as a range: "0 to 5", "6 and 7".

    Rules objects hold the totals a rule applies to as sets; narration and
    tables state them with this, so the text always follows the preset.

    Args:
        values: the numbers (any order, no repeats needed).
        lang: `es`, `ca` or `en`.

    Examples:
        >>> number_set({0, 1, 2, 3, 4, 5}, "es"), number_set([7, 6], "en"), number_set([0, 2, 3, 4, 9], "ca")
        ('0 a 5', '6 and 7', '0, 2 a 4 i 9')
        >>> number_set([], "en")
        '—'
    """
    check_language(lang)
    ordered = sorted(set(values))
    runs: list[list[int]] = []
    for value in ordered:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    parts: list[str] = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{run[0]}{_TO[lang]}{run[-1]}")
        else:
            parts.extend(str(v) for v in run)
    if not parts:
        return "\u2014"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + _AND[lang] + parts[-1]


def signed(value: Fraction | int, lang: str) -> str:
    """An expected result with its sign and two decimals in the locale's notation: `+0,25`, `-0.33`.

    Examples:
        >>> signed(Fraction(1, 4), "es"), signed(Fraction(-1, 3), "en"), signed(Fraction(0), "en")
        ('+0,25', '-0.33', '0.00')
    """
    text = decimal(value, lang, 2)
    return "+" + text if value > 0 else text


def units(value: Fraction | int, lang: str) -> str:
    """An amount of betting units or chips without sign: `1`, `1,50` (es, ca), `0.50` (en).

    Examples:
        >>> units(Fraction(3, 2), "es"), units(2, "en"), units(Fraction(-1, 2), "en")
        ('1,50', '2', '0.50')
    """
    value = abs(Fraction(value))
    return str(value.numerator) if value.denominator == 1 else decimal(value, lang, 2)
