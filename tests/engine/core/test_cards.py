import pytest
from hypothesis import given, strategies as st

from naipes.cards import FRENCH, SPANISH, format_cards, full_deck, parse_cards
from naipes.errors import CardError, NaipesError


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
    values = {card.rank: card.baccarat_value for card in full_deck()}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                      "T": 0, "J": 0, "Q": 0, "K": 0}
    # "Para este caso concreto, el valor de las figuras y los dieces será de diez puntos" (burn)
    assert {card.rank: card.burn_value for card in full_deck()}["Q"] == 10


@given(st.lists(st.sampled_from(full_deck()), max_size=20))
def test_format_then_parse_is_identity(cards):
    assert list(parse_cards(format_cards(cards))) == cards
