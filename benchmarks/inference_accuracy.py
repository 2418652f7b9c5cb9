"""How much closer to the true hands are the inference sampler's deals than uniform ones?

``python benchmarks/inference_accuracy.py --hands 20 --seed 1000 --samples 20`` plays seeded
hands between greedy agents and, at every ``--every``-th draw decision, deals the hidden cards
of the view of the seat to act ``--samples`` times with :func:`burraco.determinize` (uniform)
and with :class:`burraco.inference.InferenceSampler`. For each sample it counts the other seats'
unknown cards (not known from the pile) that the sample puts in the hand that truly holds
them. It prints the share placed correctly by each sampler, over all positions, and their
ratio; ``--discarded``, ``--refused`` and ``--unmelded`` set the sampler's factors.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from burraco.agents import GreedyAgent, play_hand
from burraco.cards import Card
from burraco.inference import DISCARDED, REFUSED, UNMELDED, InferenceSampler
from burraco.state import GameState, Phase
from burraco.views import PlayerView, determinize, observe


def _unknown(state: GameState, seat: int) -> Counter[Card]:
    return Counter(state.hands[seat]) - Counter(state.known[seat])


def _correct(sample: GameState, truth: GameState, view: PlayerView) -> tuple[int, int]:
    """The other seats' unknown cards the sample places in their true hand, and how many."""
    right = total = 0
    for seat in range(len(truth.hands)):
        if seat == view.seat:
            continue
        true = _unknown(truth, seat)
        right += sum((true & _unknown(sample, seat)).values())
        total += sum(true.values())
    return right, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--discarded", type=float, default=DISCARDED)
    parser.add_argument("--refused", type=float, default=REFUSED)
    parser.add_argument("--unmelded", type=float, default=UNMELDED)
    args = parser.parse_args()
    sampler = InferenceSampler(
        discarded=args.discarded, refused=args.refused, unmelded=args.unmelded
    )
    positions: list[GameState] = []

    def keep(before: GameState, _action: object, _after: GameState) -> None:
        if before.phase is Phase.DRAW:
            positions.append(before)

    for hand in range(args.hands):
        found: list[GameState] = []
        positions, found = found, positions
        play_hand([GreedyAgent()] * 4, seed=f"{args.seed}:{hand}", on_action=keep)
        positions = found + positions[:: args.every]
    rng = random.Random(args.seed)
    uniform = weighted = total = 0
    for state in positions:
        view = observe(state, state.turn)
        for _ in range(args.samples):
            right, count = _correct(determinize(view, rng), state, view)
            uniform += right
            total += count
            weighted += _correct(sampler(view, rng), state, view)[0]
    print(f"{len(positions)} positions, {args.samples} samples each, {sampler!r}")
    print(f"uniform:   {uniform / total:.4f} of hidden hand cards placed in the right hand")
    print(f"inference: {weighted / total:.4f} ({weighted / uniform:.3f} times uniform)")


if __name__ == "__main__":
    main()
