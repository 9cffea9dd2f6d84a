"""The seeds (the five source documents): where their texts live, their numbers, their language.

>>> seed_dir().name
'sources'
"""

from __future__ import annotations

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
