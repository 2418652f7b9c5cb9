"""``burraco duel A B``: how much stronger bot A is than bot B, by duplicate deals
(:mod:`burraco.duel`), on local processes with ``--jobs`` or on Ray with ``--ray``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable

from burraco.cli.language import decimal_text, percent_text, rules_text, say
from burraco.cli.options import Commands, add_rules, fresh_seed, positive, rules_for, seed_number
from burraco.cli.status import BAD_INPUT, OK
from burraco.duel import DuelResult, ProgressBar
from burraco.errors import AgentError
from burraco.i18n import Locale

__all__ = ["add_parser", "duel_text", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``burraco duel`` to ``commands``."""
    duel = commands.add_parser(
        "duel",
        help="measure how much stronger one bot is than another",
        description=(
            "Play a duplicate duel: every deal is played twice, the teams swapping seats, so "
            "the luck of the cards cancels out. Prints A's points per hand minus B's with a "
            "95% confidence interval, the hand win rate, closing rate, burracos per hand, "
            "seconds per decision and victory points. Deal i comes from (seed, i) and every "
            "agent is seeded per deal, so the figures depend only on the seed, never on "
            "--jobs or --ray."
        ),
        epilog=(
            "Agents: random, greedy, search, the fixed levels level1 (weakest) to level5 "
            "(strongest) and level6 (level5 with a learned evaluation), or module:Class for "
            "your own (importable, or in "
            "the current directory); keyword arguments may follow in brackets, as in "
            "'search(simulations=64)'."
        ),
    )
    duel.add_argument("a", metavar="A", help="the first agent")
    duel.add_argument("b", metavar="B", help="the second agent")
    duel.add_argument(
        "--deals", type=positive, default=100, help="deal pairs to play (default: %(default)s)"
    )
    duel.add_argument(
        "--jobs", type=positive, default=1, help="worker processes (default: %(default)s)"
    )
    duel.add_argument("--seed", type=seed_number, help="the seed (default: a random seed, printed)")
    duel.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help=(
            "run the deals as Ray tasks: on the cluster at ADDRESS (such as auto or "
            "ray://head:10001), or without ADDRESS on a new local Ray instance with --jobs "
            "CPUs; needs pip install 'burraco[ray]'"
        ),
    )
    duel.add_argument("--json", action="store_true", help="print the summary as JSON")
    duel.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rules(duel)
    duel.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4, 5),
        help="the number of players (default: the rule set's, 4 but for fibur3 and fibur5); "
        "with 3 or 5 each deal is played twice per seat, rotating who sits where",
    )
    duel.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco duel``; return the exit status."""
    from burraco.agents import make_agent
    from burraco.duel import play_duel

    if os.getcwd() not in sys.path:  # let module:Class name a module of the current directory
        sys.path.insert(0, os.getcwd())
    try:
        rules = rules_for(args.rules, args.players)
    except ValueError as error:
        print(f"burraco duel: {error}", file=sys.stderr)
        return BAD_INPUT
    try:
        for spec in (args.a, args.b):
            make_agent(spec, 0)
    except ValueError as error:
        print(f"burraco duel: {error}", file=sys.stderr)
        return BAD_INPUT
    if rules.teams != 2 and rules.players not in (3, 5):
        print(
            "burraco duel: a duel needs two teams or an odd table: --players 2, 3, 4 or 5",
            file=sys.stderr,
        )
        return BAD_INPUT
    seed = args.seed if args.seed is not None else fresh_seed()
    show = not args.quiet and sys.stderr.isatty()
    try:
        result = play_duel(
            args.a,
            args.b,
            deals=args.deals,
            seed=seed,
            rules=rules,
            jobs=args.jobs,
            ray=False if args.ray is None else (args.ray or True),
            progress=ProgressBar(sys.stderr) if show else None,
        )
    except ImportError as error:
        print(f"burraco duel: {error}", file=sys.stderr)
        return BAD_INPUT
    except AgentError as error:
        partial = error.partial
        played = partial.deals if isinstance(partial, DuelResult) else ()
        if isinstance(partial, DuelResult) and played:
            _print_duel(partial, args)
        lang = args.lang
        print(f"burraco duel: {error}", file=sys.stderr)
        rest = (
            say("cli.duel.others", lang, n=len(played))
            if played
            else say("cli.duel.none_ended", lang)
        )
        failed = say(
            "cli.duel.failed", lang, failed=args.deals - len(played), deals=args.deals, rest=rest
        )
        print(f"burraco duel: {failed}", file=sys.stderr)
        return BAD_INPUT
    _print_duel(result, args)
    return OK


def _print_duel(result: DuelResult, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(result.summary(), indent=2))
    else:
        print(duel_text(result, args.lang, _workers(args, args.lang)))


def _workers(args: argparse.Namespace, locale: Locale) -> str:
    """Where the deals ran, in ``locale``: as :attr:`DuelResult.workers` says it in English."""
    if args.ray is None:
        key = "cli.duel.processes.one" if args.jobs == 1 else "cli.duel.processes.other"
        return say(key, locale, n=args.jobs)
    return say("cli.duel.ray_at", locale, address=args.ray) if args.ray else "ray"


def duel_text(result: DuelResult, locale: Locale, workers: str | None = None) -> str:
    """The human summary of a duel in ``locale``: in English exactly ``str(result)``, else the
    same lines with the catalogue's words and the locale's numbers; ``workers`` says where the
    deals ran (default: :attr:`DuelResult.workers`, which is English)."""
    if locale == "en":
        return str(result)
    interval = result.interval
    if interval is None:
        ci = say("cli.duel.no_interval", locale)
    else:
        low, high = (decimal_text(end, 1, locale, sign=True) for end in interval)
        ci = f"[{low}; {high}]"  # a comma is the decimal mark

    def fixed(places: int) -> Callable[[float], str]:
        return lambda value: decimal_text(value, places, locale)

    def percent(value: float) -> str:
        return percent_text(value, 1, locale)

    rows: list[tuple[str, tuple[float, float], Callable[[float], str]]] = [
        (say("cli.duel.score", locale), result.score_per_hand, fixed(1)),
        (say("cli.duel.closing", locale), result.closing_rate, percent),
        (say("cli.duel.burracos", locale), result.burracos_per_hand, fixed(2)),
        (say("cli.duel.victory", locale), result.victory_points(), fixed(2)),
        (say("cli.duel.decisions", locale), result.decisions_per_hand, fixed(1)),
        (say("cli.duel.seconds", locale), result.seconds_per_decision, fixed(4)),
        (say("cli.duel.cpu_seconds", locale), result.cpu_seconds_per_decision, fixed(4)),
    ]
    width = max(len(label) for label, _, _ in rows)
    a_width = max(len(result.a), 8)
    rules = result.rules
    pairs = (
        "cli.duel.deal_pairs" if len(result.hands) == 2 * len(result.deals) else "cli.duel.deals"
    )
    lines = [
        say("cli.duel.title", locale, a=result.a, b=result.b),
        say(
            pairs,
            locale,
            n=len(result.deals),
            hands=len(result.hands),
            rules=rules_text(rules.name, locale),
            players=rules.players,
            seed=str(result.seed),
        ),
        "",
        say(
            "cli.duel.difference",
            locale,
            points=decimal_text(result.points_per_hand, 1, locale, sign=True),
            interval=ci,
        ),
        say("cli.duel.won", locale, rate=percent(result.hand_win_rate)),
        "",
        f"{'':{width}}  {'A':>{a_width}}  B",
    ]
    for label, (first, second), form in rows:
        lines.append(f"{label:{width}}  {form(first):>{a_width}}  {form(second)}")
    lines.append("")
    seconds = decimal_text(result.elapsed, 1, locale)
    lines.append(
        say("cli.duel.elapsed", locale, seconds=seconds, workers=workers or result.workers)
    )
    return "\n".join(lines)
