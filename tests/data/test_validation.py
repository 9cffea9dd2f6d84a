"""The data's schemas refuse hostile text (markup, bidi and control characters, huge strings, bad
ids), and the build refuses data that breaks them, naming the file, the entry and the field
(tools/glossary/validate.py, called by the glossary hook's on_config)."""

from __future__ import annotations

import copy
import re
import shutil

import jsonschema
import pytest
import yaml
from mkdocs.exceptions import PluginError

from tools.glossary import hook, validate

DATA = {name: yaml.safe_load((validate.DATA / name).read_text(encoding="utf-8")) for name in validate.SCHEMAS}
HOSTILE = {
    "script": "<script>alert(1)</script>",
    "img": '"><img src=x onerror=alert(1)>',
    "rlo": "abc\u202edef",
    "lri": "abc\u2066def",
    "zwsp": "ab\u200bcd",
    "nul": "ab\x00cd",
    "esc": "ab\x1b[31mcd",
    "c1": "ab\x85cd",
    "tab": "ab\tcd",
    "newline": "ab\ncd",
    "cr": "ab\rcd",
    "line-separator": "ab\u2028cd",
    "leading-space": " abcd",
    "trailing-newline": "abcd\n",
    "huge": "a" * 25_000,
}
BAD_IDS = ['evil"><img src=x onerror=alert(1)>', "Not A Slug", "a--b", "-a", "a_b", "ñu", "", "a" * 200, "ok\n"]

# (file, path to a text field, the field as messages name it)
PB_RENDERING = next(i for i, e in enumerate(DATA["phrasebook.yaml"]["entries"]) if e["es"] and e["en"])
assert PB_RENDERING < 8
FIELDS = [
    ("phrasebook.yaml", ["entries", PB_RENDERING, "en"], "en"),
    ("phrasebook.yaml", ["entries", PB_RENDERING, "es", 0, "text"], "es[0].text"),
    ("phrasebook.yaml", ["entries", PB_RENDERING, "es", 0, "note"], "es[0].note"),
    ("phrasebook.yaml", ["entries", PB_RENDERING, "notes", "en"], "notes.en"),
    ("phrasebook.yaml", ["entries", PB_RENDERING, "notes", "ca"], "notes.ca"),
    ("casino-terms.yaml", ["terms", 0, "es", 0], "es[0]"),
    ("casino-terms.yaml", ["terms", 0, "definition", "ca"], "definition.ca"),
    ("casino-terms.yaml", ["terms", 0, "source", "quote"], "source.quote"),
    ("phrasebook-rejects.yaml", ["rejects", 0, "text"], "text"),
    ("phrasebook-rejects.yaml", ["rejects", 0, "reason"], "reason"),
    ("everyday-phrases.yaml", ["en", 0], ""),
]


def small(name: str) -> dict:
    """The data of *name* with its lists cut to their first 8 items: quick to check."""
    return {k: v[:8] if isinstance(v, list) else v for k, v in DATA[name].items()}


def with_value(name: str, path: list, value) -> dict:
    data = copy.deepcopy(small(name))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


# ------------------------------------------------------------------ the schemas


@pytest.mark.parametrize("name", validate.SCHEMAS)
def test_schemas_are_valid_and_the_data_matches_them(name):
    jsonschema.Draft202012Validator.check_schema(validate.schema(name))
    assert validate.check(name, DATA[name]) == []


def patterns(node) -> list[str]:
    if isinstance(node, dict):
        return ([node["pattern"]] if "pattern" in node else []) + [p for v in node.values() for p in patterns(v)]
    return [p for v in node for p in patterns(v)] if isinstance(node, list) else []


def test_text_patterns_share_one_class_of_refused_characters():
    """validate.REFUSED (used to name the culprit in messages) is the class every text pattern of
    the schemas refuses (with line feeds let through in the phrasebook's notes)."""
    lf_kept = validate.REFUSED.replace(r"\u0000-\u001f", r"\u0000-\u0009\u000b-\u001f")
    for name in validate.SCHEMAS:
        texts = [p for p in patterns(validate.schema(name)) if "<>" in p]
        assert texts, name
        for pattern in texts:
            assert validate.REFUSED in pattern or lf_kept in pattern, (name, pattern)
            assert not re.search(pattern, "<b>") and re.search(pattern, "ok") and not re.search(pattern, "ok\n")
    for pattern in patterns([validate.schema(name) for name in validate.SCHEMAS]):
        assert pattern.endswith(validate.END), pattern  # no "ok\n" slipping through Python's $


#: Every field with every hostile value, except a line break in the curator's notes, which they may hold.
CASES = [(name, path, field, kind) for name, path, field in FIELDS for kind in HOSTILE
         if not (kind == "newline" and field.startswith("notes"))]


def with_notes(name: str, path: list, value) -> dict:
    """with_value, the entry's notes made a mapping first (most entries have none)."""
    data = copy.deepcopy(small(name))
    entry = data[path[0]][path[1]]
    entry["notes"] = dict(entry.get("notes") or {"en": "An English note."})
    entry["notes"][path[-1]] = value
    return data


def test_the_curators_notes_may_hold_a_line_break():
    for name, path, field in (f for f in FIELDS if f[2].startswith("notes")):
        assert validate.check(name, with_notes(name, path, HOSTILE["newline"])) == []


@pytest.mark.parametrize("notes, ok", [({"en": "x"}, True), ({"es": "x", "ca": "y"}, True), ({}, False),
                                       ({"fr": "x"}, False), ("a note without a language", False), (None, True)])
def test_the_curators_notes_are_per_language(notes, ok):
    problems = validate.check("phrasebook.yaml", with_value("phrasebook.yaml", ["entries", 0, "notes"], notes))
    assert (problems == []) == ok, problems


@pytest.mark.parametrize("name, path, field, kind", CASES, ids=lambda v: v if isinstance(v, str) else None)
def test_schemas_refuse_hostile_text_and_the_message_names_file_entry_field(name, path, field, kind):
    value = HOSTILE[kind]
    problems = validate.check(name, (with_notes if field.startswith("notes") else with_value)(name, path, value))
    assert problems, f"{name} {field} accepted {kind}"
    head = f"data/{name}: {path[0]}[{path[1]}]"
    mine = [p for p in problems if p.startswith(head) and (f", field {field}:" in p if field else True)]
    assert mine, problems
    assert all(len(p) < 400 for p in problems), "values are cut in messages"
    if kind in ("rlo", "lri", "zwsp", "nul", "esc", "c1", "script", "img"):
        assert any(" contains U+" in p for p in mine), mine
    if kind == "huge":
        assert any("(25000 characters)" in p and "longer than" in p for p in mine), mine


@pytest.mark.parametrize("name, key", [("phrasebook.yaml", "entries"), ("casino-terms.yaml", "terms")])
@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_schemas_refuse_bad_ids(name, key, bad):
    problems = validate.check(name, with_value(name, [key, 2, "id"], bad))
    assert any(p.startswith(f"data/{name}: {key}[2] (id ") and ", field id: " in p for p in problems), problems


@pytest.mark.parametrize("value", ["'til death do us part", "l’«amp» — ñandú, çà", "a\u00a0b c d e f", "7 y medio: 7½ puntos",
                                   "A & B, or C & D"])
def test_ordinary_text_is_accepted(value):
    for name, path, field in FIELDS:
        if name == "everyday-phrases.yaml" and "\u00a0" in value:
            continue
        assert validate.check(name, (with_notes if field.startswith("notes") else with_value)(name, path, value)) == [], (name, path)


def test_curator_notes_may_span_lines():
    for notes, ok in [("one\ntwo", True), ("one\n\ntwo", True), ("one\n", False), ("one\r\ntwo", False)]:
        problems = validate.check("phrasebook.yaml", with_notes("phrasebook.yaml", ["entries", 0, "notes", "es"], notes))
        assert (problems == []) == ok, (notes, problems)


# ------------------------------------------------------------------ messages


def test_messages_name_the_file_the_entry_and_the_field():
    data = copy.deepcopy(small("phrasebook.yaml"))
    entries = data["entries"]
    entries[0]["id"] = 'evil"><img src=x onerror=alert(1)>'
    entries[1]["en"] = "x\u202ey"
    entries[2]["notes"] = {"en": "n" * 25_000}
    del entries[3]["register"]
    entries[4]["colour"] = "red"
    entries[5]["id"] = entries[6]["id"]
    problems = validate.check("phrasebook.yaml", data)
    assert problems == [
        "data/phrasebook.yaml: entries[0] (id 'evil\"><img src=x onerror=alert(1)>'), field id: "
        "'evil\"><img src=x onerror=alert(1)>' does not match ^[a-z0-9]+(-[a-z0-9]+)*$",
        f"data/phrasebook.yaml: entries[1] (id '{entries[1]['id']}'), field en: 'x\\u202ey' contains "
        "U+202E RIGHT-TO-LEFT OVERRIDE: no markup, control, bidi or invisible characters",
        f"data/phrasebook.yaml: entries[2] (id '{entries[2]['id']}'), field notes.en: "
        f"'{'n' * 40}…' (25000 characters) is longer than 600 characters",
        f"data/phrasebook.yaml: entries[3] (id '{entries[3]['id']}'), field register: missing",
        f"data/phrasebook.yaml: entries[4] (id '{entries[4]['id']}'), field 'colour': unknown field",
        f"data/phrasebook.yaml: entries[6] (id '{entries[6]['id']}'), field id: "
        f"'{entries[6]['id']}' is already the id of entries[5]",
    ]


def test_many_problems_are_all_kept_but_the_text_lists_fifty():
    data = copy.deepcopy(DATA["phrasebook.yaml"])
    for entry in data["entries"][:80]:
        entry["register"] = "rude"
    error = validate.DataError(validate.check("phrasebook.yaml", data))
    assert len(error.problems) == 80
    assert str(error).count("\n") == 50 and str(error).endswith("… and 30 more problems")


# ------------------------------------------------------------------ the build


@pytest.fixture
def data_dir(tmp_path):
    """A copy of data/*.yaml to spoil."""
    for name in validate.SCHEMAS:
        shutil.copy2(validate.DATA / name, tmp_path / name)
    return tmp_path


def spoil(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_load_all_reads_every_file():
    loaded = validate.load_all()
    assert set(loaded) == set(validate.SCHEMAS) and loaded == DATA


def test_loader_refuses_hostile_data_naming_file_entry_and_field(data_dir):
    spoil(data_dir / "phrasebook.yaml", "- id: bowled-over", "- id: 'evil\"><img src=x onerror=alert(1)>'")
    spoil(data_dir / "casino-terms.yaml", "  es: [punto y banca]", '  es: ["<script>alert(1)</script>"]')
    spoil(data_dir / "everyday-phrases.yaml", "en: [by hand,", 'en: ["by\\u202Ehand",')
    with pytest.raises(validate.DataError) as caught:
        validate.load_all(data_dir)
    problems = caught.value.problems
    assert len(problems) == 3, problems
    pb, ct, ep = problems
    assert pb.startswith(f"{data_dir / 'phrasebook.yaml'}: entries[1] (id 'evil\"><img src=x onerror=alert(1)>'), "
                         "field id: ")
    assert ct.startswith(f"{data_dir / 'casino-terms.yaml'}: terms[0] (id 'punto-y-banca'), field es[0]: ")
    assert "U+003C LESS-THAN SIGN" in ct
    assert ep.startswith(f"{data_dir / 'everyday-phrases.yaml'}: en[0]: ") and "U+202E" in ep


def test_loader_names_a_file_that_is_not_yaml(data_dir):
    (data_dir / "phrasebook-rejects.yaml").write_text("rejects: [unclosed\n", encoding="utf-8")
    with pytest.raises(validate.DataError) as caught:
        validate.load_all(data_dir)
    assert caught.value.problems[0].startswith(f"{data_dir / 'phrasebook-rejects.yaml'}: cannot be read: ")


def test_the_build_stops_on_hostile_data(data_dir, monkeypatch):
    """The hook's on_config, as `mkdocs build` calls it: a PluginError naming file, entry, field."""
    assert hook.on_config({"marker": 1}) == {"marker": 1}  # the real data builds
    spoil(data_dir / "phrasebook.yaml", "  en: bowled over", "  en: bowled over \u202e")
    monkeypatch.setattr(hook, "DATA_DIR", data_dir)
    with pytest.raises(PluginError) as caught:
        hook.on_config({})
    message = str(caught.value)
    assert "does not match its schema" in message
    assert f"{data_dir / 'phrasebook.yaml'}: entries[1] (id 'bowled-over'), field en: " in message
    assert "U+202E RIGHT-TO-LEFT OVERRIDE" in message


def test_docstring_examples():
    import doctest

    assert doctest.testmod(validate).failed == 0


def test_a_key_given_twice_is_refused_naming_both_lines(data_dir):
    """YAML keeps the last of two equal keys and drops the first without a word: the loader refuses it."""
    text = (data_dir / "phrasebook.yaml").read_text(encoding="utf-8")
    first = text.index("- id: bowled-over")
    line_of_id = text[:first].count("\n") + 1
    spoil(data_dir / "phrasebook.yaml", "- id: bowled-over\n", "- id: bowled-over\n  id: bowled-over-again\n")
    with pytest.raises(validate.DataError) as caught:
        validate.load_all(data_dir)
    (problem,) = caught.value.problems
    assert problem == (f"{data_dir / 'phrasebook.yaml'}: cannot be read: line {line_of_id + 1}: key 'id' given "
                       f"twice (lines {line_of_id} and {line_of_id + 1}): the first value would be lost")


@pytest.mark.parametrize("tag", ["\U000E0000", "\U000E0041", "\U000E007F"])
def test_tag_characters_are_refused_everywhere(tag):
    data = copy.deepcopy(DATA["casino-terms.yaml"])
    data["terms"][2]["definition"]["ca"] = "Definició" + tag + " amagada"
    (problem,) = validate.check("casino-terms.yaml", data)
    assert problem.startswith(f"data/casino-terms.yaml: terms[2] (id '{data['terms'][2]['id']}'), field definition.ca: ")
    assert f"contains U+{ord(tag):05X} " in problem and "TAG" in problem
    assert problem.endswith("no tag characters")
    clean = copy.deepcopy(DATA["casino-terms.yaml"])
    clean["terms"][2]["definition"]["ca"] = "Definició \U000E0080 amagada"  # a variation selector: not a tag
    assert not [p for p in validate.check("casino-terms.yaml", clean) if "tag characters" in p]


def test_every_repeated_item_of_a_list_is_reported():
    data = copy.deepcopy(DATA["everyday-phrases.yaml"])
    first, second = data["es"][0], data["es"][1]
    data["es"] += [first, second, first]
    n = len(DATA["everyday-phrases.yaml"]["es"])
    assert validate.check("everyday-phrases.yaml", data) == [
        f"data/everyday-phrases.yaml: es[{n}]: {first!r} repeats item [0]",
        f"data/everyday-phrases.yaml: es[{n + 1}]: {second!r} repeats item [1]",
        f"data/everyday-phrases.yaml: es[{n + 2}]: {first!r} repeats item [0]",
    ]


def test_every_bad_item_of_a_list_is_reported_not_only_the_first():
    data = copy.deepcopy(DATA["phrasebook.yaml"])
    for i in (0, 5, 9):
        data["entries"][i]["register"] = "posh"
    problems = validate.check("phrasebook.yaml", data)
    assert [p.split(":")[1].split(" (")[0].strip() for p in problems] == ["entries[0]", "entries[5]", "entries[9]"]
    assert all("field register: 'posh' is not one of" in p for p in problems)
