"""The coup player every game's `coup` widget is built on: a seeded shoe, the reader's answers, step by step.

A coup widget's state (`CoupState`, which each game extends with its own
keys) holds the game, the preset, the seed, how many steps are shown and the
reader's answers to the decisions that are theirs. Every
render replays the coup with the one driver (`naipes.core.drive.replay`), so
one state always gives the same HTML and a seed with its answers is a link
to the same coup.

Examples:
    >>> from naipes.games.registry import game
    >>> pb = game("punto-banca")
    >>> view = replay_view(pb, pb.presets.get("cat-2016"), seed=3, conduct=pb.conduct(pb.presets.default),
    ...                    answers=(), step=2, lang="en")
    >>> len(view.shown.steps), view.total_steps >= 4, view.waiting
    (2, True, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence, TypeVar

from ..core import options
from ..core.drive import Record, burned_shoe, replay
from ..core.errors import IllegalActionError, SpecError
from ..core.i18n import N_
from ..core.model import Conduct, Coup, Game
from ..core.narration import burn_text, stop_card_text
from ..core.rng import fresh_seed
from .escaping import escape
from .html import button, controls, narration, root, t
from .registry import unknown_action
from .state import State, items, seed as seed_reader, slot, text, whole

#: The most answers a coup state may carry (a tampered link cannot make a replay run long).
MAX_ANSWERS = 50
#: The most steps a coup state may say are shown (a replay shows at most the coup's own steps).
MAX_STEPS = 10_000


@dataclass(frozen=True, kw_only=True)
class CoupState(State):
    """What every coup widget holds: the seed of its shoe, the steps shown and the reader's answers.

    A game's coup widget declares its own subclass with its preset's choices and its other keys.

    Examples:
        >>> CoupState.from_json({"widget": "coup", "lang": "en", "seed": 3, "step": 2, "answers": ["draw"]}).answers
        ('draw',)
    """

    seed: int = slot(seed_reader)
    step: int = slot(whole(0, MAX_STEPS))
    answers: tuple[str, ...] = slot(items(text(40), MAX_ANSWERS))


CoupT = TypeVar("CoupT", bound=CoupState)


@dataclass
class CoupView:
    """A coup replayed for display: what is shown (`step` steps), the whole replay, and the burn's text."""

    shown: Record
    full: Record
    burn: str
    step: int

    @property
    def total_steps(self) -> int:
        return len(self.full.steps)

    @property
    def waiting(self) -> str | None:
        """The reader's pending decision, when the shown steps reach it."""
        return self.full.waiting if self.step >= self.total_steps else None

    @property
    def over(self) -> bool:
        return self.shown.coup.is_terminal()

    def lines(self, narrate_event: Callable[[Any, str], str | None], lang: str) -> list[str]:
        """The narration of the shown steps (with the burn first and the stop card last; an event the reader
        may not know of narrates as `None` and is left out)."""
        lines = [self.burn] if self.burn else []
        for step in self.shown.steps:
            for event in step.events:
                line = narrate_event(event, lang)
                if line is not None:
                    lines.append(line)
        if self.over and self.shown.shoe is not None and self.shown.shoe.stop_card_out:
            lines.append(stop_card_text(lang))
        return lines


def replay_view(game: Game[Any], rules: object, seed: int, conduct: Conduct, answers: Sequence[str], step: int,
                lang: str, new_coup: Callable[[Any], Coup] | None = None) -> CoupView:
    """Replay a coup from its seed and the reader's answers, and again up to the `step` shown.

    Raises:
        IllegalActionError: the answers do not fit the coup (a tampered state or link).
    """
    make = new_coup or game.new_coup
    answers = _answers(answers)

    def run(limit: int | None) -> tuple[Record, str]:
        shoe, burned = burned_shoe(rules, game.deck, seed)
        return replay(make(rules), shoe, conduct, answers, limit=limit), burn_text(burned, lang) if burned else ""

    full, burn = run(None)
    step = max(0, min(int(step), len(full.steps)))
    shown = run(step)[0] if step < len(full.steps) else full
    return CoupView(shown, full, burn, step)


def _answers(answers: Sequence[str]) -> tuple[str, ...]:
    if not isinstance(answers, (list, tuple)) or len(answers) > MAX_ANSWERS or not all(
            isinstance(a, str) for a in answers):
        raise SpecError("The widget's state is damaged; reload the page.")
    return tuple(answers)


def start(state_class: type[CoupT], spec: Mapping[str, str], base: Mapping[str, object], **keys: object) -> CoupT:
    """A fresh coup state of `state_class`: the page's `base`, the game's `keys`, and the block's `seed` (default 1)
    with no step shown and no answer.

    Examples:
        >>> start(CoupState, {"seed": "7"}, {"widget": "coup", "lang": "en"}).to_json()
        {'widget': 'coup', 'lang': 'en', 'seed': 7, 'step': 0, 'answers': []}
    """
    return state_class.from_json(dict(base, **keys, seed=options.seed(spec.get("seed", "1")), step=0, answers=[]))


def act(state: CoupT, action: str, value: str, view: Callable[[CoupT], CoupView],
        settings: Mapping[str, Callable[[CoupT, str], object]] | None = None) -> CoupT:
    """The new state of a coup widget after an action.

    `next` shows one more step, `finish` all of them, `new` deals a new coup,
    `seed` a given one, and `choose` answers the reader's pending decision. Each
    of `settings` (the preset, the side played, the boxes in play...) reads its
    value with its function into the field of its name and starts the coup again.

    Raises:
        NaipesError: a bad value, a decision that is not pending, or an unknown action.

    Examples:
        >>> state = CoupState.from_json({"widget": "coup", "lang": "en", "seed": 3, "step": 0, "answers": []})
        >>> act(state, "seed", "12", view=lambda s: None).seed
        12
    """
    if settings and action in settings:
        return state.evolve(**{action.replace("-", "_"): settings[action](state, value)}, step=0, answers=())
    if action in ("next", "finish"):
        full = view(state)
        return state.evolve(step=full.total_steps if action == "finish" else min(state.step + 1, full.total_steps))
    if action == "new":
        return state.evolve(seed=fresh_seed(), step=0, answers=())
    if action == "seed":
        return state.evolve(seed=options.seed(value), step=0, answers=())
    if action == "choose":
        current = view(state)
        if current.waiting is None:
            raise IllegalActionError("No decision is pending.")
        legal = current.full.coup.legal_actions()
        if value not in legal:
            raise SpecError("Unknown choice {value!r}: use {choices}.", value=value, choices=", ".join(legal))
        return state.evolve(answers=(*state.answers, value), step=current.total_steps + 1)
    raise unknown_action(action)


def buttons(view: CoupView, lang: str) -> str:
    """Next step, deal to the end, new coup."""
    at_end = view.step >= view.total_steps
    next_step = button(t(N_("Next step"), lang), "next", primary=True, disabled=at_end)
    to_the_end = button(t(N_("Deal to the end"), lang), "finish", disabled=at_end)
    new_coup = button(t(N_("New coup"), lang), "new")
    return f'<p class="naipes-buttons">{next_step} {to_the_end} {new_coup}</p>'


def seed_line(seed: int, lang: str) -> str:
    """The seed (the whole coup's link is copied with the control `naipes.web.html.root` adds to a game)."""
    text = t(N_("Seed {seed}: the same seed deals the same coup."), lang).format(seed=seed)
    return f'<p class="naipes-seed">{escape(text)}</p>'


def decision(prompt: str, choices: Sequence[tuple[str, str]]) -> str:
    """The reader's decision: a prompt and one button per choice (`value`, `label`)."""
    options_html = " ".join(button(label, "choose", value, primary=True) for value, label in choices)
    return (f'<div class="naipes-decision" role="group" aria-label="{escape(prompt)}">'
            f'<p><strong>{escape(prompt)}</strong></p><p class="naipes-buttons">{options_html}</p></div>')


def page(state: CoupState, error: str | None, view: CoupView, *, settings: str, hands: str,
         lines: Sequence[str], prompt: str = "", results: str = "") -> str:
    """A coup widget's whole HTML: settings, hands, narration, the decision, the results, buttons, seed."""
    lang, seed = state.lang, state.seed
    body = (f'{controls(settings)}<div class="naipes-hands">{hands}</div>{narration(lines, lang)}{prompt}{results}'
            f'{buttons(view, lang)}{seed_line(seed, lang)}')
    attributes = {"data-naipes-seed": str(seed)}
    if view.waiting:
        attributes["data-naipes-waiting"] = view.waiting  # whose decision the coup waits for (tests, styles)
    return root(state, body, error, attributes=attributes)
