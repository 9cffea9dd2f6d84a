"""The command line of Black Jack and Challenge 21: `deal`, `shoe`, `analyze` and `advise`.

Called through `naipes.cli` (the games' `Game.commands`)::

    naipes deal black-jack --seed 7 --lang ca
    naipes shoe challenge-21 --decks 2 --verbose
    naipes analyze black-jack --decks 6 --json
    naipes advise black-jack --cards "Th 6s" --dealer 10 --decks 6 --seen "5c 5d" --json

Examples:
    >>> import io
    >>> from naipes.games.black_jack import BLACK_JACK
    >>> out = io.StringIO()
    >>> args = argparse.Namespace(preset=None, decks="1", cards="Th 6s", dealer="10", seen="", json=False,
    ...                           lang="en")
    >>> advise(args, BLACK_JACK, out)
    >>> out.getvalue().splitlines()[0]
    'Your hand: 16 against the dealer’s 10, from 1 deck (the cards shown out).'
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from fractions import Fraction

from ...core import options
from ...core.cards import FRENCH, check_possible, full_deck, parse_cards
from ...core.drive import analyze as analyze_game
from ...core.drive import burned_shoe, play, play_shoe
from ...core.errors import CardError, RulesError
from ...core.formatting import decimal, percent, signed
from ...core.i18n import N_, translate, translate_plural
from ...core.model import Game
from ...core.narration import narrate, stop_card_text
from ...core.progress import TerminalCounter, terminal_bar
from ...core.rng import SeededRandom
from .analysis import CHALLENGE, DEALER, INSURANCE, MAIN, OPTIMAL, PERFECT_PAIRS
from .coup import BlackJackCoup, Stakes
from .dealer import FINALS, MIN_SHOE
from .events import BLACKJACK_PUSH, BLACKJACK_WINS, LOSES, LOSES_TO_BLACKJACK, PUSH, WINS, HandBusts, HandSettled
from .expectation import ACTIONS, DOUBLE, HIT, SPLIT, STAND, SURRENDER, Evaluator
from .hands import BLACKJACK_POINTS, CLASS_NAMES, VALUE_CLASSES, add_card, class_of_name, counts_of, total_of_counts
from .narration import dealer_burn_text, total_text
from .rules import BlackJackRules
from .strategy import strategy_table

#: The options of the verbs these games add (`naipes.cli` adds `game`, `--preset`, `--json`, `--lang`).
ARGUMENTS = {
    "advise": (
        ("--cards", N_('your cards, e.g. "Th 6s" (Black Jack) or "4o Sb" (Siete y medio: the first is the hidden '
                       'one)'), ""),
        ("--dealer", N_("the dealer's card (Black Jack, Challenge 21): A, 2 … 10, or a card such as Kd"), None),
        ("--seen", N_('cards already out of the shoe, e.g. "7c Sb" (Siete y medio) or "5c 5d" (Black Jack)'), ""),
    ),
}
SPLIT_METHOD = ("exact for a strategy that plays each split hand by its own cards (CDZ-, or CDP1 by option), as "
                "Eric Farmer's and MGP's combinatorial analysers: each hand's expectation by the pattern of pair "
                "cards and other cards drawn as second cards, the other hands' cards removed at random")
ACTION_LABELS = {STAND: N_("stand"), HIT: N_("hit"), DOUBLE: N_("double"), SPLIT: N_("split"),
                 SURRENDER: N_("surrender")}
KIND_LABELS = {WINS: N_("Won: {n}"), LOSES: N_("Lost: {n}"), PUSH: N_("Ties: {n}"),
               BLACKJACK_WINS: N_("Black jacks paid: {n}"), BLACKJACK_PUSH: N_("Black jacks tied: {n}"),
               LOSES_TO_BLACKJACK: N_("Lost to the dealer's black jack: {n}")}


def _print(out, line: str) -> None:
    print(line, file=out)


def _stakes(rules: BlackJackRules) -> list[Stakes]:
    """One box: one unit on every round and, in Black Jack, one on Perfect Pairs."""
    return [Stakes((1,) * rules.rounds, 1 if rules.rounds == 1 else 0)]


def deal(args: argparse.Namespace, game: Game, out) -> None:
    """Narrate one coup dealt from a seeded shoe, the box playing the engine's basic strategy."""
    rules = game.rules_from(args)
    seed = options.seed(args.seed)
    shoe, burned = burned_shoe(rules, game.deck, seed)
    if burned is not None and dealer_burn_text(burned, args.lang):
        _print(out, dealer_burn_text(burned, args.lang))
    # the narrated coup's chart decisions also name the exact best where it differs (not the shoe's: its many)
    conduct = replace(game.conduct(rules), exact_note=True)
    record = play(BlackJackCoup(rules, _stakes(rules)), shoe, conduct, rng=SeededRandom(seed))
    for event in record.coup.events:
        _print(out, narrate(event, args.lang))


def shoe(args: argparse.Namespace, game: Game, out) -> None:
    """Deal a whole shoe to the cut card, one box playing basic strategy, and count the results."""
    rules = game.rules_from(args)
    record = play_shoe(game, rules, options.seed(args.seed))
    t = lambda message: translate(message, args.lang)  # noqa: E731
    if record.burn is not None and dealer_burn_text(record.burn, args.lang):
        _print(out, dealer_burn_text(record.burn, args.lang))
    counts = {kind: 0 for kind in KIND_LABELS}
    busts = 0
    net = Fraction(0)
    for number, coup_record in enumerate(record.coups, 1):
        coup = coup_record.coup
        for event in coup.events:
            if isinstance(event, HandSettled):
                counts[event.kind] += 1
            elif isinstance(event, HandBusts):
                busts += 1
        result = coup.net()[0]
        net += result
        if args.verbose:
            _print(out, f"{number}. " + narrate(coup.events[-1], args.lang))
    if record.stop_card_out:
        _print(out, stop_card_text(args.lang))
    _print(out, t(N_("Coups: {coups}")).format(coups=len(record.coups)))
    for kind, message in KIND_LABELS.items():
        _print(out, t(message).format(n=counts[kind]))
    _print(out, t(N_("Over 21: {n}")).format(n=busts))
    _print(out, t(N_("Net result of the box: {net} units.")).format(net=signed(net, args.lang)))


def _entry(value: Fraction | None) -> dict | None:
    return None if value is None else {"probability": float(value), "exact": str(value)}


def _value(value: Fraction | None) -> dict | None:
    return None if value is None else {"value": float(value), "exact": str(value)}


def analysis_json(report, rules: BlackJackRules) -> dict:
    """The report as the issue's JSON: `dealer`, `house_edge`, `perfect_pairs`, `insurance` (and `challenge_21`)."""
    dealer = {first: {str(final): _entry(row[final]) for final in FINALS}
              for first, row in report.extra[DEALER].items()}
    main, optimal = report.line(MAIN), report.line(OPTIMAL)
    pairs = report.line(PERFECT_PAIRS)
    data: dict = {
        DEALER: dealer,
        "house_edge": None if main.house_edge is None else {
            **_value(main.house_edge), "strategy": "basic",  # type: ignore[dict-item]
            "optimal": _value(optimal.house_edge)},
        PERFECT_PAIRS: {"pays": list(rules.perfect_pairs), "decks": rules.decks,
                        "house_edge": _value(pairs.house_edge), "any_pair": _entry(pairs.probability),
                        **{kind: _entry(p) for kind, p in report.extra[PERFECT_PAIRS].items()}},
    }
    try:
        insurance = report.line(INSURANCE)
        data[INSURANCE] = {**(_entry(insurance.probability) or {}), "pays": str(rules.insurance_pays),
                           "house_edge": _value(insurance.house_edge)}
    except KeyError:
        data[INSURANCE] = None
    if CHALLENGE in report.extra:
        data[CHALLENGE] = {key: _value(value) for key, value in report.extra[CHALLENGE].items()}
    return data


def rules_json(rules: BlackJackRules) -> dict:
    """The rules options as the command line spells them.

    Examples:
        >>> from naipes.games.black_jack.rules import PRESETS
        >>> rules_json(PRESETS.get())["soft_17"], rules_json(PRESETS.get())["blackjack_pays"]
        ('stand', '3:2')
    """
    pays = Fraction(rules.blackjack_pays)
    return {"soft_17": "hit" if rules.hits_soft_17 else "stand", "double": rules.double,
            "double_after_split": "yes" if rules.double_after_split else "no", "max_hands": rules.max_hands,
            "resplit_aces": "yes" if rules.resplit_aces else "no", "surrender": rules.surrender,
            "hole_card": rules.hole_card, "dealer_blackjack_takes": rules.dealer_blackjack_takes,
            "blackjack_pays": f"{pays.numerator}:{pays.denominator}", "split_strategy": rules.split_strategy}


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """The dealer's exact table, the house edges of the main bet, Perfect Pairs and insurance (fast or walk)."""
    rules = game.rules_from(args)
    removed = parse_cards(args.remove, FRENCH)
    check_possible({"--remove": removed}, full_deck(FRENCH) * rules.decks)
    counts = VALUE_CLASSES.without(rules.decks, removed)
    if counts == VALUE_CLASSES.full(rules.decks):  # the report's strategy table: a bar while it is computed
        strategy_table(rules, terminal_bar(sys.stderr, translate(N_("Computing the strategy table"), args.lang)))
    report = analyze_game(game, rules, counts, args.method)
    if args.json:
        data = analysis_json(report, rules)
        data["rules"] = {"game": game.id, "preset": rules.name, "decks": rules.decks, **rules_json(rules),
                         "removed": [str(c) for c in removed], "method": args.method,
                         "house_edge": "a full shoe of the rules' decks only (null when cards are removed)"}
        _print(out, json.dumps(data, indent=2, ensure_ascii=False))
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    _print(out, t(N_("The dealer's final total by first card:")))
    heads = [str(f) for f in FINALS[:5]] + [t(N_("black jack")), t(N_("over 21"))]
    _print(out, f"{'':>4} " + " ".join(f"{h:>10}" for h in heads))
    for first, row in report.extra[DEALER].items():
        _print(out, f"{first:>4} " + " ".join(f"{percent(row[f], args.lang, 2):>10}" for f in FINALS))
    for line in report.lines:
        if line.house_edge is not None:
            _print(out, t(N_("{label}: house edge {edge}.")).format(label=t(line.label),
                                                                     edge=percent(line.house_edge, args.lang, 4)))


def _shoe_for_advice(rules: BlackJackRules, hand, dealer: int, seen) -> tuple[int, ...]:
    counts = VALUE_CLASSES.without(rules.decks, list(hand) + list(seen))
    if not counts[dealer]:
        raise CardError("The dealer's card is not in the shoe: every card of that value is out.")
    shoe = add_card(counts, dealer, -1)
    if sum(shoe) - len(hand) < MIN_SHOE:
        # TRANSLATORS: {n} is never 1: it is the dealer's MIN_SHOE, 12 cards, or one more.
        raise CardError("The shoe needs at least {n} cards for the dealer's exact table.", n=MIN_SHOE)
    return shoe


def advise(args: argparse.Namespace, game: Game, out) -> None:
    """The exact value of every action open to a hand against the dealer's card, and the best one."""
    rules = game.rules_from(args)
    hand = parse_cards(args.cards or "", FRENCH)
    if len(hand) < 2:
        raise CardError("The hand needs at least two cards, e.g. \"Th 6s\".")
    if args.dealer is None:
        raise RulesError("Give the dealer's card with --dealer, e.g. --dealer 10.")
    dealer = class_of_name(args.dealer)
    seen = parse_cards(args.seen or "", FRENCH)
    dealer_card = parse_cards(args.dealer, FRENCH) if len(args.dealer.strip()) in (2, 3) and \
        args.dealer.strip().upper() != "10" else ()
    check_possible({"--cards": hand, "--dealer": dealer_card, "--seen": seen}, full_deck(FRENCH) * rules.decks)
    classes = counts_of(hand)
    if total_of_counts(classes).points > BLACKJACK_POINTS:
        raise RulesError("The hand already has {total}: it is over 21.", total=total_of_counts(classes).points)
    # The shoe the hand came from: every card shown out (the hand's own cards stay in: the evaluator takes them out).
    counts = _shoe_for_advice(rules, hand, dealer, seen)
    shoe = tuple(a + b for a, b in zip(counts, classes))
    # A CDP split walks its shoes for seconds to minutes, how many is known only at the end: they are counted.
    with TerminalCounter(sys.stderr, translate(N_("Valuing the split hands, shoe compositions so far:"), args.lang)) as step:
        values = Evaluator(rules, dealer, shoe, split_progress=step).values(classes)
    best = max(values, key=lambda name: (values[name], -ACTIONS.index(name)))
    total = total_of_counts(classes)
    if args.json:
        _print(out, json.dumps({
            "cards": [str(c) for c in hand], "dealer": CLASS_NAMES[dealer], "seen": [str(c) for c in seen],
            "decks": rules.decks, "total": total.points, "soft": total.soft, "best": best,
            "actions": {name: _value(value) for name, value in values.items()},
            "model": "per unit bet, exact for the shoe less the dealer's card, the hand and the cards seen",
            "split_method": SPLIT_METHOD,
        }, indent=2, ensure_ascii=False))
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    decks = translate_plural("{count} deck", "{count} decks", rules.decks, args.lang).format(count=rules.decks)
    _print(out, t(N_("Your hand: {total} against the dealer’s {dealer}, from {decks} (the cards shown out).")).format(
        total=total_text(total, args.lang), dealer=CLASS_NAMES[dealer], decks=decks))
    _print(out, t(N_("Expected result per unit bet:")))
    for name, value in values.items():
        _print(out, f"  {t(ACTION_LABELS[name])}: {decimal(value, args.lang, 6)}")
    _print(out, t(N_("Best: {choice}.")).format(choice=t(ACTION_LABELS[best])))
