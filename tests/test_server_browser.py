"""The page in a real browser (Debian's headless Chromium, driven by Playwright): a person plays
a whole hand against bots by clicking, and the partner's page is sent nothing but its view.

Set ``BURRACO_SCREENSHOTS=DIR`` to keep screenshots of the table at desktop and phone width.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")


from burraco import observe  # noqa: E402
from burraco.serialize import to_dict  # noqa: E402
from burraco.server import create_app  # noqa: E402
from tests.server_helpers import free_port, post_table, threaded_server  # noqa: E402

CHROMIUM = next(
    (
        path
        for path in (
            os.environ.get("BURRACO_CHROMIUM"),
            shutil.which("chromium"),
            shutil.which("chromium-browser"),
        )
        if path
    ),
    None,
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)
SHOTS = os.environ.get("BURRACO_SCREENSHOTS")


def wait_until(page: Any, expression: str, seconds: float = 20.0) -> None:
    """Wait until ``expression`` is true in the page. Playwright's ``wait_for_function``
    evaluates a string, which the page's Content-Security-Policy forbids (no ``eval``), so
    this asks the page from outside (:meth:`evaluate` is not bound by it)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        time.sleep(0.05)


def event(page: Any) -> int:
    value: int = page.evaluate("game.message ? game.event : 0")
    return value


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("game.message !== null && game.message.legal.length > 0"))


def act(page: Any, tried_illegal: list[bool]) -> None:
    """One action of a person at ``page``, by clicking."""
    before = event(page)
    legal: list[str] = page.evaluate("game.message.legal")
    if legal[0] in ("draw", "pick"):
        page.get_by_role("button", name="Draw from the stock").click()
    else:
        hand = page.locator("#hand .hand-card")
        opens = [text for text in legal if text.startswith("open")]
        if not tried_illegal[0]:  # two cards are never a meld: the page shows the library's why
            hand.nth(0).click()
            hand.nth(1).click()
            page.get_by_role("button", name="Open with these").click()
            page.wait_for_selector("#notice:not([hidden])")
            assert "illegal action 'open" in page.locator("#notice").inner_text()
            assert "a meld needs at least 3 cards" in page.locator("#notice").inner_text()
            page.get_by_role("button", name="Clear selection").click()
            tried_illegal[0] = True
        if opens:
            choice = opens[0]
            buttons = ["Open"]
        else:
            choice = next(text for text in legal if text.startswith("discard"))
            buttons = ["Discard"]
        for token in choice.split()[1:]:
            code = token.split("=")[0]
            page.locator(f'#hand .hand-card[data-card="{code}"]:not(.selected)').first.click()
        offered = page.locator("#actions button.primary")
        labels = offered.all_inner_texts()
        assert any(label.startswith(buttons[0]) for label in labels), (choice, labels)
        offered.filter(has_text=buttons[0]).first.click()
    wait_until(page, f"game.event > {before} || document.querySelector('#sheet').open")


def test_a_person_plays_a_whole_hand_by_clicking_and_the_partner_sees_only_its_view(
    browser: Any, tmp_path: Path
) -> None:
    app = create_app(tmp_path / "tables.sqlite3")
    with threaded_server(app) as base:
        data = post_table(base, {"seats": ["human", "greedy", "human", "greedy"], "seed": 21})
        urls = {seat["seat"]: seat["url"] for seat in data["seats"]}
        me = browser.new_context(viewport={"width": 1280, "height": 900})
        partner = browser.new_context(viewport={"width": 390, "height": 844})
        pages = {0: me.new_page(), 2: partner.new_page()}
        frames: list[str] = []
        errors: list[str] = []

        def keep(payload: str | bytes) -> None:
            frames.append(payload if isinstance(payload, str) else payload.decode())

        pages[2].on("websocket", lambda ws: ws.on("framereceived", keep))
        for page in pages.values():
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on(  # the page runs under its Content-Security-Policy without a violation
                "console",
                lambda note: errors.append(note.text) if "Security Policy" in note.text else None,
            )
        for seat, page in pages.items():
            page.goto(urls[seat])
            wait_until(page, "game.message !== null")
        assert pages[0].locator("#practice").inner_text() == "practice (seed 21)"
        pages[0].get_by_role("button", name="Sort by rank").click()
        tried_illegal = [False]
        for _ in range(600):
            if pages[0].evaluate("document.querySelector('#sheet').open"):
                break
            for page in pages.values():
                if my_turn(page):
                    act(page, tried_illegal)
                    break
            else:
                time.sleep(0.05)
        else:
            pytest.fail("the hand did not end")
        pages[0].wait_for_selector("#sheet[open]")
        sheet = pages[0].locator("#sheet").inner_text()
        assert "hand total" in sheet and "Cards left in hand" in sheet
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            pages[0].screenshot(path=f"{SHOTS}/over-desktop.png", full_page=True)
            pages[2].screenshot(path=f"{SHOTS}/over-phone.png", full_page=True)
        room = app.state.manager.rooms[data["table"]]
        states = room.table.states
        views = [json.loads(frame) for frame in frames]
        views = [message for message in views if message["type"] == "view"]
        assert len(views) > 20
        for message in views:
            state = states[message["event"] - room.table.start_event]
            assert message["view"] == to_dict(observe(state, 2))
        assert not errors
        me.close()
        partner.close()


def test_the_lobby_creates_a_table_and_the_page_fits_a_phone(browser: Any, tmp_path: Path) -> None:
    app = create_app(tmp_path / "tables.sqlite3")
    with threaded_server(app) as base:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.goto(base + "/")
        page.select_option("#players", "2")
        page.get_by_role("button", name="Create the table").click()
        link = page.locator("a.seat-link").first
        link.wait_for()
        page.goto(link.get_attribute("href"))
        wait_until(page, "game.message !== null")
        assert page.locator("#hand .hand-card").count() in (11, 12)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, "the page scrolls sideways at phone width"
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/start-phone.png", full_page=True)
        context.close()


def test_the_page_reconnects_by_itself_after_a_restart_and_catches_up(
    browser: Any, tmp_path: Path
) -> None:
    websockets_sync = pytest.importorskip("websockets.sync.client")
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    with threaded_server(create_app(db), port) as base:
        data = post_table(base, {"seats": ["human"] * 4, "seed": 21})
        tokens = {seat["seat"]: seat["token"] for seat in data["seats"]}
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(data["seats"][0]["url"])
        wait_until(page, "game.message !== null")
        turn = page.evaluate("game.message.view.turn")
    wait_until(page, "document.getElementById('connection').textContent.includes('reconn')")
    with threaded_server(create_app(db), port) as base:
        url = base.replace("http", "ws", 1) + f"/ws/{data['table']}?token={tokens[turn]}"
        with websockets_sync.connect(url, open_timeout=10) as ws:
            first = json.loads(ws.recv(timeout=10))
            ws.send(json.dumps({"type": "action", "event": first["event"], "action": "draw"}))
            answer = json.loads(ws.recv(timeout=10))
        assert answer["event"] == first["event"] + 1 == 2
        wait_until(page, "game.event === 2")
        assert page.locator("#connection").inner_text() == ""
        context.close()


def test_the_page_says_when_the_clock_ran_out_and_a_bot_played(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from burraco.server import table

    monkeypatch.setattr(table, "MIN_CLOCK", 0.1)
    with threaded_server(create_app(tmp_path / "tables.sqlite3")) as base:
        data = post_table(base, {"players": 2, "seats": ["human", "greedy"], "seed": 2, "clock": 1})
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(data["seats"][0]["url"])
        wait_until(page, "game.message !== null")
        page.wait_for_selector("text=s left", timeout=10000)
        status = page.locator("#status")
        status.filter(has_text="time ran out, a bot played this turn").wait_for(timeout=15000)
        context.close()
