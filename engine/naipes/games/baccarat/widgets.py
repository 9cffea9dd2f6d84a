"""The baccarat family's widget layer: the comparison of every preset, and what the games' widgets share.

The family's own widget is every preset of every game of the family, side by
side (static). Each game's widget module imports this one, so the comparison
is available as soon as any game of the family is loaded. A page writes it as
`widget: comparison` with `family: baccarat`.

The games where the reader plays a side (chemin de fer, the dos paños) share
here what that side cannot see (`hidden_line`, `hand_html`), the reader's two
answers (`card_or_no`), the side's select (`side_select`), the conducts the odds
widgets offer (`FiveConduct`, `BankerPlays`) and the registration of a coup
where the reader picks a side (`register_sided_coup`).

Examples:
    >>> from naipes.widgets import render
    >>> 'data-naipes-game="chemin-de-fer"' in render({"widget": "comparison", "family": "baccarat"}, "en")
    True
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Mapping, Sequence

from ...core.cards import Card
from ...core.i18n import N_
from ...core.model import Event, Game
from ...core.narration import agreeing, card_with_article, narrate
from ...core.vocabulary import Word
from ...web import coup_player
from ...web.escaping import escape
from ...web.cards import hand
from ...web.html import note, root, select, t
from ...web.registry import pick, register, unknown_action
from ...web.state import State
from ...web.tables import presets_table
from .. import registry
from .choices import Chosen, FreeChoice
from .kernel import BANKER, PLAYER, CardDealt, ThirdCardRule
from .narration import hand_name

FAMILY = "baccarat"


class FiveConduct(Word):
    """How the odds widgets let the side with a free 5 play it: stand (the croupier's advice), draw, or mix."""

    STAND = "stand"
    DRAW = "draw"
    OPTIMAL = "optimal"


class BankerPlays(Word):
    """How the odds widgets let the banker play: by his table, or his optimal strategy."""

    TABLE = "table"
    OPTIMAL = "optimal"


#: The choices of the odds widgets' selects, in the order shown.
FIVE_CONDUCTS = tuple(FiveConduct)
BANKER_PLAYS = tuple(BankerPlays)


# --- the comparison of the presets (static) --------------------------------------------------------------

def _start(spec: Mapping[str, str], base: dict[str, Any]) -> State:
    return State.from_json(base)


def _render(state: State, error: str | None) -> str:
    """One table per game (its presets side by side, a property per row), each with its interpretations."""
    lang = state.lang
    tables = []
    for game in registry.family(FAMILY):
        presets = list(game.presets.values())
        caption = t(N_("{game}: the presets side by side."), lang).format(game=t(game.name, lang))
        tables.append(presets_table(caption, presets, lang, game.presets, f"naipes-comparison-{game.id}",
                                    attributes=f' data-naipes-game="{escape(game.id)}"'))
    intro = t(N_("Every preset of the baccarat family, generated from the engine's rules objects."), lang)
    body = note(intro) + "".join(tables)
    return root(state, body, error, static=True)


def static_act(state: State, action: str, value: str) -> State:
    """The action of a static widget: it has none.

    Raises:
        SpecError: always (an unknown action).
    """
    raise unknown_action(action)


# --- what the reader's side cannot see -----------------------------------------------------------------------

def card_or_no(lang: str) -> list[tuple[str, str]]:
    """The reader's two answers: "Carta" draws, "No" stands.

    Examples:
        >>> card_or_no("es")
        [('draw', 'Carta'), ('stand', 'No')]
    """
    return [("draw", t(N_("Card"), lang)), ("stand", t(N_("No"), lang))]


def side_select(current: str, choices: Sequence[tuple[str, str]], lang: str) -> str:
    """Which side the reader plays (`choices`: each side and its label's msgid)."""
    return select("side", t(N_("You play"), lang), [(value, t(label, lang)) for value, label in choices], current)


def _says(hand_id: str, draws: bool, lang: str) -> str:
    if hand_id == PLAYER:
        return t(N_("Player says \"card\".") if draws else N_("Player says \"no\"."), lang)
    message = N_("{hand} says \"card\".") if draws else N_("{hand} says \"no\".")
    return t(message, lang).format(hand=hand_name(hand_id, lang))


def hidden_line(event: Event, lang: str, hidden: Collection[str]) -> str | None:
    """The narration of `event`, or what the reader may know of it while the `hidden` hands are face down.

    The first two cards of a hidden hand are dealt face down, its third card face up; its decisions are
    heard ("carta", "no") but not their reasons.
    """
    hand_id = getattr(event, "hand", None)
    if not isinstance(hand_id, str) or hand_id not in hidden:
        return narrate(event, lang)
    if isinstance(event, CardDealt):
        if event.cards <= 2:
            face_down: dict[str, str] = {PLAYER: N_("Player receives a card face down."),
                                         BANKER: N_("Banker receives a card face down.")}
            message = face_down.get(hand_id, N_("{hand} receives a card face down."))
            return t(message, lang).format(hand=hand_name(hand_id, lang))
        message = N_("Player receives {card}, face up.") if hand_id == PLAYER else N_("{hand} receives {card}, face up.")
        return agreeing(message, event.card, lang).format(hand=hand_name(hand_id, lang),
                                                          card=card_with_article(event.card, lang))
    if isinstance(event, FreeChoice):
        return None
    if isinstance(event, (ThirdCardRule, Chosen)):
        return _says(hand_id, event.draws, lang)
    return narrate(event, lang)


def hand_html(hand_id: str, cards: Sequence[Card], hidden: Collection[str], lang: str, total: int) -> str:
    """A hand; a hidden hand shows its first two cards as backs and no total."""
    shown: list[Card | None] = [None if hand_id in hidden and i < 2 else c for i, c in enumerate(cards)]
    total_text = t(N_("total {total}"), lang).format(total=total) if cards and hand_id not in hidden else ""
    return hand(hand_id, hand_name(hand_id, lang), shown, lang, total_text)


def register_sided_coup(game: Game[Any], sides: Sequence[str], state_class: type[coup_player.CoupT],
                        render_coup: Callable[[coup_player.CoupT, str | None], str],
                        view: Callable[[coup_player.CoupT], coup_player.CoupView]) -> None:
    """Register a game's `coup` widget where the reader plays one of `sides` (block key `side`, the first by
    default); `state_class` holds the coup's keys, the game's `preset` and `side`."""
    def start(spec: Mapping[str, str], base: dict[str, Any]) -> coup_player.CoupT:
        return coup_player.start(state_class, spec, base, preset=game.presets.get(spec.get("preset")).name,
                                 side=pick(spec.get("side", sides[0]), sides))

    def act(state: coup_player.CoupT, action: str, value: str) -> coup_player.CoupT:
        return coup_player.act(state, action, value, view, {"side": lambda current, side: pick(side, sides)})

    register("coup", (game.id,), start, render_coup, act, keys=("side",), state=state_class)


register("comparison", ("family:" + FAMILY,), _start, _render, static_act, state=State)
