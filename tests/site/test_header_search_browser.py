"""The header's search (Material's) finds phrasebook entries and glossary terms, each at its
permalink, and does not index widget controls (tools/glossary/hook.py, tools/glossary/index.py)."""

from __future__ import annotations

import json

import pytest

from site_helpers import PREFIX, page_url


def header_search(page, lang: str, query: str) -> list[str]:
    page.goto(page_url(lang, "sources.md"))
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").fill(query)
    page.wait_for_selector(".md-search-result__item a", timeout=30_000)
    return page.eval_on_selector_all(".md-search-result__item a", "as => as.map(a => new URL(a.href).pathname + new URL(a.href).hash)")


# Idioms with short words: Material makes every query word a prefix ("a" -> "a*", "de" -> "de*"), so long
# entries full of words that start like them ("arriba", "así", "declaré") used to come before the entry typed.
# Each case: the phrasebook is the first group and the entry its first result (Material lists the page, then
# its sections best first).
FIRST_RESULT = [
    ("en", "break a leg", "break-a-leg"),
    ("en", "catch a cold", "catch-a-cold"),
    ("en", "copped a plea", "copped-a-plea"),
    ("en", "cruising for a bruising", "cruising-for-a-bruising"),
    ("es", "estirar la pata", "buy-the-farm"),
    ("es", "lecho de rosas", "lecho-de-rosas"),
    ("es", "en lo profundo de la noche", "en-lo-profundo-de-la-noche"),
    ("ca", "estirar la pata", "buy-the-farm"),
    ("ca", "aliento de vida", "breath-of-life"),
    ("ca", "caños de guerra", "canos-de-guerra"),
    ("ca", "break a leg", "break-a-leg"),
]


@pytest.mark.parametrize("lang, query, anchor", FIRST_RESULT)
def test_an_idiom_typed_in_the_header_search_lists_its_entry_first(page, lang, query, anchor):
    links = header_search(page, lang, query)
    assert links[:2] == [f"/{PREFIX[lang]}phrasebook/", f"/{PREFIX[lang]}phrasebook/#{anchor}"], links[:5]


def test_each_entry_is_its_own_result_and_controls_stay_out_of_the_index(site):
    from tools.glossary import exports

    entries, terms = exports.load_phrasebook(), exports.load_casino_terms()
    for lang in ("es", "ca", "en"):
        docs = json.loads((site / PREFIX[lang] / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
        locations = [d["location"] for d in docs]
        assert {f"phrasebook/#{e['id']}" for e in entries} <= set(locations), lang
        assert {f"glossary/#{t['id']}" for t in terms} <= set(locations), lang
        assert not [loc for loc in locations if "#pb_" in loc or "#gl_" in loc], "A–Z letters are not results"
        # a preset select lists every preset id in a row: that run never reaches the index
        assert not [d["location"] for d in docs if "catalogo-es cat-2016" in d["text"]], lang
