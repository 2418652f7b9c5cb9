"""Duplicate Burraco: every table of a round plays the same deck orders.

With the same cards at every table, the luck of the deal cancels out: a home line is compared
with the other home lines, who held the same cards, as bridge does. The deck of each deal of
each round comes from the tournament's seed (:func:`round_decks`); every table plays it with
:func:`~burraco.new_game` ``(deck=...)``, the deal passing to the left. :func:`compare` then
scores each table against the room: matchpoints (2 for each other table beaten on a deal, 1
for each tie), or the point difference against the average of the other tables.

>>> decks = round_decks(seed=2026, round_number=1, deals=4)
>>> len(decks), len(decks[0]), decks == round_decks(seed=2026, round_number=1, deals=4)
(4, 108, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum

from burraco.agents import Agent, StepHook, play_out
from burraco.cards import Card, make_deck
from burraco.engine import new_game
from burraco.errors import Reason, TournamentError
from burraco.rules import FIBUR, Rules
from burraco.scoring import score_hand
from burraco.tournament.results import TableResult

__all__ = ["Comparison", "compare", "deal_deck", "play_table", "round_decks"]


class Comparison(StrEnum):
    """How :func:`compare` scores a table against the room."""

    MATCHPOINTS = "matchpoints"
    """Per deal, 2 for every other table the line did better than, 1 for every tie."""
    DIFFERENCE = "difference"
    """Per deal, the line's difference less the average difference of the other tables."""


def deal_deck(seed: int, round_number: int, deal: int, rules: Rules = FIBUR) -> tuple[Card, ...]:
    """The deck order (top first) of deal ``deal`` (from 1) of round ``round_number``.

    It depends only on the three numbers and the number of packs, so every table, and every
    run of the program, gets the same cards.
    """
    deck = make_deck(rules.packs)
    random.Random(f"burraco-tournament {seed} {round_number} {deal}").shuffle(deck)
    return tuple(deck)


def round_decks(
    seed: int, round_number: int, deals: int, rules: Rules = FIBUR
) -> tuple[tuple[Card, ...], ...]:
    """The deck orders of the ``deals`` deals of round ``round_number``."""
    return tuple(deal_deck(seed, round_number, deal, rules) for deal in range(1, deals + 1))


def play_table(
    decks: Sequence[Sequence[Card]],
    agents: Sequence[Agent],
    rules: Rules = FIBUR,
    *,
    on_action: StepHook | None = None,
) -> TableResult:
    """Play the deals ``decks`` at one table of bots (``agents``, one per seat; seats 0 and 2
    are the home line) and return its result. Deal ``i`` (from 0) is dealt by seat ``i``
    modulo the players, as at a real table. ``on_action`` is called after every action, as
    for :func:`~burraco.play_out` (to record the deals, for instance).

    Raises:
        ValueError: if a deck is not the packs of ``rules`` or there is not one agent a seat.
    """
    if len(agents) != rules.players or rules.teams != 2:
        raise ValueError(
            f"a tournament table is two teams with one agent a seat, not {len(agents)}"
        )
    hands = []
    for index, deck in enumerate(decks):
        state = new_game(rules, deck=list(deck), dealer=index % rules.players)
        hands.append(score_hand(play_out(state, agents, on_action=on_action)))
    return TableResult.from_hands(hands)


def compare(
    results: Mapping[int, TableResult], method: Comparison = Comparison.MATCHPOINTS
) -> dict[int, tuple[float, float]]:
    """Each table's (home, away) score against the room, by table number.

    Every result must carry the same number of deals (the deck orders of the round). A home
    line is compared with the other home lines, an away line with the other away lines.

    >>> results = {
    ...     1: TableResult((1200, 400), ((900, 100), (300, 300))),
    ...     2: TableResult((600, 600), ((500, 100), (100, 500))),
    ... }
    >>> compare(results)
    {1: (4, 0), 2: (0, 4)}
    >>> compare(results, Comparison.DIFFERENCE)
    {1: (800.0, -800.0), 2: (-800.0, 800.0)}

    Raises:
        TournamentError: ``inconsistent-state`` if fewer than two tables are given or their
            deals differ in number (or are missing).
    """
    counts = {len(result.deals) for result in results.values()}
    if len(results) < 2 or len(counts) != 1 or 0 in counts:
        raise TournamentError(
            "a duplicate comparison needs two tables or more with the same deals recorded",
            reason=Reason.INCONSISTENT_STATE,
        )
    (deals,) = counts
    margins = {
        number: [home - away for home, away in result.deals] for number, result in results.items()
    }
    scores: dict[int, tuple[float, float]] = {}
    for number, own in margins.items():
        others = [margin for other, margin in margins.items() if other != number]
        home = 0.0
        away = 0.0
        for deal in range(deals):
            if method is Comparison.MATCHPOINTS:
                home += sum(
                    2 if own[deal] > other[deal] else own[deal] == other[deal] for other in others
                )
                away += sum(
                    2 if own[deal] < other[deal] else own[deal] == other[deal] for other in others
                )
            else:
                room = sum(other[deal] for other in others) / len(others)
                home += own[deal] - room
                away -= own[deal] - room
        scores[number] = (
            (int(home), int(away)) if method is Comparison.MATCHPOINTS else (home, away)
        )
    return scores
