"""Three and five players as the clubs play them (rules §14): partnerships formed during the hand.

The hands here are typed from the rules' text: a three-player hand where the lone player
closes, one where the pair closes, one that ends on the stock before anybody ran out, and a
five-player hand with both pairs; each scored by hand, seat by seat.
"""

from __future__ import annotations

import io
import json
import pickle
import random
import re
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    FIBUR3,
    FIBUR5,
    AddToMeld,
    EndReason,
    GameState,
    GreedyAgent,
    HandScore,
    IllegalActionError,
    Match,
    Partnerships,
    PenaltyWhen,
    Phase,
    PlayerView,
    Reason,
    Rules,
    TeamScore,
    apply,
    determinize,
    legal_actions,
    make_deck,
    new_game,
    observe,
    parse_action,
    parse_cards,
    play_match,
    score_hand,
    score_team,
)
from burraco.checks import check_invariants
from burraco.cli import main
from burraco.errors import InvalidStateError
from burraco.match import everyone_alone
from burraco.record import History, MatchRecord, Record
from burraco.scoring import partner_share
from burraco.serialize import from_dict, from_json, to_dict, to_json
from burraco.state import partners_after_first_out
from burraco.testing import game_states, random_play
from tests.helpers import all_cards, play, position


def _checked(state: GameState, *moves: str) -> GameState:
    """``state`` after ``moves``, every state on the way checked."""
    check_invariants(state)
    for move in moves:
        state = apply(state, parse_action(move))
        check_invariants(state)
    return state


# --- the rules and the deal (rules §14.1) --------------------------------------------------------


def test_the_presets_are_fibur_with_the_clubs_method() -> None:
    assert (FIBUR3.players, FIBUR3.packs, FIBUR3.pozzetto_sizes, FIBUR3.stock_size) == (
        3,
        2,
        (18, 11),
        45,
    )
    assert (FIBUR5.players, FIBUR5.packs, FIBUR5.pozzetto_sizes, FIBUR5.stock_size) == (
        5,
        3,
        (18, 11, 11),
        66,
    )
    for preset, switch, target in ((FIBUR3, 1000, 1505), (FIBUR5, 1500, 2005)):
        assert preset.partnerships is Partnerships.FIRST_OUT_ALONE
        assert (preset.everyone_alone_at, preset.target) == (switch, target)
        assert attrs.evolve(
            preset,
            name="fibur",
            players=4,
            partnerships="fixed",
            pozzetto_sizes=None,
            everyone_alone_at=None,
            target=2000,
        ) == attrs.evolve(FIBUR, players=4)
    assert CLASSIC.partnerships == "fixed"


def test_five_players_alone_play_three_packs_with_a_stock_of_51() -> None:
    alone = everyone_alone(FIBUR5)
    assert (alone.players, alone.teams, alone.packs, alone.stock_size) == (5, 5, 3, 51)
    assert everyone_alone(FIBUR3).pozzetto_sizes == (11, 11, 11)
    state = new_game(alone, seed=5)
    assert [len(pozzetto) for pozzetto in state.pozzetti] == [11] * 5
    assert state.partners == ((0,), (1,), (2,), (3,), (4,))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 4}, "partnerships 'first-out-alone' is for 3 or 5 players, not 4"),
        ({"pozzetto_sizes": (18, 11, 11)}, "pozzetto_sizes must give 2 sizes"),
        ({"pozzetti_as_reserve_stock": True}, "turn pozzetti_as_reserve_stock off"),
    ],
)
def test_impossible_partnership_settings_say_what_is_wrong(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        attrs.evolve(FIBUR3, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [FIBUR3, FIBUR5], ids=lambda rules: rules.name)
def test_the_deck_deals_the_hands_then_the_18_then_each_11(rules: Rules) -> None:
    deck = make_deck(rules.packs)
    state = new_game(rules, deck=deck, dealer=rules.players - 1)
    dealt = 11 * rules.players
    assert state.hands[0] == tuple(sorted(deck[0 : dealt : rules.players], key=lambda c: c.code))
    start = dealt
    for index, size in enumerate(rules.pozzetto_sizes):
        assert state.pozzetti[index] == tuple(deck[start : start + size])
        start += size
    assert state.discard_pile == (deck[start],)
    assert state.stock == tuple(deck[start + 1 :])
    assert len(state.stock) == rules.stock_size
    assert state.partners == tuple((seat,) for seat in range(rules.players))
    assert state.pozzetto_taken == (False,) * rules.players
    check_invariants(state)


def test_pairs_form_by_counting_clockwise_from_the_lone_player() -> None:
    # 3 players: the other two; 5 players: the 2nd with the 4th, the 3rd with the 5th
    assert partners_after_first_out(3, 0) == ((0,), (1, 2))
    assert partners_after_first_out(3, 2) == ((0, 1), (2,))
    assert partners_after_first_out(5, 2) == ((0, 3), (1, 4), (2,))
    assert partners_after_first_out(5, 0) == ((0,), (1, 3), (2, 4))
    assert partners_after_first_out(5, 4) == ((0, 2), (1, 3), (4,))


def test_a_partner_gets_half_the_pairs_total_rounded_up_to_a_multiple_of_5() -> None:
    assert [partner_share(total) for total in (235, -235, 240, -95, 375, 0, 5, -5)] == [
        120,
        -115,
        120,
        -45,
        190,
        0,
        5,
        0,
    ]


# --- the typed hands ----------------------------------------------------------------------------


def _lone_player_closes() -> GameState:
    """FIBUR3: seat 0 runs out on the discard and takes the 18; seats 1 and 2, each with a
    set of kings laid alone, pair up; seat 0 closes on its next turn."""
    return position(
        FIBUR3,
        turn=0,
        hands={0: "5H 6H 7H 9C", 1: "4C 7C JD 3D"},
        melds={1: ["KC KD KS", "8C 9C 10C"], 2: ["KC KH KS", "QS QD QH QC", "6C 7C 8C"]},
        pozzetti=[
            "8H 9H 10H JH QH KH 3S 4S 5S 6S 7S 8S 9S 10S 3D 4D 5D JS",
            "10C 10D JC JD QS QD KD AC AD 9H 8H",
        ],
        stock="QC 9D 6D",
        pile="4D 7S 7D 2H",
    )


def test_the_lone_player_closes_and_the_pair_halves_its_score() -> None:
    state = _lone_player_closes()
    assert state.hands[2] == parse_cards("AS AS 2S 2S 3S 4S 5S 6S 8S 9S 10S")  # the rest
    state = _checked(state, "open 5H 6H 7H", "discard 9C")
    # seat 0 ran out first: it took the 18 on the discard and plays alone
    assert state.partners == ((0,), (1, 2))
    assert state.pozzetto_taken == (True, False)
    assert state.unseen_pozzetto == (0,)
    assert len(state.hands[0]) == 18 and len(state.pozzetti) == 1
    # the pair joined its melds, seat 1's first; both sets of kings stay
    assert [str(meld) for meld in state.melds[1]] == [
        "KS KD KC",
        "8C 9C 10C",
        "KS KH KC",
        "QS QH QD QC",
        "6C 7C 8C",
    ]
    state = _checked(state, "draw", "discard QC", "draw", "discard 9D", "draw")
    assert state.unseen_pozzetto == ()  # a player alone looks at it on his next turn
    state = _checked(
        state,
        "add 0 8H 9H 10H JH QH KH",
        "open 3S 4S 5S 6S 7S 8S 9S 10S",
        "open 3D 4D 5D 6D",
        "discard JS",
    )
    assert state.outcome is not None
    assert (state.outcome.reason, state.outcome.closer) == (EndReason.CLOSED, 0)
    score = score_hand(state)
    alone, pair = score.teams
    # seat 0: 5H..KH 75 + 3S..10S 55 + 3D..6D 20, two clean burracos, closing
    assert (alone.melded, alone.in_hand, alone.burraco_bonus, alone.closing_bonus) == (
        150,
        0,
        400,
        100,
    )
    assert alone.total == 650
    # the pair: kings 30 + 30, 8C..10C 30, queens 40, 6C..8C 20; seat 1 holds JD 4C 7C 3D
    # (25) and seat 2 its eleven spades (120); its pozzetto never taken while seat 0 took his
    assert (pair.melded, pair.in_hand, pair.pozzetto_penalty, pair.total) == (150, -145, -100, -95)
    assert score.partners == ((0,), (1, 2))
    assert score.seat_points == (650, -45, -45)  # -95 / 2 = -47.5, up to -45
    assert "match points" in str(score)


def _pair_closes() -> GameState:
    """FIBUR3: seat 1 melds its last three cards and takes the 18 at once; seat 2 grows seat
    0's sequence to a burraco, runs out on the discard and takes the pair's 11; seat 0 adds
    two more cards to it and closes."""
    return position(
        FIBUR3,
        turn=1,
        hands={0: "QS KS", 1: "3H 4H 5H", 2: "10S JS 4D 4C 4S"},
        melds={
            0: ["5S 6S 7S 8S 9S", "6H 7H 8H 9H 10H"],
            1: ["JC QC KC", "AC AD AS AH"],
            2: ["5D 6D 7D 8D", "JD QD KD"],
        },
        pozzetti=[
            "3C 3C 3D 3D 3H 3S 3S 4H 5C 5D 6C 6D 7C 7D 7H 8C 8D 9D",
            "10C 10D JC JD QC QD KC KD 9C 9H 8H",
        ],
        stock="9S 10H",
        pile="4D",
    )


def test_the_pair_closes_on_a_burraco_both_partners_built() -> None:
    state = _checked(_pair_closes(), "open 3H 4H 5H")
    # directly (al volo): seat 1 holds the 18 and plays on, alone
    assert state.partners == ((0, 2), (1,))
    assert len(state.hands[1]) == 18 and state.turn == 1
    assert [str(meld) for meld in state.melds[0]] == [
        "5S 6S 7S 8S 9S",
        "6H 7H 8H 9H 10H",
        "5D 6D 7D 8D",
        "JD QD KD",
    ]
    state = _checked(state, "discard 9D", "draw", "add 0 10S JS", "open 4D 4C 4S", "discard 9S")
    assert state.pozzetto_taken == (True, True)
    assert state.unseen_pozzetto == (2,)  # seen after the partner's next discard
    state = _checked(state, "draw", "add 0 QS KS", "discard 10H")
    assert state.outcome is not None and state.outcome.closer == 0
    score = score_hand(state)
    pair, alone = score.teams
    # the pair: 5S..KS 75 (clean burraco), 6H..10H 40, 5D..8D 25, JD QD KD 30, fours 15;
    # seat 2 holds the 11 it never played (110)
    assert (pair.melded, pair.burraco_bonus, pair.closing_bonus, pair.in_hand) == (
        185,
        200,
        100,
        -110,
    )
    assert pair.total == 375
    # seat 1: JC QC KC 30, four aces 60, 3H 4H 5H 15; holds the 18 less 9D (95)
    assert (alone.melded, alone.in_hand, alone.pozzetto_penalty, alone.total) == (105, -95, 0, 10)
    assert score.seat_points == (190, 10, 190)  # 375 / 2 = 187.5, up to 190


def test_a_hand_ending_on_the_stock_before_anybody_ran_out_is_scored_alone() -> None:
    state = position(
        FIBUR3,
        turn=0,
        phase=Phase.DRAW,
        hands={0: "7H 8H 9H 2C KD", 1: "AS AH 5C"},
        melds={0: ["JS QS KS"], 1: ["4D 5D 6D 7D"], 2: ["QC QD QH"]},
        stock="10H 3C 4C",
        exact_stock=True,
        pile="9D",
    )
    state = _checked(state, "draw", "open 7H 8H 9H 10H", "discard KD")
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.STOCK_EXHAUSTED
    assert state.partners == ((0,), (1,), (2,))
    score = score_hand(state)
    seat0, seat1, seat2 = score.teams
    # nobody took a pozzetto, so under FIBUR's penalty rule nobody pays (rules §13.3)
    assert FIBUR3.untaken_pozzetto_penalty is PenaltyWhen.UNLESS_NONE_TOOK
    assert (seat0.melded, seat0.in_hand, seat0.pozzetto_penalty, seat0.total) == (
        65,
        -20,
        0,
        45,
    )
    assert (seat1.melded, seat1.in_hand, seat1.total) == (20, -35, -15)
    held = sum(card.points for card in state.hands[2])
    assert (seat2.melded, seat2.in_hand, seat2.total) == (30, -held, 30 - held)
    assert score.seat_points == score.totals
    assert "match points" not in str(score)


def _five_players() -> GameState:
    """FIBUR5: seat 2 runs out first (directly); seats 3 and 0 pair up, and 4 and 1. Seat 3
    grows seat 0's sequence and takes its pair's 11 on the discard; seat 0 closes."""
    return position(
        FIBUR5,
        turn=2,
        hands={0: "QS KS", 2: "3H 4H 5H", 3: "10S JS 4D 4C 4S", 4: "5C 5C"},
        melds={0: ["5S 6S 7S 8S 9S"], 2: ["AC AD AS"], 3: ["6H 7H 8H"], 4: ["JC QC KC"]},
        pozzetti=[
            "3C 3C 3D 3D 3H 3S 3S 4H 5D 5D 6C 6D 7C 7D 7H 8C 8D 9D",
            "10C 10D JC JD QC QD KC KD 9C 9H 8H",
            "JH JH QH QH KH KH AH AH 2H 2H 9H",
        ],
        stock="9S 8S 10H",
        pile="4D",
    )


def test_five_players_form_two_pairs_one_closes_and_the_other_pays_for_its_pozzetto() -> None:
    state = _checked(_five_players(), "open 3H 4H 5H")
    assert state.partners == ((0, 3), (1, 4), (2,))
    state = _checked(
        state, "discard 9D", "draw", "add 0 10S JS", "open 4D 4C 4S", "discard 9S", "draw"
    )
    assert state.turn == 4 and state.pozzetto_taken == (True, False, True)
    # seat 4's pair may not add to the other pair's melds
    with pytest.raises(IllegalActionError) as caught:
        apply(state, AddToMeld(state.melds[0][1], parse_cards("5C")))
    assert caught.value.reason is Reason.NOT_YOUR_MELD
    assert "belongs to team 0" in str(caught.value)
    state = _checked(state, "discard 8S", "draw", "add 0 QS KS", "discard 10H")
    assert state.outcome is not None and state.outcome.closer == 0
    score = score_hand(state)
    closers, others, alone = score.teams
    # seats 0 and 3: 5S..KS 75 (clean), 6H 7H 8H 20, fours 15; seat 3 holds its 11 (110)
    assert (closers.melded, closers.in_hand, closers.total) == (110, -110, 300)
    # seats 1 and 4: JC QC KC 30; seat 4 holds 5C 5C, seat 1 the rest of the deal (290)
    assert (others.melded, others.pozzetto_penalty, others.total) == (30, -100, -370)
    assert others.in_hand == -10 - sum(card.points for card in state.hands[1])
    # seat 2: three aces 45 and 3H 4H 5H 15; holds the 18 less 9D (95)
    assert (alone.melded, alone.in_hand, alone.total) == (60, -95, -35)
    assert score.seat_points == (150, -185, -35, 150, -185)


# --- refusals, views, saving --------------------------------------------------------------------


def test_before_the_pairs_form_nobody_adds_to_another_seats_melds() -> None:
    state = _lone_player_closes()
    state = play(state, "discard 9C", "draw")  # seat 1, alone still
    with pytest.raises(IllegalActionError) as caught:
        apply(state, parse_action("add 2 6C"))
    assert caught.value.reason is Reason.NO_SUCH_MELD
    assert "team 1 has melds 0 to 1" in str(caught.value)


def test_after_the_pairs_form_either_partner_adds_to_the_other_partners_melds() -> None:
    state = play(_pair_closes(), "open 3H 4H 5H", "discard 9D", "draw")
    actions = [str(action) for action in legal_actions(state)]
    assert "add 0 10S JS" in actions  # seat 2 grows seat 0's sequence


def test_a_pair_without_its_pozzetto_may_not_meld_its_last_cards() -> None:
    # seat 0's pair took no pozzetto yet: melding everything takes it, so that is legal; the
    # lone player has his, so he must keep a card to discard (rules §7.2)
    state = play(_pair_closes(), "open 3H 4H 5H")
    for action in legal_actions(state):
        after = apply(state, action)
        assert after.hands[1]


def test_partners_do_not_see_each_others_hands() -> None:
    state = play(_pair_closes(), "open 3H 4H 5H", "discard 9D")
    view = observe(state, 0)
    assert view.partners == ((0, 2), (1,))
    assert view.team == 0 and view.team_of(2) == 0 and view.team_of(1) == 1
    assert view.hand == state.hands[0]
    assert view.hand_sizes[2] == 5 and view.known_cards[2] == ()
    sample = determinize(view, random.Random(3))
    assert observe(sample, 0) == view
    assert sample.partners == state.partners
    check_invariants(sample)


def test_saved_games_views_scores_and_matches_carry_the_partners_in_format_2() -> None:
    state = play(_pair_closes(), "open 3H 4H 5H", "discard 9D")
    document = to_dict(state)
    assert document["format"] == 2 and document["partners"] == [[0, 2], [1]]
    assert from_json(to_json(state)) == state
    view = observe(state, 1)
    assert to_dict(view)["partners"] == [[0, 2], [1]]
    assert from_json(to_json(view)) == view
    ended = play(state, "draw", "add 0 10S JS", "open 4D 4C 4S", "discard 9S")
    ended = play(ended, "draw", "add 0 QS KS", "discard 10H")
    score = score_hand(ended)
    loaded = from_json(to_json(score), HandScore)
    assert loaded == score and loaded.seat_points == (190, 10, 190)
    match = Match.start(FIBUR3).record(score)
    again = from_json(to_json(match), Match)
    assert again == match and again.totals == (190, 10, 190)
    # documents of the fixed presets stay format 1, which older versions read
    assert to_dict(new_game(seed=1))["format"] == 1


def test_a_hand_score_with_seat_points_that_do_not_halve_is_refused() -> None:
    document = to_dict(score_hand(play(_pair_closes(), "open 3H 4H 5H", "discard 9D")))
    document["seat_points"][0] += 5
    with pytest.raises(InvalidStateError) as caught:
        from_dict(document)
    assert caught.value.reason is Reason.INCONSISTENT_STATE
    assert "seat 0 is credited" in str(caught.value)


def test_teams_no_rule_forms_are_refused() -> None:
    state = _lone_player_closes()
    wrong = attrs.evolve(state, partners=((0, 1, 2),))
    with pytest.raises(InvalidStateError, match="partners"):
        check_invariants(wrong)


def test_typed_in_scores_of_a_pair_count_both_hands() -> None:
    pair = score_team(
        ["5S 6S 7S 8S 9S 10S JS QS KS", "4D 4C 4S"],
        "10C 10D JC JD QC QD KC KD 9C 9H 8H",
        took_pozzetto=True,
        closed=True,
        rules=FIBUR3,
        seats=2,
    )
    assert (pair.total, partner_share(pair.total)) == (90 + 200 + 100 - 110, 140)
    with pytest.raises(InvalidStateError, match="closer alone"):
        score_team(["5S 6S 7S 8S 9S 10S JS"], "3C", took_pozzetto=True, closed=True, rules=FIBUR3)


# --- the match (rules §14.3) --------------------------------------------------------------------


def _hand(*seat_points: int) -> HandScore:
    """A hand of three players scored alone (no pair formed), each seat's total given."""
    teams = tuple(
        TeamScore(melded=max(points, 0), in_hand=min(points, 0), burraco_bonus=0,
                  closing_bonus=0, pozzetto_penalty=0)
        for points in seat_points
    )  # fmt: skip
    return HandScore(teams, None, seat_points, tuple((seat,) for seat in range(3)))


def test_the_match_switches_to_everyone_alone_at_1000_and_ends_at_1505() -> None:
    match = Match.start(FIBUR3)
    assert match.hand_rules is FIBUR3 and not match.switched
    match = match.record(_hand(650, -45, -45)).record(_hand(300, 190, 190))
    assert match.totals == (950, 145, 145) and match.hand_rules is FIBUR3
    match = match.record(_hand(100, 40, 40))
    assert match.totals == (1050, 185, 185)
    assert match.switched and match.hand_rules == everyone_alone(FIBUR3)
    assert match.hand_rules.pozzetto_sizes == (11, 11, 11)
    match = match.record(_hand(-200, 0, 0))
    assert match.switched  # once switched, always: seat 0 is back under 1000
    assert not match.is_over
    match = match.record(_hand(655, 0, 0))
    assert match.totals == (1505, 185, 185)
    assert (match.is_over, match.winner) == (True, 0)
    assert "seat 0 wins (target 1505)" in str(match)


def test_free_play_with_three_switches_at_1500_and_ends_at_2005() -> None:
    free = attrs.evolve(FIBUR3, everyone_alone_at=1500, target=2005)
    match = Match.start(free).record(_hand(1200, 0, 0))
    assert not match.switched and not match.is_over
    match = match.record(_hand(300, 0, 0))
    assert match.switched and not match.is_over


def test_a_match_refuses_a_hand_of_pairs_without_seat_points() -> None:
    # a hand of three players alone credits each its total; a hand of pairs needs its seats
    paired = score_hand(play(_pair_closes(), "open 3H 4H 5H", "discard 9D"))
    bare = HandScore(paired.teams, paired.outcome)
    with pytest.raises(InvalidStateError, match="seat_points"):
        Match.start(FIBUR3).record(bare)


# --- properties over random play ----------------------------------------------------------------

_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def eager_states() -> st.SearchStrategy[GameState]:
    """States of FIBUR3 or FIBUR5 reached by eager random play (which melds when it can, so
    that many hands cross the forming of pairs), after a drawn number of actions."""
    return st.sampled_from([FIBUR3, FIBUR5]).flatmap(
        lambda rules: game_states(rules, max_steps=300, eager=True)
    )


def test_eager_random_play_often_crosses_the_forming_of_pairs() -> None:
    for rules in (FIBUR3, FIBUR5):
        paired = 0
        for seed in range(20):
            *_, (before, action) = random_play(rules, seed, eager=True)
            paired += len(apply(before, action).partners) < rules.players
        assert paired >= 3, rules.name  # so the properties above see both sides


@_SETTINGS
@given(eager_states())
def test_every_card_is_somewhere_before_and_after_the_pairs_form(state: GameState) -> None:
    event("pairs formed" if len(state.partners) < state.rules.players else "everyone alone")
    assert all_cards(state) == all_cards(new_game(state.rules, seed=0))
    check_invariants(state)


@_SETTINGS
@given(eager_states())
def test_apply_leaves_its_state_alone_and_states_survive_saving(state: GameState) -> None:
    before = pickle.dumps(state)
    for action in legal_actions(state)[:20]:
        apply(state, action)
    assert pickle.dumps(state) == before
    assert from_json(to_json(state)) == state
    for seat in range(state.rules.players):
        view = observe(state, seat)
        assert from_json(to_json(view), PlayerView) == view


# --- records, the command line ------------------------------------------------------------------


@pytest.mark.parametrize("rules", [FIBUR3, FIBUR5], ids=lambda rules: rules.name)
def test_a_match_record_replays_to_the_same_match_across_the_switch(rules: Rules) -> None:
    history = History()
    match = play_match(
        [GreedyAgent(seat) for seat in range(rules.players)],
        rules,
        seed=3,
        on_action=history,
        max_hands=50,
    )
    assert match.is_over and match.switched
    assert MatchRecord.parse(str(history.match_record())).replay() == match
    last = history.record(len(match.hands) - 1)
    assert last.rules == match.hand_rules  # dealt with everyone alone, after the switch
    assert Record.parse(str(last)).final() == last.final()


def test_score_reads_the_seats_of_each_team_and_credits_each_partner_half(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = {
        "rules": "fibur3",
        "teams": [
            {
                "seats": [0, 2],
                "melds": ["5S 6S 7S 8S 9S 10S JS QS KS", "6H 7H 8H 9H 10H", "5D 6D 7D 8D"],
                "hand": "10C 10D JC JD QC QD KC KD 9C 9H 8H",
                "pozzetto": True,
                "closed": True,
            },
            {"seats": [1], "melds": ["JC QC KC", "3H 4H 5H"], "hand": "3C 3D", "pozzetto": True},
        ],
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    out = capsys.readouterr().out
    # the pair: 75 + 40 + 25 melded, 200, 100, -110 = 330, so 165 each; seat 1: 45 - 10 = 35
    assert "total                             330          35" in out
    assert "match points   seat 0 165, seat 2 165   seat 1 35" in out
    hand["teams"][1]["seats"] = [2]  # type: ignore[index]
    path.write_text(json.dumps(hand), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    assert "the seats must be the player who ran out first, alone" in capsys.readouterr().err


def test_play_with_three_tells_who_ran_out_first_and_who_pairs_up(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    assert main(["play", "--rules", "fibur3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "you are seat 0, alone until a player runs out of cards" in out
    assert "takes the pozzetto; plays alone; seats 0 and 1 are partners now" in out
    assert "match points" in out


def test_play_refuses_a_preset_for_another_number_of_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--rules", "fibur5", "--players", "4"]) == 2
    assert "'first-out-alone' is for 3 or 5 players, not 4" in capsys.readouterr().err


# --- the encoding and the environments ----------------------------------------------------------


@pytest.mark.parametrize("rules", [FIBUR3, FIBUR5], ids=lambda rules: rules.name)
def test_the_observation_tells_each_seat_slot_its_team_slot_as_the_teams_change(
    rules: Rules,
) -> None:
    pytest.importorskip("numpy")
    from burraco.encoding import ObservationEncoder

    encoder = ObservationEncoder(rules)
    part = encoder.slice("seat_teams")
    paired = 0
    for state, _ in random_play(rules, 11, eager=True):
        for seat in range(rules.players):
            vector = encoder.encode(observe(state, seat))
            assert (vector == encoder._encode_state(state, seat, ())).all()
            rows = vector[part.offset : part.stop].reshape(rules.players, rules.players)
            assert rows.sum() == rules.players  # one team slot per seat slot
            assert rows[0, 0] == 1.0  # the viewer is in its own team's slot
            partner = state.partner_of(seat)
            if partner is not None:
                paired += 1
                assert rows[(partner - seat) % rules.players, 0] == 1.0
    assert paired
    alone = ObservationEncoder(attrs.evolve(FIBUR, players=rules.players))
    assert alone.size == encoder.size - part.length  # fixed teams: no such part


def test_the_envs_pay_each_team_its_match_points_per_seat() -> None:
    pytest.importorskip("numpy")
    from burraco.envs._core import hand_rewards

    ended = play(_pair_closes(), "open 3H 4H 5H", "discard 9D", "draw", "add 0 10S JS")
    ended = play(ended, "open 4D 4C 4S", "discard 9S", "draw", "add 0 QS KS", "discard 10H")
    # seat points (190, 10, 190): the pair 190 - 10 each, the lone player 10 - 190
    assert hand_rewards(ended) == [180.0, -180.0, 180.0]
    assert hand_rewards(ended, "win-loss") == [1.0, -1.0, 1.0]


# --- the bots: a partner who appears mid-hand ---------------------------------------------------


def test_a_rollout_scores_the_team_its_seat_is_in_at_the_end() -> None:
    from burraco._bots.rollout import evaluate, rollout

    # seat 2 decides while alone (team 2); seat 1 goes out, and seat 2 pairs with seat 0
    state = play(_pair_closes(), "open 3H 4H 5H")
    assert state.team_of(2) == 0
    value = rollout(state, GreedyAgent(), 2, 2, 0)
    assert value == evaluate(state, 0)
    # a partner's lead counts its half of the pair's score against the lone player's whole
    ended = play(state, "discard 9D", "draw", "add 0 10S JS", "open 4D 4C 4S", "discard 9S")
    ended = play(ended, "draw", "add 0 QS KS", "discard 10H")
    assert evaluate(ended, 0) == 375 / 2 - 10  # seat points 190 (rounded) and 10
    assert evaluate(ended, 1) == 10 - 375 / 2


@_SETTINGS
@given(eager_states(), st.integers(0, 4), st.integers(0, 2**32 - 1))
def test_inference_samples_give_exactly_the_view_across_the_forming_of_pairs(
    state: GameState, seat: int, seed: int
) -> None:
    from burraco.inference import InferenceSampler

    seat %= state.rules.players
    view = observe(state, seat)
    sample = InferenceSampler()(view, random.Random(seed))
    check_invariants(sample)
    assert observe(sample, seat) == view
    assert sample.partners == state.partners


@pytest.mark.parametrize("rules", [FIBUR3, FIBUR5], ids=lambda rules: rules.name)
def test_the_search_agent_plays_a_hand_where_the_pairs_form(rules: Rules) -> None:
    from burraco import SearchAgent
    from burraco.agents import play_hand

    agents = [
        SearchAgent(simulations=4, depth=2, seed=seat) if seat == 0 else GreedyAgent(seat)
        for seat in range(rules.players)
    ]
    final = play_hand(agents, rules, 7)
    assert final.is_over and len(final.partners) < rules.players


def test_the_rules_pages_match_of_three_switches_at_1000_and_ends_at_1505() -> None:
    # docs/rules.md, rules §14.3: the table of a match of three
    hands = [
        (_paired(0), (650, -45, -45)),
        (_paired(1), (190, 300, 190)),
        (_paired(2), (180, 180, 100)),
        (None, (-200, 95, 60)),
        (None, (690, 120, 0)),
    ]
    match = Match.start(FIBUR3)
    alone_from = None
    for index, (partners, points) in enumerate(hands):
        if match.switched and alone_from is None:
            alone_from = index
        match = match.record(_scored(points, partners))
    assert alone_from == 3
    assert match.totals == (1510, 650, 305)
    assert (match.is_over, match.winner) == (True, 0)


def _paired(alone: int) -> tuple[tuple[int, ...], ...]:
    return partners_after_first_out(3, alone)


def _scored(points: tuple[int, ...], partners: tuple[tuple[int, ...], ...] | None) -> HandScore:
    """A hand score with these seat points (teams: ``partners``, or everyone alone)."""
    teams = partners or tuple((seat,) for seat in range(len(points)))
    scores = tuple(
        TeamScore(
            melded=max(points[seats[0]] * len(seats), 0),
            in_hand=min(points[seats[0]] * len(seats), 0),
            burraco_bonus=0,
            closing_bonus=0,
            pozzetto_penalty=0,
        )
        for seats in teams
    )
    return HandScore(scores, None, points, teams)


def test_simulate_reports_each_seat_under_the_clubs_method(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--rules", "fibur5", "--hands", "3", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "3 hands, fibur5 rules, 5 players, seed 2" in out
    assert re.search(r"^\s+seat 0\s+seat 1\s+seat 2\s+seat 3\s+seat 4$", out, re.MULTILINE)


def test_the_pictures_name_the_teams_as_they_are_now() -> None:
    from burraco import svg

    state = play(_pair_closes(), "open 3H 4H 5H")
    table = svg.table(state, last_action=parse_action("open 3H 4H 5H"))
    assert "team 0 (seats 0, 2), pozzetto not taken" in table
    assert "team 1 (seat 1), pozzetto taken" in table
    view = svg.view(observe(state, 2))
    assert "team 0 (seats 0, 2), pozzetto not taken" in view


def test_a_saved_match_of_three_reads_back_hands_played_alone_and_in_pairs() -> None:
    paired = score_hand(play(_pair_closes(), "open 3H 4H 5H", "discard 9D", "draw", "add 0 10S JS"))
    alone = HandScore(
        tuple(
            TeamScore(
                melded=melded, in_hand=held, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0
            )
            for melded, held in ((60, -15), (0, -15), (35, -5))
        )
    )
    match = Match.start(FIBUR3).record(alone).record(paired)
    document = to_dict(match)
    assert "seat_points" not in document["hands"][0]  # everyone alone: the teams' totals
    assert document["hands"][1]["partners"] == [[0, 2], [1]]
    again = from_dict(document, Match)
    assert again == match and again.totals == match.totals
    assert again.totals == (
        45 + paired.seat_points[0],
        -15 + paired.seat_points[1],
        30 + paired.seat_points[2],
    )


def test_a_document_of_pairs_without_its_partners_is_refused_with_the_field_to_give() -> None:
    state = play(_pair_closes(), "open 3H 4H 5H", "discard 9D")
    for value in (state, observe(state, 0)):
        document = to_dict(value)
        del document["partners"]
        with pytest.raises(InvalidStateError) as caught:
            from_dict(document)
        assert (caught.value.reason, caught.value.path) == (Reason.MISSING_FIELD, "partners")
    unnamed = attrs.evolve(state, partners=())
    assert unnamed.partners == ()  # no fixed teams make 2 of 3 seats
    with pytest.raises(InvalidStateError, match="partners"):
        check_invariants(unnamed)


@pytest.mark.parametrize(
    "rules",
    [
        attrs.evolve(CLASSIC, pozzetto_sizes=(11, 11)),
        attrs.evolve(CLASSIC, players=3, pozzetto_sizes=(12, 11, 10)),
        FIBUR3,
        attrs.evolve(FIBUR5, everyone_alone_at=1000, target=1505),
    ],
    ids=["default-sizes-given", "three-sizes", "fibur3", "fibur5-free"],
)
def test_rules_with_the_fields_of_rules_14_read_back_equal_from_format_2(rules: Rules) -> None:
    document = to_dict(Match.start(rules))
    assert document["format"] == 2
    assert from_dict(document, Match).rules == rules
