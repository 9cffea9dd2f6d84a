"""Run the project's Babel extraction into memory (for the sync test)."""

import importlib.util
import tempfile
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]


def extract_to():
    spec = importlib.util.spec_from_file_location("project_i18n", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "naipes.pot"
        module.extract(output)
        with open(output, "rb") as f:
            return read_po(f)
