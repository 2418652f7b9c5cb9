"""level6's network: the shipped weights pinned, the evaluation in plain Python agreeing with the
training's numpy, and the training reproducible from a seed."""

from __future__ import annotations

import json
import math
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco import CLASSIC, Rules, new_game
from burraco._bots import network
from burraco.agents import GreedyAgent, play_hand
from burraco.levels import LEVELS, network_lead
from burraco.search import expected_lead
from burraco.state import GameState
from burraco.testing import random_play

WEIGHTS_DIGEST = "1a150fcf5599e38fcc3ab7a9916c85f8c24e59e144def5f93fd7b80a128ec5c2"
"""The SHA-256 of ``burraco/_bots/network.json``: new weights change it, and a release that
ships them says so in its changelog (and measures the level again: docs/learned.md)."""


def played(rules: Rules, seed: int, actions: int) -> GameState:
    """The state after ``actions`` random actions of deal ``seed`` (or the hand's last)."""
    state = new_game(rules, seed=seed)
    for step, (before, _action) in enumerate(random_play(rules, seed)):
        state = before
        if step == actions:
            break
    return state


def test_the_shipped_weights_are_pinned() -> None:
    assert network.digest() == WEIGHTS_DIGEST


def test_the_shipped_weights_are_small_and_read_the_inputs_of_today() -> None:
    path = Path(network.__file__).with_name(network.FILE)
    assert path.stat().st_size < 3_000_000  # at most a few MB (issue 58)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1
    assert tuple(data["inputs"]) == network.INPUTS
    assert sorted(network.load()) == [4]


def test_the_inputs_are_the_linear_fits_features_and_the_teams_own() -> None:
    from burraco._bots.value import features

    state = played(CLASSIC, 3, 120)
    for team in (0, 1):
        values = network.inputs(state, team)
        assert len(values) == len(network.INPUTS)
        assert values[:16] == pytest.approx(features(state, team))
        assert sum(values[-4:]) == 1.0  # one stage


def test_an_ended_hand_is_scored_exactly() -> None:
    final = play_hand([GreedyAgent(seed=seat) for seat in range(4)], seed=5)
    assert network_lead(final, 0) == expected_lead(final, 0)
    assert network_lead(final, 0) == -network_lead(final, 1)


def test_other_numbers_of_players_are_valued_by_the_linear_fit() -> None:
    two = attrs.evolve(CLASSIC, players=2)
    state = played(two, 2, 40)
    assert not state.is_over
    assert network_lead(state, 0) == pytest.approx(expected_lead(state, 0))


def test_a_team_that_is_not_there_is_refused() -> None:
    with pytest.raises(IndexError, match="team must be from 0 to 1, not 2"):
        network_lead(new_game(CLASSIC, seed=1), 2)


def test_a_network_of_the_wrong_shape_is_refused() -> None:
    width = len(network.INPUTS)
    with pytest.raises(ValueError, match=f"reads {width} inputs, not 3"):
        network.Network([0.0] * 3, [1.0] * 3, [[0.0] * 3], [0.0], [1.0], 0.0, 1.0)
    with pytest.raises(ValueError, match="differ in number"):
        network.Network([0.0] * width, [1.0] * width, [[0.0] * width], [0.0, 0.0], [1.0], 0.0, 1.0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 150))
def test_the_plain_python_network_computes_what_numpy_does(seed: int, actions: int) -> None:
    np = pytest.importorskip("numpy")
    state = played(CLASSIC, seed, actions)
    if state.is_over:
        return
    net = network.load()[4]
    x = (np.asarray(network.inputs(state, 0)) - net.mean) / np.asarray(net.spread)
    hidden = np.maximum(np.asarray(net.hidden) @ x + net.hidden_bias, 0.0)
    expected = (float(hidden @ np.asarray(net.output)) + net.output_bias) * net.scale
    assert math.isclose(network_lead(state, 0), expected, rel_tol=1e-9, abs_tol=1e-6)


def test_level6_is_level5_with_the_network() -> None:
    five, six = LEVELS["level5"], LEVELS["level6"]
    assert attrs.evolve(
        six, name="level5", title="expert", description="", evaluation="expected"
    ) == (attrs.evolve(five, description=""))
    agent = six.build(seed=1)
    assert agent._evaluation is network_lead  # type: ignore[attr-defined]
    assert "evaluation=burraco.levels.network_lead" in repr(agent)


def test_positions_are_reproducible_and_labelled_by_the_hands_end() -> None:
    pytest.importorskip("numpy")
    from burraco.learn import hand_positions, positions

    rows, leads = hand_positions(CLASSIC, 11)
    assert (rows, leads) == hand_positions(CLASSIC, 11)
    assert len(rows) == len(leads) and len(rows) % 2 == 0  # both teams at every turn
    assert all(len(row) == len(network.INPUTS) for row in rows)
    assert leads[0] == -leads[1]  # two teams: one's lead is the other's loss
    x, y, deals = positions(CLASSIC, 3, 11, jobs=1)
    assert x.shape == (len(y), len(network.INPUTS))
    assert list(x[: len(rows)].tolist()) == rows
    assert sorted(set(deals.tolist())) == [11, 12, 13]


def test_training_learns_and_writes_weights_the_player_reads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from burraco.learn import positions, train, write

    x, y, deals = positions(CLASSIC, 120, 500, jobs=1)
    net = train(x, y, deals, hidden=8, epochs=4, seed=1)
    assert len(net["validation"]) == 4
    assert min(net["validation"]) < float(y.std()) * 1.05  # no worse than guessing the mean
    again = train(x, y, deals, hidden=8, epochs=4, seed=1)
    assert again["hidden"] == net["hidden"]  # reproducible from the seed
    path = tmp_path / "net.json"
    write(path, {4: net}, {"seed": 1})
    data = json.loads(path.read_text(encoding="utf-8"))
    loaded = data["networks"]["4"]
    player = network.Network(
        loaded["mean"],
        loaded["spread"],
        loaded["hidden"],
        loaded["hidden_bias"],
        loaded["output"],
        loaded["output_bias"],
        loaded["scale"],
    )
    value = player(x[0].tolist())
    assert math.isfinite(value)


def test_the_leaf_benchmark_times_both_evaluations(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy

    script = Path(__file__).parent.parent / "benchmarks" / "leaf.py"
    module = runpy.run_path(str(script), run_name="leaf")
    medians = module["main"](["--hands", "2", "--rounds", "1"])
    assert set(medians) == {
        "expected_lead (level5)",
        "network_lead (level6)",
        "  of which the inputs",
        "  of which the forward pass",
    }
    assert all(value > 0 for value in medians.values())
    assert "positions, both teams" in capsys.readouterr().out
