"""The burraco benchmark suite: one entry point, a printed table and a JSON file.

Run ``python benchmarks/run.py`` (or ``nox -s bench``). Seeds are fixed; every figure is
measured on one core in this process. ``--quick`` runs a smaller version for smoke tests.

Measured:

* ``validate_meld`` and ``extend_meld`` per call (median and p99) over fixed meld vectors;
* ``legal_actions`` and ``apply`` per call over positions from seeded random play;
* ``determinize`` per call on the view of the seat to act at some of those positions;
* random-play throughput (steps and hands per second) for 2, 4 and 6 players, choosing
  uniformly over ``legal_actions`` at every decision;
* ``legal_actions`` by hand size (11, 22, 33 and 44 cards), to show how its cost grows;
* memory per retained state along a hand (tracemalloc), to show that states share structure.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from burraco import (
    CLASSIC,
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    apply,
    determinize,
    extend_meld,
    legal_actions,
    make_deck,
    new_game,
    observe,
    parse_cards,
    validate_meld,
)
from burraco._movegen import clear_caches

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
    """Seconds per call of ``function``, from ``repeat`` calls in a row."""
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def summary(samples: Sequence[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "median_us": statistics.median(ordered) * 1e6,
        "p99_us": p99 * 1e6,
        "mean_us": statistics.fmean(ordered) * 1e6,
        "samples": len(ordered),
    }


def bench_validate(repeat: int) -> dict[str, float]:
    """validate_meld per call over the fixed vectors, legal and illegal ones alike."""
    samples = []
    for text in MELD_VECTORS:
        cards = parse_cards(text)
        samples.append(per_call(_caller(validate_meld, cards), repeat))
    return summary(samples)


def bench_extend(repeat: int) -> dict[str, float]:
    """extend_meld per call over the fixed (meld, added cards) vectors."""
    samples = []
    for base, added in EXTEND_VECTORS:
        samples.append(
            per_call(_caller(extend_meld, validate_meld(base), parse_cards(added)), repeat)
        )
    return summary(samples)


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


def positions(rules: Rules, hands: int, seed: int) -> list[GameState]:
    """Every position of ``hands`` seeded random hands."""
    found = []
    for index in range(hands):
        chooser = random.Random(seed + index)
        state = new_game(rules, seed=seed + index)
        while not state.is_over:
            found.append(state)
            state = apply(state, chooser.choice(legal_actions(state)))
    return found


def bench_positions(states: list[GameState], *, cold: bool) -> dict[str, dict[str, float]]:
    """One timed call of ``legal_actions`` and of ``apply`` per position, in play order.

    The positions come from seeds that were not played before, so the memoised shapes are those
    a long simulation would have; with ``cold`` the memos are cleared before every position.
    """
    chooser = random.Random(1)
    clock = time.perf_counter
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
    """Steps and hands per second of uniform random play (legal_actions + choice + apply)."""
    chooser = random.Random(seed)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, seed=seed + hands)
        while True:
            actions = legal_actions(state)
            if not actions:
                break
            state = apply(state, chooser.choice(actions))
            steps += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return {
        "steps_per_s": steps / elapsed,
        "hands_per_s": hands / elapsed,
        "steps_per_hand": steps / hands,
    }


def bench_hand_sizes(samples: int, seed: int) -> dict[str, dict[str, float]]:
    """legal_actions on play-phase positions whose hand holds 11, 22, 33 or 44 random cards.

    Each position is timed once with cold memos (the worst case) and once warm; the number of
    legal actions is recorded too, since every one of them has to be built.
    """
    results = {}
    chooser = random.Random(seed)
    deck = make_deck()
    for size in (11, 22, 33, 44):
        cold = []
        warm = []
        counts = []
        for _ in range(samples):
            chooser.shuffle(deck)
            state = _position_with_hand(deck, size)
            clear_caches()
            start = time.perf_counter()
            counts.append(len(legal_actions(state)))
            cold.append(time.perf_counter() - start)
            warm.append(per_call(lambda s=state: legal_actions(s), 5))
        row = summary(cold)
        row["warm_median_us"] = statistics.median(warm) * 1e6
        row["actions_median"] = statistics.median(counts)
        row["cold_us_per_action"] = row["median_us"] / max(1.0, row["actions_median"])
        results[str(size)] = row
    return results


def _position_with_hand(deck: list[Card], size: int) -> GameState:
    """A play-phase position (4 players) whose player to act holds ``size`` cards of ``deck``."""
    hand = tuple(sorted(deck[:size], key=lambda card: card.code))
    rest = deck[size:]
    others = [
        tuple(sorted(rest[i * 11 : (i + 1) * 11], key=lambda card: card.code)) for i in range(3)
    ]
    rest = rest[33:]
    pozzetti = (tuple(rest[:11]), tuple(rest[11:22]))
    rest = rest[22:]
    return GameState(
        rules=CLASSIC,
        dealer=3,
        turn=0,
        phase=Phase.PLAY,
        hands=(hand, *others),
        melds=((), ()),
        stock=tuple(rest[1:]),
        discard_pile=(rest[0],),
        pozzetti=pozzetti,
        pozzetto_taken=(False, False),
    )


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
    args = parser.parse_args(argv)
    quick = args.quick
    repeat = 20 if quick else 200
    play_seconds = 1.0 if quick else 10.0
    results: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "cpu": cpu_name(),
        "quick": quick,
    }
    results["validate_meld"] = bench_validate(repeat * 10)
    results["extend_meld"] = bench_extend(repeat * 10)
    positions(CLASSIC, 5 if quick else 100, seed=1000)  # warm the memos, as a simulation would
    states = positions(CLASSIC, 3 if quick else 30, seed=5000)
    clear_caches()
    cold = bench_positions(states, cold=True)
    positions(CLASSIC, 5 if quick else 100, seed=1000)
    results.update(bench_positions(states, cold=False))
    results["legal_actions_cold"] = cold["legal_actions"]
    results["determinize"] = bench_determinize(states[:: 10 if quick else 20], repeat // 4)
    results["positions"] = len(states)
    results["play"] = {
        str(players): bench_play(attrs.evolve(CLASSIC, players=players), play_seconds, seed=2000)
        for players in (2, 4, 6)
    }
    results["legal_actions_by_hand_size"] = bench_hand_sizes(5 if quick else 40, seed=3000)
    results["memory"] = bench_memory(seed=4000)
    print_table(results)
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nresults written to {out}")
    return 0


def print_table(results: dict[str, Any]) -> None:
    python = f"Python {results['python']} ({results['implementation']})"
    print(f"burraco benchmarks: {python}, {results['cpu']}")
    print(f"\n{'per call (µs)':<44} {'median':>10} {'p99':>10}")
    rows = [
        ("validate_meld", "validate_meld"),
        ("extend_meld", "extend_meld"),
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
    print(f"\n{'random play, one process':<24} {'steps/s':>10} {'hands/s':>10} {'steps/hand':>11}")
    for players, row in results["play"].items():
        print(
            f"{players + ' players':<24} {row['steps_per_s']:>10,.0f} {row['hands_per_s']:>10,.1f}"
            f" {row['steps_per_hand']:>11.1f}"
        )
    memory = results["memory"]
    per_state = memory["bytes_per_state"]
    print(f"\nmemory: {per_state:,.0f} bytes per retained state ({memory['states']} states)")


if __name__ == "__main__":
    sys.exit(main())
