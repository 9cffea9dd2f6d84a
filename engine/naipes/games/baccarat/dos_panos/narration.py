"""The events of the bacarrá a dos paños that the family's events do not cover, and their narration.

Examples:
    >>> narrate(PanoResult("pano2", "banker", 4, 6), "es")
    'El segundo paño: 4 contra 6 de la banca, gana la banca.'
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.i18n import N_, translate
from ....core.model import Event
from ....core.narration import narrate, with_rule
from ..kernel import BANKER, PLAYER, TIE
from ..narration import hand_name

#: A paño's result against the banker, as the croupier announces it.
WINNERS = {PLAYER: N_("the paño wins"), BANKER: N_("the banker wins"), TIE: N_("a tie, the coup is void")}


@dataclass(frozen=True)
class BankerNatural(Event):
    """The banker shows a natural on two cards: the coup ends on both paños."""

    total: int


@dataclass(frozen=True)
class PanoNatural(Event):
    """A paño shows a natural on two cards: it stands, and waits for the banker."""

    pano: str
    total: int


@dataclass(frozen=True)
class BankerFree(Event):
    """The rules leave the banker on `total` free to draw or stand against both paños."""

    total: int


@dataclass(frozen=True)
class BankerChosen(Event):
    """The banker on `total` chose, by no rule (the reader's own choice)."""

    total: int
    draws: bool


@dataclass(frozen=True)
class BankerRule(Event):
    """The banker on `total` draws or stands because a rule says so (a forced draw, the table, a conduct)."""

    total: int
    draws: bool


@dataclass(frozen=True)
class PanoResult(Event):
    """One paño's result against the banker (`winner`: `player` is the paño), with its final totals."""

    pano: str
    winner: str
    player: int
    banker: int


def _say(message: str, event: Event, lang: str, **params: object) -> str:
    return with_rule(translate(message, lang).format(**params), event.rule, lang)


@narrate.register
def _(event: BankerNatural, lang: str) -> str:
    return _say(N_("Banker has a natural {total}: he shows it and the coup ends on both paños."), event, lang,
                total=event.total)


@narrate.register
def _(event: PanoNatural, lang: str) -> str:
    return _say(N_("{hand} has a natural {total} and shows it."), event, lang, hand=hand_name(event.pano, lang),
                total=event.total)


@narrate.register
def _(event: BankerFree, lang: str) -> str:
    return _say(N_("Banker has {total} and may choose: card or no."), event, lang, total=event.total)


@narrate.register
def _(event: BankerChosen, lang: str) -> str:
    message = N_("Banker has {total} and chooses: card.") if event.draws else N_("Banker has {total} and chooses: no.")
    return _say(message, event, lang, total=event.total)


@narrate.register
def _(event: BankerRule, lang: str) -> str:
    message = N_("Banker has {total}: draws.") if event.draws else N_("Banker has {total}: stands.")
    return _say(message, event, lang, total=event.total)


@narrate.register
def _(event: PanoResult, lang: str) -> str:
    return _say(N_("{hand}: {player} against the banker's {banker}, {outcome}."), event, lang,
                hand=hand_name(event.pano, lang), player=event.player, banker=event.banker,
                outcome=translate(WINNERS[event.winner], lang))
