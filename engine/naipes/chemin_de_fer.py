"""Chemin de fer (Ferrocarril, Bacarà): one player holds the bank against the punto.

The coup of sources 000 (Spanish catalogue, "Ferrocarril") and 002 (Catalan
decree, "08 - Bacarà, Chemin de fer o Ferrocarril"): the banker deals two cards
to the punto and two to himself, one at a time starting with the punto; an 8
or 9 is shown at once and ends the coup; the punto must draw on 0–4, chooses on
5 ("carta" or "no"), stands on 6–7; the banker then chooses freely except that
he must draw on 0 (*bacarrá*), or follows the banker's table if he asked the
croupier for it. A tie is a void coup. The house takes a cagnotte of 5 % of the
banker's winnings.

>>> from naipes.cards import parse_cards
>>> coup = CheminDeFerCoup(PRESETS["cat-2016"])
>>> for card in parse_cards("2s 4h 3d Kc"):
...     _ = coup.deal(card)
>>> coup.pending                               # the punto has 5: his choice
Decision(who='player', total=5, third=None)
>>> _ = coup.choose(False)                      # "no"
>>> coup.pending                               # the banker has 4 and may choose
Decision(who='banker', total=4, third=None)
>>> _ = coup.choose(True); _ = coup.deal(parse_cards("3c")[0])
>>> coup.winner, coup.player_total, coup.banker_total
('banker', 5, 7)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Mapping, Sequence

from .analysis import deck_counts
from .cards import Card
from .errors import RulesError
from .i18n import N_
from .punto_banca import (BANKER, PLAYER, SOURCE_004_DRAWING, TIE, DrawingRules, Event, PuntoAndBancaHands,
                          hand_total)
from .shoe import BURN_NONE, Burn, StopCard
from .solver import DRAW, STAND, TwoStrategyEquilibrium, solve_two_strategy
from .sources import CATALAN_DECREE, SPANISH_CATALOGUE, Citation

#: The banker's information cells: (his two-card total 0–7, the punto's third card 0–9 or None if he stood).
CELLS = tuple((total, third) for total in range(8) for third in (None, *range(10)))
MODELS = ("totals", "shoe")

FREE = "free"
TABLE = "table"


@dataclass(frozen=True)
class Decision:
    """A choice the rules leave to a person: ``who`` (player/banker) holds ``total``.

    For the banker, ``third`` is the value of the punto's third card (``None`` if he stood).
    """

    who: str
    total: int
    third: int | None = None


@dataclass(frozen=True)
class CheminDeFerRules:
    """Every variable the sources set for chemin de fer, as a named field.

    ``player_must_draw_on`` / ``player_free_on`` / ``player_stands_on`` are the
    punto's totals; ``banker_must_draw_on`` the banker's forced totals (0,
    *bacarrá*); ``banker_table`` the table he follows when he asks the croupier
    for it; ``croupier_advice_at_5`` what the croupier tells a punto with 5
    who asks ("le hará plantarse"). ``cagnotte`` is the house's share of the
    banker's winnings; ``bank_max_multiple`` the bank's maximum in minimum
    stakes; ``garage_after_multiple`` (catalogue) or ``garage_half_from_pass``
    (decree) the voluntary garage.

    >>> PRESETS["catalogo-es"].cagnotte
    Fraction(1, 20)
    """

    name: str = "custom"
    decks: int = 6
    stop_card: StopCard | None = StopCard(7)
    burn: Burn = Burn(BURN_NONE)
    player_must_draw_on: frozenset[int] = frozenset(range(5))
    player_free_on: frozenset[int] = frozenset({5})
    player_stands_on: frozenset[int] = frozenset({6, 7})
    banker_must_draw_on: frozenset[int] = frozenset({0})
    banker_table: DrawingRules = SOURCE_004_DRAWING
    croupier_advice_at_5: bool = False
    cagnotte: Fraction = Fraction(1, 20)
    bank_max_multiple: int | None = 100
    garage_after_multiple: int | None = None
    garage_half_from_pass: int | None = None
    min_players: int = 4
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=self.decks)
        if not 0 <= Fraction(self.cagnotte) <= Fraction(1, 2):
            raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.",
                             value=str(self.cagnotte))

    def with_options(self, decks: int | None = None, commission: Fraction | str | None = None
                     ) -> "CheminDeFerRules":
        """A copy with the number of decks or the cagnotte changed.

        >>> PRESETS["cat-2016"].with_options(commission="0.1").cagnotte
        Fraction(1, 10)
        """
        changes: dict[str, object] = {}
        if decks is not None:
            changes["decks"] = decks
        if commission is not None:
            changes["cagnotte"] = parse_rate(commission)
        if not changes:
            return self
        return replace(self, name=self.name + "+options", **changes)


def parse_rate(value: Fraction | str | float) -> Fraction:
    """A commission from 0 to 0.5 as an exact fraction; the error names the bad value.

    >>> parse_rate("0.05")
    Fraction(1, 20)
    """
    try:
        rate = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.", value=value) from None
    if not 0 <= rate <= Fraction(1, 2):
        raise RulesError("The commission must be a number from 0 to 0.5, not {value!r}.", value=value)
    return rate


#: Interpretation msgids of the presets.
TABLE_FROM_004 = N_("The banker's table of chemin de fer is not printed in the source (the decree's annex "
                    "figure 2 is missing); the engine uses the table of source 004, which draws in the two "
                    "optional cases, as the sources require when the banker must follow the table "
                    "(option banker_table).")
CAGNOTTE_5_CATALOGUE = N_("The catalogue names the cagnotte but not its rate; the engine takes 5 per cent of the "
                          "banker's winnings, the rate of the Catalan decree (option cagnotte).")
NO_BURN = N_("The source describes no burn for this game; the engine burns no card (option burn).")

PRESETS: Mapping[str, CheminDeFerRules] = {
    "catalogo-es": CheminDeFerRules(
        name="catalogo-es", decks=6, stop_card=StopCard(7), cagnotte=Fraction(1, 20),
        croupier_advice_at_5=False, bank_max_multiple=100, garage_after_multiple=50,
        citations=(
            Citation(SPANISH_CATALOGUE, "Ferrocarril, cartas", "Se utilizarán seis barajas, de 52 cartas"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "Cuando tiene 0, 1, 2, 3 o 4 ha de pedir carta, cuando tiene 5 puede optar y cuando "
                     "tiene 6 o 7 ha de plantarse"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "excepto cuando tiene cero \"bacarrá\" , en que es obligatorio solicitar una tercera carta"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "Si el jugador tiene puntuación de 5 y solicita consejo al crupier, éste le hará plantarse"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, reglas del juego",
                     "solicitar del crupier el cuadro de jugadas de la banca, en cuyo caso deberá ajustarse "
                     "a lo en él establecido"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, desarrollo del juego",
                     "antes de las siete cartas finales del mazo una carta-bloqueo"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, banca",
                     "El máximo de la banca deberá ser equivalente a cien veces el mínimo autorizado"),
            Citation(SPANISH_CATALOGUE, "Ferrocarril, garage voluntario",
                     "siempre que la suma de las mismas supere una cantidad equivalente a cincuenta veces "
                     "el mínimo del punto")),
        interpretations=(TABLE_FROM_004, CAGNOTTE_5_CATALOGUE, NO_BURN)),
    "cat-2016": CheminDeFerRules(
        name="cat-2016", decks=6, stop_card=StopCard(7), cagnotte=Fraction(1, 20),
        bank_max_multiple=100, garage_half_from_pass=2,
        citations=(
            Citation(CATALAN_DECREE, "08 Bacarà, II", "S’utilitzen sis baralles de 52 cartes"),
            Citation(CATALAN_DECREE, "08 Bacarà, VI",
                     "el banquer pot optar entre demanar carta o no fer-ho, excepte quan té zero (bacarà), "
                     "llavors és obligatori sol·licitar una tercera carta"),
            Citation(CATALAN_DECREE, "08 Bacarà, VI",
                     "Si el jugador té puntuació de 5 i sol·licita consell al crupier, el crupier l’ha de "
                     "fer plantar"),
            Citation(CATALAN_DECREE, "08 Bacarà, V",
                     "La deducció en benefici de l’establiment queda fixada en un 5 per 100 sobre les "
                     "quantitats guanyades pel banquer a cada jugada"),
            Citation(CATALAN_DECREE, "08 Bacarà, V",
                     "El banquer podrà excloure voluntàriament del joc la meitat de la banca en totes les "
                     "passades a partir de la segona"),
            Citation(CATALAN_DECREE, "08 Bacarà, VII",
                     "abans de les set cartes finals de la baralla, es col·loca una carta-bloqueig")),
        interpretations=(
            TABLE_FROM_004,
            N_("The decree refers to drawing rules for the punto that its text does not print; the engine "
               "uses those of the Spanish catalogue: draw on 0 to 4, choose on 5, stand on 6 and 7."),
            NO_BURN)),
}
DEFAULT_PRESET = "catalogo-es"


def preset(name: str) -> CheminDeFerRules:
    """Chemin de fer rules by preset name; the error lists the valid names.

    >>> preset("vegas")
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: Unknown preset 'vegas': use one of catalogo-es, cat-2016.
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("Unknown preset {name!r}: use one of {names}.", name=name,
                         names=", ".join(PRESETS)) from None


def outcome(player: int, banker: int) -> str:
    """Who wins on these final totals (a tie is a void coup).

    >>> outcome(9, 8), outcome(3, 3)
    ('player', 'tie')
    """
    return TIE if player == banker else (PLAYER if player > banker else BANKER)


# --- the coup ------------------------------------------------------------------------------------------

class CheminDeFerCoup(PuntoAndBancaHands):
    """One coup as a state machine: chance steps (:meth:`deal`) and decisions (:meth:`choose`).

    :attr:`pending` is the open :class:`Decision` (``None`` when the next step
    is a card or the coup is over); :meth:`next_hand` says who receives the
    next card. Forced steps (the punto on 0–4 and 6–7, the banker on 0, or on
    the table when ``banker_mode="table"``) are applied automatically and
    narrated with the rule that applied.
    """

    def __init__(self, rules: CheminDeFerRules | None = None, banker_mode: str = FREE) -> None:
        if banker_mode not in (FREE, TABLE):
            raise RulesError("The banker plays 'free' or by the 'table', not {mode!r}.", mode=banker_mode)
        self.rules = rules or PRESETS[DEFAULT_PRESET]
        self.banker_mode = banker_mode
        self.player: list[Card] = []
        self.banker: list[Card] = []
        self.events: list[Event] = []
        self.pending: Decision | None = None
        self._player_done = False
        self._banker_done = False

    @property
    def natural(self) -> bool:
        return (len(self.player) >= 2 and len(self.banker) >= 2
                and (hand_total(c.baccarat_value for c in self.player[:2]) >= 8
                     or hand_total(c.baccarat_value for c in self.banker[:2]) >= 8))

    def next_hand(self) -> str | None:
        """``"player"`` or ``"banker"`` for the next card; ``None`` during a decision or at the end."""
        if self.pending is not None or self.is_terminal():
            return None
        p, b = len(self.player), len(self.banker)
        if p < 2 or b < 2:
            return PLAYER if p == b else BANKER
        if not self._player_done:
            return PLAYER
        return BANKER

    def is_terminal(self) -> bool:
        return self._banker_done or self.natural

    def deal(self, card: Card) -> list[Event]:
        """Give ``card`` to the hand whose turn it is; return the events it caused."""
        hand = self.next_hand()
        if hand is None:
            if self.pending is not None:
                raise RulesError("A decision is pending: choose draw or stand first.")
            raise RulesError("The coup is over: no more cards are dealt.")
        cards = self.player if hand == PLAYER else self.banker
        cards.append(card)
        events = [Event("deal", {"hand": hand, "card": card, "cards": len(cards),
                                 "total": self.player_total if hand == PLAYER else self.banker_total})]
        if hand == PLAYER and len(cards) == 3:
            self._player_done = True
            events += self._banker_turn()
        elif hand == BANKER and len(cards) == 3:
            self._banker_done = True
            events.append(self._result())
        elif len(self.player) == 2 and len(self.banker) == 2:
            events += self._after_four()
        self.events += events
        return events

    def _after_four(self) -> list[Event]:
        pt, bt = self.player_total, self.banker_total
        if pt >= 8 or bt >= 8:
            return [Event("natural", {"player": pt, "banker": bt}), self._result()]
        rules = self.rules
        if pt in rules.player_must_draw_on:
            return [Event("cdf-player-must-draw", {"total": pt})]
        if pt in rules.player_stands_on:
            self._player_done = True
            return [Event("cdf-player-must-stand", {"total": pt})] + self._banker_turn()
        self.pending = Decision(PLAYER, pt)
        return [Event("cdf-player-decides", {"total": pt})]

    def _banker_turn(self) -> list[Event]:
        bt, third = self.banker_total, self.player_third
        if bt in self.rules.banker_must_draw_on:
            return [Event("cdf-banker-must-draw", {"total": bt, "third": third})]
        if self.banker_mode == TABLE:
            draws = self.rules.banker_table.banker_draws(bt, third)
            event = Event("cdf-banker-table", {"total": bt, "third": third, "draws": draws})
            if draws:
                return [event]
            self._banker_done = True
            return [event, self._result()]
        self.pending = Decision(BANKER, bt, third)
        return [Event("cdf-banker-decides", {"total": bt, "third": third})]

    def choose(self, draw: bool) -> list[Event]:
        """Answer the pending decision: ``True`` is "carta" (draw), ``False`` is "no" (stand)."""
        decision = self.pending
        if decision is None:
            raise RulesError("No decision is pending.")
        self.pending = None
        if decision.who == PLAYER:
            events = [Event("cdf-player-chooses", {"total": decision.total, "draws": bool(draw)})]
            if not draw:
                self._player_done = True
                events += self._banker_turn()
        else:
            events = [Event("cdf-banker-chooses", {"total": decision.total, "third": decision.third,
                                                   "draws": bool(draw)})]
            if not draw:
                self._banker_done = True
                events.append(self._result())
        self.events += events
        return events

    def _result(self) -> Event:
        return Event("result", {"winner": outcome(self.player_total, self.banker_total),
                                "player": self.player_total, "banker": self.banker_total, "void": True})

    @property
    def winner(self) -> str | None:
        """``"player"``, ``"banker"`` or ``"tie"`` (a void coup) once the coup is over."""
        return outcome(self.player_total, self.banker_total) if self.is_terminal() else None

    def settle(self, stakes: Mapping[str, Fraction | int]) -> "Settlement":
        """Settle the puntos' stakes against the bank, with the cagnotte on the banker's winnings.

        >>> from naipes.cards import parse_cards
        >>> coup = CheminDeFerCoup(PRESETS["cat-2016"])
        >>> for card in parse_cards("2s 9h 3d Kc"):
        ...     _ = coup.deal(card)
        >>> s = coup.settle({"seat 3": 60, "seat 5": 40})
        >>> s.banker_net, s.cagnotte, s.players["seat 3"]
        (Fraction(95, 1), Fraction(5, 1), Fraction(-60, 1))
        """
        winner = self.winner
        if winner is None:
            raise RulesError("The coup is not over yet.")
        return settle_stakes(winner, stakes, self.rules.cagnotte)


@dataclass(frozen=True)
class Settlement:
    """Net results of one coup: each punto, the banker (after the cagnotte), and the cagnotte."""

    winner: str
    players: Mapping[str, Fraction]
    banker_net: Fraction
    cagnotte: Fraction


def settle_stakes(winner: str, stakes: Mapping[str, Fraction | int], cagnotte: Fraction) -> Settlement:
    """Pay or collect every stake; the house takes ``cagnotte`` of what the banker wins.

    >>> settle_stakes("player", {"a": 10}, Fraction(1, 20)).banker_net
    Fraction(-10, 1)
    """
    total = sum((Fraction(s) for s in stakes.values()), Fraction(0))
    if winner == TIE:
        return Settlement(winner, {k: Fraction(0) for k in stakes}, Fraction(0), Fraction(0))
    if winner == PLAYER:
        return Settlement(winner, {k: Fraction(s) for k, s in stakes.items()}, -total, Fraction(0))
    house = total * cagnotte
    return Settlement(winner, {k: -Fraction(s) for k, s in stakes.items()}, total - house, house)


# --- exact tables: every deal weighted, grouped by the banker's information cell ---------------------

def card_weights(model: str, decks: int) -> tuple[tuple[int, ...], bool]:
    """The shoe composition and whether cards are replaced, for a solving model.

    ``totals`` is the classic model of Kemeny & Snell (1957): cards dealt with
    replacement from one deck; ``shoe`` deals without replacement from
    ``decks`` decks.

    >>> card_weights("totals", 6)
    ((16, 4, 4, 4, 4, 4, 4, 4, 4, 4), True)
    """
    if model not in MODELS:
        raise RulesError("Unknown model {model!r}: use totals or shoe.", model=model)
    if model == "totals":
        return deck_counts(1), True
    return deck_counts(decks), False


def _pairs(c: Sequence[int], replace_cards: bool):
    for a in range(10):
        if not c[a]:
            continue
        yield a, a, c[a] * c[a] if replace_cards else c[a] * (c[a] - 1)
        for b in range(a + 1, 10):
            if c[b]:
                yield a, b, 2 * c[a] * c[b]


def _scale(n: int, dealt: int, replace_cards: bool, upto: int) -> int:
    """Ways for the cards not used by a coup, so every weight shares the denominator of ``upto`` cards."""
    result = 1
    for i in range(dealt, upto):
        result *= n if replace_cards else n - i
    return result


@dataclass(frozen=True)
class CheminDeFerTables:
    """Integer weights of every deal, by the punto's action on 5 and the banker's cell and action.

    ``naturals`` = (punto wins, banker wins, ties) over the coups a natural
    ends; ``cells[sigma][cell][action]`` the same triple over the coups that
    reach ``cell`` when the punto plays ``sigma`` on 5 (0 stand, 1 draw) and
    the banker takes ``action`` (0 stand, 1 draw). ``total`` is the common
    denominator (``N·(N−1)·…·(N−5)`` for a shoe, ``N^6`` with replacement).
    """

    counts: tuple[int, ...]
    replacement: bool
    total: int
    naturals: tuple[int, int, int]
    cells: tuple[Mapping[tuple, tuple[tuple[int, int, int], tuple[int, int, int]]], ...]

    def outcome_probabilities(self, draw_at_5: Fraction, banker: Mapping[tuple, Fraction]
                              ) -> dict[str, Fraction]:
        """Exact win/loss/tie probabilities for a punto drawing on 5 with probability ``draw_at_5``
        and a banker drawing in each cell with probability ``banker[cell]``."""
        p = Fraction(draw_at_5)
        sums = [Fraction(x) for x in self.naturals]
        for sigma, weight in ((0, 1 - p), (1, p)):
            if not weight:
                continue
            for cell, (stand, draw) in self.cells[sigma].items():
                r = Fraction(banker[cell])
                for i in range(3):
                    sums[i] += weight * (r * draw[i] + (1 - r) * stand[i])
        return {PLAYER: sums[0] / self.total, BANKER: sums[1] / self.total, TIE: sums[2] / self.total}


def chemin_de_fer_tables(counts: Sequence[int], replacement: bool = False) -> CheminDeFerTables:
    """Enumerate every coup of a shoe of composition ``counts`` (cards by value 0–9), exactly.

    >>> t = chemin_de_fer_tables(deck_counts(1), replacement=True)
    >>> t.total == 52 ** 6, sum(t.naturals) * 13 ** 4 // 52 ** 6 * 0 == 0
    (True, True)
    """
    c = list(counts)
    n = sum(c)
    if len(c) != 10 or any(k < 0 for k in c) or n < 6:
        raise RulesError("A coup needs a shoe of at least 6 cards, not {n}.", n=n)
    rep = replacement
    s4, s5 = _scale(n, 4, rep, 6), _scale(n, 5, rep, 6)
    naturals = [0, 0, 0]
    cells = ({cell: ([0, 0, 0], [0, 0, 0]) for cell in CELLS}, {cell: ([0, 0, 0], [0, 0, 0]) for cell in CELLS})
    index = {PLAYER: 0, BANKER: 1, TIE: 2}
    cmp = [[index[outcome(p, b)] for b in range(10)] for p in range(10)]
    for a, b, wp in _pairs(c, rep):
        if not rep:
            c[a] -= 1
            c[b] -= 1
        pt = (a + b) % 10
        for x, y, wb in _pairs(c, rep):
            if not rep:
                c[x] -= 1
                c[y] -= 1
            bt = (x + y) % 10
            w4 = wp * wb
            if pt >= 8 or bt >= 8:
                naturals[cmp[pt][bt]] += w4 * s4
            else:
                stand_sigmas = (0, 1) if pt >= 6 else ((0,) if pt == 5 else ())
                draw_sigmas = (0, 1) if pt <= 4 else ((1,) if pt == 5 else ())
                if stand_sigmas:
                    st, dr = [0, 0, 0], [0, 0, 0]
                    st[cmp[pt][bt]] += w4 * s4
                    for z in range(10):
                        if c[z]:
                            dr[cmp[pt][(bt + z) % 10]] += w4 * c[z] * s5
                    for sigma in stand_sigmas:
                        target = cells[sigma][(bt, None)]
                        for i in range(3):
                            target[0][i] += st[i]
                            target[1][i] += dr[i]
                if draw_sigmas:
                    for third in range(10):
                        k3 = c[third]
                        if not k3:
                            continue
                        w5 = w4 * k3
                        fp = (pt + third) % 10
                        if not rep:
                            c[third] -= 1
                        st, dr = [0, 0, 0], [0, 0, 0]
                        st[cmp[fp][bt]] += w5 * s5
                        for z in range(10):
                            if c[z]:
                                dr[cmp[fp][(bt + z) % 10]] += w5 * c[z]
                        if not rep:
                            c[third] += 1
                        for sigma in draw_sigmas:
                            target = cells[sigma][(bt, third)]
                            for i in range(3):
                                target[0][i] += st[i]
                                target[1][i] += dr[i]
            if not rep:
                c[x] += 1
                c[y] += 1
        if not rep:
            c[a] += 1
            c[b] += 1
    frozen = tuple({cell: (tuple(v[0]), tuple(v[1])) for cell, v in table.items()} for table in cells)
    return CheminDeFerTables(tuple(counts), rep, _scale(n, 0, rep, 6), tuple(naturals), frozen)


# --- strategies, exact analysis, solving -----------------------------------------------------------------

def table_strategy(rules: CheminDeFerRules) -> dict[tuple, Fraction]:
    """The banker who asked for the table: draw where the table says so, and always on 0."""
    return {(t, x): Fraction(int(t in rules.banker_must_draw_on or rules.banker_table.banker_draws(t, x)))
            for t, x in CELLS}


@dataclass(frozen=True)
class CheminDeFerAnalysis:
    """Exact probabilities of one coup under given strategies, and each side's expectation."""

    probabilities: Mapping[str, Fraction]
    cagnotte: Fraction

    def probability(self, outcome_name: str) -> Fraction:
        if outcome_name not in self.probabilities:
            raise RulesError("Unknown bet {bet!r}: use banker, player or tie.", bet=outcome_name)
        return self.probabilities[outcome_name]

    def expected_value(self, side: str) -> Fraction:
        """Expected net result per unit staked by the punto (``player``) or risked by the banker."""
        pw, bw = self.probabilities[PLAYER], self.probabilities[BANKER]
        if side == PLAYER:
            return pw - bw
        if side == BANKER:
            return bw * (1 - self.cagnotte) - pw
        raise RulesError("Unknown bet {bet!r}: use banker, player or tie.", bet=side)

    def house_edge(self, side: str) -> Fraction:
        """Minus the side's expectation: what it loses per unit to the other side and the cagnotte."""
        return -self.expected_value(side)


def analyze_coup(rules: CheminDeFerRules, draw_at_5: Fraction | None = None,
                 banker: Mapping[tuple, Fraction] | None = None, model: str = "shoe",
                 counts: Sequence[int] | None = None) -> CheminDeFerAnalysis:
    """Exact analysis of a coup: by default the punto takes the croupier's advice (stands on 5)
    and the banker follows the table.

    >>> a = analyze_coup(PRESETS["cat-2016"], model="totals")
    >>> sum(a.probabilities.values())
    Fraction(1, 1)
    """
    if counts is None:
        counts, replacement = card_weights(model, rules.decks)
    else:
        replacement = model == "totals"
    tables = chemin_de_fer_tables(counts, replacement)
    p = Fraction(0) if draw_at_5 is None else Fraction(draw_at_5)
    return CheminDeFerAnalysis(tables.outcome_probabilities(p, banker or table_strategy(rules)),
                               Fraction(rules.cagnotte))


@dataclass(frozen=True)
class CheminDeFerSolution:
    """The game solved: the punto's probability of drawing on 5, the banker's strategy cell by cell,
    each side's expectation per unit, and the cells where the banker mixes or is indifferent."""

    model: str
    decks: int | None
    commission: Fraction
    equilibrium: TwoStrategyEquilibrium
    forced: Mapping[tuple, int]

    @property
    def draw_at_5(self) -> Fraction:
        return self.equilibrium.p

    @property
    def value(self) -> Fraction:
        """The punto's expectation per unit staked at the equilibrium (the game's value when zero-sum)."""
        return self.equilibrium.value_p

    @property
    def banker_value(self) -> Fraction:
        return self.equilibrium.value_b

    def banker_draws(self, total: int, third: int | None) -> Fraction:
        """The banker's probability of drawing in one cell."""
        return self.equilibrium.banker[(total, third)]


def solve(model: str = "totals", decks: int = 6, commission: Fraction | str = Fraction(0),
          rules: CheminDeFerRules | None = None) -> CheminDeFerSolution:
    """Solve chemin de fer exactly: the punto's optimal mix on 5 and the banker's reply in every cell.

    ``model="totals"`` is Kemeny & Snell's (1957) game: cards with
    replacement, each side sees only totals; ``model="shoe"`` deals without
    replacement from ``decks`` decks (Ethier & Gámez's Model B1). With
    ``commission`` > 0 the cagnotte makes the game non-zero-sum and the result
    is its Nash equilibrium (Ethier & Lee 2023). The banker's forced draw on 0
    (the sources' rule) is kept.

    >>> s = solve("totals")
    >>> s.draw_at_5
    Fraction(9, 11)
    """
    rules = rules or PRESETS[DEFAULT_PRESET]
    rate = parse_rate(commission)
    counts, replacement = card_weights(model, decks)
    tables = chemin_de_fer_tables(counts, replacement)
    total = tables.total

    def payoff_p(v):
        return Fraction(v[0] - v[1], total)

    def payoff_b(v):
        return Fraction(v[1], total) * (1 - rate) - Fraction(v[0], total)

    cells = {cell: tuple((payoff_p(tables.cells[s][cell][STAND]), payoff_p(tables.cells[s][cell][DRAW]))
                         for s in (0, 1)) for cell in CELLS}
    cells_b = {cell: tuple((payoff_b(tables.cells[s][cell][STAND]), payoff_b(tables.cells[s][cell][DRAW]))
                           for s in (0, 1)) for cell in CELLS}
    const_p = (payoff_p(tables.naturals),) * 2
    const_b = (payoff_b(tables.naturals),) * 2
    forced = {(t, x): DRAW for t, x in CELLS if t in rules.banker_must_draw_on}
    eq = solve_two_strategy(const_p, const_b, cells, cells_b, forced)
    return CheminDeFerSolution(model, decks if model == "shoe" else None, rate, eq, forced)


# --- the table procedure: who holds the bank and the cards, the bank's amount, the cagnotte ------------

@dataclass
class CheminDeFerTable:
    """The bank's rotation around a table of numbered seats (sources 000 and 002, "Banca").

    The bank starts at seat 1 and follows the seat numbers; a banker who wins
    keeps the bank and his winnings (less the cagnotte) join it unless he puts
    them in the *garage*; a banker who loses passes the bank (and the shoe) to
    the next seat; a tie changes nothing. A banker may pass the hand (*mano
    pasada*): the bank is then offered in rotation and, if nobody takes it,
    auctioned to the highest bidder (seated players win equal bids), the
    previous banker excluded. Against the bank, *banco* (one player covers the
    whole bank) takes the cards before *banco con la mesa* (half the bank,
    the table completes it), which takes them before the highest seated stake;
    a player who called *banco* and lost may call *banco seguido* and keeps
    priority on the next coup.

    >>> t = CheminDeFerTable(seats=6, minimum=10, rules=PRESETS["cat-2016"])
    >>> t.open_bank(200)
    >>> t.stake({2: 200}, call="banco", caller=2)
    2
    >>> t.settle("banker").cagnotte, t.bank, t.banker
    (Fraction(10, 1), Fraction(390, 1), 1)
    >>> t.settle_after_stakes({4: 390}, "banco", 4, "player")
    >>> t.banker, t.bank, t.banco_seguido
    (2, None, None)
    """

    seats: int
    minimum: int
    rules: CheminDeFerRules = field(default_factory=lambda: PRESETS[DEFAULT_PRESET])
    banker: int = 1
    bank: Fraction | None = None
    garage: Fraction = Fraction(0)
    cagnotte: Fraction = Fraction(0)
    passes: int = 0
    cards_to: int | None = None
    banco_seguido: int | None = None
    stakes: dict = field(default_factory=dict)
    history: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats < self.rules.min_players:
            raise RulesError("A chemin de fer table needs at least {n} players, not {seats}.",
                             n=self.rules.min_players, seats=self.seats)

    @property
    def bank_max(self) -> int | None:
        return None if self.rules.bank_max_multiple is None else self.rules.bank_max_multiple * self.minimum

    def next_seat(self, seat: int) -> int:
        """The seat to the right of ``seat`` (the next number; after the last comes seat 1)."""
        return seat % self.seats + 1

    def open_bank(self, amount: int | Fraction) -> None:
        """The banker announces the bank ("hay … euros en la banca"); above the maximum goes to the garage."""
        amount = Fraction(amount)
        if amount < self.minimum:
            raise RulesError("The bank must be at least the table minimum {minimum}, not {amount}.",
                             minimum=self.minimum, amount=str(amount))
        if self.bank_max is not None and amount > self.bank_max:
            self.garage += amount - self.bank_max
            amount = Fraction(self.bank_max)
        self.bank = amount
        self.passes = 0
        self.history.append(("bank", self.banker, amount))

    def stake(self, stakes: Mapping[int, int | Fraction], call: str | None = None,
              caller: int | None = None) -> int:
        """Record the stakes against the bank; return the seat that takes the punto's cards.

        ``call`` is ``"banco"`` (``caller`` covers the whole bank),
        ``"banco-con-la-mesa"`` (``caller`` covers half) or ``None`` (the
        highest seated stake takes the cards, ties by seat order from the
        banker's right). A pending *banco seguido* has priority.
        """
        if self.bank is None:
            raise RulesError("The bank has not been announced yet.")
        stakes = {seat: Fraction(v) for seat, v in stakes.items() if Fraction(v) > 0}
        if not stakes:
            raise RulesError("At least one stake is needed against the bank.")
        if self.banker in stakes:
            raise RulesError("The banker cannot stake against his own bank.")
        if sum(stakes.values()) > self.bank:
            raise RulesError("The stakes ({total}) cannot exceed the bank ({bank}).",
                             total=str(sum(stakes.values())), bank=str(self.bank))
        if call == "banco":
            if caller is None or stakes.get(caller) != self.bank:
                raise RulesError("Banco means staking the whole bank ({bank}).", bank=str(self.bank))
        elif call == "banco-con-la-mesa":
            if caller is None or stakes.get(caller) != self.bank / 2:
                raise RulesError("Banco con la mesa means staking half the bank ({half}).",
                                 half=str(self.bank / 2))
        elif call is not None:
            raise RulesError("Unknown call {call!r}: use banco or banco-con-la-mesa.", call=call)
        self.stakes = stakes
        if call is not None:
            self.cards_to = caller
        elif self.banco_seguido in stakes:
            self.cards_to = self.banco_seguido
        else:
            order = []
            seat = self.banker
            for _ in range(self.seats):
                seat = self.next_seat(seat)
                order.append(seat)
            self.cards_to = max(stakes, key=lambda s: (stakes[s], -order.index(s) if s in order else -99))
        self._call = call
        return self.cards_to

    def settle(self, winner: str) -> Settlement:
        """Settle the recorded stakes: the cagnotte, the bank's new amount, who holds the bank next."""
        if self.bank is None or not self.stakes:
            raise RulesError("No stakes to settle.")
        result = settle_stakes(winner, {str(k): v for k, v in self.stakes.items()}, self.rules.cagnotte)
        self.cagnotte += result.cagnotte
        call, caller = getattr(self, "_call", None), self.cards_to
        if winner == BANKER:
            self.bank += result.banker_net
            self.passes += 1
            self.banco_seguido = caller if call == "banco" else None
            if self.bank_max is not None and self.bank > self.bank_max:
                self.garage += self.bank - self.bank_max
                self.bank = Fraction(self.bank_max)
        elif winner == PLAYER:
            self.history.append(("bank-lost", self.banker, self.bank))
            self.banker = self.next_seat(self.banker)
            self.bank = None
            self.banco_seguido = None
            self.passes = 0
        self.history.append(("coup", winner, result.banker_net, result.cagnotte))
        self.stakes = {}
        return result

    def settle_after_stakes(self, stakes: Mapping[int, int | Fraction], call: str | None, caller: int | None,
                            winner: str) -> None:
        """Shorthand: :meth:`stake` then :meth:`settle`."""
        self.stake(stakes, call, caller)
        self.settle(winner)

    def put_in_garage(self, amount: int | Fraction) -> None:
        """The banker excludes part of the bank from play (the voluntary garage of the preset)."""
        amount = Fraction(amount)
        if self.bank is None or not 0 < amount <= self.bank:
            raise RulesError("The garage must be more than 0 and at most the bank.")
        rules = self.rules
        if rules.garage_half_from_pass is not None:
            if self.passes + 1 < rules.garage_half_from_pass or amount > self.bank / 2:
                raise RulesError("From the second pass on, the banker may put at most half the bank "
                                 "in the garage.")
        elif rules.garage_after_multiple is not None:
            if amount < rules.garage_after_multiple * self.minimum:
                raise RulesError("The garage needs winnings above {n} times the minimum stake.",
                                 n=rules.garage_after_multiple)
        self.bank -= amount
        self.garage += amount

    def pass_hand(self, takers: Sequence[int] = (), bids: Mapping[int, int | Fraction] | None = None) -> int:
        """The banker passes the hand: offered in rotation (``takers``, first willing seat wins), then
        auctioned (``bids``: the highest; the previous banker may not bid). Returns the new banker.

        >>> t = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS["catalogo-es"])
        >>> t.open_bank(100)
        >>> t.pass_hand(takers=(), bids={3: 150, 4: 150})
        3
        >>> t.bank
        Fraction(150, 1)
        """
        previous, amount = self.banker, self.bank or Fraction(self.minimum)
        seat = previous
        for _ in range(self.seats - 1):
            seat = self.next_seat(seat)
            if seat in takers:
                self.banker = seat
                self.bank = None
                self.open_bank(amount)
                self.history.append(("rotation", previous, seat))
                return seat
        bids = {s: Fraction(v) for s, v in (bids or {}).items() if s != previous}
        if bids:
            top = max(bids.values())
            winner = min(s for s, v in bids.items() if v == top)
            self.banker = winner
            self.bank = None
            self.open_bank(top)
            self.history.append(("auction", previous, winner, top))
            return winner
        self.banker = self.next_seat(previous)
        self.bank = None
        self.open_bank(self.minimum)
        self.history.append(("minimum", previous, self.banker))
        return self.banker
