"""Punto y Banca (punt i banca, baccarat): rules object, presets, and the coup.

The coup follows the sources: cards are dealt punto, banca, punto, banca; an 8
or 9 on two cards ("natural") ends the coup; the punto draws on 0–5 and stands
on 6–7; the banca then draws by the table printed in source 004.

>>> from naipes.cards import parse_cards
>>> coup = PuntoBancaCoup(PRESETS["catalogo-es"])
>>> for card in parse_cards("2s 4h 3d Kc 8c"):
...     _ = coup.deal(card)
>>> coup.player_total, coup.banker_total, coup.winner
(3, 4, 'banker')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping

from .cards import Card
from .errors import RulesError
from .i18n import N_
from .shoe import BURN_BY_TURNED_CARD, BURN_NONE, Burn, StopCard
from .sources import (BACCARAT_SHEET, CATALAN_DECREE, CLASSIFIER_BO_CL, SPANISH_CATALOGUE,
                      Citation)

PLAYER = "player"
BANKER = "banker"
TIE = "tie"
BETS = (BANKER, PLAYER, TIE)

#: The banca's third-card table exactly as printed in source 004: one row per
#: banca total (0–7), one letter per value of the punto's third card (0–9);
#: ``D`` = draw (pedir), ``S`` = stand (pasar).
BANKER_TABLE_004 = {
    7: "SSSSSSSSSS",
    6: "SSSSSSDDSS",
    5: "SSSSDDDDSS",
    4: "SSDDDDDDSS",
    3: "DDDDDDDDSD",
    2: "DDDDDDDDDD",
    1: "DDDDDDDDDD",
    0: "DDDDDDDDDD",
}
#: When the punto stood (6 or 7), the banca draws on 0–5 and stands on 6–7 (source 004).
BANKER_DRAWS_WHEN_PLAYER_STOOD = frozenset(range(6))
PLAYER_DRAWS_ON = frozenset(range(6))


def hand_total(values) -> int:
    """Baccarat total: the units digit of the sum of the card values.

    >>> hand_total([8, 9])
    7
    """
    return sum(values) % 10


@dataclass(frozen=True)
class DrawingRules:
    """Who draws a third card: the punto's totals that draw, and the banca's table.

    Sources 000 and 002 print no table of their own (000 says "Véase en formato
    PDF", 002's annex is missing), so every preset uses the table printed in
    source 004 (:data:`SOURCE_004_DRAWING`) — an *interpretation*, kept as the
    named option ``PuntoBancaRules.drawing``.
    """

    name: str
    player_draws_on: frozenset[int]
    banker_table: Mapping[int, str]
    banker_draws_when_player_stood: frozenset[int]

    def player_draws(self, total: int) -> bool:
        return total in self.player_draws_on

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        if player_third is None:
            return total in self.banker_draws_when_player_stood
        if total >= 8:
            return False
        return self.banker_table[total][player_third] == "D"


SOURCE_004_DRAWING = DrawingRules("source-004", PLAYER_DRAWS_ON, BANKER_TABLE_004, BANKER_DRAWS_WHEN_PLAYER_STOOD)
DRAWING_RULES = {SOURCE_004_DRAWING.name: SOURCE_004_DRAWING}


def player_draws(total: int, drawing: DrawingRules = SOURCE_004_DRAWING) -> bool:
    """The punto's rule: draw on 0–5, stand on 6–7 (8–9 are naturals).

    >>> [player_draws(t) for t in range(8)]
    [True, True, True, True, True, True, False, False]
    """
    return drawing.player_draws(total)


def banker_draws(total: int, player_third: int | None, drawing: DrawingRules = SOURCE_004_DRAWING) -> bool:
    """The banca's rule: by the table of source 004, or 0–5 draws when the punto stood.

    ``player_third`` is the baccarat value (0–9) of the punto's third card, or
    ``None`` when the punto stood.

    >>> banker_draws(3, 8), banker_draws(3, 9), banker_draws(6, 7), banker_draws(5, None)
    (False, True, True, True)
    """
    return drawing.banker_draws(total, player_third)


def next_hand(player: list[int], banker: list[int], drawing: DrawingRules = SOURCE_004_DRAWING) -> str | None:
    """Who receives the next card, from the values dealt so far; ``None`` ends the coup.

    The one definition of the deal that the coup, the exact analysis and the
    plain enumeration share: punto, banca, punto, banca; naturals end it; then
    the punto's rule and the banca's table.

    >>> next_hand([], []), next_hand([4], [1]), next_hand([4, 4], [1, 0]), next_hand([3, 3], [2, 3])
    ('player', 'player', None, 'banker')
    """
    p, b = len(player), len(banker)
    if p < 2 or b < 2:
        return PLAYER if p == b else BANKER
    pt, bt = hand_total(player[:2]), hand_total(banker[:2])
    if pt >= 8 or bt >= 8 or b == 3:
        return None
    if p == 2:
        if drawing.player_draws(pt):
            return PLAYER
        return BANKER if drawing.banker_draws(bt, None) else None
    return BANKER if drawing.banker_draws(bt, player[2]) else None


@dataclass(frozen=True)
class PuntoBancaRules:
    """Every variable a regulation sets for Punto y Banca, as a named field.

    ``banker_pays`` is what a winning Banca bet is paid per unit staked: the 5 %
    deduction of the Spanish catalogue and the Catalan decree's "pagament de 19
    a 20" are both ``Fraction(19, 20)``; Uruguay's 10 % is ``Fraction(9, 10)``.
    ``tie_pays`` is the Empate/Igualtat payout *to one*; on a tie the Punto and
    Banca bets are returned.

    >>> PuntoBancaRules(decks=8).decks
    8
    >>> PuntoBancaRules(decks=0)
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: Decks must be a whole number from 1 to 8, not 0.
    """

    name: str = "custom"
    decks: int = 6
    banker_pays: Fraction = Fraction(19, 20)
    player_pays: Fraction = Fraction(1)
    tie_pays: int = 8
    stop_card: StopCard | None = StopCard(7)
    burn: Burn = Burn(BURN_BY_TURNED_CARD)
    dealer: str = "player"
    seats: int | None = None
    tie_bet_max_share: Fraction | None = None
    table_max_multiple: tuple[int, int] | None = None
    drawing: DrawingRules = SOURCE_004_DRAWING
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=self.decks)
        if not 0 < Fraction(self.banker_pays) <= 1:
            raise RulesError("The Banca payout must be more than 0 and at most 1 to 1, not {pays}.",
                             pays=self.banker_pays)
        if not isinstance(self.tie_pays, int) or not 1 <= self.tie_pays <= 50:
            raise RulesError("The tie payout must be a whole number from 1 to 50, not {pays}.",
                             pays=self.tie_pays)
        if self.dealer not in ("player", "croupier"):
            raise RulesError("The dealer must be 'player' or 'croupier', not {dealer!r}.", dealer=self.dealer)

    @property
    def commission(self) -> Fraction:
        """The share of a winning Banca bet kept by the house (``1 - banker_pays``)."""
        return 1 - Fraction(self.banker_pays)

    def with_options(self, decks: int | None = None, commission: Fraction | str | float | None = None,
                     tie_pays: int | None = None) -> "PuntoBancaRules":
        """A copy with some options changed (the CLI's and the widgets' overrides).

        >>> PRESETS["cat-2016"].with_options(commission="0.10").banker_pays
        Fraction(9, 10)
        """
        changes: dict[str, object] = {}
        if decks is not None:
            changes["decks"] = decks
        if commission is not None:
            try:
                rate = Fraction(str(commission))
            except (ValueError, ZeroDivisionError):
                raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.",
                                 value=commission) from None
            if not 0 <= rate <= Fraction(1, 2):
                raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.",
                                 value=commission)
            changes["banker_pays"] = 1 - rate
        if tie_pays is not None:
            changes["tie_pays"] = tie_pays
        if not changes:
            return self
        return replace(self, name=self.name if self.name == "custom" else self.name + "+options", **changes)


_STOP_7 = StopCard(7)
_BURN_BY_VALUE = Burn(BURN_BY_TURNED_CARD)

#: Interpretation msgids shared by several presets.
TIE_BET_SILENT = N_("The source describes a tie as a void coup and names no tie bet; the engine offers "
                  "the tie bet at 8 to 1 (option tie_pays).")
BURN_TURNED_CARD = N_("The source does not say whether the turned card is one of the cards it burns; the "
                    "engine burns it and then as many cards as its value (option burn.turned_card_included).")
DECKS_SILENT_6 = N_("The source does not give the number of decks for this game; the engine uses 6 "
                    "(option decks).")
DECKS_SILENT_8 = N_("The source does not give the number of decks for this game; the engine uses 8 "
                    "(option decks).")

_CATALOGUE_CITATIONS = (
    Citation(SPANISH_CATALOGUE, "Punto y banca, a) Cartas",
             "Se utilizarán seis barajas, de 52 cartas con índices"),
    Citation(SPANISH_CATALOGUE, "Punto y banca, banca",
             "se efectuará una deducción del cinco por ciento de las apuestas ganadoras"),
    Citation(SPANISH_CATALOGUE, "Punto y banca, desarrollo del juego",
             "cuidando de que por debajo de ella queden siete cartas"),
    Citation(SPANISH_CATALOGUE, "Punto y banca, desarrollo del juego",
             "el valor de las figuras y los dieces será de diez puntos"),
)
_DECREE_CITATIONS = (
    Citation(CATALAN_DECREE, "Punt i banca, V. Banca",
             "el pagament serà de 19 a 20"),
    Citation(CATALAN_DECREE, "Punt i banca, V. Banca",
             "En el cas “d’igualtat”, el pagament serà de 8 a 1"),
    Citation(CATALAN_DECREE, "Punt i banca, V. Banca",
             "no podran ser superiors al 10% del màxim de la taula"),
    Citation(CATALAN_DECREE, "Punt i banca, V. Banca",
             "entre 20 i 100 vegades el mínim"),
    Citation(CATALAN_DECREE, "Punt i banca, VII. Desenvolupament del joc",
             "per sota d’aquesta carta en quedin set"),
)

_CAT_2016 = PuntoBancaRules(
    name="cat-2016", decks=6, banker_pays=Fraction(19, 20), tie_pays=8,
    stop_card=_STOP_7, burn=_BURN_BY_VALUE, dealer="player",
    tie_bet_max_share=Fraction(1, 10), table_max_multiple=(20, 100),
    citations=_DECREE_CITATIONS,
    interpretations=(DECKS_SILENT_6, BURN_TURNED_CARD))

PRESETS: Mapping[str, PuntoBancaRules] = {
    "catalogo-es": PuntoBancaRules(
        name="catalogo-es", decks=6, banker_pays=Fraction(19, 20), tie_pays=8,
        stop_card=_STOP_7, burn=_BURN_BY_VALUE, dealer="player",
        citations=_CATALOGUE_CITATIONS,
        interpretations=(TIE_BET_SILENT, BURN_TURNED_CARD,
                         N_("The maximum stake is printed as \"50 o veces el mínimo\": a number is missing, "
                            "so the engine sets no table maximum."))),
    "catalogo-es-mini": PuntoBancaRules(
        name="catalogo-es-mini", decks=6, banker_pays=Fraction(19, 20), tie_pays=8,
        stop_card=_STOP_7, burn=_BURN_BY_VALUE, dealer="croupier", seats=7,
        citations=_CATALOGUE_CITATIONS + (
            Citation(SPANISH_CATALOGUE, "Mini punto y banca",
                     "una mesa semicircular con una capacidad máxima de siete jugadores"),
            Citation(SPANISH_CATALOGUE, "Mini punto y banca",
                     "un lugar marcado por un círculo donde se irá depositando el cinco por ciento")),
        interpretations=(TIE_BET_SILENT, BURN_TURNED_CARD)),
    "cat-2016": _CAT_2016,
    # The decree's reduced tables: the big table's rules, dealt by the croupier, with a seat limit.
    "cat-2016-mini": replace(
        _CAT_2016, name="cat-2016-mini", dealer="croupier", seats=7,
        citations=_DECREE_CITATIONS + (
            Citation(CATALAN_DECREE, "Punt i banca", "igual o inferior a 7 (taula de mini punt i banca)"),)),
    "cat-2016-midi": replace(
        _CAT_2016, name="cat-2016-midi", dealer="croupier", seats=9,
        citations=_DECREE_CITATIONS + (
            Citation(CATALAN_DECREE, "Punt i banca", "igual o inferior a 9 (taula de midi punt i banca)"),)),
    "clasificador-bo-cl": PuntoBancaRules(
        name="clasificador-bo-cl", decks=8, banker_pays=Fraction(19, 20), tie_pays=8,
        stop_card=StopCard(6), burn=Burn(BURN_NONE), dealer="player",
        citations=(
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, corte",
                     "Luego debe tomar 6 cartas de la parte posterior del mazo atrás y colocar sobre "
                     "esas 6 cartas, la carta de corte"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, empate",
                     "las apuestas ganadoras son las que apostaron a dicho empate")),
        interpretations=(
            DECKS_SILENT_8,
            N_("The classifier gives no commission and no tie payout for Punto y Banca; the engine deducts "
               "5 % and pays the tie 8 to 1 (options commission and tie_pays)."),
            N_("The classifier describes no burn for Punto y Banca; the engine burns no card (option burn)."))),
    "hoja-baccarat": PuntoBancaRules(
        name="hoja-baccarat", decks=8, banker_pays=Fraction(19, 20), tie_pays=8,
        stop_card=_STOP_7, burn=Burn(BURN_NONE), dealer="croupier",
        citations=(
            Citation(BACCARAT_SHEET, "Reparto y Puntuación", "El Baccarat se juega con ocho barajas"),
            Citation(BACCARAT_SHEET, "Ganando", "el 5% de la cantidad ganada se restará"),
            Citation(BACCARAT_SHEET, "Ganando", "la apuesta de Empate gana, pagando 8 a 1")),
        interpretations=(
            N_("The sheet describes no stop card and no burn; the engine places the stop card with 7 cards "
               "below it, as the Spanish catalogue does, and burns no card (options stop_card and burn)."),)),
}
DEFAULT_PRESET = "catalogo-es"


def preset(name: str) -> PuntoBancaRules:
    """A jurisdiction's rules by preset name; the error lists the valid names.

    >>> preset("cat-2016").tie_bet_max_share
    Fraction(1, 10)
    >>> preset("vegas")
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: Unknown preset 'vegas': use one of catalogo-es, catalogo-es-mini, cat-2016, cat-2016-mini, cat-2016-midi, clasificador-bo-cl, hoja-baccarat.
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("Unknown preset {name!r}: use one of {names}.", name=name,
                         names=", ".join(PRESETS)) from None


@dataclass(frozen=True)
class Event:
    """One narrated step of a coup: a kind, its parameters, and the rule that applied.

    Kinds: ``deal``, ``natural``, ``player-draws``, ``player-stands``,
    ``banker-draws``, ``banker-stands``, ``result``.
    """

    kind: str
    params: Mapping[str, object] = field(default_factory=dict)


class PuntoAndBancaHands:
    """The two hands of a baccarat-family coup (``player``, ``banker`` lists of cards) and their totals."""

    player: list[Card]
    banker: list[Card]

    @property
    def player_total(self) -> int:
        return hand_total(c.baccarat_value for c in self.player)

    @property
    def banker_total(self) -> int:
        return hand_total(c.baccarat_value for c in self.banker)

    @property
    def player_third(self) -> int | None:
        """Value of the punto's third card, or ``None`` if the punto stood."""
        return self.player[2].baccarat_value if len(self.player) == 3 else None


class PuntoBancaCoup(PuntoAndBancaHands):
    """The state machine of one coup: chance steps deal cards, the rules decide the rest.

    Follows the State API of OpenSpiel in spirit: :meth:`next_hand` says who
    receives the next card (``None`` when terminal), :meth:`deal` applies a
    card and returns the narrated events it caused.
    """

    def __init__(self, rules: PuntoBancaRules | None = None) -> None:
        self.rules = rules or PRESETS[DEFAULT_PRESET]
        self.player: list[Card] = []
        self.banker: list[Card] = []
        self.events: list[Event] = []

    @property
    def natural(self) -> bool:
        """True when either hand has 8 or 9 on its first two cards."""
        return (len(self.player) == 2 and len(self.banker) == 2
                and (self.player_total >= 8 or self.banker_total >= 8))

    def next_hand(self) -> str | None:
        """Which hand receives the next card, or ``None`` when the coup is over."""
        return next_hand([c.baccarat_value for c in self.player], [c.baccarat_value for c in self.banker],
                         self.rules.drawing)

    def is_terminal(self) -> bool:
        return self.next_hand() is None

    def deal(self, card: Card) -> list[Event]:
        """Give ``card`` to the hand whose turn it is; return the events this caused."""
        hand = self.next_hand()
        if hand is None:
            raise RulesError("The coup is over: no more cards are dealt.")
        (self.player if hand == PLAYER else self.banker).append(card)
        events = [Event("deal", {"hand": hand, "card": card,
                                 "total": self.player_total if hand == PLAYER else self.banker_total,
                                 "cards": len(self.player if hand == PLAYER else self.banker)})]
        events += self._consequences(hand)
        self.events += events
        return events

    def _consequences(self, hand: str) -> list[Event]:
        p, b = len(self.player), len(self.banker)
        pt, bt = self.player_total, self.banker_total
        if p == 2 and b == 2 and hand == BANKER:
            if self.natural:
                return [Event("natural", {"player": pt, "banker": bt}), self._result()]
            if self.rules.drawing.player_draws(pt):
                return [Event("player-draws", {"total": pt})]
            stood = [Event("player-stands", {"total": pt})]
            return stood + self._banker_decision(None)
        if p == 3 and b == 2:
            return self._banker_decision(self.player_third)
        if b == 3:
            return [self._result()]
        return []

    def _banker_decision(self, third: int | None) -> list[Event]:
        bt = self.banker_total
        draws = self.rules.drawing.banker_draws(bt, third)
        event = Event("banker-draws" if draws else "banker-stands", {"total": bt, "third": third})
        return [event] if draws else [event, self._result()]

    def _result(self) -> Event:
        return Event("result", {"winner": self.winner, "player": self.player_total,
                                "banker": self.banker_total})

    @property
    def winner(self) -> str | None:
        """``"banker"``, ``"player"`` or ``"tie"`` once the coup is over."""
        if not self.is_terminal():
            return None
        pt, bt = self.player_total, self.banker_total
        return TIE if pt == bt else (PLAYER if pt > bt else BANKER)

    def settle(self, bets: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of each bet (positive: the bettor wins) once the coup is over.

        >>> from naipes.cards import parse_cards
        >>> coup = PuntoBancaCoup(PRESETS["cat-2016"])
        >>> for card in parse_cards("2s 4h 3d Kc 8c"):
        ...     _ = coup.deal(card)
        >>> coup.settle({"banker": 20, "player": 10, "tie": 5})
        {'banker': Fraction(19, 1), 'player': Fraction(-10, 1), 'tie': Fraction(-5, 1)}
        """
        winner = self.winner
        if winner is None:
            raise RulesError("The coup is not over yet.")
        return {bet: settle_bet(self.rules, bet, winner, Fraction(stake)) for bet, stake in bets.items()}


def settle_bet(rules: PuntoBancaRules, bet: str, winner: str, stake: Fraction) -> Fraction:
    """Net result of one bet on ``bet`` when ``winner`` won the coup.

    >>> settle_bet(PRESETS["cat-2016"], "player", "tie", Fraction(10))
    Fraction(0, 1)
    """
    if bet not in BETS:
        raise RulesError("Unknown bet {bet!r}: use banker, player or tie.", bet=bet)
    if bet == TIE:
        return stake * rules.tie_pays if winner == TIE else -stake
    if winner == TIE:
        return Fraction(0)
    if bet != winner:
        return -stake
    return stake * (Fraction(rules.banker_pays) if bet == BANKER else Fraction(rules.player_pays))
