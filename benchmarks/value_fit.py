"""Fit the search's leaf evaluation, :func:`burraco.search.expected_lead`, to played hands.

Plays hands under the classic rules with a greedy player at every seat (the search's rollout
policy), records each position at the start of a turn (where rollouts are cut off) with each
team's final lead over the best other team, and fits that lead by least squares on the
features of ``burraco._bots.value`` (the team's figures minus the other teams'), one set of
weights per stage of the stock. It prints how much better the fit predicts the hand's end
than the hand scored as it stands (the default evaluation), and the weights as Python to
paste into ``src/burraco/_bots/value.py``.

    python benchmarks/value_fit.py --hands 20000 --seed 1300

With ``--policy search`` the hands are played by the default search at every seat instead, to
see whether the search's own play is worth fitting (the docs' ladder page: it measured no
gain).

Run it from the repository root, with the compiled build on ``PYTHONPATH`` to save time
(20,000 hands of 4 players take about a minute on two cores).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys

import attrs

from burraco._bots.rollout import evaluate
from burraco._bots.value import FEATURES, STAGES, features, stage
from burraco.agents import Agent, GreedyAgent, play_out
from burraco.engine import new_game
from burraco.rules import CLASSIC
from burraco.search import SearchAgent
from burraco.state import GameState, Phase

Row = tuple[int, list[float], float, float]
"""A position seen by one team: the stock's stage, the features, the default evaluation, and
the team's lead when the hand ended."""


def _hand(job: tuple[int, int, int, str]) -> list[Row]:
    """The positions of one hand, seen by every team: hand ``index`` of fit ``seed``, played
    by greedy players or by the default search at every seat (``policy``)."""
    players, seed, index, policy = job
    rules = attrs.evolve(CLASSIC, players=players)
    seen: list[GameState] = []

    def record(before: GameState, action: object, after: GameState) -> None:
        if after.phase is Phase.DRAW and not after.is_over and after.turn != before.turn:
            seen.append(after)

    agents: list[Agent] = (
        [SearchAgent(seed=f"{seed}-{index}-{s}") for s in range(players)]
        if policy == "search"
        else [GreedyAgent()] * players
    )
    deal = new_game(rules, seed=f"value-{seed}-{players}-{index}")
    final = play_out(deal, agents, on_action=record)
    rows = []
    for team in range(rules.teams):
        lead = evaluate(final, team)  # the hand is over: scored exactly
        rows += [(stage(s), features(s, team), evaluate(s, team), lead) for s in seen]
    return rows


def fit(rows: list[Row], least: int = 100 * len(FEATURES)) -> list[list[float]]:
    """One row of weights per stage, printing each stage's fit. A stage after the first with
    fewer than ``least`` positions (too few to weigh every feature) takes the previous
    stage's weights."""
    import numpy as np

    weights: list[list[float]] = []
    for at in range(STAGES):
        xs = np.array([x for s, x, _, _ in rows if s == at])
        old = np.array([e for s, _, e, _ in rows if s == at])
        ys = np.array([y for s, _, _, y in rows if s == at])
        if at > 0 and len(ys) < least:
            print(
                f"  stage {at}: {len(ys)} positions, too few: the previous stage's weights",
                file=sys.stderr,
            )
            weights.append(weights[-1])
            continue
        w, *_ = np.linalg.lstsq(xs, ys, rcond=None)
        scale = float(old @ ys) / float(old @ old)
        print(
            f"  stage {at}: {len(ys)} positions; spread of the final lead {ys.std():.1f}, "
            f"left unexplained by the fit {(ys - xs @ w).std():.1f}, by the default "
            f"evaluation (times {scale:.2f}) {(ys - scale * old).std():.1f}",
            file=sys.stderr,
        )
        print(
            "    " + ", ".join(f"{n} {v:.2f}" for n, v in zip(FEATURES, w, strict=True)),
            file=sys.stderr,
        )
        weights.append([round(float(v), 2) for v in w])
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per number of players")
    parser.add_argument("--seed", type=int, default=1300)
    parser.add_argument("--players", type=int, nargs="+", default=[4, 2, 3, 6])
    parser.add_argument(
        "--policy",
        choices=["greedy", "search"],
        default="greedy",
        help="who plays the hands: greedy players (the rollouts' policy, the package's fit) "
        "or the default search at every seat (about 1 s a hand of 4 players, compiled)",
    )
    args = parser.parse_args()
    table = {}
    with multiprocessing.Pool(2) as pool:
        for players in args.players:
            jobs = [(players, args.seed, i, args.policy) for i in range(args.hands)]
            chunk = 100 if args.policy == "greedy" else 10
            rows = [row for hand in pool.map(_hand, jobs, chunksize=chunk) for row in hand]
            print(f"{players} players, {args.hands} hands:", file=sys.stderr)
            table[players] = fit(rows)
    print("WEIGHTS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {")
    for players, rows_ in table.items():
        print(f"    {players}: (")
        for row in rows_:
            print(f"        ({', '.join(repr(v) for v in row)}),")
        print("    ),")
    print("}")


if __name__ == "__main__":
    main()
