"""The `naipes` console script: a Ctrl-C at any moment, even while the engine is still being imported, ends in one
line and status 130.

Kept outside the `naipes` package on purpose: importing `naipes.cli` first runs `naipes/__init__.py`, which imports
every game, and an interruption during those imports would otherwise print Python's traceback.

Examples:
    >>> import naipes_command
    >>> callable(naipes_command.main)
    True
"""

from __future__ import annotations

import os
import sys

#: The line of an interruption before the catalogs can be read (they are read through the package being imported);
#: the same words as the catalogs' "Interrupted." entry.
INTERRUPTED = {"es": "naipes: Interrumpido.", "ca": "naipes: Interromput.", "en": "naipes: Interrupted."}


def _early_language(argv: list[str]) -> str:
    for i, word in enumerate(argv):
        if word.startswith("--lang="):
            return word[7:]
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(variable):
            return os.environ[variable][:2].lower()
    return "es"


def main() -> int:
    """Import the command line and run it; an interruption while importing is reported like one while running."""
    try:
        from naipes.cli import interrupted_line, main as run_command_line
    except KeyboardInterrupt:
        print(INTERRUPTED.get(_early_language(sys.argv[1:]), INTERRUPTED["es"]), file=sys.stderr)
        return 130
    try:
        return run_command_line()
    except KeyboardInterrupt:  # between main()'s own handler and its return
        print(interrupted_line(sys.argv[1:]), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
