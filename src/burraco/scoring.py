"""Scoring a hand: what each team's melds, hands, burracos, closing and pozzetto are worth.

Two entry points answer the same question (rules §9):

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

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from burraco.cards import JOKER, Card, format_cards, parse_cards
from burraco.errors import InvalidMeldError, InvalidStateError, NotationError, Reason, excerpt
from burraco.melds import (
    BurracoKind,
    Meld,
    MeldKind,
    burraco_bonus,
    burraco_kind,
    table_meld,
)
from burraco.rules import CLASSIC, Partnerships, PenaltyWhen, Rules
from burraco.state import EndReason, GameState, Outcome

__all__ = [
    "HandScore",
    "TeamScore",
    "check_table",
    "check_team",
    "partner_share",
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


_COUNT_FIELDS: Final = {
    BurracoKind.REALE: "reale_burracos",
    BurracoKind.NOBILE: "nobile_burracos",
    BurracoKind.OVER_THE_TOP: "over_the_top_burracos",
    BurracoKind.SUPER_CLEAN: "super_clean_burracos",
    BurracoKind.CLEAN: "clean_burracos",
    BurracoKind.SEMI_CLEAN: "semi_clean_burracos",
    BurracoKind.DIRTY: "dirty_burracos",
}
"""The field of :class:`TeamScore` that counts each class of burraco."""


@attrs.frozen(kw_only=True)
class TeamScore:
    """One team's score for one hand, in its parts (rules §9).

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
    reale_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many *reale* burracos (clean, A to K to A) the team has (Burraco Reale)."""
    nobile_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many *nobile* burracos (clean, A to K) the team has (Burraco Reale)."""
    over_the_top_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many clean sequences of 13 cards the team has (FE.BUR.IT)."""
    super_clean_burracos: int = attrs.field(default=0, validator=_whole(1))
    """How many clean sets of 8 cards the team has (FE.BUR.IT)."""

    @property
    def burracos(self) -> dict[BurracoKind, int]:
        """The number of burracos of each class, in the order of :class:`BurracoKind`, the
        classes the team has none of left out.

        >>> TeamScore(melded=80, in_hand=0, burraco_bonus=300, closing_bonus=0,
        ...           pozzetto_penalty=0, clean_burracos=1, dirty_burracos=1).burracos
        {<BurracoKind.CLEAN: 'clean'>: 1, <BurracoKind.DIRTY: 'dirty'>: 1}
        """
        counts = {kind: getattr(self, _COUNT_FIELDS[kind]) for kind in BurracoKind}
        return {kind: count for kind, count in counts.items() if count}

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
        return ", ".join(f"{count} {kind}" for kind, count in self.burracos.items())

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


def _int_tuple(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _seats_tuple(value: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(seats) for seats in value)


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
    """One score per team; the index is the team number (with first-out-alone partnerships,
    the order of the hand's final :attr:`GameState.partners <burraco.GameState.partners>`)."""
    outcome: Outcome | None = None
    """How the hand ended, or ``None`` if it was scored before it ended."""
    seat_points: tuple[int, ...] = attrs.field(default=(), converter=_int_tuple, eq=False)
    """The match points of each seat (rules §14.3), as :func:`score_hand` gives them: with
    fixed teams every seat is credited its team's total; with first-out-alone partnerships
    the lone player his total and each partner half the pair's total, rounded up to a multiple
    of 5 (:func:`partner_share`). Empty for a score built without seats (a
    :class:`HandScore` made by hand from team scores)."""
    partners: tuple[tuple[int, ...], ...] = attrs.field(
        default=(), converter=_seats_tuple, eq=False
    )
    """The seats of each team, as :attr:`GameState.partners <burraco.GameState.partners>` had
    them when the hand was scored; empty for a score built by hand from team scores.

    Two hand scores compare equal when their team scores and outcome do: these last two
    fields follow from the hand's teams and rules, which a score built by hand leaves out."""

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
        if (
            self.seat_points
            and self.partners
            and any(
                self.seat_points[seat] != team.total
                for team, seats in zip(teams, self.partners, strict=False)
                for seat in seats
            )
        ):
            rows.append(
                [
                    "match points",
                    *(
                        ", ".join(f"seat {seat} {self.seat_points[seat]}" for seat in seats)
                        for seats in self.partners
                    ),
                ]
            )
        lines = text_table(rows)
        outcome = self.outcome
        if outcome is not None:
            if outcome.closer is not None:
                lines.append(f"{outcome.reason} by seat {outcome.closer}")
            else:
                lines.append(f"ended: {outcome.reason}")
        return "\n".join(lines)


def partner_share(total: int) -> int:
    """A partner's match points from the pair's total under rules §14.3: half the total,
    rounded up to a multiple of 5 (towards plus infinity).

    >>> partner_share(235), partner_share(-235), partner_share(240), partner_share(0)
    (120, -115, 120, 0)
    """
    return -(-total // 10) * 5


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
    """``item`` as a meld, checked under ``rules`` (a :class:`Meld` too: it may have been built
    under other rules, or by :meth:`Meld.parse`, which knows no rule set)."""
    try:
        if isinstance(item, Meld):
            rebuilt = table_meld(item.cards, rules, item.wild_as)
            if rebuilt != item:
                raise InvalidMeldError(
                    f"illegal meld {index} '{item}': its cards make '{rebuilt}'",
                    reason=Reason.WILD_AS_NOT_POSSIBLE,
                    cards=item.cards,
                    detail=f"its cards make '{rebuilt}'",
                )
            return item
        return table_meld(item, rules)
    except InvalidMeldError as error:
        if error.args[0].startswith(f"illegal meld {index} "):
            raise
        text = excerpt(" ".join([str(card) for card in error.cards[:20]]))
        raise _renamed(
            error, f"illegal meld {index} {text}: {error.reason}: {error.detail}"
        ) from None
    except NotationError as error:
        raise _renamed(error, f"meld {index}: {error}") from None


def _renamed(
    error: InvalidMeldError | NotationError, message: str
) -> InvalidMeldError | NotationError:
    """``error`` again (its type, reason and fields) with ``message``: the same error, placed
    in the table or team it came from."""
    if isinstance(error, InvalidMeldError):
        return InvalidMeldError(
            message, reason=error.reason, cards=error.cards, detail=error.detail
        )
    return NotationError(message, token=error.token, reason=error.reason)


def score_team(
    melds: Iterable[Meld | str | Iterable[Card | str]],
    in_hand: str | Iterable[Card | str],
    *,
    took_pozzetto: bool,
    closed: bool,
    rules: Rules = CLASSIC,
    opponent_closed: bool = False,
    opponent_took_pozzetto: bool = False,
    seats: int | None = None,
) -> TeamScore:
    """Score one team's hand from plain data (rules §9).

    ``melds`` holds the team's melds: :class:`~burraco.Meld` values (taken as they are) or cards
    in any order, as a notation string (``"4S 5S 6S 7S"``) or a list of cards or tokens
    (``["KH", "KD", "KC"]``), which are checked with :func:`~burraco.validate_meld` under
    ``rules``. ``in_hand`` is every card left in the team's hands (both partners', including a
    pozzetto taken on the discard and never played), as cards or one notation string. The
    closer's final discard is not in hand; an untaken pozzetto is not counted either.

    The team earns ``rules.closing_bonus`` if ``closed``. If it never took its pozzetto it pays
    ``rules.pozzetto_penalty``: always, or under
    :attr:`PenaltyWhen.IF_OPPONENTS_CLOSED <burraco.PenaltyWhen.IF_OPPONENTS_CLOSED>` only if
    ``opponent_closed`` (another team closed the hand), or under
    :attr:`PenaltyWhen.UNLESS_NONE_TOOK <burraco.PenaltyWhen.UNLESS_NONE_TOOK>` only if
    ``opponent_took_pozzetto`` (another team took its pozzetto, rules §13.3). Each burraco
    earns the bonus of its class in ``rules.burraco_classes``.

    The worked hand of rules §12: team A closed, team B never took its pozzetto.

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

    Melds are numbered from 0, in the order given. ``seats`` is the number of the team's
    seats, as :func:`check_team` reads it (by default ``rules.players // rules.teams``; with
    :data:`~burraco.FIBUR3` or :data:`~burraco.FIBUR5`, 2 for a pair). A pair's match points
    are then :func:`partner_share` of the total, each.

    Raises:
        InvalidMeldError: if an item of ``melds`` is not a legal meld under ``rules``; the
            message names the meld by its index and cards, and ``reason`` is the meld's.
        NotationError: if a token is not a card.
        InvalidStateError: if the hand is not one a real table can show (see
            :func:`check_team`): the flags contradict each other (``closed`` and
            ``opponent_closed`` both true, or ``closed`` without ``took_pozzetto``:
            ``inconsistent-state``), ``in_hand`` holds fewer cards than the team's seats that
            did not close (every seat but the closer ends the hand holding a card, a pozzetto
            taken on the discard and never played included: ``inconsistent-state``), a team
            closed without the burraco the rules need (``closing-needs-burraco``,
            ``closing-needs-clean-burraco``), the team holds more copies of a card than the
            packs (``too-many-copies``), two sets of one rank under ``one_set_per_rank``
            (``set-rank-taken``, not for a pair of rules §14), a pozzetto taken with nothing
            melded, or cards in the hand of a closer alone (``inconsistent-state``).
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
        ("opponent_took_pozzetto", opponent_took_pozzetto),
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
    held = parse_cards(in_hand)
    check_team(table, held, rules, took_pozzetto=took_pozzetto, closed=closed, seats=seats)
    _check_holding(held, rules, closed=closed, seats=seats)
    return _team_score(
        table, held, took_pozzetto, closed, rules, opponent_closed, opponent_took_pozzetto
    )


def _check_holding(
    in_hand: Sequence[Card], rules: Rules, *, closed: bool, seats: int | None = None
) -> None:
    """Every seat but the closer ends the hand holding a card (rules §6, §7.2): a player who
    runs out of cards takes a pozzetto, one taken on the discard is cards in hand even when
    the hand ends at once, and a team that has its pozzetto empties a hand only by closing.
    The hand-score loader (:func:`burraco.serialize.from_json`) checks the same in points."""
    if seats is None:
        seats = rules.players // rules.teams
    holding = seats - closed
    if len(in_hand) < holding:
        raise InvalidStateError(
            "inconsistent-state: every seat but the closer ends the hand holding a card (a "
            "pozzetto taken on the discard and never played is in hand too), so the team holds "
            f"at least {holding} card{'s' if holding != 1 else ''}, one per seat"
            f"{' but the closer' if closed else ''}, not {len(in_hand)}",
            reason=Reason.INCONSISTENT_STATE,
        )


def _team_score(
    table: Sequence[Meld],
    held: Sequence[Card],
    took_pozzetto: bool,
    closed: bool,
    rules: Rules,
    opponent_closed: bool,
    opponent_took_pozzetto: bool,
) -> TeamScore:
    """The parts of a team's score, its melds and cards already checked."""
    counts = dict.fromkeys(BurracoKind, 0)
    bonus = 0
    for meld in table:
        kind = burraco_kind(meld, rules)
        if kind is not None:
            counts[kind] += 1
            bonus += burraco_bonus(meld, rules)
    when = rules.untaken_pozzetto_penalty
    penalised = not took_pozzetto and (
        when is PenaltyWhen.ALWAYS
        or (when is PenaltyWhen.IF_OPPONENTS_CLOSED and opponent_closed)
        or (when is PenaltyWhen.UNLESS_NONE_TOOK and (opponent_took_pozzetto or opponent_closed))
    )
    return TeamScore(
        melded=sum([meld.points for meld in table]),
        in_hand=-sum([card.points for card in held]),
        burraco_bonus=bonus,
        closing_bonus=rules.closing_bonus if closed else 0,
        pozzetto_penalty=-rules.pozzetto_penalty if penalised else 0,
        **{_COUNT_FIELDS[kind]: count for kind, count in counts.items()},
    )


def _too_many(cards: Iterable[Card], rules: Rules) -> tuple[Card, int] | None:
    """A card of which ``cards`` hold more copies than the packs, and how many, or ``None``."""
    packs = rules.packs
    for card, count in Counter(cards).items():
        if count > (2 * packs if card is JOKER else packs):
            return card, count
    return None


def check_team(
    melds: Sequence[Meld],
    in_hand: Sequence[Card],
    rules: Rules = CLASSIC,
    *,
    took_pozzetto: bool,
    closed: bool,
    seats: int | None = None,
) -> None:
    """Check what one team's end of hand must be at a real table (rules §4, §6, §7).

    :func:`score_team` calls it on every hand it scores; the melds are already legal under
    ``rules``. The checks, each with its reason code:

    * the team holds (melded and in hand together) no more copies of a card than the packs
      (``too-many-copies``);
    * under ``one_set_per_rank``, no two sets of one rank (``set-rank-taken``);
    * a team that took its pozzetto melded a whole hand to take it, so it has a meld
      (``inconsistent-state``);
    * a team that closed took its pozzetto (``inconsistent-state``) and has a burraco
      (``closing-needs-burraco``), a clean one under ``closing_needs_clean_burraco``
      (``closing-needs-clean-burraco``); a closer alone (2, 3 or 5 players, the lone player
      of rules §14) is the whole team, so it holds no card (``inconsistent-state``).

    ``seats`` is the number of seats of the team: ``rules.players // rules.teams`` unless
    given (with first-out-alone partnerships, 1 for the lone player or a hand that ended
    before the pairs formed, 2 for a pair). A pair of rules §14 may hold two sets of one rank,
    laid before it formed.

    >>> from burraco.melds import validate_meld
    >>> check_team([validate_meld("7S 7H 7D")], parse_cards("5H"), took_pozzetto=True,
    ...            closed=True)
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidStateError: closing-needs-burraco: a team closes only with a burraco
    (7 cards or more) on the table; its longest meld has 3 cards

    Raises:
        InvalidStateError: on the first check that fails; ``reason`` is the code above.
    """
    extra = _too_many([*(card for meld in melds for card in meld.cards), *in_hand], rules)
    if extra is not None:
        card, count = extra
        most = 2 * rules.packs if card is JOKER else rules.packs
        raise InvalidStateError(
            f"too-many-copies: the team holds {count} copies of {card}, and {rules.packs} packs "
            f"hold {most}",
            reason=Reason.TOO_MANY_COPIES,
        )
    if seats is None:
        seats = rules.players // rules.teams
    joined = rules.partnerships is Partnerships.FIRST_OUT_ALONE and seats > 1
    if rules.one_set_per_rank and not joined:
        seen: dict[object, int] = {}
        for index, meld in enumerate(melds):
            if meld.kind is MeldKind.SET:
                if meld.rank in seen:
                    raise InvalidStateError(
                        f"set-rank-taken: melds {seen[meld.rank]} and {index} are both sets of "
                        f"{meld.rank}; these rules allow one set per rank (add to the first)",
                        reason=Reason.SET_RANK_TAKEN,
                    )
                seen[meld.rank] = index
    if took_pozzetto and not melds:
        raise InvalidStateError(
            "inconsistent-state: a team takes its pozzetto by melding a whole hand, so a team "
            "that took it has a meld",
            reason=Reason.INCONSISTENT_STATE,
        )
    if not closed:
        return
    if not took_pozzetto:
        raise InvalidStateError(
            "a team that closed has taken its pozzetto: closed needs took_pozzetto",
            reason=Reason.INCONSISTENT_STATE,
        )
    longest = max((len(meld.cards) for meld in melds), default=0)
    if longest < 7:
        raise InvalidStateError(
            "closing-needs-burraco: a team closes only with a burraco (7 cards or more) on the "
            f"table; its longest meld has {longest} cards",
            reason=Reason.CLOSING_NEEDS_BURRACO,
        )
    if rules.closing_needs_clean_burraco and not any(
        len(meld.cards) >= 7 and meld.wild is None for meld in melds
    ):
        raise InvalidStateError(
            "closing-needs-clean-burraco: these rules let a team close only with a clean "
            "burraco, and this team has none",
            reason=Reason.CLOSING_NEEDS_CLEAN_BURRACO,
        )
    if seats == 1 and in_hand:
        raise InvalidStateError(
            "inconsistent-state: a closer alone is the whole team and "
            f"ends the hand with no card, so it holds none, not {excerpt(format_cards(in_hand))}"
            " (the closing discard is not counted)",
            reason=Reason.INCONSISTENT_STATE,
        )


def check_table(
    teams: Sequence[tuple[Iterable[Meld | str | Iterable[Card | str]], str | Iterable[Card | str]]],
    rules: Rules = CLASSIC,
    *,
    count: int | None = None,
) -> None:
    """Check what only the whole table shows: one entry per team, and the cards of all teams.

    ``teams`` holds, for each team in order, its melds and the cards left in its hands, in any
    form :func:`score_team` reads: melds as :class:`~burraco.Meld` values, card lists or
    strings, and the hand as cards or a string. :func:`score_team` scores one team alone and
    checks it with :func:`check_team`; a caller that has the whole hand (the ``burraco score``
    command, for one) calls this too.

    >>> check_table([(["5H 5D 5C"], "5H"), ([], "5H")])
    Traceback (most recent call last):
    ...
    burraco.errors.InvalidStateError: too-many-copies: the teams hold 3 copies of 5H, and 2 packs
    hold 2
    >>> check_table([(["5H 5D 5C"], "5H"), (["6H 7H 8H"], "")]) is None
    True

    ``count`` is the number of teams, when it is not ``rules.teams``: once the pairs of rules
    §14 form, 2 teams of 3 players and 3 of 5.

    Raises:
        InvalidStateError: ``out-of-range`` if there is not one entry per team of ``rules``
            (2 teams with 2 or 4 players, 3 with 3 or 6) or ``count``; ``too-many-copies``
            if the teams hold more copies of a card than the packs.
        InvalidMeldError: if a team's meld is not a legal meld under ``rules``; the message
            names the team and the meld's number.
        NotationError: if a card is not in notation; the message names the team.
        TypeError: if an entry is not a pair of melds and cards, or its melds are one string.
    """
    expected = rules.teams if count is None else count
    if len(teams) != expected:
        raise InvalidStateError(
            f"out-of-range: {rules.players} players make {expected} teams, so a hand has "
            f"{expected} team entries, not {len(teams)}",
            reason=Reason.OUT_OF_RANGE,
        )
    cards: list[Card] = []
    for number, entry in enumerate(teams):
        if not (isinstance(entry, tuple | list) and len(entry) == 2):
            raise TypeError(
                f"team {number}: an entry is a pair (melds, cards in hand), not {entry!r:.60}"
            )
        melds, held = entry
        if isinstance(melds, str):
            raise TypeError(
                f"team {number}: melds must be a list of melds, not one string: write "
                f"[{melds!r:.60}] for one meld"
            )
        try:
            cards += [
                card for i, item in enumerate(melds) for card in _read_meld(i, item, rules).cards
            ]
            cards += parse_cards(held)
        except (InvalidMeldError, NotationError) as error:
            raise _renamed(error, f"team {number}: {error}") from None
    extra = _too_many(cards, rules)
    if extra is not None:
        card, count = extra
        most = 2 * rules.packs if card is JOKER else rules.packs
        raise InvalidStateError(
            f"too-many-copies: the teams hold {count} copies of {card}, and {rules.packs} "
            f"packs hold {most}",
            reason=Reason.TOO_MANY_COPIES,
        )


def score_hand(state: GameState) -> HandScore:
    """Score every team of a hand, normally one that is over (rules §9).

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

    :attr:`HandScore.seat_points` credits each seat its team's total, or with first-out-alone
    partnerships each partner of a pair half of it, rounded up to a multiple of 5 (rules
    §14.3).

    Raises:
        InvalidStateError: if the state says a team closed without having taken its pozzetto.
    """
    teams = len(state.melds)
    outcome = state.outcome
    closer_team: int | None = None
    if outcome is not None and outcome.reason is EndReason.CLOSED and outcome.closer is not None:
        closer_team = state.team_of(outcome.closer)
    scores = []
    rules = state.rules
    for team in range(teams):
        melds = state.melds[team]
        seats = state.seats_of(team)
        held = [card for seat in seats for card in state.hands[seat]]
        took, closed = state.pozzetto_taken[team], closer_team == team
        check_team(melds, held, rules, took_pozzetto=took, closed=closed, seats=len(seats))
        opponent_closed = closer_team is not None and not closed
        opponent_took = any(
            taken for other, taken in enumerate(state.pozzetto_taken) if other != team
        )
        scores.append(
            _team_score(melds, held, took, closed, state.rules, opponent_closed, opponent_took)
        )
    halved = rules.partnerships is Partnerships.FIRST_OUT_ALONE
    seat_points = [0] * len(state.hands)
    for score, seats in zip(scores, state.partners, strict=True):
        for seat in seats:
            seat_points[seat] = (
                partner_share(score.total) if halved and len(seats) > 1 else score.total
            )
    return HandScore(tuple(scores), outcome, tuple(seat_points), state.partners)
