"""Where the seed texts live.

The seeds are shared, read-only inputs kept beside the repository (``../shared/seeds``);
``NAIPES_SEEDS`` overrides the location. The repository does not copy them.

>>> seed_dir().name
'seeds'
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED_000 = "000_6fbc167177f337b1"


def seed_dir() -> Path:
    """First existing of ``$NAIPES_SEEDS``, ``<repo>/../shared/seeds``, ``/work/shared/seeds``."""
    candidates = [os.environ.get("NAIPES_SEEDS"), ROOT.parent / "shared" / "seeds", "/work/shared/seeds"]
    for c in candidates:
        if c and Path(c).is_dir():
            return Path(c)
    return ROOT.parent / "shared" / "seeds"


def seed_path(seed_id: str = SEED_000) -> Path:
    """Path of one seed, by id (file name without ``.txt``)."""
    return seed_dir() / f"{seed_id}.txt"
