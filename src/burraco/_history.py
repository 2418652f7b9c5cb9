"""What a state's own fields tell of the hand's history: the checks of reachability.

:func:`burraco.testing.check_invariants` first checks that a state is well formed (cards
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
  discard, so only the seats from the taker's left round to the partner act meanwhile.
"""

from __future__ import annotations

from burraco.errors import inconsistent_state as _inconsistent
from burraco.rules import StockEnd
from burraco.state import EndReason, GameState, Phase


def stock_draws(state: GameState) -> int:
    """How many draws from the stock the state's stock size shows were made this hand."""
    rules = state.rules
    sent = rules.pozzetti - sum(state.pozzetto_taken) - len(state.pozzetti)
    return rules.stock_size - len(state.stock) + sent * rules.pozzetto_size


def check_history(state: GameState) -> None:
    """Reject a well-formed state that no play reaches, as far as its fields can tell.

    Raises:
        InvalidStateError: with the reason ``inconsistent-state`` and the path of the field at
            fault.
    """
    _check_stock_and_pile(state)
    _check_turn_bookkeeping(state)
    _check_unseen_pozzetti(state)


def _check_stock_and_pile(state: GameState) -> None:
    rules = state.rules
    sent = rules.pozzetti - sum(state.pozzetto_taken) - len(state.pozzetti)
    most = rules.stock_size if not sent else min(rules.stock_size, 2) + rules.pozzetto_size
    stock = len(state.stock)
    if stock > most:
        where = (
            "the deal leaves"
            if not sent
            else "a pozzetto sent to the stock leaves (2 cards and the pozzetto)"
        )
        raise _inconsistent(
            "stock", f"the stock holds {stock} cards, more than the {most} that {where}"
        )
    draws = stock_draws(state)
    pile = len(state.discard_pile)
    ended_on_draw = _ended_on_draw(state)
    drew_now = (state.phase is Phase.PLAY and not state.taken_from_pile) or ended_on_draw
    most_pile = draws if drew_now else 1 + draws
    if pile > most_pile:
        raise _inconsistent(
            "discard_pile",
            f"the discard pile holds {pile} cards, but the stock shows {draws} draws, which "
            f"leave at most {most_pile} (one card to start, one per turn that drew)",
        )
    if state.taken_from_pile > 1 + draws:
        raise _inconsistent(
            "taken_from_pile",
            f"{state.taken_from_pile} cards taken from the pile, but after {draws} draws from "
            f"the stock it held at most {1 + draws}",
        )


def _ended_on_draw(state: GameState) -> bool:
    """Whether the hand ended at a draw (``stock_end`` immediately), with no discard after."""
    outcome = state.outcome
    return (
        outcome is not None
        and outcome.reason is EndReason.STOCK_EXHAUSTED
        and state.rules.stock_end is StockEnd.IMMEDIATELY
    )


def _check_turn_bookkeeping(state: GameState) -> None:
    """The counters of the turn in progress (or of the last turn, once the hand is over)."""
    phase = state.phase
    taken = state.taken_from_pile
    melded = state.melded_this_turn
    stalemate = state.stalemate_turns
    held = len(state.hands[state.turn])
    where = f"hands[{state.turn}]"
    if phase is Phase.PLAY:
        if not melded and held < 1 + max(1, taken):
            drawn = f"took {taken} cards from the pile" if taken else "drew a card"
            raise _inconsistent(
                "taken_from_pile" if taken else where,
                f"seat {state.turn} {drawn} onto a hand of at least one card and has not "
                f"melded, so it holds at least {1 + max(1, taken)} cards, not {held}",
            )
        if taken and len(state.stock) <= 2:
            raise _inconsistent(
                "taken_from_pile",
                "the stock is down to its last 2 cards, so this turn drew from it: nothing "
                "was taken from the pile",
            )
        if stalemate and taken > 1:
            raise _inconsistent(
                "stalemate_turns",
                f"turns of one-card pile swaps leave one card on the pile, so the player took "
                f"1 card, not {taken}",
            )
        if stalemate and not taken and len(state.discard_pile) != 1:
            raise _inconsistent(
                "stalemate_turns",
                "turns of one-card pile swaps leave one card on the pile, not "
                f"{len(state.discard_pile)}",
            )
        return
    outcome = state.outcome
    if outcome is None:
        return
    if _ended_on_draw(state):
        if taken or melded:
            raise _inconsistent(
                "taken_from_pile" if taken else "melded_this_turn",
                "under stock_end 'immediately' the hand ends at the draw that leaves 2 cards in "
                "the stock: the last turn took nothing from the pile and melded nothing",
            )
        if held < 2:
            raise _inconsistent(
                where, f"seat {state.turn} ended the hand by drawing, so it holds 2 cards or more"
            )
        if stalemate and len(state.discard_pile) != 1:
            raise _inconsistent(
                "stalemate_turns",
                "turns of one-card pile swaps leave one card on the pile, not "
                f"{len(state.discard_pile)}",
            )
        return
    reason = outcome.reason
    if reason is EndReason.CLOSED:
        if stalemate:
            raise _inconsistent(
                "stalemate_turns",
                f"a closing ends the hand with no stalemate count, not {stalemate}",
            )
        if not melded:
            raise _inconsistent(
                "melded_this_turn",
                "a closer drew to two cards or more and ended with none, so it melded this turn",
            )
    elif reason is EndReason.STOCK_EXHAUSTED:
        if taken:
            raise _inconsistent(
                "taken_from_pile",
                "the stock ran out at this turn's draw, so nothing was taken from the pile",
            )
        if stalemate:
            raise _inconsistent(
                "stalemate_turns",
                "the last turn drew from the stock, which ends any stalemate count: 0",
            )
    elif taken != 1 or melded:
        raise _inconsistent(
            "taken_from_pile" if taken != 1 else "melded_this_turn",
            "a stalemate ends on a turn that took a one-card pile and melded nothing",
        )
    if not melded and held < max(1, taken):
        raise _inconsistent(
            where,
            f"seat {state.turn} took {max(1, taken)} cards, melded nothing and discarded one, "
            f"so it holds at least {max(1, taken)}, not {held}",
        )


def _check_unseen_pozzetti(state: GameState) -> None:
    players = len(state.hands)
    for index, seat in enumerate(state.unseen_pozzetto):
        partner = state.partner_of(seat)
        if partner is None:
            continue  # 2 or 3 players: seen at the holder's next turn (checked with the seats)
        since = (state.turn - seat) % players
        until = (partner - seat) % players
        over = state.outcome is not None
        if since > until or (since == 0 and not over):
            raise _inconsistent(
                f"unseen_pozzetto[{index}]",
                f"seat {seat} took its pozzetto on the discard and may look at it after its "
                f"partner (seat {partner}) discards, so only seats {(seat + 1) % players} to "
                f"{partner} act before that, not seat {state.turn}",
            )
