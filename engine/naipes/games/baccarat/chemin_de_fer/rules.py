"""Chemin de fer's rules object and presets (sources 000 "Ferrocarril" and 002 "08 - Bacarà").

Examples:
    >>> PRESETS.get().cagnotte, PRESETS.get("cat-2016").drawing.player_free_on
    (Fraction(1, 20), frozenset({5}))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ....core.formatting import percent
from ....core.i18n import N_, translate
from ....core.model import PresetBook, Property
from ....core.shoe import BURN_NONE, Burn, StopCard
from ....core.sources import CATALAN_DECREE, SPANISH_CATALOGUE, Citation
from ..choices import BankerGameRules, DrawingChoices, banker_game_properties
from ..describe import shoe_properties


@dataclass(frozen=True)
class CheminDeFerRules(BankerGameRules):
    """Every variable the sources set for chemin de fer, as a named field.

    Attributes:
        drawing: the punto's and the banker's drawing rules, their choices and the croupier's advice.
        cagnotte: the house's share of the banker's winnings.
        bank_max_multiple: the bank's maximum, in table minimums.
        garage_after_multiple: the voluntary garage of winnings above this many minimums (catalogue).
        garage_half_from_pass: the voluntary garage of half the bank from this pass on (decree).
        min_players: the players a table needs to play.

    Raises:
        RulesError: a bad number of decks or cagnotte.

    Examples:
        >>> CheminDeFerRules(cagnotte=Fraction(3, 4))
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The commission must be a number from 0 to 0.5, not '3/4'.
    """

    name: str = "custom"
    decks: int = 6
    stop_card: StopCard | None = StopCard(7)
    burn: Burn = Burn(BURN_NONE)
    drawing: DrawingChoices = DrawingChoices()
    cagnotte: Fraction = Fraction(1, 20)
    bank_max_multiple: int | None = 100
    garage_after_multiple: int | None = None
    garage_half_from_pass: int | None = None
    min_players: int = 4
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> [p.value for p in PRESETS.get().describe("en") if p.key in ("seats", "banks")]
            ['at least 4 players', 'a player']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        limits = []
        if self.bank_max_multiple:
            limits.append(t(N_("bank at most {n} times the minimum stake")).format(n=self.bank_max_multiple))
        if self.garage_after_multiple:
            limits.append(t(N_("voluntary garage of winnings above {n} times the minimum")).format(
                n=self.garage_after_multiple))
        if self.garage_half_from_pass:
            limits.append(t(N_("voluntary garage of half the bank from pass {n}")).format(n=self.garage_half_from_pass))
        return shoe_properties(self, lang) + banker_game_properties(
            t(N_("cagnotte of {share} of the banker's winnings")).format(share=percent(self.cagnotte, lang, 0)),
            t(N_("even money; a tie is a void coup")),
            t(N_("at least {n} players")).format(n=self.min_players),
            "; ".join(limits) or t(N_("not set")), lang)


#: Interpretation msgids of the presets.
TABLE_FROM_004 = N_("The banker's table of chemin de fer is not printed in the source (the decree's annex "
                    "figure 2 is missing); the engine uses the table of source 004, which draws in the two "
                    "optional cases, as the sources require when the banker must follow the table "
                    "(option banker_table).")
CAGNOTTE_5_CATALOGUE = N_("The catalogue names the cagnotte but not its rate; the engine takes 5 per cent of the "
                          "banker's winnings, the rate of the Catalan decree (option cagnotte).")
NO_BURN = N_("The source describes no burn for this game; the engine burns no card (option burn).")

PRESETS: PresetBook[CheminDeFerRules] = PresetBook({
    "catalogo-es": CheminDeFerRules(
        name="catalogo-es", decks=6, stop_card=StopCard(7), cagnotte=Fraction(1, 20),
        drawing=DrawingChoices(punto_source=SPANISH_CATALOGUE, banker_source=SPANISH_CATALOGUE,
                               advice_source=SPANISH_CATALOGUE),
        bank_max_multiple=100, garage_after_multiple=50,
        citations=(
            Citation(SPANISH_CATALOGUE, "Ferrocarril, cartas", "Se utilizarán seis barajas, de 52 cartas"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "Cuando tiene 0, 1, 2, 3 o 4 ha de pedir carta, cuando tiene 5 puede optar y cuando "
                     "tiene 6 o 7 ha de plantarse"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "excepto cuando tiene cero \"bacarrá\" , en que es obligatorio solicitar una tercera carta"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "Si el jugador tiene puntuación de 5 y solicita consejo al crupier, éste le hará plantarse"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "solicitar del crupier el cuadro de jugadas de la banca, en cuyo caso deberá ajustarse "
                     "a lo en él establecido"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, desarrollo del juego",
                     "antes de las siete cartas finales del mazo una carta-bloqueo"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, banca",
                     "El máximo de la banca deberá ser equivalente a cien veces el mínimo autorizado"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, garage voluntario",
                     "siempre que la suma de las mismas supere una cantidad equivalente a cincuenta veces "
                     "el mínimo del punto")),
        interpretations=(TABLE_FROM_004, CAGNOTTE_5_CATALOGUE, NO_BURN)),
    "cat-2016": CheminDeFerRules(
        name="cat-2016", decks=6, stop_card=StopCard(7), cagnotte=Fraction(1, 20),
        drawing=DrawingChoices(punto_source=SPANISH_CATALOGUE, punto_interpretation=True,
                               banker_source=CATALAN_DECREE, advice_source=CATALAN_DECREE),
        bank_max_multiple=100, garage_half_from_pass=2,
        citations=(
            Citation(CATALAN_DECREE, "08 Bacarà, II", "S’utilitzen sis baralles de 52 cartes"),
            Citation(CATALAN_DECREE, "08 Bacarà, VI",
                     "el banquer pot optar entre demanar carta o no fer-ho, excepte quan té zero (bacarà), "
                     "llavors és obligatori sol·licitar una tercera carta"),
            Citation(CATALAN_DECREE, "08 Bacarà, VI",
                     "Si el jugador té puntuació de 5 i sol·licita consell al crupier, el crupier l’ha de "
                     "fer plantar"),
            Citation(CATALAN_DECREE, "08 Bacarà, V",
                     "La deducció en benefici de l’establiment queda fixada en un 5 per 100 sobre les "
                     "quantitats guanyades pel banquer a cada jugada"),
            Citation(CATALAN_DECREE, "08 Bacarà, V",
                     "El banquer podrà excloure voluntàriament del joc la meitat de la banca en totes les "
                     "passades a partir de la segona"),
            Citation(CATALAN_DECREE, "08 Bacarà, VII",
                     "abans de les set cartes finals de la baralla, es col·loca una carta-bloqueig")),
        interpretations=(
            TABLE_FROM_004,
            N_("The decree refers to drawing rules for the punto that its text does not print; the engine "
               "uses those of the Spanish catalogue: draw on 0 to 4, choose on 5, stand on 6 and 7."),
            NO_BURN)),
})
