"""Game records: a hand (or a match) as text that a person can read and a program replays.

A record is to Burraco what PGN is to chess: headers in square brackets, a blank line, then the
turns, one a line, each numbered, with the seat that plays and its actions in
:doc:`notation </reference/notation>`, separated by ``;``, and an optional comment after ``#``::

    [Rules "classic"]
    [Players "4"]
    [Dealer "0"]
    [Seed "7"]
    [Result "*"]

    1. seat 1: draw; discard 9C
    2. seat 2: pick; open 5H 6H JK; discard 9S  # the joker was on the pile

:class:`Record` holds the headers and the turns; ``str(record)`` is the text and
:meth:`Record.parse` reads it back, replaying it to check every action (a problem raises
:class:`~burraco.RecordError` naming the line). :meth:`Record.replay` gives every state of
the hand. :class:`History` collects the record of hands played by
:func:`~burraco.play_hand`, :func:`~burraco.play_out` or :func:`~burraco.play_match`, and
:class:`MatchRecord` holds the hands of a match, one record after the other.

>>> from burraco import GreedyAgent, play_hand
>>> history = History(names=["Anna", "Bruno", "Carla", "Dario"], date="2026-12-01")
>>> final = play_hand([GreedyAgent()] * 4, seed=7, on_action=history)
>>> record = history.record(seed=7)
>>> for line in str(record).splitlines()[:10]:
...     print(line)
[Rules "classic"]
[Players "4"]
[Dealer "0"]
[Seed "7"]
[Seat0 "Anna"]
[Seat1 "Bruno"]
[Seat2 "Carla"]
[Seat3 "Dario"]
[Date "2026-12-01"]
[Result "team 0 ...; closed by seat ..."]
>>> Record.parse(str(record)).replay()[-1] == final
True

The grammar is in :doc:`/reference/record`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from burraco.actions import Action, Discard, parse_action
from burraco.cards import Card, format_cards, parse_cards
from burraco.engine import apply, call_time_out, new_game
from burraco.errors import (
    BurracoError,
    IllegalActionError,
    InvalidStateError,
    Reason,
    RecordError,
    excerpt,
    number_text,
)
from burraco.match import Match
from burraco.rules import PRESETS, Rules
from burraco.scoring import HandScore, score_hand
from burraco.serialize import closest_preset, from_dict, full_rules_body
from burraco.state import EndReason, GameState, Phase

__all__ = [
    "MAX_RECORD_LENGTH",
    "Headers",
    "History",
    "MatchRecord",
    "Record",
    "Turn",
    "deal_order",
]

MAX_RECORD_LENGTH: Final = 1_000_000
"""The longest record, in characters, that :meth:`Record.parse` and :meth:`MatchRecord.parse`
read (about a hundred times the longest match a table plays); a longer text raises
:class:`~burraco.RecordError` before anything is read."""

_NAME: Final = r"[A-Za-z][A-Za-z0-9_.]*"
_HEADER: Final = re.compile(rf'\[({_NAME})[ \t]+"((?:[^"\\]|\\.)*)"\]', re.ASCII)
"""A header line. The value's pattern takes one character (or one escape) a step: a run of
characters a step, nested in the repetition, would try every way to split a run when the line
does not match, which takes exponential time."""
_TURN: Final = re.compile(
    r"([0-9]+)\.[ \t]*seat[ \t]+([0-9]+)[ \t]*:(.*)", re.ASCII | re.IGNORECASE | re.DOTALL
)
_WHOLE: Final = re.compile(r"[0-9]{1,30}", re.ASCII)
"""A whole number in a record: ASCII digits only (no sign, space or other script's digits)."""
_BLANKS: Final = " \t"
"""The characters that separate tokens on a line (and are stripped at its ends)."""
_BOM: Final = "\ufeff"
_RULE_PREFIX: Final = "Rules."
_UNFINISHED: Final = "*"


class Headers(Mapping[str, str]):
    """The headers of a record: a read-only mapping from name to text, in the order written.

    >>> headers = Headers([("Rules", "classic"), ("Seed", "7")])
    >>> headers["Seed"], list(headers), headers.get("Date")
    ('7', ['Rules', 'Seed'], None)

    Raises:
        ValueError: if a name is given twice.
    """

    __slots__ = ("_by_name", "_items")

    def __init__(self, items: Iterable[tuple[str, str]] | Mapping[str, str] = ()) -> None:
        pairs = tuple(items.items()) if isinstance(items, Mapping) else tuple(items)
        by_name: dict[str, str] = {}
        for name, value in pairs:
            if name in by_name:
                raise ValueError(f"the header {excerpt(name)} is given twice")
            by_name[name] = value
        self._items = pairs
        self._by_name = by_name

    def __getitem__(self, name: str) -> str:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Headers):
            return self._items == other._items
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"Headers({list(self._items)!r})"


def _headers(value: Iterable[tuple[str, str]] | Mapping[str, str]) -> Headers:
    return value if isinstance(value, Headers) else Headers(value)


@attrs.frozen
class Turn:
    """One seat's turn: its actions, from the draw to the discard, and an optional comment."""

    seat: int
    """The seat that plays the turn."""
    actions: tuple[Action, ...]
    """The actions, in order (the last turn of an unfinished record may stop before the
    discard)."""
    comment: str = ""
    """A remark written after ``#`` on the turn's line (empty for none)."""

    def __str__(self) -> str:
        text = f"seat {self.seat}: " + "; ".join(str(action) for action in self.actions)
        return f"{text}  # {self.comment}" if self.comment else text


@attrs.frozen
class Record:
    """The record of one hand: headers (name and text, in order) and the turns.

    Build one with :meth:`from_actions` or :class:`History`, or read one with :meth:`parse`.
    The headers that the library reads are ``Rules`` (a preset name), ``Players``, any
    ``Rules.FIELD`` (a switch of :class:`~burraco.Rules` that differs from the preset),
    ``Dealer``, ``Seed`` or ``Deck`` (the deal), ``Seat0`` ... (the players' names), ``Date``,
    ``TimeOut`` (the number of the turn during which time was called, see
    :func:`~burraco.call_time_out`) and ``Result``; any other header (``Event``, ``Hand``,
    ...) is kept as it is.
    """

    headers: Headers = attrs.field(converter=_headers)
    """The headers, a mapping from name to text in the order they are written (built from
    ``(name, value)`` pairs or any mapping)."""
    turns: tuple[Turn, ...]
    """The turns, in the order they were played."""
    _lines: tuple[int, ...] = attrs.field(default=(), eq=False, repr=False, alias="_lines")
    """The line of each header and each turn in the parsed text (empty: as ``str`` lays it
    out)."""

    # --- building ---

    @classmethod
    def from_actions(
        cls,
        deal: GameState,
        actions: Iterable[Action],
        *,
        seed: int | None = None,
        names: Sequence[str] = (),
        date: str | None = None,
        comments: Mapping[int, str] | None = None,
        headers: Iterable[tuple[str, str]] | Mapping[str, str] = (),
        time_out: int | None = None,
    ) -> Record:
        """The record of the hand dealt as ``deal`` and played with ``actions`` (all of the hand
        or its beginning).

        ``time_out``, if time was called (:func:`~burraco.call_time_out`), is the number of
        actions played before the call; the record names the turn it fell in (a ``TimeOut``
        header), which is all that decides how the hand ends.

        ``seed``, if the deal came from ``new_game(rules, seed=seed, dealer=...)``, is written
        instead of the whole deck. ``names`` are the players' names by seat, ``date`` any text
        (``"2026-12-01"``), ``comments`` a remark for some turns by turn number (from 1), and
        ``headers`` more headers to write after the others, such as ``("Event", "club night")``.

        Raises:
            ValueError: if ``deal`` is not a state just dealt, ``seed`` does not deal it, a
                name or header cannot be written, or ``time_out`` is not a number of the
                actions before the end of the hand.
            IllegalActionError: if an action is not legal where it comes.
        """
        deck = deal_order(deal)
        rules = deal.rules
        if seed is not None and not (
            isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 10**30
        ):
            raise ValueError(
                "a record's seed is a whole number from 0 to 30 digits long, not "
                f"{number_text(seed) if isinstance(seed, int) else excerpt(repr(seed))}: "
                "give no seed to write the whole deck"
            )
        if seed is not None and new_game(rules, seed=seed, dealer=deal.dealer) != deal:
            raise ValueError(f"the seed {seed} does not deal this hand")
        written = [("Rules", closest_preset(rules)), ("Players", str(rules.players))]
        base = attrs.evolve(PRESETS[closest_preset(rules)], players=rules.players)
        body, base_body = _rules_body(rules), _rules_body(base)
        for name in body:
            if body[name] != base_body[name]:
                written.append((_RULE_PREFIX + name, _rule_text(body[name])))
        written.append(("Dealer", str(deal.dealer)))
        written.append(("Seed", str(seed)) if seed is not None else ("Deck", format_cards(deck)))
        if names and len(names) != rules.players:
            raise ValueError(f"give a name for each of the {rules.players} seats, or none")
        written += [(f"Seat{seat}", name) for seat, name in enumerate(names)]
        if date is not None:
            written.append(("Date", date))
        turns: list[Turn] = []
        state = deal
        current: list[Action] = []
        called: int | None = None  # the number of the turn time was called in
        played = list(actions)
        if time_out is not None and not 0 <= time_out <= len(played):
            raise ValueError(f"time_out is a number of actions from 0 to {len(played)}")
        for index, action in enumerate(played):
            if index == time_out:
                called = len(turns) + 1
                state = call_time_out(state)
            seat = state.turn
            state = apply(state, action)
            current.append(action)
            if state.is_over or isinstance(action, Discard):
                turns.append(Turn(seat, tuple(current)))
                current = []
        if time_out == len(played):
            if state.is_over:
                raise ValueError("time cannot be called after the hand is over")
            called = len(turns) + 1
            state = call_time_out(state)
        if current:
            turns.append(Turn(state.turn, tuple(current)))
        for number, text in (comments or {}).items():
            if not 1 <= number <= len(turns):
                raise ValueError(f"no turn {number} to comment: the record has {len(turns)}")
            if not isinstance(text, str) or not text.isprintable():
                raise ValueError(f"a comment is one line of printable text, not {excerpt(text)}")
            turns[number - 1] = attrs.evolve(turns[number - 1], comment=text)
        if called is not None:
            written.append(("TimeOut", str(called)))
        written.append(("Result", _result(state)))
        written += list(_headers(headers).items())
        for name, value in written:
            _check_header(name, value)
        return cls(Headers(written), tuple(turns))

    # --- reading ---

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record, and replay it to check it.

        Blank lines and lines that begin with ``#`` are skipped; a turn's comment is what
        follows ``#`` on its line.

        >>> record = Record.parse('''
        ... [Rules "classic"]
        ... [Seed "7"]
        ...
        ... 1. seat 1: draw; discard 9C
        ... ''')
        >>> record.rules.name, record.dealer, len(record.replay())
        ('classic', 0, 3)
        >>> Record.parse('[Rules "classic"]\\n[Seed "7"]\\n\\n1. seat 1: draw; discard QC')
        Traceback (most recent call last):
        ...
        burraco.errors.RecordError: line 4: illegal action 'discard QC' by seat 1:
        card-not-in-hand: the hand does not hold QC; it holds AS 3S 6H 9H KH 5D 10D KD 4C 9C JK JK

        The text is lines of printable characters (tabs count as spaces), each ended by a line
        feed (``\\n``, or ``\\r\\n``); a byte-order mark at the start is skipped. Numbers
        (turns, seats, ``Players``, ``Dealer``, ``Seed``, ``Rules.FIELD`` values) are ASCII
        digits, at most 30 of them, and never negative; header names and the words of the turns
        (``seat``, the actions) are ASCII, as in the JSON format.

        Raises:
            RecordError: for the first problem, naming its line: a text longer than
                :data:`MAX_RECORD_LENGTH` (line 0), a character outside the grammar, a line
                that is neither a header nor a turn, a missing or impossible header, a turn
                out of order or for the wrong seat, bad notation, an illegal action, or a
                ``Result`` that the replay does not give. Nothing else is raised, whatever
                the text; the message quotes at most a short excerpt of it.
        """
        hands = _split(text)
        if len(hands) > 1:
            raise RecordError(
                "a second hand begins here: read several hands with MatchRecord.parse",
                line=hands[1][0][0],
            )
        record = _parse_hand(hands[0] if hands else [])
        record.replay()
        return record

    # --- what the headers say ---

    def header(self, name: str) -> str | None:
        """The value of the header ``name``, or ``None`` if the record has none."""
        return self.headers.get(name)

    @property
    def rules(self) -> Rules:
        """The rules, from the ``Rules``, ``Players`` and ``Rules.FIELD`` headers.

        Raises:
            RecordError: if the headers do not give a rule set.
        """
        name = self.header("Rules")
        if name is None:
            raise RecordError(
                'a record needs a Rules header, such as [Rules "classic"]', line=self._first_line()
            )
        preset = PRESETS.get(name)
        if preset is None:
            raise RecordError(
                f"unknown rules {excerpt(name)}: the presets are {', '.join(sorted(PRESETS))}; "
                "write other switches as Rules.FIELD headers",
                line=self._header_line("Rules"),
            )
        body = _rules_body(preset)
        players = self.header("Players")
        if players is not None:
            body["players"] = _whole(players, self._header_line("Players"), "Players")
        for key, value in self.headers.items():
            if not key.startswith(_RULE_PREFIX):
                continue
            field = key[len(_RULE_PREFIX) :]
            if field not in body or field == "players":
                raise RecordError(
                    f"{excerpt(key)} is not a switch of the rules (the number of players is the "
                    "Players header)",
                    line=self._header_line(key),
                )
            body[field] = _rule_value(value, body[field], self._header_line(key), key)
        try:
            return _read_rules(body)
        except InvalidStateError as error:
            field = error.path.split(".")[1] if "." in error.path else ""
            key = "Players" if field == "players" else _RULE_PREFIX + field
            line = self._header_line(key)
            raise RecordError(
                f"impossible rules: {error}", line=line, reason=error.reason
            ) from None

    @property
    def dealer(self) -> int:
        """The seat that dealt (the ``Dealer`` header; 0 when there is none).

        Raises:
            RecordError: if the header is not a seat of the rules.
        """
        text = self.header("Dealer")
        if text is None:
            return 0
        line = self._header_line("Dealer")
        dealer = _whole(text, line, "Dealer")
        players = self.rules.players
        if dealer >= players:
            raise RecordError(f"Dealer is a seat from 0 to {players - 1}, not {dealer}", line=line)
        return dealer

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat (``Seat0`` ...); ``seat N`` for a seat with no name."""
        return tuple(
            self.header(f"Seat{seat}") or f"seat {seat}" for seat in range(self.rules.players)
        )

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the hand, in order."""
        return tuple(action for turn in self.turns for action in turn.actions)

    def deal(self) -> GameState:
        """The state as dealt: ``new_game`` with the rules, the dealer and the seed or deck.

        Raises:
            RecordError: if the headers do not give a deal (no ``Seed`` or ``Deck``, a bad
                card, a deck that is not the full packs, a dealer that is not a seat).
        """
        rules = self.rules
        dealer = self.dealer
        seed = self.header("Seed")
        deck = self.header("Deck")
        if (seed is None) == (deck is None):
            raise RecordError(
                "a record needs exactly one of the headers Seed and Deck to give the deal",
                line=self._header_line("Deck") if deck is not None else self._first_line(),
            )
        where = self._header_line("Seed" if seed is not None else "Deck")
        try:
            if seed is not None:
                return new_game(rules, seed=_whole(seed, where, "Seed"), dealer=dealer)
            assert deck is not None
            return new_game(rules, dealer=dealer, deck=parse_cards(deck))
        except BurracoError as error:
            raise RecordError(str(error), line=where, reason=error.reason) from None
        except ValueError as error:  # the dealer is not a seat
            raise RecordError(str(error), line=self._header_line("Dealer")) from None

    # --- replaying ---

    def replay(self) -> list[GameState]:
        """Every state of the hand: as dealt, then after each action.

        >>> record = Record.parse('[Rules "classic"]\\n[Seed "7"]\\n\\n1. seat 1: draw; discard 9C')
        >>> [state.phase.value for state in record.replay()]
        ['draw', 'play', 'draw']

        Raises:
            RecordError: naming the line of the first problem (see :meth:`parse`).
        """
        return [state for states in self._replay() for state in states]

    def replay_turns(self) -> list[GameState]:
        """The state as dealt, then the state after each turn."""
        first = self.deal()
        return [first, *(states[-1] for states in self._replay()[1:])]

    def final(self) -> GameState:
        """The last state of the record (the end of the hand, if the record is complete)."""
        return self._replay()[-1][-1]

    def _time_out_turn(self) -> int | None:
        """The number of the turn during which time was called (``TimeOut``), or ``None``."""
        text = self.header("TimeOut")
        if text is None:
            return None
        line = self._header_line("TimeOut")
        number = _whole(text, line, "TimeOut")
        if not 1 <= number <= len(self.turns) + 1:
            raise RecordError(
                f"TimeOut names the turn time was called in, 1 to {len(self.turns) + 1}, "
                f"not {number}",
                line=line,
            )
        return number

    def _replay(self) -> list[list[GameState]]:
        state = self.deal()
        played: list[list[GameState]] = [[state]]
        called = self._time_out_turn()
        for index, turn in enumerate(self.turns):
            line = self._turn_line(index)
            if called == index + 1 and not state.is_over:
                state = call_time_out(state)
            if state.is_over:
                raise RecordError(
                    "the hand ended on the turn before: no turn may follow", line=line
                )
            if turn.seat != state.turn:
                raise RecordError(
                    f"seat {state.turn} plays this turn, not seat {turn.seat}", line=line
                )
            if not turn.actions:
                raise RecordError("a turn needs at least one action", line=line)
            states = []
            for number, action in enumerate(turn.actions):
                if number and (state.is_over or state.phase is Phase.DRAW):
                    raise RecordError(
                        f"the turn ended with {excerpt(str(turn.actions[number - 1]))}, so "
                        f"{excerpt(str(action))} belongs on the next line",
                        line=line,
                    )
                try:
                    state = apply(state, action)
                except IllegalActionError as error:
                    raise RecordError(str(error), line=line, reason=error.reason) from None
                states.append(state)
            ended = state.is_over or state.phase is Phase.DRAW
            if not ended and index + 1 < len(self.turns):
                raise RecordError(
                    "the turn does not end (a turn ends with a discard) but another follows",
                    line=line,
                )
            played.append(states)
        if called == len(self.turns) + 1:
            if state.is_over:
                raise RecordError(
                    "time cannot be called after the hand is over",
                    line=self._header_line("TimeOut"),
                )
            state = call_time_out(state)
            played[-1] = [*played[-1][:-1], state]
        result = self.header("Result")
        if result is not None and result != _result(state):
            raise RecordError(
                f"the result says {excerpt(result)}, but the hand gives {_result(state)!r}",
                line=self._header_line("Result"),
            )
        return played

    # --- writing ---

    def __str__(self) -> str:
        lines = [f'[{name} "{_escape(value)}"]' for name, value in self.headers.items()]
        lines.append("")
        lines += [f"{number}. {turn}" for number, turn in enumerate(self.turns, 1)]
        return "\n".join(lines) + "\n"

    def _header_line(self, name: str) -> int:
        """The line of the header ``name``, or of the first header if there is none."""
        for index, key in enumerate(self.headers):
            if key == name:
                return self._lines[index] if self._lines else index + 1
        return self._first_line()

    def _first_line(self) -> int:
        return self._lines[0] if self._lines else 1

    def _turn_line(self, index: int) -> int:
        if self._lines:
            return self._lines[len(self.headers) + index]
        return len(self.headers) + 2 + index


@attrs.frozen
class MatchRecord:
    """The record of a match: the record of each hand, in order.

    ``str(match_record)`` writes the hands one after the other, a blank line between them;
    :meth:`parse` reads them back; :meth:`replay` scores them into a :class:`~burraco.Match`.
    """

    hands: tuple[Record, ...]
    """The hands, in the order they were played."""

    def __str__(self) -> str:
        return "\n".join(str(hand) for hand in self.hands)

    @classmethod
    def parse(cls, text: str) -> MatchRecord:
        """Read the records of a match's hands (each begins with its headers) and check them.

        Raises:
            RecordError: naming the line of the first problem in any hand, or of a hand that
                does not follow the one before (other rules, the wrong dealer, a hand after
                the match was won or after an unfinished hand).
        """
        hands = tuple(_parse_hand(lines) for lines in _split(text))
        if not hands:
            raise RecordError("the record holds no hand", line=0)
        record = cls(hands)
        record.replay()
        return record

    def replay(self) -> Match:
        """The match with every finished hand scored.

        Raises:
            RecordError: as for :meth:`parse`.
        """
        first = self.hands[0]
        rules, dealer = first.rules, first.dealer
        players = rules.players
        scores: list[HandScore] = []
        for index, hand in enumerate(self.hands):
            line = hand._header_line("Rules")
            if index:
                # the same rules, or after a switch to everyone alone (rules §14.3) those
                expected = Match(rules, dealer, tuple(scores)).hand_rules
                if hand.rules != expected:
                    raise RecordError(
                        "each hand of a match has the same rules (or, once a match of "
                        "first-out-alone partnerships switched, the rules of everyone alone)",
                        line=line,
                    )
                if hand.dealer != (dealer + index) % players:
                    raise RecordError(
                        f"seat {(dealer + index) % players} deals this hand (the deal passes to "
                        "the left)",
                        line=hand._header_line("Dealer"),
                    )
            final = hand.final()
            if not final.is_over:
                if index + 1 < len(self.hands):
                    raise RecordError("a hand that did not end cannot be followed", line=line)
                break
            scores.append(score_hand(final))
        try:  # one match built at the end: recording hand by hand costs the square of them
            return Match(rules, dealer, tuple(scores))
        except InvalidStateError as error:  # a hand after the match was won
            index = int(error.path[len("hands[") : -1])
            winner = Match(rules, dealer, tuple(scores[:index])).winner
            line = self.hands[index]._header_line("Rules")
            raise RecordError(f"team {winner} won the match before this hand", line=line) from None


class History:
    """Collects the record of every hand played with it as the ``on_action`` hook.

    Pass it to :func:`~burraco.play_hand`, :func:`~burraco.play_out` or
    :func:`~burraco.play_match` as ``on_action``; a hand begins whenever the state before an
    action is not the state after the previous one. Then :meth:`record` gives the record of a
    hand and :meth:`match_record` that of all of them.

    >>> from burraco import RandomAgent, play_match, Match
    >>> history = History()
    >>> match = play_match([RandomAgent(seat) for seat in range(4)], seed=3, on_action=history)
    >>> history.match_record().replay() == match
    True
    """

    def __init__(self, *, names: Sequence[str] = (), date: str | None = None) -> None:
        self.names = tuple(names)
        """The players' names by seat, written in every record (none if empty)."""
        self.date = date
        """The date written in every record (none if ``None``)."""
        self._hands: list[tuple[GameState, list[Action]]] = []
        self._time_outs: dict[int, int] = {}  # hand index: actions before time was called
        self._last: GameState | None = None

    def __call__(self, before: GameState, action: Action, after: GameState) -> None:
        """Note that ``action`` took ``before`` to ``after``. A ``before`` that is the last
        state with time called (:func:`~burraco.call_time_out`) notes the call."""
        last = self._last
        if before is not last and before != last:
            if (
                last is not None
                and self._hands
                and before.time_out_turns
                and not last.time_out_turns
                and call_time_out(last) == before
            ):
                self._time_outs[len(self._hands) - 1] = len(self._hands[-1][1])
            else:
                deal = before
                if before.time_out_turns:  # time called before the hand's first action
                    undone = attrs.evolve(before, time_out_turns=0)
                    if call_time_out(undone) == before:
                        deal = undone
                        self._time_outs[len(self._hands)] = 0
                self._hands.append((deal, []))
        self._hands[-1][1].append(action)
        self._last = after

    def __len__(self) -> int:
        """The number of hands collected."""
        return len(self._hands)

    def record(
        self,
        hand: int = -1,
        *,
        seed: int | None = None,
        comments: Mapping[int, str] | None = None,
        headers: Iterable[tuple[str, str]] | Mapping[str, str] = (),
    ) -> Record:
        """The record of one hand (by default the last one), with its own ``seed`` if known
        (otherwise the record gives the whole deck), comments and headers as for
        :meth:`Record.from_actions`.

        Raises:
            IndexError: if no such hand was collected.
            ValueError: if the hand was collected from a position after its deal.
        """
        deal, actions = self._hands[hand]
        return Record.from_actions(
            deal,
            actions,
            seed=seed,
            names=self.names,
            date=self.date,
            comments=comments,
            headers=headers,
            time_out=self._time_outs.get(hand % len(self._hands)),
        )

    def match_record(self) -> MatchRecord:
        """The record of all the hands collected, numbered by a ``Hand`` header.

        Raises:
            ValueError: if no hand was collected, or one was collected after its deal.
        """
        if not self._hands:
            raise ValueError("no hand was collected")
        return MatchRecord(
            tuple(
                self.record(index, headers=[("Hand", str(index + 1))])
                for index in range(len(self._hands))
            )
        )


def deal_order(state: GameState) -> list[Card]:
    """A deck order, top first, that :func:`~burraco.new_game` deals into ``state``.

    ``state`` must be a hand just dealt. Cards in a hand go back in sorted order (a hand is a
    set of cards, so any order within it deals the same hand).

    >>> from burraco import new_game
    >>> state = new_game(seed=9, dealer=2)
    >>> new_game(deck=deal_order(state), dealer=2) == state
    True

    Raises:
        ValueError: if ``state`` is not a hand as dealt (something was played already).
    """
    rules = state.rules
    fresh = (
        state.phase is Phase.DRAW
        and state.turn == (state.dealer + 1) % rules.players
        and len(state.discard_pile) == 1
        and len(state.stock) == rules.stock_size
        and len(state.pozzetti) == rules.pozzetti
        and not any(state.melds)
        and all(len(hand) == rules.hand_size for hand in state.hands)
    )
    if not fresh:
        raise ValueError("a record starts from a hand as dealt, before any action")
    players = rules.players
    deck: list[Card] = []
    for index in range(rules.hand_size * players):
        deck.append(state.hands[(state.dealer + 1 + index) % players][index // players])
    count = len(state.pozzetti)
    if len(set(rules.pozzetto_sizes)) == 1:  # dealt one card at a time to each in turn
        for index in range(rules.pozzetto_size * count):
            deck.append(state.pozzetti[index % count][index // count])
    else:  # unequal sizes (rules §14.1): one after the other
        for pozzetto in state.pozzetti:
            deck += pozzetto
    return [*deck, *state.discard_pile, *state.stock]


# --- helpers ------------------------------------------------------------------------------------


def _rule_text(value: Any) -> str:
    if value is None:  # pozzetto_sizes and everyone_alone_at left to their defaults
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):  # ranks, suits, or the classes of burraco with their bonuses
        return " ".join(
            " ".join(map(str, item)) if isinstance(item, list) else item for item in value
        )
    return str(value)


def _rules_body(rules: Rules) -> dict[str, Any]:
    """The rules as the saved-game format writes them in full: a value per field, in order."""
    return full_rules_body(rules)


def _read_rules(body: dict[str, Any]) -> Rules:
    """The rules that a saved-game body describes, checked as a saved game's are."""
    document = {"format": 1, "type": "match", "rules": body, "first_dealer": 0, "hands": []}
    return from_dict(document, Match).rules


_NULLABLE_HEADERS: Final = (_RULE_PREFIX + "pozzetto_sizes", _RULE_PREFIX + "everyone_alone_at")
"""The rule headers that may be ``none`` (the default: one pozzetto of ``pozzetto_size`` per
team; no switch to everyone alone)."""


def _rule_value(text: str, like: Any, line: int, key: str) -> Any:
    """The value of a ``Rules.FIELD`` header, of the same kind as ``like`` (the preset's)."""
    if text == "none" and key in _NULLABLE_HEADERS:
        return None
    if like is None and key in _NULLABLE_HEADERS:  # a number, or whole numbers (sizes)
        words = [word for word in re.split(r"[ \t]+", text) if word]
        numbers = [_whole(word, line, key) for word in words]
        return numbers if key.endswith("sizes") else (numbers[0] if len(numbers) == 1 else text)
    if isinstance(like, bool):
        if text not in ("true", "false"):
            raise RecordError(f"{key} is true or false, not {excerpt(text)}", line=line)
        return text == "true"
    if isinstance(like, int):
        return _whole(text, line, key)
    if isinstance(like, list):
        words = [word for word in re.split(r"[ \t]+", text) if word]
        if like and isinstance(like[0], int):  # pozzetto sizes: "18 11"
            return [_whole(word, line, key) for word in words]
        if like and isinstance(like[0], list):  # classes and bonuses: "clean 200 dirty 100"
            pairs = [words[i : i + 2] for i in range(0, len(words), 2)]
            if any(len(pair) != 2 or not re.fullmatch(r"[0-9]{1,9}", pair[1]) for pair in pairs):
                raise RecordError(
                    f"{key} names each class of burraco then its bonus, such as "
                    f"'clean 200 dirty 100', not {excerpt(text)}",
                    line=line,
                )
            return [[kind, int(bonus)] for kind, bonus in pairs]
        return words
    return text


def _whole(text: str, line: int, key: str) -> int:
    """A number of a record: ASCII digits, at most 30 of them (so never a sign or a space)."""
    if not _WHOLE.fullmatch(text):
        raise RecordError(
            f"{key} is a whole number of 0 or more, in at most 30 digits 0-9, not {excerpt(text)}",
            line=line,
        )
    return int(text)


def _result(state: GameState) -> str:
    """The ``Result`` header of a hand: each team's score and how it ended, or ``*``."""
    outcome = state.outcome
    if outcome is None:
        return _UNFINISHED
    score = score_hand(state)
    scores = ", ".join(f"team {team} {part.total}" for team, part in enumerate(score.teams))
    if len(state.hands) % len(state.partners):  # pairs formed (rules §14): each seat's points
        scores += (
            " ("
            + ", ".join(f"seat {seat} {points}" for seat, points in enumerate(score.seat_points))
            + ")"
        )
    if outcome.closer is not None:
        how = f"closed by seat {outcome.closer}"
    else:
        how = _ENDINGS[outcome.reason]
    return f"{scores}; {how}"


_ENDINGS: Final = {
    EndReason.STOCK_EXHAUSTED: "stock exhausted",
    EndReason.STALEMATE: "stalemate",
    EndReason.TIME_OUT: "time out",
}
"""How the ``Result`` header words the ends of a hand without a closer."""


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _check_header(name: str, value: str) -> None:
    if not isinstance(name, str) or not re.fullmatch(_NAME, name, re.ASCII):
        raise ValueError(
            f"a header name is a letter then letters, digits, '_' or '.', not {excerpt(name)}"
        )
    if not isinstance(value, str) or not value.isprintable():
        raise ValueError(f"the header {name} must be one line of printable text")


def _split(text: str) -> list[list[tuple[int, str]]]:
    """The numbered lines of each hand: a hand begins at a header that follows a turn.

    Lines end at a line feed (a carriage return before it is dropped); every other character
    must be printable or a tab, and a byte-order mark may open the text.
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}", line=0)
    if len(text) > MAX_RECORD_LENGTH:
        raise RecordError(
            f"the record is {len(text):,} characters long; a record is at most "
            f"{MAX_RECORD_LENGTH:,}",
            line=0,
        )
    if text.startswith(_BOM):
        text = text[1:]
    hands: list[list[tuple[int, str]]] = []
    in_turns = False
    for number, raw in enumerate(text.split("\n"), 1):
        if raw.endswith("\r"):
            raw = raw[:-1]
        if not raw.isprintable():
            _check_characters(raw, number)
        line = raw.strip(_BLANKS)
        if not line or line.startswith("#"):
            continue
        is_header = line.startswith("[")
        if not hands or (is_header and in_turns):
            hands.append([])
            in_turns = False
        hands[-1].append((number, line))
        in_turns = in_turns or not is_header
    return hands


def _check_characters(line: str, number: int) -> None:
    """Reject the first character of ``line`` that is neither printable nor a tab."""
    for char in line:
        if not char.isprintable() and char != "\t":
            raise RecordError(
                f"U+{ord(char):04X} is not allowed here: a record is lines of printable "
                "characters, ended by a line feed",
                line=number,
            )


def _parse_hand(lines: list[tuple[int, str]]) -> Record:
    headers: list[tuple[str, str]] = []
    seen: set[str] = set()
    turns: list[Turn] = []
    numbers: list[int] = []
    turn_numbers: list[int] = []
    for number, line in lines:
        if line.startswith("["):
            match = _HEADER.fullmatch(line)
            if match is None:
                raise RecordError(f'a header is [Name "value"], not {excerpt(line)}', line=number)
            name, value = match[1], _unescape(match[2])
            if name in seen:
                raise RecordError(f"the header {excerpt(name)} is given twice", line=number)
            seen.add(name)
            headers.append((name, value))
            numbers.append(number)
            continue
        turns.append(_parse_turn(line, number, len(turns) + 1))
        turn_numbers.append(number)
    if not headers:
        raise RecordError(
            'a record begins with its headers, such as [Rules "classic"]',
            line=lines[0][0] if lines else 1,
        )
    return Record(Headers(headers), tuple(turns), tuple(numbers + turn_numbers))


def _parse_turn(line: str, number: int, expected: int) -> Turn:
    body, _, comment = line.partition("#")
    match = _TURN.fullmatch(body.strip(_BLANKS))
    if match is None:
        raise RecordError(
            f"a turn is 'N. seat S: ACTION; ACTION ...', not {excerpt(line)}", line=number
        )
    turn = _whole(match[1], number, "a turn's number")
    if turn != expected:
        raise RecordError(f"expected turn {expected} here, not turn {turn}", line=number)
    seat = _whole(match[2], number, "a seat")
    actions = []
    for text in match[3].split(";"):
        action = text.strip(_BLANKS)
        try:
            actions.append(parse_action(action))
        except BurracoError as error:
            raise RecordError(str(error), line=number, reason=error.reason) from None
        except ValueError:  # a meld number too large to read
            raise RecordError(
                f"bad action {excerpt(action)}", line=number, reason=Reason.BAD_ACTION
            ) from None
    return Turn(seat, tuple(actions), comment.strip(_BLANKS))
