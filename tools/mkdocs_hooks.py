"""MkDocs (and ProperDocs) glue: calls the generator-neutral steps of ``tools/build.py`` at the right events.

The widgets are rendered by the ``naipes`` custom fence of ``pymdownx.superfences`` (:mod:`naipes.fence`,
named in mkdocs.yml); this glue only tells it which page it is rendering, so that a bad block names its page
and line and each page is rendered in its own language. mkdocs-static-i18n runs one full build per language,
so every event here runs three times; the steps over the whole site run once, after the last language.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

from mkdocs.exceptions import BuildError, PluginError
from mkdocs.plugins import event_priority

from naipes import fence


def _load(name: str, path: Path):
    # MkDocs loads a hook by its path, not as part of a package: so are the steps it calls.
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while being defined
        spec.loader.exec_module(module)
    return sys.modules[name]


steps = _load("naipes_build_steps", Path(__file__).with_name("build.py"))
from tools import offline, precompress, site_search  # noqa: E402  (build.py put the repository root on sys.path)


class _InstantSwitcherFilter(logging.Filter):
    """Drop mkdocs-static-i18n's warning that its contextual language links don't survive
    ``navigation.instant``: ``docs/assets/naipes/naipes.js`` refreshes the language menu from
    each page's ``<link rel="alternate" hreflang>`` after every instant navigation (tested in
    ``tests/site/test_i18n.py``), so the warning no longer applies and must not fail --strict."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "not compatible with theme.features = navigation.instant" not in record.getMessage()


# ProperDocs (the fork of MkDocs 1.x) logs the plugins' messages under its own name.
for _generator in ("mkdocs", "properdocs"):
    for _name in ("plugins.mkdocs_static_i18n", "plugins.mkdocs_static_i18n.reconfigure"):
        logging.getLogger(f"{_generator}.{_name}").addFilter(_InstantSwitcherFilter())

# A bad block stops the build with MkDocs' one-line "Error building page" report, not a traceback.
fence.also_raise_as(BuildError)

_wheel: Path | None = None


def page_language(page, config) -> str:
    """The page's language: its folder under docs/ (mkdocs-static-i18n's ``docs_structure: folder``)."""
    first = getattr(page.file, "locale", None) or page.file.src_uri.split("/", 1)[0]
    if first in steps.LANGS:
        return first
    return str(config.theme.get("language", steps.DEFAULT_LANG))[:2]


def on_config(config):
    global _wheel
    try:
        steps.check_runtime()
        _wheel = steps.build_wheel()
    except steps.BuildError as exc:
        raise PluginError(str(exc)) from exc
    return config


def on_page_markdown(markdown, page, config, files):
    fence.set_page(page.file.src_uri, page_language(page, config), markdown)
    return markdown


def on_page_content(html_out, page, config, files):
    fence.set_page(None)
    return html_out


def on_post_page(output, page, config):
    lang = page_language(page, config)
    return site_search.finish_page(steps.finish_page(output, lang, _wheel), lang)


@event_priority(-300)  # after mkdocs-static-i18n's on_post_build (-100) has built and merged every language
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if getattr(i18n, "building", False):
        return  # one of the other languages' builds: the first build finishes the site once all are done
    site = Path(config.site_dir)
    if _wheel is not None:
        steps.copy_runtime(site, _wheel)
    site_search.split_site_index(site)
    offline.write_service_worker(site)  # lists every file but the compressed copies, so before them
    precompress.precompress(site)  # last: after every other step's writes
