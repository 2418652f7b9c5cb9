"""The exception tree and the reason codes."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import (
    AgentError,
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


# --- errors that cross processes (issue 41) -----------------------------------------------------


def public_error_types() -> list[type[BurracoError]]:
    """Every exception class that the package exports."""
    import burraco

    found = [getattr(burraco, name) for name in burraco.__all__]
    return [item for item in found if isinstance(item, type) and issubclass(item, BurracoError)]


def test_every_public_error_type_is_listed() -> None:
    assert set(public_error_types()) == {
        AgentError,
        BurracoError,
        IllegalActionError,
        InvalidMeldError,
        InvalidStateError,
        NotationError,
        RecordError,
        TournamentError,
    }


texts = st.text(max_size=60)
reasons = st.sampled_from(Reason)


def any_error() -> st.SearchStrategy[BurracoError]:
    """An error of every public type, with arbitrary attributes."""
    from burraco import GreedyAgent, new_game

    state = new_game(seed=3)
    return st.one_of(
        st.builds(lambda m, r: BurracoError(m, reason=r), texts, reasons),
        st.builds(lambda m, t, r: NotationError(m, token=t, reason=r), texts, texts, reasons),
        st.builds(lambda m, r, d: InvalidMeldError(m, reason=r, detail=d), texts, reasons, texts),
        st.builds(IllegalActionError, texts, st.integers(0, 5), reasons, texts),
        st.builds(lambda m, r, p: InvalidStateError(m, reason=r, path=p), texts, reasons, texts),
        st.builds(lambda d, n, r: RecordError(d, line=n, reason=r), texts, st.integers(0), reasons),
        st.builds(lambda d, r, p: TournamentError(d, reason=r, path=p), texts, reasons, texts),
        st.builds(
            lambda seat, agent, reason, detail, deal, hand, with_state: AgentError(
                seat,
                agent,
                reason=reason,
                detail=detail,
                error=detail,
                action="discard 7H",
                deal=deal,
                hand=hand,
                state=state if with_state else None,
                partial=type(GreedyAgent()).__name__,
            ),
            st.integers(0, 5),
            texts,
            reasons,
            texts,
            st.one_of(st.none(), st.integers(), texts),
            st.one_of(st.none(), st.integers(0, 200)),
            st.booleans(),
        ),
    )


@given(any_error())
def test_every_public_error_pickles_and_compares_equal_after_the_round_trip(
    error: BurracoError,
) -> None:
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert copy == error
    assert str(copy) == str(error)
    assert copy.reason == error.reason
    assert copy.public_message == error.public_message
    assert vars(copy) == vars(error)


def test_errors_that_differ_are_not_equal_and_errors_stay_hashable() -> None:
    first = RecordError("bad", line=3)
    assert first != RecordError("bad", line=4)
    assert first != InvalidStateError("line 3: bad", reason=Reason.BAD_RECORD)
    assert {first, RecordError("bad", line=3)} == {first}


def test_an_agent_error_names_the_agent_seat_deal_and_hand_within_bounds() -> None:
    error = AgentError(
        2, "x" * 10_000, reason=Reason.AGENT_FAILED, error="ValueError: " + "y" * 10_000
    ).in_context(deal="s" * 10_000, hand=4)
    text = str(error)
    assert text.startswith("agent xxx")
    assert "of seat 2 raised ValueError: yyy" in text
    assert "(deal 'sss" in text and "hand 4)" in text
    assert len(text) < 700
    assert error.public_message == (
        "illegal action by seat 2: agent-failed: the agent raised an exception instead of "
        "choosing an action"
    )
    assert isinstance(error, IllegalActionError)
    with pytest.raises(TypeError, match="a hand is a whole number"):
        error.in_context(hand="4")


def test_exception_text_is_one_bounded_line() -> None:
    assert errors.exception_text(KeyError("x")) == "KeyError: 'x'"
    assert errors.exception_text(RuntimeError()) == "RuntimeError"
    assert errors.exception_text(ValueError("a\nb" * 1000)).count("\n") == 0


def test_every_entry_point_quotes_at_most_a_bounded_excerpt_of_huge_input() -> None:
    from burraco import Match, new_game, parse_cards, score_team, validate_meld
    from burraco.record import MatchRecord
    from burraco.serialize import from_json

    huge = "x" * 900_000
    attempts: list[Callable[[], object]] = [
        lambda: validate_meld("7H 8H JK", wild_as=huge),  # type: ignore[arg-type]
        lambda: validate_meld("7H 8H JK=" + huge),
        lambda: parse_cards("7H " + huge),
        lambda: new_game(deck=parse_cards("7H " * 200_000)),
        lambda: score_team(["7H 8H 9H"], "7H " * 200_000, took_pozzetto=False, closed=False),
        lambda: MatchRecord.parse(f'[Rules "{huge}"]\n[Seed "1"]\n'),
        lambda: MatchRecord.parse(f'[Rules "classic"]\n[Seed "1"]\n[Result "{huge}"]\n'),
        lambda: MatchRecord.parse(f'[Rules "classic"]\n[Rules.{huge} "1"]\n[Seed "1"]\n'),
        lambda: from_json('{"format": 1, "type": "' + huge + '"}'),
        lambda: from_json('{"format": 1, "' + huge + '": 1}'),
        lambda: from_json("[" + "1" * 5000 + "]"),
        lambda: from_json(huge + huge),
        lambda: Match.start().record(huge),  # type: ignore[arg-type]
    ]
    for attempt in attempts:
        with pytest.raises((BurracoError, TypeError)) as caught:
            attempt()
        message = str(caught.value)
        assert len(message) < 1300 and "\n" not in message, message[:200]
