"""Pozzetti, asked of burraco.pozzetto directly (rules §6)."""

from __future__ import annotations

import attrs

from burraco import CLASSIC, parse_cards
from burraco.pozzetto import (
    can_take_pozzetto,
    pozzetto_after_discard,
    pozzetto_after_meld,
    reserve_stock,
    take_pozzetto,
    unseen_after_discard,
)
from tests.helpers import position

POZZETTO_A = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"
POZZETTO_B = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"


def test_each_team_takes_at_most_one_pozzetto_while_one_is_left() -> None:
    state = position(hands={0: "5H"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    assert can_take_pozzetto(state, 0) and can_take_pozzetto(state, 1)
    taken = position(hands={0: "5D"}, pozzetti=[POZZETTO_B], taken=(True, False))
    assert not can_take_pozzetto(taken, 0) and can_take_pozzetto(taken, 1)
    none_left = position(hands={0: "5D"}, pozzetti=[], taken=(False, True))
    assert not can_take_pozzetto(none_left, 0)


def test_the_first_pozzetto_goes_first_as_a_sorted_hand() -> None:
    state = position(hands={0: "5D"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    hand, left, taken = take_pozzetto(state, 1)
    assert hand == tuple(sorted(parse_cards(POZZETTO_A), key=lambda card: card.code))
    assert (left, taken) == ((parse_cards(POZZETTO_B),), (False, True))


def test_melding_every_card_takes_the_pozzetto_directly() -> None:
    state = position(hands={0: "5D"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    hand, left, taken = pozzetto_after_meld(state, ())
    assert (len(hand), len(left), taken) == (11, 1, (True, False))
    kept = parse_cards("5D")
    assert pozzetto_after_meld(state, kept) == (kept, state.pozzetti, state.pozzetto_taken)


def test_discarding_the_last_card_takes_the_pozzetto_on_the_discard() -> None:
    state = position(hands={0: "5D"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    hand, left, taken, on_discard = pozzetto_after_discard(state, ())
    assert (len(hand), len(left), taken, on_discard) == (11, 1, (True, False), True)
    kept = parse_cards("5D")
    assert pozzetto_after_discard(state, kept) == (
        kept,
        state.pozzetti,
        state.pozzetto_taken,
        False,
    )
    closing = position(hands={0: "5D"}, pozzetti=[POZZETTO_B], taken=(True, False))
    assert pozzetto_after_discard(closing, ()) == ((), closing.pozzetti, (True, False), False)


def test_a_pozzetto_taken_on_the_discard_is_seen_after_the_partners_next_discard() -> None:
    state = position(hands={0: "5D"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    assert unseen_after_discard(state, 1, taken_on_discard=True) == (0,)
    holder_waits = attrs.evolve(position(hands={1: "5D"}, turn=1), unseen_pozzetto=(0,))
    assert unseen_after_discard(holder_waits, 2, taken_on_discard=False) == (0,)
    partner = attrs.evolve(position(hands={2: "5D"}, turn=2), unseen_pozzetto=(0,))
    assert unseen_after_discard(partner, 3, taken_on_discard=False) == ()
    assert unseen_after_discard(partner, 3, taken_on_discard=False, hand_over=True) == (0,)


def test_with_two_players_the_pozzetto_is_seen_at_the_holders_next_turn() -> None:
    rules = attrs.evolve(CLASSIC, players=2)
    state = attrs.evolve(position(rules, hands={1: "5D"}, turn=1), unseen_pozzetto=(0,))
    assert unseen_after_discard(state, 0, taken_on_discard=False) == ()


def test_the_reserve_stock_swap_of_the_german_variant() -> None:
    german = attrs.evolve(CLASSIC, pozzetti_as_reserve_stock=True)
    pozzetti = (parse_cards(POZZETTO_A), parse_cards(POZZETTO_B))
    dead = parse_cards("3C 3D")
    assert reserve_stock(german, dead, pozzetti) == (pozzetti[0] + dead, pozzetti[1:])
    assert reserve_stock(german, dead, ()) == (dead, ())
    assert reserve_stock(german, parse_cards("3C 3D 3H"), pozzetti)[1] == pozzetti
    assert reserve_stock(CLASSIC, dead, pozzetti) == (dead, pozzetti)
