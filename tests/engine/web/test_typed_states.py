"""Every widget kind reads a typed state (issue 24): no `state["…"]`, no `state.get(`, no kind registered untyped.

An AST scan of the engine's games and web layers. A game is converted when its widget modules read their
state's attributes (`state.preset`) and register each kind with its `State` class (`register(..., state=...)`).

`PENDING` lists the places not converted yet (a game's folder, or a module directly under `web/` or `games/`).
The integrator removes a place from it when its branch is merged: the test fails on a place that is listed but
already clean, so the list can only shrink, and on any place outside the list that is not clean.
"""

from __future__ import annotations

import ast
from pathlib import Path

import naipes

ENGINE = Path(naipes.__file__).resolve().parent
SCANNED = ("games", "web")
#: The registry is where JSON becomes a typed state and back (pages, links, a fresh widget): it reads JSON by design.
JSON_EDGES = {"web/registry.py"}

#: The places whose widgets still read their state as a dict (emptied by the integrator as branches merge).
PENDING: set[str] = set()


def place(path: Path) -> str:
    """What `PENDING` names for a module: its game's folder, or the module itself directly under `web/` or `games/`.

    Examples:
        >>> place(ENGINE / "games/baccarat/dos_panos/widgets.py"), place(ENGINE / "web/charts.py")
        ('games/baccarat/dos_panos', 'web/charts.py')
    """
    relative = path.relative_to(ENGINE)
    return relative.as_posix() if len(relative.parts) == 2 else relative.parent.as_posix()


def _is_state_name(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and (node.id == "state" or node.id.endswith("_state"))


def untyped_reads(tree: ast.AST) -> list[tuple[int, str]]:
    """The lines of `tree` that read a state as a dict, or register a kind without its state class.

    Examples:
        >>> untyped_reads(ast.parse("a = state['seed']\\nb = my_state.get('x')\\nc = state.seed"))
        [(1, "state['seed']"), (2, "my_state.get('x')")]
        >>> untyped_reads(ast.parse("register('odds', GAMES, start, render, act)\\nregister('x', G, s, r, a, state=S)"))
        [(1, "register('odds', GAMES, start, render, act)")]
    """
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _is_state_name(node.value):
            key = node.slice
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call):
            function = node.func
            if isinstance(function, ast.Attribute) and function.attr == "get" and _is_state_name(function.value):
                found.append((node.lineno, ast.unparse(node)))
            elif (isinstance(function, ast.Name) and function.id == "register"
                  and not any(keyword.arg == "state" for keyword in node.keywords)):
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def offenders() -> dict[str, list[str]]:
    """Each place of the games and web layers that is not converted, with its untyped lines."""
    found: dict[str, list[str]] = {}
    for folder in SCANNED:
        for path in sorted((ENGINE / folder).rglob("*.py")):
            if place(path) in JSON_EDGES:
                continue
            for line, text in untyped_reads(ast.parse(path.read_text(encoding="utf-8"))):
                found.setdefault(place(path), []).append(f"{path.relative_to(ENGINE)}:{line}: {text[:90]}")
    return found


def test_every_widget_outside_the_pending_places_reads_a_typed_state():
    found = offenders()
    new = {name: lines[:5] for name, lines in found.items() if name not in PENDING}
    assert not new, f"state read as a dict or a kind registered untyped (convert it, see COMMON.md): {new}"


def test_a_pending_place_is_not_already_converted():
    clean = sorted(PENDING - set(offenders()))
    assert not clean, f"converted: remove {clean} from PENDING"


def test_the_pending_places_exist():
    missing = sorted(name for name in PENDING if not (ENGINE / name).exists())
    assert not missing, missing


def test_the_scan_finds_what_it_looks_for():
    source = ("def render(state, error):\n    return state['lang'] + other_state.get('x', '')\n"
              "register('chart', TARGETS, start, render, act, keys=KEYS)\n"
              "register('chart', TARGETS, start, render, act, state=ChartState)\n"
              "spec['game'], state.lang, state[0], data.get('x')\n")
    assert [line for line, _ in untyped_reads(ast.parse(source))] == [2, 2, 3]
