"""data/casino-terms.yaml: schema, ids, and every quoted passage really is in its seed."""

from __future__ import annotations


import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from tools.glossary.seeds import seed_dir

ROOT = Path(__file__).resolve().parents[2]
SEEDS = seed_dir()
SCHEMA = json.loads((ROOT / "data/schema/casino-terms.schema.json").read_text(encoding="utf-8"))
DATA = yaml.safe_load((ROOT / "data/casino-terms.yaml").read_text(encoding="utf-8"))
TERMS = DATA["terms"]


def norm(text: str) -> str:
    """Collapse all whitespace runs (line breaks included) to one space."""
    return " ".join(text.split())


def as_list(value):
    return [value] if isinstance(value, str) else value


def test_schema_is_valid_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_terms_validate():
    errors = sorted(jsonschema.Draft202012Validator(SCHEMA).iter_errors(DATA), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:20])


def test_ids_unique():
    ids = [t["id"] for t in TERMS]
    assert len(ids) == len(set(ids))


def test_size_and_core_vocabulary():
    assert 30 <= len(TERMS) <= 200
    by_es = {w: t for t in TERMS for w in as_list(t["es"])}
    expected = {  # es term -> (a ca term, an en term)
        "sabot": ("distribuïdor", "shoe"), "pozo": ("pou", "cagnotte"),
        "carta de detención": ("carta de detenció", "stop card"), "hacer banco": ("fer banc", "banco"),
        "paño": ("drap", "tableau"), "talla": ("escapçada", "shoe"), "abatir": ("abatre", "declare a natural"),
        "crupier": ("crupier", "croupier"), "jefe de mesa": ("cap de taula", "table inspector"),
        "cesta": ("cistella", "discard holder"), "punto": ("punt", "player"), "banca": ("banca", "bank"),
        "empate": ("igualtat", "tie"), "natural": ("natural", "natural"),
        # the odds and rules tables' vocabulary
        "ventaja de la casa": ("avantatge de la casa", "house edge"), "comisión": ("comissió", "commission"),
        "cobertura": ("assegurança", "insurance"), "jugada": ("jugada", "coup"), "pago": ("pagament", "payout"),
        "límites": ("límits", "limits"), "apuesta": ("aposta", "bet"), "quema": ("crema", "burn"),
    }
    for es, (ca, en) in expected.items():
        t = by_es[es]
        assert ca in as_list(t["ca"]) and en in as_list(t["en"]), t["id"]


@pytest.mark.parametrize("term", TERMS, ids=[t["id"] for t in TERMS])
def test_every_term_has_its_three_languages_and_a_quote_with_a_line(term):
    from tools.glossary.seeds import quote_line

    assert all(as_list(term[lang]) for lang in ("es", "ca", "en"))
    for src in [term["source"], *term.get("also", [])]:
        assert quote_line(src["seed"], src["quote"]), (term["id"], src["quote"])


@pytest.mark.parametrize("term", TERMS, ids=[t["id"] for t in TERMS])
def test_quotes_occur_verbatim_in_their_seed(term):
    for src in [term["source"], *term.get("also", [])]:
        seed = norm((SEEDS / f"{src['seed']}.txt").read_text(encoding="utf-8"))
        assert norm(src["quote"]) in seed, f"{term['id']}: not in seed {src['seed']}: {src['quote']!r}"


def test_quote_check_is_not_vacuous():
    seed = norm((SEEDS / "000_6fbc167177f337b1.txt").read_text(encoding="utf-8"))
    assert norm("El punto y banca es un juego\n de cartas") in seed
    assert norm("El punto y banca es un juego de naipes") not in seed
