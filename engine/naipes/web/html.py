"""The HTML pieces every widget is built from: the root element, controls, tables, cards, amounts.

Game widgets build their markup only with these helpers, so every widget
has the same root (state, language, translated status messages), the same
controls and the same card component. Every text goes through
`html.escape`.

Examples:
    >>> from naipes.core.cards import Card
    >>> card(Card("Q", "h"), "en")
    '<span class="naipes-card naipes-red" role="img" aria-label="queen of hearts" data-naipes-card="Qh">Q♥</span>'
    >>> button("Draw", "choose", "draw", primary=True)
    '<button type="button" class="md-button md-button--primary" data-naipes-action="choose" data-naipes-value="draw">Draw</button>'
"""

from __future__ import annotations

import json
from fractions import Fraction
from html import escape
from typing import Iterable, Mapping, Sequence

from ..core.cards import FRENCH, Card
from ..core.formatting import decimal
from ..core.i18n import N_, translate
from ..core.narration import card_name

#: Suits drawn in red: hearts and diamonds of the French deck, oros and copas of the Spanish one.
RED_SUITS = {FRENCH: ("h", "d"), "spanish": ("o", "c")}


def t(message: str, lang: str) -> str:
    """`message` (an English msgid) in `lang`."""
    return translate(message, lang)


def state_json(state: Mapping[str, object]) -> str:
    """A widget's state as compact, sorted JSON (what `data-naipes-state` holds)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def root(state: Mapping[str, object], body: str, error: str | None = None, *, static: bool = False,
         attributes: Mapping[str, str] | None = None) -> str:
    """A widget's root element: its state, language and status messages around `body`.

    Args:
        state: the widget's state (kept in `data-naipes-state`; must hold `widget` and `lang`).
        body: the inner HTML.
        error: a one-line message to show next to the controls (the previous state is kept).
        static: nothing to interact with: the browser never loads Python for it.
        attributes: more `data-` attributes of the root.
    """
    lang = str(state["lang"])
    kind = str(state["widget"])
    status = (f'<p class="naipes-status naipes-error" role="alert">{escape(error)}</p>' if error else
              '<p class="naipes-status" role="status" aria-live="polite"></p>')
    attrs = {
        "class": f"naipes-widget naipes-{kind}",
        "data-naipes-widget": kind,
        "data-naipes-state": state_json(state),
        "lang": lang,
        "data-naipes-msg-loading": t(N_("Loading the interactive mode…"), lang),
        "data-naipes-msg-ready": t(N_("Interactive mode ready."), lang),
        "data-naipes-msg-unavailable": t(N_("The interactive mode is unavailable here; the content shown "
                                            "was computed by the engine when the site was built."), lang),
    }
    if static:
        attrs["data-naipes-static"] = "true"
    attrs.update(attributes or {})
    attr_text = " ".join(f'{name}="{escape(value)}"' for name, value in attrs.items())
    return f"<div {attr_text}>{body}{status}</div>"


def select(action: str, label: str, options: Sequence[tuple[str, str]], current: str) -> str:
    """A labelled `<select>` whose changes send `action` with the chosen value."""
    items = "".join(f'<option value="{escape(value)}"{" selected" if value == current else ""}>'
                    f"{escape(text)}</option>" for value, text in options)
    return (f'<label class="naipes-control"><span>{escape(label)}</span> '
            f'<select data-naipes-action="{escape(action)}">{items}</select></label>')


def button(label: str, action: str, value: str | None = None, *, primary: bool = False, disabled: bool = False,
           pressed: bool | None = None) -> str:
    """A button that sends `action` (with `value`)."""
    value_attr = f' data-naipes-value="{escape(value)}"' if value is not None else ""
    style = " md-button--primary" if primary and not disabled else ""
    pressed_attr = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    return (f'<button type="button" class="md-button{style}" data-naipes-action="{escape(action)}"{value_attr}'
            f'{pressed_attr}{" disabled" if disabled else ""}>{escape(label)}</button>')


def controls(inner: str) -> str:
    """A row of controls (a form that never submits: every change is an action)."""
    return f'<form class="naipes-controls" onsubmit="return false">{inner}</form>' if inner else ""


def table(caption: str, headers: Sequence[str], rows: Iterable[str], *, attributes: str = "") -> str:
    """A scrollable table with a caption and column headers (already translated); `rows` are `<tr>` strings."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    return (f'<div class="naipes-scroll"><table class="naipes-table"{attributes}><caption>{escape(caption)}</caption>'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def exact(value: Fraction) -> str:
    """The attribute that keeps a shown number's exact value (`data-naipes-exact="19/20"`)."""
    return f' data-naipes-exact="{escape(str(Fraction(value)))}"'


def note(text: str) -> str:
    """A short paragraph under a table."""
    return f'<p class="naipes-note">{escape(text)}</p>'


def narration(lines: Iterable[str]) -> str:
    """The numbered list of what happened, newest last."""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ol class="naipes-narration" aria-live="polite">{items}</ol>'


def card(playing_card: Card | None, lang: str, *, face_down: bool = False) -> str:
    """One card: rank and suit, red or black, with its accessible name; a back when unknown.

    Args:
        playing_card: the card, or `None` for a card the reader cannot see (a back).
        lang: the page's language (the accessible name).
        face_down: the card is face down on the table but the reader may see it (their own hidden card).
    """
    if playing_card is None:
        label = t(N_("a face-down card"), lang)
        return (f'<span class="naipes-card naipes-card-back" role="img" aria-label="{escape(label)}" '
                f'title="{escape(label)}">?</span>')
    name = card_name(playing_card, lang)
    red = " naipes-red" if playing_card.suit in RED_SUITS[playing_card.deck] else ""
    if face_down:
        mark = t(N_("face down"), lang)
        label = f"{name} ({mark})"
        return (f'<span class="naipes-card naipes-card-hidden{red}" role="img" aria-label="{escape(label)}" '
                f'data-naipes-card="{playing_card}" title="{escape(label)}">{escape(playing_card.symbol)} '
                f'<small>({escape(mark)})</small></span>')
    return (f'<span class="naipes-card{red}" role="img" aria-label="{escape(name)}" '
            f'data-naipes-card="{playing_card}">{escape(playing_card.symbol)}</span>')


def hand(name: str, label: str, cards: Sequence[Card | None], lang: str, total_text: str = "",
         note_text: str = "", attributes: str = "") -> str:
    """One hand: its title, its cards (`None` for a back) and its total."""
    shown = "".join(card(c, lang) for c in cards) or '<span class="naipes-empty">—</span>'
    note_html = note(note_text) if note_text else ""
    return (f'<div class="naipes-hand" data-naipes-hand="{escape(name)}"{attributes}><p class="naipes-hand-title">'
            f'<strong>{escape(label)}</strong></p><div class="naipes-cards">{shown}</div>'
            f'<p class="naipes-total">{escape(total_text)}</p>{note_html}</div>')


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
