"""The widgets every banked poker game shares: a playable table with the value of each choice, the figures,
and the progressive jackpot.

`table`
    A hand dealt step by step from a seeded deck (block keys `preset`,
    `seed`): the reader is the player and decides when the rules let them;
    the bank's hidden cards are backs until the rules show them. At each
    decision every choice shows its exact expected value where the engine can
    compute it within the page's budget, and the best one is named.

`figures`
    The analysis as a table (static, computed when the site is built): each
    outcome's probability, the house edge and the element of risk (exact), the
    pay table and the side bets.

`progressive`
    The progressive pool as deals go by: the reader deals batches of seeded
    deals at a table of seven boxes that all stake one unit; the pool grows by
    what the commission and the reserve leave, prizes come out of it, and the
    side bet's return at the current pool is shown with its break-even pool.

Examples:
    >>> from naipes.widgets import render
    >>> html = render({"widget": "table", "game": "trijoker", "seed": "4"}, "en")
    >>> 'data-naipes-seed="4"' in html
    True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence, cast

from ...core import options
from ...core.cards import Card
from ...core.errors import SpecError
from ...core.formatting import decimal, percent, signed
from ...core.i18n import N_, translate_plural
from ...core.model import Coup, Game, ReaderDecides, Report
from ...core.narration import narrate
from ...web import coup_player
from ...web.escaping import escape
from ...web.html import amount, button, controls, exact, money, note, root, select, t, table
from ...web.registry import pick, register, unknown_action
from ...web.state import (ABSENT, State, choice, exact as exact_number, items, option_text, row, seed as seed_reader,
                          slot, text, whole)
from ...web.tables import report_table
from .cli import side_bet_text
from .events import BET_NAMES
from .hands import CATEGORY_NAMES
from .kernel import PLAYER, multiple_text, plural_count
from .narration import bet_name
from .progressive import (FINAL_HAND, IN_ORDER, PRIZE_HAND_NAMES, PROGRESSIVE_HAND, SHARE, PoolState,
                          ProgressiveRules, SideBetAnalysis, play_pool)

_CSS = (
    "<style>"
    ".naipes-poker .naipes-hands{display:flex;flex-wrap:wrap;gap:.6em;margin:.6em 0}"
    ".naipes-poker .naipes-hand{border:1px solid var(--md-default-fg-color--lightest);border-radius:.2rem;"
    "padding:.3em .6em;min-width:9em}"
    ".naipes-poker .naipes-hand p{margin:.2em 0}"
    ".naipes-poker .naipes-card{display:inline-block;min-width:2.2em;margin:.1em;padding:.15em .3em;"
    "border:1px solid var(--md-default-fg-color--light);border-radius:.2rem;text-align:center;"
    "background:var(--md-default-bg-color)}"
    ".naipes-poker .naipes-card-back{background:repeating-linear-gradient(45deg,"
    "var(--md-primary-fg-color) 0 .25em,var(--md-default-bg-color) .25em .5em)}"
    ".naipes-poker .naipes-red{color:#c62828}"
    ".naipes-poker .naipes-buttons button{margin:.15em .2em .15em 0}"
    ".naipes-poker .md-button{padding:.3em 1em;font-size:.7rem}"
    ".naipes-poker button[disabled]{opacity:.4;cursor:default}"
    "</style>"
)


def wrap(body: str) -> str:
    """A poker widget's body with the family's styles."""
    return _CSS + f'<div class="naipes-poker">{body}</div>'


@dataclass(frozen=True)
class TableSpec:
    """How one game shows its hands and its decisions at the playable table.

    Attributes:
        game: the game.
        hands: the hands' HTML for the coup shown (what the reader may see).
        question: the pending decision's question.
        choices: the pending decision's (action, label) pairs, in the order shown.
        values: the exact value of each choice (per unit of the initial bet), or `None` when too slow.
        unit: a note saying what the values are (msgid).
        new_coup: the coup of the table (default: the game's).
        hint: a sentence about the pending decision when no value is shown (the stated strategy's choice).
        slow_values: more values, too slow for the answer to a click: the page shows the others at once and
            asks for these right after (the site's progressive fill, action `fill`), `slow_values(coup, part)`
            for each part in turn.
        slow_parts: how many parts the slow values come in, one per fill (each answer within the fill's budget).
    """

    game: Game
    hands: Callable[[Coup, str], str]
    question: Callable[[Coup, str], str]
    choices: Callable[[Coup, str], Sequence[tuple[str, str]]]
    values: Callable[[Coup], Mapping[str, Fraction] | None]
    unit: str
    new_coup: Callable[[object], Coup] | None = None
    hint: Callable[[Coup, str], str] | None = None
    slow_values: Callable[[Coup, int], Mapping[str, Fraction]] | None = None
    slow_parts: int = 1


#: The action the browser sends at once for what a render left to compute (`data-naipes-pending`).
FILL = "fill"
#: The most parts a table's slow values may come in (`TableSpec.slow_parts`).
MAX_SLOW_PARTS = 8
#: A preset's name in a state (each game's book checks it where the state is read: `game.presets.get`).
_preset = slot(text(60))


@dataclass(frozen=True, kw_only=True)
class TableState(coup_player.CoupState):
    """The playable table's state: the preset, the hand (seed, steps, answers), `fill`, the number of answers
    when the slow values were last filled in (absent until they are), and `parts`, how many of their parts were
    filled then (absent: all of them, as a state from before the values came in parts)."""

    preset: str = _preset
    fill: int = slot(whole(0, coup_player.MAX_ANSWERS), ABSENT)
    parts: int = slot(whole(1, MAX_SLOW_PARTS), ABSENT)


def slow_values(spec: TableSpec, coup: Coup, parts: int | None = None) -> dict[str, Fraction]:
    """The first `parts` parts of a table's slow values (all of them by default)."""
    found: dict[str, Fraction] = {}
    if spec.slow_values is not None:
        for part in range(spec.slow_parts if parts is None else parts):
            found.update(spec.slow_values(coup, part))
    return found


def _parts_filled(spec: TableSpec, state: TableState) -> int:
    """How many parts of the slow values the decision shown has (none before its first fill)."""
    if state.fill != len(state.answers):
        return 0
    return spec.slow_parts if state.parts is ABSENT else min(state.parts, spec.slow_parts)


@dataclass(frozen=True, kw_only=True)
class FiguresState(State):
    """The figures widget's state: the preset shown."""

    preset: str = _preset


def cards_or_backs(cards: Sequence[Card], shown: Sequence[bool], total: int) -> list[Card | None]:
    """The cards the reader may see, backs for the others, and backs for the cards still to come up to `total`."""
    return [c if up else None for c, up in zip(cards, shown)] + [None] * max(0, total - len(cards))


def _view(spec: TableSpec, state: TableState) -> coup_player.CoupView:
    rules = spec.game.presets.get(state.preset)
    conduct = ReaderDecides((PLAYER,), spec.game.conduct(rules))
    return coup_player.replay_view(spec.game, rules, state.seed, conduct, state.answers, state.step, state.lang,
                                   spec.new_coup)


def _results(coup: Coup, lang: str) -> str:
    nets = coup.returns(coup.stakes())  # type: ignore[attr-defined]  # every banked poker coup states its stakes
    parts = [f"{bet_name(bet, lang)} {amount(net, lang)}" for bet, net in nets.items()]
    total = sum(nets.values(), Fraction(0))
    text = t(N_("Your result: {bets}; in all {total}."), lang).format(bets=", ".join(parts), total=amount(total, lang))
    return f'<p class="naipes-explanation" data-naipes-total="{escape(str(total))}">{escape(text)}</p>'


def _decision(spec: TableSpec, coup: Coup, lang: str, parts: int) -> str:
    values = spec.values(coup)
    if parts and spec.slow_values is not None:
        values = {**(values or {}), **slow_values(spec, coup, parts)}
    complete = spec.slow_values is None or parts == spec.slow_parts
    labelled = []
    for action, label in spec.choices(coup, lang):
        if values is not None and action in values:
            label = f"{label} ({signed(values[action], lang)})"
        labelled.append((action, label))
    html = coup_player.decision(spec.question(coup, lang), labelled)
    if values and complete:
        best = max(values, key=lambda a: values[a])
        name = dict(spec.choices(coup, lang))[best]
        advice = t(N_("Best choice: {choice}."), lang).format(choice=name) + " " + t(spec.unit, lang)
        html += f'<p class="naipes-advice" data-naipes-best="{escape(best)}">{escape(advice)}</p>'
    elif spec.hint is not None:
        html += f'<p class="naipes-advice">{escape(spec.hint(coup, lang))}</p>'
    return html


#: Each game's table, by game id (its trainer, `naipes.games.poker.training`, plays the same hands and values).
SPECS: dict[str, TableSpec] = {}


def register_table(spec: TableSpec) -> None:
    """Register the game's `table` widget."""
    game = spec.game
    if not 1 <= spec.slow_parts <= MAX_SLOW_PARTS:
        raise ValueError(f"{game.id}: slow values in 1 to {MAX_SLOW_PARTS} parts, not {spec.slow_parts}")
    SPECS[game.id] = spec

    def start(block: Mapping[str, str], base: dict[str, Any]) -> TableState:
        return coup_player.start(TableState, block, base, preset=game.presets.get(block.get("preset")).name)

    def render_state(state: TableState, error: str | None) -> str:
        lang = state.lang
        view = _view(spec, state)
        coup = view.shown.coup
        parts = _parts_filled(spec, state)
        prompt = _decision(spec, view.full.coup, lang, parts) if view.waiting else ""
        results = _results(coup, lang) if coup.is_terminal() else ""
        settings = select("preset", t(N_("Preset"), lang), [(n, t(game.presets.title(n), lang)) for n in game.presets],
                          state.preset)
        html = coup_player.page(state, error, view, settings=settings, hands=spec.hands(coup, lang),
                                lines=view.lines(narrate, lang), prompt=prompt, results=results)
        html = html.replace('<form class="naipes-controls"', _CSS + '<form class="naipes-controls"', 1)
        pending = (' data-naipes-pending="fill"' if view.waiting and spec.slow_values and parts < spec.slow_parts
                   else "")
        return html.replace('class="naipes-widget naipes-table"',
                            f'class="naipes-widget naipes-table naipes-poker"{pending}', 1)

    def act(state: TableState, action: str, value: str) -> TableState:
        if action == FILL:  # the next part of the values left to compute after the answer to a click
            parts = _parts_filled(spec, state) + 1
            return state.evolve(fill=len(state.answers), parts=parts if parts < spec.slow_parts else ABSENT)
        acted = coup_player.act(state, action, value, lambda s: _view(spec, s),
                                {"preset": lambda current, name: game.presets.get(name).name})
        if (acted.seed, acted.preset) != (state.seed, state.preset):  # a new coup: its first decision is not filled
            acted = acted.evolve(fill=ABSENT, parts=ABSENT)
        return acted

    register("table", (game.id,), start, render_state, act, state=TableState)


# --- the figures ---------------------------------------------------------------------------------------------

REPORT_HEADERS = (N_("Outcome"), N_("Probability"), N_("House edge"))


def figures_html(report: Report, caption: str, lang: str, pay_rows: Sequence[tuple[str, str]]) -> str:
    """A report as the page shows it: how the figures are computed, the figures, the pay tables, the side bets."""
    extra = report.extra
    method_params = cast(Mapping[str, Fraction], extra.get("method_params", {}))
    params = {key: decimal(value, lang, 0) for key, value in method_params.items()}
    parts = [note(t(str(extra["method"]), lang).format(**params))]
    parts.append(report_table(report, caption, lang, headers=REPORT_HEADERS, no_edge=N_("—")))
    if pay_rows:
        rows = [f'<tr><th scope="row">{escape(name)}</th><td>{escape(pays)}</td></tr>' for name, pays in pay_rows]
        parts.append(table(t(N_("Pay table (to one)"), lang), [t(N_("Hand"), lang), t(N_("Pays"), lang)], rows))
    for key, side in cast(Mapping[str, Mapping[str, object]], extra.get("side_bets", {})).items():
        parts.append(side_bet_html(key, side, lang))
    return "".join(parts)


def pay_rows(pays: Sequence[tuple[str, Fraction]], lang: str, minimum: str | None = None) -> list[tuple[str, str]]:
    """A pay table's rows, the highest hand first."""
    rows = []
    for category, value in reversed(pays):
        name = t(CATEGORY_NAMES[category], lang)
        if category == "pair" and minimum:
            name = t(N_("a pair of {rank} or better"), lang).format(rank=minimum)
        rows.append((name[:1].upper() + name[1:], multiple_text(value, lang)))
    return rows


def side_bet_html(key: str, side: Mapping, lang: str) -> str:
    """A side bet's figures: its return, and for a pool its return per stake of pool and break-even pool."""
    fixed = Fraction(side["fixed_return"]["exact"])
    text = side_bet_text(key, dict(side), lang)
    return f'<p class="naipes-note" data-naipes-side-bet="{escape(key)}"{exact(fixed)}>{escape(text)}</p>'


def register_figures(game: Game, report_of: Callable[[object], Report], rows_of: Callable[[object, str], list]) -> None:
    """Register the game's static `figures` widget (block key `preset`)."""
    def start(block: Mapping[str, str], base: dict[str, Any]) -> FiguresState:
        return FiguresState.from_json(dict(base, preset=game.presets.get(block.get("preset")).name))

    def render_state(state: FiguresState, error: str | None) -> str:
        lang = state.lang
        rules = game.presets.get(state.preset)
        caption = t(N_("{game}, preset {preset}: what the engine computes"), lang).format(
            game=t(game.name, lang), preset=t(game.presets.title(rules.name), lang))
        return root(state, wrap(figures_html(report_of(rules), caption, lang, rows_of(rules, lang))), error,
                    static=True)

    def act(state: FiguresState, action: str, value: str) -> FiguresState:
        raise unknown_action(action)

    register("figures", (game.id,), start, render_state, act, state=FiguresState)


# --- the progressive pool ------------------------------------------------------------------------------------

COMMISSIONS = ("0.1", "0.25", "0.4")
RESERVES = ("0", "0.2")
BASES = ("10000", "50000")
BATCHES = ("10", "50", "100")
MAX_DEALS = 1_000_000
LAST_WINS = 6
#: The largest amount of money a pool's state holds (a pool, what the house kept, the prizes paid).
MOST_MONEY = 10**12
_money = exact_number(0, MOST_MONEY)


@dataclass(frozen=True, kw_only=True)
class ProgressiveState(State):
    """The progressive widget's state: the preset, the seed, the pool's rules as the reader set them (exact
    numbers as text), which hand the prize reads (a game where that is an option), and the pools after `deals`
    deals with the last prizes won (`[deal, box, hand, amount]`)."""

    preset: str = _preset
    seed: int = slot(seed_reader)
    commission: str = slot(exact_number(0, 1))
    reserve: str = slot(exact_number(0, 1))
    base: str = slot(exact_number(0, 10**9))
    winners: str = slot(choice(IN_ORDER, SHARE))
    hand: str = slot(option_text(PROGRESSIVE_HAND), ABSENT)
    deals: int = slot(whole(0, MAX_DEALS))
    pool: str = slot(_money)
    reserve_pool: str = slot(_money)
    house: str = slot(exact_number(-MOST_MONEY, MOST_MONEY))  # behind when a prize is bigger than what it kept
    paid: str = slot(_money)
    collected: str = slot(_money)
    wins: tuple[tuple[int, int, str, str], ...] = slot(
        items(row(whole(0, MAX_DEALS), whole(0, 20), text(40), _money), LAST_WINS))


def _pool_rules(rules: ProgressiveRules, state: ProgressiveState) -> ProgressiveRules:
    return replace(rules, commission=Fraction(state.commission), reserve=Fraction(state.reserve),
                   base=Fraction(state.base), several_winners=state.winners)


@dataclass(frozen=True)
class FinalHandReading:
    """How a game's progressive may read the player's hand after an exchange (a rules option of that game).

    Attributes:
        preset_reads: the hand a preset's prize reads (`FIRST_FIVE` or `FINAL_HAND`).
        probabilities: the prize categories' exact probabilities on the final hand, for a preset.
        exchange: the positions of the cards a player exchanges (the simulation's player).
    """

    preset_reads: Callable[[object], str]
    probabilities: Callable[[object], Mapping[str, Fraction]]
    exchange: Callable[[Sequence[int]], Sequence[int]]


def register_progressive(game: Game, progressive_of: Callable[[object], ProgressiveRules | None],
                         final_hand: FinalHandReading | None = None) -> None:
    """Register the game's `progressive` widget (block keys `preset`, `seed`), and its chart; with `final_hand`
    the reader picks which hand the prize reads (a select; the return and the deals follow it)."""
    from .progressive_chart import register_progressive_chart  # the chart draws what this widget counts
    register_progressive_chart(game, progressive_of)

    def rules_of(state: ProgressiveState) -> ProgressiveRules:
        found = progressive_of(game.presets.get(state.preset))
        if found is None:
            raise SpecError("The preset {name!r} has no progressive jackpot.", name=state.preset)
        return _pool_rules(found, state)

    def fresh(state: ProgressiveState, **changes: object) -> ProgressiveState:
        """The pools of no deal yet (with the reader's `changes` to the pool's rules)."""
        chosen = state.evolve(**changes)
        return chosen.evolve(deals=0, pool=str(Fraction(chosen.base)), reserve_pool="0", house="0", paid="0",
                             collected="0", wins=())

    def start(block: Mapping[str, str], base: dict[str, Any]) -> ProgressiveState:
        if block.get("preset"):
            rules = game.presets.get(block.get("preset"))
        else:  # the first preset that has a progressive jackpot
            rules = next((r for r in game.presets.values() if progressive_of(r) is not None), game.presets.default)
        found = progressive_of(rules)
        if found is None:
            raise SpecError("The preset {name!r} has no progressive jackpot.", name=rules.name)
        base = dict(base, preset=rules.name, seed=options.seed(block.get("seed", "1")),
                    commission=str(found.commission), reserve=str(found.reserve), base=str(found.base),
                    winners=found.several_winners)
        if final_hand is not None:
            base["hand"] = final_hand.preset_reads(rules)
        return ProgressiveState.from_json(dict(base, deals=0, pool=str(found.base), reserve_pool="0", house="0",
                                               paid="0", collected="0", wins=[]))

    def reads_final(state: ProgressiveState) -> bool:
        return final_hand is not None and state.hand == FINAL_HAND

    def render_state(state: ProgressiveState, error: str | None) -> str:
        lang = state.lang
        rules = rules_of(state)
        odds = final_hand.probabilities(game.presets.get(state.preset)) if (
            final_hand is not None and reads_final(state)) else None
        side = SideBetAnalysis.of(rules.prizes, odds)
        pool = Fraction(state.pool)
        now = side.return_at(pool)
        settings = (select("commission", t(N_("House commission"), lang),
                           [(c, percent(Fraction(c), lang, 0)) for c in COMMISSIONS], state.commission)
                    + select("reserve", t(N_("Share set aside for the reserve pool"), lang),
                             [(r, percent(Fraction(r), lang, 0)) for r in RESERVES], state.reserve)
                    + select("base", t(N_("Base of the main pool (stakes)"), lang),
                             [(b, decimal(int(b), lang, 0)) for b in BASES], state.base)
                    + select("winners", t(N_("Several winners in one deal"), lang),
                             [(IN_ORDER, t(N_("paid one after another"), lang)),
                              (SHARE, t(N_("share the pool"), lang))],
                             state.winners))
        if final_hand is not None:
            settings += select("hand", t(PROGRESSIVE_HAND.label, lang),
                               [(h, t(PRIZE_HAND_NAMES[h], lang)) for h in PROGRESSIVE_HAND.values], str(state.hand))
        rows = [(N_("Deals played (7 boxes, 1 stake each)"), decimal(state.deals, lang, 0), None),
                (N_("Main pool"), decimal(pool, lang, 2), pool),
                (N_("Reserve pool"), decimal(Fraction(state.reserve_pool), lang, 2), None),
                (N_("Stakes collected"), decimal(Fraction(state.collected), lang, 0), None),
                (N_("Prizes paid"), decimal(Fraction(state.paid), lang, 2), None),
                (N_("Kept by the house"), decimal(Fraction(state.house), lang, 2), None),
                (N_("Return of one stake at this pool"), percent(now, lang, 2), now),
                (N_("Break-even pool"), decimal(side.break_even, lang, 0) if side.break_even else "—",
                 side.break_even)]
        body_rows = [f'<tr data-naipes-row="{escape(label)}"><th scope="row">{escape(t(label, lang))}</th>'
                     f'<td{exact(value) if value is not None else ""}>{escape(text)}</td></tr>'
                     for label, text, value in rows]
        prizes = "; ".join(
            t(N_("{hand}: {prize}"), lang).format(
                hand=t(CATEGORY_NAMES[c], lang),
                prize=(t(N_("{share} of the pool"), lang).format(share=percent(p.share, lang, 0)) if p.share else
                       translate_plural("{fixed} time the stake", "{fixed} times the stake", plural_count(p.fixed),
                                        lang).format(fixed=multiple_text(p.fixed, lang))))
            for c, p in reversed(rules.prizes))
        wins = [t(N_("Deal {deal}, box {box}: {hand}, paid {amount}."), lang).format(
            deal=d, box=b + 1, hand=t(CATEGORY_NAMES[c], lang), amount=decimal(Fraction(a), lang, 2))
            for d, b, c, a in state.wins]
        buttons = " ".join(button(translate_plural("Deal {n} hand", "Deal {n} hands", int(n), lang).format(n=n), "deal",
                                  n, primary=i == 0) for i, n in enumerate(BATCHES))
        buttons += " " + button(t(N_("Start again"), lang), "reset")
        body = (controls(settings) + note(t(N_("Prizes: {prizes}."), lang).format(prizes=prizes))
                + table(translate_plural("The progressive pool after {deals} deal",
                                         "The progressive pool after {deals} deals", state.deals, lang).format(
                    deals=decimal(state.deals, lang, 0)), [t(N_("What"), lang), t(N_("Value"), lang)],
                    body_rows)
                + (f'<ol class="naipes-narration">{"".join(f"<li>{escape(w)}</li>" for w in wins)}</ol>' if wins
                   else note(t(N_("No prize has been won yet."), lang)))
                + f'<p class="naipes-buttons">{buttons}</p>')
        return root(state, wrap(body), error, attributes={"data-naipes-deals": str(state.deals)})

    def act(state: ProgressiveState, action: str, value: str) -> ProgressiveState:
        if action == "deal":
            batch = int(pick(value, BATCHES))
            if state.deals + batch > MAX_DEALS:
                # TRANSLATORS: {n} is never 1: it is MAX_DEALS, a million.
                raise SpecError("At most {n} deals.", n=MAX_DEALS)
            rules = rules_of(state)
            pool = PoolState(Fraction(state.pool), Fraction(state.reserve_pool), Fraction(state.house),
                             Fraction(state.collected), Fraction(state.paid), state.deals)
            swaps = final_hand.exchange if final_hand is not None and reads_final(state) else None
            pool = play_pool(rules, batch, state.seed + state.deals, state=pool, exchange=swaps)
            wins = [*state.wins, *((d, b, c, str(a)) for d, b, c, a in pool.wins)]
            return state.evolve(deals=pool.deals, pool=str(pool.pool), reserve_pool=str(pool.reserve),
                                house=str(pool.house), paid=str(pool.paid), collected=str(pool.collected),
                                wins=tuple(wins[-LAST_WINS:]))
        if action == "reset":
            return fresh(state)
        if action in ("commission", "reserve", "base", "winners") or (action == "hand" and final_hand):
            allowed = {"commission": COMMISSIONS, "reserve": RESERVES, "base": BASES,
                       "winners": (IN_ORDER, SHARE), "hand": PROGRESSIVE_HAND.values}[action]
            return fresh(state, **{action: pick(value, allowed)})
        raise unknown_action(action)

    register("progressive", (game.id,), start, render_state, act, state=ProgressiveState)


__all__ = ["BET_NAMES", "FiguresState", "FinalHandReading", "ProgressiveState", "TableSpec", "TableState", "cards_or_backs", "slow_values", "money", "register_figures", "register_progressive",
           "register_table"]
