"""``burraco simulate``: play many hands between bots, in parallel with ``--jobs``, and print
statistics."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import time
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from burraco.actions import Action, DrawStock, TakeDiscardPile
from burraco.agents import play_out
from burraco.cli.language import decimal_text, rules_text, say
from burraco.cli.options import (
    Commands,
    add_seed,
    add_table,
    fresh_seed,
    positive,
    rules_for,
    seat_agents,
)
from burraco.cli.status import BAD_INPUT, OK
from burraco.duel import ProgressBar
from burraco.engine import new_game
from burraco.i18n import DEFAULT_LOCALE, Locale
from burraco.rules import Partnerships, Rules
from burraco.scoring import score_hand, text_table
from burraco.state import EndReason, GameState

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``burraco simulate`` to ``commands``."""
    simulate = commands.add_parser(
        "simulate",
        help="play many hands between bots and print statistics",
        description=(
            "Play many hands between bots and print statistics: how hands end, the closing "
            "rate, average scores, hand length and burracos. Hand i is dealt from (seed, i), "
            "so the figures depend only on the seed, never on --jobs. A progress bar is drawn "
            "on standard error when it is a terminal."
        ),
    )
    simulate.add_argument(
        "--hands", type=positive, default=100, help="how many hands (default: %(default)s)"
    )
    simulate.add_argument(
        "--jobs", type=positive, default=1, help="worker processes (default: %(default)s)"
    )
    add_seed(simulate, "the hands")
    simulate.add_argument(
        "--quiet", action="store_true", help="no progress bar or timing on standard error"
    )
    add_table(simulate, "greedy,random")
    simulate.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco simulate``; return the exit status."""
    try:
        rules = rules_for(args.rules, args.players)
    except ValueError as error:
        print(f"burraco simulate: {error}", file=sys.stderr)
        return BAD_INPUT
    seed = args.seed if args.seed is not None else fresh_seed()
    names: tuple[str, ...] = args.agents
    jobs = [(rules, names, seed, index) for index in range(args.hands)]
    bar = None
    if not args.quiet and sys.stderr.isatty():  # no \r updates in a redirected stderr
        bar = ProgressBar(sys.stderr, label="simulate", unit="hands")
    start = time.perf_counter()
    results = []
    try:
        if bar is not None:
            bar(0, args.hands)
        with contextlib.closing(_run_jobs(jobs, args.jobs)) as played:
            for result in played:
                results.append(result)
                if bar is not None:
                    bar(len(results), args.hands)
    except KeyboardInterrupt:
        if bar is not None:
            bar.interrupt()
        raise
    elapsed = time.perf_counter() - start
    print("\n".join(_report(results, rules, names, seed, args.lang)))
    if not args.quiet:
        seconds = decimal_text(elapsed, 1, args.lang)
        timing = say(
            "cli.simulate.timing", args.lang, hands=args.hands, seconds=seconds, jobs=args.jobs
        )
        print(timing, file=sys.stderr)
    return OK


@attrs.frozen
class _HandResult:
    """What the statistics need from one simulated hand."""

    end: EndReason
    closer_team: int | None
    totals: tuple[int, ...]
    burracos: tuple[int, ...]
    actions: int
    turns: int


_Job = tuple[Rules, tuple[str, ...], int, int]
"""The rules, the agent names, the seed and the hand's index."""


def _simulate_hand(job: _Job) -> _HandResult:
    """Play hand ``index`` of a simulation; it depends only on the job, not on the process."""
    rules, names, seed, index = job
    base = f"{seed}:{index}"
    agents = seat_agents(names, rules.players, base)
    counts = [0, 0]

    def count(before: GameState, action: Action, after: GameState) -> None:
        counts[0] += 1
        if isinstance(action, (DrawStock, TakeDiscardPile)):
            counts[1] += 1

    start = new_game(rules, seed=base, dealer=index % rules.players)
    final = play_out(start, agents, on_action=count)
    outcome = final.outcome
    assert outcome is not None
    closer = outcome.closer
    burracos = tuple(sum(meld.is_burraco for meld in melds) for melds in final.melds)
    score = score_hand(final)
    if rules.partnerships is not Partnerships.FIXED:  # rules §14: every figure per seat
        return _HandResult(
            end=outcome.reason,
            closer_team=closer,
            totals=score.seat_points,
            burracos=tuple(burracos[final.team_of(seat)] for seat in range(rules.players)),
            actions=counts[0],
            turns=counts[1],
        )
    return _HandResult(
        end=outcome.reason,
        closer_team=None if closer is None else final.team_of(closer),
        totals=score.totals,
        burracos=burracos,
        actions=counts[0],
        turns=counts[1],
    )


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_jobs(jobs: list[_Job], workers: int) -> Generator[_HandResult, None, None]:
    if workers == 1:
        yield from map(_simulate_hand, jobs)
        return
    chunk = max(1, min(25, len(jobs) // (workers * 8)))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        yield from pool.map(_simulate_hand, jobs, chunksize=chunk)
    finally:  # on Ctrl-C too: drop the hands not started, wait for the few being played
        pool.shutdown(wait=True, cancel_futures=True)


def _percent(part: float, whole: int, locale: Locale) -> str:
    return decimal_text(100 * part / whole, 1, locale) + "%"


def _whole(count: int, locale: Locale) -> str:
    return say("cli.sheet.cell", locale, n=count)


def _average(values: Iterable[float], count: int, locale: Locale) -> str:
    return decimal_text(sum(values) / count, 1, locale)


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    return text_table(rows, gap="  ")


def _report(
    results: Sequence[_HandResult],
    rules: Rules,
    names: Sequence[str],
    seed: int,
    locale: Locale = DEFAULT_LOCALE,
) -> list[str]:
    count = len(results)
    players = rules.players
    teams = rules.teams  # with first-out-alone partnerships (rules §14), one per seat
    fixed = rules.partnerships is Partnerships.FIXED
    seat_agents = [names[seat % len(names)] for seat in range(players)]
    agents = ", ".join(
        say("cli.simulate.seat_agent", locale, seat=seat, name=name)
        for seat, name in enumerate(seat_agents)
    )
    lines = [
        say(
            "cli.simulate.header",
            locale,
            n=count,
            rules=rules_text(rules.name, locale),
            players=players,
            seed=str(seed),
        ),
        say("cli.simulate.agents", locale, agents=agents),
        "",
        say("cli.simulate.ended", locale),
    ]
    ends = [
        ("cli.simulate.closed", EndReason.CLOSED),
        ("cli.simulate.stock_exhausted", EndReason.STOCK_EXHAUSTED),
        ("cli.simulate.stalemate", EndReason.STALEMATE),
    ]
    end_rows = []
    for label, reason in ends:
        n = sum(result.end is reason for result in results)
        end_rows.append(["  " + say(label, locale), _whole(n, locale), _percent(n, count, locale)])
    lines += _columns(end_rows)
    closed = sum(result.end is EndReason.CLOSED for result in results)
    rate = _percent(closed, count, locale)
    lines += ["", say("cli.simulate.closing_rate", locale, rate=rate), ""]
    team_seats = [
        [seat for seat in range(players) if seat % teams == team] for team in range(teams)
    ]
    rows = [
        [
            "",
            *(
                say("cli.play.team_n" if fixed else "cli.play.seat_n", locale, n=team)
                for team in range(teams)
            ),
        ],
        [
            say("cli.simulate.seats", locale),
            *(",".join(str(seat) for seat in seats) for seats in team_seats),
        ],
        [
            say("cli.simulate.agents_row", locale),
            *("/".join(sorted({seat_agents[s] for s in seats})) for seats in team_seats),
        ],
        [
            say("cli.simulate.average_score", locale),
            *(_average((r.totals[team] for r in results), count, locale) for team in range(teams)),
        ],
        [
            say("cli.simulate.hands_won", locale),
            *(
                _whole(
                    sum(
                        r.totals[team] == max(r.totals) and r.totals.count(max(r.totals)) == 1
                        for r in results
                    ),
                    locale,
                )
                for team in range(teams)
            ),
        ],
        [
            say("cli.simulate.hands_closed", locale),
            *(_whole(sum(r.closer_team == team for r in results), locale) for team in range(teams)),
        ],
        [
            say("cli.simulate.burracos_row", locale),
            *(
                decimal_text(sum(r.burracos[team] for r in results) / count, 2, locale)
                for team in range(teams)
            ),
        ],
    ]
    lines += _columns(rows)
    actions = decimal_text(sum(result.actions for result in results) / count, 1, locale)
    turns = decimal_text(sum(result.turns for result in results) / count, 1, locale)
    burracos = sum(sum(result.burracos) for result in results) / count
    lines += ["", say("cli.simulate.length", locale, actions=actions, turns=turns)]
    if fixed:  # per seat, a pair's burracos count for both partners
        lines.append(say("cli.simulate.burracos", locale, n=decimal_text(burracos, 2, locale)))
    return lines
