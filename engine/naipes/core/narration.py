"""Narration: every event as a sentence in es, ca or en, and the words for cards, rules and the shoe.

`narrate` dispatches on the event's type (`functools.singledispatch`): each
game's narration module registers one function per event class it defines,
so a new kind of step never touches this module.

Examples:
    >>> from naipes.core.cards import Card, SPANISH
    >>> card_with_article(Card("A", "h"), "ca"), card_with_article(Card("1", "o", SPANISH), "en")
    ('l’as de cors', 'the ace of coins')
"""

from __future__ import annotations

from fractions import Fraction
from functools import singledispatch
from typing import Iterable

from .cards import FRENCH, Card
from .errors import Plural
from .formatting import number_set
from .i18n import NC_, N_, translate, translate_in_context, translate_plural
from .model import Event, Rule, Words
from .shoe import BurnResult, burn_value

FRENCH_RANK_NAMES = {
    "A": N_("ace"), "2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"),
    "6": N_("six"), "7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "T": N_("ten"),
    "J": N_("jack"), "Q": N_("queen"), "K": N_("king"),
}
FRENCH_SUIT_NAMES = {"s": N_("spades"), "h": N_("hearts"), "d": N_("diamonds"), "c": N_("clubs")}
#: A French card with its definite article, for sentences; the article depends on the rank
#: (Spanish "la reina", Catalan "l'as"), so each rank is its own message.
FRENCH_WITH_ARTICLE = {
    "A": N_("the ace of {suit}"), "2": N_("the two of {suit}"), "3": N_("the three of {suit}"),
    "4": N_("the four of {suit}"), "5": N_("the five of {suit}"), "6": N_("the six of {suit}"),
    "7": N_("the seven of {suit}"), "8": N_("the eight of {suit}"), "9": N_("the nine of {suit}"),
    "T": N_("the ten of {suit}"), "J": N_("the jack of {suit}"), "Q": N_("the queen of {suit}"),
    "K": N_("the king of {suit}"),
}
#: A Spanish-deck card with its definite article; `{of_suit}` is one of `SPANISH_OF_SUIT`.
SPANISH_WITH_ARTICLE = {
    "1": N_("the ace {of_suit}"), "2": N_("the two {of_suit}"), "3": N_("the three {of_suit}"),
    "4": N_("the four {of_suit}"), "5": N_("the five {of_suit}"), "6": N_("the six {of_suit}"),
    "7": N_("the seven {of_suit}"), "S": N_("the jack {of_suit}"), "C": N_("the knight {of_suit}"),
    "R": N_("the king {of_suit}"),
}
#: The grammatical gender of each card's name (its msgid, in this context, is translated "feminine" or
#: "masculine": Spanish and Catalan "la reina", "la sota", but "el rei", "l'as"); a context is a literal string
#: for the extractor, hence written out in each entry.
GENDER = "grammatical gender of the card's name"
FRENCH_GENDER = {
    "A": NC_("grammatical gender of the card's name", "the ace of {suit}"),
    "2": NC_("grammatical gender of the card's name", "the two of {suit}"),
    "3": NC_("grammatical gender of the card's name", "the three of {suit}"),
    "4": NC_("grammatical gender of the card's name", "the four of {suit}"),
    "5": NC_("grammatical gender of the card's name", "the five of {suit}"),
    "6": NC_("grammatical gender of the card's name", "the six of {suit}"),
    "7": NC_("grammatical gender of the card's name", "the seven of {suit}"),
    "8": NC_("grammatical gender of the card's name", "the eight of {suit}"),
    "9": NC_("grammatical gender of the card's name", "the nine of {suit}"),
    "T": NC_("grammatical gender of the card's name", "the ten of {suit}"),
    "J": NC_("grammatical gender of the card's name", "the jack of {suit}"),
    "Q": NC_("grammatical gender of the card's name", "the queen of {suit}"),
    "K": NC_("grammatical gender of the card's name", "the king of {suit}"),
}
SPANISH_GENDER = {
    "1": NC_("grammatical gender of the card's name", "the ace {of_suit}"),
    "2": NC_("grammatical gender of the card's name", "the two {of_suit}"),
    "3": NC_("grammatical gender of the card's name", "the three {of_suit}"),
    "4": NC_("grammatical gender of the card's name", "the four {of_suit}"),
    "5": NC_("grammatical gender of the card's name", "the five {of_suit}"),
    "6": NC_("grammatical gender of the card's name", "the six {of_suit}"),
    "7": NC_("grammatical gender of the card's name", "the seven {of_suit}"),
    "S": NC_("grammatical gender of the card's name", "the jack {of_suit}"),
    "C": NC_("grammatical gender of the card's name", "the knight {of_suit}"),
    "R": NC_("grammatical gender of the card's name", "the king {of_suit}"),
}
FEMININE, MASCULINE = "feminine", "masculine"
#: The context of a sentence's feminine form, when its words agree with the card it names (the msgid's own
#: translation is the masculine form).
FEMININE_CARD = "said of a card whose name is feminine"
#: The sentences whose words agree with the card they name ("destapat" / "destapada").
AGREEING = (
    NC_("said of a card whose name is feminine", "Player {seat} receives {card}, face up."),
    NC_("said of a card whose name is feminine", "Player {seat} receives {card}, face down."),
    NC_("said of a card whose name is feminine", "Player receives {card}, face up."),
    NC_("said of a card whose name is feminine", "{hand} receives {card}, face up."),
    NC_("said of a card whose name is feminine", "The bank receives {card}, face up."),
)

#: The suits of the Spanish deck with their preposition (Catalan elides it: "d’ors", "d’espases").
SPANISH_OF_SUIT = {"o": N_("of coins"), "c": N_("of cups"), "e": N_("of swords"), "b": N_("of clubs")}


@singledispatch
def narrate(event: Event, lang: str) -> str:
    """One sentence for one event, in `lang`.

    Raises:
        TypeError: no narration is registered for the event's type (a bug, not bad input).
    """
    raise TypeError(f"no narration for {type(event).__name__}")


def narrate_all(events: Iterable[Event], lang: str) -> list[str]:
    """Every event as a sentence, in order."""
    return [narrate(event, lang) for event in events]


def card_name(card: Card, lang: str) -> str:
    """A card in words without article, for screen readers: "reina de corazones".

    Examples:
        >>> card_name(Card("Q", "h"), "es"), card_name(Card("7", "c"), "ca")
        ('reina de corazones', 'set de trèvols')
    """
    if card.deck == FRENCH:
        return translate(N_("{rank} of {suit}"), lang).format(rank=translate(FRENCH_RANK_NAMES[card.rank], lang),
                                                             suit=translate(FRENCH_SUIT_NAMES[card.suit], lang))
    return card_with_article(card, lang)


def card_with_article(card: Card, lang: str) -> str:
    """A card in words with its article, to put in a sentence.

    Examples:
        >>> card_with_article(Card("Q", "s"), "es"), card_with_article(Card("C", "e", "spanish"), "en")
        ('la reina de picas', 'the knight of swords')
    """
    if card.deck == FRENCH:
        return translate(FRENCH_WITH_ARTICLE[card.rank], lang).format(
            suit=translate(FRENCH_SUIT_NAMES[card.suit], lang))
    return translate(SPANISH_WITH_ARTICLE[card.rank], lang).format(
        of_suit=translate(SPANISH_OF_SUIT[card.suit], lang))


def card_gender(card: Card, lang: str) -> str:
    """The grammatical gender of the card's name in `lang`: `feminine` or `masculine` (English: masculine).

    Examples:
        >>> card_gender(Card("Q", "s"), "ca"), card_gender(Card("A", "s"), "ca"), card_gender(Card("Q", "s"), "en")
        ('feminine', 'masculine', 'masculine')
    """
    msgid = (FRENCH_GENDER if card.deck == FRENCH else SPANISH_GENDER)[card.rank]
    return FEMININE if translate_in_context(GENDER, msgid, lang) == FEMININE else MASCULINE


def agreeing(message: str, card: Card, lang: str) -> str:
    """`message` (one of `AGREEING`) in `lang`, its words agreeing with the gender of the card's name.

    Examples:
        >>> agreeing("The bank receives {card}, face up.", Card("K", "d"), "ca")
        'La banca rep {card}, destapat.'
        >>> agreeing("The bank receives {card}, face up.", Card("Q", "d"), "ca")
        'La banca rep {card}, destapada.'
    """
    if card_gender(card, lang) == FEMININE:
        return translate_in_context(FEMININE_CARD, message, lang)
    return translate(message, lang)


def rule_text(rule: Rule, lang: str) -> str:
    """A rule as words in `lang`, naming its source: "the punto draws on 0 to 5; source 004".

    Sets of totals in the rule's parameters are written with `number_set`; a `Words` parameter is translated.

    Examples:
        >>> rule_text(Rule(N_("the punto draws on {totals}"), (("totals", frozenset(range(6))),), "004"), "en")
        'the punto draws on 0 to 5; source 004'
        >>> from naipes.core.errors import plural
        >>> once = plural("the first {count} card is burned", "the first {count} cards are burned", "count")
        >>> rule_text(Rule(once, (("count", 1),)), "en"), rule_text(Rule(once, (("count", 5),)), "en")
        ('the first 1 card is burned', 'the first 5 cards are burned')
    """
    params = {name: number_set(value, lang) if isinstance(value, (set, frozenset))
              else translate(value, lang) if isinstance(value, Words) else value
              for name, value in rule.params}
    if isinstance(rule.text, Plural):  # the form the count shows (a whole number, or a plural for any other)
        count = dict(rule.params).get(rule.text.count)
        number = int(count) if isinstance(count, (int, Fraction)) and count == int(count) else 2
        text = translate_plural(rule.text.singular, rule.text.plural, number, lang).format(**params)
    else:
        text = translate(rule.text, lang).format(**params)
    if rule.source is not None:
        text += "; " + translate(N_("source {number}"), lang).format(number=rule.source)
    if rule.interpretation:
        text += "; " + translate(N_("interpretation"), lang)
    return text


def with_rule(sentence: str, rule: Rule | None, lang: str) -> str:
    """`sentence` (ending in a full stop) with the rule that applied in brackets before the stop.

    Examples:
        >>> with_rule("Player has 5: draws.", Rule("the punto draws on {totals}", (("totals", {5}),)), "en")
        'Player has 5: draws (the punto draws on 5).'
    """
    if rule is None:
        return sentence
    body = sentence[:-1] if sentence.endswith(".") else sentence
    return f"{body} ({rule_text(rule, lang)})."


def burn_text(result: BurnResult, lang: str) -> str:
    """What the burn procedure did, or an empty string when nothing was burned."""
    if result.turned is None:
        if not result.burned:
            return ""
        n = len(result.burned)
        return translate_plural("The croupier burns {count} card.", "The croupier burns {count} cards.",
                                n, lang).format(count=n)
    n = len(result.burned)
    return translate_plural("The croupier turns {card}, worth {value} for the burn: {count} card goes "
                            "to the basket.",
                            "The croupier turns {card}, worth {value} for the burn: {count} cards go "
                            "to the basket.", n, lang).format(
        card=card_with_article(result.turned, lang), value=burn_value(result.turned), count=n)


def stop_card_text(lang: str) -> str:
    """The announcement that the stop card has come out."""
    return translate(N_("The stop card has come out: this coup is the last of the shoe."), lang)
