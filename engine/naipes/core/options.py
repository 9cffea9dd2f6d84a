"""Reading what a user typed (command line, widget controls, links) into checked values.

The command line and the widgets read numbers, rates and seeds with these
functions, before any computation, so the same input gets the same one-line
message everywhere.

Examples:
    >>> whole("7", "--decks", 1, 8), rate("0.05"), seed("42")
    (7, Fraction(1, 20), 42)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from .errors import RulesError, shorten
from .i18n import N_
from .shoe import MAX_SEED, check_seed

#: The numbers of decks a shoe may hold (`decks` accepts these).
DECK_COUNTS = range(1, 9)

#: The longest number text read: longer input is refused before any arithmetic, so that no typed value
#: can make the engine compute with millions of digits.
MAX_NUMBER_LENGTH = 40
#: The largest exponent magnitude `1.5e3` may carry (`1e999999999` and `1e-9999999` are refused).
MAX_EXPONENT = 30

# ASCII only (re.ASCII): `²`, `①` or `٣` are refused rather than normalised, so what a user reads is what
# the engine computes. One sign at most; a decimal with an optional exponent, or a fraction `a/b`.
_DECIMAL = re.compile(r"([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d{1,3}))?", re.ASCII)
_RATIO = re.compile(r"([+-]?)(\d+)/(\d+)", re.ASCII)
_WHOLE = re.compile(r"[+-]?\d+", re.ASCII)


def parse_number(text: str, *, whole: bool = False) -> Fraction | None:
    """The exact value of `text` (ASCII digits: `12`, `-0.5`, `2.5e3`, `1/20`), or None if it is no number.

    Bounded: at most `MAX_NUMBER_LENGTH` characters and an exponent of at most `MAX_EXPONENT`, so that
    reading is fast whatever is typed; `nan` and `inf` are no numbers. With `whole`, only digits with an
    optional sign.

    Examples:
        >>> parse_number("2.5e3"), parse_number("1/20"), parse_number("+-5"), parse_number("²")
        (Fraction(2500, 1), Fraction(1, 20), None, None)
        >>> parse_number("1e999999999"), parse_number("nan"), parse_number("1.5", whole=True)
        (None, None, None)
    """
    text = text.strip()
    if not text or len(text) > MAX_NUMBER_LENGTH:
        return None
    if whole:
        return Fraction(int(text)) if _WHOLE.fullmatch(text) else None
    ratio = _RATIO.fullmatch(text)
    if ratio:
        sign, top, bottom = ratio.groups()
        return None if int(bottom) == 0 else Fraction(int(sign + top), int(bottom))
    decimal = _DECIMAL.fullmatch(text)
    if not decimal or (decimal.group(3) is not None and abs(int(decimal.group(3))) > MAX_EXPONENT):
        return None
    return Fraction(text)


def read_number(value: object, what: str, low: int | Fraction, high: int | Fraction, *,
                whole: bool = False) -> Fraction | int:
    """A number from `low` to `high` (both included), exact; with `whole`, a whole number (an `int`).

    The one reader of every number a user types: the command line, the widgets and links go through it.
    The message names `what`, the range and the value typed.

    Raises:
        RulesError: not a number (see `parse_number`), or outside the range.

    Examples:
        >>> read_number("0.25", "The share", 0, 1), read_number(" 7 ", "--decks", 1, 8, whole=True)
        (Fraction(1, 4), 7)
        >>> read_number("٣e9", "The share", 0, 1)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The share must be a number from 0 to 1, not '٣e9'.
    """
    number: Fraction | None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = Fraction(value)
    elif isinstance(value, Fraction):
        number = None if whole and value.denominator != 1 else value
    else:
        number = parse_number(str(value), whole=whole)
    if number is None or not low <= number <= high:
        shown = shorten(value if isinstance(value, str) else str(value))
        message = (N_("{what} must be a whole number from {low} to {high}, not {value!r}.") if whole
                   else N_("{what} must be a number from {low} to {high}, not {value!r}."))
        raise RulesError(message, what=what, low=low, high=high, value=shown)
    return int(number) if whole else number


def whole(value: object, what: str, low: int, high: int) -> int:
    """A whole number from `low` to `high`; the message names `what`, the value and the range.

    Raises:
        RulesError: not a whole number, or outside the range.

    Examples:
        >>> whole("9", "Decks", 1, 8)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Decks must be a whole number from 1 to 8, not '9'.
        >>> whole("+-5", "Decks", 1, 8)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Decks must be a whole number from 1 to 8, not '+-5'.
    """
    number = read_number(value, what, low, high, whole=True)
    assert isinstance(number, int)
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
    if isinstance(value, Fraction):
        number: Fraction | None = value
        text = str(value)
    else:
        text = str(value).strip()
        hundredths = parse_number(text[:-1]) if text.endswith("%") else None
        number = hundredths / 100 if hundredths is not None else parse_number(text)
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
    number = parse_number(text, whole=True)
    if number is not None and 0 <= number <= MAX_SEED and not text.startswith(("+", "-")):
        return int(number)
    raise RulesError("The seed must be a whole number from 0 to {max}, not {value!r}.", max=MAX_SEED, value=text)


#: The values of an option that is on or off, as typed.
YES_NO = ("yes", "no")
#: How a select names them (`Option.names`).
YES_NO_NAMES = (("yes", N_("yes")), ("no", N_("no")))


def one_of(value: object, allowed: tuple[str, ...], what: str) -> str:
    """One of the words `allowed` as typed (case and spaces around ignored); the message names `what`.

    Raises:
        RulesError: any other value.

    Examples:
        >>> one_of(" Hit ", ("stand", "hit"), "--soft-17")
        'hit'
        >>> one_of("maybe", YES_NO, "--cut")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: --cut must be one of yes, no, not 'maybe'.
    """
    text = str(value).strip().lower()
    if text not in allowed:
        raise RulesError("{what} must be one of {choices}, not {value!r}.", what=what, choices=", ".join(allowed),
                         value=shorten(str(value)))
    return text


def yes_no(value: object, what: str) -> bool:
    """`yes` or `no` as typed (a bool as it is): an option that is on or off.

    Examples:
        >>> yes_no("YES", "--resplit-aces"), yes_no(False, "--resplit-aces")
        (True, False)
    """
    if isinstance(value, bool):
        return value
    return one_of(value, YES_NO, what) == "yes"


def yes_no_text(value: object) -> str:
    """An on-or-off field as typed (`yes_no` reads it back).

    Examples:
        >>> yes_no_text(True), yes_no_text(False)
        ('yes', 'no')
    """
    return "yes" if value else "no"


@dataclass(frozen=True)
class Option:
    """One rules option, declared once on the rules class: every surface derives from this declaration.

    The command line adds `flag` (help `help`) to every verb of the games whose rules declare it and refuses
    it elsewhere; a widget's select of it takes its label and values from here (`naipes.web.html.option_select`);
    links and widget actions read what is sent with `read`; the page's table of options lists `label`, the
    values and each preset's value (`shown`).

    Attributes:
        name: the keyword of `Rules.with_options` (`tie_pays`).
        field: the rules field it sets (`banker_pays`), or `""` for an option that only checks (one deck).
        read: the reader: checks a typed value and returns the field's value (`RulesError`/`SpecError` otherwise).
        help: msgid of the command line's help and the page's explanation.
        label: msgid of the widget's label and of the options table's first column.
        values: the values a select offers, as typed (`("1", "2", ...)`); empty for a free field.
        show: the field's value as a reader would type it (`banker_pays` 19/20 → `"0.05"`).
        flag_name: the command-line flag when it is not `--` + `name` with dashes.
        names: how a select names the typed values a reader would not read as words (`turned-card`): pairs of
            value and msgid; a value not named is shown as typed. A widget may name them otherwise (`label_of`).

    Examples:
        >>> DECKS.flag, DECKS.read("6"), TIE_PAYS.flag, commission("banker_pays", banca_pays).show(Fraction(19, 20))
        ('--decks', 6, '--tie-pays', '0.05')
    """

    name: str
    field: str
    read: Callable[[object], object]
    help: str
    label: str
    values: tuple[str, ...] = ()
    show: Callable[[object], str] = lambda value: as_typed(value)
    flag_name: str = ""
    names: tuple[tuple[str, str], ...] = ()

    @property
    def flag(self) -> str:
        """The command-line flag (`--tie-pays`)."""
        return self.flag_name or "--" + self.name.replace("_", "-")

    @property
    def dest(self) -> str:
        """The attribute argparse stores the flag's value in (`tie_pays`)."""
        return self.flag[2:].replace("-", "_")


def as_typed(value: object) -> str:
    """A rules value as a reader would type it: `Fraction(1, 20)` as `0.05` (a terminating decimal) or `1/3`.

    Examples:
        >>> as_typed(Fraction(1, 20)), as_typed(Fraction(1, 3)), as_typed(8), as_typed("half")
        ('0.05', '1/3', '8', 'half')
    """
    if not isinstance(value, (Fraction, int)) or isinstance(value, bool):
        return str(value)
    number = Fraction(value)
    for places in range(0, 13):
        scaled = number * 10**places
        if scaled.denominator == 1:
            text = f"{number.numerator * 10**places // number.denominator:0{places + 1}d}"
            whole_part, decimals = text[:len(text) - places] or "0", text[len(text) - places:]
            sign = "-" if number < 0 else ""
            return sign + (f"{whole_part.lstrip('-')}.{decimals}" if places else whole_part.lstrip("-"))
    return str(number)


def by_name(declared: Sequence[Option], name: str) -> Option | None:
    """The option called `name` (or whose flag is `--name`) among `declared`, or None.

    Examples:
        >>> by_name((DECKS, TIE_PAYS), "tie-pays").field
        'tie_pays'
    """
    for option in declared:
        if name in (option.name, option.flag[2:], option.dest):
            return option
    return None


def declared(options: Sequence[Option], name: str) -> Option:
    """The option called `name` among `options`, which must declare it (a widget's slot derived from it).

    Raises:
        KeyError: `options` declares no such option (a bug in the caller, found at import).

    Examples:
        >>> declared((DECKS, TIE_PAYS), "tie_pays").flag
        '--tie-pays'
    """
    found = by_name(options, name)
    if found is None:
        raise KeyError(name)
    return found


#: The number of decks of a shoe (every game dealt from a shoe of 1 to 8 decks declares this one).
DECKS = Option("decks", "decks", decks, N_("number of decks, 1 to 8 (default: the preset's)"), N_("Decks"),
               tuple(str(n) for n in DECK_COUNTS))
#: A tie's payout to one (Punto y Banca).
TIE_PAYS = Option("tie_pays", "tie_pays", tie_pays, N_("tie payout to one, e.g. 8"), N_("Tie pays"))


def commission(field: str, read: Callable[[object], Fraction]) -> Option:
    """The house's commission option, stored in `field` by `read` (a Banca bet's pay, or the cagnotte).

    Examples:
        >>> commission("cagnotte", rate).read("5%")
        Fraction(1, 20)
    """
    shown: Callable[[object], str] = ((lambda value: as_typed(1 - Fraction(str(value))))
                                      if read is banca_pays else as_typed)
    return Option("commission", field, read,
                  N_("the house's share: of a winning Banca bet, or the cagnotte (e.g. 0.05)"),
                  N_("Commission"), show=shown)
