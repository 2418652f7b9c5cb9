"""How often does GreedyAgent beat RandomAgent over whole 4-player matches?

Run ``python benchmarks/greedy_vs_random.py`` (``--matches 200 --seed 0`` by default). Each match
``i`` is seeded from ``(seed, i)``; the random agents are seeded from it too, so the figures are
the same on every run and whatever ``--jobs`` is. Two seatings are played: greedy on team 0
(seats 0 and 2) against random on team 1 (seats 1 and 3), and the other way round.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Literal

from burraco import CLASSIC
from burraco.agents import Agent, GreedyAgent, RandomAgent, play_match

Seating = Literal["greedy-first", "random-first"]


def play(seed: int, index: int, seating: Seating) -> tuple[bool, int]:
    """Play match ``index``; return whether the greedy team won and the number of hands."""
    base = f"{seed}:{index}:{seating}"
    greedy_team = 0 if seating == "greedy-first" else 1
    agents: list[Agent] = [
        GreedyAgent() if seat % 2 == greedy_team else RandomAgent(f"{base}:{seat}")
        for seat in range(4)
    ]
    match = play_match(agents, CLASSIC, base)
    return match.winner == greedy_team, len(match.hands)


def _play(args: tuple[int, int, Seating]) -> tuple[bool, int]:
    return play(*args)


def main() -> None:
    """Play the matches and print the win rate of the greedy team for each seating."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per seating")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    seatings: tuple[Seating, ...] = ("greedy-first", "random-first")
    for seating in seatings:
        start = time.perf_counter()
        work = [(args.seed, index, seating) for index in range(args.matches)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(_play, work, chunksize=4))
        else:
            results = [_play(item) for item in work]
        wins = sum(won for won, _ in results)
        hands = sum(count for _, count in results)
        elapsed = time.perf_counter() - start
        print(
            f"{seating}: greedy won {wins}/{args.matches} matches "
            f"({100 * wins / args.matches:.1f}%), {hands / args.matches:.2f} hands per match, "
            f"{elapsed:.1f} s"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
