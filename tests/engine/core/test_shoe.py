from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from naipes.core.cards import full_deck, parse_cards
from naipes.core.drive import play_shoe
from naipes.core.errors import NaipesError, RulesError
from naipes.core.rng import SeededRandom
from naipes.core.shoe import BURN_BY_TURNED_CARD, MAX_SEED, Burn, Shoe, StopCard
from naipes.games.baccarat.punto_banca import PUNTO_BANCA

PRESETS = dict(PUNTO_BANCA.presets.items())


@given(st.integers(min_value=0, max_value=MAX_SEED), st.integers(min_value=1, max_value=8))
@settings(max_examples=30)
def test_a_shuffled_shoe_holds_exactly_n_decks(seed, decks):
    shoe = Shoe.shuffled(decks, seed)
    assert Counter(shoe.remaining_cards()) == Counter(full_deck() * decks)


def test_the_same_seed_gives_the_same_order_and_different_seeds_do_not():
    assert Shoe.shuffled(6, 7).remaining_cards() == Shoe.shuffled(6, 7).remaining_cards()
    orders = {Shoe.shuffled(1, seed).remaining_cards() for seed in range(20)}
    assert len(orders) == 20


def test_generator_is_roughly_uniform():
    rng = SeededRandom(2024)
    counts = Counter(rng.below(6) for _ in range(60_000))
    # each face expected 10,000 times, standard deviation ≈ 91
    assert all(abs(n - 10_000) < 450 for n in counts.values())


@pytest.mark.parametrize("first, burned_total", [("As", 2), ("7h", 8), ("Td", 11), ("Kc", 11)])
def test_burn_turns_the_first_card_and_burns_its_value(first, burned_total):
    cards = parse_cards(first) + full_deck()
    shoe = Shoe(cards)
    result = shoe.burn(Burn(BURN_BY_TURNED_CARD))
    assert str(result.turned) == first
    assert len(result.burned) == burned_total
    assert shoe.remaining == len(cards) - burned_total


def test_burn_option_counting_the_turned_card_among_the_burned():
    shoe = Shoe(parse_cards("7h") + full_deck())
    assert len(shoe.burn(Burn(BURN_BY_TURNED_CARD, turned_card_included=True)).burned) == 7


def test_the_stop_card_comes_out_with_seven_cards_below_it():
    shoe = Shoe(full_deck(), stop_card=StopCard(7))
    for _ in range(45):
        shoe.draw()
    assert not shoe.stop_card_out
    shoe.draw()
    assert shoe.stop_card_out and shoe.remaining == 6


@pytest.mark.parametrize("preset", sorted(PRESETS))
@given(seed=st.integers(min_value=0, max_value=10**12))
@settings(max_examples=5, deadline=None)
def test_cards_are_conserved_through_a_whole_shoe(preset, seed):
    rules = PRESETS[preset]
    record = play_shoe(PUNTO_BANCA, rules, seed)
    shoe = Shoe.shuffled(rules.decks, seed)
    coups = [r.coup for r in record.coups]
    used = [card for coup in coups for card in coup.player + coup.banker]
    dealt_and_burned = list(record.burn.burned) + used
    assert Counter(dealt_and_burned) + Counter(shoe.remaining_cards()[len(dealt_and_burned):]) == \
        Counter(full_deck() * rules.decks)
    # the stop card ends the shoe after the coup in progress, and only then
    below = rules.stop_card.cards_below
    total = 52 * rules.decks
    assert record.stop_card_out
    cards_before_last_coup = len(record.burn.burned) + sum(
        len(c.player) + len(c.banker) for c in coups[:-1])
    assert cards_before_last_coup <= total - below < len(dealt_and_burned)


def test_shoe_errors_are_naipes_errors():
    with pytest.raises(NaipesError, match="from 1 to 8, not 0"):
        Shoe.shuffled(0, 1)
    with pytest.raises(NaipesError, match="empty"):
        Shoe(()).draw()


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64, True, "7"])
def test_seeds_outside_the_range_are_refused_not_wrapped(seed):
    with pytest.raises(RulesError, match="seed"):
        Shoe.shuffled(1, seed)
