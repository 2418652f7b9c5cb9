"""Duplicate-deal duels: how much stronger is one agent than another?

:func:`play_duel` deals ``deals`` hands and plays each of them twice: first with agent A's
team on team 0 and agent B's on team 1, then with the teams swapping seats, so that each
agent plays both sides of the same cards. The luck of the deal cancels out of the difference,
and what is left is skill. The result, a :class:`DuelResult`, gives the points per hand that A
scores more than B with a 95% confidence interval over the deal pairs, the hand win rate, the
closing rate, burracos per hand, seconds per decision and tournament victory points.

With three or five players (everyone alone, or the clubs' method of rules §14 where pairs form
during the hand: :data:`~burraco.FIBUR3`, :data:`~burraco.FIBUR5`) there are no two teams to
swap: each deal is played ``2 × players`` times instead, rotating who sits where: A alone at
seat 0 among B's, then B alone at seat 0 among A's, then the same at seat 1, and so on. Each
hand compares the two agents' match points per seat (:attr:`~burraco.HandScore.seat_points`:
a partner's half of the pair's score), averaged over the seats each agent holds.

Everything is seeded: deal ``i`` is dealt from ``f"{seed}:{i}"`` and every agent is built
afresh for each hand with a seed derived from ``(seed, i, hand, seat)``, so a duel repeats
exactly, whatever the number of worker processes and whether it runs on a Ray cluster (only
the measured times differ).

>>> result = play_duel("greedy", "random", deals=4, seed=1)
>>> result.points_per_hand > 0, len(result.deals), len(result.deals[0].hands)
(True, 4, 2)

Agents are named by :func:`make_agent` specifications: ``"random"``, ``"greedy"``,
``"search"``, ``"search(simulations=64)"``, the fixed levels ``"level1"`` to ``"level6"``,
or ``"package.module:Class"`` for one's own agent class (keyword arguments may follow in
brackets as well). A callable that takes a seed and
returns an agent (such as an agent class) may be given instead of a name.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeAlias

import attrs

from burraco.actions import ACTION_TYPES, Action
from burraco.agents import AGENT_NAMES as AGENT_NAMES
from burraco.agents import Agent, play_out
from burraco.agents import make_agent as make_agent
from burraco.engine import new_game
from burraco.errors import AgentError
from burraco.match import THREE_DEALS, VictoryTable, victory_points
from burraco.rules import CLASSIC, Rules
from burraco.scoring import score_hand
from burraco.state import EndReason
from burraco.views import PlayerView

__all__ = [
    "AgentSpec",
    "DuelDeal",
    "DuelHand",
    "DuelResult",
    "ProgressBar",
    "play_duel",
    "play_duel_deal",
    "rotation",
]

AgentSpec: TypeAlias = str | Callable[[int], Agent]
"""An agent for a duel: a name for :func:`make_agent`, or a callable that builds an agent
from a whole-number seed (an agent class whose first parameter is the seed will do). A
callable must be picklable (defined at module level) to run in worker processes or on Ray."""

_T_975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""The 97.5% quantile of Student's t distribution with 1 to 30 degrees of freedom."""


def _build(spec: AgentSpec, seed: int) -> Agent:
    return make_agent(spec, seed) if isinstance(spec, str) else spec(seed)


def _spec_name(spec: AgentSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "__qualname__", None) or repr(spec))


# --- one deal -----------------------------------------------------------------------------------


class _Clocked:
    """An agent wrapper that counts decisions and the seconds spent on them.

    A decision is a call with at least two legal actions; a forced move is not timed.
    """

    __slots__ = ("agent", "cpu_seconds", "decisions", "seconds")

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.decisions = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) < 2:
            return self.agent.choose(view, legal_actions)
        start, cpu = time.perf_counter(), time.thread_time()
        action = self.agent.choose(view, legal_actions)
        self.seconds += time.perf_counter() - start
        self.cpu_seconds += time.thread_time() - cpu
        self.decisions += 1
        return action


@attrs.frozen
class DuelHand:
    """One hand of a deal pair, seen from the two agents: A's figures first, then B's."""

    a_team: int
    """The team (0 or 1) that agent A's seats formed in this hand (0 in a duel of three or five
    seats, where :attr:`a_seats` says where A sat)."""
    points: tuple[float, float]
    """The hand's score of A's team and of B's team (whole numbers); with three or five seats,
    the match points per seat of A's seats and of B's, each averaged over its seats."""
    end: EndReason
    """How the hand ended."""
    closed_by: int | None
    """0 if A's team closed, 1 if B's team did, ``None`` if nobody closed."""
    burracos: tuple[int, int]
    """Burracos on the table at the end, A's team and B's team."""
    decisions: tuple[int, int]
    """Decisions (choices among two or more legal actions) made by A's and by B's seats."""
    seconds: tuple[float, float] = attrs.field(eq=False)
    """Seconds A's and B's seats spent deciding (measured, so left out of equality)."""
    cpu_seconds: tuple[float, float] = attrs.field(default=(0.0, 0.0), eq=False)
    """Processor seconds of those decisions: unlike :attr:`seconds`, hardly affected by other
    programs competing for the processor (left out of equality)."""
    a_seats: tuple[int, ...] = ()
    """The seats agent A played (in a duel of two teams, those of :attr:`a_team`)."""

    @property
    def difference(self) -> float:
        """A's points minus B's."""
        return self.points[0] - self.points[1]


@attrs.frozen
class DuelDeal:
    """One deal played twice, the teams swapping seats between the two hands (or, with three
    or five seats, ``2 × players`` times, rotating who sits where)."""

    index: int
    """The deal's number in the duel (its cards come from ``f"{seed}:{index}"``)."""
    hands: tuple[DuelHand, ...]
    """The hand with A on team 0, then the hand with A on team 1 (with three or five seats:
    A alone at seat 0, B alone at seat 0, A alone at seat 1, ...)."""

    @property
    def difference(self) -> float:
        """A's points minus B's per hand, averaged over the hands of the deal."""
        return math.fsum(hand.difference for hand in self.hands) / len(self.hands)

    def victory_points(self, table: VictoryTable = THREE_DEALS) -> tuple[int, int]:
        """The victory points (A's, B's) of the deal pair scored as a match on ``table``:
        the difference is A's total over both hands minus B's (with three or five seats,
        twice the mean difference per hand, rounded, as over a pair of hands)."""
        if len(self.hands) == 2:
            net: float = self.hands[0].difference + self.hands[1].difference
        else:
            net = 2 * self.difference
        high, low = victory_points(round(abs(net)), table)
        return (high, low) if net >= 0 else (low, high)


def _agent_seed(seed: int, index: int, hand: int, seat: int) -> int:
    return random.Random(f"burraco-duel:{seed}:{index}:{hand}:{seat}").getrandbits(32)


def play_duel_deal(
    a: AgentSpec, b: AgentSpec, index: int, *, seed: int = 0, rules: Rules = CLASSIC
) -> DuelDeal:
    """Play deal ``index`` of a duel twice, A on team 0 and then on team 1.

    The result depends only on the arguments (and the agents' own determinism), never on
    where or when the deal is played: this is the unit of work that :func:`play_duel`
    hands to worker processes or Ray tasks. The dealer is ``index % players``.

    With three or five players the deal is played ``2 × players`` times instead, rotating
    who sits where (see the module's documentation).

    Raises:
        ValueError: if ``rules`` seat neither exactly two teams nor three or five players, or
            an agent spec is bad.
        AgentError: if an agent chooses an illegal action or raises: ``agent`` is its name
            in the duel, ``deal`` the deal's number and ``hand`` 0 or 1 (with three or five
            seats, the hand's number in the rotation).
    """
    if rules.players in (3, 5):
        return _play_rotated_deal(a, b, index, seed=seed, rules=rules)
    if rules.teams != 2:
        raise ValueError(
            f"a duel needs two teams (2 or 4 players) or three or five players alone or in "
            f"pairs formed during the hand, not {rules.teams} teams ({rules.players} players)"
        )
    hands = []
    for hand, a_team in enumerate((0, 1)):
        agents = [
            _Clocked(_build(a if seat % 2 == a_team else b, _agent_seed(seed, index, hand, seat)))
            for seat in range(rules.players)
        ]
        start = new_game(rules, seed=f"{seed}:{index}", dealer=index % rules.players)
        try:
            final = play_out(start, agents)
        except AgentError as error:
            spec = a if error.seat % 2 == a_team else b
            action = error.action
            if action is not None and not isinstance(action, ACTION_TYPES):
                action = repr(action)[:120]  # a returned object may not cross processes
            raise error.in_context(
                agent=_spec_name(spec), deal=index, hand=hand, action=action
            ) from error.__cause__
        outcome = final.outcome
        assert outcome is not None
        totals = score_hand(final).totals
        sides = (a_team, 1 - a_team)
        teams_of = [[clocked for s, clocked in enumerate(agents) if s % 2 == t] for t in sides]
        closer = None if outcome.closer is None else final.team_of(outcome.closer)
        hands.append(
            DuelHand(
                a_team=a_team,
                points=(totals[sides[0]], totals[sides[1]]),
                end=outcome.reason,
                closed_by=None if closer is None else sides.index(closer),
                burracos=(
                    sum(meld.is_burraco for meld in final.melds[sides[0]]),
                    sum(meld.is_burraco for meld in final.melds[sides[1]]),
                ),
                decisions=(
                    sum(c.decisions for c in teams_of[0]),
                    sum(c.decisions for c in teams_of[1]),
                ),
                seconds=(
                    sum(c.seconds for c in teams_of[0]),
                    sum(c.seconds for c in teams_of[1]),
                ),
                cpu_seconds=(
                    sum(c.cpu_seconds for c in teams_of[0]),
                    sum(c.cpu_seconds for c in teams_of[1]),
                ),
                a_seats=tuple(seat for seat in range(rules.players) if seat % 2 == a_team),
            )
        )
    return DuelDeal(index=index, hands=(hands[0], hands[1]))


def rotation(players: int) -> list[tuple[int, ...]]:
    """The seats agent A holds in each hand of a deal of a duel of three or five seats: alone
    at seat 0, everywhere but seat 0, alone at seat 1, and so on, so that each agent sits at
    each seat as often, alone among the other agent's as often, and against the same cards.

    >>> rotation(3)
    [(0,), (1, 2), (1,), (0, 2), (2,), (0, 1)]
    """
    seatings: list[tuple[int, ...]] = []
    for seat in range(players):
        seatings.append((seat,))
        seatings.append(tuple(other for other in range(players) if other != seat))
    return seatings


def _play_rotated_deal(
    a: AgentSpec, b: AgentSpec, index: int, *, seed: int, rules: Rules
) -> DuelDeal:
    """:func:`play_duel_deal` for three or five seats: the deal played once per seating of
    :func:`rotation`, each hand scored by the agents' match points per seat."""
    hands = []
    for hand, a_seats in enumerate(rotation(rules.players)):
        agents = [
            _Clocked(_build(a if seat in a_seats else b, _agent_seed(seed, index, hand, seat)))
            for seat in range(rules.players)
        ]
        start = new_game(rules, seed=f"{seed}:{index}", dealer=index % rules.players)
        try:
            final = play_out(start, agents)
        except AgentError as error:
            spec = a if error.seat in a_seats else b
            action = error.action
            if action is not None and not isinstance(action, ACTION_TYPES):
                action = repr(action)[:120]  # a returned object may not cross processes
            raise error.in_context(
                agent=_spec_name(spec), deal=index, hand=hand, action=action
            ) from error.__cause__
        outcome = final.outcome
        assert outcome is not None
        points = score_hand(final).seat_points
        sides = (a_seats, tuple(seat for seat in range(rules.players) if seat not in a_seats))
        closer = outcome.closer
        burracos = [sum(meld.is_burraco for meld in melds) for melds in final.melds]
        hands.append(
            DuelHand(
                a_team=0,
                points=(
                    _mean(points[seat] for seat in sides[0]),
                    _mean(points[seat] for seat in sides[1]),
                ),
                end=outcome.reason,
                closed_by=None if closer is None else 0 if closer in a_seats else 1,
                burracos=(
                    sum(burracos[team] for team in {final.team_of(seat) for seat in sides[0]}),
                    sum(burracos[team] for team in {final.team_of(seat) for seat in sides[1]}),
                ),
                decisions=(
                    sum(agents[seat].decisions for seat in sides[0]),
                    sum(agents[seat].decisions for seat in sides[1]),
                ),
                seconds=(
                    sum(agents[seat].seconds for seat in sides[0]),
                    sum(agents[seat].seconds for seat in sides[1]),
                ),
                cpu_seconds=(
                    sum(agents[seat].cpu_seconds for seat in sides[0]),
                    sum(agents[seat].cpu_seconds for seat in sides[1]),
                ),
                a_seats=a_seats,
            )
        )
    return DuelDeal(index=index, hands=tuple(hands))


# --- the result ---------------------------------------------------------------------------------


def _mean(values: Iterable[float]) -> float:
    """The mean, as :func:`statistics.fmean` computes it (``math.fsum`` over the count)."""
    listed = list(values)
    return math.fsum(listed) / len(listed)


def _stdev(values: Sequence[float]) -> float:
    """The sample standard deviation (:func:`statistics.stdev`, imported only when needed:
    :mod:`statistics` is a costly import for every user of the library)."""
    import statistics

    return statistics.stdev(values)


def _t_quantile(freedom: int) -> float:
    """The 97.5% quantile of Student's t with ``freedom`` degrees of freedom."""
    if freedom <= len(_T_975):
        return _T_975[freedom - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * freedom**2)


def _pair(values: Iterator[float] | list[float], count: int) -> tuple[float, float]:
    total = [0.0, 0.0]
    for index, value in enumerate(values):
        total[index % 2] += value
    return (total[0] / count, total[1] / count) if count else (0.0, 0.0)


@attrs.frozen
class DuelResult:
    """The outcome of a duel between agent A and agent B: every deal, and the statistics.

    Pairs of figures are (A's, B's). Results of two runs with the same agents, deals, seed and
    rules compare equal, whether they ran in one process, several, or on Ray: the measured
    times (:attr:`seconds_per_decision`, :attr:`cpu_seconds_per_decision`, :attr:`elapsed`)
    are left out of equality.
    """

    a: str
    """Agent A's specification (or the name of its factory)."""
    b: str
    """Agent B's specification (or the name of its factory)."""
    seed: int
    """The duel's seed."""
    rules: Rules
    """The rules the hands were played under."""
    deals: tuple[DuelDeal, ...]
    """Every deal pair, in order of index."""
    elapsed: float = attrs.field(default=0.0, eq=False)
    """Wall-clock seconds the whole duel took."""
    workers: str = attrs.field(default="1 process", eq=False)
    """Where the deals ran, such as ``"2 processes"`` or ``"ray"``."""

    @property
    def hands(self) -> tuple[DuelHand, ...]:
        """Every hand, two per deal."""
        return tuple(hand for deal in self.deals for hand in deal.hands)

    @property
    def points_per_hand(self) -> float:
        """The mean over the deal pairs of A's points minus B's per hand."""
        return _mean(deal.difference for deal in self.deals)

    @property
    def standard_error(self) -> float | None:
        """The standard error of :attr:`points_per_hand` over the deal pairs (``None`` with
        a single deal)."""
        if len(self.deals) < 2:
            return None
        return _stdev([deal.difference for deal in self.deals]) / math.sqrt(len(self.deals))

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% confidence interval of :attr:`points_per_hand`, by Student's t over the
        deal pairs (``None`` with a single deal)."""
        error = self.standard_error
        if error is None:
            return None
        half = _t_quantile(len(self.deals) - 1) * error
        mean = self.points_per_hand
        return (mean - half, mean + half)

    @property
    def hand_win_rate(self) -> float:
        """The share of hands where A's team scored more than B's, a tie counting half."""
        hands = self.hands
        wins = sum(1.0 if h.difference > 0 else 0.5 if h.difference == 0 else 0.0 for h in hands)
        return wins / len(hands)

    @property
    def score_per_hand(self) -> tuple[float, float]:
        """The average hand score of A's team and of B's team."""
        hands = self.hands
        return (
            _mean(h.points[0] for h in hands),
            _mean(h.points[1] for h in hands),
        )

    @property
    def closing_rate(self) -> tuple[float, float]:
        """The share of hands closed by A's team and by B's team."""
        hands = self.hands
        return (
            sum(h.closed_by == 0 for h in hands) / len(hands),
            sum(h.closed_by == 1 for h in hands) / len(hands),
        )

    @property
    def burracos_per_hand(self) -> tuple[float, float]:
        """Burracos per hand laid by A's team and by B's team."""
        hands = self.hands
        return (
            _mean(h.burracos[0] for h in hands),
            _mean(h.burracos[1] for h in hands),
        )

    @property
    def decisions_per_hand(self) -> tuple[float, float]:
        """Decisions per hand (choices among two or more actions) of A's seats and B's."""
        hands = self.hands
        return (
            _mean(h.decisions[0] for h in hands),
            _mean(h.decisions[1] for h in hands),
        )

    @property
    def seconds_per_decision(self) -> tuple[float, float]:
        """The average seconds A and B spent on a decision (measured: depends on the load)."""
        hands = self.hands
        result = []
        for side in (0, 1):
            decisions = sum(h.decisions[side] for h in hands)
            seconds = sum(h.seconds[side] for h in hands)
            result.append(seconds / decisions if decisions else 0.0)
        return (result[0], result[1])

    @property
    def cpu_seconds_per_decision(self) -> tuple[float, float]:
        """The average processor seconds A and B spent on a decision: what an idle core
        would take, near enough, even when other programs share the processor."""
        hands = self.hands
        result = []
        for side in (0, 1):
            decisions = sum(h.decisions[side] for h in hands)
            seconds = sum(h.cpu_seconds[side] for h in hands)
            result.append(seconds / decisions if decisions else 0.0)
        return (result[0], result[1])

    def victory_points(self, table: VictoryTable = THREE_DEALS) -> tuple[float, float]:
        """The average victory points (A's, B's) per deal pair, each pair scored as a match
        on ``table`` (by default the 3-deal table, where 10–10 is a draw)."""
        points = [deal.victory_points(table) for deal in self.deals]
        return (
            _mean(p[0] for p in points),
            _mean(p[1] for p in points),
        )

    def summary(self) -> dict[str, Any]:
        """The statistics as a JSON-ready dictionary (what ``burraco duel --json`` prints)."""
        interval = self.interval
        error = self.standard_error

        def both(values: tuple[float, float], digits: int) -> dict[str, float]:
            return {"a": round(values[0], digits), "b": round(values[1], digits)}

        return {
            "a": self.a,
            "b": self.b,
            "rules": self.rules.name,
            "players": self.rules.players,
            "seed": self.seed,
            "deals": len(self.deals),
            "hands": len(self.hands),
            "points_per_hand": round(self.points_per_hand, 2),
            "ci95": None if interval is None else [round(interval[0], 2), round(interval[1], 2)],
            "standard_error": None if error is None else round(error, 2),
            "hand_win_rate": round(self.hand_win_rate, 4),
            "score_per_hand": both(self.score_per_hand, 2),
            "closing_rate": both(self.closing_rate, 4),
            "burracos_per_hand": both(self.burracos_per_hand, 3),
            "victory_points": both(self.victory_points(), 3),
            "decisions_per_hand": both(self.decisions_per_hand, 2),
            "seconds_per_decision": both(self.seconds_per_decision, 5),
            "cpu_seconds_per_decision": both(self.cpu_seconds_per_decision, 5),
            "elapsed_seconds": round(self.elapsed, 2),
            "workers": self.workers,
        }

    def __str__(self) -> str:
        interval = self.interval
        ci = "n/a" if interval is None else f"[{interval[0]:+.1f}, {interval[1]:+.1f}]"
        rows = [
            ("score per hand", self.score_per_hand, "{:.1f}"),
            ("closing rate", self.closing_rate, "{:.1%}"),
            ("burracos per hand", self.burracos_per_hand, "{:.2f}"),
            ("victory points per deal pair", self.victory_points(), "{:.2f}"),
            ("decisions per hand", self.decisions_per_hand, "{:.1f}"),
            ("seconds per decision", self.seconds_per_decision, "{:.4f}"),
            ("CPU seconds per decision", self.cpu_seconds_per_decision, "{:.4f}"),
        ]
        width = max(len(label) for label, _, _ in rows)
        a_width = max(len(self.a), 8)
        pairs = "deal pairs" if len(self.hands) == 2 * len(self.deals) else "deals"
        lines = [
            f"duel: A = {self.a}, B = {self.b}",
            f"{len(self.deals)} {pairs} ({len(self.hands)} hands), {self.rules.name} rules, "
            f"{self.rules.players} players, seed {self.seed}",
            "",
            f"A - B: {self.points_per_hand:+.1f} points per hand, 95% CI {ci}",
            f"hands won by A: {self.hand_win_rate:.1%}",
            "",
            f"{'':{width}}  {'A':>{a_width}}  B",
        ]
        for label, (first, second), form in rows:
            lines.append(f"{label:{width}}  {form.format(first):>{a_width}}  {form.format(second)}")
        lines.append("")
        lines.append(f"{self.elapsed:.1f} s on {self.workers}")
        return "\n".join(lines)


# --- running many deals -------------------------------------------------------------------------

_Job: TypeAlias = tuple[AgentSpec, AgentSpec, tuple[int, ...], int, Rules]


def _play_chunk(job: _Job) -> list[DuelDeal | AgentError]:
    """The deals of ``job``; a deal in which an agent failed gives its error instead (returned,
    not raised, so that the other deals of the chunk are kept)."""
    a, b, indexes, seed, rules = job
    played: list[DuelDeal | AgentError] = []
    for index in indexes:
        try:
            played.append(play_duel_deal(a, b, index, seed=seed, rules=rules))
        except AgentError as error:
            played.append(error)
    return played


def _chunks(deals: int, size: int) -> list[tuple[int, ...]]:
    return [tuple(range(start, min(start + size, deals))) for start in range(0, deals, size)]


def _run_processes(jobs: list[_Job], workers: int) -> Iterator[list[DuelDeal | AgentError]]:
    if workers == 1:
        yield from map(_play_chunk, jobs)
        return
    from concurrent.futures import ProcessPoolExecutor  # only when asked: a costly import

    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play_chunk, jobs)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ImportError(
            "running a duel on Ray needs the ray package: pip install 'burraco[ray]'"
        ) from None
    return ray


def _run_ray(
    jobs: list[_Job], address: str | None, workers: int
) -> Iterator[list[DuelDeal | AgentError]]:
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"address": address, "include_dashboard": False}
        if address is None and workers > 1:
            options["num_cpus"] = workers
        if address is None:
            options["log_to_driver"] = False
        ray.init(**options)
    try:
        remote = ray.remote(_play_chunk)
        pending = {remote.remote(job): position for position, job in enumerate(jobs)}
        done: dict[int, list[DuelDeal | AgentError]] = {}
        following = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                done[pending.pop(ref)] = ray.get(ref)
            while following in done:  # hand results on in order, as the processes do
                yield done.pop(following)
                following += 1
    finally:
        if started:
            ray.shutdown()


def play_duel(
    a: AgentSpec,
    b: AgentSpec,
    *,
    deals: int = 100,
    seed: int = 0,
    rules: Rules = CLASSIC,
    jobs: int = 1,
    ray: bool | str = False,
    progress: Callable[[int, int], None] | None = None,
) -> DuelResult:
    """Play a duplicate duel of ``deals`` deal pairs between agents ``a`` and ``b``.

    Each deal is played twice, A's team on team 0 and then on team 1 (see the module
    docstring); the statistics are on :class:`DuelResult`.

    Args:
        a, b: the agents, as :data:`AgentSpec` values (``"greedy"``, ``"search"``,
            ``"mymodule:MyAgent"``, or a picklable callable from a seed to an agent).
        deals: how many deals (each is played twice).
        seed: the duel's seed; the same seed gives the same duel.
        rules: the rules; they must seat two teams (2 or 4 players).
        jobs: worker processes on this machine (1 plays in this process). With ``ray`` and
            no running Ray instance, the number of CPUs of the local instance it starts.
        ray: ``True`` to run the deals as Ray tasks on the Ray instance this process is
            connected to, or on a new local one (``ray.init()``, which also honours
            ``RAY_ADDRESS``); a string is the address of a running cluster, such as
            ``"auto"`` or ``"ray://head:10001"``. Needs ``pip install 'burraco[ray]'``.
            Agents named ``module:Class`` must be importable on the cluster's workers.
        progress: called with (deal pairs done, deal pairs in all) as results come in.

    Raises:
        ValueError: for bad arguments or agent specifications (checked before any deal
            is played).
        ImportError: if ``ray`` is asked for and not installed.
        AgentError: if an agent chose an illegal action or raised in some deal, once every
            deal is played: the error of the first such deal (its ``agent``, ``seat``,
            ``deal`` and ``hand``), whose ``partial`` is the :class:`DuelResult` of the deals
            that were played to the end.
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"a duel needs at least one deal, not {deals!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    if rules.teams != 2 and rules.players not in (3, 5):
        raise ValueError(
            f"a duel needs two teams (2 or 4 players), or 3 or 5 players, not {rules.teams} "
            f"teams ({rules.players} players)"
        )
    for spec in (a, b):
        _build(spec, 0)  # fail early, here, on a bad specification
    # one deal per task keeps the progress bar moving; tiny tasks would waste pool overhead
    size = 1 if ray or jobs == 1 else max(1, min(10, deals // (jobs * 8)))
    jobs_list: list[_Job] = [(a, b, chunk, seed, rules) for chunk in _chunks(deals, size)]
    start = time.perf_counter()
    if ray:
        results = _run_ray(jobs_list, None if ray is True else ray, jobs)
        workers = "ray" if ray is True else f"ray at {ray}"
    else:
        results = _run_processes(jobs_list, jobs)
        workers = f"{jobs} process{'es' if jobs > 1 else ''}"
    played: list[DuelDeal] = []
    failed: list[AgentError] = []
    if progress is not None:
        progress(0, deals)
    for chunk in results:
        for deal in chunk:
            if isinstance(deal, AgentError):
                failed.append(deal)
            else:
                played.append(deal)
        if progress is not None:
            progress(len(played) + len(failed), deals)
    result = DuelResult(
        a=_spec_name(a),
        b=_spec_name(b),
        seed=seed,
        rules=rules,
        deals=tuple(played),
        elapsed=time.perf_counter() - start,
        workers=workers,
    )
    if failed:
        raise failed[0].in_context(partial=result)
    return result


class ProgressBar:
    """A one-line progress bar: :func:`play_duel`'s ``progress`` argument, and ``burraco
    simulate``'s bar.

    It writes to ``stream`` (standard error by default), redraws at most ten times a second,
    and shows what is done (counted in ``unit``), the time so far and an estimate of the time
    left. Call it as ``bar(done, total)``; :meth:`interrupt` ends a half-drawn line, so that
    what is printed next (say, after Ctrl-C) starts on a line of its own.
    """

    def __init__(
        self, stream: Any = None, *, label: str = "duel", unit: str = "deal pairs"
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.label = label
        self.unit = unit
        self.start = time.perf_counter()
        self.shown = -1.0
        self.open_line = False

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.shown < 0.1:
            return
        self.shown = now
        width = 30
        filled = width * done // total if total else width
        elapsed = now - self.start
        left = f", about {elapsed * (total - done) / done:.0f} s left" if 0 < done < total else ""
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'-' * (width - filled)}] {done}/{total} {self.unit}, "
            f"{elapsed:.1f} s{left}   "
        )
        self.open_line = done < total
        if not self.open_line:
            self.stream.write("\n")
        self.stream.flush()

    def interrupt(self) -> None:
        """End the bar's line if it is half drawn."""
        if self.open_line:
            self.stream.write("\n")
            self.stream.flush()
            self.open_line = False
