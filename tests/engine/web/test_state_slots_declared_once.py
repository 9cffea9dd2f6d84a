"""No option is declared in more than one place, extended to the widgets' state slots (issue 24).

A rules option is declared once, as a `core.options.Option` on its rules class. A widget state slot that holds
such an option reads it with `option_text(option)` or `option_choices(OPTIONS)`, which take its values from the
declaration. A slot that writes the option's range again — `whole(1, 8)` for the decks, `choice("half",
"prison")` for the 31–31 rule, `exact(0, 1)` for a commission — is a second declaration: it is flagged when its
name is an option of a game whose widget kind holds it, or when the values it accepts are exactly the values
an option of that game offers. Free text slots (`text(n)`) only bound a length and declare no range.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Callable

import naipes
from naipes import widgets
from naipes.core.options import Option
from naipes.games import registry as games
from naipes.web.registry import _REGISTRY
from naipes.web.state import State, choice, exact, nothing_or, option_choices, option_text, slot, text, whole

ENGINE = Path(naipes.__file__).resolve().parent

def closure(reader: Callable) -> dict[str, object]:
    """The variables a reader made by `naipes.web.state` closes over (`whole`'s `low` and `high`, ...)."""
    code = getattr(reader, "__code__", None)
    if code is None or not reader.__closure__:
        return {}
    return {name: cell.cell_contents for name, cell in zip(code.co_freevars, reader.__closure__)}


def maker(reader: Callable) -> str:
    """The `naipes.web.state` function that made `reader` (`whole`, `choice`, `option_text`, ...), or ''."""
    qualname = getattr(reader, "__qualname__", "")
    return qualname.split(".<locals>.")[0] if ".<locals>." in qualname else ""


def derived_options(reader: Callable) -> set[str]:
    """The names of the options a slot's reader is derived from (empty for a reader of another kind).

    Examples:
        >>> from naipes.core.options import DECKS, TIE_PAYS
        >>> sorted(derived_options(option_choices((DECKS, TIE_PAYS)))), derived_options(option_text(DECKS))
        (['decks', 'tie_pays'], {'decks'})
        >>> derived_options(whole(1, 8))
        set()
    """
    found = closure(reader)
    if maker(reader) in ("option_text", "option_value"):  # option_value: read to the option's type
        option = found["option"]
        assert isinstance(option, Option)
        return {option.name}
    if maker(reader) == "option_choices":
        readers = found["readers"]
        assert isinstance(readers, dict)
        return set(readers)
    if maker(reader) == "nothing_or":
        return derived_options(found["reader"])  # type: ignore[arg-type]
    return set()


def declared_range(reader: Callable) -> frozenset[str] | None:
    """The values a slot's reader accepts when it declares them (`whole`'s range as text, `choice`'s values);
    `None` for a reader that declares none (text, flags, lists) or a range too wide to be an option's values.

    Examples:
        >>> sorted(declared_range(whole(6, 8))), sorted(declared_range(choice("b", "a")))
        (['6', '7', '8'], ['a', 'b'])
        >>> declared_range(text(8)) is None and declared_range(whole(0, 2**63 - 1)) is None
        True
    """
    found = closure(reader)
    if maker(reader) == "whole" and int(found["high"]) - int(found["low"]) < 1000:  # type: ignore[call-overload]
        return frozenset(str(n) for n in range(int(found["low"]), int(found["high"]) + 1))  # type: ignore[call-overload]
    if maker(reader) == "choice":
        return frozenset(found["allowed"])  # type: ignore[arg-type]
    if maker(reader) == "nothing_or":
        return declared_range(found["reader"])  # type: ignore[arg-type]
    return None


def declares_a_range(reader: Callable) -> bool:
    """A reader that writes down what it accepts: a range (`whole`, `exact`) or values (`choice`)."""
    inner = closure(reader).get("reader") if maker(reader) == "nothing_or" else reader
    return maker(inner) in ("whole", "exact", "choice")  # type: ignore[arg-type]


def redeclared(state_class: type[State], game_options: tuple[Option, ...]) -> list[str]:
    """The slots of `state_class` that re-declare one of `game_options` instead of deriving from it."""
    found = []
    for declared in fields(state_class):
        reader = declared.metadata["read"]
        if derived_options(reader):
            continue
        accepted = declared_range(reader)
        for option in game_options:
            same_name = declared.name in {option.name, option.dest, option.field}
            same_values = accepted is not None and len(option.values) > 1 and accepted == frozenset(option.values)
            if (same_name and declares_a_range(reader)) or same_values:
                found.append(f"{state_class.__name__}.{declared.name} re-declares the option {option.name!r}")
    return found


def module_place(state_class: type[State]) -> str:
    """Where a state class is declared: its module's path under the engine (`web/trainer.py`, `games/poker`)."""
    path = Path(sys.modules[state_class.__module__].__file__ or "").resolve()
    relative = path.relative_to(ENGINE)
    return relative.as_posix() if len(relative.parts) == 2 else relative.parent.as_posix()


def offenders() -> dict[str, set[str]]:
    """Each module whose state classes re-declare an option of a game whose widget holds them, with the slots."""
    widgets.load_all()
    found: dict[str, set[str]] = {}
    for (kind, target), widget in sorted(_REGISTRY.items()):
        if target.startswith("family:"):
            continue
        state_class = widget.state
        for line in redeclared(state_class, games.game(target).options):
            found.setdefault(module_place(state_class), set()).add(f"{line} of {target}")
    return found


def test_no_state_slot_re_declares_an_option():
    found = {place: sorted(lines) for place, lines in offenders().items()}
    assert not found, f"derive these slots from the options (option_text, option_choices): {found}"


@dataclass(frozen=True, kw_only=True)
class _Example(State):
    decks: int = slot(whole(1, 8))
    eights: str = slot(choice(*(str(n) for n in range(1, 9))))
    commission: str = slot(exact(0, 1))
    tie_pays: str = slot(text(8))
    rule: str | None = slot(nothing_or(choice("half", "prison")))


@dataclass(frozen=True, kw_only=True)
class _Derived(State):
    decks: str = slot(option_text(games.game("punto-banca").options[0]))
    rules: dict[str, str] = slot(option_choices(games.game("treinta-y-cuarenta").options))


def test_the_check_flags_a_re_declared_range_and_spares_a_derived_slot():
    treinta = games.game("treinta-y-cuarenta").options
    punto = games.game("punto-banca").options
    assert {option.name for option in treinta} >= {"decks", "tie_31"}
    assert {option.name for option in punto} >= {"decks", "commission", "tie_pays"}
    assert redeclared(_Example, punto) == [  # the decks by name and by values; a commission's range; not free text
        "_Example.decks re-declares the option 'decks'", "_Example.eights re-declares the option 'decks'",
        "_Example.commission re-declares the option 'commission'"]
    assert redeclared(_Example, treinta) == [
        "_Example.decks re-declares the option 'decks'", "_Example.eights re-declares the option 'decks'",
        "_Example.rule re-declares the option 'tie_31'"]
    assert redeclared(_Derived, treinta) == redeclared(_Derived, punto) == []

