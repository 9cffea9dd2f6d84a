"""Mini-Bacará's rules object and its preset (Uruguay, source 003).

Source 003 extends the Punto y Banca regulation of decree 526/977 to a small
table: "con capacidad para cinco apostadores sentados", a shoe of "los cuatro
mazos de cartas aplicables al juego de Black Jack", a box with five that
chooses "entre pedir o plantar", one Banca hand dealt by the house against
every box (the sequence a) to g)), a 10 % deduction on winning Banca bets,
and the "cobertura o seguro" when the banker's hole card is a nine.

Examples:
    >>> rules = PRESETS.get("uruguay")
    >>> rules.decks, rules.boxes, rules.banker_pays, rules.insurance_max_share
    (4, 5, Fraction(9, 10), Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ....core import options
from ....core.errors import RulesError
from ....core.formatting import percent
from ....core.i18n import N_, translate, translate_plural
from ....core.model import PresetBook, Property, Rules
from ....core.options import Option, one_of
from ....core.shoe import BURN_NONE, Burn, StopCard
from ....core.sources import URUGUAY_MINI_BACARA, Citation
from ..describe import plain_number, shoe_properties
from ..family_options import BURN, STOP_CARD
from ..kernel import SOURCE_004_DRAWING, DrawingRules

#: `mixed_banker`: rule e) — the boxes against which the Banca stands are settled on its two cards first.
RULE_E = "rule-e"
#: `mixed_banker`: the Banca draws for every box as soon as one box needs its third card.
DRAW_FOR_ALL = "draw-for-all"
MIXED_BANKER = (RULE_E, DRAW_FOR_ALL)
#: `insurance_wins_on`: the banker's hole card nine becomes a two-card 9 (the analogue of Black Jack's insurance).
NATURAL_NINE = "natural-nine"
#: `insurance_wins_on`: the banker makes a two-card 8 or 9.
BANKER_NATURAL = "banker-natural"
#: `insurance_wins_on`: the Banca beats the box.
BANKER_WINS = "banker-wins"
INSURANCE_READINGS = (NATURAL_NINE, BANKER_NATURAL, BANKER_WINS)
#: `box_at_five`: what the engine's box with 5 does where nobody chooses by hand.
FIVE_ACTIONS = ("draw", "stand")
#: The highest insurance payout to one `--insurance-pays` takes.
MOST_INSURANCE_PAYS = 10


def read_mixed_banker(value: object) -> str:
    """`--mixed-banker rule-e|draw-for-all`.

    Examples:
        >>> read_mixed_banker("Draw-for-all")
        'draw-for-all'
    """
    return one_of(value, MIXED_BANKER, "--mixed-banker")


def read_insurance_wins_on(value: object) -> str:
    """`--insurance-wins-on natural-nine|banker-natural|banker-wins`.

    Examples:
        >>> read_insurance_wins_on("banker-wins")
        'banker-wins'
    """
    return one_of(value, INSURANCE_READINGS, "--insurance-wins-on")


def read_insurance_pays(value: object) -> int:
    """`--insurance-pays 2`: the insurance's payout to one, 1 to 10.

    Examples:
        >>> read_insurance_pays("3")
        3
        >>> read_insurance_pays("²")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: --insurance-pays must be a whole number from 1 to 10, not '²'.
    """
    return options.whole(value, "--insurance-pays", 1, MOST_INSURANCE_PAYS)


def read_box_at_five(value: object) -> str:
    """`--box-at-five draw|stand`.

    Examples:
        >>> read_box_at_five("stand")
        'stand'
    """
    return one_of(value, FIVE_ACTIONS, "--box-at-five")


@dataclass(frozen=True)
class MiniBacaraRules(Rules):
    """Every variable source 003 sets for Mini-Bacará, as a named field.

    Attributes:
        boxes: the boxes ("casilleros") of the table; a coup puts 1 to `boxes` of them in play.
        banker_pays: what a winning Banca bet is paid per unit (the 10 % deduction: `Fraction(9, 10)`).
        five_choice: a box with 5 on two cards chooses to draw or stand (otherwise it follows `drawing`).
        drawing: the punto's drawing totals (the boxes') and the banca's table.
        encart_on: the two-card totals on which a box and the Banca holding the same total is an encart.
        mixed_banker: how one Banca hand meets boxes needing different banker decisions (`RULE_E`,
            `DRAW_FOR_ALL`).
        insurance_max_share: the insurance is at most this share of the Punto bet.
        insurance_pays: the insurance's payout to one.
        insurance_wins_on: when the insurance wins (`NATURAL_NINE`, `BANKER_NATURAL`, `BANKER_WINS`).
        box_at_five: what the engine's box with 5 does where nobody chooses by hand (`"draw"` or `"stand"`;
            the source leaves the choice to the box, so the engine's conduct reads it here).
        stop_card: where the stop card goes (`None`: the shoe is dealt to its end).
        burn: how the cards are burned before the first coup.

    Examples:
        >>> MiniBacaraRules(mixed_banker="sometimes")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Unknown banker procedure 'sometimes': use rule-e or draw-for-all.
    """

    name: str = "custom"
    decks: int = 4
    boxes: int = 5
    banker_pays: Fraction = Fraction(9, 10)
    player_pays: Fraction = Fraction(1)
    five_choice: bool = True
    drawing: DrawingRules = SOURCE_004_DRAWING
    encart_on: frozenset[int] = frozenset({6, 7})
    mixed_banker: str = RULE_E
    insurance_max_share: Fraction = Fraction(1, 2)
    insurance_pays: int = 2
    insurance_wins_on: str = NATURAL_NINE
    box_at_five: str = FIVE_ACTIONS[0]
    stop_card: StopCard | None = StopCard(7)
    burn: Burn = Burn(BURN_NONE)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (
        options.DECKS, options.commission("banker_pays", options.banca_pays), STOP_CARD, BURN,
        Option("mixed_banker", "mixed_banker", read_mixed_banker,
               N_("how one Banca hand meets boxes that need different banker decisions: rule-e (the boxes it "
                  "stands against are settled on its two cards first) or draw-for-all"),
               N_("One Banca for boxes that differ"), MIXED_BANKER),
        Option("insurance_wins_on", "insurance_wins_on", read_insurance_wins_on,
               N_("when the insurance wins: natural-nine (the banker's hole card nine becomes a two-card 9), "
                  "banker-natural (a two-card 8 or 9) or banker-wins (the Banca beats the box)"),
               N_("The insurance wins when"), INSURANCE_READINGS,
               names=((NATURAL_NINE, N_("the banker makes a two-card 9")),
                      (BANKER_NATURAL, N_("the banker makes a two-card 8 or 9")),
                      (BANKER_WINS, N_("the Banca beats the box")))),
        Option("insurance_pays", "insurance_pays", read_insurance_pays,
               N_("the insurance's payout to one, 1 to 10"), N_("The insurance pays")),
        Option("box_at_five", "box_at_five", read_box_at_five,
               N_("what the engine's box does with 5 where nobody chooses by hand: draw or stand"),
               N_("A box with 5"), FIVE_ACTIONS, names=(("draw", N_("draws")), ("stand", N_("stands")))),
    )

    def __post_init__(self) -> None:
        options.decks(self.decks)
        options.whole(self.boxes, "Boxes", 1, 9)
        if not 0 < Fraction(self.banker_pays) <= 1:
            raise RulesError("The Banca payout must be more than 0 and at most 1 to 1, not {pays}.",
                             pays=str(self.banker_pays))
        if self.mixed_banker not in MIXED_BANKER:
            raise RulesError("Unknown banker procedure {value!r}: use rule-e or draw-for-all.",
                             value=self.mixed_banker)
        if self.insurance_wins_on not in INSURANCE_READINGS:
            raise RulesError("Unknown insurance reading {value!r}: use natural-nine, banker-natural or "
                             "banker-wins.", value=self.insurance_wins_on)
        read_insurance_pays(self.insurance_pays)
        read_box_at_five(self.box_at_five)

    @property
    def commission(self) -> Fraction:
        """The share of a winning Banca bet kept by the house (`1 - banker_pays`)."""
        return 1 - Fraction(self.banker_pays)

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> {p.key: p.value for p in PRESETS.get("uruguay").describe("en")}["seats"]
            '5 boxes'
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        payouts = t(PAYOUTS).format(player=plain_number(self.player_pays, lang),
                                    banker=plain_number(self.banker_pays, lang), insurance=self.insurance_pays,
                                    share=percent(self.insurance_max_share, lang, 0))
        return shoe_properties(self, lang) + [
            Property("commission", N_("Commission or cagnotte"),
                     t(N_("{share} of a winning Banca bet")).format(share=percent(self.commission, lang, 0))),
            Property("payouts", N_("Payouts"), payouts),
            Property("seats", N_("Seats"), translate_plural("{n} box", "{n} boxes", self.boxes, lang).format(n=self.boxes)),
            Property("limits", N_("Limits"), t(N_("not set"))),
            Property("banks", N_("Who banks"), t(N_("the house"))),
            Property("deals", N_("Who deals"), t(N_("the house's dealer"))),
        ]


PAYOUTS = N_("Punto {player} to 1, Banca {banker} to 1, insurance {insurance} to 1 (up to {share} of the Punto bet)")
INSURANCE_READING = N_("The source does not say when the insurance wins; like Black Jack's insurance, the "
                       "engine pays it when the banker's hole card nine becomes a two-card 9 "
                       "(option insurance_wins_on).")
RULE_E_READING = N_("One Banca hand meets boxes that need different banker decisions: following rule e), "
                    "the boxes against which the Banca stands are settled on its two cards before it draws "
                    "for the others (option mixed_banker).")
DECREE_READING = N_("The source refers to the Punto y Banca regulation of decree 526/977, which is not among the "
                    "sources: the engine uses the banker's table of source 004, places the stop card with 7 "
                    "cards below it and burns no card (options stop_card, burn).")
DOUBLE_READING = N_("\"Se pagan doble\" is read as 2 to 1, as Black Jack's insurance is paid "
                    "(option insurance_pays).")
FIVE_READING = N_("The source leaves the choice on five to the box; where nobody chooses by hand (the command "
                  "line, the exact analysis) the engine's box draws, as the punto does in Punto y Banca "
                  "(conduct option box_at_five).")

PRESETS: PresetBook[MiniBacaraRules] = PresetBook({
    "uruguay": MiniBacaraRules(
        name="uruguay",
        citations=(
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, mesa", "con capacidad para cinco apostadores sentados"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, sabot",
                     "compuesto por los cuatro mazos de cartas aplicables al juego de \"Black Jack\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, reparto",
                     "una carta descubierta a cada punto sentado y una tapada para sí"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, cinco",
                     "deberá optar entre \"pedir\" o \"plantar\", antes de que el tallador se asigne su "
                     "segunda carta descubierta"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, d)",
                     "Cuando la \"Banca\" y el \"Punto\" obtienen \"seis\" con sus dos primeras cartas, "
                     "existirá \"encart\". Lo mismo sucederá si ambos obtienen \"siete\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, e)",
                     "sin que la \"Banca\" necesite darse una tercera carta"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, pagos",
                     "se pagará solamente como premio un noventa por ciento de la apuesta a \"Banca\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, seguro",
                     "de hasta el cincuenta por ciento (50%) de la apuesta principal a \"Punto\", cuando la "
                     "primera carta del tallador resulta ser un \"nueve\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, seguro",
                     "Las apuestas a \"cobertura\" se pagan doble y no sufren descuento alguno")),
        interpretations=(INSURANCE_READING, RULE_E_READING, DECREE_READING, DOUBLE_READING, FIVE_READING)),
}, titles={"uruguay": N_("Uruguayan regulation")})
