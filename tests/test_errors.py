"""The exception tree and the reason codes."""

from __future__ import annotations

import re

import pytest

from burraco import (
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    Reason,
    RecordError,
    TournamentError,
    errors,
)


@pytest.mark.parametrize(
    "cls",
    [
        NotationError,
        InvalidMeldError,
        IllegalActionError,
        InvalidStateError,
        RecordError,
        TournamentError,
    ],
)
def test_every_error_is_a_burraco_error_and_a_value_error(cls: type[BurracoError]) -> None:
    assert issubclass(cls, BurracoError)
    assert issubclass(cls, ValueError)
    assert cls.__doc__ and "raised" in cls.__doc__.lower()


def test_reason_codes_are_unique_kebab_case_strings() -> None:
    values = [reason.value for reason in Reason]
    assert len(values) == len(set(values))
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", value) for value in values)
    code: str = "gap"
    assert code == Reason.GAP


def test_illegal_action_error_message_names_action_seat_and_reason() -> None:
    error = IllegalActionError(
        "discard JK",
        2,
        Reason.CLOSING_DISCARD_WILD,
        "a player may not close by discarding a wild card",
    )
    assert str(error) == (
        "illegal action 'discard JK' by seat 2: closing-discard-wild: "
        "a player may not close by discarding a wild card"
    )
    assert (error.action, error.seat, error.reason) == (
        "discard JK",
        2,
        Reason.CLOSING_DISCARD_WILD,
    )


def test_invalid_state_error_carries_its_path() -> None:
    error = InvalidStateError("not a card", reason=Reason.WRONG_TYPE, path="hands[2][5]")
    assert str(error) == "hands[2][5]: not a card"
    assert error.path == "hands[2][5]"


def test_module_exports_only_the_error_names() -> None:
    assert sorted(errors.__all__) == errors.__all__


# --- messages safe to show every seat (issue 12) ------------------------------------------------


def test_card_not_in_hand_has_a_public_message_that_names_no_card() -> None:
    from burraco import Discard, apply, new_game, parse_card
    from burraco.actions import DrawStock

    state = apply(new_game(seed=5), DrawStock())
    missing = next(
        card for card in map(parse_card, ["JK", "2C", "AS", "KD"]) if card not in state.hand
    )
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Discard(missing))
    error = caught.value
    hand_cards = {str(card) for card in state.hand}
    assert any(card in str(error) for card in hand_cards)  # the player may see its own hand
    public = error.public_message
    assert public == (
        f"illegal action by seat {state.turn}: card-not-in-hand: the player does not hold the "
        "cards named"
    )
    assert not any(re.search(rf"\b{re.escape(card)}\b", public) for card in hand_cards)


def test_every_reason_has_a_public_sentence_and_every_error_a_public_message() -> None:
    for reason in Reason:
        errors_of_reason: list[BurracoError] = [
            NotationError("x", token="x", reason=reason),
            InvalidMeldError("x", reason=reason),
            IllegalActionError("discard 7H", 0, reason, "it holds 7S"),
            InvalidStateError("x", reason=reason, path="hands[1]"),
        ]
        for error in errors_of_reason:
            public = error.public_message
            assert reason.value in public
            assert "7H" not in public and "7S" not in public
            assert public.isprintable()


def test_excerpts_are_bounded_and_one_line() -> None:
    assert errors.excerpt("x" * 100) == "'" + "x" * errors.EXCERPT_LENGTH + "…'"
    assert errors.excerpt("a\nb\ud800") == "'a\\nb\\ud800'"


def test_an_illegal_action_message_is_bounded_however_large_the_action() -> None:
    from burraco import OpenMeld, apply, new_game
    from burraco.actions import DrawStock

    state = apply(new_game(seed=5), DrawStock())
    with pytest.raises(IllegalActionError) as caught:
        apply(state, OpenMeld(["7H"] * 100_000))
    assert caught.value.reason is Reason.CARD_NOT_IN_HAND
    assert len(str(caught.value)) < 1300
    assert "\n" not in str(caught.value)
