"""Action values and their notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import (
    JOKER,
    Action,
    AddToMeld,
    Card,
    Discard,
    DrawStock,
    NotationError,
    OpenMeld,
    Rank,
    Reason,
    Suit,
    TakeDiscardPile,
    parse_action,
    parse_cards,
    validate_meld,
)

CARDS = [Card(rank, suit) for suit in Suit for rank in Rank] + [JOKER]
card_lists = st.lists(st.sampled_from(CARDS), min_size=1, max_size=8)
wilds = st.none() | st.sampled_from(list(Rank))
actions: st.SearchStrategy[Action] = st.one_of(
    st.just(DrawStock()),
    st.just(TakeDiscardPile()),
    st.builds(Discard, st.sampled_from(CARDS)),
    st.builds(OpenMeld, card_lists, wilds),
    st.builds(AddToMeld, st.integers(0, 30), card_lists, wilds),
)


@given(actions)
def test_every_action_reads_back_from_its_notation(action: Action) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("draw", DrawStock()),
        ("PICK", TakeDiscardPile()),
        ("discard 9c", Discard(parse_cards("9C")[0])),
        ("open 6h 5h jk=4h", OpenMeld(parse_cards("5H 6H JK"), Rank.FOUR)),
        ("open 5H 6H JK=4", OpenMeld(parse_cards("5H 6H JK"), Rank.FOUR)),
        ("add 2 8h 7h", AddToMeld(2, parse_cards("7H 8H"))),
        ("add 0 7D =4D", AddToMeld(0, parse_cards("7D"), Rank.FOUR)),
        ("add 3 JK =2", AddToMeld(3, parse_cards("JK"), Rank.TWO)),
        ("add [5H 6H 7H] 8H", AddToMeld(validate_meld("5H 6H 7H"), parse_cards("8H"))),
    ],
)
def test_notation_examples(text: str, expected: Action) -> None:
    assert parse_action(text) == expected


def test_actions_print_as_players_say_them() -> None:
    assert str(OpenMeld("JK 6H 5H", wild_as=Rank.FOUR)) == "open 5H 6H JK=4H"
    assert str(AddToMeld(3, "JK", wild_as=Rank.TWO)) == "add 3 JK =2"
    assert str(AddToMeld(validate_meld("5H 6H 7H"), "8H")) == "add [5H 6H 7H] 8H"
    assert str(Discard("9c")) == "discard 9C"


def test_open_meld_cards_are_kept_sorted_so_equal_actions_compare_equal() -> None:
    assert OpenMeld("7H 5H 6H") == OpenMeld(["5H", "6H", "7H"])
    assert hash(OpenMeld("7H 5H 6H")) == hash(OpenMeld("5H 6H 7H"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "draw 7H",
        "discard",
        "discard 7H 8H",
        "open",
        "open 5H 6H 7H=8H",
        "open JK=JK 5H 6H",
        "add",
        "add 7H",
        "add ² 7H",
        "add " + "9" * 5000 + " 7H",
        "add -1 7H",
        "add 0",
        "add [5H 8H JK] 9H",
        "add [5H 6H 7H 8H",
        "open 5H 6H JK=4H 2S=7H",
        "discard 1H",
    ],
)
def test_bad_notation_raises_notation_error_quoting_it(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.reason in (Reason.BAD_ACTION, Reason.BAD_CARD)


def test_parse_action_rejects_non_text() -> None:
    with pytest.raises(NotationError):
        parse_action(7)  # type: ignore[arg-type]


def test_actions_validate_their_fields() -> None:
    with pytest.raises(TypeError):
        AddToMeld("0", "7H")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        AddToMeld(True, "7H")
    with pytest.raises(TypeError):
        OpenMeld("5H 6H JK", wild_as="4")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Discard("XX")


# --- strict notation and sizes (issue 12) -------------------------------------------------------


def test_commas_separate_the_words_of_an_action_as_they_separate_cards() -> None:
    assert parse_action("open 5H,6H, 7H") == parse_action("open 5H 6H 7H")
    assert parse_action("add 0,8H") == parse_action("add 0 8H")


@pytest.mark.parametrize(
    "text", ["pic\u212a", "dr\u0430w", "open\u00a05H 6H 7H", "discard 7\u017f"]
)
def test_non_ascii_lookalikes_and_spaces_are_not_actions(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_an_action_longer_than_any_legal_one_is_rejected_fast_with_a_short_message() -> None:
    import time

    from burraco.actions import MAX_ACTION_LENGTH

    longest = "add [AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK=KH] 10S 10S 10S 10S 10S 10S"
    assert len(longest) < MAX_ACTION_LENGTH
    start = time.perf_counter()
    with pytest.raises(NotationError) as caught:
        parse_action("open " + "7H " * 3_500_000)
    assert time.perf_counter() - start < 0.5
    assert caught.value.reason is Reason.BAD_ACTION
    assert len(str(caught.value)) < 300
    assert len(caught.value.token) <= MAX_ACTION_LENGTH


def test_a_meld_of_more_cards_than_the_packs_hold_is_rejected_with_a_short_message() -> None:
    from burraco import InvalidMeldError

    with pytest.raises(InvalidMeldError) as caught:
        validate_meld("7H " * 1_000_000)
    assert caught.value.reason is Reason.TOO_MANY_COPIES
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    "text",
    [
        "open 5H 6H JK=7S",
        "open 5h 6h 2c=4d",
        "add 0 6H JK=7S",
        "add 1 7H 8H =9C",
        "add [5H 6H 7H] JK=8S",
        "add [5H 6H 7H] 2C =4D",
    ],
)
def test_a_wild_placed_on_a_card_of_another_suit_than_its_sequence_is_bad_notation(
    text: str,
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert caught.value.reason is Reason.BAD_ACTION
    assert str(caught.value).startswith(f"bad action '{text}': the naturals ")
    assert "are hearts, so the wild stands for a heart" in str(caught.value)


def test_a_placed_wild_of_the_right_suit_or_of_a_sets_rank_is_read() -> None:
    assert parse_action("open 5H 6H JK=7H") == OpenMeld(parse_cards("5H 6H JK"), Rank.SEVEN)
    assert parse_action("open 7S 7H JK=7D") == OpenMeld(parse_cards("7S 7H JK"), Rank.SEVEN)
    # with no natural card written beside it the action cannot tell the meld's suit: the
    # action keeps the rank (``burraco play`` checks the suit against the meld on the table)
    assert parse_action("add 0 JK=7S") == AddToMeld(0, (JOKER,), Rank.SEVEN)
