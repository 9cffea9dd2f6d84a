"""Every step of a hand of Siete y medio as a sentence in es, ca or en.

Cards of the Spanish baraja are named with their article and suit, because
both change with the language: "el as de oros", "l’as d’ors", "the ace of
coins"; "la sota de espadas", "la sota d’espases", "the jack of swords".

>>> from naipes.cards import Card, SPANISH
>>> spanish_card(Card("1", "o", SPANISH), "en")
'the ace of coins'
>>> from naipes.punto_banca import Event
>>> narrate(Event("ask-face-up", {"seat": 1, "card": Card("S", "b", SPANISH), "total": 9}), "en")
'Player 2 asks for a card face up: the jack of clubs, 4½ in all.'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from .cards import SPANISH, Card, format_cards
from .formatting import decimal
from .i18n import N_, translate, translate_plural
from .punto_banca import Event
from .siete_y_medio_strategy import format_total

#: A Spanish-deck card with its definite article; ``{of_suit}`` is one of :data:`OF_SUIT`.
RANK_WITH_ARTICLE = {
    "1": N_("the ace {of_suit}"), "2": N_("the two {of_suit}"), "3": N_("the three {of_suit}"),
    "4": N_("the four {of_suit}"), "5": N_("the five {of_suit}"), "6": N_("the six {of_suit}"),
    "7": N_("the seven {of_suit}"), "S": N_("the jack {of_suit}"), "C": N_("the knight {of_suit}"),
    "R": N_("the king {of_suit}"),
}
#: The suits of the Spanish deck with their preposition (Catalan elides it: "d’ors", "d’espases").
OF_SUIT = {"o": N_("of coins"), "c": N_("of cups"), "e": N_("of swords"), "b": N_("of clubs")}


def spanish_card(card: Card, lang: str) -> str:
    """A Spanish-deck card in words with its article, to put in a sentence.

    >>> from naipes.cards import Card, SPANISH
    >>> spanish_card(Card("C", "e", SPANISH), "en")
    'the knight of swords'
    """
    if card.deck != SPANISH:
        return str(card)
    return translate(RANK_WITH_ARTICLE[card.rank], lang).format(of_suit=translate(OF_SUIT[card.suit], lang))


def points_text(n: int, lang: str) -> str:
    """A number of points: "1 point", "3 points" (plural forms per language).

    >>> points_text(1, "en"), points_text(3, "en")
    ('1 point', '3 points')
    """
    return translate_plural("{count} point", "{count} points", abs(n), lang).format(count=abs(n))


def signed(value: Fraction, lang: str) -> str:
    """An expected result with its sign and two decimals in the locale's notation.

    >>> signed(Fraction(1, 4), "es"), signed(Fraction(-1, 3), "en"), signed(Fraction(0), "en")
    ('+0,25', '-0.33', '0.00')
    """
    text = decimal(value, lang, 2)
    return "+" + text if value > 0 else text


def _seat(params) -> int:
    return int(params["seat"]) + 1


def narrate(event: Event, lang: str) -> str:
    """One sentence for one event of a hand or of a game."""
    p = event.params
    kind = event.kind
    t = lambda message: translate(message, lang)  # noqa: E731
    card = spanish_card(p["card"], lang) if "card" in p and p["card"] is not None else ""
    total = format_total(p["total"]) if "total" in p else ""
    if kind == "deal":
        if not p["bank"]:
            return t(N_("Player {seat} receives a card face down: {card}.")).format(seat=_seat(p), card=card)
        if p["face_up"]:
            return t(N_("The bank deals itself a card face up: {card}.")).format(card=card)
        return t(N_("The bank deals itself a card face down: {card}.")).format(card=card)
    if kind == "bet":
        return t(N_("Player {seat} bets {points}.")).format(seat=_seat(p), points=points_text(p["stake"], lang))
    if kind == "offer":
        return t(N_("Player {seat} offers {points} for the bank.")).format(
            seat=_seat(p), points=points_text(p["offer"], lang))
    if kind == "ask-face-up":
        return t(N_("Player {seat} asks for a card face up: {card}, {total} in all.")).format(
            seat=_seat(p), card=card, total=total)
    if kind == "ask-face-down":
        return t(N_("Player {seat} asks for a card face down and turns up {turned}; the new hidden card is "
                    "{card}, {total} in all.")).format(seat=_seat(p), card=card, total=total,
                                                        turned=spanish_card(p["turned"], lang))
    if kind == "bust":
        return t(N_("Player {seat} goes over 7½ with {total}: shows {cards} and loses the bet.")).format(
            seat=_seat(p), total=total, cards=format_cards(p["cards"]))
    if kind == "stand":
        return t(N_("Player {seat} stands with {visible} showing, {total} in all.")).format(
            seat=_seat(p), visible=format_total(p["visible"]), total=total)
    if kind == "bank-idle":
        return t(N_("Every player went over 7½: the bank does not play."))
    if kind == "bank-reveal":
        return t(N_("The bank turns up its card, {card}: {total}.")).format(card=card, total=total)
    if kind in ("bank-draws", "bank-stands"):
        return bank_decision_text(kind == "bank-draws", p["total"], p.get("decision"), lang)
    if kind == "bank-card":
        return t(N_("The bank receives {card}: {total}.")).format(card=card, total=total)
    if kind == "bank-bust":
        return t(N_("The bank goes over 7½ with {total}: it pays every player who stood.")).format(total=total)
    if kind == "bank-seven-and-a-half":
        return t(N_("The bank has 7½: it beats every player."))
    if kind == "result":
        return result_text(p, lang)
    if kind == "bank-result":
        net = p["net"]
        if net > 0:
            message = N_("The bank wins {points} in this hand.")
        elif net < 0:
            message = N_("The bank loses {points} in this hand.")
        else:
            message = N_("The bank neither wins nor loses in this hand.")
        return t(message).format(points=points_text(net, lang))
    if kind == "takes-bank":
        return t(N_("Player {seat} made 7½ and takes the bank for the next hand.")).format(seat=_seat(p))
    if kind == "offers-void":
        message = {"seven-and-a-half": N_("A player made 7½: the offers for the bank are void."),
                   "eliminated": N_("The bank is eliminated: the offers for the bank are void."),
                   "last-hand": N_("That was the last hand: the offers for the bank are void.")}[p["reason"]]
        return t(message)
    if kind == "bank-eliminated":
        return t(N_("Player {seat}, who held the bank, has no points left and is eliminated.")).format(
            seat=_seat(p))
    if kind == "bank-passes":
        return t(N_("Player {seat} holds the bank from the next hand.")).format(seat=_seat(p))
    if kind in ("offer-accepted", "offer-refused"):
        message = (N_("The bank, player {bank}, accepts the offer of {points} from player {seat}, who holds the "
                      "bank from the next hand.") if kind == "offer-accepted" else
                   N_("The bank, player {bank}, refuses the offer of {points} from player {seat}."))
        return t(message).format(bank=int(p["bank"]) + 1, seat=_seat(p), points=points_text(p["offer"], lang))
    if kind == "game-over":
        n = p["hands"]
        over = translate_plural("Game over after {count} hand.", "Game over after {count} hands.", n,
                                lang).format(count=n)
        winners = [s + 1 for s in p["winners"]]
        if len(winners) == 1:
            who = t(N_("Player {seat} wins with {points}.")).format(seat=winners[0],
                                                                    points=points_text(p["points"], lang))
        else:
            who = t(N_("Players {seats} share the win with {points}.")).format(
                seats=", ".join(map(str, winners)), points=points_text(p["points"], lang))
        return over + " " + who
    raise ValueError(f"no narration for event kind {kind!r}")


def bank_decision_text(draws: bool, total: int, decision, lang: str) -> str:
    """The bank's choice, with its exact expected results when the engine's bank made it.

    >>> from naipes.siete_y_medio_strategy import BankDecision
    >>> bank_decision_text(True, 8, BankDecision(True, Fraction(-1, 2), Fraction(1, 10), 8), "en")
    'The bank has 4 and draws (expected result: +0.10 drawing, -0.50 standing).'
    """
    t = lambda message: translate(message, lang)  # noqa: E731
    total_text = format_total(total)
    if decision is None or decision.draw_value is None:
        message = N_("The bank has {total} and draws.") if draws else N_("The bank stands on {total}.")
        return t(message).format(total=total_text)
    message = (N_("The bank has {total} and draws (expected result: {draw} drawing, {stand} standing).") if draws
               else N_("The bank stands on {total} (expected result: {stand} standing, {draw} drawing)."))
    return t(message).format(total=total_text, draw=signed(decision.draw_value, lang),
                             stand=signed(decision.stand_value, lang))


def result_text(p, lang: str) -> str:
    """How one player's bet is settled."""
    messages = {
        "won": N_("Player {seat} wins {points}: {total} against the bank's {bank}."),
        "won-double": N_("Player {seat} has 7½ and the bank does not: paid double, {points}."),
        "won-bank-bust": N_("Player {seat} stood and the bank went over: wins {points}."),
        "lost": N_("Player {seat} loses {points}: {total} against the bank's {bank}."),
        "lost-tie": N_("Player {seat} ties with the bank at {total} and loses {points}: ties go to the bank."),
        "lost-bust": N_("Player {seat} went over 7½ and loses {points}."),
    }
    return translate(messages[p["kind"]], lang).format(
        seat=_seat(p), points=points_text(p["net"], lang), total=format_total(p["total"]),
        bank=format_total(p["bank"]) if p["bank"] <= 15 else "")


def narrate_all(events: Iterable[Event], lang: str) -> list[str]:
    """Every event as a sentence, in order."""
    return [narrate(event, lang) for event in events]
