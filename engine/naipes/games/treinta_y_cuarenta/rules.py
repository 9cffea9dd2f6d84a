"""The rules of Treinta y Cuarenta (source 001) as a rules object, its presets, and the rules the events cite.

Source 001's section "Cartas - Treinta y Cuarenta" sets the shoe (6 to 8
decks of 52), the staff, the cut, the separator that leaves between one deck
and about half the pack out of play, the five burned cards, and the deal: a
row called NEGRA and then a row called ROJA, each until it reaches or passes
31 points, ace 1 and figures 10. Its list of bets ("las combinaciones de
juegos siguientes:") and its rule for equal rows are lost: the engine takes
the four even-money chances of the classic game (noir, rouge, couleur,
inverse) and its rules for equal rows (a refait; on 31–31 half the stake, or
"en prison") as named options, each an interpretation.

Examples:
    >>> rules = PRESETS.get()
    >>> rules.decks, rules.tie_31, rules.burned, rules.sources
    (6, 'half', 5, ('001',))
    >>> rules.with_options(decks="8").decks
    8
    >>> BURN.source, ROWS_STOP.param("limit")
    ('001', 31)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...core import options
from ...core.errors import RulesError
from ...core.formatting import percent
from ...core.i18n import N_, translate, translate_plural
from ...core.model import PresetBook, Property, Rule, Rules
from ...core.options import Option
from ...core.shoe import BURN_FIXED, Burn
from ...core.sources import CLASSIFIER_BO_CL, Citation

#: The row dealt first and the row dealt second.
NEGRA, ROJA = "negra", "roja"
ROWS = (NEGRA, ROJA)
#: The four chances of the classic game (even money).
NOIR, ROUGE, COULEUR, INVERSE = "noir", "rouge", "couleur", "inverse"
BETS = (NOIR, ROUGE, COULEUR, INVERSE)
#: What a 31–31 does to the stakes: the house takes half, or the stakes go to prison.
HALF, PRISON = "half", "prison"
TIE_RULES = (HALF, PRISON)
#: What another 31–31 does to a stake in prison: it stays in prison, or it is lost.
STAYS, LOST = "stays", "lost"
PRISON_AGAIN = (STAYS, LOST)
#: What happens to a coup that reaches the separator: void (bets returned), or finished behind it.
VOID, FINISH = "void", "finish"
SEPARATOR_REACHED = (VOID, FINISH)
#: Who cuts: the person nearest the croupier's right (at a seeded place), or the croupier, in the middle.
PLAYER_CUTS, CROUPIER_CUTS = "player", "croupier"
CUTS = (PLAYER_CUTS, CROUPIER_CUTS)
#: A row ends when it reaches or passes this; its last card adds at most 10, so it ends from 31 to 40.
LIMIT = 31
TOTALS = tuple(range(31, 41))
DECK_SIZE = 52

SOURCE = CLASSIFIER_BO_CL

# --- the rules the source fixes, as the events cite them -------------------------------------------------

#: "se distribuirán cartas del sabot para la fila denominada NEGRA y la fila denominada ROJA".
NEGRA_FIRST = Rule(N_("NEGRA is dealt first, then ROJA"), source=SOURCE)
#: "hasta que alcance o sobrepase los 31 puntos".
# TRANSLATORS: {limit} is never 1: it is 31.
ROWS_STOP = Rule(N_("each row is dealt until it reaches or passes {limit} points"), (("limit", LIMIT),),
                 source=SOURCE)
#: "el As como uno 1 , del dos 2 al diez 10 por su valor y figuras como diez".
CARD_VALUES = Rule(N_("ace 1, two to ten at face value, figures 10"), source=SOURCE)
#: "proceder a quemar las 5 primeras cartas".
# TRANSLATORS: {count} is never 1: the source burns 5 cards.
BURN = Rule(N_("the first {count} cards are burned"), (("count", 5),), source=SOURCE)
#: "dejando fuera de juego no menos de una baraja, ni más de medio mazo aproximadamente".
SEPARATOR = Rule(N_("the separator leaves from one deck to about half the pack out of play"), source=SOURCE)
#: "El corte lo realiza la persona más próxima a la derecha del croupier".
CUT_BY_PLAYER = Rule(N_("the person nearest the croupier's right cuts"), source=SOURCE)
#: "lo debe hacer el croupier principal en el centro del mazo".
CUT_BY_CROUPIER = Rule(N_("when nobody cuts, the croupier cuts in the middle of the pack"), source=SOURCE)
#: "el croupier principal anuncia en voz alta la puntuación de cada fila y las suertes ganadoras".
ANNOUNCED = Rule(N_("the croupier announces each row's points and the winning chances"), source=SOURCE)

# --- the classic game's rules the engine fills the source's gaps with ----------------------------------------

LOWER_WINS = Rule(N_("the row closer to 31 wins: noir for NEGRA, rouge for ROJA"), interpretation=True)
COLOUR_RULE = Rule(N_("couleur wins when the first card of NEGRA has the colour of the winning row, inverse "
                      "otherwise"), interpretation=True)
EVEN_MONEY = Rule(N_("winning chances are paid even money"), interpretation=True)
REFAIT = Rule(N_("equal rows other than 31 are a refait: the bets are neither won nor lost"),
              interpretation=True)
HALF_RULE = Rule(N_("on 31–31 the house takes half of every stake"), interpretation=True)
PRISON_RULE = Rule(N_("on 31–31 every stake goes to prison until a coup decides it"), interpretation=True)
PRISON_FREED = Rule(N_("a stake in prison that wins is freed, without winnings"), interpretation=True)
PRISON_LOST = Rule(N_("a stake in prison that loses is lost"), interpretation=True)
PRISON_STAYS = Rule(N_("a refait leaves a stake in prison where it is"), interpretation=True)
PRISON_AGAIN_STAYS = Rule(N_("another 31–31 leaves a stake in prison where it is"), interpretation=True)
PRISON_AGAIN_LOST = Rule(N_("another 31–31 loses a stake in prison"), interpretation=True)
SEPARATOR_VOIDS = Rule(N_("a coup that reaches the separator is void and the shoe ends"), interpretation=True)
SEPARATOR_FINISHES = Rule(N_("a coup that reaches the separator is finished with the cards behind it, and the "
                             "shoe ends"), interpretation=True)

# --- interpretations (what the engine chose where the source is silent, and why) ------------------------------

BETS_LOST = N_("The source announces the bets (\"Los jugadores sólo pueden hacer uso de las combinaciones de "
               "juegos siguientes:\") but the list is lost. The engine offers the four even-money chances of the "
               "classic game, as Britannica (\"Trente et Quarante\") and the Wizard of Odds (\"Trente et "
               "Quarante\") describe them: noir and rouge (the row closer to 31 wins), couleur and inverse "
               "(couleur wins when the first card of NEGRA has the colour of the winning row).")
EQUAL_ROWS = N_("The source's rule for equal rows is lost. The engine takes equal rows other than 31 as a "
                "refait, in which the bets are neither won nor lost, and on 31–31 applies the option tie_31: "
                "half, the house takes half of every stake (casinozone.com and gamblinginamerica.name, \"Trente "
                "et Quarante\"), or prison, the stakes go \"en prison\" until a coup decides them "
                "(reglesdejeu.com, \"Trente et quarante\").")
PRISON_DETAILS = N_("A stake in prison is freed, without winnings, when its chance wins the next decisive coup, "
                    "and lost when it loses; a refait leaves it in prison, and so does another 31–31 (option "
                    "prison_again: stays; or lost, as some casinos treat a second zero at roulette).")
NEGRA_LIMIT_LOST = N_("The number in \"hasta que la cuenta de ésta sea igual o superior a\" is lost; the engine "
                      "deals NEGRA like ROJA, \"hasta que alcance o sobrepase los 31 puntos\", and reads \"entre "
                      "treinta 30 y cuarenta 40\" the same way: a row ends from 31 to 40.")
SEPARATOR_PLACE = N_("The source leaves the separator's place to the croupier (\"no menos de una baraja, ni más "
                     "de medio mazo aproximadamente\"); the engine draws it with the shoe's seed, from one deck to "
                     "half the pack out of play (option out_of_play fixes it).")
SEPARATOR_COUP = N_("The source puts the cards behind the separator out of play and forms the pack again when "
                    "the cards left \"no sean suficientes para un nuevo pase\", but does not say what becomes of "
                    "a coup that reaches the separator. The engine voids it, the bets are returned, and ends the "
                    "shoe, as the classic rule annuls the coup in progress (casinos777.net, \"Trente et "
                    "Quarante\"); a new pack is then shuffled and cut, as Britannica says the cards are when "
                    "too few are left. Option separator_reached: finish completes the coup with the cards "
                    "behind the separator instead.")
CUT_PLACE = N_("The source does not say where the player cuts; the engine cuts at a place drawn with the "
               "shoe's seed, at least one deck from either end (option cut: croupier cuts in the middle, as the "
               "source says when nobody wants to cut).")
DECKS_RANGE = N_("The source allows 6 to 8 decks; the engine's two presets use 6, the classic game's six packs, "
                 "and 8 (option decks).")
INSURANCE = N_("The source names no insurance; the exact analysis also values the classic game's insurance, a "
               "premium of one hundredth of the stake that saves it from the 31–31 (gamblinginamerica.name, "
               "\"Trente et Quarante\"; option insurance_premium).")

TIE_RULE_NAMES = {HALF: N_("half the stake lost"), PRISON: N_("the stake goes to prison")}
PRISON_AGAIN_NAMES = {STAYS: N_("stays in prison"), LOST: N_("is lost")}
SEPARATOR_NAMES = {VOID: N_("the coup is void"), FINISH: N_("the coup is finished behind it")}
CUT_NAMES = {PLAYER_CUTS: N_("the person nearest the croupier's right, at a place drawn by the seed"),
             CROUPIER_CUTS: N_("the croupier, in the middle of the pack")}
BET_NAMES = {NOIR: N_("noir"), ROUGE: N_("rouge"), COULEUR: N_("couleur"), INVERSE: N_("inverse")}
ROW_NAMES = {NEGRA: N_("NEGRA"), ROJA: N_("ROJA")}


def _checked(value: object, allowed: tuple[str, ...], what: str) -> str:
    """A field's value checked as it is (a reader has already read what a person typed)."""
    if value not in allowed:
        raise RulesError("{what} must be one of {choices}, not {value!r}.", what=what, choices=", ".join(allowed),
                         value=str(value))
    return str(value)


def tie_rule(value: object) -> str:
    """A 31–31 rule as typed: `half` or `prison`.

    Raises:
        RulesError: anything else.

    Examples:
        >>> tie_rule("prison")
        'prison'
        >>> tie_rule("coin")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The 31–31 rule must be one of half, prison, not 'coin'.
    """
    return options.one_of(value, TIE_RULES, "The 31–31 rule")


def prison_again_rule(value: object) -> str:
    """What another 31–31 does to a stake in prison, as typed: `stays` or `lost`.

    Examples:
        >>> prison_again_rule("lost")
        'lost'
    """
    return options.one_of(value, PRISON_AGAIN, "What another 31–31 does in prison")


#: What `--out-of-play` takes for the separator's place drawn with the shoe's seed (the field's `None`).
DRAWN = "drawn"


def separator_reached_rule(value: object) -> str:
    """What a coup that reaches the separator does, as typed: `void` or `finish`.

    Examples:
        >>> separator_reached_rule("finish")
        'finish'
    """
    return options.one_of(value, SEPARATOR_REACHED, "--separator-reached")


def cut_rule(value: object) -> str:
    """Who cuts, as typed: `player` (at a place drawn by the seed) or `croupier` (in the middle).

    Examples:
        >>> cut_rule("croupier")
        'croupier'
    """
    return options.one_of(value, CUTS, "--cut")


def out_of_play_rule(value: object) -> int | None:
    """The cards the separator leaves out of play, as typed: a whole number (one deck to half the pack, which
    the rules check against their decks) or `drawn` (by the shoe's seed: `None`).

    Raises:
        RulesError: anything else.

    Examples:
        >>> out_of_play_rule("60"), out_of_play_rule("drawn"), out_of_play_rule(None)
        (60, None, None)
    """
    if value is None or value == DRAWN:
        return None
    return options.whole(value, "--out-of-play", DECK_SIZE, options.DECK_COUNTS[-1] * DECK_SIZE // 2)


def insurance_premium_rule(value: object) -> Fraction:
    """The insurance's premium as a share of the stake, from 0 to 0.1 (`0.01`, `1/100`).

    Examples:
        >>> insurance_premium_rule("0.02")
        Fraction(1, 50)
    """
    return Fraction(options.read_number(value, "--insurance-premium", 0, Fraction(1, 10)))


@dataclass(frozen=True)
class TreintaRules(Rules):
    """Every variable of the game as a named field.

    Attributes:
        decks: decks of 52 in the shoe (the source: 6 to 8; any from 1 to 8 for an analysis).
        tie_31: what a 31–31 does to the stakes: `half` (the house takes half) or `prison`.
        prison_again: what another 31–31 does to a stake in prison: `stays` or `lost`.
        separator_reached: a coup that reaches the separator is `void` (bets returned) or `finish`ed.
        out_of_play: cards the separator leaves out of play; `None`: drawn by the seed, one deck to half the pack.
        cut: who cuts: `player` (at a seeded place) or `croupier` (in the middle).
        burned: cards burned after the shoe is filled.
        insurance_premium: the insurance's premium, a share of the stake (the analysis values it).

    Raises:
        RulesError: a value out of its range (the message names it).

    Examples:
        >>> TreintaRules(decks=9)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: Decks must be a whole number from 1 to 8, not 9.
        >>> TreintaRules(tie_31="coin")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The 31–31 rule must be one of half, prison, not 'coin'.
    """

    name: str = "custom"
    decks: int = 6
    tie_31: str = HALF
    prison_again: str = STAYS
    separator_reached: str = VOID
    out_of_play: int | None = None
    cut: str = PLAYER_CUTS
    burned: int = 5
    insurance_premium: Fraction = Fraction(1, 100)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()
    OPTIONS = (
        options.DECKS,
        Option("tie_31", "tie_31", tie_rule, N_("what 31–31 does to the stakes: half or prison (default: the preset's)"),
               N_("On 31–31"), TIE_RULES, flag_name="--tie-rule", names=tuple(TIE_RULE_NAMES.items())),
        Option("prison_again", "prison_again", prison_again_rule,
               N_("what another 31–31 does to a stake in prison: stays or lost"), N_("Another 31–31 in prison"),
               PRISON_AGAIN, names=tuple(PRISON_AGAIN_NAMES.items())),
        Option("separator_reached", "separator_reached", separator_reached_rule,
               N_("a coup that reaches the separator: void (bets returned) or finish (with the cards behind it)"),
               N_("A coup that reaches the separator"), SEPARATOR_REACHED,
               names=tuple(SEPARATOR_NAMES.items())),
        Option("out_of_play", "out_of_play", out_of_play_rule,
               N_("cards the separator leaves out of play: one deck (52) to half the pack, or drawn (by the seed, "
                  "the default)"), N_("Cards out of play"),
               show=lambda value: DRAWN if value is None else str(value)),
        Option("cut", "cut", cut_rule,
               N_("who cuts: player (at a place drawn by the seed) or croupier (in the middle of the pack)"),
               N_("Who cuts"), CUTS, names=tuple(CUT_NAMES.items())),
        Option("insurance_premium", "insurance_premium", insurance_premium_rule,
               N_("the insurance's premium, a share of the stake from 0 to 0.1 (e.g. 0.01)"),
               N_("Insurance premium")),
    )

    def __post_init__(self) -> None:
        options.decks(self.decks)
        tie_rule(self.tie_31)
        _checked(self.prison_again, PRISON_AGAIN, "What another 31–31 does in prison")
        _checked(self.separator_reached, SEPARATOR_REACHED, "What a coup reaching the separator does")
        _checked(self.cut, CUTS, "Who cuts")
        if not isinstance(self.burned, int) or not 0 <= self.burned <= 10:
            raise RulesError("The burned cards must be a whole number from 0 to 10, not {n}.", n=self.burned)
        if not 0 <= Fraction(self.insurance_premium) <= Fraction(1, 10):
            raise RulesError("The insurance premium must be from 0 to 0.1 of the stake, not {premium}.",
                             premium=str(self.insurance_premium))
        if self.out_of_play is not None:
            low, high = self.separator_range
            if not isinstance(self.out_of_play, int) or not low <= self.out_of_play <= high:
                # TRANSLATORS: {high} is never 1: the separator leaves one deck (52 cards) out of play at least.
                raise RulesError("The separator must leave from {low} to {high} cards out of play, not {n}.",
                                 low=low, high=high, n=self.out_of_play)

    @property
    def cards(self) -> int:
        """The cards in the shoe."""
        return DECK_SIZE * self.decks

    @property
    def separator_range(self) -> tuple[int, int]:
        """The fewest and the most cards the separator may leave out of play: one deck, half the pack.

        Examples:
            >>> TreintaRules(decks=6).separator_range, TreintaRules(decks=8).separator_range
            ((52, 156), (52, 208))
        """
        return DECK_SIZE, max(DECK_SIZE, self.cards // 2)

    @property
    def burn(self) -> Burn:
        """The burn as the shoe applies it: a fixed number of cards."""
        return Burn(BURN_FIXED, self.burned)

    def with_options(self, **given: object) -> "TreintaRules":
        """A copy with options changed (see `Rules.with_options`); a shoe of other decks drops the cards out of play.

        Examples:
            >>> PRESETS.get().with_options(tie_31="prison").tie_31
            'prison'
            >>> PRESETS.get().with_options(commission="0.05")
            Traceback (most recent call last):
            ...
            naipes.core.errors.SpecError: The option --commission does not apply to these rules.
        """
        rules = Rules.with_options(self, **given)
        # The preset's place of the separator belongs to its shoe; one typed with the decks is kept (and checked).
        if rules.out_of_play is not None and rules.decks != self.decks and given.get("out_of_play") is None:
            rules = replace(rules, out_of_play=None)
        return rules

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the tables of presets.

        Examples:
            >>> [p.value for p in PRESETS.get().describe("en") if p.key == "tie-31"]
            ['half the stake lost']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        low, high = self.separator_range
        # TRANSLATORS: {n} is never 1: the separator leaves one deck (52 cards) out of play at least.
        separator = (t(N_("{n} cards out of play")).format(n=self.out_of_play) if self.out_of_play is not None
                     # TRANSLATORS: {high} is never 1: the separator leaves one deck (52 cards) out of play at least.
                     else t(N_("{low} to {high} cards out of play, drawn by the seed")).format(low=low, high=high))
        prison = t(PRISON_AGAIN_NAMES[self.prison_again]) if self.tie_31 == PRISON else "\u2014"
        return [
            Property("source", N_("Source"), ", ".join(self.sources)),
            Property("decks", N_("Decks"), str(self.decks)),
            Property("cut", N_("Who cuts"), t(CUT_NAMES[self.cut])),
            Property("separator", N_("Separator"), separator),
            Property("burn", N_("Burn"), translate_plural("the first {count} card", "the first {count} cards",
                                                          self.burned, lang).format(count=self.burned)),
            Property("rows", N_("Rows"), t(N_("NEGRA, then ROJA, each until it reaches or passes 31"))),
            Property("bets", N_("Bets"), t(N_("noir, rouge, couleur and inverse, even money"))),
            Property("tie-31", N_("On 31–31"), t(TIE_RULE_NAMES[self.tie_31])),
            Property("prison-again", N_("Another 31–31 in prison"), prison),
            Property("refait", N_("Other equal rows"), t(N_("refait: neither won nor lost"))),
            Property("separator-reached", N_("A coup that reaches the separator"),
                     t(SEPARATOR_NAMES[self.separator_reached])),
            Property("insurance", N_("Insurance (analysis)"), t(N_("premium {share} of the stake")).format(
                share=percent(Fraction(self.insurance_premium), lang, 0))),
        ]


_CITATIONS = (
    Citation(SOURCE, "Treinta y Cuarenta, barajas",
             "Se usan de 6 a 8 barajas de 52 cartas, todas las cuales deben tener el mismo dibujo en su reverso"),
    Citation(SOURCE, "Treinta y Cuarenta, barajas",
             "debe ser atendida por un croupier principal y dos croupieres de apoyo o pagadores"),
    Citation(SOURCE, "Treinta y Cuarenta, inicio del juego",
             "se requiere la participación de un jugador como mínimo"),
    Citation(SOURCE, "Treinta y Cuarenta, inicio del juego",
             "El corte lo realiza la persona más próxima a la derecha del croupier"),
    Citation(SOURCE, "Treinta y Cuarenta, inicio del juego",
             "lo debe hacer el croupier principal en el centro del mazo"),
    Citation(SOURCE, "Treinta y Cuarenta, inicio del juego",
             "dejando fuera de juego no menos de una baraja, ni más de medio mazo aproximadamente"),
    Citation(SOURCE, "Treinta y Cuarenta, inicio del juego", "proceder a quemar las 5 primeras cartas"),
    Citation(SOURCE, "Treinta y Cuarenta, distribución de cartas y juego",
             "se distribuirán cartas del sabot para la fila denominada NEGRA y la fila denominada ROJA"),
    Citation(SOURCE, "Treinta y Cuarenta, distribución de cartas y juego",
             "el As como uno 1 , del dos 2 al diez 10 por su valor y figuras como diez"),
    Citation(SOURCE, "Treinta y Cuarenta, distribución de cartas y juego",
             "hasta que alcance o sobrepase los 31 puntos"),
    Citation(SOURCE, "Treinta y Cuarenta, distribución de cartas y juego",
             "el croupier principal anuncia en voz alta la puntuación de cada fila y las suertes ganadoras"),
    Citation(SOURCE, "Treinta y Cuarenta, inicio del juego",
             "El mismo procedimiento debe emplearse cada vez que se termine el mazo o que las cartas que queden "
             "no sean suficientes para un nuevo pase"),
)
_INTERPRETATIONS = (BETS_LOST, EQUAL_ROWS, PRISON_DETAILS, NEGRA_LIMIT_LOST, SEPARATOR_PLACE, SEPARATOR_COUP,
                    CUT_PLACE, DECKS_RANGE, INSURANCE)

_SIX = TreintaRules(name="clasificador-bo-cl", decks=6, citations=_CITATIONS, interpretations=_INTERPRETATIONS)

PRESETS: PresetBook[TreintaRules] = PresetBook({
    "clasificador-bo-cl": _SIX,
    "clasificador-bo-cl-8": replace(_SIX, name="clasificador-bo-cl-8", decks=8),
}, titles={"clasificador-bo-cl": N_("Bolivian/Chilean classifier, 6 decks"),
          "clasificador-bo-cl-8": N_("Bolivian/Chilean classifier, 8 decks")})
