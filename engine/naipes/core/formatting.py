"""Numbers formatted per locale, at the edge only (values stay exact inside the engine).

The patterns are CLDR's (the tests compare them with Babel at build time):
Spanish and Catalan write ``1,06 %`` (decimal comma, no-break space before the
sign), English ``1.06%``.

>>> percent(0.010579, "es"), percent(0.010579, "en")
('1,06\\xa0%', '1.06%')
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from .i18n import check_language

_DECIMAL_SIGN = {"es": ",", "ca": ",", "en": "."}
_GROUP_SIGN = {"es": ".", "ca": ".", "en": ","}
_PERCENT = {"es": "{}\u00a0%", "ca": "{}\u00a0%", "en": "{}%"}


def _fixed(value: Fraction | float | int, digits: int) -> str:
    exact = Fraction(value) if not isinstance(value, float) else Fraction(str(value))
    quantum = Decimal(1).scaleb(-digits)
    return str((Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(quantum, ROUND_HALF_EVEN))


def decimal(value: Fraction | float | int, lang: str, digits: int = 6) -> str:
    """``value`` with ``digits`` decimals in the locale's notation.

    Grouping as Babel applies CLDR's patterns: every three integer digits.

    >>> decimal(Fraction(1, 3), "ca", 4), decimal(12345.5, "en", 1), decimal(1234, "es", 0)
    ('0,3333', '12,345.5', '1.234')
    """
    check_language(lang)
    text = _fixed(value, digits)
    sign = "-" if text.startswith("-") else ""
    integer, _, fraction = text.lstrip("-").partition(".")
    if len(integer) > 3:
        groups = []
        while len(integer) > 3:
            groups.insert(0, integer[-3:])
            integer = integer[:-3]
        integer = _GROUP_SIGN[lang].join([integer] + groups)
    return sign + integer + (_DECIMAL_SIGN[lang] + fraction if fraction else "")


def percent(value: Fraction | float | int, lang: str, digits: int = 2) -> str:
    """``value`` (a proportion: 0.5 is 50 %) as a percentage in the locale's notation.

    >>> percent(Fraction(1, 8), "ca", 4)
    '12,5000\\xa0%'
    """
    return _PERCENT[check_language(lang)].format(decimal(Fraction(value) * 100 if not isinstance(value, float)
                                                         else value * 100, lang, digits))
