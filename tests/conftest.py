"""Order of the whole suite: the slowest tests first, so that no worker of `pytest -n` starts one at the end.

pytest-xdist hands tests to its workers in collection order: a test of half a minute collected last keeps
one worker busy while the other waits. The list is what `pytest --durations` measured (tools/test.sh prints the slowest 25); the rest keeps its collection order.
"""

from __future__ import annotations

#: Node id prefixes, slowest first (`--durations=80` of the whole suite: each tens of seconds, or a site build).
SLOWEST = (
    "tests/site/test_sweep_browser.py::test_every_control_of_every_widget_block",
    "tests/site/test_build.py::test_a_malformed_widget_fails_the_strict_build",
    "tests/site/test_build.py::test_pyodide_renders_the_same_html_as_the_build",
    "tests/engine/games/test_poker_draw.py::test_the_walk_equals_the_exact_small_deck_analysis",
    "tests/engine/test_precomputed.py",
    "tests/engine/games/test_treinta_y_cuarenta_analysis.py::test_a_full_shoe_read_from_the_shipped_data",
    "tests/site/test_offline_browser.py",
    "tests/site/test_sweep_browser.py::test_axe",
    "tests/engine/games/test_poker_trijoker.py::test_the_house_edge_with_the_pair_of_jacks",
    "tests/engine/games/test_black_jack_strategy.py::test_the_shipped_one_deck_table_equals_a_fresh_computation",
    "tests/engine/test_architecture.py::test_every_modules_examples_run[naipes.games.treinta_y_cuarenta",
    "tests/engine/games/test_treinta_y_cuarenta.py::test_10000_seeded_shoes_obey_the_rules",
    "tests/engine/test_architecture.py::test_the_cli_walk_equals_the_fast_analysis",
    "tests/site/test_generators.py",
)


def _rank(nodeid: str) -> int:
    return next((i for i, prefix in enumerate(SLOWEST) if nodeid.startswith(prefix)), len(SLOWEST))


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: _rank(item.nodeid))  # stable: the rest stays in collection order


def pytest_configure(config):
    # pytest-xdist declares it; declared here too so a run with `-p no:xdist` (and --strict-markers) still collects.
    config.addinivalue_line("markers", "xdist_group(name): tests run by one pytest-xdist worker (--dist loadgroup)")
