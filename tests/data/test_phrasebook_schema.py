"""data/phrasebook.yaml and its rejects validate against their JSON Schemas (2020-12)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "data/schema/phrasebook.schema.json").read_text(encoding="utf-8"))
REJECTS_SCHEMA = json.loads((ROOT / "data/schema/phrasebook-rejects.schema.json").read_text(encoding="utf-8"))
DATA = yaml.safe_load((ROOT / "data/phrasebook.yaml").read_text(encoding="utf-8"))
REJECTS = yaml.safe_load((ROOT / "data/phrasebook-rejects.yaml").read_text(encoding="utf-8"))
ENTRIES = DATA["entries"]
REGIONS = set(SCHEMA["$defs"]["region"]["enum"])


def test_schemas_are_valid_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.Draft202012Validator.check_schema(REJECTS_SCHEMA)


def test_phrasebook_validates():
    errors = sorted(jsonschema.Draft202012Validator(SCHEMA).iter_errors(DATA), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:20])


def test_rejects_validate():
    jsonschema.Draft202012Validator(REJECTS_SCHEMA).validate(REJECTS)


def test_ids_unique_and_slugs():
    ids = [e["id"] for e in ENTRIES]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


def test_regions_in_closed_list():
    used = {r for e in ENTRIES for x in e["es"] for r in x["regions"]}
    assert used <= REGIONS, used - REGIONS
    assert {"España", "México", "Argentina", "República Dominicana", "Panamá", "Colombia", "Chile"} <= used


def test_entries_in_seed_order():
    lines = [e["seed_line"] for e in ENTRIES]
    assert lines == sorted(lines)


def test_vulgar_and_offensive_entries_are_labelled_not_hidden():
    by_id = {e["id"]: e for e in ENTRIES}
    assert by_id["camel-toe"]["register"] == "vulgar"
    assert by_id["comer-mierda"]["register"] == "vulgar"
    assert by_id["cheap-christmas-trash"]["register"] == "offensive"
    assert sum(e["register"] in ("vulgar", "offensive") for e in ENTRIES) >= 10


@pytest.mark.parametrize("bad, path", [
    ({"register": "rude"}, "register"),
    ({"id": "Not A Slug"}, "id"),
    ({"status": "complete", "es": []}, "es"),
    ({"direction": "EN→ES", "en": None}, "en"),
])
def test_schema_rejects_bad_entries(bad, path):
    entry = dict(next(e for e in ENTRIES if e["status"] == "complete"), **bad)
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid({"entries": [entry]})


def test_schema_rejects_unknown_region():
    entry = next(e for e in ENTRIES if e["es"])
    bad = dict(entry, es=[dict(entry["es"][0], regions=["Espana"])])
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid({"entries": [bad]})
