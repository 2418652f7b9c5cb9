"""Pozzetti: who takes which, directly or on the discard, and when it may be looked at.

RULES.md §6. The first player to run out of cards takes the first pozzetto; the first player of
another team to run out takes the next; a team takes at most one. Running out by melding takes
the pozzetto *directly* (the turn goes on and the player may meld from it); running out by
the discard takes it *on the discard* (the turn ends, and the pozzetto becomes the player's
hand, face down: the player may look at it after the partner's next discard, or at the next
turn with two or three players).
"""

from __future__ import annotations

from burraco.cards import Card
from burraco.state import GameState

__all__ = [
    "can_take_pozzetto",
    "is_pozzetto_unseen",
    "seen_after_discard",
    "take_pozzetto",
]


def can_take_pozzetto(state: GameState, team: int) -> bool:
    """Whether ``team`` would take a pozzetto on running out of cards now.

    True when the team has not taken one and a pozzetto is left (with the German switch
    ``pozzetti_as_reserve_stock`` a pozzetto may have gone to the stock instead).
    """
    return not state.pozzetto_taken[team] and bool(state.pozzetti)


def is_pozzetto_unseen(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s hand is a pozzetto taken on the discard that it may not look at yet."""
    return seat in state.unseen_pozzetto


def seen_after_discard(state: GameState, seat: int, next_seat: int) -> tuple[int, ...]:
    """The seats still holding an unseen pozzetto once ``seat`` has discarded.

    With partners (4 or 6 players) a pozzetto becomes visible at the partner's next discard;
    without (2 or 3 players) when its holder's next turn begins (``next_seat``).
    """
    unseen = state.unseen_pozzetto
    if not unseen:
        return unseen
    partner = state.partner_of(seat)
    leaving = next_seat if partner is None else partner
    return tuple(s for s in unseen if s != leaving)


def take_pozzetto(
    state: GameState, team: int
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[bool, ...]]:
    """The pozzetto ``team`` takes (sorted, as a hand), the pozzetti left, and the new
    ``pozzetto_taken``."""
    taken = state.pozzetto_taken
    hand = tuple(sorted(state.pozzetti[0], key=lambda card: card.code))
    return hand, state.pozzetti[1:], taken[:team] + (True,) + taken[team + 1 :]
