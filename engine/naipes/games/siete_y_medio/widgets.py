"""The widgets of Siete y medio: a table to play a whole game at, and the exact bust table.

`table`
    The reader is player 1 and plays a game of several hands against the
    engine's bank and one to four engine players, with the Ludoteka rules:
    bets, offers for the bank, asking face up or face down, standing, and the
    bank's turn when the reader holds it. The state is the seed, the settings
    and the reader's own actions, hand by hand; every render replays them
    through the one driver (the engine's players and bank act through their
    conduct, the reader's seat through `ReaderDecides`), so one state always
    gives the same HTML. Only what player 1 may see is shown while a hand is
    played: the other players' face-down cards are backs, and the narration
    leaves them out.

`bust-table`
    The chance of going over 7½ with the next card for each total, and of 7½
    with two cards, from the exact analysis.

Examples:
    >>> from naipes.web.registry import handle, render
    >>> html = render({"widget": "table", "game": "siete-y-medio", "seed": "3"}, "en")
    >>> 'data-naipes-action="bet"' in html and "Player 1 (you)" in html
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Mapping, Sequence

from ...core import options
from ...core.cards import Card
from ...core.errors import IllegalActionError, SpecError
from ...core.formatting import percent
from ...core.i18n import N_, translate_plural
from ...core.model import Event, ReaderDecides
from ...core.narration import card_with_article, narrate
from ...core.formatting import signed
from ...core.rng import fresh_seed
from ...web.escaping import escape
from ...web.html import button, controls, field, hand as html_hand, narration, note, root, select, t, table
from ...web.registry import register, unknown_action
from ...core.options import declared
from ...web.state import (State, StateError, choice, flag, items, option_value, scalar, seed as seed_slot, slot, text,
                          whole)
from . import SIETE_Y_MEDIO
from .adviser import Advice, PendingAdvice, bust_probability
from .analysis import TWO_CARDS, fast_report
from .conduct import EngineTable, PlayerStyle
from .events import CardAsked, FirstCard, PlayerStands
from .game import SieteYMedioGame
from .hand import (ASK_FACE_DOWN, ASK_FACE_UP, BANK, BET, BETTING, BUST, DRAW, PLAYING, PLAYING_PHASE, STAND, STOOD,
                   SieteYMedioHand, bet_action, seat_role)
from .narration import points_text
from .rules import SieteYMedioRules
from .values import DECK_SIZE, format_total, full_composition, half_points, hand_half_points

GAMES = (SIETE_Y_MEDIO.id,)
#: The reader's seat: player 1, first to play in the first hand (the bank sits last).
READER = 0
#: How the engine players play (the engine's documented simple style).
STYLE = PlayerStyle()
ENGINE = EngineTable(STYLE)
ENGINE_PLAYERS = (1, 2, 3, 4)
HAND_COUNTS = (1, 3, 5, 10, 20)
MAX_HANDS = 50
BANK_CARD = {"face-down": False, "face-up": True}
#: Typed text kept in the state is cut to this many characters.
MAX_DRAFT = 12
#: The adviser's exact expected values cost seconds in Pyodide for each player who stood before the reader (each
#: hides a card): beyond this many, only the bust chance is shown.
MAX_STOOD_FOR_EXPECTED = 0
READER_ACTIONS = (BET, ASK_FACE_UP, ASK_FACE_DOWN, STAND, DRAW)

_STATUS = {PLAYING: N_("to play"), STOOD: N_("stood"), BUST: N_("went over 7½")}
_STYLE_CSS = (
    "<style>"
    ".naipes-siete .naipes-controls{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:end}"
    ".naipes-siete .naipes-control{display:inline-flex;flex-direction:column;gap:.1em}"
    ".naipes-siete .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-siete .md-button{padding:.3em 1em;font-size:.7rem}"
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
        """The bank, the reader and the engine players."""
        return self.engines + 2

    def rules(self) -> SieteYMedioRules:
        """The preset with the table's settings."""
        return replace(SIETE_Y_MEDIO.presets.get(self.preset), hands=self.hands, bank_card_face_up=self.bank_face_up)


@dataclass(frozen=True)
class TableView:
    """A game replayed up to now: the game, the hand in play (or just over) and the game's events after it."""

    game: SieteYMedioGame
    hand: SieteYMedioHand
    after: tuple[Event, ...]
    number: int

    @property
    def reader_to_act(self) -> bool:
        """True when the hand waits for the reader (their seat's turn, or the bank's while they hold it)."""
        actor = self.hand.to_act
        return actor == READER or (actor == BANK and self.hand.bank == READER)


def move_notation(move: Sequence) -> str:
    """A move kept in a table's state (`["bet", 2, null]`, `["stand"]`) as the hand's action notation.

    Raises:
        SpecError: a move that is not one of the reader's actions.

    Examples:
        >>> move_notation(["bet", 2, None]), move_notation(["bet", 4, 48]), move_notation(["ask-face-up"])
        ('bet:2', 'bet:4:48', 'ask-face-up')
    """
    if not isinstance(move, (list, tuple)) or not move or move[0] not in READER_ACTIONS:
        raise SpecError("Unknown action {action!r}.", action=str(move[0] if isinstance(move, (list, tuple)) and move
                                                               else move))
    if move[0] == BET:
        return bet_action(move[1] if len(move) > 1 else "", move[2] if len(move) > 2 else None)
    return str(move[0])


def reader_conduct(game: SieteYMedioGame) -> ReaderDecides:
    """The reader decides for player 1, and for the bank while they hold it; the engine decides the rest."""
    roles = (seat_role(READER),) + ((BANK,) if game.bank == READER else ())
    return ReaderDecides(roles, ENGINE)


@lru_cache(maxsize=64)
def _after_hands(config: TableConfig, hands: tuple) -> SieteYMedioGame:
    """The game once the completed `hands` (the reader's moves of each) are played and settled (read only)."""
    if not hands:
        return SieteYMedioGame(config.rules(), seats=config.seats, seed=config.seed, bank=config.seats - 1)
    view = _table_view(config, hands)  # usually cached already: the table showed that hand
    if not view.hand.finished:
        raise IllegalActionError("Finish the hand in play first.")
    return view.game


@lru_cache(maxsize=64)
def _table_view(config: TableConfig, hands: tuple) -> TableView:
    """The last of `hands` played (on a copy of the game after the others), settled if it is over."""
    game = _after_hands(config, hands[:-1]).copy()
    if game.is_over:
        raise IllegalActionError("The game is over.")
    record = game.play_hand(reader_conduct(game), [move_notation(move) for move in hands[-1]])
    hand = record.coup
    after = tuple(game.finish_hand()) if hand.is_terminal() else ()
    return TableView(game, hand, after, len(hands))  # type: ignore[arg-type]


#: A hand never takes more of the reader's moves than this (a bet and at most 40 cards).
MAX_MOVES = 45


@dataclass(frozen=True, kw_only=True)
class TableState(State):
    """A game at the table: its settings and seed, the reader's moves hand by hand, the typed bet and offer,
    and whether the odds are shown."""

    preset: str = slot(choice(*SIETE_Y_MEDIO.presets))
    seed: int = slot(seed_slot)
    engines: int = slot(whole(ENGINE_PLAYERS[0], ENGINE_PLAYERS[-1]))
    # The rules' option reads it (its range, its message); a game here is shorter (MAX_HANDS: the state's size).
    hands: int = slot(option_value(declared(SieteYMedioRules.OPTIONS, "hands")))
    bank_face_up: bool = slot(flag)
    play: tuple[tuple[tuple[object, ...], ...], ...] = slot(items(items(items(scalar, 3), MAX_MOVES), MAX_HANDS))
    bet: str = slot(text(MAX_DRAFT))
    offer: str = slot(text(MAX_DRAFT))
    odds: bool = slot(flag)

    def __post_init__(self) -> None:
        if not self.play or self.hands > MAX_HANDS:  # the hand in play is the last one: there is always one
            raise StateError()

    @property
    def config(self) -> TableConfig:
        """What fixes the game besides the reader's moves."""
        return TableConfig(self.preset, self.hands, self.bank_face_up, self.engines, self.seed)


def table_view(state: TableState | Mapping[str, object]) -> TableView:
    """The game a `table` widget's state (typed, or its JSON) describes, replayed (cached: the result is shared,
    read only)."""
    typed = state if isinstance(state, TableState) else TableState.from_json(state)
    return _table_view(typed.config, typed.play)


# --- narration from player 1's seat ------------------------------------------------------------------------

def _reader_lines(hand: SieteYMedioHand, lang: str) -> list[str]:
    """The hand's events as sentences, leaving out what player 1 cannot see (others' face-down cards)."""
    hidden: dict[int, Card] = {}
    lines = []
    for event in hand.events:
        seat = getattr(event, "seat", None)
        own = seat == READER
        line = None
        if isinstance(event, FirstCard):
            if not event.face_up:
                hidden[event.seat] = event.card
            if event.bank and not event.face_up and hand.bank != READER:
                line = t(N_("The bank deals itself a card face down."), lang)
            elif not event.bank and not own:
                line = t(N_("Player {seat} receives a card face down."), lang).format(seat=event.seat + 1)
        elif isinstance(event, CardAsked) and event.face_down:
            hidden[event.seat] = event.card
            if not own:
                line = t(N_("Player {seat} asks for a card face down and turns up {turned}."), lang).format(
                    seat=event.seat + 1, turned=card_with_article(event.turned, lang))  # type: ignore[arg-type]
        elif isinstance(event, CardAsked) and not own:
            visible = event.total - (half_points(hidden[event.seat]) if event.seat in hidden else 0)
            line = t(N_("Player {seat} asks for a card face up: {card}, {visible} showing."), lang).format(
                seat=event.seat + 1, card=card_with_article(event.card, lang), visible=format_total(visible))
        elif isinstance(event, PlayerStands) and not own:
            if event.visible:
                line = t(N_("Player {seat} stands with {visible} showing."), lang).format(
                    seat=event.seat + 1, visible=format_total(event.visible))
            else:
                line = t(N_("Player {seat} stands with only the face-down card."), lang).format(seat=event.seat + 1)
        lines.append(line if line is not None else narrate(event, lang))
    return lines


# --- the table's HTML -----------------------------------------------------------------------------------------

def _seat_label(seat: int, bank: int, lang: str) -> str:
    label = t(N_("Player {seat}"), lang).format(seat=seat + 1)
    notes = []
    if seat == READER:
        notes.append(t(N_("you"), lang))
    if seat == bank:
        notes.append(t(N_("bank"), lang))
    return label + (f" ({', '.join(notes)})" if notes else "")


def _total_text(hand: SieteYMedioHand, seat_number: int, lang: str) -> str:
    seat = hand.seats[seat_number]
    over = hand.finished
    visible = hand_half_points(seat.visible_cards)
    sees_all = over or seat_number == READER
    if not seat.cards or (not sees_all and seat.hidden is not None and not visible):
        return ""
    if seat.hidden is None or over or (seat_number == READER and not visible):
        return t(N_("{total} in all"), lang).format(total=format_total(seat.total))
    if seat_number == READER:
        return t(N_("{total} in all, {visible} showing"), lang).format(total=format_total(seat.total),
                                                                       visible=format_total(visible))
    return t(N_("{visible} showing"), lang).format(visible=format_total(visible))


def _hand_html(view: TableView, seat_number: int, lang: str) -> str:
    hand = view.hand
    seat = hand.seats[seat_number]
    is_bank = seat_number == hand.bank
    sees_all = hand.finished or seat_number == READER
    shown = [c if i != seat.hidden or sees_all else None for i, c in enumerate(seat.cards)]
    details = []
    if seat.stake is not None:
        details.append(t(N_("bet: {points}"), lang).format(points=points_text(seat.stake, lang)))
    if seat.offer is not None:
        details.append(t(N_("offer for the bank: {points}"), lang).format(points=points_text(seat.offer, lang)))
    status = _STATUS.get(seat.status) if not is_bank else None
    if is_bank and hand.to_act == BANK:
        status = N_("to play")
    if status:
        details.append(t(status, lang))
    current = hand.to_act == seat_number or (is_bank and hand.to_act == BANK)
    return html_hand("", _seat_label(seat_number, hand.bank, lang), shown, lang, _total_text(hand, seat_number, lang),
                     attributes=f' data-naipes-seat="{seat_number}"', face_down=(seat.hidden,),
                     details=" · ".join(details), current=current)


def _score_html(view: TableView, lang: str) -> str:
    game, hand = view.game, view.hand
    net = hand.net() if hand.finished else {}
    caption = t(N_("Hand {number} of {hands}: the points of every seat."), lang).format(
        number=view.number, hands=game.rules.hands)
    rows = []
    for s in range(game.seats):
        change = (f"+{net[s]}" if net[s] > 0 else str(net[s])) if s in net else ""
        rows.append(f'<tr data-naipes-seat="{s}"><th scope="row">{escape(_seat_label(s, hand.bank, lang))}'
                    f'</th><td data-naipes-points>{game.points[s]}</td><td>{escape(change)}</td></tr>')
    return table(caption, [t(h, lang) for h in (N_("Seat"), N_("Points"), N_("This hand"))], rows,
                 attributes=' data-naipes-score')


def _prompt(view: TableView, lang: str) -> str:
    hand, game = view.hand, view.game
    rules = game.rules
    if hand.finished:
        if game.is_over:
            return t(N_("The game is over. Start a new game to play again."), lang)
        return t(N_("The hand is over: deal the next one."), lang)
    if hand.to_act == BANK and hand.bank == READER:
        return t(N_("You hold the bank: draw a card, face up, or stand."), lang)
    if hand.phase == BETTING and hand.to_act == READER:
        high = hand.max_bet(READER)
        return translate_plural("Your turn: bet from {low} to {high} point; you may also offer points for the bank.",
                                "Your turn: bet from {low} to {high} points; you may also offer points for the bank.",
                                high, lang).format(low=rules.min_bet, high=high)
    if hand.to_act == READER:
        return t(N_("Your turn: ask for a card face up, or face down (your hidden card is then turned up), "
                    "or stand."), lang)
    return t(N_("You have no points left and sit out this hand."), lang)


def _text_input(action: str, label: str, value: object, hint: str = "") -> str:
    return field(action, label, value, submit=BET, hint=hint)  # Enter in the field places the bet


def _controls_html(view: TableView, state: TableState, lang: str) -> str:
    hand = view.hand
    rules = view.game.rules
    counts = sorted(set(HAND_COUNTS) | {state.hands})
    settings = (
        select("players", t(N_("Engine players"), lang), [(str(n), str(n)) for n in ENGINE_PLAYERS],
               str(state.engines))
        + select("hands", t(N_("Hands in the game"), lang), [(str(n), str(n)) for n in counts], str(state.hands))
        + select("bank-card", t(N_("The bank's first card"), lang),
                 [("face-down", t(N_("face down (Ludoteka)"), lang)),
                  ("face-up", t(N_("face up (a variant)"), lang))],
                 "face-up" if state.bank_face_up else "face-down"))
    betting = ""
    if hand.phase == BETTING and hand.to_act == READER:
        offer_hint = t(N_("At most half the points you would have left after losing your bet; the engine's bank "
                          "accepts {points} or more."), lang).format(points=points_text(rules.offer_threshold, lang))
        high = hand.max_bet(READER)
        betting = (_text_input("bet-amount", translate_plural("Your bet ({low} to {high} point)",
                                                              "Your bet ({low} to {high} points)", high, lang).format(
                       low=rules.min_bet, high=high), state.bet)
                   + _text_input("offer-amount", t(N_("Offer for the bank (optional)"), lang), state.offer,
                                 offer_hint)
                   + note(offer_hint))
    legal = set(hand.legal_actions()) if view.reader_to_act else set()
    specs = [(N_("Place the bet"), BET, True)]
    if hand.to_act == BANK and hand.bank == READER:
        specs += [(N_("Draw a card"), DRAW, True), (N_("Stand"), STAND, False)]
    else:
        specs += [(N_("Ask face up"), ASK_FACE_UP, True), (N_("Ask face down"), ASK_FACE_DOWN, True),
                  (N_("Stand"), STAND, False)]
    odds_on = state.odds
    buttons = [button(t(label, lang), action, primary=primary, disabled=action not in legal)
               for label, action, primary in specs]
    buttons.append(button(t(N_("Hide the odds") if odds_on else N_("Show the odds"), lang), "odds",
                          disabled=not (legal - {BET}), pressed=odds_on))
    buttons.append(button(t(N_("Next hand"), lang), "next", primary=True,
                          disabled=not (hand.finished and not view.game.is_over)))
    buttons.append(button(t(N_("New game"), lang), "new"))
    return (controls(settings)
            + f'<p class="naipes-prompt"><strong>{escape(_prompt(view, lang))}</strong></p>'
            + f'<form class="naipes-controls naipes-bet" onsubmit="return false">{betting}</form>'
            + f'<p class="naipes-buttons">{" ".join(buttons)}</p>')


#: The adviser's answers already computed (the exact expected values may take longer than a click: see `_FILL`).
_ADVICE: dict[tuple, Advice] = {}
#: The adviser's answers being computed, a slice of CPU time per `fill` (the work done is kept between fills).
_PENDING: dict[tuple, PendingAdvice] = {}
#: The CPU time one `fill` gives the adviser (with the replay and the HTML, a fill answers within about 80 ms in
#: CPython, twice that in Pyodide); the browser asks for the next fill while the answer is still pending.
FILL_SECONDS = 0.05
#: The action the browser sends by itself, right after a render that left values to compute ("progressively":
#: the decision first, the exact values when ready).
_FILL = "fill"


def _remember(found: dict, key: tuple, value: object) -> None:
    if len(found) >= 256:
        found.pop(next(iter(found)))
    found[key] = value


def _advice(key: tuple, compute: bool) -> Advice | None:
    """The adviser's answer for `key` (hand, hidden, seen, bank, others, stake, stakes, expected values?);
    `None` while it is not computed yet (`compute`: spend one fill's CPU time on it)."""
    if key in _ADVICE:
        return _ADVICE[key]
    own, hidden, seen, bank, others, stake, stakes, expected = key
    if expected and not compute:
        return None
    if key not in _PENDING:
        _remember(_PENDING, key, PendingAdvice(own, seen=seen, bank=bank, others=others, hidden=hidden,
                                               expected=expected, stake=stake, other_stakes=stakes))
    advice = _PENDING[key].advance(FILL_SECONDS)
    if advice is not None:
        del _PENDING[key]
        _remember(_ADVICE, key, advice)
    return advice


def forget_advice() -> None:
    """Forget the adviser's answers and the bank's decisions (a fresh tab, for tests and benchmarks)."""
    _ADVICE.clear()
    _PENDING.clear()
    _BANK_DECISIONS.clear()


forget_advice.cache_clear = forget_advice  # the benchmarks clear every cache of the engine by this name


def _bust_line(bust, lang: str) -> str:
    return t(N_("Chance of going over 7½ with one more card: {p} ({exact})."), lang).format(
        p=percent(bust, lang, 2), exact=str(bust))


#: The bank's exact decisions already computed for the reader holding the bank (shown progressively too).
_BANK_DECISIONS: dict[tuple, object] = {}


def _bank_odds(hand: SieteYMedioHand, lang: str, compute: bool) -> tuple[list[str], bool]:
    own, seen = hand.player_view(READER)
    lines = [_bust_line(bust_probability(own, seen), lang)]
    unseen, total, players = hand.bank_view()
    key = (tuple(unseen), total, tuple(players))
    if key not in _BANK_DECISIONS:
        if not compute:
            return lines + [t(N_("Computing the exact expected results…"), lang)], True
        _remember(_BANK_DECISIONS, key, hand.bank_decision())
    decision = _BANK_DECISIONS[key]
    if decision.draw_value is None:
        lines.append(t(N_("Expected result for the bank, in points: {stand} standing."), lang).format(
            stand=signed(decision.stand_value, lang)))
    else:
        lines.append(t(N_("Expected result for the bank, in points: {stand} standing, {draw} drawing."),
                       lang).format(stand=signed(decision.stand_value, lang), draw=signed(decision.draw_value, lang)))
    lines.append(t(N_("The bank's model: each hidden card is one of the unseen cards that keeps its player at "
                      "or under 7½; nothing is read into how the players asked or stood."), lang))
    return lines, False


def _player_odds(hand: SieteYMedioHand, lang: str, compute: bool) -> tuple[list[str], bool]:
    """The reader's odds as lines, and whether exact values are still to compute (then only the bust chance)."""
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
    key = (tuple(me.cards), me.hidden_card, tuple(seen), bank_cards, tuple(others), me.stake or 1, tuple(stakes),
           expected)
    advice = _advice(key, compute)
    if advice is None:
        bust = _advice(key[:-1] + (False,), False).bust
        return [_bust_line(bust, lang), t(N_("Computing the exact expected results…"), lang)], True
    lines = [_bust_line(advice.bust, lang)]
    if advice.stand is None and bank_cards is None:
        lines.append(t(N_("The expected results of asking and standing are computed only when the bank's first "
                          "card is face up (choose it above): with it face down they take too long to compute "
                          "in the browser."), lang))
    elif advice.stand is None:
        lines.append(t(N_("A player who stood before you hides a card: with it, the expected results of asking "
                          "and standing take too long to compute in the browser, so only the chance of going "
                          "over is shown."), lang))
    else:
        labels = {STAND: N_("standing"), ASK_FACE_UP: N_("asking for a card face up"),
                  ASK_FACE_DOWN: N_("asking for a card face down")}
        lines.append(t(N_("Expected result per point staked against the engine's bank:"), lang))
        stake = me.stake or 1  # the adviser counts in points for this bet: show them per point staked
        for key, value in ((STAND, advice.stand), (ASK_FACE_UP, advice.ask_face_up),
                           (ASK_FACE_DOWN, advice.ask_face_down)):
            if value is not None:
                lines.append(f"{t(labels[key], lang)}: {signed(value / stake, lang)}")
        lines.append(t(N_("Best: {choice}."), lang).format(choice=t(labels[advice.best], lang)))  # type: ignore
        if later:
            lines.append(t(N_("The expected results count the players who already played, not those who play "
                              "after you."), lang))
    return lines, False


def _odds_html(view: TableView, lang: str, compute: bool = False) -> tuple[str, bool]:
    """Player 1's chances now: the bust probability always, exact expected values when they are affordable;
    and whether some are still to compute (the browser then asks for them with the `fill` action)."""
    hand = view.hand
    pending = False
    if hand.to_act == BANK and hand.bank == READER:
        lines, pending = _bank_odds(hand, lang, compute)
    elif hand.phase == PLAYING_PHASE and hand.to_act == READER:
        lines, pending = _player_odds(hand, lang, compute)
    else:
        return "", False
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    busy = ' aria-busy="true"' if pending else ""
    return f'<ul class="naipes-odds-lines" aria-live="polite"{busy}>{items}</ul>', pending


def _render_table(state: TableState, error: str | None) -> str:
    lang = state.lang
    view = table_view(state)
    hand = view.hand
    hands_html = "".join(_hand_html(view, s, lang) for s in hand.order + [hand.bank])
    lines = _reader_lines(hand, lang) + [narrate(event, lang) for event in view.after]
    odds, pending = _odds_html(view, lang) if state.odds else ("", False)
    style_note = t(N_("The engine players bet {points} and ask for a card while the chance of going over "
                      "is below {share}; the engine's bank plays to maximise its exact expected result."),
                   lang).format(points=points_text(STYLE.bet, lang), share=percent(STYLE.bust_limit, lang, 0))
    rules = view.game.rules
    setup = translate_plural("Each seat starts with {points}; bets go from {low} to {high} point.",
                             "Each seat starts with {points}; bets go from {low} to {high} points.", rules.max_bet,
                             lang).format(points=points_text(rules.starting_points, lang), low=rules.min_bet,
                                          high=rules.max_bet)
    body = (_STYLE_CSS + '<div class="naipes-siete">' + _controls_html(view, state, lang)
            + (f'<div class="naipes-odds">{odds}</div>' if odds else "")
            + f'<div class="naipes-hands">{hands_html}</div>' + narration(lines, lang)
            + _score_html(view, lang)
            + f'<p class="naipes-note">{escape(setup)} {escape(style_note)}</p></div>')
    return root(state, body, error, attributes={"data-naipes-pending": _FILL} if pending else None)


# --- the table's actions -----------------------------------------------------------------------------------------

def _whole_or_text(text: str) -> int | str:
    """A typed number as an int, or the text itself so the engine's error message names it."""
    body = text.strip().replace(":", " ")
    return int(body) if (body.lstrip("-").isascii() and body.lstrip("-").isdigit()) and len(body) <= 30 else body


def _choice(value: str, allowed: Sequence[int], message: str, **params: object) -> int:
    number = int(value) if (str(value).strip().isascii() and str(value).strip().isdigit()) and len(str(value)) < 6 else None
    if number not in allowed:
        raise SpecError(message, value=value, **params)
    return number  # type: ignore[return-value]


def _engines(value: str) -> int:
    return _choice(value, ENGINE_PLAYERS, N_("Choose from 1 to 4 engine players, not {value!r}."))


def _hands(value: str) -> int:
    # TRANSLATORS: {most} is never 1: it is MAX_HANDS, 50.
    return _choice(value, range(1, MAX_HANDS + 1), N_("A game here has from 1 to {most} hands, not {value!r}."),
                   most=MAX_HANDS)


def _bank_card(value: str) -> bool:
    if value not in BANK_CARD:
        raise SpecError("Unknown choice {value!r} for the bank's first card: use face-down or face-up.", value=value)
    return BANK_CARD[value]


def _reader_move(state: TableState, action: str) -> TableState:
    """Add the reader's `action` to the hand in play, if the replay accepts it (else the engine's message)."""
    if action == BET:
        offer = state.offer.strip()
        move: list[object] = [BET, _whole_or_text(state.bet), _whole_or_text(offer) if offer else None]
    else:
        move = [action]
    play = state.play[:-1] + (state.play[-1] + (tuple(move),),)
    if len(play[-1]) > MAX_MOVES:  # never reached by a real hand (it is over long before)
        raise IllegalActionError("No decision is pending.")
    try:
        _table_view(state.config, play)  # raises the engine's message if the move is not legal
    except IllegalActionError as error:  # a bad bet or offer is shown next to its field
        error.control = ("offer-amount" if "offer" in error.params else "bet-amount") if action == BET else None
        raise
    return state.evolve(play=play)


def _act_table(state: TableState, action: str, value: str) -> TableState:
    if action in ("bet-amount", "offer-amount"):
        return state.evolve(**{action.partition("-")[0]: str(value)[:MAX_DRAFT]})
    if action == "odds":
        return state.evolve(odds=not state.odds)
    if action == _FILL:  # compute what the last render left pending; the state does not change
        if state.odds:
            _odds_html(table_view(state), state.lang, compute=True)
        return state
    if action in READER_ACTIONS:
        return _reader_move(state, action)
    if action == "next":
        view = table_view(state)
        if not view.hand.finished:
            raise IllegalActionError("The hand is not over yet.")
        if view.game.is_over:
            raise IllegalActionError("The game is over.")
        return state.evolve(play=state.play + ((),), offer="")
    if action == "players":
        state = state.evolve(engines=_engines(value))
    elif action == "hands":
        state = state.evolve(hands=_hands(value))
    elif action == "bank-card":
        state = state.evolve(bank_face_up=_bank_card(value))
    elif action == "new":
        state = state.evolve(seed=fresh_seed())
    elif action == "seed":
        state = state.evolve(seed=options.seed(value))
    else:
        raise unknown_action(action)
    # A new game: settings or seed changed.
    state = state.evolve(play=((),), offer="")
    _table_view(state.config, state.play)
    return state


def _start_table(spec: Mapping[str, str], base: dict) -> TableState:
    rules = SIETE_Y_MEDIO.presets.get(spec.get("preset"))
    return TableState.from_json(dict(
        base, preset=rules.name, seed=options.seed(spec.get("seed", "1")), engines=_engines(spec.get("players", "3")),
        hands=_hands(spec.get("hands", str(rules.hands))),
        bank_face_up=_bank_card(spec.get("bank-card", "face-up" if rules.bank_card_face_up else "face-down")),
        play=[[]], bet=str(rules.min_bet), offer="", odds=False))


# --- bust table ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class BustTableState(State):
    """The bust table of one preset."""

    preset: str = slot(choice(*SIETE_Y_MEDIO.presets))


def _render_bust_table(state: BustTableState, error: str | None) -> str:
    lang = state.lang
    report = fast_report(SIETE_Y_MEDIO.presets.get(state.preset), full_composition())
    rows = []
    for row in report.extra["bust_next_card"]:  # type: ignore[union-attr]
        one = row.one_card
        one_cell = (f'<td title="{escape(str(one))}">{escape(percent(one, lang, 2))}</td>' if one is not None
                    else "<td>—</td>")
        rows.append(f'<tr data-naipes-total="{row.total}"><th scope="row">{escape(format_total(row.total))}</th>'
                    f'<td title="{escape(str(row.full_deck))}">{escape(percent(row.full_deck, lang, 2))}</td>'
                    f"{one_cell}</tr>")
    heads = [t(h, lang) for h in (N_("Total"), N_("Next card from the full deck"),
                                  N_("Next card once that single card is out"))]
    caption = t(N_("Chance of going over 7½ with the next card, by total, from the {cards}-card baraja."),
                lang).format(cards=DECK_SIZE)
    explanation = t(N_("Full deck: the next card is any of the {cards} (the table of a total, not of a particular "
                       "hand). Second column: the hand is one card, so that card is no longer in the deck."),
                    lang).format(cards=DECK_SIZE)
    two = report.line(TWO_CARDS).probability
    two_text = t(N_("7½ with two cards: {p} ({exact})."), lang).format(p=percent(two, lang, 4), exact=str(two))
    body = (table(caption, heads, rows) + note(explanation)
            + f'<p class="naipes-note" data-naipes-two-cards>{escape(two_text)}</p>')
    return root(state, body, error, static=True)


def _start_bust_table(spec: Mapping[str, str], base: dict) -> BustTableState:
    return BustTableState.from_json(dict(base, preset=SIETE_Y_MEDIO.presets.get(spec.get("preset")).name))


def _act_bust_table(state: BustTableState, action: str, value: str) -> BustTableState:
    raise unknown_action(action)


register("table", GAMES, _start_table, _render_table, _act_table, keys=("players", "hands", "bank-card"),
         state=TableState)
register("bust-table", GAMES, _start_bust_table, _render_bust_table, _act_bust_table, state=BustTableState)
