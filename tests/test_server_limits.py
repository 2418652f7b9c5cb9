"""The server against a stranger: every finding of issue 60 as a test (limits with clear
answers, deals nobody can know in advance, headers and origins)."""

from __future__ import annotations

import hashlib
import json
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")

from burraco import CLASSIC, new_game
from burraco.record import deal_order
from tests.server_helpers import (
    TestClient,
    WebSocketDisconnect,
    WebSocketTestSession,
    create_app,
    free_port,
    receive_playing,
    send_action,
    threaded_server,
)

PEOPLE = {"players": 4, "seats": ["human"] * 4}


@contextmanager
def client_with(**settings: Any) -> Iterator[TestClient]:
    if settings:
        from burraco.server.settings import ServerSettings

        app = create_app(":memory:", settings=ServerSettings(**settings))
    else:
        app = create_app(":memory:")
    with TestClient(app) as test_client:
        yield test_client


def rooms_of(client: TestClient) -> dict[str, Any]:
    rooms: dict[str, Any] = cast(Any, client.app).state.manager.rooms
    return rooms


@pytest.fixture
def client() -> Iterator[TestClient]:
    with client_with() as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={**PEOPLE, **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def token(data: dict[str, Any], seat: int) -> str:
    found: str = next(entry["token"] for entry in data["seats"] if entry["seat"] == seat)
    return found


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    return message


def wait_for(predicate: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


# --- N2: creating tables ------------------------------------------------------------------------


def test_creating_tables_faster_than_the_limit_answers_429_with_when_to_retry() -> None:
    with client_with(tables_per_minute=6, table_burst=2) as client:
        create(client)
        create(client)
        answer = client.post("/api/tables", json=PEOPLE)
    assert answer.status_code == 429
    assert int(answer.headers["retry-after"]) >= 1
    assert (answer.json()["type"], answer.json()["reason"]) == ("error", "rate-limited")


def test_a_table_is_created_from_json_only(client: TestClient) -> None:
    answer = client.post(
        "/api/tables", content=json.dumps(PEOPLE), headers={"Content-Type": "text/plain"}
    )
    assert (answer.status_code, answer.json()["reason"]) == (415, "bad-content-type")
    answer = client.post("/api/tables", content=json.dumps(PEOPLE))
    assert answer.status_code == 415


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "https://evil.example"}, 403),
        ({"Sec-Fetch-Site": "cross-site"}, 403),
        ({"Origin": "null"}, 403),
        ({"Origin": "http://testserver"}, 201),
        ({}, 201),
    ],
)
def test_a_table_is_created_from_the_pages_origin_only(
    client: TestClient, headers: dict[str, str], status: int
) -> None:
    answer = client.post("/api/tables", json=PEOPLE, headers=headers)
    assert answer.status_code == status
    if status == 403:
        assert answer.json()["reason"] == "bad-origin"


def test_bot_only_tables_beyond_the_cap_are_refused_and_tables_with_people_are_not() -> None:
    from burraco.server.settings import ServerSettings

    app = create_app(":memory:", settings=ServerSettings(max_bot_tables=1), bot_delay=30.0)
    with TestClient(app) as client:
        create(client, players=2, seats=["greedy", "greedy"])
        answer = client.post("/api/tables", json={"players": 2, "seats": ["greedy", "random"]})
        assert answer.status_code == 503 and int(answer.headers["retry-after"]) >= 1
        assert answer.json()["reason"] == "server-busy"
        create(client, players=2, seats=["human", "greedy"])


def test_a_finished_table_leaves_memory_and_is_read_back_on_demand() -> None:
    with client_with(finished_seconds=0.05, sweep_seconds=0.05) as client:
        data = create(client, players=2, seats=["greedy", "greedy"])
        rooms = rooms_of(client)
        wait_for(lambda: data["table"] not in rooms)
        facts = client.get(f"/api/tables/{data['table']}").json()
        assert facts["over"] is True
        with client.websocket_connect(f"/ws/{data['table']}") as ws:
            view, over = receive(ws), receive(ws)
        assert (view["type"], over["type"]) == ("view", "over")
        assert view["event"] == over["event"] == facts["event"]


def test_an_idle_table_leaves_memory_and_carries_on_when_someone_comes_back() -> None:
    with client_with(idle_seconds=0.05, sweep_seconds=0.05) as client:
        data = create(client)
        rooms = rooms_of(client)
        wait_for(lambda: data["table"] not in rooms)
        with client.websocket_connect(f"/ws/{data['table']}?token={token(data, 0)}") as ws:
            view = receive(ws)
        first = view["view"]["turn"]
        with client.websocket_connect(f"/ws/{data['table']}?token={token(data, first)}") as ws:
            view = receive(ws)
            ws.send_json({"type": "action", "event": view["event"], "action": "draw"})
            after = receive(ws)
    assert (view["event"], after["event"]) == (1, 2)


# --- N3: the body is limited while it is read ---------------------------------------------------


def raw_request(port: int, head: bytes, chunks: list[bytes]) -> bytes:
    """Send ``head`` and then ``chunks`` (stopping if the server answers or closes), and
    return what the server answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(head)
        answer = b""
        for chunk in chunks:
            try:
                sock.sendall(chunk)
            except OSError:
                break
        sock.settimeout(10)
        try:
            while not answer.endswith(b"}") and (part := sock.recv(65536)):
                answer += part
        except (TimeoutError, ConnectionResetError):
            pass
        return answer


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_body_over_the_limit_is_refused_while_it_is_read(tmp_path: Path, chunked: bool) -> None:
    port = free_port()
    with threaded_server(create_app(tmp_path / "t.sqlite3"), port):
        if chunked:
            head = b"Transfer-Encoding: chunked\r\n"
            chunks = [b"2000\r\n" + b" " * 0x2000 + b"\r\n"] * 4  # 32 KiB, never finished
        else:  # announces 200 MB and sends 32 KiB of it
            head = b"Content-Length: 200000000\r\n"
            chunks = [b" " * 0x2000] * 4
        answer = raw_request(
            port,
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\n" + head + b"\r\n",
            chunks,
        )
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"reason":"too-large"' in answer


# --- N4: resume ---------------------------------------------------------------------------------


def test_a_resume_from_long_ago_gets_the_current_view_and_not_the_whole_hand() -> None:
    with client_with(resume_events=4) as client:
        data = create(client, players=2, seats=["human", "human"], seed=3)
        url = f"/ws/{data['table']}"
        with (
            client.websocket_connect(f"{url}?token={token(data, 0)}") as zero,
            client.websocket_connect(f"{url}?token={token(data, 1)}") as one,
        ):
            sockets = {0: zero, 1: one}
            views = {seat: receive(ws) for seat, ws in sockets.items()}
            for _ in range(12):  # six turns of a draw and a discard
                seat = next(seat for seat, view in views.items() if view["legal"])
                legal = views[seat]["legal"]
                text = "draw" if "draw" in legal else next(t for t in legal if "discard" in t)
                sockets[seat].send_json(
                    {"type": "action", "event": views[seat]["event"], "action": text}
                )
                views = {seat: receive(ws) for seat, ws in sockets.items()}
            latest = views[0]
            zero.send_json({"type": "resume", "event": 1})
            answer = receive(zero)
            zero.send_json({"type": "chat", "event": 1})  # the next thing sent is its error
            probe = receive(zero)
            zero.send_json({"type": "resume", "event": latest["event"] - 2})
            recent = [receive(zero), receive(zero)]
    assert answer == latest
    assert probe["reason"] == "unknown-type"
    assert [message["event"] for message in recent] == [latest["event"] - 1, latest["event"]]


# --- N5 and N6: tokens and nesting --------------------------------------------------------------


@pytest.mark.parametrize("guess", ["é", "%C3%A9" * 20, "\u2603abc", "a" * 5000])
def test_a_token_that_is_not_a_seats_is_refused_whatever_its_characters(
    client: TestClient, guess: str
) -> None:
    data = create(client)
    with client.websocket_connect(f"/ws/{data['table']}?token={guess}") as ws:
        message = receive(ws)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert (message["type"], message["reason"]) == ("error", "bad-token")
    assert closed.value.code == 4403


def test_deeply_nested_json_is_refused_with_a_reason(client: TestClient) -> None:
    nested = "[" * 2000 + "]" * 2000
    answer = client.post(
        "/api/tables", content=nested, headers={"Content-Type": "application/json"}
    )
    assert (answer.status_code, answer.json()["reason"]) == (400, "too-deep")
    data = create(client)
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        receive(ws)
        ws.send_text("[" * 2000)
        error = receive(ws)
        ws.send_text('{"type": "resume", "event": 1}')  # the socket is still open
        view = receive(ws)
    assert error["reason"] == "too-deep" and view["type"] == "view"


# --- N7: deals nobody can know in advance -------------------------------------------------------


def test_a_chosen_seed_makes_a_practice_table_that_says_so(client: TestClient) -> None:
    practice = create(client, seed=7)
    real = create(client)
    facts = client.get(f"/api/tables/{practice['table']}").json()
    assert (facts["practice"], facts["seed"]) == (True, 7)
    facts = client.get(f"/api/tables/{real['table']}").json()
    assert facts["practice"] is False and "seed" not in facts


def test_a_deal_is_committed_at_its_start_and_revealed_at_its_end(client: TestClient) -> None:
    from burraco.server.deals import DealMismatchError, commitment, verify_deal

    data = create(client, players=2, seats=["human", "greedy"])
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, 0)}") as ws:
        first = receive(ws)
        message = first
        while message["type"] != "over":
            assert message["type"] != "view" or message["commitment"] == first["commitment"]
            if message["type"] == "view" and message["legal"]:
                legal = message["legal"]
                discards = [text for text in legal if text.startswith("discard")]
                choice = discards[0] if discards else legal[0]
                send_action(ws, message["event"], choice)
            message = receive_playing(ws)
    deal = message["deal"]
    assert deal["commitment"] == first["commitment"]
    assert deal["commitment"] == commitment(deal["deck"], deal["salt"])
    assert (
        hashlib.sha256(f"{deal['salt']}:{deal['deck']}".encode()).hexdigest()
        == (deal["commitment"])
    )
    verify_deal(deal)
    # the deal is not one that a known seed gives
    assert all(
        deal["deck"] != " ".join(map(str, deck_of(seed, deal["dealer"]))) for seed in range(50)
    )
    forged = {**deal, "deck": " ".join(reversed(deal["deck"].split()))}
    with pytest.raises(DealMismatchError):
        verify_deal(forged)


def deck_of(seed: int, dealer: int) -> Any:
    return deal_order(new_game(attrs.evolve(CLASSIC, players=2), seed=seed, dealer=dealer))


def test_bot_seeds_come_from_their_own_secret_not_the_tables_seed() -> None:
    app = create_app(":memory:", bot_delay=30.0)
    with TestClient(app) as client:
        one = create(client, players=2, seats=["human", "search"], seed=5)
        two = create(client, players=2, seats=["human", "search"], seed=5)
        rooms = app.state.manager.rooms
        first, second = rooms[one["table"]].table, rooms[two["table"]].table
    assert first.states[0] == second.states[0]  # the same practice deal
    assert first.bot_seed != second.bot_seed
    assert 5 not in (first.bot_seed, second.bot_seed)


# --- N8: headers, origins and links -------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/t/anything", "/static/app.js", "/api/options", "/cards/7H.svg", "/nope"]
)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_the_page_has_no_inline_script_or_style(client: TestClient) -> None:
    page = client.get("/").text
    assert "<script>" not in page and "style=" not in page and "onclick" not in page


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [("https://evil.example", False), ("null", False), ("http://testserver", True), (None, True)],
)
def test_a_websocket_from_another_origin_is_refused(
    client: TestClient, origin: str | None, allowed: bool
) -> None:
    data = create(client)
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(f"/ws/{data['table']}", headers=headers) as ws:
        message = receive(ws)
        if not allowed:
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4403
    assert message["type"] == ("view" if allowed else "error")
    if not allowed:
        assert message["reason"] == "bad-origin"


def test_a_configured_origin_is_allowed() -> None:
    with client_with(allowed_origins=("https://play.example",)) as client:
        data = create(client)
        headers = {"origin": "https://play.example"}
        with client.websocket_connect(f"/ws/{data['table']}", headers=headers) as ws:
            assert receive(ws)["type"] == "view"


def test_links_come_from_the_public_url_not_the_host_header() -> None:
    with client_with(public_url="https://play.example/") as client:
        answer = client.post("/api/tables", json=PEOPLE, headers={"Host": "evil.example"})
        data = answer.json()
    assert data["spectate"] == f"https://play.example/t/{data['table']}"
    assert all(seat["url"].startswith("https://play.example/t/") for seat in data["seats"])
    with client_with() as client:  # by default, the address the server listens on
        data = client.post("/api/tables", json=PEOPLE, headers={"Host": "evil.example"}).json()
    assert data["spectate"] == f"http://testserver/t/{data['table']}"


# --- a fast client is told, and stays connected -------------------------------------------------


def test_a_fast_client_is_told_when_to_retry_and_stays_connected(client: TestClient) -> None:
    data = create(client, seed=11)
    first = new_game(seed=11).turn
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, first)}") as ws:
        receive(ws)
        for _ in range(100):
            ws.send_json({"type": "action", "event": 0, "action": "draw"})
        replies = [receive(ws) for _ in range(100)]
        limited = [reply for reply in replies if reply["reason"] == "rate-limited"]
        assert limited and all(reply["retry_after"] > 0 for reply in limited)
        assert {reply["reason"] for reply in replies} == {"stale", "rate-limited"}
        time.sleep(max(reply["retry_after"] for reply in limited))
        ws.send_json({"type": "action", "event": 1, "action": "draw"})
        answer = receive(ws)
    assert (answer["type"], answer["event"]) == ("view", 2)


def test_burraco_verify_deal_checks_a_revealed_deal_against_its_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from burraco.cli import main
    from burraco.server.deals import Deal

    revealed = Deal.draw(attrs.evolve(CLASSIC, players=2), dealer=1).reveal()
    assert revealed is not None
    good = tmp_path / "over.json"
    good.write_text(json.dumps({"type": "over", "event": 9, "deal": revealed}))
    assert main(["verify-deal", str(good)]) == 0
    assert f"matches its commitment {revealed['commitment']}" in capsys.readouterr().out
    forged = tmp_path / "forged.json"
    cards = revealed["deck"].split()
    forged.write_text(json.dumps({**revealed, "deck": " ".join(cards[1:] + cards[:1])}))
    assert main(["verify-deal", str(forged)]) == 1
    assert "does not match" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("[")
    assert main(["verify-deal", str(tmp_path / "bad.json")]) == 2
