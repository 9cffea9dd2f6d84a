"""The command line of Siete y medio: `deal`, `shoe` (a whole game), `analyze` and `advise`.

Called through `naipes.cli` (the game's `Game.commands`)::

    naipes deal siete-y-medio --seed 7 --lang ca
    naipes shoe siete-y-medio --seed 7 --verbose
    naipes analyze siete-y-medio --json --method walk
    naipes advise siete-y-medio --cards "4o" --seen "7c Sb" --bank "5e" --json

Examples:
    >>> import io
    >>> from naipes.games.siete_y_medio import SIETE_Y_MEDIO
    >>> out = io.StringIO()
    >>> args = argparse.Namespace(preset=None, remove="7o 7c", method="walk", json=False, lang="en")
    >>> analyze(args, SIETE_Y_MEDIO, out)
    >>> out.getvalue().splitlines()[0]
    '7½ with two cards: 3.4139% (24/703).'
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from ...core import options
from ...core.cards import SPANISH, Card, full_deck, parse_cards
from ...core.drive import analyze as analyze_game
from ...core.errors import CardError, RulesError, plural
from ...core.formatting import percent, signed
from ...core.i18n import N_, translate
from ...core.model import Game
from ...core.narration import narrate
from .adviser import advise as advise_hand
from .analysis import BUST, TWO_CARDS, checked_deck
from .events import GameOver
from .game import SieteYMedioGame, deal_hand
from .rules import SieteYMedioRules
from .values import LIMIT, check_distinct, format_total, hand_half_points

#: The Spanish baraja's size.
DECK_SIZE = len(full_deck(SPANISH))

#: Players at the table in `deal` and `shoe`: the bank and three engine players.
SEATS = 4
#: The options of the verbs this game adds (`naipes.cli` adds `game`, `--preset`, `--json`, `--lang`).
ARGUMENTS = {
    "advise": (
        ("--cards", N_('your cards, e.g. "4o Sb" (the first is the hidden one)'), ""),
        ("--hidden", N_("which of your cards is face down (default: the first)"), None),
        ("--seen", N_('cards you have seen go (players who went over, …), e.g. "7c Sb"'), ""),
        ("--bank", N_("the bank's card(s), if you know them: gives expected values"), None),
        ("--others", N_('face-up cards of players who stood before you, one player per "/", e.g. "3c / 5e Sc" '
                        "(each also has one hidden card)"), ""),
    ),
}
BUST_EXPLANATION = ("full_deck: the next card is any card of the deck (the hand's own cards are not taken out); "
                    "one_card: the hand is that single card, taken out")
ADVICE_MODEL = ("expected results per point staked against the engine's bank, you playing last before it and "
                "playing on the best way after asking; hidden cards are unseen cards that keep their player at "
                "or under 7½")


def _print(out, line: str) -> None:
    print(line, file=out)


def deal(args: argparse.Namespace, game: Game, out) -> None:
    """Narrate one hand with three engine players and the engine's bank."""
    rules = game.rules_from(args)
    record = deal_hand(options.seed(args.seed), game.conduct(rules), seats=SEATS, rules=rules)
    for event in record.coup.events:
        _print(out, narrate(event, args.lang))


def shoe(args: argparse.Namespace, game: Game, out) -> None:
    """Play a whole game (the preset's number of hands) with engine players and summarise it."""
    rules = game.rules_from(args)
    table = SieteYMedioGame(rules, seats=SEATS, seed=options.seed(args.seed))
    conduct = game.conduct(rules)
    t = lambda message: translate(message, args.lang)  # noqa: E731
    while not table.is_over:
        bank = table.bank
        table.play_hand(conduct)
        events = table.finish_hand()
        if args.verbose:
            _print(out, t(N_("Hand {number}, bank: player {bank}. Points: {points}.")).format(
                number=table.hands_played, bank=bank + 1, points=" / ".join(map(str, table.points))))
        for event in events:
            if args.verbose or isinstance(event, GameOver):
                _print(out, narrate(event, args.lang))


def _entry(value: Fraction | None) -> dict | None:
    return None if value is None else {"probability": float(value), "exact": str(value)}


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """Exact chance of 7½ with two cards, and of going over on the next card for each total (fast or walk)."""
    rules = game.rules_from(args)
    removed = parse_cards(args.remove, SPANISH)
    counts = checked_deck(game.classes.without(1, removed))
    report = analyze_game(game, rules, counts, args.method)
    two = report.line(TWO_CARDS).probability
    rows = report.extra[BUST]
    if args.json:
        data = {
            TWO_CARDS: _entry(two),
            BUST: [{"total": format_total(r.total), "points": r.total / 2, "full_deck": _entry(r.full_deck),
                    "one_card": _entry(r.one_card)} for r in rows],
            "rules": {"game": game.id, "preset": rules.name, "deck": sum(counts),
                      "removed": [str(c) for c in removed], "method": args.method, BUST: BUST_EXPLANATION},
        }
        _print(out, json.dumps(data, indent=2, ensure_ascii=False))
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    _print(out, t(N_("7½ with two cards: {p} ({exact}).")).format(p=percent(two, args.lang, 4), exact=str(two)))
    _print(out, t(N_("Chance of going over 7½ with the next card:")))
    total, full, one_card = t(N_("Total")), t(N_("Full deck")), t(N_("One card"))
    _print(out, f"{total:>6} {full:>14} {one_card:>14}")
    for r in rows:
        one = "" if r.one_card is None else percent(r.one_card, args.lang, 2)
        _print(out, f"{format_total(r.total):>6} {percent(r.full_deck, args.lang, 2):>14} {one:>14}")


def _cards(text: str | None) -> tuple[Card, ...]:
    return parse_cards(text or "", deck=SPANISH)


def _value(value: Fraction | None) -> dict | None:
    return None if value is None else {"value": float(value), "exact": str(value)}


def check_table(rules: SieteYMedioRules, hand, seen, bank, others) -> None:
    """What a table can hold: the seats, each player still in at or under 7½ with a hidden card, one deck.

    Raises:
        RulesError: more players than seats, a player showing 7½ or more, or more cards than the deck.
    """
    if len(others) > rules.max_seats - 2:
        raise RulesError(plural("At most {most} other player stands before you at this table, not {n}.",
                                "At most {most} other players stand before you at this table, not {n}.", "most"),
                         most=rules.max_seats - 2, n=len(others))
    for other in others:
        if hand_half_points(other) >= LIMIT:
            raise RulesError("A player still in shows {total}: over 7½ with the hidden card.",
                             total=format_total(hand_half_points(other)))
    in_play = (len(hand) + len(seen) + sum(len(o) + 1 for o in others)  # each other player hides a card
               + (len(bank) if bank is not None else 1))
    if in_play >= DECK_SIZE:
        # TRANSLATORS: {n} is never 1: it is 40 at least, the cards of the whole deck.
        raise RulesError("These cards do not fit in one deck: {n} cards are out of a {size}-card deck, and "
                         "at least one must be left.", n=in_play, size=DECK_SIZE)


def advise(args: argparse.Namespace, game: Game, out) -> None:
    """Bust chance and, with `--bank`, exact expected values against the engine's bank."""
    game.rules_from(args)
    hand = _cards(args.cards)
    if not hand:
        raise CardError("The hand needs at least one card.")
    seen = _cards(args.seen)
    bank = _cards(args.bank) if args.bank is not None else None
    others = [_cards(part) for part in args.others.split("/") if part.strip()]
    hidden = Card.parse(args.hidden, deck=SPANISH) if args.hidden else hand[0]
    check_distinct(hand, seen, bank or (), *others)
    check_table(game.presets.get(args.preset), hand, seen, bank, others)
    total = hand_half_points(hand)
    if total > LIMIT:
        raise RulesError("The hand already has {total}: it is over 7½.", total=format_total(total))
    if bank is not None and not bank:
        raise CardError("Give the bank's card(s) with --bank, e.g. \"5e\".")
    if bank is not None and hand_half_points(bank) > LIMIT:
        raise RulesError("The bank already has {total}: it is over 7½.", total=format_total(hand_half_points(bank)))
    advice = advise_hand(hand, seen=seen, bank=bank, others=others, hidden=hidden, expected=bank is not None)
    expected = None
    if advice.stand is not None:
        expected = {"stand": _value(advice.stand), "ask_face_up": _value(advice.ask_face_up),
                    "ask_face_down": _value(advice.ask_face_down)}
    if args.json:
        _print(out, json.dumps({
            "cards": [str(c) for c in hand], "hidden": str(hidden), "total": format_total(total), "points": total / 2,
            "seen": [str(c) for c in seen], "bank": None if bank is None else [str(c) for c in bank],
            "others": [[str(c) for c in other] for other in others],
            "bust_probability": float(advice.bust), "bust_exact": str(advice.bust),
            "expected": expected, "best": advice.best, "model": ADVICE_MODEL,
        }, indent=2, ensure_ascii=False))
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    _print(out, t(N_("Your total: {total}.")).format(total=format_total(total)))
    _print(out, t(N_("Chance of going over 7½ with one more card: {p} ({exact}).")).format(
        p=percent(advice.bust, args.lang, 2), exact=str(advice.bust)))
    if advice.stand is None:
        _print(out, t(N_("Give the bank's card with --bank for the expected results of asking and standing.")))
        return
    _print(out, t(N_("Expected result per point staked against the engine's bank:")))
    labels = {"stand": N_("standing"), "ask-face-up": N_("asking for a card face up"),
              "ask-face-down": N_("asking for a card face down")}
    for key, value in (("stand", advice.stand), ("ask-face-up", advice.ask_face_up),
                       ("ask-face-down", advice.ask_face_down)):
        if value is not None:
            _print(out, f"  {t(labels[key])}: {signed(value, args.lang)}")
    _print(out, t(N_("Best: {choice}.")).format(choice=t(labels[advice.best])))

