"""Exact distributions of one row and of both rows of a coup dealt without replacement from any composition.

Both rows come from one shoe, so ROJA's odds depend on the cards NEGRA took.
Following the cards one by one (a recursion over compositions) reaches
millions of compositions even on one deck; this module counts **by value**
instead, as a dynamic programme over the ten values, with these facts:

1. A sequence of cards has probability `Π_v c_v^(k_v) / N^(n)` (falling
   factorials): it depends only on how many cards of each value it holds.
   So a row is a multiset `U` with an order, and both rows are weighted by
   `Π_v c_v^(u_v + u'_v) / N^(n + n')`: the values can be processed one at
   a time, choosing how many cards of each value each row holds (`a`, `b`),
   with the weight `c_v^(a+b)` and the ways to interleave them.
2. A multiset `U` with total `s` (31 to 40) is a row when its last card
   takes it from 30 or less to `s`: the last card's value is at least
   `x = s − 30`. Of its orderings, the fraction whose last card is one of
   the `L = #{cards of U with value ≥ x}` is `L / n`.
3. Processing the values from 10 down to 1, `L` is the row's number of cards
   right after value `x`. So each row **commits** to its total at a value
   `x` (multiplying by `L` there) and then must be filled exactly to
   `30 + x` by smaller values. A row's state is `(points, cards)` before it
   commits and `(points still needed, cards)` after.
4. Committing in that order tells the outcome: the row that commits first
   has the larger total and loses; both at the same value tie at `30 + x`.

The coup's first card is the first card of NEGRA: given NEGRA's multiset and
its last card, every other card of it is equally likely to be first. Its
colour is carried as an expectation (a second component of the weight),
only when some value has more cards of one colour than of the other.

The two rows are exchangeable (swapping two blocks of a shuffled shoe keeps
its probability), so the joint weights are symmetric and only half of them
are computed. Weights are exact integers; probabilities are `Fraction`s.

Examples:
    >>> odds = row_distribution((4,) * 9 + (16,))
    >>> sum(odds.totals.values())
    Fraction(1, 1)
    >>> ties = tie_distribution((4,) * 9 + (16,))
    >>> round(float(sum(ties[31].values())), 6)
    0.021741
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import Iterable, Sequence

from ...core.errors import CardError
from ...core.progress import Progress, no_progress

#: A row ends when it reaches or passes this.
LIMIT = 31
#: Both rows take at most this many points: NEGRA up to 40, ROJA at least 31.
COUP_POINTS = 71


def falling(n: int, k: int) -> int:
    """`n (n − 1) … (n − k + 1)`, the ways to deal `k` cards in order from `n`.

    Examples:
        >>> falling(52, 2), falling(4, 5)
        (2652, 0)
    """
    result = 1
    for i in range(k):
        result *= n - i
    return result


def checked_values(counts: Sequence[int]) -> tuple[int, ...]:
    """`counts` (ten counts, aces first) if a whole coup can always be dealt from them.

    Raises:
        CardError: not ten whole counts, or fewer than 71 points (NEGRA can take 40 and ROJA needs 31).

    Examples:
        >>> checked_values((1,) * 10)
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: The shoe needs at least 71 points of cards for a whole coup (NEGRA can take 40, ROJA needs 31), not 55.
    """
    counts = tuple(counts)
    if len(counts) != 10 or any(not isinstance(k, int) or isinstance(k, bool) or k < 0 for k in counts):
        raise CardError("A composition by value needs ten whole counts of 0 or more: {counts}.", counts=str(counts))
    total = sum(value * k for value, k in zip(range(1, 11), counts))
    if total < COUP_POINTS:
        # TRANSLATORS: {points} is never 1: it is the 71 points of a whole coup.
        raise CardError("The shoe needs at least {points} points of cards for a whole coup (NEGRA can take 40, "
                        "ROJA needs 31), not {n}.", points=COUP_POINTS, n=total)
    return counts


# --- one row's states ---------------------------------------------------------------------------------------

PRE, POST = 0, 1


@dataclass(frozen=True)
class RowAutomaton:
    """A row's states and, value by value (10 down to 1), its moves.

    `states[i]` is `(kind, points, cards)`: before committing, the points so
    far; after, the points still needed. `moves[k][i]` lists the moves at the
    k-th value processed (`values[k]`): `(state, cards added, ways, commit)`,
    where `ways` is the number of ways to interleave the added cards and
    `commit` is `L` (the cards so far) when the row commits there, else 0.
    """

    values: tuple[int, ...]
    states: tuple[tuple[int, int, int], ...]
    moves: tuple[dict[int, list[tuple[int, int, int, int]]], ...]

    @classmethod
    def build(cls, counts: Sequence[int]) -> "RowAutomaton":
        """The automaton of a row dealt from a shoe holding `counts[v − 1]` cards of value `v`.

        Examples:
            >>> automaton = RowAutomaton.build((4,) * 9 + (16,))
            >>> automaton.values[0], automaton.states[0], len(automaton.moves)
            (10, (0, 0, 0), 10)
        """
        index: dict[tuple[int, int, int], int] = {}

        def state(kind: int, points: int, cards: int) -> int:
            key = (kind, points, cards)
            if key not in index:
                index[key] = len(index)
            return index[key]

        current = [state(PRE, 0, 0)]
        steps = []
        for value in range(10, 0, -1):
            cap = counts[value - 1]
            moves: dict[int, list[tuple[int, int, int, int]]] = {}
            reached: dict[int, None] = {}
            keys = {i: k for k, i in index.items()}
            for source in current:
                kind, points, cards = keys[source]
                out = []
                if kind == PRE:
                    added = 0
                    while added <= cap and points + value * added <= 30 + value:
                        now, total = points + value * added, cards + added
                        ways = comb(total, added)
                        if value > 1 and now <= 29 + value:  # commit later, at a smaller value
                            out.append((state(PRE, now, total), added, ways, 0))
                        needed = 30 + value - now
                        if total and (value > 1 or needed == 0):  # commit here: total 30 + value
                            out.append((state(POST, needed, total), added, ways, total))
                        added += 1
                elif value == 1:  # aces fill what is still needed, or the row cannot end
                    if points <= cap:
                        out.append((state(POST, 0, cards + points), points, comb(cards + points, points), 0))
                else:
                    added = 0
                    while added <= cap and value * added <= points:
                        out.append((state(POST, points - value * added, cards + added), added,
                                    comb(cards + added, added), 0))
                        added += 1
                moves[source] = out
                for move in out:
                    reached[move[0]] = None
            steps.append(moves)
            current = list(reached)
        states = [None] * len(index)
        for key, i in index.items():
            states[i] = key
        return cls(tuple(range(10, 0, -1)), tuple(states), tuple(steps))  # type: ignore[arg-type]

    def total(self, commit_value: int) -> int:
        """The row's total when it commits at `commit_value`: `30 + x`."""
        return 30 + commit_value


# --- one row ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RowOdds:
    """A row's exact distribution: its total, and its total with the first card black.

    `totals[s]` is the probability the row ends on `s`; `black[s]` the
    probability it ends on `s` and its first card is black.
    """

    totals: dict[int, Fraction]
    black: dict[int, Fraction]


def row_distribution(counts: Sequence[int], blacks: Sequence[int] | None = None) -> RowOdds:
    """The exact distribution of a row dealt first from a shoe of `counts` (by value), with its first colour.

    Args:
        counts: cards of each value, aces first (ten counts).
        blacks: the black cards of each value (default: half of each).

    Raises:
        CardError: a composition that cannot always deal a whole coup.

    Examples:
        >>> odds = row_distribution((4,) * 9 + (16,))
        >>> odds.totals[31], odds.black[31] == odds.totals[31] / 2
        (Fraction(916402876553, 6191382206100), True)
    """
    counts = checked_values(counts)
    automaton = RowAutomaton.build(counts)
    n_cards = sum(counts)
    colour = _colour_weights(counts, blacks)
    # Each state's weight is a pair (W, C): C carries the first card's colour (see `colour_difference`).
    waiting: dict[int, tuple[int, int]] = {0: (1, 0)}
    committed: dict[int, dict[int, tuple[int, int]]] = {}  # by the value the row committed at
    for step, value in enumerate(automaton.values):
        c = counts[value - 1]
        kappa = colour[value - 1]
        moves = automaton.moves[step]
        new_waiting: dict[int, tuple[int, int]] = {}
        new_committed: dict[int, dict[int, tuple[int, int]]] = {}
        layers = [(waiting, new_waiting)] + [(layer, new_committed.setdefault(x, {})) for x, layer in committed.items()]
        for layer, target in layers:
            for source, (w, y) in layer.items():
                for dst, added, ways, commit in moves[source]:
                    base = ways * falling(c, added)
                    w2, y2 = w * base, y * base
                    if added and kappa:
                        y2 += w * ways * falling(c - 1, added - 1) * added * kappa
                    into = target
                    if commit:
                        w2, y2 = w2 * commit, y2 * (commit - 1)
                        into = new_committed.setdefault(value, {})
                    old = into.get(dst)
                    into[dst] = (w2, y2) if old is None else (old[0] + w2, old[1] + y2)
        waiting, committed = new_waiting, {x: layer for x, layer in new_committed.items() if layer}
    totals: dict[int, Fraction] = {}
    black: dict[int, Fraction] = {}
    for x, layer in committed.items():
        p = Fraction(0)
        e = Fraction(0)
        for dst, (w, y) in layer.items():
            _, needed, n = automaton.states[dst]
            p += Fraction(w, n * falling(n_cards, n))
            e += Fraction(y, n * (n - 1) * falling(n_cards, n))
        totals[30 + x] = p
        black[30 + x] = (p + e) / 2
    return RowOdds(dict(sorted(totals.items())), dict(sorted(black.items())))


def _colour_weights(counts: Sequence[int], blacks: Sequence[int] | None) -> tuple[int, ...]:
    """`black − red` for each value (the colour excess the first-card expectation is built from)."""
    if blacks is None:
        return (0,) * 10
    return tuple(2 * b - c for b, c in zip(blacks, counts))


# --- both rows ----------------------------------------------------------------------------------------------


def _joint_tables(automaton: RowAutomaton, step: int, c: int):
    """For each state, for each number `a` of cards the other row adds: its moves split by commit, weighted.

    A move's weight is its interleaving ways, times `L` when it commits, times
    `c^(a + b)` (the value's cards dealt to both rows).
    """
    moves = automaton.moves[step]
    falls = [falling(c, m) for m in range(2 * c + 2)]
    longest = max((move[1] for out in moves.values() for move in out), default=0)
    tables = {}
    for source, out in moves.items():
        per_a = []
        for a in range(longest + 1):
            waiting: list[tuple[int, int]] = []
            committing: list[tuple[int, int]] = []
            for dst, added, ways, commit in out:
                if a + added <= c:
                    weight = ways * (commit or 1) * falls[a + added]
                    (committing if commit else waiting).append((dst, weight))
            per_a.append((waiting, committing))
        tables[source] = per_a
    return tables


def _advance(layer: dict[int, int], moves, tables, size: int, targets) -> None:
    """One value's step of a symmetric joint layer (keys `i·size + j`, `i ≤ j`), into `targets[c1][c2]`.

    `c1`, `c2` say whether each row commits at this value; a target of `None`
    drops those moves. A pair `(p, q)` is stored once, as `min·size + max`:
    from a source `i < j` both orders of the pair arise once each, so a pair
    landing on the diagonal counts twice.
    """
    (waits_waits, waits_commits), (commits_waits, commits_commits) = targets
    for key, weight in layer.items():
        i, j = divmod(key, size)
        mirrored = i < j
        other = tables[j]
        for p, a1, ways, commit in moves[i]:
            factor = weight * ways * (commit or 1)
            waiting, committing = other[a1]
            pairs = ((commits_waits, waiting), (commits_commits, committing)) if commit else (
                (waits_waits, waiting), (waits_commits, committing))
            for target, options in pairs:
                if target is None or not options:
                    continue
                get = target.get
                for q, h in options:
                    value = factor * h
                    if p < q:
                        k = p * size + q
                        target[k] = get(k, 0) + value
                    elif p == q:
                        k = p * size + q
                        target[k] = get(k, 0) + (value + value if mirrored else value)
                    elif mirrored:
                        k = q * size + p
                        target[k] = get(k, 0) + value


def _readout(layer: dict[int, int], automaton: RowAutomaton, n_cards: int) -> dict[int, Fraction]:
    """A symmetric final layer as probabilities by the coup's number of cards."""
    by_cards: dict[tuple[int, int], int] = {}
    size = len(automaton.states)
    for key, weight in layer.items():
        i, j = divmod(key, size)
        n1, n2 = automaton.states[i][2], automaton.states[j][2]
        pair = (n1, n2) if n1 <= n2 else (n2, n1)
        by_cards[pair] = by_cards.get(pair, 0) + (weight if i == j else 2 * weight)
    result: dict[int, Fraction] = {}
    for (n1, n2), weight in by_cards.items():
        n = n1 + n2
        result[n] = result.get(n, Fraction(0)) + Fraction(weight, n1 * n2 * falling(n_cards, n))
    return dict(sorted(result.items()))


@dataclass(frozen=True)
class JointOdds:
    """Both rows' exact joint odds by the number of cards the coup takes.

    `ties[s][n]`: both rows end on `s` and the coup takes `n` cards;
    `cards[n]`: the coup takes `n` cards (every outcome), when computed.
    """

    ties: dict[int, dict[int, Fraction]]
    cards: dict[int, Fraction] | None


def joint_distribution(counts: Sequence[int], every_coup: bool = False) -> JointOdds:
    """The ties of a coup dealt from `counts` (by value), by total and number of cards; with `every_coup`, also
    the number of cards of every coup (the chance a coup reaches the separator).

    Raises:
        CardError: a composition that cannot always deal a whole coup.

    Examples:
        >>> odds = joint_distribution((4,) * 9 + (16,), every_coup=True)
        >>> sum(odds.cards.values())
        Fraction(1, 1)
    """
    return coup_distribution(counts, every_coup=every_coup)[0]


def coup_distribution(counts: Sequence[int], blacks: Sequence[int] | None = None,
                      every_coup: bool = False, stepwise: bool = False,
                      progress: Progress = no_progress) -> tuple[JointOdds, dict[int, Fraction]]:
    """`joint_distribution(counts, every_coup)` and `colour_difference(counts, blacks)` in one walk.

    The colour only enters at the values whose black and red cards differ
    (an ace out of the shoe: the aces, the last value processed). Until the
    first of them the colour weights are all zero, so the walk keeps, beside
    the symmetric layers of `joint_distribution`, only the *signed* split
    layer (`+W` where NEGRA wins, `−W` where ROJA does): swapping the rows
    negates it, so it is stored halved too (`_signed_step`). From that value
    on, the ordered layers of `colour_difference` take over from these. A
    removed card then costs about what the full shoe's ties cost, not a
    second, ordered walk over every value (`benchmarks/engine.py` times it).
    The colour part is `{}` without `blacks` or when every value is balanced,
    and holds the numbers of cards where it is not zero.

    The twos and the aces, the last two values, are closed in one step
    (`_last_two`) unless a value above the aces is unbalanced: there each
    pair of rows' layers is read out by the sums of what the two rows take,
    instead of walking the pairs of rows the twos reach (most of the work).
    `stepwise=True` walks them value by value as well (the oracle the tests
    compare it with). `progress` is told each value's step as it starts.

    Raises:
        CardError: a composition that cannot always deal a whole coup.

    Examples:
        >>> counts, blacks = (3,) + (4,) * 8 + (16,), (1,) + (2,) * 8 + (8,)
        >>> joint, colour = coup_distribution(counts, blacks, every_coup=True)
        >>> joint == joint_distribution(counts, every_coup=True), colour == colour_difference(counts, blacks)
        (True, True)
    """
    counts = checked_values(counts)
    kappa = _colour_weights(counts, blacks)
    automaton = RowAutomaton.build(counts)
    size = len(automaton.states)
    n_cards = sum(counts)
    # The first step whose value is unbalanced: the colour's ordered walk starts there.
    colour_from = next((step for step, value in enumerate(automaton.values) if kappa[value - 1]), None)
    both_waiting: dict[int, int] = {0: 1}
    ties: dict[int, dict[int, int]] = {}
    split: dict[int, int] = {}
    signed: dict[int, int] = {}
    colour_layers: tuple[dict[int, int], ...] = ()
    last_two = not stepwise and colour_from in (None, len(automaton.values) - 1)
    for step, value in enumerate(automaton.values):
        progress(step, len(automaton.values))
        if last_two and value == 2:
            return _last_two(automaton, counts, both_waiting, ties, split if every_coup else None,
                             signed if colour_from is not None else None, kappa[0])
        c = counts[value - 1]
        moves = automaton.moves[step]
        tables = _joint_tables(automaton, step, c)
        if step == colour_from:
            colour_layers = _unfolded(both_waiting, signed, size)
        if colour_from is not None and step >= colour_from:
            colour_layers = _colour_step(*colour_layers, moves, c, kappa[value - 1], size)
        elif colour_from is not None:
            signed = _signed_step(both_waiting, signed, moves, tables, size)
        waiting: dict[int, int] = {}
        tied: dict[int, int] = {}
        new_split: dict[int, int] | None = {} if every_coup else None
        # both rows waiting: stay waiting, commit together (a tie at 30 + value), or one commits (a split)
        _advance(both_waiting, moves, tables, size, ((waiting, new_split), (new_split, tied)))
        new_ties = {}
        for x, layer in ties.items():
            target: dict[int, int] = {}
            _advance(layer, moves, tables, size, ((target, target), (target, target)))
            new_ties[x] = target
        if tied:
            new_ties[value] = tied
        if every_coup:
            _advance(split, moves, tables, size, ((new_split, new_split), (new_split, new_split)))
            split = new_split  # type: ignore[assignment]
        both_waiting, ties = waiting, new_ties
    tie_odds = {30 + x: _readout(layer, automaton, n_cards) for x, layer in sorted(ties.items())}
    cards = None
    if every_coup:
        cards = dict(_readout(split, automaton, n_cards))
        for by_n in tie_odds.values():
            for n, p in by_n.items():
                cards[n] = cards.get(n, Fraction(0)) + p
        cards = dict(sorted(cards.items()))
    colour = _colour_readout(colour_layers[3], automaton, n_cards) if colour_layers else {}
    return JointOdds(tie_odds, cards), colour


def _signed_step(waiting: dict[int, int], signed: dict[int, int], moves, tables, size: int) -> dict[int, int]:
    """One value's step of the signed split layer: `+W` where NEGRA has won, `−W` where ROJA has, halved.

    Swapping the rows is a bijection of the coups that keeps their weight and
    flips who wins, so the ordered layer `D` has `D[q, p] = −D[p, q]` and a
    zero diagonal: only `p < q` is stored. A move of the ordered pair `(p, q)`
    adds its value at `p·size + q` when `p < q`, and its negation at
    `q·size + p` when `p > q` (the swapped source's move, implied by the same
    stored entry). From the symmetric waiting layer a split is born: the row
    committing first has the larger total and loses; a diagonal source `(i, i)`
    enumerates both orders of each pair itself, so only `p < q` is kept there.
    """
    target: dict[int, int] = {}
    get = target.get
    for layer, from_waiting in ((waiting, True), (signed, False)):
        for key, weight in layer.items():
            i, j = divmod(key, size)
            keep_below = not (from_waiting and i == j)
            other = tables[j]
            for p, a1, ways, commit in moves[i]:
                factor = weight * ways * (commit or 1)
                waits, commits = other[a1]
                if from_waiting:  # NEGRA committing alone loses (−); ROJA committing alone loses (+)
                    groups = ((waits, -factor),) if commit else ((commits, factor),)
                else:
                    groups = ((waits, factor), (commits, factor))
                for options, signed_factor in groups:
                    for q, h in options:
                        if p < q:
                            k = p * size + q
                            target[k] = get(k, 0) + signed_factor * h
                        elif p > q and keep_below:
                            k = q * size + p
                            target[k] = get(k, 0) - signed_factor * h
    return target


def _unfolded(waiting: dict[int, int], signed: dict[int, int], size: int) -> tuple[dict[int, int], ...]:
    """The halved waiting (symmetric) and signed (antisymmetric) layers as the ordered layers of the colour walk:
    `(waiting W, waiting C, split W, split C)`, every colour weight still zero."""
    waiting_w: dict[int, int] = {}
    for key, weight in waiting.items():
        i, j = divmod(key, size)
        waiting_w[key] = weight
        waiting_w[j * size + i] = weight
    split_w: dict[int, int] = {}
    for key, weight in signed.items():
        i, j = divmod(key, size)
        split_w[key] = weight
        split_w[j * size + i] = -weight
    return waiting_w, dict.fromkeys(waiting_w, 0), split_w, dict.fromkeys(split_w, 0)


def _colour_step(waiting_w: dict[int, int], waiting_c: dict[int, int], split_w: dict[int, int],
                 split_c: dict[int, int], moves, c: int, k: int, size: int) -> tuple[dict[int, int], ...]:
    """One value's step of `colour_difference`'s ordered layers (see its docstring): the four new layers."""
    falls = [falling(c, m) for m in range(2 * c + 2)]
    colour_falls = [0] + [falling(c - 1, m - 1) for m in range(1, 2 * c + 2)]
    longest = max((move[1] for out in moves.values() for move in out), default=0)
    # ROJA's moves, for each number a1 of cards NEGRA takes: (state, W factor, C factor for NEGRA's colour, commits)
    tables = {source: [[(q, ways * (commit or 1) * falls[a1 + a2], ways * (commit or 1) * colour_falls[a1 + a2],
                         commit) for q, a2, ways, commit in out if a1 + a2 <= c] for a1 in range(longest + 1)]
              for source, out in moves.items()}
    new_waiting_w: dict[int, int] = {}
    new_waiting_c: dict[int, int] = {}
    new_split_w: dict[int, int] = {}
    new_split_c: dict[int, int] = {}
    for layer_w, layer_c, from_waiting in ((waiting_w, waiting_c, True), (split_w, split_c, False)):
        for key, w in layer_w.items():
            y = layer_c[key]
            i, j = divmod(key, size)
            other = tables[j]
            for p, a1, ways1, commit1 in moves[i]:
                # NEGRA committing multiplies W by L and C by L − 1 (see the docstring).
                gw = w * ways1 * (commit1 or 1)
                scale = ways1 * (commit1 - 1 if commit1 else 1)
                gy = y * scale
                gk = w * scale * a1 * k if a1 and k else 0
                base = p * size
                for q, h, hc, commit2 in other[a1]:
                    if from_waiting and commit1 and commit2:
                        continue  # both commit together: a tie, no colour is paid
                    w2 = gw * h
                    y2 = gy * h + gk * hc if gk else gy * h
                    if from_waiting and (commit1 or commit2):
                        # the row committing first has the larger total: ROJA first means NEGRA wins (+1)
                        if commit1:
                            w2, y2 = -w2, -y2
                        target_w, target_c = new_split_w, new_split_c
                    elif from_waiting:
                        target_w, target_c = new_waiting_w, new_waiting_c
                    else:
                        target_w, target_c = new_split_w, new_split_c
                    key2 = base + q
                    target_w[key2] = target_w.get(key2, 0) + w2
                    target_c[key2] = target_c.get(key2, 0) + y2
    return new_waiting_w, new_waiting_c, new_split_w, new_split_c


def _colour_readout(split_c: dict[int, int], automaton: RowAutomaton, n_cards: int) -> dict[int, Fraction]:
    """The colour weights of the final split layer as `P(couleur) − P(inverse)` by the coup's number of cards."""
    size = len(automaton.states)
    result: dict[int, Fraction] = {}
    for key, y in split_c.items():
        i, j = divmod(key, size)
        n1, n2 = automaton.states[i][2], automaton.states[j][2]
        n = n1 + n2
        result[n] = result.get(n, Fraction(0)) + Fraction(y, n1 * (n1 - 1) * n2 * falling(n_cards, n))
    return {n: p for n, p in sorted(result.items()) if p}


# --- the last two values at once ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Ending:
    """The ways one row ends from a state before the twos, for `t = first, first + 1, …` twos.

    `kind` is 0 for a row already committed, else the value it commits at (2
    or 1). With `a` aces and `f` cards at the end, `a + 2t` and `f + t` are
    the same for every `t` of an ending (`aces`, `cards`), so two rows' sums
    of twos alone say how many aces and cards the coup takes. `weights[k]` is
    the weight with `first + k` twos times `Λ / f`, Λ the least common
    multiple of the ending's `f` (the readout's `1 / f` as a whole number),
    and `scale` is `M / Λ`, `M` the multiple every ending shares; `colour`
    and `colour_scale` are NEGRA's colour weight (see `_colour_step`: `L − 1`
    for `L` and the aces it takes) the same way with `f (f − 1)`. The small
    local multiples keep the convolutions' numbers short.
    """

    kind: int
    aces: int
    cards: int
    first: int
    weights: tuple[int, ...]
    scale: int
    colour: tuple[int, ...]
    colour_scale: int


def _endings(automaton: RowAutomaton, common: int) -> dict[int, list[_Ending]]:
    """Every state's endings through the twos and the aces (the automaton's last two steps); `common` is a multiple
    of every `f (f − 1)`."""
    twos, aces = automaton.moves[-2], automaton.moves[-1]
    result = {}
    for source, out in twos.items():
        found: dict[tuple[int, int, int], dict[int, tuple[int, int, int]]] = {}
        for middle, t, ways2, commit2 in out:
            for end, a, ways1, commit1 in aces.get(middle, ()):
                f = automaton.states[end][2]
                kind = 2 if commit2 else 1 if commit1 else 0
                base = ways2 * (commit2 or 1) * ways1
                by_twos = found.setdefault((kind, a + 2 * t, f + t), {})
                w, y, _ = by_twos.get(t, (0, 0, f))
                by_twos[t] = (w + base * (commit1 or 1), y + (base * (commit1 - 1 if commit1 else 1) * a), f)
        endings = []
        for (kind, total_aces, cards), by_twos in found.items():
            span = range(min(by_twos), max(by_twos) + 1)
            local = lcm(*(f for _, _, f in by_twos.values()))
            local_colour = lcm(*(f * (f - 1) for _, y, f in by_twos.values() if y), 1)
            weights = tuple(by_twos[t][0] * local // by_twos[t][2] if t in by_twos else 0 for t in span)
            colour = tuple(by_twos[t][1] * local_colour // (by_twos[t][2] * (by_twos[t][2] - 1)) if t in by_twos
                           and by_twos[t][1] else 0 for t in span)
            endings.append(_Ending(kind, total_aces, cards, span.start, weights, common // local, colour,
                                   common // local_colour))
        result[source] = endings
    return result


def _convolution(x: Sequence[int], y: Sequence[int]) -> tuple[int, ...]:
    result = [0] * (len(x) + len(y) - 1)
    for i, u in enumerate(x):
        if u:
            for j, v in enumerate(y):
                result[i + j] += u * v
    return tuple(result)


def _last_two(automaton: RowAutomaton, counts: Sequence[int], waiting: dict[int, int],
              ties: dict[int, dict[int, int]], split: dict[int, int] | None, signed: dict[int, int] | None,
              kappa_aces: int) -> tuple[JointOdds, dict[int, Fraction]]:
    """`coup_distribution`'s last two values (twos, then aces) and its readout, from its layers before the twos.

    Two rows' weights through the twos and aces multiply as `w(t₁) w(t₂)
    c₂^(t₁+t₂) c₁^(a₁+a₂)` (falling factorials), and the coup's cards and
    aces are sums fixed by each row's ending and the twos `T = t₁ + t₂`
    both take (`_Ending`). So each pair of endings is one convolution over
    the twos, the same for every layer holding that pair of states (cached),
    and the layers' weights are summed by `(aces, cards)` and `T` before the
    falling factorials and the division by the coups' dealing ways.
    A tie is two rows ending at the same value; a split, where the colour is
    paid, two rows ending at different ones (the one committing first, at
    the larger value, has the larger total and loses).
    """
    size = len(automaton.states)
    n_cards = sum(counts)
    common = lcm(*range(1, max(state[2] for state in automaton.states) + 1))
    endings = _endings(automaton, common)
    convolutions: dict[tuple[int, int, bool], tuple[int, ...]] = {}

    def add(target: dict[tuple[int, int], list[int]], negra: _Ending, roja: _Ending, weight: int,
            colour: bool = False) -> None:
        key = (id(negra), id(roja), colour)
        values = convolutions.get(key)
        if values is None:
            values = convolutions[key] = _convolution(negra.colour if colour else negra.weights, roja.weights)
        weight *= (negra.colour_scale if colour else negra.scale) * roja.scale
        sums = target.get((negra.aces + roja.aces, negra.cards + roja.cards))
        if sums is None:
            sums = target[(negra.aces + roja.aces, negra.cards + roja.cards)] = [0] * (2 * counts[1] + 2)
        for t, value in enumerate(values, negra.first + roja.first):
            if value:
                sums[t] += weight * value

    tie_sums: dict[int, dict[tuple[int, int], list[int]]] = {}
    split_sums: dict[tuple[int, int], list[int]] = {}
    colour_sums: dict[tuple[int, int], list[int]] = {}
    # Both rows waiting: they end at the same value (a tie on 32 or 31), or at different ones (a split).
    for key, weight in waiting.items():
        i, j = divmod(key, size)
        double = 2 * weight if i < j else weight  # the mirrored pair (j, i) adds the same
        for x in endings[i]:
            for y in endings[j]:
                if x.kind == y.kind:
                    add(tie_sums.setdefault(30 + x.kind, {}), x, y, double)
                    continue
                if split is not None:
                    add(split_sums, x, y, double)
                if signed is not None:
                    sign = 1 if y.kind > x.kind else -1  # ROJA commits first: NEGRA wins
                    add(colour_sums, x, y, sign * weight, True)
                    if i < j:
                        add(colour_sums, y, x, -sign * weight, True)
    for x_value, layer in ties.items():
        target = tie_sums.setdefault(30 + x_value, {})
        for key, weight in layer.items():
            i, j = divmod(key, size)
            double = 2 * weight if i < j else weight
            for x in endings[i]:
                for y in endings[j]:
                    add(target, x, y, double)
    if split is not None:
        for key, weight in split.items():
            i, j = divmod(key, size)
            double = 2 * weight if i < j else weight
            for x in endings[i]:
                for y in endings[j]:
                    add(split_sums, x, y, double)
    if signed is not None:
        for key, weight in signed.items():  # D[j, i] = −D[i, j]: both orders of NEGRA and ROJA
            i, j = divmod(key, size)
            for x in endings[i]:
                for y in endings[j]:
                    add(colour_sums, x, y, weight, True)
                    add(colour_sums, y, x, -weight, True)
    c1, c2 = counts[0], counts[1]
    twos = [falling(c2, m) for m in range(2 * c2 + 2)]

    def readout(sums: dict[tuple[int, int], list[int]], colour_excess: int = 0) -> dict[int, Fraction]:
        by_n: dict[int, int] = {}
        for (aces, cards), by_twos in sums.items():
            for t, weight in enumerate(by_twos):
                aces_left, n = aces - 2 * t, cards - t
                if not weight or not twos[t] or aces_left > c1:
                    continue
                if colour_excess:
                    dealt = twos[t] * falling(c1 - 1, aces_left - 1) * colour_excess
                else:
                    dealt = twos[t] * falling(c1, aces_left)
                by_n[n] = by_n.get(n, 0) + weight * dealt
        result = {n: Fraction(weight, common * common * falling(n_cards, n)) for n, weight in sorted(by_n.items())}
        return {n: p for n, p in result.items() if p}

    tie_odds = {total: by_n for total, sums in sorted(tie_sums.items()) if (by_n := readout(sums))}
    cards = None
    if split is not None:
        cards = readout(split_sums)
        for by_n in tie_odds.values():
            for n, p in by_n.items():
                cards[n] = cards.get(n, Fraction(0)) + p
        cards = dict(sorted(cards.items()))
    colour_odds = readout(colour_sums, kappa_aces) if signed is not None else {}
    return JointOdds(tie_odds, cards), colour_odds

def tie_distribution(counts: Sequence[int]) -> dict[int, dict[int, Fraction]]:
    """`joint_distribution(counts).ties`: both rows on `s` with the coup taking `n` cards.

    Examples:
        >>> sorted(tie_distribution((4,) * 9 + (16,)))[:3]
        [31, 32, 33]
    """
    return joint_distribution(counts).ties


def colour_difference(counts: Sequence[int], blacks: Sequence[int]) -> dict[int, Fraction]:
    """`P(couleur) − P(inverse)` by the coup's number of cards (where it is not zero): `E[κ · sign(ROJA − NEGRA)]`,
    κ the first card's colour (+1 black, −1 red).

    It is zero when every value has as many black cards as red ones. The
    first card is any of NEGRA's cards but the last, all equally likely; the
    last is any of the `L` cards that can end the row. So the expected colour
    of the first card, times the orderings, is `(L·K − K_L) / (n − 1)` with
    `K` the colour excess of NEGRA's cards and `K_L` that of its `L` possible
    last cards — which, processing values downwards, is `K` at the moment NEGRA
    commits. The weight carries `W` and `C = W·(L·K − K_L)` (both exact).

    This is the plain walk over ordered pairs from the first value on (the
    oracle of `coup_distribution`, which starts it at the first unbalanced value).

    Examples:
        >>> counts = (4,) * 9 + (16,)
        >>> colour_difference(counts, (2,) * 9 + (8,))
        {}
    """
    counts = checked_values(counts)
    kappa = _colour_weights(counts, blacks)
    automaton = RowAutomaton.build(counts)
    size = len(automaton.states)
    # Each layer maps i·size + j to the pair (W, C), kept in two dicts.
    layers: tuple[dict[int, int], ...] = ({0: 1}, {0: 0}, {}, {})
    for step, value in enumerate(automaton.values):
        layers = _colour_step(*layers, automaton.moves[step], counts[value - 1], kappa[value - 1], size)
    return _colour_readout(layers[3], automaton, sum(counts))


def up_to(by_cards: dict[int, Fraction], cards: int | None) -> Fraction:
    """The probability of the coups taking at most `cards` cards (all of them when `None`).

    Examples:
        >>> up_to({8: Fraction(1, 4), 9: Fraction(3, 4)}, 8), up_to({8: Fraction(1, 4)}, None)
        (Fraction(1, 4), Fraction(1, 4))
    """
    return sum((p for n, p in by_cards.items() if cards is None or n <= cards), Fraction(0))


def cards_of(values: Iterable[int]) -> tuple[int, ...]:
    """A composition by value from a list of card values (tests and small examples).

    Examples:
        >>> cards_of([10, 10, 1, 5])
        (1, 0, 0, 0, 1, 0, 0, 0, 0, 2)
    """
    counts = [0] * 10
    for value in values:
        counts[value - 1] += 1
    return tuple(counts)
