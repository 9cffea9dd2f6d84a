"""The sweep fails on a deliberate regression of each kind it covers (issue 25, "Done when").

Each defect is injected into a copy of a built page (the file read and changed in memory; for axe-core, the
page as served, changed in the browser) and the sweep's own checks must report it: a repeated attribute, a
duplicate id, an engine identifier in prose (a bet key, a preset id, a run of card codes), a contrast and a
target-size violation.
"""

from __future__ import annotations

from site_helpers import page_url
from sweep_helpers import html_problems, identifiers_in, reader_words
from test_sweep_browser import _axe, _axe_context

PAGE = "games/punto-banca.md"


def _copy(site) -> str:
    return (site / page_url("en", PAGE) / "index.html").read_text(encoding="utf-8")


def test_the_clean_copy_passes(site):
    problems, text = html_problems(_copy(site))
    assert problems == [] and identifiers_in(text, reader_words()) == []


def test_a_repeated_attribute_is_reported(site):
    broken = _copy(site).replace('<table class="naipes-table"', '<table class="naipes-table" class="naipes-chart"', 1)
    assert any("repeats 'class'" in p for p in html_problems(broken)[0])


def test_a_duplicate_id_is_reported(site):
    page = _copy(site)
    broken = page.replace("</article>", '<p id="naipes-presets-punto-banca-1">again</p></article>', 1)
    assert "id 'naipes-presets-punto-banca-1' appears 2 times" in html_problems(broken)[0]


def test_an_engine_identifier_in_prose_is_reported(site):
    for injected in ("card-bought 0", "the preset clasificador-bo-cl", "burns 5c Qh 5h 6c Kc"):
        broken = _copy(site).replace("</article>", f"<p>{injected}</p></article>", 1)
        assert identifiers_in(html_problems(broken)[1], reader_words()), injected
        # The same words inside code are what a reader types: not reported.
        typed = _copy(site).replace("</article>", f"<p><code>{injected}</code></p></article>", 1)
        assert identifiers_in(html_problems(typed)[1], reader_words()) == []


def test_a_contrast_and_a_target_violation_are_reported(browser, base_url):
    context = _axe_context(browser, base_url, "default")
    page = context.new_page()
    try:
        page.goto(page_url("en", "index.md"), wait_until="load")  # the lightest page: axe reads it fast
        assert _axe(page) == []
        page.evaluate("""() => {
            const article = document.querySelector('article');
            const faint = document.createElement('p');
            faint.style.cssText = 'color: #ddd; background: #fff';
            faint.textContent = 'Faint text nobody can read';
            const tiny = document.createElement('div');
            for (const label of ['one', 'two']) {
              const button = document.createElement('button');
              button.setAttribute('aria-label', label);
              button.style.cssText = 'width: 10px; height: 10px; padding: 0; margin: 0; border: 1px solid #000';
              tiny.append(button);
            }
            article.append(tiny);
            article.append(faint);
        }""")
        found = {v["id"] for v in _axe(page)}
    finally:
        context.close()
    assert {"color-contrast", "target-size"} <= found, found
