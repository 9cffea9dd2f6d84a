"""Playing cards as cards: the one component every widget shows a card or a hand with.

A card is a `<span role="img">` named in words for screen readers ("siete de
copas"). Its face shows the rank as printed in the corner of a real card and
the suit: French suits as their symbols, hearts and diamonds red; Spanish
suits as the pictures the stylesheet draws for each (gold coins, red cups,
blue swords, green clubs, the colours of a Spanish deck). A card the reader
may not see is a back the stylesheet draws; the reader's own face-down card
shows its face with a "face down" band.

The markup only names things (classes, the card's notation in
`data-naipes-card`); `docs/assets/naipes/naipes.css` draws them.

Examples:
    >>> from naipes.core.cards import SPANISH
    >>> card_label(Card("7", "c", SPANISH), "es"), card_label(Card("7", "c", SPANISH), "ca")
    ('siete de copas', 'set de copes')
    >>> card_label(Card("C", "o", SPANISH), "en"), card_label(Card("Q", "h"), "es")
    ('knight of coins', 'reina de corazones')
    >>> rank_index(Card("T", "d"), "en"), rank_index(Card("S", "b", SPANISH), "es")
    ('10', 'S')
"""

from __future__ import annotations

from typing import Collection, Sequence

from .escaping import escape
from ..core.cards import FRENCH, FRENCH_SUIT_SYMBOLS, Card
from ..core.i18n import N_, translate
from ..core.narration import SPANISH_OF_SUIT, card_name

#: A Spanish-deck card in words without article, for its accessible name; `{of_suit}` is one of
#: `naipes.core.narration.SPANISH_OF_SUIT` ("de copas", Catalan "d’ors").
SPANISH_NAMES = {
    "1": N_("ace {of_suit}"), "2": N_("two {of_suit}"), "3": N_("three {of_suit}"), "4": N_("four {of_suit}"),
    "5": N_("five {of_suit}"), "6": N_("six {of_suit}"), "7": N_("seven {of_suit}"), "S": N_("jack {of_suit}"),
    "C": N_("knight {of_suit}"), "R": N_("king {of_suit}"),
}
#: The corner index of a Spanish figure, in the reader's language.
SPANISH_FIGURE_INDEX = {
    # TRANSLATORS: the letter printed on a Spanish-deck sota (jack) card; Spanish and Catalan "S".
    "S": N_("J"),
    # TRANSLATORS: the letters printed on a Spanish-deck caballo (knight) card; Spanish "C", Catalan "C".
    "C": N_("Kn"),
    # TRANSLATORS: the letter printed on a Spanish-deck rey (king) card; Spanish and Catalan "R".
    "R": N_("K"),
}
#: The class that colours a suit: red or black for the French deck, the deck's own colour for the Spanish one.
SUIT_CLASSES = {
    FRENCH: {"s": "naipes-black", "h": "naipes-red", "d": "naipes-red", "c": "naipes-black"},
    "spanish": {"o": "naipes-oros", "c": "naipes-copas", "e": "naipes-espadas", "b": "naipes-bastos"},
}
#: Where an empty hand's cards will go: a card-sized outline.
EMPTY_SLOT = '<span class="naipes-empty"></span>'
#: Asks for the text form of a suit symbol, so that no system draws it as an emoji.
_TEXT_FORM = "\ufe0e"


def card_label(playing_card: Card, lang: str) -> str:
    """A card in words, without article: its accessible name ("siete de copas", "queen of hearts")."""
    if playing_card.deck == FRENCH:
        return card_name(playing_card, lang)
    return translate(SPANISH_NAMES[playing_card.rank], lang).format(
        of_suit=translate(SPANISH_OF_SUIT[playing_card.suit], lang))


def rank_index(playing_card: Card, lang: str) -> str:
    """The rank as a card prints it in its corner: `A`, `10`, `Q`; Spanish figures as the reader's letter."""
    if playing_card.rank == "T":
        return "10"
    if playing_card.rank in SPANISH_FIGURE_INDEX and playing_card.deck != FRENCH:
        return translate(SPANISH_FIGURE_INDEX[playing_card.rank], lang)
    return playing_card.rank


def card(playing_card: Card | None, lang: str, *, face_down: bool = False) -> str:
    """One card: rank and suit, coloured by suit, named in words; a back when `playing_card` is `None`.

    Args:
        playing_card: the card, or `None` for a card the reader may not see (a back).
        lang: the page's language (the accessible name, the "face down" band).
        face_down: the card lies face down but the reader may see it (their own hidden card).

    Examples:
        >>> card(None, "en")  # doctest: +NORMALIZE_WHITESPACE
        '<span class="naipes-card naipes-card-back" role="img" aria-label="a face-down card"
        title="a face-down card"></span>'
        >>> card(Card("T", "d"), "es")  # doctest: +NORMALIZE_WHITESPACE
        '<span class="naipes-card naipes-french naipes-red" role="img" aria-label="diez de diamantes"
        title="diez de diamantes" data-naipes-card="Td"><span class="naipes-card-rank">10</span><span
        class="naipes-card-suit">♦\\ufe0e</span></span>'
    """
    if playing_card is None:
        label = escape(translate(N_("a face-down card"), lang))
        return f'<span class="naipes-card naipes-card-back" role="img" aria-label="{label}" title="{label}"></span>'
    name = card_label(playing_card, lang)
    classes = f"naipes-card naipes-{playing_card.deck} {SUIT_CLASSES[playing_card.deck][playing_card.suit]}"
    suit = FRENCH_SUIT_SYMBOLS[playing_card.suit] + _TEXT_FORM if playing_card.deck == FRENCH else ""
    band = ""
    if face_down:
        mark = translate(N_("face down"), lang)
        name = f"{name} ({mark})"
        classes += " naipes-card-hidden"
        band = f'<small class="naipes-card-band">{escape(mark)}</small>'
    return (f'<span class="{classes}" role="img" aria-label="{escape(name)}" title="{escape(name)}" '
            f'data-naipes-card="{playing_card}"><span class="naipes-card-rank">'
            f'{escape(rank_index(playing_card, lang))}</span><span class="naipes-card-suit">{suit}</span>{band}</span>')


def cards(shown: Sequence[Card | None], lang: str, face_down: Collection[int] = ()) -> str:
    """A row of cards that wraps on a narrow screen (an empty row is an empty card-sized slot).

    Args:
        shown: the cards in order, `None` for a back.
        lang: the page's language.
        face_down: the positions of the cards that lie face down but that the reader may see.
    """
    faces = "".join(card(c, lang, face_down=i in face_down) for i, c in enumerate(shown))
    return f'<div class="naipes-cards">{faces or EMPTY_SLOT}</div>'


def hand(name: str, label: str, shown: Sequence[Card | None], lang: str, total_text: str = "", note_text: str = "",
         attributes: str = "", *, face_down: Collection[int] = (), details: str = "", current: bool = False) -> str:
    """One hand: its title and total, its cards (`None` for a back), then its details and a note.

    Args:
        name: the hand's id (`data-naipes-hand`; none when empty).
        label: its title, translated.
        shown: its cards, `None` for a back.
        lang: the page's language.
        total_text: its total, translated (empty while unknown).
        note_text: a result under the hand ("wins").
        attributes: more attributes of the hand's element, e.g. ` data-naipes-seat="0"`.
        face_down: positions of cards lying face down that the reader may see.
        details: a line about the hand (its bet, whose turn it is).
        current: the hand is the one playing now (`aria-current`, outlined).

    Examples:
        >>> html = hand("player", "Player", [Card("K", "s"), None], "en", "total 0", current=True)
        >>> html.count('role="img"'), 'aria-current="true"' in html, '<p class="naipes-total">total 0</p>' in html
        (2, True, True)
    """
    marker = (f' data-naipes-hand="{escape(name)}"' if name else "") + (' aria-current="true"' if current else "")
    extra = "".join(f'<p class="{kind}">{escape(text)}</p>' for kind, text in
                    (("naipes-seat-details", details), ("naipes-note", note_text)) if text)
    return (f'<div class="naipes-hand"{marker}{attributes}>'
            f'<p class="naipes-hand-title"><strong>{escape(label)}</strong></p>{cards(shown, lang, face_down)}'
            f'<p class="naipes-total">{escape(total_text)}</p>{extra}</div>')
