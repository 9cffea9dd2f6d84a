"""Progress of a long computation, shown on a terminal and nowhere else.

Exact computations that take more than a few seconds (the dos paños solved on a
whole shoe) take a `progress` callback, called with the work done and the
work in all; the command line passes `terminal_bar`, which draws a bar on
stderr when stderr is a terminal and stays silent when it is a file or a
pipe (so scripts and logs get clean output). A walk that cannot know its
amount of work in advance (the CDP split) counts its steps instead
(`TerminalCounter`).

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


def clock_text(seconds: float) -> str:
    """A duration as `m:ss` or `h:mm:ss`, which reads the same in every language.

    Examples:
        >>> clock_text(75.4), clock_text(3 * 3600 + 61)
        ('1:15', '3:01:01')
    """
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def remaining_text(seconds: float) -> str:
    """The time left, `~` and `clock_text` (an estimate).

    Examples:
        >>> remaining_text(75.4)
        '~1:15'
    """
    return "~" + clock_text(seconds)


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


class TerminalCounter:
    """`label 1234 0:12` on `stream` if it is a terminal (the steps so far, the time so far), erased when closed.

    For a computation whose amount of work is not known before it ends (a walk that finds its states as it
    goes): the count shows that it moves and how fast. Redrawn at most every `interval` seconds, so a step costs a
    clock reading. Use it as a context manager, or call `close`.

    Examples:
        >>> import io
        >>> with TerminalCounter(io.StringIO(), "Valuing") as step:  # not a terminal: draws nothing
        ...     step()
    """

    #: Seconds between two drawings at least.
    interval = 0.1

    def __init__(self, stream: TextIO, label: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.label, self.clock = stream, label, clock
        self.shown_on = hasattr(stream, "isatty") and stream.isatty()
        self.started = self.drawn_at = clock()
        self.count = 0
        self.width = 0

    def __call__(self) -> None:
        self.count += 1
        if self.shown_on and self.clock() - self.drawn_at >= self.interval:
            self.drawn_at = self.clock()
            text = f"\r{self.label} {self.count} {clock_text(self.drawn_at - self.started)}"
            self.stream.write(text + " " * max(0, self.width - len(text)))
            self.width = len(text)
            self.stream.flush()

    def close(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0

    def __enter__(self) -> "TerminalCounter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
