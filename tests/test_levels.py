"""The fixed levels: named, ordered, reproducible, and their play pinned."""

from __future__ import annotations

import hashlib
import json
import random

import attrs
import pytest

from burraco.actions import Action
from burraco.agents import AGENT_NAMES, Agent, GreedyAgent, make_agent, play_hand
from burraco.cli import main
from burraco.engine import legal_actions
from burraco.levels import LEVELS, NoisyGreedyAgent, level_agent
from burraco.search import SearchAgent
from burraco.state import GameState
from burraco.views import observe

PINNED = {
    "level1": "53dc37c9a575f409",
    "level2": "817f741152068423",
    "level3": "c3c8bd300dbd6f3e",
    "level4": "e55ef1aed9abb4ca",
    "level5": "4533d2f5e923643a",
    "level6": "2a739d9f59892924",
}
"""A digest of every action of one hand with the level at seats 0 and 2 (seeds 7 and 8) and
greedy opponents (:func:`actions_digest`). A change of a level's play changes its digest: if the
change is meant, say so in the changelog and update the digest here."""


def actions_digest(agent: Agent, deal: str, partner: Agent | None = None) -> str:
    """A digest of every action of deal ``deal`` with ``agent`` at seat 0, ``partner`` (or a
    greedy agent) at seat 2, and greedy opponents."""
    actions: list[Action] = []

    def note(_before: GameState, action: Action, _after: GameState) -> None:
        actions.append(action)

    seats = [agent, GreedyAgent(), partner or GreedyAgent(), GreedyAgent()]
    play_hand(seats, seed=deal, on_action=note)
    text = "\n".join(str(action) for action in actions)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_levels_play_is_pinned(name: str) -> None:
    digest = actions_digest(
        level_agent(name, seed=7), f"level-digest:{name}", level_agent(name, seed=8)
    )
    assert digest == PINNED[name]


def test_levels_run_from_level1_to_level6() -> None:
    assert list(LEVELS) == ["level1", "level2", "level3", "level4", "level5", "level6"]
    assert [level.name for level in LEVELS.values()] == list(LEVELS)
    assert all(name in AGENT_NAMES for name in LEVELS)


def test_every_level_setting_is_written_out() -> None:
    assert [level.settings for level in LEVELS.values()] == [
        "greedy, noise 0.75",
        "greedy, noise 0.2",
        "greedy, noise 0",
        "search, simulations 8, candidates 3, depth 5, margin 20, uniform deals",
        "search, simulations 48, candidates 4, depth 5, margin 10 (0 at the draw), inference "
        "deals (discarded 0.1, refused 1, unmelded 0.05), expected lead",
        "search, simulations 48, candidates 4, depth 5, margin 10 (0 at the draw), inference "
        "deals (discarded 0.1, refused 1, unmelded 0.05), network lead",
    ]


def test_search_levels_set_every_search_parameter() -> None:
    agent = LEVELS["level4"].build(seed=1)
    assert isinstance(agent, SearchAgent)
    assert (
        agent.simulations,
        agent.time_per_move,
        agent.candidates,
        agent.depth,
        agent.margin,
        agent.draw_margin,
    ) == (8, None, 3, 5, 20.0, 20.0)
    assert agent._evaluation is None  # the table as it stands


def test_level5_values_its_rollouts_by_the_expected_lead() -> None:
    from burraco.inference import InferenceSampler
    from burraco.search import expected_lead

    agent = LEVELS["level5"].build(seed=1)
    assert isinstance(agent, SearchAgent)
    assert (agent.simulations, agent.candidates, agent.depth) == (48, 4, 5)
    assert (agent.margin, agent.draw_margin) == (10.0, 0.0)  # the better draw on average
    assert "margin=10" in repr(agent)
    assert agent._evaluation is expected_lead
    assert isinstance(agent._sampler, InferenceSampler)
    assert "evaluation=burraco.search.expected_lead" in repr(agent)
    assert "draw_margin=0" in repr(agent)


@pytest.mark.parametrize("name", ["level1", "level2", "level3"])
def test_the_same_seed_gives_the_same_hand(name: str) -> None:
    assert actions_digest(level_agent(name, seed=3), "again") == actions_digest(
        level_agent(name, seed=3), "again"
    )


def test_another_seed_gives_another_hand() -> None:
    assert actions_digest(level_agent("level1", seed=3), "again") != actions_digest(
        level_agent("level1", seed=4), "again"
    )


def test_make_agent_builds_the_levels_by_name() -> None:
    assert repr(make_agent("level2", seed=5)) == "NoisyGreedyAgent(0.2, seed=5)"
    assert repr(make_agent("level3", seed=5)) == "GreedyAgent(seed=5)"
    assert isinstance(make_agent("level5", seed=5), SearchAgent)


def test_a_level_takes_no_arguments() -> None:
    with pytest.raises(ValueError, match="agent 'level5\\(simulations=3\\)'"):
        make_agent("level5(simulations=3)", seed=1)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'level9': choose from level1, level2"):
        level_agent("level9")


def greedy_positions(deal: int) -> list[GameState]:
    """The positions of a greedy hand at which the player to act has a choice."""
    seen: list[GameState] = []

    def note(before: GameState, _action: Action, _after: GameState) -> None:
        if len(legal_actions(before)) > 1:
            seen.append(before)

    play_hand([GreedyAgent()] * 4, seed=deal, on_action=note)
    return seen


def test_noise_zero_plays_as_greedy() -> None:
    agent = NoisyGreedyAgent(0, seed=1)
    for state in greedy_positions(11):
        view, actions = observe(state, state.turn), legal_actions(state)
        assert agent.choose(view, actions) == GreedyAgent().choose(view, actions)


def test_noise_one_plays_a_seeded_random_action() -> None:
    agent = NoisyGreedyAgent(1, seed=2)
    mirror = random.Random(2)
    chosen = set()
    for state in greedy_positions(12):
        view, actions = observe(state, state.turn), legal_actions(state)
        mirror.random()  # the draw that decides between noise and greedy
        expected = actions[mirror.randrange(len(actions))]
        assert agent.choose(view, actions) == expected
        chosen.add(expected == GreedyAgent().choose(view, actions))
    assert chosen == {True, False}


@pytest.mark.parametrize("noise", [-0.1, 1.5, True, "0.2"])
def test_noise_outside_zero_to_one_is_refused(noise: object) -> None:
    with pytest.raises(ValueError, match="noise must be a probability from 0 to 1"):
        NoisyGreedyAgent(noise)  # type: ignore[arg-type]


def test_noisy_greedy_chooses_only_legal_actions() -> None:
    final = play_hand([NoisyGreedyAgent(0.5, seed=seat) for seat in range(4)], seed=8)
    assert final.is_over


def test_the_command_line_duels_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "level3", "level1", "--deals", "2", "--seed", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["a"], summary["b"], summary["deals"]) == ("level3", "level1", 2)
    assert summary["points_per_hand"] > 0


def test_the_duel_help_lists_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "--help"]) == 0
    assert "level1 (weakest) to level5" in " ".join(capsys.readouterr().out.split())


def test_a_level_s_evaluation_is_one_the_search_knows() -> None:
    level = LEVELS["level5"]
    with pytest.raises(ValueError, match="'network'"):
        attrs.evolve(level, evaluation="hopeful")  # type: ignore[arg-type]
    plain = attrs.evolve(level, evaluation="table").build(seed=1)
    assert isinstance(plain, SearchAgent)
    assert plain._evaluation is None
