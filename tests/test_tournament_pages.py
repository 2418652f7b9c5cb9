"""Score entry at the table in ``burraco serve``: the director's page, the tables' pages with
confirmation by the other side, conflicts, the standings for a projector, twenty phones at
once, and the whole flow in Debian's Chromium."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the pages' tests need burraco[server]")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

import httpx
from starlette.applications import Starlette

from burraco.server.tournament_pages import TEXTS, routes
from burraco.tournament import EventStore, SubmissionState
from tests.server_helpers import TestClient

ENTRANTS = "Numero;Nome;Circolo\n" + "".join(f"{n};Coppia {n};Lido\n" for n in range(1, 41))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(Starlette(routes=routes(tmp_path))) as test_client:
        yield test_client


def create(client: TestClient, entrants: str = ENTRANTS, lang: str = "") -> str:
    """Create an event from the form; the director's page's path."""
    answer = client.post(
        f"/events{lang}",
        data={"name": "Venerdì", "format": "4x3", "entrants": entrants},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    location: str = answer.headers["location"]
    assert re.fullmatch(r"/events/[a-z0-9]{12}/director/[A-Za-z0-9_-]{32}(\?lang=it)?", location)
    return location.split("?")[0]


def table_links(page: str) -> dict[tuple[int, str], str]:
    """The tables' links on a director's page, by (table, side): a table of three or five's
    entry link is its home side's, its confirmation link its away side's."""
    found = re.findall(
        r"(?:Table|Tavolo) (\d+) - (North-South|East-West|Nord-Sud|Est-Ovest|entry|"
        r"confirmation|inserimento|conferma) "
        r"""[^<]*<br>.*?<a href=['"]([^'"]+)['"]""",
        page,
        re.DOTALL,
    )
    side = {
        "North-South": "home",
        "Nord-Sud": "home",
        "entry": "home",
        "inserimento": "home",
        "East-West": "away",
        "Est-Ovest": "away",
        "confirmation": "away",
        "conferma": "away",
    }
    return {(int(table), side[name]): url for table, name, url in found}


def store_of(tmp_path: Path, director: str) -> EventStore:
    return EventStore(tmp_path / f"{director.split('/')[2]}.sqlite3")


def test_a_table_enters_its_totals_and_the_opponents_confirm(
    client: TestClient, tmp_path: Path
) -> None:
    director = create(client)
    assert "Start the next round" in client.get(director).text
    page = client.post(f"{director}/pair").text
    links = table_links(page)
    assert len(links) == 40
    home = links[1, "home"].split("testserver")[1]
    away = links[1, "away"].split("testserver")[1]
    assert "Coppia 1 (Lido)" in client.get(home).text
    answer = client.post(home, data={"home": "1200", "away": "800"})
    assert "the other side confirms the totals" in answer.text
    assert "enter the same to confirm: <strong>1200 to 800</strong>" in client.get(away).text
    answer = client.post(away, data={"home": "1200", "away": "800"})
    assert "recorded: 1200 to 800" in answer.text
    assert store_of(tmp_path, director).load().results(1)[1].points == (1200, 800)
    standings = client.get(f"/events/{director.split('/')[2]}/standings").text
    assert "http-equiv='refresh'" in standings and "Coppia 1" in standings


def test_different_totals_are_a_conflict_for_the_director(
    client: TestClient, tmp_path: Path
) -> None:
    director = create(client)
    links = table_links(client.post(f"{director}/pair").text)
    home = links[2, "home"].split("testserver")[1]
    away = links[2, "away"].split("testserver")[1]
    client.post(home, data={"home": "1200", "away": "800"})
    answer = client.post(away, data={"home": "1200", "away": "850"})
    assert "the director will settle it" in answer.text
    page = client.get(director).text
    assert "<span class='conflict'>CONFLICT" in page
    assert not store_of(tmp_path, director).load().results(1)
    client.post(f"{director}/result", data={"table": "2", "home": "1200", "away": "850"})
    assert store_of(tmp_path, director).load().results(1)[2].points == (1200, 850)
    answer = client.post(f"{director}/result", data={"table": "2", "home": "1200", "away": "800"})
    assert "a correction needs its reason" in answer.text and answer.status_code == 400
    client.post(
        f"{director}/result",
        data={"table": "2", "home": "1200", "away": "800", "reason": "phone typo"},
    )
    client.post(f"{director}/penalty", data={"entrant": "3", "points": "-1", "reason": "late"})
    event = store_of(tmp_path, director).load()
    assert event.results(1)[2].points == (1200, 800)
    assert event.standings().line_of(3).adjustment == -1


def test_impossible_totals_and_wrong_links_are_refused(client: TestClient) -> None:
    director = create(client)
    links = table_links(client.post(f"{director}/pair").text)
    home = links[3, "home"].split("testserver")[1]
    answer = client.post(home, data={"home": "1203", "away": "800"})
    assert answer.status_code == 400 and "not a multiple of 5" in answer.text
    event = director.split("/")[2]
    assert client.get(f"/events/{event}/table/{'x' * 32}").status_code == 404
    assert client.get(f"/events/{event}/director/{'x' * 32}").status_code == 404
    assert client.get("/events/nope/standings").status_code == 404


def test_the_pages_speak_italian(client: TestClient) -> None:
    director = create(client, lang="?lang=it")
    page = client.post(f"{director}/pair?lang=it").text
    assert "Avvia il turno successivo" not in page and "Tavolo 1 - Nord-Sud" in page
    assert "Collegamenti per i tavoli" in page
    home = table_links(page)[1, "home"].split("testserver")[1]
    answer = client.get(home, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert "Inserite i totali del tavolo" in answer.text


def test_exports_from_the_directors_page(client: TestClient) -> None:
    director = create(client)
    client.post(f"{director}/pair")
    assert client.get(f"{director}/event.json").json()["format"] == 3
    assert client.get(f"{director}/standings.csv").text.startswith("rank,number,name")
    assert client.get(f"{director}/standings.pdf").content.startswith(b"%PDF-1.4")
    assert client.get(f"{director}/sheet.csv").text.startswith("round,table")


def test_table_slips_carry_a_qr_code_when_segno_is_installed(client: TestClient) -> None:
    pytest.importorskip("segno", reason="QR codes need burraco[qr]")
    director = create(client)
    page = client.post(f"{director}/pair").text
    assert page.count("<svg") == 40


def test_an_entrants_file_from_excel_is_read_from_the_form(client: TestClient) -> None:
    import base64

    data = ENTRANTS.replace("Coppia 1;", "Società 1;").encode("cp1252")
    answer = client.post(
        "/events",
        data={"name": "x", "format": "5x2", "entrants_file": base64.b64encode(data).decode()},
        follow_redirects=True,
    )
    assert answer.status_code == 200 and "Start the next round" in answer.text


SEVEN = "Numero;Nome\n" + "".join(
    f"{n};{name}\n"
    for n, name in enumerate(("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"), 1)
)
"""Seven players: a table of four and a table of three (5 Elena, 6 Fabio, 7 Gina)."""


def create_individual(client: TestClient, entrants: str = SEVEN, lang: str = "") -> str:
    """Create an individual event from the form; the director's page's path."""
    answer = client.post(
        f"/events{lang}",
        data={"name": "Individuale", "format": "4x3", "entrants": entrants, "individual": "1"},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    location: str = answer.headers["location"]
    return location.split("?")[0]


def paths(page: str) -> dict[tuple[int, str], str]:
    """:func:`table_links` as paths for the test client."""
    return {key: url.split("testserver")[1] for key, url in table_links(page).items()}


def test_the_form_creates_an_individual_event_of_danese_rounds(
    client: TestClient, tmp_path: Path
) -> None:
    assert "Individual: the entrants are players, partners change each round" in (
        client.get("/events").text
    )
    answer = client.post(
        "/events",
        data={"name": "x", "format": "4x3", "pairs": "7", "individual": "1"},
        follow_redirects=False,
    )
    director = answer.headers["location"]
    event = store_of(tmp_path, director).load()
    assert (event.settings.individual, event.settings.schedule) == (True, ("danese",) * 4)
    assert [f"player {n}" for n in range(1, 8)] == [entrant.name for entrant in event.entrants]
    assert "Individual event: 7 players" in client.get(director).text
    answer = client.post("/events", data={"name": "x", "pairs": "3", "individual": "1"})
    assert answer.status_code == 400 and "a number of players from 4 to 9999" in answer.text


def test_a_table_of_three_enters_each_players_points_from_its_two_links(
    client: TestClient, tmp_path: Path
) -> None:
    director = create_individual(client)
    page = client.post(f"{director}/pair").text
    assert "<td colspan='2'>5, 6, 7 (three players)</td>" in page
    assert "<td>1+2</td><td>3+4</td>" in page
    assert "Table 2 - entry (5 Elena)<br>" in page
    assert "Table 2 - confirmation (6 Fabio)<br>" in page
    links = paths(page)
    assert len(links) == 4
    entry = client.get(links[2, "home"]).text
    assert "<th>1</th><td>5 Elena</td></tr><tr><th>2</th><td>6 Fabio</td>" in entry
    labels = re.findall(r"<label>([^<]*) <input name='(seat\d)'", entry)
    assert labels == [("5 Elena", "seat1"), ("6 Fabio", "seat2"), ("7 Gina", "seat3")]
    points = {"seat1": "900", "seat2": " 300", "seat3": "300"}
    answer = client.post(links[2, "home"], data=points)
    assert "now the player with the confirmation link enters the same points" in answer.text
    confirmation = client.get(links[2, "away"]).text
    assert "confirmation: 6 Fabio" in confirmation
    assert (
        "enter the same to confirm: <strong>5 Elena: 900, 6 Fabio: 300, 7 Gina: 300</strong>"
        in confirmation
    )
    answer = client.post(links[2, "away"], data=points)
    assert "recorded: 5 Elena: 900, 6 Fabio: 300, 7 Gina: 300" in answer.text
    assert store_of(tmp_path, director).load().results(1)[2].points == (900, 300, 300)
    assert "<td>900, 300, 300</td><td><span>recorded: 900, 300, 300</span>" in (
        client.get(director).text
    )


def test_a_conflict_at_a_table_of_three_is_settled_by_the_director(
    client: TestClient, tmp_path: Path
) -> None:
    director = create_individual(client)
    links = paths(client.post(f"{director}/pair").text)
    client.post(links[2, "home"], data={"seat1": "900", "seat2": "300", "seat3": "300"})
    answer = client.post(links[2, "away"], data={"seat1": "900", "seat2": "305", "seat3": "300"})
    assert "The two entries differ: the director will settle it." in answer.text
    page = client.get(director).text
    assert "<span class='conflict'>CONFLICT: the two entries differ: 900, 305, 300" in page
    assert 'placeholder="or each player\'s points, in seat order: 900, 300, 300"' in page
    assert not store_of(tmp_path, director).load().results(1)
    client.post(f"{director}/result", data={"table": "2", "points": "900, 305, 300"})
    assert store_of(tmp_path, director).load().results(1)[2].points == (900, 305, 300)
    answer = client.post(f"{director}/result", data={"table": "2", "points": "900,300,300"})
    assert answer.status_code == 400 and "a correction needs its reason" in answer.text
    client.post(
        f"{director}/result",
        data={"table": "2", "points": "900 300 300", "reason": "Fabio's sheet"},
    )
    client.post(f"{director}/result", data={"table": "1", "home": "1200", "away": "700"})
    event = store_of(tmp_path, director).load()
    assert event.results(1)[2].points == (900, 300, 300)
    assert [event.standings().line_of(n).points_for for n in (5, 6, 7, 1)] == [900, 300, 300, 1200]
    standings = client.get(f"/events/{director.split('/')[2]}/standings").text
    rows = {
        name: re.findall(r"<td class='n'>(-?\d+)</td>", row)
        for row, name in re.findall(r"(<tr><td[^\n]*?<td>(\w+)</td>.*?</tr>)", standings)
    }
    assert "900" in rows["Elena"] and "300" in rows["Gina"] and "1200" in rows["Anna"]


def test_wrong_points_for_a_table_of_three_are_refused_with_a_message(
    client: TestClient, tmp_path: Path
) -> None:
    director = create_individual(client)
    links = paths(client.post(f"{director}/pair").text)
    refused = {
        "table 2 has 3 players (5, 6, 7): give 3 numbers, each player's points in seat order, "
        "not 2": {"table": "2", "points": "900, 300"},
        "table 2 is a table of 3 players (5, 6, 7): give each player's points, in seat order": {
            "table": "2",
            "home": "900",
            "away": "300",
        },
        "table 1 has two sides: give the home and away totals": {
            "table": "1",
            "points": "900, 300, 300",
        },
        "the points of 6 Fabio, 303, are not a multiple of 5": {
            "table": "2",
            "points": "900, 303, 300",
        },
    }
    for message, form in refused.items():
        answer = client.post(f"{director}/result", data=form)
        assert (answer.status_code, html.escape(message) in answer.text) == (400, True), message
    entry = links[2, "home"]
    for message, seats in {
        "the points of 6 Fabio: expected a whole number, not 'trecento'": ("900", "trecento", "0"),
        "the points of 7 Gina are missing": ("900", "300", " "),
        "the points of 5 Elena, 902, are not a multiple of 5": ("902", "300", "300"),
    }.items():
        answer = client.post(entry, data=dict(zip(("seat1", "seat2", "seat3"), seats, strict=True)))
        assert (answer.status_code, html.escape(message) in answer.text) == (400, True), message
    italian = {"Accept-Language": "it-IT,it;q=0.9"}
    answer = client.post(entry, data={"seat1": "900", "seat2": "300"}, headers=italian)
    assert "mancano i punti di 7 Gina" in answer.text
    answer = client.post(f"{director}/result?lang=it", data={"table": "2", "points": "900"})
    assert "servono 3 numeri, i punti di ciascuno nell&#x27;ordine dei posti, non 1" in (
        answer.text
    )
    store = store_of(tmp_path, director)
    assert (store.submissions(1), store.load().results(1)) == ([], {})


def test_a_table_of_three_in_italian(client: TestClient) -> None:
    director = create_individual(client, lang="?lang=it")
    page = client.post(f"{director}/pair?lang=it").text
    assert "Torneo individuale: 7 giocatori" in page and "(tre giocatori)" in page
    assert "Tavolo 2 - inserimento (5 Elena)" in page
    assert "Tavolo 2 - conferma (6 Fabio)" in page
    entry = paths(page)[2, "home"]
    answer = client.get(entry, headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert "Inserite i punti di ciascun giocatore" in answer.text
    assert "<label>5 Elena <input name='seat1'" in answer.text


def test_every_word_of_the_pages_is_in_english_and_italian() -> None:
    assert {"entry", "confirmation", "points_count", "points_missing"} <= TEXTS["en"].keys()
    assert TEXTS["en"].keys() == TEXTS["it"].keys()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    uvicorn = pytest.importorskip("uvicorn")
    from tests.server_helpers import free_port

    port = free_port()
    config = uvicorn.Config(
        Starlette(routes=routes(tmp_path)), host="127.0.0.1", port=port, log_level="warning"
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    while not running.started:
        assert thread.is_alive()
        thread.join(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)


def test_twenty_phones_at_once_lose_nothing(server: str, tmp_path: Path) -> None:
    with httpx.Client(base_url=server) as http:
        answer = http.post("/events", data={"name": "busy", "format": "4x3", "entrants": ENTRANTS})
        director = answer.headers["location"]
        links = table_links(http.post(f"{director}/pair", follow_redirects=True).text)

    def submit(table: int) -> int:
        with httpx.Client() as phone:
            for side in ("home", "away"):
                url = links[table, side]
                status = phone.post(url, data={"home": str(1000 + 5 * table), "away": "900"})
                assert status.status_code in (200, 303)
            return table

    with ThreadPoolExecutor(max_workers=20) as pool:
        assert sorted(pool.map(submit, range(1, 21))) == list(range(1, 21))
    store = store_of(tmp_path, director)
    results = store.load().results(1)
    assert {table: result.points for table, result in results.items()} == {
        table: (1000 + 5 * table, 900) for table in range(1, 21)
    }
    states = [entry.state for entry in store.submissions(1)]
    assert states.count(SubmissionState.RECORDED) == 40


@pytest.mark.slow
def test_a_director_and_two_phones_in_a_real_browser(server: str, tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.test_server_browser import CHROMIUM

    if CHROMIUM is None:
        pytest.skip("no Chromium installed here")
    with sync_api.sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(f"{server}/events?lang=it")
            page.fill("input[name=name]", "Circolo Lido")
            page.fill("textarea[name=entrants]", ENTRANTS[: ENTRANTS.index("9;")])
            page.get_by_role("button", name="Crea").click()
            page.get_by_role("button", name="Avvia il turno successivo").click()
            page.wait_for_selector("text=Collegamenti per i tavoli")
            links = table_links(page.content())
            north, east = browser.new_page(), browser.new_page()
            north.goto(links[1, "home"])
            north.fill("input[name=home]", "1450")
            north.fill("input[name=away]", "-275")
            north.get_by_role("button", name="Send").click()
            north.wait_for_selector("text=the other side confirms")
            east.goto(links[1, "away"])
            assert "1450 to -275" in east.content()
            east.fill("input[name=home]", "1450")
            east.fill("input[name=away]", "-275")
            east.get_by_role("button", name="Send").click()
            east.wait_for_selector("text=recorded: 1450 to -275")
            page.reload()
            assert "1450 to -275" in page.content()
            screen = browser.new_page()
            screen.goto(f"{server}/events/{links[1, 'home'].split('/')[4]}/standings")
            assert screen.locator("tbody tr").count() == 8
        finally:
            browser.close()
