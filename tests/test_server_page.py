"""The page's defects found by trying it as a new user would (issue 55), one browser test each:
Debian's headless Chromium driven by Playwright, never a downloaded browser.

Where a defect needs a position that is rare in play, the test plays a table (the server's own
:class:`~burraco.server.table.Table`) with greedy bots until it comes, and hands the page the
``view`` message the server would send there (:func:`~burraco.server.protocol.view_message`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")

from burraco import legal_actions, observe  # noqa: E402
from burraco.agents import AGENT_NAMES, GreedyAgent  # noqa: E402
from burraco.server import create_app  # noqa: E402
from burraco.server.protocol import encode, over_message, view_message  # noqa: E402
from burraco.server.settings import ServerSettings  # noqa: E402
from burraco.server.table import Table, TableConfig  # noqa: E402
from tests.server_helpers import post_table, threaded_server  # noqa: E402
from tests.test_server_browser import CHROMIUM, wait_until  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)
DOCS = Path(__file__).parent.parent / "docs"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    settings = ServerSettings(tables_per_minute=6000, table_burst=500)
    app = create_app(tmp_path_factory.mktemp("db") / "tables.sqlite3", workers=0, settings=settings)
    with threaded_server(app) as base:
        yield base


def open_seat(browser: Any, server: str, width: int = 1280, height: int = 800, **body: Any) -> Any:
    """A page at seat 0 of a new table of people alone (nothing happens unless they act)."""
    players = body.pop("players", 4)
    data = post_table(server, {"players": players, "seats": ["human"] * players, **body})
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(data["seats"][0]["url"])
    wait_until(page, "game.message !== null")
    return page


def played_table(
    seed: int, players: int, until: Callable[[Table], bool], rules: str = "classic"
) -> Table:
    """A table of greedy bots played from ``seed`` until ``until`` holds."""
    config = TableConfig(rules, players, ("human",) * players, match=False, seed=seed)
    table = Table.create(config)
    agents = [GreedyAgent(seed=seat) for seat in range(players)]
    while not until(table):
        state = table.state
        assert not state.is_over, "the hand ended before the position looked for"
        table.play(agents[state.turn].choose(observe(state, state.turn), legal_actions(state)))
    return table


def message_at(table: Table, seat: int) -> dict[str, Any]:
    """The ``view`` message the server sends ``seat`` at the table's last event."""
    message = view_message(table.state, seat, table.event, history=table.history, score=[0, 0])
    data: dict[str, Any] = json.loads(encode(message))
    return data


def show(page: Any, message: dict[str, Any]) -> None:
    """Hand the page a message as if the server had sent it."""
    page.evaluate("(m) => onView(m)", message)


def test_a_wild_placed_at_the_other_end_gets_its_own_button(browser: Any, server: str) -> None:
    """Defect 1: ``add 1 QH =9H`` (a wild placed by its last token) was offered no button."""
    found: list[str] = []

    def placed(table: Table) -> bool:
        state = table.state
        found[:] = [str(a) for a in legal_actions(state) if " =" in str(a)]
        return bool(found) and table.config.seats[state.turn] == "human"

    table = None
    for seed in range(40):
        try:
            table = played_table(seed, 4, placed)
            break
        except AssertionError:
            continue
    assert table is not None
    seat = table.state.turn
    page = open_seat(browser, server)
    show(page, message_at(table, seat))
    for text in found:
        page.evaluate("game.selected.clear(); render()")
        words = text.split()
        for token in words[2:]:
            if token.startswith("="):
                continue
            page.locator(f'#hand .hand-card[data-card="{token}"]:not(.selected)').first.click()
        offered = page.locator("#actions button[data-action]").evaluate_all(
            "(nodes) => nodes.map((n) => n.dataset.action)"
        )
        assert text in offered, (text, offered)
    page.context.close()


def test_a_match_shows_its_target_and_its_winner(browser: Any, server: str) -> None:
    """Defect 2: the header said "(to undefined)" and a finished match offered "Next hand"."""
    data = post_table(
        server, {"players": 2, "seats": ["greedy", "greedy"], "match": True, "seed": 3}
    )
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(data["spectate"])
    wait_until(page, "game.message !== null")
    assert "(to 2,000)" in page.locator("#score").inner_text()
    wait_until(page, "game.over !== null && game.over.match_over === true", seconds=90)
    page.wait_for_selector("#sheet[open]")
    sheet = page.locator("#sheet").inner_text()
    winner = page.evaluate("game.over.winner")
    assert f"Team {winner} wins the match" in sheet
    assert page.locator("#sheet-close").inner_text() == "Close"
    assert "undefined" not in page.locator("body").inner_text()
    page.context.close()


def test_taking_a_pozzetto_and_closing_are_announced(browser: Any, server: str) -> None:
    """Defect 3: a pozzetto taken was never said, nor who closed, in that seat's line."""
    table = played_table(5, 4, lambda t: any(p.pozzetto for p in t.history))
    taker = next(p.seat for p in table.history if p.pozzetto)
    watcher = (taker + 1) % 4
    page = open_seat(browser, server)
    show(page, message_at(table, watcher))
    line = page.locator(f'.player[data-seat="{taker}"] .last').inner_text()
    assert "took the pozzetto" in line
    table = played_table(5, 4, lambda t: t.state.is_over)
    closer = table.state.outcome.closer if table.state.outcome else None
    assert closer is not None
    show(page, message_at(table, (closer + 1) % 4))
    line = page.locator(f'.player[data-seat="{closer}"] .last').inner_text()
    assert "closed" in line
    page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
@pytest.mark.parametrize("players", [4, 6])
def test_the_hand_is_visible_without_scrolling(
    browser: Any, server: str, width: int, height: int, players: int
) -> None:
    """Defect 4: at 1280x800 the hand sat below the fold, at the start and late in a hand."""
    page = open_seat(browser, server, width, height, players=players)
    late = None
    for seed in range(7, 40):  # a crowded table: ten melds or more
        try:
            late = played_table(seed, players, lambda t: sum(map(len, t.state.melds)) >= 10)
            break
        except AssertionError:
            continue
    assert late is not None
    for message in (None, message_at(late, late.state.turn)):
        if message is not None:
            show(page, message)
        boxes = page.locator("#hand .hand-card").evaluate_all(
            "(nodes) => nodes.map((n) => n.getBoundingClientRect().bottom)"
        )
        assert boxes and max(boxes) <= height, (max(boxes), height)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.context.close()


def test_a_run_with_a_natural_two_is_named_a_run(browser: Any, server: str) -> None:
    """Defect 5: ``2D 2C=3D 4D`` was called "the 4s"."""
    page = open_seat(browser, server)
    message = page.evaluate("game.message")
    message["view"]["melds"][1] = ["2D 2C=3D 4D"]
    message["last"] = [
        {"seat": 1, "actions": ["draw", "add 0 4D"], "took": "", "pozzetto": False, "clock": False}
    ]
    show(page, message)
    line = page.locator('.player[data-seat="1"] .last').inner_text()
    assert "to the diamonds run" in line and "the fours" not in line
    page.context.close()


def test_what_was_drawn_is_still_shown_after_a_reload(browser: Any, server: str) -> None:
    """Defect 5: "You drew" and the new card's outline vanished after a reload."""
    page = open_seat(browser, server, seed=11)
    turn = page.evaluate("game.message.view.turn")
    if turn != 0:
        page.context.close()
        data = post_table(server, {"players": 4, "seats": ["human"] * 4, "seed": 11})
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(data["seats"][turn]["url"])
        wait_until(page, "game.message !== null")
    page.get_by_role("button", name="Draw from the stock").click()
    wait_until(page, "game.message.view.phase === 'play'")
    assert "You drew" in page.locator("#status").inner_text()
    assert page.locator("#hand .hand-card.fresh").count() == 1
    page.reload()
    wait_until(page, "game.message !== null")
    assert "You drew" in page.locator("#status").inner_text()
    assert page.locator("#hand .hand-card.fresh").count() == 1
    page.context.close()


def test_an_illegal_action_is_said_to_be_yours(browser: Any, server: str) -> None:
    """Defect 5: errors said "by seat 0" to seat 0 instead of "you"."""
    data = post_table(server, {"players": 4, "seats": ["human"] * 4, "seed": 11})
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(data["seats"][0]["url"])
    wait_until(page, "game.message !== null")
    turn = page.evaluate("game.message.view.turn")
    page.close()
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(data["seats"][turn]["url"])
    wait_until(page, "game.message !== null && game.message.legal.length > 0")
    page.get_by_role("button", name="Draw from the stock").click()
    wait_until(page, "game.message.view.phase === 'play'")
    hand = page.locator("#hand .hand-card")
    hand.nth(0).click()
    hand.nth(1).click()
    page.locator("#actions button.try").first.click()
    page.wait_for_selector("#notice:not([hidden])")
    notice = page.locator("#notice").inner_text()
    assert "by you" in notice and "by seat" not in notice
    page.context.close()


def test_another_players_disconnection_is_shown(browser: Any, server: str) -> None:
    """Defect 5: a player who left was not shown as gone."""
    data = post_table(server, {"players": 2, "seats": ["human", "human"]})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    mine, theirs = context.new_page(), context.new_page()
    for seat, page in ((0, mine), (1, theirs)):
        page.goto(data["seats"][seat]["url"])
        wait_until(page, "game.message !== null")
    wait_until(mine, "game.info.seats[1].connected", seconds=10)
    assert mine.locator('.player[data-seat="1"] .away').count() == 0
    theirs.close()
    mine.locator('.player[data-seat="1"] .away').wait_for(timeout=10000)
    context.close()


def test_an_unknown_table_says_so_instead_of_drawing_half_a_table(
    browser: Any, server: str
) -> None:
    """Defect 5: an unknown table showed a half-drawn table."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(server + "/t/no-such-table")
    page.locator("#missing").wait_for(state="visible", timeout=10000)
    assert page.locator("#table").is_hidden()
    time.sleep(0.5)
    assert page.locator("#missing").is_visible()
    page.context.close()


def test_the_lobby_speaks_of_partners_only_where_there_are_any(browser: Any, server: str) -> None:
    """Defect 5: the lobby said "partners sit opposite" for 2 players."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(server + "/")
    page.wait_for_selector("#seat-kinds select", state="attached")
    page.select_option("#players", "2")
    assert "partners" not in page.locator("#seat-kinds legend").inner_text()
    page.select_option("#players", "4")
    assert "partners" in page.locator("#seat-kinds legend").inner_text()
    page.context.close()


def test_the_serve_how_to_lists_every_level_and_has_a_picture() -> None:
    """Defects 6 and 7: every bot ``burraco duel`` accepts is in the how-to, which shows the
    table, and the quick start mentions ``burraco serve``."""
    howto = (DOCS / "howto" / "serve-tables.md").read_text()
    missing = [name for name in AGENT_NAMES if f"`{name}`" not in howto]
    assert not missing
    assert "![" in howto or "```{image}" in howto or "```{figure}" in howto
    quick = (DOCS / "tutorial.md").read_text() + (DOCS / "index.md").read_text()
    assert "burraco serve" in quick


def test_the_over_message_carries_the_target_totals_and_winner() -> None:
    """The server says where the match stands at each hand's end (the page computes nothing)."""
    table = played_table(3, 2, lambda t: t.state.is_over)
    message = over_message(table.state, table.event, table.match)
    assert message.target == 2000
    assert message.totals == table.match.totals
    assert message.match_over is table.match.is_over
