"""What ``burraco demo`` and ``burraco play`` print as a hand goes on: a printer that may
write suits as symbols and knows the language of the messages, a line per turn, and the score
sheet and the match sheet in that language (which ``burraco score`` and ``burraco replay``
print too)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

import attrs

from burraco.actions import Action, Discard
from burraco.cards import Suit
from burraco.cli.language import say, say_count
from burraco.i18n import DEFAULT_LOCALE, Locale
from burraco.match import Match
from burraco.rules import Partnerships
from burraco.scoring import HandScore, TeamScore, text_table
from burraco.state import GameState

__all__ = ["Printer", "Turns", "match_sheet", "score_sheet", "with_symbols"]

_CARD_TOKEN: Final = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


def with_symbols(text: str) -> str:
    """``text`` with every card's suit letter replaced by its symbol: ``7H`` becomes ``7♥``."""
    return _CARD_TOKEN.sub(lambda card: card.group(1) + Suit(card.group(2)).symbol, text)


class Printer:
    """Prints to standard output, with suit symbols when asked (``--unicode``); ``locale`` is
    the language of the messages (``--lang``)."""

    def __init__(self, unicode: bool, locale: Locale = DEFAULT_LOCALE) -> None:
        self.unicode = unicode
        self.locale: Locale = locale

    def __call__(self, value: object = "") -> None:
        text = str(value)
        print(with_symbols(text) if self.unicode else text)


def _end_reason(reason: str, locale: Locale) -> str:
    """How a hand ended, in ``locale``: the reason's code in English (as always printed), else
    its words from the catalogue (``end.<reason>``)."""
    return reason if locale == "en" else say(f"end.{reason}", locale)


def _notes(before: GameState, after: GameState, locale: Locale = DEFAULT_LOCALE) -> str:
    """What happened besides the action itself: a pozzetto taken, a closing, the hand's end."""
    notes = []
    seat = before.turn
    if (
        after.pozzetto_taken[after.team_of(seat)]
        and not before.pozzetto_taken[before.team_of(seat)]
    ):
        notes.append(say("cli.takes_pozzetto", locale))
    if after.partners != before.partners:  # rules §14: the first out plays alone
        pairs = say("cli.and", locale).join(
            say("cli.seat_pair", locale, a=seats[0], b=seats[1])
            for seats in after.partners
            if len(seats) == 2
        )
        notes.append(say("cli.plays_alone", locale, pairs=pairs))
    if after.outcome is not None and after.outcome.closer is not None:
        notes.append(say("cli.closes", locale))
    elif after.outcome is not None:
        reason = _end_reason(str(after.outcome.reason), locale)
        notes.append(say("cli.hand_ends", locale, reason=reason))
    return f" ({'; '.join(notes)})" if notes else ""


def _burraco_cell(team: TeamScore, locale: Locale) -> str:
    """The burracos' cell of the score sheet: their bonus, after their counts by class."""
    words = ", ".join(
        f"{count} {say(f'cli.burraco.{kind}', locale)}" for kind, count in team.burracos.items()
    )
    bonus = say("cli.sheet.cell", locale, n=team.burraco_bonus)
    return f"({words}) {bonus}" if words else bonus


def score_sheet(score: HandScore, locale: Locale = DEFAULT_LOCALE) -> str:
    """The score sheet of a hand in ``locale``: in English exactly ``str(score)``, else the
    same rows with the catalogue's labels and the locale's numbers."""
    if locale == "en":
        return str(score)
    teams = score.teams

    def cells(values: list[int]) -> list[str]:
        return [say("cli.sheet.cell", locale, n=value) for value in values]

    rows = [
        ["", *(say("cli.sheet.team", locale, n=index) for index in range(len(teams)))],
        [say("cli.sheet.melded", locale), *cells([team.melded for team in teams])],
        [say("cli.sheet.in_hand", locale), *cells([team.in_hand for team in teams])],
        [say("cli.sheet.burracos", locale), *(_burraco_cell(team, locale) for team in teams)],
        [say("cli.sheet.closing", locale), *cells([team.closing_bonus for team in teams])],
        [say("cli.sheet.pozzetto", locale), *cells([team.pozzetto_penalty for team in teams])],
        [say("cli.sheet.total", locale), *cells([team.total for team in teams])],
    ]
    if (
        score.seat_points
        and score.partners
        and any(
            score.seat_points[seat] != team.total
            for team, seats in zip(teams, score.partners, strict=False)
            for seat in seats
        )
    ):
        rows.append(
            [
                say("cli.sheet.match_points", locale),
                *(
                    ", ".join(
                        say(
                            "cli.sheet.seat_points",
                            locale,
                            seat=seat,
                            points=score.seat_points[seat],
                        )
                        for seat in seats
                    )
                    for seats in score.partners
                ),
            ]
        )
    lines = text_table(rows)
    outcome = score.outcome
    if outcome is not None:
        if outcome.closer is not None:
            lines.append(say("cli.sheet.closed_by", locale, seat=outcome.closer))
        else:
            reason = _end_reason(str(outcome.reason), locale)
            lines.append(say("cli.sheet.ended", locale, reason=reason))
    return "\n".join(lines)


def match_sheet(match: Match, locale: Locale = DEFAULT_LOCALE) -> str:
    """The match sheet in ``locale``: in English exactly ``str(match)``, else the same rows
    (each hand's points, the totals, the victory points of a tournament match) and the same
    last line with the catalogue's words and the locale's numbers."""
    if locale == "en":
        return str(match)
    rules = match.rules
    by_seat = rules.partnerships is Partnerships.FIRST_OUT_ALONE
    columns = len(match.totals)

    def cells(values: Sequence[int]) -> list[str]:
        return [say("cli.sheet.cell", locale, n=value) for value in values]

    rows = [
        [
            say("cli.match.hand", locale),
            say("cli.match.dealer", locale),
            *(
                say("cli.play.seat_n" if by_seat else "cli.play.team_n", locale, n=column)
                for column in range(columns)
            ),
        ]
    ]
    before = (0,) * columns
    for index in range(len(match.hands)):  # a hand's points: how much it added to the totals
        after = attrs.evolve(match, hands=match.hands[: index + 1]).totals
        dealer = (match.first_dealer + index) % rules.players
        rows.append(
            [
                say("cli.sheet.cell", locale, n=index + 1),
                str(dealer),
                *cells([total - earlier for total, earlier in zip(after, before, strict=True)]),
            ]
        )
        before = after
    rows.append([say("cli.sheet.total", locale), "", *cells(match.totals)])
    if match.victory_points is not None:
        rows.append([say("cli.match.victory_points", locale), "", *cells(match.victory_points)])
    lines = text_table(rows)
    winner, deals, target = match.winner, match.deals, rules.target
    if deals is not None:
        if not match.is_over:
            n = len(match.hands) + 1
            lines.append(say("cli.match.next_deal", locale, n=n, deals=deals, dealer=match.dealer))
        elif winner is None:
            lines.append(say("cli.match.draw", locale, deals=deals))
        elif by_seat:
            lines.append(say("cli.match.seat_wins_after", locale, n=winner, deals=deals))
        else:
            lines.append(say("cli.match.team_wins_after", locale, n=winner, deals=deals))
    elif winner is not None:
        key = "cli.match.seat_wins" if by_seat else "cli.match.team_wins"
        lines.append(say(key, locale, n=winner, target=target))
    else:
        at = rules.everyone_alone_at
        if by_seat and match.switched:
            key = "cli.match.target_alone_now"
        elif by_seat and at is not None:
            key = "cli.match.target_alone_at"
        else:
            key = "cli.match.target"
        alone_at = 0 if at is None else at
        lines.append(say(key, locale, target=target, at=alone_at, dealer=match.dealer))
    return "\n".join(lines)


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
        locale = self.show.locale
        self.actions.append(f"{action}{_notes(before, after, locale)}")
        if not (isinstance(action, Discard) or after.is_over):
            return
        self.count += 1
        seat = before.turn
        held = len(after.hands[seat])
        if self.names[seat] == "you":
            who = say("cli.you", locale)
        else:
            who = say("cli.seat_named", locale, seat=seat, name=self.names[seat])
        self.show(
            say(
                "cli.turn",
                locale,
                n=f"{self.count:>2}",
                who=who,
                actions="; ".join(self.actions),
                left=say_count("cli.left", held, locale),
            )
        )
        self.actions = []
        if self.table_every and self.count % self.table_every == 0 and not after.is_over:
            self.show()
            self.show(after)
            self.show()
