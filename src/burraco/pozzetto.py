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
from burraco.melds import Meld
from burraco.rules import Partnerships, Rules
from burraco.state import GameState, partners_after_first_out, replace_at, team_to_act

__all__ = [
    "PozzettoTaken",
    "TeamsFormed",
    "can_take_pozzetto",
    "form_pairs",
    "forms_pairs",
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


TeamsFormed = tuple[tuple[tuple[int, ...], ...], tuple[tuple[Meld, ...], ...], tuple[bool, ...]]
"""The teams (:attr:`~burraco.GameState.partners`), their melds and ``pozzetto_taken`` once
the pairs form."""

_FIRST_OUT_ALONE = Partnerships.FIRST_OUT_ALONE


def forms_pairs(state: GameState) -> bool:
    """Whether the player to act forms the pairs on taking a pozzetto now (rules §14.2):
    the partnerships are first-out-alone and nobody has run out of cards yet."""
    return state.rules.partnerships is _FIRST_OUT_ALONE and len(state.melds) == len(state.hands)


def form_pairs(state: GameState, melds: tuple[tuple[Meld, ...], ...]) -> TeamsFormed:
    """The teams once the player to act, the first to run out of cards, takes the first
    pozzetto (rules §14.2): it plays alone, having taken its pozzetto; the others pair up
    (:meth:`~burraco.GameState.partners`) and join their melds, ``melds`` being each seat's
    melds at that moment. A pair's melds are its seats' melds in seat order, each in the order
    laid (the lower seat's first), so ``add N`` counts through both; sets of one rank laid by
    both partners stay apart. The pairs have not taken a pozzetto.

    >>> from burraco import FIBUR3, new_game
    >>> state = new_game(FIBUR3, seed=1)
    >>> partners, joined, taken = form_pairs(state, state.melds)
    >>> partners, taken
    (((0, 2), (1,)), (False, True))
    """
    alone = state.turn
    partners = partners_after_first_out(len(state.hands), alone)
    joined = tuple([tuple([meld for seat in seats for meld in melds[seat]]) for seats in partners])
    taken = tuple([seats == (alone,) for seats in partners])
    return partners, joined, taken


def unseen_after_discard(
    state: GameState, next_seat: int, *, taken_on_discard: bool, hand_over: bool = False
) -> tuple[int, ...]:
    """The seats whose hand is a pozzetto not yet looked at, once the player to act discards.

    A pozzetto taken on the discard (``taken_on_discard``) starts unseen. A player with a
    partner (4 or 6 players, or a pair of rules §14) may look at it at the partner's next
    discard; a player alone (2, 3 or 5 players with fixed teams, the lone player of rules §14)
    when its next turn begins (``next_seat``). When the discard ends the hand (``hand_over``)
    nobody looks at anything any more, and the marks stay as they were.

    >>> from burraco import new_game
    >>> unseen_after_discard(new_game(seed=1), 2, taken_on_discard=True)
    (1,)
    """
    seat = state.turn
    unseen = state.unseen_pozzetto
    if not hand_over and unseen:
        partner = state.partner_of(seat)
        unseen = tuple(
            [
                other
                for other in unseen
                if other != partner and (other != next_seat or state.partner_of(other) is not None)
            ]
        )
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
