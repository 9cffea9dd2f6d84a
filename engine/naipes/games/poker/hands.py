"""The poker hand evaluator every poker game of the site shares: rankings, categories, fast strengths.

A **ranking** (`Ranking`) says which ranks the deck holds (52 cards 2–A, the
short decks of 36 cards 6–A and 32 cards 7–A), how many cards make a hand (5,
or 3 in three-card poker), whether the ace may also play low in a straight
(A-2-3-4-5, or A-6-7-8-9 in a 36-card deck: "l'As pot ser utilitzat com la
carta més petita davant la menor amb què es juga", source 002 §12.II) and the
order of the categories (in the short decks a flush beats a full house: "En
les variants de pòquer que es juguen amb menys de 52 cartes el color és més
important que el full", source 002 §12.VI; in three cards a straight beats a
flush).

`evaluate(cards, ranking)` returns a `HandRank`: comparable (a higher rank is
a better hand; equal ranks tie), with the category, the ranks that break ties
in order, and the five (or three) cards that make it. Given more cards than a
hand holds, it takes the best hand among them (best five of seven for
hold'em); `evaluate_split` takes a given number from each of two groups
(Omaha: two of the four hole cards and three of the board).

The exact enumerations of the games use the fast layer: cards as small
integers (`code`), and `strength5`/`strength3`, which read the strength of a
hand (an int, higher is better) from tables built once per ranking with the
prime-product scheme of Cactus Kev (Kevin Suffecool's evaluator): a flush is
looked up by the bit set of its ranks, every other hand by the product of one
prime per rank.

Examples:
    >>> evaluate("As Ks Qs Js Ts").category, evaluate("Ah 2c 3d 4s 5h").ranks
    ('royal-flush', ('5',))
    >>> evaluate("Kh Kd 7c 7s 2h") > evaluate("Qh Qd Jc Js Ah")
    True
    >>> evaluate("9s 9h 9d Ts Tc Js 7s", STANDARD).category
    'full-house'
    >>> evaluate("As Ks Qs Js 9s", SHORT_36) > evaluate("Ah Ad Ac Kh Kd", SHORT_36)
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Iterable, Sequence

from ...core import precomputed
from ...core.cards import FRENCH, FRENCH_SUITS, Card, parse_cards
from ...core.errors import CardError, SpecError
from ...core.options import parse_number
from ...core.i18n import N_

#: The French ranks from the lowest to the highest, as poker orders them.
RANKS = "23456789TJQKA"
SUITS = "".join(FRENCH_SUITS)

HIGH_CARD = "high-card"
PAIR = "pair"
TWO_PAIR = "two-pair"
THREE_OF_A_KIND = "three-of-a-kind"
STRAIGHT = "straight"
FLUSH = "flush"
FULL_HOUSE = "full-house"
FOUR_OF_A_KIND = "four-of-a-kind"
STRAIGHT_FLUSH = "straight-flush"
#: The highest straight flush (ten to ace) is a category of its own, because pay tables pay it apart.
ROYAL_FLUSH = "royal-flush"

#: Each category's name (a msgid, translated where shown).
CATEGORY_NAMES = {
    HIGH_CARD: N_("high card"), PAIR: N_("pair"), TWO_PAIR: N_("two pair"),
    THREE_OF_A_KIND: N_("three of a kind"), STRAIGHT: N_("straight"), FLUSH: N_("flush"),
    FULL_HOUSE: N_("full house"), FOUR_OF_A_KIND: N_("four of a kind"), STRAIGHT_FLUSH: N_("straight flush"),
    ROYAL_FLUSH: N_("royal flush"),
}

_FIVE_CARD_ORDER = (HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
                    STRAIGHT_FLUSH, ROYAL_FLUSH)
_SHORT_DECK_ORDER = (HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FULL_HOUSE, FLUSH, FOUR_OF_A_KIND,
                     STRAIGHT_FLUSH, ROYAL_FLUSH)
_THREE_CARD_ORDER = (HIGH_CARD, PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH)
#: Bits of a strength below the category: one nibble per tie-break rank, five of them.
_CATEGORY_SHIFT = 20


@dataclass(frozen=True)
class Ranking:
    """How hands are ranked: the deck's ranks, the hand size, the ace low, the order of categories.

    Attributes:
        name: a short name (`standard`, `short-36`, `short-32`, `three-card`).
        ranks: the ranks the deck holds, lowest first (a subset of `RANKS`, in its order).
        hand_size: cards in a hand (5, or 3).
        order: the categories from the lowest to the highest.
        ace_low: the ace may also play below the lowest rank in a straight.

    Examples:
        >>> SHORT_32.deck_size, STANDARD.deck_size, THREE_CARD.hand_size
        (32, 52, 3)
        >>> Ranking("odd", "2345", hand_size=5)
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: A poker deck needs at least the ranks of a straight and the ace: '2345'.
    """

    name: str
    ranks: str = RANKS
    hand_size: int = 5
    order: tuple[str, ...] = _FIVE_CARD_ORDER
    ace_low: bool = True

    def __post_init__(self) -> None:
        if (len(self.ranks) < self.hand_size + 1 or "A" not in self.ranks
                or "".join(r for r in RANKS if r in self.ranks) != self.ranks):
            raise SpecError("A poker deck needs at least the ranks of a straight and the ace: {ranks!r}.",
                            ranks=self.ranks)
        if self.hand_size not in (3, 5):
            raise SpecError("A poker hand has 3 or 5 cards, not {n}.", n=self.hand_size)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: four suits of each rank."""
        return 4 * len(self.ranks)

    def deck(self) -> tuple[Card, ...]:
        """The deck's cards, suit by suit, lowest rank first.

        Examples:
            >>> [str(c) for c in SHORT_32.deck()[:3]]
            ['7s', '8s', '9s']
        """
        return tuple(Card(rank, suit) for suit in SUITS for rank in self.ranks)

    def straights(self) -> tuple[tuple[str, ...], ...]:
        """Every straight's ranks, lowest straight first (the ace-low one first when the ace plays low).

        Examples:
            >>> SHORT_36.straights()[0], len(STANDARD.straights()), THREE_CARD.straights()[-1]
            (('A', '6', '7', '8', '9'), 10, ('Q', 'K', 'A'))
        """
        return _straights(self)

    def category_index(self, category: str) -> int:
        """Where a category stands in the order (higher is better)."""
        return self.order.index(category)


STANDARD = Ranking("standard")
SHORT_36 = Ranking("short-36", RANKS[4:], order=_SHORT_DECK_ORDER)
SHORT_32 = Ranking("short-32", RANKS[5:], order=_SHORT_DECK_ORDER)
THREE_CARD = Ranking("three-card", hand_size=3, order=_THREE_CARD_ORDER)
#: The rankings by deck size, for `naipes rank --deck`.
BY_DECK = {52: STANDARD, 36: SHORT_36, 32: SHORT_32}


def ranking_for_deck(size: object) -> Ranking:
    """The five-card ranking of a deck of 52, 36 or 32 cards.

    Raises:
        SpecError: another size.

    Examples:
        >>> ranking_for_deck("36").name
        'short-36'
        >>> ranking_for_deck(40)
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown poker deck '40': use 52, 36 or 32 cards.
        >>> ranking_for_deck("9" * 5000)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown poker deck '9999...': use 52, 36 or 32 cards.
    """
    text = str(size).strip()
    number = parse_number(text, whole=True)
    if number is None or number not in BY_DECK:
        raise SpecError("Unknown poker deck {deck!r}: use 52, 36 or 32 cards.", deck=text[:40])
    return BY_DECK[int(text)]


@lru_cache(maxsize=None)
def _straights(ranking: Ranking) -> tuple[tuple[str, ...], ...]:
    size, ranks = ranking.hand_size, ranking.ranks
    runs = [tuple(ranks[i:i + size]) for i in range(len(ranks) - size + 1)]
    if ranking.ace_low:
        runs.insert(0, ("A",) + tuple(ranks[:size - 1]))
    return tuple(runs)


@lru_cache(maxsize=None)
def _straight_runs(ranking: Ranking) -> tuple[tuple[frozenset[int], int], ...]:
    """Every straight as (its rank numbers, its top rank number), lowest straight first: the tables and the
    category counts test thousands of rank sets against them."""
    return tuple((frozenset(RANKS.index(r) for r in run), RANKS.index(run[-1])) for run in _straights(ranking))


# --- the fast layer: integer cards and table lookups ------------------------------------------------------

#: One prime per rank (2 → 2, ..., A → 41): a product of primes names a multiset of ranks.
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def code(card: Card | str) -> int:
    """A card as the integer the fast evaluators read: rank bit, suit bit, rank number and rank prime.

    Bits 16–28 hold one bit for the rank, 12–15 one bit for the suit, 8–11 the rank's
    number (0 for a two, 12 for an ace) and 0–7 the rank's prime.

    Raises:
        CardError: not a French card.

    Examples:
        >>> hex(code("As")), code("2c") & 0xFF
        ('0x10001c29', 2)
    """
    if isinstance(card, str):
        card = Card.parse(card)
    if card.deck != FRENCH:
        raise CardError("Poker is played with French cards: {card!r} is not one.", card=str(card))
    return _CODE[card.rank + card.suit]


_CODE = {rank + suit: _PRIMES[r] | (r << 8) | (1 << (12 + s)) | (1 << (16 + r))
         for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}
#: Every code back to its card.
CARD_OF = {value: Card(key[0], key[1]) for key, value in _CODE.items()}


def codes(cards: Iterable[Card | str] | str) -> tuple[int, ...]:
    """Several cards as codes (a string is read as card notation).

    Examples:
        >>> len(codes("As Kd 2c"))
        3
    """
    if isinstance(cards, str):
        cards = parse_cards(cards)
    return tuple(code(card) for card in cards)


def rank_of(card_code: int) -> int:
    """The rank number of a code (0 for a two, 12 for an ace)."""
    return (card_code >> 8) & 0xF


def suit_of(card_code: int) -> int:
    """The suit number of a code (0 to 3, in `SUITS` order)."""
    return ((card_code >> 12) & 0xF).bit_length() - 1


@dataclass(frozen=True)
class Tables:
    """A ranking's lookup tables: strengths by rank bits (flushes) and by prime product (the rest)."""

    flush: dict[int, int]
    other: dict[int, int]


def _strength_of(ranking: Ranking, category: str, tie_ranks: Sequence[int]) -> int:
    value = ranking.category_index(category) << _CATEGORY_SHIFT
    for i, r in enumerate(tie_ranks):
        value |= r << (4 * (4 - i))
    return value


def _classify(ranking: Ranking, rank_numbers: Sequence[int], suited: bool) -> tuple[str, tuple[int, ...]]:
    """The category and tie-break ranks of one hand of exactly `hand_size` cards, given its ranks."""
    counts: dict[int, int] = {}
    for r in rank_numbers:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    by_size = tuple(r for r, _ in groups)
    shape = tuple(n for _, n in groups)
    straight_top = None
    if len(counts) == ranking.hand_size:
        present = set(counts)
        for run, top in _straight_runs(ranking):
            if run == present:
                straight_top = top
    if straight_top is not None and suited:
        if ROYAL_FLUSH in ranking.order and RANKS[straight_top] == "A":
            return ROYAL_FLUSH, (straight_top,)
        return STRAIGHT_FLUSH, (straight_top,)
    if shape[0] == 4:
        return FOUR_OF_A_KIND, by_size
    if shape[:2] == (3, 2):
        return FULL_HOUSE, by_size
    if suited:
        return FLUSH, by_size
    if straight_top is not None:
        return STRAIGHT, (straight_top,)
    if shape[0] == 3:
        return THREE_OF_A_KIND, by_size
    if shape[:2] == (2, 2):
        return TWO_PAIR, by_size
    if shape[0] == 2:
        return PAIR, by_size
    return HIGH_CARD, by_size


_TABLES: dict[Ranking, Tables] = {}
#: The rankings whose tables ship with the engine (`naipes/data/poker-hand-tables.json`): classifying their
#: 7,500 multisets took about 50 ms of every poker page's first start in Pyodide.
_SHIPPED_TABLES = {ranking.name: ranking for ranking in (STANDARD, THREE_CARD)}


def tables(ranking: Ranking) -> Tables:
    """The lookup tables of a ranking, built once (every multiset of ranks a hand can hold).

    The tables of the 52-card and three-card rankings are shipped with the engine
    and read when this module is imported (the site imports it while Pyodide
    starts), not on a reader's click.

    Examples:
        >>> len(tables(STANDARD).flush), len(tables(STANDARD).other), len(tables(THREE_CARD).other)
        (1287, 6175, 455)
    """
    found = _TABLES.get(ranking)
    if found is not None:
        return found
    shipped = _SHIPPED_TABLES.get(ranking.name) == ranking
    found = _TABLES[ranking] = _build_tables(ranking, precomputed.load("poker-hand-tables")[ranking.name]
                                             if shipped else None)
    return found


def _build_tables(ranking: Ranking, values: dict[str, list[int]] | None = None) -> Tables:
    """The tables of `ranking`: every multiset of ranks, in one fixed order, classified now or, given the
    shipped `values` (the same order), only named."""
    flush_values = iter(values["flush"]) if values else None
    other_values = iter(values["other"]) if values else None
    numbers = [RANKS.index(r) for r in ranking.ranks]
    flush: dict[int, int] = {}
    other: dict[int, int] = {}
    for multiset in combinations_with_replacement(numbers, ranking.hand_size):
        if max(multiset.count(r) for r in multiset) > 4:
            continue
        product = 1
        for r in multiset:
            product *= _PRIMES[r]
        other[product] = (next(other_values) if other_values
                          else _strength_of(ranking, *_classify(ranking, multiset, suited=False)))
        if len(set(multiset)) == ranking.hand_size:
            bits = 0
            for r in multiset:
                bits |= 1 << r
            flush[bits] = (next(flush_values) if flush_values
                           else _strength_of(ranking, *_classify(ranking, multiset, suited=True)))
    return Tables(flush, other)


@precomputed.generator("poker-hand-tables")
def _shipped_tables() -> dict:
    """The values of the shipped rankings' tables, in the order `_build_tables` visits the multisets."""
    built = {name: _build_tables(ranking) for name, ranking in _SHIPPED_TABLES.items()}
    return {name: {"flush": list(t.flush.values()), "other": list(t.other.values())} for name, t in built.items()}


def strength5(a: int, b: int, c: int, d: int, e: int, ranking: Ranking = STANDARD) -> int:
    """The strength of five cards given as codes (higher is better; equal strengths tie).

    Examples:
        >>> strength5(*codes("As Ks Qs Js Ts")) > strength5(*codes("Ah Ad Ac As Kd"))
        True
    """
    t = tables(ranking)
    if a & b & c & d & e & 0xF000:
        return t.flush[(a | b | c | d | e) >> 16]
    return t.other[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]


def strength3(a: int, b: int, c: int, ranking: Ranking = THREE_CARD) -> int:
    """The strength of three cards given as codes, by a three-card ranking.

    Examples:
        >>> strength3(*codes("2h 3h 4h")) > strength3(*codes("Ah Ad Ac"))
        True
    """
    t = tables(ranking)
    if a & b & c & 0xF000:
        return t.flush[(a | b | c) >> 16]
    return t.other[(a & 0xFF) * (b & 0xFF) * (c & 0xFF)]


def strength_function(ranking: Ranking):
    """A fast function of `hand_size` codes bound to the ranking's tables (for hot loops).

    Examples:
        >>> short = strength_function(SHORT_32)
        >>> short(*codes("As Ks Qs Js 9s")) > short(*codes("Ah Ad Ac Kh Kd"))
        True
    """
    t = tables(ranking)
    flush, other = t.flush, t.other
    if ranking.hand_size == 3:
        def three(a: int, b: int, c: int) -> int:
            if a & b & c & 0xF000:
                return flush[(a | b | c) >> 16]
            return other[(a & 0xFF) * (b & 0xFF) * (c & 0xFF)]
        return three

    def five(a: int, b: int, c: int, d: int, e: int) -> int:
        if a & b & c & d & e & 0xF000:
            return flush[(a | b | c | d | e) >> 16]
        return other[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]
    return five


def category_of(strength: int, ranking: Ranking = STANDARD) -> str:
    """The category of a strength.

    Examples:
        >>> category_of(strength5(*codes("Ah 2c 3d 4s 5h")))
        'straight'
    """
    return ranking.order[strength >> _CATEGORY_SHIFT]


def tie_ranks_of(strength: int, ranking: Ranking = STANDARD) -> tuple[str, ...]:
    """The ranks that break ties within the category, most significant first.

    Examples:
        >>> tie_ranks_of(strength5(*codes("Kh Kd 7c 7s 2h")))
        ('K', '7', '2')
    """
    size = len(_shape_of(ranking.order[strength >> _CATEGORY_SHIFT], ranking))
    return tuple(RANKS[(strength >> (4 * (4 - i))) & 0xF] for i in range(size))


def _shape_of(category: str, ranking: Ranking) -> tuple[int, ...]:
    """How many tie-break ranks a category has (one per group of equal ranks, one for a straight)."""
    n = ranking.hand_size
    groups = {HIGH_CARD: n, PAIR: n - 1, TWO_PAIR: 3, THREE_OF_A_KIND: n - 2, STRAIGHT: 1, FLUSH: n,
              FULL_HOUSE: 2, FOUR_OF_A_KIND: 2, STRAIGHT_FLUSH: 1, ROYAL_FLUSH: 1}[category]
    return tuple(range(groups))


# --- the public layer: cards in, a comparable rank out --------------------------------------------------

@dataclass(frozen=True, order=True)
class HandRank:
    """A hand's rank: compared by `strength` only (higher is better; equal strengths tie).

    Attributes:
        strength: the comparable number (category, then tie-break ranks).
        category: the category key (`pair`, `royal-flush`, ...).
        ranks: the tie-break ranks, most significant first (the pair, then the kickers).
        cards: the cards that make the hand, in the order they count.
        ranking: the ranking it was evaluated by.
    """

    strength: int
    category: str = field(compare=False)
    ranks: tuple[str, ...] = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False, default=())
    ranking: str = field(compare=False, default="standard")

    @property
    def name(self) -> str:
        """The category's name (a msgid)."""
        return CATEGORY_NAMES[self.category]


def _read(cards: Iterable[Card | str] | str, ranking: Ranking) -> tuple[Card, ...]:
    hand = parse_cards(cards) if isinstance(cards, str) else tuple(
        Card.parse(c) if isinstance(c, str) else c for c in cards)
    seen: set[Card] = set()
    for card in hand:
        if card.deck != FRENCH:
            raise CardError("Poker is played with French cards: {card!r} is not one.", card=str(card))
        if card.rank not in ranking.ranks:
            raise CardError("The {deck}-card deck has no {card}.", deck=ranking.deck_size, card=str(card))
        if card in seen:
            raise CardError("Card {card} appears twice.", card=str(card))
        seen.add(card)
    return hand


def _ordered(hand: Sequence[Card], strength: int, ranking: Ranking) -> tuple[Card, ...]:
    """The cards in the order they count: groups by the tie-break ranks, a straight from the top."""
    category = ranking.order[strength >> _CATEGORY_SHIFT]
    if category in (STRAIGHT, STRAIGHT_FLUSH, ROYAL_FLUSH):
        top = tie_ranks_of(strength, ranking)[0]
        run = next(r for r in ranking.straights() if r[-1] == top)
        return tuple(sorted(hand, key=lambda c: -run.index(c.rank)))
    order = tie_ranks_of(strength, ranking)
    return tuple(sorted(hand, key=lambda c: (order.index(c.rank), c.suit)))


def evaluate(cards: Iterable[Card | str] | str, ranking: Ranking = STANDARD) -> HandRank:
    """The rank of a hand; from more cards than a hand holds, the best hand among them.

    Args:
        cards: the cards (`Card` objects or notation), at least `ranking.hand_size` of them.
        ranking: how hands are ranked (default: the 52-card deck, five-card hands).

    Returns:
        The `HandRank` of the best hand.

    Raises:
        CardError: a card that is not in the ranking's deck, a card twice, or too few cards.

    Examples:
        >>> r = evaluate("7c 7s Kh Kd 2h")
        >>> r.category, r.ranks, [str(c) for c in r.cards]
        ('two-pair', ('K', '7', '2'), ['Kd', 'Kh', '7c', '7s', '2h'])
        >>> evaluate("Ah 2h 3h", THREE_CARD).category
        'straight-flush'
        >>> evaluate("As Ks")
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: A hand needs at least 5 cards, not 2.
    """
    hand = _read(cards, ranking)
    size = ranking.hand_size
    if len(hand) < size:
        # TRANSLATORS: {size} is never 1: a poker hand holds 5 cards, or 3 (Ranking checks it).
        raise CardError("A hand needs at least {size} cards, not {n}.", size=size, n=len(hand))
    strength_of = strength_function(ranking)
    best, best_cards = -1, hand[:size]
    for five in combinations(hand, size):
        value = strength_of(*(code(c) for c in five))
        if value > best:
            best, best_cards = value, five
    return HandRank(best, ranking.order[best >> _CATEGORY_SHIFT], tie_ranks_of(best, ranking),
                    _ordered(best_cards, best, ranking), ranking.name)


def evaluate_split(hole: Iterable[Card | str] | str, board: Iterable[Card | str] | str, hole_count: int,
                   board_count: int, ranking: Ranking = STANDARD) -> HandRank:
    """The best hand using exactly `hole_count` hole cards and `board_count` board cards (Omaha: 2 and 3).

    Raises:
        CardError: a bad card, a card twice, or too few cards in a group.

    Examples:
        >>> evaluate_split("As Ah Ks Kh", "Qs Js Ts 2c 3d", 2, 3).category
        'royal-flush'
        >>> evaluate_split("As Ah Ad Kh", "Ac 7s 8s 2c 3d", 2, 3).category
        'three-of-a-kind'
    """
    hole_cards, board_cards = _read(hole, ranking), _read(board, ranking)
    _read(hole_cards + board_cards, ranking)
    if hole_count + board_count != ranking.hand_size:
        # TRANSLATORS: {size} is never 1: a poker hand holds 5 cards, or 3 (Ranking checks it).
        raise CardError("A hand takes {size} cards, not {hole} + {board}.", size=ranking.hand_size,
                        hole=hole_count, board=board_count)
    if len(hole_cards) < hole_count or len(board_cards) < board_count:
        # TRANSLATORS: {size} is never 1: a poker hand holds 5 cards, or 3 (Ranking checks it).
        raise CardError("A hand needs at least {size} cards, not {n}.", size=ranking.hand_size,
                        n=min(len(hole_cards), len(board_cards)))
    strength_of = strength_function(ranking)
    best, best_cards = -1, ()
    for mine in combinations(hole_cards, hole_count):
        for common in combinations(board_cards, board_count):
            value = strength_of(*(code(c) for c in mine + common))
            if value > best:
                best, best_cards = value, mine + common
    return HandRank(best, ranking.order[best >> _CATEGORY_SHIFT], tie_ranks_of(best, ranking),
                    _ordered(best_cards, best, ranking), ranking.name)


def compare(first: Iterable[Card | str] | str, second: Iterable[Card | str] | str,
            ranking: Ranking = STANDARD) -> int:
    """1 if the first hand wins, -1 if the second does, 0 on a tie.

    Examples:
        >>> compare("As Ad Kc Qh 2s", "Ah Ac Kd Qs 2h"), compare("2s 3s 4s 5s 6s", "As Ad Ah Ac Ks")
        (0, 1)
    """
    a, b = evaluate(first, ranking), evaluate(second, ranking)
    return (a > b) - (a < b)


# --- exact counts ---------------------------------------------------------------------------------------

def _multisets(ranks: Sequence[int], size: int, most: int):
    """Every multiset of `size` ranks with at most `most` of each, as (rank, count) runs."""
    def extend(start: int, left: int, taken: list[tuple[int, int]]):
        if left == 0:
            yield tuple(taken)
            return
        for i in range(start, len(ranks)):
            for n in range(min(most, left), 0, -1):
                taken.append((ranks[i], n))
                yield from extend(i + 1, left - n, taken)
                taken.pop()
    yield from extend(0, size, [])


def _best_without_flush(ranking: Ranking, counts: dict[int, int]) -> str:
    """The best category the ranks alone make (no flush), from any number of cards."""
    order = ranking.order
    found = [HIGH_CARD]
    sizes = sorted(counts.values(), reverse=True)
    present = set(counts)
    if any(run <= present for run, _ in _straight_runs(ranking)):
        found.append(STRAIGHT)
    if sizes[0] >= 4 and ranking.hand_size >= 4:
        found.append(FOUR_OF_A_KIND)
    if sizes[0] >= 3:
        found.append(THREE_OF_A_KIND)
        if len(sizes) > 1 and sizes[1] >= 2 and ranking.hand_size >= 5:
            found.append(FULL_HOUSE)
    if sizes[0] >= 2:
        found.append(PAIR)
        if len(sizes) > 1 and sizes[1] >= 2 and ranking.hand_size >= 4:
            found.append(TWO_PAIR)
    return max(found, key=order.index)


def _flush_category(ranking: Ranking, suited: Sequence[int]) -> str:
    """The best category of cards of one suit (at least a hand's worth): a straight flush or a flush."""
    present = set(suited)
    tops = [top for run, top in _straight_runs(ranking) if run <= present]
    if tops:
        return ROYAL_FLUSH if ROYAL_FLUSH in ranking.order and RANKS[tops[-1]] == "A" else STRAIGHT_FLUSH
    return FLUSH


def category_counts(ranking: Ranking = STANDARD, cards: int | None = None) -> dict[str, int]:
    """How many hands of `cards` cards (default: a hand) fall in each category, taking the best hand.

    Exact combinatorics, not enumeration: every multiset of ranks is counted with
    its suit assignments; the hands with five or more cards of one suit are
    counted apart (suit, its ranks, the other cards' ranks), which is exact up to
    nine cards (two suits cannot both hold five).

    Raises:
        SpecError: fewer cards than a hand, or more than nine.

    Examples:
        >>> counts = category_counts()
        >>> counts["royal-flush"], counts["straight-flush"], counts["high-card"], sum(counts.values())
        (4, 36, 1302540, 2598960)
        >>> category_counts(THREE_CARD)["straight"]
        720
    """
    n = ranking.hand_size if cards is None else cards
    if not ranking.hand_size <= n <= 9:
        raise SpecError("Category counts are for {low} to 9 cards, not {n}.", low=ranking.hand_size, n=n)
    numbers = [RANKS.index(r) for r in ranking.ranks]
    result = {category: 0 for category in ranking.order}
    for multiset in _multisets(numbers, n, 4):
        ways = 1
        for _, k in multiset:
            ways *= comb(4, k)
        result[_best_without_flush(ranking, dict(multiset))] += ways
    # Hands with a flush suit: take them out of their rank category and count them by the best category.
    size = ranking.hand_size
    for k in range(size, n + 1):
        for suited in combinations(numbers, k):
            flush_category = _flush_category(ranking, suited)
            for others in _multisets(numbers, n - k, 3):
                ways = 4
                for _, j in others:
                    ways *= comb(3, j)
                merged = dict.fromkeys(suited, 1)
                for r, j in others:
                    merged[r] = merged.get(r, 0) + j
                plain = _best_without_flush(ranking, merged)
                result[plain] -= ways
                result[max(plain, flush_category, key=ranking.order.index)] += ways
    return result


# The banked games' rankings (the short decks' are built when first used).
for _ranking in (STANDARD, THREE_CARD):
    tables(_ranking)
