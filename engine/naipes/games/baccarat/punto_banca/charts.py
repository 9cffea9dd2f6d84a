"""Punto y Banca's charts: the house edge of each bet by the number of decks, and the hands' final totals.

A shoe's tallies (how many coups Banca, Punto or the tie wins, and each hand's
final total) take longer than a click to count for eight deck counts, so they
ship precomputed (`punto-banca-outcomes`); the edges under the chosen
commission are then a few exact multiplications.

Examples:
    >>> from naipes.web.registry import render
    >>> html = render({"widget": "chart", "game": "punto-banca", "chart": "edge-by-decks"}, "en")
    >>> html.count('data-naipes-series="banker"')
    8
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from ....core import options
from ....core.i18n import N_
from ....core.precomputed import generator, load
from ....web.charts import ChartKind, Control, Series, bar_chart, line_chart, register_charts
from ....web.html import t
from ..kernel import BANKER, PLAYER, TIE
from .coup import BETS, settle_bet
from .rules import PuntoBancaRules
from .widgets import GAMES, HAND_LABELS, _preset_drawings, _shoe_analysis

#: The commissions the reader compares (what the sources deduct from a winning Banca bet).
CHART_COMMISSIONS = ("5%", "10%")
BET_LABELS = {BANKER: N_("Banker"), PLAYER: N_("Player")}


@generator("punto-banca-outcomes")
def every_outcome_tally() -> dict:
    """For the presets' drawing rules and 1 to 8 decks: coups won by each side and each hand's final totals."""
    data: dict = {}
    for drawing in sorted(_preset_drawings(), key=lambda d: d.name):
        for decks in options.DECK_COUNTS:
            a = _shoe_analysis(decks, drawing)
            data.setdefault(drawing.name, {})[str(decks)] = {
                "total": a.total, BANKER: a.banker, PLAYER: a.player, TIE: a.tie,
                "player-totals": [sum(a.final_totals[p]) for p in range(10)],
                "banker-totals": [sum(a.final_totals[p][b] for p in range(10)) for b in range(10)]}
    return data


def _tally(rules: PuntoBancaRules, decks: int) -> Mapping[str, object]:
    return load("punto-banca-outcomes")[rules.drawing.name][str(decks)]


def house_edge(rules: PuntoBancaRules, decks: int, bet: str) -> Fraction:
    """The house edge of `bet` under `rules` from a full shoe of `decks` decks (read from the shipped tallies).

    Examples:
        >>> from .rules import PRESETS
        >>> round(float(house_edge(PRESETS.get("hoja-baccarat"), 8, "banker")), 6)
        0.010579
    """
    tally = _tally(rules, decks)
    total = int(tally["total"])  # type: ignore[call-overload]
    return -sum((Fraction(int(tally[w]), total) * settle_bet(rules, bet, w, Fraction(1))  # type: ignore[call-overload]
                 for w in BETS), Fraction(0))


def _default_rules(game: str) -> PuntoBancaRules:
    return GAMES[game].presets.default


_COMMISSION_TEXTS = {"5%": N_("deduction of 5 %"), "10%": N_("deduction of 10 %")}


def _commission_text(value: str, lang: str) -> str:
    return t(_COMMISSION_TEXTS[value], lang)


def _draw_edges(choices: Mapping[str, str], game: str, lang: str) -> str:
    rules = _default_rules(game).with_options(commission=choices["commission"])
    decks = list(options.DECK_COUNTS)
    series = [Series(bet, t(BET_LABELS[bet], lang), tuple(house_edge(rules, d, bet) for d in decks))
              for bet in (PLAYER, BANKER)]
    title = t(N_("House edge of the Banker and Player bets by the number of decks"), lang)
    desc = t(N_("One line per bet, one point per shoe of 1 to 8 decks, with the chosen commission on a winning "
                "Banker bet and the drawing rules of preset {preset}. The tie bet's edge, far higher, is in the odds "
                "table."), lang).format(preset=t(GAMES[game].presets.title(rules.name), lang))
    return line_chart(title, desc, [Fraction(d) for d in decks], [str(d) for d in decks], series, lang,
                      name="edge-by-decks", digits=3, axis_label=t(N_("Decks"), lang))


def _draw_totals(choices: Mapping[str, str], game: str, lang: str) -> str:
    rules = _default_rules(game)
    decks = int(choices["decks"])
    tally = _tally(rules, decks)
    total = int(tally["total"])  # type: ignore[call-overload]
    series = [Series(side, t(HAND_LABELS[side], lang),
                     tuple(Fraction(n, total) for n in tally[f"{side}-totals"]))  # type: ignore[attr-defined]
              for side in (PLAYER, BANKER)]
    title = t(N_("Each hand's final total"), lang)
    desc = t(N_("Two bars per total from 0 to 9: how often the player's hand and the banker's hand end the coup on "
                "it, from a full shoe of the chosen decks, with the drawing rules of preset {preset}."),
             lang).format(preset=t(GAMES[game].presets.title(rules.name), lang))
    return bar_chart(title, desc, [str(n) for n in range(10)], series, lang, name="totals", digits=2,
                     axis_label=t(N_("Final total"), lang))


_CHARTS = {
    "edge-by-decks": ChartKind(_draw_edges, {"commission": Control(N_("Banker commission"), CHART_COMMISSIONS,
                                                                  _commission_text)}),
    "totals": ChartKind(_draw_totals, {"decks": Control(N_("Decks"), tuple(str(d) for d in options.DECK_COUNTS),
                                                   default="8")}),
}
register_charts(GAMES, _CHARTS)
