"""The match: target, ties, dealer rotation, the score sheet, and victory points."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from burraco.errors import InvalidStateError, Reason
from burraco.match import FOUR_DEALS, THREE_DEALS, Match, VictoryTable, victory_points
from burraco.rules import CLASSIC, Rules
from burraco.scoring import HandScore, TeamScore

THREE_PLAYERS = attrs.evolve(CLASSIC, players=3)


def hand(*totals: int) -> HandScore:
    """A hand score with the given total for each team."""
    return HandScore(
        tuple(
            TeamScore(
                melded=max(total, 0),
                in_hand=min(total, 0),
                burraco_bonus=0,
                closing_bonus=0,
                pozzetto_penalty=0,
            )
            for total in totals
        )
    )


def play(match: Match, *hands: tuple[int, ...]) -> Match:
    for totals in hands:
        match = match.record(hand(*totals))
    return match


# --- target and winner ---------------------------------------------------------------------------


def test_a_new_match_has_no_hands_and_no_winner() -> None:
    match = Match.start()
    assert (match.hands, match.totals, match.dealer, match.is_over, match.winner) == (
        (),
        (0, 0),
        0,
        False,
        None,
    )


def test_match_goes_on_below_the_target() -> None:
    match = play(Match.start(), (1200, 300), (700, 1500))
    assert (match.totals, match.is_over, match.winner) == ((1900, 1800), False, None)


def test_one_team_reaching_the_target_wins() -> None:
    match = play(Match.start(), (1500, 200), (600, 100))
    assert (match.totals, match.is_over, match.winner) == ((2100, 300), True, 0)


def test_target_is_inclusive() -> None:
    match = play(Match.start(), (1500, 200), (300, 1795), (200, 0))
    assert (match.totals, match.winner) == ((2000, 1995), 0)


def test_negative_hands_lower_the_running_total() -> None:
    match = play(Match.start(), (-150, 45), (1000, 2000))
    assert (match.totals, match.winner) == ((850, 2045), 1)


def test_two_teams_reaching_the_target_on_the_same_hand_the_higher_wins() -> None:
    match = play(Match.start(), (1900, 1950), (200, 100))
    assert (match.totals, match.winner) == ((2100, 2050), 0)


def test_equal_highest_totals_over_the_target_play_another_hand() -> None:
    tied = play(Match.start(), (1900, 1800), (200, 300))
    assert (tied.totals, tied.is_over, tied.winner) == ((2100, 2100), False, None)
    decided = tied.record(hand(0, 5))
    assert (decided.totals, decided.is_over, decided.winner) == ((2100, 2105), True, 1)


def test_with_three_teams_a_tie_at_the_top_plays_on_and_a_lower_team_does_not_matter() -> None:
    tied = play(Match.start(THREE_PLAYERS), (2050, 2050, 2000))
    assert (tied.is_over, tied.winner) == (False, None)
    decided = tied.record(hand(-20, 0, 200))
    assert (decided.totals, decided.winner) == ((2030, 2050, 2200), 2)


def test_a_lower_custom_target() -> None:
    match = play(Match.start(attrs.evolve(CLASSIC, target=500)), (505, 0))
    assert match.winner == 0


def test_record_returns_a_new_match_and_leaves_the_old_one_unchanged() -> None:
    start = Match.start()
    after = start.record(hand(400, 45))
    assert (start.hands, after.hands) == ((), (hand(400, 45),))


def test_record_takes_the_hand_score_by_the_name_design_gives_it() -> None:
    # DESIGN.md: match.record(hand_score) -> Match
    assert Match.start().record(hand_score=hand(400, 45)).totals == (400, 45)


def test_record_after_the_match_is_over_raises() -> None:
    match = play(Match.start(), (2000, 0))
    with pytest.raises(
        InvalidStateError, match="the match is over: team 0 won with 2000"
    ) as caught:
        match.record(hand(10, 10))
    assert caught.value.reason is Reason.INCONSISTENT_STATE


def test_record_with_the_wrong_number_of_teams_raises() -> None:
    with pytest.raises(InvalidStateError, match="scores 3 teams but the match has 2") as caught:
        Match.start().record(hand(10, 10, 10))
    assert caught.value.reason is Reason.INCONSISTENT_STATE


def test_a_match_cannot_hold_hands_played_after_it_was_won() -> None:
    with pytest.raises(InvalidStateError, match=r"hands\[1\]: the match was over") as caught:
        Match(CLASSIC, 0, (hand(2000, 0), hand(0, 10)))
    assert caught.value.reason is Reason.INCONSISTENT_STATE


# --- the deal ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "first_dealer", "dealers"),
    [
        (2, 0, [0, 1, 0, 1, 0]),
        (2, 1, [1, 0, 1, 0, 1]),
        (3, 2, [2, 0, 1, 2, 0]),
        (4, 0, [0, 1, 2, 3, 0]),
        (4, 3, [3, 0, 1, 2, 3]),
        (6, 4, [4, 5, 0, 1, 2, 3, 4]),
    ],
)
def test_the_deal_passes_to_the_left_after_each_hand(
    players: int, first_dealer: int, dealers: list[int]
) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    match = Match.start(rules, dealer=first_dealer)
    seen = []
    for _ in dealers:
        seen.append(match.dealer)
        match = match.record(hand(*[0] * rules.teams))
    assert seen == dealers


@pytest.mark.parametrize(("players", "dealer"), [(4, 4), (4, -1), (2, 2), (6, 6)])
def test_the_first_dealer_must_be_a_seat(players: int, dealer: int) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    with pytest.raises(ValueError, match=f"a seat from 0 to {players - 1}"):
        Match.start(rules, dealer=dealer)


# --- score sheets --------------------------------------------------------------------------------


def test_match_str_is_a_score_sheet_with_the_winner() -> None:
    match = play(Match.start(dealer=3), (400, 45), (-30, 1200), (1700, 900))
    assert str(match).splitlines() == [
        "hand    dealer   team 0   team 1",
        "1            3      400       45",
        "2            0      -30     1200",
        "3            1     1700      900",
        "total              2070     2145",
        "team 1 wins (target 2000)",
    ]


def test_match_str_of_a_match_in_progress_says_who_deals_next() -> None:
    match = play(Match.start(THREE_PLAYERS), (100, -20, 35))
    assert str(match).splitlines() == [
        "hand    dealer   team 0   team 1   team 2",
        "1            0      100      -20       35",
        "total               100      -20       35",
        "target 2000; seat 1 deals next",
    ]


# --- victory points ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difference", "points"),
    [
        (0, (10, 10)),
        (50, (10, 10)),
        (55, (11, 9)),
        (150, (11, 9)),
        (155, (12, 8)),
        (250, (12, 8)),
        (255, (13, 7)),
        (350, (13, 7)),
        (355, (14, 6)),
        (500, (14, 6)),
        (505, (15, 5)),
        (650, (15, 5)),
        (655, (16, 4)),
        (800, (16, 4)),
        (805, (17, 3)),
        (1000, (17, 3)),
        (1005, (18, 2)),
        (1250, (18, 2)),
        (1255, (19, 1)),
        (1500, (19, 1)),
        (1505, (20, 0)),
        (10_000, (20, 0)),
    ],
)
def test_three_deal_victory_points_at_every_boundary(
    difference: int, points: tuple[int, int]
) -> None:
    assert victory_points(difference) == points


def test_differences_between_table_rows_fall_in_the_upper_row() -> None:
    assert [victory_points(d) for d in (51, 54, 151, 1501)] == [(11, 9), (11, 9), (12, 8), (20, 0)]


def test_three_deals_table_is_data_with_an_open_last_row() -> None:
    assert THREE_DEALS[0] == (50, 10, 10)
    assert THREE_DEALS[-1] == (None, 20, 0)
    assert all(winner + loser == 20 for _, winner, loser in THREE_DEALS)


def test_a_custom_victory_point_table() -> None:
    table = [(100, 6, 4), (300, 8, 2), (None, 10, 0)]
    assert [victory_points(d, table) for d in (0, 100, 101, 300, 301)] == [
        (6, 4),
        (6, 4),
        (8, 2),
        (8, 2),
        (10, 0),
    ]
    assert victory_points(7, [(None, 2, 0)]) == (2, 0)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ([], "at least one row"),
        ([(100, 6, 4)], "last row .* must be open"),
        ([(None, 6, 4), (None, 10, 0)], "row 0 .* is open"),
        ([(300, 6, 4), (100, 8, 2), (None, 10, 0)], "bounds must be whole numbers that increase"),
        ([(100, 6, 4), (100, 8, 2), (None, 10, 0)], "bounds must be whole numbers that increase"),
        ([(-5, 6, 4), (None, 10, 0)], "bounds must be whole numbers that increase"),
        ([(100, 6), (None, 10, 0)], r"must be \(up_to, winner's, loser's\)"),
        ([(100, 6, 4.5), (None, 10, 0)], "points must be whole numbers"),
    ],
)
def test_bad_victory_point_tables_are_rejected(table: VictoryTable, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        victory_points(10, table)


def test_negative_differences_are_rejected() -> None:
    with pytest.raises(ValueError, match="zero or more, not -5"):
        victory_points(-5)


def test_a_difference_must_be_a_whole_number() -> None:
    with pytest.raises(TypeError):
        victory_points(12.5)  # type: ignore[arg-type]


def test_match_start_uses_the_rules_given() -> None:
    rules: Rules = attrs.evolve(CLASSIC, players=6, target=3000)
    match = Match.start(rules, dealer=5)
    assert (match.rules, match.first_dealer, match.totals, match.dealer) == (
        rules,
        5,
        (0, 0, 0),
        5,
    )


# --- four deals and tournament matches ----------------------------------------------------------


@pytest.mark.parametrize(
    ("difference", "points"),
    [
        (0, (10, 10)),
        (100, (10, 10)),
        (105, (11, 9)),
        (300, (11, 9)),
        (305, (12, 8)),
        (500, (12, 8)),
        (505, (13, 7)),
        (700, (13, 7)),
        (705, (14, 6)),
        (900, (14, 6)),
        (905, (15, 5)),
        (1100, (15, 5)),
        (1105, (16, 4)),
        (1300, (16, 4)),
        (1305, (17, 3)),
        (1500, (17, 3)),
        (1505, (18, 2)),
        (1700, (18, 2)),
        (1705, (19, 1)),
        (2000, (19, 1)),
        (2005, (20, 0)),
        (9_000, (20, 0)),
    ],
)
def test_four_deal_victory_points_at_every_boundary(
    difference: int, points: tuple[int, int]
) -> None:
    assert victory_points(difference, FOUR_DEALS) == points


def test_four_deals_table_is_data_beside_three_deals() -> None:
    assert (FOUR_DEALS[0], FOUR_DEALS[-1], len(FOUR_DEALS)) == ((100, 10, 10), (None, 20, 0), 11)
    assert all(winner + loser == 20 for _, winner, loser in FOUR_DEALS)


def test_a_tournament_match_plays_its_deals_whatever_the_totals() -> None:
    match = play(Match.start(deals=3), (2500, 0), (100, 200))
    assert (match.is_over, match.winner, match.totals, match.dealer) == (
        False,
        None,
        (2600, 200),
        2,
    )
    match = play(match, (0, 300))
    assert (match.is_over, match.winner, match.totals) == (True, 0, (2600, 500))
    assert match.victory_points == (20, 0)
    assert match.table == THREE_DEALS


def test_tournament_victory_points_go_to_the_higher_total_and_follow_the_table() -> None:
    match = play(Match.start(deals=4), (45, 400), (630, 120), (90, 785), (200, 310))
    assert (match.totals, match.winner, match.victory_points) == ((965, 1615), 1, (7, 13))


def test_tournament_victory_points_are_shown_while_the_match_goes_on() -> None:
    match = play(Match.start(deals=4), (45, 400))
    assert (match.is_over, match.victory_points) == (False, (8, 12))


def test_a_tournament_match_with_equal_totals_is_a_draw() -> None:
    match = play(Match.start(deals=3), (300, 100), (100, 300), (50, 50))
    assert (match.is_over, match.winner, match.victory_points) == (True, None, (10, 10))
    assert str(match).splitlines()[-1] == "a draw after 3 deals"


def test_a_target_match_has_no_victory_points() -> None:
    assert (Match.start().deals, Match.start().table, Match.start().victory_points) == (
        None,
        None,
        None,
    )


def test_a_tournament_match_takes_a_custom_table_for_other_deal_counts() -> None:
    table = [(200, 6, 4), (None, 10, 0)]
    match = play(Match.start(deals=2, table=table), (300, 0), (0, 50))
    assert (match.is_over, match.victory_points, match.table) == (
        True,
        (10, 0),
        ((200, 6, 4), (None, 10, 0)),
    )


def test_a_finished_tournament_match_refuses_another_hand() -> None:
    match = play(Match.start(deals=3), (1, 0), (1, 0), (1, 0))
    with pytest.raises(InvalidStateError, match="its 3 deals were played") as error:
        match.record(hand(5, 5))
    assert error.value.reason is Reason.INCONSISTENT_STATE
    with pytest.raises(InvalidStateError, match="its 3 deals were played"):
        Match(CLASSIC, 0, (hand(1, 0),) * 4, deals=3, table=THREE_DEALS)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"deals": 5}, "no built-in victory-point table for 5 deals"),
        ({"deals": 0, "table": THREE_DEALS}, "deals must be at least 1"),
        ({"table": THREE_DEALS}, "for a match of a fixed number of deals"),
        ({"deals": 3, "table": [(100, 6, 4)]}, "must be open"),
        ({"deals": 3, "rules": attrs.evolve(CLASSIC, players=3)}, "between two teams, not 3"),
    ],
)
def test_bad_tournament_options_are_rejected(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Match.start(**arguments)


def test_tournament_score_sheet_shows_victory_points_and_the_deal() -> None:
    match = play(Match.start(deals=3), (400, 45))
    assert str(match) == (
        "hand             dealer   team 0   team 1\n"
        "1                     0      400       45\n"
        "total                        400       45\n"
        "victory points                14        6\n"
        "deal 2 of 3; seat 1 deals next"
    )
    match = play(match, (0, 0), (0, 0))
    assert str(match).splitlines()[-1] == "team 0 wins after 3 deals"
