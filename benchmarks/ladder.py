"""The levels' ladder: duplicate duels between neighbouring levels, and Bradley-Terry ratings.

``python benchmarks/ladder.py --deals 500 --seed 9000 --jobs 4 --out benchmarks/results``
plays, with :func:`burraco.play_duel`, level2 against level1, level3 against level2, level4
against level3, level5 against level4 and level5 against today's default ``search``; duel
``k`` of that list is played on seed ``seed + k``. Each duel's summary (``burraco duel
--json``'s) is written to ``OUT/ladder-A-vs-B.json`` as soon as it ends; a duel whose file
exists already, with as many deal pairs, is not played again (``--again`` replays it).
Then the ratings are worked out from the files and written to ``OUT/ladder.json``, and a
Markdown table is printed. ``--ratings`` only works out the ratings from the files there.

The ratings are Bradley-Terry strengths fitted by hand (no dependency): every hand of a duel
is a game won by the team that scored more (a tie half to each), and the strengths ``p`` are
fitted by the minorise-maximise iteration ``p_i = W_i / sum_j n_ij / (p_i + p_j)`` (Hunter,
2004), with one virtual hand won and one lost in each pairing so that a pairing won every
time keeps a finite rating. They are shown on the Elo scale, ``400 log10 p``, level1 at 0. A
rating says how often one bot wins a hand against another; the points per hand say by how
much, and are what the ladder's targets are about.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path
from typing import Any

from burraco.duel import ProgressBar, play_duel

PAIRS: tuple[tuple[str, str], ...] = (
    ("level2", "level1"),
    ("level3", "level2"),
    ("level4", "level3"),
    ("level5", "level4"),
    ("level5", "search"),
)
"""The duels of the ladder, A against B."""

ANCHOR = "level1"
"""The bot rated 0."""


def _path(out: Path, a: str, b: str) -> Path:
    return out / f"ladder-{a}-vs-{b}.json"


def bradley_terry(summaries: list[dict[str, Any]], rounds: int = 2000) -> dict[str, float]:
    """Elo-scale Bradley-Terry ratings from duel summaries (their ``a``, ``b``, ``hands`` and
    ``hand_win_rate``), the :data:`ANCHOR` at 0 (or the first bot named, without it)."""
    wins: dict[str, float] = {}
    games: dict[tuple[str, str], float] = {}
    for summary in summaries:
        a, b, hands = summary["a"], summary["b"], summary["hands"]
        won = summary["hand_win_rate"] * hands + 1  # one virtual win and loss per pairing
        wins[a] = wins.get(a, 0.0) + won
        wins[b] = wins.get(b, 0.0) + hands + 2 - won
        for pair in ((a, b), (b, a)):
            games[pair] = games.get(pair, 0.0) + hands + 2
    strength = dict.fromkeys(wins, 1.0)
    for _ in range(rounds):
        new = {}
        for bot in strength:
            total = sum(
                count / (strength[bot] + strength[other])
                for (one, other), count in games.items()
                if one == bot
            )
            new[bot] = wins[bot] / total
        scale = math.exp(sum(math.log(value) for value in new.values()) / len(new))
        strength = {bot: value / scale for bot, value in new.items()}
    anchor = ANCHOR if ANCHOR in strength else next(iter(strength))
    return {
        bot: round(400 * math.log10(value / strength[anchor]), 1) for bot, value in strength.items()
    }


def _table(summaries: list[dict[str, Any]], ratings: dict[str, float]) -> str:
    rows = [
        "| A | B | deal pairs | seed | A − B per hand (95% CI) | hands won by A "
        "| CPU s per decision A / B |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        low, high = s["ci95"] if s["ci95"] is not None else (math.nan, math.nan)
        cpu = s["cpu_seconds_per_decision"]
        rows.append(
            f"| {s['a']} | {s['b']} | {s['deals']} | {s['seed']} | {s['points_per_hand']:+.1f} "
            f"[{low:+.1f}, {high:+.1f}] | {s['hand_win_rate']:.1%} "
            f"| {cpu['a']:.5f} / {cpu['b']:.5f} |"
        )
    rows += ["", "| bot | Bradley-Terry rating (Elo scale) |", "|---|---|"]
    rows += [f"| {bot} | {rating:+.0f} |" for bot, rating in sorted(ratings.items())]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500, help="deal pairs per duel")
    parser.add_argument("--seed", type=int, default=9000, help="the first duel's seed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    parser.add_argument("--again", action="store_true", help="replay duels already saved")
    parser.add_argument("--ratings", action="store_true", help="only rate the saved duels")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    summaries = []
    for index, (a, b) in enumerate(PAIRS):
        path = _path(args.out, a, b)
        saved = json.loads(path.read_text()) if path.exists() else None
        if args.ratings or (saved is not None and saved["deals"] == args.deals and not args.again):
            if saved is not None:
                summaries.append(saved)
            continue
        bar = ProgressBar(label=f"{a} vs {b}")
        result = play_duel(
            a, b, deals=args.deals, seed=args.seed + index, jobs=args.jobs, progress=bar
        )
        summary = result.summary()
        path.write_text(json.dumps(summary, indent=1) + "\n")
        summaries.append(summary)
    ratings = bradley_terry(summaries)
    (args.out / "ladder.json").write_text(
        json.dumps({"duels": summaries, "ratings": ratings}, indent=1) + "\n"
    )
    print(_table(summaries, ratings))


if __name__ == "__main__":
    main()
