"""Hostile game records: ``Record.parse`` and ``MatchRecord.parse`` raise only ``RecordError``.

The inputs are records of random hands and matches, mutated: a character swapped for a
Unicode look-alike (``ſ``, the Kelvin sign, full-width and other scripts' digits, no-break and
ideographic spaces, line and paragraph separators, NUL, a lone surrogate, a zero-width space, a
byte-order mark), a number made huge, negative or padded, a header made huge or repeated or
removed, a line dropped, repeated or swapped, an action replaced by another in notation (mostly
illegal there), the seat of a turn changed, the text cut short. Whatever the input, reading it
either gives a record that writes back to text which reads to the same record, or raises
:class:`~burraco.RecordError` with a one-line message of bounded length: no other exception.

The default run reads ``DEFAULT_COUNT`` inputs. ``BURRACO_RECORD_FUZZ=20000`` (``nox -s
record_fuzz``) reads more, ``BURRACO_FUZZ_SEED`` changes them; ``BURRACO_RECORD_TIMING=1``
(set by the nox session) also measures reading 1x and 10x larger hostile records and documents
and fails if the time grows much faster than the size (timing is never asserted in CI).
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from burraco import (
    CLASSIC,
    FIBUR,
    INTERNATIONAL,
    Discard,
    EndReason,
    HandScore,
    Match,
    Outcome,
    RecordError,
    TeamScore,
    apply,
    legal_actions,
    new_game,
    parse_action,
)
from burraco.record import MAX_RECORD_LENGTH, History, MatchRecord, Record
from burraco.serialize import from_json, to_json

DEFAULT_COUNT: Final = 400
COUNT: Final = int(os.environ.get("BURRACO_RECORD_FUZZ", str(DEFAULT_COUNT)))
SEED: Final = int(os.environ.get("BURRACO_FUZZ_SEED", "0"))
TIMING: Final = os.environ.get("BURRACO_RECORD_TIMING") == "1"

LONGEST_MESSAGE: Final = 1400
"""The longest message a rejected record may give: the line, an illegal action's explanation
(which may list the acting seat's hand, at most 1,000 characters) and short excerpts."""

CONFUSABLES: Final = [
    "ſ",  # long s: uppercases to S
    "\u212a",  # Kelvin sign: lowercases to k
    "１",  # full-width digit one
    "٣",  # Arabic-Indic digit three
    "७",  # Devanagari digit seven
    "Ｓ",  # full-width S
    "е",  # Cyrillic e
    "\u00a0",  # no-break space
    "\u3000",  # ideographic space
    "\u2028",  # line separator
    "\u2029",  # paragraph separator
    "\x85",  # next line
    "\x0b",
    "\x0c",
    "\x1c",
    "\r",
    "\x00",
    "\ud800",  # a lone surrogate
    "\u200b",  # zero-width space
    "\ufeff",  # a byte-order mark, not at the start
    "\t",
    "_",
    "-",
    "+",
    '"',
    "\\",
    "#",
    ";",
    "[",
    "]",
]
HUGE_NUMBERS: Final = ["9" * 5000, "1" * 31, "-1", "-7", "+1", " 1", "1_0", "0" * 40 + "1", "1e9"]


@cache
def originals() -> tuple[str, ...]:
    """Records to mutate: hands of random play under several rule sets, and a match."""
    chooser = random.Random(SEED)
    texts = []
    configs = [CLASSIC, FIBUR, INTERNATIONAL, attrs.evolve(CLASSIC, players=2)]
    configs.append(attrs.evolve(FIBUR, players=3, target=1500))
    for index, rules in enumerate(configs):
        deal = new_game(rules, seed=index, dealer=index % rules.players)
        state, actions = deal, []
        while choices := legal_actions(state):
            action = chooser.choice(choices)
            actions.append(action)
            state = apply(state, action)
        seed = index if index % 2 else None  # the seed, or the whole deck
        names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"][: rules.players]
        comments = {1: "the first turn", len(actions) // 8 or 1: "a remark"}
        record = Record.from_actions(deal, actions, seed=seed, names=names, comments=comments)
        texts.append(str(record))
    history = History(names=["Anna", "Bruno", "Carla", "Dario"], date="2026-12-05")
    from burraco import GreedyAgent, play_match

    play_match([GreedyAgent()] * 4, attrs.evolve(CLASSIC, target=700), seed=4, on_action=history)
    texts.append(str(history.match_record()))
    return tuple(texts)


# --- mutations ----------------------------------------------------------------------------------

Mutation = Callable[[str, random.Random], str]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def confusable(text: str, chooser: random.Random) -> str:
    """A character of a header or a turn replaced by (or preceded by) a look-alike."""
    at = chooser.randrange(len(text))
    char = chooser.choice(CONFUSABLES)
    return text[:at] + char + text[at + chooser.randrange(2) :]


def huge_number(text: str, chooser: random.Random) -> str:
    """A number of a header or a turn replaced by a huge, negative or padded one."""
    lines = _lines(text)
    places = [i for i, line in enumerate(lines) if any(c.isdigit() for c in line)]
    index = chooser.choice(places)
    line = lines[index]
    digits = [i for i, c in enumerate(line) if c.isdigit()]
    start = chooser.choice(digits)
    end = start
    while end < len(line) and line[end].isdigit():
        end += 1
    lines[index] = line[:start] + chooser.choice(HUGE_NUMBERS) + line[end:]
    return "\n".join(lines)


def huge_header(text: str, chooser: random.Random) -> str:
    """A header's value or name made very long, or a long header added."""
    lines = _lines(text)
    headers = [i for i, line in enumerate(lines) if line.startswith("[")]
    index = chooser.choice(headers)
    size = chooser.choice([1000, 100_000, 400_000])
    filler = chooser.choice(["x", "7H ", "9", " ", "\\\\", '\\"'])
    if chooser.random() < 0.5:
        name, _, _ = lines[index][1:].partition(" ")
        lines[index] = f'[{name} "{filler * (size // len(filler))}"]'
    else:
        lines.insert(index, f'[{"N" * size} "x"]')
    return "\n".join(lines)


def header_edit(text: str, chooser: random.Random) -> str:
    """A header repeated, removed, moved after the turns, or its value changed."""
    lines = _lines(text)
    headers = [i for i, line in enumerate(lines) if line.startswith("[")]
    index = chooser.choice(headers)
    edit = chooser.randrange(4)
    if edit == 0:
        lines.insert(index, lines[index])
    elif edit == 1:
        del lines[index]
    elif edit == 2:
        lines.append(lines.pop(index))
    else:
        name = lines[index][1:].partition(" ")[0]
        value = chooser.choice(["", "classic", "fibur", "true", "0", "7", "x", "*", "JK"])
        lines[index] = f'[{name} "{value}"]'
    return "\n".join(lines)


def line_edit(text: str, chooser: random.Random) -> str:
    """A line dropped, repeated or swapped with another, or the text cut short."""
    lines = _lines(text)
    edit = chooser.randrange(4)
    index = chooser.randrange(len(lines))
    if edit == 0:
        del lines[index]
    elif edit == 1:
        lines.insert(index, lines[index])
    elif edit == 2:
        other = chooser.randrange(len(lines))
        lines[index], lines[other] = lines[other], lines[index]
    else:
        return text[: chooser.randrange(len(text))]
    return "\n".join(lines)


ACTIONS: Final = ["draw", "pick", "discard JK", "discard 7H", "open 5H 6H 7H", "add 0 8H",
                  "open JK JK JK", "add 99 7S", "discard 2C", "open 3S 4S 5S 6S 7S 8S 9S",
                  "discard", "open", "fly"]  # fmt: skip


def action_edit(text: str, chooser: random.Random) -> str:
    """An action of a turn replaced, dropped or repeated, or the turn's seat changed."""
    lines = _lines(text)
    turns = [i for i, line in enumerate(lines) if ": " in line and not line.startswith("[")]
    index = chooser.choice(turns)
    head, _, body = lines[index].partition(": ")
    body, _, comment = body.partition("  #")
    actions = body.split("; ")
    at = chooser.randrange(len(actions))
    edit = chooser.randrange(4)
    if edit == 0:
        actions[at] = chooser.choice(ACTIONS)
    elif edit == 1:
        del actions[at]
    elif edit == 2:
        actions.insert(at, actions[at])
    else:
        number, _, _ = head.partition(" seat ")
        head = f"{number} seat {chooser.randrange(7)}"
    lines[index] = f"{head}: {'; '.join(actions)}" + (f"  #{comment}" if comment else "")
    return "\n".join(lines)


MUTATIONS: Final[list[Mutation]] = [
    confusable,
    huge_number,
    huge_header,
    header_edit,
    line_edit,
    action_edit,
]


# --- the checks ---------------------------------------------------------------------------------


def read(text: str) -> tuple[str, MatchRecord | RecordError]:
    """What reading ``text`` gives: ``("read", record)`` or ``("rejected", error)``; any other
    exception fails the test."""
    try:
        return "read", MatchRecord.parse(text)
    except RecordError as error:
        return "rejected", error


def check(text: str) -> str:
    """Read ``text`` and check what comes back; return ``"read"`` or the reason of the error."""
    outcome, value = read(text)
    if isinstance(value, RecordError):
        message = str(value)
        assert len(message) <= LONGEST_MESSAGE, (len(message), message[:200])
        assert message.isprintable(), repr(message[:200])
        assert value.line >= 0 and message.startswith(f"line {value.line}: " if value.line else "")
        return str(value.reason)
    again = MatchRecord.parse(str(value))
    assert again == value
    return outcome


@pytest.mark.slow
def test_mutated_records_are_read_or_rejected_with_a_short_record_error() -> None:
    chooser = random.Random(SEED)
    texts = originals()
    seen: Counter[str] = Counter()
    for number in range(COUNT):
        mutation = MUTATIONS[number % len(MUTATIONS)]
        text = chooser.choice(texts)
        for _ in range(1 + chooser.randrange(2)):
            text = mutation(text, chooser) if text else text
        seen[f"{mutation.__name__}: {check(text)}"] += 1
    if os.environ.get("BURRACO_RECORD_FUZZ"):
        for key, count in sorted(seen.items()):
            print(f"{count:8}  {key}")
    assert sum(seen.values()) == COUNT


@pytest.mark.parametrize("mutation", MUTATIONS, ids=lambda mutation: mutation.__name__)
def test_every_mutation_gives_rejected_records(mutation: Mutation) -> None:
    chooser = random.Random(SEED + 1)
    outcomes = Counter(check(mutation(chooser.choice(originals()), chooser)) for _ in range(30))
    assert sum(count for outcome, count in outcomes.items() if outcome != "read") > 0


def test_the_originals_are_read() -> None:
    assert all(check(text) == "read" for text in originals())


@given(st.text(max_size=300))
def test_any_text_is_read_or_rejected_with_a_record_error(text: str) -> None:
    check(text)


@given(st.text(alphabet=st.sampled_from([*CONFUSABLES, "1", ".", " ", "s", "e", "a", "t", ":"])))
def test_any_turn_line_of_confusables_is_rejected_cleanly(body: str) -> None:
    check('[Rules "classic"]\n[Seed "7"]\n\n' + body)


# --- linear time (the nox session only) ---------------------------------------------------------


def _cpu(function: Callable[[], object]) -> float:
    start = time.process_time()
    function()
    return time.process_time() - start


def _ratio(small: Callable[[], object], large: Callable[[], object], rounds: int = 5) -> float:
    """The best time of ``large`` over the best time of ``small``, alternating runs."""
    best_small = best_large = float("inf")
    for _ in range(rounds):
        best_small = min(best_small, _cpu(small))
        best_large = min(best_large, _cpu(large))
    return best_large / best_small


def _swallow(read: Callable[[str], object], text: str) -> Callable[[], object]:
    def run() -> object:
        try:
            return read(text)
        except RecordError:
            return None

    return run


def _stalemate_match(hands: int) -> str:
    """A match record of ``hands`` hands, each a stalemate at once: the most hands per line."""
    records = []
    for index in range(hands):
        dealer = index % 4
        state = new_game(seed=index, dealer=dealer)
        actions = []
        while not state.is_over:
            pick = parse_action("pick")
            state = apply(state, pick)
            discard = Discard(state.hands[state.turn][0])
            state = apply(state, discard)
            actions += [pick, discard]
        records.append(Record.from_actions(new_game(seed=index, dealer=dealer), actions))
    return str(MatchRecord(tuple(records)))


def _match_document(hands: int) -> str:
    team = TeamScore(melded=30, in_hand=-20, burraco_bonus=0, closing_bonus=0, pozzetto_penalty=0)
    hand = HandScore((team, team), Outcome(EndReason.STOCK_EXHAUSTED))
    return to_json(Match(attrs.evolve(CLASSIC, untaken_pozzetto_penalty="if-opponents-closed"),
                         0, (hand,) * hands))  # fmt: skip


def shapes() -> dict[str, Callable[[int], tuple[Callable[[], object], int]]]:
    """For each shape of large input, a builder from a scale to a reader and the input's size."""
    base = originals()[0]

    def headers(scale: int) -> tuple[Callable[[], object], int]:
        text = "".join(f'[Note{index} "x"]\n' for index in range(3000 * scale)) + base
        return _swallow(MatchRecord.parse, text), len(text)

    def repeated_header(scale: int) -> tuple[Callable[[], object], int]:
        text = "".join(f'[Note{index} "x"]\n' for index in range(3000 * scale)) + '[Note0 "y"]\n'
        return _swallow(MatchRecord.parse, text), len(text)

    def long_value(scale: int) -> tuple[Callable[[], object], int]:
        text = '[Result "' + "x\\\\" * (30_000 * scale) + '"]\n' + base
        return _swallow(MatchRecord.parse, text), len(text)

    def comments(scale: int) -> tuple[Callable[[], object], int]:
        text = base + "# a remark\n" * (5000 * scale)
        return _swallow(MatchRecord.parse, text), len(text)

    def hands(scale: int) -> tuple[Callable[[], object], int]:
        text = _stalemate_match(40 * scale)
        return _swallow(MatchRecord.parse, text), len(text)

    def match_document(scale: int) -> tuple[Callable[[], object], int]:
        text = _match_document(200 * scale)
        return lambda: from_json(text), len(text)

    return {
        "headers": headers,
        "repeated header": repeated_header,
        "long header value": long_value,
        "comment lines": comments,
        "stalemate hands": hands,
        "match document": match_document,
    }


@pytest.mark.skipif(not TIMING, reason="timing runs in nox -s record_fuzz only")
@pytest.mark.parametrize("shape", list(shapes()))
def test_reading_time_grows_with_the_size_not_its_square(shape: str) -> None:
    small, small_size = shapes()[shape](1)
    large, large_size = shapes()[shape](10)
    assert large_size <= MAX_RECORD_LENGTH
    ratio = _ratio(small, large)
    sizes = large_size / small_size
    print(
        f"\n{shape}: {small_size:,} -> {large_size:,} characters ({sizes:.1f}x), time {ratio:.1f}x"
    )
    assert ratio < 2.5 * sizes
