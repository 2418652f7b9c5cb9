"""The club evaluation: the default evaluation plus the race to close and to the pozzetto."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco._rollout import evaluate as _evaluate
from burraco.agents import GreedyAgent, play_hand
from burraco.cards import parse_card
from burraco.evaluation import ClubEvaluation
from burraco.rules import CLASSIC, FIBUR
from burraco.scoring import score_hand
from burraco.search import SearchAgent
from burraco.state import GameState, Phase
from burraco.testing import game_states

NO_RACE = ClubEvaluation(near=(0.0,))
"""With no chance of finishing soon, the club evaluation is the default one."""


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([CLASSIC, FIBUR]).flatmap(lambda r: game_states(r, max_steps=300)))
def test_without_the_race_it_is_the_default_evaluation(state: GameState) -> None:
    for team in range(len(state.melds)):
        assert NO_RACE(state, team) == pytest.approx(_evaluate(state, team))


def test_a_hand_that_is_over_is_scored_exactly() -> None:
    final = play_hand([GreedyAgent()] * 4, seed=21)
    totals = score_hand(final).totals
    assert ClubEvaluation()(final, 1) == totals[1] - totals[0]


def _with_hands(state: GameState, sizes: tuple[int, ...]) -> GameState:
    """``state`` with seat ``i`` holding ``sizes[i]`` threes of hearts (not a position of
    play: only the evaluation looks at it)."""
    three = parse_card("3H")
    return attrs.evolve(state, hands=tuple((three,) * size for size in sizes))


def test_a_team_that_may_close_with_a_short_hand_is_credited() -> None:
    final = play_hand([GreedyAgent()] * 4, seed=21)
    closer = final.outcome.closer if final.outcome else None
    assert closer is not None
    team = closer % 2
    going_on = attrs.evolve(final, outcome=None, phase=Phase.PLAY)
    sizes = tuple(1 if seat % 2 == team else 5 for seat in range(4))
    state = _with_hands(going_on, sizes)
    gain = ClubEvaluation()(state, team) - NO_RACE(state, team)
    assert gain >= 0.6 * CLASSIC.closing_bonus


def test_the_search_uses_a_given_evaluation() -> None:
    calls: list[int] = []

    def constant(state: GameState, team: int) -> float:
        calls.append(team)
        return 0.0

    agent = SearchAgent(simulations=4, depth=2, seed=1, evaluation=constant)
    assert repr(agent).endswith(f"evaluation={constant!r})")
    final = play_hand([agent, GreedyAgent(), GreedyAgent(), GreedyAgent()], seed=3)
    assert final.is_over and calls and set(calls) == {0}


def test_chances_outside_zero_to_one_are_refused() -> None:
    with pytest.raises(ValueError, match="must be from 0 to 1"):
        ClubEvaluation(near=(0.0, 1.5))
