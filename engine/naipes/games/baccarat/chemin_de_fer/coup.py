"""The chemin de fer coup on the engine's protocol, the croupier's conduct, and the settlement with the cagnotte.

The banker deals two cards to the punto and two to himself, one at a time
starting with the punto; an 8 or 9 is shown at once and ends the coup. The
punto draws, stands or chooses by his total (`DrawingChoices`); the banker
must draw on his forced totals (0, *bacarrá*) and otherwise chooses. Those two
choices are the coup's decisions (`current_player()` is `"player"` or
`"banker"`, the actions `"draw"` and `"stand"`); `CheminDeFerConduct` takes them
when the reader does not: the punto who asks the croupier's advice, the banker
who asked for his table. A tie is a void coup; the house takes a cagnotte of
the banker's winnings.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> coup = CheminDeFerCoup(PRESETS.get("cat-2016"))
    >>> for card in parse_cards("2s 4h 3d Kc"):
    ...     _ = coup.apply(card)
    >>> coup.current_player(), coup.legal_actions()
    ('player', ('draw', 'stand'))
    >>> _ = coup.apply("stand")
    >>> coup.current_player()
    'banker'
    >>> _ = coup.apply("draw"); _ = coup.apply(parse_cards("3c")[0])
    >>> coup.winner, coup.player_total, coup.banker_total
    ('banker', 5, 7)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Mapping

from ....core.cards import Card
from ....core.errors import IllegalActionError, SpecError
from ....core.model import CHANCE, TERMINAL, Coup, Event, Rule
from ....core.vocabulary import Word
from ..choices import (ACTIONS, DRAW, BankerConduct, DrawingChoices, FreeChoice, banker_option, decision_event,
                       punto_option)
from ..kernel import (BANKER, NATURALS, PLAYER, POINTS, TIE, CardDealt, CoupResult, NaturalShown, ThirdCardRule,
                      TwoHands, outcome)
from .rules import PRESETS, CheminDeFerRules

#: The banker's information cells: (his two-card total 0–7, the punto's third card 0–9 or None if he stood).
CELLS = tuple((total, third) for total in range(8) for third in (None, *range(10)))
#: The banker's cells when he knows his two cards (Model B2): (his two card values as a sorted pair with a
#: total 0–7, the punto's third card 0–9 or None).
CARD_CELLS = tuple(((x, y), third) for x in range(10) for y in range(x, 10) if (x + y) % 10 < 8
                   for third in (None, *range(10)))


class Information(Word):
    """What the banker sees of his own hand in the solving models: his total (Model B1) or his two cards (B2)."""

    TOTAL = "total"
    CARDS = "cards"


INFORMATION = tuple(Information)


def information_cells(information: str) -> tuple:
    """The banker's information cells when he sees his `"total"` (88 cells) or his two `"cards"` (484).

    Raises:
        SpecError: another name.

    Examples:
        >>> len(information_cells("total")), len(information_cells("cards"))
        (88, 484)
    """
    if information == Information.TOTAL:
        return CELLS
    if information == Information.CARDS:
        return CARD_CELLS
    raise SpecError("Unknown banker information {information!r}: use total or cards.", information=str(information))


def cell_total(cell: tuple) -> int:
    """The banker's two-card total in a cell of either information model.

    Examples:
        >>> cell_total((6, None)), cell_total(((3, 3), 5))
        (6, 6)
    """
    hand = cell[0]
    return hand if isinstance(hand, int) else sum(hand) % 10

# The coup's phases: the four first cards, a decision, a third card.
_DEAL, _PUNTO, _PUNTO_CARD, _BANKER, _BANKER_CARD, _OVER = range(6)


class CheminDeFerCoup(TwoHands, Coup):
    """One coup: cards (`apply(card)`) and the punto's and the banker's decisions (`apply("draw")`).

    Args:
        rules: the rules (default: the first preset).
    """

    classes = POINTS

    def __init__(self, rules: CheminDeFerRules | None = None) -> None:
        self.rules = rules or PRESETS.default
        self._new_hands()
        self.events: list[Event] = []
        self._phase = _DEAL

    # -- the protocol -------------------------------------------------------------------------------------

    def current_player(self) -> str:
        return {_PUNTO: PLAYER, _BANKER: BANKER, _OVER: TERMINAL}.get(self._phase, CHANCE)

    def legal_actions(self) -> tuple[str, ...]:
        return ACTIONS if self._phase in (_PUNTO, _BANKER) else ()

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        if isinstance(action, Card):
            self._require(CHANCE)
            events = self._deal(action)
        else:
            draws = self._require_action(action) == DRAW
            events = self._decide(draws, rule)
        self.events += events
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of each punto's stake against the bank (the banker's net is in `settle`)."""
        return dict(self.settle(stakes).players)

    def results(self) -> tuple[str, ...]:
        return (self.winner,) if self.winner else ()

    def outcome(self) -> Hashable:
        """Who won: `"player"`, `"banker"` or `"tie"` (a void coup)."""
        return self.winner

    def memo_key(self) -> Hashable:
        return self.two_hand_key(), self._phase

    # -- the deal -----------------------------------------------------------------------------------------

    def next_hand(self) -> str | None:
        """Which hand receives the next card, or `None` during a decision and at the end."""
        if self._phase == _DEAL:
            return PLAYER if len(self.player) == len(self.banker) else BANKER
        return {_PUNTO_CARD: PLAYER, _BANKER_CARD: BANKER}.get(self._phase)

    def _deal(self, card: Card) -> list[Event]:
        hand = self.next_hand()
        total = self._give(hand, card)
        events: list[Event] = [CardDealt(hand, card, total, len(self.player if hand == PLAYER else self.banker))]
        if self._phase == _PUNTO_CARD:
            return events + self._banker_turn()
        if self._phase == _BANKER_CARD:
            return events + self._end()
        if len(self.banker) == 2:
            return events + self._after_four()
        return events

    def _after_four(self) -> list[Event]:
        pt, bt = self.player_total, self.banker_total
        drawing = self.rules.drawing
        if pt in NATURALS or bt in NATURALS:
            return [NaturalShown(pt, bt, rule=drawing.natural_rule())] + self._end()
        action = drawing.punto_action(pt)
        rule = drawing.punto_rule(pt)
        if action == "free":
            self._phase = _PUNTO
            return [FreeChoice(PLAYER, pt, rule=rule)]
        event = ThirdCardRule(PLAYER, pt, action == DRAW, rule=rule)
        if action == DRAW:
            self._phase = _PUNTO_CARD
            return [event]
        return [event] + self._banker_turn()

    def _banker_turn(self) -> list[Event]:
        bt, third = self.banker_total, self.player_third
        drawing = self.rules.drawing
        if drawing.banker_forced(bt):
            self._phase = _BANKER_CARD
            return [ThirdCardRule(BANKER, bt, True, third, rule=drawing.banker_rule(bt))]
        self._phase = _BANKER
        return [FreeChoice(BANKER, bt, third, rule=drawing.banker_rule(bt))]

    def _decide(self, draws: bool, rule: Rule | None) -> list[Event]:
        if self._phase == _PUNTO:
            event = decision_event(PLAYER, self.player_total, draws, None, rule)
            if draws:
                self._phase = _PUNTO_CARD
                return [event]
            return [event] + self._banker_turn()
        event = decision_event(BANKER, self.banker_total, draws, self.player_third, rule)
        if draws:
            self._phase = _BANKER_CARD
            return [event]
        return [event] + self._end()

    def _end(self) -> list[Event]:
        self._phase = _OVER
        return [CoupResult(self.winner, self.player_total, self.banker_total, void_tie=True)]

    @property
    def winner(self) -> str | None:
        """`"player"`, `"banker"` or `"tie"` (a void coup) once the coup is over."""
        return outcome(self.player_total, self.banker_total) if self._phase == _OVER else None

    @property
    def player_done(self) -> bool:
        """True once the punto has drawn or stood (the banker's turn, or the end)."""
        return self._phase in (_BANKER, _BANKER_CARD, _OVER)

    @property
    def cell(self) -> tuple[int, int | None]:
        """The banker's information: his total and the punto's third card (`None` if he stood)."""
        return self.banker_total, self.player_third

    def settle(self, stakes: Mapping[str, Fraction | int]) -> "Settlement":
        """Settle the puntos' stakes against the bank, with the cagnotte on the banker's winnings.

        Raises:
            IllegalActionError: the coup is not over yet.

        Examples:
            >>> from naipes.core.cards import parse_cards
            >>> coup = CheminDeFerCoup(PRESETS.get("cat-2016"))
            >>> for card in parse_cards("2s 9h 3d Kc"):
            ...     _ = coup.apply(card)
            >>> s = coup.settle({"seat 3": 60, "seat 5": 40})
            >>> s.banker_net, s.cagnotte, s.players["seat 3"]
            (Fraction(95, 1), Fraction(5, 1), Fraction(-60, 1))
        """
        if self.winner is None:
            raise IllegalActionError("The coup is not over yet.")
        return settle_stakes(self.winner, stakes, self.rules.cagnotte)


@dataclass(frozen=True)
class Settlement:
    """Net results of one coup: each punto, the banker (after the cagnotte), and the cagnotte."""

    winner: str
    players: Mapping[str, Fraction]
    banker_net: Fraction
    cagnotte: Fraction


def settle_stakes(winner: str, stakes: Mapping[str, Fraction | int], cagnotte: Fraction) -> Settlement:
    """Pay or collect every stake; the house takes `cagnotte` of what the banker wins.

    Examples:
        >>> settle_stakes("player", {"a": 10}, Fraction(1, 20)).banker_net
        Fraction(-10, 1)
        >>> settle_stakes("tie", {"a": 10}, Fraction(1, 20)).players
        {'a': Fraction(0, 1)}
    """
    total = sum((Fraction(s) for s in stakes.values()), Fraction(0))
    if winner == TIE:
        return Settlement(winner, {k: Fraction(0) for k in stakes}, Fraction(0), Fraction(0))
    if winner == PLAYER:
        return Settlement(winner, {k: Fraction(s) for k, s in stakes.items()}, -total, Fraction(0))
    house = total * cagnotte
    return Settlement(winner, {k: -Fraction(s) for k, s in stakes.items()}, total - house, house)


# --- conduct ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CheminDeFerConduct(BankerConduct):
    """How the punto's and the banker's choices are taken when the reader does not take them.

    Attributes:
        punto: on a free total (5), `"advice"` (he asks the croupier, who tells him to stand), `"draw"`,
            `"stand"`, or a probability of drawing (a mixed strategy, the solver's).
        banker: `"table"` (he asked the croupier for the banker's table and follows it), `"free"` (the reader
            decides for him), or a strategy: his probability of drawing in each cell of `CELLS`.

    Raises:
        RulesError: a bad punto option.
        SpecError: a bad banker option.

    Examples:
        >>> CheminDeFerConduct(punto="9/11").punto
        Fraction(9, 11)
    """

    punto: str | Fraction = "advice"
    banker: str | Mapping[tuple[int, int | None], Fraction] = "table"
    _strategy: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    puntos = (PLAYER,)
    cells = CELLS

    def __post_init__(self) -> None:
        object.__setattr__(self, "punto", punto_option(self.punto))
        object.__setattr__(self, "_strategy", banker_option(self.banker, CELLS))

    def punto_for(self, coup: Coup, who: str) -> str | Fraction:
        return self.punto

    def table(self, drawing: DrawingChoices, cell: tuple) -> tuple[bool, Rule]:
        return drawing.table_draws(*cell), drawing.table_rule(*cell)


def default_conduct(rules: CheminDeFerRules) -> CheminDeFerConduct:
    """The sources' conduct: the punto with 5 asks the croupier's advice, the banker follows his table."""
    return CheminDeFerConduct()
