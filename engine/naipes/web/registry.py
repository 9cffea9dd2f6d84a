"""The widget registry: how a page's block becomes a state, a state becomes HTML, and an action a new state.

Game widget modules register their kinds here (`register`); this module
imports no game. `naipes.widgets` (the site's entry point) loads a game's
widget module before calling `render` or `handle`.

A page writes a widget as a fenced block (``` ``naipes ````) of
`key: value` lines; `parse_spec` reads it and `render` returns complete
static HTML in the page's language. In the browser, Pyodide calls `handle`
with the widget's state (kept in its `data-naipes-state` attribute), an
action and a value, and swaps in the HTML it returns.

Examples:
    >>> parse_spec("widget: tableau\\ngame: punto-banca")
    {'widget': 'tableau', 'game': 'punto-banca'}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from ..core.errors import NaipesError, SpecError
from ..core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, check_language, error_text, translate

#: Block keys every widget understands; a kind may read others (`extra_keys`).
COMMON_KEYS = frozenset({"widget", "game", "family", "preset", "decks", "seed"})
#: A state longer than this is not read (a tampered page cannot make the engine parse megabytes).
MAX_STATE = 100_000


@dataclass(frozen=True)
class WidgetKind:
    """One kind of widget for one game (or family): its start state, its HTML, and its actions.

    Attributes:
        start: the initial state from a page's block (`spec`) and the base state (`widget`, `game`, `lang`).
        render: the HTML of a state, with an optional one-line error message.
        act: the new state after an action with a value (raises `NaipesError` on bad input).
        keys: the block keys the kind reads besides the common ones.
    """

    start: Callable[[Mapping[str, str], dict], dict]
    render: Callable[[Mapping[str, object], str | None], str]
    act: Callable[[dict, str, str], dict]
    keys: frozenset[str] = frozenset()


_REGISTRY: dict[tuple[str, str], WidgetKind] = {}


def target(spec: Mapping[str, object]) -> str:
    """What a block or state is about: its game, or `family:NAME` for a family-wide widget."""
    if spec.get("family"):
        return "family:" + str(spec["family"])
    return str(spec.get("game", ""))


def register(kind: str, targets: Iterable[str], start, render_state, act, keys: Iterable[str] = ()) -> None:
    """Make `widget: kind` available for each game id (or `family:NAME`) of `targets`."""
    for name in targets:
        _REGISTRY[(kind, name)] = WidgetKind(start, render_state, act, frozenset(keys))


def parse_spec(text: str) -> dict[str, str]:
    """Read a widget block's `key: value` lines; the error names the bad line.

    Raises:
        SpecError: a line that is not `key: value`.

    Examples:
        >>> parse_spec("widget tableau")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Widget line 1 is not 'key: value': 'widget tableau'.
    """
    spec: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep or not key.strip():
            raise SpecError("Widget line {number} is not 'key: value': {line!r}.", number=number, line=line)
        spec[key.strip()] = value.strip()
    return spec


def _kind(kind: str, name: str) -> WidgetKind:
    kinds = sorted({k for k, _ in _REGISTRY})
    if kind not in kinds:
        raise SpecError("Unknown widget {kind!r}: use one of {kinds}.", kind=kind, kinds=", ".join(kinds))
    found = _REGISTRY.get((kind, name))
    if found is None:
        names = sorted(n for k, n in _REGISTRY if k == kind)
        raise SpecError("Unknown game {game!r}: use one of {games}.", game=name, games=", ".join(names))
    return found


def render(spec: Mapping[str, str], lang: str) -> str:
    """Static HTML of the widget a page's block describes, in `lang`.

    Raises:
        SpecError: an unknown widget, game or key, or a bad value in the block.
    """
    check_language(lang)
    kind_name = spec.get("widget", "")
    widget = _kind(kind_name, target(spec))
    allowed = COMMON_KEYS | widget.keys
    unknown = sorted(set(spec) - allowed)
    if unknown:
        raise SpecError("Unknown widget option {key!r}: use {keys}.", key=unknown[0], keys=", ".join(sorted(allowed)))
    base = {"widget": kind_name, "lang": lang}
    base.update({key: spec[key] for key in ("game", "family") if spec.get(key)})
    return widget.render(widget.start(spec, base), None)


def read_state(state_json: str) -> dict:
    """A widget's state from its JSON, checked for the keys every state has.

    Raises:
        SpecError: not a JSON object with a known language and a widget kind.
    """
    if not isinstance(state_json, str) or len(state_json) > MAX_STATE:
        raise SpecError("The widget's state is damaged; reload the page.")
    try:
        state = json.loads(state_json)
    except ValueError:
        raise SpecError("The widget's state is damaged; reload the page.") from None
    if not isinstance(state, dict) or state.get("lang") not in LANGUAGES or not isinstance(state.get("widget"), str):
        raise SpecError("The widget's state is damaged; reload the page.")
    return state


def handle(state_json: str, action: str, value: str) -> str:
    """The widget's new HTML after the reader's `action` with `value`; it never raises.

    Bad values, illegal actions and damaged states show a one-line message in
    the widget's language and keep the previous state (or, when even that
    cannot be read, a minimal widget with the message).
    """
    try:
        state = read_state(state_json)
    except NaipesError as error:
        return damaged(error_text(error, DEFAULT_LANGUAGE))
    lang = state["lang"]
    try:
        widget = _kind(state["widget"], target(state))
    except NaipesError as error:
        return damaged(error_text(error, lang), lang)
    try:
        new_state = widget.act(dict(state), str(action), str(value))
        return widget.render(new_state, None)
    except NaipesError as error:
        message = error_text(error, lang)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        message = translate(N_("The widget's state is damaged; reload the page."), lang)
    try:
        return widget.render(state, message)
    except Exception:  # noqa: BLE001 - the old state itself is damaged: never raise to the page
        return damaged(message, lang)


def damaged(message: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A minimal widget that only says what went wrong (its state could not be read)."""
    from html import escape

    return (f'<div class="naipes-widget naipes-damaged" data-naipes-static="true" lang="{escape(lang)}">'
            f'<p class="naipes-status naipes-error" role="alert">{escape(message)}</p></div>')


def pick(value: str, allowed: Iterable[str]) -> str:
    """`value` if it is one of `allowed`; the error names it and the allowed values.

    Raises:
        SpecError: any other value.
    """
    allowed = list(allowed)
    if value not in allowed:
        raise SpecError("Unknown choice {value!r}: use {choices}.", value=value, choices=", ".join(allowed))
    return value


def unknown_action(action: str) -> SpecError:
    """The error for an action a widget does not have."""
    return SpecError("Unknown action {action!r}.", action=action)
