"""Pay tables: what a hand pays to one, by category, and how a table is shown and chosen by name.

The sources name the hands that pay but (except the special prize of source
002 §10.VII) print no table: the tables are options of the rules objects,
each with a name (`classic`) the command line (`--pay-table`) and the
widgets choose by.

Examples:
    >>> CARIBBEAN_CLASSIC.pays_for("straight"), CARIBBEAN_CLASSIC.pays_for("nothing")
    (Fraction(4, 1), None)
    >>> TRIJOKER_CLASSIC.summary()
    '1-2-3-5-8-11-50-200-1000'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from ...core.errors import SpecError
from ...core.i18n import N_
from ...core.options import Option
from .hands import (FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, PAIR, ROYAL_FLUSH, STRAIGHT, STRAIGHT_FLUSH,
                    THREE_OF_A_KIND, TWO_PAIR)


@dataclass(frozen=True)
class PayTable:
    """A named pay table: category key -> what it pays to one (the lowest paying category first).

    Examples:
        >>> PayTable("x", (("pair", Fraction(1)),)).pays_for("pair")
        Fraction(1, 1)
    """

    name: str
    pays: tuple[tuple[str, Fraction], ...]

    def pays_for(self, category: str) -> Fraction | None:
        """What `category` pays to one, or `None` when it pays nothing."""
        for key, value in self.pays:
            if key == category:
                return value
        return None

    def as_dict(self) -> dict[str, Fraction]:
        return dict(self.pays)

    def summary(self) -> str:
        """The payouts from the lowest to the highest hand, as tables are named (`1-1-2-3-...`)."""
        return "-".join(str(value) if Fraction(value).denominator == 1 else str(value) for _, value in self.pays)


def table(name: str, *pays: tuple[str, int]) -> PayTable:
    """A pay table from (category, to one) pairs."""
    return PayTable(name, tuple((category, Fraction(value)) for category, value in pays))


#: Caribbean Stud's usual second-bet table, from a winning high-card hand to the royal flush.
CARIBBEAN_CLASSIC = table("classic", (HIGH_CARD, 1), (PAIR, 1), (TWO_PAIR, 2), (THREE_OF_A_KIND, 3),
                          (STRAIGHT, 4), (FLUSH, 5), (FULL_HOUSE, 7), (FOUR_OF_A_KIND, 20),
                          (STRAIGHT_FLUSH, 50), (ROYAL_FLUSH, 100))
#: Let It Ride's usual table (Trijoker's paying pair is at least a pair of jacks).
TRIJOKER_CLASSIC = table("classic", (PAIR, 1), (TWO_PAIR, 2), (THREE_OF_A_KIND, 3), (STRAIGHT, 5), (FLUSH, 8),
                         (FULL_HOUSE, 11), (FOUR_OF_A_KIND, 50), (STRAIGHT_FLUSH, 200), (ROYAL_FLUSH, 1000))
#: The special prize of source 002 §10.VII: full house 100, four of a kind 300, straight flush 1,000, royal 2,000.
SPECIAL_PRIZE = table("cat-2016", (FULL_HOUSE, 100), (FOUR_OF_A_KIND, 300), (STRAIGHT_FLUSH, 1000),
                      (ROYAL_FLUSH, 2000))


def reader(tables: Mapping[str, object]):
    """The function that reads a pay table's name for a rules object's `OPTIONS` (`choose` on `tables`).

    Examples:
        >>> reader({"classic": CARIBBEAN_CLASSIC})("classic").name
        'classic'
    """
    def read(value: object):
        return choose(tables, value)
    read.__doc__ = "The pay table named `value` (one of " + ", ".join(tables) + ")."
    return read


def choose(tables: Mapping[str, PayTable], name: object) -> PayTable:
    """The table called `name`.

    Raises:
        SpecError: an unknown name (the message lists the tables).

    Examples:
        >>> choose({"classic": CARIBBEAN_CLASSIC}, "rich")
        Traceback (most recent call last):
        ...
        naipes.core.errors.SpecError: Unknown pay table 'rich': use one of classic.
    """
    if not isinstance(name, str) or name not in tables:
        raise SpecError("Unknown pay table {name!r}: use one of {names}.", name=str(name), names=", ".join(tables))
    return tables[name]


def pay_table_option(tables: Mapping[str, object]) -> Option:
    """The `--pay-table` option of a poker game's rules, offering the tables `tables` by name.

    Examples:
        >>> pay_table_option({"classic": CARIBBEAN_CLASSIC}).values
        ('classic',)
    """
    return Option("pay_table", "pay_table", reader(tables), N_("the pay table, by name (default: the preset's)"),
                  N_("Pay table"), tuple(tables), show=lambda table: str(getattr(table, "name", table)))
