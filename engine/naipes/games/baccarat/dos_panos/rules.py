"""The bacarrá a dos paños' rules object and presets (source 002 "09 - Bacarà a dos draps", and 000).

Examples:
    >>> PRESETS.get().stop_card.cards_below, PRESETS.get().natural_beats_three_cards
    (10, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ....core.formatting import percent
from ....core.i18n import N_, translate
from ....core.model import PresetBook, Property
from ....core.options import YES_NO, Option, yes_no, yes_no_text
from ....core.shoe import BURN_NONE, Burn, StopCard
from ....core.sources import CATALAN_DECREE, SPANISH_CATALOGUE, Citation
from ..choices import BankerGameRules, DrawingChoices, banker_game_properties
from ..describe import shoe_properties
from ..family_options import BURN, STOP_CARD


def read_natural_beats_three_cards(value: object) -> bool:
    """`--natural-beats-three-cards yes|no`.

    Examples:
        >>> read_natural_beats_three_cards("no")
        False
    """
    return yes_no(value, "--natural-beats-three-cards")


@dataclass(frozen=True)
class DosPanosRules(BankerGameRules):
    """Every variable the sources set for the bacarrá a dos paños, as a named field.

    Attributes:
        drawing: each paño's punto's and the banker's drawing rules, their choices and the croupier's advice.
        natural_beats_three_cards: a paño's two-card 8 or 9 beats the banker's three-card 8 or 9 (the decree).
        cagnotte: the house's share of the banker's net win over both paños.

    Raises:
        RulesError: a bad number of decks or cagnotte.

    Examples:
        >>> DosPanosRules(decks=9)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Decks must be a whole number from 1 to 8, not 9.
    """

    name: str = "custom"
    decks: int = 6
    stop_card: StopCard | None = StopCard(10)
    burn: Burn = Burn(BURN_NONE)
    drawing: DrawingChoices = DrawingChoices()
    natural_beats_three_cards: bool = True
    cagnotte: Fraction = Fraction(1, 20)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (
        *BankerGameRules.OPTIONS, STOP_CARD, BURN,
        Option("natural_beats_three_cards", "natural_beats_three_cards", read_natural_beats_three_cards,
               N_("a paño's two-card 8 or 9 beats the banker's three-card 8 or 9: yes or no"),
               N_("A two-card 8 or 9 beats three cards"), YES_NO, show=yes_no_text),
    )

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> [p.value for p in PRESETS.get().describe("en") if p.key == "payouts"]
            ['even money; a tie is a void coup; a two-card 8 or 9 beats a three-card 8 or 9']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        payouts = t(N_("even money; a tie is a void coup"))
        if self.natural_beats_three_cards:
            payouts += "; " + t(N_("a two-card 8 or 9 beats a three-card 8 or 9"))
        commission = t(N_("cagnotte of {share} of the banker's net win over both paños")).format(
            share=percent(self.cagnotte, lang, 0))
        none = t(N_("not set"))
        return shoe_properties(self, lang) + banker_game_properties(commission, payouts, none, none, lang)


_DECREE = (
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, II", "Són necessàries sis baralles"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VI",
             "si l’esmentada puntuació és de 5 tenen llibertat per demanar carta o restar servits"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VI",
             "En aquest cas les ha de seguir sempre que s’indiqui el mateix per als dos draps"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VI",
             "Un 8 amb les dos primeres cartes guanya sempre a un 8 o a un 9 aconseguits utilitzant una "
             "tercera carta"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII", "per sota d’aquesta carta en quedin 10"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII",
             "primer drap, segon drap i banca"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII",
             "es considera que la fracció més forta juga al primer drap"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII",
             "si el banquer guanya en els dos draps, o si el seu guany en un drap és superior a la pèrdua "
             "en el altre, el crupier ingressa la quantitat que correspon al pou o cagnotte"),
)
#: The decree's drawing rules (its chemin de fer's rules apply "amb caràcter general", the croupier's advice too).
_DECREE_DRAWING = DrawingChoices(punto_source=CATALAN_DECREE, banker_source=CATALAN_DECREE,
                                 advice_source=CATALAN_DECREE)
NATURAL_NINE = N_("The decree says a two-card 8 beats a three-card 8 or 9; the engine lets a two-card 9 "
                  "beat them too (option natural_beats_three_cards).")
CAGNOTTE_RATE = N_("The source does not give the cagnotte's rate for this game; the engine takes 5 per cent of the "
                   "banker's net win, the rate of the decree's chemin de fer (option commission).")
PRESETS: PresetBook[DosPanosRules] = PresetBook({
    "cat-2016": DosPanosRules(
        name="cat-2016", decks=6, stop_card=StopCard(10), drawing=_DECREE_DRAWING, citations=_DECREE,
        interpretations=(NATURAL_NINE, CAGNOTTE_RATE,
                         N_("The source describes no burn for this game; the engine burns no card "
                            "(option burn)."))),
    "catalogo-es": DosPanosRules(
        name="catalogo-es", decks=6, stop_card=StopCard(10),
        drawing=replace(_DECREE_DRAWING, punto_interpretation=True),
        citations=(
            Citation(SPANISH_CATALOGUE, "Bacarrá a dos paños, cartas",
                     "Serán necesarias seis barajas, tres de un color y tres de otro"),
            Citation(SPANISH_CATALOGUE, "Bacarrá a dos paños, mesa",
                     "jugarán por partes iguales a los dos paños"),
            Citation(SPANISH_CATALOGUE, "Bacarrá a dos paños, mesa",
                     "para las deducciones en beneficio de la casa sobre las ganancias del banquero")),
        interpretations=(
            N_("The catalogue's text of this game breaks off after the seating rules; the engine takes the "
               "rules of play, the stop card with 10 cards below it and the cagnotte from the Catalan "
               "decree."),
            NATURAL_NINE, CAGNOTTE_RATE)),
})
