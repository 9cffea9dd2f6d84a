"""The HTML pieces every widget is built from: the root element, controls, tables, cards, amounts.

Game widgets build their markup only with these helpers, so every widget
has the same root (state, language, translated status messages), the same
controls and the same card component. Every text goes through
`naipes.web.escaping.escape` (`html.escape` without its entity table).

Examples:
    >>> from naipes.core.cards import Card
    >>> card(Card("Q", "h"), "en").startswith('<span class="naipes-card naipes-french naipes-red" role="img" '
    ...                                       'aria-label="queen of hearts"')
    True
    >>> button("Draw", "choose", "draw", primary=True)
    '<button type="button" class="md-button md-button--primary" data-naipes-action="choose" data-naipes-value="draw">Draw</button>'
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ..core.formatting import decimal
from ..core.i18n import N_, translate
from ..core.options import DECKS, Option, by_name
from .escaping import escape
from .quotes import mark_quoted_languages
from .registry import link, pick, playable
from .state import State
from .cards import card, hand  # noqa: F401  (the card component, imported by every game's widgets from here)


def t(message: str, lang: str) -> str:
    """`message` (an English msgid) in `lang`."""
    return translate(message, lang)


def state_json(state: Mapping[str, object]) -> str:
    """A widget's state as compact, sorted JSON (what `data-naipes-state` holds)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def root(state: Mapping[str, object] | State, body: str, error: str | None = None, *, static: bool = False,
         attributes: Mapping[str, str] | None = None) -> str:
    """A widget's root element: its state, language and status messages around `body`.

    A widget the reader can use also says why nothing happens when JavaScript
    is off, and carries the texts the browser shows while Python loads; a game
    (`naipes.web.registry.playable`) also carries its link
    (`data-naipes-link`) and a control that copies it.

    Args:
        state: the widget's state, typed or as JSON (kept in `data-naipes-state`; must hold `widget` and `lang`).
        body: the inner HTML.
        error: a one-line message; a `naipes.web.registry.ControlMessage` is shown next to its
            control (marked invalid), any other in the widget's status line.
        static: nothing to interact with: the browser never loads Python for it.
        attributes: more `data-` attributes of the root.

    Examples:
        >>> from naipes.web.registry import ControlMessage
        >>> state = {"widget": "demo", "lang": "en"}
        >>> html = root(state, field("amount", "Amount", "x"), ControlMessage("Type a number.", "amount"))
        >>> 'aria-describedby="naipes-error-demo-amount" aria-invalid="true"' in html
        True
        >>> '</label><span class="naipes-field-error" id="naipes-error-demo-amount" role="alert">' in html
        True
    """
    data = state.to_json() if isinstance(state, State) else state
    lang = str(data["lang"])
    kind = str(data["widget"])
    body, error = _place_error(body, error, kind)
    status = (f'<p class="naipes-status naipes-error" role="alert">{escape(error)}</p>' if error else
              '<p class="naipes-status" role="status" aria-live="polite"></p>')
    attrs = {
        "class": f"naipes-widget naipes-{kind}",
        "data-naipes-widget": kind,
        "data-naipes-state": state_json(data),
        "lang": lang,
    }
    if static:
        attrs["data-naipes-static"] = "true"
    else:
        attrs.update({f"data-naipes-msg-{name}": t(message, lang) for name, message in _MESSAGES.items()})
        note_text = t(N_("Turn JavaScript on to play here: without it, this shows what the engine computed "
                         "when the site was built."), lang)
        body = f'<noscript><p class="naipes-note naipes-noscript">{escape(note_text)}</p></noscript>{body}'
    if playable(data):
        attrs["data-naipes-link"] = link(data)
        body += share(lang)
    attrs.update(attributes or {})
    attr_text = " ".join(f'{name}="{escape(value)}"' for name, value in attrs.items())
    return f"<div {attr_text}>{body}{status}</div>"


#: What the browser says about a widget, by the name of its `data-naipes-msg-*` attribute.
_MESSAGES = {
    "loading": N_("Loading the interactive mode…"),
    "bytes": N_("{done} of {total} MB"),
    "starting": N_("Starting Python…"),
    "opening": N_("Opening the game of your link…"),
    "queued": N_("Your move is kept: it is played as soon as the interactive mode is ready."),
    "ready": N_("Interactive mode ready."),
    "unavailable": N_("The interactive mode is unavailable here; the content shown was computed by the engine "
                      "when the site was built."),
    "copied": N_("Link copied: whoever opens it sees this game."),
    "copy-failed": N_("Copy this link:"),
}


def share(lang: str) -> str:
    """The control that copies the link to a game (the browser fills in the link and confirms the copy)."""
    label = t(N_("Copy the link to this game"), lang)
    return (f'<p class="naipes-share"><button type="button" class="md-button naipes-copy-link" data-naipes-copy>'
            f'{escape(label)}</button> <span class="naipes-copy-note" role="status"></span></p>')


def skip_link(target: str, lang: str, title: str = "") -> str:
    """A link from the top of the page to a game (`target`: its id), shown when it gets the keyboard focus.

    It looks like Material's own "skip to content" link (`md-skip`); `title` tells games apart.

    Examples:
        >>> skip_link("naipes-coup", "en")
        '<a href="#naipes-coup" class="md-skip naipes-skip">Go to the game</a>'
    """
    text = t(N_("Go to the game: {title}"), lang).format(title=title) if title else t(N_("Go to the game"), lang)
    return f'<a href="#{escape(target)}" class="md-skip naipes-skip">{escape(text)}</a>'


def _place_error(body: str, error: str | None, kind: str) -> tuple[str, str | None]:
    """Put a message about a control right after it (after its label), the control marked invalid.

    Returns the new body, and the message when it is still to be shown in the status line.
    """
    control = getattr(error, "control", None)
    if not error or not control:
        return body, error
    found = re.search(r'<(input|select|textarea|button)\b[^>]*\bdata-naipes-action="' + re.escape(escape(control))
                      + '"[^>]*>', body)
    if found is None:
        return body, error
    ident = "naipes-error-" + re.sub(r"[^a-z0-9-]+", "-", f"{kind}-{control}".lower())
    tag = found.group(0)
    marked = (tag.replace('aria-describedby="', f'aria-describedby="{ident} ', 1) if "aria-describedby=" in tag
              else f'{tag[:-1]} aria-describedby="{ident}">')
    marked = f'{marked[:-1]} aria-invalid="true">' if "aria-invalid=" not in marked else marked
    end = found.end()
    if found.group(1) != "input":
        end = body.index(f"</{found.group(1)}>", end) + len(found.group(1)) + 3
    before = body[:found.start()]
    if before.rfind("<label") > before.rfind("</label>") and "</label>" in body[end:]:
        end = body.index("</label>", end) + len("</label>")
    message = f'<span class="naipes-field-error" id="{ident}" role="alert">{escape(error)}</span>'
    return before + marked + body[found.end():end] + message + body[end:], None


def select(action: str, label: str, options: Sequence[tuple[str, str]], current: str) -> str:
    """A labelled `<select>` whose changes send `action` with the chosen value."""
    items = "".join(f'<option value="{escape(value)}"{" selected" if value == current else ""}>'
                    f"{escape(text)}</option>" for value, text in options)
    return (f'<label class="naipes-control"><span>{escape(label)}</span> '
            f'<select data-naipes-action="{escape(action)}">{items}</select></label>')


def option_select(option: Option, current: object, lang: str, offered: Iterable[object] | None = None,
                  label_of: Mapping[str, str] | None = None) -> str:
    """The select of a rules option, derived from its declaration: its label, its values (or the subset
    `offered` a widget ships), each value shown by `label_of` (msgids), else by the option's own `names`, else as typed; it sends the option's flag
    name (`tie-pays`) with the value, which `read_option` reads back.

    Examples:
        >>> option_select(DECKS, 6, "en", (1, 6))  # doctest: +NORMALIZE_WHITESPACE
        '<label class="naipes-control"><span>Decks</span> <select data-naipes-action="decks"><option value="1">1</option><option value="6" selected>6</option></select></label>'
    """
    values = option.values if offered is None else tuple(str(value) for value in offered)
    labels = label_of or dict(option.names)
    return select(option.flag[2:], t(option.label, lang),
                  [(value, t(labels[value], lang) if value in labels else value) for value in values], str(current))


def read_option(option: Option, value: str, offered: Iterable[object] | None = None) -> object:
    """What a widget's select of `option` sent, read by the option's own reader; a value the widget does not
    offer is refused like any unknown choice.

    Raises:
        SpecError: a value not offered.
        RulesError: a value the option's reader refuses.

    Examples:
        >>> read_option(DECKS, "6", (1, 6))
        6
    """
    values = option.values if offered is None else tuple(str(v) for v in offered)
    return option.read(pick(value, values) if values else value)


def decks_select(current: object, lang: str, counts: Iterable[int] | None = None) -> str:
    """The widgets' choice of the number of decks (`counts`, every count a shoe may hold unless told)."""
    return option_select(DECKS, current, lang, counts)


def field(action: str, label: str, value: object, *, submit: str | None = None, hint: str = "",
          numeric: bool = True) -> str:
    """A labelled text field whose changes send `action` with what was typed; Enter also sends `submit`.

    Examples:
        >>> field("bet-amount", "Your bet", 2, submit="bet")
        '<label class="naipes-control"><span>Your bet</span> <input type="text" inputmode="numeric" size="4" autocomplete="off" data-naipes-action="bet-amount" data-naipes-submit="bet" value="2"></label>'
    """
    extra = (f' data-naipes-submit="{escape(submit)}"' if submit else "") + (f' title="{escape(hint)}"' if hint else "")
    mode = ' inputmode="numeric" size="4"' if numeric else ""
    return (f'<label class="naipes-control"><span>{escape(label)}</span> <input type="text"{mode} autocomplete="off" '
            f'data-naipes-action="{escape(action)}"{extra} value="{escape(str(value))}"></label>')


def button(label: str, action: str, value: str | None = None, *, primary: bool = False, disabled: bool = False,
           pressed: bool | None = None, key: str | None = None) -> str:
    """A button that sends `action` (with `value`); with `key`, that key (one letter) presses it too.

    The key is shown on the button and named in `aria-keyshortcuts`; the browser presses the button
    whose `data-naipes-key` is the key typed while the keyboard is in its widget.

    Examples:
        >>> button("Hit", "choose", "hit", key="h")
        '<button type="button" class="md-button" data-naipes-action="choose" data-naipes-value="hit" aria-keyshortcuts="H" data-naipes-key="h">Hit <kbd aria-hidden="true">H</kbd></button>'
    """
    value_attr = f' data-naipes-value="{escape(value)}"' if value is not None else ""
    style = " md-button--primary" if primary and not disabled else ""
    pressed_attr = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    key_attr = key_text = ""
    if key:
        key_attr = f' aria-keyshortcuts="{escape(key.upper())}" data-naipes-key="{escape(key.lower())}"'
        key_text = f' <kbd aria-hidden="true">{escape(key.upper())}</kbd>'
    return (f'<button type="button" class="md-button{style}" data-naipes-action="{escape(action)}"{value_attr}'
            f'{pressed_attr}{key_attr}{" disabled" if disabled else ""}>{escape(label)}{key_text}</button>')


def controls(inner: str) -> str:
    """A row of controls (a form that never submits: every change is an action)."""
    return f'<form class="naipes-controls" onsubmit="return false">{inner}</form>' if inner else ""


def table(caption: str, headers: Sequence[str], rows: Iterable[str], *, attributes: str = "",
          sticky: bool = False, classes: str = "") -> str:
    """A table with a caption and column headers (already translated); `rows` are `<tr>` strings.

    A table wider than the page scrolls sideways in its own box; with `sticky` its first column
    (the rows' headers) stays in view meanwhile. `classes` are added to the table's own `class`
    (a second `class` in `attributes` would be dropped by the browser).

    Examples:
        >>> table("Chart", ["Hand"], [], classes="naipes-chart").count("class=")
        2
        >>> 'class="naipes-table naipes-chart"' in table("Chart", ["Hand"], [], classes="naipes-chart")
        True
    """
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    kind = " ".join(filter(None, ("naipes-table", "naipes-sticky" if sticky else "", classes)))
    return (f'<div class="naipes-scroll"><table class="{kind}"{attributes}><caption>{escape(caption)}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


#: "option name, name and name" in an interpretation, in each language: the names are the rules' option names.
_OPTION_MENTION = re.compile(r"\b(?:[Oo]ptions?|opci(?:ón|ones|ó|ons))(?: (?:de conducta|de conduct[ae]|of conduct))? "
                             r"([^()]*)")
_IDENTIFIER = re.compile(r"[a-z][a-z0-9_.-]*[a-z0-9]")


def prose(text: str, lang: str, options: Sequence[Option] = ()) -> str:
    """Reader text as HTML, each rules option it names shown by its declaration: its label in `lang`, then
    the command-line flag that sets it (the option's name is the engine's, not the reader's); a passage it
    quotes from a source in another language says its language (`quotes`).

    Examples:
        >>> from naipes.core.options import TIE_PAYS
        >>> prose("The engine pays 8 to 1 (opción tie_pays) & no <b>.", "es", (DECKS, TIE_PAYS))
        'The engine pays 8 to 1 (opción <em>El empate paga</em> — <code>--tie-pays</code>) &amp; no &lt;b&gt;.'
    """
    def named(mention: re.Match[str]) -> str:
        def declared(word: re.Match[str]) -> str:
            option = by_name(options, word.group())
            if option is None:  # a rules field not declared as an option yet (issue 24): still the engine's name
                return f"<code>{word.group()}</code>" if "_" in word.group() else word.group()
            return f"<em>{escape(t(option.label, lang))}</em> — <code>{escape(option.flag)}</code>"
        head = mention.group()[:mention.start(1) - mention.start()]
        return head + _IDENTIFIER.sub(declared, mention.group(1))
    return mark_quoted_languages(_OPTION_MENTION.sub(named, escape(text)), lang)


def exact(value: Fraction) -> str:
    """The attribute that keeps a shown number's exact value (`data-naipes-exact="19/20"`)."""
    return f' data-naipes-exact="{escape(str(Fraction(value)))}"'


def note(text: str) -> str:
    """A short paragraph under a table."""
    return f'<p class="naipes-note">{escape(text)}</p>'


def narration(lines: Iterable[str], lang: str) -> str:
    """The numbered list of what happened, newest last, in a box named in `lang`.

    A long list scrolls in its own box, which the stylesheet lays out from the bottom
    (`flex-direction: column-reverse`), so the newest line shows after every redraw
    without any script; the box takes the keyboard's focus, so it scrolls without a mouse.

    Examples:
        >>> narration(["Punto draws."], "en")  # doctest: +NORMALIZE_WHITESPACE
        '<div class="naipes-narration-box" tabindex="0" role="region" aria-label="What happened so far"><ol
        class="naipes-narration" aria-live="polite"><li>Punto draws.</li></ol></div>'
    """
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    label = t(N_("What happened so far"), lang)
    return (f'<div class="naipes-narration-box" tabindex="0" role="region" aria-label="{escape(label)}">'
            f'<ol class="naipes-narration" aria-live="polite">{items}</ol></div>')


def money(value: Fraction | int, lang: str) -> str:
    """An amount without sign: `10`, `0,50`."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else decimal(value, lang, 2)


def amount(value: Fraction | int, lang: str) -> str:
    """A net result with its sign: `+10`, `-10`, `+9,50`.

    Examples:
        >>> amount(Fraction(19, 2), "es"), amount(-10, "en"), amount(0, "en")
        ('+9,50', '-10', '0')
    """
    value = Fraction(value)
    return ("+" if value > 0 else "-" if value < 0 else "") + money(abs(value), lang)
