"""The same mkdocs.yml built by ProperDocs (the drop-in fork of MkDocs 1.x) is the same site.

Material 9 reaches its end of life in 2027 and MkDocs 2.0 drops plugins: the build must not depend on one
generator. tools/test.sh builds both (ProperDocs for another address: conftest.properdocs_site); this compares
what a reader reads, page by page.
"""

from __future__ import annotations

from pathlib import Path

from lxml import html as lxml_html


def article_text(page: Path) -> str:
    """The text of a page's article (Material's `md-content__inner`), whitespace collapsed."""
    tree = lxml_html.fromstring(page.read_bytes())
    articles = tree.xpath('//article[contains(@class, "md-content__inner")]')
    assert len(articles) == 1, page
    return " ".join(articles[0].text_content().split())


def pages(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("index.html") if not p.relative_to(site).as_posix().startswith("assets/")}


def test_properdocs_builds_every_page_with_the_same_article_text(site, properdocs_site):
    built = pages(site)
    assert pages(properdocs_site) == built
    assert len(built) >= 3 * 20  # every page of the three languages (the docs have more than 20 each)
    different = [page for page in sorted(built) if article_text(site / page) != article_text(properdocs_site / page)]
    assert different == []


def test_properdocs_ships_the_widgets_the_wheel_and_the_runtime(site, properdocs_site):
    for page in sorted(pages(site)):
        theirs = (properdocs_site / page).read_text(encoding="utf-8")
        ours = (site / page).read_text(encoding="utf-8")
        assert theirs.count('<div class="naipes-widget') == ours.count('<div class="naipes-widget'), page
    assert sorted(p.name for p in (properdocs_site / "assets" / "naipes").glob("*.whl")) == \
        sorted(p.name for p in (site / "assets" / "naipes").glob("*.whl"))
    assert (properdocs_site / "assets" / "pyodide" / "pyodide.asm.wasm").is_file()
    for lang in ("ca", "en"):
        assert (properdocs_site / lang / "search" / "search_index.json").is_file()
