"""burraco: a typed rules engine for Burraco, the Italian partnership rummy game.

Everything a user needs is importable from here; the modules (:mod:`burraco.melds`,
:mod:`burraco.rules`, ...) are public too.

>>> import burraco
>>> print(burraco.validate_meld("5H 6H JK"))
5H 6H JK=7H
"""

from burraco import _movegen
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
from burraco.agents import Agent, GreedyAgent, RandomAgent, play_hand, play_match, play_out
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
from burraco.duel import DuelResult, make_agent, play_duel
from burraco.engine import (
    LegalActions,
    apply,
    canonical_action,
    check_action,
    is_legal,
    legal_actions,
    new_game,
)
from burraco.errors import (
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    Reason,
    RecordError,
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
from burraco.rules import CLASSIC, FIBUR, INTERNATIONAL, PRESETS, PenaltyWhen, Rules, StockEnd
from burraco.scoring import HandScore, TeamScore, score_hand, score_team
from burraco.search import SearchAgent
from burraco.state import EndReason, GameState, Outcome, Phase
from burraco.views import PlayerView, determinize, observe

__compiled__: bool = not _movegen.__file__.endswith(".py")
"""Whether the running build is the one compiled with mypyc (``BURRACO_MYPYC=1``)."""

__all__ = [
    "Action",
    "AddToMeld",
    "Agent",
    "BurracoError",
    "BurracoKind",
    "CLASSIC",
    "Card",
    "Discard",
    "DrawStock",
    "DuelResult",
    "EndReason",
    "FIBUR",
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
    "PenaltyWhen",
    "Phase",
    "PlayerView",
    "RANK_POINTS",
    "RandomAgent",
    "Rank",
    "Reason",
    "RecordError",
    "Rules",
    "SearchAgent",
    "StockEnd",
    "Suit",
    "THREE_DEALS",
    "TakeDiscardPile",
    "TeamScore",
    "VictoryTable",
    "__compiled__",
    "__version__",
    "apply",
    "burraco_bonus",
    "burraco_kind",
    "can_close",
    "canonical_action",
    "check_action",
    "determinize",
    "extend_meld",
    "format_cards",
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
    "validate_meld",
    "victory_points",
]
