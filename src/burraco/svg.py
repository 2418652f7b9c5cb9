"""Pictures of cards, melds, tables and views, as SVG text.

Each function returns a complete, standalone ``<svg>`` document as a string, built from the
standard library alone. The drawings use no fonts for the suits (they are paths) and no ids, so
several pictures can sit in one page; the output depends only on the arguments, so it can be
stored and compared.

* :func:`card` draws one card;
* :func:`meld` draws a meld in table order, a wild drawn as the card it stands for and marked
  with its own name, and a burraco framed in the colour of its class;
* :func:`table` draws a whole :class:`~burraco.GameState` (every hand face up);
* :func:`view` draws a :class:`~burraco.PlayerView`: the other hands as card backs with their
  counts.

:class:`~burraco.Card`, :class:`~burraco.Meld`, :class:`~burraco.GameState` and
:class:`~burraco.PlayerView` have a ``_repr_svg_`` method that calls these, so Jupyter shows
them as pictures.

>>> from burraco import parse_card, validate_meld
>>> card(parse_card("10H")).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> 'aria-label="5H 6H JK=7H"' in meld(validate_meld("5H 6H JK"))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

import attrs

from burraco.actions import Action, AddToMeld, Discard, DrawStock, OpenMeld, TakeDiscardPile
from burraco.cards import Card, Rank, Suit
from burraco.melds import BurracoKind, Meld, MeldKind, burraco_bonus, burraco_kind
from burraco.rules import CLASSIC, Rules
from burraco.state import GameState
from burraco.views import PlayerView

__all__ = ["card", "meld", "table", "view"]

CARD_WIDTH: Final = 50
"""The width of a card, in pixels."""
CARD_HEIGHT: Final = 70
"""The height of a card, in pixels."""
STEP: Final = 26
"""How far apart overlapping cards lie: enough to show each card's corner (rank, suit, mark)."""
_BACK_STEP: Final = 7
_GAP: Final = 18
_MARGIN: Final = 16
_TABLE_WIDTH: Final = 700
_LINE: Final = 20

RED: Final = "#c8102e"
"""The colour of hearts and diamonds."""
BLACK: Final = "#1a1a1a"
"""The colour of spades and clubs."""
JOKER_COLOUR: Final = "#6a1b9a"
"""The colour of a joker."""
HIGHLIGHT: Final = "#ff8c00"
"""The colour that marks the last action."""
_BURRACO_COLOURS: Final = {
    BurracoKind.REALE: "#7b1fa2",
    BurracoKind.NOBILE: "#2e7d32",
    BurracoKind.OVER_THE_TOP: "#c2185b",
    BurracoKind.SUPER_CLEAN: "#00897b",
    BurracoKind.CLEAN: "#d4a017",
    BurracoKind.SEMI_CLEAN: "#5b8db8",
    BurracoKind.DIRTY: "#8d6e63",
}
_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

_SUIT_SHAPES: Final = {
    Suit.HEARTS: (
        '<path d="M0 9C-4 5-10 1-10-4C-10-8-7.5-10-5-10C-2.5-10-1-8.5 0-6.5'
        'C1-8.5 2.5-10 5-10C7.5-10 10-8 10-4C10 1 4 5 0 9Z"/>'
    ),
    Suit.DIAMONDS: '<path d="M0-10L7.5 0L0 10L-7.5 0Z"/>',
    Suit.SPADES: (
        '<path d="M0-10C-4-5-10-2-10 3C-10 6-8 8-5.5 8C-3.5 8-2 7-1 5.5L-2.5 10H2.5L1 5.5'
        'C2 7 3.5 8 5.5 8C8 8 10 6 10 3C10-2 4-5 0-10Z"/>'
    ),
    Suit.CLUBS: (
        '<circle cx="0" cy="-5" r="4.6"/><circle cx="-5" cy="2" r="4.6"/>'
        '<circle cx="5" cy="2" r="4.6"/><path d="M0-2L-3 10H3Z"/>'
    ),
}
_STAR: Final = (
    '<path d="M0-10L2.9-4L9.5-3.1L4.7 1.5L5.9 8.1L0 5L-5.9 8.1L-4.7 1.5L-9.5-3.1L-2.9-4Z"/>'
)


def _colour(card: Card) -> str:
    if card.suit is None:
        return JOKER_COLOUR
    return RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def _shape(card: Card, x: float, y: float, scale: str) -> str:
    """A suit symbol (a star for a joker) centred on ``(x, y)``."""
    shape = _STAR if card.suit is None else _SUIT_SHAPES[card.suit]
    return f'<g transform="translate({x} {y}) scale({scale})" fill="{_colour(card)}">{shape}</g>'


def _star(colour: str, x: float, y: float, scale: str) -> str:
    return f'<g transform="translate({x} {y}) scale({scale})" fill="{colour}">{_STAR}</g>'


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 13,
    weight: str = "normal",
    fill: str = BLACK,
    anchor: str = "start",
) -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    middle = ' text-anchor="middle"' if anchor == "middle" else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}"{bold}{middle} fill="{fill}">'
        f"{escape(text)}</text>"
    )


def _frame(
    x: float,
    y: float,
    width: float,
    height: float,
    colour: str,
    *,
    stroke: int = 3,
    dash: bool = False,
) -> str:
    dashes = ' stroke-dasharray="5 3"' if dash else ""
    return (
        f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="7" fill="none" '
        f'stroke="{colour}" stroke-width="{stroke}"{dashes}/>'
    )


def _card(
    card: Card,
    x: float,
    y: float,
    *,
    stands_for: Card | None = None,
    rank: Rank | None = None,
    highlight: bool = False,
) -> str:
    """One card face with its top left corner at ``(x, y)``.

    A wild placed in a meld is drawn as ``stands_for`` (a sequence) or with the set's ``rank``,
    on a tinted face with a dashed edge, its own name in the bottom corner.
    """
    placed = stands_for is not None or rank is not None
    face = stands_for if stands_for is not None else card
    name = f"{card}={stands_for}" if stands_for is not None else str(card)
    parts = [f'<g class="card" transform="translate({x} {y})"><title>{name}</title>']
    if placed:
        parts.append(
            f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#fff4c2" '
            'stroke="#b8860b" stroke-width="1.5" stroke-dasharray="4 2"/>'
        )
    else:
        parts.append(
            f'<rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="#ffffff" '
            'stroke="#8a8a8a"/>'
        )
    if rank is not None:  # a wild in a set: the set's rank, a star for its suit
        parts.append(_text(4, 17, str(rank), size=14, weight="bold", fill=BLACK))
        parts.append(_star(_colour(card), 10.5, 28, "0.45"))
        parts.append(_star(_colour(card), CARD_WIDTH / 2 + 4, 44, "1.1"))
    elif face.rank is None:
        parts.append(_text(4, 17, "JK", size=14, weight="bold", fill=JOKER_COLOUR))
        parts.append(_shape(face, 11, 28, "0.45"))
        parts.append(_shape(face, CARD_WIDTH / 2 + 4, 44, "1.2"))
    else:
        parts.append(_text(4, 17, str(face.rank), size=14, weight="bold", fill=_colour(face)))
        parts.append(_shape(face, 10.5, 28, "0.45"))
        parts.append(_shape(face, CARD_WIDTH / 2 + 4, 46, "1.1"))
    if placed:
        parts.append(
            _text(3, CARD_HEIGHT - 5, str(card), size=10, weight="bold", fill=_colour(card))
        )
    if highlight:
        parts.append(_frame(-2, -2, CARD_WIDTH + 4, CARD_HEIGHT + 4, HIGHLIGHT))
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float) -> str:
    """A card back with its top left corner at ``(x, y)``."""
    return (
        f'<g class="back" transform="translate({x} {y})"><rect width="{CARD_WIDTH}" '
        f'height="{CARD_HEIGHT}" '
        'rx="5" fill="#1f4e8c" stroke="#ffffff" stroke-width="1.5"/>'
        f'<rect x="5" y="5" width="{CARD_WIDTH - 10}" height="{CARD_HEIGHT - 10}" rx="3" '
        'fill="none" stroke="#9fc1ec" stroke-width="1.5"/></g>'
    )


def _row_width(count: int, step: int = STEP) -> int:
    return 0 if count == 0 else (count - 1) * step + CARD_WIDTH


def _document(width: int, height: int, label: str, body: Iterable[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(label)} '
        f'font-family="{_FONT}">' + "".join(body) + "</svg>\n"
    )


# --- cards and melds ----------------------------------------------------------------------------


def card(card: Card, *, stands_for: Card | None = None) -> str:
    """An SVG picture of one card; with ``stands_for``, a wild drawn as the card it stands for.

    >>> from burraco import JOKER, parse_card
    >>> picture = card(JOKER, stands_for=parse_card("7H"))
    >>> 'aria-label="JK=7H"' in picture
    True
    """
    label = str(card) if stands_for is None else f"{card}={stands_for}"
    body = [_card(card, 1, 1, stands_for=stands_for)]
    return _document(CARD_WIDTH + 2, CARD_HEIGHT + 2, label, body)


def _meld_parts(
    meld: Meld,
    rules: Rules,
    x: float,
    y: float,
    *,
    index: int | None = None,
    highlight: Sequence[Card] = (),
    framed: bool = False,
) -> list[str]:
    """The pieces of a meld drawn at ``(x, y)``: an index label, the cards, a burraco badge."""
    parts = []
    if index is not None:
        parts.append(_text(x, y + 12, f"[{index}]", size=12, fill="#555555"))
    top = y + 16
    marked = list(highlight)
    chosen = set()
    for position in range(len(meld.cards) - 1, -1, -1):  # the added cards, from the top end
        if meld.cards[position] in marked:
            marked.remove(meld.cards[position])
            chosen.add(position)
    for position, one in enumerate(meld.cards):
        stands_for = None
        rank = None
        if position == meld.wild_index:
            if meld.kind is MeldKind.SEQUENCE:
                assert meld.wild_as is not None and meld.suit is not None
                stands_for = Card(meld.wild_as, meld.suit)
            else:
                rank = meld.rank
        parts.append(
            _card(
                one,
                x + position * STEP,
                top,
                stands_for=stands_for,
                rank=rank,
                highlight=position in chosen,
            )
        )
    width = _row_width(len(meld.cards))
    kind = burraco_kind(meld, rules)
    if kind is not None:
        colour = _BURRACO_COLOURS[kind]
        parts.append(_frame(x - 4, top - 4, width + 8, CARD_HEIGHT + 8, colour))
        parts.append(
            _text(
                x,
                top + CARD_HEIGHT + 18,
                f"{kind} burraco +{burraco_bonus(meld, rules)}",
                size=12,
                weight="bold",
                fill=colour,
            )
        )
    if framed:
        parts.append(_frame(x - 7, top - 7, width + 14, CARD_HEIGHT + 14, HIGHLIGHT, dash=True))
    return parts


_MELD_HEIGHT: Final = 16 + CARD_HEIGHT + 26


def meld(meld: Meld, rules: Rules = CLASSIC) -> str:
    """An SVG picture of a meld in table order, a burraco framed in the colour of its class.

    A wild is drawn as the card it stands for (in a set, with the set's rank), on a tinted face
    with a dashed edge and its own name in the corner. ``rules`` decides the class of a
    burraco and its bonus (``rules.burraco_classes``: a semi-clean burraco exists only under
    rules that list it, a *reale* only under :data:`~burraco.REALE`).

    >>> from burraco import FIBUR, validate_meld
    >>> "semi-clean burraco +150" in meld(validate_meld("4S 5S 6S 7S 8S 9S 10S JK"), FIBUR)
    True
    """
    width = _row_width(len(meld.cards)) + 2 * 8
    body = _meld_parts(meld, rules, 8, -8)
    height = 8 + CARD_HEIGHT + (26 if burraco_kind(meld, rules) is not None else 8)
    return _document(width, height, str(meld), body)


# --- tables and views ---------------------------------------------------------------------------


@attrs.frozen
class _Highlight:
    """What the last action touched: a seat, the stock, the pile's top card, a meld's cards."""

    seat: int | None = None
    stock: bool = False
    pile_top: bool = False
    pile_taken: bool = False
    team: int | None = None
    meld: int | None = None
    cards: tuple[Card, ...] = ()


def _highlight(
    last_action: Action | None,
    turn: int,
    players: int,
    team: int,
    over: bool,
    melds: Sequence[Sequence[Meld]],
) -> _Highlight:
    """Where to mark ``last_action``, the action that led to this position (``team``: the
    current team of the seat to act)."""
    if last_action is None:
        return _Highlight()
    if isinstance(last_action, Discard):
        seat = turn if over else (turn - 1) % players
        return _Highlight(seat=seat, pile_top=True)
    seat = turn
    match last_action:
        case DrawStock():
            return _Highlight(seat=seat, stock=True)
        case TakeDiscardPile():
            return _Highlight(seat=seat, pile_taken=True)
        case OpenMeld() if melds[team]:
            index = len(melds[team]) - 1
            return _Highlight(seat=seat, team=team, meld=index)
        case AddToMeld():
            added = _added_to(last_action, melds[team])
            if added is not None:
                return _Highlight(seat=seat, team=team, meld=added, cards=last_action.cards)
    return _Highlight(seat=seat)


def _added_to(action: AddToMeld, melds: Sequence[Meld]) -> int | None:
    """The index of the meld that ``action`` added to, among the melds after it."""
    if isinstance(action.meld, int):
        return action.meld if 0 <= action.meld < len(melds) else None
    wanted = Counter(action.meld.cards) + Counter(action.cards)
    for index, one in enumerate(melds):
        if Counter(one.cards) == wanted:
            return index
    return None


class _Canvas:
    """Pieces of a picture laid out from top to bottom, lines of cards wrapped to the width."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.y = _MARGIN
        self.parts: list[str] = []

    def line(
        self,
        text: str,
        *,
        size: int = 13,
        weight: str = "normal",
        fill: str = BLACK,
        x: float = _MARGIN,
    ) -> None:
        self.parts.append(_text(x, self.y + size, text, size=size, weight=weight, fill=fill))
        self.y += size + 7

    def cards(self, cards: Sequence[Card], *, highlight_last: bool = False) -> None:
        if not cards:
            self.line("-", fill="#777777", x=_MARGIN + 8)
            return
        per_row = max(1, (self.width - 2 * _MARGIN - CARD_WIDTH - 16) // STEP + 1)
        for start in range(0, len(cards), per_row):
            row = cards[start : start + per_row]
            for offset, one in enumerate(row):
                last = highlight_last and start + offset == len(cards) - 1
                self.parts.append(
                    _card(one, _MARGIN + 8 + offset * STEP, self.y + 2, highlight=last)
                )
            self.y += CARD_HEIGHT + 10

    def backs(self, count: int, label: str, *, x: float = _MARGIN + 8) -> float:
        """A stack of ``count`` backs (a few drawn) at ``x``; returns its label's right edge."""
        shown = min(count, 12)
        for offset in range(shown):
            self.parts.append(_back(x + offset * _BACK_STEP, self.y + 2))
        right = x + (_row_width(shown, _BACK_STEP) if shown else 0)
        self.parts.append(_text(right + 8, self.y + CARD_HEIGHT / 2 + 7, label, size=13))
        return right + 8 + 7.5 * len(label)

    def melds(self, melds: Sequence[Meld], rules: Rules, team: int, mark: _Highlight) -> None:
        if not melds:
            self.line("no melds", fill="#777777", x=_MARGIN + 8)
            return
        x = float(_MARGIN + 8)
        row_height = 16 + CARD_HEIGHT + 14
        for index, one in enumerate(melds):
            width = _row_width(len(one.cards))
            if x > _MARGIN + 8 and x + width > self.width - _MARGIN:
                self.y += row_height
                x = _MARGIN + 8
            hit = mark.team == team and mark.meld == index
            self.parts += _meld_parts(
                one,
                rules,
                x,
                self.y,
                index=index,
                highlight=mark.cards if hit else (),
                framed=hit,
            )
            if burraco_kind(one, rules) is not None:
                row_height = max(row_height, _MELD_HEIGHT)
            x += width + _GAP + 8
        self.y += row_height

    def document(self, label: str) -> str:
        return _document(self.width, int(self.y) + _MARGIN, label, self.parts)


def _centre(
    canvas: _Canvas,
    stock: int,
    pozzetti: int,
    pile: Sequence[Card],
    mark: _Highlight,
) -> None:
    """The stock and the pozzetti on one line, then the discard pile."""
    right = canvas.backs(stock, f"stock {stock}")
    if mark.stock:
        canvas.parts.append(
            _frame(_MARGIN + 2, canvas.y - 4, right - _MARGIN - 2, CARD_HEIGHT + 12, HIGHLIGHT)
        )
    canvas.backs(pozzetti, f"pozzetti left {pozzetti}", x=max(right + 24, 300))
    canvas.y += CARD_HEIGHT + 12
    taken = "   (taken)" if mark.pile_taken else ""
    canvas.line(
        f"discard pile ({len(pile)}, top last){taken}",
        weight="bold",
        fill=HIGHLIGHT if mark.pile_taken else BLACK,
    )
    canvas.cards(pile, highlight_last=mark.pile_top)


def _team_line(team: int, seats: Sequence[int], taken: bool, extra: str = "") -> str:
    plural = "s" if len(seats) > 1 else ""
    pozzetto = "pozzetto taken" if taken else "pozzetto not taken"
    return f"team {team} (seat{plural} {', '.join(map(str, seats))}), {pozzetto}{extra}"


def _seat_label(
    seat: int, size: int, turn: int, over: bool, mark: _Highlight, note: str
) -> tuple[str, str]:
    to_act = seat == turn and not over
    text = f"{'▶ ' if to_act else ''}seat {seat} ({size}){note}"
    colour = HIGHLIGHT if mark.seat == seat else BLACK
    return text, colour


def table(state: GameState, *, last_action: Action | None = None) -> str:
    """An SVG picture of a whole table: the stock, the pozzetti, the discard pile, each team's
    melds (burracos framed) and every hand face up.

    ``last_action`` is the action that led to ``state``; it is marked in orange (the seat that
    played it, and the stock, the pile's top card, or the meld and the cards it touched).

    >>> from burraco import DrawStock, apply, new_game
    >>> state = apply(new_game(seed=1), DrawStock())
    >>> picture = table(state, last_action=DrawStock())
    >>> picture.count("<svg"), "stock 40" in picture
    (1, True)
    """
    players = len(state.hands)
    teams = len(state.melds)
    outcome = state.outcome
    team_to_act = state.team_of(state.turn)
    mark = _highlight(
        last_action, state.turn, players, team_to_act, outcome is not None, state.melds
    )
    status = str(state).partition("\n")[0]  # the first line of the text table
    canvas = _Canvas(_TABLE_WIDTH)
    canvas.line(status, size=15, weight="bold")
    _centre(canvas, len(state.stock), len(state.pozzetti), state.discard_pile, mark)
    for team in range(teams):
        canvas.line(
            _team_line(team, state.seats_of(team), state.pozzetto_taken[team]), weight="bold"
        )
        canvas.melds(state.melds[team], state.rules, team, mark)
    for seat, hand in enumerate(state.hands):
        note = " pozzetto, not looked at" if seat in state.unseen_pozzetto else ""
        text, colour = _seat_label(seat, len(hand), state.turn, outcome is not None, mark, note)
        canvas.line(text, weight="bold", fill=colour)
        canvas.cards(hand)
    return canvas.document(status)


def view(view: PlayerView, *, last_action: Action | None = None) -> str:
    """An SVG picture of what one seat sees: its own hand face up, the other hands as card
    backs with their counts, the stock and pozzetti as backs, the discard pile and the melds.

    ``last_action`` is marked as in :func:`table`.

    >>> from burraco import new_game, observe
    >>> picture = view(observe(new_game(seed=1), 2))
    >>> "seat 2 (11), you" in picture, "11 cards" in picture
    (True, True)
    """
    players = len(view.hand_sizes)
    teams = len(view.melds)
    outcome = view.outcome
    over = outcome is not None
    mark = _highlight(last_action, view.turn, players, view.team_of(view.turn), over, view.melds)
    status, _, seen = str(view).partition("\n")[0].rpartition(" (")
    canvas = _Canvas(_TABLE_WIDTH)
    canvas.line(status, size=15, weight="bold")
    canvas.line(f"{seen.rstrip(')')}, team {view.team}", fill="#555555")
    _centre(canvas, view.stock_size, view.pozzetti_left, view.discard_pile, mark)
    for team in range(teams):
        seats = view.partners[team]
        points = f", {view.table_points[team]} points on the table"
        canvas.line(_team_line(team, seats, view.pozzetto_taken[team], points), weight="bold")
        canvas.melds(view.melds[team], view.rules, team, mark)
    for seat, size in enumerate(view.hand_sizes):
        unseen = seat in view.unseen_pozzetto
        note = ", you" if seat == view.seat else ""
        if unseen:
            note += ", pozzetto not looked at"
        text, colour = _seat_label(seat, size, view.turn, over, mark, note)
        canvas.line(text, weight="bold", fill=colour)
        if seat == view.seat and view.hand is not None:
            canvas.cards(view.hand)
            continue
        known = view.known_cards[seat] if seat != view.seat else ()
        x = float(_MARGIN + 8)
        for offset, one in enumerate(known):  # taken with the pile: everyone saw them
            canvas.parts.append(_card(one, x + offset * STEP, canvas.y + 2))
        if known:
            x += len(known) * STEP + CARD_WIDTH - STEP + 10
        hidden = size - len(known)
        label = f"{size} card{'s' if size != 1 else ''}"
        if known:
            label += f", {len(known)} known"
        canvas.backs(hidden, label, x=x)
        canvas.y += CARD_HEIGHT + 10
    return canvas.document(f"{status} ({seen}")
