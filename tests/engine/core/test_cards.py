import pytest
from hypothesis import given, strategies as st

from naipes.core.cards import FRENCH, SPANISH, format_cards, full_deck, parse_cards
from naipes.core.errors import CardError, NaipesError
from naipes.core.shoe import burn_value
from naipes.games.baccarat.kernel import POINTS, card_points


@pytest.mark.parametrize("deck, size", [(FRENCH, 52), (SPANISH, 40)])
def test_every_card_round_trips_through_notation(deck, size):
    cards = full_deck(deck)
    assert len(set(cards)) == size
    assert parse_cards(format_cards(cards), deck=deck) == cards


def test_notation_examples_from_the_house_conventions():
    assert format_cards(parse_cards("As Th Kd 9c")) == "As Th Kd 9c"
    assert format_cards(parse_cards("1o 7c Sb Ce Rb", deck=SPANISH)) == "1o 7c Sb Ce Rb"
    assert parse_cards("10h") == parse_cards("Th")


@pytest.mark.parametrize("text, bad", [("As Zz", "Zz"), ("Kd 1s", "1s"), ("Ah 11c", "11c"), ("x", "x")])
def test_a_bad_token_is_named_in_the_error(text, bad):
    with pytest.raises(CardError) as error:
        parse_cards(text)
    assert repr(bad) in str(error.value)
    assert isinstance(error.value, NaipesError) and isinstance(error.value, ValueError)


def test_french_figures_are_not_spanish_cards():
    with pytest.raises(CardError, match="'Kd'"):
        parse_cards("Kd", deck=SPANISH)
    with pytest.raises(CardError, match="'Sb'"):
        parse_cards("Sb", deck=FRENCH)


def test_baccarat_values_follow_the_sources():
    # "el 10 y las figuras, que no tienen ningún valor numérico, y el as, que vale un punto" (source 000)
    values = {card.rank: card_points(card) for card in full_deck()}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                      "T": 0, "J": 0, "Q": 0, "K": 0}
    # "Para este caso concreto, el valor de las figuras y los dieces será de diez puntos" (burn)
    assert {card.rank: burn_value(card) for card in full_deck()}["Q"] == 10


def test_card_classes_count_a_shoe_and_take_out_cards_by_rank_and_suit():
    assert POINTS.full(2) == (32,) + (8,) * 9
    assert POINTS.without(1, parse_cards("Kd Qd 9s")) == (14,) + (4,) * 8 + (3,)
    # a shoe of one deck holds one ace of spades: it cannot come out twice (the classes alone would allow it)
    with pytest.raises(CardError, match="As"):
        POINTS.without(1, parse_cards("As As"))
    assert POINTS.without(2, parse_cards("As As"))[1] == 6
    with pytest.raises(CardError, match="1o"):
        POINTS.without(1, parse_cards("1o", deck=SPANISH))
    assert [POINTS.of(POINTS.representative(i)) for i in range(10)] == list(range(10))


@given(st.lists(st.sampled_from(full_deck()), max_size=20))
def test_format_then_parse_is_identity(cards):
    assert list(parse_cards(format_cards(cards))) == cards
