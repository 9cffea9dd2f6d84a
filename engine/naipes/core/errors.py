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


class NaipesError(ValueError):
    """Base class of every error caused by bad input.

    `message` is an English msgid with `{placeholders}`; `params` fill them.
    Keeping the two apart lets the command line and the widgets translate the
    message into the reader's language (see `naipes.core.i18n.error_text`).

    Args:
        message: the English msgid.
        **params: the values of its placeholders (long strings are shortened).
    """

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = {name: value if name in ALLOWED_LISTS else shorten(value) for name, value in params.items()}
        super().__init__(message.format(**self.params))


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
