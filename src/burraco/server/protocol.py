"""The messages of the server's wire protocol, as types, each built from what one seat may see.

Client to server (:data:`ClientMessage`): :class:`ActionMessage` and :class:`ResumeMessage`,
read from text in one place, :func:`parse_client`. Server to client (:data:`ServerMessage`):
:class:`ViewMessage`, :class:`OverMessage` and :class:`ErrorMessage`, written as text in one
place, :func:`encode`. The reasons of the errors the server itself gives are
:class:`ServerReason`; an action the rules refuse is answered with the library's own
:class:`~burraco.Reason`.

The builders here are pure: they take a state (or a table's history) and a seat, and use
:func:`~burraco.observe` of that seat, never the state's hidden parts. :func:`encode` writes a
message the same way every time, so that two states a seat cannot tell apart give it
byte-identical messages (the twin-state tests check this).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from enum import IntEnum, StrEnum
from typing import Any, Final, TypeAlias, assert_never

import attrs

from burraco.actions import Action, AddToMeld, OpenMeld, TakeDiscardPile
from burraco.cards import format_cards
from burraco.engine import legal_actions, resulting_meld
from burraco.errors import Reason
from burraco.match import Match
from burraco.melds import burraco_kind
from burraco.melds import placed_wild as melds_placed_wild
from burraco.scoring import score_hand
from burraco.serialize import to_dict
from burraco.state import GameState
from burraco.views import observe

__all__ = [
    "MAX_ACTION_LENGTH",
    "MAX_DEPTH",
    "MAX_MESSAGE_BYTES",
    "ActionMessage",
    "AgainMessage",
    "ClientError",
    "ClientMessage",
    "CloseCode",
    "ErrorMessage",
    "OverMessage",
    "Played",
    "ResumeMessage",
    "ServerMessage",
    "ServerReason",
    "ViewMessage",
    "encode",
    "error_message",
    "last_turns",
    "over_message",
    "parse_client",
    "parse_json",
    "placed_wild",
    "took_with_pile",
    "view_message",
]

MAX_MESSAGE_BYTES: Final = 4096
"""The longest message a client may send, in bytes of UTF-8 (and the largest body of
``POST /api/tables``)."""
MAX_ACTION_LENGTH: Final = 400
"""The longest action text a client may send, in characters."""
MAX_DEPTH: Final = 16
"""The deepest nesting of arrays and objects a client's JSON may have."""


class ServerReason(StrEnum):
    """Why the server refused something a client sent (the ``reason`` of an ``error``).

    The values are sent as they are and never change. An action the rules refuse gets the
    library's :class:`~burraco.Reason` instead (``too-few-cards``, ...)."""

    STALE = "stale"
    """The action answers an event that is not the table's last one (or repeats one)."""
    NOT_YOUR_TURN = "not-your-turn"
    """The action comes from a seat that is not to act."""
    SPECTATOR = "spectator"
    """A spectator's connection sent an action."""
    HAND_OVER = "hand-over"
    """An action came after the end of the table's last hand."""
    BAD_JSON = "bad-json"
    """The message (or request body) is not JSON."""
    TOO_LARGE = "too-large"
    """The message is longer than :data:`MAX_MESSAGE_BYTES` (HTTP status 413 for a body)."""
    TOO_DEEP = "too-deep"
    """The JSON nests arrays and objects deeper than :data:`MAX_DEPTH`."""
    UNKNOWN_TYPE = "unknown-type"
    """The message's ``type`` is not ``action`` or ``resume``."""
    BAD_MESSAGE = "bad-message"
    """A field of the message is missing or has the wrong type."""
    WRONG_SEAT = "wrong-seat"
    """The message names a seat that is not the connection's own."""
    RATE_LIMITED = "rate-limited"
    """Sent faster than the server accepts: messages on a connection, or tables created by
    one client (HTTP 429); ``retry_after`` (or the header ``Retry-After``) says when to try
    again."""
    NO_TABLE = "no-table"
    """No table has this id."""
    BAD_TOKEN = "bad-token"
    """The token is not one of the table's seats."""
    BAD_REQUEST = "bad-request"
    """A table's settings are wrong (HTTP 400); the message names the field."""
    BAD_CONTENT_TYPE = "bad-content-type"
    """A table is created from a JSON body only, ``Content-Type: application/json`` (HTTP
    415)."""
    BAD_ORIGIN = "bad-origin"
    """The request or WebSocket comes from a page of another origin (HTTP 403, close code
    4403)."""
    SERVER_BUSY = "server-busy"
    """As many tables of bots alone are running as the server allows (HTTP 503)."""
    MOVED = "moved"
    """The table is served by another process for now; reconnect after ``retry_after``
    (close code 4307)."""
    BAD_CARD = "bad-card"
    """No card picture has this name (HTTP 404)."""
    NO_SEAT = "no-seat"
    """The table has no free seat to join (HTTP 409)."""
    NO_SPECTATORS = "no-spectators"
    """The table allows no spectators (close code 4403)."""
    NO_PLAYER = "no-player"
    """A rated table needs a player's token, or the name chosen is not allowed (HTTP 400)."""


class CloseCode(IntEnum):
    """The codes the server closes a WebSocket with, after an ``error`` that says why."""

    FORBIDDEN = 4403
    """A bad token or origin: do not reconnect with the same link."""
    NO_TABLE = 4404
    """No table has this id: do not reconnect."""
    MOVED = 4307
    """The table is served elsewhere: reconnect (through the same address) shortly."""
    TOO_FAST = 4429
    """The connection went on sending far faster than allowed."""
    BUSY = 4503
    """The server is busy: reconnect later."""
    TOO_SLOW = 1008
    """The client read too slowly and too much was waiting for it: reconnect and resume."""


ErrorReason: TypeAlias = ServerReason | Reason
"""The reason of an ``error``: the server's own, or the rules' for an illegal action."""


class ClientError(Exception):
    """Something a client sent was refused; the server answers that connection alone with an
    :class:`ErrorMessage` of :attr:`reason` and the message."""

    def __init__(self, reason: ErrorReason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        """The reason code sent with the error."""


# --- client to server ---------------------------------------------------------------------------


@attrs.frozen
class ActionMessage:
    """``{"type": "action", "event": N, "action": "open 5H 6H JK"}``: play an action, in
    answer to the view of event ``N``."""

    event: int
    """The event number of the last view the client saw."""
    action: str
    """The action in notation."""


@attrs.frozen
class ResumeMessage:
    """``{"type": "resume", "event": N}``: what happened since event ``N``."""

    event: int
    """The event number of the last view the client saw."""


ClientMessage: TypeAlias = ActionMessage | ResumeMessage
"""Every message a client may send."""


# --- server to client ---------------------------------------------------------------------------


@attrs.frozen
class ViewMessage:
    """``{"type": "view", ...}``: the table after event :attr:`event`, as one seat sees it
    (see :func:`view_message`)."""

    event: int
    """The event number."""
    view: dict[str, Any]
    """``to_dict(observe(state, seat))``; a spectator's has no seat and no hand."""
    legal: tuple[str, ...]
    """The legal actions in notation for the seat to act; empty for everyone else."""
    wilds: dict[str, str]
    """For each legal action that places a wild card, what it stands for."""
    last: list[dict[str, Any]]
    """Each seat's last turn (:func:`last_turns`)."""
    score: tuple[int, ...]
    """The running totals, by team."""
    burracos: list[list[str | None]]
    """For each team's melds in order, the class of each burraco or ``None``."""
    clock: dict[str, Any] | None = None
    """The turn clock (``{"seat", "seconds", "left"}``) or ``None``."""
    commitment: str | None = None
    """The SHA-256 commitment to the hand's deal (:mod:`burraco.server.deals`)."""
    target: int | None = None
    """The match's target, for a table that plays a match; ``None`` for a single hand."""
    drew: str | None = None
    """For the seat to act alone: the card it drew from the stock this turn, in notation."""


@attrs.frozen
class OverMessage:
    """``{"type": "over", ...}``: the end of a hand, after its last view."""

    event: int
    """The event number of the hand's last view."""
    hand_score: dict[str, Any]
    """The hand's score, as ``to_dict`` writes a :class:`~burraco.HandScore`."""
    match: dict[str, Any] | None
    """The match so far (``to_dict``), ``None`` for a table of a single hand."""
    hands: tuple[str, ...]
    """Each seat's cards left, in notation."""
    deal: dict[str, Any] | None = None
    """The hand's deal revealed: ``deck``, ``salt``, ``commitment``, ``dealer``, ``rules``,
    ``players`` (:meth:`burraco.server.deals.Deal.reveal`)."""
    target: int | None = None
    """The match's target (``None`` for a table of a single hand)."""
    totals: tuple[int, ...] = ()
    """The match's running totals by team after this hand (this hand's, for a single hand)."""
    winner: int | None = None
    """The team that won the match, once it is over; ``None`` while it goes on, after a tie,
    and for a single hand."""
    match_over: bool = True
    """Whether the table is done (a single hand, or the match's end): no hand follows."""


@attrs.frozen
class ErrorMessage:
    """``{"type": "error", ...}``: something the client sent was refused, and nothing
    changed. Sent to that client alone (over HTTP, the body of the refusal, without
    ``event``)."""

    event: int | None
    """The table's last event (``None`` in an HTTP answer)."""
    reason: ErrorReason
    """Why (:class:`ServerReason`, or the rules' :class:`~burraco.Reason`)."""
    message: str
    """What was wrong, for a person."""
    retry_after: float | None = None
    """For ``rate-limited``, ``moved`` and ``server-busy``: seconds after which to try again."""


@attrs.frozen
class AgainMessage:
    """``{"type": "again", "table": ID, "url": PATH}``: a seat asked to play again, and a new
    table with the same settings is ready; ``url`` is this connection's own seat there (or
    the spectators' page)."""

    table: str
    """The new table's id."""
    url: str
    """The path of this connection's seat at the new table (its token after ``#token=``)."""


ServerMessage: TypeAlias = ViewMessage | OverMessage | ErrorMessage | AgainMessage
"""Every message the server sends."""


def to_json_object(message: ServerMessage) -> dict[str, Any]:
    """The message as the JSON object that is sent, its keys in a fixed order."""
    match message:
        case ViewMessage():
            body: dict[str, Any] = {
                "type": "view",
                "event": message.event,
                "view": message.view,
                "legal": list(message.legal),
                "wilds": message.wilds,
                "last": message.last,
                "score": list(message.score),
                "burracos": message.burracos,
                "clock": message.clock,
            }
            if message.commitment is not None:
                body["commitment"] = message.commitment
            if message.target is not None:
                body["target"] = message.target
            if message.drew is not None:
                body["drew"] = message.drew
            return body
        case OverMessage():
            body = {
                "type": "over",
                "event": message.event,
                "hand_score": message.hand_score,
                "match": message.match,
                "hands": list(message.hands),
            }
            if message.deal is not None:
                body["deal"] = message.deal
            body["target"] = message.target
            body["totals"] = list(message.totals)
            body["winner"] = message.winner
            body["match_over"] = message.match_over
            return body
        case AgainMessage():
            return {"type": "again", "table": message.table, "url": message.url}
        case ErrorMessage():
            body = {"type": "error"}
            if message.event is not None:
                body["event"] = message.event
            body["reason"] = str(message.reason)
            body["message"] = message.message
            if message.retry_after is not None:
                body["retry_after"] = message.retry_after
            return body
        case _:
            assert_never(message)


def encode(message: ServerMessage) -> str:
    """The message as compact JSON text, the same bytes every time for the same message."""
    return json.dumps(to_json_object(message), separators=(",", ":"), ensure_ascii=False)


def error_message(
    event: int | None, reason: ErrorReason, message: str, *, retry_after: float | None = None
) -> ErrorMessage:
    """An ``error`` message, for the connection that sent something wrong only."""
    return ErrorMessage(event, reason, message, retry_after)


@attrs.frozen
class Played:
    """One accepted action of a hand, as the table keeps it."""

    seat: int
    """The seat that played it."""
    action: Action
    """The action."""
    by_clock: bool = False
    """Whether the turn clock ran out and a bot played it for the seat."""
    took: str = ""
    """For a pick: the cards taken with the discard pile (public), in notation."""
    pozzetto: bool = False
    """Whether the seat took a pozzetto with this action (public)."""


def _view_body(state: GameState, seat: int | None) -> dict[str, Any]:
    body = to_dict(observe(state, 0 if seat is None else seat))
    if seat is None:  # a spectator: the public part only
        body["seat"] = None
        body["hand"] = None
    return body


def last_turns(history: Sequence[Played]) -> list[dict[str, Any]]:
    """What each seat did on its last turn of the hand (the turn under way, for the seat to
    act): its actions in notation (a draw from the stock as ``draw``, without the card), the
    cards a pick took with the pile, whether it took a pozzetto, and whether a bot played the
    turn when the clock ran out. Seats in order; a seat that has not played yet is left out."""
    turns: dict[int, list[Played]] = {}
    previous: int | None = None
    for played in history:
        if played.seat != previous:
            turns[played.seat] = []
            previous = played.seat
        turns[played.seat].append(played)
    return [
        {
            "seat": seat,
            "actions": [str(played.action) for played in turns[seat]],
            "took": " ".join(played.took for played in turns[seat] if played.took),
            "pozzetto": any(played.pozzetto for played in turns[seat]),
            "clock": any(played.by_clock for played in turns[seat]),
        }
        for seat in sorted(turns)
    ]


def placed_wild(state: GameState, action: Action) -> str:
    """What the wild card of a meld action (``OpenMeld``, ``AddToMeld``) stands for in the
    meld it makes, in notation: ``"JK=7H"`` in a run, ``"JK=7"`` in a set; ``""`` if the
    action places no wild. ``action`` must be legal in ``state``.

    >>> from burraco import apply, new_game, parse_action
    >>> state = apply(new_game(seed=1), parse_action("draw"))
    >>> placed_wild(state, parse_action("open 5S 6S JK"))
    'JK=7S'
    """
    if not isinstance(action, OpenMeld | AddToMeld):
        return ""
    meld = resulting_meld(state, action)
    return "" if meld is None else melds_placed_wild(meld, action.cards)


def took_with_pile(state: GameState, action: Action) -> str:
    """The cards ``action`` takes with the discard pile in ``state`` (public), in notation."""
    return format_cards(state.discard_pile) if isinstance(action, TakeDiscardPile) else ""


def view_message(
    state: GameState,
    seat: int | None,
    event: int,
    *,
    history: Sequence[Played] = (),
    score: Sequence[int] = (),
    clock: dict[str, Any] | None = None,
    commitment: str | None = None,
    target: int | None = None,
    drew: str | None = None,
) -> ViewMessage:
    """The ``view`` message of event ``event`` for ``seat`` (``None``: a spectator).

    ``view`` is ``to_dict(observe(state, seat))`` (a spectator's has no seat and no hand),
    ``legal`` the legal actions in notation for the seat to act and ``[]`` for everyone else,
    ``last`` each seat's last turn (:func:`last_turns`), ``score`` the running totals by team.
    Fields beyond the protocol's help a page draw the table: ``wilds``, for each legal
    action that places a wild card, what it stands for (:func:`placed_wild`), ``burracos``,
    for each team's melds in order, the class of each burraco (``"clean"``, ...) or ``None``,
    ``clock``, the turn clock (``{"seat", "seconds", "left"}``) or ``None``,
    ``commitment``, the commitment to the hand's deal, ``target``, the match's target, and
    ``drew``, the card the seat to act drew from the stock (sent to that seat alone).
    """
    rules = state.rules
    mine = seat is not None and seat == state.turn and not state.is_over
    legal = legal_actions(state) if mine else []
    wilds = {str(action): placed_wild(state, action) for action in legal}
    return ViewMessage(
        event=event,
        view=_view_body(state, seat),
        legal=tuple(str(action) for action in legal),
        wilds={text: wild for text, wild in wilds.items() if wild},
        last=last_turns(history),
        score=tuple(score),
        burracos=[
            [None if (kind := burraco_kind(meld, rules)) is None else str(kind) for meld in melds]
            for melds in state.melds
        ],
        clock=clock,
        commitment=commitment,
        target=target,
        drew=drew if mine else None,
    )


def over_message(
    state: GameState,
    event: int,
    match: Match | None,
    deal: Mapping[str, Any] | None = None,
) -> OverMessage:
    """The ``over`` message of a hand that has ended: ``hand_score`` (as ``to_dict``), and
    ``match``, the match so far as ``to_dict`` (``None`` for a table of a single hand). At
    the end of a hand every hand is shown: ``hands``, each seat's cards left in notation, and
    ``deal``, the deal revealed (``None``: not committed). ``target``, ``totals``, ``winner``
    and ``match_over`` say where the match stands, so that a page never works them out."""
    score = score_hand(state)
    if match is None:
        totals: tuple[int, ...] = tuple(score.totals)
        target, winner, over = None, None, True
    else:
        totals, target = match.totals, match.rules.target
        winner, over = match.winner, match.is_over
    return OverMessage(
        event=event,
        hand_score=to_dict(score),
        match=None if match is None else to_dict(match),
        hands=tuple(format_cards(hand) for hand in state.hands),
        deal=None if deal is None else dict(deal),
        target=target,
        totals=totals,
        winner=winner,
        match_over=over,
    )


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deeply ``text`` (JSON, perhaps broken) nests arrays and objects."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(text: str | bytes, *, limit: int = MAX_MESSAGE_BYTES) -> object:
    """Read untrusted JSON of at most ``limit`` bytes and :data:`MAX_DEPTH` levels.

    Raises:
        ClientError: ``too-large``, ``too-deep`` or ``bad-json``.
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if size > limit:
        raise ClientError(
            ServerReason.TOO_LARGE, f"the message has {size} bytes; at most {limit} are read"
        )
    try:
        decoded = text.decode("utf-8") if isinstance(text, bytes) else text
    except UnicodeDecodeError:
        raise ClientError(ServerReason.BAD_JSON, "the message is not UTF-8 text") from None
    if _depth(decoded) > MAX_DEPTH:
        raise ClientError(
            ServerReason.TOO_DEEP, f"the JSON nests more than {MAX_DEPTH} arrays or objects deep"
        )
    try:
        return json.loads(decoded)
    except (ValueError, RecursionError):
        raise ClientError(
            ServerReason.BAD_JSON, f"the message is not JSON: {decoded[:40]!r}"
        ) from None


def _event(data: dict[str, Any]) -> int:
    event = data.get("event")
    if isinstance(event, bool) or not isinstance(event, int) or not 0 <= event < 2**53:
        raise ClientError(
            ServerReason.BAD_MESSAGE, "the message needs an event number (a whole number >= 0)"
        )
    return event


def parse_client(text: str | bytes, seat: int | None) -> ClientMessage:
    """Read a client's message sent on ``seat``'s connection (``None``: a spectator's).

    Raises:
        ClientError: with reason ``too-large``, ``too-deep``, ``bad-json``, ``bad-message``,
            ``unknown-type`` or ``wrong-seat`` (:class:`ServerReason`).
    """
    data = parse_json(text)
    if not isinstance(data, dict):
        raise ClientError(ServerReason.BAD_MESSAGE, 'a message is a JSON object with a "type"')
    kind = data.get("type")
    if kind not in ("action", "resume"):
        shown = repr(kind)[:40]
        raise ClientError(
            ServerReason.UNKNOWN_TYPE, f"unknown message type {shown}: send 'action' or 'resume'"
        )
    if "seat" in data and data["seat"] != seat:
        raise ClientError(
            ServerReason.WRONG_SEAT,
            f"this connection is seat {seat}'s, not {repr(data['seat'])[:20]}",
        )
    event = _event(data)
    if kind == "resume":
        return ResumeMessage(event)
    action = data.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION_LENGTH:
        raise ClientError(
            ServerReason.BAD_MESSAGE,
            'an action message needs "action", the action in notation, such as "draw"',
        )
    return ActionMessage(event, action)
