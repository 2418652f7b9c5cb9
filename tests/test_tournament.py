"""Tournaments: movements against brute force, standings, a golden evening, interchange with
hostile input, and a duplicate round played by bots."""

from __future__ import annotations

import itertools
import json
import pickle
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco import (
    FIBUR,
    FOUR_DEALS,
    Action,
    BurracoError,
    GameState,
    GreedyAgent,
    RandomAgent,
    Reason,
    TournamentError,
)
from burraco.engine import new_game
from burraco.tournament import (
    Comparison,
    Criterion,
    Entrant,
    Movement,
    Rematches,
    Round,
    Settings,
    Table,
    TableResult,
    Tournament,
    compare,
    danese_round,
    entrants_csv,
    from_dict,
    from_json,
    individual_round,
    mitchell_round,
    play_table,
    read_entrants,
    read_tables,
    round_decks,
    round_robin_round,
    score_sheet_csv,
    standings_csv,
    tables_csv,
    to_dict,
    to_json,
)

GOLDEN = Path(__file__).parent / "vectors" / "tournament-evening.txt"

NAMES = [
    "Rossi - Bianchi", "Ferrari - Esposito", "Romano - Colombo", "Ricci - Marino",
    "Greco - Bruno", "Gallo - Conti", "De Luca - Mancini", "Costa - Giordano",
    "Rizzo - Lombardi", "Moretti - Barbieri", "Fontana - Santoro", "Mariani - Rinaldi",
]  # fmt: skip
CLUBS = ["Lido", "Circolo Nord", "Lido", "Aurora"] * 3
EVENING = [
    [(1295, 1665), (1845, 1255), (805, 1375), (1465, 655), (785, 1835), (625, 890)],
    [(1325, 2665), (900, 1395), (2785, 2500), (2260, 690), (2195, 770), (945, 1295)],
    [(2635, 2485), (990, 1140), (2770, 2545), (2435, 1695), (790, 2165), (1640, 965)],
    [(2390, 745), (680, 1040), (1420, 1240), (1510, 2580), (2455, 1415), (840, 1650)],
]
"""The table totals of a Friday evening: 12 pairs, three Mitchell rounds and one Danese."""


def entrants(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(number, f"pair {number}") for number in range(1, count + 1))


def friday() -> Tournament:
    pairs = [Entrant(index + 1, name, club=CLUBS[index]) for index, name in enumerate(NAMES)]
    evening = Tournament.create("Friday evening", pairs)
    for number, results in enumerate(EVENING, start=1):
        evening = evening.pair_next_round()
        for table, (home, away) in zip(evening.round(number).tables, results, strict=True):
            evening = evening.record(number, table.number, TableResult.from_totals(home, away))
    return evening


def meetings(round_: Round) -> set[frozenset[int]]:
    return {frozenset(table.entrants) for table in round_.tables}


# --- movements -------------------------------------------------------------------------------


@given(st.integers(2, 41), st.data())
def test_a_mitchell_meets_each_fixed_pair_once(count: int, data: st.DataObject) -> None:
    tables = (count + 1) // 2
    step = data.draw(st.integers(1, max(1, tables - 1)))
    numbers = list(range(1, count + 1))
    fixed, moving = numbers[:tables], numbers[tables:]
    met: list[tuple[int, int]] = []
    for number in range(1, tables + 1):
        round_ = mitchell_round(numbers, number, step=step)
        assert round_.entrants == set(numbers)
        assert len(round_.byes) == count % 2
        for table in round_.tables:
            assert table.home[0] in fixed and table.away[0] in moving
            assert table.number == fixed.index(table.home[0]) + 1
            met.append((table.home[0], table.away[0]))
    assert sorted(met) == sorted(itertools.product(fixed, moving))


def test_a_mitchell_of_an_even_number_of_tables_moving_two_skips_once() -> None:
    seen = [
        mitchell_round(range(1, 13), number, step=2).tables[0].away[0] for number in range(1, 7)
    ]
    assert seen == [7, 11, 9, 12, 10, 8]
    with pytest.raises(TournamentError) as caught:
        mitchell_round(range(1, 13), 7)
    assert caught.value.reason is Reason.NO_PAIRING


@given(st.integers(2, 17), st.integers(1, 3))
def test_a_round_robin_meets_everybody_in_its_group_once(count: int, groups: int) -> None:
    groups = min(groups, count // 2)
    size = count // groups + (count % groups > 0)
    rounds = [
        round_robin_round(range(1, count + 1), number, groups=groups)
        for number in range(1, size + size % 2)
    ]
    met = [pair for round_ in rounds for pair in meetings(round_)]
    assert len(met) == len(set(met))
    for round_ in rounds:
        assert round_.entrants == set(range(1, count + 1))
    if groups == 1:
        assert set(met) == {
            frozenset(pair) for pair in itertools.combinations(range(1, count + 1), 2)
        }


def first_matching(
    people: Sequence[int], allowed: Callable[[int, int], bool]
) -> list[tuple[int, int]] | None:
    """Brute force: the first pairing in ranking order (first with the earliest partner it may
    meet whose choice leaves the rest pairable), trying every partner recursively, no memory."""
    if not people:
        return []
    first, rest = people[0], people[1:]
    for other in rest:
        if allowed(first, other):
            found = first_matching([p for p in rest if p != other], allowed)
            if found is not None:
                return [(first, other), *found]
    return None


@settings(max_examples=300)
@given(st.integers(2, 12), st.data())
def test_a_danese_round_is_rematch_free_whenever_brute_force_finds_a_pairing(
    count: int, data: st.DataObject
) -> None:
    ranking = data.draw(st.permutations(range(1, count + 1)))
    every = list(itertools.combinations(range(1, count + 1), 2))
    met = {frozenset(pair) for pair in data.draw(st.lists(st.sampled_from(every), max_size=40))}

    def allowed(one: int, other: int) -> bool:
        return frozenset((one, other)) not in met

    byes = [None] if count % 2 == 0 else list(reversed(ranking))
    expected = next(
        (
            (bye, found)
            for bye in byes
            if (found := first_matching([p for p in ranking if p != bye], allowed)) is not None
        ),
        None,
    )
    if expected is None:
        with pytest.raises(TournamentError) as caught:
            danese_round(ranking, 2, allowed=allowed)
        assert caught.value.reason is Reason.NO_PAIRING
        return
    round_ = danese_round(ranking, 2, allowed=allowed)
    assert round_.entrants == set(ranking)
    assert not meetings(round_) & met
    bye, pairs = expected
    assert round_.byes == (() if bye is None else (bye,))
    assert [table.entrants for table in round_.tables] == pairs


def test_a_pure_danese_pairs_first_with_second_even_after_they_met() -> None:
    round_ = danese_round([5, 2, 7, 1], 3, allowed=lambda a, b: True)
    assert [table.entrants for table in round_.tables] == [(5, 2), (7, 1)]


def test_the_bye_of_a_danese_goes_to_the_lowest_ranked_without_one() -> None:
    round_ = danese_round([1, 2, 3, 4, 5], 2, allowed=lambda a, b: True, byes_had={5: 1})
    assert round_.byes == (4,)
    assert [table.entrants for table in round_.tables] == [(1, 2), (3, 5)]


def test_a_modified_danese_never_rematches_when_it_can_avoid_it() -> None:
    evening = Tournament.create(
        "never again",
        entrants(8),
        Settings(schedule=(Movement.DANESE,) * 5, rematches=Rematches.NEVER),
    )
    for number in range(1, 6):
        evening = evening.pair_next_round()
        for table in evening.round(number).tables:
            evening = evening.record(
                number, table.number, TableResult.from_totals(900 + 10 * table.home[0], 800)
            )
    met = [pair for round_ in evening.rounds for pair in meetings(round_)]
    assert len(met) == len(set(met))
    assert all(not round_.note for round_ in evening.rounds)


def test_a_danese_that_cannot_avoid_a_rematch_relaxes_the_rule_and_says_so() -> None:
    evening = Tournament.create(
        "four pairs",
        entrants(4),
        Settings(schedule=(Movement.DANESE,) * 4, rematches=Rematches.NEVER),
    )
    for number in range(1, 5):
        evening = evening.pair_next_round()
        for table in evening.round(number).tables:
            evening = evening.record(number, table.number, TableResult.from_totals(1000, 900))
    assert not evening.rounds[2].note
    assert "rematches=not-previous" in evening.rounds[3].note


def test_forbidden_pairings_and_clubs_keep_entrants_apart_in_a_danese() -> None:
    pairs = [Entrant(n, f"pair {n}", club="Lido" if n in (1, 2) else "") for n in range(1, 7)]
    evening = Tournament.create(
        "clubs",
        pairs,
        Settings(schedule=(Movement.DANESE,), avoid_same_club=True, forbidden=((3, 4),)),
    ).pair_next_round()
    assert meetings(evening.round(1)) == {frozenset({1, 3}), frozenset({2, 4}), frozenset({5, 6})}


def test_a_mitchell_with_clubs_apart_puts_each_club_in_one_line() -> None:
    evening = Tournament.create(
        "clubs", friday().entrants, Settings(avoid_same_club=True)
    ).pair_next_round()
    for table in evening.round(1).tables:
        home, away = (evening.entrant(side[0]).club for side in (table.home, table.away))
        assert home != away


def test_a_mitchell_that_seats_a_forbidden_pairing_says_so_in_its_note() -> None:
    evening = Tournament.create(
        "forbidden", entrants(6), Settings(forbidden=((2, 5),))
    ).pair_next_round()
    assert evening.round(1).note == (
        "the movement seats entrants who should not meet: table 2: 2 v 5"
    )


def test_only_a_duplicate_tournament_has_deck_orders() -> None:
    with pytest.raises(TournamentError) as caught:
        Tournament.create("plain", entrants(4)).decks(1)
    assert caught.value.reason is Reason.OUT_OF_ORDER
    duplicate = Tournament.create("dup", entrants(4), Settings(seed=3))
    assert duplicate.decks(2) == round_decks(3, 2, 4)


def test_an_individual_tournament_with_byes_changes_partners_every_round() -> None:
    players = tuple(Entrant(n, f"player {n}") for n in range(1, 10))
    evening = Tournament.create(
        "individual",
        players,
        Settings(
            schedule=(Movement.DANESE,) * 4,
            individual=True,
            rematches=Rematches.NEVER,
            seat_everyone=False,
        ),
    )
    partners: list[frozenset[int]] = []
    for number in range(1, 5):
        evening = evening.pair_next_round()
        round_ = evening.round(number)
        assert len(round_.byes) == 1 and round_.entrants == set(range(1, 10))
        partners += [
            frozenset(side) for table in round_.tables for side in (table.home, table.away)
        ]
        for table in round_.tables:
            evening = evening.record(number, table.number, TableResult.from_totals(1200, 700))
    assert len(partners) == len(set(partners))
    assert len({bye for round_ in evening.rounds for bye in round_.byes}) == 4
    line = evening.standings(1).line_of(evening.rounds[0].tables[0].home[0])
    assert line.victory_points == 12  # 1200-700 under FOUR_DEALS, for each partner
    assert individual_round(range(1, 5), 1, partners_allowed=lambda a, b: True).tables == (
        Table(1, (1, 2), (3, 4)),
    )


@given(st.integers(3, 30), st.sampled_from([1, 2, 3]))
def test_every_entrant_plays_or_has_a_bye_in_every_round_of_a_mixed_schedule(
    count: int, seed: int
) -> None:
    schedule = (Movement.MITCHELL, Movement.DANESE, Movement.MITCHELL, Movement.DANESE)
    evening = Tournament.create("mixed", entrants(count), Settings(schedule=schedule))
    for number in range(1, 5):
        evening = evening.pair_next_round()
        round_ = evening.round(number)
        assert round_.entrants == set(range(1, count + 1))
        assert len(round_.byes) == count % 2
        for table in round_.tables:
            home = 500 + 5 * ((table.home[0] * seed * 37) % 180)
            evening = evening.record(number, table.number, TableResult.from_totals(home, 800))
    assert evening.is_over


# --- results and standings -------------------------------------------------------------------


def test_the_golden_friday_evening_gives_the_same_standings() -> None:
    evening = friday()
    assert str(evening.standings()) + "\n" == GOLDEN.read_text(encoding="utf-8")
    assert [round_.movement for round_ in evening.rounds] == [Movement.MITCHELL] * 3 + [
        Movement.DANESE
    ]


def test_standings_rank_ties_as_one_two_two_four() -> None:
    evening = Tournament.create(
        "ties",
        entrants(4),
        Settings(schedule=(Movement.MITCHELL,), criteria=(Criterion.VICTORY_POINTS,)),
    ).pair_next_round()
    evening = evening.record(1, 1, TableResult.from_totals(1400, 900))
    evening = evening.record(1, 2, TableResult.from_totals(700, 700))
    standings = evening.standings()
    assert standings.ranks == (1, 2, 2, 4)
    assert standings.ranking == (1, 2, 4, 3)


def test_head_to_head_decides_between_the_entrants_still_level() -> None:
    manual = (Movement.MANUAL,) * 2
    evening = Tournament.create("h2h", entrants(4), Settings(schedule=manual))
    evening = evening.with_round(
        Round(1, Movement.MANUAL, (Table(1, (1,), (2,)), Table(2, (3,), (4,))))
    )
    evening = evening.record(1, 1, TableResult.from_totals(2000, 800))  # 16-4
    evening = evening.record(1, 2, TableResult.from_totals(1000, 1000))  # 10-10
    evening = evening.with_round(
        Round(2, Movement.MANUAL, (Table(1, (1,), (3,)), Table(2, (2,), (4,))))
    )
    evening = evening.record(2, 1, TableResult.from_totals(800, 1400))  # 7-13
    evening = evening.record(2, 2, TableResult.from_totals(1000, 1000))
    level = evening.standings(criteria=(Criterion.VICTORY_POINTS,))
    assert (level.ranking, level.ranks) == ((1, 3, 4, 2), (1, 1, 3, 4))
    decided = evening.standings(criteria=(Criterion.VICTORY_POINTS, Criterion.HEAD_TO_HEAD))
    assert (decided.ranking, decided.ranks) == ((3, 1, 4, 2), (1, 2, 3, 4))
    buchholz = evening.standings(criteria=(Criterion.BUCHHOLZ,))
    assert buchholz.line_of(1).buchholz == 14 + 23


def test_byes_unplayed_tables_and_time_outs_are_explicit_results() -> None:
    evening = Tournament.create(
        "odd", entrants(5), Settings(schedule=(Movement.MITCHELL,), bye_victory_points=12)
    ).pair_next_round()
    round_ = evening.round(1)
    assert round_.byes == (3,)
    evening = evening.record(1, 1, TableResult.unplayed((12, 0)))
    evening = evening.record(1, 2, TableResult.from_totals(1500, 900, time_out=True))
    standings = evening.standings()
    assert standings.line_of(3).victory_points == 12 and standings.line_of(3).byes == 1
    assert standings.line_of(1).victory_points == 12 and standings.line_of(1).played == 1
    assert standings.line_of(4).victory_points == 0
    assert standings.line_of(2).victory_points == 13  # 600 under FOUR_DEALS
    assert "time-out" in score_sheet_csv(evening)


def test_a_correction_needs_a_reason_and_keeps_the_old_result_in_the_history() -> None:
    evening = Tournament.create(
        "c", entrants(4), Settings(schedule=(Movement.MITCHELL,))
    ).pair_next_round()
    evening = evening.record(1, 1, TableResult.from_totals(1400, 900))
    with pytest.raises(TournamentError) as caught:
        evening.record(1, 1, TableResult.from_totals(900, 1400))
    assert caught.value.reason is Reason.OUT_OF_ORDER
    corrected = evening.record(1, 1, TableResult.from_totals(900, 1400), reason="card swapped")
    assert corrected.results(1)[1].points == (900, 1400)
    assert len(corrected.history) == 2 and corrected.history[0] == evening.history[0]
    penalized = corrected.adjust(1, 3, -2, reason="slow play")
    assert (
        penalized.standings().line_of(3).victory_points
        == corrected.standings().line_of(3).victory_points - 2
    )
    with pytest.raises(TournamentError):
        corrected.adjust(1, 3, -2, reason=" ")


def test_a_result_from_hand_scores_keeps_its_deals() -> None:
    from burraco import score_hand

    hands = [score_hand(new_game(seed=seed)) for seed in range(4)]
    result = TableResult.from_hands(hands)
    assert result.deals == tuple(tuple(hand.totals) for hand in hands)
    assert result.points == (sum(d[0] for d in result.deals), sum(d[1] for d in result.deals))
    assert result.victory_points(FOUR_DEALS) in {(a, b) for _, a, b in FOUR_DEALS} | {
        (b, a) for _, a, b in FOUR_DEALS
    }


@pytest.mark.parametrize(
    ("step", "reason"),
    [
        (lambda t: t.pair_next_round().pair_next_round(), Reason.OUT_OF_ORDER),
        (lambda t: t.record(1, 1, TableResult.from_totals(5, 10)), Reason.NOT_IN_TOURNAMENT),
        (
            lambda t: t.pair_next_round().record(1, 9, TableResult.from_totals(5, 10)),
            Reason.NOT_IN_TOURNAMENT,
        ),
        (lambda t: t.pair_next_round().adjust(1, 99, 1, reason="x"), Reason.NOT_IN_TOURNAMENT),
        (
            lambda t: t.pair_next_round().record(1, 1, TableResult((15, 0), ((5, 0), (10, 0)))),
            Reason.INCONSISTENT_STATE,
        ),
    ],
)
def test_a_rejected_step_raises_a_typed_error_and_changes_nothing(
    step: Callable[[Tournament], Tournament], reason: Reason
) -> None:
    evening = Tournament.create("t", entrants(4))
    before = pickle.dumps(evening)
    with pytest.raises(TournamentError) as caught:
        step(evening)
    assert caught.value.reason is reason
    assert pickle.dumps(evening) == before


def test_the_tournament_error_pickles_and_is_a_burraco_error() -> None:
    error = TournamentError("no table 9", reason=Reason.NOT_IN_TOURNAMENT, path="line 3")
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.reason, copy.path) == (str(error), error.reason, error.path)
    assert isinstance(copy, BurracoError) and isinstance(copy, ValueError)
    assert (
        copy.public_message
        == "line 3: not-in-tournament: the tournament has no such entrant, round or table"
    )


# --- interchange -----------------------------------------------------------------------------


def test_a_whole_tournament_round_trips_through_json() -> None:
    evening = (
        friday()
        .adjust(4, 5, -3, reason="late")
        .record(4, 2, TableResult.from_totals(700, 1040), reason="miscount")
    )
    assert from_json(to_json(evening)) == evening
    assert from_dict(json.loads(json.dumps(to_dict(evening)))) == evening


def test_csv_files_of_entrants_and_tables_round_trip() -> None:
    evening = friday()
    pairs = tuple(attrs.evolve(e, players=("A", "B")) for e in evening.entrants)
    assert read_entrants(entrants_csv(pairs)) == pairs
    for round_ in evening.rounds:
        assert read_tables(tables_csv(round_), round_number=round_.number).tables == round_.tables
    odd = mitchell_round(range(1, 8), 2)
    assert read_tables(tables_csv(odd)).byes == odd.byes
    rows = standings_csv(evening.standings()).splitlines()
    assert rows[0].startswith("rank,number,name,victory_points") and len(rows) == 13
    assert len(score_sheet_csv(evening).splitlines()) == 1 + 4 * 6


@pytest.mark.parametrize(
    ("text", "reason", "where"),
    [
        ("name\nx\n", Reason.BAD_CSV, "line 1"),
        ("number,name,colour\n1,x,red\n", Reason.BAD_CSV, "line 1"),
        ("number,name\n1,x,extra\n", Reason.BAD_CSV, "line 2"),
        ("number,name\n0,x\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n99999999999999999999,x\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n-1,x\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n1,@SUM(A1)\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n1,+1\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n1,a\x00b\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n1,x\n1,y\n", Reason.INCONSISTENT_STATE, "line 3"),
        ("number,name\n1,\n", Reason.OUT_OF_RANGE, "line 2"),
        ("number,name\n1," + "x" * 500 + "\n", Reason.OUT_OF_RANGE, "line 2"),
        ('number,name\n1,"x\n', Reason.BAD_CSV, "line 2"),
    ],
)
def test_hostile_entrant_files_raise_typed_errors_that_name_the_line(
    text: str, reason: Reason, where: str
) -> None:
    with pytest.raises(TournamentError) as caught:
        read_entrants(text)
    assert caught.value.reason is reason, caught.value
    assert caught.value.path.startswith(where)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    "text",
    [
        "table,home\n1,2\n",
        "table,home,away\n1,2,2\n",
        "table,home,away\n1,2,3\n2,3,4\n",
        "table,home,away\n1,2+3+4,5\n",
        "table,home,away\nbye,1,2\n",
        "table,home,away\n1,2+3,4\n",
        "table,home,away\nx,1,2\n",
    ],
)
def test_hostile_table_lists_are_rejected(text: str) -> None:
    with pytest.raises(TournamentError):
        read_tables(text)


def mutate(document: dict[str, Any], path: Sequence[str | int], value: object) -> object:
    copy: Any = json.loads(json.dumps(document))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


@pytest.mark.parametrize(
    ("path", "value", "reason"),
    [
        (["format"], 4, Reason.UNSUPPORTED_FORMAT),
        (["name"], 7, Reason.WRONG_TYPE),
        (["settings", "deals"], True, Reason.WRONG_TYPE),
        (["settings", "deals"], 10**100, Reason.OUT_OF_RANGE),
        (["settings", "rematches"], "sometimes", Reason.OUT_OF_RANGE),
        (["settings", "schedule"], ["mitchell", "swiss"], Reason.OUT_OF_RANGE),
        (
            ["settings", "victory_table"],
            [[100, 10, 10], [50, 11, 9], [None, 20, 0]],
            Reason.OUT_OF_RANGE,
        ),
        (["settings", "colour"], "red", Reason.UNKNOWN_FIELD),
        (["entrants", 3, "number"], 1, Reason.INCONSISTENT_STATE),
        (["entrants", 3, "name"], "=cmd|' /C calc'!A0", Reason.OUT_OF_RANGE),
        (["rounds", 0, "tables", 0, "away"], [8], Reason.INCONSISTENT_STATE),
        (["rounds", 1, "tables", 0, "away"], [11], Reason.INCONSISTENT_STATE),
        (["rounds", 3, "tables", 0, "away"], [3], Reason.INCONSISTENT_STATE),
        (["rounds", 3, "paired_after"], 0, Reason.INCONSISTENT_STATE),
        (["rounds", 3, "paired_after"], 17, Reason.OUT_OF_ORDER),
        (["rounds", 1, "paired_after"], 7, Reason.OUT_OF_ORDER),
        (["rounds", 0, "movement"], "danese", Reason.INCONSISTENT_STATE),
        (["history", -1, "table"], 9, Reason.NOT_IN_TOURNAMENT),
        (["history", 0, "points"], [1, "2"], Reason.WRONG_TYPE),
        (["history", 0, "points"], [10**9, 0], Reason.OUT_OF_RANGE),
        (["history", 0, "kind"], "unplayed", Reason.INCONSISTENT_STATE),
        (["history", 0, "deals"], [[5, 10]], Reason.INCONSISTENT_STATE),
        (["history", -1, "round"], 5, Reason.NOT_IN_TOURNAMENT),
        (["history", 24, "reason"], "", Reason.OUT_OF_ORDER),
    ],
)
def test_a_tampered_tournament_file_is_rejected_with_a_typed_error(
    path: list[str | int], value: object, reason: Reason
) -> None:
    document = to_dict(friday().record(1, 1, TableResult.from_totals(5, 10), reason="typo"))
    with pytest.raises(TournamentError) as caught:
        from_dict(mutate(document, path, value))
    assert caught.value.reason is reason, caught.value
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    "text",
    ["", "[", "{" * 100_000 + "}" * 100_000, "x" * 5_000_000, '{"type": 1}', "[1, 2]", "null"],
)
def test_hostile_json_text_raises_a_tournament_error(text: str) -> None:
    with pytest.raises(TournamentError) as caught:
        from_json(text)
    assert len(str(caught.value)) < 300


# --- duplicate Burraco -----------------------------------------------------------------------


class FirstStates:
    """A step hook that keeps the state before the first action of each deal."""

    def __init__(self) -> None:
        self.states: list[GameState] = []
        self.deals_over = 0

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        if len(self.states) == self.deals_over:
            self.states.append(before)
        if after.is_over:
            self.deals_over += 1


def test_a_duplicate_round_deals_the_same_cards_at_every_table() -> None:
    decks = round_decks(seed=45, round_number=1, deals=2)
    assert decks != round_decks(seed=45, round_number=2, deals=2)
    dealt = [
        [new_game(FIBUR, deck=list(deck), dealer=index % 4) for index, deck in enumerate(decks)]
        for _ in range(3)
    ]
    assert dealt[0] == dealt[1] == dealt[2]
    recorders = {table: FirstStates() for table in (1, 2, 3)}
    results = {
        table: play_table(
            decks,
            [GreedyAgent(), RandomAgent(table), GreedyAgent(), RandomAgent(table + 9)],
            on_action=recorders[table],
        )
        for table in (1, 2, 3)
    }
    first_states = {table: recorder.states for table, recorder in recorders.items()}
    assert len(first_states[1]) == 2
    assert first_states[1] == first_states[2] == first_states[3]
    assert first_states[1] == dealt[0]
    assert all(len(result.deals) == 2 for result in results.values())
    same = {
        table: play_table(decks, [GreedyAgent(), GreedyAgent(), GreedyAgent(), GreedyAgent()])
        for table in (1, 2)
    }
    assert same[1] == same[2]
    assert compare(same) == {1: (2, 2), 2: (2, 2)}
    matchpoints = compare(results)
    assert sum(home + away for home, away in matchpoints.values()) == 2 * 2 * 3 * 2
    against = compare(results, Comparison.DIFFERENCE)
    assert abs(sum(home for home, _ in against.values())) < 1e-6


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def places(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path to a value inside a JSON document."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def outcome(call: Callable[[], object]) -> object:
    """What ``call()`` returns, or the :class:`TournamentError` it raises."""
    try:
        return call()
    except TournamentError as error:
        return error


SMALL = to_dict(friday())
SMALL_PLACES = places(SMALL)


@settings(max_examples=200)
@given(st.sampled_from(SMALL_PLACES), JSON_VALUES)
def test_any_value_put_anywhere_in_a_file_loads_or_raises_a_tournament_error(
    path: tuple[str | int, ...], value: object
) -> None:
    document = mutate(SMALL, path, value)
    loaded = outcome(lambda: from_dict(document))
    if isinstance(loaded, TournamentError):
        assert len(str(loaded)) < 400
    else:
        assert isinstance(loaded, Tournament) and from_dict(to_dict(loaded)) == loaded


@given(st.text(max_size=200))
def test_any_text_read_as_csv_gives_values_or_a_tournament_error(text: str) -> None:
    readers: list[tuple[Callable[[str], object], str]] = [
        (read_entrants, "number,name,club\n"),
        (read_tables, "table,home,away\n"),
    ]
    for reader, header in readers:
        for whole in (header + text, text):
            result = outcome(lambda: reader(whole))  # noqa: B023 (called at once)
            assert not isinstance(result, TournamentError) or len(str(result)) < 400
