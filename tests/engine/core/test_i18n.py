"""Catalogs complete and in sync; locale formatting agrees with Babel's CLDR data."""

import io
from fractions import Fraction
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from naipes.core.formatting import decimal, percent
from naipes.core.i18n import LOCALE_DIR, translate

ROOT = Path(__file__).resolve().parents[3]


def catalog(lang):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / "naipes.po", "rb") as f:
        return read_po(f, locale=lang)


def template():
    with open(ROOT / "locales" / "naipes.pot", "rb") as f:
        return read_po(f)


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_catalogs_are_complete_without_fuzzy_entries(lang):
    cat = catalog(lang)
    ids = {m.id for m in template() if m.id}
    translated = {m.id for m in cat if m.id and not m.fuzzy
                  and (all(m.string) if isinstance(m.string, tuple) else m.string)}
    assert ids <= translated, sorted(map(str, ids - translated))[:5]
    assert not cat.fuzzy


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_plural_forms_header_is_the_one_babel_derives_from_cldr(lang):
    from babel.messages.plurals import get_plural
    from naipes.core.i18n import translate_plural
    expected = get_plural(lang)
    assert catalog(lang).plural_forms == f"nplurals={expected.num_plurals}; plural={expected.plural_expr};"
    singular = translate_plural("The croupier burns {count} card.", "The croupier burns {count} cards.", 1, lang)
    plural = translate_plural("The croupier burns {count} card.", "The croupier burns {count} cards.", 3, lang)
    assert singular != plural


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_placeholders_survive_translation(lang):
    import re
    from naipes.core.narration import FEMININE, GENDER, MASCULINE
    for message in catalog(lang):
        if not message.id:
            continue
        if message.context == GENDER:  # a card name's gender is a word, not the name
            assert message.string in (FEMININE, MASCULINE), message.id
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(re.findall(r"\{\w+\}", ids[-1]))
        for string in strings:
            assert set(re.findall(r"\{\w+\}", string)) == wanted, (message.id, string)


def test_template_is_in_sync_with_the_sources():
    from tools_i18n import extract_to
    fresh = extract_to()
    assert {m.id for m in fresh if m.id} == {m.id for m in template() if m.id}, \
        "run: python tools/i18n.py extract && python tools/i18n.py update"


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_shipped_mo_files_are_compiled_from_the_po_files(lang):
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang), use_fuzzy=False)
    shipped = (Path(LOCALE_DIR) / lang / "LC_MESSAGES" / "naipes.mo").read_bytes()
    assert shipped == buffer.getvalue(), "run: python tools/i18n.py compile"


def test_narration_examples_of_the_issue():
    assert translate("Player has {total}: draws.", "es").format(total=5) == "El punto tiene 5: pide carta."
    assert translate("Player has {total}: draws.", "ca").format(total=5) == "El punt té 5: demana carta."
    assert translate("Player has {total}: draws.", "en").format(total=5) == "Player has 5: draws."


def _decimal(value):
    from decimal import Decimal
    value = Fraction(value)
    return Decimal(value.numerator) / Decimal(value.denominator)


def _cldr_pattern_with_decimals(pattern, digits):
    """The locale's CLDR pattern with a fixed number of decimals: '#,##0 %' -> '#,##0.00 %'."""
    import re
    return re.sub(r"0(\.[0#]+)?", "0." + "0" * digits, pattern.split(";")[0], count=1)


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
@pytest.mark.parametrize("value", [Fraction(10579, 1000000), Fraction(1, 3), Fraction(143596, 1000000), Fraction(0)])
def test_percent_matches_babel(lang, value):
    pattern = _cldr_pattern_with_decimals(Locale.parse(lang).percent_formats[None].pattern, 2)
    assert percent(value, lang, 2) == format_percent(_decimal(value), format=pattern, locale=lang)


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
@pytest.mark.parametrize("value", [Fraction(1, 3), 1234, 12345, Fraction(1234567, 10)])
def test_decimal_matches_babel(lang, value):
    pattern = _cldr_pattern_with_decimals(Locale.parse(lang).decimal_formats[None].pattern, 1)
    assert decimal(value, lang, 1) == format_decimal(_decimal(value), format=pattern, locale=lang)
