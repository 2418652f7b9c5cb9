"""Duplicate duels: statistics on agents with known outcomes, seats, seeds and backends."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Sequence

import attrs
import pytest

from burraco.actions import Action
from burraco.agents import Agent, GreedyAgent, RandomAgent, make_agent
from burraco.cli import main
from burraco.duel import DuelResult, play_duel, play_duel_deal, rotation
from burraco.errors import AgentError, Reason
from burraco.rules import CLASSIC, FEBURIT, FIBUR, FIBUR3, FIBUR5, REALE, Rules
from burraco.search import SearchAgent
from burraco.views import PlayerView


def rules_for(players: int) -> Rules:
    return attrs.evolve(CLASSIC, players=players)


def plain_greedy(seed: int) -> Agent:
    """A greedy agent that ignores its seed, so that it plays the same in every seat."""
    return GreedyAgent()


SEEN: list[tuple[str, int, tuple[str, ...]]] = []
"""What the recording agents saw first: (agent's label, seat, first hand in notation)."""


class Recorder:
    """Plays the first legal action and notes the first hand it is shown."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.noted = False

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if not self.noted:
            self.noted = True
            SEEN.append((self.label, view.seat, tuple(map(str, view.hand or ()))))
        return legal_actions[0]


def recorder_a(seed: int) -> Agent:
    return Recorder("a")


def recorder_b(seed: int) -> Agent:
    return Recorder("b")


def outcomes(result: DuelResult) -> list[tuple[object, ...]]:
    return [
        (hand.a_team, hand.points, hand.end, hand.closed_by, hand.burracos, hand.decisions)
        for hand in result.hands
    ]


def test_an_agent_against_itself_differs_by_nothing_when_it_plays_the_same_in_any_seat() -> None:
    result = play_duel(plain_greedy, plain_greedy, deals=6, seed=3)
    assert [deal.difference for deal in result.deals] == [0.0] * 6
    assert result.interval == (0.0, 0.0)
    assert result.hand_win_rate == 0.5
    assert result.victory_points() == (10.0, 10.0)


def test_an_agent_against_itself_has_an_interval_that_covers_zero() -> None:
    result = play_duel("greedy", "greedy", deals=30, seed=8)
    interval = result.interval
    assert interval is not None
    assert interval[0] < 0 < interval[1]
    assert result.points_per_hand != 0  # seeded tie-breaks differ: a real, noisy duel


def test_greedy_beats_random_clearly() -> None:
    result = play_duel("greedy", "random", deals=20, seed=2)
    interval = result.interval
    assert interval is not None
    assert interval[0] > 300
    assert result.hand_win_rate > 0.9
    assert result.closing_rate[0] > 0.8 and result.closing_rate[1] == 0
    assert result.burracos_per_hand[0] > result.burracos_per_hand[1]
    assert result.victory_points()[0] > 15
    assert sum(result.victory_points()) == pytest.approx(20)


def test_the_statistics_are_those_of_the_deal_pairs() -> None:
    result = play_duel("greedy", "random", deals=5, seed=4)
    differences = [deal.difference for deal in result.deals]
    mean = sum(differences) / 5
    deviation = math.sqrt(sum((d - mean) ** 2 for d in differences) / 4)
    half = 2.776 * deviation / math.sqrt(5)  # Student's t, 4 degrees of freedom
    assert mean == pytest.approx(result.points_per_hand)
    assert result.interval == pytest.approx((mean - half, mean + half))
    for deal in result.deals:
        first, second = deal.hands
        assert deal.difference == (first.points[0] - first.points[1] + second.difference) / 2


def test_each_deal_is_played_twice_with_the_teams_swapping_seats() -> None:
    SEEN.clear()
    deal = play_duel_deal(recorder_a, recorder_b, 5, seed=9)
    assert (deal.hands[0].a_team, deal.hands[1].a_team) == (0, 1)
    first, second = SEEN[:4], SEEN[4:]
    assert [label for label, _, _ in sorted(first, key=lambda x: x[1])] == ["a", "b", "a", "b"]
    assert [label for label, _, _ in sorted(second, key=lambda x: x[1])] == ["b", "a", "b", "a"]
    hands_first = {seat: hand for _, seat, hand in first}
    hands_second = {seat: hand for _, seat, hand in second}
    assert hands_first == hands_second  # the same cards at each seat in both hands


def test_identical_first_action_agents_score_mirror_images() -> None:
    deal = play_duel_deal(recorder_a, recorder_b, 2, seed=1)
    first, second = deal.hands
    assert first.points == (second.points[1], second.points[0])
    assert deal.difference == 0


def test_a_duel_repeats_exactly_from_its_seed() -> None:
    once = play_duel("greedy", "random", deals=4, seed=12)
    again = play_duel("greedy", "random", deals=4, seed=12)
    other = play_duel("greedy", "random", deals=4, seed=13)
    assert once == again
    assert outcomes(once) == outcomes(again)
    assert outcomes(once) != outcomes(other)


def test_worker_processes_give_the_same_results_as_one_process() -> None:
    spec = "search(simulations=1, depth=1, candidates=2)"
    alone = play_duel(spec, "random", deals=3, seed=5)
    pooled = play_duel(spec, "random", deals=3, seed=5, jobs=2)
    assert alone == pooled
    assert pooled.workers == "2 processes"


def test_importing_the_library_or_the_duel_never_imports_ray() -> None:
    code = "import sys, burraco, burraco.duel, burraco.search; print('ray' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_asking_for_ray_without_ray_installed_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # importing it now fails
    with pytest.raises(ImportError, match=r"pip install 'burraco\[ray\]'"):
        play_duel("greedy", "random", deals=1, ray=True)


def test_ray_tasks_give_the_same_results_as_local_processes() -> None:
    ray = pytest.importorskip("ray")
    local = play_duel("greedy", "random", deals=3, seed=21)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = play_duel("greedy", "random", deals=3, seed=21, ray=True)
    finally:
        ray.shutdown()
    assert local == remote
    assert remote.workers == "ray"


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, FIBUR, rules_for(2), FEBURIT, REALE],
    ids=["4", "fibur", "2", "feburit", "reale"],
)
def test_duels_run_under_any_rules_with_two_teams(rules: Rules) -> None:
    result = play_duel("greedy", "random", deals=2, seed=1, rules=rules)
    assert rules == result.rules
    assert len(result.hands) == 4


def test_a_duel_needs_two_teams_or_an_odd_table() -> None:
    with pytest.raises(ValueError, match="two teams"):
        play_duel("greedy", "random", deals=1, rules=rules_for(6))


@pytest.mark.parametrize("rules", [FIBUR3, FIBUR5, rules_for(3)], ids=["fibur3", "fibur5", "3"])
def test_a_duel_of_three_or_five_seats_rotates_who_sits_where(rules: Rules) -> None:
    # rules §14 (and three players alone): each deal twice per seat, A alone then B alone
    result = play_duel("greedy", "random", deals=2, seed=1, rules=rules)
    assert rotation(rules.players)[:2] == [(0,), tuple(range(1, rules.players))]
    for deal in result.deals:
        assert [hand.a_seats for hand in deal.hands] == rotation(rules.players)
    assert len(result.hands) == 2 * 2 * rules.players
    assert result.points_per_hand > 0
    assert play_duel("greedy", "random", deals=2, seed=1, rules=rules) == result
    same = play_duel(plain_greedy, plain_greedy, deals=2, seed=1, rules=rules)
    assert [deal.difference for deal in same.deals] == [0.0, 0.0]  # each seating alike
    assert "deals (" in str(result)


def test_the_summary_is_json_and_holds_every_figure() -> None:
    summary = play_duel("greedy", "random", deals=3, seed=6).summary()
    assert summary == json.loads(json.dumps(summary))
    assert {
        "points_per_hand",
        "ci95",
        "hand_win_rate",
        "closing_rate",
        "burracos_per_hand",
        "seconds_per_decision",
        "cpu_seconds_per_decision",
        "victory_points",
    } <= set(summary)
    assert summary["deals"] == 3 and summary["hands"] == 6


def test_the_report_prints_the_difference_and_its_interval() -> None:
    text = str(play_duel("greedy", "random", deals=3, seed=6))
    assert "points per hand, 95% CI [" in text
    assert "seconds per decision" in text


def test_progress_is_reported_up_to_the_number_of_deals() -> None:
    seen: list[tuple[int, int]] = []
    play_duel(
        "random", "random", deals=3, seed=1, progress=lambda done, all: seen.append((done, all))
    )
    assert seen[0] == (0, 3) and seen[-1] == (3, 3)


def test_agents_are_made_by_name_with_keyword_arguments_and_a_seed() -> None:
    assert repr(make_agent("random", 4)) == "RandomAgent(seed=4)"
    search = make_agent("search(simulations=3, candidates=5)", 9)
    assert isinstance(search, SearchAgent)
    assert (search.simulations, search.candidates, search.seed) == (3, 5, 9)
    custom = make_agent("tests.test_duel:plain_greedy", 1)
    assert isinstance(custom, GreedyAgent)
    assert isinstance(make_agent("burraco.agents:RandomAgent(seed=2)", 5), RandomAgent)


def unreadable_signature(factory: object) -> object:
    raise ValueError(f"no signature found for {factory!r}")


class SeedlessAgent(GreedyAgent):
    """An agent class that refuses a ``seed`` keyword."""

    def __init__(self, depth: int = 1) -> None:
        super().__init__()
        self.depth = depth


def test_the_built_in_agents_get_their_seed_without_reading_a_signature(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # as in the compiled build, where the agents' signatures cannot be read
    monkeypatch.setattr("burraco.agents.inspect.signature", unreadable_signature)
    assert repr(make_agent("random", 4)) == "RandomAgent(seed=4)"
    assert repr(make_agent("search(simulations=3)", 9)) == "SearchAgent(simulations=3, seed=9)"
    assert repr(make_agent("search(seed=1)", 9)) == "SearchAgent(simulations=16, seed=1)"
    for spec in ("greedy", "burraco.agents:GreedyAgent"):
        greedy = make_agent(spec, 6)
        assert isinstance(greedy, GreedyAgent) and greedy.seed == 6


def test_an_agent_without_a_readable_signature_is_offered_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("burraco.agents.inspect.signature", unreadable_signature)
    seeded = make_agent("tests.test_duel:plain_greedy", 5)
    assert isinstance(seeded, GreedyAgent)
    refused = make_agent("tests.test_duel:SeedlessAgent(depth=3)", 5)
    assert isinstance(refused, SeedlessAgent) and refused.depth == 3
    with pytest.raises(ValueError, match=r"agent 'tests\.test_duel:SeedlessAgent"):
        make_agent("tests.test_duel:SeedlessAgent(width=3)", 5)


def test_a_user_agent_gets_the_seed_only_when_its_signature_takes_one() -> None:
    assert isinstance(make_agent("tests.test_duel:SeedlessAgent", 5), SeedlessAgent)
    assert repr(make_agent("burraco.agents:RandomAgent", 5)) == "RandomAgent(seed=5)"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clever", "unknown agent 'clever'"),
        ("nosuchmodule:Agent", "cannot import module 'nosuchmodule'"),
        ("burraco.agents:Nothing", "has no class or function Nothing"),
        ("search(3)", "by keyword only"),
        ("search(simulations=x)", "must be a literal"),
        ("search(simulations=0)", "simulations must be"),
        ("search(", "cannot read"),
        ("burraco.cards:Card", "agent 'burraco.cards:Card'"),
    ],
)
def test_bad_agent_specifications_are_rejected_with_a_reason(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make_agent(spec, 1)


@pytest.mark.parametrize("deals", [0, -1])
def test_a_duel_needs_a_deal(deals: int) -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        play_duel("greedy", "random", deals=deals)


def test_the_command_line_prints_a_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["duel", "greedy", "random", "--deals", "3", "--seed", "4", "--json"])
    assert status == 0
    summary = json.loads(capsys.readouterr().out)
    assert (
        summary["a"],
        summary["b"],
        summary["deals"],
        summary["seed"],
    ) == ("greedy", "random", 3, 4)
    assert summary["points_per_hand"] > 0


def test_the_command_line_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "random", "greedy", "--deals", "2", "--seed", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("duel: A = random, B = greedy\n2 deal pairs (4 hands), classic rules, 2")


def test_the_command_line_rejects_an_unknown_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "greedy", "clever", "--deals", "1"]) == 2
    assert "unknown agent 'clever'" in capsys.readouterr().err


# --- an agent that fails in some deals (issue 41) -----------------------------------------------


class FailsOnDealerOne:
    """Plays the first legal action, but raises in the hands dealt by seat 1."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if view.dealer == 1:
            raise KeyError("broken")
        return legal_actions[0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_duel_reports_the_failing_agent_seat_and_deal_and_keeps_the_other_deals(
    jobs: int,
) -> None:
    with pytest.raises(AgentError) as caught:
        play_duel(FailsOnDealerOne, "random", deals=6, seed=3, jobs=jobs)
    error = caught.value
    assert error.reason is Reason.AGENT_FAILED
    assert (error.deal, error.hand) == (1, 0)  # deal i is dealt by seat i mod 4
    assert error.agent == "FailsOnDealerOne"
    assert error.seat % 2 == 0  # A's team in the first hand of a pair
    assert "agent FailsOnDealerOne of seat" in str(error) and "raised KeyError" in str(error)
    partial = error.partial
    assert isinstance(partial, DuelResult)
    assert [deal.index for deal in partial.deals] == [0, 2, 3, 4]
    assert partial.deals[:1] == play_duel(FailsOnDealerOne, "random", deals=1, seed=3).deals


def test_burraco_duel_prints_the_failure_and_the_figures_of_the_other_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["duel", "tests.test_duel:FailsOnDealerOne", "random", "--deals", "3",
                 "--seed", "3", "--jobs", "2", "--json", "--quiet"])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 2
    assert json.loads(out)["deals"] == 2
    assert "Traceback" not in err and "BrokenProcessPool" not in err
    assert (
        "burraco duel: agent tests.test_duel:FailsOnDealerOne of seat 2 raised KeyError: "
        "'broken' (deal 1, hand 0)\n"
    ) in err
    assert "an agent failed in 1 of 3 deals; the figures above are of the other 2" in err
