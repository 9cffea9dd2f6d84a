"""Progress of a long computation, shown on a terminal and nowhere else.

Exact computations that take more than a few seconds (the dos paños solved on a
whole shoe) take a `progress` callback, called with the work done and the
work in all; the command line passes `terminal_bar`, which draws a bar on
stderr when stderr is a terminal and stays silent when it is a file or a
pipe (so scripts and logs get clean output).

Examples:
    >>> import io
    >>> bar = terminal_bar(io.StringIO(), "Solving")  # not a terminal: draws nothing
    >>> bar(3, 10) is None
    True
"""

from __future__ import annotations

from typing import Callable, TextIO

#: A progress callback: `(done, total)`.
Progress = Callable[[int, int], None]
WIDTH = 30


def no_progress(done: int, total: int) -> None:
    """The callback that shows nothing."""


def terminal_bar(stream: TextIO, label: str) -> Progress:
    """A callback drawing `label [#####.....] 42%` on `stream` if it is a terminal, erased when done."""
    if not (hasattr(stream, "isatty") and stream.isatty()):
        return no_progress

    def draw(done: int, total: int) -> None:
        share = done / total if total else 1.0
        filled = int(share * WIDTH)
        stream.write(f"\r{label} [{'#' * filled}{'.' * (WIDTH - filled)}] {share:4.0%}")
        if done >= total:
            stream.write("\r" + " " * (len(label) + WIDTH + 9) + "\r")
        stream.flush()

    return draw
