"""The banked poker games' events as sentences in es, ca and en, naming the rule that applied.

Examples:
    >>> from naipes.core.cards import Card
    >>> from naipes.core.narration import narrate
    >>> narrate(CardDealt("bank", Card("K", "s"), True, 5), "en")
    'The bank receives the king of spades, face up.'
    >>> narrate(BetSettled("ante", "win", Fraction(1)), "en")
    'The ante wins 1.'
"""

from __future__ import annotations

from fractions import Fraction

from ...core.i18n import N_, translate, translate_plural
from ...core.narration import agreeing, card_with_article, narrate, with_rule
from .events import (BET_NAMES, FOLDED, LOSE, NOT_QUALIFIED, PUSH, WIN, WITHDRAWN, BankQualifies, BetDecision,
                     BetSettled, BetsPlaced, CardDealt, CardsExchanged, CommonCardsPlaced, CoupVoid, HandShown,
                     PlayDecision, Shuffled)
from .hands import CATEGORY_NAMES, STANDARD, THREE_CARD, evaluate
from .kernel import BANK, COMMON, PLAYER, multiple_text


def _t(message: str, lang: str) -> str:
    return translate(message, lang)


def symbols(cards) -> str:
    """Cards as rank and suit symbols: `J♥ J♦ 9♣`."""
    return " ".join(card.symbol for card in cards)


def bet_name(bet: str, lang: str) -> str:
    """A bet's name in `lang`, lower case ("the ante").

    Examples:
        >>> bet_name("bet2", "en")
        'bet 2'
    """
    return _t(BET_NAMES.get(bet, bet), lang)


def category_name(category: str, lang: str) -> str:
    """A category's name in `lang` ("pareja", "full")."""
    return _t(CATEGORY_NAMES[category], lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _amount(value: Fraction, lang: str) -> str:
    return multiple_text(abs(value), lang)


@narrate.register
def _shuffled(event: Shuffled, lang: str) -> str:
    return with_rule(_t(N_("The croupier shuffles the deck."), lang), event.rule, lang)


@narrate.register
def _bets(event: BetsPlaced, lang: str) -> str:
    parts = [_t(N_("{amount} on {bet}"), lang).format(amount=_amount(amount, lang), bet=bet_name(bet, lang))
             for bet, amount in event.bets]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + _t(N_(" and "), lang) + parts[-1]
    return with_rule(_t(N_("The player bets {bets}."), lang).format(bets=listed), event.rule, lang)


@narrate.register
def _card(event: CardDealt, lang: str) -> str:
    card = card_with_article(event.card, lang)
    if event.hand == PLAYER:
        text = _t(N_("The player receives {card}."), lang).format(card=card)
    elif event.hand == COMMON:
        text = _t(N_("The croupier turns common card {number}: {card}."), lang).format(number=event.number, card=card)
    elif event.face_up:
        text = agreeing(N_("The bank receives {card}, face up."), event.card, lang).format(card=card)
    else:
        text = _t(N_("The bank receives a card face down."), lang)
    return with_rule(text, event.rule, lang)


@narrate.register
def _placed(event: CommonCardsPlaced, lang: str) -> str:
    text = translate_plural("The croupier places {count} common card face down in front of him.",
                            "The croupier places {count} common cards face down in front of him.",
                            event.count, lang).format(count=event.count)
    return with_rule(text, event.rule, lang)


@narrate.register
def _bet_decision(event: BetDecision, lang: str) -> str:
    message = N_("The player leaves bet {bet} in play.") if event.ride else N_("The player withdraws bet {bet}.")
    return with_rule(_t(message, lang).format(bet=event.bet), event.rule, lang)


@narrate.register
def _play(event: PlayDecision, lang: str) -> str:
    if event.plays:
        text = _t(N_("The player goes on and adds {stake}."), lang).format(stake=_amount(event.stake, lang))
    else:
        text = _t(N_("The player passes and loses the ante."), lang)
    return with_rule(text, event.rule, lang)


@narrate.register
def _exchange(event: CardsExchanged, lang: str) -> str:
    if not event.discarded:
        text = _t(N_("The player keeps the five cards."), lang)
    elif event.price:
        text = _t(N_("The player discards {cards} and buys a card for {price}."), lang).format(
            cards=symbols(event.discarded), price=_amount(event.price, lang))
    else:
        n = len(event.discarded)
        text = translate_plural("The player exchanges {count} card: {cards}.",
                                "The player exchanges {count} cards: {cards}.", n, lang).format(
            count=n, cards=symbols(event.discarded))
    return with_rule(text, event.rule, lang)


def _in_order(cards) -> tuple:
    """The cards in the order they count (pairs first, a straight from the top)."""
    size = 3 if len(cards) == 3 else 5
    ranking = THREE_CARD if size == 3 else STANDARD
    return evaluate(cards, ranking).cards if len(cards) >= size else tuple(cards)


@narrate.register
def _shown(event: HandShown, lang: str) -> str:
    message = {PLAYER: N_("The player's hand: {category} ({cards})."),
               BANK: N_("The bank's hand: {category} ({cards})."),
               COMMON: N_("The final hand: {category} ({cards}).")}[event.hand]
    return with_rule(_t(message, lang).format(category=category_name(event.category, lang),
                                              cards=symbols(_in_order(event.cards))), event.rule, lang)


@narrate.register
def _qualifies(event: BankQualifies, lang: str) -> str:
    message = (N_("The bank has {category} ({cards}) and plays.") if event.qualifies else
               N_("The bank has {category} ({cards}) and does not play: it pays the ante at par."))
    return with_rule(_t(message, lang).format(category=category_name(event.category, lang),
                                              cards=symbols(_in_order(event.cards))), event.rule, lang)


_SETTLED = {
    WIN: N_("{bet} wins {amount}."),
    LOSE: N_("{bet} loses {amount}."),
    PUSH: N_("{bet} is returned."),
    WITHDRAWN: N_("{bet} was withdrawn."),
    FOLDED: N_("{bet} is lost with the pass."),
    NOT_QUALIFIED: N_("{bet} is returned: the bank does not play."),
}


@narrate.register
def _settled(event: BetSettled, lang: str) -> str:
    text = _t(_SETTLED[event.outcome], lang).format(bet=_capital(bet_name(event.bet, lang)),
                                                    amount=_amount(event.net, lang))
    if event.pays is not None and event.outcome == WIN:
        text = text[:-1] + " " + _t(N_("({pays} to 1)"), lang).format(pays=multiple_text(event.pays, lang)) + "."
    return with_rule(text, event.rule, lang)


@narrate.register
def _void(event: CoupVoid, lang: str) -> str:
    return with_rule(_t(N_("{card} is exposed by mistake: the whole hand is void and the bets are returned."),
                        lang).format(card=_capital(card_with_article(event.card, lang))), event.rule, lang)
