"""The ``naipes`` command line: deal, play a shoe, analyse exactly.

Bad input prints one translated line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from fractions import Fraction
from typing import Sequence

from . import __version__, family_cli, mini_punto_banca, siete_y_medio_cli
from .analysis import analyze, counts_without, deck_counts
from .cards import parse_cards
from .errors import NaipesError, RulesError
from .formatting import decimal, percent
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, error_text, translate
from .narration import burn_text, narrate, result_text, stop_card_text
from .play import deal_coup, new_shoe, play_shoe
from .punto_banca import BANKER, BETS, DEFAULT_PRESET, PLAYER, TIE, preset

GAMES = ("punto-banca", "mini-punto-banca", "midi-punto-banca")
BET_LABELS = {BANKER: N_("Banker"), PLAYER: N_("Player"), TIE: N_("Tie")}


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage block
        raise _UsageError(message)


def _whole_number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError("{what} must be a whole number, not {value!r}.", what=what, value=text) from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="naipes", description="Rules engine of the Naipes site: deal, play and analyse "
                     "the card games of Spanish-language casino regulations.")
    parser.add_argument("--version", action="version", version=f"naipes {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("game", help="game: " + ", ".join(GAMES + family_cli.GAMES + siete_y_medio_cli.GAMES))
        sub.add_argument("--preset", default=None, help="jurisdiction preset (default: the game's first)")
        sub.add_argument("--decks", help="number of decks, 1 to 8 (default: the preset's)")
        sub.add_argument("--commission", help="share of a winning Banca bet kept by the house, e.g. 0.05")
        sub.add_argument("--tie-pays", help="tie payout to one, e.g. 8")
        sub.add_argument("--lang", default=DEFAULT_LANGUAGE, help="output language: es, ca or en")

    deal = commands.add_parser("deal", help="shuffle a shoe and narrate one coup")
    common(deal)
    deal.add_argument("--seed", default="1", help="shuffle seed (same seed, same coup everywhere)")
    shoe = commands.add_parser("shoe", help="play a whole shoe to the stop card and summarise it")
    common(shoe)
    shoe.add_argument("--seed", default="1", help="shuffle seed")
    shoe.add_argument("--verbose", action="store_true", help="one line per coup")
    analyse = commands.add_parser("analyze", help="exact probabilities and house edges")
    common(analyse)
    analyse.add_argument("--remove", default="", help='cards already out of the shoe, e.g. "As Kd 9c"')
    analyse.add_argument("--json", action="store_true", help="print a JSON object")
    family_cli.add_solve_parser(commands)
    siete_y_medio_cli.add_advise_parser(commands)
    return parser


def _rules(args: argparse.Namespace):
    if args.game not in GAMES:
        raise RulesError("Unknown game {game!r}: use one of {games}.", game=args.game,
                         games=", ".join(GAMES + family_cli.GAMES + siete_y_medio_cli.GAMES))
    decks = _whole_number(args.decks, "--decks") if args.decks is not None else None
    tie_pays = _whole_number(args.tie_pays, "--tie-pays") if args.tie_pays is not None else None
    rules = (mini_punto_banca.preset(args.game, args.preset) if args.game in mini_punto_banca.GAME_PRESETS
             else preset(args.preset or DEFAULT_PRESET))
    return rules.with_options(decks=decks, commission=args.commission, tie_pays=tie_pays)


def _deal(args: argparse.Namespace, out) -> None:
    rules = _rules(args)
    seed = _whole_number(args.seed, "--seed")
    shoe = new_shoe(rules, seed)
    line = burn_text(shoe.burn(rules.burn), args.lang)
    if line:
        print(line, file=out)
    coup = deal_coup(shoe, rules)
    for event in coup.events:
        print(narrate(event, args.lang), file=out)


def _shoe(args: argparse.Namespace, out) -> None:
    rules = _rules(args)
    record = play_shoe(rules, _whole_number(args.seed, "--seed"))
    t = lambda message: translate(message, args.lang)  # noqa: E731
    line = burn_text(record.burn, args.lang)
    if line:
        print(line, file=out)
    if args.verbose:
        for number, coup in enumerate(record.coups, 1):
            print(f"{number}. " + result_text(coup.winner, coup.player_total, coup.banker_total, args.lang),
                  file=out)
    if record.stop_card_out:
        print(stop_card_text(args.lang), file=out)
    print(t(N_("Coups: {coups}")).format(coups=len(record.coups)), file=out)
    print(t(N_("Banker wins: {n}")).format(n=record.banker), file=out)
    print(t(N_("Player wins: {n}")).format(n=record.player), file=out)
    print(t(N_("Ties: {n}")).format(n=record.ties), file=out)
    print(t(N_("Naturals: {n}")).format(n=record.naturals), file=out)


def _analyze(args: argparse.Namespace, out) -> None:
    rules = _rules(args)
    counts = counts_without(deck_counts(rules.decks), parse_cards(args.remove))
    result = analyze(counts)
    if args.json:
        report = {bet: {"probability": float(result.probability(bet)),
                        "house_edge": float(result.house_edge(bet, rules)),
                        "exact": str(result.probability(bet)),
                        "house_edge_exact": str(result.house_edge(bet, rules))} for bet in BETS}
        report["rules"] = {"preset": rules.name, "decks": rules.decks, "banker_pays": str(rules.banker_pays),
                           "tie_pays": rules.tie_pays, "removed": args.remove.split()}
        report["naturals"] = {"probability": float(Fraction(result.naturals, result.total)),
                              "exact": str(Fraction(result.naturals, result.total))}
        print(json.dumps(report, indent=2), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("{decks} decks, Banca pays {pays}, tie pays {tie} to 1")).format(
        decks=rules.decks, pays=decimal(rules.banker_pays, args.lang, 2), tie=rules.tie_pays), file=out)
    probability, edge = t(N_("Probability")), t(N_("House edge"))
    print(f"{'':8} {probability:>14} {edge:>14}", file=out)
    for bet in BETS:
        print(f"{t(BET_LABELS[bet]):8} {percent(result.probability(bet), args.lang, 4):>14} "
              f"{percent(result.house_edge(bet, rules), args.lang, 4):>14}", file=out)
    print(t(N_("Naturals: {share}")).format(share=percent(Fraction(result.naturals, result.total),
                                                          args.lang, 4)), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 on bad input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = DEFAULT_LANGUAGE
    try:
        args = build_parser().parse_args(argv)
        lang = args.lang if args.lang in LANGUAGES else DEFAULT_LANGUAGE
        if args.lang not in LANGUAGES:
            raise RulesError("Unknown language {lang!r}: use es, ca or en.", lang=args.lang)
        if args.command == "solve" or args.game in family_cli.GAMES:
            family_cli.COMMANDS[args.command](args, sys.stdout)
        elif args.command == "advise" or args.game in siete_y_medio_cli.GAMES:
            siete_y_medio_cli.COMMANDS[args.command](args, sys.stdout)
        else:
            {"deal": _deal, "shoe": _shoe, "analyze": _analyze}[args.command](args, sys.stdout)
    except NaipesError as error:
        print("naipes: " + error_text(error, lang), file=sys.stderr)
        return 2
    except _UsageError as error:
        print(f"naipes: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader closed the pipe (`naipes … | head`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
