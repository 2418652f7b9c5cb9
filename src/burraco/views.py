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
"""

from __future__ import annotations

import attrs

from burraco.cards import Card
from burraco.melds import Meld, burraco_bonus
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
