"""The soak run: many random hands, every state checked and saved and loaded.

``python -m tests.soak --hands 10000`` (or ``nox -s soak``) plays random hands over every preset
and player count and a few variants, with :func:`burraco.testing.check_invariants` after every
step and every state, action and final score sheet round-tripped through
:func:`burraco.serialize.to_json` / :func:`~burraco.serialize.from_json`. It prints the number
of hands, actions and failures and the time, and exits with status 1 if anything failed.

Half of the hands choose uniformly among the legal actions; the other half ("eager") prefer a
meld when there is one, which takes pozzetti and closes hands far more often.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from multiprocessing import Pool
from typing import Final

import attrs

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    INTERNATIONAL,
    REALE,
    Action,
    GameState,
    Rules,
    apply,
    score_hand,
)
from burraco.serialize import from_json, to_json
from burraco.testing import check_invariants, random_play

CONFIGS: Final[dict[str, Rules]] = {
    **{
        f"{preset.name}-{players}": attrs.evolve(preset, players=players)
        for preset in (CLASSIC, FIBUR, INTERNATIONAL, FEBURIT, REALE)
        for players in (2, 3, 4, 6)
    },
    "german-4": attrs.evolve(CLASSIC, name="german", pozzetti_as_reserve_stock=True),
    "german-immediately-3": attrs.evolve(
        CLASSIC, name="german", players=3, pozzetti_as_reserve_stock=True, stock_end="immediately"
    ),
    "switches-4": attrs.evolve(
        CLASSIC,
        name="switches",
        natural_two_locked=True,
        wild_as_second_ace=False,
        one_set_per_rank=False,
        closing_discard_may_be_wild=True,
        untaken_pozzetto_penalty="if-opponents-closed",
    ),
}
"""Every preset with 2, 3, 4 and 6 players, and variants with the other switches turned."""


def random_hand(rules: Rules, seed: int, *, eager: bool) -> Iterator[tuple[GameState, Action]]:
    """Play a hand dealt from ``seed`` by the dealer ``seed % players``, choosing with
    ``random.Random(seed)`` (eagerly: usually a meld when one is legal); yield each state with
    the action taken in it (:func:`burraco.testing.random_play`)."""
    return random_play(rules, seed, dealer=seed % rules.players, eager=eager)


def final_state(rules: Rules, seed: int, *, eager: bool) -> GameState:
    """The last state of :func:`random_hand`."""
    *_, (state, action) = random_hand(rules, seed, eager=eager)
    return apply(state, action)


def check_round_trip(state: GameState) -> None:
    """Check the invariants of ``state`` and that it survives saving and loading."""
    check_invariants(state)
    loaded = from_json(to_json(state), GameState)
    if loaded != state:
        raise AssertionError("the state loaded back differs from the state saved")


@attrs.frozen
class HandResult:
    """What soaking one hand found."""

    config: str
    seed: int
    actions: int
    ending: str
    failure: str | None


def soak_hand(job: tuple[str, int]) -> HandResult:
    """Play one hand, checking and round-tripping every state, action and the score sheet."""
    config, seed = job
    rules = CONFIGS[config]
    actions = 0
    state = None
    try:
        for state, action in random_hand(rules, seed, eager=seed % 2 == 1):
            check_round_trip(state)
            if from_json(to_json(action)) != action:
                raise AssertionError(f"the action {action} loaded back differs")
            actions += 1
            state = apply(state, action)
        assert state is not None
        check_round_trip(state)
        if not state.is_over:
            raise AssertionError("the hand stopped before it was over")
        score = score_hand(state)
        if from_json(to_json(score)) != score:
            raise AssertionError("the score sheet loaded back differs")
    except Exception as error:  # every failure is reported, none stops the run
        where = f"{config} seed {seed} after {actions} actions"
        return HandResult(config, seed, actions, "failed", f"{where}: {_describe(error)}")
    assert state.outcome is not None
    return HandResult(config, seed, actions, state.outcome.reason.value, None)


def _describe(error: BaseException) -> str:
    return "".join(traceback.format_exception(error)[-3:]).strip()


def jobs(hands: int, first_seed: int) -> list[tuple[str, int]]:
    """``hands`` (config, seed) pairs, the configurations taken in turn."""
    names = list(CONFIGS)
    return [(names[i % len(names)], first_seed + i) for i in range(hands)]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak and print its figures; return the exit status (1 if anything failed)."""
    parser = argparse.ArgumentParser(prog="python -m tests.soak", description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play")
    parser.add_argument("--workers", type=int, default=2, help="processes to use")
    parser.add_argument("--seed", type=int, default=0, help="the first hand's seed")
    options = parser.parse_args(argv)
    started = time.perf_counter()
    work = jobs(options.hands, options.seed)
    if options.workers > 1:
        with Pool(options.workers) as pool:
            results = list(pool.imap_unordered(soak_hand, work, chunksize=20))
    else:
        results = [soak_hand(job) for job in work]
    elapsed = time.perf_counter() - started
    failures = [result.failure for result in results if result.failure is not None]
    for failure in failures[:10]:
        print(f"FAILED {failure}", file=sys.stderr)
    endings = Counter(result.ending for result in results)
    actions = sum(result.actions for result in results)
    print(
        f"soak: {len(results)} hands, {actions} actions, {len(failures)} failures in "
        f"{elapsed:.1f} s ({options.workers} workers, {len(CONFIGS)} rule sets, seeds "
        f"{options.seed} to {options.seed + options.hands - 1})"
    )
    print("endings: " + ", ".join(f"{name} {count}" for name, count in sorted(endings.items())))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
