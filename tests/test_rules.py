"""Rule sets: switches, derived counts, presets and impossible settings (rules §11)."""

from __future__ import annotations

from typing import Any, Final

import attrs
import pytest

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    FIBUR3,
    FIBUR5,
    INTERNATIONAL,
    PRESETS,
    REALE,
    BurracoKind,
    DrawStock,
    PenaltyWhen,
    Rank,
    Rules,
    StockEnd,
    Suit,
    apply,
    legal_actions,
    new_game,
)
from burraco._engine.memo import meld_memos
from burraco._engine.movegen import ENCODED_SWITCHES
from burraco.rules import AFFECTS_MELDS, meld_switches, unclassified_fields
from tests.bruteforce import switch_variants


def test_classic_is_the_default() -> None:
    assert Rules() == CLASSIC
    assert CLASSIC.players == 4 and CLASSIC.target == 2000
    assert CLASSIC.set_ranks == frozenset(Rank) - {Rank.TWO}
    assert CLASSIC.burraco_classes == ((BurracoKind.CLEAN, 200), (BurracoKind.DIRTY, 100))
    assert (CLASSIC.clean_bonus, CLASSIC.semi_clean_bonus, CLASSIC.dirty_bonus) == (200, 150, 100)
    assert (CLASSIC.closing_bonus, CLASSIC.pozzetto_penalty) == (100, 100)
    assert (CLASSIC.hand_size, CLASSIC.pozzetto_size) == (11, 11)


_FEDERATION: Final[dict[str, Any]] = {"seating_suit_order": "HDCS"}
_ALWAYS = PenaltyWhen.ALWAYS
_NONE_TOOK = PenaltyWhen.UNLESS_NONE_TOOK


@pytest.mark.parametrize(
    ("field", "classic", "fibur", "international", "feburit", "reale"),
    [
        ("one_set_per_rank", True, True, True, True, True),
        ("wild_as_second_ace", True, True, True, True, True),
        ("natural_two_locked", False, False, False, False, False),
        ("semi_clean", False, True, False, True, True),
        ("closing_needs_clean_burraco", False, False, True, False, True),
        ("closing_discard_may_be_wild", False, False, False, False, False),
        ("pile_requires_meld", False, False, True, False, False),
        ("stock_end", *[StockEnd.AFTER_TURN] * 5),
        ("pozzetti_as_reserve_stock", False, False, False, False, False),
        ("untaken_pozzetto_penalty", _ALWAYS, _NONE_TOOK, _ALWAYS, _ALWAYS, _NONE_TOOK),
        ("return_single_pile_card", True, False, False, False, False),
        ("jokers", True, True, True, True, False),
        ("ace_at_both_ends", False, False, False, False, True),
        ("deck_size", 108, 108, 108, 108, 104),
        ("target", 2000, 2000, 2000, 2000, 2000),
    ],
)
def test_presets_follow_the_rule_set_table(
    field: str,
    classic: object,
    fibur: object,
    international: object,
    feburit: object,
    reale: object,
) -> None:
    presets = (CLASSIC, FIBUR, INTERNATIONAL, FEBURIT, REALE)
    assert [getattr(rules, field) for rules in presets] == [
        classic,
        fibur,
        international,
        feburit,
        reale,
    ]


def test_presets_list_the_burraco_classes_of_rules_section_13() -> None:
    kind = BurracoKind
    fibur = ((kind.CLEAN, 200), (kind.SEMI_CLEAN, 150), (kind.DIRTY, 100))
    assert FIBUR.burraco_classes == fibur
    assert INTERNATIONAL.burraco_classes == CLASSIC.burraco_classes
    assert FEBURIT.burraco_classes == ((kind.OVER_THE_TOP, 300), (kind.SUPER_CLEAN, 250), *fibur)
    assert REALE.burraco_classes == ((kind.REALE, 1000), (kind.NOBILE, 500), *fibur)
    assert REALE.set_ranks == frozenset()


def test_burraco_classes_given_as_a_mapping_keep_the_kinds_order() -> None:
    rules = Rules(burraco_classes={"dirty": 90, "nobile": 400, "clean": 210})
    assert rules.burraco_classes == (
        (BurracoKind.NOBILE, 400),
        (BurracoKind.CLEAN, 210),
        (BurracoKind.DIRTY, 90),
    )
    assert rules.bonus_of(BurracoKind.NOBILE) == 400
    assert rules.bonus_of(BurracoKind.REALE) is None


@pytest.mark.parametrize(
    "classes",
    [
        {"clean": 200},
        {"dirty": 100},
        (("clean", 200), ("dirty", 100), ("clean", 300)),
        {"clean": -1, "dirty": 100},
        {"clean": 200, "dirty": 100, "shiny": 5},
    ],
)
def test_impossible_burraco_classes_raise_value_error(classes: Any) -> None:
    with pytest.raises(ValueError):
        Rules(burraco_classes=classes)


def test_a_bonus_that_is_no_whole_number_raises_type_error() -> None:
    with pytest.raises(TypeError):
        Rules(burraco_classes={"clean": 200.0, "dirty": 100})


def test_the_old_bonus_arguments_still_work_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning, match="burraco_classes") as caught:
        rules = attrs.evolve(CLASSIC, semi_clean=True, clean_bonus=250, dirty_bonus=90)
    assert caught[0].filename == __file__
    assert rules.burraco_classes == (
        (BurracoKind.CLEAN, 250),
        (BurracoKind.SEMI_CLEAN, 150),
        (BurracoKind.DIRTY, 90),
    )
    assert (rules.semi_clean, rules.clean_bonus, rules.semi_clean_bonus) == (True, 250, 150)
    with pytest.warns(DeprecationWarning, match="deprecated"):
        assert Rules(name="fibur", semi_clean=True, **_FEDERATION) == attrs.evolve(
            FIBUR,
            untaken_pozzetto_penalty=PenaltyWhen.ALWAYS,
            return_single_pile_card=True,
        )
    with pytest.warns(DeprecationWarning, match="deprecated"):
        assert not attrs.evolve(FEBURIT, semi_clean=False).semi_clean
    # evolving rules made the old way does not warn again
    assert attrs.evolve(rules, players=2).burraco_classes == rules.burraco_classes


@pytest.mark.parametrize("changes", [{"clean_bonus": -1}, {"semi_clean_bonus": 1.5}])
def test_the_old_bonus_arguments_are_checked(changes: dict[str, Any]) -> None:
    deprecated = pytest.warns(DeprecationWarning, match="deprecated")
    with deprecated, pytest.raises((ValueError, TypeError)):
        attrs.evolve(CLASSIC, **changes)


def test_preset_set_ranks_and_seating_orders() -> None:
    assert INTERNATIONAL.set_ranks == {Rank.ACE, Rank.THREE}
    assert FIBUR.set_ranks == CLASSIC.set_ranks
    assert CLASSIC.seating_suit_order == (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    assert (
        FIBUR.seating_suit_order
        == INTERNATIONAL.seating_suit_order
        == (
            Suit.HEARTS,
            Suit.DIAMONDS,
            Suit.CLUBS,
            Suit.SPADES,
        )
    )
    assert PRESETS == {
        "classic": CLASSIC,
        "fibur": FIBUR,
        "international": INTERNATIONAL,
        "feburit": FEBURIT,
        "reale": REALE,
        "fibur3": FIBUR3,
        "fibur5": FIBUR5,
    }
    assert all(rules.name == name for name, rules in PRESETS.items())


@pytest.mark.parametrize(
    ("players", "teams", "packs", "pozzetti", "stock"),
    [(2, 2, 2, 2, 63), (3, 3, 2, 3, 41), (4, 2, 2, 2, 41), (6, 3, 3, 3, 62)],
)
def test_player_counts_derive_teams_packs_pozzetti_and_stock(
    players: int, teams: int, packs: int, pozzetti: int, stock: int
) -> None:
    rules = attrs.evolve(CLASSIC, players=players)
    assert (rules.teams, rules.packs, rules.pozzetti, rules.stock_size) == (
        teams,
        packs,
        pozzetti,
        stock,
    )
    assert rules.deck_size == 54 * packs
    reale = attrs.evolve(REALE, players=players)
    assert reale.deck_size == 52 * packs == reale.stock_size + players * 11 + pozzetti * 11 + 1
    assert rules.deck_size == players * 11 + pozzetti * 11 + 1 + stock


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 1},
        {"players": 8},
        {"players": 7},
        {"partnerships": "first-out-alone"},
        {"players": 3, "partnerships": "first-out-alone", "pozzetto_sizes": (18, 11, 11)},
        {"pozzetto_sizes": (11,)},
        {"pozzetto_sizes": (11, 0)},
        {"players": 5, "partnerships": "first-out-alone", "pozzetti_as_reserve_stock": True},
        {"target": 0},
        {"target": -100},
        {"set_ranks": {Rank.TWO, Rank.ACE}},
        {"stock_end": "never"},
        {"untaken_pozzetto_penalty": "sometimes"},
        {"hand_size": 0},
        {"hand_size": 30},
        {"burraco_classes": {"clean": -1, "dirty": 100}},
        {"seating_suit_order": (Suit.HEARTS, Suit.HEARTS, Suit.CLUBS, Suit.SPADES)},
    ],
)
def test_impossible_settings_raise_value_error(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        attrs.evolve(CLASSIC, **changes)


@pytest.mark.parametrize(
    "changes",
    [{"players": "4"}, {"jokers": 1}, {"target": 2000.0}, {"set_ranks": {"A"}}],
)
def test_values_of_the_wrong_type_raise_type_error(changes: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        attrs.evolve(CLASSIC, **changes)


def test_enums_compare_equal_to_their_codes_and_convert_from_them() -> None:
    code: str = "after-turn"
    assert code == StockEnd.AFTER_TURN
    assert attrs.evolve(CLASSIC, stock_end="immediately").stock_end is StockEnd.IMMEDIATELY
    assert (
        attrs.evolve(
            CLASSIC, untaken_pozzetto_penalty="if-opponents-closed"
        ).untaken_pozzetto_penalty
        is PenaltyWhen.IF_OPPONENTS_CLOSED
    )


def test_switch_values_read_with_underscores_or_capitals() -> None:
    # rules §9 spells the penalty switch if_opponents_closed
    changed = attrs.evolve(CLASSIC, untaken_pozzetto_penalty="if_opponents_closed")
    assert changed.untaken_pozzetto_penalty is PenaltyWhen.IF_OPPONENTS_CLOSED
    assert StockEnd("AFTER_TURN") is StockEnd.AFTER_TURN
    assert BurracoKind("semi_clean") is BurracoKind.SEMI_CLEAN
    assert str(PenaltyWhen("Unless_None_Took")) == "unless-none-took"


@pytest.mark.parametrize(
    ("kind", "value", "legal"),
    [
        (StockEnd, "later", "'after-turn', 'immediately'"),
        (PenaltyWhen, 3, "'always', 'if-opponents-closed', 'unless-none-took'"),
        (BurracoKind, "shiny", "'clean', 'semi-clean', 'dirty'"),
    ],
)
def test_an_unknown_switch_value_names_the_legal_ones(kind: Any, value: Any, legal: str) -> None:
    with pytest.raises(ValueError, match=f"{value!r} is not a valid {kind.__name__}: use one of"):
        kind(value)
    with pytest.raises(ValueError) as caught:
        kind(value)
    assert legal in str(caught.value)


def test_the_documented_bonus_spellings_do_not_fail_a_test_suite() -> None:
    # DESIGN.md documents semi_clean and the *_bonus fields; the project's own warning
    # filter lets them through (pyproject.toml), while pytest.warns still sees the warning
    rules = attrs.evolve(CLASSIC, semi_clean=True, semi_clean_bonus=175)
    assert (rules.semi_clean, rules.semi_clean_bonus) == (True, 175)


def test_rules_are_frozen_keyword_only_and_hashable() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.players = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Rules("classic")  # type: ignore[call-arg]
    assert hash(attrs.evolve(CLASSIC, players=2)) == hash(Rules(players=2))


# --- adding a rule switch ------------------------------------------------------------------------


def test_every_rules_field_says_whether_it_decides_meld_legality() -> None:
    # A new field of Rules fails here until AFFECTS_MELDS classifies it: the memos of meld
    # answers and the move generator read that list (see "Adding a rule switch").
    assert unclassified_fields() == []
    assert set(AFFECTS_MELDS) == {field.name for field in attrs.fields(Rules)}


def test_the_move_generator_encodes_every_switch_that_decides_meld_legality() -> None:
    assert {name for name, affects in AFFECTS_MELDS.items() if affects} == ENCODED_SWITCHES


@attrs.frozen(kw_only=True)
class _JokerlessRules(Rules):
    """A throwaway rule switch, never shipped: no jokers in melds."""

    no_jokers: bool = attrs.field(default=False)


def test_an_unclassified_switch_is_named_and_counts_as_deciding_meld_legality() -> None:
    assert unclassified_fields(_JokerlessRules) == ["no_jokers"]
    names = [name for name, _ in meld_switches(_JokerlessRules(no_jokers=True))]
    assert names[-1] == "no_jokers"


def test_a_switch_that_decides_meld_legality_keeps_the_memos_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(AFFECTS_MELDS, "no_jokers", True)
    with_jokers, without = _JokerlessRules(), _JokerlessRules(no_jokers=True)
    assert meld_switches(with_jokers) != meld_switches(without)
    assert meld_memos(with_jokers) is not meld_memos(without)
    # the brute-force oracle tries the switch both ways
    turned = [r for r in switch_variants(with_jokers) if getattr(r, "no_jokers", False)]
    assert turned == [_JokerlessRules(no_jokers=True)]
    # the move generator cannot know what the switch means, and says so rather than answer
    # from the memos of a rule set that allows jokers
    state = apply(new_game(without, seed=1), DrawStock())
    with pytest.raises(NotImplementedError, match="no_jokers"):
        legal_actions(state)


def test_a_switch_that_leaves_meld_legality_alone_shares_the_memos(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(AFFECTS_MELDS, "no_jokers", False)
    plain, switched = _JokerlessRules(), _JokerlessRules(no_jokers=True)
    assert meld_switches(plain) == meld_switches(switched) == meld_switches(CLASSIC)
    assert meld_memos(switched) is meld_memos(CLASSIC)
    assert switch_variants(switched) == [
        attrs.evolve(switched, wild_as_second_ace=False),
        attrs.evolve(switched, natural_two_locked=True),
        attrs.evolve(switched, jokers=False),
        attrs.evolve(switched, ace_at_both_ends=True),
    ]
    state = apply(new_game(switched, seed=1), DrawStock())
    classic = apply(new_game(CLASSIC, seed=1), DrawStock())
    assert [str(a) for a in legal_actions(state)] == [str(a) for a in legal_actions(classic)]
