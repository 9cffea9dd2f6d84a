"""Chemin de fer's rules object and presets (sources 000 "Ferrocarril", 002 "08 - Bacarà" and 001's "Baccarat").

The Bolivian classifier (source 001) describes, inside its Punto y Banca, a
"Baccarat" in which one player holds the bank and deals, always bets on the
bank, may be staked against up to the whole bank ("hace banco"), the player
with the highest bet on the punto decides whether to draw, and a tie is a
void coup with no tie bet: that is chemin de fer, so its preset
`clasificador-bo-cl-baccarat` is here rather than with Punto y Banca.

Examples:
    >>> PRESETS.get().cagnotte, PRESETS.get("cat-2016").drawing.player_free_on
    (Fraction(1, 20), frozenset({5}))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ....core import options
from ....core.errors import RulesError, shorten
from ....core.formatting import percent
from ....core.i18n import N_, translate, translate_plural
from ....core.model import PresetBook, Property
from ....core.options import Option
from ....core.shoe import BURN_NONE, Burn, StopCard
from ....core.sources import CATALAN_DECREE, CLASSIFIER_BO_CL, SPANISH_CATALOGUE, Citation
from ..choices import BankerGameRules, DrawingChoices, banker_game_properties
from ..describe import shoe_properties
from ..family_options import BURN, STOP_CARD

#: The largest bank maximum `--bank-max-multiple` takes, in table minimums.
MOST_BANK_MULTIPLE = 10_000
#: "No bank maximum".
NO_MAXIMUM = "none"
#: The fewest and most players `--min-players` takes (a table needs the banker and a punto at least).
PLAYERS = (2, 12)


def read_bank_max_multiple(value: object) -> int | None:
    """`--bank-max-multiple 100`: the bank's maximum in table minimums, 1 to 10000, or `none` (no maximum).

    Raises:
        RulesError: anything else.

    Examples:
        >>> read_bank_max_multiple("100"), read_bank_max_multiple("None")
        (100, None)
        >>> read_bank_max_multiple("0")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The bank maximum takes none or a whole number of minimums from 1 to 10000, not '0'.
    """
    if value is None:
        return None
    text = str(value).strip()
    if text.lower() == NO_MAXIMUM:
        return None
    try:
        return options.whole(value if isinstance(value, int) else text, "--bank-max-multiple", 1, MOST_BANK_MULTIPLE)
    except RulesError:
        raise RulesError("The bank maximum takes none or a whole number of minimums from 1 to {most}, not {value!r}.",
                         most=MOST_BANK_MULTIPLE, value=shorten(text)) from None


def read_min_players(value: object) -> int:
    """`--min-players 4`: the players a table needs to play, 2 to 12.

    Examples:
        >>> read_min_players("2")
        2
    """
    return options.whole(value, "--min-players", *PLAYERS)


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
    OPTIONS = (
        *BankerGameRules.OPTIONS, STOP_CARD, BURN,
        Option("bank_max_multiple", "bank_max_multiple", read_bank_max_multiple,
               N_("the bank's maximum in table minimums, 1 to 10000, or none (no maximum)"),
               N_("Bank maximum, in minimum stakes"), show=lambda value: NO_MAXIMUM if value is None else str(value)),
        Option("min_players", "min_players", read_min_players, N_("the players a table needs to play, 2 to 12"),
               N_("Players needed")),
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        read_bank_max_multiple(self.bank_max_multiple)
        read_min_players(self.min_players)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> [p.value for p in PRESETS.get().describe("en") if p.key in ("seats", "banks")]
            ['at least 4 players', 'a player']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        limits = []
        if self.bank_max_multiple:
            limits.append(translate_plural("bank at most {n} time the minimum stake",
                                           "bank at most {n} times the minimum stake", self.bank_max_multiple,
                                           lang).format(n=self.bank_max_multiple))
        if self.garage_after_multiple:
            limits.append(translate_plural("voluntary garage of winnings above {n} time the minimum",
                                           "voluntary garage of winnings above {n} times the minimum",
                                           self.garage_after_multiple, lang).format(n=self.garage_after_multiple))
        if self.garage_half_from_pass:
            limits.append(t(N_("voluntary garage of half the bank from pass {n}")).format(n=self.garage_half_from_pass))
        return shoe_properties(self, lang) + banker_game_properties(
            t(N_("cagnotte of {share} of the banker's winnings")).format(share=percent(self.cagnotte, lang, 0)),
            t(N_("even money; a tie is a void coup")),
            translate_plural("at least {n} player", "at least {n} players", self.min_players,
                             lang).format(n=self.min_players),
            "; ".join(limits) or t(N_("not set")), lang)


#: Interpretation msgids of the presets.
TABLE_FROM_004 = N_("The banker's table of chemin de fer is not printed in the source (the decree's annex "
                    "figure 2 is missing); the engine uses the table of source 004, which draws in the two "
                    "optional cases, as the sources require when the banker must follow the table.")
CAGNOTTE_5_CATALOGUE = N_("The catalogue names the cagnotte but not its rate; the engine takes 5 per cent of the "
                          "banker's winnings, the rate of the Catalan decree (option commission).")
NO_BURN = N_("The source describes no burn for this game; the engine burns no card (option burn).")
BOLIVIAN_BACCARAT = N_("The classifier's \"Baccarat\" is a modality of its Punto y Banca in which a player holds "
                       "the bank and deals, always bets on the bank, may be staked against up to the whole bank, the "
                       "player with the highest bet on the punto decides whether to draw, and a tie is a void coup "
                       "with no tie bet: the engine plays it as chemin de fer.")
BOLIVIAN_DRAWING = N_("The classifier does not say on which totals the punto may choose nor how the banker draws; "
                      "the engine applies the chemin de fer rules of the Spanish catalogue: the punto draws on 0 to "
                      "4, chooses on 5 and stands on 6 and 7; the banker must draw on 0 and is otherwise free, or "
                      "follows the table of source 004 if he asks for it.")
BOLIVIAN_DECKS = N_("The classifier gives no number of decks; the engine uses 8, as in its Punto y Banca preset "
                    "(option decks).")
BOLIVIAN_CAGNOTTE = N_("The classifier names no commission on the banker's winnings for the Baccarat; the engine "
                       "takes 5 per cent, as the Spanish and Catalan texts do (option commission).")
BOLIVIAN_LIMITS = N_("The classifier sets no bank maximum and no minimum number of players for the Baccarat; the "
                     "engine sets no maximum and needs two players, the banker and a punto (options "
                     "bank_max_multiple and min_players).")

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
    "clasificador-bo-cl-baccarat": CheminDeFerRules(
        name="clasificador-bo-cl-baccarat", decks=8, stop_card=StopCard(6), cagnotte=Fraction(1, 20),
        drawing=DrawingChoices(punto_source=CLASSIFIER_BO_CL, punto_interpretation=True,
                               banker_source=SPANISH_CATALOGUE, advice_source=SPANISH_CATALOGUE),
        bank_max_multiple=None, min_players=2,
        citations=(
            Citation(CLASSIFIER_BO_CL, "Punto y Banca",
                     "En este juego uno de los jugadores toma el banco debiendo colocar la cantidad de fichas de "
                     "dinero necesaria para cubrir las apuestas"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, Baccarat",
                     "salvo en la modalidad del Baccarat en que esa opción no existe por lo que, en caso de empate, "
                     "la jugada es considerada nula"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, Baccarat",
                     "Tratándose del Baccarat, el jugador que distribuye las cartas, está obligado a apostar "
                     "siempre a la Banca"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, Baccarat",
                     "En el Baccarat, el máximo del punto o cantidad máxima que puede apostar un jugador es aquella "
                     "equivalente a la existente en el banco en cada jugada"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, Baccarat",
                     "En el Baccarat, el jugador que haya efectuado la mayor apuesta al punto decide si pedir o no "
                     "pedir una tercera carta"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca",
                     "Si la mano banca pierde la jugada, el jugador banquero que además tiene el sabot o carro, "
                     "pierde el derecho a tener el banco y distribuir las cartas"),
            Citation(CLASSIFIER_BO_CL, "Punto y Banca, corte",
                     "Luego debe tomar 6 cartas de la parte posterior del mazo atrás y colocar sobre esas 6 "
                     "cartas, la carta de corte")),
        interpretations=(BOLIVIAN_BACCARAT, BOLIVIAN_DRAWING, BOLIVIAN_DECKS, BOLIVIAN_CAGNOTTE, BOLIVIAN_LIMITS,
                         NO_BURN)),
}, titles={"clasificador-bo-cl-baccarat": N_("Bolivian/Chilean classifier, its Baccarat")})
