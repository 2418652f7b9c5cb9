"""Invariant checks: whether a state or a view is a possible position of a hand.

:func:`check_invariants` checks that a :class:`~burraco.GameState` is a possible position: every
card present exactly once, legal melds, one seat to act, a consistent phase, pozzetti and
outcome, and a history that its fields can tell (:func:`check_history`). :func:`check_view`
checks that some such position shows a :class:`~burraco.PlayerView` to its seat.
:func:`burraco.serialize.from_json` runs them on every saved game and view it reads; they are
public, for your own tests too, and need nothing beyond the library:

>>> import attrs
>>> from burraco.engine import new_game
>>> state = new_game(seed=1)
>>> check_invariants(state)
>>> check_invariants(attrs.evolve(state, turn=4))
Traceback (most recent call last):
...
burraco.errors.InvalidStateError: turn: out-of-range: expected a seat from 0 to 3, not 4

What a state's own fields tell of the hand's history (:func:`check_history`, the checks of
reachability): a well-formed state can still be one that no play reaches: a stock larger than
the deal leaves, a pile larger than the draws made, a pozzetto still unseen after the partner
has discarded. Those checks use only what the fields say; each is a consequence of how
:func:`burraco.apply` changes a state, so every state it returns passes, and a state that
passes leads by legal play only to states that pass.

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

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Final

from burraco._engine.counts import check_known_count, stock_draws
from burraco.cards import Card, Rank, format_cards, make_deck
from burraco.closing import closing_problem
from burraco.engine import legal_actions
from burraco.errors import (
    InvalidMeldError,
    Reason,
    check_seat,
    field_path,
    inconsistent_state,
    invalid_state,
    number_text,
)
from burraco.melds import Meld, MeldKind, table_meld
from burraco.pozzetto import can_take_pozzetto
from burraco.rules import Partnerships, Rules, StockEnd
from burraco.state import (
    EndReason,
    GameState,
    Outcome,
    Phase,
    fixed_partners,
    partners_after_first_out,
)
from burraco.views import PlayerView, arrange, determinize, observe

__all__ = ["check_history", "check_invariants", "check_view"]

_inconsistent = inconsistent_state

_DECKS: Final = {
    (packs, jokers): Counter(make_deck(packs, jokers=jokers))
    for packs in (2, 3)
    for jokers in (True, False)
}


# --- the invariants -----------------------------------------------------------------------------


def check_invariants(state: GameState) -> None:
    """Check that ``state`` is a possible position of a hand; raise if it is not.

    Every state that :func:`~burraco.new_game` and :func:`~burraco.apply` return passes. The
    checks, in order:

    * types: the fields hold the types :class:`~burraco.GameState` declares (tuples of
      :class:`~burraco.Card`, :class:`~burraco.Meld` values, ...), and hands are sorted;
    * sizes: a hand per seat, a list of melds and a pozzetto flag per team;
    * melds: each is legal under ``state.rules`` and is exactly the meld its cards make (set
      ranks, ``one_set_per_rank``, ``wild_as_second_ace``, ...);
    * conservation: the hands, melds, stock, discard pile and pozzetti hold every card of the
      packs exactly once;
    * seats: the dealer, the seat to act, the closer and the seats with an unseen pozzetto are
      seats; the counters are in range;
    * the phase: ``over`` exactly when there is an outcome; in the draw phase the stock holds at
      least 3 cards, the discard pile is not empty and nothing was taken or melded yet; in the
      play phase the pile is empty exactly when the player took it; nobody but a closer holds
      no card;
    * pozzetti: untaken ones are whole; one per team, taken or left (fewer when
      ``pozzetti_as_reserve_stock`` sent one to the stock); a team that took one has melded; an
      unseen pozzetto belongs to a team that took it and has not been played;
    * the outcome: a closed hand names the seat that acted last, whose hand is empty and whose
      team could close (pozzetto taken, a burraco, no wild as the last discard); a stalemate
      comes after a full round of swaps, a stock end leaves the stock at 2 cards;
    * known cards: for each seat, sorted cards that its hand holds (none while its hand is an
      unseen pozzetto);
    * history: what the fields tell of the play so far agrees with them. The stock is no larger
      than the deal leaves, and ``stock_size - len(stock)`` draws were made; the discard pile
      holds at most one card more than that (one per turn that drew), and no more was taken
      from it; a player who has not melded this turn holds at least one card more than it drew
      or took; the stalemate count follows only one-card pile swaps and is 0 after a closing or
      a draw; a hand that ended at a draw (``stock_end`` immediately) took and melded nothing
      in its last turn; a closer melded in its last turn; a pozzetto taken on the discard is
      still unseen only while the seats from its taker's left round to its partner act;
    * the player to act has a legal action (rules §7.2).

    Raises:
        InvalidStateError: on the first violation; ``reason`` is a :class:`~burraco.Reason`
            (``cards-not-conserved``, ``illegal-meld``, ``inconsistent-state``,
            ``out-of-range``, ``wrong-type``) and ``path`` names the field, such as
            ``melds[1][0]`` or ``hands[2][5]``.
    """
    _check_position(state)
    _check_can_act(state)


def _check_position(state: GameState) -> None:
    """Every check of :func:`check_invariants` but the last (that the player can act)."""
    if not isinstance(state, GameState):
        raise invalid_state(
            Reason.WRONG_TYPE, "", f"expected a GameState, not {type(state).__name__}"
        )
    _check_types(state)
    _check_counts(state)
    _check_melds(state.melds, state.rules, state.partners)
    _check_conserved(state)
    _check_seats(state)
    _check_phase(state)
    _check_pozzetti(state)
    _check_outcome(state)
    _check_federation_fields(state)
    _check_hands_held(state)
    _check_known(state)
    check_history(state)


def _check_types(state: GameState) -> None:
    if not isinstance(state.rules, Rules):
        raise invalid_state(Reason.WRONG_TYPE, "rules", "expected a Rules value")
    for name in ("dealer", "turn", "taken_from_pile", "stalemate_turns"):
        value = getattr(state, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise invalid_state(
                Reason.WRONG_TYPE, name, f"expected an int, not {type(value).__name__}"
            )
    if not isinstance(state.phase, Phase):
        raise invalid_state(Reason.WRONG_TYPE, "phase", "expected a Phase")
    if not isinstance(state.melded_this_turn, bool):
        raise invalid_state(Reason.WRONG_TYPE, "melded_this_turn", "expected a bool")
    for name in ("hands", "pozzetti"):
        rows = _tuple(getattr(state, name), name)
        for index, row in enumerate(rows):
            _card_tuple(row, field_path(name, index))
    for seat, hand in enumerate(state.hands):
        if any(hand[i] > hand[i + 1] for i in range(len(hand) - 1)):
            raise inconsistent_state(field_path("hands", seat), "a hand is kept sorted")
    for name in ("stock", "discard_pile"):
        _card_tuple(getattr(state, name), name)
    for team, melds in enumerate(_tuple(state.melds, "melds")):
        for index, meld in enumerate(_tuple(melds, field_path("melds", team))):
            where = field_path(field_path("melds", team), index)
            if not isinstance(meld, Meld):
                raise invalid_state(Reason.WRONG_TYPE, where, "expected a Meld")
            _card_tuple(meld.cards, where)
            if meld.wild_as is not None and not isinstance(meld.wild_as, Rank):
                raise invalid_state(Reason.WRONG_TYPE, where, "the meld's wild_as is not a Rank")
    for index, flag in enumerate(_tuple(state.pozzetto_taken, "pozzetto_taken")):
        if not isinstance(flag, bool):
            raise invalid_state(
                Reason.WRONG_TYPE, field_path("pozzetto_taken", index), "expected a bool"
            )
    for index, seat in enumerate(_tuple(state.unseen_pozzetto, "unseen_pozzetto")):
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise invalid_state(
                Reason.WRONG_TYPE, field_path("unseen_pozzetto", index), "expected an int"
            )
    outcome = state.outcome
    if outcome is not None:
        if not isinstance(outcome, Outcome) or not isinstance(outcome.reason, EndReason):
            raise invalid_state(
                Reason.WRONG_TYPE, "outcome", "expected an Outcome with an EndReason"
            )
        closer = outcome.closer
        if closer is not None and (isinstance(closer, bool) or not isinstance(closer, int)):
            raise invalid_state(Reason.WRONG_TYPE, "outcome.closer", "expected an int or None")


def _tuple(value: object, path: str) -> tuple[Any, ...]:
    if not isinstance(value, tuple):
        raise invalid_state(
            Reason.WRONG_TYPE, path, f"expected a tuple, not {type(value).__name__}"
        )
    return value


def _card_tuple(value: object, path: str) -> None:
    for index, card in enumerate(_tuple(value, path)):
        if not isinstance(card, Card):
            raise invalid_state(Reason.WRONG_TYPE, field_path(path, index), "expected a Card")


def _count(items: Sequence[object], path: str, expected: int, what: str) -> None:
    if len(items) != expected:
        raise invalid_state(
            Reason.OUT_OF_RANGE, path, f"expected {expected} {what}, not {len(items)}"
        )


def _check_counts(state: GameState) -> None:
    rules = state.rules
    _count(state.hands, "hands", rules.players, f"hands (rules.players is {rules.players})")
    _check_partners(state)
    teams = len(state.partners)
    _count(state.melds, "melds", teams, f"lists of melds, one per team ({teams})")
    _count(state.pozzetto_taken, "pozzetto_taken", teams, "flags, one per team")


def _check_partners(state: GameState) -> None:
    """The teams are the deal's, or (first-out-alone, rules §14.2) those formed when one seat
    ran out first, that seat having taken the first pozzetto."""
    rules = state.rules
    partners = state.partners
    dealt = fixed_partners(rules.players, rules.teams)
    if partners == dealt:
        return
    if rules.partnerships is Partnerships.FIRST_OUT_ALONE:
        for alone in range(rules.players):
            if partners == partners_after_first_out(rules.players, alone):
                team = partners.index((alone,))
                if len(state.pozzetto_taken) == len(partners) and not state.pozzetto_taken[team]:
                    raise inconsistent_state(
                        field_path("pozzetto_taken", team),
                        f"seat {alone} plays alone, so it was the first to run out of cards "
                        "and took the first pozzetto",
                    )
                return
        detail = (
            "every seat alone, or the lone first-out seat and the pairs of rules §14.2, such as "
            f"{partners_after_first_out(rules.players, 0)}"
        )
    else:
        detail = f"the teams of the deal, {dealt}"
    raise inconsistent_state("partners", f"the teams must be {detail}, not {partners}")


def _check_melds(
    melds: tuple[tuple[Meld, ...], ...],
    rules: Rules,
    partners: tuple[tuple[int, ...], ...] = (),
) -> None:
    for team, row in enumerate(melds):
        # a pair of rules §14 keeps the sets both partners laid before it formed
        joined = rules.partnerships is Partnerships.FIRST_OUT_ALONE and len(partners[team]) > 1
        sets: dict[Rank, int] = {}
        for index, meld in enumerate(row):
            where = f"melds[{team}][{index}]"
            text = format_cards(meld.cards)
            try:
                rebuilt = table_meld(meld.cards, rules, meld.wild_as)
            except InvalidMeldError as error:
                raise invalid_state(
                    Reason.ILLEGAL_MELD,
                    where,
                    f"'{text}' is not a legal meld under these rules: {error.reason}: "
                    f"{error.detail}",
                ) from None
            if rebuilt != meld:
                raise invalid_state(
                    Reason.ILLEGAL_MELD,
                    where,
                    f"the meld's fields do not match its cards '{text}', which make '{rebuilt}'",
                )
            if meld.kind is MeldKind.SET and rules.one_set_per_rank and not joined:
                assert meld.rank is not None
                if meld.rank in sets:
                    raise invalid_state(
                        Reason.ILLEGAL_MELD,
                        where,
                        f"team {team} has a set of {meld.rank} already (meld {sets[meld.rank]}); "
                        "these rules allow one set per rank",
                    )
                sets[meld.rank] = index


def _places(state: GameState) -> Iterator[tuple[str, tuple[Card, ...], bool]]:
    """Every place that holds cards, its path, and whether its cards are named one by one."""
    for seat, hand in enumerate(state.hands):
        yield f"hands[{seat}]", hand, True
    for team, melds in enumerate(state.melds):
        for index, meld in enumerate(melds):
            yield f"melds[{team}][{index}]", meld.cards, False
    yield "stock", state.stock, True
    yield "discard_pile", state.discard_pile, True
    for index, pozzetto in enumerate(state.pozzetti):
        yield f"pozzetti[{index}]", pozzetto, True


def _check_conserved(state: GameState) -> None:
    packs = state.rules.packs
    need = _DECKS[packs, state.rules.jokers]
    have: Counter[Card] = Counter()
    for _, cards, _ in _places(state):
        have.update(cards)
    if have == need:
        return
    missing = format_cards(sorted((need - have).elements()))
    extra = format_cards(sorted((have - need).elements()))
    summary = f"the cards must be the {sum(need.values())} cards of {packs} packs, once each"
    summary += f"; missing {missing}" if missing else ""
    summary += f"; extra {extra}" if extra else ""
    surplus = min((have - need).elements(), default=None)
    if surplus is not None:  # name the copy found one too many, in the order of the fields
        places = [
            field_path(path, index) if one_by_one else path
            for path, cards, one_by_one in _places(state)
            for index, card in enumerate(cards)
            if card is surplus
        ]
        raise invalid_state(
            Reason.CARDS_NOT_CONSERVED,
            places[need[surplus]],
            f"{surplus} is one copy too many: {packs} packs hold {need[surplus]}, and it is at "
            f"{', '.join(places)}; {summary}",
        )
    raise invalid_state(Reason.CARDS_NOT_CONSERVED, "", summary)


def _check_seats(state: GameState) -> None:
    players = state.rules.players
    check_seat(state.dealer, "dealer", players)
    check_seat(state.turn, "turn", players)
    if state.outcome is not None and state.outcome.closer is not None:
        check_seat(state.outcome.closer, "outcome.closer", players)
    previous = -1
    for index, seat in enumerate(state.unseen_pozzetto):
        where = field_path("unseen_pozzetto", index)
        check_seat(seat, where, players)
        if seat <= previous:
            raise invalid_state(
                Reason.INCONSISTENT_STATE, where, f"seat {seat} is listed twice or out of order"
            )
        previous = seat
    if not 0 <= state.stalemate_turns <= players:
        raise invalid_state(
            Reason.OUT_OF_RANGE,
            "stalemate_turns",
            f"expected 0 to {players} turns, not {number_text(state.stalemate_turns)}",
        )
    if not 0 <= state.taken_from_pile <= state.rules.deck_size:
        raise invalid_state(
            Reason.OUT_OF_RANGE,
            "taken_from_pile",
            f"expected 0 to {state.rules.deck_size} cards, "
            f"not {number_text(state.taken_from_pile)}",
        )


def _check_phase(state: GameState) -> None:
    rules = state.rules
    phase = state.phase
    outcome = state.outcome
    stock = len(state.stock)
    pile = len(state.discard_pile)
    if (phase is Phase.OVER) != (outcome is not None):
        raise inconsistent_state(
            "outcome",
            "the phase is 'over' exactly when the hand has an outcome; here the phase is "
            f"{phase.value!r} and the outcome {'none' if outcome is None else outcome.reason}",
        )
    least = (
        3
        if phase is Phase.DRAW or (phase is Phase.PLAY and rules.stock_end is StockEnd.IMMEDIATELY)
        else 2
    )
    if stock < least:
        raise inconsistent_state(
            "stock",
            f"the stock holds {stock} cards; in the {phase.value} phase it holds at least "
            f"{least} (a hand ends when a draw leaves 2)",
        )
    if phase is Phase.DRAW:
        if not pile:
            raise inconsistent_state(
                "discard_pile", "in the draw phase the discard pile is not empty"
            )
        if state.taken_from_pile:
            raise inconsistent_state(
                "taken_from_pile", "in the draw phase nothing was taken yet: 0"
            )
        if state.melded_this_turn:
            raise inconsistent_state(
                "melded_this_turn", "in the draw phase nobody melded yet: false"
            )
        if state.stalemate_turns and pile != 1:
            raise inconsistent_state(
                "stalemate_turns",
                f"turns of one-card pile swaps leave one card on the pile, not {pile}",
            )
    elif phase is Phase.PLAY and bool(state.taken_from_pile) == bool(pile):
        raise inconsistent_state(
            "taken_from_pile",
            "in the play phase the discard pile is empty exactly when the player took it "
            f"(taken_from_pile {state.taken_from_pile}, discard pile of {pile})",
        )
    elif phase is Phase.OVER and not pile:
        raise inconsistent_state("discard_pile", "a hand ends with a card on the discard pile")
    if state.melded_this_turn and not state.melds[state.team_of(state.turn)]:
        raise inconsistent_state(
            "melded_this_turn", f"seat {state.turn} melded this turn but its team has no meld"
        )
    if rules.pozzetti_as_reserve_stock and stock <= 2 and state.pozzetti:
        raise inconsistent_state(
            "pozzetti",
            "the stock is down to its last 2 cards while a pozzetto is left; under "
            "pozzetti_as_reserve_stock the pozzetto goes to the stock",
        )


def _check_pozzetti(state: GameState) -> None:
    rules = state.rules
    count = rules.pozzetti
    sizes = rules.pozzetto_sizes
    left = len(state.pozzetti)
    for index, pozzetto in enumerate(state.pozzetti):
        size = sizes[count - left + index] if left <= count else rules.pozzetto_size
        if len(pozzetto) != size:
            raise inconsistent_state(
                field_path("pozzetti", index),
                f"an untaken pozzetto holds {size} cards, not {len(pozzetto)}",
            )
    taken = sum(state.pozzetto_taken)
    if taken + left > count or (taken + left != count and not rules.pozzetti_as_reserve_stock):
        raise inconsistent_state(
            "pozzetti",
            f"{left} pozzetti left and {taken} taken make {left + taken}, but "
            f"{count} are dealt"
            + ("" if rules.pozzetti_as_reserve_stock else ", and none goes to the stock"),
        )
    for team, flag in enumerate(state.pozzetto_taken):
        if flag and not state.melds[team]:
            raise inconsistent_state(
                field_path("pozzetto_taken", team),
                f"team {team} took its pozzetto without melding: a hand is emptied by melding",
            )
    teams_unseen: set[int] = set()
    for index, seat in enumerate(state.unseen_pozzetto):
        where = field_path("unseen_pozzetto", index)
        team = state.team_of(seat)
        if not state.pozzetto_taken[team]:
            raise inconsistent_state(where, f"seat {seat}'s team {team} has not taken its pozzetto")
        if team in teams_unseen:
            raise inconsistent_state(where, f"team {team} took only one pozzetto, not two unseen")
        teams_unseen.add(team)
        if len(state.hands[seat]) not in sizes[: count - left]:
            sizes_taken = " or ".join(str(size) for size in sorted(set(sizes[: count - left])))
            raise inconsistent_state(
                where,
                f"seat {seat} holds {len(state.hands[seat])} cards, but a pozzetto it has not "
                f"looked at holds {sizes_taken or 'no card: none was taken'}",
            )
        if seat == state.turn and state.outcome is None:
            raise inconsistent_state(
                where, f"seat {seat} is to act, so it may look at its pozzetto by now"
            )


def _check_federation_fields(state: GameState) -> None:
    """The fields of rules §13: the one-card pile's card and the time-out count."""
    rules = state.rules
    players = rules.players
    turns = state.time_out_turns
    if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= players:
        raise invalid_state(
            Reason.OUT_OF_RANGE,
            "time_out_turns",
            f"expected 0 to {players} turns, not {number_text(turns)}",
        )
    outcome = state.outcome
    if outcome is not None and outcome.reason is EndReason.TIME_OUT and turns:
        raise inconsistent_state(
            "time_out_turns", "a hand that ended on time has no turn left to play"
        )
    card = state.pile_card
    if card is None:
        _check_no_pile_card(state)
        return
    if not isinstance(card, Card):
        raise invalid_state(Reason.WRONG_TYPE, "pile_card", f"expected a card, not {card!r:.60}")
    if rules.return_single_pile_card:
        raise inconsistent_state(
            "pile_card", "these rules let a one-card pile be discarded again: no pile_card"
        )
    if state.phase is not Phase.PLAY or state.taken_from_pile != 1:
        raise inconsistent_state(
            "pile_card",
            "only a player who took a discard pile of one card this turn keeps a pile_card",
        )
    if card not in state.hands[state.turn]:
        raise inconsistent_state(
            "pile_card", f"seat {state.turn} keeps {card} from the pile, so its hand holds it"
        )
    if card not in state.known[state.turn]:
        raise inconsistent_state(
            "pile_card",
            f"{card} was not taken with the pile: seat {state.turn} is not known to hold it",
        )


def _check_no_pile_card(state: GameState) -> None:
    """Without a ``pile_card``, a one-card pick this turn (rules §13.1, nothing melded yet)
    must have found another copy of the card in the hand: the hand now holds two copies of a
    card it is known to hold. Otherwise the field was dropped, which would let the card be
    discarded again."""
    rules = state.rules
    if (
        rules.return_single_pile_card
        or state.phase is not Phase.PLAY
        or state.taken_from_pile != 1
        or state.melded_this_turn
        or state.outcome is not None
    ):
        return
    hand = state.hands[state.turn]
    if not any(hand.count(card) > 1 for card in set(state.known[state.turn])):
        raise inconsistent_state(
            "pile_card",
            f"seat {state.turn} took a one-card pile this turn and holds no other copy of a "
            "card taken with it, so the state needs the pile_card it may not discard",
        )


def _check_outcome(state: GameState) -> None:
    outcome = state.outcome
    if outcome is None:
        if state.stalemate_turns >= state.rules.players:
            raise inconsistent_state(
                "stalemate_turns",
                f"{state.stalemate_turns} turns of swaps end the hand in a stalemate",
            )
        return
    rules = state.rules
    reason = outcome.reason
    closer = outcome.closer
    if (reason is EndReason.CLOSED) != (closer is not None):
        raise inconsistent_state(
            "outcome.closer", "a closed hand names its closer, and only a closed hand does"
        )
    if (reason is EndReason.STALEMATE) != (state.stalemate_turns == rules.players):
        raise inconsistent_state(
            "stalemate_turns",
            f"a hand ends in a stalemate after {rules.players} turns of swaps, and only then "
            f"(here {state.stalemate_turns} turns, ended by {reason.value})",
        )
    if reason is EndReason.STOCK_EXHAUSTED and len(state.stock) > 2:
        raise inconsistent_state(
            "outcome.reason", f"the stock ran out, yet it holds {len(state.stock)} cards"
        )
    if closer is not None:
        team = state.team_of(closer)
        if closer != state.turn:
            raise inconsistent_state(
                "outcome.closer", f"seat {closer} closed, so it acted last, not seat {state.turn}"
            )
        if state.hands[closer]:
            raise inconsistent_state(
                "outcome.closer", f"seat {closer} closed, so its hand is empty"
            )
        problem = closing_problem(
            rules, state.melds[team], state.pozzetto_taken[team], state.discard_pile[-1]
        )
        if problem is not None:
            raise inconsistent_state(
                "outcome.closer",
                f"seat {closer} could not have closed by discarding {state.discard_pile[-1]}: "
                f"{problem}",
            )


def _check_hands_held(state: GameState) -> None:
    outcome = state.outcome
    for seat, hand in enumerate(state.hands):
        if not hand and (outcome is None or outcome.closer != seat):
            raise inconsistent_state(
                field_path("hands", seat),
                f"seat {seat} holds no card: only the player who closed ends with none",
            )


def _check_known(state: GameState) -> None:
    known = _tuple(state.known, "known")
    _count(known, "known", state.rules.players, "lists of known cards, one per seat")
    for seat, cards in enumerate(known):
        where = field_path("known", seat)
        _card_tuple(cards, where)
        if any(cards[i] > cards[i + 1] for i in range(len(cards) - 1)):
            raise inconsistent_state(where, "known cards are kept sorted")
        if not cards:
            continue
        if seat in state.unseen_pozzetto:
            raise inconsistent_state(
                where, f"seat {seat} holds a pozzetto nobody has seen, so no card of it is known"
            )
        lacking = Counter(cards) - Counter(state.hands[seat])
        if lacking:
            raise inconsistent_state(
                where,
                f"seat {seat} is known to hold {format_cards(sorted(lacking.elements()))}, "
                f"but its hand is {format_cards(state.hands[seat]) or 'empty'}",
            )


def _check_can_act(state: GameState) -> None:
    if state.phase is not Phase.PLAY:
        return  # over, or a draw (the stock holds 3 cards or more)
    rules = state.rules
    hand = state.hands[state.turn]
    pending = rules.pile_requires_meld and state.taken_from_pile and not state.melded_this_turn
    if len(hand) >= 2 and not pending:
        return  # any card may be discarded
    if not legal_actions(state):
        team = state.team_of(state.turn)
        detail = f"seat {state.turn} has no legal action: it holds {format_cards(hand)}" + (
            "" if can_take_pozzetto(state, team) else ", and cannot close with it"
        )
        raise inconsistent_state(field_path("hands", state.turn), detail)


# --- views -------------------------------------------------------------------------------------


def check_view(view: PlayerView) -> None:
    """Check that some possible state shows ``view`` to its seat; raise if none does.

    :func:`burraco.serialize.from_json` runs it on every view it reads. The cards the view
    names must fit in the packs; the cards it does not show must fill exactly the hidden part
    of the hands, the stock and the pozzetti; the state they make must pass
    :func:`check_invariants` (with the hidden cards dealt by :func:`~burraco.determinize`,
    and one that lets the player to act do something); and ``observe`` must give back the
    same view, derived fields such as ``table_points`` included.

    >>> from burraco.engine import new_game
    >>> import attrs
    >>> view = observe(new_game(seed=1), 0)
    >>> check_view(view)
    >>> check_view(attrs.evolve(view, stock_size=40))
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidStateError: stock_size: cards-not-conserved: 96 cards are unseen, but
    the hidden hands, the stock and the pozzetti hold 95

    Raises:
        InvalidStateError: naming the field at fault, with the reasons of
            :func:`check_invariants`.
    """
    if not isinstance(view, PlayerView):
        raise invalid_state(
            Reason.WRONG_TYPE, "", f"expected a PlayerView, not {type(view).__name__}"
        )
    _check_view_counts(view)
    _check_position(arrange(view))
    state = determinize(view, random.Random(0))
    _check_can_act(state)
    seen = observe(state, view.seat)
    if seen == view:
        return
    for name in PlayerView.__attrs_attrs__:  # the first field that no position shows
        if getattr(seen, name.name) != getattr(view, name.name):
            raise inconsistent_state(
                name.name,
                f"no position shows this to seat {view.seat}: given the rest of the view, "
                f"{name.name} would be {_shown(getattr(seen, name.name))}",
            )


def _check_view_counts(view: PlayerView) -> None:
    players = view.rules.players
    check_seat(view.seat, "seat", players)
    for name in ("hand_sizes", "known_cards"):
        _count(getattr(view, name), name, players, "items, one per seat")
    teams = len(view.partners)
    for name in ("melds", "pozzetto_taken", "table_points"):
        _count(getattr(view, name), name, teams, "items, one per team")


def _shown(value: object) -> str:
    """A field of a view for a message, in notation where it holds cards."""
    if isinstance(value, tuple) and all(isinstance(item, Card) for item in value):
        return repr(format_cards(value))
    text = str(value) if not isinstance(value, tuple) else str(list(value))
    return text if len(text) <= 60 else text[:57] + "..."


# --- the history a state's fields tell -------------------------------------------------------


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


def _check_stock_and_pile(state: GameState) -> None:
    rules = state.rules
    sent = rules.pozzetti - sum(state.pozzetto_taken) - len(state.pozzetti)
    most = rules.stock_size if not sent else min(rules.stock_size, 2) + max(rules.pozzetto_sizes)
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
