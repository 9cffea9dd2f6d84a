"""One hand of Siete y medio on the engine's protocol: the first cards, the players' turns, the bank's, settlement.

The hand does not hold a deck: every card comes from the driver
(`naipes.core.drive.play`, `replay`, `walk_exact`). `current_player()` is
`CHANCE` whenever a card must be dealt (the first cards, a card a player asked
for, the bank's draw), the role of the seat whose decision is pending
(`"seat-1"` for seat 0, "Player 1"; see `seat_role`), `"bank"` on the bank's
turn, and `TERMINAL` at the end.

Actions are strings, so a replay is a list of strings:

- `bet:STAKE` or `bet:STAKE:OFFER` — the player whose turn it is bets `STAKE`
  points and may offer `OFFER` points for the bank (`bet_action`);
- `ask-face-up`, `ask-face-down`, `stand` — a player's turn;
- `draw`, `stand` — the bank's turn.

`legal_actions()` names them (`bet` for any bet).

Examples:
    >>> from naipes.core.cards import SPANISH, Card
    >>> card = lambda token: Card.parse(token, deck=SPANISH)
    >>> hand = SieteYMedioHand(seats=2)
    >>> for step in (card("4o"), card("6c"), "bet:2", "ask-face-up", card("2e"), "stand", "draw", card("Rc"),
    ...              "stand"):
    ...     _ = hand.apply(step)
    >>> hand.totals(), hand.net(), hand.is_terminal()
    ({1: 12, 0: 13}, {1: -2, 0: 2}, True)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Mapping

from ...core.cards import Card
from ...core.errors import IllegalActionError, RulesError, SpecError, plural
from ...core.model import CHANCE, TERMINAL, Coup, Event, Rule
from ...core.vocabulary import Word
from .bank import BankDecision, BankSolver, bank_solver
from .events import (LOST, LOST_BUST, LOST_TIE, WON, WON_BANK_BUST, WON_DOUBLE, BankCard, BankBust, BankDecides,
                     BankIdle, BankResult, BankReveal, BankSevenAndAHalf, BetPlaced, CardAsked, FirstCard, OfferMade,
                     PlayerBust, PlayerStands, Settled, TakesBank)
from .rules import (BANK_OVER_PAYS, BANK_PLAYS_IF_ANY_IN, BANK_PLAYS_LAST, BANK_SEVEN_AND_A_HALF, CLOSEST_WINS,
                    OFFER_LIMITS, ONE_CARD_HIDDEN, OVER_LOSES, PRESETS, SEVEN_AND_A_HALF_PAYS_DOUBLE,
                    SEVEN_AND_A_HALF_TAKES_BANK, TIES_TO_BANK, SieteYMedioRules)
from .values import DECK_SIZE, HALF_POINTS, LIMIT, composition, half_points, hand_half_points, unseen_composition

#: The role of the bank (the players' roles are their seats).
BANK = "bank"


class Action(Word):
    """What a player or the bank may do (`bet` carries its stake and offer: `bet:3:2`)."""

    BET = "bet"
    ASK_FACE_UP = "ask-face-up"
    ASK_FACE_DOWN = "ask-face-down"
    STAND = "stand"
    DRAW = "draw"


BET, ASK_FACE_UP, ASK_FACE_DOWN, STAND, DRAW = Action
ACTIONS = (BET, ASK_FACE_UP, ASK_FACE_DOWN, STAND, DRAW)

#: A seat's state in the hand.
WAITING, PLAYING, STOOD, BUST = "waiting", "playing", "stood", "bust"
#: The hand's phase: dealing (a card is due), a player's bet, a player's play, the bank's turn, over.
DEALING, BETTING, PLAYING_PHASE, BANK_PHASE = "chance", "bet", "play", "bank"


def seat_role(seat: int) -> str:
    """The role name of a seat: seat 0 is `"seat-1"` (the narration's "Player 1").

    Examples:
        >>> seat_role(0), role_seat("seat-3")
        ('seat-1', 2)
    """
    return f"seat-{seat + 1}"


def role_seat(role: str) -> int:
    """The seat of a role named by `seat_role`.

    Raises:
        SpecError: not a seat's role.
    """
    prefix, _, number = str(role).partition("-")
    if prefix != "seat" or not (number.isascii() and number.isdigit()) or int(number) < 1:
        raise SpecError("Unknown role {role!r}: use seat-1, seat-2, ... or bank.", role=str(role))
    return int(number) - 1


def bet_action(stake: int | str, offer: int | str | None = None) -> str:
    """The notation of a bet: `bet:STAKE`, or `bet:STAKE:OFFER` with an offer for the bank.

    Examples:
        >>> bet_action(3), bet_action(3, 2)
        ('bet:3', 'bet:3:2')
    """
    return f"{BET}:{stake}" + ("" if offer is None else f":{offer}")


def _whole(text: str) -> int | str:
    """A typed whole number as an int, or the text itself (so that the message can name it)."""
    body = text.strip()
    return int(body) if (body.lstrip("-").isascii() and body.lstrip("-").isdigit()) and len(body) <= 30 else body


def parse_bet(action: str) -> tuple[int | str, int | str | None]:
    """The stake and offer of a bet action; a part that is not a whole number stays text (for the message).

    Raises:
        SpecError: not of the form `bet:STAKE` or `bet:STAKE:OFFER`.

    Examples:
        >>> parse_bet("bet:3"), parse_bet("bet:3:2"), parse_bet("bet:x")
        ((3, None), (3, 2), ('x', None))
    """
    parts = str(action).split(":")
    if parts[0] != BET or len(parts) not in (2, 3):
        raise SpecError("A bet is written bet:STAKE or bet:STAKE:OFFER, not {action!r}.", action=str(action))
    return _whole(parts[1]), (_whole(parts[2]) if len(parts) == 3 else None)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class Seat:
    """One participant's part of a hand: cards in the order received, which one is face down, the bet."""

    seat: int
    cards: list[Card] = field(default_factory=list)
    hidden: int | None = 0
    stake: int | None = None
    offer: int | None = None
    status: str = WAITING

    @property
    def total(self) -> int:
        """Total in half points (15 is 7½)."""
        return hand_half_points(self.cards)

    @property
    def hidden_card(self) -> Card | None:
        """The face-down card, if any."""
        return None if self.hidden is None or not self.cards else self.cards[self.hidden]

    @property
    def visible_cards(self) -> list[Card]:
        """The cards everybody can see (all of them once the hand has gone over)."""
        return [card for i, card in enumerate(self.cards) if i != self.hidden]


class SieteYMedioHand(Coup):
    """One hand: a state machine of the first cards, the players' turns, the bank's turn and settlement.

    `seats` participants sit around the table (numbered 0 to `seats − 1`),
    `bank` is the seat holding the bank, and play goes from the seat after the
    bank onwards (the player on its right). `points`, if given, are the seats'
    scores, for checking bets and offers; a seat with no points sits out. The
    hand is dealt from one fresh deck of `deck_size` cards: once they are all
    out nobody can ask for more.

    Args:
        rules: the rules (default: the first preset).
        seats: how many seats, the bank's included (2 to `rules.max_seats`).
        bank: the seat holding the bank.
        points: the seats' points (default: `rules.starting_points` each).
        deck_size: the cards in the deck the hand is dealt from.

    Raises:
        RulesError: seats, bank or points out of range.

    Examples:
        >>> hand = SieteYMedioHand(seats=3)
        >>> hand.current_player(), hand.order
        ('chance', [1, 2])
    """

    classes = HALF_POINTS

    def __init__(self, rules: SieteYMedioRules | None = None, seats: int = 2, bank: int = 0,
                 points: list[int] | tuple[int, ...] | None = None, deck_size: int = DECK_SIZE) -> None:
        self.rules = rules or PRESETS.default
        if not _is_whole(seats) or not 2 <= seats <= self.rules.max_seats:
            # TRANSLATORS: {most} is never 1: it is the rules' max_seats, 2 to 8.
            raise RulesError("A hand needs from 2 to {most} seats (the bank and its players), not {seats}.",
                             most=self.rules.max_seats, seats=seats)
        if not _is_whole(bank) or not 0 <= bank < seats:
            raise RulesError("The bank must be one of the seats 1 to {seats}, not {bank}.", seats=seats,
                             bank=bank + 1 if _is_whole(bank) else bank)
        self.points = list(points) if points is not None else [self.rules.starting_points] * seats
        if len(self.points) != seats:
            # TRANSLATORS: {seats} is never 1: a hand has 2 seats at least (checked above).
            raise RulesError("Give points for each of the {seats} seats, not {n}.", seats=seats, n=len(self.points))
        self.seat_count = seats
        self.bank = bank
        self.order = [(bank + i) % seats for i in range(1, seats) if self.points[(bank + i) % seats] > 0]
        if not self.order:
            raise RulesError("Nobody but the bank has points left: there is no hand to play.")
        self.seats = {s: Seat(s) for s in self.order + [bank]}
        self.bank_seat = self.seats[bank]
        self.deck_size = deck_size
        self.dealt = 0
        self.events: list[Event] = []
        self.turn = 0
        self.finished = False
        #: Who receives the next card: a seat (first cards and asked cards) or the bank; `None` on a decision.
        self._due: int | None = self.order[0]
        self._ask_face_down = False
        self._new: list[Event] = []
        #: The bank's solver at its first decision, and how many cards it held then (`bank_decision`).
        self._bank_root: tuple[BankSolver, int] | None = None

    # -- the protocol ---------------------------------------------------------------------------------

    def current_player(self) -> str:
        """`CHANCE` when a card is due, `"seat-N"` or `"bank"` on a decision, `TERMINAL` at the end."""
        if self.finished:
            return TERMINAL
        if self._due is not None:
            return CHANCE
        return BANK if self.turn >= len(self.order) else seat_role(self.order[self.turn])

    def legal_actions(self) -> tuple[str, ...]:
        """What the one whose turn it is may do now (`bet` stands for every `bet:STAKE[:OFFER]`).

        Examples:
            >>> from naipes.core.cards import SPANISH, parse_cards
            >>> hand = SieteYMedioHand()
            >>> for card in parse_cards("4o 6c", deck=SPANISH):
            ...     _ = hand.apply(card)
            >>> hand.legal_actions()
            ('bet',)
            >>> _ = hand.apply("bet:1"); hand.legal_actions()
            ('ask-face-up', 'ask-face-down', 'stand')
        """
        phase = self.phase
        if phase == BETTING:
            return (BET,)
        if phase == PLAYING_PHASE:
            return ((ASK_FACE_UP, ASK_FACE_DOWN) if self.cards_left else ()) + (STAND,)
        if phase == BANK_PHASE:
            return ((DRAW,) if self.cards_left else ()) + (STAND,)
        return ()

    def check_word(self, action: str) -> None:
        """`bet:STAKE[:OFFER]`, or one of the other actions without a value."""
        name = action.partition(":")[0]
        if name not in ACTIONS or (name == BET) != (":" in action):
            raise SpecError("Unknown action {action!r}: use bet:STAKE, ask-face-up, ask-face-down, stand or draw.",
                            action=action)

    def refusal(self, action: Card | str, refused: IllegalActionError) -> IllegalActionError:
        """Say whose turn it is, and for what (`bet`, ask or stand, the bank)."""
        return refused if isinstance(action, Card) and self.phase != DEALING else self._not_now()

    def action_name(self, action: str) -> str:
        """`bet:3:2` is the action `bet` with its stake and offer."""
        return action.partition(":")[0]

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        """Deal a card (on a chance step) or play an action (`bet:3`, `ask-face-up`, `stand`, `draw`).

        Args:
            action: the card dealt, or the action in notation.
            rule: why a conduct took the decision (the engine's bank records its exact expected results).

        Returns:
            The events the step caused.

        Raises:
            IllegalActionError: not the hand's turn for it (the message says whose turn it is), a bet or offer
                out of range, no card left.
            SpecError: an unknown action or a malformed bet.
        """
        self._new = []
        if isinstance(action, Card):
            self._require(CHANCE)
            self._deal(action)
        else:
            self._act(str(action), rule)
        return self._new

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Each role's net points in the hand times its entry of `stakes` (1: the points as played).

        Examples:
            >>> from naipes.core.drive import play
            >>> from naipes.games.siete_y_medio.game import fresh_shoe
            >>> from naipes.games.siete_y_medio.conduct import EngineTable
            >>> hand = play(SieteYMedioHand(), fresh_shoe(4), EngineTable()).coup
            >>> sum(hand.returns({"seat-2": 1, "bank": 1}).values())
            Fraction(0, 1)
        """
        self._require(TERMINAL)
        net = self.net()
        out = {}
        for role, stake in stakes.items():
            seat = self.bank if role == BANK else role_seat(role)
            if seat not in net:
                raise SpecError("Unknown role {role!r}: use seat-1, seat-2, ... or bank.", role=str(role))
            out[role] = Fraction(net[seat]) * Fraction(stake)
        return out

    def results(self) -> tuple[str, ...]:
        """How each player's bet was settled, in playing order (`won`, `lost-tie`, ...)."""
        self._require(TERMINAL)
        return tuple(self._settlement(s)[0] for s in self.order)

    def outcome(self) -> Hashable:
        """The half points of every player's cards in the order received (playing order), then the bank's."""
        return (tuple(tuple(half_points(c) for c in self.seats[s].cards) for s in self.order),
                tuple(half_points(c) for c in self.bank_seat.cards))

    def clone(self) -> "SieteYMedioHand":
        """An independent copy: the seats, their cards and the events are copied (the walk branches on it)."""
        twin = copy.copy(self)
        twin.seats = {s: copy.copy(seat) for s, seat in self.seats.items()}
        for seat in twin.seats.values():
            seat.cards = list(seat.cards)
        twin.bank_seat = twin.seats[self.bank]
        twin.events = list(self.events)
        twin.points = list(self.points)
        twin.order = list(self.order)
        twin._new = []
        return twin

    # -- whose turn -----------------------------------------------------------------------------------

    @property
    def cards_left(self) -> int:
        """Cards of the hand's deck not dealt yet."""
        return self.deck_size - self.dealt

    @property
    def to_act(self) -> int | str | None:
        """The seat whose decision is pending, `"bank"` on the bank's turn, `None` on a card or at the end."""
        who = self.current_player()
        if who in (CHANCE, TERMINAL):
            return None
        return BANK if who == BANK else role_seat(who)

    @property
    def phase(self) -> str | None:
        """`"chance"`, `"bet"`, `"play"`, `"bank"`, or `None` when the hand is over."""
        who = self.current_player()
        if who == TERMINAL:
            return None
        if who in (CHANCE, BANK):
            return who
        return BETTING if self.seats[role_seat(who)].stake is None else PLAYING_PHASE

    def _not_now(self) -> IllegalActionError:
        phase = self.phase
        if phase is None:
            return IllegalActionError("The hand is over.")
        if phase == DEALING:
            return IllegalActionError("Not now: the next step is a card from the shoe.")
        if phase == BANK_PHASE:
            return IllegalActionError("Not now: the hand waits for the bank to play.")
        seat = self.to_act + 1  # type: ignore[operator]
        if phase == BETTING:
            return IllegalActionError("Not now: the hand waits for player {seat} to bet.", seat=seat)
        return IllegalActionError("Not now: the hand waits for player {seat} to ask for a card or stand.", seat=seat)

    # -- the players ---------------------------------------------------------------------------------

    def max_bet(self, seat: int) -> int:
        """The largest bet `seat` may make now."""
        return min(self.rules.max_bet, self.points[seat])

    def highest_offer(self) -> tuple[int, int] | None:
        """`(seat, points)` of the best offer for the bank so far in this hand."""
        best = None
        for s in self.order:
            offer = self.seats[s].offer
            if offer is not None and (best is None or offer > best[1]):
                best = (s, offer)
        return best

    def offer_limit(self, seat: int, stake: int) -> int:
        """The largest whole offer: half the points `seat` would have left after losing `stake`."""
        return max(0, (self.points[seat] - stake) // 2)

    def _act(self, action: str, rule: Rule | None) -> None:
        name = action.partition(":")[0]
        if name not in ACTIONS or (name == BET) != (":" in action):
            raise SpecError("Unknown action {action!r}: use bet:STAKE, ask-face-up, ask-face-down, stand or draw.",
                            action=action)
        phase = self.phase
        if phase not in (BETTING, PLAYING_PHASE, BANK_PHASE) or name not in {
                BETTING: (BET,), PLAYING_PHASE: (ASK_FACE_UP, ASK_FACE_DOWN, STAND), BANK_PHASE: (DRAW, STAND)}[phase]:
            raise self._not_now()
        if name in (ASK_FACE_UP, ASK_FACE_DOWN, DRAW) and not self.cards_left:
            raise IllegalActionError("The deck is empty: no more cards can be dealt.")
        if name == BET:
            self._bet(*parse_bet(action))
        elif phase == BANK_PHASE:
            self._bank_decides(name == DRAW, rule)
        elif name == STAND:
            seat = self.seats[self.to_act]  # type: ignore[index]
            seat.status = STOOD
            self._emit(PlayerStands(seat.seat, hand_half_points(seat.visible_cards), seat.total, rule=rule))
            self._next_turn()
        else:
            self._due = self.to_act  # type: ignore[assignment]
            self._ask_face_down = name == ASK_FACE_DOWN

    def _bet(self, stake: int | str, offer: int | str | None) -> None:
        seat = self.seats[self.to_act]  # type: ignore[index]
        s = seat.seat
        high = self.max_bet(s)
        if stake == "":
            raise IllegalActionError("Type your bet: a whole number of points from {low} to {high}.",
                                     low=self.rules.min_bet, high=high)
        if not _is_whole(stake) or not self.rules.min_bet <= stake <= high:  # type: ignore[operator]
            raise IllegalActionError("The bet must be a whole number of points from {low} to {high}, not {bet}.",
                                     low=self.rules.min_bet, high=high, bet=stake)
        if offer is not None:
            if not _is_whole(offer) or offer < 1:  # type: ignore[operator]
                raise IllegalActionError("An offer for the bank must be a whole number of points, at least 1, "
                                         "not {offer}.", offer=offer)
            best = self.highest_offer()
            if best is not None and offer <= best[1]:  # type: ignore[operator]
                raise IllegalActionError(plural("An offer for the bank must beat the previous offer in this hand, "
                                                "{previous} point; {offer} does not.",
                                                "An offer for the bank must beat the previous offer in this hand, "
                                                "{previous} points; {offer} does not.", "previous"),
                                         previous=best[1], offer=offer)
            limit = self.offer_limit(s, stake)  # type: ignore[arg-type]
            if offer > limit:  # type: ignore[operator]
                raise IllegalActionError(plural("An offer for the bank can be at most {limit} point: half the "
                                                "points you would have left after losing your bet, {left}. {offer} "
                                                "is too many.",
                                                "An offer for the bank can be at most {limit} points: half the "
                                                "points you would have left after losing your bet, {left}. {offer} "
                                                "is too many.", "limit"),
                                         limit=limit, left=self.points[s] - stake, offer=offer)  # type: ignore
        seat.stake = stake  # type: ignore[assignment]
        seat.offer = offer  # type: ignore[assignment]
        self._emit(BetPlaced(s, stake))  # type: ignore[arg-type]
        if offer is not None:
            self._emit(OfferMade(s, offer, rule=OFFER_LIMITS))  # type: ignore[arg-type]

    # -- chance ---------------------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._new.append(event)

    def _deal(self, card: Card) -> None:
        half_points(card)  # a Spanish card
        if not self.cards_left:
            raise IllegalActionError("The deck is empty: no more cards can be dealt.")
        self.dealt += 1
        who = self._due
        seat = self.seats[who]  # type: ignore[index]
        if not seat.cards:
            self._first_card(seat, card)
        elif who == self.bank:
            self._due = None
            seat.cards.append(card)
            self._emit(BankCard(card, seat.total))
            if seat.total > LIMIT:
                self._emit(BankBust(seat.total, rule=BANK_OVER_PAYS))
                self._finish()
        else:
            self._asked_card(seat, card)

    def _first_card(self, seat: Seat, card: Card) -> None:
        seat.cards.append(card)
        is_bank = seat.seat == self.bank
        face_up = is_bank and self.rules.bank_card_face_up
        seat.hidden = None if face_up else 0
        self._emit(FirstCard(seat.seat, card, is_bank, face_up))
        queue = self.order + [self.bank]
        following = queue.index(seat.seat) + 1
        self._due = queue[following] if following < len(queue) else None
        if self._due is None:
            self.seats[self.order[0]].status = PLAYING

    def _asked_card(self, seat: Seat, card: Card) -> None:
        self._due = None
        previous = seat.hidden_card
        seat.cards.append(card)
        if self._ask_face_down:
            seat.hidden = len(seat.cards) - 1
            self._emit(CardAsked(seat.seat, card, True, previous, seat.total, rule=ONE_CARD_HIDDEN))
        else:
            self._emit(CardAsked(seat.seat, card, False, None, seat.total))
        if seat.total > LIMIT:
            seat.hidden = None
            seat.status = BUST
            self._emit(PlayerBust(seat.seat, seat.total, tuple(seat.cards), seat.stake or 0, rule=OVER_LOSES))
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.seats[self.order[self.turn]].status = PLAYING
            return
        if not self.players_in():
            self._emit(BankIdle(rule=BANK_PLAYS_IF_ANY_IN))
            self._finish()
            return
        seat = self.bank_seat
        if seat.hidden is not None:
            card = seat.cards[seat.hidden]
            seat.hidden = None
            self._emit(BankReveal(card, seat.total, rule=BANK_PLAYS_LAST))

    # -- the bank -------------------------------------------------------------------------------------

    def _bank_decides(self, draws: bool, rule: Rule | None) -> None:
        decision = dict(rule.params).get("decision") if rule is not None else None
        self._emit(BankDecides(draws, self.bank_seat.total, decision if isinstance(decision, BankDecision)
                               else None, rule=rule))
        if draws:
            self._due = self.bank
        else:
            self._finish()

    def players_in(self) -> list[int]:
        """Seats that stood (did not go over 7½)."""
        return [s for s in self.order if self.seats[s].status == STOOD]

    def bank_view(self) -> tuple[tuple[int, ...], int, list[tuple[int, int]]]:
        """What the bank sees: `(unseen composition, its total, [(visible half points, stake)…])`.

        The unseen composition leaves out the bank's cards, every face-up card
        and the cards of the players who went over.
        """
        gone = list(self.bank_seat.cards)
        players = []
        for s in self.order:
            seat = self.seats[s]
            gone += seat.visible_cards
            if seat.status == STOOD:
                players.append((hand_half_points(seat.visible_cards), seat.stake or 0))
        return unseen_composition(gone), self.bank_seat.total, players

    def bank_decision(self) -> BankDecision:
        """The engine's bank's exact choice now, with the expected results of standing and drawing.

        Raises:
            IllegalActionError: it is not the bank's turn.
        """
        if self.phase != BANK_PHASE:
            raise self._not_now()
        unseen, total, players = self.bank_view()
        if self._bank_root is not None and total < LIMIT:
            # After the bank draws, its position is a node of the tree solved at its first decision (the cards
            # drawn leave the unseen composition, the players are the same): the same exact values, read there.
            solver, held = self._bank_root
            drawn = composition(self.bank_seat.cards[held:])
            if tuple(players) == solver.players and tuple(unseen) == tuple(
                    u - d for u, d in zip(solver.unseen, drawn)):
                return solver.decision(drawn)
        solver = bank_solver(tuple(unseen), total, tuple(players))
        self._bank_root = (solver, len(self.bank_seat.cards))
        return solver.decision()

    def player_view(self, seat: int) -> tuple[list[Card], list[Card]]:
        """`(own cards, other cards that seat can see)`: what an engine player or the adviser uses."""
        seen: list[Card] = []
        for s, other in self.seats.items():
            if s != seat:
                seen += other.visible_cards
        return list(self.seats[seat].cards), seen

    # -- settlement -----------------------------------------------------------------------------------

    def totals(self) -> dict[int, int]:
        """Every participant's total in half points (the bank's last)."""
        return {s: self.seats[s].total for s in self.order + [self.bank]}

    def _settlement(self, s: int) -> tuple[str, int, Rule]:
        """How seat `s`'s bet is settled: `(kind, net points, the rule that applied)`."""
        seat = self.seats[s]
        stake = seat.stake or 0
        bank_total = self.bank_seat.total
        if seat.status == BUST:
            return LOST_BUST, -stake, OVER_LOSES
        if bank_total > LIMIT:
            return WON_BANK_BUST, stake * (2 if seat.total == LIMIT else 1), BANK_OVER_PAYS
        if bank_total == LIMIT:
            return LOST, -stake, BANK_SEVEN_AND_A_HALF
        if seat.total == LIMIT:
            return WON_DOUBLE, 2 * stake, SEVEN_AND_A_HALF_PAYS_DOUBLE
        if bank_total == seat.total:
            return LOST_TIE, -stake, TIES_TO_BANK
        return (WON, stake, CLOSEST_WINS) if seat.total > bank_total else (LOST, -stake, CLOSEST_WINS)

    def net(self) -> dict[int, int]:
        """Net points of every seat once the hand is over (the bank's is minus the sum of the others).

        Raises:
            IllegalActionError: the hand is not over yet.
        """
        if not self.finished:
            raise IllegalActionError("The hand is not over yet.")
        net = {s: self._settlement(s)[1] for s in self.order}
        net[self.bank] = -sum(net.values())
        return net

    def seven_and_a_half_seats(self) -> list[int]:
        """Players who made 7½ while the bank did not, in playing order (the first takes the bank)."""
        if not self.finished or self.bank_seat.total == LIMIT:
            return []
        return [s for s in self.order if self.seats[s].status == STOOD and self.seats[s].total == LIMIT]

    def _finish(self) -> None:
        self.finished = True
        bank_total = self.bank_seat.total
        if bank_total == LIMIT and self.players_in():
            self._emit(BankSevenAndAHalf(rule=BANK_SEVEN_AND_A_HALF))
        for s in self.order:
            kind, net, rule = self._settlement(s)
            self._emit(Settled(s, kind, net, self.seats[s].total, bank_total, rule=rule))
        self._emit(BankResult(self.net()[self.bank]))
        winners = self.seven_and_a_half_seats()
        if winners:
            self._emit(TakesBank(winners[0], rule=SEVEN_AND_A_HALF_TAKES_BANK))
