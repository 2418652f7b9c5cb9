"""A position's worth to a team, fitted to played hands (private): what
:func:`burraco.search.expected_lead` computes.

The search cuts its rollouts off a few turns on and must say what the table is worth then.
Scoring the hand as it stands (:func:`burraco._bots.rollout.evaluate`) misjudges what is still in
play: a wild card in hand, cards that may yet be melded, a pozzetto about to be taken, a team
one discard from closing. Here the worth is a least-squares fit instead: thousands of hands
played by greedy players at every seat (the search's own rollout policy), each position at
the start of a turn recorded with how the hand ended, and the team's final lead over the
other teams fitted on a few differences between the teams, with one set of weights per
quarter of the stock. The script that made the fit and printed :data:`WEIGHTS`,
``benchmarks/value_fit.py``, is in the repository's history (up to commit 881858a).
"""

from __future__ import annotations

from typing import Final

from burraco._bots.greedy import fits_alone, has_closing_burraco
from burraco._bots.rollout import evaluate
from burraco.state import GameState
from burraco.views import table_points

__all__ = ["FEATURES", "WEIGHTS", "expected_lead", "features", "features_and_own", "stage"]

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
    "clean_six",
    "fitting",
    "close_one",
    "clean_burracos",
    "to_move",
    "pile",
)
"""What the fit weighs, each as the team's figure minus the mean of the other teams': the
points on the table (melds and burraco bonuses); the points and the number of the cards in
its hands; whether it has yet to take its pozzetto; whether it may close (its pozzetto and a
burraco the rules accept); whether it may close with a seat down to two cards or fewer;
whether a seat is down to two cards or fewer with its pozzetto still to take; its melds of 6
cards and of 5 cards (a card or two from a burraco); the wild cards in its hands; its clean
melds of 6 cards (a card from a clean burraco); the natural cards in its hands that one of
its melds takes as they are; whether it may close with a seat down to one card; its clean
burracos. Then two figures of the turn: whether the team is to move (+1, else -1), and the
size of the discard pile with that sign (the team to move may take it)."""

STAGES: Final = 4
"""The stages of the stock the weights change with: more than three quarters of the stock
left after the deal, more than half, more than a quarter, and the rest."""

# fmt: off
WEIGHTS: Final[dict[int, tuple[tuple[float, ...], ...]]] = {
    4: (
        (1.07, 0.06, -1.22, -26.7, 60.62, 32.02, 50.17, 57.78,
         21.91, 43.07, 25.19, 32.33, 42.74, -23.75, 5.24, 7.17),
        (1.23, 0.13, -0.29, 11.42, 34.57, 23.18, 43.87, 41.57,
         22.42, 37.14, 45.65, 39.95, 65.64, -41.77, 12.05, 5.98),
        (1.17, -0.03, 0.54, -21.59, 16.02, 20.65, 58.51, 30.03,
         18.62, 37.02, 34.5, 36.97, 77.4, -25.16, 19.94, 5.2),
        (1.12, 0.02, 0.0, -71.46, 44.68, -7.93, 53.67, 10.66,
         12.42, 31.21, 30.79, 27.26, 46.41, -5.35, 27.17, 3.31),
    ),
    2: (
        (1.54, 0.87, 6.0, 122.55, 53.24, 29.21, -15.2, 85.9,
         48.02, -10.54, 45.16, 40.1, 64.08, -63.08, -3.66, 4.91),
        (1.43, 0.57, 2.28, 149.85, 30.17, 36.61, -18.31, 57.84,
         32.85, 9.37, 26.15, 39.76, 71.39, -65.86, 11.17, 2.19),
        (1.19, -0.12, 3.64, 148.58, 31.45, 32.64, -2.5, 40.35,
         27.87, 22.36, 35.26, 39.87, 58.79, -32.82, 21.41, 0.77),
        (1.09, 1.3, -11.06, 113.9, 13.91, 23.5, 2.43, 24.84,
         14.33, -13.76, 26.3, 41.45, 42.28, -7.8, 27.32, 0.65),
    ),
    3: (
        (1.39, 0.44, 0.05, 19.66, 49.55, 18.48, 4.38, 85.51,
         42.59, 18.97, 15.46, 42.21, 76.01, -15.94, 38.4, 5.83),
        (1.68, 0.75, -1.79, 79.4, 10.33, 18.88, 12.35, 67.87,
         33.79, 21.55, 40.43, 44.84, 76.4, -73.13, 42.3, 4.94),
        (1.41, 0.52, -4.47, 41.29, 14.56, 28.81, 44.07, 48.82,
         26.66, 26.82, 43.88, 46.57, 66.43, -42.09, 47.21, 4.09),
        (1.17, -0.26, 5.01, -39.13, 12.85, 23.84, 68.0, 22.9,
         10.96, 19.79, 33.74, 36.57, 68.22, 1.36, 52.44, 1.41),
    ),
    6: (
        (0.97, 0.02, -8.22, -107.74, 37.15, 28.11, 47.38, 37.58,
         30.05, 44.5, 56.89, 40.91, 71.2, -7.75, 55.49, 8.81),
        (1.17, 0.0, -5.66, -55.44, 2.01, 11.17, 45.09, 32.69,
         26.6, 35.99, 52.75, 45.72, 86.46, -7.8, 58.19, 7.14),
        (1.15, 0.41, -10.15, -64.0, -10.57, 3.56, 48.85, 26.59,
         20.17, 24.02, 36.03, 42.41, 69.58, 5.06, 61.41, 7.44),
        (1.15, 0.41, -10.15, -64.0, -10.57, 3.56, 48.85, 26.59,
         20.17, 24.02, 36.03, 42.41, 69.58, 5.06, 61.41, 7.44),
    ),
}
# fmt: on
"""Per number of players, one row of weights (in the order of :data:`FEATURES`) per stage of
the stock (:data:`STAGES`), fitted under the classic rules with that many players on 20,000
hands (``benchmarks/value_fit.py --seed 1300``, in the repository's history). Six players
seldom reach the last quarter of the stock (a few hundred positions in 20,000 hands): that
stage has the third's weights."""


_FITTED_PLAYERS: Final = {5: 6}
"""The fit whose weights a number of players without its own borrows: five players (three
packs, as six play; rules §14) take the six players'."""


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
    """One team's figures, in the order of :data:`FEATURES` (but ``to_move`` and ``pile``)."""
    hands = state.hands
    melds = state.melds[team]
    rules = state.rules
    points = cards = wilds = fitting = 0
    fewest = 1_000
    for seat in state.partners[team]:
        hand = hands[seat]
        cards += len(hand)
        fewest = min(fewest, len(hand))
        for card in hand:
            points += card.points
            if card.is_joker or card.is_two:
                wilds += 1
            elif any(fits_alone(meld, card, rules) for meld in melds):
                fitting += 1
    six = five = clean_six = clean_burracos = 0
    for meld in melds:
        length = len(meld.cards)
        clean = meld.wild is None
        if length == 6:
            six += 1
            if clean:
                clean_six += 1
        elif length == 5:
            five += 1
        elif length >= 7 and clean:
            clean_burracos += 1
    taken = state.pozzetto_taken[team]
    may_close = taken and has_closing_burraco(melds, rules)
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
        float(clean_six),
        float(fitting),
        1.0 if may_close and fewest <= 1 else 0.0,
        float(clean_burracos),
    ]


def features(state: GameState, team: int) -> list[float]:
    """``team``'s figures minus the mean of the other teams', in the order of
    :data:`FEATURES`."""
    return features_and_own(state, team)[0]


def features_and_own(state: GameState, team: int) -> tuple[list[float], list[float]]:
    """:func:`features`, and the team's own figures (the first 14 of :data:`FEATURES`, not
    less the other teams'), which level6's network reads too."""
    teams = len(state.melds)
    tables = table_points(state.melds, state.rules)
    mine = _team(state, team, tables[team])
    others = [_team(state, other, tables[other]) for other in range(teams) if other != team]
    share = 1.0 / len(others)
    out = [
        value - share * sum(theirs[index] for theirs in others) for index, value in enumerate(mine)
    ]
    to_move = 1.0 if state.team_of(state.turn) == team else -1.0
    out.append(to_move)
    out.append(to_move * len(state.discard_pile))
    return out, mine


def expected_lead(state: GameState, team: int) -> float:
    """``team``'s expected lead in points over the best other team when the hand ends: exact
    if it has ended, else the fitted weights of the number of players and the stage of the
    stock applied to :func:`features`."""
    if state.is_over:
        return evaluate(state, team)  # scored exactly
    weights = WEIGHTS[_FITTED_PLAYERS.get(state.rules.players, state.rules.players)][stage(state)]
    return sum([w * x for w, x in zip(weights, features(state, team), strict=True)])
