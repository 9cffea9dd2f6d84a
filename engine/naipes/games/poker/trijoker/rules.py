"""Trijoker's rules object and presets (source 002 §11), and Go Poker's (source 001).

Both deal three cards to each player and two common cards, and pay the
player's five-card hand by a pay table. Trijoker has three equal bets, the
first of which may be withdrawn after seeing the cards and the second after
the first common card; its minimum winning hand is a pair of jacks. The
classifier's Go Poker names only the deal and the pay table: the engine
plays it as one bet, with no withdrawal.

Examples:
    >>> PRESETS.get("cat-2016").minimum_pair, PRESETS.get("cat-2016").pay_table.summary()
    ('J', '1-2-3-5-8-11-50-200-1000')
    >>> PRESETS.get("go-poker").bets, PRESETS.get("go-poker").withdrawals
    (1, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.errors import RulesError
from ....core.i18n import N_, translate
from ....core.model import PresetBook, Property, Rules
from ....core.sources import CATALAN_DECREE, CLASSIFIER_BO_CL, Citation
from ..hands import RANKS
from ..kernel import rule
from ..paytables import TRIJOKER_CLASSIC, PayTable, pay_table_option, reader
from ..progressive import CLASSIFIER_PROGRESSIVE, ProgressiveRules

#: The pay tables offered by name (`--pay-table`); the sources print none.
PAY_TABLES = {"classic": TRIJOKER_CLASSIC}


read_pay_table = reader(PAY_TABLES)


@dataclass(frozen=True)
class TrijokerRules(Rules):
    """Every variable of Trijoker (and Go Poker) as a named field.

    Attributes:
        pay_table: what each hand pays to one, per bet in play.
        minimum_pair: the lowest pair that wins (`J`: "S'estableix la jugada mínima per guanyar en parella de J").
        bets: equal bets per player (3 in Trijoker, 1 in Go Poker).
        withdrawals: bet 1 may be withdrawn after the player's cards, bet 2 after the first common card.
        void_exposed_common_from: an exposed common card of this rank or higher voids the whole hand.
        seats: players at the table.
        progressive: the progressive side bet, where the source has one.
        source_of_pay_rules: the source that states the lowest winning pair and that every bet in play is paid by
            the table displayed; `None` where the engine reads them in (Go Poker: source 001 says neither).

    Examples:
        >>> TrijokerRules(bets=2)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Trijoker has 3 equal bets with withdrawals, or 1 bet without, not 2.
    """

    name: str = "custom"
    pay_table: PayTable = TRIJOKER_CLASSIC
    minimum_pair: str = "J"
    bets: int = 3
    withdrawals: bool = True
    void_exposed_common_from: str | None = "J"
    seats: int = 7
    progressive: ProgressiveRules | None = None
    source_of_pay_rules: str | None = CATALAN_DECREE
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (pay_table_option(PAY_TABLES),)

    def __post_init__(self) -> None:
        if (self.bets, self.withdrawals) not in ((3, True), (1, False)):
            raise RulesError("Trijoker has 3 equal bets with withdrawals, or 1 bet without, not {bets}.",
                             bets=self.bets)
        if self.minimum_pair not in RANKS:
            raise RulesError("Unknown rank {rank!r}.", rank=self.minimum_pair)

    @property
    def minimum_rank(self) -> int:
        """The rank number (0 for a two) of the lowest winning pair."""
        return RANKS.index(self.minimum_pair)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties.

        Examples:
            >>> [p.value for p in PRESETS.get("cat-2016").describe("en") if p.key == "bets"]
            ['3 equal bets; bet 1 can be withdrawn after the cards, bet 2 after the first common card']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        bets = (t(N_("3 equal bets; bet 1 can be withdrawn after the cards, bet 2 after the first common card"))
                if self.withdrawals else t(N_("1 bet, no withdrawal")))
        return [
            Property("deck", N_("Deck"), t(N_("52 cards, one deck"))),
            Property("bets", N_("Bets"), bets),
            Property("minimum", N_("Lowest winning hand"), t(N_("a pair of {rank}")).format(
                rank=t(pair_name(self.minimum_pair)))),
            Property("pay-table", N_("Pay table"), f"{self.pay_table.name} ({self.pay_table.summary()})"),
            Property("seats", N_("Seats"), str(self.seats)),
            Property("progressive", N_("Progressive jackpot"), t(N_("offered") if self.progressive else N_("no"))),
        ]


#: The rules the coup cites.
WITHDRAW_1 = rule(N_("bet 1 can be withdrawn after seeing the cards"), CATALAN_DECREE)
WITHDRAW_2 = rule(N_("bet 2 can be withdrawn after the first common card"), CATALAN_DECREE)
MINIMUM_PAIR = N_("the lowest winning hand is a pair of {rank}")
PAID_BY_TABLE = N_("every bet in play is paid by the table displayed")
#: The ranks as a pair names them ("a pair of jacks"); the `{rank}` of `MINIMUM_PAIR`.
PAIR_RANKS = {"2": N_("twos"), "3": N_("threes"), "4": N_("fours"), "5": N_("fives"), "6": N_("sixes"),
              "7": N_("sevens"), "8": N_("eights"), "9": N_("nines"), "T": N_("tens"), "J": N_("jacks"),
              "Q": N_("queens"), "K": N_("kings"), "A": N_("aces")}


def pair_name(rank: str) -> str:
    """The msgid of the rank's plural, as a pair names it (translate it where it is shown).

    Examples:
        >>> pair_name("J"), translate(pair_name("J"), "ca")
        ('jacks', 'jotes')
    """
    return PAIR_RANKS[rank]
COMMON_EXPOSED = rule(N_("an exposed common card of a jack or higher voids the hand"), CATALAN_DECREE)

TABLE_SILENT = N_("The decree says the pay table is displayed at each table but prints none; the engine uses the "
                  "classic table 1-2-3-5-8-11-50-200-1000 (pair of jacks or better, two pair, three of a kind, "
                  "straight, flush, full house, four of a kind, straight flush, royal flush) to one, for each bet "
                  "in play (option pay_table).")
ONE_BOX = N_("The engine plays one player's box against the bank; the other boxes do not change its odds.")

_DECREE = (
    Citation(CATALAN_DECREE, "11.I", "S’estableix la jugada mínima per guanyar en parella de J"),
    Citation(CATALAN_DECREE, "11.II", "S’hi juga amb una baralla de característiques similars a les utilitzades "
                                      "en el joc de Black Jack o Vint-i-u de 52 cartes"),
    Citation(CATALAN_DECREE, "11.VII", "Cada jugador ha d’efectuar tres apostes iguals"),
    Citation(CATALAN_DECREE, "11.VII", "té l’opció de retirar l’aposta número 1 o deixar-la en joc"),
    Citation(CATALAN_DECREE, "11.VII", "cada jugador pot retirar la seva aposta número 2 o deixar-la en joc, "
                                       "independentment del destí de la primera aposta"),
    Citation(CATALAN_DECREE, "11.VII", "Segons la taula de pagament que es troba exposada en cada una de les "
                                       "taules"),
    Citation(CATALAN_DECREE, "11.VII", "es continuarà la jugada normalment, a excepció que sigui una J o major; en "
                                       "aquest cas, s’anul·larà la mà completa"),
)
_GO_POKER = (
    Citation(CLASSIFIER_BO_CL, "Poker, Go Poker", "Corresponde a un juego de contrapartida, compuesto por una mano "
                                                  "de 3 cartas cubiertas, repartidas por el croupier individualmente "
                                                  "a cada jugador, más dos cartas comunitarias"),
    Citation(CLASSIFIER_BO_CL, "Poker, Go Poker", "cada jugador apuesta por obtener una mano de cartas que le "
                                                  "permita calificar para un pago"),
    Citation(CLASSIFIER_BO_CL, "Poker, Go Poker", "Esta modalidad presenta dos variantes; Go Poker y Go Poker "
                                                  "Progresivo"),
)

PRESETS: PresetBook[TrijokerRules] = PresetBook({
    "cat-2016": TrijokerRules(
        name="cat-2016", citations=_DECREE, interpretations=(TABLE_SILENT, ONE_BOX)),
    "go-poker": TrijokerRules(
        name="go-poker", bets=1, withdrawals=False, void_exposed_common_from=None, minimum_pair="J",
        source_of_pay_rules=None,
        progressive=CLASSIFIER_PROGRESSIVE, citations=_GO_POKER,
        interpretations=(
            N_("The classifier describes Go Poker only as three cards to each player and two common cards, paid "
               "by a pay table it does not print, with no bet withdrawn: the engine plays one bet on the "
               "five-card hand, with Trijoker's classic table and its minimum, a pair of jacks (option "
               "pay_table)."),
            N_("Go Poker Progresivo's side bet pays on the player's five cards (three of their own and the two "
               "common cards), from the progressive pool (see the progressive jackpots page)."),
            ONE_BOX)),
}, titles={"go-poker": N_("Go Poker, Bolivian/Chilean classifier")})
