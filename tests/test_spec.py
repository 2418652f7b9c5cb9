"""The specification, walked paragraph by paragraph as a user would call the library.

Each test names the section of the rules page (rules §N, docs/rules.md) or DESIGN.md it checks,
uses only ``from burraco import ...`` (and :func:`attrs.evolve`, as DESIGN.md tells users to), and
asserts on whole values. Positions are built as a user would: with ``new_game(deck=...)`` or
by writing a :class:`GameState` out field by field.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    INTERNATIONAL,
    JOKER,
    REALE,
    AddToMeld,
    BurracoError,
    BurracoKind,
    Card,
    Discard,
    DrawStock,
    EndReason,
    GameState,
    HandScore,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    Match,
    MeldKind,
    NotationError,
    OpenMeld,
    Outcome,
    PenaltyWhen,
    Phase,
    Rank,
    Reason,
    Rules,
    StockEnd,
    Suit,
    TakeDiscardPile,
    TeamScore,
    apply,
    burraco_kind,
    extend_meld,
    is_legal,
    legal_actions,
    make_deck,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    score_hand,
    score_team,
    validate_meld,
    victory_points,
)

# --- helpers --------------------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    """Cards from notation, sorted as hands are."""
    return tuple(sorted(parse_cards(text)))


def table(
    rules: Rules = CLASSIC,
    *,
    hands: Sequence[str],
    melds: Sequence[Sequence[str]] | None = None,
    stock: str = "4C 5C 6C 7C 8C 9C",
    pile: str = "KD",
    pozzetti: Sequence[str] | None = None,
    taken: Sequence[bool] | None = None,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
) -> GameState:
    """A position written out field by field (the cards need not make up the whole deck)."""
    teams = rules.teams
    given = melds if melds is not None else [[] for _ in range(teams)]
    flags = tuple(taken) if taken is not None else (False,) * teams
    if pozzetti is None:
        pozzetti = ["3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"] * (teams - sum(flags))
    return GameState(
        rules=rules,
        dealer=(turn - 1) % rules.players,
        turn=turn,
        phase=phase,
        hands=tuple(cards(hand) for hand in hands),
        melds=tuple(tuple(validate_meld(m, rules) for m in team) for team in given),
        stock=parse_cards(stock),
        discard_pile=parse_cards(pile),
        pozzetti=tuple(parse_cards(p) for p in pozzetti),
        pozzetto_taken=flags,
    )


def play(state: GameState, *moves: str) -> GameState:
    for move in moves:
        state = apply(state, parse_action(move))
    return state


def reason_of(state: GameState, move: str) -> Reason:
    with pytest.raises(IllegalActionError) as caught:
        apply(state, parse_action(move))
    return caught.value.reason


# --- DESIGN Values: cards and their notation; rules §2 -----------------------------------


def test_cards_print_in_notation_and_parse_back() -> None:
    seven = Card(Rank.SEVEN, Suit.HEARTS)
    assert [str(seven), str(Card(Rank.TEN, Suit.SPADES)), str(Card(Rank.ACE, Suit.SPADES))] == [
        "7H",
        "10S",
        "AS",
    ]
    assert str(JOKER) == "JK"
    assert (JOKER.rank, JOKER.suit, JOKER.is_joker, seven.is_joker) == (None, None, True, False)
    assert seven.unicode() == "7♥"
    for text in ("7h", "7H", "7♥", " 7H "):
        assert parse_card(text) == seven
    assert parse_card("TS") == parse_card("10s") == parse_card("10♠") == Card(Rank.TEN, Suit.SPADES)
    assert parse_card("jk") == JOKER
    assert (
        parse_cards("7H 8H JK")
        == parse_cards("7H,8H, JK")
        == (
            seven,
            Card(Rank.EIGHT, Suit.HEARTS),
            JOKER,
        )
    )


def test_identical_cards_are_equal() -> None:
    assert Card(Rank.SEVEN, Suit.HEARTS) == parse_card("7H")
    assert hash(Card(Rank.SEVEN, Suit.HEARTS)) == hash(parse_card("7h"))
    assert parse_card("2C").is_two and not parse_card("AC").is_two


def test_card_values_are_those_of_section_2() -> None:
    texts = ["JK", "2C", "AS", "KH", "QD", "JC", "10S", "9H", "8D", "7C", "6S", "5H", "4D", "3C"]
    values = {text: parse_card(text).points for text in texts}
    assert values == {
        "JK": 30, "2C": 20, "AS": 15, "KH": 10, "QD": 10, "JC": 10, "10S": 10, "9H": 10,
        "8D": 10, "7C": 5, "6S": 5, "5H": 5, "4D": 5, "3C": 5,
    }  # fmt: skip


def test_the_deck_is_108_cards_or_162_with_three_packs() -> None:
    two = make_deck()
    assert (len(two), two.count(JOKER), two.count(parse_card("7H"))) == (108, 4, 2)
    three = make_deck(3)
    assert (len(three), three.count(JOKER), three.count(parse_card("7H"))) == (162, 6, 3)


def test_bad_card_text_raises_notation_error_naming_the_token() -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards("7H 11S 8H")
    assert caught.value.token == "11S"
    assert caught.value.reason == Reason.BAD_CARD
    assert "'11S'" in str(caught.value)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, BurracoError)


def test_a_placed_wild_prints_as_two_equals_card() -> None:
    assert str(validate_meld("2C 5H 6H", wild_as=Rank.SEVEN)) == "5H 6H 2C=7H"


# --- §11 and DESIGN Rules: fields and presets -----------------------------------------------

NATURAL_RANKS = frozenset(rank for rank in Rank if rank is not Rank.TWO)


def test_classic_preset_has_every_field_of_design() -> None:
    assert {
        "players": CLASSIC.players,
        "teams": CLASSIC.teams,
        "packs": CLASSIC.packs,
        "set_ranks": CLASSIC.set_ranks,
        "one_set_per_rank": CLASSIC.one_set_per_rank,
        "wild_as_second_ace": CLASSIC.wild_as_second_ace,
        "natural_two_locked": CLASSIC.natural_two_locked,
        "semi_clean": CLASSIC.semi_clean,
        "closing_needs_clean_burraco": CLASSIC.closing_needs_clean_burraco,
        "closing_discard_may_be_wild": CLASSIC.closing_discard_may_be_wild,
        "pile_requires_meld": CLASSIC.pile_requires_meld,
        "stock_end": CLASSIC.stock_end,
        "pozzetti_as_reserve_stock": CLASSIC.pozzetti_as_reserve_stock,
        "untaken_pozzetto_penalty": CLASSIC.untaken_pozzetto_penalty,
        "target": CLASSIC.target,
        "bonuses": (
            CLASSIC.clean_bonus,
            CLASSIC.semi_clean_bonus,
            CLASSIC.dirty_bonus,
            CLASSIC.closing_bonus,
            CLASSIC.pozzetto_penalty,
        ),
    } == {
        "players": 4,
        "teams": 2,
        "packs": 2,
        "set_ranks": NATURAL_RANKS,
        "one_set_per_rank": True,
        "wild_as_second_ace": True,
        "natural_two_locked": False,
        "semi_clean": False,
        "closing_needs_clean_burraco": False,
        "closing_discard_may_be_wild": False,
        "pile_requires_meld": False,
        "stock_end": StockEnd.AFTER_TURN,
        "pozzetti_as_reserve_stock": False,
        "untaken_pozzetto_penalty": PenaltyWhen.ALWAYS,
        "target": 2000,
        "bonuses": (200, 150, 100, 100, 100),
    }
    assert isinstance(CLASSIC.name, str)


_ALWAYS = PenaltyWhen.ALWAYS
_NONE_TOOK = PenaltyWhen.UNLESS_NONE_TOOK


@pytest.mark.parametrize(
    ("rules", "set_ranks", "semi_clean", "clean_close", "pile_meld", "penalty", "suits"),
    [
        (CLASSIC, NATURAL_RANKS, False, False, False, _ALWAYS, "SHDC"),
        (FIBUR, NATURAL_RANKS, True, False, False, _NONE_TOOK, "HDCS"),
        (INTERNATIONAL, frozenset({Rank.ACE, Rank.THREE}), False, True, True, _ALWAYS, "HDCS"),
        (FEBURIT, NATURAL_RANKS, True, False, False, _ALWAYS, "HDCS"),
        (REALE, frozenset(), True, True, False, _NONE_TOOK, "HDCS"),
    ],
)
def test_presets_follow_the_table_of_section_11(
    rules: Rules,
    set_ranks: frozenset[Rank],
    semi_clean: bool,
    clean_close: bool,
    pile_meld: bool,
    penalty: PenaltyWhen,
    suits: str,
) -> None:
    assert rules.return_single_pile_card is (rules is CLASSIC)
    assert (
        rules.set_ranks,
        rules.one_set_per_rank,
        rules.wild_as_second_ace,
        rules.natural_two_locked,
        rules.semi_clean,
        rules.closing_needs_clean_burraco,
        rules.closing_discard_may_be_wild,
        rules.pile_requires_meld,
        rules.stock_end,
        rules.pozzetti_as_reserve_stock,
        rules.untaken_pozzetto_penalty,
        rules.target,
        "".join(suit.value for suit in rules.seating_suit_order),
    ) == (
        set_ranks,
        True,
        True,
        False,
        semi_clean,
        clean_close,
        False,
        pile_meld,
        StockEnd.AFTER_TURN,
        False,
        penalty,
        2000,
        suits,
    )


def test_rules_are_frozen_keyword_only_and_changed_with_evolve() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(CLASSIC, "players", 2)  # noqa: B010 - the point is to try it
    assert all(field.kw_only for field in attrs.fields(Rules))
    assert Rules() == CLASSIC
    two = attrs.evolve(CLASSIC, players=2)
    assert (two.players, two.teams, two.packs, CLASSIC.players) == (2, 2, 2, 4)


@pytest.mark.parametrize(
    ("players", "teams", "packs"), [(2, 2, 2), (3, 3, 2), (4, 2, 2), (6, 3, 3)]
)
def test_player_counts_give_teams_and_packs(players: int, teams: int, packs: int) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    assert (rules.teams, rules.packs) == (teams, packs)


@pytest.mark.parametrize("players", [7, 1, 0, 8])
def test_impossible_player_counts_raise_value_error(players: int) -> None:
    with pytest.raises(ValueError):
        attrs.evolve(CLASSIC, players=players)
    with pytest.raises(ValueError):
        Rules(players=players)


@pytest.mark.parametrize("target", [0, -5])
def test_a_target_of_zero_or_less_raises_value_error(target: int) -> None:
    with pytest.raises(ValueError):
        attrs.evolve(CLASSIC, target=target)


def test_stock_end_and_penalty_are_str_enums() -> None:
    codes: list[str] = ["after-turn", "immediately", "always", "if-opponents-closed"]
    members = [
        StockEnd.AFTER_TURN,
        StockEnd.IMMEDIATELY,
        PenaltyWhen.ALWAYS,
        PenaltyWhen.IF_OPPONENTS_CLOSED,
    ]
    assert members == codes
    assert attrs.evolve(CLASSIC, stock_end="immediately").stock_end is StockEnd.IMMEDIATELY
    assert attrs.evolve(CLASSIC, untaken_pozzetto_penalty="if-opponents-closed") == attrs.evolve(
        CLASSIC, untaken_pozzetto_penalty=PenaltyWhen.IF_OPPONENTS_CLOSED
    )


# --- §5 and §12: melds ----------------------------------------------------------------------


def meld_facts(text: str, rules: Rules = CLASSIC) -> tuple[MeldKind, bool, Rank | None, str]:
    meld = validate_meld(text, rules)
    return meld.kind, meld.is_clean, meld.wild_as, str(meld)


SET_EXAMPLES = [
    ("7S 7H 7D", True, "7S 7H 7D"),
    ("7S 7S 7H", True, "7S 7S 7H"),
    ("7S 7H 2C", False, "7S 7H 2C"),
    ("8C 8D JK", False, "8D 8C JK"),
]


@pytest.mark.parametrize(("text", "clean", "shown"), SET_EXAMPLES)
def test_set_examples_of_section_12(text: str, clean: bool, shown: str) -> None:
    meld = validate_meld(text)
    assert (meld.kind, meld.is_clean, meld.wild_as, meld.suit, str(meld)) == (
        MeldKind.SET,
        clean,
        None,
        None,
        shown,
    )
    assert meld.rank == parse_cards(text)[0].rank
    assert meld.wild == (None if clean else parse_cards(text)[-1])


@pytest.mark.parametrize(
    ("text", "reason", "rules"),
    [
        ("7S 2C JK", Reason.TOO_MANY_WILDS, CLASSIC),
        ("2S 2H 2D", Reason.ONLY_WILDS, CLASSIC),
        ("JK JK 2C", Reason.ONLY_WILDS, CLASSIC),
        ("7S 7H", Reason.TOO_FEW_CARDS, CLASSIC),
        ("KS KH KD", Reason.SET_RANK_NOT_ALLOWED, INTERNATIONAL),
        ("5H 6H 7S", Reason.MIXED_SUITS, CLASSIC),
        ("5H 8H JK", Reason.GAP, CLASSIC),
        ("5H JK 2C", Reason.TOO_MANY_WILDS, CLASSIC),
        ("KH AH 2H 3H", Reason.WRAP_AROUND, CLASSIC),
        ("2H 2S JK", None, CLASSIC),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", Reason.TWO_ACES, CLASSIC),
    ],
)
def test_illegal_examples_of_section_12(text: str, reason: Reason | None, rules: Rules) -> None:
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(text, rules)
    if reason is not None:
        assert caught.value.reason == reason
    assert caught.value.reason in Reason


def test_eight_sevens_and_a_joker_are_a_nine_card_set() -> None:
    meld = validate_meld("7S 7S 7H 7H 7D 7D 7C 7C JK")
    assert (meld.kind, len(meld.cards), meld.wild, meld.is_burraco) == (
        MeldKind.SET,
        9,
        JOKER,
        True,
    )
    assert (burraco_kind(meld), burraco_kind(meld, FIBUR)) == (
        BurracoKind.DIRTY,
        BurracoKind.SEMI_CLEAN,
    )


def test_sets_of_aces_and_threes_under_international() -> None:
    assert validate_meld("AS AH AD", INTERNATIONAL).rank is Rank.ACE
    assert validate_meld("3S 3H JK", INTERNATIONAL).rank is Rank.THREE


SEQUENCE_EXAMPLES = [
    ("5H 6H 7H", True, None, "5H 6H 7H"),
    ("5H 7H JK", False, Rank.SIX, "5H JK=6H 7H"),
    ("AH 2H 3H", True, None, "AH 2H 3H"),
    ("QH KH AH", True, None, "QH KH AH"),
    ("KH AH 2H", False, Rank.QUEEN, "2H=QH KH AH"),
    ("QH KH AH 2H", False, Rank.JACK, "2H=JH QH KH AH"),
    ("QH 2H AH", False, Rank.KING, "QH 2H=KH AH"),
    ("2H 3H 4H", True, None, "2H 3H 4H"),
    ("2H 4H 5H", False, Rank.SIX, "4H 5H 2H=6H"),
    ("2S 3H 4H", False, Rank.FIVE, "3H 4H 2S=5H"),
    ("2H 2S 4H", False, Rank.THREE, "2H 2S=3H 4H"),
    ("AH 2H 3H 2S 5H", False, Rank.FOUR, "AH 2H 3H 2S=4H 5H"),
    ("AC 2C 3C 2S 5C", False, Rank.FOUR, "AC 2C 3C 2S=4C 5C"),
    ("QH KH AH JK", False, Rank.JACK, "JK=JH QH KH AH"),
    ("5H 6H JK", False, Rank.SEVEN, "5H 6H JK=7H"),
    ("QH KH JK", False, Rank.ACE, "QH KH JK=AH"),
    ("JD QD 2D AD", False, Rank.KING, "JD QD 2D=KD AD"),
]


@pytest.mark.parametrize(("text", "clean", "wild_as", "shown"), SEQUENCE_EXAMPLES)
def test_sequence_examples_of_section_12(
    text: str, clean: bool, wild_as: Rank | None, shown: str
) -> None:
    assert meld_facts(text) == (MeldKind.SEQUENCE, clean, wild_as, shown)
    meld = validate_meld(text)
    placed = [token.partition("=")[0] for token in shown.split() if "=" in token]
    assert meld.wild == (parse_card(placed[0]) if placed else None)
    assert meld.is_clean == (meld.wild is None)
    assert meld.suit == next(c.suit for c in parse_cards(text) if not (c.is_joker or c.is_two))
    assert meld.rank is None


def test_meld_order_of_the_input_does_not_matter() -> None:
    assert (
        validate_meld("JK 7H 5H") == validate_meld("5H 7H JK") == validate_meld(["7H", JOKER, "5H"])
    )


def test_named_wild_ranks_of_section_12() -> None:
    assert str(validate_meld("2H 4H 5H", wild_as=Rank.THREE)) == "2H=3H 4H 5H"
    assert str(validate_meld("2S 3H 4H", wild_as=Rank.TWO)) == "2S=2H 3H 4H"
    assert str(validate_meld("5H 6H JK", wild_as=Rank.FOUR)) == "JK=4H 5H 6H"
    assert validate_meld("JK=4H 5H 6H") == validate_meld("5H 6H JK", wild_as=Rank.FOUR)
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld("5H 6H JK", wild_as=Rank.NINE)
    assert caught.value.reason == Reason.WILD_AS_NOT_POSSIBLE


def test_the_fourteen_card_sequence() -> None:
    meld = validate_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")
    assert (len(meld.cards), meld.wild, meld.wild_as, meld.is_clean) == (14, JOKER, Rank.ACE, False)
    no_second_ace = attrs.evolve(CLASSIC, wild_as_second_ace=False)
    with pytest.raises(InvalidMeldError):
        validate_meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", no_second_ace)


def test_ace_low_or_high_wild_prefers_the_two_unless_the_king_is_named() -> None:
    low = validate_meld("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK")
    assert (low.wild_as, str(low)) == (Rank.TWO, "AH JK=2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")
    high = validate_meld("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK", wild_as=Rank.KING)
    assert str(high) == "3H 4H 5H 6H 7H 8H 9H 10H JH QH JK=KH AH"


def test_meld_points_count_each_card_value() -> None:
    assert validate_meld("6D 7D JK").points == 40
    assert validate_meld("KH AH 2H").points == 45


# --- §5.5 burraco ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "wild_as", "classic", "fibur"),
    [
        ("4S 5S 6S 7S 8S 9S 10S", None, BurracoKind.CLEAN, BurracoKind.CLEAN),
        ("4S 5S 6S JK 8S 9S 10S", None, BurracoKind.DIRTY, BurracoKind.DIRTY),
        ("4S 5S 6S 7S 8S 9S 10S JK", Rank.JACK, BurracoKind.DIRTY, BurracoKind.SEMI_CLEAN),
        ("AH 2H 3H 4H 5H 6H 7H", None, BurracoKind.CLEAN, BurracoKind.CLEAN),
        ("4S 5S 6S JK 8S 9S 10S JS", None, BurracoKind.DIRTY, BurracoKind.DIRTY),
        ("4S 5S 6S", None, None, None),
    ],
)
def test_burraco_examples_of_section_12(
    text: str, wild_as: Rank | None, classic: BurracoKind | None, fibur: BurracoKind | None
) -> None:
    meld = validate_meld(text, wild_as=wild_as)
    assert (burraco_kind(meld), burraco_kind(meld, CLASSIC), burraco_kind(meld, FIBUR)) == (
        classic,
        classic,
        fibur,
    )
    assert meld.is_burraco == (classic is not None)


@pytest.mark.parametrize(
    ("text", "fibur"),
    [
        ("AH 2H 3H 4H 5H 6H 7H JK=8H", BurracoKind.SEMI_CLEAN),  # a natural two is natural
        ("2S=3H 4H 5H 6H 7H 8H 9H 10H", BurracoKind.SEMI_CLEAN),
        ("4H 5H 6H 7H 8H 9H 2S=10H JH", BurracoKind.DIRTY),
        ("7S 7S 7H 7H 7D 7D 7C JK", BurracoKind.SEMI_CLEAN),  # 7 naturals and the wild
        ("7S 7S 7H 7H 7D 7D JK", BurracoKind.DIRTY),  # 6 naturals and the wild
    ],
)
def test_semi_clean_is_seven_naturals_in_a_row_beside_the_wild(
    text: str, fibur: BurracoKind
) -> None:
    meld = validate_meld(text)
    assert (burraco_kind(meld), burraco_kind(meld, FIBUR)) == (BurracoKind.DIRTY, fibur)


def test_the_burraco_example_with_the_wild_written_after_the_ten() -> None:
    meld = validate_meld("4S 5S 6S 7S 8S 9S 10S JK=JS")
    assert str(meld) == "4S 5S 6S 7S 8S 9S 10S JK=JS"
    assert (burraco_kind(meld), burraco_kind(meld, FIBUR)) == (
        BurracoKind.DIRTY,
        BurracoKind.SEMI_CLEAN,
    )


def test_a_freed_wild_can_make_a_sequence_semi_clean_never_clean() -> None:
    dirty = validate_meld("4S 5S 6S JK 8S 9S 10S")
    grown = extend_meld(dirty, "7S")
    assert str(grown) == "4S 5S 6S 7S 8S 9S 10S JK=JS"
    assert (burraco_kind(grown), burraco_kind(grown, FIBUR)) == (
        BurracoKind.DIRTY,
        BurracoKind.SEMI_CLEAN,
    )


# --- §5.4 where a wild sits, extend_meld ----------------------------------------------------


def test_extend_meld_examples_of_section_5_4() -> None:
    with pytest.raises(InvalidMeldError):
        extend_meld(validate_meld("6C JK 8C"), "10C")
    assert str(extend_meld(validate_meld("6C JK 8C"), "7C 10C")) == "6C 7C 8C JK=9C 10C"
    assert str(extend_meld(validate_meld("2C=4C 5C 6C"), "8C")) == "5C 6C 2C=7C 8C"
    assert str(extend_meld(validate_meld("5D 6D JK=7D"), "7D")) == "5D 6D 7D JK=8D"
    named = extend_meld(validate_meld("5D 6D JK=7D"), "7D", wild_as=Rank.FOUR)
    assert str(named) == "JK=4D 5D 6D 7D"


def test_a_natural_two_may_later_become_the_wild() -> None:
    run = validate_meld("2H 3H 4H 5H 6H 7H")
    assert run.is_clean
    grown = extend_meld(run, "9H")
    assert (str(grown), grown.wild_as, burraco_kind(grown)) == (
        "3H 4H 5H 6H 7H 2H=8H 9H",
        Rank.EIGHT,
        BurracoKind.DIRTY,
    )
    locked = attrs.evolve(CLASSIC, natural_two_locked=True)
    with pytest.raises(InvalidMeldError):
        extend_meld(run, "9H", locked)
    assert str(extend_meld(run, "8H", locked)) == "2H 3H 4H 5H 6H 7H 8H"


def test_a_fixed_wild_stays_until_its_card_is_added() -> None:
    fixed = validate_meld("6C JK 8C")
    assert str(extend_meld(fixed, "9C")) == "6C JK=7C 8C 9C"
    with pytest.raises(InvalidMeldError):
        extend_meld(fixed, "5C", wild_as=Rank.NINE)


def test_ace_high_extensions_of_issue_11() -> None:
    assert str(extend_meld(validate_meld("QH KH AH"), "2H")) == "2H=JH QH KH AH"
    assert str(extend_meld(validate_meld("10H JH QH 2H=KH"), "AH")) == "10H JH QH 2H=KH AH"


def test_an_added_two_is_natural_when_it_can_be_so_the_ace_may_change_ends() -> None:
    high = validate_meld("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    grown = extend_meld(high, "2H")
    assert (str(grown), grown.is_clean) == ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True)


def test_a_meld_holds_one_wild_also_when_extended() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        extend_meld(validate_meld("5H 6H JK"), "2C")
    assert caught.value.reason == Reason.TOO_MANY_WILDS
    with pytest.raises(InvalidMeldError):
        extend_meld(validate_meld("7S 7H 2C"), "JK")
    assert str(extend_meld(validate_meld("7S 7H 2C"), "7D 7C")) == "7S 7H 7D 7C 2C"


@pytest.mark.parametrize(
    ("meld", "added", "reason", "message"),
    [
        (
            "5H 6H 7H",
            "5S",
            Reason.MIXED_SUITS,
            "cannot add '5S' to the meld '5H 6H 7H': mixed-suits: "
            "a sequence of hearts takes only hearts and one wild, not 5S",
        ),
        (
            "JS JS JK",
            "9S",
            Reason.MIXED_RANKS,
            "cannot add '9S' to the meld 'JS JS JK': mixed-ranks: "
            "a set of J takes only J and one wild, not 9S",
        ),
    ],
)
def test_a_card_that_can_never_join_the_meld_is_named_in_the_melds_terms(
    meld: str, added: str, reason: Reason, message: str
) -> None:
    with pytest.raises(InvalidMeldError) as caught:
        extend_meld(validate_meld(meld), added)
    assert (caught.value.reason, str(caught.value)) == (reason, message)
    assert caught.value.cards == validate_meld(meld).cards + parse_cards(added)


# --- §3 and DESIGN Game: the deal -----------------------------------------------------------


def test_the_deck_order_maps_to_seats_pozzetti_pile_and_stock() -> None:
    deck = make_deck()
    state = new_game(deck=deck, dealer=1)
    assert (state.dealer, state.turn, state.phase, state.outcome) == (1, 2, Phase.DRAW, None)
    expected_hands: list[list[Card]] = [[] for _ in range(4)]
    for i, card in enumerate(deck[:44]):
        expected_hands[(1 + 1 + i) % 4].append(card)
    assert [list(hand) for hand in state.hands] == [sorted(hand) for hand in expected_hands]
    assert [sorted(p) for p in state.pozzetti] == [sorted(deck[44:66:2]), sorted(deck[45:66:2])]
    assert state.discard_pile == (deck[66],)
    assert state.stock == tuple(deck[67:])
    assert len(state.stock) == 41
    assert state.melds == ((), ())
    assert state.pozzetto_taken == (False, False)
    drawn = apply(state, DrawStock())
    assert deck[67] in drawn.hands[2] and drawn.stock == tuple(deck[68:])


@pytest.mark.parametrize(("players", "stock"), [(2, 63), (3, 41), (4, 41), (6, 62)])
def test_deal_sizes_for_each_player_count(players: int, stock: int) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    state = new_game(rules, seed=3)
    assert [len(hand) for hand in state.hands] == [11] * players
    assert [len(p) for p in state.pozzetti] == [11] * rules.teams
    assert (len(state.stock), len(state.discard_pile)) == (stock, 1)
    assert state.turn == 1


def test_a_seed_makes_the_deal_reproducible() -> None:
    assert new_game(seed=42) == new_game(seed=42)
    assert new_game(seed=42) != new_game(seed=43)
    deck = make_deck()
    random.Random(42).shuffle(deck)  # DESIGN: the seed is random.Random(seed)'s
    assert new_game(seed=42) == new_game(deck=deck)


def test_the_deck_accepts_notation_and_rejects_a_wrong_deck() -> None:
    text = [str(card) for card in make_deck()]
    assert new_game(deck=text) == new_game(deck=make_deck())
    with pytest.raises(ValueError):
        new_game(deck=make_deck()[:-1])
    with pytest.raises(ValueError):
        new_game(deck=[*make_deck(), JOKER])


def test_seats_and_teams() -> None:
    state = new_game(seed=1)
    assert [state.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [state.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    six = new_game(attrs.evolve(CLASSIC, players=6), seed=1)
    assert [six.team_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [six.partner_of(seat) for seat in range(6)] == [3, 4, 5, 0, 1, 2]
    two = new_game(attrs.evolve(CLASSIC, players=2), seed=1)
    assert [two.team_of(seat) for seat in range(2)] == [0, 1]
    assert two.partner_of(0) is None
    assert new_game(seed=1, dealer=3).turn == 0


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("draw", DrawStock()),
        ("pick", TakeDiscardPile()),
        ("open 5H 6H JK", OpenMeld("5H 6H JK")),
        ("open 5H 6H JK=4H", OpenMeld("5H 6H JK", wild_as=Rank.FOUR)),
        ("add 2 7H 8H", AddToMeld(2, "7H 8H")),
        ("discard 9C", Discard("9C")),
    ],
)
def test_the_action_notation_of_design(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert str(action) == text


# --- §4 a turn ------------------------------------------------------------------------------


def test_a_turn_is_draw_melds_discard() -> None:
    state = table(hands=["5H 6H 7H 9C 9D", "", "", ""], phase=Phase.DRAW, stock="KS 4C 5C 6C")
    assert [str(a) for a in legal_actions(state)] == ["draw", "pick"]
    assert reason_of(state, "discard 9C") == Reason.WRONG_PHASE
    state = play(state, "draw")
    assert (state.phase, state.hand, state.stock) == (
        Phase.PLAY,
        cards("KS 5H 6H 7H 9D 9C"),
        parse_cards("4C 5C 6C"),
    )
    assert reason_of(state, "draw") == Reason.WRONG_PHASE
    state = play(state, "open 5H 6H 7H")
    assert state.melds == ((validate_meld("5H 6H 7H"),), ())
    state = play(state, "discard KS")
    assert (state.turn, state.phase, state.discard_pile) == (1, Phase.DRAW, parse_cards("KD KS"))


def test_taking_the_pile_takes_every_card() -> None:
    state = table(hands=["9C 9D", "", "", ""], phase=Phase.DRAW, pile="3H 8S KD")
    after = apply(state, TakeDiscardPile())
    assert (after.hand, after.discard_pile, after.stock) == (
        cards("3H 8S KD 9C 9D"),
        (),
        state.stock,
    )


def test_cards_are_added_only_to_the_teams_own_melds() -> None:
    state = table(hands=["8H 9H 8S 4C 4D", "", "", ""], melds=[["5H 6H 7H"], ["5S 6S 7S"]])
    assert str(apply(state, AddToMeld(0, "8H 9H")).melds[0][0]) == "5H 6H 7H 8H 9H"
    mine = state.melds[0][0]
    assert apply(state, AddToMeld(mine, "8H")) == apply(state, AddToMeld(0, "8H"))
    theirs = state.melds[1][0]
    with pytest.raises(IllegalActionError) as caught:
        apply(state, AddToMeld(theirs, "8S"))
    assert caught.value.reason == Reason.NOT_YOUR_MELD
    assert reason_of(state, "add 1 8H") == Reason.NO_SUCH_MELD


def test_one_set_per_rank_and_two_sequences_of_a_suit() -> None:
    state = table(hands=["7S 7H 7D 9H 10H JH 4C 4D", "", "", ""], melds=[["7C 7C 7H"], []])
    assert reason_of(state, "open 7S 7H 7D") == Reason.SET_RANK_TAKEN
    free = attrs.evolve(CLASSIC, one_set_per_rank=False)
    two_sets = table(free, hands=["7S 7H 7D 4C 4D", "", "", ""], melds=[["7C 7C 7H"], []])
    assert len(play(two_sets, "open 7S 7H 7D").melds[0]) == 2
    runs = table(hands=["9H 10H JH 4C 4D", "", "", ""], melds=[["3H 4H 5H"], []])
    assert [str(m) for m in play(runs, "open 9H 10H JH").melds[0]] == ["3H 4H 5H", "9H 10H JH"]


def test_a_wild_may_be_discarded_except_to_close() -> None:
    state = table(hands=["JK 4C 9D", "", "", ""])
    assert play(state, "discard JK").discard_pile[-1] == JOKER


def test_a_rejected_action_changes_nothing() -> None:
    state = table(hands=["5H 6H 9C", "", "", ""])
    before = state
    with pytest.raises(IllegalActionError):
        apply(state, OpenMeld("5H 6H 9C"))
    assert state == before


def test_international_pile_needs_a_meld_that_turn() -> None:
    rules = INTERNATIONAL
    no_meld = table(rules, hands=["4C 9D 10S", "", "", ""], phase=Phase.DRAW, pile="KH")
    assert [str(a) for a in legal_actions(no_meld)] == ["draw"]
    assert reason_of(no_meld, "pick") == Reason.PILE_REQUIRES_MELD
    meld = table(rules, hands=["4C 9D 9S 9H 10S", "", "", ""], phase=Phase.DRAW, pile="KH 8D 8S")
    taken = play(meld, "pick")
    assert reason_of(taken, "discard 4C") == Reason.PILE_REQUIRES_MELD
    assert play(taken, "open 8S 9S 10S", "discard 4C").turn == 1


# --- §6 pozzetti ----------------------------------------------------------------------------


POZZETTO_A = "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
POZZETTO_B = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"


def test_melding_every_card_takes_the_pozzetto_directly() -> None:
    state = table(hands=["5H 6H 7H", "", "", ""], pozzetti=[POZZETTO_A, POZZETTO_B])
    after = play(state, "open 5H 6H 7H")
    assert (after.turn, after.phase, after.hand, after.pozzetto_taken, after.pozzetti) == (
        0,
        Phase.PLAY,
        cards(POZZETTO_A),
        (True, False),
        (parse_cards(POZZETTO_B),),
    )
    assert after.unseen_pozzetto == ()
    after = play(after, "open 3D 4D 5D", "discard KD")
    assert (after.turn, after.hands[0]) == (1, cards("6D 7D 8D 9D 10D JD QD"))


def test_discarding_the_last_card_takes_the_pozzetto_on_the_discard() -> None:
    state = table(hands=["9C", "4H 5H", "8H 9H", ""], pozzetti=[POZZETTO_A, POZZETTO_B])
    after = play(state, "discard 9C")
    assert (after.turn, after.phase, after.hands[0], after.pozzetto_taken, after.outcome) == (
        1,
        Phase.DRAW,
        cards(POZZETTO_A),
        (True, False),
        None,
    )
    assert after.unseen_pozzetto == (0,)
    after = play(after, "draw", "discard 4C")  # seat 1 plays
    assert after.unseen_pozzetto == (0,)
    after = play(after, "draw", "discard 5C")  # seat 2, the partner, discards
    assert after.unseen_pozzetto == ()


def test_the_second_pozzetto_goes_to_another_team_and_each_team_takes_one() -> None:
    state = table(
        hands=["9C", "5H 6H", "9H 10H", "5S"],
        pozzetti=[POZZETTO_A, POZZETTO_B],
        stock="7H JH 4C 4D 8D 9D",
    )
    state = play(state, "discard 9C")  # team 0 takes pozzetto 0 on the discard
    state = play(state, "draw", "open 5H 6H 7H")  # team 1 takes the next one directly
    assert (state.hands[1], state.pozzetto_taken, state.pozzetti, state.turn) == (
        cards(POZZETTO_B),
        (True, True),
        (),
        1,
    )
    state = play(state, "discard 4S", "draw")
    # seat 2's team has its pozzetto (taken by seat 0): no second one, so keep a card
    assert reason_of(state, "open 9H 10H JH") == Reason.MUST_KEEP_A_CARD
    assert play(state, "discard JH").hands[2] == cards("9H 10H")


def test_two_players_see_the_pozzetto_at_their_next_turn() -> None:
    rules = attrs.evolve(CLASSIC, players=2)
    state = table(rules, hands=["9C", "4H 5H"], pozzetti=[POZZETTO_A, POZZETTO_B])
    after = play(state, "discard 9C")
    assert after.unseen_pozzetto == (0,)
    after = play(after, "draw", "discard 4C")
    assert (after.turn, after.unseen_pozzetto) == (0, ())


def test_an_unplayed_pozzetto_counts_as_cards_in_hand() -> None:
    state = table(
        hands=["9C", "4H 5H", "", ""],
        melds=[["4S 5S 6S"], []],
        pozzetti=[POZZETTO_A, POZZETTO_B],
        stock="4C 5C 6C",
    )
    state = play(state, "discard 9C", "draw", "discard 4C")
    assert state.outcome == Outcome(EndReason.STOCK_EXHAUSTED, None)
    score = score_hand(state)
    assert score.teams[0].in_hand == -sum(card.points for card in cards(POZZETTO_A))
    assert score.teams[0].pozzetto_penalty == 0
    assert score.teams[1].pozzetto_penalty == -100


# --- §7 closing -----------------------------------------------------------------------------

BURRACO = "4S 5S 6S 7S 8S 9S 10S"


def test_closing_needs_pozzetto_burraco_and_a_natural_discard() -> None:
    ready = table(hands=["9C", "", "", ""], melds=[[BURRACO], []], taken=[True, False])
    closed = play(ready, "discard 9C")
    assert (closed.phase, closed.outcome, closed.is_over, legal_actions(closed)) == (
        Phase.OVER,
        Outcome(EndReason.CLOSED, 0),
        True,
        [],
    )
    assert reason_of(closed, "draw") == Reason.GAME_OVER
    one_left = table(hands=["9C", "", "", ""], melds=[["4S 5S 6S"], []], taken=[True, False])
    assert reason_of(one_left, "discard 9C") == Reason.CLOSING_NEEDS_BURRACO
    wild = table(hands=["JK", "", "", ""], melds=[[BURRACO], []], taken=[True, False])
    assert reason_of(wild, "discard JK") == Reason.CLOSING_DISCARD_WILD
    two = table(hands=["2C", "", "", ""], melds=[[BURRACO], []], taken=[True, False])
    assert reason_of(two, "discard 2C") == Reason.CLOSING_DISCARD_WILD
    may = attrs.evolve(CLASSIC, closing_discard_may_be_wild=True)
    wild_ok = table(may, hands=["JK", "", "", ""], melds=[[BURRACO], []], taken=[True, False])
    assert play(wild_ok, "discard JK").outcome == Outcome(EndReason.CLOSED, 0)


def test_closing_needs_the_pozzetto_taken() -> None:
    rules = attrs.evolve(CLASSIC, players=2)
    # team 0 took no pozzetto and none is left: it can never take one, so it must close legally
    state = table(rules, hands=["9C", ""], melds=[[BURRACO], []], taken=[False, True], pozzetti=[])
    assert reason_of(state, "discard 9C") == Reason.CLOSING_NEEDS_POZZETTO


def test_international_closing_needs_a_clean_burraco() -> None:
    dirty = "4S 5S 6S JK 8S 9S 10S"
    state = table(INTERNATIONAL, hands=["9C", "", "", ""], melds=[[dirty], []], taken=[True, False])
    assert reason_of(state, "discard 9C") == Reason.CLOSING_NEEDS_CLEAN_BURRACO
    state = table(
        INTERNATIONAL, hands=["9C", "", "", ""], melds=[[BURRACO], []], taken=[True, False]
    )
    assert play(state, "discard 9C").outcome == Outcome(EndReason.CLOSED, 0)


def test_the_burraco_may_be_completed_in_the_closing_turn() -> None:
    state = table(
        hands=["10S 9C", "", "", ""], melds=[["4S 5S 6S 7S 8S 9S"], []], taken=[True, False]
    )
    closed = play(state, "add 0 10S", "discard 9C")
    assert closed.outcome == Outcome(EndReason.CLOSED, 0)
    assert score_hand(closed).teams[0].closing_bonus == 100


def test_a_team_with_its_pozzetto_must_keep_a_card_to_discard() -> None:
    state = table(hands=["5H 6H 7H", "", "", ""], melds=[[BURRACO], []], taken=[True, False])
    assert reason_of(state, "open 5H 6H 7H") == Reason.MUST_KEEP_A_CARD
    wild_left = table(hands=["5H 6H 7H JK", "", "", ""], melds=[[BURRACO], []], taken=[True, False])
    assert reason_of(wild_left, "open 5H 6H 7H") == Reason.MUST_KEEP_A_CARD
    no_burraco = table(hands=["5H 6H 7H 9C", "", "", ""], taken=[True, False])
    assert reason_of(no_burraco, "open 5H 6H 7H") == Reason.MUST_KEEP_A_CARD
    fine = play(wild_left, "open 5H 6H JK")
    assert fine.hand == cards("7H")
    assert OpenMeld("5H 6H 7H") not in legal_actions(wild_left)
    assert is_legal(wild_left, OpenMeld("5H 6H JK"))


def test_melding_to_a_burraco_then_keeping_one_card_to_close() -> None:
    state = table(
        hands=["10S 4H 9C", "", "", ""], melds=[["4S 5S 6S 7S 8S 9S"], []], taken=[True, False]
    )
    # adding 10S completes the burraco, so keeping one natural card is allowed
    state = play(state, "add 0 10S")
    assert state.hand == cards("4H 9C")


# --- §8 other ends of a hand ----------------------------------------------------------------


def test_the_stock_ends_the_hand_after_the_turn_of_the_draw_that_leaves_two() -> None:
    state = table(hands=["9C 9D", "4H", "", ""], phase=Phase.DRAW, stock="3C 4C 5C")
    after = play(state, "draw")
    assert (after.phase, len(after.stock), after.outcome) == (Phase.PLAY, 2, None)
    over = play(after, "discard 9C")
    assert (over.phase, over.outcome, over.stock) == (
        Phase.OVER,
        Outcome(EndReason.STOCK_EXHAUSTED, None),
        parse_cards("4C 5C"),
    )
    assert legal_actions(over) == []


def test_the_stock_end_immediately_switch() -> None:
    rules = attrs.evolve(CLASSIC, stock_end=StockEnd.IMMEDIATELY)
    state = table(rules, hands=["9C 9D", "4H", "", ""], phase=Phase.DRAW, stock="3C 4C 5C")
    after = play(state, "draw")
    assert (after.phase, after.outcome) == (Phase.OVER, Outcome(EndReason.STOCK_EXHAUSTED, None))


def test_a_closing_in_the_last_turn_scores_the_closing_bonus() -> None:
    state = table(
        hands=["9C 9D 10C", "", "", ""],
        melds=[[BURRACO], []],
        taken=[True, False],
        phase=Phase.DRAW,
        stock="9H 4C 5C",
    )
    after = play(state, "draw", "open 9C 9D 9H")
    assert (after.phase, after.hand, len(after.stock)) == (Phase.PLAY, cards("10C"), 2)
    closed = play(after, "discard 10C")
    assert closed.outcome == Outcome(EndReason.CLOSED, 0)
    assert score_hand(closed).teams[0].closing_bonus == 100


def test_taking_the_pile_does_not_shrink_the_stock() -> None:
    state = table(hands=["9C 9D", "4H", "", ""], phase=Phase.DRAW, stock="3C 4C 5C", pile="KD")
    after = play(state, "pick", "discard 9C")
    assert (after.outcome, after.stock) == (None, parse_cards("3C 4C 5C"))
    after = play(after, "draw")
    assert (after.phase, after.stock) == (Phase.PLAY, parse_cards("4C 5C"))
    assert play(after, "discard 3C").outcome == Outcome(EndReason.STOCK_EXHAUSTED, None)


def test_a_stalemate_ends_the_hand_after_a_full_round_of_swaps() -> None:
    state = table(hands=["9C", "9D", "9H", "9S"], phase=Phase.DRAW, pile="KD")
    for seat in range(4):
        assert (state.turn, state.outcome) == (seat, None)
        card = state.hand[0]
        state = play(state, "pick", f"discard {card}")
    assert state.outcome == Outcome(EndReason.STALEMATE, None)
    assert [team.closing_bonus for team in score_hand(state).teams] == [0, 0]


def test_a_draw_breaks_the_stalemate_count() -> None:
    state = table(hands=["9C", "9D", "9H", "9S"], phase=Phase.DRAW, pile="KD")
    state = play(state, "pick", "discard 9C", "pick", "discard 9D", "pick", "discard 9H")
    state = play(state, "draw", "discard 4C")
    assert state.outcome is None


def test_the_german_reserve_stock() -> None:
    rules = attrs.evolve(CLASSIC, pozzetti_as_reserve_stock=True)
    state = table(
        rules,
        hands=["9C 9D", "4H", "", ""],
        phase=Phase.DRAW,
        stock="3C 4C 5C",
        pozzetti=[POZZETTO_A, POZZETTO_B],
    )
    after = play(state, "draw")
    assert (len(after.stock), len(after.pozzetti), after.outcome) == (13, 1, None)
    over = play(after, "discard 9C")
    assert over.outcome is None


# --- §9 and §12 scoring ---------------------------------------------------------------------


def test_the_scored_hand_of_section_12() -> None:
    team_a = score_team(
        ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"], "3C AH", took_pozzetto=True, closed=True
    )
    assert team_a == TeamScore(
        melded=120,
        in_hand=-20,
        burraco_bonus=200,
        closing_bonus=100,
        pozzetto_penalty=0,
        clean_burracos=1,
    )
    assert team_a.total == 400
    team_b = score_team(
        ["9C 9C 9D 9H 9S 9S 2H", "QS KS AS"], "JD 7C 2S JK 5H", took_pozzetto=False, closed=False
    )
    assert team_b == TeamScore(
        melded=115,
        in_hand=-70,
        burraco_bonus=100,
        closing_bonus=0,
        pozzetto_penalty=-100,
        dirty_burracos=1,
    )
    assert team_b.total == 45


def test_score_hand_of_a_closed_hand() -> None:
    state = table(
        hands=["9C", "JD 7C 2S", "3C AH", "JK 5H"],
        melds=[
            ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"],
            ["9C 9C 9D 9H 9S 9S 2H", "QS KS AS"],
        ],
        taken=[True, False],
        pozzetti=[POZZETTO_B],
    )
    closed = play(state, "discard 9C")
    score = score_hand(closed)
    assert isinstance(score, HandScore)
    assert score.totals == (400, 45)
    assert [team.total for team in score.teams] == [400, 45]


def test_a_team_that_did_not_close_holds_a_card_for_each_seat() -> None:
    # §6, §7.2: a player who runs out of cards takes a pozzetto, and one taken on the discard
    # counts as cards in hand even when the hand ends at once; only the closer holds none.
    for in_hand, closed in [("", False), ("3C", False), ("", True)]:
        with pytest.raises(InvalidStateError) as caught:
            score_team([BURRACO], in_hand, took_pozzetto=True, closed=closed)
        assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert score_team([BURRACO], "3C", took_pozzetto=True, closed=True).total == 345
    three = attrs.evolve(CLASSIC, players=3)
    assert score_team([BURRACO], "3C", took_pozzetto=True, closed=False, rules=three)


def test_untaken_pozzetto_penalty_switch() -> None:
    later = attrs.evolve(CLASSIC, untaken_pozzetto_penalty=PenaltyWhen.IF_OPPONENTS_CLOSED)
    # Every seat but the closer ends holding a card (§6, §7.2): one for each partner here.
    assert score_team([], "3C 4C", took_pozzetto=False, closed=False).pozzetto_penalty == -100
    assert (
        score_team([], "3C 4C", took_pozzetto=False, closed=False, rules=later).pozzetto_penalty
        == 0
    )


def test_semi_clean_scores_150_under_fibur() -> None:
    melds = ["4S 5S 6S 7S 8S 9S 10S JK=JS"]
    classic = score_team(melds, "3C 4C", took_pozzetto=True, closed=False)
    fibur = score_team(melds, "3C 4C", took_pozzetto=True, closed=False, rules=FIBUR)
    assert (classic.burraco_bonus, classic.dirty_burracos) == (100, 1)
    assert (fibur.burraco_bonus, fibur.semi_clean_burracos, fibur.total) == (150, 1, 220)


def test_score_team_accepts_meld_values_and_card_lists() -> None:
    meld = validate_meld("KH KD KC")
    cards = ["QS", "KS", "AS"]
    assert score_team([meld, cards], ["3C", "4C"], took_pozzetto=True, closed=False).melded == 65
    with pytest.raises(InvalidMeldError):
        score_team(["5H 8H JK"], "3C 4C", took_pozzetto=True, closed=False)


# --- §10 the match --------------------------------------------------------------------------


def hand_score(*totals: int) -> HandScore:
    return HandScore(
        tuple(
            TeamScore(melded=t, in_hand=0, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0)
            if t >= 0
            else TeamScore(
                melded=0, in_hand=t, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0
            )
            for t in totals
        )
    )


def test_a_match_runs_to_the_target_inclusive() -> None:
    match = Match.start()
    assert (match.totals, match.hands, match.dealer, match.is_over, match.winner) == (
        (0, 0),
        (),
        0,
        False,
        None,
    )
    match = match.record(hand_score(1500, 300))
    assert (match.totals, match.dealer, match.is_over, match.winner) == (
        (1500, 300),
        1,
        False,
        None,
    )
    match = match.record(hand_score(500, -100))
    assert (match.totals, match.dealer, match.is_over, match.winner) == ((2000, 200), 2, True, 0)
    assert len(match.hands) == 2


def test_the_highest_total_wins_and_a_tie_plays_on() -> None:
    match = Match.start(dealer=3).record(hand_score(2100, 2300))
    assert (match.winner, match.dealer) == (1, 0)
    tie = Match.start().record(hand_score(2100, 2100))
    assert (tie.is_over, tie.winner) == (False, None)
    after = tie.record(hand_score(50, 100))
    assert (after.winner, after.totals) == (1, (2150, 2200))


def test_the_match_uses_the_rules_target_and_teams() -> None:
    short = attrs.evolve(CLASSIC, players=3, target=500)
    match = Match.start(short, dealer=2).record(hand_score(100, 600, 200))
    assert (match.totals, match.winner, match.dealer) == ((100, 600, 200), 1, 0)


@pytest.mark.parametrize(
    ("difference", "points"),
    [
        (0, (10, 10)), (50, (10, 10)), (55, (11, 9)), (150, (11, 9)), (155, (12, 8)),
        (250, (12, 8)), (255, (13, 7)), (350, (13, 7)), (355, (14, 6)), (500, (14, 6)),
        (505, (15, 5)), (650, (15, 5)), (655, (16, 4)), (800, (16, 4)), (805, (17, 3)),
        (1000, (17, 3)), (1005, (18, 2)), (1250, (18, 2)), (1255, (19, 1)), (1500, (19, 1)),
        (1505, (20, 0)), (5000, (20, 0)),
    ],
)  # fmt: skip
def test_three_deal_victory_points(difference: int, points: tuple[int, int]) -> None:
    assert victory_points(difference) == points


# --- DESIGN Errors --------------------------------------------------------------------------


def test_error_tree() -> None:
    for error in (NotationError, InvalidMeldError, IllegalActionError, InvalidStateError):
        assert issubclass(error, BurracoError) and issubclass(error, ValueError)


def test_illegal_action_message_shape() -> None:
    state = table(hands=["JK", "", "", ""], melds=[[BURRACO], []], taken=[True, False], turn=2)
    state = attrs.evolve(state, hands=((), (), cards("JK"), ()))
    with pytest.raises(IllegalActionError) as caught:
        apply(state, Discard(JOKER))
    error = caught.value
    assert (error.action, error.seat, error.reason) == (
        Discard(JOKER),
        2,
        Reason.CLOSING_DISCARD_WILD,
    )
    assert str(error) == (
        "illegal action 'discard JK' by seat 2: closing-discard-wild: "
        "a player may not close by discarding a wild card"
    )


def test_invalid_meld_message_quotes_the_cards_and_the_reason() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld("7S 2C JK")
    assert caught.value.reason == Reason.TOO_MANY_WILDS
    assert str(caught.value).startswith("illegal meld '7S 2C JK': too-many-wilds: ")
    assert str(caught.value) == str(caught.value).lower().replace("jk", "JK").replace(
        "7s", "7S"
    ).replace("2c", "2C")


def test_reason_codes_compare_as_strings() -> None:
    code: str = "too-many-wilds"
    assert code == Reason.TOO_MANY_WILDS
    assert Reason("closing-discard-wild") is Reason.CLOSING_DISCARD_WILD


# --- whole hands: §4-§9 on random play ------------------------------------------------------


def section_9_totals(state: GameState) -> tuple[int, ...]:
    """rules §9 computed from the table, independently of :func:`score_hand`."""
    rules = state.rules
    outcome = state.outcome
    closer = None
    if outcome is not None and outcome.reason is EndReason.CLOSED and outcome.closer is not None:
        closer = state.team_of(outcome.closer)
    totals = []
    for team in range(rules.teams):
        total = 0
        for meld in state.melds[team]:
            total += sum(card.points for card in meld.cards)
            if len(meld.cards) >= 7:
                if meld.wild is None:
                    total += 200
                elif rules.semi_clean and (
                    len(meld.cards) - 1 >= 7
                    if meld.kind is MeldKind.SET
                    else meld.cards.index(meld.wild) >= 7
                    or len(meld.cards) - 1 - meld.cards.index(meld.wild) >= 7
                ):
                    total += 150
                else:
                    total += 100
        for seat in range(team, rules.players, rules.teams):
            total -= sum(card.points for card in state.hands[seat])
        if closer == team:
            total += 100
        others_took = any(
            taken for other, taken in enumerate(state.pozzetto_taken) if other != team
        )
        when = rules.untaken_pozzetto_penalty
        if not state.pozzetto_taken[team] and (
            when is PenaltyWhen.ALWAYS
            or (when is PenaltyWhen.IF_OPPONENTS_CLOSED and closer is not None and closer != team)
            or (when is PenaltyWhen.UNLESS_NONE_TOOK and others_took)
        ):
            total -= 100
        totals.append(total)
    return tuple(totals)


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, FIBUR, INTERNATIONAL, attrs.evolve(CLASSIC, players=2)],
    ids=["classic", "fibur", "international", "two-players"],
)
def test_random_hands_keep_to_the_rules(rules: Rules) -> None:
    for seed in range(3):
        chooser = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.is_over:
            actions = legal_actions(state)
            assert actions, f"no legal action:\n{state}"
            melds = [a for a in actions if isinstance(a, OpenMeld | AddToMeld)]
            action = chooser.choice(melds if melds and chooser.random() < 0.8 else actions)
            state = apply(state, action)
            assert all(state.hands[seat] for seat in range(rules.players)) or state.is_over
        outcome = state.outcome
        assert outcome is not None
        if outcome.reason is EndReason.CLOSED:
            assert outcome.closer is not None
            team = state.team_of(outcome.closer)
            assert state.pozzetto_taken[team] and state.hands[outcome.closer] == ()
            assert any(
                len(m.cards) >= 7 and (m.is_clean or not rules.closing_needs_clean_burraco)
                for m in state.melds[team]
            )
            assert not (state.discard_pile[-1].is_joker or state.discard_pile[-1].is_two)
        elif outcome.reason is EndReason.STOCK_EXHAUSTED:
            assert len(state.stock) == 2
        assert score_hand(state).totals == section_9_totals(state)
        assert legal_actions(state) == []
