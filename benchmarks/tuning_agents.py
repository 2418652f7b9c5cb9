"""Search configurations tried while tuning the levels (``module:function`` specs for duels).

Run duels from the repository root so that ``benchmarks`` imports, for example
``python benchmarks/duel_log.py benchmarks.tuning_agents:club search --deals 100 --seed 1002
--out club.json``. Each function builds an agent from a seed.
"""

from __future__ import annotations

from benchmarks.club_evaluation import ClubEvaluation
from burraco._bots.rollout import evaluate
from burraco._bots.value import FEATURES, features, stage
from burraco.inference import InferenceSampler
from burraco.search import DEFAULT_MARGIN, Evaluation, SearchAgent, expected_lead
from burraco.state import GameState


def _inferred(
    simulations: int,
    candidates: int,
    depth: int,
    seed: int | None,
    *,
    evaluation: Evaluation | None = None,
    margin: float = DEFAULT_MARGIN,
    draw_margin: float | None = None,
) -> SearchAgent:
    """The search with deals from level5's inference sampler."""
    return SearchAgent(
        simulations=simulations,
        candidates=candidates,
        depth=depth,
        seed=seed,
        sampler=InferenceSampler(discarded=0.1, refused=1.0, unmelded=0.05),
        evaluation=evaluation,
        margin=margin,
        draw_margin=draw_margin,
    )


def club(seed: int | None = None) -> SearchAgent:
    """level5's search (16 deals, inference) with the club evaluation."""
    return _inferred(16, 4, 5, seed, evaluation=ClubEvaluation())


def club_uniform(seed: int | None = None) -> SearchAgent:
    """The default search (16 uniform deals) with the club evaluation."""
    return SearchAgent(
        simulations=16, candidates=4, depth=5, seed=seed, evaluation=ClubEvaluation()
    )


def wide(seed: int | None = None) -> SearchAgent:
    """level5's search with more candidates and deals (about twice the time)."""
    return _inferred(24, 6, 5, seed, evaluation=ClubEvaluation())


def eight(seed: int | None = None) -> SearchAgent:
    """A candidate for level4: the search with 8 uniform deals and 3 candidates."""
    return SearchAgent(simulations=8, candidates=3, depth=5, seed=seed)


def doubled(seed: int | None = None) -> SearchAgent:
    """A candidate for level5: its search with 32 deals per decision instead of 16."""
    return _inferred(32, 4, 5, seed)


def broad(seed: int | None = None) -> SearchAgent:
    """A candidate for level5: 96 inferred deals, 6 candidates."""
    return _inferred(96, 6, 5, seed)


def deep(seed: int | None = None) -> SearchAgent:
    """A candidate for level5: 64 inferred deals, rollouts of 9 turns (two of the seat's own)."""
    return _inferred(64, 4, 9, seed)


def bold(seed: int | None = None) -> SearchAgent:
    """``broad`` with half the margin: another action is played when it gains 10 points."""
    return _inferred(96, 6, 5, seed, margin=10.0)


def deep32(seed: int | None = None) -> SearchAgent:
    """level5 with rollouts of 9 turns instead of 5 (to the end of the seat's turn after next)."""
    return _inferred(32, 4, 9, seed)


def _expected(
    simulations: int, candidates: int, depth: int, seed: int | None, *, margin: float = 20.0
) -> SearchAgent:
    """level5's search (inferred deals, rollouts valued by the expected lead) resized."""
    return _inferred(simulations, candidates, depth, seed, evaluation=expected_lead, margin=margin)


def fitted3(seed: int | None = None) -> SearchAgent:
    """level5 with rollouts of 3 turns and 48 deals."""
    return _expected(48, 4, 3, seed)


def expected7(seed: int | None = None) -> SearchAgent:
    """level5 with rollouts of 7 turns."""
    return _expected(32, 4, 7, seed)


def expected_wide(seed: int | None = None) -> SearchAgent:
    """level5 comparing the heuristic's 6 best actions."""
    return _expected(32, 6, 5, seed)


def expected_bold(seed: int | None = None) -> SearchAgent:
    """level5 with half the margin: another action is played when it gains 10 points."""
    return _expected(32, 4, 5, seed, margin=10.0)


def expected_more(seed: int | None = None) -> SearchAgent:
    """level5 with 64 deals, comparing the heuristic's 6 best actions."""
    return _expected(64, 6, 5, seed)


ELEVEN_WEIGHTS = (
    (1.01, 0.13, -0.29, -99.41, 26.58, 44.49, 58.26, 48.48, 16.04, 39.51, 19.0),
    (1.13, 0.11, 8.44, -80.24, -11.24, 82.56, 82.38, 41.51, 14.73, 28.01, 25.31),
    (1.13, -0.3, 11.26, -86.1, -24.22, 76.84, 78.81, 34.09, 16.85, 31.97, 31.62),
    (1.08, 0.05, 8.32, -124.74, -7.66, 66.78, 100.43, 25.91, 17.39, 28.69, 34.92),
)
"""The expected lead's first fit, of eleven features, for 4 players (commit 1688419, seed
1100): the first ten of ``burraco._bots.value.FEATURES``, then ``to_move``."""


def _weighed(
    state: GameState,
    team: int,
    weights: tuple[tuple[float, ...], ...],
    kept: tuple[int, ...] | None = None,
) -> float:
    """The expected lead with other weights than the package's, one row per stage: the hand
    scored exactly once it is over, else the weights times the features (only the features
    at the indexes ``kept``, if given)."""
    if state.is_over:
        return evaluate(state, team)
    figures = features(state, team)
    if kept is not None:
        figures = [figures[index] for index in kept]
    return sum([w * x for w, x in zip(weights[stage(state)], figures, strict=True)])


def eleven_lead(state: GameState, team: int) -> float:
    """The expected lead as its first fit had it (4 players only): the eleven features'
    weights applied to the sixteen features' first ten and ``to_move``."""
    return _weighed(state, team, ELEVEN_WEIGHTS, (*range(10), FEATURES.index("to_move")))


def eleven(seed: int | None = None) -> SearchAgent:
    """level5 as it was with the eleven features' expected lead (4 players only)."""
    return _inferred(32, 4, 5, seed, evaluation=eleven_lead)


# fmt: off
SEARCH_FIT_WEIGHTS = (
    (1.12, -0.2, 4.15, 8.78, 83.59, 20.54, 72.19, 60.18,
     17.19, 61.07, 40.34, 32.17, 64.81, -9.73, -0.04, 7.78),
    (1.21, -0.04, 3.19, 32.69, 49.0, 20.18, 42.22, 42.64,
     17.48, 58.64, 36.67, 34.57, 70.76, -32.56, 10.78, 5.28),
    (1.15, 0.67, -5.07, 27.8, 28.93, 18.25, 17.69, 43.58,
     16.78, 35.83, -1.81, 31.87, 61.05, -38.59, 15.09, 4.39),
    (1.06, 1.18, -2.98, -124.17, -27.16, 31.56, 71.95, 51.09,
     7.51, -8.27, -5.69, 26.48, 81.81, -13.23, 24.32, 3.42),
)
# fmt: on
"""The sixteen features fitted to hands of 4 players played by the default search at every
seat instead of greedy players, the hands of ``benchmarks/value_fit.py --policy search --seed
1400 --players 4``: a run of 7,000 stopped after 3,200 had finished in two processes (hands 0
to about 3,200; ``--hands 3200`` plays nearly the same ones)."""


def search_fit_lead(state: GameState, team: int) -> float:
    """The expected lead with :data:`SEARCH_FIT_WEIGHTS` (4 players only)."""
    return _weighed(state, team, SEARCH_FIT_WEIGHTS)


def searchfit(seed: int | None = None) -> SearchAgent:
    """level5 with its expected lead fitted to the search's own play (4 players only)."""
    return _inferred(32, 4, 5, seed, evaluation=search_fit_lead)


def sixteen(seed: int | None = None) -> SearchAgent:
    """level5 as it was before its draw had a margin of its own: the sixteen features'
    expected lead, the margin of 20 points at the draw too (its pin was
    ``23110c54eb46772d``)."""
    return _inferred(32, 4, 5, seed, evaluation=expected_lead)


def thirtytwo(seed: int | None = None) -> SearchAgent:
    """level5 as it was with 32 deals and a margin of 20 points in the play phase (none at
    the draw; its pin was ``167639884b7de559``)."""
    return _inferred(32, 4, 5, seed, evaluation=expected_lead, draw_margin=0.0)


def sharp48(seed: int | None = None) -> SearchAgent:
    """The trial of level5's present settings: ``thirtytwo`` with 48 deals and a margin of 10
    points in the play phase."""
    return _inferred(48, 4, 5, seed, evaluation=expected_lead, margin=10.0, draw_margin=0.0)
