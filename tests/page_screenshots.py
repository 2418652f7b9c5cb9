"""Screenshots of the page for the docs and for looking at it as a person would.

``python -m tests.page_screenshots DIR`` serves a table, plays it with greedy bots to a crowded
moment, and saves the table seen from the seat to act, at desktop (1280x800) and phone (390x844)
width, in each of the page's languages, as ``DIR/table-<lang>-<width>.png`` (and the lobby as
``DIR/lobby-<lang>-<width>.png``). Needs Chromium (``BURRACO_CHROMIUM`` or on the path) and
Playwright; no browser is downloaded.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from burraco import legal_actions, observe
from burraco.agents import GreedyAgent
from burraco.server import create_app
from burraco.server.protocol import encode, view_message
from burraco.server.table import Table, TableConfig
from tests.server_helpers import post_table, threaded_server

SIZES = ((1280, 800), (390, 844))
LANGUAGES = ("en", "it", "pt-BR")


def crowded_message() -> dict[str, Any]:
    """The view of the seat to act, in its play phase, at a table with eight melds or more."""
    for seed in range(100):
        table = Table.create(TableConfig("classic", 4, ("human",) * 4, seed=seed))
        agents = [GreedyAgent(seed=seat) for seat in range(4)]
        while not table.state.is_over:
            state = table.state
            melds = sum(map(len, state.melds))
            if melds >= 8 and state.phase.value == "play" and table.history:
                last = table.history[-1]
                if last.seat == state.turn and str(last.action) == "draw":
                    message = view_message(
                        state, state.turn, table.event, history=table.history, score=[415, 630]
                    )
                    data: dict[str, Any] = json.loads(encode(message))
                    return data
            table.play(agents[state.turn].choose(observe(state, state.turn), legal_actions(state)))
    raise RuntimeError("no crowded moment in 100 hands")


def wait_until(page: Any, expression: str, seconds: float = 20.0) -> None:
    """Wait until ``expression`` is true in the page (asked from outside, as the CSP wants)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(0.05)


def main(folder: str) -> None:
    """Save the screenshots in ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    chromium = os.environ.get("BURRACO_CHROMIUM") or shutil.which("chromium")
    message = crowded_message()
    app = create_app(":memory:", workers=0)
    with threaded_server(app) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        data = post_table(base, {"players": 4, "seats": ["human"] * 4})
        for language in LANGUAGES:
            for width, height in SIZES:
                context = browser.new_context(
                    viewport={"width": width, "height": height}, locale=language
                )
                page = context.new_page()
                page.goto(base + "/")
                page.wait_for_selector("#rules option", state="attached")
                page.screenshot(path=str(out / f"lobby-{language}-{width}.png"))
                page.goto(data["seats"][0]["url"])
                wait_until(page, "game.message !== null")
                page.evaluate(  # the other seats as bots at the table, for the picture
                    """(m) => {
                      clearInterval(game.infoTimer);
                      game.info.seats.forEach((s) => {
                        if (s.seat !== m.view.seat) { s.player = "greedy"; s.connected = true; }
                      });
                      onView(m);
                    }""",
                    message,
                )
                hand = page.locator("#hand .hand-card")
                legal = [text for text in message["legal"] if text.startswith("open")]
                if legal:
                    for token in legal[0].split()[1:]:
                        code = token.split("=")[0]
                        page.locator(
                            f'#hand .hand-card[data-card="{code}"]:not(.selected)'
                        ).first.click()
                elif hand.count():
                    hand.nth(0).click()
                page.screenshot(path=str(out / f"table-{language}-{width}.png"))
                context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
