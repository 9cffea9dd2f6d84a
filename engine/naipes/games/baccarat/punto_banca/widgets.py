"""The widgets of Punto y Banca and its Mini and Midi tables: the banker's table, odds, a coup, the presets.

Every number comes from the engine: the table from the preset's drawing
rules, the odds from the exact analysis, the coup from the one driver.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "odds", "game": "punto-banca"}, "en")
    >>> html.startswith('<div class="naipes-widget naipes-odds"')
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, cast

from ....core import options
from ....core.options import TIE_PAYS
from ....core.drive import analyze
from ....core.errors import SpecError
from ....core.formatting import percent
from ....core.i18n import N_, translate_plural
from ....core.model import Game
from ....core.precomputed import generator, load
from ....core.narration import narrate
from ....web import coup_player
from ....web.escaping import escape
from ....web.cards import hand
from ....web.html import controls, decks_select, note, option_select, read_option, root, select, t, table
from ....web.registry import choose, register, unknown_action
from ....web.state import State, choice, nothing_or, option_text, slot, text
from ....web.tables import presets_table, report_table
from ..widgets import static_act
from ....web.state import option_value
from ..kernel import BANKER, PLAYER, DrawingRules, ThirdCardRule, deck_counts
from . import MIDI_PUNTO_BANCA, MINI_PUNTO_BANCA, PUNTO_BANCA
from .analysis import TABLE_CELLS, PuntoBancaAnalysis, analyze as analyze_shoe
from .coup import PuntoBancaCoup
from .rules import CROUPIER, PuntoBancaRules

GAMES: dict[str, Game] = {g.id: g for g in (PUNTO_BANCA, MINI_PUNTO_BANCA, MIDI_PUNTO_BANCA)}
#: The commission choices of the odds table, as the commission option reads them: the sources' 5 % deduction
#: (the Catalan decree's "19 a 20"), and Uruguay's 10 %.
COMMISSIONS = ("0.05", "0.1")
COMMISSION = options.declared(PuntoBancaRules.OPTIONS, "commission")
TIE_PAYOUTS = (8, 9)
HAND_LABELS = {PLAYER: N_("Player"), BANKER: N_("Banker")}
#: A preset of any of the three games (the state's game says which book it must be in: `_rules` checks it).
_preset = slot(choice(*sorted({name for game in GAMES.values() for name in game.presets})))
#: The number of decks, read as the rules option declares it.
_decks = slot(option_value(options.DECKS))


def _game(state: State) -> Game:
    return GAMES[state.game]


def _rules(state: TableauState | OddsState | CoupState) -> PuntoBancaRules:
    rules: PuntoBancaRules = _game(state).presets.get(state.preset)
    return rules


def _preset_select(state: TableauState | OddsState | CoupState, lang: str) -> str:
    book = _game(state).presets
    return select("preset", t(N_("Preset"), lang), [(n, t(book.title(n), lang)) for n in book], state.preset)


def _commission_name(rules: PuntoBancaRules) -> str:
    return COMMISSION.show(rules.banker_pays)


@lru_cache(maxsize=32)
def _shoe_analysis(decks: int, drawing: DrawingRules) -> PuntoBancaAnalysis:
    return analyze_shoe(deck_counts(decks), drawing)


# --- the banker's table ----------------------------------------------------------------------------------

@generator("punto-banca-cells")
def every_cell_reach() -> dict:
    """How often a coup reaches each cell of the banca's table, for the presets' drawing rules and 1 to 8 decks
    (the analysis of a shoe takes longer than a click may: shipped precomputed)."""
    data: dict = {}
    for drawing in sorted(_preset_drawings(), key=lambda d: d.name):
        for decks in options.DECK_COUNTS:
            analysis = _shoe_analysis(decks, drawing)
            data.setdefault(drawing.name, {})[str(decks)] = {
                _cell_key(t, x): str(analysis.cell_probability(t, x)) for t, x in TABLE_CELLS}
    return data


def _preset_drawings() -> set[DrawingRules]:
    return {rules.drawing for game in GAMES.values() for rules in game.presets.values()}


def cell_reach(drawing: DrawingRules, decks: int, total: int, third: int | None) -> Fraction:
    """The probability that a coup reaches a cell of the banca's table (shipped data for the presets' tables)."""
    if drawing in _preset_drawings():
        return Fraction(load("punto-banca-cells")[drawing.name][str(decks)][_cell_key(total, third)])
    return _shoe_analysis(decks, drawing).cell_probability(total, third)

def _cell_key(total: int, third: int | None) -> str:
    return f"{total}:{'stood' if third is None else third}"


def _parse_cell(value: str) -> tuple[int, int | None]:
    total, _, third = str(value).partition(":")
    cell: tuple[int, int | None] = (-1, -1)
    if (total.isascii() and total.isdigit()) and (third == "stood" or (third.isascii() and third.isdigit())):
        cell = (int(total), None if third == "stood" else int(third))
    if not 0 <= cell[0] <= 7 or (cell[1] is not None and not 0 <= cell[1] <= 9):
        raise SpecError("Unknown cell {value!r} of the banker's table.", value=value)
    return cell


def _cell_explanation(rules: PuntoBancaRules, decks: int, total: int, third: int | None, lang: str) -> str:
    drawing = rules.drawing
    draws = drawing.banker_draws(total, third)
    rule_applied = narrate(ThirdCardRule(BANKER, total, draws, third, rule=drawing.banker_rule(total, third)), lang)
    reach = cell_reach(rules.drawing, decks, total, third)
    return (rule_applied + " " +
            translate_plural("With {decks} deck, a coup reaches this cell {share} of the time.",
                             "With {decks} decks, a coup reaches this cell {share} of the time.", decks, lang).format(
                decks=decks, share=percent(reach, lang, 3)))


@dataclass(frozen=True, kw_only=True)
class TableauState(State):
    """The banker's table widget: the preset, the decks and the cell the reader picked (`"6:stood"`), if any."""

    preset: str = _preset
    decks: int = _decks
    selected: str | None = slot(nothing_or(text(20)))


def _start_tableau(spec: Mapping[str, str], base: dict[str, Any]) -> TableauState:
    rules = GAMES[str(base["game"])].presets.get(spec.get("preset"))
    return TableauState.from_json(dict(base, preset=rules.name, decks=options.decks(spec.get("decks", rules.decks)),
                                       selected=None))


def _render_tableau(state: TableauState, error: str | None) -> str:
    lang, decks = state.lang, state.decks
    rules = _rules(state)
    drawing = rules.drawing
    selected = state.selected
    rows = []
    for total in range(8):
        cells = []
        for third in (None, *range(10)):
            key = _cell_key(total, third)
            draws = drawing.banker_draws(total, third)
            word = t(N_("draws"), lang) if draws else t(N_("stands"), lang)
            pressed = "true" if key == selected else "false"
            cells.append(
                f'<td class="{"naipes-draw" if draws else "naipes-stand"}"><button type="button" '
                f'data-naipes-action="select" data-naipes-value="{key}" aria-pressed="{pressed}" '
                f'title="{escape(_cell_explanation(rules, decks, total, third, lang))}">{escape(word)}</button></td>')
        rows.append(f'<tr><th scope="row">{total}</th>{"".join(cells)}</tr>')
    # the preset's own source may state the rule in words: only the table's layout is the printed sheet's
    caption = t(N_("The banker's third-card table the preset {preset} plays: banker's total (rows) and the player's "
                   "third card (columns), laid out as source {source} prints it."), lang).format(
        preset=t(_game(state).presets.title(rules.name), lang), source=drawing.source)
    corner = t(N_("Banker's total"), lang)
    if selected:
        explanation = _cell_explanation(rules, decks, *_parse_cell(selected), lang)
    else:
        explanation = t(N_("Choose a cell to see the rule and how often a coup reaches it."), lang)
    headers = [corner, t(N_("Player stood"), lang)] + [str(v) for v in range(10)]
    body = (controls(_preset_select(state, lang) + decks_select(decks, lang))
            + table(caption, headers, rows, sticky=True)
            + f'<p class="naipes-explanation" aria-live="polite">{escape(explanation)}</p>')
    return root(state, body, error)


def _act_tableau(state: TableauState, action: str, value: str) -> TableauState:
    if action == "select":
        return state.evolve(selected=_cell_key(*_parse_cell(value)))
    if action == "decks":
        return state.evolve(decks=options.decks(value))
    if action == "preset":
        return state.evolve(preset=_game(state).presets.get(value).name, selected=None)
    raise unknown_action(action)


# --- odds --------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class OddsState(State):
    """The odds widget's choices: the preset, and the decks, commission and tie payout the reader set."""

    preset: str = _preset
    decks: int = _decks
    commission: str = slot(option_text(COMMISSION, COMMISSIONS))
    tie_pays: int = slot(option_value(TIE_PAYS))


def _reset_odds(state: OddsState, rules: PuntoBancaRules) -> OddsState:
    return state.evolve(preset=rules.name, decks=rules.decks, commission=_commission_name(rules),
                        tie_pays=rules.tie_pays)


def _start_odds(spec: Mapping[str, str], base: dict[str, Any]) -> OddsState:
    rules = GAMES[str(base["game"])].presets.get(spec.get("preset"))
    return OddsState.from_json(dict(base, preset=rules.name, decks=options.decks(spec.get("decks", rules.decks)),
                                    commission=_commission_name(rules), tie_pays=rules.tie_pays))


def _render_odds(state: OddsState, error: str | None) -> str:
    lang = state.lang
    base = _rules(state)
    rules = base.with_options(decks=state.decks, commission=state.commission, tie_pays=state.tie_pays)
    report = analyze(_game(state), rules)
    settings = (
        _preset_select(state, lang) + decks_select(state.decks, lang)
        + option_select(COMMISSION, state.commission, lang, COMMISSIONS,
                        {"0.05": N_("deduction of 5 % (paid 19 to 20)"), "0.1": N_("deduction of 10 %")})
        + option_select(TIE_PAYS, state.tie_pays, lang, TIE_PAYOUTS,
                        {str(p): t(N_("{pays} to 1"), lang).format(pays=p) for p in TIE_PAYOUTS}))
    caption = translate_plural("Exact odds of one coup dealt from a full shoe of {decks} deck.",
                               "Exact odds of one coup dealt from a full shoe of {decks} decks.", rules.decks,
                               lang).format(decks=rules.decks)
    naturals = t(N_("A natural (8 or 9 on two cards) ends {share} of coups."), lang).format(
        share=percent(Fraction(str(report.extra["naturals"])), lang, 2))
    body = controls(settings) + report_table(report, caption, lang) + note(naturals)
    if base.dealer == CROUPIER and base.seats:
        body += note(translate_plural("Preset {preset}: {seats} seat; the croupier deals and the players only bet.",
                                      "Preset {preset}: {seats} seats; the croupier deals and the players only bet.",
                                      base.seats, lang).format(preset=t(_game(state).presets.title(base.name), lang),
                                                               seats=base.seats))
    return root(state, body, error)


def _act_odds(state: OddsState, action: str, value: str) -> OddsState:
    if action == "decks":
        return state.evolve(decks=options.decks(value))
    if action == "tie-pays":
        return state.evolve(tie_pays=read_option(TIE_PAYS, value, TIE_PAYOUTS))
    if action == "preset":
        return _reset_odds(state, _game(state).presets.get(value))
    return choose(state, action, value, {"commission": COMMISSIONS})


# --- a coup -----------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class CoupState(coup_player.CoupState):
    """The coup widget's state: the preset and the coup (seed, steps; no decision is the reader's)."""

    preset: str = _preset


def _start_coup(spec: Mapping[str, str], base: dict[str, Any]) -> CoupState:
    rules = GAMES[str(base["game"])].presets.get(spec.get("preset"))
    return coup_player.start(CoupState, spec, base, preset=rules.name)


def _view(state: CoupState) -> coup_player.CoupView:
    game, rules = _game(state), _rules(state)
    return coup_player.replay_view(game, rules, state.seed, game.conduct(rules), (), state.step, state.lang)


def _render_coup(state: CoupState, error: str | None) -> str:
    lang = state.lang
    rules = _rules(state)
    view = _view(state)
    coup = cast(PuntoBancaCoup, view.shown.coup)
    hands = "".join(
        hand(side, t(HAND_LABELS[side], lang), cards, lang,
             t(N_("total {total}"), lang).format(total=total) if cards else "")
        for side, cards, total in ((PLAYER, coup.player, coup.player_total), (BANKER, coup.banker, coup.banker_total)))
    lines = view.lines(narrate, lang)
    if rules.dealer == CROUPIER:
        lines.insert(0, t(N_("The croupier deals every card; the players do not touch them."), lang))
    return coup_player.page(state, error, view, settings=_preset_select(state, lang), hands=hands, lines=lines)


def _act_coup(state: CoupState, action: str, value: str) -> CoupState:
    return coup_player.act(state, action, value, _view,
                           {"preset": lambda current, name: _game(current).presets.get(name).name})


# --- the presets side by side (static) ---------------------------------------------------------------------

def _start_presets(spec: Mapping[str, str], base: dict[str, Any]) -> State:
    return State.from_json(base)


def _render_presets(state: State, error: str | None) -> str:
    lang = state.lang
    game = _game(state)
    caption = t(N_("The engine's presets, generated from its rules objects."), lang)
    body = presets_table(caption, list(game.presets.values()), lang, game.presets, f"naipes-presets-{game.id}")
    return root(state, body, error, static=True)


register("tableau", GAMES, _start_tableau, _render_tableau, _act_tableau, state=TableauState)
register("odds", GAMES, _start_odds, _render_odds, _act_odds, state=OddsState)
register("coup", GAMES, _start_coup, _render_coup, _act_coup, state=CoupState)
register("presets", GAMES, _start_presets, _render_presets, static_act, state=State)
