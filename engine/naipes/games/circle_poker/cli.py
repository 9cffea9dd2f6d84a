"""Circle poker's command-line verbs: `analyze --deck`, `rank`, `showdown`, `equity`, `deal` and `shoe`.

Called through `naipes.cli` (each game's `Game.commands`)::

    naipes analyze circle-poker --deck 32 --json
    naipes analyze holdem --json               # the best five of seven cards
    naipes rank circle-poker "As Ks Qs Js 9s" --deck 32 --json
    naipes showdown holdem --hands "Ah Kh" "Qs Qd" --board "Qh 7h 2c 9h 3s" --json
    naipes equity holdem --hands "Ad Ac" "Kh Ks" --json
    naipes deal omaha --seed 7
    naipes shoe holdem --seed 3 --verbose

Several hands go in one `--hands` value, separated by `/` (or `|`); a list of
values is read the same way. `--deck` (52, 36 or 32) may also be written
`--decks`, the generic option it abbreviates.

Examples:
    >>> import io
    >>> from naipes.games.registry import game
    >>> out = io.StringIO()
    >>> args = argparse.Namespace(hands="Ah Kh / Qs Qd", board="Qh 7h 2c 9h 3s", deck=None, decks=None,
    ...                           preset=None, json=True, lang="en")
    >>> showdown_command(args, game("holdem"), out)
    >>> data = json.loads(out.getvalue())
    >>> data["winners"], data["players"][0]["category"], data["reason"]["kind"]
    ([1], 'flush', 'category')
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from ...core import options
from ...core.cards import check_possible, parse_cards
from ...core.drive import analyze as analyze_game, play, walk_exact
from ...core.errors import RulesError, SpecError
from ...core.formatting import percent
from ...core.i18n import N_, translate, translate_plural
from ...core.model import Game
from ...core.narration import narrate, rule_text
from ...core.progress import terminal_bar
from ...core.rng import SeededRandom
from ..poker.kernel import CARDS
from .analysis import fast_report, walk_report
from .coup import NO_DECISIONS, RankedHand, TableConduct, TableHand, hand_shoe, hand_size, seat_role
from .equity import DEFAULT_PRECISION, MOST_DEALS, Problem, exact, half_width, simulate, simulate_to
from .narration import chips_text, showdown_lines
from .rules import CirclePokerRules
from .showdown import showdown

#: The options of the verbs (`naipes.cli` adds `game`, `--preset`, `--json`, `--lang`).
ARGUMENTS = {
    "showdown": (("--hands", N_('each player\'s cards: "Ah Kh" "Qs Qd" (or "Ah Kh / Qs Qd")'), None, {"nargs": "+"}),
                 ("--board", N_('the community cards, e.g. "Qh 7h 2c 9h 3s"'), "")),
    "equity": (("--hands", N_('each player\'s cards: "Ah Kh" "Qs Qd" (or "Ah Kh / Qs Qd")'), None, {"nargs": "+"}),
               ("--board", N_('the community cards, e.g. "Qh 7h 2c 9h 3s"'), ""),
               ("--dead", N_("cards known to be out of play"), ""),
               ("--seed", N_("the simulation's seed (when the exact count is too long)"), "1"),
               ("--deals", N_("simulated deals when the exact count is too long (default: as many as --precision "
                              "needs)"), None),
               ("--precision", N_("the simulation stops when every equity's 95-per-cent confidence interval is "
                                  "within ± this many percentage points (default 1)"), None)),
}
#: How many hands a game of `shoe` plays at most (every player holds the mà `deals_each` times).
MAX_GAME_HANDS = 40


def _print(out, line: str) -> None:
    print(line, file=out)


def hands_of(value: object) -> list[str]:
    """The hands of `--hands`: one string with `/` or `|` between hands, or a list of them.

    Raises:
        SpecError: no hands given.

    Examples:
        >>> hands_of("Ah Kh / Qs Qd"), hands_of(["Ah Kh", "Qs Qd|2c 2d"])
        (['Ah Kh', 'Qs Qd'], ['Ah Kh', 'Qs Qd', '2c 2d'])
    """
    parts = [value] if isinstance(value, str) else list(value or [])
    hands = [h.strip() for part in parts for h in str(part).replace("|", "/").split("/")]
    if not any(hands):
        raise SpecError('Give each player\'s cards with --hands, separated by "/": "Ah Kh / Qs Qd".')
    return hands


def _dump(out, data: dict) -> None:
    _print(out, json.dumps(data, indent=2, ensure_ascii=False))


# --- analyze ---------------------------------------------------------------------------------------------

def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """How many hands of each category the deck deals (best five of the player's cards), fast or by the walk."""
    rules = game.rules_from(args)
    method = getattr(args, "method", "fast") or "fast"
    removed = parse_cards(getattr(args, "remove", "") or "")
    check_possible({"--remove": removed}, rules.ranking.deck())
    counts = CARDS.without(1, removed)
    if game.analysis is not None:
        report = analyze_game(game, rules, counts, method)
    elif method == "walk":  # the seven-card walk is too long for the registry's checks: it runs on demand
        distribution = walk_exact(RankedHand(rules, hand_size(rules)), counts, NO_DECISIONS, replacement=True)
        report = walk_report(rules, distribution, counts)
    elif method == "fast":
        report = fast_report(rules, counts)
    else:
        raise SpecError("Unknown method {method!r}: use fast or walk.", method=method)
    extra = report.extra
    if getattr(args, "json", False):
        total = extra["hands"]
        _dump(out, {
            "categories": {c: {"count": n, "probability": n / total, "exact": str(Fraction(n, total))}
                           for c, n in extra["counts"].items()},
            "order": extra["order"], "hands": total, "cards": extra["cards"], "deck": extra["deck"],
            "rarity": extra["rarity"],
            "rules": {"game": game.id, "preset": rules.name, "deck": rules.deck, "removed": [str(c) for c in removed],
                      "method": method}})
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    # TRANSLATORS: {cards} is never 1: hands of 5 or 7 cards.
    _print(out, t(N_("Hands of {cards} cards from a {deck}-card deck (the best five), in the regulation's order:"))
           .format(cards=extra["cards"], deck=extra["deck"]))
    for line in report.lines:
        _print(out, f"  {t(line.label):20} {extra['counts'][line.key]:>12} {percent(line.probability, args.lang, 4):>12}")


# --- rank ------------------------------------------------------------------------------------------------



# --- showdown and equity -------------------------------------------------------------------------------------

def _variant(rules: CirclePokerRules, game: Game):
    if rules.dealt is None:
        raise SpecError("The command {command} is for a variant: holdem, omaha, seven-card-stud or five-card-stud.",
                        command="showdown / equity")
    return rules.dealt


def showdown_command(args: argparse.Namespace, game: Game, out) -> None:
    """The showdown of the given hands: each best hand, the winners and the rule that decided."""
    rules = game.rules_from(args)
    variant = _variant(rules, game)
    result = showdown(hands_of(getattr(args, "hands", None)), getattr(args, "board", "") or "", variant,
                      rules.ranking, rules.ranking_interpreted)
    lines = showdown_lines(result, args.lang)
    if getattr(args, "json", False):
        reason = result.reason
        _dump(out, {
            "variant": variant.id, "deck": rules.deck, "board": [str(c) for c in parse_cards(args.board or "")],
            "players": [{"player": p.seat + 1, "cards": [str(c) for c in p.own], "category": p.best.category,
                         "best": [str(c) for c in p.best.cards], "tie_break": list(p.best.ranks),
                         "rank": p.best.strength} for p in result.hands],
            "winners": [s + 1 for s in result.winners],
            "reason": {"kind": reason.kind, "index": reason.index, "rule": reason.rule.text,
                       "source": reason.rule.source, "interpretation": reason.rule.interpretation,
                       "text": rule_text(reason.rule, args.lang)},
            "narration": lines})
        return
    for line in lines:
        _print(out, line)


def _precision(value: object) -> float:
    """`--precision` in percentage points (`0.5`, `0.5%`), as a share of the pot.

    Raises:
        RulesError: not a number from 0.1 to 10.

    Examples:
        >>> _precision("0.5%"), _precision("2")
        (0.005, 0.02)
    """
    text = str(value).strip()
    number = options.parse_number(text[:-1] if text.endswith("%") else text)
    if number is None or not Fraction(1, 10) <= number <= 10:
        raise RulesError("--precision must be a number of percentage points from 0.1 to 10, not {value!r}.",
                         value=text)
    return float(number / 100)


def equity_command(args: argparse.Namespace, game: Game, out) -> None:
    """Each hand's share of the pot: exact when every deal can be counted quickly, else a seeded simulation."""
    rules = game.rules_from(args)
    variant = _variant(rules, game)
    problem = Problem.read(variant, rules.ranking, hands_of(getattr(args, "hands", None)),
                           getattr(args, "board", "") or "", getattr(args, "dead", "") or "")
    seed = options.seed(getattr(args, "seed", "1") or "1")
    deals, precision = getattr(args, "deals", None), getattr(args, "precision", None)
    wanted = options.whole(deals or "100000", "--deals", 1, 10_000_000)
    width = DEFAULT_PRECISION if precision is None else _precision(precision)
    if problem.exact_possible(budget=max(60_000, 20 * wanted)):
        odds = exact(problem)
    elif deals is not None and precision is None:  # a number of deals asked for: exactly those batches
        odds = simulate(problem, seed, wanted)
    else:
        bar = terminal_bar(sys.stderr, translate(N_("Simulating deals"), args.lang))
        odds = simulate_to(problem, seed, width, wanted if deals is not None else MOST_DEALS, bar)
    if getattr(args, "json", False):
        players = []
        for number, (own, p) in enumerate(zip(problem.hands, odds.players), 1):
            entry = {"player": number, "cards": [str(c) for c in own], "equity": float(p.equity), "win": float(p.win),
                     "tie": float(p.tie)}
            if odds.exact:
                entry["exact"] = {"equity": str(p.equity), "win": str(p.win), "tie": str(p.tie)}
            else:
                entry["confidence_interval"] = {"equity": list(p.interval)}
            players.append(entry)
        data = {"variant": variant.id, "deck": rules.deck, "board": [str(c) for c in problem.board],
                "dead": [str(c) for c in problem.dead], "method": "exact" if odds.exact else "simulation",
                "deals": odds.deals, "players": players}
        if not odds.exact:
            data.update(seed=seed, confidence=0.95, half_width=half_width(odds))
            if deals is None or precision is not None:
                data["precision"] = width
        _dump(out, data)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    if odds.exact:
        _print(out, translate_plural("Exact: the {deals} deal of the missing cards.",
                                     "Exact: every one of the {deals} deals of the missing cards.", odds.deals,
                                     args.lang).format(deals=odds.deals))
    else:
        _print(out, translate_plural(
            "Simulation of {deals} deal (seed {seed}): {level} confidence interval of ±{half}.",
            "Simulation of {deals} deals (seed {seed}): {level} confidence interval of ±{half}.", odds.deals,
            args.lang).format(
            deals=odds.deals, seed=seed, level=percent(Fraction(95, 100), args.lang, 0), half=percent(half_width(odds), args.lang, 2)))
    for number, (own, p) in enumerate(zip(problem.hands, odds.players), 1):
        _print(out, t(N_("Player {player} ({cards}): equity {equity}, wins {win}, ties {tie}.")).format(
            player=number, cards=" ".join(str(c) for c in own) or "?", equity=percent(p.equity, args.lang, 2),
            win=percent(p.win, args.lang, 2), tie=percent(p.tie, args.lang, 2)))


# --- dealing hands ---------------------------------------------------------------------------------------

def deal(args: argparse.Namespace, game: Game, out) -> None:
    """Narrate one hand dealt from a seeded deck (the common rules: one hand of five; a variant: the table)."""
    rules = game.rules_from(args)
    seed = options.seed(getattr(args, "seed", "1") or "1")
    shoe = hand_shoe(rules, seed)
    coup = game.new_coup(rules)
    record = play(coup, shoe, game.conduct(rules), rng=SeededRandom(seed))
    lines = [narrate(event, args.lang) for event in record.coup.events]
    if getattr(args, "json", False):
        _dump(out, {"game": game.id, "preset": rules.name, "seed": seed, "narration": lines,
                    "winners": [s + 1 for s in getattr(record.coup, "winners", ())],
                    "returns": {k: str(v) for k, v in record.coup.returns({}).items()}})
        return
    for line in lines:
        _print(out, line)


def shoe(args: argparse.Namespace, game: Game, out) -> None:
    """Play a whole game of a variant: every player holds the mà twice (source 002 §12.II; once for a preset that
    sets no length), a fresh deck each hand."""
    rules = game.rules_from(args)
    if rules.dealt is None:
        raise SpecError("The command {command} is for a variant: holdem, omaha, seven-card-stud or five-card-stud.",
                        command="shoe")
    seed = options.seed(getattr(args, "seed", "1") or "1")
    rng = SeededRandom(seed)
    times = rules.deals_each or 1  # a source that sets no length: every player holds the mà once
    hands = min(MAX_GAME_HANDS, rules.players * times)
    net = [0] * rules.players
    t = lambda message: translate(message, args.lang)  # noqa: E731
    for number in range(hands):
        marker = (-number) % rules.players  # the mà moves one seat clockwise: against the dealing order
        record = play(TableHand(rules, marker), hand_shoe(rules, rng.below(2**63)), TableConduct(), rng=rng)
        for role, value in record.coup.returns({}).items():
            net[int(role.rpartition("-")[2]) - 1] += int(value)
        if getattr(args, "verbose", False):
            _print(out, f"{number + 1}. " + narrate(record.coup.events[-1], args.lang))
    _print(out, translate_plural("A game of {hands} hands: every player held the mà {times} time.",
                                 "A game of {hands} hands: every player held the mà {times} times.", times,
                                 args.lang).format(hands=hands, times=times))
    for seat, value in enumerate(net):
        _print(out, t(N_("Player {seat}: {net} net.")).format(seat=seat + 1, net=(
            "+" if value > 0 else "") + chips_text(value, args.lang)))
    _print(out, t(N_("The house took {chips} in all.")).format(chips=chips_text(-sum(net), args.lang)))


def common_shoe(args: argparse.Namespace, game: Game, out) -> None:
    """The common rules deal no table: `shoe` is for the variants."""
    raise SpecError("The command {command} is for a variant: holdem, omaha, seven-card-stud or five-card-stud.",
                    command="shoe")


__all__ = ["ARGUMENTS", "analyze", "common_shoe", "deal", "equity_command", "seat_role", "shoe",
           "showdown_command"]
