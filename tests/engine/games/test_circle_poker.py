"""Circle poker (source 002 §12, source 001): category counts per deck against an independent enumeration and
published tables, the generic walk against the fast counts, the showdown's tie-breaks as 002 §12.VI lists them,
the variants' deals, the table's coup and its conduct, the pots, and the command line."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from naipes import cli
from naipes.core.cards import Card, parse_cards
from naipes.core.drive import analyze, play, walk_exact
from naipes.core.errors import CardError, RulesError, SpecError
from naipes.core.narration import narrate, rule_text
from naipes.games import registry
from naipes.games.circle_poker import CIRCLE_POKER, FIVE_CARD_STUD, HOLDEM, OMAHA, SEVEN_CARD_STUD
from naipes.games.circle_poker.coup import (NO_DECISIONS, RankedHand, TableConduct, TableHand, hand_shoe,
                                           showing_strength)
from naipes.games.circle_poker.events import BoardTurned, CardDealt, IntervalOpened, PlayerActed, PotWon
from naipes.games.circle_poker.pots import settle, side_pots
from naipes.games.circle_poker.rules import COMMON_PRESETS, HOLDEM_PRESETS, CirclePokerRules
from naipes.games.circle_poker.showdown import CATEGORY, SPLIT, TIE_BREAK, showdown
from naipes.games.circle_poker.variants import FIVE_CARD_STUD as STUD5, HOLDEM as HE, OMAHA as OM, \
    SEVEN_CARD_STUD as STUD7
from naipes.games.poker.hands import SHORT_32, SHORT_36, STANDARD
from naipes.games.poker.kernel import CARDS

GAMES = (CIRCLE_POKER, HOLDEM, OMAHA, SEVEN_CARD_STUD, FIVE_CARD_STUD)

# --- an independent classifier of five cards, written from 002 §12.II and §12.VI --------------------------

ORDER_52 = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
            "four-of-a-kind", "straight-flush", "royal-flush")
# "En les variants de pòquer que es juguen amb menys de 52 cartes el color és més important que el full."
ORDER_SHORT = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "full-house", "flush",
               "four-of-a-kind", "straight-flush", "royal-flush")


def classify(cards, ranks: str) -> str:
    """The category of five cards of a deck whose ranks are `ranks` (lowest first, the ace last)."""
    values = [ranks.index(rank) for rank, _ in cards]
    shape = sorted(Counter(values).values(), reverse=True)
    suited = len({suit for _, suit in cards}) == 1
    distinct = sorted(set(values))
    ace = len(ranks) - 1
    # "L'As pot ser utilitzat com la carta més petita davant la menor amb què es juga o com As darrere de K."
    straight = len(distinct) == 5 and (distinct[-1] - distinct[0] == 4 or distinct == [0, 1, 2, 3, ace])
    if straight and suited:
        return "royal-flush" if distinct[0] == ace - 4 else "straight-flush"
    if shape[0] == 4:
        return "four-of-a-kind"
    if shape[:2] == [3, 2]:
        return "full-house"
    if suited:
        return "flush"
    if straight:
        return "straight"
    return {3: "three-of-a-kind", 2: "two-pair" if shape[:2] == [2, 2] else "pair", 1: "high-card"}[shape[0]]


def enumerate_deck(ranks: str) -> dict[str, int]:
    deck = [(rank, suit) for rank in ranks for suit in "shdc"]
    return dict(Counter(classify(hand, ranks) for hand in combinations(deck, 5)))


# Wikipedia, "Poker probability", tables "5-card poker hands" and "7-card poker hands", frequency columns (the
# straight flushes there include the royal flushes, 40 and 41,584).
PUBLISHED_FIVE = {"royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3_744,
                  "flush": 5_108, "straight": 10_200, "three-of-a-kind": 54_912, "two-pair": 123_552,
                  "pair": 1_098_240, "high-card": 1_302_540}
PUBLISHED_SEVEN = {"royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848,
                   "full-house": 3_473_184, "flush": 4_047_644, "straight": 6_180_020,
                   "three-of-a-kind": 6_461_620, "two-pair": 31_433_400, "pair": 58_627_800,
                   "high-card": 23_294_460}


def fast(game, deck: str, **kw):
    rules = game.presets.default.with_options(deck=deck)
    from naipes.games.circle_poker.analysis import fast_report
    return fast_report(rules, CARDS.without(1, parse_cards(kw.get("remove", ""))))


@pytest.mark.parametrize("deck, ranks, order", [("36", "6789TJQKA", ORDER_SHORT), ("32", "789TJQKA", ORDER_SHORT)])
def test_short_deck_counts_equal_an_enumeration_of_every_hand_and_follow_the_decrees_order(deck, ranks, order):
    report = fast(CIRCLE_POKER, deck)
    assert report.extra["counts"] == enumerate_deck(ranks)
    assert report.extra["order"] == list(reversed(order))
    assert [line.key for line in report.lines] == list(reversed(order))


def test_the_52_card_counts_are_the_published_five_and_seven_card_tables():
    assert fast(CIRCLE_POKER, "52").extra["counts"] == PUBLISHED_FIVE
    assert fast(HOLDEM, "52").extra["counts"] == PUBLISHED_SEVEN
    assert fast(SEVEN_CARD_STUD, "52").extra["counts"] == PUBLISHED_SEVEN
    assert fast(FIVE_CARD_STUD, "52").extra["counts"] == PUBLISHED_FIVE


def test_the_rarity_notes_name_the_categories_rarer_than_one_above():
    # 36 cards: a high card (122,400) is rarer than a pair (193,536); 32 cards: a flush (204) is rarer than four
    # of a kind (224) and a high card (52,020) than a pair (107,520) -- counts from the enumeration above.
    notes36 = {(n["higher"], n["lower"]) for n in fast(CIRCLE_POKER, "36").extra["rarity"]}
    notes32 = {(n["higher"], n["lower"]) for n in fast(CIRCLE_POKER, "32").extra["rarity"]}
    assert notes36 == {("pair", "high-card")}
    assert ("four-of-a-kind", "flush") in notes32 and ("pair", "high-card") in notes32
    assert not fast(CIRCLE_POKER, "52").extra["rarity"]


def test_removed_cards_are_counted_hand_by_hand():
    removed = "As Ks Qs Js 7h 8h 9h Th"
    report = fast(CIRCLE_POKER, "32", remove=removed)
    deck = [(r, s) for r in "789TJQKA" for s in "shdc" if r + s not in removed.split()]
    counted = Counter(classify(h, "789TJQKA") for h in combinations(deck, 5))
    assert report.extra["counts"] == {c: counted.get(c, 0) for c in reversed(ORDER_SHORT)}


@pytest.mark.parametrize("game", [CIRCLE_POKER, FIVE_CARD_STUD])
@pytest.mark.parametrize("deck", ["36", "32"])
def test_the_walk_equals_the_fast_counts_for_five_cards_on_the_short_decks(game, deck):
    # The 52-card deck: tests/engine/test_architecture.py walks every preset through the command line.
    for name in game.presets:
        rules = game.presets.get(name).with_options(deck=deck)
        assert analyze(game, rules, CARDS.full(), "walk") == analyze(game, rules, CARDS.full(), "fast")


def test_the_seven_card_walk_equals_the_fast_counts_on_a_short_deck():
    rules = HOLDEM_PRESETS.get("cat-2016").with_options(deck="32")
    distribution = walk_exact(RankedHand(rules, 7), CARDS.full(), NO_DECISIONS, replacement=True)
    from math import comb
    counts = fast(HOLDEM, "32").extra["counts"]
    assert {c: p * comb(32, 7) for c, p in distribution.items()} == {c: n for c, n in counts.items() if n}


def test_the_walk_on_a_composition_with_cards_out_keeps_every_card():
    rules = COMMON_PRESETS.get("cat-2016").with_options(deck="32")
    counts = CARDS.without(1, parse_cards("As Ks Qs Js Ts 9s 8s 7s Ah Kh Qh Jh Th 9h 8h 7h"))
    walked = analyze(CIRCLE_POKER, rules, counts, "walk")
    assert walked == analyze(CIRCLE_POKER, rules, counts, "fast")
    assert walked.extra["hands"] == 4368  # C(16, 5)


# --- the rules and presets -----------------------------------------------------------------------------------

def test_every_game_is_registered_with_its_presets_and_variant():
    assert [g.id for g in GAMES] == ["circle-poker", "holdem", "omaha", "seven-card-stud", "five-card-stud"]
    assert all(registry.game(g.id) is g for g in GAMES)
    assert [g.presets.default.variant for g in GAMES] == [None, "holdem", "omaha", "seven-card-stud",
                                                          "five-card-stud"]
    for game in GAMES:
        assert list(game.presets) == ["cat-2016", "clasificador-bo-cl"]
        assert game.presets.get("cat-2016").sources == ("002",)
        assert game.presets.get("clasificador-bo-cl").sources == ("001",)


def test_the_decree_sets_four_players_the_deck_and_the_ace():
    rules = HOLDEM_PRESETS.get("cat-2016")
    quotes = " ".join(c.quote for c in rules.citations)
    assert rules.min_players == 4 and "com a mínim quatre jugadors" in quotes
    assert rules.deck == 52 and "52 cartes" in quotes
    assert "el color és més important que el full" in quotes
    with pytest.raises(RulesError):
        CirclePokerRules(players=3)
    assert HOLDEM_PRESETS.get("clasificador-bo-cl").min_players == 2


def test_the_deck_option_sets_the_ranking_and_the_most_players():
    rules = SEVEN_CARD_STUD.presets.default
    assert rules.with_options(deck="36").ranking is SHORT_36
    assert rules.with_options(deck="32").ranking is SHORT_32
    with pytest.raises(RulesError):  # 5 players need 35 cards in seven-card stud
        rules.with_options(deck="32", players="5")
    with pytest.raises(SpecError):
        rules.with_options(deck="40")


def test_the_lost_parts_of_the_decree_are_named_options_with_interpretations():
    rules = HOLDEM_PRESETS.get("cat-2016")
    text = " ".join(rules.interpretations)
    for words in ("list of combinations", "two options", "four betting limits", "«figures»"):
        assert words in text
    assert rules.with_options(house_take="time-fee").house_take == "time-fee"
    assert rules.with_options(betting="no-limit").betting == "no-limit"
    with pytest.raises(RulesError):
        rules.with_options(betting="table-stakes")
    assert rules.raise_cap(2) is None and rules.raise_cap(5) == 3
    rows = {p.key: p.value for p in rules.describe("es")}
    assert rows["order"] == "el full va por encima del color"
    assert {p.key: p.value for p in rules.with_options(deck="36").describe("ca")}["order"] == \
        "el color va per sobre del full"


# --- the showdown: every tie-break of 002 §12.VI ----------------------------------------------------------------

def sd(hands, board="", variant=HE, ranking=STANDARD):
    return showdown([parse_cards(h) for h in hands], parse_cards(board), variant, ranking)


# (hands, board, winners, tie-break index, words of the decree's sentence, interpretation?)
TIE_BREAKS = [
    # "Quan diversos jugadors tenen pòquer, guanya el que el té de valor superior (exemple: un pòquer de K supera
    # un de Q)."
    (["Kh Kd", "Qh Qd"], "Ks Kc Qs Qc 2d", (0,), 0, "higher four", False),
    # Board quads: the fifth card (the engine's).
    (["Ah 2d", "Kh 3d"], "9s 9c 9h 9d 4c", (0,), 1, "higher fifth card", True),
    # "... tenen full, guanya el que té les tres cartes iguals de valor més alt."
    (["Kh Kd", "Qh Qd"], "Ks Qs 2c 2d 7h", (0,), 0, "higher three cards", False),
    (["Ah Ad", "Kh Kd"], "As Ks 2c 2d 7h", (0,), 0, "higher three cards", False),
    (["Ah 2s", "Kh Kd"], "9s 9c 9h 3d 3c", (1,), 1, "higher pair", True),
    # "... tenen escala, de qualsevol tipus, guanya el que té la carta de valor més alt."
    (["9c 8d", "8h 4d"], "7s 6h 5c Kd Kh", (0,), 0, "higher top card", False),
    (["9s 8s", "2s 3s"], "7s 6s 5s 4s Kd", (0,), 0, "higher top card", False),
    # The ace before the two: A-2-3-4-5 is the lowest straight (its top card is the five).
    (["Ah 2d", "6h 7d"], "3s 4c 5d Kh Kc", (1,), 0, "higher top card", False),
    # "... tenen color, guanya el que té la carta de valor més alt."
    (["Ah 2h", "Kh Qh"], "9h 7h 3h 2c 5d", (0,), 0, "higher top card", False),
    (["Qh 4h", "Jh 6h"], "Ah 9h 3h 2c 5d", (0,), 1, "next cards decide", True),
    # "... tenen trio, guanya el que el té format per cartes de valor més alt."
    (["Ah Ad", "Kh Kd"], "As Ks 9c 4d 2h", (0,), 0, "of higher cards", False),
    (["Ah 3d", "Kh 4d"], "7s 7c 7d Qh 2h", (0,), 1, "other cards win in order", True),
    # "... tenen doble parella, guanya el que té la parella formada per les cartes de valor més alt; si
    # coincideix, es considera la segona parella, i en darrer cas, la carta que queda de valor més alt."
    (["Ah 3d", "Kh 4d"], "Ad Kd 3c 4c 9s", (0,), 0, "higher top pair", False),
    (["Qh 3d", "Jh 2d"], "Ad As Qc Jc 3c", (0,), 1, "second pair", False),
    (["Qh 9d", "Qd 8h"], "Kd Ks Qc 2c 3h", (0,), 2, "last card", False),
    # "... tenen parella, guanya el que la té de valor més alt i, si coincideix, es considera la carta de valor
    # més alt de les restants."
    (["Ah Ad", "Kh Kd"], "9c 7c 4d 3s 2h", (0,), 0, "higher pair", False),
    (["Ah 9d", "Kh 9h"], "9c 7c 4d 3s 2h", (0,), 1, "highest of the other cards", False),
    (["Ah Jd", "As Th"], "9c 9s 5d 3s 2h", (0,), 2, "next cards decide", True),
    # No combination: the engine's reading.
    (["Ah Jd", "Ks Qh"], "9c 8s 5d 3s 2h", (0,), 0, "highest card wins", True),
]


@pytest.mark.parametrize("hands, board, winners, index, words, interpreted", TIE_BREAKS)
def test_every_tie_break_of_the_decree_decides_with_its_rule(hands, board, winners, index, words, interpreted):
    result = sd(hands, board)
    assert result.winners == winners
    assert result.reason.kind == TIE_BREAK and result.reason.index == index
    assert words in result.reason.rule.text
    assert result.reason.rule.source == "002" and result.reason.rule.interpretation is interpreted


def test_a_higher_combination_wins_and_in_the_short_decks_the_flush_beats_the_full_house():
    flush_vs_full = (["Ah 9h", "Kd Ks"], "Kh Qh 7h Qc 8d")
    in_52 = sd(*flush_vs_full)
    assert in_52.winners == (1,) and in_52.reason.kind == CATEGORY and in_52.reason.rule.interpretation
    in_32 = sd(*flush_vs_full, ranking=SHORT_32)
    assert in_32.winners == (0,) and "fewer than 52 cards" in in_32.reason.rule.text
    assert not in_32.reason.rule.interpretation
    # A-6-7-8-9 is the lowest straight of the 36-card deck: the six-to-ten beats it.
    low = sd(["Ah Kd", "Th Kc"], "6s 7c 8d 9h Qs", ranking=SHORT_36)
    assert low.winners == (1,) and low.hands[0].best.category == "straight" and low.hands[0].best.ranks == ("9",)


def test_equal_hands_share_and_suits_never_break_a_tie():
    result = sd(["As 2d", "Ac 3d"], "Kh Kd Qc Qs Js")
    assert result.winners == (0, 1) and result.reason.kind == SPLIT and result.runner_up is None
    three = sd(["Ah Kh", "Ad Kd", "2c 3c"], "Qh Jh Th 9s 8s")
    assert three.winners == (0,)  # hearts make a royal flush, nothing to share
    both = sd(["Ah Kc", "Ad Ks", "2c 3c"], "Qh Jh Ts 9s 8s")
    assert both.winners == (0, 1) and both.runner_up.seat == 2


def test_omaha_takes_exactly_two_own_cards_and_three_community_cards():
    # Four hearts in the hand and one on the board: no flush. One heart in hand and four on the board: none.
    result = sd(["Ah Kh Qh Jh", "2c 2d 3s 4s"], "Th 9c 5d 7s 2s", OM)
    assert result.hands[0].best.category == "high-card" and result.winners == (1,)
    board_flush = sd(["Ah 2c 3d 4s", "Kc Kd 7s 8s"], "Qh Jh Th 9h 5c", OM)
    assert board_flush.hands[0].best.category == "high-card"  # A-Q-J-T-x: the ace of hearts makes no flush


def test_the_studs_rank_the_players_own_cards():
    result = sd(["As Ad 2c 3d 4h 9s Tc", "Ks Kd Kc 3s 4d 8h 7c"], "", STUD7)
    assert result.winners == (1,) and result.hands[1].best.category == "three-of-a-kind"
    five = sd(["As Ad 2c 3d 4h", "Ks Kd Kc 3s 4d"], "", STUD5)
    assert five.winners == (1,)


def test_bad_showdowns_are_refused_with_a_message():
    with pytest.raises(CardError, match="appears twice"):
        sd(["Ah Kh", "Ah Qd"], "2c 3c 4c 5d 9s")
    with pytest.raises(CardError, match="needs 2 cards"):
        sd(["Ah", "Qs Qd"], "2c 3c 4c 5d 9s")
    with pytest.raises(CardError, match="5 community cards"):
        sd(["Ah Kh", "Qs Qd"], "2c 3c 4c")
    with pytest.raises(CardError, match="has no 2c"):
        sd(["Ah Kh", "Qs Qd"], "2c 7c 8c 9d Ts", ranking=SHORT_32)


@pytest.mark.parametrize("lang, words", [("es", "entre dobles parejas con la misma pareja alta, decide la segunda "
                                                 "pareja; fuente 002"),
                                         ("ca", "entre dobles parelles amb la mateixa parella alta, decideix la "
                                                "segona parella; font 002"),
                                         ("en", "between two pairs with the same top pair, the second pair "
                                                "decides; source 002")])
def test_the_deciding_rule_is_narrated_in_every_language(lang, words):
    result = sd(["Qh 3d", "Jh 2d"], "Ad As Qc Jc 3c")
    assert rule_text(result.reason.rule, lang) == words


# --- the table: a hand of each variant through the one driver -----------------------------------------------------

@pytest.mark.parametrize("game, own, up, board, intervals", [
    (HOLDEM, 2, 0, 5, 4), (OMAHA, 4, 0, 5, 4), (SEVEN_CARD_STUD, 7, 4, 0, 5), (FIVE_CARD_STUD, 5, 4, 0, 4)])
def test_each_variant_deals_as_the_classifier_describes(game, own, up, board, intervals):
    rules = game.presets.get("cat-2016")
    record = play(TableHand(rules), hand_shoe(rules, 11), TableConduct())
    hand = record.coup
    assert [len(cards) for cards in hand.own] == [own] * rules.players
    assert all(sum(ups) == up for ups in hand.face_up)
    assert len(hand.board) == board
    events = hand.events
    assert sum(isinstance(e, IntervalOpened) for e in events) == intervals
    if board:  # "las tres primeras se reparten juntas y las dos siguientes sucesivamente por separado"
        assert [len(e.cards) for e in events if isinstance(e, BoardTurned)] == [3, 1, 1]
    dealt = [e for e in events if isinstance(e, CardDealt)]
    assert [e.seat for e in dealt[:rules.players]] == list(range(rules.players))  # from the mà, in order
    assert isinstance(events[-1], PotWon) and sum(hand.returns({}).values()) == -hand.house


def test_the_cards_go_round_from_the_mà_and_the_stud_opener_shows_the_best_cards():
    rules = SEVEN_CARD_STUD.presets.default
    record = play(TableHand(rules, marker=2), hand_shoe(rules, 5), TableConduct())
    hand = record.coup
    dealt = [e.seat for e in hand.events if isinstance(e, CardDealt)][:4]
    assert dealt == [2, 3, 0, 1]
    for event in (e for e in hand.events if isinstance(e, IntervalOpened)):
        pass
    first = next(e for e in hand.events if isinstance(e, IntervalOpened)).first
    ups = {s: [c for c, u in zip(hand.own[s][:3], hand.face_up[s][:3]) if u] for s in range(4)}
    assert showing_strength(ups[first]) == max(showing_strength(u) for u in ups.values())


def test_a_player_left_alone_wins_without_showing_and_folds_are_narrated():
    rules = HOLDEM_PRESETS.get("cat-2016")
    for seed in range(40):
        record = play(TableHand(rules), hand_shoe(rules, seed), TableConduct("pair"))
        last = record.coup.events[-1]
        if last.uncontested:
            break
    else:
        pytest.fail("no hand ended with a player alone")
    hand = record.coup
    assert len(hand.active) == 1 and hand.winners == (hand.active[0],)
    assert "without showing" in narrate(last, "en") and "source 002" in narrate(last, "en")
    folds = [e for e in hand.events if isinstance(e, PlayerActed) and not e.stays]
    assert len(folds) == rules.players - 1
    assert narrate(folds[0], "es").startswith(f"El jugador {folds[0].seat + 1} se retira")


def test_the_house_takes_its_share_of_the_pot_and_the_split_gives_odd_chips_first():
    rules = HOLDEM_PRESETS.get("cat-2016")
    hand = play(TableHand(rules), hand_shoe(rules, 3), TableConduct()).coup
    assert hand.pot == 40 and hand.house == 2  # 5 % of 4 x 10 chips
    fee = play(TableHand(rules.with_options(house_take="time-fee")), hand_shoe(rules, 3), TableConduct()).coup
    assert fee.house == 0 and sum(fee.shares) == 40
    from naipes.games.circle_poker.coup import split
    assert split(38, 3) == (13, 13, 12)


def test_the_short_deck_is_dealt_from_its_own_36_cards():
    rules = HOLDEM_PRESETS.get("cat-2016").with_options(deck="36")
    hand = play(TableHand(rules), hand_shoe(rules, 9), TableConduct()).coup
    assert all(c.rank in "6789TJQKA" for own in hand.own for c in own)


# --- the pots ------------------------------------------------------------------------------------------------

def test_side_pots_for_players_all_in_and_unmatched_chips_returned():
    # Player 1 all-in for 100, players 2 and 3 (3 folds) put 250, player 4 bets 400: 150 come back to player 4.
    pots = side_pots([100, 250, 250, 400], [False, False, True, False])
    assert [(p.chips, p.eligible) for p in pots] == [(400, (0, 1, 3)), (450, (1, 3))]
    result = settle([100, 250, 250, 400], [False, False, True, False], [2, 1, None, 3], rake=Fraction(1, 20))
    assert result.house == 42 and result.returned == {3: 150}
    assert result.pots[0].winners == (1,) and result.pots[1].winners == (1,)
    assert sum(result.net) == -result.house
    # The player all-in wins the main pot only.
    short = settle([100, 250, 250, 250], [False, False, False, False], [1, 2, 3, 4])
    assert short.net == (300, 200, -250, -250)


def test_a_split_pot_gives_the_odd_chip_to_the_winner_nearest_the_mà():
    result = settle([5, 5, 5], [False, False, False], [1, 1, 2], order=[1, 2, 0])
    assert result.pots[0].winners == (1, 0) and result.pots[0].shares == (8, 7)


def test_bad_pots_are_refused():
    with pytest.raises(RulesError):
        side_pots([10], [False])
    with pytest.raises(RulesError):
        side_pots([10, 10], [True, True])
    with pytest.raises(RulesError):
        settle([10, 10], [False, False], [1, None])


# --- the command line ----------------------------------------------------------------------------------------

def run(capsys, *argv):
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_analyze_deck_json_has_the_categories_in_the_regulations_order(capsys):
    status, out, _ = run(capsys, "analyze", "circle-poker", "--deck", "32", "--json")
    data = json.loads(out)
    assert status == 0 and list(data["categories"]) == list(reversed(ORDER_SHORT))
    assert data["categories"]["flush"] == {"count": 204, "probability": 204 / 201376, "exact": "51/50344"}
    assert data["rules"]["deck"] == 32


def test_cli_rank_showdown_and_equity(capsys):
    # `rank` is about no one game (the poker evaluator's verb): in the 32-card deck a flush beats a full house
    status, out, _ = run(capsys, "rank", "As Ks Qs Js 9s", "--deck", "32", "--json")
    flush = json.loads(out)
    status_full, out, _ = run(capsys, "rank", "As Ad Ac Ks Kd", "--deck", "32", "--json")
    full = json.loads(out)
    assert status == status_full == 0 and flush["category"] == "flush" and full["category"] == "full-house"
    assert flush["rank"] > full["rank"] and flush["ranking"] == "short-32"
    status, out, _ = run(capsys, "showdown", "holdem", "--hands", "Ah Kh", "Qs Qd", "--board", "Qh 7h 2c 9h 3s",
                         "--json")
    data = json.loads(out)
    assert data["winners"] == [1] and data["reason"]["kind"] == "category"
    status, out, _ = run(capsys, "equity", "holdem", "--hands", "Ah Kh / Qs Qd", "--board", "Qh 7h 2c 9h", "--json")
    data = json.loads(out)
    # Ten cards give the queens a full house or four queens on the river: 7s 7d 7c 2s 2d 2h 9s 9d 9c Qc.
    assert data["method"] == "exact" and data["players"][1]["exact"]["equity"] == "5/22"
    status, out, _ = run(capsys, "equity", "holdem", "--hands", "Ad Ac / Kh Ks", "--deals", "3000", "--json")
    data = json.loads(out)
    assert data["method"] == "simulation" and data["deals"] >= 3000 and "confidence_interval" in data["players"][0]


def test_cli_deal_and_a_whole_game(capsys):
    status, out, _ = run(capsys, "deal", "omaha", "--seed", "7", "--lang", "ca")
    assert status == 0 and "El jugador 1 té la mà" in out
    status, out, _ = run(capsys, "shoe", "holdem", "--seed", "3", "--lang", "en")
    assert status == 0 and "A game of 8 hands" in out
    status, _, err = run(capsys, "shoe", "circle-poker")
    assert status == 2 and "holdem" in err


def test_cli_bad_hands_get_one_line(capsys):
    status, _, err = run(capsys, "showdown", "holdem", "--hands", "Ah Kh / Ah Qd", "--board", "2c 3c 4c 5d 9s")
    assert status == 2 and err.count("\n") == 1
    status, _, err = run(capsys, "equity", "holdem", "--lang", "en")
    assert status == 2 and "--hands" in err


def test_cli_equity_stops_at_the_precision_asked_and_refuses_a_bad_one(capsys):
    status, out, _ = run(capsys, "equity", "holdem", "--hands", "Ad Ac / Kh Ks / 7s 2d", "--precision", "1.5", "--json")
    data = json.loads(out)
    assert status == 0 and data["method"] == "simulation" and data["precision"] == 0.015
    assert data["half_width"] <= 0.015
    status, out, _ = run(capsys, "equity", "holdem", "--hands", "Ad Ac / Kh Ks", "--json")
    assert json.loads(out)["precision"] == 0.01 and json.loads(out)["half_width"] <= 0.01
    for bad in ("0.01", "11", "x"):
        status, _, err = run(capsys, "equity", "holdem", "--hands", "Ad Ac / Kh Ks", "--precision", bad, "--lang", "en")
        assert status == 2 and err.count("\n") == 1 and "--precision" in err and bad in err
