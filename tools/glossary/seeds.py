"""Where the seed texts live: ``data/sources/``, the repository's copy of the five source documents.

>>> seed_dir().name
'sources'
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED_000 = "000_6fbc167177f337b1"


def seed_dir() -> Path:
    """The folder holding the source documents (vendored so a clean clone has them)."""
    return ROOT / "data" / "sources"


def seed_path(seed_id: str = SEED_000) -> Path:
    """Path of one seed, by id (file name without ``.txt``)."""
    return seed_dir() / f"{seed_id}.txt"
