"""Links from the glossary's quotes to the section of their seed on the sources page
(``docs/<lang>/sources.md``, one ``## Source 000 — …`` heading per seed, in the page's language).
"""

from __future__ import annotations

import re
from typing import Iterable, Mapping

from markdown.extensions.toc import slugify

from tools.glossary.seeds import ROOT, seed_number
from tools.glossary.ui import translations


def source_anchors(lang: str) -> dict[str, str]:
    """Seed number -> anchor of its section on ``docs/<lang>/sources.md``; the anchors are made as
    the toc extension makes them (default slugify), so they match the built page.

    >>> source_anchors("en")["002"]
    'source-002-decree-of-23-11-2016-catalonia'
    """
    path = ROOT / "docs" / lang / "sources.md"
    if not path.exists():
        return {}
    word = translations(lang).pgettext("heading of a seed's section on the sources page", "Source")
    heading = re.compile(rf"^##\s+{re.escape(word)}\s+(\d{{3}})\b.*$", re.M)
    text = path.read_text(encoding="utf-8")
    return {m.group(1): slugify(m.group(0).lstrip("#").strip(), "-") for m in heading.finditer(text)}


def source_urls(lang: str, sources_page: str) -> dict[str, str]:
    """Seed number -> URL of its section, given the URL of *lang*'s sources page."""
    return {n: f"{sources_page}#{anchor}" for n, anchor in source_anchors(lang).items()}


def cited_seeds(terms: Iterable[Mapping]) -> set[str]:
    """Numbers of the seeds the casino terms quote.

    >>> sorted(cited_seeds([{"source": {"seed": "001_x"}, "also": [{"seed": "004_y"}]}, {"source": {"seed": "001_z"}}]))
    ['001', '004']
    """
    return {seed_number(q["seed"]) for t in terms for q in [t["source"], *(t.get("also") or [])]}
