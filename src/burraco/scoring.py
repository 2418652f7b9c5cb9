"""Scoring a hand: what each team's melds, hands, burracos, closing and pozzetto are worth.

Two entry points answer the same question (RULES.md §9):

* :func:`score_team` scores one team from plain data, such as a hand typed in from a real
  table: its melds (as :class:`~burraco.Meld` values or card notation), the cards left in
  its hands, and whether it took its pozzetto and closed;
* :func:`score_hand` scores every team of a :class:`~burraco.GameState`, normally one whose
  hand is over, and returns a :class:`HandScore`.

A :class:`TeamScore` keeps the parts of the score apart. The parts that lose points
(``in_hand``, ``pozzetto_penalty``) are zero or negative, so the parts simply add up to
:attr:`TeamScore.total`, which is computed from them and cannot disagree.

>>> team_a = score_team(
...     ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"], "3C AH", took_pozzetto=True, closed=True
... )
>>> print(team_a)
400: melded 120, in hand -20, burracos 200 (1 clean), closing 100, pozzetto 0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from burraco.cards import Card, parse_cards
from burraco.errors import InvalidMeldError, InvalidStateError, NotationError, Reason
from burraco.melds import BurracoKind, Meld, burraco_bonus, burraco_kind, validate_meld
from burraco.rules import CLASSIC, PenaltyWhen, Rules
from burraco.state import EndReason, GameState, Outcome

__all__ = [
    "HandScore",
    "TeamScore",
    "score_hand",
    "score_team",
    "text_table",
]


def _whole(sign: int) -> Any:
    """An attrs validator: a whole number, not below 0 (``sign`` 1) or not above 0 (-1)."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{attribute.name} must be a whole number, not {value!r}")
        if sign * value < 0:
            bound = "negative" if sign > 0 else "positive"
            raise ValueError(f"{attribute.name} cannot be {bound}, not {value}")

    return check


@attrs.frozen(kw_only=True)
class TeamScore:
    """One team's score for one hand, in its parts (RULES.md §9).

    The parts that lose points are zero or negative, so :attr:`total` is their plain sum; it is a
    property, so it always agrees with them. The burraco counts say how ``burraco_bonus`` was
    earned. All arguments are keyword-only; the counts default to 0.

    >>> score = TeamScore(
    ...     melded=80, in_hand=-70, burraco_bonus=100, closing_bonus=0, pozzetto_penalty=-100,
    ...     dirty_burracos=1,
    ... )
    >>> score.total
    10
    >>> print(score)
    10: melded 80, in hand -70, burracos 100 (1 dirty), closing 0, pozzetto -100

    Raises:
        TypeError: if a part or a count is not a whole number.
        ValueError: if a part has the wrong sign (a positive ``in_hand``, a negative
            ``melded``, ...) or a count is negative.
    """

    melded: int = attrs.field(validator=_whole(1))
    """The sum of the card values of the team's melds."""
    in_hand: int = attrs.field(validator=_whole(-1))
    """Minus the values of the cards left in the team's hands (so zero or negative), including
    a pozzetto taken on the discard and never played."""
    burraco_bonus: int = attrs.field(validator=_whole(1))
    """The bonuses of the team's burracos (clean, semi-clean and dirty)."""
    closing_bonus: int = attrs.field(validator=_whole(1))
    """The closing bonus if the team closed the hand, else 0."""
    pozzetto_penalty: int = attrs.field(validator=_whole(-1))
    """Minus the penalty for a pozzetto never taken (so zero or negative)."""
    clean_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many clean burracos the team has."""
    semi_clean_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many semi-clean burracos the team has (only under ``semi_clean`` rules)."""
    dirty_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many dirty burracos the team has."""

    @property
    def total(self) -> int:
        """The team's score for the hand, the sum of the five parts."""
        return (
            self.melded
            + self.in_hand
            + self.burraco_bonus
            + self.closing_bonus
            + self.pozzetto_penalty
        )

    def _burraco_words(self) -> str:
        """The burraco counts in words, such as ``'1 clean, 2 dirty'`` (empty if none)."""
        counts = (
            (self.clean_burracos, BurracoKind.CLEAN),
            (self.semi_clean_burracos, BurracoKind.SEMI_CLEAN),
            (self.dirty_burracos, BurracoKind.DIRTY),
        )
        return ", ".join(f"{count} {kind}" for count, kind in counts if count)

    def _burraco_cell(self) -> str:
        counts = self._burraco_words()
        return f"({counts}) {self.burraco_bonus}" if counts else str(self.burraco_bonus)

    def __str__(self) -> str:
        words = self._burraco_words()
        counts = f" ({words})" if words else ""
        return (
            f"{self.total}: melded {self.melded}, in hand {self.in_hand}, "
            f"burracos {self.burraco_bonus}{counts}, closing {self.closing_bonus}, "
            f"pozzetto {self.pozzetto_penalty}"
        )


def _check_teams(
    instance: HandScore, attribute: attrs.Attribute[Any], value: tuple[TeamScore, ...]
) -> None:
    if not isinstance(value, tuple) or not all(isinstance(team, TeamScore) for team in value):
        raise TypeError(f"teams must be a tuple of TeamScore values, not {value!r:.60}")
    if not value:
        raise ValueError("a hand score needs at least one team")


@attrs.frozen
class HandScore:
    """The score of one hand: a :class:`TeamScore` per team, and how the hand ended.

    :func:`score_hand` returns one; :meth:`~burraco.Match.record` adds one to a match.
    ``str(hand_score)`` is a score sheet with a row per item and a column per team.

    Raises:
        TypeError: if ``teams`` is not a tuple of :class:`TeamScore` values.
        ValueError: if ``teams`` is empty.
    """

    teams: tuple[TeamScore, ...] = attrs.field(validator=_check_teams)
    """One score per team; the index is the team number."""
    outcome: Outcome | None = None
    """How the hand ended, or ``None`` if it was scored before it ended."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each team's total for the hand."""
        return tuple(team.total for team in self.teams)

    def __str__(self) -> str:
        teams = self.teams
        rows = [
            ["", *(f"team {index}" for index in range(len(teams)))],
            ["melded", *(str(team.melded) for team in teams)],
            ["in hand", *(str(team.in_hand) for team in teams)],
            ["burracos", *(team._burraco_cell() for team in teams)],
            ["closing", *(str(team.closing_bonus) for team in teams)],
            ["pozzetto", *(str(team.pozzetto_penalty) for team in teams)],
            ["total", *(str(team.total) for team in teams)],
        ]
        lines = text_table(rows)
        outcome = self.outcome
        if outcome is not None:
            if outcome.closer is not None:
                lines.append(f"{outcome.reason} by seat {outcome.closer}")
            else:
                lines.append(f"ended: {outcome.reason}")
        return "\n".join(lines)


def text_table(rows: Sequence[Sequence[str]], gap: str = "   ") -> list[str]:
    """Lay out rows of text as lines: the first column flush left, the others flush right,
    columns ``gap`` apart (the layout of score sheets and match tables).

    >>> for line in text_table([["team", "points"], ["0", "400"]]):
    ...     print(line)
    team   points
    0         400
    """
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return [
        gap.join(
            [row[0].ljust(widths[0])]
            + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        ).rstrip()
        for row in rows
    ]


def _read_meld(index: int, item: Meld | str | Iterable[Card | str], rules: Rules) -> Meld:
    """``item`` as a meld: a :class:`Meld` as it is, anything else validated under ``rules``."""
    if isinstance(item, Meld):
        return item
    try:
        return validate_meld(item, rules)
    except InvalidMeldError as error:
        text = " ".join([str(card) for card in error.cards])
        raise InvalidMeldError(
            f"illegal meld {index} '{text}': {error.reason}: {error.detail}",
            reason=error.reason,
            cards=error.cards,
            detail=error.detail,
        ) from None
    except NotationError as error:
        raise NotationError(
            f"meld {index}: {error}", token=error.token, reason=error.reason
        ) from None


def score_team(
    melds: Iterable[Meld | str | Iterable[Card | str]],
    in_hand: str | Iterable[Card | str],
    *,
    took_pozzetto: bool,
    closed: bool,
    rules: Rules = CLASSIC,
    opponent_closed: bool = False,
) -> TeamScore:
    """Score one team's hand from plain data (RULES.md §9).

    ``melds`` holds the team's melds: :class:`~burraco.Meld` values (taken as they are) or cards
    in any order, as a notation string (``"4S 5S 6S 7S"``) or a list of cards or tokens
    (``["KH", "KD", "KC"]``), which are checked with :func:`~burraco.validate_meld` under
    ``rules``. ``in_hand`` is every card left in the team's hands (both partners', including a
    pozzetto taken on the discard and never played), as cards or one notation string. The
    closer's final discard is not in hand; an untaken pozzetto is not counted either.

    The team earns ``rules.closing_bonus`` if ``closed``. If it never took its pozzetto it pays
    ``rules.pozzetto_penalty``: always, or under
    :attr:`PenaltyWhen.IF_OPPONENTS_CLOSED <burraco.PenaltyWhen.IF_OPPONENTS_CLOSED>` only if
    ``opponent_closed`` (another team closed the hand).

    The worked hand of RULES.md §12: team A closed, team B never took its pozzetto.

    >>> score_team(
    ...     ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"], "3C AH",
    ...     took_pozzetto=True, closed=True,
    ... ).total
    400
    >>> team_b = score_team(
    ...     ["9C 9C 9D 9H 9S 9S 2H", ["QS", "KS", "AS"]], "JD 7C 2S JK 5H",
    ...     took_pozzetto=False, closed=False, opponent_closed=True,
    ... )
    >>> team_b.melded, team_b.in_hand, team_b.burraco_bonus, team_b.pozzetto_penalty, team_b.total
    (115, -70, 100, -100, 45)
    >>> score_team(["4S 5S 6S", "5H 8H JK"], "", took_pozzetto=True, closed=False)
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidMeldError: illegal meld 1 '5H 8H JK': gap: the naturals 5H 8H miss
    more ranks than the one wild can fill

    Melds are numbered from 0, in the order given.

    Raises:
        InvalidMeldError: if an item of ``melds`` is not a legal meld under ``rules``; the
            message names the meld by its index and cards, and ``reason`` is the meld's.
        NotationError: if a token is not a card.
        InvalidStateError: if the flags contradict each other (``closed`` and
            ``opponent_closed`` both true, or ``closed`` without ``took_pozzetto``); the
            reason is ``inconsistent-state``.
        TypeError: if ``melds`` is a single string (pass a list of melds) or a flag is not a
            bool.
    """
    if isinstance(melds, str):
        raise TypeError(
            f"melds must be a list of melds, not one string: write [{melds!r:.60}] for one meld"
        )
    for name, flag in (
        ("took_pozzetto", took_pozzetto),
        ("closed", closed),
        ("opponent_closed", opponent_closed),
    ):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {flag!r}")
    if closed and opponent_closed:
        raise InvalidStateError(
            "a hand has one closer: closed and opponent_closed cannot both be true",
            reason=Reason.INCONSISTENT_STATE,
        )
    if closed and not took_pozzetto:
        raise InvalidStateError(
            "a team that closed has taken its pozzetto: closed needs took_pozzetto",
            reason=Reason.INCONSISTENT_STATE,
        )
    table = [_read_meld(index, item, rules) for index, item in enumerate(melds)]
    counts = dict.fromkeys(BurracoKind, 0)
    bonus = 0
    for meld in table:
        kind = burraco_kind(meld, rules)
        if kind is not None:
            counts[kind] += 1
            bonus += burraco_bonus(meld, rules)
    penalised = not took_pozzetto and (
        rules.untaken_pozzetto_penalty is PenaltyWhen.ALWAYS or opponent_closed
    )
    return TeamScore(
        melded=sum([meld.points for meld in table]),
        in_hand=-sum([card.points for card in parse_cards(in_hand)]),
        burraco_bonus=bonus,
        closing_bonus=rules.closing_bonus if closed else 0,
        pozzetto_penalty=-rules.pozzetto_penalty if penalised else 0,
        clean_burracos=counts[BurracoKind.CLEAN],
        semi_clean_burracos=counts[BurracoKind.SEMI_CLEAN],
        dirty_burracos=counts[BurracoKind.DIRTY],
    )


def score_hand(state: GameState) -> HandScore:
    """Score every team of a hand, normally one that is over (RULES.md §9).

    Team ``t`` is scored with :func:`score_team` on its melds ``state.melds[t]`` and the cards of
    its seats' hands. A pozzetto taken on the discard is already its taker's hand, so it counts
    as cards in hand if it was never played; untaken pozzetti are not counted (their teams pay the
    penalty instead), nor is the closer's final discard, which lies on the discard pile. The
    closing bonus goes to the closer's team when the hand ended by a closing, also a closing in
    the stock's last turn.

    A hand that is not over is scored as if it ended now, with no closing bonus.

    >>> from burraco.melds import validate_meld
    >>> from burraco.rules import CLASSIC
    >>> from burraco.state import Phase
    >>> state = GameState(
    ...     rules=CLASSIC, dealer=3, turn=0, phase=Phase.OVER,
    ...     hands=((), parse_cards("JK"), parse_cards("3C"), ()),
    ...     melds=((validate_meld("4S 5S 6S 7S 8S 9S 10S"),), (validate_meld("KH KD KC"),)),
    ...     stock=(), discard_pile=parse_cards("9H"), pozzetti=(), pozzetto_taken=(True, True),
    ...     outcome=Outcome(EndReason.CLOSED, 0),
    ... )
    >>> score_hand(state).totals
    (345, 0)

    Raises:
        InvalidStateError: if the state says a team closed without having taken its pozzetto.
    """
    teams = len(state.melds)
    outcome = state.outcome
    closer_team: int | None = None
    if outcome is not None and outcome.reason is EndReason.CLOSED and outcome.closer is not None:
        closer_team = outcome.closer % teams
    return HandScore(
        tuple(
            score_team(
                state.melds[team],
                [card for seat in state.seats_of(team) for card in state.hands[seat]],
                took_pozzetto=state.pozzetto_taken[team],
                closed=closer_team == team,
                rules=state.rules,
                opponent_closed=closer_team is not None and closer_team != team,
            )
            for team in range(teams)
        ),
        outcome,
    )
