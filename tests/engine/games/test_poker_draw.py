"""Draw Poker against the bank (001): the rules against the source, the stated strategy, the exact counts of one
player's hand against a direct count, the shipped exact counts against the croupier's five-card counts and against a
seeded simulation (dealt again), the literal reading favouring the player, walk == the exact small-deck analysis."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from naipes.core.cards import parse_cards
from naipes.games.poker.draw_poker import DRAW_POKER
from naipes.games.poker.draw_poker.analysis import fast_report
from naipes.games.poker.draw_poker.cli import report_of
from naipes.games.poker.draw_poker.coup import DrawPokerCoup
from naipes.games.poker.draw_poker.exact import NAME as EXACT, WEIGHT, hand_counts
from naipes.games.poker.draw_poker.simulation import DEALS_PER_BLOCK, NAME, SEED, deal_block
from naipes.games.poker.draw_poker.strategy import exchange
from naipes.games.poker.banked import settlement
from naipes.games.poker.distribution import Tally, strengths
from naipes.games.poker.hands import STANDARD, category_of, codes, strength5
from naipes.games.poker.kernel import CARDS, CODES, DECK, FULL
from naipes.games.poker.simulation import estimate, shipped
from source_documents import normalised, source_text

RULES = DRAW_POKER.presets.default


def test_every_citation_is_a_quote_of_its_source():
    for citation in RULES.citations:
        assert normalised(citation.quote) in normalised(source_text(citation.source)), citation.quote


@pytest.mark.parametrize("hand, out", [
    ("9h 9d Kc 4s 2h", (3, 4)), ("9h 9d 9c 4s 2h", (3, 4)), ("9h 9d 4c 4s Ah", (4,)), ("Ah Kh 7h 2h 9c", (4,)),
    ("8h 9d Tc Js 2h", (4,)), ("Ah Kd Qc 5s 2h", (3, 4)), ("As Ks Qs Js Ts", ()), ("2h 2d 2c 4s 4h", ()),
    ("Ah 2d 3c 4s 9h", (1, 2)),
])
def test_the_stated_exchange(hand, out):
    assert exchange(codes(hand)) == out


def test_the_shipped_simulation_deals_again_the_same():
    data = shipped(NAME)
    assert (data["seed"], data["deals_per_block"]) == (SEED, DEALS_PER_BLOCK)
    assert deal_block(SEED, DEALS_PER_BLOCK) == data["blocks"][0]


def direct_counts(hand):
    """Every replacement set and every croupier's hand from the cards left, each counted from its cards."""
    out = exchange(hand)
    kept = [c for i, c in enumerate(hand) if i not in out]
    unseen = [c for c in CODES if c not in hand]
    found = {}
    for new in combinations(unseen, len(out)):
        rest = [c for c in unseen if c not in new]
        mine = strength5(*kept, *new)
        split = Tally.of(strengths(rest, (), 5, STANDARD), RULES.opens_from).split(mine)
        for key, n in zip(("not-qualified", "win:" + category_of(mine), "push", "lose"), split):
            if n:
                found[key] = found.get(key, 0) + n * WEIGHT[len(out)]
    return found


@pytest.mark.parametrize("hand", ["As Ks Qs Js Ts", "2h 2d 2c 4s 4h", "Ah Kh 7h 2h 9c", "9h 9d 4c 4s Ah"])
def test_one_hand_is_counted_exactly(hand):
    # a pat hand, a full house, a four-flush and two pair drawing one card (the flush and the full house drawn)
    assert hand_counts(codes(hand), RULES.opens_from) == direct_counts(codes(hand))


def test_the_shipped_counts_deal_every_hand_once():
    data = shipped(EXACT)
    assert data["deals"] == sum(data["counts"].values()) == comb(52, 5) * comb(47, 5) * 1722
    # the player always bets, so the croupier does not open exactly when his own five cards hold no pair of
    # eights or better: Wikipedia's five-card counts, high cards and 6/13 of the pairs (twos to sevens)
    share = Fraction(data["counts"]["not-qualified"], data["deals"])
    assert share == Fraction(1302540 + 1098240 * 6 // 13, 2598960)
    assert "fold" not in data["counts"]


def test_read_as_written_the_game_favours_the_player():
    report = fast_report(RULES, FULL)
    assert report.extra["exact"] and report.extra["house_edge"] < 0


def test_the_exact_house_edge_falls_in_the_simulations_interval():
    simulated = estimate(shipped(NAME)["blocks"], settlement(RULES.pay_table, RULES.bet_multiple))
    low, high = simulated.interval("house_edge")
    assert low < fast_report(RULES, FULL).extra["house_edge"] < high


def test_the_walk_equals_the_exact_small_deck_analysis():
    """Slow (≈ 20 s): the walk visits every deal and draw of a twelve-card deck, the exact count's oracle."""
    keep = parse_cards("Ah Kh Qh Jh 9h As Ad 8c 8s 7d 2c 3c")
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    exact = report_of(RULES, counts, "fast")
    assert exact.extra["exact"] and report_of(RULES, counts, "walk") == exact


def test_a_hand_exchanges_two_cards_and_is_paid():
    coup = DrawPokerCoup(RULES, side_bets=False)
    for card in parse_cards("9h As 9d Ad Kc 7c 4s 7d 2h 3c"):
        coup.apply(card)
    assert len(coup.legal_actions()) == 2 + 5 + 10
    coup.apply("draw-4-5")
    for card in parse_cards("9s Ks"):
        coup.apply(card)
    # nines full of kings beat the croupier's two pair, aces and sevens: the ANTE 1, the BET 2 x 7
    assert coup.returns({"ante": 1, "raise": 2}) == {"ante": 1, "raise": 14}


FOUR_IN_A_ROW = "23456789TJQKA"


@pytest.mark.parametrize("low", range(9), ids=lambda low: FOUR_IN_A_ROW[low:low + 4])
def test_exchange_keeps_four_to_every_open_ended_straight(low):
    """2-3-4-5 (an ace or a 6 completes it) up to T-J-Q-K: the fifth card goes, whatever it is and wherever it sits."""
    run = FOUR_IN_A_ROW[low:low + 4]
    closing = {FOUR_IN_A_ROW[low - 1] if low else "A", FOUR_IN_A_ROW[low + 4]}
    for fifth in FOUR_IN_A_ROW:
        if fifth in run or fifth in closing:
            continue                               # a pair, or a made straight
        for at in range(5):
            ranks = list(run)
            ranks.insert(at, fifth)
            hand = codes(" ".join(r + s for r, s in zip(ranks, "shdcs")))
            assert exchange(hand) == (at,), (ranks, exchange(hand))


@pytest.mark.parametrize("run", ["JQKA", "A234"])
def test_exchange_does_not_take_a_straight_closed_at_one_end_for_an_open_one(run):
    hand = codes(" ".join(r + s for r, s in zip(run + "7", "shdcs")))
    assert len(exchange(hand)) == 2


def test_the_issue_hand_keeps_two_three_four_five():
    assert exchange(codes("2h 3d 4c 5s Kh")) == (4,)


# --- the progressive's hand, a named option (issue 26; 001 l.111 "El premio depende solamente de la mano que
# tenga el jugador": before or after the exchange is not said) ---------------------------------------------------

def test_the_seed_line_leaves_the_progressives_hand_open():
    line = normalised(source_text("001").splitlines()[110])
    assert normalised("El premio depende solamente de la mano que tenga el jugador") in line
    assert "cambio" not in line and "primeras" not in line


def _final_category(coup) -> str:
    return category_of(coup.strength(coup.player if coup.result != "fold" else coup.first_five))


@pytest.mark.parametrize("cards", ["As Ah Ad Ac Ks Kh Kd 2c 3c 4c 5c 6d", "Ts Js Qs Ks As 9s 9h 9d 2c 3c 4h 5d"])
def test_the_final_hands_odds_are_those_of_the_coup_walked_on_small_decks(cards):
    """The generator's count, against the coup itself walked card by card (croupier's hand, then replacements)."""
    from naipes.core.drive import walk_exact
    from naipes.games.poker.draw_poker.coup import stated_conduct
    from naipes.games.poker.draw_poker.final_hands import final_hand_probabilities
    keep = parse_cards(cards)
    counts = CARDS.without(1, [c for c in DECK if c not in keep])
    rules = RULES.with_options(progressive_hand="final")
    walked = walk_exact(DrawPokerCoup(rules, side_bets=True), counts, stated_conduct(rules), replacement=True,
                        outcome=_final_category)
    prizes = [c for c, _ in rules.progressive.prizes]
    found = final_hand_probabilities(codes(cards), prizes)
    assert any(found.values())
    assert found == {c: walked.get(c, Fraction(0)) for c in prizes}


def closed_form_final_four_of_a_kind() -> Fraction:
    """Four of a kind after the stated exchange, from the strategy's own words: dealt (624 hands); three of a kind
    exchanges its two odd cards, and the fourth card is among 46 of the C(47,2) pairs; a pair keeps itself and its
    highest odd card, and only the last two cards of its rank complete it (1 pair of 1081); nothing else reaches it."""
    hands, pairs = comb(52, 5), comb(47, 2)
    trips, one_pair = 13 * comb(4, 3) * comb(12, 2) * 16, 13 * comb(4, 2) * comb(12, 3) * 64
    return Fraction(624, hands) + Fraction(trips * 46 + one_pair, hands * pairs)


def test_the_option_changes_the_progressives_analysis_by_what_is_computed(capsys):
    import json
    from naipes.cli import main
    first, final = {}, {}
    for hand, found in (("first-five", first), ("final", final)):
        assert main(["analyze", "draw-poker", "--progressive-hand", hand, "--json"]) in (0, None)
        data = json.loads(capsys.readouterr().out)
        assert data["rules"]["progressive_hand"] == hand
        found.update(data["side_bets"]["progressive"])
    # four of a kind pays 500 stakes: the fixed part of the return, on each hand
    assert Fraction(first["fixed_return"]["exact"]) == 500 * Fraction(624, comb(52, 5))
    assert Fraction(final["fixed_return"]["exact"]) == 500 * closed_form_final_four_of_a_kind()
    assert Fraction(final["break_even_pool"]["exact"]) < Fraction(first["break_even_pool"]["exact"])
    assert main(["analyze", "draw-poker", "--json"]) in (0, None)
    assert json.loads(capsys.readouterr().out)["side_bets"]["progressive"] == first   # the engine's reading


def test_the_coup_pays_the_progressive_on_the_hand_the_option_names():
    """A pair of nines exchanges two cards and draws the last two nines: four of a kind on the final hand only."""
    results = {}
    for hand in ("first-five", "final"):
        coup = DrawPokerCoup(RULES.with_options(progressive_hand=hand), side_bets=True)  # the reader opts in
        for card in parse_cards("9h As 9d Ad Kc 7c 4s 7d 2h 3c"):
            coup.apply(card)
        coup.apply("draw-4-5")
        for card in parse_cards("9s 9c"):
            coup.apply(card)
        results[hand] = coup.returns(coup.stakes())["progressive"]
    assert results == {"first-five": -1, "final": 500 - 1}


@pytest.mark.parametrize("value", ["last", "", "FINAL"])
def test_a_wrong_progressive_hand_is_refused_in_one_line(value, capsys):
    from naipes.cli import main
    assert main(["analyze", "draw-poker", "--progressive-hand", value, "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"naipes: The progressive is paid on first-five or final, not '{value}'."]


def test_another_poker_game_refuses_the_option(capsys):
    from naipes.cli import main
    assert main(["analyze", "trijoker", "--progressive-hand", "final", "--lang", "en"]) == 2
    assert "--progressive-hand" in capsys.readouterr().err


@pytest.mark.parametrize("hand", ["first-five", "final"])
def test_the_pool_widget_keeps_a_house_that_is_behind(hand):
    """Under the final-hand reading the pool can pay more than the house kept: its net is negative, not damage."""
    import html as html_text
    import json
    import re

    from naipes import widgets
    start = widgets.render({"widget": "progressive", "game": "draw-poker"}, "en")
    state = html_text.unescape(re.search(r'data-naipes-state="([^"]*)"', start).group(1))
    for action, value in (("commission", "0.4"), ("reserve", "0.2"), ("base", "50000"), ("winners", "share"),
                          ("hand", hand), ("deal", "10"), ("deal", "50"), ("deal", "100")):
        page = widgets.handle(state, action, value)
        assert 'role="alert"' not in page, (action, value)
        state = html_text.unescape(re.search(r'data-naipes-state="([^"]*)"', page).group(1))


def test_a_link_to_either_prize_hand_loads_and_any_other_value_is_the_links_message():
    """The progressive's state keeps the prize hand as the game's option declares it: a link made with either
    value the select offers loads it; anything else (a tampered link) leaves the widget as it was, with the
    link's message, and never raises."""
    import base64
    import html as html_text
    import json
    import re

    from naipes import widgets
    from naipes.web.registry import LINK_ACTION, LINK_DAMAGED, link, translate

    def state_of(page: str) -> dict:
        return json.loads(html_text.unescape(re.search(r'data-naipes-state="([^"]*)"', page).group(1)))

    def tampered_link(changes: dict) -> str:  # the form of a link (`naipes.web.registry.link`), written by hand
        return "1." + base64.urlsafe_b64encode(json.dumps(changes).encode()).decode().rstrip("=")

    started = state_of(widgets.render({"widget": "progressive", "game": "draw-poker"}, "en"))
    assert started["hand"] == RULES.progressive_hand
    option = next(o for o in DRAW_POKER.options if o.name == "progressive_hand")
    for hand in ("first-five", "final"):  # the two readings source 001 leaves open (test above)
        assert hand in option.values
        page = widgets.handle(json.dumps(started), LINK_ACTION, link({**started, "hand": hand}))  # as the page makes it
        assert 'role="alert"' not in page, hand
        assert state_of(page)["hand"] == hand
    for tampered in ("last", "FINAL", "", 1, None, ["final"]):
        page = widgets.handle(json.dumps(started), LINK_ACTION, tampered_link({"hand": tampered}))
        assert html_text.unescape(page).count(translate(LINK_DAMAGED, "en")) == 1, tampered
        assert state_of(page) == started, tampered


def _table_state(page: str) -> dict:
    import html as html_text
    import json
    import re
    return json.loads(html_text.unescape(re.search(r'data-naipes-state="([^"]*)"', page).group(1)))


def _labelled_values(page: str) -> dict[str, str]:
    import html as html_text
    import re
    found = re.findall(r'data-naipes-action="choose" data-naipes-value="([^"]*)">([^<]*)<', page)
    return {action: re.search(r"\(([^()]*)\)$", html_text.unescape(label)).group(1)
            for action, label in found if re.search(r"\([+−-]?\d[^()]*\)$", html_text.unescape(label))}


@pytest.mark.parametrize("seed", [3, 11])
def test_the_tables_values_come_in_parts_that_add_up_to_every_choices_exact_value(seed):
    """The exact values take a tenth of a second on a fresh page: the table asks for them in several fills, each
    adding values to the choices, the best named only once every value is in; in the end every choice shows the
    value `option_values` computes for the whole hand at once (the values the tests above check)."""
    import json

    from naipes import widgets
    from naipes.core.formatting import signed
    from naipes.games.poker.draw_poker.values import option_values
    from naipes.games.poker.table import SPECS, TableState, _view

    started = widgets.render({"widget": "table", "game": "draw-poker", "seed": str(seed)}, "en")
    page = widgets.handle(json.dumps(_table_state(started)), "finish", "")
    shown_counts = []
    while 'data-naipes-pending="fill"' in page:
        assert "data-naipes-best" not in page
        shown_counts.append(len(_labelled_values(page)))
        page = widgets.handle(json.dumps(_table_state(page)), "fill", "")
        assert len(shown_counts) <= 8, "the fills end"
    assert shown_counts[0] == 0 and len(shown_counts) > 1 and shown_counts == sorted(set(shown_counts))
    hand = _view(SPECS["draw-poker"], TableState.from_json(_table_state(page))).full.coup.player_codes
    expected = option_values(hand, RULES)
    assert len(expected) == 17  # folding, keeping the five, five single and ten double exchanges
    assert _labelled_values(page) == {action: signed(value, "en") for action, value in expected.items()}
    assert f'data-naipes-best="{max(expected, key=expected.get)}"' in page


def test_a_table_state_filled_before_the_values_came_in_parts_shows_every_value():
    """A page or link state written when one fill brought every value (`fill` without `parts`) still loads with
    every value and asks for nothing more."""
    import json

    from naipes import widgets
    from naipes.web.registry import LINK_ACTION, _REGISTRY, link

    started = _table_state(widgets.render({"widget": "table", "game": "draw-poker", "seed": "3"}, "en"))
    decision = _table_state(widgets.handle(json.dumps(started), "finish", ""))
    old = dict(decision, fill=len(decision["answers"]))
    assert "parts" not in old
    shown = [_REGISTRY["table", "draw-poker"].render_json(old, None),  # the page's state, rendered again
             widgets.handle(json.dumps(started), LINK_ACTION, link(old)),  # a link someone kept
             widgets.handle(json.dumps(old), "fill", "")]  # a fill the browser had sent before
    for page in shown:
        assert 'role="alert"' not in page and 'data-naipes-pending' not in page
        assert len(_labelled_values(page)) == 17 and "data-naipes-best" in page
