"""``burraco score FILE``: score a hand typed in as JSON and print the score sheet."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Final

import attrs

from burraco.cli.inputs import InputError, read_text
from burraco.cli.language import error_text, rules_text, say
from burraco.cli.options import Commands, add_rules
from burraco.cli.output import score_sheet
from burraco.cli.status import BAD_INPUT, OK
from burraco.errors import BurracoError, InvalidStateError, excerpt, number_text
from burraco.i18n import DEFAULT_LOCALE, Locale
from burraco.rules import PLAYER_COUNTS, PRESETS, Partnerships, Rules
from burraco.scoring import HandScore, TeamScore, check_table, partner_share, score_team
from burraco.serialize import MAX_DOCUMENT_LENGTH, read_json
from burraco.state import partners_after_first_out

__all__ = ["add_parser", "run"]

_SCORE_FORMAT: Final = """\
The file is JSON: an object with a list of teams, in team order, and optionally the rules
(a preset such as classic, fibur or fibur3; --rules overrides it) and the players (2 to 6;
default the preset's), which fix the number of teams:

  {"rules": "classic",
   "teams": [
     {"melds": ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"],
      "hand": "3C AH", "pozzetto": true, "closed": true},
     {"melds": ["9C 9C 9D 9D 9H 9S 2H", ["QS", "KS", "AS"]],
      "hand": "JD 7C 2S JK 5H", "pozzetto": false}
   ]}

For each team: "melds" (required) lists its melds, each a string or a list of cards;
"pozzetto" (required) says whether it took its pozzetto; "hand" (default none) holds every
card left in its players' hands (every seat but the closer holds one at least); "closed"
(default false) says whether it closed. Use "-" to read the file from standard input. The file
is at most 1,000,000 characters long.

Under fibur3 and fibur5 (pairs formed during the hand, rules §14) each team may give its
"seats", such as [0, 2] for a pair and [1] for the player who ran out first; without them every
player was alone (nobody ran out). Each partner of a pair is credited half the pair's total,
rounded up to a multiple of 5; the sheet shows these match points."""

_TEAM_KEYS: Final = frozenset({"melds", "hand", "pozzetto", "closed", "seats"})


def add_parser(commands: Commands) -> None:
    """Add ``burraco score`` to ``commands``."""
    score = commands.add_parser(
        "score",
        help="score a hand typed in as JSON",
        description="Score a hand from a JSON file and print the score sheet.",
        epilog=_SCORE_FORMAT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    score.add_argument("file", metavar="FILE", help='the JSON file, or "-" for standard input')
    add_rules(score, default=None)
    score.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco score``; return the exit status."""
    try:
        document = _read_json(args.file, args.lang)
        rules, scores, closer = _scores(document, args.rules, args.lang)
        partners = _partners(document, rules)
    except InputError as error:
        name = say("cli.standard_input", args.lang) if args.file == "-" else args.file
        print(f"burraco score: {name}: {error}", file=sys.stderr)
        return BAD_INPUT
    print(say("cli.score.rules", args.lang, rules=rules_text(rules.name, args.lang)))
    if partners is None:
        sheet = HandScore(tuple(scores))
    else:
        sheet = HandScore(tuple(scores), None, _seat_points(scores, partners, rules), partners)
    print(score_sheet(sheet, args.lang))
    if closer is not None:
        print(say("cli.score.closed", args.lang, n=closer))
    return OK


def _read_json(path: str, locale: Locale = DEFAULT_LOCALE) -> Any:
    try:
        text = read_text(path, MAX_DOCUMENT_LENGTH)
    except OSError as error:
        cannot = say("cli.score.cannot_read", locale, error=error.strerror or error)
        raise InputError(cannot) from None
    except UnicodeDecodeError:
        raise InputError(say("cli.not_text", locale)) from None
    try:
        return read_json(text)
    except InvalidStateError as error:
        detail = str(error).removeprefix("bad-json: ")
        raise InputError(detail if locale == "en" else error_text(error, locale)) from None


def _shown(value: object) -> str:
    """A JSON value for a message: a string in double quotes, cut as :func:`excerpt` cuts
    it; a number or a constant as JSON writes it (a huge number by its size); else its kind."""
    if isinstance(value, str):
        return '"' + excerpt(value, quoted=False) + '"'
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return number_text(value)
    if isinstance(value, float):
        return excerpt(json.dumps(value), quoted=False)
    return "a list" if isinstance(value, list) else "an object"


def _cards_field(value: object, where: str) -> str | list[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    raise InputError(f"{where} must be a string of cards or a list of cards")


def _flag(team: dict[str, Any], key: str, where: str, default: bool | None) -> bool:
    if key not in team:
        if default is None:
            raise InputError(f'{where} has no "{key}" (true or false)')
        return default
    value = team[key]
    if not isinstance(value, bool):
        raise InputError(f"{where}.{key} must be true or false, not {_shown(value)}")
    return value


def _partners(document: Any, rules: Rules) -> tuple[tuple[int, ...], ...] | None:
    """The teams' seats under first-out-alone rules (``None`` under fixed teams): each team's
    ``seats``, or one seat per team when no team gives them."""
    if rules.partnerships is Partnerships.FIXED:
        return None
    teams = document["teams"]
    if not any("seats" in team for team in teams):
        return tuple((seat,) for seat in range(rules.players))
    return tuple(tuple(sorted(team["seats"])) for team in teams)


def _seat_points(
    scores: list[TeamScore], partners: tuple[tuple[int, ...], ...], rules: Rules
) -> tuple[int, ...]:
    """Each seat's match points (rules §14.3): a partner's half, rounded up to a multiple of 5."""
    points = [0] * rules.players
    for score, seats in zip(scores, partners, strict=True):
        for seat in seats:
            points[seat] = partner_share(score.total) if len(seats) > 1 else score.total
    return tuple(points)


def _read_seats(teams: list[Any], rules: Rules) -> list[int | None]:
    """How many seats each team has: from its ``seats`` (first-out-alone rules), else ``None``
    (the rules' own count). The seats must be the lone player and the pairs of rules §14.2."""
    given = ["seats" in team for team in teams]
    if not any(given):
        return [None] * len(teams)
    if rules.partnerships is Partnerships.FIXED:
        raise InputError(
            '"seats" is for rules whose pairs form during the hand (fibur3, fibur5); these '
            "teams are fixed"
        )
    if not all(given):
        missing = given.index(False)
        raise InputError(f'teams[{missing}] needs its "seats" too, as every other team gives')
    partition = []
    for index, team in enumerate(teams):
        seats = team["seats"]
        if (
            not isinstance(seats, list)
            or not seats
            or not all(type(seat) is int and 0 <= seat < rules.players for seat in seats)
        ):
            raise InputError(
                f"teams[{index}].seats must be a list of seats from 0 to {rules.players - 1}, "
                f"not {_shown(seats)}"
            )
        partition.append(frozenset(seats))
    possible = [
        {frozenset(seats) for seats in partners_after_first_out(rules.players, alone)}
        for alone in range(rules.players)
    ]
    if set(partition) not in possible or len(partition) != len(possible[0]):
        example = [list(seats) for seats in partners_after_first_out(rules.players, 0)]
        raise InputError(
            "the seats must be the player who ran out first, alone, and the pairs the others "
            f"form (rules §14.2), such as {json.dumps(example)}"
        )
    return [len(seats) for seats in partition]


def _scores(
    document: Any, rules_name: str | None, locale: Locale = DEFAULT_LOCALE
) -> tuple[Rules, list[TeamScore], int | None]:
    """The rules, each team's score and the team that closed, from ``document``; a rules
    error of a team (a bad card, an illegal meld) is told in ``locale``, the shape of the
    document in English."""
    if not isinstance(document, dict):
        raise InputError('the file must hold a JSON object with a "teams" list')
    unknown = sorted(set(document) - {"rules", "players", "teams"})
    if unknown:
        raise InputError(
            f'unknown key {_shown(unknown[0])}: the keys are "rules", "players" and "teams"'
        )
    if rules_name is None:
        rules_name = document.get("rules", "classic")
        if not isinstance(rules_name, str) or rules_name not in PRESETS:
            raise InputError(
                f"rules must be one of {', '.join(sorted(PRESETS))}, not {_shown(rules_name)}"
            )
    rules = PRESETS[rules_name]
    players = document.get("players", rules.players)
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise InputError(f"players must be 2, 3, 4, 5 or 6, not {_shown(players)}")
    try:
        rules = attrs.evolve(rules, players=players)
    except ValueError as error:
        raise InputError(f"{rules.name} rules: {error}") from None
    teams = document.get("teams")
    if not isinstance(teams, list) or not teams:
        raise InputError('"teams" must be a non-empty list of teams')
    closers = []
    for index, team in enumerate(teams):
        if not isinstance(team, dict):
            raise InputError(f"teams[{index}] must be an object")
        if _flag(team, "closed", f"teams[{index}]", False):
            closers.append(index)
    if len(closers) > 1:
        raise InputError(f"only one team can close, not teams {closers[0]} and {closers[1]}")
    closer = closers[0] if closers else None
    seats = _read_seats(teams, rules)
    scores = []
    table = []
    took_flags = [
        _flag(team, "pozzetto", f"teams[{index}]", None)
        for index, team in enumerate(teams)
        if isinstance(team, dict)
    ]
    for index, team in enumerate(teams):
        where = f"teams[{index}]"
        unknown = sorted(set(team) - _TEAM_KEYS)
        if unknown:
            keys = ", ".join(f'"{key}"' for key in sorted(_TEAM_KEYS))
            raise InputError(f"{where}: unknown key {_shown(unknown[0])}: the keys are {keys}")
        melds = team.get("melds")
        if not isinstance(melds, list):
            raise InputError(f"{where}.melds must be a list of melds")
        items = [_cards_field(meld, f"{where}.melds[{i}]") for i, meld in enumerate(melds)]
        hand = _cards_field(team.get("hand", ""), f"{where}.hand")
        took = _flag(team, "pozzetto", where, None)
        if closer == index and not took:
            raise InputError(
                f'{where}: a team that closed has taken its pozzetto: "closed": true needs '
                '"pozzetto": true'
            )
        try:
            scores.append(
                score_team(
                    items,
                    hand,
                    took_pozzetto=took,
                    closed=closer == index,
                    opponent_closed=closer is not None and closer != index,
                    opponent_took_pozzetto=any(
                        flag for other, flag in enumerate(took_flags) if other != index
                    ),
                    rules=rules,
                    seats=seats[index],
                )
            )
        except BurracoError as error:
            raise InputError(f"{where}: {error_text(error, locale)}") from None
        table.append((items, hand))
    try:
        check_table(table, rules, count=None if seats[0] is None else len(seats))
    except BurracoError as error:
        raise InputError(error_text(error, locale)) from None
    return rules, scores, closer
