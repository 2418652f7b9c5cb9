"""Training level6's network: positions from played hands, a fit by gradient descent, the
weights written as the package ships them.

``level6`` values the end of each of its search's rollouts with a small network
(:func:`burraco.levels.network_lead`). This module makes that network, reproducibly from a
seed:

1. :func:`positions` deals hands and lets :class:`~burraco.GreedyAgent` (the search's own
   rollout policy) play every seat, in several processes; at the start of every turn it
   records, for each team, the network's inputs, and when the hand ends, the team's lead
   over the best other team (the number the network learns to predict).
2. :func:`train` fits a network with one hidden layer of rectified units to those positions
   with Adam on the squared error, in minibatches, holding out a tenth of the hands to pick
   the epoch that predicts them best.
3. :func:`write` saves the networks by number of players in the JSON that
   ``burraco/_bots/network.json`` holds.

Training needs numpy (``pip install 'burraco[learn]'``); playing with the network does not.
From a checkout, the shipped weights are made by::

    python -m burraco.learn --players 4 --hands 40000 --seed 6000 --jobs 2 --out net.json

(the docs' learned-player page gives the figures). The same seed and hands give the same
positions; with the same numpy, the same weights.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from burraco._bots.network import INPUTS, inputs
from burraco._bots.rollout import evaluate
from burraco.agents import GreedyAgent
from burraco.engine import apply, legal_actions, new_game
from burraco.rules import CLASSIC, Rules
from burraco.views import observe

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[np.float64]

__all__ = ["hand_positions", "main", "positions", "train", "write"]


def hand_positions(rules: Rules, seed: int) -> tuple[list[list[float]], list[float]]:
    """One hand dealt with ``seed`` and played by greedy agents at every seat: the inputs of
    every team at the start of every turn, and each row's final lead (the team's lead over
    the best other team when the hand ended)."""
    state = new_game(rules, seed=seed)
    agents = [GreedyAgent(seed=seed * 8 + seat) for seat in range(rules.players)]
    teams = len(state.melds)
    rows: list[list[float]] = []
    whose: list[int] = []
    seat = -1
    while not state.is_over:
        if state.turn != seat:
            seat = state.turn
            for team in range(teams):
                rows.append(inputs(state, team))
                whose.append(team)
        actions = legal_actions(state)
        if len(actions) == 1:
            state = apply(state, actions[0])
        else:
            state = apply(state, agents[state.turn].choose(observe(state, state.turn), actions))
    leads = [evaluate(state, team) for team in range(teams)]
    return rows, [leads[team] for team in whose]


def _chunk(job: tuple[Rules, Sequence[int]]) -> tuple[list[list[float]], list[float], list[int]]:
    rules, seeds = job
    rows: list[list[float]] = []
    targets: list[float] = []
    hands: list[int] = []
    for seed in seeds:
        hand_rows, hand_targets = hand_positions(rules, seed)
        rows.extend(hand_rows)
        targets.extend(hand_targets)
        hands.extend([seed] * len(hand_rows))
    return rows, targets, hands


def positions(
    rules: Rules, hands: int, seed: int, jobs: int = 1
) -> tuple[Array, Array, npt.NDArray[np.int64]]:
    """The positions of ``hands`` hands (deals ``seed`` to ``seed + hands - 1``) in ``jobs``
    processes: the inputs (one row per team per turn), the final leads, and each row's
    deal."""
    import numpy as np

    seeds = list(range(seed, seed + hands))
    size = max(1, len(seeds) // (jobs * 8))
    work = [(rules, seeds[start : start + size]) for start in range(0, len(seeds), size)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(_chunk, work)
    else:
        parts = [_chunk(job) for job in work]
    rows = [row for part in parts for row in part[0]]
    targets = [value for part in parts for value in part[1]]
    deals = [deal for part in parts for deal in part[2]]
    return (
        np.asarray(rows, dtype=np.float64),
        np.asarray(targets, dtype=np.float64),
        np.asarray(deals, dtype=np.int64),
    )


def train(
    x: Array,
    y: Array,
    deals: npt.NDArray[np.int64],
    *,
    hidden: int = 32,
    epochs: int = 30,
    batch: int = 512,
    rate: float = 1e-3,
    decay: float = 1e-4,
    seed: int = 0,
    log: bool = False,
) -> dict[str, Any]:
    """A network fitted to inputs ``x`` and leads ``y`` (rows of the same deal are held out
    together): its weights as :func:`write` saves them, with the held-out error per epoch
    (``"validation"``) and of the linear fit's features alone (``"baseline"``)."""
    import numpy as np

    generator = np.random.default_rng(seed)
    held = (deals * 2654435761 % 10) == 0  # a tenth of the deals, whatever their order
    xt, yt, xv, yv = x[~held], y[~held], x[held], y[held]
    mean = xt.mean(axis=0)
    spread = xt.std(axis=0)
    spread[spread < 1e-9] = 1.0
    scale = float(yt.std()) or 1.0
    zt, zv = (xt - mean) / spread, (xv - mean) / spread
    tt = yt / scale
    w1 = generator.normal(0.0, np.sqrt(2.0 / x.shape[1]), (x.shape[1], hidden))
    b1 = np.zeros(hidden)
    w2 = generator.normal(0.0, np.sqrt(1.0 / hidden), hidden)
    b2 = np.zeros(1)
    params = [w1, b1, w2, b2]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step = 0

    def predict(z: Array) -> Array:
        result: Array = np.maximum(z @ w1 + b1, 0.0) @ w2 + b2[0]
        return result * scale

    best: tuple[float, list[Array]] = (float("inf"), [p.copy() for p in params])
    history = []
    for epoch in range(epochs):
        order = generator.permutation(len(zt))
        for start in range(0, len(order), batch):
            pick = order[start : start + batch]
            z, t = zt[pick], tt[pick]
            pre = z @ w1 + b1
            act = np.maximum(pre, 0.0)
            out = act @ w2 + b2[0]
            error = (out - t) / len(pick)  # d(mean squared error / 2) / d out
            g2 = act.T @ error + decay * w2
            gb2 = np.array([error.sum()])
            back = np.outer(error, w2) * (pre > 0.0)
            g1 = z.T @ back + decay * w1
            gb1 = back.sum(axis=0)
            step += 1
            for p, g, m, v in zip(params, (g1, gb1, g2, gb2), moments, squares, strict=True):
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                p -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        rmse = float(np.sqrt(np.mean((predict(zv) - yv) ** 2)))
        history.append(rmse)
        if log:
            print(f"epoch {epoch + 1}: held-out RMSE {rmse:.2f}", flush=True)
        if rmse < best[0]:
            best = (rmse, [p.copy() for p in params])
    w1, b1, w2, b2 = best[1]
    # the linear fit's features alone, by least squares per stage, on the same split
    baseline = _linear_baseline(xt, yt, xv, yv)
    return {
        "mean": mean.tolist(),
        "spread": spread.tolist(),
        "hidden": w1.T.tolist(),
        "hidden_bias": b1.tolist(),
        "output": w2.tolist(),
        "output_bias": float(b2[0]),
        "scale": scale,
        "validation": history,
        "baseline": baseline,
        "rows": len(x),
    }


def _linear_baseline(xt: Array, yt: Array, xv: Array, yv: Array) -> float:
    """The held-out RMSE of a least-squares line per stage over the 16 difference features
    (the linear fit's kind of model), for comparison."""
    import numpy as np

    first_stage = INPUTS.index("stage_0")
    errors = np.zeros(len(yv))
    for stage in range(4):
        column = first_stage + stage
        train_rows = xt[:, column] > 0.5
        held_rows = xv[:, column] > 0.5
        if not held_rows.any():
            continue
        weights, *_ = np.linalg.lstsq(xt[train_rows, :16], yt[train_rows], rcond=None)
        errors[held_rows] = xv[held_rows, :16] @ weights - yv[held_rows]
    return float(np.sqrt(np.mean(errors**2)))


def write(path: Path, networks: dict[int, dict[str, Any]], about: dict[str, Any]) -> None:
    """Save ``networks`` (by number of players, as :func:`train` returns them) to ``path``
    as ``burraco/_bots/network.json`` holds them, rounded to 6 significant digits."""

    def rounded(value: Any) -> Any:
        if isinstance(value, float):
            return float(f"{value:.6g}")
        if isinstance(value, list):
            return [rounded(item) for item in value]
        return value

    keep = ("mean", "spread", "hidden", "hidden_bias", "output", "output_bias", "scale")
    data = {
        "version": 1,
        "about": about,
        "inputs": list(INPUTS),
        "networks": {
            str(players): {key: rounded(net[key]) for key in keep}
            for players, net in sorted(networks.items())
        },
    }
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """``python -m burraco.learn``: generate positions, train a network per number of
    players, write the weights."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, nargs="+", default=[4], help="numbers of players")
    parser.add_argument("--hands", type=int, default=40_000, help="hands per number of players")
    parser.add_argument("--seed", type=int, default=6000, help="first deal's seed (6000)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the hands (1)")
    parser.add_argument("--hidden", type=int, default=32, help="hidden units (32)")
    parser.add_argument("--epochs", type=int, default=30, help="passes over the data (30)")
    parser.add_argument("--out", type=Path, required=True, help="the weights' JSON file")
    args = parser.parse_args(argv)
    networks: dict[int, dict[str, Any]] = {}
    about: dict[str, Any] = {"seed": args.seed, "hands": args.hands, "hidden": args.hidden}
    for players in args.players:
        rules = attrs.evolve(CLASSIC, players=players)
        started = time.process_time(), time.perf_counter()
        x, y, deals = positions(rules, args.hands, args.seed, args.jobs)
        print(f"{players} players: {len(x)} positions from {args.hands} hands", flush=True)
        net = train(x, y, deals, hidden=args.hidden, epochs=args.epochs, seed=args.seed, log=True)
        print(
            f"{players} players: held-out RMSE {min(net['validation']):.2f} (the linear "
            f"fit's features by stage: {net['baseline']:.2f}), "
            f"{time.perf_counter() - started[1]:.0f} s",
            flush=True,
        )
        networks[players] = net
        about[f"rmse_{players}"] = round(min(net["validation"]), 2)
        about[f"baseline_{players}"] = round(net["baseline"], 2)
    write(args.out, networks, about)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
