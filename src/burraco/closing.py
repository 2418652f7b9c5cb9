"""Closing and the other ends of a hand (rules §7 and §8).

A player closes by discarding the last card in hand when the team has taken its pozzetto, has
a burraco on the table (a clean one with ``closing_needs_clean_burraco``), and the card is not
a wild (unless ``closing_discard_may_be_wild``). A team that has its pozzetto, or can never get
one, may only empty a hand by a legal closing: a meld must leave the player either two cards or
more, or one card that would be a legal closing discard (§7.2). That keeps a legal action
always available to the player to act.

The hand also ends when the stock runs down to its two dead cards (after that player's turn,
or at once with ``stock_end = "immediately"``) and in a stalemate over a one-card discard pile
(§8). The engine asks these functions after each action and builds the next state from their
answers.

>>> from burraco import new_game, parse_card
>>> state = new_game(seed=7)
>>> closing_problem(state.rules, (), False, parse_card("7H"))
<Reason.CLOSING_NEEDS_POZZETTO: 'closing-needs-pozzetto'>
>>> can_close(state, parse_card("7H")), end_after_draw(state.rules, state.stock)
(False, None)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from burraco.cards import Card
from burraco.errors import Reason
from burraco.melds import Meld
from burraco.pozzetto import can_take_pozzetto
from burraco.rules import Rules, StockEnd
from burraco.state import EndReason, GameState, Outcome, team_to_act

__all__ = [
    "CLOSING_DETAIL",
    "DEAD_CARDS",
    "can_close",
    "closing_problem",
    "discard_closes",
    "end_after_discard",
    "end_after_draw",
    "keeping_problem",
    "last_card_problem",
    "returns_pile_card",
    "stalemate_turns_after_discard",
]

DEAD_CARDS: Final = 2
"""The stock cards never drawn: a draw that leaves this many ends the hand (rules §8)."""


def closing_problem(
    rules: Rules, team_melds: Iterable[Meld], pozzetto_taken: bool, card: Card
) -> Reason | None:
    """Why discarding ``card`` as the last card would not be a legal closing (rules §7.1),
    or ``None`` if it would be one."""
    if not pozzetto_taken:
        return Reason.CLOSING_NEEDS_POZZETTO
    if rules.closing_needs_clean_burraco:
        if not any(len(m.cards) >= 7 and m.wild is None for m in team_melds):
            return Reason.CLOSING_NEEDS_CLEAN_BURRACO
    elif not any(len(m.cards) >= 7 for m in team_melds):
        return Reason.CLOSING_NEEDS_BURRACO
    if not rules.closing_discard_may_be_wild and (card.is_joker or card.is_two):
        return Reason.CLOSING_DISCARD_WILD
    return None


CLOSING_DETAIL: Final = {
    Reason.CLOSING_NEEDS_POZZETTO: "a team closes only after taking its pozzetto",
    Reason.CLOSING_NEEDS_BURRACO: "a team closes only with a burraco (7 cards or more) laid",
    Reason.CLOSING_NEEDS_CLEAN_BURRACO: "these rules let a team close only with a clean burraco",
    Reason.CLOSING_DISCARD_WILD: "a player may not close by discarding a wild card",
}
"""What each reason :func:`closing_problem` gives means, for error messages."""


def can_close(state: GameState, card: Card) -> bool:
    """Whether the player to act could close now by discarding ``card`` as the last card.

    Checks the closing conditions of rules §7.1 for the player's team (pozzetto taken,
    burraco on the table, no wild discard), not whether ``card`` is the last card in hand.
    """
    team = team_to_act(state)
    return closing_problem(state.rules, state.melds[team], state.pozzetto_taken[team], card) is None


def keeping_problem(
    state: GameState, rest: tuple[Card, ...], team_melds: tuple[Meld, ...]
) -> str | None:
    """Why a meld by the player to act that leaves ``rest`` in hand and the team's melds as
    ``team_melds`` breaks rules §7.2, or ``None`` if the player keeps enough.

    A team that can still take a pozzetto may meld every card (it takes the pozzetto). Any
    other team must keep a card to discard, and a single card kept must be a legal closing
    discard with the melds as they will be.
    """
    if len(rest) == 1 and state.pile_card is not None and returns_pile_card(state, rest[0]):
        return (
            f"it would leave only {rest[0]}, the discard pile of one card taken this turn, "
            "which may not be discarded again this turn: keep another card"
        )
    team = team_to_act(state)
    if can_take_pozzetto(state, team):
        return None
    if not rest:
        return (
            "the team has its pozzetto (or none is left for it), so the hand may only be "
            "emptied by a closing discard: keep a card to discard"
        )
    if len(rest) == 1:
        problem = closing_problem(state.rules, team_melds, state.pozzetto_taken[team], rest[0])
        if problem is not None:
            return (
                f"it would leave only {rest[0]}, which could not be discarded to close "
                f"({CLOSING_DETAIL[problem]}): keep another card"
            )
    return None


def returns_pile_card(state: GameState, card: Card) -> bool:
    """Whether discarding ``card`` would return the discard pile of one card that the player
    to act took this turn, which the rules forbid without ``return_single_pile_card``
    (rules §13.1): ``card`` is :attr:`~burraco.GameState.pile_card` and the hand holds no
    other copy of it (one that came with a pozzetto may be discarded instead).

    >>> from burraco import FIBUR, apply, new_game, TakeDiscardPile
    >>> state = apply(new_game(FIBUR, seed=3), TakeDiscardPile())
    >>> picked = state.pile_card
    >>> picked is None or returns_pile_card(state, picked)
    True
    """
    pile_card = state.pile_card
    return pile_card is not None and card == pile_card and state.hands[state.turn].count(card) == 1


def last_card_problem(state: GameState, card: Card) -> Reason | None:
    """Why the player to act may not discard ``card`` as the last card in hand, or ``None``.

    The last card may always be discarded by a team that still takes a pozzetto on it (§6);
    otherwise the discard is a closing and must meet rules §7.1.
    """
    team = team_to_act(state)
    if can_take_pozzetto(state, team):
        return None
    return closing_problem(state.rules, state.melds[team], state.pozzetto_taken[team], card)


def discard_closes(state: GameState, rest: tuple[Card, ...]) -> bool:
    """Whether a legal discard by the player to act that leaves ``rest`` in hand closes the
    hand: it empties the hand of a team that takes no pozzetto on it."""
    return not rest and not can_take_pozzetto(state, team_to_act(state))


def stalemate_turns_after_discard(state: GameState, rest: tuple[Card, ...]) -> int:
    """How many turns in a row, the discard of the player to act (leaving ``rest`` in hand)
    included, were: take a one-card discard pile, meld nothing, discard (rules §8). Any other
    turn resets the count, and so does a closing."""
    if (
        state.taken_from_pile == 1
        and not state.melded_this_turn
        and not discard_closes(state, rest)
    ):
        return state.stalemate_turns + 1
    return 0


def end_after_draw(rules: Rules, stock: tuple[Card, ...]) -> Outcome | None:
    """How the hand ends right after a draw left ``stock`` (after any reserve pozzetto went to
    it), or ``None`` if play goes on.

    Only ``stock_end = "immediately"`` ends a hand at the draw; by default the player finishes
    the turn and :func:`end_after_discard` ends it.
    """
    if len(stock) <= DEAD_CARDS and rules.stock_end is StockEnd.IMMEDIATELY:
        return Outcome(EndReason.STOCK_EXHAUSTED)
    return None


def end_after_discard(state: GameState, rest: tuple[Card, ...]) -> Outcome | None:
    """How the hand ends with a legal discard by the player to act that leaves ``rest`` in
    hand, or ``None`` if play goes on.

    In order: a closing (§7.1, the closer named); a stalemate once every player in turn has
    taken a one-card pile, melded nothing and discarded; the stock down to its dead cards; the
    last turn after time was called (rules §13.2).

    >>> from burraco import new_game
    >>> state = new_game(seed=7)
    >>> end_after_discard(state, state.hands[state.turn][1:]) is None
    True
    """
    if discard_closes(state, rest):
        return Outcome(EndReason.CLOSED, state.turn)
    if stalemate_turns_after_discard(state, rest) >= len(state.hands):
        return Outcome(EndReason.STALEMATE)
    if len(state.stock) <= DEAD_CARDS:
        return Outcome(EndReason.STOCK_EXHAUSTED)
    if state.time_out_turns == 1:
        return Outcome(EndReason.TIME_OUT)
    return None
