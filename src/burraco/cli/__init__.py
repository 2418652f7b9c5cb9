"""The ``burraco`` command line (also ``python -m burraco``).

Commands:

* ``burraco demo`` plays a hand between bots, printing a line per turn, the table every few
  turns (every turn with ``--verbose``) and the score sheet;
* ``burraco play`` lets a person play a hand, or a match, against bots in the terminal;
* ``burraco validate CARD...`` checks a meld and describes it;
* ``burraco score FILE`` scores a hand typed in as JSON (the format is in ``burraco score
  --help``);
* ``burraco tournament ACTION FILE`` runs a club tournament kept in a JSON file: ``create``,
  ``pair`` the next round, enter a ``result``, give a ``penalty``, print the ``standings``;
* ``burraco simulate --hands N`` plays many hands between bots, in parallel with ``--jobs``, and
  prints statistics;
* ``burraco replay FILE`` replays a game record, printing the table after each turn (or after
  one, with ``--turn``) and the score sheet;
* ``burraco duel A B --deals N`` measures how much stronger bot A is than bot B by duplicate
  deals (:mod:`burraco.duel`), on local processes with ``--jobs`` or on Ray with ``--ray``.

Bare ``burraco`` prints the help and the commands. Exit status: 0 when all went well (also when
the reader of the output goes away early, as in ``burraco demo | head``), 1 when ``validate``
finds the meld illegal, 2 for a usage error or bad input (a bad card, an unreadable or
malformed file), 130 when interrupted (Ctrl-C).

>>> main(["validate", "5H", "JK", "6H"])
meld:    5H 6H JK=7H
kind:    sequence of hearts
class:   dirty
points:  40
0
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from typing import Any, Final, TypeAlias

import attrs

from burraco import __compiled__, __version__
from burraco.actions import (
    Action,
    AddToMeld,
    Discard,
    DrawStock,
    OpenMeld,
    TakeDiscardPile,
    parse_action,
)
from burraco.agents import Agent, GreedyAgent, RandomAgent, StepHook, play_out
from burraco.cards import (
    CODE_KEY,
    Rank,
    Suit,
    format_cards,
    parse_card,
    split_notation,
    wild_role_conflict,
)
from burraco.duel import DuelResult, ProgressBar
from burraco.engine import (
    apply,
    call_time_out,
    check_action,
    legal_actions,
    new_game,
    resulting_meld,
)
from burraco.errors import (
    AgentError,
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidStateError,
    NotationError,
    RecordError,
    excerpt,
    number_text,
)
from burraco.match import DEAL_TABLES, Match
from burraco.melds import MeldKind, burraco_bonus, burraco_kind, placed_wild, validate_meld
from burraco.record import MAX_RECORD_LENGTH, History, MatchRecord
from burraco.rules import PRESETS, Rules
from burraco.scoring import (
    HandScore,
    TeamScore,
    check_table,
    score_hand,
    score_team,
    text_table,
)
from burraco.serialize import MAX_DOCUMENT_LENGTH, read_json
from burraco.state import EndReason, GameState
from burraco.views import observe

__all__ = ["main"]

OK: Final = 0
"""Exit status: success."""
ILLEGAL_MELD: Final = 1
"""Exit status of ``validate`` when the meld is illegal."""
BAD_INPUT: Final = 2
"""Exit status for a usage error or bad input."""


def _search_agent(seed: str) -> Agent:
    from burraco.search import SearchAgent

    return SearchAgent(seed=seed)


AGENTS: Final[dict[str, Callable[[str], Agent]]] = {
    "greedy": lambda seed: GreedyAgent(),
    "random": lambda seed: RandomAgent(seed),
    "search": _search_agent,
}
"""The agents the command line knows, by name; each is built from a seed string."""


class _InputError(Exception):
    """Bad input found by a command: a one-line message, exit status 2."""


def _agents_option(text: str) -> tuple[str, ...]:
    names = tuple(name.strip().lower() for name in text.split(","))
    for name in names:
        if name not in AGENTS:
            raise argparse.ArgumentTypeError(
                f"unknown agent '{name}': choose from {', '.join(sorted(AGENTS))}"
            )
    return names


def _whole_option(text: str, what: str = "") -> int:
    """A number given on the command line: ASCII digits, at most 30, as in a game record (a
    minus sign, a space, another script's digits or ``_`` are not taken)."""
    if not re.fullmatch(r"[0-9]{1,30}", text, re.ASCII):
        raise argparse.ArgumentTypeError(
            f"{what or excerpt(text)} {'must be' if what else 'is not'} a whole number"
            + (f" of 0 or more, not {excerpt(text)}" if what else "")
        )
    return int(text)


def _positive(text: str) -> int:
    if text[:1] == "-" and text[1:].isdigit():
        raise argparse.ArgumentTypeError(f"must be at least 1, not {excerpt(text, quoted=False)}")
    value = _whole_option(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seed_option(text: str) -> int:
    return _whole_option(text, "the seed")


def _rules(name: str, players: int | None = None) -> Rules:
    rules = PRESETS[name]
    if players is not None and players != rules.players:
        rules = attrs.evolve(rules, players=players)
    return rules


def _make_agents(names: Sequence[str], players: int, seed: str) -> list[Agent]:
    """One agent per seat, ``names`` taken cyclically; seat ``s`` is seeded ``f"{seed}:{s}"``."""
    return [AGENTS[names[seat % len(names)]](f"{seed}:{seat}") for seat in range(players)]


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)


# --- demo ---------------------------------------------------------------------------------------

TABLE_EVERY: Final = 10
"""``burraco demo`` prints the table after every this many turns (every turn with
``--verbose``)."""

_CARD_TOKEN: Final = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


def _with_symbols(text: str) -> str:
    """``text`` with every card's suit letter replaced by its symbol: ``7H`` becomes ``7♥``."""
    return _CARD_TOKEN.sub(lambda card: card.group(1) + Suit(card.group(2)).symbol, text)


class _Printer:
    """Prints to standard output, with suit symbols when asked (``--unicode``)."""

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def __call__(self, value: object = "") -> None:
        text = str(value)
        print(_with_symbols(text) if self.unicode else text)


def _notes(before: GameState, after: GameState) -> str:
    """What happened besides the action itself: a pozzetto taken, a closing, the hand's end."""
    notes = []
    team = before.current_team
    if after.pozzetto_taken[team] and not before.pozzetto_taken[team]:
        notes.append("takes the pozzetto")
    if after.outcome is not None and after.outcome.closer is not None:
        notes.append("closes")
    elif after.outcome is not None:
        notes.append(f"the hand ends: {after.outcome.reason}")
    return f" ({'; '.join(notes)})" if notes else ""


class _Turns:
    """Collects the actions of each turn and prints one line per turn when it ends.

    ``on_action`` fits :func:`~burraco.play_out`'s hook. ``names`` labels each seat (such as
    ``"greedy"``, or ``"you"``); ``table_every`` prints the table after every that many turns
    (0: never).
    """

    def __init__(self, show: _Printer, names: Sequence[str], *, table_every: int = 0) -> None:
        self.show = show
        self.names = names
        self.table_every = table_every
        self.count = 0
        self.actions: list[str] = []

    def on_action(self, before: GameState, action: Action, after: GameState) -> None:
        self.actions.append(f"{action}{_notes(before, after)}")
        if not (isinstance(action, Discard) or after.is_over):
            return
        self.count += 1
        seat = before.turn
        held = len(after.hands[seat])
        who = "you" if self.names[seat] == "you" else f"seat {seat} ({self.names[seat]})"
        self.show(
            f"turn {self.count:>2}  {who}: "
            f"{'; '.join(self.actions)}  [{held} card{'s' if held != 1 else ''} left]"
        )
        self.actions = []
        if self.table_every and self.count % self.table_every == 0 and not after.is_over:
            self.show()
            self.show(after)
            self.show()


def _demo(args: argparse.Namespace) -> int:
    rules = _rules(args.rules, args.players)
    seed = args.seed if args.seed is not None else _fresh_seed()
    names: tuple[str, ...] = args.agents
    agents = _make_agents(names, rules.players, str(seed))
    show = _Printer(args.unicode)
    show(
        f"burraco demo --seed {seed} --rules {args.rules} --players {rules.players} "
        f"--agents {','.join(names)}"
    )
    show()
    state = new_game(rules, seed=seed)
    show(state)
    show()
    seat_names = [names[seat % len(names)] for seat in range(rules.players)]
    turns = _Turns(show, seat_names, table_every=1 if args.verbose else TABLE_EVERY)
    history = None if args.record is None else _history(seat_names)
    final = play_out(state, agents, on_action=_recording(history, turns.on_action))
    show()
    show(final)
    show()
    show(score_hand(final))
    if history is not None:
        record = history.record(seed=seed, headers=[_DEMO_EVENT])
        return _write_record(args.record, str(record), "demo")
    return OK


# --- play ---------------------------------------------------------------------------------------

_PLAY_HELP: Final = """\
Type an action in notation: draw, pick, open 5H 6H JK, open 5H 6H JK=4H, add 0 7H, discard 9C.
  ?  or  list    list the legal actions, numbered
  a number       play the action of that number in the list
  time           call time: the hand ends when every seat has played one more turn
  help           this help
  quit           stop (end of input stops too)"""


class _QuitError(Exception):
    """The person playing stopped (``quit``, or the end of standard input)."""


def _read_line(prompt: str) -> str:
    """One line from standard input after ``prompt``; raises :class:`_QuitError` at the end."""
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except EOFError:
            print()
            raise _QuitError from None
        except KeyboardInterrupt:
            print()  # so that "interrupted" does not follow the prompt on its line
            raise
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        raise _QuitError
    print(line.rstrip("\n"))  # echo what a file or a pipe typed, so the output reads as a dialogue
    return line


def _wild_note(state: GameState, action: Action) -> str:
    """What the wild card of a meld action stands for, as ``"  (JK as 7H)"``; else ``""``."""
    meld = resulting_meld(state, action)
    if meld is None or not isinstance(action, OpenMeld | AddToMeld):
        return ""
    wild, _, stands_for = placed_wild(meld, action.cards).partition("=")
    if not wild:
        return ""
    if stands_for[-1] in "SHDC":  # a card of a run; a rank never ends in a suit's letter
        return f"  ({wild} as {stands_for})"
    return f"  ({wild} as {'an' if stands_for[0] in '8A' else 'a'} {stands_for})"


def _running_score(state: GameState, match: Match | None) -> str:
    """The score as the person sees it: points on the table, and the match totals."""
    seat = state.turn
    view = observe(state, seat)
    mine = seat % state.rules.teams

    def named(values: Sequence[int]) -> str:
        return ", ".join(
            f"{'your team' if team == mine else f'team {team}'} {value}"
            for team, value in enumerate(values)
        )

    text = f"on the table: {named(view.table_points)}"
    if match is not None and match.hands:
        text += f"; match so far: {named(match.totals)}"
    return text


def _tell_person(before: GameState, action: Action, after: GameState, show: _Printer) -> None:
    """Tell the person what their draw or pick put into their hand."""
    seat = before.turn
    if seat in after.unseen_pozzetto:
        return
    if isinstance(action, DrawStock):
        drawn = Counter(after.hands[seat]) - Counter(before.hands[seat])
        show(f"you drew {format_cards(sorted(drawn.elements(), key=CODE_KEY))}")
    elif isinstance(action, TakeDiscardPile):
        show(f"the pile added {format_cards(before.discard_pile)} to your hand")


def _ask(
    state: GameState, actions: Sequence[Action], show: _Printer, match: Match | None = None
) -> Action | None:
    """Show the person's view and read actions until one is legal; ``None`` when the person
    calls time (:func:`~burraco.call_time_out`)."""
    seat = state.turn
    show()
    show(observe(state, seat))
    show(_running_score(state, match))
    while True:
        text = _read_line("your action (? to list)> ").strip()
        if not text:
            continue
        word = text.lower()
        if word in ("?", "list"):
            for number, action in enumerate(actions, 1):
                show(f"{number:>4}  {action}{_wild_note(state, action)}")
            continue
        if word == "help":
            show(_PLAY_HELP)
            continue
        if word in ("quit", "exit"):
            raise _QuitError
        if word == "time":
            if state.time_out_turns:
                show(f"time was called already: {state.time_out_turns} turns left")
                continue
            return None
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            show(f"there is no action {number}: choose from 1 to {len(actions)} (? lists them)")
            continue
        try:
            action = parse_action(text)
            check_action(state, action)
            conflict = _role_on_the_table(state, action, text)
        except NotationError as error:
            show(f"{error}; type ? to list the legal actions")
            continue
        except IllegalActionError as error:
            show(f"{error}; type ? to list the legal actions")
            continue
        if conflict is not None:
            show(f"bad action '{text}': {conflict}; type ? to list the legal actions")
            continue
        return action


def _role_on_the_table(state: GameState, action: Action, text: str) -> str | None:
    """Why the suit of a wild's role in ``add N ... JK=7S`` does not fit the meld it joins, or
    ``None``. :func:`parse_action` checks a role against the cards written in the action; an
    :class:`AddToMeld` keeps only the rank, so the meld on the table is checked here."""
    if not isinstance(action, AddToMeld) or action.wild_as is None:
        return None
    if isinstance(action.meld, int):
        meld = state.melds[state.team_of(state.turn)][action.meld]
    else:
        meld = action.meld
    for token in split_notation(text):
        _, equals, target = token.partition("=")
        if equals:
            try:
                role = parse_card(target)
            except NotationError:  # a rank alone, such as =4: no suit to check
                return None
            return wild_role_conflict(role, (*meld.cards, *action.cards))
    return None


def _play_out_with(
    state: GameState,
    agents: Sequence[Agent | None],
    on_action: StepHook,
    show: _Printer,
    match: Match | None = None,
) -> GameState:
    """Play the hand to its end; a ``None`` agent is the person at the keyboard."""
    while True:
        actions = legal_actions(state)
        if not actions:
            return state
        agent = agents[state.turn]
        if agent is None:
            asked = _ask(state, actions, show, match)
            if asked is None:
                state = call_time_out(state)
                show(f"time called: {state.time_out_turns} turns left, this one included")
                continue
            action = asked
        else:
            action = agent.choose(observe(state, state.turn), actions)
        after = apply(state, action)
        if agent is None:
            _tell_person(state, action, after, show)
        on_action(state, action, after)
        state = after


def _play(args: argparse.Namespace) -> int:
    rules = _rules(args.rules, args.players)
    if not 0 <= args.seat < rules.players:
        print(
            f"burraco play: --seat must be from 0 to {rules.players - 1} with "
            f"{rules.players} players, not {args.seat}",
            file=sys.stderr,
        )
        return BAD_INPUT
    if args.deals is not None and rules.teams != 2:
        print("burraco play: --deals needs two teams (2 or 4 players)", file=sys.stderr)
        return BAD_INPUT
    seed = args.seed if args.seed is not None else _fresh_seed()
    human = args.seat
    names = [
        "you" if seat == human else args.partner if seat % rules.teams == human % rules.teams
        else args.opponents
        for seat in range(rules.players)
    ]  # fmt: skip
    agents: list[Agent | None] = [
        None if seat == human else AGENTS[names[seat]](f"{seed}:{seat}")
        for seat in range(rules.players)
    ]
    show = _Printer(args.unicode)
    mode = " --match" if args.match else f" --deals {args.deals}" if args.deals else ""
    show(
        f"burraco play --seed {seed} --rules {args.rules} --players {rules.players} "
        f"--seat {human} --partner {args.partner} --opponents {args.opponents}{mode}"
    )
    show(
        f"you are seat {human}, team {human % rules.teams}; type an action, ? to list the legal "
        "ones, a number to pick one, help, or quit"
    )
    several = args.match or args.deals is not None
    match = Match.start(rules, deals=args.deals) if several else None
    history = None if args.record is None else _history(names)
    hand = 0
    try:
        while True:
            dealer = 0 if match is None else match.dealer
            state = new_game(rules, seed=f"{seed}:{hand}" if several else seed, dealer=dealer)
            if several:
                show()
                show(f"hand {hand + 1}, dealer seat {dealer}")
            turns = _Turns(show, names)
            narrate = _recording(history, turns.on_action)
            final = _play_out_with(state, agents, narrate, show, match)
            show()
            show(final)
            show()
            show(score_hand(final))
            if match is None:
                break
            match = match.record(score_hand(final))
            show()
            show(match)
            if match.is_over:
                break
            hand += 1
    except _QuitError:
        show("the game is left unfinished")
    if history is None or not len(history):
        return OK
    if several:
        text = str(history.match_record())
    else:
        text = str(history.record(seed=seed, headers=[_PLAY_EVENT]))
    return _write_record(args.record, text, "play")


# --- game records (demo --record, replay) -------------------------------------------------------

_DEMO_EVENT: Final = ("Event", "burraco demo")
_PLAY_EVENT: Final = ("Event", "burraco play")


def _history(names: Sequence[str]) -> History:
    """A :class:`~burraco.record.History` naming each seat, dated today."""
    return History(names=names, date=date.today().isoformat())


def _recording(history: History | None, narrate: StepHook) -> StepHook:
    """``narrate``, and also ``history`` if there is one."""
    if history is None:
        return narrate

    def narrate_and_record(before: GameState, action: Action, after: GameState) -> None:
        history(before, action, after)
        narrate(before, action, after)

    return narrate_and_record


def _write_record(path: str, text: str, command: str) -> int:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        print(f"burraco {command}: cannot write {path}: {error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    print(f"record written to {path}")
    return OK


def _replay(args: argparse.Namespace) -> int:
    name = "standard input" if args.file == "-" else args.file
    try:
        text = _read_text(args.file, MAX_RECORD_LENGTH)
        record = MatchRecord.parse(text)
    except OSError as error:
        print(f"burraco replay: {name}: cannot read: {error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    except UnicodeDecodeError:
        print(f"burraco replay: {name}: the file is not UTF-8 text", file=sys.stderr)
        return BAD_INPUT
    except RecordError as error:
        print(f"burraco replay: {name}: {error}", file=sys.stderr)
        return BAD_INPUT
    hands = record.hands
    for index, hand in enumerate(hands):
        if len(hands) > 1:
            print(f"== hand {index + 1}")
        for key, value in hand.headers.items():
            print(f"{key}: {value}")
        print()
        states = hand.replay_turns()
        if args.turn is not None:
            if args.turn >= len(states):
                print(
                    f"burraco replay: {name}: the hand has {len(states) - 1} turns, "
                    f"not {args.turn}",
                    file=sys.stderr,
                )
                return BAD_INPUT
            chosen = [args.turn]
        else:
            chosen = list(range(len(states)))
        for number in chosen:
            if number:
                print(f"{number}. {hand.turns[number - 1]}")
            print(states[number])
            print()
        final = states[-1]
        if final.is_over:
            print(score_hand(final))
        else:
            print(f"the hand is not over: {len(hand.turns)} turns recorded")
        print()
    if len(hands) > 1:
        print(record.replay())
    return OK


def _turn_option(text: str) -> int:
    if text[:1] == "-" and text[1:].isdigit():
        raise argparse.ArgumentTypeError(
            f"must be 0 (the deal) or more, not {excerpt(text, quoted=False)}"
        )
    return _whole_option(text)


# --- validate -----------------------------------------------------------------------------------

_PLURALS: Final = {Rank.SIX: "sixes"}
_BUILD: Final = "compiled with mypyc" if __compiled__ else "pure Python"


def _rank_plural(rank: Rank) -> str:
    return _PLURALS.get(rank, rank.name.lower() + "s")


def _validate(args: argparse.Namespace) -> int:
    rules = _rules(args.rules)
    text = " ".join(args.cards)
    try:
        meld = validate_meld(text, rules)
    except InvalidMeldError as error:
        print(f"illegal meld {excerpt(text)}: {error.reason}: {error.detail}", file=sys.stderr)
        return ILLEGAL_MELD
    except NotationError as error:
        print(f"burraco validate: {error}", file=sys.stderr)
        return BAD_INPUT
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        kind = f"set of {_rank_plural(meld.rank)}"
    else:
        assert meld.suit is not None
        kind = f"sequence of {meld.suit.name.lower()}"
    burraco = burraco_kind(meld, rules)
    if burraco is None:
        shape = "clean" if meld.is_clean else "dirty"
    else:
        shape = f"{burraco} burraco (bonus {burraco_bonus(meld, rules)})"
    print(f"meld:    {meld}")
    print(f"kind:    {kind}")
    print(f"class:   {shape}")
    print(f"points:  {meld.points}")
    return OK


# --- score --------------------------------------------------------------------------------------

_SCORE_FORMAT: Final = """\
The file is JSON: an object with a list of teams, in team order, and optionally the rules
(classic, fibur or international; --rules overrides it) and the players (2, 3, 4 or 6;
default 4), which fix the number of teams:

  {"rules": "classic",
   "teams": [
     {"melds": ["4S 5S 6S 7S 8S 9S 10S", "KH KD KC", "6D 7D JK"],
      "hand": "3C AH", "pozzetto": true, "closed": true},
     {"melds": ["9C 9C 9D 9D 9H 9S 2H", ["QS", "KS", "AS"]],
      "hand": "JD 7C 2S JK 5H", "pozzetto": false}
   ]}

For each team: "melds" (required) lists its melds, each a string or a list of cards;
"pozzetto" (required) says whether it took its pozzetto; "hand" (default none) holds every
card left in its players' hands (every seat but the closer holds one at least); "closed"
(default false) says whether it closed. Use "-" to read the file from standard input. The file
is at most 1,000,000 characters long."""

_TEAM_KEYS: Final = frozenset({"melds", "hand", "pozzetto", "closed"})


def _read_text(path: str, most: int) -> str:
    """The text of the file ``path`` (``-``: standard input), read up to one character more
    than ``most``, so that a huge file is refused by its reader without filling the memory."""
    if path == "-":
        return sys.stdin.read(most + 1)
    with open(path, encoding="utf-8") as file:
        return file.read(most + 1)


def _read_json(path: str) -> Any:
    try:
        text = _read_text(path, MAX_DOCUMENT_LENGTH)
    except OSError as error:
        raise _InputError(f"cannot read the file: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise _InputError("the file is not UTF-8 text") from None
    try:
        return read_json(text)
    except InvalidStateError as error:
        raise _InputError(str(error).removeprefix("bad-json: ")) from None


def _shown(value: object) -> str:
    """A JSON value for a message: a string in double quotes, cut as :func:`excerpt` cuts
    it; a number or a constant as JSON writes it (a huge number by its size); else its kind."""
    if isinstance(value, str):
        return '"' + excerpt(value, quoted=False) + '"'
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return number_text(value)
    if isinstance(value, float):
        return excerpt(json.dumps(value), quoted=False)
    return "a list" if isinstance(value, list) else "an object"


def _cards_field(value: object, where: str) -> str | list[str]:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    raise _InputError(f"{where} must be a string of cards or a list of cards")


def _flag(team: dict[str, Any], key: str, where: str, default: bool | None) -> bool:
    if key not in team:
        if default is None:
            raise _InputError(f'{where} has no "{key}" (true or false)')
        return default
    value = team[key]
    if not isinstance(value, bool):
        raise _InputError(f"{where}.{key} must be true or false, not {_shown(value)}")
    return value


def _scores(document: Any, rules_name: str | None) -> tuple[Rules, list[TeamScore], int | None]:
    if not isinstance(document, dict):
        raise _InputError('the file must hold a JSON object with a "teams" list')
    unknown = sorted(set(document) - {"rules", "players", "teams"})
    if unknown:
        raise _InputError(
            f'unknown key {_shown(unknown[0])}: the keys are "rules", "players" and "teams"'
        )
    if rules_name is None:
        rules_name = document.get("rules", "classic")
        if not isinstance(rules_name, str) or rules_name not in PRESETS:
            raise _InputError(
                f"rules must be one of {', '.join(sorted(PRESETS))}, not {_shown(rules_name)}"
            )
    rules = PRESETS[rules_name]
    players = document.get("players", rules.players)
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4, 6):
        raise _InputError(f"players must be 2, 3, 4 or 6, not {_shown(players)}")
    rules = attrs.evolve(rules, players=players)
    teams = document.get("teams")
    if not isinstance(teams, list) or not teams:
        raise _InputError('"teams" must be a non-empty list of teams')
    closers = []
    for index, team in enumerate(teams):
        if not isinstance(team, dict):
            raise _InputError(f"teams[{index}] must be an object")
        if _flag(team, "closed", f"teams[{index}]", False):
            closers.append(index)
    if len(closers) > 1:
        raise _InputError(f"only one team can close, not teams {closers[0]} and {closers[1]}")
    closer = closers[0] if closers else None
    scores = []
    table = []
    took_flags = [
        _flag(team, "pozzetto", f"teams[{index}]", None)
        for index, team in enumerate(teams)
        if isinstance(team, dict)
    ]
    for index, team in enumerate(teams):
        where = f"teams[{index}]"
        unknown = sorted(set(team) - _TEAM_KEYS)
        if unknown:
            keys = ", ".join(f'"{key}"' for key in sorted(_TEAM_KEYS))
            raise _InputError(f"{where}: unknown key {_shown(unknown[0])}: the keys are {keys}")
        melds = team.get("melds")
        if not isinstance(melds, list):
            raise _InputError(f"{where}.melds must be a list of melds")
        items = [_cards_field(meld, f"{where}.melds[{i}]") for i, meld in enumerate(melds)]
        hand = _cards_field(team.get("hand", ""), f"{where}.hand")
        took = _flag(team, "pozzetto", where, None)
        if closer == index and not took:
            raise _InputError(
                f'{where}: a team that closed has taken its pozzetto: "closed": true needs '
                '"pozzetto": true'
            )
        try:
            scores.append(
                score_team(
                    items,
                    hand,
                    took_pozzetto=took,
                    closed=closer == index,
                    opponent_closed=closer is not None and closer != index,
                    opponent_took_pozzetto=any(
                        flag for other, flag in enumerate(took_flags) if other != index
                    ),
                    rules=rules,
                )
            )
        except BurracoError as error:
            raise _InputError(f"{where}: {error}") from None
        table.append((items, hand))
    try:
        check_table(table, rules)
    except BurracoError as error:
        raise _InputError(str(error)) from None
    return rules, scores, closer


def _score(args: argparse.Namespace) -> int:
    try:
        rules, scores, closer = _scores(_read_json(args.file), args.rules)
    except _InputError as error:
        name = "standard input" if args.file == "-" else args.file
        print(f"burraco score: {name}: {error}", file=sys.stderr)
        return BAD_INPUT
    print(f"{rules.name} rules")
    print(HandScore(tuple(scores)))
    if closer is not None:
        print(f"team {closer} closed")
    return OK


# --- simulate -----------------------------------------------------------------------------------


@attrs.frozen
class _HandResult:
    """What the statistics need from one simulated hand."""

    end: EndReason
    closer_team: int | None
    totals: tuple[int, ...]
    burracos: tuple[int, ...]
    actions: int
    turns: int


_Job = tuple[Rules, tuple[str, ...], int, int]
"""The rules, the agent names, the seed and the hand's index."""


def _simulate_hand(job: _Job) -> _HandResult:
    """Play hand ``index`` of a simulation; it depends only on the job, not on the process."""
    rules, names, seed, index = job
    base = f"{seed}:{index}"
    agents = _make_agents(names, rules.players, base)
    counts = [0, 0]

    def count(before: GameState, action: Action, after: GameState) -> None:
        counts[0] += 1
        if isinstance(action, (DrawStock, TakeDiscardPile)):
            counts[1] += 1

    start = new_game(rules, seed=base, dealer=index % rules.players)
    final = play_out(start, agents, on_action=count)
    outcome = final.outcome
    assert outcome is not None
    closer = outcome.closer
    return _HandResult(
        end=outcome.reason,
        closer_team=None if closer is None else final.team_of(closer),
        totals=score_hand(final).totals,
        burracos=tuple(sum(meld.is_burraco for meld in melds) for melds in final.melds),
        actions=counts[0],
        turns=counts[1],
    )


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_jobs(jobs: list[_Job], workers: int) -> Generator[_HandResult, None, None]:
    if workers == 1:
        yield from map(_simulate_hand, jobs)
        return
    chunk = max(1, min(25, len(jobs) // (workers * 8)))
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
    try:
        yield from pool.map(_simulate_hand, jobs, chunksize=chunk)
    finally:  # on Ctrl-C too: drop the hands not started, wait for the few being played
        pool.shutdown(wait=True, cancel_futures=True)


def _percent(part: float, whole: int) -> str:
    return f"{100 * part / whole:.1f}%"


def _average(values: Iterable[float], count: int) -> str:
    return f"{sum(values) / count:.1f}"


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    return text_table(rows, gap="  ")


def _report(
    results: Sequence[_HandResult], rules: Rules, names: Sequence[str], seed: int
) -> list[str]:
    count = len(results)
    players = rules.players
    teams = rules.teams
    seat_agents = [names[seat % len(names)] for seat in range(players)]
    lines = [
        f"{count} hands, {rules.name} rules, {players} players, seed {seed}",
        "agents: " + ", ".join(f"seat {seat} {name}" for seat, name in enumerate(seat_agents)),
        "",
        "how the hands ended:",
    ]
    ends = [
        ("closed", EndReason.CLOSED),
        ("stock exhausted", EndReason.STOCK_EXHAUSTED),
        ("stalemate", EndReason.STALEMATE),
    ]
    end_rows = []
    for label, reason in ends:
        n = sum(result.end is reason for result in results)
        end_rows.append(["  " + label, str(n), _percent(n, count)])
    lines += _columns(end_rows)
    closed = sum(result.end is EndReason.CLOSED for result in results)
    lines += ["", f"closing rate: {_percent(closed, count)}", ""]
    team_seats = [
        [seat for seat in range(players) if seat % teams == team] for team in range(teams)
    ]
    rows = [
        ["", *(f"team {team}" for team in range(teams))],
        ["seats", *(",".join(str(seat) for seat in seats) for seats in team_seats)],
        ["agents", *("/".join(sorted({seat_agents[s] for s in seats})) for seats in team_seats)],
        [
            "average score",
            *(_average((r.totals[team] for r in results), count) for team in range(teams)),
        ],
        [
            "hands won",
            *(
                str(
                    sum(
                        r.totals[team] == max(r.totals) and r.totals.count(max(r.totals)) == 1
                        for r in results
                    )
                )
                for team in range(teams)
            ),
        ],
        [
            "hands closed",
            *(str(sum(r.closer_team == team for r in results)) for team in range(teams)),
        ],
        [
            "burracos per hand",
            *(f"{sum(r.burracos[team] for r in results) / count:.2f}" for team in range(teams)),
        ],
    ]
    lines += _columns(rows)
    actions = sum(result.actions for result in results) / count
    turns = sum(result.turns for result in results) / count
    burracos = sum(sum(result.burracos) for result in results) / count
    lines += [
        "",
        f"average hand length: {actions:.1f} actions, {turns:.1f} turns",
        f"burracos per hand: {burracos:.2f}",
    ]
    return lines


def _simulate(args: argparse.Namespace) -> int:
    rules = _rules(args.rules, args.players)
    seed = args.seed if args.seed is not None else _fresh_seed()
    names: tuple[str, ...] = args.agents
    jobs = [(rules, names, seed, index) for index in range(args.hands)]
    bar = None
    if not args.quiet and sys.stderr.isatty():  # no \r updates in a redirected stderr
        bar = ProgressBar(sys.stderr, label="simulate", unit="hands")
    start = time.perf_counter()
    results = []
    try:
        if bar is not None:
            bar(0, args.hands)
        with contextlib.closing(_run_jobs(jobs, args.jobs)) as played:
            for result in played:
                results.append(result)
                if bar is not None:
                    bar(len(results), args.hands)
    except KeyboardInterrupt:
        if bar is not None:
            bar.interrupt()
        raise
    elapsed = time.perf_counter() - start
    print("\n".join(_report(results, rules, names, seed)))
    if not args.quiet:
        print(f"{args.hands} hands in {elapsed:.1f} s with {args.jobs} job(s)", file=sys.stderr)
    return OK


# --- duel ---------------------------------------------------------------------------------------


# --- burraco tournament -------------------------------------------------------------------------


def _load_tournament(path: str) -> Any:
    from burraco.tournament import from_json

    try:
        with open(path, encoding="utf-8") as file:
            text = file.read(8_000_001)
    except OSError as error:
        raise _InputError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise _InputError(f"{path} is not UTF-8 text") from None
    return from_json(text)


def _save_tournament(path: str, tournament: Any) -> None:
    from burraco.tournament import to_json

    temporary = f"{path}.new"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(to_json(tournament) + "\n")
        os.replace(temporary, path)
    except OSError as error:
        raise _InputError(f"cannot write {path}: {error.strerror}") from None


def _tournament_create(args: argparse.Namespace) -> Any:
    from burraco.tournament import Entrant, Settings, Tournament, read_entrants

    if os.path.exists(args.file) and not args.force:
        raise _InputError(f"{args.file} exists: choose another name, or --force to replace it")
    if args.entrants:
        try:
            with open(args.entrants, encoding="utf-8") as file:
                entrants = read_entrants(file.read(4_000_001))
        except OSError as error:
            raise _InputError(f"cannot read {args.entrants}: {error.strerror}") from None
    else:
        entrants = tuple(Entrant(n, f"pair {n}") for n in range(1, args.pairs + 1))
    settings = Settings(
        schedule=tuple(args.schedule.split(",")),
        deals=args.deals,
        rematches=args.rematches,
        individual=args.individual,
        avoid_same_club=args.avoid_same_club,
        seed=args.seed,
    )
    tournament = Tournament.create(args.name, entrants, settings)
    rounds = len(settings.schedule)
    print(f"{tournament.name}: {len(entrants)} entrants, {rounds} rounds of {args.deals} deals")
    return tournament


def _tournament_pair(args: argparse.Namespace) -> Any:
    from burraco.tournament import read_tables

    tournament = _load_tournament(args.file)
    if args.tables:
        try:
            with open(args.tables, encoding="utf-8") as file:
                tables = read_tables(file.read(4_000_001))
        except OSError as error:
            raise _InputError(f"cannot read {args.tables}: {error.strerror}") from None
        tournament = tournament.with_round(tables)
    else:
        tournament = tournament.pair_next_round()
    print(tournament.rounds[-1])
    return tournament


def _current_round(tournament: Any, given: int | None) -> int:
    if given is not None:
        return given
    if not tournament.rounds:
        raise _InputError("no round is paired yet: run 'burraco tournament pair' first")
    return len(tournament.rounds)


def _tournament_result(args: argparse.Namespace) -> Any:
    from burraco.tournament import TableResult

    tournament = _load_tournament(args.file)
    number = _current_round(tournament, args.round)
    if args.unplayed:
        result = TableResult.unplayed()
    else:
        if args.home is None or args.away is None:
            raise _InputError("give the home and away totals, or --unplayed")
        result = TableResult.from_totals(args.home, args.away, time_out=args.time_out)
    tournament = tournament.record(number, args.table, result, reason=args.reason)
    table = next(t for t in tournament.round(number).tables if t.number == args.table)
    home, away = result.victory_points(tournament.settings.victory_table)
    print(f"round {number} {table}: {result}, victory points {home}-{away}")
    return tournament


def _tournament_penalty(args: argparse.Namespace) -> Any:
    tournament = _load_tournament(args.file)
    number = _current_round(tournament, args.round)
    tournament = tournament.adjust(number, args.entrant, args.victory_points, reason=args.reason)
    entrant = tournament.entrant(args.entrant)
    print(f"round {number}: {entrant}: {args.victory_points:+d} victory points ({args.reason})")
    return tournament


def _tournament_standings(args: argparse.Namespace) -> None:
    from burraco.tournament import score_sheet_csv, standings_csv

    tournament = _load_tournament(args.file)
    if args.sheet:
        print(score_sheet_csv(tournament), end="")
        return
    standings = tournament.standings(args.round)
    print(standings_csv(standings) if args.csv else standings, end="" if args.csv else "\n")


def _tournament(args: argparse.Namespace) -> int:
    step: Callable[[argparse.Namespace], Any] = args.step
    try:
        tournament = step(args)
        if tournament is not None:
            _save_tournament(args.file, tournament)
    except (_InputError, BurracoError) as error:
        print(f"burraco tournament {args.action}: {error}", file=sys.stderr)
        return BAD_INPUT
    return OK


def _add_tournament(commands: _Commands) -> None:
    tournament = commands.add_parser(
        "tournament",
        help="run a club tournament: pair rounds, enter results, print standings",
        description=(
            "Run a tournament kept in a JSON file: create it, pair each round by its "
            "movement, enter each table's totals, print the standings. Victory points come "
            "from the difference by the table of the number of deals."
        ),
    )
    actions = tournament.add_subparsers(dest="action", metavar="ACTION", required=True)
    create = actions.add_parser("create", help="create a tournament file")
    create.add_argument("file", metavar="FILE", help="the tournament's JSON file to create")
    create.add_argument("--name", default="tournament", help="its name")
    who = create.add_mutually_exclusive_group(required=True)
    who.add_argument("--entrants", metavar="CSV", help="entrants: number,name[,player1,...]")
    who.add_argument("--pairs", type=_positive, help="this many pairs, named 'pair N'")
    create.add_argument(
        "--schedule",
        default="mitchell,mitchell,mitchell,danese",
        help="the movement of each round, comma-separated (default: %(default)s)",
    )
    create.add_argument(
        "--deals", type=_positive, default=4, help="deals per round (default: %(default)s)"
    )
    create.add_argument(
        "--rematches",
        choices=("allowed", "not-previous", "never"),
        default="not-previous",
        help="the rematches a danese round may make (default: %(default)s)",
    )
    create.add_argument("--individual", action="store_true", help="entrants are individuals")
    create.add_argument(
        "--avoid-same-club", action="store_true", help="keep entrants of one club apart"
    )
    create.add_argument("--seed", type=_seed_option, help="deck seed of a duplicate event")
    create.add_argument("--force", action="store_true", help="replace an existing file")
    create.set_defaults(step=_tournament_create)
    pair = actions.add_parser("pair", help="pair the next round and print its tables")
    pair.add_argument("file", metavar="FILE")
    pair.add_argument(
        "--tables", metavar="CSV", help="the director's own table list: table,home,away"
    )
    pair.set_defaults(step=_tournament_pair)
    result = actions.add_parser("result", help="enter (or correct) a table's result")
    result.add_argument("file", metavar="FILE")
    result.add_argument("table", type=_positive, help="the table number")
    result.add_argument("home", type=int, nargs="?", help="the home (north-south) total")
    result.add_argument("away", type=int, nargs="?", help="the away (east-west) total")
    result.add_argument("--round", type=_positive, help="the round (default: the last paired)")
    result.add_argument("--time-out", action="store_true", help="time was called at the table")
    result.add_argument("--unplayed", action="store_true", help="the table did not play")
    result.add_argument("--reason", default="", help="why a result is entered again")
    result.set_defaults(step=_tournament_result)
    penalty = actions.add_parser("penalty", help="give or take victory points, with a reason")
    penalty.add_argument("file", metavar="FILE")
    penalty.add_argument("entrant", type=_positive, help="the entrant's number")
    penalty.add_argument("victory_points", type=int, help="points to add (negative: a penalty)")
    penalty.add_argument("--reason", required=True, help="why")
    penalty.add_argument("--round", type=_positive, help="the round (default: the last paired)")
    penalty.set_defaults(step=_tournament_penalty)
    standings = actions.add_parser("standings", help="print the standings")
    standings.add_argument("file", metavar="FILE")
    standings.add_argument("--round", type=int, help="after this round (default: the last)")
    standings.add_argument("--csv", action="store_true", help="as CSV")
    standings.add_argument("--sheet", action="store_true", help="the score sheet, as CSV")
    standings.set_defaults(step=_tournament_standings)
    tournament.set_defaults(run=_tournament)


def _duel(args: argparse.Namespace) -> int:
    from burraco.agents import make_agent
    from burraco.duel import play_duel

    if os.getcwd() not in sys.path:  # let module:Class name a module of the current directory
        sys.path.insert(0, os.getcwd())
    rules = _rules(args.rules, args.players)
    try:
        for spec in (args.a, args.b):
            make_agent(spec, 0)
    except ValueError as error:
        print(f"burraco duel: {error}", file=sys.stderr)
        return BAD_INPUT
    if rules.teams != 2:
        print("burraco duel: a duel needs two teams: --players 2 or 4", file=sys.stderr)
        return BAD_INPUT
    seed = args.seed if args.seed is not None else _fresh_seed()
    show = not args.quiet and sys.stderr.isatty()
    try:
        result = play_duel(
            args.a,
            args.b,
            deals=args.deals,
            seed=seed,
            rules=rules,
            jobs=args.jobs,
            ray=False if args.ray is None else (args.ray or True),
            progress=ProgressBar(sys.stderr) if show else None,
        )
    except ImportError as error:
        print(f"burraco duel: {error}", file=sys.stderr)
        return BAD_INPUT
    except AgentError as error:
        partial = error.partial
        played = partial.deals if isinstance(partial, DuelResult) else ()
        if isinstance(partial, DuelResult) and played:
            _print_duel(partial, args.json)
        print(f"burraco duel: {error}", file=sys.stderr)
        print(
            f"burraco duel: an agent failed in {args.deals - len(played)} of {args.deals} deals; "
            + (f"the figures above are of the other {len(played)}" if played else "none ended"),
            file=sys.stderr,
        )
        return BAD_INPUT
    _print_duel(result, args.json)
    return OK


def _print_duel(result: DuelResult, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.summary(), indent=2))
    else:
        print(result)


def _add_duel(commands: Any) -> None:
    duel = commands.add_parser(
        "duel",
        help="measure how much stronger one bot is than another",
        description=(
            "Play a duplicate duel: every deal is played twice, the teams swapping seats, so "
            "the luck of the cards cancels out. Prints A's points per hand minus B's with a "
            "95% confidence interval, the hand win rate, closing rate, burracos per hand, "
            "seconds per decision and victory points. Deal i comes from (seed, i) and every "
            "agent is seeded per deal, so the figures depend only on the seed, never on "
            "--jobs or --ray."
        ),
        epilog=(
            "Agents: random, greedy, search, the fixed levels level1 (weakest) to level5 "
            "(strongest), or module:Class for your own (importable, or in "
            "the current directory); keyword arguments may follow in brackets, as in "
            "'search(simulations=64)'."
        ),
    )
    duel.add_argument("a", metavar="A", help="the first agent")
    duel.add_argument("b", metavar="B", help="the second agent")
    duel.add_argument(
        "--deals", type=_positive, default=100, help="deal pairs to play (default: %(default)s)"
    )
    duel.add_argument(
        "--jobs", type=_positive, default=1, help="worker processes (default: %(default)s)"
    )
    duel.add_argument(
        "--seed", type=_seed_option, help="the seed (default: a random seed, printed)"
    )
    duel.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help=(
            "run the deals as Ray tasks: on the cluster at ADDRESS (such as auto or "
            "ray://head:10001), or without ADDRESS on a new local Ray instance with --jobs "
            "CPUs; needs pip install 'burraco[ray]'"
        ),
    )
    duel.add_argument("--json", action="store_true", help="print the summary as JSON")
    duel.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_rules(duel)
    duel.add_argument(
        "--players",
        type=int,
        choices=(2, 4),
        default=4,
        help="the number of players (default: %(default)s)",
    )
    duel.set_defaults(run=_duel)


# --- the parser ---------------------------------------------------------------------------------


def _add_rules(parser: argparse.ArgumentParser, *, default: str | None = "classic") -> None:
    parser.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default=default,
        help=f"the rule set (default: {default or 'as the file says, else classic'})",
    )


def _add_table(parser: argparse.ArgumentParser, agents: str) -> None:
    _add_rules(parser)
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4, 6),
        default=4,
        help="the number of players (default: %(default)s)",
    )
    parser.add_argument(
        "--agents",
        type=_agents_option,
        default=_agents_option(agents),
        metavar="NAME,...",
        help=(f"the agent of each seat, repeated cyclically: greedy or random (default: {agents})"),
    )


def _seed_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--seed", type=_seed_option, help=f"the seed of {what} (default: a random seed, printed)"
    )


def _unicode_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--unicode", action="store_true", help="print suits as symbols (7♥) instead of letters"
    )


_Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _add_demo(commands: _Commands) -> None:
    demo = commands.add_parser(
        "demo",
        help="watch bots play a hand",
        description=(
            "Deal a hand and let bots play it, printing a line per turn, the table every "
            f"{TABLE_EVERY} turns (every turn with --verbose), and the score sheet at the end."
        ),
    )
    _seed_argument(demo, "the deal and the bots")
    _add_table(demo, "greedy")
    demo.add_argument("--verbose", action="store_true", help="print the table after every turn")
    _unicode_argument(demo)
    demo.add_argument("--record", metavar="FILE", help="also write the hand's game record to FILE")
    demo.set_defaults(run=_demo)


def _add_play(commands: _Commands) -> None:
    play = commands.add_parser(
        "play",
        help="play a hand or a match against bots",
        description=(
            "Play a hand (or a match) in the terminal against bots. Before each of your "
            "decisions the table is shown as your seat sees it; type an action in notation "
            "(draw, pick, open 5H 6H JK, add 0 7H, discard 9C), ? or list to see the legal "
            "actions numbered, or a number to play one. The bots' turns are summed up one line "
            "each, and the score sheet ends the hand. Standard input may be a file or a pipe; "
            "its end (or quit) stops the game."
        ),
    )
    play.add_argument(
        "--seat", type=int, default=0, help="your seat (default: %(default)s; seat 1 plays first)"
    )
    agents = sorted(AGENTS)
    play.add_argument(
        "--partner", choices=agents, default="greedy", help="your partner's agent (default: greedy)"
    )
    play.add_argument(
        "--opponents",
        choices=agents,
        default="greedy",
        help="the opponents' agent (default: greedy)",
    )
    _add_rules(play)
    play.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4, 6),
        default=4,
        help="the number of players (default: %(default)s)",
    )
    _seed_argument(play, "the deal and the bots")
    several = play.add_mutually_exclusive_group()
    several.add_argument(
        "--match", action="store_true", help="play hands until a team reaches the target"
    )
    several.add_argument(
        "--deals",
        type=int,
        choices=sorted(DEAL_TABLES),
        help="play a tournament match of this many deals, scored in victory points",
    )
    _unicode_argument(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game record to FILE (a match: every hand), even if left unfinished",
    )
    play.set_defaults(run=_play)


def _add_replay(commands: _Commands) -> None:
    replay = commands.add_parser(
        "replay",
        help="replay a game record",
        description=(
            "Read a game record (one hand or a match), check it, and print the table after "
            "each turn and the score sheet of each hand (with a match, the match sheet too)."
        ),
    )
    replay.add_argument("file", metavar="FILE", help='the record, or "-" for standard input')
    replay.add_argument(
        "--turn",
        type=_turn_option,
        metavar="N",
        help="print only the table after turn N (0: as dealt)",
    )
    replay.set_defaults(run=_replay)


def _add_validate(commands: _Commands) -> None:
    validate = commands.add_parser(
        "validate",
        help="check a meld",
        description=(
            "Check that cards form a legal meld and describe it: the meld in table order, its "
            "kind, its class and its points. Exit status 1 if it is illegal."
        ),
    )
    validate.add_argument(
        "cards", nargs="+", metavar="CARD", help="cards in notation, such as 5H 6H JK or JK=4H"
    )
    _add_rules(validate)
    validate.set_defaults(run=_validate)


def _add_score(commands: _Commands) -> None:
    score = commands.add_parser(
        "score",
        help="score a hand typed in as JSON",
        description="Score a hand from a JSON file and print the score sheet.",
        epilog=_SCORE_FORMAT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    score.add_argument("file", metavar="FILE", help='the JSON file, or "-" for standard input')
    _add_rules(score, default=None)
    score.set_defaults(run=_score)


def _add_simulate(commands: _Commands) -> None:
    simulate = commands.add_parser(
        "simulate",
        help="play many hands between bots and print statistics",
        description=(
            "Play many hands between bots and print statistics: how hands end, the closing "
            "rate, average scores, hand length and burracos. Hand i is dealt from (seed, i), "
            "so the figures depend only on the seed, never on --jobs. A progress bar is drawn "
            "on standard error when it is a terminal."
        ),
    )
    simulate.add_argument(
        "--hands", type=_positive, default=100, help="how many hands (default: %(default)s)"
    )
    simulate.add_argument(
        "--jobs", type=_positive, default=1, help="worker processes (default: %(default)s)"
    )
    _seed_argument(simulate, "the hands")
    simulate.add_argument(
        "--quiet", action="store_true", help="no progress bar or timing on standard error"
    )
    _add_table(simulate, "greedy,random")
    simulate.set_defaults(run=_simulate)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="burraco",
        description="The Burraco rules engine: play, check melds, score hands, simulate.",
        epilog="Run 'burraco COMMAND --help' for the options of a command.",
    )
    parser.add_argument("--version", action="version", version=f"burraco {__version__} ({_BUILD})")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_demo(commands)
    _add_play(commands)
    _add_replay(commands)
    _add_validate(commands)
    _add_score(commands)
    _add_tournament(commands)
    _add_simulate(commands)
    _add_duel(commands)
    _add_serve(commands)
    return parser


def _serve(args: argparse.Namespace) -> int:
    from burraco.server import serve

    try:
        serve(args.host, args.port, args.db, bot_delay=args.bot_delay)
    except ImportError as error:
        print(f"burraco serve: {error}", file=sys.stderr)
        return BAD_INPUT
    return OK


def _port(text: str) -> int:
    try:
        port = _whole_option(text)
    except argparse.ArgumentTypeError:
        port = -1
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return port


def _delay(text: str) -> float:
    try:
        delay = float(text)
    except ValueError:
        delay = -1.0
    if not 0 <= delay <= 10:
        raise argparse.ArgumentTypeError(f"a delay is from 0 to 10 seconds, not {text!r}")
    return delay


def _add_serve(commands: _Commands) -> None:
    serve = commands.add_parser(
        "serve",
        help="serve tables to play at in a browser (needs burraco[server])",
        description="Serve the Burraco page and its WebSocket protocol: create tables, play "
        "at them in a browser with people and bots. Tables are kept in an SQLite file and "
        "resume when the server starts again. Needs pip install 'burraco[server]'.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--db", default="burraco.sqlite3", metavar="PATH", help="the database of tables"
    )
    serve.add_argument(
        "--bot-delay",
        type=_delay,
        default=0.6,
        metavar="SECONDS",
        help="how long a bot waits before each action, so people can follow (default 0.6)",
    )
    serve.set_defaults(run=_serve)


def _quiet_broken_pipe() -> None:
    """The reader of standard output went away: send the rest of the output nowhere."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    No command prints the help, with the list of commands, and returns 0; ``--help`` and
    ``--version`` print and return 0; a usage error prints a message on standard error and
    returns 2. Ctrl-C prints ``interrupted`` on standard error and returns 130. When standard
    output is a pipe whose reader stops early (``burraco demo | head -1``), the command stops
    quietly and returns 0: the reader had what it wanted.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else BAD_INPUT
    if args.command is None:
        parser.print_help()
        return OK
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_broken_pipe()
        return OK
    return status
