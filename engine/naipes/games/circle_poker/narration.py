"""Circle poker's events as sentences in es, ca and en, naming the rule that applied.

Examples:
    >>> from naipes.core.cards import Card
    >>> from naipes.core.narration import narrate
    >>> narrate(CardDealt(1, Card("K", "s"), True, 3), "en")
    'Player 2 receives the king of spades, face up.'
    >>> narrate(PlayerActed(0, False), "en")
    'Player 1 folds.'
"""

from __future__ import annotations

from typing import Sequence

from ...core.cards import Card
from ...core.i18n import N_, translate, translate_plural
from ...core.narration import agreeing, card_with_article, narrate, with_rule
from ..poker.hands import CATEGORY_NAMES, HandRank
from .events import (AntesPlaced, BoardTurned, CardDealt, HandRanked, HandShown, HouseTakes, IntervalOpened,
                     MarkerPlaced, PlayerActed, PotWon, Shuffled)
from .showdown import Showdown


def _t(message: str, lang: str) -> str:
    return translate(message, lang)


def symbols(cards: Sequence[Card]) -> str:
    """Cards as rank and suit symbols: `K♥ K♦ 7♣ 7♠ 2♥`."""
    return " ".join(card.symbol for card in cards)


def listing(items: Sequence[str], lang: str) -> str:
    """Items joined as a list in `lang`: `1, 2 and 3`.

    Examples:
        >>> listing(["1", "2", "3"], "es"), listing(["1"], "ca")
        ('1, 2 y 3', '1')
    """
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + _t(N_(" and "), lang) + items[-1]


def hand_text(best: HandRank, lang: str) -> str:
    """A hand as its category and its five cards in the order they count: `two pair (K♦ K♥ 7♣ 7♠ 2♥)`.

    Examples:
        >>> from naipes.games.poker.hands import evaluate
        >>> hand_text(evaluate("7c 7s Kh Kd 2h"), "es")
        'doble pareja (K♦ K♥ 7♣ 7♠ 2♥)'
    """
    return f"{_t(CATEGORY_NAMES[best.category], lang)} ({symbols(best.cards)})"


def chips_text(chips: int, lang: str) -> str:
    """`1 chip`, `12 chips` in `lang`."""
    return translate_plural("{n} chip", "{n} chips", chips, lang).format(n=chips)


def player(seat: int) -> str:
    """A player's number as the narration shows it (from 1)."""
    return str(seat + 1)


@narrate.register
def _shuffled(event: Shuffled, lang: str) -> str:
    return with_rule(_t(N_("The croupier shuffles the {cards}-card deck."), lang).format(cards=event.cards),
                     event.rule, lang)


@narrate.register
def _marker(event: MarkerPlaced, lang: str) -> str:
    return with_rule(_t(N_("Player {seat} holds the mà: the cards go round from them."), lang).format(
        seat=player(event.seat)), event.rule, lang)


@narrate.register
def _antes(event: AntesPlaced, lang: str) -> str:
    text = translate_plural("Each of the {players} players puts {ante} chip in the pot: {pot} in all.",
                            "Each of the {players} players puts {ante} chips in the pot: {pot} in all.",
                            event.ante, lang)
    return with_rule(text.format(players=event.players, ante=event.ante, pot=event.pot), event.rule, lang)


@narrate.register
def _card(event: CardDealt, lang: str) -> str:
    message = N_("Player {seat} receives {card}, face up.") if event.face_up else N_(
        "Player {seat} receives {card}, face down.")
    return agreeing(message, event.card, lang).format(seat=player(event.seat), card=card_with_article(event.card,
                                                                                                      lang))


@narrate.register
def _board(event: BoardTurned, lang: str) -> str:
    cards = listing([card_with_article(c, lang) for c in event.cards], lang)
    text = translate_plural("The croupier turns {count} community card: {cards}.",
                            "The croupier turns {count} community cards: {cards}.", len(event.cards), lang)
    return text.format(count=len(event.cards), cards=cards)


@narrate.register
def _interval(event: IntervalOpened, lang: str) -> str:
    return _t(N_("Betting interval {number}: player {seat} speaks first."), lang).format(
        number=event.number, seat=player(event.first))


@narrate.register
def _acted(event: PlayerActed, lang: str) -> str:
    message = N_("Player {seat} stays.") if event.stays else N_("Player {seat} folds.")
    return with_rule(_t(message, lang).format(seat=player(event.seat)), event.rule, lang)


@narrate.register
def _shown(event: HandShown, lang: str) -> str:
    return _t(N_("Player {seat} shows {cards}: {hand}."), lang).format(
        seat=player(event.seat), cards=symbols(event.cards), hand=hand_text(event.best, lang))


@narrate.register
def _house(event: HouseTakes, lang: str) -> str:
    return with_rule(_t(N_("The house takes {chips} from the pot."), lang).format(
        chips=chips_text(event.chips, lang)), event.rule, lang)


@narrate.register
def _won(event: PotWon, lang: str) -> str:
    if event.uncontested:
        text = _t(N_("Player {seat} wins {chips} without showing their cards."), lang).format(
            seat=player(event.winners[0]), chips=chips_text(event.shares[0], lang))
        return with_rule(text, event.rule, lang)
    return with_rule(win_sentence(event.winners, event.shares, event.best, event.runner_up, lang), event.rule, lang)


def win_sentence(winners: Sequence[int], shares: Sequence[int] | None, best: HandRank | None,
                 runner_up: HandRank | None, lang: str) -> str:
    """Who takes the pot with what, against the best losing hand (a sentence ending in a full stop).

    Examples:
        >>> from naipes.games.poker.hands import evaluate
        >>> win_sentence([3], [40], evaluate("Kc Kd Ac Qs 7s"), evaluate("4d 4h Ac Kd Qs"), "en")
        'Player 4 wins 40 chips with pair (K♣ K♦ A♣ Q♠ 7♠), against pair (4♦ 4♥ A♣ K♦ Q♠).'
    """
    hand = hand_text(best, lang) if best is not None else ""
    if len(winners) == 1 and shares:
        text = _t(N_("Player {seat} wins {chips} with {hand}"), lang).format(
            seat=player(winners[0]), chips=chips_text(shares[0], lang), hand=hand)
    elif len(winners) == 1:
        text = _t(N_("Player {seat} wins with {hand}"), lang).format(seat=player(winners[0]), hand=hand)
    else:
        text = _t(N_("Players {seats} share the pot with {hand}"), lang).format(
            seats=listing([player(s) for s in winners], lang), hand=hand)
        if shares:
            text += " (" + listing([chips_text(c, lang) for c in shares], lang) + ")"
    if runner_up is not None:
        text += _t(N_(", against {hand}"), lang).format(hand=hand_text(runner_up, lang))
    return text + "."


@narrate.register
def _ranked(event: HandRanked, lang: str) -> str:
    return _t(N_("The hand {cards} is {hand}."), lang).format(cards=symbols(event.cards),
                                                             hand=hand_text(event.best, lang))


def showdown_lines(result: Showdown, lang: str) -> list[str]:
    """A showdown as sentences: every player's hand, then who wins and the rule that decided."""
    lines = [_t(N_("Player {seat} shows {cards}: {hand}."), lang).format(
        seat=player(p.seat), cards=symbols(p.own), hand=hand_text(p.best, lang)) for p in result.hands]
    best = next(p.best for p in result.hands if p.seat in result.winners)
    runner = result.runner_up.best if result.runner_up else None
    lines.append(with_rule(win_sentence(result.winners, None, best, runner, lang), result.reason.rule, lang))
    return lines
