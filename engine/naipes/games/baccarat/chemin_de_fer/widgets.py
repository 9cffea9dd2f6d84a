"""The widgets of chemin de fer: a coup where the reader plays a side, the odds, and the choice on five solved.

* `coup`: a coup dealt step by step from a seeded shoe; the reader plays the
  punto or the banker (block key `side`), decides with "carta" or "no" when the
  decision is theirs, and does not see the other side's cards until the rules
  show them; the other side's decisions follow the sources' conduct.
* `odds`: exact probabilities and each side's expectation from the engine's
  analysis, for the punto's and the banker's chosen conduct.
* `decide-five`: the choice on five solved exactly (block key `model`), with
  the banker's values in each of his situations; the banker sees only his
  total (Ethier and Gámez's Models A1 and B1).
* `models` (static): the solving models side by side, from the engine's
  solutions: cards with replacement (A1), a shoe of 1, 6 and 8 decks where the
  banker sees his total (B1) or knows his two cards (B2).

What the reader's side may not see (hidden hands, the other side's "carta" or
"no") comes from the family layer (`naipes.games.baccarat.widgets`), which the
dos paños' widgets share. Decide-five and the optimal odds read the solutions
shipped precomputed (`chemin-de-fer-solutions`): a solve takes longer than a
click may.

Examples:
    >>> from naipes.web.registry import handle, render
    >>> html = render({"widget": "coup", "game": "chemin-de-fer", "seed": "3"}, "en")
    >>> 'data-naipes-seed="3"' in html
    True
    >>> state = html.split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"')
    >>> 'role="alert"' in handle(state, "choose", "draw")  # no decision is pending yet: an inline error
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Collection, Mapping, cast

from ....core import options
from ....core.errors import RulesError, SpecError
from ....core.formatting import percent
from ....core.i18n import N_, error_text, translate_plural
from ....core.model import Event, Rule
from ....core.rng import fresh_seed
from ....web import coup_player
from ....web.escaping import escape
from ....web.html import amount, button, controls, decks_select, exact, field, money, note, root, select, t, table
from ....web.registry import ControlMessage, choose, pick, register
from ....web.state import ABSENT, State, choice, option_text, option_value, slot, text, whole
from ....core.precomputed import generator, load
from ..choices import DRAW, MODELS, STAND, FreeChoice, Model, draw_probability
from ..kernel import BANKER, PLAYER, TIE, deck_counts
from ..widgets import (BANKER_PLAYS, FIVE_CONDUCTS, BankerPlays, FiveConduct, card_or_no, hand_html, hidden_line,
                       side_select, static_act)
from . import CHEMIN_DE_FER
from .analysis import CheminDeFerAnalysis, analyze_coup
from .coup import CELLS, CheminDeFerConduct, CheminDeFerCoup, cell_total
from .decisions import OPPONENTS, DecisionValues, Opponent, cell_key, decision_values, reader_conduct
from .rules import CheminDeFerRules
from .solution import CheminDeFerSolution, best_reply_value, cell_values, model_tables, solve

GAME = CHEMIN_DE_FER.id
SIDES = (PLAYER, BANKER)
CAGNOTTES = {"0.05": Fraction(1, 20), "0": Fraction(0)}
PUNTO_AT_5 = FIVE_CONDUCTS
#: The preset of every state of these widgets: one of the game's.
_preset = slot(choice(*CHEMIN_DE_FER.presets))
#: The number of decks, read as the rules option declares it.
_decks = slot(option_value(options.DECKS))
#: The cagnotte the widgets offer (the option's values, as typed).
_cagnotte = slot(option_text(options.declared(CheminDeFerRules.OPTIONS, "commission"), tuple(CAGNOTTES)))

__all__ = ["card_or_no", "hand_html", "hidden_line", "side_select"]  # shared from the family layer, used here


def _rules(state: CoupState | FiveState) -> CheminDeFerRules:
    return CHEMIN_DE_FER.presets.get(state.preset)


# --- a coup: the reader's side, opponent and stake; each decision valued exactly ---------------------------

#: The table's minimum stake in the coup widget (the sources leave the amounts to each casino's authorisation).
TABLE_MINIMUM = 10
#: The reader's stake until they type another.
DEFAULT_STAKE = 100
#: The bank's maximum, in minimums, for a preset that sets none (the stake field needs an upper limit).
UNLIMITED_BANK_MULTIPLE = 100
#: The most characters of the stake field the state keeps (what the reader typed, even when it is not valid).
MAX_STAKE_TEXT = 24
#: How many coups "a coup with a decision" deals at most (the punto decides in about 1 coup of 12).
MAX_DEALS = 120
#: The other side's conducts, as the reader's side sees them.
OPPONENT_LABELS: dict[str, tuple[tuple[str, str], ...]] = {
    PLAYER: ((Opponent.SOURCES, N_("the banker follows his table")),
             (Opponent.OPTIMAL, N_("the banker plays the game's solution"))),
    BANKER: ((Opponent.SOURCES, N_("the punto takes the croupier's advice")),
             (Opponent.OPTIMAL, N_("the punto plays the game's solution"))),
}


def stake_limits(rules: CheminDeFerRules) -> tuple[int, int]:
    """The lowest and highest stake in the coup widget: from the table minimum to the bank's maximum
    (`bank_max_multiple` minimums: the punto may stake the whole bank).

    Examples:
        >>> stake_limits(CHEMIN_DE_FER.presets.get("cat-2016"))
        (10, 1000)
    """
    return TABLE_MINIMUM, (rules.bank_max_multiple or UNLIMITED_BANK_MULTIPLE) * TABLE_MINIMUM


def read_stake(text: str, rules: CheminDeFerRules) -> int:
    """The stake the reader typed, within the table's limits (`stake_limits`).

    Raises:
        RulesError: nothing typed, not a whole number, or out of the limits; the message gives them.

    Examples:
        >>> read_stake(" 250 ", CHEMIN_DE_FER.presets.get())
        250
        >>> read_stake("5000", CHEMIN_DE_FER.presets.get())
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The stake must be a whole number from 10 to 1000, not '5000'.
    """
    low, high = stake_limits(rules)
    text = str(text).strip()
    if not text:
        raise RulesError("Type a stake: a whole number from {low} to {high}.", low=low, high=high)
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_STAKE_TEXT and low <= int(text) <= high):
        raise RulesError("The stake must be a whole number from {low} to {high}, not {value!r}.",
                         low=low, high=high, value=text)
    return int(text)


@dataclass(frozen=True, kw_only=True)
class CoupState(coup_player.CoupState):
    """The coup widget's state: the preset, the reader's side, opponent and stake (the last valid one, and what
    the reader typed while it is not valid), and the coup (seed, steps, answers)."""

    preset: str = _preset
    side: str = slot(choice(*SIDES))
    opponent: str = slot(choice(*OPPONENTS))
    stake: int = slot(whole(0, 10**MAX_STAKE_TEXT))  # the preset's limits are checked where it is shown
    stake_text: str = slot(text(MAX_STAKE_TEXT), ABSENT)


def _start_coup(spec: Mapping[str, str], base: dict[str, Any]) -> CoupState:
    rules = CHEMIN_DE_FER.presets.get(spec.get("preset"))
    return coup_player.start(CoupState, spec, base, preset=rules.name, side=pick(spec.get("side", PLAYER), SIDES),
                             opponent=pick(spec.get("opponent", OPPONENTS[0]), OPPONENTS),
                             stake=read_stake(spec.get("stake", str(DEFAULT_STAKE)), rules))


def _view(state: CoupState) -> coup_player.CoupView:
    rules = _rules(state)
    conduct = reader_conduct(rules, state.side, state.opponent, state.seed)
    return coup_player.replay_view(CHEMIN_DE_FER, rules, state.seed, conduct, state.answers, state.step, state.lang)


def _type_stake(state: CoupState, value: str) -> CoupState:
    """Keep what the reader typed; a valid stake replaces the one in play, a bad one waits, with its message."""
    typed = str(value)[:MAX_STAKE_TEXT]
    try:
        return state.evolve(stake=read_stake(typed, _rules(state)), stake_text=ABSENT)
    except RulesError:
        return state.evolve(stake_text=typed)


def _deal_a_decision(state: CoupState) -> CoupState:
    """A new coup in which the reader's side has a decision to take."""
    for _ in range(MAX_DEALS):
        state = state.evolve(seed=fresh_seed(), step=0, answers=())
        # one replay to the end: does it wait for the reader?
        if _view(state.evolve(step=coup_player.MAX_STEPS)).full.waiting:
            break
    return state


def _act_coup(state: CoupState, action: str, value: str) -> CoupState:
    if action == "stake":
        return _type_stake(state, value)
    if action == "decision":
        return _deal_a_decision(state)
    return coup_player.act(state, action, value, _view, {"side": lambda current, side: pick(side, SIDES),
                                                         "opponent": lambda current, who: pick(who, OPPONENTS)})


def _decision_point(coup: CheminDeFerCoup, side: str) -> FreeChoice | None:
    """Where the rules left the reader's side free to choose in `coup`, if they did."""
    return next((e for e in coup.events if isinstance(e, FreeChoice) and e.hand == side), None)


def _prompt(point: FreeChoice, lang: str) -> str:
    if point.hand == PLAYER:
        return t(N_("You are the punto and have {total}: card or no?"), lang).format(total=point.total)
    if point.third is None:
        return t(N_("You hold the bank with {total}; the punto stood: card or no?"), lang).format(total=point.total)
    return t(N_("You hold the bank with {total}; the punto's third card is a {third}: card or no?"),
             lang).format(total=point.total, third=point.third)


def _hidden(coup: CheminDeFerCoup, side: str) -> set[str]:
    """The hands whose first two cards the reader's side cannot see yet."""
    if side == PLAYER and not coup.player_done:
        return {BANKER}
    return {PLAYER} if side == BANKER and not coup.is_terminal() else set()


def _narrate(event: Event, lang: str, hidden: Collection[str]) -> str | None:
    """`hidden_line`, with the opponent's strategy in words: a mixed choice's probability as a percentage in the
    page's language, a choice the strategy always makes as the game's solution."""
    rule = getattr(event, "rule", None)
    mixed = dict(rule.params).get("p") if isinstance(rule, Rule) else None
    if isinstance(rule, Rule) and mixed is not None:
        p = Fraction(str(mixed))
        params = tuple((name, percent(p, lang, 2) if name == "p" else v) for name, v in rule.params)
        solution = Rule(N_("the game's solution"))
        event = replace(event, rule=solution if p in (0, 1) else replace(rule, params=params))  # type: ignore[type-var]
    return hidden_line(event, lang, hidden)


def _choice_name(action: str, lang: str) -> str:
    return dict(card_or_no(lang))[action]


def _values_table(values: DecisionValues, stake: int, lang: str) -> str:
    rows = [f'<tr data-naipes-choice="{action}"><th scope="row">{escape(_choice_name(action, lang))}</th>'
            f'<td{exact(values.value(action))}>{escape(percent(values.value(action), lang, 3))}</td>'
            f'<td{exact(values.value(action) * stake)}>{escape(amount(values.value(action) * stake, lang))}</td></tr>'
            for action in (DRAW, STAND)]
    caption = t(N_("What each choice is worth to you, exactly"), lang)
    headers = [t(N_("Your choice"), lang), t(N_("Expectation per unit staked"), lang),
               t(N_("On your stake of {stake}"), lang).format(stake=stake)]
    return table(caption, headers, rows)


def _solution_text(values: DecisionValues, point: FreeChoice, lang: str) -> str:
    r = values.solution
    if point.hand == PLAYER:
        return t(N_("The game's solution draws on {total} with probability {p}."), lang).format(
            total=point.total, p=percent(r, lang, 2))
    if r in (0, 1):
        return t(N_("The game's solution draws here.") if r == 1 else N_("The game's solution stands here."), lang)
    return t(N_("The game's solution draws here with probability {p}."), lang).format(p=percent(r, lang, 2))


def advice_html(values: DecisionValues, point: FreeChoice, state: CoupState, stake: int,
                rules: CheminDeFerRules) -> str:
    """The advice at the reader's decision, the exact value of each choice, and what they are computed for."""
    lang, opponent = state.lang, state.opponent
    best = values.best
    difference = percent(abs(values.draw - values.stand), lang, 3)
    advices: dict[str | None, str] = {
        None: N_("Both choices are worth the same against this opponent."),
        DRAW: N_("Advice: say \"card\"; drawing is worth {difference} more per unit staked than standing."),
        STAND: N_("Advice: say \"no\"; standing is worth {difference} more per unit staked than drawing.")}
    advice = t(advices[best], lang).format(difference=difference)
    against = t(dict(OPPONENT_LABELS[point.hand])[opponent], lang)
    if point.hand == PLAYER:
        basis = translate_plural(
            "Exact values over every coup dealt from a full shoe of {decks} deck in which you hold {total} and "
            "neither side has a natural, when {opponent}.",
            "Exact values over every coup dealt from a full shoe of {decks} decks in which you hold {total} and "
            "neither side has a natural, when {opponent}.", rules.decks, lang)
    else:
        basis = translate_plural(
            "Exact values over every coup dealt from a full shoe of {decks} deck that reaches this point, when "
            "{opponent}; like Model B1 of Ethier and Gámez, they count your total and the punto's third card, not "
            "your two cards.",
            "Exact values over every coup dealt from a full shoe of {decks} decks that reaches this point, when "
            "{opponent}; like Model B1 of Ethier and Gámez, they count your total and the punto's third card, not "
            "your two cards.", rules.decks, lang)
    basis = basis.format(decks=rules.decks, total=point.total, opponent=against)
    best_attr = f' data-naipes-best="{best}"' if best else ""
    return (f'<div class="naipes-advice"{best_attr}><p><strong>{escape(advice)}</strong> '
            f'{escape(_solution_text(values, point, lang))}</p>{_values_table(values, stake, lang)}'
            f'{note(basis)}</div>')


def _settlement(coup: CheminDeFerCoup, side: str, stake: int, lang: str) -> str:
    settled = coup.settle({"punto": stake})
    if coup.winner == TIE:
        return t(N_("A tie: a void coup, your stake of {stake} stays yours."), lang).format(stake=stake)
    net = settled.players["punto"] if side == PLAYER else settled.banker_net
    if net < 0:
        return t(N_("You lose your stake of {stake}."), lang).format(stake=stake)
    if side == BANKER and settled.cagnotte:
        return t(N_("You win {net}: the punto's {stake}, less {cagnotte} for the cagnotte."), lang).format(
            net=money(net, lang), stake=stake, cagnotte=money(settled.cagnotte, lang))
    return t(N_("You win {net}."), lang).format(net=money(net, lang))


def _results(view: coup_player.CoupView, state: CoupState, stake: int) -> str:
    """Once the coup is over: the stake won or lost, and the reader's decision against its values."""
    lang, side = state.lang, state.side
    coup = cast(CheminDeFerCoup, view.shown.coup)
    point = _decision_point(coup, side)
    lines = [_settlement(coup, side, stake, lang)]
    if point is None:
        lines.append(t(N_("No decision was yours in this coup: the rules and your opponent took every step."), lang))
    else:
        values = decision_values(state.preset, side, state.opponent, point.total, point.third)
        said: dict[str, str] = {DRAW: N_("You said \"card\": worth {value} per unit staked; \"no\" was worth {other}."),
                STAND: N_("You said \"no\": worth {value} per unit staked; \"card\" was worth {other}.")}
        chosen = pick(state.answers[0], (DRAW, STAND))
        other = STAND if chosen == DRAW else DRAW
        lines.append(t(said[chosen], lang).format(value=percent(values.value(chosen), lang, 3),
                                                  other=percent(values.value(other), lang, 3)))
    return "".join(f'<p class="naipes-explanation">{escape(line)}</p>' for line in lines)


def _stake_field(state: CoupState, rules: CheminDeFerRules, lang: str) -> str:
    low, high = stake_limits(rules)
    label = N_("Your stake ({low} to {high})") if state.side == PLAYER else N_("Your bank ({low} to {high})")
    typed = state.stake if state.stake_text is ABSENT else state.stake_text
    return field("stake", t(label, lang).format(low=low, high=high), typed)


def _stake_message(state: CoupState, rules: CheminDeFerRules, lang: str) -> ControlMessage | None:
    """The message of a stake typed but not valid, shown next to the field (the stake in play is the last valid)."""
    if state.stake_text is ABSENT:
        return None
    try:
        read_stake(state.stake_text, rules)
    except RulesError as error:
        return ControlMessage(error_text(error, lang), "stake")
    return None


def _render_coup(state: CoupState, error: str | None) -> str:
    lang, side, opponent = state.lang, state.side, state.opponent
    rules = _rules(state)
    stake = read_stake(str(state.stake), rules)
    view = _view(state)
    coup = cast(CheminDeFerCoup, view.shown.coup)
    hidden = _hidden(coup, side)
    hands = (hand_html(PLAYER, coup.player, hidden, lang, coup.player_total)
             + hand_html(BANKER, coup.banker, hidden, lang, coup.banker_total))
    prompt = ""
    if view.waiting:
        point = _decision_point(cast(CheminDeFerCoup, view.full.coup), side)
        assert point is not None  # the coup waits for the reader's side: the rules left it free to choose
        values = decision_values(rules.name, side, opponent, point.total, point.third)
        prompt = (coup_player.decision(_prompt(point, lang), card_or_no(lang))
                  + advice_html(values, point, state, stake, rules))
    results = _results(view, state, stake) if coup.is_terminal() else ""
    another = button(t(N_("New coup with a decision for you"), lang), "decision")
    settings = (side_select(side, ((PLAYER, N_("the punto")), (BANKER, N_("the banker"))), lang)
                + select("opponent", t(N_("Your opponent"), lang),
                         [(value, t(label, lang)) for value, label in OPPONENT_LABELS[side]], opponent)
                + _stake_field(state, rules, lang))
    lines = view.lines(lambda event, language: _narrate(event, language, hidden), lang)
    return coup_player.page(state, error or _stake_message(state, rules, lang), view, settings=settings, hands=hands,
                            lines=lines, prompt=prompt,
                            results=results + f'<p class="naipes-buttons">{another}</p>')


# --- the solutions the odds and decide-five widgets show (shipped: a solve takes longer than a click may) --------

#: The shipped solutions of `solve` for every preset, model, number of decks and cagnotte the widgets offer.
SOLUTIONS = "chemin-de-fer-solutions"


@dataclass(frozen=True)
class ShownSolution:
    """What the widgets show of a solution: the punto's mix on 5, the value of the game to him, his value when
    he always draws or always stands on 5 against the banker's best reply, and the banker's mix in each cell."""

    draw_at_5: Fraction
    value: Fraction
    always_draws: Fraction
    always_stands: Fraction
    banker: Mapping[tuple[int, int | None], Fraction]

    def banker_draws(self, total: int, third: int | None) -> Fraction:
        """The banker's probability of drawing with `total` when the punto's third card is `third` (None: stood)."""
        return self.banker[(total, third)]


def _solution_key(model: str, decks: int, commission: str) -> str:
    """The key of one solution in the shipped data (the totals model does not depend on the decks)."""
    return f"{model}:{decks if model == 'shoe' else '-'}:{commission}"


def _shown(model: str, decks: int, commission: str, rules: CheminDeFerRules) -> ShownSolution:
    solution = solve(model, decks, CAGNOTTES[commission], rules)
    rate, drawing = CAGNOTTES[commission], rules.drawing
    return ShownSolution(solution.draw_at_5, solution.value,
                         best_reply_value(model, decks, rate, Fraction(1), drawing),
                         best_reply_value(model, decks, rate, Fraction(0), drawing), cast(dict[tuple[int, int | None], Fraction], dict(solution.equilibrium.banker)))


def _solution_data(solution: ShownSolution) -> dict[str, object]:
    return {"draw_at_5": str(solution.draw_at_5), "value": str(solution.value),
            "always_draws": str(solution.always_draws), "always_stands": str(solution.always_stands),
            "banker": {cell_key(*cell): str(r) for cell, r in solution.banker.items()}}


@generator(SOLUTIONS)
def every_solution() -> dict[str, object]:
    """Every solution the widgets show: each preset's (presets whose solutions are the same share them)."""
    shared: list[dict[str, dict[str, object]]] = []
    presets = {}
    for name, rules in CHEMIN_DE_FER.presets.items():
        values = {_solution_key(model, decks, commission): _solution_data(_shown(model, decks, commission, rules))
                  for model in MODELS for decks in (options.DECK_COUNTS if model == "shoe" else (rules.decks,))
                  for commission in CAGNOTTES}
        if values not in shared:
            shared.append(values)
        presets[name] = shared.index(values)
    return {"presets": presets, "values": shared}


@lru_cache(maxsize=64)
def shown_solution(model: str, decks: int, commission: str, preset: str) -> ShownSolution:
    """The solution of a preset under a model, a number of decks and a cagnotte, from the shipped data.

    Examples:
        >>> s = shown_solution("totals", 6, "0", "cat-2016")
        >>> s.draw_at_5 == solve("totals", 6, 0, CHEMIN_DE_FER.presets.get("cat-2016")).draw_at_5
        True
    """
    data = load(SOLUTIONS)
    found = data["values"][data["presets"][preset]][_solution_key(model, decks, commission)]
    banker = {cell: Fraction(found["banker"][cell_key(*cell)]) for cell in CELLS}
    return ShownSolution(Fraction(found["draw_at_5"]), Fraction(found["value"]), Fraction(found["always_draws"]),
                         Fraction(found["always_stands"]), banker)


# --- odds ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class OddsState(State):
    """The odds widget's choices: the preset, the decks, how the punto plays a five, how the banker plays, and
    the cagnotte."""

    preset: str = _preset
    decks: int = _decks
    punto: str = slot(choice(*FIVE_CONDUCTS))
    banker: str = slot(choice(*BANKER_PLAYS))
    commission: str = _cagnotte


def _cagnotte_of(rules: CheminDeFerRules) -> str:
    return "0.05" if rules.cagnotte == CAGNOTTES["0.05"] else "0"


def _start_odds(spec: Mapping[str, str], base: dict[str, Any]) -> OddsState:
    rules = CHEMIN_DE_FER.presets.get(spec.get("preset"))
    return OddsState.from_json(dict(base, preset=rules.name, decks=options.decks(spec.get("decks", rules.decks)),
                                    punto=FiveConduct.STAND, banker=BankerPlays.TABLE, commission=_cagnotte_of(rules)))


@lru_cache(maxsize=64)
def _odds(preset: str, decks: int, commission: str, punto: str, banker: str) -> tuple[Fraction, CheminDeFerAnalysis]:
    base = CHEMIN_DE_FER.presets.get(preset)
    rules = base.with_options(decks=decks, commission=CAGNOTTES[commission])
    optimal = FiveConduct.OPTIMAL in (punto, banker)
    solution = shown_solution("shoe", decks, commission, preset) if optimal else None
    conduct = CheminDeFerConduct(punto=solution.draw_at_5 if solution and punto == FiveConduct.OPTIMAL else
                                 "advice" if punto == FiveConduct.STAND else punto,
                                 banker=dict(solution.banker) if solution and banker == BankerPlays.OPTIMAL else banker)
    tables = model_tables("shoe", decks, base.drawing)
    analysis = analyze_coup(rules, deck_counts(decks), conduct, tables=tables)
    return draw_probability(conduct.punto, rules.drawing), analysis


def _render_odds(state: OddsState, error: str | None) -> str:
    lang, decks = state.lang, state.decks
    p, a = _odds(state.preset, decks, state.commission, state.punto, state.banker)
    settings = (
        decks_select(decks, lang)
        + select("punto", t(N_("The punto with 5"), lang),
                 [(FiveConduct.STAND, t(N_("stands (the croupier's advice)"), lang)),
                  (FiveConduct.DRAW, t(N_("draws"), lang)),
                  (FiveConduct.OPTIMAL, t(N_("mixes optimally"), lang))], state.punto)
        + select("banker", t(N_("The banker"), lang),
                 [(BankerPlays.TABLE, t(N_("follows the banker's table"), lang)),
                  (BankerPlays.OPTIMAL, t(N_("plays his optimal strategy"), lang))], state.banker)
        + _cagnotte_select(state.commission, lang))
    names = {PLAYER: N_("Punto wins"), BANKER: N_("Banca wins"), TIE: N_("Tie: a void coup")}
    rows = [f'<tr data-naipes-outcome="{o}"><th scope="row">{escape(t(names[o], lang))}</th>'
            f'<td{exact(a.probability(o))}>{escape(percent(a.probability(o), lang, 4))}</td></tr>'
            for o in (PLAYER, BANKER, TIE)]
    rows += [f'<tr data-naipes-side="{side}"><th scope="row">{escape(t(label, lang))}</th>'
             f'<td{exact(a.expected_value(side))}>{escape(percent(a.expected_value(side), lang, 4))}</td></tr>'
             for side, label in ((PLAYER, N_("Punto's expectation per unit staked")),
                                 (BANKER, N_("Banker's expectation per unit, after the cagnotte")))]
    caption = translate_plural(
        "Exact odds of one coup dealt from a full shoe of {decks} deck; the punto draws on 5 with probability {p}.",
        "Exact odds of one coup dealt from a full shoe of {decks} decks; the punto draws on 5 with probability {p}.",
        decks, lang).format(decks=decks, p=percent(p, lang, 2))
    body = controls(settings) + table(caption, [t(N_("Outcome"), lang), t(N_("Probability"), lang)], rows)
    return root(state, body, error)


def _cagnotte_select(current: str, lang: str) -> str:
    return select("commission", t(N_("Cagnotte"), lang),
                  [("0.05", t(N_("5 per cent of the banker's winnings"), lang)), ("0", t(N_("none"), lang))], current)


def _act_odds(state: OddsState, action: str, value: str) -> OddsState:
    if action == "decks":
        return state.evolve(decks=options.decks(value))
    return choose(state, action, value, {"punto": FIVE_CONDUCTS, "banker": BANKER_PLAYS, "commission": CAGNOTTES})


# --- decide at five ------------------------------------------------------------------------------------------

#: The banker's totals the decide-five widget offers (he must stand on 8 and 9: naturals).
FIVE_TOTALS = tuple(range(8))


@dataclass(frozen=True, kw_only=True)
class FiveState(State):
    """The decide-five widget's choices: the preset, the model, the decks (of the shoe model), the cagnotte and
    the banker's total shown."""

    preset: str = _preset
    model: str = slot(choice(*MODELS))
    decks: int = _decks
    commission: str = _cagnotte
    total: int = slot(whole(FIVE_TOTALS[0], FIVE_TOTALS[-1]))


def _start_five(spec: Mapping[str, str], base: dict[str, Any]) -> FiveState:
    rules = CHEMIN_DE_FER.presets.get(spec.get("preset"))
    return FiveState.from_json(dict(base, preset=rules.name, model=pick(spec.get("model", Model.TOTALS), MODELS),
                                    decks=options.decks(spec.get("decks", rules.decks)),
                                    commission=_cagnotte_of(rules), total=6))


def _five_settings(state: FiveState, lang: str) -> str:
    return (select("model", t(N_("Model"), lang),
                   [(Model.TOTALS, t(N_("totals: cards dealt with replacement (Kemeny and Snell)"), lang)),
                    (Model.SHOE, t(N_("shoe: cards dealt without replacement"), lang))], state.model)
            + (decks_select(state.decks, lang) if state.model == Model.SHOE else "")
            + _cagnotte_select(state.commission, lang)
            + select("total", t(N_("Banker's total"), lang), [(str(n), str(n)) for n in FIVE_TOTALS],
                     str(state.total)))


def _punto_table(solution: ShownSolution, lang: str) -> str:
    p = solution.draw_at_5
    punto_rows = ((FiveConduct.DRAW, N_("Always draws on 5"), solution.always_draws),
                  (FiveConduct.STAND, N_("Always stands on 5"), solution.always_stands),
                  (FiveConduct.OPTIMAL, N_("Draws on 5 with probability {p} (optimal mix)"), solution.value))
    rows = [f'<tr data-naipes-punto="{key}"><th scope="row">{escape(t(label, lang).format(p=percent(p, lang, 2)))}'
            f'</th><td{exact(v)}>{escape(percent(v, lang, 4))}</td></tr>' for key, label, v in punto_rows]
    caption = t(N_("The punto with 5: his expectation per unit staked when the banker answers his strategy "
                   "with his best reply."), lang)
    return table(caption, [t(N_("The punto"), lang), t(N_("Punto's expectation per unit staked"), lang)], rows)


def _banker_table(state: FiveState, solution: ShownSolution, rules: CheminDeFerRules, lang: str) -> str:
    rate = CAGNOTTES[state.commission]
    total, drawing = state.total, rules.drawing
    rows = []
    for third in (None, *range(10)):
        cell = (total, third)
        draw_v, stand_v, reach = cell_values(state.model, state.decks, rate, solution.draw_at_5, cell, drawing)
        r = solution.banker_draws(*cell)
        if drawing.banker_forced(total):
            best = t(N_("must draw (baccarat)"), lang)
        elif r in (0, 1):
            best = t(N_("draws") if r == 1 else N_("stands"), lang)
        else:
            best = t(N_("draws with probability {p}"), lang).format(p=percent(r, lang, 2))
        table_says = t(N_("draws") if drawing.table_draws(*cell) else N_("stands"), lang)
        label = t(N_("Player stood"), lang) if third is None else t(N_("third card {third}"), lang).format(third=third)
        rows.append(f'<tr data-naipes-cell="{total}:{"stood" if third is None else third}"><th scope="row">'
                    f'{escape(label)}</th><td{exact(reach)}>{escape(percent(reach, lang, 3))}</td>'
                    f'<td{exact(draw_v)}>{escape(percent(draw_v, lang, 3))}</td>'
                    f'<td{exact(stand_v)}>{escape(percent(stand_v, lang, 3))}</td>'
                    f'<td{exact(r)}>{escape(best)}</td><td>{escape(table_says)}</td></tr>')
    caption = t(N_("The banker with {total}: his expectation per unit staked if he draws and if he stands, "
                   "in each situation, against the punto's optimal mix."), lang).format(total=total)
    headers = [t(h, lang) for h in (N_("What the banker sees"), N_("How often"), N_("Drawing"), N_("Standing"),
                                    N_("Optimal"))]
    headers.append(t(N_("Banker's table (source {source})"), lang).format(source=drawing.banker_table.source))
    return table(caption, headers, rows)


def _render_five(state: FiveState, error: str | None) -> str:
    lang, model, decks = state.lang, state.model, state.decks
    rules = _rules(state)
    solution = shown_solution(model, decks, state.commission, state.preset)
    p = solution.draw_at_5
    model_note = (t(N_("Totals model: each card is worth 0 with probability 4/13 and 1 to 9 with 1/13 each, "
                       "whatever was dealt before."), lang) if model == Model.TOTALS else
                  translate_plural("Shoe model: the cards are dealt from a full shoe of {decks} deck.",
                                   "Shoe model: the cards are dealt from a full shoe of {decks} decks.", decks,
                                   lang).format(decks=decks))
    model_note += " " + t(N_("The banker sees only his own total, not the cards that make it (Model {name} of "
                             "Ethier and Gámez)."), lang).format(name="A1" if model == Model.TOTALS else "B1")
    mix = t(N_("Optimal mix: draw on 5 with probability {p} ({exact})."), lang).format(p=percent(p, lang, 4),
                                                                                       exact=str(p))
    body = (controls(_five_settings(state, lang)) + note(model_note) + _punto_table(solution, lang)
            + f'<p class="naipes-explanation" data-naipes-mix="{escape(str(p))}">{escape(mix)}</p>'
            + _banker_table(state, solution, rules, lang))
    return root(state, body, error)


def _act_five(state: FiveState, action: str, value: str) -> FiveState:
    if action == "decks":
        return state.evolve(decks=options.decks(value))
    if action == "total":
        if value not in [str(n) for n in FIVE_TOTALS]:
            raise SpecError("The banker's total must be a whole number from 0 to 7, not {value!r}.", value=value)
        return state.evolve(total=int(value))
    return choose(state, action, value, {"model": MODELS, "commission": CAGNOTTES})


# --- the solving models compared (static) ---------------------------------------------------------------

#: The rows of the models table: (model, decks, information), as Ethier and Gámez name them.
MODEL_ROWS = (("totals", None, "total"), ("shoe", 1, "total"), ("shoe", 6, "total"), ("shoe", 8, "total"),
              ("shoe", 1, "cards"), ("shoe", 6, "cards"), ("shoe", 8, "cards"))


@lru_cache(maxsize=16)
def model_solution(model: str, decks: int | None, information: str) -> CheminDeFerSolution:
    """The parlour game (no cagnotte) solved under one model, with the first preset's drawing rules (cached)."""
    return solve(model, decks or 6, Fraction(0), CHEMIN_DE_FER.presets.default, information)


def _cell_text(cell: tuple, lang: str) -> str:
    hand, third = cell
    banker = str(hand) if isinstance(hand, int) else t(N_("{first} and {second} (total {total})"), lang).format(
        first=hand[0], second=hand[1], total=cell_total(cell))
    situation = t(N_("Player stood"), lang) if third is None else t(N_("third card {third}"), lang).format(third=third)
    return f"{banker}: {situation}"


def _start_models(spec: Mapping[str, str], base: dict[str, Any]) -> State:
    return State.from_json(base)


def _render_models(state: State, error: str | None) -> str:
    lang = state.lang
    sees = {"total": N_("his total"), "cards": N_("his two cards")}
    rows = []
    for model, decks, information in MODEL_ROWS:
        s = model_solution(model, decks, information)
        name = ("A" if model == "totals" else "B") + ("1" if information == "total" else "2")
        shoe = t(N_("with replacement"), lang) if model == "totals" else str(decks)
        mixed = "; ".join(_cell_text(cell, lang) for cell in s.mixed_cells()) or t(N_("nowhere"), lang)
        rows.append(f'<tr data-naipes-model="{name}" data-naipes-decks="{decks or ""}"><th scope="row">{name}</th>'
                    f'<td>{escape(shoe)}</td><td>{escape(t(sees[information], lang))}</td>'
                    f'<td{exact(s.draw_at_5)}>{escape(percent(s.draw_at_5, lang, 4))}</td>'
                    f'<td{exact(s.value)}>{escape(percent(s.value, lang, 4))}</td><td>{escape(mixed)}</td></tr>')
    caption = t(N_("Chemin de fer solved under each model, without the cagnotte (the game of the literature): the "
                   "punto's optimal probability of drawing on 5, the value of the game to the punto per unit staked, "
                   "and where the optimal banker mixes."), lang)
    headers = [t(h, lang) for h in (N_("Model"), N_("Decks"), N_("The banker sees"), N_("Punto draws on 5"),
                                    N_("Value to the punto"), N_("The banker mixes with"))]
    return root(state, table(caption, headers, rows), error, static=True)


register("coup", (GAME,), _start_coup, _render_coup, _act_coup, keys=("side", "opponent", "stake"), state=CoupState)
register("models", (GAME,), _start_models, _render_models, static_act, state=State)
register("odds", (GAME,), _start_odds, _render_odds, _act_odds, state=OddsState)
register("decide-five", (GAME,), _start_five, _render_five, _act_five, keys=("model",), state=FiveState)
