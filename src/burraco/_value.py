"""A position's worth to a team, fitted to played hands (private): what
:func:`burraco.search.expected_lead` computes.

The search cuts its rollouts off a few turns on and must say what the table is worth then.
Scoring the hand as it stands (:func:`burraco._rollout.evaluate`) misjudges what is still in
play: a wild card in hand, cards that may yet be melded, a pozzetto about to be taken, a team
one discard from closing. Here the worth is a least-squares fit instead: thousands of hands
played by greedy players at every seat (the search's own rollout policy), each position at
the start of a turn recorded with how the hand ended, and the team's final lead over the
other teams fitted on a few differences between the teams, with one set of weights per
quarter of the stock. ``benchmarks/value_fit.py`` in the repository makes the fit and prints
:data:`WEIGHTS`.
"""

from __future__ import annotations

from typing import Final

from burraco._greedy import has_closing_burraco
from burraco._points import table_points
from burraco._rollout import evaluate
from burraco.state import GameState

__all__ = ["FEATURES", "WEIGHTS", "expected_lead", "features", "stage"]

FEATURES: Final = (
    "table",
    "hand_points",
    "hand_cards",
    "no_pozzetto",
    "may_close",
    "close_near",
    "pozzetto_near",
    "six",
    "five",
    "wilds",
    "to_move",
)
"""What the fit weighs, each as the team's figure minus the mean of the other teams': the
points on the table (melds and burraco bonuses); the points and the number of the cards in
its hands; whether it has yet to take its pozzetto; whether it may close (its pozzetto and a
burraco the rules accept); whether it may close with a seat down to two cards or fewer;
whether a seat is down to two cards or fewer with its pozzetto still to take; its melds of 6
cards and of 5 cards (a card or two from a burraco); the wild cards in its hands; and
whether it is to move (+1, else -1)."""

STAGES: Final = 4
"""The stages of the stock the weights change with: more than three quarters of the stock
left after the deal, more than half, more than a quarter, and the rest."""

WEIGHTS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    4: (
        (1.01, 0.13, -0.29, -99.41, 26.58, 44.49, 58.26, 48.48, 16.04, 39.51, 19.0),
        (1.13, 0.11, 8.44, -80.24, -11.24, 82.56, 82.38, 41.51, 14.73, 28.01, 25.31),
        (1.13, -0.3, 11.26, -86.1, -24.22, 76.84, 78.81, 34.09, 16.85, 31.97, 31.62),
        (1.08, 0.05, 8.32, -124.74, -7.66, 66.78, 100.43, 25.91, 17.39, 28.69, 34.92),
    ),
    2: (
        (1.54, 0.46, 11.23, 99.99, 27.36, 73.07, 2.49, 85.1, 40.47, 6.24, 10.35),
        (1.36, 0.51, 7.99, 117.85, 19.7, 85.13, 10.99, 64.79, 30.93, 13.7, 16.11),
        (1.15, 0.4, 9.09, 116.88, 19.09, 81.07, 28.17, 54.12, 26.87, 15.26, 22.79),
        (1.07, 1.22, 11.34, -12.6, -6.97, 96.51, 120.28, 43.55, 20.27, -20.58, 27.89),
    ),
    3: (
        (1.42, 0.28, 3.12, -16.14, 21.28, 75.55, 11.05, 69.7, 31.82, 23.82, 52.11),
        (1.63, 0.51, 6.56, 57.52, -6.57, 80.25, 32.25, 65.46, 31.01, 28.32, 54.03),
        (1.39, 0.32, 7.01, 17.44, -6.35, 84.85, 72.78, 51.04, 25.46, 31.34, 55.53),
        (1.21, 0.24, 9.17, -58.34, -14.33, 75.69, 94.06, 29.46, 9.87, 18.23, 55.5),
    ),
    6: (
        (0.94, 0.28, -7.49, -210.89, -12.34, 58.66, 59.96, 35.72, 20.99, 38.37, 72.23),
        (1.11, 0.23, 2.98, -148.44, -56.41, 88.8, 85.39, 42.51, 20.24, 30.29, 74.48),
        (1.14, -0.21, 6.87, -113.28, -68.85, 77.69, 70.43, 33.04, 16.18, 50.64, 79.46),
        (1.22, 4.37, -24.88, -265.74, -178.99, 136.23, 216.39, 77.94, 35.82, -76.75, 82.71),
    ),
}
"""Per number of players, one row of weights (in the order of :data:`FEATURES`) per stage of
the stock (:data:`STAGES`), fitted under the classic rules with that many players."""


def stage(state: GameState) -> int:
    """The stage of the stock: 0 while more than three quarters of it is left, ..., 3 when a
    quarter or less is."""
    full = state.rules.stock_size
    left = len(state.stock)
    if 4 * left > 3 * full:
        return 0
    if 2 * left > full:
        return 1
    if 4 * left > full:
        return 2
    return 3


def _team(state: GameState, team: int, table: int) -> list[float]:
    """One team's figures, in the order of :data:`FEATURES` (but ``to_move``)."""
    hands = state.hands
    melds = state.melds[team]
    points = cards = wilds = 0
    fewest = 1_000
    for seat in range(team, len(hands), len(state.melds)):
        hand = hands[seat]
        cards += len(hand)
        fewest = min(fewest, len(hand))
        for card in hand:
            points += card.points
            if card.is_joker or card.is_two:
                wilds += 1
    six = five = 0
    for meld in melds:
        length = len(meld.cards)
        if length == 6:
            six += 1
        elif length == 5:
            five += 1
    taken = state.pozzetto_taken[team]
    may_close = taken and has_closing_burraco(melds, state.rules)
    near = fewest <= 2
    return [
        float(table),
        float(points),
        float(cards),
        0.0 if taken else 1.0,
        1.0 if may_close else 0.0,
        1.0 if may_close and near else 0.0,
        1.0 if not taken and near and state.pozzetti else 0.0,
        float(six),
        float(five),
        float(wilds),
    ]


def features(state: GameState, team: int) -> list[float]:
    """``team``'s figures minus the mean of the other teams', in the order of
    :data:`FEATURES`."""
    teams = len(state.melds)
    tables = table_points(state.melds, state.rules)
    mine = _team(state, team, tables[team])
    others = [_team(state, other, tables[other]) for other in range(teams) if other != team]
    share = 1.0 / len(others)
    out = [
        value - share * sum(theirs[index] for theirs in others) for index, value in enumerate(mine)
    ]
    out.append(1.0 if state.turn % teams == team else -1.0)
    return out


def expected_lead(state: GameState, team: int) -> float:
    """``team``'s expected lead in points over the best other team when the hand ends: exact
    if it has ended, else the fitted weights of the number of players and the stage of the
    stock applied to :func:`features`."""
    if state.is_over:
        return evaluate(state, team)  # scored exactly
    weights = WEIGHTS[state.rules.players][stage(state)]
    return sum([w * x for w, x in zip(weights, features(state, team), strict=True)])
