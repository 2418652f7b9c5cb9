"""The game records that ``burraco demo --record`` and ``burraco play --record`` write."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from datetime import date

from burraco.actions import Action
from burraco.agents import StepHook
from burraco.cli.status import BAD_INPUT, OK
from burraco.record import History
from burraco.state import GameState

__all__ = ["new_history", "recording", "write_record"]


def new_history(names: Sequence[str]) -> History:
    """A :class:`~burraco.record.History` naming each seat, dated today."""
    return History(names=names, date=date.today().isoformat())


def recording(history: History | None, narrate: StepHook) -> StepHook:
    """``narrate``, and also ``history`` if there is one."""
    if history is None:
        return narrate

    def narrate_and_record(before: GameState, action: Action, after: GameState) -> None:
        history(before, action, after)
        narrate(before, action, after)

    return narrate_and_record


def write_record(path: str, text: str, command: str) -> int:
    """Write the record ``text`` to ``path`` and say so; the exit status of ``command``."""
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        print(f"burraco {command}: cannot write {path}: {error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    print(f"record written to {path}")
    return OK
