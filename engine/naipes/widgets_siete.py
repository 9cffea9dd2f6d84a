"""The widgets of Siete y medio: a table to play a whole game at, and the exact bust table.

``table``
    The reader is player 1 and plays a game of several hands against the
    engine's bank and one to four engine players, with the Ludoteka rules
    (:mod:`naipes.siete_y_medio`): bets, offers for the bank, asking face up
    or face down, standing, and the bank's turn when the reader holds it. The
    state is the seed, the settings and the reader's own actions, hand by hand;
    every render replays them — engine players and the engine's bank act by
    themselves, deterministically — so one state always gives the same HTML.
    Only what player 1 may see is shown while a hand is played: the other
    players' face-down cards are backs, and the narration leaves them out.

``bust-table``
    The chance of going over 7½ with the next card for each total, and of 7½
    with two cards, computed exactly by :mod:`naipes.siete_y_medio_strategy`.

>>> from naipes.widgets import handle, render
>>> html = render({"widget": "table", "game": "siete-y-medio", "seed": "3"}, "en")
>>> 'data-naipes-action="bet"' in html and "Player 1 (you)" in html
True
>>> state = html.split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"')
>>> "The bet must be a whole number of points from 1 to 10, not 50." in handle(
...     handle(state, "bet-amount", "50").split('data-naipes-state="')[1].split('"')[0].replace("&quot;", '"'),
...     "bet", "")
True
"""

from __future__ import annotations

import copy
import secrets
from dataclasses import dataclass, replace
from functools import lru_cache
from html import escape
from typing import Mapping, Sequence

from .cards import SPANISH, Card, full_deck
from .errors import RulesError
from .formatting import percent
from .i18n import N_
from .punto_banca import Event
from .siete_y_medio import (ASK_FACE_DOWN, ASK_FACE_UP, BANK, BET, BUST, DEFAULT_PRESET, DRAW, PLAYING, STAND,
                            STOOD, PlayerStyle, SieteYMedioGame, SieteYMedioHand, SieteYMedioRules, preset)
from .siete_y_medio_narration import narrate, points_text, signed, spanish_card
from .siete_y_medio_strategy import (Advice, advise, bust_probability, bust_table, format_total, half_points,
                                     hand_half_points, seven_and_a_half_two_cards)
from .widgets import _root, _seed, _select, _t, register

GAME = "siete-y-medio"
GAMES = (GAME,)
#: The reader's seat: player 1, first to play in the first hand (the bank sits last).
READER = 0
#: How the engine players play (the engine's documented simple style).
STYLE = PlayerStyle()
ENGINE_PLAYERS = (1, 2, 3, 4)
HAND_COUNTS = (1, 3, 5, 10, 20)
MAX_HANDS = 50
BANK_CARD = {"face-down": False, "face-up": True}
#: Typed text kept in the state is cut to this many characters.
MAX_DRAFT = 12
#: The adviser's exact expected values cost seconds in Pyodide for each player who stood before the reader (each
#: hides a card): beyond this many, only the bust chance is shown.
MAX_STOOD_FOR_EXPECTED = 0
DECK_SIZE = len(full_deck(SPANISH))

_STATUS = {PLAYING: N_("to play"), STOOD: N_("stood"), BUST: N_("went over 7½")}
_STYLE_CSS = (
    "<style>"
    ".naipes-siete .naipes-hands{display:flex;flex-wrap:wrap;gap:.6em;margin:.6em 0}"
    ".naipes-siete .naipes-hand{border:1px solid var(--md-default-fg-color--lightest);border-radius:.2rem;"
    "padding:.3em .6em;min-width:9em}"
    ".naipes-siete .naipes-hand[aria-current=\"true\"]{border-color:var(--md-accent-fg-color)}"
    ".naipes-siete .naipes-hand p{margin:.2em 0}"
    ".naipes-siete .naipes-card{display:inline-block;min-width:2.2em;margin:.1em;padding:.15em .3em;"
    "border:1px solid var(--md-default-fg-color--light);border-radius:.2rem;text-align:center;"
    "background:var(--md-default-bg-color)}"
    ".naipes-siete .naipes-card-hidden{border-style:dashed}"
    ".naipes-siete .naipes-card-back{background:repeating-linear-gradient(45deg,"
    "var(--md-primary-fg-color) 0 .25em,var(--md-default-bg-color) .25em .5em)}"
    ".naipes-siete .naipes-controls{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:end}"
    ".naipes-siete .naipes-control{display:inline-flex;flex-direction:column;gap:.1em}"
    ".naipes-siete .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-siete button[disabled]{opacity:.4;cursor:default}"
    ".naipes-siete .md-button{padding:.3em 1em;font-size:.7rem}"
    ".naipes-siete .naipes-score{margin-top:.6em}"
    "</style>"
)


# --- replaying a game from its state ----------------------------------------------------------------

@dataclass(frozen=True)
class TableConfig:
    """What fixes a game besides the reader's actions (hashable, for the caches)."""

    preset: str
    hands: int
    bank_face_up: bool
    engines: int
    seed: int

    @property
    def seats(self) -> int:
        return self.engines + 2

    def rules(self) -> SieteYMedioRules:
        return replace(preset(self.preset), hands=self.hands, bank_card_face_up=self.bank_face_up)


@dataclass(frozen=True)
class TableView:
    """A game replayed up to now: the game, the hand in play (or just over) and the game's events after it."""

    game: SieteYMedioGame
    hand: SieteYMedioHand
    after: tuple[Event, ...]
    number: int

    @property
    def reader_to_act(self) -> bool:
        actor = self.hand.to_act
        return actor == READER or (actor == BANK and self.hand.bank == READER)


def _move(hand: SieteYMedioHand, move: Sequence) -> None:
    if not move:
        raise RulesError("Unknown action {action!r}.", action="")
    name = move[0]
    if name == BET:
        hand.bet(move[1] if len(move) > 1 else None, move[2] if len(move) > 2 else None)
    elif name in (ASK_FACE_UP, ASK_FACE_DOWN, STAND, DRAW):
        hand.apply(name)
    else:
        raise RulesError("Unknown action {action!r}.", action=name)


def _play(hand: SieteYMedioHand, moves: Sequence[Sequence]) -> None:
    """Play the reader's ``moves``; the engine players and an engine bank act whenever it is their turn."""
    pending = list(moves)
    while not hand.finished:
        actor = hand.to_act
        if actor == BANK and hand.bank != READER:
            hand.play_bank()
        elif actor != BANK and actor != READER:
            hand.play_engine_player(STYLE)
        elif pending:
            _move(hand, pending.pop(0))
        else:
            return
    if pending:
        raise RulesError("The hand is over.")


@lru_cache(maxsize=64)
def _after_hands(config: TableConfig, hands: tuple) -> SieteYMedioGame:
    """The game once the completed ``hands`` (the reader's moves of each) are played and settled (read only)."""
    if not hands:
        return SieteYMedioGame(config.rules(), seats=config.seats, seed=config.seed, bank=config.seats - 1)
    view = _table_view(config, hands)  # usually cached already: the table showed that hand
    if not view.hand.finished:
        raise RulesError("Finish the hand in play first.")
    return view.game


@lru_cache(maxsize=64)
def _table_view(config: TableConfig, hands: tuple) -> TableView:
    """The last of ``hands`` played (on a copy of the game after the others), settled if it is over."""
    game = copy.deepcopy(_after_hands(config, hands[:-1]))
    if game.is_over:
        raise RulesError("The game is over.")
    hand = game.new_hand()
    _play(hand, hands[-1])
    after = tuple(game.finish_hand()) if hand.finished else ()
    return TableView(game, hand, after, len(hands))


def _frozen(play: Sequence[Sequence[Sequence]]) -> tuple:
    return tuple(tuple(tuple(move) for move in hand) for hand in play)


def _config(state: Mapping[str, object]) -> TableConfig:
    return TableConfig(str(state["preset"]), int(state["hands"]), bool(state["bank_face_up"]),
                       int(state["engines"]), int(state["seed"]))


def table_view(state: Mapping[str, object]) -> TableView:
    """The game a ``table`` widget's state describes, replayed (cached: the result is shared, read only)."""
    return _table_view(_config(state), _frozen(state["play"]))  # type: ignore[arg-type]


# --- narration from player 1's seat ------------------------------------------------------------------------

def _seat_name(seat: int, lang: str) -> str:
    return _t(N_("Player {seat}"), lang).format(seat=seat + 1)


def _reader_lines(hand: SieteYMedioHand, lang: str) -> list[str]:
    """The hand's events as sentences, leaving out what player 1 cannot see (others' face-down cards)."""
    t = lambda message: _t(message, lang)  # noqa: E731
    hidden: dict[int, Card] = {}
    lines = []
    for event in hand.events:
        p = event.params
        seat = p.get("seat")
        own = seat == READER
        line = None
        if event.kind == "deal":
            if not p["face_up"]:
                hidden[seat] = p["card"]
            if p["bank"] and not p["face_up"] and hand.bank != READER:
                line = t(N_("The bank deals itself a card face down."))
            elif not p["bank"] and not own:
                line = t(N_("Player {seat} receives a card face down.")).format(seat=seat + 1)
        elif event.kind == "ask-face-down":
            hidden[seat] = p["card"]
            if not own:
                line = t(N_("Player {seat} asks for a card face down and turns up {turned}.")).format(
                    seat=seat + 1, turned=spanish_card(p["turned"], lang))
        elif event.kind == "ask-face-up" and not own:
            visible = p["total"] - (half_points(hidden[seat]) if seat in hidden else 0)
            line = t(N_("Player {seat} asks for a card face up: {card}, {visible} showing.")).format(
                seat=seat + 1, card=spanish_card(p["card"], lang), visible=format_total(visible))
        elif event.kind == "stand" and not own:
            if p["visible"]:
                line = t(N_("Player {seat} stands with {visible} showing.")).format(
                    seat=seat + 1, visible=format_total(p["visible"]))
            else:
                line = t(N_("Player {seat} stands with only the face-down card.")).format(seat=seat + 1)
        lines.append(line if line is not None else narrate(event, lang))
    return lines


# --- the table's HTML -----------------------------------------------------------------------------------------

def _card_html(card: Card | None, lang: str, face_down: bool = False) -> str:
    if card is None:
        label = _t(N_("a face-down card"), lang)
        return (f'<span class="naipes-card naipes-card-back" role="img" aria-label="{escape(label)}" '
                f'title="{escape(label)}">?</span>')
    name = spanish_card(card, lang)
    if face_down:
        mark = _t(N_("face down"), lang)
        label = f"{name} ({mark})"
        return (f'<span class="naipes-card naipes-card-hidden" data-naipes-card="{card}" role="img" '
                f'aria-label="{escape(label)}" title="{escape(label)}">{escape(card.symbol)} '
                f'<small>({escape(mark)})</small></span>')
    return (f'<span class="naipes-card" data-naipes-card="{card}" role="img" aria-label="{escape(name)}" '
            f'title="{escape(name)}">{escape(card.symbol)}</span>')


def _seat_label(seat: int, hand: SieteYMedioHand | None, bank: int, lang: str) -> str:
    label = _seat_name(seat, lang)
    notes = []
    if seat == READER:
        notes.append(_t(N_("you"), lang))
    if seat == bank:
        notes.append(_t(N_("bank"), lang))
    return label + (f" ({', '.join(notes)})" if notes else "")


def _hand_html(view: TableView, seat_number: int, lang: str) -> str:
    hand = view.hand
    seat = hand.seats[seat_number]
    over = hand.finished
    is_bank = seat_number == hand.bank
    sees_all = over or seat_number == READER
    cards = []
    for i, card in enumerate(seat.cards):
        if i == seat.hidden:
            cards.append(_card_html(card if sees_all else None, lang, face_down=True))
        else:
            cards.append(_card_html(card, lang))
    visible = hand_half_points(seat.visible_cards)
    if not seat.cards or (not sees_all and seat.hidden is not None and not visible):
        total_text = ""
    elif seat.hidden is None or over or (seat_number == READER and not visible):
        total_text = _t(N_("{total} in all"), lang).format(total=format_total(seat.total))
    elif seat_number == READER:
        total_text = _t(N_("{total} in all, {visible} showing"), lang).format(
            total=format_total(seat.total), visible=format_total(visible))
    else:
        total_text = _t(N_("{visible} showing"), lang).format(visible=format_total(visible))
    details = []
    if seat.stake is not None:
        details.append(_t(N_("bet: {points}"), lang).format(points=points_text(seat.stake, lang)))
    if seat.offer is not None:
        details.append(_t(N_("offer for the bank: {points}"), lang).format(points=points_text(seat.offer, lang)))
    status = _STATUS.get(seat.status) if not is_bank else None
    if is_bank and hand.to_act == BANK:
        status = N_("to play")
    if status:
        details.append(_t(status, lang))
    current = ' aria-current="true"' if (hand.to_act == seat_number or (is_bank and hand.to_act == BANK)) else ""
    title = escape(_seat_label(seat_number, hand, hand.bank, lang))
    return (f'<div class="naipes-hand" data-naipes-seat="{seat_number}"{current}>'
            f'<p class="naipes-hand-title"><strong>{title}</strong></p>'
            f'<div class="naipes-cards">{"".join(cards)}</div>'
            f'<p class="naipes-total">{escape(total_text)}</p>'
            f'<p class="naipes-seat-details">{escape(" · ".join(details))}</p></div>')


def _score_html(view: TableView, lang: str) -> str:
    game, hand = view.game, view.hand
    net = hand.results() if hand.finished else {}
    caption = _t(N_("Hand {number} of {hands}: the points of every seat."), lang).format(
        number=view.number, hands=game.rules.hands)
    heads = "".join(f'<th scope="col">{escape(_t(h, lang))}</th>' for h in (N_("Seat"), N_("Points"),
                                                                            N_("This hand")))
    rows = []
    for s in range(game.seats):
        change = (f"+{net[s]}" if net[s] > 0 else str(net[s])) if s in net else ""
        rows.append(f'<tr data-naipes-seat="{s}"><th scope="row">{escape(_seat_label(s, hand, hand.bank, lang))}'
                    f'</th><td data-naipes-points>{game.points[s]}</td><td>{escape(change)}</td></tr>')
    return (f'<table class="naipes-table naipes-score"><caption>{escape(caption)}</caption>'
            f'<thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def _prompt(view: TableView, state: Mapping[str, object], lang: str) -> str:
    hand, game = view.hand, view.game
    rules = game.rules
    if hand.finished:
        if game.is_over:
            return _t(N_("The game is over. Start a new game to play again."), lang)
        return _t(N_("The hand is over: deal the next one."), lang)
    if hand.to_act == BANK and hand.bank == READER:
        return _t(N_("You hold the bank: draw a card, face up, or stand."), lang)
    if hand.phase == BET and hand.to_act == READER:
        return _t(N_("Your turn: bet from {low} to {high} points; you may also offer points for the bank."),
                  lang).format(low=rules.min_bet, high=hand.max_bet(READER))
    if hand.to_act == READER:
        return _t(N_("Your turn: ask for a card face up, or face down (your hidden card is then turned up), "
                     "or stand."), lang)
    return _t(N_("You have no points left and sit out this hand."), lang)


def _controls_html(view: TableView, state: Mapping[str, object], lang: str) -> str:
    hand = view.hand
    rules = view.game.rules
    engines = [(str(n), str(n)) for n in ENGINE_PLAYERS]
    counts = sorted(set(HAND_COUNTS) | {int(state["hands"])})
    settings = (
        _select("players", _t(N_("Engine players"), lang), engines, str(state["engines"]))
        + _select("hands", _t(N_("Hands in the game"), lang), [(str(n), str(n)) for n in counts],
                  str(state["hands"]))
        + _select("bank-card", _t(N_("The bank's first card"), lang),
                  [("face-down", _t(N_("face down (Ludoteka)"), lang)),
                   ("face-up", _t(N_("face up (option bank_card_face_up)"), lang))],
                  "face-up" if state["bank_face_up"] else "face-down"))
    betting = ""
    if hand.phase == BET and hand.to_act == READER:
        bet_label = _t(N_("Your bet ({low} to {high} points)"), lang).format(low=rules.min_bet,
                                                                             high=hand.max_bet(READER))
        offer_label = _t(N_("Offer for the bank (optional)"), lang)
        offer_hint = _t(N_("At most half the points you would have left after losing your bet; the engine's bank "
                           "accepts {points} or more."), lang).format(points=points_text(rules.offer_threshold,
                                                                                           lang))
        betting = (
            f'<label class="naipes-control"><span>{escape(bet_label)}</span> '
            f'<input type="text" inputmode="numeric" size="4" autocomplete="off" data-naipes-action="bet-amount" '
            f'value="{escape(str(state["bet"]))}"></label>'
            f'<label class="naipes-control"><span>{escape(offer_label)}</span> '
            f'<input type="text" inputmode="numeric" size="4" autocomplete="off" data-naipes-action="offer-amount" '
            f'value="{escape(str(state["offer"]))}" title="{escape(offer_hint)}"></label>'
            f'<p class="naipes-note">{escape(offer_hint)}</p>')
    legal = set(hand.legal_actions()) if view.reader_to_act else set()
    in_bank = hand.to_act == BANK
    specs = [(N_("Place the bet"), BET, BET in legal, True)]
    if in_bank and hand.bank == READER:
        specs += [(N_("Draw a card"), DRAW, DRAW in legal, True), (N_("Stand"), STAND, STAND in legal, False)]
    else:
        specs += [(N_("Ask face up"), ASK_FACE_UP, ASK_FACE_UP in legal, True),
                  (N_("Ask face down"), ASK_FACE_DOWN, ASK_FACE_DOWN in legal, True),
                  (N_("Stand"), STAND, STAND in legal, False)]
    decision = bool(legal - {BET})
    odds_on = bool(state["odds"])
    specs.append((N_("Hide the odds") if odds_on else N_("Show the odds"), "odds", decision, False))
    specs.append((N_("Next hand"), "next", hand.finished and not view.game.is_over, True))
    specs.append((N_("New game"), "new", True, False))
    buttons = []
    for label, action, enabled, primary in specs:
        pressed = f' aria-pressed="{"true" if odds_on else "false"}"' if action == "odds" else ""
        style = " md-button--primary" if primary and enabled else ""
        buttons.append(f'<button type="button" class="md-button{style}" data-naipes-action="{action}"{pressed}'
                       f'{"" if enabled else " disabled"}>{escape(_t(label, lang))}</button>')
    return (f'<form class="naipes-controls" onsubmit="return false">{settings}</form>'
            f'<p class="naipes-prompt"><strong>{escape(_prompt(view, state, lang))}</strong></p>'
            f'<form class="naipes-controls naipes-bet" onsubmit="return false">{betting}</form>'
            f'<p class="naipes-buttons">{" ".join(buttons)}</p>')


@lru_cache(maxsize=256)
def _advice(own: tuple, hidden: Card, seen: tuple, bank: tuple | None, others: tuple, stake: int,
            stakes: tuple, expected: bool) -> Advice:
    return advise(own, seen=seen, bank=bank, others=others, hidden=hidden, expected=expected, stake=stake,
                  other_stakes=stakes)


def _odds_html(view: TableView, lang: str) -> str:
    """Player 1's chances now: the bust probability always, exact expected values when they are affordable."""
    hand = view.hand
    t = lambda message: _t(message, lang)  # noqa: E731
    lines: list[str] = []
    if hand.to_act == BANK and hand.bank == READER:
        own, seen = hand.player_view(READER)
        bust = bust_probability(own, seen)
        lines.append(t(N_("Chance of going over 7½ with one more card: {p} ({exact}).")).format(
            p=percent(bust, lang, 2), exact=str(bust)))
        decision = hand.bank_decision()
        if decision.draw_value is None:
            lines.append(t(N_("Expected result for the bank, in points: {stand} standing.")).format(
                stand=signed(decision.stand_value, lang)))
        else:
            lines.append(t(N_("Expected result for the bank, in points: {stand} standing, {draw} drawing.")).format(
                stand=signed(decision.stand_value, lang), draw=signed(decision.draw_value, lang)))
        lines.append(t(N_("The bank's model: each hidden card is one of the unseen cards that keeps its player at "
                          "or under 7½; nothing is read into how the players asked or stood.")))
    elif hand.phase == "play" and hand.to_act == READER:
        me = hand.seats[READER]
        seen: list[Card] = []
        others: list[tuple[Card, ...]] = []
        stakes: list[int] = []
        later = False
        for s in hand.order:
            seat = hand.seats[s]
            if s == READER:
                continue
            if seat.status == BUST:
                seen += seat.cards
            elif seat.status == STOOD:
                others.append(tuple(seat.visible_cards))
                stakes.append(seat.stake or 0)
            else:
                later = True
        bank_cards = tuple(hand.bank_seat.visible_cards) or None
        expected = bank_cards is not None and len(others) <= MAX_STOOD_FOR_EXPECTED
        advice = _advice(tuple(me.cards), me.hidden_card, tuple(seen), bank_cards, tuple(others), me.stake or 1,
                         tuple(stakes), expected)
        lines.append(t(N_("Chance of going over 7½ with one more card: {p} ({exact}).")).format(
            p=percent(advice.bust, lang, 2), exact=str(advice.bust)))
        if advice.stand is None and bank_cards is None:
            lines.append(t(N_("The expected results of asking and standing are computed only when the bank's first "
                              "card is face up (choose it above): with it face down they take too long to compute "
                              "in the browser.")))
        elif advice.stand is None:
            lines.append(t(N_("A player who stood before you hides a card: with it, the expected results of asking "
                              "and standing take too long to compute in the browser, so only the chance of going "
                              "over is shown.")))
        else:
            labels = {STAND: N_("standing"), ASK_FACE_UP: N_("asking for a card face up"),
                      ASK_FACE_DOWN: N_("asking for a card face down")}
            lines.append(t(N_("Expected result per point staked against the engine's bank:")))
            stake = me.stake or 1  # the adviser counts in points for this bet: show them per point staked
            for key, value in ((STAND, advice.stand), (ASK_FACE_UP, advice.ask_face_up),
                               (ASK_FACE_DOWN, advice.ask_face_down)):
                if value is not None:
                    lines.append(f"{t(labels[key])}: {signed(value / stake, lang)}")
            lines.append(t(N_("Best: {choice}.")).format(choice=t(labels[advice.best])))
            if later:
                lines.append(t(N_("The expected results count the players who already played, not those who play "
                                  "after you.")))
    else:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="naipes-odds-lines" aria-live="polite">{items}</ul>'


def _render_table(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    view = table_view(state)
    hand = view.hand
    seats = [s for s in hand.order] + [hand.bank]
    hands_html = "".join(_hand_html(view, s, lang) for s in seats)
    lines = _reader_lines(hand, lang) + [narrate(event, lang) for event in view.after]
    narration = "".join(f"<li>{escape(line)}</li>" for line in lines)
    odds = _odds_html(view, lang) if state["odds"] else ""
    style_note = _t(N_("The engine players bet {points} and ask for a card while the chance of going over "
                       "is below {share}; the engine's bank plays to maximise its exact expected result."),
                    lang).format(points=points_text(STYLE.bet, lang), share=percent(STYLE.bust_limit, lang, 0))
    rules = view.game.rules
    setup = _t(N_("Each seat starts with {points}; bets go from {low} to {high} points."), lang).format(
        points=points_text(rules.starting_points, lang), low=rules.min_bet, high=rules.max_bet)
    body = (_STYLE_CSS + '<div class="naipes-siete">' + _controls_html(view, state, lang)
            + (f'<div class="naipes-odds">{odds}</div>' if odds else "")
            + f'<div class="naipes-hands">{hands_html}</div>'
            f'<ol class="naipes-narration" aria-live="polite">{narration}</ol>'
            + _score_html(view, lang)
            + f'<p class="naipes-note">{escape(setup)} {escape(style_note)}</p></div>')
    return _root(state, body, error)


# --- the table's actions -----------------------------------------------------------------------------------------

def _whole_or_text(text: str) -> int | str:
    """A typed number as an int, or the text itself so the engine's error message names it."""
    try:
        return int(text.strip())
    except ValueError:
        return text.strip()


def _choice(value: str, allowed: Sequence[int], message: str, **params) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number not in allowed:
        raise RulesError(message, value=value, **params)
    return number


def _act_table(state: dict, action: str, value: str) -> dict:
    if action == "bet-amount":
        state["bet"] = str(value)[:MAX_DRAFT]
        return state
    if action == "offer-amount":
        state["offer"] = str(value)[:MAX_DRAFT]
        return state
    if action == "odds":
        state["odds"] = not state["odds"]
        return state
    if action == "players":
        state["engines"] = _choice(value, ENGINE_PLAYERS,
                                   N_("Choose from 1 to 4 engine players, not {value!r}."))
    elif action == "hands":
        state["hands"] = _choice(value, range(1, MAX_HANDS + 1),
                                 N_("A game here has from 1 to {most} hands, not {value!r}."), most=MAX_HANDS)
    elif action == "bank-card":
        if value not in BANK_CARD:
            raise RulesError("Unknown choice {value!r} for the bank's first card: use face-down or face-up.",
                             value=value)
        state["bank_face_up"] = BANK_CARD[value]
    elif action == "new":
        state["seed"] = secrets.randbelow(10**9)
    elif action == "seed":
        state["seed"] = _seed(value)
    elif action == "next":
        view = table_view(state)
        if not view.hand.finished:
            raise RulesError("The hand is not over yet.")
        if view.game.is_over:
            raise RulesError("The game is over.")
        state["play"] = [list(h) for h in state["play"]] + [[]]
        state["offer"] = ""
        return state
    elif action in (BET, ASK_FACE_UP, ASK_FACE_DOWN, STAND, DRAW):
        offer = str(state["offer"]).strip()
        move = [BET, _whole_or_text(str(state["bet"])), _whole_or_text(offer) if offer else None] if action == BET \
            else [action]
        play = [list(h) for h in state["play"]]
        play[-1] = play[-1] + [move]
        _table_view(_config(state), _frozen(play))  # raises the engine's message if the move is not legal
        state["play"] = play
        return state
    else:
        raise RulesError("Unknown action {action!r}.", action=action)
    # A new game: settings or seed changed.
    state["play"] = [[]]
    state["offer"] = ""
    _table_view(_config(state), _frozen(state["play"]))
    return state


def _start_table(spec: Mapping[str, str], state: dict) -> dict:
    rules = preset(spec.get("preset", DEFAULT_PRESET))
    state["preset"] = rules.name
    state["seed"] = _seed(spec.get("seed", "1"))
    state["engines"] = _choice(spec.get("players", "3"), ENGINE_PLAYERS,
                               N_("Choose from 1 to 4 engine players, not {value!r}."))
    state["hands"] = _choice(spec.get("hands", str(rules.hands)), range(1, MAX_HANDS + 1),
                             N_("A game here has from 1 to {most} hands, not {value!r}."), most=MAX_HANDS)
    card = spec.get("bank-card", "face-up" if rules.bank_card_face_up else "face-down")
    if card not in BANK_CARD:
        raise RulesError("Unknown choice {value!r} for the bank's first card: use face-down or face-up.",
                         value=card)
    state["bank_face_up"] = BANK_CARD[card]
    state.update(play=[[]], bet=str(rules.min_bet), offer="", odds=False)
    return state


# --- bust table ----------------------------------------------------------------------------------------------------

def _render_bust_table(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    rows = []
    for row in bust_table():
        one = row["one_card"]
        one_cell = (f'<td title="{escape(str(one))}">{escape(percent(one, lang, 2))}</td>' if one is not None
                    else "<td>—</td>")
        rows.append(f'<tr data-naipes-total="{row["total"]}"><th scope="row">{escape(format_total(row["total"]))}</th>'
                    f'<td title="{escape(str(row["full_deck"]))}">{escape(percent(row["full_deck"], lang, 2))}</td>'
                    f"{one_cell}</tr>")
    heads = "".join(f'<th scope="col">{escape(_t(h, lang))}</th>' for h in (
        N_("Total"), N_("Next card from the full deck"), N_("Next card once that single card is out")))
    caption = _t(N_("Chance of going over 7½ with the next card, by total, from the {cards}-card baraja."), lang).format(
        cards=DECK_SIZE)
    note = _t(N_("Full deck: the next card is any of the {cards} (the table of a total, not of a particular hand). "
                 "Second column: the hand is one card, so that card is no longer in the deck."), lang).format(
        cards=DECK_SIZE)
    two = seven_and_a_half_two_cards()
    two_text = _t(N_("7½ with two cards: {p} ({exact})."), lang).format(p=percent(two, lang, 4), exact=str(two))
    body = (f'<div class="naipes-scroll"><table class="naipes-table"><caption>{escape(caption)}</caption>'
            f'<thead><tr>{heads}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="naipes-note">{escape(note)}</p>'
            f'<p class="naipes-note" data-naipes-two-cards>{escape(two_text)}</p>')
    return _root(state, body, error, extra=' data-naipes-static="true"')


def _start_bust_table(spec: Mapping[str, str], state: dict) -> dict:
    state["preset"] = preset(spec.get("preset", DEFAULT_PRESET)).name
    return state


def _act_bust_table(state: dict, action: str, value: str) -> dict:
    raise RulesError("Unknown action {action!r}.", action=action)


register("table", GAMES, _start_table, _render_table, _act_table, extra_keys=("players", "hands", "bank-card"))
register("bust-table", GAMES, _start_bust_table, _render_bust_table, _act_bust_table)
