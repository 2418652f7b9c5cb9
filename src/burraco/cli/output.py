"""What ``burraco demo`` and ``burraco play`` print as a hand goes on: a printer that may
write suits as symbols, and a line per turn."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from burraco.actions import Action, Discard
from burraco.cards import Suit
from burraco.state import GameState

__all__ = ["Printer", "Turns", "with_symbols"]

_CARD_TOKEN: Final = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


def with_symbols(text: str) -> str:
    """``text`` with every card's suit letter replaced by its symbol: ``7H`` becomes ``7♥``."""
    return _CARD_TOKEN.sub(lambda card: card.group(1) + Suit(card.group(2)).symbol, text)


class Printer:
    """Prints to standard output, with suit symbols when asked (``--unicode``)."""

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def __call__(self, value: object = "") -> None:
        text = str(value)
        print(with_symbols(text) if self.unicode else text)


def _notes(before: GameState, after: GameState) -> str:
    """What happened besides the action itself: a pozzetto taken, a closing, the hand's end."""
    notes = []
    seat = before.turn
    if (
        after.pozzetto_taken[after.team_of(seat)]
        and not before.pozzetto_taken[before.team_of(seat)]
    ):
        notes.append("takes the pozzetto")
    if after.partners != before.partners:  # rules §14: the first out plays alone
        pairs = " and ".join(
            f"seats {seats[0]} and {seats[1]}" for seats in after.partners if len(seats) == 2
        )
        notes.append(f"plays alone; {pairs} are partners now")
    if after.outcome is not None and after.outcome.closer is not None:
        notes.append("closes")
    elif after.outcome is not None:
        notes.append(f"the hand ends: {after.outcome.reason}")
    return f" ({'; '.join(notes)})" if notes else ""


class Turns:
    """Collects the actions of each turn and prints one line per turn when it ends.

    ``on_action`` fits :func:`~burraco.play_out`'s hook. ``names`` labels each seat (such as
    ``"greedy"``, or ``"you"``); ``table_every`` prints the table after every that many turns
    (0: never).
    """

    def __init__(self, show: Printer, names: Sequence[str], *, table_every: int = 0) -> None:
        self.show = show
        self.names = names
        self.table_every = table_every
        self.count = 0
        self.actions: list[str] = []

    def on_action(self, before: GameState, action: Action, after: GameState) -> None:
        self.actions.append(f"{action}{_notes(before, after)}")
        if not (isinstance(action, Discard) or after.is_over):
            return
        self.count += 1
        seat = before.turn
        held = len(after.hands[seat])
        who = "you" if self.names[seat] == "you" else f"seat {seat} ({self.names[seat]})"
        self.show(
            f"turn {self.count:>2}  {who}: "
            f"{'; '.join(self.actions)}  [{held} card{'s' if held != 1 else ''} left]"
        )
        self.actions = []
        if self.table_every and self.count % self.table_every == 0 and not after.is_over:
            self.show()
            self.show(after)
            self.show()
