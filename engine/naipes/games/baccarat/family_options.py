"""The options every game of the baccarat family declares (the stop card and the burn), and their readers.

The sources place the stop card with 6, 7 or 10 cards below it, or say nothing about it, and describe the
burn by the turned card's value without saying whether the turned card is one of the cards burned: both are
the reader's to change (`--stop-card`, `--burn`), declared here once for the family's rules classes.

Examples:
    >>> STOP_CARD.read("7"), STOP_CARD.read("none"), STOP_CARD.show(StopCard(10))
    (StopCard(cards_below=7), None, '10')
    >>> BURN.read("turned-card-counted").turned_card_included, BURN.show(Burn(BURN_NONE))
    (True, 'none')
"""

from __future__ import annotations


from ...core.errors import RulesError, shorten
from ...core.i18n import N_
from ...core.options import Option, one_of, whole
from ...core.shoe import BURN_BY_TURNED_CARD, BURN_NONE, Burn, StopCard

#: The most cards a stop card may leave below it: half a deck, so that even a one-deck shoe deals coups.
MOST_BELOW = 26
#: "No stop card": the shoe is dealt to its end.
NO_STOP_CARD = "none"
#: The burns a reader may choose, as typed: none; the turned card, then as many cards as its value (the
#: engine's reading of the sources); the turned card counted as the first of those cards.
BURNS = {
    "none": Burn(BURN_NONE),
    "turned-card": Burn(BURN_BY_TURNED_CARD),
    "turned-card-counted": Burn(BURN_BY_TURNED_CARD, turned_card_included=True),
}


def read_stop_card(value: object) -> StopCard | None:
    """`--stop-card 7`: the cards left below the stop card, 0 to 26, or `none` (no stop card).

    Raises:
        RulesError: anything else.

    Examples:
        >>> read_stop_card(" 6 ")
        StopCard(cards_below=6)
        >>> read_stop_card("27")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: The stop card takes none or a whole number of cards below it from 0 to 26, not '27'.
    """
    if value is None or isinstance(value, StopCard):
        return value
    text = str(value).strip()
    if text.lower() == NO_STOP_CARD:
        return None
    try:
        return StopCard(whole(text, "--stop-card", 0, MOST_BELOW))
    except RulesError:
        raise RulesError("The stop card takes none or a whole number of cards below it from 0 to {most}, "
                         "not {value!r}.", most=MOST_BELOW, value=shorten(text)) from None


def stop_card_text(value: object) -> str:
    """A stop card as typed: its cards below, or `none`."""
    return str(value.cards_below) if isinstance(value, StopCard) else NO_STOP_CARD


def read_burn(value: object) -> Burn:
    """`--burn none|turned-card|turned-card-counted`.

    Raises:
        RulesError: another value.

    Examples:
        >>> read_burn("Turned-Card") == Burn(BURN_BY_TURNED_CARD)
        True
        >>> read_burn("3")
        Traceback (most recent call last):
        ...
        naipes.core.errors.RulesError: --burn must be one of none, turned-card, turned-card-counted, not '3'.
    """
    if isinstance(value, Burn):
        return value
    return BURNS[one_of(value, tuple(BURNS), "--burn")]


def burn_text(value: object) -> str:
    """A burn as typed (`turned-card`); a fixed burn, which no source of the family has, by its kind."""
    return next((text for text, burn in BURNS.items() if burn == value), getattr(value, "kind", str(value)))


#: Where the stop card goes (`stop_card`).
STOP_CARD = Option("stop_card", "stop_card", read_stop_card,
                   N_("the cards left below the stop card, 0 to 26, or none (the shoe is dealt to its end)"),
                   N_("Cards below the stop card"), show=stop_card_text,
                   names=((NO_STOP_CARD, N_("no stop card: the shoe is dealt to its end")),))
#: How the cards are burned before the first coup (`burn`).
BURN = Option("burn", "burn", read_burn,
              N_("the burn before the first coup: none, turned-card (the turned card, then as many cards as its "
                 "value) or turned-card-counted (the turned card is the first of them)"),
              N_("Burn"), tuple(BURNS), show=burn_text,
              names=(("none", N_("no card burned")),
                     ("turned-card", N_("the turned card, then as many as its value")),
                     ("turned-card-counted", N_("as many as the turned card's value, the turned card the first"))))
