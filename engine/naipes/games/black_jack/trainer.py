"""Black Jack's and Challenge 21's part of the trainer (`naipes.web.trainer`): the hands, the choices, their values.

A session's hand is a coup of the game (`BlackJackCoup`, one box, a bet of
one unit per round) dealt from a fresh shoe with the hand's seed and played
with the reader's answers through the one driver, as the `coup` widget is.
Every decision is valued as that widget's advice values it, but always
exactly: the `Evaluator` of the dealer's card and the shoe less every card on
the table (the hand's own still in), for the hand's position (a split hand,
whether it may still split or double); insurance and even money from the
chance of a ten-valued card. The values of a low total take up to a second
to compute from a six-deck shoe, so the evaluator counts the dealer's hands
it sums against the click's budget and keeps what it computed: the trainer
asks again (`fill`) until the values are complete.

After a decision the hand shows the chart of every action's exact value for
it (`charts.decision_chart`): the reader's choice and the best marked, and the
cost between them, the numbers of the verdict (in test mode, once the hand is
over, for its last decision).

The session's rules are the preset's with every option the reader chose in
the trainer's selects (the rules options of `rules.BlackJackRules.OPTIONS`,
kept as the other Black Jack widgets keep them: `widgets.RulesState`), so
the deals, the choices open and their exact values are those of the reader's
casino. A link made before the options held only the decks: they are read
into the rules.

Drills deal only hard totals (two cards of different values, no ace), soft
totals (an ace and another card) or pairs, and the hand starts with a decision
on the cards (not insurance).

Examples:
    >>> from naipes.web.trainer import start
    >>> state = start({"preset": "clasificador-bo-cl", "decks": "6", "seed": "3", "drill": "pairs"},
    ...               {"widget": "trainer", "game": "black-jack", "lang": "en"}, TRAINER)
    >>> spot = TRAINER.spot(state, 1, [])
    >>> cards = spot.coup.boxes[0].hands[0].cards
    >>> cards[0].rank == cards[1].rank or {cards[0].rank, cards[1].rank} <= set("TJQK")
    True
    >>> sorted(spot.values(Budget(10**9)))[:3]
    ['hit', 'split', 'stand']
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ...core import options
from ...core.cards import parse_cards
from ...core.formatting import percent, units
from ...core.i18n import N_
from ...web.html import t
from ...web.state import ABSENT, option_text, scalar, slot
from ...web.trainer import Budget, Choice, Drill, TrainerState, Unfinished, cards_text, dealt, register_trainer
from . import BLACK_JACK, CHALLENGE_21
from .coup import (DECLINE, EVEN_MONEY_DECISION, INSURANCE_DECISION, INSURE, TAKE_EVEN_MONEY, BlackJackCoup,
                   Stakes)
from .dealer import terminal_hands
from .expectation import DOUBLE, HIT, SPLIT, STAND, SURRENDER, Evaluator, Position
from .hands import ACE, BLACKJACK_POINTS, VALUE_CLASSES, add_card, total_of_counts, value_class
from .charts import decision_chart
from .narration import total_text
from .progressive import _Counted
from .rules import BlackJackRules
from .side_bets import insurance_chance
from .widgets import (ACTION_LABELS, READER, RulesState, _choices, _dealer_hands, _game, _hand_html, _option_keys,
                      _replayed_rules, _rule_selects, _seen_cards, _start_choices, _with_rule, rules_of)

GAMES = (BLACK_JACK.id, CHALLENGE_21.id)
#: The widget kind whose rules options the trainer offers (every option the rules declare).
KIND = "trainer"
#: Each choice's key: its msgid (translated to the key in each language) and the English key.
KEYS = {STAND: (N_("Key: stand"), "s"), HIT: (N_("Key: hit"), "h"), DOUBLE: (N_("Key: double"), "d"),
        SPLIT: (N_("Key: split"), "p"), SURRENDER: (N_("Key: surrender"), "r"),
        INSURE: (N_("Key: take insurance"), "y"), TAKE_EVEN_MONEY: (N_("Key: take even money"), "y"),
        DECLINE: (N_("Key: decline"), "n")}
DRILLS = (Drill("all", N_("Every hand")), Drill("hard", N_("Hard totals only")),
          Drill("soft", N_("Soft totals only")), Drill("pairs", N_("Pairs only")))
PLAY, INSURANCE, EVEN_MONEY = "play", "insurance", "even-money"
#: What the first dealer table of a dealer's card (and soft-17 rule) in this process costs first, in µs of CPython
#: (the trainer's units): listing the ways its hand can end, at most 2,112 of them (measured: 1 to 21 ms).
FIRST_TABLE_MICROSECONDS = 15_000
#: What one deal tried by a drill costs (a shuffled shoe and the coup to the first decision), in the same units.
DEAL_MICROSECONDS = 900
#: The spending of the click being computed (`Budget`): the evaluators count against it.
_SPENDING: list[Budget] = [Budget(10**18)]
#: Work done this click outside the evaluators, in the same units, still to count against its budget (the deals
#: a drill tried); and the dealer's cards (with their soft-17 rule) whose hands have been listed in this process.
_UNCOUNTED: list[int] = [0]
_LISTED: set[tuple[int, bool]] = set()


@lru_cache(maxsize=64)
def _evaluator(rules: BlackJackRules, first: int, shoe: tuple[int, ...]) -> Evaluator:
    """The evaluator of a decision, kept between clicks: each table it computes (its split hands' too) counts
    against the click's budget (`progressive._Counted`), so a click that runs out of budget leaves its tables for
    the next."""
    return _Counted(rules, first, shoe, _SPENDING)


def _count_outside(rules: BlackJackRules, first: int) -> None:
    """Count the click's work outside the evaluators: the deals a drill tried (done already), and the first listing
    of the dealer's hands from `first` in this process (done here, before the evaluator's first table)."""
    dealer = (first, rules.hits_soft_17)
    listing = dealer not in _LISTED
    spent, _UNCOUNTED[0] = _UNCOUNTED[0], 0
    if spent or listing:
        _SPENDING[0].spend(spent + (FIRST_TABLE_MICROSECONDS if listing else 0))
    if listing:
        terminal_hands(*dealer)
        _LISTED.add(dealer)


@lru_cache(maxsize=256)
def _play_values(rules: BlackJackRules, first: int, shoe: tuple[int, ...], classes: tuple[int, ...],
                 position: Position) -> dict[str, Fraction]:
    """The exact values of a hand's actions (cached once complete; an `Unfinished` call caches nothing)."""
    return _evaluator(rules, first, shoe).values(classes, position)


@dataclass(frozen=True, kw_only=True)
class BlackJackTrainerState(RulesState, TrainerState):
    """A Black Jack or Challenge 21 session: the trainer's state and the rules as the reader chose them (`rules`).

    `decks` is the number of decks of a link made before the rules options: it is read into `rules`.

    Examples:
        >>> old = BlackJackTrainerState.from_json({"widget": "trainer", "game": "black-jack", "lang": "en",
        ...     "preset": "clasificador-bo-cl", "decks": "2", "seed": 1, "mode": "practise", "drill": "all",
        ...     "hand": 1, "answers": [], "verdicts": [], "decisions": 0, "mistakes": 0, "cost": "0", "worst": None})
        >>> old.rules, old.decks, _rules(old).decks
        ({'decks': '2'}, ABSENT, 2)
    """

    decks: object = slot(scalar, ABSENT)  # an old link's: read by the decks option into `rules`

    def __post_init__(self) -> None:
        if self.decks is not ABSENT:  # a choice like any other (one chosen since stays); StateError: a damaged link
            object.__setattr__(self, "rules", {"decks": option_text(options.DECKS)(self.decks), **_choices(self)})
            object.__setattr__(self, "decks", ABSENT)


def _rules(state: BlackJackTrainerState) -> BlackJackRules:
    return rules_of(state)


def _stakes(rules: BlackJackRules) -> Stakes:
    return Stakes((1,) * rules.rounds) if rules.rounds > 1 else Stakes((1,))


def _fits(drill: str, coup: BlackJackCoup, waiting: str | None) -> bool:
    """Whether a hand's deal belongs to `drill`: the reader decides, and on the kind of two cards asked for."""
    if waiting != READER:
        return False
    if drill == "all":
        return True
    pending = coup.pending()
    if pending is None or pending[0] != PLAY:
        return False
    first, second = (value_class(card) for card in coup.boxes[0].hands[0].cards)
    if drill == "pairs":
        return first == second
    if drill == "soft":
        return (first == ACE) != (second == ACE)
    return first != second and ACE not in (first, second)


class BlackJackSpot:
    """A hand of the session: its coup replayed with the reader's answers."""

    def __init__(self, rules: BlackJackRules, seed: int, answers: Sequence[str], practise: bool = True) -> None:
        self.rules = rules
        self.seed = seed
        self.answers = tuple(answers)
        #: Practise tells at once: the chart of the last decision shows while the hand goes on (in a test, at its end).
        self.practise = practise
        self.record, _ = _replayed_rules(rules, seed, _stakes(rules), tuple(answers))
        self.coup: BlackJackCoup = self.record.coup

    def choices(self) -> list[Choice]:
        if self.record.waiting != READER:
            return []
        return [Choice(action, *KEYS[action]) for action in self.coup.legal_actions()]

    def values(self, budget: Budget) -> dict[str, Fraction]:
        coup, rules = self.coup, self.rules
        pending = coup.pending()
        legal = coup.legal_actions()
        if pending is None or self.record.waiting != READER:
            return {}
        if pending[0] in (INSURANCE_DECISION, EVEN_MONEY_DECISION):
            chance = insurance_chance(VALUE_CLASSES.without(rules.decks, _seen_cards(coup, None)))
            if pending[0] == INSURANCE_DECISION:  # per unit of the round's bet: insurance stakes half of it
                return {INSURE: (chance * rules.insurance_pays - (1 - chance)) / 2, DECLINE: Fraction(0)}
            return {TAKE_EVEN_MONEY: Fraction(1), DECLINE: rules.blackjack_pays * (1 - chance)}
        b, index = pending[1], pending[2]
        hand = coup.boxes[b].hands[index]
        shoe = VALUE_CLASSES.without(rules.decks, _seen_cards(coup, (b, index)))
        position = Position(split_hand=hand.split, can_split=coup.may_split(b, index),
                            can_double=coup.may_double(b, index))
        first = value_class(coup.dealer_first)  # type: ignore[arg-type]
        _SPENDING[0] = budget
        try:
            _count_outside(rules, first)
            found = _play_values(rules, first, shoe, hand.classes, position)
        finally:
            _SPENDING[0] = Budget(10**18)
            # The evaluators' tables are kept between clicks, millions of objects with no reference cycles: a pass
            # of the cyclic collector over them took up to 100 ms of a click (as for the chart, `progressive`), so
            # what they hold is left out of its passes.
            gc.freeze()
        return {action: value for action, value in found.items() if action in legal}

    def situation(self) -> str:
        coup = self.coup
        pending = coup.pending()
        if pending is None or coup.dealer_first is None:
            return ""
        kind = {INSURANCE_DECISION: INSURANCE, EVEN_MONEY_DECISION: EVEN_MONEY}.get(pending[0], PLAY)
        skip = (pending[1], pending[2]) if kind == PLAY else (0, 0)
        hand = coup.boxes[skip[0]].hands[skip[1]]
        others = _seen_cards(coup, skip)[1:]
        code = ";".join((kind, str(self.rules.decks), " ".join(map(str, hand.cards)), str(coup.dealer_first),
                         " ".join(map(str, others))))
        return code if len(code) <= 120 else code[:code.rindex(" ", 0, 120)]

    def html(self, lang: str) -> str:
        coup = self.coup
        hands = "".join(_hand_html(coup, 0, index, lang) for index in range(len(coup.boxes[0].hands)))
        return (f'<div class="naipes-bj">{_dealer_hands(coup, lang)}<div class="naipes-hands">{hands}</div></div>'
                + self.last_decision_chart(lang))

    def last_decision_chart(self, lang: str) -> str:
        """The chart of the last decision's values (those its verdict was judged on), or nothing: no decision yet,
        a test's hand not over, or values not computed yet (the trainer's `fill` computes them first)."""
        if not self.answers or (not self.practise and self.choices()):
            return ""
        before = BlackJackSpot(self.rules, self.seed, self.answers[:-1])
        try:
            values = before.values(Budget())
        except Unfinished:
            return ""
        chosen = self.answers[-1]
        if chosen not in values:
            return ""
        labels = {action: t(ACTION_LABELS[action], lang) if action in ACTION_LABELS else action for action in values}
        return decision_chart(values, chosen, labels, lang)

    def outcome(self, lang: str) -> str:
        net = self.coup.net()[0]
        return t(N_("The coup is over: your result is {net}."), lang).format(
            net=("+" if net > 0 else "-" if net < 0 else "") + units(net, lang))


def _situation(code: str) -> tuple[str, int, tuple, Any, tuple]:
    """A situation code read back: its kind, the decks, the hand's cards, the dealer's card, the other cards seen.

    Raises:
        ValueError: not a code `BlackJackSpot.situation` writes (`NaipesError` is one).
    """
    kind, decks, hand, dealer, others = code.split(";")
    return (kind, options.decks(decks), parse_cards(hand), parse_cards(dealer)[0],
            parse_cards(others) if others else ())


class BlackJackTrainer:
    """The trainer's protocol for Black Jack and Challenge 21 (`naipes.web.trainer.Trainer`)."""

    drills: Sequence[Drill] = DRILLS
    #: A hand's exact values may take longer than a click (a session starts with them to compute).
    progressive = True
    state = BlackJackTrainerState

    def spot(self, state: BlackJackTrainerState, hand: int, answers: Sequence[str]) -> BlackJackSpot:
        rules = _rules(state)
        seed = _hand_seed(rules, state.seed, hand, state.drill)
        return BlackJackSpot(rules, seed, answers, practise=state.mode != "test")

    def setup(self, spec: Mapping[str, str], game: str) -> dict[str, object]:
        return _start_choices(spec, {"game": game}, KIND)

    def settings(self, state: BlackJackTrainerState, lang: str) -> str:
        return _rule_selects(state, KIND, lang)

    def configure(self, state: BlackJackTrainerState, action: str, value: str) -> BlackJackTrainerState | None:
        return _with_rule(state, KIND, action, value)

    def describe(self, situation: str, lang: str) -> str:
        try:
            kind, _decks, hand, dealer, _others = _situation(situation)
        except ValueError:
            return situation
        cards = cards_text(hand, lang)
        total = total_text(total_of_counts(VALUE_CLASSES.counts(hand)), lang)
        if kind == INSURANCE:
            return t(N_("{cards} ({total}) against the dealer's ace, insurance"), lang).format(cards=cards, total=total)
        if kind == EVEN_MONEY:
            return t(N_("black jack against the dealer's ace, even money"), lang)
        return t(N_("{cards} ({total}) against the dealer's {card}"), lang).format(
            cards=cards, total=total, card=_CARD_NAMES[value_class(dealer)])

    def reason(self, situation: str, chosen: str, best: str, lang: str) -> str:
        try:
            kind, decks, hand, dealer, others = _situation(situation)
            shoe = VALUE_CLASSES.without(decks, (*hand, dealer, *others))
        except ValueError:
            return ""
        cards = sum(shoe)
        if kind in (INSURANCE, EVEN_MONEY):
            return t(N_("The dealer makes black jack only when the next card is worth ten: {chance} of the time "
                        "with the cards left."), lang).format(chance=percent(insurance_chance(shoe), lang, 2))
        total = total_of_counts(VALUE_CLASSES.counts(hand))
        if best == SURRENDER:
            return t(N_("Surrendering loses exactly half the bet; any other play loses more on average here."), lang)
        if best == SPLIT:
            return t(N_("Two hands each starting with this card are worth more than the pair played as one "
                        "total."), lang)
        if best == DOUBLE:
            return t(N_("The hand is ahead and one card improves it often: twice the bet on it gains more."), lang)
        if total.soft or not cards:
            return ""
        busting = sum(count for index, count in enumerate(shoe)
                      if total.points + (index + 1) > BLACKJACK_POINTS)
        chance = percent(Fraction(busting, cards), lang, 1)
        if best == STAND:
            return t(N_("Another card takes {total} over 21 {chance} of the time."), lang).format(
                total=total.points, chance=chance)
        if best == HIT:
            return t(N_("Another card takes {total} over 21 {chance} of the time, yet standing on it loses "
                        "more."), lang).format(total=total.points, chance=chance)
        return ""

    def label(self, action: str, situation: str, lang: str) -> str:
        return t(ACTION_LABELS[action], lang) if action in ACTION_LABELS else action


#: The dealer's card as the chart's columns name it.
_CARD_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


@lru_cache(maxsize=256)
def _hand_seed(rules: BlackJackRules, seed: int, hand: int, drill: str) -> int:
    """The seed of the session's hand number `hand`: the first of its tries that deals a hand of the drill."""
    def fits(candidate: int) -> bool:
        _UNCOUNTED[0] += DEAL_MICROSECONDS
        # Not through the replays' cache: the deals a drill passes over would push the session's out of it.
        record, _ = _replayed_rules.__wrapped__(rules, candidate, _stakes(rules), ())
        return _fits(drill, record.coup, record.waiting)
    return dealt(seed, hand, fits)


TRAINER = BlackJackTrainer()
register_trainer(GAMES, TRAINER, keys=_option_keys(KIND))
