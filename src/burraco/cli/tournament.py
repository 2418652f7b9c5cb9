"""``burraco tournament ACTION FILE``: a club tournament kept in an event store (an SQLite
file): ``create`` it, ``pair`` the next round, enter a ``result``, give a ``penalty``, print
the ``standings``, print a duplicate round's ``deals`` for the dealers, compare the room with
``bots``, ``import`` a JSON event file and ``export`` one.

Every writing action is one transaction of :class:`~burraco.tournament.EventStore`, so
commands run at once (several directors' laptops, twenty table phones) all land. A JSON event
file of an earlier version is read by every action that only reads (``standings``,
``deals``, ``export``); an action that writes says how to import it first.

:mod:`burraco.tournament` is imported only when the command runs."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from burraco.cli.inputs import InputError
from burraco.cli.options import Commands, positive, seed_number, whole_number
from burraco.cli.status import BAD_INPUT, OK
from burraco.errors import BurracoError

if TYPE_CHECKING:
    from burraco.tournament import EventStore, TableResult, Tournament

__all__ = ["add_parser", "run"]

_MOST_FILE = 4_000_000


def _pair_option(text: str) -> tuple[int, int]:
    """``A-B`` (or ``A:B``): two whole numbers, as in ``--forbid 3-7`` or ``--assigned 12-8``."""
    for mark in ("-", ":", "/"):
        left, found, right = text.partition(mark)
        if found and left.strip().isdigit() and right.strip().isdigit():
            return int(left), int(right)
    raise argparse.ArgumentTypeError(f"expected two numbers as A-B, not {text!r}")


def _victory_option(text: str) -> tuple[int, ...]:
    """``12-8`` (or ``12:8``), or ``14-8-8`` at a table of three or five: victory points."""
    for mark in ("-", ":", "/"):
        parts = text.split(mark)
        if len(parts) in (2, 3, 5) and all(part.strip().isdigit() for part in parts):
            return tuple(int(part) for part in parts)
    raise argparse.ArgumentTypeError(
        f"expected two numbers as A-B, or three or five (a table of three or five), not {text!r}"
    )


def _numbers_option(text: str) -> tuple[int, ...]:
    """``900,300,-105``: whole numbers, negative ones too, separated by commas (``--seats``)."""
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected whole numbers separated by commas, as 900,300,-105, not {text!r}"
        ) from None


def _deal_scores(text: str) -> tuple[tuple[int, int], ...]:
    """``1200:300,450:-80``: each deal's home and away scores."""
    deals = []
    for part in text.split(","):
        home, found, away = part.strip().partition(":")
        try:
            deals.append((int(home), int(away)))
        except ValueError:
            found = ""
        if not found:
            raise argparse.ArgumentTypeError(
                f"deal scores are HOME:AWAY separated by commas, not {part.strip()!r}"
            )
    return tuple(deals)


def _signed(text: str) -> int:
    """A whole number that may be negative (a total can be)."""
    negative = text.startswith("-")
    return -whole_number(text[1:]) if negative else whole_number(text)


def add_parser(commands: Commands) -> None:
    """Add ``burraco tournament`` to ``commands``."""
    tournament = commands.add_parser(
        "tournament",
        help="run a club tournament: pair rounds, enter results, print standings",
        description=(
            "Run a tournament kept in an event store (an SQLite file that many commands may "
            "write at once): create it, pair each round by its movement, enter each table's "
            "totals, print the standings and the duplicate deals. Victory points come from "
            "the difference by the victory-point table."
        ),
    )
    actions = tournament.add_subparsers(dest="action", metavar="ACTION", required=True)
    create = actions.add_parser(
        "create",
        help="create an event store",
        description="Create an event: its entrants and every number of its regulations.",
    )
    create.add_argument("file", metavar="FILE", help="the event store to create")
    create.add_argument("--name", default="tournament", help="its name")
    who = create.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--entrants",
        metavar="CSV",
        help="entrants from a spreadsheet's CSV: number,name[,player1,player2,club] "
        "(Italian headers, ; or tab, UTF-8, UTF-16 or Windows-1252 all read)",
    )
    who.add_argument("--pairs", type=positive, help="this many pairs, named 'pair N'")
    create.add_argument(
        "--format",
        choices=("5x2", "4x3", "3x4"),
        help="the federation's formats: 5 rounds of 2 deals (25 minutes), 4 of 3 (35), 3 of 4 (45)",
    )
    create.add_argument(
        "--schedule",
        help="the movement of each round, comma-separated: mitchell, danese, round-robin, "
        "rotation, manual (default: mitchell for every round but the last, a danese)",
    )
    create.add_argument("--rounds", type=positive, help="rounds, with the default schedule")
    create.add_argument("--deals", type=positive, help="deals per round, 2 to 5 (default 4)")
    create.add_argument("--minutes", type=positive, help="minutes of a round")
    create.add_argument(
        "--victory-table",
        metavar="NAME|FILE",
        help="the victory-point table: burraco-2, fibur-3, fibur-4, burraco-5, teams-N, or "
        "a CSV or JSON file (default: the one of the deals)",
    )
    create.add_argument(
        "--bye-victory-points", type=whole_number, help="victory points of a bye (default 12)"
    )
    create.add_argument(
        "--bye-points", type=whole_number, help="points a bye counts as scored (default 0)"
    )
    create.add_argument(
        "--tie-breaks",
        help="the standings' criteria in order, comma-separated: victory-points, difference, "
        "head-to-head, points, buchholz (default: the first four)",
    )
    create.add_argument(
        "--mitchell-step", type=positive, help="tables the moving line moves each round"
    )
    create.add_argument(
        "--forbid",
        type=_pair_option,
        action="append",
        default=[],
        metavar="A-B",
        help="entrants A and B never meet (repeat for more)",
    )
    create.add_argument(
        "--rematches",
        choices=("allowed", "not-previous", "never"),
        default="never",
        help="the rematches a danese round may make (default: %(default)s)",
    )
    create.add_argument(
        "--seats",
        choices=("balanced", "ranked"),
        default="balanced",
        help="who sits north-south at a danese table (default: %(default)s)",
    )
    create.add_argument("--individual", action="store_true", help="entrants are individuals")
    create.add_argument(
        "--byes",
        action="store_true",
        help="individuals: the players left over by tables of four sit out with a bye "
        "(default: they play at tables of three, or one of five, under FIBUR3 and FIBUR5)",
    )
    create.add_argument(
        "--teams", action="store_true", help="entrants are teams of two pairs (matches at 2 tables)"
    )
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
    result.add_argument("home", type=_signed, nargs="?", help="the home (north-south) total")
    result.add_argument("away", type=_signed, nargs="?", help="the away (east-west) total")
    result.add_argument("--round", type=positive, help="the round (default: the last paired)")
    result.add_argument(
        "--seats",
        dest="seat_points",
        type=_numbers_option,
        metavar="P,P,P",
        help="a table of three or five: each player's points, in the table's seat order",
    )
    result.add_argument(
        "--deals",
        dest="deal_scores",
        type=_deal_scores,
        metavar="H:A,...",
        help="the deal-by-deal scores (duplicate), home:away, comma-separated",
    )
    result.add_argument("--time-out", action="store_true", help="time was called at the table")
    result.add_argument("--unplayed", action="store_true", help="the table did not play")
    result.add_argument(
        "--assigned",
        type=_victory_option,
        metavar="H-A",
        help="an assigned (adjusted) result: the victory points the director gives "
        "(at a table of three or five, each player's: 14-8-8)",
    )
    result.add_argument("--reason", default="", help="why a result is entered again")
    result.set_defaults(step=_result)
    penalty = actions.add_parser("penalty", help="give or take victory points, with a reason")
    penalty.add_argument("file", metavar="FILE")
    penalty.add_argument("entrant", type=positive, help="the entrant's number")
    penalty.add_argument("victory_points", type=_signed, help="points to add (negative: a penalty)")
    penalty.add_argument("--reason", required=True, help="why")
    penalty.add_argument("--round", type=positive, help="the round (default: the last paired)")
    penalty.set_defaults(step=_penalty)
    standings = actions.add_parser("standings", help="print the standings")
    standings.add_argument("file", metavar="FILE")
    standings.add_argument("--round", type=whole_number, help="after this round (default: last)")
    shape = standings.add_mutually_exclusive_group()
    shape.add_argument("--csv", action="store_true", help="as CSV")
    shape.add_argument("--html", action="store_true", help="as an HTML page")
    shape.add_argument("--pdf", metavar="OUT", help="as a PDF file written to OUT")
    shape.add_argument("--sheet", action="store_true", help="the score sheet, as CSV")
    shape.add_argument(
        "--matchpoints", action="store_true", help="the duplicate ranking by matchpoints"
    )
    standings.set_defaults(step=_standings)
    deals = actions.add_parser(
        "deals", help="print a duplicate round's deck orders as hand records for the dealers"
    )
    deals.add_argument("file", metavar="FILE")
    deals.add_argument("--round", type=positive, help="the round (default: the next to play)")
    shape = deals.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help="as JSON")
    shape.add_argument("--html", action="store_true", help="as an HTML page")
    shape.add_argument("--pdf", metavar="OUT", help="as a PDF file written to OUT")
    deals.set_defaults(step=_deals)
    bots = actions.add_parser(
        "bots", help="compare a duplicate round's tables with bots playing the same decks"
    )
    bots.add_argument("file", metavar="FILE")
    bots.add_argument("--round", type=positive, help="the round (default: the last paired)")
    bots.add_argument("--agent", default="greedy", help="the bots (default: greedy)")
    bots.set_defaults(step=_bots)
    importing = actions.add_parser("import", help="import a JSON event file into a new event store")
    importing.add_argument("json_file", metavar="JSON", help="the JSON event file")
    importing.add_argument("file", metavar="FILE", help="the event store to create")
    importing.add_argument("--force", action="store_true", help="replace an existing file")
    importing.set_defaults(step=_import)
    export = actions.add_parser("export", help="print the whole event as JSON (or CSV)")
    export.add_argument("file", metavar="FILE")
    export.add_argument(
        "--csv",
        choices=("entrants", "sheet", "standings"),
        help="one table of the event as CSV instead",
    )
    export.set_defaults(step=_export)
    tournament.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco tournament``; return the exit status."""
    step: Callable[[argparse.Namespace], None] = args.step
    try:
        step(args)
    except (InputError, BurracoError) as error:
        print(f"burraco tournament {args.action}: {error}", file=sys.stderr)
        return BAD_INPUT
    return OK


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            data = file.read(_MOST_FILE + 1)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    if len(data) > _MOST_FILE:
        raise InputError(f"{path} is larger than {_MOST_FILE} bytes")
    return data


def _load(path: str) -> Tournament:
    """The event in ``path``: an event store, or a JSON event file (read only)."""
    from burraco.tournament import EventStore, from_json, is_event_store

    if is_event_store(path):
        return EventStore(path).load()
    return from_json(_read_bytes(path))


def _store(path: str) -> EventStore:
    """The event store at ``path``, to write to."""
    from burraco.tournament import EventStore, is_event_store

    if not os.path.exists(path):
        raise InputError(f"cannot read {path}: no such file")
    if not is_event_store(path):
        raise InputError(
            f"{path} is a JSON event file, which this version only reads: import it into an "
            f"event store first (burraco tournament import {path} NEW_FILE) and use that"
        )
    return EventStore(path)


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    from burraco.tournament import FORMATS, read_victory_table, victory_table

    values: dict[str, Any] = {}
    rounds = args.rounds
    if args.format:
        shape = FORMATS[args.format]
        rounds = rounds or shape.rounds
        values["deals"] = shape.deals
        values["minutes"] = shape.minutes
    if args.deals is not None:
        values["deals"] = args.deals
    if args.schedule:
        values["schedule"] = tuple(part.strip() for part in args.schedule.split(","))
    elif rounds:
        values["schedule"] = ("mitchell",) * (rounds - 1) + ("danese",)
    if args.victory_table:
        if os.path.exists(args.victory_table):
            values["victory_table"] = read_victory_table(_read_bytes(args.victory_table))
        else:
            values["victory_table"] = victory_table(args.victory_table)
    if args.tie_breaks:
        values["criteria"] = tuple(part.strip() for part in args.tie_breaks.split(","))
    for name in ("bye_victory_points", "bye_points", "mitchell_step", "minutes", "seed"):
        if getattr(args, name) is not None:
            values[name] = getattr(args, name)
    values.update(
        rematches=args.rematches,
        danese_seats=args.seats,
        individual=args.individual,
        seat_everyone=not args.byes,
        teams=args.teams,
        avoid_same_club=args.avoid_same_club,
        forbidden=tuple(args.forbid),
    )
    return values


def _create(args: argparse.Namespace) -> None:
    from burraco.tournament import Entrant, EventStore, Settings, Tournament, read_entrants

    if os.path.exists(args.file) and not args.force:
        raise InputError(f"{args.file} exists: choose another name, or --force to replace it")
    if args.entrants:
        entrants = read_entrants(_read_bytes(args.entrants))
    else:
        kind = "player" if args.individual else "team" if args.teams else "pair"
        entrants = tuple(Entrant(n, f"{kind} {n}") for n in range(1, args.pairs + 1))
    settings = Settings(**_settings(args))
    event = Tournament.create(args.name, entrants, settings)
    EventStore.create(args.file, event, replace=args.force)
    rounds = len(settings.schedule)
    print(
        f"{event.name}: {len(entrants)} entrants, {rounds} rounds of {settings.deals} deals "
        f"({settings.round_minutes} minutes a round)"
    )


def _pair(args: argparse.Namespace) -> None:
    from burraco.tournament import read_tables

    store = _store(args.file)
    if args.tables:
        tables = read_tables(_read_bytes(args.tables))
        event = store.update(lambda event: event.with_round(tables))
    else:
        event = store.update(lambda event: event.pair_next_round())
    print(event.rounds[-1])


def _current_round(event: Tournament, given: int | None) -> int:
    if given is not None:
        return given
    if not event.rounds:
        raise InputError("no round is paired yet: run 'burraco tournament pair' first")
    return len(event.rounds)


def _table_result(args: argparse.Namespace, store: EventStore) -> TableResult:
    from burraco.tournament import TableResult

    given = (args.home is not None) + (args.away is not None)
    if args.seat_points is not None:
        if given or args.deal_scores or args.unplayed:
            raise InputError("give --seats without home and away totals, --deals or --unplayed")
        if args.assigned:
            return TableResult.assigned(args.assigned, args.seat_points)
        return TableResult.from_seat_points(args.seat_points, time_out=args.time_out)
    if args.unplayed:
        return TableResult.unplayed((0,) * _sides_at(store, args.round, args.table))
    if args.assigned:
        points = (args.home, args.away) if given == 2 else ()
        return TableResult.assigned(args.assigned, points)
    if args.deal_scores:
        result = TableResult.from_deals(args.deal_scores, time_out=args.time_out)
        if given and (args.home, args.away) != result.points:
            raise InputError(
                f"the deals add up to {result.points[0]} to {result.points[1]}, not "
                f"{args.home} to {args.away}"
            )
        return result
    if given != 2:
        raise InputError("give the home and away totals, or --deals, --unplayed or --assigned")
    return TableResult.from_totals(args.home, args.away, time_out=args.time_out)


def _result(args: argparse.Namespace) -> None:
    from burraco.errors import TournamentError
    from burraco.tournament import settings_from_dict

    store = _store(args.file)
    try:
        result = _table_result(args, store)
    except TournamentError as error:
        place = f"table {args.table}: {error.path}" if error.path else f"table {args.table}"
        raise TournamentError(error.detail, reason=error.reason, path=place) from None
    round_, entry = store.record(args.round, args.table, result, reason=args.reason)
    table = next(t for t in round_.tables if t.number == args.table)
    given = result.victory_points(settings_from_dict(store.settings()).victory_table)
    print(f"round {entry.round} {table}: {result}, victory points {'-'.join(map(str, given))}")


def _sides_at(store: EventStore, round_number: int | None, table: int) -> int:
    """How many numbers a result of ``table`` holds: 2, or the players of a table of three
    or five (2 for a table or round that does not exist: recording it says so)."""
    event = store.load()
    if not event.rounds:
        return 2
    number = len(event.rounds) if round_number is None else round_number
    if not 1 <= number <= len(event.rounds):
        return 2
    seated = [t for t in event.round(number).tables if t.number == table]
    return len(seated[0].sides) if seated else 2


def _penalty(args: argparse.Namespace) -> None:
    store = _store(args.file)

    def step(event: Tournament) -> Tournament:
        number = _current_round(event, args.round)
        return event.adjust(number, args.entrant, args.victory_points, reason=args.reason)

    event = store.update(step)
    entrant = event.entrant(args.entrant)
    number = event.history[-1].round
    print(f"round {number}: {entrant}: {args.victory_points:+d} victory points ({args.reason})")


def _write_pdf(path: str, data: bytes) -> None:
    try:
        with open(path, "wb") as file:
            file.write(data)
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}") from None


def _standings(args: argparse.Namespace) -> None:
    from burraco.tournament import (
        matchpoint_standings,
        pdf_document,
        score_sheet_csv,
        standings_csv,
        standings_html,
    )

    event = _load(args.file)
    if args.sheet:
        print(score_sheet_csv(event), end="")
        return
    if args.matchpoints:
        print(f"{event.name}: matchpoints")
        for line in matchpoint_standings(event):
            name = event.entrant(line.entrant).name
            print(
                f"{line.rank:>4}  {line.entrant:>4}  {name:<30} {line.matchpoints:>5} of "
                f"{line.top:<5} {line.percent:5.1f}%"
            )
        return
    standings = event.standings(args.round)
    if args.csv:
        print(standings_csv(standings), end="")
    elif args.html:
        print(standings_html(standings, title=event.name))
    elif args.pdf:
        _write_pdf(args.pdf, pdf_document([event.name, *str(standings).splitlines()]))
        print(f"{args.pdf}: the standings after round {standings.after_round}")
    else:
        print(standings)


def _deals(args: argparse.Namespace) -> None:
    from burraco.tournament import (
        hand_records,
        pdf_document,
        records_html,
        records_json,
        records_text,
    )

    event = _load(args.file)
    number = args.round
    if number is None:
        complete = bool(event.rounds) and event.is_complete(len(event.rounds))
        number = len(event.rounds) + 1 if complete or not event.rounds else len(event.rounds)
    records = hand_records(event, number)
    if args.json:
        print(records_json(records))
    elif args.html:
        print(records_html(records, title=event.name))
    elif args.pdf:
        _write_pdf(args.pdf, pdf_document(records_text(records, title=event.name)))
        print(f"{args.pdf}: {len(records)} deals of round {number}")
    else:
        print("\n".join(line.replace("\f", "") for line in records_text(records, title=event.name)))


def _bots(args: argparse.Namespace) -> None:
    from burraco.agents import make_agent
    from burraco.tournament import against_bots, play_table

    event = _load(args.file)
    number = _current_round(event, args.round)
    decks = event.decks(number)
    try:
        agents = [make_agent(args.agent, seed=1000 * number + seat) for seat in range(4)]
    except (ValueError, TypeError) as error:
        raise InputError(f"unknown agent {args.agent!r}: {error}") from None
    bots = play_table(decks, agents)
    results = {n: r for n, r in event.results(number).items() if r.deals}
    print(f"round {number}: {args.agent} bots at every seat scored {bots}")
    deals = ", ".join(f"{home} to {away}" for home, away in bots.deals)
    print(f"deal by deal: {deals}")
    if not results:
        print("no table has deal-by-deal scores yet (result ... --deals H:A,...)")
        return
    for table_number, (home, away) in sorted(against_bots(results, bots).items()):
        table = next(t for t in event.round(number).tables if t.number == table_number)
        print(f"{table}: home {home:+d}, away {away:+d} against the bots")


def _import(args: argparse.Namespace) -> None:
    from burraco.tournament import EventStore, from_json

    if os.path.exists(args.file) and not args.force:
        raise InputError(f"{args.file} exists: choose another name, or --force to replace it")
    event = from_json(_read_bytes(args.json_file))
    EventStore.create(args.file, event, replace=args.force)
    print(
        f"{args.file}: {event.name}, {len(event.entrants)} entrants, {len(event.rounds)} "
        f"rounds paired, {len(event.history)} history entries"
    )


def _export(args: argparse.Namespace) -> None:
    from burraco.tournament import entrants_csv, score_sheet_csv, standings_csv, to_json

    event = _load(args.file)
    if args.csv == "entrants":
        print(entrants_csv(event.entrants), end="")
    elif args.csv == "sheet":
        print(score_sheet_csv(event), end="")
    elif args.csv == "standings":
        print(standings_csv(event.standings()), end="")
    else:
        print(to_json(event))
