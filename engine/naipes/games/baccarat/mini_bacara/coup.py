"""The Mini-Bacará coup on the engine's protocol: boxes against one Banca hand, the choice on five, the insurance.

"El tallador distribuirá, de izquierda a derecha, una carta descubierta a cada
punto sentado y una tapada para sí. Luego otra carta descubierta a cada punto
sentado." A box with five chooses (role `"box1"` … `"boxN"`, actions `draw`,
`stand`); the banker then turns his hole card, and when it is a nine he calls
"cobertura o seguro" (role `"insurance"`, actions `insure`, `decline`) before
giving himself a second card. Each box then meets the one Banca hand by the
sequence a)–g) of source 003: *aire* passes (an 8 or 9 on two cards) and
*encarts* are settled first; the boxes that need a card get it, left to
right; by rule e) the boxes against which the Banca stands are settled on its
two cards, and only then does the banker draw for the rest (rule f) settles
them right to left). Every step records the rule that applied.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from naipes.games.baccarat.mini_bacara.rules import PRESETS
    >>> coup = MiniBacaraCoup(PRESETS.get("uruguay"), boxes=2)
    >>> for card in parse_cards("5s 9h 9d Ks"):       # box 1, box 2, the hole card, box 1
    ...     _ = coup.apply(card)
    >>> _ = coup.apply(parse_cards("3c")[0])           # box 2: every box has two cards
    >>> coup.current_player(), coup.legal_actions()
    ('box1', ('draw', 'stand'))
    >>> _ = coup.apply("stand")                        # box 1 stands on 5; the hole card nine is turned
    >>> coup.current_player(), coup.legal_actions()
    ('insurance', ('insure', 'decline'))
    >>> _ = coup.apply("insure")
    >>> _ = coup.apply(parse_cards("Kd")[0])           # the banker's second card: a natural 9
    >>> coup.results()
    ('banker', 'banker')
    >>> coup.settle(1, player=10, insurance=5)
    {'player': Fraction(-10, 1), 'banker': Fraction(0, 1), 'insurance': Fraction(10, 1)}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.cards import Card
from ....core.errors import IllegalActionError, RulesError, SpecError, plural
from ....core.i18n import N_
from ....core.model import CHANCE, TERMINAL, Choice, Conduct, Coup, Event, Rule
from ....core.sources import URUGUAY_MINI_BACARA
from ..kernel import BANKER, NATURALS, PLAYER, POINTS, CardDealt, ThirdCardRule, card_points, outcome
from ..punto_banca.coup import settle_bet as settle_punto_banca_bet
from .rules import BANKER_NATURAL, BANKER_WINS, DRAW_FOR_ALL, FIVE_ACTIONS, NATURAL_NINE, PRESETS, MiniBacaraRules

DRAW, STAND = FIVE_ACTIONS
INSURE, DECLINE = "insure", "decline"
#: The role that takes the insurance decision (the Punto bettors, once for every box).
INSURANCE = "insurance"
#: The two-card total on which a box chooses (`MiniBacaraRules.five_choice`).
FIVE = 5
#: How a box was settled: an "aire" pass, an encart, on the Banca's two cards (rule e), on its three (rule f).
AIRE, ENCART, STANDS, THIRD = "aire", "encart", "stands", "third"
BETS = (PLAYER, BANKER, INSURANCE)

AIRE_RULE = Rule(N_("an 8 or a 9 on two cards, the box's or the Banca's, is an \"aire\" pass"), (),
                 URUGUAY_MINI_BACARA)
FIVE_RULE = Rule(N_("a box with 5 on two cards chooses to draw or stand before the Banca's second card"), (),
                 URUGUAY_MINI_BACARA)
INSURANCE_RULE = Rule(N_("when the banker's hole card is a nine he calls \"cobertura o seguro\""), (),
                      URUGUAY_MINI_BACARA)
RULE_E_RULE = Rule(N_("the Banca settles the boxes it stands against before it draws, as its rule e says"), (),
                   URUGUAY_MINI_BACARA)
RULE_F_RULE = Rule(N_("rule f): the boxes left are settled right to left"), (), URUGUAY_MINI_BACARA)
DRAW_FOR_ALL_RULE = Rule(N_("when one box needs the Banca's third card, it draws for all (option mixed_banker)"),
                         (), None, interpretation=True)
#: The rules of the engine's conduct (the decisions nobody takes by hand).
CONDUCT_RULES = {
    DRAW: Rule(N_("the engine's box with 5 draws, as the punto does in Punto y Banca (option box_at_five)"),
               (), None, interpretation=True),
    STAND: Rule(N_("the engine's box with 5 stands (option box_at_five)"), (), None, interpretation=True),
    INSURE: Rule(N_("the engine's Punto bettors take the insurance (option insurance)"), (), None,
                 interpretation=True),
    DECLINE: Rule(N_("the engine's Punto bettors decline the insurance (option insurance)"), (), None,
                  interpretation=True),
}


def encart_rule(rules: MiniBacaraRules) -> Rule:
    """Rule d)'s encart, with the totals of `rules`."""
    return Rule(N_("rule d): the same total on two cards, {totals}, is an encart"),
                (("totals", rules.encart_on),), URUGUAY_MINI_BACARA)


# --- events ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FiveToChoose(Event):
    """A box holds 5 on two cards and must choose: draw or stand (`box` numbered from 1)."""

    box: int


@dataclass(frozen=True)
class BoxChose(Event):
    """A box with 5 chose to draw or stand (`rule` is the conduct's, or `None` when the reader chose)."""

    box: int
    draws: bool


@dataclass(frozen=True)
class HoleCardTurned(Event):
    """The banker turns his hole card, once the boxes with five have chosen."""

    card: Card
    total: int


@dataclass(frozen=True)
class InsuranceCalled(Event):
    """The hole card is a nine: the banker calls "cobertura o seguro"."""


@dataclass(frozen=True)
class InsuranceAnswered(Event):
    """The Punto bettors take (`insured`) or decline the insurance (`rule` `None`: the reader answered)."""

    insured: bool


@dataclass(frozen=True)
class BankerFacesBox(Event):
    """The Banca's table for one box: on `total`, against the box's third card (`None`: the box stood)."""

    box: int
    total: int
    third: int | None
    draws: bool


@dataclass(frozen=True)
class BankerDraws(Event):
    """The Banca on `total` draws its third card for the boxes still in play."""

    total: int


@dataclass(frozen=True)
class BoxSettled(Event):
    """One box is settled: the winner, the box's and the Banca's totals, and how (`AIRE`, `ENCART`, ...)."""

    box: int
    winner: str
    player: int
    banker: int
    how: str


# --- the conduct ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MiniBacaraConduct(Conduct):
    """How the decisions are taken when nobody takes them by hand (the command line, the exact analysis).

    Attributes:
        box_at_five: what a box with 5 does, `"draw"` (as the punto does in Punto y Banca) or `"stand"`.
        insurance: what the Punto bettors answer to the call, `"decline"` or `"insure"`.

    Examples:
        >>> MiniBacaraConduct(box_at_five="maybe")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown choice 'maybe': use draw, stand.
    """

    box_at_five: str = DRAW
    insurance: str = DECLINE

    def __post_init__(self) -> None:
        for value, allowed in ((self.box_at_five, (DRAW, STAND)), (self.insurance, (DECLINE, INSURE))):
            if value not in allowed:
                raise SpecError("Unknown choice {value!r}: use {choices}.", value=str(value),
                                choices=", ".join(allowed))

    def choose(self, coup: Coup) -> Sequence[Choice]:
        who = coup.current_player()
        if who in (CHANCE, TERMINAL):
            raise IllegalActionError("No decision is pending.")
        action = self.insurance if who == INSURANCE else self.box_at_five
        return (Choice(action, Fraction(1), CONDUCT_RULES[action]),)


def default_conduct(rules: MiniBacaraRules) -> MiniBacaraConduct:
    """The engine's conduct: a box with 5 does what the rules say (`box_at_five`: it draws), the insurance is
    declined."""
    return MiniBacaraConduct(box_at_five=rules.box_at_five)


# --- settlement ------------------------------------------------------------------------------------------

def settle_bet(rules: MiniBacaraRules, bet: str, winner: str, stake: Fraction) -> Fraction:
    """Net result of a Punto or Banca bet of `stake` on a box that `winner` won, as in Punto y Banca.

    A tie returns both bets; there is no tie bet at a Mini-Bacará table.

    Raises:
        SpecError: an unknown bet.

    Examples:
        >>> settle_bet(PRESETS.get("uruguay"), "banker", "banker", Fraction(10))
        Fraction(9, 1)
    """
    if bet not in (PLAYER, BANKER):
        raise SpecError("Unknown bet {bet!r}: use {bets}.", bet=str(bet), bets=", ".join(BETS))
    return settle_punto_banca_bet(rules, bet, winner, stake)


def settle_insurance(rules: MiniBacaraRules, wins: bool, stake: Fraction) -> Fraction:
    """Net result of an insurance of `stake`: paid `insurance_pays` to one, with no deduction, or lost."""
    return stake * rules.insurance_pays if wins else -stake


def insurance_wins(rules: MiniBacaraRules, banker_two: int, winner: str) -> bool:
    """Whether the insurance wins, under `rules.insurance_wins_on`, once offered.

    Args:
        rules: the reading of when the insurance wins.
        banker_two: the Banca's two-card total.
        winner: who won the box.

    Examples:
        >>> insurance_wins(PRESETS.get("uruguay"), 9, "tie"), insurance_wins(PRESETS.get("uruguay"), 8, "banker")
        (True, False)
    """
    reading = rules.insurance_wins_on
    if reading == NATURAL_NINE:
        return banker_two == 9
    if reading == BANKER_NATURAL:
        return banker_two in NATURALS
    return reading == BANKER_WINS and winner == BANKER


# --- the coup --------------------------------------------------------------------------------------------

#: A number of boxes out of the table's (or the coup's) range; a table may have a single box.
BOXES_IN_PLAY = plural("The table has from 1 to {max} box, not {n}.", "The table has from 1 to {max} boxes, not {n}.",
                       "max")


def boxes_in_play(rules: MiniBacaraRules, value: object) -> int:
    """`value` as a number of boxes in play: a whole number from 1 to the table's `rules.boxes`.

    Raises:
        RulesError: any other value.

    Examples:
        >>> boxes_in_play(PRESETS.get("uruguay"), "6")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The table has from 1 to 5 boxes, not 6.
    """
    text = str(value).strip()
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or len(text) > 2 or not 1 <= int(text) <= rules.boxes:
        raise RulesError(BOXES_IN_PLAY, max=rules.boxes, n=str(value))
    return int(text)


_BANKER = -1  # the chance target "the Banca's hand"
_LISTS = ("boxes", "box_points", "banker", "banker_points", "events")
_DICTS = ("choices", "settled", "draws")


class MiniBacaraCoup(Coup):
    """One round: the boxes in play against the Banca, on the protocol of `naipes.core.model.Coup`.

    Args:
        rules: the rules (default: the first preset).
        boxes: how many boxes are in play, 1 to `rules.boxes` (default 1: every box meets the Banca alike
            under rule e), so one box is the unit of the exact analysis).

    Raises:
        RulesError: a number of boxes the table does not have.

    Attributes:
        boxes: each box's cards, left to right.
        banker: the Banca's cards (the first is the hole card).
        choices: the choice on five of each box that made one (index from 0: draws?).
        insured: the answer to the insurance call (`None`: not called, or not answered yet).
        hole_turned: the hole card has been turned.
        settled: each settled box (index from 0): its winner and the Banca's total it met.
    """

    classes = POINTS

    def __init__(self, rules: MiniBacaraRules | None = None, boxes: int = 1) -> None:
        self.rules = rules or PRESETS.default
        self.n = boxes = boxes_in_play(self.rules, boxes)
        self.boxes: list[tuple[Card, ...]] = [()] * boxes
        self.box_points: list[tuple[int, ...]] = [()] * boxes
        self.banker: list[Card] = []
        self.banker_points: list[int] = []
        self.choices: dict[int, bool] = {}
        self.insured: bool | None = None
        self.hole_turned = False
        self.settled: dict[int, tuple[str, int]] = {}
        self.draws: dict[int, bool] = {}
        self.events: list[Event] = []
        self._turn = CHANCE
        self._target = 0

    # -- the protocol -------------------------------------------------------------------------------------

    def current_player(self) -> str:
        return self._turn

    def legal_actions(self) -> tuple[str, ...]:
        if self._turn == INSURANCE:
            return (INSURE, DECLINE)
        if self._turn.startswith("box"):
            return (DRAW, STAND)
        return ()

    def next_hand(self) -> str | None:
        """Who receives the next card (`"box1"` … or `"banker"`), or `None` when no card is due."""
        if self._turn != CHANCE:
            return None
        return BANKER if self._target == _BANKER else f"box{self._target + 1}"

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        if self._turn == CHANCE:
            if not isinstance(action, Card):
                self._require("decision")
            events = self._deal(action)
        else:
            choice = self._require_action(action)
            if self._turn == INSURANCE:
                self.insured = choice == INSURE
                events = [InsuranceAnswered(self.insured, rule=rule)]
            else:
                box = int(self._turn[3:]) - 1
                self.choices[box] = choice == DRAW
                events = [BoxChose(box + 1, choice == DRAW, rule=rule)]
            events += self._before_second_card()
        self.events += events
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of the same stakes on every box in play: keys `box1:player`, `box1:banker`, ...

        Args:
            stakes: the stake on each box by bet: `player`, `banker`, `insurance` (the insurance only
                when it was taken).

        Raises:
            IllegalActionError: the coup is not over.
            SpecError: an unknown bet, or an insurance the coup did not take or above its maximum.
        """
        for bet in stakes:
            if bet not in BETS:
                raise SpecError("Unknown bet {bet!r}: use {bets}.", bet=str(bet), bets=", ".join(BETS))
        out: dict[str, Fraction] = {}
        for box in range(1, self.n + 1):
            for bet, result in self.settle(box, **stakes).items():
                if bet in stakes:
                    out[f"box{box}:{bet}"] = result
        return out

    def results(self) -> tuple[str, ...]:
        """Each box's winner, left to right, once the coup is over."""
        if self._turn != TERMINAL:
            return ()
        return tuple(self.settled[i][0] for i in range(self.n))

    def outcome(self) -> Hashable:
        """Per box: `(box's total, the Banca's total it met, insurance offered?, insurance wins?)`."""
        offered = self.insurance_offered
        two = self.banker_two
        return tuple((sum(self.box_points[i]) % 10, banker, offered,
                      offered and insurance_wins(self.rules, two, winner))
                     for i, (winner, banker) in sorted(self.settled.items()))

    def memo_key(self) -> Hashable | None:
        """What the rest of the coup depends on (with the shoe's composition).

        Once the Banca's third card is due, only the boxes' final totals (and
        the settled boxes' results), the Banca's two-card total and its hole
        card being a nine matter; before that, each hand's size, two-card
        total and third card, and the decisions taken.
        """
        if self._turn == TERMINAL:
            return None
        b = self.banker_points
        if len(b) == 2 and self._turn == CHANCE and self._target == _BANKER:
            return ("third", tuple((sum(p) % 10, self.settled.get(i)) for i, p in enumerate(self.box_points)),
                    b[0] == 9, sum(b) % 10)
        return (tuple((len(p), sum(p[:2]) % 10, p[2:]) for p in self.box_points),
                (len(b), bool(b) and b[0] == 9, sum(b[:2]) % 10, tuple(b[2:])),
                tuple(sorted(self.choices.items())), self.insured)

    def clone(self) -> "MiniBacaraCoup":
        """An independent copy (the hands are tuples in lists: copying the lists and dicts is enough)."""
        twin = object.__new__(MiniBacaraCoup)
        state = self.__dict__.copy()
        for name in _LISTS:
            state[name] = state[name][:]
        for name in _DICTS:
            state[name] = state[name].copy()
        twin.__dict__ = state
        return twin

    # -- what the hands show ------------------------------------------------------------------------------

    @property
    def insurance_offered(self) -> bool:
        """True when the banker's hole card is a nine (once it is turned)."""
        return self.hole_turned and self.banker_points[0] == 9

    @property
    def banker_two(self) -> int:
        """The Banca's two-card total (of the cards it has so far, if fewer)."""
        return sum(self.banker_points[:2]) % 10

    @property
    def banker_total(self) -> int:
        """The Banca's total (of the cards it has so far)."""
        return sum(self.banker_points) % 10

    def box_total(self, box: int) -> int:
        """The total of box `box` (numbered from 1)."""
        return sum(self.box_points[box - 1]) % 10

    def box_draws(self, index: int) -> bool:
        """Whether the box (index from 0) takes a third card: its choice on five, or the punto's totals."""
        if index in self.choices:
            return self.choices[index]
        return self.rules.drawing.player_draws(sum(self.box_points[index][:2]) % 10)

    # -- the deal -----------------------------------------------------------------------------------------

    def _deal(self, card: Card) -> list[Event]:
        points = card_points(card)
        target = self._target
        if target == _BANKER:
            self.banker.append(card)
            self.banker_points.append(points)
            count = len(self.banker)
            events: list[Event] = [CardDealt(BANKER, card, self.banker_total, count, face_down=count == 1)]
            if count == 1:
                self._target = 0
            elif count == 2:
                events += self._after_second_card()
            else:
                events += self._settle_rest()
            return events
        self.boxes[target] = self.boxes[target] + (card,)
        self.box_points[target] = self.box_points[target] + (points,)
        count = len(self.boxes[target])
        events = [CardDealt(f"box{target + 1}", card, sum(self.box_points[target]) % 10, count)]
        if count == 3:
            return events + self._next_third(target + 1)
        if target + 1 < self.n:
            self._target = target + 1
        elif count == 1:
            self._target = _BANKER
        else:
            events += self._before_second_card()
        return events

    def _before_second_card(self) -> list[Event]:
        """The choices on five, left to right; then the hole card is turned and the insurance called."""
        if self.rules.five_choice:
            for i in range(self.n):
                if i not in self.choices and sum(self.box_points[i]) % 10 == FIVE:
                    self._turn = f"box{i + 1}"
                    return [FiveToChoose(i + 1, rule=FIVE_RULE)]
        events: list[Event] = []
        if not self.hole_turned:
            self.hole_turned = True
            events.append(HoleCardTurned(self.banker[0], self.banker_points[0]))
            if self.insurance_offered:
                events.append(InsuranceCalled(rule=INSURANCE_RULE))
        if self.insurance_offered and self.insured is None:
            self._turn = INSURANCE
            return events
        self._turn, self._target = CHANCE, _BANKER
        return events

    def _after_second_card(self) -> list[Event]:
        """Rules a)–d): the "aire" passes and the encarts; then who draws a third card."""
        bt = self.banker_two
        events: list[Event] = []
        for i in range(self.n):
            pt = sum(self.box_points[i]) % 10
            if pt in NATURALS or bt in NATURALS:
                events.append(self._settle(i, bt, AIRE, AIRE_RULE))
        for i in range(self.n):
            pt = sum(self.box_points[i]) % 10
            if i not in self.settled and pt == bt and pt in self.rules.encart_on:
                events.append(self._settle(i, bt, ENCART, encart_rule(self.rules)))
        drawing = self.rules.drawing
        for i in range(self.n):
            if i in self.settled:
                continue
            self.draws[i] = self.box_draws(i)
            if i not in self.choices:
                pt = sum(self.box_points[i]) % 10
                events.append(ThirdCardRule(f"box{i + 1}", pt, self.draws[i], rule=drawing.player_rule(pt)))
        return events + self._next_third(0)

    def _next_third(self, start: int) -> list[Event]:
        """The next box (from index `start`) that takes a third card, or the Banca's turn."""
        for i in range(start, self.n):
            if self.draws.get(i) and len(self.boxes[i]) == 2:
                self._target = i
                return []
        return self._banker_turn()

    def _banker_turn(self) -> list[Event]:
        """The Banca's table for each box left; rule e) (or drawing for all); the third card if any box needs it."""
        bt = self.banker_two
        drawing = self.rules.drawing
        events: list[Event] = []
        needs = {}
        for i in range(self.n):
            if i in self.settled:
                continue
            third = self.box_points[i][2] if len(self.box_points[i]) == 3 else None
            needs[i] = drawing.banker_draws(bt, third)
            events.append(BankerFacesBox(i + 1, bt, third, needs[i], rule=drawing.banker_rule(bt, third)))
        for_all = self.rules.mixed_banker == DRAW_FOR_ALL and any(needs.values())
        if not for_all:
            events += [self._settle(i, bt, STANDS, RULE_E_RULE) for i, draws in needs.items() if not draws]
        if len(self.settled) == self.n:
            self._turn = TERMINAL
            return events
        self._target = _BANKER
        return events + [BankerDraws(bt, rule=DRAW_FOR_ALL_RULE if for_all else RULE_E_RULE)]

    def _settle_rest(self) -> list[Event]:
        """Rule f): with the Banca's third card, the boxes left are settled right to left."""
        bt = self.banker_total
        events = [self._settle(i, bt, THIRD, RULE_F_RULE) for i in reversed(range(self.n)) if i not in self.settled]
        self._turn = TERMINAL
        return events

    def _settle(self, index: int, banker: int, how: str, rule: Rule) -> BoxSettled:
        player = sum(self.box_points[index]) % 10
        winner = outcome(player, banker)
        self.settled[index] = (winner, banker)
        return BoxSettled(index + 1, winner, player, banker, how, rule=rule)

    # -- settlement ---------------------------------------------------------------------------------------

    def settle(self, box: int, player: Fraction | int = 0, banker: Fraction | int = 0,
               insurance: Fraction | int = 0) -> dict[str, Fraction]:
        """Net results of the bets on one box (numbered from 1): Punto, Banca (paid 90 %) and the insurance.

        Raises:
            IllegalActionError: the coup is not over.
            SpecError: a box not in play, an insurance the coup did not take, or one above its maximum.
        """
        if self._turn != TERMINAL:
            self._require(TERMINAL)
        if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= self.n:
            raise SpecError(BOXES_IN_PLAY, max=self.n, n=box)
        player, banker, insurance = Fraction(player), Fraction(banker), Fraction(insurance)
        if insurance and not self.insured:
            raise SpecError("No insurance was taken in this coup.")
        if insurance > player * self.rules.insurance_max_share:
            raise SpecError("Insurance is at most {share} of the Punto bet.",
                            share=str(self.rules.insurance_max_share))
        winner = self.settled[box - 1][0]
        wins = insurance_wins(self.rules, self.banker_two, winner)
        return {PLAYER: settle_bet(self.rules, PLAYER, winner, player),
                BANKER: settle_bet(self.rules, BANKER, winner, banker),
                INSURANCE: settle_insurance(self.rules, wins, insurance) if insurance else Fraction(0)}
