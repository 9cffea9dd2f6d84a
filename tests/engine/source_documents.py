"""The vendored source documents (data/sources), as the engine tests read them."""

from __future__ import annotations

import re
from pathlib import Path


SOURCES = Path(__file__).resolve().parents[2] / "data" / "sources"


def source_text(number: str) -> str:
    """The text of source document ``number`` (000–004), as vendored from the seeds."""
    (path,) = SOURCES.glob(f"{number}_*.txt")
    return path.read_text(encoding="utf-8")


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip()




def parse_banker_table() -> dict[int, str]:
    """The banca's third-card table parsed from the printed table in source 004.

    The sheet prints it as a run of cells separated by ``|``: a row label (the
    banca's total, 7 down to 0) followed by ten letters S/D for the punto's
    third card 0–9.
    """
    text = source_text("004")
    start = text.index("PIDE UNA TERCERA CARTA")
    cells = [cell.strip() for cell in text[start:].split("|")]
    table: dict[int, str] = {}
    i = 0
    while len(table) < 8 and i < len(cells):
        if cells[i].isdigit() and i + 10 < len(cells) and all(c in ("S", "D") for c in cells[i + 1:i + 11]):
            table[int(cells[i])] = "".join(cells[i + 1:i + 11])
            i += 11
        else:
            i += 1
    assert sorted(table) == list(range(8)), table
    return table
