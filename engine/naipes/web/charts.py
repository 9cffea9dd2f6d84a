"""Charts drawn by the engine: SVG in the page's HTML, the same numbers in a table beside it.

A chart is computed like every other widget: at build time into static HTML,
and again by the same function in the browser when the reader changes one of
its controls. No chart library reaches the browser.

Every chart is a `<figure>` holding an `<svg role="img">` (its accessible
name in `aria-label`, with a `<title>` and a `<desc>` inside), a legend, and
the numbers drawn as a table in a `<details>` element, for screen readers and
for copying. Every mark keeps the exact value it draws (`data-naipes-value`,
a fraction string) so tests compare a chart with the engine. The colours are
the Okabe–Ito palette (told apart by colour-blind readers), set by the
stylesheet per colour scheme; no element has an `id`, so a chart can appear
twice on a page.

Examples:
    >>> from fractions import Fraction
    >>> html = bar_chart("Two bets", "Their chances.", ["A", "B"],
    ...                  [Series("p", "Chance", (Fraction(1, 2), Fraction(1, 4)))], "en")
    >>> '<svg class="naipes-plot-svg" role="img" aria-label="Two bets"' in html
    True
    >>> 'data-naipes-value="1/4"' in html
    True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field as dataclass_field, fields
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from ..core.errors import SpecError
from ..core.formatting import decimal, percent
from ..core.i18n import N_
from ..core.options import DECKS, Option, banca_pays, commission
from .escaping import escape
from .html import controls, root, select, t
from .registry import pick, register, unknown_action
from .state import ABSENT, State, option_text, slot, text

#: The drawing's size in SVG units; the stylesheet scales it to the column (narrow enough to stay legible at 390 px).
WIDTH, HEIGHT = 400, 260
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 10, 12, 46
#: How many series a chart may draw (the palette's colours the stylesheet defines).
MOST_SERIES = 8


@dataclass(frozen=True)
class Series:
    """One set of values drawn in one colour: `key` names it in data attributes, `label` in the legend."""

    key: str
    label: str
    values: tuple[Fraction | None, ...]
    colour: int | None = None  # the palette's colour (0 to 7); by default the series' place
    #: Each value's confidence interval (low, high), drawn as a whisker across the bar's end (a simulation's).
    intervals: tuple[tuple[Fraction, Fraction] | None, ...] = ()

    def interval(self, i: int) -> tuple[Fraction, Fraction] | None:
        """The `i`-th value's interval, if it has one."""
        return self.intervals[i] if i < len(self.intervals) else None

    def colour_class(self, place: int) -> str:
        return f"naipes-s{place if self.colour is None else self.colour}"


@dataclass(frozen=True)
class Mark:
    """A vertical line at `x` on a line chart, labelled (e.g. the break-even point)."""

    x: Fraction
    label: str


def _format(value: Fraction, unit: str, lang: str, digits: int) -> str:
    return percent(value, lang, digits) if unit == "percent" else decimal(value, lang, digits)


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) that cuts `span` into about `ticks` parts."""
    raw = span / ticks if span > 0 else 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw:
            return factor * power
    return 10 * power


def _scale(values: Iterable[Fraction], zero: bool = True) -> tuple[float, float, list[float]]:
    """The axis's ends and ticks: round numbers around `values` (and zero, unless `zero` is false)."""
    numbers = [float(v) for v in values]
    low = min(numbers + ([0.0] if zero else []))
    high = max(numbers + ([0.0] if zero else []))
    if high == low:
        high = low + (abs(low) or 1.0)
    step = nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    ticks = [low + i * step for i in range(int(round((high - low) / step)) + 1)]
    return low, high, ticks


def _legend(series: Sequence[Series], extra: str = "") -> str:
    items = "".join(f'<li><span class="naipes-plot-key {s.colour_class(i)}" aria-hidden="true"></span>{escape(s.label)}</li>'
                    for i, s in enumerate(series))
    return f'<ul class="naipes-plot-legend">{items}{extra}</ul>'


def _data_table(caption: str, head: str, categories: Sequence[str], series: Sequence[Series], unit: str,
                lang: str, digits: int) -> str:
    heads = "".join(f'<th scope="col">{escape(x)}</th>' for x in [head] + [s.label for s in series])
    rows = []
    for i, category in enumerate(categories):
        cells = "".join(
            "<td>—</td>" if s.values[i] is None else
            f'<td class="naipes-num" data-naipes-exact="{s.values[i]}">'
            f'{escape(_format(s.values[i], unit, lang, digits))}'  # type: ignore[arg-type]
            f'{_interval_text(s.interval(i), unit, lang, digits)}</td>'
            for s in series)
        rows.append(f'<tr><th scope="row">{escape(category)}</th>{cells}</tr>')
    summary = t(N_("The chart's numbers as a table"), lang)
    return (f'<details class="naipes-plot-data"><summary>{escape(summary)}</summary><div class="naipes-scroll">'
            f'<table class="naipes-table"><caption>{escape(caption)}</caption><thead><tr>{heads}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></details>')


def _interval_text(interval: tuple[Fraction, Fraction] | None, unit: str, lang: str, digits: int) -> str:
    if interval is None:
        return ""
    low, high = (_format(v, unit, lang, digits) for v in interval)
    return escape(f" ({low} – {high})")


def _svg(title: str, desc: str, inner: str, name: str, height: float = HEIGHT) -> str:
    return (f'<svg class="naipes-plot-svg" role="img" aria-label="{escape(title)}" viewBox="0 0 {WIDTH} {height:.0f}" '
            f'data-naipes-plot="{escape(name)}"><title>{escape(title)}</title><desc>{escape(desc)}</desc>{inner}</svg>')


def _y_axis(ticks: Sequence[float], y: Callable[[float], float], label: Callable[[float], str]) -> str:
    parts = []
    for tick in ticks:
        py = y(tick)
        parts.append(f'<line class="naipes-plot-grid" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{py:.1f}" y2="{py:.1f}"/>'
                     f'<text class="naipes-plot-tick" x="{_LEFT - 4}" y="{py + 4:.1f}" text-anchor="end">'
                     f'{escape(label(tick))}</text>')
    return "".join(parts)


def _x_labels(categories: Sequence[str], centre: Callable[[int], float], axis_label: str) -> str:
    every = _label_step(categories, WIDTH - _LEFT - _RIGHT)
    parts = [f'<text class="naipes-plot-tick" x="{centre(i):.1f}" y="{HEIGHT - _BOTTOM + 15}" text-anchor="middle">'
             f'{escape(c)}</text>' for i, c in enumerate(categories) if i % every == 0]
    if axis_label:
        parts.append(f'<text class="naipes-plot-axis" x="{(_LEFT + WIDTH - _RIGHT) / 2:.1f}" y="{HEIGHT - 6}" '
                     f'text-anchor="middle">{escape(axis_label)}</text>')
    return "".join(parts)


def _label_step(labels: Sequence[str], room: float) -> int:
    """Label every n-th point only, so that labels (about 7.5 units a character, at 14 units) never touch."""
    wanted = len(labels) * (7.5 * max(map(len, labels)) + 8)
    return max(1, math.ceil(wanted / room))


def _figure(svg: str, legend: str, data: str, name: str) -> str:
    return f'<figure class="naipes-plot" data-naipes-plot="{escape(name)}">{svg}{legend}{data}</figure>'


def bar_chart(title: str, desc: str, categories: Sequence[str], series: Sequence[Series], lang: str, *,
              name: str = "chart", unit: str = "percent", digits: int = 2, stacked: bool = False, log: bool = False,
              horizontal: bool = False, axis_label: str = "", head: str = "") -> str:
    """Bars per category: side by side (one per series), or `stacked`; `log` draws the values on a log scale.

    A log scale lets a chart show a half and a millionth together (poker hands); a
    value of zero or none is then left undrawn and shown as such in the table.
    `horizontal` lays the categories out as rows, their names on the left: long
    names stay legible on a phone.

    Examples:
        >>> html = bar_chart("T", "D", ["a"], [Series("x", "X", (Fraction(1, 3),))], "es", digits=1)
        >>> "33,3" in html and 'data-naipes-series="x"' in html
        True
    """
    if not series or len(series) > MOST_SERIES or any(len(s.values) != len(categories) for s in series):
        raise ValueError("a chart needs 1 to 8 series, each with one value per category")
    present = [v for s in series for v in s.values if v is not None]
    present += [end for s in series for i in range(len(categories)) for end in (s.interval(i) or ())]
    if log:
        positive = [float(v) for v in present if v > 0] or [1.0]
        low_exp, high_exp = math.floor(math.log10(min(positive))), math.ceil(math.log10(max(positive)))
        high_exp = max(high_exp, low_exp + 1)
        ticks = [10.0 ** e for e in range(low_exp, high_exp + 1)]

        def share(value: float) -> float:  # where a value falls between the axis's ends, 0 to 1
            return (math.log10(value) - low_exp) / (high_exp - low_exp)
        base = float(ticks[0])
    else:
        totals = ([sum((s.values[i] or Fraction(0) for s in series), Fraction(0)) for i in range(len(categories))]
                  if stacked else present)
        low, high, ticks = _scale(totals)

        def share(value: float) -> float:
            return (value - low) / (high - low)
        base = 0.0

    step_digits = 0 if log or len(ticks) < 2 else _tick_digits(ticks[1] - ticks[0], unit)

    def tick_label(value: float) -> str:
        places = _tick_digits(value, unit) if log else step_digits
        return _format(Fraction(value).limit_denominator(10 ** 9), unit, lang, places)
    bars_per_slot = 1 if stacked else len(series)
    if horizontal:
        label_w = 10 + 7.5 * max(len(c) for c in categories)  # about a character's width at 14 units
        left, right = min(170.0, label_w), float(WIDTH - _RIGHT - 12)
        band = max(8.0 * bars_per_slot + 8, 24.0)  # a row never narrower than its label (14 units) and a gap
        height: float = _TOP + band * len(categories) + _BOTTOM

        def along(value: float) -> float:
            return left + (right - left) * share(value)

        def slot_start(i: int) -> float:
            return _TOP + band * i + 4
    else:
        left, right = float(_LEFT), float(WIDTH - _RIGHT)
        height = float(HEIGHT)
        plot_h = HEIGHT - _TOP - _BOTTOM
        band = (right - left) / len(categories)

        def along(value: float) -> float:
            return _TOP + plot_h * (1 - share(value))

        def slot_start(i: int) -> float:
            return left + band * i + band * 0.1
    thickness = (band - 8) / bars_per_slot if horizontal else band * 0.8 / bars_per_slot
    marks = []
    for i, category in enumerate(categories):
        floor = base
        for j, s in enumerate(series):
            value = s.values[i]
            if value is None or (log and value <= 0):
                continue
            top = floor + float(value) if stacked else float(value)
            a, b = along(floor if stacked else base), along(top)
            offset = slot_start(i) + (0 if stacked else thickness * j)
            x, y, w, h = ((min(a, b), offset, abs(a - b), thickness) if horizontal else
                          (offset, min(a, b), thickness, abs(a - b)))
            shown = _format(value, unit, lang, digits)
            interval = s.interval(i)
            shown += _interval_text(interval, unit, lang, digits) if interval else ""
            marks.append(f'<rect class="{s.colour_class(j)}" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                         f'data-naipes-series="{escape(s.key)}" data-naipes-category="{escape(category)}" '
                         f'data-naipes-value="{value}"><title>{escape(f"{category} · {s.label}: {shown}")}</title></rect>')
            if interval is not None:
                marks.append(_whisker(interval, along, offset + thickness / 2, horizontal))
            if stacked:
                floor = top
    parts = []
    if horizontal:
        every = _label_step([tick_label(tick) for tick in ticks], right - left)  # wide labels would touch on a phone
        for number, tick in enumerate(ticks):
            x = along(tick)
            parts.append(f'<line class="naipes-plot-grid" x1="{x:.1f}" x2="{x:.1f}" y1="{_TOP}" '
                         f'y2="{height - _BOTTOM:.1f}"/>')
            if number % every == 0:
                parts.append(f'<text class="naipes-plot-tick" x="{x:.1f}" y="{height - _BOTTOM + 15:.1f}" '
                             f'text-anchor="middle">{escape(tick_label(tick))}</text>')
        for i, category in enumerate(categories):
            parts.append(f'<text class="naipes-plot-tick" x="{left - 6:.1f}" y="{_TOP + band * (i + 0.5) + 4:.1f}" '
                         f'text-anchor="end">{escape(category)}</text>')
        if axis_label:
            parts.append(f'<text class="naipes-plot-axis" x="{(left + right) / 2:.1f}" y="{height - 6:.1f}" '
                         f'text-anchor="middle">{escape(axis_label)}</text>')
    else:
        parts.append(_y_axis(ticks, along, tick_label))
        parts.append(_x_labels(categories, lambda i: left + band * (i + 0.5), axis_label))
    inner = parts[0] + "".join(marks) + "".join(parts[1:]) if not horizontal else "".join(parts) + "".join(marks)
    svg = _svg(title, desc, inner, name, height)
    return _figure(svg, _legend(series), _data_table(title, head or axis_label, categories, series, unit, lang, digits),
                   name)


def _whisker(interval: tuple[Fraction, Fraction], along: Callable[[float], float], middle: float,
             horizontal: bool) -> str:
    """An interval as a line between its ends, with a cap at each end (drawn in the text's colour, over the bar)."""
    a, b = (along(float(v)) for v in interval)
    cap = 5.0
    if horizontal:
        lines = [(a, middle, b, middle), (a, middle - cap, a, middle + cap), (b, middle - cap, b, middle + cap)]
    else:
        lines = [(middle, a, middle, b), (middle - cap, a, middle + cap, a), (middle - cap, b, middle + cap, b)]
    path = " ".join(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}" for x1, y1, x2, y2 in lines)
    return f'<path class="naipes-plot-interval" d="{path}" data-naipes-interval="{interval[0]} {interval[1]}"/>'


def _tick_digits(value: float, unit: str) -> int:
    """Digits enough to tell `value` (a tick, or the step between ticks) apart, as shown in `unit`."""
    shown = abs(value) * (100 if unit == "percent" else 1)
    if shown == 0 or shown >= 1:
        return 0 if shown == 0 or shown == round(shown) else 1
    return min(6, -math.floor(math.log10(shown) + 1e-9))


def line_chart(title: str, desc: str, xs: Sequence[Fraction], x_labels: Sequence[str], series: Sequence[Series],
               lang: str, *, name: str = "chart", unit: str = "percent", digits: int = 3,
               marks: Sequence[Mark] = (), axis_label: str = "", head: str = "", zero: bool = False) -> str:
    """Lines through the points (`xs[i]`, value): one per series, each point a dot that keeps its exact value.

    The value axis spans the values (with zero when `zero`): a line chart shows how values change.

    Examples:
        >>> html = line_chart("T", "D", [Fraction(1), Fraction(2)], ["1", "2"],
        ...                   [Series("e", "Edge", (Fraction(1, 100), Fraction(1, 50)))], "en",
        ...                   marks=[Mark(Fraction(3, 2), "even")])
        >>> html.count("<circle") == 2 and 'data-naipes-mark="3/2"' in html
        True
    """
    if not series or len(series) > MOST_SERIES or any(len(s.values) != len(xs) for s in series) or len(xs) < 2:
        raise ValueError("a line chart needs 1 to 8 series, each with one value per x (two at least)")
    plot_w, plot_h = WIDTH - _LEFT - _RIGHT, HEIGHT - _TOP - _BOTTOM
    low, high, ticks = _scale([v for s in series for v in s.values if v is not None], zero=zero)
    x_low, x_high = float(min(xs)), float(max(xs))

    def px(value: Fraction) -> float:  # room at both ends for the first and last labels
        return _LEFT + 12 + (plot_w - 36) * (float(value) - x_low) / (x_high - x_low)

    def py(value: float) -> float:
        return _TOP + plot_h * (high - value) / (high - low)
    parts = []
    for mark in marks:
        if x_low <= mark.x <= x_high:
            parts.append(f'<line class="naipes-plot-mark" x1="{px(mark.x):.1f}" x2="{px(mark.x):.1f}" y1="{_TOP}" '
                         f'y2="{HEIGHT - _BOTTOM}" data-naipes-mark="{mark.x}"><title>{escape(mark.label)}</title>'
                         f'</line>')
    for j, s in enumerate(series):
        points = [(px(x), py(float(v)), x_label, v) for x, x_label, v in zip(xs, x_labels, s.values) if v is not None]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in points)
        parts.append(f'<polyline class="naipes-line {s.colour_class(j)}" points="{path}"/>')
        for x, y, x_label, v in points:
            shown = _format(v, unit, lang, digits)
            parts.append(f'<circle class="{s.colour_class(j)}" cx="{x:.1f}" cy="{y:.1f}" r="3.5" '
                         f'data-naipes-series="{escape(s.key)}" data-naipes-category="{escape(x_label)}" '
                         f'data-naipes-value="{v}"><title>{escape(f"{x_label} · {s.label}: {shown}")}</title></circle>')

    step_digits = _tick_digits(ticks[1] - ticks[0], unit)

    def tick_label(value: float) -> str:
        return _format(Fraction(value).limit_denominator(10 ** 9), unit, lang, step_digits)
    every = _label_step(x_labels, plot_w)
    labels = "".join(f'<text class="naipes-plot-tick" x="{px(x):.1f}" y="{HEIGHT - _BOTTOM + 15}" '
                     f'text-anchor="middle">{escape(label)}</text>'
                     for i, (x, label) in enumerate(zip(xs, x_labels)) if i % every == 0)
    if axis_label:
        labels += (f'<text class="naipes-plot-axis" x="{(_LEFT + WIDTH - _RIGHT) / 2:.1f}" y="{HEIGHT - 6}" '
                   f'text-anchor="middle">{escape(axis_label)}</text>')
    inner = _y_axis(ticks, py, tick_label) + "".join(parts) + labels
    mark_items = "".join(f'<li><span class="naipes-plot-key naipes-plot-mark-key" aria-hidden="true"></span>'
                         f'{escape(m.label)}</li>' for m in marks)
    return _figure(_svg(title, desc, inner, name), _legend(series, mark_items),
                   _data_table(title, head or axis_label, x_labels, series, unit, lang, digits), name)


# --- the chart widget ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Control:
    """A choice the reader makes on a chart: its label, its values (the first is the default) and their texts."""

    label: str
    values: tuple[str, ...]
    text: Callable[[str, str], str] = lambda value, lang: value
    default: str | None = None

    @property
    def start(self) -> str:
        """The value a chart starts with when its block does not set one."""
        return self.default if self.default is not None else self.values[0]

    @classmethod
    def of_option(cls, option: Option, offered: Iterable[object] | None = None, default: str | None = None) -> "Control":
        """The control of a rules option, derived from its declaration: its label, and its values (or the subset
        `offered` the chart draws).

        Examples:
            >>> control = Control.of_option(DECKS, (6, 8), default="6")
            >>> control.label, control.values, control.start
            ('Decks', ('6', '8'), '6')
        """
        values = option.values if offered is None else tuple(str(value) for value in offered)
        return cls(option.label, values, default=default)


@dataclass(frozen=True)
class ChartKind:
    """One chart of a game: `draw(choices, game, lang)` returns its figure; `controls` are what the reader picks."""

    draw: Callable[[Mapping[str, str], str, str], str]
    controls: Mapping[str, Control] = dataclass_field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class ChartState(State):
    """A chart and the reader's choices on it: one slot per control name any chart offers.

    The decks and the commission are rules options (`DECKS`, and the commission `core.options.commission` declares
    for every baccarat game); a chart offers some of their values. The other controls are the charts' own
    choices. `register_charts` checks every one against the chart's `Control` values before drawing.
    """

    chart: str = slot(text(40))
    decks: str = slot(option_text(DECKS), ABSENT)
    commission: str = slot(option_text(commission("banker_pays", banca_pays)), ABSENT)
    soft_17: str = slot(text(8), ABSENT)
    total: str = slot(text(2), ABSENT)
    opponent: str = slot(text(12), ABSENT)
    first: str = slot(text(8), ABSENT)
    seen: str = slot(text(12), ABSENT)


#: The slots of `ChartState` that hold a control's choice.
_CONTROL_SLOTS = frozenset(f.name for f in fields(ChartState)) - frozenset(f.name for f in fields(State)) - {"chart"}

#: Every game's charts, by target (a game id) and chart name: several modules may add charts to one game.
_CHARTS: dict[str, dict[str, ChartKind]] = {}


def register_charts(targets: Iterable[str], charts: Mapping[str, ChartKind]) -> None:
    """Make `widget: chart` with `chart: NAME` (one of `charts`) available for each game of `targets`.

    A page's block may set each control's starting value (`decks: 6`); the
    reader changes them with the chart's selects, and the chart is drawn again.
    """
    targets = tuple(targets)
    unknown = {name for kind in charts.values() for name in kind.controls} - _CONTROL_SLOTS
    if unknown:  # a control the chart's state cannot hold: a bug of the game's charts, found when it registers
        raise ValueError(f"ChartState has no slot for the controls {sorted(unknown)}")
    for target_name in targets:
        _CHARTS.setdefault(target_name, {}).update(charts)

    def chosen(state: ChartState) -> tuple[ChartKind, dict[str, str]]:
        offered = _CHARTS.get(state.game, {})
        kind = offered.get(state.chart)
        if kind is None:
            raise SpecError("Unknown chart {value!r}: use {choices}.", value=state.chart, choices=", ".join(offered))
        foreign = sorted(name for name in _CONTROL_SLOTS - set(kind.controls) if getattr(state, name) is not ABSENT)
        if foreign:  # a choice this chart does not offer (a tampered state or link): nothing it would draw differently
            raise SpecError("Unknown widget option {key!r}: use {keys}.", key=foreign[0],
                            keys=", ".join(sorted(kind.controls)))
        picked = {}
        for name, control in kind.controls.items():
            value = getattr(state, name)
            if value not in control.values:
                raise SpecError("Unknown choice {value!r}: use {choices}.", value=str(value)[:40],
                                choices=", ".join(control.values))
            picked[name] = str(value)
        return kind, picked

    def start(spec: Mapping[str, str], base: Mapping[str, object]) -> ChartState:
        offered = _CHARTS.get(str(base.get("game")), {})
        name = str(spec.get("chart", next(iter(offered), "")))
        kind = offered.get(name)
        values = {control_name: str(spec.get(control_name, control.start)).strip()
                  for control_name, control in (kind.controls.items() if kind is not None else ())}
        state = ChartState.from_json(dict(base, chart=name, **values))
        chosen(state)
        return state

    def render_state(state: ChartState, error: str | None) -> str:
        kind, picked = chosen(state)
        lang = state.lang
        selects = "".join(select(name, t(control.label, lang),
                                 [(v, control.text(v, lang)) for v in control.values], picked[name])
                          for name, control in kind.controls.items())
        body = controls(selects) + kind.draw(picked, state.game, lang)
        return root(state, body, error, static=not kind.controls)

    def act(state: ChartState, action: str, value: str) -> ChartState:
        kind, _ = chosen(state)
        control = kind.controls.get(action)
        if control is None:
            raise unknown_action(action[:40])
        return state.evolve(**{action: pick(value[:40], control.values)})

    keys = {"chart"} | {name for kinds in _CHARTS.values() for kind in kinds.values() for name in kind.controls}
    register("chart", targets, start, render_state, act, keys=keys, state=ChartState)
