"""The burraco benchmark suite: one entry point, a printed table and a JSON file.

Run ``python benchmarks/run.py`` (or ``nox -s bench``, which also builds the mypyc-compiled
wheel and measures it beside the pure-Python source). Seeds are fixed; every figure is CPU time
(``time.process_time``) on one core, so that other processes on a busy machine count little.
``--quick`` runs a smaller version for smoke tests. ``--compiled DIR`` runs the same suite a
second time in a child process that imports burraco from ``DIR`` (a directory a compiled wheel
was installed into with ``pip install --target DIR``) and prints the two side by side.

``--against PATH`` compares speed before and after a change: the timed rows (per call and
per step, not the peers, the tail or memory) run in fresh child processes, one importing
burraco as this process does and one importing it from ``PATH`` (another checkout's ``src``,
or a directory a build was installed into), alternating for ``--rounds`` rounds (ABBA: the
order flips every round). Each row prints the median CPU time of each and the median of the
rounds' ratios, this tree's time over the other's: 1.03 is 3% slower. Both run this
directory's scripts, so the work is the same; on a shared machine trust the ratios, not the
times, and several rounds more than one.

Measured:

* random 4-player play against RLCard's gin rummy engine (the optional ``bench`` extra):
  the two engines alternate several times in one fresh child process (``run.py
  --versus-rlcard``, so that neither carries the objects the other benchmarks leave behind),
  each playing uniformly random legal moves for a fixed CPU time (``time.process_time``), and
  the median ratio of their steps per CPU-second is reported, which stays meaningful on a busy
  machine; once after a short warm-up, and once more in the steady state of a long
  simulation, after ``STEADY_WARM_UP_SECONDS`` of random play;
* ``legal_actions`` on the fixed worst-case positions of ``benchmarks/cases.py``, cold (memos
  cleared) and warm;
* the tail: the slowest ``legal_actions`` call (CPU time) over many random hands, with the
  garbage collector on, in a fresh process that imports only burraco (``benchmarks/tail.py``),
  and how many of the calls ran a full collection;
* the memos' memory: their own estimate (peak and now) and the bytes they really hold
  (tracemalloc);

* ``validate_meld`` and ``extend_meld`` per call (median and p99) over fixed meld vectors,
  repeated (the meld memo answers) and with the memo cleared before each call (the analysis);
* ``legal_actions`` and ``apply`` per call over positions from seeded random play;
* ``determinize`` per call on the view of the seat to act at some of those positions;
* random-play throughput (steps and hands per second) for 2, 4 and 6 players, and for the
  three- and five-player games of rules §14 (``FIBUR3``, ``FIBUR5``: pairs formed during the
  hand), choosing uniformly over ``legal_actions`` at every decision;
* ``legal_actions`` by hand size (12, 22, 33 and 44 cards), to show how its cost grows;
* memory per retained state along a hand (tracemalloc), to show that states share structure.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

import burraco
from burraco import (
    CLASSIC,
    GameState,
    PlayerView,
    Rules,
    apply,
    determinize,
    extend_meld,
    legal_actions,
    new_game,
    observe,
    parse_cards,
    validate_meld,
)

try:
    from burraco._engine.memo import clear_meld_memos
    from burraco._engine.movegen import clear_caches, memo_bytes
except ImportError:  # a tree from before the private modules moved (``--against`` an old one)
    from burraco._memo import clear_meld_memos
    from burraco._movegen import clear_caches, memo_bytes

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cases import hand_size_position, worst_cases
from tail import play_out, positions

MELD_VECTORS = [
    "7S 7H 7D",
    "8C 8D JK",
    "5H 6H 7H",
    "5H 7H JK",
    "AH 2H 3H",
    "QH KH AH JK",
    "2H 4H 5H",
    "AH 2H 3H 2S 5H",
    "9C 9C 9D 9H 9S 9S 2H",
    "4S 5S 6S 7S 8S 9S 10S",
    "4S 5S 6S JK 8S 9S 10S JS",
    "7S 7S 7H 7H 7D 7D 7C 7C JK",
    "3D 4D 5D 6D 7D 8D 9D 10D JD 2C QD",
    "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
    "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK",
    "5H 8H JK",
    "KH AH 2H",
]
EXTEND_VECTORS = [
    ("6C JK 8C", "7C 10C"),
    ("5D 6D JK", "7D"),
    ("2H 3H 4H 5H 6H 7H", "9H"),
    ("7S 7H 7D", "7C 7C JK"),
    ("4S 5S 6S 7S 8S 9S", "10S JS QS"),
    ("5H 6H 7H", "JK"),
    ("6C JK 8C", "10C"),
]


def per_call(function: Callable[[], object], repeat: int) -> float:
    """CPU seconds per call of ``function``, from ``repeat`` calls in a row."""
    start = time.process_time()
    for _ in range(repeat):
        function()
    return (time.process_time() - start) / repeat


def summary(samples: Sequence[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "median_us": statistics.median(ordered) * 1e6,
        "p99_us": p99 * 1e6,
        "mean_us": statistics.fmean(ordered) * 1e6,
        "samples": len(ordered),
    }


def bench_validate(repeat: int, *, cold: bool = False) -> dict[str, float]:
    """validate_meld per call over the fixed vectors, legal and illegal ones alike.

    Repeated calls with the same cards find their answer in the meld memo; with ``cold`` the
    memo is cleared before every call (and the clearing's own cost taken off), which measures
    the analysis itself.
    """
    samples = []
    for text in MELD_VECTORS:
        cards = parse_cards(text)
        samples.append(_per_call_maybe_cold(_caller(validate_meld, cards), repeat, cold))
    return summary(samples)


def bench_extend(repeat: int, *, cold: bool = False) -> dict[str, float]:
    """extend_meld per call over the fixed (meld, added cards) vectors; ``cold`` as in
    :func:`bench_validate`."""
    samples = []
    for base, added in EXTEND_VECTORS:
        call = _caller(extend_meld, validate_meld(base), parse_cards(added))
        samples.append(_per_call_maybe_cold(call, repeat, cold))
    return summary(samples)


def _per_call_maybe_cold(call: Callable[[], object], repeat: int, cold: bool) -> float:
    if not cold:
        return per_call(call, repeat)

    def cleared() -> object:
        clear_meld_memos()
        return call()

    return max(0.0, per_call(cleared, repeat) - per_call(clear_meld_memos, repeat))


def _caller(function: Callable[..., object], *args: object) -> Callable[[], object]:
    """A call of ``function(*args)`` to time; an illegal meld's error is part of the cost."""
    try:
        function(*args)
    except ValueError:

        def call() -> object:
            try:
                return function(*args)
            except ValueError as error:
                return error

        return call
    return lambda: function(*args)


def bench_positions(states: list[GameState], *, cold: bool) -> dict[str, dict[str, float]]:
    """One timed call of ``legal_actions`` and of ``apply`` per position, in play order.

    The positions come from seeds that were not played before, so the memoised shapes are those
    a long simulation would have; with ``cold`` the memos are cleared before every position.
    """
    chooser = random.Random(1)
    clock = time.process_time
    legal_samples = []
    apply_samples = []
    for state in states:
        if cold:
            clear_caches()
        start = clock()
        actions = legal_actions(state)
        legal_samples.append(clock() - start)
        action = chooser.choice(actions)
        start = clock()
        apply(state, action)
        apply_samples.append(clock() - start)
    return {"legal_actions": summary(legal_samples), "apply": summary(apply_samples)}


def bench_play(rules: Rules, seconds: float, seed: int) -> dict[str, float]:
    """Steps and hands per CPU-second of uniform random play (legal_actions + choice +
    apply)."""
    chooser = random.Random(seed)
    steps = hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += play_out(new_game(rules, seed=seed + hands), chooser)
        hands += 1
    elapsed = time.process_time() - start
    return {
        "steps_per_s": steps / elapsed,
        "hands_per_s": hands / elapsed,
        "steps_per_hand": steps / hands,
    }


def bench_hand_sizes(samples: int, seed: int) -> dict[str, dict[str, float]]:
    """legal_actions on play-phase positions whose hand holds 12, 22, 33 or 44 random cards.

    The positions are :func:`cases.hand_size_position`'s, which play can reach (12 cards is the
    smallest hand of a play phase with no melds: the 11 dealt and the one drawn). Each is timed
    once with cold memos (the worst case) and once warm; the number of legal actions is
    recorded too, since every one of them has to be built.
    """
    results = {}
    chooser = random.Random(seed)
    for size in (12, 22, 33, 44):
        cold = []
        warm = []
        counts = []
        for _ in range(samples):
            state = hand_size_position(chooser, size)
            clear_caches()
            start = time.process_time()
            counts.append(len(legal_actions(state)))
            cold.append(time.process_time() - start)
            warm.append(per_call(lambda s=state: legal_actions(s), 5))
        row = summary(cold)
        row["warm_median_us"] = statistics.median(warm) * 1e6
        row["actions_median"] = statistics.median(counts)
        row["cold_us_per_action"] = row["median_us"] / max(1.0, row["actions_median"])
        results[str(size)] = row
    return results


def bench_determinize(states: list[GameState], repeat: int) -> dict[str, float]:
    """determinize per call, sampling ``repeat`` times the view of the seat to act at each
    position (as a search bot does at each decision)."""
    rng = random.Random(6)
    samples = []
    for state in states:
        view = observe(state, state.turn)

        def sample(view: PlayerView = view) -> GameState:
            return determinize(view, rng)

        samples.append(per_call(sample, repeat))
    return summary(samples)


def bench_memory(seed: int) -> dict[str, float]:
    """Bytes allocated per state kept alive along one hand, beyond the first state.

    The hand is played once before it is measured, so that the memos of the move generator
    (shared by all states, not part of any) already hold its shapes.
    """
    positions(CLASSIC, 1, seed)
    chooser = random.Random(seed)
    gc.collect()
    tracemalloc.start()
    state = new_game(CLASSIC, seed=seed)
    first = tracemalloc.get_traced_memory()[0]
    kept = [state]
    while not state.is_over:
        state = apply(state, chooser.choice(legal_actions(state)))
        kept.append(state)
    gc.collect()
    total = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"states": len(kept), "bytes_per_state": (total - first) / max(1, len(kept) - 1)}


def _random_play(rules: Rules, seconds: float, seed: int) -> float:
    """Steps per CPU-second of uniform random play, for ``seconds`` of CPU time."""
    chooser = random.Random(seed)
    clock = time.process_time
    steps = hands = 0
    start = clock()
    while clock() - start < seconds:
        steps += play_out(new_game(rules, seed=seed + hands), chooser)
        hands += 1
    return steps / (clock() - start)


def _gin_rummy_play(seconds: float, seed: int) -> float:
    """Steps per CPU-second of RLCard's bare gin rummy engine, uniform random legal moves."""
    import numpy
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    game.np_random = numpy.random.RandomState(seed)
    chooser = random.Random(seed)
    clock = time.process_time
    steps = 0
    start = clock()
    while clock() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(chooser.choice(game.judge.get_legal_actions()))
            steps += 1
    return steps / (clock() - start)


def bench_versus_rlcard(
    rounds: int, seconds: float, *, warm_seconds: float | None = None, seed: int = 0
) -> dict[str, Any] | None:
    """Random 4-player burraco against RLCard's gin rummy, alternating, in CPU time.

    First ``warm_seconds`` of random play (``seconds`` by default) warm the memos, with seeds
    that no round uses; ``seed`` offsets the rounds' seeds. Returns ``None`` when RLCard is
    not installed (``pip install burraco[bench]``).
    """
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return None
    warm = seconds if warm_seconds is None else warm_seconds
    # warm the memos, as a simulation would: seeds far from every round's
    _random_play(CLASSIC, warm, seed=10**7 + seed)
    _gin_rummy_play(seconds / 4, seed=9000)
    ratios = []
    ours = []
    theirs = []
    for index in range(rounds):
        gin = _gin_rummy_play(seconds, seed=seed + index)
        play = _random_play(CLASSIC, seconds, seed=seed + 10_000 * (index + 1))
        ours.append(play)
        theirs.append(gin)
        ratios.append(play / gin)
    return {
        "rounds": rounds,
        "seconds_each": seconds,
        "warm_up_seconds": warm,
        "burraco_steps_per_cpu_s": statistics.median(ours),
        "gin_rummy_steps_per_cpu_s": statistics.median(theirs),
        "median_ratio": statistics.median(ratios),
        "ratios": ratios,
    }


def bench_versus_rlcard_apart(
    rounds: int, seconds: float, *, warm_seconds: float | None = None, seed: int = 0
) -> dict[str, Any] | None:
    """:func:`bench_versus_rlcard` in a fresh child process (``run.py --versus-rlcard``).

    The suite's process holds what the benchmarks before it built (the positions it measures,
    the worst cases' memo entries); a fresh process compares the two engines as a program that
    imports one of them would run them, whatever the suite measured first."""
    warm = seconds if warm_seconds is None else warm_seconds
    found: dict[str, Any] | None = _child_json(
        "run.py", "--versus-rlcard", rounds, seconds, warm, seed
    )
    return found


def _child_json(script: str, *arguments: object, env: dict[str, str] | None = None) -> Any:
    """What a script of this directory, run in a fresh child process with ``arguments``,
    prints as JSON (the child inherits the environment, and so imports the same burraco,
    unless ``env`` is given: see :func:`_importing`)."""
    path = str(Path(__file__).resolve().with_name(script))
    command = [sys.executable, path, *map(str, arguments)]
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    return json.loads(done.stdout)


def _importing(directory: str) -> dict[str, str]:
    """This process's environment for a child that imports burraco from ``directory`` first
    (``PYTHONPATH``; an editable install's path comes after it)."""
    return {**os.environ, "PYTHONPATH": directory}


STEADY_WARM_UP_SECONDS = 30.0
"""The random play before the steady-state comparison with RLCard: about 6,000 hands in pure
Python, after which the memos hold what a long simulation keeps meeting (with 3 s, a few
hundred hands, they are still filling)."""


def bench_worst_cases(repeat: int) -> dict[str, dict[str, float]]:
    """``legal_actions`` on the fixed worst cases: CPU ms cold (memos cleared) and warm.

    Each timed call starts from a full collection (:func:`gc.collect`, not timed), with the
    collector on: the young collections that the call's own thousands of new objects bring on
    are counted, but not a full collection left pending by the repetitions before. The worst
    case makes about 10,000 actions that outlive the young generations, so without it a full
    collection of the whole process landed in about every other call, which put the median of
    the same code 10 to 14 ms apart from one run to the next (22 or 36 ms compiled on the
    development machine). The tail benchmark measures what full collections cost play.
    """
    clock = time.process_time
    results = {}
    for name, state in worst_cases():
        cold = []
        warm = []
        count = 0
        for _ in range(repeat):
            clear_caches()
            gc.collect()
            start = clock()
            count = len(legal_actions(state))
            cold.append(clock() - start)
            gc.collect()
            start = clock()
            legal_actions(state)
            warm.append(clock() - start)
        results[name] = {
            "actions": count,
            "cold_ms": statistics.median(cold) * 1e3,
            "warm_ms": statistics.median(warm) * 1e3,
        }
    return results


def bench_tail(hands: int, seed: int) -> dict[str, Any]:
    """The slowest ``legal_actions`` calls (CPU time) over ``hands`` random 4-player hands.

    Measured by ``benchmarks/tail.py`` in a fresh child process that imports only burraco (not
    this harness, RLCard or numpy, whose objects every full garbage collection would scan too),
    after 300 warm-up hands; the garbage collector stays on, as in a user's program. Measured
    twice: as the process stands, and after :func:`gc.freeze` at the end of the warm-up (the
    recipe of the speed how-to), under ``"frozen"``.
    """
    result: dict[str, Any] = _child_json("tail.py", hands, seed, 0)
    result["frozen"] = _child_json("tail.py", hands, seed, 1)
    return result


def bench_memo_memory(hands: int, seed: int) -> dict[str, float]:
    """The bytes the memos hold after ``hands`` random hands and the worst cases.

    ``estimate`` is the memos' own accounting (which bounds them); ``traced`` is what
    tracemalloc sees them free when they are cleared.
    """
    gc.collect()
    tracemalloc.start()
    clear_caches()
    positions(CLASSIC, hands, seed)
    for _, state in worst_cases():
        legal_actions(state)
    estimate, _ = memo_bytes()
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    clear_caches()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"hands": hands, "estimate_mb": estimate / 2**20, "traced_mb": (before - after) / 2**20}


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, for smoke tests")
    parser.add_argument(
        "--json", default="benchmarks/results/latest.json", help="where to write results"
    )
    parser.add_argument(
        "--compiled",
        metavar="DIR",
        help="also run the suite with burraco imported from DIR (a compiled wheel installed "
        "with pip install --target DIR) and show the two side by side",
    )
    parser.add_argument(
        "--against",
        metavar="PATH",
        help="time the suite's timed rows with burraco imported from PATH (a checkout's src, "
        "or an installed build) and from here, in alternating child processes, and print "
        "this tree's CPU time over PATH's per row",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="with --against: rounds, each running both once (default 3; 4 with --quick, "
        "whose runs are shorter and noisier)",
    )
    parser.add_argument("--timed-rows", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--versus-rlcard",
        nargs=4,
        metavar=("ROUNDS", "SECONDS", "WARM", "SEED"),
        help="only compare random play with RLCard's gin rummy (bench_versus_rlcard) and print "
        "the result as JSON (null without RLCard); the suite runs this in a child process",
    )
    args = parser.parse_args(argv)
    if args.against is not None and args.compiled is not None:
        parser.error("--against and --compiled do not go together")
    if args.timed_rows:  # a child of --against: the timed rows only, as JSON
        print(json.dumps(run_suite(args.quick, timed_only=True)))
        return 0
    if args.against is not None:
        rounds = args.rounds or (4 if args.quick else 3)
        return compare_trees(args.against, rounds, quick=args.quick, out=Path(args.json))
    if args.versus_rlcard is not None:
        rounds, seconds, warm, seed = args.versus_rlcard
        found = bench_versus_rlcard(
            int(rounds), float(seconds), warm_seconds=float(warm), seed=int(seed)
        )
        print(json.dumps(found))
        return 0
    results = run_suite(args.quick)
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.compiled is None:
        print_table(results)
        out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        print(f"\nresults written to {out}")
        return 0
    child_json = out.with_name(out.stem + "-compiled.json")
    command = [sys.executable, __file__, "--json", str(child_json)]
    command += ["--quick"] if args.quick else []
    env = _importing(args.compiled)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    other = json.loads(child_json.read_text(encoding="utf-8"))
    if not other["compiled"]:
        print(f"error: burraco imported from {args.compiled} is not the compiled build")
        return 1
    both = {"pure": results, "compiled": other}
    print_table(results)
    print()
    print_table(other)
    print_comparison(results, other)
    out.write_text(json.dumps(both, indent=2) + "\n", encoding="utf-8")
    print(f"\nresults written to {out}")
    return 0


def run_suite(quick: bool, *, timed_only: bool = False) -> dict[str, Any]:
    """Every benchmark, on the burraco this process imports; with ``timed_only``, only those
    that :data:`TIMED_ROWS` compares (no peers, tail or memory)."""
    repeat = 20 if quick else 200
    play_seconds = 1.0 if quick else 10.0
    results: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "cpu": cpu_name(),
        "quick": quick,
        "compiled": burraco.__compiled__,
        "burraco": burraco.__file__,
    }
    results["validate_meld"] = bench_validate(repeat * 10)
    results["extend_meld"] = bench_extend(repeat * 10)
    results["validate_meld_cold"] = bench_validate(repeat * 5, cold=True)
    results["extend_meld_cold"] = bench_extend(repeat * 5, cold=True)
    results["worst_cases"] = bench_worst_cases(3 if quick else 7)
    positions(CLASSIC, 5 if quick else 100, seed=1000)  # warm the memos, as a simulation would
    states = positions(CLASSIC, 3 if quick else 30, seed=5000)
    clear_caches()
    cold = bench_positions(states, cold=True)
    positions(CLASSIC, 5 if quick else 100, seed=1000)
    results.update(bench_positions(states, cold=False))
    results["legal_actions_cold"] = cold["legal_actions"]
    results["determinize"] = bench_determinize(states[:: 10 if quick else 20], repeat // 4)
    results["positions"] = len(states)
    if not timed_only:
        results["versus_rlcard"] = bench_versus_rlcard_apart(
            3 if quick else 7, 0.5 if quick else 3.0
        )
        results["versus_rlcard_steady"] = bench_versus_rlcard_apart(
            3 if quick else 7,
            0.5 if quick else 3.0,
            warm_seconds=1.0 if quick else STEADY_WARM_UP_SECONDS,
            seed=1_000_000,
        )
    results["play"] = {
        str(players): bench_play(attrs.evolve(CLASSIC, players=players), play_seconds, seed=2000)
        for players in (2, 4, 6)
    }
    for name in PAIRS_PRESETS:  # rules §14, where this checkout has them (not under --against)
        preset = burraco.PRESETS.get(name)
        if preset is not None:
            results["play"][name] = bench_play(preset, play_seconds, seed=2000)
    results["legal_actions_by_hand_size"] = bench_hand_sizes(5 if quick else 40, seed=3000)
    if timed_only:
        return results
    results["tail"] = bench_tail(100 if quick else 10_000, seed=20_000)
    estimate, peak = memo_bytes()
    results["memos"] = {"estimate_mb": estimate / 2**20, "peak_estimate_mb": peak / 2**20}
    results["memos"].update(bench_memo_memory(20 if quick else 300, seed=30_000))
    results["memory"] = bench_memory(seed=4000)
    return results


PAIRS_PRESETS: Final = ("fibur3", "fibur5")
"""The presets of rules §14 (pairs formed during the hand), played beside the fixed teams."""


def _per_step(results: dict[str, Any], name: str) -> float:
    """CPU µs a step of random play under ``name`` (NaN where the run did not play it: an
    older checkout without the preset)."""
    row = results["play"].get(name)
    return math.nan if row is None else 1e6 / row["steps_per_s"]


TIMED_ROWS: tuple[tuple[str, Callable[[dict[str, Any]], float]], ...] = (
    ("validate_meld median (µs)", lambda r: r["validate_meld"]["median_us"]),
    ("validate_meld, memo cleared (µs)", lambda r: r["validate_meld_cold"]["median_us"]),
    ("extend_meld median (µs)", lambda r: r["extend_meld"]["median_us"]),
    ("extend_meld, memo cleared (µs)", lambda r: r["extend_meld_cold"]["median_us"]),
    ("legal_actions median, warm (µs)", lambda r: r["legal_actions"]["median_us"]),
    ("legal_actions median, cold (µs)", lambda r: r["legal_actions_cold"]["median_us"]),
    ("apply median (µs)", lambda r: r["apply"]["median_us"]),
    ("determinize median (µs)", lambda r: r["determinize"]["median_us"]),
    *(
        (f"{name}, {kind} (ms)", lambda r, n=name, k=kind: r["worst_cases"][n][f"{k}_ms"])
        for name in ("worst-48-cards-7-melds", "random-40-cards-6-melds")
        for kind in ("cold", "warm")
    ),
    *(
        (f"random play, {n} players (µs a step)", lambda r, n=n: 1e6 / r["play"][n]["steps_per_s"])
        for n in ("2", "4", "6")
    ),
    *(
        (f"random play, {n} (µs a step)", lambda r, n=n: _per_step(r, n))
        for n in PAIRS_PRESETS
    ),
    *(
        (f"legal_actions, {n} cards, cold (µs)",
         lambda r, n=n: r["legal_actions_by_hand_size"][n]["median_us"])
        for n in ("12", "22", "33", "44")
    ),
)  # fmt: skip
"""The rows ``--against`` compares, each a CPU time (throughput as time per step)."""


def compare_trees(against: str, rounds: int, *, quick: bool, out: Path) -> int:
    """Run the timed rows in child processes importing burraco from here and from ``against``,
    alternating (ABBA), and print per row the median CPU time of each and the median of the
    rounds' ratios (this tree's time over the other's). Writes every run to ``out``."""
    here = str(Path(burraco.__file__).resolve().parent.parent)
    there = str(Path(against).resolve())
    trees = {"this": here, "against": there}
    runs: dict[str, list[dict[str, Any]]] = {"this": [], "against": []}
    flags = ["--timed-rows", *(["--quick"] if quick else [])]
    for index in range(rounds):
        order = ("this", "against") if index % 2 == 0 else ("against", "this")
        for name in order:
            print(f"round {index + 1} of {rounds}: {name} ({trees[name]})", file=sys.stderr)
            found = _child_json("run.py", *flags, env=_importing(trees[name]))
            imported = Path(found["burraco"]).resolve()
            if not imported.is_relative_to(trees[name]):
                print(f"error: the child imported burraco from {imported}, not {trees[name]}")
                return 1
            runs[name].append(found)
    print(f"this tree: burraco from {here}\nagainst:   burraco from {there}")
    print(f"{rounds} rounds, child processes alternating (ABBA), CPU time; ratio = this / against")
    print(f"\n{'row':<44} {'this':>10} {'against':>10} {'ratio':>7}  rounds")
    ratios = []
    for label, value in TIMED_ROWS:
        mine = [value(run) for run in runs["this"]]
        theirs = [value(run) for run in runs["against"]]
        # a cleared-memo row is a difference of two timings, which can come out as 0
        each = [a / b if b > 0 else math.nan for a, b in zip(mine, theirs, strict=True)]
        ratio = statistics.median(each)
        ratios.append(ratio)
        print(
            f"{label:<44} {statistics.median(mine):>10.2f} {statistics.median(theirs):>10.2f}"
            f" {ratio:>6.3f}x  {' '.join(f'{r:.3f}' for r in each)}"
        )
    mean = statistics.geometric_mean(ratio for ratio in ratios if ratio > 0)  # not a NaN
    print(f"\ngeometric mean of the rows' ratios: {mean:.3f}x")
    out.parent.mkdir(parents=True, exist_ok=True)
    record = {"trees": trees, "rounds": rounds, "runs": runs, "ratios": dict(
        zip((label for label, _ in TIMED_ROWS), ratios, strict=True))}  # fmt: skip
    out.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    print(f"results written to {out}")
    return 0


def print_table(results: dict[str, Any]) -> None:
    python = f"Python {results['python']} ({results['implementation']})"
    build = "compiled with mypyc" if results["compiled"] else "pure Python"
    print(f"burraco benchmarks ({build}): {python}, {results['cpu']}")
    print(f"\n{'per call (µs)':<44} {'median':>10} {'p99':>10}")
    rows = [
        ("validate_meld", "validate_meld"),
        ("validate_meld (meld memo cleared)", "validate_meld_cold"),
        ("extend_meld", "extend_meld"),
        ("extend_meld (meld memo cleared)", "extend_meld_cold"),
        ("legal_actions (memos warm)", "legal_actions"),
        ("legal_actions (memos cold)", "legal_actions_cold"),
        ("apply", "apply"),
        ("determinize (view of the seat to act)", "determinize"),
    ]
    for label, name in rows:
        row = results[name]
        print(f"{label:<44} {row['median_us']:>10.2f} {row['p99_us']:>10.2f}")
    heads = ("actions", "cold µs", "p99", "µs/action", "warm µs")
    print(f"\n{'legal_actions by hand size':<28} " + " ".join(f"{h:>10}" for h in heads))
    for size, row in results["legal_actions_by_hand_size"].items():
        print(
            f"{size + ' cards':<28} {row['actions_median']:>10.0f} {row['median_us']:>10.1f}"
            f" {row['p99_us']:>10.1f} {row['cold_us_per_action']:>10.2f}"
            f" {row['warm_median_us']:>10.1f}"
        )
    print(f"\n{'random play, CPU time':<24} {'steps/s':>10} {'hands/s':>10} {'steps/hand':>11}")
    for players, row in results["play"].items():
        label = players + (" players" if players.isdigit() else "")
        print(
            f"{label:<24} {row['steps_per_s']:>10,.0f} {row['hands_per_s']:>10,.1f}"
            f" {row['steps_per_hand']:>11.1f}"
        )
    print(f"\n{'legal_actions, fixed cases':<28} {'actions':>10} {'cold ms':>10} {'warm ms':>10}")
    for name, row in results["worst_cases"].items():
        print(f"{name:<28} {row['actions']:>10} {row['cold_ms']:>10.1f} {row['warm_ms']:>10.2f}")
    versus = results["versus_rlcard"]
    if versus is None:
        print("\nRLCard is not installed (pip install burraco[bench]): no gin rummy comparison")
    else:
        print(
            f"\nrandom play, steps per CPU-second (median of {versus['rounds']} alternating"
            f" rounds): burraco 4 players {versus['burraco_steps_per_cpu_s']:,.0f},"
            f" RLCard gin rummy {versus['gin_rummy_steps_per_cpu_s']:,.0f};"
            f" median ratio {versus['median_ratio']:.2f}x"
            f" (rounds: {', '.join(f'{ratio:.2f}' for ratio in versus['ratios'])})"
        )
        steady = results.get("versus_rlcard_steady")
        if steady is not None:
            print(
                f"the same after {steady['warm_up_seconds']:.0f} s of random play (steady"
                f" state, another fresh process):"
                f" burraco {steady['burraco_steps_per_cpu_s']:,.0f}, RLCard"
                f" {steady['gin_rummy_steps_per_cpu_s']:,.0f}; median ratio"
                f" {steady['median_ratio']:.2f}x"
            )
    tail = results["tail"]
    print(
        f"tail: slowest legal_actions {tail['max_ms']:.1f} ms CPU over {tail['hands']:,} hands"
        f" ({tail['calls']:,} calls, {tail['calls_over_10ms']} over 10 ms), gc on;"
        f" {tail['calls_with_full_collection']} calls ran a full collection, the slowest"
        f" other call {tail['max_ms_without_full_collection']:.1f} ms; a full collection"
        f" scans {tail['objects_scanned']:,} objects"
    )
    frozen = tail["frozen"]
    print(
        f"tail after gc.freeze() at the warm-up: slowest {frozen['max_ms']:.1f} ms,"
        f" {frozen['calls_over_10ms']} over 10 ms, {frozen['calls_with_full_collection']} calls"
        f" ran a full collection, which scans {frozen['objects_scanned']:,} objects"
    )
    memos = results["memos"]
    print(
        f"memos: {memos['traced_mb']:.1f} MB held after {memos['hands']} hands and the fixed"
        f" cases (tracemalloc); own estimate {memos['estimate_mb']:.1f} MB,"
        f" peak estimate {memos['peak_estimate_mb']:.1f} MB"
    )
    memory = results["memory"]
    per_state = memory["bytes_per_state"]
    print(f"memory: {per_state:,.0f} bytes per retained state ({memory['states']} states)")


def print_comparison(pure: dict[str, Any], compiled: dict[str, Any]) -> None:
    """The headline figures of the two builds side by side."""
    print(f"\n{'side by side':<44} {'pure':>10} {'compiled':>10} {'speed-up':>9}")
    rows = [
        ("validate_meld median (µs)", pure["validate_meld"]["median_us"],
         compiled["validate_meld"]["median_us"]),
        ("validate_meld median, memo cleared (µs)", pure["validate_meld_cold"]["median_us"],
         compiled["validate_meld_cold"]["median_us"]),
        ("extend_meld median (µs)", pure["extend_meld"]["median_us"],
         compiled["extend_meld"]["median_us"]),
        ("extend_meld median, memo cleared (µs)", pure["extend_meld_cold"]["median_us"],
         compiled["extend_meld_cold"]["median_us"]),
        ("legal_actions median, warm (µs)", pure["legal_actions"]["median_us"],
         compiled["legal_actions"]["median_us"]),
        ("apply median (µs)", pure["apply"]["median_us"], compiled["apply"]["median_us"]),
    ]  # fmt: skip
    for name, row in pure["worst_cases"].items():
        other = compiled["worst_cases"][name]
        rows.append((f"{name}, cold (ms)", row["cold_ms"], other["cold_ms"]))
    rows.append(("tail: slowest legal_actions (ms)", pure["tail"]["max_ms"],
                 compiled["tail"]["max_ms"]))  # fmt: skip
    rows.append(("tail after gc.freeze() (ms)", pure["tail"]["frozen"]["max_ms"],
                 compiled["tail"]["frozen"]["max_ms"]))  # fmt: skip
    for label, left, right in rows:
        print(f"{label:<44} {left:>10.2f} {right:>10.2f} {left / right:>8.2f}x")
    for key, label in (
        ("versus_rlcard", "random play / RLCard gin rummy (ratio)"),
        ("versus_rlcard_steady", "the same, steady state (ratio)"),
    ):
        ours, theirs = pure.get(key), compiled.get(key)
        if ours is not None and theirs is not None:
            left, right = ours["median_ratio"], theirs["median_ratio"]
            print(f"{label:<44} {left:>9.2f}x {right:>9.2f}x {right / left:>8.2f}x")


if __name__ == "__main__":
    sys.exit(main())
