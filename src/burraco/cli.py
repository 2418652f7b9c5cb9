"""The ``burraco`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from burraco import __version__
from burraco.errors import BurracoError
from burraco.melds import burraco_bonus, burraco_kind, validate_meld
from burraco.rules import PRESETS

__all__ = ["main"]


def _validate(args: argparse.Namespace) -> int:
    rules = PRESETS[args.rules]
    try:
        meld = validate_meld(" ".join(args.cards), rules)
    except BurracoError as error:
        print(error, file=sys.stderr)
        return 1
    kind = burraco_kind(meld, rules)
    shape = "clean" if meld.is_clean else "dirty"
    print(meld)
    print(f"{meld.kind}, {shape}, {len(meld.cards)} cards, {meld.points} points")
    if kind is not None:
        print(f"{kind} burraco: bonus {burraco_bonus(meld, rules)}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="burraco", description="The Burraco rules engine.")
    parser.add_argument("--version", action="version", version=f"burraco {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    validate = commands.add_parser(
        "validate", help="check a meld", description="Check that cards form a legal meld."
    )
    validate.add_argument("cards", nargs="+", metavar="CARD", help="cards in notation: 5H 6H JK")
    validate.add_argument("--rules", choices=sorted(PRESETS), default="classic")
    validate.set_defaults(run=_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    args = _parser().parse_args(argv)
    status: int = args.run(args)
    return status
