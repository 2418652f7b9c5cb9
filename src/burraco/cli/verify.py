"""``burraco verify-deal FILE``: check a deal a server revealed against its commitment.

The file is JSON: the ``over`` message of a hand (as the page or any client received it), or
its ``deal`` object alone (``deck``, ``salt``, ``commitment``, and ``dealer``, ``rules`` and
``players``). The command recomputes the SHA-256 commitment from the deck and the salt and
checks that the deck deals a hand of those rules (:func:`burraco.server.deals.verify_deal`,
which needs no optional dependency)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Final

from burraco.cli.inputs import InputError, read_text
from burraco.cli.language import rules_text, say
from burraco.cli.options import Commands
from burraco.cli.status import BAD_INPUT, OK

__all__ = ["MISMATCH", "add_parser", "run"]

MISMATCH: Final = 1
"""The exit status when the deal does not match its commitment."""
_MOST: Final = 100_000


def add_parser(commands: Commands) -> None:
    """Add ``burraco verify-deal`` to ``commands``."""
    verify = commands.add_parser(
        "verify-deal",
        help="check a deal a server revealed at a hand's end against its commitment",
        description="Check that a hand was played from the deal the server committed to at "
        "its start: FILE is the JSON of the 'over' message (or its 'deal' object); the "
        "SHA-256 of the salt, ':' and the deck must be the commitment, and the deck a whole "
        "deck. Exit status 0 if it matches, 1 if not, 2 for a file that cannot be read.",
    )
    verify.add_argument("file", metavar="FILE", help='the JSON file, or "-" for standard input')
    verify.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco verify-deal``; return the exit status."""
    from burraco.server.deals import DealMismatchError, verify_deal

    lang = args.lang
    try:
        text = read_text(args.file, _MOST)
        data = json.loads(text)
    except (OSError, InputError, ValueError) as error:
        cannot = say("cli.verify.cannot_read", lang, file=args.file, error=error)
        print(f"burraco verify-deal: {cannot}", file=sys.stderr)
        return BAD_INPUT
    deal = data.get("deal", data) if isinstance(data, dict) else None
    if not isinstance(deal, dict):
        no_deal = say("cli.verify.no_deal", lang)
        print(f"burraco verify-deal: {no_deal}", file=sys.stderr)
        return BAD_INPUT
    try:
        state = verify_deal(deal)
    except DealMismatchError as error:
        print(say("cli.verify.mismatch", lang, error=error))
        return MISMATCH
    rules = state.rules
    print(
        say(
            "cli.verify.matches",
            lang,
            commitment=deal["commitment"],
            rules=rules_text(rules.name, lang),
            players=rules.players,
            dealer=state.dealer,
        )
    )
    return OK
