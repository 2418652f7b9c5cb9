"""The page in three languages and for keyboards and screen readers, in Chromium: the language
from Accept-Language and from a switch that is remembered, cards as buttons named in the
page's language, the hand and the melds as lists, a live region, a whole hand played with the
keyboard alone, visible focus, AA contrast, reduced motion, and an axe-core scan.

The scan needs a copy of axe-core (``axe.min.js``, from the npm package ``axe-core``): set
``BURRACO_AXE`` to its path; without it that test is skipped (nothing is downloaded here).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server's tests need burraco[server]")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright")

from burraco import legal_actions, observe  # noqa: E402
from burraco.agents import GreedyAgent  # noqa: E402
from burraco.server import create_app  # noqa: E402
from burraco.server.settings import ServerSettings  # noqa: E402
from tests.server_helpers import post_table, threaded_server  # noqa: E402
from tests.test_server_browser import CHROMIUM, wait_until  # noqa: E402

pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed here (apt-get install chromium, or set BURRACO_CHROMIUM)",
)
AXE = os.environ.get("BURRACO_AXE")

CONTRAST = """() => {
  // the contrast ratio of every visible text against the background it is drawn on
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const rgba = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const background = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const colour = rgba(getComputedStyle(n).backgroundColor);
      const opaque = colour.length === 3 || (colour.length === 4 && colour[3] > 0.9);
      if (opaque) return colour.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const worst = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const node = text.parentElement;
    if (!text.textContent.trim() || !node.offsetParent) continue;
    if (node.closest(".visually-hidden")) continue;
    const style = getComputedStyle(node);
    const fore = rgba(style.color).slice(0, 3);
    const [a, b] = [luminance(fore), luminance(background(node))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const shown = text.textContent.trim().slice(0, 30);
    if (ratio < (large ? 3 : 4.5)) worst.push(`${shown}: ${ratio.toFixed(2)}`);
  }
  return worst;
}"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    settings = ServerSettings(tables_per_minute=6000, table_burst=500)
    app = create_app(tmp_path_factory.mktemp("db") / "tables.sqlite3", workers=0, settings=settings)
    with threaded_server(app) as base:
        yield app, base


def seat_page(browser: Any, url: str, locale: str = "en-US", **options: Any) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale, **options)
    page = context.new_page()
    page.goto(url)
    wait_until(page, "game.message !== null")
    return page


def test_the_page_speaks_the_browsers_language_and_names_cards_in_it(
    browser: Any, served: tuple[Any, str]
) -> None:
    _, base = served
    data = post_table(base, {"players": 4, "seats": ["human"] * 4, "seed": 11})
    page = seat_page(browser, data["seats"][0]["url"], locale="it-IT")
    assert page.evaluate("document.documentElement.lang") == "it"
    hand = page.get_by_role("list", name=re.compile("La tua mano"))
    codes = page.locator("#hand .hand-card").evaluate_all("(n) => n.map((b) => b.dataset.card)")
    assert hand.get_by_role("listitem").count() == len(codes) == 11
    names = {"S": "picche", "H": "cuori", "D": "quadri", "C": "fiori"}
    plain = next(code for code in codes if code != "JK" and not code.startswith("2"))
    words = {"3": "tre", "4": "quattro", "5": "cinque", "6": "sei", "7": "sette", "8": "otto"}
    words |= {"9": "nove", "10": "dieci", "J": "fante", "Q": "donna", "K": "re", "A": "asso"}
    name = f"{words[plain[:-1]]} di {names[plain[-1]]}"
    assert hand.get_by_role("button", name=name, exact=True).first.is_visible()
    assert "Pozzo" in page.locator("#centre").inner_text()
    page.context.close()
    lobby = browser.new_context(locale="pt-BR").new_page()
    lobby.goto(base + "/")
    lobby.get_by_role("heading", name="Uma mesa de Buraco").wait_for()
    lobby.context.close()


def test_the_language_switch_is_remembered_and_errors_come_in_it(
    browser: Any, served: tuple[Any, str]
) -> None:
    app, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "human"], "seed": 4})
    room = app.state.manager.rooms[data["table"]]
    turn = room.table.state.turn
    page = seat_page(browser, data["seats"][turn]["url"])
    assert page.evaluate("document.documentElement.lang") == "en"
    with page.expect_navigation():
        page.get_by_role("combobox", name="Language").select_option("pt-BR")
    wait_until(page, "document.documentElement.lang === 'pt-BR' && game.message !== null")
    page.reload()
    wait_until(page, "document.documentElement.lang === 'pt-BR' && game.message !== null")
    page.get_by_role("button", name="Comprar do monte").click()
    wait_until(page, "game.message.view.phase === 'play'")
    hand = page.locator("#hand .hand-card")
    hand.nth(0).click()
    hand.nth(1).click()
    page.get_by_role("button", name="Baixar estas").click()
    page.wait_for_selector("#notice:not([hidden])")
    assert page.locator("#notice").inner_text() == "um jogo precisa de pelo menos três cartas"
    assert "Placar" in page.locator("#score").inner_text()
    page.context.close()


def test_the_live_region_announces_other_seats_and_your_turn(
    browser: Any, served: tuple[Any, str]
) -> None:
    _app, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "greedy"], "seed": 5})
    page = seat_page(browser, data["seats"][0]["url"])
    wait_until(page, "game.message.legal.length > 0", seconds=30)
    page.get_by_role("button", name="Draw from the stock").click()
    wait_until(page, "game.message.view.phase === 'play'")
    discard = next(t for t in page.evaluate("game.message.legal") if t.startswith("discard"))
    card = discard.split()[1]
    page.locator(f'#hand .hand-card[data-card="{card}"]').first.click()
    page.locator(f'#actions button[data-action="{discard}"]').click()
    wait_until(page, "game.message.legal.length > 0", seconds=30)
    wait_until(page, "document.getElementById('announce').textContent.length > 0")
    said = page.locator("#announce").inner_text()
    assert "greedy bot (seat 1):" in said and said.endswith("Your turn.")
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    page.context.close()


def test_a_whole_hand_is_played_with_the_keyboard_alone(
    browser: Any, served: tuple[Any, str]
) -> None:
    app, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "greedy"], "seed": 8})
    room = app.state.manager.rooms[data["table"]]
    page = seat_page(browser, data["seats"][0]["url"])
    agent = GreedyAgent(seed=8)
    focus_checked = False

    def reach(selector: str) -> None:
        """Tab (forwards) until ``selector`` has the focus, then press Enter."""
        for _ in range(150):
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                page.keyboard.press("Enter")
                return
            page.keyboard.press("Tab")
        pytest.fail(f"the keyboard never reached {selector}")

    for _ in range(400):
        wait_until(page, "game.over !== null || game.message.legal.length > 0", seconds=60)
        state = room.table.state
        if state.is_over:
            break
        if page.evaluate("game.message.event") != room.table.event:
            time.sleep(0.05)
            continue
        action = str(agent.choose(observe(state, 0), legal_actions(state)))
        words = action.split()
        before = room.table.event
        if words[0] not in ("draw", "pick"):
            tokens = words[2:] if words[0] == "add" else words[1:]
            for token in tokens:
                if not token.startswith("="):
                    reach(f'#hand .hand-card[data-card="{token.split("=")[0]}"]:not(.selected)')
        if not focus_checked:  # the focus is drawn: an outline on the focused card
            outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            focus_checked = outline not in ("none", "")
        reach(f'#actions button[data-action="{action}"]')
        wait_until(page, f"game.event > {before} || game.over !== null", seconds=60)
    else:
        pytest.fail("the hand did not end")
    page.locator("#sheet[open]").wait_for()
    assert focus_checked
    page.context.close()


@pytest.mark.parametrize("locale", ["en-US", "it-IT", "pt-BR"])
def test_text_contrast_is_aa_everywhere_on_the_table(
    browser: Any, served: tuple[Any, str], locale: str
) -> None:
    _app, base = served
    data = post_table(base, {"players": 4, "seats": ["human", "greedy", "human", "greedy"]})
    page = seat_page(browser, data["seats"][0]["url"], locale=locale)
    wait_until(page, "game.message.last.length > 0", seconds=30)
    assert page.evaluate(CONTRAST) == []
    page.context.close()


@pytest.mark.parametrize("path", ["/", "/leaderboard"])
def test_the_lobby_and_the_leaderboard_meet_aa_contrast(
    browser: Any, served: tuple[Any, str], path: str
) -> None:
    _, base = served
    post_table(base, {"players": 2, "seats": ["human", "human"], "listed": True})
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(base + path)
    page.wait_for_selector("#open-tables li, #leaders:not([hidden])", state="attached")
    assert page.evaluate(CONTRAST) == []
    page.context.close()


def test_the_score_sheet_is_readable_too(browser: Any, served: tuple[Any, str]) -> None:
    """The sheet is a light dialog over the green table: its texts are dark (AA)."""
    _, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "greedy"], "seed": 9})
    page = seat_page(browser, data["seats"][0]["url"], locale="it-IT")
    deadline = time.monotonic() + 60
    while not page.evaluate("game.over !== null"):
        assert time.monotonic() < deadline, "the hand did not end"
        legal = page.evaluate("game.message.legal")
        if not legal:
            time.sleep(0.05)
            continue
        discards = [text for text in legal if text.startswith("discard")]
        before = page.evaluate("game.event")
        page.evaluate("(a) => send(a)", discards[0] if discards else legal[0])
        wait_until(page, f"game.event > {before} || game.over !== null")
    page.locator("#sheet[open]").wait_for()
    sheet_only = CONTRAST.replace("document.body", "document.getElementById('sheet')")
    assert page.evaluate(sheet_only) == []
    page.context.close()


def test_reduced_motion_is_honoured(browser: Any, served: tuple[Any, str]) -> None:
    _app, base = served
    data = post_table(base, {"players": 2, "seats": ["human", "human"]})
    page = seat_page(browser, data["seats"][0]["url"], reduced_motion="reduce")
    duration = page.locator("#hand .hand-card").first.evaluate(
        "(n) => getComputedStyle(n).transitionDuration"
    )
    assert duration == "0s"
    page.context.close()
    page = seat_page(browser, data["seats"][0]["url"])
    duration = page.locator("#hand .hand-card").first.evaluate(
        "(n) => getComputedStyle(n).transitionDuration"
    )
    assert duration != "0s"
    page.context.close()


@pytest.mark.skipif(AXE is None, reason="set BURRACO_AXE to a copy of axe-core's axe.min.js")
@pytest.mark.parametrize("where", ["lobby", "table"])
def test_axe_core_finds_no_violation(browser: Any, served: tuple[Any, str], where: str) -> None:
    _app, base = served
    assert AXE is not None
    data = post_table(base, {"players": 4, "seats": ["human", "greedy", "human", "greedy"]})
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    if where == "lobby":
        page.goto(base + "/")
        page.wait_for_selector("#rules option", state="attached")
    else:
        page.goto(data["seats"][0]["url"])
        wait_until(page, "game.message !== null")
    page.evaluate(Path(AXE).read_text())  # evaluate is not bound by the page's CSP
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    found = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert found == []
    context.close()
