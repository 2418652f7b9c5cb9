"""``burraco play``: a person's hand driven through standard input, against the bots."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from burraco import (
    CLASSIC,
    Action,
    EndReason,
    GameState,
    GreedyAgent,
    Match,
    Outcome,
    legal_actions,
    new_game,
    observe,
    play_out,
    score_hand,
)
from burraco.agents import AGENT_NAMES
from burraco.cli import main
from burraco.record import Record


def greedy_transcript(seat: int, seed: int | str, dealer: int = 0) -> tuple[list[str], GameState]:
    """The actions a greedy player at ``seat`` would type, and the hand's final state.

    The bots of ``burraco play`` are greedy by default and greedy play is deterministic, so
    typing these actions replays exactly this hand.
    """
    typed: list[str] = []

    def note(before: GameState, action: Action, after: GameState) -> None:
        if before.turn == seat:
            typed.append(str(action))

    final = play_out(
        new_game(CLASSIC, seed=seed, dealer=dealer), [GreedyAgent()] * 4, on_action=note
    )
    return typed, final


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        lines: list[str], *options: str) -> tuple[int, str]:  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = main(["play", *options])
    return status, capsys.readouterr().out


def test_a_whole_hand_typed_in_with_a_bad_action_an_illegal_one_and_a_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed, final = greedy_transcript(1, 3)
    actions = legal_actions(new_game(CLASSIC, seed=3))
    number = [str(action) for action in actions].index(typed[0]) + 1
    lines = ["", "dance", "discard JK", "?", str(number), *typed[1:]]
    status, out = run(monkeypatch, capsys, lines, "--seed", "3", "--seat", "1")
    assert status == 0
    assert out.startswith(
        "burraco play --seed 3 --rules classic --players 4 --seat 1 --partner greedy "
        "--opponents greedy\n"
    )
    # the view before the first decision: the seat's own hand, the others as counts
    view = str(observe(new_game(CLASSIC, seed=3), 1))
    score = "on the table: team 0 0, your team 0"
    assert f"\n{view}\n{score}\nyour action (? to list)> \n" in out
    assert "> dance\nbad action 'dance': " in out
    assert "; type ? to list the legal actions\n" in out
    assert "> discard JK\nillegal action 'discard JK' by seat 1: " in out
    listing = "\n".join(f"{n:>4}  {action}" for n, action in enumerate(actions, 1))
    assert f"> ?\n{listing}\n" in out
    # the bots' turns, one line each, and the person's own
    assert re.search(
        r"^turn  2  seat 2 \(greedy\): (draw|pick); .*discard \w+  \[\d+ cards? left\]$", out, re.M
    )
    assert re.search(r"^turn  1  you: ", out, re.M)
    assert out.endswith(f"\n{final}\n\n{score_hand(final)}\n")


def test_a_number_out_of_range_asks_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(monkeypatch, capsys, ["7", "0"], "--seed", "3", "--seat", "1")
    assert status == 0
    assert "> 7\nthere is no action 7: choose from 1 to 2 (? lists them)\n" in out
    assert "> 0\nthere is no action 0: choose from 1 to 2" in out


def test_the_end_of_input_ends_the_game_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(monkeypatch, capsys, ["draw"], "--seed", "3", "--seat", "1")
    assert status == 0
    assert out.endswith("> \nthe game is left unfinished\n")
    assert capsys.readouterr().err == ""


def test_quit_and_help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(monkeypatch, capsys, ["help", "quit", "draw"], "--seed", "3")
    assert status == 0
    assert "> help\nType an action in notation: draw, pick" in out
    assert out.endswith("> quit\nthe game is left unfinished\n")


def test_a_tournament_match_of_three_deals_ends_with_victory_points(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.start(CLASSIC, deals=3)
    lines: list[str] = []
    for hand in range(3):
        typed, final = greedy_transcript(0, f"9:{hand}", dealer=match.dealer)
        lines += typed
        match = match.record(score_hand(final))
    status, out = run(monkeypatch, capsys, lines, "--seed", "9", "--deals", "3")
    assert status == 0
    assert "\nhand 1, dealer seat 0\n" in out and "\nhand 3, dealer seat 2\n" in out
    assert out.endswith(f"\n{match}\n")
    assert "victory points" in str(match)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--seat", "4"], "--seat must be from 0 to 3 with 4 players, not 4"),
        (["--partner", "clever"], "invalid choice: 'clever'"),
        (["--deals", "5"], "invalid choice: 5"),
        (["--deals", "3", "--players", "3"], "--deals needs two teams"),
        (["--deals", "3", "--match"], "not allowed with argument"),
    ],
)
def test_play_rejects_bad_options(
    options: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *options]) == 2
    assert message in capsys.readouterr().err


def test_a_match_to_the_target_plays_hands_until_a_team_wins(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.start(CLASSIC)
    lines: list[str] = []
    hand = 0
    while not match.is_over:
        typed, final = greedy_transcript(2, f"4:{hand}", dealer=match.dealer)
        lines += typed
        match = match.record(score_hand(final))
        hand += 1
    status, out = run(monkeypatch, capsys, lines, "--seed", "4", "--seat", "2", "--match")
    assert status == 0
    assert out.endswith(f"\n{match}\n")
    assert f"team {match.winner} wins (target 2000)" in out


def test_unicode_shows_suit_symbols_and_reads_them_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(CLASSIC, seed=3)
    status, out = run(monkeypatch, capsys, ["draw", "discard 7♣"], "--seed", "3", "--seat", "1",
                      "--unicode")  # fmt: skip
    assert status == 0
    assert f"you: {state.hands[1][0].unicode()} " in out
    assert "turn  1  you: draw; discard 7♣" in out


def test_record_keeps_the_hand_in_the_record_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    typed, final = greedy_transcript(1, 3)
    path = tmp_path / "hand.txt"
    status, out = run(monkeypatch, capsys, typed, "--seed", "3", "--seat", "1", "--record",
                      str(path))  # fmt: skip
    assert status == 0
    assert out.endswith(f"{score_hand(final)}\nrecord written to {path}\n")
    record = Record.parse(path.read_text(encoding="utf-8"))
    assert (record.final(), record.names, record.header("Seed"), record.header("Event")) == (
        final,
        ("greedy", "you", "greedy", "greedy"),
        "3",
        "burraco play",
    )


def test_record_of_an_unfinished_hand_replays_as_far_as_it_went(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    typed, _ = greedy_transcript(1, 3)
    path = tmp_path / "hand.txt"
    status, _ = run(monkeypatch, capsys, typed[:4], "--seed", "3", "--seat", "1", "--record",
                    str(path))  # fmt: skip
    assert status == 0
    record = Record.parse(path.read_text(encoding="utf-8"))
    assert not record.final().is_over
    assert [str(a) for turn in record.turns if turn.seat == 1 for a in turn.actions] == typed[:4]


def test_a_wild_placed_on_a_card_of_another_suit_than_the_meld_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 0, seat 1's 13th action: the team's meld 6 is 7S 8S 9S and seat 1 holds a joker.
    # "add 6 JK=10H" names no natural card, so only the meld on the table shows the suit.
    typed, final = greedy_transcript(1, 0)
    lines = [*typed[:12], "add 6 JK=10H", *typed[12:]]
    status, out = run(monkeypatch, capsys, lines, "--seed", "0", "--seat", "1")
    assert status == 0
    assert (
        "> add 6 JK=10H\nbad action 'add 6 JK=10H': the naturals 7S 8S 9S are spades, so the "
        "wild stands for a spade (10S), not 10H; type ? to list the legal actions\n"
    ) in out
    assert out.endswith(f"\n{final}\n\n{score_hand(final)}\n")


def test_time_ends_the_hand_after_every_seat_plays_once_more(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    typed, _ = greedy_transcript(1, 3)
    first_turn = typed[: next(i for i, text in enumerate(typed) if text.startswith("discard")) + 1]
    path = tmp_path / "hand.txt"
    lines = ["time", "time", *first_turn]
    status, out = run(monkeypatch, capsys, lines, "--seed", "3", "--seat", "1", "--record",
                      str(path))  # fmt: skip
    assert status == 0
    assert "> time\ntime called: 4 turns left, this one included\n" in out
    assert "> time\ntime was called already: 4 turns left\n" in out
    record = Record.parse(path.read_text(encoding="utf-8"))
    assert record.header("TimeOut") == "1"
    assert len(record.turns) == 4
    assert record.final().outcome == Outcome(EndReason.TIME_OUT)
    assert str(record.header("Result")).endswith("; time out")


def test_the_person_is_told_what_they_drew(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(CLASSIC, seed=3)
    status, out = run(monkeypatch, capsys, ["draw"], "--seed", "3", "--seat", "1")
    assert status == 0
    assert f"> draw\nyou drew {state.stock[0]}\n" in out


def test_the_person_is_told_what_the_pile_added(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game(CLASSIC, seed=3)
    status, out = run(monkeypatch, capsys, ["pick"], "--seed", "3", "--seat", "1")
    assert status == 0
    assert f"> pick\nthe pile added {state.discard_pile[0]} to your hand\n" in out


def test_the_list_says_what_a_wild_stands_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from burraco import DrawStock, OpenMeld, apply, validate_meld

    for seed in range(200):  # a deal where the first player can open a run with a joker
        after = apply(new_game(CLASSIC, seed=seed), DrawStock())
        runs = [
            action
            for action in legal_actions(after)
            if isinstance(action, OpenMeld)
            and any(card.is_joker for card in action.cards)
            and "JK=" in str(validate_meld(action.cards, wild_as=action.wild_as))
        ]
        if runs:
            break
    meld = validate_meld(runs[0].cards, wild_as=runs[0].wild_as)
    placed = next(token for token in str(meld).split() if token.startswith("JK="))
    status, out = run(monkeypatch, capsys, ["draw", "?"], "--seed", str(seed), "--seat", "1")
    assert status == 0
    listed = [line for line in out.splitlines() if f"  {runs[0]}  (" in line]
    assert listed and listed[0].endswith(f"  (JK as {placed[3:]})")


def test_the_running_score_shows_the_table_and_the_match() -> None:
    from burraco.cli.play import _running_score

    state = new_game(CLASSIC, seed=3)
    match = Match.start().record(score_hand(play_out(state, [GreedyAgent()] * 4)))
    totals = match.totals
    assert _running_score(state, match) == (
        f"on the table: team 0 0, your team 0; match so far: team 0 {totals[0]}, "
        f"your team {totals[1]}"
    )


@pytest.mark.parametrize("name", AGENT_NAMES)
def test_every_agent_of_the_registry_may_be_partner_and_opponents(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # seat 1 plays first, and the input ends at once: the bots are built but never asked
    options = ["--seed", "3", "--seat", "1", "--partner", name, "--opponents", name]
    status, out = run(monkeypatch, capsys, [], *options)
    assert status == 0
    assert f"--partner {name} --opponents {name}\n" in out


def test_an_unknown_agent_is_refused_with_the_names_to_choose_from(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--opponents", "level9"]) == 2
    err = capsys.readouterr().err
    assert "argument --opponents: invalid choice: 'level9'" in err
    assert all(f"'{name}'" in err for name in AGENT_NAMES)


def test_search_opponents_may_be_chosen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run(
        monkeypatch, capsys, [], "--seed", "3", "--seat", "1", "--opponents", "search"
    )
    assert status == 0
    assert "--opponents search" in out.splitlines()[0]
