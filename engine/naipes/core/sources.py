"""The source documents the rules come from, and citations into them.

Every preset cites where each of its values comes from; the site's comparison
tables and "Sources" page are generated from these records.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import N_

SPANISH_CATALOGUE = "000"
CLASSIFIER_BO_CL = "001"
CATALAN_DECREE = "002"
URUGUAY_MINI_BACARA = "003"
BACCARAT_SHEET = "004"

#: Short English titles (msgids) of the source documents, by seed number.
SOURCE_TITLES = {
    SPANISH_CATALOGUE: "Spanish regional casino games catalogue",
    CLASSIFIER_BO_CL: "Bolivian/Chilean classifier of authorised games",
    CATALAN_DECREE: "Catalan decree of 23-11-2016 (casino regulation)",
    URUGUAY_MINI_BACARA: "Uruguay: Mini-Bacará regulation (extends decree 526/977)",
    BACCARAT_SHEET: "Baccarat rules sheet with the banker's table",
}

#: The reader's names (msgids) of the presets several games share, one per source; a game names its own
#: other presets where it defines them (`PresetBook(..., titles=...)`).
PRESET_TITLES = {
    "catalogo-es": N_("Spanish catalogue"),
    "cat-2016": N_("Catalan decree 2016"),
    "clasificador-bo-cl": N_("Bolivian/Chilean classifier"),
}


@dataclass(frozen=True)
class Citation:
    """Where a rule comes from: a source number, the section, and the words of the source.

    Examples:
        >>> Citation("002", "punt i banca, V", "el pagament serà de 19 a 20").source
        '002'
    """

    source: str
    section: str
    quote: str

    def __post_init__(self) -> None:
        if self.source not in SOURCE_TITLES:
            raise ValueError(f"unknown source {self.source!r}")
