"""Dealing real coups: one coup from a shoe, a whole shoe to the stop card, simulations.

>>> record = play_shoe(PRESETS["cat-2016"], seed=7)
>>> record.stop_card_out, record.banker + record.player + record.ties == len(record.coups)
(True, True)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import full_deck
from .punto_banca import BANKER, PLAYER, TIE, PuntoBancaCoup, PuntoBancaRules, PRESETS
from .rng import SeededRandom
from .shoe import BurnResult, Shoe


def new_shoe(rules: PuntoBancaRules, seed: int) -> Shoe:
    """A shuffled shoe for ``rules`` (decks and stop card)."""
    return Shoe.shuffled(rules.decks, seed, stop_card=rules.stop_card)


def deal_coup(shoe: Shoe, rules: PuntoBancaRules) -> PuntoBancaCoup:
    """Deal one complete coup from ``shoe``.

    >>> coup = deal_coup(new_shoe(PRESETS["cat-2016"], 1), PRESETS["cat-2016"])
    >>> coup.is_terminal(), 4 <= len(coup.player) + len(coup.banker) <= 6
    (True, True)
    """
    coup = PuntoBancaCoup(rules)
    while not coup.is_terminal():
        coup.deal(shoe.draw())
    return coup


@dataclass
class ShoeRecord:
    """A shoe played to the stop card: the burn, every coup, and the tallies."""

    burn: BurnResult
    coups: list[PuntoBancaCoup]
    stop_card_out: bool

    def _count(self, winner: str) -> int:
        return sum(1 for coup in self.coups if coup.winner == winner)

    @property
    def banker(self) -> int:
        return self._count(BANKER)

    @property
    def player(self) -> int:
        return self._count(PLAYER)

    @property
    def ties(self) -> int:
        return self._count(TIE)

    @property
    def naturals(self) -> int:
        return sum(1 for coup in self.coups if coup.natural)


def play_shoe(rules: PuntoBancaRules, seed: int) -> ShoeRecord:
    """Shuffle, burn, and deal coups until the stop card has come out (that coup is finished).

    A shoe with no stop card is dealt until fewer than six cards remain.
    """
    shoe = new_shoe(rules, seed)
    burn = shoe.burn(rules.burn)
    coups = []
    while not shoe.stop_card_out and shoe.remaining >= 6:
        coups.append(deal_coup(shoe, rules))
    return ShoeRecord(burn, coups, shoe.stop_card_out)


def simulate(rules: PuntoBancaRules, coups: int, seed: int) -> Counter:
    """Winners of ``coups`` coups, each dealt from a freshly shuffled full shoe.

    Only the six cards a coup can use are drawn (a partial Fisher–Yates
    shuffle), so every coup is an independent draw from the full composition —
    the same distribution that :func:`naipes.analysis.analyze` computes.

    >>> sum(simulate(PRESETS["cat-2016"], 100, seed=3).values())
    100
    """
    cards = list(full_deck()) * rules.decks
    rng = SeededRandom(seed)
    n = len(cards)
    tally: Counter = Counter()
    for _ in range(coups):
        for i in range(6):
            j = i + rng.below(n - i)
            cards[i], cards[j] = cards[j], cards[i]
        coup = PuntoBancaCoup(rules)
        position = 0
        while not coup.is_terminal():
            coup.deal(cards[position])
            position += 1
        tally[coup.winner] += 1
    return tally
