"""The choices chemin de fer and the bacarrá a dos paños leave open: the punto on five, the free banker.

Both games (sources 000 and 002) give the punto the same drawing rules (draw on
0–4, choose on 5 with "carta" or "no", stand on 6–7), force the banker to draw on
0 (*bacarrá*), leave him free otherwise unless he asks the croupier for the
banker's table, and let a punto with 5 ask the croupier's advice ("le hará
plantarse"). `DrawingChoices` holds those rules as named fields with the
sources that state them; the coups build every `Rule` they record from it, so
the narration and the analyses follow the preset.

The conduct helpers turn a named option (`"advice"`, `"draw"`, `"stand"` or a
probability of drawing) into the distribution a `Conduct` returns, and into the
probability the fast analyses read; the events `FreeChoice` and `Chosen` record
a decision that opens and one taken with no rule (the reader's).

Examples:
    >>> choices = DrawingChoices(punto_source="000")
    >>> choices.punto_action(5), choices.table_draws(0, 9), choices.table_draws(3, 8)
    ('free', True, False)
    >>> from naipes.core.narration import rule_text
    >>> rule_text(choices.punto_rule(3), "en")
    'the punto draws on 0 to 4; source 000'
    >>> [(c.action, c.probability) for c in punto_choices(Fraction(9, 11), choices)]
    [('draw', Fraction(9, 11)), ('stand', Fraction(2, 11))]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Hashable, Sequence

from ...core import options
from ...core.options import parse_number
from ...core.errors import IllegalActionError, RulesError, SpecError
from ...core.i18n import N_, translate
from ...core.model import Choice, Conduct, Coup, Event, Property, Rule, Rules
from ...core.narration import narrate, with_rule
from ...core.vocabulary import Word
from .kernel import BANKER, NATURAL_RULE, PLAYER, SOURCE_004_DRAWING, DrawingRules, ThirdCardRule, deck_counts
from .narration import hand_name

class Move(Word):
    """A decision of these games: "carta" or "no"."""

    DRAW = "draw"
    STAND = "stand"


DRAW, STAND = Move.DRAW, Move.STAND
#: The legal actions of every decision of these games: "carta" and "no".
ACTIONS = (DRAW, STAND)
#: The punto's conduct options besides a probability of drawing: the croupier's advice, always draw, always stand.
PUNTO_OPTIONS = ("advice", DRAW, STAND)
#: The banker's conduct options besides a strategy: he asked for his table, or the reader decides for him.
BANKER_OPTIONS = ("table", "free")
class Model(Word):
    """The solving models: cards dealt with replacement (Kemeny and Snell's totals game) or from a shoe."""

    TOTALS = "totals"
    SHOE = "shoe"


MODELS = tuple(Model)
#: The totals a hand may have on two cards without a natural.
NON_NATURAL = frozenset(range(8))


@dataclass(frozen=True)
class DrawingChoices:
    """The punto's and the banker's drawing rules when a player holds the bank, with their sources.

    Attributes:
        player_must_draw_on: the punto's two-card totals that must draw.
        player_free_on: the totals on which he chooses ("carta" or "no").
        player_stands_on: the totals that must stand (with the two above, every total from 0 to 7).
        banker_must_draw_on: the banker's totals that must draw whatever he likes (0, *bacarrá*).
        banker_table: the table that binds a banker who asks the croupier for it.
        advice: what the croupier tells a punto on a free total who asks him (`"stand"`: "le hará plantarse").
        punto_source: the source that states the punto's rules.
        punto_interpretation: the punto's rules are the engine's reading (its source does not print them).
        banker_source: the game's own source: the banker's freedom, his forced draw, the naturals.
        advice_source: the source that states the croupier's advice.
        table_interpretation: the banker's table is taken from another source than the game's.

    Raises:
        RulesError: the punto's totals do not split 0 to 7 into three sets, or a bad value.

    Examples:
        >>> DrawingChoices(player_free_on=frozenset({4, 5}))
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The punto's totals that draw, choose and stand must split 0 to 7, each total once.
    """

    player_must_draw_on: frozenset[int] = frozenset(range(5))
    player_free_on: frozenset[int] = frozenset({5})
    player_stands_on: frozenset[int] = frozenset({6, 7})
    banker_must_draw_on: frozenset[int] = frozenset({0})
    banker_table: DrawingRules = SOURCE_004_DRAWING
    advice: str = STAND
    punto_source: str | None = None
    punto_interpretation: bool = False
    banker_source: str | None = None
    advice_source: str | None = None
    table_interpretation: bool = True

    def __post_init__(self) -> None:
        sets = (self.player_must_draw_on, self.player_free_on, self.player_stands_on)
        if sum(len(s) for s in sets) != 8 or frozenset().union(*sets) != NON_NATURAL:
            raise RulesError("The punto's totals that draw, choose and stand must split 0 to 7, each total once.")
        if not self.banker_must_draw_on <= NON_NATURAL:
            raise RulesError("The banker's forced totals must be totals from 0 to 7.")
        if self.advice not in ACTIONS:
            raise RulesError("The croupier's advice must be draw or stand, not {advice!r}.", advice=self.advice)

    def punto_action(self, total: int) -> str:
        """`"draw"`, `"stand"` or `"free"` for a punto on two-card `total` (0 to 7)."""
        if total in self.player_must_draw_on:
            return DRAW
        return "free" if total in self.player_free_on else STAND

    def punto_rule(self, total: int) -> Rule:
        """The rule that applies to a punto on two-card `total`: he draws, stands, or chooses."""
        action = self.punto_action(total)
        text, totals = {DRAW: (N_("the punto draws on {totals}"), self.player_must_draw_on),
                        STAND: (N_("the punto stands on {totals}"), self.player_stands_on),
                        "free": (N_("the punto may choose on {totals}: card or no"), self.player_free_on)}[action]
        return Rule(text, (("totals", totals),), self.punto_source, self.punto_interpretation)

    def banker_forced(self, total: int) -> bool:
        """True when the banker on `total` must draw whatever he likes."""
        return total in self.banker_must_draw_on

    def banker_rule(self, total: int) -> Rule:
        """The rule that applies to the banker on `total`: a forced draw, or his freedom."""
        if self.banker_forced(total):
            return Rule(N_("the banker must draw on {totals}"), (("totals", self.banker_must_draw_on),),
                        self.banker_source)
        return Rule(N_("the banker may draw or stand, except on {totals}"), (("totals", self.banker_must_draw_on),),
                    self.banker_source)

    def advice_rule(self) -> Rule:
        """The croupier's advice to a punto on a free total who asks for it."""
        text = (N_("a punto on {totals} who asks the croupier's advice is told to stand") if self.advice == STAND
                else N_("a punto on {totals} who asks the croupier's advice is told to draw"))
        return Rule(text, (("totals", self.player_free_on),), self.advice_source)

    def table_draws(self, total: int, third: int | None) -> bool:
        """True when the banker who follows his table draws on `total` (his forced totals draw too)."""
        return self.banker_forced(total) or self.banker_table.banker_draws(total, third)

    def table_rule(self, total: int, third: int | None) -> Rule:
        """The banker's table's rule for `total` and the punto's third card (`None`: he stood)."""
        return replace(self.banker_table.banker_rule(total, third), interpretation=self.table_interpretation)

    def natural_rule(self) -> Rule:
        """An 8 or 9 on two cards is shown at once and ends the coup (as the game's source states it)."""
        return replace(NATURAL_RULE, source=self.banker_source)


class BankerGameRules(Rules):
    """Mixin of the rules of a game where a player holds the bank: checked decks and cagnotte, and the options.

    A subclass is a frozen dataclass with the fields `name`, `decks` and `cagnotte` besides its own.

    Raises:
        RulesError: a bad number of decks or cagnotte.
    """

    decks: int
    cagnotte: Fraction
    OPTIONS = (options.DECKS, options.commission("cagnotte", options.rate))

    def __post_init__(self) -> None:
        options.decks(self.decks)
        options.rate(self.cagnotte)


def banker_game_properties(commission: str, payouts: str, seats: str, limits: str, lang: str) -> list[Property]:
    """The rows of a game where a player holds the bank and deals (chemin de fer, the dos paños)."""
    return [
        Property("commission", N_("Commission or cagnotte"), commission),
        Property("payouts", N_("Payouts"), payouts),
        Property("seats", N_("Seats"), seats),
        Property("limits", N_("Limits"), limits),
        Property("banks", N_("Who banks"), translate(N_("a player"), lang)),
        Property("deals", N_("Who deals"), translate(N_("the banker"), lang)),
    ]


# --- conduct options --------------------------------------------------------------------------------------

def punto_option(value: object) -> str | Fraction:
    """A punto's conduct option: `"advice"`, `"draw"`, `"stand"`, or a probability of drawing.

    Raises:
        RulesError: anything else.

    Examples:
        >>> punto_option("advice"), punto_option("9/11")
        ('advice', Fraction(9, 11))
    """
    if value in PUNTO_OPTIONS:
        return str(value)
    text = str(value).strip()
    number = parse_number(text)
    if number is None or not 0 <= number <= 1:
        raise RulesError("A conduct is advice, draw, stand or a probability of drawing from 0 to 1, not {value!r}.",
                         value=text)
    return number


def draw_probability(option: str | Fraction, choices: DrawingChoices) -> Fraction:
    """The probability that a punto following `option` draws on a free total.

    Examples:
        >>> draw_probability("advice", DrawingChoices()), draw_probability(Fraction(1, 3), DrawingChoices())
        (Fraction(0, 1), Fraction(1, 3))
    """
    if option == "advice":
        return Fraction(int(choices.advice == DRAW))
    if option in (DRAW, STAND):
        return Fraction(int(option == DRAW))
    return Fraction(option)


def banker_option(value: object, cells: Sequence[Hashable]) -> dict:
    """A banker's conduct option checked: `{}` for `"table"` or `"free"`, else his strategy in each of `cells`.

    Raises:
        SpecError: an unknown option.

    Examples:
        >>> banker_option("table", [(0, None)]), banker_option({(0, None): 1}, [(0, None), (1, None)])
        ({}, {(0, None): 1, (1, None): None})
    """
    if isinstance(value, str):
        if value not in BANKER_OPTIONS:
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=value, choices=", ".join(BANKER_OPTIONS))
        return {}
    return {cell: value.get(cell) for cell in cells}


def mixed(p: Fraction, rule: Rule | None) -> tuple[Choice, ...]:
    """Draw with probability `p`, stand otherwise (an action of probability 0 is left out)."""
    p = Fraction(p)
    return tuple(Choice(action, share, rule) for action, share in ((DRAW, p), (STAND, 1 - p)) if share)


def punto_choices(option: str | Fraction, choices: DrawingChoices) -> tuple[Choice, ...]:
    """The distribution of a punto's decision on a free total under `option`, each choice with its rule."""
    free = ("totals", choices.player_free_on)
    if option == "advice":
        return (Choice(choices.advice, Fraction(1), choices.advice_rule()),)
    if option == DRAW:
        return mixed(Fraction(1), Rule(N_("the punto's conduct: he always draws on {totals}"), (free,)))
    if option == STAND:
        return mixed(Fraction(0), Rule(N_("the punto's conduct: he always stands on {totals}"), (free,)))
    p = Fraction(option)
    return mixed(p, Rule(N_("the punto's conduct: he draws on {totals} with probability {p}"), (free, ("p", str(p)))))


def strategy_choices(p: Fraction) -> tuple[Choice, ...]:
    """The banker's decision by a strategy that draws with probability `p` here."""
    rule = Rule(N_("the banker's conduct: he draws here with probability {p}"), (("p", str(Fraction(p))),))
    return mixed(Fraction(p), rule)


class BankerConduct(Conduct):
    """Mixin of the conducts of the games where a player holds the bank: the puntos' and the banker's choices.

    A subclass is a frozen dataclass with a `banker` field (`"table"`, `"free"`, or a strategy: the banker's
    probability of drawing in each of its `cells`, `None` where he follows the table) and a private
    `_strategy` set from it by `banker_option`; it says who the puntos are (`puntos`), each punto's option
    (`punto_for`) and what the banker's table says in a cell (`table`).
    """

    banker: object
    _strategy: dict
    puntos: tuple[str, ...] = ()
    cells: tuple = ()

    def punto_for(self, coup: Coup, who: str) -> str | Fraction:
        """The conduct option of the punto `who` in `coup`."""
        raise NotImplementedError

    def table(self, drawing: DrawingChoices, cell: tuple) -> tuple[bool, Rule]:
        """Whether the banker who follows his table draws in `cell`, and the rule."""
        raise NotImplementedError

    def choose(self, coup: Coup) -> Sequence[Choice] | None:
        who = coup.current_player()
        if who in self.puntos:
            return punto_choices(self.punto_for(coup, who), coup.rules.drawing)
        if who != BANKER:
            raise IllegalActionError("No decision is pending.")
        if self.banker == "free":
            return None
        p = None if self.banker == "table" else self._strategy[coup.cell]
        if p is None:
            draws, rule = self.table(coup.rules.drawing, coup.cell)
            return (Choice(DRAW if draws else STAND, Fraction(1), rule),)
        return strategy_choices(p)

    def banker_strategy(self, rules) -> dict:
        """The banker's probability of drawing in every cell (1 on his forced totals), for the fast analyses.

        Raises:
            SpecError: the reader decides for the banker (no strategy to analyse).
        """
        if self.banker == "free":
            raise SpecError("An exact walk needs a conduct for every decision ({who}).", who=BANKER)
        drawing = rules.drawing
        out = {}
        for cell in self.cells:
            p = Fraction(1) if drawing.banker_forced(cell[0]) else None if self.banker == "table" else \
                self._strategy[cell]
            out[cell] = Fraction(int(self.table(drawing, cell)[0])) if p is None else Fraction(p)
        return out


def card_weights(model: str, decks: int) -> tuple[tuple[int, ...], bool]:
    """The shoe composition and whether cards are replaced, for a solving model.

    `totals` is the classic model of Kemeny and Snell (1957): cards dealt with
    replacement from one deck; `shoe` deals without replacement from `decks` decks.

    Raises:
        SpecError: an unknown model.

    Examples:
        >>> card_weights("totals", 6)
        ((16, 4, 4, 4, 4, 4, 4, 4, 4, 4), True)
    """
    if model not in MODELS:
        raise SpecError("Unknown model {model!r}: use totals or shoe.", model=str(model))
    if model == "totals":
        return deck_counts(1), True
    return deck_counts(options.decks(decks)), False


def scale(n: int, dealt: int, replacement: bool, upto: int) -> int:
    """Ways for the cards a coup did not use, so every weight shares the denominator of `upto` cards.

    Examples:
        >>> scale(52, 4, False, 6), scale(52, 4, True, 6)
        (2256, 2704)
    """
    result = 1
    for i in range(dealt, upto):
        result *= n if replacement else n - i
    return result


# --- events of a decision ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FreeChoice(Event):
    """The rules leave `hand` free to draw or stand on `total` (`third`: the punto's third card, to the banker)."""

    hand: str
    total: int
    third: int | None = None


@dataclass(frozen=True)
class Chosen(Event):
    """`hand` on `total` chose to draw or to stand, by no rule (the reader's own choice)."""

    hand: str
    total: int
    draws: bool
    third: int | None = None


def decision_event(hand: str, total: int, draws: bool, third: int | None, rule: Rule | None) -> Event:
    """The record of a decision: the rule's (`ThirdCardRule`) when a conduct's rule took it, else `Chosen`."""
    if rule is None:
        return Chosen(hand, total, draws, third)
    return ThirdCardRule(hand, total, draws, third, rule=rule)


@narrate.register
def _(event: FreeChoice, lang: str) -> str:
    if event.hand == PLAYER:
        message = N_("Player has {total} and may choose: card or no.")
    elif event.hand == BANKER and event.third is None:
        message = N_("Player stood and banker has {total}: he may choose.")
    elif event.hand == BANKER:
        message = N_("Banker has {total} and the player's third card is a {third}: he may choose.")
    else:
        message = N_("{hand} has {total} and may choose: card or no.")
    sentence = translate(message, lang).format(hand=hand_name(event.hand, lang), total=event.total,
                                               third=event.third)
    return with_rule(sentence, event.rule, lang)


_CHOSEN = {
    (PLAYER, True): N_("Player has {total} and chooses: card."),
    (PLAYER, False): N_("Player has {total} and chooses: no."),
    ("stood", True): N_("Player stood and banker has {total}: he chooses to draw."),
    ("stood", False): N_("Player stood and banker has {total}: he chooses to stand."),
    (BANKER, True): N_("Banker has {total} and the player's third card is a {third}: he chooses to draw."),
    (BANKER, False): N_("Banker has {total} and the player's third card is a {third}: he chooses to stand."),
    ("pano", True): N_("{hand} has {total} and chooses: card."),
    ("pano", False): N_("{hand} has {total} and chooses: no."),
}


@narrate.register
def _(event: Chosen, lang: str) -> str:
    who = event.hand if event.hand in (PLAYER, BANKER) else "pano"
    if who == BANKER and event.third is None:
        who = "stood"
    return translate(_CHOSEN[(who, event.draws)], lang).format(hand=hand_name(event.hand, lang), total=event.total,
                                                               third=event.third)
