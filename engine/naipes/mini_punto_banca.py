"""Mini and Midi Punto y Banca: the Punto y Banca coup dealt by the croupier at a small table.

The coup, payouts and drawing rules are those of :mod:`naipes.punto_banca`;
what changes is who deals (the croupier, "sin permetre als jugadors tocar les
cartes"), the seats (7 for mini, 9 for midi), the Spanish mini table's "círculo
donde se irá depositando el cinco por ciento" in front of each seat, and the
Catalan tie-bet cap. The game names ``mini-punto-banca`` and
``midi-punto-banca`` map to these presets.

>>> MINI_PRESETS["catalogo-es-mini"].seats, MIDI_PRESETS["cat-2016-midi"].seats
(7, 9)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from .errors import RulesError
from .i18n import N_
from .punto_banca import PRESETS, PuntoBancaRules
from .sources import CLASSIFIER_BO_CL, Citation

_CLASSIFIER = PRESETS["clasificador-bo-cl"]

#: The Bolivian/Chilean classifier's Mini and Midi Punto y Banca: the croupier deals and plays every
#: hand; the midi table has 9 positions, the mini table 7.
CLASSIFIER_MINI = replace(
    _CLASSIFIER, name="clasificador-bo-cl-mini", dealer="croupier", seats=7,
    citations=_CLASSIFIER.citations + (
        Citation(CLASSIFIER_BO_CL, "Mini Punto y Banca",
                 "Además la mesa tiene menos posiciones 7 que en Punto y Banca"),
        Citation(CLASSIFIER_BO_CL, "Midi y Mini Punto y Banca",
                 "El ejercicio de la distribución de las cartas corresponde al salón de juegos o casino, y "
                 "los jugadores sólo se limitan a hacer sus apuestas")),
    interpretations=_CLASSIFIER.interpretations + (
        N_("The classifier's sentence on the mini table is garbled (\"menos posiciones 7 que en Punto y "
           "Banca 9 ó\"); the engine reads 7 seats for mini and 9 for midi."),))
CLASSIFIER_MIDI = replace(
    CLASSIFIER_MINI, name="clasificador-bo-cl-midi", seats=9,
    citations=_CLASSIFIER.citations + (
        Citation(CLASSIFIER_BO_CL, "Midi Punto y Banca",
                 "Es análogo al Punto y Banca, pero es más rápido pues todo el juego lo desarrolla el "
                 "croupier, y los jugadores sólo apuestan"),
        Citation(CLASSIFIER_BO_CL, "Midi Punto y Banca", "Además la mesa tiene 9 posiciones")))

MINI_PRESETS: Mapping[str, PuntoBancaRules] = {
    "catalogo-es-mini": PRESETS["catalogo-es-mini"],
    "cat-2016-mini": PRESETS["cat-2016-mini"],
    "clasificador-bo-cl-mini": CLASSIFIER_MINI,
}
MIDI_PRESETS: Mapping[str, PuntoBancaRules] = {
    "cat-2016-midi": PRESETS["cat-2016-midi"],
    "clasificador-bo-cl-midi": CLASSIFIER_MIDI,
}
GAME_PRESETS = {"mini-punto-banca": MINI_PRESETS, "midi-punto-banca": MIDI_PRESETS}
DEFAULT_PRESETS = {"mini-punto-banca": "catalogo-es-mini", "midi-punto-banca": "cat-2016-midi"}


def preset(game: str, name: str | None = None) -> PuntoBancaRules:
    """The rules of ``game`` (mini-punto-banca, midi-punto-banca) by preset name.

    >>> preset("midi-punto-banca").seats
    9
    >>> preset("mini-punto-banca", "cat-2016-midi")
    Traceback (most recent call last):
    ...
    naipes.errors.RulesError: Unknown preset 'cat-2016-midi': use one of catalogo-es-mini, cat-2016-mini, clasificador-bo-cl-mini.
    """
    presets = GAME_PRESETS[game]
    name = name or DEFAULT_PRESETS[game]
    try:
        return presets[name]
    except KeyError:
        raise RulesError("Unknown preset {name!r}: use one of {names}.", name=name,
                         names=", ".join(presets)) from None
