"""A position's worth to a team, from a small neural network trained on played hands
(private): what :func:`burraco.levels.network_lead` computes and ``level6`` plays with.

The search cuts its rollouts off a few turns on and must say what the table is worth then.
:mod:`burraco._bots.value` fits a line per stage of the stock to 16 differences between the
teams; here a network with one hidden layer of rectified units reads those 16 differences,
the team's own 14 figures (so that, say, a wild card weighs differently when the team has
melds to put it in), how much of the stock is left and the stage, and estimates the same
thing: the team's lead over the best other team when the hand ends, greedy players playing
it on. It is trained by :mod:`burraco.learn` (numpy, an optional extra) and evaluated here
in plain Python, so that playing needs neither numpy nor torch and the compiled build
compiles it like the linear fit.

The weights ship in ``network.json`` beside this module, one network per number of players
that has one (:data:`PLAYERS`); the others are valued by the linear fit.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Final

from burraco._bots.rollout import evaluate
from burraco._bots.value import FEATURES, expected_lead, features_and_own, stage
from burraco.state import GameState

__all__ = ["FILE", "INPUTS", "Network", "digest", "inputs", "load", "network_lead"]

FILE: Final = "network.json"
"""The weights' file, in this package (``burraco/_bots``)."""

_TEAM: Final = FEATURES[:14]
"""The figures of one team (the linear fit's features but ``to_move`` and ``pile``)."""

INPUTS: Final = (
    tuple(f"lead_{name}" for name in _TEAM)
    + ("to_move", "pile")
    + tuple(f"own_{name}" for name in _TEAM)
    + ("stock_left", "stage_0", "stage_1", "stage_2", "stage_3")
)
"""The network's inputs, in order: the team's figures minus the mean of the other teams'
(:data:`burraco._bots.value.FEATURES`, with ``to_move`` and ``pile``), the team's own
figures, the share of the stock still to draw, and the stage of the stock as four 0/1."""


def inputs(state: GameState, team: int) -> list[float]:
    """The network's inputs for ``team`` in ``state``, in the order of :data:`INPUTS`."""
    out, mine = features_and_own(state, team)
    out.extend(mine)
    out.append(len(state.stock) / state.rules.stock_size)
    now = stage(state)
    out.extend([1.0 if now == index else 0.0 for index in range(4)])
    return out


class Network:
    """One trained network: inputs standardized, one hidden layer of rectified units, one
    output scaled back to points.

    ``hidden`` holds one row of weights per hidden unit (over the standardized inputs) with
    its bias in ``hidden_bias``; ``output`` one weight per hidden unit, ``output_bias`` and
    ``scale`` turn the sum into points.
    """

    __slots__ = (
        "_bias",
        "_rows",
        "_weights",
        "hidden",
        "hidden_bias",
        "mean",
        "output",
        "output_bias",
        "scale",
        "spread",
    )

    def __init__(
        self,
        mean: list[float],
        spread: list[float],
        hidden: list[list[float]],
        hidden_bias: list[float],
        output: list[float],
        output_bias: float,
        scale: float,
    ) -> None:
        if not len(mean) == len(spread) == len(INPUTS):
            raise ValueError(f"a network reads {len(INPUTS)} inputs, not {len(mean)}")
        if len(hidden) != len(hidden_bias) or len(hidden) != len(output):
            raise ValueError("hidden rows, their biases and the output weights differ in number")
        if any(len(row) != len(INPUTS) for row in hidden):
            raise ValueError(f"every hidden row has {len(INPUTS)} weights")
        self.mean: Final = mean
        self.spread: Final = spread
        self.hidden: Final = hidden
        self.hidden_bias: Final = hidden_bias
        self.output: Final = output
        self.output_bias: Final = output_bias
        self.scale: Final = scale
        # the standardizing folded into the hidden rows, the scale into the output, once
        self._rows: Final = [[w / s for w, s in zip(row, spread, strict=True)] for row in hidden]
        self._bias: Final = [
            bias - sum([w * m / s for w, m, s in zip(row, mean, spread, strict=True)])
            for row, bias in zip(hidden, hidden_bias, strict=True)
        ]
        self._weights: Final = [weight * scale for weight in output]

    def __call__(self, values: list[float]) -> float:
        """The network's estimate, in points, for inputs ``values`` (:func:`inputs`)."""
        total = self.output_bias * self.scale
        width = len(values)
        for row, bias, weight in zip(self._rows, self._bias, self._weights, strict=True):
            unit = bias
            for index in range(width):  # a plain loop: the compiled build runs it in C
                unit += row[index] * values[index]
            if unit > 0.0:
                total += weight * unit
        return total


_NETWORKS: dict[int, Network] = {}
_LOADED: list[bool] = [False]


def load() -> dict[int, Network]:
    """The shipped networks by number of players, read from :data:`FILE` once."""
    if not _LOADED[0]:
        data = json.loads(resources.files("burraco._bots").joinpath(FILE).read_text("utf-8"))
        if tuple(data["inputs"]) != INPUTS:
            raise ValueError(f"{FILE} was trained on other inputs than these")
        for players, net in data["networks"].items():
            _NETWORKS[int(players)] = Network(
                [float(v) for v in net["mean"]],
                [float(v) for v in net["spread"]],
                [[float(v) for v in row] for row in net["hidden"]],
                [float(v) for v in net["hidden_bias"]],
                [float(v) for v in net["output"]],
                float(net["output_bias"]),
                float(net["scale"]),
            )
        _LOADED[0] = True
    return _NETWORKS


def digest() -> str:
    """The SHA-256 of the shipped weights' file, as the tests pin it."""
    data = resources.files("burraco._bots").joinpath(FILE).read_bytes()
    return hashlib.sha256(data).hexdigest()


def network_lead(state: GameState, team: int) -> float:
    """``team``'s expected lead in points over the best other team when the hand ends: exact
    if it has ended, else the network of the number of players, or for a number of players
    without one the linear fit (:func:`burraco._bots.value.expected_lead`)."""
    if state.is_over:
        return evaluate(state, team)  # scored exactly
    net = load().get(state.rules.players)
    if net is None:
        return expected_lead(state, team)
    return net(inputs(state, team))
