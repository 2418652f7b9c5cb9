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
  discard, so only the seats from the taker's left round to the partner act meanwhile;
* a card is known to be in a hand only if it was taken with the discard pile (and not played
  since), so the known cards are at most the cards taken with the pile, which the counts above
  bound (:func:`most_taken_from_pile`): a hand just dealt has none.
"""

from __future__ import annotations

from burraco.errors import inconsistent_state as _inconsistent
from burraco.rules import Rules, StockEnd
from burraco.state import EndReason, GameState, Phase


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


def check_history(state: GameState) -> None:
    """Reject a well-formed state that no play reaches, as far as its fields can tell.

    Raises:
        InvalidStateError: with the reason ``inconsistent-state`` and the path of the field at
            fault.
    """
    _check_stock_and_pile(state)
    _check_turn_bookkeeping(state)
    _check_unseen_pozzetti(state)
    check_known_count(
        len(state.hands),
        stock_draws(state),
        sum(len(meld.cards) for melds in state.melds for meld in melds),
        len(state.discard_pile),
        state.stalemate_turns,
        state.known,
        "known",
    )


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
