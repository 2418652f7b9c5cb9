"""``burraco validate CARD...``: check that cards form a legal meld and describe it."""

from __future__ import annotations

import argparse
import sys
from typing import Final

from burraco.cards import Rank
from burraco.cli.language import error_text, say
from burraco.cli.options import Commands, add_rules, rules_for
from burraco.cli.status import BAD_INPUT, ILLEGAL_MELD, OK
from burraco.errors import InvalidMeldError, NotationError, excerpt
from burraco.melds import MeldKind, burraco_bonus, burraco_kind, validate_meld

__all__ = ["add_parser", "run"]

_PLURALS: Final = {Rank.SIX: "sixes"}


def add_parser(commands: Commands) -> None:
    """Add ``burraco validate`` to ``commands``."""
    validate = commands.add_parser(
        "validate",
        help="check a meld",
        description=(
            "Check that cards form a legal meld and describe it: the meld in table order, its "
            "kind, its class and its points. Exit status 1 if it is illegal."
        ),
    )
    validate.add_argument(
        "cards", nargs="+", metavar="CARD", help="cards in notation, such as 5H 6H JK or JK=4H"
    )
    add_rules(validate)
    validate.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco validate``; return the exit status."""
    rules = rules_for(args.rules)
    text = " ".join(args.cards)
    try:
        meld = validate_meld(text, rules)
    except InvalidMeldError as error:
        if args.lang == "en":
            print(f"illegal meld {excerpt(text)}: {error.reason}: {error.detail}", file=sys.stderr)
        else:
            reason = error_text(error, args.lang)
            print(
                say("cli.illegal_meld", args.lang, meld=excerpt(text), reason=reason),
                file=sys.stderr,
            )
        return ILLEGAL_MELD
    except NotationError as error:
        print(f"burraco validate: {error_text(error, args.lang)}", file=sys.stderr)
        return BAD_INPUT
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        kind = f"set of {_rank_plural(meld.rank)}"
    else:
        assert meld.suit is not None
        kind = f"sequence of {meld.suit.name.lower()}"
    burraco = burraco_kind(meld, rules)
    if burraco is None:
        shape = "clean" if meld.is_clean else "dirty"
    else:
        shape = f"{burraco} burraco (bonus {burraco_bonus(meld, rules)})"
    print(f"meld:    {meld}")
    print(f"kind:    {kind}")
    print(f"class:   {shape}")
    print(f"points:  {meld.points}")
    return OK


def _rank_plural(rank: Rank) -> str:
    return _PLURALS.get(rank, rank.name.lower() + "s")
