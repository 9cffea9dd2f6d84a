"""The table procedure of chemin de fer: who holds the bank and the cards, the bank's amount, the cagnotte.

Examples:
    >>> t = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS.get())
    >>> t.open_bank(1500)
    >>> t.bank, t.garage
    (Fraction(1000, 1), Fraction(500, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from ....core.errors import IllegalActionError, RulesError, SpecError, plural
from ....core.vocabulary import Word
from ..kernel import BANKER, PLAYER
from .coup import Settlement, settle_stakes
from .rules import PRESETS, CheminDeFerRules


class Call(Word):
    """A punto's call on the bank: *banco* (the whole bank) or *banco con la mesa* (half of it)."""

    BANCO = "banco"
    BANCO_CON_LA_MESA = "banco-con-la-mesa"


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

    Examples:
        >>> t = CheminDeFerTable(seats=6, minimum=10, rules=PRESETS.get("cat-2016"))
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
    rules: CheminDeFerRules = field(default_factory=lambda: PRESETS.default)
    banker: int = 1
    bank: Fraction | None = None
    garage: Fraction = Fraction(0)
    winnings: Fraction = Fraction(0)
    cagnotte: Fraction = Fraction(0)
    passes: int = 0
    cards_to: int | None = None
    banco_seguido: int | None = None
    stakes: dict = field(default_factory=dict)
    history: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats < self.rules.min_players:
            raise RulesError(plural("A chemin de fer table needs at least {n} player, not {seats}.",
                                    "A chemin de fer table needs at least {n} players, not {seats}.", "n"),
                             n=self.rules.min_players, seats=self.seats)

    @property
    def bank_max(self) -> int | None:
        """The bank's maximum (the rules' multiple of the table minimum), or `None` if unlimited."""
        return None if self.rules.bank_max_multiple is None else self.rules.bank_max_multiple * self.minimum

    def next_seat(self, seat: int) -> int:
        """The seat to the right of `seat` (the next number; after the last comes seat 1)."""
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
        self.winnings = Fraction(0)
        self.history.append(("bank", self.banker, amount))

    def stake(self, stakes: Mapping[int, int | Fraction], call: str | None = None,
              caller: int | None = None) -> int:
        """Record the stakes against the bank; return the seat that takes the punto's cards.

        `call` is `"banco"` (`caller` covers the whole bank),
        `"banco-con-la-mesa"` (`caller` covers half) or `None` (the
        highest seated stake takes the cards, ties by seat order from the
        banker's right). A pending *banco seguido* has priority.
        """
        if self.bank is None:
            raise IllegalActionError("The bank has not been announced yet.")
        stakes = {seat: Fraction(v) for seat, v in stakes.items() if Fraction(v) > 0}
        if not stakes:
            raise RulesError("At least one stake is needed against the bank.")
        if self.banker in stakes:
            raise IllegalActionError("The banker cannot stake against his own bank.")
        if sum(stakes.values()) > self.bank:
            raise RulesError("The stakes ({total}) cannot exceed the bank ({bank}).",
                             total=str(sum(stakes.values())), bank=str(self.bank))
        if call == Call.BANCO:
            if caller is None or stakes.get(caller) != self.bank:
                raise RulesError("Banco means staking the whole bank ({bank}).", bank=str(self.bank))
        elif call == Call.BANCO_CON_LA_MESA:
            if caller is None or stakes.get(caller) != self.bank / 2:
                raise RulesError("Banco con la mesa means staking half the bank ({half}).",
                                 half=str(self.bank / 2))
        elif call is not None:
            raise SpecError("Unknown call {call!r}: use banco or banco-con-la-mesa.", call=call)
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
            raise IllegalActionError("No stakes to settle.")
        result = settle_stakes(winner, {str(k): v for k, v in self.stakes.items()}, self.rules.cagnotte)
        self.cagnotte += result.cagnotte
        call, caller = getattr(self, "_call", None), self.cards_to
        if winner == BANKER:
            self.bank += result.banker_net
            self.winnings += result.banker_net
            self.passes += 1
            self.banco_seguido = caller if call == Call.BANCO else None
            if self.bank_max is not None and self.bank > self.bank_max:
                excess = self.bank - self.bank_max
                self.garage += excess
                self.winnings = max(Fraction(0), self.winnings - excess)  # those winnings left the bank already
                self.bank = Fraction(self.bank_max)
        elif winner == PLAYER:
            self.history.append(("bank-lost", self.banker, self.bank))
            self.banker = self.next_seat(self.banker)
            self.bank = None
            self.banco_seguido = None
            self.passes = 0
            self.winnings = Fraction(0)
        self.history.append(("coup", winner, result.banker_net, result.cagnotte))
        self.stakes = {}
        return result

    def settle_after_stakes(self, stakes: Mapping[int, int | Fraction], call: str | None, caller: int | None,
                            winner: str) -> None:
        """Shorthand: `stake` then `settle`."""
        self.stake(stakes, call, caller)
        self.settle(winner)

    def put_in_garage(self, amount: int | Fraction) -> None:
        """The banker excludes part of the bank from play (the voluntary garage of the preset).

        Under `garage_after_multiple` (the catalogue: "siempre que la suma de las mismas supere una cantidad
        equivalente a cincuenta veces el mínimo del punto") only the banker's winnings still in the bank may
        go, and only once they add up to *more* than that many minimums; under `garage_half_from_pass` (the
        decree) at most half the bank, from that pass on.

        Raises:
            RulesError: an amount the preset does not allow now.

        Examples:
            >>> t = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS.get("catalogo-es"))
            >>> t.open_bank(1000)
            >>> t.put_in_garage(100)        # a bank that has won nothing yet
            Traceback (most recent call last):
            ...
            naipes.core.errors.RulesError: The voluntary garage needs winnings of more than 50 times the minimum stake (500); the bank has won 0.
        """
        amount = Fraction(amount)
        if self.bank is None or not 0 < amount <= self.bank:
            raise RulesError("The garage must be more than 0 and at most the bank.")
        rules = self.rules
        if rules.garage_half_from_pass is not None:
            if self.passes + 1 < rules.garage_half_from_pass or amount > self.bank / 2:
                raise RulesError("From the second pass on, the banker may put at most half the bank "
                                 "in the garage.")
        elif rules.garage_after_multiple is not None:
            threshold = rules.garage_after_multiple * self.minimum
            if self.winnings <= threshold:
                raise RulesError(plural("The voluntary garage needs winnings of more than {n} time the minimum "
                                        "stake ({threshold}); the bank has won {won}.",
                                        "The voluntary garage needs winnings of more than {n} times the minimum "
                                        "stake ({threshold}); the bank has won {won}.", "n"),
                                 n=rules.garage_after_multiple,
                                 threshold=threshold, won=str(self.winnings))
            if amount > self.winnings:
                raise RulesError("Only the banker's winnings may go to the voluntary garage: at most {won}.",
                                 won=str(self.winnings))
            self.winnings -= amount
        self.bank -= amount
        self.garage += amount

    def pass_hand(self, takers: Sequence[int] = (), bids: Mapping[int, int | Fraction] | None = None) -> int:
        """The banker passes the hand: offered in rotation (`takers`, first willing seat wins), then
        auctioned (`bids`: the highest; the previous banker may not bid). Returns the new banker.

        Examples:
            >>> t = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS.get("catalogo-es"))
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
