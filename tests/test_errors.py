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
    errors,
)


@pytest.mark.parametrize(
    "cls", [NotationError, InvalidMeldError, IllegalActionError, InvalidStateError, RecordError]
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
