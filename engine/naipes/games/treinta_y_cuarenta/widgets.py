"""The widgets of Treinta y Cuarenta: the exact odds table, a table to play coups at, and the presets.

`odds`
    A row's final total and both rows' ties for 6, 7 or 8 decks, and each
    chance's probability and house edge under the 31–31 rule picked (half,
    prison, prison lost on another 31–31), insured or not, with a fresh shoe
    or a number of cards left before the separator. The exact odds are the
    engine's, shipped precomputed (`site_odds`): every choice answers at once.

`coup`
    The reader places stakes on noir, rouge, couleur and inverse and deals
    coups from a seeded shoe: both rows are dealt card by card (shown with
    the card component), the croupier's announcement and every stake's
    settlement are narrated with the rule that applied, stakes go to prison
    and come out of it, and the separator ends the shoe (a new one is then
    cut and burned). The state is the seed and the stakes of every coup
    dealt, so one state always gives the same table, and the game's link replays it.

`presets`
    The presets side by side, generated from the rules objects, with their
    interpretations.

Examples:
    >>> from naipes.web.registry import handle, render
    >>> html = render({"widget": "coup", "game": "treinta-y-cuarenta", "seed": "3"}, "en")
    >>> 'data-naipes-action="deal"' in html and 'data-naipes-seed="3"' in html
    True
    >>> "NEGRA" in render({"widget": "odds", "game": "treinta-y-cuarenta"}, "es")
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, TypeVar

from ...core import options
from ...core.errors import IllegalActionError, SpecError
from ...core.formatting import percent
from ...core.i18n import N_
from ...core.narration import narrate
from ...core.options import Option
from ...core.rng import fresh_seed
from ...web.escaping import escape
from ...web.html import (amount, button, controls, decks_select, exact, hand, money, narration, note, option_select,
                         read_option, root, select, t, table)
from ...web.registry import pick, register, unknown_action
from ...web.state import (State, StateError, choice, items, option_choices, option_text, seed, slot, table_of,
                          whole)
from ...web.tables import presets_table
from . import TREINTA_Y_CUARENTA
from .analysis import Chances, house_edge, insured_edge
from .narration import bet_name
from .rules import (BETS, COLOUR_RULE, HALF, LOST, LOWER_WINS, NEGRA, PRISON, ROJA, ROW_NAMES,
                    TIE_RULE_NAMES, TOTALS, TreintaRules)
from .site_odds import CARDS_LEFT, DECKS, tables
from .table import PlayedCoup, Table

GAMES = (TREINTA_Y_CUARENTA.id,)


def _declared(name: str) -> Option:
    return next(option for option in TreintaRules.OPTIONS if option.name == name)


#: The rules options about 31–31 the widgets offer, one select each (their declarations on `TreintaRules`).
TIE_31, PRISON_AGAIN = _declared("tie_31"), _declared("prison_again")
RULE_OPTIONS = (TIE_31, PRISON_AGAIN)
#: The stakes a reader can place on each chance.
STAKES = (0, 1, 2, 5, 10, 25, 50, 100)
#: A table replays at most this many coups (each render replays them all, within the browser's time budget).
MAX_COUPS = 60
_STYLE = (
    "<style>"
    ".naipes-treinta .naipes-controls + .naipes-controls{margin-top:.4em}"
    ".naipes-treinta .naipes-hand[data-naipes-winner=\"true\"]{border-color:var(--md-accent-fg-color);"
    "box-shadow:inset 0 0 0 1px var(--md-accent-fg-color)}"
    ".naipes-treinta .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-treinta .md-button{padding:.3em 1em;font-size:.7rem}"
    ".naipes-treinta button[disabled]{opacity:.4;cursor:default}"
    "</style>"
)


def _rule_choices(rules: TreintaRules) -> dict[str, str]:
    """The 31–31 options of `rules` as a widget keeps them: option name → value as typed."""
    return {option.name: option.show(getattr(rules, option.field)) for option in RULE_OPTIONS}


def _with_choices(rules: TreintaRules, chosen: Mapping[str, str]) -> TreintaRules:
    """`rules` with the 31–31 options a widget holds, each read by its option (an option left out keeps the rules')."""
    return rules.with_options(**chosen)


def _rule_selects(rules: TreintaRules, lang: str) -> str:
    """One select per 31–31 option; what another 31–31 does in prison only matters when 31–31 sends to prison."""
    shown = RULE_OPTIONS if rules.tie_31 == PRISON else (TIE_31,)
    current = _rule_choices(rules)
    return "".join(option_select(option, current[option.name], lang) for option in shown)


def _rule_summary(rules: TreintaRules, lang: str) -> str:
    if rules.tie_31 == HALF:
        return t(TIE_RULE_NAMES[HALF], lang)
    return t(N_("prison, lost on another 31–31") if rules.prison_again == LOST else
             N_("prison (a refait or another 31–31 keeps it there)"), lang)


#: A state that holds the 31–31 options (`rules`).
RuledState = TypeVar("RuledState", "OddsState", "CoupState")


def _act_rule(state: RuledState, action: str, value: str) -> RuledState | None:
    """The state with the 31–31 option whose select sent `action` set to `value` (read by the option), or None."""
    for option in RULE_OPTIONS:
        if action == option.flag[2:]:
            read_option(option, value)
            return state.evolve(rules={**state.rules, option.name: value})
    return None


def _body(inner: str) -> str:
    return f'{_STYLE}<div class="naipes-treinta">{inner}</div>'


# --- the odds table ----------------------------------------------------------------------------------------------


def _left_label(left: int | None, lang: str) -> str:
    if left is None:
        return t(N_("a fresh shoe"), lang)
    # TRANSLATORS: {n} is never 1: the odds table offers 10 to 30 cards left.
    return t(N_("{n} cards before the separator"), lang).format(n=left)


#: What the shoe select sends for each number of cards left it offers (`0`: a fresh shoe).
_LEFT_VALUES = tuple(str(left or 0) for left in CARDS_LEFT)


@dataclass(frozen=True, kw_only=True)
class OddsState(State):
    """The odds table's choices: the decks, the 31–31 options, and the cards left before the separator."""

    decks: str = slot(option_text(options.DECKS))
    rules: dict[str, str] = slot(option_choices(RULE_OPTIONS))
    left: int = slot(whole(0, max(c or 0 for c in CARDS_LEFT)))


def _start_odds(spec: Mapping[str, str], base: dict) -> OddsState:
    rules = TREINTA_Y_CUARENTA.presets.get(spec.get("preset"))
    decks = options.decks(spec.get("decks", rules.decks))
    if decks not in DECKS:
        # TRANSLATORS: {decks} is never 1: it is the list 6, 7, 8.
        raise SpecError("The odds table holds {decks} decks only, not {n}.", decks="6, 7, 8", n=str(decks))
    return OddsState.from_json(dict(base, decks=str(decks), rules=_rule_choices(rules), left=0))


def _odds_settings(state: OddsState) -> tuple[int, int | None]:
    """The decks and the cards left (`None`: a fresh shoe) of a state; a value the widget does not offer is damage."""
    if str(state.left) not in _LEFT_VALUES:
        raise SpecError("The widget's state is damaged; reload the page.")
    decks = read_option(options.DECKS, state.decks, DECKS)
    assert isinstance(decks, int)
    return decks, state.left or None


def _sentence(text: str) -> str:
    """A rule's words as a sentence: its first letter upper case, a full stop at the end."""
    return text[:1].upper() + text[1:] + "."


def _cell(value: Fraction, lang: str, digits: int = 4) -> str:
    return f"<td{exact(value)}>{escape(percent(value, lang, digits))}</td>"


def _render_odds(state: OddsState, error: str | None) -> str:
    lang = state.lang
    decks, left = _odds_settings(state)
    odds = tables(decks)
    chances: Chances = odds.chances[left]
    rules = _with_choices(TREINTA_Y_CUARENTA.presets.default, state.rules)
    tie_31, again = rules.tie_31, rules.prison_again
    settings = (decks_select(decks, lang, DECKS)
                + _rule_selects(rules, lang)
                + select("left", t(N_("The shoe"), lang),
                         [(str(c or 0), _left_label(c, lang)) for c in CARDS_LEFT], str(left or 0)))
    rows = [f'<tr data-naipes-total="{total}"><th scope="row">{total}</th>{_cell(odds.rows[total], lang)}'
            f'{_cell(odds.ties[total], lang)}</tr>' for total in TOTALS]
    # TRANSLATORS: {decks} is never 1: the odds table holds 6, 7 or 8 decks.
    totals = table(t(N_("How a row ends, exactly, with {decks} decks: a row's total, and both rows ending on it "
                        "(a fresh shoe)."), lang).format(decks=decks),
                   [t(h, lang) for h in (N_("Total"), N_("A row ends on it"), N_("Both rows end on it"))], rows,
                   attributes=' data-naipes-rows')
    bets = []
    for bet in BETS:
        edge = house_edge(chances, bet, tie_31, again)
        insured = insured_edge(chances, bet, TREINTA_Y_CUARENTA.presets.default.insurance_premium)
        bets.append(f'<tr data-naipes-bet="{bet}"><th scope="row">{escape(bet_name(bet, lang).capitalize())}</th>'
                    f'{_cell(chances.win(bet), lang)}{_cell(chances.lose(bet), lang)}{_cell(edge, lang)}'
                    f'{_cell(insured, lang)}</tr>')
    # TRANSLATORS: {decks} is never 1: the odds table holds 6, 7 or 8 decks.
    caption = t(N_("Each chance with {decks} decks and {shoe}; on 31–31: {rule}."), lang).format(
        decks=decks, shoe=_left_label(left, lang), rule=_rule_summary(rules, lang))
    heads = [t(h, lang) for h in (N_("Chance"), N_("Wins"), N_("Loses"), N_("House edge"),
                                  N_("House edge, insured"))]
    # The chances' names are short, so that the table fits a phone; what each one wins on is said under it.
    lines = [" ".join(_sentence(t(rule.text, lang)) for rule in (LOWER_WINS, COLOUR_RULE))]
    lines.append(t(N_("Both rows on 31 (31–31): {p}. Other equal rows (refait): {q}."), lang).format(
        p=percent(chances.tie_31, lang, 4), q=percent(chances.refait, lang, 4)))
    if left is not None:
        lines.append(t(N_("The coup needs more cards than are left and is void: {p}."), lang).format(
            p=percent(chances.void, lang, 4)))
    lines.append(t(N_("The house edge is per unit staked; in prison, the next coups are valued with the same "
                      "odds. When a chance wins as often as it loses, prison and half the stake have the same "
                      "house edge."), lang))
    body = (controls(settings) + totals
            + table(caption, heads, bets, attributes=' data-naipes-bets', sticky=True)
            + "".join(f'<p class="naipes-note" data-naipes-note="{i}">{escape(line)}</p>'
                      for i, line in enumerate(lines)))
    return root(state, _body(body), error)


def _act_odds(state: OddsState, action: str, value: str) -> OddsState:
    if action == options.DECKS.flag[2:]:
        return state.evolve(decks=str(read_option(options.DECKS, value, DECKS)))
    if action == "left":
        return state.evolve(left=int(pick(value, _LEFT_VALUES)))
    acted = _act_rule(state, action, value)
    if acted is None:
        raise unknown_action(action)
    return acted


# --- the playing table ------------------------------------------------------------------------------------------


def _stake(value: object) -> int:
    """A reader of a stake the table offers (one of `STAKES`)."""
    stake = whole(0, STAKES[-1])(value)
    if stake not in STAKES:
        raise StateError()
    return int(stake)


#: A coup's stakes: chance → a stake the table offers.
_coup_stakes = table_of(choice(*BETS), _stake, len(BETS))


@dataclass(frozen=True, kw_only=True)
class CoupState(State):
    """A playing table: its preset and 31–31 options, its seed, the stakes placed, and the stakes of every coup dealt
    (so that one state always gives the same table)."""

    preset: str = slot(choice(*TREINTA_Y_CUARENTA.presets))
    rules: dict[str, str] = slot(option_choices(RULE_OPTIONS))
    seed: int = slot(seed)
    stakes: dict[str, int] = slot(_coup_stakes)
    coups: tuple[dict[str, int], ...] = slot(items(_coup_stakes, MAX_COUPS))


def _table_rules(state: CoupState) -> TreintaRules:
    return _with_choices(TREINTA_Y_CUARENTA.presets.get(state.preset), state.rules)


def _stakes(raw: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """A coup's stakes in the order of the chances, without the empty ones."""
    return tuple((bet, raw[bet]) for bet in BETS if raw.get(bet))


#: The tables of the last states replayed (shared, read only), by rules, seed and coups.
_TABLES: dict[tuple, Table] = {}


def _replay(rules: TreintaRules, seed: int, coups: tuple[tuple[tuple[str, int], ...], ...]) -> Table:
    """The table after the coups of the state (cached: shared, read only); a click that deals one more coup
    plays on from the table before it, not again from the first coup."""
    key = (rules, seed, coups)
    found = _TABLES.get(key)
    if found is not None:
        return found
    before = _TABLES.get((rules, seed, coups[:-1])) if coups else None
    if before is not None:
        found = before.copy()
        found.play(dict(coups[-1]))
    else:
        found = Table(rules, seed)
        for stakes in coups:
            found.play(dict(stakes))
    if len(_TABLES) >= 32:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[key] = found
    return found


_replay.cache_clear = _TABLES.clear  # type: ignore[attr-defined]  # the benchmarks clear caches by this name


def _table(state: CoupState) -> Table:
    return _replay(_table_rules(state), state.seed, tuple(_stakes(coup) for coup in state.coups))


def _row_hand(played: PlayedCoup, row: str, lang: str) -> str:
    coup = played.coup
    cards = coup.negra if row == NEGRA else coup.roja
    total = coup.negra_total if row == NEGRA else coup.roja_total
    label = t(ROW_NAMES[row], lang)
    # TRANSLATORS: {total} is never 1: a row ends on 31 to 40 points.
    total_text = t(N_("{total} points"), lang).format(total=total) if cards else ""
    winner = ' data-naipes-winner="true"' if coup.winner == row else ""
    return hand(row, label, cards, lang, total_text, attributes=f' data-naipes-total="{total}"{winner}')


def _settlement(played: PlayedCoup, lang: str) -> str:
    rows = []
    kinds = {"won": N_("won"), "lost": N_("lost"), "stands": N_("refait"), "half-lost": N_("half lost"),
             "to-prison": N_("to prison"), "freed": N_("freed from prison"), "prison-lost": N_("lost in prison"),
             "still-in-prison": N_("stays in prison"), "returned": N_("returned")}
    for event in played.settled:
        rows.append(f'<tr data-naipes-bet="{event.bet}" data-naipes-kind="{event.kind}"><th scope="row">'
                    f'{escape(bet_name(event.bet, lang).capitalize())}</th><td>{escape(money(event.stake, lang))}</td>'
                    f'<td>{escape(t(kinds[event.kind], lang))}</td><td{exact(event.net)}>'
                    f'{escape(amount(event.net, lang))}</td></tr>')
    if not rows:
        return ""
    caption = t(N_("Coup {number}: your stakes, settled."), lang).format(number=played.number)
    return table(caption, [t(h, lang) for h in (N_("Chance"), N_("Stake"), N_("Result"), N_("Net"))], rows,
                 attributes=' data-naipes-settlement')


def _start_coup(spec: Mapping[str, str], base: dict) -> CoupState:
    rules = TREINTA_Y_CUARENTA.presets.get(spec.get("preset"))
    return CoupState.from_json(dict(base, preset=rules.name, rules=_rule_choices(rules),
                                    seed=options.seed(spec.get("seed", "1")), stakes={"noir": 10}, coups=[]))


def _render_coup(state: CoupState, error: str | None) -> str:
    lang = state.lang
    played_table = _table(state)
    draft = state.stakes
    book = TREINTA_Y_CUARENTA.presets
    presets = [(name, t(book.title(name), lang)) for name in book]
    settings = select("preset", t(N_("Preset"), lang), presets, state.preset) + _rule_selects(
        played_table.rules, lang)
    stakes = "".join(select("stake", t(N_("Stake on {chance}"), lang).format(chance=bet_name(bet, lang)),
                            [(f"{bet}:{s}", str(s)) for s in STAKES], f"{bet}:{draft.get(bet, 0)}")
                     for bet in BETS)
    full = len(played_table.played) >= MAX_COUPS
    buttons = (button(t(N_("Deal the coup"), lang), "deal", primary=True, disabled=full)
               + " " + button(t(N_("Clear the stakes"), lang), "clear")
               + " " + button(t(N_("New table"), lang), "new"))
    last = played_table.played[-1] if played_table.played else None
    if last is None:
        rows_html = _row_hand_empty(lang)
        lines = []
        settled = note(t(N_("Place your stakes and deal the coup: NEGRA is dealt first, then ROJA."), lang))
    else:
        rows_html = _row_hand(last, NEGRA, lang) + _row_hand(last, ROJA, lang)
        events = last.opening + last.coup.events + last.separator + list(last.settled)
        lines = [narrate(event, lang) for event in events]
        settled = _settlement(last, lang)
    balance = played_table.balance
    status = [t(N_("Coups dealt: {n}. Your balance: {balance}."), lang).format(
        n=len(played_table.played), balance=amount(balance, lang))]
    if played_table.prison:
        status.append(t(N_("In prison: {stakes}."), lang).format(stakes=", ".join(
            f"{bet_name(bet, lang)} {money(stake, lang)}" for bet, stake in played_table.prison.items())))
    if full:
        # TRANSLATORS: {n} is never 1: it is MAX_COUPS, 60.
        status.append(t(N_("This table has dealt its {n} coups: start a new table."), lang).format(n=MAX_COUPS))
    seed = state.seed
    seed_text = t(N_("Seed {seed}: the same seed deals the same cards."), lang).format(seed=seed)
    body = (controls(settings) + controls(stakes) + f'<p class="naipes-buttons">{buttons}</p>'
            + f'<div class="naipes-hands">{rows_html}</div>' + (narration(lines, lang) if lines else "") + settled
            + "".join(f'<p class="naipes-note" data-naipes-balance>{escape(s)}</p>' for s in status[:1])
            + "".join(note(s) for s in status[1:])
            + f'<p class="naipes-seed">{escape(seed_text)}</p>')
    return root(state, _body(body), error, attributes={"data-naipes-seed": str(seed)})


def _row_hand_empty(lang: str) -> str:
    return "".join(hand(row, t(ROW_NAMES[row], lang), [], lang) for row in (NEGRA, ROJA))


def _act_coup(state: CoupState, action: str, value: str) -> CoupState:
    if action == "stake":
        bet, _, stake = str(value).partition(":")
        stake_value = int(pick(stake, [str(s) for s in STAKES]))
        draft = dict(state.stakes)
        draft[pick(bet, BETS)] = stake_value
        return state.evolve(stakes={b: s for b, s in _stakes(draft)})
    if action == "clear":
        return state.evolve(stakes={})
    if action == "deal":
        current = _table(state)
        if len(current.played) >= MAX_COUPS:
            # TRANSLATORS: {n} is never 1: it is MAX_COUPS, 60.
            raise IllegalActionError("This table has dealt its {n} coups: start a new table.", n=MAX_COUPS)
        dealt = state.evolve(coups=state.coups + (dict(_stakes(state.stakes)),))
        _table(dealt)  # the new coup is dealt now, so that a bad state shows its message here
        return dealt
    if action == "preset":
        rules = TREINTA_Y_CUARENTA.presets.get(value)
        return state.evolve(preset=rules.name, rules=_rule_choices(rules), coups=())
    if action == "new":
        return state.evolve(seed=fresh_seed(), coups=())
    if action == "seed":
        return state.evolve(seed=options.seed(value), coups=())
    acted = _act_rule(state, action, value)
    if acted is None:
        raise unknown_action(action)
    return acted.evolve(coups=())


# --- the presets (static) ----------------------------------------------------------------------------------------


def _start_presets(spec: Mapping[str, str], base: dict) -> State:
    return State.from_json(base)


def _render_presets(state: State, error: str | None) -> str:
    lang = state.lang
    presets = list(TREINTA_Y_CUARENTA.presets.values())
    caption = t(N_("The engine's presets, generated from its rules objects."), lang)
    body = presets_table(caption, presets, lang, TREINTA_Y_CUARENTA.presets, f"naipes-presets-{TREINTA_Y_CUARENTA.id}")
    return root(state, body, error, static=True)


def _act_static(state: State, action: str, value: str) -> State:
    raise unknown_action(action)


register("odds", GAMES, _start_odds, _render_odds, _act_odds, state=OddsState)
register("coup", GAMES, _start_coup, _render_coup, _act_coup, state=CoupState)
register("presets", GAMES, _start_presets, _render_presets, _act_static, state=State)
