"""The baccarat family's rules options that the sources leave open (issue 24), through the command line.

Each option is given as a reader types it (`naipes deal GAME --flag VALUE`) and its effect is checked against
what the option says, counted independently here: the cards burned from the turned card's value, the cards left
below the stop card, the insurance's payout, the box's choice on five, the bank maximum.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from naipes import cli
from naipes.core.drive import analyze, play_shoe
from naipes.core.shoe import burn_value
from naipes.games import registry
from naipes.games.baccarat.chemin_de_fer.table import CheminDeFerTable
from naipes.games.baccarat.kernel import deck_counts
from naipes.games.baccarat.mini_bacara.analysis import box_report
from naipes.games.baccarat.mini_bacara.coup import MiniBacaraConduct

FAMILY = ("punto-banca", "mini-punto-banca", "midi-punto-banca", "mini-bacara", "chemin-de-fer", "dos-panos")
DECK = 52


def rules_of(game_id: str, *argv: str):
    """The rules a command line gives `game_id` (the preset's, changed by the options typed)."""
    args = cli.build_parser("en").parse_args(["deal", game_id, *argv])
    return registry.game(game_id).rules_from(args)


def cards_dealt(record) -> int:
    return len(record.burn.burned) + sum(step.kind == "card" for coup in record.coups for step in coup.steps)


@pytest.mark.parametrize("game_id", FAMILY)
def test_the_burn_option_says_whether_the_turned_card_is_one_of_the_cards_burned(game_id):
    # "se quemarán tantas cartas como indique su valor": the turned card and then its value in cards, or the
    # turned card as the first of them.
    game = registry.game(game_id)
    for seed in range(4):
        apart = play_shoe(game, rules_of(game_id, "--burn", "turned-card"), seed).burn
        counted = play_shoe(game, rules_of(game_id, "--burn", "turned-card-counted"), seed).burn
        none = play_shoe(game, rules_of(game_id, "--burn", "none"), seed).burn
        assert apart.turned == counted.turned == apart.burned[0]
        assert len(apart.burned) == burn_value(apart.turned) + 1
        assert len(counted.burned) == burn_value(counted.turned)
        assert none.turned is None and none.burned == ()


@pytest.mark.parametrize("game_id", FAMILY)
@pytest.mark.parametrize("below", [7, 26])
def test_the_stop_card_option_leaves_its_cards_below_it(game_id, below):
    game = registry.game(game_id)
    rules = rules_of(game_id, "--stop-card", str(below), "--burn", "none")
    assert rules.stop_card.cards_below == below
    for seed in range(3):
        record = play_shoe(game, rules, seed)
        last = sum(step.kind == "card" for step in record.coups[-1].steps)
        left = rules.decks * DECK - cards_dealt(record)
        if record.stop_card_out:  # a card below the stop card was dealt, in the last coup only
            assert left < below <= left + last
        else:  # fewer cards than a coup may need were left, all of them still below the stop card
            assert below <= left < game.min_cards


@pytest.mark.parametrize("game_id", ["punto-banca", "chemin-de-fer"])
def test_no_stop_card_deals_the_shoe_to_its_end(game_id):
    game = registry.game(game_id)
    rules = rules_of(game_id, "--stop-card", "none", "--decks", "1")
    record = play_shoe(game, rules, 5)
    assert rules.stop_card is None and not record.stop_card_out
    assert DECK - cards_dealt(record) < game.min_cards


@pytest.mark.parametrize("argv, message", [
    (["--stop-card", "27"], "The stop card takes none or a whole number of cards below it from 0 to 26, not '27'."),
    (["--burn", "half"], "--burn must be one of none, turned-card, turned-card-counted, not 'half'."),
])
@pytest.mark.parametrize("game_id", FAMILY)
def test_a_bad_stop_card_or_burn_is_one_line_with_status_2(game_id, argv, message, capsys):
    assert cli.main(["deal", game_id, *argv, "--lang", "en"]) == 2
    assert capsys.readouterr().err == f"naipes: {message}\n"


def test_the_insurance_payout_changes_the_insurance_edge_as_its_probability_says():
    # An insurance paid k to 1 that wins with probability p returns k*p - (1 - p) per unit; its house edge is
    # the opposite. p does not depend on the payout.
    base = analyze(registry.game("mini-bacara"), rules_of("mini-bacara", "--decks", "1")).line("insurance")
    p = base.probability
    for pays in (1, 2, 3, 10):
        line = analyze(registry.game("mini-bacara"),
                       rules_of("mini-bacara", "--decks", "1", "--insurance-pays", str(pays))).line("insurance")
        assert line.probability == p and line.house_edge == -(pays * p - (1 - p))


def test_the_box_at_five_option_is_the_engines_conduct_in_the_analysis():
    game = registry.game("mini-bacara")
    for five in ("draw", "stand"):
        rules = rules_of("mini-bacara", "--decks", "1", "--box-at-five", five)
        expected = box_report(rules, deck_counts(1), MiniBacaraConduct(box_at_five=five))
        assert [(l.key, l.probability) for l in analyze(game, rules).lines] == \
            [(l.key, l.probability) for l in expected.lines]
    draw, stand = (analyze(game, rules_of("mini-bacara", "--decks", "1", "--box-at-five", five)).line("player")
                   for five in ("draw", "stand"))
    assert draw.probability != stand.probability


@pytest.mark.parametrize("reading", ["natural-nine", "banker-natural", "banker-wins"])
def test_the_insurance_reading_and_the_mixed_banker_are_read_from_the_command_line(reading):
    rules = rules_of("mini-bacara", "--insurance-wins-on", reading, "--mixed-banker", "draw-for-all")
    assert (rules.insurance_wins_on, rules.mixed_banker) == (reading, "draw-for-all")


def test_the_bank_maximum_and_the_players_needed_reach_the_table():
    unlimited = rules_of("chemin-de-fer", "--bank-max-multiple", "none", "--min-players", "6")
    assert CheminDeFerTable(seats=6, minimum=10, rules=unlimited).bank_max is None
    with pytest.raises(Exception, match="at least 6 players"):
        CheminDeFerTable(seats=5, minimum=10, rules=unlimited)
    capped = rules_of("chemin-de-fer", "--bank-max-multiple", "20")
    assert CheminDeFerTable(seats=5, minimum=10, rules=capped).bank_max == 200


def test_a_two_card_nine_that_no_longer_beats_three_cards_lowers_the_panos_chances():
    game = registry.game("dos-panos")
    beats = analyze(game, rules_of("dos-panos", "--decks", "1")).lines
    equal = analyze(game, rules_of("dos-panos", "--decks", "1", "--natural-beats-three-cards", "no")).lines
    assert rules_of("dos-panos", "--natural-beats-three-cards", "no").natural_beats_three_cards is False
    assert beats != equal


@pytest.mark.parametrize("game_id, argv", [
    ("chemin-de-fer", ["--stop-card", "5"]), ("chemin-de-fer", ["--bank-max-multiple", "50"]),
    ("dos-panos", ["--burn", "none"]), ("chemin-de-fer", ["--min-players", "3"]),
])
def test_solve_refuses_an_option_its_solution_does_not_read(game_id, argv, capsys):
    assert cli.main(["solve", game_id, *argv, "--lang", "en"]) == 2
    assert capsys.readouterr().err == f"naipes: The solution does not depend on the option {argv[0]}: leave it out.\n"


@pytest.mark.parametrize("game_id, argv", [
    ("chemin-de-fer", ["--stop-card", "+-5"]), ("chemin-de-fer", ["--bank-max-multiple", "²"]),
    ("dos-panos", ["--natural-beats-three-cards", "1e9"]),
])
def test_solve_refuses_junk_in_any_rules_option_in_one_line(game_id, argv, capsys):
    assert cli.main(["solve", game_id, *argv, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("naipes: ") and repr(argv[1]) in err


def test_solve_reads_whether_a_two_card_nine_beats_three_cards(capsys):
    assert cli.main(["solve", "dos-panos", "--json", "--lang", "en"]) == 0
    beats = capsys.readouterr().out
    assert cli.main(["solve", "dos-panos", "--natural-beats-three-cards", "no", "--json", "--lang", "en"]) == 0
    assert capsys.readouterr().out != beats
