"""A message that counts something goes through ngettext when the count can be 1 (issue 24: "1 barajas").

Every msgid of the engine (the project's own extraction, with its `TRANSLATORS:` comments) is scanned for a count
placeholder: a `{name}` directly followed by a counted noun (`{n} cards`, `{decks} decks`, `{count} times`). Such
a msgid must be a plural entry (`core.errors.plural`, `core.i18n.translate_plural`: gettext's `ngettext`), or say
in the code, in a comment the translators see too, that the count is never 1 and why:

    # TRANSLATORS: {n} is never 1: it is MAX_COUPS, 60.

`PENDING` lists the places (a game's folder, or a module directly under `core/`, `web/` or `games/`) whose
messages are not checked yet; the integrator empties it as the branches whose owners fix their own are merged.
The test fails on a listed place that is already clean, so the list can only shrink.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

import naipes
from naipes.core.errors import ShoeError
from naipes.core.i18n import error_text, translate_plural
from tools_i18n import extract_to

ENGINE = Path(naipes.__file__).resolve().parent

#: The places whose counting messages are not checked yet (emptied by the integrator as branches merge).
PENDING: set[str] = set()

_NOUNS = ("cards?", "decks?", "players?", "coups?", "hands?", "points?", "box(?:es)?", "seats?", "deals?", "times",
          "stakes?", "chips?", "rounds?", "packs?", "digits?", "characters?", "shoes?", "rows?")
#: A placeholder (with an optional conversion or format) followed by a counted noun, perhaps after one adjective.
COUNT = re.compile(r"\{(\w+)(?:![rsa])?(?::[^}]*)?\} (?:(?:community|other|whole|more) )?(?:%s)\b" % "|".join(_NOUNS))
NEVER_ONE = re.compile(r"TRANSLATORS: (?P<names>(?:\{\w+\}(?:, | and )?)+) (?:is|are) never 1: (?P<reason>\S.*)")


def counts(message: str) -> set[str]:
    """The placeholders of `message` that count a noun.

    Examples:
        >>> sorted(counts("{row} reaches {total} with {count} cards; {n} community cards, {seat} bets"))
        ['count', 'n']
        >>> counts("Deal {n} hand"), counts("{deck}-card deck, {value} per unit")
        ({'n'}, set())
    """
    return set(COUNT.findall(message))


def never_one(comments: list[str]) -> set[str]:
    """The placeholders the code's `TRANSLATORS:` comments say are never 1 (each with a reason).

    Examples:
        >>> sorted(never_one(["TRANSLATORS: {n} and {high} are never 1: one deck at least."]))
        ['high', 'n']
        >>> never_one(["TRANSLATORS: {n} is never 1:"]), never_one(["{n} is never 1: no tag"])
        (set(), set())
    """
    found: set[str] = set()
    for comment in comments:
        match = NEVER_ONE.fullmatch(comment.strip())
        if match:
            found |= set(re.findall(r"\{(\w+)\}", match["names"]))
    return found


def place(path: str) -> str:
    """What `PENDING` names for a source file of the extraction (`engine/naipes/games/poker/hands.py`)."""
    relative = Path(path).resolve().relative_to(ENGINE) if Path(path).is_absolute() else \
        Path(path).relative_to("engine/naipes")
    return relative.as_posix() if len(relative.parts) <= 2 else relative.parent.as_posix()


@lru_cache(maxsize=1)
def _catalog():
    return extract_to()


def offenders() -> dict[str, list[str]]:
    """Each place with a non-plural msgid whose count can be 1 as far as its code says."""
    found: dict[str, list[str]] = {}
    for message in _catalog():
        if not message.id or isinstance(message.id, (tuple, list)):
            continue
        unmarked = counts(message.id) - never_one(message.auto_comments)
        if unmarked:
            for path, line in message.locations:
                found.setdefault(place(path), []).append(f"{path}:{line}: {sorted(unmarked)} {message.id[:80]!r}")
    return found


def test_every_count_that_can_be_1_goes_through_ngettext_outside_the_pending_places():
    new = {name: lines for name, lines in offenders().items() if name not in PENDING}
    assert not new, f"use core.errors.plural / translate_plural, or say why the count is never 1: {new}"


def test_a_pending_place_is_not_already_clean():
    clean = sorted(PENDING - set(offenders()))
    assert not clean, f"clean: remove {clean} from PENDING"


def test_the_pending_places_exist():
    # A loop rather than a parametrisation: an empty PENDING must not turn the test into a skip.
    assert all((ENGINE / name).exists() for name in PENDING), sorted(PENDING)


def test_the_plural_entries_of_the_extraction_hold_a_count():
    for message in _catalog():
        if isinstance(message.id, (tuple, list)):
            singular, plural_form = message.id[:2]
            assert re.search(r"\{\w+\}", singular) and re.search(r"\{\w+\}", plural_form), message.id


@pytest.mark.parametrize("lang, one, two", [
    ("en", "The stop card cannot have 1 card below it in a shoe of 0.", "The stop card cannot have 2 cards below"),
    ("es", "La carta de detención no puede tener 1 carta debajo en un sabot de 0.",
     "La carta de detención no puede tener 2 cartas debajo"),
    ("ca", "La carta de detenció no pot tenir 1 carta a sota en un distribuïdor de 0.",
     "La carta de detenció no pot tenir 2 cartes a sota")])
def test_a_count_of_1_reads_in_the_singular_in_every_language(lang, one, two):
    def message(below: int) -> str:
        from naipes.core.errors import plural
        return error_text(ShoeError(plural("The stop card cannot have {below} card below it in a shoe of {n}.",
                                           "The stop card cannot have {below} cards below it in a shoe of {n}.",
                                           "below"), below=below, n=0), lang)
    assert message(1) == one and message(2).startswith(two)
    coups = [translate_plural("Balance after {coups} coup: {balance}.", "Balance after {coups} coups: {balance}.", n,
                              lang).format(coups=n, balance="+5") for n in (1, 2)]
    assert coups[0] != coups[1] and coups[0].count("1") == 1
