"""The one driver on a toy coup written here: play, replay, and the exact walk against hand-computed values.

The toy game (not one of the engine's) is small enough to compute by hand: a
card is dealt; on a face card the player decides to "take" one more card or
"stop"; the outcome is the parity of the cards' ranks.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from naipes.core.cards import FRENCH, CardClasses, parse_cards
from naipes.core.drive import play, replay, walk_exact
from naipes.core.errors import IllegalActionError, SpecError
from naipes.core.model import CHANCE, TERMINAL, Choice, Conduct, Coup, ReaderDecides
from naipes.core.shoe import Shoe

FACE = CardClasses("face", FRENCH, 2, lambda card: int(card.rank in "JQK"))


class Toy(Coup):
    classes = FACE

    def __init__(self):
        self.cards, self.events, self.decided = [], [], None

    def current_player(self):
        if not self.cards or self.decided == "take" and len(self.cards) == 1:
            return CHANCE
        if self.decided is None and FACE.of(self.cards[0]) == 1:
            return "player"
        return TERMINAL

    def legal_actions(self):
        return ("take", "stop") if self.current_player() == "player" else ()

    def apply(self, action, rule=None):
        if self.current_player() == CHANCE:
            self.cards.append(action)
        else:
            self.decided = self._require_action(action)
        return []

    def outcome(self):
        return tuple(FACE.of(c) for c in self.cards)


class Always(Conduct):
    def __init__(self, *choices):
        self.choices = choices

    def choose(self, coup):
        return self.choices


def test_walk_exact_weights_every_card_by_how_many_are_left():
    # 12 faces and 40 others in a deck: P(first is a face) = 12/52; after one, 11/51 for a second face
    taking = walk_exact(Toy(), FACE.full(1), Always(Choice("take")))
    assert taking == {(0,): Fraction(40, 52), (1, 1): Fraction(12, 52) * Fraction(11, 51),
                      (1, 0): Fraction(12, 52) * Fraction(40, 51)}
    assert sum(taking.values()) == 1
    with_replacement = walk_exact(Toy(), FACE.full(1), Always(Choice("take")), replacement=True)
    assert with_replacement[(1, 1)] == Fraction(12, 52) ** 2


def test_walk_exact_mixes_decisions_with_the_conducts_probabilities():
    half = Always(Choice("take", Fraction(1, 3)), Choice("stop", Fraction(2, 3)))
    mixed = walk_exact(Toy(), FACE.full(1), half)
    assert mixed[(1,)] == Fraction(12, 52) * Fraction(2, 3)
    assert mixed[(1, 1)] == Fraction(12, 52) * Fraction(1, 3) * Fraction(11, 51)


def test_the_walk_needs_a_conduct_for_every_decision():
    with pytest.raises(SpecError, match="player"):
        walk_exact(Toy(), FACE.full(1), ReaderDecides(("player",), Always(Choice("stop"))))


def test_replay_takes_the_readers_answers_and_waits_when_they_run_out():
    shoe = lambda: Shoe(parse_cards("Kd 7c 2s"))  # noqa: E731
    waiting = replay(Toy(), shoe(), None, [])
    assert waiting.waiting == "player" and [s.kind for s in waiting.steps] == ["card"]
    done = replay(Toy(), shoe(), None, ["take"])
    assert done.coup.outcome() == (1, 0) and [s.kind for s in done.steps] == ["card", "answer", "card"]
    with pytest.raises(IllegalActionError):
        replay(Toy(), shoe(), None, ["take", "take"])
    with pytest.raises(IllegalActionError, match="'jump'"):
        replay(Toy(), shoe(), None, ["jump"])


def test_play_follows_the_conduct_and_stops_at_a_step_limit():
    record = play(Toy(), Shoe(parse_cards("Qh 3c")), Always(Choice("stop")))
    assert record.coup.outcome() == (1,) and record.steps[-1].kind == "auto"
    assert len(play(Toy(), Shoe(parse_cards("Qh 3c")), Always(Choice("take")), limit=1).steps) == 1


def test_an_action_out_of_turn_is_an_illegal_action():
    coup = Toy()
    with pytest.raises(IllegalActionError):
        coup._require("player")
