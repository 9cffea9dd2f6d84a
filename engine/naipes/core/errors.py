"""The engine's error hierarchy.

Every error a user can cause is a :class:`NaipesError`, a :class:`ValueError`
whose message names the bad value and what is allowed, so the command line and
the widgets can show it as one line without a traceback.
"""

from __future__ import annotations


class NaipesError(ValueError):
    """Base class of every error caused by bad input.

    ``message`` is an English msgid with ``{placeholders}``; ``params`` fill
    them. Keeping the two apart lets the CLI and the widgets translate the
    message into the reader's language (see :func:`naipes.i18n.error_text`).

    >>> str(NaipesError("Unknown card {token!r}.", token="Zz"))
    "Unknown card 'Zz'."
    """

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(message.format(**params))


class CardError(NaipesError):
    """A card token or card list could not be parsed, or a card is not available."""


class RulesError(NaipesError):
    """A rules option is out of its allowed range, or a preset/game is unknown."""


class ShoeError(NaipesError):
    """The shoe cannot do what was asked (empty, card not in it, ...)."""
