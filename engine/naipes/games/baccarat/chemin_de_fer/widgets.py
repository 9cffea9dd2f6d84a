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

The helpers for hidden hands and the reader's side are shared with the dos
paños' widgets.

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

from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Callable, Collection, Mapping, Sequence

from ....core import options
from ....core.cards import Card
from ....core.errors import RulesError, SpecError
from ....core.formatting import percent
from ....core.i18n import N_, error_text, translate_plural
from ....core.model import Event, Game, Rule
from ....core.narration import agreeing, card_with_article, narrate
from ....core.rng import fresh_seed
from ....web import coup_player
from ....web.escaping import escape
from ....web.html import amount, button, controls, decks_select, exact, field, hand, money, note, root, select, t, table
from ....web.registry import ControlMessage, pick, register, unknown_action
from .. import widgets as _family_widgets  # noqa: F401  (registers the family comparison)
from ..choices import DRAW, MODELS, STAND, Chosen, FreeChoice, draw_probability
from ..kernel import BANKER, PLAYER, TIE, CardDealt, ThirdCardRule, deck_counts
from ..narration import hand_name
from . import CHEMIN_DE_FER
from .analysis import CheminDeFerAnalysis, analyze_coup
from .coup import CheminDeFerConduct, cell_total
from .decisions import OPPONENTS, DecisionValues, decision_values, reader_conduct
from .rules import CheminDeFerRules
from .solution import CheminDeFerSolution, best_reply_value, cell_values, model_tables, solve

GAME = CHEMIN_DE_FER.id
SIDES = (PLAYER, BANKER)
CAGNOTTES = {"0.05": Fraction(1, 20), "0": Fraction(0)}
PUNTO_AT_5 = ("stand", "draw", "optimal")
BANKER_PLAYS = ("table", "optimal")


def _rules(state: Mapping[str, object]) -> CheminDeFerRules:
    return CHEMIN_DE_FER.presets.get(str(state["preset"]))


def card_or_no(lang: str) -> list[tuple[str, str]]:
    """The reader's two answers: "Carta" draws, "No" stands."""
    return [("draw", t(N_("Card"), lang)), ("stand", t(N_("No"), lang))]


def side_select(current: str, choices: Sequence[tuple[str, str]], lang: str) -> str:
    """Which side the reader plays."""
    return select("side", t(N_("You play"), lang), [(value, t(label, lang)) for value, label in choices], current)


# --- what the reader's side cannot see ---------------------------------------------------------------------

def _says(hand_id: str, draws: bool, lang: str) -> str:
    if hand_id == PLAYER:
        return t(N_("Player says \"card\".") if draws else N_("Player says \"no\"."), lang)
    message = N_("{hand} says \"card\".") if draws else N_("{hand} says \"no\".")
    return t(message, lang).format(hand=hand_name(hand_id, lang))


def hidden_line(event: Event, lang: str, hidden: Collection[str]) -> str | None:
    """The narration of `event`, or what the reader may know of it while the `hidden` hands are face down.

    The first two cards of a hidden hand are dealt face down, its third card face up; its decisions are
    heard ("carta", "no") but not their reasons.
    """
    hand_id = getattr(event, "hand", None)
    if hand_id not in hidden:
        return narrate(event, lang)
    if isinstance(event, CardDealt):
        if event.cards <= 2:
            message = {PLAYER: N_("Player receives a card face down."),
                       BANKER: N_("Banker receives a card face down.")}.get(hand_id,
                                                                            N_("{hand} receives a card face down."))
            return t(message, lang).format(hand=hand_name(hand_id, lang))
        message = N_("Player receives {card}, face up.") if hand_id == PLAYER else N_("{hand} receives {card}, face up.")
        return agreeing(message, event.card, lang).format(hand=hand_name(hand_id, lang),
                                                          card=card_with_article(event.card, lang))
    if isinstance(event, FreeChoice):
        return None
    if isinstance(event, (ThirdCardRule, Chosen)):
        return _says(hand_id, event.draws, lang)
    return narrate(event, lang)


def hand_html(hand_id: str, cards: Sequence[Card], hidden: Collection[str], lang: str, total: int) -> str:
    """A hand; a hidden hand shows its first two cards as backs and no total."""
    shown: list[Card | None] = [None if hand_id in hidden and i < 2 else c for i, c in enumerate(cards)]
    total_text = t(N_("total {total}"), lang).format(total=total) if cards and hand_id not in hidden else ""
    return hand(hand_id, hand_name(hand_id, lang), shown, lang, total_text)


def act_with_sides(sides: Sequence[str], view: Callable[[Mapping[str, object]], coup_player.CoupView]):
    """The coup actions of a game where the reader first picks a side: `side`, then the coup player's."""
    def act(state: dict, action: str, value: str) -> dict:
        return coup_player.act(state, action, value, view, {"side": lambda current, side: pick(side, sides)})
    return act


def register_sided_coup(game: Game, sides: Sequence[str], render_coup,
                        view: Callable[[Mapping[str, object]], coup_player.CoupView]) -> None:
    """Register a game's `coup` widget where the reader plays one of `sides` (block key `side`, the first by default)."""
    def start(spec: Mapping[str, str], state: dict) -> dict:
        state["preset"] = game.presets.get(spec.get("preset")).name
        state["side"] = pick(spec.get("side", sides[0]), sides)
        return coup_player.start(spec, state)
    register("coup", (game.id,), start, render_coup, act_with_sides(sides, view), keys=("side",))


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
OPPONENT_LABELS = {
    PLAYER: (("sources", N_("the banker follows his table")), ("optimal", N_("the banker plays the game's solution"))),
    BANKER: (("sources", N_("the punto takes the croupier's advice")),
             ("optimal", N_("the punto plays the game's solution"))),
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


def _start_coup(spec: Mapping[str, str], state: dict) -> dict:
    rules = CHEMIN_DE_FER.presets.get(spec.get("preset"))
    state.update(preset=rules.name, side=pick(spec.get("side", PLAYER), SIDES),
                 opponent=pick(spec.get("opponent", OPPONENTS[0]), OPPONENTS),
                 stake=read_stake(spec.get("stake", str(DEFAULT_STAKE)), rules))
    return coup_player.start(spec, state)


def _view(state: Mapping[str, object]) -> coup_player.CoupView:
    rules = _rules(state)
    conduct = reader_conduct(rules, str(state["side"]), str(state["opponent"]), int(state["seed"]))
    return coup_player.replay_view(CHEMIN_DE_FER, rules, int(state["seed"]), conduct, state["answers"],
                                   int(state["step"]), str(state["lang"]))


def _type_stake(state: dict, value: str) -> dict:
    """Keep what the reader typed; a valid stake replaces the one in play, a bad one waits, with its message."""
    text = str(value)[:MAX_STAKE_TEXT]
    try:
        state["stake"] = read_stake(text, _rules(state))
        state.pop("stake_text", None)
    except RulesError:
        state["stake_text"] = text
    return state


def _deal_a_decision(state: dict) -> dict:
    """A new coup in which the reader's side has a decision to take."""
    for _ in range(MAX_DEALS):
        state.update(seed=fresh_seed(), step=0, answers=[])
        if _view(dict(state, step=10**6)).full.waiting:  # one replay to the end: does it wait for the reader?
            break
    return state


def _act_coup(state: dict, action: str, value: str) -> dict:
    if action == "stake":
        return _type_stake(state, value)
    if action == "decision":
        return _deal_a_decision(state)
    return coup_player.act(state, action, value, _view, {"side": lambda current, side: pick(side, SIDES),
                                                         "opponent": lambda current, who: pick(who, OPPONENTS)})


def _decision_point(coup, side: str) -> FreeChoice | None:
    """Where the rules left the reader's side free to choose in `coup`, if they did."""
    return next((e for e in coup.events if isinstance(e, FreeChoice) and e.hand == side), None)


def _prompt(point: FreeChoice, lang: str) -> str:
    if point.hand == PLAYER:
        return t(N_("You are the punto and have {total}: card or no?"), lang).format(total=point.total)
    if point.third is None:
        return t(N_("You hold the bank with {total}; the punto stood: card or no?"), lang).format(total=point.total)
    return t(N_("You hold the bank with {total}; the punto's third card is a {third}: card or no?"),
             lang).format(total=point.total, third=point.third)


def _hidden(coup, side: str) -> set[str]:
    """The hands whose first two cards the reader's side cannot see yet."""
    if side == PLAYER and not coup.player_done:
        return {BANKER}
    return {PLAYER} if side == BANKER and not coup.is_terminal() else set()


def _narrate(event: Event, lang: str, hidden: Collection[str]) -> str | None:
    """`hidden_line`, with the opponent's strategy in words: a mixed choice's probability as a percentage in the
    page's language, a choice the strategy always makes as the game's solution."""
    rule = getattr(event, "rule", None)
    p = dict(rule.params).get("p") if rule is not None else None
    if p is not None:
        p = Fraction(p)
        params = tuple((name, percent(p, lang, 2) if name == "p" else v) for name, v in rule.params)
        solution = Rule(N_("the game's solution"))
        event = replace(event, rule=solution if p in (0, 1) else replace(rule, params=params))
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


def advice_html(values: DecisionValues, point: FreeChoice, state: Mapping[str, object], stake: int,
                rules: CheminDeFerRules) -> str:
    """The advice at the reader's decision, the exact value of each choice, and what they are computed for."""
    lang, opponent = str(state["lang"]), str(state["opponent"])
    best = values.best
    difference = percent(abs(values.draw - values.stand), lang, 3)
    advice = t({None: N_("Both choices are worth the same against this opponent."),
                DRAW: N_("Advice: say \"card\"; drawing is worth {difference} more per unit staked than standing."),
                STAND: N_("Advice: say \"no\"; standing is worth {difference} more per unit staked than drawing.")}[best],
               lang).format(difference=difference)
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


def _settlement(coup, side: str, stake: int, lang: str) -> str:
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


def _results(view: coup_player.CoupView, state: Mapping[str, object], stake: int) -> str:
    """Once the coup is over: the stake won or lost, and the reader's decision against its values."""
    lang, side = str(state["lang"]), str(state["side"])
    coup = view.shown.coup
    point = _decision_point(coup, side)
    lines = [_settlement(coup, side, stake, lang)]
    if point is None:
        lines.append(t(N_("No decision was yours in this coup: the rules and your opponent took every step."), lang))
    else:
        values = decision_values(str(state["preset"]), side, str(state["opponent"]), point.total, point.third)
        said = {DRAW: N_("You said \"card\": worth {value} per unit staked; \"no\" was worth {other}."),
                STAND: N_("You said \"no\": worth {value} per unit staked; \"card\" was worth {other}.")}
        chosen = pick(str(state["answers"][0]), (DRAW, STAND))
        other = STAND if chosen == DRAW else DRAW
        lines.append(t(said[chosen], lang).format(value=percent(values.value(chosen), lang, 3),
                                                  other=percent(values.value(other), lang, 3)))
    return "".join(f'<p class="naipes-explanation">{escape(line)}</p>' for line in lines)


def _stake_field(state: Mapping[str, object], rules: CheminDeFerRules, lang: str) -> str:
    low, high = stake_limits(rules)
    label = N_("Your stake ({low} to {high})") if state["side"] == PLAYER else N_("Your bank ({low} to {high})")
    return field("stake", t(label, lang).format(low=low, high=high), state.get("stake_text", state["stake"]))


def _stake_message(state: Mapping[str, object], rules: CheminDeFerRules, lang: str) -> ControlMessage | None:
    """The message of a stake typed but not valid, shown next to the field (the stake in play is the last valid)."""
    if "stake_text" not in state:
        return None
    try:
        read_stake(str(state["stake_text"]), rules)
    except RulesError as error:
        return ControlMessage(error_text(error, lang), "stake")
    return None


def _render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang, side, opponent = str(state["lang"]), str(state["side"]), pick(str(state["opponent"]), OPPONENTS)
    rules = _rules(state)
    stake = read_stake(str(state["stake"]), rules)
    view = _view(state)
    coup = view.shown.coup
    hidden = _hidden(coup, side)
    hands = (hand_html(PLAYER, coup.player, hidden, lang, coup.player_total)
             + hand_html(BANKER, coup.banker, hidden, lang, coup.banker_total))
    prompt = ""
    if view.waiting:
        point = _decision_point(view.full.coup, side)
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


# --- odds ----------------------------------------------------------------------------------------------------

def _start_odds(spec: Mapping[str, str], state: dict) -> dict:
    rules = CHEMIN_DE_FER.presets.get(spec.get("preset"))
    commission = "0.05" if rules.cagnotte == CAGNOTTES["0.05"] else "0"
    state.update(preset=rules.name, decks=options.decks(spec.get("decks", rules.decks)), punto="stand",
                 banker="table", commission=commission)
    return state


@lru_cache(maxsize=32)
def _solution(model: str, decks: int, commission: str, rules: CheminDeFerRules) -> CheminDeFerSolution:
    return solve(model, decks, CAGNOTTES[commission], rules)


@lru_cache(maxsize=64)
def _odds(preset: str, decks: int, commission: str, punto: str, banker: str) -> tuple[Fraction, CheminDeFerAnalysis]:
    base = CHEMIN_DE_FER.presets.get(preset)
    rules = base.with_options(decks=decks, commission=CAGNOTTES[commission])
    solution = _solution("shoe", decks, commission, base) if "optimal" in (punto, banker) else None
    conduct = CheminDeFerConduct(punto=solution.draw_at_5 if punto == "optimal" else
                                 "advice" if punto == "stand" else punto,
                                 banker=dict(solution.equilibrium.banker) if banker == "optimal" else banker)
    tables = model_tables("shoe", decks, base.drawing)
    analysis = analyze_coup(rules, deck_counts(decks), conduct, tables=tables)
    return draw_probability(conduct.punto, rules.drawing), analysis


def _render_odds(state: Mapping[str, object], error: str | None) -> str:
    lang, decks = str(state["lang"]), int(state["decks"])
    commission = pick(str(state["commission"]), CAGNOTTES)
    p, a = _odds(str(state["preset"]), decks, commission, str(state["punto"]), str(state["banker"]))
    settings = (
        decks_select(decks, lang)
        + select("punto", t(N_("The punto with 5"), lang),
                 [("stand", t(N_("stands (the croupier's advice)"), lang)), ("draw", t(N_("draws"), lang)),
                  ("optimal", t(N_("mixes optimally"), lang))], str(state["punto"]))
        + select("banker", t(N_("The banker"), lang),
                 [("table", t(N_("follows the banker's table"), lang)),
                  ("optimal", t(N_("plays his optimal strategy"), lang))], str(state["banker"]))
        + select("commission", t(N_("Cagnotte"), lang),
                 [("0.05", t(N_("5 per cent of the banker's winnings"), lang)), ("0", t(N_("none"), lang))],
                 str(state["commission"])))
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


def set_choice(state: dict, action: str, value: str, choices: Mapping[str, Collection[str]]) -> dict:
    """`state[action] = value` when `action` is one of `choices` and `value` one of its allowed values.

    Raises:
        SpecError: an unknown action or value.
    """
    if action not in choices:
        raise unknown_action(action)
    state[action] = pick(value, choices[action])
    return state


def _act_odds(state: dict, action: str, value: str) -> dict:
    if action == "decks":
        state["decks"] = options.decks(value)
        return state
    return set_choice(state, action, value, {"punto": PUNTO_AT_5, "banker": BANKER_PLAYS, "commission": CAGNOTTES})


# --- decide at five ------------------------------------------------------------------------------------------

def _start_five(spec: Mapping[str, str], state: dict) -> dict:
    rules = CHEMIN_DE_FER.presets.get(spec.get("preset"))
    state.update(preset=rules.name, model=pick(spec.get("model", "totals"), MODELS),
                 decks=options.decks(spec.get("decks", rules.decks)),
                 commission="0.05" if rules.cagnotte == CAGNOTTES["0.05"] else "0", total=6)
    return state


def _five_settings(state: Mapping[str, object], lang: str) -> str:
    model = str(state["model"])
    return (select("model", t(N_("Model"), lang),
                   [("totals", t(N_("totals: cards dealt with replacement (Kemeny and Snell)"), lang)),
                    ("shoe", t(N_("shoe: cards dealt without replacement"), lang))], model)
            + (decks_select(state["decks"], lang) if model == "shoe" else "")
            + select("commission", t(N_("Cagnotte"), lang),
                     [("0.05", t(N_("5 per cent of the banker's winnings"), lang)), ("0", t(N_("none"), lang))],
                     str(state["commission"]))
            + select("total", t(N_("Banker's total"), lang), [(str(n), str(n)) for n in range(8)],
                     str(state["total"])))


def _punto_table(state: Mapping[str, object], solution: CheminDeFerSolution, rules: CheminDeFerRules,
                 lang: str) -> str:
    model, decks = str(state["model"]), int(state["decks"])
    rate = CAGNOTTES[pick(str(state["commission"]), CAGNOTTES)]
    p = solution.draw_at_5
    punto_rows = (("draw", N_("Always draws on 5"), best_reply_value(model, decks, rate, Fraction(1), rules.drawing)),
                  ("stand", N_("Always stands on 5"), best_reply_value(model, decks, rate, Fraction(0), rules.drawing)),
                  ("optimal", N_("Draws on 5 with probability {p} (optimal mix)"), solution.value))
    rows = [f'<tr data-naipes-punto="{key}"><th scope="row">{escape(t(label, lang).format(p=percent(p, lang, 2)))}'
            f'</th><td{exact(v)}>{escape(percent(v, lang, 4))}</td></tr>' for key, label, v in punto_rows]
    caption = t(N_("The punto with 5: his expectation per unit staked when the banker answers his strategy "
                   "with his best reply."), lang)
    return table(caption, [t(N_("The punto"), lang), t(N_("Punto's expectation per unit staked"), lang)], rows)


def _banker_table(state: Mapping[str, object], solution: CheminDeFerSolution, rules: CheminDeFerRules,
                  lang: str) -> str:
    model, decks = str(state["model"]), int(state["decks"])
    rate = CAGNOTTES[pick(str(state["commission"]), CAGNOTTES)]
    total, drawing = int(state["total"]), rules.drawing
    rows = []
    for third in (None, *range(10)):
        cell = (total, third)
        draw_v, stand_v, reach = cell_values(model, decks, rate, solution.draw_at_5, cell, drawing)
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


def _render_five(state: Mapping[str, object], error: str | None) -> str:
    lang, model, decks = str(state["lang"]), str(state["model"]), int(state["decks"])
    rules = _rules(state)
    solution = _solution(model, decks, str(state["commission"]), rules)
    p = solution.draw_at_5
    model_note = (t(N_("Totals model: each card is worth 0 with probability 4/13 and 1 to 9 with 1/13 each, "
                       "whatever was dealt before."), lang) if model == "totals" else
                  translate_plural("Shoe model: the cards are dealt from a full shoe of {decks} deck.",
                                   "Shoe model: the cards are dealt from a full shoe of {decks} decks.", decks,
                                   lang).format(decks=decks))
    model_note += " " + t(N_("The banker sees only his own total, not the cards that make it (Model {name} of "
                             "Ethier and Gámez)."), lang).format(name="A1" if model == "totals" else "B1")
    mix = t(N_("Optimal mix: draw on 5 with probability {p} ({exact})."), lang).format(p=percent(p, lang, 4),
                                                                                       exact=str(p))
    body = (controls(_five_settings(state, lang)) + note(model_note) + _punto_table(state, solution, rules, lang)
            + f'<p class="naipes-explanation" data-naipes-mix="{escape(str(p))}">{escape(mix)}</p>'
            + _banker_table(state, solution, rules, lang))
    return root(state, body, error)


def _act_five(state: dict, action: str, value: str) -> dict:
    if action == "model":
        state["model"] = pick(value, MODELS)
    elif action == "decks":
        state["decks"] = options.decks(value)
    elif action == "commission":
        state["commission"] = pick(value, CAGNOTTES)
    elif action == "total":
        if value not in [str(n) for n in range(8)]:
            raise SpecError("The banker's total must be a whole number from 0 to 7, not {value!r}.", value=value)
        state["total"] = int(value)
    else:
        raise unknown_action(action)
    return state


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


def _start_models(spec: Mapping[str, str], state: dict) -> dict:
    return state


def _render_models(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
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


def _act_models(state: dict, action: str, value: str) -> dict:
    raise unknown_action(action)


register("coup", (GAME,), _start_coup, _render_coup, _act_coup, keys=("side", "opponent", "stake"))
register("models", (GAME,), _start_models, _render_models, _act_models)
register("odds", (GAME,), _start_odds, _render_odds, _act_odds)
register("decide-five", (GAME,), _start_five, _render_five, _act_five, keys=("model",))
