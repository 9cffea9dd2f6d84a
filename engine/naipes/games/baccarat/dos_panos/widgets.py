"""The widgets of the bacarrá a dos paños: a coup where the reader plays the paños or the bank, and the odds.

* `coup`: a coup dealt step by step from a seeded shoe; the reader plays both
  paños or the banker (block key `side`), decides with "carta" or "no", and
  does not see the other side's cards until the rules show them; the
  settlement shows the stakes on each paño and on the line between them.
* `odds`: each paño's exact results in the totals model, for the paños' and
  the banker's chosen conduct.

Examples:
    >>> from naipes.web.registry import render
    >>> 'data-naipes-pano="pano2"' in render({"widget": "odds", "game": "dos-panos"}, "en")
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, cast

from ....core.precomputed import fractions, generator, load
from ....core.formatting import percent
from ....core.i18n import N_
from ....core.model import ReaderDecides
from ....web import coup_player
from ....web.escaping import escape
from ....web.html import amount, controls, exact, note, root, select, t, table
from ....web.registry import choose, register
from ....web.state import State, choice, slot
from ..widgets import (BANKER_PLAYS, FIVE_CONDUCTS, card_or_no, hand_html, hidden_line, register_sided_coup,
                       side_select)
from ..kernel import BANKER, PLAYER, TIE, deck_counts
from ..narration import hand_name
from . import DOS_PANOS
from .analysis import analyze_coup
from .coup import HANDS, NATURAL, PANOS, DosPanosConduct, DosPanosCoup, default_conduct, split_line_bet
from .rules import DosPanosRules
from .solution import DosPanosSolution, model_tables, solve

GAME = DOS_PANOS.id
#: The reader's stakes in the coup player: the first paño, the second, and the line between them.
STAKES = (10, 10, 5)
SIDE_PANOS = "panos"
SIDES = (SIDE_PANOS, BANKER)
PANOS_AT_5 = FIVE_CONDUCTS


# --- a coup ------------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class CoupState(coup_player.CoupState):
    """The coup widget's state: the preset, the side the reader plays, and the coup (seed, steps, answers)."""

    preset: str = slot(choice(*DOS_PANOS.presets))
    side: str = slot(choice(*SIDES))


def _view(state: CoupState) -> coup_player.CoupView:
    rules = DOS_PANOS.presets.get(state.preset)
    roles = PANOS if state.side == SIDE_PANOS else (BANKER,)
    return coup_player.replay_view(DOS_PANOS, rules, state.seed, ReaderDecides(roles, default_conduct(rules)),
                                   state.answers, state.step, state.lang)


def _settlement(coup: DosPanosCoup, lang: str) -> str:
    first, second, line = STAKES
    a, b = split_line_bet(line)
    settled = coup.settle(pano1=first, pano2=second, line=line)
    stakes = t(N_("Stakes: {first} on the first paño, {second} on the second, and {line} on the line between "
                  "them, which plays {a} on the first paño and {b} on the second."), lang).format(
        first=first, second=second, line=line, a=a, b=b)
    rows = "".join(
        f'<tr><th scope="row">{escape(label)}</th><td>{escape(amount(settled[key], lang))}</td></tr>'
        for key, label in (("pano1", hand_name("pano1", lang)), ("pano2", hand_name("pano2", lang)),
                           ("banker", hand_name(BANKER, lang)), ("cagnotte", t(N_("Cagnotte"), lang))))
    caption = t(N_("Settlement"), lang)
    return (f'<p class="naipes-explanation">{escape(stakes)}</p><table class="naipes-table">'
            f'<caption>{escape(caption)}</caption><tbody>{rows}</tbody></table>')


def _hidden(coup: DosPanosCoup, side: str) -> set[str]:
    """The hands whose first two cards the reader's side cannot see yet (a paño's natural is shown at once)."""
    if coup.is_terminal():
        return set()
    if side == SIDE_PANOS:
        return set() if coup.done["pano1"] and coup.done["pano2"] else {BANKER}
    return {pano for i, pano in enumerate(PANOS, 1) if coup.state(i) != NATURAL}


def _render_coup(state: CoupState, error: str | None) -> str:
    lang, side = state.lang, state.side
    view = _view(state)
    coup = cast(DosPanosCoup, view.shown.coup)
    hidden = _hidden(coup, side)
    hands = "".join(hand_html(h, coup.hands[h], hidden, lang, coup.total(h)) for h in HANDS)
    prompt = ""
    if view.waiting:
        who = view.waiting
        if who == BANKER:
            text = t(N_("You hold the bank with {total}: card or no?"), lang).format(total=coup.total(BANKER))
        else:
            text = t(N_("{hand} has 5 and you play it: card or no?"), lang).format(hand=hand_name(who, lang))
        prompt = coup_player.decision(text, card_or_no(lang))
    settings = side_select(side, ((SIDE_PANOS, N_("the paños")), (BANKER, N_("the banker"))), lang)
    lines = view.lines(lambda event, language: hidden_line(event, language, hidden), lang)
    return coup_player.page(state, error, view, settings=settings, hands=hands, lines=lines, prompt=prompt,
                            results=_settlement(coup, lang) if coup.is_terminal() else "")


# --- odds (the totals model: the enumeration of a shoe is too slow for a page) --------------------------------

@lru_cache(maxsize=4)
def _solution(rules: DosPanosRules) -> DosPanosSolution:
    return solve("totals", rules.decks, rules)


def conduct_for(rules: DosPanosRules, panos: str, banker: str) -> DosPanosConduct:
    """The conduct the odds widget analyses: the paños stand (the croupier's advice), draw, or mix optimally;
    the banker follows his table or plays his best reply to the paños' optimal mix (the table where indifferent)."""
    solution = _solution(rules) if "optimal" in (panos, banker) else None
    return DosPanosConduct(panos=solution.q if solution and panos == "optimal" else
                           "advice" if panos == "stand" else panos,
                           banker=dict(solution.banker) if solution and banker == "optimal" else banker)


@dataclass(frozen=True, kw_only=True)
class OddsState(State):
    """The odds widget's choices: the preset, how the paños play a five and how the banker plays."""

    preset: str = slot(choice(*DOS_PANOS.presets))
    panos: str = slot(choice(*PANOS_AT_5))
    banker: str = slot(choice(*BANKER_PLAYS))


def _start_odds(spec: Mapping[str, str], base: dict) -> OddsState:
    return OddsState.from_json(dict(base, preset=DOS_PANOS.presets.get(spec.get("preset")).name, panos="stand",
                                    banker="table"))

def odds(rules: DosPanosRules, panos: str, banker: str) -> dict[str, dict[str, Fraction]]:
    """Each paño's exact result probabilities under the conduct the odds widget offers (totals model)."""
    conduct = conduct_for(rules, panos, banker)
    return analyze_coup(rules, deck_counts(1), conduct, tables=model_tables("totals", 1, rules))


@generator("dos-panos-odds")
def every_odds() -> dict:
    """The odds widget's results for every preset and choice (seconds to compute: shipped precomputed)."""
    return {name: {panos: {banker: {pano: {k: str(v) for k, v in result.items()}
                                    for pano, result in odds(rules, panos, banker).items()}
                           for banker in BANKER_PLAYS}
                   for panos in PANOS_AT_5}
            for name, rules in DOS_PANOS.presets.items()}


def _odds(state: OddsState) -> dict[str, dict[str, Fraction]]:
    shipped = load("dos-panos-odds").get(state.preset, {}).get(state.panos, {}).get(state.banker)
    if shipped is None:
        return odds(DOS_PANOS.presets.get(state.preset), state.panos, state.banker)
    return {pano: fractions(result) for pano, result in shipped.items()}

def _render_odds(state: OddsState, error: str | None) -> str:
    lang = state.lang
    result = _odds(state)
    settings = (
        select("panos", t(N_("The paños with 5"), lang),
               [("stand", t(N_("stand (the croupier's advice)"), lang)), ("draw", t(N_("draw"), lang)),
                ("optimal", t(N_("mix optimally"), lang))], state.panos)
        + select("banker", t(N_("The banker"), lang),
                 [("table", t(N_("follows the banker's table"), lang)),
                  ("optimal", t(N_("plays his optimal strategy"), lang))], state.banker))
    rows = []
    for pano in PANOS:
        r = result[pano]
        values = (r[PLAYER], r[BANKER], r[TIE], r[PLAYER] - r[BANKER])
        cells = "".join(f"<td{exact(x)}>{escape(percent(x, lang, 4))}</td>" for x in values)
        rows.append(f'<tr data-naipes-pano="{pano}"><th scope="row">{escape(hand_name(pano, lang))}</th>{cells}</tr>')
    headers = [t(h, lang) for h in (N_("Paño"), N_("The paño wins"), N_("The banker wins"), N_("Tie: a void coup"),
                                    N_("Paño's expectation per unit"))]
    caption = t(N_("Exact odds of one coup in the totals model (cards dealt with replacement, so the number of "
                   "decks does not matter)."), lang)
    explanation = t(N_("Where the table says different things for the two paños, the banker who follows it draws "
                       "on 5 or less; where his optimal strategy is indifferent, he follows the table. The cagnotte "
                       "is not deducted here."), lang)
    return root(state, controls(settings) + table(caption, headers, rows) + note(explanation), error)


def _act_odds(state: OddsState, action: str, value: str) -> OddsState:
    return choose(state, action, value, {"panos": PANOS_AT_5, "banker": BANKER_PLAYS})


register_sided_coup(DOS_PANOS, SIDES, CoupState, _render_coup, _view)
register("odds", (GAME,), _start_odds, _render_odds, _act_odds, state=OddsState)
