"""What one seat may see: :func:`observe` and :class:`PlayerView`.

A game server sends each player a view, and a bot decides from one. A view holds no hidden
card: not the other hands (only their sizes), not the stock's order or contents (only its
size), not the pozzetti, and not the seat's own hand while it is a pozzetto taken on the
discard that the seat may not look at yet. Two states that differ only in cards hidden from a
seat give that seat equal views.

>>> from burraco.engine import new_game
>>> view = observe(new_game(seed=3), 2)
>>> view.seat, len(view.hand or ()), view.hand_sizes, view.stock_size
(2, 11, (11, 11, 11, 11), 41)
>>> print(view)
classic, 4 players, dealer seat 0: seat 1 to draw (seen by seat 2)
stock 41, pozzetti left 2, discard pile (1, top last): ...
team 0 (seats 0, 2), pozzetto not taken, 0 on the table
team 1 (seats 1, 3), pozzetto not taken, 0 on the table
 seat 0 (11)
*seat 1 (11)
 seat 2 (11), you: ...
 seat 3 (11)
"""

from __future__ import annotations

import attrs

from burraco.cards import Card, format_cards
from burraco.melds import Meld, burraco_bonus, burraco_kind
from burraco.rules import Rules
from burraco.state import GameState, Outcome, Phase

__all__ = ["PlayerView", "observe"]


@attrs.frozen
class PlayerView:
    """Everything one seat may know about a hand, and nothing more."""

    seat: int
    """The seat this view belongs to."""
    rules: Rules
    """The rules of the hand."""
    dealer: int
    """The seat that dealt."""
    turn: int
    """The seat to act."""
    phase: Phase
    """The phase of the turn of the seat to act."""
    hand: tuple[Card, ...] | None
    """The seat's own cards, sorted; ``None`` while they are a pozzetto taken on the discard
    that the seat may not look at yet."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    melds: tuple[tuple[Meld, ...], ...]
    """Every team's melds (public: they lie face up)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, top last (public: it is spread on the table)."""
    stock_size: int
    """How many cards are left in the stock."""
    pozzetti_left: int
    """How many pozzetti are still untaken."""
    pozzetto_taken: tuple[bool, ...]
    """For each team, whether it has taken its pozzetto."""
    unseen_pozzetto: tuple[int, ...]
    """Seats holding a pozzetto taken on the discard that they may not look at yet."""
    taken_from_pile: int
    """Cards the seat to act took from the discard pile this turn."""
    melded_this_turn: bool
    """Whether the seat to act has melded this turn."""
    stalemate_turns: int
    """Consecutive turns of one-card pile swaps (see :attr:`GameState.stalemate_turns`)."""
    outcome: Outcome | None
    """How the hand ended, or ``None`` while it goes on."""
    table_points: tuple[int, ...]
    """Each team's points on the table so far: its melded cards and burraco bonuses (the
    cards in hand are hidden, so the hand's score is not)."""

    @property
    def team(self) -> int:
        """The seat's team."""
        return self.seat % len(self.melds)

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is to act (and the hand is not over)."""
        return self.turn == self.seat and self.outcome is None

    def _repr_svg_(self) -> str:
        """The view as an SVG picture (:func:`burraco.svg.view`), for Jupyter."""
        from burraco import svg

        return svg.view(self)

    def __str__(self) -> str:
        """The table as this seat sees it, laid out like ``str(state)``: the other hands are
        only their sizes, and the seat's own hand is marked ``you``."""
        outcome = self.outcome
        if outcome is None:
            status = f"seat {self.turn} to {self.phase}"
        elif outcome.closer is not None:
            status = f"over: closed by seat {outcome.closer}"
        else:
            status = f"over: {outcome.reason}"
        players = len(self.hand_sizes)
        teams = len(self.melds)
        pile = format_cards(self.discard_pile) or "-"
        lines = [
            f"{self.rules.name}, {players} players, dealer seat {self.dealer}: {status} "
            f"(seen by seat {self.seat})",
            f"stock {self.stock_size}, pozzetti left {self.pozzetti_left}, discard pile "
            f"({len(self.discard_pile)}, top last): {pile}",
        ]
        for team, melds in enumerate(self.melds):
            seats = ", ".join(str(seat) for seat in range(team, players, teams))
            taken = "pozzetto taken" if self.pozzetto_taken[team] else "pozzetto not taken"
            lines.append(
                f"team {team} (seat{'s' if ',' in seats else ''} {seats}), {taken}, "
                f"{self.table_points[team]} on the table"
            )
            for index, meld in enumerate(melds):
                kind = burraco_kind(meld, self.rules)
                mark = f"   burraco {kind}" if kind is not None else ""
                lines.append(f"  [{index}] {meld}{mark}")
        for seat, size in enumerate(self.hand_sizes):
            marker = "*" if seat == self.turn and outcome is None else " "
            line = f"{marker}seat {seat} ({size})"
            if seat in self.unseen_pozzetto:
                line += " (pozzetto, not looked at)"
            if seat == self.seat:
                line += ", you"
                if self.hand is not None:
                    line += f": {format_cards(self.hand)}"
            lines.append(line)
        return "\n".join(lines)


def observe(state: GameState, seat: int) -> PlayerView:
    """The view of ``state`` that ``seat`` may see.

    Raises:
        ValueError: if ``seat`` is not a seat of the hand.
    """
    players = len(state.hands)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, not {seat!r}")
    rules = state.rules
    return PlayerView(
        seat=seat,
        rules=rules,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hand=None if seat in state.unseen_pozzetto else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        melds=state.melds,
        discard_pile=state.discard_pile,
        stock_size=len(state.stock),
        pozzetti_left=len(state.pozzetti),
        pozzetto_taken=state.pozzetto_taken,
        unseen_pozzetto=state.unseen_pozzetto,
        taken_from_pile=state.taken_from_pile,
        melded_this_turn=state.melded_this_turn,
        stalemate_turns=state.stalemate_turns,
        outcome=state.outcome,
        table_points=tuple(
            sum(meld.points + burraco_bonus(meld, rules) for meld in melds) for melds in state.melds
        ),
    )
