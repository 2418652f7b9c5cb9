"""``burraco tournament ACTION FILE``: a club tournament kept in a JSON file: ``create`` it,
``pair`` the next round, enter a ``result``, give a ``penalty``, print the ``standings``.

:mod:`burraco.tournament` is imported only when the command runs."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from burraco.cli.inputs import InputError
from burraco.cli.options import Commands, positive, seed_number
from burraco.cli.status import BAD_INPUT, OK
from burraco.errors import BurracoError

__all__ = ["add_parser", "run"]


def add_parser(commands: Commands) -> None:
    """Add ``burraco tournament`` to ``commands``."""
    tournament = commands.add_parser(
        "tournament",
        help="run a club tournament: pair rounds, enter results, print standings",
        description=(
            "Run a tournament kept in a JSON file: create it, pair each round by its "
            "movement, enter each table's totals, print the standings. Victory points come "
            "from the difference by the table of the number of deals."
        ),
    )
    actions = tournament.add_subparsers(dest="action", metavar="ACTION", required=True)
    create = actions.add_parser("create", help="create a tournament file")
    create.add_argument("file", metavar="FILE", help="the tournament's JSON file to create")
    create.add_argument("--name", default="tournament", help="its name")
    who = create.add_mutually_exclusive_group(required=True)
    who.add_argument("--entrants", metavar="CSV", help="entrants: number,name[,player1,...]")
    who.add_argument("--pairs", type=positive, help="this many pairs, named 'pair N'")
    create.add_argument(
        "--schedule",
        default="mitchell,mitchell,mitchell,danese",
        help="the movement of each round, comma-separated (default: %(default)s)",
    )
    create.add_argument(
        "--deals", type=positive, default=4, help="deals per round (default: %(default)s)"
    )
    create.add_argument(
        "--rematches",
        choices=("allowed", "not-previous", "never"),
        default="not-previous",
        help="the rematches a danese round may make (default: %(default)s)",
    )
    create.add_argument("--individual", action="store_true", help="entrants are individuals")
    create.add_argument(
        "--avoid-same-club", action="store_true", help="keep entrants of one club apart"
    )
    create.add_argument("--seed", type=seed_number, help="deck seed of a duplicate event")
    create.add_argument("--force", action="store_true", help="replace an existing file")
    create.set_defaults(step=_create)
    pair = actions.add_parser("pair", help="pair the next round and print its tables")
    pair.add_argument("file", metavar="FILE")
    pair.add_argument(
        "--tables", metavar="CSV", help="the director's own table list: table,home,away"
    )
    pair.set_defaults(step=_pair)
    result = actions.add_parser("result", help="enter (or correct) a table's result")
    result.add_argument("file", metavar="FILE")
    result.add_argument("table", type=positive, help="the table number")
    result.add_argument("home", type=int, nargs="?", help="the home (north-south) total")
    result.add_argument("away", type=int, nargs="?", help="the away (east-west) total")
    result.add_argument("--round", type=positive, help="the round (default: the last paired)")
    result.add_argument("--time-out", action="store_true", help="time was called at the table")
    result.add_argument("--unplayed", action="store_true", help="the table did not play")
    result.add_argument("--reason", default="", help="why a result is entered again")
    result.set_defaults(step=_result)
    penalty = actions.add_parser("penalty", help="give or take victory points, with a reason")
    penalty.add_argument("file", metavar="FILE")
    penalty.add_argument("entrant", type=positive, help="the entrant's number")
    penalty.add_argument("victory_points", type=int, help="points to add (negative: a penalty)")
    penalty.add_argument("--reason", required=True, help="why")
    penalty.add_argument("--round", type=positive, help="the round (default: the last paired)")
    penalty.set_defaults(step=_penalty)
    standings = actions.add_parser("standings", help="print the standings")
    standings.add_argument("file", metavar="FILE")
    standings.add_argument("--round", type=int, help="after this round (default: the last)")
    standings.add_argument("--csv", action="store_true", help="as CSV")
    standings.add_argument("--sheet", action="store_true", help="the score sheet, as CSV")
    standings.set_defaults(step=_standings)
    tournament.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco tournament``; return the exit status."""
    step: Callable[[argparse.Namespace], Any] = args.step
    try:
        tournament = step(args)
        if tournament is not None:
            _save(args.file, tournament)
    except (InputError, BurracoError) as error:
        print(f"burraco tournament {args.action}: {error}", file=sys.stderr)
        return BAD_INPUT
    return OK


def _load(path: str) -> Any:
    from burraco.tournament import from_json

    try:
        with open(path, encoding="utf-8") as file:
            text = file.read(8_000_001)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    return from_json(text)


def _save(path: str, tournament: Any) -> None:
    from burraco.tournament import to_json

    temporary = f"{path}.new"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(to_json(tournament) + "\n")
        os.replace(temporary, path)
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}") from None


def _create(args: argparse.Namespace) -> Any:
    from burraco.tournament import Entrant, Settings, Tournament, read_entrants

    if os.path.exists(args.file) and not args.force:
        raise InputError(f"{args.file} exists: choose another name, or --force to replace it")
    if args.entrants:
        try:
            with open(args.entrants, encoding="utf-8") as file:
                entrants = read_entrants(file.read(4_000_001))
        except OSError as error:
            raise InputError(f"cannot read {args.entrants}: {error.strerror}") from None
    else:
        entrants = tuple(Entrant(n, f"pair {n}") for n in range(1, args.pairs + 1))
    settings = Settings(
        schedule=tuple(args.schedule.split(",")),
        deals=args.deals,
        rematches=args.rematches,
        individual=args.individual,
        avoid_same_club=args.avoid_same_club,
        seed=args.seed,
    )
    tournament = Tournament.create(args.name, entrants, settings)
    rounds = len(settings.schedule)
    print(f"{tournament.name}: {len(entrants)} entrants, {rounds} rounds of {args.deals} deals")
    return tournament


def _pair(args: argparse.Namespace) -> Any:
    from burraco.tournament import read_tables

    tournament = _load(args.file)
    if args.tables:
        try:
            with open(args.tables, encoding="utf-8") as file:
                tables = read_tables(file.read(4_000_001))
        except OSError as error:
            raise InputError(f"cannot read {args.tables}: {error.strerror}") from None
        tournament = tournament.with_round(tables)
    else:
        tournament = tournament.pair_next_round()
    print(tournament.rounds[-1])
    return tournament


def _current_round(tournament: Any, given: int | None) -> int:
    if given is not None:
        return given
    if not tournament.rounds:
        raise InputError("no round is paired yet: run 'burraco tournament pair' first")
    return len(tournament.rounds)


def _result(args: argparse.Namespace) -> Any:
    from burraco.tournament import TableResult

    tournament = _load(args.file)
    number = _current_round(tournament, args.round)
    if args.unplayed:
        result = TableResult.unplayed()
    else:
        if args.home is None or args.away is None:
            raise InputError("give the home and away totals, or --unplayed")
        result = TableResult.from_totals(args.home, args.away, time_out=args.time_out)
    tournament = tournament.record(number, args.table, result, reason=args.reason)
    table = next(t for t in tournament.round(number).tables if t.number == args.table)
    home, away = result.victory_points(tournament.settings.victory_table)
    print(f"round {number} {table}: {result}, victory points {home}-{away}")
    return tournament


def _penalty(args: argparse.Namespace) -> Any:
    tournament = _load(args.file)
    number = _current_round(tournament, args.round)
    tournament = tournament.adjust(number, args.entrant, args.victory_points, reason=args.reason)
    entrant = tournament.entrant(args.entrant)
    print(f"round {number}: {entrant}: {args.victory_points:+d} victory points ({args.reason})")
    return tournament


def _standings(args: argparse.Namespace) -> None:
    from burraco.tournament import score_sheet_csv, standings_csv

    tournament = _load(args.file)
    if args.sheet:
        print(score_sheet_csv(tournament), end="")
        return
    standings = tournament.standings(args.round)
    print(standings_csv(standings) if args.csv else standings, end="" if args.csv else "\n")
