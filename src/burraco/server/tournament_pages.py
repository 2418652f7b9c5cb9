"""Score entry at the table: the tournament pages of ``burraco serve``.

Three kinds of page, in English and Italian (``?lang=it``, or the browser's language):

* the director's page, ``/events/{event}/director/{token}``: the event and its entrants (from a
  spreadsheet's file; pairs, or players of an individual event), the next round paired with a
  button, the tables with their links and QR codes to print, each table's entries with
  conflicts flagged, results entered or corrected and penalties given with a reason, and the
  exports (JSON, CSV, the standings as PDF, a duplicate round's hand records);
* a table's page, one per side of each table of each round
  (``/events/{event}/table/{token}``): the side enters the table's totals, the other side
  confirms them by entering the same (:meth:`~burraco.tournament.EventStore.submit`); a
  difference is flagged to the director. A table of three or five players of an individual
  event has the same two links, an entry held by its first player and a confirmation held by
  its second, where each player's points are entered in seat order;
* the standings, ``/events/{event}/standings``, which reload themselves, for a projector.

Nothing needs a password: the director's and the tables' links carry long random tokens
(:func:`secrets.token_urlsafe`, 32 characters), kept in the event's store; the standings page
is public. Each event is an :class:`~burraco.tournament.EventStore` file in the events folder,
so the pages and ``burraco tournament`` commands can work on the same event at once, and twenty
phones submitting together all land. The pages are plain HTML forms: they work without
JavaScript, and a little script only reads an entrants file into the form.

QR codes come from the optional ``segno`` package (``pip install 'burraco[qr]'``); without it
the table slips print the links alone.
"""

from __future__ import annotations

import base64
import html
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qs

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from burraco.errors import BurracoError

__all__ = ["MOST_FORM_BYTES", "TEXTS", "events_folder", "routes"]

MOST_FORM_BYTES: Final = 2_000_000
"""The largest form a page accepts (an entrants file is a few kilobytes)."""
_EVENT_ID: Final = re.compile(r"[a-z0-9]{12}")

TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "new_event": "New event",
        "name": "Name",
        "format": "Format",
        "schedule": "Movements (one a round)",
        "entrants": "Entrants (CSV from a spreadsheet: number, name, ...)",
        "entrants_file": "or a file",
        "pairs": "or this many pairs (players, in an individual event)",
        "create": "Create",
        "director": "Director",
        "standings": "Standings",
        "pair_next": "Start the next round",
        "round": "Round",
        "table": "Table",
        "home": "North-South",
        "away": "East-West",
        "links": "Links for the tables",
        "entries": "Entries from the tables",
        "waiting": "waiting for the other side",
        "recorded": "recorded",
        "conflict": "CONFLICT: the sides entered different totals",
        "result": "Enter or correct a result",
        "reason": "Reason (needed for a correction)",
        "penalty": "Penalty or award (victory points, with a reason)",
        "entrant": "Entrant",
        "points": "Victory points",
        "save": "Save",
        "export": "Print and export",
        "your_table": "Your table",
        "enter_totals": "Enter the table's totals after the last deal",
        "totals_entered": "Totals entered",
        "confirm": "The other side entered these totals: enter the same to confirm",
        "send": "Send",
        "thanks_waiting": "Thank you: now the other side confirms the totals on its page.",
        "thanks_recorded": "Confirmed by both sides: the result is recorded.",
        "thanks_conflict": "The two sides entered different totals: the director will settle it.",
        "no_round": "No round is paired yet.",
        "error": "Not accepted",
        "hand_records": "Hand records",
        "deals": "Deal by deal (optional, home:away, comma-separated)",
        "individual": "Individual: the entrants are players, partners change each round",
        "individual_event": "Individual event",
        "players": "players",
        "three": "three players",
        "five": "five players",
        "entry": "entry",
        "confirmation": "confirmation",
        "seat_points": "or each player's points, in seat order: 900, 300, 300",
        "enter_points": "Enter each player's points after the last deal, as the score sheet "
        "credits them",
        "confirm_points": "Another player entered these points: enter the same to confirm",
        "thanks_waiting_points": "Thank you: now the player with the confirmation link enters "
        "the same points on their page.",
        "thanks_conflict_points": "The two entries differ: the director will settle it.",
        "conflict_points": "CONFLICT: the two entries differ",
        "points_missing": "the points of {player} are missing",
        "points_not_whole": "the points of {player}: expected a whole number, not '{value}'",
        "points_not_step": "the points of {player}, {value}, are not a multiple of {step}, as "
        "every Burraco score is",
        "points_count": "table {table} has {size} players ({players}): give {size} numbers, "
        "each player's points in seat order, not {given}",
        "points_two_sides": "table {table} has two sides: give the home and away totals",
        "points_needed": "table {table} is a table of {size} players ({players}): give each "
        "player's points, in seat order",
        "points_or_totals": "give the home and away totals or each player's points, not both",
    },
    "it": {
        "new_event": "Nuovo torneo",
        "name": "Nome",
        "format": "Formula",
        "schedule": "Movimenti (uno per turno)",
        "entrants": "Iscritti (CSV da un foglio di calcolo: numero, nome, ...)",
        "entrants_file": "oppure un file",
        "pairs": "oppure questo numero di coppie (o di giocatori, in un torneo individuale)",
        "create": "Crea",
        "director": "Arbitro",
        "standings": "Classifica",
        "pair_next": "Avvia il turno successivo",
        "round": "Turno",
        "table": "Tavolo",
        "home": "Nord-Sud",
        "away": "Est-Ovest",
        "links": "Collegamenti per i tavoli",
        "entries": "Punteggi inviati dai tavoli",
        "waiting": "in attesa dell'altra linea",
        "recorded": "registrato",
        "conflict": "CONFLITTO: le linee hanno inviato totali diversi",
        "result": "Inserisci o correggi un risultato",
        "reason": "Motivo (necessario per una correzione)",
        "penalty": "Penalità o premio (victory points, con il motivo)",
        "entrant": "Iscritto",
        "points": "Victory points",
        "save": "Salva",
        "export": "Stampa ed esporta",
        "your_table": "Il vostro tavolo",
        "enter_totals": "Inserite i totali del tavolo dopo l'ultima smazzata",
        "totals_entered": "Totali inseriti",
        "confirm": "L'altra linea ha inserito questi totali: inserite gli stessi per confermare",
        "send": "Invia",
        "thanks_waiting": "Grazie: ora l'altra linea conferma i totali sulla sua pagina.",
        "thanks_recorded": "Confermato da entrambe le linee: il risultato è registrato.",
        "thanks_conflict": "Le due linee hanno inviato totali diversi: decide l'arbitro.",
        "no_round": "Nessun turno è ancora stato abbinato.",
        "error": "Non accettato",
        "hand_records": "Schede delle smazzate",
        "deals": "Smazzata per smazzata (facoltativo, casa:ospiti, separate da virgole)",
        "individual": "Individuale: gli iscritti sono giocatori, i compagni cambiano a ogni turno",
        "individual_event": "Torneo individuale",
        "players": "giocatori",
        "three": "tre giocatori",
        "five": "cinque giocatori",
        "entry": "inserimento",
        "confirmation": "conferma",
        "seat_points": "oppure i punti di ciascun giocatore, nell'ordine dei posti: 900, 300, 300",
        "enter_points": "Inserite i punti di ciascun giocatore dopo l'ultima smazzata, come "
        "risultano dallo score",
        "confirm_points": "Un altro giocatore ha inserito questi punti: inserite gli stessi per "
        "confermare",
        "thanks_waiting_points": "Grazie: ora il giocatore con il collegamento di conferma "
        "inserisce gli stessi punti sulla sua pagina.",
        "thanks_conflict_points": "I due inserimenti sono diversi: decide l'arbitro.",
        "conflict_points": "CONFLITTO: i due inserimenti sono diversi",
        "points_missing": "mancano i punti di {player}",
        "points_not_whole": "i punti di {player}: serve un numero intero, non '{value}'",
        "points_not_step": "i punti di {player}, {value}, non sono un multiplo di {step}, come "
        "ogni punteggio del Burraco",
        "points_count": "il tavolo {table} ha {size} giocatori ({players}): servono {size} "
        "numeri, i punti di ciascuno nell'ordine dei posti, non {given}",
        "points_two_sides": "il tavolo {table} ha due linee: inserisci i totali di casa e ospiti",
        "points_needed": "il tavolo {table} è un tavolo di {size} giocatori ({players}): "
        "inserisci i punti di ciascuno, nell'ordine dei posti",
        "points_or_totals": "inserisci i totali di casa e ospiti oppure i punti di ciascun "
        "giocatore, non entrambi",
    },
}
"""The pages' words, by language."""

_STYLE: Final = (
    "body{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em}"
    "input,select,textarea,button{font-size:1.1em;margin:.2em 0}textarea{width:100%}"
    "table{border-collapse:collapse}td,th{padding:.3em .6em;border-bottom:1px solid #ccc}"
    ".conflict{color:#b00;font-weight:bold}.slip{display:inline-block;border:1px dashed #888;"
    "margin:.4em;padding:.5em;text-align:center}.slip svg{width:9em;height:9em}"
    ".notice{background:#ffd;padding:.6em}.big td{font-size:1.5em}"
    "@media print{form,.noprint{display:none}}"
)


def events_folder(db: str | os.PathLike[str]) -> Path:
    """The folder of the events of a server whose tables are in ``db``: ``DB.events`` beside
    it (a new folder in the temporary folder for an in-memory ``db``). It is made when the
    first event is created."""
    text = os.fspath(db)
    if text == ":memory:" or not text:
        import tempfile

        return Path(tempfile.gettempdir()) / f"burraco-events-{secrets.token_hex(6)}"
    return Path(f"{text}.events")


def _language(request: Request) -> str:
    asked = request.query_params.get("lang", "")
    if asked in TEXTS:
        return asked
    accepted = request.headers.get("accept-language", "")
    return "it" if accepted.lower().startswith("it") else "en"


def _page(request: Request, title: str, body: str, *, refresh: int = 0) -> HTMLResponse:
    lang = _language(request)
    meta = f"<meta http-equiv='refresh' content='{refresh}'>" if refresh else ""
    return HTMLResponse(
        f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"{meta}<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
        f"<body>{body}</body></html>",
        headers={"Cache-Control": "no-store"},
    )


def _error_page(request: Request, message: str, status: int = 400) -> HTMLResponse:
    words = TEXTS[_language(request)]
    response = _page(
        request,
        words["error"],
        f"<h1>{words['error']}</h1><p class='notice'>{html.escape(message)}</p>",
    )
    response.status_code = status
    return response


def _form(request: Request) -> dict[str, str]:
    """The fields of the posted form (URL-encoded, read before the handler ran), each the
    last value given."""
    found: dict[str, str] = request.state.form
    return found


def _qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG, or ``""`` without segno."""
    try:
        import segno
    except ImportError:
        return ""
    import io

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, xmldecl=False, svgns=True)
    return out.getvalue().decode("utf-8")


def routes(folder: str | os.PathLike[str]) -> list[Route]:
    """The tournament pages' routes, keeping each event as a store in ``folder``."""
    from burraco.tournament import (
        FORMATS,
        POINT_STEP,
        Entrant,
        EventStore,
        Settings,
        Submission,
        Table,
        TableResult,
        Tournament,
        pdf_document,
        read_entrants,
        score_sheet_csv,
        standings_csv,
        standings_html,
        to_json,
    )

    base = Path(folder)

    def store_of(event: str) -> EventStore:
        path = base / f"{event}.sqlite3"
        if not _EVENT_ID.fullmatch(event) or not path.exists():
            raise LookupError("no such event")
        return EventStore(path)

    def director(request: Request) -> tuple[EventStore, str]:
        event = request.path_params["event"]
        store = store_of(event)
        if store.role(request.path_params["token"]) != "director":
            raise LookupError("this link is not the director's")
        return store, event

    def guarded(handler: Callable[[Request], Response]) -> Callable[[Request], Any]:
        """``handler`` run in a worker thread (its SQLite work does not hold up the other
        pages), the form read first, and an error shown as a page."""

        async def wrapped(request: Request) -> Response:
            form: dict[str, str] = {}
            if request.method == "POST":
                body = await request.body()
                if len(body) > MOST_FORM_BYTES:
                    return _error_page(request, f"a form of at most {MOST_FORM_BYTES} bytes")
                fields = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True)
                form = {key: values[-1] for key, values in fields.items()}
            request.state.form = form
            try:
                response: Response = await run_in_threadpool(handler, request)
            except LookupError as error:
                return _error_page(request, str(error.args[0] if error.args else error), 404)
            except (BurracoError, ValueError) as error:
                return _error_page(request, str(error))
            return response

        return wrapped

    def lang_query(request: Request) -> str:
        lang = request.query_params.get("lang")
        return f"?lang={lang}" if lang in TEXTS else ""

    def new_event(request: Request) -> Response:
        words = TEXTS[_language(request)]
        formats = "".join(f"<option>{name}</option>" for name in FORMATS)
        body = (
            f"<h1>{words['new_event']}</h1>"
            f"<form method='post' action='/events{lang_query(request)}'>"
            f"<p><label>{words['name']} <input name='name' required maxlength='80'></label></p>"
            f"<p><label>{words['format']} <select name='format'>{formats}</select></label></p>"
            f"<p><label>{words['entrants']}<br><textarea name='entrants' rows='8'></textarea>"
            f"</label></p><p class='noprint'><label>{words['entrants_file']} <input type='file' "
            "id='file' accept='.csv,.txt,text/csv'></label><input type='hidden' "
            "name='entrants_file' id='entrants_file'></p>"
            f"<p><label>{words['pairs']} <input name='pairs' type='number' min='2' "
            f"max='9999'></label></p><p><label><input type='checkbox' name='individual' "
            f"value='1'> {words['individual']}</label></p>"
            f"<button type='submit'>{words['create']}</button></form>"
            "<script>document.getElementById('file').addEventListener('change',e=>{"
            "const f=e.target.files[0];if(!f)return;const r=new FileReader();"
            "r.onload=()=>{const b=new Uint8Array(r.result);let s='';"
            "for(const x of b)s+=String.fromCharCode(x);"
            "document.getElementById('entrants_file').value=btoa(s)};"
            "r.readAsArrayBuffer(f)})</script>"
        )
        return _page(request, words["new_event"], body)

    def create_event(request: Request) -> Response:
        form = _form(request)
        individual = bool(form.get("individual"))
        if form.get("entrants_file"):
            entrants = read_entrants(base64.b64decode(form["entrants_file"], validate=False))
        elif form.get("entrants", "").strip():
            entrants = read_entrants(form["entrants"])
        else:
            count = int(form.get("pairs") or 0)
            kind, least = ("player", 4) if individual else ("pair", 2)
            if not least <= count <= 9999:
                raise ValueError(f"give the entrants, or a number of {kind}s from {least} to 9999")
            entrants = tuple(Entrant(n, f"{kind} {n}") for n in range(1, count + 1))
        shape = FORMATS.get(form.get("format", ""), FORMATS["4x3"])
        settings = Settings(
            # partners change each round: an individual event is paired by Danese rounds
            schedule=("danese",) * shape.rounds
            if individual
            else ("mitchell",) * (shape.rounds - 1) + ("danese",),
            deals=shape.deals,
            minutes=shape.minutes,
            individual=individual,
        )
        event_id = secrets.token_hex(6)
        base.mkdir(parents=True, exist_ok=True)
        store = EventStore.create(
            base / f"{event_id}.sqlite3",
            Tournament.create(form.get("name", "").strip() or "tournament", entrants, settings),
        )
        token = store.token("director")
        return RedirectResponse(
            f"/events/{event_id}/director/{token}{lang_query(request)}", status_code=303
        )

    def holder(tournament: Tournament, table: Table, side: str) -> Entrant:
        """The player of a table of three or five who holds its ``side``'s link: the first
        in seat order enters the points (``home``), the second confirms them (``away``)."""
        return tournament.entrant(table.home[0 if side == "home" else 1])

    def table_links(
        request: Request, store: EventStore, event: str, number: int, tournament: Tournament
    ) -> str:
        words = TEXTS[_language(request)]
        root = str(request.base_url).rstrip("/")
        slips = []
        for table in tournament.round(number).tables:
            for side in ("home", "away"):
                token = store.token(f"r{number}t{table.number}{side}")
                url = f"{root}/events/{event}/table/{token}"
                if table.alone:
                    link = "entry" if side == "home" else "confirmation"
                    label = f"{words[link]} ({html.escape(str(holder(tournament, table, side)))})"
                else:
                    label = f"{words[side]} ({'+'.join(map(str, getattr(table, side)))})"
                slips.append(
                    f"<div class='slip'>{words['table']} {table.number} - {label}<br>"
                    f"{_qr_svg(url)}<br><a href='{html.escape(url)}'>{html.escape(url)}</a></div>"
                )
        return f"<h2>{words['links']}</h2>" + "".join(slips)

    def seated(words: dict[str, str], table: Table) -> str:
        """A table's entrants as the director's two cells: north-south and east-west, or
        the players of a table of three or five in seat order across both."""
        if table.alone:
            size = words["three" if len(table.home) == 3 else "five"]
            return f"<td colspan='2'>{', '.join(map(str, table.home))} ({size})</td>"
        return f"<td>{'+'.join(map(str, table.home))}</td><td>{'+'.join(map(str, table.away))}</td>"

    def director_page(request: Request) -> Response:
        store, event = director(request)
        words = TEXTS[_language(request)]
        tournament = store.load()
        here = f"/events/{event}/director/{request.path_params['token']}"
        parts = [
            f"<h1>{html.escape(tournament.name)} - {words['director']}</h1>",
            f"<p>{words['individual_event']}: {len(tournament.entrants)} {words['players']}</p>"
            if tournament.settings.individual
            else "",
            f"<p><a href='/events/{event}/standings{lang_query(request)}'>{words['standings']}"
            "</a></p>",
        ]
        number = len(tournament.rounds)
        if number:
            round_ = tournament.round(number)
            results = tournament.results(number)
            rows = []
            flagged = {
                entry.table: entry
                for entry in store.submissions(number)
                if entry.state != "replaced"
            }
            for table in round_.tables:
                result = results.get(table.number)
                entry = flagged.get(table.number)
                state = ""
                if entry is not None:
                    css = " class='conflict'" if entry.state == "conflict" else ""
                    said = words[
                        "conflict_points"
                        if entry.state == "conflict" and table.alone
                        else entry.state
                    ]
                    state = f"<span{css}>{said}: {entry.result}</span>"
                rows.append(
                    f"<tr><td>{table.number}</td>{seated(words, table)}"
                    f"<td>{'' if result is None else html.escape(str(result))}</td>"
                    f"<td>{state}</td></tr>"
                )
            parts.append(
                f"<h2>{words['round']} {number}</h2><table><tr><th>{words['table']}</th>"
                f"<th>{words['home']}</th><th>{words['away']}</th><th></th>"
                f"<th>{words['entries']}</th></tr>{''.join(rows)}</table>"
            )
            if round_.byes:
                parts.append(f"<p>bye: {', '.join(map(str, round_.byes))}</p>")
            if round_.note:
                parts.append(f"<p class='notice'>{html.escape(round_.note)}</p>")
            alone = any(table.alone for table in round_.tables)
            required = "" if alone else " required"
            parts.append(
                f"<form method='post' action='{here}/result{lang_query(request)}'>"
                f"<h2>{words['result']}</h2><input name='table' type='number' min='1' "
                f"placeholder='{words['table']}' required> <input name='home' "
                f"placeholder='{words['home']}'{required}> <input name='away' "
                f"placeholder='{words['away']}'{required}> "
                + (
                    f"<input name='points' size='30' placeholder=\"{words['seat_points']}\"> "
                    if alone
                    else ""
                )
                + "<input name='reason' "
                f'placeholder="{words["reason"]}"> <button>{words["save"]}</button></form>'
                f"<form method='post' action='{here}/penalty{lang_query(request)}'>"
                f"<h2>{words['penalty']}</h2><input name='entrant' type='number' min='1' "
                f"placeholder='{words['entrant']}' required> <input name='points' "
                f"placeholder='{words['points']}' required> <input name='reason' "
                f'placeholder="{words["reason"]}" required> <button>{words["save"]}</button>'
                "</form>"
            )
            parts.append(table_links(request, store, event, number, tournament))
        else:
            parts.append(f"<p>{words['no_round']}</p>")
        if not tournament.is_over and (not number or tournament.is_complete(number)):
            parts.append(
                f"<form method='post' action='{here}/pair{lang_query(request)}'>"
                f"<button>{words['pair_next']}</button></form>"
            )
        parts.append(
            f"<h2>{words['export']}</h2><ul><li><a href='{here}/event.json'>JSON</a></li>"
            f"<li><a href='{here}/sheet.csv'>score sheet CSV</a></li>"
            f"<li><a href='{here}/standings.csv'>{words['standings']} CSV</a></li>"
            f"<li><a href='{here}/standings.pdf'>{words['standings']} PDF</a></li>"
            + (
                f"<li><a href='{here}/deals.html'>{words['hand_records']}</a></li>"
                if tournament.settings.seed is not None
                else ""
            )
            + "</ul>"
        )
        return _page(request, tournament.name, "".join(parts))

    def pair(request: Request) -> Response:
        store, event = director(request)
        store.update(lambda tournament: tournament.pair_next_round())
        return RedirectResponse(
            f"/events/{event}/director/{request.path_params['token']}{lang_query(request)}",
            status_code=303,
        )

    def whole(text: str, what: str) -> int:
        value = text.strip()
        if not re.fullmatch(r"-?[0-9]{1,7}", value):
            raise ValueError(f"{what}: expected a whole number, not {value[:20]!r}")
        return int(value)

    def players_points(
        words: dict[str, str], tournament: Tournament, table: Table, texts: list[str]
    ) -> TableResult:
        """The result of a table of three or five from each player's points as typed, in
        seat order, checked in the reader's language: a whole multiple of
        :data:`~burraco.tournament.POINT_STEP` a player (the store checks the rest)."""
        points = []
        for number, text in zip(table.home, texts, strict=True):
            value, player = text.strip(), str(tournament.entrant(number))
            if not value:
                raise ValueError(words["points_missing"].format(player=player))
            if not re.fullmatch(r"-?[0-9]{1,7}", value):
                raise ValueError(words["points_not_whole"].format(player=player, value=value[:20]))
            amount = int(value)
            if amount % POINT_STEP:
                raise ValueError(
                    words["points_not_step"].format(player=player, value=amount, step=POINT_STEP)
                )
            points.append(amount)
        return TableResult.from_seat_points(points)

    def enter_result(request: Request) -> Response:
        store, event = director(request)
        words = TEXTS[_language(request)]
        form = _form(request)
        number = whole(form.get("table", ""), "table")
        home, away = form.get("home", "").strip(), form.get("away", "").strip()
        listed = form.get("points", "").strip()
        tournament = store.load()
        tables = tournament.rounds[-1].tables if tournament.rounds else ()
        table = next((t for t in tables if t.number == number), None)
        if table is None or not (table.alone or listed):
            result = TableResult.from_totals(whole(home, "home"), whole(away, "away"))
        elif not table.alone:
            raise ValueError(words["points_two_sides"].format(table=number))
        else:
            size, players = len(table.home), ", ".join(map(str, table.home))
            given = [part for part in re.split(r"[\s,;]+", listed) if part]
            if not given:
                raise ValueError(
                    words["points_needed"].format(table=number, size=size, players=players)
                )
            if home or away:
                raise ValueError(words["points_or_totals"])
            if len(given) != size:
                raise ValueError(
                    words["points_count"].format(
                        table=number, size=size, players=players, given=len(given)
                    )
                )
            result = players_points(words, tournament, table, given)
        store.record(None, number, result, reason=form.get("reason", ""))
        return RedirectResponse(
            f"/events/{event}/director/{request.path_params['token']}{lang_query(request)}",
            status_code=303,
        )

    def penalty(request: Request) -> Response:
        store, event = director(request)
        form = _form(request)
        entrant, points = whole(form["entrant"], "entrant"), whole(form["points"], "points")
        reason = form.get("reason", "")
        store.update(
            lambda tournament: tournament.adjust(
                len(tournament.rounds), entrant, points, reason=reason
            )
        )
        return RedirectResponse(
            f"/events/{event}/director/{request.path_params['token']}{lang_query(request)}",
            status_code=303,
        )

    def export(kind: str) -> Callable[[Request], Response]:
        def handler(request: Request) -> Response:
            store, _ = director(request)
            tournament = store.load()
            if kind == "json":
                return Response(to_json(tournament), media_type="application/json")
            if kind == "sheet":
                return Response(score_sheet_csv(tournament), media_type="text/csv")
            if kind == "csv":
                return Response(standings_csv(tournament.standings()), media_type="text/csv")
            if kind == "deals":
                from burraco.tournament import hand_records, records_html

                number = len(tournament.rounds) or 1
                records = hand_records(tournament, number)
                return HTMLResponse(records_html(records, title=tournament.name))
            lines = [tournament.name, *str(tournament.standings()).splitlines()]
            return Response(
                pdf_document(lines, title=tournament.name), media_type="application/pdf"
            )

        return handler

    def table_of(request: Request) -> tuple[EventStore, Tournament, int, Table, str]:
        event = request.path_params["event"]
        store = store_of(event)
        role = store.role(request.path_params["token"]) or ""
        match = re.fullmatch(r"r(\d+)t(\d+)(home|away)", role)
        if match is None:
            raise LookupError("this link is not a table's")
        number, table_number, side = int(match[1]), int(match[2]), match[3]
        tournament = store.load()
        table = next(t for t in tournament.round(number).tables if t.number == table_number)
        return store, tournament, number, table, side

    def by_player(tournament: Tournament, table: Table, result: TableResult) -> str:
        """Each player's points of a table of three or five, named: ``5 Anna: 900, ...``."""
        return ", ".join(
            f"{tournament.entrant(number)}: {points}"
            for number, points in zip(table.home, result.points, strict=True)
        )

    def notices(
        words: dict[str, str],
        entries: list[Submission],
        side: str,
        result: TableResult | None,
        shown: Callable[[TableResult], str],
        alone: bool,
    ) -> tuple[list[str], bool]:
        """What a table's page says of the entries so far, and whether it still takes one: the
        result once recorded, a conflict left to the director, or the other link's entry to
        confirm (in the words for a table of players when ``alone``)."""
        words_for = "_points" if alone else ""
        if result is not None:
            return [
                f"<p class='notice'>{words['recorded']}: {html.escape(shown(result))}</p>"
            ], False
        if entries and entries[-1].state == "conflict":
            conflict = words[f"thanks_conflict{words_for}"]
            return [f"<p class='notice conflict'>{conflict}</p>"], False
        waiting = entries[-1] if entries and entries[-1].state == "waiting" else None
        if waiting is None:
            return [], True
        if waiting.side != side:
            entered = html.escape(shown(waiting.result))
            confirm = words[f"confirm{words_for}"]
            return [f"<p class='notice'>{confirm}: <strong>{entered}</strong></p>"], True
        return [f"<p class='notice'>{words[f'thanks_waiting{words_for}']}</p>"], True

    def players_table(
        words: dict[str, str],
        tournament: Tournament,
        number: int,
        table: Table,
        side: str,
        entries: list[Submission],
    ) -> list[str]:
        """The page of a table of three or five: its players in seat order, and a form with
        one field a player for the points."""
        link = "entry" if side == "home" else "confirmation"
        players = [tournament.entrant(n) for n in table.home]
        rows = "".join(
            f"<tr><th>{seat}</th><td>{html.escape(str(player))}</td></tr>"
            for seat, player in enumerate(players, 1)
        )
        parts = [
            f"<h1>{html.escape(tournament.name)}</h1><h2>{words['round']} {number}, "
            f"{words['table']} {table.number} ({words['three' if len(players) == 3 else 'five']})"
            f"</h2><p>{words[link]}: {html.escape(str(holder(tournament, table, side)))}</p>"
            f"<table class='big'>{rows}</table>"
        ]
        result = tournament.results(number).get(table.number)
        said, open_ = notices(
            words, entries, side, result, lambda r: by_player(tournament, table, r), True
        )
        parts.extend(said)
        if not open_:
            return parts
        fields = "".join(
            f"<p><label>{html.escape(str(player))} <input name='seat{seat}' required></label></p>"
            for seat, player in enumerate(players, 1)
        )
        parts.append(
            f"<form method='post'>{words['enter_points']}{fields}"
            f"<button>{words['send']}</button></form>"
        )
        return parts

    def table_page(request: Request) -> Response:
        store, tournament, number, table, side = table_of(request)
        words = TEXTS[_language(request)]
        entries = [entry for entry in store.submissions(number) if entry.table == table.number]
        if table.alone:
            parts = players_table(words, tournament, number, table, side, entries)
            return _page(request, f"{words['table']} {table.number}", "".join(parts))
        home = ", ".join(str(tournament.entrant(n)) for n in table.home)
        away = ", ".join(str(tournament.entrant(n)) for n in table.away)
        parts = [
            f"<h1>{html.escape(tournament.name)}</h1><h2>{words['round']} {number}, "
            f"{words['table']} {table.number}</h2><table class='big'><tr><th>{words['home']}"
            f"</th><td>{html.escape(home)}</td></tr><tr><th>{words['away']}</th><td>"
            f"{html.escape(away)}</td></tr></table>"
        ]
        result = tournament.results(number).get(table.number)
        said, open_ = notices(words, entries, side, result, str, False)
        parts.extend(said)
        if open_:
            parts.append(
                f"<form method='post'>{words['enter_totals']}<p><label>{words['home']} "
                "<input name='home' inputmode='numeric' required></label></p><p><label>"
                f"{words['away']} <input name='away' inputmode='numeric' required></label></p>"
                f"<p><label>{words['deals']} <input name='deals'></label></p>"
                f"<button>{words['send']}</button></form>"
            )
        return _page(request, f"{words['table']} {table.number}", "".join(parts), refresh=0)

    def table_submit(request: Request) -> Response:
        store, tournament, number, table, side = table_of(request)
        form = _form(request)
        if table.alone:
            texts = [form.get(f"seat{seat}", "") for seat in range(1, len(table.home) + 1)]
            words = TEXTS[_language(request)]
            store.submit(
                number, table.number, side, players_points(words, tournament, table, texts)
            )
            return RedirectResponse(str(request.url), status_code=303)
        home, away = whole(form["home"], "home"), whole(form["away"], "away")
        deals_text = form.get("deals", "").strip()
        if deals_text:
            deals = []
            for part in deals_text.split(","):
                left, _, right = part.partition(":")
                deals.append((whole(left, "deal"), whole(right, "deal")))
            result = TableResult.from_deals(deals)
            if result.points != (home, away):
                raise ValueError(
                    f"the deals add up to {result.points[0]} to {result.points[1]}, not "
                    f"{home} to {away}"
                )
        else:
            result = TableResult.from_totals(home, away)
        store.submit(number, table.number, side, result)
        return RedirectResponse(str(request.url), status_code=303)

    def standings_page(request: Request) -> Response:
        store = store_of(request.path_params["event"])
        tournament = store.load()
        page = standings_html(tournament.standings(), title=tournament.name, refresh=30)
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    return [
        Route("/events", guarded(new_event), methods=["GET"]),
        Route("/events", guarded(create_event), methods=["POST"]),
        Route("/events/{event}/standings", guarded(standings_page)),
        Route("/events/{event}/director/{token}", guarded(director_page)),
        Route("/events/{event}/director/{token}/pair", guarded(pair), methods=["POST"]),
        Route("/events/{event}/director/{token}/result", guarded(enter_result), methods=["POST"]),
        Route("/events/{event}/director/{token}/penalty", guarded(penalty), methods=["POST"]),
        Route("/events/{event}/director/{token}/event.json", guarded(export("json"))),
        Route("/events/{event}/director/{token}/sheet.csv", guarded(export("sheet"))),
        Route("/events/{event}/director/{token}/standings.csv", guarded(export("csv"))),
        Route("/events/{event}/director/{token}/standings.pdf", guarded(export("pdf"))),
        Route("/events/{event}/director/{token}/deals.html", guarded(export("deals"))),
        Route("/events/{event}/table/{token}", guarded(table_page), methods=["GET"]),
        Route("/events/{event}/table/{token}", guarded(table_submit), methods=["POST"]),
    ]
