"""The exceptions of :mod:`burraco` and the stable reason codes they carry.

Every exception the library raises on purpose derives from :class:`BurracoError`, and every one
carries a :class:`Reason`: a short kebab-case code that programs can test for while the message
stays free to improve. The subclasses also derive from :class:`ValueError`, since each one
reports a value (a card token, a meld, an action, a saved state) that is not acceptable.

Every error has two messages. ``str(error)`` is for the person who gave the input: it quotes
the input (at most :data:`EXCERPT_LENGTH` characters of it) and, for an illegal action, may
name cards of the acting seat's hand. :attr:`BurracoError.public_message` says the same thing
without quoting anything: the reason code, a fixed sentence for it and the seat or field at
fault, so that a server may show it to every seat without revealing a hidden card.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from collections.abc import Sequence

    from burraco.cards import Card

__all__ = [
    "AgentError",
    "BurracoError",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidStateError",
    "NotationError",
    "Reason",
    "RecordError",
    "TournamentError",
    "check_seat",
    "exception_text",
    "excerpt",
    "field_path",
    "inconsistent_state",
    "invalid_state",
    "number_text",
]


class Reason(StrEnum):
    """Stable codes saying why something was rejected.

    The values are part of the public API: they never change meaning between releases, and new
    codes are only ever added. Being a :class:`~enum.StrEnum`, a member compares equal to its
    code, so ``error.reason == "gap"`` works as well as ``error.reason is Reason.GAP``.
    """

    # Notation (NotationError)
    BAD_CARD = "bad-card"
    """A token is not a card in the notation (``7H``, ``10S``, ``JK``, ``7♥``, ...)."""
    BAD_ACTION = "bad-action"
    """A text is not an action in the notation (``draw``, ``pick``, ``open ...``, ...)."""
    BAD_MELD_NOTATION = "bad-meld-notation"
    """A ``=`` placement in meld notation is malformed or not on a wild card."""

    # Melds (InvalidMeldError)
    NO_CARDS = "no-cards"
    """No cards were given to add to a meld."""
    TOO_FEW_CARDS = "too-few-cards"
    """A meld needs at least three cards."""
    TOO_MANY_WILDS = "too-many-wilds"
    """A meld holds at most one wild card (a natural two is not a wild)."""
    ONLY_WILDS = "only-wilds"
    """No natural card other than a two: twos are never the rank of a set."""
    MIXED_RANKS = "mixed-ranks"
    """The natural cards of a set must all have one rank."""
    MIXED_SUITS = "mixed-suits"
    """The natural cards of a sequence must all have one suit."""
    DUPLICATE_RANK = "duplicate-rank"
    """A sequence cannot hold two natural cards of the same rank."""
    GAP = "gap"
    """The sequence has more missing ranks than its wild card can fill."""
    WRAP_AROUND = "wrap-around"
    """The sequence would run through the ace from king to two (``K A 2``)."""
    TWO_ACES = "two-aces"
    """A sequence holds at most one natural ace."""
    NO_JOKERS = "no-jokers"
    """The rules play without jokers (switch ``jokers`` off, Burraco Reale), so no meld holds
    one."""
    SET_RANK_NOT_ALLOWED = "set-rank-not-allowed"
    """The rule set does not allow sets of this rank."""
    TOO_MANY_COPIES = "too-many-copies"
    """More copies of a card than the packs in play hold."""
    WILD_AS_NOT_POSSIBLE = "wild-as-not-possible"
    """The rank asked for the wild card (``wild_as``) is not a place it can take."""

    # Actions (IllegalActionError)
    NOT_AN_ACTION = "not-an-action"
    """The object passed as an action is not one of the action classes."""
    GAME_OVER = "game-over"
    """The hand is over; no action is possible."""
    WRONG_PHASE = "wrong-phase"
    """The action belongs to the other phase of the turn (draw first, then meld and discard)."""
    CARD_NOT_IN_HAND = "card-not-in-hand"
    """The player does not hold the card(s) named by the action."""
    EMPTY_DISCARD_PILE = "empty-discard-pile"
    """There is no discard pile to take."""
    NO_SUCH_MELD = "no-such-meld"
    """The team has no meld with that index."""
    NOT_YOUR_MELD = "not-your-meld"
    """The meld belongs to another team; cards are only added to one's own team's melds."""
    SET_RANK_TAKEN = "set-rank-taken"
    """The team already has a set of that rank (switch ``one_set_per_rank``)."""
    MUST_KEEP_A_CARD = "must-keep-a-card"
    """The player would be left unable to end the turn with a legal discard."""
    CLOSING_NEEDS_POZZETTO = "closing-needs-pozzetto"
    """Closing needs the team to have taken its pozzetto."""
    CLOSING_NEEDS_BURRACO = "closing-needs-burraco"
    """Closing needs the team to have a burraco on the table."""
    CLOSING_NEEDS_CLEAN_BURRACO = "closing-needs-clean-burraco"
    """Closing needs a clean burraco (switch ``closing_needs_clean_burraco``)."""
    CLOSING_DISCARD_WILD = "closing-discard-wild"
    """The closing discard may not be a wild card (switch ``closing_discard_may_be_wild``)."""
    PILE_REQUIRES_MELD = "pile-requires-meld"
    """Taking the discard pile obliges a meld in the same turn (switch ``pile_requires_meld``)."""
    PILE_CARD_RETURNED = "pile-card-returned"
    """A one-card discard pile taken may not be discarded again in the same turn (switch
    ``return_single_pile_card`` off, rules §13.1). A meld that would leave that card as the
    only one in hand is refused with :attr:`MUST_KEEP_A_CARD`."""

    # Agents (AgentError)
    AGENT_FAILED = "agent-failed"
    """An agent raised an exception instead of choosing an action."""

    # Saved states and untrusted input (InvalidStateError)
    BAD_JSON = "bad-json"
    """The text is not valid JSON, or too large or deep to read."""
    UNSUPPORTED_FORMAT = "unsupported-format"
    """The ``format`` number or ``type`` of a saved document is not one this version reads."""
    WRONG_TYPE = "wrong-type"
    """A value has the wrong JSON type."""
    MISSING_FIELD = "missing-field"
    """A required field is absent."""
    UNKNOWN_FIELD = "unknown-field"
    """A field is not part of the format."""
    OUT_OF_RANGE = "out-of-range"
    """A number or a size is outside what the rules allow."""
    CARDS_NOT_CONSERVED = "cards-not-conserved"
    """The cards of the state are not exactly the cards of the packs."""
    ILLEGAL_MELD = "illegal-meld"
    """A meld of the state is not legal under its rules."""
    INCONSISTENT_STATE = "inconsistent-state"
    """Fields contradict each other (turn, phase, pozzetti, outcome, ...)."""

    # Game records (RecordError)
    BAD_RECORD = "bad-record"
    """A line of a game record is not a header, a turn or a comment, or the headers are wrong
    (a missing deal, a turn numbered out of order, a result the replay does not give), or the
    record is longer than :data:`~burraco.record.MAX_RECORD_LENGTH`."""

    # Tournaments (TournamentError)
    BAD_CSV = "bad-csv"
    """A CSV file of entrants or tables lacks a required column, or a row has the wrong number
    of fields."""
    NOT_IN_TOURNAMENT = "not-in-tournament"
    """An entrant, round or table number that the tournament does not have."""
    OUT_OF_ORDER = "out-of-order"
    """A tournament step out of its order: pairing a round before the previous one has all its
    results, a result for a round not yet paired, a round beyond the schedule, a correction
    without a reason."""
    NO_PAIRING = "no-pairing"
    """No round can be paired under the movement and the forbidden pairings."""


EXCERPT_LENGTH: Final = 40
"""The most characters of an input that an error message quotes; longer input is cut and
ends in ``…``."""


def excerpt(text: object, limit: int = EXCERPT_LENGTH, *, quoted: bool = True) -> str:
    r"""``text`` quoted for an error message: at most ``limit`` characters, then ``…``.

    Characters that are not printable (control characters, line breaks, lone surrogates, ...)
    are written as Python escapes, so a message is always one line of encodable text. With
    ``quoted=False`` the excerpt comes without the quotes (for a name or a message that is
    not the input itself).

    >>> excerpt("7H 8H")
    "'7H 8H'"
    >>> excerpt("7H" * 30)
    "'7H7H7H7H7H7H7H7H7H7H7H7H7H7H7H7H7H7H7H7H…'"
    >>> print(excerpt("7H\n8H"))
    '7H\n8H'
    >>> excerpt("KeyError: 'x'", quoted=False)
    "KeyError: 'x'"
    """
    if not isinstance(text, str):
        text = f"a {type(text).__name__}"
    cut = text[:limit]
    if not cut.isprintable():
        cut = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    if len(text) > limit:
        cut += "…"
    return f"'{cut}'" if quoted else cut


_MOST_LINE: Final = 200
"""The most characters of an agent's name or exception that an :class:`AgentError` quotes."""
_MOST_ACTION: Final = 120
"""The most characters of an action that an :class:`IllegalActionError` message quotes (every
action in notation but a few very long ``add`` actions is shorter)."""
_MOST_DETAIL: Final = 1000
"""The longest explanation an :class:`IllegalActionError` message carries (enough to list the
largest hand)."""

_PUBLIC: Final[dict[str, str]] = {
    "bad-card": "a token is not a card in the notation",
    "bad-action": "the text is not an action in the notation",
    "bad-meld-notation": "a wild placement with '=' is malformed",
    "no-cards": "no cards were given to add to the meld",
    "too-few-cards": "a meld needs at least three cards",
    "too-many-wilds": "a meld holds at most one wild card",
    "only-wilds": "a meld needs a natural card other than a two",
    "mixed-ranks": "the natural cards of a set must all have one rank",
    "mixed-suits": "the natural cards of a sequence must all have one suit",
    "duplicate-rank": "a sequence cannot hold two natural cards of the same rank",
    "gap": "the sequence has more missing ranks than its wild card can fill",
    "wrap-around": "a sequence cannot run from king through ace to two",
    "two-aces": "a sequence holds at most one natural ace",
    "no-jokers": "these rules play without jokers",
    "set-rank-not-allowed": "the rules do not allow sets of this rank",
    "too-many-copies": "more copies of a card than the packs in play hold",
    "wild-as-not-possible": "the wild card cannot stand for that rank",
    "not-an-action": "the value is not an action",
    "game-over": "the hand is over; no action is possible",
    "wrong-phase": "the action belongs to the other phase of the turn",
    "card-not-in-hand": "the player does not hold the cards named",
    "empty-discard-pile": "there is no discard pile to take",
    "no-such-meld": "the team has no meld with that number",
    "not-your-meld": "cards are only added to the player's own team's melds",
    "set-rank-taken": "the team already has a set of that rank",
    "must-keep-a-card": "the player must keep a card that can be discarded legally",
    "closing-needs-pozzetto": "a team closes only after taking its pozzetto",
    "closing-needs-burraco": "a team closes only with a burraco laid",
    "closing-needs-clean-burraco": "these rules let a team close only with a clean burraco",
    "closing-discard-wild": "a player may not close by discarding a wild card",
    "pile-requires-meld": "taking the discard pile obliges a meld in the same turn",
    "agent-failed": "the agent raised an exception instead of choosing an action",
    "pile-card-returned": "a one-card discard pile taken may not be discarded again this turn",
    "bad-json": "the text is not valid JSON",
    "unsupported-format": "the document's format or type is not one this version reads",
    "wrong-type": "a value has the wrong type",
    "missing-field": "a required field is absent",
    "unknown-field": "a field is not part of the format",
    "out-of-range": "a number or a size is outside what the rules allow",
    "cards-not-conserved": "the cards are not exactly the cards of the packs",
    "illegal-meld": "a meld is not legal under the rules",
    "inconsistent-state": "fields contradict each other: no play reaches this",
    "bad-record": "a line of the game record is not a header or a turn that can be played",
    "bad-csv": "a csv file lacks a required column or a row has the wrong number of fields",
    "not-in-tournament": "the tournament has no such entrant, round or table",
    "out-of-order": "the tournament step is out of its order",
    "no-pairing": "no round can be paired under the movement and the forbidden pairings",
}
"""The fixed sentence of each reason code, for :attr:`BurracoError.public_message`."""


class BurracoError(Exception):
    """Base class of every error that :mod:`burraco` raises on purpose.

    Catch this to handle any rejected input at once. ``reason`` is a :class:`Reason` code.
    """

    reason: Reason

    def __init__(self, message: str, *, reason: Reason) -> None:
        super().__init__(message)
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle the message and every attribute, so that an error crosses processes (a
        worker of :func:`~burraco.duel.play_duel`, a Ray task) and compares equal there."""
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))

    def __eq__(self, other: object) -> bool:
        """Errors of one class with the same message and attributes are equal."""
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, BurracoError)
        return self.args == other.args and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), self.args))

    @property
    def public_message(self) -> str:
        """The error in words that reveal nothing hidden from any seat: safe to forward.

        It is the reason code and a fixed sentence for it (plus the seat for an illegal action,
        the field for a rejected document), and never quotes the input or a hand. ``str(error)``
        says more, for the player who acted; a server forwards ``public_message`` to anyone
        else.

        >>> from burraco import IllegalActionError, Reason
        >>> error = IllegalActionError("discard 7H", 1, Reason.CARD_NOT_IN_HAND, "it holds 2C JK")
        >>> error.public_message
        'illegal action by seat 1: card-not-in-hand: the player does not hold the cards named'
        """
        return f"{self.reason}: {_PUBLIC[self.reason]}"


class NotationError(BurracoError, ValueError):
    """Raised when text is not valid card, meld or action notation.

    Raised by :func:`~burraco.parse_card`, :func:`~burraco.parse_cards`,
    :func:`~burraco.parse_action`, and by every function that accepts notation strings in place
    of cards. ``token`` is the offending piece of text, quoted in the message.
    """

    token: str

    def __init__(self, message: str, *, token: str, reason: Reason = Reason.BAD_CARD) -> None:
        super().__init__(message, reason=reason)
        self.token = token


class InvalidMeldError(BurracoError, ValueError):
    """Raised when cards do not form a legal meld, or cannot be added to one.

    Raised by :func:`~burraco.validate_meld`, :func:`~burraco.extend_meld` and
    :func:`~burraco.score_team`. ``cards`` are the cards that were examined (for
    :func:`~burraco.extend_meld`, the meld's cards followed by the added ones).
    """

    cards: tuple[Card, ...]
    detail: str

    def __init__(
        self, message: str, *, reason: Reason, cards: Sequence[Card] = (), detail: str = ""
    ) -> None:
        super().__init__(message, reason=reason)
        self.cards = tuple(cards)
        self.detail = detail or message


class IllegalActionError(BurracoError, ValueError):
    """Raised by :func:`~burraco.apply` and :func:`~burraco.check_action` for an illegal action.

    ``action`` is the rejected action, ``seat`` the seat that was to act. The message names the
    action in notation, the reason code, and what the rules require, for example
    ``illegal action 'discard JK' by seat 2: closing-discard-wild: ...``. The state passed in is
    never changed (states are immutable).
    """

    action: object
    seat: int
    detail: str

    def __init__(self, action: object, seat: int, reason: Reason, detail: str) -> None:
        if len(detail) > _MOST_DETAIL:
            detail = detail[:_MOST_DETAIL] + "…"
        named = excerpt(str(action), _MOST_ACTION)
        super().__init__(
            f"illegal action {named} by seat {seat}: {reason}: {detail}", reason=reason
        )
        self.action = action
        self.seat = seat
        self.detail = detail

    @property
    def public_message(self) -> str:
        """The error for every seat: the seat and the reason, not the action or the hand."""
        return f"illegal action by seat {self.seat}: {super().public_message}"


class InvalidStateError(BurracoError, ValueError):
    """Raised when untrusted input does not describe a possible game, score sheet or match.

    Raised by :mod:`burraco.serialize` when loading, and by
    :func:`burraco.checks.check_invariants`. ``path`` says where the problem is, such as
    ``hands[2][5]`` (empty for the whole document).
    """

    path: str

    def __init__(self, message: str, *, reason: Reason, path: str = "") -> None:
        super().__init__(f"{path}: {message}" if path else message, reason=reason)
        self.path = path

    @property
    def public_message(self) -> str:
        """The error without quoting the input: the field at fault and the reason."""
        general = super().public_message
        return f"{self.path}: {general}" if self.path else general


class RecordError(BurracoError, ValueError):
    """Raised when a game record cannot be read or replayed.

    Raised by :meth:`burraco.record.Record.parse` and by :meth:`~burraco.record.Record.replay`.
    ``line`` is the number of the line at fault (from 1; 0 for the record as a whole) and the
    message begins with it, for example ``line 14: illegal action 'discard JK' by seat 2:
    card-not-in-hand: ...``. ``reason`` is ``bad-record`` for the layout of the record, or the
    reason of the underlying problem: a bad card or action (``bad-card``, ``bad-action``), an
    illegal action (``card-not-in-hand``, ``wrong-phase``, ...), impossible rules or deck
    (``out-of-range``, ``cards-not-conserved``).
    """

    line: int
    detail: str

    def __init__(self, detail: str, *, line: int, reason: Reason = Reason.BAD_RECORD) -> None:
        super().__init__(f"line {line}: {detail}" if line else detail, reason=reason)
        self.line = line
        self.detail = detail

    @property
    def public_message(self) -> str:
        """The error without quoting the record: the line at fault and the reason."""
        general = super().public_message
        return f"line {self.line}: {general}" if self.line else general


_SAME: Final = object()
"""The default of :meth:`AgentError.in_context`'s arguments: keep what the error holds."""


class AgentError(IllegalActionError):
    """Raised when an agent fails to give a legal action: it chose an illegal one, or raised.

    Raised by :func:`~burraco.play_out`, :func:`~burraco.play_hand`,
    :func:`~burraco.play_match` and :func:`~burraco.duel.play_duel`. It is an
    :class:`IllegalActionError`, so code that catches those catches it too. ``seat`` is the seat
    that was to act and ``agent`` the agent's name (its class, or its name in a duel);
    ``action`` is the illegal action (``None`` if the agent raised); ``reason`` is the illegal
    action's reason, or ``agent-failed`` if the agent raised, and then ``error`` is the
    agent's exception as text (``"KeyError: 'x'"``, at most a line). ``deal`` says what dealt
    the hand: the seed given to :func:`~burraco.play_hand` (``None`` if unseeded), the hand's
    seed in :func:`~burraco.play_match`, the deal's number in a duel. ``hand`` is the hand's
    number in a match (from 0), or in a duel 0 or 1 for the first or second hand of the deal
    pair. ``state`` is the position in which the agent failed. ``partial`` holds what was
    finished: the :class:`~burraco.Match` of the hands played before (``play_match``), the
    :class:`~burraco.duel.DuelResult` of every other deal (``play_duel``); ``None`` for a
    single hand. In the process where the agent raised, its exception is the ``__cause__``.

    The error pickles (with all of these), so it crosses from a worker process intact.

    >>> from burraco import GreedyAgent, play_hand
    >>> class Broken:
    ...     def choose(self, view, legal_actions):
    ...         raise KeyError("x")
    >>> try:
    ...     play_hand([GreedyAgent(), Broken(), GreedyAgent(), GreedyAgent()], seed=7)
    ... except AgentError as error:
    ...     print(error)
    ...     print(error.seat, error.agent, error.reason, error.deal)
    agent Broken of seat 1 raised KeyError: 'x' (deal 7)
    1 Broken agent-failed 7
    """

    agent: str
    error: str
    deal: object
    hand: int | None
    state: object
    partial: object

    def __init__(
        self,
        seat: int,
        agent: str,
        *,
        reason: Reason,
        action: object = None,
        detail: str = "",
        error: str = "",
        deal: object = None,
        hand: int | None = None,
        state: object = None,
        partial: object = None,
    ) -> None:
        if len(detail) > _MOST_DETAIL:
            detail = detail[:_MOST_DETAIL] + "…"
        error = excerpt(error, _MOST_LINE, quoted=False)
        name = excerpt(agent, _MOST_LINE, quoted=False)
        if reason is Reason.AGENT_FAILED:
            what = f"raised {error}"
        else:
            what = (
                f"chose an illegal action {excerpt(str(action), _MOST_ACTION)}: {reason}: {detail}"
            )
        where = []
        if deal is not None:
            if isinstance(deal, int):
                shown = str(deal) if abs(deal) < 10**EXCERPT_LENGTH else number_text(deal)
            else:
                shown = excerpt(str(deal))
            where.append(f"deal {shown}")
        if hand is not None:
            where.append(f"hand {hand}")
        place = f" ({', '.join(where)})" if where else ""
        BurracoError.__init__(self, f"agent {name} of seat {seat} {what}{place}", reason=reason)
        self.action = action
        self.seat = seat
        self.detail = detail or error
        self.agent = agent
        self.error = error
        self.deal = deal
        self.hand = hand
        self.state = state
        self.partial = partial

    def in_context(
        self,
        *,
        agent: str | None = None,
        deal: object = _SAME,
        hand: object = _SAME,
        state: object = _SAME,
        partial: object = _SAME,
        action: object = _SAME,
    ) -> AgentError:
        """This error with the arguments given in place of its own (the message follows):
        how the helpers that play many hands add what they know of the failure."""
        return AgentError(
            self.seat,
            self.agent if agent is None else agent,
            reason=self.reason,
            action=self.action if action is _SAME else action,
            detail=self.detail if self.reason is not Reason.AGENT_FAILED else "",
            error=self.error,
            deal=self.deal if deal is _SAME else deal,
            hand=self.hand if hand is _SAME else _hand(hand),
            state=self.state if state is _SAME else state,
            partial=self.partial if partial is _SAME else partial,
        )


def _hand(value: object) -> int | None:
    if value is not None and not isinstance(value, int):
        raise TypeError(f"a hand is a whole number or None, not {type(value).__name__}")
    return value


def exception_text(error: BaseException) -> str:
    """An exception as one bounded line for a message: its class and its message.

    >>> exception_text(KeyError("x"))
    "KeyError: 'x'"
    """
    text = str(error)
    name = type(error).__name__
    return excerpt(f"{name}: {text}" if text else name, _MOST_LINE, quoted=False)


def _rebuild(cls: type[BurracoError], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """An error of class ``cls`` with the message ``args`` and the attributes ``state``,
    without calling its ``__init__`` (whose arguments differ from class to class)."""
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class TournamentError(BurracoError, ValueError):
    """Raised when a tournament step or a tournament file is not acceptable.

    Raised by :mod:`burraco.tournament`: by the steps of a
    :class:`~burraco.tournament.Tournament` (pairing a round, entering a result or a
    correction), and when reading entrants or tables from CSV or a whole tournament from JSON.
    ``path`` says where the problem is, such as ``rounds[2].tables[0]`` or ``line 4`` (empty
    for the whole input). Reasons: ``bad-csv``, ``not-in-tournament``, ``out-of-order``,
    ``no-pairing``, and for a file the codes of saved documents (``bad-json``, ``wrong-type``,
    ``missing-field``, ``unknown-field``, ``out-of-range``, ``inconsistent-state``,
    ``unsupported-format``).

    >>> import pickle
    >>> error = TournamentError("no table 9 in round 2", reason=Reason.NOT_IN_TOURNAMENT)
    >>> copy = pickle.loads(pickle.dumps(error))
    >>> str(copy), copy.reason
    ('no table 9 in round 2', <Reason.NOT_IN_TOURNAMENT: 'not-in-tournament'>)
    """

    path: str
    detail: str

    def __init__(self, detail: str, *, reason: Reason, path: str = "") -> None:
        super().__init__(f"{path}: {detail}" if path else detail, reason=reason)
        self.path = path
        self.detail = detail

    def __reduce__(self) -> tuple[object, ...]:
        return (_tournament_error, (self.detail, self.reason.value, self.path))

    @property
    def public_message(self) -> str:
        """The error without quoting the input: the place at fault and the reason."""
        general = super().public_message
        return f"{self.path}: {general}" if self.path else general


def _tournament_error(detail: str, reason: str, path: str) -> TournamentError:
    """Rebuild a pickled :class:`TournamentError`."""
    return TournamentError(detail, reason=Reason(reason), path=path)


# --- building InvalidStateError (shared by burraco.testing and burraco.serialize) -----------


def invalid_state(reason: Reason, path: str, detail: str) -> InvalidStateError:
    """The :class:`InvalidStateError` for input that is not a possible state: the message is
    the reason code and ``detail``; ``path`` says where in the input (``hands[2][0]``)."""
    return InvalidStateError(f"{reason}: {detail}", reason=reason, path=path)


def inconsistent_state(path: str, detail: str) -> InvalidStateError:
    """The error for fields that contradict each other (``inconsistent-state``)."""
    return invalid_state(Reason.INCONSISTENT_STATE, path, detail)


def field_path(path: str, key: str | int) -> str:
    """The path of item ``key`` (an index or a field name) of ``path``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if len(key) > 40:
        key = key[:37] + "..."
    return f"{path}.{key}" if path else key


def number_text(value: int) -> str:
    """A whole number for a message (a huge one is not written out in full)."""
    if -(10**15) < value < 10**15:
        return str(value)
    return f"{'-' if value < 0 else ''}a number of about {int(value.bit_length() * 0.30103)} digits"


def check_seat(value: int, path: str, players: int) -> None:
    """Raise an ``out-of-range`` :class:`InvalidStateError` at ``path`` unless ``value`` is a
    seat of a game of ``players``."""
    if not 0 <= value < players:
        raise invalid_state(
            Reason.OUT_OF_RANGE,
            path,
            f"expected a seat from 0 to {players - 1}, not {number_text(value)}",
        )
