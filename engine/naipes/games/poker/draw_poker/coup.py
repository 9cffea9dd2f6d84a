"""One hand of Draw Poker against the bank on the protocol: the deal, bet and exchange or fold, the settlement.

The croupier shuffles as the classifier says and deals five closed cards to
the player and to himself. The player folds (`fold`, losing the ANTE) or
bets, keeping the five cards (`stand`) or exchanging one or two
(`draw-2`, `draw-1-5`: the positions of the cards discarded). The croupier
then shows his hand, opens with a pair of eights or better, and the bets are
settled; the progressive is paid on the player's first five cards (or, with the
option `progressive_hand=final`, on the hand after the exchange).

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from .rules import PRESETS
    >>> coup = DrawPokerCoup(PRESETS.default, side_bets=False)
    >>> for card in parse_cards("9h As 9d Ad Kc 7c 4s 7d 2h 3c"):
    ...     _ = coup.apply(card)
    >>> coup.legal_actions()[:4]
    ('fold', 'stand', 'draw-1', 'draw-2')
    >>> _ = coup.apply("draw-4-5"); _ = coup.apply(parse_cards("9s")[0]); _ = coup.apply(parse_cards("Ks")[0])
    >>> coup.outcome(), coup.returns({"ante": 1, "raise": 2})
    (('draw-2', 'win', 'full-house'), {'ante': Fraction(1, 1), 'raise': Fraction(14, 1)})
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Hashable, Mapping, Sequence

from ....core.cards import Card
from ....core.errors import IllegalActionError, SpecError
from ....core.i18n import N_
from ....core.model import CHANCE, TERMINAL, Choice, Conduct, Event, Rule
from ....core.vocabulary import Word
from ..events import (ANTE, FOLDED, LOSE, NOT_QUALIFIED, PROGRESSIVE, PUSH, RAISE, WIN, BankQualifies,
                      BetSettled, BetsPlaced, CardDealt, CardsExchanged, HandShown, PlayDecision, Shuffled)
from ..banked import main_bets
from ..hands import category_of, strength5
from ..kernel import BANK, CODE_OF, PLAYER, OwnCompositionCoup, rule
from ..progressive import FINAL_HAND
from .rules import (BET_RULE, EXCHANGE_RULE, FOLD_RULE, OPENS_RULE, PAID_RULE, PRESETS, SHUFFLE_RULE,
                    DrawPokerRules)
from .strategy import exchange

class Decision(Word):
    """The player's decision besides exchanging: fold, or bet and keep the five cards."""

    FOLD = "fold"
    STAND = "stand"


#: What the word of every exchange starts with (then the positions exchanged, 1 to 5: `draw-1-5`).
DRAW = "draw-"
#: The words of every exchange of one to three cards (the most `DrawPokerRules.max_exchange` allows).
Exchange = Word("Exchange", {"DRAW_" + "_".join(map(str, cards)): DRAW + "-".join(map(str, cards))
                             for k in (1, 2, 3) for cards in combinations(range(1, 6), k)})
FOLD_ACTION, STAND = Decision
FOLD, NQ, WON, LOST, TIED = "fold", "not-qualified", "win", "lose", "push"


def draw_action(positions: Sequence[int]) -> str:
    """The action that exchanges the cards at `positions` (0 to 4): `draw-1-5`; none: `stand`.

    Examples:
        >>> draw_action((0, 4)), draw_action(())
        ('draw-1-5', 'stand')
    """
    return Exchange(DRAW + "-".join(str(i + 1) for i in sorted(positions))) if positions else STAND


class DrawPokerCoup(OwnCompositionCoup):
    """One player's box against the croupier.

    Args:
        rules: the rules (default: the preset).
        side_bets: place the progressive bet the rules offer (one unit); off unless asked, the reader opts in.
        pool: the progressive pool, in stakes (default: its base).
    """

    #: Every action word a decision takes (`check_word`).
    WORDS = (*Decision, *Exchange)

    def __init__(self, rules: DrawPokerRules | None = None, side_bets: bool = False,
                 pool: Fraction | None = None) -> None:
        self.rules = rules or PRESETS.default
        self.side_bets = side_bets and self.rules.progressive is not None
        self.pool = Fraction(pool if pool is not None else (self.rules.progressive.base if self.rules.progressive
                                                           else 0))
        self.player: list[Card | None] = []
        self.bank: list[Card] = []
        self.first_five: tuple[Card, ...] = ()
        self.player_codes: list[int | None] = []
        self.bank_codes: list[int] = []
        self.taken: list[int] = []
        self.events: list[Event] = []
        self.decision: str | None = None
        self.result: str | None = None

    def current_player(self) -> str:
        if self.result is not None:
            return TERMINAL
        if len(self.bank) < 5 or None in self.player:
            return CHANCE
        return PLAYER

    def legal_actions(self) -> tuple[str, ...]:
        if self.current_player() != PLAYER:
            return ()
        draws = [draw_action(c) for k in range(1, self.rules.max_exchange + 1) for c in combinations(range(5), k)]
        return (FOLD_ACTION, STAND, *draws)

    def stakes(self) -> dict[str, Fraction]:
        found = {ANTE: Fraction(1), RAISE: Fraction(self.rules.bet_multiple)}
        if self.side_bets:
            found[PROGRESSIVE] = Fraction(1)
        return found

    def _deal(self, card: Card) -> list[Event]:
        card_code = self.take(card)
        events: list[Event] = []
        if len(self.taken) == 1:
            events.append(Shuffled(rule=SHUFFLE_RULE))
            bets = ((ANTE, Fraction(1)),) + (((PROGRESSIVE, Fraction(1)),) if self.side_bets else ())
            events.append(BetsPlaced(bets))
        if None in self.player:
            i = self.player.index(None)
            self.player[i] = card
            self.player_codes[i] = card_code
            events.append(CardDealt(PLAYER, card, False, i + 1, rule=EXCHANGE_RULE))
            if None not in self.player:
                events += self._settle()
            return events
        if len(self.player) == len(self.bank):
            self.player.append(card)
            self.player_codes.append(card_code)
            events.append(CardDealt(PLAYER, card, False, len(self.player)))
            if len(self.player) == 5:
                self.first_five = tuple(self.player)  # type: ignore[arg-type]
        else:
            self.bank.append(card)
            self.bank_codes.append(card_code)
            events.append(CardDealt(BANK, card, False, len(self.bank)))
        return events

    def _decide(self, action: str, rule_applied: Rule | None) -> list[Event]:
        if action == FOLD_ACTION:
            self.decision = FOLD
            self.result = FOLD
            return [PlayDecision(False, Fraction(0), rule=rule_applied or FOLD_RULE)] + self._settlement()
        m = Fraction(self.rules.bet_multiple)
        events: list[Event] = [PlayDecision(True, m, rule=rule_applied or BET_RULE)]
        positions = [int(p) - 1 for p in action[len(DRAW):].split("-")] if action.startswith(DRAW) else []
        self.decision = f"draw-{len(positions)}" if positions else STAND
        discarded = tuple(self.player[i] for i in positions)
        events.append(CardsExchanged(discarded, Fraction(0), rule=EXCHANGE_RULE if positions else None))
        for i in positions:
            self.player[i] = None
            self.player_codes[i] = None
        if not positions:
            events += self._settle()
        return events

    @staticmethod
    def strength(cards: Sequence[Card]) -> int:
        return strength5(*(CODE_OF[c] for c in cards))

    def _settle(self) -> list[Event]:
        mine, bank = strength5(*self.player_codes), strength5(*self.bank_codes)
        opens = bank >= self.rules.opens_from
        self.result = NQ if not opens else WON if mine > bank else LOST if mine < bank else TIED
        events: list[Event] = [HandShown(PLAYER, category_of(mine), tuple(self.player)),
                               BankQualifies(opens, category_of(bank), tuple(self.bank), rule=OPENS_RULE)]
        return events + self._settlement()

    def _settlement(self) -> list[Event]:
        nets = self.returns(self.stakes())
        events: list[Event] = [BetSettled(ANTE, {FOLD: FOLDED, NQ: WIN, WON: WIN, LOST: LOSE, TIED: PUSH}[self.result],
                                          nets[ANTE])]
        if self.result != FOLD:
            pays = self.rules.pay_table.pays_for(category_of(self.strength(self.player)))
            events.append(BetSettled(RAISE, {NQ: NOT_QUALIFIED, WON: WIN, LOST: LOSE, TIED: PUSH}[self.result],
                                     nets[RAISE], pays if self.result == WON else None,
                                     rule=PAID_RULE if self.result == WON else None))
        if self.side_bets:
            events.append(BetSettled(PROGRESSIVE, WIN if nets[PROGRESSIVE] > 0 else LOSE, nets[PROGRESSIVE]))
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of `ante`, `raise` (the BET) and `progressive`, per stake given, once the hand is over."""
        self._require(TERMINAL)
        final = self.player if self.result != FOLD else self.first_five
        pays = self.rules.pay_table.pays_for(category_of(self.strength(final))) or 0
        result, others = main_bets(stakes, self.result, pays)
        for bet, stake in others.items():
            if bet == PROGRESSIVE and self.rules.progressive is not None:
                read = final if self.rules.progressive_hand == FINAL_HAND else self.first_five
                prize = self.rules.progressive.prize(category_of(self.strength(read)))
                result[bet] = (prize.paid(self.pool) if prize else 0) * stake - stake
            else:
                raise SpecError("Unknown bet {bet!r}: use {choices}.", bet=bet, choices=", ".join(self.stakes()))
        return result

    def outcome(self) -> Hashable:
        """`(decision, result, the player's final category)`."""
        final = self.player if self.result != FOLD else self.first_five
        return (self.decision, self.result, category_of(self.strength(final)))

    def memo_key(self) -> Hashable | None:
        if self.symmetric is None:
            return None
        # the order of a hand's cards does not change what follows (the conduct reads the cards, not places)
        kept = tuple(sorted(c for c in self.player_codes if c is not None))
        return (kept, self.player.count(None), tuple(sorted(self.bank_codes)), self.decision)


STATED_RULE = rule(N_("stated strategy: always bet; keep a straight or better, exchange the odd cards of three of a "
                      "kind, two pair or a pair, the fifth card of four to a flush or an open straight, otherwise "
                      "the two lowest"))


@dataclass(frozen=True)
class DrawPokerConduct(Conduct):
    """How the player decides: the stated strategy (`strategy.exchange`), always betting."""

    def choose(self, coup: DrawPokerCoup) -> Sequence[Choice]:
        if coup.current_player() != PLAYER:
            raise IllegalActionError("No decision is pending.")
        positions = exchange(coup.player_codes, coup.rules.max_exchange)
        return (Choice(draw_action(positions), rule=STATED_RULE),)


def stated_conduct(rules: DrawPokerRules) -> DrawPokerConduct:
    """The analysis's and `deal`'s conduct."""
    return DrawPokerConduct()
