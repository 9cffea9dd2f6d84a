"""HTML escaping for every text the widgets write.

The standard library's `html.escape` does the same, but importing the `html` package also loads its table of
2,000 named entities (for `html.unescape`, which the engine never uses): about 50 ms of every cold start in
the browser, where Python compiles it from source.

Examples:
    >>> escape('<a href="x">Tom & Jerry\\'s</a>')
    '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;'
"""

from __future__ import annotations

__all__ = ["escape"]

#: `html.escape(text, quote=True)`'s replacements ("&" first is not needed: `str.translate` maps each
#: character once).
_REPLACEMENTS = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """`text` with the characters that mean something in HTML or in an attribute value replaced."""
    return text.translate(_REPLACEMENTS)
