"""Draw Poker against the bank (source 001): rules object and the `clasificador-bo-cl` preset.

Five closed cards to each player and to the croupier. A player who goes on
places the BET, exactly twice the ANTE, and may exchange up to two cards; a
player who does not loses the ANTE. The croupier opens with a pair of eights
or better; otherwise only the ANTE is paid, 1 to 1. If he opens, a better
hand is paid the ANTE 1 to 1 and the BET by the pay table.

Examples:
    >>> rules = PRESETS.default
    >>> rules.bet_multiple, rules.max_exchange, rules.pay_table.summary()
    (Fraction(2, 1), 2, '1-1-2-3-4-5-7-20-50-100')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ....core.errors import RulesError
from ....core.i18n import N_, translate, translate_plural
from ....core.model import PresetBook, Property, Rules
from ....core.sources import CLASSIFIER_BO_CL, Citation
from ..hands import STANDARD, codes, strength5
from ..kernel import multiple_text, plural_count, rule
from ..paytables import CARIBBEAN_CLASSIC, PayTable, pay_table_option, reader
from ..progressive import CLASSIFIER_PROGRESSIVE, FIRST_FIVE, PRIZE_HAND_NAMES, PROGRESSIVE_HAND, ProgressiveRules

PAY_TABLES = {"classic": CARIBBEAN_CLASSIC}


read_pay_table = reader(PAY_TABLES)
@dataclass(frozen=True)
class DrawPokerRules(Rules):
    """Every variable of Draw Poker against the bank as a named field.

    Attributes:
        pay_table: what the BET pays to one for a hand that beats an opening croupier.
        bet_multiple: the BET in ANTEs ("exactamente, al doble").
        max_exchange: the most cards a player may exchange.
        opens_with: the croupier's lowest opening hand, as cards (a pair of eights).
        progressive: the progressive jackpot (Draw Poker Progresivo).
        progressive_hand: the hand its prize is read on: `first-five` (the cards dealt) or `final` (after the
            exchange; a player who folds keeps the first five).

    Examples:
        >>> DrawPokerRules(max_exchange=5)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: A player may exchange 0 to 3 cards, not 5.
    """

    name: str = "custom"
    pay_table: PayTable = CARIBBEAN_CLASSIC
    bet_multiple: Fraction = Fraction(2)
    max_exchange: int = 2
    opens_with: str = "8h 8d 4c 3s 2h"
    progressive: ProgressiveRules | None = None
    progressive_hand: str = FIRST_FIVE
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (pay_table_option(PAY_TABLES),
               PROGRESSIVE_HAND)

    def __post_init__(self) -> None:
        PROGRESSIVE_HAND.read(self.progressive_hand)
        if not 0 <= self.max_exchange <= 3:
            raise RulesError("A player may exchange 0 to 3 cards, not {n}.", n=self.max_exchange)

    @property
    def opens_from(self) -> int:
        """The strength of the croupier's weakest opening hand."""
        return strength5(*codes(self.opens_with), STANDARD)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties.

        Examples:
            >>> [p.value for p in PRESETS.default.describe("en") if p.key == "exchange"]
            ['up to 2 cards, for players who bet']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        return [
            Property("deck", N_("Deck"), t(N_("52 cards, one deck"))),
            Property("bet", N_("Second bet"), translate_plural(
                "{times} time the ante", "{times} times the ante", plural_count(self.bet_multiple), lang).format(
                times=multiple_text(self.bet_multiple, lang))),
            Property("exchange", N_("Exchange"), translate_plural(
                "up to {n} card, for players who bet", "up to {n} cards, for players who bet", self.max_exchange,
                lang).format(n=self.max_exchange)),
            Property("qualifies", N_("The bank plays with"), t(N_("a pair of eights or better"))),
            Property("pay-table", N_("Pay table"), f"{self.pay_table.name} ({self.pay_table.summary()})"),
            Property("progressive", N_("Progressive jackpot"), t(N_("offered") if self.progressive else N_("no"))),
            *([Property("progressive-hand", N_("Progressive paid on"), t(PRIZE_HAND_NAMES[self.progressive_hand]))]
              if self.progressive else []),
        ]


SHUFFLE_RULE = rule(N_("three riffles, a strip and two final riffles"), CLASSIFIER_BO_CL)
FOLD_RULE = rule(N_("a player who does not bet loses the ANTE"), CLASSIFIER_BO_CL)
BET_RULE = rule(N_("the BET is exactly twice the ANTE"), CLASSIFIER_BO_CL)
EXCHANGE_RULE = rule(N_("a player who bets may exchange up to two cards"), CLASSIFIER_BO_CL)
OPENS_RULE = rule(N_("the croupier opens with a pair of eights or better; otherwise only the ANTE is paid, 1 to 1"),
                  CLASSIFIER_BO_CL)
PAID_RULE = rule(N_("the ANTE is paid 1 to 1 and the BET by the pay table"), CLASSIFIER_BO_CL)

_CLASSIFIER = (
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "Corresponde a un juego de contrapartida, compuesto por una mano "
                                                    "de 5 cartas cubiertas, repartidas por el croupier "
                                                    "individualmente a cada jugador y a su propia mano"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "En este juego, se puede optar por el cambio de, a lo más, dos "
                                                    "cartas"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "Esta modalidad presenta dos variantes; Draw Poker y Draw Poker "
                                                    "Progresivo"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "3 barajados, peinado y 2 barajados finales"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "una apuesta equivalente, exactamente, al doble de la postura "
                                                    "inicial colocada en el espacio de la 1ª apuesta ANTE"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "la apuesta inicial ANTE se pierde y es recogida por el croupier"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "tiene la opción de cambiar hasta un máximo de dos cartas"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "El croupier no puede descubrir su mano hasta que todos los "
                                                    "jugadores hayan manifestado su intención de rendirse o ganar al "
                                                    "croupier"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "el croupier sólo entrará en el juego o abrirá juego cuando "
                                                    "obtenga un par de OCHOS o mayor"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "Con cualquier otra mano inferior a la señalada, el juego termina "
                                                    "pagándose sólo la 1ª apuesta ANTE 1 a 1"),
    Citation(CLASSIFIER_BO_CL, "Poker, Draw Poker", "pagará la 1ª apuesta ANTE 1 a 1 y la 2ª apuesta BET según la "
                                                    "tabla de pagos de apuestas para esta modalidad de juego"),
)

PRESETS: PresetBook[DrawPokerRules] = PresetBook({
    "clasificador-bo-cl": DrawPokerRules(
        name="clasificador-bo-cl", progressive=CLASSIFIER_PROGRESSIVE, citations=_CLASSIFIER,
        interpretations=(
            N_("The classifier refers to a table of payments for the BET that it does not print; the engine uses "
               "the classic table of the game against the bank: a winning high card or a pair 1, two pair 2, three "
               "of a kind 3, straight 4, flush 5, full house 7, four of a kind 20, straight flush 50, royal flush "
               "100 to one (option pay_table)."),
            N_("The croupier exchanges no card: the classifier gives the exchange to the players only, and the "
               "croupier's hand stays closed until every player has decided and exchanged."),
            N_("On a tie with an opening croupier the ANTE and the BET are returned (the classifier gives no rule; "
               "this is the rule of the other games against the bank)."),
            N_("Draw Poker Progresivo's side bet pays on the player's first five cards, before the exchange: source "
               "001 says only \"El premio depende solamente de la mano que tenga el jugador\"; the final hand, "
               "after the exchange, is the option progressive_hand=final."),
            N_("The engine plays one player's box against the croupier; the other boxes do not change its "
               "odds."))),
})
