"""Every event of a Black Jack or Challenge 21 coup as a sentence in es, ca or en, naming the rule that applied.

Examples:
    >>> from naipes.core.cards import Card
    >>> from fractions import Fraction
    >>> from naipes.core.narration import narrate
    >>> from naipes.games.black_jack.events import CardToHand, HandSettled
    >>> from naipes.games.black_jack.hands import Total
    >>> narrate(CardToHand(0, 0, Card("A", "h"), Total(17, True)), "en")
    'Box 1 receives the ace of hearts: soft 17.'
    >>> narrate(HandSettled(0, 1, 2, "wins", Fraction(1), 19, 18, 3), "en")
    'Round 2: box 1, hand 2, wins 1: 19 against 18.'
"""

from __future__ import annotations


from dataclasses import replace
from fractions import Fraction

from ...core.formatting import decimal, units
from ...core.i18n import N_, translate, translate_plural
from ...core.model import Rule
from ...core.narration import burn_text, card_with_article, narrate, with_rule
from ...core.shoe import BurnResult
from .dealer import BLACKJACK, BUST
from .events import (BLACKJACK_PUSH, BLACKJACK_WINS, LOSES, LOSES_TO_BLACKJACK, PUSH, WINS, BetsPlaced,
                     BlackjackPaidAtOnce, BlackjackWaits, BoxResult, CardToHand, DealerBlackjack, DealerBust,
                     DealerCard, DealerIdle, DealerPeeks, DealerStands, HoleCardDealt, HoleCardTurned, EvenMoneyDecided, HandBusts, HandSettled, HandSurrenders,
                     InsuranceDecided, InsuranceSettled, PerfectPairsSettled, PlayerActs, RoundOver)
from .expectation import DOUBLE, HIT, SPLIT, STAND, SURRENDER
from .hands import Total

ACTION_MESSAGES = {
    HIT: N_("{who} hits on {total}."), STAND: N_("{who} stands on {total}."), DOUBLE: N_("{who} doubles on {total}."),
    SPLIT: N_("{who} splits the pair."), SURRENDER: N_("{who} surrenders on {total}."),
}
PAIR_MESSAGES = {
    "perfect": N_("Box {box} has a perfect pair: Perfect Pairs wins {amount}."),
    "coloured": N_("Box {box} has a coloured pair: Perfect Pairs wins {amount}."),
    "mixed": N_("Box {box} has a mixed pair: Perfect Pairs wins {amount}."),
}
SETTLED_MESSAGES = {
    WINS: N_("{who} wins {amount}: {total} against {dealer}."),
    LOSES: N_("{who} loses {amount}: {total} against {dealer}."),
    PUSH: N_("{who} ties at {total}: the bet is returned."),
    BLACKJACK_WINS: N_("{who} wins {amount} with black jack."),
    BLACKJACK_PUSH: N_("{who} has black jack, like the dealer: the bet is returned."),
    LOSES_TO_BLACKJACK: N_("{who} loses {amount} to the dealer's black jack."),
}


def _t(message: str, lang: str) -> str:
    return translate(message, lang)



def total_text(total: Total, lang: str) -> str:
    """A hand's total: `17`, or `soft 17` when an ace counts 11.

    Examples:
        >>> total_text(Total(17, True), "es"), total_text(Total(20, False), "ca")
        ('17 blando', '20')
    """
    return _t(N_("soft {points}"), lang).format(points=total.points) if total.soft else str(total.points)


def who(box: int, hand: int, lang: str) -> str:
    """The subject of a sentence about a hand: "Box 1", or "Box 1, hand 2" once the box has split.

    Examples:
        >>> who(0, 0, "en"), who(2, 1, "ca")
        ('Box 1', 'La casella 3, mà 2,')
    """
    if hand:
        return _t(N_("Box {box}, hand {hand},"), lang).format(box=box + 1, hand=hand + 1)
    return _t(N_("Box {box}"), lang).format(box=box + 1)


def in_round(sentence: str, round_number: int, rounds: int, lang: str) -> str:
    """`sentence` with its round first when the coup has several: "Round 2: the dealer stands on 19."

    Examples:
        >>> in_round("The dealer stands on 19.", 2, 3, "en"), in_round("The dealer stands.", 1, 1, "en")
        ('Round 2: the dealer stands on 19.', 'The dealer stands.')
    """
    if rounds <= 1:
        return sentence
    return _t(N_("Round {round}: {sentence}"), lang).format(round=round_number, sentence=sentence[0].lower()
                                                             + sentence[1:])


def dealer_final_text(final: int | str, lang: str) -> str:
    """The dealer's final result in words.

    Examples:
        >>> dealer_final_text("bust", "en"), dealer_final_text(19, "en")
        ("the dealer's bust", '19')
    """
    if final == BUST:
        return _t(N_("the dealer's bust"), lang)
    if final == BLACKJACK:
        return _t(N_("the dealer's black jack"), lang)
    return str(final)


@narrate.register
def _(event: BetsPlaced, lang: str) -> str:
    box = event.box + 1
    if len(event.bets) > 1:
        text = _t(N_("Box {box} bets {bets} on the dealer's hands 1, 2 and 3."), lang).format(
            box=box, bets=" / ".join(str(b) for b in event.bets))
    else:
        text = _t(N_("Box {box} bets {bet}."), lang).format(box=box, bet=event.bets[0])
    if event.perfect_pairs:
        text += " " + _t(N_("It also bets {amount} on Perfect Pairs."), lang).format(amount=event.perfect_pairs)
    return text


@narrate.register
def _(event: CardToHand, lang: str) -> str:
    return _t(N_("{who} receives {card}: {total}."), lang).format(
        who=who(event.box, event.hand, lang), card=card_with_article(event.card, lang),
        total=total_text(event.total, lang))


@narrate.register
def _(event: DealerCard, lang: str) -> str:
    sentence = _t(N_("The dealer takes {card}: {total}."), lang).format(card=card_with_article(event.card, lang),
                                                                        total=total_text(event.total, lang))
    return in_round(sentence, event.round, event.rounds, lang)


@narrate.register
def _(event: HoleCardDealt, lang: str) -> str:
    return _t(N_("The dealer takes its second card face down."), lang)


@narrate.register
def _(event: DealerPeeks, lang: str) -> str:
    if event.blackjack:  # what it takes is said when the black jack is settled
        return _t(N_("The dealer looks at its hole card."), lang)
    return with_rule(_t(N_("The dealer looks at its hole card: no black jack."), lang), event.rule, lang)


@narrate.register
def _(event: HoleCardTurned, lang: str) -> str:
    return _t(N_("The dealer turns over its hole card, {card}: {total}."), lang).format(
        card=card_with_article(event.card, lang), total=total_text(event.total, lang))


@narrate.register
def _(event: PerfectPairsSettled, lang: str) -> str:
    if event.kind is None:
        sentence = _t(N_("Box {box} has no pair: Perfect Pairs loses {amount}."), lang).format(
            box=event.box + 1, amount=units(event.net, lang))
    else:
        sentence = _t(PAIR_MESSAGES[event.kind], lang).format(box=event.box + 1, amount=units(event.net, lang))
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: BlackjackPaidAtOnce, lang: str) -> str:
    return with_rule(_t(N_("Box {box} has black jack and is paid {amount} at once."), lang).format(
        box=event.box + 1, amount=units(event.net, lang)), event.rule, lang)


@narrate.register
def _(event: BlackjackWaits, lang: str) -> str:
    return with_rule(_t(N_("Box {box} has black jack and waits for the dealer's hand."), lang).format(
        box=event.box + 1), event.rule, lang)


@narrate.register
def _(event: InsuranceDecided, lang: str) -> str:
    if event.amount:
        sentence = _t(N_("Box {box} takes insurance for {amount}."), lang).format(box=event.box + 1,
                                                                                  amount=units(event.amount, lang))
    else:
        sentence = _t(N_("Box {box} declines insurance."), lang).format(box=event.box + 1)
    return with_rule(in_round(sentence, event.round, event.rounds, lang), event.rule, lang)


@narrate.register
def _(event: EvenMoneyDecided, lang: str) -> str:
    if event.taken:
        sentence = _t(N_("Box {box} takes even money and is paid {amount}."), lang).format(
            box=event.box + 1, amount=units(event.net, lang))
    else:
        sentence = _t(N_("Box {box} declines even money."), lang).format(box=event.box + 1)
    return with_rule(sentence, event.rule, lang)


def decimals_in(rule: Rule | None, lang: str) -> Rule | None:
    """`rule` with its exact values (fractions) written as decimals of `lang`, four places (the chart's rule that
    names the exact best).

    Examples:
        >>> decimals_in(Rule("{value}", (("value", Fraction(-1, 3)),)), "es").params
        (('value', '-0,3333'),)
    """
    if rule is None or not any(isinstance(value, Fraction) for _, value in rule.params):
        return rule
    return replace(rule, params=tuple((name, decimal(value, lang, 4) if isinstance(value, Fraction) else value)
                                      for name, value in rule.params))


@narrate.register
def _(event: PlayerActs, lang: str) -> str:
    sentence = _t(ACTION_MESSAGES[event.action], lang).format(who=who(event.box, event.hand, lang),
                                                              total=total_text(event.total, lang))
    return with_rule(sentence, decimals_in(event.rule, lang), lang)


@narrate.register
def _(event: HandBusts, lang: str) -> str:
    return with_rule(_t(N_("{who} goes over 21 with {total} and loses {amount}."), lang).format(
        who=who(event.box, event.hand, lang), total=event.total, amount=units(event.lost, lang)), event.rule, lang)


@narrate.register
def _(event: HandSurrenders, lang: str) -> str:
    return with_rule(_t(N_("{who} gives up half the bet and loses {amount}."), lang).format(
        who=who(event.box, event.hand, lang), amount=units(event.lost, lang)), event.rule, lang)


@narrate.register
def _(event: DealerStands, lang: str) -> str:
    sentence = _t(N_("The dealer stands on {total}."), lang).format(total=event.total)
    return with_rule(in_round(sentence, event.round, event.rounds, lang), event.rule, lang)


@narrate.register
def _(event: DealerBust, lang: str) -> str:
    sentence = _t(N_("The dealer goes over 21 with {total}."), lang).format(total=event.total)
    return with_rule(in_round(sentence, event.round, event.rounds, lang), event.rule, lang)


@narrate.register
def _(event: DealerBlackjack, lang: str) -> str:
    sentence = _t(N_("The dealer has black jack."), lang)
    return with_rule(in_round(sentence, event.round, event.rounds, lang), event.rule, lang)


@narrate.register
def _(event: DealerIdle, lang: str) -> str:
    return with_rule(_t(N_("No bet waits for the dealer's hand: the dealer takes no more cards."), lang),
                     event.rule, lang)


@narrate.register
def _(event: HandSettled, lang: str) -> str:
    sentence = _t(SETTLED_MESSAGES[event.kind], lang).format(
        who=who(event.box, event.hand, lang), amount=units(event.net, lang), total=event.total,
        dealer=dealer_final_text(event.dealer, lang))
    return with_rule(in_round(sentence, event.round, event.rounds, lang), event.rule, lang)


@narrate.register
def _(event: InsuranceSettled, lang: str) -> str:
    message = N_("Box {box}'s insurance wins {amount}.") if event.won else N_("Box {box}'s insurance loses {amount}.")
    sentence = _t(message, lang).format(box=event.box + 1, amount=units(event.net, lang))
    return with_rule(in_round(sentence, event.round, event.rounds, lang), event.rule, lang)


@narrate.register
def _(event: RoundOver, lang: str) -> str:
    return with_rule(_t(N_("Round {round} is over: the dealer's other cards are discarded and its first card "
                           "moves to the next box."), lang).format(round=event.round), event.rule, lang)


@narrate.register
def _(event: BoxResult, lang: str) -> str:
    sign = "+" if event.net > 0 else "-" if event.net < 0 else ""
    return _t(N_("Box {box}: {amount} in all."), lang).format(box=event.box + 1, amount=sign + units(event.net, lang))


def dealer_burn_text(result: BurnResult, lang: str) -> str:
    """The burn, said of the dealer: the English narration of Black Jack calls the croupier "the dealer" throughout.

    Examples:
        >>> from naipes.core.cards import Card
        >>> dealer_burn_text(BurnResult(None, (Card("7", "s"),)), "en")
        'The dealer burns 1 card.'
    """
    if result.turned is None and result.burned:
        n = len(result.burned)
        return translate_plural("The dealer burns {count} card.", "The dealer burns {count} cards.", n,
                                lang).format(count=n)
    return burn_text(result, lang)
