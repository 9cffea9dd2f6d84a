"""The command line of Siete y medio: ``deal``, ``shoe`` (a whole game), ``analyze`` and ``advise``.

Called from :mod:`naipes.cli`::

    naipes deal siete-y-medio --seed 7 --lang ca
    naipes shoe siete-y-medio --seed 7 --verbose
    naipes analyze siete-y-medio --json
    naipes advise siete-y-medio --cards "4o" --seen "7c Sb" --bank "5e" --json
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from .cards import SPANISH, Card, full_deck, parse_cards
from .errors import CardError, RulesError
from .formatting import percent
from .i18n import N_, translate
from .siete_y_medio import BET, DEFAULT_PRESET, SieteYMedioGame, deal_hand, preset
from .siete_y_medio_narration import narrate, signed
from .siete_y_medio_strategy import (LIMIT, advise, bust_table, check_distinct, format_total, hand_half_points,
                                     seven_and_a_half_two_cards)

GAME = "siete-y-medio"
GAMES = (GAME,)
#: Players at the table in ``deal`` and ``shoe``: the bank and three engine players.
SEATS = 4


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError("{what} must be a whole number, not {value!r}.", what=what, value=text) from None


def _rules(args: argparse.Namespace):
    for option, attribute in (("--decks", "decks"), ("--commission", "commission"), ("--tie-pays", "tie_pays")):
        value = getattr(args, attribute, None)
        if value is not None:
            raise RulesError("The option {option} does not apply to Siete y medio.", option=option)
    return preset(args.preset or DEFAULT_PRESET)


def _cards(text: str | None) -> tuple[Card, ...]:
    return parse_cards(text or "", deck=SPANISH)


def deal(args: argparse.Namespace, out) -> None:
    """Narrate one hand with three engine players and the engine's bank."""
    rules = _rules(args)
    hand = deal_hand(_whole(args.seed, "--seed"), seats=SEATS, rules=rules)
    for event in hand.events:
        print(narrate(event, args.lang), file=out)


def shoe(args: argparse.Namespace, out) -> None:
    """Play a whole game (the preset's number of hands) with engine players and summarise it."""
    rules = _rules(args)
    game = SieteYMedioGame(rules, seats=SEATS, seed=_whole(args.seed, "--seed"))
    t = lambda message: translate(message, args.lang)  # noqa: E731
    while not game.is_over:
        hand = game.new_hand()
        while hand.phase in (BET, "play"):
            hand.play_engine_player()
        hand.play_bank()
        events = game.finish_hand()
        if args.verbose:
            print(t(N_("Hand {number}, bank: player {bank}. Points: {points}.")).format(
                number=game.hands_played, bank=hand.bank + 1, points=" / ".join(map(str, game.points))), file=out)
        for event in events:
            if args.verbose or event.kind == "game-over":
                print(narrate(event, args.lang), file=out)


def _entry(value: Fraction | None) -> dict | None:
    return None if value is None else {"probability": float(value), "exact": str(value)}


def analyze(args: argparse.Namespace, out) -> None:
    """Exact chance of 7½ with two cards, and of going over on the next card for each total."""
    _rules(args)
    removed = _cards(args.remove)
    check_distinct(removed)
    deck = [card for card in full_deck(SPANISH) if card not in set(removed)]
    two = seven_and_a_half_two_cards(deck)
    rows = bust_table(deck)
    report = {
        "seven_and_a_half_two_cards": _entry(two),
        "bust_next_card": [{"total": format_total(r["total"]), "points": r["total"] / 2,
                            "full_deck": _entry(r["full_deck"]), "one_card": _entry(r["one_card"])}
                           for r in rows],
        "rules": {"game": GAME, "deck": len(deck), "removed": [str(c) for c in removed],
                  "bust_next_card": "full_deck: the next card is any card of the deck (the hand's own cards are "
                                    "not taken out); one_card: the hand is that single card, taken out"},
    }
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("7½ with two cards: {p} ({exact}).")).format(p=percent(two, args.lang, 4), exact=str(two)), file=out)
    print(t(N_("Chance of going over 7½ with the next card:")), file=out)
    total, full, one_card = t(N_("Total")), t(N_("Full deck")), t(N_("One card"))
    print(f"{total:>6} {full:>14} {one_card:>14}", file=out)
    for r in rows:
        one = "" if r["one_card"] is None else percent(r["one_card"], args.lang, 2)
        print(f"{format_total(r['total']):>6} {percent(r['full_deck'], args.lang, 2):>14} {one:>14}", file=out)


def add_advise_parser(commands) -> None:
    """The ``advise`` subcommand."""
    sub = commands.add_parser("advise", help="a player's chances in Siete y medio: going over, ask or stand")
    sub.add_argument("game", help="game: " + GAME)
    sub.add_argument("--cards", required=True, help='your cards, e.g. "4o Sb" (the first is the hidden one)')
    sub.add_argument("--hidden", default=None, help="which of your cards is face down (default: the first)")
    sub.add_argument("--seen", default="", help='cards you have seen go (players who went over, …), e.g. "7c Sb"')
    sub.add_argument("--bank", default=None, help="the bank's card(s), if you know them: gives expected values")
    sub.add_argument("--others", default="", help='face-up cards of players who stood before you, one player '
                     'per "/", e.g. "3c / 5e Sc" (each also has one hidden card)')
    sub.add_argument("--preset", default=None, help="rules preset: ludoteka")
    sub.add_argument("--json", action="store_true", help="print a JSON object")
    sub.add_argument("--lang", default="es", help="output language: es, ca or en")


def advise_command(args: argparse.Namespace, out) -> None:
    """Bust chance and, with ``--bank``, exact expected values against the engine's bank."""
    if args.game not in GAMES:
        raise RulesError("Unknown game {game!r}: use one of {games}.", game=args.game, games=", ".join(GAMES))
    _rules(args)
    hand = _cards(args.cards)
    if not hand:
        raise CardError("The hand needs at least one card.")
    seen = _cards(args.seen)
    bank = _cards(args.bank) if args.bank is not None else None
    others = [_cards(part) for part in args.others.split("/") if part.strip()]
    hidden = Card.parse(args.hidden, deck=SPANISH) if args.hidden else hand[0]
    check_distinct(hand, seen, bank or (), *others)
    total = hand_half_points(hand)
    if total > LIMIT:
        raise RulesError("The hand already has {total}: it is over 7½.", total=format_total(total))
    if bank is not None and hand_half_points(bank) > LIMIT:
        raise RulesError("The bank already has {total}: it is over 7½.", total=format_total(hand_half_points(bank)))
    if bank is not None and not bank:
        raise CardError("Give the bank's card(s) with --bank, e.g. \"5e\".")
    advice = advise(hand, seen=seen, bank=bank, others=others, hidden=hidden, expected=bank is not None)
    expected = None
    if advice.stand is not None:
        expected = {"stand": _value(advice.stand), "ask_face_up": _value(advice.ask_face_up),
                    "ask_face_down": _value(advice.ask_face_down)}
    report = {
        "cards": [str(c) for c in hand], "hidden": str(hidden), "total": format_total(total), "points": total / 2,
        "seen": [str(c) for c in seen], "bank": None if bank is None else [str(c) for c in bank],
        "others": [[str(c) for c in other] for other in others],
        "bust_probability": float(advice.bust), "bust_exact": str(advice.bust),
        "expected": expected, "best": advice.best,
        "model": "expected results per point staked against the engine's bank, you playing last before it and "
                 "playing on the best way after asking; hidden cards are unseen cards that keep their player at "
                 "or under 7½",
    }
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("Your total: {total}.")).format(total=format_total(total)), file=out)
    print(t(N_("Chance of going over 7½ with one more card: {p} ({exact}).")).format(
        p=percent(advice.bust, args.lang, 2), exact=str(advice.bust)), file=out)
    if advice.stand is None:
        print(t(N_("Give the bank's card with --bank for the expected results of asking and standing.")), file=out)
        return
    print(t(N_("Expected result per point staked against the engine's bank:")), file=out)
    labels = {"stand": N_("standing"), "ask-face-up": N_("asking for a card face up"),
              "ask-face-down": N_("asking for a card face down")}
    for key, value in (("stand", advice.stand), ("ask-face-up", advice.ask_face_up),
                       ("ask-face-down", advice.ask_face_down)):
        if value is not None:
            print(f"  {t(labels[key])}: {signed(value, args.lang)}", file=out)
    print(t(N_("Best: {choice}.")).format(choice=t(labels[advice.best])), file=out)


def _value(value: Fraction | None) -> dict | None:
    return None if value is None else {"value": float(value), "exact": str(value)}


COMMANDS = {"deal": deal, "shoe": shoe, "analyze": analyze, "advise": advise_command}
