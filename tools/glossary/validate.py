"""The glossary data files (``data/*.yaml``) checked against their JSON Schemas (``data/schema/``),
at every build: the hook loads the data through :func:`load_all`, which refuses hostile or broken
data with one line per problem naming the file, the entry and the field::

    data/phrasebook.yaml: entries[0] (id 'evil"><img src=x>'), field id: 'evil"><img src=x>' does not match ^[a-z0-9]+(-[a-z0-9]+)*$

Values are quoted with :func:`repr` (control and bidi characters show as escapes) and cut to
~40 characters, so a 25,000-character string does not flood the log. Besides the schema, ids must
be unique within a file (they are the pages' anchors). Needs ``jsonschema`` (in the ``docs``
extra of pyproject.toml, which the site build installs).

>>> check("phrasebook.yaml", {"entries": [{"id": "x"}]})[0]
"data/phrasebook.yaml: entries[0] (id 'x'), field en: missing"

Beyond the schemas: a key given twice in one YAML mapping is refused (YAML would keep the last value
and drop the first silently), tag characters (U+E0000–U+E007F, invisible "tags" that can smuggle
text) are refused in every string, and a list with repeated items names every repeat, not only
the list.
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from tools.glossary.seeds import ROOT

DATA = ROOT / "data"
#: every data file -> its schema (in ``data/schema/``)
SCHEMAS = {
    "phrasebook.yaml": "phrasebook.schema.json",
    "phrasebook-rejects.yaml": "phrasebook-rejects.schema.json",
    "casino-terms.yaml": "casino-terms.schema.json",
    "everyday-phrases.yaml": "everyday-phrases.schema.json",
}
#: the characters every text field of the schemas refuses (their patterns hold this class, as text):
#: markup, C0 and C1 controls (tab and line breaks too, but in the phrasebook's multi-line notes),
#: soft hyphen and other invisible format characters, bidi marks, embeddings, overrides and
#: isolates, line/paragraph separators, BOM, interlinear annotations, surrogates, non-characters
REFUSED = (r"<>\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
           r"\ufeff\ufff9-\ufffb\ud800-\udfff\ufffe\uffff")
_REFUSED = re.compile(f"[{REFUSED}]")
_NAMES = {"\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN"}
SHOWN = 40  # characters of a value quoted in a message (ids: up to their 80)
#: how every pattern of the schemas ends: ``$`` alone would let Python's re match before a final "\n"
END = "$(?!\\n)"
LISTED = 50  # problems listed in a DataError's text (all are in its ``problems``)


#: invisible tag characters (U+E0000–U+E007F): outside the Basic Multilingual Plane, so written here and
#: not in the schemas' patterns (ECMA-262 needs the ``u`` flag for them)
_TAG = re.compile("[\U000E0000-\U000E007F]")


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader that refuses a key given twice in one mapping."""

    def construct_mapping(self, node, deep=False):
        seen: dict[Any, int] = {}
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=True)
            line = key_node.start_mark.line + 1
            try:
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"key {short(key)} given twice (lines {seen[key]} and {line}): "
                        "the first value would be lost", key_node.start_mark)
                seen[key] = line
            except TypeError:  # an unhashable key: PyYAML's own message follows
                pass
        return super().construct_mapping(node, deep)


def parse_yaml(text: str) -> Any:
    """*text* parsed as YAML by the safe loader, a key given twice in one mapping refused.

    >>> parse_yaml("a: 1\\nb: 2")
    {'a': 1, 'b': 2}
    >>> parse_yaml("a: 1\\na: 2")
    Traceback (most recent call last):
    ...
    yaml.constructor.ConstructorError: key 'a' given twice (lines 1 and 2): the first value would be lost
      in "<unicode string>", line 2, column 1:
        a: 2
        ^
    """
    return yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 (a SafeLoader subclass)


def _strings(data: Any, path: list[Any]) -> Iterable[tuple[list[Any], str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, Mapping):
        for key, value in data.items():
            yield from _strings(value, path + [key])
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, path + [i])


def _tag_characters(data: Any) -> Iterable[tuple[list[Any], str]]:
    for path, text in _strings(data, []):
        m = _TAG.search(text)
        if m:
            ch = m.group(0)
            yield path, (f"{short(text)} contains U+{ord(ch):05X} "
                         f"{unicodedata.name(ch, 'TAG CHARACTER')}: no tag characters")


def _repeated_items(error) -> list[tuple[list[Any], str]]:
    """One problem per repeated item of a list (``uniqueItems``), naming the item it repeats."""
    path, first, found = list(error.absolute_path), {}, []
    for i, item in enumerate(error.instance):
        key = json.dumps(item, sort_keys=True, ensure_ascii=False)
        if key in first:
            found.append((path + [i], f"{short(item)} repeats item [{first[key]}]"))
        first.setdefault(key, i)
    return found


class DataError(Exception):
    """Invalid data: ``problems`` holds one message per problem; the text lists the first 50."""

    def __init__(self, problems: list[str]):
        more = len(problems) - LISTED
        super().__init__("\n".join(problems[:LISTED] + ([f"… and {more} more problems"] if more > 0 else [])))
        self.problems = problems


def short(value: Any, limit: int = SHOWN) -> str:
    """*value* quoted for a message, at most *limit* characters of it.

    >>> short("a" * 100)
    "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' (100 characters)"
    >>> short("x\\u202ey")
    "'x\\\\u202ey'"
    """
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}"[:-1] + f"…' ({len(value)} characters)"
    text = repr(value)
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def bad_character(text: str, line_breaks: bool = False) -> str | None:
    """The first character of *text* that no text field accepts (:data:`REFUSED`), named; line
    feeds pass when *line_breaks*.

    >>> bad_character("a\\u202eb"), bad_character("<b>"), bad_character("a\\nb"), bad_character("a\\nb", True)
    ('U+202E RIGHT-TO-LEFT OVERRIDE', "U+003C LESS-THAN SIGN ('<')", 'U+000A LINE FEED', None)
    """
    for m in _REFUSED.finditer(text):
        ch = m.group(0)
        if ch == "\n" and line_breaks:
            continue
        name = _NAMES.get(ch) or unicodedata.name(ch, "control character" if ch < "\xa0" else "unassigned")
        return f"U+{ord(ch):04X} {name}" + (f" ({ch!r})" if ch in "<>" else "")
    return None


def _resolve(error):
    """The error of the branch that tells what is wrong, for a value that matches no branch of a
    ``oneOf`` (a text or null: the text's error, not "is not of type null")."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        from jsonschema.exceptions import best_match

        error = best_match([e for e in error.context if e.validator != "type"] or error.context)
    return error


def _describe(error) -> str:
    """What is wrong, in words, without echoing a long value."""
    value, rule, limit = error.instance, error.validator, error.validator_value
    if rule == "pattern" and isinstance(value, str):
        if "<>" not in limit:  # not a text field: an id, a seed name
            shown = limit.removesuffix(END) + "$" if limit.endswith(END) else limit
            return f"{short(value)} does not match {shown}"
        ch = bad_character(value, line_breaks=r"\u000b" in limit)  # the multi-line pattern lets \n through
        if ch:
            return f"{short(value)} contains {ch}: no markup, control, bidi or invisible characters"
        if value != value.strip():
            return f"{short(value)} starts or ends with a space or a line break"
        return f"{short(value)} is not allowed here: {error.schema.get('description', 'see the schema')}"
    if rule == "maxLength":
        return f"{short(value)} is longer than {limit} characters"
    if rule == "minLength":
        return f"{short(value)} is shorter than {limit} characters"
    if rule == "enum":
        return f"{short(value)} is not one of {', '.join(map(repr, limit))}"
    if rule == "const":
        return f"{short(value)} should be {limit!r}"
    if rule == "type":
        return f"{short(value)} is not of type {limit}"
    if rule in ("maximum", "minimum"):
        return f"{short(value)} is {'more' if rule == 'maximum' else 'less'} than {limit}"
    if rule in ("maxItems", "minItems"):
        return f"has {len(value)} items, {'at most' if rule == 'maxItems' else 'at least'} {limit} allowed"
    message = error.message
    return message if len(message) <= 200 else message[:200] + "…"


def _fields(error) -> list[tuple[list[Any], str | None]]:
    """The paths of the fields an error is about, each with its description when the path says
    it all (a missing or unknown field)."""
    path = list(error.absolute_path)
    if error.validator == "required" and isinstance(error.instance, Mapping):
        return [(path + [name], "missing") for name in error.validator_value if name not in error.instance]
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        known = error.schema.get("properties", {})
        return [(path + [short(name)], "unknown field") for name in error.instance if name not in known]
    return [(path, None)]


def _where(path: list[Any], data: Any) -> tuple[str, str]:
    """``(entry, field)`` of a path in a data file: ``("entries[3] (id 'x')", "es[0].text")``; the
    field is ``""`` for an item that is a plain value (an everyday phrase)."""
    if len(path) >= 2 and isinstance(path[0], str) and isinstance(path[1], int):
        entry = f"{path[0]}[{path[1]}]"
        try:
            item = data[path[0]][path[1]]
        except (KeyError, IndexError, TypeError):
            item = None
        if isinstance(item, Mapping):
            if "id" in item:
                entry += f" (id {short(item['id'], 80)})"
            elif "seed_line" in item:
                entry += f" (seed line {short(item['seed_line'])})"
        rest = path[2:]
    else:
        entry, rest = "top level", path
    field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in rest).lstrip(".")
    return entry, field


@cache
def schema(name: str) -> dict:
    """The JSON Schema of data file *name* (``phrasebook.yaml`` …)."""
    return json.loads((DATA / "schema" / SCHEMAS[name]).read_text(encoding="utf-8"))


def _duplicate_ids(data: Any) -> Iterable[tuple[list[Any], str]]:
    if not isinstance(data, Mapping):
        return
    for key, items in data.items():
        if not isinstance(items, list):
            continue
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            ident = item.get("id") if isinstance(item, Mapping) else None
            if isinstance(ident, str):
                if ident in first:
                    yield [key, i, "id"], f"{short(ident)} is already the id of {key}[{first[ident]}]"
                first.setdefault(ident, i)


def _idle_corrections(data: Any) -> Iterable[tuple[list[Any], str]]:
    """A phrasebook correction that repeats the source's text (it would mark a slip that is not there)."""
    entries = data.get("entries") if isinstance(data, Mapping) else None
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, Mapping):
            continue
        if "en_corrected" in entry and entry["en_corrected"] == entry.get("en"):
            yield ["entries", i, "en_corrected"], "repeats en: a correction differs from the source's text"
        for k, rendering in enumerate(entry.get("es") if isinstance(entry.get("es"), list) else []):
            if isinstance(rendering, Mapping) and "corrected" in rendering and rendering["corrected"] == rendering.get("text"):
                yield ["entries", i, "es", k, "corrected"], "repeats text: a correction differs from the source's text"


def check(name: str, data: Any, where: str | None = None) -> list[str]:
    """Every problem of the data of file *name* (parsed YAML), one message each, starting with
    *where* (default ``data/<name>``); ``[]`` if valid."""
    from jsonschema import Draft202012Validator

    where = where or f"data/{name}"
    found = []
    for error in map(_resolve, Draft202012Validator(schema(name)).iter_errors(data)):
        if error.validator == "uniqueItems" and isinstance(error.instance, list):
            found += _repeated_items(error)
            continue
        found += [(path, description or _describe(error)) for path, description in _fields(error)]
    found.extend(_duplicate_ids(data))
    found.extend(_idle_corrections(data))
    found.extend(_tag_characters(data))
    messages = []
    for path, description in sorted(found, key=lambda item: [str(p).zfill(9) for p in item[0]]):
        entry, field = _where(path, data)
        messages.append(f"{where}: {entry}" + (f", field {field}" if field else "") + f": {description}")
    return list(dict.fromkeys(messages))


def load(name: str, data_dir: Path | str = DATA) -> Any:
    """Read data file *name* from *data_dir* and check it; raise :class:`DataError` if it is invalid."""
    path = Path(data_dir) / name
    where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
    try:
        data = parse_yaml(path.read_text(encoding="utf-8"))
    except yaml.MarkedYAMLError as exc:
        line = f"line {exc.problem_mark.line + 1}: " if exc.problem_mark else ""
        raise DataError([f"{where}: cannot be read: {line}{' '.join(str(exc.problem).split())[:300]}"]) from exc
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise DataError([f"{where}: cannot be read: {str(exc)[:300]}"]) from exc
    problems = check(name, data, where)
    if problems:
        raise DataError(problems)
    return data


def load_all(data_dir: Path | str = DATA) -> dict[str, Any]:
    """Every data file of :data:`SCHEMAS`, checked; one :class:`DataError` listing every problem."""
    loaded, problems = {}, []
    for name in SCHEMAS:
        try:
            loaded[name] = load(name, data_dir)
        except DataError as exc:
            problems += exc.problems
    if problems:
        raise DataError(problems)
    return loaded
