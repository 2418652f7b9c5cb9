"""The tail of ``legal_actions``: its slowest calls over many random hands, garbage collector on.

``python benchmarks/tail.py HANDS SEED FREEZE`` prints one JSON object. ``run.py`` runs it in a
fresh child process (``bench_tail``), and this script imports nothing but burraco and the
modules the measurement itself needs, so that a full collection scans what a program using
burraco holds: the interpreter, burraco and its dependencies, the memos and the states in play.
The benchmark harness (argparse, statistics, subprocess, tracemalloc and what they import,
about 3,300 more objects) stays out of it. ``json`` is imported once the measurement is done.
"""

from __future__ import annotations

import gc
import random
import sys
import time

from burraco import CLASSIC, GameState, Rules, apply, legal_actions, new_game

WARM_UP_HANDS = 300
"""Random hands played before the measurement, to fill the memos as a simulation would."""


def play_out(state: GameState, chooser: random.Random) -> int:
    """Play uniformly random legal actions from ``state`` to the end of its hand; the steps
    played (``run.py`` and ``instructions.py`` use it too)."""
    steps = 0
    while True:
        actions = legal_actions(state)
        if not actions:
            return steps
        state = apply(state, chooser.choice(actions))
        steps += 1


def positions(rules: Rules, hands: int, seed: int) -> list[GameState]:
    """Every position of ``hands`` seeded random hands (``run.py`` uses it too)."""
    found = []
    for index in range(hands):
        chooser = random.Random(seed + index)
        state = new_game(rules, seed=seed + index)
        while not state.is_over:
            found.append(state)
            state = apply(state, chooser.choice(legal_actions(state)))
    return found


def measure_tail(hands: int, seed: int, freeze: bool = False) -> dict[str, float]:
    """The slowest ``legal_actions`` call (CPU time) over ``hands`` random 4-player hands after
    the warm-up, and how many calls ran a full collection.

    ``freeze``: call :func:`gc.freeze` at the end of the warm-up (the speed how-to's recipe).
    """
    positions(CLASSIC, WARM_UP_HANDS, seed=seed + hands)  # warm the memos
    if freeze:
        gc.freeze()
    full = [0]

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full[0] += 1

    gc.callbacks.append(count)
    chooser = random.Random(seed)
    clock = time.process_time
    worst = worst_without = 0.0
    over = calls = collections = 0
    for index in range(hands):
        state = new_game(CLASSIC, seed=seed + index)
        while True:
            before = full[0]
            start = clock()
            actions = legal_actions(state)
            took = clock() - start
            calls += 1
            worst = max(worst, took)
            if full[0] == before:
                worst_without = max(worst_without, took)
            else:
                collections += 1
            if took > 0.010:
                over += 1
            if not actions:
                break
            state = apply(state, chooser.choice(actions))
    gc.callbacks.remove(count)
    return {
        "hands": hands,
        "calls": calls,
        "max_ms": worst * 1e3,
        "calls_over_10ms": over,
        "calls_with_full_collection": collections,
        "max_ms_without_full_collection": worst_without * 1e3,
        "objects_scanned": len(gc.get_objects()),  # by a full collection, at the end
    }


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print("usage: python benchmarks/tail.py HANDS SEED FREEZE(0 or 1)", file=sys.stderr)
        return 2
    hands, seed, freeze = (int(value) for value in argv)
    result = measure_tail(hands, seed, bool(freeze))
    import json  # only now: its objects would be scanned by every collection above

    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
