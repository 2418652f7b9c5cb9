"""The server's protocol, in process: every message, every error, and what nothing changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from burraco import FIBUR5, legal_actions, new_game, observe, parse_action, validate_meld
from burraco.serialize import to_dict

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")

from burraco.server import protocol, table
from burraco.server.deals import verify_deal
from tests.server_helpers import (
    TestClient,
    WebSocketDisconnect,
    WebSocketTestSession,
    create_app,
    receive_playing,
    send_action,
)

FOUR_PEOPLE = {"players": 4, "seats": ["human"] * 4, "seed": 11}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", workers=0)) as test_client:
        yield test_client


def create(client: TestClient, **settings: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={**FOUR_PEOPLE, **settings})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def token(data: dict[str, Any], seat: int) -> str:
    found: str = next(entry["token"] for entry in data["seats"] if entry["seat"] == seat)
    return found


def send(ws: WebSocketTestSession, **message: Any) -> None:
    ws.send_text(json.dumps(message))


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    message: dict[str, Any] = ws.receive_json()
    return message


def the_deal() -> Any:
    """The deal of a table of one hand created with seed 11."""
    return new_game(seed=11)


# --- HTTP ---------------------------------------------------------------------------------------


def test_creating_a_table_gives_a_token_and_link_per_person_and_a_spectator_link(
    client: TestClient,
) -> None:
    data = create(client, seats=["human", "greedy", "human", "random"])
    assert [seat["seat"] for seat in data["seats"]] == [0, 2]
    tokens = [seat["token"] for seat in data["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)
    assert data["seats"][0]["url"].endswith(f"/t/{data['table']}#token={tokens[0]}")
    assert data["spectate"].endswith(f"/t/{data['table']}")


def test_a_table_deals_as_burraco_play_with_the_same_seed() -> None:
    single = table.Table.create(table.TableConfig.from_request({"seed": 7}))
    match = table.Table.create(table.TableConfig.from_request({"seed": 7, "match": True}))
    assert single.state == new_game(seed=7)
    assert match.state == new_game(seed="7:0")


def test_the_public_facts_of_a_table_name_its_seats_and_hide_its_seed(client: TestClient) -> None:
    data = create(client, seats=["human", "greedy", "human", "search"], match=True, seed=None)
    facts = client.get(f"/api/tables/{data['table']}").json()
    assert facts["seats"] == [
        {"seat": 0, "player": "human", "connected": False},
        {"seat": 1, "player": "greedy", "connected": True},
        {"seat": 2, "player": "human", "connected": False},
        {"seat": 3, "player": "search", "connected": True},
    ]
    assert (facts["rules"], facts["players"], facts["match"], facts["over"]) == (
        "classic",
        4,
        True,
        False,
    )
    assert "seed" not in facts and "token" not in json.dumps(facts)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"rules": "bridge"}, "not a preset"),
        ({"players": 7}, "not 2, 3, 4, 5 or 6"),
        ({"players": True}, "not 2, 3, 4, 5 or 6"),
        ({"rules": "fibur3", "players": 4}, "is for 3 or 5 players, not 4"),
        ({"seats": ["human", "greedy"]}, "list of 4 names"),
        ({"seats": ["human", "os:system", "greedy", "greedy"]}, "seats[1]"),
        ({"match": "yes"}, "match must be"),
        ({"seed": -1}, "seed"),
        ({"clock": 1}, "clock"),
        ({"colour": "red"}, "unknown field(s) colour"),
    ],
)
def test_a_bad_table_request_is_refused_with_what_is_wrong(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    error = answer.json()
    assert (error["type"], error["reason"]) == ("error", "bad-request")
    assert words in error["message"]


def test_a_table_request_that_is_not_json_or_too_large_is_refused(client: TestClient) -> None:
    headers = {"Content-Type": "application/json"}
    answer = client.post("/api/tables", content=b"{players: 4", headers=headers)
    assert (answer.status_code, answer.json()["reason"]) == (400, "bad-json")
    answer = client.post("/api/tables", content=b" " * 5000, headers=headers)
    assert (answer.status_code, answer.json()["reason"]) == (413, "too-large")


def test_the_page_its_files_and_card_pictures_are_served(client: TestClient) -> None:
    assert "<title>Burraco</title>" in client.get("/").text
    assert "<title>Burraco</title>" in client.get("/t/anything").text
    assert "function connect" in client.get("/static/app.js").text
    picture = client.get("/cards/JK=7H.svg")
    assert picture.headers["content-type"].startswith("image/svg+xml")
    assert 'aria-label="JK=7H"' in picture.text
    assert client.get("/cards/XX.svg").status_code == 404
    assert client.get("/cards/10h.svg").status_code == 404  # one name per picture
    assert client.get("/api/tables/nope").status_code == 404


def test_the_options_list_presets_player_counts_and_seat_kinds(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert "classic" in options["rules"] and options["players"] == [2, 3, 4, 5, 6]
    assert options["seats"][0] == "human" and "search" in options["seats"]
    # every seat kind has a title for the lobby; the levels say how strong they are
    assert set(options["seat_titles"]) == set(options["seats"])
    assert options["seat_titles"]["level1"] == "level1: beginner"
    assert options["seat_titles"]["level5"] == "level5: expert"
    assert options["seat_titles"]["level6"] == "level6: experimental"


# --- connecting ---------------------------------------------------------------------------------


def test_a_seat_gets_its_own_view_on_connect_and_the_legal_actions_when_it_acts(
    client: TestClient,
) -> None:
    data = create(client)
    deal = the_deal()
    first = deal.turn
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, first)}") as ws:
        message = receive(ws)
    promised = message.pop("commitment")
    assert len(promised) == 64 and int(promised, 16) >= 0
    assert message == {
        "type": "view",
        "event": 1,
        "view": to_dict(observe(deal, first)),
        "legal": ["draw", "pick"],
        "wilds": {},
        "last": [],
        "score": [0, 0],
        "burracos": [[], []],
        "clock": None,
    }
    other = (first + 1) % 4
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, other)}") as ws:
        message = receive(ws)
    assert message["view"]["seat"] == other and message["legal"] == []


def test_a_token_opens_its_own_table_only(client: TestClient) -> None:
    mine, other = create(client), create(client)
    with client.websocket_connect(f"/ws/{other['table']}?token={token(mine, 0)}") as ws:
        message = receive(ws)
    assert (message["type"], message["reason"]) == ("error", "bad-token")


def test_a_spectator_sees_no_hand(client: TestClient) -> None:
    data = create(client)
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        message = receive(ws)
    assert message["view"]["seat"] is None and message["view"]["hand"] is None
    assert message["legal"] == []
    for hand in the_deal().hands:
        assert " ".join(map(str, hand)) not in json.dumps(message)


@pytest.mark.parametrize(
    ("path", "reason"), [("/ws/missing", "no-table"), ("/ws/{table}?token=guess", "bad-token")]
)
def test_an_unknown_table_or_token_is_refused(client: TestClient, path: str, reason: str) -> None:
    data = create(client)
    with client.websocket_connect(path.format(table=data["table"])) as ws:
        message = receive(ws)
        assert (message["type"], message["reason"]) == ("error", reason)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
    assert closed.value.code == (4404 if reason == "no-table" else 4403)


# --- acting -------------------------------------------------------------------------------------


def test_an_accepted_action_is_announced_to_every_connection_with_the_next_event(
    client: TestClient,
) -> None:
    data = create(client)
    first = the_deal().turn
    url = f"/ws/{data['table']}"
    with (
        client.websocket_connect(f"{url}?token={token(data, first)}") as player,
        client.websocket_connect(url) as spectator,
    ):
        receive(player), receive(spectator)
        send(player, type="action", event=1, action="draw")
        mine, theirs = receive(player), receive(spectator)
    assert mine["event"] == theirs["event"] == 2
    assert (
        mine["last"]
        == theirs["last"]
        == [{"seat": first, "actions": ["draw"], "took": "", "pozzetto": False, "clock": False}]
    )
    assert mine["legal"] and all(parse_action(text) for text in mine["legal"])
    assert theirs["legal"] == [] and theirs["view"]["hand"] is None
    facts = client.get(f"/api/tables/{data['table']}").json()
    assert facts["event"] == 2


def test_a_pick_shows_every_seat_what_the_pile_gave(client: TestClient) -> None:
    data = create(client)
    deal = the_deal()
    first = deal.turn
    url = f"/ws/{data['table']}"
    with (
        client.websocket_connect(f"{url}?token={token(data, first)}") as player,
        client.websocket_connect(url) as spectator,
    ):
        receive(player), receive(spectator)
        send(player, type="action", event=1, action="pick")
        receive(player)
        seen = receive(spectator)
    assert seen["last"][0]["took"] == str(deal.discard_pile[0])
    assert seen["view"]["known_cards"][first] == str(deal.discard_pile[0])


def errors_then_proof(
    client: TestClient, messages: list[str], *, seat_offset: int = 0, spectator: bool = False
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Send ``messages`` on one connection, then a legal draw on the first player's: the
    replies to the first, and what a third connection saw next (the draw's view, event 2,
    proves nothing was announced in between)."""
    data = create(client)
    first = the_deal().turn
    url = f"/ws/{data['table']}"
    sender_url = url if spectator else f"{url}?token={token(data, (first + seat_offset) % 4)}"
    with (
        client.websocket_connect(f"{url}?token={token(data, first)}") as player,
        client.websocket_connect(sender_url) as sender,
        client.websocket_connect(url) as watcher,
    ):
        receive(player), receive(sender), receive(watcher)
        replies = []
        for text in messages:
            sender.send_text(text)
            replies.append(receive(sender))
        send(player, type="action", event=1, action="draw")
        after = receive(watcher)
    return replies, after


@pytest.mark.parametrize(
    ("text", "reason", "words"),
    [
        ("not json", "bad-json", "not JSON"),
        ("[1, 2]", "bad-message", "JSON object"),
        ('{"type": "chat", "event": 1}', "unknown-type", "'chat'"),
        ('{"type": "action", "action": "draw"}', "bad-message", "event number"),
        ('{"type": "action", "event": true, "action": "draw"}', "bad-message", "event"),
        ('{"type": "action", "event": 1}', "bad-message", '"action"'),
        ('{"type": "action", "event": 1, "action": "draw", "seat": 3}', "wrong-seat", "seat"),
        ('{"type": "action", "event": 0, "action": "draw"}', "stale", "event 0"),
        ('{"type": "action", "event": 1, "action": "drwa"}', "bad-action", "'drwa'"),
        ('{"type": "action", "event": 1, "action": "discard JK"}', "wrong-phase", "discard JK"),
        ('{"type": "action", "event": 1, "action": "' + "x" * 5000 + '"}', "too-large", "bytes"),
    ],
)
def test_a_bad_message_gets_an_error_to_its_sender_only_and_changes_nothing(
    client: TestClient, text: str, reason: str, words: str
) -> None:
    replies, after = errors_then_proof(client, [text])
    assert replies[0]["type"] == "error" and replies[0]["reason"] == reason
    assert words in replies[0]["message"] and replies[0]["event"] == 1
    assert after["type"] == "view" and after["event"] == 2


def test_an_action_from_a_seat_not_to_act_is_refused(client: TestClient) -> None:
    message = json.dumps({"type": "action", "event": 1, "action": "draw"})
    replies, after = errors_then_proof(client, [message], seat_offset=1)
    assert replies[0]["reason"] == "not-your-turn"
    assert after["event"] == 2


def test_a_spectator_cannot_act(client: TestClient) -> None:
    message = json.dumps({"type": "action", "event": 1, "action": "draw"})
    replies, after = errors_then_proof(client, [message], spectator=True)
    assert replies[0]["reason"] == "spectator"
    assert after["event"] == 2


def test_a_repeated_action_is_stale_and_changes_nothing(client: TestClient) -> None:
    data = create(client)
    first = the_deal().turn
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, first)}") as ws:
        receive(ws)
        send(ws, type="action", event=1, action="draw")
        view = receive(ws)
        send(ws, type="action", event=1, action="draw")  # a double click
        error = receive(ws)
        send(ws, type="resume", event=2)
        again = receive(ws)
    assert error["reason"] == "stale" and error["event"] == 2
    assert again == view


def test_an_illegal_action_is_explained_with_the_librarys_message(client: TestClient) -> None:
    data = create(client)
    deal = the_deal()
    first = deal.turn
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, first)}") as ws:
        receive(ws)
        send(ws, type="action", event=1, action="draw")
        view = receive(ws)
        hand = view["view"]["hand"].split()
        send(ws, type="action", event=2, action=f"open {' '.join(hand[:2])}")
        error = receive(ws)
    assert error["reason"] == "too-few-cards"
    assert error["message"].startswith(f"illegal action 'open {' '.join(hand[:2])}' by you:")


def test_messages_beyond_the_rate_are_refused(client: TestClient) -> None:
    data = create(client)
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        receive(ws)
        for _ in range(100):
            send(ws, type="chat", event=1)
        reasons = [receive(ws)["reason"] for _ in range(100)]
    assert "rate-limited" in reasons and "unknown-type" in reasons


# --- resuming -----------------------------------------------------------------------------------


def test_resume_gives_exactly_the_missed_events(client: TestClient) -> None:
    data = create(client)
    first = the_deal().turn
    url = f"/ws/{data['table']}"
    with client.websocket_connect(f"{url}?token={token(data, first)}") as player:
        receive(player)
        send(player, type="action", event=1, action="draw")
        seen = [receive(player)]
        hand = seen[0]["view"]["hand"].split()
        send(player, type="action", event=2, action=f"discard {hand[0]}")
        seen.append(receive(player))
        send(player, type="resume", event=1)
        resumed = [receive(player), receive(player)]
        send(player, type="resume", event=99)  # unknown to the server: the whole view
        whole = receive(player)
    assert resumed == seen
    assert whole == seen[-1]


def test_a_spectator_resumes_without_hands(client: TestClient) -> None:
    data = create(client)
    first = the_deal().turn
    url = f"/ws/{data['table']}"
    with (
        client.websocket_connect(f"{url}?token={token(data, first)}") as player,
        client.websocket_connect(url) as spectator,
    ):
        receive(player), receive(spectator)
        send(player, type="action", event=1, action="draw")
        receive(player), receive(spectator)
        send(spectator, type="resume", event=1)
        resumed = receive(spectator)
    assert resumed["event"] == 2 and resumed["view"]["hand"] is None


# --- whole hands, matches and clocks ------------------------------------------------------------


def play_first_legal(ws: WebSocketTestSession, message: dict[str, Any]) -> None:
    legal = message["legal"]
    discards = [text for text in legal if text.startswith("discard")]
    choice = discards[0] if discards else legal[0]
    send_action(ws, message["event"], choice)


def test_a_hand_against_bots_ends_with_the_score_sheet_and_then_refuses_actions(
    client: TestClient,
) -> None:
    data = create(client, seats=["human", "greedy", "greedy", "greedy"], seed=3)
    over = None
    events = []
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, 0)}") as ws:
        while over is None:
            message = receive_playing(ws)
            if message["type"] == "over":
                over = message
            elif message["type"] == "view":
                events.append(message["event"])
                if message["legal"]:
                    play_first_legal(ws, message)
        send(ws, type="action", event=over["event"], action="draw")
        refused = receive(ws)
    assert events == list(range(events[0], events[0] + len(events)))
    assert over["hand_score"]["type"] == "hand-score" and over["match"] is None
    assert len(over["hands"]) == 4
    assert refused["reason"] == "hand-over"
    facts = client.get(f"/api/tables/{data['table']}").json()
    assert facts["over"] is True and facts["event"] == over["event"]
    record = client.get(f"/api/tables/{data['table']}/records").text
    assert '[Players "4"]' in record and '[Result "team 0' in record


def test_a_match_of_bots_deals_on_until_a_team_reaches_the_target(client: TestClient) -> None:
    data = create(client, seats=["greedy"] * 2, players=2, match=True, seed=5)
    overs: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        while not overs or not overs[-1]["match"]["hands"] or not _match_over(overs[-1]):
            message = receive(ws)
            if message["type"] == "over":
                overs.append(message)
    totals = [sum(_total(team) for team in hand["teams"]) for hand in overs[-1]["match"]["hands"]]
    assert len(totals) >= len(overs) >= 1  # the hands before the spectator came are not seen
    facts = client.get(f"/api/tables/{data['table']}").json()
    assert facts["over"] is True and max(facts["score"]) >= 2000


def _total(team: dict[str, int]) -> int:
    return sum(
        team[key]
        for key in ("melded", "in_hand", "burraco_bonus", "closing_bonus", "pozzetto_penalty")
    )


def _match_over(over: dict[str, Any]) -> bool:
    hands = over["match"]["hands"]
    totals = [sum(_total(hand["teams"][team]) for hand in hands) for team in range(2)]
    return max(totals) >= 2000 and totals[0] != totals[1]


def test_when_the_clock_runs_out_a_bot_plays_the_turn_and_says_so(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table, "MIN_CLOCK", 0.1)
    data = create(client, seats=["human", "greedy"], players=2, clock=0.3, seed=2)
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, 0)}") as ws:
        message = receive(ws)
        while not any(entry["seat"] == 0 for entry in message["last"]):
            message = receive(ws)
            if message["clock"] is not None:
                assert message["clock"]["seconds"] == 0.3
    mine = next(entry for entry in message["last"] if entry["seat"] == 0)
    assert mine["clock"] is True


# --- the messages themselves: never a hidden card -----------------------------------------------


def twins(seed: int, steps: int, seat: int) -> tuple[Any, Any, list[protocol.Played]]:
    """A position ``steps`` actions into a hand, and a twin that differs from it only in the
    cards hidden from ``seat``, with the history that led to the first."""
    import random

    from burraco import GreedyAgent, apply, determinize

    state = new_game(seed=seed)
    history = []
    agents = [GreedyAgent(seed=s) for s in range(4)]
    for _ in range(steps):
        if state.is_over:
            break
        action = agents[state.turn].choose(observe(state, state.turn), legal_actions(state))
        history.append(
            protocol.Played(state.turn, action, False, protocol.took_with_pile(state, action))
        )
        state = apply(state, action)
    twin = determinize(observe(state, seat), random.Random(seed))
    return state, twin, history


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("steps", [0, 7, 25, 60])
def test_two_states_a_seat_cannot_tell_apart_give_it_byte_identical_messages(
    seed: int, steps: int
) -> None:
    for seat in (0, 1, None):
        state, twin, history = twins(seed, steps, 0 if seat is None else seat)
        if state.is_over:
            continue
        assert state != twin or state.stock == ()

        messages = {
            protocol.encode(
                protocol.view_message(position, seat, 9, history=history, score=[10, 20])
            )
            for position in (state, twin)
        }
        assert len(messages) == 1


def test_a_twin_state_differs_in_hidden_cards_only() -> None:
    state, twin, _ = twins(1, 7, 0)
    assert state.hands[0] == twin.hands[0] and state.melds == twin.melds
    assert state.hands[1:] != twin.hands[1:] or state.stock != twin.stock


def test_connecting_to_a_finished_table_gives_its_last_view_and_the_score_sheet(
    client: TestClient,
) -> None:
    data = create(client, seats=["greedy"] * 4, seed=8)
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        while receive(ws)["type"] != "over":
            pass
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        view, over = receive(ws), receive(ws)
    assert (view["type"], over["type"]) == ("view", "over")
    assert view["event"] == over["event"] and view["view"]["outcome"] is not None


def test_the_legal_actions_that_place_a_wild_say_what_it_stands_for() -> None:
    from burraco import DrawStock, OpenMeld, apply

    for seed in range(100):
        state = apply(new_game(seed=seed), DrawStock())
        runs = [
            action
            for action in legal_actions(state)
            if isinstance(action, OpenMeld) and any(card.is_joker for card in action.cards)
        ]
        if len(runs) > 3:
            break
    message = protocol.view_message(state, state.turn, 2)
    for action in runs:
        placed = message.wilds[str(action)]
        assert placed.startswith("JK=")
        assert placed in str(validate_meld(action.cards, wild_as=action.wild_as)) or (
            placed[3:] in {str(card.rank) for card in action.cards}
        )
    assert all(text in message.legal for text in message.wilds)
    assert "draw" not in message.wilds


def test_a_bot_that_fails_does_not_stop_its_table(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from burraco import GreedyAgent

    def broken(self: GreedyAgent, view: Any, legal: Any) -> Any:
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(GreedyAgent, "choose", broken)
    data = create(client, seats=["greedy"] * 2, players=2, seed=4)
    with client.websocket_connect(f"/ws/{data['table']}") as ws:
        while receive(ws)["type"] != "over":
            pass
    assert "seat 0's bot failed" in caplog.text or "seat 1's bot failed" in caplog.text


# --- storage ------------------------------------------------------------------------------------


def test_a_stored_table_loads_back_to_the_same_states_history_and_match(tmp_path: Any) -> None:
    from burraco import GreedyAgent
    from burraco.server.storage import Store
    from burraco.server.table import Table, TableConfig

    store = Store(tmp_path / "tables.sqlite3")
    config = TableConfig.from_request({"players": 2, "seats": ["human", "greedy"], "match": True})
    played = Table.create(config)
    store.add(played)
    agents = [GreedyAgent(seed=0), GreedyAgent(seed=1)]
    for _ in range(150):  # into the second hand
        state = played.state
        action = agents[state.turn].choose(observe(state, state.turn), legal_actions(state))
        move = played.play(action, by_clock=state.turn == 0)
        store.played(played, move, str(played.record()) if played.state.is_over else None)
        if played.deals_on:
            played.next_hand()
            store.dealt(played)
    [loaded] = store.load()
    assert (loaded.id, loaded.config, loaded.tokens) == (played.id, config, played.tokens)
    assert loaded.states == played.states and loaded.history == played.history
    assert loaded.event == played.event and loaded.match == played.match
    assert len(store.records(played.id)) == played.hand
    store.close()


def test_a_table_that_cannot_be_read_back_is_left_out(tmp_path: Any) -> None:
    import sqlite3

    from burraco.server.storage import Store
    from burraco.server.table import Table, TableConfig

    store = Store(tmp_path / "tables.sqlite3")
    good = Table.create(TableConfig.from_request({}))
    bad = Table.create(TableConfig.from_request({}))
    store.add(good)
    store.add(bad)
    store.close()
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        db.execute("UPDATE tables SET config = ? WHERE id = ?", ('{"rules": "gone"}', bad.id))
    store = Store(tmp_path / "tables.sqlite3")
    assert [table.id for table in store.load()] == [good.id]
    store.close()


def test_a_later_connection_sees_the_turn_clock_as_it_is_then(client: TestClient) -> None:
    import time

    data = create(client, seats=["human", "human"], players=2, clock=30, seed=2)
    first = 1  # the dealer's left
    url = f"/ws/{data['table']}?token={token(data, first)}"
    with client.websocket_connect(url) as ws:
        early = receive(ws)["clock"]
    time.sleep(0.4)
    with client.websocket_connect(url) as ws:
        later = receive(ws)["clock"]
    assert early["seat"] == later["seat"] == first and early["seconds"] == 30
    assert later["left"] < early["left"] <= 30


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_any_position_and_its_twin_give_a_seat_the_same_message_bytes(players: int) -> None:
    import random

    import attrs
    from hypothesis import given
    from hypothesis import strategies as st

    from burraco import CLASSIC, determinize
    from burraco.testing import game_states

    rules = attrs.evolve(CLASSIC, players=players)

    @given(game_states(rules), st.integers(0, players), st.integers(0, 2**32))
    def check(state: Any, seat: int, seed: int) -> None:
        if state.is_over:
            return
        who = None if seat == players else seat
        twin = determinize(observe(state, 0 if who is None else who), random.Random(seed))
        texts = {
            protocol.encode(protocol.view_message(position, who, 5, score=[1] * rules.teams))
            for position in (state, twin)
        }
        assert len(texts) == 1

    check()


@pytest.mark.parametrize(("rules", "players"), [("fibur3", 3), ("fibur5", 5)])
def test_a_table_of_the_clubs_method_seats_its_players_and_plays_to_the_end_of_a_match(
    rules: str, players: int
) -> None:
    # rules §14: the preset's own number of players by default; bots play a match through the
    # forming of pairs and the switch to everyone alone
    config = table.TableConfig.from_request({"rules": rules, "seats": ["greedy"] * players})
    assert config.players == players and config.rules.players == players
    played = table.Table.create(
        table.TableConfig.from_request(
            {"rules": rules, "seats": ["greedy"] * players, "match": True, "seed": 3}
        )
    )
    from burraco.agents import make_agent

    agents = [make_agent("greedy", seat) for seat in range(players)]
    for _ in range(20_000):
        state = played.state
        if state.is_over:
            if not played.deals_on:
                break
            played.next_hand()
            continue
        played.play(agents[state.turn].choose(observe(state, state.turn), legal_actions(state)))
    assert played.match.is_over and played.match.switched
    assert played.state.rules.partnerships == "fixed"  # the last hand: everyone alone
    assert played.deal is not None
    revealed = played.deal.reveal()
    assert revealed is not None and revealed["partnerships"] == "fixed"
    assert verify_deal(revealed) == played.deal.state  # dealt into a pozzetto per player


def test_a_person_at_a_fibur5_table_gets_the_view_of_five_seats(client: TestClient) -> None:
    data = create(client, rules="fibur5", players=5, seats=["human"] * 5, seed=4)
    deal = new_game(FIBUR5, seed=4)
    with client.websocket_connect(f"/ws/{data['table']}?token={token(data, deal.turn)}") as ws:
        message = receive(ws)
    assert message["view"] == to_dict(observe(deal, deal.turn))
    assert message["legal"] == ["draw", "pick"] and message["score"] == [0] * 5


def test_the_options_say_which_numbers_of_players_each_preset_seats(client: TestClient) -> None:
    counts = client.get("/api/options").json()["counts"]
    assert counts["fibur3"] == [3] and counts["fibur5"] == [5]
    assert counts["classic"][0] == 4 and sorted(counts["classic"]) == [2, 3, 4, 5, 6]
