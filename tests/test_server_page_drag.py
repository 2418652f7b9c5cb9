"""Selecting cards of the hand by dragging across them (issue 55, "select by tap or drag"), in
Debian's headless Chromium driven by Playwright: with the mouse at 1280x800, with a finger at
390x844 (touch sent through Chromium's own input pipeline, so touch-action and scrolling are
what a phone would do), and a tap that still toggles one card.

Set ``BURRACO_SCREENSHOTS=DIR`` to keep a screenshot of each drag.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")

from burraco import legal_actions, observe  # noqa: E402
from burraco.agents import GreedyAgent  # noqa: E402
from burraco.server import create_app  # noqa: E402
from burraco.server.protocol import encode, view_message  # noqa: E402
from burraco.server.settings import ServerSettings  # noqa: E402
from burraco.server.table import Table, TableConfig  # noqa: E402
from tests.server_helpers import post_table, threaded_server  # noqa: E402
from tests.test_server_browser import CHROMIUM, wait_until  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)
SHOTS = os.environ.get("BURRACO_SCREENSHOTS")
SIZES = [(1280, 800), (390, 844)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    settings = ServerSettings(tables_per_minute=6000, table_burst=500)
    app = create_app(tmp_path_factory.mktemp("db") / "tables.sqlite3", workers=0, settings=settings)
    with threaded_server(app) as base:
        yield base


def positions() -> Iterator[dict[str, Any]]:
    """``view`` messages of a seat in its play phase that may open a meld of three natural
    cards, from tables of greedy bots."""
    for seed in range(60):
        table = Table.create(TableConfig("classic", 4, ("human",) * 4, seed=seed))
        agents = [GreedyAgent(seed=seat) for seat in range(4)]
        while not table.state.is_over:
            state = table.state
            legal = legal_actions(state)
            if state.phase.value == "play" and any(
                str(a).startswith("open ") and len(str(a).split()) == 4 for a in legal
            ):
                message = view_message(state, state.turn, table.event, history=table.history)
                data: dict[str, Any] = json.loads(encode(message))
                yield data
            table.play(agents[state.turn].choose(observe(state, state.turn), legal))


def seat_page(browser: Any, server: str, width: int, height: int) -> Any:
    """Seat 0's page of a table of people alone, at ``width`` x ``height`` (a phone has touch)."""
    phone = width < 600
    data = post_table(server, {"players": 4, "seats": ["human"] * 4})
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    page.goto(data["seats"][0]["url"])
    wait_until(page, "game.message !== null")
    return page


def show_an_open_of_three(page: Any) -> tuple[str, list[int]]:
    """Hand the page a position where three neighbouring cards of the hand, as the page sorts
    it and in one row, open a meld; the open's text and those cards' places in the hand."""
    for message in positions():
        page.evaluate("(m) => { game.selected.clear(); onView(m); }", message)
        shown: list[str] = page.locator("#hand .hand-card").evaluate_all(
            "(nodes) => nodes.map((n) => n.dataset.card)"
        )
        rows: list[float] = page.locator("#hand .hand-card").evaluate_all(
            "(nodes) => nodes.map((n) => n.getBoundingClientRect().top)"
        )
        for text in message["legal"]:
            words = text.split()
            if words[0] != "open" or len(words) != 4 or any("=" in w for w in words):
                continue
            for start in range(len(shown) - 2):
                one_row = len(set(rows[start : start + 3])) == 1  # a phone's hand wraps
                if one_row and sorted(shown[start : start + 3]) == sorted(words[1:]):
                    return text, [start, start + 1, start + 2]
    raise AssertionError("no position where three neighbouring cards open a meld")


def centre(page: Any, index: int) -> tuple[float, float]:
    """The middle of the part of card ``index`` that its right-hand neighbour leaves visible."""
    box = page.locator(f'#hand .hand-card[data-index="{index}"]').bounding_box()
    return box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.6


def pressed(page: Any) -> list[int]:
    """The places of the hand's cards a screen reader hears as pressed."""
    names: list[int] = (
        page.locator("#hand")
        .get_by_role("button", pressed=True)
        .evaluate_all("(nodes) => nodes.map((n) => Number(n.dataset.index))")
    )
    return names


def mouse_drag(page: Any, first: int, last: int) -> None:
    x, y = centre(page, first)
    page.mouse.move(x, y)
    page.mouse.down()
    for index in range(first, last + 1) if first <= last else range(first, last - 1, -1):
        x, y = centre(page, index)
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def touch_drag(page: Any, points: list[tuple[float, float]]) -> None:
    """A finger pressed at the first point, moved through the others, lifted: through
    Chromium's input pipeline (the DevTools protocol), so the page may scroll as a phone's."""
    session = page.context.new_cdp_session(page)
    x, y = points[0]
    start = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    session.send("Input.dispatchTouchEvent", start)
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        for step in range(1, 6):
            point = {"x": x0 + (x1 - x0) * step / 5, "y": y0 + (y1 - y0) * step / 5}
            session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def drag(page: Any, first: int, last: int) -> None:
    if page.viewport_size["width"] < 600:
        step = 1 if first <= last else -1
        touch_drag(page, [centre(page, i) for i in range(first, last + step, step)])
    else:
        mouse_drag(page, first, last)


def shoot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{page.viewport_size['width']}.png"))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_dragging_across_three_cards_selects_them_and_offers_their_meld(
    browser: Any, server: str, width: int, height: int
) -> None:
    page = seat_page(browser, server, width, height)
    text, three = show_an_open_of_three(page)
    scrolled = page.evaluate("window.scrollY")
    drag(page, three[0], three[-1])
    assert pressed(page) == three
    assert page.locator(f'#actions button[data-action="{text}"]').count() == 1
    assert page.evaluate("String(getSelection())") == ""
    assert page.evaluate("window.scrollY") == scrolled  # the finger moved no page
    shoot(page, "drag")
    # a drag that starts on a selected card deselects the cards it crosses
    drag(page, three[1], three[0])
    assert pressed(page) == [three[2]]
    assert page.locator(f'#actions button[data-action="{text}"]').count() == 0
    # a drag that starts on an unselected card selects, the selected one it crosses included
    drag(page, three[0], three[2])
    assert pressed(page) == three
    assert page.locator(f'#actions button[data-action="{text}"]').count() == 1
    page.context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_tap_still_toggles_one_card(browser: Any, server: str, width: int, height: int) -> None:
    page = seat_page(browser, server, width, height)
    card = page.locator('#hand .hand-card[data-index="2"]')
    name = card.get_attribute("aria-label")
    for expected in ("true", "false"):
        if width < 600:
            page.touchscreen.tap(*centre(page, 2))
        else:
            card.click()
        assert (
            page.get_by_role("button", name=name, exact=True).first.get_attribute("aria-pressed")
            == expected
        )
        assert pressed(page) == ([2] if expected == "true" else [])
    page.context.close()


def test_a_finger_still_scrolls_the_page_away_from_the_hand(browser: Any, server: str) -> None:
    """Only the hand's cards take no panning: a finger elsewhere scrolls the page."""
    page = seat_page(browser, server, 390, 400)
    assert page.evaluate("document.documentElement.scrollHeight > innerHeight")
    card = page.locator("#hand .hand-card").first
    assert card.evaluate("(n) => getComputedStyle(n).touchAction") == "pinch-zoom"
    box = page.locator("#others").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch_drag(page, [(x, y), (x, y - 150)])
    wait_until(page, "window.scrollY > 0", seconds=5)
    page.context.close()


def test_a_drag_moves_nothing_for_those_who_want_less_motion(browser: Any, server: str) -> None:
    data = post_table(server, {"players": 4, "seats": ["human"] * 4})
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(data["seats"][0]["url"])
    wait_until(page, "game.message !== null")
    mouse_drag(page, 0, 2)
    assert pressed(page) == [0, 1, 2]
    durations = page.locator("#hand .hand-card").evaluate_all(
        "(nodes) => nodes.map((n) => getComputedStyle(n).transitionDuration)"
    )
    assert set(durations) == {"0s"}
    context.close()


def test_a_drag_back_to_its_first_card_is_not_also_a_click(browser: Any, server: str) -> None:
    """The mouse's click at the end of a drag that comes back to its first card toggles
    nothing: the cards crossed stay selected."""
    page = seat_page(browser, server, 1280, 800)
    x, y = centre(page, 0)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(*centre(page, 1), steps=4)
    page.mouse.move(x, y, steps=4)
    page.mouse.up()
    assert pressed(page) == [0, 1]
    page.keyboard.press("Enter")  # a key toggles the focused card (the first) at once
    assert pressed(page) == [1]
    page.context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_tap_counts_when_the_hand_is_redrawn_while_the_card_is_pressed(
    browser: Any, server: str, width: int, height: int
) -> None:
    """A view or a refresh of the table's seats may redraw the hand between a press and its
    release; the card under the pointer is toggled all the same (the browser then sends no
    click to the card, whose node was replaced)."""
    page = seat_page(browser, server, width, height)
    x, y = centre(page, 2)
    for expected in ([2], []):
        if width < 600:
            session = page.context.new_cdp_session(page)
            start = {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
            session.send("Input.dispatchTouchEvent", start)
            page.evaluate("render()")
            session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            session.detach()
        else:
            page.mouse.move(x, y)
            page.mouse.down()
            page.evaluate("render()")
            page.mouse.up()
        wait_until(page, f"game.selected.size === {len(expected)}", seconds=5)
        assert pressed(page) == expected
    page.context.close()
