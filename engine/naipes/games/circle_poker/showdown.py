"""The showdown of a circle hand: each player's best hand by the variant's rules, the winners, and why.

The hands are ranked with the shared poker evaluator (`naipes.games.poker.hands`):
best five of the player's cards and the community cards (Hold'em, the studs),
or exactly two own cards and three community cards (Omaha). The winners are
the players with the highest hand; equal hands share the pot. `Showdown.reason`
says what decided between the winners and the best of the others, as the
`Rule` of source 002 §12.VI that applied:

- a higher combination beats a lower one, and in the decks of fewer than 52
  cards the flush beats the full house;
- within a combination, the tie-break the decree lists for it (the higher
  four, the higher three of a full house, the top card of a straight of any
  kind or of a flush, the higher three, the higher pair then the second pair
  then the last card of two pairs, the higher pair then the highest other
  card of a pair);
- and where the decree stops (the next cards of a flush, the kickers of a
  three of a kind or a pair, a high card, two hands sharing a four or a three
  from the board), the next cards in order: an interpretation.

Examples:
    >>> from naipes.games.poker.hands import STANDARD
    >>> from naipes.games.circle_poker.variants import HOLDEM
    >>> result = showdown([("Ah", "Kh"), ("Qs", "Qd")], "Qh 7h 2c 9h 3s", HOLDEM, STANDARD)
    >>> result.winners, result.hands[0].best.category, result.reason.kind
    ((0,), 'flush', 'category')
    >>> tie = showdown([("As", "2d"), ("Ac", "3d")], "Kh Kd Qc Qs Js", HOLDEM, STANDARD)
    >>> tie.winners, tie.reason.kind
    ((0, 1), 'split')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ...core.cards import Card, parse_cards
from ...core.errors import CardError
from ...core.i18n import N_
from ...core.model import Rule
from ...core.sources import CATALAN_DECREE
from ..poker.hands import (FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR, ROYAL_FLUSH, STRAIGHT, STRAIGHT_FLUSH,
                           THREE_OF_A_KIND, TWO_PAIR, HandRank, Ranking, evaluate, evaluate_split)
from .variants import Variant

CATEGORY = "category"
TIE_BREAK = "tie-break"
SPLIT = "split"
ALONE = "alone"

#: The rules of source 002 §12.VI (and the engine's where it stops), as msgids.
HIGHER_COMBINATION = N_("a higher combination beats a lower one")
FLUSH_OVER_FULL = N_("in the variants played with fewer than 52 cards the flush ranks above the full house")
EQUAL_HANDS_SHARE = N_("equal hands share the pot; suits never break a tie")
#: (category group, index of the tie-break rank that differs) -> (msgid, stated by the decree).
_TIE_BREAKS = {
    (FOUR_OF_A_KIND, 0): (N_("between fours of a kind, the higher four wins"), True),
    (FOUR_OF_A_KIND, 1): (N_("between equal fours of a kind, the higher fifth card wins"), False),
    (FULL_HOUSE, 0): (N_("between full houses, the one with the higher three cards wins"), True),
    (FULL_HOUSE, 1): (N_("between full houses with the same three, the higher pair wins"), False),
    (STRAIGHT, 0): (N_("between straights of any kind, the one with the higher top card wins"), True),
    (FLUSH, 0): (N_("between flushes, the one with the higher top card wins"), True),
    (FLUSH, 1): (N_("between flushes with the same top card, the next cards decide in order"), False),
    (THREE_OF_A_KIND, 0): (N_("between threes of a kind, the one of higher cards wins"), True),
    (THREE_OF_A_KIND, 1): (N_("between equal threes of a kind, the higher other cards win in order"), False),
    (TWO_PAIR, 0): (N_("between two pairs, the higher top pair wins"), True),
    (TWO_PAIR, 1): (N_("between two pairs with the same top pair, the second pair decides"), True),
    (TWO_PAIR, 2): (N_("between two pairs with the same pairs, the higher last card wins"), True),
    (PAIR, 0): (N_("between pairs, the higher pair wins"), True),
    (PAIR, 1): (N_("between equal pairs, the highest of the other cards wins"), True),
    (PAIR, 2): (N_("between equal pairs with the same highest other card, the next cards decide in order"), False),
    (HIGH_CARD, 0): (N_("with no combination, the highest card wins, then the next ones in order"), False),
}
#: The categories that share a tie-break rule ("escala, de qualsevol tipus").
_GROUP = {STRAIGHT_FLUSH: STRAIGHT, ROYAL_FLUSH: STRAIGHT}


def tie_break_rule(category: str, index: int, interpreted: bool = False) -> Rule:
    """The rule that decides between two hands of `category` whose tie-break ranks first differ at `index`.

    Args:
        category: the hands' category.
        index: the first tie-break rank that differs (0: the four, the three, the top pair, the top card...).
        interpreted: the preset takes the decree's tie-breaks as an interpretation (another source's preset).

    Examples:
        >>> tie_break_rule("two-pair", 1).text, tie_break_rule("two-pair", 1).source
        ('between two pairs with the same top pair, the second pair decides', '002')
        >>> tie_break_rule("pair", 3).interpretation, tie_break_rule("high-card", 4).text[:17]
        (True, 'with no combinati')
    """
    group = _GROUP.get(category, category)
    key = (group, index)
    while key not in _TIE_BREAKS:
        key = (group, key[1] - 1)
    text, stated = _TIE_BREAKS[key]
    return Rule(text, (), CATALAN_DECREE, interpreted or not stated)


def category_rule(better: str, worse: str, ranking: Ranking, interpreted: bool = False) -> Rule:
    """The rule that puts `better` above `worse` (the short decks' flush over the full house is the decree's).

    Examples:
        >>> from naipes.games.poker.hands import SHORT_32, STANDARD
        >>> category_rule("flush", "full-house", SHORT_32).text[:30], category_rule("pair", "high-card", STANDARD).source
        ('in the variants played with fe', '002')
    """
    if {better, worse} == {FLUSH, FULL_HOUSE} and ranking.category_index(FLUSH) > ranking.category_index(FULL_HOUSE):
        return Rule(FLUSH_OVER_FULL, (), CATALAN_DECREE, interpreted)
    # The decree's list of combinations is lost (§12.VI): their order is the engine's reading.
    return Rule(HIGHER_COMBINATION, (), CATALAN_DECREE, True)


@dataclass(frozen=True)
class PlayerHand:
    """One player at the showdown: their place at the table (from 0), their own cards and their best hand."""

    seat: int
    own: tuple[Card, ...]
    best: HandRank


@dataclass(frozen=True)
class Reason:
    """What decided the showdown: `category`, `tie-break` (`index`: the rank that differed), `split`, `alone`."""

    kind: str
    rule: Rule | None
    index: int | None = None


@dataclass(frozen=True)
class Showdown:
    """Every player's best hand, the winners (places from 0) and the reason, against the best of the others.

    Attributes:
        hands: each player's hand, in the order given.
        winners: the places of the players with the highest hand.
        reason: what decided between the winners and `runner_up`.
        runner_up: the best hand that did not win (`None` when every hand shares the pot).
    """

    hands: tuple[PlayerHand, ...]
    winners: tuple[int, ...]
    reason: Reason
    runner_up: PlayerHand | None


def read_cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Cards from notation or `Card` objects.

    Examples:
        >>> read_cards("As Kd"), read_cards(["Qh"])
        ((Card('A', 's'), Card('K', 'd')), (Card('Q', 'h'),))
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(card if isinstance(card, Card) else Card.parse(card) for card in cards)


def best_hand(own: Sequence[Card], board: Sequence[Card], variant: Variant, ranking: Ranking) -> HandRank:
    """A player's best hand: any five of their cards and the board, or Omaha's exactly two plus three.

    Raises:
        CardError: a card the deck does not hold, a card twice, or too few cards.

    Examples:
        >>> from naipes.games.poker.hands import STANDARD
        >>> from naipes.games.circle_poker.variants import OMAHA
        >>> best_hand(read_cards("As Ks Qd Jd"), read_cards("Ts 9s 2s 3h 4c"), OMAHA, STANDARD).category
        'flush'
    """
    if variant.hole_used is None:
        return evaluate(tuple(own) + tuple(board), ranking)
    return evaluate_split(own, board, variant.hole_used, variant.board_used, ranking)


def check_counts(hands: Sequence[Sequence[Card]], board: Sequence[Card], variant: Variant) -> None:
    """Every player holds the variant's own cards and the board is complete.

    Raises:
        CardError: a wrong count (the message names the player or the board).
    """
    for number, own in enumerate(hands, 1):
        if len(own) != variant.own_cards:
            # TRANSLATORS: {n} is never 1: a variant deals 2, 4, 5 or 7 own cards.
            raise CardError("Player {player} needs {n} cards in this variant, not {k}.", player=number,
                            n=variant.own_cards, k=len(own))
    if len(board) != variant.board_cards:
        # TRANSLATORS: {n} is never 1: a variant's board holds 5 community cards, or none.
        raise CardError("The board needs {n} community cards in this variant, not {k}.", n=variant.board_cards,
                        k=len(board))


def showdown(hands: Sequence[Iterable[Card | str] | str], board: Iterable[Card | str] | str, variant: Variant,
             ranking: Ranking, interpreted: bool = False, seats: Sequence[int] | None = None) -> Showdown:
    """The showdown between `hands` (each player's own cards) with `board`.

    Args:
        hands: each active player's own cards, in the order of the table.
        board: the community cards (empty in the studs).
        variant: how a hand is formed.
        ranking: the deck's ranking (52, 36 or 32 cards).
        interpreted: the preset reads the decree's tie-breaks as an interpretation.
        seats: the players' places at the table (default 0, 1, ...).

    Raises:
        CardError: a card the deck lacks, a card twice across the hands and the board, a wrong count,
            or fewer than two players.
    """
    own_cards = [read_cards(own) for own in hands]
    board_cards = read_cards(board)
    if len(own_cards) < 2:
        raise CardError("A showdown needs at least two players, not {n}.", n=len(own_cards))
    check_counts(own_cards, board_cards, variant)
    seen: set[Card] = set()
    for card in [c for own in own_cards for c in own] + list(board_cards):
        if card in seen:
            raise CardError("Card {card} appears twice.", card=str(card))
        seen.add(card)
    places = list(seats) if seats is not None else list(range(len(own_cards)))
    players = tuple(PlayerHand(place, own, best_hand(own, board_cards, variant, ranking))
                    for place, own in zip(places, own_cards))
    top = max(p.best for p in players)
    winners = tuple(p.seat for p in players if p.best == top)
    others = [p for p in players if p.best != top]
    if not others:
        return Showdown(players, winners, Reason(SPLIT, Rule(EQUAL_HANDS_SHARE, (), CATALAN_DECREE, True)), None)
    runner_up = max(others, key=lambda p: p.best)
    winner = next(p for p in players if p.best == top)
    return Showdown(players, winners, reason(winner.best, runner_up.best, ranking, interpreted), runner_up)


def reason(better: HandRank, worse: HandRank, ranking: Ranking, interpreted: bool = False) -> Reason:
    """What makes `better` beat `worse`: their categories, or the first tie-break rank that differs.

    Examples:
        >>> from naipes.games.poker.hands import STANDARD
        >>> r = reason(evaluate("Kh Kd 7c 7s Ah"), evaluate("Ks Kc 6c 6s Ad"), STANDARD)
        >>> r.kind, r.index, r.rule.text
        ('tie-break', 1, 'between two pairs with the same top pair, the second pair decides')
    """
    same_kind = _GROUP.get(better.category) == _GROUP.get(worse.category) == STRAIGHT  # royal vs straight flush
    if better.category != worse.category and not same_kind:
        return Reason(CATEGORY, category_rule(better.category, worse.category, ranking, interpreted))
    index = next(i for i, (a, b) in enumerate(zip(better.ranks, worse.ranks)) if a != b)
    return Reason(TIE_BREAK, tie_break_rule(better.category, index, interpreted), index)
