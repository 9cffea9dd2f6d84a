"""Three-card poker against the croupier (source 001): rules object, pay tables and the `clasificador-bo-cl` preset.

The classifier says only that each player and the croupier get three closed
cards and that the better combination wins. The engine plays it as the
three-card game casinos deal: the ante, then after seeing the cards either
a play bet equal to the ante or a fold; the croupier plays with a queen high
or better, otherwise the ante is paid at par and the play bet returned; an
ante bonus for a straight or better; and the optional Pair Plus bet, paid on
the player's three cards alone.

Examples:
    >>> rules = PRESETS.get("clasificador-bo-cl")
    >>> rules.pay_table.name, rules.pay_table.ante_bonus.summary(), rules.pay_table.pair_plus.summary()
    ('classic', '1-4-5', '1-4-6-30-40')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ....core.errors import RulesError
from ....core.i18n import N_, translate
from ....core.model import PresetBook, Property, Rules
from ....core.sources import CLASSIFIER_BO_CL, Citation
from ..hands import FLUSH, PAIR, RANKS, STRAIGHT, STRAIGHT_FLUSH, THREE_CARD, THREE_OF_A_KIND, codes, strength3
from ..kernel import rule
from ..paytables import PayTable, pay_table_option, reader, table


@dataclass(frozen=True)
class ThreeCardPays:
    """The two tables of the game, chosen together by name: the ante bonus and Pair Plus."""

    name: str
    ante_bonus: PayTable
    pair_plus: PayTable

    def summary(self) -> str:
        return f"{self.ante_bonus.summary()} / {self.pair_plus.summary()}"


ANTE_BONUS = table("ante-bonus", (STRAIGHT, 1), (THREE_OF_A_KIND, 4), (STRAIGHT_FLUSH, 5))
PAY_TABLES = {
    "classic": ThreeCardPays("classic", ANTE_BONUS, table("pair-plus", (PAIR, 1), (FLUSH, 4), (STRAIGHT, 6),
                                                          (THREE_OF_A_KIND, 30), (STRAIGHT_FLUSH, 40))),
    "pair-plus-3": ThreeCardPays("pair-plus-3", ANTE_BONUS, table("pair-plus", (PAIR, 1), (FLUSH, 3), (STRAIGHT, 6),
                                                                  (THREE_OF_A_KIND, 30), (STRAIGHT_FLUSH, 40))),
}


read_pay_table = reader(PAY_TABLES)


@dataclass(frozen=True)
class ThreeCardRules(Rules):
    """Every variable of the three-card game as a named field.

    Attributes:
        pay_table: the ante bonus and Pair Plus tables.
        qualifies_with: the croupier plays with at least this high card (`Q`: a queen high or better).
        play_multiple: the play bet, in antes.

    Examples:
        >>> ThreeCardRules(qualifies_with="1")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Unknown rank '1'.
    """

    name: str = "custom"
    pay_table: ThreeCardPays = PAY_TABLES["classic"]
    qualifies_with: str = "Q"
    play_multiple: Fraction = Fraction(1)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (pay_table_option(PAY_TABLES),)

    def __post_init__(self) -> None:
        if self.qualifies_with not in RANKS[2:]:
            raise RulesError("Unknown rank {rank!r}.", rank=self.qualifies_with)

    @property
    def qualifies_from(self) -> int:
        """The strength of the croupier's weakest playing hand (the high card with a three and a two)."""
        low = "4" if self.qualifies_with == "3" else "3"
        return strength3(*codes(f"{self.qualifies_with}s {low}h 2d"), THREE_CARD)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties.

        Examples:
            >>> [p.value for p in PRESETS.default.describe("en") if p.key == "qualifies"]
            ['a Q high or better']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        return [
            Property("deck", N_("Deck"), t(N_("52 cards, one deck"))),
            Property("bets", N_("Bets"), t(N_("ante, then a play bet equal to the ante or fold; Pair Plus optional"))),
            Property("qualifies", N_("The bank plays with"), t(N_("a {rank} high or better")).format(
                rank=self.qualifies_with)),
            Property("pay-table", N_("Pay table"), f"{self.pay_table.name} ({self.pay_table.summary()})"),
        ]


COMPARE = rule(N_("the better three-card combination wins"), CLASSIFIER_BO_CL)
QUALIFIES = N_("the croupier plays with a {rank} high or better")
ANTE_BONUS_RULE = rule(N_("the ante bonus pays a straight or better whatever the croupier holds"), None, True)
PAIR_PLUS_RULE = rule(N_("Pair Plus pays the player's three cards alone"), None, True)

_CLASSIFIER = (
    Citation(CLASSIFIER_BO_CL, "Poker", "Corresponde a un juego de contrapartida, compuesto por una mano de 3 "
                                        "cartas cubiertas, repartidas por el croupier individualmente a cada "
                                        "jugador y a su propia mano"),
    Citation(CLASSIFIER_BO_CL, "Poker", "Cada jugador apuesta individualmente contra la banca croupier , resultando "
                                        "ganador aquél o aquellos jugadores que, con su mano de cartas, obtengan "
                                        "una mejor combinación de cartas que la del croupier"),
)

PRESETS: PresetBook[ThreeCardRules] = PresetBook({
    "clasificador-bo-cl": ThreeCardRules(
        name="clasificador-bo-cl", citations=_CLASSIFIER,
        interpretations=(
            N_("The classifier gives no bets, no pay table and no ranking for the three-card game: read literally "
               "(one bet, the better hand wins, ties returned) the house would have no edge. The engine plays "
               "the three-card poker casinos deal: an ante; after seeing the cards a play bet equal to the ante "
               "or a fold that loses the ante; the croupier plays with a queen high or better (otherwise the ante "
               "is paid at par and the play bet returned); winning hands are paid at par on both bets; ties are "
               "returned."),
            N_("Three-card hands rank: straight flush, three of a kind, straight, flush, pair, high card (a "
               "straight is rarer than a flush with three cards); the ace plays high (Q-K-A) or low (A-2-3)."),
            N_("The ante bonus pays a straight 1, three of a kind 4 and a straight flush 5 to one on the ante of "
               "a player who plays, whatever the croupier holds; the optional Pair Plus bet pays a pair 1, a flush "
               "4, a straight 6, three of a kind 30 and a straight flush 40 to one (option pay_table; "
               "pair-plus-3 pays a flush 3)."),
            N_("The engine plays one player's box against the croupier; the other boxes do not change its "
               "odds."))),
})
