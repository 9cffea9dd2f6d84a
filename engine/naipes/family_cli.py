"""The command line of the baccarat family: ``deal``/``shoe``/``analyze`` for chemin de fer, dos paños
and Mini-Bacará, and ``solve`` for the games with choices. Called from :mod:`naipes.cli`.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from . import chemin_de_fer, dos_panos, mini_bacara
from .analysis import counts_without, deck_counts
from .cards import parse_cards
from .errors import RulesError
from .formatting import percent
from .i18n import N_, translate
from .family_narration import narrate
from .narration import burn_text, stop_card_text
from .punto_banca import BANKER, PLAYER, TIE
from .rng import SeededRandom
from .shoe import Shoe

GAMES = ("mini-bacara", "chemin-de-fer", "dos-panos")
SOLVABLE = ("chemin-de-fer", "dos-panos")
MODULES = {"mini-bacara": mini_bacara, "chemin-de-fer": chemin_de_fer, "dos-panos": dos_panos}


def _whole(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RulesError("{what} must be a whole number, not {value!r}.", what=what, value=text) from None


def rules_for(args: argparse.Namespace):
    """The game's preset with the command line's overrides."""
    module = MODULES[args.game]
    rules = module.preset(args.preset or module.DEFAULT_PRESET)
    if getattr(args, "tie_pays", None) is not None:
        raise RulesError("This game has no tie bet: a tie is a void coup.")
    decks = _whole(args.decks, "--decks") if args.decks is not None else None
    return rules.with_options(decks=decks, commission=args.commission)


def play_coup(game: str, rules, shoe: Shoe, rng: SeededRandom):
    """Deal one coup with the sources' default conduct: a punto or paño with 5 takes the croupier's advice
    (stands), the banker follows the table (where it differs between the paños, he draws on 5 or less);
    a Mini-Bacará box with 5 draws, as in Punto y Banca."""
    if game == "chemin-de-fer":
        coup = chemin_de_fer.CheminDeFerCoup(rules, banker_mode=chemin_de_fer.TABLE)
        while not coup.is_terminal():
            if coup.pending is not None:
                coup.choose(False)
            else:
                coup.deal(shoe.draw())
        return coup
    if game == "dos-panos":
        coup = dos_panos.DosPanosCoup(rules, banker_mode=dos_panos.TABLE)
        while not coup.is_terminal():
            if coup.pending is not None:
                coup.choose(coup.pending.who == "banker" and dos_panos.split_table_conduct(coup.pending.total))
            else:
                coup.deal(shoe.draw())
        return coup
    coup = mini_bacara.MiniBacaraCoup(rules)
    while not coup.is_terminal():
        if coup.pending is not None:
            coup.choose(True)
        else:
            coup.deal(shoe.draw())
    return coup


def _new_shoe(rules, seed: int) -> Shoe:
    return Shoe.shuffled(rules.decks, seed, stop_card=rules.stop_card)


def deal(args: argparse.Namespace, out) -> None:
    rules = rules_for(args)
    shoe = _new_shoe(rules, _whole(args.seed, "--seed"))
    line = burn_text(shoe.burn(rules.burn), args.lang)
    if line:
        print(line, file=out)
    coup = play_coup(args.game, rules, shoe, SeededRandom(0))
    for event in coup.events:
        print(narrate(event, args.lang), file=out)


def _tally(game: str, coup) -> list[str]:
    if game == "chemin-de-fer":
        return [coup.winner]
    return list(coup.results())


def shoe(args: argparse.Namespace, out) -> None:
    rules = rules_for(args)
    deck = _new_shoe(rules, _whole(args.seed, "--seed"))
    t = lambda message: translate(message, args.lang)  # noqa: E731
    line = burn_text(deck.burn(rules.burn), args.lang)
    if line:
        print(line, file=out)
    need = {"chemin-de-fer": 6, "dos-panos": 9, "mini-bacara": 3 * getattr(rules, "boxes", 5) + 3}[args.game]
    coups, counts = 0, {PLAYER: 0, BANKER: 0, TIE: 0}
    while not deck.stop_card_out and deck.remaining >= need:
        coup = play_coup(args.game, rules, deck, SeededRandom(coups))
        coups += 1
        for winner in _tally(args.game, coup):
            counts[winner] += 1
        if args.verbose:
            print(f"{coups}. " + " / ".join(_tally(args.game, coup)), file=out)
    if deck.stop_card_out:
        print(stop_card_text(args.lang), file=out)
    print(t(N_("Coups: {coups}")).format(coups=coups), file=out)
    print(t(N_("Banker wins: {n}")).format(n=counts[BANKER]), file=out)
    print(t(N_("Player wins: {n}")).format(n=counts[PLAYER]), file=out)
    print(t(N_("Ties: {n}")).format(n=counts[TIE]), file=out)


def _entry(probability: Fraction, edge: Fraction | None) -> dict:
    return {"probability": float(probability), "exact": str(probability),
            "house_edge": None if edge is None else float(edge),
            "house_edge_exact": None if edge is None else str(edge)}


def analyze(args: argparse.Namespace, out) -> None:
    rules = rules_for(args)
    removed = parse_cards(args.remove)
    report: dict = {}
    if args.game == "chemin-de-fer":
        counts = counts_without(deck_counts(rules.decks), removed)
        a = chemin_de_fer.analyze_coup(rules, counts=counts, model="shoe")
        report = {PLAYER: _entry(a.probability(PLAYER), a.house_edge(PLAYER)),
                  BANKER: _entry(a.probability(BANKER), a.house_edge(BANKER)),
                  TIE: _entry(a.probability(TIE), None),
                  "strategy": {"player_at_5": "stand (croupier's advice)", "banker": "table"},
                  "model": "shoe"}
    elif args.game == "dos-panos":
        if removed:
            raise RulesError("Removing cards is not supported for this game.")
        p = dos_panos.analyze_coup(rules, model="totals")["pano1"]
        report = {PLAYER: _entry(p[PLAYER], p[BANKER] - p[PLAYER]),
                  BANKER: _entry(p[BANKER], p[PLAYER] - p[BANKER]),
                  TIE: _entry(p[TIE], None),
                  "strategy": {"pano_at_5": "stand (croupier's advice)", "banker": "table"},
                  "model": "totals"}
    else:
        if removed:
            raise RulesError("Removing cards is not supported for this game.")
        a = mini_bacara.analyze_box(rules)
        report = {b: _entry(a.probability(b), a.house_edge(b) if b != TIE else None) for b in (BANKER, PLAYER, TIE)}
        report["insurance"] = _entry(a.insurance_probability, a.house_edge("insurance"))
        report["model"] = "shoe"
    report["rules"] = {"game": args.game, "preset": rules.name, "decks": rules.decks,
                       "removed": args.remove.split()}
    if args.json:
        print(json.dumps(report, indent=2), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    labels = {BANKER: t(N_("Banker")), PLAYER: t(N_("Player")), TIE: t(N_("Tie"))}
    print(f"{'':8} {t(N_('Probability')):>14} {t(N_('House edge')):>14}", file=out)
    for bet in (BANKER, PLAYER, TIE):
        entry = report[bet]
        edge = "" if entry["house_edge"] is None else percent(Fraction(entry["house_edge_exact"]), args.lang, 4)
        print(f"{labels[bet]:8} {percent(Fraction(entry['exact']), args.lang, 4):>14} {edge:>14}", file=out)


def add_solve_parser(commands) -> None:
    """The ``solve`` subcommand."""
    solve_cmd = commands.add_parser("solve", help="solve the choices on 5 exactly (game theory)")
    solve_cmd.add_argument("game", help="game: " + ", ".join(SOLVABLE))
    solve_cmd.add_argument("--model", default="totals", help="totals (with replacement) or shoe")
    solve_cmd.add_argument("--decks", default="6", help="decks in the shoe model, 1 to 8")
    solve_cmd.add_argument("--commission", default="0", help="cagnotte on the banker's winnings (chemin de fer)")
    solve_cmd.add_argument("--json", action="store_true", help="print a JSON object")
    solve_cmd.add_argument("--lang", default="es", help="output language: es, ca or en")


def _cell_name(value) -> str | int | None:
    return "stood" if value is None else value


def solve(args: argparse.Namespace, out) -> None:
    if args.game not in SOLVABLE:
        raise RulesError("Unknown game {game!r}: use one of {games}.", game=args.game, games=", ".join(SOLVABLE))
    decks = _whole(args.decks, "--decks")
    if not 1 <= decks <= 8:
        raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=decks)
    if args.game == "chemin-de-fer":
        s = chemin_de_fer.solve(args.model, decks, args.commission)
        report = {"game": args.game, "model": args.model, "decks": s.decks,
                  "commission": str(s.commission),
                  "draw_at_5": float(s.draw_at_5), "value": float(s.value),
                  "banker_value": float(s.banker_value),
                  "exact": {"draw_at_5": str(s.draw_at_5), "value": str(s.value),
                            "banker_value": str(s.banker_value)},
                  "banker": [{"total": t, "third": _cell_name(x), "draw": float(s.banker_draws(t, x)),
                              "exact": str(s.banker_draws(t, x))} for t, x in chemin_de_fer.CELLS]}
    else:
        if Fraction(str(args.commission)) != 0:
            raise RulesError("The dos paños solution is computed without the cagnotte (commission 0).")
        s = dos_panos.solve(args.model, decks)
        d1, d2 = s.draw_at_5
        report = {"game": args.game, "model": args.model, "decks": s.decks,
                  "draw_at_5": float(d1), "draw_at_5_pano2": float(d2), "value": float(s.value),
                  "joint": {"stand-stand": str(s.q[0]), "stand-draw": str(s.q[1]),
                            "draw-stand": str(s.q[2]), "draw-draw": str(s.q[3])},
                  "exact": {"draw_at_5": str(d1), "value": str(s.value)},
                  "banker": [{"total": t, "pano1": _cell_name(a), "pano2": _cell_name(b),
                              "draw": None if s.banker[(t, a, b)] is None else int(s.banker[(t, a, b)])}
                             for t, a, b in dos_panos.CELLS]}
    if args.json:
        print(json.dumps(report, indent=2), file=out)
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    print(t(N_("Punto draws on 5 with probability {p} ({exact}).")).format(
        p=percent(Fraction(report["exact"]["draw_at_5"]), args.lang, 4), exact=report["exact"]["draw_at_5"]),
        file=out)
    print(t(N_("Value of the game to the punto, per unit: {v} ({exact}).")).format(
        v=percent(Fraction(report["exact"]["value"]), args.lang, 4), exact=report["exact"]["value"]), file=out)


COMMANDS = {"deal": deal, "shoe": shoe, "analyze": analyze, "solve": solve}
