"""What RL and bot users run, side by side with the peers: env steps and decisions per CPU second.

Run ``python benchmarks/rl_peers.py`` (``--rounds 3 --seconds 1`` for a quick, rough run; or
``nox -s rlbench``, which builds the mypyc-compiled wheel and runs this script once with the
source and once, in a child process, with the compiled build). Every figure is CPU time
(``time.process_time``) on one core, and the rows *alternate*: each round runs every row once
for ``--seconds``, and the tables report the median over the rounds of each row's rate and of
its ratio to each peer measured in the same round, which stays meaningful on a busy machine.

Rows (every step picks a uniformly random allowed token or legal action, with fixed seeds):

* ``pettingzoo``: ``burraco_v0.env()`` (four players), ``env.last()`` then ``env.step`` for
  every agent, counting steps (tokens) of the agents to act;
* ``gymnasium``: ``BurracoEnv`` (four players), a masked random token for the learning seat,
  the other seats played by :class:`~burraco.RandomAgent` inside ``step`` (their moves are not
  counted as steps);
* ``openspiel``: ``python_burraco`` through ``pyspiel``, the observation tensor of the player
  to move taken at every step (the deal's chance nodes not counted);
* peers: ``rlcard-gin``, RLCard's gin-rummy env (``rlcard.make("gin-rummy")``, whose ``step``
  returns the next player's encoded state); ``spiel-gin`` and
  ``spiel-gin+obs``, OpenSpiel's C++ ``gin_rummy`` through ``pyspiel``, without and with
  ``observation_tensor`` at every step.

PettingZoo's own gin-rummy env (``gin_rummy_v4``) left PettingZoo in 1.25, so it has no row.

``--agents`` measures decisions per CPU second of each built-in agent instead: four copies
of the agent play whole hands and the CPU time inside ``choose`` is counted (the engine's
``legal_actions``, ``apply`` and ``observe`` are not), so the figure is what one table costs a
server beyond the game itself; each agent plays whole hands for ``--seconds`` of CPU time
(engine included).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib.util import find_spec
from typing import Any

Play = Callable[[int], int]
"""Plays one episode from a seed; returns the steps it counted."""


def rate(play: Play, seconds: float, seed: int) -> float:
    """Steps per CPU second of ``play`` over episodes from ``seed`` on, for ``seconds``."""
    clock = time.process_time
    steps = 0
    start = clock()
    while clock() - start < seconds:
        steps += play(seed)
        seed += 1
    return steps / (clock() - start)


def pettingzoo_burraco() -> Play:
    import numpy as np

    from burraco.envs import burraco_v0

    env = burraco_v0.env(players=4)
    return _aec(env, np)


def _aec(env: Any, np: Any) -> Play:
    def play(seed: int) -> int:
        rng = random.Random(seed)
        env.reset(seed=seed)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
        return steps

    return play


def gymnasium_burraco() -> Play:
    import numpy as np

    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(players=4, illegal="raise")

    def play(seed: int) -> int:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        steps = 0
        while True:
            token = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            _, _, terminated, truncated, info = env.step(token)
            steps += 1
            if terminated or truncated:
                return steps

    return play


def openspiel_burraco() -> Play:
    import pyspiel

    import burraco.envs.openspiel  # noqa: F401 - registers the game

    return _spiel(pyspiel.load_game("python_burraco", {"players": 4}), observe=True)


def _spiel(game: Any, *, observe: bool) -> Play:
    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def spiel_gin(*, observe: bool) -> Callable[[], Play]:
    def build() -> Play:
        import pyspiel

        return _spiel(pyspiel.load_game("gin_rummy"), observe=observe)

    return build


def rlcard_gin() -> Play:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 0})

    def play(seed: int) -> int:
        rng = random.Random(seed)
        env.seed(seed)
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps

    return play


OURS: list[tuple[str, str, Callable[[], Play]]] = [
    ("pettingzoo", "pettingzoo", pettingzoo_burraco),
    ("gymnasium", "gymnasium", gymnasium_burraco),
    ("openspiel", "pyspiel", openspiel_burraco),
]
PEERS: list[tuple[str, str, Callable[[], Play]]] = [
    ("rlcard-gin", "rlcard", rlcard_gin),
    ("spiel-gin", "pyspiel", spiel_gin(observe=False)),
    ("spiel-gin+obs", "pyspiel", spiel_gin(observe=True)),
]


def envs(rounds: int, seconds: float) -> dict[str, Any]:
    """The env rows and the peers, alternating; medians of rates and of same-round ratios."""
    rows = []
    for name, module, build in OURS + PEERS:
        if find_spec(module) is None:
            print(f"{name}: skipped ({module} is not installed)", file=sys.stderr)
            continue
        try:
            play = build()
        except ImportError as error:
            print(f"{name}: skipped ({error})", file=sys.stderr)
            continue
        play(10**6)  # warm up: imports, first episode
        rows.append((name, play))
    rates: dict[str, list[float]] = {name: [] for name, _ in rows}
    for index in range(rounds):
        for name, play in rows:
            rates[name].append(rate(play, seconds, seed=1000 * index))
    peers = [name for name, _ in rows if name in {peer for peer, _, _ in PEERS}]
    ratios = {
        name: {
            peer: statistics.median(
                mine / theirs for mine, theirs in zip(rates[name], rates[peer], strict=True)
            )
            for peer in peers
        }
        for name in rates
        if name not in peers
    }
    return {
        "rounds": rounds,
        "seconds_each": seconds,
        "steps_per_cpu_s": {name: statistics.median(values) for name, values in rates.items()},
        "median_ratio": ratios,
    }


def agents(seconds: float) -> dict[str, float]:
    """Decisions per CPU second inside ``choose`` of each built-in agent, four to a table."""
    from burraco import GreedyAgent, RandomAgent, SearchAgent, apply, legal_actions, new_game
    from burraco import observe as view_of

    makers: dict[str, Callable[[int], Any]] = {
        "RandomAgent": RandomAgent,
        "GreedyAgent": lambda seed: GreedyAgent(),
        "SearchAgent": lambda seed: SearchAgent(seed=seed),
    }
    clock = time.process_time
    out = {}
    for name, make in makers.items():
        spent = 0.0
        decisions = 0
        seed = 0
        began = clock()
        while clock() - began < seconds:
            table = [make(seed * 4 + seat) for seat in range(4)]
            state = new_game(seed=seed)
            while not state.is_over:
                actions = legal_actions(state)
                view = view_of(state, state.turn)
                start = clock()
                action = table[state.turn].choose(view, actions)
                spent += clock() - start
                decisions += 1
                state = apply(state, action)
            seed += 1
        out[name] = decisions / spent
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Print the tables as JSON on stdout, and as text on stderr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a row a round")
    parser.add_argument("--agents", action="store_true", help="decisions per CPU s per agent")
    args = parser.parse_args(argv)
    import burraco

    build = "compiled" if getattr(burraco, "__compiled__", False) else "pure"
    results: dict[str, Any] = {"build": build}
    if args.agents:
        results["decisions_per_cpu_s"] = agents(args.seconds)
    else:
        results.update(envs(args.rounds, args.seconds))
    print(json.dumps(results, indent=1))
    for key in ("steps_per_cpu_s", "decisions_per_cpu_s"):
        for name, value in results.get(key, {}).items():
            ratios = results.get("median_ratio", {}).get(name, {})
            versus = "  ".join(f"{ratio:.2f}x {peer}" for peer, ratio in ratios.items())
            print(f"{build:>8} {name:<14}{value:>10,.0f}/s  {versus}", file=sys.stderr)
    return results


if __name__ == "__main__":
    main()
