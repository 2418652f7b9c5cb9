"""The options several commands share: the types of their values (a whole number, a seed, a
list of agents), the arguments they add to a command's parser, and what they build from them
(the rules, a fresh seed, each seat's agent)."""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from burraco.agents import AGENT_NAMES, Agent, make_agent
from burraco.errors import excerpt
from burraco.rules import PLAYER_COUNTS, PRESETS, Rules

__all__ = [
    "AGENTS_TEXT",
    "Commands",
    "add_rules",
    "add_seed",
    "add_table",
    "add_unicode",
    "agent_list",
    "fresh_seed",
    "positive",
    "rules_for",
    "seat_agent",
    "seat_agents",
    "seed_number",
    "whole_number",
]

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What each command's ``add_parser`` adds its parser to: the top-level parser's commands."""

AGENTS_TEXT: Final = "greedy, random, search or level1 to level6"
"""The names of :data:`~burraco.agents.AGENT_NAMES`, as a command's help says them."""


# --- the types of option values -----------------------------------------------------------------


def whole_number(text: str, what: str = "") -> int:
    """A number given on the command line: ASCII digits, at most 30, as in a game record (a
    minus sign, a space, another script's digits or ``_`` are not taken)."""
    if not re.fullmatch(r"[0-9]{1,30}", text, re.ASCII):
        raise argparse.ArgumentTypeError(
            f"{what or excerpt(text)} {'must be' if what else 'is not'} a whole number"
            + (f" of 0 or more, not {excerpt(text)}" if what else "")
        )
    return int(text)


def positive(text: str) -> int:
    """A whole number of 1 or more."""
    if text[:1] == "-" and text[1:].isdigit():
        raise argparse.ArgumentTypeError(f"must be at least 1, not {excerpt(text, quoted=False)}")
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seed_number(text: str) -> int:
    """The value of ``--seed``: a whole number."""
    return whole_number(text, "the seed")


def agent_list(text: str) -> tuple[str, ...]:
    """The value of ``--agents``: names of :data:`~burraco.agents.AGENT_NAMES`, comma-separated."""
    names = tuple(name.strip().lower() for name in text.split(","))
    for name in names:
        if name not in AGENT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown agent '{name}': choose from {', '.join(AGENT_NAMES)}"
            )
    return names


# --- the arguments several commands take --------------------------------------------------------


def add_rules(parser: argparse.ArgumentParser, *, default: str | None = "classic") -> None:
    """``--rules``: the name of a rule set of :data:`~burraco.rules.PRESETS`."""
    parser.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        default=default,
        help=f"the rule set (default: {default or 'as the file says, else classic'})",
    )


def add_table(parser: argparse.ArgumentParser, agents: str) -> None:
    """``--rules``, ``--players`` and ``--agents`` (by default ``agents``): a table of bots."""
    add_rules(parser)
    parser.add_argument(
        "--players",
        type=int,
        choices=PLAYER_COUNTS,
        help="the number of players (default: the rule set's, 4 but for fibur3 and fibur5)",
    )
    parser.add_argument(
        "--agents",
        type=agent_list,
        default=agent_list(agents),
        metavar="NAME,...",
        help=f"the agent of each seat, repeated cyclically: {AGENTS_TEXT} (default: {agents})",
    )


def add_seed(parser: argparse.ArgumentParser, what: str) -> None:
    """``--seed``, the seed of ``what``."""
    parser.add_argument(
        "--seed", type=seed_number, help=f"the seed of {what} (default: a random seed, printed)"
    )


def add_unicode(parser: argparse.ArgumentParser) -> None:
    """``--unicode``: suits printed as symbols."""
    parser.add_argument(
        "--unicode", action="store_true", help="print suits as symbols (7♥) instead of letters"
    )


# --- what the options build ---------------------------------------------------------------------


def rules_for(name: str, players: int | None = None) -> Rules:
    """The preset ``name``, for ``players`` players if given.

    Raises:
        ValueError: if the preset cannot seat ``players`` (``fibur3`` plays with 3 only,
            ``fibur5`` with 5).
    """
    rules = PRESETS[name]
    if players is not None and players != rules.players:
        try:
            rules = attrs.evolve(rules, players=players)
        except ValueError as error:
            raise ValueError(f"--rules {name} --players {players}: {error}") from None
    return rules


def fresh_seed() -> int:
    """A seed for a command given none (it prints it, so that the run can be repeated)."""
    return random.SystemRandom().randrange(1_000_000)


def seat_agent(name: str, seed: str) -> Agent:
    """The agent ``name``, one of :data:`~burraco.agents.AGENT_NAMES`, for a seat seeded
    ``seed`` (such as ``"7:2"``: the command's seed and the seat).

    ``greedy`` gets no seed: it breaks ties by notation order, as the command line's greedy
    players always have, so that a seed printed by an older version replays the same hand.
    """
    if name == "greedy":
        return make_agent(name)
    return make_agent(name, seed)


def seat_agents(names: Sequence[str], players: int, seed: str) -> list[Agent]:
    """One agent per seat, ``names`` taken cyclically; seat ``s`` is seeded ``f"{seed}:{s}"``."""
    return [seat_agent(names[seat % len(names)], f"{seed}:{seat}") for seat in range(players)]
