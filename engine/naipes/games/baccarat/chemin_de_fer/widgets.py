"""The widgets of chemin de fer: a coup where the reader plays a side, the odds, and the choice on five solved.

* `coup`: a coup dealt step by step from a seeded shoe; the reader plays the
  punto or the banker (block key `side`), decides with "carta" or "no" when the
  decision is theirs, and does not see the other side's cards until the rules
  show them; the other side's decisions follow the sources' conduct.
* `odds`: exact probabilities and each side's expectation from the engine's
  analysis, for the punto's and the banker's chosen conduct.
* `decide-five`: the choice on five solved exactly (block key `model`), with
  the banker's values in each of his situations.

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

from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Callable, Collection, Mapping, Sequence

from ....core import options
from ....core.cards import Card
from ....core.errors import SpecError
from ....core.formatting import percent
from ....core.i18n import N_
from ....core.model import Event, Game, ReaderDecides
from ....core.narration import card_with_article, narrate
from ....web import coup_player
from ....web.html import amount, controls, exact, hand, money, note, root, select, t, table
from ....web.registry import pick, register, unknown_action
from .. import widgets as _family_widgets  # noqa: F401  (registers the family comparison)
from ..choices import MODELS, Chosen, FreeChoice, draw_probability
from ..kernel import BANKER, PLAYER, TIE, CardDealt, ThirdCardRule, deck_counts
from ..narration import hand_name
from . import CHEMIN_DE_FER
from .analysis import CheminDeFerAnalysis, analyze_coup
from .coup import CheminDeFerConduct, default_conduct
from .rules import CheminDeFerRules
from .solution import CheminDeFerSolution, best_reply_value, cell_values, model_tables, solve

GAME = CHEMIN_DE_FER.id
#: The reader's stake against the bank in the coup player (units; what the settlement shows).
STAKE = 10
SIDES = (PLAYER, BANKER)
CAGNOTTES = {"0.05": Fraction(1, 20), "0": Fraction(0)}
PUNTO_AT_5 = ("stand", "draw", "optimal")
BANKER_PLAYS = ("table", "optimal")


def _rules(state: Mapping[str, object]) -> CheminDeFerRules:
    return CHEMIN_DE_FER.presets.get(str(state["preset"]))


def decks_select(current: object, lang: str) -> str:
    """The number of decks, 1 to 8."""
    return select("decks", t(N_("Decks"), lang), [(str(d), str(d)) for d in range(1, 9)], str(current))


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
        return t(message, lang).format(hand=hand_name(hand_id, lang), card=card_with_article(event.card, lang))
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


# --- a coup ------------------------------------------------------------------------------------------------

def _view(state: Mapping[str, object]) -> coup_player.CoupView:
    rules = _rules(state)
    conduct = ReaderDecides((str(state["side"]),), default_conduct(rules))
    return coup_player.replay_view(CHEMIN_DE_FER, rules, int(state["seed"]), conduct, state["answers"],
                                   int(state["step"]), str(state["lang"]))


def _prompt(coup, side: str, lang: str) -> str:
    if side == PLAYER:
        return t(N_("You are the punto and have 5: card or no?"), lang)
    total, third = coup.cell
    if third is None:
        return t(N_("You hold the bank with {total}; the punto stood: card or no?"), lang).format(total=total)
    return t(N_("You hold the bank with {total}; the punto's third card is a {third}: card or no?"),
             lang).format(total=total, third=third)


def _hidden(coup, side: str) -> set[str]:
    """The hands whose first two cards the reader's side cannot see yet."""
    if side == PLAYER and not coup.player_done:
        return {BANKER}
    return {PLAYER} if side == BANKER and not coup.is_terminal() else set()


def _render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang, side = str(state["lang"]), str(state["side"])
    view = _view(state)
    coup = view.shown.coup
    hidden = _hidden(coup, side)
    hands = (hand_html(PLAYER, coup.player, hidden, lang, coup.player_total)
             + hand_html(BANKER, coup.banker, hidden, lang, coup.banker_total))
    prompt = coup_player.decision(_prompt(view.full.coup, side, lang), card_or_no(lang)) if view.waiting else ""
    results = ""
    if coup.is_terminal():
        settled = coup.settle({"punto": STAKE})
        results = '<p class="naipes-explanation">' + escape(t(N_(
            "A stake of {stake} against the bank: the punto {punto}, the banker {banker}, the cagnotte {cagnotte}."),
            lang).format(stake=STAKE, punto=amount(settled.players["punto"], lang),
                         banker=amount(settled.banker_net, lang), cagnotte=money(settled.cagnotte, lang))) + "</p>"
    settings = side_select(side, ((PLAYER, N_("the punto")), (BANKER, N_("the banker"))), lang)
    lines = view.lines(lambda event, language: hidden_line(event, language, hidden), lang)
    return coup_player.page(state, error, view, settings=settings, hands=hands, lines=lines, prompt=prompt,
                            results=results)


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
    p, a = _odds(str(state["preset"]), decks, str(state["commission"]), str(state["punto"]), str(state["banker"]))
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
    caption = t(N_("Exact odds of one coup dealt from a full shoe of {decks} decks; the punto draws on 5 with "
                   "probability {p}."), lang).format(decks=decks, p=percent(p, lang, 2))
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
    model, decks, rate = str(state["model"]), int(state["decks"]), CAGNOTTES[str(state["commission"])]
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
    model, decks, rate = str(state["model"]), int(state["decks"]), CAGNOTTES[str(state["commission"])]
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
                  t(N_("Shoe model: the cards are dealt from a full shoe of {decks} decks."), lang).format(decks=decks))
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


register_sided_coup(CHEMIN_DE_FER, SIDES, _render_coup, _view)
register("odds", (GAME,), _start_odds, _render_odds, _act_odds)
register("decide-five", (GAME,), _start_five, _render_five, _act_five, keys=("model",))
