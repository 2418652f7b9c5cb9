"""``str(view)``: the table as one seat sees it, laid out like ``str(state)``."""

from __future__ import annotations

from burraco import DrawStock, GreedyAgent, apply, legal_actions, new_game, observe, svg
from burraco.cards import format_cards
from tests.golden_svg import position


def test_a_view_prints_like_the_state_with_the_hidden_hands_as_counts() -> None:
    state = apply(new_game(seed=2), DrawStock())
    text = str(observe(state, 3))
    assert text.splitlines() == [
        "classic, 4 players, dealer seat 0: seat 1 to play (seen by seat 3)",
        f"stock 40, pozzetti left 2, discard pile (1, top last): {state.discard_pile[0]}",
        "team 0 (seats 0, 2), pozzetto not taken, 0 on the table",
        "team 1 (seats 1, 3), pozzetto not taken, 0 on the table",
        " seat 0 (11)",
        "*seat 1 (12)",
        " seat 2 (11)",
        f" seat 3 (11), you: {format_cards(state.hands[3])}",
    ]


def test_a_view_shows_every_meld_with_its_burraco_mark_and_no_hidden_card() -> None:
    state, _ = position(7, 61)
    for seat in range(4):
        text = str(observe(state, seat))
        table = str(state)
        melds = [line for line in table.splitlines() if line.startswith("  [")]
        assert [line for line in text.splitlines() if line.startswith("  [")] == melds
        hands = text.splitlines()[-4:]
        for other, line in enumerate(hands):
            if other != seat:
                known = state.known[other]
                shown = f", known: {format_cards(known)}" if known else ""
                assert line[1:] == f"seat {other} ({len(state.hands[other])}){shown}"


def test_a_view_of_an_unseen_pozzetto_says_so_and_shows_no_card() -> None:
    state = new_game(seed=0)
    while not state.unseen_pozzetto:  # greedy play takes a pozzetto on the discard at action 70
        state = apply(state, GreedyAgent().choose(observe(state, state.turn), legal_actions(state)))
    (seat,) = state.unseen_pozzetto
    line = next(line for line in str(observe(state, seat)).splitlines() if f"seat {seat} (" in line)
    assert line == f" seat {seat} (11) (pozzetto, not looked at), you"


def test_a_view_shows_the_cards_everyone_knows_another_seat_holds() -> None:
    state = new_game(seed=5)
    while True:
        state = apply(state, GreedyAgent().choose(observe(state, state.turn), legal_actions(state)))
        if state.known[2] and state.turn == 0:
            break
    view = observe(state, 0)
    line = str(view).splitlines()[-2]
    assert line == f" seat 2 ({len(state.hands[2])}), known: {format_cards(view.known_cards[2])}"
    picture = svg.view(view)
    for card in view.known_cards[2]:
        assert f"<title>{card}</title>" in picture
    assert f"{len(state.hands[2])} cards, {len(view.known_cards[2])} known" in picture
