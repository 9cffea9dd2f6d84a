"""What the banked poker games share: the 52 card classes, the coup's own composition, stakes and rules helpers.

Every poker coup tells the 52 cards apart (`CARDS`, one class per card). A
coup takes the cards it has dealt out of the composition it is given
(`chance_outcomes`), so the exact walks keep the shoe's composition fixed
(`walk_exact(..., replacement=True)`) and memoise on the coup's own key:
that is what lets a walk over a full deck forget the suits of the cards
dealt when they cannot matter any more (Trijoker).

Examples:
    >>> from naipes.core.cards import parse_cards
    >>> CARDS.size, sum(CARDS.full()), CARDS.without(1, parse_cards("As Kd")).count(0)
    (52, 52, 2)
    >>> multiple_text(Fraction(1, 2), "en"), multiple_text(Fraction(2), "es")
    ('0.5', '2')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Sequence

from ...core.cards import FRENCH, Card, CardClasses, full_deck
from ...core.errors import CardError, IllegalActionError, Plural
from ...core.formatting import decimal
from ...core.model import CHANCE, Coup, Event, Rule
from .hands import code

#: The 52 cards in the order of `full_deck` (suit by suit, ace first).
DECK: tuple[Card, ...] = full_deck(FRENCH)
INDEX = {card: i for i, card in enumerate(DECK)}
#: One class per card: a poker hand tells every card apart.
CARDS = CardClasses("poker-cards", FRENCH, len(DECK), lambda card: INDEX[card])
FULL = CARDS.full(1)
#: Each card's code for the fast evaluators, by class index.
CODES = tuple(code(card) for card in DECK)
#: Each card's code, by card.
CODE_OF = dict(zip(DECK, CODES))

PLAYER = "player"
BANK = "bank"
COMMON = "common"


def multiple_text(value: Fraction | int, lang: str) -> str:
    """A multiplier as written in a pay table: `2`, `0.5` (`0,5` in es/ca).

    Examples:
        >>> multiple_text(Fraction(5, 2), "ca")
        '2,5'
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return decimal(value, lang, 2).rstrip("0")


def plural_count(value: Fraction | int, digits: int = 2) -> int:
    """The count gettext picks a message's form by, for `value` shown with at most `digits` decimals: the whole
    number shown, or 2 when decimals show (CLDR reads "1.5 times" as a plural in es, ca and en).

    Examples:
        >>> plural_count(Fraction(1)), plural_count(Fraction(3, 2)), plural_count(Fraction(4, 3), 0)
        (1, 2, 1)
    """
    shown = Fraction(decimal(value, "en", digits).replace(",", ""))
    return int(shown) if shown.denominator == 1 else 2


def rule(text: str | Plural, source: str | None = None, interpretation: bool = False, **params: object) -> Rule:
    """A `Rule` with its parameters given by name.

    Examples:
        >>> rule("the bank plays with {hand} or better", "002", hand="A-K").param("hand")
        'A-K'
    """
    return Rule(text, tuple(params.items()), source, interpretation)


def results_for(result: str | None) -> tuple[str, ...]:
    """Who won a hand against the bank, for the generic tallies: a win or a bank that does not play counts for
    the player, a tie as a tie, anything else (a loss, a fold) for the bank.

    Examples:
        >>> results_for("not-qualified"), results_for("fold")
        (('player',), ('banker',))
    """
    return {"win": ("player",), "not-qualified": ("player",), "push": ("tie",)}.get(result, ("banker",))


def check_distinct(*groups: Iterable[Card]) -> None:
    """Every card at most once across the groups (one deck).

    Raises:
        CardError: a card given twice.

    Examples:
        >>> check_distinct([Card("A", "s")], [Card("A", "s")])
        Traceback (most recent call last):
        ...
        naipes.core.errors.CardError: Card As appears twice.
    """
    seen: set[Card] = set()
    for group in groups:
        for card in group:
            if card in seen:
                raise CardError("Card {card} appears twice.", card=str(card))
            seen.add(card)


class OwnCompositionCoup(Coup):
    """A coup dealt from one deck that takes its own cards out of the composition it is given.

    Subclasses take every card they deal with `take` (which returns its code and
    keeps its class index in `self.taken`), and define `_deal` and `_decide`,
    which `apply` calls. `chance_outcomes` weighs each card
    left once (a card already dealt weighs nothing), and records
    whether the composition is a full deck (`symmetric`), which lets a memo key
    forget suits that cannot matter.
    """

    classes = CARDS
    taken: list[int]
    symmetric: bool | None = None

    def take(self, card: Card) -> int:
        """The code of a card dealt to this coup, once it is checked not to be out already.

        Raises:
            IllegalActionError: the card was dealt already.
        """
        i = INDEX[card]
        if i in self.taken:
            raise IllegalActionError("Card {card} is out already.", card=str(card))
        self.taken.append(i)
        return CODES[i]

    def _apply(self, action: Card | str, rule_applied: Rule | None = None) -> list[Event]:
        """A card goes to `_deal`, a decision (checked legal) to `_decide`; the events are recorded."""
        if isinstance(action, Card):
            self._require(CHANCE)
            events = self._deal(action)
        else:
            self._require_action(action)
            events = self._decide(action, rule_applied)
        self.events += events
        return events

    def _deal(self, card: Card) -> list[Event]:
        """The events of a card dealt (subclasses)."""
        raise NotImplementedError

    def _decide(self, action: str, rule_applied: Rule | None) -> list[Event]:
        """The events of a legal decision (subclasses)."""
        raise NotImplementedError

    def results(self) -> tuple[str, ...]:
        """Who won, for the generic tallies (`results_for` of the coup's `result`)."""
        return results_for(getattr(self, "result", None))

    def chance_outcomes(self, counts: Sequence[int]) -> list[tuple[int, int]]:
        if self.current_player() != CHANCE:
            return []
        if self.symmetric is None:
            self.symmetric = tuple(counts) == FULL and not self.taken
        taken = self.taken
        return [(i, n - taken.count(i)) for i, n in enumerate(counts) if n > taken.count(i)] if max(counts) > 1 \
            else [(i, 1) for i, n in enumerate(counts) if n and i not in taken]

    def clone(self) -> "OwnCompositionCoup":
        # The walk clones at every branch: copy the lists by hand (faster than the generic copy).
        twin = object.__new__(type(self))
        twin.__dict__ = {name: value[:] if type(value) is list else value for name, value in self.__dict__.items()}
        return twin


#: The most cards the generic walk deals from in the games whose deals are too many for it on a full deck.
WALK_LIMIT = 14


def walked(coup: Coup, counts: Sequence[int], conduct, limit: int = WALK_LIMIT):
    """`walk_exact` over a coup that takes its own cards out, on a composition small enough for it.

    Raises:
        SpecError: more cards than `limit` (the message says how to check on fewer).
    """
    from ...core.drive import walk_exact
    from ...core.errors import SpecError

    if sum(counts) > limit:
        # TRANSLATORS: {n} is never 1: it is more than the walk's limit, 12 or 14 cards.
        raise SpecError("The generic walk deals every hand card by card and takes too long on {n} cards; check "
                        "it on at most {limit} (remove cards with --remove).", n=sum(counts), limit=limit)
    return walk_exact(coup, counts, conduct, replacement=True)
