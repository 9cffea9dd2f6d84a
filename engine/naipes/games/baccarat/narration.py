"""Narration of the baccarat family's shared events, in es, ca and en, naming the rule that applied.

Examples:
    >>> from naipes.games.baccarat.kernel import SOURCE_004_DRAWING, ThirdCardRule
    >>> narrate(ThirdCardRule("player", 5, True, rule=SOURCE_004_DRAWING.player_rule(5)), "es")
    'El punto tiene 5: pide carta (el punto pide carta con 0 a 5; fuente 004).'
    >>> narrate(ThirdCardRule("banker", 3, False, 8, rule=SOURCE_004_DRAWING.banker_rule(3, 8)), "en")
    "Banker has 3 and the player's third card is worth 8: stands (banker's table: with 3 the banca draws when the punto's third card is 0 to 7 and 9; source 004)."
"""

from __future__ import annotations

from ...core.i18n import N_, translate
from ...core.narration import card_with_article, narrate, with_rule
from .kernel import BANKER, PLAYER, TIE, CardDealt, CoupResult, NaturalShown, ThirdCardRule

#: The hands of the family by the names the coups give them (boxes are numbered: see `hand_name`).
HAND_NAMES = {PLAYER: N_("Player"), BANKER: N_("Banker"), "pano1": N_("First paño"), "pano2": N_("Second paño")}


def hand_name(hand: str, lang: str) -> str:
    """A hand's name in `lang`: "Banker", "First paño", "Box 2".

    Examples:
        >>> hand_name("box2", "es"), hand_name("pano1", "en")
        ('Casilla 2', 'First paño')
    """
    if hand.startswith("box"):
        return translate(N_("Box {box}"), lang).format(box=hand[3:])
    return translate(HAND_NAMES[hand], lang)


@narrate.register
def _(event: CardDealt, lang: str) -> str:
    if event.face_down:
        if event.hand == PLAYER:
            return translate(N_("Player receives a card face down."), lang)
        if event.hand == BANKER:
            return translate(N_("Banker receives a card face down."), lang)
        return translate(N_("{hand} receives a card face down."), lang).format(hand=hand_name(event.hand, lang))
    if event.hand == PLAYER:
        message = N_("Player receives {card}: total {total}.")
    elif event.hand == BANKER:
        message = N_("Banker receives {card}: total {total}.")
    else:
        message = N_("{hand} receives {card}: total {total}.")
    return translate(message, lang).format(hand=hand_name(event.hand, lang),
                                           card=card_with_article(event.card, lang), total=event.total)


@narrate.register
def _(event: NaturalShown, lang: str) -> str:
    if event.player >= 8 and event.banker >= 8:
        message = N_("Both hands have a natural (player {player}, banker {banker}): "
                     "the coup ends without a third card.")
    elif event.player >= 8:
        message = N_("Player has a natural {player}: the coup ends without a third card.")
    else:
        message = N_("Banker has a natural {banker}: the coup ends without a third card.")
    return translate(message, lang).format(player=event.player, banker=event.banker)


@narrate.register
def _(event: ThirdCardRule, lang: str) -> str:
    if event.hand == BANKER and event.third is None:
        message = (N_("Player stood and banker has {total}: draws.") if event.draws
                   else N_("Player stood and banker has {total}: stands."))
    elif event.hand == BANKER:
        message = (N_("Banker has {total} and the player's third card is worth {third}: draws.") if event.draws
                   else N_("Banker has {total} and the player's third card is worth {third}: stands."))
    elif event.hand == PLAYER:
        message = N_("Player has {total}: draws.") if event.draws else N_("Player has {total}: stands.")
    else:
        message = N_("{hand} has {total}: draws.") if event.draws else N_("{hand} has {total}: stands.")
    sentence = translate(message, lang).format(hand=hand_name(event.hand, lang), total=event.total,
                                               third=event.third)
    return with_rule(sentence, event.rule, lang)


@narrate.register
def _(event: CoupResult, lang: str) -> str:
    return result_text(event.winner, event.player, event.banker, lang, event.void_tie)


def result_text(winner: str, player: int, banker: int, lang: str, void_tie: bool = False) -> str:
    """The croupier's announcement of the winning hand.

    Examples:
        >>> result_text("banker", 2, 7, "es")
        'Gana la banca, 7 a 2.'
    """
    if winner == BANKER:
        return translate(N_("Banker wins, {banker} to {player}."), lang).format(banker=banker, player=player)
    if winner == PLAYER:
        return translate(N_("Player wins, {player} to {banker}."), lang).format(banker=banker, player=player)
    if winner != TIE:
        raise ValueError(f"unknown winner {winner!r}")
    message = N_("Tie at {total}: the coup is void.") if void_tie else \
        N_("Tie at {total}: bets on Player and Banker are returned.")
    return translate(message, lang).format(total=player)
