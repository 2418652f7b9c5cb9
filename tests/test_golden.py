"""Golden playthroughs: a fresh replay of each stored hand gives exactly the stored text.

A failure means that the rules, the notation or the tables changed. If the change is
intended, write the files again with ``nox -s golden`` (``python -m tests.golden``) and review
the diff of ``tests/golden/`` with the change.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden import CASES, DIRECTORY, PRESETS, Case, playthrough


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.path.stem)
def test_a_replay_gives_the_stored_playthrough(case: Case) -> None:
    stored = case.path.read_text(encoding="utf-8")
    replayed = playthrough(case)
    if replayed != stored:
        diff = difflib.unified_diff(
            stored.splitlines(), replayed.splitlines(), "stored", "replayed", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"{case.path.name} differs from a fresh replay (regenerate on purpose with "
            f"`nox -s golden`):\n{shown}",
            pytrace=False,
        )


def test_every_stored_playthrough_is_a_case_and_they_stay_small() -> None:
    stored = sorted(DIRECTORY.glob("*.txt"))
    assert stored == sorted(case.path for case in CASES)
    assert sum(path.stat().st_size for path in stored) < 1_000_000


def test_the_playthroughs_cover_every_ending_and_a_closing_per_preset() -> None:
    endings = {
        (case.preset, line.partition(": ")[2])
        for case in CASES
        for line in case.path.read_text(encoding="utf-8").splitlines()
        if line.startswith(f"{case.preset}, ") and ": over" in line
    }
    closed = {preset for preset, ending in endings if ending.startswith("over: closed by")}
    assert closed == set(PRESETS)
    assert {ending for _, ending in endings if not ending.startswith("over: closed")} == {
        "over: stalemate",
        "over: stock-exhausted",
    }
