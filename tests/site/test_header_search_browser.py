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


def test_break_a_leg_ranks_its_phrasebook_entry_first_on_the_english_site(page):
    # Material lists the best page first, then its best sections: the phrasebook, then the entry
    assert header_search(page, "en", "break leg")[:2] == ["/en/phrasebook/", "/en/phrasebook/#break-a-leg"]
    # Material expands every word to a prefix ("a" -> "a*"): two long Spanish-titled entries full of
    # a-words ("así", "acá", "arriba") still come before the entry, within the phrasebook's group
    links = header_search(page, "en", "break a leg")
    assert links[0] == "/en/phrasebook/" and "/en/phrasebook/#break-a-leg" in links[1:4], links[:5]


@pytest.mark.parametrize("lang, query, anchor", [("es", "estirar la pata", "buy-the-farm"),
                                                 ("ca", "estirar la pata", "buy-the-farm")])
def test_a_rendering_finds_its_entry(page, lang, query, anchor):
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
