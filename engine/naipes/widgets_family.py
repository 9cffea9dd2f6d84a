"""Widgets of the baccarat family: Mini/Midi Punto y Banca, Mini-Bacará, chemin de fer, dos paños.

Plugs into :mod:`naipes.widgets` with :func:`~naipes.widgets.register`, so pages write them like the
Punto y Banca widgets (```` ```naipes ```` blocks) and the browser re-renders them with
:func:`naipes.widgets.handle`:

* ``coup`` for every game: a coup dealt step by step from a seeded shoe, narrated in the page's
  language, that stops with buttons whenever the decision is the reader's (the punto or the banker
  with a free choice in chemin de fer and dos paños, a Mini-Bacará box with five, the insurance).
  The answers are part of the state, so a seed and the answers replay the same coup.
* ``odds`` for every game: exact probabilities and expectations from the engine's analysis.
* ``decide-five`` for chemin de fer: the choice on five solved exactly (:func:`naipes.chemin_de_fer.solve`).
* ``comparison`` (static): every preset of every baccarat-family game side by side.

>>> from naipes.widgets import handle, render
>>> html = render({"widget": "coup", "game": "chemin-de-fer", "seed": "3"}, "en")
>>> 'data-naipes-seed="3"' in html
True
>>> state = html.split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"')
>>> 'role="alert"' in handle(state, "choose", "draw")  # no decision is pending yet: an inline error
True
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Callable, Mapping

from . import chemin_de_fer as cdf
from . import dos_panos as dp
from . import mini_bacara as mb
from . import mini_punto_banca as mpb
from . import punto_banca as pb
from .cards import Card
from .errors import RulesError
from .family_narration import HANDS, narrate as family_narrate
from .formatting import decimal, percent
from .i18n import N_
from .narration import burn_text, card_with_article, narrate as pb_narrate, stop_card_text
from .punto_banca import BANKER, PLAYER, TIE, Event
from .shoe import BURN_BY_TURNED_CARD, BURN_FIXED, BURN_NONE, Shoe
from .solver import DRAW, STAND
from .sources import CATALAN_DECREE
from .widgets import (BET_NAMES, COMMISSIONS, TIE_PAYOUTS, _act_odds, _analysis, _card_html, _decks, _replay, _root, _seed,
                      _select, _t, register)

MINI_MIDI = ("mini-punto-banca", "midi-punto-banca")
#: The reader's stakes in the coup players (units; what the settlement lines show).
STAKE = 10
INSURANCE_STAKE = 5
DOS_PANOS_STAKES = (10, 10, 5)  # first paño, second paño, on the line between them
CHOICES = {"draw": True, "stand": False}
INSURANCE_CHOICES = {"insure": True, "decline": False}
CAGNOTTES = {"0.05": Fraction(1, 20), "0": Fraction(0)}
MB_COMMISSIONS = {"10%": Fraction(1, 10), "5%": Fraction(1, 20)}


# --- small helpers ---------------------------------------------------------------------------------------

def _amount(value: Fraction, lang: str) -> str:
    """A net result with its sign: ``+10``, ``-10``, ``+9,50``."""
    value = Fraction(value)
    text = _money(abs(value), lang)
    return ("+" if value > 0 else "-" if value < 0 else "") + text


def _money(value: Fraction, lang: str) -> str:
    """An amount without sign: ``10``, ``0,50``."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else decimal(value, lang, 2)


def _plain(value: Fraction | int, lang: str) -> str:
    """A number without needless decimals: ``8``, ``0,95``, ``0,9``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = decimal(value, lang, 4).rstrip("0")
    return text.rstrip(",.")


def _exact(value: Fraction) -> str:
    return f' data-naipes-exact="{escape(str(Fraction(value)))}"'


def _state_attr(state: Mapping[str, object]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def _button(label: str, action: str, value: str | None = None, primary: bool = False, disabled: bool = False) -> str:
    value_attr = f' data-naipes-value="{escape(value)}"' if value is not None else ""
    style = " md-button--primary" if primary else ""
    return (f'<button type="button" class="md-button{style}" data-naipes-action="{action}"{value_attr}'
            f'{" disabled" if disabled else ""}>{escape(label)}</button>')


def _hand_html(name: str, label: str, cards: list[Card], lang: str, hidden: int = 0, note: str = "") -> str:
    """One hand; its first ``hidden`` cards are shown face down and its total is not shown."""
    shown = []
    for i, card in enumerate(cards):
        if i < hidden:
            shown.append(f'<span class="naipes-card naipes-card-back" role="img" '
                         f'aria-label="{escape(_t(N_("face-down card"), lang))}">🂠</span>')
        else:
            shown.append(_card_html(card, lang))
    cards_html = "".join(shown) or '<span class="naipes-empty">—</span>'
    total = sum(c.baccarat_value for c in cards) % 10
    total_text = _t(N_("total {total}"), lang).format(total=total) if cards and not hidden else ""
    note_html = f'<p class="naipes-note">{escape(note)}</p>' if note else ""
    return (f'<div class="naipes-hand" data-naipes-hand="{escape(name)}"><p class="naipes-hand-title">'
            f'<strong>{escape(label)}</strong></p><div class="naipes-cards">{cards_html}</div>'
            f'<p class="naipes-total">{escape(total_text)}</p>{note_html}</div>')


def _preset_select(names, current: str, lang: str) -> str:
    return _select("preset", _t(N_("Preset"), lang), [(n, n) for n in names], current)


def _odds_table(caption: str, headers: tuple[str, ...], rows: list[str], lang: str) -> str:
    head = "".join(f'<th scope="col">{escape(_t(h, lang))}</th>' for h in headers)
    return (f'<div class="naipes-scroll"><table class="naipes-table"><caption>{escape(caption)}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def _unknown_action(action: str) -> RulesError:
    return RulesError("Unknown action {action!r}.", action=action)


def _pick(value: str, allowed) -> str:
    """``value`` if it is one of ``allowed``; the error names it and the allowed values."""
    if value not in allowed:
        raise RulesError("Unknown choice {value!r}: use {choices}.", value=value, choices=", ".join(allowed))
    return value


# --- the coup players: a seeded shoe, the reader's answers, and a walk through the coup -----------------

@dataclass
class Walk:
    """A coup replayed from its seed and the reader's answers, up to a number of steps.

    ``items`` are the steps shown one by one: ``(kind, events)`` with kind ``card`` (a card dealt),
    ``answer`` (the reader's choice) or ``auto`` (a choice the rules or the sources' default conduct
    make for the other side). ``waiting`` names the reader's open decision, if the walk stopped there.
    """

    burn: str
    coup: object
    items: list[tuple[str, list[Event]]] = field(default_factory=list)
    waiting: str | None = None
    shoe: Shoe | None = None
    insured: bool | None = None


def _shoe(rules, seed: int) -> Shoe:
    return Shoe.shuffled(rules.decks, seed, stop_card=rules.stop_card)


def _coup_buttons(step: int, walk: Walk, lang: str) -> str:
    at_end = step >= len(walk.items)
    return (f'<p class="naipes-buttons">'
            f'{_button(_t(N_("Next step"), lang), "next", primary=True, disabled=at_end)} '
            f'{_button(_t(N_("Deal to the end"), lang), "finish", disabled=at_end)} '
            f'{_button(_t(N_("New coup"), lang), "new")}</p>')


def _seed_line(seed: int, lang: str) -> str:
    text = _t(N_("Seed {seed}: the same seed deals the same coup. Link to this coup:"), lang).format(seed=seed)
    return (f'<p class="naipes-seed">{escape(text)} <a href="?seed={seed}" data-naipes-seed-link>'
            f"?seed={seed}</a></p>")


def _decision_html(prompt: str, options: list[tuple[str, str]]) -> str:
    buttons = " ".join(_button(label, "choose", value, primary=True) for value, label in options)
    return (f'<div class="naipes-decision" role="group" aria-label="{escape(prompt)}">'
            f'<p><strong>{escape(prompt)}</strong></p><p class="naipes-buttons">{buttons}</p></div>')


def _coup_html(state: Mapping[str, object], error: str | None, *, controls: str, hands: str, lines: list[str],
               decision: str, results: str, buttons: str) -> str:
    lang, seed = str(state["lang"]), int(state["seed"])
    narration = "".join(f"<li>{escape(line)}</li>" for line in lines)
    form = f'<form class="naipes-controls" onsubmit="return false">{controls}</form>' if controls else ""
    body = (f'{form}<div class="naipes-hands">{hands}</div>'
            f'<ol class="naipes-narration" aria-live="polite">{narration}</ol>{decision}{results}{buttons}'
            f'{_seed_line(seed, lang)}')
    return _root(state, body, error, extra=f' data-naipes-seed="{seed}"')


def _act_coup_common(state: dict, action: str, value: str, walk: Callable[[Mapping[str, object]], Walk],
                     allowed_answers: Callable[[str], Mapping[str, bool]]) -> dict | None:
    """The actions every coup player shares; ``None`` when ``action`` is not one of them."""
    if action in ("next", "finish"):
        full = walk(state)
        state["step"] = len(full.items) if action == "finish" else min(int(state["step"]) + 1, len(full.items))
    elif action == "new":
        state.update(seed=secrets.randbelow(10**9), step=0, answers=[])
    elif action == "seed":
        state.update(seed=_seed(value), step=0, answers=[])
    elif action == "choose":
        full = walk(state)
        if full.waiting is None or int(state["step"]) < len(full.items):
            raise RulesError("No decision is pending.")
        _pick(value, allowed_answers(full.waiting))
        state["answers"] = list(state["answers"]) + [value]
        state["step"] = len(full.items) + 1
    else:
        return None
    return state


def _seed_start(spec: Mapping[str, str], state: dict) -> dict:
    state.update(seed=_seed(spec.get("seed", "1")), step=0, answers=[])
    return state


# --- Mini and Midi Punto y Banca: the Punto y Banca coup and odds with the small tables' presets ---------

def _mm_rules(state: Mapping[str, object]) -> pb.PuntoBancaRules:
    return mpb.preset(str(state["game"]), str(state["preset"]))


def _mm_commission(rules: pb.PuntoBancaRules) -> str:
    if rules.banker_pays == Fraction(19, 20):
        return "19:20" if any(c.source == CATALAN_DECREE for c in rules.citations) else "5%"
    return "10%"


def _mm_reset(state: dict, rules: pb.PuntoBancaRules) -> None:
    state.update(preset=rules.name, decks=rules.decks, commission=_mm_commission(rules), tie_pays=rules.tie_pays)


def _mm_start_odds(spec: Mapping[str, str], state: dict) -> dict:
    rules = mpb.preset(state["game"], spec.get("preset") or None)
    _mm_reset(state, rules)
    if "decks" in spec:
        state["decks"] = _decks(spec["decks"])
    return state


def _mm_render_odds(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    base = _mm_rules(state)
    rules = base.with_options(decks=int(state["decks"]), commission=COMMISSIONS[str(state["commission"])],
                              tie_pays=int(state["tie_pays"]))
    result = _analysis(rules.decks)
    controls = (
        _preset_select(mpb.GAME_PRESETS[str(state["game"])], str(state["preset"]), lang)
        + _select("decks", _t(N_("Decks"), lang), [(str(d), str(d)) for d in range(1, 9)], str(state["decks"]))
        + _select("commission", _t(N_("Banker commission"), lang),
                  [("5%", _t(N_("deduction of 5 %"), lang)), ("19:20", _t(N_("paid 19 to 20"), lang)),
                   ("10%", _t(N_("deduction of 10 %"), lang))], str(state["commission"]))
        + _select("tie-pays", _t(N_("Tie pays"), lang),
                  [(str(p), _t(N_("{pays} to 1"), lang).format(pays=p)) for p in TIE_PAYOUTS], str(state["tie_pays"])))
    rows = [f'<tr data-naipes-bet="{bet}"><th scope="row">{escape(_t(BET_NAMES[bet], lang))}</th>'
            f'<td{_exact(result.probability(bet))}>{escape(percent(result.probability(bet), lang, 4))}</td>'
            f'<td{_exact(result.house_edge(bet, rules))}>{escape(percent(result.house_edge(bet, rules), lang, 4))}'
            f"</td></tr>" for bet in pb.BETS]
    caption = _t(N_("Exact odds of one coup dealt from a full shoe of {decks} decks."), lang).format(decks=rules.decks)
    table = _odds_table(caption, (N_("Bet"), N_("Probability of winning"), N_("House edge")), rows, lang)
    note = _t(N_("Preset {preset}: {seats} seats; the croupier deals and the players only bet."), lang).format(
        preset=base.name, seats=base.seats)
    body = (f'<form class="naipes-controls" onsubmit="return false">{controls}</form>{table}'
            f'<p class="naipes-note">{escape(note)}</p>')
    return _root(state, body, error)


def _mm_act_odds(state: dict, action: str, value: str) -> dict:
    if action == "preset":
        _mm_reset(state, mpb.preset(state["game"], value))
        return state
    return _act_odds(state, action, value)  # decks, commission and tie payout as for Punto y Banca


def _mm_start_coup(spec: Mapping[str, str], state: dict) -> dict:
    state["preset"] = mpb.preset(state["game"], spec.get("preset") or None).name
    state.update(seed=_seed(spec.get("seed", "1")), step=0)
    return state


def _mm_render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang, seed, step = str(state["lang"]), int(state["seed"]), int(state["step"])
    rules = _mm_rules(state)
    burn, steps, stop_out = _replay(rules, seed)
    shown = steps[:step]
    hands: dict[str, list[Card]] = {PLAYER: [], BANKER: []}
    lines = []
    if rules.dealer == "croupier":
        lines.append(_t(N_("The croupier deals every card; the players do not touch them."), lang))
    if burn_text(burn, lang):
        lines.append(burn_text(burn, lang))
    for card, events in shown:
        hands[events[0].params["hand"]].append(card)
        lines += [pb_narrate(event, lang) for event in events]
    done = step >= len(steps)
    if done and stop_out:
        lines.append(stop_card_text(lang))
    hands_html = (_hand_html(PLAYER, _t(BET_NAMES[PLAYER], lang), hands[PLAYER], lang)
                  + _hand_html(BANKER, _t(BET_NAMES[BANKER], lang), hands[BANKER], lang))
    buttons = (f'<p class="naipes-buttons">'
               f'{_button(_t(N_("Next step"), lang), "next", primary=True, disabled=done)} '
               f'{_button(_t(N_("Deal to the end"), lang), "finish", disabled=done)} '
               f'{_button(_t(N_("New coup"), lang), "new")}</p>')
    controls = _preset_select(mpb.GAME_PRESETS[str(state["game"])], str(state["preset"]), lang)
    return _coup_html(state, error, controls=controls, hands=hands_html, lines=lines, decision="", results="",
                      buttons=buttons)


def _mm_act_coup(state: dict, action: str, value: str) -> dict:
    rules = _mm_rules(state)
    if action in ("next", "finish"):
        _, steps, _ = _replay(rules, int(state["seed"]))
        state["step"] = len(steps) if action == "finish" else min(int(state["step"]) + 1, len(steps))
    elif action == "new":
        state.update(seed=secrets.randbelow(10**9), step=0)
    elif action == "seed":
        state.update(seed=_seed(value), step=0)
    elif action == "preset":
        state.update(preset=mpb.preset(state["game"], value).name, step=0)
    else:
        raise _unknown_action(action)
    return state


# --- hiding what the reader's side cannot see ------------------------------------------------------------

def _says(who: str, draws: bool, lang: str) -> str:
    if who == PLAYER:
        message = N_("Player says \"card\".") if draws else N_("Player says \"no\".")
        return _t(message, lang)
    message = N_("{hand} says \"card\".") if draws else N_("{hand} says \"no\".")
    return _t(message, lang).format(hand=_t(HANDS[who], lang))


def _line(event: Event, lang: str, hidden: set[str]) -> str | None:
    """The narration of ``event``, or what the reader may know of it while ``hidden`` hands are face down."""
    p, kind = event.params, event.kind
    if kind == "deal" and p["hand"] in hidden:
        hand = p["hand"]
        if p["cards"] <= 2:
            if hand == PLAYER:
                return _t(N_("Player receives a card face down."), lang)
            if hand == BANKER:
                return _t(N_("Banker receives a card face down."), lang)
            return _t(N_("{hand} receives a card face down."), lang).format(hand=_t(HANDS[hand], lang))
        if hand == PLAYER:
            return _t(N_("Player receives {card}, face up."), lang).format(card=card_with_article(p["card"], lang))
        return _t(N_("{hand} receives {card}, face up."), lang).format(hand=_t(HANDS[hand], lang),
                                                                        card=card_with_article(p["card"], lang))
    if PLAYER in hidden and kind.startswith("cdf-player-"):
        if kind == "cdf-player-decides":
            return None
        draws = kind == "cdf-player-must-draw" or (kind == "cdf-player-chooses" and p["draws"])
        return _says(PLAYER, draws, lang)
    if kind.startswith("dp-pano-") and kind != "dp-pano-natural" and p.get("pano") in hidden:
        if kind == "dp-pano-decides":
            return None
        draws = kind == "dp-pano-must-draw" or (kind == "dp-pano-chooses" and p["draws"])
        return _says(p["pano"], draws, lang)
    return family_narrate(event, lang)


def _lines(walk: Walk, step: int, lang: str, hidden: set[str]) -> list[str]:
    lines = [walk.burn] if walk.burn else []
    for _, events in walk.items[:step]:
        for event in events:
            line = _line(event, lang, hidden)
            if line is not None:
                lines.append(line)
    return lines


# --- chemin de fer ---------------------------------------------------------------------------------------

SIDES_CDF = (PLAYER, BANKER)


def _cdf_walk(state: Mapping[str, object], limit: int | None = None) -> Walk:
    rules = cdf.preset(str(state["preset"]))
    side = str(state["side"])
    shoe = _shoe(rules, int(state["seed"]))
    burn = burn_text(shoe.burn(rules.burn), str(state["lang"]))
    coup = cdf.CheminDeFerCoup(rules, banker_mode=cdf.FREE if side == BANKER else cdf.TABLE)
    walk = Walk(burn, coup, shoe=shoe)
    answers = list(state["answers"])
    while not coup.is_terminal() and (limit is None or len(walk.items) < limit):
        decision = coup.pending
        if decision is not None:
            if decision.who == side:
                if not answers:
                    walk.waiting = side
                    break
                walk.items.append(("answer", coup.choose(CHOICES.get(answers.pop(0), False))))
            else:  # the punto with 5 takes the croupier's advice: he stands (the banker never waits here)
                walk.items.append(("auto", coup.choose(False)))
            continue
        walk.items.append(("card", coup.deal(shoe.draw())))
    return walk


def _cdf_start_coup(spec: Mapping[str, str], state: dict) -> dict:
    state["preset"] = cdf.preset(spec.get("preset", cdf.DEFAULT_PRESET)).name
    state["side"] = _pick(spec.get("side", PLAYER), SIDES_CDF)
    return _seed_start(spec, state)


def _cdf_prompt(coup: cdf.CheminDeFerCoup, side: str, lang: str) -> str:
    d = coup.pending
    if side == PLAYER:
        return _t(N_("You are the punto and have 5: card or no?"), lang)
    if d.third is None:
        return _t(N_("You hold the bank with {total}; the punto stood: card or no?"), lang).format(total=d.total)
    return _t(N_("You hold the bank with {total}; the punto's third card is a {third}: card or no?"),
              lang).format(total=d.total, third=d.third)


def _card_or_no(lang: str) -> list[tuple[str, str]]:
    return [("draw", _t(N_("Card"), lang)), ("stand", _t(N_("No"), lang))]


def _cdf_render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang, side = str(state["lang"]), str(state["side"])
    full = _cdf_walk(state)
    step = min(int(state["step"]), len(full.items))
    walk = _cdf_walk(state, step)
    coup = walk.coup
    over = coup.is_terminal()
    hidden: set[str] = set()
    if side == PLAYER and not (coup._player_done or over):
        hidden.add(BANKER)
    if side == BANKER and not over:
        hidden.add(PLAYER)
    hands = (_hand_html(PLAYER, _t(BET_NAMES[PLAYER], lang), coup.player, lang, 2 if PLAYER in hidden else 0)
             + _hand_html(BANKER, _t(BET_NAMES[BANKER], lang), coup.banker, lang, 2 if BANKER in hidden else 0))
    decision = ""
    if step == len(full.items) and full.waiting:
        decision = _decision_html(_cdf_prompt(coup, side, lang), _card_or_no(lang))
    results = ""
    if over:
        settled = coup.settle({"punto": STAKE})
        results = '<p class="naipes-explanation">' + escape(_t(N_(
            "A stake of {stake} against the bank: the punto {punto}, the banker {banker}, the cagnotte {cagnotte}."),
            lang).format(stake=STAKE, punto=_amount(settled.players["punto"], lang),
                         banker=_amount(settled.banker_net, lang), cagnotte=_money(settled.cagnotte, lang))) + "</p>"
    controls = _select("side", _t(N_("You play"), lang),
                       [(PLAYER, _t(N_("the punto"), lang)), (BANKER, _t(N_("the banker"), lang))], side)
    return _coup_html(state, error, controls=controls, hands=hands, lines=_lines(walk, step, lang, hidden),
                      decision=decision, results=results, buttons=_coup_buttons(step, full, lang))


def _act_coup_with_sides(sides: tuple[str, ...], walk):
    """The coup actions of a game where the reader first picks a side (punto/paños or banker)."""
    def act(state: dict, action: str, value: str) -> dict:
        if action == "side":
            state.update(side=_pick(value, sides), step=0, answers=[])
            return state
        done = _act_coup_common(state, action, value, walk, lambda waiting: CHOICES)
        if done is None:
            raise _unknown_action(action)
        return done
    return act


# --- bacarrá a dos paños ---------------------------------------------------------------------------------

PANOS = "panos"
SIDES_DP = (PANOS, BANKER)




def _dp_walk(state: Mapping[str, object], limit: int | None = None) -> Walk:
    rules = dp.preset(str(state["preset"]))
    side = str(state["side"])
    shoe = _shoe(rules, int(state["seed"]))
    burn = burn_text(shoe.burn(rules.burn), str(state["lang"]))
    coup = dp.DosPanosCoup(rules, banker_mode=dp.FREE if side == BANKER else dp.TABLE)
    walk = Walk(burn, coup, shoe=shoe)
    answers = list(state["answers"])
    while not coup.is_terminal() and (limit is None or len(walk.items) < limit):
        decision = coup.pending
        if decision is not None:
            readers = decision.who == BANKER if side == BANKER else decision.who.startswith("pano")
            if readers:
                if not answers:
                    walk.waiting = decision.who
                    break
                walk.items.append(("answer", coup.choose(CHOICES.get(answers.pop(0), False))))
            elif decision.who == BANKER:
                walk.items.append(("auto", coup.choose(dp.split_table_conduct(decision.total))))
            else:  # a paño with 5 takes the croupier's advice: it stands
                walk.items.append(("auto", coup.choose(False)))
            continue
        walk.items.append(("card", coup.deal(shoe.draw())))
    return walk


def _dp_start_coup(spec: Mapping[str, str], state: dict) -> dict:
    state["preset"] = dp.preset(spec.get("preset", dp.DEFAULT_PRESET)).name
    state["side"] = _pick(spec.get("side", PANOS), SIDES_DP)
    return _seed_start(spec, state)


def _dp_render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang, side = str(state["lang"]), str(state["side"])
    full = _dp_walk(state)
    step = min(int(state["step"]), len(full.items))
    walk = _dp_walk(state, step)
    coup = walk.coup
    over = coup.is_terminal()
    hidden: set[str] = set()
    if side == PANOS and not over and not (coup.done["pano1"] and coup.done["pano2"]):
        hidden.add(BANKER)
    if side == BANKER and not over:
        hidden |= {p for p in ("pano1", "pano2") if coup.state(int(p[-1])) != dp.NATURAL}
    hands = "".join(
        _hand_html(h, _t(HANDS[h], lang), coup.hands[h], lang, 2 if h in hidden else 0)
        for h in ("pano1", "pano2", BANKER))
    decision = ""
    if step == len(full.items) and full.waiting:
        who = full.waiting
        if who == BANKER:
            prompt = _t(N_("You hold the bank with {total}: card or no?"), lang).format(total=coup.pending.total)
        else:
            prompt = _t(N_("{hand} has 5 and you play it: card or no?"), lang).format(hand=_t(HANDS[who], lang))
        decision = _decision_html(prompt, _card_or_no(lang))
    results = ""
    if over:
        first, second, line = DOS_PANOS_STAKES
        a, b = dp.split_line_bet(line)
        settled = coup.settle(pano1=first, pano2=second, line=line)
        stakes = _t(N_("Stakes: {first} on the first paño, {second} on the second, and {line} on the line between "
                       "them, which plays {a} on the first paño and {b} on the second."), lang).format(
            first=first, second=second, line=line, a=a, b=b)
        rows = "".join(
            f'<tr><th scope="row">{escape(_t(label, lang))}</th><td>{escape(_amount(settled[key], lang))}</td></tr>'
            for key, label in (("pano1", HANDS["pano1"]), ("pano2", HANDS["pano2"]), ("banker", HANDS[BANKER]),
                               ("cagnotte", N_("Cagnotte"))))
        results = (f'<p class="naipes-explanation">{escape(stakes)}</p><table class="naipes-table">'
                   f'<caption>{escape(_t(N_("Settlement"), lang))}</caption><tbody>{rows}</tbody></table>')
    controls = _select("side", _t(N_("You play"), lang),
                       [(PANOS, _t(N_("the paños"), lang)), (BANKER, _t(N_("the banker"), lang))], side)
    return _coup_html(state, error, controls=controls, hands=hands, lines=_lines(walk, step, lang, hidden),
                      decision=decision, results=results, buttons=_coup_buttons(step, full, lang))




# --- Mini-Bacará -----------------------------------------------------------------------------------------

INSURANCE = "insurance"


def _mb_walk(state: Mapping[str, object], limit: int | None = None) -> Walk:
    rules = mb.preset(str(state["preset"]))
    shoe = _shoe(rules, int(state["seed"]))
    burn = burn_text(shoe.burn(rules.burn), str(state["lang"]))
    coup = mb.MiniBacaraCoup(rules, boxes=int(state["boxes"]))
    walk = Walk(burn, coup, shoe=shoe)
    answers = list(state["answers"])
    while not coup.is_terminal() and (limit is None or len(walk.items) < limit):
        called = any(e.kind == "mb-insurance" for e in coup.events)
        if called and walk.insured is None:
            if not answers:
                walk.waiting = INSURANCE
                break
            walk.insured = answers.pop(0) == "insure"
            walk.items.append(("answer", [Event("mb-insurance-answer", {"insured": walk.insured})]))
            continue
        if coup.pending is not None:
            if not answers:
                walk.waiting = coup.pending.who
                break
            walk.items.append(("answer", coup.choose(CHOICES.get(answers.pop(0), False))))
            continue
        walk.items.append(("card", coup.deal(shoe.draw())))
    return walk


def _mb_boxes(value: str, rules: mb.MiniBacaraRules) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = 0
    if not 1 <= n <= rules.boxes:
        raise RulesError("The table has from 1 to {max} boxes, not {n}.", max=rules.boxes, n=value)
    return n


def _mb_start_coup(spec: Mapping[str, str], state: dict) -> dict:
    rules = mb.preset(spec.get("preset", mb.DEFAULT_PRESET))
    state["preset"] = rules.name
    state["boxes"] = _mb_boxes(spec.get("boxes", "3"), rules)
    return _seed_start(spec, state)


def _mb_line(event: Event, lang: str) -> str:
    if event.kind == "mb-insurance-answer":
        if event.params["insured"]:
            return _t(N_("You take the insurance: {stake} on each box, half the Punto bet of {bet}."), lang).format(
                stake=INSURANCE_STAKE, bet=STAKE)
        return _t(N_("You decline the insurance."), lang)
    return family_narrate(event, lang)


def _mb_render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    full = _mb_walk(state)
    step = min(int(state["step"]), len(full.items))
    walk = _mb_walk(state, step)
    coup = walk.coup
    lines = [walk.burn] if walk.burn else []
    for _, events in walk.items[:step]:
        lines += [_mb_line(e, lang) for e in events]
    revealed = len(coup.banker) >= 2 or any(e.kind == "mb-insurance" for e in coup.events)
    outcome = {PLAYER: N_("Punto wins"), BANKER: N_("Banca wins"), TIE: N_("a tie")}
    hands = "".join(
        _hand_html(f"box{i + 1}", _t(N_("Box {box}"), lang).format(box=i + 1), cards, lang,
                   note=_t(outcome[coup.settled[i]], lang) if i in coup.settled else "")
        for i, cards in enumerate(coup.boxes))
    hands += _hand_html(BANKER, _t(BET_NAMES[BANKER], lang), coup.banker, lang, 0 if revealed else 1)
    decision = ""
    if step == len(full.items) and full.waiting:
        if full.waiting == INSURANCE:
            prompt = _t(N_("The banker's hole card is a nine: take the insurance, {stake} on each box?"),
                        lang).format(stake=INSURANCE_STAKE)
            decision = _decision_html(prompt, [("insure", _t(N_("Take the insurance"), lang)),
                                               ("decline", _t(N_("No insurance"), lang))])
        else:
            prompt = _t(N_("Box {box} has 5: draw or stand?"), lang).format(box=full.waiting[3:])
            decision = _decision_html(prompt, [("draw", _t(N_("Draw"), lang)), ("stand", _t(N_("Stand"), lang))])
    results = ""
    if coup.is_terminal():
        insured = bool(walk.insured)
        headers = [N_("Box"), N_("Result"), N_("Punto bet of {bet}"), N_("Banca bet of {bet}")]
        if insured:
            headers.append(N_("Insurance of {stake}"))
        head = "".join(f'<th scope="col">{escape(_t(h, lang).format(bet=STAKE, stake=INSURANCE_STAKE))}</th>'
                       for h in headers)
        rows = []
        for i, winner in enumerate(coup.results()):
            punto = coup.settle(i + 1, player=STAKE, insurance=INSURANCE_STAKE if insured else 0)
            banca = coup.settle(i + 1, banker=STAKE)
            cells = [_t(outcome[winner], lang), _amount(punto["player"], lang), _amount(banca["banker"], lang)]
            if insured:
                cells.append(_amount(punto["insurance"], lang))
            rows.append(f'<tr><th scope="row">{i + 1}</th>' + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        results = (f'<div class="naipes-scroll"><table class="naipes-table"><caption>'
                   f'{escape(_t(N_("Settlement of each box"), lang))}</caption><thead><tr>{head}</tr></thead>'
                   f'<tbody>{"".join(rows)}</tbody></table></div>')
    rules = mb.preset(str(state["preset"]))
    controls = _select("boxes", _t(N_("Boxes in play"), lang),
                       [(str(n), str(n)) for n in range(1, rules.boxes + 1)], str(state["boxes"]))
    return _coup_html(state, error, controls=controls, hands=hands, lines=lines, decision=decision,
                      results=results, buttons=_coup_buttons(step, full, lang))


def _mb_act_coup(state: dict, action: str, value: str) -> dict:
    if action == "boxes":
        state.update(boxes=_mb_boxes(value, mb.preset(str(state["preset"]))), step=0, answers=[])
        return state
    done = _act_coup_common(state, action, value, _mb_walk,
                            lambda waiting: INSURANCE_CHOICES if waiting == INSURANCE else CHOICES)
    if done is None:
        raise _unknown_action(action)
    return done


# --- odds: Mini-Bacará -----------------------------------------------------------------------------------

MB_FIVE = {"draw": True, "stand": False}
MB_INSURANCE_READINGS = (mb.NATURAL_NINE, mb.BANKER_NATURAL)


def _mb_start_odds(spec: Mapping[str, str], state: dict) -> dict:
    rules = mb.preset(spec.get("preset", mb.DEFAULT_PRESET))
    state.update(preset=rules.name, decks=_decks(spec.get("decks", str(rules.decks))), five="draw",
                 insurance=rules.insurance_wins_on,
                 commission="10%" if rules.banker_pays == Fraction(9, 10) else "5%")
    return state


@lru_cache(maxsize=64)
def _mb_analysis(preset: str, decks: int, commission: str, insurance: str, five: bool) -> mb.MiniBacaraAnalysis:
    rules = mb.preset(preset).with_options(decks=decks, commission=MB_COMMISSIONS[commission])
    return mb.analyze_box(replace(rules, insurance_wins_on=insurance), draw_at_5=five)


def _mb_render_odds(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    a = _mb_analysis(str(state["preset"]), int(state["decks"]), str(state["commission"]), str(state["insurance"]),
                     MB_FIVE[str(state["five"])])
    controls = (
        _select("decks", _t(N_("Decks"), lang), [(str(d), str(d)) for d in range(1, 9)], str(state["decks"]))
        + _select("five", _t(N_("A box with 5"), lang),
                  [("draw", _t(N_("draws"), lang)), ("stand", _t(N_("stands"), lang))], str(state["five"]))
        + _select("commission", _t(N_("Banker commission"), lang),
                  [("10%", _t(N_("deduction of 10 %"), lang)), ("5%", _t(N_("deduction of 5 %"), lang))],
                  str(state["commission"]))
        + _select("insurance", _t(N_("The insurance wins when"), lang),
                  [(mb.NATURAL_NINE, _t(N_("the banker makes a two-card 9"), lang)),
                   (mb.BANKER_NATURAL, _t(N_("the banker makes a two-card 8 or 9"), lang))], str(state["insurance"])))
    rows = []
    for bet in (BANKER, PLAYER, TIE):
        prob = a.probability(bet)
        edge = f'<td{_exact(a.house_edge(bet))}>{escape(percent(a.house_edge(bet), lang, 4))}</td>' if bet != TIE \
            else f'<td>{escape(_t(N_("a tie returns the bets"), lang))}</td>'
        rows.append(f'<tr data-naipes-bet="{bet}"><th scope="row">{escape(_t(BET_NAMES[bet], lang))}</th>'
                    f'<td{_exact(prob)}>{escape(percent(prob, lang, 4))}</td>{edge}</tr>')
    q = a.insurance_probability
    rows.append(f'<tr data-naipes-bet="insurance"><th scope="row">{escape(_t(N_("Insurance"), lang))}</th>'
                f'<td{_exact(q)}>{escape(percent(q, lang, 4))}</td>'
                f'<td{_exact(a.house_edge("insurance"))}>{escape(percent(a.house_edge("insurance"), lang, 4))}</td></tr>')
    caption = _t(N_("Exact odds of one box against the Banca, dealt from a full shoe of {decks} decks; under "
                    "rule e) each box meets the Banca as in a Punto y Banca coup."), lang).format(
        decks=int(state["decks"]))
    table = _odds_table(caption, (N_("Bet"), N_("Probability of winning"), N_("House edge")), rows, lang)
    note = _t(N_("The insurance is offered only when the banker's hole card is a nine; its probability is counted "
                 "from that moment."), lang)
    body = (f'<form class="naipes-controls" onsubmit="return false">{controls}</form>{table}'
            f'<p class="naipes-note">{escape(note)}</p>')
    return _root(state, body, error)


def _mb_act_odds(state: dict, action: str, value: str) -> dict:
    if action == "decks":
        state["decks"] = _decks(value)
    elif action == "five":
        state["five"] = _pick(value, MB_FIVE)
    elif action == "commission":
        if value not in MB_COMMISSIONS:
            raise RulesError("Unknown commission {value!r}: use 5%, 19:20 or 10%.", value=value)
        state["commission"] = value
    elif action == "insurance":
        state["insurance"] = _pick(value, MB_INSURANCE_READINGS)
    else:
        raise _unknown_action(action)
    return state


# --- odds: chemin de fer ---------------------------------------------------------------------------------

PUNTO_AT_5 = ("stand", "draw", "optimal")
BANKER_PLAYS = ("table", "optimal")


@lru_cache(maxsize=32)
def _cdf_solution(model: str, decks: int, commission: str) -> cdf.CheminDeFerSolution:
    return cdf.solve(model, decks, CAGNOTTES[commission])


@lru_cache(maxsize=16)
def _cdf_tables(model: str, decks: int) -> cdf.CheminDeFerTables:
    counts, replacement = cdf.card_weights(model, decks)
    return cdf.chemin_de_fer_tables(counts, replacement)


def _cdf_start_odds(spec: Mapping[str, str], state: dict) -> dict:
    rules = cdf.preset(spec.get("preset", cdf.DEFAULT_PRESET))
    state.update(preset=rules.name, decks=_decks(spec.get("decks", str(rules.decks))), punto="stand",
                 banker="table", commission=str(float(rules.cagnotte)) if rules.cagnotte else "0")
    if state["commission"] not in CAGNOTTES:
        state["commission"] = "0.05"
    return state


@lru_cache(maxsize=64)
def _cdf_odds_analysis(preset: str, decks: int, commission: str, punto: str, banker: str) -> tuple:
    rules = cdf.preset(preset).with_options(decks=decks, commission=CAGNOTTES[commission])
    need = punto == "optimal" or banker == "optimal"
    solution = _cdf_solution("shoe", decks, commission) if need else None
    p = {"stand": Fraction(0), "draw": Fraction(1)}.get(punto) if punto != "optimal" else solution.draw_at_5
    strategy = cdf.table_strategy(rules) if banker == "table" else dict(solution.equilibrium.banker)
    return p, cdf.analyze_coup(rules, draw_at_5=p, banker=strategy, model="shoe")


def _cdf_render_odds(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    decks = int(state["decks"])
    p, a = _cdf_odds_analysis(str(state["preset"]), decks, str(state["commission"]), str(state["punto"]),
                              str(state["banker"]))
    controls = (
        _select("decks", _t(N_("Decks"), lang), [(str(d), str(d)) for d in range(1, 9)], str(decks))
        + _select("punto", _t(N_("The punto with 5"), lang),
                  [("stand", _t(N_("stands (the croupier's advice)"), lang)), ("draw", _t(N_("draws"), lang)),
                   ("optimal", _t(N_("mixes optimally"), lang))], str(state["punto"]))
        + _select("banker", _t(N_("The banker"), lang),
                  [("table", _t(N_("follows the banker's table"), lang)),
                   ("optimal", _t(N_("plays his optimal strategy"), lang))], str(state["banker"]))
        + _select("commission", _t(N_("Cagnotte"), lang),
                  [("0.05", _t(N_("5 per cent of the banker's winnings"), lang)), ("0", _t(N_("none"), lang))],
                  str(state["commission"])))
    names = {PLAYER: N_("Punto wins"), BANKER: N_("Banca wins"), TIE: N_("Tie: a void coup")}
    rows = [f'<tr data-naipes-outcome="{o}"><th scope="row">{escape(_t(names[o], lang))}</th>'
            f'<td{_exact(a.probability(o))}>{escape(percent(a.probability(o), lang, 4))}</td></tr>'
            for o in (PLAYER, BANKER, TIE)]
    rows += [f'<tr data-naipes-side="{side}"><th scope="row">{escape(_t(label, lang))}</th>'
             f'<td{_exact(a.expected_value(side))}>{escape(percent(a.expected_value(side), lang, 4))}</td></tr>'
             for side, label in ((PLAYER, N_("Punto's expectation per unit staked")),
                                 (BANKER, N_("Banker's expectation per unit, after the cagnotte")))]
    caption = _t(N_("Exact odds of one coup dealt from a full shoe of {decks} decks; the punto draws on 5 with "
                    "probability {p}."), lang).format(decks=decks, p=percent(p, lang, 2))
    table = _odds_table(caption, (N_("Outcome"), N_("Probability")), rows, lang)
    body = f'<form class="naipes-controls" onsubmit="return false">{controls}</form>{table}'
    return _root(state, body, error)


def _cdf_act_odds(state: dict, action: str, value: str) -> dict:
    if action == "decks":
        state["decks"] = _decks(value)
    elif action == "punto":
        state["punto"] = _pick(value, PUNTO_AT_5)
    elif action == "banker":
        state["banker"] = _pick(value, BANKER_PLAYS)
    elif action == "commission":
        state["commission"] = _pick(value, CAGNOTTES)
    else:
        raise _unknown_action(action)
    return state


# --- odds: dos paños (the totals model only: the shoe model is too slow for a page) -----------------------

PANOS_AT_5 = {"stand": (1, 0, 0, 0), "draw": (0, 0, 0, 1)}


@lru_cache(maxsize=4)
def _dp_tables(preset: str) -> dp.DosPanosTables:
    rules = dp.preset(preset)
    counts, replacement = cdf.card_weights("totals", rules.decks)
    return dp.dos_panos_tables(counts, replacement, rules)


@lru_cache(maxsize=4)
def _dp_solution(preset: str) -> dp.DosPanosSolution:
    rules = dp.preset(preset)
    return dp.solve("totals", rules.decks, rules)


def _dp_table_conduct(rules: dp.DosPanosRules) -> dict:
    """The table where it says the same for both live paños; elsewhere the coup player's conduct."""
    draws, stands = dp.table_strategy(rules, Fraction(1)), dp.table_strategy(rules, Fraction(0))
    return {cell: draws[cell] if dp.split_table_conduct(cell[0]) else stands[cell] for cell in dp.CELLS}


def _dp_start_odds(spec: Mapping[str, str], state: dict) -> dict:
    state.update(preset=dp.preset(spec.get("preset", dp.DEFAULT_PRESET)).name, panos="stand", banker="table")
    return state


def _dp_render_odds(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    preset = str(state["preset"])
    rules = dp.preset(preset)
    table_conduct = _dp_table_conduct(rules)
    if state["panos"] == "optimal" or state["banker"] == "optimal":
        solution = _dp_solution(preset)
    q = solution.q if state["panos"] == "optimal" else tuple(Fraction(x) for x in PANOS_AT_5[str(state["panos"])])
    if state["banker"] == "optimal":
        banker = {cell: table_conduct[cell] if solution.banker.get(cell) is None else solution.banker[cell]
                  for cell in dp.CELLS}
    else:
        banker = table_conduct
    result = _dp_tables(preset).outcome_probabilities(q, banker)
    controls = (
        _select("panos", _t(N_("The paños with 5"), lang),
                [("stand", _t(N_("stand (the croupier's advice)"), lang)), ("draw", _t(N_("draw"), lang)),
                 ("optimal", _t(N_("mix optimally"), lang))], str(state["panos"]))
        + _select("banker", _t(N_("The banker"), lang),
                  [("table", _t(N_("follows the banker's table"), lang)),
                   ("optimal", _t(N_("plays his optimal strategy"), lang))], str(state["banker"])))
    head = (N_("Paño"), N_("The paño wins"), N_("The banker wins"), N_("Tie: a void coup"),
            N_("Paño's expectation per unit"))
    rows = []
    for pano in ("pano1", "pano2"):
        r = result[pano]
        ev = r[PLAYER] - r[BANKER]
        cells = "".join(f'<td{_exact(x)}>{escape(percent(x, lang, 4))}</td>' for x in (r[PLAYER], r[BANKER], r[TIE], ev))
        rows.append(f'<tr data-naipes-pano="{pano}"><th scope="row">{escape(_t(HANDS[pano], lang))}</th>{cells}</tr>')
    caption = _t(N_("Exact odds of one coup in the totals model (cards dealt with replacement, so the number of "
                    "decks does not matter)."), lang)
    table = _odds_table(caption, head, rows, lang)
    note = _t(N_("Where the table says different things for the two paños, the banker who follows it draws on 5 "
                 "or less; where his optimal strategy is indifferent, he follows the table. The cagnotte is not "
                 "deducted here."), lang)
    body = (f'<form class="naipes-controls" onsubmit="return false">{controls}</form>{table}'
            f'<p class="naipes-note">{escape(note)}</p>')
    return _root(state, body, error)


def _dp_act_odds(state: dict, action: str, value: str) -> dict:
    if action == "panos":
        state["panos"] = _pick(value, ("stand", "draw", "optimal"))
    elif action == "banker":
        state["banker"] = _pick(value, BANKER_PLAYS)
    else:
        raise _unknown_action(action)
    return state


# --- chemin de fer: decide at five ------------------------------------------------------------------------

MODELS = cdf.MODELS


def _cdf_start_five(spec: Mapping[str, str], state: dict) -> dict:
    rules = cdf.preset(spec.get("preset", cdf.DEFAULT_PRESET))
    model = _pick(spec.get("model", "totals"), MODELS)
    state.update(preset=rules.name, model=model, decks=_decks(spec.get("decks", str(rules.decks))),
                 commission="0.05" if rules.cagnotte == Fraction(1, 20) else "0", total=6)
    return state


def best_reply_value(model: str, decks: int, commission: Fraction, draw_at_5: Fraction) -> Fraction:
    """The punto's expectation per unit when he draws on 5 with probability ``draw_at_5`` and the banker,
    knowing it, answers with his best reply in every cell (the forced draw on 0 kept).

    >>> best_reply_value("totals", 6, Fraction(0), cdf.solve("totals").draw_at_5) == cdf.solve("totals").value
    True
    """
    tables = _cdf_tables(model, decks)
    rate = Fraction(commission)
    p = Fraction(draw_at_5)
    rules = cdf.PRESETS[cdf.DEFAULT_PRESET]
    banker = {}
    for cell in cdf.CELLS:
        if cell[0] in rules.banker_must_draw_on:
            banker[cell] = Fraction(1)
            continue
        gain = Fraction(0)
        for sigma, weight in ((0, 1 - p), (1, p)):
            stand, draw = tables.cells[sigma][cell]
            gain += weight * ((draw[1] - stand[1]) * (1 - rate) - (draw[0] - stand[0]))
        banker[cell] = Fraction(int(gain > 0))
    probabilities = tables.outcome_probabilities(p, banker)
    return probabilities[PLAYER] - probabilities[BANKER]


def cell_values(model: str, decks: int, commission: Fraction, draw_at_5: Fraction, cell: tuple
                ) -> tuple[Fraction, Fraction, Fraction]:
    """The banker's expectation per unit staked if he draws, and if he stands, in one of his situations,
    against a punto drawing on 5 with probability ``draw_at_5``; and how often a coup reaches it.

    >>> draw, stand, reach = cell_values("totals", 6, Fraction(0), Fraction(0), (6, None))
    >>> draw < stand                                   # with 6 against a punto who stood, standing is better
    True
    """
    tables = _cdf_tables(model, decks)
    rate, p = Fraction(commission), Fraction(draw_at_5)
    weight = Fraction(0)
    value = [Fraction(0), Fraction(0)]
    for sigma, share in ((0, 1 - p), (1, p)):
        if not share:
            continue
        stand, draw = tables.cells[sigma][cell]
        weight += share * sum(stand)
        for action, v in ((STAND, stand), (DRAW, draw)):
            value[action] += share * (v[1] * (1 - rate) - v[0])
    if not weight:
        return Fraction(0), Fraction(0), Fraction(0)
    return value[DRAW] / weight, value[STAND] / weight, weight / tables.total


def _cdf_render_five(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    model, decks, commission, total = str(state["model"]), int(state["decks"]), str(state["commission"]), int(state["total"])
    rate = CAGNOTTES[commission]
    solution = _cdf_solution(model, decks, commission)
    rules = cdf.preset(str(state["preset"]))
    p = solution.draw_at_5
    controls = (
        _select("model", _t(N_("Model"), lang),
                [("totals", _t(N_("totals: cards dealt with replacement (Kemeny and Snell)"), lang)),
                 ("shoe", _t(N_("shoe: cards dealt without replacement"), lang))], model)
        + (_select("decks", _t(N_("Decks"), lang), [(str(d), str(d)) for d in range(1, 9)], str(decks))
           if model == "shoe" else "")
        + _select("commission", _t(N_("Cagnotte"), lang),
                  [("0.05", _t(N_("5 per cent of the banker's winnings"), lang)), ("0", _t(N_("none"), lang))],
                  commission)
        + _select("total", _t(N_("Banker's total"), lang), [(str(t), str(t)) for t in range(8)], str(total)))
    # the punto's choice on five
    draw_value = best_reply_value(model, decks, rate, Fraction(1))
    stand_value = best_reply_value(model, decks, rate, Fraction(0))
    punto_rows = [
        (N_("Always draws on 5"), draw_value),
        (N_("Always stands on 5"), stand_value),
        (N_("Draws on 5 with probability {p} (optimal mix)"), solution.value),
    ]
    rows = "".join(
        f'<tr data-naipes-punto="{key}"><th scope="row">{escape(_t(label, lang).format(p=percent(p, lang, 2)))}</th>'
        f'<td{_exact(v)}>{escape(percent(v, lang, 4))}</td></tr>'
        for key, (label, v) in zip(("draw", "stand", "optimal"), punto_rows))
    punto_caption = _t(N_("The punto with 5: his expectation per unit staked when the banker answers his strategy "
                          "with his best reply."), lang)
    punto_table = _odds_table(punto_caption, (N_("The punto"), N_("Punto's expectation per unit staked")),
                              [rows], lang)
    mix = _t(N_("Optimal mix: draw on 5 with probability {p} ({exact})."), lang).format(
        p=percent(p, lang, 4), exact=str(p))
    # the banker's situations with this total
    situation_rows = []
    for third in (None, *range(10)):
        cell = (total, third)
        draw_v, stand_v, reach = cell_values(model, decks, rate, p, cell)
        r = solution.banker_draws(*cell)
        if total in rules.banker_must_draw_on:
            best = _t(N_("must draw (baccarat)"), lang)
        elif r == 1:
            best = _t(N_("draws"), lang)
        elif r == 0:
            best = _t(N_("stands"), lang)
        else:
            best = _t(N_("draws with probability {p}"), lang).format(p=percent(r, lang, 2))
        table_says = _t(N_("draws") if rules.banker_table.banker_draws(total, third) or
                        total in rules.banker_must_draw_on else N_("stands"), lang)
        label = _t(N_("Player stood"), lang) if third is None else _t(N_("third card {third}"), lang).format(
            third=third)
        situation_rows.append(
            f'<tr data-naipes-cell="{total}:{"stood" if third is None else third}"><th scope="row">{escape(label)}</th>'
            f'<td{_exact(reach)}>{escape(percent(reach, lang, 3))}</td>'
            f'<td{_exact(draw_v)}>{escape(percent(draw_v, lang, 3))}</td>'
            f'<td{_exact(stand_v)}>{escape(percent(stand_v, lang, 3))}</td>'
            f'<td{_exact(r)}>{escape(best)}</td><td>{escape(table_says)}</td></tr>')
    banker_caption = _t(N_("The banker with {total}: his expectation per unit staked if he draws and if he stands, "
                           "in each situation, against the punto's optimal mix."), lang).format(total=total)
    banker_table = _odds_table(banker_caption, (N_("What the banker sees"), N_("How often"), N_("Drawing"),
                                                N_("Standing"), N_("Optimal"), N_("Banker's table (source 004)")),
                               situation_rows, lang)
    model_note = (_t(N_("Totals model: each card is worth 0 with probability 4/13 and 1 to 9 with 1/13 each, "
                        "whatever was dealt before."), lang) if model == "totals" else
                  _t(N_("Shoe model: the cards are dealt from a full shoe of {decks} decks."), lang).format(decks=decks))
    body = (f'<form class="naipes-controls" onsubmit="return false">{controls}</form>'
            f'<p class="naipes-note">{escape(model_note)}</p>{punto_table}'
            f'<p class="naipes-explanation" data-naipes-mix="{escape(str(p))}">{escape(mix)}</p>{banker_table}')
    return _root(state, body, error)


def _cdf_act_five(state: dict, action: str, value: str) -> dict:
    if action == "model":
        state["model"] = _pick(value, MODELS)
    elif action == "decks":
        state["decks"] = _decks(value)
    elif action == "commission":
        state["commission"] = _pick(value, CAGNOTTES)
    elif action == "total":
        try:
            total = int(value)
        except (TypeError, ValueError):
            total = -1
        if not 0 <= total <= 7:
            raise RulesError("The banker's total must be a whole number from 0 to 7, not {value!r}.", value=value)
        state["total"] = total
    else:
        raise _unknown_action(action)
    return state


# --- the comparison across jurisdictions (static) ---------------------------------------------------------

GAME_NAMES = {"punto-banca": N_("Punto y Banca"), "mini-punto-banca": N_("Mini Punto y Banca"),
              "midi-punto-banca": N_("Midi Punto y Banca"), "mini-bacara": N_("Mini-Bacará"),
              "chemin-de-fer": N_("Chemin de fer"), "dos-panos": N_("Bacarrá a dos paños")}
BURN_NAMES = {BURN_NONE: N_("no burn"), BURN_FIXED: N_("fixed"),
              BURN_BY_TURNED_CARD: N_("the turned card and as many cards as its value")}


def family_presets() -> list[tuple[str, object]]:
    """Every (game, rules) of the baccarat family, each preset once, Punto y Banca first.

    >>> [game for game, rules in family_presets()][:1], len(family_presets()) > 10
    (['punto-banca'], True)
    """
    small = {**mpb.MINI_PRESETS, **mpb.MIDI_PRESETS}
    out: list[tuple[str, object]] = [("punto-banca", r) for name, r in pb.PRESETS.items() if name not in small]
    out += [("mini-punto-banca", r) for r in mpb.MINI_PRESETS.values()]
    out += [("midi-punto-banca", r) for r in mpb.MIDI_PRESETS.values()]
    out += [("mini-bacara", r) for r in mb.PRESETS.values()]
    out += [("chemin-de-fer", r) for r in cdf.PRESETS.values()]
    out += [("dos-panos", r) for r in dp.PRESETS.values()]
    return out


def _comparison_cells(game: str, r, lang: str) -> list[str]:
    t = lambda message: _t(message, lang)  # noqa: E731
    none = t(N_("not set"))
    sources = ", ".join(sorted({c.source for c in r.citations}))
    stop = str(r.stop_card.cards_below) if r.stop_card else none
    burn = t(BURN_NAMES[r.burn.kind])
    if game in ("chemin-de-fer", "dos-panos"):
        what = N_("cagnotte of {share} of the banker's winnings") if game == "chemin-de-fer" else \
            N_("cagnotte of {share} of the banker's net win over both paños")
        commission = t(what).format(share=percent(r.cagnotte, lang, 0))
        payouts = t(N_("even money; a tie is a void coup"))
        if game == "dos-panos" and r.natural_beats_three_cards:
            payouts += "; " + t(N_("a two-card 8 or 9 beats a three-card 8 or 9"))
    else:
        commission = t(N_("{share} of a winning Banca bet")).format(share=percent(1 - r.banker_pays, lang, 0))
        if game == "mini-bacara":
            payouts = t(N_("Punto {player} to 1, Banca {banker} to 1, insurance {insurance} to 1 (up to {share} of "
                           "the Punto bet)")).format(player=_plain(r.player_pays, lang), banker=_plain(r.banker_pays, lang),
                                                     insurance=r.insurance_pays,
                                                     share=percent(r.insurance_max_share, lang, 0))
        else:
            payouts = t(N_("Punto {player} to 1, Banca {banker} to 1, tie {tie} to 1")).format(
                player=_plain(r.player_pays, lang), banker=_plain(r.banker_pays, lang), tie=r.tie_pays)
    if game == "mini-bacara":
        seats = t(N_("{n} boxes")).format(n=r.boxes)
    elif game == "chemin-de-fer":
        seats = t(N_("at least {n} players")).format(n=r.min_players)
    else:
        seats = str(r.seats) if getattr(r, "seats", None) else none
    limits = []
    if game in pb_games():
        if r.tie_bet_max_share:
            limits.append(t(N_("tie bets at most {share} of the table maximum")).format(
                share=percent(r.tie_bet_max_share, lang, 0)))
        if r.table_max_multiple:
            limits.append(t(N_("table maximum {low} to {high} times the minimum")).format(
                low=r.table_max_multiple[0], high=r.table_max_multiple[1]))
    elif game == "chemin-de-fer":
        if r.bank_max_multiple:
            limits.append(t(N_("bank at most {n} times the minimum stake")).format(n=r.bank_max_multiple))
        if r.garage_after_multiple:
            limits.append(t(N_("voluntary garage of winnings above {n} times the minimum")).format(
                n=r.garage_after_multiple))
        if r.garage_half_from_pass:
            limits.append(t(N_("voluntary garage of half the bank from pass {n}")).format(n=r.garage_half_from_pass))
    banks = t(N_("a player")) if game in ("chemin-de-fer", "dos-panos") else t(N_("the house"))
    if game in ("chemin-de-fer", "dos-panos"):
        deals = t(N_("the banker"))
    elif game == "mini-bacara":
        deals = t(N_("the house's dealer"))
    else:
        deals = t(N_("a player") if r.dealer == "player" else N_("the croupier"))
    return [sources, str(r.decks), stop, burn, commission, payouts, seats, "; ".join(limits) or none, banks, deals]


def pb_games() -> tuple[str, ...]:
    return ("punto-banca",) + MINI_MIDI


#: The comparison's rows: a key (for tests and styling) and the label of each property.
COMPARISON_ROWS = (("source", N_("Source")), ("decks", N_("Decks")), ("stop-card", N_("Cards below the stop card")),
                   ("burn", N_("Burn")), ("commission", N_("Commission or cagnotte")), ("payouts", N_("Payouts")),
                   ("seats", N_("Seats")), ("limits", N_("Limits")), ("banks", N_("Who banks")),
                   ("deals", N_("Who deals")))


def _render_comparison(state: Mapping[str, object], error: str | None) -> str:
    """One table per game (its presets side by side, a property per row), then every interpretation."""
    lang = str(state["lang"])
    by_game: dict[str, list] = {}
    for game, rules in family_presets():
        by_game.setdefault(game, []).append(rules)
    tables, notes = [], []
    for game, presets in by_game.items():
        name = _t(GAME_NAMES[game], lang)
        columns = [_comparison_cells(game, r, lang) for r in presets]
        head = "".join(f'<th scope="col" data-naipes-preset="{escape(r.name)}"><code>{escape(r.name)}</code></th>'
                       for r in presets)
        rows = "".join(
            f'<tr data-naipes-row="{key}"><th scope="row">{escape(_t(label, lang))}</th>'
            + "".join(f"<td>{escape(column[i])}</td>" for column in columns) + "</tr>"
            for i, (key, label) in enumerate(COMPARISON_ROWS))
        caption = _t(N_("{game}: the presets side by side."), lang).format(game=name)
        tables.append(f'<div class="naipes-scroll"><table class="naipes-table" data-naipes-game="{game}">'
                      f'<caption>{escape(caption)}</caption><thead><tr><th scope="col"></th>{head}</tr></thead>'
                      f'<tbody>{rows}</tbody></table></div>')
        notes += [f"<li><code>{escape(r.name)}</code> ({escape(name)}): {escape(_t(message, lang))}</li>"
                  for r in presets for message in r.interpretations]
    intro = _t(N_("Every preset of the baccarat family, generated from the engine's rules objects."), lang)
    body = (f'<p class="naipes-note">{escape(intro)}</p>{"".join(tables)}'
            f'<p class="naipes-note"><strong>{escape(_t(N_("Interpretations"), lang))}</strong></p>'
            f'<ul class="naipes-note">{"".join(notes)}</ul>')
    return _root(state, body, error, extra=' data-naipes-static="true"')


def _comparison_start(spec: Mapping[str, str], state: dict) -> dict:
    return state


def _static_act(state: dict, action: str, value: str) -> dict:
    raise _unknown_action(action)


# --- registration -----------------------------------------------------------------------------------------

register("odds", MINI_MIDI, _mm_start_odds, _mm_render_odds, _mm_act_odds)
register("coup", MINI_MIDI, _mm_start_coup, _mm_render_coup, _mm_act_coup)
register("coup", ("chemin-de-fer",), _cdf_start_coup, _cdf_render_coup,
         _act_coup_with_sides(SIDES_CDF, _cdf_walk), extra_keys=("side",))
register("coup", ("dos-panos",), _dp_start_coup, _dp_render_coup,
         _act_coup_with_sides(SIDES_DP, _dp_walk), extra_keys=("side",))
register("coup", ("mini-bacara",), _mb_start_coup, _mb_render_coup, _mb_act_coup, extra_keys=("boxes",))
register("odds", ("mini-bacara",), _mb_start_odds, _mb_render_odds, _mb_act_odds)
register("odds", ("chemin-de-fer",), _cdf_start_odds, _cdf_render_odds, _cdf_act_odds)
register("odds", ("dos-panos",), _dp_start_odds, _dp_render_odds, _dp_act_odds)
register("decide-five", ("chemin-de-fer",), _cdf_start_five, _cdf_render_five, _cdf_act_five, extra_keys=("model",))
register("comparison", ("baccarat-family",), _comparison_start, _render_comparison, _static_act)
