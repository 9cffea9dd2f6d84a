"""The engine's error hierarchy.

Every error a user can cause is a `NaipesError`, a `ValueError` whose message
names the bad value and what is allowed, so the command line and the widgets
can show it as one translated line without a traceback. The subclasses say
*what kind* of input was wrong, so callers can react to the kind:

- `CardError`: a card token or card list that cannot be read, or a card the
  deck does not hold;
- `ShoeError`: the shoe cannot do what was asked (empty, card not in it);
- `RulesError`: a rules value out of its allowed range (decks, commission,
  payouts, seats, stakes);
- `IllegalActionError`: an action that is not legal now (out of turn, a
  decision when none is pending, a card after the coup is over);
- `SpecError`: a bad specification of what to show or run: an unknown game,
  preset, widget, option, action or choice, a malformed widget block or
  command-line value.

Examples:
    >>> str(NaipesError("Unknown card {token!r}.", token="Zz"))
    "Unknown card 'Zz'."
    >>> isinstance(SpecError("Unknown game {game!r}.", game="x"), ValueError)
    True
"""

from __future__ import annotations

from dataclasses import dataclass

#: At most this many characters of a value a user typed are echoed in a message.
ECHO_LIMIT = 40
#: Message parameters that list what is allowed (written by the engine, never typed by a user): never cut.
ALLOWED_LISTS = frozenset({"games", "names", "keys", "kinds", "choices", "actions", "commands"})


def shorten(value: object) -> object:
    """A value as it may be echoed in a message: strings cut to `ECHO_LIMIT` characters.

    Args:
        value: what the user typed (or any parameter of a message).

    Returns:
        The value itself, or a string cut with an ellipsis when it is longer than the limit.

    Examples:
        >>> shorten("x" * 50)
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
        >>> shorten(7)
        7
    """
    if isinstance(value, str) and len(value) > ECHO_LIMIT:
        return value[:ECHO_LIMIT - 1] + "\u2026"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** ECHO_LIMIT:
        return shorten(str(value))
    return value


@dataclass(frozen=True)
class Plural:
    """A message with a singular and a plural form, chosen by the parameter `count` (gettext's `ngettext`)."""

    singular: str
    plural: str
    count: str


def plural(singular: str, plural_form: str, count: str) -> Plural:
    """An error message whose form depends on the number in its parameter `count`.

    Examples:
        >>> str(CardError(plural("{n} card is out.", "{n} cards are out.", "n"), n=1))
        '1 card is out.'
    """
    return Plural(singular, plural_form, count)


class NaipesError(ValueError):
    """Base class of every error caused by bad input.

    `message` is an English msgid with `{placeholders}`; `params` fill them.
    Keeping the two apart lets the command line and the widgets translate the
    message into the reader's language (see `naipes.core.i18n.error_text`).

    Args:
        message: the English msgid.
        **params: the values of its placeholders (long strings are shortened).
    """

    def __init__(self, message: str | Plural, **params: object) -> None:
        self.plural = message if isinstance(message, Plural) else None
        self.message = message.singular if isinstance(message, Plural) else message
        self.params = {name: value if name in ALLOWED_LISTS else shorten(value) for name, value in params.items()}
        english = self.message
        if self.plural is not None and self.params.get(self.plural.count) != 1:
            english = self.plural.plural
        super().__init__(english.format(**self.params))


class CardError(NaipesError):
    """A card token or card list could not be parsed, or a card is not available."""


class ShoeError(NaipesError):
    """The shoe cannot do what was asked (empty, card not in it, ...)."""


class RulesError(NaipesError):
    """A rules value is out of its allowed range."""


class IllegalActionError(NaipesError):
    """An action that the rules do not allow now (out of turn, nothing to decide, the coup is over)."""


class SpecError(NaipesError):
    """A bad specification: unknown game, preset, widget, option, action or choice, or a malformed value."""
