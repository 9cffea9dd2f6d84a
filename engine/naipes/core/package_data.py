"""Files shipped inside the package (data tables, message catalogs), read wherever it was imported from.

Installed, the package is a folder; in the browser the worker puts the wheel itself on `sys.path` and
Python imports straight from the zip (unpacking it meant writing some 300 files and compiling the
`zipfile` and `shutil` modules on every first start). A module's own loader reads its files either way.

Examples:
    >>> read("naipes", "locale", "ca", "LC_MESSAGES", "naipes.mo")[:4] == bytes.fromhex("de120495")
    True
"""

from __future__ import annotations

import os
import sys

__all__ = ["read"]


def read(package: str, *parts: str) -> bytes:
    """The bytes of the file `parts` below the folder of the (imported) `package`.

    Raises `OSError` when the package does not ship it.
    """
    module = sys.modules[package]
    if module.__file__ is None or module.__spec__ is None or module.__spec__.loader is None:
        raise OSError(f"{package} is not a package read from files")
    path = os.path.join(os.path.dirname(module.__file__), *parts)
    data: bytes = module.__spec__.loader.get_data(path)  # type: ignore[attr-defined]  # every file loader has it
    return data
