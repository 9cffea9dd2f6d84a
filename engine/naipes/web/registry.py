"""The widget registry: how a page's block becomes a state, a state becomes HTML, and an action a new state.

Game widget modules register their kinds here (`register`); this module
imports no game. `naipes.widgets` (the site's entry point) loads a game's
widget module before calling `render` or `handle`.

A page writes a widget as a fenced block (``` ``naipes ````) of
`key: value` lines; `parse_spec` reads it and `render` returns complete
static HTML in the page's language. In the browser, Pyodide calls `handle`
with the widget's state (kept in its `data-naipes-state` attribute), an
action and a value, and swaps in the HTML it returns.

A widget the reader plays (its state holds a seed: it deals cards) also
has a link: `link` writes what its state changed from the kind's start as
`version.base64url(JSON)`, and the browser sends it back with the action
`link` (`LINK_ACTION`) to replay the same game, on any page in any language.

Examples:
    >>> parse_spec("widget: tableau\\ngame: punto-banca")
    {'widget': 'tableau', 'game': 'punto-banca'}
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from ..core.errors import NaipesError, SpecError
from ..core.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, check_language, error_text, translate
from .state import STATE_DAMAGED, State, StateError, StateT, load_json

#: Block keys every widget understands; a kind may read others (`extra_keys`).
COMMON_KEYS = frozenset({"widget", "game", "family", "preset", "decks", "seed"})
#: A state longer than this is not read (a tampered page cannot make the engine parse megabytes).
MAX_STATE = 100_000
#: The form of a game's link (`1.<base64url JSON>`); a link of another form is refused with `LINK_DAMAGED`.
LINK_VERSION = 1
#: The action that replays a link: the browser sends it with the text of the widget's URL parameter.
LINK_ACTION = "link"
#: What a link never carries: the page it is opened on gives the widget, its game and the language.
PAGE_KEYS = frozenset({"widget", "game", "family", "lang"})
#: How far a computation has gone (a simulation's batches, a trainer's values computed): the reader did not choose
#: it, a link leaves it out.
PROGRESS_KEYS = frozenset({"runs", "valued"})
#: A link longer than this is not read.
MAX_LINK = 4_000
#: A widget state as JSON: an object (checked by its kind's class before a game sees it).
JsonState = dict[str, Any]
#: What the widget says when a link cannot be replayed (it then shows a new game).
LINK_DAMAGED = N_("The link to this game is damaged or was made by another version of the site: here is a new game.")


@dataclass(frozen=True)
class WidgetKind:
    """One kind of widget for one game (or family): its state class, its start state, its HTML, and its actions.

    Its callbacks take and return instances of its `state` class (checked once, here, where the state is read);
    the registry converts to and from JSON at its edges (pages, links).

    Attributes:
        start: the initial state from a page's block (`spec`) and the base state (`widget`, `game`, `lang`).
        render: the HTML of a state, with an optional one-line error message.
        act: the new state after an action with a value (raises `NaipesError` on bad input).
        keys: the block keys the kind reads besides the common ones.
        state: the kind's `State` class (declared by the game's widget module, with only the keys it holds).
    """

    start: Callable[[Mapping[str, str], JsonState], Any]
    render: Callable[[Any, str | None], str]
    act: Callable[[Any, str, str], Any]
    keys: frozenset[str]
    state: type[State]

    def checked(self, state: Mapping[str, object]) -> JsonState:
        """`state` checked by the kind's state class (the JSON it holds once read).

        Raises:
            StateError: `state` does not fit the class.
        """
        return self.state.from_json(state).to_json()

    def start_json(self, spec: Mapping[str, str], base: JsonState) -> JsonState:
        """The kind's start state as JSON."""
        started = self.start(spec, base)
        if not isinstance(started, self.state):  # a kind starts with its own class: anything else is a bug
            raise TypeError(f"{type(started).__name__} is not a {self.state.__name__}")
        return started.to_json()

    def render_json(self, state: Mapping[str, object], message: str | None) -> str:
        """The HTML of a state given as JSON (read by the kind's class first).

        Raises:
            StateError: a state that does not fit the class.
        """
        return self.render(self.state.from_json(state), message)

    def act_json(self, state: JsonState, action: str, value: str) -> JsonState:
        """The new state, as JSON, after `action` with `value` on `state` (JSON)."""
        acted = self.act(self.state.from_json(state), action, value)
        if not isinstance(acted, self.state):  # a kind returns its own class: anything else is a bug
            raise TypeError(f"{type(acted).__name__} is not a {self.state.__name__}")
        return acted.to_json()


_REGISTRY: dict[tuple[str, str], WidgetKind] = {}


def target(spec: Mapping[str, object]) -> str:
    """What a block or state is about: its game, or `family:NAME` for a family-wide widget."""
    if spec.get("family"):
        return "family:" + str(spec["family"])
    return str(spec.get("game", ""))


def register(kind: str, targets: Iterable[str], start: Callable[[Mapping[str, str], JsonState], Any],
             render_state: Callable[[Any, str | None], str],
             act: Callable[[Any, str, str], Any], keys: Iterable[str] = (), *, state: type[State]) -> None:
    """Make `widget: kind` available for each game id (or `family:NAME`) of `targets`.

    `state` is the kind's `State` subclass: `start` returns an instance of it, `render` and `act` take one and
    `act` returns one.
    """
    for name in targets:
        _REGISTRY[(kind, name)] = WidgetKind(start, render_state, act, frozenset(keys), state)


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
    return widget.render_json(widget.start_json(spec, base), None)


def read_state(state_json: str) -> JsonState:
    """A widget's state from its JSON, checked for the keys every state has.

    Raises:
        SpecError: not a JSON object with a known language and a widget kind.
    """
    state = load_json(state_json, MAX_STATE)  # bounded: length, nesting, finite short numbers
    if not isinstance(state, dict) or state.get("lang") not in LANGUAGES or not isinstance(state.get("widget"), str):
        raise SpecError(STATE_DAMAGED)
    return state


class ControlMessage(str):
    """A one-line message about one control: the `data-naipes-action` it is shown next to.

    It is a `str`, so every widget passes it on to `naipes.web.html.root` as
    its error; `root` puts it next to that control (marked `aria-invalid`),
    or in the widget's status line when the control is not there.

    Examples:
        >>> message = ControlMessage("Type a bet.", "bet-amount")
        >>> message, message.control
        ('Type a bet.', 'bet-amount')
    """

    control: str | None

    def __new__(cls, text: str, control: str | None = None) -> "ControlMessage":
        message = super().__new__(cls, text)
        message.control = control
        return message


#: The errors no input should cause but a widget's bug might (kept by `handle`, read by the tests).
UNEXPECTED: list[str] = []


def _unexpected(error: Exception) -> None:
    UNEXPECTED[:] = UNEXPECTED[-99:] + [f"{type(error).__name__}: {error}"[:300]]


def handle(state_json: str, action: str, value: str) -> str:
    """The widget's new HTML after the reader's `action` with `value`; it never raises.

    The state is checked once, by its kind's class (declared with the kind): a
    damaged state gets the translated message on a fresh widget. Bad values
    and illegal actions show a one-line message in the widget's language and
    keep the state, with what the reader typed in its field; the message is a
    `ControlMessage` about the control that sent it (or the one the engine's
    error names in its `control` attribute).

    `LINK_ACTION` replays a game's link (`value`, see `link`) on the widget of
    `state_json`; a link that cannot be replayed leaves that widget as it is,
    with `LINK_DAMAGED`.

    Examples:
        >>> import html as markup, re
        >>> from naipes import widgets
        >>> page = widgets.render({"widget": "coup", "game": "punto-banca"}, "en")
        >>> state = markup.unescape(re.search(r'data-naipes-state="([^"]*)"', page)[1])
        >>> "The link to this game is damaged" in widgets.handle(state, LINK_ACTION, "1.eyJzZWVkIjoxZTk5OTl9")
        True
    """
    try:
        state = read_state(state_json)
    except NaipesError as error:
        return damaged(error_text(error, DEFAULT_LANGUAGE))
    lang = str(state["lang"])
    try:
        widget = _kind(str(state["widget"]), target(state))
    except NaipesError as error:
        return damaged(error_text(error, lang), lang)
    try:
        state = widget.checked(state)
    except StateError:
        return _fresh(state, translate(STATE_DAMAGED, lang))
    if action == LINK_ACTION:
        return _open_link(widget, state, value)
    try:
        new_state = widget.act_json(dict(state), str(action), str(value))
        return widget.render_json(new_state, None)
    except NaipesError as error:
        message: str = ControlMessage(error_text(error, lang), getattr(error, "control", None) or str(action))
    except Exception as error:  # noqa: BLE001 - a widget's bug must not break the page; the tests read UNEXPECTED
        _unexpected(error)
        message = translate(STATE_DAMAGED, lang)
    try:
        return widget.render_json(state, message)
    except NaipesError:  # the state fits its class but not its game (an unknown preset): it is damaged
        return _fresh(state, translate(STATE_DAMAGED, lang))
    except Exception as error:  # noqa: BLE001 - as above
        _unexpected(error)
        return _fresh(state, message)


def _fresh(state: Mapping[str, object], message: str) -> str:
    """A new widget of the kind of `state` (a checked page's kind), with `message`."""
    lang = str(state["lang"])
    try:
        fresh = start_state(state)
        return _kind(str(fresh["widget"]), target(fresh)).render_json(fresh, message)
    except NaipesError:
        return damaged(message, lang)
    except Exception as error:  # noqa: BLE001 - as in handle
        _unexpected(error)
        return damaged(message, lang)


def _open_link(widget: WidgetKind, state: JsonState, text: object) -> str:
    message = translate(LINK_DAMAGED, str(state["lang"]))
    try:
        linked = widget.checked(from_link(state, text))
        return widget.render_json(linked, None)
    except NaipesError:  # a link no widget can show is damaged too
        pass
    except Exception as error:  # noqa: BLE001 - as in handle
        _unexpected(error)
    try:
        return widget.render_json(state, message)
    except NaipesError:  # the page's own state does not fit its game
        return _fresh(state, translate(STATE_DAMAGED, str(state["lang"])))
    except Exception as error:  # noqa: BLE001 - as in handle
        _unexpected(error)
        return _fresh(state, message)


_starts: dict[str, JsonState] = {}


def start_state(state: Mapping[str, object]) -> JsonState:
    """A fresh state of the widget `state` is (its kind's start, with no block options), in its language.

    It is what a link is written against: a link carries only what differs from it.

    Raises:
        SpecError: an unknown widget or game.
    """
    base = {key: state[key] for key in PAGE_KEYS if state.get(key)}
    key = json.dumps(base, sort_keys=True)
    if key not in _starts:
        widget = _kind(str(state.get("widget", "")), target(state))
        spec = {name: str(value) for name, value in base.items() if name != "lang"}
        _starts[key] = widget.start_json(spec, dict(base))
    copy: JsonState = json.loads(json.dumps(_starts[key]))  # a copy no caller can change
    return copy


def playable(state: Mapping[str, object]) -> bool:
    """A widget the reader plays: its state holds a seed (it deals cards), so the page keeps it in its link.

    Examples:
        >>> playable({"widget": "coup", "seed": 3}), playable({"widget": "odds"})
        (True, False)
    """
    return "seed" in state


def link(state: Mapping[str, object]) -> str:
    """The text of a widget's link: `LINK_VERSION`, a dot, and what the state changed from `start_state`.

    The changes are compact JSON in base64url (no padding); the widget, game
    and language are left out (the page the link is opened on gives them).

    Examples:
        >>> from naipes import widgets
        >>> state = {"widget": "coup", "game": "punto-banca", "lang": "en", "preset": "cat-2016",
        ...          "seed": 3, "step": 2, "answers": []}
        >>> widgets.preload(json.dumps(state))
        >>> text = link(state)
        >>> text
        '1.eyJwcmVzZXQiOiJjYXQtMjAxNiIsInNlZWQiOjMsInN0ZXAiOjJ9'
        >>> from_link({"widget": "coup", "game": "punto-banca", "lang": "es"}, text) == dict(state, lang="es")
        True
    """
    start = start_state(state)
    changes = {key: value for key, value in state.items() if key not in PAGE_KEYS | PROGRESS_KEYS and start.get(key, _NONE) != value}
    payload = json.dumps(changes, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    text = base64.urlsafe_b64encode(payload).decode().rstrip("=") if changes else ""
    return f"{LINK_VERSION}.{text}"


_NONE = object()


def from_link(state: Mapping[str, object], text: object) -> JsonState:
    """The state a link (see `link`) describes, on the widget of `state` (its kind, game and language).

    Raises:
        SpecError: not a link of this version (`LINK_DAMAGED`); the state it gives may still not fit the
            widget, which its render then reports.

    Examples:
        >>> from_link({"widget": "coup", "game": "punto-banca", "lang": "en"}, "2.e30")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: The link to this game is damaged or was made by another version of the site: here is a new game.
    """
    version, dot, payload = text.partition(".") if isinstance(text, str) and len(text) <= MAX_LINK else ("", "", "")
    if version != str(LINK_VERSION) or not dot:
        raise SpecError(LINK_DAMAGED)
    try:
        decoded = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode() if payload else "{}"
        changes = load_json(decoded, MAX_LINK)
    except (ValueError, binascii.Error):  # StateError and UnicodeDecodeError are ValueErrors
        raise SpecError(LINK_DAMAGED) from None
    if not isinstance(changes, dict) or PAGE_KEYS & set(changes):
        raise SpecError(LINK_DAMAGED)
    fresh = start_state(state)
    fresh.update(changes)
    return fresh


def damaged(message: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A minimal widget that only says what went wrong (its state could not be read)."""
    from .escaping import escape

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


def choose(state: StateT, action: str, value: str, choices: Mapping[str, Iterable[str]]) -> StateT:
    """A typed state with `action` (a field of it, one of `choices`) set to `value`, one of its allowed values.

    Raises:
        SpecError: an action that is not one of `choices`, or a value it does not allow.

    Examples:
        >>> from naipes.web.state import State
        >>> state = State.from_json({"widget": "demo", "lang": "en"})
        >>> choose(state, "lang", "ca", {"lang": ("ca", "es")}).lang
        'ca'
        >>> choose(state, "lang", "fr", {"lang": ("ca", "es")})
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown choice 'fr': use ca, es.
    """
    if action not in choices:
        raise unknown_action(action)
    return state.evolve(**{action: pick(value, choices[action])})


def unknown_action(action: str) -> SpecError:
    """The error for an action a widget does not have."""
    return SpecError("Unknown action {action!r}.", action=action)
