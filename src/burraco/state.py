"""The state of a hand: :class:`GameState`, its phases and how a hand ends.

A :class:`GameState` is a frozen value. :func:`burraco.new_game` deals one and
:func:`burraco.apply` returns the next one; nothing changes a state in place. Equal positions
compare and hash equal (hands are kept sorted).

Seats are numbered 0 to ``players - 1`` in playing order (each plays after the one before,
to its left). The team of seat ``s`` is ``s % teams``, so partners sit opposite: with four
players seats 0 and 2 play against 1 and 3. With the clubs' method for three and five players
(``partnerships`` first-out-alone, rules §14) the teams change once during the hand:
:attr:`GameState.partners` lists the current ones.
"""

from __future__ import annotations

import warnings
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final, TypeVar

import attrs

from burraco._engine.build import python_class
from burraco.cards import CODE_KEY, Card, format_cards
from burraco.melds import Meld, burraco_kind
from burraco.rules import Rules

if TYPE_CHECKING:
    from burraco._engine.movegen import TeamFacts

T = TypeVar("T")

__all__ = [
    "EndReason",
    "GameState",
    "Outcome",
    "Phase",
]


class Phase(StrEnum):
    """Where the player to act is in the turn."""

    DRAW = "draw"
    """The turn begins: draw from the stock or take the discard pile."""
    PLAY = "play"
    """After the draw: meld any number of times, then discard."""
    OVER = "over"
    """The hand has ended; see :attr:`GameState.outcome`."""


_DRAW_PHASE: Final = Phase.DRAW
_PLAY_PHASE: Final = Phase.PLAY
_OVER_PHASE: Final = Phase.OVER
"""The phases as module constants, for hot paths here and in the engine: ``Phase.DRAW`` is a
class attribute lookup through the enum's metaclass, several times a global's cost."""


class EndReason(StrEnum):
    """How a hand ended."""

    CLOSED = "closed"
    """A player closed (went out) with a legal final discard (rules §7.1)."""
    STOCK_EXHAUSTED = "stock-exhausted"
    """A draw left only the two dead cards in the stock (rules §8)."""
    STALEMATE = "stalemate"
    """A full round of one-card discard-pile swaps with nobody drawing (rules §8)."""
    TIME_OUT = "time-out"
    """Time was called (:func:`burraco.call_time_out`) and every seat has since completed its
    last turn (rules §13.2)."""


@python_class
@attrs.frozen
class Outcome:
    """How and by whom a hand ended."""

    reason: EndReason
    """Why the hand ended."""
    closer: int | None = None
    """The seat that closed, or ``None`` when nobody closed."""


@python_class
class _StateSlots:
    """The slots of :class:`GameState`'s fields, in a class that is not frozen (private).

    :func:`new_state` (behind :meth:`GameState.from_fields`) fills one with plain attribute
    stores and then makes it a :class:`GameState` by assigning its ``__class__``: the two have
    the same layout, since attrs reuses these slots for the fields and adds none of its own. A
    store of a plain slot costs a fraction of a call to a frozen class's slot setter. No
    instance of this class outlives :func:`new_state`. It declares no attribute types, so
    that type checkers still see every field of a :class:`GameState` as read-only.

    One slot is no field: ``_meld_facts``, what the move generator reads of each team's melds
    (see :func:`meld_facts`). :func:`new_state` sets it with the fields, and nothing writes it
    later; attrs knows nothing of it, so a state's equality, hash, ``repr``, copies, pickles
    and serialisation are those of its fields alone (a state built any other way, by the
    constructor, a copy or an unpickling, has it unset).
    """

    __slots__ = (
        "__weakref__",
        "_meld_facts",
        "dealer",
        "discard_pile",
        "hands",
        "known",
        "melded_this_turn",
        "melds",
        "outcome",
        "partners",
        "phase",
        "pile_card",
        "pozzetti",
        "pozzetto_taken",
        "rules",
        "stalemate_turns",
        "stock",
        "taken_from_pile",
        "time_out_turns",
        "turn",
        "unseen_pozzetto",
    )


@python_class
@attrs.frozen
class GameState(_StateSlots):
    """One position of a hand: everything on the table and in every hand.

    Build the first one with :func:`burraco.new_game`; get the next with
    :func:`burraco.apply`. ``str(state)`` is a compact table for a terminal. The state sees
    everything; :func:`burraco.observe` gives what one seat may see.
    """

    rules: Rules
    """The rules the hand is played under."""
    dealer: int
    """The seat that dealt; the first player is the seat to its left."""
    turn: int
    """The seat to act (after the hand ends, the seat that acted last)."""
    phase: Phase
    """Draw, play, or over."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted. A pozzetto taken on the discard is its taker's hand."""
    melds: tuple[tuple[Meld, ...], ...]
    """Each team's melds, in the order they were laid (the index used by ``add N``)."""
    stock: tuple[Card, ...]
    """The stock, its top card first (the next :class:`~burraco.DrawStock` takes
    ``stock[0]``)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, its top card last."""
    pozzetti: tuple[tuple[Card, ...], ...]
    """The pozzetti not yet taken, in the order they will be taken."""
    pozzetto_taken: tuple[bool, ...]
    """For each team, whether it has taken its pozzetto."""
    outcome: Outcome | None = None
    """``None`` while the hand goes on; how it ended afterwards."""
    taken_from_pile: int = 0
    """Cards the player to act took from the discard pile this turn (0 if they drew from the
    stock or have not drawn yet)."""
    melded_this_turn: bool = False
    """Whether the player to act has opened or added to a meld this turn."""
    stalemate_turns: int = 0
    """Consecutive finished turns that took a one-card discard pile, melded nothing and
    discarded; the hand ends in a stalemate when it reaches the number of players."""
    unseen_pozzetto: tuple[int, ...] = ()
    """Seats whose hand is a pozzetto taken on the discard that they may not look at yet
    (until their partner's next discard; with 2 or 3 players, until their next turn)."""
    known: tuple[tuple[Card, ...], ...] = ()
    """For each seat, sorted, the cards every player knows it holds: those it took with the
    discard pile and has not melded or discarded since (the pile lies face up, so everyone saw
    them). Always part of the seat's hand; empty for a seat that emptied its hand (the
    pozzetto it then holds is unseen by the others)."""
    pile_card: Card | None = None
    """The card the player to act took as a discard pile of one card this turn and may not
    discard this turn (switch ``return_single_pile_card`` off, rules §13.1), or ``None``:
    no such card, the hand held another copy before the pick, or the card has been melded."""
    time_out_turns: int = 0
    """After time was called (:func:`burraco.call_time_out`), the turns still to be completed
    before the hand ends, the turn in progress included; 0 when time has not been called."""
    partners: tuple[tuple[int, ...], ...] = ()
    """The current teams, in team order (the index of :attr:`melds` and
    :attr:`pozzetto_taken`), each as its seats in increasing order. With fixed partnerships
    these are the teams of the deal: ``((0, 2), (1, 3))`` with four players, ``((0,), (1,),
    (2,))`` with three. With first-out-alone partnerships (rules §14) every seat is a team of
    its own until the first player runs out of cards; then the lone player and the pairs, in
    the order of their lowest seats: ``((0, 2), (1,))`` when seat 1 of three ran out first.
    Left out of the constructor, the teams of the deal (seat ``s`` in team ``s % teams``), or
    none (``()``, which :func:`~burraco.check_invariants` refuses) when the teams do not divide
    the seats evenly, as only the pairs formed during a hand do: those must be named."""

    @classmethod
    def from_fields(cls, *args: Any, **kwargs: Any) -> GameState:
        """Deprecated: build the state with the constructor, ``GameState(...)``, which takes the
        same arguments, or let :func:`burraco.new_game` and :func:`burraco.apply` build it.

        The state with these fields, given in the order of the constructor's (every one of the
        first sixteen given): the same value as ``GameState(...)`` with the same arguments.

        Raises:
            TypeError: if called on a subclass of :class:`GameState`: it builds
                :class:`GameState` values only."""
        warnings.warn(
            "GameState.from_fields is deprecated: build the state with GameState(...), which "
            "takes the same arguments",
            DeprecationWarning,
            stacklevel=2,
        )
        if cls is not GameState:
            raise TypeError(f"from_fields builds GameState values only, not {cls.__name__}")
        names = [field.name for field in attrs.fields(GameState)]
        return new_state(**dict(zip(names, args, strict=False)), **kwargs)

    def __attrs_post_init__(self) -> None:
        # ``known`` defaults to nothing known for every seat. A plain ``()`` default rather
        # than an attrs factory keeps the class compilable by mypyc.
        if not self.known:
            object.__setattr__(self, "known", ((),) * len(self.hands))
        if not self.partners:
            object.__setattr__(self, "partners", fixed_partners(len(self.hands), len(self.melds)))

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is _OVER_PHASE

    @property
    def players(self) -> int:
        """The number of players (``rules.players``)."""
        return len(self.hands)

    @property
    def current_team(self) -> int:
        """The team of the seat to act."""
        return team_to_act(self)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the seat to act."""
        return self.hands[self.turn]

    @property
    def is_last_turn(self) -> bool:
        """Whether this turn's draw left the stock at its two dead cards, so that the hand
        ends when the turn does (``stock_end`` after-turn)."""
        return self.phase is _PLAY_PHASE and len(self.stock) <= 2

    def team_of(self, seat: int) -> int:
        """The current team of ``seat``: ``seat % teams`` with fixed teams, else its team
        among :attr:`partners`."""
        return team_of_seat(self, seat)

    def partner_of(self, seat: int) -> int | None:
        """The current partner of ``seat`` (the seat opposite with 4 or 6 players), or ``None``
        for a seat that plays alone."""
        seats = self.partners[team_of_seat(self, seat)]
        for other in seats:
            if other != seat:
                return other
        return None

    def seats_of(self, team: int) -> tuple[int, ...]:
        """The seats of ``team`` (:attr:`partners`)."""
        return self.partners[team]

    def _repr_svg_(self) -> str:
        """The table as an SVG picture (:func:`burraco.svg.table`), for Jupyter."""
        from burraco import svg

        return svg.table(self)

    def __str__(self) -> str:
        rules = self.rules
        lines = []
        if self.outcome is None:
            status = f"seat {self.turn} to {self.phase}"
            if self.time_out_turns:
                status += f", time called ({self.time_out_turns} turns left)"
        elif self.outcome.closer is not None:
            status = f"over: closed by seat {self.outcome.closer}"
        else:
            status = f"over: {self.outcome.reason}"
        lines.append(
            f"{rules.name}, {len(self.hands)} players, dealer seat {self.dealer}: {status}"
        )
        pile = format_cards(self.discard_pile) or "-"
        lines.append(
            f"stock {len(self.stock)}, pozzetti left {len(self.pozzetti)}, discard pile "
            f"({len(self.discard_pile)}, top last): {pile}"
        )
        for team, melds in enumerate(self.melds):
            seats = ", ".join(str(seat) for seat in self.seats_of(team))
            taken = "pozzetto taken" if self.pozzetto_taken[team] else "pozzetto not taken"
            lines.append(f"team {team} (seat{'s' if ',' in seats else ''} {seats}), {taken}")
            for index, meld in enumerate(melds):
                kind = burraco_kind(meld, rules)
                mark = f"   burraco {kind}" if kind is not None else ""
                lines.append(f"  [{index}] {meld}{mark}")
        for seat, hand in enumerate(self.hands):
            marker = "*" if seat == self.turn and self.outcome is None else " "
            note = " (pozzetto, not looked at)" if seat in self.unseen_pozzetto else ""
            lines.append(f"{marker}seat {seat} ({len(hand)}){note}: {format_cards(hand)}")
        return "\n".join(lines)


def new_state(
    *,
    rules: Rules,
    dealer: int,
    turn: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[tuple[Meld, ...], ...],
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    pozzetti: tuple[tuple[Card, ...], ...],
    pozzetto_taken: tuple[bool, ...],
    outcome: Outcome | None = None,
    taken_from_pile: int = 0,
    melded_this_turn: bool = False,
    stalemate_turns: int = 0,
    unseen_pozzetto: tuple[int, ...] = (),
    known: tuple[tuple[Card, ...], ...] = (),
    pile_card: Card | None = None,
    time_out_turns: int = 0,
    partners: tuple[tuple[int, ...], ...] = (),
    facts: MeldFacts | None = None,
) -> GameState:
    """Internal (not part of the API; for the engine and the players' samplers). The
    :class:`GameState` with these fields, the same value as ``GameState(...)`` with the same
    arguments, built faster (the engine builds one per action). Like the constructor, it
    checks nothing: :func:`burraco.apply` and :func:`burraco.new_game` make states that play
    can reach.

    Every argument is a keyword, named as the field it fills; the bookkeeping fields default to
    a turn just begun (nothing taken or melded, no stalemate, no unseen pozzetto, no card known
    or held back, time not called). The engine, which builds a state per action, calls
    :func:`build_state` instead.

    ``facts``: what the move generator reads of each team's melds in ``melds``
    (:data:`MeldFacts`), which the state carries for :func:`meld_facts`; ``None`` if the
    caller does not know them. It is no field: it changes nothing of the state's value."""
    return build_state(
        rules,
        dealer,
        turn,
        phase,
        hands,
        melds,
        stock,
        discard_pile,
        pozzetti,
        pozzetto_taken,
        outcome,
        taken_from_pile,
        melded_this_turn,
        stalemate_turns,
        unseen_pozzetto,
        known,
        pile_card,
        time_out_turns,
        facts,
        partners,
    )


def build_state(
    rules: Rules,
    dealer: int,
    turn: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[tuple[Meld, ...], ...],
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    pozzetti: tuple[tuple[Card, ...], ...],
    pozzetto_taken: tuple[bool, ...],
    outcome: Outcome | None,
    taken_from_pile: int,
    melded_this_turn: bool,
    stalemate_turns: int,
    unseen_pozzetto: tuple[int, ...],
    known: tuple[tuple[Card, ...], ...],
    pile_card: Card | None,
    time_out_turns: int,
    facts: MeldFacts | None,
    partners: tuple[tuple[int, ...], ...] = (),
    /,
) -> GameState:
    """Internal: :func:`new_state` with every argument given, by position, in the order of the
    fields. The engine's reducers and the samplers call it once per action or sample: in
    CPython, binding nineteen keywords costs about 0.5 µs a call (measured on 3.11), a sixth
    of :func:`burraco.apply`, where a positional call costs a tenth of that. Callers name each
    argument whose expression does not already say which field it fills in a comment."""
    slots: Any = _StateSlots()
    slots.rules = rules
    slots.dealer = dealer
    slots.turn = turn
    slots.phase = phase
    slots.hands = hands
    slots.melds = melds
    slots.stock = stock
    slots.discard_pile = discard_pile
    slots.pozzetti = pozzetti
    slots.pozzetto_taken = pozzetto_taken
    slots.outcome = outcome
    slots.taken_from_pile = taken_from_pile
    slots.melded_this_turn = melded_this_turn
    slots.stalemate_turns = stalemate_turns
    slots.unseen_pozzetto = unseen_pozzetto
    slots.known = known or ((),) * len(hands)
    slots.pile_card = pile_card
    slots.time_out_turns = time_out_turns
    slots.partners = partners or fixed_partners(len(hands), len(melds))
    slots._meld_facts = facts
    slots.__class__ = GameState
    state: GameState = slots
    return state


MeldFacts = tuple["TeamFacts", ...]
"""Internal. The move generator's facts of each team's melds
(``burraco._engine.movegen.TeamFacts``), in the order of :attr:`GameState.melds`."""


def meld_facts(state: GameState) -> MeldFacts | None:
    """Internal (not part of the API; for the engine). The :data:`MeldFacts` that
    :func:`new_state` was given with ``state``'s melds, or ``None`` if it was not (or the state
    was built another way: by the constructor, a copy or an unpickling).

    The engine works them out for the one meld an action lays or grows, and passes the rest
    on unchanged, so that :func:`burraco.legal_actions` finds a team's melds read already: a
    pure reducer writes nothing on the state it is given, nor on its melds, and a memo by
    value costs a lookup per meld."""
    slots: Any = state  # the slot is not declared (see _StateSlots); no call of cast
    try:
        facts: MeldFacts | None = slots._meld_facts
    except AttributeError:
        return None
    return facts


def team_to_act(state: GameState) -> int:
    """Internal (not part of the API). :attr:`GameState.current_team`, as a module function
    for the compiled modules (a direct call there, where reading a property of a Python class
    is a call through the interpreter)."""
    teams = len(state.melds)
    if len(state.hands) % teams:  # pairs formed during the hand: see team_of_seat
        return team_of_seat(state, state.turn)
    return state.turn % teams


def team_of_seat(state: GameState, seat: int) -> int:
    """Internal (not part of the API). The current team of ``seat`` (:meth:`GameState.team_of`).

    Teams of equal size that divide the seats evenly are the fixed teams of rules §3, or the
    teams of one before the pairs form (rules §14), and the team of seat ``s`` is then
    ``s % teams``: a modulo, for the hot paths. Once pairs form during a hand, 3 seats make 2
    teams and 5 seats 3, which no fixed layout does, and the team is looked up in
    :attr:`GameState.partners`."""
    teams = len(state.melds)
    if len(state.hands) % teams == 0:
        return seat % teams
    for team, seats in enumerate(state.partners):
        if seat in seats:
            return team
    raise ValueError(f"seat {seat} is in no team of {state.partners}")


_FIXED_PARTNERS: Final[dict[tuple[int, int], tuple[tuple[int, ...], ...]]] = {}


def fixed_partners(players: int, teams: int) -> tuple[tuple[int, ...], ...]:
    """Internal (not part of the API). The fixed teams of rules §3 (seat ``s`` in team
    ``s % teams``) as :attr:`GameState.partners` lists them.

    >>> fixed_partners(4, 2), fixed_partners(3, 3)
    (((0, 2), (1, 3)), ((0,), (1,), (2,)))
    """
    key = (players, teams)
    known = _FIXED_PARTNERS.get(key)
    if known is None:
        # teams that do not divide the seats evenly are no fixed teams: none is known then (the
        # pairs of rules §14 must be named), and check_invariants refuses such a state
        regular = teams and players % teams == 0
        known = (
            tuple(tuple(range(team, players, teams)) for team in range(teams)) if regular else ()
        )
        _FIXED_PARTNERS[key] = known
    return known


def partners_after_first_out(players: int, alone: int) -> tuple[tuple[int, ...], ...]:
    """Internal (not part of the API). The teams once seat ``alone`` is the first to run out
    of cards (rules §14.2): it plays alone; with 3 players the other two pair up, with 5 they
    pair by seat counting clockwise from ``alone`` (the 2nd with the 4th, the 3rd with the
    5th). Teams in the order of their lowest seats, each sorted.

    >>> partners_after_first_out(3, 1), partners_after_first_out(5, 3)
    (((0, 2), (1,)), ((0, 2), (1, 4), (3,)))
    """
    if players == 3:
        teams = [(alone,), tuple(sorted(((alone + 1) % 3, (alone + 2) % 3)))]
    else:
        teams = [
            (alone,),
            tuple(sorted(((alone + 1) % players, (alone + 3) % players))),
            tuple(sorted(((alone + 2) % players, (alone + 4) % players))),
        ]
    return tuple(sorted(teams))


# --- what every player knows of the hands (GameState.known) -------------------------------------


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """Internal (not part of the API). ``items`` with ``item`` at ``index``: two allocations,
    where slicing and concatenating makes five tuples (about half the time in pure Python)."""
    replaced = list(items)
    replaced[index] = item
    return tuple(replaced)


def _drop_card(cards: list[Card], card: Card) -> bool:
    """Delete the first ``card`` from ``cards`` and say whether there was one.

    Cards are interned and compare by identity, so the card is found with ``is``, sorted or
    not. Compiled, the loop costs a fraction of bisection by code with a key function (a call
    through the interpreter per step); in pure Python it costs about 10% less for the hands of
    11 to 18 cards that most turns hold, and up to a third more for the rare hands of 25 to 40
    cards. It counts its index rather than enumerating, which would build a tuple per card.
    """
    index = 0
    for other in cards:
        if other is card:
            del cards[index]
            return True
        index += 1  # noqa: SIM113 (see above)
    return False


def known_after_pick(
    known: tuple[tuple[Card, ...], ...], seat: int, pile: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """:attr:`GameState.known` after ``seat`` takes the discard pile ``pile`` (all public)."""
    return replace_at(known, seat, tuple(sorted(known[seat] + pile, key=CODE_KEY)))


def known_after_play(
    known: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """:attr:`GameState.known` after ``seat`` melds or discards ``cards`` (face up, so public).

    A played card that was known is no longer known to be held; the others cannot be told
    apart from the hidden copies of the same card, so what stays known is the known cards minus
    the played ones, whatever else the hand holds.
    """
    held = known[seat]
    if not held:
        return known
    rest = list(held)
    dropped = False
    for card in cards:
        dropped = _drop_card(rest, card) or dropped
    if not dropped:
        return known
    return replace_at(known, seat, tuple(rest))
