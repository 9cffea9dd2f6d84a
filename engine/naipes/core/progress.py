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

import time
from typing import Callable, TextIO

#: A progress callback: `(done, total)`.
Progress = Callable[[int, int], None]
WIDTH = 30


def no_progress(done: int, total: int) -> None:
    """The callback that shows nothing."""


def remaining_text(seconds: float) -> str:
    """The time left as `~m:ss` or `~h:mm:ss`, which reads the same in every language.

    Examples:
        >>> remaining_text(75.4), remaining_text(3 * 3600 + 61)
        ('~1:15', '~3:01:01')
    """
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"~{hours}:{minutes:02d}:{secs:02d}" if hours else f"~{minutes}:{secs:02d}"


def terminal_bar(stream: TextIO, label: str, clock: Callable[[], float] = time.monotonic) -> Progress:
    """A callback drawing `label [#####.....] 42% ~1:15` on `stream` if it is a terminal, erased when done.

    The time left is the time so far scaled by the work left, shown once a hundredth of the work is done.
    """
    if not (hasattr(stream, "isatty") and stream.isatty()):
        return no_progress
    started = clock()
    shown = 0

    def draw(done: int, total: int) -> None:
        nonlocal shown
        share = done / total if total else 1.0
        filled = int(share * WIDTH)
        left = remaining_text((clock() - started) * (1 - share) / share) if share >= 0.01 else ""
        text = f"\r{label} [{'#' * filled}{'.' * (WIDTH - filled)}] {share:4.0%} {left}"
        stream.write(text + " " * max(0, shown - len(text)))
        shown = len(text)
        if done >= total:
            stream.write("\r" + " " * shown + "\r")
        stream.flush()

    return draw
