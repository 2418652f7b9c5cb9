"""Pictures: valid SVG, the same on every run (golden files), and faithful to the game."""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as ET

import attrs
import pytest

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    JOKER,
    REALE,
    AddToMeld,
    Discard,
    DrawStock,
    GreedyAgent,
    OpenMeld,
    Rules,
    apply,
    legal_actions,
    new_game,
    observe,
    parse_card,
    svg,
    validate_meld,
)
from tests.golden_svg import CASES, DIRECTORY, path, position

SVG: str = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    """The root of an SVG document, checked to be well-formed XML in the SVG namespace."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def titles(root: ET.Element) -> list[str]:
    """The name of every card face drawn, in drawing order."""
    return [
        group.findtext(f"{SVG}title") or ""
        for group in root.iter(f"{SVG}g")
        if group.get("class") == "card"
    ]


def backs(root: ET.Element) -> int:
    return sum(1 for group in root.iter(f"{SVG}g") if group.get("class") == "back")


@pytest.mark.parametrize("name", CASES)
def test_pictures_are_valid_svg_equal_to_their_golden_file(name: str) -> None:
    drawn = CASES[name]()
    root = parse(drawn)
    assert int(root.get("width", "0")) > 0 and int(root.get("height", "0")) > 0
    stored = path(name).read_text(encoding="utf-8")
    if drawn != stored:
        diff = "\n".join(
            list(difflib.unified_diff(stored.splitlines(), drawn.splitlines(), lineterm=""))[:40]
        )
        pytest.fail(
            f"{name}.svg differs from a fresh drawing (regenerate on purpose with "
            f"`python -m tests.golden_svg` and look at the files):\n{diff}",
            pytrace=False,
        )


def test_every_golden_file_is_a_case() -> None:
    assert sorted(DIRECTORY.glob("*.svg")) == sorted(path(name) for name in CASES)


def test_drawing_twice_gives_the_same_text() -> None:
    state, last = position(7, 61)
    assert svg.table(state, last_action=last) == svg.table(state, last_action=last)


def test_red_suits_are_red_and_black_suits_black() -> None:
    for text, colour in [("7H", svg.RED), ("7D", svg.RED), ("7S", svg.BLACK), ("7C", svg.BLACK)]:
        root = parse(svg.card(parse_card(text)))
        fills = {element.get("fill") for element in root.iter() if element.tag == f"{SVG}text"}
        assert fills == {colour}
    root = parse(svg.card(JOKER))
    assert {e.get("fill") for e in root.iter(f"{SVG}text")} == {svg.JOKER_COLOUR}


@pytest.mark.parametrize("text", ["10H", "10S", "QD", "JK"])
def test_a_label_fits_in_the_corner_left_showing_by_the_next_card(text: str) -> None:
    root = parse(svg.card(parse_card(text)))
    label = next(root.iter(f"{SVG}text"))
    size = int(label.get("font-size", "0"))
    # bold digits and capitals are at most 0.75 em wide in the fonts named
    right = float(label.get("x", "0")) + 0.75 * size * len(label.text or "")
    assert label.text == text[:-1] if text != "JK" else label.text == "JK"
    assert right <= svg.STEP
    assert float(label.get("y", "0")) >= size


def test_a_placed_wild_is_drawn_as_the_card_it_stands_for_and_marked() -> None:
    root = parse(svg.meld(validate_meld("5H 6H JK")))
    assert titles(root) == ["5H", "6H", "JK=7H"]
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts == ["5", "6", "7", "JK"]
    assert root.get("aria-label") == "5H 6H JK=7H"
    assert 'stroke-dasharray="4 2"' in svg.meld(validate_meld("5H 6H JK"))
    assert 'stroke-dasharray="4 2"' not in svg.meld(validate_meld("5H 6H 7H"))


def test_a_wild_in_a_set_shows_the_set_rank_and_its_own_name() -> None:
    root = parse(svg.meld(validate_meld("7S 7H 2C")))
    assert [element.text for element in root.iter(f"{SVG}text")] == ["7", "7", "7", "2C"]


@pytest.mark.parametrize(
    ("cards", "rules", "badge"),
    [
        ("4S 5S 6S 7S 8S 9S 10S", None, "clean burraco +200"),
        ("4S 5S 6S 7S 8S 9S 10S JK", FIBUR, "semi-clean burraco +150"),
        ("4S 5S 6S 7S 8S 9S 10S JK", None, "dirty burraco +100"),
        ("4S 5S 6S", None, None),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", REALE, "reale burraco +1000"),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", REALE, "nobile burraco +500"),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", FEBURIT, "over-the-top burraco +300"),
        ("7S 7S 7H 7H 7D 7D 7C 7C", FEBURIT, "super-clean burraco +250"),
        ("7S 7S 7H 7H 7D 7D 7C 7C", FIBUR, "clean burraco +200"),
    ],
)
def test_a_burraco_is_marked_with_its_class_and_bonus(
    cards: str, rules: Rules | None, badge: str | None
) -> None:
    meld = validate_meld(cards, rules or CLASSIC)
    picture = svg.meld(meld) if rules is None else svg.meld(meld, rules)
    texts = [element.text for element in parse(picture).iter(f"{SVG}text")]
    assert (badge in texts) if badge else not any("burraco" in (t or "") for t in texts)


def test_a_table_shows_every_card_face_up_and_the_stock_and_pozzetti_as_backs() -> None:
    state = new_game(seed=2)
    root = parse(svg.table(state))
    faces = titles(root)
    expected = [str(card) for card in state.discard_pile]
    for hand in state.hands:
        expected += [str(card) for card in hand]
    assert faces == expected
    assert backs(root) == 12 + 2  # a stack of the stock (12 drawn) and one back per pozzetto


def test_a_view_shows_only_its_own_hand_and_hidden_hands_as_backs_with_counts() -> None:
    state = apply(new_game(seed=2), DrawStock())
    root = parse(svg.view(observe(state, 3)))
    faces = titles(root)
    assert faces == [str(card) for card in (*state.discard_pile, *state.hands[3])]
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert "12 cards" in texts and texts.count("11 cards") == 2
    assert backs(root) == 12 + 2 + 11 + 12 + 11  # seat 1 drew


def test_the_last_action_is_highlighted() -> None:
    def orange(picture: str) -> int:
        return picture.count(f'stroke="{svg.HIGHLIGHT}"')

    state = new_game(seed=2)
    assert orange(svg.table(state)) == 0
    drawn = apply(state, DrawStock())
    assert orange(svg.table(drawn, last_action=DrawStock())) == 1  # the stock
    state, last = position(7, 51)
    assert isinstance(last, Discard)
    picture = svg.table(state, last_action=last)
    assert orange(picture) == 1  # the top of the pile
    seat = re.search(r'fill="([^"]+)">seat 0 \(\d+\)</text>', picture)
    assert seat is not None and seat.group(1) == svg.HIGHLIGHT  # the seat that discarded


@pytest.mark.parametrize("actions", [41, 50, 53, 60])
def test_a_meld_action_frames_the_meld_and_its_new_cards(actions: int) -> None:
    state, last = position(7, actions)
    assert isinstance(last, (OpenMeld, AddToMeld))
    picture = svg.table(state, last_action=last)
    assert 'stroke-dasharray="5 3"' in picture  # the meld's frame
    added = len(last.cards) if isinstance(last, AddToMeld) else 0  # a new meld: only the frame
    assert picture.count(f'stroke="{svg.HIGHLIGHT}"') == 1 + added


def test_jupyter_hooks_return_the_pictures() -> None:
    state = new_game(seed=4)
    meld = validate_meld("5H 6H JK")
    assert parse_card("10H")._repr_svg_() == svg.card(parse_card("10H"))
    assert meld._repr_svg_() == svg.meld(meld)
    assert state._repr_svg_() == svg.table(state)
    assert observe(state, 1)._repr_svg_() == svg.view(observe(state, 1))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_tables_of_every_size_draw_to_the_end_of_a_hand(players: int) -> None:
    state = new_game(attrs.evolve(CLASSIC, players=players), seed=players)
    agent = GreedyAgent()
    while legal_actions(state):
        action = agent.choose(observe(state, state.turn), legal_actions(state))
        state = apply(state, action)
        if isinstance(action, Discard):
            root = parse(svg.table(state, last_action=action))
            assert len(titles(root)) == sum(map(len, state.hands)) + len(state.discard_pile) + sum(
                len(meld.cards) for melds in state.melds for meld in melds
            )
            parse(svg.view(observe(state, 0), last_action=action))
    assert state.is_over
