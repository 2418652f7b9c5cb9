"""Score entry at the table in ``burraco serve``: the director's page, the tables' pages with
confirmation by the other side, conflicts, the standings for a projector, twenty phones at
once, and the whole flow in Debian's Chromium."""

from __future__ import annotations

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

from burraco.server.tournament_pages import routes
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
    """The tables' links on a director's page, by (table, side)."""
    found = re.findall(
        r"(?:Table|Tavolo) (\d+) - (North-South|East-West|Nord-Sud|Est-Ovest) "
        r"""[^<]*<br>.*?<a href=['"]([^'"]+)['"]""",
        page,
        re.DOTALL,
    )
    side = {"North-South": "home", "Nord-Sud": "home", "East-West": "away", "Est-Ovest": "away"}
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
