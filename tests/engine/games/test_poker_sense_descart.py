"""Pòquer sense descart (002 §10) and Caribbean Poker (001): the rules against the sources, the shipped exact
counts of every deal against Shackleford's published totals, the counting of the bank's hands against a direct
count, the exact value of going on against an enumeration, the side bets, walk == the exact small-deck analysis,
the adviser."""

from __future__ import annotations

import argparse
import io
import json
from fractions import Fraction
from itertools import combinations

import pytest

from naipes.core.cards import parse_cards
from naipes.core.errors import CardError, IllegalActionError
from naipes.games.poker.banked import settlement
from naipes.games.poker.distribution import Tally, strengths
from naipes.games.poker.hands import STANDARD, code, codes, strength5
from naipes.games.poker.kernel import CARDS, CODES, DECK, FULL
from naipes.games.poker.sense_descart import SENSE_DESCART
from naipes.games.poker.sense_descart.analysis import fast_report
from naipes.games.poker.sense_descart.cli import advise, report_of
from naipes.games.poker.sense_descart.coup import SenseDescartCoup
from naipes.games.poker.sense_descart.exact import NAME, count, split
from naipes.games.poker.sense_descart.values import raise_value, thumb
from naipes.games.poker.simulation import shipped
from source_documents import normalised, source_text

CAT = SENSE_DESCART.presets.get("cat-2016")
CARIBBEAN = SENSE_DESCART.presets.get("clasificador-bo-cl")


@pytest.mark.parametrize("name", list(SENSE_DESCART.presets))
def test_every_citation_is_a_quote_of_its_source(name):
    for citation in SENSE_DESCART.presets.get(name).citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


# Shackleford, Wizard of Odds, "Caribbean Stud Poker", table "Strategy Statistics in Caribbean Stud Poker"
# (pay table 1-1-2-3-4-5-7-20-50-100, a second bet of twice the ante): the total loss in antes over "all possible
# 19,933,230,517,200 combinations of hands", the house edge and the element of risk of each strategy.
PUBLISHED = {"optimal": (1_041_372_912_372, "5.224%", "2.555%"), "thumb": (1_041_417_758_724, "5.225%", "2.554%"),
             "pair-or-better": (1_090_272_101_460, "5.470%", "2.738%"),
             "always": (3_310_360_338_060, "16.607%", "5.536%")}


@pytest.mark.parametrize("strategy", sorted(PUBLISHED))
def test_the_shipped_counts_lose_the_published_totals(strategy):
    data = shipped(NAME)
    counts = data["strategies"][strategy]
    assert data["deals"] == 2598960 * 47 * 163185 == sum(counts.values())
    settle = settlement(CAT.pay_table, CAT.raise_multiple)
    loss = -sum(n * settle(key)[0] for key, n in counts.items())
    staked = sum(n * settle(key)[1] for key, n in counts.items())
    total, edge, risk = PUBLISHED[strategy]
    assert loss == total
    assert f"{100 * float(loss / data['deals']):.3f}%" == edge and f"{100 * float(loss / staked):.3f}%" == risk


def test_the_report_of_a_full_deck_is_exact():
    report = fast_report(CAT, FULL)
    counts = shipped(NAME)["strategies"]["thumb"]
    assert report.extra["exact"] and report.extra["house_edge"] == Fraction(PUBLISHED["thumb"][0], sum(counts.values()))
    optimal = next(line for line in report.lines if line.key == "house-edge:optimal")
    assert optimal.house_edge == Fraction(PUBLISHED["optimal"][0], sum(counts.values()))


@pytest.mark.parametrize("hand, up", [("Ah Kd Qc 6s 3h", "2s"), ("2h 5h 9h Jh Kh", "Ah"), ("2h 3h 4h 5h 6h", "7h"),
                                      ("Ah Kh Qh Jh 9s", "Th"), ("7c 7d 7s 2h 2c", "2d"), ("Ah Kd 8c 6s 3h", "Ks")])
def test_the_bank_is_counted_by_ranks_and_its_suit_exactly(hand, up):
    cards, face_up = codes(hand), code(up)
    left = [c for c in CODES if c not in cards + (face_up,)]
    direct = Tally.of(strengths(left, (face_up,), 4, STANDARD), CAT.qualifies_from).split(strength5(*cards))
    assert split(cards, face_up, CAT.qualifies_from) == direct and sum(direct) == 163185


def test_a_hand_class_is_counted_by_every_strategy():
    hand = codes("Ah Kd Qc 6s 3h")
    found = count(CAT.qualifies_from, [(hand, 1)])
    # the rules of thumb go on against a 2 to a queen that pairs the player's Q, 6 or 3 (3 suits each), against an
    # ace or a king (the player holds a queen; 3 suits each), and against a 2, 4 or 5 (below the player's fourth
    # card, the 6, with a queen in hand; 4 suits each); otherwise they pass
    goes = 3 * 3 + 2 * 3 + 3 * 4
    assert found["thumb"]["fold"] == (47 - goes) * 163185
    assert found["always"].get("fold", 0) == 0 and found["pair-or-better"]["fold"] == 47 * 163185


def test_going_on_is_valued_exactly():
    hand, up = codes("Ah Kd Qc 6s 3h"), code("2s")
    unseen = [c for c in CODES if c not in hand + (up,)]
    qualifies = CAT.qualifies_from
    mine = strength5(*hand)
    total = Fraction(0)
    n = 0
    for four in combinations(unseen, 4):
        bank = strength5(up, *four)
        n += 1
        if bank < qualifies:
            total += 1
        elif mine > bank:
            total += 1 + 2 * 1  # a high card that wins pays 1 to 1 on the second bet
        elif mine < bank:
            total -= 3
    assert raise_value(hand, up, CAT) == total / n


def test_the_rules_of_thumb():
    assert thumb(codes("Ah Kd 9c 6s 3h"), code("9s"))          # matches one of the player's cards
    assert thumb(codes("Ah Kd Jc 6s 3h"), code("Ks"))          # ace or king up, the player holds a jack
    assert thumb(codes("Ah Kd Qc 7s 3h"), code("5s"))          # no match, a queen, below the fourth card
    assert not thumb(codes("Ah Kd Qc 7s 3h"), code("8s"))
    assert not thumb(codes("Ah Qd Jc 7s 3h"), code("Js"))      # below an ace and a king: pass
    assert thumb(codes("2h 2d 7c 5s 3h"), code("As"))          # a pair or better: go on


def test_the_special_prize_and_progressive_are_exact():
    side = fast_report(CAT, FULL).extra["side_bets"]
    special = Fraction(3744 * 100 + 624 * 300 + 36 * 1000 + 4 * 2000, 2598960)
    assert side["special-prize"]["fixed_return"]["exact"] == str(special)
    pool = Fraction(4, 2598960) + Fraction(36, 2598960) / 10
    fixed = Fraction(624 * 500, 2598960)
    assert side["progressive"]["break_even_pool"]["exact"] == str((1 - fixed) / pool)


def test_the_walk_equals_the_exact_small_deck_analysis():
    keep = parse_cards("As Ks Qs Ah Kh 9c 9d 7s 4h 3d 2c")
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    exact = report_of(CARIBBEAN, counts, "fast")
    assert exact.extra["exact"] and report_of(CARIBBEAN, counts, "walk") == exact


def test_a_hand_with_a_bought_card():
    coup = SenseDescartCoup(CAT, side_bets=False)
    for card in parse_cards("As Kd Ad 9c 7c 8s 5h 4h 2s Qc"):
        coup.apply(card)
    assert coup.legal_actions() == ("raise", "fold", "buy-1", "buy-2", "buy-3", "buy-4", "buy-5")
    coup.apply("buy-5")
    with pytest.raises(IllegalActionError):
        coup.apply("raise")
    coup.apply(parse_cards("Ac")[0])
    assert coup.legal_actions() == ("raise", "fold")
    coup.apply("raise")
    # the bank's 9 8 4 2 Q does not play: the ante is paid at par, the second bet returned, the card cost 1
    assert coup.returns(coup.stakes()) == {"ante": 1, "raise": 0, "card-bought": -1}
    assert coup.outcome() == ("raise", "not-qualified", "three-of-a-kind", True)


def test_the_adviser_values_every_choice():
    out = io.StringIO()
    args = argparse.Namespace(cards="Ah Kd Qc 6s 3h", dealer="Qs", preset="cat-2016", json=True, lang="en")
    advise(args, SENSE_DESCART, out)
    data = json.loads(out.getvalue())
    assert set(data["values"]) == {"raise", "fold", "buy-1", "buy-2", "buy-3", "buy-4", "buy-5"}
    assert data["best"] == max(data["values"], key=lambda k: data["values"][k]["value"])
    with pytest.raises(CardError):
        advise(argparse.Namespace(cards="Ah Kd", dealer="Qs", preset=None, json=True, lang="en"), SENSE_DESCART, out)


# -- the three rules of thumb: as narrated, as played --------------------------------------------------------------

RANKS = "23456789TJQKA"


def stated_rule_of_thumb(ranks: str, flush: bool, up: str) -> bool:
    """The rule as THUMB_RULE words it, written again from its words: "go on with a pair or better; with an ace and
    a king, go on when the bank's card, 2 to queen, matches one of the player's cards, when it is an ace or a king
    and the player holds a queen or a jack, or when it matches none, the player holds a queen and it is below the
    player's fourth highest card"."""
    order = sorted(ranks, key=RANKS.index, reverse=True)
    values = [RANKS.index(r) for r in order]
    straight = len(set(ranks)) == 5 and (values[0] - values[4] == 4 or order == list("A5432"))
    if len(set(ranks)) < 5 or straight or flush:
        return True                                           # a pair or better
    if order[:2] != ["A", "K"]:
        return False
    if up in "23456789TJQ" and up in ranks:
        return True
    if up in "AK" and ("Q" in ranks or "J" in ranks):
        return True
    return up not in ranks and "Q" in ranks and RANKS.index(up) < RANKS.index(order[3])


def every_five_card_hand_class():
    """Every five-card hand up to the suits that do not matter here: each multiset of ranks, suited or not."""
    from itertools import combinations_with_replacement
    for ranks in combinations_with_replacement(RANKS, 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        yield ranks, False
        if len(set(ranks)) == 5:
            yield ranks, True


def hand_of(ranks, flush: bool) -> str:
    if flush:
        return " ".join(r + "h" for r in ranks)
    used: dict[str, int] = {}
    cards = []
    for r in ranks:
        cards.append(r + "shdc"[used.get(r, 0)])
        used[r] = used.get(r, 0) + 1
    if len(set(ranks)) == 5:            # distinct ranks: two suits are enough to make it no flush
        cards = [r + ("s" if i else "d") for i, r in enumerate(ranks)]
    return " ".join(cards)


def test_the_rule_of_thumb_narrated_is_the_one_played_on_every_five_card_hand_class():
    from naipes.core.i18n import translate
    from naipes.games.poker.sense_descart.coup import THUMB_RULE
    assert THUMB_RULE.text == (
        "three rules of thumb: go on with a pair or better; with an ace and a king, go on when the bank's card, 2 to "
        "queen, matches one of the player's cards, when it is an ace or a king and the player holds a queen or a "
        "jack, or when it matches none, the player holds a queen and it is below the player's fourth highest card")
    classes = checked = 0
    for ranks, flush in every_five_card_hand_class():
        hand = codes(hand_of(ranks, flush))
        classes += 1
        for up in RANKS:
            if ranks.count(up) == 4:
                continue
            suit = "c" if up + "c" not in hand_of(ranks, flush).split() else "h"
            assert thumb(hand, code(up + suit)) == stated_rule_of_thumb(ranks, flush, up), (ranks, flush, up)
            checked += 1
    assert classes == 6175 + 1287   # the multisets of five ranks, and the 1,287 of five different ranks suited
    assert checked > 90_000
    for lang in ("es", "ca"):
        assert translate(THUMB_RULE.text, lang) != THUMB_RULE.text


def test_the_deal_the_issue_names_folds_by_the_rule_it_states(capsys):
    """`deal --seed 20`: A♦ K♥ J♥ 4♣ 2♥ against a 10 up; the bank's card matches none and a jack is no queen."""
    from naipes.cli import main
    main(["deal", "sense-descart", "--seed", "20", "--lang", "en"])
    text = capsys.readouterr().out
    assert "the ace of diamonds" in text and "the ten of diamonds, face up" in text and "the jack of hearts" in text
    assert "The player passes and loses the ante (three rules of thumb: go on with a pair" in text, text
    assert not stated_rule_of_thumb("AKJ42", False, "T")


@pytest.mark.parametrize("lang, one, two", [
    ("en", ["1 box, up to 1 bet on each", "1 time the ante", "a player who goes on adds 1 time the ante"],
     ["7 boxes, up to 3 bets on each", "2 times the ante", "a player who goes on adds 2 times the ante"]),
    ("es", ["1 casilla, hasta 1 apuesta en cada una", "1 vez la apuesta inicial",
            "el jugador que va añade 1 vez la apuesta inicial"],
     ["7 casillas, hasta 3 apuestas en cada una", "2 veces la apuesta inicial",
      "el jugador que va añade 2 veces la apuesta inicial"]),
    ("ca", ["1 casella, fins a 1 aposta a cadascuna", "1 vegada l'aposta inicial",
            "el jugador que hi va afegeix 1 vegada l'aposta inicial"],
     ["7 caselles, fins a 3 apostes a cadascuna", "2 vegades l'aposta inicial",
      "el jugador que hi va afegeix 2 vegades l'aposta inicial"])])
def test_a_count_of_one_reads_in_the_singular(lang, one, two):
    """The table's boxes and bets and the second bet's multiple are rules fields a rules object may set to 1
    (the class allows a second bet of 1 to 4 antes): each reads in the singular then, in every language."""
    from naipes.core.narration import rule_text
    from naipes.games.poker.kernel import rule
    from naipes.games.poker.sense_descart.rules import GO_ON_RULE, SenseDescartRules

    def shown(rules: SenseDescartRules) -> list[str]:
        values = {p.key: p.value for p in rules.describe(lang)}
        go_on = rule_text(rule(GO_ON_RULE, times=Fraction(rules.raise_multiple)), lang)
        return [values["boxes"], values["second-bet"], go_on]

    assert shown(SenseDescartRules(raise_multiple=Fraction(1), boxes=1, bets_per_box=1)) == one
    assert shown(SENSE_DESCART.presets.default) == two
