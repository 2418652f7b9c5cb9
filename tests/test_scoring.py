"""Scoring a hand: the worked example of rules §12, the ends of a hand, and properties."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from burraco.actions import parse_action
from burraco.cards import JOKER, Card, Rank, Suit, make_deck, parse_cards
from burraco.engine import apply
from burraco.errors import InvalidMeldError, InvalidStateError, NotationError, Reason
from burraco.match import Match
from burraco.melds import BurracoKind, Meld, MeldKind, burraco_kind, validate_meld
from burraco.rules import CLASSIC, FEBURIT, FIBUR, INTERNATIONAL, REALE, PenaltyWhen, Rules
from burraco.scoring import HandScore, TeamScore, check_table, score_hand, score_team
from burraco.serialize import from_json, to_json
from burraco.state import EndReason, GameState, Outcome, Phase
from burraco.testing import melds as legal_melds
from tests.helpers import position

IF_OPPONENTS_CLOSED = attrs.evolve(
    CLASSIC, untaken_pozzetto_penalty=PenaltyWhen.IF_OPPONENTS_CLOSED
)

TEAM_A_MELDS = ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"]
TEAM_B_MELDS = ["9C 9C 9D 9H 9S 9S 2H", "QS KS AS"]

TEAM_A_SCORE = TeamScore(
    melded=120,
    in_hand=-20,
    burraco_bonus=200,
    closing_bonus=100,
    pozzetto_penalty=0,
    clean_burracos=1,
)
TEAM_B_SCORE = TeamScore(
    melded=115,
    in_hand=-70,
    burraco_bonus=100,
    closing_bonus=0,
    pozzetto_penalty=-100,
    dirty_burracos=1,
)


def hand_of(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def melds_of(texts: Sequence[str], rules: Rules = CLASSIC) -> tuple[Meld, ...]:
    return tuple(validate_meld(text, rules) for text in texts)


def make_state(
    *,
    hands: Sequence[str],
    melds: Sequence[Sequence[str]],
    pozzetto_taken: Sequence[bool],
    outcome: Outcome | None,
    rules: Rules = CLASSIC,
    pozzetti: Sequence[str] = (),
    stock: str = "",
    discard_pile: str = "9H",
) -> GameState:
    """A position built by hand (the constructor does not check card conservation)."""
    return GameState(
        rules=rules,
        dealer=0,
        turn=0,
        phase=Phase.OVER if outcome is not None else Phase.DRAW,
        hands=tuple(hand_of(text) for text in hands),
        melds=tuple(melds_of(texts, rules) for texts in melds),
        stock=parse_cards(stock),
        discard_pile=parse_cards(discard_pile),
        pozzetti=tuple(parse_cards(text) for text in pozzetti),
        pozzetto_taken=tuple(pozzetto_taken),
        outcome=outcome,
    )


UNTAKEN_POZZETTO = "AS AS KD KD QC QC JK JK 2S 2H 10D"


def worked_hand(outcome: Outcome | None = None) -> GameState:
    """rules §12: seat 0 (team A) closed on 9H; seats 1 and 3 (team B) hold their cards."""
    return make_state(
        hands=["", "JD 7C 2S", "3C AH", "JK 5H"],
        melds=[TEAM_A_MELDS, TEAM_B_MELDS],
        pozzetto_taken=[True, False],
        pozzetti=[UNTAKEN_POZZETTO],
        outcome=outcome or Outcome(EndReason.CLOSED, 0),
    )


# --- the worked hand -----------------------------------------------------------------------------


def test_worked_hand_team_that_closed_scores_400() -> None:
    score = score_team(TEAM_A_MELDS, "3C AH", took_pozzetto=True, closed=True)
    assert score == TEAM_A_SCORE
    assert score.total == 400


def test_worked_hand_team_without_its_pozzetto_scores_45() -> None:
    score = score_team(
        TEAM_B_MELDS, "JD 7C 2S JK 5H", took_pozzetto=False, closed=False, opponent_closed=True
    )
    assert score == TEAM_B_SCORE
    assert score.total == 45


def test_worked_hand_as_a_game_state() -> None:
    expected = HandScore((TEAM_A_SCORE, TEAM_B_SCORE), Outcome(EndReason.CLOSED, 0))
    score = score_hand(worked_hand())
    assert score == expected
    assert score.totals == (400, 45)


def test_the_closers_partner_closing_gives_the_same_score() -> None:
    state = attrs.evolve(worked_hand(), outcome=Outcome(EndReason.CLOSED, 2))
    assert score_hand(state).totals == (400, 45)


# --- burraco classes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (
            FIBUR,
            TeamScore(
                melded=80,
                in_hand=-10,
                burraco_bonus=150,
                closing_bonus=0,
                pozzetto_penalty=0,
                semi_clean_burracos=1,
            ),
        ),
        (
            CLASSIC,
            TeamScore(
                melded=80,
                in_hand=-10,
                burraco_bonus=100,
                closing_bonus=0,
                pozzetto_penalty=0,
                dirty_burracos=1,
            ),
        ),
    ],
)
def test_semi_clean_burraco_earns_150_under_fibur_and_is_dirty_under_classic(
    rules: Rules, expected: TeamScore
) -> None:
    score = score_team(
        ["4S 5S 6S 7S 8S 9S 10S JK=JS"], ["3C", "4C"], took_pozzetto=True, closed=False, rules=rules
    )
    assert score == expected


def test_burraco_counts_and_bonuses_add_up_over_several_burracos() -> None:
    score = score_team(
        ["AH 2H 3H 4H 5H 6H 7H", "8C 8C 8D 8D 8H 8S JK", "4S 5S 6S 7S 8S 9S 10S JK", "KS KH KD"],
        "3C 4C",
        took_pozzetto=True,
        closed=False,
        rules=FIBUR,
    )
    expected = TeamScore(
        melded=60 + 90 + 80 + 30,
        in_hand=-10,
        burraco_bonus=200 + 100 + 150,
        closing_bonus=0,
        pozzetto_penalty=0,
        clean_burracos=1,
        semi_clean_burracos=1,
        dirty_burracos=1,
    )
    assert score == expected


# --- ends of the hand and the pozzetto -----------------------------------------------------------

STOCK_EXHAUSTED = Outcome(EndReason.STOCK_EXHAUSTED)


def stock_end_state(taken: tuple[bool, bool], rules: Rules = CLASSIC) -> GameState:
    """A hand ended by the stock: team 0 melded 5H 6H 7H and holds 8C; team 1 melded KS KH KD
    and holds 3D 4D."""
    return make_state(
        hands=["8C", "3D", "", "4D"],
        melds=[["5H 6H 7H"], ["KS KH KD"]],
        pozzetto_taken=taken,
        pozzetti=[UNTAKEN_POZZETTO] * taken.count(False),
        stock="QH 9D",
        outcome=STOCK_EXHAUSTED,
        rules=rules,
    )


def plain(melded: int, in_hand: int, pozzetto_penalty: int = 0, closing: int = 0) -> TeamScore:
    return TeamScore(
        melded=melded,
        in_hand=in_hand,
        burraco_bonus=0,
        closing_bonus=closing,
        pozzetto_penalty=pozzetto_penalty,
    )


@pytest.mark.parametrize(
    ("taken", "rules", "penalties"),
    [
        ((True, True), CLASSIC, (0, 0)),
        ((True, False), CLASSIC, (0, -100)),
        ((False, True), CLASSIC, (-100, 0)),
        ((False, False), CLASSIC, (-100, -100)),
        ((True, False), IF_OPPONENTS_CLOSED, (0, 0)),
        ((False, False), IF_OPPONENTS_CLOSED, (0, 0)),
    ],
)
def test_hand_ended_by_the_stock_has_no_closing_and_penalises_untaken_pozzetti_per_the_switch(
    taken: tuple[bool, bool], rules: Rules, penalties: tuple[int, int]
) -> None:
    expected = HandScore(
        (plain(15, -10, penalties[0]), plain(30, -10, penalties[1])), STOCK_EXHAUSTED
    )
    assert score_hand(stock_end_state(taken, rules)) == expected


@pytest.mark.parametrize(("rules", "penalty"), [(CLASSIC, -100), (IF_OPPONENTS_CLOSED, -100)])
def test_untaken_pozzetto_is_penalised_when_the_opponents_close_under_both_settings(
    rules: Rules, penalty: int
) -> None:
    state = attrs.evolve(worked_hand(), rules=rules)
    assert score_hand(state).teams[1].pozzetto_penalty == penalty
    assert (
        score_team(
            TEAM_B_MELDS,
            "JD 7C 2S JK 5H",
            took_pozzetto=False,
            closed=False,
            rules=rules,
            opponent_closed=True,
        ).pozzetto_penalty
        == penalty
    )


def test_if_opponents_closed_spares_a_team_whose_opponents_did_not_close() -> None:
    score = score_team(
        TEAM_B_MELDS, "JD 3C", took_pozzetto=False, closed=False, rules=IF_OPPONENTS_CLOSED
    )
    assert score == attrs.evolve(TEAM_B_SCORE, in_hand=-15, pozzetto_penalty=0)


def test_pozzetto_taken_on_the_discard_and_never_played_counts_as_cards_in_hand() -> None:
    pozzetto = "AS AS KD KD QC QC JK 2H 10D 5C 3S"
    state = make_state(
        hands=["8C", "3D", pozzetto, "4D"],
        melds=[["5H 6H 7H"], ["KS KH KD"]],
        pozzetto_taken=[True, False],
        pozzetti=[UNTAKEN_POZZETTO],
        outcome=STOCK_EXHAUSTED,
    )
    expected = HandScore((plain(15, -10 - 140), plain(30, -10, -100)), STOCK_EXHAUSTED)
    assert score_hand(state) == expected


def test_closing_in_the_stocks_last_turn_still_earns_the_closing_bonus() -> None:
    state = make_state(
        hands=["8C", "", "3D", "4D"],
        melds=[["5H 6H 7H"], ["4S 5S 6S 7S 8S 9S 10S", "KS KH KD"]],
        pozzetto_taken=[True, True],
        stock="QH 9D",
        outcome=Outcome(EndReason.CLOSED, 1),
    )
    expected = HandScore(
        (
            plain(15, -15),
            TeamScore(
                melded=80,
                in_hand=-5,
                burraco_bonus=200,
                closing_bonus=100,
                pozzetto_penalty=0,
                clean_burracos=1,
            ),
        ),
        Outcome(EndReason.CLOSED, 1),
    )
    assert score_hand(state) == expected


def test_stalemate_gives_no_closing_bonus() -> None:
    state = attrs.evolve(stock_end_state((True, True)), outcome=Outcome(EndReason.STALEMATE))
    assert score_hand(state).teams == (plain(15, -10), plain(30, -10))


def test_a_hand_not_over_is_scored_as_if_it_ended_now() -> None:
    state = attrs.evolve(stock_end_state((True, False)), phase=Phase.PLAY, outcome=None)
    assert score_hand(state) == HandScore((plain(15, -10), plain(30, -10, -100)), None)


def test_three_teams_each_get_their_own_seats_cards() -> None:
    rules = attrs.evolve(CLASSIC, players=6)
    state = make_state(
        hands=["AS", "3D", "", "KC", "JK", "7H"],
        melds=[["5H 6H 7H"], ["KS KH KD"], ["QD QH QS QC QC QD QH"]],
        pozzetto_taken=[True, False, True],
        pozzetti=[UNTAKEN_POZZETTO],
        outcome=Outcome(EndReason.CLOSED, 2),
        rules=rules,
    )
    closer = TeamScore(
        melded=70,
        in_hand=-5,
        burraco_bonus=200,
        closing_bonus=100,
        pozzetto_penalty=0,
        clean_burracos=1,
    )
    assert score_hand(state).teams == (plain(15, -25), plain(30, -35, -100), closer)


# --- score_team's inputs -------------------------------------------------------------------------


def test_melds_may_be_meld_values_card_lists_or_strings_alike() -> None:
    as_strings = score_team(TEAM_A_MELDS, "3C AH", took_pozzetto=True, closed=True)
    as_lists = score_team(
        [text.split() for text in TEAM_A_MELDS], ["3C", "AH"], took_pozzetto=True, closed=True
    )
    as_cards = score_team(
        [parse_cards(text) for text in TEAM_A_MELDS],
        parse_cards("3C AH"),
        took_pozzetto=True,
        closed=True,
    )
    as_melds = score_team(
        (validate_meld(text) for text in TEAM_A_MELDS), "3C AH", took_pozzetto=True, closed=True
    )
    assert [as_strings, as_lists, as_cards, as_melds] == [TEAM_A_SCORE] * 4


def test_illegal_meld_raises_naming_the_meld_and_keeping_the_reason() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        score_team(["4S 5S 6S", "KH KD KC", "5H 8H JK"], "", took_pozzetto=True, closed=False)
    assert caught.value.reason is Reason.GAP
    assert caught.value.cards == parse_cards("5H 8H JK")
    assert str(caught.value) == (
        "illegal meld 2 '5H 8H JK': gap: the naturals 5H 8H miss more ranks than the one wild "
        "can fill"
    )


def test_melds_are_validated_under_the_rules_given() -> None:
    with pytest.raises(InvalidMeldError) as caught:
        score_team(["KS KH KD"], "", took_pozzetto=True, closed=False, rules=INTERNATIONAL)
    assert caught.value.reason is Reason.SET_RANK_NOT_ALLOWED
    assert str(caught.value).startswith("illegal meld 0 'KS KH KD': set-rank-not-allowed:")


def test_bad_notation_in_a_meld_names_the_meld_and_the_token() -> None:
    with pytest.raises(NotationError) as caught:
        score_team(["4S 5S 6S", "7H 8H 1H"], "", took_pozzetto=True, closed=False)
    assert caught.value.token == "1H"
    assert str(caught.value).startswith("meld 1: bad card '1H':")


def test_a_single_string_of_melds_is_rejected() -> None:
    with pytest.raises(TypeError, match="list of melds"):
        score_team("4S 5S 6S", "", took_pozzetto=True, closed=False)


@pytest.mark.parametrize(
    ("took_pozzetto", "closed", "opponent_closed", "message"),
    [
        (True, True, True, "closed and opponent_closed cannot both be true"),
        (False, True, False, "closed needs took_pozzetto"),
    ],
)
def test_impossible_flags_are_rejected(
    took_pozzetto: bool, closed: bool, opponent_closed: bool, message: str
) -> None:
    with pytest.raises(InvalidStateError, match=message) as caught:
        score_team(
            TEAM_A_MELDS,
            "",
            took_pozzetto=took_pozzetto,
            closed=closed,
            opponent_closed=opponent_closed,
        )
    assert caught.value.reason is Reason.INCONSISTENT_STATE


def test_non_bool_flags_are_rejected() -> None:
    with pytest.raises(TypeError, match="closed must be True or False"):
        score_team(TEAM_A_MELDS, "", took_pozzetto=True, closed="yes")  # type: ignore[arg-type]


def test_score_hand_rejects_a_closer_whose_team_never_took_its_pozzetto() -> None:
    state = attrs.evolve(worked_hand(), outcome=Outcome(EndReason.CLOSED, 1))
    with pytest.raises(InvalidStateError) as caught:
        score_hand(state)
    assert caught.value.reason is Reason.INCONSISTENT_STATE


# --- the value classes ---------------------------------------------------------------------------


def test_team_score_total_is_the_sum_of_its_parts_and_cannot_be_set() -> None:
    assert TEAM_B_SCORE.total == 115 - 70 + 100 + 0 - 100
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        TEAM_B_SCORE.total = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        TeamScore(  # type: ignore[call-arg]
            melded=1, in_hand=0, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0, total=5
        )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("in_hand", 5),
        ("pozzetto_penalty", 100),
        ("melded", -5),
        ("burraco_bonus", -100),
        ("closing_bonus", -100),
        ("dirty_burracos", -1),
    ],
)
def test_team_score_parts_with_the_wrong_sign_are_rejected(field: str, value: int) -> None:
    with pytest.raises(ValueError, match=field):
        attrs.evolve(TEAM_A_SCORE, **{field: value})


def test_team_score_str_is_a_one_line_summary() -> None:
    assert str(TEAM_A_SCORE) == (
        "400: melded 120, in hand -20, burracos 200 (1 clean), closing 100, pozzetto 0"
    )
    assert str(plain(15, -10, -100)) == (
        "-95: melded 15, in hand -10, burracos 0, closing 0, pozzetto -100"
    )


def test_hand_score_str_is_a_score_sheet_with_a_column_per_team() -> None:
    assert str(score_hand(worked_hand())).splitlines() == [
        "                  team 0          team 1",
        "melded               120             115",
        "in hand              -20             -70",
        "burracos   (1 clean) 200   (1 dirty) 100",
        "closing              100               0",
        "pozzetto               0            -100",
        "total                400              45",
        "closed by seat 0",
    ]


def test_hand_score_str_says_how_a_hand_without_closer_ended() -> None:
    lines = str(score_hand(stock_end_state((True, False)))).splitlines()
    assert lines[0] == "           team 0   team 1"
    assert lines[3] == "burracos        0        0"
    assert lines[-2:] == ["total           5      -80", "ended: stock-exhausted"]


def test_hand_score_needs_team_scores() -> None:
    with pytest.raises(ValueError, match="at least one team"):
        HandScore(())
    with pytest.raises(TypeError):
        HandScore([TEAM_A_SCORE, TEAM_B_SCORE])  # type: ignore[arg-type]


# --- properties ----------------------------------------------------------------------------------

NATURAL_SET_RANKS = [rank for rank in Rank if rank is not Rank.TWO]
WILDS = [JOKER, *(Card(Rank.TWO, suit) for suit in Suit)]


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """A legal meld (under CLASSIC): a set of 3 to 9 cards or a sequence of 3 to 14."""
    if draw(st.booleans()):
        rank = draw(st.sampled_from(NATURAL_SET_RANKS))
        naturals = [Card(rank, suit) for suit in Suit] * 2
        count = draw(st.integers(2, 8))
        cards = draw(st.permutations(naturals))[:count]
        wilds = draw(st.lists(st.sampled_from(WILDS), min_size=0 if count >= 3 else 1, max_size=1))
        return validate_meld(cards + wilds)
    suit = draw(st.sampled_from(list(Suit)))
    low = draw(st.integers(3, 12))
    high = draw(st.integers(low + 2, 14))
    cards = [Card(Rank.ACE if slot == 14 else Rank(slot), suit) for slot in range(low, high + 1)]
    if draw(st.booleans()):
        # any wild, the suit's own two included (KH AH 2H is 2H=QH KH AH)
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(WILDS))
    return validate_meld(cards)


RULE_SETS = [CLASSIC, FIBUR, INTERNATIONAL, IF_OPPONENTS_CLOSED]


@st.composite
def team_data(draw: st.DrawFn) -> tuple[list[Meld], list[Card], bool, bool, bool, Rules]:
    """A team's end of hand that a real table can show (the checks of ``check_team``)."""
    rules = draw(st.sampled_from(RULE_SETS))
    table = draw(
        st.lists(
            legal_melds(rules),
            max_size=6,
            unique_by=lambda meld: meld.rank if meld.kind is MeldKind.SET else id(meld),
        )
    )
    left = Counter(make_deck(rules.packs))
    left.subtract(card for meld in table for card in meld.cards)
    assume(not -left)
    spare = sorted(left.elements())
    can_close = any(
        len(meld.cards) >= 7 and (meld.wild is None or not rules.closing_needs_clean_burraco)
        for meld in table
    )
    closed = can_close and draw(st.booleans())
    holding = rules.players // rules.teams - closed  # a card for every seat but the closer
    picks = draw(
        st.lists(st.integers(0, len(spare) - 1), min_size=holding, max_size=22, unique=True)
    )
    in_hand = [spare[i] for i in picks]
    took_pozzetto = closed or (bool(table) and draw(st.booleans()))
    opponent_closed = not closed and draw(st.booleans())
    return table, in_hand, took_pozzetto, closed, opponent_closed, rules


@given(team_data())
def test_parts_add_up_to_the_total_which_is_a_multiple_of_five(
    data: tuple[list[Meld], list[Card], bool, bool, bool, Rules],
) -> None:
    table, in_hand, took_pozzetto, closed, opponent_closed, rules = data
    score = score_team(
        table,
        in_hand,
        took_pozzetto=took_pozzetto,
        closed=closed,
        rules=rules,
        opponent_closed=opponent_closed,
    )
    parts = (
        score.melded,
        score.in_hand,
        score.burraco_bonus,
        score.closing_bonus,
        score.pozzetto_penalty,
    )
    assert score.total == sum(parts)
    assert score.total % 5 == 0
    assert (score.melded, score.in_hand) == (
        sum(meld.points for meld in table),
        -sum(card.points for card in in_hand),
    )
    kinds = [burraco_kind(meld, rules) for meld in table]
    counts = (
        kinds.count(BurracoKind.CLEAN),
        kinds.count(BurracoKind.SEMI_CLEAN),
        kinds.count(BurracoKind.DIRTY),
    )
    assert (score.clean_burracos, score.semi_clean_burracos, score.dirty_burracos) == counts
    assert score.burraco_bonus == (
        counts[0] * rules.clean_bonus
        + counts[1] * rules.semi_clean_bonus
        + counts[2] * rules.dirty_bonus
    )
    assert score.closing_bonus == (100 if closed else 0)
    penalised = not took_pozzetto and (
        rules.untaken_pozzetto_penalty == "always" or opponent_closed
    )
    assert score.pozzetto_penalty == (-100 if penalised else 0)


ENGINE_RULES = [
    pytest.param(attrs.evolve(CLASSIC, players=2), id="classic-2"),
    pytest.param(attrs.evolve(CLASSIC, players=3), id="classic-3"),
    pytest.param(CLASSIC, id="classic-4"),
    pytest.param(attrs.evolve(CLASSIC, players=6), id="classic-6"),
    pytest.param(FIBUR, id="fibur"),
    pytest.param(INTERNATIONAL, id="international"),
    pytest.param(FEBURIT, id="feburit"),
    pytest.param(REALE, id="reale"),
    pytest.param(attrs.evolve(REALE, players=2), id="reale-2"),
]


def play_out(rules: Rules, seed: int) -> GameState:
    """Play a hand with random legal actions until it ends (at most 3000 actions).

    The player melds when it can (nine times in ten) and draws from the stock more often than it
    takes the pile, so that hands reach pozzetti and closings instead of a stalemate.
    """
    from burraco.actions import Action, AddToMeld, DrawStock, OpenMeld
    from burraco.engine import apply, legal_actions, new_game

    random = Random(seed)
    state = new_game(rules, seed=seed)
    for _ in range(3000):
        actions = legal_actions(state)
        if not actions:
            break
        melds: list[Action] = [a for a in actions if isinstance(a, OpenMeld | AddToMeld)]
        draws: list[Action] = [a for a in actions if isinstance(a, DrawStock)]
        if melds and random.random() < 0.9:
            actions = melds
        elif draws and random.random() < 0.7:
            actions = draws
        state = apply(state, random.choice(actions))
    return state


@pytest.mark.parametrize("rules", ENGINE_RULES)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_score_hand_agrees_with_score_team_on_random_finished_hands(
    rules: Rules, seed: int
) -> None:
    pytest.importorskip("burraco.engine")
    state = play_out(rules, seed)
    outcome = state.outcome
    teams = rules.teams
    closer_team = (
        outcome.closer % teams
        if outcome is not None and outcome.reason is EndReason.CLOSED and outcome.closer is not None
        else None
    )
    score = score_hand(state)
    assert score.outcome == outcome
    for team in range(teams):
        expected = score_team(
            state.melds[team],
            [card for seat in range(team, rules.players, teams) for card in state.hands[seat]],
            took_pozzetto=state.pozzetto_taken[team],
            closed=closer_team == team,
            rules=state.rules,
            opponent_closed=closer_team is not None and closer_team != team,
            opponent_took_pozzetto=any(
                taken for other, taken in enumerate(state.pozzetto_taken) if other != team
            ),
        )
        assert score.teams[team] == expected
        assert score.totals[team] % 5 == 0


# --- what a real table guarantees (issue 12) ----------------------------------------------------

BURRACO = "4S 5S 6S 7S 8S 9S 10S"


def test_a_team_that_closed_without_a_burraco_gets_no_score() -> None:
    with pytest.raises(InvalidStateError) as caught:
        score_team(["KH KD KC", "6D 7D JK"], "3C", took_pozzetto=True, closed=True)
    assert caught.value.reason is Reason.CLOSING_NEEDS_BURRACO
    assert "burraco (7 cards or more)" in str(caught.value)


def test_under_international_a_team_closes_only_with_a_clean_burraco() -> None:
    dirty = "4S 5S 6S JK 8S 9S 10S"
    with pytest.raises(InvalidStateError) as caught:
        score_team([dirty], "3C", took_pozzetto=True, closed=True, rules=INTERNATIONAL)
    assert caught.value.reason is Reason.CLOSING_NEEDS_CLEAN_BURRACO
    clean = score_team([BURRACO], "3C", took_pozzetto=True, closed=True, rules=INTERNATIONAL)
    assert clean.closing_bonus == 100


def test_a_team_holds_no_more_copies_of_a_card_than_the_packs() -> None:
    with pytest.raises(InvalidStateError) as caught:
        score_team(["5H 5D 5C", "3H 4H 5H"], "5H 3C", took_pozzetto=True, closed=False)
    assert caught.value.reason is Reason.TOO_MANY_COPIES
    assert "3 copies of 5H" in str(caught.value)
    six = attrs.evolve(CLASSIC, players=6)
    assert score_team(
        ["5H 5D 5C", "3H 4H 5H"], "5H 3C", took_pozzetto=True, closed=False, rules=six
    )


def test_two_sets_of_one_rank_are_refused_under_one_set_per_rank() -> None:
    with pytest.raises(InvalidStateError) as caught:
        score_team(["KH KD KC", "KS KS KH"], "", took_pozzetto=True, closed=False)
    assert caught.value.reason is Reason.SET_RANK_TAKEN
    lenient = attrs.evolve(CLASSIC, one_set_per_rank=False)
    score = score_team(
        ["KH KD KC", "KS KS KH"], "3C 4C", took_pozzetto=True, closed=False, rules=lenient
    )
    assert score.melded == 60


def test_meld_values_are_checked_under_the_rules_too() -> None:
    kings = Meld.parse("KS KH KD")
    with pytest.raises(InvalidMeldError) as caught:
        score_team([kings], "", took_pozzetto=True, closed=False, rules=INTERNATIONAL)
    assert caught.value.reason is Reason.SET_RANK_NOT_ALLOWED


def test_a_team_that_took_its_pozzetto_has_melded() -> None:
    with pytest.raises(InvalidStateError, match="has a meld") as caught:
        score_team([], "5H", took_pozzetto=True, closed=False)
    assert caught.value.reason is Reason.INCONSISTENT_STATE


def test_with_two_or_three_players_the_closer_holds_no_card() -> None:
    two = attrs.evolve(CLASSIC, players=2)
    with pytest.raises(InvalidStateError, match="holds none") as caught:
        score_team([BURRACO], "3C", took_pozzetto=True, closed=True, rules=two)
    assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert score_team([BURRACO], "", took_pozzetto=True, closed=True, rules=two).total == 350


def test_check_table_counts_copies_across_teams_and_the_teams() -> None:
    a = ([validate_meld("5H 5D 5C")], parse_cards("5H"))
    b = ([validate_meld("3H 4H 5H")], parse_cards(""))
    with pytest.raises(InvalidStateError) as caught:
        check_table([a, b])
    assert caught.value.reason is Reason.TOO_MANY_COPIES
    assert "3 copies of 5H" in str(caught.value)
    for teams in ([a], [a, a, a, a]):
        with pytest.raises(InvalidStateError) as caught:
            check_table(teams)
        assert caught.value.reason is Reason.OUT_OF_RANGE
    sevens = ([validate_meld("7S 7D 7C")], parse_cards("8S"))
    check_table([sevens, sevens, sevens], attrs.evolve(CLASSIC, players=6))


def test_check_table_reads_melds_and_hands_as_score_team_does() -> None:
    # strings, card lists and Meld values, as the scoring how-to types them into score_team
    check_table([(["5H 5D 5C", ["6S", "7S", "8S"]], "5S"), ([validate_meld("KH KD KC")], ["3C"])])
    with pytest.raises(InvalidStateError) as caught:
        check_table([(["5H 5D 5C"], "5H"), ([], "5H")])
    assert caught.value.reason is Reason.TOO_MANY_COPIES
    assert "3 copies of 5H" in str(caught.value)


def test_check_table_names_the_team_of_a_bad_meld_or_card() -> None:
    with pytest.raises(InvalidMeldError) as meld:
        check_table([(["5H 5D 5C"], ""), (["6H 7H 9H"], "")])
    assert meld.value.reason is Reason.GAP
    assert str(meld.value).startswith("team 1: illegal meld 0 '6H 7H 9H': gap: ")
    with pytest.raises(NotationError) as card:
        check_table([([], "5X"), ([], "")])
    assert str(card.value).startswith("team 0: bad card '5X': ")
    with pytest.raises(TypeError, match="team 0: melds must be a list of melds"):
        check_table([("5H 5D 5C", ""), ([], "")])


def test_a_meld_typed_in_with_a_fixed_own_two_scores_as_it_lies() -> None:
    # A table can hold 3D ... QD 2D=KD AD (the two stayed the king's wild when the three came,
    # rules §5.4); typed in, it is the dirty burraco it is on the table, not a clean A-Q.
    score = score_team(
        ["3D 4D 5D 6D 7D 8D 9D 10D JD QD 2D=KD AD"], "3C 4C", took_pozzetto=True, closed=False
    )
    assert (score.melded, score.burraco_bonus) == (110, 100)


# --- one rule for score_team and the hand-score loader (issue 41) -------------------------------


def test_a_team_that_did_not_close_holds_a_card_for_each_of_its_seats() -> None:
    for in_hand, closed in [("", False), ("3C", False), ("", True)]:
        with pytest.raises(InvalidStateError, match="every seat but the closer") as caught:
            score_team([validate_meld(BURRACO)], in_hand, took_pozzetto=True, closed=closed)
        assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert score_team([validate_meld(BURRACO)], "3C", took_pozzetto=True, closed=True)
    three = attrs.evolve(CLASSIC, players=3)
    assert score_team(
        [validate_meld(BURRACO)], "3C", took_pozzetto=False, closed=False, rules=three
    )
    with pytest.raises(InvalidStateError):
        score_team([], "", took_pozzetto=False, closed=False, rules=three)


@given(team_data())
@settings(max_examples=200)
def test_every_hand_score_typed_in_loads_as_a_saved_hand_score_and_match(
    data: tuple[list[Meld], list[Card], bool, bool, bool, Rules],
) -> None:
    table, in_hand, took_pozzetto, closed, opponent_closed, rules = data
    assume(not opponent_closed)
    team = score_team(table, in_hand, took_pozzetto=took_pozzetto, closed=closed, rules=rules)
    other = score_team([], "3C 4C", took_pozzetto=False, closed=False, rules=rules,
                       opponent_closed=closed)  # fmt: skip
    outcome = Outcome(EndReason.CLOSED, 0) if closed else Outcome(EndReason.STOCK_EXHAUSTED)
    hand = HandScore((team, other), outcome)
    held = sum(card.points for meld in table for card in meld.cards) + 10 - team.in_hand
    assume(held <= rules.packs * 540 - 15)  # the cards of one real table
    assert from_json(to_json(hand)) == hand
    match = Match(rules, 0, (hand,))
    assert from_json(to_json(match)) == match


# --- rules §13: the untaken pozzetto under the 2026 code, and the classes of burraco ----------


@pytest.mark.parametrize(
    ("opponent_took", "opponent_closed", "penalty"),
    [(False, False, 0), (True, False, -100), (True, True, -100), (False, True, -100)],
)
def test_unless_none_took_charges_the_penalty_only_when_a_team_took_its_pozzetto(
    opponent_took: bool, opponent_closed: bool, penalty: int
) -> None:
    score = score_team(
        ["7S 7H 7D"],
        "5C 6C",
        took_pozzetto=False,
        closed=False,
        rules=FIBUR,
        opponent_took_pozzetto=opponent_took,
        opponent_closed=opponent_closed,
    )
    assert score.pozzetto_penalty == penalty


def test_no_team_pays_for_its_pozzetto_when_none_was_taken_under_fibur() -> None:
    state = GameState(
        rules=FIBUR,
        dealer=3,
        turn=0,
        phase=Phase.OVER,
        hands=(parse_cards("5C"), parse_cards("6C"), parse_cards("7C"), parse_cards("8C")),
        melds=((validate_meld("4S 5S 6S", FIBUR),), (validate_meld("KH KD KC", FIBUR),)),
        stock=parse_cards("3D 4D"),
        discard_pile=parse_cards("9H"),
        pozzetti=(tuple(make_deck()[:11]), tuple(make_deck()[11:22])),
        pozzetto_taken=(False, False),
        outcome=Outcome(EndReason.STOCK_EXHAUSTED),
    )
    assert [team.pozzetto_penalty for team in score_hand(state).teams] == [0, 0]
    always = attrs.evolve(state, rules=attrs.evolve(FIBUR, untaken_pozzetto_penalty="always"))
    assert [team.pozzetto_penalty for team in score_hand(always).teams] == [-100, -100]


_HEARTS_A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"


@pytest.mark.parametrize(
    ("cards", "rules", "kind", "bonus"),
    [
        (_HEARTS_A_TO_K, FEBURIT, BurracoKind.OVER_THE_TOP, 300),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", FEBURIT, BurracoKind.OVER_THE_TOP, 300),
        ("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", FEBURIT, BurracoKind.CLEAN, 200),
        ("7S 7S 7H 7H 7D 7D 7C 7C", FEBURIT, BurracoKind.SUPER_CLEAN, 250),
        ("7S 7S 7H 7H 7D 7D 7C", FEBURIT, BurracoKind.CLEAN, 200),
        ("7S 7S 7H 7H 7D 7D 7C 7C JK", FEBURIT, BurracoKind.SEMI_CLEAN, 150),
        (_HEARTS_A_TO_K, FIBUR, BurracoKind.CLEAN, 200),
        ("7S 7S 7H 7H 7D 7D 7C 7C", CLASSIC, BurracoKind.CLEAN, 200),
        (_HEARTS_A_TO_K + " AH", REALE, BurracoKind.REALE, 1000),
        (_HEARTS_A_TO_K, REALE, BurracoKind.NOBILE, 500),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", REALE, BurracoKind.NOBILE, 500),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2S", REALE, BurracoKind.SEMI_CLEAN, 150),
        ("AH 2H 3H 4H 5H 2S 7H 8H 9H 10H JH QH KH AH", REALE, BurracoKind.SEMI_CLEAN, 150),
        ("AH 2H 3H 4H 2S 6H 7H", REALE, BurracoKind.DIRTY, 100),
    ],
)
def test_a_burraco_takes_the_first_class_of_the_rules_it_satisfies(
    cards: str, rules: Rules, kind: BurracoKind, bonus: int
) -> None:
    meld = validate_meld(cards, rules)
    assert burraco_kind(meld, rules) is kind
    score = score_team([meld], "5C 6C", took_pozzetto=True, closed=False, rules=rules)
    assert score.burraco_bonus == bonus
    assert score.burracos == {kind: 1}


def test_the_score_sheet_names_the_new_classes() -> None:
    score = score_team(
        [_HEARTS_A_TO_K + " AH", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"],
        "5C 6C",
        took_pozzetto=True,
        closed=False,
        rules=REALE,
    )
    assert (score.reale_burracos, score.nobile_burracos, score.burraco_bonus) == (1, 1, 1500)
    assert "burracos 1500 (1 reale, 1 nobile)" in str(score)


def test_a_freed_own_two_played_with_apply_makes_the_burraco_clean_and_scores_200() -> None:
    # rules §5.5: 3H 4H 5H 2H=6H 7H 8H 9H + 6H is 2H 3H ... 9H, a clean burraco.
    dirty = Meld.parse("3H 4H 5H 2H=6H 7H 8H 9H")
    before = position(hands={0: "6H KS QC"}, melds={0: [dirty]}, taken=[True, False])
    after = apply(before, parse_action("add 0 6H"))
    assert after.melds[0] == (Meld.parse("2H 3H 4H 5H 6H 7H 8H 9H"),)
    assert after.melds[0][0].is_clean and Counter(after.hands[0]) == Counter(parse_cards("QC KS"))
    assert score_hand(before).teams[0].burraco_bonus == 100
    assert score_hand(after).teams[0].burraco_bonus == 200
    assert score_hand(after).teams[0].melded == score_hand(before).teams[0].melded + 5
