"""Golden pictures: SVG drawn by :mod:`burraco.svg` for fixed cards, melds, tables and views.

``tests/test_svg.py`` draws each case afresh and compares it with the stored file;
``python -m tests.golden_svg`` writes the files again, on purpose, when the drawing changes
(look at them in a browser and review the diff).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from burraco import (
    FIBUR,
    JOKER,
    GameState,
    GreedyAgent,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_card,
    svg,
    validate_meld,
)
from burraco.actions import Action

DIRECTORY: Final = Path(__file__).parent


def position(seed: int, actions: int) -> tuple[GameState, Action]:
    """The position after ``actions`` greedy actions of hand ``seed``, and the last action."""
    agent = GreedyAgent()
    state = new_game(seed=seed)
    last: Action | None = None
    for _ in range(actions):
        choices = legal_actions(state)
        if not choices:
            break
        last = agent.choose(observe(state, state.turn), choices)
        state = apply(state, last)
    assert last is not None
    return state, last


def _table() -> str:
    state, last = position(7, 60)
    return svg.table(state, last_action=last)


def _view() -> str:
    state, last = position(7, 51)
    return svg.view(observe(state, 2), last_action=last)


CASES: Final[dict[str, Callable[[], str]]] = {
    "card-10H": lambda: svg.card(parse_card("10H")),
    "card-QS": lambda: svg.card(parse_card("QS")),
    "card-JK": lambda: svg.card(JOKER),
    "card-2C-as-7D": lambda: svg.card(parse_card("2C"), stands_for=parse_card("7D")),
    "meld-dirty-sequence": lambda: svg.meld(validate_meld("5H 6H JK")),
    "meld-dirty-set": lambda: svg.meld(validate_meld("7S 7H 2C")),
    "meld-clean-burraco": lambda: svg.meld(validate_meld("8D 9D 10D JD QD KD AD")),
    "meld-semi-clean-burraco": lambda: svg.meld(validate_meld("4S 5S 6S 7S 8S 9S 10S JK"), FIBUR),
    "table": _table,
    "view": _view,
}
"""Each golden picture's name (its file is ``NAME.svg``) and how to draw it."""


def path(name: str) -> Path:
    """The file of the golden picture ``name``."""
    return DIRECTORY / f"{name}.svg"
