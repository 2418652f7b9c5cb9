"""``burraco duel A B``: how much stronger bot A is than bot B, by duplicate deals
(:mod:`burraco.duel`), on local processes with ``--jobs`` or on Ray with ``--ray``."""

from __future__ import annotations

import argparse
import json
import os
import sys

from burraco.cli.options import Commands, add_rules, fresh_seed, positive, rules_for, seed_number
from burraco.cli.status import BAD_INPUT, OK
from burraco.duel import DuelResult, ProgressBar
from burraco.errors import AgentError

__all__ = ["add_parser", "run"]


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
            _print_duel(partial, args.json)
        print(f"burraco duel: {error}", file=sys.stderr)
        print(
            f"burraco duel: an agent failed in {args.deals - len(played)} of {args.deals} deals; "
            + (f"the figures above are of the other {len(played)}" if played else "none ended"),
            file=sys.stderr,
        )
        return BAD_INPUT
    _print_duel(result, args.json)
    return OK


def _print_duel(result: DuelResult, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.summary(), indent=2))
    else:
        print(result)
