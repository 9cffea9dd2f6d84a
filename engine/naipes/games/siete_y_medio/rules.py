"""The rules of Siete y medio (Ludoteka, source 001) as a rules object, its preset, and the rules that apply.

The rules are those of the Ludoteka text at the top of source 001: the
40-card Spanish baraja, 1 to 7 at face value and the figures half a point.
The bank deals a card face down to every player and to itself; in turn, from
the player on the bank's right, each player bets (and may offer points for the
bank), then asks for cards one at a time — face up, or face down turning the
previous hidden card face up, so that one card at most stays hidden — or
stands; going over 7½ shows every card and loses at once. The bank plays last,
all its cards face up. Closest to 7½ wins, ties go to the bank, a bank with 7½
beats everyone, and a player with 7½ (the bank not) is paid double and takes
the bank for the next hand.

The variables the source leaves open (hands in a game, starting points, bets,
the bank's first card) are fields; the rules the source fixes are `Rule`
records (`TIES_TO_BANK`, `SEVEN_AND_A_HALF_PAYS_DOUBLE`, ...) that the events
of a hand carry.

Examples:
    >>> rules = PRESETS.get("ludoteka")
    >>> rules.hands, rules.offer_threshold, rules.sources
    (10, 10, ('001',))
    >>> TIES_TO_BANK.source
    '001'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import RulesError, plural, shorten
from ...core.i18n import N_, translate, translate_plural
from ...core.model import PresetBook, Property, Rule, Rules
from ...core import options
from ...core.options import Option
from ...core.sources import CLASSIFIER_BO_CL, Citation

#: The source file 001 holds, at its top, the Ludoteka rules of Siete y medio.
LUDOTEKA = CLASSIFIER_BO_CL

# --- the rules the source fixes, as the events of a hand cite them ----------------------------------------

#: "debe mostrar todas sus cartas y pierde inmediatamente su apuesta".
OVER_LOSES = Rule(N_("a player who goes over 7½ shows every card and loses the bet at once"), source=LUDOTEKA)
#: "podrá mantener sobre la mesa una única carta boca abajo".
ONE_CARD_HIDDEN = Rule(N_("a player keeps one card face down at most: asking for a card face down turns the "
                          "hidden one face up"), source=LUDOTEKA)
#: "con todas sus cartas boca arriba hasta decidir plantarse".
BANK_PLAYS_LAST = Rule(N_("the bank plays last, with all its cards face up"), source=LUDOTEKA)
#: "Si quedara algún jugador que no se hubiese pasado ... la banca procederá a su vez a jugar".
BANK_PLAYS_IF_ANY_IN = Rule(N_("the bank plays only if some player did not go over 7½"), source=LUDOTEKA)
#: "si ella se ha pasado, deberá pagar a todos aquellos jugadores que se hubieran plantado".
BANK_OVER_PAYS = Rule(N_("a bank that goes over 7½ pays every player who stood"), source=LUDOTEKA)
#: "si la banca tiene siete y medio gana automáticamente a todos los jugadores".
BANK_SEVEN_AND_A_HALF = Rule(N_("a bank with 7½ beats every player"), source=LUDOTEKA)
#: "En caso de empate gana la banca".
TIES_TO_BANK = Rule(N_("ties go to the bank"), source=LUDOTEKA)
#: Closest to 7½ without going over wins.
CLOSEST_WINS = Rule(N_("the hand closest to 7½ wins"), source=LUDOTEKA)
#: "Si un jugador tiene siete y medio y la banca no cobra el doble de lo apostado".
SEVEN_AND_A_HALF_PAYS_DOUBLE = Rule(N_("a player with 7½, the bank not, is paid double"), source=LUDOTEKA)
#: "... y además toma la banca en la mano siguiente".
SEVEN_AND_A_HALF_TAKES_BANK = Rule(N_("a player with 7½, the bank not, takes the bank for the next hand"),
                                   source=LUDOTEKA)
#: "debe superar la oferta anterior" and "la mitad de los puntos que le quedarían en caso de perder su apuesta".
OFFER_LIMITS = Rule(N_("an offer for the bank must beat the previous offer of the hand and be at most half the "
                       "points left after losing the bet"), source=LUDOTEKA)
#: "al finalizar la mano ésta se traslada a la banca, que simplemente debe aceptarla o rechazarla".
BANK_ANSWERS_OFFER = Rule(N_("at the end of the hand the bank accepts or refuses the best offer"), source=LUDOTEKA)
#: "cuando un jugador logra siete y medio o cuando la banca queda eliminada ... las ofertas quedan anuladas".
OFFERS_VOID = Rule(N_("when the bank changes hands by a 7½ or because it is eliminated, the offers are void"),
                   source=LUDOTEKA)
#: The engine's reading where the source is silent.
NO_BANK_AFTER_LAST_HAND = Rule(N_("after the last hand there is no bank to buy"), interpretation=True)
ELIMINATED_BANK_PASSES = Rule(N_("an eliminated bank passes to the next seat in playing order that still has "
                                 "points"), interpretation=True)
#: Ludoteka gives its games "principio y final determinados" without saying how they end: the engine's
#: reading is a fixed number of hands, carrying the score (the words "se repite hasta completar el número
#: fijado de manos" are in a spam line of source 001, so they are not cited).
FIXED_NUMBER_OF_HANDS = Rule(N_("the game lasts a fixed number of hands, carrying the score"), source=LUDOTEKA,
                             interpretation=True)


def one_deck(value: object) -> int:
    """The number of decks as typed, which can only be 1: a hand is dealt from one fresh deck.

    Raises:
        RulesError: any other number of decks.

    Examples:
        >>> one_deck("1")
        1
        >>> one_deck(2)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Siete y medio is dealt from one deck: --decks must be 1, not 2.
    """
    if str(value).strip() != "1":
        raise RulesError("Siete y medio is dealt from one deck: --decks must be 1, not {decks}.", decks=shorten(str(value)))
    return 1


#: The most hands of a game (the rules refuse more), and the bounds of what a reader types for points and bets.
MAX_HANDS = 1000
MAX_POINTS = 1_000_000
MAX_BET = 10_000
#: What `--engine-accepts-offer-from` takes for one maximum bet, the default (the field's `None`).
ONE_MAX_BET = "max-bet"


def read_hands(value: object) -> int:
    """`--game-hands N`: the hands of a game, 1 to 1000.

    Examples:
        >>> read_hands("12")
        12
    """
    return options.whole(value, "--game-hands", 1, MAX_HANDS)


def read_starting_points(value: object) -> int:
    """`--starting-points N`: the points each seat starts with (the rules ask for a minimum bet at least).

    Examples:
        >>> read_starting_points("50")
        50
    """
    return options.whole(value, "--starting-points", 1, MAX_POINTS)


def read_min_bet(value: object) -> int:
    """`--min-bet N`: the smallest bet, in points.

    Examples:
        >>> read_min_bet("2")
        2
    """
    return options.whole(value, "--min-bet", 1, MAX_BET)


def read_max_bet(value: object) -> int:
    """`--max-bet N`: the largest bet, in points (the rules ask for the minimum bet at least).

    Examples:
        >>> read_max_bet("20")
        20
    """
    return options.whole(value, "--max-bet", 1, MAX_BET)


def read_bank_card_face_up(value: object) -> bool:
    """`--bank-card-face-up yes|no`: whether the bank's own first card is dealt face up.

    Examples:
        >>> read_bank_card_face_up("yes")
        True
    """
    return options.yes_no(value, "--bank-card-face-up")


def read_offer_threshold(value: object) -> int | None:
    """`--engine-accepts-offer-from N|max-bet`: the smallest offer the engine's bank accepts (`max-bet`, the
    default: one maximum bet, the field's `None`).

    Examples:
        >>> read_offer_threshold("30"), read_offer_threshold("max-bet"), read_offer_threshold(None)
        (30, None, None)
    """
    if value is None or str(value).strip().lower() == ONE_MAX_BET:
        return None
    return options.whole(value, "--engine-accepts-offer-from", 1, MAX_POINTS)


@dataclass(frozen=True)
class SieteYMedioRules(Rules):
    """Every variable of the game as a named field.

    `hands` is the fixed number of hands of a game, carrying the score from
    one hand to the next (Ludoteka's adaptation); every seat starts with
    `starting_points`. A bet is a whole number of points from `min_bet` to
    `max_bet` (and no more than the player has). `bank_card_face_up` says
    whether the bank's first card is dealt face up. `max_seats` counts the
    bank and its players. The engine's bank accepts an offer of at least
    `engine_accepts_offer_from` points (default: one maximum bet).

    Raises:
        RulesError: a value out of its range (the message names it).

    Examples:
        >>> SieteYMedioRules(min_bet=0)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The minimum bet must be a whole number of at least 1 point, not 0.
    """

    name: str = "custom"
    hands: int = 10
    starting_points: int = 100
    min_bet: int = 1
    max_bet: int = 10
    bank_card_face_up: bool = False
    max_seats: int = 8
    engine_accepts_offer_from: int | None = None
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (
        Option("decks", "", one_deck, N_("number of decks: Siete y medio is dealt from one deck (1)"), N_("Decks"),
               ("1",)),
        # `--hands` is another game's verb's own flag (each player's cards in circle poker's showdown).
        Option("hands", "hands", read_hands, N_("the hands of a game, carrying the score, 1 to 1000"),
               N_("Hands in the game"), flag_name="--game-hands"),
        Option("starting_points", "starting_points", read_starting_points,
               N_("the points each seat starts the game with (a minimum bet at least)"), N_("Starting points")),
        Option("min_bet", "min_bet", read_min_bet, N_("the smallest bet, in points"), N_("Minimum bet")),
        Option("max_bet", "max_bet", read_max_bet, N_("the largest bet, in points (the minimum bet at least)"),
               N_("Maximum bet")),
        Option("bank_card_face_up", "bank_card_face_up", read_bank_card_face_up,
               N_("the bank's own first card is dealt face up: yes or no"), N_("The bank's first card face up"),
               options.YES_NO, show=options.yes_no_text),
        Option("engine_accepts_offer_from", "engine_accepts_offer_from", read_offer_threshold,
               N_("the smallest offer for the bank the engine's bank accepts, in points, or max-bet (one maximum "
                  "bet, the default)"), N_("The engine's bank accepts offers from"),
               show=lambda value: ONE_MAX_BET if value is None else str(value)),
    )

    def __post_init__(self) -> None:
        if not isinstance(self.hands, int) or not 1 <= self.hands <= 1000:
            raise RulesError("A game must have a whole number of hands from 1 to 1000, not {hands}.",
                             hands=self.hands)
        if not isinstance(self.min_bet, int) or self.min_bet < 1:
            raise RulesError("The minimum bet must be a whole number of at least 1 point, not {bet}.",
                             bet=self.min_bet)
        if not isinstance(self.max_bet, int) or self.max_bet < self.min_bet:
            raise RulesError(plural("The maximum bet must be a whole number of at least {low} point, not {bet}.",
                                    "The maximum bet must be a whole number of at least {low} points, not {bet}.",
                                    "low"), low=self.min_bet, bet=self.max_bet)
        if not isinstance(self.starting_points, int) or self.starting_points < self.min_bet:
            raise RulesError(plural("Each seat must start with a whole number of at least {low} point, not {points}.",
                                    "Each seat must start with a whole number of at least {low} points, not "
                                    "{points}.", "low"), low=self.min_bet, points=self.starting_points)
        if not isinstance(self.max_seats, int) or not 2 <= self.max_seats <= 8:
            raise RulesError("A table must have from 2 to 8 seats, not {seats}.", seats=self.max_seats)

    @property
    def offer_threshold(self) -> int:
        """The smallest offer the engine's bank accepts (default: one maximum bet).

        Examples:
            >>> SieteYMedioRules(engine_accepts_offer_from=3).offer_threshold
            3
        """
        return self.max_bet if self.engine_accepts_offer_from is None else self.engine_accepts_offer_from

    def bet_rule(self) -> Rule:
        """The range of the bets (the source leaves it open: "dentro de un rango previamente fijado").

        Examples:
            >>> PRESETS.get().bet_rule().params
            (('low', 1), ('high', 10))
        """
        return Rule(plural("bets from {low} to {high} point", "bets from {low} to {high} points", "high"),
                    (("low", self.min_bet), ("high", self.max_bet)), interpretation=True)

    def engine_offer_rule(self) -> Rule:
        """How the engine's bank answers an offer (an option of the engine's, not of the source)."""
        return Rule(plural("the engine's bank accepts an offer of {points} point or more",
                           "the engine's bank accepts an offer of {points} points or more", "points"),
                    (("points", self.offer_threshold),), interpretation=True)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> [p.value for p in PRESETS.get().describe("en") if p.key == "bets"]
            ['1 to 10 points']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        first = N_("dealt face up") if self.bank_card_face_up else N_("dealt face down")
        return [
            Property("source", N_("Source"), ", ".join(self.sources)),
            Property("decks", N_("Decks"), t(N_("one 40-card Spanish deck, fresh for every hand"))),
            Property("hands", N_("Hands in the game"), str(self.hands)),
            Property("points", N_("Starting points"), str(self.starting_points)),
            Property("bets", N_("Bets"), translate_plural("{low} to {high} point", "{low} to {high} points",
                                                          self.max_bet, lang).format(low=self.min_bet,
                                                                                     high=self.max_bet)),
            Property("bank-card", N_("The bank's first card"), t(first)),
            Property("payouts", N_("Payouts"), t(N_("1 to 1; 7½ paid double; ties go to the bank"))),
            Property("banks", N_("Who banks"), t(N_("a player; the bank is bought and sold"))),
        ]


_LUDOTEKA_CITATIONS = (
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), valor de las cartas",
             "cada carta tiene, indistintamente de su palo, el valor que indica su propio índice, salvo las doce "
             "figuras sotas, caballos y reyes que tienen un valor de medio punto"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), desarrollo del juego",
             "La banca reparte una carta a cada uno de los jugadores, incluyéndose a sí misma"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "Por turnos, de derecha a izquierda, empezando por el jugador situado a la derecha de la banca"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "podrá mantener sobre la mesa una única carta boca abajo"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "Pedir la carta boca abajo, en cuyo caso debe colocar boca arriba la carta que tuviera oculta "
             "anteriormente"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "debe mostrar todas sus cartas y pierde inmediatamente su apuesta"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), juega la banca",
             "con todas sus cartas boca arriba hasta decidir plantarse"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), juega la banca",
             "si ella se ha pasado, deberá pagar a todos aquellos jugadores que se hubieran plantado"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), cobrar las apuestas",
             "En caso de empate gana la banca ; por lo tanto, si la banca tiene siete y medio gana "
             "automáticamente a todos los jugadores"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), cobrar las apuestas",
             "Si un jugador tiene siete y medio y la banca no cobra el doble de lo apostado y además toma la "
             "banca en la mano siguiente"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "inmediatamente después de indicar su apuesta y antes de realizar su jugada"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "debe superar la oferta anterior realizada en la misma mano"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "Como máximo puede pujar ofreciendo la mitad de los puntos que le quedarían en caso de perder su "
             "apuesta"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "al finalizar la mano ésta se traslada a la banca, que simplemente debe aceptarla o rechazarla"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "cuando un jugador logra siete y medio o cuando la banca queda eliminada, y por lo tanto la banca "
             "cambia de jugador, las ofertas quedan anuladas"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), particularidades en Ludoteka",
             "de partidas con principio y final determinados, se ha realizado una adaptación del juego para que "
             "las partidas sí tengan en sí mismo un objetivo concreto"),
)

#: The Ludoteka page gives its games a set end without saying how (the only text about a "final de la partida"
#: with a fixed number of hands is in one of source 001's spam lines, which no rule is taken from).
FIXED_HANDS_READING = N_("The Ludoteka page says its games have a set beginning and end (\"partidas con principio y "
                         "final determinados\") but not how a game ends; the engine plays a fixed number of hands, "
                         "carries each seat's points from one hand to the next, and the seat with the most points "
                         "at the end wins (option hands).")

_LUDOTEKA_INTERPRETATIONS = (
    FIXED_HANDS_READING,
    N_("The source fixes neither the number of hands, nor the points each seat starts with, nor the range of "
       "the bets (\"generalmente dentro de un rango previamente fijado\"); the engine plays 10 hands from "
       "100 points with bets from 1 to 10 (options hands, starting_points, min_bet, max_bet)."),
    N_("The source does not say whether the bank's own first card is face up before the bank plays; the "
       "engine deals it face down like the players' cards and turns it up when the bank plays "
       "(option bank_card_face_up)."),
    N_("The bank deals the first cards starting with the player on its right and gives itself the last one. "
       "A fresh deck is shuffled for every hand; if the deck runs out, nobody can ask for more cards."),
    N_("When several players make 7½, the first of them in playing order takes the bank. When the bank is "
       "left with no points it is eliminated and the bank passes to the next seat in playing order that "
       "still has points; a player with no points left is out of the game."),
    N_("A bank that runs short pays its losses in full, even if its points go below zero."),
    N_("An accepted offer is paid by the buyer to the player who held the bank, and the buyer holds the bank "
       "from the next hand; after the last hand of the game there is no bank to buy and offers are void. "
       "The engine's bank accepts an offer of at least one maximum bet (option engine_accepts_offer_from)."),
    N_("The engine's bank maximises its exact expected result over the players still in, seeing only their "
       "face-up cards, the cards of those who went over and its own: each hidden card is one of the unseen "
       "cards, all equally likely given that no player still in went over 7½; it reads nothing into how "
       "players chose to ask or stand, and stands when drawing is not strictly better."),
)

PRESETS: PresetBook[SieteYMedioRules] = PresetBook({
    "ludoteka": SieteYMedioRules(name="ludoteka", citations=_LUDOTEKA_CITATIONS,
                                 interpretations=_LUDOTEKA_INTERPRETATIONS),
}, titles={"ludoteka": N_("Ludoteka's rules")})
