"""Record a digest of the legal-action lists of seeded play, to prove a change alters no result.

Run it once on the code before a change and once after; the two files must be equal::

    python benchmarks/equivalence.py --out /tmp/before.json        # on the baseline checkout
    python benchmarks/equivalence.py --out /tmp/after.json --compare /tmp/before.json

The positions come from seeded play under each preset and player count, with a chooser that
often takes the discard pile, so that large hands and many melds occur, plus the fixed
worst-case positions of :mod:`cases` and random large hands. At every position the legal
actions are listed and their notation, in order, goes into a SHA-256 digest; one digest per
block of positions lets a difference be found quickly. ``--compare`` exits 1 on a difference
and names the first block that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
from cases import hand_size_position, worst_cases

from burraco import CLASSIC, FIBUR, INTERNATIONAL, GameState, Phase, Rules, apply, legal_actions
from burraco.actions import TakeDiscardPile

BLOCK = 1000
"""Positions per block digest."""


def variants() -> list[tuple[str, Rules]]:
    """Every preset at every player count."""
    return [
        (f"{rules.name}-{players}", attrs.evolve(rules, players=players))
        for rules in (CLASSIC, FIBUR, INTERNATIONAL)
        for players in (2, 3, 4, 6)
    ]


def played(rules: Rules, seed: int) -> Iterator[GameState]:
    """Every position of one seeded hand; the pile is taken whenever it may be, half the time."""
    from burraco import new_game

    chooser = random.Random(seed)
    state = new_game(rules, seed=seed)
    while True:
        yield state
        actions = legal_actions(state)
        if not actions:
            return
        if state.phase is Phase.DRAW and len(actions) > 1 and chooser.random() < 0.5:
            action = next(a for a in actions if isinstance(a, TakeDiscardPile))
        else:
            action = chooser.choice(actions)
        state = apply(state, action)


def positions(count: int) -> Iterator[tuple[str, GameState]]:
    """``count`` positions: the fixed cases, random large hands, then seeded play."""
    made = 0
    for name, state in worst_cases():
        yield name, state
        made += 1
    chooser = random.Random(77)
    for index in range(200):
        yield f"hand-size-{index}", hand_size_position(chooser, 12 + index % 33)
        made += 1
    seed = 0
    kinds = variants()
    while made < count:
        name, rules = kinds[seed % len(kinds)]
        for state in played(rules, seed):
            yield f"{name} seed {seed}", state
            made += 1
            if made >= count:
                return
        seed += 1


def record(count: int) -> dict[str, object]:
    """The digests of ``count`` positions (see the module docstring)."""
    total = hashlib.sha256()
    block = hashlib.sha256()
    blocks: list[dict[str, object]] = []
    first = ""
    actions_seen = 0
    done = 0
    for name, state in positions(count):
        if not first:
            first = name
        text = "\n".join(str(action) for action in legal_actions(state)) + "\n\n"
        actions_seen += text.count("\n") - 2
        data = text.encode()
        total.update(data)
        block.update(data)
        done += 1
        if done % BLOCK == 0:
            blocks.append({"first": first, "digest": block.hexdigest()})
            block = hashlib.sha256()
            first = ""
    if first:
        blocks.append({"first": first, "digest": block.hexdigest()})
    return {
        "positions": done,
        "actions": actions_seen,
        "digest": total.hexdigest(),
        "blocks": blocks,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100_000, help="how many (100,000)")
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument("--compare", help="a file written before, to compare with")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = record(args.positions)
    seconds = time.perf_counter() - start
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(
        f"{result['positions']:,} positions, {result['actions']:,} legal actions listed in "
        f"{seconds:.1f} s; digest {result['digest']}"
    )
    if args.compare is None:
        return 0
    before = json.loads(Path(args.compare).read_text(encoding="utf-8"))
    if before == result:
        print(f"identical to {args.compare}")
        return 0
    for index, (old, new) in enumerate(zip(before["blocks"], result["blocks"], strict=False)):
        if old != new:
            print(f"DIFFERENT from {args.compare}: first in block {index} ({old['first']})")
            break
    else:
        print(f"DIFFERENT from {args.compare}: {before['positions']} vs {result['positions']}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
