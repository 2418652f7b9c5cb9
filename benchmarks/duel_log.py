"""A long duel that writes its summary as it goes, for runs left in the background.

``python benchmarks/duel_log.py A B --deals N --seed S --out FILE.json`` plays the same deal
pairs as ``burraco duel A B --deals N --seed S`` (deal ``i`` depends only on the seed and
``i``), one after the other in this process, and rewrites ``FILE.json`` with the summary of the
pairs played so far every ``--every`` pairs, so a run that is stopped early still leaves its
figures; the summary's ``deals`` field says how many pairs it covers. The file also keeps every
deal pair's record, so that ``--start`` can split one duel between runs (deals ``start`` to
``start + N - 1``) and ``--merge`` can put the parts back together::

    python benchmarks/duel_log.py A B --deals 100 --seed S --out part1.json
    python benchmarks/duel_log.py A B --deals 100 --start 100 --seed S --out part2.json
    python benchmarks/duel_log.py --merge part1.json part2.json --out whole.json

The merged summary is that of ``burraco duel A B --deals 200 --seed S`` (but for the times).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from burraco.duel import DuelDeal, DuelHand, DuelResult, play_duel_deal
from burraco.rules import CLASSIC
from burraco.state import EndReason


def _record(deal: DuelDeal) -> dict[str, Any]:
    return {
        "index": deal.index,
        "hands": [
            {
                "a_team": hand.a_team,
                "points": list(hand.points),
                "end": str(hand.end),
                "closed_by": hand.closed_by,
                "burracos": list(hand.burracos),
                "decisions": list(hand.decisions),
                "seconds": list(hand.seconds),
                "cpu_seconds": list(hand.cpu_seconds),
            }
            for hand in deal.hands
        ],
    }


def _deal(record: dict[str, Any]) -> DuelDeal:
    hands = [
        DuelHand(
            a_team=hand["a_team"],
            points=tuple(hand["points"]),
            end=EndReason(hand["end"]),
            closed_by=hand["closed_by"],
            burracos=tuple(hand["burracos"]),
            decisions=tuple(hand["decisions"]),
            seconds=tuple(hand["seconds"]),
            cpu_seconds=tuple(hand.get("cpu_seconds", (0.0, 0.0))),
        )
        for hand in record["hands"]
    ]
    return DuelDeal(index=record["index"], hands=(hands[0], hands[1]))


def _ranges(indexes: list[int]) -> str:
    """``[0, 1, 2, 100, 101]`` as ``"0-2, 100-101"``."""
    parts: list[str] = []
    start = previous = indexes[0]
    for index in [*indexes[1:], None]:
        if index is not None and index == previous + 1:
            previous = index
            continue
        parts.append(f"{start}-{previous}")
        if index is not None:
            start = previous = index
    return ", ".join(parts)


def _write(path: Path, result: DuelResult, complete: bool) -> None:
    summary = result.summary() | {
        "complete": complete,
        "deal_indexes": _ranges([deal.index for deal in result.deals]),
        "records": [_record(deal) for deal in result.deals],
    }
    path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")


def _merge(paths: list[Path], out: Path, *, partial: bool) -> None:
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    first = documents[0]
    by_index: dict[int, DuelDeal] = {}  # a deal played by two parts is the same deal: keep one
    for document in documents:
        for record in document["records"]:
            by_index.setdefault(record["index"], _deal(record))
    deals = [by_index[index] for index in sorted(by_index)]
    if not partial and [deal.index for deal in deals] != list(range(len(deals))):
        raise SystemExit(
            "the parts do not cover deals 0, 1, 2, ... without a gap (--partial merges them "
            "anyway: a fair sample of deals, but not the figures of a burraco duel run)"
        )
    result = DuelResult(
        a=first["a"],
        b=first["b"],
        seed=first["seed"],
        rules=CLASSIC,
        deals=tuple(deals),
        elapsed=sum(document["elapsed_seconds"] for document in documents),
        workers=f"{len(documents)} runs of 1 process",
    )
    _write(out, result, all(document["complete"] for document in documents) and not partial)


def main() -> None:
    """Play the duel and keep the summary file up to date (or merge finished parts)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", nargs="?")
    parser.add_argument("b", nargs="?")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--start", type=int, default=0, help="the first deal's index")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=5, help="deal pairs between rewrites")
    parser.add_argument("--merge", type=Path, nargs="+", help="summaries to merge")
    parser.add_argument(
        "--partial", action="store_true", help="with --merge: allow gaps between the parts"
    )
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())  # module:Class may name a module of the current directory
    if args.merge:
        _merge(args.merge, args.out, partial=args.partial)
        return
    start = time.perf_counter()
    played: list[DuelDeal] = []
    for index in range(args.start, args.start + args.deals):
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
            _write(args.out, result, len(played) == args.deals)


if __name__ == "__main__":
    main()
