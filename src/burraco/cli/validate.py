"""``burraco validate CARD...``: check that cards form a legal meld and describe it."""

from __future__ import annotations

import argparse
import sys

from burraco.cli.language import error_text, say
from burraco.cli.options import Commands, add_rules, rules_for
from burraco.cli.status import BAD_INPUT, ILLEGAL_MELD, OK
from burraco.errors import InvalidMeldError, NotationError, excerpt
from burraco.i18n import translate
from burraco.melds import MeldKind, burraco_bonus, burraco_kind, validate_meld

__all__ = ["add_parser", "run"]


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
    lang = args.lang
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        kind = say("cli.validate.set", lang, ranks=translate(f"ranks.{meld.rank}", lang))
    else:
        assert meld.suit is not None
        kind = say("cli.validate.sequence", lang, suit=translate(f"suit.{meld.suit}", lang))
    burraco = burraco_kind(meld, rules)
    if burraco is None:
        shape = say("cli.validate.clean" if meld.is_clean else "cli.validate.dirty", lang)
    else:
        shape = say(
            "cli.validate.burraco",
            lang,
            kind=say(f"cli.burraco.{burraco}", lang),
            bonus=burraco_bonus(meld, rules),
        )
    lines = [
        (say("cli.validate.meld", lang), str(meld)),
        (say("cli.validate.kind", lang), kind),
        (say("cli.validate.class", lang), shape),
        (say("cli.validate.points", lang), say("cli.sheet.cell", lang, n=meld.points)),
    ]
    width = max(len(label) for label, _ in lines) + 3  # the colon and two spaces
    for label, value in lines:
        print(f"{label + ':':{width}}{value}")
    return OK
