"""``burraco play``: a person plays a hand, or a match, against bots in the terminal."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Final

from burraco.actions import Action, AddToMeld, DrawStock, OpenMeld, TakeDiscardPile, parse_action
from burraco.agents import AGENT_NAMES, Agent, StepHook
from burraco.cards import CODE_KEY, format_cards, parse_card, split_notation, wild_role_conflict
from burraco.cli.language import error_text, say
from burraco.cli.options import (
    AGENTS_TEXT,
    Commands,
    add_rules,
    add_seed,
    add_unicode,
    fresh_seed,
    rules_for,
    seat_agent,
)
from burraco.cli.output import Printer, Turns, match_sheet, score_sheet
from burraco.cli.records import new_history, recording, write_record
from burraco.cli.status import BAD_INPUT, OK
from burraco.engine import (
    apply,
    call_time_out,
    check_action,
    legal_actions,
    new_game,
    resulting_meld,
)
from burraco.errors import IllegalActionError, NotationError
from burraco.i18n import DEFAULT_LOCALE, Locale
from burraco.match import DEAL_TABLES, Match
from burraco.melds import placed_wild
from burraco.rules import PLAYER_COUNTS, Partnerships
from burraco.scoring import score_hand
from burraco.state import GameState
from burraco.views import observe

__all__ = ["add_parser", "run"]

_EVENT: Final = ("Event", "burraco play")
"""The header that names the command in the records of single hands it writes."""


def add_parser(commands: Commands) -> None:
    """Add ``burraco play`` to ``commands``."""
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
    play.add_argument(
        "--partner",
        choices=AGENT_NAMES,
        default="greedy",
        metavar="AGENT",
        help=f"your partner's agent: {AGENTS_TEXT} (default: greedy)",
    )
    play.add_argument(
        "--opponents",
        choices=AGENT_NAMES,
        default="greedy",
        metavar="AGENT",
        help=f"the opponents' agent: {AGENTS_TEXT} (default: greedy)",
    )
    add_rules(play)
    play.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        help="the number of players (default: the rule set's, 4 but for fibur3 and fibur5)",
    )
    add_seed(play, "the deal and the bots")
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
    add_unicode(play)
    play.add_argument(
        "--record",
        metavar="FILE",
        help="also write the game record to FILE (a match: every hand), even if left unfinished",
    )
    play.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run ``burraco play``; return the exit status."""
    try:
        rules = rules_for(args.rules, args.players)
    except ValueError as error:
        print(f"burraco play: {error}", file=sys.stderr)
        return BAD_INPUT
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
    seed = args.seed if args.seed is not None else fresh_seed()
    human = args.seat
    fixed = rules.partnerships is Partnerships.FIXED  # else partners form during the hand
    names = [
        "you" if seat == human
        else args.partner if fixed and seat % rules.teams == human % rules.teams
        else args.opponents
        for seat in range(rules.players)
    ]  # fmt: skip
    agents: list[Agent | None] = [
        None if seat == human else seat_agent(names[seat], f"{seed}:{seat}")
        for seat in range(rules.players)
    ]
    show = Printer(args.unicode, args.lang)
    lang = show.locale
    mode = " --match" if args.match else f" --deals {args.deals}" if args.deals else ""
    show(
        f"burraco play --seed {seed} --rules {args.rules} --players {rules.players} "
        f"--seat {human} --partner {args.partner} --opponents {args.opponents}{mode}"
    )
    where = (
        say("cli.play.team", lang, n=human % rules.teams) if fixed else say("cli.play.alone", lang)
    )
    show(say("cli.play.you_are", lang, seat=human, where=where))
    several = args.match or args.deals is not None
    match = Match.start(rules, deals=args.deals) if several else None
    history = None if args.record is None else new_history(names)
    hand = 0
    try:
        while True:
            dealer = 0 if match is None else match.dealer
            dealt = rules if match is None else match.hand_rules  # everyone alone after a switch
            state = new_game(dealt, seed=f"{seed}:{hand}" if several else seed, dealer=dealer)
            if several:
                show()
                show(say("cli.play.hand", lang, n=hand + 1, dealer=dealer))
            turns = Turns(show, names)
            narrate = recording(history, turns.on_action)
            final = _play_out_with(state, agents, narrate, show, match)
            show()
            show(final)
            show()
            show(score_sheet(score_hand(final), lang))
            if match is None:
                break
            match = match.record(score_hand(final))
            show()
            show(match_sheet(match, lang))
            if match.is_over:
                break
            hand += 1
    except _QuitError:
        show(say("cli.play.unfinished", lang))
    if history is None or not len(history):
        return OK
    if several:
        text = str(history.match_record())
    else:
        text = str(history.record(seed=seed, headers=[_EVENT]))
    return write_record(args.record, text, "play")


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


def _wild_note(state: GameState, action: Action, locale: Locale = DEFAULT_LOCALE) -> str:
    """What the wild card of a meld action stands for, as ``"  (JK as 7H)"``; else ``""``."""
    meld = resulting_meld(state, action)
    if meld is None or not isinstance(action, OpenMeld | AddToMeld):
        return ""
    wild, _, stands_for = placed_wild(meld, action.cards).partition("=")
    if not wild:
        return ""
    if stands_for[-1] in "SHDC":  # a card of a run; a rank never ends in a suit's letter
        return say("cli.play.wild_as", locale, wild=wild, card=stands_for)
    article = "an" if stands_for[0] in "8A" else "a"
    return say(f"cli.play.wild_as_{article}", locale, wild=wild, rank=stands_for)


def _running_score(state: GameState, match: Match | None, locale: Locale = DEFAULT_LOCALE) -> str:
    """The score as the person sees it: points on the table, and the match totals."""
    seat = state.turn
    view = observe(state, seat)
    mine = state.team_of(seat)

    def named(values: Sequence[int], mine: int, side: str) -> str:
        yours = say(f"cli.play.your_{side}", locale)
        return ", ".join(
            say(
                "cli.play.points",
                locale,
                who=yours if index == mine else say(f"cli.play.{side}_n", locale, n=index),
                points=value,
            )
            for index, value in enumerate(values)
        )

    text = say("cli.play.on_the_table", locale, scores=named(view.table_points, mine, "team"))
    if match is not None and match.hands:
        if match.rules.partnerships is Partnerships.FIXED:
            totals = named(match.totals, mine, "team")
        else:  # rules §14: a total per player
            totals = named(match.totals, seat, "seat")
        text += say("cli.play.match_so_far", locale, scores=totals)
    return text


def _tell_person(before: GameState, action: Action, after: GameState, show: Printer) -> None:
    """Tell the person what their draw or pick put into their hand."""
    seat = before.turn
    if seat in after.unseen_pozzetto:
        return
    if isinstance(action, DrawStock):
        drawn = Counter(after.hands[seat]) - Counter(before.hands[seat])
        cards = format_cards(sorted(drawn.elements(), key=CODE_KEY))
        show(say("cli.play.you_drew", show.locale, cards=cards))
    elif isinstance(action, TakeDiscardPile):
        cards = format_cards(before.discard_pile)
        show(say("cli.play.pile_added", show.locale, cards=cards))


def _ask(
    state: GameState, actions: Sequence[Action], show: Printer, match: Match | None = None
) -> Action | None:
    """Show the person's view and read actions until one is legal; ``None`` when the person
    calls time (:func:`~burraco.call_time_out`)."""
    seat = state.turn
    lang = show.locale
    show()
    show(observe(state, seat))
    show(_running_score(state, match, lang))
    while True:
        text = _read_line(say("cli.play.prompt", lang)).strip()
        if not text:
            continue
        word = text.lower()
        if word in ("?", "list"):
            for number, action in enumerate(actions, 1):
                show(f"{number:>4}  {action}{_wild_note(state, action, lang)}")
            continue
        if word == "help":
            show(say("cli.play.help", lang))
            continue
        if word in ("quit", "exit"):
            raise _QuitError
        if word == "time":
            if state.time_out_turns:
                show(say("cli.play.time_already", lang, n=state.time_out_turns))
                continue
            return None
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            show(say("cli.play.no_action", lang, n=number, last=len(actions)))
            continue
        try:
            action = parse_action(text)
            check_action(state, action)
            conflict = _role_on_the_table(state, action, text)
        except NotationError as error:
            show(say("cli.play.try_list", lang, error=error_text(error, lang)))
            continue
        except IllegalActionError as error:
            reason = error_text(error, lang)
            if lang != "en":
                reason = say("cli.play.illegal", lang, reason=reason)
            show(say("cli.play.try_list", lang, error=reason))
            continue
        if conflict is not None:
            bad = say("cli.play.bad_action", lang, text=text, conflict=conflict)
            show(say("cli.play.try_list", lang, error=bad))
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
    show: Printer,
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
                show(say("cli.play.time_called", show.locale, n=state.time_out_turns))
                continue
            action = asked
        else:
            action = agent.choose(observe(state, state.turn), actions)
        after = apply(state, action)
        if agent is None:
            _tell_person(state, action, after, show)
        on_action(state, action, after)
        state = after
