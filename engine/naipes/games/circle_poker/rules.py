"""The rules object of circle poker (source 002 §12, source 001) and the presets of each game.

Source 002 §12 sets the rules common to every variety of *pòquer de cercle*:
one 52-card deck, the ace high or low, the flush above the full house in the
variants played with fewer than 52 cards, the tie-breaks of every
combination, at least four players, the *mà* moving clockwise while the
cards go counter-clockwise, an initial bet fixed by the casino, raises
capped per interval except heads-up. Its list of combinations, the house's
two ways of earning and the four betting limits are lost in the published
text: they are named options here, each with its interpretation. Source 001
describes the four variants (`naipes.games.circle_poker.variants`) and the
house's percentage on the pots.

Examples:
    >>> rules = HOLDEM_PRESETS.get("cat-2016")
    >>> rules.deck, rules.players, rules.min_players, rules.variant
    (52, 4, 4, 'holdem')
    >>> rules.with_options(deck="32").ranking.name
    'short-32'
    >>> rules.with_options(players="1")
    Traceback (most recent call last):
    ...
    naipes.core.errors.RulesError: --players must be a whole number from 2 to 10, not '1'.
    >>> CirclePokerRules(variant="seven-card-stud", deck=32, players=5)
    Traceback (most recent call last):
    ...
    naipes.core.errors.RulesError: One deck of 32 cards deals this variant to 4 players at most, not 5.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core import options
from ...core.errors import RulesError, plural
from ...core.formatting import percent
from ...core.i18n import N_, translate, translate_plural
from ...core.model import PresetBook, Property, Rules
from ...core.options import Option
from ...core.sources import CATALAN_DECREE, CLASSIFIER_BO_CL, Citation
from ..poker.hands import Ranking, ranking_for_deck
from .variants import FIVE_CARD_STUD, HOLDEM, OMAHA, SEVEN_CARD_STUD, VARIANTS, Variant, variant

POT_PERCENTAGE = "pot-percentage"
TIME_FEE = "time-fee"
#: The house's ways of earning (the decree's two options are lost: these are the engine's names).
HOUSE_TAKES = {POT_PERCENTAGE: N_("a share of every pot"), TIME_FEE: N_("a fee per seat and hour; pots are whole")}
FIXED_LIMIT = "fixed-limit"
SPREAD_LIMIT = "spread-limit"
POT_LIMIT = "pot-limit"
NO_LIMIT = "no-limit"
#: The four betting structures (the decree's "quatre límits diferents" are lost: these are the engine's).
BETTING = {
    FIXED_LIMIT: N_("fixed limit: bets and raises of a set amount"),
    SPREAD_LIMIT: N_("spread limit: any bet between a minimum and a maximum"),
    POT_LIMIT: N_("pot limit: a bet or raise up to the size of the pot"),
    NO_LIMIT: N_("no limit: a player may bet all their chips"),
}
#: The most seats the engine deals to (a circle table).
MAX_SEATS = 10


def _choice(value: object, allowed: dict, message: str) -> str:
    text = str(value).strip()
    if text not in allowed:
        raise RulesError(message, value=text, choices=", ".join(allowed))
    return text


def read_deck(value: object) -> int:
    """A deck size, 52, 36 or 32 (`SpecError` otherwise).

    Examples:
        >>> read_deck(" 36 ")
        36
    """
    return ranking_for_deck(value).deck_size


def read_players(value: object) -> int:
    """A number of players, 2 to 10 (the rules then check the variant's and the preset's limits)."""
    return options.whole(value, "--players", 2, MAX_SEATS)


def read_house_take(value: object) -> str:
    """`pot-percentage` or `time-fee`."""
    return _choice(value, HOUSE_TAKES, N_("Unknown way for the house to earn {value!r}: use {choices}."))


def read_betting(value: object) -> str:
    """One of the four betting structures."""
    return _choice(value, BETTING, N_("Unknown betting structure {value!r}: use {choices}."))


@dataclass(frozen=True)
class CirclePokerRules(Rules):
    """Every variable of a circle poker game as a named field.

    Attributes:
        variant: the variant dealt (`holdem`, `omaha`, `seven-card-stud`, `five-card-stud`), or `None` for the
            common rules alone (the hand rankings: one five-card hand).
        deck: cards in the deck: 52, or the short decks of 36 (six to ace) and 32 (seven to ace).
        players: players dealt in (the engine's hands).
        min_players: the fewest players a game may start with ("com a mínim quatre jugadors").
        ante: the initial bet of every player, in chips ("aposta inicial", fixed by the casino).
        betting: the betting structure (one of `BETTING`).
        raises_per_interval: raises allowed in one betting interval (`None`: no cap); none with two players.
        house_take: how the house earns (`pot-percentage` or `time-fee`).
        rake: the house's share of every pot (with `pot-percentage`).
        rake_cap: the most chips the house takes from one hand's pots (`None`: no cap).
        time_fee: chips each seated player pays per hour (with `time-fee`).
        deals_each: a game lasts until every player has held the mà this many times (`None`: not stated).
        sit_out: hands a player may sit out without losing the seat (`None`: not stated).
        shuffles: the fewest shuffles before a deal.
        ranking_interpreted: the tie-breaks come from the decree but the preset's own source does not list them.
    """

    name: str = "custom"
    variant: str | None = HOLDEM.id
    deck: int = 52
    players: int = 4
    min_players: int = 4
    ante: int = 10
    betting: str = FIXED_LIMIT
    raises_per_interval: int | None = 3
    house_take: str = POT_PERCENTAGE
    rake: Fraction = Fraction(5, 100)
    rake_cap: int | None = None
    time_fee: int = 10
    deals_each: int | None = 2
    sit_out: int | None = 2
    shuffles: int = 3
    ranking_interpreted: bool = False
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (
        Option("deck", "deck", read_deck, N_("the deck: 52, 36 (6 to ace) or 32 (7 to ace) cards"), N_("Deck"),
               ("52", "36", "32")),
        Option("players", "players", read_players, N_("players at the table, 2 to 10"), N_("Players"),
               tuple(str(n) for n in range(2, MAX_SEATS + 1))),
        Option("house_take", "house_take", read_house_take,
               N_("how the house earns: pot-percentage or time-fee"), N_("The house's take"), tuple(HOUSE_TAKES)),
        Option("rake", "rake", options.rate, N_("the house's share of each pot, e.g. 0.05"), N_("Share of the pot")),
        Option("betting", "betting", read_betting,
               N_("the betting structure: fixed-limit, spread-limit, pot-limit or no-limit"), N_("Betting"),
               tuple(BETTING)),
    )

    def __post_init__(self) -> None:
        read_deck(self.deck)
        if self.variant is not None:
            variant(self.variant)
        if not 2 <= self.min_players <= self.players:
            raise RulesError(plural("This preset starts a game with {low} player at least, not {players}.",
                                    "This preset starts a game with {low} players at least, not {players}.", "low"),
                             low=self.min_players, players=self.players)
        most = min(MAX_SEATS, self.dealt.max_players(self.deck)) if self.dealt else MAX_SEATS
        if self.players > most:
            # TRANSLATORS: {deck} and {most} are never 1: a deck of 32 cards at least deals every variant to 4 players.
            raise RulesError("One deck of {deck} cards deals this variant to {most} players at most, not {players}.",
                             deck=self.deck, most=most, players=self.players)
        read_house_take(self.house_take)
        read_betting(self.betting)
        if self.shuffles < 2:  # a croupier's shuffles, as the decree describes them, are several
            raise RulesError(plural("The croupier shuffles twice at least before a deal, not {n} time.",
                                    "The croupier shuffles twice at least before a deal, not {n} times.", "n"),
                             n=self.shuffles)
        if self.ante < 1 or not 0 <= self.rake <= Fraction(1, 2):
            raise RulesError("The initial bet must be 1 chip or more and the house's share 0 to 0.5.")

    @property
    def ranking(self) -> Ranking:
        """How hands rank with this deck."""
        return ranking_for_deck(self.deck)

    @property
    def dealt(self) -> Variant | None:
        """The variant dealt, or `None` for the common rules alone."""
        return None if self.variant is None else VARIANTS[self.variant]

    def raise_cap(self, players_left: int) -> int | None:
        """Raises allowed in a betting interval with `players_left` players: no cap heads-up.

        Examples:
            >>> HOLDEM_PRESETS.get("cat-2016").raise_cap(2), HOLDEM_PRESETS.get("cat-2016").raise_cap(3)
            (None, 3)
        """
        return None if players_left <= 2 else self.raises_per_interval

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties.

        Examples:
            >>> rows = {p.key: p.value for p in HOLDEM_PRESETS.get("cat-2016").describe("en")}
            >>> rows["deck"], rows["house"]
            ('52 cards (2 to ace)', 'a share of every pot: 5.0%')
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        ranks = self.ranking.ranks
        # TRANSLATORS: {cards} is never 1: a poker deck holds 52, 36 or 32 cards.
        deck = t(N_("{cards} cards ({low} to ace)")).format(cards=self.deck, low=ranks[0])
        order = (t(N_("the flush ranks above the full house")) if self.ranking.category_index("flush")
                 > self.ranking.category_index("full-house") else t(N_("the full house ranks above the flush")))
        house = t(HOUSE_TAKES[self.house_take])
        if self.house_take == POT_PERCENTAGE:
            house += ": " + percent(self.rake, lang, 1)
        else:
            house += ": " + translate_plural("{n} chip", "{n} chips", self.time_fee, lang).format(n=self.time_fee)
        cap = (t(N_("no cap")) if self.raises_per_interval is None
               else str(self.raises_per_interval)) + t(N_("; no cap with two players"))
        rows = [Property("deck", N_("Deck"), deck), Property("order", N_("Flush and full house"), order),
                Property("ace", N_("Ace"), t(N_("high, or low before the lowest card in a straight")))]
        if self.dealt is not None:
            rows.append(Property("deal", N_("Deal"), t(self.dealt.text)))
        rows += [
            Property("players", N_("Players"), t(N_("{low} to {high}")).format(
                low=self.min_players, high=min(MAX_SEATS, self.dealt.max_players(self.deck)) if self.dealt
                else MAX_SEATS)),
            Property("ante", N_("Initial bet"), translate_plural("{n} chip", "{n} chips", self.ante, lang).format(
                n=self.ante)),
            Property("betting", N_("Betting"), t(BETTING[self.betting])),
            Property("raises", N_("Raises per interval"), cap),
            Property("house", N_("The house's take"), house),
            Property("length", N_("Length of a game"), t(N_("not stated")) if self.deals_each is None else
                     translate_plural("until every player has held the mà {n} time",
                                      "until every player has held the mà {n} times", self.deals_each, lang
                                      ).format(n=self.deals_each)),
            Property("sit-out", N_("Sitting out"), t(N_("not stated")) if self.sit_out is None else
                     translate_plural("{n} hand without losing the seat", "{n} hands without losing the seat",
                                      self.sit_out, lang).format(n=self.sit_out)),
        ]
        return rows


# --- what the sources say ------------------------------------------------------------------------------

_DECREE_COMMON = (
    Citation(CATALAN_DECREE, "12.II", "S’hi juga amb una baralla de les denominades cartes angleses de "
                                      "característiques similars a les utilitzades en el joc del Black Jack o "
                                      "Vint-i-u de 52 cartes"),
    Citation(CATALAN_DECREE, "12.II", "El seu valor, ordenades de major a menor, és: As, K, Q, J, 10, 9, 8, 7, 6, "
                                      "5, 4, 3 i 2"),
    Citation(CATALAN_DECREE, "12.II", "L’As pot ser utilitzat com la carta més petita davant la menor amb què es "
                                      "juga o com As darrere de K"),
    Citation(CATALAN_DECREE, "12.VI", "En les variants de pòquer que es juguen amb menys de 52 cartes el color és "
                                      "més important que el full"),
    Citation(CATALAN_DECREE, "12.VI", "Quan diversos jugadors tenen pòquer, guanya el que el té de valor superior"),
    Citation(CATALAN_DECREE, "12.VI", "Quan diversos jugadors tenen full, guanya el que té les tres cartes iguals "
                                      "de valor més alt"),
    Citation(CATALAN_DECREE, "12.VI", "Quan diversos jugadors tenen escala, de qualsevol tipus, guanya el que té la "
                                      "carta de valor més alt"),
    Citation(CATALAN_DECREE, "12.VI", "Quan diversos jugadors tenen color, guanya el que té la carta de valor més "
                                      "alt"),
    Citation(CATALAN_DECREE, "12.VI", "Quan diversos jugadors tenen trio, guanya el que el té format per cartes de "
                                      "valor més alt"),
    Citation(CATALAN_DECREE, "12.VI", "guanya el que té la parella formada per les cartes de valor més alt; si "
                                      "coincideix, es considera la segona parella, i en darrer cas, la carta que "
                                      "queda de valor més alt"),
    Citation(CATALAN_DECREE, "12.VI", "Quan diversos jugadors tenen parella, guanya el que la té de valor més alt i, "
                                      "si coincideix, es considera la carta de valor més alt de les restants"),
)
_DECREE_TABLE = (
    Citation(CATALAN_DECREE, "12.II", "El benefici de l’establiment es pot obtenir escollint una de les dos opcions "
                                      "que es descriuen a continuació"),
    Citation(CATALAN_DECREE, "12.II", "la duració de la partida ha de ser, com a mínim, la necessària perquè cada "
                                      "jugador que inicia la partida pugui tenir la mà en dos ocasions"),
    Citation(CATALAN_DECREE, "12.IV", "Al principi de la partida se sortegen les places"),
    Citation(CATALAN_DECREE, "12.IV", "A petició pròpia un jugador pot descansar dos jugades o mans sense perdre la "
                                      "plaça a la taula"),
    Citation(CATALAN_DECREE, "12.VI", "Es pot jugar amb quatre límits diferents"),
    Citation(CATALAN_DECREE, "12.VII", "hi hagi a la taula de joc com a mínim quatre jugadors"),
    Citation(CATALAN_DECREE, "12.VII", "La mà anirà girant en el sentit de les agulles del rellotge cada cop que es "
                                       "faci un nou repartiment de cartes"),
    Citation(CATALAN_DECREE, "12.VII", "barrejar-les almenys tres cops, de manera que els jugadors no les vegin. Ho "
                                       "ha de fer seguint aquest ordre: barrejar (tipus chemin de fer), agrupar, "
                                       "escartejar"),
    Citation(CATALAN_DECREE, "12.VII", "Si en el moment de tallar queda al descobert alguna carta de la pila, s’ha "
                                       "de tornar a escartejar"),
    Citation(CATALAN_DECREE, "12.VII", "realitzar prèviament una aposta anomenada “aposta inicial”, fixada pel "
                                       "casino, i tot seguit el crupier reparteix les cartes en el sentit contrari "
                                       "a las agulles del rellotge"),
    Citation(CATALAN_DECREE, "12.VII", "Quan un jugador es retira no pot participar en el pot, renuncia a totes les "
                                       "apostes que hagi fet"),
    Citation(CATALAN_DECREE, "12.VII", "el nombre de vegades que un jugador pot fer una pujada pot estar limitat; "
                                       "però en el cas que només hi hagi dos jugadors no hi ha límit al nombre de "
                                       "vegades"),
    Citation(CATALAN_DECREE, "12.VII", "Al final de les apostes tots els jugadors que romanguin en joc (“actius”) "
                                       "han d’haver posat el mateix valor de fitxes al pot"),
    Citation(CATALAN_DECREE, "12.VII", "Si en acabar el torn de les apostes només hi ha un jugador que ha fet una "
                                       "aposta i tots els altres han passat, guanya automàticament la mà i s’endú "
                                       "el pot sense necessitat de mostrar les seves cartes"),
)
_CLASSIFIER_HOUSE = Citation(
    CLASSIFIER_BO_CL, "Poker de círculo", "Al croupier le corresponde la dirección del juego así como el cobro de un "
                                          "porcentaje sobre el o los pozos para beneficio del salón de juegos o casino")
_CLASSIFIER_FOLD = Citation(
    CLASSIFIER_BO_CL, "Poker de círculo", "o, en su defecto, resulta ganador aquel jugador que no se retira del juego")
_CLASSIFIER_VARIANT = {
    HOLDEM.id: (
        Citation(CLASSIFIER_BO_CL, "Texas Hold'em", "Corresponde a un juego de círculo, que consiste en alcanzar la "
                                                    "mejor combinación de 5 cartas, de un total de 7 cartas posibles"),
        Citation(CLASSIFIER_BO_CL, "Texas Hold'em", "se entregan 2 cartas cerradas a cada jugador en forma individual "
                                                    "y 5 cartas abiertas comunitarias"),
        Citation(CLASSIFIER_BO_CL, "Texas Hold'em", "las tres primeras se reparten juntas y las dos siguientes "
                                                    "sucesivamente por separado- permite generar hasta cuatro "
                                                    "espacios de apuestas"),
    ),
    OMAHA.id: (
        Citation(CLASSIFIER_BO_CL, "Omaha", "Corresponde a un juego de círculo, que consiste en alcanzar la mejor "
                                            "combinación de 5 cartas, de un total de 9 cartas posibles"),
        Citation(CLASSIFIER_BO_CL, "Omaha", "se entregan a cada jugador, en forma individual, 4 cartas cerradas y, "
                                            "posteriormente, 5 cartas comunitarias abiertas"),
        Citation(CLASSIFIER_BO_CL, "Omaha", "La mano de poker se forma por cada jugador escogiendo 2 de sus cartas "
                                            "individuales y 3 de las cartas comunitarias"),
    ),
    SEVEN_CARD_STUD.id: (
        Citation(CLASSIFIER_BO_CL, "Seven-card stud", "se entregan 3 cartas iniciales - dos cerradas y una abierta- a "
                                                      "cada jugador y, posteriormente, otras 4 -tres abiertas y la "
                                                      "cuarta cerrada- en forma individual y sucesiva"),
        Citation(CLASSIFIER_BO_CL, "Seven-card stud", "La forma en que el croupier entrega las cartas permite generar "
                                                      "hasta cinco espacios de apuestas"),
    ),
    FIVE_CARD_STUD.id: (
        Citation(CLASSIFIER_BO_CL, "Five-card stud", "Corresponde a un juego de círculo, compuesto por una mano de 5 "
                                                     "cartas repartidas por el croupier a cada jugador, de las cuales "
                                                     "la primera se entrega cerrada y las restantes cuatro abiertas, "
                                                     "en forma individual y sucesiva"),
        Citation(CLASSIFIER_BO_CL, "Five-card stud", "permite generar hasta cuatro espacios de apuestas que "
                                                     "configuran, a lo menos, un pozo"),
        Citation(CLASSIFIER_BO_CL, "Five-card stud", "En esta modalidad de poker los jugadores compiten entre ellos"),
    ),
}

# --- what the engine decides where the sources are silent --------------------------------------------------

COMBINATIONS_LOST = N_(
    "The decree's list of combinations (§12.VI) is lost in the published text. The engine ranks them as its "
    "tie-breaks imply and as poker always does: straight flush (the ace-high one is the royal flush), four of a "
    "kind, full house, flush, straight, three of a kind, two pair, pair, high card; in the decks of fewer than 52 "
    "cards, the flush above the full house, as the decree says. The ace plays low only in the lowest straight "
    "(A-2-3-4-5, or A-6-7-8-9 and A-7-8-9-10 in the short decks).")
FIGURES = N_(
    "The decree also gives a tie-break for «figures» (the highest pair, then the highest card), a combination "
    "its lost list would name; the engine reads it as the pair's rule and has no category of that name.")
BEYOND_TIE_BREAKS = N_(
    "Where the decree's tie-breaks stop (the next cards of a flush, the other cards of a three of a kind or a "
    "pair, hands with no combination, a four or a three shared from the board), the next cards decide in order; "
    "hands equal in all five cards share the pot, and suits never break a tie.")
HOUSE_OPTIONS_LOST = N_(
    "The decree says the house earns by one of two options, but their description is lost. The engine offers a "
    "share of every pot, 5% by default (option rake), like the classifier's percentage on the pots, or a fee per "
    "seat and hour that leaves the pots whole (option house_take).")
LIMITS_LOST = N_(
    "The decree's four betting limits are lost. The engine names the four structures of the circle games: fixed "
    "limit, spread limit, pot limit and no limit (option betting). What is bet does not change who wins a "
    "showdown nor the odds of the hands.")
RAISES = N_(
    "The decree lets each variety cap the raises of a betting interval, with no cap when only two players are "
    "left; the engine allows three raises per interval.")
DEAL_ORDER = N_(
    "The croupier deals counter-clockwise, one card at a time, starting with the player who holds the mà (the "
    "marker), who also speaks first in each betting interval; the mà moves one seat clockwise each deal.")
STUD_FIRST = N_(
    "In the studs, the player whose face-up cards show the best hand speaks first in each betting interval (the "
    "first of them in dealing order on a tie), as stud is usually played.")
ANTE_ONLY = N_(
    "The hands the engine deals have only the initial bet, 10 chips per player: its players either stay to the "
    "showdown or fold (see the conduct); the bets of the intervals do not change who wins.")
RANKING_FROM_DECREE = N_(
    "The classifier refers to «las combinaciones aceptadas» without listing them: the engine uses the order and "
    "the tie-breaks of the Catalan decree (source 002 §12).")
CLASSIFIER_DECK = N_(
    "The classifier names no deck size nor a minimum of players: the engine deals one 52-card deck (option deck "
    "for the short decks) to two or more players.")
HOUSE_PERCENTAGE = N_(
    "The classifier gives the house a percentage of the pot or pots without a figure: the engine takes 5% "
    "(option rake), from every pot in proportion, rounded down to a whole chip.")
DEAL_FROM_CLASSIFIER = {
    HOLDEM.id: N_("The decree leaves each variety's deal to its own rules («segons la variant del pòquer de què es "
                  "tracta»): the engine deals Texas Hold'em as the classifier (source 001) describes it."),
    OMAHA.id: N_("The decree leaves each variety's deal to its own rules («segons la variant del pòquer de què es "
                 "tracta»): the engine deals Omaha as the classifier (source 001) describes it, its community "
                 "cards like Texas Hold'em's."),
    SEVEN_CARD_STUD.id: N_("The decree leaves each variety's deal to its own rules («segons la variant del pòquer de "
                           "què es tracta»): the engine deals seven-card stud as the classifier (source 001) "
                           "describes it."),
    FIVE_CARD_STUD.id: N_("The decree leaves each variety's deal to its own rules («segons la variant del pòquer de "
                          "què es tracta»): the engine deals five-card stud as the classifier (source 001) "
                          "describes it."),
}
OMAHA_STREETS = N_(
    "The classifier deals Omaha's five community cards without saying how: the engine turns them like Texas "
    "Hold'em's, three together and then one and one, with four betting intervals.")


def _game_presets(dealt: Variant | None) -> PresetBook[CirclePokerRules]:
    name = None if dealt is None else dealt.id
    stud = () if dealt is None or not dealt.stud else (STUD_FIRST,)
    deal = () if dealt is None else (DEAL_ORDER,) + stud + (ANTE_ONLY,)
    decree_deal = () if dealt is None else (DEAL_FROM_CLASSIFIER[dealt.id],)
    omaha = (OMAHA_STREETS,) if dealt is OMAHA else ()
    classifier = () if dealt is None else _CLASSIFIER_VARIANT[dealt.id]
    if dealt is None:
        classifier = _CLASSIFIER_VARIANT[HOLDEM.id][:1]
    return PresetBook({
        "cat-2016": CirclePokerRules(
            name="cat-2016", variant=name, citations=_DECREE_COMMON + _DECREE_TABLE,
            interpretations=(COMBINATIONS_LOST, FIGURES, BEYOND_TIE_BREAKS, HOUSE_OPTIONS_LOST, LIMITS_LOST, RAISES)
            + decree_deal + omaha + deal),
        "clasificador-bo-cl": CirclePokerRules(
            name="clasificador-bo-cl", variant=name, min_players=2, ranking_interpreted=True, deals_each=None,
            sit_out=None,
            citations=classifier + (_CLASSIFIER_HOUSE, _CLASSIFIER_FOLD),
            interpretations=(RANKING_FROM_DECREE, CLASSIFIER_DECK, HOUSE_PERCENTAGE, LIMITS_LOST) + omaha + deal),
    })


#: The common rules alone (the hand rankings), and each variant's presets.
COMMON_PRESETS = _game_presets(None)
HOLDEM_PRESETS = _game_presets(HOLDEM)
OMAHA_PRESETS = _game_presets(OMAHA)
SEVEN_CARD_STUD_PRESETS = _game_presets(SEVEN_CARD_STUD)
FIVE_CARD_STUD_PRESETS = _game_presets(FIVE_CARD_STUD)
