"""Order of the whole suite: the slowest tests first, so that no worker of `pytest -n` starts one at the end.

pytest-xdist hands tests to its workers in collection order: a test of half a minute collected last keeps
one worker busy while the other waits. The list is what `pytest --durations` measured (tools/test.sh prints the slowest 25); the rest keeps its collection order.
"""

from __future__ import annotations

#: Node id prefixes, slowest first (`--durations` of the whole suite, the clean-clone run of issue 27: each over ten
#: seconds, or a site build).
SLOWEST = (
    "tests/site/test_sweep_browser.py::test_every_control_of_every_widget_block",
    "tests/engine/games/test_black_jack_overall.py",
    "tests/site/test_sweep_browser.py::test_axe",
    "tests/site/test_build.py::test_pyodide_renders_the_same_html_as_the_build",
    "tests/engine/games/test_black_jack_rule_options.py::test_a_chart_of_rules_not_shipped_is_filled_progressively",
    "tests/engine/games/test_treinta_y_cuarenta.py::test_10000_seeded_shoes_obey_the_rules",
    "tests/engine/games/test_poker_draw.py::test_the_walk_equals_the_exact_small_deck_analysis",
    "tests/engine/games/test_black_jack_splits.py::test_the_whole_deal_equals_the_independent_analyser",
    "tests/site/test_links_browser.py::test_a_coup_keeps_preset_and_moves_across_navigation_reload_and_a_copied_link",
    "tests/site/test_build.py::test_a_malformed_widget_fails_the_strict_build",
    "tests/engine/games/test_poker_draw.py::test_the_final_hands_odds_are_those_of_the_coup_walked_on_small_decks",
    "tests/site/test_offline_browser.py",
    "tests/engine/games/test_black_jack_strategy.py::test_the_shipped_one_deck_table_equals_a_fresh_computation",
    "tests/engine/games/test_poker_trijoker.py::test_the_house_edge_with_the_pair_of_jacks",
    "tests/engine/games/test_black_jack_rule_options.py::test_each_step_does_at_most_its_budget",
    "tests/engine/test_precomputed.py",
    "tests/engine/games/test_treinta_y_cuarenta_analysis.py::test_a_full_shoe_read_from_the_shipped_data",
    "tests/engine/test_architecture.py::test_every_modules_examples_run[naipes.games.treinta_y_cuarenta",
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
