"""Pozzetti: who takes which, directly or on the discard, and when it may be looked at.

rules §6. The first player to run out of cards takes the first pozzetto; the first player of
another team to run out takes the next; a team takes at most one. Running out by melding takes
the pozzetto *directly* (the turn goes on and the player may meld from it); running out by
the discard takes it *on the discard* (the turn ends, and the pozzetto becomes the player's
hand, face down: the player may look at it after the partner's next discard, or at the next
turn with two or three players). With the German switch ``pozzetti_as_reserve_stock`` a
pozzetto left untaken becomes the stock when the stock runs down to its dead cards.

The engine asks these functions and builds the next state from their answers; they decide the
rule and change nothing.

>>> from burraco import new_game
>>> state = new_game(seed=7)
>>> can_take_pozzetto(state, 0), len(state.pozzetti)
(True, 2)
>>> hand, left, taken = take_pozzetto(state, 0)
>>> len(hand), len(left), taken
(11, 1, (True, False))
"""

from __future__ import annotations

from burraco.cards import CODE_KEY, Card
from burraco.rules import Rules
from burraco.state import GameState, replace_at, team_to_act

__all__ = [
    "PozzettoTaken",
    "can_take_pozzetto",
    "pozzetto_after_discard",
    "pozzetto_after_meld",
    "reserve_stock",
    "take_pozzetto",
    "unseen_after_discard",
]


PozzettoTaken = tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[bool, ...]]
"""The hand a player holds afterwards, the pozzetti left, and ``pozzetto_taken`` per team."""


def can_take_pozzetto(state: GameState, team: int) -> bool:
    """Whether ``team`` would take a pozzetto on running out of cards now.

    True when the team has not taken one and a pozzetto is left (with the German switch
    ``pozzetti_as_reserve_stock`` a pozzetto may have gone to the stock instead). A team for
    which this is false may empty a hand only by a legal closing (rules §7.2).
    """
    return not state.pozzetto_taken[team] and bool(state.pozzetti)


def take_pozzetto(state: GameState, team: int) -> PozzettoTaken:
    """The next pozzetto as ``team``'s new hand (sorted), the pozzetti left, and the new
    ``pozzetto_taken``. The caller checks :func:`can_take_pozzetto` first."""
    taken = state.pozzetto_taken
    hand = tuple(sorted(state.pozzetti[0], key=CODE_KEY))
    return hand, state.pozzetti[1:], replace_at(taken, team, True)


def pozzetto_after_meld(state: GameState, rest: tuple[Card, ...]) -> PozzettoTaken:
    """The player's hand, the pozzetti and ``pozzetto_taken`` after a meld leaving ``rest``.

    A meld that empties the hand takes the pozzetto directly (*al volo*): it becomes the hand
    at once and the turn goes on. The caller has checked that the meld is legal (rules
    §7.2: a team that cannot take a pozzetto never empties its hand by melding).
    """
    if rest:
        return rest, state.pozzetti, state.pozzetto_taken
    return take_pozzetto(state, team_to_act(state))


def pozzetto_after_discard(
    state: GameState, rest: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[bool, ...], bool]:
    """Like :func:`pozzetto_after_meld` for a discard leaving ``rest``, and whether the
    pozzetto was taken on the discard.

    Discarding the last card takes the pozzetto on the discard when the team can still take
    one; otherwise the discard is a closing (see :mod:`burraco.closing`) and nothing changes.
    """
    if rest:
        return rest, state.pozzetti, state.pozzetto_taken, False
    team = team_to_act(state)
    if not can_take_pozzetto(state, team):
        return rest, state.pozzetti, state.pozzetto_taken, False
    return (*take_pozzetto(state, team), True)


def unseen_after_discard(
    state: GameState, next_seat: int, *, taken_on_discard: bool, hand_over: bool = False
) -> tuple[int, ...]:
    """The seats whose hand is a pozzetto not yet looked at, once the player to act discards.

    A pozzetto taken on the discard (``taken_on_discard``) starts unseen. With partners (4 or
    6 players) a pozzetto becomes visible at the partner's next discard; without (2 or 3
    players) when its holder's next turn begins (``next_seat``). When the discard ends the hand
    (``hand_over``) nobody looks at anything any more, and the marks stay as they were.

    >>> from burraco import new_game
    >>> unseen_after_discard(new_game(seed=1), 2, taken_on_discard=True)
    (1,)
    """
    seat = state.turn
    unseen = state.unseen_pozzetto
    if not hand_over and unseen:
        partner = state.partner_of(seat)
        leaving = next_seat if partner is None else partner
        unseen = tuple(s for s in unseen if s != leaving)
    if taken_on_discard:
        unseen = tuple(sorted((*unseen, seat)))
    return unseen


def reserve_stock(
    rules: Rules, stock: tuple[Card, ...], pozzetti: tuple[tuple[Card, ...], ...]
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    """The stock and the pozzetti after a draw left ``stock``.

    With ``pozzetti_as_reserve_stock`` (the German article), when the stock is down to its two
    dead cards and a pozzetto is left, the next pozzetto in order goes on top of the stock and
    play goes on; otherwise nothing changes.

    >>> import attrs
    >>> from burraco import CLASSIC, parse_cards
    >>> german = attrs.evolve(CLASSIC, pozzetti_as_reserve_stock=True)
    >>> stock, left = reserve_stock(german, parse_cards("4H 5H"), (parse_cards("7C 8C"),))
    >>> len(stock), left
    (4, ())
    """
    if rules.pozzetti_as_reserve_stock and pozzetti and len(stock) <= 2:
        return pozzetti[0] + stock, pozzetti[1:]
    return stock, pozzetti
