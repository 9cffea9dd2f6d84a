"""MkDocs hook (``hooks:`` in mkdocs.yml): the phrasebook and glossary pages, their search indexes
and exports, and the glossary tooltips on the rules pages.

Everything is generated at build time from ``data/phrasebook.yaml`` and ``data/casino-terms.yaml``;
nothing is typed by hand:

* **Data.** Every ``data/*.yaml`` file is checked against its JSON Schema (``data/schema/``) when
  the build starts (:mod:`tools.glossary.validate`): invalid data stops the build with one line per
  problem naming the file, the entry and the field.
* **Pages.** ``docs/{es,ca,en}/phrasebook.md`` and ``glossary.md`` hold the translated prose and
  headings plus markers that :func:`on_page_content` replaces (:mod:`tools.glossary.pages`).
* **Search indexes, exports, MiniSearch.** Written into the built site by :func:`on_post_build`
  (:mod:`tools.glossary.site_files`); ``docs/assets/glossary/search.js`` searches in the browser.
* **Tooltips.** On pages under ``games/``, the first occurrence per section (heading to heading) of
  each casino term becomes ``<abbr class="naipes-term" title="definition"><a href="…/glossary/#id">term</a></abbr>``
  (:mod:`tools.glossary.terms`). Material's tooltips (theme feature ``content.tooltips``) show the
  definition on hover and keyboard focus, above the page (a table does not cut it);
  ``docs/assets/glossary/terms.js`` makes a first tap on a touch screen show it too.

The page chrome comes from the ``site`` gettext catalogs (:mod:`tools.glossary.ui`), compiled anew
at the start of each build. mkdocs-static-i18n runs one build per language, so each event runs
three times.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # MkDocs loads a hook by its path, not as part of a package
    sys.path.insert(0, str(ROOT))

from tools.glossary import exports, pages, sources, ui, validate  # noqa: E402  (repository root on sys.path above)
from tools.glossary import index as search_index  # noqa: E402
from tools.glossary.site_files import MINISEARCH, write_site_files  # noqa: E402
from tools.glossary.quotes import mark_quoted_languages  # noqa: E402
from tools.glossary.terms import TermMatcher, link_terms, term_matcher  # noqa: E402

log = logging.getLogger("mkdocs.hooks.naipes.glossary")
DATA_DIR = validate.DATA


@dataclass
class GlossaryData:
    """What the pages are made of, loaded once per build."""

    phrasebook: list[dict] = field(default_factory=list)
    terms: list[dict] = field(default_factory=list)
    exports: dict[str, str] = field(default_factory=dict)  # file name -> text
    matchers: dict[str, TermMatcher] = field(default_factory=dict)  # page language -> matcher

    @classmethod
    def load(cls, data_dir: Path = validate.DATA) -> GlossaryData:
        """Read and check every data file (:func:`tools.glossary.validate.load_all`: raises
        :class:`~tools.glossary.validate.DataError` on invalid data), then make the exports."""
        data = validate.load_all(data_dir)
        phrasebook, casino_terms = data["phrasebook.yaml"]["entries"], data["casino-terms.yaml"]["terms"]
        return cls(phrasebook, casino_terms, exports.all_exports(phrasebook, casino_terms),
                   {lang: term_matcher(casino_terms, lang) for lang in ui.LANGS})


_data = GlossaryData()


def page_lang(page) -> str:
    """The page's language (first folder of its source path under ``docs/``)."""
    first = page.file.src_uri.split("/", 1)[0]
    return first if first in ui.LANGS else ui.DEFAULT_LANG


def page_path(page) -> str:
    """Source path without the language folder (``games/punto-banca.md``)."""
    first, _, rest = page.file.src_uri.partition("/")
    return rest if first in ui.LANGS else page.file.src_uri


def lang_prefix(lang: str) -> str:
    return "" if lang == ui.DEFAULT_LANG else f"{lang}/"


def to_root(page) -> str:
    """Relative URL from the page to the site root (``""`` / ``"../"`` / ``"../../"``)."""
    rel = get_relative_url(".", page.url)
    return "" if rel in (".", "./") else rel.rstrip("/") + "/"


def on_config(config):
    global _data
    if not MINISEARCH.exists():
        raise PluginError(f"{MINISEARCH} is missing: run `npm ci` (minisearch is pinned in package.json)")
    try:
        ui.load()
    except (OSError, RuntimeError) as exc:
        raise PluginError(f"cannot compile the site catalogs (locales/*/LC_MESSAGES/site.po): {exc}") from exc
    try:
        _data = GlossaryData.load(DATA_DIR)
    except ImportError as exc:  # jsonschema: in the docs extra of pyproject.toml
        raise PluginError(f"cannot check the glossary data: {exc} (run: pip install -e '.[docs]')") from exc
    except validate.DataError as exc:
        raise PluginError(f"the glossary data does not match its schema (data/schema/):\n{exc}") from exc
    return config


def _render_block(kind: str, part: str, lang: str, root: str, where: str) -> str:
    if part == "search":
        return pages.render_search(kind, lang, root, entries=_data.phrasebook if kind == "phrasebook" else ())
    if part == "downloads":
        sizes = {name: len(text.encode("utf-8")) for name, text in _data.exports.items()}
        return pages.render_downloads(kind, lang, root, sizes)
    urls = sources.source_urls(lang, f"{root}{lang_prefix(lang)}sources/")
    cited = {"000"} if kind == "phrasebook" else sources.cited_seeds(_data.terms)
    missing = sorted(cited - set(urls))
    if missing:
        log.warning("%s: no section for source(s) %s on sources.md: citations left unlinked", where, ", ".join(missing))
    if kind == "phrasebook":
        return pages.render_phrasebook_entries(_data.phrasebook, lang, urls)
    return pages.render_glossary_entries(_data.terms, lang, urls)


def on_page_content(html_out, page, config, files):
    lang = page_lang(page)
    root = to_root(page)
    if "naipes:" in html_out:
        html_out, found = pages.expand_markers(
            html_out, lambda kind, part: _render_block(kind, part, lang, root, page.file.src_uri))
        for problem in pages.marker_problems(html_out, found):
            log.error("%s: %s", page.file.src_uri, problem)
    # widget controls (presets, buttons) are not prose: Material's search leaves them out of its index
    html_out = html_out.replace('<form class="naipes-controls"', '<form data-search-exclude="controls" class="naipes-controls"')
    html_out = mark_quoted_languages(html_out, lang)
    if page_path(page).startswith("games/"):
        html_out, _count = link_terms(html_out, _data.matchers[lang], f"{root}{lang_prefix(lang)}glossary/")
    return html_out


# Material opens its search dialog when a page is loaded with ?q=; on the phrasebook and glossary
# pages q belongs to their own search box. This runs in <head>, before Material's bundle, and hands
# the query to search.js (which puts it back in the URL).
HOLD_QUERY_SCRIPT = (
    "<script>/* naipes: ?q= is this page's search box, not Material's search dialog */"
    "(function(){var u=new URL(location.href);if(u.searchParams.has('q')){"
    "window.__naipesHeldQuery=u.searchParams.get('q');u.searchParams.delete('q');"
    "history.replaceState(history.state,'',u.href);}})();</script>"
)


def on_post_page(output, page, config):
    if 'data-naipes-search="' not in output:
        return output
    m = re.search(r"<meta charset=[^>]*>", output) or re.search(r"<head[^>]*>", output)
    if not m:
        raise PluginError(f"{page.file.src_uri}: no <head> to put the search's query script in")
    return output[: m.end()] + "\n    " + HOLD_QUERY_SCRIPT + output[m.end():]


@event_priority(-250)  # after mkdocs-static-i18n merged the languages' search indexes (-100), before the split (-300)
def on_post_build(config):
    if not getattr(config.plugins.get("i18n"), "building", False):
        merged = Path(config.site_dir) / "search" / "search_index.json"
        if merged.is_file():
            index = json.loads(merged.read_text(encoding="utf-8"))
            prefixes = {lang: "" if lang == ui.DEFAULT_LANG else f"{lang}/" for lang in ui.LANGS}
            merged.write_text(json.dumps(search_index.with_entries(index, _data.phrasebook, _data.terms, prefixes),
                                         ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    write_site_files(Path(config.site_dir), _data.phrasebook, _data.terms, _data.exports)
