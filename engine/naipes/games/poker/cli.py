"""The command-line verbs the banked poker games share: `deal`, `analyze` (with `--pay-table`) and `rank`.

Called through `naipes.cli` (each game's `Game.commands`)::

    naipes deal trijoker --seed 7 --pay-table classic --json
    naipes analyze three-card-poker --json
    naipes analyze trijoker --method walk --remove "2s 3s 4s" --json
    naipes rank "As Ks Qs Js Ts" --json
    naipes rank "As Ks Qs Js 9s" --deck 36 --json

`analyze --json` prints `house_edge` (per unit of the initial bet),
`element_of_risk`, `exact` (the exact fractions), `method`, the `lines` of
the analysis, the `side_bets` when the game has them, and the `rules`
analysed.

Examples:
    >>> import io
    >>> from naipes.games.registry import game
    >>> out = io.StringIO()
    >>> rank(argparse.Namespace(cards="As Ks Qs Js Ts", deck="52", json=True, lang="en"), game("trijoker"), out)
    >>> json.loads(out.getvalue())["category"]
    'royal-flush'
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Callable

from ...core import options
from ...core.cards import parse_cards
from ...core.drive import analyze as analyze_game, burned_shoe, play
from ...core.errors import SpecError
from ...core.formatting import decimal, percent
from ...core.i18n import N_, translate, translate_plural
from ...core.model import Game, Report
from ...core.narration import narrate
from ...core.rng import SeededRandom
from .hands import CATEGORY_NAMES, evaluate, ranking_for_deck
from .kernel import plural_count
from .narration import bet_name
from .progressive import SideBetAnalysis


#: The options of the verbs these games add or override (`naipes.cli` adds `game`, `--preset`, `--json`, `--lang`).
ARGUMENTS = {
    "rank": (("cards", N_('the cards of a hand, e.g. "As Ks Qs Js Ts" (more than five: the best five)'), None),
             ("--deck", N_("the deck whose ranking applies: 52, 36 (6 to ace) or 32 (7 to ace) cards"), "52")),
}
#: The verbs about no one game: `naipes rank "As Ks Qs Js Ts"` needs no game id (read by `naipes.cli`).
GAMELESS = ("rank",)


def _print(out, line: str) -> None:
    print(line, file=out)


def deal(args: argparse.Namespace, game: Game, out) -> None:
    """Narrate one hand dealt from a seeded deck, the player deciding by the game's conduct."""
    rules = game.rules_from(args)
    seed = options.seed(getattr(args, "seed", "1"))
    shoe, _ = burned_shoe(rules, game.deck, seed)
    record = play(game.new_coup(rules), shoe, game.conduct(rules), rng=SeededRandom(seed))
    lines = [narrate(event, args.lang) for event in record.coup.events]
    if getattr(args, "json", False):
        coup = record.coup
        _print(out, json.dumps({
            "game": game.id, "preset": rules.name, "seed": seed, "narration": lines,
            "outcome": _jsonable(coup.outcome()),
            "returns": {bet: str(value) for bet, value in coup.returns(default_stakes(coup)).items()},
        }, indent=2, ensure_ascii=False))
        return
    for line in lines:
        _print(out, line)


def default_stakes(coup) -> dict[str, int]:
    """One unit on every bet the coup has (every poker coup says which with `stakes()`)."""
    return coup.stakes()


def _jsonable(value):
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Fraction):
        return str(value)
    return value


def _number(value: Fraction) -> dict:
    return {"value": float(value), "exact": str(value)}


def method_text(extra, lang: str) -> str:
    """What the figures are (exact or simulated, how), in `lang`."""
    params = {key: decimal(value, lang, 0) for key, value in extra.get("method_params", {}).items()}
    return translate(extra["method"], lang).format(**params)


def report_json(report: Report) -> dict:
    """A poker analysis as JSON: the headline figures, the lines, the side bets."""
    extra = dict(report.extra)
    data: dict = {"house_edge": float(extra["house_edge"]), "element_of_risk": float(extra["element_of_risk"]),
                  "exact": {"house_edge": str(extra["house_edge"]), "element_of_risk": str(extra["element_of_risk"])}}
    data["method"] = method_text(extra, "en")
    lines = {}
    for line in report.lines:
        entry = {}
        if line.probability is not None:
            entry["probability"] = _number(line.probability)
        if line.house_edge is not None:
            entry["house_edge"] = _number(line.house_edge)
        lines[line.key] = entry
    data["lines"] = lines
    if extra.get("side_bets"):
        data["side_bets"] = extra["side_bets"]
    return data


def side_bet_json(side: SideBetAnalysis, jackpots=(Fraction(50_000), Fraction(300_000), Fraction(1_000_000))) -> dict:
    """A side bet's return as JSON: its fixed part, its part per stake of pool, the break-even pool, examples."""
    data = {"fixed_return": _number(side.fixed_return), "return_per_pool_stake": _number(side.pool_return),
            "prizes": [{"category": c, "probability": _number(p), "share_of_pool": str(prize.share),
                        "times_stake": str(prize.fixed)} for c, p, prize in side.lines]}
    if side.pool_return:
        data["break_even_pool"] = _number(side.break_even)
        data["return_at"] = {str(j): _number(side.return_at(j)) for j in jackpots}
    else:
        data["house_edge"] = _number(1 - side.fixed_return)
    return data


def analyze_with(args: argparse.Namespace, game: Game, out, report_of: Callable[..., Report]) -> None:
    """Print a poker game's analysis (`report_of(rules, counts, method)`), as text or JSON."""
    rules = game.rules_from(args)
    removed = parse_cards(getattr(args, "remove", "") or "", game.deck)
    counts = game.classes.without(1, removed)
    method = getattr(args, "method", "fast")
    report = report_of(rules, counts, method)
    if getattr(args, "json", False):
        data = report_json(report)
        data["rules"] = {"game": game.id, "preset": rules.name, "pay_table": rules.pay_table.name,
                         "removed": [str(c) for c in removed], "method": method}
        if "progressive_hand" in extra_of(report):
            data["rules"]["progressive_hand"] = report.extra["progressive_hand"]
        _print(out, json.dumps(data, indent=2, ensure_ascii=False))
        return
    t = lambda message: translate(message, args.lang)  # noqa: E731
    extra = report.extra
    _print(out, t(N_("House edge per unit of the initial bet: {edge}.")).format(
        edge=percent(extra["house_edge"], args.lang, 4)))
    _print(out, t(N_("Element of risk: {risk}.")).format(risk=percent(extra["element_of_risk"], args.lang, 4)))
    _print(out, method_text(extra, args.lang))
    for line in report.lines:
        value = line.probability if line.probability is not None else line.house_edge
        _print(out, f"  {t(line.label)}: {percent(value, args.lang, 4)}")
    for key, side in extra.get("side_bets", {}).items():
        _print(out, side_bet_text(key, side, args.lang))


def extra_of(report: Report) -> dict:
    """The report's extra figures (a mapping, empty when it has none)."""
    return dict(report.extra or {})


def side_bet_text(key: str, side: dict, lang: str) -> str:
    """A side bet's figures in words: its return, and for a pool its return per stake of pool and break-even pool.

    Examples:
        >>> side_bet_text("progressive", {"fixed_return": {"exact": "1/4"}}, "en")
        'The progressive bet: returns 25.00% of each stake (house edge 75.00%).'
    """
    t = lambda message: translate(message, lang)  # noqa: E731
    name = bet_name(key, lang)
    name = name[:1].upper() + name[1:]
    fixed = Fraction(side["fixed_return"]["exact"])
    if "break_even_pool" in side:
        even = Fraction(side["break_even_pool"]["exact"])
        return translate_plural("{bet}: returns {fixed} of each stake plus {per} for every 10,000 stakes in the pool; "
                                "it breaks even at a pool of {even} stake.",
                                "{bet}: returns {fixed} of each stake plus {per} for every 10,000 stakes in the pool; "
                                "it breaks even at a pool of {even} stakes.", plural_count(even, 0), lang).format(
            bet=name, fixed=percent(fixed, lang, 2),
            per=percent(Fraction(side["return_per_pool_stake"]["exact"]) * 10_000, lang, 2),
            even=decimal(even, lang, 0))
    return t(N_("{bet}: returns {fixed} of each stake (house edge {edge}).")).format(
        bet=name, fixed=percent(fixed, lang, 2), edge=percent(1 - fixed, lang, 2))


def analyze(args: argparse.Namespace, game: Game, out) -> None:
    """The exact analysis of a game with one (`Game.analysis`): fast, or by the generic walk."""
    analyze_with(args, game, out, lambda rules, counts, method: analyze_game(game, rules, counts, method))


def rank(args: argparse.Namespace, game: Game, out) -> None:
    """A hand's category and rank (a comparable number and its tie-break ranks), for a deck of 52, 36 or 32."""
    ranking = ranking_for_deck(getattr(args, "deck", "52") or "52")
    if not getattr(args, "cards", None):
        raise SpecError("Give the cards of a hand, e.g. \"As Ks Qs Js Ts\".")
    hand = evaluate(args.cards, ranking)
    if getattr(args, "json", False):
        _print(out, json.dumps({
            "cards": [str(c) for c in parse_cards(args.cards)], "deck": ranking.deck_size, "ranking": ranking.name,
            "category": hand.category, "category_rank": ranking.category_index(hand.category),
            "rank": hand.strength, "tie_break": list(hand.ranks), "best": [str(c) for c in hand.cards],
        }, indent=2, ensure_ascii=False))
        return
    name = translate(CATEGORY_NAMES[hand.category], args.lang)
    _print(out, translate(N_("{category}: {cards} (rank {rank})."), args.lang).format(
        category=name[:1].upper() + name[1:], cards=" ".join(str(c) for c in hand.cards), rank=hand.strength))
