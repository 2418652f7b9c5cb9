"""``burraco replay``: read a game record, check it, and print the table after each turn and
the score sheets."""

from __future__ import annotations

import argparse
import sys

from burraco.cli.inputs import read_text
from burraco.cli.language import error_text, say
from burraco.cli.options import Commands, whole_number
from burraco.cli.output import match_sheet, score_sheet
from burraco.cli.status import BAD_INPUT, OK
from burraco.errors import RecordError, excerpt
from burraco.record import MAX_RECORD_LENGTH, MatchRecord
from burraco.scoring import score_hand

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``burraco replay`` to ``commands``."""
    replay = commands.add_parser(
        "replay",
        help="replay a game record",
        description=(
            "Read a game record (one hand or a match), check it, and print the table after "
            "each turn and the score sheet of each hand (with a match, the match sheet too)."
        ),
    )
    replay.add_argument("file", metavar="FILE", help='the record, or "-" for standard input')
    replay.add_argument(
        "--turn",
        type=_turn_option,
        metavar="N",
        help="print only the table after turn N (0: as dealt)",
    )
    replay.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco replay``; return the exit status."""
    lang = args.lang
    name = say("cli.standard_input", lang) if args.file == "-" else args.file
    try:
        text = read_text(args.file, MAX_RECORD_LENGTH)
        record = MatchRecord.parse(text)
    except OSError as error:
        cannot = say("cli.replay.cannot_read", lang, error=error.strerror or error)
        print(f"burraco replay: {name}: {cannot}", file=sys.stderr)
        return BAD_INPUT
    except UnicodeDecodeError:
        not_text = say("cli.not_text", lang)
        print(f"burraco replay: {name}: {not_text}", file=sys.stderr)
        return BAD_INPUT
    except RecordError as error:
        print(f"burraco replay: {name}: {error_text(error, args.lang)}", file=sys.stderr)
        return BAD_INPUT
    hands = record.hands
    for index, hand in enumerate(hands):
        if len(hands) > 1:
            print(say("cli.replay.hand", lang, n=index + 1))
        for key, value in hand.headers.items():
            print(f"{key}: {value}")
        print()
        states = hand.replay_turns()
        if args.turn is not None:
            if args.turn >= len(states):
                few = say("cli.replay.too_few_turns", lang, turns=len(states) - 1, turn=args.turn)
                print(f"burraco replay: {name}: {few}", file=sys.stderr)
                return BAD_INPUT
            chosen = [args.turn]
        else:
            chosen = list(range(len(states)))
        for number in chosen:
            if number:
                print(f"{number}. {hand.turns[number - 1]}")
            print(states[number])
            print()
        final = states[-1]
        if final.is_over:
            print(score_sheet(score_hand(final), lang))
        else:
            print(say("cli.replay.not_over", lang, n=len(hand.turns)))
        print()
    if len(hands) > 1:
        print(match_sheet(record.replay(), lang))
    return OK


def _turn_option(text: str) -> int:
    if text[:1] == "-" and text[1:].isdigit():
        raise argparse.ArgumentTypeError(
            f"must be 0 (the deal) or more, not {excerpt(text, quoted=False)}"
        )
    return whole_number(text)
