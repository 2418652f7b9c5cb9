"""The reducer: dealing, the turn cycle, pozzetti, closing and the ends of a hand (scripted)."""

from __future__ import annotations

import gc
import pickle
import random
import weakref

import attrs
import pytest

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    INTERNATIONAL,
    REALE,
    AddToMeld,
    Card,
    Discard,
    DrawStock,
    EndReason,
    GameState,
    IllegalActionError,
    InvalidStateError,
    OpenMeld,
    Outcome,
    Phase,
    Rank,
    Reason,
    Rules,
    StockEnd,
    apply,
    call_time_out,
    canonical_action,
    check_action,
    format_cards,
    is_legal,
    legal_actions,
    make_deck,
    new_game,
    observe,
    parse_action,
    parse_cards,
    score_hand,
    validate_meld,
)
from burraco._engine import movegen as _movegen
from burraco._engine.meldcodec import laid_meld, meld_recipe
from burraco.state import meld_facts, new_state
from tests.helpers import assert_conserved, play, position, random_play

BURRACO = "4S 5S 6S 7S 8S 9S 10S"
DIRTY_BURRACO = "4C 5C 6C JK 8C 9C 10C"


def rejected(state: GameState, move: str) -> IllegalActionError:
    """Apply a move that must be refused; check that the state is untouched; return the error."""
    before = pickle.dumps(state)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, parse_action(move))
    assert pickle.dumps(state) == before
    assert not is_legal(state, parse_action(move))
    assert str(caught.value).startswith(
        f"illegal action '{parse_action(move)}' by seat {state.turn}: "
    )
    return caught.value


# --- the deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("seed", [0, 1, 7, 2**70, -3, "table 4", b"\x00deal"])
def test_a_seed_deals_the_deck_random_random_seed_shuffles(
    players: int, seed: int | str | bytes
) -> None:
    # new_game shuffles with its own loop (compiled with the engine); it must stay the standard
    # library's, step for step, so that a seed deals what it always dealt.
    rules = attrs.evolve(CLASSIC, players=players)
    deck = make_deck(rules.packs)
    random.Random(seed).shuffle(deck)
    assert new_game(rules, seed=seed, dealer=1) == new_game(rules, deck=deck, dealer=1)


def test_a_given_deck_is_dealt_by_the_documented_mapping() -> None:
    deck = make_deck()
    state = new_game(deck=deck, dealer=2)
    assert state.turn == 3
    for i in range(44):
        assert deck[i] in state.hands[(2 + 1 + i) % 4]
    assert sorted(deck[0:44:4], key=lambda c: c.code) == list(state.hands[3])
    assert list(state.pozzetti[0]) == deck[44:66:2]
    assert list(state.pozzetti[1]) == deck[45:66:2]
    assert state.discard_pile == (deck[66],)
    assert list(state.stock) == deck[67:]
    assert apply(state, DrawStock()).hands[3] == tuple(
        sorted((*state.hands[3], deck[67]), key=lambda c: c.code)
    )


def test_a_seed_makes_the_deal_reproducible() -> None:
    assert new_game(seed=42) == new_game(seed=42)
    assert new_game(seed=42) != new_game(seed=43)
    assert pickle.loads(pickle.dumps(new_game(seed=42))) == new_game(seed=42)


@pytest.mark.parametrize(
    ("players", "stock", "pozzetti", "teams"),
    [(2, 63, 2, 2), (3, 41, 3, 3), (4, 41, 2, 2), (6, 62, 3, 3)],
)
def test_deals_for_every_player_count(players: int, stock: int, pozzetti: int, teams: int) -> None:
    state = new_game(attrs.evolve(CLASSIC, players=players), seed=1)
    assert [len(hand) for hand in state.hands] == [11] * players
    assert [len(p) for p in state.pozzetti] == [11] * pozzetti
    assert (len(state.stock), len(state.discard_pile), len(state.melds)) == (stock, 1, teams)
    assert_conserved(state)


def test_a_wrong_deck_is_refused_naming_what_is_wrong() -> None:
    deck = make_deck()
    deck[0] = deck[1]
    with pytest.raises(InvalidStateError, match=r"missing .*; extra") as caught:
        new_game(deck=deck)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ValueError, match="dealer"):
        new_game(dealer=4)


def test_seats_and_teams() -> None:
    four = new_game(seed=0)
    assert [four.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [four.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    six = new_game(attrs.evolve(CLASSIC, players=6), seed=0)
    assert [six.team_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert [six.partner_of(s) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    two = new_game(attrs.evolve(CLASSIC, players=2), seed=0)
    assert [two.partner_of(s) for s in range(2)] == [None, None]


# --- the turn cycle -----------------------------------------------------------------------------


def test_a_turn_is_draw_melds_discard() -> None:
    state = position(hands={0: "5H 6H 9S KD"}, phase=Phase.DRAW, stock="7H")
    state = play(state, "draw", "open 5H 6H 7H", "discard 9S")
    assert state.melds[0] == (validate_meld("5H 6H 7H"),)
    assert state.hands[0] == parse_cards("KD")
    assert (state.turn, state.phase, state.discard_pile[-1]) == (
        1,
        Phase.DRAW,
        parse_cards("9S")[0],
    )
    assert_conserved(state)


def test_taking_the_pile_takes_all_of_it() -> None:
    state = position(hands={0: "KD"}, pile="3C 9H 7H", phase=Phase.DRAW)
    state = play(state, "pick")
    assert state.hands[0] == tuple(sorted(parse_cards("KD 3C 9H 7H")))
    assert (state.discard_pile, state.taken_from_pile, state.phase) == ((), 3, Phase.PLAY)


def test_actions_in_the_wrong_phase_are_refused() -> None:
    state = position(hands={0: "5H 6H 7H KD"}, phase=Phase.DRAW, pile="3C")
    assert rejected(state, "discard KD").reason is Reason.WRONG_PHASE
    assert rejected(state, "open 5H 6H 7H").reason is Reason.WRONG_PHASE
    drawn = play(state, "draw")
    assert rejected(drawn, "draw").reason is Reason.WRONG_PHASE
    assert rejected(drawn, "pick").reason is Reason.WRONG_PHASE


def test_cards_not_in_hand_are_refused_naming_them() -> None:
    state = position(hands={0: "5H 6H 7H KD"})
    error = rejected(state, "discard 9C")
    assert error.reason is Reason.CARD_NOT_IN_HAND
    assert "does not hold 9C; it holds 5H 6H 7H KD" in str(error)
    assert rejected(state, "open 5H 6H 7H 7H").reason is Reason.CARD_NOT_IN_HAND


def test_melds_and_discards_take_one_copy_of_each_card_named() -> None:
    state = position(hands={0: "5H 5H 6H 7H 7H KD KD"})
    state = play(state, "open 5H 6H 7H")
    assert state.hands[0] == parse_cards("5H 7H KD KD")
    state = play(state, "discard KD")
    assert state.hands[0] == parse_cards("5H 7H KD")


def test_a_hand_built_out_of_order_still_gives_up_its_cards() -> None:
    # States keep hands sorted; one built by hand with GameState(...) may not, and apply still
    # finds each card (by identity, wherever it lies).
    state = position(hands={0: "5H 6H 7H KD"})
    shuffled = attrs.evolve(state, hands=(parse_cards("KD 7H 5H 6H"), *state.hands[1:]))
    after = apply(shuffled, parse_action("discard 5H"))
    assert after.hands[0] == parse_cards("KD 7H 6H")
    melded = apply(shuffled, parse_action("open 5H 6H 7H"))
    assert melded.hands[0] == parse_cards("KD")
    assert rejected(shuffled, "discard 9C").reason is Reason.CARD_NOT_IN_HAND
    assert shuffled.hands[0] == parse_cards("KD 7H 5H 6H")


def test_illegal_melds_are_refused_with_the_meld_reason() -> None:
    state = position(hands={0: "5H 6H 8H 9S KD KC 2C JK"})
    assert rejected(state, "open 5H 8H JK").reason is Reason.GAP
    assert rejected(state, "open KD KC 2C JK").reason is Reason.TOO_MANY_WILDS
    assert rejected(state, "open 5H 6H 9S").reason is Reason.MIXED_SUITS


def test_melds_are_laid_and_grown_for_the_own_team_only() -> None:
    state = position(hands={0: "8H 9H 3C"}, melds={0: ["5H 6H 7H"], 1: ["QC KC AC"]})
    grown = play(state, "add 0 8H")
    assert str(grown.melds[0][0]) == "5H 6H 7H 8H"
    assert rejected(state, "add 1 8H").reason is Reason.NO_SUCH_MELD
    theirs = state.melds[1][0]
    error = rejected(state, f"add [{theirs}] 8H")
    assert error.reason is Reason.NOT_YOUR_MELD
    assert apply(state, AddToMeld(state.melds[0][0], parse_cards("8H"))) == grown


def test_the_meld_index_is_the_order_laid() -> None:
    state = position(hands={0: "9D 10D JD 3C 3D 3H QD 8S"}, melds={0: ["5H 6H 7H"]})
    state = play(state, "open 9D 10D JD", "open 3C 3D 3H", "add 1 QD")
    assert [str(m) for m in state.melds[0]] == ["5H 6H 7H", "9D 10D JD QD", "3H 3D 3C"]


def test_one_set_per_rank() -> None:
    state = position(hands={0: "7C 7D 7H 9S KD"}, melds={0: ["7S 7S 7H"]})
    assert rejected(state, "open 7C 7D 7H").reason is Reason.SET_RANK_TAKEN
    assert is_legal(state, parse_action("add 0 7C 7D"))
    free = attrs.evolve(state, rules=attrs.evolve(CLASSIC, one_set_per_rank=False))
    assert is_legal(free, parse_action("open 7C 7D 7H"))


def test_the_wild_choice_of_an_open_meld() -> None:
    state = position(hands={0: "5H 6H JK 9S KD"})
    default = play(state, "open 5H 6H JK")
    low = play(state, "open 5H 6H JK=4H")
    assert str(default.melds[0][0]) == "5H 6H JK=7H"
    assert str(low.melds[0][0]) == "JK=4H 5H 6H"
    opens = [str(a) for a in legal_actions(state) if isinstance(a, OpenMeld)]
    assert opens == ["open 5H 6H JK", "open 5H 6H JK=4H"]
    assert apply(state, OpenMeld(parse_cards("5H 6H JK"), Rank.SEVEN)) == default


def test_an_open_meld_action_lays_its_meld_from_a_memo_by_value_for_its_rules_only() -> None:
    # apply remembers the meld an OpenMeld lays, keyed by the rules' reading, the cards and
    # wild_as (the move generator hands out the same actions again), and writes nothing on
    # the action
    state = position(hands={0: "7S 7H 7D 9C KD"})
    action = next(a for a in legal_actions(state) if str(a) == "open 7S 7H 7D")
    assert isinstance(action, OpenMeld)
    pickled, hashed, shown = pickle.dumps(action), hash(action), repr(action)
    first = apply(state, action)
    reading = _movegen.rule_bits(CLASSIC).meld_reading
    assert laid_meld(reading, action.cards, None) == validate_meld("7S 7H 7D")
    recipe = meld_recipe(validate_meld("7S 7H 7D"), reading, action.cards)
    gc.collect()
    assert not gc.is_tracked(recipe)  # kept as integers and bytes: no work for collections
    assert apply(state, action) == first == apply(state, OpenMeld("7D 7H 7S"))
    assert first.melds[0][0] == validate_meld("7S 7H 7D")
    assert pickle.dumps(action) == pickled and hash(action) == hashed and repr(action) == shown
    assert action == OpenMeld("7S 7H 7D") and not hasattr(action, "_meld")
    # under other rules the meld is read again: here sets of sevens are not allowed
    no_sevens = attrs.evolve(CLASSIC, set_ranks=CLASSIC.set_ranks - {Rank.SEVEN})
    other = attrs.evolve(state, rules=no_sevens)
    with pytest.raises(IllegalActionError) as caught:
        apply(other, action)
    assert caught.value.reason is Reason.SET_RANK_NOT_ALLOWED
    assert laid_meld(_movegen.rule_bits(no_sevens).meld_reading, action.cards, None) is None
    assert apply(state, action) == first
    # rules that read melds alike (they differ only in scoring) share what was kept
    scoring_rules = attrs.evolve(CLASSIC, closing_bonus=200)
    assert _movegen.rule_bits(scoring_rules).meld_reading == reading
    assert apply(attrs.evolve(state, rules=scoring_rules), action).melds == first.melds
    # an illegal meld is refused every time, whatever was tried before, and never kept
    wrong = OpenMeld("7S 9C KD")
    for _ in range(2):
        assert rejected(state, str(wrong)).reason is Reason.MIXED_SUITS
    assert laid_meld(reading, wrong.cards, None) is None


def test_after_the_hand_is_over_nothing_is_legal() -> None:
    state = position(
        hands={0: "9S"},
        melds={0: [BURRACO]},
        taken=(True, False),
        pozzetti=["3C 3D 3H 4C 4D 4H 5C 5D 5S 6C 6D"],
    )
    over = play(state, "discard 9S")
    assert over.is_over
    assert legal_actions(over) == []
    assert rejected(over, "draw").reason is Reason.GAME_OVER


def test_non_actions_are_refused() -> None:
    state = new_game(seed=1)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, "draw")  # type: ignore[arg-type]
    assert caught.value.reason is Reason.NOT_AN_ACTION
    assert not is_legal(state, None)  # type: ignore[arg-type]


class _MyDiscard(Discard):
    """An action class of a user's own, for the test below."""


class _MyDraw(DrawStock):
    """An action class of a user's own, for the test below."""


def test_a_subclass_of_an_action_class_is_applied_as_its_base() -> None:
    # apply dispatches on the exact action classes first; a subclass takes the general path
    # and must reach the same state, and be refused for the same reasons.
    state = position(hands={0: "5H 6H 7H KD"}, phase=Phase.DRAW, stock="9C")
    assert apply(state, _MyDraw()) == apply(state, DrawStock())
    drawn = apply(state, DrawStock())
    king = parse_cards("KD")[0]
    assert apply(drawn, _MyDiscard(king)) == apply(drawn, Discard(king))
    with pytest.raises(IllegalActionError) as caught:
        apply(state, _MyDiscard(king))
    assert caught.value.reason is Reason.WRONG_PHASE
    over = play(
        position(
            hands={0: "9S"},
            melds={0: [BURRACO]},
            taken=(True, False),
            pozzetti=["3C 3D 3H 4C 4D 4H 5C 5D 5S 6C 6D"],
        ),
        "discard 9S",
    )
    with pytest.raises(IllegalActionError) as caught:
        apply(over, _MyDraw())
    assert caught.value.reason is Reason.GAME_OVER


def test_check_action_raises_like_apply() -> None:
    state = new_game(seed=1)
    check_action(state, DrawStock())
    with pytest.raises(IllegalActionError):
        check_action(state, parse_action("discard JK"))


# --- pozzetti -----------------------------------------------------------------------------------

POZZETTO_A = "KS KH KD 3C 3D 3S 8C 9C 10C QH 4D"
POZZETTO_B = "JS JH JD 5C 5D 5S 6H 7H 8H 9D 10D"


def test_pozzetto_directly_then_melding_from_it_in_the_same_turn() -> None:
    state = position(hands={0: "5H 6H 7H"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    state = play(state, "open 5H 6H 7H")
    assert state.pozzetto_taken == (True, False)
    assert state.hands[0] == tuple(sorted(parse_cards(POZZETTO_A)))
    assert (state.phase, state.turn, state.pozzetti) == (Phase.PLAY, 0, (parse_cards(POZZETTO_B),))
    assert observe(state, 0).hand == state.hands[0]
    state = play(state, "open KS KH KD", "discard 4D")
    assert state.turn == 1
    assert_conserved(state)


def test_pozzetto_on_the_discard_is_unseen_until_the_partners_next_discard() -> None:
    state = position(
        hands={0: "5H 6H 7H 9S"}, pozzetti=[POZZETTO_A, POZZETTO_B], stock="2C 3H AC AD"
    )
    state = play(state, "open 5H 6H 7H", "discard 9S")
    assert state.hands[0] == tuple(sorted(parse_cards(POZZETTO_A)))
    assert (state.turn, state.phase, state.unseen_pozzetto) == (1, Phase.DRAW, (0,))
    assert observe(state, 0).hand is None
    assert observe(state, 0).hand_sizes[0] == 11
    opponent = state.hands[1][0]
    state = play(state, "draw", f"discard {opponent}")
    assert state.unseen_pozzetto == (0,)
    partner = state.hands[2][0]
    state = play(state, "draw", f"discard {partner}")
    assert state.unseen_pozzetto == ()
    assert observe(state, 0).hand == tuple(sorted(parse_cards(POZZETTO_A)))


def test_with_two_players_the_pozzetto_is_seen_at_the_next_turn() -> None:
    rules = attrs.evolve(CLASSIC, players=2)
    state = position(rules, hands={0: "5H 6H 7H 9S"}, pozzetti=[POZZETTO_A, POZZETTO_B])
    state = play(state, "open 5H 6H 7H", "discard 9S")
    assert state.unseen_pozzetto == (0,)
    state = play(state, "draw", f"discard {state.hands[1][0]}")
    assert (state.turn, state.unseen_pozzetto) == (0, ())


def test_the_second_team_takes_the_next_pozzetto_and_a_team_takes_only_one() -> None:
    state = position(
        hands={0: "5H 6H 7H 9S", 1: "8D 9D 10D"},
        pozzetti=[POZZETTO_A, POZZETTO_B],
        stock="JD",
    )
    state = play(state, "open 5H 6H 7H", "discard 9S", "draw", "open 8D 9D 10D JD")
    assert state.pozzetto_taken == (True, True)
    assert state.pozzetti == ()
    assert state.hands[1] == tuple(sorted(parse_cards(POZZETTO_B)))


def test_a_partner_cannot_take_a_second_pozzetto() -> None:
    state = position(hands={2: "5H 6H 7H"}, turn=2, taken=(True, False), pozzetti=[POZZETTO_B])
    error = rejected(state, "open 5H 6H 7H")
    assert error.reason is Reason.MUST_KEEP_A_CARD


# --- closing ------------------------------------------------------------------------------------


def ready(
    rules: Rules = CLASSIC, hand: str = "9S", melds: tuple[str, ...] = (BURRACO,)
) -> GameState:
    """Team 0 has its pozzetto; seat 0 is to play with ``hand``."""
    return position(rules, hands={0: hand}, melds={0: list(melds)}, taken=(True, False))


def test_closing_with_every_condition_met_ends_the_hand() -> None:
    state = play(ready(), "discard 9S")
    assert (state.phase, state.outcome) == (Phase.OVER, Outcome(EndReason.CLOSED, 0))
    assert state.discard_pile[-1] == parse_cards("9S")[0]


def test_closing_needs_a_burraco() -> None:
    state = ready(melds=("4S 5S 6S 7S 8S 9S",))
    assert rejected(state, "discard 9S").reason is Reason.CLOSING_NEEDS_BURRACO


def test_closing_needs_the_pozzetto() -> None:
    state = position(hands={0: "9S"}, melds={0: [BURRACO]}, taken=(False, True), pozzetti=[])
    assert rejected(state, "discard 9S").reason is Reason.CLOSING_NEEDS_POZZETTO


def test_closing_discard_may_not_be_wild() -> None:
    for wild in ("JK", "2C"):
        assert rejected(ready(hand=wild), f"discard {wild}").reason is Reason.CLOSING_DISCARD_WILD
    lenient = attrs.evolve(CLASSIC, closing_discard_may_be_wild=True)
    assert play(ready(lenient, hand="JK"), "discard JK").outcome == Outcome(EndReason.CLOSED, 0)


def test_international_closing_needs_a_clean_burraco() -> None:
    dirty = ready(INTERNATIONAL, melds=(DIRTY_BURRACO,))
    assert rejected(dirty, "discard 9S").reason is Reason.CLOSING_NEEDS_CLEAN_BURRACO
    assert play(ready(INTERNATIONAL), "discard 9S").outcome == Outcome(EndReason.CLOSED, 0)
    assert play(ready(CLASSIC, melds=(DIRTY_BURRACO,)), "discard 9S").is_over


def test_closing_with_a_burraco_completed_in_the_same_turn() -> None:
    state = ready(hand="10S JS 9D", melds=("4S 5S 6S 7S 8S 9S",))
    state = play(state, "add 0 10S JS", "discard 9D")
    assert state.outcome == Outcome(EndReason.CLOSED, 0)


def test_melding_every_card_is_refused_once_the_pozzetto_is_taken() -> None:
    state = ready(hand="5H 6H 7H")
    error = rejected(state, "open 5H 6H 7H")
    assert error.reason is Reason.MUST_KEEP_A_CARD
    assert "keep a card to discard" in str(error)


def test_a_meld_that_would_leave_an_undiscardable_card_is_refused() -> None:
    assert rejected(ready(hand="5H 6H 7H JK"), "open 5H 6H 7H").reason is Reason.MUST_KEEP_A_CARD
    no_burraco = ready(hand="5H 6H 7H 9C", melds=("4S 5S 6S",))
    error = rejected(no_burraco, "open 5H 6H 7H")
    assert error.reason is Reason.MUST_KEEP_A_CARD
    assert "could not be discarded to close" in str(error)
    assert play(ready(hand="5H 6H 7H 9C"), "open 5H 6H 7H", "discard 9C").is_over


def test_the_player_to_act_always_has_a_legal_discard_after_legal_melds() -> None:
    state = ready(hand="5H 6H 7H JK", melds=("4S 5S 6S",))
    for action in legal_actions(state):
        after = apply(state, action)
        if not after.is_over:
            assert legal_actions(after)


# --- other ends of a hand -----------------------------------------------------------------------


def test_the_stock_ends_after_the_turn_of_the_draw_that_leaves_two_cards() -> None:
    state = position(hands={0: "5H 6H 9S"}, phase=Phase.DRAW, stock="7H 3C 3D", exact_stock=True)
    state = play(state, "draw")
    assert (state.phase, state.is_last_turn, len(state.stock)) == (Phase.PLAY, True, 2)
    state = play(state, "open 5H 6H 7H")
    assert state.pozzetto_taken[0] is False
    over = play(state, "discard 9S")
    assert over.outcome == Outcome(EndReason.STOCK_EXHAUSTED)
    assert len(over.stock) == 2


def test_the_stock_ends_at_once_when_stock_end_is_immediately() -> None:
    rules = attrs.evolve(CLASSIC, stock_end=StockEnd.IMMEDIATELY)
    state = position(
        rules, hands={0: "5H 6H 9S"}, phase=Phase.DRAW, stock="7H 3C 3D", exact_stock=True
    )
    state = play(state, "draw")
    assert state.outcome == Outcome(EndReason.STOCK_EXHAUSTED)
    assert legal_actions(state) == []


def test_a_closing_in_the_stocks_last_turn_is_a_closing() -> None:
    state = position(
        hands={0: "10H 3C"},
        melds={0: [BURRACO, "7H 8H 9H"]},
        taken=(True, False),
        phase=Phase.DRAW,
        stock="JH 3D 3H",
        exact_stock=True,
    )
    state = play(state, "draw", "add 1 10H JH")
    assert state.is_last_turn
    assert play(state, "discard 3C").outcome == Outcome(EndReason.CLOSED, 0)


def test_taking_the_pile_does_not_shrink_the_stock() -> None:
    state = position(
        hands={0: "5H"}, phase=Phase.DRAW, stock="7H 3C 3D", exact_stock=True, pile="9C"
    )
    state = play(state, "pick", "discard 9C")
    assert (state.is_over, len(state.stock)) == (False, 3)


def test_stalemate_after_a_full_round_of_one_card_pile_swaps() -> None:
    state = position(
        hands={0: "5H", 1: "6H", 2: "7H", 3: "8H"}, phase=Phase.DRAW, pile="9C", stock="AS AH AD AC"
    )
    for seat in range(4):
        assert not state.is_over
        state = play(state, "pick", f"discard {state.hands[seat][0]}")
    assert state.outcome == Outcome(EndReason.STALEMATE)


def test_a_draw_or_a_meld_breaks_the_stalemate_count() -> None:
    state = position(
        hands={0: "5H", 1: "6H", 2: "7H", 3: "8H 9H"},
        phase=Phase.DRAW,
        pile="10H",
        stock="AS AH AD AC",
    )
    state = play(state, "pick", "discard 5H", "pick", "discard 6H", "pick", "discard 7H")
    assert state.stalemate_turns == 3
    state = play(state, "pick", "open 7H 8H 9H")
    state = play(state, f"discard {state.hands[3][0]}")
    assert (state.stalemate_turns, state.is_over) == (0, False)
    state = play(state, "draw", f"discard {state.hands[0][0]}")
    assert state.stalemate_turns == 0


def test_international_taking_the_pile_obliges_a_meld() -> None:
    useless = position(INTERNATIONAL, hands={0: "5H 9S"}, phase=Phase.DRAW, pile="KC")
    assert rejected(useless, "pick").reason is Reason.PILE_REQUIRES_MELD
    assert [str(a) for a in legal_actions(useless)] == ["draw"]
    useful = position(INTERNATIONAL, hands={0: "5H 6H 9S"}, phase=Phase.DRAW, pile="7H")
    picked = play(useful, "pick")
    assert rejected(picked, "discard 9S").reason is Reason.PILE_REQUIRES_MELD
    assert not any(str(a).startswith("discard") for a in legal_actions(picked))
    assert play(picked, "open 5H 6H 7H", "discard 9S").turn == 1
    assert (
        play(
            position(CLASSIC, hands={0: "5H 9S"}, phase=Phase.DRAW, pile="KC"), "pick", "discard KC"
        ).turn
        == 1
    )


def test_reserve_stock_variant_turns_a_pozzetto_into_stock() -> None:
    german = attrs.evolve(CLASSIC, pozzetti_as_reserve_stock=True)
    state = position(
        german,
        hands={0: "5H 6H 9S"},
        phase=Phase.DRAW,
        stock="7H 3C 3D",
        exact_stock=True,
        pozzetti=[POZZETTO_A, POZZETTO_B],
        dealer=3,
    )
    state = play(state, "draw")
    assert len(state.stock) == 13
    assert state.stock == parse_cards(POZZETTO_A) + parse_cards("3C 3D")
    assert (state.pozzetti, state.is_last_turn) == ((parse_cards(POZZETTO_B),), False)
    state = play(state, "discard 9S")
    assert not state.is_over


def test_without_reserve_the_same_draw_ends_the_hand() -> None:
    state = position(
        hands={0: "5H 6H 9S"},
        phase=Phase.DRAW,
        stock="7H 3C 3D",
        exact_stock=True,
        pozzetti=[POZZETTO_A, POZZETTO_B],
    )
    assert play(state, "draw", "discard 9S").outcome == Outcome(EndReason.STOCK_EXHAUSTED)


def test_a_team_left_without_a_pozzetto_can_never_empty_its_hand() -> None:
    german = attrs.evolve(CLASSIC, pozzetti_as_reserve_stock=True)

    def seat_0_holding(hand: str) -> GameState:
        return position(
            german, hands={0: hand}, melds={0: [BURRACO]}, pozzetti=[], taken=(False, True)
        )

    assert (
        rejected(seat_0_holding("5H 6H 7H 9S"), "open 5H 6H 7H").reason is Reason.MUST_KEEP_A_CARD
    )
    assert rejected(seat_0_holding("9S"), "discard 9S").reason is Reason.CLOSING_NEEDS_POZZETTO
    state = seat_0_holding("5H 6H 7H 9S 9C")
    opens = [a for a in legal_actions(state) if isinstance(a, OpenMeld)]
    assert [str(a) for a in opens] == ["open 5H 6H 7H"]
    assert play(state, "open 5H 6H 7H", "discard 9S").hands[0] == parse_cards("9C")


# --- 2 and 6 players ----------------------------------------------------------------------------


def test_six_players_play_in_three_teams_with_three_packs() -> None:
    rules = attrs.evolve(CLASSIC, players=6)
    state = position(
        rules,
        hands={0: "5H 6H 7H 7H"},
        pozzetti=[POZZETTO_A, POZZETTO_B, "QS QH QD QC 4S 4H 4C 6S 6D 6C 8S"],
    )
    state = play(state, "open 5H 6H 7H", "discard 7H")
    assert state.unseen_pozzetto == (0,)
    for seat in range(1, 4):
        assert state.unseen_pozzetto == (0,)
        state = play(state, "draw", f"discard {state.hands[seat][0]}")
    assert state.unseen_pozzetto == ()
    assert state.turn == 4
    assert len(state.pozzetti) == 2


def test_two_players_each_is_a_team() -> None:
    rules = attrs.evolve(CLASSIC, players=2)
    state = new_game(rules, seed=5)
    state = play(state, "draw", f"discard {state.hands[1][0]}")
    assert (state.turn, state.current_team) == (0, 0)
    assert_conserved(state)


def test_state_table_is_readable() -> None:
    state = position(
        hands={0: "5H 6H 9S"}, melds={0: [BURRACO], 1: ["QC KC AC"]}, taken=(True, False), pile="3C"
    )
    text = str(state)
    assert "seat 0 to play" in text
    assert "[0] 4S 5S 6S 7S 8S 9S 10S   burraco clean" in text
    assert "team 0 (seats 0, 2), pozzetto taken" in text
    assert "*seat 0 (3): 9S 5H 6H" in text
    assert "discard pile (1, top last): 3C" in text
    assert format_cards(parse_cards("3C")) in text


def test_equal_positions_are_equal_values() -> None:
    a = position(hands={0: "6H 5H 9S"})
    b = position(hands={0: "9S 5H 6H"})
    assert a == b
    assert hash(a) == hash(b)
    assert isinstance(a.hands[0][0], Card)


# --- the ace-high reading and membership ----------------------------------------------------------


def test_legal_actions_offer_the_ace_high_sequence_with_its_own_two() -> None:
    state = position(hands={0: "QH KH AH 2H 9C"})
    offered = legal_actions(state)
    for move in ("open QH KH AH 2H", "open KH AH 2H", "open QH AH 2H", "open QH KH 2H"):
        assert parse_action(move) in list(offered)
    after = play(state, "open QH KH AH 2H")
    assert [str(meld) for meld in after.melds[0]] == ["2H=JH QH KH AH"]
    grown = position(hands={0: "AH 9C"}, melds={0: ["10H JH QH 2H=KH"]})
    assert "add 0 AH" in [str(action) for action in legal_actions(grown)]
    assert str(play(grown, "add 0 AH").melds[0][0]) == "10H JH QH 2H=KH AH"


def test_international_pile_may_be_taken_for_an_ace_high_sequence_with_its_own_two() -> None:
    state = position(INTERNATIONAL, hands={0: "KH 2H 9S"}, phase=Phase.DRAW, pile="AH")
    assert [str(action) for action in legal_actions(state)] == ["draw", "pick"]
    picked = play(state, "pick")
    assert parse_action("open KH AH 2H") in list(legal_actions(picked))


def test_membership_agrees_with_is_legal_for_every_spelling() -> None:
    state = position(hands={0: "5H 6H JK 9C"}, melds={0: ["7D 8D 9D"]})
    actions = legal_actions(state)
    named_default = OpenMeld("5H 6H JK", wild_as=Rank.SEVEN)
    assert is_legal(state, named_default)
    assert named_default not in list(actions)
    assert named_default in actions
    meld = state.melds[0][0]
    by_meld = AddToMeld(meld, parse_cards("JK"))
    assert is_legal(state, by_meld) and by_meld in actions
    assert OpenMeld("5H 6H JK", wild_as=Rank.FOUR) in actions
    assert OpenMeld("5H 6H JK", wild_as=Rank.NINE) not in actions
    assert AddToMeld(5, parse_cards("JK")) not in actions
    assert isinstance(actions, list) and actions == list(actions)


def test_canonical_action_gives_the_listed_spelling() -> None:
    state = position(hands={0: "5H 6H JK 9C"}, melds={0: ["7D 8D 9D"]})
    listed = legal_actions(state)
    assert canonical_action(state, OpenMeld("JK 6H 5H", wild_as=Rank.SEVEN)) == OpenMeld("5H 6H JK")
    four = OpenMeld("5H 6H JK", wild_as=Rank.FOUR)
    assert canonical_action(state, four) == four
    by_meld = AddToMeld(state.melds[0][0], parse_cards("JK"), wild_as=Rank.TEN)
    assert canonical_action(state, by_meld) == AddToMeld(0, parse_cards("JK"))
    for action in listed:
        assert canonical_action(state, action) == action
    with pytest.raises(IllegalActionError):
        canonical_action(state, OpenMeld("5H 6H 9C"))


def test_membership_agrees_with_is_legal_in_random_games() -> None:
    for seed in range(3):
        state = new_game(seed=seed)
        for _ in range(60):
            actions = legal_actions(state)
            if not actions:
                break
            for action in actions:
                if isinstance(action, OpenMeld) and action.wild_as is None:
                    meld = validate_meld(action.cards)
                    if meld.wild_as is not None:
                        spelled = OpenMeld(action.cards, wild_as=meld.wild_as)
                        assert spelled in actions and is_legal(state, spelled)
                if isinstance(action, AddToMeld):
                    assert isinstance(action.meld, int)
                    target = state.melds[state.current_team][action.meld]
                    spelled_add = AddToMeld(target, action.cards, wild_as=action.wild_as)
                    assert spelled_add in actions
            state = apply(state, actions[(seed * 7 + len(actions)) % len(actions)])


def test_new_state_is_the_constructor_by_keyword() -> None:
    states = [state for state, _ in random_play(CLASSIC, 21)]
    for state in states:
        fields = {field.name: getattr(state, field.name) for field in attrs.fields(GameState)}
        built = new_state(**fields)
        assert built == state and hash(built) == hash(state)
        assert type(built) is GameState and built is not state
    first = states[0]
    fields = {field.name: getattr(first, field.name) for field in attrs.fields(GameState)}
    fields["known"] = ()  # none given: nothing known for every seat, as GameState()
    assert new_state(**fields).known == ((),) * first.players
    assert GameState(**fields).known == ((),) * first.players


def test_new_state_takes_keywords_only_and_defaults_a_turn_just_begun() -> None:
    state = new_game(seed=5)
    built = new_state(
        rules=state.rules,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hands=state.hands,
        melds=state.melds,
        stock=state.stock,
        discard_pile=state.discard_pile,
        pozzetti=state.pozzetti,
        pozzetto_taken=state.pozzetto_taken,
    )
    assert built == state
    given = [getattr(state, field.name) for field in attrs.fields(GameState)]
    with pytest.raises(TypeError):
        new_state(*given)  # type: ignore[call-arg]


def test_from_fields_is_deprecated_and_still_the_constructor() -> None:
    state = apply(new_game(seed=21), DrawStock())
    fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
    with pytest.warns(
        DeprecationWarning, match=r"from_fields is deprecated: .*GameState\(\.\.\.\)"
    ):
        built = GameState.from_fields(*fields)
    assert built == state and type(built) is GameState


def test_a_state_from_fields_is_frozen_and_whole() -> None:
    # new_state fills a plain slots object and then makes it a GameState: the result must
    # be a GameState in every way (frozen, pickled, weakly referenced, all fields set)
    state = apply(new_game(seed=3), DrawStock())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 0  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del state.stock
    assert pickle.loads(pickle.dumps(state)) == state
    assert weakref.ref(state)() is state
    assert attrs.evolve(state, turn=0).turn == 0 and state.turn != 0
    slots = GameState.__mro__[1].__dict__["__slots__"]
    fields = {field.name for field in attrs.fields(GameState)}
    # one slot is no field: the move generator's facts of the melds (state.meld_facts)
    assert fields | {"__weakref__", "_meld_facts"} == set(slots)


def test_the_meld_facts_a_state_carries_are_those_of_its_melds() -> None:
    # apply works the facts out for the one meld an action lays or grows and passes the
    # others on: they must be what the generator reads of the melds themselves
    checked = 0
    for state, _ in random_play(CLASSIC, 31):
        facts = meld_facts(state)
        assert facts is not None
        assert facts == tuple(_movegen.team_melds_info(melds) for melds in state.melds)
        checked += sum(len(melds) for melds in state.melds)
    assert checked > 0


def test_the_meld_facts_change_nothing_of_a_states_value() -> None:
    # the facts are no field: a state built without them (the constructor, a pickle, a copy)
    # is equal, hashes alike, and has the same legal actions, worked out from its melds
    for state, _ in random_play(CLASSIC, 32):
        fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
        for other in (GameState(*fields), pickle.loads(pickle.dumps(state))):
            assert meld_facts(other) is None
            assert other == state and hash(other) == hash(state) and repr(other) == repr(state)
            assert legal_actions(other) == legal_actions(state)
            if legal_actions(state):
                action = legal_actions(state)[0]
                after = apply(other, action)
                assert after == apply(state, action)
                assert meld_facts(after) in (None, meld_facts(apply(state, action)))


def test_from_fields_builds_only_game_states() -> None:
    @attrs.frozen
    class Marked(GameState):
        mark: str = "x"

    state = new_game(seed=4)
    fields = [getattr(state, field.name) for field in attrs.fields(GameState)]
    with (
        pytest.warns(DeprecationWarning, match="from_fields is deprecated"),
        pytest.raises(TypeError, match="builds GameState values only, not Marked"),
    ):
        Marked.from_fields(*fields)


# --- rules §13.1: the one-card pile ----------------------------------------------------------


def one_card_pick(rules: Rules, hand: str, pile: str = "7H") -> GameState:
    """Seat 0 has taken a discard pile of ``pile`` holding ``hand`` before."""
    state = position(rules, hands={0: hand}, pile=pile, phase=Phase.DRAW)
    return play(state, "pick")


def test_a_one_card_pile_may_not_be_discarded_again_in_the_same_turn() -> None:
    state = one_card_pick(FIBUR, "5S 9C")
    assert state.pile_card == parse_cards("7H")[0]
    before = state
    with pytest.raises(IllegalActionError) as caught:
        play(state, "discard 7H")
    assert caught.value.reason is Reason.PILE_CARD_RETURNED
    assert "discard another card" in str(caught.value)
    assert state == before
    assert [str(action) for action in legal_actions(state)] == ["discard 5S", "discard 9C"]
    assert not is_legal(state, Discard(parse_cards("7H")[0]))
    assert play(state, "discard 9C").pile_card is None


def test_the_classic_rules_let_a_one_card_pile_be_discarded_again() -> None:
    state = one_card_pick(CLASSIC, "5S 9C")
    assert state.pile_card is None
    assert play(state, "discard 7H").discard_pile == parse_cards("7H")


def test_a_copy_held_before_the_pick_may_be_discarded() -> None:
    state = one_card_pick(FIBUR, "7H 9C")
    assert state.pile_card is None
    assert "discard 7H" in [str(action) for action in legal_actions(state)]


def test_a_pile_of_two_cards_may_be_discarded_again() -> None:
    state = one_card_pick(FIBUR, "5S 9C", pile="8D 7H")
    assert state.pile_card is None
    assert is_legal(state, parse_action("discard 7H"))


def test_a_meld_may_not_leave_the_one_card_pile_as_the_only_card() -> None:
    state = one_card_pick(FIBUR, "4S 5S 6S", pile="9H")
    with pytest.raises(IllegalActionError) as caught:
        play(state, "open 4S 5S 6S")
    assert caught.value.reason is Reason.MUST_KEEP_A_CARD
    assert "9H" in str(caught.value)
    assert "open 4S 5S 6S" not in [str(action) for action in legal_actions(state)]
    classic = one_card_pick(CLASSIC, "4S 5S 6S", pile="9H")
    assert "open 4S 5S 6S" in [str(action) for action in legal_actions(classic)]


def test_melding_the_one_card_pile_lifts_the_rule() -> None:
    state = play(one_card_pick(INTERNATIONAL, "5H 6H 9C 9D"), "open 5H 6H 7H")
    assert state.pile_card is None
    assert {"discard 9C", "discard 9D"} <= {str(action) for action in legal_actions(state)}


@pytest.mark.parametrize("rules", [FIBUR, INTERNATIONAL, FEBURIT, REALE])
def test_the_one_card_pile_rule_leaves_a_legal_action_in_random_play(rules: Rules) -> None:
    picks = 0
    for seed in range(40):
        for state, _action in random_play(rules, seed):
            assert legal_actions(state)
            if state.pile_card is not None:
                picks += 1
                assert Discard(state.pile_card) not in legal_actions(state)
    assert picks > 0


# --- rules §13.2: time-out -------------------------------------------------------------------


def test_after_time_is_called_every_seat_plays_one_more_turn() -> None:
    state = call_time_out(new_game(seed=7))
    assert (state.turn, state.time_out_turns) == (1, 4)
    seats = []
    while not state.is_over:
        seats.append(state.turn)
        state = apply(state, DrawStock())
        state = apply(state, Discard(state.hand[-1]))
    assert seats == [1, 2, 3, 0]
    assert state.outcome == Outcome(EndReason.TIME_OUT)
    assert all(team.closing_bonus == 0 for team in score_hand(state).teams)
    assert all(team.in_hand < 0 for team in score_hand(state).teams)


def test_the_turn_in_progress_counts_as_the_callers_last() -> None:
    state = call_time_out(apply(new_game(seed=7), DrawStock()))
    assert state.time_out_turns == 4
    for _ in range(3):
        state = apply(state, Discard(state.hand[-1]))
        state = apply(state, DrawStock())
    assert not state.is_over and state.time_out_turns == 1
    assert apply(state, Discard(state.hand[-1])).outcome == Outcome(EndReason.TIME_OUT)


def test_a_closing_in_the_last_round_scores_as_usual() -> None:
    state = call_time_out(ready())
    closed = play(state, "discard 9S")
    assert closed.outcome == Outcome(EndReason.CLOSED, 0)
    assert score_hand(closed).teams[0].closing_bonus == 100


def test_calling_time_again_or_after_the_end_changes_nothing() -> None:
    state = call_time_out(new_game(seed=7))
    assert call_time_out(state) is state
    state = apply(apply(state, DrawStock()), Discard(state.hands[1][0]))
    assert call_time_out(state).time_out_turns == 3
    over = play(ready(), "discard 9S")
    assert call_time_out(over) is over


def test_time_out_shows_in_views_and_tables() -> None:
    state = call_time_out(new_game(seed=7))
    assert observe(state, 2).time_out_turns == 4
    assert "time called (4 turns left)" in str(state)
    assert "time called (4 turns left)" in str(observe(state, 2))


def test_nothing_is_offered_for_a_full_sequence_from_ace_to_ace() -> None:
    full = "AC 2D 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"  # 2D stands for 2C
    state = position(REALE, hands={0: "2C 4H 5H"}, melds={0: [full]})
    assert str(state.melds[0][0]) == "AC 2D=2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    assert not any(isinstance(action, AddToMeld) for action in legal_actions(state))
    assert not is_legal(state, parse_action("add 0 2C"))
