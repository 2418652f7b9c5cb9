"""One table: its settings, its seats' tokens, the hand under way and the match so far.

A :class:`Table` is plain Python, with no network and no clock: the server's manager calls
:meth:`Table.play` for an accepted action and :meth:`Table.next_hand` to deal on in a match,
and stores what they return. Its event number starts at 1 (the first deal) and grows by one
per accepted action and per hand dealt afterwards.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any, Final

import attrs

from burraco.actions import Action
from burraco.agents import AGENT_NAMES
from burraco.engine import apply
from burraco.i18n import LOCALES
from burraco.match import Match
from burraco.record import Record
from burraco.rules import PLAYER_COUNTS, PRESETS, Rules
from burraco.scoring import score_hand
from burraco.server.deals import Deal
from burraco.server.protocol import Played, took_with_pile
from burraco.state import GameState

__all__ = [
    "HUMAN",
    "MAX_CLOCK",
    "MIN_CLOCK",
    "Table",
    "TableConfig",
    "new_table_id",
    "new_token",
]

HUMAN: Final = "human"
"""The seat kind of a person; every other seat is an agent, named as ``burraco duel`` does."""

MIN_CLOCK: Final = 5.0
"""The shortest turn clock a table may have, in seconds."""
MAX_CLOCK: Final = 3600.0
"""The longest turn clock a table may have, in seconds."""


def new_table_id() -> str:
    """An unguessable table id (it is also what a spectator's link holds)."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    """An unguessable seat token."""
    return secrets.token_urlsafe(24)


@attrs.frozen
class TableConfig:
    """What a table was created with (``POST /api/tables``)."""

    rules_name: str
    """The rule preset, a key of :data:`burraco.PRESETS`."""
    players: int
    """2 to 6 (:data:`~burraco.rules.PLAYER_COUNTS`); ``fibur3`` and ``fibur5`` seat 3 and 5."""
    seats: tuple[str, ...]
    """For each seat, ``"human"`` or an agent's name (``random``, ``greedy``, ``search``)."""
    match: bool = False
    """A match to the rules' target (``True``) or a single hand."""
    seed: int | None = None
    """For a practice table, the seed its creator chose, which every deal is drawn from (and
    which the table shows); ``None`` for a table whose deals nobody knows in advance."""
    clock: float | None = None
    """Seconds per turn for a person, after which a bot plays the turn; ``None``: no clock."""
    listed: bool = False
    """Whether the lobby lists the table, its free seats open to anyone (``False``: a private
    table, its seats by link only)."""
    spectators: bool = True
    """Whether anyone may watch (``False``: a connection without a seat's token is refused)."""
    rated: bool = False
    """Whether the table's results change its players' ratings."""
    language: str = "en"
    """The language the table is played in, as the lobby shows it (a tag of
    :data:`burraco.i18n.LOCALES`)."""
    accounts: tuple[str | None, ...] = ()
    """At a rated table, for each seat, the player id of the person sitting there (``None``:
    a bot, or nobody yet); empty elsewhere."""

    @property
    def practice(self) -> bool:
        """Whether the creator chose the seed, and so knows every hand."""
        return self.seed is not None

    @property
    def rules(self) -> Rules:
        """The rules: the preset for this number of players."""
        return attrs.evolve(PRESETS[self.rules_name], players=self.players)

    def to_json(self) -> str:
        """The settings as JSON (as the request gives them)."""
        return json.dumps(
            {
                "rules": self.rules_name,
                "players": self.players,
                "seats": list(self.seats),
                "match": self.match,
                "seed": self.seed,
                "clock": self.clock,
                "listed": self.listed,
                "spectators": self.spectators,
                "rated": self.rated,
                "language": self.language,
                "accounts": list(self.accounts),
            }
        )

    @classmethod
    def from_request(cls, data: object) -> TableConfig:
        """Check a request's settings.

        Raises:
            ValueError: naming the field that is wrong and what it may be.
        """
        if not isinstance(data, dict):
            raise ValueError('the request must be a JSON object such as {"players": 4}')
        known = {"rules", "players", "seats", "match", "seed", "clock", "listed", "spectators"}
        known |= {"rated", "language", "player"}
        unknown = sorted(str(key)[:30] for key in data if key not in known)
        if unknown:
            raise ValueError(
                f"unknown field(s) {', '.join(unknown)}: give {', '.join(sorted(known))}"
            )
        rules_name = data.get("rules", "classic")
        presets = sorted(PRESETS)
        if not isinstance(rules_name, str) or rules_name.lower() not in PRESETS:
            raise ValueError(
                f"rules {str(rules_name)[:30]!r} is not a preset: choose from {presets}"
            )
        players = data.get("players", PRESETS[rules_name.lower()].players)
        if isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise ValueError(f"players {str(players)[:10]!r} is not 2, 3, 4, 5 or 6")
        try:  # fibur3 and fibur5 (rules §14) seat their own number of players only
            attrs.evolve(PRESETS[rules_name.lower()], players=players)
        except ValueError as error:
            raise ValueError(
                f"rules {rules_name.lower()!r} with {players} players: {error}"
            ) from None
        seats = data.get("seats", [HUMAN] + ["greedy"] * (players - 1))
        if not isinstance(seats, list) or len(seats) != players:
            raise ValueError(f"seats must be a list of {players} names, one per seat")
        kinds = (HUMAN, *AGENT_NAMES)
        for index, seat in enumerate(seats):
            if not isinstance(seat, str) or seat not in kinds:
                raise ValueError(
                    f"seats[{index}] {str(seat)[:30]!r} is not one of {', '.join(kinds)}"
                )
        match = data.get("match", False)
        if not isinstance(match, bool):
            raise ValueError("match must be true (a match to the target) or false (one hand)")
        seed = data.get("seed")
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
        ):
            raise ValueError(f"seed {str(seed)[:30]!r} must be a whole number from 0 to 2**63 - 1")
        clock = data.get("clock")
        if clock is not None and (
            isinstance(clock, bool)
            or not isinstance(clock, int | float)
            or not MIN_CLOCK <= clock <= MAX_CLOCK
        ):
            raise ValueError(f"clock {str(clock)[:20]!r} must be null or seconds from 5 to 3600")
        switches = {}
        for name, default in (("listed", False), ("spectators", True), ("rated", False)):
            value = data.get(name, default)
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be true or false")
            switches[name] = value
        language = data.get("language", "en")
        if language not in LOCALES:
            raise ValueError(f"language {str(language)[:20]!r} is not one of {', '.join(LOCALES)}")
        if switches["rated"] and seed is not None:
            raise ValueError("a rated table deals from secret seeds: give no seed")
        return cls(
            rules_name.lower(),
            players,
            tuple(seats),
            match,
            seed,
            None if clock is None else float(clock),
            listed=switches["listed"],
            spectators=switches["spectators"],
            rated=switches["rated"],
            language=language,
            accounts=(None,) * players if switches["rated"] else (),
        )

    @classmethod
    def from_json(cls, text: str) -> TableConfig:
        """Settings stored with :meth:`to_json`."""
        data = json.loads(text)
        accounts = data.pop("accounts", [])
        config = cls.from_request(data)
        if accounts:
            config = attrs.evolve(config, accounts=tuple(accounts))
        return config


class Table:
    """A table's hand under way, its history and the match so far.

    Build one with :meth:`create`, or restore one from what was stored (the constructor, then
    :meth:`restore_hand` for each hand).
    """

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        tokens: tuple[str | None, ...],
        bot_seed: int,
    ) -> None:
        self.id = table_id
        """The table's id."""
        self.config = config
        """The settings."""
        self.tokens = tokens
        """For each seat, its token (``None`` for a bot's seat)."""
        self.bot_seed = bot_seed
        """The secret the bots' seeds are drawn from (:meth:`bot_seed_for`), apart from the
        deals'."""
        self.match = Match.start(config.rules)
        """The hands scored so far (for a single hand, just that one)."""
        self.hand = 0
        """The number of the hand under way, from 0."""
        self.start_event = 1
        """The event of the deal of the hand under way."""
        self.deal: Deal | None = None
        """The deal of the hand under way, with the salt of its commitment."""
        self.states: list[GameState] = []
        """The states of the hand under way, from the deal: ``states[k]`` is event
        ``start_event + k``."""
        self.history: list[Played] = []
        """The actions of the hand under way."""

    @classmethod
    def create(cls, config: TableConfig) -> Table:
        """A new table with fresh tokens for its people and a secret for its bots, its first
        hand dealt."""
        tokens = tuple(new_token() if kind == HUMAN else None for kind in config.seats)
        table = cls(new_table_id(), config, tokens, secrets.randbits(63))
        table.restore_hand(0, 1, table.draw(0), [])
        return table

    def draw(self, hand: int) -> Deal:
        """The deal of hand number ``hand`` (from 0) by the match's dealer: from a secret seed,
        or at a practice table as ``burraco play --seed`` deals it (a single hand from the
        table's seed, the hands of a match from ``f"{seed}:{hand}"``)."""
        seed = self.config.seed
        chosen = None if seed is None else f"{seed}:{hand}" if self.config.match else seed
        # after a switch to everyone alone (rules §14.3) the match deals under other rules
        return Deal.draw(self.match.hand_rules, dealer=self.match.dealer, seed=chosen)

    def restore_hand(
        self, hand: int, start_event: int, deal: Deal, actions: list[tuple[Action, bool]]
    ) -> None:
        """Make hand number ``hand``, dealt at event ``start_event``, the one under way, and
        play ``actions`` (each with whether the clock played it) from its deal."""
        self.hand = hand
        self.start_event = start_event
        self.deal = deal
        self.history = []
        self.states = [deal.state]
        for action, by_clock in actions:
            self.play(action, by_clock=by_clock)

    def bot_seed_for(self, seat: int) -> int:
        """The seed of the bot's decision at ``seat`` for the current event: from the bots'
        secret, the hand and the event, so that a replay with the secret decides the same."""
        text = f"{self.bot_seed}:{self.hand}:{self.event}:{seat}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1

    @property
    def commitment(self) -> str | None:
        """The commitment to the deal of the hand under way."""
        return None if self.deal is None else self.deal.commitment

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.states[-1]

    @property
    def event(self) -> int:
        """The number of the last event."""
        return self.start_event + len(self.history)

    @property
    def is_over(self) -> bool:
        """Whether the table is done: its hand is over and no other hand follows."""
        return self.state.is_over and (not self.config.match or self.match.is_over)

    @property
    def bots_only(self) -> bool:
        """Whether no person sits at the table."""
        return HUMAN not in self.config.seats

    @property
    def running_bots_alone(self) -> bool:
        """Whether this is a table of bots alone that is still playing."""
        return self.bots_only and not self.is_over

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or ``None`` (compared in constant time, as bytes)."""
        given = token.encode("utf-8", "replace")
        found = None
        for seat, mine in enumerate(self.tokens):
            if mine is not None and hmac.compare_digest(mine.encode(), given):
                found = seat
        return found

    def play(self, action: Action, *, by_clock: bool = False) -> Played:
        """Play ``action`` for the seat to act (raises as :func:`~burraco.apply` does, and
        then nothing changes); score the hand when it ends."""
        before = self.state
        after = apply(before, action)
        played = Played(
            before.turn,
            action,
            by_clock,
            took_with_pile(before, action),
            pozzetto=len(after.pozzetti) < len(before.pozzetti),
        )
        self.states.append(after)
        self.history.append(played)
        if after.is_over:
            self.match = self.match.record(score_hand(after))
        return played

    @property
    def deals_on(self) -> bool:
        """Whether the hand is over and the match goes on to another."""
        return self.state.is_over and not self.is_over

    def next_hand(self) -> GameState:
        """Deal the next hand of the match (call when :attr:`deals_on`)."""
        assert self.deals_on
        event = self.event
        self.restore_hand(self.hand + 1, event + 1, self.draw(self.hand + 1), [])
        return self.state

    def record(self) -> Record:
        """The game record of the hand under way (all of it, hidden cards too)."""
        names = tuple(
            kind if kind != HUMAN else f"seat {seat}" for seat, kind in enumerate(self.config.seats)
        )
        return Record.from_actions(
            self.states[0],
            [played.action for played in self.history],
            names=names,
            headers=[("Hand", str(self.hand + 1))],
        )

    def public(self, connected: set[int]) -> dict[str, Any]:
        """The public facts: settings (the seed of a practice table only), seats and who is
        connected, the commitment to the deal under way, whether over."""
        config = self.config
        facts: dict[str, Any] = {
            "table": self.id,
            "rules": config.rules_name,
            "players": config.players,
            "match": config.match,
            "clock": config.clock,
            "practice": config.practice,
            "listed": config.listed,
            "spectators": config.spectators,
            "rated": config.rated,
            "language": config.language,
        }
        if config.practice:
            facts["seed"] = config.seed
        facts.update(
            {
                "seats": [
                    {"seat": seat, "player": kind, "connected": kind != HUMAN or seat in connected}
                    for seat, kind in enumerate(config.seats)
                ],
                "event": self.event,
                "hand": self.hand + 1,
                "score": list(self.match.totals),
                "over": self.is_over,
                "commitment": self.commitment,
            }
        )
        return facts
