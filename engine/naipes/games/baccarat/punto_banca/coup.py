"""The Punto y Banca coup on the engine's protocol: chance steps only, the drawing rules decide the rest.

Cards are dealt punto, banca, punto, banca; an 8 or 9 on two cards (a
natural) ends the coup; the punto draws by his totals and the banca by its
table (`PuntoBancaRules.drawing`). Every step records the rule that applied.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from naipes.games.baccarat.punto_banca.rules import PRESETS
    >>> coup = PuntoBancaCoup(PRESETS.get("catalogo-es"))
    >>> for card in parse_cards("2s 4h 3d Kc 8c"):
    ...     _ = coup.apply(card)
    >>> coup.player_total, coup.banker_total, coup.winner
    (3, 4, 'banker')
    >>> coup.returns({"banker": 20, "player": 10, "tie": 5})
    {'banker': Fraction(19, 1), 'player': Fraction(-10, 1), 'tie': Fraction(-5, 1)}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Hashable, Mapping

from ....core.cards import Card
from ....core.errors import SpecError
from ....core.model import CHANCE, TERMINAL, Coup, Event, NoDecisions, Rule
from ..kernel import (BANKER, NATURAL_RULE, NATURALS, PLAYER, POINTS, TIE, CardDealt, CoupResult, NaturalShown,
                      ThirdCardRule, TwoHands)
from .rules import PRESETS, PuntoBancaRules

BETS = (BANKER, PLAYER, TIE)


class PuntoBancaCoup(TwoHands, Coup):
    """One coup: `apply(card)` gives the card to the hand whose turn it is and applies the drawing rules.

    Args:
        rules: the rules (default: the first preset).
    """

    WORDS = ()  # no decision: only cards

    classes = POINTS

    def __init__(self, rules: PuntoBancaRules | None = None) -> None:
        self.rules = rules or PRESETS.default
        self._new_hands()
        self.events: list[Event] = []
        self._done = False

    # -- the protocol -------------------------------------------------------------------------------------

    def current_player(self) -> str:
        return TERMINAL if self._done else CHANCE

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        self._require(CHANCE)
        if not isinstance(action, Card):
            raise SpecError("A Punto y Banca coup only takes cards, not {action!r}.", action=str(action))
        hand = self.next_hand()
        total = self._give(hand, action)
        events: list[Event] = [CardDealt(hand, action, total, len(self.player if hand == PLAYER else self.banker))]
        events += self._consequences()
        self.events += events
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of each bet (`banker`, `player`, `tie`) once the coup is over."""
        winner = self.winner
        if winner is None:
            self._require(TERMINAL)
        return {bet: settle_bet(self.rules, bet, winner, Fraction(stake)) for bet, stake in stakes.items()}

    def results(self) -> tuple[str, ...]:
        return (self.winner,) if self.winner else ()

    def outcome(self) -> Hashable:
        """`(punto's total, banca's total, natural?)`."""
        return (self.player_total, self.banker_total, self.natural)

    def memo_key(self) -> Hashable:
        return self.two_hand_key()

    # -- the deal -----------------------------------------------------------------------------------------

    @property
    def natural(self) -> bool:
        """True when either hand has 8 or 9 on its first two cards."""
        return (len(self.player) >= 2 and len(self.banker) >= 2
                and (self._two(self.player_points) in NATURALS or self._two(self.banker_points) in NATURALS))

    @staticmethod
    def _two(points: list[int]) -> int:
        return (points[0] + points[1]) % 10

    def next_hand(self) -> str | None:
        """Which hand receives the next card (punto, banca, punto, banca, then the third cards), or `None`."""
        if self._done:
            return None
        p, b = len(self.player), len(self.banker)
        if p < 2 or b < 2:
            return PLAYER if p == b else BANKER
        return PLAYER if p == 2 and self.rules.drawing.player_draws(self.player_total) else BANKER

    def _consequences(self) -> list[Event]:
        p, b = len(self.player), len(self.banker)
        if b == 3:
            return self._end()
        if p == 3 and b == 2:
            return self._banker_turn(self.player_third)
        if p == 2 and b == 2:
            pt, bt = self.player_total, self.banker_total
            if self.natural:
                return [NaturalShown(pt, bt, rule=NATURAL_RULE)] + self._end()
            drawing = self.rules.drawing
            draws = drawing.player_draws(pt)
            event = ThirdCardRule(PLAYER, pt, draws, rule=drawing.player_rule(pt))
            return [event] if draws else [event] + self._banker_turn(None)
        return []

    def _banker_turn(self, third: int | None) -> list[Event]:
        bt = self.banker_total
        drawing = self.rules.drawing
        draws = drawing.banker_draws(bt, third)
        event = ThirdCardRule(BANKER, bt, draws, third, rule=drawing.banker_rule(bt, third))
        return [event] if draws else [event] + self._end()

    def _end(self) -> list[Event]:
        self._done = True
        return [CoupResult(self.winner, self.player_total, self.banker_total)]

    @property
    def winner(self) -> str | None:
        """`"banker"`, `"player"` or `"tie"` once the coup is over."""
        if not self._done:
            return None
        pt, bt = self.player_total, self.banker_total
        return TIE if pt == bt else (PLAYER if pt > bt else BANKER)


def settle_bet(rules: PuntoBancaRules, bet: str, winner: str, stake: Fraction) -> Fraction:
    """Net result of a bet of `stake` on `bet` when `winner` won the coup; on a tie Punto and Banca are returned.

    Raises:
        SpecError: an unknown bet.

    Examples:
        >>> settle_bet(PRESETS.get("cat-2016"), "player", "tie", Fraction(10))
        Fraction(0, 1)
    """
    if bet not in BETS:
        raise SpecError("Unknown bet {bet!r}: use banker, player or tie.", bet=bet)
    if bet == TIE:
        return stake * rules.tie_pays if winner == TIE else -stake
    if winner == TIE:
        return Fraction(0)
    if bet != winner:
        return -stake
    return stake * (Fraction(rules.banker_pays) if bet == BANKER else Fraction(rules.player_pays))


def no_decisions(rules: PuntoBancaRules) -> NoDecisions:
    """Punto y Banca's conduct: the rules decide every step."""
    return NoDecisions()
