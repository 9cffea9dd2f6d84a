"""What the analyses of the games against a qualifying bank share: outcome keys, their settlement, the report.

An outcome is `fold`, `not-qualified` (the bank does not play: the ante is
paid at par, the second bet returned), `push`, `lose` or `win:<category>` (the
second bet paid by the table for the player's category). Exact analyses and
simulations both tally these keys, and `report` turns either into lines.

Examples:
    >>> from .paytables import CARIBBEAN_CLASSIC
    >>> settle = settlement(CARIBBEAN_CLASSIC, Fraction(2))
    >>> settle("win:flush"), settle("lose"), settle("fold")
    ((Fraction(11, 1), Fraction(3, 1)), (Fraction(-3, 1), Fraction(3, 1)), (Fraction(-1, 1), Fraction(1, 1)))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping

from ...core.i18n import N_
from ...core.model import Line, Report
from .events import ANTE, RAISE
from .hands import STANDARD, category_of
from .paytables import PayTable
from .progressive import Prize, SideBetAnalysis

FOLD, NOT_QUALIFIED, PUSH, LOSE, WIN = "fold", "not-qualified", "push", "lose", "win:"
RESULT_LABELS = {FOLD: N_("the player passes"), NOT_QUALIFIED: N_("the bank does not play"),
                 PUSH: N_("a tie"), LOSE: N_("the bank's hand wins")}
#: The player's winning hands, by category (one msgid each: the tables translate labels whole).
WIN_LABELS = {
    "royal-flush": N_("the player wins with a royal flush"),
    "straight-flush": N_("the player wins with a straight flush"),
    "four-of-a-kind": N_("the player wins with four of a kind"),
    "full-house": N_("the player wins with a full house"),
    "flush": N_("the player wins with a flush"),
    "straight": N_("the player wins with a straight"),
    "three-of-a-kind": N_("the player wins with three of a kind"),
    "two-pair": N_("the player wins with two pair"),
    "pair": N_("the player wins with a pair"),
    "high-card": N_("the player wins with a high card"),
}


def result_key(mine: int, bank: int, qualifies_from: int) -> str:
    """The outcome key of a player's hand that plays against the bank's (strengths), the bank playing from
    `qualifies_from`.

    Examples:
        >>> result_key(2 << 20, 1 << 20, 1 << 20), result_key(5, 3, 4)
        ('win:two-pair', 'not-qualified')
    """
    if bank < qualifies_from:
        return NOT_QUALIFIED
    if mine > bank:
        return WIN + category_of(mine)
    return LOSE if mine < bank else PUSH


def outcome_key(decision_folds: bool, result: str, category: str) -> str:
    """The key of a hand's outcome."""
    if decision_folds:
        return FOLD
    return WIN + category if result == "win" else result


def unit_nets(result: str, pays: Fraction | int) -> tuple[Fraction, Fraction]:
    """What one unit of the ante and one unit of the second bet net for a hand's result (`fold`,
    `not-qualified`, `win`, `lose`, `push`), the second bet paying `pays` to one when it wins.

    Examples:
        >>> unit_nets("not-qualified", 5), unit_nets("win", 5), unit_nets("fold", 5)
        ((Fraction(1, 1), Fraction(0, 1)), (Fraction(1, 1), Fraction(5, 1)), (Fraction(-1, 1), Fraction(0, 1)))
    """
    ante = {FOLD: -1, NOT_QUALIFIED: 1, "win": 1, LOSE: -1, PUSH: 0}[result]
    second = {FOLD: 0, NOT_QUALIFIED: 0, "win": pays, LOSE: -1, PUSH: 0}[result]
    return Fraction(ante), Fraction(second)


def main_bets(stakes: Mapping[str, Fraction | int], result: str, pays: Fraction | int
              ) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """The nets of the ante and the second bet among `stakes` for a hand's result, and the other stakes (the side
    bets, a bought card), for the coup to settle.

    Examples:
        >>> main_bets({"ante": 2, "raise": 4, "progressive": 1}, "win", 3)
        ({'ante': Fraction(2, 1), 'raise': Fraction(12, 1)}, {'progressive': Fraction(1, 1)})
    """
    nets, others = {}, {}
    ante, second = unit_nets(result, pays)
    for bet, stake in stakes.items():
        if bet == ANTE:
            nets[bet] = Fraction(stake) * ante
        elif bet == RAISE:
            nets[bet] = Fraction(stake) * second
        else:
            others[bet] = Fraction(stake)
    return nets, others


def settlement(table: PayTable, multiple: Fraction) -> Callable[[str], tuple[Fraction, Fraction]]:
    """A key's net and total stake per ante, for a second bet of `multiple` antes paid by `table`."""
    m = Fraction(multiple)

    def settle(key: str) -> tuple[Fraction, Fraction]:
        if key.startswith(WIN):
            ante, second = unit_nets("win", table.pays_for(key[len(WIN):]) or 0)
        else:
            ante, second = unit_nets(key, 0)
        return ante + m * second, (Fraction(1) if key == FOLD else 1 + m)
    return settle


def distribution_lines(distribution: Mapping[str, Fraction]) -> list[Line]:
    """One line per result and per winning category, with its probability."""
    lines = [Line(f"result:{key}", label, distribution.get(key, Fraction(0))) for key, label in RESULT_LABELS.items()]
    for category in reversed(STANDARD.order):
        key = WIN + category
        lines.append(Line(f"result:{key}", WIN_LABELS[category], distribution.get(key, Fraction(0))))
    return lines


def side_bets(special: PayTable | None, progressive, probabilities: Mapping[str, Fraction] | None = None) -> dict:
    """The side bets' analyses (`special-prize`, `progressive`) as JSON-ready numbers (the progressive on the first
    five cards, or on a hand whose categories have `probabilities`)."""
    from .cli import side_bet_json
    found = {}
    if special is not None:
        prizes = tuple((c, Prize(fixed=v)) for c, v in special.pays)
        found["special-prize"] = side_bet_json(SideBetAnalysis.of(prizes))
    if progressive is not None:
        found["progressive"] = side_bet_json(SideBetAnalysis.of(progressive.prizes, probabilities))
    return found


def exact_report(distribution: Mapping[str, Fraction], settle, method: str, extra: Mapping | None = None) -> Report:
    """An exact analysis: the distribution of outcome keys, the house edge and the element of risk."""
    expected = sum((p * settle(key)[0] for key, p in distribution.items()), Fraction(0))
    staked = sum((p * settle(key)[1] for key, p in distribution.items()), Fraction(0))
    edge, risk = -expected, -expected / staked
    lines = distribution_lines(distribution) + [
        Line("house-edge", N_("house edge per ante"), house_edge=edge),
        Line("element-of-risk", N_("element of risk"), house_edge=risk)]
    return Report(tuple(lines), {"house_edge": edge, "element_of_risk": risk, "exact": True, "method": method,
                                 **(extra or {})})
