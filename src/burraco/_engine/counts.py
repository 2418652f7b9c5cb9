"""What a hand's counts bound: the draws a stock size shows, the cards known from the pile
(private; for :func:`burraco.determinize` and :mod:`burraco.checks`).

:func:`burraco.checks.check_invariants` first checks that a state is well formed (cards
conserved, legal melds, seats in range, a phase that agrees with the outcome, ...). A well-formed
state can still be one that no play reaches: a stock larger than the deal leaves, a pile larger
than the draws made, a pozzetto still unseen after the partner has discarded. The checks here
reject those, using only what the fields say; each is a consequence of how :func:`burraco.apply`
changes a state, so every state it returns passes, and a state that passes leads by legal play
only to states that pass.

The counts they rest on (rules §3, §4, §6, §8):

* the stock shrinks only by draws, so ``draws = stock_size - len(stock)`` (plus the cards of
  any pozzetto sent to the stock under ``pozzetti_as_reserve_stock``) is the number of draws
  from the stock in the hand so far;
* the discard pile starts with one card and grows by one card per finished turn; only a turn
  that drew from the stock leaves it larger than one card, so it holds at most ``1 + draws``;
* a draw adds one card to a hand of at least one, and taking the pile adds the whole pile, so a
  player who has not melded this turn holds at least ``1 + max(1, taken_from_pile)`` cards;
* the stalemate count grows only by turns that took a one-card pile and melded nothing, and
  is reset by every other turn and by a closing;
* a pozzetto taken on the discard stays unseen from its taker's turn until its partner's next
  discard, so only the seats from the taker's left round to the partner act meanwhile;
* a card is known to be in a hand only if it was taken with the discard pile (and not played
  since), so the known cards are at most the cards taken with the pile, which the counts above
  bound (:func:`most_taken_from_pile`): a hand just dealt has none.
"""

from __future__ import annotations

from burraco.errors import inconsistent_state as _inconsistent
from burraco.rules import Rules
from burraco.state import GameState


def stock_draws(state: GameState) -> int:
    """How many draws from the stock the state's stock size shows were made this hand."""
    return draws_shown(
        state.rules, len(state.stock), len(state.pozzetti), sum(state.pozzetto_taken)
    )


def draws_shown(rules: Rules, stock: int, pozzetti_left: int, pozzetti_taken: int) -> int:
    """:func:`stock_draws` from the sizes a state or a player's view shows."""
    sent = rules.pozzetti - pozzetti_taken - pozzetti_left
    return rules.stock_size - stock + sent * rules.pozzetto_size


def most_taken_from_pile(
    players: int, draws: int, melded: int, pile: int, stalemate_turns: int
) -> int:
    """The most cards that can have been taken with the discard pile in a hand whose state
    shows ``draws`` draws from the stock, ``melded`` cards on the table, ``pile`` cards in
    the pile and ``stalemate_turns``; the cards known to be in hands are at most these.

    Cards enter the pile one per finished turn (and the card turned up at the deal) and leave
    it only when it is taken, so ``1 + turns - pile`` cards were taken. A finished turn drew
    from the stock (``draws`` at most), or took the pile and melded (``melded`` at most: each
    such turn puts a card on the table for good), or took a pile of two cards or more without
    melding (``draws`` at most: only a turn that drew from the stock leaves a second card on the
    pile before the next taking), or took a one-card pile and melded nothing. Those last turns
    come in runs that the stalemate count measures: a run of ``players`` ends the hand, so
    every run but the current one (``stalemate_turns`` long) has at most ``players - 1``.

    >>> most_taken_from_pile(4, draws=0, melded=0, pile=1, stalemate_turns=0)  # a new deal
    0
    >>> most_taken_from_pile(4, draws=0, melded=0, pile=1, stalemate_turns=2)
    2
    """
    others = 2 * draws + melded
    turns = others * players + stalemate_turns
    return max(0, 1 + turns - pile)


def check_known_count(
    players: int,
    draws: int,
    melded: int,
    pile: int,
    stalemate_turns: int,
    known: tuple[tuple[object, ...], ...],
    path: str,
) -> None:
    """Reject more known cards than :func:`most_taken_from_pile` allows, at ``path`` (the
    field of a state, ``known``, or of a view, ``known_cards``)."""
    count = sum(len(cards) for cards in known)
    if not count:
        return
    most = most_taken_from_pile(players, draws, melded, pile, stalemate_turns)
    if count > most:
        raise _inconsistent(
            path,
            f"{count} cards are known to be in hands, but a card is known only once taken with "
            f"the discard pile, and after {draws} draws from the stock, with {melded} cards "
            f"melded, {pile} on the pile and a stalemate count of {stalemate_turns}, at most "
            f"{most} were taken",
        )
