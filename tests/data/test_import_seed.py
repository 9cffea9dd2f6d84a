"""The one-shot importer still runs (drafts only; it never overwrites the curated YAML)."""

from __future__ import annotations


from pathlib import Path

import pytest
import yaml

from tools.glossary import import_seed as imp



def test_draft_covers_glossary_and_rejects_web_text(tmp_path):
    out = tmp_path / "pb.yaml"
    assert imp.main(["--out", str(out)]) == 0
    draft = yaml.safe_load(out.read_text(encoding="utf-8"))["entries"]
    rejects = yaml.safe_load((tmp_path / "pb-rejects.yaml").read_text(encoding="utf-8"))["rejects"]
    assert len(draft) > 150
    assert {r["seed_line"] for r in rejects} == set(range(52, 59))
    breath = next(e for e in draft if e["en"] == "breath of life")
    assert [r["text"] for r in breath["es"]] == ["soplo de vida", "aliento de vida", "hálito de vida"]
    assert breath["es"][0]["regions"] == ["Argentina", "España", "Chile", "Uruguay"]


def test_the_draft_matches_the_phrasebook_schema(tmp_path):
    """The importer writes what the schema accepts (notes: none yet, in no language)."""
    from tools.glossary import validate

    out = tmp_path / "pb.yaml"
    assert imp.main(["--out", str(out)]) == 0
    draft = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert all(e["notes"] is None for e in draft["entries"])
    problems = validate.check("phrasebook.yaml", draft)
    assert not [p for p in problems if "already the id" not in p], problems[:5]


def test_refuses_to_overwrite_curated_file(tmp_path):
    out = tmp_path / "pb.yaml"
    out.write_text("curated\n", encoding="utf-8")
    assert imp.main(["--out", str(out)]) == 1
    assert out.read_text(encoding="utf-8") == "curated\n"


def test_slugify():
    assert imp.slugify("Break a leg!") == "break-a-leg"
    assert imp.slugify("sé temerario") == "se-temerario"
