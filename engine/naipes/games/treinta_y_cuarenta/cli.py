"""The command line of Treinta y Cuarenta: `deal`, `shoe`, `analyze`, and its own `odds` and `play`.

Called through `naipes.cli` (the game's `Game.commands`)::

    naipes deal treinta-y-cuarenta --seed 7 --lang ca
    naipes shoe treinta-y-cuarenta --seed 7 --verbose
    naipes analyze treinta-y-cuarenta --decks 8 --json
    naipes odds treinta-y-cuarenta --tie-rule prison --cards-left 12 --json
    naipes play treinta-y-cuarenta --bets "noir=10, couleur=5" --coups 20 --tie-rule prison

Examples:
    >>> import io
    >>> from naipes.games.treinta_y_cuarenta import TREINTA_Y_CUARENTA
    >>> out = io.StringIO()
    >>> args = argparse.Namespace(preset=None, decks="1", commission=None, tie_pays=None, remove="", method="fast",
    ...                           json=True, lang="en")
    >>> analyze(args, TREINTA_Y_CUARENTA, out)
    >>> data = json.loads(out.getvalue())
    >>> sorted(data)[:4], round(data["tie_31"]["probability"], 6)
    (['bets', 'first_black', 'insurance', 'refait'], 0.021741)
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from ...core import options
from ...core.cards import check_possible, full_deck, parse_cards
from ...core.drive import analyze as analyze_game
from ...core.errors import RulesError
from ...core.formatting import percent
from ...core.i18n import N_, translate, translate_plural
from ...core.model import Game, Report
from ...core.narration import narrate
from ...core.progress import terminal_bar
from .analysis import FIRST_BLACK, INSURANCE, REFAIT, TIE_31, TIE_RULES_KEY, WINS
from .site_odds import fast_report, shoe_report
from .rules import BETS, TIE_RULE_NAMES, TOTALS, TreintaRules, tie_rule
from .table import Table, deal_coup, open_shoe
from ...core.formatting import units
from .narration import bet_name

#: The options of the verbs this game adds (`naipes.cli` adds `game`, `--preset`, `--json`, `--lang`).
ARGUMENTS = {
    "odds": (
        ("--remove", N_('cards already out of the shoe, e.g. "As Kd 9c"'), ""),
        ("--cards-left", N_("cards left before the separator: a coup needing more is void (default: a fresh "
                            "shoe)"), None),
    ),
    "play": (
        ("--seed", N_("shuffle seed, 0 to 2**63-1 (the same seed deals the same cards everywhere)"), "1"),
        ("--bets", N_('the stakes placed on every coup, e.g. "noir=10, couleur=5"'), "noir=1"),
        ("--coups", N_("how many coups to play, 1 to 200"), "10"),
    ),
}
COUNTS = (("noir", N_("Noir wins: {n}")), ("rouge", N_("Rouge wins: {n}")), ("couleur", N_("Couleur wins: {n}")),
          ("inverse", N_("Inverse wins: {n}")), ("refait", N_("Refaits: {n}")), ("31-31", N_("31–31: {n}")),
          ("void", N_("Void coups: {n}")))


def _bar(args: argparse.Namespace):
    """A progress bar on stderr when it is a terminal (an exact count with cards removed takes seconds)."""
    return terminal_bar(sys.stderr, translate(N_("Counting the coups"), args.lang))


def _print(out, line: str) -> None:
    print(line, file=out)


def _entry(value: Fraction) -> dict:
    return {"probability": float(value), "exact": str(value)}


def _edge(value: Fraction) -> dict:
    return {"house_edge": float(value), "exact": str(value)}


def deal(args: argparse.Namespace, game: Game, out) -> None:
    """Shuffle, cut, place the separator, burn, and narrate one coup with the croupier's announcement."""
    rules = game.rules_from(args)
    played = Table(rules, options.seed(args.seed)).play({})
    for event in played.opening + played.coup.events + played.separator:
        _print(out, narrate(event, args.lang))


def shoe(args: argparse.Namespace, game: Game, out) -> None:
    """Deal a whole shoe to the separator and count what won."""
    rules = game.rules_from(args)
    opened = open_shoe(rules, options.seed(args.seed))
    t = lambda message: translate(message, args.lang)  # noqa: E731
    for event in opened.events:
        _print(out, narrate(event, args.lang))
    counts = {name: 0 for name, _ in COUNTS}
    coups = 0
    while not opened.separator_out:
        coup, separator = deal_coup(rules, opened)
        coups += 1
        for result in coup.results():
            counts[result] += 1
        if args.verbose:
            _print(out, f"{coups}. " + narrate(coup.events[-1], args.lang))
        for event in separator:
            _print(out, narrate(event, args.lang))
    _print(out, t(N_("Coups: {coups}")).format(coups=coups))
    for name, message in COUNTS:
        _print(out, t(message).format(n=counts[name]))


def report_data(report: Report) -> dict:
    """A report as the JSON of `analyze` and `odds`: rows, ties, and each chance's house edge under each rule."""
    lines = {line.key: line for line in report.lines}
    extra = report.extra
    data: dict = {
        "rows": {str(t): _entry(lines[f"row-{t}"].probability) for t in TOTALS},  # type: ignore[arg-type]
        FIRST_BLACK: {str(t): _entry(p) for t, p in extra[FIRST_BLACK].items()},  # type: ignore[union-attr]
        "ties": {str(t): _entry(lines[f"tie-{t}"].probability) for t in TOTALS},  # type: ignore[arg-type]
        TIE_31: _entry(extra[TIE_31]),  # type: ignore[arg-type]
        REFAIT: _entry(extra[REFAIT]),  # type: ignore[arg-type]
        "void": _entry(extra["void"]),  # type: ignore[arg-type]
        "bets": {},
        TIE_RULES_KEY: {rule: {bet: _edge(edge) for bet, edge in edges.items()}
                        for rule, edges in extra[TIE_RULES_KEY].items()},  # type: ignore[union-attr]
        INSURANCE: {bet: _edge(edge) for bet, edge in extra[INSURANCE].items()},  # type: ignore[union-attr]
    }
    for bet in BETS:
        win, lose = extra[WINS][bet]  # type: ignore[index]
        data["bets"][bet] = {**_edge(lines[bet].house_edge), "win": _entry(win), "lose": _entry(lose)}  # type: ignore
    return data


def _show(args: argparse.Namespace, rules: TreintaRules, report: Report, out, cards_left: int | None = None) -> None:
    data = report_data(report)
    t = lambda message: translate(message, args.lang)  # noqa: E731
    p = lambda value: percent(Fraction(value["exact"]), args.lang, 4)  # noqa: E731
    _print(out, t(N_("A row's final total, and both rows ending on it:")))
    headings = t(N_("Total")), t(N_("A row")), t(N_("Both rows"))  # not in the f-string: the extractor skips those
    _print(out, f"{headings[0]:>6} {headings[1]:>12} {headings[2]:>12}")
    for total in TOTALS:
        _print(out, f"{total:>6} {p(data['rows'][str(total)]):>12} {p(data['ties'][str(total)]):>12}")
    _print(out, t(N_("31–31: {p}. Other equal rows (refait): {q}.")).format(p=p(data[TIE_31]), q=p(data[REFAIT])))
    if cards_left is not None:
        _print(out, translate_plural("Void (more than {n} card needed): {p}.", "Void (more than {n} cards needed): {p}.",
                                     cards_left, args.lang).format(n=cards_left, p=p(data["void"])))
    columns = (("half", N_("half")), ("prison-stays", N_("prison")), ("prison-lost", N_("prison (a)")))
    _print(out, t(N_("House edge of each chance, by the rule of 31–31:")))
    _print(out, f"{'':10} " + " ".join(f"{t(name):>12}" for _, name in columns) + f" {t(N_('insured')):>12}")
    for bet in BETS:
        cells = [p(data[TIE_RULES_KEY][rule][bet]) for rule, _ in columns] + [p(data[INSURANCE][bet])]
        _print(out, f"{bet_name(bet, args.lang):10} " + " ".join(f"{cell:>12}" for cell in cells))
    _print(out, t(N_("(a) a stake in prison is lost on another 31–31. Insured: a premium of {share} of the stake "
                     "saves it from the 31–31.")).format(share=percent(Fraction(rules.insurance_premium),
                                                                           args.lang, 0)))
    _print(out, t(N_("The rules' 31–31: {rule}.")).format(rule=t(TIE_RULE_NAMES[rules.tie_31])))


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """Exact rows, ties and house edges (fast, or with the row distribution from the generic walk)."""
    rules = game.rules_from(args)
    removed = parse_cards(args.remove, game.deck)
    counts = game.classes.without(rules.decks, removed)
    if args.method == "fast":  # a removed card takes a couple of seconds: a bar on a terminal
        report = fast_report(rules, tuple(counts), _bar(args))
    else:
        report = analyze_game(game, rules, counts, args.method)
    if args.json:
        data = report_data(report)
        data["rules"] = {"game": game.id, "preset": rules.name, "decks": rules.decks, "tie_31": rules.tie_31,
                         "prison_again": rules.prison_again, "removed": [str(c) for c in removed],
                         "method": args.method}
        _print(out, json.dumps(data, indent=2, ensure_ascii=False))
        return
    _show(args, rules, report, out)


def odds(args: argparse.Namespace, game: Game, out) -> None:
    """The exact analysis with the options `analyze` does not take: the 31–31 rule and the separator."""
    rules = game.rules_from(args)
    removed = parse_cards(args.remove, game.deck)
    check_possible({"--remove": removed}, full_deck(game.deck) * rules.decks)
    counts = game.classes.without(rules.decks, removed)
    in_shoe = len(full_deck(game.deck)) * rules.decks - len(removed)
    cards_left = None if args.cards_left is None else options.whole(args.cards_left, "--cards-left", 1, in_shoe)
    # Each row passes 30 with four cards at the fewest (a card is worth 10 at most): fewer than eight cards before
    # the separator decide no coup, refused here before the (long) exact count would find so.
    if cards_left is not None and cards_left < 8:
        raise RulesError("--cards-left {n}: no coup can be decided before the separator.", n=str(cards_left))
    report = shoe_report(rules, counts, cards_left, progress=_bar(args))
    if args.json:
        data = report_data(report)
        data["rules"] = {"game": game.id, "preset": rules.name, "decks": rules.decks, "tie_31": rules.tie_31,
                         "prison_again": rules.prison_again, "removed": [str(c) for c in removed],
                         "cards_left": cards_left}
        _print(out, json.dumps(data, indent=2, ensure_ascii=False))
        return
    _show(args, rules, report, out, cards_left)


def _bets(text: str) -> dict[str, str]:
    stakes = {}
    for part in str(text).replace(";", ",").split(","):
        if not part.strip():
            continue
        bet, sep, stake = part.partition("=")
        if not sep:
            raise RulesError("Write each bet as chance=stake, e.g. noir=10, not {part!r}.", part=part.strip())
        stakes[bet.strip().lower()] = stake.strip()
    return stakes


def play(args: argparse.Namespace, game: Game, out) -> None:
    """Play coups at a table with the same stakes on each, the prison carried from coup to coup."""
    rules = game.rules_from(args)
    table = Table(rules, options.seed(args.seed))
    coups = options.whole(args.coups, "--coups", 1, 200)
    stakes = _bets(args.bets)
    t = lambda message: translate(message, args.lang)  # noqa: E731
    for _ in range(coups):
        played = table.play(stakes)
        for event in played.opening:
            _print(out, narrate(event, args.lang))
        _print(out, t(N_("Coup {number}:")).format(number=played.number))
        for event in [played.coup.events[-1]] + played.separator + list(played.settled):
            _print(out, "  " + narrate(event, args.lang))
    prison = ", ".join(f"{bet_name(bet, args.lang)} {units(stake, args.lang)}" for bet, stake in table.prison.items())
    sign = "+" if table.balance > 0 else "-" if table.balance < 0 else ""
    _print(out, translate_plural("Balance after {coups} coup: {balance}.", "Balance after {coups} coups: {balance}.",
                                 coups, args.lang).format(coups=coups, balance=sign + units(table.balance, args.lang)))
    if prison:
        _print(out, t(N_("Still in prison: {stakes}.")).format(stakes=prison))


__all__ = ["ARGUMENTS", "analyze", "deal", "odds", "play", "shoe", "tie_rule"]
