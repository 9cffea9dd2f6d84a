"""The rules of Black Jack (Vint-i-u) and Challenge 21 as a rules object, their presets, and the rules events cite.

Source 001 (the Bolivian/Chilean classifier of authorised games) describes
both games; source 002 (the Catalan decree) names "Black Jack o Vint-i-u"
as the reference for the 52-card deck and the seven-box table. What the
sources fix is cited; everything they leave open is a named field with an
interpretation (the number of decks, the cut card's position, doubling,
surrender, the payouts of black jack, insurance and Perfect Pairs).

Challenge 21 is the same game played against three dealer hands that share
the dealer's first card (`rounds=3`), with two bets at least.

Examples:
    >>> rules = PRESETS.get("clasificador-bo-cl")
    >>> rules.decks, rules.blackjack_pays, rules.perfect_pairs, rules.sources
    (6, Fraction(3, 2), (25, 12, 6), ('001', '002'))
    >>> rules.stop_card.cards_below, rules.with_options(decks="1").stop_card.cards_below
    (52, 26)
    >>> CHALLENGE_21_PRESETS.get().rounds
    3
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ...core import options
from ...core.errors import RulesError
from ...core.i18n import N_, translate, translate_plural
from ...core.options import Option
from ...core.model import PresetBook, Property, Rule, Rules
from ...core.narration import rule_text
from ...core.shoe import BURN_FIXED, Burn, StopCard
from ...core.sources import CATALAN_DECREE, CLASSIFIER_BO_CL, Citation

DECK_SIZE = 52
#: Doubling: on any first two cards, on hard 9 to 11, on hard 10 and 11, or never.
DOUBLE_ANY, DOUBLE_9_11, DOUBLE_10_11, DOUBLE_NONE = "any", "9-11", "10-11", "none"
DOUBLE_TOTALS = {DOUBLE_9_11: frozenset({9, 10, 11}), DOUBLE_10_11: frozenset({10, 11})}
#: Surrender (the source's "retiro"): never, on the first two cards except against an ace, or always.
SURRENDER_NONE, SURRENDER_EXCEPT_ACE, SURRENDER_ANY = "none", "except-ace", "any"
#: What a dealer's black jack takes with no hole card: every bet of the hand (doubles and splits), or the original.
TAKES_ALL, TAKES_ORIGINAL = "all", "original"
#: The hole card: none (European: the dealer's second card comes after the players'), or the American peek.
HOLE_NONE, HOLE_PEEK = "none", "peek"
#: How split hands are played in the exact values: by their own cards as unsplit (CDZ-), or as the first split
#: hand would best be played (CDP1); see `expectation`.
SPLIT_CDZ, SPLIT_CDP1, SPLIT_CDP = "cdz-", "cdp1", "cdp"
#: The black jack payouts the options offer.
BLACKJACK_PAYOUTS = {"3:2": Fraction(3, 2), "6:5": Fraction(6, 5), "1:1": Fraction(1)}
#: The Perfect Pairs kinds, in the order of the pay table.
PERFECT, COLOURED, MIXED = "perfect", "coloured", "mixed"
PAIR_KINDS = (PERFECT, COLOURED, MIXED)

# --- the rules the source fixes, as the events cite them ------------------------------------------------

BUST_LOSES = Rule(N_("a hand over 21 loses and its bet is collected at once"), source=CLASSIFIER_BO_CL)
NO_CARD_AT_21 = Rule(N_("no card is given to a hand of 21 or more"), source=CLASSIFIER_BO_CL)
TIES_PUSH = Rule(N_("a hand equal to the dealer's is void: the bet is returned"), source=CLASSIFIER_BO_CL)
DEALER_BUST_PAYS = Rule(N_("a dealer over 21 pays every bet still on the table"), source=CLASSIFIER_BO_CL)
HIGHER_WINS = Rule(N_("the dealer collects the lower hands and pays the higher ones"), source=CLASSIFIER_BO_CL)
SPLIT_ACES_ONE_CARD = Rule(N_("each split ace takes one card only"), source=CLASSIFIER_BO_CL)
SPLIT_TWENTY_ONE = Rule(N_("21 with two cards after a split is not a black jack"), source=CLASSIFIER_BO_CL)
EVEN_MONEY = Rule(N_("a black jack against the dealer's ace may be paid 1 to 1 at once"), source=CLASSIFIER_BO_CL)
INSURANCE_OFFER = Rule(N_("with an ace as the dealer's first card, insurance is offered before any third card"),
                       source=CLASSIFIER_BO_CL)
BLACKJACK_AT_ONCE = Rule(N_("a black jack is paid at once unless the dealer's first card is an ace, a ten or a "
                            "figure"), source=CLASSIFIER_BO_CL)
PERFECT_PAIRS_KINDS = Rule(N_("Perfect Pairs wins on a perfect pair (same suit), a coloured pair (same colour) or a "
                              "mixed pair"), source=CLASSIFIER_BO_CL)
CHALLENGE_BUST = Rule(N_("a hand over 21 loses every round's bet at once"), source=CLASSIFIER_BO_CL)
CHALLENGE_ROUNDS = Rule(N_("the dealer's first card is the base of the three rounds; its other cards are discarded "
                           "after each round"), source=CLASSIFIER_BO_CL)
DEALER_IDLE = Rule(N_("the dealer completes its hand only while some bet waits for it"), interpretation=True)


# --- the options' readers (the command line's and the widgets' values) ----------------------------------

#: The values of each open rule as typed (the readers below and the options' selects read these).
DOUBLES = (DOUBLE_ANY, DOUBLE_9_11, DOUBLE_10_11, DOUBLE_NONE)
SURRENDERS = (SURRENDER_NONE, SURRENDER_EXCEPT_ACE, SURRENDER_ANY)
HOLE_CARDS = (HOLE_NONE, HOLE_PEEK)
BLACKJACK_TAKES = (TAKES_ALL, TAKES_ORIGINAL)
SPLIT_STRATEGIES = (SPLIT_CDZ, SPLIT_CDP1, SPLIT_CDP)
SOFT_17 = ("stand", "hit")
YES_NO = options.YES_NO
_choice, _yes_no, _yes_no_text = options.one_of, options.yes_no, options.yes_no_text


def read_soft_17(value: object) -> bool:
    """`--soft-17 stand|hit`: whether the dealer draws on a soft 17.

    Examples:
        >>> read_soft_17("hit"), read_soft_17("stand")
        (True, False)
    """
    if isinstance(value, bool):
        return value
    return _choice(value, SOFT_17, "--soft-17") == "hit"


def read_double(value: object) -> str:
    """`--double any|9-11|10-11|none`: the first two cards a hand may double on.

    Examples:
        >>> read_double("10-11")
        '10-11'
    """
    return _choice(value, DOUBLES, "--double")


def read_double_after_split(value: object) -> bool:
    """`--double-after-split yes|no`.

    Examples:
        >>> read_double_after_split("no")
        False
    """
    return _yes_no(value, "--double-after-split")


def read_max_hands(value: object) -> int:
    """`--max-hands N`: the hands a box may make by splitting, 1 (no split) to 4.

    Examples:
        >>> read_max_hands("2")
        2
    """
    return options.whole(value, "--max-hands", 1, 4)


def read_resplit_aces(value: object) -> bool:
    """`--resplit-aces yes|no`.

    Examples:
        >>> read_resplit_aces("yes")
        True
    """
    return _yes_no(value, "--resplit-aces")


def read_surrender(value: object) -> str:
    """`--surrender none|except-ace|any` (late surrender; `except-ace`: not against the dealer's ace).

    Examples:
        >>> read_surrender("any")
        'any'
    """
    return _choice(value, SURRENDERS, "--surrender")


def read_hole_card(value: object) -> str:
    """`--hole-card none|peek`: European (no hole card) or the American peek.

    Examples:
        >>> read_hole_card("peek")
        'peek'
    """
    return _choice(value, HOLE_CARDS, "--hole-card")


def read_dealer_blackjack_takes(value: object) -> str:
    """`--dealer-blackjack-takes all|original`: with no hole card, what the dealer's black jack collects.

    Examples:
        >>> read_dealer_blackjack_takes("original")
        'original'
    """
    return _choice(value, BLACKJACK_TAKES, "--dealer-blackjack-takes")


def read_blackjack_pays(value: object) -> Fraction:
    """`--blackjack-pays 3:2|6:5|1:1`.

    Examples:
        >>> read_blackjack_pays("6:5")
        Fraction(6, 5)
    """
    if isinstance(value, Fraction):
        return value
    return BLACKJACK_PAYOUTS[_choice(value, tuple(BLACKJACK_PAYOUTS), "--blackjack-pays")]


def read_split_strategy(value: object) -> str:
    """`--split-strategy cdz-|cdp1|cdp`: how the exact values play split hands.

    Examples:
        >>> read_split_strategy("CDP1")
        'cdp1'
    """
    return _choice(value, SPLIT_STRATEGIES, "--split-strategy")


#: What `--cut-cards-behind` takes for the default place of the cut card (the field's `None`).
DEFAULT_CUT = "default"


def read_cut_cards_behind(value: object) -> int | None:
    """`--cut-cards-behind N|default`: the cards left behind the cut card (the rules check the shoe holds them;
    `default`: 52, or half the shoe when that is less).

    Examples:
        >>> read_cut_cards_behind("30"), read_cut_cards_behind("default")
        (30, None)
    """
    if value is None or str(value).strip().lower() == DEFAULT_CUT:
        return None
    return options.whole(value, "--cut-cards-behind", 0, 8 * DECK_SIZE - 20)


def read_insurance_pays(value: object) -> Fraction:
    """`--insurance-pays X`: the insurance payout to one, above 0 and at most 3 (`2`, `1.5`, `3/2`).

    Examples:
        >>> read_insurance_pays("2")
        Fraction(2, 1)
    """
    pays = Fraction(options.read_number(value, "--insurance-pays", 0, 3))
    if pays == 0:
        raise RulesError("A payout must be above 0 and at most 3 to 1.")
    return pays


def read_perfect_pairs(value: object) -> tuple[int, int, int]:
    """`--perfect-pairs P,C,M`: the payouts to one of a perfect, a coloured and a mixed pair, 1 to 100 each.

    Examples:
        >>> read_perfect_pairs("25, 12, 6")
        (25, 12, 6)
    """
    if isinstance(value, tuple):
        value = ",".join(map(str, value))
    parts = str(value).split(",")
    if len(parts) != 3:
        raise RulesError("The Perfect Pairs pay table needs three whole payouts from 1 to 100.")
    perfect, coloured, mixed = (options.whole(part, "--perfect-pairs", 1, 100) for part in parts)
    return perfect, coloured, mixed


def _payout_text(value: object) -> str:
    """A black jack's payout as typed (`Fraction(3, 2)` → `3:2`)."""
    for text, payout in BLACKJACK_PAYOUTS.items():
        if payout == value:
            return text
    return str(value)


@dataclass(frozen=True)
class BlackJackRules(Rules):
    """Every variable of Black Jack and Challenge 21 as a named field.

    Attributes:
        rounds: the dealer's hands each player's hand plays against (1; 3 in Challenge 21).
        required_bets: the bets a box must place (1; 2 in Challenge 21: the third is optional).
        decks: 52-card decks in the shoe, 1 to 8.
        cut_cards_behind: cards left behind the cut card (`None`: 52, or half the shoe when that is less).
        continuous_shuffler: the used cards go back to a shuffling machine (at most two decks in the discard).
        hits_soft_17: the dealer draws on a soft 17 (the source: it stands).
        blackjack_pays: a black jack's payout to one.
        double: `any`, `9-11`, `10-11` or `none`: the first two cards a player may double on.
        double_after_split: a split hand may double.
        max_hands: the hands a box may make by splitting (the source: 4).
        resplit_aces: split aces may be split again (the source: no).
        surrender: `none`, `except-ace` or `any`: the first two cards may be surrendered for half the bet.
        dealer_blackjack_takes: `all` (doubles and splits too) or `original`: what a dealer's black jack collects.
        hole_card: `none` (European, the source) or `peek` (American: with an ace or a ten up the dealer looks at
            a second card and a black jack ends the coup at once, taking the original bet only).
        split_strategy: `cdz-` or `cdp1`: how the exact values play split hands (see `expectation`).
        insurance_pays: the insurance payout to one (the stake: half the bet).
        perfect_pairs: the payouts to one of a perfect, a coloured and a mixed pair.
        boxes: the betting boxes of the table.

    Raises:
        RulesError: a value out of its range.

    Examples:
        >>> BlackJackRules(max_hands=9)
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: A box may make from 1 to 4 hands by splitting, not 9.
    """

    name: str = "custom"
    rounds: int = 1
    required_bets: int = 1
    decks: int = 6
    cut_cards_behind: int | None = None
    continuous_shuffler: bool = False
    hits_soft_17: bool = False
    blackjack_pays: Fraction = Fraction(3, 2)
    double: str = DOUBLE_9_11
    double_after_split: bool = True
    max_hands: int = 4
    resplit_aces: bool = False
    surrender: str = SURRENDER_EXCEPT_ACE
    dealer_blackjack_takes: str = TAKES_ALL
    hole_card: str = HOLE_NONE
    split_strategy: str = SPLIT_CDZ
    insurance_pays: Fraction = Fraction(2)
    perfect_pairs: tuple[int, int, int] = (25, 12, 6)
    boxes: int = 7
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    OPTIONS = (
        options.DECKS,
        Option("soft_17", "hits_soft_17", read_soft_17, N_("the dealer on a soft 17: stand or hit (default: the preset's)"),
               N_("The dealer's soft 17"), SOFT_17, show=lambda hits: "hit" if hits else "stand",
               names=(("stand", N_("stands")), ("hit", N_("hits")))),
        Option("double", "double", read_double,
               N_("the first two cards a hand may double on: any, 9-11, 10-11 or none"), N_("Doubling"),
               DOUBLES, names=(("any", N_("any two cards")), ("9-11", N_("hard 9 to 11")),
                               ("10-11", N_("hard 10 and 11")), ("none", N_("never")))),
        Option("double_after_split", "double_after_split", read_double_after_split,
               N_("a split hand may double: yes or no"), N_("Double after a split"), YES_NO, show=_yes_no_text,
               names=options.YES_NO_NAMES),
        Option("max_hands", "max_hands", read_max_hands, N_("the hands a box may make by splitting, 1 to 4"),
               N_("Hands after splitting"), ("1", "2", "3", "4")),
        Option("resplit_aces", "resplit_aces", read_resplit_aces, N_("split aces may be split again: yes or no"),
               N_("Resplit aces"), YES_NO, show=_yes_no_text, names=options.YES_NO_NAMES),
        Option("surrender", "surrender", read_surrender,
               N_("late surrender: none, except-ace (not against an ace) or any"), N_("Surrender"),
               SURRENDERS, names=(("none", N_("never")), ("except-ace", N_("except against an ace")),
                                  ("any", N_("against any card")))),
        Option("hole_card", "hole_card", read_hole_card,
               N_("none (European: the dealer's second card after the players') or peek (American)"),
               N_("The dealer's hole card"), HOLE_CARDS,
               names=(("none", N_("none (European)")), ("peek", N_("peek (American)")))),
        Option("dealer_blackjack_takes", "dealer_blackjack_takes", read_dealer_blackjack_takes,
               N_("with no hole card, what the dealer's black jack takes: all or original"),
               N_("The dealer's black jack takes"), BLACKJACK_TAKES,
               names=(("all", N_("every bet")), ("original", N_("the original bet")))),
        Option("blackjack_pays", "blackjack_pays", read_blackjack_pays, N_("a black jack's payout: 3:2, 6:5 or 1:1"),
               N_("A black jack pays"), tuple(BLACKJACK_PAYOUTS), show=_payout_text),
        Option("split_strategy", "split_strategy", read_split_strategy,
               N_("how the exact values play split hands: cdz- (as unsplit), cdp1 or cdp (slow: minutes to hours, "
                  "a bar shows the time left)"), N_("Split hands played"),
               # cdp (`cdp`) takes seconds to minutes a pair: the command line reads it, no select offers it;
               # the analyzers' names stay beside the reader's words: they are what a reader compares with
               (SPLIT_CDZ, SPLIT_CDP1), names=((SPLIT_CDZ, N_("as unsplit hands (CDZ-)")),
                                               (SPLIT_CDP1, N_("optimised after the split (CDP1)")))),
        Option("cut_cards_behind", "cut_cards_behind", read_cut_cards_behind,
               N_("cards left behind the cut card, or default (52, or half the shoe when that is less)"),
               N_("Cut card"), show=lambda value: DEFAULT_CUT if value is None else str(value)),
        Option("insurance_pays", "insurance_pays", read_insurance_pays,
               N_("the insurance payout to one, above 0 and at most 3 (e.g. 2)"), N_("Insurance pays")),
        Option("perfect_pairs", "perfect_pairs", read_perfect_pairs,
               N_("the Perfect Pairs payouts to one of a perfect, a coloured and a mixed pair, e.g. 25,12,6"),
               N_("Perfect Pairs pays"), show=lambda pays: ",".join(map(str, pays))),  # type: ignore[call-overload]
    )

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=self.decks)
        if self.rounds not in (1, 3) or not 1 <= self.required_bets <= self.rounds:
            raise RulesError("A box plays 1 or 3 rounds with at least one bet, not {rounds}.", rounds=self.rounds)
        behind = self.stop_card.cards_below
        if not 0 <= behind <= self.decks * DECK_SIZE - 20:
            # TRANSLATORS: {most} is never 1: it is 20 cards short of the shoe, 32 at least (one deck).
            raise RulesError("The cut card must leave from 0 to {most} cards behind it, not {n}.",
                             most=self.decks * DECK_SIZE - 20, n=behind)
        if self.double not in DOUBLES:
            raise RulesError("Unknown doubling rule {value!r}: use any, 9-11, 10-11 or none.", value=self.double)
        if self.surrender not in SURRENDERS:
            raise RulesError("Unknown surrender rule {value!r}: use none, except-ace or any.", value=self.surrender)
        if self.dealer_blackjack_takes not in BLACKJACK_TAKES:
            raise RulesError("Unknown rule {value!r} for the dealer's black jack: use all or original.",
                             value=self.dealer_blackjack_takes)
        if self.hole_card not in HOLE_CARDS or self.split_strategy not in SPLIT_STRATEGIES:
            raise RulesError("{what} must be one of {choices}, not {value!r}.", what="hole_card, split_strategy",
                             choices="none, peek; cdz-, cdp1, cdp", value=self.hole_card + ", " + self.split_strategy)
        if not isinstance(self.max_hands, int) or not 1 <= self.max_hands <= 4:
            raise RulesError("A box may make from 1 to 4 hands by splitting, not {n}.", n=self.max_hands)
        if not 0 < self.blackjack_pays <= 3 or not 0 < self.insurance_pays <= 3:
            raise RulesError("A payout must be above 0 and at most 3 to 1.")
        if len(self.perfect_pairs) != 3 or any(not isinstance(p, int) or not 0 < p <= 100 for p in self.perfect_pairs):
            raise RulesError("The Perfect Pairs pay table needs three whole payouts from 1 to 100.")
        if not 1 <= self.boxes <= 7:
            raise RulesError("A table has from 1 to 7 boxes, not {n}.", n=self.boxes)

    # --- what the driver reads ---------------------------------------------------------------------------

    @property
    def stop_card(self) -> StopCard:
        """The cut card: `cut_cards_behind` cards behind it (default: 52, or half the shoe when that is less)."""
        behind = self.cut_cards_behind
        return StopCard(min(DECK_SIZE, self.decks * DECK_SIZE // 2) if behind is None else behind)

    @property
    def burn(self) -> Burn:
        """"el croupier debe quemar la primera carta del mazo": one card."""
        return Burn(BURN_FIXED, 1)

    # --- rules as the events cite them ---------------------------------------------------------------------

    def dealer_rule(self) -> Rule:
        """How the dealer draws (the source: stands on every 17; the option makes it draw on a soft 17).

        Examples:
            >>> from naipes.core.narration import rule_text
            >>> rule_text(PRESETS.get().dealer_rule(), "en")
            'the dealer draws to 16 and stands on every 17, soft ones too; source 001'
        """
        if self.hits_soft_17:
            return Rule(N_("the dealer draws to 16 and on a soft 17"), interpretation=True)
        return Rule(N_("the dealer draws to 16 and stands on every 17, soft ones too"), source=CLASSIFIER_BO_CL)

    def blackjack_rule(self) -> Rule:
        """A black jack's payout (the source's figure is lost: an interpretation)."""
        return Rule(N_("a black jack is paid {payout} to 1"), (("payout", _ratio(self.blackjack_pays)),),
                    interpretation=True)

    def insurance_rule(self) -> Rule:
        """The insurance payout (not in the source: an interpretation)."""
        return Rule(N_("insurance is half the bet and pays {payout} to 1"),
                    (("payout", _ratio(self.insurance_pays)),), interpretation=True)

    def perfect_pairs_rule(self, kind: str) -> Rule:
        """The payout of one Perfect Pairs kind (the source gives the kinds, not the payouts)."""
        return Rule(_PAIR_RULES[kind], (("payout", self.perfect_pairs[PAIR_KINDS.index(kind)]),),
                    interpretation=True)

    def double_rule(self) -> Rule:
        """On which first two cards a hand may double (not in the source)."""
        if self.double == DOUBLE_ANY:
            return Rule(N_("a hand may double on any first two cards"), interpretation=True)
        if self.double == DOUBLE_NONE:
            return Rule(N_("no hand may double"), interpretation=True)
        return Rule(N_("a hand may double on hard {totals}"), (("totals", DOUBLE_TOTALS[self.double]),),
                    interpretation=True)

    def surrender_rule(self) -> Rule:
        """When a hand may surrender (the source only says when it may not)."""
        if self.surrender == SURRENDER_EXCEPT_ACE:
            return Rule(N_("a hand may give up half its bet on its first two cards, except against an ace"),
                        source=CLASSIFIER_BO_CL, interpretation=True)
        return Rule(N_("a hand may give up half its bet on its first two cards"), interpretation=True)

    def split_rule(self) -> Rule:
        """How many hands a split may make (source 001: three splits, four hands; one hand: no split)."""
        if self.max_hands == 1:
            return Rule(N_("no pair may be split"), interpretation=True)
        # TRANSLATORS: {hands} is never 1: a box that may make one hand only reads "no pair may be split".
        return Rule(N_("a pair may be split up to {hands} hands"), (("hands", self.max_hands),),
                    source=CLASSIFIER_BO_CL)

    def dealer_blackjack_rule(self) -> Rule:
        """What a dealer's black jack collects: with no hole card, all or the original bet; with the peek, the
        original bet (an interpretation: the source has no hole card)."""
        if self.hole_card == HOLE_PEEK:
            return Rule(N_("with an ace or a ten-valued card up, the dealer looks at a second card: a black jack "
                           "collects the original bet only"), interpretation=True)
        if self.dealer_blackjack_takes == TAKES_ALL:
            return Rule(N_("the dealer's black jack collects every bet of the hand, doubles and splits too"),
                        interpretation=True)
        return Rule(N_("the dealer's black jack collects the original bet only"), interpretation=True)

    # --- options ---------------------------------------------------------------------------------------

    def doubles_on(self, hard: int, soft: bool) -> bool:
        """Whether the doubling rule lets a first two cards of this total double.

        Examples:
            >>> PRESETS.get().doubles_on(10, False), PRESETS.get().doubles_on(10, True)
            (True, False)
        """
        if self.double == DOUBLE_ANY:
            return True
        if self.double == DOUBLE_NONE:
            return False
        return not soft and hard in DOUBLE_TOTALS[self.double]

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties for the comparison tables.

        Examples:
            >>> [p.value for p in PRESETS.get().describe("en") if p.key == "decks"]
            ['6 decks of 52 cards']
        """
        t = lambda message: translate(message, lang)  # noqa: E731
        doubles = rule_text(self.double_rule(), lang)
        surrender = (t(N_("no")) if self.surrender == SURRENDER_NONE else rule_text(self.surrender_rule(), lang))
        pays = t(N_("perfect {perfect} to 1, coloured {coloured} to 1, mixed {mixed} to 1")).format(
            perfect=self.perfect_pairs[0], coloured=self.perfect_pairs[1], mixed=self.perfect_pairs[2])
        rows = [
            Property("source", N_("Source"), ", ".join(self.sources)),
            Property("decks", N_("Decks"), translate_plural("{decks} deck of 52 cards", "{decks} decks of 52 cards", self.decks,
                                                                lang).format(decks=self.decks)),
            Property("cut", N_("Cut card"), translate_plural(
                "{cards} card behind it", "{cards} cards behind it", self.stop_card.cards_below, lang).format(
                cards=self.stop_card.cards_below)),
            Property("dealer", N_("The dealer"), rule_text(self.dealer_rule(), lang)),
            Property("blackjack", N_("Black jack pays"), payout_text(self.blackjack_pays, lang)),
            Property("double", N_("Doubling"), doubles),
            Property("split", N_("Splitting"), rule_text(self.split_rule(), lang)),
            Property("surrender", N_("Surrender"), surrender),
            Property("no-hole-card", N_("Dealer's black jack"), rule_text(self.dealer_blackjack_rule(), lang)),
            Property("insurance", N_("Insurance"), rule_text(self.insurance_rule(), lang)),
            Property("perfect-pairs", N_("Perfect Pairs"), pays),
        ]
        if self.rounds > 1:
            rows.append(Property("rounds", N_("Dealer's hands"), t(N_("{rounds}, sharing the first card; {bets} "
                                                                       "bets at least")).format(
                rounds=self.rounds, bets=self.required_bets)))
        return rows


_PAIR_RULES = {PERFECT: N_("a perfect pair pays {payout} to 1"), COLOURED: N_("a coloured pair pays {payout} to 1"),
               MIXED: N_("a mixed pair pays {payout} to 1")}


def payout_text(value: Fraction, lang: str) -> str:
    """A payout in words: `3 to 2`, `2 to 1`.

    Examples:
        >>> payout_text(Fraction(3, 2), "en"), payout_text(Fraction(2), "es")
        ('3 to 2', '2 a 1')
    """
    value = Fraction(value)
    return translate(N_("{a} to {b}"), lang).format(a=value.numerator, b=value.denominator)


def _ratio(value: Fraction) -> str:
    """A payout to one as the tables write it: `3/2`, `2`."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


SECTION = "Black Jack o Veintiuno"
CHALLENGE = "Challenge 21"
#: Source 002 names Black Jack as the model of another game's deck and table.
DECREE_SECTION = "10, pòquer sense descart, II. Elements del joc"

_CITATIONS = (
    Citation(CLASSIFIER_BO_CL, SECTION, "Si el croupier tiene menos de 21 puntos, paga las apuestas que tiene una "
                                        "puntuación superior a la suya."),
    Citation(CLASSIFIER_BO_CL, SECTION, "dejando al menos 52 cartas al final y como máximo cartas, equivalentes a "
                                        "dos barajas"),
    Citation(CLASSIFIER_BO_CL, SECTION, "en el descartador no se acumulen más de 2 barajas de cartas"),
    Citation(CLASSIFIER_BO_CL, SECTION, "el croupier debe quemar la primera carta del mazo"),
    Citation(CLASSIFIER_BO_CL, SECTION, "La apuesta Perfect Pairs no es obligatoria"),
    Citation(CLASSIFIER_BO_CL, SECTION, "Todas las cartas se distribuyen siempre con las caras hacia arriba."),
    Citation(CLASSIFIER_BO_CL, SECTION, "En ningún caso puede pedir cartas adicionales si ya ha obtenido una "
                                        "puntuación de 21 o más."),
    Citation(CLASSIFIER_BO_CL, SECTION, "Cuando una mano obtiene una puntuación superior a 21 pierde, el croupier "
                                        "recoge inmediatamente esa apuesta"),
    Citation(CLASSIFIER_BO_CL, SECTION, "debe contarlo como once 11 puntos si con este valor alcanza 17 o más, a "
                                        "menos que sobrepase los 21 puntos"),
    Citation(CLASSIFIER_BO_CL, SECTION, "le ofrece la posibilidad de pagarle su apuesta 1 a 1 a la par y retirar "
                                        "sus cartas"),
    Citation(CLASSIFIER_BO_CL, SECTION, "Las apuestas ganadoras son tres; cuando se obtiene Perfect Pairs, esto es "
                                        "un par de cartas con la misma pinta; Par de Color, o par de cartas del "
                                        "mismo color, rojo o negro, pero de diferente pinta; y Par Mezclado, o par "
                                        "conformado por una carta con pinta de color rojo y una con pinta de color "
                                        "negro."),
    Citation(CLASSIFIER_BO_CL, SECTION, "Antes de dar la tercera carta al primer jugador que la pida, el croupier "
                                        "debe proponer este seguro al conjunto de jugadores."),
    Citation(CLASSIFIER_BO_CL, SECTION, "pudiendo ejercerse la referida opción hasta un máximo de 3 veces, es "
                                        "decir, pudiendo jugar un máximo de 4 manos"),
    Citation(CLASSIFIER_BO_CL, SECTION, "no se le permite pedir más que una sola carta por cada as que ha formado "
                                        "una nueva mano"),
    Citation(CLASSIFIER_BO_CL, SECTION, "si se forma un nuevo par, no se podrá separar nuevamente"),
    Citation(CLASSIFIER_BO_CL, SECTION, "esta jugada no se considera como black jack"),
    Citation(CLASSIFIER_BO_CL, SECTION, "El retiro no procede cuando la primera carta descubierta del croupier es "
                                        "un as."),
    Citation(CLASSIFIER_BO_CL, SECTION, "Las manos que hayan obtenido una puntuación igual a la del croupier son "
                                        "nulas"),
    Citation(CLASSIFIER_BO_CL, SECTION, "Si el croupier se hubiera pasado de 21 puntos paga todas las apuestas que "
                                        "aún estén sobre el tapete."),
    Citation(CLASSIFIER_BO_CL, SECTION, "Cuando el jugador tiene black jack y la primera carta del croupier es "
                                        "diferente a un as, 10 ó figura, entonces se efectúa el pago de manera "
                                        "inmediata."),
    Citation(CLASSIFIER_BO_CL, SECTION, "Una vez que los jugadores han completado sus manos, el croupier completa "
                                        "la suya dándose una o más cartas."),
    Citation(CATALAN_DECREE, DECREE_SECTION, "Black Jack o Vint-i-u de 52 cartes"),
    Citation(CATALAN_DECREE, DECREE_SECTION, "similars a la taula de Black Jack, amb set caselles"),
)

_CHALLENGE_CITATIONS = (
    Citation(CLASSIFIER_BO_CL, CHALLENGE, "los jugadores están obligados a realizar al menos dos apuestas "
                                          "iniciales, existiendo la posibilidad de una tercera apuesta adicional"),
    Citation(CLASSIFIER_BO_CL, CHALLENGE, "el jugador que opta por el seguro, debe elegir la o las manos del "
                                          "croupier contra las cuales se asegura"),
    Citation(CLASSIFIER_BO_CL, CHALLENGE, "El resultado de la mano del jugador se utiliza en las tres rondas del "
                                          "juego, siempre y cuando el jugador no haya excedido la cuenta de 21, en "
                                          "cuyo caso el croupier recoge las dos o tres apuestas"),
    Citation(CLASSIFIER_BO_CL, CHALLENGE, "La primera carta del croupier que no fue recogida se utiliza como base "
                                          "para las tres rondas del juego"),
    Citation(CLASSIFIER_BO_CL, CHALLENGE, "Si la primera carta de la o las manos del croupier según se trate de la "
                                          "modalidad Black Jack o Challenge 21, respectivamente, no es un as, esta "
                                          "jugada se paga de inmediato"),
)

_INTERPRETATIONS = (
    N_("The source does not give the number of decks; it only asks the cut to leave at least 52 cards behind the "
       "cut card, so the shoe holds several decks. The engine deals from 6 decks (option decks, 1 to 8)."),
    N_("The largest number of cards behind the cut card is lost in the source (\"como máximo cartas, equivalentes "
       "a dos barajas\"). The engine leaves exactly 52 cards behind it, the minimum, or half the shoe when the "
       "shoe is smaller than two decks (option cut_cards_behind)."),
    N_("A continuous shuffling machine is allowed (\"en el descartador no se acumulen más de 2 barajas\"); the "
       "engine's analyses deal each coup from the composition given, and its shoes use the cut card: the engine "
       "has no continuous shuffler."),
    N_("The payouts are not in the source (its table of payments is lost). The engine pays a black jack 3 to 2, "
       "the usual payout (option blackjack_pays)."),
    N_("Doubling is not described in the source. The engine lets a hand double on hard 9, 10 and 11, the usual "
       "European rule, after a split too (options double: any, 9-11, 10-11 or none; double_after_split)."),
    N_("The source says only \"El retiro no procede cuando la primera carta descubierta del croupier es un as\". "
       "The engine reads \"retiro\" as surrender: a hand may give up half its bet on its first two cards, not "
       "after a split, except against an ace (option surrender: none, except-ace or any)."),
    N_("With no hole card, a dealer's black jack collects every bet of the hand, doubles and splits included, "
       "the usual European rule (option dealer_blackjack_takes: all or original)."),
    N_("Insurance is half the bet and pays 2 to 1, the usual payout (option insurance_pays); a black jack "
       "against an ace is offered even money instead."),
    N_("The Perfect Pairs payouts are not in the source: the engine pays a perfect pair 25 to 1, a coloured "
       "pair 12 to 1 and a mixed pair 6 to 1, a common published pay table (option perfect_pairs)."),
    N_("The source gives two rules for paying a black jack at once (the dealer's first card \"no es un as\" and "
       "\"diferente a un as, 10 ó figura\"): the engine pays at once only when the dealer's first card cannot "
       "make a black jack (2 to 9), as the more detailed sentence says."),
    N_("The dealer completes its hand only when some bet waits for it: if every hand has gone over 21, "
       "surrendered or been paid, it takes no more cards."),
    N_("Every rule the source leaves open is an option, the preset's value an interpretation: the dealer on a "
       "soft 17 (option soft_17: stand, the source's, or hit), the hole card (option hole_card: none, the "
       "source's, or the American peek, where a dealer's black jack takes the original bet only), the black jack "
       "payout (option blackjack_pays: 3:2, 6:5 or 1:1), the hands a split may make (option max_hands, the "
       "source's 4) and resplitting aces (option resplit_aces, the source's no). Surrender is late: except-ace "
       "means not against the dealer's ace."),
)

_CHALLENGE_INTERPRETATIONS = _INTERPRETATIONS + (
    N_("The first two bets are placed on rounds 1 and 2 and the optional third on round 3. The dealer's first "
       "card is the base of the three rounds: in each round it completes a hand from it with new cards, which "
       "are discarded before the next round."),
    N_("Doubling doubles the bet of every round, and a split hand carries the same bets as the hand it comes "
       "from. Insurance is chosen for each of the dealer's hands, half of that round's bet."),
)

PRESETS: PresetBook[BlackJackRules] = PresetBook({
    "clasificador-bo-cl": BlackJackRules(name="clasificador-bo-cl", citations=_CITATIONS,
                                         interpretations=_INTERPRETATIONS),
})

CHALLENGE_21_PRESETS: PresetBook[BlackJackRules] = PresetBook({
    "clasificador-bo-cl": replace(PRESETS.get(), rounds=3, required_bets=2,
                                  citations=_CITATIONS + _CHALLENGE_CITATIONS,
                                  interpretations=_CHALLENGE_INTERPRETATIONS),
})
