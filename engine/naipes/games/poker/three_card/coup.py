"""One hand of the three-card game on the protocol: three cards each, play or fold, the croupier's hand, the pay.

Cards are dealt one at a time to the player and the croupier, face down.
The player then plays (adding the play bet) or folds (losing the ante); the
croupier shows his hand, plays with a queen high or better, and the bets
are settled. The optional Pair Plus bet is paid on the player's cards alone.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from .rules import PRESETS
    >>> coup = ThreeCardCoup(PRESETS.default)
    >>> for card in parse_cards("Qh 9s 6d 5s 4c 2h"):
    ...     _ = coup.apply(card)
    >>> coup.legal_actions()
    ('play', 'fold')
    >>> _ = coup.apply("play")
    >>> coup.outcome()
    (True, 'not-qualified', 'high-card')
    >>> coup.returns({"ante": 1, "play": 1, "pair-plus": 1})
    {'ante': Fraction(1, 1), 'play': Fraction(0, 1), 'pair-plus': Fraction(-1, 1)}
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
from ..events import (ANTE, FOLDED, LOSE, NOT_QUALIFIED, PAIR_PLUS, PLAY, PUSH, WIN, BankQualifies, BetSettled,
                      BetsPlaced, CardDealt, HandShown, PlayDecision)
from ..hands import THREE_CARD, category_of, strength3
from ..kernel import BANK, PLAYER, OwnCompositionCoup, rule
from .rules import ANTE_BONUS_RULE, COMPARE, PAIR_PLUS_RULE, PRESETS, QUALIFIES, ThreeCardRules
from .values import plays

class Decision(Word):
    """The player's one decision after seeing the cards."""

    FOLD = "fold"
    PLAY = "play"


FOLD_ACTION, PLAY_ACTION = Decision
FOLD, WON, LOST, TIED = "fold", "win", "lose", "push"
PLAY_OR_FOLD = rule(N_("after seeing the cards the player plays (a bet equal to the ante) or folds and loses "
                       "the ante"), None, True)


class ThreeCardCoup(OwnCompositionCoup):
    """One player's box against the croupier.

    Args:
        rules: the rules (default: the preset).
        pair_plus: the player also bets on Pair Plus.
    """

    BETS = (ANTE, PLAY, PAIR_PLUS)

    def __init__(self, rules: ThreeCardRules | None = None, pair_plus: bool = True) -> None:
        self.rules = rules or PRESETS.default
        self.pair_plus = pair_plus
        self.player: list[Card] = []
        self.bank: list[Card] = []
        self.player_codes: list[int] = []
        self.bank_codes: list[int] = []
        self.taken: list[int] = []
        self.events: list[Event] = []
        self.plays: bool | None = None
        self.result: str | None = None

    def current_player(self) -> str:
        if self.result is not None:
            return TERMINAL
        if len(self.bank) == 3 and self.plays is None:
            return PLAYER
        return CHANCE

    def legal_actions(self) -> tuple[str, ...]:
        return (PLAY_ACTION, FOLD_ACTION) if self.current_player() == PLAYER else ()

    def stakes(self) -> dict[str, int]:
        """One unit on the ante (and the play bet, and Pair Plus when it is bet)."""
        return {ANTE: 1, PLAY: 1, **({PAIR_PLUS: 1} if self.pair_plus else {})}

    def _deal(self, card: Card) -> list[Event]:
        card_code = self.take(card)
        events: list[Event] = []
        if len(self.taken) == 1:
            events.append(BetsPlaced(tuple((bet, Fraction(1)) for bet in (ANTE, PAIR_PLUS)[:1 + self.pair_plus])))
        if len(self.player) == len(self.bank):
            self.player.append(card)
            self.player_codes.append(card_code)
            return events + [CardDealt(PLAYER, card, False, len(self.player))]
        self.bank.append(card)
        self.bank_codes.append(card_code)
        return events + [CardDealt(BANK, card, False, len(self.bank))]

    def _decide(self, action: str, rule_applied: Rule | None) -> list[Event]:
        self.plays = action == PLAY_ACTION
        return [PlayDecision(self.plays, self.rules.play_multiple, rule=rule_applied or PLAY_OR_FOLD)] + self._settle()

    @property
    def player_strength(self) -> int:
        return strength3(*self.player_codes, THREE_CARD)

    @property
    def bank_strength(self) -> int:
        return strength3(*self.bank_codes, THREE_CARD)

    def _settle(self) -> list[Event]:
        mine, bank = self.player_strength, self.bank_strength
        category = category_of(mine, THREE_CARD)
        events: list[Event] = [HandShown(PLAYER, category, tuple(self.player))]
        if not self.plays:
            self.result = FOLD
        else:
            qualifies = bank >= self.rules.qualifies_from
            events.append(BankQualifies(qualifies, category_of(bank, THREE_CARD), tuple(self.bank),
                                        rule=rule(QUALIFIES, None, True, rank=self.rules.qualifies_with)))
            self.result = (NOT_QUALIFIED if not qualifies else WON if mine > bank else LOST if mine < bank else TIED)
        nets = self.returns(self.stakes())
        for bet, net in nets.items():
            if bet == ANTE:
                outcome = FOLDED if self.result == FOLD else (WIN if net > 0 else LOSE if net < 0 else PUSH)
                pays = None
            elif bet == PLAY:
                if self.result == FOLD:
                    continue
                outcome = {NOT_QUALIFIED: NOT_QUALIFIED, WON: WIN, LOST: LOSE, TIED: PUSH}[self.result]
                pays = None
            else:
                outcome = WIN if net > 0 else LOSE
                pays = self.rules.pay_table.pair_plus.pays_for(category)
            events.append(BetSettled(bet, outcome, net, pays, rule=PAIR_PLUS_RULE if bet == PAIR_PLUS else (
                COMPARE if self.result in (WON, LOST, TIED) and bet == PLAY else None)))
        bonus = self.rules.pay_table.ante_bonus.pays_for(category)
        if self.plays and bonus:
            events.append(BetSettled(ANTE, WIN, Fraction(bonus), bonus, rule=ANTE_BONUS_RULE))
        return events

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of `ante` (with its bonus), `play` and `pair-plus` once the hand is over."""
        self._require(TERMINAL)
        category = category_of(self.player_strength, THREE_CARD)
        m = self.rules.play_multiple
        result = {}
        for bet, stake in stakes.items():
            stake = Fraction(stake)
            if bet == PAIR_PLUS:
                pays = self.rules.pay_table.pair_plus.pays_for(category)
                result[bet] = stake * pays if pays is not None else -stake
            elif bet == ANTE:
                base = {FOLD: -1, NOT_QUALIFIED: 1, WON: 1, LOST: -1, TIED: 0}[self.result]
                bonus = (self.rules.pay_table.ante_bonus.pays_for(category) or 0) if self.plays else 0
                result[bet] = stake * (base + bonus)
            elif bet == PLAY:
                result[bet] = stake * m * {FOLD: 0, NOT_QUALIFIED: 0, WON: 1, LOST: -1, TIED: 0}[self.result]
            else:
                raise SpecError("Unknown bet {bet!r}: use {choices}.", bet=bet, choices=", ".join(self.BETS))
        return result

    def outcome(self) -> Hashable:
        """`(plays, result, the player's category)`: what an exact analysis tallies."""
        return (self.plays, self.result, category_of(self.player_strength, THREE_CARD))

    def memo_key(self) -> Hashable | None:
        if self.symmetric is None:
            return None
        return (tuple(sorted(self.player_codes)), tuple(sorted(self.bank_codes)), len(self.player), self.plays)


OPTIMAL_RULE = rule(N_("optimal strategy: play when playing loses less than the ante a fold gives up"))


@dataclass(frozen=True)
class ThreeCardConduct(Conduct):
    """How the player decides: `optimal` (exact, full deck: a queen, six, four or better) or `always-play`.

    Examples:
        >>> ThreeCardConduct("sometimes")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown choice 'sometimes': use optimal, always-play.
    """

    strategy: str = "optimal"

    def __post_init__(self) -> None:
        if self.strategy not in ("optimal", "always-play"):
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=self.strategy,
                            choices="optimal, always-play")

    def choose(self, coup: ThreeCardCoup) -> Sequence[Choice]:
        if coup.current_player() != PLAYER:
            raise IllegalActionError("No decision is pending.")
        if self.strategy == "always-play":
            return (Choice(PLAY_ACTION, rule=rule(N_("the player's stated strategy"))),)
        return (Choice(PLAY_ACTION if plays(coup.player_codes, coup.rules) else FOLD_ACTION, rule=OPTIMAL_RULE),)


def optimal_conduct(rules: ThreeCardRules) -> ThreeCardConduct:
    """The analysis's and `deal`'s conduct."""
    return ThreeCardConduct()
