"""Fixtures of the engine tests."""

import pytest

from source_documents import parse_banker_table


@pytest.fixture(scope="session")
def banker_table_from_source() -> dict[int, str]:
    """The banca's third-card table as printed in source 004."""
    return parse_banker_table()
