"""The widgets of Black Jack and Challenge 21: rules, the engine's basic strategy, the dealer's table, the tables.

`rules`
    The preset's properties (`describe`) with its sources and interpretations.
`strategy`
    The basic strategy chart the engine derives for the preset and a number of
    decks (hard totals, soft totals, pairs) with the house edge of playing it
    and of the best first decision for every hand. The tables of the deck
    counts offered are computed once and shipped with the package, so a change
    of decks answers at once.
`published`
    The engine's house edge next to published figures for the same rules.
`dealer`
    The dealer's final total by first card from a full shoe, with the house
    edges of insurance and of Perfect Pairs for the deck count chosen.
`coup`
    A table to play: the reader's box bets (Perfect Pairs in Black Jack, two or
    three rounds in Challenge 21), decides insurance or even money, hits,
    stands, doubles, splits or surrenders, and watches the dealer's play
    narrated. Advice on demand shows the value of every action open. The state
    is the seed and the reader's answers, replayed through the one driver.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "strategy", "game": "black-jack", "decks": "6"}, "en")
    >>> 'data-naipes-row="hard:16"' in html
    True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Mapping

from ...core import options
from ...core.cards import FRENCH, Card
from ...core.drive import burned_shoe, replay
from ...core.errors import IllegalActionError, SpecError
from ...core.formatting import decimal, percent
from ...core.i18n import N_, translate_plural
from ...core.model import ReaderDecides
from ...core.narration import narrate
from ...core.rng import fresh_seed
from ...web.charts import Series, bar_chart
from ...web.escaping import escape
from ...web.html import button, controls, decks_select, exact, hand as html_hand, note, root, select, t, table
from ...web.registry import register, unknown_action
from ...web.tables import presets_table
from . import BLACK_JACK, CHALLENGE_21
from .conduct import BasicStrategy
from .coup import (BUSTED, DECLINE, EVEN_MONEY_DECISION, INSURANCE_DECISION, INSURE, NATURAL, PAID, PLAYING, STOOD,
                   SURRENDERED, TAKE_EVEN_MONEY, BlackJackCoup, Stakes)
from .dealer import FINALS, dealer_table, terminal_hands
from .events import DealerCard
from .expectation import ACTIONS, DOUBLE, HIT, SPLIT, STAND, SURRENDER, Evaluator, Position
from .hands import CLASS_NAMES, VALUE_CLASSES, hand_total, value_class
from ...core.formatting import units
from .narration import total_text
from .published import PUBLISHED
from .rules import PAIR_KINDS, BlackJackRules
from .side_bets import insurance_chance, insurance_edge, perfect_pairs_chances, perfect_pairs_edge, without_ace
from .strategy import COLUMNS, PAIR, ROWS, SHIPPED_DECKS, SOFT, hand_key, shipped_dealer_table, strategy_table

GAMES = (BLACK_JACK.id, CHALLENGE_21.id)
READER = "box-1"
BETS = (1, 2, 5, 10)
SIDE_BETS = (0, 1, 2, 5)
#: The in-browser advice sums at most this many of the dealer's possible hands over the new dealer tables it
#: computes (a table from a 2 sums about 1,400 of them, from a ten about 200; about 2.5 µs each in Pyodide):
#: a hand that needs more is sent to the command line.
ADVICE_BUDGET = 25_000
ABBREVIATIONS = {STAND: N_("S"), HIT: N_("H"), DOUBLE: N_("D"), SPLIT: N_("P"), SURRENDER: N_("R")}
ACTION_LABELS = {STAND: N_("Stand"), HIT: N_("Hit"), DOUBLE: N_("Double"), SPLIT: N_("Split"),
                 SURRENDER: N_("Surrender"), INSURE: N_("Take insurance"), DECLINE: N_("Decline"),
                 TAKE_EVEN_MONEY: N_("Take even money")}
ACTION_WORDS = {STAND: N_("stand"), HIT: N_("hit"), DOUBLE: N_("double"), SPLIT: N_("split"),
                SURRENDER: N_("surrender")}
STATUS_LABELS = {PLAYING: N_("to play"), STOOD: N_("stands"), BUSTED: N_("over 21"), SURRENDERED: N_("surrendered"),
                 NATURAL: N_("black jack"), PAID: N_("black jack, paid")}
_CSS = (
    "<style>"
    ".naipes-bj .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-bj button[disabled]{opacity:.4;cursor:default}"
    ".naipes-bj .md-button{padding:.3em 1em;font-size:.7rem}"
    ".naipes-bj .naipes-chart td{text-align:center;font-weight:600}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"stand\"]{background:#fff3c4;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"hit\"]{background:#d7ecff;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"double\"]{background:#c8efc8;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"split\"]{background:#f3d1f5;color:#000}"
    ".naipes-bj .naipes-chart td[data-naipes-move=\"surrender\"]{background:#eee;color:#000}"
    "</style>"
)


def _game(state: Mapping[str, object]):
    return CHALLENGE_21 if state.get("game") == CHALLENGE_21.id else BLACK_JACK


def _rules(state: Mapping[str, object]) -> BlackJackRules:
    return _game(state).presets.get(str(state["preset"])).with_options(decks=state["decks"])


def _offered_decks(value: object) -> int:
    decks = options.decks(value)
    if decks not in SHIPPED_DECKS:
        raise SpecError("Choose {choices} decks here, not {value!r}.", choices=", ".join(map(str, SHIPPED_DECKS)),
                        value=str(value))
    return decks


def _base(spec: Mapping[str, str], state: dict) -> dict:
    game = CHALLENGE_21 if state.get("game") == CHALLENGE_21.id else BLACK_JACK
    rules = game.presets.get(spec.get("preset"))
    state["preset"] = rules.name
    state["decks"] = _offered_decks(spec.get("decks", str(rules.decks)))
    return state


# --- rules -------------------------------------------------------------------------------------------------

def _render_rules(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    game = _game(state)
    rules = game.presets.get(str(state["preset"]))
    caption = t(N_("The rules of the preset, by property."), lang)
    body = presets_table(caption, [rules], lang, game.presets, f"naipes-rules-{game.id}", attributes=" data-naipes-rules")
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error, static=True)


def _start_rules(spec: Mapping[str, str], state: dict) -> dict:
    state["preset"] = _game(state).presets.get(spec.get("preset")).name
    return state


def _static_act(state: dict, action: str, value: str) -> dict:
    raise unknown_action(action)


# --- the strategy chart ------------------------------------------------------------------------------------

def _row_label(kind: str, number: int) -> str:
    if kind == PAIR:
        name = CLASS_NAMES[number]
        return f"{name},{name}"
    if kind == SOFT:
        return f"A,{number - 11}"
    return str(number)


def _cell(action: str, fallback: str, lang: str) -> str:
    text = t(ABBREVIATIONS[action], lang) + ("" if fallback == action else t(ABBREVIATIONS[fallback], lang).lower())
    title = t(ACTION_WORDS[action], lang) + ("" if fallback == action else " / " + t(ACTION_WORDS[fallback], lang))
    return f'<td data-naipes-move="{action}" title="{escape(title)}">{escape(text)}</td>'


def chart_html(rules: BlackJackRules, lang: str) -> str:
    """The chart of `rules` as three tables (hard, soft, pairs), columns the dealer's card 2 … 10, A."""
    strategy = strategy_table(rules)
    heads = [t(N_("Your hand"), lang)] + [CLASS_NAMES[c] for c in COLUMNS]
    sections = []
    for kind, caption in (("hard", N_("Hard totals (no ace counting 11), by the dealer's card")),
                          ("soft", N_("Soft totals (an ace counting 11), by the dealer's card")),
                          ("pair", N_("Pairs, by the dealer's card"))):
        rows = []
        for row in ROWS:
            if row[0] != kind:
                continue
            cells = strategy.chart[row]
            rows.append(f'<tr data-naipes-row="{row[0]}:{row[1]}"><th scope="row">{escape(_row_label(*row))}</th>'
                        + "".join(_cell(*cells[c], lang) for c in COLUMNS) + "</tr>")
        sections.append(table(t(caption, lang), heads, rows, classes="naipes-chart"))
    return "".join(sections)


def _legend(lang: str) -> str:
    parts = [f"{t(ABBREVIATIONS[a], lang)} = {t(ACTION_WORDS[a], lang)}" for a in ACTIONS]
    return note(" · ".join(parts) + ". " + t(N_("Two abbreviations run together (the second in lower case): the "
                                                  "first action when it is allowed (doubling and surrendering only "
                                                  "on the first two cards), else the second."),
                                             lang))


def _render_strategy(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    rules = _rules(state)
    strategy = strategy_table(rules)
    edges = t(N_("House edge with this chart: {basic} ({exact_basic}). With the best first decision for every "
                 "hand: {optimal}."), lang).format(
        basic=percent(strategy.basic_edge, lang, 4), exact_basic=_short_fraction(strategy.basic_edge),
        optimal=percent(strategy.optimal_edge, lang, 4))
    method = translate_plural(
        "Every hand is valued exactly from a full shoe of {decks} deck, the hand's cards and the dealer's out; after "
        "the first decision the hand plays its best way for the exact cards left.",
        "Every hand is valued exactly from a full shoe of {decks} decks, the hand's cards and the dealer's out; after "
        "the first decision the hand plays its best way for the exact cards left.", rules.decks, lang).format(
        decks=rules.decks)
    body = (controls(decks_select(state["decks"], lang, SHIPPED_DECKS)) + chart_html(rules, lang) + _legend(lang)
            + f'<p class="naipes-note" data-naipes-edge{exact(strategy.basic_edge)}>{escape(edges)}</p>'
            + note(method))
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error)


def _short_fraction(value: Fraction) -> str:
    """An exact fraction, or its decimals when it is too long to read."""
    text = str(value)
    return text if len(text) <= 24 else decimal(value, "en", 10)


def _act_decks(state: dict, action: str, value: str) -> dict:
    if action != "decks":
        raise unknown_action(action)
    state["decks"] = _offered_decks(value)
    return state


# --- published figures --------------------------------------------------------------------------------------

KIND_LABELS = {"optimal": N_("best first decision"), "basic": N_("basic strategy")}


def _render_published(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    rows = []
    for figure in PUBLISHED:
        strategy = strategy_table(figure.rules)
        engine = strategy.optimal_edge if figure.kind == "optimal" else strategy.basic_edge
        kind = t(KIND_LABELS[figure.kind], lang)
        rows.append(f'<tr data-naipes-published="{escape(figure.key)}"><td>{escape(figure.reference)}</td>'
                    f'<td>{escape(kind)}</td>'
                    f'<td{exact(figure.house_edge)}>{escape(percent(figure.house_edge, lang, 4))}</td>'
                    f'<td{exact(engine)}>{escape(percent(engine, lang, 4))}</td></tr>')
    heads = [t(h, lang) for h in (N_("Published figure (rules)"), N_("Strategy"), N_("Published house edge"),
                                  N_("The engine's"))]
    caption = t(N_("The engine's house edge for the rules of published figures."), lang)
    return root(state, _CSS + f'<div class="naipes-bj">{table(caption, heads, rows)}</div>', error, static=True)


# --- the dealer's table ---------------------------------------------------------------------------------------

def _render_dealer(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    rules = _rules(state)
    counts = VALUE_CLASSES.full(rules.decks)
    dealer = _dealer_table(counts, rules.hits_soft_17)
    heads = [t(N_("First card"), lang)] + [str(f) for f in FINALS[:5]] + [t(N_("black jack"), lang),
                                                                         t(N_("over 21"), lang)]
    rows = []
    for first in COLUMNS:
        row = dealer[first]
        rows.append(f'<tr data-naipes-first="{CLASS_NAMES[first]}"><th scope="row">{CLASS_NAMES[first]}</th>'
                    + "".join(f'<td{exact(row[f])}>{escape(percent(row[f], lang, 2))}</td>' for f in FINALS)
                    + "</tr>")
    caption = translate_plural("The dealer's final total by its first card, from a full shoe of {decks} deck.",
                               "The dealer's final total by its first card, from a full shoe of {decks} decks.",
                               rules.decks, lang).format(decks=rules.decks)
    chance = insurance_chance(without_ace(counts))
    insurance = insurance_edge(without_ace(counts), rules.insurance_pays)
    pairs = perfect_pairs_chances(rules.decks)
    pp_edge = perfect_pairs_edge(rules.perfect_pairs, rules.decks)
    insurance_label = t(N_("Insurance against black jack"), lang)
    side = [f'<tr data-naipes-bet="insurance"><th scope="row">{escape(insurance_label)}</th>'
            f'<td{exact(chance)}>{escape(percent(chance, lang, 4))}</td>'
            f'<td>{escape(_ratio(rules.insurance_pays))}</td>'
            f'<td{exact(insurance)}>{escape(percent(insurance, lang, 4))}</td></tr>']
    for kind, payout in zip(PAIR_KINDS, rules.perfect_pairs):
        side.append(f'<tr data-naipes-bet="{kind}"><th scope="row">{escape(t(_PAIR_NAMES[kind], lang))}</th>'
                    f'<td{exact(pairs[kind])}>{escape(percent(pairs[kind], lang, 4))}</td>'
                    f'<td>{payout}</td><td></td></tr>')
    pairs_label = t(N_("Perfect Pairs"), lang)
    side.append(f'<tr data-naipes-bet="perfect-pairs"><th scope="row">{escape(pairs_label)}</th>'
                f'<td{exact(sum(pairs.values()))}>{escape(percent(sum(pairs.values()), lang, 4))}</td><td></td>'
                f'<td{exact(pp_edge)}>{escape(percent(pp_edge, lang, 4))}</td></tr>')
    side_heads = [t(h, lang) for h in (N_("Bet"), N_("Probability of winning"), N_("Pays (to 1)"), N_("House edge"))]
    side_caption = translate_plural(
        "Insurance (the dealer's ace, no other card out) and Perfect Pairs (the first two cards), from a full shoe of "
        "{decks} deck.",
        "Insurance (the dealer's ace, no other card out) and Perfect Pairs (the first two cards), from a full shoe of "
        "{decks} decks.", rules.decks, lang).format(decks=rules.decks)
    body = (controls(decks_select(state["decks"], lang, SHIPPED_DECKS))
            + table(caption, heads, rows, attributes=' data-naipes-dealer')
            + table(side_caption, side_heads, side, attributes=' data-naipes-side-bets'))
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error)


@lru_cache(maxsize=16)
def _dealer_table(counts: tuple[int, ...], hits_soft_17: bool):
    decks = sum(counts) // 52
    return shipped_dealer_table(decks, hits_soft_17) or dealer_table(counts, hits_soft_17)


_PAIR_NAMES = {"perfect": N_("Perfect pair (same suit)"), "coloured": N_("Coloured pair (same colour)"),
               "mixed": N_("Mixed pair (red and black)")}


def _ratio(value: Fraction) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# --- the table to play --------------------------------------------------------------------------------------

class _TooLong(Exception):
    """The advice needs more dealer tables than the browser can compute at once."""


class _BudgetEvaluator(Evaluator):
    """An `Evaluator` that gives up past `ADVICE_BUDGET` (counted over its split hands' evaluators too)."""

    def __init__(self, rules: BlackJackRules, first: int, shoe, spent: list[int] | None = None) -> None:
        super().__init__(rules, first, shoe)
        self.spent = spent if spent is not None else [0]

    def _against_dealer(self, hand):
        if hand not in self._stand:
            self.spent[0] += len(terminal_hands(self.first, self.rules.hits_soft_17))
            if self.spent[0] > ADVICE_BUDGET:
                raise _TooLong()
        return super()._against_dealer(hand)

    def evaluator_for(self, shoe: tuple[int, ...]) -> Evaluator:
        found = self._shoes.get(shoe)
        if found is None:
            found = self._shoes[shoe] = _BudgetEvaluator(self.rules, self.first, shoe, self.spent)
        return found


def _stakes(state: Mapping[str, object], rules: BlackJackRules) -> Stakes:
    bet = int(state["bet"])  # type: ignore[arg-type]
    if rules.rounds > 1:
        return Stakes((bet, bet, bet if state.get("third") else 0))
    return Stakes((bet,), int(state.get("pp", 0)))  # type: ignore[arg-type]


def _answers(state: Mapping[str, object]) -> list[str]:
    answers = state.get("answers")
    if not isinstance(answers, list) or len(answers) > 40 or not all(isinstance(a, str) for a in answers):
        raise SpecError("The widget's state is damaged; reload the page.")
    return list(answers)


@lru_cache(maxsize=32)
def _replayed(game_id: str, preset: str, decks: int, seed: int, stakes: Stakes, answers: tuple[str, ...]):
    game = CHALLENGE_21 if game_id == CHALLENGE_21.id else BLACK_JACK
    rules = game.presets.get(preset).with_options(decks=decks)
    shoe, burned = burned_shoe(rules, FRENCH, seed)
    coup = BlackJackCoup(rules, [stakes])
    return replay(coup, shoe, ReaderDecides((READER,), BasicStrategy()), list(answers)), burned


def table_record(state: Mapping[str, object]):
    """The coup a `table` widget's state describes, replayed (cached; read only)."""
    rules = _rules(state)
    return _replayed(_game(state).id, str(state["preset"]), rules.decks, options.seed(state["seed"]),
                     _stakes(state, rules), tuple(_answers(state)))


def _seen_cards(coup: BlackJackCoup, skip: tuple[int, int] | None) -> list[Card]:
    seen = [coup.dealer_first] if coup.dealer_first is not None else []
    for b, box in enumerate(coup.boxes):
        for index, hand in enumerate(box.hands):
            if (b, index) != skip:
                seen += hand.cards
    return seen  # type: ignore[return-value]


def advice(coup: BlackJackCoup) -> tuple[dict[str, Fraction], bool] | None:
    """The value per unit bet of every action open to the reader now, and whether they are rounded (shipped).

    Returns `None` when the values would take too long to compute in the browser.
    """
    pending = coup.pending()
    if pending is None:
        return None
    rules = coup.rules
    first = value_class(coup.dealer_first)  # type: ignore[arg-type]
    if pending[0] in (INSURANCE_DECISION, EVEN_MONEY_DECISION):
        left = VALUE_CLASSES.without(rules.decks, _seen_cards(coup, None))
        chance = insurance_chance(left)
        if pending[0] == INSURANCE_DECISION:
            return {INSURE: (chance * rules.insurance_pays - (1 - chance)) / 2, DECLINE: Fraction(0)}, False
        return {TAKE_EVEN_MONEY: Fraction(1), DECLINE: rules.blackjack_pays * (1 - chance)}, False
    b, index = pending[1], pending[2]
    hand = coup.boxes[b].hands[index]
    legal = coup.legal_actions()
    others = _seen_cards(coup, (b, index))
    classes = hand.classes
    only_hand = len(others) == 1 and len(hand.cards) == 2 and not hand.split
    if only_hand and rules.decks in SHIPPED_DECKS:
        shipped = strategy_table(rules).values.get((first, hand_key(classes)))
        if shipped is not None:
            return {a: v for a, v in shipped.items() if a in legal}, True
    shoe = VALUE_CLASSES.without(rules.decks, others)
    position = Position(split_hand=hand.split, can_split=coup.may_split(b, index),
                        can_double=coup.may_double(b, index))
    try:
        values = _BudgetEvaluator(rules, first, shoe).values(classes, position)
    except _TooLong:
        return None
    return {a: v for a, v in values.items() if a in legal}, False


def _hand_html(coup: BlackJackCoup, b: int, index: int, lang: str) -> str:
    hand = coup.boxes[b].hands[index]
    pending = coup.pending()
    current = pending is not None and pending[0] == "play" and pending[1:] == (b, index)
    title = t(N_("Your hand"), lang) if len(coup.boxes[b].hands) == 1 else t(N_("Your hand {n}"), lang).format(
        n=index + 1)
    bets = " / ".join(units(x, lang) for x in hand.bets)
    details = [t(N_("bet: {amount}"), lang).format(amount=bets), t(STATUS_LABELS[hand.status], lang)]
    return html_hand(str(index), title, hand.cards, lang, total_text(hand.total, lang), details=" · ".join(details),
                     current=current)


def _dealer_hands(coup: BlackJackCoup, lang: str) -> str:
    if coup.dealer_first is None:
        return ""
    rounds: dict[int, list[Card]] = {r: [] for r in range(1, coup.rules.rounds + 1)}
    dealt = [e for e in coup.events if isinstance(e, DealerCard)]
    for event in dealt[1:]:
        rounds[event.round].append(event.card)
    html = []
    for r, extra in rounds.items():
        cards = [coup.dealer_first] + extra
        total = hand_total(cards)
        title = (t(N_("The dealer"), lang) if coup.rules.rounds == 1
                 else t(N_("The dealer's hand {n}"), lang).format(n=r))
        html.append(html_hand("", title, cards, lang, total_text(total, lang), attributes=f' data-naipes-dealer="{r}"'))
    return f'<div class="naipes-hands naipes-dealer">{"".join(html)}</div>'


def _advice_html(coup: BlackJackCoup, lang: str) -> str:
    found = advice(coup)
    if found is None:
        pending = coup.pending()
        if pending is None:
            return ""
        hand = coup.boxes[pending[1]].hands[pending[2]] if pending[0] == "play" else None
        command = ""
        if hand is not None:
            seen = " ".join(str(c) for c in _seen_cards(coup, (pending[1], pending[2]))[1:])
            game = CHALLENGE_21.id if coup.rules.rounds > 1 else BLACK_JACK.id
            cards = " ".join(str(c) for c in hand.cards)
            dealer = CLASS_NAMES[value_class(coup.dealer_first)]  # type: ignore[arg-type]
            command = (f'naipes advise {game} --cards "{cards}" --dealer {dealer} --decks {coup.rules.decks}'
                       + (f' --seen "{seen}"' if seen else ""))
        text = t(N_("This hand needs too many exact tables to compute in the browser; the command line gives "
                    "its values:"), lang)
        return f'<p class="naipes-note" data-naipes-advice="too-long">{escape(text)} <code>{escape(command)}</code></p>'
    values, rounded = found
    best = max(values, key=lambda a: values[a])
    items = "".join(f'<li data-naipes-advice-action="{a}"{"" if rounded else exact(v)}>'
                    f'{escape(t(ACTION_LABELS[a], lang))}: {escape(_signed4(v, lang))}'
                    f'{" ★" if a == best else ""}</li>' for a, v in values.items())
    if coup.pending()[0] == INSURANCE_DECISION:  # type: ignore[index]
        explanation = N_("Expected result per unit of the round's bet: insurance stakes half of it.")
    else:
        explanation = N_("Expected result per unit bet, exact for the cards left in the shoe (the cards on the "
                         "table out).")
    if rounded:
        explanation = N_("Expected result per unit bet for a full shoe less your two cards and the dealer's, read "
                         "from the tables that ship with the page (shown rounded).")
    return (f'<div class="naipes-odds" data-naipes-advice><ul class="naipes-odds-lines" aria-live="polite">{items}'
            f'</ul>{note(t(explanation, lang))}{advice_chart(values, best, lang)}</div>')


def advice_chart(values: Mapping[str, Fraction], best: str, lang: str) -> str:
    """The advice's values as bars, one per action open to the reader, the best one in its own colour.

    Examples:
        >>> html = advice_chart({STAND: Fraction(-1, 5), HIT: Fraction(1, 10)}, HIT, "en")
        >>> 'data-naipes-series="best" data-naipes-category="Hit ★" data-naipes-value="1/10"' in html
        True
    """
    labels = [t(ACTION_LABELS[a], lang) + (" ★" if a == best else "") for a in values]
    series = [Series("best", t(N_("The best action"), lang),
                     tuple(v if a == best else None for a, v in values.items()), colour=4),
              Series("other", t(N_("Another action"), lang),
                     tuple(None if a == best else v for a, v in values.items()), colour=0)]
    title = t(N_("What each action is worth for your hand"), lang)
    desc = t(N_("One bar per action open to you now: its expected result per unit bet, the same values as the "
                "list above; the best action has its own colour and a star. A bar to the left of zero loses on "
                "average."), lang)
    return bar_chart(title, desc, labels, series, lang, name="advice", unit="decimal", digits=4, stacked=True,
                     horizontal=True, axis_label=t(N_("Expected result per unit bet"), lang),
                     head=t(N_("Action"), lang))


def _signed4(value: Fraction, lang: str) -> str:
    """A value with its sign and four decimals: `+0,1234`, `-0.5000`."""
    text = decimal(value, lang, 4)
    return "+" + text if value > 0 else text


def _render_table(state: Mapping[str, object], error: str | None) -> str:
    lang = str(state["lang"])
    rules = _rules(state)
    record, burned = table_record(state)
    coup: BlackJackCoup = record.coup
    settings = decks_select(state["decks"], lang, SHIPPED_DECKS) + select("bet", t(N_("Your bet"), lang),
                                                    [(str(n), str(n)) for n in BETS], str(state["bet"]))
    if rules.rounds > 1:
        settings += select("third", t(N_("Third bet (round 3)"), lang),
                           [("yes", t(N_("yes"), lang)), ("no", t(N_("no"), lang))], "yes" if state["third"] else "no")
    else:
        settings += select("pp", t(N_("Perfect Pairs"), lang), [(str(n), str(n)) for n in SIDE_BETS],
                           str(state["pp"]))
    buttons = []
    legal = coup.legal_actions() if record.waiting == READER else ()
    for action in legal:
        buttons.append(button(t(ACTION_LABELS[action], lang), "choose", action, primary=True))
    buttons.append(button(t(N_("Hide the advice") if state["advice"] else N_("Show the advice"), lang), "advice",
                          disabled=not legal, pressed=bool(state["advice"])))
    buttons.append(button(t(N_("New coup"), lang), "new"))
    hands = "".join(_hand_html(coup, 0, index, lang) for index in range(len(coup.boxes[0].hands)))
    if record.waiting == READER:
        pending = coup.pending()
        prompt = {INSURANCE_DECISION: N_("The dealer shows an ace: insure your bet?"),
                  EVEN_MONEY_DECISION: N_("Black jack against the dealer's ace: take even money?")}.get(
            pending[0], N_("Your turn: choose an action."))  # type: ignore[index]
        if pending[0] == INSURANCE_DECISION and rules.rounds > 1:  # type: ignore[index]
            prompt = t(N_("The dealer shows an ace: insure your bet against the dealer's hand {n}?"), lang).format(
                n=pending[2])  # type: ignore[index]
        else:
            prompt = t(prompt, lang)
    else:
        net = coup.net()[0]
        prompt = t(N_("The coup is over: your result is {net}."), lang).format(
            net=("+" if net > 0 else "-" if net < 0 else "") + units(net, lang))
    lines = [narrate(event, lang) for event in coup.events]
    advice_html = _advice_html(coup, lang) if state["advice"] and legal else ""
    seed = options.seed(state["seed"])
    seed_text = t(N_("Seed {seed}: the same seed deals the same coup."), lang).format(seed=seed)
    body = (controls(settings) + _dealer_hands(coup, lang) + f'<div class="naipes-hands">{hands}</div>'
            + f'<p class="naipes-prompt"><strong>{escape(prompt)}</strong></p>'
            + f'<p class="naipes-buttons">{" ".join(buttons)}</p>' + advice_html
            + '<ol class="naipes-narration" aria-live="polite">'
            + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ol>"
            + f'<p class="naipes-seed">{escape(seed_text)}</p>')
    attributes = {"data-naipes-seed": str(seed)}
    if record.waiting:
        attributes["data-naipes-waiting"] = record.waiting
    return root(state, _CSS + f'<div class="naipes-bj">{body}</div>', error, attributes=attributes)


def _start_table(spec: Mapping[str, str], state: dict) -> dict:
    _base(spec, state)
    state.update(seed=options.seed(spec.get("seed", "1")), bet=_choice(spec.get("bet", "1"), BETS),
                 answers=[], advice=False)
    if state["game"] == CHALLENGE_21.id:
        state["third"] = _yes_no(spec.get("third", "yes"))
    else:
        state["pp"] = _choice(spec.get("perfect-pairs", "0"), SIDE_BETS)  # the reader opts in
    return state


def _choice(value: str, allowed) -> int:
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 3 or int(text) not in allowed:
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=str(value),
                        choices=", ".join(map(str, allowed)))
    return int(text)


def _yes_no(value: str) -> bool:
    if value not in ("yes", "no"):
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=str(value), choices="yes, no")
    return value == "yes"


def _act_table(state: dict, action: str, value: str) -> dict:
    if action == "choose":
        record, _ = table_record(state)
        if record.waiting != READER:
            raise IllegalActionError("No decision is pending.")
        legal = record.coup.legal_actions()
        if value not in legal:
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=value, choices=", ".join(legal))
        state["answers"] = _answers(state) + [value]
        table_record(state)
        return state
    if action == "advice":
        state["advice"] = not state.get("advice")
        return state
    if action == "new":
        state["seed"] = fresh_seed()
    elif action == "seed":
        state["seed"] = options.seed(value)
    elif action == "decks":
        state["decks"] = _offered_decks(value)
    elif action == "bet":
        state["bet"] = _choice(value, BETS)
    elif action == "pp" and state.get("game") != CHALLENGE_21.id:
        state["pp"] = _choice(value, SIDE_BETS)
    elif action == "third" and state.get("game") == CHALLENGE_21.id:
        state["third"] = _yes_no(value)
    else:
        raise unknown_action(action)
    state["answers"] = []
    table_record(state)
    return state


register("rules", GAMES, _start_rules, _render_rules, _static_act)
register("strategy", GAMES, _base, _render_strategy, _act_decks)
register("published", GAMES, _start_rules, _render_published, _static_act)
register("dealer", GAMES, _base, _render_dealer, _act_decks)
register("coup", GAMES, _start_table, _render_table, _act_table, keys=("bet", "perfect-pairs", "third"))
