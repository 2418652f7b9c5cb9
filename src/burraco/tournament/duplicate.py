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

import html
import json
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Final

import attrs

from burraco.cards import Card, make_deck
from burraco.errors import Reason, TournamentError
from burraco.rules import FIBUR, Rules
from burraco.tournament.results import TableResult

if TYPE_CHECKING:
    from burraco.agents import Agent, StepHook
    from burraco.tournament.event import Tournament

__all__ = [
    "SEATS",
    "Comparison",
    "HandRecord",
    "LineScore",
    "against_bots",
    "compare",
    "deal_deck",
    "hand_record",
    "hand_records",
    "matchpoint_standings",
    "play_table",
    "records_html",
    "records_json",
    "records_text",
    "round_decks",
]

SEATS: Final = ("North", "East", "South", "West")
"""The seats of a table in playing order (seat 0 to 3): north-south is the home line."""


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
    from burraco.agents import play_out
    from burraco.engine import new_game
    from burraco.scoring import score_hand

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
        TournamentError: ``inconsistent-state`` if fewer than two tables are given, their
            deals differ in number (or are missing), or one is a table of three or five.
    """
    counts = {len(result.deals) for result in results.values()}
    if len(results) < 2 or len(counts) != 1 or 0 in counts:
        raise TournamentError(
            "a duplicate comparison needs two tables or more with the same deals recorded",
            reason=Reason.INCONSISTENT_STATE,
        )
    if any(len(result.points) != 2 for result in results.values()):
        raise TournamentError(
            "a duplicate comparison is of home and away lines: a table of three or five "
            "players has none",
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


@attrs.frozen
class HandRecord:
    """What a dealer needs to deal one deal of a duplicate round by hand: every seat's
    eleven cards, the two pozzetti, the card turned up and the stock, top first."""

    round: int
    """The round."""
    deal: int
    """The deal, from 1."""
    dealer: int
    """The dealer's seat (0 north, 1 east, 2 south, 3 west): the deal passes to the left."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, seat 0 (north) first, in the order they are dealt."""
    pozzetti: tuple[tuple[Card, ...], ...]
    """The pozzetti, the first taken first."""
    up_card: Card
    """The card turned face up to start the discard pile."""
    stock: tuple[Card, ...]
    """The stock, its top card first."""

    def to_dict(self) -> dict[str, object]:
        """The record as plain JSON data, cards in the library's notation."""
        return {
            "round": self.round,
            "deal": self.deal,
            "dealer": SEATS[self.dealer].lower(),
            "hands": {
                SEATS[seat].lower(): [str(card) for card in cards]
                for seat, cards in enumerate(self.hands)
            },
            "pozzetti": [[str(card) for card in cards] for cards in self.pozzetti],
            "up_card": str(self.up_card),
            "stock": [str(card) for card in self.stock],
        }


def hand_record(deck: Sequence[Card], *, round_number: int, deal: int, dealer: int) -> HandRecord:
    """The hand record of ``deck`` (top first) dealt by seat ``dealer`` at a four-player
    table, by the library's mapping of a deck order to a deal (the one
    :func:`~burraco.new_game` ``(deck=...)`` uses): eleven cards one at a time from the
    dealer's left, then the pozzetti one card at a time alternately, the card turned up, and
    the stock.

    >>> record = hand_record(deal_deck(7, 1, 1), round_number=1, deal=1, dealer=0)
    >>> [len(hand) for hand in record.hands], [len(p) for p in record.pozzetti], len(record.stock)
    ([11, 11, 11, 11], [11, 11], 41)

    Raises:
        TournamentError: ``out-of-range`` for a deck that is not 108 cards or a dealer not a
            seat.
    """
    if len(deck) != 108 or dealer not in range(4):
        raise TournamentError(
            "a hand record is of a 108-card deck dealt by seat 0 to 3",
            reason=Reason.OUT_OF_RANGE,
        )
    hands: list[list[Card]] = [[] for _ in range(4)]
    for index in range(44):
        hands[(dealer + 1 + index) % 4].append(deck[index])
    pozzetti: list[list[Card]] = [[], []]
    for index in range(22):
        pozzetti[index % 2].append(deck[44 + index])
    return HandRecord(
        round_number,
        deal,
        dealer,
        tuple(map(tuple, hands)),
        tuple(map(tuple, pozzetti)),
        deck[66],
        tuple(deck[67:]),
    )


def hand_records(tournament: Tournament, round_number: int) -> tuple[HandRecord, ...]:
    """The hand records of every deal of round ``round_number`` of a duplicate tournament;
    deal ``d`` is dealt by seat ``d - 1`` modulo 4, as at the table.

    Raises:
        TournamentError: as :meth:`Tournament.decks <burraco.tournament.Tournament.decks>`.
    """
    return tuple(
        hand_record(deck, round_number=round_number, deal=index + 1, dealer=index % 4)
        for index, deck in enumerate(tournament.decks(round_number))
    )


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def records_text(records: Sequence[HandRecord], *, title: str = "") -> list[str]:
    """The hand records as lines of text, a deal a page (for :func:`~burraco.tournament.pdf.
    pdf_document`): each seat's cards, sorted by suit for reading, and the stock in order."""
    lines: list[str] = []
    for record in records:
        if lines:
            lines.append("\f")
        lines.append(f"{title} - round {record.round}, deal {record.deal}".lstrip(" -"))
        lines.append(f"dealer: {SEATS[record.dealer]}")
        lines.append("")
        for seat, cards in enumerate(record.hands):
            lines.append(f"{SEATS[seat]:<6} {_cards(sorted(cards))}")
        lines.append("")
        for index, cards in enumerate(record.pozzetti):
            lines.append(f"pozzetto {index + 1} (in order): {_cards(cards)}")
        lines.append(f"card turned up: {record.up_card}")
        lines.append("stock, top first:")
        for start in range(0, len(record.stock), 14):
            lines.append(f"  {start + 1:>2}. {_cards(record.stock[start : start + 14])}")
    return lines


def records_json(records: Sequence[HandRecord]) -> str:
    """The hand records as JSON: a list of :meth:`HandRecord.to_dict` objects."""
    return json.dumps([record.to_dict() for record in records], indent=1)


_SUIT_MARKS: Final = {"S": "&spades;", "H": "&hearts;", "D": "&diams;", "C": "&clubs;"}


def _card_html(card: Card) -> str:
    text = str(card)
    if text == "JK":
        return '<span class="joker">JK</span>'
    rank, suit = text[:-1], text[-1]
    red = " red" if suit in "HD" else ""
    return f'<span class="card{red}">{rank}{_SUIT_MARKS[suit]}</span>'


def records_html(records: Sequence[HandRecord], *, title: str = "") -> str:
    """The hand records as a printable HTML page, a deal a sheet."""
    style = (
        "body{font-family:sans-serif}section{page-break-after:always;margin-bottom:2em}"
        ".red{color:#c00}.card,.joker{margin-right:.35em;white-space:nowrap}"
        "td,th{padding:.2em .6em;text-align:left;vertical-align:top}"
    )
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{html.escape(title or 'hand records')}</title><style>{style}</style>",
        "</head><body>",
    ]
    for record in records:
        parts.append("<section>")
        heading = f"{title} - round {record.round}, deal {record.deal}".lstrip(" -")
        parts.append(f"<h2>{html.escape(heading)}</h2>")
        parts.append(f"<p>dealer: {SEATS[record.dealer]}</p><table>")
        for seat, cards in enumerate(record.hands):
            shown = "".join(_card_html(card) for card in sorted(cards))
            parts.append(f"<tr><th>{SEATS[seat]}</th><td>{shown}</td></tr>")
        for index, cards in enumerate(record.pozzetti):
            shown = "".join(_card_html(card) for card in cards)
            parts.append(f"<tr><th>pozzetto {index + 1}</th><td>{shown}</td></tr>")
        parts.append(f"<tr><th>turned up</th><td>{_card_html(record.up_card)}</td></tr>")
        shown = "".join(_card_html(card) for card in record.stock)
        parts.append(f"<tr><th>stock, top first</th><td>{shown}</td></tr></table></section>")
    parts.append("</body></html>")
    return "\n".join(parts)


@attrs.frozen
class LineScore:
    """A line's duplicate score over the rounds with deal-by-deal results."""

    rank: int
    """The rank by matchpoints, from 1 (shared when level)."""
    entrant: int
    """The entrant."""
    matchpoints: int
    """Matchpoints: 2 for each line with the same cards beaten on a deal, 1 for each tie."""
    top: int
    """The most matchpoints the line could have had."""

    @property
    def percent(self) -> float:
        """Matchpoints as a percentage of the top."""
        return 100 * self.matchpoints / self.top if self.top else 0.0


def matchpoint_standings(tournament: Tournament) -> tuple[LineScore, ...]:
    """Every entrant's matchpoints over the rounds whose tables all have deal-by-deal
    results (two tables or more), ranked: each line against the lines that held the same
    cards on each deal (:func:`compare`). Ties share a rank. Tables of three or five players
    (an individual event's) are not compared: they play other packs."""
    points: dict[int, int] = defaultdict(int)
    tops: dict[int, int] = defaultdict(int)
    for round_ in tournament.rounds:
        results = tournament.results(round_.number)
        fours = [table for table in round_.tables if not table.alone]
        played = {
            table.number: results[table.number]
            for table in fours
            if table.number in results and results[table.number].deals
        }
        if len(played) < 2 or len(played) != len(fours):
            continue
        scores = compare(played)
        deals = len(next(iter(played.values())).deals)
        for table in fours:
            home, away = scores[table.number]
            for side, score in ((table.home, home), (table.away, away)):
                for number in side:
                    points[number] += int(score)
                    tops[number] += 2 * (len(played) - 1) * deals
    ordered = sorted(
        (entrant.number for entrant in tournament.entrants),
        key=lambda number: (-points[number], number),
    )
    lines: list[LineScore] = []
    for index, number in enumerate(ordered):
        level = lines and lines[-1].matchpoints == points[number]
        rank = lines[-1].rank if level else index + 1
        lines.append(LineScore(rank, number, points[number], tops[number]))
    return tuple(lines)


def against_bots(
    results: Mapping[int, TableResult], bots: TableResult
) -> dict[int, tuple[int, int]]:
    """Each table's (home, away) points against bots that played the same deck orders:
    deal by deal, the line's difference less the bots' difference on that deal, added up.

    >>> against_bots({1: TableResult((900, 300), ((900, 300),))}, TableResult((500, 500),
    ...     ((500, 500),)))
    {1: (600, -600)}

    Raises:
        TournamentError: ``inconsistent-state`` if a table's deals are not as many as the
            bots'.
    """
    scores: dict[int, tuple[int, int]] = {}
    for number, result in results.items():
        if len(result.deals) != len(bots.deals) or not bots.deals:
            raise TournamentError(
                f"table {number} has {len(result.deals)} deals recorded, the bots "
                f"{len(bots.deals)}: compare deal by deal results of the same decks",
                reason=Reason.INCONSISTENT_STATE,
            )
        gain = sum(
            (home - away) - (bot_home - bot_away)
            for (home, away), (bot_home, bot_away) in zip(result.deals, bots.deals, strict=True)
        )
        scores[number] = (gain, -gain)
    return scores
