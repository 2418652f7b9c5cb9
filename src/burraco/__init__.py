"""burraco: a typed rules engine for Burraco, the Italian partnership rummy game.

Everything a user needs is importable from here; the modules (:mod:`burraco.melds`,
:mod:`burraco.rules`, ...) are public too.

>>> import burraco
>>> print(burraco.validate_meld("5H 6H JK"))
5H 6H JK=7H
"""

from importlib.metadata import PackageNotFoundError, version

from burraco.cards import (
    JOKER,
    JOKER_POINTS,
    RANK_POINTS,
    Card,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from burraco.errors import (
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    Reason,
)
from burraco.melds import (
    BurracoKind,
    Meld,
    MeldKind,
    burraco_bonus,
    burraco_kind,
    extend_meld,
    is_valid_meld,
    validate_meld,
)
from burraco.rules import CLASSIC, FIBUR, INTERNATIONAL, PRESETS, PenaltyWhen, Rules, StockEnd

try:
    __version__ = version("burraco")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0+unknown"

__all__ = [
    "BurracoError",
    "BurracoKind",
    "CLASSIC",
    "Card",
    "FIBUR",
    "INTERNATIONAL",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidStateError",
    "JOKER",
    "JOKER_POINTS",
    "Meld",
    "MeldKind",
    "NotationError",
    "PRESETS",
    "PenaltyWhen",
    "RANK_POINTS",
    "Rank",
    "Reason",
    "Rules",
    "StockEnd",
    "Suit",
    "__version__",
    "burraco_bonus",
    "burraco_kind",
    "extend_meld",
    "format_cards",
    "is_valid_meld",
    "make_deck",
    "parse_card",
    "parse_cards",
    "validate_meld",
]
