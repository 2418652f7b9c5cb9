"""Search configurations tried while tuning the levels (``module:function`` specs for duels).

Run duels from the repository root so that ``benchmarks`` imports, for example
``python benchmarks/duel_log.py benchmarks.tuning_agents:club search --deals 100 --seed 1002
--out club.json``. Each function builds an agent from a seed.
"""

from __future__ import annotations

from benchmarks.club_evaluation import ClubEvaluation
from burraco.inference import InferenceSampler
from burraco.search import SearchAgent


def club(seed: int | None = None) -> SearchAgent:
    """level5's search (16 deals, inference) with the club evaluation."""
    return SearchAgent(
        simulations=16,
        candidates=4,
        depth=5,
        seed=seed,
        sampler=InferenceSampler(discarded=0.1, refused=1.0, unmelded=0.05),
        evaluation=ClubEvaluation(),
    )


def club_uniform(seed: int | None = None) -> SearchAgent:
    """The default search (16 uniform deals) with the club evaluation."""
    return SearchAgent(
        simulations=16, candidates=4, depth=5, seed=seed, evaluation=ClubEvaluation()
    )


def wide(seed: int | None = None) -> SearchAgent:
    """level5's search with more candidates and deals (about twice the time)."""
    return SearchAgent(
        simulations=24,
        candidates=6,
        depth=5,
        seed=seed,
        sampler=InferenceSampler(discarded=0.1, refused=1.0, unmelded=0.05),
        evaluation=ClubEvaluation(),
    )


def eight(seed: int | None = None) -> SearchAgent:
    """A candidate for level4: the search with 8 uniform deals and 3 candidates."""
    return SearchAgent(simulations=8, candidates=3, depth=5, seed=seed)


def doubled(seed: int | None = None) -> SearchAgent:
    """A candidate for level5: its search with 32 deals per decision instead of 16."""
    return SearchAgent(
        simulations=32,
        candidates=4,
        depth=5,
        seed=seed,
        sampler=InferenceSampler(discarded=0.1, refused=1.0, unmelded=0.05),
    )
