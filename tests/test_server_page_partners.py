"""The page at tables of the clubs' method for three and five (rules §14): once the first player
runs out, the teams it draws are the view's ``partners``, not ``seat % teams``."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")

from tests.test_server_browser import CHROMIUM
from tests.test_server_page import (
    message_at,
    open_seat,
    played_table,
    server,
    show,
)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)
__all__ = ["server"]  # the fixture, shared with the page's other tests


@pytest.mark.parametrize(("rules", "players"), [("fibur3", 3), ("fibur5", 5)])
def test_the_page_draws_the_pairs_formed_during_the_hand(
    browser: Any, server: str, rules: str, players: int
) -> None:
    # a deal whose pairs are not the teams seat % teams would make (they are when seat 1 of
    # three, or seat 2 of five, runs out first), seen from a seat that modulo would misplace
    for seed in range(40):
        table = played_table(seed, players, lambda t: len(t.state.partners) < players, rules=rules)
        state = table.state
        teams = len(state.partners)
        misplaced = [s for s in range(players) if s % teams != state.team_of(s)]
        if misplaced:
            break
    seat = misplaced[0]
    alone = next(seats[0] for seats in state.partners if len(seats) == 1)
    if seat == alone:
        seat = next(s for s in range(players) if s != alone)
    partner = state.partner_of(seat)
    assert partner is not None
    page = open_seat(browser, server, rules=rules, players=players)
    show(page, message_at(table, seat))
    mine = page.locator("#teams-mine").inner_text()
    assert mine.startswith("Your team (") and f"partner, seat {partner}" in mine
    assert f"seat {alone}" not in mine
    others = page.locator("#teams-top").inner_text()
    assert f"seat {alone}" in others and f"seat {partner}" not in others
    # the melds shown as the player's own are its team's, the partner's included
    own = page.evaluate("teamMelds(game.message.view, game.message.view.seat).length")
    assert own == len(state.melds[state.team_of(seat)])
    page.context.close()
