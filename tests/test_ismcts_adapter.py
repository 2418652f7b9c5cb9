"""The OpenSpiel ISMCTS adapter of the benchmarks (``benchmarks/ismcts_agent.py``) plays legal
Burraco: the yardstick the levels are measured against must be a fair player."""

from __future__ import annotations

import pytest

from burraco import GreedyAgent, apply, legal_actions, new_game, observe
from burraco.state import GameState
from tests.helpers import benchmark

pytest.importorskip("pyspiel")


def _position(seed: int, turns: int) -> GameState:
    """A state after ``turns`` greedy actions of a seeded hand."""
    state = new_game(seed=seed)
    greedy = GreedyAgent()
    for _ in range(turns):
        state = apply(state, greedy.choose(observe(state, state.turn), legal_actions(state)))
    return state


@pytest.mark.parametrize(("seed", "turns"), [(1, 0), (2, 1), (3, 9), (4, 30)])
def test_the_adapter_chooses_one_of_the_legal_actions(seed: int, turns: int) -> None:
    state = _position(seed, turns)
    actions = legal_actions(state)
    agent = benchmark("ismcts_agent").IsmctsAgent(simulations=3, horizon=2, seed=seed)
    assert agent.choose(observe(state, state.turn), actions) in actions


def test_a_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        benchmark("ismcts_agent").IsmctsAgent(simulations=0)
