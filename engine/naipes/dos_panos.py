"""Bacarrá a dos paños (bacarà a dos draps, baccara banque): one banker against two paños.

Sources 000 (Spanish catalogue) and 002 (Catalan decree, "09 - Bacarà a dos
draps"): the banker deals one card at a time, "primer drap, segon drap i
banca", twice; each paño's punto must draw on 0–4, chooses on 5, stands on
6–7 and shows 8–9; the banker may draw or stand as he likes ("pot demanar carta
o plantar-se"), or, if he asked the croupier for the table, follows it wherever
it says the same for both paños. "Un 8 amb les dos primeres cartes guanya
sempre a un 8 o a un 9 aconseguits utilitzant una tercera carta". The house's
cagnotte is taken when the banker wins on both paños or his gain on one exceeds
his loss on the other: on his net win.

>>> from naipes.cards import parse_cards
>>> coup = DosPanosCoup(PRESETS["cat-2016"], banker_mode="table")
>>> for card in parse_cards("9s 2h 3d Ks 4c 4h"):
...     _ = coup.deal(card)
>>> coup.state(1), coup.state(2)                 # paño 1 shows a natural 9, paño 2 has 6
('natural', 'stood')
>>> coup.is_terminal(), coup.results()
(True, ('player', 'banker'))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping, Sequence

from .cards import Card
from .chemin_de_fer import Decision, card_weights, outcome, parse_rate
from .errors import RulesError
from .i18n import N_
from .punto_banca import BANKER, PLAYER, SOURCE_004_DRAWING, TIE, DrawingRules, Event, hand_total
from .shoe import BURN_NONE, Burn, StopCard
from .solver import DRAW, STAND, TeamSolution, banker_best_reply, solve_team
from .sources import CATALAN_DECREE, SPANISH_CATALOGUE, Citation

FREE = "free"
TABLE = "table"
NATURAL = "natural"
STOOD = "stood"
#: What the banker knows of a paño: it showed a natural, it stood, or the value of its third card.
PANO_STATES = (NATURAL, None, *range(10))
#: The banker's information cells: (his total 0–7, paño 1's state, paño 2's state); None = stood.
CELLS = tuple((t, s1, s2) for t in range(8) for s1 in PANO_STATES for s2 in PANO_STATES
              if not (s1 == NATURAL and s2 == NATURAL))
#: The two paños' joint pure strategies on 5: (paño 1 draws?, paño 2 draws?).
TEAM_STRATEGIES = ((False, False), (False, True), (True, False), (True, True))


@dataclass(frozen=True)
class DosPanosRules:
    """Every variable the sources set for the bacarrá a dos paños, as a named field.

    ``natural_beats_three_cards``: a paño's two-card 8 or 9 beats the banker's
    three-card 8 or 9 (the decree's rule). ``cagnotte`` is taken on the
    banker's net win over both paños.

    >>> PRESETS["cat-2016"].stop_card.cards_below
    10
    """

    name: str = "custom"
    decks: int = 6
    stop_card: StopCard | None = StopCard(10)
    burn: Burn = Burn(BURN_NONE)
    player_must_draw_on: frozenset[int] = frozenset(range(5))
    player_free_on: frozenset[int] = frozenset({5})
    player_stands_on: frozenset[int] = frozenset({6, 7})
    banker_must_draw_on: frozenset[int] = frozenset({0})
    banker_table: DrawingRules = SOURCE_004_DRAWING
    natural_beats_three_cards: bool = True
    cagnotte: Fraction = Fraction(1, 20)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=self.decks)

    def with_options(self, decks: int | None = None, commission=None) -> "DosPanosRules":
        """A copy with the number of decks or the cagnotte changed."""
        changes: dict[str, object] = {}
        if decks is not None:
            changes["decks"] = decks
        if commission is not None:
            changes["cagnotte"] = parse_rate(commission)
        return replace(self, name=self.name + "+options", **changes) if changes else self


_DECREE = (
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, II", "Són necessàries sis baralles"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VI",
             "si l’esmentada puntuació és de 5 tenen llibertat per demanar carta o restar servits"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VI",
             "En aquest cas les ha de seguir sempre que s’indiqui el mateix per als dos draps"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VI",
             "Un 8 amb les dos primeres cartes guanya sempre a un 8 o a un 9 aconseguits utilitzant una "
             "tercera carta"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII", "per sota d’aquesta carta en quedin 10"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII",
             "primer drap, segon drap i banca"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII",
             "es considera que la fracció més forta juga al primer drap"),
    Citation(CATALAN_DECREE, "09 Bacarà a dos draps, VII",
             "si el banquer guanya en els dos draps, o si el seu guany en un drap és superior a la pèrdua "
             "en el altre, el crupier ingressa la quantitat que correspon al pou o cagnotte"),
)
NATURAL_NINE = N_("The decree says a two-card 8 beats a three-card 8 or 9; the engine lets a two-card 9 "
                  "beat them too (option natural_beats_three_cards).")
CAGNOTTE_RATE = N_("The source does not give the cagnotte's rate for this game; the engine takes 5 per cent of the "
                   "banker's net win, the rate of the decree's chemin de fer (option cagnotte).")
PRESETS: Mapping[str, DosPanosRules] = {
    "cat-2016": DosPanosRules(
        name="cat-2016", decks=6, stop_card=StopCard(10), citations=_DECREE,
        interpretations=(NATURAL_NINE, CAGNOTTE_RATE,
                         N_("The source describes no burn for this game; the engine burns no card "
                            "(option burn)."))),
    "catalogo-es": DosPanosRules(
        name="catalogo-es", decks=6, stop_card=StopCard(10),
        citations=(
            Citation(SPANISH_CATALOGUE, "Bacarrá a dos paños, cartas",
                     "Serán necesarias seis barajas, tres de un color y tres de otro"),
            Citation(SPANISH_CATALOGUE, "Bacarrá a dos paños, mesa",
                     "jugarán por partes iguales a los dos paños"),
            Citation(SPANISH_CATALOGUE, "Bacarrá a dos paños, mesa",
                     "para las deducciones en beneficio de la casa sobre las ganancias del banquero")),
        interpretations=(
            N_("The catalogue's text of this game breaks off after the seating rules; the engine takes the "
               "rules of play, the stop card with 10 cards below it and the cagnotte from the Catalan "
               "decree."),
            NATURAL_NINE, CAGNOTTE_RATE)),
}
DEFAULT_PRESET = "cat-2016"


def preset(name: str) -> DosPanosRules:
    """Dos paños rules by preset name; the error lists the valid names."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("Unknown preset {name!r}: use one of {names}.", name=name,
                         names=", ".join(PRESETS)) from None


def split_line_bet(units: int) -> tuple[int, int]:
    """A bet on the line between the paños plays half on each; an odd unit goes to the first paño.

    >>> split_line_bet(10), split_line_bet(7)
    ((5, 5), (4, 3))
    """
    if not isinstance(units, int) or units < 1:
        raise RulesError("A bet must be a whole number of units, 1 or more, not {units}.", units=units)
    return units - units // 2, units // 2


def pano_result(pano: int, pano_cards: int, banker: int, banker_cards: int, rules: DosPanosRules) -> str:
    """One paño against the banker, with the rule that a two-card 8 (or 9) beats any three-card hand.

    >>> pano_result(8, 2, 9, 3, PRESETS["cat-2016"]), pano_result(8, 3, 9, 3, PRESETS["cat-2016"])
    ('player', 'banker')
    """
    if rules.natural_beats_three_cards and pano_cards == 2 and pano >= 8 and banker_cards == 3:
        return PLAYER
    return outcome(pano, banker)


class DosPanosCoup:
    """One coup against both paños: chance steps (:meth:`deal`), decisions (:meth:`choose`).

    :attr:`pending` names whose decision is open: ``Decision("pano1", 5)``,
    ``Decision("pano2", 5)`` or ``Decision("banker", total)``.
    """

    def __init__(self, rules: DosPanosRules | None = None, banker_mode: str = FREE) -> None:
        if banker_mode not in (FREE, TABLE):
            raise RulesError("The banker plays 'free' or by the 'table', not {mode!r}.", mode=banker_mode)
        self.rules = rules or PRESETS[DEFAULT_PRESET]
        self.banker_mode = banker_mode
        self.hands: dict[str, list[Card]] = {"pano1": [], "pano2": [], "banker": []}
        self.done = {"pano1": False, "pano2": False, "banker": False}
        self.pending: Decision | None = None
        self.events: list[Event] = []

    def total(self, hand: str) -> int:
        return hand_total(c.baccarat_value for c in self.hands[hand])

    def _two(self, hand: str) -> int:
        return hand_total(c.baccarat_value for c in self.hands[hand][:2])

    def state(self, pano: int) -> str | int | None:
        """What the banker knows of paño 1 or 2: "natural", "stood", a third card value, or None (not yet)."""
        hand = self.hands[f"pano{pano}"]
        if len(hand) < 2:
            return None
        if self._two(f"pano{pano}") >= 8:
            return NATURAL
        if len(hand) == 3:
            return hand[2].baccarat_value
        return STOOD if self.done[f"pano{pano}"] else None

    def banker_natural(self) -> bool:
        return len(self.hands["banker"]) >= 2 and self._two("banker") >= 8

    def is_terminal(self) -> bool:
        if len(self.hands["banker"]) < 2:
            return False
        return self.banker_natural() or self.done["banker"]

    def next_hand(self) -> str | None:
        if self.pending is not None or self.is_terminal():
            return None
        sizes = [len(self.hands[h]) for h in ("pano1", "pano2", "banker")]
        if min(sizes) < 2:
            return ("pano1", "pano2", "banker")[sizes.index(min(sizes))]
        for hand in ("pano1", "pano2"):
            if not self.done[hand]:
                return hand
        return "banker"

    def deal(self, card: Card) -> list[Event]:
        """Give ``card`` to the hand whose turn it is; return the events it caused."""
        hand = self.next_hand()
        if hand is None:
            if self.pending is not None:
                raise RulesError("A decision is pending: choose draw or stand first.")
            raise RulesError("The coup is over: no more cards are dealt.")
        self.hands[hand].append(card)
        events = [Event("deal", {"hand": hand, "card": card, "cards": len(self.hands[hand]),
                                 "total": self.total(hand)})]
        if len(self.hands[hand]) == 3:
            self.done[hand] = True
            events += self._advance()
        elif all(len(h) == 2 for h in self.hands.values()):
            if self.banker_natural():
                events.append(Event("dp-banker-natural", {"total": self.total("banker")}))
                events += self._results()
            else:
                for pano in ("pano1", "pano2"):
                    if self._two(pano) >= 8:
                        self.done[pano] = True
                        events.append(Event("dp-pano-natural", {"pano": pano, "total": self.total(pano)}))
                events += self._advance()
        self.events += events
        return events

    def _advance(self) -> list[Event]:
        for pano in ("pano1", "pano2"):
            if self.done[pano]:
                continue
            total = self.total(pano)
            if total in self.rules.player_must_draw_on:
                return [Event("dp-pano-must-draw", {"pano": pano, "total": total})]
            if total in self.rules.player_stands_on:
                self.done[pano] = True
                return [Event("dp-pano-must-stand", {"pano": pano, "total": total})] + self._advance()
            self.pending = Decision(pano, total)
            return [Event("dp-pano-decides", {"pano": pano, "total": total})]
        if self.done["banker"]:
            return self._results()
        return self._banker_turn()

    def _live_states(self) -> list:
        return [self.state(i) for i in (1, 2) if self.state(i) != NATURAL]

    def _banker_turn(self) -> list[Event]:
        bt = self.total("banker")
        live = self._live_states()
        if not live:  # both paños showed naturals: nothing left to play
            self.done["banker"] = True
            return self._results()
        if bt in self.rules.banker_must_draw_on:
            return [Event("dp-banker-must-draw", {"total": bt})]
        if self.banker_mode == TABLE:
            says = {self.rules.banker_table.banker_draws(bt, None if s == STOOD else s) for s in live}
            if len(says) == 1:
                draws = says.pop()
                event = Event("dp-banker-table", {"total": bt, "draws": draws})
                if draws:
                    return [event]
                self.done["banker"] = True
                return [event] + self._results()
            self.pending = Decision("banker", bt)
            return [Event("dp-banker-table-split", {"total": bt})]
        self.pending = Decision("banker", bt)
        return [Event("dp-banker-decides", {"total": bt})]

    def choose(self, draw: bool) -> list[Event]:
        """Answer the pending decision: ``True`` draws ("carta"), ``False`` stands ("no")."""
        decision = self.pending
        if decision is None:
            raise RulesError("No decision is pending.")
        self.pending = None
        if decision.who == "banker":
            events = [Event("dp-banker-chooses", {"total": decision.total, "draws": bool(draw)})]
            if not draw:
                self.done["banker"] = True
                events += self._results()
        else:
            events = [Event("dp-pano-chooses", {"pano": decision.who, "total": decision.total,
                                                "draws": bool(draw)})]
            if not draw:
                self.done[decision.who] = True
                events += self._advance()
        self.events += events
        return events

    def results(self) -> tuple[str, str] | None:
        """``(paño 1, paño 2)``: each ``"player"`` (the paño wins), ``"banker"`` or ``"tie"``."""
        if not self.is_terminal():
            return None
        b, nb = self.total("banker"), len(self.hands["banker"])
        return tuple(pano_result(self.total(p), len(self.hands[p]), b, nb, self.rules)
                     for p in ("pano1", "pano2"))

    def _results(self) -> list[Event]:
        if not self.is_terminal():
            self.done["banker"] = True
        res = self.results()
        return [Event("dp-result", {"pano": p, "winner": w, "player": self.total(p),
                                    "banker": self.total("banker")})
                for p, w in zip(("pano1", "pano2"), res)]

    def settle(self, pano1: Fraction | int = 0, pano2: Fraction | int = 0, line: int = 0) -> dict:
        """Net results of the stakes on each paño (a line bet split by :func:`split_line_bet`),
        the banker's net and the cagnotte taken on his net win.

        >>> from naipes.cards import parse_cards
        >>> coup = DosPanosCoup(PRESETS["cat-2016"], banker_mode="table")
        >>> for card in parse_cards("9s 2h 3d Ks 4c 4h"):
        ...     _ = coup.deal(card)
        >>> coup.settle(pano1=10, pano2=30)
        {'pano1': Fraction(10, 1), 'pano2': Fraction(-30, 1), 'banker': Fraction(19, 1), 'cagnotte': Fraction(1, 1)}
        """
        res = self.results()
        if res is None:
            raise RulesError("The coup is not over yet.")
        first, second = split_line_bet(line) if line else (0, 0)
        stakes = (Fraction(pano1) + first, Fraction(pano2) + second)
        nets = [s if r == PLAYER else -s if r == BANKER else Fraction(0) for s, r in zip(stakes, res)]
        banker = -sum(nets)
        cagnotte = banker * self.rules.cagnotte if banker > 0 else Fraction(0)
        return {"pano1": nets[0], "pano2": nets[1], "banker": banker - cagnotte, "cagnotte": cagnotte}


# --- exact tables --------------------------------------------------------------------------------------

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
    the same three for paño 2). ``const`` holds the coups with no banker
    decision; ``total`` is the common denominator (9 cards).
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
        """Probabilities of each paño's result for the joint mix ``q`` and the banker's draw probabilities."""
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
                     rules: DosPanosRules | None = None) -> DosPanosTables:
    """Enumerate every coup of a shoe of composition ``counts`` exactly, for every joint strategy on 5.

    Without replacement this walks every value pair of the three hands (a few
    seconds); with replacement the hands are grouped by totals.
    """
    rules = rules or PRESETS[DEFAULT_PRESET]
    c = list(counts)
    n = sum(c)
    if len(c) != 10 or n < 9:
        raise RulesError("A coup needs a shoe of at least 6 cards, not {n}.", n=n)
    rep = replacement

    def scale(dealt):
        result = 1
        for i in range(dealt, 9):
            result *= n if rep else n - i
        return result

    scales = [scale(k) for k in range(10)]
    idx = {PLAYER: 0, BANKER: 1, TIE: 2}
    beats3 = rules.natural_beats_three_cards
    # res[f][nat][b][bcards3] -> index of the paño's result
    res = {}
    for f in range(10):
        for nat in (False, True):
            for b in range(10):
                for three in (False, True):
                    r = PLAYER if (beats3 and nat and three and f >= 8) else outcome(f, b)
                    res[(f, nat, b, three)] = idx[r]
    m = len(TEAM_STRATEGIES)
    const = [[0] * 6 for _ in range(m)]
    cells = [dict() for _ in range(m)]
    must = rules.player_must_draw_on
    free = rules.player_free_on

    def actions(t):
        if t >= 8:
            return "N"
        if t in must:
            return "D"
        if t in free:
            return "F"
        return "S"

    for t1, w1, r1 in _pair_totals(c, rep):
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
    thirds1 = range(10) if e1 == "D" else (None,)
    thirds2 = range(10) if e2 == "D" else (None,)
    for x1 in thirds1:
        k1 = 1 if x1 is None else c[x1]
        if not k1:
            continue
        if x1 is not None and not rep:
            c[x1] -= 1
        f1 = t1 if x1 is None else (t1 + x1) % 10
        s1 = "natural" if nat1 else x1
        for x2 in thirds2:
            k2 = 1 if x2 is None else c[x2]
            if not k2:
                continue
            if x2 is not None and not rep:
                c[x2] -= 1
            f2 = t2 if x2 is None else (t2 + x2) % 10
            s2 = "natural" if nat2 else x2
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
            if x2 is not None and not rep:
                c[x2] += 1
        if x1 is not None and not rep:
            c[x1] += 1


# --- solving ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DosPanosSolution:
    """The two paños as one team against the banker (a zero-sum game on the sum of both paños).

    ``q`` is the optimal joint mix over :data:`TEAM_STRATEGIES`; ``draw_at_5``
    paño 1's and paño 2's probabilities of drawing on 5; ``value`` the team's
    expectation per unit on each paño (the sum over both, halved: per paño);
    ``banker`` the banker's best reply in every cell (1 draw, 0 stand, None:
    either).
    """

    model: str
    decks: int | None
    solution: TeamSolution

    @property
    def q(self) -> tuple[Fraction, ...]:
        return self.solution.q

    @property
    def draw_at_5(self) -> tuple[Fraction, Fraction]:
        q = self.solution.q
        return (q[2] + q[3], q[1] + q[3])

    @property
    def value(self) -> Fraction:
        """Expectation of one paño per unit staked (the team's total divided by two)."""
        return self.solution.value / 2

    @property
    def banker(self):
        return self.solution.banker


def solve(model: str = "totals", decks: int = 6, rules: DosPanosRules | None = None) -> DosPanosSolution:
    """Solve the dos paños exactly: the paños' optimal joint mix on 5 against a free banker.

    The paños are treated as one team maximising their summed result (each
    sees only its own total; a shared random device may correlate their
    choices on 5), the banker minimises it cell by cell: Ethier & Lee's (2015)
    *correlated cooperative* reading of the three-person game. The banker's
    forced draw on 0 is kept.

    >>> s = solve("totals")
    >>> 0 < s.draw_at_5[0] <= 1
    True
    """
    rules = rules or PRESETS[DEFAULT_PRESET]
    counts, replacement = card_weights(model, decks)
    tables = dos_panos_tables(counts, replacement, rules)
    const, cells = tables.team_payoffs()
    forced = {cell: DRAW for cell in cells if cell[0] in rules.banker_must_draw_on}
    # The paños are exchangeable (same rules, cards exchangeable), so the concave objective is symmetric
    # under swapping them and a symmetric optimum exists: solve over (SS, half SD + half DS, DD).
    half = Fraction(1, 2)
    sym_const = (const[0], half * (const[1] + const[2]), const[3])
    sym_cells = {k: (u[0], tuple(half * (a + b) for a, b in zip(u[1], u[2])), u[3]) for k, u in cells.items()}
    sym = solve_team(sym_const, sym_cells, forced)
    q = (sym.q[0], sym.q[1] * half, sym.q[1] * half, sym.q[2])
    banker = banker_best_reply(cells, forced, q)
    return DosPanosSolution(model, decks if model == "shoe" else None, TeamSolution(q, sym.value, banker))


def split_table_conduct(total: int) -> bool:
    """What the engine's banker does where the table says different things for the two paños.

    The sources leave him free there (an *interpretation*): he draws on 5 or less, the decree's
    rule when the error is his. ``naipes deal``, the coup widget and :func:`table_strategy` all
    use this one rule.

    >>> split_table_conduct(5), split_table_conduct(6)
    (True, False)
    """
    return total <= 5


def table_strategy(rules: DosPanosRules, split: Fraction | None = None) -> dict[tuple, Fraction]:
    """The banker who asked for the table: follow it where it says the same for both live paños;
    where it differs he is free: he draws with probability ``split``, or by
    :func:`split_table_conduct` when ``split`` is None."""
    out = {}
    for t, s1, s2 in CELLS:
        if t in rules.banker_must_draw_on:
            out[(t, s1, s2)] = Fraction(1)
            continue
        live = [s for s in (s1, s2) if s != NATURAL]
        says = {rules.banker_table.banker_draws(t, s) for s in live}
        if len(says) == 1:
            out[(t, s1, s2)] = Fraction(int(says.pop()))
        else:
            out[(t, s1, s2)] = Fraction(int(split_table_conduct(t))) if split is None else Fraction(split)
    return out


def analyze_coup(rules: DosPanosRules, q: Sequence[Fraction] = (1, 0, 0, 0), banker=None,
                 model: str = "shoe") -> dict:
    """Exact probabilities of each paño's result: by default both paños stand on 5 (the croupier's
    advice) and the banker follows the table (where it differs between the paños, by
    :func:`split_table_conduct`)."""
    counts, replacement = card_weights(model, rules.decks)
    tables = dos_panos_tables(counts, replacement, rules)
    return tables.outcome_probabilities([Fraction(x) for x in q], banker or table_strategy(rules))
