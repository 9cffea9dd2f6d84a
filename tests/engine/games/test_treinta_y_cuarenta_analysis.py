"""Treinta y Cuarenta's exact analysis against independent computations written here, the generic walk over
whole coups, a simulation, and published figures.

- `brute`: every card sequence of a small shoe, dealt one card at a time (a recursion over compositions, by
  value, with the first card's colour): the joint law of both rows' totals, the colour, the cards taken.
- The generic walk (`naipes.core.drive.walk_exact`) over the game's real coup on small shoes.
- A simulation written here (Python's `random`, no engine code) of 100,000 coups from a fresh 6-deck shoe.
- Published figures: gamblinginamerica.name, "Trente et Quarante (30 and 40)": "There is a 2.19% chance that
  there will be a 31 tie" and "the house takes half of all bets, giving the house a small edge of about 1.1%";
  beatablegames.com, "Il 31 après al trente et quarante": "Ad inizio mazzo il vantaggio del banco è pari a circa
  1,096%", "Se le ultime 52 carte fossero equilibrate il vantaggio del banco sarebbe come al solito del 1,09%"
  and "se da un mazzo di 52 carte allontaniamo un A, il vantaggio del banco passerebbe dallo 1,09% al' 1,03%".
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

import pytest

from naipes.core.drive import analyze, walk_exact
from naipes.core.model import NoDecisions
from naipes.games.treinta_y_cuarenta import TREINTA_Y_CUARENTA
from naipes.games.treinta_y_cuarenta.analysis import Chances, expected, house_edge, insured_edge, shoe_odds
from naipes.games.treinta_y_cuarenta.coup import RowCoup, TreintaCoup
from naipes.games.treinta_y_cuarenta.joint import row_distribution
from naipes.games.treinta_y_cuarenta.site_odds import CARDS_LEFT, DECKS, tables

from naipes.core.errors import CardError

# --- an independent brute force ---------------------------------------------------------------------------------


def falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def brute(black: tuple[int, ...], red: tuple[int, ...]) -> dict[tuple[int, int, bool, int], Fraction]:
    """P(NEGRA = a, ROJA = b, first card black, n cards) for a shoe of `black[v-1]`, `red[v-1]` cards of value v.

    Counts the ordered sequences of physical cards of each outcome (integers), then divides by the `N (N − 1) …`
    ways to deal that many cards.
    """
    by_value = tuple(b + r for b, r in zip(black, red))

    @lru_cache(maxsize=None)
    def count(composition: tuple[int, ...], negra: int | None, running: int) -> dict:
        result: dict = {}
        for index, cards in enumerate(composition):
            if not cards:
                continue
            after = composition[:index] + (cards - 1,) + composition[index + 1:]
            total = running + index + 1
            if total < 31:
                sub = count(after, negra, total)
            elif negra is None:  # NEGRA is complete: ROJA starts
                sub = count(after, total, 0)
            else:
                sub = {(negra, total, 0): 1}
            for (a, b, n), ways in sub.items():
                result[(a, b, n + 1)] = result.get((a, b, n + 1), 0) + cards * ways
        return result

    total_cards = sum(by_value)
    law: dict = {}
    for index in range(10):
        for is_black, cards in ((True, black[index]), (False, red[index])):
            if not cards:
                continue
            after = by_value[:index] + (by_value[index] - 1,) + by_value[index + 1:]
            for (a, b, n), ways in count(after, None, index + 1).items():
                key = (a, b, is_black, n + 1)
                law[key] = law.get(key, Fraction(0)) + Fraction(cards * ways, falling(total_cards, n + 1))
    return law


def classes(black, red) -> tuple[int, ...]:
    return tuple(x for b, r in zip(black, red) for x in (b, r))


SMALL = [  # (black, red) by value, aces first; each has at least 71 points
    ((1, 0, 1, 0, 1, 0, 1, 0, 1, 3), (0, 1, 0, 1, 0, 1, 0, 1, 0, 3)),
    ((2, 0, 0, 1, 0, 0, 1, 0, 1, 3), (0, 1, 1, 0, 0, 1, 0, 1, 0, 3)),
    ((1, 1, 0, 0, 1, 0, 0, 1, 0, 4), (1, 0, 0, 1, 0, 0, 1, 0, 0, 3)),
    # colours uneven in the aces only, and even everywhere: the twos and aces closed in one step (`_last_two`)
    ((1, 1, 1, 0, 1, 0, 0, 1, 0, 3), (0, 1, 1, 0, 1, 0, 0, 1, 0, 3)),
    ((1, 1, 1, 0, 1, 0, 0, 1, 0, 3), (1, 1, 1, 0, 1, 0, 0, 1, 0, 3)),
]
#: A shoe of eleven cards, for the brute force to run once per card taken out.
TINY = ((1, 1, 0, 0, 0, 0, 0, 0, 0, 4), (0, 0, 1, 0, 0, 0, 0, 0, 0, 4))


@pytest.mark.parametrize("black, red", SMALL)
def test_the_analysis_equals_a_brute_force_on_small_shoes(black, red):
    law = brute(black, red)
    assert sum(law.values()) == 1
    odds = shoe_odds(classes(black, red), every_coup=True)
    for total in range(31, 41):
        negra = sum(p for (a, b, _, _), p in law.items() if a == total)
        roja = sum(p for (a, b, _, _), p in law.items() if b == total)
        assert odds.rows.totals.get(total, 0) == negra == roja  # the rows are exchangeable
        assert odds.rows.black.get(total, 0) == sum(p for (a, _, fb, _), p in law.items() if a == total and fb)
        for n in range(1, 40):
            tie = sum(p for (a, b, _, m), p in law.items() if a == b == total and m == n)
            assert odds.ties.get(total, {}).get(n, 0) == tie
    for n in range(1, 40):
        assert odds.joint.cards.get(n, 0) == sum(p for (_, _, _, m), p in law.items() if m == n)
    excess = sum(p * (1 if fb else -1) * ((b > a) - (b < a)) for (a, b, fb, _), p in law.items())
    assert Chances.of(odds).colour_excess == excess
    for left in (8, 9, 10):
        chances = Chances.of(odds, left)
        assert chances.void == sum(p for (_, _, _, m), p in law.items() if m > left)
        noir = sum(p for (a, b, _, m), p in law.items() if a < b and m <= left)
        couleur = sum(p for (a, b, fb, m), p in law.items() if m <= left and a != b and fb == (a < b))
        assert chances.win("noir") == noir == chances.win("rouge")
        assert chances.win("couleur") == couleur


@pytest.mark.parametrize("removed", ["As", ""])
@pytest.mark.parametrize("every_coup", [False, True])
def test_the_last_two_values_closed_at_once_equal_the_walk_value_by_value(removed, every_coup):
    # One deck with a card out: the closed last step (`_last_two`, taken with colours uneven in the aces only or
    # even) against the same walk carried through the twos and the aces one value at a time.
    from naipes.core.cards import parse_cards
    from naipes.games.treinta_y_cuarenta.joint import coup_distribution
    from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR, blacks_of, colour_balanced, values_of

    counts = VALUE_COLOUR.without(1, parse_cards(removed))
    blacks = None if colour_balanced(counts) else blacks_of(counts)
    closed = coup_distribution(values_of(counts), blacks, every_coup)
    assert closed == coup_distribution(values_of(counts), blacks, every_coup, stepwise=True)
    assert bool(closed[1]) == (removed != "")


@pytest.mark.parametrize("black, red", SMALL[1:3])
def test_the_generic_walk_over_whole_coups_agrees(black, red):
    law = walk_exact(TreintaCoup(), classes(black, red), NoDecisions())
    odds = shoe_odds(classes(black, red))
    for total in range(31, 41):
        assert sum(odds.ties.get(total, {}).values()) == law.get((total, total, True), 0) + law.get(
            (total, total, False), 0)
    excess = sum(p * (1 if fb else -1) * ((b > a) - (b < a)) for (a, b, fb), p in law.items())
    assert Chances.of(odds).colour_excess == excess


def test_the_generic_walk_over_one_row_agrees_on_a_deck_with_cards_out():
    counts = TREINTA_Y_CUARENTA.classes.full(1)
    counts = (counts[0] - 2,) + counts[1:18] + (counts[18] - 3, counts[19])  # two black aces, three black tens out
    law = walk_exact(RowCoup(), counts, NoDecisions())
    odds = row_distribution(tuple(counts[2 * i] + counts[2 * i + 1] for i in range(10)), counts[0::2])
    for total in range(31, 41):
        assert odds.totals[total] == law.get((total, True), 0) + law.get((total, False), 0)
        assert odds.black[total] == law.get((total, True), 0)


def test_walk_equals_fast_on_one_deck_under_the_prison_rule():
    rules = TREINTA_Y_CUARENTA.presets.get().with_options(decks=1, tie_31="prison")
    assert analyze(TREINTA_Y_CUARENTA, rules, method="walk") == analyze(TREINTA_Y_CUARENTA, rules, method="fast")


def test_cards_out_of_play_do_not_change_the_odds():
    """Unseen cards out of play: averaged over which cards they are, the coup's law is the fresh shoe's."""
    black, red = TINY
    fresh = brute(black, red)
    cards = [(v, True) for v in range(10) for _ in range(black[v])] + [(v, False) for v in range(10)
                                                                         for _ in range(red[v])]
    mixed: dict = {}
    removals = range(len(cards))
    for gone in removals:  # one unseen card out of play, each equally likely
        b, r = list(black), list(red)
        value, is_black = cards[gone]
        (b if is_black else r)[value] -= 1
        for key, p in brute(tuple(b), tuple(r)).items():
            outcome = key[:3]
            mixed[outcome] = mixed.get(outcome, Fraction(0)) + p / len(removals)
    for outcome in mixed:
        assert mixed[outcome] == sum(p for key, p in fresh.items() if key[:3] == outcome)


def test_too_small_a_shoe_is_refused():
    with pytest.raises(CardError):
        shoe_odds(classes((1,) * 10, (0,) * 10))


# --- the values of the chances, from first principles -----------------------------------------------------------


def series_value(win, lose, tie_31, other, again_lost: bool) -> float:
    """A stake's value under the prison rule, by following the prison coup after coup (a long sum, in floats)."""
    value = win - lose
    in_prison = 1.0  # probability the stake is still in prison
    for _ in range(5000):
        value += tie_31 * in_prison * (-lose)  # the next decisive coup against it (a win frees it: 0)
        if again_lost:
            value += tie_31 * in_prison * (-tie_31)
            in_prison *= other
        else:
            in_prison *= other + tie_31
    return value


def test_the_values_follow_the_rules_of_31_31():
    chances = tables(6).chances[None]
    p, q = chances.tie_31, chances.refait
    for bet in ("noir", "rouge", "couleur", "inverse"):
        w, l = chances.win(bet), chances.lose(bet)
        assert w == l == (1 - p - q) / 2  # a full shoe: every chance wins as often as it loses
        assert expected(chances, bet, "half") == -p / 2
        assert expected(chances, bet, "prison") == -p / 2  # the identity when winning and losing are even
        for lost in (False, True):
            exact = expected(chances, bet, "prison", "lost" if lost else "stays")
            assert abs(float(exact) - series_value(float(w), float(l), float(p), float(q), lost)) < 1e-12
        assert insured_edge(chances, bet, Fraction(1, 100)) == Fraction(1, 100) * (1 - p)


def test_couleur_and_inverse_part_when_colours_are_uneven():
    counts = list(TREINTA_Y_CUARENTA.classes.full(1))
    counts[18] -= 4  # four black tens out: the first card is more often red
    chances = Chances.of(shoe_odds(tuple(counts)))
    assert chances.colour_excess != 0
    assert chances.win("couleur") + chances.win("inverse") == chances.decisive
    for lost in ("stays", "lost"):
        w, l, p = chances.win("couleur"), chances.lose("couleur"), chances.tie_31
        series = series_value(float(w), float(l), float(p), float(chances.refait), lost == "lost")
        assert abs(float(expected(chances, "couleur", "prison", lost)) - series) < 1e-12


# --- a simulation written here ------------------------------------------------------------------------------------


def simulate(decks: int, coups: int, seed: int) -> tuple[int, int, int]:
    """Coups from fresh shoes, each card drawn without replacement: (31–31s, ties, NEGRA on 31)."""
    rng = random.Random(seed)
    values = [v for v in range(1, 10) for _ in range(4 * decks)] + [10] * (16 * decks)
    after, ties, negra_31 = 0, 0, 0
    for _ in range(coups):
        pool = values[:]
        totals = []
        for _row in range(2):
            total = 0
            while total < 31:
                i = rng.randrange(len(pool))
                pool[i], pool[-1] = pool[-1], pool[i]
                total += pool.pop()
            totals.append(total)
        negra_31 += totals[0] == 31
        if totals[0] == totals[1]:
            ties += 1
            after += totals[0] == 31
    return after, ties, negra_31


def test_a_simulation_of_100000_coups_agrees_within_its_standard_error():
    coups = 100_000
    after, ties, negra_31 = simulate(6, coups, seed=2024)
    odds = tables(6)
    chances = odds.chances[None]
    for seen, exact in ((after, chances.tie_31), (ties, chances.tie_31 + chances.refait), (negra_31, odds.rows[31])):
        p = float(exact)
        assert abs(seen / coups - p) < 4 * (p * (1 - p) / coups) ** 0.5, (seen, p)


# --- published figures ---------------------------------------------------------------------------------------------


def test_the_31_31_and_the_house_edge_of_six_decks_are_the_published_ones():
    chances = tables(6).chances[None]
    assert round(float(chances.tie_31) * 100, 2) == 2.19  # "There is a 2.19% chance that there will be a 31 tie"
    edge = float(house_edge(chances, "noir", "half")) * 100
    assert round(edge, 1) == 1.1  # "a small edge of about 1.1%"
    assert 1.09 <= edge <= 1.10  # "circa 1,096%" at the start of the shoe


def test_the_house_edge_of_one_deck_and_of_one_deck_without_an_ace_are_the_published_ones():
    one = TREINTA_Y_CUARENTA.classes.full(1)
    edge = float(house_edge(Chances.of(shoe_odds(one)), "noir", "half")) * 100
    assert round(edge, 2) == 1.09  # "le ultime 52 carte ... 1,09%"
    without_ace = (one[0] - 1,) + one[1:]
    edge = float(house_edge(Chances.of(shoe_odds(without_ace)), "noir", "half")) * 100
    assert round(edge, 2) == 1.03  # "allontaniamo un A ... 1,03%"


def test_eight_decks_are_closer_than_six_to_the_shoe_dealt_with_replacement():
    """With replacement (an endless shoe) the rows are independent: the 31–31 is a row's 31 squared."""
    @lru_cache(maxsize=None)
    def row(running: int) -> dict[int, Fraction]:
        result: dict[int, Fraction] = {}
        for value in range(1, 11):
            p = Fraction(4 if value == 10 else 1, 13)
            total = running + value
            sub = {total: Fraction(1)} if total >= 31 else row(total)
            for k, q in sub.items():
                result[k] = result.get(k, Fraction(0)) + p * q
        return result

    endless = row(0)[31] ** 2
    six, eight = tables(6).chances[None].tie_31, tables(8).chances[None].tie_31
    assert abs(eight - endless) < abs(six - endless)
    assert six < eight < endless  # dealing without replacement makes equal rows rarer


# --- the data the site's odds widget reads ------------------------------------------------------------------------


@pytest.mark.parametrize("decks", DECKS)
def test_the_site_odds_are_consistent(decks):
    odds = tables(decks)
    assert sum(odds.rows.values()) == 1
    voids = [odds.chances[left].void for left in CARDS_LEFT]
    assert voids[0] == 0 and voids == sorted(voids)
    for chances in odds.chances.values():
        assert chances.tie_31 + chances.refait + chances.void + chances.decisive == 1
        assert chances.colour_excess == 0
    assert odds.chances[None].tie_31 == odds.ties[31]


@pytest.mark.xdist_group("treinta-full-shoes")  # with test_precomputed.py's Treinta files: one worker computes it
@pytest.mark.parametrize("cards_left", [None, 20])
def test_a_full_shoe_read_from_the_shipped_data_is_the_computed_report(cards_left):
    # The CLI's fast path (`shoe_report`) against the computation it replaces, on the smallest shoe it holds.
    # The computation is the data generator's own `shoe_odds(VALUE_COLOUR.full(6), every_coup=True)` (kept once
    # per process): test_precomputed.py regenerates the shipped files from it, so a worker running both computes
    # it once.
    from naipes.games.treinta_y_cuarenta.analysis import build_report
    from naipes.games.treinta_y_cuarenta.site_odds import _full_shoe_odds, shoe_report
    from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR
    rules = TREINTA_Y_CUARENTA.presets.get().with_options(decks=6)
    counts = VALUE_COLOUR.full(6)
    computed = _full_shoe_odds(6)
    assert computed.counts == counts
    assert shoe_report(rules, counts, cards_left) == build_report(rules, computed, cards_left)


def test_a_shoe_with_a_card_out_reports_its_progress_to_the_end_with_the_same_odds():
    # Issue 27: `analyze --remove As` takes seconds, so the command line draws a bar; the steps told must rise to
    # the whole and the odds must be those computed without a bar.
    from naipes.core.cards import parse_cards
    from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR

    counts = VALUE_COLOUR.without(1, parse_cards("As"))
    told: list[tuple[int, int]] = []
    odds = shoe_odds(counts, progress=lambda done, total: told.append((done, total)))
    assert odds == shoe_odds(counts)
    shares = [Fraction(done, total) for done, total in told]
    assert shares == sorted(shares) and shares[0] == 0 and shares[-1] == 1 and len(shares) > 3
