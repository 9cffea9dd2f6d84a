"""A coup of Black Jack or Challenge 21 on the engine's protocol: the deal, side bets, decisions, dealer, settlement.

The coup holds no shoe: every card comes from the driver (`play`, `replay`,
`walk_exact`). `current_player()` is `CHANCE` when a card is due, the role of
the box whose decision is pending (`"box-1"` for box 0), or `TERMINAL`.
Actions are strings, so a replay is a list of strings:

- `insure` / `decline` — insurance against the dealer's black jack, asked
  for each round the box bets on when the dealer's first card is an ace;
- `even-money` / `decline` — a black jack against the dealer's ace;
- `hit`, `stand`, `double`, `split`, `surrender` — a hand's play.

The deal (source 001, no hole card): a card to each box, one to the dealer,
a second card to each box, all face up. Perfect Pairs is settled on the
first two cards; a black jack is paid at once unless the dealer's card is an
ace, a ten or a figure; with an ace, insurance (or even money) is offered
before any third card. Each box's hands play in turn (a split makes another
hand, dealt its second card when its turn comes), then the dealer completes
its hand — once, or once per round from the same first card in Challenge 21
— and every bet still on the table is settled.

With the American peek (`hole_card` `peek`, Black Jack's one round) the deal
ends with a second card to the dealer, face down. With an ace or a ten-valued
card up the dealer looks at it once insurance is decided: a black jack is
turned over at once and takes the original bets only (a player's black jack
pushes, insurance is paid); otherwise the players' black jacks are paid and
the hands play. The hole card is turned over when the dealer's turn comes,
and the dealer draws from there.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from naipes.games.black_jack.rules import PRESETS
    >>> coup = BlackJackCoup(PRESETS.get())
    >>> for step in [*parse_cards("Th 6c 9d"), "stand", *parse_cards("Ts Ks")]:
    ...     _ = coup.apply(step)
    >>> coup.is_terminal(), coup.net()
    (True, {0: Fraction(1, 1)})
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ...core.cards import Card
from ...core.errors import IllegalActionError, RulesError, SpecError, plural
from ...core.model import CHANCE, TERMINAL, Coup, Event, Rule
from .dealer import BLACKJACK, BUST, draws, final_of
from .events import (BLACKJACK_PUSH, BLACKJACK_WINS, LOSES, LOSES_TO_BLACKJACK, PUSH, WINS, BetsPlaced,
                     BlackjackPaidAtOnce, BlackjackWaits, BoxResult, CardToHand, DealerBlackjack, DealerBust,
                     DealerCard, DealerIdle, DealerPeeks, DealerStands, EvenMoneyDecided, HandBusts, HandSettled,
                     HandSurrenders, HoleCardDealt, HoleCardTurned, InsuranceDecided, InsuranceSettled,
                     PerfectPairsSettled, PlayerActs, RoundOver)
from .expectation import DOUBLE, HIT, SPLIT, STAND, SURRENDER
from .hands import ACE, BLACKJACK_POINTS, TEN, VALUE_CLASSES, VALUES, Total, hand_total, value_class
from .rules import (BLACKJACK_AT_ONCE, BUST_LOSES, CHALLENGE_BUST, CHALLENGE_ROUNDS, DEALER_BUST_PAYS, DEALER_IDLE,
                    EVEN_MONEY, HIGHER_WINS, INSURANCE_OFFER, NO_CARD_AT_21, PERFECT_PAIRS_KINDS, PRESETS,
                    SPLIT_ACES_ONE_CARD, SPLIT_TWENTY_ONE, SURRENDER_ANY, SURRENDER_EXCEPT_ACE, TAKES_ALL, TIES_PUSH,
                    HOLE_NONE, HOLE_PEEK, BlackJackRules)
from .side_bets import pair_kind

INSURE, DECLINE, TAKE_EVEN_MONEY = "insure", "decline", "even-money"
PLAY_ACTIONS = (HIT, STAND, DOUBLE, SPLIT, SURRENDER)
ACTIONS = PLAY_ACTIONS + (INSURE, DECLINE, TAKE_EVEN_MONEY)
#: A hand's state.
PLAYING, STOOD, BUSTED, SURRENDERED, NATURAL, PAID = "playing", "stood", "bust", "surrendered", "natural", "paid"
#: The kinds of pending decision.
INSURANCE_DECISION, EVEN_MONEY_DECISION, PLAY_DECISION = "insurance", "even-money", "play"
DEALER, HOLE = "dealer", "hole"


def box_role(box: int) -> str:
    """The role of a box: box 0 is `"box-1"` (the narration's "Box 1").

    Examples:
        >>> box_role(0), role_box("box-3")
        ('box-1', 2)
    """
    return f"box-{box + 1}"


def role_box(role: str) -> int:
    """The box of a role named by `box_role`.

    Raises:
        SpecError: not a box's role.
    """
    prefix, _, number = str(role).partition("-")
    if prefix != "box" or not (number.isascii() and number.isdigit()) or int(number) < 1:
        raise SpecError("Unknown role {role!r}: use box-1, box-2, ...", role=str(role))
    return int(number) - 1


@dataclass(frozen=True)
class Stakes:
    """What a box bets before the deal: one bet per round (0: none on that round) and Perfect Pairs.

    Examples:
        >>> Stakes((1, 1, 0)).total
        2
    """

    bets: tuple[int, ...] = (1,)
    perfect_pairs: int = 0

    @property
    def total(self) -> int:
        return sum(self.bets)


@dataclass
class Hand:
    """One of a box's hands: its cards, its bet per round (doubled when it doubles), whether a split made it."""

    cards: list[Card]
    bets: list[Fraction]
    split: bool = False
    status: str = PLAYING
    doubled: bool = False
    original: bool = True

    @property
    def total(self) -> Total:
        return hand_total(self.cards)

    @property
    def classes(self) -> tuple[int, ...]:
        return VALUE_CLASSES.counts(self.cards)


@dataclass
class Box:
    """A box: its stakes, its hands, its insurance per round, and its net result so far."""

    stakes: Stakes
    hands: list[Hand] = field(default_factory=list)
    insurance: list[Fraction] = field(default_factory=list)
    net: Fraction = Fraction(0)


class BlackJackCoup(Coup):
    """One coup: the deal, the side bets, every box's decisions, the dealer's hand(s) and settlement.

    Args:
        rules: the rules (`rounds` 3 for Challenge 21).
        stakes: each box's bets (default: one box betting 1 on every round).

    Raises:
        RulesError: more boxes than the table has, or bets that break the rules (a bet on each round in
            Black Jack; two bets at least, on rounds 1 and 2, in Challenge 21).
    """

    classes = VALUE_CLASSES

    def __init__(self, rules: BlackJackRules | None = None, stakes: Sequence[Stakes] | None = None) -> None:
        self.rules = rules or PRESETS.default
        stakes = list(stakes) if stakes is not None else [Stakes((1,) * self.rules.rounds)]
        if not 1 <= len(stakes) <= self.rules.boxes:
            raise RulesError(plural("A coup needs from 1 to {most} box, not {n}.",
                                    "A coup needs from 1 to {most} boxes, not {n}.", "most"),
                             most=self.rules.boxes, n=len(stakes))
        for stake in stakes:
            _check_stakes(self.rules, stake)
        self.boxes = [Box(stake, insurance=[Fraction(0)] * self.rules.rounds) for stake in stakes]
        self.events: list[Event] = []
        self._new: list[Event] = []
        self.dealer_first: Card | None = None
        self.dealer_cards: list[Card] = []
        #: The dealer's hole card while it is face down (the peek); `dealer_cards` holds the cards face up.
        self.hole_card: Card | None = None
        #: The peek: Black Jack's one round with the American hole card.
        self.peek = self.rules.hole_card == HOLE_PEEK and self.rules.rounds == 1
        self.round = 1
        self.finished = False
        #: Who takes the next card: ("box", box) during the deal, ("hand", box, hand), ("dealer",), or None.
        self._deal_queue: list[tuple] = ([("box", b) for b in range(len(stakes))] + [(DEALER,)]
                                         + [("box", b) for b in range(len(stakes))] + ([(HOLE,)] if self.peek else []))
        self._due: tuple | None = None
        self._decisions: list[tuple] = []
        self._turn: tuple[int, int] | None = None
        for b, box in enumerate(self.boxes):
            self._emit(BetsPlaced(b, box.stakes.bets, box.stakes.perfect_pairs))

    # -- the protocol -------------------------------------------------------------------------------------

    def current_player(self) -> str:
        if self.finished:
            return TERMINAL
        if self._deal_queue or self._due is not None:
            return CHANCE
        if self._decisions:
            return box_role(self._decisions[0][1])
        if self._turn is not None:
            return box_role(self._turn[0])
        return CHANCE  # the dealer draws

    def pending(self) -> tuple | None:
        """The decision waiting: `("insurance", box, round)`, `("even-money", box)` or `("play", box, hand)`."""
        if self.current_player() in (CHANCE, TERMINAL):
            return None
        if self._decisions:
            return self._decisions[0]
        return (PLAY_DECISION,) + self._turn  # type: ignore[operator]

    def legal_actions(self) -> tuple[str, ...]:
        """The actions open to the box whose decision is pending.

        Examples:
            >>> from naipes.core.cards import parse_cards
            >>> coup = BlackJackCoup(PRESETS.get())
            >>> for card in parse_cards("8h 6c 8d"):
            ...     _ = coup.apply(card)
            >>> coup.legal_actions()
            ('hit', 'stand', 'split', 'surrender')
        """
        pending = self.pending()
        if pending is None:
            return ()
        if pending[0] == INSURANCE_DECISION:
            return (INSURE, DECLINE)
        if pending[0] == EVEN_MONEY_DECISION:
            return (TAKE_EVEN_MONEY, DECLINE)
        box, index = pending[1], pending[2]
        hand = self.boxes[box].hands[index]
        if hand.split and hand.cards[0].rank == "A":  # a split ace takes no card but the one dealt to it
            return (STAND, SPLIT) if self.may_split(box, index) else (STAND,)
        legal = [HIT, STAND]
        if self.may_double(box, index):
            legal.append(DOUBLE)
        if self.may_split(box, index):
            legal.append(SPLIT)
        if self.may_surrender(box, index):
            legal.append(SURRENDER)
        return tuple(legal) if hand.total.points < BLACKJACK_POINTS else (STAND,)

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        """Deal a card (on a chance step) or take the pending decision.

        Raises:
            IllegalActionError: not the coup's turn for it, or an action the rules do not allow now.
            SpecError: an unknown action.
        """
        self._new = []
        if isinstance(action, Card):
            self._require(CHANCE)
            value_class(action)
            self._deal(action)
        else:
            if str(action) not in ACTIONS:
                raise SpecError("Unknown action {action!r}: use {actions}.", action=str(action),
                                actions=", ".join(ACTIONS))
            self._require_action(action)
            self._decide(str(action), rule)
        return self._new

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Each box's net result times its entry of `stakes` (1: as bet)."""
        self._require(TERMINAL)
        return {role: self.boxes[role_box(role)].net * Fraction(stake) for role, stake in stakes.items()}

    def results(self) -> tuple[str, ...]:
        """How every hand's bet was settled in every round, in order (for tallies)."""
        self._require(TERMINAL)
        return tuple(e.kind for e in self.events if isinstance(e, HandSettled))

    def outcome(self) -> Hashable:
        """The dealer's cards and every hand's cards, by class."""
        return (tuple(value_class(c) for c in self.dealer_cards),
                tuple(tuple(value_class(c) for c in hand.cards) for box in self.boxes for hand in box.hands))

    def clone(self) -> "BlackJackCoup":
        return copy.deepcopy(self)

    def net(self) -> dict[int, Fraction]:
        """Every box's net result (bets, insurance, Perfect Pairs) once the coup is over.

        Raises:
            IllegalActionError: the coup is not over.
        """
        if not self.finished:
            raise IllegalActionError("The coup is not over yet.")
        return {b: box.net for b, box in enumerate(self.boxes)}

    # -- what a hand may do -------------------------------------------------------------------------------

    def may_double(self, box: int, index: int) -> bool:
        """Two cards, the doubling rule allows the total, after a split only if the rules allow it."""
        hand = self.boxes[box].hands[index]
        if len(hand.cards) != 2 or hand.doubled:
            return False
        if hand.split and (not self.rules.double_after_split or hand.cards[0].rank == "A"):
            return False
        hard = sum(VALUES[value_class(card)] for card in hand.cards)
        return self.rules.doubles_on(hard, hand.total.soft)

    def may_split(self, box: int, index: int) -> bool:
        """Two cards of one value, fewer hands than allowed, split aces only if they may be split again."""
        hand = self.boxes[box].hands[index]
        if len(hand.cards) != 2 or value_class(hand.cards[0]) != value_class(hand.cards[1]):
            return False
        if len(self.boxes[box].hands) >= self.rules.max_hands:
            return False
        return not (hand.split and hand.cards[0].rank == "A" and not self.rules.resplit_aces)

    def may_surrender(self, box: int, index: int) -> bool:
        """The first two cards of a hand not made by a split, if the surrender rule allows it."""
        hand = self.boxes[box].hands[index]
        if len(hand.cards) != 2 or hand.split:
            return False
        first = self.dealer_first
        return (self.rules.surrender == SURRENDER_ANY or (
            self.rules.surrender == SURRENDER_EXCEPT_ACE and first is not None and value_class(first) != ACE))

    # -- dealing ---------------------------------------------------------------------------------------------

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._new.append(event)

    def _deal(self, card: Card) -> None:
        if self._deal_queue:
            target = self._deal_queue.pop(0)
            if target[0] == HOLE:
                self.hole_card = card
                self._emit(HoleCardDealt(rule=self.rules.dealer_blackjack_rule()))
            elif target[0] == DEALER:
                self.dealer_first = card
                self.dealer_cards = [card]
                self._emit(DealerCard(card, hand_total([card]), self.round, self.rules.rounds))
            else:
                box = self.boxes[target[1]]
                if not box.hands:
                    box.hands.append(Hand([card], [Fraction(b) for b in box.stakes.bets]))
                else:
                    box.hands[0].cards.append(card)
                self._emit(CardToHand(target[1], 0, card, box.hands[0].total))
            if not self._deal_queue:
                self._after_deal()
            return
        if self._due is not None:
            _, b, index = self._due
            self._due = None
            hand = self.boxes[b].hands[index]
            hand.cards.append(card)
            self._emit(CardToHand(b, index, card, hand.total))
            self._after_card(b, index)
            return
        self._dealer_draws(card)

    def _after_deal(self) -> None:
        first = value_class(self.dealer_first)  # type: ignore[arg-type]
        for b, box in enumerate(self.boxes):
            if box.stakes.perfect_pairs:
                kind = pair_kind(*box.hands[0].cards)
                if kind is None:
                    net, rule = Fraction(-box.stakes.perfect_pairs), PERFECT_PAIRS_KINDS
                else:
                    payout = self.rules.perfect_pairs[("perfect", "coloured", "mixed").index(kind)]
                    net, rule = Fraction(payout * box.stakes.perfect_pairs), self.rules.perfect_pairs_rule(kind)
                box.net += net
                self._emit(PerfectPairsSettled(b, kind, net, rule=rule))
        for b, box in enumerate(self.boxes):
            hand = box.hands[0]
            if hand.total.points == BLACKJACK_POINTS:
                hand.status = NATURAL
                if first not in (ACE, TEN):
                    net = sum(hand.bets, Fraction(0)) * self.rules.blackjack_pays
                    box.net += net
                    hand.status = PAID
                    self._emit(BlackjackPaidAtOnce(b, net, rule=BLACKJACK_AT_ONCE))
                elif first == ACE:
                    self._decisions.append((EVEN_MONEY_DECISION, b))
                elif not self.peek:
                    self._emit(BlackjackWaits(b, rule=BLACKJACK_AT_ONCE))
            elif first == ACE:
                self._decisions += [(INSURANCE_DECISION, b, r + 1) for r, bet in enumerate(hand.bets) if bet]
        if not self._decisions:
            self._after_decisions()

    # -- decisions -----------------------------------------------------------------------------------------

    def _decide(self, action: str, rule: Rule | None) -> None:
        pending = self.pending()
        kind, b = pending[0], pending[1]  # type: ignore[index]
        box = self.boxes[b]
        if kind == INSURANCE_DECISION:
            self._decisions.pop(0)
            round_number = pending[2]  # type: ignore[index]
            amount = box.hands[0].bets[round_number - 1] / 2 if action == INSURE else Fraction(0)
            box.insurance[round_number - 1] = amount
            self._emit(InsuranceDecided(b, round_number, amount, self.rules.rounds, rule=rule or INSURANCE_OFFER))
        elif kind == EVEN_MONEY_DECISION:
            self._decisions.pop(0)
            hand = box.hands[0]
            taken = action == TAKE_EVEN_MONEY
            net = sum(hand.bets, Fraction(0)) if taken else Fraction(0)
            if taken:
                hand.status = PAID
                box.net += net
            self._emit(EvenMoneyDecided(b, taken, net, rule=rule or EVEN_MONEY))
            if not taken and not self.peek:
                self._emit(BlackjackWaits(b, rule=BLACKJACK_AT_ONCE))
        else:
            self._play(b, pending[2], action, rule)  # type: ignore[index]
            return
        if not self._decisions:
            self._after_decisions()

    def _after_decisions(self) -> None:
        """Insurance and even money decided: with the peek the dealer checks for black jack, then the hands play."""
        if self.peek and value_class(self.dealer_first) in (ACE, TEN):  # type: ignore[arg-type]
            if self._peek():
                return
        self._start_play()

    def _peek(self) -> bool:
        """The dealer looks at the hole card; a black jack is turned over and settles the coup (returns True)."""
        hole = self.hole_card
        blackjack = final_of([value_class(self.dealer_first), value_class(hole)]) == BLACKJACK  # type: ignore[arg-type]
        self._emit(DealerPeeks(blackjack, rule=self.rules.dealer_blackjack_rule()))
        if blackjack:
            self._turn_hole_card()
            self._emit(DealerBlackjack(self.round, self.rules.rounds, rule=self.rules.dealer_blackjack_rule()))
            self._settle_round(BLACKJACK)
            self._finish()
            return True
        for b, box in enumerate(self.boxes):  # no black jack: the players' black jacks are paid now
            hand = box.hands[0]
            if hand.status == NATURAL:
                net = sum(hand.bets, Fraction(0)) * self.rules.blackjack_pays
                box.net += net
                hand.status = PAID
                self._emit(BlackjackPaidAtOnce(b, net, rule=self.rules.blackjack_rule()))
        return False

    def _turn_hole_card(self) -> None:
        card, self.hole_card = self.hole_card, None
        self.dealer_cards.append(card)  # type: ignore[arg-type]
        self._emit(HoleCardTurned(card, hand_total(self.dealer_cards)))  # type: ignore[arg-type]

    def _start_play(self) -> None:
        self._turn = None
        self._next_hand(0, -1)

    def _next_hand(self, b: int, index: int) -> None:
        """Move the turn to the next hand that must play (dealing a split hand's second card first)."""
        index += 1
        while b < len(self.boxes):
            hands = self.boxes[b].hands
            while index < len(hands):
                hand = hands[index]
                if hand.status == PLAYING:
                    self._turn = (b, index)
                    if len(hand.cards) == 1:
                        self._due = ("hand", b, index)
                    return
                index += 1
            b, index = b + 1, 0
        self._turn = None
        self._start_dealer()

    def _play(self, b: int, index: int, action: str, rule: Rule | None) -> None:
        hand = self.boxes[b].hands[index]
        self._emit(PlayerActs(b, index, action, hand.total, rule=rule))
        if action == STAND:
            hand.status = STOOD
            self._next_hand(b, index)
        elif action == HIT:
            self._due = ("hand", b, index)
        elif action == DOUBLE:
            hand.doubled = True
            hand.bets = [bet * 2 for bet in hand.bets]
            self._due = ("hand", b, index)
        elif action == SURRENDER:
            hand.status = SURRENDERED
            lost = sum(hand.bets, Fraction(0)) / 2
            self.boxes[b].net -= lost
            self._emit(HandSurrenders(b, index, lost, rule=rule or self.rules.surrender_rule()))
            self._next_hand(b, index)
        else:
            second = hand.cards.pop()
            hand.split = True
            box = self.boxes[b]
            box.hands.insert(index + 1, Hand([second], [Fraction(bet) for bet in box.stakes.bets], split=True,
                                             original=False))
            self._due = ("hand", b, index)

    def _after_card(self, b: int, index: int) -> None:
        hand = self.boxes[b].hands[index]
        points = hand.total.points
        if points > BLACKJACK_POINTS:
            hand.status = BUSTED
            lost = sum(hand.bets, Fraction(0))
            self.boxes[b].net -= lost
            self._emit(HandBusts(b, index, points, lost, rule=CHALLENGE_BUST if self.rules.rounds > 1 else BUST_LOSES))
            self._next_hand(b, index)
        elif hand.doubled:
            hand.status = STOOD
            self._next_hand(b, index)
        elif hand.split and hand.cards[0].rank == "A" and len(hand.cards) == 2 and not (
                self.rules.resplit_aces and self.may_split(b, index)):
            hand.status = STOOD
            self._emit(PlayerActs(b, index, STAND, hand.total, rule=SPLIT_ACES_ONE_CARD))
            self._next_hand(b, index)
        elif points == BLACKJACK_POINTS:
            hand.status = STOOD
            rule = SPLIT_TWENTY_ONE if hand.split and len(hand.cards) == 2 else NO_CARD_AT_21
            self._emit(PlayerActs(b, index, STAND, hand.total, rule=rule))
            self._next_hand(b, index)

    # -- the dealer -----------------------------------------------------------------------------------------

    def _waiting(self, round_number: int) -> bool:
        """Whether a bet of this round still waits for the dealer's hand."""
        r = round_number - 1
        return any(box.insurance[r] or any(h.status in (STOOD, NATURAL) and h.bets[r] for h in box.hands)
                   for box in self.boxes)

    def _start_dealer(self) -> None:
        while self.round <= self.rules.rounds and not self._waiting(self.round):
            if self.rules.rounds == 1:
                self._emit(DealerIdle(rule=DEALER_IDLE))
            self.round += 1
        if self.round > self.rules.rounds:
            self._finish()
        elif self.hole_card is not None:  # the peek: the dealer's second card is on the table already
            self._turn_hole_card()
            self._dealer_done()

    def _dealer_draws(self, card: Card) -> None:
        self.dealer_cards.append(card)
        self._emit(DealerCard(card, hand_total(self.dealer_cards), self.round, self.rules.rounds))
        self._dealer_done()

    def _dealer_done(self) -> None:
        """After a dealer's card: wait for another while it draws, else settle the round."""
        total = hand_total(self.dealer_cards)
        if total.points <= BLACKJACK_POINTS and draws(total, self.rules.hits_soft_17):
            return
        final = final_of([value_class(c) for c in self.dealer_cards])
        if final == BLACKJACK:
            self._emit(DealerBlackjack(self.round, self.rules.rounds, rule=self.rules.dealer_blackjack_rule()))
        elif final == BUST:
            self._emit(DealerBust(total.points, self.round, self.rules.rounds, rule=DEALER_BUST_PAYS))
        else:
            self._emit(DealerStands(total.points, self.round, self.rules.rounds, rule=self.rules.dealer_rule()))
        self._settle_round(final)
        if self.rules.rounds > 1 and self.round < self.rules.rounds:
            self._emit(RoundOver(self.round, rule=CHALLENGE_ROUNDS))
        self.dealer_cards = [self.dealer_first]  # type: ignore[list-item]
        self.round += 1
        self._start_dealer()

    def _settle_round(self, final: int | str) -> None:
        r = self.round - 1
        for b, box in enumerate(self.boxes):
            if box.insurance[r]:
                won = final == BLACKJACK
                net = box.insurance[r] * self.rules.insurance_pays if won else -box.insurance[r]
                box.net += net
                self._emit(InsuranceSettled(b, self.round, won, net, self.rules.rounds,
                                            rule=self.rules.insurance_rule()))
            for index, hand in enumerate(box.hands):
                # (a hand still playing: the peek found a black jack before any play)
                if hand.status not in (STOOD, NATURAL, PLAYING) or not hand.bets[r]:
                    continue
                kind, net, rule = self._settlement(hand, box.stakes.bets[r], r, final)
                box.net += net
                self._emit(HandSettled(b, index, self.round, kind, net, hand.total.points, final, self.rules.rounds,
                                         rule=rule))

    def _settlement(self, hand: Hand, original: int, r: int, final: int | str) -> tuple[str, Fraction, Rule]:
        bet = hand.bets[r]
        if hand.status == NATURAL:
            if final == BLACKJACK:
                return BLACKJACK_PUSH, Fraction(0), TIES_PUSH
            return BLACKJACK_WINS, bet * self.rules.blackjack_pays, self.rules.blackjack_rule()
        if final == BLACKJACK:
            if self.rules.dealer_blackjack_takes == TAKES_ALL and self.rules.hole_card == HOLE_NONE:
                return LOSES_TO_BLACKJACK, -bet, self.rules.dealer_blackjack_rule()
            return LOSES_TO_BLACKJACK, -Fraction(original if hand.original else 0), self.rules.dealer_blackjack_rule()
        if final == BUST:
            return WINS, bet, DEALER_BUST_PAYS
        points = hand.total.points
        if points == final:
            return PUSH, Fraction(0), TIES_PUSH
        return (WINS, bet, HIGHER_WINS) if points > final else (LOSES, -bet, HIGHER_WINS)  # type: ignore[operator]

    def _finish(self) -> None:
        self.finished = True
        for b, box in enumerate(self.boxes):
            self._emit(BoxResult(b, box.net))


def _check_stakes(rules: BlackJackRules, stakes: Stakes) -> None:
    bets = stakes.bets
    if len(bets) != rules.rounds or any(not isinstance(b, int) or isinstance(b, bool) or b < 0 for b in bets):
        raise RulesError(plural("A box bets a whole number of units on its {rounds} round.",
                                "A box bets a whole number of units on each of the {rounds} rounds.", "rounds"),
                         rounds=rules.rounds)
    placed = sum(1 for b in bets if b)
    if rules.rounds == 1 and placed != 1:
        raise RulesError("A box needs a bet of at least 1 unit.")
    if rules.rounds > 1 and (placed < rules.required_bets or not all(bets[:rules.required_bets])):
        raise RulesError("A box bets on rounds 1 and 2 at least (the third bet is optional).")
    if not isinstance(stakes.perfect_pairs, int) or stakes.perfect_pairs < 0:
        raise RulesError("The Perfect Pairs bet must be a whole number of units, 0 or more.")
