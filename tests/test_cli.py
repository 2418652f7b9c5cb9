"""The ``burraco`` command line: each command's output, exit status and handling of bad input."""

from __future__ import annotations

import io
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from burraco import Reason, __compiled__, __version__, score_hand
from burraco.agents import GreedyAgent, play_hand
from burraco.cli import main, simulate
from burraco.cli.demo import TABLE_EVERY
from burraco.cli.simulate import _HandResult, _Job

WORKED_HAND = {
    "rules": "classic",
    "teams": [
        {
            "melds": ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"],
            "hand": "3C AH",
            "pozzetto": True,
            "closed": True,
        },
        {
            "melds": ["9C 9C 9D 9D 9H 9S 2H", ["QS", "KS", "AS"]],
            "hand": "JD 7C 2S JK 5H",
            "pozzetto": False,
        },
    ],
}

OTHER_TEAM = {"melds": [], "hand": "5H 6H", "pozzetto": False}
"""A second team for files that are about the first one."""

WORKED_SHEET = """\
classic rules
                  team 0          team 1
melded               120             115
in hand              -20             -70
burracos   (1 clean) 200   (1 dirty) 100
closing              100               0
pozzetto               0            -100
total                400              45
team 0 closed
"""


# --- the program --------------------------------------------------------------------------------


BUILD = "compiled with mypyc" if __compiled__ else "pure Python"


def test_version_prints_the_package_version_and_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"burraco {__version__} ({BUILD})\n"


@pytest.mark.parametrize("command", [[], ["demo"], ["play"], ["validate"], ["score"], ["simulate"]])
def test_every_command_has_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--help"]) == 0
    assert capsys.readouterr().out.startswith(f"usage: burraco {' '.join(command)}".rstrip())


def test_bare_burraco_prints_the_help_and_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("usage: burraco [-h] [--version] [--lang LANG] COMMAND ...")
    for command in ("demo", "play", "validate", "score", "simulate"):
        assert re.search(rf"^    {command} +\w", captured.out, re.MULTILINE), command
    assert captured.err == ""


def test_python_dash_m_burraco_runs_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "burraco", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"burraco {__version__} ({BUILD})\n",
        "",
    )


# --- demo ---------------------------------------------------------------------------------------


def test_demo_prints_a_line_per_turn_the_table_every_ten_turns_and_the_score_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    final = play_hand([GreedyAgent()] * 4, seed=3)
    lines = out.splitlines()
    assert lines[0] == "burraco demo --seed 3 --rules classic --players 4 --agents greedy"
    assert lines[1] == ""
    assert lines[2].startswith("classic, 4 players, dealer seat 0: seat 1 to draw")
    turns = [line for line in lines if line.startswith("turn ")]
    assert turns[0].startswith("turn  1  seat 1 (greedy): draw; ")
    assert all(
        re.fullmatch(r"turn +\d+  seat \d \(greedy\): .+  \[\d+ cards? left\]", t) for t in turns
    )
    tables = [line for line in lines if line.startswith("classic, 4 players")]
    assert len(tables) == 2 + (len(turns) - 1) // TABLE_EVERY  # the deal, every ten turns, the end
    assert out.endswith(f"\n{final}\n\n{score_hand(final)}\n")


def test_demo_fits_a_screen_per_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    starts = [index for index, line in enumerate(lines) if line.startswith("turn ")]
    longest = max(later - earlier for earlier, later in itertools.pairwise(starts))
    assert longest <= 40  # at most a screen between one turn's line and the next
    assert len(lines) < 200  # it was 761 lines for this hand, with a table after every turn


def test_demo_verbose_prints_the_table_after_every_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--seed", "3", "--players", "2", "--verbose"]) == 0
    lines = capsys.readouterr().out.splitlines()
    turns = sum(line.startswith("turn ") for line in lines)
    assert sum(line.startswith("classic, 2 players") for line in lines) == turns + 1


def test_demo_unicode_prints_suit_symbols(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3", "--unicode"]) == 0
    plain = capsys.readouterr().out
    assert main(["demo", "--seed", "3"]) == 0
    letters = capsys.readouterr().out
    assert "♥" in plain and "♠" in plain and "♦" in plain and "♣" in plain
    assert re.search(r"\b(10|[2-9AJQK])[SHDC]\b", plain) is None
    for symbol, letter in zip("♠♥♦♣", "SHDC", strict=True):
        plain = plain.replace(symbol, letter)
    assert plain == letters


def test_demo_into_a_pipe_closed_early_exits_0_quietly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "burraco", "demo", "--seed", "3", "--verbose"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # like `head -1`
    status = process.wait(timeout=60)
    with process.stderr:
        err = process.stderr.read()
    assert (first, status, err) == (
        b"burraco demo --seed 3 --rules classic --players 4 --agents greedy\n",
        0,
        b"",
    )


def test_demo_without_a_seed_prints_one_that_repeats_the_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--players", "2"]) == 0
    first = capsys.readouterr().out
    seed = first.split()[3]
    assert main(["demo", "--players", "2", "--seed", seed]) == 0
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    "options",
    [
        ["--rules", "fibur", "--players", "3"],
        ["--rules", "international", "--players", "6", "--agents", "random"],
        ["--agents", "greedy,random"],
        ["--players", "2", "--agents", "level1,level2"],
        ["--rules", "feburit"],
        ["--rules", "reale", "--players", "2"],
    ],
)
def test_demo_plays_other_rules_tables_and_agents(
    options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--seed", "1", *options]) == 0
    assert "\ntotal " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--players", "7"], "invalid choice: 7"),
        (["--rules", "german"], "invalid choice: 'german'"),
        (["--agents", "greedy,clever"], "unknown agent 'clever': choose from greedy, random"),
        (["--seed", "x"], "the seed must be a whole number of 0 or more, not 'x'"),
        (["--seed=-7"], "the seed must be a whole number of 0 or more, not '-7'"),
        (["--seed", "١٢"], "the seed must be a whole number of 0 or more, not '١٢'"),
        (["--seed", "1_000"], "the seed must be a whole number of 0 or more, not '1_000'"),
        (["--seed", "9" * 5000], "the seed must be a whole number of 0 or more, not '999"),
    ],
)
def test_demo_rejects_bad_options(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", *options]) == 2
    assert message in capsys.readouterr().err


# --- validate -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (
            ["6H", "JK", "5H"],
            "meld:    5H 6H JK=7H\nkind:    sequence of hearts\nclass:   dirty\npoints:  40\n",
        ),
        (
            ["7s", "7h", "7d", "7c"],
            "meld:    7S 7H 7D 7C\nkind:    set of sevens\nclass:   clean\npoints:  20\n",
        ),
        (
            ["4S 5S 6S 7S 8S 9S 10S"],
            "meld:    4S 5S 6S 7S 8S 9S 10S\nkind:    sequence of spades\n"
            "class:   clean burraco (bonus 200)\npoints:  50\n",
        ),
    ],
)
def test_validate_describes_a_legal_meld(
    cards: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", *cards]) == 0
    assert capsys.readouterr().out == expected


def test_validate_uses_the_rules_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "4S 5S 6S 7S 8S 9S 10S JK=JS", "--rules", "fibur"]) == 0
    assert "class:   semi-clean burraco (bonus 150)\n" in capsys.readouterr().out


def test_validate_gives_the_reason_for_an_illegal_meld(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "7S", "2C", "JK"]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "",
        "illegal meld '7S 2C JK': too-many-wilds: a meld holds at most one wild card "
        "(here 2C and JK)\n",
    )


def test_validate_refuses_an_illegal_set_rank_under_international_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "KS", "KH", "KD", "--rules", "international"]) == 1
    assert "set-rank-not-allowed" in capsys.readouterr().err


def test_validate_reports_a_bad_card_as_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "7S", "11C", "7D"]) == 2
    assert capsys.readouterr().err.startswith("burraco validate: bad card '11C': ")


# --- score --------------------------------------------------------------------------------------


def write(tmp_path: Path, content: object) -> str:
    path = tmp_path / "hand.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return str(path)


def test_score_prints_the_score_sheet_of_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", write(tmp_path, WORKED_HAND)]) == 0
    assert capsys.readouterr().out == WORKED_SHEET


def test_score_reads_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(WORKED_HAND)))
    assert main(["score", "-"]) == 0
    assert capsys.readouterr().out == WORKED_SHEET


def test_score_rules_option_overrides_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {
        "teams": [
            {"melds": ["4S 5S 6S 7S 8S 9S 10S JK=JS"], "hand": "3C 4C", "pozzetto": True},
            OTHER_TEAM,
        ]
    }
    path = write(tmp_path, {**hand, "rules": "classic"})
    assert main(["score", path, "--rules", "fibur"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "fibur rules"
    assert "(1 semi-clean) 150" in out


def test_score_charges_no_pozzetto_when_none_was_taken_under_fibur(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = [
        {"melds": ["7S 7H 7D"], "hand": "5C 9C", "pozzetto": False},
        {"melds": ["8S 8H 8D"], "hand": "5D 9D", "pozzetto": False},
    ]
    assert main(["score", write(tmp_path, {"rules": "fibur", "teams": teams})]) == 0
    pozzetto = [line for line in capsys.readouterr().out.splitlines() if line.startswith("pozz")]
    assert pozzetto[0].split()[1:] == ["0", "0"]
    teams[0]["pozzetto"] = True
    teams[0]["melds"] = ["7S 7H 7D", "4C 5C 6C"]
    assert main(["score", write(tmp_path, {"rules": "fibur", "teams": teams})]) == 0
    pozzetto = [line for line in capsys.readouterr().out.splitlines() if line.startswith("pozz")]
    assert pozzetto[0].split()[1:] == ["0", "-100"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "{",
            "the text is not valid JSON: expecting property name enclosed in double quotes: "
            "line 1 column 2",
        ),
        ([], 'the file must hold a JSON object with a "teams" list'),
        ({"teams": []}, '"teams" must be a non-empty list of teams'),
        ({"teams": [{"melds": "4S 5S 6S", "pozzetto": True}]}, "teams[0].melds must be a list"),
        ({"teams": [{"melds": [7], "pozzetto": True}]}, "teams[0].melds[0] must be a string"),
        ({"teams": [{"melds": []}]}, 'teams[0] has no "pozzetto" (true or false)'),
        ({"teams": [{"melds": [], "pozzetto": "yes"}]}, "teams[0].pozzetto must be true or"),
        ({"teams": [{"melds": [], "pozzetto": True, "extra": 1}]}, 'unknown key "extra"'),
        (
            {"rules": "german", "teams": []},
            "rules must be one of classic, feburit, fibur, fibur3, fibur5, international, reale",
        ),
        (
            {"teams": [{"melds": ["5H 8H JK"], "pozzetto": True}]},
            "teams[0]: illegal meld 0 '5H 8H JK': gap: ",
        ),
        ({"teams": [{"melds": ["5H 6H 7X"], "pozzetto": True}]}, "teams[0]: meld 0: bad card"),
        ({"teams": [{"melds": [], "hand": "ZZ", "pozzetto": True}]}, "bad card 'ZZ'"),
        (
            {"teams": [{"melds": [], "pozzetto": False, "closed": True}]},
            "teams[0]: a team that closed has taken its pozzetto",
        ),
        (
            {"teams": [{"melds": [], "pozzetto": True, "closed": True}] * 2},
            "only one team can close, not teams 0 and 1",
        ),
    ],
)
def test_score_rejects_a_bad_file_with_one_line_and_status_2(
    content: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, content)
    assert main(["score", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"burraco score: {path}: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1


def test_score_reports_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nowhere.json")
    assert main(["score", missing]) == 2
    assert capsys.readouterr().err == (
        f"burraco score: {missing}: cannot read the file: No such file or directory\n"
    )


def test_score_help_documents_the_file_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--help"]) == 0
    assert '"pozzetto" (required)' in capsys.readouterr().out


# --- simulate -----------------------------------------------------------------------------------


class Terminal(io.StringIO):
    """Standard error as a terminal: what the progress bar is drawn on."""

    def isatty(self) -> bool:
        return True


def test_simulate_prints_statistics_and_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--hands", "12", "--seed", "5"]) == 0
    captured = capsys.readouterr()._replace(err=terminal.getvalue())
    lines = captured.out.splitlines()
    assert lines[:4] == [
        "12 hands, classic rules, 4 players, seed 5",
        "agents: seat 0 greedy, seat 1 random, seat 2 greedy, seat 3 random",
        "",
        "how the hands ended:",
    ]
    for label in ("closing rate: ", "average score ", "hands won ", "average hand length: "):
        assert any(line.startswith(label) for line in lines), label
    assert "12/12 hands" in captured.err
    assert "\rsimulate [##############################] 12/12 hands" in captured.err


def test_simulate_draws_no_progress_bar_when_standard_error_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--hands", "3", "--seed", "5"]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err and "#" not in err
    assert re.fullmatch(r"3 hands in \d+\.\d s with 1 job\(s\)\n", err)


def test_simulate_interrupted_says_so_on_its_own_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[_Job] = []
    real = simulate._simulate_hand

    def hand_then_ctrl_c(job: _Job) -> _HandResult:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(job)
        return real(job)

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(simulate, "_simulate_hand", hand_then_ctrl_c)
    assert main(["simulate", "--hands", "10", "--seed", "5"]) == 130
    err = terminal.getvalue()
    assert re.fullmatch(
        r"(\rsimulate \[[#-]+\] \d+/10 hands, \d+\.\d s(, about \d+ s left)? *)+\ninterrupted\n",
        err,
    ), err
    assert capsys.readouterr().out == ""


def test_simulate_statistics_depend_on_the_seed_not_on_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    runs = []
    for jobs in ("1", "2", "1"):
        assert main(["simulate", "--hands", "10", "--seed", "7", "--jobs", jobs, "--quiet"]) == 0
        runs.append(capsys.readouterr())
    assert runs[0].out == runs[1].out == runs[2].out
    assert runs[0].err == ""


def test_simulate_without_a_seed_prints_the_seed_it_chose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--hands", "2", "--quiet", "--players", "2"]) == 0
    first = capsys.readouterr().out
    seed = first.splitlines()[0].rsplit(" ", 1)[1]
    assert main(["simulate", "--hands", "2", "--quiet", "--players", "2", "--seed", seed]) == 0
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--hands", "0"], "argument --hands: must be at least 1, not 0"),
        (["--hands", "many"], "argument --hands: 'many' is not a whole number"),
        (["--jobs", "0"], "argument --jobs: must be at least 1, not 0"),
        (["--agents", "smart"], "unknown agent 'smart'"),
    ],
)
def test_simulate_rejects_bad_options(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *options]) == 2
    assert message in capsys.readouterr().err


# --- the reason codes page ----------------------------------------------------------------------

REASONS_PAGE = Path(__file__).parent.parent / "docs" / "reference" / "reasons.md"


def test_every_reason_code_has_a_row_on_the_reasons_page() -> None:
    rows = {
        line.split("|")[1].strip().strip("`")
        for line in REASONS_PAGE.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `")
    }
    assert {reason.value for reason in Reason} == rows


# --- the score file holds only what a real table shows (issue 12) -------------------------------

CLOSER = {"melds": ["4S 5S 6S 7S 8S 9S 10S"], "hand": "3C", "pozzetto": True, "closed": True}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            {"teams": [{**CLOSER, "melds": ["KH KD KC"]}, OTHER_TEAM]},
            "teams[0]: closing-needs-burraco",
        ),
        (
            {"teams": [{**CLOSER, "pozzetto": False}, OTHER_TEAM]},
            'teams[0]: a team that closed has taken its pozzetto: "closed": true needs '
            '"pozzetto": true',
        ),
        (
            {
                "rules": "international",
                "teams": [{**CLOSER, "melds": ["4S 5S 6S JK 8S 9S 10S"]}, OTHER_TEAM],
            },
            "teams[0]: closing-needs-clean-burraco",
        ),
        (
            {
                "teams": [
                    {**CLOSER, "hand": "5H"},
                    {"melds": ["5H 5D 5C"], "hand": "5H 3C", "pozzetto": True},
                ]
            },
            "too-many-copies: the teams hold 3 copies of 5H",
        ),
        ({"teams": [CLOSER]}, "4 players make 2 teams, so a hand has 2 team entries, not 1"),
        ({"teams": [CLOSER, *[OTHER_TEAM] * 3]}, "not 4"),
        ({"players": 7, "teams": [CLOSER, OTHER_TEAM]}, "players must be 2, 3, 4, 5 or 6, not 7"),
    ],
)
def test_score_rejects_a_hand_no_table_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, message: str
) -> None:
    assert main(["score", write(tmp_path, content)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.splitlines()) == 1


def test_score_reads_a_six_player_hand_of_three_teams(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = {"players": 6, "teams": [CLOSER, OTHER_TEAM, OTHER_TEAM]}
    assert main(["score", write(tmp_path, content)]) == 0
    assert "team 2" in capsys.readouterr().out


def test_validate_quotes_the_whole_input_with_a_placed_wild(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "5H", "6H", "JK=9H"]) == 1
    assert capsys.readouterr().err == (
        "illegal meld '5H 6H JK=9H': wild-as-not-possible: the wild cannot stand for 9H; "
        "it can stand for 7H or 4H\n"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"players": ' + "4" * 5000 + "}", "a number has more than the 4,300 digits"),
        (
            '{"players": 1' + "0" * 100 + "}",
            "players must be 2, 3, 4, 5 or 6, not a number of about",
        ),
        ({"rules": "x" * 900_000, "teams": []}, "rules must be one of classic, "),
        ({"x" * 900_000: 1}, 'unknown key "xxxxxxxx'),
        ({"teams": [{"melds": [], "pozzetto": "y" * 900_000}]}, "must be true or false, not"),
        ({"teams": [{"melds": ["7H " * 300_000], "pozzetto": True}]}, "teams[0]: "),
        ({"teams": [{"melds": [], "hand": "ZZ" * 400_000, "pozzetto": True}]}, "bad card 'ZZZ"),
        (
            {"teams": [{"melds": ["KH KD KC"], "pozzetto": False}, OTHER_TEAM]},
            "teams[0]: inconsistent-state: every seat but the closer ends the hand holding a card",
        ),
        (" " * 1_000_001, "a document is at most 1,000,000"),
        ('{"teams": [], "teams": []}', "the field 'teams' appears twice"),
    ],
)
def test_score_reports_a_hostile_file_in_one_short_line(
    content: object, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, content)
    assert main(["score", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"burraco score: {path}: ")
    assert message in captured.err
    assert captured.err.count("\n") == 1 and len(captured.err) < 600


def test_score_reads_a_file_that_opens_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {"teams": [{"melds": ["KH KD KC"], "hand": "5H 4C", "pozzetto": False}, OTHER_TEAM]}
    path = write(tmp_path, "\ufeff" + json.dumps(hand))
    assert main(["score", path]) == 0
    assert "classic rules" in capsys.readouterr().out


def test_validate_refuses_a_wild_placed_on_a_card_of_another_suit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["validate", "5H", "6H", "JK=7S"]) == 1
    assert capsys.readouterr().err == (
        "illegal meld '5H 6H JK=7S': wild-as-not-possible: the naturals 5H 6H are hearts, so "
        "the wild stands for a heart (7H), not 7S\n"
    )
    assert main(["validate", "5H", "6H", "JK=7H"]) == 0


def test_score_names_the_file_key_not_the_python_parameter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = {"teams": [{**CLOSER, "pozzetto": False}, OTHER_TEAM]}
    assert main(["score", write(tmp_path, content)]) == 2
    err = capsys.readouterr().err
    assert '"pozzetto": true' in err and "took_pozzetto" not in err


@pytest.mark.parametrize("port", ["0", "65536", "\u0668\u0660\u0660\u0660", "+80", "80.0", "8 0"])
def test_serve_refuses_a_port_that_is_not_1_to_65535_in_ascii_digits(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", port]) == 2
    assert "a port is a number from 1 to 65535" in capsys.readouterr().err
