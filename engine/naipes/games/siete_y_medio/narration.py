"""Every event of a hand and of a game of Siete y medio as a sentence in es, ca or en, naming the rule that applied.

Cards of the Spanish baraja are named with their article and suit
(`naipes.core.narration.card_with_article`): "el as de oros", "l’as d’ors",
"the ace of coins".

Examples:
    >>> from naipes.core.cards import Card, SPANISH
    >>> from naipes.core.narration import narrate
    >>> from naipes.games.siete_y_medio.events import CardAsked, Settled
    >>> from naipes.games.siete_y_medio.rules import TIES_TO_BANK
    >>> narrate(CardAsked(1, Card("S", "b", SPANISH), False, None, 9), "en")
    'Player 2 asks for a card face up: the jack of clubs, 4½ in all.'
    >>> narrate(Settled(1, "lost-tie", -3, 12, 12, rule=TIES_TO_BANK), "en")
    'Player 2 ties with the bank at 6 and loses 3 points (ties go to the bank; source 001).'
"""

from __future__ import annotations

from ...core.formatting import signed
from ...core.i18n import N_, translate, translate_plural
from ...core.model import Event
from ...core.narration import card_with_article, narrate, with_rule
from .bank import BankDecision
from .events import (LOST, LOST_BUST, LOST_TIE, VOID_ELIMINATED, VOID_LAST_HAND, VOID_SEVEN_AND_A_HALF, WON,
                     WON_BANK_BUST, WON_DOUBLE, BankCard, BankBust, BankDecides, BankEliminated, BankIdle, BankPasses,
                     BankResult, BankReveal, BankSevenAndAHalf, BetPlaced, CardAsked, FirstCard, GameOver,
                     OfferAnswered, OfferMade, OffersVoid, PlayerBust, PlayerStands, Settled, TakesBank)
from .values import LIMIT, format_total

RESULT_MESSAGES = {
    WON: N_("Player {seat} wins {points}: {total} against the bank's {bank}."),
    WON_DOUBLE: N_("Player {seat} has 7½ and wins {points}."),
    WON_BANK_BUST: N_("Player {seat} stood and the bank went over: wins {points}."),
    LOST: N_("Player {seat} loses {points}: {total} against the bank's {bank}."),
    LOST_TIE: N_("Player {seat} ties with the bank at {total} and loses {points}."),
    LOST_BUST: N_("Player {seat} went over 7½ and loses {points}."),
}
VOID_MESSAGES = {
    VOID_SEVEN_AND_A_HALF: N_("A player made 7½: the offers for the bank are void."),
    VOID_ELIMINATED: N_("The bank is eliminated: the offers for the bank are void."),
    VOID_LAST_HAND: N_("That was the last hand: the offers for the bank are void."),
}


def points_text(n: int, lang: str) -> str:
    """A number of points: "1 point", "3 points" (plural forms per language).

    Examples:
        >>> points_text(1, "en"), points_text(-3, "es")
        ('1 point', '3 puntos')
    """
    return translate_plural("{count} point", "{count} points", abs(n), lang).format(count=abs(n))




def _t(message: str, lang: str) -> str:
    return translate(message, lang)


@narrate.register
def _(event: FirstCard, lang: str) -> str:
    card = card_with_article(event.card, lang)
    if not event.bank:
        return _t(N_("Player {seat} receives a card face down: {card}."), lang).format(seat=event.seat + 1, card=card)
    if event.face_up:
        return _t(N_("The bank deals itself a card face up: {card}."), lang).format(card=card)
    return _t(N_("The bank deals itself a card face down: {card}."), lang).format(card=card)


@narrate.register
def _(event: BetPlaced, lang: str) -> str:
    return with_rule(_t(N_("Player {seat} bets {points}."), lang).format(
        seat=event.seat + 1, points=points_text(event.stake, lang)), event.rule, lang)


@narrate.register
def _(event: OfferMade, lang: str) -> str:
    return with_rule(_t(N_("Player {seat} offers {points} for the bank."), lang).format(
        seat=event.seat + 1, points=points_text(event.offer, lang)), event.rule, lang)


@narrate.register
def _(event: CardAsked, lang: str) -> str:
    card, total = card_with_article(event.card, lang), format_total(event.total)
    if not event.face_down:
        sentence = _t(N_("Player {seat} asks for a card face up: {card}, {total} in all."), lang).format(
            seat=event.seat + 1, card=card, total=total)
    else:
        sentence = _t(N_("Player {seat} asks for a card face down and turns up {turned}; the new hidden card is "
                         "{card}, {total} in all."), lang).format(
            seat=event.seat + 1, card=card, total=total, turned=card_with_article(event.turned, lang))
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: PlayerBust, lang: str) -> str:
    return with_rule(_t(N_("Player {seat} goes over 7½ with {total}: {cards}."), lang).format(
        seat=event.seat + 1, total=format_total(event.total),
        cards=", ".join(card_with_article(card, lang) for card in event.cards)), event.rule, lang)  # names, not codes


@narrate.register
def _(event: PlayerStands, lang: str) -> str:
    return with_rule(_t(N_("Player {seat} stands with {visible} showing, {total} in all."), lang).format(
        seat=event.seat + 1, visible=format_total(event.visible), total=format_total(event.total)), event.rule, lang)


@narrate.register
def _(event: BankReveal, lang: str) -> str:
    return with_rule(_t(N_("The bank turns up its card, {card}: {total}."), lang).format(
        card=card_with_article(event.card, lang), total=format_total(event.total)), event.rule, lang)


@narrate.register
def _(event: BankDecides, lang: str) -> str:
    sentence = bank_decision_text(event.draws, event.total, event.decision, lang)
    return sentence if event.decision is not None else with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: BankCard, lang: str) -> str:
    return _t(N_("The bank receives {card}: {total}."), lang).format(card=card_with_article(event.card, lang),
                                                                     total=format_total(event.total))


@narrate.register
def _(event: BankBust, lang: str) -> str:
    return with_rule(_t(N_("The bank goes over 7½ with {total}."), lang).format(total=format_total(event.total)),
                     event.rule, lang)


@narrate.register
def _(event: Settled, lang: str) -> str:
    sentence = _t(RESULT_MESSAGES[event.kind], lang).format(
        seat=event.seat + 1, points=points_text(event.net, lang), total=format_total(event.total),
        bank=format_total(event.bank) if event.bank <= LIMIT else "")
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: BankResult, lang: str) -> str:
    if event.net > 0:
        message = N_("The bank wins {points} in this hand.")
    elif event.net < 0:
        message = N_("The bank loses {points} in this hand.")
    else:
        message = N_("The bank neither wins nor loses in this hand.")
    return _t(message, lang).format(points=points_text(event.net, lang))


@narrate.register
def _(event: OffersVoid, lang: str) -> str:
    return with_rule(_t(VOID_MESSAGES[event.reason], lang), event.rule, lang)


@narrate.register
def _(event: OfferAnswered, lang: str) -> str:
    message = (N_("The bank, player {bank}, accepts the offer of {points} from player {seat}, who holds the bank "
                  "from the next hand.") if event.accepted else
               N_("The bank, player {bank}, refuses the offer of {points} from player {seat}."))
    return with_rule(_t(message, lang).format(bank=event.bank + 1, seat=event.seat + 1,
                                              points=points_text(event.offer, lang)), event.rule, lang)


@narrate.register
def _(event: GameOver, lang: str) -> str:
    over = translate_plural("Game over after {count} hand.", "Game over after {count} hands.", event.hands,
                            lang).format(count=event.hands)
    winners = [s + 1 for s in event.winners]
    if len(winners) == 1:
        who = _t(N_("Player {seat} wins with {points}."), lang).format(seat=winners[0],
                                                                       points=points_text(event.points, lang))
    else:
        who = _t(N_("Players {seats} share the win with {points}."), lang).format(
            seats=", ".join(map(str, winners)), points=points_text(event.points, lang))
    return with_rule(over + " " + who, event.rule, lang)


#: Events told by one sentence naming at most their seat.
SEAT_MESSAGES = {
    BankIdle: N_("Every player went over 7½: the bank does not play."),
    BankSevenAndAHalf: N_("The bank has 7½."),
    TakesBank: N_("Player {seat} made 7½ and takes the bank for the next hand."),
    BankEliminated: N_("Player {seat}, who held the bank, has no points left and is eliminated."),
    BankPasses: N_("Player {seat} holds the bank from the next hand."),
}


def _seat_sentence(event: Event, lang: str) -> str:
    seat = getattr(event, "seat", None)
    return with_rule(_t(SEAT_MESSAGES[type(event)], lang).format(seat=None if seat is None else seat + 1),
                     event.rule, lang)


for _kind in SEAT_MESSAGES:
    narrate.register(_kind, _seat_sentence)


def bank_decision_text(draws: bool, total: int, decision: BankDecision | None, lang: str) -> str:
    """The bank's choice, with its exact expected results when the engine's bank made it.

    Examples:
        >>> from fractions import Fraction
        >>> bank_decision_text(True, 8, BankDecision(True, Fraction(-1, 2), Fraction(1, 10), 8), "en")
        'The bank has 4 and draws (expected result: +0.10 drawing, -0.50 standing).'
    """
    total_text = format_total(total)
    if decision is None or decision.draw_value is None:
        message = N_("The bank has {total} and draws.") if draws else N_("The bank stands on {total}.")
        return _t(message, lang).format(total=total_text)
    message = (N_("The bank has {total} and draws (expected result: {draw} drawing, {stand} standing).") if draws
               else N_("The bank stands on {total} (expected result: {stand} standing, {draw} drawing)."))
    return _t(message, lang).format(total=total_text, draw=signed(decision.draw_value, lang),
                                    stand=signed(decision.stand_value, lang))
