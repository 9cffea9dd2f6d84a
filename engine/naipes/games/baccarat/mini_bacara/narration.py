"""Narration of Mini-Bacará's own events in es, ca and en, naming the rule that applied.

The cards dealt and the boxes' drawing rules are the family's shared events
(`naipes.games.baccarat.narration`).

Examples:
    >>> from naipes.games.baccarat.mini_bacara.coup import RULE_E_RULE, BoxSettled
    >>> narrate(BoxSettled(2, "banker", 4, 7, "stands"), "ca")
    'Casella 2: la Banca es planta amb 7 contra 4, guanya la Banca.'
    >>> narrate(BoxSettled(2, "banker", 4, 7, "stands", rule=RULE_E_RULE), "en")
    'Box 2: the Banca stands on 7 against 4, Banca wins (the Banca settles the boxes it stands against before it draws, as its rule e says; source 003).'
"""

from __future__ import annotations

from ....core.i18n import N_, translate
from ....core.narration import card_with_article, narrate, with_rule
from ..kernel import BANKER, PLAYER, TIE
from .coup import (AIRE, ENCART, STANDS, BankerDraws, BankerFacesBox, BoxChose, BoxSettled, FiveToChoose,
                   HoleCardTurned, InsuranceAnswered, InsuranceCalled)

#: A box's result as the croupier announces it.
OUTCOMES: dict[str, str] = {PLAYER: N_("Punto wins"), BANKER: N_("Banca wins"), TIE: N_("a tie")}
SETTLED = {
    AIRE: N_("Box {box}, an \"aire\" pass: {player} against {banker}, {outcome}."),
    ENCART: N_("Box {box}: both have {player} on two cards, an encart (void)."),
    STANDS: N_("Box {box}: the Banca stands on {banker} against {player}, {outcome}."),
}
THIRD_SETTLED = N_("Box {box}: {player} against the Banca's {banker}, {outcome}.")
#: The Banca's table for one box: (the box stood?, the Banca draws?) -> message.
FACES = {
    (True, True): N_("Against box {box}, which stood, the Banca has {total}: draws."),
    (True, False): N_("Against box {box}, which stood, the Banca has {total}: stands."),
    (False, True): N_("Against box {box}, whose third card is worth {third}, the Banca has {total}: draws."),
    (False, False): N_("Against box {box}, whose third card is worth {third}, the Banca has {total}: stands."),
}


@narrate.register
def _(event: FiveToChoose, lang: str) -> str:
    sentence = translate(N_("Box {box} has 5 and must choose: draw or stand."), lang).format(box=event.box)
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: BoxChose, lang: str) -> str:
    message = N_("Box {box} has 5 and chooses: draw.") if event.draws else N_("Box {box} has 5 and chooses: stand.")
    return with_rule(translate(message, lang).format(box=event.box), event.rule, lang)


@narrate.register
def _(event: HoleCardTurned, lang: str) -> str:
    return translate(N_("The banker turns {card}: total {total}."), lang).format(
        card=card_with_article(event.card, lang), total=event.total)


@narrate.register
def _(event: InsuranceCalled, lang: str) -> str:
    return with_rule(translate(N_("The banker's hole card is a nine: insurance is called."), lang), event.rule, lang)


@narrate.register
def _(event: InsuranceAnswered, lang: str) -> str:
    message = N_("The Punto bettors take the insurance.") if event.insured else \
        N_("The Punto bettors decline the insurance.")
    return with_rule(translate(message, lang), event.rule, lang)


@narrate.register
def _(event: BankerFacesBox, lang: str) -> str:
    sentence = translate(FACES[(event.third is None, event.draws)], lang).format(
        box=event.box, total=event.total, third=event.third)
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: BankerDraws, lang: str) -> str:
    sentence = translate(N_("The Banca has {total} and draws a third card for the boxes still in play."),
                         lang).format(total=event.total)
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: BoxSettled, lang: str) -> str:
    sentence = translate(SETTLED.get(event.how, THIRD_SETTLED), lang).format(
        box=event.box, player=event.player, banker=event.banker, outcome=translate(OUTCOMES[event.winner], lang))
    return with_rule(sentence, event.rule, lang)
