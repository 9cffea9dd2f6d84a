"""Mini-Bacará of Uruguay (source 003): up to five Punto boxes against one Banca hand dealt by the house.

"El tallador distribuirá, de izquierda a derecha, una carta descubierta a cada
punto sentado y una tapada para sí. Luego otra carta descubierta a cada punto
sentado." A box with five chooses to draw ("pedir") or stand ("plantar")
before the banker turns his hole card and gives himself a second card. Each
box is its own Punto y Banca coup against the one Banca hand: *aire* passes
(an 8 or 9 on two cards) are settled first; then the boxes that need a card
get it, left to right; by rule e) the boxes against which the Banca stands
are settled against its two cards, and only then does the banker draw for the
rest. Both holding 6, or both 7, on two cards is an *encart*. Winning Banca
bets are paid 90 %; when the banker's hole card is a nine he calls "cobertura
o seguro": up to half the Punto bet, paid double.

>>> from naipes.cards import parse_cards
>>> coup = MiniBacaraCoup(PRESETS["uruguay"], boxes=2)
>>> for card in parse_cards("5s 9h 9d Ks 3c"):       # box 1, box 2, hole card, box 1, box 2
...     _ = coup.deal(card)
>>> coup.pending, coup.insurance_offered
(Decision(who='box1', total=5, third=None), True)
>>> _ = coup.choose(False)                            # box 1 stands on 5
>>> for card in parse_cards("Kd"):                   # the banker's second card: a natural 9
...     _ = coup.deal(card)
>>> coup.results()
('banker', 'banker')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Mapping, Sequence

from .analysis import analyze, deck_counts
from .cards import Card
from .chemin_de_fer import Decision, outcome
from .errors import RulesError
from .i18n import N_
from .punto_banca import (BANKER, BANKER_DRAWS_WHEN_PLAYER_STOOD, BANKER_TABLE_004, PLAYER, SOURCE_004_DRAWING,
                          TIE, DrawingRules, Event, hand_total)
from .shoe import BURN_NONE, Burn, StopCard
from .sources import URUGUAY_MINI_BACARA, Citation

RULE_E = "rule-e"
DRAW_FOR_ALL = "draw-for-all"
NATURAL_NINE = "natural-nine"
BANKER_NATURAL = "banker-natural"
BANKER_WINS = "banker-wins"


@dataclass(frozen=True)
class MiniBacaraRules:
    """Every variable source 003 sets, as a named field.

    ``five_choice``: a box with 5 chooses to draw or stand (otherwise it draws,
    as in Punto y Banca). ``mixed_banker`` says how one Banca hand meets boxes
    that need different banker decisions: ``"rule-e"`` (default: the boxes
    needing no third banker card are settled on his two cards first) or
    ``"draw-for-all"``. ``insurance_wins_on`` says when the *cobertura* wins:
    ``"natural-nine"`` (default: the banker completes a two-card 9, the
    analogue of Black Jack's insurance), ``"banker-natural"`` (8 or 9) or
    ``"banker-wins"`` (the Banca beats the box).

    >>> PRESETS["uruguay"].banker_pays
    Fraction(9, 10)
    """

    name: str = "custom"
    decks: int = 4
    boxes: int = 5
    banker_pays: Fraction = Fraction(9, 10)
    player_pays: Fraction = Fraction(1)
    five_choice: bool = True
    drawing: DrawingRules = SOURCE_004_DRAWING
    mixed_banker: str = RULE_E
    insurance_max_share: Fraction = Fraction(1, 2)
    insurance_pays: int = 2
    insurance_wins_on: str = NATURAL_NINE
    stop_card: StopCard | None = StopCard(7)
    burn: Burn = Burn(BURN_NONE)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.decks, int) or not 1 <= self.decks <= 8:
            raise RulesError("Decks must be a whole number from 1 to 8, not {decks}.", decks=self.decks)
        if self.mixed_banker not in (RULE_E, DRAW_FOR_ALL):
            raise RulesError("Unknown banker procedure {value!r}: use rule-e or draw-for-all.",
                             value=self.mixed_banker)
        if self.insurance_wins_on not in (NATURAL_NINE, BANKER_NATURAL, BANKER_WINS):
            raise RulesError("Unknown insurance reading {value!r}: use natural-nine, banker-natural or "
                             "banker-wins.", value=self.insurance_wins_on)

    def with_options(self, decks: int | None = None, commission=None) -> "MiniBacaraRules":
        """A copy with the number of decks or the Banca commission changed."""
        from .chemin_de_fer import parse_rate
        changes: dict[str, object] = {}
        if decks is not None:
            changes["decks"] = decks
        if commission is not None:
            changes["banker_pays"] = 1 - parse_rate(commission)
        return replace(self, name=self.name + "+options", **changes) if changes else self


INSURANCE_READING = N_("The source does not say when the insurance wins; like Black Jack's insurance, the "
                       "engine pays it when the banker's hole card nine becomes a two-card 9 "
                       "(option insurance_wins_on).")
RULE_E_READING = N_("One Banca hand meets boxes that need different banker decisions: following rule e), "
                    "the boxes against which the Banca stands are settled on its two cards before it draws "
                    "for the others (option mixed_banker).")
PRESETS: Mapping[str, MiniBacaraRules] = {
    "uruguay": MiniBacaraRules(
        name="uruguay",
        citations=(
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, mesa",
                     "con capacidad para cinco apostadores sentados"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, sabot",
                     "compuesto por los cuatro mazos de cartas aplicables al juego de \"Black Jack\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, reparto",
                     "una carta descubierta a cada punto sentado y una tapada para sí"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, cinco",
                     "deberá optar entre \"pedir\" o \"plantar\", antes de que el tallador se asigne su "
                     "segunda carta descubierta"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, e)",
                     "sin que la \"Banca\" necesite darse una tercera carta"),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, pagos",
                     "se pagará solamente como premio un noventa por ciento de la apuesta a \"Banca\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, seguro",
                     "de hasta el cincuenta por ciento (50%) de la apuesta principal a \"Punto\", cuando la "
                     "primera carta del tallador resulta ser un \"nueve\""),
            Citation(URUGUAY_MINI_BACARA, "Mini-Bacará, seguro",
                     "Las apuestas a \"cobertura\" se pagan doble y no sufren descuento alguno")),
        interpretations=(
            INSURANCE_READING, RULE_E_READING,
            N_("The source refers to the Punto y Banca regulation of decree 526/977, which is not among the "
               "sources: the engine uses the banker's table of source 004, places the stop card with 7 "
               "cards below it and burns no card (options drawing, stop_card, burn)."),
            N_("\"Se pagan doble\" is read as 2 to 1, as Black Jack's insurance is paid "
               "(option insurance_pays)."))),
}
DEFAULT_PRESET = "uruguay"


def preset(name: str) -> MiniBacaraRules:
    """Mini-Bacará rules by preset name; the error lists the valid names."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("Unknown preset {name!r}: use one of {names}.", name=name,
                         names=", ".join(PRESETS)) from None


def _two(cards: Sequence[Card]) -> int:
    return hand_total(c.baccarat_value for c in cards[:2])


class MiniBacaraCoup:
    """One round: chance steps (:meth:`deal`), the boxes' decisions on 5 (:meth:`choose`), settlement.

    :meth:`next_target` names who receives the next card (``"box1"`` …
    ``"boxN"`` or ``"banker"``); :attr:`pending` the open decision;
    :attr:`insurance_offered` is true once the hole card is a nine.
    """

    def __init__(self, rules: MiniBacaraRules | None = None, boxes: int | None = None,
                 five_draws: Mapping[int, bool] | None = None) -> None:
        self.rules = rules or PRESETS[DEFAULT_PRESET]
        n = self.rules.boxes if boxes is None else boxes
        if not isinstance(n, int) or not 1 <= n <= self.rules.boxes:
            raise RulesError("The table has from 1 to {max} boxes, not {n}.", max=self.rules.boxes, n=n)
        self.n = n
        self.boxes: list[list[Card]] = [[] for _ in range(n)]
        self.banker: list[Card] = []
        self.stood: set[int] = set()
        self.pending: Decision | None = None
        self.events: list[Event] = []
        self.settled: dict[int, str] = {}
        self._banker_done = False

    # -- whose turn ---------------------------------------------------------------------------------------
    def next_target(self) -> str | None:
        if self.pending is not None or self.is_terminal():
            return None
        if any(len(b) == 0 for b in self.boxes):
            return f"box{[len(b) for b in self.boxes].index(0) + 1}"
        if not self.banker:
            return "banker"
        if any(len(b) == 1 for b in self.boxes):
            return f"box{[len(b) for b in self.boxes].index(1) + 1}"
        if len(self.banker) == 1:
            return "banker"
        for i, box in enumerate(self.boxes):
            if i not in self.settled and len(box) == 2 and self._box_draws(i):
                return f"box{i + 1}"
        return "banker"

    @property
    def insurance_offered(self) -> bool:
        """True when the banker's first (hole) card is a nine: "cobertura o seguro"."""
        return bool(self.banker) and self.banker[0].baccarat_value == 9

    def _box_draws(self, i: int) -> bool:
        t = _two(self.boxes[i])
        return i not in self.stood and t in self.rules.drawing.player_draws_on

    def is_terminal(self) -> bool:
        return len(self.settled) == self.n

    # -- chance -------------------------------------------------------------------------------------------
    def deal(self, card: Card) -> list[Event]:
        """Give ``card`` to whoever is next; return the events (including settlements) it caused."""
        target = self.next_target()
        if target is None:
            if self.pending is not None:
                raise RulesError("A decision is pending: choose draw or stand first.")
            raise RulesError("The coup is over: no more cards are dealt.")
        events: list[Event] = []
        if target == "banker":
            self.banker.append(card)
            hole = len(self.banker) == 1
            events.append(Event("mb-banker-card", {"card": card, "hole": hole, "cards": len(self.banker),
                                                   "total": hand_total(c.baccarat_value for c in self.banker)}))
            if len(self.banker) == 2:
                events += self._after_banker_two()
            elif len(self.banker) == 3:
                self._banker_done = True
                events += self._settle_rest()
        else:
            i = int(target[3:]) - 1
            self.boxes[i].append(card)
            events.append(Event("mb-box-card", {"box": i + 1, "card": card, "cards": len(self.boxes[i]),
                                                "total": hand_total(c.baccarat_value for c in self.boxes[i])}))
            if len(self.boxes[i]) == 2 and i == self.n - 1 and self.banker:
                events += self._fives()
            elif len(self.boxes[i]) == 3:
                events += self._after_thirds()
        self.events += events
        return events

    def _fives(self) -> list[Event]:
        for i in range(self.n):
            if _two(self.boxes[i]) == 5 and self.rules.five_choice and i not in self.stood \
                    and not getattr(self, "_decided_" + str(i), False):
                self.pending = Decision(f"box{i + 1}", 5)
                return [Event("mb-box-decides", {"box": i + 1})]
        # "Decidida la opción, el tallador descubrirá su carta tapada": the call comes once, when the hole
        # card is turned after the choices on five ("si al descubrir su carta tapada ... exhibe un nueve").
        if self.insurance_offered and not getattr(self, "_insurance_called", False):
            self._insurance_called = True
            return [Event("mb-insurance", {})]
        return []

    def choose(self, draw: bool) -> list[Event]:
        """A box with five answers: ``True`` "pedir", ``False`` "plantar"."""
        decision = self.pending
        if decision is None:
            raise RulesError("No decision is pending.")
        self.pending = None
        i = int(decision.who[3:]) - 1
        setattr(self, "_decided_" + str(i), True)
        if not draw:
            self.stood.add(i)
        events = [Event("mb-box-chooses", {"box": i + 1, "draws": bool(draw)})] + self._fives()
        self.events += events
        return events

    # -- the sequence a)–g) ---------------------------------------------------------------------------------
    def _after_banker_two(self) -> list[Event]:
        bt = _two(self.banker)
        events = []
        for i in range(self.n):  # a)–c): the "aire" passes
            pt = _two(self.boxes[i])
            if bt >= 8 or pt >= 8:
                events += self._settle(i, pt, bt, "aire")
        for i in range(self.n):  # d): encart, both 6 or both 7 on two cards
            if i in self.settled:
                continue
            pt = _two(self.boxes[i])
            if pt == bt and pt in (6, 7):
                events += self._settle(i, pt, bt, "encart")
        return events + self._after_thirds()

    def _after_thirds(self) -> list[Event]:
        if self.next_target() != "banker" or self.is_terminal():
            return []
        bt = _two(self.banker)
        needs = {}
        for i in range(self.n):
            if i in self.settled:
                continue
            third = self.boxes[i][2].baccarat_value if len(self.boxes[i]) == 3 else None
            needs[i] = self.rules.drawing.banker_draws(bt, third)
        if self.rules.mixed_banker == DRAW_FOR_ALL and any(needs.values()):
            return [Event("mb-banker-draws-for-all", {"total": bt})]
        events = []
        for i, draws in needs.items():  # e): the boxes that need no third banker card, left to right
            if not draws:
                total = hand_total(c.baccarat_value for c in self.boxes[i])
                events += self._settle(i, total, bt, "stands")
        if not self.is_terminal():
            events.append(Event("mb-banker-draws", {"total": bt}))
        return events

    def _settle_rest(self) -> list[Event]:
        bt = hand_total(c.baccarat_value for c in self.banker)
        events = []
        for i in reversed(range(self.n)):  # f): right to left
            if i not in self.settled:
                events += self._settle(i, hand_total(c.baccarat_value for c in self.boxes[i]), bt, "third")
        return events

    def _settle(self, i: int, pt: int, bt: int, how: str) -> list[Event]:
        self.settled[i] = outcome(pt, bt)
        return [Event("mb-result", {"box": i + 1, "winner": self.settled[i], "player": pt, "banker": bt,
                                    "how": how})]

    def results(self) -> tuple[str, ...] | None:
        """Each box's result (``player``, ``banker`` or ``tie``) once every box is settled."""
        if not self.is_terminal():
            return None
        return tuple(self.settled[i] for i in range(self.n))

    def settle(self, box: int, player: Fraction | int = 0, banker: Fraction | int = 0,
               insurance: Fraction | int = 0) -> dict[str, Fraction]:
        """Net results of the bets on one box (numbered from 1), with the 90 % Banca payout and the insurance.

        >>> from naipes.cards import parse_cards
        >>> coup = MiniBacaraCoup(PRESETS["uruguay"], boxes=1)
        >>> for card in parse_cards("4s 9h 4d Kc"):
        ...     _ = coup.deal(card)
        >>> coup.settle(1, player=20, insurance=10)
        {'player': Fraction(-20, 1), 'banker': Fraction(0, 1), 'insurance': Fraction(20, 1)}
        """
        res = self.results()
        if res is None:
            raise RulesError("The coup is not over yet.")
        if not 1 <= box <= self.n:
            raise RulesError("The table has from 1 to {max} boxes, not {n}.", max=self.n, n=box)
        player, banker, insurance = Fraction(player), Fraction(banker), Fraction(insurance)
        if insurance and not self.insurance_offered:
            raise RulesError("Insurance is only offered when the banker's first card is a nine.")
        if insurance > player * self.rules.insurance_max_share:
            raise RulesError("Insurance is at most {share} of the Punto bet.",
                             share=str(self.rules.insurance_max_share))
        winner = res[box - 1]
        out = {"player": Fraction(0), "banker": Fraction(0), "insurance": Fraction(0)}
        if winner == PLAYER:
            out["player"], out["banker"] = player * self.rules.player_pays, -banker
        elif winner == BANKER:
            out["player"], out["banker"] = -player, banker * self.rules.banker_pays
        if insurance:
            out["insurance"] = insurance * self.rules.insurance_pays if self._insurance_wins(winner) \
                else -insurance
        return out

    def _insurance_wins(self, winner: str) -> bool:
        two = _two(self.banker)
        reading = self.rules.insurance_wins_on
        if reading == NATURAL_NINE:
            return two == 9
        if reading == BANKER_NATURAL:
            return two >= 8
        return winner == BANKER


# --- exact analysis --------------------------------------------------------------------------------------

def box_drawing(rules: MiniBacaraRules, draw_at_5: bool = True) -> DrawingRules:
    """The drawing rules one box meets: the table, with the box's own choice on 5."""
    draws = frozenset(range(6)) if draw_at_5 else frozenset(range(5))
    return DrawingRules("box-draws-5" if draw_at_5 else "box-stands-5", draws, BANKER_TABLE_004,
                        BANKER_DRAWS_WHEN_PLAYER_STOOD)


@dataclass(frozen=True)
class MiniBacaraAnalysis:
    """Exact probabilities of one box's result and the expectations of its bets."""

    rules: MiniBacaraRules
    probabilities: Mapping[str, Fraction]
    insurance_probability: Fraction

    def probability(self, name: str) -> Fraction:
        if name not in self.probabilities:
            raise RulesError("Unknown bet {bet!r}: use banker, player or tie.", bet=name)
        return self.probabilities[name]

    def expected_value(self, bet: str) -> Fraction:
        p = self.probabilities
        if bet == PLAYER:
            return p[PLAYER] * self.rules.player_pays - p[BANKER]
        if bet == BANKER:
            return p[BANKER] * self.rules.banker_pays - p[PLAYER]
        if bet == "insurance":
            q = self.insurance_probability
            return q * self.rules.insurance_pays - (1 - q)
        raise RulesError("Unknown bet {bet!r}: use banker, player or tie.", bet=bet)

    def house_edge(self, bet: str) -> Fraction:
        return -self.expected_value(bet)


def analyze_box(rules: MiniBacaraRules, draw_at_5: bool = True) -> MiniBacaraAnalysis:
    """Exact analysis of one box against the Banca under rule e).

    Under rule e) each box meets the Banca exactly as in a Punto y Banca coup
    (the cards are exchangeable, so the other boxes' cards do not change the
    distribution), with the box's own choice on five. The insurance's chance
    is that of the hole card nine's partner under the reading of
    ``insurance_wins_on`` ("banker-wins" is not analysed exactly).

    >>> a = analyze_box(PRESETS["uruguay"])
    >>> a.insurance_probability                       # a ten or figure after a nine, 4 decks
    Fraction(64, 207)
    """
    if rules.mixed_banker != RULE_E:
        raise RulesError("Exact analysis follows rule e); simulate the draw-for-all procedure instead.")
    counts = deck_counts(rules.decks)
    result = analyze(counts, box_drawing(rules, draw_at_5))
    probabilities = {b: result.probability(b) for b in (BANKER, PLAYER, TIE)}
    n = sum(counts) - 1
    if rules.insurance_wins_on == NATURAL_NINE:
        q = Fraction(counts[0], n)
    elif rules.insurance_wins_on == BANKER_NATURAL:
        q = Fraction(counts[0] + counts[9] - 1, n)
    else:
        raise RulesError("The insurance reading 'banker-wins' is not analysed exactly.")
    return MiniBacaraAnalysis(rules, probabilities, q)
