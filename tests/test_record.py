"""Game records: write, read, replay; errors that name the line."""

from __future__ import annotations

import random
from typing import Final, cast

import attrs
import pytest

from burraco import (
    CLASSIC,
    FEBURIT,
    FIBUR,
    INTERNATIONAL,
    REALE,
    Action,
    Agent,
    Discard,
    DrawStock,
    EndReason,
    GameState,
    GreedyAgent,
    RandomAgent,
    RecordError,
    Rules,
    apply,
    call_time_out,
    legal_actions,
    new_game,
    parse_action,
    play_hand,
    play_match,
    score_hand,
)
from burraco.record import MAX_RECORD_LENGTH, History, MatchRecord, Record, Turn, deal_order
from tests.helpers import random_play

RULE_SETS = [
    attrs.evolve(preset, players=players)
    for preset in (CLASSIC, FIBUR, INTERNATIONAL, FEBURIT, REALE)
    for players in (2, 3, 4, 6)
]
GERMAN = attrs.evolve(CLASSIC, name="german", pozzetti_as_reserve_stock=True, target=1500)


def played(rules: Rules, seed: int) -> Record:
    actions = [action for _, action in random_play(rules, seed)]
    return Record.from_actions(new_game(rules, seed=seed), actions, seed=seed)


@pytest.mark.parametrize("rules", [*RULE_SETS, GERMAN], ids=lambda r: f"{r.name}-{r.players}")
def test_a_written_record_reads_back_and_replays_to_the_same_end(rules: Rules) -> None:
    for seed in range(2):
        actions = [action for _, action in random_play(rules, seed)]
        deal = new_game(rules, seed=seed)
        states = [deal]
        for action in actions:
            states.append(apply(states[-1], action))
        final = states[-1]
        for given_seed in (seed, None):  # the seed, or the whole deck
            record = Record.from_actions(deal, actions, seed=given_seed)
            text = str(record)
            read = Record.parse(text)
            assert read == record
            assert str(read) == text
            assert read.rules == rules
            assert read.replay() == states
            assert read.final() == final
            assert score_hand(read.final()) == score_hand(final)
            assert read.header("Result") == record.header("Result") != "*"


def test_the_record_text_has_headers_then_one_line_per_turn() -> None:
    record = played(CLASSIC, 4)
    lines = str(record).splitlines()
    assert lines[:4] == ['[Rules "classic"]', '[Players "4"]', '[Dealer "0"]', '[Seed "4"]']
    assert lines[4].startswith("[Result ")
    assert lines[5] == ""
    assert lines[6].startswith("1. seat 1: ")
    assert len(lines) == 6 + len(record.turns)
    assert all(turn.actions[-1].__class__.__name__ == "Discard" for turn in record.turns[:-1])
    for number, (line, turn) in enumerate(zip(lines[6:], record.turns, strict=True), 1):
        assert line == f"{number}. {turn}"


def test_rules_that_are_no_preset_are_written_switch_by_switch() -> None:
    record = played(GERMAN, 1)
    assert record.header("Rules") == "classic"
    assert record.header("Rules.name") == "german"
    assert record.header("Rules.pozzetti_as_reserve_stock") == "true"
    assert record.header("Rules.target") == "1500"
    assert record.header("Rules.semi_clean") is None
    assert Record.parse(str(record)).rules == GERMAN


def test_the_headers_are_a_mapping_in_the_order_written() -> None:
    record = played(CLASSIC, 4)
    assert record.headers["Seed"] == "4"
    assert record.headers.get("Date") is None
    assert dict(record.headers)["Rules"] == "classic"
    assert list(record.headers)[:2] == ["Rules", "Players"]
    assert Record(dict(record.headers), record.turns) == record
    with pytest.raises(ValueError, match="twice"):
        Record.from_actions(new_game(seed=4), (), seed=4, date="x", headers={"Date": "y"})


def test_a_record_of_an_unfinished_hand_ends_where_play_stopped() -> None:
    actions = [action for _, action in random_play(CLASSIC, 2)][:9]
    record = Record.from_actions(new_game(seed=2), actions, seed=2)
    assert record.header("Result") == "*"
    read = Record.parse(str(record))
    assert read.actions == tuple(actions)
    assert not read.final().is_over
    assert len(read.replay()) == 10


def test_comments_and_names_round_trip_and_comment_lines_are_skipped() -> None:
    actions = [action for _, action in random_play(CLASSIC, 3)]
    record = Record.from_actions(
        new_game(seed=3),
        actions,
        seed=3,
        names=['Anna "la rossa"', "Bruno\\B", "Carla", "Dario"],
        date="2026-12-01",
        comments={1: "a slow start", 2: "took the pile"},
        headers=[("Event", "club night")],
    )
    text = str(record)
    assert '[Seat0 "Anna \\"la rossa\\""]' in text
    assert "1. seat 1: " in text and "  # a slow start" in text
    read = Record.parse("# a note before the headers\n" + text.replace("\n\n", "\n\n# moves\n"))
    assert read == record
    assert read.names == ('Anna "la rossa"', "Bruno\\B", "Carla", "Dario")
    assert read.turns[1].comment == "took the pile"
    assert read.header("Event") == "club night"


def test_a_hand_typed_in_by_hand_replays() -> None:
    state = new_game(seed=7)
    draw_discard = f"draw; discard {state.stock[0]}"
    text = f"""
[Rules "classic"]
[Seed "7"]

1. seat 1: {draw_discard}   # spaces and case are free
2. SEAT 2 : DRAW
"""
    record = Record.parse(text)
    assert record.turns[0] == Turn(
        1, (DrawStock(), parse_action(f"discard {state.stock[0]}")), "spaces and case are free"
    )
    assert record.final().turn == 2


def edited(text: str, line: int, new: str) -> str:
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


def test_an_illegal_action_typed_into_a_record_is_rejected_naming_its_line() -> None:
    record = played(CLASSIC, 5)
    text = str(record)
    line = len(record.headers) + 2 + 3  # the fourth turn
    turn = record.turns[3]
    hand = record.replay_turns()[3].hands[turn.seat]
    missing = next(card for card in ("JK", "2C", "AS", "KD") if card not in map(str, hand))
    with pytest.raises(RecordError) as error:
        Record.parse(edited(text, line, f"4. seat {turn.seat}: draw; discard {missing}"))
    assert error.value.line == line
    assert error.value.reason == "card-not-in-hand"
    assert str(error.value).startswith(f"line {line}: illegal action 'discard {missing}'")


@pytest.mark.parametrize(
    ("line", "new", "reason", "words"),
    [
        (1, '[Rules "klassisch"]', "bad-record", "unknown rules"),
        (1, "[Rules classic]", "bad-record", "a header is"),
        (2, '[Players "7"]', "out-of-range", "players"),
        (2, '[Players "four"]', "bad-record", "whole number"),
        (3, '[Dealer "4"]', "bad-record", "dealer"),
        (4, '[Seed "x"]', "bad-record", "whole number"),
        (4, '[Deck "7H 7H"]', "cards-not-conserved", "deck"),
        (4, '[Event "no deal"]', "bad-record", "Seed and Deck"),  # names the first header
        (5, '[Result "team 0 5000, team 1 0; closed by seat 0"]', "bad-record", "result says"),
        (7, "1. seat 2: draw; discard 9C", "bad-record", "seat 1 plays"),
        (7, "2. seat 1: draw", "bad-record", "expected turn 1"),
        (7, "1. seat 1: draw; dance", "bad-action", "dance"),
        (7, "1. seat 1: draw; discard 11H", "bad-card", "11H"),
        (7, "1. seat 1: draw;; discard 9C", "bad-action", ""),
        (7, "1 seat 1: draw", "bad-record", "a turn is"),
        (7, "1. seat 1: pick; discard 9C", "card-not-in-hand", ""),
        (7, "1. seat 1: draw", "bad-record", "does not end"),
        (7, '[Hand "2"]', "bad-record", "second hand"),
    ],
)
def test_a_record_edited_badly_is_rejected_naming_the_line(
    line: int, new: str, reason: str, words: str
) -> None:
    record = played(CLASSIC, 6)
    assert list(record.headers) == ["Rules", "Players", "Dealer", "Seed", "Result"]
    text = str(record)
    if new.startswith('[Hand "2"]'):
        text = edited(text, 8, new)  # a header after the first turn: another hand
        line = 8
    else:
        text = edited(text, line, new)
        line = 1 if "no deal" in new else line
    with pytest.raises(RecordError) as error:
        Record.parse(text)
    assert (error.value.line, error.value.reason) == (line, reason)
    assert words.lower() in str(error.value).lower()


def test_a_turn_that_goes_on_after_its_discard_is_rejected() -> None:
    record = played(CLASSIC, 6)
    first, second = record.turns[0], record.turns[1]
    both = "; ".join(str(action) for action in (*first.actions, *second.actions))
    text = edited(str(record), 7, f"1. seat 1: {both}")
    with pytest.raises(RecordError) as error:
        Record.parse(text)
    assert error.value.line == 7
    assert "belongs on the next line" in str(error.value)


def test_a_turn_after_the_end_of_the_hand_is_rejected() -> None:
    record = played(CLASSIC, 8)
    text = str(record).replace('[Result "', '[Note "') + f"{len(record.turns) + 1}. seat 0: draw\n"
    with pytest.raises(RecordError) as error:
        Record.parse(text)
    assert error.value.line == len(str(record).splitlines()) + 1
    assert "ended" in str(error.value)


def test_a_record_that_is_not_text_or_empty_is_rejected() -> None:
    with pytest.raises(RecordError):
        Record.parse(cast(str, b"[Rules]"))
    with pytest.raises(RecordError) as error:
        Record.parse("\n\n")
    assert error.value.reason == "bad-record"
    with pytest.raises(RecordError) as error:
        Record.parse("1. seat 1: draw")
    assert error.value.line == 1


def test_history_collects_the_record_of_a_hand_as_it_is_played() -> None:
    agents: list[Agent] = [GreedyAgent(), RandomAgent(1), GreedyAgent(), RandomAgent(2)]
    history = History(names=["Anna", "Bruno", "Carla", "Dario"], date="2026-12-01")
    final = play_hand(agents, FIBUR, seed=12, dealer=2, on_action=history)
    assert len(history) == 1
    record = history.record(seed=12)
    assert record.header("Seed") == "12" and record.dealer == 2
    assert Record.parse(str(record)).final() == final
    assert history.record().header("Deck") is not None
    assert Record.parse(str(history.record())).final() == final
    with pytest.raises(ValueError):
        history.record(seed=13)


def test_history_collects_a_match_and_its_record_replays_to_the_same_match() -> None:
    rules = attrs.evolve(CLASSIC, target=600)
    history = History()
    match = play_match([GreedyAgent()] * 4, rules, seed=1, on_action=history)
    assert len(history) == len(match.hands) >= 1
    record = history.match_record()
    text = str(record)
    assert text.count('[Hand "') == len(match.hands)
    read = MatchRecord.parse(text)
    assert read == record
    assert read.replay() == match


def test_a_match_record_with_a_hand_out_of_turn_is_rejected() -> None:
    rules = attrs.evolve(CLASSIC, target=600)
    history = History()
    play_match([GreedyAgent()] * 4, rules, seed=2, on_action=history)
    hands = history.match_record().hands
    assert len(hands) >= 2
    swapped = MatchRecord((hands[1], hands[0], *hands[2:]))
    with pytest.raises(RecordError) as error:
        MatchRecord.parse(str(swapped))
    assert "deals this hand" in str(error.value)


def test_deal_order_gives_back_the_deal() -> None:
    for rules in RULE_SETS:
        state = new_game(rules, seed=random.Random(rules.players).randrange(100), dealer=1)
        assert new_game(rules, deck=deal_order(state), dealer=1) == state
    with pytest.raises(ValueError):
        deal_order(played(CLASSIC, 1).final())


def test_a_hand_collected_from_the_middle_cannot_be_written() -> None:
    from burraco import play_out

    history = History()
    state = new_game(seed=4)
    state = apply(state, DrawStock())
    play_out(state, [GreedyAgent()] * 4, on_action=history)
    with pytest.raises(ValueError, match="as dealt"):
        history.record()


# --- untrusted records (issue 41) ---------------------------------------------------------------

SHORT: Final = 400
"""A bound on every message about a hostile record: the line, the problem, a short excerpt."""


def rejected(text: str) -> RecordError:
    """The error of reading ``text``, checked to be short and one line."""
    with pytest.raises(RecordError) as caught:
        MatchRecord.parse(text)
    error = caught.value
    assert len(str(error)) < SHORT and "\n" not in str(error)
    return error


def test_a_record_longer_than_the_limit_is_rejected_before_it_is_read() -> None:
    text = str(played(CLASSIC, 6))
    padded = text + "#" * (MAX_RECORD_LENGTH - len(text))
    assert Record.parse(padded) == Record.parse(text)
    error = rejected(padded + "#")
    assert error.line == 0 and error.reason == "bad-record"
    assert f"a record is at most {MAX_RECORD_LENGTH:,}" in str(error)


def test_many_headers_are_read_and_a_repeated_one_is_named_by_its_line() -> None:
    text = str(played(CLASSIC, 6))
    extra = "".join(f'[Note{index} "x"]\n' for index in range(20_000))
    read = Record.parse(extra + text)
    assert read.header("Note19999") == "x" and read.final().is_over
    error = rejected('[Note7 "y"]\n' + extra + text)
    assert error.line == 9 and "the header 'Note7' is given twice" in str(error)


@pytest.mark.parametrize(
    ("line", "new", "words"),
    [
        (7, "1" * 5000 + ". seat 1: draw; discard 9C", "a turn's number is a whole number"),
        (7, "1. seat " + "1" * 5000 + ": draw; discard 9C", "a seat is a whole number"),
        (7, "99999999999999999999. seat 1: draw", "expected turn 1 here, not turn 9999"),
        (7, "1. seat 99999: draw", "seat 1 plays this turn, not seat 99999"),
        (3, '[Dealer "-1"]', "Dealer is a whole number of 0 or more"),
        (3, '[Dealer "4"]', "Dealer is a seat from 0 to 3, not 4"),
        (3, '[Dealer "' + "9" * 5000 + '"]', "Dealer is a whole number of 0 or more"),
        (4, '[Seed "-7"]', "Seed is a whole number of 0 or more"),
        (4, '[Seed "' + "7" * 31 + '"]', "in at most 30 digits"),
        (1, '[Rules "' + "x" * 900_000 + '"]', "unknown rules 'xxxx"),
        (5, '[Result "' + "x" * 900_000 + '"]', "the result says 'xxxx"),
        (4, '[Deck "' + "7H " * 300_000 + '"]', "the deck must hold exactly the 108 cards"),
        (4, "[Rules." + "x" * 900_000 + ' "1"]', "'Rules.xxx"),
        (7, "1. seat 1: draw; discard " + "9C" * 400_000, "bad"),
        (7, "1. seat 1: draw; discard 9C  # " + "\u2028", "U+2028 is not allowed here"),
    ],
)
def test_hostile_numbers_and_huge_headers_raise_only_a_short_record_error_naming_the_line(
    line: int, new: str, words: str
) -> None:
    text = edited(str(played(CLASSIC, 6)), line, new)
    for read in (Record.parse, MatchRecord.parse):
        with pytest.raises(RecordError) as caught:
            read(text)
        error = caught.value
        assert error.line == line
        assert words in str(error)
        assert len(str(error)) < SHORT and "\n" not in str(error)


@pytest.mark.parametrize(
    ("line", "new", "shown"),
    [
        (7, "1. ſeat 1: draw; discard 9C", "a turn is"),  # long s: 'ſ'.upper() == 'S'
        (7, "1. \u212a: draw", "a turn is"),  # Kelvin sign
        (7, "１. seat 1: draw; discard 9C", "a turn is"),  # full-width digit
        (7, "1. seat ١: draw; discard 9C", "a turn is"),  # Arabic-Indic digit
        (3, '[Dealer "٠"]', "Dealer is a whole number"),
        (3, '[Dealer "０"]', "Dealer is a whole number"),
        (3, '[Dealer " 0"]', "Dealer is a whole number"),
        (3, '[Dealer "0_0"]', "Dealer is a whole number"),
        (3, '[Dealer\u00a0"0"]', "U+00A0 is not allowed here"),
        (3, '[Dealer "0"]\u3000', "U+3000 is not allowed here"),
        (3, '[Dealer "0\x00"]', "U+0000 is not allowed here"),
        (3, '[Dealer "0"]\ud800', "U+D800 is not allowed here"),
        (3, '[Dealer "0"]\u2028[Note "x"]', "U+2028 is not allowed here"),
        (3, '[Dealer "0"]\u2029', "U+2029 is not allowed here"),
        (3, '[Dealer "0"]\x85', "U+0085 is not allowed here"),
        (3, '[Dealer "0"]\x0b', "U+000B is not allowed here"),
        (3, '[Dealer "0"]\x0c', "U+000C is not allowed here"),
        (3, '[Dealer "0"]\x1e', "U+001E is not allowed here"),
        (3, '[Dealer "0"]\r[Note "x"]', "U+000D is not allowed here"),
        (3, '[Deaſer "0"]', "a header is"),
        (7, "1. seat 1: draw; discard 9\u200bC", "U+200B is not allowed here"),
    ],
)
def test_the_record_grammar_takes_ascii_words_and_digits_and_breaks_lines_only_at_a_line_feed(
    line: int, new: str, shown: str
) -> None:
    text = edited(str(played(CLASSIC, 6)), line, new)
    error = rejected(text)
    assert error.line == line and shown in str(error)


def test_a_byte_order_mark_tabs_and_windows_line_ends_are_read() -> None:
    record = played(CLASSIC, 6)
    text = str(record)
    assert Record.parse("\ufeff" + text) == record
    assert Record.parse(text.replace("\n", "\r\n")) == record
    assert Record.parse(text.replace("seat 1:", "seat\t1:", 1).replace(" ", "\t", 1)) == record
    assert rejected("\ufeff\ufeff" + text).line == 1


def test_a_negative_seed_is_not_written_or_read_since_it_would_deal_as_its_absolute_value() -> None:
    assert new_game(seed=-7) == new_game(seed=7)  # Python seeds with the absolute value
    with pytest.raises(ValueError, match="a record's seed is a whole number from 0"):
        Record.from_actions(new_game(seed=-7), (), seed=-7)
    with pytest.raises(ValueError, match="a record's seed"):
        Record.from_actions(new_game(seed=7), (), seed=10**30)
    record = Record.from_actions(new_game(seed=7), (), seed=7)
    error = rejected(str(record).replace('[Seed "7"]', '[Seed "-7"]'))
    assert error.line == 4 and "not '-7'" in str(error)


def test_headers_and_comments_that_the_grammar_cannot_read_are_not_written() -> None:
    deal = new_game(seed=4)
    for name, value in [("Event", "a\u2028b"), ("Event", "tab\there"), ("Seſt", "x")]:
        with pytest.raises(ValueError):
            Record.from_actions(deal, (), seed=4, headers=[(name, value)])
    actions = [action for _, action in random_play(CLASSIC, 4)][:2]
    with pytest.raises(ValueError, match="a comment is one line of printable text"):
        Record.from_actions(deal, actions, seed=4, comments={1: "a\nb"})


def test_a_match_record_with_a_negative_dealer_raises_a_record_error() -> None:
    history = History()
    play_match([GreedyAgent()] * 4, attrs.evolve(CLASSIC, target=600), seed=2, on_action=history)
    text = str(history.match_record()).replace('[Dealer "0"]', '[Dealer "-1"]', 1)
    error = rejected(text)
    assert error.line == 4 and "Dealer is a whole number of 0 or more, in at most" in str(error)


def test_a_long_match_of_stalemates_is_read_hand_by_hand() -> None:
    """Every hand a stalemate at once: the shortest hands, so the most hands in a record."""
    rules = CLASSIC
    hands = []
    for index in range(200):
        dealer = index % rules.players
        state = new_game(rules, seed=index, dealer=dealer)
        actions = []
        while not state.is_over:
            pick = parse_action("pick")
            state = apply(state, pick)
            discard = Discard(state.hands[state.turn][0])
            state = apply(state, discard)
            actions += [pick, discard]
        assert state.outcome is not None and state.outcome.reason == "stalemate"
        hands.append(Record.from_actions(new_game(rules, seed=index, dealer=dealer), actions))
    text = str(MatchRecord(tuple(hands)))
    match = MatchRecord.parse(text).replay()
    assert len(match.hands) == 200 and not match.is_over


# --- rules §13 in records --------------------------------------------------------------------


def test_rules_of_section_13_are_written_switch_by_switch_and_read_back() -> None:
    rules = attrs.evolve(
        REALE,
        name="club",
        return_single_pile_card=True,
        burraco_classes={"reale": 800, "nobile": 400, "clean": 200, "dirty": 100},
        untaken_pozzetto_penalty="always",
    )
    record = played(rules, 3)
    assert record.header("Rules") == "reale"
    assert record.header("Rules.return_single_pile_card") == "true"
    assert record.header("Rules.burraco_classes") == "reale 800 nobile 400 clean 200 dirty 100"
    assert record.header("Rules.untaken_pozzetto_penalty") == "always"
    assert record.header("Rules.jokers") is None
    assert Record.parse(str(record)).rules == rules
    assert Record.parse(str(record)).final() == record.final()


def test_a_bad_burraco_classes_header_names_its_line() -> None:
    text = str(played(FEBURIT, 1)).replace(
        '[Players "4"]', '[Players "4"]\n[Rules.burraco_classes "clean two hundred"]'
    )
    with pytest.raises(RecordError) as caught:
        Record.parse(text)
    assert caught.value.line == 3
    assert "clean 200 dirty 100" in str(caught.value)


def time_out_hand(seed: int, called_after: int) -> tuple[list[GameState], list[Action]]:
    """A hand of random play in which time is called after ``called_after`` actions."""
    chooser = random.Random(seed)
    state = new_game(FIBUR, seed=seed)
    states: list[GameState] = [state]
    actions: list[Action] = []
    while not state.is_over:
        if len(actions) == called_after:
            state = call_time_out(state)
        action = chooser.choice(legal_actions(state))
        actions.append(action)
        state = apply(state, action)
        states.append(state)
    return states, actions


@pytest.mark.parametrize("called_after", [0, 1, 5, 6])
def test_a_record_names_the_turn_time_was_called_in_and_replays_it(called_after: int) -> None:
    states, actions = time_out_hand(4, called_after)
    assert states[-1].outcome is not None
    record = Record.from_actions(states[0], actions, seed=4, time_out=called_after)
    turn = 1 + sum(isinstance(action, Discard) for action in actions[:called_after])
    assert record.header("TimeOut") == str(turn)
    assert len(record.turns) <= turn + 3  # every seat plays once more, unless the hand closes
    read = Record.parse(str(record))
    assert read.final() == states[-1]
    assert read.header("Result") == record.header("Result")
    if states[-1].outcome.reason is EndReason.TIME_OUT:
        assert str(record.header("Result")).endswith("; time out")


def test_history_notes_time_called_between_actions() -> None:
    history = History()
    states, actions = time_out_hand(4, 5)
    before = states[0]
    for index, action in enumerate(actions):
        if index == 5:
            before = call_time_out(before)
        after = apply(before, action)
        history(before, action, after)
        before = after
    assert len(history) == 1
    record = history.record(seed=4)
    assert record.header("TimeOut") is not None
    assert Record.parse(str(record)).final() == states[-1]


@pytest.mark.parametrize(("value", "problem"), [("0", "1 to"), ("99", "1 to"), ("x", "whole")])
def test_a_bad_time_out_header_names_its_line(value: str, problem: str) -> None:
    text = str(played(CLASSIC, 4)).replace('[Seed "4"]', f'[Seed "4"]\n[TimeOut "{value}"]')
    with pytest.raises(RecordError, match=problem) as caught:
        Record.parse(text)
    assert caught.value.line == 5
