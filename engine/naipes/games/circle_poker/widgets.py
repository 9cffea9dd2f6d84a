"""The widgets of circle poker: the rankings by deck, a showdown, the odds of the hands in play, and the pots.

`rankings` (game `circle-poker`; keys `cards`: 5 or 7, `deck`: 52, 36, 32 or `all`)
    How many hands of each category each deck deals, in the regulation's order,
    with the places where that order differs from rarity. Static: exact counts
    computed by the engine when the site is built.

`showdown` (games `holdem`, `omaha`, `seven-card-stud`, `five-card-stud`; keys `hands`, `board`, `players`, `deck`)
    Each player's cards and the community cards, typed or dealt by the engine
    (a seeded hand through the one driver, every player staying to the
    showdown); each best hand, the winners and the rule that decided.

`odds` (games `holdem`, `omaha`, `seven-card-stud`; keys `hands`, `board`, `dead`, `players`, `deck`)
    Each player's equity, chance of winning alone and of sharing, for the
    cards typed (a player may have fewer cards than the variant deals: the rest
    come at random). Exact when every deal of the missing cards can be counted
    within the browser's budget; otherwise a seeded simulation, started by the
    reader's "Simulate" button (never on load), whose 95 % confidence interval
    narrows batch after batch: each render leaves `data-naipes-pending="fill"`
    until the interval is narrow enough, and the browser asks for the next
    batch behind any action of the reader's. Its progress (`runs`) stays out of links.

`presets` (every game of the package)
    The game's presets side by side, generated from their rules objects.

`pots` (game `circle-poker`)
    A hand's pots: each player's stake and place at the showdown (or a fold),
    the main pot and the side pots, what nobody matched, the house's share,
    and what each player takes.

Examples:
    >>> from naipes.web.registry import handle, render
    >>> html = render({"widget": "showdown", "game": "holdem", "hands": "Ah Kh / Qs Qd",
    ...                "board": "Qh 7h 2c 9h 3s"}, "en")
    >>> "Player 1 wins with flush" in html
    True
    >>> "Exact" in render({"widget": "odds", "game": "holdem", "hands": "Ah Kh / Qs Qd", "board": "Qh 7h 2c"}, "en")
    True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from operator import add
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Mapping, Sequence

from ...core import options
from ...core.cards import Card, parse_cards
from ...core.drive import play
from ...core.errors import CardError, NaipesError, SpecError
from ...core.options import Option
from ...core.formatting import decimal, percent
from ...core.i18n import N_, error_text, translate_plural
from ...core.rng import SeededRandom
from ...core.rng import fresh_seed
from ...web.charts import Series, bar_chart
from ...web.escaping import escape
from ...web.html import button, controls, exact as exact_attribute, field, hand as html_hand, narration, note, \
    option_select, root, select, t, table
from ...web.registry import ControlMessage, choose, pick, register, unknown_action
from ...web.state import State, StateError, choice, flag, items, option_text, seed as seed_slot, slot, text, whole
from ...web.tables import presets_table
from ..poker.hands import CATEGORY_NAMES, ranking_for_deck
from . import CIRCLE_POKER, FIVE_CARD_STUD, HOLDEM, OMAHA, SEVEN_CARD_STUD
from .analysis import category_table, rarity_notes, regulation_order
from .coup import TableConduct, TableHand, hand_shoe
from .equity import Odds, Problem, exact, half_width, summary, simulate_batch, tally_half_width
from .narration import chips_text, showdown_lines
from .pots import settle
from .rules import POT_PERCENTAGE, TIME_FEE, CirclePokerRules
from .showdown import showdown
from .variants import VARIANTS

FILL = "fill"
PLAYER_N = N_("Player {n}")
# TRANSLATORS: {lower_count} is never 1: a whole deck deals 204 hands at least of a rarer combination.
RARER = N_("The combination “{lower}” ({lower_count} hands) is rarer than “{higher}” ({higher_count}), yet ranks "
           "below it.")
DEAL_LABEL = N_("Deal a new hand")
NEW_SIMULATION = N_("New simulation")
SIMULATE_MORE = N_("Simulate more deals")
SIMULATE = N_("Simulate")
DECKS = ("52", "36", "32")
#: Players the showdown and odds widgets seat (the odds engine takes up to ten; a page shows six at most).
MOST_PLAYERS = 6
#: Typed card text kept in a state is cut to this many characters.
MAX_TEXT = 40
#: The simulation stops refining once every equity's 95 % half-interval is this narrow...
TARGET_HALF_WIDTH = 0.0025
#: Five-card evaluations per batch of the widget's simulation (about a millisecond of CPython, a few in Pyodide):
#: a fill deals whole batches (the same deals for a seed, whatever the machine's speed), so the smaller a batch
#: the closer a fill stops to its time, and the less a click of the reader's behind it waits.
WIDGET_BATCH = 2_000
#: ... or after this many batches (as many deals as the command line's 150 batches).
MAX_BATCHES = 3_000
#: The CPU time one fill simulates for, in batches (at least one); the browser asks again while it is pending.
FILL_SECONDS = 0.012
_CSS = (
    "<style>"
    ".naipes-circle .naipes-controls{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:end}"
    ".naipes-circle .naipes-control{display:inline-flex;flex-direction:column;gap:.1em}"
    ".naipes-circle .naipes-control input{min-width:7em}"
    ".naipes-circle .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-circle .md-button{padding:.3em 1em;font-size:.7rem}"
    ".naipes-circle [data-naipes-winner] .naipes-hand-title strong::after{content:' \\2605'}"
    ".naipes-circle td.naipes-num,.naipes-circle th.naipes-num{text-align:right;white-space:nowrap}"
    ".naipes-circle tr[data-naipes-rarer] th::after{content:' \\25C6';color:var(--md-accent-fg-color)}"
    ".naipes-circle tr[data-naipes-rarer] td,.naipes-circle tr[data-naipes-rarer] th"
    "{background:var(--md-accent-fg-color--transparent)}"
    ".naipes-circle .naipes-pot-player{display:flex;flex-wrap:wrap;gap:.4em 1em;flex-basis:100%;align-items:end}"
    "</style>"
)


def _wrap(body: str) -> str:
    return _CSS + f'<div class="naipes-circle">{body}</div>'


def _text(value: object) -> str:
    return str(value)[:MAX_TEXT]


def _deck(value: object) -> str:
    text = str(value).strip()
    if text not in DECKS:
        raise SpecError("Unknown poker deck {deck!r}: use 52, 36 or 32 cards.", deck=text[:MAX_TEXT])
    return text


def _players(value: object, most: int = MOST_PLAYERS) -> int:
    text = str(value).strip()
    if not (text.isascii() and text.isdigit() and 2 <= int(text) <= most):
        # TRANSLATORS: {most} is never 1: it is 6.
        raise SpecError("Choose from 2 to {most} players, not {value!r}.", most=most, value=text[:MAX_TEXT])
    return int(text)


def _hands_from_spec(text: str, players: int) -> list[str]:
    hands = [h.strip() for h in text.replace("|", "/").split("/")] if text.strip() else []
    return (hands + [""] * players)[:players]


def _rules(game, preset: object) -> CirclePokerRules:
    return game.presets.get(str(preset) if preset else None)


def _option(name: str) -> Option:
    """Circle poker's rules option `name`, as its rules declare it."""
    return next(option for option in CirclePokerRules.OPTIONS if option.name == name)


DECK_OPTION, PLAYERS_OPTION, HOUSE_OPTION = _option("deck"), _option("players"), _option("house_take")
RAKE_OPTION = _option("rake")
_card_text = text(MAX_TEXT)


@dataclass(frozen=True, kw_only=True)
class SeatsState(State):
    """The showdown's and the odds' table: the deck, the players and the cards typed (or dealt) for each."""

    deck: str = slot(option_text(DECK_OPTION))
    players: str = slot(option_text(PLAYERS_OPTION))
    hands: tuple[str, ...] = slot(items(_card_text, MOST_PLAYERS))
    board: str = slot(_card_text)
    seed: int = slot(seed_slot)

    def __post_init__(self) -> None:
        if int(self.players) > MOST_PLAYERS or len(self.hands) != int(self.players):
            raise StateError()


@dataclass(frozen=True, kw_only=True)
class ShowdownState(SeatsState):
    """A showdown: the cards, and whether the engine dealt them (with `seed`) or the reader typed them."""

    dealt: bool = slot(flag)


@dataclass(frozen=True, kw_only=True)
class OddsState(SeatsState):
    """The odds of the hands in play: the cards, the known dead cards, and the simulation's batches so far."""

    dead: str = slot(_card_text)
    runs: int = slot(whole(0, MAX_BATCHES))


def _hand_field(number: int, value: str, lang: str) -> str:
    return field(f"hand-{number}", t(PLAYER_N, lang).format(n=number), value, numeric=False,
                 hint=t(N_('cards like "As Kd"'), lang))


def _typed(state: SeatsState, action: str, value: str, fields: tuple[str, ...]) -> dict[str, object] | None:
    """The change of the cards typed in a player's field (`hand-N`) or in one of `fields`; None for another action.

    Raises:
        SpecError: a player's field the widget does not have.
    """
    if action.startswith("hand-") and (action[5:].isascii() and action[5:].isdigit()):
        index = int(action[5:]) - 1
        if not 0 <= index < len(state.hands):
            raise unknown_action(action)
        hands = list(state.hands)
        hands[index] = _text(value)
        return {"hands": hands}
    if action in fields:
        return {action: _text(value)}
    return None


def _table_settings(state: SeatsState, lang: str, typed: Sequence[str] = ()) -> str:
    """The players and deck selects of the showdown and the odds; the deck select offers only the decks that hold
    every card of `typed` (what the reader typed stays, so a deck that cannot deal it is not offered)."""
    decks = [deck for deck in DECKS if deck == state.deck or not _missing(deck, typed)]
    return (option_select(PLAYERS_OPTION, state.players, lang, range(2, MOST_PLAYERS + 1))
            + option_select(DECK_OPTION, state.deck, lang, decks,
                            # TRANSLATORS: {n} is never 1: a poker deck holds 52, 36 or 32 cards.
                            {d: t(N_("{n} cards"), lang).format(n=d) for d in DECKS}))


def _missing(deck: str, typed: Iterable[str]) -> Card | None:
    """The first card of the texts `typed` that the deck of `deck` cards has not (a text that does not read as cards
    is left to the odds, which say where it is wrong)."""
    ranks = ranking_for_deck(int(deck)).ranks
    for typed_text in typed:
        try:
            cards = parse_cards(typed_text) if typed_text.strip() else ()
        except NaipesError:
            continue
        for card in cards:
            if card.rank not in ranks:
                return card
    return None


def _locate(error: NaipesError, fields: Mapping[str, str]) -> NaipesError:
    """Put an error about the cards next to the field it is about: the player it names, the field holding the card
    it names (the last one: a card typed twice is wrong where it is typed again), or the board."""
    if getattr(error, "control", None):
        return error
    params = error.params
    if "player" in params and f"hand-{params['player']}" in fields:
        error.control = f"hand-{params['player']}"
    elif "card" in params:
        token = str(params["card"]).lower()
        holding = [name for name, text in fields.items() if token in text.lower().replace(",", " ").split()]
        error.control = holding[-1] if holding else None
    elif "community" in error.message or "board" in error.message:
        error.control = "board" if "board" in fields else None
    return error


def _parse_field(text: str, control: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardError as error:
        error.control = control
        raise


# --- rankings --------------------------------------------------------------------------------------------

@lru_cache(maxsize=8)
def _category_counts(deck: str, cards: int) -> dict[str, int]:
    rules = CIRCLE_POKER.presets.default.with_options(deck=deck)
    from ..poker.kernel import CARDS
    return category_table(rules, CARDS.full(), cards)


def _rankings_table(deck: str, cards: int, lang: str) -> str:
    ranking = ranking_for_deck(deck)
    counts = _category_counts(deck, cards)
    order = regulation_order(ranking)
    total = sum(counts.values())
    rarity = {}
    for item in rarity_notes(order, counts):
        rarity.setdefault(item["lower"], item)
    rows = []
    for place, category in enumerate(order, 1):
        n = counts[category]
        p = Fraction(n, total)
        odds = Fraction(total, n) if n else None
        one_in = "—" if odds is None else decimal(odds, lang, 0 if odds >= 100 else 1)
        mark = ' data-naipes-rarer="true"' if category in rarity else ""
        rows.append(f'<tr data-naipes-category="{category}" data-naipes-place="{place}"{mark}>'
                    f'<th scope="row">{place}. {escape(t(CATEGORY_NAMES[category], lang))}</th>'
                    f'<td class="naipes-num" data-naipes-count="{n}">{escape(decimal(n, lang, 0))}</td>'
                    f'<td class="naipes-num"{exact_attribute(p)}>{escape(percent(p, lang, 4))}</td>'
                    f'<td class="naipes-num">{escape(one_in)}</td></tr>')
    caption = (t(N_("{deck}-card deck ({low} to ace): hands of five cards, {total} in all."), lang) if cards == 5 else
               # TRANSLATORS: {total} is never 1: every hand of seven cards a whole deck deals.
               t(N_("{deck}-card deck ({low} to ace): the best five of seven cards, {total} hands in all."), lang)
               ).format(deck=deck, low=ranking.ranks[0].replace("T", "10"), total=decimal(total, lang, 0))
    heads = [t(h, lang) for h in (N_("Combination"), N_("Hands"), N_("Probability"), N_("One in"))]
    notes = []
    for item in rarity_notes(order, counts):
        if order.index(item["lower"]) != order.index(item["higher"]) + 1:
            continue  # the nearest inversion says it; farther ones follow from it
        notes.append(t(RARER, lang).format(
            lower=t(CATEGORY_NAMES[item["lower"]], lang), higher=t(CATEGORY_NAMES[item["higher"]], lang),
            lower_count=decimal(item["lower_count"], lang, 0), higher_count=decimal(item["higher_count"], lang, 0)))
    note_html = "".join(f'<p class="naipes-note" data-naipes-rarity>{escape(n)}</p>' for n in notes)
    return (table(caption, heads, rows, attributes=f' data-naipes-deck="{deck}" data-naipes-cards="{cards}"',
                  sticky=True) + note_html)


@dataclass(frozen=True, kw_only=True)
class RankingsState(State):
    """The rankings of hands of `cards` cards (5 or 7) for one deck, or for every deck (`all`)."""

    cards: int = slot(whole(5, 7))
    deck: str = slot(option_text(DECK_OPTION, (*DECK_OPTION.values, "all")))

    def __post_init__(self) -> None:
        if self.cards not in (5, 7):
            raise StateError()


def _start_rankings(spec: Mapping[str, str], base: dict) -> RankingsState:
    cards = str(spec.get("cards", "5")).strip()
    if cards not in ("5", "7"):
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=cards[:MAX_TEXT], choices="5, 7")
    deck = str(spec.get("deck", "all")).strip()
    if deck != "all":
        _deck(deck)
    return RankingsState.from_json(dict(base, cards=int(cards), deck=deck))


def _render_rankings(state: RankingsState, error: str | None) -> str:
    lang = state.lang
    decks = DECKS if state.deck == "all" else (state.deck,)
    intro = t(N_("Counted by the engine: every hand the deck can deal, ranked by the decree's order (in the decks "
                 "of fewer than 52 cards, the flush above the full house). A marked row is rarer than a "
                 "combination that beats it (◆)."), lang)
    body = note(intro) + "".join(_rankings_table(d, state.cards, lang) for d in decks)
    return root(state, _wrap(body), error, static=True)


def _act_static(state: State, action: str, value: str) -> State:
    raise unknown_action(action)


# --- showdown --------------------------------------------------------------------------------------------

def _variant_game(game_id: object):
    game = {g.id: g for g in (HOLDEM, OMAHA, SEVEN_CARD_STUD, FIVE_CARD_STUD)}.get(str(game_id))
    if game is None:
        raise StateError()
    return game


def _table_rules(game_id: object, preset: object, deck: str, players: int) -> CirclePokerRules:
    """The preset with the widget's deck, dealing to the players who reach the showdown (two or more)."""
    rules = _rules(_variant_game(game_id), preset)
    return replace(rules, deck=int(deck), players=players, min_players=2)


def _dealt(rules: CirclePokerRules, seed: int) -> tuple[list[str], str]:
    """The cards of a hand dealt by the engine with `seed` (every player stays), as the fields show them."""
    record = play(TableHand(rules), hand_shoe(rules, seed), TableConduct(), rng=SeededRandom(seed))
    coup = record.coup
    return [" ".join(str(c) for c in own) for own in coup.own], " ".join(str(c) for c in coup.board)


def _start_showdown(spec: Mapping[str, str], base: dict) -> ShowdownState:
    game = _variant_game(base.get("game"))
    rules = _rules(game, spec.get("preset"))
    variant = VARIANTS[game.id]
    players = _players(spec.get("players", "2"))
    deck = _deck(spec.get("deck", "52"))
    seed = options.seed(spec.get("seed", "1"))
    if spec.get("hands"):
        hands = [_text(h) for h in _hands_from_spec(spec["hands"], players)]
        board, dealt = _text(spec.get("board", "")), False
    else:
        hands, board = _dealt(_table_rules(game.id, rules.name, deck, players), seed)
        board, dealt = (board if variant.board_cards else ""), True
    return ShowdownState.from_json(dict(base, preset=rules.name, deck=deck, players=str(players), seed=seed,
                                        hands=hands, board=board, dealt=dealt))


def _render_showdown(state: ShowdownState, error: str | None) -> str:
    lang = state.lang
    variant = VARIANTS[_variant_game(state.game).id]
    rules = _table_rules(state.game, state.preset, state.deck, int(state.players))
    hands = state.hands
    board_text = state.board
    settings = _table_settings(state, lang)
    fields = "".join(_hand_field(i + 1, hand_text, lang) for i, hand_text in enumerate(hands))
    if variant.board_cards:
        fields += field("board", t(N_("Community cards"), lang), board_text, numeric=False,
                        hint=t(N_('cards like "Qh 7h 2c 9h 3s"'), lang))
    deal = button(t(DEAL_LABEL, lang), "deal", primary=True)
    buttons = f'<p class="naipes-buttons">{deal}</p>'
    result_html, message = "", error
    try:
        own = [_parse_field(h, f"hand-{i + 1}") for i, h in enumerate(hands)]
        board = _parse_field(board_text, "board")
        result = showdown(own, board, variant, rules.ranking, rules.ranking_interpreted)
        shown = []
        for p in result.hands:
            winner = ' data-naipes-winner="true"' if p.seat in result.winners else ""
            shown.append(html_hand("", t(N_("Player {n}"), lang).format(n=p.seat + 1), list(p.own), lang,
                                   t(CATEGORY_NAMES[p.best.category], lang),
                                   attributes=f' data-naipes-seat="{p.seat}"{winner}',
                                   details=" ".join(c.symbol for c in p.best.cards)))
        if board:
            shown.append(html_hand("board", t(N_("Community cards"), lang), list(board), lang))
        result_html = f'<div class="naipes-hands">{"".join(shown)}</div>' + narration(showdown_lines(result, lang), lang)
    except NaipesError as problem:
        if message is None:
            typed = {f"hand-{i + 1}": h for i, h in enumerate(hands)}
            _locate(problem, dict(typed, board=board_text))
            message = ControlMessage(error_text(problem, lang), getattr(problem, "control", None))
    seed_note = note(t(N_("The engine dealt these cards with seed {seed}; type any cards to compare other hands."),
                       lang).format(seed=state.seed) if state.dealt else
                     t(N_("Type any cards to compare other hands, or deal a new hand."), lang))
    body = controls(settings + fields) + buttons + result_html + seed_note
    return root(state, _wrap(body), message, attributes={"data-naipes-variant": variant.id})


def _act_showdown(state: ShowdownState, action: str, value: str) -> ShowdownState:
    typed = _typed(state, action, value, ("board",))
    if typed is not None:
        return state.evolve(dealt=False, **typed)
    players, deck, seed = int(state.players), state.deck, state.seed
    if action == "players":
        players = _players(value)
    elif action == "deck":
        deck = _deck(value)
    elif action == "deal":
        seed = fresh_seed()
    else:
        raise unknown_action(action)
    hands, board = _dealt(_table_rules(state.game, state.preset, deck, players), seed)
    return state.evolve(players=str(players), deck=deck, seed=seed, hands=hands, board=board, dealt=True)


# --- odds --------------------------------------------------------------------------------------------------

def _start_odds(spec: Mapping[str, str], base: dict) -> OddsState:
    rules = _rules(_variant_game(base.get("game")), spec.get("preset"))
    players = _players(spec.get("players", "2"))
    return OddsState.from_json(dict(
        base, preset=rules.name, deck=_deck(spec.get("deck", "52")), players=str(players),
        hands=[_text(h) for h in _hands_from_spec(spec.get("hands", ""), players)],
        board=_text(spec.get("board", "")), dead=_text(spec.get("dead", "")),
        seed=options.seed(spec.get("seed", "1")), runs=0))


def _problem(state: OddsState) -> Problem:
    variant = VARIANTS[_variant_game(state.game).id]
    ranking = ranking_for_deck(state.deck)
    hands = [_parse_field(h, f"hand-{i + 1}") for i, h in enumerate(state.hands)]
    board = _parse_field(state.board, "board") if variant.board_cards else ()
    dead = _parse_field(state.dead, "dead")
    return Problem.read(variant, ranking, hands, board, dead)


#: The most simulations whose batches are kept (each is one problem and seed).
MOST_SIMULATIONS = 16
#: Each simulation's running tallies: `{(problem, seed): [the tally of batches 0 to i, for each i]}`.
_SIMULATIONS: dict[tuple, list[tuple]] = {}


def _tallies(problem: Problem, seed: int) -> list[tuple]:
    """The running tallies of the simulation of `problem` seeded with `seed`, as far as it is dealt."""
    key = (problem.key(), seed)
    if key not in _SIMULATIONS:
        if len(_SIMULATIONS) >= MOST_SIMULATIONS:
            _SIMULATIONS.pop(next(iter(_SIMULATIONS)))
        _SIMULATIONS[key] = []
    return _SIMULATIONS[key]


def _deal_batch(tallies: list[tuple], problem: Problem, seed: int) -> None:
    """Deal the simulation's next batch (always the same deals: `simulate_batch`) into its running tallies."""
    batch = simulate_batch.__wrapped__(problem, seed, len(tallies), WIDGET_BATCH)  # kept here, not in its cache
    if tallies:
        deals, *columns = tallies[-1]
        batch = (deals + batch[0], *(tuple(map(add, mine, more)) for mine, more in zip(columns, batch[1:])))
    tallies.append(batch)


def forget_simulations() -> None:
    """Forget every simulation's batches (a fresh tab, for tests and benchmarks)."""
    _SIMULATIONS.clear()


forget_simulations.cache_clear = forget_simulations  # type: ignore[attr-defined]  # the benchmarks clear by this name


def _odds_result(state: OddsState, compute: int):
    """(odds, pending, problem): the exact odds, or the simulation's batches known so far (computing up to
    `compute` more), and whether more are to come."""
    problem = _problem(state)
    if problem.exact_possible():
        return exact(problem), False, problem
    seed, runs = state.seed, state.runs
    if runs == 0:  # not asked for yet: a simulation starts when the reader presses its button
        return None, False, problem
    tallies = _tallies(problem, seed)
    while len(tallies) < runs and compute > 0:
        compute -= 1
        _deal_batch(tallies, problem, seed)
    if not tallies:
        return None, True, problem
    known = min(runs, len(tallies))
    odds = summary([tallies[known - 1]], len(problem.hands))
    pending = known < runs or (runs < MAX_BATCHES and half_width(odds) > TARGET_HALF_WIDTH)
    return odds, pending, problem


def _odds_table(odds, problem: Problem, seed: int, lang: str) -> str:
    rows = []
    for number, (own, p) in enumerate(zip(problem.hands, odds.players), 1):
        cells = []
        for value in (p.equity, p.win, p.tie):
            cells.append(f'<td class="naipes-num"{exact_attribute(value) if odds.exact else ""}>'
                         f'{escape(percent(value, lang, 2))}</td>')
        interval = ""
        if not odds.exact:
            low, high = p.interval
            interval = (f'<td class="naipes-num" data-naipes-interval="{low:.6f} {high:.6f}">'
                        f'{escape(percent(low, lang, 2))} – {escape(percent(high, lang, 2))}</td>')
        shown = " ".join(c.symbol for c in own) or "—"
        rows.append(f'<tr data-naipes-player="{number}"><th scope="row">'
                    f'{escape(t(PLAYER_N, lang).format(n=number))}</th><td>{escape(shown)}</td>'
                    f'{"".join(cells)}{interval}</tr>')
    heads = [N_("Players"), N_("Cards"), N_("Equity"), N_("Wins alone"), N_("Shares")]
    if not odds.exact:
        heads.append(N_("Equity, {level} interval"))
    if odds.exact:
        caption = translate_plural("Exact: the missing cards can come in only {deals} way.",
                                   "Exact: every one of the {deals} ways the missing cards can come.", odds.deals,
                                   lang).format(deals=decimal(odds.deals, lang, 0))
    else:
        caption = translate_plural(
            "Simulation: {deals} deal (seed {seed}); the true equity is within ±{half} with {level} confidence.",
            "Simulation: {deals} deals (seed {seed}); the true equity is within ±{half} with {level} confidence.",
            odds.deals, lang).format(deals=decimal(odds.deals, lang, 0), seed=seed,
                                                    level=percent(Fraction(95, 100), lang, 0),
                                                    half=percent(half_width(odds), lang, 2))
    level = percent(Fraction(95, 100), lang, 0)
    return table(caption, [t(h, lang).format(level=level) for h in heads], rows, attributes=' data-naipes-odds',
                 sticky=True) + equity_chart(odds, lang)


def equity_chart(odds: Odds, lang: str) -> str:
    """Each player's equity as a bar: exact, or the simulation's estimate with its 95 % interval as a whisker.

    Examples:
        >>> problem = Problem.read(VARIANTS["holdem"], ranking_for_deck("52"),
        ...                        [parse_cards("Ah Kh"), parse_cards("Qs Qd")], parse_cards("Qh 7h 2c"), ())
        >>> html = equity_chart(exact(problem), "en")
        >>> html.count('data-naipes-series="equity"'), "data-naipes-interval" in html
        (2, False)
    """
    labels = [t(PLAYER_N, lang).format(n=n) for n in range(1, len(odds.players) + 1)]
    intervals = () if odds.exact else tuple((Fraction(f"{p.interval[0]:.6f}"), Fraction(f"{p.interval[1]:.6f}"))
                                            for p in odds.players if p.interval is not None)
    series = [Series("equity", t(N_("Equity"), lang), tuple(p.equity for p in odds.players), intervals=intervals)]
    title = t(N_("Each player's equity"), lang)
    if odds.exact:
        desc = t(N_("One bar per player: the exact share of the pot the player takes on average, over every way the "
                    "missing cards can come."), lang)
    else:
        desc = t(N_("One bar per player: the share of the pot the player takes on average in the simulation so far, "
                    "with a line across the bar's end from the low to the high end of its {level} confidence "
                    "interval."), lang).format(level=percent(Fraction(95, 100), lang, 0))
    return bar_chart(title, desc, labels, series, lang, name="equity", digits=2, horizontal=True,
                     axis_label=t(N_("Equity"), lang), head=t(N_("Players"), lang))


def _render_odds(state: OddsState, error: str | None, compute: int = 1) -> str:
    lang = state.lang
    variant = VARIANTS[_variant_game(state.game).id]
    hands = state.hands
    settings = _table_settings(state, lang, (*hands, state.board, state.dead))
    fields = "".join(_hand_field(i + 1, hand_text, lang) for i, hand_text in enumerate(hands))
    if variant.board_cards:
        fields += field("board", t(N_("Community cards"), lang), state.board, numeric=False,
                        hint=t(N_('cards like "Qh 7h 2c"'), lang))
    fields += field("dead", t(N_("Cards out of play"), lang), state.dead, numeric=False,
                    hint=t(N_("folded or burnt cards that are known"), lang))
    message, result_html, pending, idle = error, "", False, False
    try:
        odds, pending, problem = _odds_result(state, compute)
        if odds is None and not pending:
            idle = True
            result_html = note(t(N_("These cards need a simulation: press \u201c{simulate}\u201d to run it."),
                                 lang).format(simulate=t(SIMULATE, lang)))
        elif odds is None:
            result_html = note(t(N_("Simulating…"), lang))
        else:
            result_html = _odds_table(odds, problem, state.seed, lang)
            if pending:
                result_html += note(t(N_("More deals narrow the interval: they are simulated one batch after "
                                         "another while you read; a change of the cards stops them."), lang))
            elif not odds.exact:
                result_html += note(t(N_("The simulation stops here: the interval is narrow enough, or the "
                                         "widget has dealt its {most} batches."), lang).format(most=MAX_BATCHES))
    except NaipesError as problem_error:
        if message is None:
            typed = {f"hand-{i + 1}": h for i, h in enumerate(hands)}
            typed.update(board=state.board, dead=state.dead)
            _locate(problem_error, typed)
            message = ControlMessage(error_text(problem_error, lang), getattr(problem_error, "control", None))
    explain = t(N_("Equity: the player's share of the pot on average (a shared pot counts a part). A player may "
                   "have fewer cards than the variant deals, or none: the rest come at random."), lang)
    busy = ' aria-busy="true"' if pending else ""
    more = button(t(SIMULATE if idle else SIMULATE_MORE, lang), FILL, primary=True, disabled=not (pending or idle))
    again = button(t(NEW_SIMULATION, lang), "new")
    buttons = f'<p class="naipes-buttons">{more} {again}</p>'
    body = (controls(settings + fields) + buttons + f'<div class="naipes-odds" aria-live="polite"{busy}>'
            + result_html + "</div>" + note(explain))
    return root(state, _wrap(body), message, attributes={"data-naipes-pending": FILL} if pending else None)


def _fill(state: OddsState, seconds: float = FILL_SECONDS) -> OddsState:
    """Simulate batches for about `seconds` of CPU time (at least one): those the state counts but the cache
    lacks (a link's; the answer then shows what the state counts), else more while the interval is wide."""
    try:
        problem = _problem(state)
    except NaipesError:
        return state
    if problem.exact_possible():
        return state
    tallies = _tallies(problem, state.seed)
    until = time.process_time() + seconds
    if len(tallies) < state.runs:
        _deal_batch(tallies, problem, state.seed)
        while len(tallies) < state.runs and time.process_time() < until:
            _deal_batch(tallies, problem, state.seed)
        return state
    runs = _more(state.runs, problem, state.seed, tallies)
    while runs is not None and time.process_time() < until:
        state = state.evolve(runs=runs)
        runs = _more(runs, problem, state.seed, tallies)
    return state if runs is None else state.evolve(runs=runs)


def _more(runs: int, problem: Problem, seed: int, tallies: list[tuple]) -> int | None:
    """Deal one more batch while the interval is wide: the batches then counted; None when it is narrow enough
    or the simulation is at its cap."""
    if runs and (runs >= MAX_BATCHES or tally_half_width(tallies[runs - 1], len(problem.hands))
                 <= TARGET_HALF_WIDTH):
        return None
    if len(tallies) <= runs:
        _deal_batch(tallies, problem, seed)
    return runs + 1


def _act_odds(state: OddsState, action: str, value: str) -> OddsState:
    if action == FILL:
        return _fill(state)
    typed = _typed(state, action, value, ("board", "dead"))
    if typed is not None:
        return state.evolve(runs=0, **typed)
    if action == "players":
        players = _players(value)
        return state.evolve(players=str(players), hands=(list(state.hands) + [""] * players)[:players], runs=0)
    if action == "deck":
        return _check_deck(state.evolve(deck=_deck(value), runs=0))
    if action == "new":
        # the click deals one batch; the fills that follow deal the rest
        return _fill(state.evolve(seed=fresh_seed(), runs=0), 0.0)
    raise unknown_action(action)


def _check_deck(state: OddsState) -> OddsState:
    """`state` if its deck holds every card the reader typed; else the error, next to the field holding the card,
    so the deck the reader had stays (with the cards typed) and nothing after it repeats the complaint.

    Raises:
        CardError: a card typed that the new deck has not.
    """
    typed = {f"hand-{i + 1}": text for i, text in enumerate(state.hands)}
    typed.update(board=state.board, dead=state.dead)
    card = _missing(state.deck, typed.values())
    if card is not None:
        raise _locate(CardError("The {deck}-card deck has no {card}.", deck=int(state.deck), card=str(card)), typed)
    return state


def _render_odds_now(state: OddsState, error: str | None) -> str:
    return _render_odds(state, error, compute=1)


# --- pots -------------------------------------------------------------------------------------------------

#: The house's shares of the pot the pots widget offers, as the rake option reads them.
RAKES = ("0", "0.025", "0.05", "0.1")
#: The largest stake the pots widget takes.
MAX_STAKE = 1_000_000
CAPS = ("", "5", "10", "20")
FOLDED = "folded"


_PLACES = (FOLDED, *(str(n) for n in range(1, MOST_PLAYERS + 1)))


@dataclass(frozen=True, kw_only=True)
class PotsState(State):
    """The pots of one hand: each player's stake (as typed) and place, and how the house takes its share."""

    players: str = slot(option_text(PLAYERS_OPTION))
    stakes: tuple[str, ...] = slot(items(text(12), MOST_PLAYERS))
    places: tuple[str, ...] = slot(items(choice(*_PLACES), MOST_PLAYERS))
    house: str = slot(option_text(HOUSE_OPTION))
    rake: str = slot(option_text(RAKE_OPTION, RAKES))
    cap: str = slot(choice(*CAPS))

    def __post_init__(self) -> None:
        players = int(self.players)
        if (players > MOST_PLAYERS or len(self.stakes) != players or len(self.places) != players
                or any(place != FOLDED and int(place) > players for place in self.places)):
            raise StateError()


def _start_pots(spec: Mapping[str, str], base: dict) -> PotsState:
    return PotsState.from_json(dict(base, players="4", stakes=["100", "250", "250", "400"],
                                    places=["1", "2", FOLDED, "2"], house=POT_PERCENTAGE, rake="0.05", cap=""))


def _render_pots(state: PotsState, error: str | None) -> str:
    lang = state.lang
    players = int(state.players)
    stakes, places = state.stakes, state.places
    rows_in = []
    place_options = [(str(n), str(n)) for n in range(1, players + 1)] + [(FOLDED, t(N_("folded"), lang))]
    for i in range(players):
        rows_in.append(
            '<div class="naipes-pot-player">'
            + field(f"stake-{i + 1}", t(N_("Player {n}: chips in the pot"), lang).format(n=i + 1),
                    stakes[i])
            + select(f"place-{i + 1}", t(N_("Player {n}: place"), lang).format(n=i + 1), place_options,
                     places[i])
            + "</div>")
    house_names = {POT_PERCENTAGE: N_("a share of every pot"), TIME_FEE: N_("a fee per seat and hour")}
    settings = (option_select(PLAYERS_OPTION, state.players, lang, range(2, MOST_PLAYERS + 1))
                + select("house", t(HOUSE_OPTION.label, lang),
                         [(house, t(house_names[house], lang)) for house in HOUSE_OPTION.values], state.house)
                + select("rake", t(N_("Share of the pot"), lang),
                         [(r, percent(options.rate(r), lang, 1)) for r in RAKES], state.rake)
                + select("cap", t(N_("At most"), lang),
                         [(c, chips_text(int(c), lang) if c else t(N_("no cap"), lang)) for c in CAPS], state.cap))
    message, result_html = error, ""
    try:
        amounts = []
        for i, s in enumerate(stakes):
            text = str(s).strip()
            if not (text.isascii() and text.isdigit() and int(text) <= MAX_STAKE):
                bad = SpecError("A stake is a whole number of chips from 0 to {most}, not {value!r}.",
                                most=MAX_STAKE, value=text)
                bad.control = f"stake-{i + 1}"
                raise bad
            amounts.append(int(text))
        folded = [p == FOLDED for p in places]
        ranks = [None if p == FOLDED else int(p) for p in places]
        rake = options.rate(state.rake) if state.house == POT_PERCENTAGE else Fraction(0)
        cap = int(state.cap) if state.cap else None
        result = settle(amounts, folded, ranks, rake, cap)
        result_html = _pots_html(result, lang, players)
    except NaipesError as problem:
        if message is None:
            message = ControlMessage(error_text(problem, lang), getattr(problem, "control", None))
    explain = t(N_("Type what each player put in the pot this hand and their place at the showdown (1 is the best "
                   "hand; equal places share). A player all-in plays only for what every other player matched."),
                lang)
    body = controls(settings) + controls("".join(rows_in)) + note(explain) + result_html
    return root(state, _wrap(body), message)


def _pots_html(result, lang: str, players: int) -> str:
    rows = []
    for number, pot in enumerate(result.pots):
        name = t(N_("Main pot"), lang) if number == 0 else t(N_("Side pot {n}"), lang).format(n=number)
        eligible = ", ".join(str(i + 1) for i in pot.pot.eligible)
        winners = ", ".join(str(i + 1) for i in pot.winners)
        each = " + ".join(str(s) for s in pot.shares)
        rows.append(f'<tr data-naipes-pot="{number}"><th scope="row">{escape(name)}</th>'
                    f'<td class="naipes-num">{pot.pot.chips}</td><td>{escape(eligible)}</td>'
                    f'<td class="naipes-num">{pot.house}</td><td>{escape(winners)}</td>'
                    f'<td class="naipes-num">{escape(each)}</td></tr>')
    heads = [t(h, lang) for h in (N_("Pot"), N_("Chips"), N_("Can win it"), N_("House"), N_("Winners"),
                                  N_("Each takes"))]
    pots = table(t(N_("The pots, from the main pot up."), lang), heads, rows, attributes=" data-naipes-pots",
                 sticky=True)
    net_rows = []
    for i in range(players):
        back = result.returned.get(i, 0)
        net_rows.append(f'<tr data-naipes-player="{i + 1}"><th scope="row">'
                        f'{escape(t(PLAYER_N, lang).format(n=i + 1))}</th>'
                        f'<td class="naipes-num">{back}</td>'
                        f'<td class="naipes-num" data-naipes-net="{result.net[i]}">'
                        f'{escape(("+" if result.net[i] > 0 else "") + str(result.net[i]))}</td></tr>')
    nets = table(t(N_("What each player gets back unmatched, and their net result."), lang),
                 [t(h, lang) for h in (N_("Players"), N_("Returned"), N_("Net"))], net_rows,
                 attributes=" data-naipes-nets")
    house = note(t(N_("The house takes {chips}."), lang).format(chips=chips_text(result.house, lang)))
    return pots + house + nets


def _act_pots(state: PotsState, action: str, value: str) -> PotsState:
    players = int(state.players)
    kind, _, number = action.partition("-")
    if kind in ("stake", "place") and number.isascii() and number.isdigit() and 1 <= int(number) <= players:
        if kind == "place":
            value = pick(value[:MAX_TEXT], [str(n) for n in range(1, players + 1)] + [FOLDED])
        key = "stakes" if kind == "stake" else "places"
        listed = list(getattr(state, key))
        listed[int(number) - 1] = str(value)[:12]
        return state.evolve(**{key: listed})
    if action == "players":
        n = _players(value)
        places = [p if p == FOLDED or int(p) <= n else str(n) for p in (list(state.places) + ["1"] * n)[:n]]
        return state.evolve(players=str(n), stakes=(list(state.stakes) + ["100"] * n)[:n], places=places)
    if action == "cap" and value not in CAPS:
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=value[:MAX_TEXT],
                        choices=", ".join(c or "-" for c in CAPS))
    return choose(state, action, value[:MAX_TEXT], {"house": HOUSE_OPTION.values, "rake": RAKES, "cap": CAPS})


# --- presets ---------------------------------------------------------------------------------------------

def _start_presets(spec: Mapping[str, str], base: dict) -> State:
    return State.from_json(base)


def _render_presets(state: State, error: str | None) -> str:
    lang = state.lang
    games = {g.id: g for g in (CIRCLE_POKER, HOLDEM, OMAHA, SEVEN_CARD_STUD, FIVE_CARD_STUD)}
    chosen = games.get(state.game)
    if chosen is None:
        raise StateError()
    caption = t(N_("The engine's presets, generated from its rules objects."), lang)
    body = presets_table(caption, list(chosen.presets.values()), lang, chosen.presets, f"naipes-presets-{chosen.id}")
    return root(state, _wrap(body), error, static=True)


COMMON = (CIRCLE_POKER.id,)
VARIANT_GAMES = (HOLDEM.id, OMAHA.id, SEVEN_CARD_STUD.id, FIVE_CARD_STUD.id)
ODDS_GAMES = (HOLDEM.id, OMAHA.id, SEVEN_CARD_STUD.id)

register("presets", COMMON + VARIANT_GAMES, _start_presets, _render_presets, _act_static, state=State)
register("rankings", COMMON, _start_rankings, _render_rankings, _act_static, keys=("cards", "deck"),
         state=RankingsState)
register("pots", COMMON, _start_pots, _render_pots, _act_pots, state=PotsState)
register("showdown", VARIANT_GAMES, _start_showdown, _render_showdown, _act_showdown,
         keys=("hands", "board", "players", "deck"), state=ShowdownState)
register("odds", ODDS_GAMES, _start_odds, _render_odds_now, _act_odds,
         keys=("hands", "board", "dead", "players", "deck"), state=OddsState)
