"""What RL and bot users run, side by side with the peers: env steps and decisions per CPU second.

Run ``python benchmarks/rl_peers.py`` (``--rounds 3 --seconds 1`` for a quick, rough run), or
``nox -s rlbench``, which builds the mypyc-compiled wheel and runs this script with
``--compiled DIR``. Every figure is CPU time (``time.process_time``) on one core, and the rows
*alternate*: each round runs every row once for ``--seconds``, and the table reports the
median over the rounds of each row's rate and of its ratio to each peer measured in the same
round (with the lowest and highest of those ratios), which stays meaningful on a busy machine.

``--compiled DIR`` measures a second build in the same run: a child process imports burraco
from ``DIR`` (a directory a compiled wheel was installed into with ``pip install --target
DIR``) and runs burraco's rows when told to, so every round runs this process's rows (the
source's, and the peers), then the child's, in alternating order (ABBA). The compiled rows'
ratios are to the peers of the same round. The table then has a row per build.

Rows (every step picks a uniformly random allowed token or legal action, with fixed seeds):

* ``pettingzoo``: ``burraco_v0.env()`` (four players), ``env.last()`` then ``env.step`` for
  every agent, counting steps (tokens) of the agents to act;
* ``gymnasium``: ``BurracoEnv`` (four players), a masked random token for the learning seat,
  the other seats played by :class:`~burraco.RandomAgent` inside ``step`` (their moves are not
  counted as steps);
* ``openspiel``: ``python_burraco`` through ``pyspiel``, the observation of the player to move
  taken at every step by the observer of ``open_spiel.python.observation.make_observation``
  (filled in place, as OpenSpiel's own examples use it; the deal's chance nodes not counted);
* ``openspiel+list``: the same with ``state.observation_tensor(player)``, which returns the
  observation as a Python list (5,773 floats: pyspiel's API, as OpenSpiel's
  ``rl_environment`` calls it);
* peers: ``rlcard-gin``, RLCard's gin-rummy env (``rlcard.make("gin-rummy")``, whose ``step``
  returns the next player's encoded state); ``spiel-gin``, OpenSpiel's C++ ``gin_rummy``
  through ``pyspiel`` without observations; ``spiel-gin+obs``, the same with
  ``state.observation_tensor(player)`` at every step (a list of 644 floats); and
  ``spiel-gin+observer``, with the observation filled in place by
  ``make_observation(game).set_from(state, player)`` at every step.

PettingZoo's own gin-rummy env (``gin_rummy_v4``) left PettingZoo in 1.25, so it has no row.

``--agents`` measures decisions per CPU second of each built-in agent instead: four copies
of the agent play whole hands and the CPU time inside ``choose`` is counted (the engine's
``legal_actions``, ``apply`` and ``observe`` are not), so the figure is what one table costs a
server beyond the game itself; each round, each agent plays whole hands from the same seeds in
every build for ``--seconds`` of CPU time (engine included).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

Play = Callable[[int], int]
"""Plays one episode from a seed; returns the steps it counted."""

Row = tuple[str, str, Callable[[], Play]]
"""A row's name, the module it needs, and what builds its :data:`Play`."""


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


def openspiel_burraco(observe: str) -> Callable[[], Play]:
    def build() -> Play:
        import pyspiel

        import burraco.envs.openspiel  # noqa: F401 - registers the game

        return _spiel(pyspiel.load_game("python_burraco", {"players": 4}), observe)

    return build


def _spiel(game: Any, observe: str) -> Play:
    """Random play of ``game``; ``observe`` is ``""`` (no observation), ``"list"``
    (``state.observation_tensor``) or ``"observer"`` (an observer filled in place)."""
    observer = None
    if observe == "observer":
        from open_spiel.python.observation import make_observation

        observer = make_observation(game)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if observer is not None:
                observer.set_from(state, state.current_player())
            elif observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def spiel_gin(observe: str) -> Callable[[], Play]:
    def build() -> Play:
        import pyspiel

        return _spiel(pyspiel.load_game("gin_rummy"), observe)

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


OURS: list[Row] = [
    ("pettingzoo", "pettingzoo", pettingzoo_burraco),
    ("gymnasium", "gymnasium", gymnasium_burraco),
    ("openspiel", "pyspiel", openspiel_burraco("observer")),
    ("openspiel+list", "pyspiel", openspiel_burraco("list")),
]
PEERS: list[Row] = [
    ("rlcard-gin", "rlcard", rlcard_gin),
    ("spiel-gin", "pyspiel", spiel_gin("")),
    ("spiel-gin+obs", "pyspiel", spiel_gin("list")),
    ("spiel-gin+observer", "pyspiel", spiel_gin("observer")),
]


def ready(rows: list[Row]) -> list[tuple[str, Play]]:
    """The rows whose modules are installed, built and warmed up (imports, first episode)."""
    found = []
    for name, module, build in rows:
        if find_spec(module) is None:
            print(f"{name}: skipped ({module} is not installed)", file=sys.stderr)
            continue
        try:
            play = build()
        except ImportError as error:
            print(f"{name}: skipped ({error})", file=sys.stderr)
            continue
        play(10**6)
        found.append((name, play))
    return found


AGENTS = ("RandomAgent", "GreedyAgent", "SearchAgent")


def agent_round(seconds: float, seed: int) -> dict[str, float]:
    """Decisions per CPU second inside ``choose`` of each built-in agent, four to a table,
    over whole hands from deal ``seed`` on for ``seconds`` of CPU time (engine included)."""
    from burraco import GreedyAgent, RandomAgent, SearchAgent, apply, legal_actions, new_game
    from burraco import observe as view_of

    makers: dict[str, Callable[[int], Any]] = {
        "RandomAgent": RandomAgent,
        "GreedyAgent": lambda seed: GreedyAgent(),
        "SearchAgent": lambda seed: SearchAgent(seed=seed),
    }
    clock = time.process_time
    out = {}
    for name in AGENTS:
        make = makers[name]
        spent = 0.0
        decisions = 0
        deal = seed
        began = clock()
        while clock() - began < seconds:
            table = [make(deal * 4 + seat) for seat in range(4)]
            state = new_game(seed=deal)
            while not state.is_over:
                actions = legal_actions(state)
                view = view_of(state, state.turn)
                start = clock()
                action = table[state.turn].choose(view, actions)
                spent += clock() - start
                decisions += 1
                state = apply(state, action)
            deal += 1
        out[name] = decisions / spent
    return out


class Measure:
    """One build's rows in this process: ``run(seconds, seed)`` measures each once."""

    def __init__(self, agents: bool, *, peers: bool = True) -> None:
        import burraco

        self.build = "compiled" if getattr(burraco, "__compiled__", False) else "pure"
        self.burraco = str(Path(burraco.__file__).resolve().parent)
        self.agents = agents
        self.ours = [] if agents else ready(OURS)
        self.peers = ready(PEERS) if peers and not agents else []

    def run(self, seconds: float, seed: int, *, peers: bool) -> dict[str, float]:
        if self.agents:
            return agent_round(seconds, seed)
        rows = self.ours + (self.peers if peers else [])
        return {name: rate(play, seconds, seed) for name, play in rows}


def serve(agents: bool) -> None:
    """The child of ``--compiled``: say which burraco it imported, then measure burraco's rows
    for each request (a JSON line ``{"seconds": S, "seed": N}``), answering a JSON line."""
    measure = Measure(agents, peers=False)
    hello = {"build": measure.build, "burraco": measure.burraco}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        found = measure.run(request["seconds"], request["seed"], peers=False)
        print(json.dumps(found), flush=True)


class Child:
    """A child process importing burraco from ``directory`` first, serving :func:`serve`."""

    def __init__(self, directory: str, agents: bool) -> None:
        paths = [str(Path(directory).resolve()), os.environ.get("PYTHONPATH", "")]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in paths if path)}
        command = [sys.executable, __file__, "--serve", *(["--agents"] if agents else [])]
        self.process = subprocess.Popen(
            command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        hello = self._read()
        if not Path(hello["burraco"]).is_relative_to(Path(directory).resolve()):
            raise SystemExit(f"error: the child imported burraco from {hello['burraco']}")
        self.build: str = hello["build"]

    def _read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("error: the child process ended")
        found: dict[str, Any] = json.loads(line)
        return found

    def run(self, seconds: float, seed: int) -> dict[str, float]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"seconds": seconds, "seed": seed}) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def measure(rounds: int, seconds: float, agents: bool, compiled: str | None) -> dict[str, Any]:
    """Every row of every build, rounds alternating (ABBA between this process and the
    child); per row the rounds' rates, and per row of burraco the ratios to each peer."""
    here = Measure(agents)
    child = Child(compiled, agents) if compiled is not None else None
    builds = [here.build] + ([child.build] if child is not None else [])
    if len(set(builds)) != len(builds):
        raise SystemExit(f"error: both processes run the {builds[0]} build")
    rates: dict[str, dict[str, list[float]]] = {build: {} for build in [*builds, "peer"]}
    peer_names = {name for name, _ in here.peers}
    for index in range(rounds):
        seed = 1000 * index
        found = {here.build: here.run(seconds, seed, peers=True)}
        if child is not None:
            if index % 2:  # the child first every other round
                found = {child.build: child.run(seconds, seed), **found}
            else:
                found[child.build] = child.run(seconds, seed)
        for build, values in found.items():
            for name, value in values.items():
                into = rates["peer" if name in peer_names else build]
                into.setdefault(name, []).append(value)
        print(f"round {index + 1} of {rounds} done", file=sys.stderr)
    if child is not None:
        child.close()
    peers = rates["peer"]
    ratios = {
        build: {
            name: {peer: _ratios(values, theirs) for peer, theirs in peers.items()}
            for name, values in rows.items()
        }
        for build, rows in rates.items()
        if build != "peer"
    }
    if agents and child is not None:  # compiled over pure, same round
        pure = rates[here.build]
        ratios[child.build] = {
            name: {here.build: _ratios(values, pure[name])}
            for name, values in rates[child.build].items()
        }
    return {
        "kind": "decisions_per_cpu_s" if agents else "steps_per_cpu_s",
        "rounds": rounds,
        "seconds_each": seconds,
        "burraco": {here.build: here.burraco, **({child.build: compiled} if child else {})},
        "rates": rates,
        "median": {
            build: {name: statistics.median(values) for name, values in rows.items()}
            for build, rows in rates.items()
        },
        "ratios": ratios,
    }


def _ratios(mine: list[float], theirs: list[float]) -> list[float]:
    """The same-round ratios ``mine / theirs``, sorted."""
    return sorted(a / b for a, b in zip(mine, theirs, strict=True))


def table(results: dict[str, Any]) -> str:
    """The results as a text table: a line per build and row, the medians, and the median
    (lowest-highest) of each same-round ratio."""
    unit = "decisions/s" if results["kind"] == "decisions_per_cpu_s" else "steps/s"
    columns = sorted({peer for rows in results["ratios"].values() for by in rows.values()
                      for peer in by})  # fmt: skip
    lines = [
        f"{results['rounds']} rounds of {results['seconds_each']:g} CPU s a row, alternating;"
        " medians, and ratio = row / column in the same round: median (lowest-highest)",
        f"{'build':<9}{'row':<20}{unit:>12}"
        + "".join(f"  {c:>20}" for c in columns)
        + ("  ms each" if unit == "decisions/s" else ""),
    ]
    for build, rows in results["median"].items():
        for name, value in rows.items():
            cells = []
            for column in columns:
                each = results["ratios"].get(build, {}).get(name, {}).get(column)
                if each:
                    cell = f"{statistics.median(each):.2f} ({each[0]:.2f}-{each[-1]:.2f})"
                else:
                    cell = ""
                cells.append(f"  {cell:>20}")
            extra = f" {1000 / value:7.2f} ms" if unit == "decisions/s" else ""
            lines.append(f"{build:<9}{name:<20}{value:>12,.0f}" + "".join(cells) + extra)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Print the table on stderr, and the results as JSON on stdout (or in ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (5)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a row a round")
    parser.add_argument("--agents", action="store_true", help="decisions per CPU s per agent")
    parser.add_argument(
        "--compiled",
        metavar="DIR",
        help="also measure burraco imported from DIR (a compiled build) in a child process",
    )
    parser.add_argument("--json", metavar="FILE", help="write the JSON there, not on stdout")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.agents)
        return {}
    results = measure(args.rounds, args.seconds, args.agents, args.compiled)
    text = json.dumps(results, indent=1)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    print(table(results), file=sys.stderr)
    return results


if __name__ == "__main__":
    main()
