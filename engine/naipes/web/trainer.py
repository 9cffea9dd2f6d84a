"""The trainer widget: the reader decides, the engine says what each decision cost, exactly, and keeps the tally.

Every game where the player decides gives the trainer one object on the
`Trainer` protocol (in its own folder, `trainer.py`): it deals the session's
hands (`spot`: the hand of a number, with the reader's answers so far, from
the session's seed and a drill's filter), tells the choices open now (each
with its keyboard key) and their exact values in units of the bet — the
same values the game's advice shows — and describes a decision in words.
Everything else is here and shared: the modes, the tally, the cost, the
state (`TrainerState`, which a game extends with its own settings) and the HTML.

- *practise*: each decision is judged at once; *test*: the verdicts of a hand
  are shown when it is over. A drill (`drill`) deals only hands of one class.
- A decision's cost is the best value less the value of the choice made, both
  exact (`Fraction`). The tally adds them up: decisions, mistakes (a choice
  worth less than the best), total cost and the costliest decision.
- Values that take longer than one click's budget (`BUDGET`, in the game's
  units of work) are computed progressively: the widget asks for `fill`
  until nothing is left, and the reader may decide meanwhile (the verdict
  follows). A game raises `Unfinished` (through `Budget.spend`) to stop and
  keeps what it computed for the next call. Whether the values of the
  decision waiting are computed is recorded in the state (`valued`), never
  probed in a render: what a page shows depends on its state alone, not on
  what an earlier widget left in a cache. A session starts with its values
  still to compute when the game says they may take longer than a click
  (`Trainer.progressive`).
- A game whose rules have options (`core.options.Option`) may offer them: its `settings` are selects derived
  from the declarations, shown with the mode and the drill, and `configure` reads what one sent into the
  state. A change of rules deals a new hand (the verdicts judged so far stay in the tally), as a change of
  mode or drill does. `OfferedRules` does all of it for a game from its rules class's `OPTIONS` alone (Black
  Jack keeps its own, shared with its other widgets): every option declared with a choice is offered as a
  select, so an option a rules class gains appears in its trainer by itself.

The session's state is a game's link (it holds a seed), so a tally is
replayed by its link on any page of the game in any language.

Examples:
    >>> budget = Budget(10)
    >>> budget.spend(4); budget.left
    6
    >>> budget.spend(7); budget.left
    -1
    >>> budget.spend(1)
    Traceback (most recent call last):
    ...
    naipes.web.trainer.Unfinished
    >>> add_cost("1/3", Fraction(1, 6))
    '1/2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Protocol, Sequence

from ..core import options
from ..core.errors import IllegalActionError, NaipesError, SpecError
from ..core.model import Game, Rules
from ..core.options import Option
from ..core.formatting import decimal
from ..core.i18n import N_
from ..core.rng import fresh_seed
from ..core.cards import FRENCH, FRENCH_SUIT_SYMBOLS, Card
from .cards import card_label, rank_index
from .escaping import escape
from .html import button, controls, exact, option_select, read_option, root, select, t
from .registry import pick, register, unknown_action
from .state import (ABSENT, Reader, State, StateError, choice, flag, items, nothing_or, option_choices, row, seed, slot,
                    text, whole)

#: The work a click may do, in µs of CPython as each game estimates its work. Pyodide takes about three times as
#: long on these exact sums (measured 2.6-3.2x on Black Jack's and Challenge 21's trainer clicks): with the replay
#: and the HTML, a click stays within 30 ms of CPython and 100 ms of Pyodide.
BUDGET = 18_000
#: Practise (told at once) and test (told at the end of the hand).
MODES = {"practise": N_("Practise: told at once"), "test": N_("Test: told at the end of the hand")}
#: An exact total cost longer than this (in characters) is kept to `ROUNDED_DENOMINATOR` (a link stays short).
LONGEST_COST = 600
ROUNDED_DENOMINATOR = 10**24
#: The most tries a drill makes to deal a hand of its class (with the session's seed; never reached in practice).
MOST_TRIES = 400
NEXT_KEY = (N_("Key: next hand"), "n")


class Unfinished(Exception):
    """The work of a click is spent: the values are still to compute (the next `fill` goes on)."""


class Budget:
    """What a click may still compute, in the game's units of work."""

    def __init__(self, units: int = BUDGET) -> None:
        self.left = units

    def spend(self, units: int) -> None:
        """Count `units` of work about to be done; `Unfinished` instead when the budget is already spent.

        A piece of work larger than the whole budget is still done (by a fresh budget), so every click
        makes progress.
        """
        if self.left <= 0:
            raise Unfinished()
        self.left -= units


@dataclass(frozen=True)
class Choice:
    """One decision open to the reader: the engine's action and its key (`Trainer.label` names it).

    The key's msgid names the action (`"Key: stand"`); its translation is the key in that language (`p`
    for *plantarse*), and `default` (the English key) when the catalog gives none of one letter, or when
    there is no msgid (`""`: a digit, the same in every language).
    """

    action: str
    key: str
    default: str

    def key_in(self, lang: str) -> str:
        """The key that makes this choice in `lang` (one letter or digit).

        Examples:
            >>> Choice("stand", "Key: stand", "s").key_in("en"), Choice("buy-2", "", "2").key_in("es")
            ('s', '2')
        """
        return key_in(self.key, self.default, lang)


def key_in(message: str, default: str, lang: str) -> str:
    """A key's letter in `lang`: the translation of `message` when it is one letter, else `default`."""
    if not message:
        return default
    found = t(message, lang).strip().lower()
    return found if len(found) == 1 and found.isalpha() else default


@dataclass(frozen=True)
class Drill:
    """A class of hands the trainer deals (`all`: every hand), with its label (an English msgid)."""

    id: str
    label: str


class Spot(Protocol):
    """A hand being played: where it stands after the reader's answers so far."""

    def choices(self) -> Sequence[Choice]:
        """The decisions open now (none: the hand is over)."""

    def values(self, budget: Budget) -> Mapping[str, Fraction]:
        """The exact value of every choice open now, per unit of the bet (raises `Unfinished` when spent)."""

    def situation(self) -> str:
        """The decision in a short language-neutral code, which `Trainer.describe` reads (at most 120 characters)."""

    def html(self, lang: str) -> str:
        """The cards on the table."""

    def outcome(self, lang: str) -> str:
        """The hand's result once it is over."""


class Trainer(Protocol):
    """What a game gives the trainer (its `trainer.py`).

    A game whose values may take longer than a click says so with a `progressive = True` attribute (a session
    then starts with `fill` pending); a game whose session holds more settings than `TrainerState` gives its
    subclass as `state` (see `state_class`). A game that offers its rules options gives two more methods (see
    `RuleSettings`): `settings`, their selects, and `configure`, the session with one of them changed.
    """

    drills: Sequence[Drill]

    def setup(self, spec: Mapping[str, str], game: str) -> dict[str, object]:
        """The game's settings of a page's block for a fresh session of `game` (its preset, decks…), as the
        session's state class reads them.

        Raises:
            NaipesError: a bad value in the block.
        """

    def spot(self, state: Any, hand: int, answers: Sequence[str]) -> Spot:
        """Hand number `hand` of the session of `state` (its seed, preset, drill), after `answers`.

        Raises:
            NaipesError: answers that do not fit the hand (a tampered state or link).
        """

    def describe(self, situation: str, lang: str) -> str:
        """A decision's situation in words ("hard 16 against the dealer's 10")."""

    def reason(self, situation: str, chosen: str, best: str, lang: str) -> str:
        """Why the best choice is best, in one sentence of the game's terms ("" when the values say it all)."""

    def label(self, action: str, situation: str, lang: str) -> str:
        """A choice's name in `lang`, for the decision `situation` describes (its button's label)."""


class RuleSettings(Protocol):
    """What a game that offers its rules options in the trainer adds to `Trainer` (both methods, or neither)."""

    def settings(self, state: Any, lang: str) -> str:
        """The selects of the rules options, each on the session's value (derived from the options' declarations)."""

    def configure(self, state: Any, action: str, value: str) -> Any:
        """The session with the option whose select sent `action` set to `value`, or `None`: no option's action.

        Raises:
            NaipesError: a value the option does not offer, or rules that do not go together.
        """


def add_cost(total: str, cost: Fraction) -> str:
    """`total` (exact text) plus `cost`, exact while short enough for a link (see `LONGEST_COST`).

    Examples:
        >>> add_cost("0", Fraction(1, 3))
        '1/3'
    """
    value = Fraction(total) + cost
    if len(str(value)) > LONGEST_COST:
        value = Fraction(round(value * ROUNDED_DENOMINATOR), ROUNDED_DENOMINATOR)
    return str(value)


def _hand_seed(seed: int, hand: int, attempt: int) -> int:
    """The seed of a session's hand (and of a drill's further tries): the same for the same session, everywhere."""
    return (seed * 1_000_003 + hand * 7_919 + attempt) % 2**63


def dealt(seed: int, hand: int, fits: Any) -> int:
    """The seed of hand number `hand`: the first of its tries whose deal `fits` (a function of a seed).

    Raises:
        SpecError: no try fits (a drill no hand can satisfy under these rules).
    """
    for attempt in range(MOST_TRIES):
        candidate = _hand_seed(seed, hand, attempt)
        if fits(candidate):
            return candidate
    raise SpecError("No hand of this kind could be dealt; choose another.")


# --- the state ----------------------------------------------------------------------------------------------

def _ratio(longest: int, most: int) -> Reader:
    """A reader of an exact fraction `p/q` or `p` of at most `longest` characters and from -`most` to `most`.

    Examples:
        >>> _ratio(20, 10)("-7/3")
        '-7/3'
        >>> _ratio(20, 10)("1000/3")
        Traceback (most recent call last):
        ...
        naipes.web.state.StateError: The widget's state is damaged; reload the page.
    """
    shape = re.compile(r"-?[0-9]+(/[1-9][0-9]*)?")

    def read(value: object) -> str:
        if not isinstance(value, str) or len(value) > longest or not shape.fullmatch(value):
            raise StateError()
        if abs(Fraction(value)) > most:
            raise StateError()
        return value
    return read


#: A decision's value or cost per unit bet (a bet's result is never more than a few hundred bets).
_exact_value = _ratio(200, 10**4)
_situation = text(120)
_action = text(24)
_count = whole(0, 10**9)
#: The most hands a session deals (a session's hand number past it is a tampered state).
MOST_HANDS = 10**9


@dataclass(frozen=True, kw_only=True)
class TrainerState(State):
    """A training session: the seed, the mode, the current hand and the tally so far.

    `verdicts` judge the current hand's `answers` in order: `[situation, chosen, best, best value, cost]`;
    `worst` is the costliest decision of the session before this hand: `[hand, situation, chosen, best, cost]`;
    `valued` says whether the values of the decision waiting are computed (left out of links: a link's session
    computes them again). A game with more settings (its decks) extends this class (`Trainer.state`).

    Examples:
        >>> state = TrainerState.from_json({"widget": "trainer", "lang": "en", "seed": 1, "mode": "test",
        ...     "drill": "all", "hand": 2, "answers": ["hit"], "verdicts": [], "decisions": 3, "mistakes": 1,
        ...     "cost": "1/4", "worst": None})
        >>> state.mode, state.answers, state.valued
        ('test', ('hit',), ABSENT)
    """

    seed: int = slot(seed)
    mode: str = slot(choice(*MODES))
    drill: str = slot(text(24))
    hand: int = slot(whole(1, MOST_HANDS))
    answers: tuple[str, ...] = slot(items(_action, 40))
    verdicts: tuple[tuple[str, str, str, str, str], ...] = slot(
        items(row(_situation, _action, _action, _exact_value, _exact_value), 40))
    decisions: int = slot(_count)
    mistakes: int = slot(_count)
    cost: str = slot(_ratio(1000, 10**12))
    worst: tuple[int, str, str, str, str] | None = slot(
        nothing_or(row(whole(1, MOST_HANDS), _situation, _action, _action, _exact_value)))
    valued: bool = slot(flag, ABSENT)


class OfferedRules:
    """A game's rules options as its trainer offers them, derived from the rules class's `OPTIONS` alone.

    The session keeps the options the reader changed in `rules` (as typed; a value equal to the preset's is left
    out, so a link names only what was changed, and a link made before the options still loads: it has none);
    `state` is the session's state class with that slot. Every option is a select: of its declared values, or
    for a free one (the cagnotte) of the values the game's own widgets offer (`offered`) or else of those its
    presets take; an option offering one value only (Siete y medio's one deck) has nothing to choose.
    A page's block sets an option by its flag's name (`decks: 1`, `commission: 0.1`: `keys`). The rules of a
    session come from `rules`, the same object for the same choices (`rules_key`, by which the games keep their
    deals and values: the rules themselves may hold tables that are no dictionary key).

    Examples:
        >>> from naipes.games.baccarat.chemin_de_fer import CHEMIN_DE_FER
        >>> [option.name for option in OfferedRules(CHEMIN_DE_FER, only=("decks", "commission")).options]
        ['decks']
        >>> offered = OfferedRules(CHEMIN_DE_FER, offered={"commission": ("0.05", "0")}, only=("decks", "commission"))
        >>> [option.name for option in offered.options][:2], offered.keys[:2]
        (['decks', 'commission'], ('decks', 'commission'))
        >>> offered.setup({"preset": "cat-2016", "decks": "1", "commission": "0.05"})
        {'preset': 'cat-2016', 'rules': {'decks': '1'}}
        >>> offered.rules_of(("cat-2016", (("decks", "1"),))).decks
        1
    """

    def __init__(self, game: Game[Any], labels: Mapping[str, Mapping[str, str]] | None = None,
                 offered: Mapping[str, Sequence[str]] | None = None, only: Sequence[str] | None = None) -> None:
        self.game = game
        #: `only`: the options the trainer's values depend on, when not all do (a select of an option that changes
        #: nothing the trainer shows, such as where the stop card goes, would only mislead).
        declared = tuple(option for option in game.options if only is None or option.name in only)
        #: How a select names an option's values (by option name, then value; msgids), else as typed.
        self.labels = dict(labels or {})
        self._offered = {option.name: self._values_of(option, (offered or {}).get(option.name))
                         for option in declared}
        self.options: tuple[Option, ...] = tuple(option for option in declared
                                                 if len(self._offered[option.name]) > 1)
        self.keys = tuple(option.flag[2:] for option in self.options)
        chosen = option_choices(self.options)

        @dataclass(frozen=True, kw_only=True)
        class RulesTrainerState(TrainerState):
            """A session of the game: the trainer's state and the rules options the reader changed (`rules`)."""

            rules: dict[str, str] = slot(chosen, ABSENT)

        RulesTrainerState.__qualname__ = RulesTrainerState.__name__ = f"TrainerState[{game.id}]"
        self.state: type[TrainerState] = RulesTrainerState
        self._known: dict[tuple[str, tuple[tuple[str, str], ...]], Any] = {}

    def _values_of(self, option: Option, offered: Sequence[str] | None) -> tuple[str, ...]:
        """The values a select of `option` offers: its declared ones, else those the game's own widgets offer
        (`offered`), else every value the presets take; each one the option's reader accepts."""
        if option.values:
            return option.values
        found = list(offered or ())
        if not found and option.field:
            found = [self._preset_value(option, rules) for rules in self.game.presets.values()]
        readable = []
        for value in dict.fromkeys(found):
            try:
                option.read(value)
            except NaipesError:
                continue
            readable.append(value)
        return tuple(readable)

    def _preset_value(self, option: Option, rules: Rules) -> str:
        return option.show(getattr(rules, option.field)) if option.field else ""

    def setup(self, spec: Mapping[str, str]) -> dict[str, object]:
        """The preset of a page's block and the options it changes (by their flags' names).

        Raises:
            NaipesError: an unknown preset, or a value an option refuses.
        """
        preset = self.game.presets.get(spec.get("preset"))
        chosen = {}
        for option in self.options:
            typed = spec.get(option.flag[2:])
            if typed is not None:
                read_option(option, typed, self._offered[option.name])
                if typed != self._preset_value(option, preset):
                    chosen[option.name] = typed
        found: dict[str, object] = {"preset": preset.name}
        if chosen:
            self.rules_of((preset.name, tuple(sorted(chosen.items()))))  # rules that go together
            found["rules"] = chosen
        return found

    def rules_key(self, state: TrainerState) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The session's rules as a key: its preset and the options changed, sorted."""
        chosen = getattr(state, "rules", ABSENT)
        return str(state.preset), tuple(sorted(chosen.items())) if chosen is not ABSENT else ()

    def rules_of(self, key: tuple[str, tuple[tuple[str, str], ...]]) -> Any:
        """The rules of a key (`rules_key`): the preset with the options changed.

        Raises:
            NaipesError: a value an option refuses, or options that do not go together.
        """
        if key not in self._known:
            preset, chosen = key
            rules = self.game.presets.get(preset)
            if len(self._known) >= 128:
                self._known.pop(next(iter(self._known)))
            self._known[key] = rules.with_options(**dict(chosen)) if chosen else rules
        return self._known[key]

    def rules(self, state: TrainerState) -> Any:
        """The session's rules."""
        return self.rules_of(self.rules_key(state))

    def settings(self, state: TrainerState, lang: str) -> str:
        """A select (or a field) per option offered, on the session's value."""
        rules = self.rules(state)
        found = []
        for option in self.options:
            current = self._preset_value(option, rules)
            values = self._offered[option.name]
            if current not in values:  # a link's value of a free option, read by the option: shown too
                values = (*values, current)
            found.append(option_select(option, current, lang, values, label_of=self.labels.get(option.name) or dict(option.names)))
        return "".join(found)

    def configure(self, state: TrainerState, action: str, value: str) -> TrainerState | None:
        """The session with the option whose select sent `action` set to `value`, or `None`: no option's action.

        Raises:
            NaipesError: a value the option refuses, or rules that do not go together.
        """
        for option in self.options:
            if option.flag[2:] != action:
                continue
            value = str(value).strip()
            read_option(option, value, self._offered[option.name])
            preset = self.game.presets.get(state.preset)
            chosen = dict(self.rules_key(state)[1])
            if value == self._preset_value(option, preset):
                chosen.pop(option.name, None)
            else:
                chosen[option.name] = value
            self.rules_of((state.preset, tuple(sorted(chosen.items()))))  # rules that go together
            return state.evolve(rules=chosen or ABSENT)
        return None


def state_class(trainer: Trainer) -> type[TrainerState]:
    """The state class of `trainer`'s sessions: its own `state` (a `TrainerState` subclass), or `TrainerState`."""
    found = getattr(trainer, "state", TrainerState)
    return found if isinstance(found, type) and issubclass(found, TrainerState) else TrainerState


def start(spec: Mapping[str, str], state: dict[str, Any], trainer: Trainer) -> TrainerState:
    """A fresh session from a page's block (`seed`, `mode`, `drill`).

    A game whose values may take longer than a click (`progressive`) starts with them still to compute, and
    every other game with them ready (they take no budget): the same first render in every process.
    """
    drills = [drill.id for drill in trainer.drills]
    base = dict(state)
    base.update(trainer.setup(spec, str(base["game"])))
    base.update(seed=options.seed(spec.get("seed", "1")), mode=pick(spec.get("mode", "practise"), MODES),
                drill=pick(spec.get("drill", drills[0]), drills), hand=1, answers=[], verdicts=[], decisions=0,
                mistakes=0, cost="0", worst=None, valued=not getattr(trainer, "progressive", False))
    return state_class(trainer).from_json(base)


def _new_hand(state: TrainerState, hand: int) -> TrainerState:
    if hand > MOST_HANDS:  # only a tampered state gets here
        raise StateError()
    return state.evolve(hand=hand, answers=(), verdicts=(), valued=False)


def _judge(state: TrainerState, trainer: Trainer, budget: Budget) -> TrainerState:
    """Judge the answers not judged yet, then compute the values of the decision waiting (as far as `budget` goes);
    the state records whether they are all computed (`valued`)."""
    answers, verdicts = list(state.answers), [tuple(v) for v in state.verdicts]
    valued = False
    try:
        while len(verdicts) < len(answers):
            spot = trainer.spot(state, state.hand, answers[:len(verdicts)])
            values = spot.values(budget)
            chosen = answers[len(verdicts)]
            if chosen not in values:  # answers that do not fit their hand: a tampered state or link
                raise StateError()
            best = max(values, key=lambda action: values[action])
            cost = values[best] - values[chosen]
            verdicts.append((spot.situation(), chosen, chosen if cost == 0 else best, str(values[best]), str(cost)))
        spot = trainer.spot(state, state.hand, answers)
        if spot.choices():
            spot.values(budget)
        valued = True
    except Unfinished:
        pass
    return state.evolve(verdicts=tuple(verdicts), valued=valued)


def _fold(state: TrainerState) -> TrainerState:
    """Add the current hand's verdicts to the session's tally (when the next hand is dealt)."""
    tally = _tally(state, True)
    return state.evolve(decisions=tally.decisions, mistakes=tally.mistakes, cost=tally.cost, worst=tally.worst)


def _pending(state: TrainerState, spot: Spot) -> bool:
    """Whether values are still to compute: a decision not judged, or the one waiting not valued yet (as the state
    records it: a render computes nothing)."""
    if len(state.verdicts) < len(state.answers):
        return True
    return bool(spot.choices()) and state.valued is not True


def act(state: TrainerState, action: str, value: str, trainer: Trainer) -> TrainerState:
    """The session after an action: `choose` a decision, `fill` the values, `next` hand, `mode`, `drill`, `new`, `seed`.

    Raises:
        NaipesError: a choice not open now, a bad value, or an unknown action.
    """
    hand = state.hand
    if action == "choose":
        spot = trainer.spot(state, hand, state.answers)
        open_now = [choice.action for choice in spot.choices()]
        if not open_now:
            raise IllegalActionError("No decision is pending.")
        state = state.evolve(answers=(*state.answers, pick(value, open_now)), valued=False)
        trainer.spot(state, hand, state.answers)  # the answer fits the hand
        return _judge(state, trainer, Budget())
    if action == "fill":
        return _judge(state, trainer, Budget())
    if action == "next":
        budget = Budget()  # one click's work, shared by the hand that ends and the one dealt
        state = _judge(state, trainer, budget)
        if trainer.spot(state, hand, state.answers).choices():
            raise IllegalActionError("Finish this hand first.")
        if len(state.verdicts) < len(state.answers):
            raise IllegalActionError("The exact values of this hand are still being computed; try again in a moment.")
        return _judge(_new_hand(_fold(state), hand + 1), trainer, budget)
    if action in ("mode", "drill"):
        allowed = MODES if action == "mode" else [drill.id for drill in trainer.drills]
        return _dealt_again(state, state.evolve(**{action: pick(value, allowed)}), trainer)
    if action in ("new", "seed"):
        state = state.evolve(seed=fresh_seed() if action == "new" else options.seed(value), decisions=0, mistakes=0,
                             cost="0", worst=None)
        return _judge(_new_hand(state, 1), trainer, Budget())
    configure = getattr(trainer, "configure", None)
    changed = configure(state, action, value) if configure is not None else None
    if changed is None:
        raise unknown_action(action)
    return _dealt_again(state, changed, trainer)


def _dealt_again(before: TrainerState, changed: TrainerState, trainer: Trainer) -> TrainerState:
    """The session after a change of its settings (mode, drill, rules): the hand's verdicts judged so far go to
    the tally, and a new hand is dealt (with the new settings)."""
    if changed.verdicts and len(changed.verdicts) == len(changed.answers):
        changed = _fold(changed)
    return _judge(_new_hand(changed, before.hand + 1), trainer, Budget())


# --- the tally ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tally:
    """The session's count: decisions, mistakes, total cost (exact text) and the costliest decision."""

    decisions: int
    mistakes: int
    cost: str
    worst: list[Any] | None


def _tally(state: TrainerState, with_current: bool) -> Tally:
    decisions, mistakes, cost = state.decisions, state.mistakes, state.cost
    worst = list(state.worst) if state.worst is not None else None
    if with_current:
        for situation, chosen, best, _value, verdict_cost in state.verdicts:
            decisions += 1
            lost = Fraction(verdict_cost)
            if lost > 0:
                mistakes += 1
                cost = add_cost(cost, lost)
                if worst is None or lost > Fraction(str(worst[4])):
                    worst = [state.hand, situation, chosen, best, verdict_cost]
    return Tally(decisions, mistakes, cost, worst)


def tally_of(state: TrainerState, over: bool) -> Tally:
    """The tally a session shows: with the current hand's verdicts (in a test, once the hand is judged and `over`).

    Examples:
        >>> state = TrainerState.from_json({"widget": "trainer", "lang": "en", "seed": 1, "drill": "all",
        ...     "decisions": 2, "mistakes": 1, "cost": "1/10", "worst": None, "hand": 3,
        ...     "verdicts": [["x", "hit", "stand", "-1/2", "1/20"]], "answers": ["hit"], "mode": "practise"})
        >>> tally_of(state, False)
        Tally(decisions=3, mistakes=2, cost='3/20', worst=[3, 'x', 'hit', 'stand', '1/20'])
    """
    return _tally(state, state.mode == "practise" or _shown(state, over))


def _shown(state: TrainerState, over: bool) -> bool:
    """In a test, the hand's verdicts show once it is over and judged."""
    return over and len(state.verdicts) == len(state.answers)


# --- the HTML -----------------------------------------------------------------------------------------------

def cards_text(shown: Iterable[Card], lang: str) -> str:
    """Cards as a short text: `10♥ 6♠` (French cards), or in words for Spanish cards (`as de oros, 7 de copas`).

    Examples:
        >>> from naipes.core.cards import parse_cards
        >>> cards_text(parse_cards("Th 6s"), "en")
        '10♥\ufe0e 6♠\ufe0e'
    """
    shown = list(shown)
    if all(card.deck == FRENCH for card in shown):
        return " ".join(rank_index(card, lang) + FRENCH_SUIT_SYMBOLS[card.suit] + "\ufe0e" for card in shown)
    return ", ".join(card_label(card, lang) for card in shown)


def signed_value(value: Fraction, lang: str) -> str:
    """A value with its sign and four decimals: `+0,1234`, `-0.5000`.

    Examples:
        >>> signed_value(Fraction(-1, 2), "en"), signed_value(Fraction(1, 8), "es")
        ('-0.5000', '+0,1250')
    """
    text = decimal(value, lang, 4)
    return "+" + text if value > 0 else text


def _name(trainer: Trainer, action: str, situation: str, lang: str) -> str:
    """A choice's label inside a sentence (its first letter in lower case: "stand", "plantarse")."""
    label = trainer.label(action, situation, lang)
    return label[:1].lower() + label[1:]


def _verdict_text(trainer: Trainer, verdict: Sequence[str], lang: str) -> str:
    situation, chosen, best, best_value, cost_text = verdict
    cost = Fraction(cost_text)
    best_value_f = Fraction(best_value)
    where = trainer.describe(situation, lang)
    chosen_name, best_name = _name(trainer, chosen, situation, lang), _name(trainer, best, situation, lang)
    if cost == 0:
        text = t(N_("{situation}: {chosen} was the best decision ({value} per unit bet)."), lang).format(
            situation=where, chosen=chosen_name, value=signed_value(best_value_f, lang))
    else:
        text = t(N_("{situation}: {chosen} costs {cost} of the bet; the best was {best} ({best_value} against "
                    "{value} per unit bet)."), lang).format(
            situation=where, chosen=chosen_name, cost=decimal(cost, lang, 4), best=best_name,
            best_value=signed_value(best_value_f, lang), value=signed_value(best_value_f - cost, lang))
    reason = trainer.reason(situation, chosen, best, lang)
    return f"{text} {reason}" if reason else text


def _verdicts_html(trainer: Trainer, verdicts: Sequence[Sequence[str]], lang: str) -> str:
    items = []
    for verdict in verdicts:
        cost = Fraction(verdict[4])
        mark = "best" if cost == 0 else "mistake"
        items.append(f'<li data-naipes-verdict="{mark}" data-naipes-situation="{escape(verdict[0])}"{exact(cost)}>{escape(_verdict_text(trainer, verdict, lang))}'
                     "</li>")
    return f'<ol class="naipes-verdicts">{"".join(items)}</ol>' if items else ""


def _tally_html(trainer: Trainer, tally: Tally, lang: str) -> str:
    cost = Fraction(tally.cost)
    rows = [(N_("Decisions"), str(tally.decisions), "decisions", ""),
            (N_("Mistakes"), str(tally.mistakes), "mistakes", ""),
            (N_("Total cost (units of the bet)"), decimal(cost, lang, 4), "cost", exact(cost))]
    if tally.worst is not None:
        hand, situation, chosen, best, worst_cost = tally.worst
        text = t(N_("hand {hand}, {situation}: {chosen} instead of {best}, {cost}"), lang).format(
            hand=hand, situation=trainer.describe(situation, lang), chosen=_name(trainer, chosen, situation, lang),
            best=_name(trainer, best, situation, lang), cost=decimal(Fraction(worst_cost), lang, 4))
        rows.append((N_("Costliest decision"), text, "worst", exact(Fraction(worst_cost))))
    cells = "".join(f'<div data-naipes-tally="{name}"><dt>{escape(t(label, lang))}</dt><dd{extra}>{escape(value)}'
                    f"</dd></div>" for label, value, name, extra in rows)
    title = t(N_("This session"), lang)
    return f'<div class="naipes-tally"><p><strong>{escape(title)}</strong></p><dl>{cells}</dl></div>'


def render(state: TrainerState, error: str | None, trainer: Trainer) -> str:
    """The trainer's whole HTML: settings, the hand, the decisions (with keys), the verdicts and the tally.

    Raises:
        NaipesError: a state that does not fit the game (an unknown preset, answers that do not fit).
    """
    lang = state.lang
    spot = trainer.spot(state, state.hand, state.answers)
    choices = spot.choices()
    over = not choices
    settings = (select("mode", t(N_("Mode"), lang), [(m, t(label, lang)) for m, label in MODES.items()],
                       state.mode)
                + select("drill", t(N_("Hands"), lang), [(d.id, t(d.label, lang)) for d in trainer.drills],
                         state.drill))
    rule_settings = getattr(trainer, "settings", None)
    offered = rule_settings(state, lang) if rule_settings is not None else ""
    rules_html = ""
    if offered:  # a box of their own: a dozen selects stay apart from the session's settings
        legend = escape(t(N_("The table's rules"), lang))
        rules_html = controls(f'<fieldset class="naipes-rule-options"><legend>{legend}</legend>'
                              f"{offered}</fieldset>")
    hand_title = t(N_("Hand {n}"), lang).format(n=state.hand)
    if over:
        prompt = spot.outcome(lang)
        buttons = button(t(N_("Next hand"), lang), "next", primary=True, key=key_in(*NEXT_KEY, lang))
    else:
        prompt = t(N_("Your decision:"), lang)
        situation = spot.situation()
        buttons = " ".join(button(trainer.label(choice.action, situation, lang), "choose", choice.action,
                                  primary=True, key=choice.key_in(lang)) for choice in choices)
    buttons += " " + button(t(N_("New session"), lang), "new")
    pending = _pending(state, spot)
    verdicts = list(state.verdicts)
    shown = verdicts if state.mode == "practise" or _shown(state, over) else []
    waiting_note = ""
    if pending:
        waiting_note = t(N_("Computing the exact values…"), lang)
    elif state.mode == "test" and verdicts and not over:
        waiting_note = t(N_("Test: the verdicts come at the end of the hand."), lang)
    note_html = f'<p class="naipes-note" data-naipes-computing>{escape(waiting_note)}</p>' if waiting_note else ""
    body = (controls(settings) + rules_html + f'<p class="naipes-hand-number"><strong>{escape(hand_title)}</strong></p>'
            + spot.html(lang)
            + f'<div class="naipes-decision" role="group" aria-label="{escape(prompt)}"><p><strong>'
            f'{escape(prompt)}</strong></p><p class="naipes-buttons">{buttons}</p></div>'
            + note_html + _verdicts_html(trainer, shown, lang) + _tally_html(trainer, tally_of(state, over), lang))
    attributes = {"data-naipes-seed": str(state.seed), "data-naipes-hand": str(state.hand)}
    if pending:
        attributes["data-naipes-pending"] = "fill"
    announce = _announcement(trainer, state, shown, over, lang)
    if announce:
        attributes["data-naipes-announce"] = announce
    return root(state, body, error, attributes=attributes)


def _announcement(trainer: Trainer, state: TrainerState, shown: Sequence[Sequence[str]], over: bool,
                  lang: str) -> str:
    """What the status line says after this render (the browser writes it into the live region)."""
    if not shown:
        return ""
    if state.mode == "practise":
        return _verdict_text(trainer, shown[-1], lang) if len(shown) == len(state.answers) else ""
    mistakes = sum(1 for verdict in shown if Fraction(verdict[4]) > 0)
    cost = sum((Fraction(verdict[4]) for verdict in shown), Fraction(0))
    return t(N_("Hand over. Mistakes: {mistakes} of {decisions}; cost: {cost}."), lang).format(
        mistakes=mistakes, decisions=len(shown), cost=decimal(cost, lang, 4)) if over else ""


def register_trainer(games: Iterable[str], trainer: Trainer, keys: Iterable[str] = ()) -> None:
    """Make `widget: trainer` available for `games`, played with `trainer` (block keys `mode`, `drill`, `keys`)."""
    register("trainer", games, lambda spec, state: start(spec, state, trainer),
             lambda state, error: render(state, error, trainer),
             lambda state, action, value: act(state, action, value, trainer),
             keys=("mode", "drill", *keys), state=state_class(trainer))


__all__ = ["BUDGET", "MODES", "Budget", "Choice", "Drill", "OfferedRules", "RuleSettings", "Spot", "Tally", "Trainer", "TrainerState", "Unfinished",
           "act", "add_cost", "cards_text", "dealt", "register_trainer", "render", "signed_value", "start",
           "state_class", "tally_of"]
