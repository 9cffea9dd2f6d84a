"""HTML of the phrasebook and glossary pages: the search form, the list of downloads, and the A–Z
index with one entry per data item, put where the page's Markdown has a marker::

    <!-- naipes:phrasebook search -->      the search form (query, filters, results)
    <!-- naipes:phrasebook downloads -->   links to the exports
    <!-- naipes:phrasebook entries -->     A–Z index and one entry per data item (id = anchor)

(``naipes:glossary …`` likewise). The chrome is in the page's language (:mod:`tools.glossary.ui`);
the data is rendered as text: every value goes through :func:`e`. Without JavaScript the search
form stays hidden and the page is the full A–Z list.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from typing import Callable, Iterable, Mapping, Sequence

from tools.glossary.exports import CASINO_PAIRS, clean
from tools.glossary.seeds import SEED_000, quote_line, seed_language, seed_number
from tools.glossary.site_files import download_url, index_url
from tools.glossary.text import (
    REGION_TAGS,
    as_list,
    display_en,
    display_es,
    headword,
    letter,
    notes_for,
    region_name,
    sort_key,
)
from tools.glossary.ui import (
    LANGS,
    LANGUAGE_NAMES,
    REGISTERS,
    STATUSES,
    N_,
    label,
    labels,
    translations,
)

# kind -> (label, placeholder) of its search box
SEARCH_BOXES = {
    "phrasebook": (N_("Search the phrasebook"), N_("an English or Spanish expression")),
    "glossary": (N_("Search the glossary"), N_("a Spanish, Catalan or English term")),
}
# TRANSLATORS: {pair} is a language pair such as ES→EN.
FORMATS = {"tsv": N_("Tab-separated glossary {pair} (OmegaT, Trados)"),
           "csv": N_("CSV (RFC 4180, UTF-8 without byte-order mark) for tools and scripts"),
           "csv-bom": N_("CSV for spreadsheets (Excel, LibreOffice): UTF-8 with a byte-order mark, so accents show"),
           "tbx": N_("TBX-Basic v3 (ISO 30042:2019)"),
           "tbx2": N_("TBX-Basic v2 (martif, ISO 30042:2008): for IATE-style tools and older CAT tools")}
# kind -> (file name, format, language pair) of each export listed on its page
DOWNLOAD_SETS = {
    "phrasebook": (("phrasebook-en-es.txt", "tsv", "EN→ES"), ("phrasebook-es-en.txt", "tsv", "ES→EN"),
                   ("phrasebook-spreadsheet.csv", "csv-bom", ""),
                   ("phrasebook.csv", "csv", ""), ("phrasebook.tbx", "tbx", ""), ("phrasebook-tbx2.tbx", "tbx2", "")),
    "glossary": (*((f"casino-terms-{src}-{tgt}.txt", "tsv", f"{src.upper()}→{tgt.upper()}") for src, tgt in CASINO_PAIRS),
                 ("casino-terms-spreadsheet.csv", "csv-bom", ""), ("casino-terms.csv", "csv", ""),
                 ("casino-terms.tbx", "tbx", ""), ("casino-terms-tbx2.tbx", "tbx2", "")),
}
#: the phrasebook's directions (the filter's options): which language the headword is in
DIRECTIONS = {"EN→ES": N_("English headword (EN→ES)"), "ES→EN": N_("Spanish headword (ES→EN)")}
#: language codes shown next to each side of a result (not translated)
LANG_CODES = {"es": "ES", "ca": "CA", "en": "EN"}


def e(value: object) -> str:
    """Text (``None`` = empty) escaped for HTML content and double-quoted attribute values.

    >>> e('"a" & <b>'), e(None)
    ('&quot;a&quot; &amp; &lt;b&gt;', '')
    """
    return html.escape("" if value is None else str(value), quote=True)


# --------------------------------------------------------------------------- downloads


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n >= 1024 else f"{n} B"


def render_downloads(kind: str, lang: str, to_root: str, sizes: Mapping[str, int] | None = None) -> str:
    """List of links to the exports of *kind*, and a note on what the exports change for
    spreadsheets; *to_root* is the page's relative URL to the site root (``""``, ``"../"``,
    ``"../../"``…), so the links work from ``/``, ``/ca/`` and ``/en/``."""
    _ = translations(lang).gettext
    items = []
    for name, fmt, pair in DOWNLOAD_SETS[kind]:
        description = _(FORMATS[fmt]).format(pair=pair)
        size = f" <span class=\"naipes-gl-size\">({_size(sizes[name])})</span>" if sizes and name in sizes else ""
        items.append(f'<li><a href="{e(download_url(name, to_root))}" download>'
                     f"<code>{e(name)}</code></a> — {e(description)}{size}</li>")
    # TRANSLATORS: how tools/glossary/exports.py protects spreadsheets ("CSV injection", OWASP).
    note = _("In the CSV and tab-separated files, a cell that would begin with =, +, -, @, a tab or a carriage "
             "return starts with an apostrophe (') instead, so that a spreadsheet does not run it as a formula: "
             "delete that apostrophe to get the raw text. The TBX file holds the raw text. The tab-separated "
             "files keep each field on one line: tabs and line breaks become spaces.")
    return (f'<ul class="naipes-gl-downloads" data-naipes-downloads="{e(kind)}">\n' + "\n".join(items) + "\n</ul>\n"
            f'<p class="naipes-gl-downloads-note">{e(note)}</p>')


# --------------------------------------------------------------------------- search form


def phrasebook_regions(entries: Iterable[Mapping]) -> list[str]:
    """The regions the phrasebook's renderings name (the options of the region filter)."""
    return sorted({r for entry in entries for rendering in entry["es"] for r in rendering["regions"]})


def entry_regions(entry: Mapping) -> list[str]:
    """The regions of an entry's renderings, without repeats."""
    return sorted({r for rendering in entry["es"] for r in rendering["regions"]})


def filter_counts(entries: Sequence[Mapping]) -> dict[str, Counter]:
    """How many entries each filter value shows when no other filter is set (the page's first
    counts; ``search.js`` updates them as filters are set, with the same rule)."""
    return {
        "dir": Counter(e["direction"] for e in entries),
        "region": Counter(r for e in entries for r in entry_regions(e)),
        "register": Counter(e["register"] for e in entries),
        "status": Counter(e["status"] for e in entries),
        "complete": Counter(e["status"] == "complete" for e in entries),
    }


def render_search(kind: str, lang: str, to_root: str, *, entries: Sequence[Mapping] = ()) -> str:
    """The search form + live status + results list + suggestions. Hidden until ``search.js`` has
    loaded the index; the labels the script shows travel in ``data-naipes-labels``. For the
    phrasebook, *entries* give the filters' options and their counts."""
    t = translations(lang)
    _ = t.gettext
    p = f"naipes-{kind}"
    language = {code: label(LANGUAGE_NAMES, code, lang) for code in LANGS}
    script_labels = {
        # TRANSLATORS: search.js shows one of these three by the number of results.
        "n_results": _("{n} results"), "one_result": _("1 result"), "no_results": _("No results"),
        "shown": _("(showing the first {k})"), "missing": _("the source gives no translation"),
        "lang": language, "codes": LANG_CODES,
        "status": labels(STATUSES, lang), "register": labels(REGISTERS, lang),
        "region": {r: region_name(r, lang) for r in REGION_TAGS},
        # TRANSLATORS: {query} is a corrected query, shown as a link that searches for it.
        "did_you_mean": _("Did you mean {query}?"),
        "nearest": _("Nearest entries:"),
        # TRANSLATORS: when no entry shares a meaningful word with a query; {query} is the query.
        "none_close": _("No entry is close to “{query}”."),
        "copy": _("Copy"), "copy_pair": _("Copy pair"),
        "corrected": _("corrected"), "source_has": _("the source has: {text}"),
        # TRANSLATORS: the description of a copy button; {language} is a language name, {text} what it copies.
        "copy_side": _("Copy the {language} text: {text}"),
        "copy_pair_of": _("Copy the pair, English tab Spanish: {text}"),
        "entries": _("{n} entries"), "entries_of": _("{shown} of {n} entries"),
    }
    box_label, placeholder = (_(msgid) for msgid in SEARCH_BOXES[kind])
    fields = [
        f'<div class="naipes-search__field naipes-search__query">'
        f'<label for="{p}-q">{e(box_label)}</label>'
        f'<input type="search" id="{p}-q" name="q" autocomplete="off" spellcheck="false" '
        f'placeholder="{e(placeholder)}" aria-describedby="{p}-hint" '
        f'aria-controls="{p}-results"></div>'
    ]
    counts = filter_counts(entries) if kind == "phrasebook" else {}

    def select(name: str, select_label: str, everything: str, options: Sequence[tuple[str, str]]) -> str:
        opts = [f'<option value="" data-label="{e(everything)}">{e(everything)} ({len(entries)})</option>']
        for value, text in options:
            opts.append(f'<option value="{e(value)}" data-label="{e(text)}">{e(text)} ({counts[name][value]})</option>')
        return (f'<div class="naipes-search__field"><label for="{p}-{name}">{e(select_label)}</label>'
                f'<select id="{p}-{name}" name="{name}" data-naipes-filter="{name}">{"".join(opts)}</select></div>')

    if kind == "phrasebook":
        search_in, both = _("Search in"), _("English and Spanish")
        fields.append(f'<div class="naipes-search__field"><label for="{p}-in">{e(search_in)}</label>'
                      f'<select id="{p}-in" name="in"><option value="">{e(both)}</option>'
                      f'<option value="en">{e(language["en"])}</option><option value="es">{e(language["es"])}</option>'
                      "</select></div>")
        fields.append(select("dir", _("Direction"), t.pgettext("any direction", "both"),
                             [(code, _(msgid)) for code, msgid in DIRECTIONS.items()]))
        region_opts = sorted(((r, region_name(r, lang)) for r in phrasebook_regions(entries)), key=lambda o: sort_key(o[1]))
        fields.append(select("region", _("Region"), t.pgettext("any region", "all"), region_opts))
        fields.append(select("register", _("Register"), t.pgettext("any register", "all"),
                             [(code, text) for code, text in labels(REGISTERS, lang).items() if counts["register"][code]]))
        fields.append(select("status", _("Status"), t.pgettext("any status", "all"), list(labels(STATUSES, lang).items())))
        complete = _("Complete entries only")
        fields.append(f'<div class="naipes-search__field naipes-search__switch">'
                      f'<label for="{p}-complete"><input type="checkbox" id="{p}-complete" name="complete" value="1" '
                      f'data-naipes-filter="complete"> <span data-label="{e(complete)}">{e(complete)} '
                      f'({counts["complete"][True]})</span></label></div>')
    clear, results = _("Clear"), _("Results")
    fields.append(f'<div class="naipes-search__field naipes-search__reset">'
                  f'<button type="reset">{e(clear)}</button></div>')
    if kind == "phrasebook":
        hint = _("Searches the expressions, the regions and the notes in both directions. Ignores case and "
                 "accents (but ñ counts); also matches the start of words and forgives a typo (a letter "
                 "missing, extra, wrong or out of place). The filters narrow the A–Z list too. ↓ and ↑ walk "
                 "the results; Enter opens the first; Esc goes back to the box.")
    else:
        hint = _("Ignores case and accents (but ñ counts); also matches the start of words and tolerates a typo. "
                 "↓ and ↑ walk the results; Enter opens the first; Esc goes back to the box.")
    return (
        f'<div class="naipes-search" data-naipes-search="{e(kind)}" data-naipes-lang="{e(lang)}" '
        f'data-naipes-index="{e(index_url(kind, to_root))}" '
        f'data-naipes-labels="{e(json.dumps(script_labels, ensure_ascii=False))}">\n'
        f'<form class="naipes-search__form" role="search" hidden>{"".join(fields)}</form>\n'
        f'<p class="naipes-search__hint" id="{p}-hint" hidden>{e(hint)}</p>\n'
        f'<p class="naipes-search__status" id="{p}-count" role="status" aria-live="polite" aria-atomic="true"></p>\n'
        f'<ol class="naipes-search__results" id="{p}-results" aria-label="{e(results)}" hidden></ol>\n'
        f'<div class="naipes-search__suggest" id="{p}-suggest" hidden></div>\n'
        "</div>"
    )


# --------------------------------------------------------------------------- entries, A–Z


def _letter_id(kind: str, ch: str) -> str:
    # "_" never occurs in a data id (slugs are [a-z0-9-]), so letter anchors cannot collide with them
    name = {"Ñ": "nn", "#": "other"}.get(ch, ch.lower())
    return f"{'pb' if kind == 'phrasebook' else 'gl'}_{name}"


def _group(items: Iterable[tuple[str, str, str]]) -> dict[str, list[str]]:
    """(key, letter, html) -> {letter: [html…]} in alphabetical order, # last."""
    groups: dict[str, list[str]] = {}
    for _key, ch, block in sorted(items, key=lambda item: (item[1] == "#", item[0])):
        groups.setdefault(ch, []).append(block)
    order = sorted(groups, key=lambda ch: (ch == "#", sort_key(ch)))
    return {ch: groups[ch] for ch in order}


def _sections(kind: str, lang: str, groups: Mapping[str, list[str]], count_label: str, total: int) -> str:
    links = " ".join(f'<a href="#{_letter_id(kind, ch)}" data-letter="{_letter_id(kind, ch)}">{e(ch)}</a>' for ch in groups)
    index_label = translations(lang).gettext("Alphabetical index")
    az = f'<nav class="naipes-gl-az" aria-label="{e(index_label)}">{links}</nav>'
    parts = [f'<div class="naipes-gl-entries" data-naipes-entries="{e(kind)}">',
             f'<p class="naipes-gl-count" data-total="{total}" aria-live="polite">{e(count_label)}</p>', az]
    for ch, blocks in groups.items():
        lid = _letter_id(kind, ch)
        parts.append(f'<section class="naipes-gl-letter" aria-labelledby="{lid}">'
                     f'<h3 id="{lid}">{e(ch)}</h3>')
        parts.extend(blocks)
        parts.append("</section>")
    parts.append("</div>")
    return "\n".join(parts)


def _permalink(eid: str, lang: str) -> str:
    title = translations(lang).gettext("Permanent link")
    return f'<a class="headerlink" href="#{e(eid)}" title="{e(title)}">¶</a>'


def _copy(text: str, copy_label: str, lang: str, button: str | None = None, shown: str | None = None) -> str:
    """A copy-to-clipboard button (Material's clipboard.js copies ``data-clipboard-text``);
    *copy_label* is its translated description, with ``{text}`` (*shown*, default the text)."""
    description = e(copy_label.format(text=text if shown is None else shown))
    button = button or translations(lang).gettext("Copy")
    value = e(text).replace("\t", "&#9;")
    return (f'<button type="button" class="naipes-copy" data-clipboard-text="{value}" '
            f'aria-label="{description}" title="{description}">{e(button)}</button>')


def cite(seed_id: str, line: int | None, lang: str, sources_url: Mapping[str, str]) -> str:
    """A source cited the way the rules pages cite it, in *lang* ("fuente 000, línea 12"),
    linked to its section of the sources page when *sources_url* has it."""
    _ = translations(lang).gettext
    n = seed_number(seed_id)
    text = e(_("source {n}").format(n=n) if line is None else _("source {n}, line {line}").format(n=n, line=line))
    return f'<a href="{e(sources_url[n])}">{text}</a>' if n in sources_url else text


def corrected_text(source: str, corrected: str | None, code: str, lang: str) -> str:
    """One side's text as a *lang* page shows it: the source's text or, where the curator corrected
    a slip, the correction, a "corrected" badge and the source's own text after it.

    >>> print(corrected_text("legar al límite", "llegar al límite", "es", "en"))
    <span lang="es" class="naipes-gl-text">llegar al límite</span> <span class="naipes-badge naipes-badge--corrected" title="Corrected by the curator: the source has a slip">corrected</span> <span class="naipes-gl-sic">(the source has: <span lang="es">legar al límite</span>)</span>
    """
    if not corrected:
        return f'<span lang="{code}" class="naipes-gl-text">{e(source)}</span>'
    _ = translations(lang).gettext
    # TRANSLATORS: a badge on a phrasebook text the curator corrected (a typo of the source).
    badge, title = _("corrected"), _("Corrected by the curator: the source has a slip")
    # TRANSLATORS: after a corrected text; {text} is the source's own text, with its slip.
    before, after = _("the source has: {text}").split("{text}")
    return (f'<span lang="{code}" class="naipes-gl-text">{e(corrected)}</span> '
            f'<span class="naipes-badge naipes-badge--corrected" title="{e(title)}">{e(badge)}</span> '
            f'<span class="naipes-gl-sic">({e(before)}<span lang="{code}">{e(source)}</span>{e(after)})</span>')


def render_phrasebook_entry(entry: Mapping, lang: str, sources_url: Mapping[str, str] | None = None) -> str:
    """One phrasebook entry as an ``<article id="<entry id>">`` (all data escaped): both sides
    with copy buttons (each side, and the English–Spanish pair, tab-separated), badges, the
    curator's notes in *lang* (or, marked, in the language they exist in) and its source."""
    _ = translations(lang).gettext
    head, head_lang = headword(entry)
    eid = entry["id"]
    direction, register, status = _("Direction in the source"), _("Register"), _("Status")
    badges = [f'<span class="naipes-badge naipes-badge--direction" title="{e(direction)}">'
              f'{e(entry["direction"])}</span>',
              f'<span class="naipes-badge naipes-badge--register" data-register="{e(entry["register"])}" '
              f'title="{e(register)}">{e(label(REGISTERS, entry["register"], lang))}</span>']
    if entry["status"] != "complete":
        badges.append(f'<span class="naipes-badge naipes-badge--status" data-status="{e(entry["status"])}" '
                      f'title="{e(status)}">{e(label(STATUSES, entry["status"], lang))}</span>')

    language = {code: label(LANGUAGE_NAMES, code, lang) for code in ("en", "es")}
    side_label = _("Copy the {language} text: {text}")
    missing_text = _("the source gives no translation")
    missing = f'<span class="naipes-gl-missing">{e(missing_text)}</span>'
    english = display_en(entry)
    if english:
        en_side = (corrected_text(entry["en"], entry.get("en_corrected"), "en", lang) + " "
                   + _copy(english, side_label.replace("{language}", language["en"]), lang))
    else:
        en_side = missing
    if entry["es"]:
        rows = []
        for rendering in entry["es"]:
            spanish = display_es(rendering)
            bits = [corrected_text(rendering["text"], rendering.get("corrected"), "es", lang)]
            for region in rendering["regions"]:
                extra = f' title="{e(rendering["region_label"])}"' if rendering.get("region_label") else ""
                bits.append(f'<span class="naipes-badge naipes-badge--region" data-region="{e(region)}"{extra}>'
                            f"{e(region_name(region, lang))}</span>")
            if rendering["source"]:
                source = _("Source of the rendering: {source}").format(source=rendering["source"])
                bits.append(f'<span class="naipes-badge naipes-badge--source" title="{e(source)}">'
                            f'[{e(rendering["source"])}]</span>')
            if rendering["note"]:
                bits.append(f'<span class="naipes-gl-note">({e(rendering["note"])})</span>')
            bits.append(_copy(spanish, side_label.replace("{language}", language["es"]), lang))
            if english:
                pair = f"{english}\t{spanish}"
                bits.append(_copy(pair, _("Copy the pair, English tab Spanish: {text}"), lang, _("Copy pair"),
                                  f"{english} → {spanish}"))
            rows.append("<li>" + " ".join(bits) + "</li>")
        es_side = '<ul class="naipes-gl-renderings">' + "".join(rows) + "</ul>"
    else:
        es_side = missing
    sides = [("en", en_side), ("es", es_side)]
    if head_lang == "es":
        sides.reverse()
    dl = "".join(f"<dt>{e(label(LANGUAGE_NAMES, code, lang))} <span class=\"naipes-lang\">{LANG_CODES[code]}</span></dt>"
                 f"<dd>{body}</dd>" for code, body in sides)
    notes = ""
    found = notes_for(entry, lang)
    if found:
        text, code = found
        fallback = ""
        if code != lang:
            # TRANSLATORS: after a curator's note shown in another language; {language} is its name.
            name = label(LANGUAGE_NAMES, code, lang)
            marker = _("in {language}: not translated yet").format(language=name if lang == "en" else name.lower())
            fallback = f' <span class="naipes-gl-fallback">({e(marker)})</span>'
        note = _("Note")
        notes = (f'<p class="naipes-gl-notes" data-notes-lang="{code}"><span class="naipes-gl-label">{e(note)}:</span> '
                 f'<span lang="{code}">{e(text)}</span>{fallback}</p>')
    where = cite(SEED_000, entry["seed_line"], lang, sources_url or {})
    source_label = _("Source")
    source = f'<p class="naipes-gl-cite"><span class="naipes-gl-label">{e(source_label)}:</span> {where}</p>'
    regions = "|".join(entry_regions(entry))
    return (
        f'<article class="naipes-gl-entry" id="{e(eid)}" tabindex="-1" data-status="{e(entry["status"])}" '
        f'data-register="{e(entry["register"])}" data-direction="{e(entry["direction"])}" data-regions="{e(regions)}">'
        f'<h4 class="naipes-gl-head"><span lang="{head_lang}">{e(head)}</span> {_permalink(eid, lang)}</h4>'
        f'<p class="naipes-gl-badges">{" ".join(badges)}</p>'
        f'<dl class="naipes-gl-sides">{dl}</dl>{notes}{source}</article>'
    )


def render_phrasebook_entries(entries: Sequence[Mapping], lang: str, sources_url: Mapping[str, str] | None = None) -> str:
    """A–Z index + every entry, grouped by the first letter of its headword."""
    items = []
    for entry in entries:
        head, _ = headword(entry)
        items.append((sort_key(head), letter(head), render_phrasebook_entry(entry, lang, sources_url)))
    count = translations(lang).gettext("{n} entries").format(n=len(entries))
    return _sections("phrasebook", lang, _group(items), count, len(entries))


def render_glossary_entry(term: Mapping, lang: str, sources_url: Mapping[str, str]) -> str:
    """One casino term as an ``<article id="<term id>">``: the terms in es/ca/en, the definition in
    *lang*, the source quotes with their source and line (linked to the sources page when
    *sources_url* has it)."""
    _ = translations(lang).gettext
    tid = term["id"]
    own = as_list(term[lang])
    langs = [lang] + [code for code in LANGS if code != lang]
    dl = "".join(
        f"<dt>{e(label(LANGUAGE_NAMES, code, lang))} <span class=\"naipes-lang\">{LANG_CODES[code]}</span></dt><dd>"
        + ", ".join(f'<span lang="{code}" class="naipes-gl-text">{e(w)}</span>' for w in as_list(term[code]))
        + "</dd>"
        for code in langs
    )

    def quote(src: Mapping) -> str:
        link = cite(src["seed"], quote_line(src["seed"], src["quote"]), lang, sources_url)
        return (f'<p><q lang="{seed_language(seed_number(src["seed"]))}">{e(clean(src["quote"]))}</q> '
                f'<span class="naipes-gl-cite">({link})</span></p>')

    quotes = quote(term["source"]) + "".join(quote(q) for q in term.get("also") or [])
    definition = _("Definition")
    return (
        f'<article class="naipes-gl-entry" id="{e(tid)}" tabindex="-1">'
        f'<h4 class="naipes-gl-head"><span lang="{lang}">{e(own[0])}</span> {_permalink(tid, lang)}</h4>'
        f'<p class="naipes-gl-definition"><span class="naipes-gl-label">{e(definition)}:</span> '
        f'{e(term["definition"][lang])}</p>'
        f'<dl class="naipes-gl-sides">{dl}</dl>'
        f'<blockquote class="naipes-gl-quotes">{quotes}</blockquote></article>'
    )


def render_glossary_entries(terms: Sequence[Mapping], lang: str, sources_url: Mapping[str, str]) -> str:
    """A–Z index + every casino term, grouped by the first letter of its term in *lang*."""
    items = [(sort_key(as_list(t[lang])[0]), letter(as_list(t[lang])[0]), render_glossary_entry(t, lang, sources_url))
             for t in terms]
    count = translations(lang).gettext("{n} terms").format(n=len(terms))
    return _sections("glossary", lang, _group(items), count, len(terms))


# --------------------------------------------------------------------------- markers


_MARKER = re.compile(r"(?:<p>\s*)?<!--\s*naipes:(phrasebook|glossary)\s+(search|downloads|entries)\s*-->(?:\s*</p>)?")
_ID = re.compile(r'\sid="([^"]+)"')


def expand_markers(page_html: str, render: Callable[[str, str], str]) -> tuple[str, set[tuple[str, str]]]:
    """Replace every ``<!-- naipes:<kind> <part> -->`` by ``render(kind, part)``; return the new
    HTML and the markers found.

    >>> expand_markers("<h2>x</h2>\\n<!-- naipes:glossary entries -->\\n", lambda k, p: f"[{k} {p}]")
    ('<h2>x</h2>\\n[glossary entries]\\n', {('glossary', 'entries')})
    """
    found: set[tuple[str, str]] = set()

    def sub(m: re.Match) -> str:
        found.add((m.group(1), m.group(2)))
        return render(m.group(1), m.group(2))

    return _MARKER.sub(sub, page_html), found


def marker_problems(page_html: str, found: set[tuple[str, str]]) -> list[str]:
    """What is wrong with a page after :func:`expand_markers`: a kind without its ``entries`` marker
    (the search and downloads need the list), or HTML ids used twice.

    >>> marker_problems('<p id="a"></p><p id="a"></p>', {("glossary", "search")})
    ["<!-- naipes:glossary … --> markers without the 'entries' one", "duplicate HTML ids after expanding the glossary markers: ['a']"]
    """
    problems = [f"<!-- naipes:{kind} … --> markers without the 'entries' one"
                for kind in sorted({k for k, _ in found}) if (kind, "entries") not in found]
    clashes = sorted(i for i, n in Counter(_ID.findall(page_html)).items() if n > 1)
    if found and clashes:
        problems.append(f"duplicate HTML ids after expanding the glossary markers: {clashes}")
    return problems
