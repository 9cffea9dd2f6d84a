"""A game of Siete y medio: a fixed number of hands carrying the score, the bank bought and sold (Ludoteka).

Every hand is dealt from a fresh Spanish deck shuffled by the game's seeded
generator and played through the one driver (`naipes.core.drive.replay`);
after it, the game applies its results and decides who holds the bank next:
a player with 7½ takes it, a bank left without points passes it on (offers
are void in both cases), otherwise the bank answers the best offer.

Examples:
    >>> from naipes.games.siete_y_medio.conduct import EngineTable
    >>> game = SieteYMedioGame(seats=3, seed=11)
    >>> record = game.play_hand(EngineTable())
    >>> _ = game.finish_hand()
    >>> sum(game.points) == 300, game.hands_played
    (True, 1)
"""

from __future__ import annotations

import copy

from typing import Sequence

from ...core.cards import SPANISH, Card, full_deck
from ...core.drive import Record, play, replay
from ...core.errors import IllegalActionError, RulesError
from ...core.model import Conduct, Event
from ...core.rng import SeededRandom
from ...core.shoe import Shoe
from .events import (VOID_ELIMINATED, VOID_LAST_HAND, VOID_SEVEN_AND_A_HALF, BankEliminated, BankPasses, GameOver,
                     OfferAnswered, OffersVoid)
from .hand import SieteYMedioHand
from .rules import (BANK_ANSWERS_OFFER, ELIMINATED_BANK_PASSES, FIXED_NUMBER_OF_HANDS, NO_BANK_AFTER_LAST_HAND,
                    OFFERS_VOID, PRESETS, SEVEN_AND_A_HALF_TAKES_BANK, SieteYMedioRules)
from .values import check_distinct


def fresh_shoe(seed: int) -> Shoe:
    """One Spanish deck shuffled with `seed`: what a hand is dealt from.

    Examples:
        >>> fresh_shoe(1).remaining
        40
    """
    return Shoe.shuffled(1, seed, deck=SPANISH)


def stacked_shoe(top: Sequence[Card], seed: int = 1) -> Shoe:
    """A deck whose first cards are `top`, in order, the rest of the baraja following shuffled with `seed`.

    Raises:
        CardError: a card twice, or not of the Spanish deck.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> shoe = stacked_shoe(parse_cards("7o Sb", deck=SPANISH))
        >>> str(shoe.draw()), str(shoe.draw()), shoe.remaining
        ('7o', 'Sb', 38)
    """
    first = check_distinct(top)
    rest = [card for card in full_deck(SPANISH) if card not in set(first)]
    SeededRandom(seed).shuffle(rest)
    return Shoe(first + rest)


def _check_seats(rules: SieteYMedioRules, seats: object) -> int:
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= rules.max_seats:
        # TRANSLATORS: {most} is never 1: it is the rules' max_seats, 2 to 8.
        raise RulesError("A hand needs from 2 to {most} seats (the bank and its players), not {seats}.",
                         most=rules.max_seats, seats=seats)
    return seats


def deal_hand(seed: int, conduct: Conduct, seats: int = 4, rules: SieteYMedioRules | None = None,
              bank: int = 0) -> Record:
    """One hand dealt from a deck shuffled with `seed`, every decision taken by `conduct`.

    Examples:
        >>> from naipes.games.siete_y_medio.conduct import EngineTable
        >>> hand = deal_hand(7, EngineTable()).coup
        >>> hand.is_terminal(), sum(hand.net().values())
        (True, 0)
    """
    rules = rules or PRESETS.default
    return play(SieteYMedioHand(rules, seats=_check_seats(rules, seats), bank=bank), fresh_shoe(seed), conduct)


class SieteYMedioGame:
    """A game of `rules.hands` hands at `seats` seats, from a seeded generator; `bank` holds the bank first.

    Args:
        rules: the rules (default: the first preset).
        seats: the seats, the bank's included.
        seed: the seed of the generator that shuffles every hand's deck.
        bank: the seat holding the bank in the first hand.

    Raises:
        RulesError: seats out of range.
    """

    def __init__(self, rules: SieteYMedioRules | None = None, seats: int = 4, seed: int = 1, bank: int = 0) -> None:
        self.rules = rules or PRESETS.default
        self.seats = _check_seats(self.rules, seats)
        self.points = [self.rules.starting_points] * seats
        self.bank = bank
        self.hands_played = 0
        self.hand: SieteYMedioHand | None = None
        self._rng = SeededRandom(seed)
        self._pending = False
        self.events: list[Event] = []

    def copy(self) -> SieteYMedioGame:
        """An independent copy between hands (what `deepcopy` gives, without copying the last hand played:
        the next hand is a new object, and a finished hand is only read).

        Raises:
            IllegalActionError: a hand is in play.

        Examples:
            >>> game = SieteYMedioGame(seed=3)
            >>> twin = game.copy()
            >>> twin.new_hand()[0].bank == game.new_hand()[0].bank, twin.points is game.points
            (True, False)
        """
        if self._pending:
            raise IllegalActionError("Finish the hand in play first.")
        twin = copy.copy(self)
        twin.points = list(self.points)
        twin.events = list(self.events)
        twin._rng = copy.copy(self._rng)
        return twin

    def in_game(self) -> list[int]:
        """The seats that still have points."""
        return [s for s in range(self.seats) if self.points[s] > 0]

    @property
    def is_over(self) -> bool:
        """True after the last hand, or when fewer than two seats have points."""
        return self.hands_played >= self.rules.hands or len(self.in_game()) < 2

    def new_hand(self, shoe: Shoe | None = None) -> tuple[SieteYMedioHand, Shoe]:
        """The next hand and the deck it is dealt from: a fresh deck shuffled by the game (or `shoe`).

        Raises:
            IllegalActionError: a hand is in play, or the game is over.
        """
        if self._pending:
            raise IllegalActionError("Finish the hand in play first.")
        if self.is_over:
            raise IllegalActionError("The game is over.")
        cards = list(full_deck(SPANISH))
        self._rng.shuffle(cards)
        self.hand = SieteYMedioHand(self.rules, self.seats, self.bank, points=self.points)
        self._pending = True
        return self.hand, Shoe(cards) if shoe is None else shoe

    def play_hand(self, conduct: Conduct, answers: Sequence[str] = (), shoe: Shoe | None = None) -> Record:
        """Deal the next hand and play it through the driver: `conduct` decides, or the reader's `answers`.

        The record waits for the reader (`Record.waiting`) when the answers run out on one of their
        decisions; `finish_hand` settles the hand once it is over.

        Raises:
            IllegalActionError: an answer that does not fit the hand, or a hand still in play.
        """
        hand, deck = self.new_hand(shoe)
        return replay(hand, deck, conduct, list(answers))

    def finish_hand(self, accept: bool | None = None) -> list[Event]:
        """Apply the hand's results, then decide who holds the bank next.

        A player with 7½ (the bank not) takes the bank; else a bank left with
        no points passes to the next seat in play; in both cases offers are
        void. Otherwise the best offer, if any, goes to the bank, which accepts
        or refuses it (`accept`; `None` lets the engine decide by
        `SieteYMedioRules.offer_threshold`).

        Returns:
            The game's events after the hand.

        Raises:
            IllegalActionError: no hand is over to finish.
        """
        hand = self.hand
        if hand is None or not hand.finished or not self._pending:
            raise IllegalActionError("The hand is not over yet.")
        for s, net in hand.net().items():
            self.points[s] += net
        self.hands_played += 1
        self._pending = False
        events: list[Event] = []
        offer = hand.highest_offer()
        winners = hand.seven_and_a_half_seats()
        old = self.bank
        if winners:
            if offer:
                events.append(OffersVoid(VOID_SEVEN_AND_A_HALF, rule=OFFERS_VOID))
            self.bank = winners[0]
            events.append(BankPasses(self.bank, VOID_SEVEN_AND_A_HALF, rule=SEVEN_AND_A_HALF_TAKES_BANK))
        elif self.points[old] <= 0:
            if offer:
                events.append(OffersVoid(VOID_ELIMINATED, rule=OFFERS_VOID))
            following = [(old + i) % self.seats for i in range(1, self.seats)]
            successor = next((s for s in following if self.points[s] > 0), None)
            events.append(BankEliminated(old))
            if successor is not None:
                self.bank = successor
                events.append(BankPasses(successor, VOID_ELIMINATED, rule=ELIMINATED_BANK_PASSES))
        elif offer and self.is_over:
            events.append(OffersVoid(VOID_LAST_HAND, rule=NO_BANK_AFTER_LAST_HAND))
        elif offer:
            buyer, amount = offer
            engine = accept is None
            accepted = amount >= self.rules.offer_threshold if engine else bool(accept)
            if accepted:
                self.points[buyer] -= amount
                self.points[old] += amount
                self.bank = buyer
            events.append(OfferAnswered(buyer, amount, old, accepted,
                                        rule=self.rules.engine_offer_rule() if engine else BANK_ANSWERS_OFFER))
        if self.is_over:
            best = max(self.points)
            finished = self.hands_played >= self.rules.hands
            events.append(GameOver(self.hands_played, tuple(s for s in range(self.seats) if self.points[s] == best),
                                   best, rule=FIXED_NUMBER_OF_HANDS if finished else None))
        self.events += hand.events + events
        return events


def play_game(conduct: Conduct, rules: SieteYMedioRules | None = None, seats: int = 4, seed: int = 1
              ) -> list[tuple[Record, list[Event]]]:
    """A whole game with every decision taken by `conduct`: each hand's record and the game's events after it.

    Examples:
        >>> from naipes.games.siete_y_medio.conduct import EngineTable
        >>> hands = play_game(EngineTable(), seats=3, seed=2)
        >>> len(hands) <= 10, type(hands[-1][1][-1]).__name__
        (True, 'GameOver')
    """
    game = SieteYMedioGame(rules, seats=seats, seed=seed)
    hands = []
    while not game.is_over:
        record = game.play_hand(conduct)
        hands.append((record, game.finish_hand()))
    return hands
