"""A director's evening, issue 56: impossible totals, spreadsheet files, many writers at once,
rematches and seats in a long Danese, assigned results, messages, and the cost of a step."""

from __future__ import annotations

import codecs
import random
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import CLASSIC, FIBUR3, FIBUR5, FOUR_DEALS, Reason, TournamentError, score_hand
from burraco.engine import new_game
from burraco.tournament import (
    Entrant,
    Movement,
    Round,
    Settings,
    Table,
    TableResult,
    Tournament,
    from_dict,
    from_json,
    read_entrants,
    read_tables,
    score_sheet_csv,
    small_tables,
    tables_csv,
    to_dict,
    to_json,
)

SRC = str(Path(__file__).parent.parent / "src")


def entrants(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(number, f"pair {number}") for number in range(1, count + 1))


def play(event: Tournament, seed: int) -> Tournament:
    """Pair and enter every round of ``event`` with made-up totals (multiples of 5)."""
    rng = random.Random(seed)
    while not event.is_over:
        event = event.pair_next_round()
        number = len(event.rounds)
        for table in event.round(number).tables:
            points = [rng.randrange(60, 500) * 5 for _ in table.sides]
            result = (
                TableResult.from_seat_points(points)
                if table.alone
                else TableResult.from_totals(*points)
            )
            event = event.record(number, table.number, result)
    return event


def rematches(event: Tournament) -> int:
    met = Counter(frozenset(table.entrants) for round_ in event.rounds for table in round_.tables)
    return sum(count - 1 for count in met.values())


def one_round(count: int = 4) -> Tournament:
    return Tournament.create(
        "one", entrants(count), Settings(schedule=(Movement.MITCHELL,))
    ).pair_next_round()


# --- D1: impossible totals -------------------------------------------------------------------


@pytest.mark.parametrize("total", [1203, 99_999, 1, -7])
def test_a_total_that_is_not_a_multiple_of_5_is_refused(total: int) -> None:
    with pytest.raises(TournamentError) as caught:
        one_round().record(1, 1, TableResult.from_totals(total, 900))
    assert caught.value.reason is Reason.OUT_OF_RANGE
    assert "multiple of 5" in str(caught.value)


@pytest.mark.parametrize(("home", "away"), [(99_995, 0), (16_725, 100), (500, -4_725)])
def test_a_total_beyond_what_the_deals_reach_is_refused(home: int, away: int) -> None:
    with pytest.raises(TournamentError) as caught:
        one_round().record(1, 1, TableResult.from_totals(home, away))
    assert caught.value.reason is Reason.OUT_OF_RANGE
    assert "beyond what 4 deals can reach (from -4720 to 16720)" in str(caught.value)


def test_the_largest_reachable_totals_are_accepted() -> None:
    event = one_round().record(1, 1, TableResult.from_totals(16_720, -4_720))
    assert event.results(1)[1].points == (16_720, -4_720)


# --- D2: files from any spreadsheet ----------------------------------------------------------

ITALIAN = "Numero;Nome;Giocatore 1;Giocatore 2;Circolo\n1;Rossi - Bianchi;Anna;Bruno;Lido\n" + (
    "2;Ferrari - Esposito;Carla;Dario;Circolo Nord\n3;Romano - Colò;Elena;Fabio;Società\n"
)


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252"]
)
@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_entrant_files_in_any_encoding_and_separator_read_alike(
    encoding: str, separator: str
) -> None:
    text = ITALIAN.replace(";", separator)
    data = text.encode(encoding)
    if encoding == "utf-16-le":
        data = codecs.BOM_UTF16_LE + data if separator == "," else data
    found = read_entrants(data)
    assert [entrant.name for entrant in found] == [
        "Rossi - Bianchi",
        "Ferrari - Esposito",
        "Romano - Colò",
    ]
    assert found[2].players == ("Elena", "Fabio") and found[2].club == "Società"


def test_excel_on_windows_writes_crlf_and_a_trailing_separator() -> None:
    data = "N.;Nome;Circolo;\r\n1;Rossi;Lido;\r\n2;Bianchi;;\r\n".encode("cp1252")
    assert [(e.number, e.name, e.club) for e in read_entrants(data)] == [
        (1, "Rossi", "Lido"),
        (2, "Bianchi", ""),
    ]


@pytest.mark.parametrize(
    ("text", "reason", "place"),
    [
        ("numero;nome\n1;Rossi\nx;Bianchi\n", Reason.OUT_OF_RANGE, "line 3, column 1 (number)"),
        ("nome;numero\nRossi;1\n=A1;2\n", Reason.OUT_OF_RANGE, "line 3, column 1 (name)"),
        ("numero;nome;colore\n1;Rossi;rosso\n", Reason.BAD_CSV, "line 1, column 3"),
        ("numero;nome\n1;Rossi;extra\n", Reason.BAD_CSV, "line 2, column 3"),
        ("numero;nome\n1;Rossi\n1;Bianchi\n", Reason.INCONSISTENT_STATE, "line 3, column 1"),
        ("nome\nRossi\n", Reason.BAD_CSV, "line 1"),
    ],
)
def test_errors_in_a_file_name_the_line_and_the_column(
    text: str, reason: Reason, place: str
) -> None:
    with pytest.raises(TournamentError) as caught:
        read_entrants(text.encode("cp1252"))
    assert caught.value.reason is reason
    assert caught.value.path.startswith(place), caught.value


def test_a_table_list_reads_italian_headers_and_semicolons() -> None:
    round_ = read_tables("Tavolo;NS;EO\n1;3;1\n2;5;4\nriposo;2;\n".encode("cp1252"))
    assert [table.entrants for table in round_.tables] == [(3, 1), (5, 4)]
    assert round_.byes == (2,)


@given(st.binary(max_size=120))
def test_any_bytes_read_as_entrants_give_entrants_or_a_tournament_error(data: bytes) -> None:
    error = None
    try:
        read_entrants(b"numero;nome\n" + data)
    except TournamentError as caught:
        error = caught
    assert error is None or len(str(error)) < 400


# --- D3: many writers, nothing lost -----------------------------------------------------------


def test_twenty_writers_at_once_store_all_twenty_results(tmp_path: Path) -> None:
    from burraco.tournament.store import EventStore

    path = tmp_path / "evening.sqlite3"
    store = EventStore.create(
        path, Tournament.create("twenty", entrants(40), Settings(schedule=(Movement.MITCHELL,)))
    )
    store.update(lambda event: event.pair_next_round())
    script = textwrap.dedent(
        """
        import sys
        from burraco.tournament import TableResult
        from burraco.tournament.store import EventStore
        table = int(sys.argv[2])
        EventStore(sys.argv[1]).record(1, table, TableResult.from_totals(1000 + 5 * table, 900))
        print("stored", table)
        """
    )
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(path), str(table)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={"PYTHONPATH": SRC},
        )
        for table in range(1, 21)
    ]
    outputs = [writer.communicate(timeout=120) for writer in writers]
    assert [writer.returncode for writer in writers] == [0] * 20, outputs
    results = store.load().results(1)
    assert results == {
        table: TableResult.from_totals(1000 + 5 * table, 900) for table in range(1, 21)
    }


def test_a_second_result_for_a_table_from_another_writer_is_refused_not_lost(
    tmp_path: Path,
) -> None:
    from burraco.tournament.store import EventStore

    store = EventStore.create(tmp_path / "e.sqlite3", one_round())
    store.record(1, 1, TableResult.from_totals(1000, 900))
    with pytest.raises(TournamentError) as caught:
        store.record(1, 1, TableResult.from_totals(900, 1000))
    assert caught.value.reason is Reason.OUT_OF_ORDER
    store.record(1, 1, TableResult.from_totals(900, 1000), reason="scores swapped")
    assert len(store.load().history) == 2


# --- D6 and D7: a long Danese ----------------------------------------------------------------


@pytest.mark.parametrize(("pairs", "rounds"), [(40, 6), (13, 6), (12, 5)])
def test_a_danese_by_default_never_rematches_when_it_can_avoid_it(pairs: int, rounds: int) -> None:
    settings = Settings(schedule=(Movement.DANESE,) * rounds)
    event = play(Tournament.create("danese", entrants(pairs), settings), seed=pairs)
    assert rematches(event) == 0
    assert all(not round_.note for round_ in event.rounds)


def test_the_evening_of_the_how_to_does_not_pair_round_1_opponents_again() -> None:
    schedule = (Movement.MITCHELL,) * 3 + (Movement.DANESE,)
    for seed in range(20):
        event = play(Tournament.create("friday", entrants(12), Settings(schedule=schedule)), seed)
        assert rematches(event) == 0, seed


def test_danese_seats_even_out_over_an_event() -> None:
    event = play(
        Tournament.create("danese", entrants(40), Settings(schedule=(Movement.DANESE,) * 6)),
        seed=6,
    )
    home = Counter(table.home[0] for round_ in event.rounds for table in round_.tables)
    assert {home[number] for number in range(1, 41)} <= {2, 3, 4}


# --- D8: assigned results within the table ---------------------------------------------------


@pytest.mark.parametrize("victory", [(60, 0), (21, 0), (0, 25)])
def test_an_assigned_result_beyond_the_victory_point_table_is_refused(
    victory: tuple[int, int],
) -> None:
    with pytest.raises(TournamentError) as caught:
        one_round().record(1, 1, TableResult.assigned(victory))
    assert caught.value.reason is Reason.OUT_OF_RANGE
    assert "each side gets 0 to 20" in str(caught.value)


def test_an_assigned_result_within_the_table_is_accepted() -> None:
    event = one_round().record(1, 1, TableResult.assigned((20, 0)))
    assert event.standings().line_of(1).victory_points == 20
    with pytest.raises(TournamentError):
        Settings(bye_victory_points=25)


# --- D9: messages in the director's words ----------------------------------------------------


def test_a_refused_result_names_the_round_and_table_not_the_history() -> None:
    with pytest.raises(TournamentError) as caught:
        one_round().record(1, 2, TableResult((1000, 900), ((500, 400), (500, 500))))
    assert str(caught.value).startswith("round 1 table 2: a played table plays 4 deals, not 2")
    assert "history[" not in str(caught.value)


def test_a_negative_total_prints_plainly() -> None:
    assert str(TableResult.from_totals(1735, -275)) == "1735 to -275"


def test_printed_standings_show_penalties_and_their_reasons() -> None:
    event = one_round().record(1, 1, TableResult.from_totals(1400, 900))
    event = event.record(1, 2, TableResult.from_totals(700, 700)).adjust(
        1, 3, -2, reason="slow play"
    )
    text = str(event.standings())
    assert text.splitlines()[1].split() == [
        "rank", "no", "name", "VP", "pen", "for", "against", "diff", "buchholz"
    ]  # fmt: skip
    line = next(row for row in text.splitlines() if row.split()[1:3] == ["3", "pair"])
    assert line.split()[4:6] == ["6", "-2"]
    assert text.endswith("penalties and awards (in VP, pen):\n  round 1: 3 pair 3: -2 (slow play)")


# --- D10: a step's cost does not grow with the history ---------------------------------------


def calls_made(step: object) -> int:
    """How many Python function calls ``step()`` makes (a count, not a time)."""
    count = 0

    def profile(frame: object, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    assert callable(step)
    sys.setprofile(profile)
    try:
        step()
    finally:
        sys.setprofile(None)
    return count


def test_recording_a_result_does_not_check_the_whole_history_again() -> None:
    costs = []
    for entries in (10, 1000):
        event = one_round(20)
        for index in range(entries):
            result = TableResult.from_totals(1000 + 5 * index, 900)
            event = event.record(1, 2, result, reason="corrected" if index else "")
        costs.append(calls_made(lambda e=event: e.record(1, 1, TableResult.from_totals(5, 0))))
    assert costs[1] < 2 * costs[0], costs


# --- individuals, teams, victory-point tables ------------------------------------------------


@pytest.mark.parametrize("players", [4, 8, 12, 16])
def test_a_rotation_partners_everyone_once_and_meets_everyone_twice(players: int) -> None:
    from burraco.tournament import rotation_round

    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for number in range(1, players):
        round_ = rotation_round(range(1, players + 1), number)
        assert round_.entrants == set(range(1, players + 1))
        for table in round_.tables:
            partners.update([frozenset(table.home), frozenset(table.away)])
            opponents.update(frozenset((a, b)) for a in table.home for b in table.away)
    everyone = {frozenset((a, b)) for a in range(1, players + 1) for b in range(a + 1, players + 1)}
    assert set(partners) == everyone and set(partners.values()) == {1}
    assert set(opponents) == everyone and set(opponents.values()) == {2}


def test_an_eight_player_individual_event_by_rotation() -> None:
    players = tuple(Entrant(n, f"player {n}") for n in range(1, 9))
    settings = Settings(schedule=(Movement.ROTATION,) * 7, individual=True)
    event = play(Tournament.create("individual", players, settings), seed=8)
    partnerships = [
        frozenset(side)
        for round_ in event.rounds
        for t in round_.tables
        for side in (t.home, t.away)
    ]
    assert len(partnerships) == len(set(partnerships)) == 28
    with pytest.raises(TournamentError) as caught:
        Settings(schedule=(Movement.ROTATION,))
    assert caught.value.reason is Reason.INCONSISTENT_STATE


# --- individuals at tables of three and five (rules §14) -----------------------------------


def players(count: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(n, f"player {n}") for n in range(1, count + 1))


@pytest.mark.parametrize("count", range(5, 16))
def test_an_individual_event_seats_everyone_at_tables_of_three_four_and_five(count: int) -> None:
    settings = Settings(schedule=(Movement.DANESE,) * 4, individual=True)
    event = play(Tournament.create("odd", players(count), settings), seed=count)
    expected = {5: [5], 6: [3, 3], 7: [4, 3], 9: [3, 3, 3], 10: [4, 3, 3], 11: [4, 4, 3]}
    alone: Counter[int] = Counter()
    for round_ in event.rounds:
        sizes = [len(table.entrants) for table in round_.tables]
        assert round_.byes == ()
        assert round_.entrants == frozenset(range(1, count + 1))
        assert set(sizes) <= {3, 4, 5} and sum(sizes) == count
        assert sorted(size for size in sizes if size != 4) == sorted(small_tables(count))
        if count in expected:
            assert expected[count] == sizes
        alone.update(n for table in round_.tables if table.alone for n in table.entrants)
    sits = [alone[n] for n in range(1, count + 1)]
    assert max(sits) - min(sits) <= 1  # the tables of three go round
    assert event.is_over and from_json(to_json(event)) == event


def test_a_round_with_a_table_of_three_and_one_of_five_is_entered_and_ranked() -> None:
    event = Tournament.create(
        "manual", players(12), Settings(schedule=(Movement.MANUAL,), individual=True)
    )
    tables = (Table(1, (1, 2), (3, 4)), Table(2, (5, 6, 7), ()), Table(3, (8, 9, 10, 11, 12), ()))
    event = event.with_round(Round(1, Movement.MANUAL, tables))
    assert str(event.round(1)) == (
        "round 1 (manual)\ntable 1: 1+2 v 3+4\ntable 2: 5, 6, 7 (three)\n"
        "table 3: 8, 9, 10, 11, 12 (five)"
    )
    event = event.record(1, 1, TableResult.from_totals(1200, 700))
    event = event.record(1, 2, TableResult.from_seat_points([900, 300, 300]))
    event = event.record(1, 3, TableResult.from_seat_points([1000, 500, 500, 0, 0]))
    standings = event.standings()
    got = {
        line.entrant.number: (line.victory_points, line.points_for, line.points_against)
        for line in standings.lines
    }
    assert got == {
        1: (12, 1200, 700), 2: (12, 1200, 700), 3: (8, 700, 1200), 4: (8, 700, 1200),
        5: (14, 900, 300), 6: (8, 300, 600), 7: (8, 300, 600),
        8: (16, 1000, 250), 9: (11, 500, 375), 10: (11, 500, 375), 11: (6, 0, 500),
        12: (6, 0, 500),
    }  # fmt: skip
    assert standings.ranking[:3] == (8, 5, 1)
    assert event.round(1).opponents(6) == (5, 7) and event.round(1).partners(6) == ()
    assert score_sheet_csv(event).splitlines()[2:5] == [
        "1,2,5,,900,,14,,played,",
        "1,2,6,,300,,8,,played,",
        "1,2,7,,300,,8,,played,",
    ]
    assert read_tables(tables_csv(event.round(1))).tables == tables
    assert from_json(to_json(event)) == event


def test_seat_points_follow_the_mean_through_the_victory_point_table() -> None:
    three = TableResult.from_seat_points([900, 300, 300])
    assert three.victory_points(FOUR_DEALS) == (14, 8, 8)
    assert TableResult.from_totals(900, 300).victory_points(FOUR_DEALS) == (
        TableResult.from_seat_points([900, 300]).victory_points(FOUR_DEALS)
    )
    assert TableResult.from_seat_points([600, 600, 600]).victory_points(FOUR_DEALS) == (10,) * 3
    for rules, seats in ((FIBUR3, 3), (FIBUR5, 5)):
        hand = score_hand(new_game(rules, seed=4))
        result = TableResult.from_hands([hand, hand])
        assert result.points == tuple(2 * points for points in hand.seat_points)
        assert len(result.points) == seats
    six = score_hand(new_game(attrs.evolve(CLASSIC, players=6), seed=4))  # three teams of two
    with pytest.raises(TournamentError) as caught:
        TableResult.from_hands([six])
    assert caught.value.reason is Reason.INCONSISTENT_STATE


@pytest.mark.parametrize(
    ("make", "reason", "words"),
    [
        (lambda: TableResult((900, 300, 300, 0)), Reason.WRONG_TYPE, "three or five"),
        (lambda: Table(1, (1, 2, 3, 4), ()), Reason.WRONG_TYPE, "three or five"),
        (lambda: Table(1, (1, 2, 2), ()), Reason.INCONSISTENT_STATE, "must differ"),
        (lambda: TableResult.from_seat_points([901, 300, 300]), Reason.OUT_OF_RANGE, "900 or 905"),
        (lambda: small_tables(2), Reason.NO_PAIRING, "3 or at least 4"),
        (
            lambda: TableResult((900, 300, 300), ((900, 300),)),
            Reason.INCONSISTENT_STATE,
            "a deal has 2 scores",
        ),
    ],
)
def test_a_wrong_table_or_result_of_three_or_five_raises_a_typed_error(
    make: object, reason: Reason, words: str
) -> None:
    assert callable(make)
    with pytest.raises(TournamentError) as caught:
        make()
    assert (caught.value.reason, words in str(caught.value)) == (reason, True)


def test_a_result_must_have_one_number_per_side_of_its_table() -> None:
    settings = Settings(schedule=(Movement.DANESE,), individual=True)
    event = Tournament.create("odd", players(7), settings).pair_next_round()
    assert str(event.round(1)).splitlines()[1:] == [
        "table 1: 1+2 v 3+4",
        "table 2: 5, 6, 7 (three)",
    ]
    with pytest.raises(TournamentError) as caught:
        event.record(1, 2, TableResult.from_totals(900, 300))
    assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert (
        "a table of three takes 3 numbers, each player's points in seat order (5, 6, 7), not 2"
        in str(caught.value)
    )
    with pytest.raises(TournamentError) as caught:
        event.record(1, 1, TableResult.from_seat_points([900, 300, 300]))
    assert "a table of two sides takes two numbers, the home and away totals, not 3" in str(
        caught.value
    )
    pairs = Tournament.create("pairs", players(6), Settings(schedule=(Movement.MANUAL,)))
    with pytest.raises(TournamentError) as caught:
        pairs.with_round(
            Round(1, Movement.MANUAL, (Table(1, (1, 2, 3), ()), Table(2, (4,), (5,))), (6,))
        )
    assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert "for individual tournaments" in str(caught.value)


def test_an_individual_file_of_format_two_still_gives_its_byes() -> None:
    settings = Settings(schedule=(Movement.DANESE,) * 2, individual=True, seat_everyone=False)
    event = Tournament.create("old", players(7), settings).pair_next_round()
    assert event.round(1).byes == (5, 6, 7)
    data = to_dict(event)
    data["format"] = 2
    del data["settings"]["seat_everyone"]
    assert from_dict(data) == event


def test_a_team_event_uses_the_team_table_and_two_tables_of_points() -> None:
    from burraco.tournament import VICTORY_TABLES

    teams = tuple(Entrant(n, f"team {n}", players=("A", "B")) for n in range(1, 5))
    event = Tournament.create("teams", teams, Settings(teams=True, schedule=(Movement.DANESE,)))
    assert event.settings.victory_table == VICTORY_TABLES["teams-4"]
    event = event.pair_next_round().record(1, 1, TableResult.from_totals(30_000, 2_000))
    assert event.results(1)[1].victory_points(event.settings.victory_table) == (20, 0)
    with pytest.raises(TournamentError):
        event.record(1, 2, TableResult.from_totals(33_445, 0))


def test_the_named_tables_and_a_table_from_a_file() -> None:
    from burraco import FOUR_DEALS, THREE_DEALS
    from burraco.tournament import read_victory_table, victory_table

    assert victory_table("fibur-3") == THREE_DEALS and victory_table("FIBUR-4") == FOUR_DEALS
    assert victory_table("burraco-2")[0] == (50, 10, 10)
    assert victory_table("burraco-2")[-2] == (1000, 19, 1)
    assert read_victory_table(b"[[100, 10, 10], [null, 20, 0]]") == ((100, 10, 10), (None, 20, 0))
    with pytest.raises(TournamentError) as caught:
        victory_table("fibur-9")
    assert "the tables are burraco-2, fibur-3" in str(caught.value)
    with pytest.raises(TournamentError) as caught:
        read_victory_table("up_to;winner;loser\n100;10;10\n50;12;8\n;20;0\n")
    assert caught.value.reason is Reason.OUT_OF_RANGE


# --- duplicate: hand records, matchpoints, bots ----------------------------------------------


def test_a_hand_record_is_the_deal_that_the_engine_deals() -> None:
    from burraco import FIBUR, new_game
    from burraco.tournament import hand_records

    event = Tournament.create("dup", entrants(4), Settings(deals=3, seed=11))
    for record, deck in zip(hand_records(event, 2), event.decks(2), strict=True):
        state = new_game(FIBUR, deck=list(deck), dealer=record.dealer)
        assert [sorted(hand) for hand in state.hands] == [sorted(hand) for hand in record.hands]
        assert [sorted(cards) for cards in state.pozzetti] == [
            sorted(cards) for cards in record.pozzetti
        ]
        assert state.discard_pile == (record.up_card,)
        assert tuple(state.stock) == record.stock
    assert [record.dealer for record in hand_records(event, 1)] == [0, 1, 2]


def test_matchpoints_rank_the_lines_that_held_the_same_cards() -> None:
    from burraco.tournament import matchpoint_standings

    event = Tournament.create(
        "dup", entrants(6), Settings(deals=2, seed=3, schedule=(Movement.MITCHELL,))
    ).pair_next_round()
    deals = {1: ((900, 100), (450, 300)), 2: ((100, 0), (500, 500)), 3: ((0, 100), (0, 0))}
    for table, scores in deals.items():
        event = event.record(1, table, TableResult.from_deals(scores))
    lines = matchpoint_standings(event)
    assert [(line.entrant, line.matchpoints, line.rank) for line in lines][:2] == [
        (1, 8, 1),
        (6, 7, 2),
    ]
    assert lines[0].percent == 100.0 and lines[0].top == 8


def test_a_pdf_has_one_page_per_deal_and_valid_offsets() -> None:
    import re

    from burraco.tournament import hand_records, pdf_document, records_text

    event = Tournament.create("dup", entrants(4), Settings(deals=3, seed=1))
    data = pdf_document(records_text(hand_records(event, 1), title="club"))
    assert data.count(b"/Type /Page ") == 3
    start = int(data.rsplit(b"startxref\n", 1)[1].split()[0])
    assert data[start:].startswith(b"xref")
    for number, offset in enumerate(re.findall(rb"(\d{10}) 00000 n", data), start=1):
        assert data[int(offset) :].startswith(f"{number} 0 obj".encode())
