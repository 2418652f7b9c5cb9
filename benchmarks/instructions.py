"""Instructions per random-play step, counted by valgrind: a measure that noise cannot move.

On a shared machine, rounds of a few seconds of the same code can differ by a quarter in CPU
time, so a change worth 1 or 2% cannot be seen in timings. Valgrind's callgrind counts the
instructions the interpreter executes instead: the same code, hands and seeds give the same
count, whatever else the machine runs. It does not see the cost of cache misses, so it is a
check beside the timed benchmarks (``run.py``), not a replacement.

``python benchmarks/instructions.py [--warm-up 1500] [--hands 200] SRC [SRC ...]`` plays
``--warm-up`` seeded random hands uninstrumented (to fill the memos, as a simulation would),
then counts the instructions of ``--hands`` more, for each source tree given (a directory that
holds the ``burraco`` package, such as ``src`` or a worktree's ``src``), all at once, one
process per tree. Every tree plays the same hands with the same choices, so the counts compare
the same work; the script prints each tree's steps, instructions and instructions per step,
and each tree's count relative to the first. It needs ``valgrind`` (with ``callgrind_control``)
on the ``PATH``; the default run takes about two minutes on two cores.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path


def play(first: int, hands: int, seed: int) -> int:
    """Play seeded random hands ``first`` to ``first + hands - 1``; the steps played."""
    from tail import play_out

    from burraco import CLASSIC, new_game

    chooser = random.Random(seed)
    return sum(
        play_out(new_game(CLASSIC, seed=number), chooser) for number in range(first, first + hands)
    )


def child(warm_up: int, hands: int, flag: Path) -> None:
    """Under callgrind: warm up, say so (``flag``.ready), wait for instrumentation to be on
    (``flag``.go), then play the measured hands and print their steps."""
    play(10**6, warm_up, 1)
    flag.with_suffix(".ready").touch()
    while not flag.with_suffix(".go").exists():
        time.sleep(0.1)
    print(play(0, hands, 2), flush=True)


def count(sources: Sequence[str], warm_up: int, hands: int) -> list[tuple[int, int]]:
    """``(steps, instructions)`` of the measured hands for each source tree, run at once."""
    work = Path(tempfile.mkdtemp(prefix="burraco-instructions-"))
    runs = []
    for index, source in enumerate(sources):
        flag = work / f"run{index}"
        out = work / f"run{index}.callgrind"
        # a fixed hash seed: string hashes, and so dict layouts, are the same in every run
        environment = {
            **os.environ,
            "PYTHONPATH": str(Path(source).resolve()),
            "PYTHONHASHSEED": "0",
        }
        process = subprocess.Popen(
            [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--child",
                str(flag),
                "--warm-up",
                str(warm_up),
                "--hands",
                str(hands),
            ],
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        runs.append((process, flag, out))
    for process, flag, _ in runs:
        while not flag.with_suffix(".ready").exists():
            if process.poll() is not None:
                raise SystemExit(f"the run of {flag.name} ended before its warm-up was done")
            time.sleep(0.5)
        subprocess.run(
            ["callgrind_control", "--instr=on", str(process.pid)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        flag.with_suffix(".go").touch()
    results = []
    for process, _, out in runs:
        stdout, _ = process.communicate()
        if process.returncode:
            raise SystemExit(f"valgrind exited with {process.returncode}")
        results.append((int(stdout.split()[-1]), _total(out)))
    return results


def _total(out: Path) -> int:
    """The instructions counted in a callgrind output file (its ``summary:`` line)."""
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"no summary in {out}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", nargs="*", default=["src"], help="source trees to compare")
    parser.add_argument("--warm-up", type=int, default=1500, help="uncounted hands first")
    parser.add_argument("--hands", type=int, default=200, help="counted hands")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.child is not None:
        child(options.warm_up, options.hands, options.child)
        return 0
    results = count(options.sources, options.warm_up, options.hands)
    first = results[0][1]
    for source, (steps, instructions) in zip(options.sources, results, strict=True):
        print(
            f"{source}: {steps:,} steps, {instructions:,} instructions, "
            f"{instructions / steps:,.0f} a step, {instructions / first:.4f} of the first"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
