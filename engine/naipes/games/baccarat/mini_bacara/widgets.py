"""The widgets of Mini-Bacará: a coup with up to five boxes, and the exact odds of one box.

`coup` deals a round step by step from a seeded shoe (block key `boxes`: how
many boxes are in play) and stops whenever a decision is the reader's: a box
with five (draw or stand) and the insurance when the banker's hole card is a
nine (insure or decline). `odds` shows the exact analysis of one box for a
number of decks, the box's choice on five, the Banca commission and the
reading of when the insurance wins.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "odds", "game": "mini-bacara"}, "es")
    >>> 'data-naipes-bet="insurance"' in html and "un empate devuelve las apuestas" in html
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, cast

from ....core import options
from ....core.i18n import N_, translate_plural
from ....core.model import Event, Report, ReaderDecides
from ....core.narration import narrate
from ....core.precomputed import fractions, generator, load
from ....web import coup_player
from ....web.escaping import escape
from ....web.cards import hand
from ....web.html import amount, controls, decks_select, note, option_select, read_option, root, select, t, table
from ....web.registry import choose, register
from ....web.state import State, choice, option_text, slot, whole
from ....web.tables import report_table
from ....web.state import option_value
from ..kernel import BANKER, deck_counts
from . import MINI_BACARA
from .analysis import box_report, distribution, tally, tally_report
from .coup import (DECLINE, DRAW, INSURANCE, INSURE, STAND, InsuranceAnswered, MiniBacaraConduct, MiniBacaraCoup,
                   boxes_in_play)
from .narration import OUTCOMES
from .rules import MiniBacaraRules

GAMES = (MINI_BACARA.id,)
#: The reader's stakes on each box in the coup player (what the settlement shows).
STAKE = 10
INSURANCE_STAKE = 5
DEFAULT_BOXES = 3
COMMISSIONS = {"10%": Fraction(1, 10), "5%": Fraction(1, 20)}
TIE_RETURNS = N_("a tie returns the bets")
#: The rules options the odds widget offers besides the decks and the commission (their declarations).
BOX_AT_FIVE = options.declared(MiniBacaraRules.OPTIONS, "box_at_five")
INSURANCE_WINS_ON = options.declared(MiniBacaraRules.OPTIONS, "insurance_wins_on")
#: The preset of every state of these widgets: one of the game's.
_preset = slot(choice(*MINI_BACARA.presets))


def _rules(state: CoupState | OddsState) -> MiniBacaraRules:
    return MINI_BACARA.presets.get(state.preset)


# --- a coup -----------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class CoupState(coup_player.CoupState):
    """The coup widget's state: the preset, the boxes in play, and the coup (seed, steps, answers)."""

    preset: str = _preset
    boxes: int = slot(whole(1, max(rules.boxes for rules in MINI_BACARA.presets.values())))


def _start_coup(spec: Mapping[str, str], base: dict[str, Any]) -> CoupState:
    rules = MINI_BACARA.presets.get(spec.get("preset"))
    return coup_player.start(CoupState, spec, base, preset=rules.name,
                             boxes=boxes_in_play(rules, spec.get("boxes", DEFAULT_BOXES)))


def coup_view(state: CoupState) -> coup_player.CoupView:
    """The coup of a widget state, replayed from its seed and the reader's answers (every decision is theirs)."""
    rules = _rules(state)
    boxes = boxes_in_play(rules, state.boxes)
    roles = tuple(f"box{i}" for i in range(1, boxes + 1)) + (INSURANCE,)
    conduct = ReaderDecides(roles, MINI_BACARA.conduct(rules))
    return coup_player.replay_view(MINI_BACARA, rules, state.seed, conduct, state.answers, state.step, state.lang,
                                   new_coup=lambda r: MiniBacaraCoup(r, boxes=boxes))


def _line(event: Event, lang: str) -> str:
    """The narration, with the reader's own answer to the insurance in the second person."""
    if isinstance(event, InsuranceAnswered) and event.rule is None:
        if event.insured:
            return t(N_("You take the insurance: {stake} on each box, half the Punto bet of {bet}."), lang).format(
                stake=INSURANCE_STAKE, bet=STAKE)
        return t(N_("You decline the insurance."), lang)
    return narrate(event, lang)


def _hands(coup: MiniBacaraCoup, lang: str) -> str:
    boxes = "".join(
        hand(f"box{i + 1}", t(N_("Box {box}"), lang).format(box=i + 1), cards, lang,
             t(N_("total {total}"), lang).format(total=coup.box_total(i + 1)) if cards else "",
             t(OUTCOMES[coup.settled[i][0]], lang) if i in coup.settled else "")
        for i, cards in enumerate(coup.boxes))
    shown = list(coup.banker) if coup.hole_turned else [None for _ in coup.banker[:1]] + coup.banker[1:]
    total = t(N_("total {total}"), lang).format(total=coup.banker_total) if coup.hole_turned else ""
    return boxes + hand(BANKER, t(N_("Banker"), lang), shown, lang, total)


def _prompt(waiting: str | None, lang: str) -> str:
    if waiting == INSURANCE:
        prompt = t(N_("The banker's hole card is a nine: take the insurance, {stake} on each box?"), lang).format(
            stake=INSURANCE_STAKE)
        return coup_player.decision(prompt, [(INSURE, t(N_("Take the insurance"), lang)),
                                             (DECLINE, t(N_("No insurance"), lang))])
    if waiting:
        prompt = t(N_("Box {box} has 5: draw or stand?"), lang).format(box=waiting[3:])
        return coup_player.decision(prompt, [(DRAW, t(N_("Draw"), lang)), (STAND, t(N_("Stand"), lang))])
    return ""


def _settlement(coup: MiniBacaraCoup, lang: str) -> str:
    """Each box's result and the reader's stakes settled (the insurance when it was taken)."""
    headers = [N_("Box"), N_("Result"), N_("Punto bet of {bet}"), N_("Banca bet of {bet}")]
    if coup.insured:
        headers.append(N_("Insurance of {stake}"))
    rows = []
    for box, winner in enumerate(coup.results(), 1):
        punto = coup.settle(box, player=STAKE, insurance=INSURANCE_STAKE if coup.insured else 0)
        cells = [t(OUTCOMES[winner], lang), amount(punto["player"], lang),
                 amount(coup.settle(box, banker=STAKE)["banker"], lang)]
        if coup.insured:
            cells.append(amount(punto[INSURANCE], lang))
        rows.append(f'<tr><th scope="row">{box}</th>' + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    return table(t(N_("Settlement of each box"), lang),
                 [t(h, lang).format(bet=STAKE, stake=INSURANCE_STAKE) for h in headers], rows)


def _render_coup(state: CoupState, error: str | None) -> str:
    lang = state.lang
    view = coup_view(state)
    coup = cast(MiniBacaraCoup, view.shown.coup)
    settings = select("boxes", t(N_("Boxes in play"), lang),
                      [(str(n), str(n)) for n in range(1, _rules(state).boxes + 1)], str(state.boxes))
    return coup_player.page(state, error, view, settings=settings, hands=_hands(coup, lang),
                            lines=view.lines(_line, lang), prompt=_prompt(view.waiting, lang),
                            results=_settlement(coup, lang) if view.over else "")


def _act_coup(state: CoupState, action: str, value: str) -> CoupState:
    return coup_player.act(state, action, value, coup_view,
                           {"boxes": lambda current, boxes: boxes_in_play(_rules(current), boxes)})


# --- odds --------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class OddsState(State):
    """The odds widget's choices: the preset, the decks, a box's choice on five, the commission and the reading
    of when the insurance wins."""

    preset: str = _preset
    decks: int = slot(option_value(options.DECKS))
    five: str = slot(option_text(BOX_AT_FIVE))
    commission: str = slot(option_text(options.declared(MiniBacaraRules.OPTIONS, "commission"), tuple(COMMISSIONS)))
    insurance: str = slot(option_text(INSURANCE_WINS_ON))


def _start_odds(spec: Mapping[str, str], base: dict[str, Any]) -> OddsState:
    rules = MINI_BACARA.presets.get(spec.get("preset"))
    return OddsState.from_json(dict(
        base, preset=rules.name, decks=options.decks(spec.get("decks", rules.decks)), five=rules.box_at_five,
        insurance=rules.insurance_wins_on,
        commission=next((k for k, v in COMMISSIONS.items() if v == rules.commission), "10%")))


@lru_cache(maxsize=64)
def odds_report(rules: MiniBacaraRules, five: str) -> Report:
    """The exact analysis of one box under `rules` when a box with 5 does `five` (cached for the widget)."""
    return box_report(rules, deck_counts(rules.decks), MiniBacaraConduct(box_at_five=five))


def _odds(state: OddsState, rules: MiniBacaraRules) -> Report:
    """The odds widget's report: its preset's shipped tally for the chosen decks, choice on five and insurance
    reading, settled under `rules` (the commission); computed when nothing was shipped for them."""
    shipped = load("mini-bacara-odds").get(state.preset, {}).get(str(state.decks), {}).get(
        state.five, {}).get(state.insurance)
    if shipped is None:
        return odds_report(rules, state.five)
    return tally_report(rules, fractions(shipped))


@generator("mini-bacara-odds")
def every_odds() -> dict:
    """The odds widget's tallies for every preset, number of decks, choice on five and insurance reading
    (a shoe's enumeration takes longer than a click may: shipped precomputed)."""
    data: dict = {}
    for name, rules in MINI_BACARA.presets.items():
        for decks in options.DECK_COUNTS:
            for five in (DRAW, STAND):
                for reading in INSURANCE_WINS_ON.values:
                    outcomes = distribution(replace(rules.with_options(decks=decks), insurance_wins_on=reading),
                                            deck_counts(decks), MiniBacaraConduct(box_at_five=five))
                    data.setdefault(name, {}).setdefault(str(decks), {}).setdefault(five, {})[reading] = {
                        key: str(value) for key, value in tally(outcomes).items()}
    return data


def _render_odds(state: OddsState, error: str | None) -> str:
    lang = state.lang
    rules = _rules(state).with_options(decks=state.decks, commission=COMMISSIONS[state.commission],
                                       insurance_wins_on=state.insurance, box_at_five=state.five)
    report = _odds(state, rules)
    settings = (
        decks_select(state.decks, lang)
        + option_select(BOX_AT_FIVE, state.five, lang)
        + select("commission", t(N_("Banker commission"), lang),
                 [("10%", t(N_("deduction of 10 %"), lang)), ("5%", t(N_("deduction of 5 %"), lang))],
                 state.commission)
        + option_select(INSURANCE_WINS_ON, state.insurance, lang))
    caption = translate_plural(
        "Exact odds of one box against the Banca, dealt from a full shoe of {decks} deck; under rule e) each box "
        "meets the Banca as in a Punto y Banca coup.",
        "Exact odds of one box against the Banca, dealt from a full shoe of {decks} decks; under rule e) each box "
        "meets the Banca as in a Punto y Banca coup.", rules.decks, lang).format(decks=rules.decks)
    explained = t(N_("The insurance is offered only when the banker's hole card is a nine; its probability is "
                     "counted from that moment."), lang)
    body = controls(settings) + report_table(report, caption, lang, no_edge=TIE_RETURNS) + note(explained)
    return root(state, body, error)


def _act_odds(state: OddsState, action: str, value: str) -> OddsState:
    if action == "decks":
        return state.evolve(decks=options.decks(value))
    if action == BOX_AT_FIVE.flag[2:]:
        return state.evolve(five=str(read_option(BOX_AT_FIVE, value)))
    if action == INSURANCE_WINS_ON.flag[2:]:
        return state.evolve(insurance=str(read_option(INSURANCE_WINS_ON, value)))
    return choose(state, action, value, {"commission": COMMISSIONS})


register("coup", GAMES, _start_coup, _render_coup, _act_coup, keys=("boxes",), state=CoupState)
register("odds", GAMES, _start_odds, _render_odds, _act_odds, state=OddsState)
