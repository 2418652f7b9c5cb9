"""The "Train an agent" how-to runs as written (with a smaller training budget)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).parent.parent / "docs" / "howto" / "train-an-agent.md"
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)
NEEDS = {
    "burraco_v0": "pettingzoo",
    "BurracoEnv": "gymnasium",
    "gymnasium": "gymnasium",
    "pyspiel": "pyspiel",
}


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) == 5


@pytest.mark.parametrize(
    "code", BLOCKS, ids=["pettingzoo", "gymnasium", "openspiel", "vector", "train"]
)
def test_each_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")
    for word, toolkit in NEEDS.items():
        if word in code:
            pytest.importorskip(toolkit)
    code = code.replace("EPISODES = 10_000", "EPISODES = 30")
    code = code.replace("EVALUATION_HANDS = 500", "EVALUATION_HANDS = 5")
    exec(compile(code, str(PAGE), "exec"), {"__name__": "howto"})
    assert capsys.readouterr().out
