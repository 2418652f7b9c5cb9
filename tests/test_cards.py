"""Cards, values, notation and the deck (rules §2)."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import (
    JOKER,
    Card,
    NotationError,
    Rank,
    Reason,
    Suit,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)

ALL_CARDS = [Card(rank, suit) for suit in Suit for rank in Rank] + [JOKER]

# rules §2, written out independently of the code.
RULE_VALUES = {"JK": 30, "2": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10}
RULE_VALUES.update(dict.fromkeys(("7", "6", "5", "4", "3"), 5))


def rule_value(card: Card) -> int:
    text = str(card)
    return RULE_VALUES["JK" if text == "JK" else text[:-1]]


@given(st.sampled_from(ALL_CARDS))
def test_notation_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.unicode()) == card


@pytest.mark.parametrize(
    ("spellings", "expected"),
    [
        (["10S", "10s", "TS", "ts", "10♠", "T♠", " 10S "], Card(Rank.TEN, Suit.SPADES)),
        (["7H", "7h", "7♥"], Card(Rank.SEVEN, Suit.HEARTS)),
        (["AS", "as", "A♠"], Card(Rank.ACE, Suit.SPADES)),
        (["QD", "qd", "Q♦"], Card(Rank.QUEEN, Suit.DIAMONDS)),
        (["2C", "2c", "2♣"], Card(Rank.TWO, Suit.CLUBS)),
        (["JK", "jk", "Jk"], JOKER),
    ],
)
def test_every_documented_spelling_parses_to_the_same_card(
    spellings: list[str], expected: Card
) -> None:
    assert [parse_card(text) for text in spellings] == [expected] * len(spellings)


@pytest.mark.parametrize(
    "token", ["1H", "11S", "XH", "J", "", "  ", "JKK", "7", "H7", "10", "7X", "0S"]
)
def test_bad_tokens_raise_notation_error_naming_the_token(token: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_card(token)
    assert caught.value.token == token
    assert caught.value.reason is Reason.BAD_CARD
    assert f"'{token}'" in str(caught.value)


def test_parse_card_rejects_non_strings_with_notation_error() -> None:
    with pytest.raises(NotationError):
        parse_card(7)  # type: ignore[arg-type]


def test_parse_cards_splits_on_spaces_and_commas_and_accepts_cards() -> None:
    seven, eight = Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.EIGHT, Suit.HEARTS)
    assert parse_cards("7H 8H JK") == (seven, eight, JOKER)
    assert parse_cards("7h,8h , jk") == (seven, eight, JOKER)
    assert parse_cards(["7H", eight, JOKER]) == (seven, eight, JOKER)
    assert parse_cards("") == ()


def test_parse_cards_names_the_first_bad_token() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("7H 1H 8H")
    assert caught.value.token == "1H"


def test_format_cards_writes_notation() -> None:
    assert format_cards(parse_cards("10S AS JK 7h")) == "10S AS JK 7H"
    assert format_cards([]) == ""


def test_unicode_uses_suit_symbols() -> None:
    assert [card.unicode() for card in parse_cards("7H 10S AD KC JK")] == [
        "7♥",
        "10♠",
        "A♦",
        "K♣",
        "JK",
    ]


def test_card_values_follow_the_rule_table() -> None:
    assert {str(card): card.points for card in ALL_CARDS} == {
        str(card): rule_value(card) for card in ALL_CARDS
    }


def test_deck_has_108_cards_two_of_each_and_four_jokers() -> None:
    deck = make_deck()
    assert len(deck) == 108
    assert deck.count(JOKER) == 4
    for rank in Rank:
        assert sum(1 for card in deck if card.rank is rank) == 8
        for suit in Suit:
            assert deck.count(Card(rank, suit)) == 2


def test_deck_value_is_derived_from_the_rule_table() -> None:
    per_pack = 4 * sum(
        RULE_VALUES[r] for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    )
    expected = 2 * per_pack + 4 * RULE_VALUES["JK"]
    assert sum(card.points for card in make_deck()) == expected == 1080


def test_three_packs_give_162_cards_with_six_jokers() -> None:
    deck = make_deck(3)
    assert len(deck) == 162
    assert deck.count(JOKER) == 6
    assert deck.count(Card(Rank.SEVEN, Suit.HEARTS)) == 3


@pytest.mark.parametrize("packs", [0, -1, 1.5, True, "2"])
def test_make_deck_rejects_bad_pack_counts(packs: object) -> None:
    with pytest.raises(ValueError, match="packs"):
        make_deck(packs)  # type: ignore[arg-type]


def test_hands_sort_by_suit_then_rank_with_jokers_last() -> None:
    hand = parse_cards("JK KC 2C AC 7D 10H AH 3S AS")
    assert format_cards(sorted(hand)) == "AS 3S AH 10H 7D AC 2C KC JK"


def test_equal_cards_are_equal_and_hash_alike_whatever_their_origin() -> None:
    built = Card(Rank.SEVEN, Suit.HEARTS)
    parsed = parse_card("7H")
    assert built == parsed
    assert hash(built) == hash(parsed)
    assert len({built, parsed, pickle.loads(pickle.dumps(built)), copy.deepcopy(built)}) == 1
    assert Card(Rank.SEVEN, Suit.SPADES) != built
    assert Card() == JOKER == Card(None, None)


def test_cards_are_immutable_and_evolve_into_other_cards() -> None:
    card = parse_card("7H")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert attrs.evolve(card, rank=Rank.KING) == parse_card("KH")


def test_card_properties() -> None:
    assert JOKER.is_joker and not JOKER.is_two
    assert parse_card("2S").is_two and not parse_card("2S").is_joker
    assert not parse_card("AS").is_two
    assert repr(parse_card("7H")) == "Card(Rank.SEVEN, Suit.HEARTS)"
    assert repr(JOKER) == "JOKER"
    assert str(Rank.TEN) == "10" and Rank.ACE.symbol == "A" and Suit.HEARTS.symbol == "♥"


@pytest.mark.parametrize(
    ("rank", "suit", "error"),
    [
        (Rank.SEVEN, None, ValueError),
        (None, Suit.HEARTS, ValueError),
        ("7", Suit.HEARTS, TypeError),
        (Rank.SEVEN, "X", TypeError),
    ],
)
def test_impossible_cards_are_refused(rank: object, suit: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        Card(rank, suit)  # type: ignore[arg-type]


# --- strict notation (issue 12) -----------------------------------------------------------------

UNICODE_SPACES = ["\u00a0", "\u2028", "\u3000", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\t"]


@pytest.mark.parametrize(
    "token",
    ["\u017fH", "7\u017f", "\u212aS", "jﬃ", "７H", "7Ｈ", "7♥\ufe0f", "7H\u00a0", "7\u0307H"],
)
def test_only_ascii_letters_digits_and_the_four_suit_symbols_are_notation(token: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_card(token)
    assert caught.value.reason is Reason.BAD_CARD


def test_every_case_of_the_ascii_letters_is_accepted() -> None:
    assert parse_card("jk") is parse_card("Jk") is parse_card("jK") is JOKER
    assert parse_card("tS") is parse_card("Ts") is parse_card("10s") is Card(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize("space", UNICODE_SPACES)
def test_only_ascii_spaces_and_commas_separate_cards(space: str) -> None:
    with pytest.raises(NotationError):
        parse_cards(f"7H{space}8H")
    assert parse_cards(" 7H,8H ,, 9H ") == parse_cards("7H 8H 9H")


def test_a_bad_card_message_quotes_at_most_forty_characters() -> None:
    with pytest.raises(NotationError) as caught:
        parse_card("X" * 10_000_000)
    message = str(caught.value)
    assert "'" + "X" * 40 + "…'" in message
    assert len(message) < 300


def test_control_characters_are_escaped_in_messages() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("7H 8H\nseat 0 (11): forged")
    assert "\n" not in str(caught.value)
