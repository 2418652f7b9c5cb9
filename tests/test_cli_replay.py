"""The command line's game records: ``burraco demo --record`` and ``burraco replay``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from burraco import CLASSIC, GreedyAgent, play_match
from burraco.cli import main
from burraco.record import MAX_RECORD_LENGTH, History, Record


def test_demo_writes_a_record_that_replays_to_the_hand_it_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"{tmp_path}/hand.txt"
    assert main(["demo", "--seed", "7", "--record", path]) == 0
    out = capsys.readouterr().out
    assert out.endswith(f"record written to {path}\n")
    with open(path, encoding="utf-8") as file:
        record = Record.parse(file.read())
    assert record.header("Seed") == "7"
    assert record.names == ("greedy",) * 4
    assert record.header("Event") == "burraco demo"
    assert record.final().is_over
    assert main(["demo", "--seed", "7"]) == 0
    assert capsys.readouterr().out == out[: -len(f"record written to {path}\n")]


def test_replay_prints_the_table_after_each_turn_and_the_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"{tmp_path}/hand.txt"
    main(["demo", "--seed", "3", "--players", "2", "--record", path])
    capsys.readouterr()
    with open(path, encoding="utf-8") as file:
        record = Record.parse(file.read())
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rules: classic\nPlayers: 2\n")
    states = record.replay_turns()
    for number, turn in enumerate(record.turns, 1):
        assert f"\n{number}. {turn}\n{states[number]}\n" in out
    assert "\ntotal " in out


def test_replay_prints_one_turn_with_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"{tmp_path}/hand.txt"
    main(["demo", "--seed", "5", "--record", path])
    capsys.readouterr()
    with open(path, encoding="utf-8") as file:
        record = Record.parse(file.read())
    assert main(["replay", path, "--turn", "4"]) == 0
    out = capsys.readouterr().out
    assert f"\n4. {record.turns[3]}\n{record.replay_turns()[4]}\n" in out
    assert f"\n3. {record.turns[2]}\n" not in out
    assert main(["replay", path, "--turn", "0"]) == 0
    assert f"\n{record.deal()}\n" in capsys.readouterr().out
    assert main(["replay", path, "--turn", "100000"]) == 2
    assert "turns, not 100000" in capsys.readouterr().err


def test_replay_reports_a_bad_record_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = f"{tmp_path}/bad.txt"
    with open(path, "w", encoding="utf-8") as file:
        file.write('[Rules "classic"]\n[Seed "7"]\n\n1. seat 1: draw; discard QC\n')
    assert main(["replay", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"burraco replay: {path}: line 4: illegal action 'discard QC'")
    assert main(["replay", f"{tmp_path}/missing.txt"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_of_a_match_record_prints_the_match_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = History()
    match = play_match([GreedyAgent()] * 4, attrs.evolve(CLASSIC, target=600), 1, on_action=history)
    path = f"{tmp_path}/match.txt"
    with open(path, "w", encoding="utf-8") as file:
        file.write(str(history.match_record()))
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out
    assert "== hand 1\n" in out and f"== hand {len(match.hands)}\n" in out
    assert out.rstrip().endswith(str(match).rstrip())


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda text: text.replace('[Dealer "0"]', '[Dealer "-1"]', 1), "line 4: Dealer is"),
        (lambda text: "1" * 5000 + ". seat 1: draw\n" + text, "line 1: a turn's number is"),
        (lambda text: text + "#" * MAX_RECORD_LENGTH, "a record is at most 1,000,000"),
        (lambda text: '[Result "' + "x" * 800_000 + '"]\n' + text, "'Result' is given twice"),
        (lambda text: text.replace('[Hand "1"]', '[Rules.x "' + "y" * 800_000 + '"]'), "line"),
    ],
)
def test_replay_reports_a_hostile_record_in_one_short_line_without_a_traceback(
    edit: Callable[[str], str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = History()
    play_match([GreedyAgent()] * 4, attrs.evolve(CLASSIC, target=600), 1, on_action=history)
    path = f"{tmp_path}/match.txt"
    with open(path, "w", encoding="utf-8") as file:
        file.write(edit(str(history.match_record())))
    assert main(["replay", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"burraco replay: {path}: ")
    assert words in captured.err
    assert captured.err.count("\n") == 1 and len(captured.err) < 500
