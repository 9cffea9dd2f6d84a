"""The exact analysis of Treinta y Cuarenta: the rows, every tie, and each chance's value under each 31–31 rule.

From a shoe's composition (by value and colour), `shoe_odds` computes with
`naipes.games.treinta_y_cuarenta.joint`:

- a row's final total (NEGRA's; ROJA's is the same, the rows being
  exchangeable), and with its first card black;
- both rows' ties, by total (31–31 especially) and by the number of cards
  the coup takes — so that a coup reaching the separator with `cards_left`
  cards before it can be counted void;
- `P(couleur) − P(inverse)`, which is zero unless some value has more cards
  of one colour than of the other.

`Chances` reads the outcome of a coup from them: noir and rouge each win half
of the decisive coups (exchangeability), couleur and inverse split them by
the colour excess. Each chance is then valued under the rules:

- 31–31 takes half the stake (`half`): `E = P(win) − P(lose) − P(31–31)/2`;
- or sends it to prison (`prison`): a stake in prison is worth `V`, freed
  (0) when its chance wins the next decisive coup and lost (−1) when it loses;
  refaits and void coups leave it there, and another 31–31 leaves it there
  (`stays`) or loses it (`lost`). So `V = (−P(lose) + P(31–31)·X) / (1 −
  P(refait) − P(void))` with `X = V` or `−1`, and `E = P(win) − P(lose) +
  P(31–31)·V`. The next coups are valued with the same composition's odds,
  as the published figures are (the cards of the coup are not taken out);
- the insurance (a premium of 1 % of the stake, lost unless the coup is a
  31–31 or void, saves the stake from the 31–31): `E = P(win) − P(lose) −
  premium·(1 − P(31–31) − P(void))`.

The house edge is `−E`, per unit of the stake placed on the chance.

The exact walk (`naipes.core.drive.walk_exact`) over both rows of a full deck
has millions of states, so the game's `Analysis.coup` is one row
(`RowCoup`): **the walk checks the row distribution** (with the first card's
colour) on every preset; both reports read the ties and the chances from
`shoe_odds` the same way, and the tests check those against the walk over
whole coups on small shoes, a brute force and a simulation written in the
tests, and published figures.

Examples:
    >>> from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR
    >>> odds = shoe_odds(VALUE_COLOUR.full(1))
    >>> chances = Chances.of(odds)
    >>> chances.tie_31 == sum(odds.ties[31].values()), chances.win(NOIR) == chances.lose(NOIR)
    (True, True)
    >>> house_edge(chances, NOIR, HALF) == chances.tie_31 / 2
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ...core.errors import RulesError
from ...core.i18n import N_
from ...core.progress import Progress, no_progress
from ...core.model import Line, Report
from .joint import JointOdds, RowOdds, coup_distribution, row_distribution, up_to
from .rules import (BETS, COULEUR, HALF, INVERSE, NOIR, PRISON, PRISON_AGAIN, ROUGE, STAYS, TIE_RULES, TOTALS,
                    TreintaRules)
from .values import blacks_of, colour_balanced, values_of

BET_LABELS = {NOIR: N_("Noir (NEGRA wins)"), ROUGE: N_("Rouge (ROJA wins)"),
              COULEUR: N_("Couleur (first card of the winning row's colour)"),
              INVERSE: N_("Inverse (first card of the other colour)")}
ROW_LABEL = N_("A row ends on {total}")
TIE_LABEL = N_("Both rows end on {total}")
#: The keys of the report's extra values.
ROWS, FIRST_BLACK, TIES, TIE_31, REFAIT, TIE_RULES_KEY, INSURANCE, WINS = (
    "rows", "first_black", "ties", "tie_31", "refait", "tie_rules", "insurance", "wins")


@dataclass(frozen=True)
class ShoeOdds:
    """Everything the exact analysis computes from one composition (see the module's docstring).

    Attributes:
        counts: the composition by value and colour (twenty counts).
        rows: a row's total, and with its first card black.
        joint: the ties by total and number of cards (and every coup's number of cards, when computed).
        colour: `P(couleur) − P(inverse)` by the coup's number of cards (empty when colours are even).
    """

    counts: tuple[int, ...]
    rows: RowOdds
    joint: JointOdds
    colour: Mapping[int, Fraction]

    @property
    def ties(self) -> Mapping[int, Mapping[int, Fraction]]:
        """Both rows on `s` with the coup taking `n` cards: `ties[s][n]`."""
        return self.joint.ties

    def ties_up_to(self, total: int, cards_left: int | None) -> Fraction:
        """Both rows on `total`, the coup taking at most `cards_left` cards (every coup when `None`)."""
        return up_to(self.ties.get(total, {}), cards_left)


def shoe_odds(counts: Sequence[int], every_coup: bool = False, rows: RowOdds | None = None,
              progress: Progress = no_progress) -> ShoeOdds:
    """The exact odds of a coup dealt from a shoe of composition `counts` (by value and colour).

    Args:
        counts: the shoe's twenty counts (`naipes.games.treinta_y_cuarenta.values.VALUE_COLOUR`).
        every_coup: also count every coup's number of cards (needed for a separator with few cards before it).
        rows: the row distribution, when already known (the walk's).
        progress: told the walk's steps (`(done, total)`), for a bar on a terminal.

    Raises:
        CardError: a composition that cannot always deal a whole coup.
    """
    counts = tuple(counts)
    by_value, blacks = values_of(counts), blacks_of(counts)
    # One walk gives the ties and the colour excess (zero, and not walked, when every value is balanced).
    joint, colour = coup_distribution(by_value, None if colour_balanced(counts) else blacks, every_coup=every_coup,
                                      progress=lambda done, total: progress(done, total + 1))
    result = ShoeOdds(counts, rows or row_distribution(by_value, blacks), joint, colour)
    progress(1, 1)
    return result


@dataclass(frozen=True)
class Chances:
    """How a coup ends, exactly: a 31–31, another tie, void (the separator), or decisive, and for which chance.

    Attributes:
        tie_31: both rows on 31 (the "après").
        refait: both rows equal on 32 to 40.
        void: the coup needs more cards than are left before the separator.
        decisive: one row wins.
        colour_excess: `P(couleur) − P(inverse)`.
    """

    tie_31: Fraction
    refait: Fraction
    void: Fraction
    decisive: Fraction
    colour_excess: Fraction

    @classmethod
    def of(cls, odds: ShoeOdds, cards_left: int | None = None) -> "Chances":
        """The chances of a coup from `odds`, with `cards_left` cards before the separator (`None`: a fresh shoe).

        Raises:
            RulesError: a number of cards left below 1, or without every coup's number of cards computed.

        Examples:
            >>> from naipes.games.treinta_y_cuarenta.values import VALUE_COLOUR
            >>> odds = shoe_odds(VALUE_COLOUR.full(1), every_coup=True)
            >>> Chances.of(odds, 8).void > Chances.of(odds, 12).void > Chances.of(odds).void == 0
            True
        """
        if cards_left is not None:
            if not isinstance(cards_left, int) or cards_left < 1:
                raise RulesError("The cards left before the separator must be a whole number of 1 or more, not "
                                 "{n}.", n=str(cards_left))
            if odds.joint.cards is None:
                raise RulesError("Count every coup's cards (every_coup) to value a coup near the separator.")
        tie_31 = up_to(odds.ties.get(31, {}), cards_left)
        refait = sum((up_to(by_n, cards_left) for total, by_n in odds.ties.items() if total != 31), Fraction(0))
        complete = up_to(odds.joint.cards, cards_left) if cards_left is not None else Fraction(1)
        if complete == tie_31 + refait:  # no coup can be decided before the separator: nothing to value
            raise RulesError("--cards-left {n}: no coup can be decided before the separator.", n=str(cards_left))
        excess = up_to(odds.colour, cards_left) if odds.colour else Fraction(0)
        return cls(tie_31, refait, 1 - complete, complete - tie_31 - refait, excess)

    def win(self, bet: str) -> Fraction:
        """The probability that `bet` wins the coup.

        Examples:
            >>> chances = Chances(Fraction(1, 50), Fraction(1, 10), Fraction(0), Fraction(22, 25), Fraction(1, 100))
            >>> chances.win("noir"), chances.win("couleur"), chances.lose("couleur")
            (Fraction(11, 25), Fraction(89, 200), Fraction(87, 200))
        """
        half = self.decisive / 2
        if bet in (NOIR, ROUGE):
            return half
        return half + self.colour_excess / 2 if bet == COULEUR else half - self.colour_excess / 2

    def lose(self, bet: str) -> Fraction:
        """The probability that `bet` loses the coup (another chance of its pair wins)."""
        return self.decisive - self.win(bet)


def expected(chances: Chances, bet: str, tie_31: str, prison_again: str = STAYS) -> Fraction:
    """The exact expected result of one unit staked on `bet`, under a 31–31 rule.

    Raises:
        RulesError: an unknown rule.

    Examples:
        >>> chances = Chances(Fraction(1, 40), Fraction(1, 10), Fraction(0), Fraction(7, 8), Fraction(0))
        >>> expected(chances, "noir", "half"), expected(chances, "noir", "prison")
        (Fraction(-1, 80), Fraction(-1, 80))
        >>> expected(chances, "noir", "prison", "lost")
        Fraction(-37, 2880)
    """
    win, lose = chances.win(bet), chances.lose(bet)
    if tie_31 == HALF:
        return win - lose - chances.tie_31 / 2
    if tie_31 != PRISON or prison_again not in PRISON_AGAIN:
        raise RulesError("Unknown 31–31 rule {rule!r}: use half or prison.", rule=str(tie_31) + "/" + str(prison_again))
    undecided = chances.refait + chances.void
    if prison_again == STAYS:
        in_prison = -lose / (win + lose)
    else:
        in_prison = (-lose - chances.tie_31) / (1 - undecided)
    return win - lose + chances.tie_31 * in_prison


def house_edge(chances: Chances, bet: str, tie_31: str, prison_again: str = STAYS) -> Fraction:
    """The house's expected gain per unit staked on `bet`: `−expected(...)`."""
    return -expected(chances, bet, tie_31, prison_again)


def insured_edge(chances: Chances, bet: str, premium: Fraction) -> Fraction:
    """The house edge of an insured stake, per unit of the stake (the premium is lost unless 31–31 or void).

    Examples:
        >>> chances = Chances(Fraction(1, 40), Fraction(1, 10), Fraction(0), Fraction(7, 8), Fraction(0))
        >>> insured_edge(chances, "rouge", Fraction(1, 100))
        Fraction(39, 4000)
    """
    return -(chances.win(bet) - chances.lose(bet) - Fraction(premium) * (1 - chances.tie_31 - chances.void))


@dataclass(frozen=True)
class ShippedOdds:
    """What `build_report` reads of a `ShoeOdds`, from shipped data (`site_odds`): rows, ties, chances.

    The ties and chances hold for the one number of cards left the data was read for.
    """

    rows: RowOdds
    tie_totals: Mapping[int, Fraction]
    chances: Chances

    def ties_up_to(self, total: int, cards_left: int | None) -> Fraction:
        """Both rows on `total` within the cards left (the data holds them at its own `cards_left` only)."""
        return self.tie_totals.get(total, Fraction(0))


# --- the report -----------------------------------------------------------------------------------------------


def build_report(rules: TreintaRules, odds: ShoeOdds | ShippedOdds, cards_left: int | None = None) -> Report:
    """The report of `odds` under `rules`: a line per row total and per chance, and the extras of the JSON.

    Lines: `row-31` … `row-40` (a row's final total), `tie-31` … `tie-40`, and
    each chance's probability of winning with its house edge under the rules'
    31–31 rule. Extras: the first card black by row total, the refait, every
    chance's house edge under each 31–31 rule (and its rule for another 31–31
    in prison), the insured edges, and the void chance.
    """
    chances = Chances.of(odds, cards_left) if isinstance(odds, ShoeOdds) else odds.chances
    lines = [Line(f"row-{total}", ROW_LABEL, odds.rows.totals.get(total, Fraction(0))) for total in TOTALS]
    lines += [Line(f"tie-{total}", TIE_LABEL, odds.ties_up_to(total, cards_left)) for total in TOTALS]
    lines += [Line(bet, BET_LABELS[bet], chances.win(bet), house_edge(chances, bet, rules.tie_31,
                                                                          rules.prison_again)) for bet in BETS]
    tie_rules = {HALF: {bet: house_edge(chances, bet, HALF) for bet in BETS}}
    for again in PRISON_AGAIN:
        tie_rules[f"{PRISON}-{again}"] = {bet: house_edge(chances, bet, PRISON, again) for bet in BETS}
    extra = {
        FIRST_BLACK: dict(odds.rows.black),
        TIE_31: chances.tie_31,
        REFAIT: chances.refait,
        "void": chances.void,
        TIE_RULES_KEY: tie_rules,
        INSURANCE: {bet: insured_edge(chances, bet, rules.insurance_premium) for bet in BETS},
        WINS: {bet: (chances.win(bet), chances.lose(bet)) for bet in BETS},
    }
    return Report(tuple(lines), extra)


def fast_report(rules: TreintaRules, counts: tuple[int, ...]) -> Report:
    """The exact report of a shoe of composition `counts`, every number from the composition.

    Raises:
        CardError: a composition that cannot always deal a whole coup.
    """
    return build_report(rules, shoe_odds(counts))


def walk_report(rules: TreintaRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report, the row distribution taken from the walk over one row (`RowCoup`'s `(total, black?)`).

    Raises:
        CardError: a composition that cannot always deal a whole coup.
    """
    totals: dict[int, Fraction] = {}
    black: dict[int, Fraction] = {}
    for (total, first_black), probability in distribution.items():
        totals[total] = totals.get(total, Fraction(0)) + probability
        if first_black:
            black[total] = black.get(total, Fraction(0)) + probability
    rows = RowOdds(dict(sorted(totals.items())), {t: black.get(t, Fraction(0)) for t in sorted(totals)})
    return build_report(rules, shoe_odds(counts, rows=rows))


def tie_rule_key(rule: str, prison_again: str = STAYS) -> str:
    """The key of `tie_rules` in the report for a 31–31 rule: `half`, `prison-stays`, `prison-lost`.

    Examples:
        >>> tie_rule_key("prison", "lost"), tie_rule_key("half")
        ('prison-lost', 'half')
    """
    if rule not in TIE_RULES:
        raise RulesError("Unknown 31–31 rule {rule!r}: use half or prison.", rule=str(rule))
    return HALF if rule == HALF else f"{PRISON}-{prison_again}"


__all__ = ["BET_LABELS", "Chances", "ShippedOdds", "ShoeOdds", "build_report", "expected", "fast_report", "house_edge",
           "insured_edge", "shoe_odds", "walk_report"]
