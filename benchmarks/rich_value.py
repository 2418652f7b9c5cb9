"""A richer fitted leaf evaluation for the search, tried against level5's (4 players only).

:func:`burraco.search.expected_lead` weighs eleven differences between the teams. This adds
five, which a fit on greedy hands finds worth weighing: the team's clean melds of 6 cards (a
card from a clean burraco, 200 points, not 100), the natural cards in its hands that fit one
of its melds (points on the table next turn), whether it may close with a seat down to one
card, its clean burracos, and the discard pile's size signed for the team to move (+ if it
may take it). The weights are fitted as ``benchmarks/value_fit.py`` fits the package's, on
the same kind of hands, and written to ``benchmarks/results/rich-weights.json``:

    python benchmarks/rich_value.py --hands 20000 --seed 1200

``benchmarks.tuning_agents:rich`` is level5 with this evaluation.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from pathlib import Path

from burraco._greedy import fits_alone, has_closing_burraco
from burraco._rollout import evaluate
from burraco._value import FEATURES, STAGES, features, stage
from burraco.agents import GreedyAgent, play_out
from burraco.engine import new_game
from burraco.rules import CLASSIC
from burraco.state import GameState, Phase

EXTRA = ("clean_six", "fitting", "close_one", "clean_burracos", "pile_for_mover")
"""The features added to :data:`burraco._value.FEATURES`."""

WEIGHTS_FILE = Path(__file__).parent / "results" / "rich-weights.json"


def _extra_team(state: GameState, team: int) -> list[float]:
    hands = state.hands
    melds = state.melds[team]
    rules = state.rules
    seats = range(team, len(hands), len(state.melds))
    fewest = min(len(hands[seat]) for seat in seats)
    fitting = sum(
        1
        for seat in seats
        for card in hands[seat]
        if not (card.is_joker or card.is_two) and any(fits_alone(m, card, rules) for m in melds)
    )
    return [
        float(sum(1 for m in melds if len(m.cards) == 6 and m.wild is None)),
        float(fitting),
        1.0
        if state.pozzetto_taken[team] and has_closing_burraco(melds, rules) and fewest == 1
        else 0.0,
        float(sum(1 for m in melds if len(m.cards) >= 7 and m.wild is None)),
    ]


def rich_features(state: GameState, team: int) -> list[float]:
    """The package's features of ``team`` (two teams), then the five of :data:`EXTRA`."""
    mine, theirs = _extra_team(state, team), _extra_team(state, 1 - team)
    mover = 1.0 if state.turn % 2 == team else -1.0
    return [
        *features(state, team),
        *(a - b for a, b in zip(mine, theirs, strict=True)),
        mover * len(state.discard_pile),
    ]


class RichEvaluation:
    """The richer evaluation with weights from :data:`WEIGHTS_FILE`, for two teams."""

    def __init__(self, weights: list[list[float]]) -> None:
        self.weights = weights

    @classmethod
    def load(cls) -> RichEvaluation:
        return cls(json.loads(WEIGHTS_FILE.read_text())["weights"])

    def __repr__(self) -> str:
        return "RichEvaluation()"

    def __call__(self, state: GameState, team: int) -> float:
        if state.is_over:
            return evaluate(state, team)
        row = self.weights[stage(state)]
        return sum([w * x for w, x in zip(row, rich_features(state, team), strict=True)])


def _hand(seed: str) -> list[tuple[int, list[float], float]]:
    seen: list[GameState] = []

    def record(before: GameState, action: object, after: GameState) -> None:
        if after.phase is Phase.DRAW and not after.is_over and after.turn != before.turn:
            seen.append(after)

    final = play_out(new_game(CLASSIC, seed=seed), [GreedyAgent()] * 4, on_action=record)
    lead = evaluate(final, 0)
    return [(stage(s), rich_features(s, 0), lead) for s in seen]


def main() -> None:
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1200)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = [f"rich-{args.seed}-{i}" for i in range(args.hands)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [row for hand in pool.map(_hand, seeds, chunksize=100) for row in hand]
    weights = []
    for at in range(STAGES):
        xs = np.array([x for s, x, _ in rows if s == at])
        ys = np.array([y for s, _, y in rows if s == at])
        w, *_ = np.linalg.lstsq(xs, ys, rcond=None)
        print(f"stage {at}: {len(ys)} positions, unexplained {(ys - xs @ w).std():.1f}")
        print("  " + ", ".join(f"{n} {v:.2f}" for n, v in zip((*FEATURES, *EXTRA), w, strict=True)))
        weights.append([round(float(v), 2) for v in w])
    WEIGHTS_FILE.write_text(json.dumps({"features": [*FEATURES, *EXTRA], "weights": weights}))


if __name__ == "__main__":
    main()
