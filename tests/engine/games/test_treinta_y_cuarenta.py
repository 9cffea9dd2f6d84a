"""Treinta y Cuarenta (source 001): the rules against the source, the coup on the protocol, the settlement with
the prison, 10,000 seeded shoes checked against an independent reading of the rules, narration, command line.

Every number below comes from the source, from a count done in this file, or from plain arithmetic on the
cards dealt — never from the engine's own output.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from naipes import cli
from naipes.core.cards import SPANISH, Card, full_deck, parse_cards
from naipes.core.errors import CardError, IllegalActionError, RulesError, SpecError
from naipes.core.model import CHANCE, TERMINAL
from naipes.core.narration import narrate
from naipes.games import registry
from naipes.games.treinta_y_cuarenta import TREINTA_Y_CUARENTA
from naipes.games.treinta_y_cuarenta.coup import RowCoup, TreintaCoup, settle
from naipes.games.treinta_y_cuarenta.events import (BetSettled, CardsBurned, CardToRow, CoupResult, CoupVoid,
                                                    PackCut, RowDealt, SeparatorPlaced, SeparatorReached)
from naipes.games.treinta_y_cuarenta.rules import PRESETS, TreintaRules
from naipes.games.treinta_y_cuarenta.table import Table, deal_coup, open_shoe

from source_documents import normalised, source_text

SIX = PRESETS.get("clasificador-bo-cl")
EIGHT = PRESETS.get("clasificador-bo-cl-8")
# Source 001: "el As como uno 1 , del dos 2 al diez 10 por su valor y figuras como diez" (written here again).
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10}
BLACK = {"s", "c"}


def coup_of(text: str, rules: TreintaRules = SIX) -> TreintaCoup:
    coup = TreintaCoup(rules)
    for card in parse_cards(text):
        coup.apply(card)
    return coup


# --- the rules, from the source ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=lambda r: r.name)
def test_every_citation_is_a_quote_of_its_source(rules):
    assert rules.citations
    for citation in rules.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


def test_the_presets_follow_the_source():
    text = normalised(source_text("001"))
    assert "Se usan de 6 a 8 barajas de 52 cartas" in text
    assert "proceder a quemar las 5 primeras cartas" in text
    assert "no menos de una baraja, ni más de medio mazo aproximadamente" in text
    assert "hasta que alcance o sobrepase los 31 puntos" in text
    assert (SIX.decks, EIGHT.decks) == (6, 8) and SIX.burned == EIGHT.burned == 5
    # one deck (52 cards) to half the pack out of play
    assert SIX.separator_range == (52, 6 * 52 // 2) and EIGHT.separator_range == (52, 8 * 52 // 2)
    assert SIX.sources == ("001",) and len(SIX.interpretations) >= 8


def test_the_registry_and_options():
    assert registry.game("treinta-y-cuarenta") is TREINTA_Y_CUARENTA
    assert TREINTA_Y_CUARENTA.presets.get() is SIX
    assert SIX.with_options(decks="7", tie_31="prison").decks == 7
    with pytest.raises(RulesError):
        TreintaRules(decks=9)
    with pytest.raises(RulesError):
        TreintaRules(out_of_play=51)
    with pytest.raises(RulesError):
        SIX.with_options(tie_31="double")
    with pytest.raises(SpecError):
        SIX.with_options(commission="0.05")


def test_describe_lists_every_rule_in_each_language():
    for lang in ("es", "ca", "en"):
        rows = {p.key: p.value for p in SIX.describe(lang)}
        assert rows["decks"] == "6" and rows["source"] == "001"
        assert {"cut", "separator", "burn", "rows", "bets", "tie-31", "refait", "separator-reached"} <= set(rows)
    assert "52" in {p.key: p.value for p in SIX.describe("en")}["separator"]


# --- the coup on the protocol ---------------------------------------------------------------------------------


def test_negra_is_dealt_first_until_31_then_roja():
    coup = TreintaCoup(SIX)
    for card in parse_cards("8h Ts Kd"):  # 28: NEGRA still takes cards
        coup.apply(card)
    assert coup.current_player() == CHANCE and coup.rows_dealt == 0
    coup.apply(Card("3", "c"))  # 31: NEGRA is complete
    assert coup.negra_total == 31 and coup.rows_dealt == 1
    for card in parse_cards("Jh 9s 7d"):
        coup.apply(card)
    assert coup.current_player() == CHANCE
    events = coup.apply(Card("A", "d"))  # 10 + 9 + 7 + 1 = 27: ROJA goes on
    assert coup.roja_total == 27 and [type(e) for e in events] == [CardToRow]
    events = coup.apply(Card("9", "d"))
    assert coup.roja_total == 36 and coup.current_player() == TERMINAL
    assert [type(e) for e in events] == [CardToRow, RowDealt, CoupResult]
    result = events[-1]
    assert (result.negra, result.roja, result.winner) == (31, 36, "negra")
    # the first card (8h) is red, NEGRA won: inverse
    assert result.couleur is False and coup.results() == ("noir", "inverse")


@pytest.mark.parametrize("cards, totals, chances", [
    ("8h Ts Kd 9c Jh 9s 7d 6d", (37, 32), ("rouge", "couleur")),   # red first card, ROJA wins: couleur
    ("8s Ts Kd 9c Jh 9s 7d 6d", (37, 32), ("rouge", "inverse")),   # black first card, ROJA wins: inverse
    ("Qc 9h Th 4d Kh Ks As Jd", (33, 31), ("rouge", "inverse")),
    ("Ts Kd Qc Ah Jh Td 9s 2c", (31, 31), ("31-31",)),
    ("Ts Kd Qc 5h Jh Td 9s 6c", (35, 35), ("refait",)),
])
def test_the_winning_chances(cards, totals, chances):
    coup = coup_of(cards)
    assert coup.totals == totals and coup.results() == chances


def test_the_protocol_refuses_what_does_not_fit():
    coup = coup_of("Ts Kd Qc 5h Jh Td 9s 6c")
    with pytest.raises(IllegalActionError):
        coup.apply(Card("2", "s"))
    with pytest.raises(SpecError):
        TreintaCoup().apply("stand")
    with pytest.raises(CardError):
        TreintaCoup().apply(Card("1", "o", SPANISH))
    assert TreintaCoup().legal_actions() == ()


def test_a_row_alone_is_the_walks_coup():
    row = RowCoup(SIX)
    for card in parse_cards("Kd Qs 9h 5c"):
        row.apply(card)
    assert row.outcome() == (34, False) and row.is_terminal()


# --- the settlement ---------------------------------------------------------------------------------------------

DECISIVE = "8h Ts Kd 9c Jh 9s 7d 6d"   # ROJA 32 beats NEGRA 37; first card red: rouge and couleur win
AFTER = "Ts Kd Qc Ah Jh Td 9s 2c"      # 31–31
REFAIT = "Ts Kd Qc 5h Jh Td 9s 6c"     # 35–35


def kinds(events):
    return {e.bet: (e.kind, e.net) for e in events}


def test_even_money_and_the_refait():
    events, prison = settle(coup_of(DECISIVE), {"noir": 10, "rouge": 10, "couleur": 4, "inverse": 3}, {})
    assert kinds(events) == {"noir": ("lost", -10), "rouge": ("won", 10), "couleur": ("won", 4),
                             "inverse": ("lost", -3)} and prison == {}
    events, _ = settle(coup_of(REFAIT), {"noir": 10}, {})
    assert kinds(events) == {"noir": ("stands", 0)}


def test_half_the_stake_on_31_31():
    events, prison = settle(coup_of(AFTER), {"noir": 10, "inverse": 5}, {})
    assert kinds(events) == {"noir": ("half-lost", -5), "inverse": ("half-lost", Fraction(-5, 2))}
    assert prison == {}


def test_prison_frees_a_winner_loses_a_loser_and_keeps_through_a_refait():
    rules = replace(SIX, tie_31="prison")
    events, prison = settle(coup_of(AFTER, rules), {"noir": 10, "rouge": 6}, {})
    assert kinds(events) == {"noir": ("to-prison", 0), "rouge": ("to-prison", 0)}
    assert prison == {"noir": 10, "rouge": 6}
    events, prison = settle(coup_of(REFAIT, rules), {}, prison)
    assert kinds(events) == {"noir": ("still-in-prison", 0), "rouge": ("still-in-prison", 0)}
    events, prison = settle(coup_of(DECISIVE, rules), {}, prison)  # rouge wins
    assert kinds(events) == {"noir": ("prison-lost", -10), "rouge": ("freed", 0)} and prison == {}


@pytest.mark.parametrize("again, expected", [("stays", ("still-in-prison", 0)), ("lost", ("prison-lost", -8))])
def test_another_31_31_in_prison(again, expected):
    rules = replace(SIX, tie_31="prison", prison_again=again)
    events, prison = settle(coup_of(AFTER, rules), {}, {"couleur": 8})
    assert kinds(events) == {"couleur": expected}
    assert prison == ({"couleur": 8} if again == "stays" else {})


def test_bad_stakes_are_refused():
    with pytest.raises(SpecError):
        settle(coup_of(DECISIVE), {"zero": 1}, {})
    with pytest.raises(RulesError):
        settle(coup_of(DECISIVE), {"noir": -1}, {})


# --- the shoe: 10,000 seeded shoes against an independent reading of the rules ---------------------------------


@functools.cache
def _full_shoe(decks: int) -> Counter:
    """The cards of `decks` full decks, counted (once per number of decks: 10,000 shoes compare with it)."""
    return Counter(full_deck() * decks)


def _check_shoe(rules: TreintaRules, seed: int, first_rows: Counter) -> int:
    """Deal a whole shoe and check it; returns the coups dealt. The first coup's NEGRA total is tallied."""
    opened = open_shoe(rules, seed)
    cut, placed, burned = opened.events
    total = 52 * rules.decks
    assert isinstance(cut, PackCut) and isinstance(placed, SeparatorPlaced) and isinstance(burned, CardsBurned)
    if rules.cut == "croupier":
        assert cut.cards == total // 2
    else:
        assert 52 <= cut.cards <= total - 52  # at least one deck from either end
    assert 52 <= placed.out_of_play <= max(52, total // 2) == rules.separator_range[1]
    assert len(burned.cards) == 5
    order = opened.shoe.remaining_cards()
    assert Counter(burned.cards + order) == _full_shoe(rules.decks)
    in_play = total - 5 - placed.out_of_play
    used = 0
    coups = 0
    while not opened.separator_out:
        coup, separator = deal_coup(rules, opened)
        coups += 1
        cards = coup.negra + coup.roja
        assert tuple(cards) == order[used:used + len(cards)]  # both rows come off the shoe in order
        used += len(cards)
        if coup.is_void:
            assert used == in_play and separator and separator[0].void and rules.separator_reached == "void"
            break
        for row, reported in ((coup.negra, coup.negra_total), (coup.roja, coup.roja_total)):
            running = 0
            for card in row[:-1]:
                running += VALUE[card.rank]
                assert running < 31
            running += VALUE[row[-1].rank]
            assert 31 <= running <= 40 and running == reported
        n, r = coup.negra_total, coup.roja_total
        chances = coup.results()
        if n == r:
            assert chances == (("31-31",) if n == 31 else ("refait",))
        else:
            first_black = coup.negra[0].suit in BLACK
            winner_black = n < r
            assert chances == ("noir" if n < r else "rouge", "couleur" if first_black == winner_black else "inverse")
        if coups == 1:
            first_rows[n] += 1
        if used > in_play:  # the separator came out during the coup: only "finish" gets here
            assert rules.separator_reached == "finish" and separator and separator[0].void is False
        elif used == in_play:
            assert separator
        else:
            assert not separator
    assert opened.separator_out
    return coups


#: 10,000 shoes in all, over the presets and the options that change the procedure.
SHOE_RUNS = [(SIX, 4000), (EIGHT, 3000), (replace(SIX, separator_reached="finish", cut="croupier"), 1500),
             (replace(EIGHT, decks=7, out_of_play=52), 1500)]


def test_10000_seeded_shoes_obey_the_rules():
    """Slow (≈ 20 s): ten thousand seeded whole shoes of four rule sets, each coup checked against the rules."""
    first_rows: Counter = Counter()
    shoes = coups = 0
    for rules, runs in SHOE_RUNS:
        for seed in range(runs):
            coups += _check_shoe(rules, seed * 7919 + 1, first_rows)
            shoes += 1
    assert shoes == 10_000 and coups > 150_000
    # The first coup's NEGRA ends on 31 about as often as the exact analysis says (within 4 standard errors).
    from naipes.games.treinta_y_cuarenta.joint import row_distribution
    exact = float(row_distribution((24,) * 9 + (96,)).totals[31])
    seen = first_rows[31] / shoes
    assert abs(seen - exact) < 4 * (exact * (1 - exact) / shoes) ** 0.5


def test_a_seed_deals_the_same_shoe_and_a_table_carries_the_prison():
    a, b = open_shoe(SIX, 42), open_shoe(SIX, 42)
    assert a.shoe.remaining_cards() == b.shoe.remaining_cards() and a.events == b.events
    table = Table(replace(SIX, tie_31="prison"), seed=5)
    after = None
    for _ in range(200):
        played = table.play({"noir": 2})
        if any(e.kind == "to-prison" for e in played.settled):
            after = table.play({})
            break
    assert after is not None, "no 31–31 in 200 coups"
    assert [e.kind for e in after.settled] in (["freed"], ["prison-lost"], ["still-in-prison"])
    assert table.balance == sum(e.net for p in table.played for e in p.settled)
    with pytest.raises(RulesError):
        Table(SIX.with_options(decks=1), 1)


def test_the_separator_voids_the_coup_or_finishes_it():
    found = {}
    for reached in ("void", "finish"):
        rules = replace(SIX, separator_reached=reached, out_of_play=52)
        for seed in range(40):
            opened = open_shoe(rules, seed)
            while not opened.separator_out:
                coup, separator = deal_coup(rules, opened)
            if separator and separator[0].void is not None:
                found[reached] = (coup, separator)
                break
    coup, separator = found["void"]
    assert coup.is_void and isinstance(coup.events[-1], CoupVoid) and coup.results() == ("void",)
    events, _ = settle(coup, {"noir": 5}, {"rouge": 3})
    assert kinds(events) == {"noir": ("returned", 0), "rouge": ("still-in-prison", 0)}
    coup, separator = found["finish"]
    assert coup.is_terminal() and not coup.is_void and separator[0].void is False
    with pytest.raises(IllegalActionError):
        opened = open_shoe(SIX, 1)
        opened.separator_out = True
        deal_coup(SIX, opened)


# --- narration ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, source_word, words", [
    ("es", "fuente 001", ("Se corta el mazo", "separador", "quema", "NEGRA", "El crupier anuncia")),
    ("ca", "font 001", ("Es talla el munt", "separador", "crema", "NEGRA", "El crupier anuncia")),
    ("en", "source 001", ("The pack is cut", "separator", "burns", "NEGRA", "The croupier announces")),
])
def test_a_coup_is_narrated_in_each_language_citing_the_rules(lang, source_word, words):
    played = Table(SIX, 9).play({"noir": 10, "couleur": 5})
    lines = [narrate(e, lang) for e in played.opening + played.coup.events + played.separator + played.settled]
    text = " ".join(lines)
    assert all(word in text for word in words), text
    assert text.count(source_word) >= 5
    assert sum(isinstance(e, CardToRow) for e in played.coup.events) == len(played.coup.negra + played.coup.roja)
    assert len([line for line in lines if line]) == len(lines)


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_every_settlement_and_separator_event_is_narrated(lang):
    rules = replace(SIX, tie_31="prison")
    sentences = set()
    for kind in ("won", "lost", "stands", "half-lost", "to-prison", "freed", "prison-lost", "still-in-prison",
                 "returned"):
        sentences.add(narrate(BetSettled("noir", Fraction(5, 2), kind, Fraction(-5, 4)), lang))
    for void in (True, False, None):
        sentences.add(narrate(SeparatorReached(void), lang))
    sentences.add(narrate(CoupVoid(), lang))
    assert len(sentences) == 13 and all(s.endswith(".") for s in sentences)
    assert any(("2,50" if lang != "en" else "2.50") in s for s in sentences)
    coup = coup_of(AFTER, rules)
    assert "31" in narrate(coup.events[-1], lang)


# --- the command line ---------------------------------------------------------------------------------------------


def run_in(capsys, argv):
    status = cli.main(argv)
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


@pytest.mark.parametrize("lang", ["es", "ca", "en"])
def test_deal_shoe_play_in_each_language(capsys, lang):
    deal = run_in(capsys, ["deal", "treinta-y-cuarenta", "--seed", "7", "--lang", lang])
    assert "NEGRA" in deal and "ROJA" in deal and deal.count("\n") >= 12
    shoe = run_in(capsys, ["shoe", "treinta-y-cuarenta", "--seed", "7", "--lang", lang, "--verbose"])
    assert shoe.strip().splitlines()[-8].split(":")[-1].strip().isdigit()
    play = run_in(capsys, ["play", "treinta-y-cuarenta", "--seed", "3", "--coups", "5", "--bets", "noir=10, couleur=5",
                           "--tie-rule", "prison", "--lang", lang])
    assert play.count("NEGRA") >= 5


def test_analyze_json_has_the_keys_of_the_issue(capsys):
    data = json.loads(run_in(capsys, ["analyze", "treinta-y-cuarenta", "--decks", "1", "--json"]))
    assert [int(t) for t in data["rows"]] == list(range(31, 41))
    assert sum(Fraction(v["exact"]) for v in data["rows"].values()) == 1
    assert set(data["tie_31"]) == {"probability", "exact"}
    assert set(data["bets"]) == {"noir", "rouge", "couleur", "inverse"}
    for bet in data["bets"].values():
        assert {"house_edge", "exact"} <= set(bet) and Fraction(bet["exact"]) > 0
    assert set(data["tie_rules"]) == {"half", "prison-stays", "prison-lost"}
    assert data["rules"]["decks"] == 1 and data["rules"]["method"] == "fast"


def test_analyze_walk_equals_fast_on_one_deck(capsys):
    fast = json.loads(run_in(capsys, ["analyze", "treinta-y-cuarenta", "--decks", "1", "--json"]))
    walk = json.loads(run_in(capsys, ["analyze", "treinta-y-cuarenta", "--decks", "1", "--json", "--method", "walk"]))
    fast["rules"].pop("method"), walk["rules"].pop("method")
    assert walk == fast


def test_odds_with_the_separator_and_the_colour_of_removed_cards(capsys):
    data = json.loads(run_in(capsys, ["odds", "treinta-y-cuarenta", "--decks", "1", "--remove", "As Ac Ks Kc",
                                      "--cards-left", "12", "--tie-rule", "prison", "--json"]))
    assert Fraction(data["void"]["exact"]) > 0
    # two black aces and two black kings out: the first card is more often red, so couleur and inverse differ
    assert data["bets"]["couleur"]["exact"] != data["bets"]["inverse"]["exact"]
    assert data["rules"]["cards_left"] == 12 and data["rules"]["tie_31"] == "prison"


@pytest.mark.parametrize("argv", [
    ["deal", "treinta-y-cuarenta", "--decks", "1"],
    ["odds", "treinta-y-cuarenta", "--tie-rule", "coin"],
    ["odds", "treinta-y-cuarenta", "--cards-left", "0"],
    ["odds", "treinta-y-cuarenta", "--prison-again", "maybe"],
    ["play", "treinta-y-cuarenta", "--bets", "zero=1"],
    ["play", "treinta-y-cuarenta", "--bets", "noir"],
    ["play", "treinta-y-cuarenta", "--coups", "500"],
    ["analyze", "treinta-y-cuarenta", "--commission", "0.05"],
])
def test_bad_input_is_one_translated_line(capsys, argv):
    lines = {}
    for lang in ("es", "ca", "en"):
        assert cli.main(argv + ["--lang", lang]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith("naipes: ")
        lines[lang] = err
    assert len(set(lines.values())) == 3, lines
