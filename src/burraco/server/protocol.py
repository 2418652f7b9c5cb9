"""The messages of the server's wire protocol, each built from what one seat may see.

Every function here is pure: it takes a state (or a table's history) and a seat and returns a
JSON-ready ``dict``, built from :func:`~burraco.observe` of that seat, never from the state's
hidden parts. :func:`encode` writes a message the same way every time, so that two states a
seat cannot tell apart give it byte-identical messages (the twin-state tests check this).

Server to client: ``view``, ``over`` and ``error``; client to server: ``action`` and
``resume`` (:func:`parse_client`). The reasons of the errors that the server itself raises
(rather than the library) are the ``*`` constants below.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

import attrs

from burraco.actions import Action, AddToMeld, OpenMeld, TakeDiscardPile
from burraco.cards import format_cards
from burraco.engine import legal_actions, resulting_meld
from burraco.match import Match
from burraco.melds import burraco_kind
from burraco.melds import placed_wild as melds_placed_wild
from burraco.scoring import score_hand
from burraco.serialize import to_dict
from burraco.state import GameState
from burraco.views import observe

__all__ = [
    "BAD_JSON",
    "BAD_MESSAGE",
    "BAD_TOKEN",
    "ClientError",
    "HAND_OVER",
    "MAX_ACTION_LENGTH",
    "MAX_MESSAGE_BYTES",
    "NOT_YOUR_TURN",
    "NO_TABLE",
    "Played",
    "RATE_LIMITED",
    "Request",
    "SPECTATOR",
    "STALE",
    "TOO_LARGE",
    "UNKNOWN_TYPE",
    "WRONG_SEAT",
    "encode",
    "error_message",
    "last_turns",
    "over_message",
    "parse_client",
    "placed_wild",
    "took_with_pile",
    "view_message",
]

MAX_MESSAGE_BYTES: Final = 4096
"""The longest message a client may send, in bytes of UTF-8."""
MAX_ACTION_LENGTH: Final = 400
"""The longest action text a client may send, in characters."""

STALE: Final = "stale"
"""The action answers an event that is not the table's last one (or repeats one)."""
NOT_YOUR_TURN: Final = "not-your-turn"
"""The action comes from a seat that is not to act."""
SPECTATOR: Final = "spectator"
"""A spectator's connection sent an action."""
HAND_OVER: Final = "hand-over"
"""An action came after the end of the table's last hand."""
BAD_JSON: Final = "bad-json"
"""The message is not JSON."""
TOO_LARGE: Final = "too-large"
"""The message is longer than :data:`MAX_MESSAGE_BYTES`."""
UNKNOWN_TYPE: Final = "unknown-type"
"""The message's ``type`` is not ``action`` or ``resume``."""
BAD_MESSAGE: Final = "bad-message"
"""A field of the message is missing or has the wrong type."""
WRONG_SEAT: Final = "wrong-seat"
"""The message names a seat that is not the connection's own."""
RATE_LIMITED: Final = "rate-limited"
"""The connection sent messages faster than the server accepts them."""
NO_TABLE: Final = "no-table"
"""No table has this id."""
BAD_TOKEN: Final = "bad-token"
"""The token is not one of the table's seats."""


class ClientError(Exception):
    """Something a client sent was refused; the server answers that connection alone with
    :func:`error_message` of :attr:`reason` and the message."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        """The reason code sent with the error."""


@attrs.frozen
class Request:
    """A client's message, checked: ``kind`` is ``"action"`` or ``"resume"``."""

    kind: str
    """``"action"`` or ``"resume"``."""
    event: int
    """The event number the client last saw."""
    action: str = ""
    """The action in notation (for ``"action"``)."""


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


def encode(message: dict[str, Any]) -> str:
    """The message as compact JSON text, its keys in the order they were built."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error_message(event: int, reason: str, message: str) -> dict[str, Any]:
    """An ``error`` message, for the connection that sent something wrong only."""
    return {"type": "error", "event": event, "reason": reason, "message": message}


def _view_body(state: GameState, seat: int | None) -> dict[str, Any]:
    body = to_dict(observe(state, 0 if seat is None else seat))
    if seat is None:  # a spectator: the public part only
        body["seat"] = None
        body["hand"] = None
    return body


def last_turns(history: Sequence[Played]) -> list[dict[str, Any]]:
    """What each seat did on its last turn of the hand (the turn under way, for the seat to
    act): its actions in notation (a draw from the stock as ``draw``, without the card), the
    cards a pick took with the pile, and whether a bot played the turn when the clock ran
    out. Seats in order; a seat that has not played yet is left out."""
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
) -> dict[str, Any]:
    """The ``view`` message of event ``event`` for ``seat`` (``None``: a spectator).

    ``view`` is ``to_dict(observe(state, seat))`` (a spectator's has no seat and no hand),
    ``legal`` the legal actions in notation for the seat to act and ``[]`` for everyone else,
    ``last`` each seat's last turn (:func:`last_turns`), ``score`` the running totals by team.
    Three fields beyond the protocol's help a page draw the table: ``wilds``, for each legal
    action that places a wild card, what it stands for (:func:`placed_wild`), ``burracos``,
    for each team's melds in order, the class of each burraco (``"clean"``, ...) or ``None``,
    and ``clock``, the turn clock (``{"seat", "seconds", "left"}``) or ``None``.
    """
    rules = state.rules
    mine = seat is not None and seat == state.turn and not state.is_over
    legal = legal_actions(state) if mine else []
    wilds = {str(action): placed_wild(state, action) for action in legal}
    return {
        "type": "view",
        "event": event,
        "view": _view_body(state, seat),
        "legal": [str(action) for action in legal],
        "wilds": {text: wild for text, wild in wilds.items() if wild},
        "last": last_turns(history),
        "score": list(score),
        "burracos": [
            [None if (kind := burraco_kind(meld, rules)) is None else str(kind) for meld in melds]
            for melds in state.melds
        ],
        "clock": clock,
    }


def over_message(state: GameState, event: int, match: Match | None) -> dict[str, Any]:
    """The ``over`` message of a hand that has ended: ``hand_score`` (as ``to_dict``), and
    ``match``, the match so far as ``to_dict`` (``None`` for a table of a single hand). At
    the end of a hand every hand is shown: ``hands``, each seat's cards left in notation."""
    return {
        "type": "over",
        "event": event,
        "hand_score": to_dict(score_hand(state)),
        "match": None if match is None else to_dict(match),
        "hands": [format_cards(hand) for hand in state.hands],
    }


def _event(data: dict[str, Any]) -> int:
    event = data.get("event")
    if isinstance(event, bool) or not isinstance(event, int) or not 0 <= event < 2**53:
        raise ClientError(BAD_MESSAGE, "the message needs an event number (a whole number >= 0)")
    return event


def parse_client(text: str | bytes, seat: int | None) -> Request:
    """Read a client's message sent on ``seat``'s connection (``None``: a spectator's).

    Raises:
        ClientError: with reason :data:`TOO_LARGE`, :data:`BAD_JSON`, :data:`BAD_MESSAGE`,
            :data:`UNKNOWN_TYPE` or :data:`WRONG_SEAT`.
    """
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if size > MAX_MESSAGE_BYTES:
        raise ClientError(
            TOO_LARGE, f"the message has {size} bytes; at most {MAX_MESSAGE_BYTES} are read"
        )
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        excerpt = text[:40] if isinstance(text, str) else repr(text[:40])
        raise ClientError(BAD_JSON, f"the message is not JSON: {excerpt!r}") from None
    if not isinstance(data, dict):
        raise ClientError(BAD_MESSAGE, 'a message is a JSON object with a "type"')
    kind = data.get("type")
    if kind not in ("action", "resume"):
        shown = repr(kind)[:40]
        raise ClientError(UNKNOWN_TYPE, f"unknown message type {shown}: send 'action' or 'resume'")
    if "seat" in data and data["seat"] != seat:
        raise ClientError(
            WRONG_SEAT, f"this connection is seat {seat}'s, not {repr(data['seat'])[:20]}"
        )
    event = _event(data)
    if kind == "resume":
        return Request("resume", event)
    action = data.get("action")
    if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION_LENGTH:
        raise ClientError(
            BAD_MESSAGE, 'an action message needs "action", the action in notation, such as "draw"'
        )
    return Request("action", event, action)
