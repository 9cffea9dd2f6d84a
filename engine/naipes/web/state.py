"""Typed widget state: each widget kind declares its state once, and it is checked once where it is read.

A widget's state travels as JSON (its `data-naipes-state` attribute, or a
link). `load_json` reads that text with bounds a tampered page cannot get
past (length, nesting depth, digits of a number, finiteness), and a kind's
`State` subclass (a frozen dataclass whose fields name their reader) checks
every key it holds: its type, its range, its length. A state that does not
pass raises `StateError` (the translated "state is damaged" message), so
`naipes.web.registry.handle` shows a fresh widget instead of a traceback.

Examples:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, kw_only=True)
    ... class Counter(State):
    ...     clicks: int = slot(whole(0, 10))
    >>> Counter.from_json({"widget": "counter", "lang": "en", "clicks": 3}).clicks
    3
    >>> Counter.from_json({"widget": "counter", "lang": "en", "clicks": 1e308})
    Traceback (most recent call last):
    ...
    naipes.web.state.StateError: The widget's state is damaged; reload the page.
    >>> load_json('{"seed": 1e9999}')
    {'seed': UNREADABLE}
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import MISSING, dataclass, field, fields
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..core.errors import NaipesError, SpecError
from ..core.i18n import LANGUAGES, N_
from ..core.options import Option, parse_number

#: What a widget says when its state (or a link's) cannot be read.
STATE_DAMAGED = N_("The widget's state is damaged; reload the page.")
#: The deepest nesting of lists and objects a state may have (the deepest real one has 4).
MAX_DEPTH = 8
#: The most characters of one number in a state's JSON (a seed has at most 19 digits).
MAX_NUMBER_TEXT = 40
#: The longest string a state field holds unless it says otherwise.
MAX_TEXT = 400
#: The most items of a list or object a state field holds unless it says otherwise.
MAX_ITEMS = 64

Reader = Callable[[object], Any]
StateT = TypeVar("StateT", bound="State")


class StateError(SpecError):
    """A widget state (or a link's) that does not fit its kind: always `STATE_DAMAGED`."""

    def __init__(self) -> None:
        super().__init__(STATE_DAMAGED)


class _Unreadable:
    """A number of a state's JSON that no field takes (`NaN`, `1e9999`, 41 digits): every reader refuses it."""

    def __repr__(self) -> str:
        return "UNREADABLE"


#: What `load_json` puts in place of a number no field takes, so the rest (the widget, the language) is still read.
UNREADABLE: Any = _Unreadable()


def _refuse(_text: str) -> object:
    return UNREADABLE


def _float(text: str) -> object:
    number = float(text) if len(text) <= MAX_NUMBER_TEXT else math.inf
    return number if math.isfinite(number) else UNREADABLE


def _int(text: str) -> object:
    return int(text) if len(text) <= MAX_NUMBER_TEXT else UNREADABLE


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[^\[\]{}]+")


def nesting(text: str) -> int:
    """The deepest nesting of `[` and `{` in a JSON text (brackets inside strings do not count).

    Examples:
        >>> nesting('{"a": [[1], "[[["]}'), nesting("[" * 5)
        (3, 5)
    """
    depth = deepest = 0
    for bracket in _BRACKETS.sub("", _STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def load_json(text: object, limit: int = 100_000) -> object:
    """The value of a JSON text no longer than `limit` and no deeper than `MAX_DEPTH`.

    A number no field takes (`NaN`, `1e9999`, more than `MAX_NUMBER_TEXT` characters) is read as
    `UNREADABLE`, which every reader refuses: the state is then damaged, but its widget and language
    are known, so the reader gets a fresh widget in that language.

    Raises:
        StateError: not a string, too long, too deep, or not JSON.

    Examples:
        >>> load_json('{"seed": 3, "pool": "10000"}')
        {'seed': 3, 'pool': '10000'}
        >>> load_json("[" * 20000)
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    if not isinstance(text, str) or len(text) > limit or nesting(text) > MAX_DEPTH:
        raise StateError()
    try:
        return json.loads(text, parse_constant=_refuse, parse_float=_float, parse_int=_int)
    except (ValueError, RecursionError):  # StateError is a ValueError too
        raise StateError() from None


# Readers: each takes a JSON value and returns it checked (as the field's type) or raises StateError.


def whole(low: int, high: int) -> Reader:
    """A reader of a whole number from `low` to `high` (a JSON integer, or a string of ASCII digits).

    Examples:
        >>> whole(1, 8)(6), whole(1, 8)("6")
        (6, 6)
        >>> whole(1, 8)("²")
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    def read(value: object) -> int:
        if isinstance(value, str) and len(value) <= MAX_NUMBER_TEXT:  # the engine's one number reader
            number = parse_number(value, whole=True)
            value = int(number) if number is not None else None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise StateError()
        return value
    return read


#: A seed's reader: a whole number from 0 to 2**63 - 1 (what `naipes.core.options.seed` accepts).
seed = whole(0, 2**63 - 1)


def exact(low: Fraction | int, high: Fraction | int) -> Reader:
    """A reader of an exact number from `low` to `high` written as text (`"1/4"`, `"0.05"`, `"10000"`), kept as text.

    Examples:
        >>> exact(0, 10**9)("175/2")
        '175/2'
        >>> exact(0, 10**9)("1e30")
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    def read(value: object) -> str:
        number = parse_number(value) if isinstance(value, str) and len(value) <= MAX_NUMBER_TEXT else None
        if number is None or not low <= number <= high:  # the engine's one number reader, exact
            raise StateError()
        return str(value)
    return read


def text(longest: int = MAX_TEXT) -> Reader:
    """A reader of a string of at most `longest` characters (what it means, the widget checks on use).

    Examples:
        >>> text(3)("abc")
        'abc'
    """
    def read(value: object) -> str:
        if not isinstance(value, str) or len(value) > longest:
            raise StateError()
        return value
    return read


def choice(*allowed: str) -> Reader:
    """A reader of one of the strings `allowed`.

    Examples:
        >>> choice("half", "prison")("prison")
        'prison'
    """
    def read(value: object) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise StateError()
        return value
    return read


def flag(value: object) -> bool:
    """A reader of `true` or `false`.

    Examples:
        >>> flag(True)
        True
    """
    if not isinstance(value, bool):
        raise StateError()
    return value


def nothing_or(reader: Reader) -> Reader:
    """A reader of `null` or what `reader` reads.

    Examples:
        >>> nothing_or(text(5))(None), nothing_or(text(5))("0:3")
        (None, '0:3')
    """
    def read(value: object) -> object:
        return None if value is None else reader(value)
    return read


def items(reader: Reader, most: int = MAX_ITEMS) -> Reader:
    """A reader of a list of at most `most` values, each read by `reader` (kept as a tuple).

    Examples:
        >>> items(text(12), 2)(["100", "250"])
        ('100', '250')
    """
    def read(value: object) -> tuple[object, ...]:
        if not isinstance(value, list) or len(value) > most:
            raise StateError()
        return tuple(reader(item) for item in value)
    return read


def row(*readers: Reader) -> Reader:
    """A reader of a list of exactly one value per reader, in order (kept as a tuple).

    Examples:
        >>> row(whole(0, 9), text(9))([3, "x"])
        (3, 'x')
    """
    def read(value: object) -> tuple[object, ...]:
        if not isinstance(value, list) or len(value) != len(readers):
            raise StateError()
        return tuple(reader(item) for reader, item in zip(readers, value))
    return read


def table_of(key: Reader, value: Reader, most: int = MAX_ITEMS) -> Reader:
    """A reader of a JSON object of at most `most` entries, its keys read by `key` and its values by `value`.

    Examples:
        >>> table_of(text(8), whole(0, 9))({"noir": 5})
        {'noir': 5}
    """
    def read(found: object) -> dict[str, object]:
        if not isinstance(found, dict) or len(found) > most:
            raise StateError()
        return {key(name): value(item) for name, item in found.items()}
    return read


def scalar(value: object) -> object:
    """A reader of a JSON string (short), number, `true`, `false` or `null` (a value whose meaning the game checks).

    Examples:
        >>> scalar(1), scalar(None)
        (1, None)
    """
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return text()(value)


def option_text(option: Option, offered: Sequence[str] = ()) -> Reader:
    """A reader of a value of the rules option `option` as the reader chose or typed it (kept as text).

    A value of a select (`option.values`, or the subset `offered` a widget's select shows) must be one it offers:
    nothing else can come from the page. A free field's text is only bounded here; the game reads it with
    `option.read` when it acts, so a bad typed value stays in its field with its message instead of damaging the
    state.

    Examples:
        >>> from naipes.core.options import DECKS, TIE_PAYS
        >>> option_text(DECKS)("6"), option_text(DECKS)(6), option_text(TIE_PAYS)("ocho")
        ('6', '6', 'ocho')
        >>> option_text(DECKS)("9")
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    def read(value: object) -> str:
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**MAX_NUMBER_TEXT:
            value = str(value)
        if not isinstance(value, str) or len(value) > MAX_NUMBER_TEXT:
            raise StateError()
        if (offered or option.values) and value not in (offered or option.values):
            raise StateError()
        return value
    return read


def option_value(option: Option) -> Reader:
    """A state slot's reader of a rules option's value, read by the option's own reader (a deck count as a
    number, as the state has always kept it).

    Examples:
        >>> from naipes.core.options import DECKS
        >>> option_value(DECKS)(6), option_value(DECKS)("8")
        (6, 8)
        >>> option_value(DECKS)(9)
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    as_text = option_text(option)

    def read(value: object) -> object:
        try:
            return option.read(as_text(value))
        except NaipesError:
            raise StateError() from None
    return read


def option_choices(options: Sequence[Option]) -> Reader:
    """A reader of the rules a reader chose in a widget: an object from option names of `options` to `option_text`.

    It is the one slot a widget keeps its rules in, derived from the rules class's `OPTIONS`; an option the
    game does not declare is refused.

    Examples:
        >>> from naipes.core.options import DECKS, TIE_PAYS
        >>> option_choices((DECKS, TIE_PAYS))({"decks": "8"})
        {'decks': '8'}
        >>> option_choices((DECKS,))({"pay_table": "b"})
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    readers = {option.name: option_text(option) for option in options}

    def read(value: object) -> dict[str, str]:
        if not isinstance(value, dict) or len(value) > len(readers):
            raise StateError()
        chosen: dict[str, str] = {}
        for name, typed in value.items():
            if name not in readers:
                raise StateError()
            chosen[name] = readers[name](typed)
        return chosen
    return read


class _Absent:
    """The default of a field a state may leave out (it is then left out of its JSON too)."""

    def __repr__(self) -> str:
        return "ABSENT"


#: The value of an optional field a state does not hold.
ABSENT: Any = _Absent()


def slot(reader: Reader, default: object = MISSING) -> Any:
    """A state field read by `reader`; with a `default` (e.g. `ABSENT`) the state may leave it out.

    Examples:
        >>> slot(flag).metadata["read"] is flag
        True
    """
    if default is MISSING:
        return field(metadata={"read": reader})
    return field(default=default, metadata={"read": reader})


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {name: _plain(item) for name, item in value.items()}
    return value


@dataclass(frozen=True, kw_only=True)
class State:
    """What every widget state holds: its kind, its language, and the game or family it is about.

    A kind's subclass adds one `slot` per key; `from_json` refuses any key it does not declare.

    Examples:
        >>> State.from_json({"widget": "models", "game": "chemin-de-fer", "lang": "ca"}).to_json()
        {'widget': 'models', 'lang': 'ca', 'game': 'chemin-de-fer'}
    """

    widget: str = slot(text(40))
    lang: str = slot(choice(*LANGUAGES))
    game: str = slot(text(40), ABSENT)
    family: str = slot(text(40), ABSENT)
    preset: str = slot(text(60), ABSENT)

    @classmethod
    def from_json(cls: type[StateT], data: object) -> StateT:
        """The state `data` (a decoded JSON object) holds, every field checked by its reader.

        Raises:
            StateError: not an object, a key the kind does not declare, a missing key, or a value its reader refuses.
        """
        if not isinstance(data, Mapping):
            raise StateError()
        declared = fields(cls)
        if set(data) - {slot.name for slot in declared}:
            raise StateError()
        values: dict[str, Any] = {}
        for declared_slot in declared:
            if declared_slot.name in data:
                values[declared_slot.name] = declared_slot.metadata["read"](data[declared_slot.name])
            elif declared_slot.default is MISSING:
                raise StateError()
        return cls(**values)

    def evolve(self: StateT, **changes: object) -> StateT:
        """A copy with `changes` (`ABSENT` leaves a field out), checked by the class as a page's state is.

        A game that makes a state its own class refuses is a bug, not the reader's input: it raises `TypeError`
        (which `naipes.web.registry` records in `UNEXPECTED`).

        Examples:
            >>> State.from_json({"widget": "models", "lang": "ca"}).evolve(lang="en").lang
            'en'
        """
        data = self.to_json()
        for name, value in changes.items():
            if value is ABSENT:
                data.pop(name, None)
            else:
                data[name] = _plain(value)
        try:
            return type(self).from_json(data)
        except StateError:
            raise TypeError(f"{type(self).__name__} refuses {sorted(changes)}: {changes!r}"[:300]) from None

    def to_json(self) -> dict[str, object]:
        """The state as the plain JSON object widgets read and pages keep (fields left out stay out)."""
        return {slot.name: _plain(getattr(self, slot.name)) for slot in fields(self)
                if getattr(self, slot.name) is not ABSENT}


def check(kind: type[State] | None, data: Mapping[str, object]) -> dict[str, object]:
    """`data` checked by the state class `kind` (a copy of it when the kind declares none).

    Raises:
        StateError: `data` does not fit `kind`.

    Examples:
        >>> check(State, {"widget": "models", "lang": "xx"})
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    if kind is None:
        return dict(data)
    return kind.from_json(data).to_json()


__all__ = ["ABSENT", "MAX_DEPTH", "STATE_DAMAGED", "UNREADABLE", "State", "StateError", "check", "choice", "exact", "flag",
           "items", "load_json", "nesting", "nothing_or", "option_choices", "option_text", "option_value", "row", "scalar", "seed",
           "slot", "table_of", "text", "whole"]
