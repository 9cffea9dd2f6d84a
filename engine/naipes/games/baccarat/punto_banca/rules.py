"""Punto y Banca's rules object and presets, with the Mini and Midi tables' presets.

The coup, payouts and drawing rules of the small tables are those of Punto y
Banca; what changes is who deals (the croupier, "sin permetre als jugadors
tocar les cartes"), the seats (7 for mini, 9 for midi), the Spanish mini
table's "círculo donde se irá depositando el cinco por ciento", and the
Catalan tie-bet cap.

Examples:
    >>> PRESETS.get("cat-2016").banker_pays, MINI_PRESETS.get().seats, MIDI_PRESETS.get("cat-2016-midi").seats
    (Fraction(19, 20), 7, 9)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ....core import options
from ....core.formatting import percent
from ....core.i18n import N_, translate, translate_plural
from ....core.model import PresetBook, Property, Rules
from ....core.shoe import BURN_BY_TURNED_CARD, BURN_NONE, Burn, StopCard
from ....core.sources import (BACCARAT_SHEET, CATALAN_DECREE, CLASSIFIER_BO_CL, SPANISH_CATALOGUE,
                              Citation)
from ....core.errors import RulesError
from ..describe import payout_text, shoe_properties
from ..family_options import BURN, STOP_CARD
from ..kernel import SOURCE_004_DRAWING, DrawingRules

CROUPIER = "croupier"
A_PLAYER = "player"
#: Who holds the bank (`banker`): the establishment, or one of the players (the Bolivian classifier's table).
HOUSE = "house"


@dataclass(frozen=True)
class PuntoBancaRules(Rules):
    """Every variable a regulation sets for Punto y Banca, as a named field.

    `banker_pays` is what a winning Banca bet is paid per unit staked: the 5 %
    deduction of the Spanish catalogue and the Catalan decree's "pagament de 19
    a 20" are both `Fraction(19, 20)`; Uruguay's 10 % is `Fraction(9, 10)`.
    `tie_pays` is the Empate/Igualtat payout *to one*; on a tie the Punto and
    Banca bets are returned. `drawing` holds the punto's drawing totals and the
    banca's table. `banker` says who holds the bank the bets are settled
    against (`"house"` or a `"player"`); it changes no payout.

    Examples:
        >>> PuntoBancaRules(decks=8).decks
        8
        >>> PuntoBancaRules(decks=0)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Decks must be a whole number from 1 to 8, not 0.
    """

    name: str = "custom"
    decks: int = 6
    banker_pays: Fraction = Fraction(19, 20)
    player_pays: Fraction = Fraction(1)
    tie_pays: int = 8
    stop_card: StopCard | None = StopCard(7)
    burn: Burn = Burn(BURN_BY_TURNED_CARD)
    dealer: str = A_PLAYER
    banker: str = HOUSE
    seats: int | None = None
    tie_bet_max_share: Fraction | None = None
    table_max_multiple: tuple[int, int] | None = None
    drawing: DrawingRules = SOURCE_004_DRAWING
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (options.DECKS, options.commission("banker_pays", options.banca_pays), options.TIE_PAYS, STOP_CARD,
               BURN)

    def __post_init__(self) -> None:
        options.decks(self.decks)
        if not 0 < Fraction(self.banker_pays) <= 1:
            raise RulesError("The Banca payout must be more than 0 and at most 1 to 1, not {pays}.",
                             pays=str(self.banker_pays))
        if not isinstance(self.tie_pays, int) or not 1 <= self.tie_pays <= 50:
            raise RulesError("The tie payout must be a whole number from 1 to 50, not {pays}.", pays=self.tie_pays)
        if self.dealer not in (A_PLAYER, CROUPIER):
            raise RulesError("The dealer must be 'player' or 'croupier', not {dealer!r}.", dealer=self.dealer)
        if self.banker not in (HOUSE, A_PLAYER):
            raise RulesError("The bank must be held by 'house' or 'player', not {banker!r}.", banker=self.banker)

    @property
    def commission(self) -> Fraction:
        """The share of a winning Banca bet kept by the house (`1 - banker_pays`)."""
        return 1 - Fraction(self.banker_pays)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> [p.value for p in PRESETS.get("cat-2016").describe("en") if p.key == "payouts"]
            ['Punto 1 to 1, Banca 0.95 to 1, tie 8 to 1']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        none = t(N_("not set"))
        limits = []
        if self.tie_bet_max_share:
            limits.append(t(N_("tie bets at most {share} of the table maximum")).format(
                share=percent(self.tie_bet_max_share, lang, 0)))
        if self.table_max_multiple:
            low, high = self.table_max_multiple
            limits.append(translate_plural("table maximum {low} to {high} time the minimum",
                                           "table maximum {low} to {high} times the minimum", high,
                                           lang).format(low=low, high=high))
        return shoe_properties(self, lang) + [
            Property("commission", N_("Commission or cagnotte"),
                     t(N_("{share} of a winning Banca bet")).format(share=percent(self.commission, lang, 0))),
            Property("payouts", N_("Payouts"), payout_text(self, lang)),
            Property("seats", N_("Seats"), str(self.seats) if self.seats else none),
            Property("limits", N_("Limits"), "; ".join(limits) or none),
            Property("banks", N_("Who banks"), t(N_("the house") if self.banker == HOUSE else N_("a player"))),
            Property("deals", N_("Who deals"), t(N_("a player") if self.dealer == A_PLAYER else N_("the croupier"))),
        ]


_STOP_7 = StopCard(7)
_BURN_BY_VALUE = Burn(BURN_BY_TURNED_CARD)

#: Interpretation msgids shared by several presets.
TIE_BET_SILENT = N_("The source describes a tie as a void coup and names no tie bet; the engine offers "
                    "the tie bet at 8 to 1 (option tie_pays).")
BURN_TURNED_CARD = N_("The source does not say whether the turned card is one of the cards it burns; the "
                      "engine burns it and then as many cards as its value (option burn).")
DECKS_SILENT_6 = N_("The source does not give the number of decks for this game; the engine uses 6 "
                    "(option decks).")
DECKS_SILENT_8 = N_("The source does not give the number of decks for this game; the engine uses 8 "
                    "(option decks).")
TABLE_SILENT = N_("The source prints no banker's table of its own; the engine uses the table printed in source "
                  "004, the only one the engine has.")

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
    stop_card=_STOP_7, burn=_BURN_BY_VALUE, dealer=A_PLAYER,
    tie_bet_max_share=Fraction(1, 10), table_max_multiple=(20, 100),
    citations=_DECREE_CITATIONS,
    interpretations=(DECKS_SILENT_6, BURN_TURNED_CARD, TABLE_SILENT))
_CATALOGO_ES_MINI = PuntoBancaRules(
    name="catalogo-es-mini", decks=6, banker_pays=Fraction(19, 20), tie_pays=8,
    stop_card=_STOP_7, burn=_BURN_BY_VALUE, dealer=CROUPIER, seats=7,
    citations=_CATALOGUE_CITATIONS + (
        Citation(SPANISH_CATALOGUE, "Mini punto y banca",
                 "una mesa semicircular con una capacidad máxima de siete jugadores"),
        Citation(SPANISH_CATALOGUE, "Mini punto y banca",
                 "un lugar marcado por un círculo donde se irá depositando el cinco por ciento")),
    interpretations=(TIE_BET_SILENT, BURN_TURNED_CARD, TABLE_SILENT))
# The decree's reduced tables: the big table's rules, dealt by the croupier, with a seat limit.
_CAT_2016_MINI = replace(
    _CAT_2016, name="cat-2016-mini", dealer=CROUPIER, seats=7,
    citations=_DECREE_CITATIONS + (
        Citation(CATALAN_DECREE, "Punt i banca", "igual o inferior a 7 (taula de mini punt i banca)"),))
_CAT_2016_MIDI = replace(
    _CAT_2016, name="cat-2016-midi", dealer=CROUPIER, seats=9,
    citations=_DECREE_CITATIONS + (
        Citation(CATALAN_DECREE, "Punt i banca", "igual o inferior a 9 (taula de midi punt i banca)"),))
_CLASSIFIER_SHOE = (
    Citation(CLASSIFIER_BO_CL, "Punto y Banca, corte",
             "Luego debe tomar 6 cartas de la parte posterior del mazo atrás y colocar sobre "
             "esas 6 cartas, la carta de corte"),
    Citation(CLASSIFIER_BO_CL, "Punto y Banca, empate",
             "las apuestas ganadoras son las que apostaron a dicho empate"))
PLAYER_HOLDS_THE_BANK = N_("The classifier has one of the players take the bank and cover the bets, while the "
                           "casino decides the drawing and administers the bank with the payment of the bets; "
                           "the engine settles every bet against that bank at the same payouts as against the "
                           "house, so its odds do not change (field banker).")
_CLASSIFIER = PuntoBancaRules(
    name="clasificador-bo-cl", decks=8, banker_pays=Fraction(19, 20), tie_pays=8,
    stop_card=StopCard(6), burn=Burn(BURN_NONE), dealer=A_PLAYER, banker=A_PLAYER,
    citations=_CLASSIFIER_SHOE + (
        Citation(CLASSIFIER_BO_CL, "Punto y Banca",
                 "En este juego uno de los jugadores toma el banco debiendo colocar la cantidad de fichas de "
                 "dinero necesaria para cubrir las apuestas"),
        Citation(CLASSIFIER_BO_CL, "Punto y Banca",
                 "El ejercicio de la distribución de las cartas corresponde al jugador que hace de banco")),
    interpretations=(
        PLAYER_HOLDS_THE_BANK,
        DECKS_SILENT_8,
        N_("The classifier gives no commission and no tie payout for Punto y Banca; the engine deducts "
           "5 % and pays the tie 8 to 1 (options commission and tie_pays)."),
        N_("The classifier describes no burn for Punto y Banca; the engine burns no card (option burn)."),
        TABLE_SILENT))
#: The Bolivian/Chilean classifier's Mini and Midi Punto y Banca: the croupier deals and plays every
#: hand; the midi table has 9 positions, the mini table 7.
_CLASSIFIER_MINI = replace(
    _CLASSIFIER, name="clasificador-bo-cl-mini", dealer=CROUPIER, banker=HOUSE, seats=7,
    citations=_CLASSIFIER_SHOE + (
        Citation(CLASSIFIER_BO_CL, "Mini Punto y Banca",
                 "Además la mesa tiene menos posiciones 7 que en Punto y Banca"),
        Citation(CLASSIFIER_BO_CL, "Midi y Mini Punto y Banca",
                 "El ejercicio de la distribución de las cartas corresponde al salón de juegos o casino, y "
                 "los jugadores sólo se limitan a hacer sus apuestas")),
    interpretations=_CLASSIFIER.interpretations[1:] + (
        N_("The classifier's sentence on the mini table is garbled (\"menos posiciones 7 que en Punto y "
           "Banca 9 ó\"); the engine reads 7 seats for mini and 9 for midi."),))
_CLASSIFIER_MIDI = replace(
    _CLASSIFIER_MINI, name="clasificador-bo-cl-midi", seats=9,
    citations=_CLASSIFIER_SHOE + (
        Citation(CLASSIFIER_BO_CL, "Midi Punto y Banca",
                 "Es análogo al Punto y Banca, pero es más rápido pues todo el juego lo desarrolla el "
                 "croupier, y los jugadores sólo apuestan"),
        Citation(CLASSIFIER_BO_CL, "Midi Punto y Banca", "Además la mesa tiene 9 posiciones")))

PRESETS: PresetBook[PuntoBancaRules] = PresetBook({
    "catalogo-es": PuntoBancaRules(
        name="catalogo-es", decks=6, banker_pays=Fraction(19, 20), tie_pays=8,
        stop_card=_STOP_7, burn=_BURN_BY_VALUE, dealer=A_PLAYER,
        citations=_CATALOGUE_CITATIONS,
        interpretations=(TIE_BET_SILENT, BURN_TURNED_CARD,
                         N_("The maximum stake is printed as \"50 o veces el mínimo\": a number is missing, "
                            "so the engine sets no table maximum."), TABLE_SILENT)),
    "cat-2016": _CAT_2016,
    "clasificador-bo-cl": _CLASSIFIER,
    "hoja-baccarat": PuntoBancaRules(
        name="hoja-baccarat", decks=8, banker_pays=Fraction(19, 20), tie_pays=8,
        stop_card=_STOP_7, burn=Burn(BURN_NONE), dealer=CROUPIER,
        citations=(
            Citation(BACCARAT_SHEET, "Reparto y Puntuación", "El Baccarat se juega con ocho barajas"),
            Citation(BACCARAT_SHEET, "Ganando", "el 5% de la cantidad ganada se restará"),
            Citation(BACCARAT_SHEET, "Ganando", "la apuesta de Empate gana, pagando 8 a 1")),
        interpretations=(
            N_("The sheet describes no stop card and no burn; the engine places the stop card with 7 cards "
               "below it, as the Spanish catalogue does, and burns no card (options stop_card and burn)."),
            N_("The sheet does not say who deals, only that \"Todas las cartas se reparten boca arriba\"; the "
               "engine has the croupier deal, as at the small tables, and the bets are against the operator "
               "(fields dealer and banker). Who deals changes only the narration of a coup."))),
}, titles={"hoja-baccarat": N_("Baccarat sheet")})
MINI_PRESETS: PresetBook[PuntoBancaRules] = PresetBook({
    "catalogo-es-mini": _CATALOGO_ES_MINI,
    "cat-2016-mini": _CAT_2016_MINI,
    "clasificador-bo-cl-mini": _CLASSIFIER_MINI,
}, titles={
    "catalogo-es-mini": N_("Spanish catalogue, mini table"),
    "cat-2016-mini": N_("Catalan decree 2016, mini table"),
    "clasificador-bo-cl-mini": N_("Bolivian/Chilean classifier, mini table"),
})
MIDI_PRESETS: PresetBook[PuntoBancaRules] = PresetBook({
    "cat-2016-midi": _CAT_2016_MIDI,
    "clasificador-bo-cl-midi": _CLASSIFIER_MIDI,
}, titles={
    "cat-2016-midi": N_("Catalan decree 2016, midi table"),
    "clasificador-bo-cl-midi": N_("Bolivian/Chilean classifier, midi table"),
})
