"""``burraco demo``: bots play a hand, a line per turn, the table every few turns and the
score sheet."""

from __future__ import annotations

import argparse
import sys
from typing import Final

from burraco.agents import play_out
from burraco.cli.options import (
    Commands,
    add_seed,
    add_table,
    add_unicode,
    fresh_seed,
    rules_for,
    seat_agents,
)
from burraco.cli.output import Printer, Turns, score_sheet
from burraco.cli.records import new_history, recording, write_record
from burraco.cli.status import BAD_INPUT, OK
from burraco.engine import new_game
from burraco.scoring import score_hand

__all__ = ["TABLE_EVERY", "add_parser", "run"]

TABLE_EVERY: Final = 10
"""``burraco demo`` prints the table after every this many turns (every turn with
``--verbose``)."""

_EVENT: Final = ("Event", "burraco demo")
"""The header that names the command in the records it writes."""


def add_parser(commands: Commands) -> None:
    """Add ``burraco demo`` to ``commands``."""
    demo = commands.add_parser(
        "demo",
        help="watch bots play a hand",
        description=(
            "Deal a hand and let bots play it, printing a line per turn, the table every "
            f"{TABLE_EVERY} turns (every turn with --verbose), and the score sheet at the end."
        ),
    )
    add_seed(demo, "the deal and the bots")
    add_table(demo, "greedy")
    demo.add_argument("--verbose", action="store_true", help="print the table after every turn")
    add_unicode(demo)
    demo.add_argument("--record", metavar="FILE", help="also write the hand's game record to FILE")
    demo.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco demo``; return the exit status."""
    try:
        rules = rules_for(args.rules, args.players)
    except ValueError as error:
        print(f"burraco demo: {error}", file=sys.stderr)
        return BAD_INPUT
    seed = args.seed if args.seed is not None else fresh_seed()
    names: tuple[str, ...] = args.agents
    agents = seat_agents(names, rules.players, str(seed))
    show = Printer(args.unicode, args.lang)
    show(
        f"burraco demo --seed {seed} --rules {args.rules} --players {rules.players} "
        f"--agents {','.join(names)}"
    )
    show()
    state = new_game(rules, seed=seed)
    show(state)
    show()
    seat_names = [names[seat % len(names)] for seat in range(rules.players)]
    turns = Turns(show, seat_names, table_every=1 if args.verbose else TABLE_EVERY)
    history = None if args.record is None else new_history(seat_names)
    final = play_out(state, agents, on_action=recording(history, turns.on_action))
    show()
    show(final)
    show()
    show(score_sheet(score_hand(final), show.locale))
    if history is not None:
        record = history.record(seed=seed, headers=[_EVENT])
        return write_record(args.record, str(record), "demo")
    return OK
