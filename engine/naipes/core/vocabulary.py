"""The engine's typed vocabulary: actions, roles and choices as string enumerations.

A member is a `str` (JSON, links and widget states keep the plain word), compares equal to
its word, and shows as the plain word in messages and examples, so a typo in a name is an
`AttributeError` at import rather than a silent mismatch.

Examples:
    >>> class Move(Word):
    ...     DRAW = "draw"
    >>> Move.DRAW == "draw", repr(Move.DRAW), f"{Move.DRAW}", Move("draw") is Move.DRAW
    (True, "'draw'", 'draw', True)
"""

from __future__ import annotations

from enum import StrEnum


class Word(StrEnum):
    """A word of the engine's vocabulary (subclass it with one member per word)."""

    def __repr__(self) -> str:
        return repr(self.value)


__all__ = ["Word"]
