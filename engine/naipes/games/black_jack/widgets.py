"""The widgets of Black Jack and Challenge 21: rules, the engine's basic strategy, the dealer's table, the tables.

`rules`
    The preset's properties (`describe`) with its sources and interpretations.
`strategy`
    The basic strategy chart the engine derives for the preset and a number of
    decks (hard totals, soft totals, pairs) with the house edge of playing it
    and of the best first decision for every hand. The tables of the deck
    counts offered are computed once and shipped with the package, so a change
    of decks answers at once.
`published`
    The engine's house edge next to published figures for the same rules.
`dealer`
    The dealer's final total by first card from a full shoe, with the house
    edges of insurance and of Perfect Pairs for the deck count chosen.
`coup`
    A table to play: the reader's box bets (Perfect Pairs in Black Jack, two or
    three rounds in Challenge 21), decides insurance or even money, hits,
    stands, doubles, splits or surrenders, and watches the dealer's play
    narrated. Advice on demand shows the value of every action open. The state
    is the seed and the reader's answers, replayed through the one driver.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "strategy", "game": "black-jack", "decks": "6"}, "en")
    >>> 'data-naipes-row="hard:16"' in html
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence, TypeVar

from ...core import options
from ...core.cards import FRENCH, Card
from ...core.drive import burned_shoe, replay
from ...core.errors import IllegalActionError
from ...core.formatting import decimal, percent
from ...core.i18n import N_, translate_plural
from ...core.model import ReaderDecides
from ...core.narration import narrate
from ...core.options import Option
from ...core.precomputed import generator, load
from ...core.rng import fresh_seed
from ...web.charts import Series, bar_chart
from ...web.escaping import escape
from ...web.html import button, controls, exact, hand as html_hand, note, option_select, read_option, root, select, t, table
from ...web.registry import pick, register, unknown_action
from ...web.state import ABSENT, State, StateError, choice, flag, items, option_choices, option_text, scalar, seed as seed_reader, slot, text, whole
from ...web.trainer import Budget
from ...web.tables import presets_table
from . import BLACK_JACK, CHALLENGE_21
from .conduct import BasicStrategy
from .coup import (BUSTED, DECLINE, EVEN_MONEY_DECISION, INSURANCE_DECISION, INSURE, NATURAL, PAID, PLAYING, STOOD,
                   SURRENDERED, TAKE_EVEN_MONEY, BlackJackCoup, Stakes)
from .dealer import FINALS, dealer_table, terminal_hands
from .events import DealerCard
from .expectation import ACTIONS, DOUBLE, HIT, SPLIT, STAND, SURRENDER, Evaluator, Position
from .hands import CLASS_NAMES, VALUE_CLASSES, hand_total, value_class
from ...core.formatting import units
from .narration import total_text
from .progressive import STEP_BUDGET, progress_of
from .published import PUBLISHED
from .rules import PAIR_KINDS, BlackJackRules
from .side_bets import insurance_chance, insurance_edge, perfect_pairs_chances, perfect_pairs_edge, without_ace
from .strategy import (COLUMNS, PAIR, ROWS, SHIPPED_DECKS, SOFT, STRATEGY_FIELDS, StrategyTable, _shipped,
                       decode_dealer_tables, dealer_tables_data, hand_key, rules_key, shipped_dealer_table,
                       strategy_table)

GAMES = (BLACK_JACK.id, CHALLENGE_21.id)
READER = "box-1"
BETS = (1, 2, 5, 10)
SIDE_BETS = (0, 1, 2, 5)
#: The action the browser sends at once while a chart is still being computed (`data-naipes-pending`).
FILL = "fill"
#: The in-browser advice sums at most this many of the dealer's possible hands over the new dealer tables it
#: computes (a table from a 2 sums about 1,400 of them, from a ten about 200; about 2.5 µs each in Pyodide):
#: a hand that needs more is sent to the command line.
ADVICE_BUDGET = 25_000
ABBREVIATIONS = {STAND: N_("S"), HIT: N_("H"), DOUBLE: N_("D"), SPLIT: N_("P"), SURRENDER: N_("R")}
ACTION_LABELS = {STAND: N_("Stand"), HIT: N_("Hit"), DOUBLE: N_("Double"), SPLIT: N_("Split"),
                 SURRENDER: N_("Surrender"), INSURE: N_("Take insurance"), DECLINE: N_("Decline"),
                 TAKE_EVEN_MONEY: N_("Take even money")}
ACTION_WORDS = {STAND: N_("stand"), HIT: N_("hit"), DOUBLE: N_("double"), SPLIT: N_("split"),
                SURRENDER: N_("surrender")}
STATUS_LABELS = {PLAYING: N_("to play"), STOOD: N_("stands"), BUSTED: N_("over 21"), SURRENDERED: N_("surrendered"),
                 NATURAL: N_("black jack"), PAID: N_("black jack, paid")}
_CSS = (
    "<style>"
    ".naipes-bj .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-bj button[disabled]{opacity:.4;cursor:default}"
    ".naipes-bj .md-button{padding:.3em 1em;font-size:.7rem}"
    ".naipes-bj .naipes-chart td{text-align:center;font-weight:600}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"stand\"]{background:#fff3c4;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"hit\"]{background:#d7ecff;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"double\"]{background:#c8efc8;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"split\"]{background:#f3d1f5;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"surrender\"]{background:#eee;color:#000}"
    "</style>"
)


def _game(state: State | str):
    game = state.game if isinstance(state, State) else state
    return CHALLENGE_21 if game == CHALLENGE_21.id else BLACK_JACK


#: The options that change a decision (a strategy table's fields): the strategy chart, the table and the trainer
#: offer these; the cut card and the side bets' and insurance's payouts are the command line's.
DECISION_OPTIONS = tuple(option.name for option in BlackJackRules.OPTIONS if option.field in STRATEGY_FIELDS)
#: The rules options each kind offers (by `Option.name`, of those the game's rules declare): the dealer's table
#: depends on its drawing rule and the shoe only.
KIND_OPTIONS = {"strategy": DECISION_OPTIONS, "coup": DECISION_OPTIONS, "trainer": DECISION_OPTIONS,
                "dealer": ("decks", "soft_17")}
_PRESET_NAMES = tuple(dict.fromkeys([*BLACK_JACK.presets, *CHALLENGE_21.presets]))
_RULE_CHOICES = option_choices(tuple(option for option in BlackJackRules.OPTIONS
                                     if option.name in DECISION_OPTIONS))


@dataclass(frozen=True, kw_only=True)
class PresetState(State):
    """A widget about one preset only (its rules, the published figures)."""

    preset: str = slot(choice(*_PRESET_NAMES))


@dataclass(frozen=True, kw_only=True)
class RulesState(State):
    """A widget of the preset's rules as the reader changed them: `rules` holds each option chosen, as typed."""

    preset: str = slot(choice(*_PRESET_NAMES))
    rules: dict[str, str] = slot(_RULE_CHOICES, ABSENT)


def _options(kind: str, game) -> tuple[Option, ...]:
    """The options a kind offers for `game` (only those its rules declare)."""
    names = KIND_OPTIONS.get(kind)
    return tuple(option for option in game.options if names is None or option.name in names)


def _choices(state: RulesState) -> dict[str, str]:
    return {} if state.rules is ABSENT else dict(state.rules)


def rules_of(state: RulesState) -> BlackJackRules:
    """The rules a widget's state describes: its preset with the reader's choices.

    Examples:
        >>> state = RulesState.from_json({"widget": "strategy", "lang": "en", "preset": "clasificador-bo-cl",
        ...                               "rules": {"soft_17": "hit", "decks": "2"}})
        >>> rules = rules_of(state)
        >>> rules.hits_soft_17, rules.decks
        (True, 2)
    """
    preset = _game(state).presets.get(state.preset)
    chosen = _choices(state)
    return preset.with_options(**chosen) if chosen else preset


def _start_choices(spec: Mapping[str, str], base: dict, kind: str) -> dict:
    """The base of a page's block with its preset and the rules options it sets (`decks: 2`, `soft-17: hit`)."""
    game = _game(str(base["game"]))
    preset = game.presets.get(spec.get("preset"))
    chosen = {}
    for option in _options(kind, game):
        typed = spec.get(option.flag[2:])
        if typed is not None:
            read_option(option, typed)
            if typed != option.show(getattr(preset, option.field)):
                chosen[option.name] = typed
    found = dict(base, preset=preset.name)
    if chosen:
        found["rules"] = chosen
    return found


def _rule_selects(state: RulesState, kind: str, lang: str) -> str:
    """One select per option the kind offers, each on the value the state's rules have."""
    rules = rules_of(state)
    return "".join(option_select(option, option.show(getattr(rules, option.field)), lang)
                   for option in _options(kind, _game(state)))


def _with_rule(state: RulesStateT, kind: str, action: str, value: str) -> RulesStateT | None:
    """The state with the option whose select sent `action` set to `value`, or `None` if `action` is no option.

    A value equal to the preset's is left out (a link names only what the reader changed).

    Raises:
        SpecError, RulesError: a value the option does not offer.
    """
    for option in _options(kind, _game(state)):
        if option.flag[2:] == action:
            read_option(option, value)
            preset = _game(state).presets.get(state.preset)
            chosen = _choices(state)
            if value == option.show(getattr(preset, option.field)):
                chosen.pop(option.name, None)
            else:
                chosen[option.name] = value
            changed = state.evolve(rules=chosen or ABSENT)
            rules_of(changed)  # the combination is one the rules accept
            return changed
    return None


RulesStateT = TypeVar("RulesStateT", bound=RulesState)


# --- rules -------------------------------------------------------------------------------------------------

def _render_rules(state: PresetState, error: str | None) -> str:
    lang = state.lang
    game = _game(state)
    rules = game.presets.get(state.preset)
    caption = t(N_("The rules of the preset, by property."), lang)
    body = presets_table(caption, [rules], lang, game.presets, f"naipes-rules-{game.id}", attributes=" data-naipes-rules")
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error, static=True)


def _start_rules(spec: Mapping[str, str], base: dict) -> PresetState:
    return PresetState.from_json(dict(base, preset=_game(str(base["game"])).presets.get(spec.get("preset")).name))


def _static_act(state: PresetState, action: str, value: str) -> PresetState:
    raise unknown_action(action)


# --- the strategy chart ------------------------------------------------------------------------------------

def _row_label(kind: str, number: int) -> str:
    if kind == PAIR:
        name = CLASS_NAMES[number]
        return f"{name},{name}"
    if kind == SOFT:
        return f"A,{number - 11}"
    return str(number)


def _cell(action: str, fallback: str, lang: str) -> str:
    text = t(ABBREVIATIONS[action], lang) + ("" if fallback == action else t(ABBREVIATIONS[fallback], lang).lower())
    title = t(ACTION_WORDS[action], lang) + ("" if fallback == action else " / " + t(ACTION_WORDS[fallback], lang))
    return f'<td data-naipes-move="{action}" title="{escape(title)}">{escape(text)}</td>'


#: The title of a chart's cell not computed yet.
STILL_COMPUTED = N_("still being computed")


def _chart_cell(cell: tuple[str, str] | None, lang: str) -> str:
    """A chart's cell, or an ellipsis while it is still being computed."""
    if cell is None:
        return f'<td data-naipes-move="" title="{escape(t(STILL_COMPUTED, lang))}">…</td>'
    return _cell(cell[0], cell[1], lang)


def chart_html(rules: BlackJackRules, lang: str) -> str:
    """The chart of `rules` as three tables (hard, soft, pairs), columns the dealer's card 2 … 10, A."""
    return _chart_html(strategy_table(rules).chart, lang)


def _chart_html(chart: Mapping[tuple[str, int], Sequence[tuple[str, str] | None]], lang: str) -> str:
    heads = [t(N_("Your hand"), lang)] + [CLASS_NAMES[c] for c in COLUMNS]
    sections = []
    for kind, caption in (("hard", N_("Hard totals (no ace counting 11), by the dealer's card")),
                          ("soft", N_("Soft totals (an ace counting 11), by the dealer's card")),
                          ("pair", N_("Pairs, by the dealer's card"))):
        rows = []
        for row in ROWS:
            if row[0] != kind:
                continue
            cells = chart[row]
            rows.append(f'<tr data-naipes-row="{row[0]}:{row[1]}"><th scope="row">{escape(_row_label(*row))}</th>'
                        + "".join(_chart_cell(cells[c], lang) for c in COLUMNS) + "</tr>")
        sections.append(table(t(caption, lang), heads, rows, classes="naipes-chart"))
    return "".join(sections)


def _legend(lang: str) -> str:
    parts = [f"{t(ABBREVIATIONS[a], lang)} = {t(ACTION_WORDS[a], lang)}" for a in ACTIONS]
    return note(" · ".join(parts) + ". " + t(N_("Two abbreviations run together (the second in lower case): the "
                                                  "first action when it is allowed (doubling and surrendering only "
                                                  "on the first two cards), else the second."),
                                             lang))


def known_table(rules: BlackJackRules) -> StrategyTable | None:
    """The strategy table of `rules` if it is at hand at once: shipped, or computed already in this process.

    Examples:
        >>> known_table(BLACK_JACK.presets.get()) is not None
        True
    """
    shipped = _shipped(rules_key(rules))
    return shipped if shipped is not None else progress_of(rules).table()


def _render_strategy(state: RulesState, error: str | None) -> str:
    lang = state.lang
    rules = rules_of(state)
    strategy = known_table(rules)
    selects = controls(_rule_selects(state, "strategy", lang))
    if strategy is None:
        progress = progress_of(rules)
        status = translate_plural(
            "Computing the chart and the house edge for these rules: {done} of {total} deal valued. The hands "
            "without a pair come first, the pairs (their splits) last; the house edge follows.",
            "Computing the chart and the house edge for these rules: {done} of {total} deals valued. The hands "
            "without a pair come first, the pairs (their splits) last; the house edge follows.",
            progress.total, lang).format(done=progress.done, total=progress.total)
        body = (selects + _chart_html(progress.chart(), lang) + _legend(lang)
                + f'<p class="naipes-note" data-naipes-progress="{progress.done}/{progress.total}" role="status">'
                f'{escape(status)}</p>')
        return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error,
                    attributes={"data-naipes-pending": FILL})
    edges = t(N_("House edge with this chart: {basic} ({exact_basic}). With the best first decision for every "
                 "hand: {optimal}."), lang).format(
        basic=percent(strategy.basic_edge, lang, 4), exact_basic=_short_fraction(strategy.basic_edge),
        optimal=percent(strategy.optimal_edge, lang, 4))
    method = translate_plural(
        "Every hand is valued exactly from a full shoe of {decks} deck, the hand's cards and the dealer's out; after "
        "the first decision the hand plays its best way for the exact cards left.",
        "Every hand is valued exactly from a full shoe of {decks} decks, the hand's cards and the dealer's out; after "
        "the first decision the hand plays its best way for the exact cards left.", rules.decks, lang).format(
        decks=rules.decks)
    body = (selects + _chart_html(strategy.chart, lang) + _legend(lang)
            + f'<p class="naipes-note" data-naipes-edge{exact(strategy.basic_edge)}'
            f' data-naipes-optimal-edge="{strategy.optimal_edge}">{escape(edges)}</p>'
            + note(method))
    # A table just computed here leaves its evaluators' tables to free, a step at a time: the browser asks on.
    freeing = _shipped(rules_key(rules)) is None and not progress_of(rules).finished
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error,
                attributes={"data-naipes-pending": FILL} if freeing else None)


def _short_fraction(value: Fraction) -> str:
    """An exact fraction, or its decimals when it is too long to read."""
    text = str(value)
    return text if len(text) <= 24 else decimal(value, "en", 10)


def _start_strategy(spec: Mapping[str, str], base: dict) -> RulesState:
    return RulesState.from_json(_start_choices(spec, base, "strategy"))


def _act_strategy(state: RulesState, action: str, value: str) -> RulesState:
    if action == FILL:
        progress_of(rules_of(state)).step(Budget(STEP_BUDGET))
        return state
    changed = _with_rule(state, "strategy", action, value)
    if changed is None:
        raise unknown_action(action)
    return changed


# --- published figures --------------------------------------------------------------------------------------

KIND_LABELS = {"optimal": N_("best first decision"), "basic": N_("basic strategy")}


def _render_published(state: PresetState, error: str | None) -> str:
    lang = state.lang
    rows = []
    for figure in PUBLISHED:
        strategy = strategy_table(figure.rules)
        engine = strategy.optimal_edge if figure.kind == "optimal" else strategy.basic_edge
        kind = t(KIND_LABELS[figure.kind], lang)
        rows.append(f'<tr data-naipes-published="{escape(figure.key)}"><td>{escape(figure.reference)}</td>'
                    f'<td>{escape(kind)}</td>'
                    f'<td{exact(figure.house_edge)}>{escape(percent(figure.house_edge, lang, 4))}</td>'
                    f'<td{exact(engine)}>{escape(percent(engine, lang, 4))}</td></tr>')
    heads = [t(h, lang) for h in (N_("Published figure (rules)"), N_("Strategy"), N_("Published house edge"),
                                  N_("The engine's"))]
    caption = t(N_("The engine's house edge for the rules of published figures."), lang)
    return root(state, _CSS + f'<div class="naipes-bj">{table(caption, heads, rows)}</div>', error, static=True)


# --- the dealer's table ---------------------------------------------------------------------------------------

def _render_dealer(state: RulesState, error: str | None) -> str:
    lang = state.lang
    rules = rules_of(state)
    counts = VALUE_CLASSES.full(rules.decks)
    dealer = _dealer_table(counts, rules.hits_soft_17)
    heads = [t(N_("First card"), lang)] + [str(f) for f in FINALS[:5]] + [t(N_("black jack"), lang),
                                                                         t(N_("over 21"), lang)]
    rows = []
    for first in COLUMNS:
        row = dealer[first]
        rows.append(f'<tr data-naipes-first="{CLASS_NAMES[first]}"><th scope="row">{CLASS_NAMES[first]}</th>'
                    + "".join(f'<td{exact(row[f])}>{escape(percent(row[f], lang, 2))}</td>' for f in FINALS)
                    + "</tr>")
    caption = translate_plural("The dealer's final total by its first card, from a full shoe of {decks} deck.",
                               "The dealer's final total by its first card, from a full shoe of {decks} decks.",
                               rules.decks, lang).format(decks=rules.decks)
    chance = insurance_chance(without_ace(counts))
    insurance = insurance_edge(without_ace(counts), rules.insurance_pays)
    pairs = perfect_pairs_chances(rules.decks)
    pp_edge = perfect_pairs_edge(rules.perfect_pairs, rules.decks)
    insurance_label = t(N_("Insurance against black jack"), lang)
    side = [f'<tr data-naipes-bet="insurance"><th scope="row">{escape(insurance_label)}</th>'
            f'<td{exact(chance)}>{escape(percent(chance, lang, 4))}</td>'
            f'<td>{escape(_ratio(rules.insurance_pays))}</td>'
            f'<td{exact(insurance)}>{escape(percent(insurance, lang, 4))}</td></tr>']
    for kind, payout in zip(PAIR_KINDS, rules.perfect_pairs):
        side.append(f'<tr data-naipes-bet="{kind}"><th scope="row">{escape(t(_PAIR_NAMES[kind], lang))}</th>'
                    f'<td{exact(pairs[kind])}>{escape(percent(pairs[kind], lang, 4))}</td>'
                    f'<td>{payout}</td><td></td></tr>')
    pairs_label = t(N_("Perfect Pairs"), lang)
    side.append(f'<tr data-naipes-bet="perfect-pairs"><th scope="row">{escape(pairs_label)}</th>'
                f'<td{exact(sum(pairs.values()))}>{escape(percent(sum(pairs.values()), lang, 4))}</td><td></td>'
                f'<td{exact(pp_edge)}>{escape(percent(pp_edge, lang, 4))}</td></tr>')
    side_heads = [t(h, lang) for h in (N_("Bet"), N_("Probability of winning"), N_("Pays (to 1)"), N_("House edge"))]
    side_caption = translate_plural(
        "Insurance (the dealer's ace, no other card out) and Perfect Pairs (the first two cards), from a full shoe of "
        "{decks} deck.",
        "Insurance (the dealer's ace, no other card out) and Perfect Pairs (the first two cards), from a full shoe of "
        "{decks} decks.", rules.decks, lang).format(decks=rules.decks)
    body = (controls(_rule_selects(state, "dealer", lang))
            + table(caption, heads, rows, attributes=' data-naipes-dealer')
            + table(side_caption, side_heads, side, attributes=' data-naipes-side-bets'))
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error)


def _start_dealer(spec: Mapping[str, str], base: dict) -> RulesState:
    return RulesState.from_json(_start_choices(spec, base, "dealer"))


def _act_dealer(state: RulesState, action: str, value: str) -> RulesState:
    changed = _with_rule(state, "dealer", action, value)
    if changed is None:
        raise unknown_action(action)
    return changed


#: The dealer's tables of the deck counts the decks option offers beyond those whose strategy tables ship.
DEALER_TABLES = "black-jack-dealer-tables"


@generator(DEALER_TABLES)
def _other_dealer_tables() -> dict:
    """The dealer's tables of every deck count of the decks option not in `SHIPPED_DECKS` (50 ms each to
    compute, half a click's budget: the dealer's table widget shows them at once)."""
    return dealer_tables_data([int(d) for d in options.DECKS.values if int(d) not in SHIPPED_DECKS])


@lru_cache(maxsize=16)
def _dealer_table(counts: tuple[int, ...], hits_soft_17: bool):
    decks = sum(counts) // 52
    return (shipped_dealer_table(decks, hits_soft_17) or decode_dealer_tables(load(DEALER_TABLES), decks, hits_soft_17)
            or dealer_table(counts, hits_soft_17))


_PAIR_NAMES = {"perfect": N_("Perfect pair (same suit)"), "coloured": N_("Coloured pair (same colour)"),
               "mixed": N_("Mixed pair (red and black)")}


def _ratio(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# --- the table to play --------------------------------------------------------------------------------------

class _TooLong(Exception):
    """The advice needs more dealer tables than the browser can compute at once."""


class _BudgetEvaluator(Evaluator):
    """An `Evaluator` that gives up past `ADVICE_BUDGET` (counted over its split hands' evaluators too)."""

    def __init__(self, rules: BlackJackRules, first: int, shoe, spent: list[int] | None = None) -> None:
        super().__init__(rules, first, shoe)
        self.spent = spent if spent is not None else [0]

    def _against_dealer(self, hand):
        if hand not in self._stand:
            self.spent[0] += len(terminal_hands(self.first, self.rules.hits_soft_17))
            if self.spent[0] > ADVICE_BUDGET:
                raise _TooLong()
        return super()._against_dealer(hand)

    def evaluator_for(self, shoe: tuple[int, ...]) -> Evaluator:
        found = self._shoes.get(shoe)
        if found is None:
            found = self._shoes[shoe] = _BudgetEvaluator(self.rules, self.first, shoe, self.spent)
        return found


def _one_of(allowed: tuple[int, ...]):
    """A state reader of one of the whole numbers `allowed`."""
    read_whole = whole(min(allowed), max(allowed))

    def read(value: object) -> int:
        number = read_whole(value)
        if number not in allowed:
            raise StateError()
        return number
    return read


@dataclass(frozen=True, kw_only=True)
class TableState(RulesState):
    """The table to play: the rules, the seed, the bets, the reader's answers so far and whether advice shows.

    `pp` (Perfect Pairs) is Black Jack's, `third` (the third round's bet) Challenge 21's. `decks` is the number of
    decks of links made before the rules options (it now lives in `rules`).
    """

    seed: int = slot(seed_reader)
    bet: int = slot(_one_of(BETS))
    pp: int = slot(_one_of(SIDE_BETS), ABSENT)
    third: bool = slot(flag, ABSENT)
    answers: tuple[str, ...] = slot(items(text(24), 40))
    advice: bool = slot(flag)
    decks: object = slot(scalar, ABSENT)  # an old link's; moved into `rules` (read there by the decks option)


def _table_state(state: TableState | Mapping[str, object]) -> TableState:
    if isinstance(state, TableState):
        if state.decks is ABSENT:
            return state
        old_decks = option_text(options.DECKS)(state.decks)  # StateError: a damaged old link
        return state.evolve(decks=ABSENT, rules=dict({"decks": old_decks}, **_choices(state)))
    return _table_state(TableState.from_json(dict(state)))


def _stakes(state: TableState, rules: BlackJackRules) -> Stakes:
    if rules.rounds > 1:
        return Stakes((state.bet, state.bet, state.bet if state.third is True else 0))
    return Stakes((state.bet,), 0 if state.pp is ABSENT else state.pp)


@lru_cache(maxsize=32)
def _replayed_rules(rules: BlackJackRules, seed: int, stakes: Stakes, answers: tuple[str, ...]):
    shoe, burned = burned_shoe(rules, FRENCH, seed)
    coup = BlackJackCoup(rules, [stakes])
    return replay(coup, shoe, ReaderDecides((READER,), BasicStrategy()), list(answers)), burned


def table_record(state: TableState | Mapping[str, object]):
    """The coup a `coup` widget's state (typed, or as JSON) describes, replayed (cached; read only)."""
    state = _table_state(state)
    rules = rules_of(state)
    return _replayed_rules(rules, state.seed, _stakes(state, rules), tuple(state.answers))


def _seen_cards(coup: BlackJackCoup, skip: tuple[int, int] | None) -> list[Card]:
    seen = [coup.dealer_first] if coup.dealer_first is not None else []
    for b, box in enumerate(coup.boxes):
        for index, hand in enumerate(box.hands):
            if (b, index) != skip:
                seen += hand.cards
    return seen  # type: ignore[return-value]


def advice(coup: BlackJackCoup) -> tuple[dict[str, Fraction], bool] | None:
    """The value per unit bet of every action open to the reader now, and whether they are rounded (shipped).

    Returns `None` when the values would take too long to compute in the browser.
    """
    pending = coup.pending()
    if pending is None:
        return None
    rules = coup.rules
    first = value_class(coup.dealer_first)  # type: ignore[arg-type]
    if pending[0] in (INSURANCE_DECISION, EVEN_MONEY_DECISION):
        left = VALUE_CLASSES.without(rules.decks, _seen_cards(coup, None))
        chance = insurance_chance(left)
        if pending[0] == INSURANCE_DECISION:
            return {INSURE: (chance * rules.insurance_pays - (1 - chance)) / 2, DECLINE: Fraction(0)}, False
        return {TAKE_EVEN_MONEY: Fraction(1), DECLINE: rules.blackjack_pays * (1 - chance)}, False
    b, index = pending[1], pending[2]
    hand = coup.boxes[b].hands[index]
    legal = coup.legal_actions()
    others = _seen_cards(coup, (b, index))
    classes = hand.classes
    only_hand = len(others) == 1 and len(hand.cards) == 2 and not hand.split
    known = known_table(rules) if only_hand else None
    if known is not None:
        found = known.values.get((first, hand_key(classes)))
        if found is not None:  # the shipped values are rounded, those computed here exact
            return {a: v for a, v in found.items() if a in legal}, _shipped(rules_key(rules)) is not None
    shoe = VALUE_CLASSES.without(rules.decks, others)
    position = Position(split_hand=hand.split, can_split=coup.may_split(b, index),
                        can_double=coup.may_double(b, index))
    try:
        values = _BudgetEvaluator(rules, first, shoe).values(classes, position)
    except _TooLong:
        return None
    return {a: v for a, v in values.items() if a in legal}, False


def _hand_html(coup: BlackJackCoup, b: int, index: int, lang: str) -> str:
    hand = coup.boxes[b].hands[index]
    pending = coup.pending()
    current = pending is not None and pending[0] == "play" and pending[1:] == (b, index)
    title = t(N_("Your hand"), lang) if len(coup.boxes[b].hands) == 1 else t(N_("Your hand {n}"), lang).format(
        n=index + 1)
    bets = " / ".join(units(x, lang) for x in hand.bets)
    details = [t(N_("bet: {amount}"), lang).format(amount=bets), t(STATUS_LABELS[hand.status], lang)]
    return html_hand(str(index), title, hand.cards, lang, total_text(hand.total, lang), details=" · ".join(details),
                     current=current)


def _dealer_hands(coup: BlackJackCoup, lang: str) -> str:
    if coup.dealer_first is None:
        return ""
    rounds: dict[int, list[Card]] = {r: [] for r in range(1, coup.rules.rounds + 1)}
    dealt = [e for e in coup.events if isinstance(e, DealerCard)]
    for event in dealt[1:]:
        rounds[event.round].append(event.card)
    html = []
    for r, extra in rounds.items():
        cards = [coup.dealer_first] + extra
        total = hand_total(cards)
        title = (t(N_("The dealer"), lang) if coup.rules.rounds == 1
                 else t(N_("The dealer's hand {n}"), lang).format(n=r))
        html.append(html_hand("", title, cards, lang, total_text(total, lang), attributes=f' data-naipes-dealer="{r}"'))
    return f'<div class="naipes-hands naipes-dealer">{"".join(html)}</div>'


def _advice_html(coup: BlackJackCoup, lang: str) -> str:
    found = advice(coup)
    if found is None:
        pending = coup.pending()
        if pending is None:
            return ""
        hand = coup.boxes[pending[1]].hands[pending[2]] if pending[0] == "play" else None
        command = ""
        if hand is not None:
            seen = " ".join(str(c) for c in _seen_cards(coup, (pending[1], pending[2]))[1:])
            game = CHALLENGE_21.id if coup.rules.rounds > 1 else BLACK_JACK.id
            cards = " ".join(str(c) for c in hand.cards)
            dealer = CLASS_NAMES[value_class(coup.dealer_first)]  # type: ignore[arg-type]
            command = (f'naipes advise {game} --cards "{cards}" --dealer {dealer} --decks {coup.rules.decks}'
                       + (f' --seen "{seen}"' if seen else ""))
        text = t(N_("This hand needs too many exact tables to compute in the browser; the command line gives "
                    "its values:"), lang)
        return f'<p class="naipes-note" data-naipes-advice="too-long">{escape(text)} <code>{escape(command)}</code></p>'
    values, rounded = found
    best = max(values, key=lambda a: values[a])
    items = "".join(f'<li data-naipes-advice-action="{a}"{"" if rounded else exact(v)}>'
                    f'{escape(t(ACTION_LABELS[a], lang))}: {escape(_signed4(v, lang))}'
                    f'{" ★" if a == best else ""}</li>' for a, v in values.items())
    if coup.pending()[0] == INSURANCE_DECISION:  # type: ignore[index]
        explanation = N_("Expected result per unit of the round's bet: insurance stakes half of it.")
    else:
        explanation = N_("Expected result per unit bet, exact for the cards left in the shoe (the cards on the "
                         "table out).")
    if rounded:
        explanation = N_("Expected result per unit bet for a full shoe less your two cards and the dealer's, read "
                         "from the tables that ship with the page (shown rounded).")
    return (f'<div class="naipes-odds" data-naipes-advice><ul class="naipes-odds-lines" aria-live="polite">{items}'
            f'</ul>{note(t(explanation, lang))}{advice_chart(values, best, lang)}</div>')


def advice_chart(values: Mapping[str, Fraction], best: str, lang: str) -> str:
    """The advice's values as bars, one per action open to the reader, the best one in its own colour.

    Examples:
        >>> html = advice_chart({STAND: Fraction(-1, 5), HIT: Fraction(1, 10)}, HIT, "en")
        >>> 'data-naipes-series="best" data-naipes-category="Hit ★" data-naipes-value="1/10"' in html
        True
    """
    labels = [t(ACTION_LABELS[a], lang) + (" ★" if a == best else "") for a in values]
    series = [Series("best", t(N_("The best action"), lang),
                     tuple(v if a == best else None for a, v in values.items()), colour=4),
              Series("other", t(N_("Another action"), lang),
                     tuple(None if a == best else v for a, v in values.items()), colour=0)]
    title = t(N_("What each action is worth for your hand"), lang)
    desc = t(N_("One bar per action open to you now: its expected result per unit bet, the same values as the "
                "list above; the best action has its own colour and a star. A bar to the left of zero loses on "
                "average."), lang)
    return bar_chart(title, desc, labels, series, lang, name="advice", unit="decimal", digits=4, stacked=True,
                     horizontal=True, axis_label=t(N_("Expected result per unit bet"), lang),
                     head=t(N_("Action"), lang))


def _signed4(value: Fraction, lang: str) -> str:
    """A value with its sign and four decimals: `+0,1234`, `-0.5000`."""
    text = decimal(value, lang, 4)
    return "+" + text if value > 0 else text


def _render_table(state: TableState, error: str | None) -> str:
    state = _table_state(state)
    lang = state.lang
    rules = rules_of(state)
    record, burned = table_record(state)
    coup: BlackJackCoup = record.coup
    settings = _rule_selects(state, "coup", lang) + select("bet", t(N_("Your bet"), lang),
                                                          [(str(n), str(n)) for n in BETS], str(state.bet))
    if rules.rounds > 1:
        settings += select("third", t(N_("Third bet (round 3)"), lang),
                           [("yes", t(N_("yes"), lang)), ("no", t(N_("no"), lang))],
                           "yes" if state.third is True else "no")
    else:
        settings += select("pp", t(N_("Perfect Pairs"), lang), [(str(n), str(n)) for n in SIDE_BETS],
                           str(0 if state.pp is ABSENT else state.pp))
    buttons = []
    legal = coup.legal_actions() if record.waiting == READER else ()
    for action in legal:
        buttons.append(button(t(ACTION_LABELS[action], lang), "choose", action, primary=True))
    buttons.append(button(t(N_("Hide the advice") if state.advice else N_("Show the advice"), lang), "advice",
                          disabled=not legal, pressed=state.advice))
    buttons.append(button(t(N_("New coup"), lang), "new"))
    hands = "".join(_hand_html(coup, 0, index, lang) for index in range(len(coup.boxes[0].hands)))
    if record.waiting == READER:
        pending = coup.pending()
        prompt = {INSURANCE_DECISION: N_("The dealer shows an ace: insure your bet?"),
                  EVEN_MONEY_DECISION: N_("Black jack against the dealer's ace: take even money?")}.get(
            pending[0], N_("Your turn: choose an action."))  # type: ignore[index]
        if pending[0] == INSURANCE_DECISION and rules.rounds > 1:  # type: ignore[index]
            prompt = t(N_("The dealer shows an ace: insure your bet against the dealer's hand {n}?"), lang).format(
                n=pending[2])  # type: ignore[index]
        else:
            prompt = t(prompt, lang)
    else:
        net = coup.net()[0]
        prompt = t(N_("The coup is over: your result is {net}."), lang).format(
            net=("+" if net > 0 else "-" if net < 0 else "") + units(net, lang))
    lines = [narrate(event, lang) for event in coup.events]
    advice_html = _advice_html(coup, lang) if state.advice and legal else ""
    seed_text = t(N_("Seed {seed}: the same seed deals the same coup."), lang).format(seed=state.seed)
    body = (controls(settings) + _dealer_hands(coup, lang) + f'<div class="naipes-hands">{hands}</div>'
            + f'<p class="naipes-prompt"><strong>{escape(prompt)}</strong></p>'
            + f'<p class="naipes-buttons">{" ".join(buttons)}</p>' + advice_html
            + '<ol class="naipes-narration" aria-live="polite">'
            + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ol>"
            + f'<p class="naipes-seed">{escape(seed_text)}</p>')
    attributes = {"data-naipes-seed": str(state.seed)}
    if record.waiting:
        attributes["data-naipes-waiting"] = record.waiting
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error, attributes=attributes)


def _start_table(spec: Mapping[str, str], base: dict) -> TableState:
    found = _start_choices(spec, base, "coup")
    found.update(seed=options.seed(spec.get("seed", "1")), bet=int(pick(spec.get("bet", "1"), map(str, BETS))),
                 answers=[], advice=False)
    if _game(str(base["game"])) is CHALLENGE_21:
        found["third"] = pick(spec.get("third", "yes"), ("yes", "no")) == "yes"
    else:  # the reader opts in
        found["pp"] = int(pick(spec.get("perfect-pairs", "0"), map(str, SIDE_BETS)))
    return TableState.from_json(found)


def _act_table(state: TableState, action: str, value: str) -> TableState:
    state = _table_state(state)
    if action == "choose":
        record, _ = table_record(state)
        if record.waiting != READER:
            raise IllegalActionError("No decision is pending.")
        chosen = state.evolve(answers=(*state.answers, pick(value, record.coup.legal_actions())))
        table_record(chosen)
        return chosen
    if action == "advice":
        return state.evolve(advice=not state.advice)
    if action == "new":
        changed = state.evolve(seed=fresh_seed())
    elif action == "seed":
        changed = state.evolve(seed=options.seed(value))
    elif action == "bet":
        changed = state.evolve(bet=int(pick(value, map(str, BETS))))
    elif action == "pp" and _game(state) is not CHALLENGE_21:
        changed = state.evolve(pp=int(pick(value, map(str, SIDE_BETS))))
    elif action == "third" and _game(state) is CHALLENGE_21:
        changed = state.evolve(third=pick(value, ("yes", "no")) == "yes")
    else:
        found = _with_rule(state, "coup", action, value)
        if found is None:
            raise unknown_action(action)
        changed = found
    changed = changed.evolve(answers=())
    table_record(changed)
    return changed


def _option_keys(kind: str) -> tuple[str, ...]:
    """The block keys of a kind's rules options (`decks` is every widget's)."""
    return tuple(option.flag[2:] for option in _options(kind, BLACK_JACK) if option.name != "decks")


register("rules", GAMES, _start_rules, _render_rules, _static_act, state=PresetState)
register("strategy", GAMES, _start_strategy, _render_strategy, _act_strategy, keys=_option_keys("strategy"),
         state=RulesState)
register("published", GAMES, _start_rules, _render_published, _static_act, state=PresetState)
register("dealer", GAMES, _start_dealer, _render_dealer, _act_dealer, keys=_option_keys("dealer"), state=RulesState)
register("coup", GAMES, _start_table, _render_table, _act_table,
         keys=("bet", "perfect-pairs", "third", *_option_keys("coup")), state=TableState)
