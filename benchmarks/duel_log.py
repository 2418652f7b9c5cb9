"""A long duel that writes its summary as it goes, for runs left in the background.

``python benchmarks/duel_log.py A B --deals N --seed S --out FILE.json`` plays the same deal
pairs as ``burraco duel A B --deals N --seed S`` (deal ``i`` depends only on the seed and
``i``), one after the other in this process, and rewrites ``FILE.json`` with the summary of the
pairs played so far every ``--every`` pairs, so a run that is stopped early still leaves its
figures. The summary's ``deals`` field says how many pairs it covers.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from burraco.duel import DuelDeal, DuelResult, play_duel_deal
from burraco.rules import CLASSIC


def main() -> None:
    """Play the duel and keep the summary file up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=5, help="deal pairs between rewrites")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    start = time.perf_counter()
    played: list[DuelDeal] = []
    for index in range(args.deals):
        played.append(play_duel_deal(args.a, args.b, index, seed=args.seed, rules=CLASSIC))
        if len(played) % args.every == 0 or len(played) == args.deals:
            result = DuelResult(
                a=args.a,
                b=args.b,
                seed=args.seed,
                rules=CLASSIC,
                deals=tuple(played),
                elapsed=time.perf_counter() - start,
                workers="1 process",
            )
            summary = result.summary() | {"complete": len(played) == args.deals}
            args.out.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
