"""Black Jack's and Challenge 21's charts: where the dealer ends, by its first card (stacked bars, bust last),
and Black Jack's house edge as each rule changes (a tornado).

The tornado starts from the game's first preset and changes one rule at a
time (`RULE_VARIATIONS`: each entry names the rule and makes the changed
rules); each bar is the change of the house edge of the engine's basic
strategy (`StrategyTable.basic_edge`), longest first. A rule the engine
learns is one more entry there (and `tools/precompute.py`: each edge takes
seconds to a minute, so they are shipped precomputed, `black-jack-rule-edges`).

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
from .strategy import COLUMNS, SHIPPED_DECKS, rules_key, strategy_table
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


#: The rules the tornado changes, one at a time; a variation that leaves the preset as it is draws no bar.
RULE_VARIATIONS: tuple[RuleVariation, ...] = (
    *(_decks(decks) for decks in SHIPPED_DECKS),
    RuleVariation("hits-soft-17", lambda lang: t(SOFT_17["hit"], lang), lambda rules: replace(rules, hits_soft_17=True)),
    RuleVariation("stands-soft-17", lambda lang: t(SOFT_17["stand"], lang),
                  lambda rules: replace(rules, hits_soft_17=False)),
)
EDGES = "black-jack-rule-edges"
#: The tornado is Black Jack's: the strategy tables value one hand against one dealer's hand, not Challenge 21's rounds.
TORNADO_GAMES = GAMES[:1]


def _variations(base: BlackJackRules) -> list[tuple[RuleVariation, BlackJackRules]]:
    return [(v, v.change(base)) for v in RULE_VARIATIONS if rules_key(v.change(base)) != rules_key(base)]


@generator(EDGES)
def _rule_edges() -> dict:
    """The basic strategy's house edge of each game's first preset and of each of its `RULE_VARIATIONS`."""
    out = {}
    for game in TORNADO_GAMES:
        base = _game({"game": game}).presets.default
        out[game] = {"base": str(strategy_table(base).basic_edge),
                     "variations": {v.key: str(strategy_table(rules).basic_edge) for v, rules in _variations(base)}}
    return out


def edge_changes(game: str) -> tuple[Fraction, list[tuple[RuleVariation, Fraction]]]:
    """The first preset's house edge and how much each rule variation changes it, the largest change first.

    Examples:
        >>> base, changes = edge_changes("black-jack")
        >>> changes[0][0].key, changes[0][1] < 0 < base
        ('decks-1', True)
    """
    data = load(EDGES)[game]
    base = Fraction(data["base"])
    found = [(v, Fraction(data["variations"][v.key]) - base)
             for v, _ in _variations(_game({"game": game}).presets.default)]
    return base, sorted(found, key=lambda pair: -abs(pair[1]))


def _draw_tornado(choices: Mapping[str, str], game: str, lang: str) -> str:
    base, changes = edge_changes(game)
    preset = _game({"game": game}).presets.default
    categories = [v.label(lang) for v, _ in changes]
    series = [Series("raises", t(N_("raises the house edge"), lang),
                     tuple(c if c > 0 else None for _, c in changes), colour=1),
              Series("lowers", t(N_("lowers the house edge"), lang),
                     tuple(c if c <= 0 else None for _, c in changes), colour=0)]
    title = t(N_("The house edge as one rule changes"), lang)
    desc = t(N_("One bar per rule changed from preset {preset} (house edge {edge} with the engine's basic strategy, "
                "{decks} decks): how many points the house edge rises (to the right) or falls (to the left) with "
                "that rule alone, the largest change first."), lang).format(
        preset=preset.name, edge=percent(base, lang, 3), decks=preset.decks)
    return bar_chart(title, desc, categories, series, lang, name="tornado", digits=3, stacked=True,
                     horizontal=True, axis_label=t(N_("Change of the house edge"), lang), head=t(N_("Rule"), lang))


register_charts(TORNADO_GAMES, {"tornado": ChartKind(_draw_tornado)})
