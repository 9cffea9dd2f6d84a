"""The coups of circle poker: a hand of a variant at the table, and one hand of the rankings.

`TableHand` deals a variant to its players on the one protocol: the croupier
shuffles, every player puts the initial bet in the pot, the cards go round
counter-clockwise from the player who holds the *mà* (one card at a time,
face up or down as the variant says; the community cards turned together),
and after each street a betting interval asks every active player, in turn,
to stay or fold (`PlayerActed`). A player left alone takes the pot without
showing; otherwise the showdown (`naipes.games.circle_poker.showdown`) gives
the pot to the best hand, the house taking its share first when the preset
says so. The engine's players follow `TableConduct`; a widget's reader takes
their own seat with `ReaderDecides`.

`RankedHand` deals one hand of five (or seven) cards and ranks it: the coup
of the common rules, and the one the generic walk checks the exact category
counts on. It takes its own cards out of the composition it is given, so the
walk keeps the composition fixed (`replacement=True`) and memoises on the
coup's own key, which forgets the suits that can no longer make a flush.

Examples:
    >>> from naipes.core.drive import play
    >>> from naipes.games.circle_poker.rules import HOLDEM_PRESETS
    >>> rules = HOLDEM_PRESETS.get("cat-2016")
    >>> record = play(TableHand(rules), hand_shoe(rules, 7), TableConduct())
    >>> hand = record.coup
    >>> hand.is_terminal(), len(hand.board), hand.house, sum(hand.returns({}).values())
    (True, 5, 2, Fraction(-2, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Hashable, Mapping, Sequence

from ...core.cards import Card
from ...core.errors import IllegalActionError, RulesError, SpecError
from ...core.i18n import N_
from ...core.model import CHANCE, TERMINAL, Choice, Conduct, Coup, Event, Rule
from ...core.rng import SeededRandom
from ...core.shoe import Shoe
from ...core.sources import CATALAN_DECREE
from ...core.vocabulary import Word
from ..poker.hands import RANKS, SUITS, HandRank, Ranking, category_of, code, evaluate, tables
from ..poker.kernel import CARDS, DECK, INDEX
from . import showdown as sd
from .events import (AntesPlaced, BoardTurned, CardDealt, HandRanked, HandShown, HouseTakes,
                     IntervalOpened, MarkerPlaced, PlayerActed, PotWon, Shuffled)
from .rules import POT_PERCENTAGE, CirclePokerRules
from .variants import Variant

class Decision(Word):
    """A player's decision when the betting is played out by the engine: stay in the hand, or fold."""

    STAY = "stay"
    FOLD = "fold"


STAY, FOLD = Decision

#: The rules the coup cites (msgids).
# TRANSLATORS: {times} is never 1: the rules refuse fewer than two shuffles (the decree's are three).
SHUFFLE_RULE = N_("the croupier shuffles at least {times} times: riffle (as in chemin de fer), gather, strip; a "
                  "card that shows at the cut means stripping again")
ANTE_RULE = N_("every player puts the initial bet in the pot before the deal")
DEAL_RULE = N_("the cards go round counter-clockwise")
FOLD_RULE = N_("a player who folds takes no part in the pot and gives up what they bet")
ALONE_RULE = N_("a player left alone wins the pot without showing their cards")
HOUSE_RULE = N_("the house takes {rate} of the pot")
HOUSE_RULE_CAPPED = N_("the house takes {rate} of the pot, up to a cap of {cap} in chips")


def seat_role(seat: int) -> str:
    """The role of player `seat` (from 0) in the protocol: `player-1`, `player-2`, ...

    Examples:
        >>> seat_role(0), seat_of("player-3")
        ('player-1', 2)
    """
    return f"player-{seat + 1}"


def seat_of(role: str) -> int:
    """The seat (from 0) of a role `player-N`."""
    return int(role.rpartition("-")[2]) - 1


def hand_shoe(rules: CirclePokerRules, seed: int) -> Shoe:
    """The deck of the rules (52, 36 or 32 cards) shuffled with the engine's seeded generator.

    Examples:
        >>> from naipes.games.circle_poker.rules import HOLDEM_PRESETS
        >>> hand_shoe(HOLDEM_PRESETS.get("cat-2016").with_options(deck="32"), 1).remaining
        32
    """
    cards = list(rules.ranking.deck())
    SeededRandom(seed).shuffle(cards)
    return Shoe(cards)


def _require_in_deck(card: Card, ranking: Ranking) -> None:
    if card.rank not in ranking.ranks:
        raise IllegalActionError("The {deck}-card deck has no {card}.", deck=ranking.deck_size, card=str(card))


# --- a hand at the table ---------------------------------------------------------------------------------

class TableHand(Coup):
    """One hand of a variant dealt to `rules.players` players, the mà at player `marker` (from 0).

    Attributes:
        own: each player's cards, in the order received.
        face_up: for each player, which of their cards lie face up.
        board: the community cards.
        active: the players still in the hand.
        winners, shares: who took the pot and how many chips each, once the hand is over.
        house: the chips the house took.
    """

    classes = CARDS

    def __init__(self, rules: CirclePokerRules, marker: int = 0) -> None:
        if rules.dealt is None:
            raise SpecError("These rules deal no variant: choose holdem, omaha, seven-card-stud or five-card-stud.")
        self.rules = rules
        self.variant: Variant = rules.dealt
        self.ranking = rules.ranking
        self.players = rules.players
        if not 0 <= marker < self.players:
            raise RulesError("The mà is at player 1 to {players}, not {marker}.", players=self.players,
                             marker=marker + 1)
        self.marker = marker
        self.order = [(marker + k) % self.players for k in range(self.players)]
        self.own: list[list[Card]] = [[] for _ in range(self.players)]
        self.face_up: list[list[bool]] = [[] for _ in range(self.players)]
        self.board: list[Card] = []
        self.active = list(self.order)
        self.street = 0
        self.round = 0
        self.to_deal: list[int] = []
        self.to_act: list[int] = []
        self.betting = False
        self.winners: tuple[int, ...] = ()
        self.shares: tuple[int, ...] = ()
        self.house = 0
        self.pot = self.players * rules.ante
        self.showdown: sd.Showdown | None = None
        self.over = False
        self.events: list[Event] = [
            Shuffled(self.ranking.deck_size, rule=Rule(SHUFFLE_RULE, (("times", rules.shuffles),), CATALAN_DECREE)),
            MarkerPlaced(marker, rule=Rule(DEAL_RULE, (), CATALAN_DECREE)),
            AntesPlaced(self.players, rules.ante, self.pot, rule=Rule(ANTE_RULE, (), CATALAN_DECREE)),
        ]
        self._start_street()

    # the protocol

    def current_player(self) -> str:
        if self.over:
            return TERMINAL
        if self.betting:
            return seat_role(self.to_act[0])
        return CHANCE

    def legal_actions(self) -> tuple[str, ...]:
        return (STAY, FOLD) if self.betting and not self.over else ()

    def chance_outcomes(self, counts: Sequence[int]) -> list[tuple[int, int]]:
        if self.current_player() != CHANCE:
            return []
        out = {INDEX[c] for seat in self.own for c in seat} | {INDEX[c] for c in self.board}
        ranks = self.ranking.ranks
        return [(i, 1) for i, n in enumerate(counts) if n and i not in out and DECK[i].rank in ranks]

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        if isinstance(action, Card):
            self._require(CHANCE)
            events = self._deal(action)
        else:
            self._require_action(action)
            events = self._act(action, rule)
        self.events += events
        return events

    def memo_key(self) -> Hashable | None:
        return None

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Each player's net chips once the hand is over (their share of the pot less their initial bet)."""
        won = dict(zip(self.winners, self.shares))
        return {seat_role(s): Fraction(won.get(s, 0) - self.rules.ante) for s in range(self.players)}

    def results(self) -> tuple[str, ...]:
        return tuple(seat_role(s) for s in self.winners)

    def outcome(self) -> Hashable:
        return self.winners

    def clone(self) -> "TableHand":
        twin = object.__new__(TableHand)
        twin.__dict__ = {k: ([list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
                         for k, v in self.__dict__.items()}
        return twin

    # the deal

    def _start_street(self) -> None:
        street = self.variant.streets[self.street]
        self.round = 0
        self.to_deal = list(self.active) if street.rounds else []

    def _deal(self, card: Card) -> list[Event]:
        _require_in_deck(card, self.ranking)
        if card in self.board or any(card in own for own in self.own):
            raise IllegalActionError("Card {card} is out already.", card=str(card))
        street = self.variant.streets[self.street]
        if street.rounds:
            seat = self.to_deal.pop(0)
            face_up = street.rounds[self.round] == "up"
            self.own[seat].append(card)
            self.face_up[seat].append(face_up)
            events: list[Event] = [CardDealt(seat, card, face_up, len(self.own[seat]))]
            if not self.to_deal:
                self.round += 1
                if self.round < len(street.rounds):
                    self.to_deal = list(self.active)
                else:
                    events += self._open_interval()
            return events
        self.board.append(card)
        dealt_this_street = len(self.board) - sum(s.board for s in self.variant.streets[:self.street])
        if dealt_this_street < street.board:
            return []
        events = [BoardTurned(tuple(self.board[-street.board:]), tuple(self.board))]
        return events + self._open_interval()

    def first_to_speak(self) -> int:
        """Who speaks first in the interval now opening: the mà's side in dealing order, or in the studs the best
        face-up cards (the first of them in dealing order on a tie)."""
        if not self.variant.stud:
            return self.active[0]
        return max(self.active, key=lambda s: (showing_strength(
            [c for c, up in zip(self.own[s], self.face_up[s]) if up]), -self.order.index(s)))

    def _open_interval(self) -> list[Event]:
        first = self.first_to_speak()
        at = self.active.index(first)
        self.to_act = self.active[at:] + self.active[:at]
        self.betting = True
        return [IntervalOpened(self.street + 1, first)]

    def _act(self, action: str, rule: Rule | None) -> list[Event]:
        seat = self.to_act.pop(0)
        events: list[Event] = []
        if action == FOLD:
            self.active.remove(seat)
            events.append(PlayerActed(seat, False, rule=rule or Rule(FOLD_RULE, (), CATALAN_DECREE)))
            if len(self.active) == 1:
                return events + self._settle_alone()
        else:
            events.append(PlayerActed(seat, True, rule=rule))
        if self.to_act:
            return events
        self.betting = False
        self.street += 1
        if self.street == len(self.variant.streets):
            return events + self._settle_showdown()
        self._start_street()
        return events

    # the end

    def _house_share(self) -> list[Event]:
        rules = self.rules
        if rules.house_take != POT_PERCENTAGE or not rules.rake:
            return []
        take = int(self.pot * rules.rake)  # rounded down to a whole chip
        if rules.rake_cap is not None:
            take = min(take, rules.rake_cap)
            rule = Rule(HOUSE_RULE_CAPPED, (("rate", rules.rake), ("cap", rules.rake_cap)), None, True)
        else:
            rule = Rule(HOUSE_RULE, (("rate", rules.rake),), None, True)
        self.house = take
        return [HouseTakes(take, rule=rule)] if take else []

    def _settle_alone(self) -> list[Event]:
        self.over = True
        events = self._house_share()
        self.winners = (self.active[0],)
        self.shares = (self.pot - self.house,)
        return events + [PotWon(self.winners, self.shares, True, rule=Rule(ALONE_RULE, (), CATALAN_DECREE))]

    def _settle_showdown(self) -> list[Event]:
        self.over = True
        result = sd.showdown([self.own[s] for s in self.active], self.board, self.variant, self.ranking,
                             self.rules.ranking_interpreted, seats=self.active)
        self.showdown = result
        events: list[Event] = [HandShown(p.seat, p.own, p.best) for p in result.hands]
        events += self._house_share()
        self.winners = tuple(s for s in self.order if s in result.winners)  # dealing order: odd chips go first
        self.shares = split(self.pot - self.house, len(self.winners))
        best = next(p.best for p in result.hands if p.seat == self.winners[0])
        runner = result.runner_up.best if result.runner_up else None
        events.append(PotWon(self.winners, self.shares, False, best, runner, result.reason.kind,
                             rule=result.reason.rule))
        return events


def split(chips: int, winners: int) -> tuple[int, ...]:
    """`chips` shared by `winners` in whole chips, the odd ones one each from the first (the nearest the mà).

    Examples:
        >>> split(10, 3)
        (4, 3, 3)
    """
    share, odd = divmod(chips, winners)
    return tuple(share + (1 if i < odd else 0) for i in range(winners))


def showing_strength(cards: Sequence[Card]) -> tuple:
    """How good a few face-up cards look: groups of equal ranks first (four, three, two pairs, a pair), then ranks.

    Examples:
        >>> showing_strength([Card("K", "s"), Card("K", "d")]) > showing_strength([Card("A", "s"), Card("Q", "d")])
        True
    """
    counts: dict[int, int] = {}
    for card in cards:
        r = RANKS.index(card.rank)
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    return tuple(n for n, _ in groups), tuple(r for _, r in groups)


# --- the engine's players ------------------------------------------------------------------------------------

ANYTHING = "anything"
WITH_PAIR = "pair"
#: The conduct's options: what an engine player needs to stay (`anything`: everybody goes to the showdown).
STAY_WITH = {ANYTHING: N_("the engine's players stay to the showdown"),
             WITH_PAIR: N_("from the second betting interval, the engine's players fold without a pair or better")}


@dataclass(frozen=True)
class TableConduct(Conduct):
    """How the engine's players decide at a betting interval: stay with anything, or only with a pair or better.

    Examples:
        >>> TableConduct("pair").stay_with
        'pair'
        >>> TableConduct("always")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown choice 'always': use anything, pair.
    """

    stay_with: str = ANYTHING

    def __post_init__(self) -> None:
        if self.stay_with not in STAY_WITH:
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=self.stay_with,
                            choices=", ".join(STAY_WITH))

    def choose(self, coup: Coup) -> Sequence[Choice]:
        hand = coup  # a TableHand
        seat = seat_of(hand.current_player())  # type: ignore[attr-defined]
        rule = Rule(STAY_WITH[self.stay_with])
        if self.stay_with == ANYTHING or hand.street == 0:  # type: ignore[attr-defined]
            return [Choice(STAY, Fraction(1), rule)]
        return [Choice(STAY if holds_pair(hand, seat) else FOLD, Fraction(1), rule)]  # type: ignore[arg-type]


def holds_pair(hand: TableHand, seat: int) -> bool:
    """Whether player `seat`'s cards (with the community cards) make a pair or better now."""
    cards = hand.own[seat] + hand.board
    if len(cards) >= 5 and (hand.variant.hole_used is None or len(hand.board) >= 3):
        return evaluate_best(hand, seat).category != "high-card"
    ranks = [c.rank for c in cards]
    return len(set(ranks)) < len(ranks)


def evaluate_best(hand: TableHand, seat: int) -> HandRank:
    """Player `seat`'s best hand so far (at least five cards)."""
    return sd.best_hand(hand.own[seat], hand.board, hand.variant, hand.ranking)


def table_conduct(rules: CirclePokerRules) -> TableConduct:
    """The default conduct of a game: everybody stays to the showdown."""
    return TableConduct()


# --- one hand of the rankings ---------------------------------------------------------------------------------

class RankedHand(Coup):
    """One hand of `cards` cards dealt from the rules' deck and ranked (best five); no decision.

    On a composition that holds the whole deck of the ranking, the coup keeps only
    what decides the category: the count of each rank, and the ranks of the suits
    that can still make a flush; cards of suits it cannot tell apart any more come
    as one outcome weighted by how many there are. On any other composition it
    keeps the cards themselves.

    Examples:
        >>> from naipes.core.drive import walk_exact
        >>> from naipes.games.circle_poker.rules import COMMON_PRESETS
        >>> rules = COMMON_PRESETS.get("cat-2016").with_options(deck="32")
        >>> dist = walk_exact(RankedHand(rules), CARDS.full(), NO_DECISIONS, replacement=True)
        >>> dist["flush"] * 201376, dist["four-of-a-kind"] * 201376
        (Fraction(204, 1), Fraction(224, 1))
    """

    classes = CARDS

    def __init__(self, rules: CirclePokerRules, cards: int = 5) -> None:
        self.rules = rules
        self.ranking = rules.ranking
        self.size = cards
        self.ranks = [0] * 13
        self.tracked: dict[int, tuple[int, ...]] = {s: () for s in range(4)}
        self.taken: list[int] = []
        self.symmetric: bool | None = None
        self.events: list[Event] = []

    def current_player(self) -> str:
        return TERMINAL if len(self.taken) == self.size else CHANCE

    def chance_outcomes(self, counts: Sequence[int]) -> list[tuple[int, int]]:
        if len(self.taken) == self.size:
            return []
        ranks = self.ranking.ranks
        if self.symmetric is None:
            self.symmetric = not self.taken and all(counts[_INDEX_OF[r][s]] == 1 for r in _numbers(ranks)
                                                    for s in range(4))
        if not self.symmetric:
            taken = self.taken
            return [(i, n) for i, n in enumerate(counts) if n and i not in taken and DECK[i].rank in ranks]
        outcomes = []
        tracked = self.tracked
        untracked = [s for s in range(4) if s not in tracked]
        for r in _numbers(ranks):
            left = 4 - self.ranks[r]
            if not left:
                continue
            index = _INDEX_OF[r]
            groups: dict[tuple[int, ...], list[int]] = {}
            for s, held in tracked.items():
                if r not in held:
                    groups.setdefault(held, []).append(s)
            other = left
            for suits in groups.values():
                outcomes.append((index[suits[0]], len(suits)))
                other -= len(suits)
            if other:
                outcomes.append((index[untracked[0]], other))
        return outcomes

    def _apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        if not isinstance(action, Card):
            raise IllegalActionError("No decision is pending.")
        if len(self.taken) == self.size:
            self._require(CHANCE)
        if action.rank not in self.ranking.ranks:
            _require_in_deck(action, self.ranking)
        r, s = _RANK_NUMBER[action.rank], _SUIT_NUMBER[action.suit]
        index = _INDEX_OF[r][s]
        if not self.symmetric and index in self.taken:
            raise IllegalActionError("Card {card} is out already.", card=str(action))
        self.taken.append(index)
        self.ranks[r] += 1
        tracked = self.tracked
        if s in tracked:
            tracked[s] = tuple(sorted(tracked[s] + (r,)))
        left = self.size - len(self.taken)
        for suit in [x for x, held in tracked.items() if len(held) + left < 5]:
            del tracked[suit]
        if self.symmetric:  # the card stands for every card of its rank in suits the hand cannot tell apart
            return []
        events: list[Event] = [CardDealt(0, action, False, len(self.taken))]
        if not left:
            events.append(HandRanked(tuple(DECK[i] for i in self.taken), evaluate([DECK[i] for i in self.taken],
                                                                                  self.ranking)))
        self.events += events
        return events

    def memo_key(self) -> Hashable | None:
        if self.symmetric:
            return (len(self.taken), tuple(self.ranks), tuple(sorted(self.tracked.values())))
        return tuple(sorted(self.taken))

    def outcome(self) -> Hashable:
        """The category of the best five cards."""
        if self.symmetric:
            return symmetric_category(self.ranking, self.ranks, self.tracked.values())
        return evaluate([DECK[i] for i in self.taken], self.ranking).category

    def results(self) -> tuple[str, ...]:
        return (str(self.outcome()),)

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        return {}

    def clone(self) -> "RankedHand":
        twin = object.__new__(RankedHand)
        twin.__dict__ = dict(self.__dict__, ranks=list(self.ranks), tracked=dict(self.tracked),
                             taken=list(self.taken), events=list(self.events))
        return twin


def symmetric_category(ranking: Ranking, rank_counts: Sequence[int], flush_suits) -> str:
    """The category of the best five of a hand known by its rank counts and the ranks of its possible flush suits.

    Examples:
        >>> from naipes.games.poker.hands import STANDARD
        >>> counts = [0] * 13
        >>> for r in (12, 11, 10, 9, 8, 0, 0): counts[r] += 1
        >>> symmetric_category(STANDARD, counts, [(8, 9, 10, 11, 12)])
        'royal-flush'
    """
    t = tables(ranking)
    cards = [r for r, n in enumerate(rank_counts) for _ in range(n)]
    best = 0
    for five in combinations(cards, 5):
        product = 1
        for r in five:
            product *= _PRIMES[r]
        best = max(best, t.other[product])
    for held in flush_suits:
        for five in combinations(held, 5):
            bits = 0
            for r in five:
                bits |= 1 << r
            best = max(best, t.flush[bits])
    return category_of(best, ranking)


_PRIMES = tuple(code(Card(rank, "s")) & 0xFF for rank in RANKS)
_RANK_NUMBER = {rank: r for r, rank in enumerate(RANKS)}
_SUIT_NUMBER = {suit: s for s, suit in enumerate(SUITS)}
#: The class index of each card, by rank number and suit number.
_INDEX_OF = tuple(tuple(INDEX[Card(rank, suit)] for suit in SUITS) for rank in RANKS)


def _numbers(ranks: str) -> tuple[int, ...]:
    return _RANK_NUMBERS[ranks] if ranks in _RANK_NUMBERS else _RANK_NUMBERS.setdefault(
        ranks, tuple(RANKS.index(r) for r in ranks))


_RANK_NUMBERS: dict[str, tuple[int, ...]] = {}


@dataclass(frozen=True)
class _NoDecisions(Conduct):
    def choose(self, coup: Coup) -> Sequence[Choice] | None:
        raise IllegalActionError("No decision is pending.")


#: The conduct of the rankings' coup, which has no decision.
NO_DECISIONS = _NoDecisions()


def ranked_hand(rules: CirclePokerRules) -> RankedHand:
    """The coup of the common rules: one five-card hand."""
    return RankedHand(rules, 5)


def hand_size(rules: CirclePokerRules) -> int:
    """The cards a player's final hand is the best five of: 5, or 7 in Hold'em and seven-card stud."""
    dealt = rules.dealt
    return 5 if dealt is None else dealt.own_cards + dealt.board_cards if dealt.hole_used is None else 5


def walk_cost(counts: Sequence[int], rules: CirclePokerRules, cards: int) -> int:
    """How many hands the walk enumerates on a composition that is not a whole deck (it then keeps every card)."""
    left = sum(1 for i, n in enumerate(counts) if n and DECK[i].rank in rules.ranking.ranks)
    return comb(left, cards)
