"""What a leaf evaluation costs: level5's fitted line against level6's network, per position.

``python benchmarks/leaf.py`` values every tenth position of 30 random hands (4 players,
classic rules) for both teams with :func:`burraco.search.expected_lead` and
:func:`burraco.levels.network_lead`, in alternating rounds on process time, and prints the
microseconds per evaluation of each, with the network's split into its inputs and its forward
pass. Put a compiled build first on ``PYTHONPATH`` to measure it (docs/learned.md).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from burraco import CLASSIC, GameState
from burraco._bots import network
from burraco.levels import network_lead
from burraco.search import expected_lead
from burraco.testing import random_play


def sample(hands: int) -> list[GameState]:
    """Every tenth position of ``hands`` random hands that is not over."""
    states = []
    for seed in range(hands):
        for step, (state, _action) in enumerate(random_play(CLASSIC, seed)):
            if step % 10 == 0 and not state.is_over:
                states.append(state)
    return states


def per_call(work: Callable[[], None], calls: int) -> float:
    """Microseconds of process time per call of ``work``, which makes ``calls`` calls."""
    started = time.process_time()
    work()
    return (time.process_time() - started) / calls * 1e6


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=30, help="random hands sampled (30)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (5)")
    args = parser.parse_args(argv)
    states = sample(args.hands)
    net = network.load()[4]
    rows = [network.inputs(state, 0) for state in states]
    calls = 2 * len(states)

    def each(evaluate: Callable[[GameState, int], object]) -> Callable[[], None]:
        def run() -> None:
            for state in states:
                evaluate(state, 0)
                evaluate(state, 1)

        return run

    def forward() -> None:
        for row in rows:
            net(row)
            net(row)

    work: dict[str, Callable[[], None]] = {
        "expected_lead (level5)": each(expected_lead),
        "network_lead (level6)": each(network_lead),
        "  of which the inputs": each(network.inputs),
        "  of which the forward pass": forward,
    }
    for run in work.values():
        run()  # warm: the weights read, the memos filled
    times: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(args.rounds):
        for name, run in work.items():
            times[name].append(per_call(run, calls))
    compiled = getattr(__import__("burraco"), "__compiled__", False)
    print(f"{len(states)} positions, both teams, {args.rounds} rounds; compiled: {compiled}")
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:32} {value:8.1f} us")
    return medians


if __name__ == "__main__":
    main()
