"""Every step of a coup as a sentence in es, ca or en, naming the rule that applied.

>>> from naipes.punto_banca import Event
>>> narrate(Event("player-draws", {"total": 5}), "es")
'El punto tiene 5: pide carta.'
>>> narrate(Event("player-draws", {"total": 5}), "en")
'Player has 5: draws.'
"""

from __future__ import annotations

from .cards import FRENCH, Card
from .i18n import N_, translate, translate_plural
from .punto_banca import BANKER, PLAYER, TIE, Event
from .shoe import BurnResult

RANK_NAMES = {
    "A": N_("ace"), "2": N_("two"), "3": N_("three"), "4": N_("four"), "5": N_("five"),
    "6": N_("six"), "7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "T": N_("ten"),
    "J": N_("jack"), "Q": N_("queen"), "K": N_("king"),
}
SUIT_NAMES = {"s": N_("spades"), "h": N_("hearts"), "d": N_("diamonds"), "c": N_("clubs")}
#: A card with its definite article, for sentences; the article depends on the rank
#: (Spanish "la reina", Catalan "l'as"), so each rank is its own message.
RANK_WITH_ARTICLE = {
    "A": N_("the ace of {suit}"), "2": N_("the two of {suit}"), "3": N_("the three of {suit}"),
    "4": N_("the four of {suit}"), "5": N_("the five of {suit}"), "6": N_("the six of {suit}"),
    "7": N_("the seven of {suit}"), "8": N_("the eight of {suit}"), "9": N_("the nine of {suit}"),
    "T": N_("the ten of {suit}"), "J": N_("the jack of {suit}"), "Q": N_("the queen of {suit}"),
    "K": N_("the king of {suit}"),
}


def card_name(card: Card, lang: str) -> str:
    """A French card in words, for narration and screen readers.

    >>> card_name(Card("Q", "h"), "es"), card_name(Card("7", "c"), "ca")
    ('reina de corazones', 'set de trèvols')
    """
    if card.deck != FRENCH:
        return str(card)
    return translate(N_("{rank} of {suit}"), lang).format(rank=translate(RANK_NAMES[card.rank], lang),
                                                      suit=translate(SUIT_NAMES[card.suit], lang))


def card_with_article(card: Card, lang: str) -> str:
    """A French card in words with its article, to put in a sentence.

    >>> card_with_article(Card("A", "h"), "ca"), card_with_article(Card("Q", "s"), "es")
    ('l’as de cors', 'la reina de picas')
    """
    if card.deck != FRENCH:
        return str(card)
    return translate(RANK_WITH_ARTICLE[card.rank], lang).format(suit=translate(SUIT_NAMES[card.suit], lang))


def narrate(event: Event, lang: str) -> str:
    """One sentence for one event of a coup."""
    p = event.params
    kind = event.kind
    if kind == "deal":
        message = (N_("Player receives {card}: total {total}.") if p["hand"] == PLAYER
                   else N_("Banker receives {card}: total {total}."))
        return translate(message, lang).format(card=card_with_article(p["card"], lang), total=p["total"])
    if kind == "natural":
        if p["player"] >= 8 and p["banker"] >= 8:
            message = N_("Both hands have a natural (player {player}, banker {banker}): "
                         "the coup ends without a third card.")
        elif p["player"] >= 8:
            message = N_("Player has a natural {player}: the coup ends without a third card.")
        else:
            message = N_("Banker has a natural {banker}: the coup ends without a third card.")
        return translate(message, lang).format(**p)
    if kind == "player-draws":
        return translate(N_("Player has {total}: draws."), lang).format(**p)
    if kind == "player-stands":
        return translate(N_("Player has {total}: stands."), lang).format(**p)
    if kind in ("banker-draws", "banker-stands"):
        return banker_rule_text(p["total"], p["third"], kind == "banker-draws", lang)
    if kind == "result":
        return result_text(p["winner"], p["player"], p["banker"], lang)
    raise ValueError(f"no narration for event kind {kind!r}")


def banker_rule_text(total: int, third: int | None, draws: bool, lang: str) -> str:
    """Why the banca draws or stands in one cell of its table.

    >>> banker_rule_text(3, 8, False, "ca")
    'La banca té 3 i la tercera carta del punt és un 8: es planta (quadre de la banca).'
    """
    if third is None:
        message = (N_("Player stood and banker has {total}: draws (the banker draws on 0 to 5).") if draws
                   else N_("Player stood and banker has {total}: stands (the banker stands on 6 and 7)."))
    else:
        message = (N_("Banker has {total} and the player's third card is a {third}: draws (banker's table).")
                   if draws else
                   N_("Banker has {total} and the player's third card is a {third}: stands (banker's table)."))
    return translate(message, lang).format(total=total, third=third)


def result_text(winner: str, player: int, banker: int, lang: str, tie_pays: int | None = None) -> str:
    """The croupier's announcement of the winning hand.

    >>> result_text("banker", 2, 7, "es")
    'Gana la banca, 7 a 2.'
    """
    if winner == BANKER:
        return translate(N_("Banker wins, {banker} to {player}."), lang).format(banker=banker, player=player)
    if winner == PLAYER:
        return translate(N_("Player wins, {player} to {banker}."), lang).format(banker=banker, player=player)
    assert winner == TIE
    return translate(N_("Tie at {total}: bets on Player and Banker are returned."), lang).format(total=player)


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
        card=card_with_article(result.turned, lang), value=result.turned.burn_value, count=n)


def stop_card_text(lang: str) -> str:
    """The announcement that the stop card has come out."""
    return translate(N_("The stop card has come out: this coup is the last of the shoe."), lang)
