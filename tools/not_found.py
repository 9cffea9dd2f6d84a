"""MkDocs hook (``hooks:`` in mkdocs.yml): the site's one ``404.html`` in the default language, saying so in all three.

A host serves ``404.html`` for any missing address, whatever its language. mkdocs-static-i18n builds the site
once per language into the same folder, so the last language's build (English) left its 404 page at the root:
English navigation, a language menu pointing at whichever page that build rendered last, and Material's
heading "404 - Not found", which its template writes in English whatever the theme's language. This hook keeps
the default language's page (the site's own language at ``/``) and writes the message in the three languages,
each with a link to that language's home page.
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority

#: Material's heading of the 404 template (material/templates/404.html)
MATERIAL_HEADING = "<h1>404 - Not found</h1>"
#: (language, its folder, the message, the link to its home page), default language first
MESSAGES = (
    ("es", "", "Esta página no existe.", "Ir a la página de inicio"),
    ("ca", "ca/", "Aquesta pàgina no existeix.", "Anar a la pàgina d'inici"),
    ("en", "en/", "This page does not exist.", "Go to the home page"),
)

_default_page: str | None = None


def message_html(base: str) -> str:
    """The 404 page's content: a heading, then one paragraph per language with a link to its home page.

    >>> text = message_html("/")
    >>> text.count('<p lang="'), 'href="/ca/"' in text, text.startswith("<h1>404")
    (3, True, True)
    """
    lines = ["<h1>404 — " + " · ".join(html.escape(message.rstrip(".")) for _, _, message, _ in MESSAGES) + "</h1>"]
    for lang, folder, message, link in MESSAGES:
        lines.append(f'<p lang="{lang}">{html.escape(message)} <a href="{base}{folder}" hreflang="{lang}">'
                     f"{html.escape(link)}</a></p>")
    return "\n".join(lines)


def _building_another_language(config) -> bool:
    return bool(getattr(config.plugins.get("i18n"), "building", False))


@event_priority(0)  # before mkdocs-static-i18n's on_post_build (-100) builds the other languages over this one
def _keep_default_page(config):
    global _default_page
    if _building_another_language(config):
        return
    page = Path(config.site_dir) / "404.html"
    _default_page = page.read_text(encoding="utf-8") if page.is_file() else None


@event_priority(-200)  # after every language is built (-100), before the site's last steps (-300: offline list, .gz/.br)
def _write_default_page(config):
    if _building_another_language(config) or _default_page is None:
        return
    if MATERIAL_HEADING not in _default_page:
        raise PluginError(f"404.html: Material's heading {MATERIAL_HEADING!r} not found (did its template change?)")
    base = urlsplit(config.site_url or "/").path or "/"
    output = _default_page.replace(MATERIAL_HEADING, message_html(base), 1)
    (Path(config.site_dir) / "404.html").write_text(output, encoding="utf-8")


on_post_build = CombinedEvent(_keep_default_page, _write_default_page)
