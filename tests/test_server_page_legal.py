"""Every legal action is reachable on the page, and nothing else is offered: whole hands played
by clicking in Chromium (2 to 6 players, every preset), checking at each of the
person's turns that the actions the page offers are exactly ``legal_actions`` for that seat.

What the page offers is read from what it draws: for each selection of cards that some legal
action uses (and each single card), the buttons it shows (``data-action``), the stock and the
pile; the person then plays the greedy bot's choice by clicking the cards and the button.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")

from burraco import legal_actions, observe  # noqa: E402
from burraco.agents import GreedyAgent  # noqa: E402
from burraco.rules import PLAYER_COUNTS, PRESETS  # noqa: E402
from burraco.server import create_app  # noqa: E402
from burraco.server.settings import ServerSettings  # noqa: E402
from burraco.server.table import TableConfig  # noqa: E402
from tests.server_helpers import post_table, threaded_server  # noqa: E402
from tests.test_server_browser import CHROMIUM, wait_until  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)

OFFERED = """() => {
  // every action the page offers now: for each selection a legal action makes (and each
  // single card), the buttons it draws; the selection is restored afterwards
  const hand = sortedHand(cards(game.message.view.hand || ""));
  const selections = new Map([["", []]]);
  for (const action of game.legal) selections.set(action.key, action.tokens.map(baseOf));
  for (const code of hand) selections.set(code, [code]);
  const offered = new Set();
  for (const chosen of selections.values()) {
    game.selected.clear();
    let complete = true;
    for (const code of chosen) {
      const index = hand.findIndex((c, i) => c === code && !game.selected.has(i));
      if (index < 0) { complete = false; break; }
      game.selected.add(index);
    }
    if (!complete) continue;
    render();
    for (const button of document.querySelectorAll("#actions button[data-action]")) {
      offered.add(button.dataset.action);
    }
  }
  game.selected.clear();
  render();
  if (!document.getElementById("stock").disabled) offered.add("stock:draw");
  if (!document.getElementById("pile").disabled) offered.add("pile:pick");
  return [...offered];
}"""


def _hands() -> list[tuple[str, int, int]]:
    hands: list[tuple[str, int, int]] = []
    for name in sorted(PRESETS):
        for players in PLAYER_COUNTS:
            try:
                TableConfig.from_request({"rules": name, "players": players})
            except ValueError:
                continue  # the preset is not played by this many
            hands.append((name, players, len(hands)))
    first = [hand for hand in hands if hand[:2] in (("classic", 4), ("classic", 2))]
    return first + [hand for hand in hands if hand not in first]


HANDS = _hands()
"""A hand of every preset at every player count it is played by (2, 3, 4, 5 and 6 for most;
FIBUR3 and FIBUR5 at 3 and 5), classic at 4 and at 2 players first."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    settings = ServerSettings(tables_per_minute=6000, table_burst=500)
    app = create_app(tmp_path_factory.mktemp("db") / "tables.sqlite3", workers=0, settings=settings)
    with threaded_server(app) as base:
        yield app, base


def play_by_clicking(page: Any, action: str) -> None:
    """Play ``action`` (legal) as a person would: the cards, then the button."""
    words = action.split()
    if words[0] in ("draw", "pick"):
        page.locator(f'#actions button[data-action="{action}"]').click()
        return
    page.evaluate("game.selected.clear(); render()")
    tokens = words[2:] if words[0] == "add" else words[1:]
    for token in tokens:
        if token.startswith("="):
            continue
        code = token.split("=")[0]
        page.locator(f'#hand .hand-card[data-card="{code}"]:not(.selected)').first.click()
    page.locator(f'#actions button[data-action="{action}"]').click()


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [  # two hands in the fast tier (4 and 2 players), the others in the slow one
        pytest.param(*hand, marks=() if index < 2 else (pytest.mark.slow,))
        for index, hand in enumerate(HANDS)
    ],
)
def test_the_page_offers_exactly_the_legal_actions_through_a_whole_hand(
    browser: Any, served: tuple[Any, str], rules: str, players: int, seed: int
) -> None:
    app, base = served
    seats = ["human"] + ["greedy"] * (players - 1)
    data = post_table(base, {"rules": rules, "players": players, "seats": seats, "seed": seed})
    room = app.state.manager.rooms[data["table"]]
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(data["seats"][0]["url"])
    agent = GreedyAgent(seed=seed)
    turns = wilds = 0
    for _ in range(2000):
        wait_until(
            page,
            "game.over !== null || (game.message !== null && game.message.legal.length > 0"
            " && game.event === game.message.event)",
            seconds=60,
        )
        state = room.table.state
        if state.is_over:
            break
        if page.evaluate("game.message.event") != room.table.event:
            continue  # the page has not caught up yet
        legal = [str(action) for action in legal_actions(state)]
        offered = set(page.evaluate(OFFERED))
        expected = set(legal)
        if state.phase.value == "draw":
            expected |= {"stock:draw"} | ({"pile:pick"} if "pick" in legal else set())
        assert offered == expected, (sorted(offered ^ expected), state.turn)
        turns += 1
        wilds += sum(" =" in text for text in legal)
        choice = agent.choose(observe(state, 0), legal_actions(state))
        before = room.table.event
        play_by_clicking(page, str(choice))
        wait_until(page, f"game.event > {before} || game.over !== null", seconds=60)
    else:
        pytest.fail("the hand did not end")
    assert turns > 5
    assert not errors
    page.context.close()
