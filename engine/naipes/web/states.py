"""The state of every widget kind, declared once: one frozen `State` subclass per kind (see `naipes.web.state`).

`naipes.web.registry` checks every state it reads (a page's, a link's) with
its kind's class here before a widget acts on it or shows it, so a value of
the wrong type, out of range, infinite, too long or too deeply nested never
reaches a game.

Examples:
    >>> STATES["pots"].from_json({"widget": "pots", "lang": "en", "players": 1e30})
    Traceback (most recent call last):
    ...
    naipes.web.state.StateError: The widget's state is damaged; reload the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..core.options import DECK_COUNTS
from .state import (ABSENT, Reader, State, StateError, choice, flag, items, nothing_or, row, seed, slot, text,
                    whole)

#: The largest amount of money or chips any state holds (a pool, a stake, a payout).
MOST_MONEY = 10**12
#: The most steps, answers or moves a played widget's state holds.
MOST_STEPS = 10_000

_decks = whole(DECK_COUNTS[0], DECK_COUNTS[-1])
_answers = items(text(40), 50)
_choice_text = text(40)
_chips = whole(0, MOST_MONEY)


@dataclass(frozen=True, kw_only=True)
class CoupState(State):
    """A coup one plays step by step (Black Jack; baccarat's games and Treinta y Cuarenta declare their own)."""

    seed: int = slot(seed)
    answers: tuple[str, ...] = slot(_answers, ABSENT)
    decks: int = slot(_decks, ABSENT)
    bet: int = slot(_chips, ABSENT)
    pp: int = slot(whole(0, 1000), ABSENT)
    third: bool = slot(flag, ABSENT)
    advice: bool = slot(flag, ABSENT)


@dataclass(frozen=True, kw_only=True)
class DecksState(State):
    """A table whose only setting is the number of decks (the dealer's totals, a basic strategy)."""

    decks: int = slot(_decks, ABSENT)


def _ratio(longest: int, most: int) -> Reader:
    """A reader of an exact fraction `p/q` or `p` of at most `longest` characters and from -`most` to `most`.

    Examples:
        >>> _ratio(20, 10)("-7/3")
        '-7/3'
        >>> _ratio(20, 10)("1000/3")
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    shape = re.compile(r"-?[0-9]+(/[1-9][0-9]*)?")

    def read(value: object) -> str:
        if not isinstance(value, str) or len(value) > longest or not shape.fullmatch(value):
            raise StateError()
        if abs(Fraction(value)) > most:
            raise StateError()
        return value
    return read


#: A decision's value or cost per unit bet (a bet's result is never more than a few hundred bets).
_exact_value = _ratio(200, 10**4)
_situation = text(120)
_action = text(24)


@dataclass(frozen=True, kw_only=True)
class TrainerState(State):
    """A training session (`naipes.web.trainer`): the seed, the mode, the current hand and the tally so far.

    `verdicts` judge the current hand's `answers` in order: `[situation, chosen, best, best value, cost]`;
    `worst` is the costliest decision of the session before this hand: `[hand, situation, chosen, best, cost]`.
    """

    seed: int = slot(seed)
    mode: str = slot(choice("practise", "test"))
    drill: str = slot(text(24))
    decks: int = slot(_decks, ABSENT)
    hand: int = slot(whole(1, 10**9))
    answers: tuple[str, ...] = slot(items(_action, 40))
    verdicts: tuple[tuple[str, str, str, str, str], ...] = slot(
        items(row(_situation, _action, _action, _exact_value, _exact_value), 40))
    decisions: int = slot(whole(0, 10**9))
    mistakes: int = slot(whole(0, 10**9))
    cost: str = slot(_ratio(1000, 10**12))
    worst: tuple[int, str, str, str, str] | None = slot(
        nothing_or(row(whole(1, 10**9), _situation, _action, _action, _exact_value)))


#: The state class of each widget kind (a kind that is not here has only the fields of `State`).
STATES: dict[str, type[State]] = {
    "coup": CoupState, "dealer": DecksState, "strategy": DecksState,
    "trainer": TrainerState,
}


def state_of(kind: str) -> type[State]:
    """The state class of the widget kind `kind` (`State` itself for a kind that holds nothing else).

    Examples:
        >>> state_of("coup").__name__, state_of("rules").__name__
        ('CoupState', 'State')
    """
    return STATES.get(kind, State)


__all__ = ["STATES", "CoupState", "DecksState", "State", "TrainerState", "state_of"]
