"""Exact analysis of the bacarrá a dos paños, derived from the rules' drawing choices and a conduct.

`dos_panos_tables` enumerates every coup with integer weights and groups them by
the paños' joint strategy on their free totals (`TEAM_STRATEGIES`) and the
banker's cell and action, reading who must draw, who chooses and who stands
from `DosPanosRules.drawing`. Any conduct is a weighted sum of those tables
(`analyze_coup`); the solver reads the same tables. The game's analysis deals
with replacement (the totals model of the literature): the enumeration
without replacement of a whole shoe takes seconds (about 5 s of CPU for 8 decks).

Examples:
    >>> from naipes.games.baccarat.kernel import deck_counts
    >>> p = analyze_coup(PRESETS.get(), deck_counts(1))
    >>> p["pano1"] == p["pano2"], sum(p["pano1"].values())
    (True, Fraction(1, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Mapping, Sequence

from ....core.progress import Progress, no_progress
from ....core.errors import RulesError
from ....core.i18n import N_
from ....core.model import Line, Report
from ....core.solver import DRAW, STAND
from ..choices import scale
from ..kernel import BANKER, PLAYER, TIE, outcome
from .coup import NATURAL, TEAM_STRATEGIES, DosPanosConduct, default_conduct, joint_mix
from .rules import PRESETS, DosPanosRules

LABELS = {PLAYER: N_("The paño wins"), BANKER: N_("The banker wins"), TIE: N_("Tie: a void coup")}
OUTCOMES = (PLAYER, BANKER, TIE)


def _pair_totals(c: Sequence[int], replace_cards: bool):
    """Two-card hands: with replacement grouped by total (removal is irrelevant), else by value pair."""
    if replace_cards:
        weights = [0] * 10
        for a in range(10):
            for b in range(10):
                weights[(a + b) % 10] += c[a] * c[b]
        for t in range(10):
            if weights[t]:
                yield t, weights[t], ()
        return
    for a in range(10):
        if not c[a]:
            continue
        yield (2 * a) % 10, c[a] * (c[a] - 1), (a, a)
        for b in range(a + 1, 10):
            if c[b]:
                yield (a + b) % 10, 2 * c[a] * c[b], (a, b)


@dataclass(frozen=True)
class DosPanosTables:
    """Integer weights of every deal by the paños' joint strategy on 5, the banker's cell and action.

    Each entry is a 6-vector: (paño 1 wins, banker wins on paño 1, tie on paño 1,
    the same three for paño 2). `const` holds the coups with no banker
    decision; `total` is the common denominator (9 cards).
    """

    total: int
    const: tuple[tuple[int, ...], ...]
    cells: tuple[Mapping[tuple, tuple[tuple[int, ...], tuple[int, ...]]], ...]

    def team_payoffs(self):
        """Per unit on each paño: the paños' summed expectation for the solver."""
        def pay(v):
            return Fraction(v[0] - v[1] + v[3] - v[4], self.total)
        const = tuple(pay(c) for c in self.const)
        cells = {cell: tuple((pay(self.cells[s][cell][STAND]), pay(self.cells[s][cell][DRAW]))
                             for s in range(len(TEAM_STRATEGIES))) for cell in self.cells[0]}
        return const, cells

    def outcome_probabilities(self, q: Sequence[Fraction], banker: Mapping[tuple, Fraction]) -> dict:
        """Probabilities of each paño's result for the joint mix `q` and the banker's draw probabilities."""
        sums = [Fraction(0)] * 6
        for s, weight in enumerate(q):
            if not weight:
                continue
            for i in range(6):
                sums[i] += weight * self.const[s][i]
            for cell, (stand, draw) in self.cells[s].items():
                r = Fraction(banker.get(cell, 0))
                for i in range(6):
                    sums[i] += weight * (r * draw[i] + (1 - r) * stand[i])
        return {"pano1": {PLAYER: sums[0] / self.total, BANKER: sums[1] / self.total, TIE: sums[2] / self.total},
                "pano2": {PLAYER: sums[3] / self.total, BANKER: sums[4] / self.total, TIE: sums[5] / self.total}}


def dos_panos_tables(counts: Sequence[int], replacement: bool = False,
                     rules: DosPanosRules | None = None, progress: Progress = no_progress) -> DosPanosTables:
    """Enumerate every coup of a shoe of composition `counts` exactly, for every joint strategy on the free totals.

    Without replacement this walks every value pair of the three hands
    (reported to `progress` pair by pair of the first paño), the second paño's
    pair at or after the first's only: the paños are exchangeable, so the deal
    with their pairs swapped is the mirror image (paño 1's results for paño
    2's, the cell and the joint strategy mirrored), added at the end; the deals
    of one pattern of choices are summed once and given to every joint
    strategy that plays them. `every_pair_tables` is the plain walk this is
    tested against. With replacement the hands are grouped by totals.

    Raises:
        RulesError: a composition that is not ten counts, or fewer than 9 cards.
    """
    if replacement:
        return every_pair_tables(counts, replacement, rules, progress)
    rules = rules or PRESETS.default
    c = _checked_shoe(counts)
    n = sum(c)
    scales = [scale(n, k, False, 9) for k in range(10)]
    res = _results(rules)
    m = len(TEAM_STRATEGIES)
    mirror = [TEAM_STRATEGIES.index((d2, d1)) for d1, d2 in TEAM_STRATEGIES]
    # Sums by (mirrored?, the joint strategies that play those deals): a 6-vector of coups without a banker
    # decision, and the cells; `True` holds the deals whose mirror image is still to add.
    const: dict[tuple, list[int]] = {}
    cells: dict[tuple, dict] = {}

    def actions(t):
        return "N" if t >= 8 else _ACTION_CODES[rules.drawing.punto_action(t)]

    # The weights are summed without the ways of the undealt cards (`scales`): a cell fixes how many cards were
    # dealt (six, and each paño's third card), so each sum is scaled once at the end, not every deal.
    nat_of = {"N": True, "D": False, "S": False}
    # res_stand[nat][f][b], res_draw[nat][f][b]: a paño's result index, the banker standing on b or drawing to b.
    res_stand = [[[res[(f, nat, b, False)] for b in range(10)] for f in range(10)] for nat in (False, True)]
    res_draw = [[[res[(f, nat, b, True)] for b in range(10)] for f in range(10)] for nat in (False, True)]
    first_pairs = list(_pair_totals(c, False))
    for done, (t1, w1, r1) in enumerate(first_pairs):
        progress(done, len(first_pairs))
        for v in r1:
            c[v] -= 1
        for t2, w2, r2 in _pair_totals(c, False):
            if r2 < r1:
                continue
            half = r2 != r1
            for v in r2:
                c[v] -= 1
            a1, a2 = actions(t1), actions(t2)
            groups: dict[tuple[str, str], list[int]] = {}
            for s, (d1, d2) in enumerate(TEAM_STRATEGIES):
                e1 = ("D" if d1 else "S") if a1 == "F" else a1
                e2 = ("D" if d2 else "S") if a2 == "F" else a2
                groups.setdefault((e1, e2), []).append(s)
            every = (half, tuple(range(m)))
            for tb, wb, rb in _pair_totals(c, False):
                for v in rb:
                    c[v] -= 1
                w6 = w1 * w2 * wb
                if tb >= 8:
                    vec = const.setdefault(every, [0] * 6)
                    vec[res[(t1, t1 >= 8, tb, False)]] += w6
                    vec[3 + res[(t2, t2 >= 8, tb, False)]] += w6
                else:
                    # Banker's third card z from the shoe as it is now, by each final total of a paño: the
                    # paños' own third cards are taken out of these sums below.
                    bz = [(tb + z) % 10 for z in range(10)]
                    shoe = [(z, c[z]) for z in range(10) if c[z]]  # before `_thirds` takes a card out
                    drawn: dict[tuple[bool, int], list[int]] = {}

                    def draw_bins(nat: bool, f: int) -> list[int]:
                        bins = drawn.get((nat, f))
                        if bins is None:
                            row = res_draw[nat][f]
                            bins = drawn[(nat, f)] = [0, 0, 0]
                            for z, k in shoe:
                                bins[row[bz[z]]] += k
                        return bins

                    for (e1, e2), sigmas in groups.items():
                        key = (half, tuple(sigmas))
                        nat1, nat2 = nat_of[e1], nat_of[e2]
                        if nat1 and nat2:  # both paños showed: no banker decision
                            vec = const.setdefault(key, [0] * 6)
                            vec[res_stand[True][t1][tb]] += w6
                            vec[3 + res_stand[True][t2][tb]] += w6
                            continue
                        table = cells.setdefault(key, {})
                        rs1, rs2 = res_stand[nat1], res_stand[nat2]
                        rd1, rd2 = res_draw[nat1], res_draw[nat2]
                        for x1, k1, f1, s1 in _thirds(c, False, t1, e1):
                            d1 = draw_bins(nat1, f1)
                            o1 = rs1[f1][tb]
                            for x2, k2, f2, s2 in _thirds(c, False, t2, e2):
                                w = w6 * k1 * k2
                                p1 = list(d1)
                                p2 = list(draw_bins(nat2, f2))
                                # The banker cannot draw a card a paño holds as its third.
                                for x in (x1, x2):
                                    if x is not None:
                                        p1[rd1[f1][bz[x]]] -= 1
                                        p2[rd2[f2][bz[x]]] -= 1
                                cell = (tb, s1, s2)
                                entry = table.get(cell)
                                if entry is None:
                                    entry = table[cell] = ([0] * 6, [0] * 6)
                                stand, draw = entry
                                stand[o1] += w
                                stand[3 + rs2[f2][tb]] += w
                                draw[0] += w * p1[0]
                                draw[1] += w * p1[1]
                                draw[2] += w * p1[2]
                                draw[3] += w * p2[0]
                                draw[4] += w * p2[1]
                                draw[5] += w * p2[2]
                for v in rb:
                    c[v] += 1
            for v in r2:
                c[v] += 1
        for v in r1:
            c[v] += 1
    progress(len(first_pairs), len(first_pairs))
    total_const = [[0] * 6 for _ in range(m)]
    total_cells: list[dict] = [dict() for _ in range(m)]
    for (half, sigmas), vec in const.items():
        for s in sigmas:
            for i in range(6):
                total_const[s][i] += vec[i] * scales[6]
                if half:
                    total_const[mirror[s]][(i + 3) % 6] += vec[i] * scales[6]
    for (half, sigmas), table in cells.items():
        for (tb, s1, s2), (stand, draw) in table.items():
            dealt = 6 + isinstance(s1, int) + isinstance(s2, int)
            stand = [v * scales[dealt] for v in stand]
            draw = [v * scales[dealt + 1] for v in draw]
            for s in sigmas:
                targets = [(total_cells[s], (tb, s1, s2), 0)]
                if half:
                    targets.append((total_cells[mirror[s]], (tb, s2, s1), 3))
                for into, cell, shift in targets:
                    entry = into.get(cell)
                    if entry is None:
                        entry = into[cell] = ([0] * 6, [0] * 6)
                    for i in range(6):
                        entry[0][(i + shift) % 6] += stand[i]
                        entry[1][(i + shift) % 6] += draw[i]
    frozen_cells = tuple({k: (tuple(v[0]), tuple(v[1])) for k, v in table.items()} for table in total_cells)
    return DosPanosTables(scales[0], tuple(tuple(x) for x in total_const), frozen_cells)


_ACTION_CODES = {"draw": "D", "free": "F", "stand": "S"}


def _checked_shoe(counts: Sequence[int]) -> list[int]:
    """The ten counts of a shoe that can deal a coup of the dos paños (nine cards at least).

    Raises:
        RulesError: a composition that is not ten counts, or fewer than 9 cards.
    """
    c = list(counts)
    n = sum(c)
    if len(c) != 10 or any(k < 0 for k in c) or n < 9:
        raise RulesError("A coup of the dos paños needs a shoe of at least 9 cards, not {n}.", n=n)
    return c


def _results(rules: DosPanosRules) -> dict[tuple[int, bool, int, bool], int]:
    """The index (0 paño wins, 1 banker wins, 2 tie) of a paño's result, by (paño's total, natural, banker's
    total, banker drew a third card)."""
    idx = {PLAYER: 0, BANKER: 1, TIE: 2}
    beats3 = rules.natural_beats_three_cards
    return {(f, nat, b, three): idx[PLAYER if (beats3 and nat and three and f >= 8) else outcome(f, b)]
            for f in range(10) for nat in (False, True) for b in range(10) for three in (False, True)}


def every_pair_tables(counts: Sequence[int], replacement: bool = False, rules: DosPanosRules | None = None,
                      progress: Progress = no_progress) -> DosPanosTables:
    """`dos_panos_tables` by the plain walk over every value pair of the three hands, each joint strategy apart
    (minutes for a whole shoe without replacement: the oracle of the tests and the benchmark's old path).

    Raises:
        RulesError: a composition that is not ten counts, or fewer than 9 cards.
    """
    rules = rules or PRESETS.default
    c = _checked_shoe(counts)
    n = sum(c)
    rep = replacement
    scales = [scale(n, k, rep, 9) for k in range(10)]
    res = _results(rules)
    m = len(TEAM_STRATEGIES)
    const = [[0] * 6 for _ in range(m)]
    cells = [dict() for _ in range(m)]

    def actions(t):
        return "N" if t >= 8 else _ACTION_CODES[rules.drawing.punto_action(t)]

    first_pairs = list(_pair_totals(c, rep))
    for done, (t1, w1, r1) in enumerate(first_pairs):
        progress(done, len(first_pairs))
        for v in r1:
            c[v] -= 1
        for t2, w2, r2 in _pair_totals(c, rep):
            for v in r2:
                c[v] -= 1
            for tb, wb, rb in _pair_totals(c, rep):
                for v in rb:
                    c[v] -= 1
                w6 = w1 * w2 * wb
                if tb >= 8:
                    vec = [0] * 6
                    vec[res[(t1, t1 >= 8, tb, False)]] += w6 * scales[6]
                    vec[3 + res[(t2, t2 >= 8, tb, False)]] += w6 * scales[6]
                    for s in range(m):
                        for i in range(6):
                            const[s][i] += vec[i]
                else:
                    a1, a2 = actions(t1), actions(t2)
                    groups: dict[tuple[str, str], list[int]] = {}
                    for s, (d1, d2) in enumerate(TEAM_STRATEGIES):
                        e1 = ("D" if d1 else "S") if a1 == "F" else a1
                        e2 = ("D" if d2 else "S") if a2 == "F" else a2
                        groups.setdefault((e1, e2), []).append(s)
                    for (e1, e2), sigmas in groups.items():
                        _walk(c, rep, t1, e1, t2, e2, tb, w6, scales, res, sigmas, const, cells)
                for v in rb:
                    c[v] += 1
            for v in r2:
                c[v] += 1
        for v in r1:
            c[v] += 1
    progress(len(first_pairs), len(first_pairs))
    frozen_cells = tuple({k: (tuple(v[0]), tuple(v[1])) for k, v in table.items()} for table in cells)
    return DosPanosTables(scales[0], tuple(tuple(x) for x in const), frozen_cells)


def _walk(c, rep, t1, e1, t2, e2, tb, w6, scales, res, sigmas, const, cells):
    nat1, nat2 = e1 == "N", e2 == "N"
    if nat1 and nat2:  # both paños showed: no banker decision
        vec = [0] * 6
        vec[res[(t1, True, tb, False)]] += w6 * scales[6]
        vec[3 + res[(t2, True, tb, False)]] += w6 * scales[6]
        for s in sigmas:
            for i in range(6):
                const[s][i] += vec[i]
        return
    for x1, k1, f1, s1 in _thirds(c, rep, t1, e1):
        for x2, k2, f2, s2 in _thirds(c, rep, t2, e2):
            dealt = 6 + (x1 is not None) + (x2 is not None)
            w = w6 * k1 * k2
            stand = [0] * 6
            stand[res[(f1, nat1, tb, False)]] += w * scales[dealt]
            stand[3 + res[(f2, nat2, tb, False)]] += w * scales[dealt]
            draw = [0] * 6
            for z in range(10):
                kz = c[z]
                if kz:
                    b = (tb + z) % 10
                    wz = w * kz * scales[dealt + 1]
                    draw[res[(f1, nat1, b, True)]] += wz
                    draw[3 + res[(f2, nat2, b, True)]] += wz
            cell = (tb, s1, s2)
            for s in sigmas:
                entry = cells[s].get(cell)
                if entry is None:
                    entry = cells[s][cell] = ([0] * 6, [0] * 6)
                for i in range(6):
                    entry[0][i] += stand[i]
                    entry[1][i] += draw[i]


def _thirds(c: list[int], rep: bool, total: int, code: str):
    """Each way a paño's hand ends: (third card or None, ways, final total, what the banker sees of it).

    A third card is out of `c` while the caller uses it (without replacement).
    """
    if code != "D":
        yield None, 1, total, NATURAL if code == "N" else None
        return
    for x in range(10):
        k = c[x]
        if not k:
            continue
        if not rep:
            c[x] -= 1
        yield x, k, (total + x) % 10, x
        if not rep:
            c[x] += 1


def analyze_coup(rules: DosPanosRules, counts: Sequence[int], conduct: DosPanosConduct | None = None,
                 replacement: bool = True, tables: DosPanosTables | None = None) -> dict[str, dict[str, Fraction]]:
    """Exact probabilities of each paño's result under `conduct` (default: the croupier's advice, the table).

    Args:
        rules: the drawing rules and the two-card-natural rule.
        counts: the shoe's composition (with replacement, only the proportions matter).
        conduct: how the paños and the banker choose.
        replacement: cards dealt with replacement (the game's analysis) or from the shoe.
        tables: the tables of `counts` if already computed (they depend on the rules).

    Examples:
        >>> from naipes.games.baccarat.kernel import deck_counts
        >>> stand = analyze_coup(PRESETS.get(), deck_counts(1))["pano1"]
        >>> draw = analyze_coup(PRESETS.get(), deck_counts(1), DosPanosConduct(panos="draw"))["pano1"]
        >>> stand["player"] - stand["banker"] < draw["player"] - draw["banker"]
        True
    """
    conduct = conduct or default_conduct(rules)
    tables = tables or dos_panos_tables(counts, replacement, rules)
    return tables.outcome_probabilities(joint_mix(conduct.panos, rules.drawing), conduct.banker_strategy(rules))


def report(probabilities: Mapping[str, Mapping[str, Fraction]], conduct: DosPanosConduct,
           replacement: bool = True) -> Report:
    """The first paño's results as lines (the second paño's in `extra`), each with the side's loss per unit."""
    first = probabilities["pano1"]
    edges = {PLAYER: first[BANKER] - first[PLAYER], BANKER: first[PLAYER] - first[BANKER], TIE: None}
    lines = tuple(Line(o, LABELS[o], first[o], edges[o]) for o in OUTCOMES)
    panos = conduct.panos if not isinstance(conduct.panos, tuple) else "joint"
    banker = conduct.banker if isinstance(conduct.banker, str) else "strategy"
    return Report(lines, {"pano2": {o: str(probabilities["pano2"][o]) for o in OUTCOMES},
                          "strategy": {"pano_at_5": str(panos), "banker": banker},
                          "model": "totals" if replacement else "shoe"})


def marginals(distribution: Mapping[Hashable, Fraction]) -> dict[str, dict[str, Fraction]]:
    """Each paño's result probabilities from a distribution of `(paño 1, paño 2)` results."""
    out = {pano: dict.fromkeys(OUTCOMES, Fraction(0)) for pano in ("pano1", "pano2")}
    for (first, second), probability in distribution.items():
        out["pano1"][first] += probability
        out["pano2"][second] += probability
    return out


def fast_report(rules: DosPanosRules, counts: tuple[int, ...]) -> Report:
    """The exact analysis under the sources' conduct, with replacement, by `analyze_coup`."""
    conduct = default_conduct(rules)
    return report(analyze_coup(rules, counts, conduct), conduct)


def walk_report(rules: DosPanosRules, distribution: Mapping[Hashable, Fraction], counts: tuple[int, ...]) -> Report:
    """The same report from the generic walk's distribution of both paños' results."""
    return report(marginals(distribution), default_conduct(rules))
