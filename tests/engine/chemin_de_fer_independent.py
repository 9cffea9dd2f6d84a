"""An independent computation of the bank's choice in chemin de fer (no engine import): the trainer tests check its
exact values and costs for rules the reader chose against it.

The coup as the sources deal it (source 002, "08 Bacarà"; source 000, "Ferrocarril"): from a full shoe of `decks`
decks of 52 cards (a ten or a figure counts 0, every other card its face), two cards to the punto and two to the
bank; a two-card 8 or 9 is a natural and ends the coup. The punto draws a third card on 0 to 4, stands on 6 and 7,
and on 5 takes the croupier's advice, who "l'ha de fer plantar" (stands). The bank, seeing its own total only (not
its two cards: Ethier and Gámez's Model B1) and the punto's third card if he drew, draws or stands; the higher total
mod 10 wins, a tie is a void coup; the house takes `cagnotte` of what the bank wins.

`bank_values(decks, cagnotte, total, third)` is the bank's exact expectation per unit staked if it draws and if it
stands, over every deal (without replacement) that reaches its total `total` and the punto's third card `third`
(`None`: the punto stood), each deal weighted by its probability.
"""

from __future__ import annotations

from fractions import Fraction


def _shoe(decks: int) -> list[int]:
    return [16 * decks] + [4 * decks] * 9


def _draws(counts: list[int]):
    """Each card value with the probability of drawing it from `counts`, and the counts without it."""
    left = sum(counts)
    for value, count in enumerate(counts):
        if count:
            rest = list(counts)
            rest[value] -= 1
            yield value, Fraction(count, left), rest


def bank_values(decks: int, cagnotte: Fraction, total: int, third: int | None) -> tuple[Fraction, Fraction]:
    """The bank's (draw, stand) expectations per unit staked at its total `total` against the punto's `third`."""
    mass = Fraction(0)
    value = {"draw": Fraction(0), "stand": Fraction(0)}

    def payoff(bank: int, punto: int) -> Fraction:
        return Fraction(0) if bank == punto else (1 - Fraction(cagnotte)) if bank > punto else Fraction(-1)

    for p1, q1, s1 in _draws(_shoe(decks)):
        for b1, q2, s2 in _draws(s1):
            for p2, q3, s3 in _draws(s2):
                for b2, q4, s4 in _draws(s3):
                    punto, bank = (p1 + p2) % 10, (b1 + b2) % 10
                    if bank != total or punto >= 8 or bank >= 8:
                        continue
                    weight = q1 * q2 * q3 * q4
                    if punto <= 4:  # he must draw
                        if third is None:
                            continue
                        found = [(p3, q, s) for p3, q, s in _draws(s4) if p3 == third]
                        if not found:
                            continue
                        _p3, q5, s5 = found[0]
                        weight *= q5
                        punto = (punto + third) % 10
                    else:  # 5 (the croupier's advice), 6 or 7: he stands
                        if third is not None:
                            continue
                        s5 = s4
                    mass += weight
                    value["stand"] += weight * payoff(bank, punto)
                    value["draw"] += weight * sum((q * payoff((bank + b3) % 10, punto) for b3, q, _ in _draws(s5)),
                                                  Fraction(0))
    return value["draw"] / mass, value["stand"] / mass
