"""The player's hand after the exchange, when Draw Poker Progresivo's prize is read on it (option
`progressive_hand=final`): the exact probability of each prize category, the player exchanging by the stated
strategy.

Source 001 says only "El premio depende solamente de la mano que tenga el jugador": the engine reads the first
five cards (as source 002 says of pòquer sense descart's progressive), and this reading is the option. Whatever
the croupier holds, the replacements are any `k` of the cards the player does not see, all as likely; so a
hand's chance of ending in a prize category is the share of those sets of replacements that complete it. The
count goes the other way round: every hand of a prize category is indexed by each of its subsets the player may
keep, and a dealt hand looks up what it keeps, less the hands that hold a card it throws away.

A full deck takes about a minute; its figures ship in `naipes/games/poker/data/draw-poker-final-hands.json`
(`python -m naipes.games.poker.draw_poker.final_hands` writes it); the tests check the generator on small decks
against the generic walk of the coup, and the shipped four of a kind against its closed form.

Examples:
    >>> from ..hands import FOUR_OF_A_KIND, codes
    >>> few = codes("As Ah Ad Ac Ks Kh Kd 2c 3c 4c 5c 6d")
    >>> final_hand_probabilities(few, (FOUR_OF_A_KIND,))[FOUR_OF_A_KIND] > 0
    True
    >>> shipped_final_hand_probabilities()[FOUR_OF_A_KIND]
    Fraction(6889, 4502365)
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Iterable, Sequence

from ....core.errors import RulesError, plural
from ..hands import category_of, strength5
from ..kernel import CODES
from ..progressive import CLASSIFIER_PROGRESSIVE
from ..simulation import shipped
from .strategy import exchange

NAME = "draw-poker-final-hands"


def final_hand_probabilities(cards: Sequence[int], categories: Iterable[str], most: int = 2) -> dict[str, Fraction]:
    """The probability that the player's hand after the stated strategy's exchange is of each of `categories`,
    every hand of five of `cards` dealt alike and the replacements any of the cards left."""
    cards = sorted(cards)
    wanted = set(categories)
    # every hand of a wanted category, under each of its subsets a player may keep (the cards in sorted order)
    completed: dict[tuple[int, ...], list[tuple[frozenset[int], str]]] = {}
    for target in combinations(cards, 5):
        category = category_of(strength5(*target))
        if category in wanted:
            for k in range(most + 1):
                for kept in combinations(target, 5 - k):
                    completed.setdefault(kept, []).append((frozenset(target), category))
    left = len(cards) - 5
    found = {category: Fraction(0) for category in wanted}
    for hand in combinations(cards, 5):
        out = exchange(hand, most)
        kept = tuple(c for i, c in enumerate(hand) if i not in out)
        thrown = {hand[i] for i in out}
        for target, category in completed.get(kept, ()):
            if thrown.isdisjoint(target):
                found[category] += Fraction(1, comb(left, len(out)))
    hands = comb(len(cards), 5)
    return {category: n / hands for category, n in found.items()}


def compute() -> dict:
    """The shipped figures: a full deck, the classifier's prize categories, up to two cards exchanged."""
    categories = [category for category, _ in CLASSIFIER_PROGRESSIVE.prizes]
    found = final_hand_probabilities(CODES, categories, 2)
    return {"max_exchange": 2, "probabilities": {c: str(p) for c, p in sorted(found.items())}}


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Fraction]:
    return {c: Fraction(p) for c, p in shipped(NAME)["probabilities"].items()}


def shipped_final_hand_probabilities(categories: Iterable[str] = (), max_exchange: int = 2) -> dict[str, Fraction]:
    """The shipped probabilities of the prize categories on the final hand of a full deck.

    Raises:
        RulesError: a category or an exchange the shipped figures do not cover.
    """
    found = _shipped()
    missing = [c for c in categories if c not in found]
    if missing or max_exchange != shipped(NAME)["max_exchange"]:
        raise RulesError(plural("The progressive on the final hand is computed for {categories} and an exchange of "
                                "up to {n} card.", "The progressive on the final hand is computed for {categories} "
                                "and an exchange of up to {n} cards.", "n"), categories=", ".join(sorted(found)), n=shipped(NAME)["max_exchange"])
    return dict(found)


if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "data" / f"{NAME}.json"
    target.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(target, file=sys.stderr)
