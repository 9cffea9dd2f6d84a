"""The casino-terms glossary holds every term the widgets' tables and controls use, in es/ca/en.

Every ```naipes block of docs/*/ is rendered with ``naipes.widgets.render(parse_spec(body), lang)``
in the three languages, and the labels read off its HTML: the table headers (``<th>``) and the
controls' labels (``<label><span>``), numbers written ``#``. Which words of a label are casino terms
is decided here, once per label, in :data:`LABEL_TERMS` (English label -> glossary ids):

* every label the widgets show must be listed, so a new table or control cannot slip in without
  someone deciding whether it brings a new term (an empty tuple: plain words, "Probability",
  "How often", numbers, preset ids);
* for every listed id, the label shows one of that glossary entry's terms *in each language*, at
  the same place of the same widget (a plural counts: "Barajas" is "baraja"), so the glossary's
  es/ca/en agree with what the tables say.

Preset ids and headers that are only numbers are skipped.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path

import pytest
import yaml
from lxml import html as lxml_html

from tools.glossary.text import as_list

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("es", "ca", "en")
TERMS = {t["id"]: t for t in yaml.safe_load((ROOT / "data" / "casino-terms.yaml").read_text(encoding="utf-8"))["terms"]}

#: English label -> the glossary entries whose terms it uses (in every language)
LABEL_TERMS: dict[str, tuple[str, ...]] = {
    # this session's new options' labels (issues 24, 31)
    'A two-card # or # beats three cards': (),
    'Bank maximum, in minimum stakes': ('banca',),
    'Cards seen': (),
    'Insurance pays': (),
    'Insurance premium': (),
    'Maximum bet': ('apuesta',),
    'Minimum bet': ('apuesta',),
    'One Banca for boxes that differ': ('banca',),
    'Perfect Pairs pays': (),
    'Players needed': (),
    'Second bet': ('apuesta',),
    'Starting points': (),
    "The bank's first card face up": ('banca',),
    "The engine's bank accepts offers from": ('banca',),
    'The insurance pays': (),
    # the options' labels (core.options.Option), the presets' reader names, the trainer's and the tornado's words
    '# deck': (),
    '# decks': (),
    'A black jack pays': (),
    'Baccarat sheet': (),
    'Bolivian/Chilean classifier': (),
    'Bolivian/Chilean classifier#': (),
    'Bolivian/Chilean classifier, # decks': (),
    'Bolivian/Chilean classifier, # decks#': (),
    'Bolivian/Chilean classifier, its Baccarat': (),
    'Bolivian/Chilean classifier, its Baccarat#': (),
    'Bolivian/Chilean classifier, midi table#': (),
    'Bolivian/Chilean classifier, mini table': (),
    'Bolivian/Chilean classifier, mini table#': (),
    'Catalan decree #': (),
    'Catalan decree #, midi table#': (),
    'Catalan decree #, mini table': (),
    'Catalan decree #, mini table#': (),
    'Command line': (),
    'Commission': (),
    'Double after a split': (),
    'Go Poker, Bolivian/Chilean classifier': (),
    'Hands after splitting': (),
    "Ludoteka's rules": (),
    'Mode': (),
    'Option': (),
    'Pay table': (),
    'Resplit aces': (),
    'Rule': (),
    'Spanish catalogue': (),
    'Spanish catalogue#': (),
    'Spanish catalogue, mini table': (),
    'Spanish catalogue, mini table#': (),
    'Split hands played': (),
    "The dealer's black jack takes": (),
    "The dealer's hole card": (),
    "The dealer's soft #": (),
    'The first paño': (),
    'The prize is paid on': (),
    'The second paño': (),
    'Uruguayan regulation': (),
    'Uruguayan regulation#': (),
    'Values': (),
    'hits soft #': (),
    'American peek': (),
    'black jack pays # to #': (),
    "dealer's BJ: bet only": (),
    'double on #–# only': (),
    'double on any two cards': (),
    'no double after a split': (),
    'no doubling': (),
    'no split': (),
    'no surrender': (),
    'resplit aces': (),
    'split to # hands': (),
    'surrender on any card': (),
    'lowers the house edge': (),
    'raises the house edge': (),
    # the charts' legends and axes (naipes.web.charts)
    "# cards": (),
    "#–# (après)": (),
    "A row ends on this total": ("fila",),
    "Another tie (# to #)": ("empate",),
    "Cards left before the separator": ("separador",),
    "Final total": (),
    "Main pool (stakes)": (),
    "Return per unit staked": (),
    "The banker draws": ("banca",),
    "The banker stands": ("banca",),
    "The dealer's first card": ("crupier",),
    "The punto's third card": ("tercera-carta",),
    "Void: not enough cards before the separator": ("separador",),
    "full shoe": (),
    "A#": (),  # the rows and columns of a strategy matrix
    "B#": (),
    "A": (),  # the hands of a black jack strategy table
    "A,#": (),
    "A,A": (),
    "black jack": ("black-jack",),
    "Black jack pays": ("black-jack",),
    "Coloured pair (same colour)": ("perfect-pairs",),
    "Cut card": ("carta-de-corte",),
    "Dealer's black jack": ("black-jack", "crupier"),
    "Dealer's hands": ("crupier", "mano"),
    "Doubling": (),  # no source names it: not in the glossary yet
    "First card": (),
    "Insurance against black jack": ("seguro-black-jack", "black-jack"),
    "Mixed pair (red and black)": ("perfect-pairs",),
    "Pays (to #)": (),
    "Perfect Pairs": ("perfect-pairs",),
    "Perfect pair (same suit)": ("perfect-pairs",),
    "Published figure (rules)": (),
    "Published house edge": ("ventaja-de-la-casa",),
    "Splitting": ("separar-pares",),
    "Strategy": (),
    "Surrender": ("retiro-rendicion",),
    "The dealer": ("crupier",),
    "The engine's": (),
    "Third bet (round #)": ("apuesta",),
    "Your bet": ("apuesta",),
    "Your hand": ("mano",),
    "over #": (),
    "A box with #": ("casilla",),
    "Always draws on #": (),
    "Always stands on #": (),
    "Banca wins": ("banca",),
    "Banker": ("banca",),
    "Banker commission": ("deduccion", "banca"),
    "Banker's expectation per unit, after the cagnotte": ("banquero", "pozo"),
    "Banker's table (source #)": ("cuadro-de-jugadas",),
    "Banker's total": ("banca",),
    "Bet": ("apuesta",),
    "Boxes in play": ("casilla",),
    "Burn": ("quemar-cartas",),
    "Cagnotte": ("pozo",),
    "Cards below the stop card": ("carta-de-detencion",),
    "Commission or cagnotte": ("deduccion", "pozo"),
    "Decks": ("baraja",),
    "Drawing": (),
    "Draws on # with probability #% (optimal mix)": (),
    "Engine players": (),
    "First paño": ("pano",),
    "Hands in the game": ("mano",),
    "House edge": ("ventaja-de-la-casa",),
    "How often": (),
    "Insurance": ("cobertura",),
    "Limits": ("limites",),
    "Model": (),
    "Next card from the full deck": ("baraja",),
    "Next card once that single card is out": (),
    "Offer for the bank (optional)": ("banca",),
    "Optimal": (),
    "Outcome": (),
    "Payouts": ("pago",),
    "Paño": ("pano",),
    "Paño's expectation per unit": ("pano",),
    "Player": ("punto",),
    "Player #": (),
    "Player # (bank)": ("banca",),
    "Player # (you)": (),
    "Player stood": ("punto",),
    "Points": (),
    "Preset": (),
    "Presets": (),  # the site's own word for a rules object's cited settings, not a casino term
    "What the engine decides": (),
    "Probability": (),
    "Probability of winning": (),
    "Punto draws on #": ("punto",),
    "Punto wins": ("punto",),
    "Punto's expectation per unit staked": ("punto",),
    "Seat": (),
    "Seats": ("departamento",),
    "Second paño": ("pano",),
    "Source": (),
    "Standing": (),
    "The bank's first card": ("banca",),
    "The banker": ("banquero",),
    "The banker mixes with": ("banquero",),
    "The banker sees": ("banquero",),
    "The banker wins": ("banca",),
    "The insurance wins when": ("cobertura",),
    "The paño wins": ("pano",),
    "The paños with #": ("pano",),
    "The punto": ("punto",),
    "The punto with #": ("punto",),
    "This hand": ("mano",),
    "Tie": ("empate",),
    "Tie pays": ("empate",),
    "Tie: a void coup": ("empate", "jugada"),
    "Total": (),
    "What the banker sees": ("banquero",),
    "Who banks": ("banca",),
    "Who deals": (),
    "You play": (),
    # circle poker
    "#. flush": ("color-poquer",),
    "#. four of a kind": ("poquer-jugada",),
    "#. full house": ("full-poquer",),
    "#. high card": (),
    "#. pair": ("pareja-poquer",),
    "#. royal flush": ("escalera-real",),
    "#. straight": ("escalera-poquer",),
    "#. straight flush": ("escalera-de-color",),
    "#. three of a kind": ("trio-poquer",),
    "#. two pair": ("doble-pareja",),
    "Ace": (),
    "At most": (),
    "Betting": (),
    "Can win it": (),
    "Cards": (),
    "Cards out of play": (),
    "Chips": (),
    "Combination": (),
    "Community cards": (),
    "Deal": (),
    "Deck": ("baraja",),
    "Each takes": (),
    "Equity": (),
    "Equity, #% interval": (),
    "Flush and full house": (),
    "Hands": (),
    "House": (),
    "Initial bet": (),
    "Length of a game": (),
    "Main pot": ("bote-poquer",),
    "Net": (),
    "One in": (),
    "Player #: chips in the pot": (),
    "Player #: place": (),
    "Players": (),
    "Pot": ("bote-poquer",),
    "Raises per interval": (),
    "Returned": (),
    "Share of the pot": (),
    "Shares": (),
    "Side pot #": ("bote-secundario",),
    "Sitting out": (),
    "The house's take": (),
    "Winners": (),
    "Wins alone": (),
    "Your opponent": (),
    "Your stake (# to #)": (),
    "Your bet (# to # points)": ("apuesta",),
    "Value to the punto": ("punto",),
    "third card #": ("tercera-carta",),
    # Treinta y Cuarenta (issue #18); "fila", "separador", "suerte", "refait" and "en-prison" wait in
    # /tmp/terms/treinta.yaml to be merged into the glossary: the labels that use them list none yet.
    "A coup that reaches the separator": ("jugada",),
    "A row ends on it": (),
    "Another #–# in prison": (),
    "Bets": ("apuesta",),
    "Both rows end on it": (),
    "Chance": (),
    "Couleur": (),
    "House edge, insured": ("ventaja-de-la-casa",),
    "Insurance (analysis)": ("cobertura",),
    "Inverse": (),
    "Loses": (),
    "Noir": (),
    "On #–#": (),
    "Other equal rows": (),
    "Rouge": (),
    "Rows": (),
    "Separator": (),
    "Stake on couleur": ("apuesta",),
    "Stake on inverse": ("apuesta",),
    "Stake on noir": ("apuesta",),
    "Stake on rouge": ("apuesta",),
    "The shoe": ("sabot",),
    "Who cuts": (),
    "Wins": (),
    # Poker against the house (issue #16); the hands' names ("escalera de color", "póquer", "color"...), "ante",
    # "pozo progresivo" and "premio especial" wait in /tmp/terms/poker.yaml to be merged into the glossary: the
    # labels that use them list none yet.
    "A pair of J or better": (),
    "Ante bonus: Straight": (),
    "Ante bonus: Straight flush": (),
    "Ante bonus: Three of a kind": (),
    "Base of the main pool (stakes)": ("apuesta",),
    "Break-even pool": (),
    "Deals played (# boxes, # stake each)": ("casilla", "apuesta"),
    "Flush": (),
    "Four of a kind": (),
    "Full house": (),
    "Hand": ("mano",),
    "High card": (),
    "House commission": ("deduccion",),
    "Kept by the house": (),
    "Main pool": (),
    "Pair": (),
    "Pair Plus: Flush": (),
    "Pair Plus: Pair": (),
    "Pair Plus: Straight": (),
    "Pair Plus: Straight flush": (),
    "Pair Plus: Three of a kind": (),
    "Pays": (),
    "Prizes paid": (),
    "Reserve pool": (),
    "Return of one stake at this pool": ("apuesta",),
    "Royal flush": (),
    "Several winners in one deal": (),
    "Share set aside for the reserve pool": (),
    "Stakes collected": ("apuesta",),
    "Straight": (),
    "Straight flush": (),
    "Three of a kind": (),
    "Two pair": (),
    "Value": (),
    "What": (),
    "a tie": ("empate",),
    "bet # left in play": ("apuesta",),
    "element of risk": (),
    "four of a kind": (),
    "full house": (),
    "high card": (),
    "house edge of Pair Plus": ("ventaja-de-la-casa",),
    "house edge of the ante and play bets, per ante": ("ventaja-de-la-casa", "apuesta"),
    "house edge per ante": ("ventaja-de-la-casa",),
    "house edge per ante, always going on": ("ventaja-de-la-casa",),
    "house edge per ante, going on with a pair or better": ("ventaja-de-la-casa",),
    "house edge per ante, optimal strategy for this table": ("ventaja-de-la-casa",),
    "house edge per unit of one bet": ("ventaja-de-la-casa", "apuesta"),
    "no paying hand": ("mano",),
    "royal flush": (),
    "straight flush": (),
    "the bank does not play": ("banca",),
    "the bank's hand wins": ("banca", "mano"),
    "the croupier does not play": ("crupier",),
    "the croupier's hand wins": ("crupier", "mano"),
    "the player folds": (),
    "the player passes": (),
    "the player plays": (),
    "the player wins with a flush": (),
    "the player wins with a full house": (),
    "the player wins with a high card": (),
    "the player wins with a pair": (),
    "the player wins with a royal flush": (),
    "the player wins with a straight": (),
    "the player wins with a straight flush": (),
    "the player wins with four of a kind": (),
    "the player wins with three of a kind": (),
    "the player wins with two pair": (),
    "the player's hand wins": ("mano",),
    "three of a kind": (),
    "two pair": (),
}
#: terms every odds and rules table uses (issue #14): the glossary must have them, in es/ca/en
CORE = {"ventaja-de-la-casa": "house edge", "deduccion": "commission", "carta-de-detencion": "stop card",
        "pozo": "cagnotte", "cobertura": "insurance"}


def _hooks():
    spec = importlib.util.spec_from_file_location("naipes_build_steps_coverage", ROOT / "tools" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def number_free(text: str) -> str:
    return re.sub(r"\d+(?:[.,]\d+)?", "#", " ".join(text.split()))


def labels_of(markup: str) -> list[str]:
    """The headers and control labels of a widget's HTML, in document order."""
    root = lxml_html.fragment_fromstring(markup, create_parent="div")
    return [" ".join(el.text_content().split()) for el in root.xpath("//th | //label/span[1]")]


def is_plain(label: str) -> bool:
    """Numbers, fractions and preset ids (``cat-2016-mini``, ``uruguay``) are no words."""
    return not re.sub(r"[#½%\s]", "", number_free(label)) or bool(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", label))


@cache
def rendered() -> dict[tuple[str, int, int], dict[str, str]]:
    """(page, block, label index) -> {lang: label}, for every widget block of docs/es and its
    translations."""
    import naipes.widgets as widgets

    hooks = _hooks()
    found: dict[tuple[str, int, int], dict[str, str]] = {}
    for page in sorted((ROOT / "docs" / "es").rglob("*.md")):
        rel = page.relative_to(ROOT / "docs" / "es").as_posix()
        per_lang = {}
        for lang in LANGS:
            text = (ROOT / "docs" / lang / rel).read_text(encoding="utf-8")
            per_lang[lang] = [labels_of(widgets.render(widgets.parse_spec(b.body), lang))
                              for b in hooks.find_widget_blocks(text)]
        counts = {lang: len(blocks) for lang, blocks in per_lang.items()}
        assert len(set(counts.values())) == 1, f"{rel}: not the same widget blocks in every language: {counts}"
        for i, blocks in enumerate(zip(*(per_lang[lang] for lang in LANGS))):
            sizes = [len(b) for b in blocks]
            assert len(set(sizes)) == 1, f"{rel}, block {i + 1}: not the same headers in every language: {sizes}"
            for j, labels in enumerate(zip(*blocks)):
                found[(rel, i, j)] = dict(zip(LANGS, labels))
    return found


def plurals(word: str, lang: str) -> set[str]:
    """A word and its plural (the regular ones the tables use)."""
    out = {word, word + "s", word + "es"}
    if lang == "en" and word.endswith("y"):
        out.add(word[:-1] + "ies")
    if lang == "ca":
        for end, plural in (("ça", "ces"), ("à", "ans"), ("ja", "ges"), ("ca", "ques"), ("a", "es")):
            if word.endswith(end):
                out.add(word[: -len(end)] + plural)
    return out


def uses(label: str, form: str, lang: str) -> bool:
    """Whether *label* uses the term *form* (whole words, any case, a plural of its first or
    last word allowed)."""
    words = form.casefold().replace("\u2019", "'").split()
    options = {" ".join(words)}
    for i in {0, len(words) - 1}:
        options |= {" ".join(words[:i] + [p] + words[i + 1:]) for p in plurals(words[i], lang)}
    text = " ".join(label.casefold().replace("\u2019", "'").split())
    return any(re.search(rf"(?<!\w){re.escape(o)}(?!\w)", text) for o in options)


def test_the_core_table_terms_are_in_the_glossary():
    for tid, english in CORE.items():
        assert tid in TERMS and english in as_list(TERMS[tid]["en"]), tid
        assert all(as_list(TERMS[tid][lang]) for lang in LANGS)


def test_every_widget_label_is_classified():
    """A new label (a new table, a new game) must be listed in LABEL_TERMS: with the glossary
    entries it uses, or with none."""
    english = {number_free(labels["en"]) for labels in rendered().values() if not is_plain(labels["en"])}
    unknown = sorted(english - set(LABEL_TERMS))
    assert not unknown, f"widget labels not in LABEL_TERMS (add them, with their glossary ids): {unknown}"
    assert all(tid in TERMS for ids in LABEL_TERMS.values() for tid in ids), \
        sorted({tid for ids in LABEL_TERMS.values() for tid in ids} - set(TERMS))


def test_the_glossary_has_the_terms_the_widgets_use_in_every_language():
    missing = []
    for (page, block, _), labels in rendered().items():
        for tid in LABEL_TERMS.get(number_free(labels["en"]), ()):
            for lang in LANGS:
                if not any(uses(labels[lang], form, lang) for form in as_list(TERMS[tid][lang])):
                    missing.append(f"{page} block {block + 1}: {lang} {labels[lang]!r} has no {lang} term of {tid!r} "
                                   f"({', '.join(as_list(TERMS[tid][lang]))})")
    assert not missing, "\n".join(sorted(set(missing)))


@pytest.mark.parametrize("label, form, lang, expected", [
    ("Barajas", "baraja", "es", True), ("Places", "plaça", "ca", True), ("Mans de la partida", "mà", "ca", True),
    ("Cards below the stop card", "stop card", "en", True), ("Banker's total", "banker", "en", True),
    ("Bancarrota", "banca", "es", False), ("Tableau", "table", "en", False),
])
def test_the_matching_rule(label, form, lang, expected):
    assert uses(label, form, lang) == expected
