"""One Trijoker (or Go Poker) hand on the protocol: three cards, two withdrawals, two common cards, the pay.

The cards leave the deck in the decree's order (002 §11.VII): a player's
card, a common card face down, a second player's card, the other common card
face down, the third player's card. Then the croupier turns the common cards
up one at a time; in Trijoker the player may withdraw bet 1 after the three
cards and bet 2 after the first common card (actions `pull` and `ride`).
Every bet still in play is paid by the table on the final five cards, or
lost.

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> from .rules import PRESETS
    >>> coup = TrijokerCoup(PRESETS.get("cat-2016"))
    >>> for card in parse_cards("Jh 9s Jd Js 4c"):  # player, common, player, common, player
    ...     _ = coup.apply(card)
    >>> coup.current_player(), coup.legal_actions(), [str(c) for c in coup.seen]
    ('player', ('ride', 'pull'), ['Jh', 'Jd', '4c'])
    >>> _ = coup.apply("ride"); _ = coup.apply("pull")
    >>> coup.outcome(), coup.returns({"bet1": 10, "bet2": 10, "bet3": 10})
    ((True, False, 'three-of-a-kind'), {'bet1': Fraction(30, 1), 'bet2': Fraction(0, 1), 'bet3': Fraction(30, 1)})
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.cards import Card
from ....core.errors import IllegalActionError, SpecError
from ....core.i18n import N_
from ....core.model import CHANCE, TERMINAL, Choice, Conduct, Event, Rule, Words
from ....core.vocabulary import Word
from ..events import (BET_1, BET_2, BET_3, LOSE, WIN, WITHDRAWN, BetDecision, BetSettled, BetsPlaced, CardDealt,
                      CommonCardsPlaced, CoupVoid, HandShown)
from ..hands import RANKS, category_of, strength5
from ..kernel import COMMON, PLAYER, OwnCompositionCoup, rule
from .rules import (COMMON_EXPOSED, MINIMUM_PAIR, PAID_BY_TABLE, PRESETS, WITHDRAW_1, WITHDRAW_2, TrijokerRules,
                    pair_name)
from .values import LOSES, pay_key, payout, rides, signature

class Decision(Word):
    """What the player does with a bet when a card is turned: let it ride, or pull it back."""

    RIDE = "ride"
    PULL = "pull"


RIDE, PULL = Decision
BETS = (BET_1, BET_2, BET_3)


class TrijokerCoup(OwnCompositionCoup):
    """One player's box against the house.

    Args:
        rules: the rules (default: the first preset).
        draw_when_turned: take each common card from the deck when it is turned up rather than when it is placed
            (the exact walk of a full deck: the cards the player has not seen are alike, so the odds are the
            same, and the walk need not carry two hidden cards through every decision).
    """

    def __init__(self, rules: TrijokerRules | None = None, draw_when_turned: bool = False) -> None:
        self.rules = rules or PRESETS.default
        self.draw_when_turned = draw_when_turned
        self.player: list[Card] = []
        #: the common cards in the order they were placed, face down until `turned` of them are up
        self.common: list[Card] = []
        self.common_codes: list[int] = []
        self.turned = 0
        self.rides: list[bool] = []
        #: the codes of the cards the player has seen: theirs, then the common cards turned up
        self.codes: list[int] = []
        self.taken: list[int] = []
        self.events: list[Event] = []
        self.key: str | None = None

    @property
    def decisions_due(self) -> int:
        """How many decisions have come due (0, 1 or 2)."""
        if not self.rules.withdrawals:
            return 0
        return (len(self.player) == 3) + (self.turned >= 1)

    @property
    def seen(self) -> list[Card]:
        """The cards the player has seen: theirs, then the common cards turned up."""
        return self.player + self.common[:self.turned]

    def current_player(self) -> str:
        if self.key is not None:
            return TERMINAL
        if len(self.player) < 3 or len(self.common) < 2 and not self.draw_when_turned:
            return CHANCE
        if len(self.rides) < self.decisions_due:
            return PLAYER
        return CHANCE

    def legal_actions(self) -> tuple[str, ...]:
        return (RIDE, PULL) if self.current_player() == PLAYER else ()

    def _decide(self, action: str, rule_applied: Rule | None) -> list[Event]:
        bet = len(self.rides) + 1
        self.rides.append(action == RIDE)
        return [BetDecision(bet, action == RIDE, rule=rule_applied or (WITHDRAW_1 if bet == 1 else WITHDRAW_2)),
                *(self._turn_up() if self.turned < len(self.common) else [])]

    def _deal(self, card: Card) -> list[Event]:
        code = self.take(card)
        events: list[Event] = []
        if not self.player:
            stakes = tuple((bet, Fraction(1)) for bet in BETS[:self.rules.bets])
            events.append(BetsPlaced(stakes))
        if len(self.player) == 3:  # drawn when turned up (`draw_when_turned`)
            self.common.append(card)
            self.common_codes.append(code)
            return self._turn_up()
        if len(self.common) < min(len(self.player), 2) and not self.draw_when_turned:
            # the decree's order: a common card face down after the first and after the second player's card
            self.common.append(card)
            self.common_codes.append(code)
            events.append(CommonCardsPlaced(1))
            return events
        self.player.append(card)
        self.codes.append(code)
        if self.draw_when_turned and len(self.player) < 3:
            events.append(CardDealt(PLAYER, card, False, len(self.player)))
            return events + [CommonCardsPlaced(1)]
        events.append(CardDealt(PLAYER, card, False, len(self.player)))
        if len(self.player) == 3 and not self.rules.withdrawals and not self.draw_when_turned:
            events += self._turn_up() + self._turn_up()
        return events

    def _turn_up(self) -> list[Event]:
        """The croupier turns up the next common card; after the second, the bets are settled."""
        self.turned += 1
        self.codes.append(self.common_codes[self.turned - 1])
        events: list[Event] = [CardDealt(COMMON, self.common[self.turned - 1], True, self.turned)]
        return events + self._settle() if self.turned == 2 else events

    def _settle(self) -> list[Event]:
        cards = self.player + self.common
        strength = strength5(*self.codes)
        self.key = pay_key(strength, self.rules)
        source = self.rules.source_of_pay_rules
        minimum = rule(MINIMUM_PAIR, source, source is None, rank=Words(pair_name(self.rules.minimum_pair)))
        paid = rule(PAID_BY_TABLE, source, source is None)
        events: list[Event] = [HandShown(COMMON, category_of(strength), tuple(cards),
                                         rule=minimum if self.key == LOSES else paid)]
        net = payout(self.key, self.rules)
        pays = None if self.key == LOSES else self.rules.pay_table.pays_for(self.key)
        for bet in BETS[:self.rules.bets]:
            if self.in_play(bet):
                events.append(BetSettled(bet, WIN if net > 0 else LOSE, net, pays))
            else:
                events.append(BetSettled(bet, WITHDRAWN, Fraction(0)))
        return events

    def stakes(self) -> dict[str, int]:
        """One unit on each of the equal bets."""
        return {bet: 1 for bet in BETS[:self.rules.bets]}

    def in_play(self, bet: str) -> bool:
        """Whether a bet is still in play (bets 1 and 2 may have been withdrawn)."""
        index = BETS.index(bet)
        return index >= len(self.rides) or self.rides[index]

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of each bet (`bet1`, `bet2`, `bet3`) once the hand is over; a withdrawn bet nets 0."""
        self._require(TERMINAL)
        result = {}
        for bet, stake in stakes.items():
            if bet not in BETS[:self.rules.bets]:
                raise SpecError("Unknown bet {bet!r}: use {choices}.", bet=bet,
                                choices=", ".join(BETS[:self.rules.bets]))
            result[bet] = Fraction(stake) * payout(self.key, self.rules) if self.in_play(bet) else Fraction(0)
        return result

    def results(self) -> tuple[str, ...]:
        return ("player",) if self.key not in (None, LOSES) else ("banker",)

    def outcome(self) -> Hashable:
        """`(bet 1 in play, bet 2 in play, pay key)`: what an exact analysis tallies."""
        first, second = (self.rides + [False, False])[:2]
        return (first, second, self.key)

    def memo_key(self) -> Hashable | None:
        if self.symmetric is None:
            return None
        mine = self.codes[:len(self.player)]
        if self.symmetric and self.draw_when_turned:
            # On a full deck only the ranks seen and whether they share a suit shape what follows.
            return (len(self.player), self.turned, tuple(self.rides), signature(self.codes), self.key)
        if self.symmetric:
            # On a full deck what follows depends on each card's rank and whether it is of the first card's suit:
            # a flush, and the decisions' suited hands, all hold that card (the other three suits are alike).
            suit = mine[0] & 0xF000 if mine else 0
            return (tuple(sorted(((c >> 8) & 0xF, c & 0xF000 == suit) for c in mine)),
                    tuple(((c >> 8) & 0xF, c & 0xF000 == suit) for c in self.common_codes), self.turned,
                    tuple(self.rides), self.key)
        return (tuple(sorted(mine)), tuple(self.common_codes), self.turned, tuple(self.rides), self.key)


def exposed_by_mistake(rules: TrijokerRules, card: Card, common: bool) -> list[Event]:
    """What happens when a card is exposed by mistake during the deal (002 §11.VII): a player's card, or a
    common card below a jack, lets the hand go on; a common card of a jack or higher voids the whole hand.

    Examples:
        >>> from naipes.core.cards import Card
        >>> from .rules import PRESETS
        >>> exposed_by_mistake(PRESETS.get("cat-2016"), Card("Q", "h"), common=True)[0].card
        Card('Q', 'h')
        >>> exposed_by_mistake(PRESETS.get("cat-2016"), Card("Q", "h"), common=False)
        []
    """
    limit = rules.void_exposed_common_from
    if common and limit is not None and RANKS.index(card.rank) >= RANKS.index(limit):
        return [CoupVoid(card, rule=COMMON_EXPOSED)]
    return []


OPTIMAL = "optimal"
ALWAYS_RIDE = "always-ride"
ALWAYS_PULL = "always-pull"
STRATEGIES = (OPTIMAL, ALWAYS_RIDE, ALWAYS_PULL)
OPTIMAL_RULE = rule(N_("optimal strategy: a bet stays in play when its expected value is positive"))
CHOSEN_RULE = rule(N_("the player's stated strategy"))


@dataclass(frozen=True)
class TrijokerConduct(Conduct):
    """How the player decides the withdrawals: `optimal` (exact, full deck), `always-ride` or `always-pull`.

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> coup = TrijokerCoup(PRESETS.get("cat-2016"))
        >>> for card in parse_cards("2h 9s 7d 3c Kc"):
        ...     _ = coup.apply(card)
        >>> TrijokerConduct().choose(coup)[0].action
        'pull'
    """

    strategy: str = OPTIMAL

    def __post_init__(self) -> None:
        if self.strategy not in STRATEGIES:
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=self.strategy,
                            choices=", ".join(STRATEGIES))

    def choose(self, coup: "TrijokerCoup") -> Sequence[Choice]:
        if coup.current_player() != PLAYER:
            raise IllegalActionError("No decision is pending.")
        if self.strategy == OPTIMAL:
            return (Choice(RIDE if rides(coup.codes, coup.rules) else PULL, rule=OPTIMAL_RULE),)
        return (Choice(RIDE if self.strategy == ALWAYS_RIDE else PULL, rule=CHOSEN_RULE),)


def walk_coup(rules: TrijokerRules) -> TrijokerCoup:
    """The exact walk's coup: each common card drawn when it is turned up (the same odds, far fewer states)."""
    return TrijokerCoup(rules, draw_when_turned=True)


def optimal_conduct(rules: TrijokerRules) -> TrijokerConduct:
    """The conduct of the analysis and of `deal`: the optimal withdrawals."""
    return TrijokerConduct()
