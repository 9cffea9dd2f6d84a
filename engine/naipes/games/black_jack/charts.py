"""Black Jack's and Challenge 21's charts: where the dealer ends, by its first card (stacked bars, bust last),
and Black Jack's house edge as each rule changes (a tornado).

The tornado starts from the game's first preset and changes one rule at a
time (`RULE_VARIATIONS`: one entry per value of every rule the options
declare — decks, soft 17, doubling, double after a split, hands, resplit aces,
surrender, hole card, what a dealer's black jack takes, the payout); each bar
is the change of the house edge of the engine's basic strategy
(`StrategyTable.basic_edge`), longest first. A rule the engine learns is one
more entry there: each edge is a strategy table (a minute of CPU for most), so
they are shipped precomputed (`black-jack-rule-edges`, written by
`tools/precompute.py`; the tests read again the entries whose tables ship and
count the payouts' independently).

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "black-jack", "chart": "dealer"}, "en")
    >>> html.count('data-naipes-series="bust"')
    10
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, Mapping

from ...core.i18n import N_, translate_plural
from ...core.precomputed import generator, load
from ...web.charts import ChartKind, Control, Series, bar_chart, register_charts
from ...core.formatting import percent
from ...web.html import t
from .dealer import BLACKJACK, BUST, FINALS
from .hands import CLASS_NAMES, VALUE_CLASSES
from .rules import BlackJackRules
from .strategy import COLUMNS, SHIPPED_DECKS, rules_key, shipped_keys, strategy_table
from .widgets import GAMES, _dealer_table, _game

FINAL_LABELS = {BLACKJACK: N_("black jack"), BUST: N_("over 21")}
#: Each final's colour: the totals in the palette's cooler and lighter colours, going over in vermillion, which stands out.
FINAL_COLOURS = {17: 5, 18: 0, 19: 2, 20: 6, 21: 3, BLACKJACK: 4, BUST: 1}
SOFT_17 = {"stand": N_("stands on soft 17"), "hit": N_("hits soft 17")}


def _draw_dealer(choices: Mapping[str, str], game: str, lang: str) -> str:
    decks, hits = int(choices["decks"]), choices["soft_17"] == "hit"
    table = _dealer_table(VALUE_CLASSES.full(decks), hits)
    series = [Series(str(final), t(FINAL_LABELS[final], lang) if final in FINAL_LABELS else str(final),
                     tuple(table[first][final] for first in COLUMNS), FINAL_COLOURS[final]) for final in FINALS]
    title = t(N_("The dealer's final total by its first card"), lang)
    desc = t(N_("One stacked bar per first card of the dealer, from 2 to the ace, split into the totals it ends on "
                "(17 to 21, black jack) and, last, going over 21, from a full shoe of the chosen decks."), lang)
    return bar_chart(title, desc, [CLASS_NAMES[first] for first in COLUMNS], series, lang, name="dealer",
                     stacked=True, digits=2, axis_label=t(N_("The dealer's first card"), lang))


def _soft_17_text(value: str, lang: str) -> str:
    return t(SOFT_17[value], lang)


register_charts(GAMES, {"dealer": ChartKind(_draw_dealer, {
    "decks": Control(N_("Decks"), tuple(str(d) for d in SHIPPED_DECKS), default="6"),
    "soft_17": Control(N_("The dealer"), tuple(SOFT_17), _soft_17_text)})})


# --- the house edge as each rule changes ---------------------------------------------------------------------

@dataclass(frozen=True)
class RuleVariation:
    """One rule changed from the preset the tornado starts from: a stable key, its label, and the changed rules."""

    key: str
    label: Callable[[str], str]
    change: Callable[[BlackJackRules], BlackJackRules]


def _decks(decks: int) -> RuleVariation:
    return RuleVariation(f"decks-{decks}",
                         lambda lang: translate_plural("{n} deck", "{n} decks", decks, lang).format(n=decks),
                         lambda rules: rules.with_options(decks=decks))


def _option(name: str, value: str, label: str) -> RuleVariation:
    """The rule `name` (an option the rules declare) set to `value` as typed, with its translated label."""
    return RuleVariation(f"{name}-{value}", lambda lang: t(label, lang),
                         lambda rules: rules.with_options(**{name: value}))


def _max_hands(hands: int) -> RuleVariation:
    def label(lang: str) -> str:
        if hands == 1:
            return t(N_("no split"), lang)
        return translate_plural("split to {n} hand", "split to {n} hands", hands, lang).format(n=hands)
    return RuleVariation(f"max_hands-{hands}", label, lambda rules: rules.with_options(max_hands=hands))


#: The rules the tornado changes, one at a time, one entry per value of each rule the options declare (the split
#: strategy is how the values are computed, not a rule); a variation that leaves the preset as it is draws no bar.
RULE_VARIATIONS: tuple[RuleVariation, ...] = (
    *(_decks(decks) for decks in SHIPPED_DECKS),
    RuleVariation("hits-soft-17", lambda lang: t(SOFT_17["hit"], lang), lambda rules: replace(rules, hits_soft_17=True)),
    RuleVariation("stands-soft-17", lambda lang: t(SOFT_17["stand"], lang),
                  lambda rules: replace(rules, hits_soft_17=False)),
    _option("double", "any", N_("double on any two cards")),
    _option("double", "9-11", N_("double on 9–11 only")),
    _option("double", "10-11", N_("double on 10–11 only")),
    _option("double", "none", N_("no doubling")),
    _option("double_after_split", "yes", N_("double after a split")),
    _option("double_after_split", "no", N_("no double after a split")),
    *(_max_hands(hands) for hands in (1, 2, 3, 4)),
    _option("resplit_aces", "yes", N_("resplit aces")),
    _option("resplit_aces", "no", N_("no resplit of aces")),
    _option("surrender", "none", N_("no surrender")),
    _option("surrender", "except-ace", N_("surrender except on an ace")),
    _option("surrender", "any", N_("surrender on any card")),
    _option("hole_card", "peek", N_("American peek")),
    _option("hole_card", "none", N_("no hole card")),
    _option("dealer_blackjack_takes", "original", N_("dealer's BJ: bet only")),
    _option("dealer_blackjack_takes", "all", N_("dealer's BJ takes all")),
    _option("blackjack_pays", "3:2", N_("black jack pays 3 to 2")),
    _option("blackjack_pays", "6:5", N_("black jack pays 6 to 5")),
    _option("blackjack_pays", "1:1", N_("black jack pays 1 to 1")),
)
EDGES = "black-jack-rule-edges"
#: The tornado is Black Jack's: the strategy tables value one hand against one dealer's hand, not Challenge 21's rounds.
TORNADO_GAMES = GAMES[:1]


def _variations(base: BlackJackRules) -> list[tuple[RuleVariation, BlackJackRules]]:
    return [(v, v.change(base)) for v in RULE_VARIATIONS if rules_key(v.change(base)) != rules_key(base)]


def _rule_edges_of(keep: Callable[[BlackJackRules], bool]) -> dict:
    out = {}
    for game in TORNADO_GAMES:
        base = _game({"game": game}).presets.default
        out[game] = {"base": str(strategy_table(base).basic_edge),
                     "variations": {v.key: str(strategy_table(rules).basic_edge) for v, rules in _variations(base)
                                    if keep(rules)}}
    return out


def _rule_edges_sample() -> dict:
    """The entries whose strategy tables ship with the package (the preset, its other deck counts), read again."""
    return _rule_edges_of(lambda rules: rules_key(rules) in shipped_keys())


@generator(EDGES, sample=_rule_edges_sample)
def _rule_edges() -> dict:
    """The basic strategy's house edge of each game's first preset and of each of its `RULE_VARIATIONS`
    (a strategy table each, a minute of CPU for most: `python tools/precompute.py` computes them)."""
    return _rule_edges_of(lambda rules: True)


def edge_changes(game: str) -> tuple[Fraction, list[tuple[RuleVariation, Fraction]]]:
    """The first preset's house edge and how much each rule variation changes it, the largest change first.

    Examples:
        >>> base, changes = edge_changes("black-jack")
        >>> changes[0][0].key, changes[0][1] > 0 < base
        ('blackjack_pays-1:1', True)
    """
    data = load(EDGES)[game]
    base = Fraction(data["base"])
    found = [(v, Fraction(data["variations"][v.key]) - base)
             for v, _ in _variations(_game({"game": game}).presets.default)]
    return base, sorted(found, key=lambda pair: -abs(pair[1]))


def _draw_tornado(choices: Mapping[str, str], game: str, lang: str) -> str:
    base, changes = edge_changes(game)
    presets = _game({"game": game}).presets
    preset = presets.default
    categories = [v.label(lang) for v, _ in changes]
    series = [Series("raises", t(N_("raises the house edge"), lang),
                     tuple(c if c > 0 else None for _, c in changes), colour=1),
              Series("lowers", t(N_("lowers the house edge"), lang),
                     tuple(c if c <= 0 else None for _, c in changes), colour=0)]
    title = t(N_("The house edge as one rule changes"), lang)
    desc = translate_plural(
        "One bar per rule changed from preset {preset} (house edge {edge} with the engine's basic strategy, "
        "{decks} deck): how many points the house edge rises (to the right) or falls (to the left) with "
        "that rule alone, the largest change first.",
        "One bar per rule changed from preset {preset} (house edge {edge} with the engine's basic strategy, "
        "{decks} decks): how many points the house edge rises (to the right) or falls (to the left) with "
        "that rule alone, the largest change first.", preset.decks, lang).format(
        preset=t(presets.title(preset.name), lang), edge=percent(base, lang, 3), decks=preset.decks)
    return bar_chart(title, desc, categories, series, lang, name="tornado", digits=3, stacked=True,
                     horizontal=True, axis_label=t(N_("Change of the house edge"), lang), head=t(N_("Rule"), lang))


register_charts(TORNADO_GAMES, {"tornado": ChartKind(_draw_tornado)})


# --- the trainer's cost of a mistake ----------------------------------------------------------------------------

def decision_chart(values: Mapping[str, Fraction], chosen: str, labels: Mapping[str, str], lang: str) -> str:
    """The exact value of each action open to a decision as bars (the advice's chart), the reader's choice and the
    best one marked, and the cost of the choice drawn between them: the best value less the chosen one.

    The best is the first action of the highest value, as the trainer's verdict takes it.

    Examples:
        >>> html = decision_chart({"stand": Fraction(-1, 5), "hit": Fraction(1, 10)}, "stand",
        ...                       {"stand": "Stand", "hit": "Hit"}, "en")
        >>> 'data-naipes-series="cost"' in html and 'data-naipes-value="3/10"' in html
        True
    """
    best = max(values, key=lambda action: values[action])
    cost = values[best] - values[chosen]
    # The best first, then (for a mistake) the cost and the choice: the cost is drawn between them.
    order = [best] + ([chosen] if chosen != best else []) + [a for a in values if a not in (best, chosen)]
    rows: list[tuple[str, str, Fraction]] = []
    for action in order:
        mark = (" ✓" if action == best else " ✗") if action == chosen else (" ★" if action == best else "")
        kind = "best" if action == best else "chosen" if action == chosen else "other"
        rows.append((labels[action] + mark, kind, values[action]))
    if cost:
        rows.insert(1, (t(N_("Cost of your choice"), lang), "cost", cost))
    # The best in the advice's colour, the cost in vermillion, the choice in purple, the others in blue.
    kinds = (("best", N_("The best action"), 4), ("cost", N_("Cost of your choice"), 1),
             ("chosen", N_("Your choice"), 3), ("other", N_("Another action"), 0))
    series = [Series(key, t(label, lang), tuple(v if k == key else None for _, k, v in rows), colour=colour)
              for key, label, colour in kinds if any(k == key for _, k, _ in rows)]
    names = [name for name, _, _ in rows]
    title = t(N_("What each action was worth, and what your choice cost"), lang)
    desc = t(N_("One bar per action that was open to you: its exact expected result per unit bet; the best action "
                "comes first, with a star (a tick if you chose it); when your choice was not the best, it comes "
                "next with a cross, and between them a bar of what it cost: the best value less the value of your "
                "choice."), lang)
    return bar_chart(title, desc, names, series, lang, name="decision", unit="decimal", digits=4, stacked=True,
                     horizontal=True, axis_label=t(N_("Expected result per unit bet"), lang),
                     head=t(N_("Action"), lang))
