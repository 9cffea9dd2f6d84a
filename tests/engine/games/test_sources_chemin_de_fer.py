"""Chemin de fer against its sources and the literature: the voluntary garage, the banker's information (B1/B2),
the Bolivian "Baccarat" preset.

Published facts reproduced (S. N. Ethier and C. Gámez, "A game-theoretic analysis of baccara chemin de fer",
Games 4 (2013) 711–737, abstract and section 1): with cards dealt with replacement and each side seeing only
his total, baccara is a 2 × 2^88 matrix game (Kemeny and Snell 1957: the punto draws on 5 with probability
9/11); dealt without replacement from a d-deck shoe with the banker seeing the composition of his two-card
hand (Model B2), it is a 2 × 2^484 matrix game, solved by Downton and Lockwood (1975) for d = 1, …, 8. The
numeric solutions of Model B2 printed in those papers could not be consulted for this test; the B2 solutions
are checked instead against an independent computation written here (a plain enumeration of the one-deck
shoe by card values: the solution is a saddle point of the game it enumerates, cell by cell), and against
two facts that hold whatever the numbers: knowing his cards cannot hurt the banker (B2 ≤ B1 for the punto),
and with replacement the composition tells the banker nothing (A2 = A1).
"""

from __future__ import annotations

import io
import json
from dataclasses import replace
from fractions import Fraction

import pytest
from lxml import html as lxml_html

from naipes import cli, widgets
from naipes.core.errors import RulesError
from naipes.games.baccarat.chemin_de_fer import CHEMIN_DE_FER
from naipes.games.baccarat.chemin_de_fer.cli import solve as solve_verb
from naipes.games.baccarat.chemin_de_fer.coup import CARD_CELLS, CELLS
from naipes.games.baccarat.chemin_de_fer.rules import PRESETS
from naipes.games.baccarat.chemin_de_fer.solution import solve
from naipes.games.baccarat.chemin_de_fer.table import CheminDeFerTable

F = Fraction


# --- the voluntary garage: "siempre que la suma de las mismas supere ... cincuenta veces el mínimo" (000) -------

def catalogue_table(bank=300):
    rules = replace(PRESETS.get("catalogo-es"), cagnotte=F(0))  # no cagnotte: round winnings
    table = CheminDeFerTable(seats=5, minimum=10, rules=rules)
    table.open_bank(bank)
    return table


def test_a_fresh_bank_has_no_winnings_and_cannot_garage():
    table = catalogue_table()
    with pytest.raises(RulesError, match="more than 50 times"):
        table.put_in_garage(10)


def test_winnings_of_exactly_50_minimums_do_not_exceed_them():
    table = catalogue_table()
    table.settle_after_stakes({2: 300}, None, None, "banker")
    table.settle_after_stakes({3: 200}, None, None, "banker")
    assert table.winnings == 500 == 50 * table.minimum
    with pytest.raises(RulesError, match="more than 50 times"):
        table.put_in_garage(500)


def test_winnings_above_50_minimums_may_go_to_the_garage_and_only_the_winnings():
    table = catalogue_table()
    table.settle_after_stakes({2: 300}, None, None, "banker")
    table.settle_after_stakes({3: 201}, None, None, "banker")
    with pytest.raises(RulesError, match="at most 501"):
        table.put_in_garage(502)
    table.put_in_garage(501)
    assert (table.bank, table.garage, table.winnings) == (300, 501, 0)
    with pytest.raises(RulesError):
        table.put_in_garage(1)  # nothing won since


def test_winnings_after_the_cagnotte_count_and_a_new_banker_starts_from_none():
    table = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS.get("catalogo-es"))
    table.open_bank(600)
    table.settle_after_stakes({2: 600}, None, None, "banker")  # wins 600 less the 5 % cagnotte: 570
    # the bank may hold 100 minimums: 170 goes to the improper garage and leaves 400 of winnings in the bank
    assert (table.bank, table.garage, table.winnings) == (1000, 170, 400)
    table.settle_after_stakes({3: 100}, None, None, "player")
    assert table.winnings == 0 and table.banker == 2


def test_the_decree_garage_is_half_the_bank_whatever_the_winnings():
    table = CheminDeFerTable(seats=5, minimum=10, rules=PRESETS.get("cat-2016"))
    table.open_bank(100)
    with pytest.raises(RulesError):
        table.put_in_garage(50)  # not on the first pass
    table.settle_after_stakes({2: 20}, None, None, "banker")
    table.put_in_garage(table.bank / 2)
    assert table.garage == F(119, 2)


# --- the banker's information: Model B1 (his total) and B2 (his two cards) --------------------------------------

def test_ethier_gamez_2013_model_b2_is_a_2_by_2_to_the_484_game():
    assert len(CELLS) == 88 and len(CARD_CELLS) == 484
    assert len(solve("shoe", 6, information="cards").equilibrium.banker) == 484


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_knowing_his_cards_never_hurts_the_banker(decks):
    b1, b2 = solve("shoe", decks), solve("shoe", decks, information="cards")
    assert b2.value <= b1.value < 0
    assert 0 < b2.draw_at_5 < 1 and 0 < b1.draw_at_5 < 1


def test_with_replacement_the_composition_tells_the_banker_nothing():
    a1, a2 = solve("totals"), solve("totals", information="cards")
    assert a1.value == a2.value and a1.draw_at_5 == a2.draw_at_5 == F(9, 11)  # Kemeny and Snell's 9/11


def test_forcing_the_draw_on_bacarra_does_not_change_the_b2_game_of_the_literature():
    """The sources force the banker to draw on 0; the parlour game of Ethier and Gámez leaves all 484 cells free."""
    rules = PRESETS.get()
    free = replace(rules, drawing=replace(rules.drawing, banker_must_draw_on=frozenset()))
    forced, unforced = solve("shoe", 1, rules=rules, information="cards"), solve("shoe", 1, rules=free,
                                                                                     information="cards")
    assert forced.value == unforced.value and forced.draw_at_5 == unforced.draw_at_5


def _one_deck_b2_game():
    """Independent enumeration of a one-deck shoe by card values, without replacement.

    Returns (constant, cells, total): the punto's payoff, as integer weights over the common denominator
    `total` = 52·51·…·47, from the coups a natural ends (`constant`), and per banker cell
    ((smaller, larger card value), the punto's third card or None) and punto strategy sigma (0 stands on 5,
    1 draws on 5) the pair (payoff if the banker stands, payoff if he draws).
    """
    counts = [16] + [4] * 9
    n = 52

    def falling(start, k):
        out = 1
        for i in range(k):
            out *= start - i
        return out

    def sign(p, b):
        return (p > b) - (p < b)

    constant = 0
    cells = {}
    for p1 in range(10):
        for b1 in range(10):
            for p2 in range(10):
                for b2 in range(10):
                    c = list(counts)
                    w = 1  # ordered ways to deal these four values
                    for v in (p1, b1, p2, b2):
                        w *= c[v]
                        c[v] -= 1
                    if not w:
                        continue
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if pt >= 8 or bt >= 8:
                        constant += w * falling(n - 4, 2) * sign(pt, bt)
                        continue
                    hand = (min(b1, b2), max(b1, b2))
                    # totals 0-4 draw, 5 chooses (sigma), 6-7 stand
                    thirds = {0: [None] if pt >= 5 else list(range(10)), 1: [None] if pt >= 6 else list(range(10))}
                    for sigma, options in thirds.items():
                        for third in options:
                            if third is None:  # 4 cards dealt: the banker stands (4) or draws (5)
                                final, left = pt, c
                                stand = w * falling(n - 4, 2) * sign(final, bt)
                                draw = sum(w * left[z] * (n - 5) * sign(final, (bt + z) % 10) for z in range(10))
                            else:  # 5 cards dealt: the banker stands (5) or draws (6)
                                if not c[third]:
                                    continue
                                final, left = (pt + third) % 10, list(c)
                                left[third] -= 1
                                w5 = w * c[third]
                                stand = w5 * (n - 5) * sign(final, bt)
                                draw = sum(w5 * left[z] * sign(final, (bt + z) % 10) for z in range(10))
                            entry = cells.setdefault((hand, third), {0: [0, 0], 1: [0, 0]})
                            entry[sigma][0] += stand
                            entry[sigma][1] += draw
    return constant, cells, falling(n, 6)


def test_model_b2_one_deck_is_a_saddle_point_of_an_independent_enumeration():
    constant, cells, total = _one_deck_b2_game()
    assert set(cells) <= set(CARD_CELLS)
    s = solve("shoe", 1, information="cards")
    p = s.draw_at_5
    banker = s.equilibrium.banker

    def value(q, strategy):
        v = F(constant)
        for cell, entry in cells.items():
            r = strategy[cell]
            for sigma, weight in ((0, 1 - q), (1, q)):
                stand, draw = entry[sigma]
                v += weight * (r * draw + (1 - r) * stand)
        return v / total

    assert value(p, banker) == s.value
    assert value(F(0), banker) == value(F(1), banker) == s.value  # the punto is indifferent on 5
    for cell, entry in cells.items():  # and no cell of the banker's can do better against p
        gain = sum(weight * (entry[sigma][1] - entry[sigma][0]) for sigma, weight in ((0, 1 - p), (1, p)))
        if (cell[0][0] + cell[0][1]) % 10 == 0:
            assert banker[cell] == 1  # bacarrá: the sources' forced draw
        elif gain < 0:  # drawing costs the punto: the banker draws
            assert banker[cell] == 1, cell
        elif gain > 0:  # drawing helps the punto: the banker stands
            assert banker[cell] == 0, cell
    assert s.mixed_cells() == (((0, 6), None),)


def test_solve_command_line_offers_both_informations():
    out = io.StringIO()
    args = cli.build_parser().parse_args(["solve", "chemin-de-fer", "--model", "shoe", "--decks", "8",
                                          "--information", "cards", "--json"])
    solve_verb(args, CHEMIN_DE_FER, out)
    report = json.loads(out.getvalue())
    assert report["information"] == "cards" and len(report["banker"]) == 484
    assert report["exact"]["draw_at_5"] == str(solve("shoe", 8, information="cards").draw_at_5)
    assert {"total", "cards", "third", "draw", "exact"} <= set(report["banker"][0])


def test_an_unknown_information_is_one_translated_line(capsys):
    assert cli.main(["solve", "chemin-de-fer", "--model", "shoe", "--information", "guess", "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'guess'" in err and "Unknown" not in err


def test_the_models_table_shows_the_engine_solutions_for_1_6_and_8_decks():
    root = lxml_html.fragment_fromstring(widgets.render({"widget": "models", "game": "chemin-de-fer"}, "en"),
                                         create_parent="div")
    rows = {(tr.get("data-naipes-model"), tr.get("data-naipes-decks")): tr for tr in root.xpath(".//tr[@data-naipes-model]")}
    assert set(rows) == {("A1", ""), ("B1", "1"), ("B1", "6"), ("B1", "8"), ("B2", "1"), ("B2", "6"), ("B2", "8")}
    for (model, decks), tr in rows.items():
        s = solve("totals" if model == "A1" else "shoe", int(decks or 6), information="total" if model != "B2" else "cards")
        exact = [F(td.get("data-naipes-exact")) for td in tr.xpath("td[@data-naipes-exact]")]
        assert exact == [s.draw_at_5, s.value]
    assert root.xpath('.//*[@data-naipes-static="true"]')


# --- the Bolivian "Baccarat" (source 001) ---------------------------------------------------------------------

def test_the_bolivian_baccarat_is_a_chemin_de_fer_preset_without_tie_bet():
    rules = PRESETS.get("clasificador-bo-cl-baccarat")
    assert rules.sources == ("001",) and rules.decks == 8 and rules.stop_card.cards_below == 6
    assert rules.drawing.punto_interpretation and rules.bank_max_multiple is None
    quotes = " ".join(c.quote for c in rules.citations)
    assert "en caso de empate, la jugada es considerada nula" in quotes
    assert "la mayor apuesta al punto decide si pedir o no pedir una tercera carta" in quotes
    report = json.loads(_analyze_json("clasificador-bo-cl-baccarat"))
    assert set(report) >= {"player", "banker", "tie"} and report["tie"]["house_edge"] is None


def _analyze_json(preset):
    import contextlib
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["analyze", "chemin-de-fer", "--preset", preset, "--decks", "1", "--json"]) == 0
    return out.getvalue()
