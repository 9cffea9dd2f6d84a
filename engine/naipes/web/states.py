"""The state of every widget kind, declared once: one frozen `State` subclass per kind (see `naipes.web.state`).

`naipes.web.registry` checks every state it reads (a page's, a link's) with
its kind's class here before a widget acts on it or shows it, so a value of
the wrong type, out of range, infinite, too long or too deeply nested never
reaches a game.

Examples:
    >>> STATES["progressive"].from_json({"widget": "progressive", "lang": "en", "pool": "1e30"})
    Traceback (most recent call last):
    ...
    naipes.web.state.StateError: The widget's state is damaged; reload the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.options import DECK_COUNTS
from .state import (ABSENT, Reader, State, StateError, choice, exact, flag, items, nothing_or, row, scalar, seed, slot, table_of, text,
                    whole)

#: The largest amount of money or chips any state holds (a pool, a stake, a payout).
MOST_MONEY = 10**12
#: The most steps, answers or moves a played widget's state holds.
MOST_STEPS = 10_000

_decks = whole(DECK_COUNTS[0], DECK_COUNTS[-1])
_step = whole(0, MOST_STEPS)
_answers = items(text(40), 50)
_choice_text = text(40)
_money = exact(0, MOST_MONEY)
_chips = whole(0, MOST_MONEY)
_card_text = text(200)


@dataclass(frozen=True, kw_only=True)
class CoupState(State):
    """A coup one plays step by step (baccarat's games, Black Jack, Treinta y Cuarenta)."""

    seed: int = slot(seed)
    step: int = slot(_step, ABSENT)
    answers: tuple[str, ...] = slot(_answers, ABSENT)
    decks: int = slot(_decks, ABSENT)
    bet: int = slot(_chips, ABSENT)
    advice: bool = slot(flag, ABSENT)
    side: str = slot(_choice_text, ABSENT)
    opponent: str = slot(_choice_text, ABSENT)
    stake: int = slot(_chips, ABSENT)
    stake_text: str = slot(text(40), ABSENT)
    boxes: int = slot(whole(1, 12), ABSENT)
    rule: str = slot(_choice_text, ABSENT)
    stakes: dict[str, int] = slot(table_of(_choice_text, _chips, 8), ABSENT)
    coups: tuple[dict[str, int], ...] = slot(items(table_of(_choice_text, _chips, 8), 60), ABSENT)


@dataclass(frozen=True, kw_only=True)
class TableState(State):
    """A table of a poker game or of Siete y medio, played hand by hand."""

    seed: int = slot(seed)
    step: int = slot(_step, ABSENT)
    answers: tuple[str, ...] = slot(_answers, ABSENT)
    engines: int = slot(whole(1, 12), ABSENT)
    hands: int = slot(whole(1, 1000), ABSENT)
    bank_face_up: bool = slot(flag, ABSENT)
    play: tuple[tuple[tuple[object, ...], ...], ...] = slot(
        items(items(items(scalar, 3), MOST_STEPS), 1000), ABSENT)
    bet: str = slot(text(40), ABSENT)
    offer: str = slot(text(40), ABSENT)
    odds: bool = slot(flag, ABSENT)
    fill: int = slot(whole(0, MOST_STEPS), ABSENT)


@dataclass(frozen=True, kw_only=True)
class OddsState(State):
    """The odds of a game's bets or hands under settings the reader picks."""

    decks: int = slot(_decks, ABSENT)
    punto: str = slot(_choice_text, ABSENT)
    banker: str = slot(_choice_text, ABSENT)
    panos: str = slot(_choice_text, ABSENT)
    commission: str = slot(text(20), ABSENT)
    tie_pays: int = slot(whole(0, 1000), ABSENT)
    five: str = slot(_choice_text, ABSENT)
    insurance: str = slot(_choice_text, ABSENT)
    rule: str = slot(_choice_text, ABSENT)
    left: int = slot(whole(0, 8 * 52), ABSENT)
    deck: str = slot(_choice_text, ABSENT)
    players: int = slot(whole(1, 12), ABSENT)
    hands: tuple[str, ...] = slot(items(_card_text, 12), ABSENT)
    board: str = slot(_card_text, ABSENT)
    dead: str = slot(_card_text, ABSENT)
    seed: int = slot(seed, ABSENT)
    runs: int = slot(whole(0, 1000), ABSENT)


@dataclass(frozen=True, kw_only=True)
class ProgressiveState(State):
    """A progressive jackpot's pools after many deals."""

    seed: int = slot(seed)
    commission: str = slot(exact(0, 1))
    reserve: str = slot(exact(0, 1))
    base: str = slot(exact(0, 10**9))
    winners: str = slot(_choice_text)
    hand: str = slot(_choice_text, ABSENT)
    deals: int = slot(whole(0, 10**7))
    pool: str = slot(_money)
    reserve_pool: str = slot(_money)
    house: str = slot(exact(-MOST_MONEY, MOST_MONEY))  # the house can be behind: a prize bigger than what it kept
    paid: str = slot(_money)
    collected: str = slot(_money)
    wins: tuple[tuple[int, int, str, str], ...] = slot(
        items(row(whole(0, 10**7), whole(0, 20), _choice_text, _money), 20))


@dataclass(frozen=True, kw_only=True)
class PotsState(State):
    """The pots of one circle-poker hand: each player's stake (as typed) and place."""

    players: int = slot(whole(2, 12))
    stakes: tuple[str, ...] = slot(items(text(12), 12))
    places: tuple[str, ...] = slot(items(text(12), 12))
    house: str = slot(_choice_text)
    rake: str = slot(text(20))
    cap: str = slot(text(20))


@dataclass(frozen=True, kw_only=True)
class ShowdownState(State):
    """A dealt poker showdown between players."""

    deck: str = slot(_choice_text)
    players: int = slot(whole(1, 12))
    seed: int = slot(seed)
    hands: tuple[str, ...] = slot(items(_card_text, 12))
    board: str = slot(_card_text)
    dealt: bool = slot(flag)


@dataclass(frozen=True, kw_only=True)
class DecideFiveState(State):
    """Chemin de fer's choice at five: the model, the decks, the commission and the banker's total."""

    model: str = slot(_choice_text)
    decks: int = slot(_decks)
    commission: str = slot(exact(0, 1))
    total: int = slot(whole(0, 9))


@dataclass(frozen=True, kw_only=True)
class TableauState(State):
    """The tableau of drawing rules, with the cell the reader picked."""

    decks: int = slot(_decks)
    selected: str | None = slot(nothing_or(text(20)))


@dataclass(frozen=True, kw_only=True)
class RankingsState(State):
    """The hand rankings for a number of cards and a deck."""

    cards: int = slot(whole(2, 7))
    deck: str = slot(_choice_text)


@dataclass(frozen=True, kw_only=True)
class ChartState(State):
    """A chart and the reader's choices on it (`naipes.web.charts` checks each against the chart's own controls)."""

    chart: str = slot(_choice_text)
    decks: str = slot(text(2), ABSENT)
    commission: str = slot(text(8), ABSENT)
    soft_17: str = slot(text(8), ABSENT)
    total: str = slot(text(2), ABSENT)
    opponent: str = slot(text(12), ABSENT)
    first: str = slot(text(8), ABSENT)


#: The state class of each widget kind (a kind that is not here has only the fields of `State`).
STATES: dict[str, type[State]] = {
    "coup": CoupState, "table": TableState, "odds": OddsState, "progressive": ProgressiveState,
    "pots": PotsState, "showdown": ShowdownState,
    "decide-five": DecideFiveState, "tableau": TableauState, "rankings": RankingsState, "chart": ChartState,
}


def state_of(kind: str) -> type[State]:
    """The state class of the widget kind `kind` (`State` itself for a kind that holds nothing else).

    Examples:
        >>> state_of("coup").__name__, state_of("rules").__name__
        ('CoupState', 'State')
    """
    return STATES.get(kind, State)


__all__ = ["STATES", "ChartState", "CoupState", "DecideFiveState", "OddsState", "PotsState", "ProgressiveState",
           "RankingsState", "ShowdownState", "State", "TableState", "TableauState", "state_of"]
