"""Golden playthroughs: random hands stored as text, so that a change of the rules shows up.

Each file under ``tests/golden/`` holds one hand: its rules, seed and chooser, every action in
notation, the table (``str(state)``) after each of the first :data:`STATES_SHOWN` actions and
at the end, and the score sheet. ``tests/test_golden.py`` replays every hand and compares the
text; ``python -m tests.golden`` (``nox -s golden``) writes the files again, on purpose, when
the rules or the notation change.

The chooser is ``random.Random(seed)`` picking among :func:`~burraco.legal_actions` sorted by
notation, so that the files depend on which actions are legal, not on the order the engine
lists them in. A "uniform" chooser picks any action; an "eager" one prefers a meld nine times in
ten, which takes pozzetti and closes hands.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Final

import attrs

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    FIBUR3,
    FIBUR5,
    INTERNATIONAL,
    REALE,
    Partnerships,
    Rules,
    apply,
    legal_actions,
    new_game,
    score_hand,
)
from burraco.serialize import to_dict
from burraco.testing import random_action as choose

DIRECTORY: Final = Path(__file__).parent
STATES_SHOWN: Final = 30
"""Tables shown after the first actions of a hand; the last table is always shown."""
PRESETS: Final = {
    "classic": CLASSIC,
    "fibur": FIBUR,
    "international": INTERNATIONAL,
    "feburit": FEBURIT,
    "reale": REALE,
    "fibur3": FIBUR3,
    "fibur5": FIBUR5,
}
CHOOSERS: Final = ("uniform", "eager")
SEEDS: Final = {
    ("classic", "uniform"): 1,
    ("classic", "eager"): 2,
    ("fibur", "uniform"): 3,
    ("fibur", "eager"): 4,
    ("international", "uniform"): 5,
    ("international", "eager"): 18,  # a seed whose hands close under the international code
    ("feburit", "uniform"): 6,
    ("feburit", "eager"): 9,  # a seed whose eager hands all close
    ("reale", "uniform"): 8,
    ("reale", "eager"): 96,  # a closing and a nobile burraco: Burraco Reale rarely closes
    ("fibur3", "uniform"): 1,
    ("fibur3", "eager"): 3,  # the pairs form (rules §14) and the hand is closed
    ("fibur5", "uniform"): 24,  # both pairs, and a closing
    ("fibur5", "eager"): 1,
}
"""The seed each hand is dealt and played with, by preset and chooser."""


@attrs.frozen
class Case:
    """One golden hand."""

    preset: str
    players: int
    chooser: str

    @property
    def seed(self) -> int:
        return SEEDS[self.preset, self.chooser]

    @property
    def rules(self) -> Rules:
        return attrs.evolve(PRESETS[self.preset], players=self.players)

    @property
    def path(self) -> Path:
        return DIRECTORY / f"{self.preset}-{self.players}-{self.chooser}.txt"


CASES: Final = tuple(
    Case(preset, players, chooser)
    for preset, rules in PRESETS.items()
    for players in ((2, 3, 4, 6) if rules.partnerships is Partnerships.FIXED else (rules.players,))
    for chooser in CHOOSERS
)


def playthrough(case: Case) -> str:
    """The text of a golden hand, played afresh."""
    rules = case.rules
    seed = case.seed
    dealer = seed % rules.players
    chooser = random.Random(seed)
    state = new_game(rules, seed=seed, dealer=dealer)
    lines = [
        "# burraco golden playthrough: regenerate on purpose with `nox -s golden`",
        f"preset: {case.preset}",
        f"players: {case.players}",
        f"seed: {seed} (new_game(rules, seed={seed}, dealer={dealer}))",
        f"chooser: {case.chooser} (random.Random({seed}) over legal_actions sorted by notation)",
        f"rules: {json.dumps(to_dict(state)['rules'])}",
        f"tables: after each of the first {STATES_SHOWN} actions, and the last",
        "",
        "== deal",
        str(state),
    ]
    count = 0
    while actions := sorted(legal_actions(state), key=str):
        action = choose(chooser, actions, eager=case.chooser == "eager")
        state = apply(state, action)
        count += 1
        lines.append(f"== {count}. {action}")
        if count <= STATES_SHOWN:
            lines.append(str(state))
    lines += [
        f"== the end, after {count} actions",
        str(state),
        "",
        "== score",
        str(score_hand(state)),
    ]
    # trailing blanks (an empty hand prints as "seat 0 (0): ") would not survive editors
    return "".join(line.rstrip() + "\n" for line in "\n".join(lines).split("\n"))


def write_all() -> list[Path]:
    """Write every golden file again; return their paths."""
    for stale in DIRECTORY.glob("*.txt"):
        stale.unlink()
    for case in CASES:
        case.path.write_text(playthrough(case), encoding="utf-8")
    return [case.path for case in CASES]
