"""The ``burraco`` command line (also ``python -m burraco``).

Commands:

* ``burraco demo`` plays a hand between bots, printing a line per turn, the table every few
  turns (every turn with ``--verbose``) and the score sheet;
* ``burraco play`` lets a person play a hand, or a match, against bots in the terminal;
* ``burraco validate CARD...`` checks a meld and describes it;
* ``burraco score FILE`` scores a hand typed in as JSON (the format is in ``burraco score
  --help``);
* ``burraco tournament ACTION FILE`` runs a club tournament kept in a JSON file: ``create``,
  ``pair`` the next round, enter a ``result``, give a ``penalty``, print the ``standings``;
* ``burraco simulate --hands N`` plays many hands between bots, in parallel with ``--jobs``, and
  prints statistics;
* ``burraco replay FILE`` replays a game record, printing the table after each turn (or after
  one, with ``--turn``) and the score sheet;
* ``burraco duel A B --deals N`` measures how much stronger bot A is than bot B by duplicate
  deals (:mod:`burraco.duel`), on local processes with ``--jobs`` or on Ray with ``--ray``;
* ``burraco serve`` serves tables to play at in a browser (needs ``burraco[server]``).
* ``burraco verify-deal FILE`` checks a deal a server revealed against its commitment.

Bare ``burraco`` prints the help and the commands. Exit status: 0 when all went well (also when
the reader of the output goes away early, as in ``burraco demo | head``), 1 when ``validate``
finds the meld illegal, 2 for a usage error or bad input (a bad card, an unreadable or
malformed file), 130 when interrupted (Ctrl-C).

``--lang en``, ``it`` or ``pt-BR`` (before or after the command) chooses the language of the
human messages of ``play``, ``demo``, ``validate``, ``score``, ``simulate``, ``replay``,
``verify-deal`` and ``duel`` and of the error lines for a rejected action or bad input; without
it the environment decides, as gettext's ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
do (:mod:`burraco.cli.language`). The help texts, the tables of a game drawn by the library,
JSON output, and the output of ``tournament`` and ``serve``, are in English.

>>> main(["validate", "5H", "JK", "6H"])
meld:    5H 6H JK=7H
kind:    sequence of hearts
class:   dirty
points:  40
0

Each command is a module of this package, named after it (``burraco score`` is
``burraco.cli.score``), with its ``add_parser`` and its ``run``; this module builds the
top-level parser from them and runs the command asked for. What several commands share has a
module of its own: ``options`` (option types and arguments, the rules and agents they build),
``output`` (the printer and the line per turn of ``demo`` and ``play``), ``language`` (the
language of the messages, and their words from :mod:`burraco.i18n`), ``records`` (the game
records they write), ``inputs`` (reading a file or standard input) and ``status`` (the exit
statuses). A command that needs an optional dependency (``serve``, ``duel --ray``) or a wing
of the package (``tournament``) imports it only when it runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Final

from burraco import __compiled__, __version__
from burraco.cli import (
    demo,
    duel,
    play,
    replay,
    score,
    serve,
    simulate,
    tournament,
    validate,
    verify,
)
from burraco.cli.language import add_lang, locale_from_environment
from burraco.cli.status import BAD_INPUT as BAD_INPUT
from burraco.cli.status import ILLEGAL_MELD as ILLEGAL_MELD
from burraco.cli.status import INTERRUPTED as INTERRUPTED
from burraco.cli.status import OK as OK

__all__ = ["main"]

_BUILD: Final = "compiled with mypyc" if __compiled__ else "pure Python"


def _parser() -> argparse.ArgumentParser:
    """The top-level parser, each command registered by its own module, in the help's order."""
    parser = argparse.ArgumentParser(
        prog="burraco",
        description="The Burraco rules engine: play, check melds, score hands, simulate.",
        epilog="Run 'burraco COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"burraco {__version__} ({_BUILD})")
    add_lang(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo.add_parser(commands)
    play.add_parser(commands)
    replay.add_parser(commands)
    validate.add_parser(commands)
    score.add_parser(commands)
    tournament.add_parser(commands)
    simulate.add_parser(commands)
    duel.add_parser(commands)
    serve.add_parser(commands)
    verify.add_parser(commands)
    for command in commands.choices.values():
        add_lang(command)
    return parser


def _quiet_broken_pipe() -> None:
    """The reader of standard output went away: send the rest of the output nowhere."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    No command prints the help, with the list of commands, and returns 0; ``--help`` and
    ``--version`` print and return 0; a usage error prints a message on standard error and
    returns 2. Ctrl-C prints ``interrupted`` on standard error and returns 130. When standard
    output is a pipe whose reader stops early (``burraco demo | head -1``), the command stops
    quietly and returns 0: the reader had what it wanted.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else BAD_INPUT
    if args.command is None:
        parser.print_help()
        return OK
    if args.lang is None:
        args.lang = locale_from_environment()
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        _quiet_broken_pipe()
        return OK
    return status
