"""The bacarrá a dos paños coup on the engine's protocol, its conduct, and the settlement of the paños' stakes.

The banker deals one card at a time, "primer drap, segon drap i banca", twice.
A banker's natural ends the coup on both paños; a paño's natural is shown and
that paño is out of play. Each paño's punto then draws, stands or chooses by
his total, in order; the banker must draw on his forced totals and otherwise
chooses (`current_player()` is `"pano1"`, `"pano2"` or `"banker"`, the actions
`"draw"` and `"stand"`). `DosPanosConduct` takes those choices when the reader
does not: a paño with 5 takes the croupier's advice, the banker who asked for
the table follows it where it says the same for both paños, and elsewhere
draws on 5 or less (the engine's reading). "Un 8 amb les dos primeres cartes
guanya sempre a un 8 o a un 9 aconseguits utilitzant una tercera carta".

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> coup = DosPanosCoup(PRESETS.get("cat-2016"))
    >>> for card in parse_cards("9s 2h 3d Ks 4c 4h"):
    ...     _ = coup.apply(card)
    >>> coup.state(1), coup.state(2)                 # paño 1 shows a natural 9, paño 2 stood on 6
    ('natural', None)
    >>> coup.current_player(), coup.cell
    ('banker', (7, 'natural', None))
    >>> _ = coup.apply("stand")
    >>> coup.results()
    ('player', 'banker')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.cards import Card
from ....core.errors import IllegalActionError, RulesError, SpecError
from ....core.i18n import N_
from ....core.model import CHANCE, TERMINAL, Coup, Event, Rule
from ..choices import (ACTIONS, DRAW, NON_NATURAL, BankerConduct, DrawingChoices, FreeChoice, banker_option,
                       decision_event, draw_probability, punto_option)
from ..kernel import BANKER, NATURALS, PLAYER, POINTS, CardDealt, ThirdCardRule, card_points, outcome
from .narration import BankerChosen, BankerFree, BankerNatural, BankerRule, PanoNatural, PanoResult
from .rules import PRESETS, DosPanosRules

PANOS = ("pano1", "pano2")
HANDS = ("pano1", "pano2", BANKER)
NATURAL = "natural"
#: What the banker knows of a paño: it showed a natural, it stood (`None`), or the value of its third card.
PANO_STATES = (NATURAL, None, *range(10))
#: The banker's information cells: (his total 0–7, paño 1's state, paño 2's state).
CELLS = tuple((t, s1, s2) for t in range(8) for s1 in PANO_STATES for s2 in PANO_STATES
              if not (s1 == NATURAL and s2 == NATURAL))
#: The two paños' joint pure strategies on their free totals: (paño 1 draws?, paño 2 draws?).
TEAM_STRATEGIES = ((False, False), (False, True), (True, False), (True, True))

_DEAL, _DECIDE, _CARD, _OVER = range(4)


class DosPanosCoup(Coup):
    """One coup against both paños: cards (`apply(card)`) and decisions (`apply("draw")`).

    Args:
        rules: the rules (default: the first preset).
    """

    classes = POINTS

    def __init__(self, rules: DosPanosRules | None = None) -> None:
        self.rules = rules or PRESETS.default
        self.hands: dict[str, tuple[Card, ...]] = {h: () for h in HANDS}
        self.points: dict[str, tuple[int, ...]] = {h: () for h in HANDS}
        self.done = {h: False for h in HANDS}
        self.events: list[Event] = []
        self._phase = _DEAL
        self._turn: str | None = None

    # -- the protocol -------------------------------------------------------------------------------------

    def current_player(self) -> str:
        if self._phase == _DECIDE:
            return str(self._turn)
        return TERMINAL if self._phase == _OVER else CHANCE

    def legal_actions(self) -> tuple[str, ...]:
        return ACTIONS if self._phase == _DECIDE else ()

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        if isinstance(action, Card):
            self._require(CHANCE)
            events = self._deal(action)
        else:
            events = self._decide(self._require_action(action) == DRAW, rule)
        self.events += events
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net results of the stakes on `pano1`, `pano2` and the `line` between them (see `settle`)."""
        unknown = set(stakes) - {"pano1", "pano2", "line"}
        if unknown:
            raise SpecError("Unknown bet {bet!r}: use pano1, pano2 or line.", bet=sorted(unknown)[0])
        return self.settle(stakes.get("pano1", 0), stakes.get("pano2", 0), int(stakes.get("line", 0)))

    def results(self) -> tuple[str, ...]:
        """`(paño 1, paño 2)` once the coup is over: each `"player"` (the paño wins), `"banker"` or `"tie"`."""
        if self._phase != _OVER:
            return ()
        b, three = self.total(BANKER), len(self.hands[BANKER]) == 3
        return tuple(self._result(pano, b, three)[0] for pano in PANOS)

    def outcome(self) -> Hashable:
        """Both paños' results."""
        return self.results()

    def memo_key(self) -> Hashable:
        """What the rest of the coup depends on.

        A paño still in play counts by its cards and total; a paño that is done
        by its final total and what the banker sees of it (natural, stood, its
        third card: the conduct may read it), and once the banker has chosen,
        only by its total and whether it was a natural.
        """
        banker_chose = self._phase == _OVER or (self._phase == _CARD and self._turn == BANKER)
        panos = []
        for i, pano in enumerate(PANOS, 1):
            points = self.points[pano]
            if not self.done[pano]:
                panos.append((len(points), sum(points) % 10))
            elif banker_chose:
                panos.append((self.total(pano), self.state(i) == NATURAL))
            else:
                panos.append((self.total(pano), self.state(i)))
        banker = self.points[BANKER]
        return tuple(panos), len(banker), sum(banker) % 10, self._phase, self._turn

    def clone(self) -> "DosPanosCoup":
        """An independent copy (the hands are tuples: copying the mappings is enough)."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands, twin.points, twin.done, twin.events = (dict(self.hands), dict(self.points), dict(self.done),
                                                          list(self.events))
        return twin

    # -- what the hands hold ----------------------------------------------------------------------------

    def total(self, hand: str) -> int:
        """A hand's total."""
        return sum(self.points[hand]) % 10

    def _two(self, hand: str) -> int:
        return sum(self.points[hand][:2]) % 10

    def state(self, pano: int) -> str | int | None:
        """What the banker knows of paño 1 or 2: `"natural"`, a third card's value, or `None` (stood, or not yet).

        Examples:
            >>> DosPanosCoup().state(1) is None
            True
        """
        points = self.points[PANOS[pano - 1]]
        if len(points) >= 2 and self._two(PANOS[pano - 1]) in NATURALS:
            return NATURAL
        return points[2] if len(points) == 3 else None

    @property
    def cell(self) -> tuple[int, str | int | None, str | int | None]:
        """The banker's information: his total and what he knows of each paño."""
        return self.total(BANKER), self.state(1), self.state(2)

    def next_hand(self) -> str | None:
        """Which hand receives the next card, or `None` during a decision and at the end."""
        if self._phase == _DEAL:
            sizes = [len(self.hands[h]) for h in HANDS]
            return HANDS[sizes.index(min(sizes))]
        return self._turn if self._phase == _CARD else None

    # -- the deal -----------------------------------------------------------------------------------------

    def _deal(self, card: Card) -> list[Event]:
        hand = self.next_hand()
        self.hands[hand] += (card,)
        self.points[hand] += (card_points(card),)
        events: list[Event] = [CardDealt(hand, card, self.total(hand), len(self.hands[hand]))]
        if self._phase == _CARD:
            self.done[hand] = True
            return events + (self._end() if hand == BANKER else self._advance())
        if len(self.hands[BANKER]) == 2:
            return events + self._after_six()
        return events

    def _after_six(self) -> list[Event]:
        drawing = self.rules.drawing
        if self._two(BANKER) in NATURALS:
            return [BankerNatural(self.total(BANKER), rule=drawing.natural_rule())] + self._end()
        events: list[Event] = []
        for pano in PANOS:
            if self._two(pano) in NATURALS:
                self.done[pano] = True
                events.append(PanoNatural(pano, self.total(pano), rule=PANO_NATURAL_RULE))
        return events + self._advance()

    def _advance(self) -> list[Event]:
        """The next paño's turn, or the banker's once both paños are done."""
        drawing = self.rules.drawing
        events: list[Event] = []
        for pano in PANOS:
            if self.done[pano]:
                continue
            total = self.total(pano)
            action, rule = drawing.punto_action(total), drawing.punto_rule(total)
            self._turn = pano
            if action == "free":
                self._phase = _DECIDE
                return events + [FreeChoice(pano, total, rule=rule)]
            events.append(ThirdCardRule(pano, total, action == DRAW, rule=rule))
            if action == DRAW:
                self._phase = _CARD
                return events
            self.done[pano] = True
        return events + self._banker_turn()

    def _banker_turn(self) -> list[Event]:
        if all(self.state(i) == NATURAL for i in (1, 2)):  # both paños showed: nothing left to play
            return self._end()
        bt = self.total(BANKER)
        drawing = self.rules.drawing
        self._turn = BANKER
        if drawing.banker_forced(bt):
            self._phase = _CARD
            return [BankerRule(bt, True, rule=drawing.banker_rule(bt))]
        self._phase = _DECIDE
        return [BankerFree(bt, rule=drawing.banker_rule(bt))]

    def _decide(self, draws: bool, rule: Rule | None) -> list[Event]:
        hand = str(self._turn)
        if hand == BANKER:
            total = self.total(BANKER)
            event: Event = BankerChosen(total, draws) if rule is None else BankerRule(total, draws, rule=rule)
            if draws:
                self._phase = _CARD
                return [event]
            return [event] + self._end()
        event = decision_event(hand, self.total(hand), draws, None, rule)
        if draws:
            self._phase = _CARD
            return [event]
        self.done[hand] = True
        return [event] + self._advance()

    def _result(self, pano: str, banker: int, banker_three: bool) -> tuple[str, Rule | None]:
        """One paño against the banker, and the rule when a two-card 8 or 9 beat a three-card hand."""
        total = self.total(pano)
        plain = outcome(total, banker)
        if (self.rules.natural_beats_three_cards and len(self.hands[pano]) == 2 and total in NATURALS
                and banker_three and plain != PLAYER):
            return PLAYER, NATURAL_BEATS_THREE_RULE
        return plain, None

    def _end(self) -> list[Event]:
        self._phase, self._turn = _OVER, None
        banker, three = self.total(BANKER), len(self.hands[BANKER]) == 3
        events: list[Event] = []
        for pano in PANOS:
            winner, rule = self._result(pano, banker, three)
            events.append(PanoResult(pano, winner, self.total(pano), banker, rule=rule))
        return events

    def settle(self, pano1: Fraction | int = 0, pano2: Fraction | int = 0, line: int = 0) -> dict[str, Fraction]:
        """Net results of the stakes on each paño (a line bet split by `split_line_bet`),
        the banker's net and the cagnotte taken on his net win.

        Raises:
            IllegalActionError: the coup is not over yet.

        Examples:
            >>> from naipes.core.cards import parse_cards
            >>> coup = DosPanosCoup(PRESETS.get("cat-2016"))
            >>> for card in parse_cards("9s 2h 3d Ks 4c 4h"):
            ...     _ = coup.apply(card)
            >>> _ = coup.apply("stand")
            >>> coup.settle(pano1=10, pano2=30)
            {'pano1': Fraction(10, 1), 'pano2': Fraction(-30, 1), 'banker': Fraction(19, 1), 'cagnotte': Fraction(1, 1)}
        """
        results = self.results()
        if not results:
            raise IllegalActionError("The coup is not over yet.")
        first, second = split_line_bet(line) if line else (0, 0)
        stakes = (Fraction(pano1) + first, Fraction(pano2) + second)
        nets = [s if r == PLAYER else -s if r == BANKER else Fraction(0) for s, r in zip(stakes, results)]
        banker = -sum(nets)
        cagnotte = banker * self.rules.cagnotte if banker > 0 else Fraction(0)
        return {"pano1": nets[0], "pano2": nets[1], "banker": banker - cagnotte, "cagnotte": cagnotte}


PANO_NATURAL_RULE = Rule(N_("a paño with 8 or 9 on its first two cards shows them and stands"), (), "002")
NATURAL_BEATS_THREE_RULE = Rule(N_("a two-card 8 or 9 beats a three-card 8 or 9"), (), "002", interpretation=True)


def split_line_bet(units: int) -> tuple[int, int]:
    """A bet on the line between the paños plays half on each; an odd unit goes to the first paño.

    Raises:
        RulesError: not a whole number of units, 1 or more.

    Examples:
        >>> split_line_bet(10), split_line_bet(7)
        ((5, 5), (4, 3))
    """
    if not isinstance(units, int) or isinstance(units, bool) or units < 1:
        raise RulesError("A bet must be a whole number of units, 1 or more, not {units}.", units=units)
    return units - units // 2, units // 2


# --- conduct ---------------------------------------------------------------------------------------------

def joint_mix(option: str | Fraction | Sequence, drawing) -> tuple[Fraction, ...]:
    """The paños' joint mix over `TEAM_STRATEGIES` for a conduct option (each paño alone, or a joint mix).

    Examples:
        >>> from naipes.games.baccarat.choices import DrawingChoices
        >>> joint_mix(Fraction(1, 2), DrawingChoices())
        (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    """
    if isinstance(option, (tuple, list)):
        return tuple(Fraction(x) for x in option)
    p = draw_probability(option, drawing)
    return ((1 - p) * (1 - p), (1 - p) * p, p * (1 - p), p * p)


@dataclass(frozen=True)
class DosPanosConduct(BankerConduct):
    """How the paños' and the banker's choices are taken when the reader does not take them.

    Attributes:
        panos: each paño on a free total (5): `"advice"` (the croupier tells him to stand), `"draw"`,
            `"stand"`, a probability of drawing, or a joint mix over `TEAM_STRATEGIES` (the solver's:
            the second paño's choice then depends on the first's).
        banker: `"table"` (he asked for the banker's table: he follows it where it says the same for both
            live paños), `"free"` (the reader decides for him), or a strategy: his probability of drawing in
            each cell of `CELLS` (`None` where he follows the table).
        split_draws_on: where the table says different things for the two paños, the table-following
            banker draws on these totals and stands on the others (the engine's reading: 5 or less).

    Raises:
        RulesError: a bad paños' option.
        SpecError: a bad banker option.

    Examples:
        >>> DosPanosConduct(panos="stand").panos
        'stand'
    """

    panos: str | Fraction | tuple[Fraction, ...] = "advice"
    banker: str | Mapping[tuple, Fraction | None] = "table"
    split_draws_on: frozenset[int] = frozenset(range(6))
    _strategy: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    puntos = PANOS
    cells = CELLS

    def __post_init__(self) -> None:
        if isinstance(self.panos, (tuple, list)):
            q = tuple(Fraction(x) for x in self.panos)
            if len(q) != 4 or any(x < 0 for x in q) or sum(q) != 1:
                raise RulesError("A joint mix needs four probabilities that add up to 1.")
            object.__setattr__(self, "panos", q)
        else:
            object.__setattr__(self, "panos", punto_option(self.panos))
        object.__setattr__(self, "_strategy", banker_option(self.banker, CELLS))

    def punto_for(self, coup: Coup, pano: str) -> str | Fraction:
        """A paño's option; under a joint mix, the second paño's choice given the first's."""
        if not isinstance(self.panos, tuple):
            return self.panos
        q = self.panos
        if pano == "pano1":
            return q[2] + q[3]
        first = coup.points["pano1"]
        if sum(first[:2]) % 10 in coup.rules.drawing.player_free_on:
            drew = len(first) == 3
            given = q[2] + q[3] if drew else q[0] + q[1]
            if given:
                return (q[3] if drew else q[1]) / given
        return q[1] + q[3]

    def table(self, drawing: DrawingChoices, cell: tuple) -> tuple[bool, Rule]:
        """The table-following banker's choice in `cell`, and its rule."""
        total, states = cell[0], [s for s in cell[1:] if s != NATURAL]
        says = {drawing.table_draws(total, s) for s in states}
        table = drawing.banker_table
        if len(says) == 1:
            draws = says.pop()
            text = (N_("the banker's table says the same for both paños: with {total} the banca draws") if draws
                    else N_("the banker's table says the same for both paños: with {total} the banca stands"))
            return draws, Rule(text, (("total", total),), table.source, drawing.table_interpretation)
        return total in self.split_draws_on, Rule(
            N_("where the banker's table differs between the paños, the engine's banker draws on {totals} "
               "and stands otherwise"), (("totals", self.split_draws_on & NON_NATURAL),), None, True)


def default_conduct(rules: DosPanosRules) -> DosPanosConduct:
    """The sources' conduct: a paño with 5 asks the croupier's advice, the banker follows his table."""
    return DosPanosConduct()

