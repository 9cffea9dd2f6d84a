"""How the engine plays Siete y medio: its players (`PlayerStyle`), its bank (`BankConduct`), both (`EngineTable`).

Each is a `naipes.core.model.Conduct` with named options, read by the one
driver (`naipes.core.drive`): the command line deals hands with
`EngineTable()`, the table widget wraps it in `ReaderDecides` for the
reader's seat, and the exact analysis walks a hand with a player who asks
one card face up and a bank that stands at once.

Examples:
    >>> from naipes.core.drive import play
    >>> from naipes.games.siete_y_medio.game import fresh_shoe
    >>> from naipes.games.siete_y_medio.hand import SieteYMedioHand
    >>> record = play(SieteYMedioHand(seats=4), fresh_shoe(7), EngineTable())
    >>> record.coup.is_terminal(), [step.kind for step in record.steps][:4]
    (True, ['card', 'card', 'card', 'card'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from ...core.errors import IllegalActionError
from ...core.i18n import N_
from ...core.model import Choice, Conduct, Coup, Rule
from .adviser import bust_probability
from .bank import BankDecision
from .hand import ASK_FACE_DOWN, ASK_FACE_UP, BANK, BETTING, DRAW, PLAYING_PHASE, STAND, SieteYMedioHand, bet_action
from .values import LIMIT, format_total, half_points


def engine_bank_rule(decision: BankDecision) -> Rule:
    """The rule the engine's bank follows, carrying its exact expected results (the narration shows them).

    Examples:
        >>> engine_bank_rule(BankDecision(False, Fraction(0), None, 15)).interpretation
        True
    """
    return Rule(N_("the engine's bank maximises its exact expected result"), (("decision", decision),),
                interpretation=True)


@dataclass(frozen=True)
class PlayerStyle(Conduct):
    """How an engine player plays: a simple, documented style, not an optimal one (see the adviser for that).

    It bets `bet` points (within the rules' range and its points), offering
    `offer` points for the bank when the rules let it (an offer must beat the
    previous one of the hand and be at most half the points left after
    losing the bet), and asks
    while the chance of going over with the next card, from what it can see,
    is below `bust_limit`. It asks face down only when its hidden card is a
    figure (`face_down_with_figure`: turning half a point face up gives
    little away); otherwise face up, keeping its first card hidden. With
    `cards` set, it asks face up until it holds that many cards and then
    stands, whatever the chance (the exact analysis's player).

    Examples:
        >>> PlayerStyle().bust_limit, PlayerStyle(cards=2).cards
        (Fraction(1, 2), 2)
    """

    bet: int = 1
    offer: int | None = None
    bust_limit: Fraction = Fraction(1, 2)
    face_down_with_figure: bool = True
    cards: int | None = None

    def choose(self, coup: Coup) -> Sequence[Choice]:
        """The bet, then ask or stand, for the seat whose turn it is.

        Raises:
            IllegalActionError: no player's decision is pending.
        """
        hand = _hand(coup)
        seat = hand.to_act
        if hand.phase == BETTING:
            stake = min(max(self.bet, hand.rules.min_bet), hand.max_bet(seat))  # type: ignore[arg-type]
            best = hand.highest_offer()
            offer = self.offer if self.offer and self.offer <= hand.offer_limit(seat, stake) and (  # type: ignore
                best is None or self.offer > best[1]) else None
            return [Choice(bet_action(stake, offer))]
        if hand.phase != PLAYING_PHASE:
            raise IllegalActionError("No decision is pending.")
        own, seen = hand.player_view(seat)  # type: ignore[arg-type]
        if not hand.cards_left:
            return [Choice(STAND)]
        if self.cards is not None:
            return [Choice(ASK_FACE_UP if len(own) < self.cards else STAND)]
        if bust_probability(own, seen) >= self.bust_limit:
            return [Choice(STAND)]
        hidden = hand.seats[seat].hidden_card  # type: ignore[index]
        face_down = self.face_down_with_figure and hidden is not None and half_points(hidden) == 1
        return [Choice(ASK_FACE_DOWN if face_down else ASK_FACE_UP)]


@dataclass(frozen=True)
class BankConduct(Conduct):
    """How the engine's bank plays: exactly (`BankSolver`), or by a fixed total.

    With `stands_from` `None` (the default) the bank maximises its exact
    expected result (`naipes.games.siete_y_medio.hand.SieteYMedioHand.bank_decision`)
    and the rule it records carries the expected results; with a number of
    half points, it draws below that total and stands from it (`0`: it stands
    at once). It always stands on 7½ and when no card is left.

    Examples:
        >>> BankConduct(stands_from=0).stands_from
        0
    """

    stands_from: int | None = None

    def choose(self, coup: Coup) -> Sequence[Choice]:
        """Draw or stand, with the rule followed (and the exact expected results, solving).

        Raises:
            IllegalActionError: it is not the bank's turn.
        """
        hand = _hand(coup)
        if hand.current_player() != BANK:
            raise IllegalActionError("No decision is pending.")
        total = hand.bank_seat.total
        if total >= LIMIT or not hand.cards_left:
            return [Choice(STAND)]
        if self.stands_from is not None:
            rule = Rule(N_("the bank draws below {total} and stands from it"),
                        (("total", format_total(self.stands_from)),), interpretation=True)
            return [Choice(DRAW if total < self.stands_from else STAND, rule=rule)]
        decision = hand.bank_decision()
        return [Choice(DRAW if decision.draws else STAND, rule=engine_bank_rule(decision))]


@dataclass(frozen=True)
class EngineTable(Conduct):
    """The engine's players and bank together: `players` decide the seats' turns, `bank` the bank's.

    Examples:
        >>> EngineTable().bank
        BankConduct(stands_from=None)
    """

    players: PlayerStyle = field(default_factory=PlayerStyle)
    bank: BankConduct = field(default_factory=BankConduct)

    def choose(self, coup: Coup) -> Sequence[Choice]:
        """The bank's conduct on the bank's turn, the players' otherwise."""
        return (self.bank if coup.current_player() == BANK else self.players).choose(coup)


def _hand(coup: Coup) -> SieteYMedioHand:
    if not isinstance(coup, SieteYMedioHand):
        raise IllegalActionError("No decision is pending.")
    return coup
