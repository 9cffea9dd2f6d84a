"""Nothing lost: every word of seed 000's glossary lines is accounted for.

The seed's lines 1-58 (glossary 1-52, unrelated web text 52-58) are tokenised
into words (NFKD, diacritics and case folded, punctuation dropped). Each
phrasebook entry and each reject is attributed to a seed line (``seed_line``;
an entry may spill onto the next line, when its English and Spanish halves
are split by a line break). Every piece of text taken from the seed must occur
there as a *contiguous run of words, in order*, and:

* text pieces (entry ``en``, rendering ``text``, reject ``text``) claim their
  run: a word occurrence can be claimed only once;
* label pieces (rendering ``note``, ``source``, each region, or the verbatim
  ``region_label`` when the normalised region differs from the seed's label)
  claim an unclaimed run if there is one, else may reuse a claimed one
  (a ``[Proz]`` label or a region list applies to several renderings).

Finally every word occurrence of lines 1-58 must be claimed: dropping an entry,
a rendering, a note or a reject makes this test fail and name the lost words.
"""

from __future__ import annotations


import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from tools.glossary.seeds import seed_path

ROOT = Path(__file__).resolve().parents[2]
SEED = seed_path()
LAST_LINE = 58



def tokens(text: str) -> list[str]:
    """Words of *text*, case- and diacritic-folded: ``"¿Qué?"`` -> ``["que"]``."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    return re.findall(r"[^\W_]+", text)


def _pieces(entry: dict) -> tuple[list[str], list[str]]:
    texts = [entry["en"]] if entry["en"] else []
    labels: list[str] = []
    for r in entry["es"]:
        texts.append(r["text"])
        labels += [x for x in (r["note"], r["source"]) if x]
        if r.get("region_label"):
            labels.append(r["region_label"])
        else:
            labels += r["regions"]
    return texts, labels


class Ledger:
    """Seed words of lines 1..LAST_LINE with who claimed each occurrence."""

    def __init__(self, lines: list[str]):
        self.words: list[str] = []
        self.line_of: list[int] = []
        for n, line in enumerate(lines[:LAST_LINE], start=1):
            for w in tokens(line):
                self.words.append(w)
                self.line_of.append(n)
        self.claimed: list[str | None] = [None] * len(self.words)

    def _runs(self, toks: list[str], first: int, last: int):
        n = len(toks)
        for i in range(len(self.words) - n + 1):
            if first <= self.line_of[i] and self.line_of[i + n - 1] <= last and self.words[i:i + n] == toks:
                yield i

    def claim(self, piece: str, first: int, last: int, who: str, label: bool) -> str | None:
        """Claim *piece* in lines first..last; return an error message or None."""
        toks = tokens(piece)
        if not toks:
            return None
        runs = list(self._runs(toks, first, last))
        free = [i for i in runs if all(c is None for c in self.claimed[i:i + len(toks)])]
        if free:
            for j in range(free[0], free[0] + len(toks)):
                self.claimed[j] = who
            return None
        if label and runs:
            return None
        if runs:
            return f"{who}: {piece!r} is in seed lines {first}-{last} but already claimed"
        return f"{who}: {piece!r} does not occur in seed lines {first}-{last}"

    def unclaimed(self) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        for i, c in enumerate(self.claimed):
            if c is None:
                if out and out[-1][0] == self.line_of[i] and self.claimed[i - 1] is None:
                    out[-1] = (out[-1][0], out[-1][1] + " " + self.words[i])
                else:
                    out.append((self.line_of[i], self.words[i]))
        return out


def account(seed_lines: list[str], entries: list[dict], rejects: list[dict]) -> list[str]:
    """All accounting errors (empty list when nothing is lost or invented)."""
    ledger = Ledger(seed_lines)
    jobs = []  # (is_label, -length, piece, first, last, who)
    for e in entries:
        texts, labels = _pieces(e)
        span = (e["seed_line"], e["seed_line"] + 1)
        jobs += [(False, -len(tokens(t)), t, *span, e["id"]) for t in texts]
        jobs += [(True, -len(tokens(t)), t, *span, e["id"]) for t in labels]
    for k, r in enumerate(rejects):
        jobs.append((False, -len(tokens(r["text"])), r["text"], r["seed_line"], r["seed_line"], f"reject #{k}"))
    errors = []
    for is_label, _, piece, first, last, who in sorted(jobs, key=lambda j: (j[0], j[1])):
        err = ledger.claim(piece, first, last, who, is_label)
        if err:
            errors.append(err)
    errors += [f"seed line {n}: {words!r} is in no entry and no reject" for n, words in ledger.unclaimed()]
    return errors


@pytest.fixture(scope="module")
def seed_lines() -> list[str]:
    return SEED.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def entries() -> list[dict]:
    return yaml.safe_load((ROOT / "data/phrasebook.yaml").read_text(encoding="utf-8"))["entries"]


@pytest.fixture(scope="module")
def rejects() -> list[dict]:
    return yaml.safe_load((ROOT / "data/phrasebook-rejects.yaml").read_text(encoding="utf-8"))["rejects"]


def test_every_seed_word_is_accounted_for(seed_lines, entries, rejects):
    errors = account(seed_lines, entries, rejects)
    assert not errors, "\n".join(errors)


def test_web_text_is_rejected_as_not_glossary(rejects):
    lines = {r["seed_line"] for r in rejects if r["reason"] == "not glossary"}
    assert lines == set(range(52, LAST_LINE + 1))


def test_entries_stay_in_the_glossary_lines(entries):
    assert all(1 <= e["seed_line"] <= 52 for e in entries)


def test_dropping_any_entry_is_detected(seed_lines, entries, rejects):
    for k in range(0, len(entries), 7):
        kept = entries[:k] + entries[k + 1:]
        assert account(seed_lines, kept, rejects), f"dropping {entries[k]['id']} went unnoticed"


def test_dropping_a_rendering_or_reject_is_detected(seed_lines, entries, rejects):
    victim = next(e for e in entries if len(e["es"]) > 2)
    trimmed = [dict(e, es=e["es"][:-1]) if e is victim else e for e in entries]
    assert account(seed_lines, trimmed, rejects)
    assert account(seed_lines, entries, rejects[1:])


def test_invented_text_is_detected(seed_lines, entries, rejects):
    e = dict(entries[5], es=entries[5]["es"] + [{"text": "frase inventada", "regions": [], "source": None, "note": None}])
    assert account(seed_lines, entries[:5] + [e] + entries[6:], rejects)


def test_tokens_fold_case_accents_and_punctuation():
    assert tokens("¿Qué fue primero?  MÁS, won´t") == ["que", "fue", "primero", "mas", "won", "t"]
