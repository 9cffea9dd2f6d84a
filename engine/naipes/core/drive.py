"""The one driver of every coup: seeded play, replays from a seed and answers, and exact walks.

Every game's coup follows the protocol of `naipes.core.model`, so one loop
serves them all; the command line, the widgets and the tests never write
"if a decision is pending choose, otherwise deal" again:

- `play` deals a coup from a shoe (a seeded shuffle), taking every decision
  by the conduct (a mixed choice is drawn with the seeded generator);
- `replay` is `play` with the reader's answers: the decisions of the
  reader's roles take the next answer, and the replay stops (waiting) when
  there is none left — widgets and `?seed=` links keep a game as a seed and
  its answers;
- `walk_exact` enumerates every chance outcome with its exact probability
  (cards drawn from a composition, integer weights) and every decision by
  the conduct's distribution: the test oracle of every game's fast analysis.

Examples:
    >>> from naipes.games.baccarat.punto_banca import PUNTO_BANCA
    >>> rules = PUNTO_BANCA.presets.get("hoja-baccarat")
    >>> record = play(PUNTO_BANCA.new_coup(rules), new_shoe(rules, PUNTO_BANCA.deck, seed=3))
    >>> record.coup.is_terminal(), record.waiting
    (True, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Callable, Hashable, Iterable, Sequence

from .cards import Card
from .errors import IllegalActionError, SpecError
from .model import CHANCE, TERMINAL, Choice, Conduct, Coup, Event, Game, Report
from .rng import SeededRandom
from .shoe import BurnResult, Shoe

#: A replay never runs more steps than this (a tampered or hostile list of answers cannot hang a widget).
MAX_STEPS = 10_000


@dataclass
class Step:
    """One step of a coup as it was played: a card dealt, or a decision by the conduct or by the reader.

    `kind` is `"card"`, `"auto"` (the conduct decided) or `"answer"` (the reader did).
    """

    kind: str
    events: list[Event]
    card: Card | None = None
    action: str | None = None


@dataclass
class Record:
    """A coup as far as it was played: the coup, the shoe it came from, every step, and what it waits for.

    `waiting` is the role whose decision the reader must take next (the
    replay ran out of answers there), `None` when the coup is over or was
    stopped by a step limit.
    """

    coup: Coup
    shoe: Shoe | None
    steps: list[Step] = field(default_factory=list)
    waiting: str | None = None
    answers_left: int = 0


def new_shoe(rules: object, deck: str, seed: int) -> Shoe:
    """A shuffled shoe for `rules` (its `decks` and `stop_card`), unburned.

    Rules without those fields (a game dealt from one fresh deck) get one deck and no stop card.
    """
    return Shoe.shuffled(getattr(rules, "decks", 1), seed, deck=deck, stop_card=getattr(rules, "stop_card", None))


def burned_shoe(rules: object, deck: str, seed: int) -> tuple[Shoe, BurnResult | None]:
    """`new_shoe`, then the rules' burn procedure (if they have one)."""
    shoe = new_shoe(rules, deck, seed)
    procedure = getattr(rules, "burn", None)
    return shoe, (shoe.burn(procedure) if procedure is not None else None)


def _draw_choice(choices: Sequence[Choice], rng: SeededRandom | None) -> Choice:
    """The conduct's choice: the certain one, or one drawn by its probability with the seeded generator."""
    if len(choices) == 1:
        return choices[0]
    if rng is None:
        raise IllegalActionError("A mixed decision needs a seeded generator to be played.")
    denominator = 1
    for choice in choices:
        denominator = denominator * choice.probability.denominator // _gcd(denominator, choice.probability.denominator)
    ticket = rng.below(denominator)
    for choice in choices:
        ticket -= int(choice.probability * denominator)
        if ticket < 0:
            return choice
    return choices[-1]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def play(coup: Coup, shoe: Shoe, conduct: Conduct | None = None, *, answers: Iterable[str] = (),
         rng: SeededRandom | None = None, limit: int | None = None) -> Record:
    """Play `coup` from `shoe` until it is over, waits for the reader, or has taken `limit` steps.

    Args:
        coup: a fresh coup (or one already under way).
        shoe: where the cards come from.
        conduct: how decisions are taken; `None` means every decision is the reader's.
        answers: the reader's actions, in order, for the decisions the conduct leaves to the reader.
        rng: draws the mixed choices of the conduct (a seeded generator, for repeatable play).
        limit: stop after this many steps (a widget showing the coup step by step).

    Returns:
        The record of what was played.

    Raises:
        IllegalActionError: an answer is not legal where it is used, or the shoe runs out.
    """
    record = Record(coup, shoe)
    pending = list(answers)
    steps = 0
    while not coup.is_terminal() and (limit is None or len(record.steps) < limit):
        steps += 1
        if steps > MAX_STEPS:
            raise IllegalActionError("The game is too long to replay ({n} steps at most).", n=MAX_STEPS)
        who = coup.current_player()
        if who == CHANCE:
            card = shoe.draw()
            record.steps.append(Step("card", coup.apply(card), card=card))
            continue
        choices = conduct.choose(coup) if conduct is not None else None
        if choices is None:
            if not pending:
                record.waiting = who
                break
            action = pending.pop(0)
            record.steps.append(Step("answer", coup.apply(action), action=action))
            continue
        choice = _draw_choice(choices, rng)
        record.steps.append(Step("auto", coup.apply(choice.action, choice.rule), action=choice.action))
    record.answers_left = len(pending)
    return record


def replay(coup: Coup, shoe: Shoe, conduct: Conduct | None, answers: Sequence[str], *,
           limit: int | None = None) -> Record:
    """`play` with the reader's answers; an answer left over once the coup is over is an error.

    Raises:
        IllegalActionError: an answer does not fit the coup (tampered state or link).
    """
    record = play(coup, shoe, conduct, answers=answers, limit=limit)
    if record.answers_left and limit is None:
        raise IllegalActionError("The coup is over: nothing more can be played.")
    return record


@dataclass
class ShoeRecord:
    """A shoe dealt to its end: the burn, every coup's record, and whether the stop card came out."""

    burn: BurnResult | None
    coups: list[Record]
    stop_card_out: bool


def play_shoe(game: Game, rules: object, seed: int, conduct: Conduct | None = None) -> ShoeRecord:
    """Shuffle, burn, and deal coups until the stop card has come out (that coup is finished).

    A shoe with no stop card is dealt until fewer cards than a coup may need
    (`Game.min_cards`) are left. Decisions follow `conduct` (default: the
    game's); mixed ones are drawn with a generator seeded by `seed`.
    """
    shoe, burn = burned_shoe(rules, game.deck, seed)
    conduct = conduct or game.conduct(rules)
    rng = SeededRandom(seed)
    coups = []
    while not shoe.stop_card_out and shoe.remaining >= game.min_cards:
        coups.append(play(game.new_coup(rules), shoe, conduct, rng=rng))
    return ShoeRecord(burn, coups, shoe.stop_card_out)


def walk_exact(coup: Coup, counts: Sequence[int], conduct: Conduct, *, replacement: bool = False,
               outcome: Callable[[Coup], Hashable] | None = None) -> dict[Hashable, Fraction]:
    """The exact distribution of the coup's outcome from a shoe of composition `counts`.

    Every chance step branches on each card class left, weighted by how many
    cards of it are left (`Coup.chance_outcomes`); every decision branches on
    the conduct's distribution. States with the same `Coup.memo_key` and the
    same composition are computed once.

    Args:
        coup: the coup to walk from (usually fresh).
        counts: the composition of the shoe by the coup's card classes.
        conduct: takes every decision (it must not leave any to the reader).
        replacement: cards go back into the shoe (the infinite-shoe model of the literature).
        outcome: what to tally at the end (default `Coup.outcome`).

    Returns:
        Each outcome's exact probability.

    Raises:
        SpecError: the conduct leaves a decision to the reader.
    """
    tally = outcome or (lambda c: c.outcome())
    # Each node's distribution is kept as integer weights over one denominator (no Fraction arithmetic in the
    # recursion); children are brought to the least common multiple of their denominators.
    memo: dict[tuple, tuple[dict[Hashable, int], int]] = {}
    classes = coup.classes

    def combine(parts: list[tuple[int, dict[Hashable, int], int]], scale: int) -> tuple[dict[Hashable, int], int]:
        common = lcm(*(den for _, _, den in parts)) if parts else 1
        result: dict[Hashable, int] = {}
        for weight, weights, den in parts:
            factor = weight * (common // den)
            for name, w in weights.items():
                result[name] = result.get(name, 0) + factor * w
        return result, common * scale

    def walk(node: Coup, left: tuple[int, ...]) -> tuple[dict[Hashable, int], int]:
        key = node.memo_key()
        if key is not None:
            found = memo.get((key, left))
            if found is not None:
                return found
        who = node.current_player()
        if who == TERMINAL:
            result = ({tally(node): 1}, 1)
        elif who == CHANCE:
            parts = []
            outcomes = node.chance_outcomes(left)
            for index, weight in outcomes:
                child = node.clone()
                child.apply(classes.representative(index))
                after = left if replacement else left[:index] + (left[index] - 1,) + left[index + 1:]
                parts.append((weight, *walk(child, after)))
            result = combine(parts, sum(weight for _, weight in outcomes))
        else:
            choices = conduct.choose(node)
            if choices is None:
                raise SpecError("An exact walk needs a conduct for every decision ({who}).", who=who)
            scale = lcm(*(choice.probability.denominator for choice in choices))
            parts = []
            for choice in choices:
                if choice.probability:
                    child = node.clone()
                    child.apply(choice.action, choice.rule)
                    parts.append((choice.probability.numerator * (scale // choice.probability.denominator),
                                  *walk(child, left)))
            result = combine(parts, scale)
        if key is not None:
            memo[(key, left)] = result
        return result

    weights, denominator = walk(coup, tuple(counts))
    return {name: Fraction(w, denominator) for name, w in weights.items() if w}


METHODS = ("fast", "walk")


def analyze(game: "Game", rules: object, counts: Sequence[int] | None = None, method: str = "fast") -> "Report":
    """A game's exact analysis by its fast method or by the generic walk (which must agree exactly).

    Args:
        game: the game's definition (it must have an analysis).
        rules: the rules to analyse.
        counts: the shoe's composition by the game's card classes (default: the rules' full shoe).
        method: `"fast"` (the game's own analysis) or `"walk"` (`walk_exact` over the coup).

    Raises:
        SpecError: the game has no exact analysis, or an unknown method.
    """
    if game.analysis is None:
        raise SpecError("The game {game} has no exact analysis.", game=game.id)
    if method not in METHODS:
        raise SpecError("Unknown method {method!r}: use fast or walk.", method=method)
    counts = tuple(counts if counts is not None else game.classes.full(getattr(rules, "decks", 1)))
    if method == "fast":
        return game.analysis.fast(rules, counts)
    conduct = (game.analysis.conduct or game.conduct)(rules)
    coup = (game.analysis.coup or game.new_coup)(rules)
    distribution = walk_exact(coup, counts, conduct, replacement=game.analysis.replacement)
    return game.analysis.from_walk(rules, distribution, counts)
