"""The progressive jackpot's chart: what a unit staked returns against the size of the pool, break-even marked.

The return grows in a straight line with the pool (`SideBetAnalysis.return_at`);
the chart draws it from an empty pool to twice the break-even pool, where
the bet starts to favour the player.

Examples:
    >>> from naipes.web.registry import render
    >>> import naipes.games.poker.trijoker.widgets  # noqa: F401
    >>> html = render({"widget": "chart", "game": "trijoker", "chart": "progressive"}, "en")
    >>> html.count("data-naipes-mark=")
    1
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping

from ...core.formatting import decimal
from ...core.i18n import N_, translate_plural
from ...core.model import Game
from ...web.charts import ChartKind, Mark, Series, line_chart, nice_step, register_charts
from ...web.html import t
from .kernel import plural_count
from .progressive import ProgressiveRules, SideBetAnalysis

#: Points drawn along the pool axis.
POINTS = 11


def pool_points(side: SideBetAnalysis) -> list[Fraction]:
    """The pools drawn: round numbers of stakes from 0 to about twice the break-even pool (100,000 without one).

    Examples:
        >>> pool_points(SideBetAnalysis(Fraction(1, 2), Fraction(1, 1000)))[-1]
        Fraction(1000, 1)
    """
    end = 2 * side.break_even if side.break_even else Fraction(100_000)
    step = Fraction(nice_step(float(end), POINTS - 1)).limit_denominator(1)
    count = int(end / step) + (1 if end % step == 0 else 2)
    return [step * i for i in range(count)]


def register_progressive_chart(game: Game, progressive_of: Callable[[object], ProgressiveRules | None]) -> None:
    """Register `widget: chart` with `chart: progressive` for `game` (the first preset with a progressive)."""
    def draw(choices: Mapping[str, str], game_id: str, lang: str) -> str:
        found = next(p for p in map(progressive_of, game.presets.values()) if p is not None)
        side = SideBetAnalysis.of(found.prizes)
        pools = pool_points(side)
        series = [Series("return", t(N_("Return per unit staked"), lang), tuple(side.return_at(j) for j in pools))]
        marks = ([Mark(side.break_even, translate_plural(
            "Break-even pool: {pool} stake", "Break-even pool: {pool} stakes", plural_count(side.break_even, 0),
            lang).format(pool=decimal(side.break_even, lang, 0)))] if side.break_even else [])
        title = t(N_("The progressive's return against the pool"), lang)
        desc = t(N_("A line from an empty pool to twice the break-even pool: what one unit staked on the progressive "
                    "returns on average, counting the fixed prizes and the shares of the pool. Past the dashed line "
                    "the bet returns more than it costs."), lang)
        return line_chart(title, desc, pools, [decimal(j, lang, 0) for j in pools], series, lang, name="progressive",
                          digits=2, marks=marks, axis_label=t(N_("Main pool (stakes)"), lang), zero=True)

    if any(progressive_of(rules) is not None for rules in game.presets.values()):
        register_charts((game.id,), {"progressive": ChartKind(draw)})
