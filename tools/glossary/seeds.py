"""The seeds (the five source documents): where their texts live, their numbers, their language,
and the line a quoted passage starts on.

"Seed" is the repository's own word for them; readers see "source 000" (pages, exports).

>>> seed_dir().name
'sources'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED_000 = "000_6fbc167177f337b1"
# Every seed is in Spanish but the Catalan decree.
SEED_LANGUAGES = {"002": "ca"}


def seed_dir() -> Path:
    """The folder holding the source documents (vendored so a clean clone has them)."""
    return ROOT / "data" / "sources"


def seed_path(seed_id: str = SEED_000) -> Path:
    """Path of one seed, by id (file name without ``.txt``)."""
    return seed_dir() / f"{seed_id}.txt"


def seed_number(seed_id: str) -> str:
    """The number a seed goes by on the sources page.

    >>> seed_number("000_6fbc167177f337b1")
    '000'
    """
    return seed_id.split("_", 1)[0]


def seed_language(number: str) -> str:
    """The language of a seed's text, by seed number.

    >>> seed_language("002"), seed_language("000")
    ('ca', 'es')
    """
    return SEED_LANGUAGES.get(number, "es")


@cache
def _seed_words(seed_id: str) -> tuple[str, tuple[int, ...]]:
    """The seed's text with every run of whitespace one space, and the line of each character."""
    text, lines = [], []
    for number, line in enumerate(seed_path(seed_id).read_text(encoding="utf-8").split("\n"), start=1):
        for word in line.split():
            if text:
                text.append(" ")
                lines.append(number)
            text.append(word)
            lines.extend([number] * len(word))
    return "".join(text), tuple(lines)


def quote_line(seed_id: str, quote: str) -> int | None:
    """The line of source *seed_id* where *quote* (whitespace-normalised) starts, or ``None``.

    >>> quote_line(SEED_000, "lecho de rosas")
    1
    >>> quote_line(SEED_000, "no such words in the source, surely")
    """
    text, lines = _seed_words(seed_id)
    at = text.find(" ".join(quote.split()))
    return None if at < 0 else lines[at]


def citation(seed_id: str, line: int | None) -> str:
    """How the exports cite a passage: like the rules pages, by source number and line.

    >>> citation(SEED_000, 12), citation("002_78b08150b1999a76", None)
    ('source 000, line 12', 'source 002')
    """
    n = seed_number(seed_id)
    return f"source {n}" if line is None else f"source {n}, line {line}"
