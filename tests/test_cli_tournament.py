"""The command line's tournaments: ``burraco tournament create|pair|result|penalty|standings|
deals|bots|import|export``, on event stores that many commands may write at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from burraco.cli import main
from burraco.tournament import (
    Entrant,
    EventStore,
    Movement,
    ResultKind,
    Seats,
    TableResult,
    Tournament,
    hand_records,
    to_json,
)

SRC = str(Path(__file__).parent.parent / "src")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def load(path: str | Path) -> Tournament:
    return EventStore(path).load()


def test_an_evening_from_the_command_line_is_kept_in_its_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "evening.sqlite3")
    assert run(capsys, "create", path, "--pairs", "5", "--schedule", "mitchell,danese")[0] == 0
    status, out, _ = run(capsys, "pair", path)
    assert (status, out) == (0, "round 1 (mitchell)\ntable 1: 1 v 4\ntable 2: 2 v 5\nbye: 3\n")
    assert run(capsys, "result", path, "1", "1500", "900")[1] == (
        "round 1 table 1: 1 v 4: 1500 to 900, victory points 13-7\n"
    )
    assert run(capsys, "result", path, "2", "--unplayed")[0] == 0
    assert run(capsys, "pair", path)[0] == 0
    assert run(capsys, "result", path, "1", "1000", "-275", "--time-out")[1].endswith(
        ": 1000 to -275 (time-out), victory points 16-4\n"
    )
    assert run(capsys, "penalty", path, "4", "-2", "--reason", "slow play")[0] == 0
    event = load(path)
    assert [round_.movement for round_ in event.rounds] == [Movement.MITCHELL, Movement.DANESE]
    assert event.results(1)[2].kind is ResultKind.UNPLAYED
    assert event.results(2)[1].kind is ResultKind.TIME_OUT
    status, out, _ = run(capsys, "standings", path, "--round", "1")
    assert status == 0 and out.startswith("standings after round 1\nrank  no  name")
    assert "   1   1  pair 1  13       1500" in out
    status, out, _ = run(capsys, "standings", path)
    assert "penalties and awards (in VP, pen):\n  round 2: 4 pair 4: -2 (slow play)" in out
    status, out, _ = run(capsys, "standings", path, "--csv")
    assert out.splitlines()[0].startswith("rank,number,name,victory_points")
    assert run(capsys, "standings", path, "--sheet")[1].count("\n") == 1 + 2 + 1 + 2 + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pair", "{path}"], "round 1 needs all its results before round 2 is paired"),
        (["result", "{path}", "1", "900", "1000"], "a correction needs its reason"),
        (["result", "{path}", "9", "900", "1000"], "round 1 has no table 9"),
        (["result", "{path}", "2"], "give the home and away totals, or --deals"),
        (["result", "{path}", "2", "1203", "900"], "not a multiple of 5"),
        (["result", "{path}", "2", "99995", "900"], "beyond what 4 deals can reach"),
        (["result", "{path}", "2", "--assigned", "60-0"], "each side gets 0 to 20"),
        (["penalty", "{path}", "3", "-1", "--reason", ""], "needs its reason"),
        (["penalty", "{path}", "99", "-1", "--reason", "x"], "no entrant 99"),
        (["create", "{path}", "--pairs", "4"], "exists: choose another name, or --force"),
        (["standings", "{path}.missing"], "cannot read"),
    ],
)
def test_a_step_out_of_order_says_why_and_leaves_the_store_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = str(tmp_path / "evening.sqlite3")
    run(capsys, "create", path, "--pairs", "4")
    run(capsys, "pair", path)
    run(capsys, "result", path, "1", "1000", "900")
    before = load(path)
    status, out, err = run(capsys, *(arg.format(path=path) for arg in args))
    assert (status, out) == (2, "")
    assert message in err and err.startswith("burraco tournament ") and err.count("\n") == 1
    assert "history[" not in err
    assert load(path) == before


def test_every_regulation_number_is_an_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "vp.csv"
    table.write_text("fino a;vincitore;perdente\n40;10;10\n400;14;6\n;18;2\n", encoding="cp1252")
    path = str(tmp_path / "e.sqlite3")
    status, out, err = run(
        capsys, "create", path, "--pairs", "10", "--format", "5x2", "--victory-table",
        str(table), "--bye-victory-points", "11", "--bye-points", "300", "--tie-breaks",
        "victory-points,buchholz,points", "--mitchell-step", "2", "--forbid", "1-6",
        "--forbid", "2:7", "--rematches", "not-previous", "--seats", "ranked",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out == "tournament: 10 entrants, 5 rounds of 2 deals (25 minutes a round)\n"
    settings = load(path).settings
    assert settings.schedule == (Movement.MITCHELL,) * 4 + (Movement.DANESE,)
    assert (settings.deals, settings.minutes, settings.round_minutes) == (2, 25, 25)
    assert settings.victory_table == ((40, 10, 10), (400, 14, 6), (None, 18, 2))
    assert (settings.bye_victory_points, settings.bye_points, settings.mitchell_step) == (
        11,
        300,
        2,
    )
    assert [str(criterion) for criterion in settings.criteria] == [
        "victory-points",
        "buchholz",
        "points",
    ]
    assert settings.forbidden == ((1, 6), (2, 7))
    assert settings.danese_seats is Seats.RANKED
    run(capsys, "pair", path)
    assert run(capsys, "result", path, "1", "--assigned", "18-2", "--reason", "")[0] == 0
    assert load(path).results(1)[1] == TableResult.assigned((18, 2))


@pytest.mark.parametrize(
    ("shape", "rounds", "deals", "minutes"),
    [("5x2", 5, 2, 25), ("4x3", 4, 3, 35), ("3x4", 3, 4, 45)],
)
def test_the_federations_formats_and_two_deals_are_accepted(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    shape: str,
    rounds: int,
    deals: int,
    minutes: int,
) -> None:
    path = str(tmp_path / f"{shape}.sqlite3")
    status, _, err = run(capsys, "create", path, "--pairs", "12", "--format", shape)
    assert (status, err) == (0, "")
    settings = load(path).settings
    assert (len(settings.schedule), settings.deals, settings.round_minutes) == (
        rounds,
        deals,
        minutes,
    )
    assert run(capsys, "create", path, "--pairs", "12", "--deals", "2", "--force")[0] == 0


def test_a_duplicate_round_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "dup.sqlite3")
    run(capsys, "create", path, "--pairs", "4", "--deals", "2", "--seed", "9", "--rounds", "2")
    status, out, _ = run(capsys, "deals", path, "--json")
    records = json.loads(out)
    assert status == 0 and [record["deal"] for record in records] == [1, 2]
    expected = [record.to_dict() for record in hand_records(load(path), 1)]
    assert records == expected
    assert set(records[0]["hands"]) == {"north", "east", "south", "west"}
    status, out, _ = run(capsys, "deals", path, "--html")
    assert out.count("<section>") == 2 and "stock, top first" in out
    pdf = tmp_path / "deals.pdf"
    assert run(capsys, "deals", path, "--pdf", str(pdf))[0] == 0
    assert pdf.read_bytes().startswith(b"%PDF-1.4") and pdf.read_bytes().count(b"/Type /Page ") == 2
    run(capsys, "pair", path)
    assert run(capsys, "result", path, "1", "--deals", "900:100,450:300")[0] == 0
    status, out, err = run(capsys, "result", path, "2", "600", "500", "--deals", "100:0,500:500")
    assert (status, err) == (0, "")
    status, out, _ = run(capsys, "standings", path, "--matchpoints")
    assert status == 0 and "of 4" in out and "100.0%" in out
    status, out, _ = run(capsys, "bots", path, "--round", "1")
    assert status == 0 and "against the bots" in out and out.count("home ") == 2


def test_standings_print_as_html_and_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "e.sqlite3")
    run(capsys, "create", path, "--pairs", "4", "--name", "Società & Co")
    run(capsys, "pair", path)
    run(capsys, "result", path, "1", "1000", "900")
    run(capsys, "result", path, "2", "800", "900")
    run(capsys, "penalty", path, "3", "-1", "--reason", "late")
    status, out, _ = run(capsys, "standings", path, "--html")
    assert (
        status == 0 and "Società &amp; Co" in out and "<li>round 1: 3 pair 3: -1 (late)</li>" in out
    )
    pdf = tmp_path / "standings.pdf"
    assert run(capsys, "standings", path, "--pdf", str(pdf))[0] == 0
    data = pdf.read_bytes()
    assert b"(Societ\xe0 & Co) '" in data and b"-1 \\(late\\)" in data


def test_a_json_event_file_of_an_earlier_version_is_read_and_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "friday.json"
    pairs = [Entrant(number, f"pair {number}") for number in range(1, 5)]
    event = Tournament.create("friday", pairs).pair_next_round()
    event = event.record(1, 1, TableResult.from_totals(1000, 900))
    data = json.loads(to_json(event))
    data["format"] = 1
    for key in ("bye_points", "danese_seats", "teams", "minutes", "seat_everyone"):
        del data["settings"][key]
    old.write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "standings", str(old))[0] == 0
    status, _, err = run(capsys, "result", str(old), "2", "900", "900")
    assert status == 2 and "import it into an event store first" in err
    store = str(tmp_path / "friday.sqlite3")
    assert run(capsys, "import", str(old), store)[0] == 0
    imported = load(store)
    assert imported.settings.danese_seats is Seats.RANKED
    assert run(capsys, "result", store, "2", "900", "900")[0] == 0
    status, out, _ = run(capsys, "export", store)
    assert json.loads(out)["format"] == 3 and len(json.loads(out)["history"]) == 2
    status, out, _ = run(capsys, "export", store, "--csv", "entrants")
    assert out.splitlines()[0] == "number,name,player1,player2,club"


def test_create_reads_entrants_from_a_spreadsheet_and_rejects_a_formula(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entrants = tmp_path / "entrants.csv"
    entrants.write_bytes(
        "Numero;Nome;Circolo\r\n1;Anna - Bruno;Lido\r\n2;Carla - Dario;Società\r\n".encode("cp1252")
    )
    path = str(tmp_path / "t.sqlite3")
    assert run(capsys, "create", path, "--entrants", str(entrants))[1] == (
        "tournament: 2 entrants, 4 rounds of 4 deals (45 minutes a round)\n"
    )
    assert load(path).entrants[1].club == "Società"
    entrants.write_bytes("number,name\n1,=HYPERLINK(1)\n2,x\n".encode("utf-16"))
    status, _, err = run(capsys, "create", path, "--entrants", str(entrants), "--force")
    assert status == 2 and "line 2, column 2 (name): '=HYPERLINK(1)' may not begin with" in err


def test_pair_takes_the_directors_own_table_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.sqlite3")
    tables = tmp_path / "tables.csv"
    tables.write_text("tavolo;ns;eo\n1;3;1\nriposo;2;\n2;5;4\n")
    run(capsys, "create", path, "--pairs", "5")
    status, out, _ = run(capsys, "pair", path, "--tables", str(tables))
    assert (status, out) == (0, "round 1 (manual)\ntable 1: 3 v 1\ntable 2: 5 v 4\nbye: 2\n")
    tables.write_text("table,home,away\n1,3,1\n")
    assert run(capsys, "create", path, "--pairs", "5", "--force")[0] == 0
    status, _, err = run(capsys, "pair", path, "--tables", str(tables))
    assert status == 2 and "is not placed exactly once" in err


def test_twenty_result_commands_at_once_are_all_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "busy.sqlite3")
    run(capsys, "create", path, "--pairs", "40", "--rounds", "1")
    run(capsys, "pair", path)
    env = {**os.environ, "PYTHONPATH": SRC}
    commands = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "burraco",
                "tournament",
                "result",
                path,
                str(table),
                str(1000 + 5 * table),
                "900",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for table in range(1, 21)
    ]
    outputs = [command.communicate(timeout=300) for command in commands]
    assert [command.returncode for command in commands] == [0] * 20, outputs
    results = load(path).results(1)
    assert {table: result.points for table, result in results.items()} == {
        table: (1000 + 5 * table, 900) for table in range(1, 21)
    }


def test_an_individual_evening_of_eleven_plays_a_table_of_three(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "eleven.sqlite3")
    status, out, _ = run(
        capsys, "create", path, "--individual", "--pairs", "11", "--schedule", "danese,danese"
    )
    assert (status, out) == (
        0,
        "tournament: 11 entrants, 2 rounds of 4 deals (45 minutes a round)\n",
    )
    assert run(capsys, "pair", path)[1] == (
        "round 1 (danese)\ntable 1: 1+2 v 3+4\ntable 2: 5+6 v 7+8\ntable 3: 9, 10, 11 (three)\n"
    )
    status, _, err = run(capsys, "result", path, "3", "900", "300")
    assert status == 2
    assert "table 3: a table of three takes 3 numbers, each player's points in seat order" in err
    status, _, err = run(capsys, "result", path, "3", "--seats", "900,300")
    assert (status, "takes 3 numbers" in err) == (2, True)
    assert run(capsys, "result", path, "3", "--seats", "900,300,300")[1] == (
        "round 1 table 3: 9, 10, 11 (three): 900, 300, 300, victory points 14-8-8\n"
    )
    assert run(capsys, "result", path, "1", "1200", "700")[0] == 0
    assert run(capsys, "result", path, "2", "--unplayed")[0] == 0
    event = load(path)
    assert event.results(1)[3] == TableResult.from_seat_points([900, 300, 300])
    assert event.standings().line_of(9).victory_points == 14
    status, out, _ = run(capsys, "pair", path)
    assert status == 0 and "(three)" in out and "9, " not in out  # another three sit alone
    assert run(capsys, "result", path, "3", "--seats", "5,0,-5", "--unplayed")[0] == 2
    assert run(capsys, "result", path, "3", "--assigned", "12-8-8", "--reason", "slow")[1] == (
        "round 2 table 3: 6, 7, 8 (three): 0, 0, 0 (assigned, victory points 12-8-8), "
        "victory points 12-8-8\n"
    )
    status, _, err = run(capsys, "result", path, "3", "--assigned", "12-8", "--reason", "slow")
    assert (status, "a table of three takes 3 numbers" in err) == (2, True)


def test_an_individual_evening_with_byes_sits_the_rest_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "nine.sqlite3")
    args = ("--individual", "--byes", "--pairs", "9", "--schedule", "danese")
    assert run(capsys, "create", path, *args)[0] == 0
    out = run(capsys, "pair", path)[1]
    assert out.endswith("bye: 9\n") and "(three)" not in out
