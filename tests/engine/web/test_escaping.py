"""The widgets' own HTML escaping does exactly what the standard library's `html.escape` does."""

from __future__ import annotations

import html

from hypothesis import given, strategies as st

from naipes.web.escaping import escape


@given(st.text())
def test_escape_is_html_escape(text):
    assert escape(text) == html.escape(text, quote=True)


def test_every_character_that_means_something_in_html_is_replaced():
    assert escape("&<>\"'") == "&amp;&lt;&gt;&quot;&#x27;"
