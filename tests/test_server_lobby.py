"""The lobby's server side: open tables listed with their free seats, joining one, quick match
(bots take the seats nobody took), play again for every seat, a table without spectators,
and ratings with openskill at rated tables, with a leaderboard."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
pytest.importorskip("openskill", reason="ratings need openskill (burraco[server])")

from burraco.server import create_app
from burraco.server.ratings import Rating, ordinal, rate
from burraco.server.settings import ServerSettings
from tests.server_helpers import TestClient, WebSocketDisconnect


@pytest.fixture
def client() -> Iterator[TestClient]:
    settings = ServerSettings(tables_per_minute=6000, table_burst=500, quick_fill_seconds=0.3)
    with TestClient(create_app(":memory:", workers=0, settings=settings)) as test_client:
        yield test_client


def post(client: TestClient, url: str, body: dict[str, Any], status: int = 200) -> Any:
    answer = client.post(url, json=body)
    assert answer.status_code == status, answer.text
    return answer.json()


def play_out(client: TestClient, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play every person's seat of a table with its first legal discard (else its first legal
    action) until the table is over, each action on a fresh connection of the seat to act;
    the table's last ``over`` message."""
    app: Any = client.app
    room = app.state.manager.rooms[table]
    deadline = time.monotonic() + 60
    while not room.table.is_over:
        assert time.monotonic() < deadline, "the table did not end"
        seat = room.table.state.turn
        if seat not in tokens or room.table.state.is_over:
            time.sleep(0.02)  # a bot's turn, or the next hand being dealt
            continue
        with client.websocket_connect(f"/ws/{table}?token={tokens[seat]}") as ws:
            message = ws.receive_json()
            if message["type"] != "view" or not message["legal"]:
                continue
            legal = message["legal"]
            discards = [text for text in legal if text.startswith("discard")]
            choice = discards[0] if discards else legal[0]
            ws.send_text(
                json.dumps({"type": "action", "event": message["event"], "action": choice})
            )
            ws.receive_json()
    with client.websocket_connect(f"/ws/{table}?token={next(iter(tokens.values()))}") as ws:
        ws.receive_json()
        over: dict[str, Any] = ws.receive_json()
    assert over["type"] == "over" and over["match_over"]
    return over


def test_a_listed_table_shows_its_free_seats_and_gives_one_to_who_joins(client: TestClient) -> None:
    made = post(
        client,
        "/api/tables",
        {
            "players": 4,
            "seats": ["human", "greedy", "human", "human"],
            "listed": True,
            "language": "it",
        },
        201,
    )
    assert [seat["seat"] for seat in made["seats"]] == [0]  # the creator's seat only
    post(client, "/api/tables", {"players": 2, "seats": ["human", "human"]}, 201)  # private
    listed = client.get("/api/tables").json()
    assert [(t["table"], t["free"], t["language"]) for t in listed] == [
        (made["table"], [2, 3], "it")
    ]
    joined = post(client, f"/api/tables/{made['table']}/join", {})
    assert joined["seat"] == 2 and joined["url"].endswith(f"#token={joined['token']}")
    with client.websocket_connect(f"/ws/{made['table']}?token={joined['token']}") as ws:
        assert ws.receive_json()["view"]["seat"] == 2
    post(client, f"/api/tables/{made['table']}/join", {})
    answer = client.post(f"/api/tables/{made['table']}/join", json={})
    assert answer.status_code == 409 and answer.json()["reason"] == "no-seat"
    assert client.get("/api/tables").json() == []


def test_quick_match_joins_a_waiting_table_or_starts_one_that_bots_fill(client: TestClient) -> None:
    first = post(client, "/api/quick", {"rules": "classic", "players": 2})
    second = post(client, "/api/quick", {"rules": "classic", "players": 2})
    assert first["table"] == second["table"] and {first["seat"], second["seat"]} == {0, 1}
    lonely = post(client, "/api/quick", {"rules": "classic", "players": 4})
    assert lonely["table"] != first["table"]
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{lonely['table']}").json()["free"]:
        assert time.monotonic() < deadline, "the bots never took the free seats"
        time.sleep(0.1)
    seats = client.get(f"/api/tables/{lonely['table']}").json()["seats"]
    assert [seat["player"] for seat in seats] == ["human", "greedy", "greedy", "greedy"]
    # the table's settings were stored again, and the store is still open for the next
    post(client, "/api/tables", {"players": 2, "seats": ["human", "human"]}, 201)
    app: Any = client.app
    stored = app.state.manager.store.read(lonely["table"])
    assert stored.config.seats == ("human", "greedy", "greedy", "greedy")


def test_play_again_starts_the_same_table_for_every_seat(client: TestClient) -> None:
    made = post(client, "/api/tables", {"players": 2, "seats": ["human", "human"], "seed": 3}, 201)
    tokens = {seat["seat"]: seat["token"] for seat in made["seats"]}
    early = client.post(f"/api/tables/{made['table']}/again", json={"token": tokens[0]})
    assert early.status_code == 409 and early.json()["reason"] == "hand-over"
    play_out(client, made["table"], tokens)
    with client.websocket_connect(f"/ws/{made['table']}?token={tokens[1]}") as other:
        other.receive_json(), other.receive_json()  # the last view and the over
        mine = post(client, f"/api/tables/{made['table']}/again", {"token": tokens[0]})
        told = other.receive_json()
    assert told["type"] == "again" and told["table"] == mine["table"] != made["table"]
    theirs = told["url"].split("#token=")[1]
    again = post(client, f"/api/tables/{made['table']}/again", {"token": tokens[1]})
    assert again["table"] == mine["table"] and again["token"] == theirs
    facts = client.get(f"/api/tables/{mine['table']}").json()
    assert (facts["players"], facts["practice"], facts["over"]) == (2, False, False)


def test_a_table_without_spectators_refuses_them_and_says_so(client: TestClient) -> None:
    made = post(
        client, "/api/tables", {"players": 2, "seats": ["human", "human"], "spectators": False}, 201
    )
    assert client.get(f"/api/tables/{made['table']}").json()["spectators"] is False
    with client.websocket_connect(f"/ws/{made['table']}") as ws:
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert error["reason"] == "no-spectators"
    open_table = post(client, "/api/tables", {"players": 2, "seats": ["human", "human"]}, 201)
    with client.websocket_connect(f"/ws/{open_table['table']}") as ws:
        assert ws.receive_json()["type"] == "view"
        assert client.get(f"/api/tables/{open_table['table']}").json()["watchers"] == 1


def test_the_ratings_of_a_rated_table_change_once_it_is_done(client: TestClient) -> None:
    # a level rated as a player of its own; level3 (greedy) keeps the hands quick on a busy
    # machine, where level5's decisions took a whole hand past the minute
    refused = client.post(
        "/api/tables", json={"players": 2, "seats": ["human", "level3"], "rated": True}
    )
    assert refused.status_code == 400
    assert client.post("/api/players", json={"name": ""}).json()["reason"] == "no-player"
    me = post(client, "/api/players", {"name": "Giulia"}, 201)
    assert me["name"] == "Giulia" and me["token"] and me["player"].startswith("p-")
    made = post(
        client,
        "/api/tables",
        {"players": 2, "seats": ["human", "level3"], "rated": True, "player": me["token"]},
        201,
    )
    assert client.get(f"/api/tables/{made['table']}").json()["seats"][0]["name"] == "Giulia"
    assert client.get("/api/leaderboard").json() == []
    over = play_out(client, made["table"], {0: made["seats"][0]["token"]})
    board = client.get("/api/leaderboard").json()
    assert sorted(row["name"] for row in board) == ["Giulia", "level3"]
    winner = "Giulia" if over["totals"][0] > over["totals"][1] else "level3"
    assert board[0]["name"] == winner and all(row["games"] == 1 for row in board)
    assert next(row for row in board if row["name"] == "level3")["bot"] is True
    unrated = post(client, "/api/tables", {"players": 2, "seats": ["human", "level3"]}, 201)
    play_out(client, unrated["table"], {0: unrated["seats"][0]["token"]})
    assert [row["games"] for row in client.get("/api/leaderboard").json()] == [1, 1]


def test_openskill_moves_the_winner_up_and_the_loser_down() -> None:
    (a,), (b,) = rate([[Rating()], [Rating()]], [1500.0, 700.0])
    assert a.mu > Rating().mu > b.mu and ordinal(a) > ordinal(b)
    pair, alone = rate([[Rating(), Rating()], [Rating()]], [400.0, 900.0])
    assert alone[0].mu > Rating().mu > pair[0].mu
