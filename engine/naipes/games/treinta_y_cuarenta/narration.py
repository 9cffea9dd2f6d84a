"""Every event of a shoe and a coup of Treinta y Cuarenta as a sentence in es, ca or en, naming the rule that applied.

Examples:
    >>> from naipes.core.cards import Card
    >>> from naipes.core.narration import narrate
    >>> from naipes.games.treinta_y_cuarenta.events import CardToRow, RowDealt
    >>> from naipes.games.treinta_y_cuarenta.rules import NEGRA_FIRST, ROWS_STOP
    >>> narrate(CardToRow("negra", Card("Q", "h"), 10, True, rule=NEGRA_FIRST), "en")
    'First card of the coup, to NEGRA: the queen of hearts, red; NEGRA has 10 (NEGRA is dealt first, then ROJA; source 001).'
    >>> narrate(RowDealt("negra", 33, 4, rule=ROWS_STOP), "es")
    'NEGRA llega a 33 con 4 cartas y queda completa (cada fila recibe cartas hasta que alcanza o sobrepasa los 31 puntos; fuente 001).'
"""

from __future__ import annotations


from ...core.formatting import units
from ...core.i18n import N_, translate, translate_plural
from ...core.narration import card_name, card_with_article, narrate, rule_text, with_rule
from .events import (FREED, HALF_LOST, LOST, PRISON_LOST, RETURNED, STANDS, STILL_IN_PRISON, TO_PRISON, WON,
                     BetSettled, CardToRow, CardsBurned, CoupResult, CoupVoid, PackCut, RowDealt, SeparatorPlaced,
                     SeparatorReached)
from .rules import (BET_NAMES, COLOUR_RULE, COULEUR, INVERSE, LIMIT, LOWER_WINS, NEGRA, NOIR, REFAIT, ROUGE,
                    ROW_NAMES)
from .values import BLACK, colour

COLOUR_NAMES = {BLACK: N_("black"), "red": N_("red")}
SETTLED = {
    WON: N_("{bet}: the stake of {stake} wins {amount}."),
    LOST: N_("{bet}: the stake of {stake} is lost."),
    STANDS: N_("{bet}: the stake of {stake} is neither won nor lost."),
    HALF_LOST: N_("{bet}: half the stake of {stake} is lost, {amount}."),
    TO_PRISON: N_("{bet}: the stake of {stake} goes to prison."),
    FREED: N_("{bet}: the stake of {stake} in prison is freed."),
    PRISON_LOST: N_("{bet}: the stake of {stake} in prison is lost."),
    STILL_IN_PRISON: N_("{bet}: the stake of {stake} stays in prison."),
    RETURNED: N_("{bet}: the stake of {stake} is returned."),
}



def bet_name(bet: str, lang: str) -> str:
    """A chance's name in `lang`: noir is *negro* in Spanish, *negre* in Catalan.

    Examples:
        >>> bet_name("couleur", "es"), bet_name("noir", "ca"), bet_name("inverse", "en")
        ('color', 'negre', 'inverse')
    """
    return translate(BET_NAMES[bet], lang)


def row_name(row: str, lang: str) -> str:
    """A row's name (NEGRA, ROJA; the same in the three languages, as the source writes them)."""
    return translate(ROW_NAMES[row], lang)


@narrate.register
def _(event: PackCut, lang: str) -> str:
    # TRANSLATORS: {total} is never 1: a pack holds 6 to 8 decks.
    return with_rule(translate(N_("The pack is cut: {cards} of its {total} cards go from the top to the bottom."),
                        lang).format(cards=event.cards, total=event.total), event.rule, lang)


@narrate.register
def _(event: SeparatorPlaced, lang: str) -> str:
    # TRANSLATORS: {total} is never 1: a pack holds 6 to 8 decks.
    return with_rule(translate(N_("The croupier puts the separator back: {out} of the {total} cards stay out of play."),
                        lang).format(out=event.out_of_play, total=event.total), event.rule, lang)


@narrate.register
def _(event: CardsBurned, lang: str) -> str:
    count = len(event.cards)
    sentence = translate_plural("The croupier fills the shoe and burns {count} card: {cards}.",
                                "The croupier fills the shoe and burns the first {count} cards: {cards}.", count,
                                lang).format(count=count, cards=", ".join(card_name(c, lang) for c in event.cards))
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: SeparatorReached, lang: str) -> str:
    if event.void is None:
        message = N_("The separator comes out after the coup: the shoe is over.")
    elif event.void:
        message = N_("The separator comes out before the coup is complete.")
    else:
        message = N_("The separator comes out: the coup goes on with the cards behind it.")
    return with_rule(translate(message, lang), event.rule, lang)


@narrate.register
def _(event: CardToRow, lang: str) -> str:
    card, row = card_with_article(event.card, lang), row_name(event.row, lang)
    if event.first:
        sentence = translate(N_("First card of the coup, to {row}: {card}, {colour}; {row} has {total}."), lang).format(
            row=row, card=card, colour=translate(COLOUR_NAMES[colour(event.card)], lang), total=event.total)
    else:
        sentence = translate(N_("{row}: {card}; {row} has {total}."), lang).format(row=row, card=card, total=event.total)
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: RowDealt, lang: str) -> str:
    # TRANSLATORS: {count} is never 1: a row needs four cards at least to reach 31.
    return with_rule(translate(N_("{row} reaches {total} with {count} cards and is complete."), lang).format(
        row=row_name(event.row, lang), total=event.total, count=event.cards), event.rule, lang)


@narrate.register
def _(event: CoupResult, lang: str) -> str:
    announced = with_rule(translate(N_("The croupier announces NEGRA {negra}, ROJA {roja}."), lang).format(
        negra=event.negra, roja=event.roja), event.rule, lang)
    if event.winner is None:
        if event.negra == LIMIT:
            verdict = translate(N_("Both rows on 31: 31–31, the après."), lang)
        else:
            verdict = with_rule(translate(N_("Equal rows: refait."), lang), REFAIT, lang)
        return f"{announced} {verdict}"
    row_chance = NOIR if event.winner == NEGRA else ROUGE
    colour_chance = COULEUR if event.couleur else INVERSE
    first = translate(COLOUR_NAMES[BLACK if event.first_black else "red"], lang)
    verdict = translate(N_("{row} is closer to 31: {chance} wins ({rule})."), lang).format(
        row=row_name(event.winner, lang), chance=bet_name(row_chance, lang), rule=rule_text(LOWER_WINS, lang))
    colour_verdict = translate(N_("The first card was {colour}: {chance} wins ({rule})."), lang).format(
        colour=first, chance=bet_name(colour_chance, lang), rule=rule_text(COLOUR_RULE, lang))
    return f"{announced} {verdict} {colour_verdict}"


@narrate.register
def _(event: CoupVoid, lang: str) -> str:
    return with_rule(translate(N_("The coup is void: every bet is returned."), lang), event.rule, lang)


@narrate.register
def _(event: BetSettled, lang: str) -> str:
    amount = -event.net if event.kind in (LOST, HALF_LOST, PRISON_LOST) else event.net
    sentence = translate(SETTLED[event.kind], lang).format(bet=bet_name(event.bet, lang).capitalize(),
                                                      stake=units(event.stake, lang), amount=units(amount, lang))
    return with_rule(sentence, event.rule, lang)
