"""Search configurations tried while tuning the levels (``module:function`` specs for duels).

Run duels from the repository root so that ``benchmarks`` imports, for example
``python benchmarks/duel_log.py benchmarks.tuning_agents:club search --deals 100 --seed 1002
--out club.json``. Each function builds an agent from a seed.
"""

from __future__ import annotations

from benchmarks.club_evaluation import ClubEvaluation
from burraco.inference import InferenceSampler
from burraco.search import DEFAULT_MARGIN, Evaluation, SearchAgent, expected_lead


def _inferred(
    simulations: int,
    candidates: int,
    depth: int,
    seed: int | None,
    *,
    evaluation: Evaluation | None = None,
    margin: float = DEFAULT_MARGIN,
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
