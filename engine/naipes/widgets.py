"""The HTML of every widget, rendered the same way at build time and in the browser.

A page writes a widget as a fenced block (```` ```naipes ````) of ``key: value``
lines; :func:`parse_spec` reads it and :func:`render` returns complete static
HTML in the page's language. In the browser, Pyodide calls :func:`handle` with
the widget's state (kept in its ``data-naipes-state`` attribute), an action and
a value, and swaps in the HTML it returns. JavaScript holds no game logic.

>>> html = render(parse_spec("widget: odds\\ngame: punto-banca"), "en")
>>> html.startswith('<div class="naipes-widget naipes-odds"')
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
import secrets
from fractions import Fraction
from functools import lru_cache
from html import escape
from typing import Callable, Mapping

from .analysis import PuntoBancaAnalysis, analyze, deck_counts
from .cards import Card
from .errors import NaipesError, RulesError
from .formatting import decimal, percent
from .i18n import N_, check_language, error_text, translate
from .narration import banker_rule_text, burn_text, card_name, narrate, stop_card_text
from .play import new_shoe
from .punto_banca import (BANKER, BETS, DEFAULT_PRESET, PLAYER, PRESETS, TIE, PuntoBancaCoup, PuntoBancaRules,
                          banker_draws, preset)
from .shoe import BURN_BY_TURNED_CARD, BURN_FIXED, BURN_NONE

GAMES = ("punto-banca",)
#: The commission choices of the odds table: the sources' 5 % deduction, the Catalan decree's
#: "19 a 20", and Uruguay's 10 %.
COMMISSIONS = {"5%": Fraction(1, 20), "19:20": Fraction(1, 20), "10%": Fraction(1, 10)}
TIE_PAYOUTS = (8, 9)
MAX_SEED = 2**63 - 1
BET_NAMES = {BANKER: N_("Banker"), PLAYER: N_("Player"), TIE: N_("Tie")}


def parse_spec(text: str) -> dict[str, str]:
    """Read a widget block's ``key: value`` lines; the error names the bad line.

    >>> parse_spec("widget: tableau\\ngame: punto-banca")
    {'widget': 'tableau', 'game': 'punto-banca'}
    >>> parse_spec("widget tableau")
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: Widget line 1 is not 'key: value': 'widget tableau'.
    """
    spec: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise RulesError("Widget line {number} is not 'key: value': {line!r}.", number=number, line=line)
        spec[key.strip()] = value.strip()
    return spec


@dataclass(frozen=True)
class WidgetKind:
    """One kind of widget for one game: how a page's block becomes a state, how a state becomes
    HTML, and how an action changes the state. Game modules add theirs with :func:`register`."""

    start: Callable[[Mapping[str, str], dict], dict]
    render: Callable[[Mapping[str, object], str | None], str]
    act: Callable[[dict, str, str], dict]


_REGISTRY: dict[tuple[str, str], WidgetKind] = {}
#: Block keys every widget understands; a kind may read others through ``extra_keys``.
COMMON_KEYS = {"widget", "game", "preset", "decks", "seed"}
_EXTRA_KEYS: set[str] = set()


def register(kind: str, games: tuple[str, ...], start, render_state, act, extra_keys: tuple[str, ...] = ()) -> None:
    """Make ``widget: kind`` available for each of ``games``."""
    for game in games:
        _REGISTRY[(kind, game)] = WidgetKind(start, render_state, act)
    _EXTRA_KEYS.update(extra_keys)


def render(spec: Mapping[str, str], lang: str) -> str:
    """Static HTML of the widget a page's block describes, in ``lang``.

    Keys: ``widget`` (tableau, odds, coup, presets, …), ``game`` (punto-banca, …),
    optional ``preset``, ``decks``, ``seed`` and the keys a kind adds.
    """
    check_language(lang)
    allowed = COMMON_KEYS | _EXTRA_KEYS
    unknown = sorted(set(spec) - allowed)
    if unknown:
        raise RulesError("Unknown widget option {key!r}: use {keys}.", key=unknown[0],
                         keys=", ".join(sorted(allowed)))
    kind, game = spec.get("widget", ""), spec.get("game", "")
    kinds = sorted({k for k, _ in _REGISTRY})
    if kind not in kinds:
        raise RulesError("Unknown widget {kind!r}: use one of {kinds}.", kind=kind, kinds=", ".join(kinds))
    games = sorted(g for k, g in _REGISTRY if k == kind)
    if game not in games:
        raise RulesError("Unknown game {game!r}: use one of {games}.", game=game, games=", ".join(games))
    widget = _REGISTRY[(kind, game)]
    state = widget.start(spec, {"widget": kind, "game": game, "lang": lang})
    return widget.render(state, None)


def handle(state_json: str, action: str, value: str) -> str:
    """The widget's new HTML after the reader's ``action`` with ``value``.

    Bad values never raise: the widget shows a one-line message in its
    language and keeps its previous state.

    >>> html = render({"widget": "odds", "game": "punto-banca"}, "es")
    >>> state = html.split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"')
    >>> "Barajas" in handle(state, "decks", "9")
    True
    """
    state = json.loads(state_json)
    widget = _REGISTRY[(state["widget"], state["game"])]
    try:
        new_state = widget.act(dict(state), action, value)
    except NaipesError as error:
        return widget.render(state, error_text(error, state["lang"]))
    return widget.render(new_state, None)


# --- shared pieces -------------------------------------------------------------------------------

def _t(message: str, lang: str) -> str:
    return translate(message, lang)


def _decks(value: str) -> int:
    try:
        decks = int(value)
    except (TypeError, ValueError):
        decks = 0
    if not 1 <= decks <= 8:
        raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=value)
    return decks


def _seed(value: str) -> int:
    try:
        seed = int(value)
    except (TypeError, ValueError):
        seed = -1
    if not 0 <= seed <= MAX_SEED:
        raise RulesError("The seed must be a whole number from 0 to {max}, not {value!r}.", max=MAX_SEED,
                         value=value)
    return seed


def _root(state: Mapping[str, object], body: str, error: str | None, extra: str = "") -> str:
    lang = str(state["lang"])
    kind = str(state["widget"])
    status = f'<p class="naipes-status naipes-error" role="alert">{escape(error)}</p>' if error else (
        '<p class="naipes-status" role="status" aria-live="polite"></p>')
    attrs = {
        "class": f"naipes-widget naipes-{kind}",
        "data-naipes-widget": kind,
        "data-naipes-state": json.dumps(state, sort_keys=True, separators=(",", ":")),
        "lang": lang,
        "data-naipes-msg-loading": _t(N_("Loading the interactive mode…"), lang),
        "data-naipes-msg-ready": _t(N_("Interactive mode ready."), lang),
        "data-naipes-msg-unavailable": _t(N_("The interactive mode is unavailable here; the content shown "
                                             "was computed by the engine when the site was built."), lang),
    }
    attr_text = " ".join(f'{name}="{escape(value)}"' for name, value in attrs.items())
    return f"<div {attr_text}{extra}>{body}{status}</div>"


def _select(action: str, label: str, options: list[tuple[str, str]], current: str) -> str:
    items = "".join(f'<option value="{escape(value)}"{" selected" if value == current else ""}>'
                    f"{escape(text)}</option>" for value, text in options)
    return (f'<label class="naipes-control"><span>{escape(label)}</span> '
            f'<select data-naipes-action="{action}">{items}</select></label>')


@lru_cache(maxsize=16)
def _analysis(decks: int) -> PuntoBancaAnalysis:
    return analyze(deck_counts(decks))


# --- banker's table --------------------------------------------------------------------------------

def _cell_key(total: int, third: int | None) -> str:
    return f"{total}:{'stood' if third is None else third}"


def _parse_cell(value: str) -> tuple[int, int | None]:
    total, _, third = value.partition(":")
    try:
        cell = (int(total), None if third == "stood" else int(third))
    except ValueError:
        cell = (-1, -1)
    if not 0 <= cell[0] <= 7 or (cell[1] is not None and not 0 <= cell[1] <= 9):
        raise RulesError("Unknown cell {value!r} of the banker's table.", value=value)
    return cell


def _cell_explanation(total: int, third: int | None, decks: int, lang: str) -> str:
    draws = banker_draws(total, third)  # the table shown is source 004's, whatever the preset
    reach = _analysis(decks).cell_probability(total, third)
    return (banker_rule_text(total, third, draws, lang) + " " +
            _t(N_("With {decks} decks, a coup reaches this cell {share} of the time."), lang).format(
                decks=decks, share=percent(reach, lang, 3)))


def _render_tableau(state: Mapping[str, object], error: str | None) -> str:
    lang, decks = str(state["lang"]), int(state["decks"])
    selected = state.get("selected")
    head = "".join(f'<th scope="col">{escape(label)}</th>' for label in
                   [_t(N_("Player stood"), lang)] + [str(v) for v in range(10)])
    rows = []
    for total in range(8):
        cells = []
        for third in (None, *range(10)):
            key = _cell_key(total, third)
            draws = banker_draws(total, third)
            word = _t(N_("draws"), lang) if draws else _t(N_("stands"), lang)
            pressed = "true" if key == selected else "false"
            cells.append(
                f'<td class="{"naipes-draw" if draws else "naipes-stand"}"><button type="button" '
                f'data-naipes-action="select" data-naipes-value="{key}" aria-pressed="{pressed}" '
                f'title="{escape(_cell_explanation(total, third, decks, lang))}">{escape(word)}</button></td>')
        rows.append(f'<tr><th scope="row">{total}</th>{"".join(cells)}</tr>')
    caption = _t(N_("The banker's third-card table: banker's total (rows) and the player's third card "
                    "(columns), as printed in source 004."), lang)
    corner = _t(N_("Banker's total"), lang)
    if selected:
        total, third = _parse_cell(str(selected))
        explanation = _cell_explanation(total, third, decks, lang)
    else:
        explanation = _t(N_("Choose a cell to see the rule and how often a coup reaches it."), lang)
    body = (f'<div class="naipes-scroll"><table class="naipes-table"><caption>{escape(caption)}</caption>'
            f'<thead><tr><th scope="col">{escape(corner)}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="naipes-explanation" aria-live="polite">{escape(explanation)}</p>')
    return _root(state, body, error)


def _act_tableau(state: dict, action: str, value: str) -> dict:
    if action == "select":
        total, third = _parse_cell(value)
        state["selected"] = _cell_key(total, third)
    elif action == "decks":
        state["decks"] = _decks(value)
    else:
        raise RulesError("Unknown action {action!r}.", action=action)
    return state


# --- odds table ------------------------------------------------------------------------------------

def _odds_rules(state: Mapping[str, object]) -> PuntoBancaRules:
    return preset(str(state["preset"])).with_options(
        decks=int(state["decks"]), commission=COMMISSIONS[str(state["commission"])],
        tie_pays=int(state["tie_pays"]))


def _render_odds(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    rules = _odds_rules(state)
    result = _analysis(rules.decks)
    controls = (
        _select("decks", _t(N_("Decks"), lang), [(str(d), str(d)) for d in range(1, 9)], str(state["decks"]))
        + _select("commission", _t(N_("Banker commission"), lang),
                  [("5%", _t(N_("deduction of 5 %"), lang)), ("19:20", _t(N_("paid 19 to 20"), lang)),
                   ("10%", _t(N_("deduction of 10 %"), lang))], str(state["commission"]))
        + _select("tie-pays", _t(N_("Tie pays"), lang),
                  [(str(p), _t(N_("{pays} to 1"), lang).format(pays=p)) for p in TIE_PAYOUTS],
                  str(state["tie_pays"])))
    rows = "".join(
        f'<tr data-naipes-bet="{bet}"><th scope="row">{escape(_t(BET_NAMES[bet], lang))}</th>'
        f'<td title="{escape(str(result.probability(bet)))}">{escape(percent(result.probability(bet), lang, 4))}</td>'
        f'<td>{escape(percent(result.house_edge(bet, rules), lang, 4))}</td></tr>' for bet in BETS)
    caption = _t(N_("Exact odds of one coup dealt from a full shoe of {decks} decks."), lang).format(
        decks=rules.decks)
    naturals = _t(N_("A natural (8 or 9 on two cards) ends {share} of coups."), lang).format(
        share=percent(Fraction(result.naturals, result.total), lang, 2))
    headers = "".join(f'<th scope="col">{escape(_t(label, lang))}</th>' for label in
                      (N_("Bet"), N_("Probability of winning"), N_("House edge")))
    body = (f'<form class="naipes-controls" onsubmit="return false">{controls}</form>'
            f'<table class="naipes-table"><caption>{escape(caption)}</caption><thead><tr>{headers}</tr></thead>'
            f'<tbody>{rows}</tbody></table><p class="naipes-note">{escape(naturals)}</p>')
    return _root(state, body, error)


def _act_odds(state: dict, action: str, value: str) -> dict:
    if action == "decks":
        state["decks"] = _decks(value)
    elif action == "commission":
        if value not in COMMISSIONS:
            raise RulesError("Unknown commission {value!r}: use 5%, 19:20 or 10%.", value=value)
        state["commission"] = value
    elif action == "tie-pays":
        if value not in {str(p) for p in TIE_PAYOUTS}:
            raise RulesError("The tie payout must be 8 or 9 to 1 here, not {value!r}.", value=value)
        state["tie_pays"] = int(value)
    else:
        raise RulesError("Unknown action {action!r}.", action=action)
    return state


# --- coup player -----------------------------------------------------------------------------------

def _replay(rules: PuntoBancaRules, seed: int) -> tuple[str, list[tuple[Card, list], bool], PuntoBancaCoup]:
    """The shoe for ``seed``: burn, then one coup, as a list of steps (one card each)."""
    shoe = new_shoe(rules, seed)
    burn = shoe.burn(rules.burn)
    coup = PuntoBancaCoup(rules)
    steps = []
    while not coup.is_terminal():
        card = shoe.draw()
        steps.append((card, coup.deal(card)))
    return burn, steps, shoe.stop_card_out


def _card_html(card: Card, lang: str) -> str:
    red = " naipes-red" if card.suit in ("h", "d") else ""
    return (f'<span class="naipes-card{red}" role="img" aria-label="{escape(card_name(card, lang))}">'
            f"{escape(card.symbol)}</span>")


def _render_coup(state: Mapping[str, object], error: str | None) -> str:
    lang, seed, step = str(state["lang"]), int(state["seed"]), int(state["step"])
    rules = preset(str(state["preset"]))
    burn, steps, stop_out = _replay(rules, seed)
    shown = steps[:step]
    hands = {PLAYER: [], BANKER: []}
    lines = [burn_text(burn, lang)] if burn_text(burn, lang) else []
    for card, events in shown:
        hands[events[0].params["hand"]].append(card)
        lines += [narrate(event, lang) for event in events]
    done = step >= len(steps)
    if done and stop_out:
        lines.append(stop_card_text(lang))

    def hand_html(hand: str, label: str) -> str:
        cards = hands[hand]
        total = sum(c.baccarat_value for c in cards) % 10
        shown_cards = "".join(_card_html(c, lang) for c in cards) or "<span class=\"naipes-empty\">—</span>"
        total_text = _t(N_("total {total}"), lang).format(total=total) if cards else ""
        return (f'<div class="naipes-hand" data-naipes-hand="{hand}"><p class="naipes-hand-title"><strong>{escape(label)}</strong></p>'
                f'<div class="naipes-cards">{shown_cards}</div><p class="naipes-total">{escape(total_text)}</p></div>')

    narration = "".join(f"<li>{escape(line)}</li>" for line in lines)
    button_specs = ((N_("Next step"), "next", " md-button--primary", done),
                    (N_("Deal to the end"), "finish", "", done),
                    (N_("New coup"), "new", "", False))
    buttons = " ".join(f'<button type="button" class="md-button{style}" data-naipes-action="{action}"'
                       f'{" disabled" if disabled else ""}>{escape(_t(label, lang))}</button>'
                       for label, action, style, disabled in button_specs)
    seed_text = _t(N_("Seed {seed}: the same seed deals the same coup. Link to this coup:"), lang).format(
        seed=seed)
    hands_html = hand_html(PLAYER, _t(BET_NAMES[PLAYER], lang)) + hand_html(BANKER, _t(BET_NAMES[BANKER], lang))
    body = (f'<div class="naipes-hands">{hands_html}</div>'
            f'<ol class="naipes-narration" aria-live="polite">{narration}</ol>'
            f'<p class="naipes-buttons">{buttons}</p>'
            f'<p class="naipes-seed">{escape(seed_text)} <a href="?seed={seed}" data-naipes-seed-link>'
            f"?seed={seed}</a></p>")
    return _root(state, body, error, extra=f' data-naipes-seed="{seed}"')


def _act_coup(state: dict, action: str, value: str) -> dict:
    rules = preset(str(state["preset"]))
    if action == "next":
        _, steps, _ = _replay(rules, int(state["seed"]))
        state["step"] = min(int(state["step"]) + 1, len(steps))
    elif action == "finish":
        _, steps, _ = _replay(rules, int(state["seed"]))
        state["step"] = len(steps)
    elif action == "new":
        state["seed"] = secrets.randbelow(10**9)
        state["step"] = 0
    elif action == "seed":
        state["seed"] = _seed(value)
        state["step"] = 0
    else:
        raise RulesError("Unknown action {action!r}.", action=action)
    return state


# --- presets comparison -----------------------------------------------------------------------------

def _render_presets(state: Mapping[str, object], error: str | None) -> str:
    """Every jurisdiction preset side by side, generated from the rules objects and their citations."""
    lang = str(state["lang"])
    none = _t(N_("not set"), lang)
    burn_names = {BURN_NONE: N_("no burn"), BURN_FIXED: N_("fixed"),
                  BURN_BY_TURNED_CARD: N_("the turned card and as many cards as its value")}
    rows = (
        (N_("Source"), lambda r: ", ".join(sorted({c.source for c in r.citations}))),
        (N_("Decks"), lambda r: str(r.decks)),
        (N_("Cards below the stop card"), lambda r: str(r.stop_card.cards_below) if r.stop_card else none),
        (N_("Burn"), lambda r: _t(burn_names[r.burn.kind], lang)),
        (N_("A winning Banca bet is paid"), lambda r: decimal(r.banker_pays, lang, 2)),
        (N_("Tie pays"), lambda r: _t(N_("{pays} to 1"), lang).format(pays=r.tie_pays)),
        (N_("Who deals"), lambda r: _t(N_("a player") if r.dealer == "player" else N_("the croupier"), lang)),
        (N_("Seats"), lambda r: str(r.seats) if r.seats else none),
        (N_("Tie bets at most"), lambda r: _t(N_("{share} of the table maximum"), lang).format(
            share=percent(r.tie_bet_max_share, lang, 0)) if r.tie_bet_max_share else none),
        (N_("Table maximum"), lambda r: _t(N_("{low} to {high} times the minimum"), lang).format(
            low=r.table_max_multiple[0], high=r.table_max_multiple[1]) if r.table_max_multiple else none),
    )
    names = list(PRESETS)
    head = "".join(f'<th scope="col"><code>{escape(name)}</code></th>' for name in names)
    body_rows = "".join(
        f'<tr><th scope="row">{escape(_t(label, lang))}</th>'
        + "".join(f"<td>{escape(cell(PRESETS[name]))}</td>" for name in names) + "</tr>"
        for label, cell in rows)
    notes = "".join(
        f"<li><code>{escape(name)}</code>: {escape(_t(message, lang))}</li>"
        for name in names for message in PRESETS[name].interpretations)
    caption = _t(N_("The engine's presets, generated from its rules objects."), lang)
    interpretations = _t(N_("Interpretations"), lang)
    body = (f'<div class="naipes-scroll"><table class="naipes-table"><caption>{escape(caption)}</caption>'
            f'<thead><tr><th scope="col"></th>{head}</tr></thead><tbody>{body_rows}</tbody></table></div>'
            f'<p class="naipes-note"><strong>{escape(interpretations)}</strong></p><ul class="naipes-note">{notes}</ul>')
    # Nothing to interact with: data-naipes-static tells the browser glue not to load Pyodide for it.
    return _root(state, body, error, extra=' data-naipes-static="true"')



def _act_presets(state: dict, action: str, value: str) -> dict:
    raise RulesError("Unknown action {action!r}.", action=action)


def _start(kind: str):
    def start(spec: Mapping[str, str], state: dict) -> dict:
        rules = preset(spec.get("preset", DEFAULT_PRESET))
        state["preset"] = rules.name
        if kind == "odds":
            state.update(decks=_decks(spec.get("decks", str(rules.decks))),
                         commission="19:20" if rules.banker_pays == Fraction(19, 20) else "10%",
                         tie_pays=rules.tie_pays)
        elif kind == "tableau":
            state.update(decks=_decks(spec.get("decks", str(rules.decks))), selected=None)
        elif kind == "coup":
            state.update(seed=_seed(spec.get("seed", "1")), step=0)
        return state
    return start


for _kind, _render_state, _act in (("tableau", _render_tableau, _act_tableau), ("odds", _render_odds, _act_odds),
                                   ("coup", _render_coup, _act_coup), ("presets", _render_presets, _act_presets)):
    register(_kind, GAMES, _start(_kind), _render_state, _act)

from . import widgets_siete  # noqa: E402,F401  (registers its widgets)
from . import widgets_family  # noqa: E402,F401  (registers its widgets)
