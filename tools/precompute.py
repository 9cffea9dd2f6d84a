"""Write the engine's precomputed data files (`engine/naipes/data/*.json`) with the engine itself.

    python tools/precompute.py          # write every file
    python tools/precompute.py --check  # exit 1 if a file differs from a fresh computation

Every game's widget module is imported so that its generators register; see
`naipes.core.precomputed` for why these files exist.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from naipes.core import precomputed  # noqa: E402
from naipes.games import registry  # noqa: E402


def fresh() -> dict[str, str]:
    """Every data file's text, computed now."""
    for game in registry.all_games():
        registry.load_widgets(game)
    return {name: precomputed.dump(make()) for name, make in sorted(precomputed.generators().items())
            if not name.startswith("example-")}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, text in fresh().items():
        path = Path(precomputed.DATA_DIR) / f"{name}.json"
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print(("stale: " if check else "written: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
