"""The one protocol every game follows: rules, presets, a coup as a state machine, events, conduct.

Modelled on OpenSpiel's `State` (chance as a player, `legal_actions`,
`chance_outcomes`, `apply_action`, `returns`) and PokerKit's declarative
games and automations:

- A game's **rules** are a frozen dataclass with a named field for every
  variable a regulation sets (`Rules`); **presets** (`PresetBook`) are
  named rules objects that cite their sources and list their
  interpretations.
- A **coup** (`Coup`) is a state machine. `current_player` is `CHANCE`
  when a card must leave the shoe, `TERMINAL` when the coup is over, or the
  name of the role that must decide. Chance steps are applied with a card,
  decisions with an action name; each step returns the typed, frozen
  `Event` objects it caused, each carrying the `Rule` that applied.
- **Conduct** (`Conduct`) says how the decisions nobody makes by hand are
  taken (the croupier's advice at five, the banker following his table, the
  engine's bank): it gives, for the decision in front of it, a distribution
  over the legal actions, or `None` when the decision belongs to the reader.
  The one driver (`naipes.core.drive`) reads it for seeded play, replays
  and exact walks.

Examples:
    >>> from naipes.core.drive import new_shoe, play
    >>> from naipes.games.baccarat.punto_banca import PUNTO_BANCA
    >>> rules = PUNTO_BANCA.presets.get("cat-2016")
    >>> coup = PUNTO_BANCA.new_coup(rules)
    >>> coup.current_player() == CHANCE, coup.legal_actions()
    (True, ())
    >>> play(coup, new_shoe(rules, PUNTO_BANCA.deck, seed=1)).coup.current_player() == TERMINAL
    True
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import (Callable, ClassVar, Generic, Hashable, ItemsView, Iterator, Mapping, Self, Sequence, TypeVar,
                    ValuesView, cast)

from .cards import Card, CardClasses
from .errors import IllegalActionError, NaipesError, Plural, SpecError
from .options import Option, by_name
from .sources import PRESET_TITLES, Citation
from .vocabulary import Word

class Step(Word):
    """What `current_player()` says when no role's decision is pending."""

    #: the next step is a card leaving the shoe.
    CHANCE = "chance"
    #: the coup is over.
    TERMINAL = "terminal"


CHANCE, TERMINAL = Step.CHANCE, Step.TERMINAL


class Words(str):
    """A rule's parameter that is itself an English msgid, translated where the rule is shown ("jacks").

    Examples:
        >>> Words("jacks") == "jacks"
        True
    """

    __slots__ = ()


@dataclass(frozen=True)
class Rule:
    """A rule that applied: what it says (an English msgid with placeholders) and where it comes from.

    `source` is the number of the source document that states it (`"004"`),
    or `None` for a rule of the engine's (a croupier's conduct the sources
    leave open); `interpretation` marks a rule the engine chose where its
    source is silent.

    Examples:
        >>> Rule("the punto draws on {totals}", (("totals", frozenset({0, 1})),), "004").param("totals")
        frozenset({0, 1})
    """

    text: str | Plural  # a `Plural` (`core.errors.plural`) when the rule counts something by one of its params
    params: tuple[tuple[str, object], ...] = ()
    source: str | None = None
    interpretation: bool = False

    def param(self, name: str) -> object:
        """The value of one placeholder."""
        return dict(self.params)[name]


@dataclass(frozen=True)
class Event:
    """Base class of every step's record: a frozen dataclass per kind of step, with the rule that applied.

    Narration (`naipes.core.narration.narrate`) dispatches on the event's type.
    """

    rule: Rule | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Choice:
    """One action of a conduct's distribution: the action, its probability and why it is taken."""

    action: str
    probability: Fraction = Fraction(1)
    rule: Rule | None = None


class Conduct:
    """How the decisions of a coup are taken when nobody takes them by hand.

    Subclasses are frozen dataclasses whose fields are named options (PokerKit's
    *automations*). `choose` returns the distribution over the legal actions of
    the decision pending in `coup`, or `None` when that decision belongs to the
    reader (a replay then takes the reader's next answer, or stops).
    """

    def choose(self, coup: "Coup") -> Sequence[Choice] | None:
        """The distribution of the pending decision, or `None` if the reader takes it."""
        raise NotImplementedError


@dataclass(frozen=True)
class ReaderDecides(Conduct):
    """The reader takes the decisions of `roles`; every other decision follows `otherwise`.

    Examples:
        >>> ReaderDecides(("player",), NoDecisions()).roles
        ('player',)
    """

    roles: tuple[str, ...]
    otherwise: Conduct

    def choose(self, coup: "Coup") -> Sequence[Choice] | None:
        if coup.current_player() in self.roles:
            return None
        return self.otherwise.choose(coup)


@dataclass(frozen=True)
class NoDecisions(Conduct):
    """The conduct of a game whose rules decide everything (Punto y Banca)."""

    def choose(self, coup: "Coup") -> Sequence[Choice] | None:
        raise IllegalActionError("No decision is pending.")


class Coup:
    """The state machine of one coup (or hand): the protocol every game implements.

    Attributes:
        rules: the rules object the coup is played under.
        events: every event so far, in order.
        classes: the card classes the coup tells apart (class attribute), for
            `chance_outcomes` and exact walks.
    """

    classes: CardClasses
    rules: object
    events: list[Event]

    def current_player(self) -> str:
        """`CHANCE`, `TERMINAL`, or the role whose decision is pending."""
        raise NotImplementedError

    def legal_actions(self) -> tuple[str, ...]:
        """The actions open to the role whose decision is pending (empty on chance and at the end)."""
        return ()

    def chance_outcomes(self, counts: Sequence[int]) -> list[tuple[int, int]]:
        """The card classes that can come out next, with integer weights, from a shoe of composition `counts`.

        Every card left is equally likely, so a class weighs as many as the cards of it left.
        """
        if self.current_player() != CHANCE:
            return []
        return [(index, count) for index, count in enumerate(counts) if count]

    def apply(self, action: Card | str, rule: Rule | None = None) -> list[Event]:
        """Apply a card (on a chance step) or an action (on a decision); return the events it caused.

        The template every game shares: a card only on a chance step, an action only when it is one of
        `legal_actions()` (by `action_name`); then the game's `_apply` plays it and records its events.

        Args:
            action: the card dealt, or the name of the action chosen.
            rule: why a decision was taken, when a conduct took it (recorded in the events).

        Raises:
            IllegalActionError: the step is not one of the legal ones now.
        """
        if not isinstance(action, Card):
            self.check_word(str(action))
        try:
            if isinstance(action, Card):
                self._require(CHANCE)
            else:
                self._require_action(self.action_name(str(action)))
        except IllegalActionError as refused:
            raise self.refusal(action, refused) from None
        return self._apply(action, rule)

    #: Every action word the coup's decisions ever take (`None`: not declared; `()`: the coup only takes cards).
    WORDS: ClassVar[tuple[str, ...] | None] = None

    def check_word(self, action: str) -> None:
        """Refuse, as a bad specification, an action no decision of this coup ever takes (a word the game
        does not know, not a move out of turn).

        Raises:
            SpecError: a word outside `WORDS`.
        """
        if self.WORDS is None or self.action_name(action) in self.WORDS:
            return
        if not self.WORDS:
            raise SpecError("This coup only takes cards, not {action!r}.", action=action)
        raise SpecError("Unknown action {action!r}: use {actions}.", action=action, actions=", ".join(self.WORDS))

    def refusal(self, action: Card | str, refused: IllegalActionError) -> IllegalActionError:
        """The error for a step `apply` refuses: `refused` (the generic one), unless the game says it better
        (whose turn it is, in the game's words)."""
        return refused

    def _apply(self, action: Card | str, rule: Rule | None) -> list[Event]:
        """Play a step `apply` has checked is legal; record and return its events (each game implements it)."""
        raise NotImplementedError

    def action_name(self, action: str) -> str:
        """The legal action an action's notation stands for (a game whose actions carry values, `bet:3`,
        overrides it)."""
        return action

    def is_terminal(self) -> bool:
        """True once the coup is over."""
        return self.current_player() == TERMINAL

    def returns(self, stakes: Mapping[str, Fraction | int]) -> dict[str, Fraction]:
        """Net result of each stake (positive: the bettor wins) once the coup is over."""
        raise NotImplementedError

    def results(self) -> tuple[str, ...]:
        """Who won at each betting position once the coup is over (`player`, `banker`, `tie`), for tallies."""
        raise NotImplementedError

    def outcome(self) -> Hashable:
        """What an exact analysis tallies at the end of the coup (the winner, the totals, ...)."""
        raise NotImplementedError

    def memo_key(self) -> Hashable | None:
        """A summary of the state that fixes the rest of the coup, for `walk_exact` to memoise; `None`: no memo.

        Two states with the same key and the same shoe composition must have the same future.
        """
        return None

    def clone(self) -> "Coup":
        """An independent copy (the walk branches on it)."""
        twin = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, (list, dict, set)):
                setattr(twin, name, copy.copy(value))
        return twin

    def _require(self, who: str) -> None:
        """Raise the out-of-turn error when the pending step is not `who`'s."""
        now = self.current_player()
        if now == who:
            return
        if now == TERMINAL:
            raise IllegalActionError("The coup is over: nothing more can be played.")
        if now == CHANCE:
            raise IllegalActionError("Not now: the next step is a card from the shoe.")
        raise IllegalActionError("Not now: a decision is pending ({who}).", who=now)

    def _require_action(self, action: object) -> str:
        """`action` if it is one of the legal actions of the pending decision."""
        if self.current_player() in (CHANCE, TERMINAL):
            self._require("decision")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError("Not a legal action now: {action!r}; use {actions}.", action=str(action),
                                     actions=", ".join(legal))
        return str(action)


R = TypeVar("R", bound="Rules")

#: Where an interpretation names what it sets: in brackets ("(options commission and tie_pays)") or after
#: "Option" ("Option separator_reached: ...").
_NAMING = re.compile(r"\(([^()]*)\)|\b[Oo]ptions? ([a-z_.]+)")


def _neighbours(value: object) -> list[object]:
    """Other values of a field's type, to see which rows of a description the field decides."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, (int, Fraction)):
        return [value + 1, value - 1, Fraction(value) / 2]
    return []


class PresetBook(Generic[R]):
    """A game's presets by name, the first being the default.

    Examples:
        >>> book = PresetBook({"a": 1, "b": 2}, titles={"a": "Rules A", "b": "Rules B"})
        >>> book.default, book.get("b"), list(book)
        (1, 2, ['a', 'b'])
        >>> book.get("z")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown preset 'z': use one of a, b.
    """

    def __init__(self, presets: Mapping[str, R], titles: Mapping[str, str] | None = None) -> None:
        if not presets:
            raise ValueError("a game needs at least one preset")
        self._presets = dict(presets)
        self._titles = {**PRESET_TITLES, **(titles or {})}
        untitled = [name for name in self._presets if name not in self._titles]
        if untitled:
            raise ValueError(f"every preset needs a reader's name (titles=): {', '.join(untitled)}")

    def title(self, name: str) -> str:
        """The name a reader reads for preset `name` (an English msgid); a copy changed by options keeps it.

        Examples:
            >>> PresetBook({"cat-2016": 1}).title("cat-2016+options")
            'Catalan decree 2016'
        """
        return self._titles[name.removesuffix("+options")]

    def get(self, name: str | None = None) -> R:
        """The preset `name` (default: the first)."""
        if name is None:
            return self.default
        try:
            return self._presets[name]
        except (KeyError, TypeError):
            raise SpecError("Unknown preset {name!r}: use one of {names}.", name=str(name),
                            names=", ".join(self._presets)) from None

    @property
    def default(self) -> R:
        return next(iter(self._presets.values()))

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets)

    def __len__(self) -> int:
        return len(self._presets)

    def items(self) -> ItemsView[str, R]:
        return self._presets.items()

    def values(self) -> ValuesView[R]:
        return self._presets.values()


@dataclass(frozen=True)
class Property:
    """One row of a rules object's description: a key, its label (msgid), and the value as text."""

    key: str
    label: str
    value: str


class Rules:
    """Mixin of every game's rules dataclass: name, citations, interpretations, options, and `describe`.

    A subclass is a frozen dataclass with the fields `name`, `citations`
    and `interpretations` besides its own; it lists in `OPTIONS` the options
    the command line and the widgets may change, and overrides `describe` to
    list its properties for the comparison tables (in the reader's language).
    """

    name: str
    citations: tuple[Citation, ...]
    interpretations: tuple[str, ...]
    #: The options the command line, the widgets and links may change, each declared once (`core.options.Option`).
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    def with_options(self, **given: object) -> Self:
        """A copy with some options changed (the command line's and the widgets' overrides); `None` is unchanged.

        Raises:
            SpecError: an option these rules do not have.
            RulesError: a value its reader refuses.

        Examples:
            >>> from naipes.games.baccarat.punto_banca.rules import PRESETS
            >>> PRESETS.get("cat-2016").with_options(commission="0.10", decks=None).banker_pays
            Fraction(9, 10)
        """
        changes: dict[str, object] = {}
        for name, value in given.items():
            if value is None:
                continue
            option = by_name(self.OPTIONS, name)
            if option is None:
                raise SpecError("The option {option} does not apply to these rules.",
                                option="--" + name.replace("_", "-"))
            read = option.read(value)
            if option.field:
                changes[option.field] = read
        if not changes:
            return self
        named = self.name if self.name == "custom" else self.name + "+options"
        return cast(Self, replace(self, name=named, **changes))  # type: ignore[type-var]  # subclasses are dataclasses

    @property
    def sources(self) -> tuple[str, ...]:
        """The numbers of the source documents the preset cites, sorted."""
        return tuple(sorted({c.source for c in self.citations}))

    def describe(self, lang: str) -> list[Property]:
        """The preset's properties as rows of text in `lang` (the comparison tables are generated from these)."""
        raise NotImplementedError

    def field_names(self) -> tuple[str, ...]:
        """The rules' named fields (every variable a regulation sets)."""
        return tuple(f.name for f in fields(self))  # type: ignore[arg-type]

    def named_fields(self, message: str) -> tuple[str, ...]:
        """The fields an interpretation says it sets: the options and fields it names ("(option decks)").

        Examples:
            >>> from naipes.games.baccarat.punto_banca.rules import PRESETS
            >>> rules = PRESETS.get("clasificador-bo-cl")
            >>> rules.named_fields("... pays the tie 8 to 1 (options commission and tie_pays).")
            ('banker_pays', 'tie_pays')
        """
        words: list[str] = []
        for found in _NAMING.finditer(message):
            words += re.findall(r"[a-z][a-z0-9_]*", found.group(1) or found.group(2))
        names = set(self.field_names()) - {"name", "citations", "interpretations"}
        chosen = []
        for word in words:
            option = by_name(self.OPTIONS, word)
            if option is not None and option.field:
                chosen.append(option.field)
            elif word in names:
                chosen.append(word)
        return tuple(dict.fromkeys(chosen))

    def interpreted_rows(self, message: str, others: Sequence["Rules"] = ()) -> tuple[str, ...]:
        """The keys of `describe`'s rows an interpretation decides: those that change with the fields it names.

        Each named field is set to another value (the value of another preset in `others`, or a neighbour
        of a number or the other truth value) and the rows whose text changes are the interpreted ones; a
        row named like the field (`perfect-pairs` for `perfect_pairs`) is one too. Nothing is typed per row.
        An empty answer: the interpretation concerns the preset as a whole.

        Examples:
            >>> from naipes.games.baccarat.punto_banca.rules import PRESETS
            >>> rules = PRESETS.get("clasificador-bo-cl")
            >>> rules.interpreted_rows(rules.interpretations[2])
            ('commission', 'payouts')
        """
        before = {p.key: p.value for p in self.describe("en")}
        rows: set[str] = set()
        for name in self.named_fields(message):
            rows.add(name.replace("_", "-"))
            value = getattr(self, name)
            for other in _neighbours(value) + [getattr(o, name) for o in others if hasattr(o, name)]:
                if other == value:
                    continue
                try:
                    changed = replace(self, **{name: other}).describe("en")  # type: ignore[type-var]
                except (NaipesError, TypeError, ValueError, ArithmeticError):
                    continue
                rows.update(p.key for p in changed if before.get(p.key) != p.value)
        return tuple(key for key in before if key in rows)


@dataclass(frozen=True)
class Line:
    """One line of an exact analysis: a bet or an outcome, its probability and the house edge on it.

    `label` is an English msgid; `house_edge` is `None` where no bet is paid on it.
    """

    key: str
    label: str
    probability: Fraction | None = None
    house_edge: Fraction | None = None


@dataclass(frozen=True)
class Report:
    """An exact analysis as the command line and the widgets show it: lines, and extra values for JSON."""

    lines: tuple[Line, ...]
    extra: Mapping[str, object] = field(default_factory=dict)

    def line(self, key: str) -> Line:
        """The line `key`."""
        for line in self.lines:
            if line.key == key:
                return line
        raise KeyError(key)


@dataclass(frozen=True)
class Analysis(Generic[R]):
    """How a game is analysed exactly: a fast analysis, and what the generic walk's distribution means.

    Attributes:
        fast: the game's own exact analysis of a shoe composition.
        from_walk: the same report built from `walk_exact`'s outcome distribution (the test oracle).
        conduct: the conduct the analysis assumes for the decisions (default: the game's).
        replacement: the analysis deals with replacement (the infinite-shoe model of the literature).
        coup: the coup the walk checks the analysis on, when it is smaller than the game's (one box of a
            table of boxes); default: the game's `new_coup`.
    """

    fast: Callable[[R, tuple[int, ...]], Report]
    from_walk: Callable[[R, Mapping[Hashable, Fraction], tuple[int, ...]], Report]
    conduct: Callable[[R], Conduct] | None = None
    replacement: bool = False
    coup: Callable[[R], Coup] | None = None


@dataclass(frozen=True)
class Game(Generic[R]):
    """A game's definition: what the driver, the command line and the widgets derive everything from.

    Attributes:
        id: the game's name in the command line, widget blocks and links (`punto-banca`).
        name: its display name (an English msgid, translated where shown).
        presets: the jurisdiction presets.
        new_coup: a fresh coup under given rules.
        conduct: the default conduct (the sources' croupier conduct), from the rules.
        classes: the card classes its coups tell apart (the composition of a shoe for analyses).
        analysis: its exact analysis, if it has one.
        min_cards: a shoe stops dealing coups when fewer cards than this are left.
        commands: extra or overriding command-line verbs: verb -> "module:function" (imported when used).
        widgets: the module that registers the game's widgets (imported when a page uses one).
        family: the games compared together on one page (`baccarat`).
    """

    id: str
    name: str
    presets: PresetBook[R]
    new_coup: Callable[[R], Coup]
    conduct: Callable[[R], Conduct]
    classes: CardClasses
    analysis: Analysis[R] | None = None
    min_cards: int = 6
    commands: Mapping[str, str] = field(default_factory=dict)
    widgets: str | None = None
    family: str | None = None

    @property
    def options(self) -> tuple[Option, ...]:
        """The rules options of the game: those its rules class declares (`Rules.OPTIONS`), nowhere else."""
        return type(self.presets.default).OPTIONS

    def rules_from(self, given: object) -> R:
        """The preset `given.preset` with the options `given` carries: the one reading of a command line's rules.

        `given` is an argparse namespace (or any object) with an attribute per option, named by the option's
        `dest`; an absent or `None` attribute leaves the preset's value.

        Raises:
            SpecError: an unknown preset.
            RulesError: a value an option's reader refuses.

        Examples:
            >>> import argparse
            >>> from naipes.games.baccarat.punto_banca import PUNTO_BANCA
            >>> PUNTO_BANCA.rules_from(argparse.Namespace(preset="cat-2016", decks="1", commission=None)).decks
            1
        """
        rules = self.presets.get(getattr(given, "preset", None))
        values = {option.name: getattr(given, option.dest, None) for option in self.options}
        return rules.with_options(**values)

    @property
    def deck(self) -> str:
        """`FRENCH` or `SPANISH`: the deck the game is dealt from."""
        return self.classes.deck
