"""The command line's tournaments: ``burraco tournament create|pair|result|penalty|standings``."""

from __future__ import annotations

from pathlib import Path

import pytest

from burraco.cli import main
from burraco.tournament import Movement, ResultKind, from_json


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_an_evening_from_the_command_line_is_kept_in_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "evening.json")
    assert run(capsys, "create", path, "--pairs", "5", "--schedule", "mitchell,danese")[0] == 0
    status, out, _ = run(capsys, "pair", path)
    assert (status, out) == (0, "round 1 (mitchell)\ntable 1: 1 v 4\ntable 2: 2 v 5\nbye: 3\n")
    assert run(capsys, "result", path, "1", "1500", "900")[1] == (
        "round 1 table 1: 1 v 4: 1500 to 900, victory points 13-7\n"
    )
    assert run(capsys, "result", path, "2", "--unplayed")[0] == 0
    assert run(capsys, "pair", path)[0] == 0
    assert run(capsys, "result", path, "1", "1000", "800", "--time-out")[0] == 0
    assert run(capsys, "penalty", path, "4", "-2", "--reason", "slow play")[0] == 0
    with open(path, encoding="utf-8") as file:
        tournament = from_json(file.read())
    assert [round_.movement for round_ in tournament.rounds] == [Movement.MITCHELL, Movement.DANESE]
    assert tournament.results(1)[2].kind is ResultKind.UNPLAYED
    assert tournament.results(2)[1].kind is ResultKind.TIME_OUT
    status, out, _ = run(capsys, "standings", path, "--round", "1")
    assert status == 0 and out.startswith("standings after round 1\nrank  no  name")
    assert "   1   1  pair 1  13       1500" in out
    status, out, _ = run(capsys, "standings", path, "--csv")
    assert out.splitlines()[0].startswith("rank,number,name,victory_points")
    assert run(capsys, "standings", path, "--sheet")[1].count("\n") == 1 + 2 + 1 + 2 + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pair", "{path}"], "round 1 needs all its results before round 2 is paired"),
        (["result", "{path}", "1", "900", "1000"], "a correction needs its reason"),
        (["result", "{path}", "9", "900", "1000"], "round 1 has no table 9"),
        (["result", "{path}", "2"], "give the home and away totals, or --unplayed"),
        (["penalty", "{path}", "3", "-1", "--reason", ""], "needs its reason"),
        (["penalty", "{path}", "99", "-1", "--reason", "x"], "no entrant 99"),
        (["create", "{path}", "--pairs", "4"], "exists: choose another name, or --force"),
        (["standings", "{path}.missing"], "cannot read"),
    ],
)
def test_a_step_out_of_order_says_why_and_leaves_the_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = str(tmp_path / "evening.json")
    run(capsys, "create", path, "--pairs", "4")
    run(capsys, "pair", path)
    run(capsys, "result", path, "1", "1000", "900")
    before = Path(path).read_bytes()
    status, out, err = run(capsys, *(arg.format(path=path) for arg in args))
    assert (status, out) == (2, "")
    assert message in err and err.startswith("burraco tournament ") and err.count("\n") == 1
    assert Path(path).read_bytes() == before


def test_a_tampered_file_is_refused_with_the_place_of_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.json"
    run(capsys, "create", str(path), "--pairs", "4")
    path.write_text(path.read_text(encoding="utf-8").replace('"deals": 4', '"deals": "4"'))
    status, _, err = run(capsys, "pair", str(path))
    assert status == 2
    assert err == "burraco tournament pair: settings.deals: expected a whole number, not '\"4\"'\n"


def test_create_reads_entrants_from_csv_and_rejects_a_formula(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entrants = tmp_path / "entrants.csv"
    entrants.write_text("number,name,club\n1,Anna - Bruno,Lido\n2,Carla - Dario,Lido\n")
    path = str(tmp_path / "t.json")
    assert run(capsys, "create", path, "--entrants", str(entrants))[1] == (
        "tournament: 2 entrants, 4 rounds of 4 deals\n"
    )
    entrants.write_text("number,name\n1,=HYPERLINK(1)\n2,x\n")
    status, _, err = run(capsys, "create", path, "--entrants", str(entrants), "--force")
    assert status == 2 and "line 2, column 2 (name): '=HYPERLINK(1)' may not begin with" in err


def test_pair_takes_the_directors_own_table_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "t.json")
    tables = tmp_path / "tables.csv"
    tables.write_text("table,home,away\n1,3,1\nbye,2,\n2,5,4\n")
    run(capsys, "create", path, "--pairs", "5")
    status, out, _ = run(capsys, "pair", path, "--tables", str(tables))
    assert (status, out) == (0, "round 1 (manual)\ntable 1: 3 v 1\ntable 2: 5 v 4\nbye: 2\n")
    tables.write_text("table,home,away\n1,3,1\n")
    assert run(capsys, "create", path, "--pairs", "5", "--force")[0] == 0
    status, _, err = run(capsys, "pair", path, "--tables", str(tables))
    assert status == 2 and "is not placed exactly once" in err
