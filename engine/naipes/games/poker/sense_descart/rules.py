"""Pòquer sense descart (source 002 §10) and Caribbean Poker (source 001): rules object and presets.

Five cards to each player and to the bank, the bank's last one face up;
the player passes (losing the ante) or goes on with a second bet; the bank
plays only with at least an ace and a king, otherwise it pays the ante at
par; a bank that plays pays the ante at par and the second bet by the pay
table to a better hand, and takes both from a worse one; ties are returned.
The decree adds a special-prize bet with its own table, a progressive
jackpot, and buying one card for the amount of the ante.

Examples:
    >>> rules = PRESETS.get("cat-2016")
    >>> rules.pay_table.summary(), rules.raise_multiple, rules.buy_card
    ('1-1-2-3-4-5-7-20-50-100', Fraction(2, 1), True)
    >>> PRESETS.get("clasificador-bo-cl").buy_card
    False
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ....core import options
from ....core.errors import RulesError, plural
from ....core.i18n import N_, translate, translate_plural
from ....core.model import PresetBook, Property, Rules
from ....core.options import Option
from ....core.sources import CATALAN_DECREE, CLASSIFIER_BO_CL, Citation
from ..hands import STANDARD, codes, strength5
from ..kernel import multiple_text, plural_count, rule
from ..paytables import CARIBBEAN_CLASSIC, SPECIAL_PRIZE, PayTable, pay_table_option, reader
from ..progressive import CATALAN_PROGRESSIVE, CLASSIFIER_PROGRESSIVE, ProgressiveRules

PAY_TABLES = {"classic": CARIBBEAN_CLASSIC}


read_pay_table = reader(PAY_TABLES)


def read_raise_multiple(value: object) -> Fraction:
    """`--raise-multiple X`: the second bet in antes, 1 to 4 (`2`, `1.5`, `3/2`).

    Examples:
        >>> read_raise_multiple("1"), read_raise_multiple("3/2")
        (Fraction(1, 1), Fraction(3, 2))
    """
    return Fraction(options.read_number(value, "--raise-multiple", 1, 4))


@dataclass(frozen=True)
class SenseDescartRules(Rules):
    """Every variable of pòquer sense descart (Caribbean Poker) as a named field.

    Attributes:
        pay_table: what the second bet pays to one for a hand that beats a playing bank.
        raise_multiple: the second bet, in antes (the decree's "han de doblar l'aposta").
        qualifies_with: the bank's lowest playing hand, as cards (`A K 4 3 2`: an ace and a king).
        buy_card: a player may discard one card and buy another for the amount of the ante.
        special_prize: the special-prize bet's table, when offered.
        progressive: the progressive jackpot, when offered.
        boxes: betting boxes at the table; bets_per_box: bets allowed on one box.

    Examples:
        >>> SenseDescartRules(raise_multiple=Fraction(0))
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The second bet must be 1 to 4 times the ante, not 0.
    """

    name: str = "custom"
    pay_table: PayTable = CARIBBEAN_CLASSIC
    raise_multiple: Fraction = Fraction(2)
    qualifies_with: str = "Ah Kd 4c 3s 2h"
    buy_card: bool = False
    special_prize: PayTable | None = None
    progressive: ProgressiveRules | None = None
    boxes: int = 7
    bets_per_box: int = 3
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (
        pay_table_option(PAY_TABLES),
        Option("raise_multiple", "raise_multiple", read_raise_multiple,
               N_("the second bet, in antes, 1 to 4 (the decree's \"doblar\" read as 2; 1 adds as much again)"),
               N_("Second bet")),
    )

    def __post_init__(self) -> None:
        if not 1 <= Fraction(self.raise_multiple) <= 4:
            raise RulesError("The second bet must be 1 to 4 times the ante, not {value}.",
                             value=str(self.raise_multiple))

    @property
    def qualifies_from(self) -> int:
        """The strength of the bank's weakest playing hand."""
        return strength5(*codes(self.qualifies_with), STANDARD)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties.

        Examples:
            >>> [p.value for p in PRESETS.get("cat-2016").describe("en") if p.key == "second-bet"]
            ['2 times the ante']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        yes_no = lambda flag: t(N_("offered") if flag else N_("no"))  # noqa: E731
        return [
            Property("deck", N_("Deck"), t(N_("52 cards, one deck"))),
            # TRANSLATORS: {boxes} is "7 boxes", {bets} is "up to 3 bets on each".
            Property("boxes", N_("Seats"), t(N_("{boxes}, {bets}")).format(
                boxes=translate_plural("{n} box", "{n} boxes", self.boxes, lang).format(n=self.boxes),
                bets=translate_plural("up to {n} bet on each", "up to {n} bets on each", self.bets_per_box,
                                      lang).format(n=self.bets_per_box))),
            Property("second-bet", N_("Second bet"), translate_plural(
                "{times} time the ante", "{times} times the ante", plural_count(self.raise_multiple), lang).format(
                times=multiple_text(self.raise_multiple, lang))),
            Property("qualifies", N_("The bank plays with"), t(N_("an ace and a king, or better"))),
            Property("pay-table", N_("Pay table"), f"{self.pay_table.name} ({self.pay_table.summary()})"),
            Property("buy", N_("Buying a card"), yes_no(self.buy_card)),
            Property("special-prize", N_("Special prize"), yes_no(self.special_prize)),
            Property("progressive", N_("Progressive jackpot"), yes_no(self.progressive)),
        ]


QUALIFIES = rule(N_("the bank plays only with at least an ace and a king"), CATALAN_DECREE)
PASS_RULE = rule(N_("a player who passes loses the ante"), CATALAN_DECREE)
GO_ON_RULE = plural("a player who goes on adds {times} time the ante", "a player who goes on adds {times} times the ante",
                    "times")
TIE_RULE = rule(N_("on a tie the player keeps the bets but wins nothing"), CATALAN_DECREE)
SECOND_BET_RULE = rule(N_("the second bet is paid by the pay table, the ante at par"), CATALAN_DECREE)
BUY_RULE = rule(N_("one card may be discarded and another bought for the amount of the ante"), CATALAN_DECREE)
#: The decree says it of the progressive (§10.VII); of the special prize it says nothing, so that is an interpretation.
PROGRESSIVE_RULE = rule(N_("the progressive is paid on the player's first five cards alone"), CATALAN_DECREE)
SPECIAL_PRIZE_RULE = rule(N_("the special prize is paid on the player's first five cards alone"), interpretation=True)

TABLE_LOST = N_("The second bet's pay table (section V.1) is missing from the decree as published; the engine "
                "uses the classic Caribbean table: a winning high card or a pair 1, two pair 2, three of a kind "
                "3, straight 4, flush 5, full house 7, four of a kind 20, straight flush 50, royal flush 100 to "
                "one (option pay_table).")
DOUBLE_READ = N_("\"Han de doblar l'aposta\" could mean adding as much again as the ante; the engine reads the "
                 "second bet as twice the ante, as Caribbean Stud and the classifier's Draw Poker do (option "
                 "raise_multiple).")
SIDE_READ = N_("The special prize and the progressive are paid on the player's first five cards, whether the "
               "player passes or goes on and whatever the bank holds; the stake of the special prize is "
               "collected as the progressive's is (\"el jugador ganador sólo se queda con el monto del premio "
               "pagado\", source 001).")
ONE_BOX = N_("The engine plays one player's box against the bank; the other boxes and the blind bet on an "
             "empty box do not change its odds.")

_DECREE = (
    Citation(CATALAN_DECREE, "10.I", "S’hi juga amb cinc cartes i l’objecte del joc és assolir una combinació de "
                                     "cartes de valor més alt que la de la banca"),
    Citation(CATALAN_DECREE, "10.II", "L’as es pot utilitzar com la carta més petita davant del 2 o com a As "
                                      "darrere de la K"),
    Citation(CATALAN_DECREE, "10.IV", "Opcionalment el director de jocs pot autoritzar la participació de fins a "
                                      "tres apostes en cada casella"),
    Citation(CATALAN_DECREE, "10.IV", "qualsevol jugador assegut pot apostar sobre la vacant una única aposta "
                                      "cega"),
    Citation(CATALAN_DECREE, "10.VI", "llevat de l’última carta per a la banca que la dóna descoberta"),
    Citation(CATALAN_DECREE, "10.VI", "Els que opten per “anar-hi” han de doblar l’aposta"),
    Citation(CATALAN_DECREE, "10.VI", "Els que opten per “passar” perden l’aposta inicial"),
    Citation(CATALAN_DECREE, "10.VI", "La banca només juga si entre les seves cartes hi ha com a mínim un As i una "
                                      "K, o una combinació superior"),
    Citation(CATALAN_DECREE, "10.VI", "la banca ha de pagar a cada jugador que quedi en joc a la par, és a dir, "
                                      "l’import de l’aposta inicial"),
    Citation(CATALAN_DECREE, "10.VI", "d’acord amb el que estableix l’apartat V.1 de les regles del joc per a la "
                                      "segona aposta, i abona a la par (1 per 1) l’aposta inicial"),
    Citation(CATALAN_DECREE, "10.V", "el jugador conserva la seva aposta però no guanya cap premi"),
    Citation(CATALAN_DECREE, "10.VII", "una aposta no superior a la meitat del mínim de la taula"),
    Citation(CATALAN_DECREE, "10.VII", "Full: 100 vegades la quantitat única estipulada"),
    Citation(CATALAN_DECREE, "10.VII", "Escala reial: 2.000 vegades la quantitat única estipulada"),
    Citation(CATALAN_DECREE, "10.VII", "que depèn només de la jugada que obtingui el jugador amb les seves cinc "
                                       "primeres cartes"),
    Citation(CATALAN_DECREE, "10.VII", "Les combinacions que fan possible l’obtenció del progressiu són: l’escala "
                                       "reial, l’escala de color i pòquer"),
    Citation(CATALAN_DECREE, "10.VII", "Es compra aquesta carta a la banca per la mateixa quantitat que l’aposta "
                                       "inicial del jugador interessat en el descart"),
)
_CLASSIFIER = (
    Citation(CLASSIFIER_BO_CL, "Cartas - Pozos Progresivos", "Poker, modalidad Caribbean Poker o Poker caribeño o "
                                                             "Poker sin descarte"),
    Citation(CLASSIFIER_BO_CL, "Poker, Caribbean Poker", "En este juego, no se puede optar por el cambio de cartas"),
    Citation(CLASSIFIER_BO_CL, "Poker, Caribbean Poker", "Esta modalidad presenta dos variantes; Caribbean Poker y "
                                                         "Caribbean Poker Progresivo"),
)

PRESETS: PresetBook[SenseDescartRules] = PresetBook({
    "cat-2016": SenseDescartRules(
        name="cat-2016", buy_card=True, special_prize=SPECIAL_PRIZE, progressive=CATALAN_PROGRESSIVE,
        citations=_DECREE, interpretations=(TABLE_LOST, DOUBLE_READ, SIDE_READ, ONE_BOX)),
    "clasificador-bo-cl": SenseDescartRules(
        name="clasificador-bo-cl", progressive=CLASSIFIER_PROGRESSIVE, citations=_CLASSIFIER,
        interpretations=(
            N_("The classifier's description of Caribbean Poker is lost but for its name, its progressive variant "
               "and that no card is exchanged; the engine plays it as the Catalan decree's pòquer sense descart: "
               "a second bet of twice the ante, a bank that plays with at least an ace and a king, the classic "
               "table (option pay_table)."),
            ONE_BOX)),
})
