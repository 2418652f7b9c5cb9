"""Throughput of the RL environments beside the bare engine's, in steps per second.

Run ``python benchmarks/envs.py`` (``--seconds 2`` for a quicker, rougher run; ``--players 2``
for the two-player table). Needs numpy, and each toolkit whose row is wanted (rows of
missing toolkits are skipped). Every row plays uniformly random moves with fixed seeds, on
one core in this process:

* ``engine``: a random legal action at every decision (``legal_actions`` then ``apply``),
  counting actions;
* ``encoding``: the same hands spelled token by token through :class:`ActionTree` masks,
  counting tokens (and actions);
* ``pettingzoo``: ``burraco_v0.env()`` with a masked random token for every agent;
* ``gymnasium``: ``BurracoEnv`` with a masked random token for the learning seat, the other
  seats played by :class:`~burraco.RandomAgent` (their moves are not counted as steps);
* ``openspiel``: ``python_burraco`` with a random legal token (the deal's chance nodes not
  counted), through ``pyspiel``'s state API.

A step of an environment is one token; the ``actions/s`` column counts whole actions (a turn
is a draw, any melds, a discard).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from importlib.util import find_spec

import attrs

from burraco import CLASSIC, Rules, apply, legal_actions, new_game

Row = tuple[str, float, float]


def timed(play: Callable[[int], tuple[int, int]], seconds: float) -> tuple[float, float]:
    """Play seeded hands until ``seconds`` pass; ``play`` returns (steps, actions)."""
    start = time.perf_counter()
    steps = actions = 0
    seed = 0
    while time.perf_counter() - start < seconds:
        more_steps, more_actions = play(seed)
        steps += more_steps
        actions += more_actions
        seed += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, actions / elapsed


def engine(rules: Rules) -> Callable[[int], tuple[int, int]]:
    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        count = 0
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            count += 1
        return count, count

    return play


def encoding(rules: Rules) -> Callable[[int], tuple[int, int]]:
    from burraco.encoding import ActionSpace, ActionTree

    space = ActionSpace(rules)

    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        tokens = actions = 0
        while not state.is_over:
            tree = ActionTree(legal_actions(state), space)
            prefix: list[int] = []
            while (action := tree.action(prefix)) is None:
                prefix.append(rng.choice(tree.next_tokens(prefix)))
                tokens += 1
            state = apply(state, action)
            actions += 1
        return tokens, actions

    return play


def pettingzoo(rules: Rules) -> Callable[[int], tuple[int, int]]:
    import numpy as np

    from burraco.envs import burraco_v0

    env = burraco_v0.env(rules=rules)

    def play(seed: int) -> tuple[int, int]:
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
        return steps, int(env.unwrapped.actions_played)

    return play


def gymnasium(rules: Rules) -> Callable[[int], tuple[int, int]]:
    import numpy as np

    from burraco.envs.gymnasium import BurracoEnv

    env = BurracoEnv(rules, illegal="raise")

    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        steps = 0
        while True:
            token = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
            _, _, terminated, truncated, info = env.step(token)
            steps += 1
            if terminated or truncated:
                return steps, env.actions_played

    return play


def openspiel(rules: Rules) -> Callable[[int], tuple[int, int]]:
    import pyspiel

    import burraco.envs.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_burraco", {"players": rules.players, "rules": rules.name})

    def play(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            before = state.token_game.state
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
            actions += state.token_game.state is not before
        return steps, actions

    return play


ROWS: list[tuple[str, str | None, Callable[[Rules], Callable[[int], tuple[int, int]]]]] = [
    ("engine", None, engine),
    ("encoding", "numpy", encoding),
    ("pettingzoo", "pettingzoo", pettingzoo),
    ("gymnasium", "gymnasium", gymnasium),
    ("openspiel", "pyspiel", openspiel),
]


def main(argv: list[str] | None = None) -> list[Row]:
    """Print the table; return its rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=10.0, help="time per row (10)")
    parser.add_argument("--players", type=int, default=4, help="players (4)")
    args = parser.parse_args(argv)
    rules = attrs.evolve(CLASSIC, players=args.players)
    rows: list[Row] = []
    print(f"{'row':<12}{'steps/s':>12}{'actions/s':>12}   ({args.players} players)")
    for name, toolkit, build in ROWS:
        if toolkit is not None and find_spec(toolkit) is None:
            print(f"{name:<12}{'skipped: ' + toolkit + ' is not installed':>24}")
            continue
        steps, actions = timed(build(rules), args.seconds)
        rows.append((name, steps, actions))
        print(f"{name:<12}{steps:>12,.0f}{actions:>12,.0f}")
    return rows


if __name__ == "__main__":
    main()
