"""The benchmarks' fixed positions (``benchmarks/cases.py``) are positions play can reach."""

from __future__ import annotations

import importlib.util
import random
import sys
import types
from pathlib import Path

import pytest

from burraco import Phase, legal_actions
from burraco.testing import check_invariants

CASES = Path(__file__).parent.parent / "benchmarks" / "cases.py"


@pytest.fixture(scope="module")
def cases() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("benchmark_cases", CASES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs and dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("size", [12, 13, 22, 33, 44, 48])
def test_hand_size_positions_pass_the_invariant_checker(cases: types.ModuleType, size: int) -> None:
    chooser = random.Random(size)
    for _ in range(5):
        state = cases.hand_size_position(chooser, size)
        check_invariants(state)
        assert state.phase is Phase.PLAY and len(state.hands[state.turn]) == size
        assert state.melds == ((), ()) and legal_actions(state)


@pytest.mark.parametrize("size", [11, 49])
def test_a_hand_size_play_cannot_reach_without_melds_is_refused(
    cases: types.ModuleType, size: int
) -> None:
    with pytest.raises(ValueError, match=f"holds 12 to 48 cards, not {size}"):
        cases.hand_size_position(random.Random(0), size)


def test_the_worst_cases_pass_the_invariant_checker(cases: types.ModuleType) -> None:
    names = []
    for name, state in cases.worst_cases():
        check_invariants(state)
        names.append(name)
    assert names == ["worst-48-cards-7-melds", "random-40-cards-6-melds"]
