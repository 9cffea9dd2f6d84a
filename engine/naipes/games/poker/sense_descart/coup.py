"""One hand of pòquer sense descart on the protocol: the deal, buying a card, going on or passing, the settlement.

Cards go one at a time to the player and the bank, five each, the bank's
last one face up. The player may buy a card (action `buy-N` discards the
N-th card, for the amount of the ante, where the rules allow it), then goes
on (`raise`, adding the second bet) or passes (`fold`, losing the ante). The
bank's cards are then shown and the bets settled; the side bets are paid on
the player's first five cards.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from .rules import PRESETS
    >>> coup = SenseDescartCoup(PRESETS.get("clasificador-bo-cl"))
    >>> for card in parse_cards("As Kd Ad 9c 7c 8s 5h 4h 2s Qc"):
    ...     _ = coup.apply(card)
    >>> coup.legal_actions()
    ('raise', 'fold')
    >>> _ = coup.apply("raise")
    >>> coup.outcome(), coup.returns({"ante": 1, "raise": 2})
    (('raise', 'not-qualified', 'pair', False), {'ante': Fraction(1, 1), 'raise': Fraction(0, 1)})
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.cards import Card
from ....core.errors import IllegalActionError, SpecError
from ....core.i18n import N_
from ....core.model import CHANCE, TERMINAL, Choice, Conduct, Event, Rule
from ....core.vocabulary import Word
from ..events import (ANTE, CARD_BOUGHT, FOLDED, LOSE, NOT_QUALIFIED, PROGRESSIVE, PUSH, RAISE, SPECIAL_PRIZE, WIN,
                      BankQualifies, BetSettled, BetsPlaced, CardDealt, CardsExchanged, HandShown, PlayDecision)
from ..banked import main_bets
from ..hands import category_of, strength5
from ..kernel import BANK, CODE_OF, PLAYER, OwnCompositionCoup, rule
from ..progressive import Prize
from .rules import (BUY_RULE, GO_ON_RULE, PASS_RULE, PRESETS, PROGRESSIVE_RULE, QUALIFIES, SECOND_BET_RULE,
                    SPECIAL_PRIZE_RULE, TIE_RULE, SenseDescartRules)
from .values import raise_value, thumb

class Decision(Word):
    """The player's decisions: go on (raise), pass (fold), or buy a card in place of the one at position 1 to 5."""

    RAISE = "raise"
    FOLD = "fold"
    BUY_1 = "buy-1"
    BUY_2 = "buy-2"
    BUY_3 = "buy-3"
    BUY_4 = "buy-4"
    BUY_5 = "buy-5"


#: What the word of buying a card starts with (then the position of the card given up).
BUY = "buy-"
RAISE_ACTION, FOLD_ACTION = Decision.RAISE, Decision.FOLD
FOLD, NQ, WON, LOST, TIED = "fold", "not-qualified", "win", "lose", "push"


class SenseDescartCoup(OwnCompositionCoup):
    """One player's box against the bank.

    Args:
        rules: the rules (default: the first preset).
        side_bets: place the special-prize and progressive bets the rules offer (one unit each); off unless asked,
            the reader opts in.
        pool: the progressive pool, in stakes (default: its base).
    """

    #: Every action word a decision takes (`check_word`).
    WORDS = tuple(Decision)

    def __init__(self, rules: SenseDescartRules | None = None, side_bets: bool = False,
                 pool: Fraction | None = None) -> None:
        self.rules = rules or PRESETS.default
        self.side_bets = side_bets
        self.pool = Fraction(pool if pool is not None else (self.rules.progressive.base if self.rules.progressive
                                                           else 0))
        self.player: list[Card] = []
        self.bank: list[Card] = []
        self.first_five: tuple[Card, ...] = ()
        self.player_codes: list[int] = []
        self.bank_codes: list[int] = []
        self.taken: list[int] = []
        self.events: list[Event] = []
        self.bought: int | None = None
        self.decision: str | None = None
        self.result: str | None = None

    # -- the protocol ---------------------------------------------------------------------------------------

    def current_player(self) -> str:
        if self.result is not None:
            return TERMINAL
        if len(self.bank) < 5 or (self.bought is not None and len(self.player) < 5):
            return CHANCE
        return PLAYER

    def legal_actions(self) -> tuple[str, ...]:
        if self.current_player() != PLAYER:
            return ()
        buys = tuple(Decision(f"{BUY}{i}") for i in range(1, 6)) if self.rules.buy_card and self.bought is None else ()
        return (RAISE_ACTION, FOLD_ACTION) + buys

    def stakes(self) -> dict[str, Fraction]:
        """The stakes the hand settles: the ante, the second bet, a bought card, the side bets placed."""
        found = {ANTE: Fraction(1), RAISE: Fraction(self.rules.raise_multiple), CARD_BOUGHT: Fraction(1)}
        found.update({bet: Fraction(1) for bet in self.side_bets_placed()})
        return found

    def side_bets_placed(self) -> tuple[str, ...]:
        if not self.side_bets:
            return ()
        return tuple(bet for bet, offered in ((SPECIAL_PRIZE, self.rules.special_prize),
                                              (PROGRESSIVE, self.rules.progressive)) if offered)

    def _deal(self, card: Card) -> list[Event]:
        card_code = self.take(card)
        events: list[Event] = []
        if len(self.taken) == 1:
            events.append(BetsPlaced(((ANTE, Fraction(1)),) + tuple((b, Fraction(1)) for b in self.side_bets_placed())))
        if self.bought is not None:
            self.player.insert(self.bought, card)
            self.player_codes.insert(self.bought, card_code)
            return events + [CardDealt(PLAYER, card, False, self.bought + 1, rule=BUY_RULE)]
        if len(self.player) == len(self.bank):
            self.player.append(card)
            self.player_codes.append(card_code)
            events.append(CardDealt(PLAYER, card, False, len(self.player)))
            if len(self.player) == 5:
                self.first_five = tuple(self.player)
        else:
            self.bank.append(card)
            self.bank_codes.append(card_code)
            face_up = len(self.bank) == 5
            events.append(CardDealt(BANK, card, face_up, len(self.bank)))
        return events

    def _decide(self, action: str, rule_applied: Rule | None) -> list[Event]:
        if action.startswith(BUY):
            index = int(action[len(BUY):]) - 1
            discarded = self.player.pop(index)
            self.player_codes.pop(index)
            self.bought = index
            return [CardsExchanged((discarded,), Fraction(1), rule=rule_applied or BUY_RULE)]
        self.decision = action
        m = Fraction(self.rules.raise_multiple)
        if action == FOLD_ACTION:
            self.result = FOLD
            events: list[Event] = [PlayDecision(False, Fraction(0), rule=rule_applied or PASS_RULE)]
        else:
            events = [PlayDecision(True, m, rule=rule_applied or rule(GO_ON_RULE, "002", times=m))]
            mine, bank = strength5(*self.player_codes), strength5(*self.bank_codes)
            qualifies = bank >= self.rules.qualifies_from
            events.append(HandShown(PLAYER, category_of(mine), tuple(self.player)))
            events.append(BankQualifies(qualifies, category_of(bank), tuple(self.bank), rule=QUALIFIES))
            self.result = NQ if not qualifies else WON if mine > bank else LOST if mine < bank else TIED
        return events + self._settlement()

    @staticmethod
    def strength(cards: Sequence[Card]) -> int:
        return strength5(*(CODE_OF[c] for c in cards))

    def _settlement(self) -> list[Event]:
        events: list[Event] = []
        nets = self.returns(self.stakes())
        outcome = {FOLD: FOLDED, NQ: WIN, WON: WIN, LOST: LOSE, TIED: PUSH}[self.result]
        events.append(BetSettled(ANTE, outcome, nets[ANTE], rule=TIE_RULE if self.result == TIED else None))
        if self.result != FOLD:
            outcome = {NQ: NOT_QUALIFIED, WON: WIN, LOST: LOSE, TIED: PUSH}[self.result]
            pays = self.rules.pay_table.pays_for(category_of(self.strength(self.player)))
            events.append(BetSettled(RAISE, outcome, nets[RAISE], pays if self.result == WON else None,
                                     rule=SECOND_BET_RULE if self.result == WON else None))
        for bet in self.side_bets_placed():
            events.append(BetSettled(bet, WIN if nets[bet] > 0 else LOSE, nets[bet], None,
                                     rule=PROGRESSIVE_RULE if bet == PROGRESSIVE else SPECIAL_PRIZE_RULE))
        return events

    def _side_prize(self, bet: str) -> Fraction:
        category = category_of(self.strength(self.first_five))
        if bet == SPECIAL_PRIZE:
            return self.rules.special_prize.pays_for(category) or Fraction(0)
        prize: Prize | None = self.rules.progressive.prize(category)
        return prize.paid(self.pool) if prize else Fraction(0)

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of `ante`, `raise`, `card-bought` and the side bets, per stake given, once the hand is over."""
        self._require(TERMINAL)
        pays = self.rules.pay_table.pays_for(category_of(self.strength(self.player))) or 0
        result, others = main_bets(stakes, self.result, pays)
        for bet, stake in others.items():
            if bet == CARD_BOUGHT:
                result[bet] = -stake if self.bought is not None else Fraction(0)
            elif bet in (SPECIAL_PRIZE, PROGRESSIVE):
                # the winner keeps only the prize: the stake is always collected
                result[bet] = self._side_prize(bet) * stake - stake
            else:
                raise SpecError("Unknown bet {bet!r}: use {choices}.", bet=bet, choices=", ".join(self.stakes()))
        return result

    def outcome(self) -> Hashable:
        """`(decision, result, the player's final category, whether a card was bought)`."""
        return (self.decision, self.result, category_of(self.strength(self.player)), self.bought is not None)

    def memo_key(self) -> Hashable | None:
        if self.symmetric is None:
            return None
        # the order of the cards does not change what follows, but for the bank's face-up fifth card
        hidden, up = tuple(sorted(self.bank_codes[:4])), tuple(self.bank_codes[4:])
        return (tuple(sorted(self.player_codes)), len(self.player), hidden, up, self.bought, self.decision)


THUMB = "thumb"
OPTIMAL = "optimal"
THUMB_RULE = rule(N_("three rules of thumb: go on with a pair or better; with an ace and a king, go on when the "
                     "bank's card, 2 to queen, matches one of the player's cards, when it is an ace or a king and the "
                     "player holds a queen or a jack, or when it matches none, the player holds a queen and it is "
                     "below the player's fourth highest card"))
OPTIMAL_RULE = rule(N_("optimal strategy: go on when it loses less than the ante a pass gives up"))


@dataclass(frozen=True)
class SenseDescartConduct(Conduct):
    """How the player decides: `thumb` (Shackleford's three rules of thumb) or `optimal` (exact values).

    The conduct never buys a card (`buy` is off); with `buy` on, the optimal
    conduct buys when the best purchase is worth more than going on or passing.
    """

    strategy: str = THUMB
    buy: bool = False

    def __post_init__(self) -> None:
        if self.strategy not in (THUMB, OPTIMAL):
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=self.strategy, choices="thumb, optimal")

    def choose(self, coup: SenseDescartCoup) -> Sequence[Choice]:
        if coup.current_player() != PLAYER:
            raise IllegalActionError("No decision is pending.")
        hand, up = coup.player_codes, coup.bank_codes[4]
        if self.strategy == THUMB:
            return (Choice(RAISE_ACTION if thumb(hand, up) else FOLD_ACTION, rule=THUMB_RULE),)
        value = raise_value(hand, up, coup.rules)
        best = (RAISE_ACTION if value > -1 else FOLD_ACTION, max(value, Fraction(-1)))
        if self.buy and coup.bought is None and coup.rules.buy_card:
            from .values import buy_values
            for i, v in enumerate(buy_values(hand, up, coup.rules), 1):
                if v > best[1]:
                    best = (f"{BUY}{i}", v)
        return (Choice(best[0], rule=OPTIMAL_RULE),)


def thumb_conduct(rules: SenseDescartRules) -> SenseDescartConduct:
    """The analysis's and `deal`'s conduct: the three rules of thumb, never buying."""
    return SenseDescartConduct()
