"""Closing and the other ends of a hand (RULES.md §7 and §8).

A player closes by discarding the last card in hand when the team has taken its pozzetto, has
a burraco on the table (a clean one with ``closing_needs_clean_burraco``), and the card is not
a wild (unless ``closing_discard_may_be_wild``). A team that has its pozzetto, or can never get
one, may only empty a hand by a legal closing: a meld must leave the player either two cards or
more, or one card that would be a legal closing discard (§7.2). That keeps a legal action
always available to the player to act.
"""

from __future__ import annotations

from collections.abc import Iterable

from burraco.cards import Card
from burraco.errors import Reason
from burraco.melds import Meld
from burraco.rules import Rules
from burraco.state import GameState

__all__ = [
    "can_close",
    "closing_problem",
]


def closing_problem(
    rules: Rules, team_melds: Iterable[Meld], pozzetto_taken: bool, card: Card
) -> Reason | None:
    """Why discarding ``card`` as the last card would not be a legal closing, or ``None``."""
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


CLOSING_DETAIL = {
    Reason.CLOSING_NEEDS_POZZETTO: "a team closes only after taking its pozzetto",
    Reason.CLOSING_NEEDS_BURRACO: "a team closes only with a burraco (7 cards or more) laid",
    Reason.CLOSING_NEEDS_CLEAN_BURRACO: "these rules let a team close only with a clean burraco",
    Reason.CLOSING_DISCARD_WILD: "a player may not close by discarding a wild card",
}
"""What each closing reason means, for error messages."""


def can_close(state: GameState, card: Card) -> bool:
    """Whether the player to act could close now by discarding ``card`` as the last card.

    Checks the closing conditions of RULES.md §7.1 for the player's team (pozzetto taken,
    burraco on the table, no wild discard), not whether ``card`` is the last card in hand.
    """
    team = state.current_team
    return closing_problem(state.rules, state.melds[team], state.pozzetto_taken[team], card) is None
