"""Order of the whole suite: the slowest tests first, so that no worker of `pytest -n` starts one at the end.

pytest-xdist hands tests to its workers in collection order (`tools/test.sh`: `--dist loadgroup`); a test of
half a minute collected last keeps one worker busy while the other waits. The list is what
`pytest --durations` measured (tools/test.sh prints the slowest 25); the rest keeps its collection order.
"""

from __future__ import annotations

#: Node id prefixes, slowest first (each of them tens of seconds of CPU, or a build of the site).
SLOWEST = (
    "tests/site/test_loading_browser.py::test_instant_navigation_works_on_a_build_for_another_address",
    "tests/engine/games/test_treinta_y_cuarenta.py::test_10000_seeded_shoes_obey_the_rules",
    "tests/engine/test_precomputed.py",
    "tests/engine/games/test_treinta_y_cuarenta_analysis.py::test_a_full_shoe_read_from_the_shipped_data",
    "tests/site/test_offline_browser.py",
    "tests/site/test_sweep_browser.py::test_axe",
    "tests/engine/test_architecture.py::test_the_cli_walk_equals_the_fast_analysis",
    "tests/site/test_generators.py",
)


def _rank(nodeid: str) -> int:
    return next((i for i, prefix in enumerate(SLOWEST) if nodeid.startswith(prefix)), len(SLOWEST))


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: _rank(item.nodeid))  # stable: the rest stays in collection order
