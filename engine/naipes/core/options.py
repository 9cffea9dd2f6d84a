"""Reading what a user typed (command line, widget controls, links) into checked values.

The command line and the widgets read numbers, rates and seeds with these
functions, before any computation, so the same input gets the same one-line
message everywhere.

Examples:
    >>> whole("7", "--decks", 1, 8), rate("0.05"), seed("42")
    (7, Fraction(1, 20), 42)
"""

from __future__ import annotations

from fractions import Fraction

from .errors import RulesError, shorten
from .shoe import MAX_SEED, check_seed

#: The numbers of decks a shoe may hold (`decks` accepts these).
DECK_COUNTS = range(1, 9)


def whole(value: object, what: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`; the message names `what`, the value and the range.

    Raises:
        RulesError: not a whole number, or outside the range.

    Examples:
        >>> whole("9", "Decks", 1, 8)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Decks must be a whole number from 1 to 8, not '9'.
    """
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        number = int(text) if text.lstrip("+-").isdigit() and len(text) <= 30 else None
    if number is None or not low <= number <= high:
        raise RulesError("{what} must be a whole number from {low} to {high}, not {value!r}.", what=what,
                         low=low, high=high, value=value if isinstance(value, str) else str(value))
    return number


def decks(value: object) -> int:
    """A number of decks, 1 to 8.

    Raises:
        RulesError: anything else.

    Examples:
        >>> decks("6")
        6
    """
    try:
        return whole(value, "--decks", DECK_COUNTS[0], DECK_COUNTS[-1])
    except RulesError:
        shown = value if isinstance(value, int) and not isinstance(value, bool) else repr(shorten(str(value)))
        raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=shown) from None


def rate(value: object) -> Fraction:
    """A commission from 0 to 0.5 as an exact fraction: `0.05`, `5%`, `1/20`.

    Raises:
        RulesError: not a number, not finite, or outside 0 to 0.5.

    Examples:
        >>> rate("5%"), rate("1/20"), rate(Fraction(1, 10))
        (Fraction(1, 20), Fraction(1, 20), Fraction(1, 10))
        >>> rate("nan")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The commission must be a number from 0 to 0.5, not 'nan'.
    """
    text = str(value).strip()
    try:
        number = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError, OverflowError):
        number = None
    if number is None or not 0 <= number <= Fraction(1, 2):
        raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.", value=text)
    return number


def banca_pays(value: object) -> Fraction:
    """What a winning Banca bet is paid per unit, from the commission typed (`0.05` pays 0.95).

    Examples:
        >>> banca_pays("5%")
        Fraction(19, 20)
    """
    return 1 - rate(value)


def tie_pays(value: object) -> int:
    """A tie payout to one, 1 to 50.

    Examples:
        >>> tie_pays("9")
        9
    """
    return whole(value, "--tie-pays", 1, 50)


def seed(value: object) -> int:
    """A seed: a whole number from 0 to 2**63 - 1, as typed (no wrapping around).

    Raises:
        RulesError: anything else.

    Examples:
        >>> seed("-1")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The seed must be a whole number from 0 to 9223372036854775807, not '-1'.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return check_seed(value)
    text = str(value).strip()
    if text.isdigit() and len(text) <= 19 and int(text) <= MAX_SEED:
        return int(text)
    raise RulesError("The seed must be a whole number from 0 to {max}, not {value!r}.", max=MAX_SEED, value=text)
