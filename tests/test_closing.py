"""Closing and the other ends of a hand, asked of burraco.closing directly (rules §7, §8)."""

from __future__ import annotations

import attrs
import pytest

from burraco import (
    CLASSIC,
    INTERNATIONAL,
    EndReason,
    GameState,
    Meld,
    Outcome,
    Reason,
    Rules,
    StockEnd,
    parse_card,
    parse_cards,
    validate_meld,
)
from burraco.closing import (
    CLOSING_DETAIL,
    DEAD_CARDS,
    can_close,
    closing_problem,
    discard_closes,
    end_after_discard,
    end_after_draw,
    keeping_problem,
    last_card_problem,
    stalemate_turns_after_discard,
)
from tests.helpers import position

BURRACO = validate_meld("4S 5S 6S 7S 8S 9S 10S")
DIRTY_BURRACO = validate_meld("4C 5C 6C JK 8C 9C 10C")
SHORT = validate_meld("4D 5D 6D")


def ready(
    rules: Rules = CLASSIC, hand: str = "9S", melds: tuple[str, ...] = (str(BURRACO),)
) -> GameState:
    """Team 0 has its pozzetto; seat 0 is to play with ``hand``."""
    return position(rules, hands={0: hand}, melds={0: list(melds)}, taken=(True, False))


@pytest.mark.parametrize(
    ("rules", "melds", "taken", "card", "expected"),
    [
        (CLASSIC, (BURRACO,), True, "9H", None),
        (CLASSIC, (BURRACO,), False, "9H", Reason.CLOSING_NEEDS_POZZETTO),
        (CLASSIC, (SHORT,), True, "9H", Reason.CLOSING_NEEDS_BURRACO),
        (CLASSIC, (DIRTY_BURRACO,), True, "9H", None),
        (INTERNATIONAL, (DIRTY_BURRACO,), True, "9H", Reason.CLOSING_NEEDS_CLEAN_BURRACO),
        (INTERNATIONAL, (DIRTY_BURRACO, BURRACO), True, "9H", None),
        (CLASSIC, (BURRACO,), True, "JK", Reason.CLOSING_DISCARD_WILD),
        (CLASSIC, (BURRACO,), True, "2D", Reason.CLOSING_DISCARD_WILD),
        (attrs.evolve(CLASSIC, closing_discard_may_be_wild=True), (BURRACO,), True, "JK", None),
    ],
)
def test_closing_problem_checks_the_three_conditions_of_7_1(
    rules: Rules, melds: tuple[Meld, ...], taken: bool, card: str, expected: Reason | None
) -> None:
    assert closing_problem(rules, melds, taken, parse_card(card)) is expected
    if expected is not None:
        assert CLOSING_DETAIL[expected]


def test_can_close_asks_for_the_team_of_the_player_to_act() -> None:
    assert can_close(ready(), parse_card("9S"))
    assert not can_close(ready(), parse_card("JK"))
    assert not can_close(ready(melds=(str(SHORT),)), parse_card("9S"))


def test_a_team_that_still_takes_a_pozzetto_keeps_nothing_back() -> None:
    state = position(hands={0: "5H 6H 7H"})
    assert keeping_problem(state, (), (validate_meld("5H 6H 7H"),)) is None


def test_a_team_with_its_pozzetto_must_keep_a_card_to_discard() -> None:
    state = ready(hand="5H 6H 7H 9C JK")
    melds = (BURRACO, validate_meld("5H 6H 7H"))
    assert "keep a card to discard" in (keeping_problem(state, (), melds) or "")
    assert keeping_problem(state, parse_cards("9C"), melds) is None
    assert "could not be discarded to close" in (
        keeping_problem(state, parse_cards("JK"), melds) or ""
    )
    assert keeping_problem(state, parse_cards("9C JK"), melds) is None
    no_burraco = (SHORT, validate_meld("5H 6H 7H"))
    assert "a burraco" in (keeping_problem(state, parse_cards("9C"), no_burraco) or "")


def test_a_team_that_can_never_get_a_pozzetto_must_keep_a_card_too() -> None:
    state = position(
        hands={0: "5H 6H 7H 9C"}, melds={0: [str(BURRACO)]}, taken=(False, True), pozzetti=[]
    )
    assert keeping_problem(state, (), (BURRACO,)) is not None
    problem = keeping_problem(state, parse_cards("9C"), (BURRACO,))
    assert problem is not None and "pozzetto" in problem


def test_the_last_card_may_be_discarded_to_take_a_pozzetto_or_to_close() -> None:
    without = position(hands={0: "JK"})
    assert last_card_problem(without, parse_card("JK")) is None
    assert last_card_problem(ready(), parse_card("9S")) is None
    assert last_card_problem(ready(hand="JK"), parse_card("JK")) is Reason.CLOSING_DISCARD_WILD


def test_a_discard_closes_when_it_empties_the_hand_of_a_team_taking_no_pozzetto() -> None:
    assert discard_closes(ready(), ())
    assert not discard_closes(ready(hand="9S 9H"), parse_cards("9H"))
    assert not discard_closes(position(hands={0: "9S"}), ())


def test_end_after_discard_names_the_closer() -> None:
    assert end_after_discard(ready(), ()) == Outcome(EndReason.CLOSED, 0)
    assert end_after_discard(ready(hand="9S 9H"), parse_cards("9H")) is None


def test_the_stock_ends_the_hand_after_the_turn_by_default() -> None:
    state = position(hands={0: "5H 9S"}, stock="3C 3D", exact_stock=True)
    assert DEAD_CARDS == 2
    assert end_after_draw(CLASSIC, state.stock) is None
    assert end_after_discard(state, parse_cards("5H")) == Outcome(EndReason.STOCK_EXHAUSTED)
    closing = position(
        hands={0: "9S"},
        melds={0: [str(BURRACO)]},
        taken=(True, False),
        stock="3C 3D",
        exact_stock=True,
    )
    assert end_after_discard(closing, ()) == Outcome(EndReason.CLOSED, 0)


def test_the_stock_ends_the_hand_at_the_draw_when_stock_end_is_immediately() -> None:
    rules = attrs.evolve(CLASSIC, stock_end=StockEnd.IMMEDIATELY)
    assert end_after_draw(rules, parse_cards("3C 3D")) == Outcome(EndReason.STOCK_EXHAUSTED)
    assert end_after_draw(rules, parse_cards("3C 3D 3H")) is None


def test_a_stalemate_ends_the_hand_after_a_full_round_of_swaps() -> None:
    state = position(hands={0: "5H 6H"}, taken_from_pile=1)
    kept = parse_cards("6H")
    assert stalemate_turns_after_discard(attrs.evolve(state, stalemate_turns=3), kept) == 4
    assert end_after_discard(attrs.evolve(state, stalemate_turns=3), parse_cards("6H")) == Outcome(
        EndReason.STALEMATE
    )
    assert end_after_discard(attrs.evolve(state, stalemate_turns=2), parse_cards("6H")) is None
    melded = attrs.evolve(state, stalemate_turns=3, melded_this_turn=True)
    assert stalemate_turns_after_discard(melded, kept) == 0
    bigger_pile = attrs.evolve(state, stalemate_turns=3, taken_from_pile=2)
    assert stalemate_turns_after_discard(bigger_pile, kept) == 0
    closer = position(
        hands={0: "9S"}, melds={0: [str(BURRACO)]}, taken=(True, False), taken_from_pile=1
    )
    assert stalemate_turns_after_discard(attrs.evolve(closer, stalemate_turns=2), ()) == 0
