"""The charts the engine draws: accessible, in every language, drawn again on a change, and true to the numbers.

Every chart of every game is found through the registry (nothing listed here by hand) and drawn for every
combination of its controls. The values are checked against independent computations written here, or
against published figures (cited where used).
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from math import comb

import pytest

from naipes import widgets
from naipes.games import registry as games
from naipes.web import charts

from widget_helpers import LANGS, act, alerts, root_of, state_of

for _definition in games.all_games():
    games.load_widgets(_definition)

CHARTS = sorted((game, name) for game, kinds in charts._CHARTS.items() for name in kinds)
_TAG = re.compile(r"<([a-zA-Z][\w-]*)(\s[^<>]*?)?/?>", re.S)
_ATTR = re.compile(r'\s([\w:-]+)=(?:"[^"]*"|\'[^\']*\')')


def chart(game: str, name: str, lang: str = "en", **controls: str) -> str:
    return widgets.render({"widget": "chart", "game": game, "chart": name, **controls}, lang)


def combinations(game: str, name: str):
    kind = charts._CHARTS[game][name]
    names = list(kind.controls)
    for values in itertools.product(*(kind.controls[n].values for n in names)):
        yield dict(zip(names, values))


def marks(html: str) -> dict[tuple[str, str], Fraction]:
    """Each drawn mark's exact value by (series, category)."""
    return {(el.get("data-naipes-series"), el.get("data-naipes-category")): Fraction(el.get("data-naipes-value"))
            for el in root_of(html).xpath('.//*[@data-naipes-value]')}


def series_values(html: str, series: str) -> list[Fraction]:
    return [Fraction(el.get("data-naipes-value"))
            for el in root_of(html).xpath(f'.//*[@data-naipes-series="{series}"]')]


def test_every_game_with_numbers_to_picture_has_a_chart():
    assert {game for game, _ in CHARTS} >= {
        "punto-banca", "mini-punto-banca", "midi-punto-banca", "black-jack", "challenge-21", "siete-y-medio",
        "treinta-y-cuarenta", "circle-poker", "chemin-de-fer", "trijoker", "draw-poker", "sense-descart"}


@pytest.mark.parametrize("game,name", CHARTS)
def test_a_chart_is_an_image_with_a_name_a_description_and_its_numbers_as_a_table(game, name):
    for controls in combinations(game, name):
        titles = {}
        for lang in LANGS:
            html = chart(game, name, lang, **controls)
            figure = root_of(html).xpath(".//figure")[0]
            svg = figure.xpath(".//*[local-name()='svg']")[0]
            assert svg.get("role") == "img"
            title = svg.xpath("./*[local-name()='title']")[0].text_content().strip()
            desc = svg.xpath("./*[local-name()='desc']")[0].text_content().strip()
            assert title and svg.get("aria-label") == title and len(desc) > 40
            titles[lang] = (title, desc)
            # The same numbers in the table beside the drawing (a log scale leaves out nothing but zeros).
            drawn = sorted(marks(html).values())
            tabled = sorted(Fraction(td.get("data-naipes-exact")) for td in figure.xpath(".//td[@data-naipes-exact]"))
            assert drawn == tabled or drawn == [v for v in tabled if v > 0]  # a log scale draws no zero
            assert figure.xpath(".//table/caption")[0].text_content().strip() == title
            # No ids (a chart may appear twice on a page) and no repeated attribute.
            assert 'id="' not in html
            for tag in _TAG.finditer(html):
                found = _ATTR.findall(tag.group(2) or "")
                assert len(found) == len(set(found)), tag.group(0)[:120]
        assert titles["es"] != titles["en"] and titles["ca"] != titles["en"] and titles["ca"] != titles["es"], titles


#: Every preset's engine name (an id such as "clasificador-bo-cl"), which a reader should never read.
PRESET_IDS = sorted({name for definition in games.all_games() for name in definition.presets if "-" in name})


@pytest.mark.parametrize("game,name", CHARTS)
def test_a_chart_names_a_preset_by_its_title_never_by_its_engine_id(game, name):
    for lang in LANGS:
        svg = root_of(chart(game, name, lang)).xpath(".//*[local-name()='svg']")[0]
        words = " ".join(svg.xpath("./*[local-name()='title' or local-name()='desc']//text()"))
        assert [p for p in PRESET_IDS if p in words] == [], (lang, words)


@pytest.mark.parametrize("game,name", [(g, n) for g, n in CHARTS if charts._CHARTS[g][n].controls])
def test_a_chart_is_drawn_again_when_the_reader_changes_a_control_and_refuses_other_values(game, name):
    kind = charts._CHARTS[game][name]
    first = chart(game, name, "ca")
    for control_name, control in kind.controls.items():
        for value in control.values:
            again = act(first, control_name, value)
            assert not alerts(again)
            assert f'value="{value}" selected' in again
            assert again == chart(game, name, "ca", **{**_state_controls(first, kind), control_name: value})
        refused = act(first, control_name, "99x")
        assert alerts(refused) and marks(refused) == marks(first)  # the message beside the control, the chart kept


def _state_controls(html: str, kind) -> dict[str, str]:
    import json
    state = json.loads(state_of(html))
    return {name: state[name] for name in kind.controls}


def test_circle_poker_shows_the_flush_rarer_than_the_full_house_only_in_the_short_decks():
    values = marks(chart("circle-poker", "categories-5"))
    names = {"flush": "flush", "full-house": "full house", "four-of-a-kind": "four of a kind"}

    def value(deck: str, category: str) -> Fraction:
        return next(v for (s, c), v in values.items() if s == deck and c.lower() == names[category])
    # Independent counts: 52 cards, 13 ranks; 32 cards, 8 ranks (7 to ace); 36 cards, 9 ranks (6 to ace).
    assert value("52", "full-house") == Fraction(13 * 12 * comb(4, 3) * comb(4, 2), comb(52, 5))
    assert value("52", "flush") == Fraction(4 * comb(13, 5) - 40, comb(52, 5))
    for deck, ranks in (("32", 8), ("36", 9)):
        cards = int(deck)
        assert value(deck, "full-house") == Fraction(ranks * (ranks - 1) * comb(4, 3) * comb(4, 2), comb(cards, 5))
        assert value(deck, "four-of-a-kind") == Fraction(ranks * (cards - 4), comb(cards, 5))
        assert value(deck, "flush") < value(deck, "full-house")
    assert value("52", "flush") > value("52", "full-house")


# Wizard of Odds, "Baccarat" (wizardofodds.com/games/baccarat/): eight decks, banker wins 0.458597, player
# 0.446247, tie 0.095156; house edges 1.06 % (banker, 5 % commission) and 1.24 % (player).
WOO_8_DECKS = {"banker": 0.458597, "player": 0.446247}


def test_punto_y_banca_edges_by_decks_agree_with_the_published_eight_deck_odds_at_either_commission():
    for commission, rate in (("5%", 0.05), ("10%", 0.10)):
        values = marks(chart("punto-banca", "edge-by-decks", "en", commission=commission))
        banker = float(values[("banker", "8")])
        player = float(values[("player", "8")])
        assert banker == pytest.approx(WOO_8_DECKS["player"] - WOO_8_DECKS["banker"] * (1 - rate), abs=2e-6)
        assert player == pytest.approx(WOO_8_DECKS["banker"] - WOO_8_DECKS["player"], abs=2e-6)


def test_punto_y_banca_final_totals_are_each_hands_whole_distribution():
    for decks in ("1", "8"):
        html = chart("punto-banca", "totals", "es", decks=decks)
        assert sum(series_values(html, "player")) == 1 == sum(series_values(html, "banker"))
        assert len(series_values(html, "player")) == 10


def dealer_finals(left: dict[int, int], first: int, hits_soft_17: bool) -> dict[str, Fraction]:
    """Where the dealer ends after `first` (1 is the ace), drawing from `left` (value -> cards) card by card."""
    out: dict[str, Fraction] = {}

    def walk(total: int, aces: bool, cards: int, left: dict[int, int], weight: Fraction) -> None:
        soft = aces and total + 10 <= 21
        best = total + 10 if soft else total
        final = ("blackjack" if cards == 2 and best == 21 else "bust" if best > 21 else
                 str(best) if best >= 17 and not (hits_soft_17 and soft and best == 17) else None)
        if final is not None:
            out[final] = out.get(final, Fraction(0)) + weight
            return
        n = sum(left.values())
        for value, count in left.items():
            if count:
                walk(total + value, aces or value == 1, cards + 1, {**left, value: count - 1},
                     weight * Fraction(count, n))
    walk(first, first == 1, 1, left, Fraction(1))
    return out


def test_black_jack_dealer_chart_agrees_with_a_card_by_card_count_of_one_deck():
    one_deck = {v: 4 for v in range(1, 10)} | {10: 16}
    for soft in ("stand", "hit"):
        values = marks(chart("black-jack", "dealer", "en", decks="1", **{"soft_17": soft}))
        for first in range(1, 11):
            label = "A" if first == 1 else str(first)
            expected = dealer_finals({**one_deck, first: one_deck[first] - 1}, first, soft == "hit")
            drawn = {s: v for (s, c), v in values.items() if c == label and v}
            assert drawn == expected, (soft, label)


def test_siete_y_medio_bust_chart_counts_the_cards_that_go_over():
    values = marks(chart("siete-y-medio", "bust", "ca"))
    full = {c: v for (s, c), v in values.items() if s == "full-deck"}
    # 40 cards: four each of 1 to 7, and twelve figures worth a half.
    for half_points in range(1, 16):
        total = Fraction(half_points, 2)
        over = sum(4 for v in range(1, 8) if total + v > Fraction(15, 2)) + (12 if total + Fraction(1, 2) > Fraction(15, 2) else 0)
        label = next(c for c in full if c.replace("½", "").strip() == (str(half_points // 2) if half_points > 1 else "")
                     and c.endswith("½") == (half_points % 2 == 1))
        assert full[label] == Fraction(over, 40), label


#: The cards a reader may say were seen, as points and how many of them (a figure is worth a half).
_SEEN = {"none": {}, "figures-4": {Fraction(1, 2): 4}, "figures-8": {Fraction(1, 2): 8}, "sevens": {7: 4},
         "sevens-sixes": {7: 4, 6: 4}}


def test_siete_y_medio_bust_chart_takes_the_cards_seen_out_of_the_baraja():
    """Counted card by card from a list of the 40 cards' points, less the cards seen (and the hand's own card)."""
    assert set(_SEEN) == set(charts._CHARTS["siete-y-medio"]["bust"].controls["seen"].values)
    full_baraja = [Fraction(1, 2)] * 12 + [Fraction(v) for v in range(1, 8) for _ in range(4)]
    at_seven = {}
    for seen, out in _SEEN.items():
        cards = list(full_baraja)
        for value, n in out.items():
            for _ in range(n):
                cards.remove(value)
        values = marks(chart("siete-y-medio", "bust", "en", seen=seen))
        expected = {}
        for half_points in range(1, 16):
            total = Fraction(half_points, 2)
            label = f"{half_points // 2 or ''}½" if half_points % 2 else str(half_points // 2)
            expected[("full-deck", label)] = Fraction(sum(total + v > Fraction(15, 2) for v in cards), len(cards))
            if total in cards:  # a hand of that one card: it is out of the baraja too
                rest = list(cards)
                rest.remove(total)
                expected[("one-card", label)] = Fraction(sum(total + v > Fraction(15, 2) for v in rest), len(rest))
        assert values == expected, seen
        at_seven[seen] = values[("full-deck", "7")]
    # Figures seen leave fewer safe cards for a 7; sevens and sixes seen leave fewer cards that take a 2 over.
    assert at_seven["figures-8"] > at_seven["figures-4"] > at_seven["none"]
    assert marks(chart("siete-y-medio", "bust", "en", seen="sevens-sixes"))[("full-deck", "2")] == 0 < \
        marks(chart("siete-y-medio", "bust", "en"))[("full-deck", "2")]


def test_treinta_y_cuarenta_row_totals_are_a_distribution_and_void_coups_grow_near_the_separator():
    for decks in ("6", "7", "8"):
        rows = series_values(chart("treinta-y-cuarenta", "row-totals", "en", decks=decks), "row")
        assert len(rows) == 10 and sum(rows) == 1 and rows == sorted(rows, reverse=True)
        void = series_values(chart("treinta-y-cuarenta", "endings", "en", decks=decks), "void")
        assert void[0] == 0 and void == sorted(void) and void[-1] > Fraction(1, 4)


def test_the_progressive_return_is_a_line_that_crosses_one_at_the_marked_pool():
    for game in ("trijoker", "draw-poker", "sense-descart"):
        html = chart(game, "progressive", "es")
        figure = root_of(html)
        points = [(Fraction(el.get("data-naipes-value"))) for el in figure.xpath('.//*[@data-naipes-series="return"]')]
        rows = figure.xpath(".//details//tbody/tr")
        pools = [Fraction(r.xpath("./th")[0].text_content().replace(".", "").replace(",", ".")) for r in rows]
        slope = (points[1] - points[0]) / (pools[1] - pools[0])
        assert all(points[i] == points[0] + slope * pools[i] for i in range(len(points)))
        mark = Fraction(figure.xpath(".//*[@data-naipes-mark]")[0].get("data-naipes-mark"))
        assert points[0] + slope * mark == 1 and pools[0] < mark < pools[-1]


def test_a_damaged_chart_state_gets_a_message_not_an_exception():
    html = chart("black-jack", "dealer")
    state = state_of(html).replace('"dealer"', '"nope"', 1)
    assert alerts(widgets.handle(state, "decks", "2"))


def test_every_choice_a_chart_offers_is_a_field_of_the_chart_state():
    from dataclasses import fields

    declared = {f.name for f in fields(charts.ChartState)}
    for game, name in CHARTS:
        assert set(charts._CHARTS[game][name].controls) <= declared, (game, name)


def _totals_model_value(state, banker: int, draws: bool) -> Fraction:
    """One paño's result for the banker (+1 he wins, -1 he loses) given what the banker sees of it, counted
    independently in the totals model (each card a ten-valued one with chance 4/13, any other value 1/13) for
    the sources' paño: draws on 0 to 4, stands on 5 (the croupier's advice) to 7, shows a natural on 8 or 9."""
    card = {v: Fraction(4 if v == 0 else 1, 13) for v in range(10)}
    two = {t: sum(card[a] * card[b] for a in range(10) for b in range(10) if (a + b) % 10 == t) for t in range(10)}
    totals = {"natural": (8, 9), "stood": (5, 6, 7)}.get(state, (0, 1, 2, 3, 4))
    weight = sum(two[t] for t in totals)
    value = Fraction(0)
    for t in totals:
        final = t if state in ("natural", "stood") else (t + int(state)) % 10
        outcomes = [((banker + z) % 10, card[z], True) for z in range(10)] if draws else [(banker, Fraction(1), False)]
        for banker_final, chance, three_cards in outcomes:
            # a two-card 8 or 9 beats the banker's three-card 8 or 9 (the decree, and the engine's reading for 9)
            if state == "natural" and three_cards and banker_final >= 8:
                result = -1
            else:
                result = (banker_final > final) - (banker_final < final)
            value += two[t] / weight * chance * result
    return value


def test_dos_panos_banker_chart_agrees_with_a_count_of_the_totals_model():
    states = ["natural", "stood"] + [str(v) for v in range(10)]
    for total in ("3", "5", "6"):
        for first in ("stood", "natural", "4"):
            html = chart("dos-panos", "banker", "es", total=total, first=first, opponent="sources")
            values = marks(html)
            labels = {"natural": "natural", "stood": "plantado"}
            for second in states:
                category = labels.get(second, second)
                if first == second == "natural":
                    assert ("draw", category) not in values  # the coup ends: no decision, no bars
                    continue
                for series, draws in (("draw", True), ("stand", False)):
                    expected = (_totals_model_value(first, int(total), draws)
                                + _totals_model_value(second, int(total), draws))
                    assert values[(series, category)] == expected, (total, first, second, series)


def test_the_optimal_panos_change_what_a_paño_that_stood_tells_the_banker():
    sources = marks(chart("dos-panos", "banker", "en", first="natural", opponent="sources"))
    optimal = marks(chart("dos-panos", "banker", "en", first="natural", opponent="optimal"))
    # A natural shown is the same under both conducts; a paño that stood holds 5 to 7 under the advice, but
    # mostly 6 or 7 when the paños mix on 5 as the solution does.
    assert sources[("stand", "stood")] != optimal[("stand", "stood")]
    assert ("draw", "natural") not in sources and ("draw", "natural") not in optimal


def _stand_value(shoe: dict[int, int], player: int, dealer: int) -> Fraction:
    """Standing on `player` against the dealer's first card, no hole card: his black jack beats every hand."""
    finals = dealer_finals({**shoe, dealer: shoe[dealer] - 1}, dealer, hits_soft_17=False)
    value = Fraction(0)
    for final, chance in finals.items():
        if final == "bust":
            value += chance
        elif final == "blackjack":
            value -= chance
        else:
            value += chance * ((player > int(final)) - (player < int(final)))
    return value


def test_black_jack_advice_bars_are_the_advice_and_standing_agrees_with_a_card_by_card_count():
    from naipes.games.black_jack import widgets as black_jack
    from naipes.games.black_jack.hands import hand_total, value_class
    checked = 0
    for seed in range(1, 60):
        html = act(widgets.render({"widget": "coup", "game": "black-jack", "seed": str(seed), "decks": "1"}, "en"),
                   "advice")
        record, _ = black_jack.table_record(__import__("json").loads(state_of(html)))
        coup = record.coup
        pending = coup.pending()
        if pending is None or pending[0] != "play":
            continue
        hand = coup.boxes[pending[1]].hands[pending[2]]
        figure = root_of(html).xpath('.//figure[@data-naipes-plot="advice"]')[0]
        drawn = {el.get("data-naipes-category").replace(" ★", ""): Fraction(el.get("data-naipes-value"))
                 for el in figure.xpath(".//*[@data-naipes-value]")}
        listed = {li.text_content().split(":")[0]: li for li in root_of(html).xpath('.//li[@data-naipes-advice-action]')}
        assert set(drawn) == set(listed)
        best = figure.xpath('.//*[@data-naipes-series="best"]')
        assert len(best) == 1 and Fraction(best[0].get("data-naipes-value")) == max(drawn.values())
        assert "★" in listed[best[0].get("data-naipes-category").replace(" ★", "")].text_content()
        total = hand_total(hand.cards)
        if total.points <= 21:
            # One deck less the player's two cards (the dealer's card is taken out by the count).
            shoe = {v: 4 for v in range(1, 10)} | {10: 16}
            for card in hand.cards:
                shoe[value_class(card) + 1] -= 1
            dealer = value_class(coup.dealer_first) + 1
            # The shipped values are rounded to six decimals.
            assert abs(drawn["Stand"] - _stand_value(shoe, total.points, dealer)) <= Fraction(1, 10 ** 6), seed
            checked += 1
    assert checked >= 10


# The colour of blackjack (thecolorofblackjack.com/solution_one.html), rule variations from a single-deck game:
# six decks -0.53 % and eight decks -0.55 % for the player; the dealer hitting soft 17, -0.20 %.
def test_black_jack_tornado_orders_the_rules_and_agrees_with_published_rule_effects():
    from naipes.games.black_jack.rules import PRESETS
    from naipes.games.black_jack.strategy import strategy_table
    values = marks(chart("black-jack", "tornado", "en"))
    change = {category: value for (_, category), value in values.items()}
    assert list(change) == sorted(change, key=lambda c: -abs(change[c]))  # longest bar first
    base = strategy_table(PRESETS.get()).basic_edge
    assert change["1 deck"] == strategy_table(PRESETS.get().with_options(decks=1)).basic_edge - base
    assert change["1 deck"] < change["2 decks"] < change["4 decks"] < 0 < change["8 decks"]
    assert "6 decks" not in change  # the preset's own number of decks draws no bar
    assert float(-change["1 deck"]) == pytest.approx(0.0053, abs=0.001)
    assert float(change["8 decks"]) == pytest.approx(0.0055 - 0.0053, abs=0.0005)
    assert float(change["hits soft 17"]) == pytest.approx(0.0020, abs=0.0005)


def _natural_without_the_dealers(decks: int) -> Fraction:
    """The chance of a player's black jack (ace and ten-valued card) that the dealer's hand does not tie, counted
    here from a full shoe: the dealer's card, then its second card from the shoe the three cards leave."""
    shoe = {value: 4 * decks for value in range(1, 10)} | {10: 16 * decks}
    cards = 52 * decks
    total = Fraction(0)
    for up in shoe:
        left = dict(shoe)
        left[1] -= 1
        left[10] -= 1
        left[up] -= 1
        # ace then ten or ten then ace to the player, with the dealer's card between them
        deal = Fraction(shoe[up], cards) * 2 * Fraction((shoe[1] - (up == 1)) * (shoe[10] - (up == 10)),
                                                        (cards - 1) * (cards - 2))
        completes = {1: 10, 10: 1}.get(up)
        dealer_blackjack = Fraction(left[completes], cards - 3) if completes else Fraction(0)
        total += deal * (1 - dealer_blackjack)
    return total


def test_black_jack_tornado_has_one_bar_per_value_of_every_rule_the_options_declare():
    from naipes.games.black_jack.charts import RULE_VARIATIONS, edge_changes
    from naipes.games.black_jack.rules import PRESETS, BlackJackRules
    from naipes.games.black_jack.strategy import STRATEGY_FIELDS, rules_key
    preset = PRESETS.get()
    changed_fields = set()
    for variation in RULE_VARIATIONS:
        before, after = vars(preset), vars(variation.change(preset))
        changed_fields |= {name for name in before if before[name] != after[name] and name != "name"}
    # every option a strategy table depends on but the split strategy (how values are computed); the cut card and
    # the insurance's and side bet's payouts change no main-bet edge
    declared = {option.field for option in BlackJackRules.OPTIONS
                if option.field in STRATEGY_FIELDS} - {"split_strategy"}
    assert changed_fields == declared
    _base, changes = edge_changes("black-jack")
    keys = {variation.key for variation, _ in changes}
    assert keys == {v.key for v in RULE_VARIATIONS if rules_key(v.change(preset)) != rules_key(preset)}
    for lang in LANGS:
        html = chart("black-jack", "tornado", lang)
        drawn = marks(html)
        assert len(drawn) == len(changes)
        assert sorted(drawn.values()) == sorted(change for _, change in changes)
        labels = {category for _, category in drawn}
        assert labels == {variation.label(lang) for variation, _ in changes}


def test_black_jack_tornado_payout_bars_equal_an_independent_count():
    # A black jack's payout is no decision: paying 6 to 5 instead of 3 to 2 costs the player 3/10 of a unit on every
    # black jack the dealer does not tie (with no hole card, the preset's, the dealer's second card comes later).
    values = marks(chart("black-jack", "tornado", "en"))
    change = {category: value for (_, category), value in values.items()}
    naturals = _natural_without_the_dealers(6)
    assert change["black jack pays 6 to 5"] == Fraction(3, 10) * naturals
    assert change["black jack pays 1 to 1"] == Fraction(1, 2) * naturals


def test_circle_poker_equity_bars_are_the_odds_exact_or_simulated_with_their_interval():
    exact_html = widgets.render({"widget": "odds", "game": "holdem", "hands": "Ah Kh / Qs Qd",
                                 "board": "Qh 7h 2c 3d"}, "ca")
    figure = root_of(exact_html).xpath('.//figure[@data-naipes-plot="equity"]')[0]
    bars = [Fraction(el.get("data-naipes-value")) for el in figure.xpath(".//*[@data-naipes-value]")]
    # Counted by hand: 44 rivers; Ah Kh makes a flush with the 9 hearts left, but the 2h and the 3h pair the
    # board and give the queens a full house: 7 rivers of 44 for Ah Kh, the other 37 for the set.
    assert bars == [Fraction(7, 44), Fraction(37, 44)]
    tabled = [Fraction(tr.xpath("./td")[1].get("data-naipes-exact"))
              for tr in root_of(exact_html).xpath('.//table[@data-naipes-odds]//tr[@data-naipes-player]')]
    assert bars == tabled
    assert not figure.xpath(".//*[@data-naipes-interval]")
    simulated = widgets.render({"widget": "odds", "game": "holdem", "hands": "Ad Ac / Kh Ks"}, "es")
    # the reader presses Simulate: the first batch of deals (nothing is simulated on load)
    simulated = widgets.handle(root_of(simulated).get("data-naipes-state"), "fill", "")
    figure = root_of(simulated).xpath('.//figure[@data-naipes-plot="equity"]')[0]
    rows = root_of(simulated).xpath('.//table[@data-naipes-odds]//tr[@data-naipes-player]')
    for bar, whisker, row in zip(figure.xpath(".//rect[@data-naipes-value]"),
                                 figure.xpath(".//*[@data-naipes-interval]"), rows):
        low, high = (Fraction(v) for v in whisker.get("data-naipes-interval").split())
        shown_low, shown_high = (float(v) for v in row.xpath("./td[@data-naipes-interval]")[0]
                                 .get("data-naipes-interval").split())
        assert (float(low), float(high)) == (shown_low, shown_high) and low <= Fraction(bar.get("data-naipes-value")) <= high
    assert len(figure.xpath(".//*[@data-naipes-interval]")) == 2
