"""Siete y medio (set i mig, seven and a half): rules, the hand, and a game of several hands.

The rules are those of the Ludoteka text (source 001): the 40-card Spanish
baraja, 1 to 7 at face value and the figures (sota, caballo, rey) half a
point. The bank deals a card face down to every player and to itself; in turn,
from the player on the bank's right, each player bets (and may offer points
for the bank), then asks for cards one at a time — face up, or face down
turning the previous hidden card face up, so that one card at most stays
hidden — or stands; going over 7½ shows every card and loses at once. The
bank plays last, all its cards face up, standing when it chooses. Closest to
7½ wins, ties go to the bank, a bank with 7½ beats everyone, and a player with
7½ (the bank not) is paid double and takes the bank for the next hand.

>>> from naipes.cards import parse_cards
>>> deck = parse_cards("4o 6c 2e Rc 3b", deck=SPANISH)
>>> hand = SieteYMedioHand(PRESETS["ludoteka"], seats=2, deck=deck)
>>> hand.bet(2)
>>> hand.ask(face_down=False)
Card('2', 'e', 'spanish')
>>> hand.stand()
>>> hand.bank_draw()
Card('R', 'c', 'spanish')
>>> hand.bank_stand()
>>> hand.totals(), hand.results()
({1: 12, 0: 13}, {1: -2, 0: 2})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from .cards import SPANISH, Card, full_deck
from .errors import RulesError
from .i18n import N_
from .punto_banca import Event
from .rng import SeededRandom
from .siete_y_medio_strategy import (LIMIT, BankDecision, BankSolver, bust_probability, check_distinct,
                                     half_points, hand_half_points, unseen_composition)
from .sources import CLASSIFIER_BO_CL, Citation

#: The source file 001 holds, at its top, the Ludoteka rules of Siete y medio.
LUDOTEKA = CLASSIFIER_BO_CL

BANK = "bank"
ASK_FACE_UP = "ask-face-up"
ASK_FACE_DOWN = "ask-face-down"
STAND = "stand"
BET = "bet"
DRAW = "draw"

WAITING, PLAYING, STOOD, BUST = "waiting", "playing", "stood", "bust"


@dataclass(frozen=True)
class SieteYMedioRules:
    """Every variable of the game as a named field.

    ``hands`` is the fixed number of hands of a game, carrying the score from
    one hand to the next (Ludoteka's adaptation); every seat starts with
    ``starting_points``. A bet is a whole number of points from ``min_bet`` to
    ``max_bet`` (and no more than the player has); a player with 7½ (the bank
    not) is paid double, as the source says. ``bank_card_face_up`` says whether the bank's first card is dealt face up.

    >>> SieteYMedioRules(min_bet=0)
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: The minimum bet must be a whole number of at least 1 point, not 0.
    """

    name: str = "custom"
    hands: int = 10
    starting_points: int = 100
    min_bet: int = 1
    max_bet: int = 10
    bank_card_face_up: bool = False
    max_seats: int = 8
    engine_accepts_offer_from: int | None = None
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.hands, int) or not 1 <= self.hands <= 1000:
            raise RulesError("A game must have a whole number of hands from 1 to 1000, not {hands}.",
                             hands=self.hands)
        if not isinstance(self.min_bet, int) or self.min_bet < 1:
            raise RulesError("The minimum bet must be a whole number of at least 1 point, not {bet}.",
                             bet=self.min_bet)
        if not isinstance(self.max_bet, int) or self.max_bet < self.min_bet:
            raise RulesError("The maximum bet must be a whole number of at least {low} points, not {bet}.",
                             low=self.min_bet, bet=self.max_bet)
        if not isinstance(self.starting_points, int) or self.starting_points < self.min_bet:
            raise RulesError("Each seat must start with a whole number of at least {low} points, not {points}.",
                             low=self.min_bet, points=self.starting_points)
        if not isinstance(self.max_seats, int) or not 2 <= self.max_seats <= 8:
            raise RulesError("A table must have from 2 to 8 seats, not {seats}.", seats=self.max_seats)

    @property
    def offer_threshold(self) -> int:
        """The smallest offer the engine's bank accepts (default: one maximum bet)."""
        return self.max_bet if self.engine_accepts_offer_from is None else self.engine_accepts_offer_from


_LUDOTEKA_CITATIONS = (
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), valor de las cartas",
             "cada carta tiene, indistintamente de su palo, el valor que indica su propio índice, salvo las doce "
             "figuras sotas, caballos y reyes que tienen un valor de medio punto"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), desarrollo del juego",
             "La banca reparte una carta a cada uno de los jugadores, incluyéndose a sí misma"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "Por turnos, de derecha a izquierda, empezando por el jugador situado a la derecha de la banca"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "podrá mantener sobre la mesa una única carta boca abajo"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "Pedir la carta boca abajo, en cuyo caso debe colocar boca arriba la carta que tuviera oculta "
             "anteriormente"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), la apuesta del jugador",
             "debe mostrar todas sus cartas y pierde inmediatamente su apuesta"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), juega la banca",
             "con todas sus cartas boca arriba hasta decidir plantarse"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), juega la banca",
             "si ella se ha pasado, deberá pagar a todos aquellos jugadores que se hubieran plantado"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), cobrar las apuestas",
             "En caso de empate gana la banca ; por lo tanto, si la banca tiene siete y medio gana "
             "automáticamente a todos los jugadores"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), cobrar las apuestas",
             "Si un jugador tiene siete y medio y la banca no cobra el doble de lo apostado y además toma la "
             "banca en la mano siguiente"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "inmediatamente después de indicar su apuesta y antes de realizar su jugada"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "debe superar la oferta anterior realizada en la misma mano"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "Como máximo puede pujar ofreciendo la mitad de los puntos que le quedarían en caso de perder su "
             "apuesta"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "al finalizar la mano ésta se traslada a la banca, que simplemente debe aceptarla o rechazarla"),
    Citation(LUDOTEKA, "Siete y medio (Ludoteka), compra de la banca en Ludoteka",
             "cuando un jugador logra siete y medio o cuando la banca queda eliminada, y por lo tanto la banca "
             "cambia de jugador, las ofertas quedan anuladas"),
    Citation(LUDOTEKA, "Siete y medio, final de la partida",
             "se repite hasta completar el número fijado de manos, arrastrando el tanteo de una mano a la "
             "siguiente"),
)

_LUDOTEKA_INTERPRETATIONS = (
    N_("The source fixes neither the number of hands, nor the points each seat starts with, nor the range of "
       "the bets (\"generalmente dentro de un rango previamente fijado\"); the engine plays 10 hands from "
       "100 points with bets from 1 to 10 (options hands, starting_points, min_bet, max_bet)."),
    N_("The source does not say whether the bank's own first card is face up before the bank plays; the "
       "engine deals it face down like the players' cards and turns it up when the bank plays "
       "(option bank_card_face_up)."),
    N_("The bank deals the first cards starting with the player on its right and gives itself the last one. "
       "A fresh deck is shuffled for every hand; if the deck runs out, nobody can ask for more cards."),
    N_("When several players make 7½, the first of them in playing order takes the bank. When the bank is "
       "left with no points it is eliminated and the bank passes to the next seat in playing order that "
       "still has points; a player with no points left is out of the game."),
    N_("A bank that runs short pays its losses in full, even if its points go below zero."),
    N_("An accepted offer is paid by the buyer to the player who held the bank, and the buyer holds the bank "
       "from the next hand; after the last hand of the game there is no bank to buy and offers are void. "
       "The engine's bank accepts an offer of at least one maximum bet (option engine_accepts_offer_from)."),
    N_("The engine's bank maximises its exact expected result over the players still in, seeing only their "
       "face-up cards, the cards of those who went over and its own: each hidden card is one of the unseen "
       "cards, all equally likely given that no player still in went over 7½; it reads nothing into how "
       "players chose to ask or stand, and stands when drawing is not strictly better."),
)

PRESETS: Mapping[str, SieteYMedioRules] = {
    "ludoteka": SieteYMedioRules(name="ludoteka", citations=_LUDOTEKA_CITATIONS,
                                 interpretations=_LUDOTEKA_INTERPRETATIONS),
}
DEFAULT_PRESET = "ludoteka"


def preset(name: str) -> SieteYMedioRules:
    """The rules of a preset by name; the error lists the valid names.

    >>> preset("ludoteka").hands
    10
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("Unknown preset {name!r}: use one of {names}.", name=name,
                         names=", ".join(PRESETS)) from None


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
        return None if self.hidden is None or not self.cards else self.cards[self.hidden]

    @property
    def visible_cards(self) -> list[Card]:
        """The cards everybody can see (all of them once the hand has gone over)."""
        return [card for i, card in enumerate(self.cards) if i != self.hidden]


class SieteYMedioHand:
    """One hand: the state machine of dealing, the players' turns, the bank's turn, and settlement.

    ``seats`` participants sit around the table (numbered 0 to ``seats − 1``),
    ``bank`` is the seat holding the bank, and play goes from the seat after
    the bank onwards (the player on its right). ``deck`` gives the first cards
    to come out, in order (to stack a hand); the rest of the baraja follows,
    shuffled with ``seed`` (default: the whole baraja shuffled with ``seed``). ``points``,
    if given, are the seats' scores, for checking bets and offers; a seat with
    no points sits out.

    :attr:`to_act` names whose turn it is and :meth:`legal_actions` what they
    may do; :meth:`bet`, :meth:`ask`, :meth:`stand`, :meth:`bank_draw` and
    :meth:`bank_stand` play; :meth:`play_bank` lets the engine's bank play.
    Every step appends narrated :class:`~naipes.punto_banca.Event` objects.
    """

    def __init__(self, rules: SieteYMedioRules | None = None, seats: int = 4, bank: int = 0,
                 deck: Sequence[Card] | None = None, seed: int | None = None,
                 points: Sequence[int] | None = None) -> None:
        self.rules = rules or PRESETS[DEFAULT_PRESET]
        if not isinstance(seats, int) or not 2 <= seats <= self.rules.max_seats:
            raise RulesError("A hand needs from 2 to {most} seats (the bank and its players), not {seats}.",
                             most=self.rules.max_seats, seats=seats)
        if not isinstance(bank, int) or not 0 <= bank < seats:
            raise RulesError("The bank must be one of the seats 1 to {seats}, not {bank}.", seats=seats,
                             bank=bank + 1 if isinstance(bank, int) else bank)
        self.points = list(points) if points is not None else [self.rules.starting_points] * seats
        if len(self.points) != seats:
            raise RulesError("Give points for each of the {seats} seats, not {n}.", seats=seats, n=len(self.points))
        top = check_distinct(deck or ())
        rest = [card for card in full_deck(SPANISH) if card not in set(top)]
        SeededRandom(1 if seed is None else seed).shuffle(rest)
        self.deck = top + rest
        self._next = 0
        self.seat_count = seats
        self.bank = bank
        self.order = [(bank + i) % seats for i in range(1, seats) if self.points[(bank + i) % seats] > 0]
        if not self.order:
            raise RulesError("Nobody but the bank has points left: there is no hand to play.")
        self.seats = {s: Seat(s) for s in self.order + [bank]}
        self.bank_seat = self.seats[bank]
        self.events: list[Event] = []
        #: Every action played, in order: ``("bet", stake, offer)``, ``("ask-face-up",)``,
        #: ``("ask-face-down",)``, ``("stand",)``, ``("draw",)`` — with the seed, enough to rebuild the hand.
        self.actions: list[tuple] = []
        self._init = {"rules": self.rules, "seats": seats, "bank": bank, "deck": tuple(deck or ()), "seed": seed,
                      "points": tuple(self.points)}
        self.turn = 0
        self.bank_turned = False
        self.finished = False
        self._deal()

    # -- chance -----------------------------------------------------------------------------------------

    @property
    def cards_left(self) -> int:
        return len(self.deck) - self._next

    def _draw(self) -> Card:
        if self._next >= len(self.deck):
            raise RulesError("The deck is empty: no more cards can be dealt.")
        card = self.deck[self._next]
        self._next += 1
        return card

    def _deal(self) -> None:
        for s in self.order + [self.bank]:
            card = self._draw()
            seat = self.seats[s]
            seat.cards.append(card)
            face_up = s == self.bank and self.rules.bank_card_face_up
            seat.hidden = None if face_up else 0
            self.events.append(Event("deal", {"seat": s, "bank": s == self.bank, "card": card,
                                              "face_up": face_up}))
        self.seats[self.order[0]].status = PLAYING

    # -- whose turn ---------------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | str | None:
        """The seat whose turn it is, ``"bank"`` on the bank's turn, ``None`` once the hand is over."""
        if self.finished:
            return None
        if self.turn < len(self.order):
            return self.order[self.turn]
        return BANK

    @property
    def phase(self) -> str | None:
        """``"bet"``, ``"play"``, ``"bank"`` or ``None`` when the hand is over."""
        actor = self.to_act
        if actor is None:
            return None
        if actor == BANK:
            return BANK
        return BET if self.seats[actor].stake is None else "play"

    def legal_actions(self) -> list[str]:
        """What the one whose turn it is may do now.

        >>> hand = SieteYMedioHand(seats=3, seed=5)
        >>> hand.legal_actions()
        ['bet']
        >>> hand.bet(1); hand.legal_actions()
        ['ask-face-up', 'ask-face-down', 'stand']
        """
        phase = self.phase
        if phase is None:
            return []
        if phase == BET:
            return [BET]
        if phase == BANK:
            return ([DRAW] if self.cards_left else []) + [STAND]
        return ([ASK_FACE_UP, ASK_FACE_DOWN] if self.cards_left else []) + [STAND]

    def is_terminal(self) -> bool:
        return self.finished

    def _current(self, phase: str) -> Seat:
        if self.phase != phase:
            if self.finished:
                raise RulesError("The hand is over.")
            if self.phase == BET:
                raise RulesError("Not now: the hand waits for player {seat} to bet.", seat=self.to_act + 1)
            if self.phase == BANK:
                raise RulesError("Not now: the hand waits for the bank to play.")
            raise RulesError("Not now: the hand waits for player {seat} to ask for a card or stand.",
                             seat=self.to_act + 1)
        return self.bank_seat if phase == BANK else self.seats[self.to_act]

    # -- the players -------------------------------------------------------------------------------------

    def max_bet(self, seat: int) -> int:
        """The largest bet ``seat`` may make now."""
        return min(self.rules.max_bet, self.points[seat])

    def highest_offer(self) -> tuple[int, int] | None:
        """``(seat, points)`` of the best offer for the bank so far in this hand."""
        best = None
        for s in self.order:
            offer = self.seats[s].offer
            if offer is not None and (best is None or offer > best[1]):
                best = (s, offer)
        return best

    def offer_limit(self, seat: int, stake: int) -> int:
        """The largest whole offer: half the points ``seat`` would have left after losing ``stake``."""
        return max(0, (self.points[seat] - stake) // 2)

    def bet(self, stake: int, offer: int | None = None) -> None:
        """The player whose turn it is bets ``stake`` points and may offer ``offer`` points for the bank.

        >>> hand = SieteYMedioHand(seats=3, seed=5, points=[100, 9, 100])
        >>> hand.bet(3, offer=4)
        Traceback (most recent call last):
        ...
        naipes.errors.RulesError: An offer for the bank can be at most 3 points: half the 6 points you would have left after losing your bet. 4 is too many.
        """
        seat = self._current(BET)
        s = seat.seat
        high = self.max_bet(s)
        if not isinstance(stake, int) or isinstance(stake, bool) or not self.rules.min_bet <= stake <= high:
            raise RulesError("The bet must be a whole number of points from {low} to {high}, not {bet}.",
                             low=self.rules.min_bet, high=high, bet=stake)
        if offer is not None:
            if not isinstance(offer, int) or isinstance(offer, bool) or offer < 1:
                raise RulesError("An offer for the bank must be a whole number of points, at least 1, not {offer}.",
                                 offer=offer)
            best = self.highest_offer()
            if best is not None and offer <= best[1]:
                raise RulesError("An offer for the bank must beat the previous offer in this hand, {previous} "
                                 "points; {offer} does not.", previous=best[1], offer=offer)
            limit = self.offer_limit(s, stake)
            if offer > limit:
                raise RulesError("An offer for the bank can be at most {limit} points: half the {left} points "
                                 "you would have left after losing your bet. {offer} is too many.",
                                 limit=limit, left=self.points[s] - stake, offer=offer)
        seat.stake = stake
        seat.offer = offer
        self.actions.append((BET, stake, offer))
        self.events.append(Event("bet", {"seat": s, "stake": stake}))
        if offer is not None:
            self.events.append(Event("offer", {"seat": s, "offer": offer}))

    def ask(self, face_down: bool = False) -> Card:
        """The player asks for one card, face up or face down (turning the hidden card face up)."""
        seat = self._current("play")
        if not self.cards_left:
            raise RulesError("The deck is empty: no more cards can be dealt.")
        card = self._draw()
        self.actions.append((ASK_FACE_DOWN if face_down else ASK_FACE_UP,))
        previous = seat.hidden_card
        seat.cards.append(card)
        if face_down:
            seat.hidden = len(seat.cards) - 1
            self.events.append(Event("ask-face-down", {"seat": seat.seat, "card": card, "turned": previous,
                                                       "total": seat.total}))
        else:
            self.events.append(Event("ask-face-up", {"seat": seat.seat, "card": card, "total": seat.total}))
        if seat.total > LIMIT:
            seat.hidden = None
            seat.status = BUST
            self.events.append(Event("bust", {"seat": seat.seat, "total": seat.total, "cards": tuple(seat.cards),
                                              "stake": seat.stake}))
            self._next_turn()
        return card

    def stand(self) -> None:
        """The player stands (or, on the bank's turn, the bank stands)."""
        if self.phase == BANK:
            self.bank_stand()
            return
        seat = self._current("play")
        self.actions.append((STAND,))
        seat.status = STOOD
        self.events.append(Event("stand", {"seat": seat.seat, "total": seat.total,
                                           "visible": hand_half_points(seat.visible_cards)}))
        self._next_turn()

    def replay(self, actions: Sequence[Sequence] | None = None) -> "SieteYMedioHand":
        """A new hand dealt like this one, with ``actions`` (default: this hand's) played again.

        Widgets keep a hand as its seed and its actions and rebuild it on each click.

        >>> hand = SieteYMedioHand(seats=3, seed=8)
        >>> hand.bet(2); _ = hand.ask(face_down=True)
        >>> again = hand.replay()
        >>> again.actions == hand.actions, again.seats[1].cards == hand.seats[1].cards
        (True, True)
        """
        hand = SieteYMedioHand(**self._init)
        for action in self.actions if actions is None else actions:
            if action[0] == BET:
                hand.bet(action[1], action[2] if len(action) > 2 else None)
            else:
                hand.apply(action[0])
        return hand

    def apply(self, action: str) -> None:
        """Play an action by name (for widgets): ``ask-face-up``, ``ask-face-down``, ``stand``, ``draw``."""
        if action == ASK_FACE_UP:
            self.ask(False)
        elif action == ASK_FACE_DOWN:
            self.ask(True)
        elif action == STAND:
            self.stand()
        elif action == DRAW:
            self.bank_draw()
        else:
            raise RulesError("Unknown action {action!r}: use ask-face-up, ask-face-down, stand or draw.",
                             action=action)

    def _next_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.seats[self.order[self.turn]].status = PLAYING
            return
        if not self.players_in():
            self.events.append(Event("bank-idle", {}))
            self._finish()
            return
        self._turn_bank_card()

    def _turn_bank_card(self) -> None:
        seat = self.bank_seat
        self.bank_turned = True
        if seat.hidden is not None:
            card = seat.cards[seat.hidden]
            seat.hidden = None
            self.events.append(Event("bank-reveal", {"card": card, "total": seat.total}))

    # -- the bank ----------------------------------------------------------------------------------------

    def players_in(self) -> list[int]:
        """Seats that stood (did not go over 7½)."""
        return [s for s in self.order if self.seats[s].status == STOOD]

    def bank_view(self) -> tuple[tuple[int, ...], int, list[tuple[int, int]]]:
        """What the bank sees: ``(unseen composition, its total, [(visible half points, stake)…])``.

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
        unseen = unseen_composition(gone, self.deck)
        return unseen, self.bank_seat.total, players

    def bank_decision(self) -> BankDecision:
        """The engine's bank's choice now, with the exact expected results of standing and drawing."""
        self._current(BANK)
        unseen, total, players = self.bank_view()
        return BankSolver(unseen, total, players).decision()

    def bank_draw(self, decision: BankDecision | None = None) -> Card:
        """The bank deals itself a card, face up."""
        seat = self._current(BANK)
        if not self.cards_left:
            raise RulesError("The deck is empty: no more cards can be dealt.")
        self.actions.append((DRAW,))
        self.events.append(Event("bank-draws", {"total": seat.total, "decision": decision}))
        card = self._draw()
        seat.cards.append(card)
        self.events.append(Event("bank-card", {"card": card, "total": seat.total}))
        if seat.total > LIMIT:
            self.events.append(Event("bank-bust", {"total": seat.total}))
            self._finish()
        return card

    def bank_stand(self, decision: BankDecision | None = None) -> None:
        """The bank stands and the bets are settled."""
        seat = self._current(BANK)
        self.actions.append((STAND,))
        self.events.append(Event("bank-stands", {"total": seat.total, "decision": decision}))
        self._finish()

    def play_bank(self) -> None:
        """Let the engine's bank play to the end of the hand (:class:`~naipes.siete_y_medio_strategy.BankSolver`)."""
        while self.phase == BANK:
            if self.bank_seat.total >= LIMIT or not self.cards_left:
                self.bank_stand()
                continue
            decision = self.bank_decision()
            if decision.draws:
                self.bank_draw(decision)
            else:
                self.bank_stand(decision)

    # -- engine players -------------------------------------------------------------------------------------

    def player_view(self, seat: int) -> tuple[list[Card], list[Card]]:
        """``(own cards, other cards that seat can see)`` — what an engine player or the adviser uses."""
        seen: list[Card] = []
        for s, other in self.seats.items():
            if s != seat:
                seen += other.visible_cards
        return list(self.seats[seat].cards), seen

    def play_engine_player(self, style: "PlayerStyle | None" = None) -> None:
        """Let the engine play the current player's whole turn (bet included) with ``style``."""
        style = style or PlayerStyle()
        if self.phase == BET:
            s = self.to_act
            self.bet(min(max(style.bet, self.rules.min_bet), self.max_bet(s)))
        while self.phase == "play":
            s = self.to_act
            own, seen = self.player_view(s)
            if not self.cards_left or bust_probability(own, seen, self.deck) >= style.bust_limit:
                self.stand()
            else:
                seat = self.seats[s]
                hidden = seat.hidden_card
                self.ask(face_down=hidden is not None and half_points(hidden) == 1)

    # -- settlement --------------------------------------------------------------------------------------

    def _finish(self) -> None:
        self.finished = True
        self.events.extend(self.result_events())

    def totals(self) -> dict[int, int]:
        """Every participant's total in half points (the bank's last)."""
        return {s: self.seats[s].total for s in self.order + [self.bank]}

    def results(self) -> dict[int, int]:
        """Net points of every seat once the hand is over (the bank's is minus the sum of the others)."""
        if not self.finished:
            raise RulesError("The hand is not over yet.")
        bank_total = self.bank_seat.total
        net: dict[int, int] = {}
        for s in self.order:
            seat = self.seats[s]
            stake = seat.stake or 0
            if seat.status == BUST:
                net[s] = -stake
            elif bank_total > LIMIT:
                net[s] = stake * (2 if seat.total == LIMIT else 1)
            elif bank_total == LIMIT or bank_total >= seat.total:
                net[s] = -stake
            elif seat.total == LIMIT:
                net[s] = stake * 2
            else:
                net[s] = stake
        net[self.bank] = -sum(net.values())
        return net

    def seven_and_a_half_seats(self) -> list[int]:
        """Players who made 7½ while the bank did not, in playing order (the first takes the bank)."""
        if not self.finished or self.bank_seat.total == LIMIT:
            return []
        return [s for s in self.order if self.seats[s].status == STOOD and self.seats[s].total == LIMIT]

    def result_events(self) -> list[Event]:
        net = self.results()
        bank_total = self.bank_seat.total
        events = []
        if bank_total == LIMIT and self.players_in():
            events.append(Event("bank-seven-and-a-half", {}))
        for s in self.order:
            seat = self.seats[s]
            if seat.status == BUST:
                kind = "lost-bust"
            elif bank_total > LIMIT:
                kind = "won-bank-bust"
            elif bank_total == LIMIT:
                kind = "lost"
            elif seat.total == LIMIT:
                kind = "won-double"
            elif bank_total == seat.total:
                kind = "lost-tie"
            else:
                kind = "won" if seat.total > bank_total else "lost"
            events.append(Event("result", {"seat": s, "kind": kind, "net": net[s], "total": seat.total,
                                           "bank": bank_total}))
        events.append(Event("bank-result", {"net": net[self.bank]}))
        winners = self.seven_and_a_half_seats()
        if winners:
            events.append(Event("takes-bank", {"seat": winners[0]}))
        return events


@dataclass(frozen=True)
class PlayerStyle:
    """How an engine player plays: its bet, and it asks while the chance of going over is below ``bust_limit``.

    It asks face down only when its hidden card is a figure (turning half a
    point face up gives little away); otherwise face up, keeping its first card
    hidden. A simple, documented style, not an optimal one (see
    :func:`naipes.siete_y_medio_strategy.advise` for that).
    """

    bet: int = 1
    bust_limit: Fraction = Fraction(1, 2)


def deal_hand(seed: int, seats: int = 4, rules: SieteYMedioRules | None = None, bank: int = 0,
              style: PlayerStyle | None = None) -> SieteYMedioHand:
    """A whole hand with engine players and the engine's bank, from a seeded shuffle.

    >>> hand = deal_hand(7)
    >>> hand.is_terminal(), sum(hand.results().values())
    (True, 0)
    """
    hand = SieteYMedioHand(rules, seats=seats, bank=bank, seed=seed)
    while hand.phase in (BET, "play"):
        hand.play_engine_player(style)
    hand.play_bank()
    return hand


class SieteYMedioGame:
    """A game of a fixed number of hands carrying the score, with the bank bought and sold (Ludoteka).

    >>> game = SieteYMedioGame(seats=3, seed=11)
    >>> hand = game.new_hand()
    >>> while hand.phase in ("bet", "play"):
    ...     hand.play_engine_player()
    >>> hand.play_bank()
    >>> _ = game.finish_hand()
    >>> sum(game.points) == 300, game.hands_played
    (True, 1)
    """

    def __init__(self, rules: SieteYMedioRules | None = None, seats: int = 4, seed: int = 1, bank: int = 0) -> None:
        self.rules = rules or PRESETS[DEFAULT_PRESET]
        if not isinstance(seats, int) or not 2 <= seats <= self.rules.max_seats:
            raise RulesError("A hand needs from 2 to {most} seats (the bank and its players), not {seats}.",
                             most=self.rules.max_seats, seats=seats)
        self.seats = seats
        self.points = [self.rules.starting_points] * seats
        self.bank = bank
        self.hands_played = 0
        self.hand: SieteYMedioHand | None = None
        self._rng = SeededRandom(seed)
        self.events: list[Event] = []

    def in_game(self) -> list[int]:
        return [s for s in range(self.seats) if self.points[s] > 0]

    @property
    def is_over(self) -> bool:
        return self.hands_played >= self.rules.hands or len(self.in_game()) < 2

    def new_hand(self, deck: Sequence[Card] | None = None) -> SieteYMedioHand:
        """Shuffle a fresh deck (or use ``deck``, in dealing order) and deal the next hand."""
        if self._pending:
            raise RulesError("Finish the hand in play first.")
        if self.is_over:
            raise RulesError("The game is over.")
        cards = list(full_deck(SPANISH))
        self._rng.shuffle(cards)
        self.hand = SieteYMedioHand(self.rules, self.seats, self.bank, deck=cards if deck is None else deck,
                                    points=self.points)
        self._pending = True
        return self.hand

    _pending = False

    def finish_hand(self, accept: bool | None = None) -> list[Event]:
        """Apply the hand's results, then decide who holds the bank next.

        A player with 7½ (the bank not) takes the bank; else a bank left with
        no points passes to the next seat in play; in both cases offers are
        void. Otherwise the best offer, if any, goes to the bank, which accepts
        or refuses it (``accept``; ``None`` lets the engine decide).
        """
        hand = self.hand
        if hand is None or not hand.finished or not self._pending:
            raise RulesError("The hand is not over yet.")
        for s, net in hand.results().items():
            self.points[s] += net
        self.hands_played += 1
        self._pending = False
        events: list[Event] = []
        offer = hand.highest_offer()
        winners = hand.seven_and_a_half_seats()
        old = self.bank
        if winners:
            if offer:
                events.append(Event("offers-void", {"reason": "seven-and-a-half"}))
            self.bank = winners[0]
            events.append(Event("bank-passes", {"seat": self.bank, "reason": "seven-and-a-half"}))
        elif self.points[old] <= 0:
            if offer:
                events.append(Event("offers-void", {"reason": "eliminated"}))
            following = [(old + i) % self.seats for i in range(1, self.seats)]
            nxt = next((s for s in following if self.points[s] > 0), None)
            events.append(Event("bank-eliminated", {"seat": old}))
            if nxt is not None:
                self.bank = nxt
                events.append(Event("bank-passes", {"seat": nxt, "reason": "eliminated"}))
        elif offer and self.is_over:
            events.append(Event("offers-void", {"reason": "last-hand"}))
        elif offer:
            buyer, amount = offer
            accepted = amount >= self.rules.offer_threshold if accept is None else bool(accept)
            if accepted:
                self.points[buyer] -= amount
                self.points[old] += amount
                self.bank = buyer
            events.append(Event("offer-accepted" if accepted else "offer-refused",
                                {"seat": buyer, "offer": amount, "bank": old}))
        if self.is_over:
            best = max(self.points)
            events.append(Event("game-over", {"hands": self.hands_played,
                                              "winners": tuple(s for s in range(self.seats)
                                                               if self.points[s] == best),
                                              "points": best}))
        self.events += hand.events + events
        return events
