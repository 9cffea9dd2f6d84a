"""Rows shared by the baccarat family's rules descriptions (the comparison tables are generated from them).

Examples:
    >>> plain_number(Fraction(19, 20), "es"), plain_number(8, "en")
    ('0,95', '8')
"""

from __future__ import annotations

from fractions import Fraction

from ...core.formatting import decimal
from ...core.i18n import N_, translate
from ...core.model import Property
from ...core.shoe import BURN_BY_TURNED_CARD, BURN_FIXED, BURN_NONE

BURN_NAMES = {BURN_NONE: N_("no burn"), BURN_FIXED: N_("fixed"),
              BURN_BY_TURNED_CARD: N_("the turned card and as many cards as its value")}


def plain_number(value: Fraction | int, lang: str) -> str:
    """A number without needless decimals: `8`, `0,95`, `0,9`."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return decimal(value, lang, 4).rstrip("0").rstrip(",.")


def shoe_properties(rules, lang: str) -> list[Property]:
    """The rows every game of the family has: sources, decks, stop card, burn."""
    none = translate(N_("not set"), lang)
    return [
        Property("source", N_("Source"), ", ".join(rules.sources)),
        Property("decks", N_("Decks"), str(rules.decks)),
        Property("stop-card", N_("Cards below the stop card"),
                 str(rules.stop_card.cards_below) if rules.stop_card else none),
        Property("burn", N_("Burn"), translate(BURN_NAMES[rules.burn.kind], lang)),
    ]


def payout_text(rules, lang: str) -> str:
    """The Punto, Banca and tie payouts of a Punto y Banca-like preset."""
    return translate(N_("Punto {player} to 1, Banca {banker} to 1, tie {tie} to 1"), lang).format(
        player=plain_number(rules.player_pays, lang), banker=plain_number(rules.banker_pays, lang),
        tie=rules.tie_pays)
