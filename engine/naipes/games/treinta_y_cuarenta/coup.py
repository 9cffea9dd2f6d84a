"""A coup of Treinta y Cuarenta on the engine's protocol: NEGRA card by card, then ROJA, then the announcement.

Every step is a chance step (a card from the shoe): the rules decide the rest.
NEGRA takes cards until it reaches or passes 31, then ROJA does; the row
closer to 31 wins (noir for NEGRA, rouge for ROJA), and the colour of the
coup's very first card decides couleur or inverse. `settle` pays the four
chances, under the rules' 31–31 rule and with the stakes in prison.

`RowCoup` is one row alone: the coup the generic exact walk checks the row
analysis on (the walk over both rows of a full deck has millions of states).

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> coup = TreintaCoup()
    >>> for card in parse_cards("8h Ts Kd 9c Jh 9s 7d 6d"):
    ...     _ = coup.apply(card)
    >>> coup.totals, coup.winner, coup.couleur
    ((37, 32), 'roja', True)
    >>> coup.returns({"noir": 10, "rouge": 10, "couleur": 5})
    {'noir': Fraction(-10, 1), 'rouge': Fraction(10, 1), 'couleur': Fraction(5, 1)}
"""

from __future__ import annotations

from fractions import Fraction
from typing import Hashable, Mapping

from ...core.cards import FRENCH, Card
from ...core.errors import CardError, IllegalActionError, RulesError, SpecError
from ...core.options import parse_number
from ...core.model import CHANCE, TERMINAL, Coup, Event, NoDecisions, Rule
from .events import (FREED, HALF_LOST, LOST, PRISON_LOST, RETURNED, STANDS, STILL_IN_PRISON, TO_PRISON, WON,
                     BetSettled, CardToRow, CoupResult, CoupVoid, RowDealt)
from .rules import (ANNOUNCED, BETS, CARD_VALUES, COULEUR, COLOUR_RULE, EVEN_MONEY, HALF, HALF_RULE, INVERSE,
                    LIMIT, LOWER_WINS, NEGRA, NEGRA_FIRST, NOIR, PRESETS, PRISON_AGAIN_LOST, PRISON_AGAIN_STAYS,
                    PRISON_FREED, PRISON_LOST as PRISON_LOST_RULE, PRISON_RULE, PRISON_STAYS, REFAIT, ROJA, ROUGE,
                    ROWS, ROWS_STOP, STAYS, TreintaRules)
from .values import BLACK, VALUE_COLOUR, card_value, colour


#: The ranks whose value the source states outright: the ace counts 1 and the figures 10.
COUNTED = frozenset("AJQK")


class _RowDealing:
    """What both coups share: dealing cards to rows until each reaches or passes 31, and the first card's colour."""

    classes = VALUE_COLOUR
    rows_dealt: int
    _LISTS: tuple[str, ...] = ()

    def _deal(self, card: Card, row_index: int, cards: list[Card], total: int) -> tuple[int, list[Event]]:
        if not isinstance(card, Card) or card.deck != FRENCH:
            raise CardError("Treinta y Cuarenta is dealt from French decks: {card} is not one of their cards.",
                            card=str(card))
        first = self.first_black is None  # type: ignore[attr-defined]
        if first:
            self.first_black = colour(card) == BLACK  # type: ignore[attr-defined]
        cards.append(card)
        total += card_value(card)
        row = ROWS[row_index]
        # The order of the rows is cited on each row's first card, the values on the cards they change (ace, figures).
        rule = NEGRA_FIRST if len(cards) == 1 else CARD_VALUES if card.rank in COUNTED else None
        events: list[Event] = [CardToRow(row, card, total, first, rule=rule)]
        if total >= LIMIT:
            events.append(RowDealt(row, total, len(cards), rule=ROWS_STOP))
            self.rows_dealt += 1
        return total, events

    def chance_outcomes(self, counts):
        """The classes that can come out next, weighted by the cards of them left.

        Only the coup's first card needs its colour: after it, the cards of one
        value are offered as one outcome (the class of that value with more
        cards left, the first card's colour when even), so an exact walk's
        compositions differ by the values dealt and not by the colours of
        cards nobody looks at.

        Examples:
            >>> from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR
            >>> coup = TreintaCoup()
            >>> len(coup.chance_outcomes(VALUE_COLOUR.full(1)))
            20
            >>> _ = coup.apply(Card("5", "h"))
            >>> coup.chance_outcomes(VALUE_COLOUR.full(1))[:2]
            [(1, 4), (3, 4)]
        """
        if self.current_player() != CHANCE:  # type: ignore[attr-defined]
            return []
        if self.first_black is None:  # type: ignore[attr-defined]
            return [(index, count) for index, count in enumerate(counts) if count]
        outcomes = []
        first_black = self.first_black  # type: ignore[attr-defined]
        for value in range(10):
            black, red = counts[2 * value], counts[2 * value + 1]
            if black + red:
                take_black = black > red or (black == red and first_black)
                outcomes.append((2 * value if take_black else 2 * value + 1, black + red))
        return outcomes

    def clone(self):
        """An independent copy (the walk branches on it): the lists of cards and events are copied."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in self._LISTS:
            setattr(twin, name, list(getattr(self, name)))
        return twin


class TreintaCoup(_RowDealing, Coup):
    """One coup: `apply(card)` gives the card to NEGRA until it reaches 31, then to ROJA.

    Args:
        rules: the rules (default: the first preset).
    """

    WORDS = ()  # no decision: only cards

    _LISTS = ("negra", "roja", "events")

    def __init__(self, rules: TreintaRules | None = None) -> None:
        self.rules = rules or PRESETS.default
        self.negra: list[Card] = []
        self.roja: list[Card] = []
        self.negra_total = 0
        self.roja_total = 0
        self.rows_dealt = 0
        self.first_black: bool | None = None
        self.is_void = False
        self.events: list[Event] = []

    # -- the protocol -----------------------------------------------------------------------------------

    def current_player(self) -> str:
        return TERMINAL if self.rows_dealt == 2 or self.is_void else CHANCE

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        self._require(CHANCE)
        if not isinstance(action, Card):
            raise SpecError("A Treinta y Cuarenta coup only takes cards, not {action!r}.", action=str(action))
        if self.rows_dealt == 0:
            self.negra_total, events = self._deal(action, 0, self.negra, self.negra_total)
        else:
            self.roja_total, events = self._deal(action, 1, self.roja, self.roja_total)
        if self.rows_dealt == 2:
            events.append(self._result())
        self.events += events
        return events

    def void(self, rule: Rule | None = None) -> list[Event]:
        """End the coup as void (the separator came out before it was complete): every bet is returned.

        Raises:
            IllegalActionError: the coup is over already.
        """
        self._require(CHANCE)
        self.is_void = True
        events: list[Event] = [CoupVoid(rule=rule)]
        self.events += events
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of each stake once the coup is over; a stake sent to prison is 0 until a coup decides it."""
        self._require(TERMINAL)
        events, _ = settle(self, stakes, {})
        return {event.bet: event.net for event in events}  # type: ignore[attr-defined]

    def results(self) -> tuple[str, ...]:
        """The chances that won (`noir`/`rouge` and `couleur`/`inverse`), or `refait`, `31-31`, `void`."""
        self._require(TERMINAL)
        if self.is_void:
            return ("void",)
        if self.winner is None:
            return ("31-31",) if self.negra_total == LIMIT else ("refait",)
        return (NOIR if self.winner == NEGRA else ROUGE, COULEUR if self.couleur else INVERSE)

    def outcome(self) -> Hashable:
        """`(NEGRA's total, ROJA's total, first card black?)`."""
        return (self.negra_total, self.roja_total, self.first_black)

    def memo_key(self) -> Hashable:
        return (self.rows_dealt, self.negra_total, self.roja_total, self.first_black)

    # -- the result ------------------------------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, int]:
        """NEGRA's and ROJA's totals so far."""
        return (self.negra_total, self.roja_total)

    @property
    def winner(self) -> str | None:
        """`negra` or `roja` once both rows are dealt and differ; `None` otherwise."""
        if self.rows_dealt < 2 or self.negra_total == self.roja_total:
            return None
        return NEGRA if self.negra_total < self.roja_total else ROJA

    @property
    def couleur(self) -> bool | None:
        """True when couleur wins (the first card has the winning row's colour), False for inverse."""
        winner = self.winner
        if winner is None:
            return None
        return self.first_black == (winner == NEGRA)

    def _result(self) -> CoupResult:
        rule = ANNOUNCED
        return CoupResult(self.negra_total, self.roja_total, self.winner, self.couleur, bool(self.first_black),
                          rule=rule)


class RowCoup(_RowDealing, Coup):
    """One row alone, dealt like NEGRA until it reaches or passes 31: the walk's coup for the row analysis.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> row = RowCoup()
        >>> for card in parse_cards("Kd Qs 9h 5c"):
        ...     _ = row.apply(card)
        >>> row.outcome(), row.is_terminal()
        ((34, False), True)
    """

    WORDS = ()  # no decision: only cards

    _LISTS = ("cards", "events")

    def __init__(self, rules: TreintaRules | None = None) -> None:
        self.rules = rules or PRESETS.default
        self.cards: list[Card] = []
        self.total = 0
        self.rows_dealt = 0
        self.first_black: bool | None = None
        self.events: list[Event] = []

    def current_player(self) -> str:
        return TERMINAL if self.rows_dealt else CHANCE

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        self._require(CHANCE)
        if not isinstance(action, Card):
            raise SpecError("A Treinta y Cuarenta coup only takes cards, not {action!r}.", action=str(action))
        self.total, events = self._deal(action, 0, self.cards, self.total)
        self.events += events
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        raise SpecError("A row alone settles no bet.")

    def results(self) -> tuple[str, ...]:
        return (str(self.total),)

    def outcome(self) -> Hashable:
        """`(the row's total, first card black?)`."""
        return (self.total, self.first_black)

    def memo_key(self) -> Hashable:
        return (self.total, self.first_black)


def winning_chances(coup: TreintaCoup) -> tuple[str, ...]:
    """The two chances a decisive coup pays (`noir` or `rouge`, `couleur` or `inverse`); none otherwise.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> coup = TreintaCoup()
        >>> for card in parse_cards("Ts Kd Qc 2h Jh Td 9s 5c"):
        ...     _ = coup.apply(card)
        >>> winning_chances(coup)
        ('noir', 'couleur')
    """
    if coup.winner is None:
        return ()
    return (NOIR if coup.winner == NEGRA else ROUGE, COULEUR if coup.couleur else INVERSE)


def check_stakes(stakes: Mapping[str, object]) -> dict[str, Fraction]:
    """Stakes by chance, each a positive amount; chances not named are not played.

    Raises:
        SpecError: an unknown chance.
        RulesError: a stake that is not a positive number.

    Examples:
        >>> check_stakes({"noir": 10, "inverse": "2.5"})
        {'noir': Fraction(10, 1), 'inverse': Fraction(5, 2)}
        >>> check_stakes({"zero": 1})
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown bet 'zero': use noir, rouge, couleur or inverse.
    """
    checked = {}
    for bet, stake in stakes.items():
        if bet not in BETS:
            raise SpecError("Unknown bet {bet!r}: use noir, rouge, couleur or inverse.", bet=str(bet))
        amount = parse_number(str(stake)) if not isinstance(stake, (int, Fraction)) else Fraction(stake)
        if isinstance(stake, bool) or amount is None or not 0 < amount <= 10**6:
            raise RulesError("A stake must be a number more than 0 and at most 1000000, not {stake!r}.",
                             stake=str(stake))
        checked[bet] = amount
    return checked


def settle(coup: TreintaCoup, stakes: Mapping[str, Fraction | int],
           prison: Mapping[str, Fraction | int]) -> tuple[list[BetSettled], dict[str, Fraction]]:
    """Settle the coup's stakes and the stakes in prison, under the coup's rules.

    Args:
        coup: a coup that is over.
        stakes: the stakes placed on this coup, by chance.
        prison: the stakes in prison from earlier coups, by chance.

    Returns:
        The events of the settlement (one per stake) and the stakes in prison after the coup.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> from dataclasses import replace
        >>> rules = replace(PRESETS.get(), tie_31="prison")
        >>> coup = TreintaCoup(rules)
        >>> for card in parse_cards("Ts Kd Qc Ah Jh Td 9s 2c"):
        ...     _ = coup.apply(card)
        >>> coup.totals
        (31, 31)
        >>> events, prison = settle(coup, {"noir": 10}, {})
        >>> events[0].kind, prison
        ('to-prison', {'noir': Fraction(10, 1)})
    """
    if not coup.is_terminal():
        raise IllegalActionError("The coup is not over: its bets cannot be settled yet.")
    rules = coup.rules
    won = set(winning_chances(coup))
    decisive = coup.winner is not None
    after_31 = not coup.is_void and not decisive and coup.negra_total == LIMIT
    events: list[BetSettled] = []
    kept: dict[str, Fraction] = {}
    for bet, stake in check_stakes(stakes).items():
        if coup.is_void:
            events.append(BetSettled(bet, stake, RETURNED, Fraction(0), rule=coup.events[-1].rule))
        elif decisive:
            events.append(BetSettled(bet, stake, WON, stake, rule=EVEN_MONEY) if bet in won else
                          BetSettled(bet, stake, LOST, -stake, rule=_chance_rule(bet)))
        elif not after_31:
            events.append(BetSettled(bet, stake, STANDS, Fraction(0), rule=REFAIT))
        elif rules.tie_31 == HALF:
            events.append(BetSettled(bet, stake, HALF_LOST, -stake / 2, rule=HALF_RULE))
        else:
            events.append(BetSettled(bet, stake, TO_PRISON, Fraction(0), rule=PRISON_RULE))
            kept[bet] = kept.get(bet, Fraction(0)) + stake
    for bet, stake in check_stakes(prison).items():
        if decisive:
            events.append(BetSettled(bet, stake, FREED, Fraction(0), True, rule=PRISON_FREED) if bet in won else
                          BetSettled(bet, stake, PRISON_LOST, -stake, True, rule=PRISON_LOST_RULE))
            continue
        if after_31 and rules.prison_again != STAYS:
            events.append(BetSettled(bet, stake, PRISON_LOST, -stake, True, rule=PRISON_AGAIN_LOST))
            continue
        rule = PRISON_AGAIN_STAYS if after_31 else PRISON_STAYS if not coup.is_void else coup.events[-1].rule
        events.append(BetSettled(bet, stake, STILL_IN_PRISON, Fraction(0), True, rule=rule))
        kept[bet] = kept.get(bet, Fraction(0)) + stake
    return events, kept


def _chance_rule(bet: str) -> Rule:
    return COLOUR_RULE if bet in (COULEUR, INVERSE) else LOWER_WINS


def no_decisions(rules: TreintaRules) -> NoDecisions:
    """The game's conduct: the rules decide every step of a coup.

    Examples:
        >>> no_decisions(PRESETS.default)
        NoDecisions()
    """
    return NoDecisions()


def check_decks(rules: TreintaRules) -> TreintaRules:
    """`rules` if a shoe can be dealt with them: the separator needs one deck out of play and half the pack.

    Raises:
        RulesError: fewer than two decks.

    Examples:
        >>> check_decks(PRESETS.default.with_options(decks=1))
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: A shoe of Treinta y Cuarenta needs at least 2 decks: the separator leaves one deck out of play, not 1.
    """
    if rules.decks < 2:
        raise RulesError("A shoe of Treinta y Cuarenta needs at least 2 decks: the separator leaves one deck out of "
                         "play, not {decks}.", decks=rules.decks)
    return rules
