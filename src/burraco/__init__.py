"""burraco: a typed rules engine for Burraco, the Italian partnership rummy game.

Everything a user needs is importable from here; the modules (:mod:`burraco.melds`,
:mod:`burraco.rules`, ...) are public too.

>>> import burraco
>>> print(burraco.validate_meld("5H 6H JK"))
5H 6H JK=7H
"""

from typing import TYPE_CHECKING

from burraco import engine as _engine_module
from burraco._version import __version__
from burraco.actions import (
    Action,
    AddToMeld,
    Discard,
    DrawStock,
    OpenMeld,
    TakeDiscardPile,
    parse_action,
)
from burraco.agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    make_agent,
    play_hand,
    play_match,
    play_out,
)
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
from burraco.closing import can_close
from burraco.duel import DuelResult, play_duel
from burraco.engine import (
    LegalActions,
    apply,
    call_time_out,
    canonical_action,
    check_action,
    is_legal,
    legal_actions,
    new_game,
)
from burraco.errors import (
    AgentError,
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    Reason,
    RecordError,
    TournamentError,
)
from burraco.match import FOUR_DEALS, THREE_DEALS, Match, VictoryTable, victory_points
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
from burraco.rules import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    FIBUR3,
    FIBUR5,
    INTERNATIONAL,
    PRESETS,
    REALE,
    Partnerships,
    PenaltyWhen,
    Rules,
    StockEnd,
)
from burraco.scoring import HandScore, TeamScore, score_hand, score_team
from burraco.search import SearchAgent
from burraco.state import EndReason, GameState, Outcome, Phase
from burraco.views import PlayerView, determinize, observe

if TYPE_CHECKING:  # imported on first use, below
    from burraco.checks import check_invariants
    from burraco.record import Record
    from burraco.serialize import from_dict, from_json, to_dict, to_json

__compiled__: bool = not _engine_module.__file__.endswith(".py")
"""Whether the running build is the one compiled with mypyc (``BURRACO_MYPYC=1``)."""

_ON_FIRST_USE = {
    "Record": "burraco.record",
    "check_invariants": "burraco.checks",
    "from_dict": "burraco.serialize",
    "from_json": "burraco.serialize",
    "to_dict": "burraco.serialize",
    "to_json": "burraco.serialize",
}
"""Names re-exported from modules that ``import burraco`` does not import: saving and loading,
game records and the invariant check are imported when one of their names is first asked
for, so that a program that never saves a game does not carry them (nor their objects, which
every full garbage collection would scan)."""


def __getattr__(name: str) -> object:
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module 'burraco' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_ON_FIRST_USE})


__all__ = [
    "Action",
    "AddToMeld",
    "Agent",
    "AgentError",
    "BurracoError",
    "BurracoKind",
    "CLASSIC",
    "Card",
    "Discard",
    "DrawStock",
    "DuelResult",
    "EndReason",
    "FEBURIT",
    "FIBUR",
    "FIBUR3",
    "FIBUR5",
    "FOUR_DEALS",
    "GameState",
    "GreedyAgent",
    "HandScore",
    "INTERNATIONAL",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidStateError",
    "JOKER",
    "JOKER_POINTS",
    "LegalActions",
    "Match",
    "Meld",
    "MeldKind",
    "NotationError",
    "OpenMeld",
    "Outcome",
    "PRESETS",
    "Partnerships",
    "PenaltyWhen",
    "Phase",
    "PlayerView",
    "RANK_POINTS",
    "REALE",
    "RandomAgent",
    "Rank",
    "Reason",
    "Record",
    "RecordError",
    "Rules",
    "SearchAgent",
    "StockEnd",
    "Suit",
    "THREE_DEALS",
    "TakeDiscardPile",
    "TeamScore",
    "TournamentError",
    "VictoryTable",
    "__compiled__",
    "__version__",
    "apply",
    "burraco_bonus",
    "burraco_kind",
    "call_time_out",
    "can_close",
    "canonical_action",
    "check_action",
    "check_invariants",
    "determinize",
    "extend_meld",
    "format_cards",
    "from_dict",
    "from_json",
    "is_legal",
    "is_valid_meld",
    "legal_actions",
    "make_agent",
    "make_deck",
    "new_game",
    "observe",
    "parse_action",
    "parse_card",
    "parse_cards",
    "play_duel",
    "play_hand",
    "play_match",
    "play_out",
    "score_hand",
    "score_team",
    "to_dict",
    "to_json",
    "validate_meld",
    "victory_points",
]
