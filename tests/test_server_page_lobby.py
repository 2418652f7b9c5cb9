"""The lobby in Chromium: a listed table found and joined from another browser, quick match,
"play again" at the end of a hand, a table without spectators, and the leaderboard page."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
pytest.importorskip("openskill", reason="ratings need openskill (burraco[server])")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")

from burraco.server import create_app  # noqa: E402
from burraco.server.settings import ServerSettings  # noqa: E402
from tests.server_helpers import post_table, threaded_server  # noqa: E402
from tests.test_server_browser import CHROMIUM, wait_until  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    settings = ServerSettings(tables_per_minute=6000, table_burst=500, quick_fill_seconds=1.0)
    app = create_app(tmp_path_factory.mktemp("db") / "tables.sqlite3", workers=0, settings=settings)
    with threaded_server(app) as base:
        yield app, base


def new_page(browser: Any, locale: str = "en-US") -> Any:
    return browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale).new_page()


def test_a_listed_table_is_found_and_joined_from_another_browser(
    browser: Any, served: tuple[Any, str]
) -> None:
    _, base = served
    creator = new_page(browser)
    creator.goto(base + "/")
    creator.wait_for_selector("#seat-kinds select", state="attached")
    creator.select_option("#players", "2")
    creator.select_option('[name="seat1"]', "human")
    creator.get_by_label("Listed in the lobby").check()
    creator.get_by_role("button", name="Create the table").click()
    creator.locator("a.seat-link").first.wait_for()
    assert creator.locator("a.seat-link").count() == 1  # the other seat is for the lobby
    table = creator.locator("a.seat-link").first.get_attribute("href").split("/t/")[1].split("#")[0]
    guest = new_page(browser, "it-IT")
    guest.goto(base + "/")
    row = guest.locator(f'.open-table[data-table="{table}"]')
    row.wait_for(timeout=10000)
    assert "1 posto libero" in row.inner_text() and "0 bot" in row.inner_text()
    row.get_by_role("button", name="Siediti").click()
    guest.wait_for_url(re.compile(f"/t/{table}#token="))
    wait_until(guest, "game.message !== null")
    assert guest.evaluate("game.message.view.seat") == 1
    creator.goto(creator.locator("a.seat-link").first.get_attribute("href"))
    wait_until(creator, "game.message !== null")
    wait_until(creator, "game.info.seats[1].connected", seconds=10)
    creator.context.close()
    guest.context.close()


def test_quick_match_seats_you_and_bots_fill_the_table(
    browser: Any, served: tuple[Any, str]
) -> None:
    _, base = served
    page = new_page(browser)
    page.goto(base + "/")
    page.wait_for_selector("#quick-rules option", state="attached")
    page.select_option("#quick-players", "2")
    page.get_by_role("button", name="Quick match").click()
    page.wait_for_url(re.compile("/t/.+#token="))
    wait_until(page, "game.message !== null")
    wait_until(page, "game.info.seats[1].player === 'greedy'", seconds=15)
    page.context.close()


def test_play_again_takes_every_seat_to_a_new_table(browser: Any, served: tuple[Any, str]) -> None:
    _, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "human"], "seed": 9})
    pages = {}
    for seat in (0, 1):
        pages[seat] = new_page(browser)
        pages[seat].goto(data["seats"][seat]["url"])
        wait_until(pages[seat], "game.message !== null")
    deadline = time.monotonic() + 120
    while not pages[0].evaluate("game.over !== null"):
        assert time.monotonic() < deadline, "the hand did not end"
        for page in pages.values():
            legal = page.evaluate("game.message.legal")
            if legal:
                discards = [text for text in legal if text.startswith("discard")]
                before = page.evaluate("game.event")
                page.evaluate("(a) => send(a)", discards[0] if discards else legal[0])
                wait_until(page, f"game.event > {before} || game.over !== null")
    with pages[0].expect_navigation():
        pages[0].get_by_role("button", name="Play again").click()
    wait_until(pages[0], "game.message !== null")
    new_table = pages[0].evaluate("game.table")
    assert new_table != data["table"]
    link = pages[1].get_by_role("link", name=re.compile("Play again: the new table is ready"))
    link.wait_for(timeout=10000)
    with pages[1].expect_navigation():
        link.click()
    wait_until(pages[1], f"game.table === {new_table!r} && game.message !== null")
    assert pages[1].evaluate("game.message.view.seat") == 1
    for page in pages.values():
        page.context.close()


def test_a_table_without_spectators_says_so_to_one(browser: Any, served: tuple[Any, str]) -> None:
    _, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "human"], "spectators": False})
    page = new_page(browser)
    page.goto(data["seats"][0]["url"])
    wait_until(page, "game.message !== null")
    assert page.locator("#watchers").inner_text() == "no spectators"
    watcher = new_page(browser, "pt-BR")
    watcher.goto(data["spectate"])
    watcher.locator("#notice").filter(has_text="esta mesa não aceita espectadores").wait_for()
    page.context.close()
    watcher.context.close()


def test_the_leaderboard_page_lists_rated_players(browser: Any, served: tuple[Any, str]) -> None:
    _, base = served
    page = new_page(browser, "it-IT")
    page.goto(base + "/leaderboard")
    page.get_by_role("heading", name="Classifica").wait_for()
    assert page.get_by_role("columnheader", name="Valutazione").is_visible()
    page.context.close()


def test_the_lobby_offers_each_preset_only_the_players_it_seats(
    browser: Any, served: tuple[Any, str]
) -> None:
    """fibur3 seats three and fibur5 five (rules §14): choosing one sets the number of players
    to it and disables the others, where the page used to offer four and the server refused."""
    _, base = served
    page = new_page(browser)
    page.goto(base + "/")
    page.wait_for_selector("#seat-kinds select", state="attached")

    def offered(select: str) -> list[str]:
        options = page.locator(f"{select} option:not([disabled])").all_inner_texts()
        return [text.strip() for text in options]

    page.select_option("#rules", "fibur3")
    assert (page.input_value("#players"), offered("#players")) == ("3", ["3"])
    assert page.locator("#seat-kinds select").count() == 3
    page.select_option("#quick-rules", "fibur5")
    assert (page.input_value("#quick-players"), offered("#quick-players")) == ("5", ["5"])
    page.select_option("#rules", "classic")
    assert offered("#players") == ["2", "3", "4", "5", "6"]
    page.select_option("#rules", "fibur3")
    page.get_by_role("button", name="Create the table").click()
    page.locator("a.seat-link").first.wait_for()  # created: not refused for its count
    page.context.close()
