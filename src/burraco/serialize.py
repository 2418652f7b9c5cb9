"""Saved games: a versioned JSON format for states, actions, hand scores and matches.

:func:`to_json` writes a :class:`~burraco.GameState`, an action, a
:class:`~burraco.HandScore` or a :class:`~burraco.Match` as JSON a person can read (cards,
melds and actions in their notation); :func:`from_json` reads it back. :func:`to_dict` and
:func:`from_dict` do the same with plain Python values (dicts, lists, strings, numbers), for
callers that embed the document in a larger one.

Every document is an object with ``"format": 1`` and a ``"type"`` (``"game"``, ``"action"``,
``"hand-score"``, ``"match"`` or ``"view"``, the :class:`~burraco.PlayerView` a game server
sends one player):

>>> from burraco.actions import parse_action
>>> to_json(parse_action("open 6H 5H JK=4H"))
'{"format": 1, "type": "action", "action": "open 5H 6H JK=4H"}'

Loading treats its input as untrusted. It checks the types and ranges of every field, the card
notation, that every card of the packs is present exactly once, that every meld is legal under
the saved rules, and that the turn, phase, pozzetti and outcome agree with each other (the same
checks as :func:`burraco.checks.check_invariants`). Whatever the input, the only exception it
raises is :class:`~burraco.InvalidStateError`, with a :class:`~burraco.Reason` code and a
``path`` saying where the problem is, such as ``hands[2][5]`` (the sixth card of seat 2's hand).
Bad card notation is reported the same way, with the reason ``bad-card``, so that one
``except InvalidStateError`` catches every rejected document.

>>> from_json('{"format": 1, "type": "action", "action": "discard 11H"}')
Traceback (most recent call last):
...
burraco.errors.InvalidStateError: action: bad-card: bad card '11H': a card is a rank (A, 2-10,
J, Q, K; T for ten) and a suit (S H D C or ♠ ♥ ♦ ♣), such as 7H or 10S, or JK for a joker
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, TypeAlias, TypeVar, overload

import attrs

from burraco.actions import ACTION_TYPES, MAX_ACTION_LENGTH, Action, AddToMeld, parse_action
from burraco.cards import CARDS_BY_CODE, Card, Rank, Suit, format_cards, parse_card, split_notation
from burraco.checks import check_invariants, check_view
from burraco.errors import (
    BurracoError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    Reason,
    excerpt,
)
from burraco.errors import check_seat as _seat
from burraco.errors import field_path as _at
from burraco.errors import inconsistent_state as _inconsistent
from burraco.errors import invalid_state as _error
from burraco.errors import number_text as _number
from burraco.match import Match
from burraco.melds import Meld
from burraco.rules import (
    MAX_NAME_LENGTH,
    PLAYER_COUNTS,
    PRESETS,
    BurracoKind,
    Partnerships,
    PenaltyWhen,
    Rules,
    StockEnd,
)
from burraco.scoring import HandScore, TeamScore, partner_share
from burraco.state import (
    EndReason,
    GameState,
    Outcome,
    Phase,
    fixed_partners,
    partners_after_first_out,
)
from burraco.views import PlayerView

__all__ = [
    "FORMAT",
    "MAX_DOCUMENT_LENGTH",
    "Saved",
    "from_dict",
    "from_json",
    "read_json",
    "to_dict",
    "to_json",
]

FORMAT: Final = 2
"""The newest version of the format, which :func:`to_dict` writes and :func:`from_dict` reads.

Format 2 added the fields of rules §14 (the rules' ``partnerships``, ``pozzetto_sizes`` and
``everyone_alone_at``, five players, a game's and a view's ``partners``, a hand score's
``seat_points`` and ``partners``). A document that needs none of them is written as format 1,
which earlier versions read too; :func:`from_dict` reads both."""
_FORMATS: Final = (1, FORMAT)

MAX_DOCUMENT_LENGTH: Final = 1_000_000
"""The longest JSON text, in characters (or bytes), that :func:`from_json` reads: a saved game
takes about 1,500 and a match of a hundred hands about 40,000. A longer text is rejected before
it is parsed."""

_BOM: Final = "\ufeff"

Saved: TypeAlias = GameState | Action | HandScore | Match | PlayerView
"""What a document holds: a state, an action, a hand score, a match or a player's view."""

_T = TypeVar("_T")

_MAX_INT: Final = 2**53 - 1
"""The largest whole number a document may hold (the largest that every JSON reader keeps
exactly)."""
_MAX_DECK: Final = 162
"""The most cards any rule set plays with (three packs)."""
_PACK_POINTS: Final = 540
"""The value of one pack of 54 cards (52 and two jokers)."""
_LEAST_UNSCORED: Final = 15
"""The least value of the cards no team scores at the end of a hand: the stock's last two
cards and the top of the discard pile, five points each at least."""
_LEAST_BURRACO: Final = {
    "clean_burracos": 35,
    "semi_clean_burracos": 55,
    "dirty_burracos": 50,
    "reale_burracos": 135,
    "nobile_burracos": 120,
    "over_the_top_burracos": 120,
    "super_clean_burracos": 40,
}
"""The least melded value of each class of burraco: seven natural threes (35), six naturals and
a two (50), seven naturals and a two (55), A to K to A (135), thirteen ranks (120), eight
threes (40)."""
_COUNT_FIELDS: Final = {
    BurracoKind.CLEAN: "clean_burracos",
    BurracoKind.SEMI_CLEAN: "semi_clean_burracos",
    BurracoKind.DIRTY: "dirty_burracos",
    BurracoKind.REALE: "reale_burracos",
    BurracoKind.NOBILE: "nobile_burracos",
    BurracoKind.OVER_THE_TOP: "over_the_top_burracos",
    BurracoKind.SUPER_CLEAN: "super_clean_burracos",
}
"""The field of :class:`~burraco.TeamScore` that counts each class of burraco."""
_LEAST_CARD: Final = 5
"""The least value of a card; every seat but the closer ends a hand holding one at least."""
_CHARS_PER_CARD: Final = 16
"""Text longer than this many characters per card allowed is rejected before it is split."""


_RULES_FIELDS: Final = {
    "name": "text",
    "players": "players",
    "set_ranks": "ranks",
    "one_set_per_rank": "flag",
    "wild_as_second_ace": "flag",
    "natural_two_locked": "flag",
    "closing_needs_clean_burraco": "flag",
    "closing_discard_may_be_wild": "flag",
    "pile_requires_meld": "flag",
    "stock_end": "stock-end",
    "pozzetti_as_reserve_stock": "flag",
    "untaken_pozzetto_penalty": "penalty",
    "return_single_pile_card": "flag",
    "jokers": "flag",
    "ace_at_both_ends": "flag",
    "burraco_classes": "classes",
    "target": "whole",
    "hand_size": "whole",
    "pozzetto_size": "whole",
    "closing_bonus": "whole",
    "pozzetto_penalty": "whole",
    "seating_suit_order": "suits",
    "partnerships": "partnerships",
    "pozzetto_sizes": "sizes",
    "everyone_alone_at": "optional-whole",
}
"""Every field of :class:`~burraco.Rules`, in order, and how it is written."""
_NEWER_RULES_FIELDS: Final = {
    "return_single_pile_card": True,
    "jokers": True,
    "ace_at_both_ends": False,
    "partnerships": "fixed",
    "pozzetto_sizes": None,
    "everyone_alone_at": None,
}
"""The switches added with rules §13, and what a document written before them meant."""
_LEGACY_RULES_FIELDS: Final = {
    "semi_clean": "flag",
    "clean_bonus": "whole",
    "semi_clean_bonus": "whole",
    "dirty_bonus": "whole",
}
"""The fields that gave the burraco bonuses before ``burraco_classes``: read from documents
that have no ``burraco_classes``."""

_GAME_FIELDS: Final = (
    "format",
    "type",
    "rules",
    "dealer",
    "turn",
    "phase",
    "hands",
    "melds",
    "stock",
    "discard_pile",
    "pozzetti",
    "pozzetto_taken",
    "outcome",
    "taken_from_pile",
    "melded_this_turn",
    "stalemate_turns",
    "unseen_pozzetto",
    "pile_card",
    "time_out_turns",
    "partners",
)
_OPTIONAL_GAME_FIELDS: Final = ("pile_card", "time_out_turns", "partners")
_TEAM_SCORE_FIELDS: Final = (
    "melded",
    "in_hand",
    "burraco_bonus",
    "closing_bonus",
    "pozzetto_penalty",
    "clean_burracos",
    "semi_clean_burracos",
    "dirty_burracos",
    "reale_burracos",
    "nobile_burracos",
    "over_the_top_burracos",
    "super_clean_burracos",
)
_OPTIONAL_TEAM_SCORE_FIELDS: Final = _TEAM_SCORE_FIELDS[-4:]
"""The counts of the classes of rules §13.4, written only when not zero."""
_TEAM_SCORE_SIGNS: Final = {"in_hand": -1, "pozzetto_penalty": -1}
"""The parts of a team score that are zero or negative; the others are zero or positive."""
_OUTCOME_FIELDS: Final = ("reason", "closer")
_HAND_FIELDS: Final = ("teams", "outcome", "seat_points", "partners")
_OPTIONAL_HAND_FIELDS: Final = ("seat_points", "partners")

_RANK_BY_SYMBOL: Final = {rank.symbol: rank for rank in Rank}
_CARD_BY_NAME: Final = {str(card): card for card in CARDS_BY_CODE}


# --- writing ------------------------------------------------------------------------------------


def to_dict(value: Saved) -> dict[str, Any]:
    """Write a state, an action, a hand score, a match or a view as a document of plain values.

    The result holds only dicts, lists, strings, whole numbers, booleans and ``None``, so
    :func:`json.dumps` can write it; :func:`from_dict` reads it back to an equal value.

    >>> from burraco.scoring import HandScore, TeamScore
    >>> team = TeamScore(melded=80, in_hand=-20, burraco_bonus=0, closing_bonus=0,
    ...                  pozzetto_penalty=0)
    >>> document = to_dict(HandScore((team, team)))
    >>> document["type"], document["teams"][0]["melded"], document["outcome"]
    ('hand-score', 80, None)

    Raises:
        TypeError: if ``value`` is not a :class:`~burraco.GameState`, an action, a
            :class:`~burraco.HandScore`, a :class:`~burraco.Match` or a
            :class:`~burraco.PlayerView`.
    """
    if isinstance(value, GameState):
        return {
            "format": _format_of(value.rules, value.partners),
            "type": "game",
            **_game_body(value),
            **_known_body(value),
            **_optional_game_body(value),
        }
    if isinstance(value, ACTION_TYPES):
        return {"format": 1, "type": "action", "action": str(value)}
    if isinstance(value, HandScore):
        body = _hand_body(value)
        return {"format": 2 if "partners" in body else 1, "type": "hand-score", **body}
    if isinstance(value, Match):
        return {
            "format": _format_of(value.rules),
            "type": "match",
            "rules": _rules_body(value.rules),
            "first_dealer": value.first_dealer,
            "hands": [_hand_body(hand) for hand in value.hands],
            **_tournament_body(value),
        }
    if isinstance(value, PlayerView):
        return {
            "format": _format_of(value.rules, value.partners),
            "type": "view",
            **_view_body(value),
        }
    raise TypeError(
        "to_dict writes a GameState, an action, a HandScore, a Match or a PlayerView, "
        f"not {type(value).__name__}"
    )


def _format_of(rules: Rules, partners: tuple[tuple[int, ...], ...] = ()) -> int:
    """The format a document of ``rules`` (and the current teams ``partners``) is written in:
    1 unless it needs a field of format 2 (see :data:`FORMAT`)."""
    if (
        rules.players == 5
        or rules.partnerships is not Partnerships.FIXED
        or rules.everyone_alone_at is not None
        or attrs.evolve(rules, pozzetto_sizes=None) != rules  # sizes given
        or (partners and partners != fixed_partners(rules.players, rules.teams))
    ):
        return 2
    return 1


def _tournament_body(match: Match) -> dict[str, Any]:
    """The fields of a tournament match; none for a match to the target (the older format)."""
    if match.deals is None or match.table is None:
        return {}
    return {"deals": match.deals, "table": [list(row) for row in match.table]}


def to_json(value: Saved, *, indent: int | str | None = None) -> str:
    """Write a state, an action, a hand score, a match or a view as JSON text.

    Cards, melds and actions are written in their notation. With ``indent=None`` (the default)
    the text is one line; with ``indent`` a number of spaces (or a string, as for
    :func:`json.dumps`) each field goes on its own line, and short arrays of plain values stay
    on one line, so that a saved game reads well in an editor.

    >>> from burraco.actions import DrawStock
    >>> from burraco.engine import new_game
    >>> state = new_game(seed=1)
    >>> text = to_json(state)
    >>> text[:40]
    '{"format": 1, "type": "game", "rules": {'
    >>> from_json(text) == state
    True
    >>> print(to_json(DrawStock(), indent=2))
    {
      "format": 1,
      "type": "action",
      "action": "draw"
    }

    Raises:
        TypeError: if ``value`` is not one of the five kinds of document.
    """
    document = to_dict(value)
    if indent is None:
        return json.dumps(document, ensure_ascii=False, allow_nan=False)
    step = indent if isinstance(indent, str) else " " * indent
    return _indented(document, step, "")


_INLINE_WIDTH: Final = 72
"""The longest array of plain values that :func:`to_json` keeps on one line."""


def _indented(value: Any, step: str, margin: str) -> str:
    """``value`` as JSON, one field or item a line, short arrays of plain values inline."""
    inner = margin + step
    if isinstance(value, dict) and value:
        fields = [
            f"{inner}{_plain(key)}: {_indented(item, step, inner)}" for key, item in value.items()
        ]
        return "{\n" + ",\n".join(fields) + f"\n{margin}}}"
    if isinstance(value, list) and value:
        flat = _plain(value)
        if len(flat) <= _INLINE_WIDTH and not any(isinstance(i, (dict, list)) for i in value):
            return flat
        items = [inner + _indented(item, step, inner) for item in value]
        return "[\n" + ",\n".join(items) + f"\n{margin}]"
    return _plain(value)


def _plain(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def full_rules_body(rules: Rules) -> dict[str, Any]:
    """Every field of ``rules`` as a document writes it, in order (for :mod:`burraco.record`,
    whose headers name the fields; :func:`to_dict` writes the compact form of
    :func:`closest_preset`)."""
    body: dict[str, Any] = {}
    for name, kind in _RULES_FIELDS.items():
        value = getattr(rules, name)
        if kind == "ranks":
            body[name] = [rank.symbol for rank in sorted(value)]
        elif kind == "suits":
            body[name] = [suit.value for suit in value]
        elif kind in ("stock-end", "penalty"):
            body[name] = value.value
        elif kind == "classes":
            body[name] = [[kind.value, bonus] for kind, bonus in value]
        elif kind == "partnerships":
            body[name] = value.value
        elif kind == "sizes":
            # null: not given (one pozzetto of pozzetto_size per team, whatever the number of
            # players); sizes given are written, the default ones too, so that they read back
            given = attrs.evolve(rules, pozzetto_sizes=None) != rules
            body[name] = list(value) if given else None
        else:
            body[name] = value
    return body


def _with_players(preset: Rules, players: int) -> Rules | None:
    """``preset`` for ``players`` players, or ``None`` if it cannot seat them (the clubs'
    method of rules §14 is for 3 or 5 players, each with its own pozzetto sizes)."""
    try:
        return attrs.evolve(preset, players=players)
    except (TypeError, ValueError):
        return None


def closest_preset(rules: Rules) -> str:
    """The name of the preset closest to ``rules``: the fewest fields apart (the number of
    players aside), its own name first. Records and saved games name it and write only the
    fields that differ from it.

    >>> import attrs
    >>> from burraco.rules import FIBUR
    >>> closest_preset(attrs.evolve(FIBUR, name="club", target=2005))
    'fibur'
    """
    body = full_rules_body(rules)
    seated = {
        name: preset
        for name, preset in (
            (name, _with_players(PRESETS[name], rules.players)) for name in PRESETS
        )
        if preset is not None
    }

    def distance(name: str) -> tuple[int, bool]:
        other = full_rules_body(seated[name])
        return sum(body[key] != other[key] for key in body), name != rules.name

    return min(seated, key=distance)


def _rules_body(rules: Rules) -> dict[str, Any]:
    """The rules as documents write them: the closest preset's name, the number of players,
    and the fields that differ from the preset, such as
    ``{"preset": "fibur", "players": 4, "target": 2005}``."""
    preset = closest_preset(rules)
    body = full_rules_body(rules)
    seated = _with_players(PRESETS[preset], rules.players)
    assert seated is not None  # closest_preset names a preset that seats them
    base = full_rules_body(seated)
    compact: dict[str, Any] = {"preset": preset, "players": rules.players}
    for name, value in body.items():
        if value != base[name]:
            compact[name] = value
    return compact


def _outcome_body(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"reason": outcome.reason.value, "closer": outcome.closer}


def _game_body(state: GameState) -> dict[str, Any]:
    return {
        "rules": _rules_body(state.rules),
        "dealer": state.dealer,
        "turn": state.turn,
        "phase": state.phase.value,
        "hands": [format_cards(hand) for hand in state.hands],
        "melds": [[str(meld) for meld in melds] for melds in state.melds],
        "stock": format_cards(state.stock),
        "discard_pile": format_cards(state.discard_pile),
        "pozzetti": [format_cards(pozzetto) for pozzetto in state.pozzetti],
        "pozzetto_taken": list(state.pozzetto_taken),
        "outcome": _outcome_body(state.outcome),
        "taken_from_pile": state.taken_from_pile,
        "melded_this_turn": state.melded_this_turn,
        "stalemate_turns": state.stalemate_turns,
        "unseen_pozzetto": list(state.unseen_pozzetto),
    }


def _optional_game_body(state: GameState) -> dict[str, Any]:
    """The fields of rules §13 that a game writes only when they are set: the one-card
    pile's card (``pile_card``) and the turns left after time was called
    (``time_out_turns``)."""
    body: dict[str, Any] = {}
    if state.pile_card is not None:
        body["pile_card"] = str(state.pile_card)
    if state.time_out_turns:
        body["time_out_turns"] = state.time_out_turns
    if state.partners != fixed_partners(state.rules.players, state.rules.teams):
        body["partners"] = [list(seats) for seats in state.partners]
    return body


def _hand_body(hand: HandScore) -> dict[str, Any]:
    return {
        "teams": [
            {
                name: getattr(team, name)
                for name in _TEAM_SCORE_FIELDS
                if name not in _OPTIONAL_TEAM_SCORE_FIELDS or getattr(team, name)
            }
            for team in hand.teams
        ],
        "outcome": _outcome_body(hand.outcome),
        **_hand_seats_body(hand),
    }


def _hand_seats_body(hand: HandScore) -> dict[str, Any]:
    """A hand score's ``seat_points`` and ``partners``, written when its teams were not fixed
    ones (pairs formed during the hand, rules §14); otherwise they follow from the teams."""
    partners = hand.partners
    if not partners or len(hand.seat_points) % len(partners) == 0:
        return {}  # teams of one, or of two sitting opposite: the fixed teams
    return {
        "seat_points": list(hand.seat_points),
        "partners": [list(seats) for seats in partners],
    }


# --- reading ------------------------------------------------------------------------------------


@overload
def from_json(text: str | bytes | bytearray) -> Saved: ...
@overload
def from_json(text: str | bytes | bytearray, expected: type[_T]) -> _T: ...
def from_json(text: str | bytes | bytearray, expected: type[Any] | None = None) -> Any:
    """Read a document written by :func:`to_json`, checking everything in it.

    ``text`` is JSON as a string or as UTF-8 bytes. ``expected``, if given, is the class the
    document must hold (:class:`~burraco.GameState`, :class:`~burraco.Match`, ...), and the
    result is typed as that class.

    >>> from burraco.engine import new_game
    >>> from burraco.state import GameState
    >>> state = from_json(to_json(new_game(seed=4)), GameState)
    >>> state.turn, len(state.stock)
    (1, 41)
    >>> from_json('{"format": 1, "type": "action", "action": "draw"')
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidStateError: bad-json: the text is not valid JSON: expecting ',' delimiter:
    line 1 column 49 (char 48)

    Raises:
        InvalidStateError: if the text is not JSON (see :func:`read_json`), not a document of
            this format, or does not describe a possible game, action, hand score or match;
            ``reason`` says why and ``path`` where (see :func:`from_dict`). Nothing else is
            raised, whatever the input.
    """
    data = read_json(text)
    return from_dict(data, expected) if expected is not None else from_dict(data)


def read_json(text: str | bytes | bytearray) -> Any:
    """Parse JSON text into plain values as :func:`from_json` does, before any check of the
    document: the part that ``burraco score`` shares with it.

    The text is at most :data:`MAX_DOCUMENT_LENGTH` characters (bytes, for bytes); a UTF-8
    byte-order mark may open it; ``NaN`` and ``Infinity`` are not numbers, a name given twice
    in one object is an error, and so are a number of more than 4,300 digits and nesting too
    deep to read.

    >>> read_json('\ufeff{"teams": []}')
    {'teams': []}
    >>> read_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidStateError: bad-json: the field 'a' appears twice in one object

    Raises:
        InvalidStateError: with the reason ``bad-json`` (``wrong-type`` if ``text`` is not
            text), and a message that quotes at most a short excerpt of the text.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise _error(
            Reason.WRONG_TYPE, "", f"expected JSON text (str or bytes), not {_describe(text)}"
        )
    if len(text) > MAX_DOCUMENT_LENGTH:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise _error(
            Reason.BAD_JSON,
            "",
            f"the text is {len(text):,} {unit} long; a document is at most {MAX_DOCUMENT_LENGTH:,}",
        )
    if isinstance(text, str) and text.startswith(_BOM):
        text = text[1:]
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_repeats)
    except BurracoError:
        raise
    except RecursionError:
        raise _error(Reason.BAD_JSON, "", "the JSON is nested too deeply to read") from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, over-long numbers
        if not isinstance(error, (json.JSONDecodeError, UnicodeDecodeError)):
            raise _error(  # Python's limit on the digits of an int
                Reason.BAD_JSON,
                "",
                "the text is not valid JSON: a number has more than the 4,300 digits that "
                "can be read",
            ) from None
        detail = excerpt(str(error), 200, quoted=False)
        raise _error(
            Reason.BAD_JSON, "", f"the text is not valid JSON: {detail[:1].lower()}{detail[1:]}"
        ) from None


def _no_constant(name: str) -> Any:
    raise _error(Reason.BAD_JSON, "", f"the text is not valid JSON: {name} is not a JSON number")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _error(
                    Reason.BAD_JSON, "", f"the field {_quote(key)} appears twice in one object"
                )
            seen.add(key)
    return result


@overload
def from_dict(data: object) -> Saved: ...
@overload
def from_dict(data: object, expected: type[_T]) -> _T: ...
def from_dict(data: object, expected: type[Any] | None = None) -> Any:
    """Read a document of plain values (as :func:`to_dict` writes), checking everything in it.

    The document is untrusted: every field is checked for its type and range; cards must be in
    notation; every card of the packs must be present exactly once; melds must be legal under
    the saved rules; the turn, the phase, the pozzetti and the outcome must agree (the checks of
    :func:`burraco.checks.check_invariants`). Hands may be in any order; they are sorted.
    ``expected``, if given, is the class the document must hold.

    >>> from burraco.actions import DrawStock
    >>> from_dict({"format": 1, "type": "action", "action": "draw"}, DrawStock)
    DrawStock()
    >>> from_dict({"format": 3, "type": "action", "action": "draw"})
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidStateError: format: unsupported-format: this version reads formats 1
    and 2, not 3

    Raises:
        InvalidStateError: for anything wrong, never another exception. ``reason`` is a
            :class:`~burraco.Reason` (``wrong-type``, ``missing-field``, ``unknown-field``,
            ``out-of-range``, ``bad-card``, ``cards-not-conserved``, ``illegal-meld``,
            ``inconsistent-state``, ``unsupported-format``, ...) and ``path`` says where:
            ``hands[2][5]`` is the sixth card of seat 2's hand, ``melds[1][0]`` team 1's first
            meld, ``rules.players`` a field of the rules.
    """
    if not isinstance(data, dict):
        raise _error(
            Reason.WRONG_TYPE, "", f"expected a document (an object), not {_describe(data)}"
        )
    _check_keys(data, "")
    if "format" not in data:
        raise _error(
            Reason.MISSING_FIELD, "format", f"a document needs the field 'format' (1 or {FORMAT})"
        )
    number = data["format"]
    if isinstance(number, bool) or not isinstance(number, int):
        raise _error(
            Reason.WRONG_TYPE,
            "format",
            f"expected the number 1 or {FORMAT}, not {_describe(number)}",
        )
    if number not in _FORMATS:
        raise _error(
            Reason.UNSUPPORTED_FORMAT,
            "format",
            f"this version reads formats 1 and {FORMAT}, not {_number(number)}",
        )
    if "type" not in data:
        raise _error(Reason.MISSING_FIELD, "type", f"a document needs the field 'type' ({_KINDS})")
    kind = data["type"]
    if not isinstance(kind, str):
        raise _error(Reason.WRONG_TYPE, "type", f"expected one of {_KINDS}, not {_describe(kind)}")
    if kind == "game":
        result: Any = _read_game_with_known(data)
    elif kind == "action":
        result = _read_action(data)
    elif kind == "hand-score":
        result = _read_hand(data, "", None, ("format", "type", *_HAND_FIELDS))
    elif kind == "match":
        result = _read_match(data)
    elif kind == "view":
        result = _read_view(data)
    else:
        raise _error(
            Reason.UNSUPPORTED_FORMAT, "type", f"{_quote(kind)} is not a type of document: {_KINDS}"
        )
    if expected is not None and not isinstance(result, expected):
        raise _error(
            Reason.WRONG_TYPE,
            "type",
            f"expected a document holding a {getattr(expected, '__name__', 'value')}, "
            f"not a {kind} ({type(result).__name__})",
        )
    return result


_KINDS: Final = "'game', 'action', 'hand-score', 'match' or 'view'"


# --- reading: helpers ---------------------------------------------------------------------------


def _quote(text: str) -> str:
    return excerpt(text)


def _describe(value: object) -> str:
    """What a value is, for messages; never the repr of a container (it may be huge or deep)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {_number(value)}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {_quote(value)}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _check_keys(data: dict[Any, Any], path: str) -> None:
    for key in data:
        if not isinstance(key, str):
            raise _error(Reason.WRONG_TYPE, path, f"field names are strings, not {_describe(key)}")


def _fields(
    data: object, path: str, names: Sequence[str], what: str, optional: Sequence[str] = ()
) -> dict[str, Any]:
    """``data`` as an object with exactly the fields ``names``, but for any of ``optional``."""
    if not isinstance(data, dict):
        raise _error(Reason.WRONG_TYPE, path, f"expected {what} (an object), not {_describe(data)}")
    _check_keys(data, path)
    for name in names:
        if name not in data and name not in optional:
            raise _error(Reason.MISSING_FIELD, _at(path, name), f"{what} needs the field {name!r}")
    if len(data) != len(names) or optional:
        for key in data:
            if key not in names:
                raise _error(
                    Reason.UNKNOWN_FIELD,
                    _at(path, key),
                    f"{_quote(key)} is not a field of {what}; the fields are {', '.join(names)}",
                )
    return data


def _int(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _error(Reason.WRONG_TYPE, path, f"expected a whole number, not {_describe(value)}")
    if not -_MAX_INT <= value <= _MAX_INT:
        raise _error(
            Reason.OUT_OF_RANGE,
            path,
            f"{_number(value)} is too large: numbers are at most 2**53 - 1 in size",
        )
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise _error(Reason.WRONG_TYPE, path, f"expected true or false, not {_describe(value)}")
    return value


def _array(value: object, path: str, most: int, what: str) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        raise _error(Reason.WRONG_TYPE, path, f"expected {what} (an array), not {_describe(value)}")
    if len(value) > most:
        raise _error(Reason.OUT_OF_RANGE, path, f"expected at most {most} items, not {len(value)}")
    return value


def _text(value: object, path: str, what: str) -> str:
    if not isinstance(value, str):
        raise _error(Reason.WRONG_TYPE, path, f"expected {what} (a string), not {_describe(value)}")
    return value


_E = TypeVar("_E", Phase, EndReason, StockEnd, PenaltyWhen, BurracoKind, Partnerships)


def _choice(value: object, path: str, enum: type[_E]) -> _E:
    names = ", ".join(repr(member.value) for member in enum)
    if not isinstance(value, str):
        raise _error(Reason.WRONG_TYPE, path, f"expected one of {names}, not {_describe(value)}")
    for member in enum:
        if member.value == value:
            return member
    raise _error(Reason.OUT_OF_RANGE, path, f"{_quote(value)} is not one of {names}")


_CARDS_EXAMPLE: Final = "cards in notation separated by spaces, such as '7H 10S JK'"


def _cards(value: object, path: str, limit: int) -> tuple[Card, ...]:
    """Cards written as one string of notation; ``path[i]`` names the i-th card."""
    text = _text(value, path, _CARDS_EXAMPLE)
    tokens = split_notation(text) if len(text) <= _CHARS_PER_CARD * limit else None
    if tokens is None or len(tokens) > limit:
        raise _error(
            Reason.CARDS_NOT_CONSERVED, path, f"holds more than the {limit} cards of the packs"
        )
    cards = []
    for index, token in enumerate(tokens or ()):
        card = _CARD_BY_NAME.get(token)
        if card is None:
            try:
                card = parse_card(token)
            except NotationError as error:
                raise _error(Reason.BAD_CARD, _at(path, index), str(error)) from None
        cards.append(card)
    return tuple(cards)


def _meld(value: object, path: str, limit: int) -> Meld:
    """A meld in table notation, checked for its shape (the rules are checked later)."""
    text = _text(value, path, "a meld in notation, such as '5H 6H JK=7H'")
    if len(text) > _CHARS_PER_CARD * limit or len(split_notation(text)) > limit:
        raise _error(
            Reason.CARDS_NOT_CONSERVED, path, f"holds more than the {limit} cards of the packs"
        )
    try:
        return Meld.parse(text)
    except InvalidMeldError as error:
        raise _error(
            Reason.ILLEGAL_MELD,
            path,
            f"{_quote(text)} is not a meld: {error.reason}: {error.detail[:200]}",
        ) from None
    except NotationError as error:
        raise _error(error.reason, path, str(error)) from None


def _outcome(value: object, path: str) -> Outcome | None:
    if value is None:
        return None
    data = _fields(value, path, _OUTCOME_FIELDS, "an outcome")
    reason = _choice(data["reason"], _at(path, "reason"), EndReason)
    closer = data["closer"]
    return Outcome(reason, None if closer is None else _int(closer, _at(path, "closer")))


# --- reading: each kind of document -------------------------------------------------------------


def _read_rules(value: object, path: str) -> Rules:
    """Rules written compactly (a ``preset`` and the fields that differ from it) or in full
    (every field: documents written before the compact form, whose bonuses may still be the
    fields ``semi_clean``, ``clean_bonus``, ``semi_clean_bonus`` and ``dirty_bonus``)."""
    if isinstance(value, dict) and "preset" in value:
        data = _expand_preset(value, path)
    else:
        data = _full_rules_fields(value, path)
    arguments: dict[str, Any] = {}
    for name, kind in _RULES_FIELDS.items():
        item = data[name]
        where = _at(path, name)
        if kind == "text":
            arguments[name] = _name(item, where)
        elif kind == "flag":
            arguments[name] = _bool(item, where)
        elif kind == "players":
            players = _int(item, where)
            if players not in PLAYER_COUNTS:
                counts = ", ".join(str(count) for count in PLAYER_COUNTS[:-1])
                raise _error(
                    Reason.OUT_OF_RANGE,
                    where,
                    f"players are {counts} or {PLAYER_COUNTS[-1]}, not {players}",
                )
            arguments[name] = players
        elif kind == "whole":
            number = _int(item, where)
            least = 1 if name in ("target", "hand_size", "pozzetto_size") else 0
            if number < least:
                raise _error(Reason.OUT_OF_RANGE, where, f"must be at least {least}, not {number}")
            arguments[name] = number
        elif kind == "stock-end":
            arguments[name] = _choice(item, where, StockEnd)
        elif kind == "penalty":
            arguments[name] = _choice(item, where, PenaltyWhen)
        elif kind == "ranks":
            arguments[name] = _set_ranks(item, where)
        elif kind == "classes":
            arguments[name] = _burraco_classes(item, where)
        elif kind == "partnerships":
            arguments[name] = _choice(item, where, Partnerships)
        elif kind == "sizes":
            arguments[name] = None if item is None else _pozzetto_sizes(item, where)
        elif kind == "optional-whole":
            if item is not None:
                item = _int(item, where)
                if item < 1:
                    raise _error(Reason.OUT_OF_RANGE, where, f"must be at least 1, not {item}")
            arguments[name] = item
        else:
            arguments[name] = _suit_order(item, where)
    try:
        return Rules(**arguments)
    except (TypeError, ValueError) as error:  # a deal larger than the deck
        detail = str(error)
        raise _error(Reason.OUT_OF_RANGE, path, detail[:1].lower() + detail[1:]) from None


def _expand_preset(value: dict[str, Any], path: str) -> dict[str, Any]:
    """The full fields of rules written as a preset and the fields that differ from it."""
    names = ("preset", *_RULES_FIELDS)
    optional = [name for name in _RULES_FIELDS if name != "players"]
    data = _fields(value, path, names, "the rules", optional=optional)
    where = _at(path, "preset")
    name = _text(data["preset"], where, "a preset name")
    preset = PRESETS.get(name)
    if preset is None:
        raise _error(
            Reason.OUT_OF_RANGE,
            where,
            f"{_quote(name)} is not a preset; the presets are {', '.join(PRESETS)}",
        )
    players = data.get("players", preset.players)
    seated = _with_players(preset, players) if type(players) is int else None
    full = full_rules_body(preset if seated is None else seated)
    full.update((key, item) for key, item in data.items() if key != "preset")
    return full


def _pozzetto_sizes(value: object, path: str) -> tuple[int, ...]:
    items = _array(value, path, 8, "pozzetto sizes")
    sizes = []
    for index, item in enumerate(items):
        size = _int(item, _at(path, index))
        if size < 1:
            raise _error(Reason.OUT_OF_RANGE, _at(path, index), f"must be at least 1, not {size}")
        sizes.append(size)
    return tuple(sizes)


def _full_rules_fields(value: object, path: str) -> dict[str, Any]:
    """Every field of rules written in full, the bonuses of an older document turned into
    ``burraco_classes``."""
    optional = (*_NEWER_RULES_FIELDS, "burraco_classes", *_LEGACY_RULES_FIELDS)
    names = (*_RULES_FIELDS, *_LEGACY_RULES_FIELDS)
    data = dict(_fields(value, path, names, "the rules", optional=optional))
    for name, meant in _NEWER_RULES_FIELDS.items():
        data.setdefault(name, meant)
    legacy = [name for name in _LEGACY_RULES_FIELDS if name in data]
    if "burraco_classes" in data:
        if legacy:
            raise _error(
                Reason.UNKNOWN_FIELD,
                _at(path, legacy[0]),
                f"rules with burraco_classes give every bonus there, not in {_quote(legacy[0])}",
            )
        return data
    for name in _LEGACY_RULES_FIELDS:
        if name not in data:
            raise _error(
                Reason.MISSING_FIELD, _at(path, name), "the rules need the field 'burraco_classes'"
            )
    semi = _bool(data.pop("semi_clean"), _at(path, "semi_clean"))
    bonuses = {
        name: _int(data.pop(name), _at(path, name)) for name in _LEGACY_RULES_FIELDS if name in data
    }
    classes = [[BurracoKind.CLEAN.value, bonuses["clean_bonus"]]]
    if semi:
        classes.append([BurracoKind.SEMI_CLEAN.value, bonuses["semi_clean_bonus"]])
    classes.append([BurracoKind.DIRTY.value, bonuses["dirty_bonus"]])
    data["burraco_classes"] = classes
    return data


def _burraco_classes(value: object, path: str) -> tuple[tuple[BurracoKind, int], ...]:
    items = _array(value, path, len(BurracoKind), "classes of burraco")
    classes: list[tuple[BurracoKind, int]] = []
    for index, item in enumerate(items):
        where = _at(path, index)
        pair = _array(item, where, 2, "a class and its bonus")
        if len(pair) != 2:
            raise _error(
                Reason.WRONG_TYPE, where, "expected a class and its bonus, such as ['clean', 200]"
            )
        kind = _choice(pair[0], _at(where, 0), BurracoKind)
        bonus = _int(pair[1], _at(where, 1))
        if bonus < 0:
            raise _error(Reason.OUT_OF_RANGE, _at(where, 1), f"must be at least 0, not {bonus}")
        if any(kind is other for other, _ in classes):
            raise _error(Reason.INCONSISTENT_STATE, where, f"the class {kind} is named twice")
        classes.append((kind, bonus))
    return tuple(classes)


def _name(value: object, path: str) -> str:
    """A rules name: at most ``MAX_NAME_LENGTH`` printable characters."""
    text = _text(value, path, "a name")
    if len(text) > MAX_NAME_LENGTH:
        raise _error(
            Reason.OUT_OF_RANGE,
            path,
            f"a name is at most {MAX_NAME_LENGTH} characters, not {_number(len(text))}",
        )
    if not text.isprintable():
        bad = next(char for char in text if not char.isprintable())
        raise _error(
            Reason.OUT_OF_RANGE,
            path,
            f"a name is printable characters on one line; U+{ord(bad):04X} is not one",
        )
    return text


def _set_ranks(value: object, path: str) -> frozenset[Rank]:
    items = _array(value, path, len(Rank), "rank symbols")
    ranks: set[Rank] = set()
    for index, item in enumerate(items):
        where = _at(path, index)
        symbol = _text(item, where, "a rank symbol")
        rank = _RANK_BY_SYMBOL.get(symbol)
        if rank is None or rank is Rank.TWO:
            raise _error(
                Reason.OUT_OF_RANGE,
                where,
                f"{_quote(symbol)} is not the rank of a set: A, 3 to 10, J, Q or K",
            )
        if rank in ranks:
            raise _error(Reason.INCONSISTENT_STATE, where, f"the rank {symbol} is named twice")
        ranks.add(rank)
    return frozenset(ranks)


def _suit_order(value: object, path: str) -> tuple[Suit, ...]:
    items = _array(value, path, len(Suit), "suit letters")
    suits: list[Suit] = []
    for index, item in enumerate(items):
        where = _at(path, index)
        letter = _text(item, where, "a suit letter")
        suit = next((suit for suit in Suit if suit.value == letter), None)
        if suit is None or suit in suits:
            raise _error(
                Reason.OUT_OF_RANGE,
                where,
                f"expected each of the suit letters S, H, D and C once, not {_quote(letter)} here",
            )
        suits.append(suit)
    if len(suits) != len(Suit):
        raise _error(Reason.OUT_OF_RANGE, path, "name each of the suits S, H, D and C once")
    return tuple(suits)


_NO_KNOWN: Final = object()
"""Stands for a game document read without its field ``known`` (every seat knows nothing)."""


def _read_game(data: dict[str, Any], known: object = _NO_KNOWN) -> GameState:
    """A game document; ``known`` is its field ``known`` (:data:`_NO_KNOWN`: every seat's known
    cards empty), read with the rest so that the invariants are checked on the whole state."""
    _fields(data, "", _GAME_FIELDS, "a game", optional=_OPTIONAL_GAME_FIELDS)
    rules = _read_rules(data["rules"], "rules")
    deck = rules.deck_size
    known_cards = () if known is _NO_KNOWN else _read_known(known, rules)
    hands = _array(data["hands"], "hands", rules.players, "a hand per seat")
    melds = _array(data["melds"], "melds", rules.teams, "the melds of each team")
    pozzetti = _array(data["pozzetti"], "pozzetti", rules.pozzetti, "the pozzetti not taken")
    taken = _array(data["pozzetto_taken"], "pozzetto_taken", rules.teams, "a flag per team")
    unseen = _array(data["unseen_pozzetto"], "unseen_pozzetto", rules.players, "seats")
    team_melds = []
    for team, items in enumerate(melds):
        where = _at("melds", team)
        row = _array(items, where, deck // 3, "the team's melds")
        team_melds.append(tuple(_meld(text, _at(where, i), deck) for i, text in enumerate(row)))
    parsed_hands = tuple(
        tuple(sorted(_cards(hand, _at("hands", seat), deck))) for seat, hand in enumerate(hands)
    )
    partners = _partners(data.get("partners"), "partners", rules.players)
    irregular = bool(team_melds) and rules.players % len(team_melds) != 0
    if not partners and irregular and len(hands) == rules.players:
        raise _error(
            Reason.MISSING_FIELD,
            "partners",
            f"{len(team_melds)} teams of melds for {len(hands)} seats: a game whose pairs "
            "formed during the hand (rules §14) names its partners",
        )
    state = GameState(
        rules=rules,
        dealer=_int(data["dealer"], "dealer"),
        turn=_int(data["turn"], "turn"),
        phase=_choice(data["phase"], "phase", Phase),
        hands=parsed_hands,
        melds=tuple(team_melds),
        stock=_cards(data["stock"], "stock", deck),
        discard_pile=_cards(data["discard_pile"], "discard_pile", deck),
        pozzetti=tuple(
            _cards(pozzetto, _at("pozzetti", index), deck)
            for index, pozzetto in enumerate(pozzetti)
        ),
        pozzetto_taken=tuple(_bool(flag, _at("pozzetto_taken", i)) for i, flag in enumerate(taken)),
        outcome=_outcome(data["outcome"], "outcome"),
        taken_from_pile=_int(data["taken_from_pile"], "taken_from_pile"),
        melded_this_turn=_bool(data["melded_this_turn"], "melded_this_turn"),
        stalemate_turns=_int(data["stalemate_turns"], "stalemate_turns"),
        unseen_pozzetto=tuple(
            sorted(_int(seat, _at("unseen_pozzetto", i)) for i, seat in enumerate(unseen))
        ),
        known=known_cards,
        pile_card=_pile_card(data.get("pile_card"), "pile_card"),
        time_out_turns=_bounded(data.get("time_out_turns", 0), "time_out_turns", rules.players),
        partners=partners,
    )
    check_invariants(state)
    return state


def _partners(value: object, path: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The current teams as lists of seats (``()``, the deal's teams, when not given); the
    invariants check that they are teams the rules can form."""
    if value is None:
        return ()
    rows = _array(value, path, players, "the seats of each team")
    teams = []
    for index, row in enumerate(rows):
        where = _at(path, index)
        seats = _array(row, where, players, "a team's seats")
        teams.append(
            tuple(_bounded(seat, _at(where, i), players - 1) for i, seat in enumerate(seats))
        )
    if not teams:
        raise _error(Reason.OUT_OF_RANGE, path, "expected the seats of each team, not none")
    return tuple(teams)


def _read_known(value: object, rules: Rules) -> tuple[tuple[Card, ...], ...]:
    """The field ``known`` of a game: for each seat, its known cards, sorted."""
    rows = _array(value, "known", rules.players, "the known cards of each seat")
    if len(rows) != rules.players:
        raise _error(
            Reason.OUT_OF_RANGE,
            "known",
            f"expected the known cards of each of the {rules.players} seats, not {len(rows)}",
        )
    deck = rules.deck_size
    return tuple(
        tuple(sorted(_cards(row, _at("known", seat), deck))) for seat, row in enumerate(rows)
    )


def _pile_card(value: object, path: str) -> Card | None:
    """The card of a one-card pile that may not be discarded, or ``None``."""
    if value is None:
        return None
    cards = _cards(value, path, 1)
    if len(cards) != 1:
        raise _error(Reason.OUT_OF_RANGE, path, "expected one card, such as '7H'")
    return cards[0]


def _known_body(state: GameState) -> dict[str, Any]:
    """The field ``known`` of a game: each seat's cards taken with the pile and still held."""
    return {"known": [format_cards(cards) for cards in state.known]}


def _read_game_with_known(data: dict[str, Any]) -> GameState:
    """A game document, with its field ``known`` (read apart from the others)."""
    if "known" not in data:
        _read_game(data)  # its own problems first, then the missing field
        raise _error(Reason.MISSING_FIELD, "known", "a game needs the field 'known'")
    return _read_game({key: value for key, value in data.items() if key != "known"}, data["known"])


def _read_action(data: dict[str, Any]) -> Action:
    _fields(data, "", ("format", "type", "action"), "an action")
    text = _text(data["action"], "action", "an action in notation, such as 'open 5H 6H JK'")
    if len(text) > MAX_ACTION_LENGTH:
        raise _error(
            Reason.OUT_OF_RANGE,
            "action",
            f"the text is {_number(len(text))} characters long; no action in notation is "
            f"longer than {MAX_ACTION_LENGTH}",
        )
    try:
        action = parse_action(text)
    except NotationError as error:
        raise _error(error.reason, "action", str(error)) from None
    except (ValueError, TypeError):  # parse_action lets int() fail on some meld numbers
        raise _error(
            Reason.BAD_ACTION, "action", f"bad action {_quote(text)}: the meld number is not valid"
        ) from None
    if isinstance(action, AddToMeld) and isinstance(action.meld, int):
        _int(action.meld, "action")
    return action


def _read_team_score(value: object, path: str) -> TeamScore:
    data = _fields(
        value, path, _TEAM_SCORE_FIELDS, "a team's score", optional=_OPTIONAL_TEAM_SCORE_FIELDS
    )
    parts: dict[str, int] = {}
    for name in _TEAM_SCORE_FIELDS:
        where = _at(path, name)
        number = _int(data.get(name, 0), where)
        sign = _TEAM_SCORE_SIGNS.get(name, 1)
        if sign * number < 0:
            bound = "zero or negative" if sign < 0 else "zero or positive"
            raise _error(Reason.OUT_OF_RANGE, where, f"must be {bound}, not {number}")
        parts[name] = number
    return TeamScore(**parts)


def _read_hand(
    value: object, path: str, rules: Rules | None, names: Sequence[str] = _HAND_FIELDS
) -> HandScore:
    data = _fields(value, path, names, "a hand score", optional=_OPTIONAL_HAND_FIELDS)
    where = _at(path, "teams")
    teams = _array(data["teams"], where, 5, "a score per team")
    if not teams:
        raise _error(Reason.OUT_OF_RANGE, where, "expected a score for each team, not 0")
    if ("partners" in data) != ("seat_points" in data):
        missing = "partners" if "seat_points" in data else "seat_points"
        raise _error(
            Reason.MISSING_FIELD,
            _at(path, missing),
            "a hand score gives its seat_points and partners together",
        )
    partners = _partners(data.get("partners"), _at(path, "partners"), 5)
    seat_points: tuple[int, ...] = ()
    if partners:
        players = sum(len(seats) for seats in partners)
        seat_points = tuple(
            _int(item, _at(_at(path, "seat_points"), index))
            for index, item in enumerate(
                _array(data["seat_points"], _at(path, "seat_points"), players, "points per seat")
            )
        )
    hand = HandScore(
        tuple(_read_team_score(team, _at(where, index)) for index, team in enumerate(teams)),
        _outcome(data["outcome"], _at(path, "outcome")),
        seat_points,
        partners,
    )
    _check_hand_score(hand, rules, path)
    return hand


def _read_match(data: dict[str, Any]) -> Match:
    names = ("format", "type", "rules", "first_dealer", "hands")
    tournament = "deals" in data or "table" in data
    _fields(data, "", (*names, "deals", "table") if tournament else names, "a match")
    rules = _read_rules(data["rules"], "rules")
    dealer = _int(data["first_dealer"], "first_dealer")
    if not 0 <= dealer < rules.players:
        raise _error(
            Reason.OUT_OF_RANGE,
            "first_dealer",
            f"expected a seat from 0 to {rules.players - 1}, not {dealer}",
        )
    items = _array(data["hands"], "hands", _MAX_INT, "the hand scores")
    hands = tuple(_read_hand(item, _at("hands", index), rules) for index, item in enumerate(items))
    deals = _int(data["deals"], "deals") if tournament else None
    table = _read_table(data["table"]) if tournament else None
    try:
        return Match(rules, dealer, hands, deals=deals, table=table)
    except InvalidStateError as error:  # hands after the match was won
        raise _error(error.reason, error.path, str(error).partition(": ")[2]) from None
    except (TypeError, ValueError) as error:
        raise _error(Reason.INCONSISTENT_STATE, "", str(error)) from None


def _read_table(value: object) -> list[tuple[int | None, int, int]]:
    """A victory-point table: rows ``[up_to, winner's, loser's]``, ``up_to`` null last."""
    rows = []
    for index, row in enumerate(_array(value, "table", _MAX_INT, "the victory-point table")):
        path = _at("table", index)
        if not isinstance(row, list) or len(row) != 3:
            raise _error(
                Reason.WRONG_TYPE,
                path,
                f"expected a row [up_to, winner's, loser's], not {_describe(row)}",
            )
        up_to = None if row[0] is None else _int(row[0], _at(path, 0))
        rows.append((up_to, _int(row[1], _at(path, 1)), _int(row[2], _at(path, 2))))
    return rows


# --- a player's view ---------------------------------------------------------------------------

_VIEW_FIELDS: Final = (
    "format",
    "type",
    "seat",
    "rules",
    "dealer",
    "turn",
    "phase",
    "hand",
    "hand_sizes",
    "known_cards",
    "melds",
    "discard_pile",
    "stock_size",
    "pozzetti_left",
    "pozzetto_taken",
    "unseen_pozzetto",
    "taken_from_pile",
    "melded_this_turn",
    "stalemate_turns",
    "outcome",
    "table_points",
    "pile_card",
    "time_out_turns",
    "partners",
)


def _view_body(view: PlayerView) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "rules": _rules_body(view.rules),
        "dealer": view.dealer,
        "turn": view.turn,
        "phase": view.phase.value,
        "hand": None if view.hand is None else format_cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "known_cards": [format_cards(cards) for cards in view.known_cards],
        "melds": [[str(meld) for meld in melds] for melds in view.melds],
        "discard_pile": format_cards(view.discard_pile),
        "stock_size": view.stock_size,
        "pozzetti_left": view.pozzetti_left,
        "pozzetto_taken": list(view.pozzetto_taken),
        "unseen_pozzetto": list(view.unseen_pozzetto),
        "taken_from_pile": view.taken_from_pile,
        "melded_this_turn": view.melded_this_turn,
        "stalemate_turns": view.stalemate_turns,
        "outcome": _outcome_body(view.outcome),
        "table_points": list(view.table_points),
        **({"pile_card": str(view.pile_card)} if view.pile_card is not None else {}),
        **({"time_out_turns": view.time_out_turns} if view.time_out_turns else {}),
        **(
            {"partners": [list(seats) for seats in view.partners]}
            if view.partners != fixed_partners(view.rules.players, view.rules.teams)
            else {}
        ),
    }


def _sizes(value: object, path: str, count: int, most: int, what: str) -> tuple[int, ...]:
    """Exactly ``count`` whole numbers from 0 to ``most``."""
    items = _array(value, path, count, what)
    if len(items) != count:
        raise _error(
            Reason.OUT_OF_RANGE, path, f"expected {count} items ({what}), not {len(items)}"
        )
    return tuple(_bounded(item, _at(path, index), most) for index, item in enumerate(items))


def _bounded(value: object, path: str, most: int) -> int:
    number = _int(value, path)
    if not 0 <= number <= most:
        raise _error(
            Reason.OUT_OF_RANGE, path, f"expected a number from 0 to {most}, not {_number(number)}"
        )
    return number


def _read_view(data: dict[str, Any]) -> PlayerView:
    """A view, accepted only if a possible state gives it to its seat."""
    _fields(data, "", _VIEW_FIELDS, "a view", optional=_OPTIONAL_GAME_FIELDS)
    rules = _read_rules(data["rules"], "rules")
    players, teams, deck = rules.players, rules.teams, rules.deck_size
    seat = _bounded(data["seat"], "seat", players - 1)
    hand = data["hand"]
    known_rows = _array(data["known_cards"], "known_cards", players, "the known cards per seat")
    if len(known_rows) != players:
        raise _error(
            Reason.OUT_OF_RANGE,
            "known_cards",
            f"expected the known cards of each of {players} seats",
        )
    partners = _partners(data.get("partners"), "partners", players)
    if partners:
        teams = len(partners)
    melds = _array(data["melds"], "melds", teams, "the melds of each team")
    team_melds = []
    for team, items in enumerate(melds):
        where = _at("melds", team)
        row = _array(items, where, deck // 3, "the team's melds")
        team_melds.append(tuple(_meld(text, _at(where, i), deck) for i, text in enumerate(row)))
    if not partners and team_melds and players % len(team_melds):
        raise _error(
            Reason.MISSING_FIELD,
            "partners",
            f"{len(team_melds)} teams of melds for {players} seats: a view whose pairs formed "
            "during the hand (rules §14) names its partners",
        )
    taken = _array(data["pozzetto_taken"], "pozzetto_taken", teams, "a flag per team")
    unseen = _array(data["unseen_pozzetto"], "unseen_pozzetto", players, "seats")
    view = PlayerView(
        seat=seat,
        rules=rules,
        dealer=_int(data["dealer"], "dealer"),
        turn=_int(data["turn"], "turn"),
        phase=_choice(data["phase"], "phase", Phase),
        hand=None if hand is None else tuple(sorted(_cards(hand, "hand", deck))),
        hand_sizes=_sizes(data["hand_sizes"], "hand_sizes", players, deck, "a size per seat"),
        known_cards=tuple(
            tuple(sorted(_cards(row, _at("known_cards", index), deck)))
            for index, row in enumerate(known_rows)
        ),
        melds=tuple(team_melds),
        discard_pile=_cards(data["discard_pile"], "discard_pile", deck),
        stock_size=_bounded(data["stock_size"], "stock_size", deck),
        pozzetti_left=_bounded(data["pozzetti_left"], "pozzetti_left", rules.pozzetti),
        pozzetto_taken=tuple(_bool(flag, _at("pozzetto_taken", i)) for i, flag in enumerate(taken)),
        unseen_pozzetto=tuple(
            sorted(_int(seat, _at("unseen_pozzetto", i)) for i, seat in enumerate(unseen))
        ),
        taken_from_pile=_int(data["taken_from_pile"], "taken_from_pile"),
        melded_this_turn=_bool(data["melded_this_turn"], "melded_this_turn"),
        stalemate_turns=_int(data["stalemate_turns"], "stalemate_turns"),
        outcome=_outcome(data["outcome"], "outcome"),
        table_points=_sizes(
            data["table_points"], "table_points", teams, _MAX_INT, "points per team"
        ),
        pile_card=_pile_card(data.get("pile_card"), "pile_card"),
        time_out_turns=_bounded(data.get("time_out_turns", 0), "time_out_turns", players),
        partners=partners,
    )
    check_view(view)
    return view


# --- the checks of hand scores ------------------------------------------------------------------


def _check_hand_score(hand: HandScore, rules: Rules | None, path: str = "") -> None:
    """Check that a hand score is possible, under ``rules`` when they are known.

    Raises:
        InvalidStateError: naming the part that is impossible.
    """
    teams = len(hand.teams)
    where = _at(path, "teams")
    partners = hand.partners
    if partners:
        _check_hand_partners(hand, rules, path)
        expected: tuple[int, ...] = (len(partners),)
    else:
        expected = (rules.teams,) if rules is not None else (2, 3, 5)
    if teams not in expected:
        raise _error(
            Reason.OUT_OF_RANGE,
            where,
            f"expected a score for each of {' or '.join(map(str, expected))} teams, not {teams}",
        )
    players = rules.players if rules is not None else 2 * teams
    outcome = hand.outcome
    closer_team: int | None = None
    if outcome is not None:
        closer = outcome.closer
        if (outcome.reason is EndReason.CLOSED) != (closer is not None):
            raise _inconsistent(
                _at(path, "outcome.closer"),
                "a closed hand names its closer, and only a closed hand does",
            )
        if closer is not None:
            _seat(closer, _at(path, "outcome.closer"), players)
            closer_team = closer % teams
            for index, seats_of in enumerate(partners):
                if closer in seats_of:
                    closer_team = index
    packs = rules.packs if rules is not None else (2 if teams == 2 else 3)
    deck_points = packs * _PACK_POINTS
    team_seats = [len(seats_of) for seats_of in partners] or [
        rules.players // rules.teams if rules is not None else 1
    ] * teams
    scored = 0
    for index, team in enumerate(hand.teams):
        here = _at(where, index)
        for name in ("melded", "in_hand"):
            points = abs(getattr(team, name))
            if points % 5 or points > deck_points:
                raise _error(
                    Reason.OUT_OF_RANGE,
                    _at(here, name),
                    f"card values are multiples of 5 adding up to at most {deck_points} "
                    f"({packs} packs), not {_number(points)}",
                )
        if 0 < team.melded < 3 * _LEAST_CARD:
            raise _inconsistent(
                _at(here, "melded"),
                f"a meld holds 3 cards or more, worth at least {3 * _LEAST_CARD}, so a team "
                f"melds 0 or at least that, not {team.melded}",
            )
        scored += team.melded - team.in_hand
        counts = tuple(getattr(team, name) for name in _COUNT_FIELDS.values())
        if sum(counts) > packs * 54 // 7:
            raise _error(
                Reason.OUT_OF_RANGE, here, f"{sum(counts)} burracos is more than the cards make"
            )
        least = sum(getattr(team, name) * value for name, value in _LEAST_BURRACO.items())
        if team.melded < least:
            raise _inconsistent(
                _at(here, "melded"),
                f"the team's burracos hold at least {least} points of cards, so it melded at "
                f"least that, not {team.melded}",
            )
        if team.burraco_bonus and not sum(counts):
            raise _inconsistent(
                _at(here, "burraco_bonus"), "a burraco bonus needs at least one burraco"
            )
        if team.closing_bonus and closer_team != index:
            raise _inconsistent(
                _at(here, "closing_bonus"), f"team {index} has a closing bonus but did not close"
            )
        if team.pozzetto_penalty and closer_team == index:
            raise _inconsistent(
                _at(here, "pozzetto_penalty"),
                f"team {index} closed, so it took its pozzetto and pays no penalty",
            )
        if closer_team == index and not sum(counts):
            raise _error(
                Reason.CLOSING_NEEDS_BURRACO,
                _at(here, "melded"),
                f"team {index} closed, so it has a burraco (7 cards or more) on the table",
            )
        holding = team_seats[index] - (closer_team == index)
        if rules is not None and not holding and team.in_hand:
            raise _inconsistent(
                _at(here, "in_hand"),
                f"with {rules.players} players the closer is the whole team and ends the hand "
                f"with no card, so team {index} holds none, not {-team.in_hand} points",
            )
        if -team.in_hand < _LEAST_CARD * holding:
            raise _inconsistent(
                _at(here, "in_hand"),
                f"every seat but the closer ends the hand holding a card, so team {index}'s "
                f"{holding} seat{'s' if holding != 1 else ''} hold at least "
                f"{_LEAST_CARD * holding} points, not {-team.in_hand}",
            )
        if rules is not None:
            _check_team_score_rules(team, rules, here, closed=closer_team == index, ended=outcome)
    if scored > deck_points - _LEAST_UNSCORED:
        raise _error(
            Reason.CARDS_NOT_CONSERVED,
            where,
            f"the teams melded and held {scored} points, but {packs} packs hold {deck_points}, "
            f"of which at least {_LEAST_UNSCORED} (the stock's last 2 cards and the top "
            "discard) score for nobody",
        )


def _check_hand_partners(hand: HandScore, rules: Rules | None, path: str) -> None:
    """A hand score's ``partners`` are the teams of rules §14.2 (a lone seat and pairs) under
    rules of first-out-alone partnerships, and its ``seat_points`` credit the lone seat its
    team's total and each partner :func:`~burraco.scoring.partner_share` of the pair's."""
    partners = hand.partners
    players = sum(len(seats) for seats in partners)
    where = _at(path, "partners")
    if rules is not None and (
        rules.partnerships is not Partnerships.FIRST_OUT_ALONE or players != rules.players
    ):
        raise _inconsistent(
            where, "only a hand of first-out-alone partnerships (rules §14) names its partners"
        )
    if players not in (3, 5) or not any(
        partners == partners_after_first_out(players, alone) for alone in range(players)
    ):
        raise _inconsistent(
            where,
            "expected the lone seat and the pairs of rules §14.2, such as "
            f"{[list(seats) for seats in partners_after_first_out(3, 0)]}",
        )
    if len(hand.seat_points) != players:
        raise _error(
            Reason.OUT_OF_RANGE, _at(path, "seat_points"), f"expected {players} seats' points"
        )
    if len(hand.teams) == len(partners):
        for team, seats in zip(hand.teams, partners, strict=True):
            due = team.total if len(seats) == 1 else partner_share(team.total)
            for seat in seats:
                if hand.seat_points[seat] != due:
                    raise _inconsistent(
                        _at(_at(path, "seat_points"), seat),
                        f"seat {seat} is credited {due} (rules §14.3), not "
                        f"{hand.seat_points[seat]}",
                    )


def _check_team_score_rules(
    team: TeamScore, rules: Rules, path: str, *, closed: bool, ended: Outcome | None
) -> None:
    bonus = 0
    for kind, name in _COUNT_FIELDS.items():
        count = getattr(team, name)
        listed = rules.bonus_of(kind)
        if count and listed is None:
            raise _inconsistent(_at(path, name), f"these rules have no {kind} burracos")
        bonus += count * (listed or 0)
    clean = sum(
        getattr(team, name)
        for kind, name in _COUNT_FIELDS.items()
        if kind not in (BurracoKind.SEMI_CLEAN, BurracoKind.DIRTY)
    )
    if closed and rules.closing_needs_clean_burraco and not clean:
        raise _error(
            Reason.CLOSING_NEEDS_CLEAN_BURRACO,
            _at(path, "clean_burracos"),
            "these rules let a team close only with a clean burraco, and this team has none",
        )
    if team.burraco_bonus != bonus:
        raise _inconsistent(
            _at(path, "burraco_bonus"),
            f"the burracos earn {bonus} under these rules, not {team.burraco_bonus}",
        )
    if team.closing_bonus != (rules.closing_bonus if closed else 0):
        raise _inconsistent(
            _at(path, "closing_bonus"),
            f"the closing bonus is {rules.closing_bonus} for the team that closed, else 0, "
            f"not {team.closing_bonus}",
        )
    penalties: tuple[int, ...] = (0, -rules.pozzetto_penalty)
    someone_closed = ended is not None and ended.reason is EndReason.CLOSED
    if rules.untaken_pozzetto_penalty is PenaltyWhen.IF_OPPONENTS_CLOSED and not someone_closed:
        penalties = (0,)
    if team.pozzetto_penalty not in penalties:
        raise _inconsistent(
            _at(path, "pozzetto_penalty"),
            f"the pozzetto penalty is one of {', '.join(map(str, penalties))} here, "
            f"not {team.pozzetto_penalty}",
        )
    took_pozzetto = rules.untaken_pozzetto_penalty is PenaltyWhen.ALWAYS and not (
        team.pozzetto_penalty
    )
    if took_pozzetto and not team.melded and rules.pozzetto_penalty:
        raise _inconsistent(
            _at(path, "melded"),
            "a team without the pozzetto penalty took its pozzetto, which it did by melding "
            "every card of a hand: it melded something",
        )
